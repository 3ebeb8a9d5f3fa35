/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A compute command (struct drm_asahi_cmd_compute): the CDM control stream
 * at cdm_ctrl_stream_base, packet by packet (facts: alexvorxx/Mesa-VirGL
 * src/asahi/genxml/cmdbuf.xml "CDM" structs, src/gallium/drivers/asahi/
 * agx_state.c agx_launch; the walk is the one agxdecode prints):
 *  - launch: word 0 (counts, mode), word 1 (the USC word list), then for
 *    mode direct the global size (threads) and local size, for indirect
 *    global an indirect address (3 x u32: threadgroups per dimension, as
 *    Mesa's drivers pass the API's indirect buffer unchanged: agx_state.c
 *    agx_launch_grid, src/asahi/vulkan/hk_cmd_dispatch.c) and the local
 *    size, for indirect local an indirect address (6 x u32: global size in
 *    threads, taken like the direct form, then local size);
 *  - barrier (4 bytes; with `returns`, a return);
 *  - stream link (8 bytes, jump), stream terminate.
 *
 * A dispatch runs threadgroup by threadgroup.  A threadgroup of
 * lx * ly * lz threads is split into SIMD groups of 32 in x-major order;
 * they share threadgroup memory of the size the USC shared word asks for.
 * threadgroup_barrier makes a SIMD group wait until every other group of
 * its threadgroup has reached a barrier or finished.  Special registers:
 * threadgroup position (sr0-2), threads per threadgroup (sr4-6),
 * position in the threadgroup (sr48-50), in the grid (sr80-82), SIMD
 * group index (sr53).
 */

#include <stdlib.h>
#include <string.h>

#include "asahi_sim_cmd.h"

#define SIM_CDM_MAX_PACKETS (1u << 20)
#define SIM_MAX_TG_THREADS  1024
#define SIM_MAX_GRID        (1ull << 32)

struct dispatch {
   uint32_t global[3], local[3];
   struct sim_program prog;
};

static bool
run_threadgroup(struct asahi_sim_gpu *gpu, const struct dispatch *d,
                const uint32_t tg[3], struct asahi_sim_group *groups,
                uint8_t *local)
{
   uint32_t threads = d->local[0] * d->local[1] * d->local[2];
   unsigned nr_groups = (threads + ASAHI_SIM_LANES - 1) / ASAHI_SIM_LANES;
   bool waiting[SIM_MAX_TG_THREADS / ASAHI_SIM_LANES] = {false};
   bool done[SIM_MAX_TG_THREADS / ASAHI_SIM_LANES] = {false};

   memset(local, 0, d->prog.local_size_B);
   for (unsigned s = 0; s < nr_groups; s++) {
      struct asahi_sim_group *g = &groups[s];
      uint32_t launched = 0;
      uint32_t pos[ASAHI_SIM_LANES][3];
      for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
         uint32_t linear = s * ASAHI_SIM_LANES + t;
         uint32_t lp[3] = {linear % d->local[0],
                           (linear / d->local[0]) % d->local[1],
                           linear / (d->local[0] * d->local[1])};
         bool in = linear < threads;
         for (unsigned k = 0; k < 3; k++) {
            pos[t][k] = tg[k] * d->local[k] + lp[k];
            in = in && pos[t][k] < d->global[k];
         }
         if (in)
            launched |= 1u << t;
      }
      if (!launched) {
         done[s] = true;
         continue;
      }
      if (!sim_work(gpu, (unsigned)__builtin_popcount(launched)))
         return false;
      if (!sim_group_init(gpu, &d->prog, launched, g))
         return false;
      for (unsigned k = 0; k < 3; k++) {
         g->dispatch.threadgroup_position[k] = tg[k];
         g->dispatch.threads_per_threadgroup[k] = d->local[k];
         g->dispatch.dispatch_threads_per_tg[k] = d->local[k];
      }
      g->dispatch.first_thread_in_threadgroup = s * ASAHI_SIM_LANES;
      g->dispatch.simdgroup_index = s;
      memcpy(g->dispatch.grid_position, pos, sizeof(pos));
      g->local = local;
      g->local_size_B = d->prog.local_size_B;
      g->yield_at_barrier = true;
      gpu->threads += (unsigned)__builtin_popcount(launched);
   }

   for (;;) {
      bool any_running = false;
      for (unsigned s = 0; s < nr_groups; s++) {
         if (done[s] || waiting[s])
            continue;
         enum asahi_sim_status st = asahi_sim_run(&groups[s]);
         if (st == ASAHI_SIM_BARRIER) {
            waiting[s] = true;
         } else if (st == ASAHI_SIM_STOPPED) {
            done[s] = true;
         } else {
            return sim_group_report(gpu, &groups[s], st, "compute kernel");
         }
      }
      /* Everyone is at a barrier or finished: release the barrier. */
      for (unsigned s = 0; s < nr_groups; s++) {
         if (waiting[s]) {
            waiting[s] = false;
            any_running = true;
         }
      }
      if (!any_running)
         return true;
   }
}

static bool
dispatch(struct asahi_sim_gpu *gpu, struct dispatch *d)
{
   uint64_t tg_threads = (uint64_t)d->local[0] * d->local[1] * d->local[2];
   if (tg_threads == 0 || tg_threads > SIM_MAX_TG_THREADS)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "threadgroup of %u x %u x %u threads", d->local[0],
                      d->local[1], d->local[2]);
   uint32_t count[3];
   uint64_t total = 1;
   for (unsigned k = 0; k < 3; k++) {
      count[k] = (d->global[k] + d->local[k] - 1) / d->local[k];
      total *= count[k];
   }
   if (total == 0)
      return true;
   if (total * tg_threads > SIM_MAX_GRID)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "grid of %u x %u x %u threads is beyond the "
                      "simulator's limit",
                      d->global[0], d->global[1], d->global[2]);
   if (gpu->debug & ASAHI_SIM_DEBUG_TRACE)
      sim_log(gpu, "asahi-sim: dispatch %u x %u x %u threads in groups of "
                   "%u x %u x %u, %u B threadgroup memory\n",
              d->global[0], d->global[1], d->global[2], d->local[0],
              d->local[1], d->local[2], d->prog.local_size_B);

   unsigned nr_groups =
      (unsigned)((tg_threads + ASAHI_SIM_LANES - 1) / ASAHI_SIM_LANES);
   struct asahi_sim_group *groups = calloc(nr_groups, sizeof(*groups));
   uint8_t *local = malloc(d->prog.local_size_B ? d->prog.local_size_B : 1);
   bool ok = groups && local;
   if (!ok)
      sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
   for (uint32_t z = 0; ok && z < count[2]; z++) {
      for (uint32_t y = 0; ok && y < count[1]; y++) {
         for (uint32_t x = 0; ok && x < count[0]; x++) {
            const uint32_t tg[3] = {x, y, z};
            ok = run_threadgroup(gpu, d, tg, groups, local);
         }
      }
   }
   free(groups);
   free(local);
   /* the group objects are gone: so are their stacks */
   sim_release_stacks(gpu);
   return ok;
}

static bool
launch(struct asahi_sim_gpu *gpu, uint64_t va, uint32_t *length)
{
   uint8_t w[40];
   struct AGX_CDM_LAUNCH_WORD_0 w0;
   struct AGX_CDM_LAUNCH_WORD_1 w1;
   if (!sim_read(gpu, va, w, 8, "CDM launch"))
      return false;
   AGX_CDM_LAUNCH_WORD_0_unpack(NULL, w, &w0);
   AGX_CDM_LAUNCH_WORD_1_unpack(NULL, w + 4, &w1);

   uint32_t len = 8;
   switch (w0.mode) {
   case AGX_CDM_MODE_DIRECT:
      len += AGX_CDM_GLOBAL_SIZE_LENGTH + AGX_CDM_LOCAL_SIZE_LENGTH;
      break;
   case AGX_CDM_MODE_INDIRECT_GLOBAL:
      len += AGX_CDM_INDIRECT_LENGTH + AGX_CDM_LOCAL_SIZE_LENGTH;
      break;
   case AGX_CDM_MODE_INDIRECT_LOCAL:
      len += AGX_CDM_INDIRECT_LENGTH;
      break;
   default:
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "CDM launch at 0x%llx: mode %u",
                      (unsigned long long)va, (unsigned)w0.mode);
   }
   if (!sim_read(gpu, va, w, len, "CDM launch"))
      return false;
   *length = len;

   struct dispatch *d = calloc(1, sizeof(*d));
   if (!d)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
   unsigned offs = 8;
   bool ok = true;
   if (w0.mode == AGX_CDM_MODE_DIRECT) {
      for (unsigned k = 0; k < 3; k++)
         d->global[k] = sim_u32(w + offs + 4 * k);
      offs += AGX_CDM_GLOBAL_SIZE_LENGTH;
   } else {
      struct AGX_CDM_INDIRECT ind;
      AGX_CDM_INDIRECT_unpack(NULL, w + offs, &ind);
      uint64_t iva = (uint64_t)ind.address_hi << 32 | ind.address_lo;
      uint8_t args[24];
      unsigned n = w0.mode == AGX_CDM_MODE_INDIRECT_LOCAL ? 24 : 12;
      ok = sim_read(gpu, iva, args, n, "indirect dispatch");
      for (unsigned k = 0; ok && k < n / 4; k++) {
         if (k < 3)
            d->global[k] = sim_u32(args + 4 * k);
         else
            d->local[k - 3] = sim_u32(args + 4 * k);
      }
      offs += AGX_CDM_INDIRECT_LENGTH;
   }
   if (w0.mode != AGX_CDM_MODE_INDIRECT_LOCAL) {
      for (unsigned k = 0; k < 3; k++)
         d->local[k] = sim_u32(w + offs + 4 * k);
   }
   if (ok && w0.mode == AGX_CDM_MODE_INDIRECT_GLOBAL) {
      /* threadgroup counts -> threads */
      for (unsigned k = 0; k < 3; k++) {
         uint64_t t = (uint64_t)d->global[k] * d->local[k];
         d->global[k] = t > UINT32_MAX ? UINT32_MAX : (uint32_t)t;
      }
   }

   ok = ok && sim_program_load(gpu, gpu->usc_base + w1.pipeline,
                               "compute kernel", &d->prog);
   if (ok)
      sim_program_sampler_states(&d->prog, w0.sampler_states);
   ok = ok && dispatch(gpu, d);
   free(d);
   return ok;
}

static enum asahi_sim_result
execute_compute(struct asahi_sim_gpu *gpu,
                const struct drm_asahi_cmd_compute *cmd)
{
   gpu->result = ASAHI_SIM_RESULT_OK;
   gpu->error[0] = 0;
   gpu->faulted = false;
   gpu->work = 0;
   if (gpu->debug & ASAHI_SIM_DEBUG_TRACE)
      sim_log(gpu, "asahi-sim: compute, CDM 0x%llx\n",
              (unsigned long long)cmd->cdm_ctrl_stream_base);

   uint64_t va = cmd->cdm_ctrl_stream_base;
   bool ok = true, ended = false;
   for (unsigned n = 0; ok && !ended && n < SIM_CDM_MAX_PACKETS; n++) {
      uint8_t w[8];
      if (!sim_read(gpu, va, w, 4, "CDM control stream")) {
         ok = false;
         break;
      }
      unsigned type = w[3] >> 5;
      uint32_t length = 0;
      switch (type) {
      case AGX_CDM_BLOCK_TYPE_LAUNCH:
         ok = launch(gpu, va, &length);
         break;
      case AGX_CDM_BLOCK_TYPE_BARRIER: {
         struct AGX_CDM_BARRIER b;
         AGX_CDM_BARRIER_unpack(NULL, w, &b);
         if (b.returns) {
            /* CDM links never call, so there is nothing to return to. */
            ok = sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                          "CDM return at 0x%llx without a call",
                          (unsigned long long)va);
            break;
         }
         length = AGX_CDM_BARRIER_LENGTH;
         break;
      }
      case AGX_CDM_BLOCK_TYPE_STREAM_LINK: {
         struct AGX_CDM_STREAM_LINK l;
         if (!sim_read(gpu, va, w, 8, "CDM control stream")) {
            ok = false;
            break;
         }
         AGX_CDM_STREAM_LINK_unpack(NULL, w, &l);
         va = (uint64_t)l.target_hi << 32 | l.target_lo;
         continue;
      }
      case AGX_CDM_BLOCK_TYPE_STREAM_TERMINATE:
         ended = true;
         break;
      default:
         ok = sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                       "CDM block type %u at 0x%llx is not simulated", type,
                       (unsigned long long)va);
      }
      va += length;
   }
   if (ok && !ended)
      sim_fail(gpu, ASAHI_SIM_RESULT_TIMEOUT,
               "CDM control stream did not end within %u packets",
               SIM_CDM_MAX_PACKETS);

   if (gpu->result != ASAHI_SIM_RESULT_OK &&
       (gpu->debug & (ASAHI_SIM_DEBUG_FAULTS | ASAHI_SIM_DEBUG_TRACE)))
      sim_log(gpu, "asahi-sim: compute command failed (%s): %s\n",
              asahi_sim_result_string(gpu->result), gpu->error);
   return gpu->result;
}

enum asahi_sim_result
asahi_sim_execute_compute(struct asahi_sim_gpu *gpu,
                     const struct drm_asahi_cmd_compute *cmd)
{
   enum asahi_sim_result r = execute_compute(gpu, cmd);
   sim_release_stacks(gpu);
   return r;
}
