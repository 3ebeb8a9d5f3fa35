/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Handle tables: the lowest free handle is handed out first, starting at
 * 1, the way the kernel's idr numbers GEM and syncobj handles.
 */
#include <errno.h>
#include <stdlib.h>

#include "drm_shim.h"

/* More than any sane client needs; beyond it creation fails (-ENOSPC). */
#define SHIM_IDR_MAX (1u << 20)

struct shim_idr *
shim_idr_create(void)
{
   return calloc(1, sizeof(struct shim_idr));
}

void
shim_idr_destroy(struct shim_idr *idr)
{
   if (idr) {
      free(idr->slots);
      free(idr);
   }
}

int
shim_idr_alloc(struct shim_idr *idr, void *ptr, uint32_t *handle)
{
   uint32_t h;
   for (h = 1; h < idr->size; h++) {
      if (!idr->slots[h])
         break;
   }

   if (h >= idr->size) {
      uint32_t size = idr->size ? idr->size * 2 : 16;
      if (size > SHIM_IDR_MAX)
         return -ENOSPC;
      void **slots = realloc(idr->slots, size * sizeof(void *));
      if (!slots)
         return -ENOMEM;
      for (uint32_t i = idr->size; i < size; i++)
         slots[i] = NULL;
      idr->slots = slots;
      idr->size = size;
   }

   idr->slots[h] = ptr;
   *handle = h;
   return 0;
}

void *
shim_idr_get(struct shim_idr *idr, uint32_t handle)
{
   return (handle && handle < idr->size) ? idr->slots[handle] : NULL;
}

void *
shim_idr_remove(struct shim_idr *idr, uint32_t handle)
{
   void *ptr = shim_idr_get(idr, handle);
   if (ptr)
      idr->slots[handle] = NULL;
   return ptr;
}

uint32_t
shim_idr_find(struct shim_idr *idr, const void *ptr)
{
   for (uint32_t h = 1; h < idr->size; h++) {
      if (idr->slots[h] == ptr)
         return h;
   }
   return 0;
}
