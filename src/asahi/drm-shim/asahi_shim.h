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

struct asahi_shim_queue {
   struct asahi_shim_vm *vm;
   uint64_t usc_exec_base;
   uint32_t priority;
   uint64_t submit_count;
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

/* Runs an accepted submission's commands, in order, before its out-syncs
 * are signalled (the lock is held).  NULL in the no-op backend.  A command
 * that fails does not fail the ioctl: the kernel reports nothing through
 * the UAPI either. */
extern void (*asahi_shim_execute)(struct shim_file *file,
                                  struct asahi_shim_queue *queue,
                                  const uint8_t *cmdbuf, size_t size);

/* Write one submission as an agxdecode dump into dir; 0 or -errno. */
int asahi_shim_dump(const char *dir, struct asahi_shim_queue *queue,
                    const void *cmdbuf, size_t cmdbuf_size);

#endif
