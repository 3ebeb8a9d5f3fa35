/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * State of the drm_asahi drm-shim backends, shared by the ioctl handlers
 * (asahi_shim_ioctls.c), the submit checker (asahi_shim_submit.c), the
 * submission dump (asahi_shim_dump.c) and the simulator (asahi_sim.c).  Error codes follow the Asahi
 * kernel driver (AsahiLinux/linux drivers/gpu/drm/asahi/file.rs).
 */
#ifndef ASAHI_SHIM_H
#define ASAHI_SHIM_H

#include <stdbool.h>
#include <sys/types.h>

#include "drm-shim/drm_shim.h"
#include "drm-uapi/asahi_drm.h"

/* The GPU page: 16 KiB (UAT page size in AsahiLinux/linux
 * drivers/gpu/drm/asahi/mmu.rs). */
#define ASAHI_SHIM_PAGE_SIZE 0x4000ull

/* The VA window K reports: [UAT page, 2^39 - 2 pages) (K mmu.rs
 * IOVA_USER_USABLE_RANGE).
 */
#define ASAHI_SHIM_VM_START 0x4000ull
#define ASAHI_SHIM_VM_END ((1ull << 39) - 2 * ASAHI_SHIM_PAGE_SIZE)
#define ASAHI_SHIM_VM_KERNEL_MIN_SIZE 0x20000000ull
#define ASAHI_SHIM_MAX_COMMANDS 64
#define ASAHI_SHIM_MAX_ATTACHMENTS 16

struct asahi_shim_mapping {
   uint64_t addr, range;
   struct shim_bo *bo; /* holds a reference */
   uint64_t offset;    /* into bo */
   uint32_t flags;     /* DRM_ASAHI_BIND_* */
};

/* The identity a VM shares with its VM-private BOs (the kernel's shared
 * reservation object).  Refcounted apart from the VM so that a BO can
 * outlive its VM without a reference cycle through the VM's mappings.
 */
struct asahi_shim_resv {
   unsigned refcount; /* the VM and each of its private BOs */
};

struct asahi_shim_vm {
   unsigned refcount; /* the VM id and every queue on it */
   struct asahi_shim_resv *resv;
   uint64_t kernel_start, kernel_end;
   /* The address map (asahi_shim_vm.c): disjoint mappings by address. */
   struct asahi_shim_vm_node *root;
   uint32_t treap_seed;
};

/* Map m (taking a BO reference), replacing whatever was mapped in its
 * range.  0 or -ENOMEM, which leaves the map as it was. */
int asahi_shim_vm_bind(struct asahi_shim_vm *vm,
                       const struct asahi_shim_mapping *m);
/* Unmap [start, end), splitting mappings that straddle its ends. */
int asahi_shim_vm_unbind(struct asahi_shim_vm *vm, uint64_t start,
                         uint64_t end);
/* The mapping that contains va, or NULL. */
const struct asahi_shim_mapping *
asahi_shim_vm_find(const struct asahi_shim_vm *vm, uint64_t va);
/* Every mapping, in address order. */
void asahi_shim_vm_foreach(const struct asahi_shim_vm *vm,
                           void (*fn)(const struct asahi_shim_mapping *m,
                                      void *data),
                           void *data);
/* Unmap everything (the VM is going away). */
void asahi_shim_vm_clear(struct asahi_shim_vm *vm);

struct asahi_shim_job;

/* A queue runs its submissions in order, each once its in-fences have
 * signalled: on a worker thread of its own (asahi_shim_queue.c) when the
 * backend executes commands, inline in SUBMIT otherwise (the no-op
 * backend, or ASAHI_SIM_DEBUG=sync). */
struct asahi_shim_queue {
   struct asahi_shim_vm *vm;
   uint64_t usc_exec_base;
   uint32_t priority;
   uint64_t submit_count;
   /* Jobs not yet run, oldest first (the lock guards them). */
   struct asahi_shim_job *jobs, **jobs_tail;
   bool worker;   /* a worker thread owns the queue */
   pid_t worker_pid;
   bool dying;    /* destroyed: the worker frees it when idle */
};

/* Where a command writes a timestamp: resolved at submit time, holding a
 * BO reference (bo NULL: no timestamp). */
struct asahi_shim_ts {
   struct shim_bo *bo;
   uint64_t offset;
};

/* One accepted submission. */
struct asahi_shim_job {
   struct asahi_shim_job *next;
   struct asahi_shim_vm *vm; /* holds a reference */
   uint64_t usc_exec_base;
   uint8_t *cmdbuf;
   size_t size;
   /* Per hardware command in order: 4 for a render (vertex start, end,
    * fragment start, end), 2 for a compute (start, end). */
   struct asahi_shim_ts *ts;
   unsigned ts_count;
   struct shim_fence **in; /* waited for before it runs */
   unsigned in_count;
   struct shim_fence *out; /* signalled when it has run, with its error */
};

struct asahi_shim_object {
   struct shim_bo *bo;
   uint64_t offset, range;
};

struct asahi_shim_file {
   struct shim_idr *vms, *queues, *objects;
};

static inline struct asahi_shim_file *
asahi_shim_file(struct shim_file *file)
{
   return file->driver_priv;
}

int asahi_shim_submit(struct shim_file *file, void *arg);

/* Fill in the shared driver description (called by each backend's
 * drm_shim_driver_init). */
void asahi_shim_driver_setup(struct shim_driver *driver, const char *desc);

/* Runs an accepted submission's commands, in order, with the lock held;
 * NULL in the no-op backend.  Returns 0, or the error of the first
 * command that failed, as the kernel sets it on the job's fence
 * (AsahiLinux/linux drivers/gpu/drm/asahi/workqueue.rs, WorkError):
 * -EIO for a GPU fault, -ETIMEDOUT for a timeout, -ENODATA for anything
 * else.  Later commands still run. */
extern int (*asahi_shim_execute)(struct asahi_shim_job *job);
/* Run jobs inline in SUBMIT even when asahi_shim_execute is set. */
extern bool asahi_shim_sync_submit;

/* Queue the job (or run it at once, see struct asahi_shim_queue). */
int asahi_shim_queue_push(struct asahi_shim_queue *q,
                          struct asahi_shim_job *job);
/* Run one job (in-fences signalled) and signal its out-fence. */
void asahi_shim_job_run(struct asahi_shim_job *job);
void asahi_shim_job_free(struct asahi_shim_job *job);
/* The queue is destroyed: free it now, or let its worker do so. */
void asahi_shim_queue_release(struct asahi_shim_queue *q);
/* Drop a VM reference (asahi_shim_ioctls.c). */
void asahi_shim_vm_unref(struct asahi_shim_vm *vm);

/* Write one submission as an agxdecode dump into dir; 0 or -errno. */
int asahi_shim_dump(const char *dir, struct asahi_shim_queue *queue,
                    const void *cmdbuf, size_t cmdbuf_size);

#endif
