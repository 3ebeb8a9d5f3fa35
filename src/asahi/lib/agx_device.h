/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The winsys: an open drm_asahi device, its VM and VA layout, queues,
 * timestamps and command submission.  Buffer objects are in agx_bo.h.
 *
 * Every function that talks to the kernel returns 0 or a negative errno.
 * On failure a message naming the ioctl and the error is kept in
 * dev->error (and logged with u_loge); nothing aborts on a kernel error.
 */
#ifndef AGX_DEVICE_H
#define AGX_DEVICE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "drm-uapi/asahi_drm.h"
#include "util/list.h"
#include "agx_va.h"

struct hash_table;

/* ASAHI_MESA_DEBUG flags. */
enum agx_dbg {
   AGX_DBG_TRACE = 1 << 0,      /* log every ioctl */
   AGX_DBG_SYNC = 1 << 1,       /* wait for each submission to finish */
   AGX_DBG_STATS = 1 << 2,      /* print counters when the device closes */
   AGX_DBG_RESOURCE = 1 << 3,   /* log BO creation, import, export, free */
   AGX_DBG_NOCACHE = 1 << 4,    /* do not recycle freed BOs */
   AGX_DBG_NOWC = 1 << 5,       /* map every BO write-back (cached) */
   AGX_DBG_PRECOMPILE = 1 << 6, /* driver: compile a variant per new shader */
   AGX_DBG_PERF = 1 << 7,       /* driver: log slow paths, flush reasons */
};

uint64_t agx_get_debug_flags(void);

/* The GPU page, the unit of binds. */
#define AGX_PAGE_SIZE 0x4000ull
/* The shader heap: 4 GiB, 4 GiB aligned; USC pointers are 32-bit offsets
 * from its base (drm_asahi_queue_create::usc_exec_base).
 */
#define AGX_USC_HEAP_SIZE (1ull << 32)
/* Addresses below this stay unmapped so that small out-of-bounds offsets
 * fault or read zero (M agx_open_device).
 */
#define AGX_LOW_VA_RESERVED (1ull << 36)
/* The kernel carve-out we ask for: at least vm_kernel_min_size. */
#define AGX_KERNEL_VA_SIZE (32ull << 30)

#define AGX_BO_CACHE_BUCKETS 16

struct agx_device {
   int fd;
   bool owns_fd;
   uint64_t debug;
   char error[256];

   struct drm_asahi_params_global params;
   char name[64]; /* "Apple M1 (G13G B1)" */

   uint32_t vm_id;
   uint64_t kernel_start, kernel_end;
   uint64_t usc_base; /* shader heap base = usc_exec_base */
   struct agx_va_heap usc_heap, general_heap;

   pthread_mutex_t lock; /* heaps, cache, handle table */
   struct hash_table *bo_by_handle;
   struct list_head bo_cache[AGX_BO_CACHE_BUCKETS];
   uint64_t bo_cache_size_B;

   struct {
      uint64_t submits, submit_ioctls, commands;
      uint64_t bo_allocs, bo_cache_hits, bo_imports, bo_exports;
   } stats;
};

/* Open the device: fd >= 0 uses that fd (not closed by agx_close_device);
 * fd < 0 opens the first render node whose DRM driver is "asahi".
 */
int agx_open_device(struct agx_device *dev, int fd);
void agx_close_device(struct agx_device *dev);

/* Marketing name of a chip id (0x8103 -> "M1"), NULL when unknown. */
const char *agx_chip_name(uint32_t chip_id);
/* "Apple M1 (G13G B1)" from params. */
void agx_device_name(const struct drm_asahi_params_global *params, char *out,
                     size_t size);

/* An ioctl with error reporting: 0 or -errno; name is for messages. */
int agx_ioctl(struct agx_device *dev, unsigned long request, void *arg,
              const char *name);

int agx_get_gpu_timestamp(struct agx_device *dev, uint64_t *ns);

int agx_queue_create(struct agx_device *dev, uint32_t priority,
                     uint32_t *queue_id);
int agx_queue_destroy(struct agx_device *dev, uint32_t queue_id);

/* VM_BIND of one range; flags are DRM_ASAHI_BIND_*. */
int agx_vm_bind(struct agx_device *dev, uint32_t handle, uint64_t offset,
                uint64_t range, uint64_t va, uint32_t flags);
int agx_vm_unbind(struct agx_device *dev, uint64_t va, uint64_t range);

/* ---- command buffers ------------------------------------------------- */

/* A list of commands for one queue, any length.  Barrier indices count
 * commands from the start of this list: 0 waits for all earlier work on
 * that sub-queue, N for the first N commands of that sub-queue here,
 * DRM_ASAHI_BARRIER_NONE for nothing.  agx_submit() splits it into ioctls
 * of at most max_commands_per_submission commands and fixes the indices.
 */
struct agx_cmdbuf {
   uint8_t *data;
   size_t size, capacity;
   unsigned vdm_count, cdm_count;
   bool failed; /* out of memory or a bad barrier while building */
};

void agx_cmdbuf_init(struct agx_cmdbuf *cmdbuf);
void agx_cmdbuf_fini(struct agx_cmdbuf *cmdbuf);
bool agx_cmdbuf_add_render(struct agx_cmdbuf *cmdbuf,
                           const struct drm_asahi_cmd_render *render,
                           uint16_t vdm_barrier, uint16_t cdm_barrier);
bool agx_cmdbuf_add_compute(struct agx_cmdbuf *cmdbuf,
                            const struct drm_asahi_cmd_compute *compute,
                            uint16_t vdm_barrier, uint16_t cdm_barrier);
/* type is one of DRM_ASAHI_SET_*_ATTACHMENTS; applies to the next
 * hardware command.
 */
bool agx_cmdbuf_add_attachments(struct agx_cmdbuf *cmdbuf, uint16_t type,
                                const struct drm_asahi_attachment *att,
                                unsigned count);

static inline unsigned
agx_cmdbuf_command_count(const struct agx_cmdbuf *cmdbuf)
{
   return cmdbuf->vdm_count + cmdbuf->cdm_count;
}

/* Submit: in-syncs are waited on before any command runs, out-syncs are
 * signalled when all have finished.  Returns 0 or -errno; *ioctls (may be
 * NULL) gets the number of SUBMIT ioctls issued.
 */
int agx_submit(struct agx_device *dev, uint32_t queue_id,
               const struct agx_cmdbuf *cmdbuf,
               const struct drm_asahi_sync *in_syncs, unsigned in_count,
               const struct drm_asahi_sync *out_syncs, unsigned out_count,
               unsigned *ioctls);

#endif
