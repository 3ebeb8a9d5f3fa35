/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The simulator drm_asahi backend (libasahi_sim_drm_shim.so): the same
 * ioctls as the no-op backend (asahi_shim_ioctls.c), and every accepted
 * submission is executed by src/asahi/sim before its out-syncs signal.
 * GEM objects are host memory; GPU addresses resolve through the queue's
 * VM mappings with their READ/WRITE permissions; commands run in order,
 * synchronously, under the shim lock.  A command that faults or fails is
 * reported on stderr and skipped; the next one still runs, and the ioctl
 * succeeds (the UAPI has no per-command result).  Timestamps requested by
 * a command are written to their bound objects in nanoseconds.  Render
 * and compute commands run in submission order (one queue, synchronous,
 * so every barrier holds).
 *
 * ASAHI_SIM_DEBUG=trace,faults,shaders (docs/simulator.rst).
 */
#include <stdlib.h>
#include <string.h>

#include "asahi/sim/asahi_sim_gpu.h"
#include "asahi_shim.h"

static uint32_t sim_debug;

static void *
vm_lookup(void *user, uint64_t va, bool write, uint64_t *avail)
{
   const struct asahi_shim_vm *vm = user;
   const struct asahi_shim_mapping *m = asahi_shim_vm_find(vm, va);
   if (!m)
      return NULL;
   uint32_t need = write ? DRM_ASAHI_BIND_WRITE : DRM_ASAHI_BIND_READ;
   if (!(m->flags & need))
      return NULL;
   uint64_t rel = va - m->addr;
   uint8_t *base = (uint8_t *)m->bo->map + m->offset;
   if (m->flags & DRM_ASAHI_BIND_SINGLE_PAGE) {
      uint64_t in_page = rel % ASAHI_SHIM_PAGE_SIZE;
      *avail = ASAHI_SHIM_PAGE_SIZE - in_page;
      return base + in_page;
   }
   *avail = m->range - rel;
   return base + rel;
}

static void
write_timestamp(struct shim_file *file, struct drm_asahi_timestamp ts)
{
   if (!ts.handle)
      return;
   struct asahi_shim_object *obj =
      shim_idr_get(asahi_shim_file(file)->objects, ts.handle);
   /* The submit checker made sure the object exists with room. */
   if (!obj)
      return;
   uint64_t now = (uint64_t)drm_shim_now_ns();
   memcpy((uint8_t *)obj->bo->map + obj->offset + ts.offset, &now,
          sizeof(now));
}

/* Run one hardware command: its payload zero-extended into the UAPI
 * struct, timestamps around it, a failure reported on stderr. */
static void
run_command(struct shim_file *file, struct asahi_shim_queue *q,
            uint16_t type, const uint8_t *payload, size_t size,
            unsigned index)
{
   struct asahi_sim_gpu gpu = {
      .lookup = vm_lookup,
      .user = q->vm,
      .usc_base = q->usc_exec_base,
      .debug = sim_debug,
   };
   enum asahi_sim_result r;
   const char *what;

   if (type == DRM_ASAHI_CMD_RENDER) {
      struct drm_asahi_cmd_render cmd;
      memset(&cmd, 0, sizeof(cmd));
      memcpy(&cmd, payload, size < sizeof(cmd) ? size : sizeof(cmd));
      write_timestamp(file, cmd.ts_vtx.start);
      r = asahi_sim_execute_render(&gpu, &cmd);
      write_timestamp(file, cmd.ts_vtx.end);
      write_timestamp(file, cmd.ts_frag.start);
      write_timestamp(file, cmd.ts_frag.end);
      what = "render";
   } else {
      struct drm_asahi_cmd_compute cmd;
      memset(&cmd, 0, sizeof(cmd));
      memcpy(&cmd, payload, size < sizeof(cmd) ? size : sizeof(cmd));
      write_timestamp(file, cmd.ts.start);
      r = asahi_sim_execute_compute(&gpu, &cmd);
      write_timestamp(file, cmd.ts.end);
      what = "compute";
   }
   if (r != ASAHI_SIM_RESULT_OK) {
      fprintf(stderr, "asahi-sim: %s command %u failed (%s): %s\n", what,
              index, asahi_sim_result_string(r), gpu.error);
   }
}

static void
sim_execute(struct shim_file *file, struct asahi_shim_queue *q,
            const uint8_t *cmdbuf, size_t size)
{
   unsigned index = 0;
   for (size_t off = 0; off + sizeof(struct drm_asahi_cmd_header) <= size;) {
      struct drm_asahi_cmd_header h;
      memcpy(&h, cmdbuf + off, sizeof(h));
      off += sizeof(h);
      const uint8_t *payload = cmdbuf + off;
      off += h.size;

      /* Attachment records are hints: nothing to run. */
      if (h.cmd_type == DRM_ASAHI_CMD_RENDER ||
          h.cmd_type == DRM_ASAHI_CMD_COMPUTE)
         run_command(file, q, h.cmd_type, payload, h.size, index++);
   }
}

int
drm_shim_driver_init(struct shim_driver *driver)
{
   asahi_shim_driver_setup(driver, "Apple AGX GPU (drm-shim, simulator)");
   sim_debug = asahi_sim_debug_parse(getenv("ASAHI_SIM_DEBUG"));
   asahi_shim_execute = sim_execute;
   return 0;
}
