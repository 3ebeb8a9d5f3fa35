/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The simulator drm_asahi backend (libasahi_sim_drm_shim.so): the same
 * ioctls as the no-op backend (asahi_shim_ioctls.c), and every accepted
 * submission is executed by src/asahi/sim on its queue's worker thread
 * (asahi_shim_queue.c; inside SUBMIT with ASAHI_SIM_DEBUG=sync) before
 * its fence signals.  GEM objects are host
 * memory; GPU addresses resolve through the queue's VM mappings with
 * their READ/WRITE permissions; the commands of a submission run in
 * order, under the shim lock, so every barrier holds.  A command that
 * faults, times out or cannot be executed ends there: the fault (unit,
 * address, read or write) is printed on stderr, as the kernel logs it,
 * the next command still runs, and the submission's fence signals with
 * the kernel's error for it (-EIO, -ETIMEDOUT, -ENODATA), which userspace
 * reads through a sync_file's status.  Timestamps requested by a command
 * are written to their bound objects in nanoseconds.
 *
 * ASAHI_SIM_DEBUG=trace,faults,shaders (docs/simulator.rst).
 */
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "asahi/sim/asahi_sim_gpu.h"
#include "asahi_shim.h"

static uint32_t sim_debug;

/* SIMD groups kept from one command to the next (gpu->groups): their
 * decoded programs outlive the command, checked against the code bytes at
 * each use (asahi_sim_group_pool.c).  Commands run one at a time under the
 * device lock, which guards it; made at the first command, it lives as
 * long as the device (the process). */
static struct asahi_sim_group_pool *kept_groups;

/* The VM as one command sees it: the address map cannot change while the
 * command runs (binds need the device lock, which the executing job
 * holds), so the last mappings found are kept and tried first.  A render
 * touches a handful of BOs (render targets, textures, code, uniforms) a
 * great many times; the tree walk was the shim's largest cost. */
#define VM_CACHE_SIZE 4

struct vm_view {
   const struct asahi_shim_vm *vm;
   const struct asahi_shim_mapping *recent[VM_CACHE_SIZE];
};

static const struct asahi_shim_mapping *
vm_view_find(struct vm_view *v, uint64_t va)
{
   for (unsigned i = 0; i < VM_CACHE_SIZE; i++) {
      const struct asahi_shim_mapping *m = v->recent[i];
      if (!m)
         break;
      if (va - m->addr < m->range) {
         /* Move to the front: the next look-up most likely hits it. */
         for (unsigned j = i; j > 0; j--)
            v->recent[j] = v->recent[j - 1];
         v->recent[0] = m;
         return m;
      }
   }
   const struct asahi_shim_mapping *m = asahi_shim_vm_find(v->vm, va);
   if (m) {
      for (unsigned j = VM_CACHE_SIZE - 1; j > 0; j--)
         v->recent[j] = v->recent[j - 1];
      v->recent[0] = m;
   }
   return m;
}

static void *
vm_lookup(void *user, uint64_t va, bool write, uint64_t *avail)
{
   const struct asahi_shim_mapping *m = vm_view_find(user, va);
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
write_timestamp(const struct asahi_shim_job *job, unsigned i)
{
   if (i >= job->ts_count || !job->ts[i].bo)
      return;
   uint64_t now = (uint64_t)drm_shim_now_ns();
   memcpy((uint8_t *)job->ts[i].bo->map + job->ts[i].offset, &now,
          sizeof(now));
}

/* The error the kernel gives the job's fence for a failed command
 * (AsahiLinux/linux drivers/gpu/drm/asahi/workqueue.rs, WorkError into
 * kernel::error::Error): EIO for a fault, ETIMEDOUT for a timeout,
 * ENODATA for an unknown failure (here: a stream the simulator cannot
 * execute). */
static int
result_errno(enum asahi_sim_result r)
{
   switch (r) {
   case ASAHI_SIM_RESULT_OK:
      return 0;
   case ASAHI_SIM_RESULT_FAULT:
      return -EIO;
   case ASAHI_SIM_RESULT_TIMEOUT:
      return -ETIMEDOUT;
   default:
      return -ENODATA;
   }
}

/* Run one hardware command: its payload zero-extended into the UAPI
 * struct, timestamps around it.  A failure is reported on stderr, as the
 * kernel logs a GPU fault, naming the unit, address and direction. */
static int
run_command(const struct asahi_shim_job *job, uint16_t type,
            const uint8_t *payload, size_t size, unsigned index,
            unsigned *ts)
{
   struct vm_view view = {.vm = job->vm};
   if (!kept_groups)
      kept_groups = asahi_sim_group_pool_create(); /* NULL: per command */
   struct asahi_sim_gpu gpu = {
      .lookup = vm_lookup,
      .user = &view,
      .usc_base = job->usc_exec_base,
      .debug = sim_debug,
      .groups = kept_groups,
   };
   enum asahi_sim_result r;
   const char *what;

   if (type == DRM_ASAHI_CMD_RENDER) {
      struct drm_asahi_cmd_render cmd;
      memset(&cmd, 0, sizeof(cmd));
      memcpy(&cmd, payload, size < sizeof(cmd) ? size : sizeof(cmd));
      write_timestamp(job, (*ts)++);
      r = asahi_sim_execute_render(&gpu, &cmd);
      write_timestamp(job, (*ts)++);
      write_timestamp(job, (*ts)++);
      write_timestamp(job, (*ts)++);
      what = "render";
   } else {
      struct drm_asahi_cmd_compute cmd;
      memset(&cmd, 0, sizeof(cmd));
      memcpy(&cmd, payload, size < sizeof(cmd) ? size : sizeof(cmd));
      write_timestamp(job, (*ts)++);
      r = asahi_sim_execute_compute(&gpu, &cmd);
      write_timestamp(job, (*ts)++);
      what = "compute";
   }
   if (r == ASAHI_SIM_RESULT_FAULT && gpu.faulted) {
      fprintf(stderr,
              "asahi-sim: GPU fault in %s command %u: %s %s at 0x%" PRIx64
              " (%s)\n",
              what, index, asahi_sim_unit_string(gpu.fault.unit),
              gpu.fault.write ? "write" : "read", gpu.fault.addr, gpu.error);
   } else if (r != ASAHI_SIM_RESULT_OK) {
      fprintf(stderr, "asahi-sim: %s command %u failed (%s): %s\n", what,
              index, asahi_sim_result_string(r), gpu.error);
   }
   return result_errno(r);
}

static int
sim_execute(struct asahi_shim_job *job)
{
   unsigned index = 0, ts = 0;
   int error = 0;
   for (size_t off = 0; off + sizeof(struct drm_asahi_cmd_header) <=
                        job->size;) {
      struct drm_asahi_cmd_header h;
      memcpy(&h, job->cmdbuf + off, sizeof(h));
      off += sizeof(h);
      const uint8_t *payload = job->cmdbuf + off;
      off += h.size;

      /* Attachment records are hints: nothing to run.  A failed command
       * ends with its error; the next one still runs, and the job's fence
       * keeps the first error. */
      if (h.cmd_type == DRM_ASAHI_CMD_RENDER ||
          h.cmd_type == DRM_ASAHI_CMD_COMPUTE) {
         /* Between commands, let ioctls (and other queues) in: the job
          * holds what it needs (its VM, timestamp BOs, a copy of the
          * command buffer); binds made meanwhile are seen by the next
          * command, as on the GPU. */
         if (index) {
            drm_shim_unlock();
            sched_yield();
            drm_shim_lock();
         }
         int r = run_command(job, h.cmd_type, payload, h.size, index++, &ts);
         if (!error)
            error = r;
      }
   }
   return error;
}

int
drm_shim_driver_init(struct shim_driver *driver)
{
   asahi_shim_driver_setup(driver, "Apple AGX GPU (drm-shim, simulator)");
   sim_debug = asahi_sim_debug_parse(getenv("ASAHI_SIM_DEBUG"));
   asahi_shim_execute = sim_execute;
   asahi_shim_sync_submit = sim_debug & ASAHI_SIM_DEBUG_SYNC;
   return 0;
}
