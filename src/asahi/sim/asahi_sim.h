/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The USC interpreter: executes AGX machine code for one SIMD group of 32
 * lanes, decoding with src/asahi/isa (the only description of the
 * instruction set).  See docs/simulator.rst for what is modelled and where
 * each semantic comes from.
 *
 * Usage: fill a struct asahi_sim_group (asahi_sim_group_init() gives all
 * lanes active, r0l = 0), point it at code with asahi_sim_set_code(), give it
 * memory with a struct asahi_sim_mem, then asahi_sim_run() or
 * asahi_sim_step().  Nothing here aborts on bad code: errors come back as
 * an asahi_sim_status with a message in group->error.
 */

#ifndef ASAHI_SIM_H
#define ASAHI_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asahi/isa/agx_isa.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ASAHI_SIM_LANES 32
#define ASAHI_SIM_GPRS 128
#define ASAHI_SIM_UNIFORMS 256
#define ASAHI_SIM_MAX_BREAKPOINTS 16
/* Direct-mapped by pc / 2: programs of up to 1 KiB of code decode each
 * instruction once (the fixed-function vertex programs, about 750 bytes,
 * thrashed a cache of 128). */
#define ASAHI_SIM_DECODE_CACHE    512

/* Decoded instructions by pc (direct-mapped); tag is pc + 1, 0 = empty.
 * bytes: the code the decoding came from (nr_bytes of it, at most an
 * instruction's longest), checked again when epoch is not the group's
 * code_epoch (see asahi_sim_code_may_change). */
struct asahi_sim_decoded {
   uint64_t tag;
   uint32_t epoch;
   uint8_t nr_bytes;
   uint8_t bytes[AGX_ISA_MAX_LENGTH];
   struct agx_isa_instr instr;
};

enum asahi_sim_status {
   /* Still running (step budget used up by asahi_sim_step). */
   ASAHI_SIM_RUNNING = 0,
   /* Reached `stop`. */
   ASAHI_SIM_STOPPED,
   /* About to execute an instruction at a breakpoint. */
   ASAHI_SIM_BREAKPOINT,
   /* A memory access outside mapped memory (soft faults off). */
   ASAHI_SIM_FAULT,
   /* The instruction budget ran out: a runaway shader. */
   ASAHI_SIM_BUDGET,
   /* The bytes at pc do not decode, or decode to something undefined. */
   ASAHI_SIM_ERR_DECODE,
   /* A valid instruction the simulator does not execute (yet). */
   ASAHI_SIM_ERR_UNSUPPORTED,
   /* `trap`, a bad call/return target or another architectural error. */
   ASAHI_SIM_ERR_EXEC,
   /* Reached threadgroup_barrier with g->yield_at_barrier set (pc is past
    * it): the caller runs the threadgroup's other SIMD groups up to the
    * barrier, then resumes this one. */
   ASAHI_SIM_BARRIER,
};

const char *asahi_sim_status_string(enum asahi_sim_status status);

/* Who made a memory access, for fault reports. */
enum asahi_sim_unit {
   ASAHI_SIM_UNIT_FETCH = 0, /* instruction fetch */
   ASAHI_SIM_UNIT_DEVICE,    /* device_load / device_store / atomics */
   ASAHI_SIM_UNIT_STACK,     /* stack (scratch) memory */
   ASAHI_SIM_UNIT_LOCAL,     /* threadgroup (local) memory */
   ASAHI_SIM_UNIT_TEXTURE,   /* the default texture hooks */
};

const char *asahi_sim_unit_string(enum asahi_sim_unit unit);

struct asahi_sim_fault {
   uint64_t addr;
   bool write;
   enum asahi_sim_unit unit;
};

/*
 * Memory as the caller sees it.  translate() returns a host pointer to
 * `size` bytes at GPU virtual address `va` when all of them are mapped with
 * the needed permission, else NULL (a GPU fault).  The simulator never
 * touches host memory it was not given.
 */
struct asahi_sim_mem {
   void *(*translate)(void *user, uint64_t va, size_t size, bool write);
   void *user;
   /* Soft faults: a read outside mapped memory reads zero and a write is
    * dropped, instead of stopping with ASAHI_SIM_FAULT.  The first such
    * access is still recorded in group->fault. */
   bool soft_faults;
   /* Optional, and preferred to translate when set: a host pointer to va
    * and, in *avail, how many bytes from there are mapped contiguously
    * with the permission asked for (NULL when va is not mapped so).  The
    * map must not change while a group runs: the group keeps the spans
    * it found (asahi_sim_group.spans) until it is reset. */
   void *(*lookup)(void *user, uint64_t va, bool write, uint64_t *avail);
};

/* A simple memory for tools and tests: a list of host buffers. */
struct asahi_sim_region {
   uint64_t va;
   size_t size;
   uint8_t *data;
   bool writable;
};

struct asahi_sim_simple_mem {
   struct asahi_sim_region *regions;
   unsigned nr_regions;
};

void *asahi_sim_simple_translate(void *user, uint64_t va, size_t size,
                                 bool write);

/* Special registers that come from the dispatch (get_sr). */
struct asahi_sim_texture_hooks;

struct asahi_sim_dispatch {
   uint32_t threadgroup_position[3];    /* sr0..2 */
   uint32_t threads_per_threadgroup[3]; /* sr4..6 */
   uint32_t dispatch_threads_per_tg[3]; /* sr8..10 */
   uint32_t core_index;                 /* sr20 */
   uint32_t vm_slot;                    /* sr21 */
   /* thread_position_in_threadgroup of lane 0; lanes follow in x order. */
   uint32_t first_thread_in_threadgroup; /* linear index of lane 0 */
   uint32_t simdgroup_index;             /* sr53 */
   /* Per lane: the samples of its pixel the fragment covers (sr60 /
    * sr124, internal_coverage_mask / input_sample_mask in Mesa's sr
    * names). */
   uint32_t coverage_mask[ASAHI_SIM_LANES];
   uint32_t backfacing;                  /* sr62 */
   /* Helper lanes (fragment quads' uncovered pixels): sr63 reads 0. */
   uint32_t helper_mask;
   /* thread_position_in_grid of each lane (sr80..82); by default lane t has
    * x = t, y = z = 0. */
   uint32_t grid_position[ASAHI_SIM_LANES][3];
};

/*
 * Fragment work (see docs/simulator.rst, "Fragment interfaces").  Lane t
 * shades the pixel pixel[t] of the framebuffer.
 */
#define ASAHI_SIM_MAX_SAMPLES 16

struct asahi_sim_tilebuffer {
   /* Host pointer to `size` bytes at byte offset `offset_B` of the storage
    * of sample `sample` of pixel (x, y), or NULL when that is outside the
    * tilebuffer (an error stops the run). */
   void *(*sample_ptr)(void *user, unsigned x, unsigned y, unsigned sample,
                       unsigned offset_B, size_t size);
   void *user;
   /* Optional (NULL base: sample_ptr alone): the same tilebuffer as one
    * array of width x height pixels from (x0, y0), row-major, each pixel
    * `samples` samples of sample_size_B bytes, which
    * asahi_sim_tile_sample_ptr addresses without calling sample_ptr. */
   uint8_t *base;
   unsigned x0, y0, width, height, samples, sample_size_B;
   /* Optional: non-NULL when every pixel's storage (samples x
    * sample_size_B bytes) holds these same bytes, as after a background
    * that did the same on every lane (the command executor's
    * asahi_sim_bg_fill.c).  st_tile clears it; image_write_block then
    * converts one pixel per sample for the whole tile. */
   const uint8_t *uniform_pixel;
};

/* What tib->sample_ptr gives: the bytes of one sample of pixel (x, y) from
 * offset_B, NULL when any of them is outside the tilebuffer. */
static inline void *
asahi_sim_tile_sample_ptr(const struct asahi_sim_tilebuffer *tib, unsigned x,
                          unsigned y, unsigned sample, unsigned offset_B,
                          size_t size)
{
   if (!tib->base)
      return tib->sample_ptr(tib->user, x, y, sample, offset_B, size);
   if (x < tib->x0 || y < tib->y0)
      return NULL;
   unsigned lx = x - tib->x0, ly = y - tib->y0;
   if (lx >= tib->width || ly >= tib->height || sample >= tib->samples ||
       offset_B > tib->sample_size_B || size > tib->sample_size_B - offset_B)
      return NULL;
   size_t pixel = (size_t)ly * tib->width + lx;
   return tib->base + (pixel * tib->samples + sample) * tib->sample_size_B +
          offset_B;
}

struct asahi_sim_group;

struct asahi_sim_frag {
   /* Inputs. */
   uint16_t pixel[ASAHI_SIM_LANES][2];
   /* Tile size in pixels: iter interpolates at tile-relative positions
    * (pixel modulo the tile size).  0 means 32. */
   unsigned tile_width, tile_height;
   /* Framebuffer position of the tile's top-left pixel: image_write_block
    * stores the tile starting there. */
   uint16_t tile_origin[2];
   /* Samples per pixel (0 or 1: one sample at the centre) and each
    * sample's position inside the pixel, in pixels (0..1). */
   unsigned nr_samples;
   float sample_position[ASAHI_SIM_MAX_SAMPLES][2];
   /* Condition for jmp_incomplete (semantics unknown; see the docs). */
   bool incomplete;
   struct asahi_sim_tilebuffer tib;
   /* Late depth/stencil test (optional): called by zs_emit for each lane
    * after its values are recorded; it may set or clear that lane's
    * samples_killed bits (later st_tile stores skip killed samples). */
   void (*zs_test)(void *user, struct asahi_sim_group *g, unsigned lane);
   void *zs_user;

   /* Outputs, readable by the caller after the run. */
   /* sample_mask: samples decided per lane, and of those, the ones
    * discarded. */
   uint16_t samples_decided[ASAHI_SIM_LANES];
   uint16_t samples_killed[ASAHI_SIM_LANES];
   /* sample_mask: every sample a lane's sample_mask cleared. */
   uint16_t samples_cleared[ASAHI_SIM_LANES];
   /* zs_emit: per lane, the samples written and the values. */
   uint16_t zs_samples[ASAHI_SIM_LANES];
   bool depth_written[ASAHI_SIM_LANES], stencil_written[ASAHI_SIM_LANES];
   float depth[ASAHI_SIM_LANES];
   uint16_t stencil[ASAHI_SIM_LANES];
   /* wait_pix / signal_pix: the last operands and the number executed. */
   unsigned wait_pix_count, signal_pix_count;
   unsigned wait_pix_mask, signal_pix_mask;
};

/* Vertex work: st_var writes 32-bit words of the lane's vertex outputs
 * (the UVS), words[lane * stride_words + index]. */
struct asahi_sim_uvs {
   uint32_t *words;
   unsigned stride_words;
   /* Outputs: the highest index written + 1 per lane, and whether the lane
    * ran st_var_final. */
   unsigned written[ASAHI_SIM_LANES];
   bool final[ASAHI_SIM_LANES];
};

/* Texture and sampler state stores: the last store to each slot. */
#define ASAHI_SIM_TEXTURE_STATES 128
#define ASAHI_SIM_SAMPLER_STATES 32

struct asahi_sim_state_slot {
   bool valid;
   uint64_t heap;  /* the uniform pair B */
   uint32_t index; /* the register O (first active lane) */
   /* Samplers bound with an extended sampler-states count: the 8-byte
    * descriptor is followed by its 16-byte custom border colour (genxml
    * "border"). */
   bool border;
};

/*
 * The state of one SIMD group.  General registers are stored per register
 * then per lane; 16-bit halves and 64-bit pairs are views of them
 * (rNl = bits 0..15, rNh = bits 16..31, rN_rN+1 = rN | rN+1 << 32).
 */
/* Memory spans a group remembers (asahi_sim_group.spans). */
#define ASAHI_SIM_SPANS 4

struct asahi_sim_group {
   uint32_t r[ASAHI_SIM_GPRS][ASAHI_SIM_LANES];
   uint32_t u[ASAHI_SIM_UNIFORMS];
   /* Active lanes; bit t is lane t.  The hardware derives it from r0l by
    * the exec-control instructions (exec[t] = r0l[t] == 0). */
   uint32_t exec;
   /* Lanes that exist in this dispatch (all by default): the exec-control
    * instructions never activate a lane outside it. */
   uint32_t launched;

   /* Program counter: a byte offset from code_base.  r1 is the link
    * register for call/ret. */
   uint64_t pc;
   uint64_t code_base;
   const uint8_t *code;
   size_t code_size;
   /* Bumped by asahi_sim_code_may_change; kept by a reset. */
   uint32_t code_epoch;

   struct asahi_sim_dispatch dispatch;

   /* Coefficient registers for fragment work (cf0..): three floats each
    * (A, B, C of A*x + B*y + C).  NULL when not a fragment program. */
   const float (*coefficients)[3];
   unsigned nr_coefficients;
   /* Optional (NULL: every lane reads `coefficients`): the coefficient
    * registers of each quad (lanes 4q to 4q + 3), when the quads of a
    * group come from different primitives (asahi_sim_raster.c); all of
    * them nr_coefficients long.  Since wave 17. */
   const float (*const *quad_coefficients)[3];

   /* Fragment and vertex interfaces (zeroed by asahi_sim_group_init). */
   struct asahi_sim_frag frag;
   struct asahi_sim_uvs uvs;
   struct asahi_sim_state_slot texture_state[ASAHI_SIM_TEXTURE_STATES];
   struct asahi_sim_state_slot sampler_state[ASAHI_SIM_SAMPLER_STATES];
   /* The slots below these may be set: asahi_sim_group_reset zeroes only
    * those (3.8 KB of slots, when programs bind a few).  Whatever sets a
    * slot (sim_group_init's copies, tex_state_store) raises them. */
   uint16_t texture_states_set, sampler_states_set;
   /* Texture unit: see asahi_sim_texture.h.  NULL: texture instructions
    * stop with an error. */
   const struct asahi_sim_texture_hooks *texture;
   void *texture_user;
   /* Set by a fetch hook when the texel it returned holds integers (an
    * integer format): 16-bit destinations then keep the low 16 bits
    * instead of converting to f16.  Cleared before every fetch. */
   bool texel_is_integer;
   /* Set by each texture_sample or texture_load to a number no other
    * instruction executed on this thread had: the texture unit reads a
    * descriptor once per instruction (memory cannot change while one
    * runs) and keeps it for the other lanes. */
   uint64_t fetch_serial;

   /* Stack (scratch) memory: stack_size_B bytes per lane, caller owned.
    * stack_pointer: the bytes of it the program reserved (stack_adjust),
    * the same for all lanes; accesses beyond them fault. */
   uint8_t *stack;
   size_t stack_size_B;
   uint32_t stack_pointer;

   /* Threadgroup (local) memory, caller owned. */
   uint8_t *local;
   size_t local_size_B;

   struct asahi_sim_mem mem;

   /* threadgroup_barrier returns ASAHI_SIM_BARRIER instead of being a
    * no-op (several SIMD groups sharing a threadgroup). */
   bool yield_at_barrier;

   /* Take none of the shortcuts that compute the same results another
    * way (the command executor's ASAHI_SIM_DEBUG=nofast). */
   bool no_shortcuts;

   /* Instructions left before ASAHI_SIM_BUDGET; 0 means the default. */
   uint64_t budget;
   uint64_t executed;

   uint64_t breakpoints[ASAHI_SIM_MAX_BREAKPOINTS];
   unsigned nr_breakpoints;
   /* Set by asahi_sim_run when it stopped on a breakpoint, so the next run
    * executes that instruction instead of stopping again. */
   bool resume_from_breakpoint;

   /* Trace hook: called after every instruction with its pc and its text;
    * written[] is a bitset of the general registers it wrote. */
   void (*trace)(void *user, const struct asahi_sim_group *group, uint64_t pc,
                 const char *text);
   void *trace_user;
   uint32_t written[ASAHI_SIM_GPRS / 32];
   /* The registers executed instructions wrote since the group was last
    * reset (the union of written[]), which asahi_sim_group_reset zeroes. */
   uint32_t dirty[ASAHI_SIM_GPRS / 32];

   struct asahi_sim_fault fault;
   bool faulted;
   char error[160];

   /* The memory spans mem.lookup found (host pointer, GPU address, bytes,
    * write permission), tried before asking again; cleared by a reset. */
   struct asahi_sim_span {
      uint8_t *host;
      uint64_t va, size;
      bool write;
   } spans[ASAHI_SIM_SPANS];
   unsigned next_span;

   /* Filled by asahi_sim_step; cleared by asahi_sim_set_code.  Call
    * asahi_sim_set_code again after changing the code bytes. */
   struct asahi_sim_decoded decode_cache[ASAHI_SIM_DECODE_CACHE];
};

#define ASAHI_SIM_DEFAULT_BUDGET 10000000ull

/* All lanes active, registers zero, lane t at grid position (t, 0, 0). */
void asahi_sim_group_init(struct asahi_sim_group *group);

void asahi_sim_set_code(struct asahi_sim_group *group, const uint8_t *code,
                        size_t size, uint64_t code_base);

/* For running one program on many groups (the command executor): reset
 * is asahi_sim_group_init keeping the code and its decode cache (and
 * zeroing only the registers in dirty[] and r0-r7: callers that set
 * registers themselves between runs may only set r0-r7), and
 * reuse_code is asahi_sim_set_code keeping the cache when code, size and
 * base are those the group already has (the bytes must not have changed
 * since).  The group must have been through asahi_sim_group_init (or be
 * zero-filled) once. */
void asahi_sim_group_reset(struct asahi_sim_group *group);

/* The code bytes may have changed since the group last ran (a later
 * command, with the same code address): each cached decoding is checked
 * against the bytes once before it is used again, instead of trusting
 * asahi_sim_reuse_code's pointer comparison alone. */
void asahi_sim_code_may_change(struct asahi_sim_group *group);
void asahi_sim_reuse_code(struct asahi_sim_group *group, const uint8_t *code,
                          size_t size, uint64_t code_base);

/* Execute one instruction at group->pc. */
enum asahi_sim_status asahi_sim_step(struct asahi_sim_group *group);

/* Step up to n instructions; ASAHI_SIM_RUNNING if none of them ended the
 * run. */
enum asahi_sim_status asahi_sim_step_n(struct asahi_sim_group *group,
                                       uint64_t n);

/* Run until stop, a breakpoint, a fault, an error or the budget. */
enum asahi_sim_status asahi_sim_run(struct asahi_sim_group *group);

bool asahi_sim_add_breakpoint(struct asahi_sim_group *group, uint64_t pc);

/*
 * Execute one already-fetched instruction without touching pc.  Used by the
 * golden-vector runner.  *length_out receives the decoded length.
 */
enum asahi_sim_status asahi_sim_exec_bytes(struct asahi_sim_group *group,
                                           const uint8_t *bytes, size_t avail,
                                           unsigned *length_out);

/* Register views (n counts 16-bit halves for reg16, 32-bit registers for
 * the others, as in the assembly syntax). */
static inline uint16_t
asahi_sim_get16(const struct asahi_sim_group *g, unsigned half, unsigned lane)
{
   return (uint16_t)(g->r[(half >> 1) & 127][lane] >> ((half & 1) * 16));
}

static inline void
asahi_sim_set16(struct asahi_sim_group *g, unsigned half, unsigned lane,
                uint16_t v)
{
   uint32_t *r = &g->r[(half >> 1) & 127][lane];
   unsigned shift = (half & 1) * 16;
   *r = (*r & ~(0xffffu << shift)) | ((uint32_t)v << shift);
}

#ifdef __cplusplus
}
#endif

#endif /* ASAHI_SIM_H */
