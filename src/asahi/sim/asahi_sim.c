/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The fetch-decode-execute loop, breakpoints and the budget. */

#include <assert.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "asahi_sim_internal.h"

const char *
asahi_sim_status_string(enum asahi_sim_status status)
{
   switch (status) {
   case ASAHI_SIM_RUNNING:
      return "running";
   case ASAHI_SIM_STOPPED:
      return "stopped";
   case ASAHI_SIM_BREAKPOINT:
      return "breakpoint";
   case ASAHI_SIM_FAULT:
      return "GPU fault";
   case ASAHI_SIM_BUDGET:
      return "instruction budget exhausted";
   case ASAHI_SIM_ERR_DECODE:
      return "undecodable instruction";
   case ASAHI_SIM_ERR_UNSUPPORTED:
      return "unsupported instruction";
   case ASAHI_SIM_ERR_EXEC:
      return "execution error";
   case ASAHI_SIM_BARRIER:
      return "threadgroup barrier";
   }
   return "unknown";
}

const char *
asahi_sim_unit_string(enum asahi_sim_unit unit)
{
   switch (unit) {
   case ASAHI_SIM_UNIT_FETCH:
      return "fetch";
   case ASAHI_SIM_UNIT_DEVICE:
      return "device";
   case ASAHI_SIM_UNIT_STACK:
      return "stack";
   case ASAHI_SIM_UNIT_LOCAL:
      return "threadgroup";
   case ASAHI_SIM_UNIT_TEXTURE:
      return "texture";
   }
   return "unknown";
}

static void
group_defaults(struct asahi_sim_group *group)
{
   group->exec = ~0u;
   group->launched = ~0u;
   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++)
      group->dispatch.grid_position[t][0] = t;
   for (unsigned i = 0; i < 3; i++) {
      group->dispatch.threads_per_threadgroup[i] = i == 0 ? 32 : 1;
      group->dispatch.dispatch_threads_per_tg[i] = i == 0 ? 32 : 1;
   }
}

/* An empty decode cache: a slot counts only when its tag matches (the
 * rest of it is written when it is filled), so clearing the tags is
 * enough; zeroing the whole cache (200 KB) was most of the cost of a
 * fresh group (ASAHI_SIM_DEBUG=nofast gets one for every dispatch). */
static void
forget_decodings(struct asahi_sim_group *group)
{
   for (unsigned i = 0; i < ASAHI_SIM_DECODE_CACHE; i++)
      group->decode_cache[i].tag = 0;
}

void
asahi_sim_group_init(struct asahi_sim_group *group)
{
   memset(group, 0, offsetof(struct asahi_sim_group, decode_cache));
   forget_decodings(group);
   group_defaults(group);
}

/* The decode cache is the group's last member: everything before it is
 * the state a reset clears. */
static_assert(offsetof(struct asahi_sim_group, r) == 0 &&
                 offsetof(struct asahi_sim_group, u) ==
                    sizeof(((struct asahi_sim_group *)0)->r),
              "the registers open struct asahi_sim_group");
static_assert(offsetof(struct asahi_sim_group, sampler_state) ==
                    offsetof(struct asahi_sim_group, texture_state) +
                       sizeof(((struct asahi_sim_group *)0)->texture_state) &&
                 offsetof(struct asahi_sim_group, texture_states_set) ==
                    offsetof(struct asahi_sim_group, sampler_state) +
                       sizeof(((struct asahi_sim_group *)0)->sampler_state),
              "the state slots, then their marks");
static_assert(offsetof(struct asahi_sim_group, decode_cache) +
                    sizeof(((struct asahi_sim_group *)0)->decode_cache) ==
                 sizeof(struct asahi_sim_group),
              "decode_cache ends struct asahi_sim_group");

void
asahi_sim_group_reset(struct asahi_sim_group *group)
{
   const uint8_t *code = group->code;
   size_t size = group->code_size;
   uint64_t base = group->code_base;
   uint32_t epoch = group->code_epoch;
   /* Registers: only those that can be non-zero (see asahi_sim.h), each
    * run of consecutive ones with one memset (one per register was most
    * of a reset's time for short fragment programs). */
   for (unsigned w = 0; w < ASAHI_SIM_GPRS / 32; w++) {
      uint32_t bits = group->dirty[w] | (w == 0 ? 0xffu : 0);
      while (bits) {
         unsigned b = (unsigned)__builtin_ctz(bits);
         unsigned n = (unsigned)__builtin_ctzll(~(uint64_t)(bits >> b));
         bits &= ~(uint32_t)((((uint64_t)1 << n) - 1) << b);
         memset(group->r[w * 32 + b], 0, n * sizeof(group->r[0]));
      }
   }
   /* The rest up to the decode cache (dirty[] included), of the state
    * slots only those that may be set. */
   unsigned textures = group->texture_states_set;
   unsigned samplers = group->sampler_states_set;
   size_t from = offsetof(struct asahi_sim_group, u);
   size_t to = offsetof(struct asahi_sim_group, texture_state);
   memset((uint8_t *)group + from, 0, to - from);
   textures = textures < ASAHI_SIM_TEXTURE_STATES ? textures
                                                  : ASAHI_SIM_TEXTURE_STATES;
   samplers = samplers < ASAHI_SIM_SAMPLER_STATES ? samplers
                                                  : ASAHI_SIM_SAMPLER_STATES;
   memset(group->texture_state, 0, textures * sizeof(group->texture_state[0]));
   memset(group->sampler_state, 0, samplers * sizeof(group->sampler_state[0]));
   from = offsetof(struct asahi_sim_group, texture_states_set);
   memset((uint8_t *)group + from, 0,
          offsetof(struct asahi_sim_group, decode_cache) - from);
   group_defaults(group);
   group->code = code;
   group->code_size = size;
   group->code_base = base;
   group->code_epoch = epoch;
}

void
asahi_sim_code_may_change(struct asahi_sim_group *group)
{
   group->code_epoch++;
}

void
asahi_sim_reuse_code(struct asahi_sim_group *group, const uint8_t *code,
                     size_t size, uint64_t code_base)
{
   if (group->code == code && group->code_size == size &&
       group->code_base == code_base)
      group->pc = 0;
   else
      asahi_sim_set_code(group, code, size, code_base);
}

void
asahi_sim_set_code(struct asahi_sim_group *group, const uint8_t *code,
                   size_t size, uint64_t code_base)
{
   group->code = code;
   group->code_size = size;
   group->code_base = code_base;
   group->pc = 0;
   forget_decodings(group);
}

bool
asahi_sim_add_breakpoint(struct asahi_sim_group *group, uint64_t pc)
{
   if (group->nr_breakpoints >= ASAHI_SIM_MAX_BREAKPOINTS)
      return false;
   group->breakpoints[group->nr_breakpoints++] = pc;
   return true;
}

/* The instruction families, tried in this order: each executes the
 * instructions it knows and answers ASAHI_SIM_ERR_UNSUPPORTED, with no
 * error message, for the others. */
static enum asahi_sim_status (*const families[])(struct asahi_sim_group *,
                                                 struct asahi_sim_exec *) = {
   asahi_sim_exec_int,    asahi_sim_exec_float,  asahi_sim_exec_control,
   asahi_sim_exec_simd,   asahi_sim_exec_reduce, asahi_sim_exec_memory,
   asahi_sim_exec_frag,   asahi_sim_exec_texture,
};

enum asahi_sim_status
asahi_sim_execute(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   const struct agx_isa_instr *I = x->I;
   const unsigned nr = sizeof(families) / sizeof(families[0]);
   enum asahi_sim_status s = ASAHI_SIM_ERR_UNSUPPORTED;

   /* Each opcode remembers the first family that ever took it: the ones
    * before it declined every instruction of that opcode so far, and
    * asking them again (the memory family compares names) was a large
    * share of the interpreter's time.  Shared by the threads, as relaxed
    * atomics (any value a thread sees is a family that took the opcode);
    * thread-local storage in the drm-shim library cost a __tls_get_addr
    * call per instruction. */
   static _Atomic uint8_t first_family[AGX_ISA_NUM_OPS];
   unsigned op = I->op < AGX_ISA_NUM_OPS ? I->op : 0;
   unsigned first = I->op < AGX_ISA_NUM_OPS
                       ? atomic_load_explicit(&first_family[op],
                                              memory_order_relaxed)
                       : 0;
   unsigned i = first;
   for (; i < nr; i++) {
      s = families[i](g, x);
      if (s != ASAHI_SIM_ERR_UNSUPPORTED || g->error[0])
         break;
   }
   if (i < nr && I->op < AGX_ISA_NUM_OPS && i > first && first == 0)
      atomic_store_explicit(&first_family[op], (uint8_t)i,
                            memory_order_relaxed);
   if (s == ASAHI_SIM_ERR_UNSUPPORTED && !g->error[0]) {
      const struct agx_isa_op_info *info = agx_isa_op_info(I->op);
      asahi_sim_error(g, s, "%s is not executed by the simulator",
                      info ? info->name : "?");
   }
   return s;
}

enum asahi_sim_status
asahi_sim_exec_bytes(struct asahi_sim_group *g, const uint8_t *bytes,
                     size_t avail, unsigned *length_out)
{
   struct agx_isa_instr I;
   int len = agx_isa_decode(bytes, avail, &I);

   g->error[0] = 0;
   memset(g->written, 0, sizeof(g->written));
   if (len <= 0) {
      if (length_out)
         *length_out = 0;
      return asahi_sim_error(g, ASAHI_SIM_ERR_DECODE, "decode: %s",
                             agx_isa_error_string(len));
   }
   if (length_out)
      *length_out = (unsigned)len;

   struct asahi_sim_exec x = {
      .I = &I,
      .pc = g->pc,
      .next_pc = g->pc + (unsigned)len,
   };
   enum asahi_sim_status s = asahi_sim_execute(g, &x);
   for (unsigned w = 0; w < ASAHI_SIM_GPRS / 32; w++)
      g->dirty[w] |= g->written[w];
   return s;
}

enum asahi_sim_status
asahi_sim_step(struct asahi_sim_group *g)
{
   uint64_t budget = g->budget ? g->budget : ASAHI_SIM_DEFAULT_BUDGET;
   if (g->executed >= budget)
      return asahi_sim_error(g, ASAHI_SIM_BUDGET,
                             "budget of %llu instructions exhausted at pc "
                             "0x%llx",
                             (unsigned long long)budget,
                             (unsigned long long)g->pc);

   g->error[0] = 0;
   memset(g->written, 0, sizeof(g->written));

   if (g->pc >= g->code_size) {
      g->fault = (struct asahi_sim_fault){
         .addr = g->code_base + g->pc,
         .write = false,
         .unit = ASAHI_SIM_UNIT_FETCH,
      };
      g->faulted = true;
      return asahi_sim_error(g, ASAHI_SIM_FAULT,
                             "instruction fetch outside the code at pc "
                             "0x%llx",
                             (unsigned long long)g->pc);
   }

   /* Decoding costs more than executing most instructions: cache it.
    * The copy keeps the instruction stable while it executes. */
   struct asahi_sim_decoded *slot =
      &g->decode_cache[(g->pc >> 1) % ASAHI_SIM_DECODE_CACHE];
   size_t window = g->code_size - g->pc;
   if (window > AGX_ISA_MAX_LENGTH)
      window = AGX_ISA_MAX_LENGTH;
   if (slot->tag == g->pc + 1 && slot->epoch != g->code_epoch) {
      /* Decoded in an earlier epoch: still right if the bytes are. */
      if (slot->nr_bytes == window &&
          !memcmp(slot->bytes, g->code + g->pc, window))
         slot->epoch = g->code_epoch;
      else
         slot->tag = 0;
   }
   if (slot->tag != g->pc + 1) {
      int len = agx_isa_decode(g->code + g->pc, g->code_size - g->pc,
                               &slot->instr);
      if (len <= 0) {
         slot->tag = 0;
         return asahi_sim_error(g, ASAHI_SIM_ERR_DECODE,
                                "decode at pc 0x%llx: %s",
                                (unsigned long long)g->pc,
                                agx_isa_error_string(len));
      }
      slot->tag = g->pc + 1;
      slot->epoch = g->code_epoch;
      slot->nr_bytes = (uint8_t)window;
      memcpy(slot->bytes, g->code + g->pc, window);
   }
   /* Executing never decodes (only asahi_sim_step and asahi_sim_set_code
    * touch the cache), so the slot stays as it is until the next step. */
   const struct agx_isa_instr *Ip = &slot->instr;

   struct asahi_sim_exec x = {
      .I = Ip,
      .pc = g->pc,
      .next_pc = g->pc + Ip->length,
   };
   enum asahi_sim_status s = asahi_sim_execute(g, &x);
   g->executed++;
   for (unsigned w = 0; w < ASAHI_SIM_GPRS / 32; w++)
      g->dirty[w] |= g->written[w];

   if (g->trace) {
      char text[256];
      if (agx_isa_print(Ip, true, g->code_base + g->pc, text, sizeof(text)) < 0)
         snprintf(text, sizeof(text), "?");
      g->trace(g->trace_user, g, g->pc, text);
   }

   if (s == ASAHI_SIM_RUNNING || s == ASAHI_SIM_BARRIER)
      g->pc = x.next_pc;
   return s;
}

static bool
at_breakpoint(const struct asahi_sim_group *g)
{
   for (unsigned i = 0; i < g->nr_breakpoints; i++) {
      if (g->breakpoints[i] == g->pc)
         return true;
   }
   return false;
}

enum asahi_sim_status
asahi_sim_step_n(struct asahi_sim_group *g, uint64_t n)
{
   for (uint64_t i = 0; i < n; i++) {
      enum asahi_sim_status s = asahi_sim_step(g);
      if (s != ASAHI_SIM_RUNNING)
         return s;
   }
   return ASAHI_SIM_RUNNING;
}

enum asahi_sim_status
asahi_sim_run(struct asahi_sim_group *g)
{
   bool skip_break = g->resume_from_breakpoint;
   g->resume_from_breakpoint = false;

   for (;;) {
      if (!skip_break && at_breakpoint(g)) {
         g->resume_from_breakpoint = true;
         return ASAHI_SIM_BREAKPOINT;
      }
      skip_break = false;

      enum asahi_sim_status s = asahi_sim_step(g);
      if (s != ASAHI_SIM_RUNNING)
         return s;
   }
}

void *
asahi_sim_simple_translate(void *user, uint64_t va, size_t size, bool write)
{
   struct asahi_sim_simple_mem *m = user;
   for (unsigned i = 0; i < m->nr_regions; i++) {
      struct asahi_sim_region *r = &m->regions[i];
      if (va >= r->va && size <= r->size && va - r->va <= r->size - size) {
         if (write && !r->writable)
            return NULL;
         return r->data + (va - r->va);
      }
   }
   return NULL;
}
