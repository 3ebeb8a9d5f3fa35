/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Buffer objects: GEM memory bound into the device's VM at a GPU address,
 * CPU-mapped on demand, recycled through a cache of recently freed BOs
 * bucketed by size, and shareable as dma-bufs.
 */
#ifndef AGX_BO_H
#define AGX_BO_H

#include <stdbool.h>
#include <stdint.h>

#include "util/list.h"

struct agx_device;

enum agx_bo_flags {
   AGX_BO_EXEC = 1 << 0,      /* in the shader heap (USC-addressable) */
   AGX_BO_SHAREABLE = 1 << 1, /* may be exported: not VM-private */
   AGX_BO_WRITEBACK = 1 << 2, /* CPU-cached mapping */
   AGX_BO_READONLY = 1 << 3,  /* GPU may only read */
   AGX_BO_SHARED = 1 << 4,    /* imported or exported: never cached */
};

struct agx_bo {
   struct agx_device *dev;
   uint32_t handle;
   uint32_t flags;
   uint64_t size; /* bytes, a multiple of AGX_PAGE_SIZE */
   uint64_t va;   /* GPU address */
   void *map;     /* CPU mapping, NULL until agx_bo_map */
   unsigned refcount;
   const char *label;
   /* in the cache */
   struct list_head cache_link;
   int64_t free_time_ns;
};

/* New BO (or a recycled one) of at least size_B bytes; NULL on failure
 * with the reason in dev->error.
 */
struct agx_bo *agx_bo_create(struct agx_device *dev, uint64_t size_B,
                             uint32_t flags, const char *label);
void agx_bo_reference(struct agx_bo *bo);
void agx_bo_unreference(struct agx_bo *bo);

/* CPU pointer to the whole BO, NULL on failure. */
void *agx_bo_map(struct agx_bo *bo);

/* dma-buf export (the BO must be AGX_BO_SHAREABLE): an fd or -errno. */
int agx_bo_export(struct agx_bo *bo);
/* dma-buf import: the same agx_bo for the same buffer. */
struct agx_bo *agx_bo_import(struct agx_device *dev, int fd);

/* Drop every cached BO (at close, or when memory is short). */
void agx_bo_cache_evict_all(struct agx_device *dev);

/* Bind bo as the timestamp object of submissions; see
 * drm_asahi_gem_bind_object.
 */
int agx_bo_bind_timestamps(struct agx_bo *bo, uint32_t *object_handle);
int agx_bo_unbind_timestamps(struct agx_device *dev, uint32_t object_handle);

#endif
