/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * drm-shim: a DRM render node faked in userspace.
 *
 * The shim has two halves.  The core (shim_device.c, shim_syncobj.c,
 * shim_uaccess.c) keeps the state a DRM device keeps per open file (GEM
 * handles, syncobj handles) and per device (buffer objects, their mmap
 * offsets, exported dma-bufs) and answers the DRM core ioctls; a driver
 * backend adds its own ioctls.  drm_shim.c is the LD_PRELOAD front that
 * makes a render node appear and routes open/ioctl/mmap/... on it to the
 * core.  Tests and fuzzers may use the core directly, in-process, through
 * drm_shim_file_open() and drm_shim_ioctl().
 *
 * Every ioctl handler returns 0 or a negative errno, like a kernel handler.
 * Pointers inside ioctl arguments are user pointers: read and write them
 * only with drm_shim_copy_from_user/_to_user, which fail with -EFAULT on
 * unmapped memory instead of crashing.
 */
#ifndef DRM_SHIM_H
#define DRM_SHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "drm.h"

#ifdef __cplusplus
extern "C" {
#endif

struct shim_file;
struct shim_bo;

/* An ioctl handler gets a kernel-side copy of the argument, zero-extended
 * to the size of "request" in its table entry; what it leaves there is
 * copied back for _IOC_READ requests.
 */
typedef int (*shim_ioctl_fn)(struct shim_file *file, void *arg);

struct shim_ioctl {
   unsigned long request; /* the canonical request code (its size) */
   shim_ioctl_fn handler;
};

enum shim_bus_type {
   SHIM_BUS_PLATFORM,
   SHIM_BUS_PCI,
};

/* Filled in by the backend's drm_shim_driver_init(). */
struct shim_driver {
   const char *name; /* DRM_IOCTL_VERSION name, e.g. "asahi" */
   const char *desc;
   const char *date;
   int version_major, version_minor, version_patchlevel;
   enum shim_bus_type bus;

   /* Driver ioctls, indexed by nr - DRM_COMMAND_BASE. */
   const struct shim_ioctl *ioctls;
   unsigned ioctl_count;

   /* Per-file backend state (file->driver_priv); may be NULL. */
   int (*file_open)(struct shim_file *file);
   void (*file_close)(struct shim_file *file);
   /* Called once before a BO's memory is released. */
   void (*bo_free)(struct shim_bo *bo);
   /* May bo be exported as a dma-buf?  0 or -errno. */
   int (*bo_export)(struct shim_bo *bo);

   /* Extra text files the front end serves (sysfs uevent ...): set with
    * drm_shim_override_file().
    */
};

/* Implemented by exactly one backend in each shim library. */
int drm_shim_driver_init(struct shim_driver *driver);

/* A GEM object.  Memory is shared memory, so mmap() of the DRM fd, dma-buf
 * export and the shim's own CPU view all see the same pages.  A BO is born
 * as shared anonymous memory and holds no file descriptor; the first
 * dma-buf export moves it into a memfd, which it then keeps
 * (shim_bo_memfd.c), so a process can hold as many BOs as memory allows,
 * not as many as its descriptor limit.
 */
struct shim_bo {
   unsigned refcount; /* handles, backend references, dma-bufs */
   uint64_t size;
   int memfd;            /* -1 until exported (or imported from a memfd) */
   bool exportable;      /* created shareable */
   void *map;            /* the shim's own mapping of all of it */
   uint64_t mmap_offset; /* 0 until drm_shim_bo_mmap_offset() */
   dev_t dev;            /* identity of the memfd, for prime import */
   ino_t ino;
   uint32_t flags; /* backend flags */
   void *driver_priv;
};

struct shim_file {
   unsigned refcount; /* fds referring to it */
   void *driver_priv;
   /* private to the core */
   struct shim_idr *bo_handles;
   struct shim_idr *syncobj_handles;
};

/* ---- core lifecycle --------------------------------------------------- */

/* Initialise the device on first use (calls drm_shim_driver_init).
 * Returns 0 or -errno.  Thread safe.
 */
int drm_shim_device_init(void);
const struct shim_driver *drm_shim_driver(void);

/* The whole core is serialised by one lock; drm_shim_ioctl takes it. */
void drm_shim_lock(void);
void drm_shim_unlock(void);

struct shim_file *drm_shim_file_open(void);
void drm_shim_file_ref(struct shim_file *file);
void drm_shim_file_unref(struct shim_file *file);

/* The ioctl entry point: 0 or -errno.  arg is the ioctl's argument in the
 * caller's memory (_IOC_SIZE(request) bytes); it may be NULL or bad, which
 * gives -EFAULT.
 */
int drm_shim_ioctl(struct shim_file *file, unsigned long request, void *arg);

/* mmap of the DRM fd: maps the BO pages at fake offset [offset, offset +
 * length) as mmap(2) would (addr, prot and flags as given).  Returns the
 * mapping, or MAP_FAILED with *err set to a positive errno value.
 */
void *drm_shim_mmap_bo(void *addr, uint64_t length, int prot, int flags,
                       uint64_t offset, int *err);

/* ---- user memory ------------------------------------------------------ */

int drm_shim_copy_from_user(void *dst, uint64_t user_ptr, size_t size);
int drm_shim_copy_to_user(uint64_t user_ptr, const void *src, size_t size);

/* For fuzzers driving the core in-process: only user memory that ok()
 * accepts is touched, the rest gives -EFAULT.  (A real process may point
 * an ioctl at any of its memory; a fuzzer that guesses our own heap's
 * addresses must not be able to scribble on it.)  NULL: no filter.
 */
void drm_shim_set_user_memory_filter(bool (*ok)(uint64_t ptr, size_t size));

/* ---- BOs (call with the lock held, i.e. from ioctl handlers) --------- */

/* New BO of size bytes (rounded up to page_size); -errno on failure.
 * No BO holds a file descriptor until it is exported; only exportable
 * ones may be. */
int drm_shim_bo_create(uint64_t size, bool exportable, struct shim_bo **out);
void drm_shim_bo_ref(struct shim_bo *bo);
void drm_shim_bo_unref(struct shim_bo *bo);
/* Handle in file for bo (new reference), or -errno. */
int drm_shim_bo_add_handle(struct shim_file *file, struct shim_bo *bo,
                           uint32_t *handle);
/* BO of a handle (no new reference), or NULL. */
struct shim_bo *drm_shim_bo_lookup(struct shim_file *file, uint32_t handle);
/* Assign (once) and return the fake mmap offset of bo. */
uint64_t drm_shim_bo_mmap_offset(struct shim_bo *bo);
/* Move bo into a memfd (bo->memfd) if it is not in one yet, keeping every
 * existing mapping of it in this process on the same memory.  0 or
 * -errno.  (shim_bo_memfd.c) */
int drm_shim_bo_give_memfd(struct shim_bo *bo);

/* ---- fences and syncobjs -------------------------------------------- */

/* A fence: unsignalled until drm_shim_fence_signal(), then for good, with
 * an error (0 or -errno, as dma_fence_set_error keeps it).  Refcounted;
 * all calls with the lock held. */
struct shim_fence;
struct shim_fence *drm_shim_fence_create(bool signalled);
void drm_shim_fence_ref(struct shim_fence *f);
void drm_shim_fence_unref(struct shim_fence *f);
/* Signal (once) and wake every waiter. */
void drm_shim_fence_signal(struct shim_fence *f, int error);
bool drm_shim_fence_is_signalled(const struct shim_fence *f);
int drm_shim_fence_error(const struct shim_fence *f);

struct shim_syncobj;

struct shim_syncobj *drm_shim_syncobj_lookup(struct shim_file *file,
                                             uint32_t handle);
/* Does the syncobj carry a fence at point (0 = binary) already? */
bool drm_shim_syncobj_has_point(struct shim_syncobj *obj, uint64_t point);
/* The fence at point (0: binary), with a new reference; NULL if none. */
struct shim_fence *drm_shim_syncobj_get_fence(struct shim_syncobj *obj,
                                              uint64_t point);
/* Replace the binary fence (point 0) or add a timeline point with f.
 * 0 or -ENOMEM. */
int drm_shim_syncobj_add_fence(struct shim_syncobj *obj, uint64_t point,
                               struct shim_fence *f);
/* Signal a binary syncobj (point 0) or add a signalled timeline point. */
int drm_shim_syncobj_signal(struct shim_syncobj *obj, uint64_t point);
/* SYNC_IOC_FILE_INFO on fd, a sync_file this shim exported (takes the
 * lock): 0 or -errno (-EINVAL for any other fd). */
int drm_shim_sync_file_info(int fd, void *arg);

/* ---- files the LD_PRELOAD front serves -------------------------------- */

/* Serve "contents" when path is opened (e.g. a sysfs uevent).  Call from
 * drm_shim_driver_init; the render node minor is known by then, and
 * drm_shim_render_minor() gives it.
 */
void drm_shim_override_file(const char *path, const char *contents);
const char *drm_shim_override_lookup(const char *path);
int drm_shim_render_minor(void);
void drm_shim_set_render_minor(int minor);

/* Internals shared between the core files. */
const struct shim_ioctl *drm_shim_syncobj_ioctl_lookup(unsigned nr);
void drm_shim_syncobj_file_close(struct shim_file *file);
/* Wait on the core's condition variable (lock held) until woken or the
 * absolute CLOCK_MONOTONIC deadline; false on timeout.
 */
bool drm_shim_cond_wait(int64_t deadline_ns);
void drm_shim_cond_broadcast(void);
int64_t drm_shim_now_ns(void);

/* A small table of handles -> pointers, lowest free handle first (as the
 * kernel's idr does), handles from 1.
 */
struct shim_idr {
   void **slots;
   uint32_t size;
};

struct shim_idr *shim_idr_create(void);
void shim_idr_destroy(struct shim_idr *idr);
int shim_idr_alloc(struct shim_idr *idr, void *ptr, uint32_t *handle);
void *shim_idr_get(struct shim_idr *idr, uint32_t handle);
void *shim_idr_remove(struct shim_idr *idr, uint32_t handle);
/* Find the handle of ptr, 0 when absent. */
uint32_t shim_idr_find(struct shim_idr *idr, const void *ptr);

/* The GPU page size BOs are rounded to: 16 KiB on AGX; backends may set. */
extern uint64_t drm_shim_page_size;

#ifdef __cplusplus
}
#endif

#endif
