/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Growable byte arrays holding elements of one type.  Memory comes from
 * ralloc under mem_ctx (or malloc when mem_ctx is NULL).
 */
#ifndef U_DYNARRAY_H
#define U_DYNARRAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ralloc.h"

struct util_dynarray {
   void *mem_ctx;
   void *data;
   size_t size;     /* bytes in use */
   size_t capacity; /* bytes allocated */
};

static inline void
util_dynarray_init(struct util_dynarray *buf, void *mem_ctx)
{
   buf->mem_ctx = mem_ctx;
   buf->data = NULL;
   buf->size = buf->capacity = 0;
}

static inline void
util_dynarray_fini(struct util_dynarray *buf)
{
   if (buf->mem_ctx)
      ralloc_free(buf->data);
   else
      free(buf->data);
   util_dynarray_init(buf, buf->mem_ctx);
}

static inline void
util_dynarray_clear(struct util_dynarray *buf)
{
   buf->size = 0;
}

/* Make room for at least `bytes` more; false on allocation failure. */
static inline bool
util_dynarray_reserve(struct util_dynarray *buf, size_t bytes)
{
   /* No object may exceed PTRDIFF_MAX bytes. */
   if (bytes > (size_t)PTRDIFF_MAX - buf->size)
      return false;
   size_t need = buf->size + bytes;
   if (need <= buf->capacity)
      return true;
   size_t cap = buf->capacity ? buf->capacity : 64;
   while (cap < need)
      cap = cap > (size_t)PTRDIFF_MAX / 2 ? need : cap * 2;
   void *data = buf->mem_ctx ? reralloc_size(buf->mem_ctx, buf->data, cap)
                             : realloc(buf->data, cap);
   if (!data)
      return false;
   buf->data = data;
   buf->capacity = cap;
   return true;
}

/* Append `bytes` uninitialised bytes; returns their address or NULL. */
static inline void *
util_dynarray_grow_bytes(struct util_dynarray *buf, size_t bytes)
{
   if (!util_dynarray_reserve(buf, bytes))
      return NULL;
   void *p = (char *)buf->data + buf->size;
   buf->size += bytes;
   return p;
}

static inline bool
util_dynarray_append_bytes(struct util_dynarray *buf, const void *src,
                           size_t bytes)
{
   void *p = util_dynarray_grow_bytes(buf, bytes);
   if (p && bytes)
      memcpy(p, src, bytes);
   return p != NULL;
}

#define util_dynarray_grow(buf, type, n)                                      \
   ((type *)util_dynarray_grow_bytes(buf, sizeof(type) * (n)))
#define util_dynarray_append(buf, type, v)                                    \
   do {                                                                       \
      type *__p = util_dynarray_grow(buf, type, 1);                           \
      if (__p)                                                                \
         *__p = (v);                                                          \
   } while (0)
#define util_dynarray_num_elements(buf, type) ((buf)->size / sizeof(type))
#define util_dynarray_element(buf, type, i) ((type *)(buf)->data + (i))
#define util_dynarray_begin(buf) ((buf)->data)
/* An empty array may have no storage at all: never offset a NULL pointer. */
#define util_dynarray_end(buf)                                                \
   ((buf)->data ? (void *)((char *)(buf)->data + (buf)->size) : NULL)
#define util_dynarray_top_ptr(buf, type)                                      \
   ((type *)((char *)(buf)->data + (buf)->size - sizeof(type)))
#define util_dynarray_top(buf, type) (*util_dynarray_top_ptr(buf, type))
#define util_dynarray_pop(buf, type)                                          \
   ((buf)->size -= sizeof(type), *(type *)((char *)(buf)->data + (buf)->size))
#define util_dynarray_foreach(buf, type, elem)                                \
   for (type *elem = (type *)(buf)->data;                                     \
        elem < (type *)util_dynarray_end(buf); elem++)

#endif
