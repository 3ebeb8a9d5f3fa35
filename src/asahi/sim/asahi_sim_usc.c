/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Programs as the hardware binds them: a USC word list ("pipeline") names
 * the code and the state loaded at dispatch (facts: alexvorxx/Mesa-VirGL
 * src/asahi/genxml/cmdbuf.xml, USC words; src/gallium/drivers/asahi/
 * agx_state.c agx_build_pipeline).  Each word opens with its tag byte and
 * the list ends at a preshader or no-preshader word:
 *   uniform / uniform high: `size` 16-bit halves from memory at `buffer`
 *     into the uniform file from half `start` (high: from half 256 + start);
 *   texture / sampler: `count` descriptors from the table at `buffer` into
 *     texture / sampler state registers from `start` (24- and 8-byte
 *     descriptors);
 *   shader: the main program, an offset from usc_exec_base;
 *   preshader: the preamble, run once before the main program (here: once
 *     per binding, on one lane), its uniform_store results kept.
 *   shared: with `uses shared memory`, the threadgroup memory of a
 *     compute dispatch (bytes per threadgroup).
 *   registers: the spill size, the class of stack (scratch) memory each
 *     thread gets, 8 << (spill size - 1) 32-bit words (inferred from
 *     alexvorxx/Mesa-VirGL src/asahi/lib/agx_scratch.c and agx_linker.c:
 *     the driver writes the size class of the frame there, and the
 *     hardware asks the command's helper program for a stack of that
 *     class; medium confidence).  The simulator does not run the helper
 *     program: it hands each group the stacks itself (sim_group_init).
 * The register count and fragment-properties words carry sizes and hints
 * the interpreter does not need.
 *
 * Also the command executor's common helpers: failures, logging, memory.
 */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "asahi_sim_cmd.h"
#include "asahi_sim_texture.h"

/* A list has a handful of words; this bounds a hostile one. */
#define SIM_USC_MAX_WORDS 256

bool
sim_fail(struct asahi_sim_gpu *gpu, enum asahi_sim_result result,
         const char *fmt, ...)
{
   if (gpu->result == ASAHI_SIM_RESULT_OK) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(gpu->error, sizeof(gpu->error), fmt, ap);
      va_end(ap);
      gpu->result = result;
   }
   return false;
}

static uint64_t
work_limit(const struct asahi_sim_gpu *gpu)
{
   return gpu->work_limit ? gpu->work_limit : 1ull << 27;
}

bool
sim_work(struct asahi_sim_gpu *gpu, uint64_t n)
{
   gpu->work += n;
   return sim_work_fits(gpu, 0);
}

bool
sim_work_fits(struct asahi_sim_gpu *gpu, uint64_t n)
{
   uint64_t limit = work_limit(gpu);
   if (gpu->work <= limit && n <= limit - gpu->work)
      return true;
   return sim_fail(gpu, ASAHI_SIM_RESULT_TIMEOUT,
                   "the command runs more than %llu program invocations "
                   "(the simulator's work limit)",
                   (unsigned long long)limit);
}

void
sim_log(struct asahi_sim_gpu *gpu, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vfprintf(gpu->log ? gpu->log : stderr, fmt, ap);
   va_end(ap);
}

uint32_t
sim_u32(const uint8_t *p)
{
   return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool
fault(struct asahi_sim_gpu *gpu, uint64_t va, bool write, const char *what)
{
   if (!gpu->faulted) {
      gpu->faulted = true;
      gpu->fault = (struct asahi_sim_fault){
         .addr = va,
         .write = write,
         .unit = ASAHI_SIM_UNIT_FETCH,
      };
   }
   return sim_fail(gpu, ASAHI_SIM_RESULT_FAULT, "GPU fault: %s %s 0x%llx",
                   what, write ? "write" : "read", (unsigned long long)va);
}

/* Copy in pieces: consecutive mappings may come from different BOs. */
static bool
copy(struct asahi_sim_gpu *gpu, uint64_t va, void *data, size_t size,
     bool write, const char *what)
{
   uint8_t *d = data;
   while (size) {
      uint64_t avail = 0;
      uint8_t *host = gpu->lookup(gpu->user, va, write, &avail);
      if (!host || avail == 0)
         return fault(gpu, va, write, what);
      size_t n = avail < size ? (size_t)avail : size;
      if (write)
         memcpy(host, d, n);
      else
         memcpy(d, host, n);
      d += n;
      va += n;
      size -= n;
   }
   return true;
}

bool
sim_read(struct asahi_sim_gpu *gpu, uint64_t va, void *dst, size_t size,
         const char *what)
{
   return copy(gpu, va, dst, size, false, what);
}

bool
sim_write(struct asahi_sim_gpu *gpu, uint64_t va, const void *src, size_t size,
          const char *what)
{
   return copy(gpu, va, (void *)src, size, true, what);
}

void *
sim_translate(void *user, uint64_t va, size_t size, bool write)
{
   struct asahi_sim_gpu *gpu = user;
   uint64_t avail = 0;
   void *host = gpu->lookup(gpu->user, va, write, &avail);
   return host && avail >= size ? host : NULL;
}

static void *
sim_lookup(void *user, uint64_t va, bool write, uint64_t *avail)
{
   struct asahi_sim_gpu *gpu = user;
   return gpu->lookup(gpu->user, va, write, avail);
}

/* ---- word lists -------------------------------------------------------- */

static bool
load_uniforms(struct asahi_sim_gpu *gpu, struct sim_program *p,
              unsigned first_half, uint64_t buffer, unsigned halves)
{
   uint8_t data[64 * 2];
   if (halves > 64 || first_half + halves > 2 * ASAHI_SIM_UNIFORMS)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "USC uniform word beyond the uniform file");
   if (!sim_read(gpu, buffer, data, 2 * halves, "uniform data"))
      return false;
   for (unsigned i = 0; i < halves; i++) {
      unsigned h = first_half + i;
      uint32_t v = data[2 * i] | data[2 * i + 1] << 8;
      uint32_t *u = &p->u[h / 2];
      unsigned shift = (h & 1) * 16;
      *u = (*u & ~(0xffffu << shift)) | v << shift;
   }
   return true;
}

static bool
bind_states(struct asahi_sim_gpu *gpu, struct asahi_sim_state_slot *slots,
            unsigned nr_slots, unsigned start, unsigned count,
            uint64_t buffer, unsigned stride, const char *what)
{
   if (start + count > nr_slots)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "USC %s word binds registers %u..%u of %u", what, start,
                      start + count - 1, nr_slots);
   for (unsigned i = 0; i < count; i++) {
      slots[start + i] = (struct asahi_sim_state_slot){
         .valid = true,
         .heap = buffer,
         .index = i * stride,
      };
   }
   return true;
}

static bool
run_preshader(struct asahi_sim_gpu *gpu, struct sim_program *p,
              const char *what)
{
   struct sim_program pre = *p;
   pre.code_va = p->preshader_va;

   struct asahi_sim_group *g = calloc(1, sizeof(*g));
   if (!g)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
   bool ok = sim_group_init(gpu, &pre, 1, g);
   if (ok) {
      char name[64];
      snprintf(name, sizeof(name), "%s preshader", what);
      ok = sim_group_run(gpu, g, name);
   }
   if (ok)
      memcpy(p->u, g->u, sizeof(p->u));
   free(g);
   return ok;
}

/* The parts of the uniform file and of the state slots that are not all
 * zero, so that sim_group_init copies only those (a reset group is zero). */
static void
used_extents(struct sim_program *p)
{
   p->nr_u = ASAHI_SIM_UNIFORMS;
   while (p->nr_u && !p->u[p->nr_u - 1])
      p->nr_u--;
   static const struct asahi_sim_state_slot zero;
   p->nr_textures = ASAHI_SIM_TEXTURE_STATES;
   while (p->nr_textures &&
          !memcmp(&p->textures[p->nr_textures - 1], &zero, sizeof(zero)))
      p->nr_textures--;
   p->nr_samplers = ASAHI_SIM_SAMPLER_STATES;
   while (p->nr_samplers &&
          !memcmp(&p->samplers[p->nr_samplers - 1], &zero, sizeof(zero)))
      p->nr_samplers--;
}

bool
sim_program_load(struct asahi_sim_gpu *gpu, uint64_t words_va,
                 const char *what, struct sim_program *p)
{
   memset(p, 0, sizeof(*p));
   p->early_z = true; /* without a fragment properties word */
   p->words_va = words_va;
   if (words_va & 63)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "%s: USC word list 0x%llx is not 64-byte aligned", what,
                      (unsigned long long)words_va);

   uint64_t va = words_va;
   bool have_code = false;
   for (unsigned n = 0; n < SIM_USC_MAX_WORDS; n++) {
      uint8_t w[8] = {0};
      if (!sim_read(gpu, va, w, 2, "USC word"))
         return false;

      switch (w[0]) {
      case AGX_USC_CONTROL_UNIFORM:
      case AGX_USC_CONTROL_UNIFORM_HIGH: {
         struct AGX_USC_UNIFORM u;
         if (!sim_read(gpu, va, w, 8, "USC word"))
            return false;
         AGX_USC_UNIFORM_unpack(NULL, w, &u);
         unsigned base = w[0] == AGX_USC_CONTROL_UNIFORM_HIGH ? 256 : 0;
         if (!load_uniforms(gpu, p, base + u.start, u.buffer, u.size))
            return false;
         va += 8;
         break;
      }
      case AGX_USC_CONTROL_TEXTURE: {
         struct AGX_USC_TEXTURE t;
         if (!sim_read(gpu, va, w, 8, "USC word"))
            return false;
         AGX_USC_TEXTURE_unpack(NULL, w, &t);
         if (!bind_states(gpu, p->textures, ASAHI_SIM_TEXTURE_STATES, t.start,
                          t.count, t.buffer, AGX_TEXTURE_LENGTH, "texture"))
            return false;
         va += 8;
         break;
      }
      case AGX_USC_CONTROL_SAMPLER: {
         struct AGX_USC_SAMPLER s;
         if (!sim_read(gpu, va, w, 8, "USC word"))
            return false;
         AGX_USC_SAMPLER_unpack(NULL, w, &s);
         if (!bind_states(gpu, p->samplers, ASAHI_SIM_SAMPLER_STATES, s.start,
                          s.count, s.buffer, AGX_SAMPLER_LENGTH, "sampler"))
            return false;
         va += 8;
         break;
      }
      case AGX_USC_CONTROL_SHADER: {
         struct AGX_USC_SHADER s;
         if (!sim_read(gpu, va, w, 6, "USC word"))
            return false;
         AGX_USC_SHADER_unpack(NULL, w, &s);
         p->code_va = gpu->usc_base + s.code;
         have_code = true;
         va += 6;
         break;
      }
      case AGX_USC_CONTROL_REGISTERS: {
         struct AGX_USC_REGISTERS r;
         if (!sim_read(gpu, va, w, 4, "USC word"))
            return false;
         AGX_USC_REGISTERS_unpack(NULL, w, &r);
         p->gprs = r.gprs;
         p->spill_size = r.spill_size;
         va += 4;
         break;
      }
      case AGX_USC_CONTROL_SHARED: {
         struct AGX_USC_SHARED sh;
         if (!sim_read(gpu, va, w, 4, "USC word"))
            return false;
         AGX_USC_SHARED_unpack(NULL, w, &sh);
         if (sh.uses_shared_memory)
            p->local_size_B = sh.bytes_per_threadgroup;
         va += 4;
         break;
      }
      case AGX_USC_CONTROL_FRAGMENT_PROPERTIES: {
         struct AGX_USC_FRAGMENT_PROPERTIES fp;
         if (!sim_read(gpu, va, w, 4, "USC word"))
            return false;
         AGX_USC_FRAGMENT_PROPERTIES_unpack(NULL, w, &fp);
         p->early_z = fp.early_z;
         va += 4;
         break;
      }
      case AGX_USC_CONTROL_PRESHADER: {
         struct AGX_USC_PRESHADER s;
         if (!sim_read(gpu, va, w, 8, "USC word"))
            return false;
         AGX_USC_PRESHADER_unpack(NULL, w, &s);
         p->has_preshader = true;
         p->preshader_va = gpu->usc_base + s.code;
         goto end;
      }
      case AGX_USC_CONTROL_NO_PRESHADER:
         goto end;
      default:
         return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                         "%s: unknown USC word tag 0x%02x at 0x%llx", what,
                         w[0], (unsigned long long)va);
      }
   }
   return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                   "%s: USC word list at 0x%llx does not end", what,
                   (unsigned long long)words_va);

end:
   if (!have_code)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "%s: USC word list at 0x%llx has no shader word", what,
                      (unsigned long long)words_va);
   if (gpu->debug & ASAHI_SIM_DEBUG_TRACE)
      sim_log(gpu, "asahi-sim: %s: words 0x%llx code 0x%llx%s\n", what,
              (unsigned long long)words_va, (unsigned long long)p->code_va,
              p->has_preshader ? " (with preshader)" : "");
   used_extents(p);
   if (p->has_preshader && !run_preshader(gpu, p, what))
      return false;
   used_extents(p); /* the preshader may have written uniforms */
   return true;
}

/* ---- groups ------------------------------------------------------------ */

static void
trace_instruction(void *user, const struct asahi_sim_group *g, uint64_t pc,
                  const char *text)
{
   struct asahi_sim_gpu *gpu = user;
   sim_log(gpu, "asahi-sim:   0x%llx: %s\n",
           (unsigned long long)(g->code_base + pc), text);
}

/* Per-lane stacks of `size_B` bytes for group g: reused while the group
 * object is, fresh (zeroed) otherwise. */
static uint8_t *
stack_for(struct asahi_sim_gpu *gpu, const struct asahi_sim_group *g,
          size_t size_B)
{
   size_t total = size_B * ASAHI_SIM_LANES;
   unsigned i;
   for (i = 0; i < gpu->nr_stacks && gpu->stacks[i].group != g; i++)
      ;
   if (i == gpu->nr_stacks) {
      if (i == ASAHI_SIM_MAX_STACKS)
         return NULL;
      gpu->stacks[i].group = g;
      gpu->stacks[i].mem = NULL;
      gpu->stacks[i].size_B = 0;
      gpu->nr_stacks++;
   }
   if (gpu->stacks[i].size_B < total) {
      free(gpu->stacks[i].mem);
      gpu->stacks[i].mem = calloc(1, total);
      gpu->stacks[i].size_B = gpu->stacks[i].mem ? total : 0;
   }
   return gpu->stacks[i].mem;
}

void
sim_release_stacks(struct asahi_sim_gpu *gpu)
{
   for (unsigned i = 0; i < gpu->nr_stacks; i++)
      free(gpu->stacks[i].mem);
   gpu->nr_stacks = 0;
}

bool
sim_group_init(struct asahi_sim_gpu *gpu, const struct sim_program *p,
               uint32_t launched, struct asahi_sim_group *g)
{
   asahi_sim_group_reset(g);
   g->exec = g->launched = launched;
   /* Lanes outside the dispatch never run: keep them disabled. */
   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
      if (!(launched & (1u << t)))
         asahi_sim_set16(g, 0, t, 1);
   }
   /* The rest is zero after the reset. */
   memcpy(g->u, p->u, p->nr_u * sizeof(g->u[0]));
   memcpy(g->texture_state, p->textures,
          p->nr_textures * sizeof(g->texture_state[0]));
   memcpy(g->sampler_state, p->samplers,
          p->nr_samplers * sizeof(g->sampler_state[0]));
   g->texture_states_set = (uint16_t)p->nr_textures;
   g->sampler_states_set = (uint16_t)p->nr_samplers;
   g->texture = &asahi_sim_texture_unit_hooks;
   g->texture_user = NULL;
   g->mem = (struct asahi_sim_mem){
      .translate = sim_translate,
      .lookup = sim_lookup,
      .user = gpu,
      .soft_faults = gpu->soft_faults,
   };
   g->budget = gpu->budget;
   g->no_shortcuts = gpu->debug & ASAHI_SIM_DEBUG_NOFAST;
   if (p->spill_size) {
      size_t size_B = (size_t)4 * (8u << (p->spill_size - 1));
      g->stack = stack_for(gpu, g, size_B);
      if (!g->stack)
         return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                         "no memory for the stacks of a group");
      g->stack_size_B = size_B;
   }
   if (gpu->debug & ASAHI_SIM_DEBUG_SHADERS) {
      g->trace = trace_instruction;
      g->trace_user = gpu;
   }

   uint64_t avail = 0;
   const uint8_t *code = gpu->lookup(gpu->user, p->code_va, false, &avail);
   if (!code || avail == 0) {
      fault(gpu, p->code_va, false, "shader code");
      gpu->fault.unit = ASAHI_SIM_UNIT_FETCH;
      return false;
   }
   /* The code cannot change during a command: decoded instructions are
    * kept from one group to the next. */
   asahi_sim_reuse_code(g, code, (size_t)avail, p->code_va);
   return true;
}

bool
sim_group_report(struct asahi_sim_gpu *gpu, struct asahi_sim_group *g,
                 enum asahi_sim_status s, const char *what)
{
   if (s == ASAHI_SIM_STOPPED)
      return true;
   if (g->faulted && !gpu->faulted) {
      gpu->faulted = true;
      gpu->fault = g->fault;
   }
   enum asahi_sim_result r = ASAHI_SIM_RESULT_ERROR;
   if (s == ASAHI_SIM_FAULT)
      r = ASAHI_SIM_RESULT_FAULT;
   else if (s == ASAHI_SIM_BUDGET)
      r = ASAHI_SIM_RESULT_TIMEOUT;
   return sim_fail(gpu, r, "%s at 0x%llx: %s: %s", what,
                   (unsigned long long)(g->code_base + g->pc),
                   asahi_sim_status_string(s), g->error);
}

bool
sim_group_run(struct asahi_sim_gpu *gpu, struct asahi_sim_group *g,
              const char *what)
{
   if (gpu->debug & ASAHI_SIM_DEBUG_SHADERS)
      sim_log(gpu, "asahi-sim: %s, lanes 0x%08x\n", what, g->launched);
   return sim_group_report(gpu, g, asahi_sim_run(g), what);
}

void
sim_program_sampler_states(struct sim_program *p, unsigned mode)
{
   /* Fact: alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml (sampler
    * states "8 extended"/"16 extended") and src/asahi/lib/decode.c (with
    * extended samplers each sampler is followed by its border). */
   if (mode != AGX_SAMPLER_STATES_8_EXTENDED &&
       mode != AGX_SAMPLER_STATES_16_EXTENDED)
      return;
   for (unsigned i = 0; i < ASAHI_SIM_SAMPLER_STATES; i++) {
      struct asahi_sim_state_slot *s = &p->samplers[i];
      if (!s->valid || s->border)
         continue;
      s->index = s->index / AGX_SAMPLER_LENGTH *
                 (AGX_SAMPLER_LENGTH + AGX_BORDER_LENGTH);
      s->border = true;
   }
}
