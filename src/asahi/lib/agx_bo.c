/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Buffer objects over drm_asahi: GEM_CREATE, a VA from the right heap,
 * VM_BIND, mmap through GEM_MMAP_OFFSET, and a cache of freed BOs.
 *
 * The cache keeps BOs (still bound, still mapped) in buckets by power-of-
 * two size for a second after they are freed; a request takes a BO of the
 * same flags no more than twice its size.  Shared BOs never enter it.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "util/hash_table.h"
#include "util/log.h"
#include "agx_bo.h"
#include "agx_device.h"

#define CACHE_MAX_AGE_NS 1000000000ll
#define CACHE_MAX_BYTES (256ull << 20)

static int64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static unsigned
bucket_of(uint64_t size_B)
{
   unsigned log2 = 63 - __builtin_clzll(size_B | 1);
   unsigned first = 14; /* 16 KiB */
   unsigned b = log2 > first ? log2 - first : 0;
   return b < AGX_BO_CACHE_BUCKETS ? b : AGX_BO_CACHE_BUCKETS - 1;
}

static struct agx_va_heap *
heap_of(struct agx_device *dev, uint32_t flags)
{
   return (flags & AGX_BO_EXEC) ? &dev->usc_heap : &dev->general_heap;
}

/* Unbind, unmap and close a BO that nothing references.  Lock held. */
static void
bo_destroy(struct agx_bo *bo)
{
   struct agx_device *dev = bo->dev;
   if (dev->debug & AGX_DBG_RESOURCE)
      u_logi("asahi", "free BO %u '%s' %" PRIu64 " B at 0x%" PRIx64, bo->handle,
             bo->label ? bo->label : "", bo->size, bo->va);

   if (bo->map)
      munmap(bo->map, bo->size);
   if (bo->va) {
      agx_vm_unbind(dev, bo->va, bo->size);
      agx_va_free(heap_of(dev, bo->flags), bo->va, bo->size);
   }
   hash_table_remove_key(dev->bo_by_handle, (void *)(uintptr_t)bo->handle);
   struct drm_gem_close c = {.handle = bo->handle};
   agx_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &c, "DRM_IOCTL_GEM_CLOSE");
   free(bo);
}

static void
cache_evict_old(struct agx_device *dev, int64_t now)
{
   for (unsigned i = 0; i < AGX_BO_CACHE_BUCKETS; i++) {
      list_for_each_entry_safe (struct agx_bo, bo, &dev->bo_cache[i],
                                cache_link) {
         if (now - bo->free_time_ns < CACHE_MAX_AGE_NS &&
             dev->bo_cache_size_B <= CACHE_MAX_BYTES)
            break;
         list_del(&bo->cache_link);
         dev->bo_cache_size_B -= bo->size;
         bo_destroy(bo);
      }
   }
}

void
agx_bo_cache_evict_all(struct agx_device *dev)
{
   pthread_mutex_lock(&dev->lock);
   for (unsigned i = 0; i < AGX_BO_CACHE_BUCKETS; i++) {
      list_for_each_entry_safe (struct agx_bo, bo, &dev->bo_cache[i],
                                cache_link) {
         list_del(&bo->cache_link);
         bo_destroy(bo);
      }
   }
   dev->bo_cache_size_B = 0;
   pthread_mutex_unlock(&dev->lock);
}

static struct agx_bo *
cache_take(struct agx_device *dev, uint64_t size_B, uint32_t flags)
{
   struct list_head *bucket = &dev->bo_cache[bucket_of(size_B)];
   list_for_each_entry (struct agx_bo, bo, bucket, cache_link) {
      if (bo->flags == flags && bo->size >= size_B && bo->size <= 2 * size_B) {
         list_del(&bo->cache_link);
         dev->bo_cache_size_B -= bo->size;
         return bo;
      }
   }
   return NULL;
}

/* GEM object + VA + bind for a new BO.  Lock held. */
static struct agx_bo *
bo_alloc(struct agx_device *dev, uint64_t size_B, uint32_t flags)
{
   struct drm_asahi_gem_create c = {.size = size_B};
   if (flags & (AGX_BO_WRITEBACK))
      c.flags |= DRM_ASAHI_GEM_WRITEBACK;
   if (dev->debug & AGX_DBG_NOWC)
      c.flags |= DRM_ASAHI_GEM_WRITEBACK;
   if (!(flags & AGX_BO_SHAREABLE)) {
      c.flags |= DRM_ASAHI_GEM_VM_PRIVATE;
      c.vm_id = dev->vm_id;
   }
   if (agx_ioctl(dev, DRM_IOCTL_ASAHI_GEM_CREATE, &c,
                 "DRM_IOCTL_ASAHI_GEM_CREATE"))
      return NULL;

   struct agx_bo *bo = calloc(1, sizeof(*bo));
   if (!bo) {
      struct drm_gem_close close_arg = {.handle = c.handle};
      agx_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &close_arg, "DRM_IOCTL_GEM_CLOSE");
      return NULL;
   }
   bo->dev = dev;
   bo->handle = c.handle;
   bo->size = size_B;
   bo->flags = flags;
   if (!hash_table_insert(dev->bo_by_handle, (void *)(uintptr_t)bo->handle,
                          bo)) {
      bo_destroy(bo);
      return NULL;
   }
   return bo;
}

/* Give bo a GPU address and bind it.  Lock held. */
static int
bo_bind(struct agx_bo *bo)
{
   struct agx_device *dev = bo->dev;
   struct agx_va_heap *heap = heap_of(dev, bo->flags);
   uint64_t va = agx_va_alloc(heap, bo->size, AGX_PAGE_SIZE);
   if (!va) {
      snprintf(dev->error, sizeof(dev->error),
               "out of GPU address space for a %" PRIu64 "-byte BO", bo->size);
      u_loge("asahi", "%s", dev->error);
      return -ENOSPC;
   }

   uint32_t bind_flags = DRM_ASAHI_BIND_READ;
   if (!(bo->flags & AGX_BO_READONLY))
      bind_flags |= DRM_ASAHI_BIND_WRITE;
   int ret = agx_vm_bind(dev, bo->handle, 0, bo->size, va, bind_flags);
   if (ret) {
      agx_va_free(heap, va, bo->size);
      return ret;
   }
   bo->va = va;
   return 0;
}

struct agx_bo *
agx_bo_create(struct agx_device *dev, uint64_t size_B, uint32_t flags,
              const char *label)
{
   if (size_B == 0) {
      snprintf(dev->error, sizeof(dev->error), "zero-sized BO '%s'",
               label ? label : "");
      return NULL;
   }
   size_B = (size_B + AGX_PAGE_SIZE - 1) & ~(AGX_PAGE_SIZE - 1);
   flags &= ~AGX_BO_SHARED;

   pthread_mutex_lock(&dev->lock);
   struct agx_bo *bo = NULL;
   if (!(dev->debug & AGX_DBG_NOCACHE)) {
      bo = cache_take(dev, size_B, flags);
      if (bo)
         dev->stats.bo_cache_hits++;
   }

   if (!bo) {
      bo = bo_alloc(dev, size_B, flags);
      if (bo && bo_bind(bo)) {
         bo_destroy(bo);
         bo = NULL;
      }
      if (bo)
         dev->stats.bo_allocs++;
   }

   if (bo) {
      bo->refcount = 1;
      bo->label = label;
      if (dev->debug & AGX_DBG_RESOURCE)
         u_logi("asahi", "BO %u '%s' %" PRIu64 " B at 0x%" PRIx64, bo->handle,
                label ? label : "", bo->size, bo->va);
   }
   pthread_mutex_unlock(&dev->lock);
   return bo;
}

void
agx_bo_reference(struct agx_bo *bo)
{
   pthread_mutex_lock(&bo->dev->lock);
   bo->refcount++;
   pthread_mutex_unlock(&bo->dev->lock);
}

void
agx_bo_unreference(struct agx_bo *bo)
{
   if (!bo)
      return;
   struct agx_device *dev = bo->dev;
   pthread_mutex_lock(&dev->lock);
   if (--bo->refcount == 0) {
      int64_t now = now_ns();
      if ((bo->flags & AGX_BO_SHARED) || (dev->debug & AGX_DBG_NOCACHE)) {
         bo_destroy(bo);
      } else {
         bo->free_time_ns = now;
         list_addtail(&bo->cache_link, &dev->bo_cache[bucket_of(bo->size)]);
         dev->bo_cache_size_B += bo->size;
      }
      cache_evict_old(dev, now);
   }
   pthread_mutex_unlock(&dev->lock);
}

void *
agx_bo_map(struct agx_bo *bo)
{
   struct agx_device *dev = bo->dev;
   pthread_mutex_lock(&dev->lock);
   if (!bo->map) {
      struct drm_asahi_gem_mmap_offset mo = {.handle = bo->handle};
      if (!agx_ioctl(dev, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &mo,
                     "DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET")) {
         void *map = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED,
                          dev->fd, mo.offset);
         if (map == MAP_FAILED) {
            snprintf(dev->error, sizeof(dev->error), "mmap of BO %u failed: %s",
                     bo->handle, strerror(errno));
            u_loge("asahi", "%s", dev->error);
         } else {
            bo->map = map;
         }
      }
   }
   pthread_mutex_unlock(&dev->lock);
   return bo->map;
}

int
agx_bo_export(struct agx_bo *bo)
{
   struct agx_device *dev = bo->dev;
   if (!(bo->flags & AGX_BO_SHAREABLE)) {
      snprintf(dev->error, sizeof(dev->error),
               "BO %u is private to its VM and cannot be exported", bo->handle);
      return -EINVAL;
   }

   int fd = -1;
   if (drmPrimeHandleToFD(dev->fd, bo->handle, DRM_CLOEXEC | DRM_RDWR, &fd)) {
      snprintf(dev->error, sizeof(dev->error),
               "DRM_IOCTL_PRIME_HANDLE_TO_FD failed: %s", strerror(errno));
      u_loge("asahi", "%s", dev->error);
      return -errno;
   }

   pthread_mutex_lock(&dev->lock);
   bo->flags |= AGX_BO_SHARED;
   dev->stats.bo_exports++;
   pthread_mutex_unlock(&dev->lock);
   if (dev->debug & AGX_DBG_RESOURCE)
      u_logi("asahi", "export BO %u as fd %d", bo->handle, fd);
   return fd;
}

struct agx_bo *
agx_bo_import(struct agx_device *dev, int fd)
{
   uint32_t handle;
   pthread_mutex_lock(&dev->lock);
   if (drmPrimeFDToHandle(dev->fd, fd, &handle)) {
      snprintf(dev->error, sizeof(dev->error),
               "DRM_IOCTL_PRIME_FD_TO_HANDLE failed: %s", strerror(errno));
      u_loge("asahi", "%s", dev->error);
      pthread_mutex_unlock(&dev->lock);
      return NULL;
   }

   /* The same buffer again: the kernel gave back the same handle. */
   struct agx_bo *bo =
      hash_table_search_data(dev->bo_by_handle, (void *)(uintptr_t)handle);
   if (bo) {
      if (bo->refcount == 0) {
         /* It was in the cache: take it out. */
         list_del(&bo->cache_link);
         dev->bo_cache_size_B -= bo->size;
      }
      bo->refcount++;
      bo->flags |= AGX_BO_SHARED;
      pthread_mutex_unlock(&dev->lock);
      return bo;
   }

   off_t size = lseek(fd, 0, SEEK_END);
   if (size <= 0 || (size & (AGX_PAGE_SIZE - 1))) {
      snprintf(dev->error, sizeof(dev->error),
               "dma-buf fd %d has an unusable size", fd);
      struct drm_gem_close c = {.handle = handle};
      agx_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &c, "DRM_IOCTL_GEM_CLOSE");
      pthread_mutex_unlock(&dev->lock);
      return NULL;
   }

   bo = calloc(1, sizeof(*bo));
   if (bo) {
      bo->dev = dev;
      bo->handle = handle;
      bo->size = size;
      bo->flags = AGX_BO_SHARED | AGX_BO_SHAREABLE;
      bo->refcount = 1;
      bo->label = "imported";
      if (!hash_table_insert(dev->bo_by_handle, (void *)(uintptr_t)handle,
                             bo) ||
          bo_bind(bo)) {
         bo_destroy(bo);
         bo = NULL;
      }
   }
   if (bo) {
      dev->stats.bo_imports++;
      if (dev->debug & AGX_DBG_RESOURCE)
         u_logi("asahi", "import fd %d as BO %u at 0x%" PRIx64, fd, handle,
                bo->va);
   }
   pthread_mutex_unlock(&dev->lock);
   return bo;
}

int
agx_bo_bind_timestamps(struct agx_bo *bo, uint32_t *object_handle)
{
   struct drm_asahi_gem_bind_object o = {
      .op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
      .flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
      .handle = bo->handle,
      .offset = 0,
      .range = bo->size,
   };
   int ret = agx_ioctl(bo->dev, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &o,
                       "DRM_IOCTL_ASAHI_GEM_BIND_OBJECT");
   if (!ret)
      *object_handle = o.object_handle;
   return ret;
}

int
agx_bo_unbind_timestamps(struct agx_device *dev, uint32_t object_handle)
{
   struct drm_asahi_gem_bind_object o = {
      .op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
      .object_handle = object_handle,
   };
   return agx_ioctl(dev, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &o,
                    "DRM_IOCTL_ASAHI_GEM_BIND_OBJECT (unbind)");
}
