/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Replay of an agxdecode dump (src/asahi/lib/decode_dump.h, written by the
 * drm-shim with ASAHI_SHIM_DUMP): the dump's regions become writable GPU
 * memory and the drm_asahi command buffer in it runs, command by command,
 * through the same executor as the simulator shim.
 */

#include <stdlib.h>
#include <string.h>

#include "asahi/lib/decode_dump.h"
#include "asahi_sim_replay.h"

struct region {
   uint64_t va, size;
   uint8_t *data;
};

struct replay_mem {
   struct region *regions;
   unsigned count;
};

static void *
replay_lookup(void *user, uint64_t va, bool write, uint64_t *avail)
{
   struct replay_mem *m = user;
   for (unsigned i = 0; i < m->count; i++) {
      const struct region *r = &m->regions[i];
      if (va >= r->va && va - r->va < r->size) {
         *avail = r->size - (va - r->va);
         return r->data + (va - r->va);
      }
   }
   return NULL;
}

bool
asahi_sim_replay(const void *dump_bytes, size_t size, uint32_t debug,
                 struct asahi_sim_replay_result *res)
{
   struct agx_dump dump;
   const char *why = NULL;
   memset(res, 0, sizeof(*res));
   if (!agx_dump_read(dump_bytes, size, &dump, &why)) {
      snprintf(res->error, sizeof(res->error), "%s", why);
      return false;
   }
   if (dump.submission_kind != AGX_DUMP_SUBMISSION_DRM_ASAHI) {
      snprintf(res->error, sizeof(res->error),
               "the dump holds no drm_asahi submission");
      return false;
   }

   struct replay_mem mem = {0};
   mem.regions = calloc(dump.region_count ? dump.region_count : 1,
                        sizeof(*mem.regions));
   if (!mem.regions) {
      snprintf(res->error, sizeof(res->error), "out of memory");
      return false;
   }
   const uint8_t *cursor = NULL;
   uint32_t index;
   struct agx_dump_region reg;
   bool ok = true;
   while (ok && agx_dump_next_region(&dump, &cursor, &index, &reg)) {
      struct region *r = &mem.regions[mem.count];
      r->va = reg.va;
      r->size = reg.size_B;
      r->data = malloc(reg.size_B ? reg.size_B : 1);
      if (!r->data) {
         snprintf(res->error, sizeof(res->error), "out of memory");
         ok = false;
         break;
      }
      memcpy(r->data, reg.data, reg.size_B);
      mem.count++;
   }

   struct asahi_sim_gpu gpu = {
      .lookup = replay_lookup,
      .user = &mem,
      .usc_base = dump.usc_exec_base,
      .debug = debug,
   };
   const uint8_t *buf = dump.submission;
   size_t len = (size_t)dump.submission_size_B;
   for (size_t off = 0; ok && off + sizeof(struct drm_asahi_cmd_header) <= len;) {
      struct drm_asahi_cmd_header h;
      memcpy(&h, buf + off, sizeof(h));
      off += sizeof(h);
      if (h.size > len - off)
         break;
      const uint8_t *payload = buf + off;
      off += h.size;

      enum asahi_sim_result r;
      if (h.cmd_type == DRM_ASAHI_CMD_RENDER) {
         struct drm_asahi_cmd_render cmd;
         memset(&cmd, 0, sizeof(cmd));
         memcpy(&cmd, payload, h.size < sizeof(cmd) ? h.size : sizeof(cmd));
         r = asahi_sim_execute_render(&gpu, &cmd);
      } else if (h.cmd_type == DRM_ASAHI_CMD_COMPUTE) {
         struct drm_asahi_cmd_compute cmd;
         memset(&cmd, 0, sizeof(cmd));
         memcpy(&cmd, payload, h.size < sizeof(cmd) ? h.size : sizeof(cmd));
         r = asahi_sim_execute_compute(&gpu, &cmd);
      } else {
         continue;
      }
      res->commands++;
      if (r != ASAHI_SIM_RESULT_OK) {
         res->failed++;
         if (!res->error[0])
            snprintf(res->error, sizeof(res->error), "command %u: %s: %s",
                     res->commands - 1, asahi_sim_result_string(r),
                     gpu.error);
      }
   }
   res->vertices = gpu.vertices;
   res->primitives = gpu.primitives;
   res->fragments = gpu.fragments;
   res->threads = gpu.threads;

   for (unsigned i = 0; i < mem.count; i++)
      free(mem.regions[i].data);
   free(mem.regions);
   return ok && res->failed == 0;
}
