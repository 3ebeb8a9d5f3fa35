/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shared by the command executor's files: memory access with fault
 * reporting, bound programs (USC word lists), and the render pass's
 * primitives as the vertex phase leaves them for the fragment phase.
 */

#ifndef ASAHI_SIM_CMD_H
#define ASAHI_SIM_CMD_H

#include "asahi/genxml/agx_pack.h"
#include "asahi_sim_gpu.h"
#include "asahi_sim_tile_offsets.h"

/* ---- failures ---------------------------------------------------------- */

/* Record the first failure of the command; returns false for tail calls. */
bool sim_fail(struct asahi_sim_gpu *gpu, enum asahi_sim_result result,
              const char *fmt, ...) __attribute__((format(printf, 3, 4)));

void sim_log(struct asahi_sim_gpu *gpu, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/* Count n more program invocations of this command; false (timeout)
 * past gpu->work_limit. */
bool sim_work(struct asahi_sim_gpu *gpu, uint64_t n);
/* False (the command failed) when n more invocations would pass the work
 * limit: for work known in advance, such as a draw's vertices. */
bool sim_work_fits(struct asahi_sim_gpu *gpu, uint64_t n);

/* ---- profiling (gpu->profile) ------------------------------------------ */

#include <time.h>

/* A start time for sim_profile_end: 0 when not profiling. */
static inline uint64_t
sim_profile_begin(const struct asahi_sim_gpu *gpu)
{
   if (!gpu->profile)
      return 0;
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Add the time since start to unit; returns the elapsed nanoseconds. */
static inline uint64_t
sim_profile_end(struct asahi_sim_gpu *gpu, enum asahi_sim_prof unit,
                uint64_t start)
{
   if (!gpu->profile)
      return 0;
   uint64_t d = sim_profile_begin(gpu) - start;
   gpu->ns[unit] += d;
   return d;
}

/* ---- memory ------------------------------------------------------------ */

/* Copy size bytes at va; a fault (recorded) when not all mapped. */
bool sim_read(struct asahi_sim_gpu *gpu, uint64_t va, void *dst, size_t size,
              const char *what);
bool sim_write(struct asahi_sim_gpu *gpu, uint64_t va, const void *src,
               size_t size, const char *what);
uint32_t sim_u32(const uint8_t *p);

/* The interpreter's view of the same memory. */
void *sim_translate(void *user, uint64_t va, size_t size, bool write);

/* ---- programs ---------------------------------------------------------- */

/* A USC word list as the hardware applies it at dispatch: where the code
 * is, and the uniform, texture and sampler state it loads. */
struct sim_program {
   uint64_t words_va; /* the list (absolute) */
   uint64_t code_va;  /* main program (absolute) */
   bool has_preshader;
   uint64_t preshader_va;
   uint32_t u[ASAHI_SIM_UNIFORMS];
   struct asahi_sim_state_slot textures[ASAHI_SIM_TEXTURE_STATES];
   struct asahi_sim_state_slot samplers[ASAHI_SIM_SAMPLER_STATES];
   unsigned gprs;
   /* How much of u, textures and samplers a group needs copied: past
    * these, everything is zero (set by sim_program_load). */
   unsigned nr_u, nr_textures, nr_samplers;
   /* Threadgroup memory the USC shared word asks for (compute). */
   uint32_t local_size_B;
   /* Fragment: the USC fragment properties word's `early z`; false runs
    * the stencil and depth tests after the program (late). */
   bool early_z;
   /* The USC Registers word's spill size: 0, or the class of the stack
    * each thread gets (8 << (spill_size - 1) 32-bit words). */
   unsigned spill_size;
};

/* Walk the word list at words_va (usc_base + offset, 64-byte aligned);
 * `what` names it in messages.  Runs the preshader (preamble), which may
 * change the uniforms. */
bool sim_program_load(struct asahi_sim_gpu *gpu, uint64_t words_va,
                      const char *what, struct sim_program *p);

/* Apply the sampler-states count the program was launched with (genxml
 * "sampler states", from the VDM/PPP/CDM word that names it): with the
 * extended counts, each sampler of a table is followed by its custom
 * border colour, 24 bytes apart (asahi_sim_usc.c). */
void sim_program_sampler_states(struct sim_program *p, unsigned mode);

/* A fresh group running p's main program on the lanes in `launched`. */
bool sim_group_init(struct asahi_sim_gpu *gpu, const struct sim_program *p,
                    uint32_t launched, struct asahi_sim_group *g);

/* How a run ended: true for `stop`, else the command fails, naming
 * `what`. */
bool sim_group_report(struct asahi_sim_gpu *gpu, struct asahi_sim_group *g,
                      enum asahi_sim_status s, const char *what);

/* Free the stacks sim_group_init handed out (end of a command). */
void sim_release_stacks(struct asahi_sim_gpu *gpu);

/* Run to `stop`; any other end fails the command, naming `what`. */
bool sim_group_run(struct asahi_sim_gpu *gpu, struct asahi_sim_group *g,
                   const char *what);

/* ---- the render pass --------------------------------------------------- */

/* Vertices are placed in 1/256 pixel (fixed point, 8 fractional bits). */
#define SIM_SUBPIXEL_BITS 8
#define SIM_SUBPIXEL      (1 << SIM_SUBPIXEL_BITS)

/* State a draw's primitives carry into the fragment phase. */
struct sim_draw {
   struct sim_program fs;
   bool has_fs;
   unsigned nr_cf; /* coefficient registers (CF binding header) */
   struct AGX_FRAGMENT_CONTROL fragment_control;
   struct AGX_CULL cull;
   struct AGX_FRAGMENT_FACE face[2];
   struct AGX_FRAGMENT_FACE_2 face2[2];
   struct AGX_FRAGMENT_STENCIL stencil[2];
   uint32_t occlusion_index; /* with fragment control visibility mode */
   /* The scissor rectangle (fragment control `scissor enable`), pixels
    * [min, max). */
   bool scissor;
   uint32_t scissor_min_x, scissor_min_y, scissor_max_x, scissor_max_y;
   /* The scissor record's depth range, what the cull word's `depth
    * clamp` clamps fragment depths to (with a scissor record). */
   float scissor_min_z, scissor_max_z;
   /* Depth bias of triangles (fragment control `depth bias enable`): the
    * entry of the isp_dbias_base array; z16: the depth buffer is unorm16. */
   bool depth_bias, z16;
   struct AGX_DEPTH_BIAS bias;
   struct sim_draw *next; /* all draws of the pass, for freeing */
};

/* A coefficient register's contents.  Interpolated: the plane
 * A x + B y + C in framebuffer pixels (abc).  Flat: A = B = 0 and C is
 * the provoking vertex's 32-bit output word, copied without any float
 * conversion (FACTS-AGX.md 3.6), so integers whose bits look like a
 * signalling NaN keep them. */
struct sim_plane {
   double abc[3];
   bool flat;
   uint32_t bits;
};

struct sim_prim {
   const struct sim_draw *draw;
   /* A point is a square: covered where min <= centre < max (x[0], y[0]
    * to x[1], y[1]). */
   bool is_rect;
   int64_t x[3], y[3]; /* window position, fixed point */
   /* Pixel bounds (inclusive) clipped to the framebuffer. */
   int32_t min_x, min_y, max_x, max_y;
   bool backfacing;
   double z_plane[3]; /* window z over window pixels */
   unsigned layer;    /* framebuffer layer (vertex output, clamped) */
   /* One per coefficient register (nr_cf), in r->planes. */
   struct sim_plane *planes;
};

/* The coefficient planes of a command's primitives, a block at a time
 * (asahi_sim_draw.c): no allocation per primitive. */
struct sim_plane_block {
   struct sim_plane_block *next;
   size_t used, capacity;
   struct sim_plane planes[];
};

/* The groups of a render command, one per program (asahi_sim_group_pool.c);
 * the command's own, or kept by the caller across commands (gpu->groups). */
#define SIM_GROUP_POOL 16
struct asahi_sim_group_pool {
   struct asahi_sim_group *g[SIM_GROUP_POOL];
   uint64_t code_va[SIM_GROUP_POOL];
   uint64_t last_use[SIM_GROUP_POOL]; /* clock of the last request */
   uint64_t clock;
   /* The primitive array of the last command (struct sim_render's
    * prims), handed to the next: a command's array grew afresh, and page
    * faulted in every new page, each time (Issue #15, since wave 17).
    * Never shrinks; freed with the pool. */
   struct sim_prim *prims;
   unsigned prims_capacity;
   /* Likewise the coefficient plane blocks of the last command
    * (struct sim_render's planes), free for new_planes to take: malloc
    * gave each command fresh pages, which zeroing them faulted in. */
   struct sim_plane_block *spare_planes;
};

struct sim_render {
   struct asahi_sim_gpu *gpu;
   const struct drm_asahi_cmd_render *cmd;
   struct sim_draw *draws;
   struct sim_prim *prims;
   unsigned nr_prims, prims_capacity;
   struct sim_plane_block *planes; /* the newest first */
   struct asahi_sim_group_pool *groups; /* own_groups or gpu->groups */
   struct asahi_sim_group_pool own_groups;
   /* A lane-invariant background program's result: one pixel's storage
    * (every sample), taken from the command's first group
    * (asahi_sim_bg_fill.c). */
   bool has_bg_pixel;
   uint8_t bg_pixel[4 * 64];
};

/* A group for running the program at code_va in this command: the one
 * that ran it last (its decoded instructions kept), else a zeroed one;
 * sim_group_init must prepare it before each dispatch.  NULL (failure
 * recorded) without memory.  Valid until the next call for another
 * program may take its place, at most SIM_GROUP_POOL - 1 calls later;
 * with ASAHI_SIM_DEBUG=nofast, until the next call. */
struct asahi_sim_group *sim_pool_group(struct sim_render *r, uint64_t code_va);
/* At the start of a command: the command's own pool, or the caller's
 * with every kept group told its code may have changed. */
void sim_pool_begin(struct sim_render *r);
/* At its end: frees the command's own groups (the caller's stay) and
 * gives the primitive array back to the caller's pool. */
void sim_pool_free(struct sim_render *r);

/* The vertex phase: run the VDM control stream, shading vertices and
 * collecting primitives. */
bool sim_vdm_execute(struct sim_render *r);

/* PPP state as the updates so far left it. */
/* Viewports a PPP update carries at most (its header's 4-bit viewport
 * count, minus one: genxml PPP Header). */
#define SIM_MAX_VIEWPORTS 16

struct sim_ppp_state {
   bool has_viewport;
   /* viewport[0 .. nr_viewports): a primitive's viewport index (the
    * layer/viewport word's high half) selects one, and the scissor record
    * that many past depth_bias_scissor.scissor */
   struct AGX_VIEWPORT viewport[SIM_MAX_VIEWPORTS];
   unsigned nr_viewports;
   struct AGX_FRAGMENT_CONTROL fragment_control;
   struct AGX_CULL cull;
   struct AGX_OUTPUT_SELECT output_select;
   bool has_output_size;
   uint32_t output_size; /* vertex output words */
   struct AGX_DEPTH_BIAS_SCISSOR depth_bias_scissor;
   /* Depth state per face: [0] front, [1] back. */
   struct AGX_FRAGMENT_FACE face[2];
   struct AGX_FRAGMENT_FACE_2 face2[2];
   struct AGX_FRAGMENT_STENCIL stencil[2];
   uint32_t occlusion_index;
   bool has_fs;
   struct AGX_FRAGMENT_SHADER_WORD_0 fs0;
   struct AGX_FRAGMENT_SHADER_WORD_1 fs1;
   struct AGX_FRAGMENT_SHADER_WORD_2 fs2;
};

struct sim_vdm_state {
   bool has_vs;
   uint64_t vs_words_va;
   /* The VS word 0's sampler-states count (genxml "sampler states"). */
   unsigned vs_sampler_states;
   uint32_t restart_index;
   /* VDM "vertex unknown" word: the first vertex of a primitive provokes
    * (else the last, also when the word never came), which also orders
    * the vertices of odd strip triangles. */
   bool provoking_first;
   struct sim_ppp_state ppp;
};

struct sim_draw_args {
   enum agx_primitive primitive;
   bool indexed, restart;
   unsigned index_size_B;
   uint64_t index_va, index_buffer_size_B;
   uint32_t count, instances, start;
};

/* One draw: shade its vertices, assemble and set up its primitives. */
bool sim_draw(struct sim_render *r, const struct sim_vdm_state *s,
              const struct sim_draw_args *a);

/* Fragment phase of one tile: rasterise and shade the primitives that
 * touch it into the tilebuffer. */
struct sim_tile {
   struct sim_render *r;
   uint32_t x0, y0, width, height; /* pixels */
   unsigned samples, sample_size_B;
   uint8_t *tib;
   float *depth; /* width x height x samples, the tile's depth values */
   bool z16;     /* depth values are unorm16 */
   uint8_t *stencil; /* width x height x samples */
   float sample_pos[4][2]; /* in the pixel, 0..1 */
   /* The primitives whose bounds touch the tile, in submission order (the
    * render's binning); NULL: every primitive of the render. */
   const uint32_t *prims;
   uint32_t nr_prims;
   /* The framebuffer layer being rendered (0 .. layers - 1): sr2 of the
    * background, fragment and end-of-tile programs; only primitives of
    * this layer are rasterised; depth and stencil are at base + layer x
    * stride. */
   unsigned layer;
   /* Every pixel's storage holds these bytes (asahi_sim_bg_fill.c), until
    * a fragment program runs in the tile; NULL: not known. */
   const uint8_t *uniform_pixel;
   /* Storage for the coefficient registers of the primitive being
    * shaded (asahi_sim_raster.c), kept from one primitive to the next;
    * freed with the tile. */
   float (*coefficients)[3];
   unsigned coefficients_capacity;
};


/* Depth buffer load at tile start and store at tile end (zls_ctrl). */
bool sim_zls_load(struct sim_tile *tile);
bool sim_zls_store(struct sim_tile *tile);

void *sim_tile_sample_ptr(void *user, unsigned x, unsigned y, unsigned sample,
                          unsigned offset_B, size_t size);
bool sim_raster_tile(struct sim_tile *tile);

/* ASAHI_SIM_DEBUG=png: the images the end-of-tile program stores to, as
 * PNG files (asahi_sim_png.c). */
void sim_png_dump(struct sim_render *r, const struct sim_program *eot);

/* Background programs that compute the same on every lane
 * (asahi_sim_bg_fill.c): whether p's code is one, and the tile's
 * background through it, running `run` (one group of 8x4 pixels at bx, by)
 * only for the command's first group. */
bool sim_program_lane_invariant(struct asahi_sim_gpu *gpu,
                                const struct sim_program *p);
typedef bool (*sim_background_group_fn)(struct sim_tile *tile,
                                        const struct sim_program *bg,
                                        struct asahi_sim_group *g,
                                        uint32_t bx, uint32_t by);
bool sim_background_fill(struct sim_tile *tile, const struct sim_program *bg,
                         struct asahi_sim_group *g,
                         sim_background_group_fn run);

/* Background programs that reload the render target (get_sr of the
 * pixel, texture_load, st_tile: asahi_sim_bg_copy.c): whether p is one,
 * and the tile's background copied from the image when the formats
 * agree, else through `run` for every group. */
struct sim_reload {
   uint32_t slot;        /* texture state tsN */
   unsigned fmt;         /* st_tile's format (asahi_sim_mem_format.h) */
   unsigned offset_B;    /* st_tile's byte offset in each sample */
   uint32_t sample_mask; /* st_tile's samples */
};
bool sim_program_tile_reload(struct asahi_sim_gpu *gpu,
                             const struct sim_program *p,
                             struct sim_reload *out);
bool sim_background_copy(struct sim_tile *tile, const struct sim_program *bg,
                         const struct sim_reload *rl,
                         struct asahi_sim_group *g,
                         sim_background_group_fn run);

/* Dispatch one fragment-style program over pixels of the tile: lane t
 * shades pixel[t] when bit t of `launched` is set. */
void sim_frag_setup(struct sim_tile *tile, struct asahi_sim_group *g);

#endif /* ASAHI_SIM_CMD_H */
