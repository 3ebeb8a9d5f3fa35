/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ralloc: each allocation is preceded by a header linking it into its
 * parent's list of children.  Freeing walks the subtree depth first.
 */
#include "ralloc.h"

#include <assert.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RALLOC_MAGIC 0x7a11c0deu

struct ralloc_header {
   alignas(max_align_t) struct ralloc_header *parent;
   struct ralloc_header *first_child;
   struct ralloc_header *prev, *next; /* siblings */
   void (*destructor)(void *);
   uint32_t magic;
};

static inline struct ralloc_header *
hdr(const void *ptr)
{
   struct ralloc_header *h =
      (struct ralloc_header *)((char *)ptr - sizeof(struct ralloc_header));
   assert(h->magic == RALLOC_MAGIC && "not a ralloc pointer");
   return h;
}

static inline void *
payload(struct ralloc_header *h)
{
   return (char *)h + sizeof(*h);
}

static void
unlink_header(struct ralloc_header *h)
{
   if (h->parent && h->parent->first_child == h)
      h->parent->first_child = h->next;
   if (h->prev)
      h->prev->next = h->next;
   if (h->next)
      h->next->prev = h->prev;
   h->parent = h->prev = h->next = NULL;
}

static void
link_header(struct ralloc_header *parent, struct ralloc_header *h)
{
   h->parent = parent;
   h->prev = NULL;
   h->next = NULL;
   if (!parent)
      return;
   h->next = parent->first_child;
   if (h->next)
      h->next->prev = h;
   parent->first_child = h;
}

static void *
alloc_header(const void *parent, size_t size, bool zero)
{
   if (size > SIZE_MAX - sizeof(struct ralloc_header))
      return NULL;
   size_t total = sizeof(struct ralloc_header) + size;
   struct ralloc_header *h = zero ? calloc(1, total) : malloc(total);
   if (!h)
      return NULL;
   memset(h, 0, sizeof(*h));
   h->magic = RALLOC_MAGIC;
   link_header(parent ? hdr(parent) : NULL, h);
   return payload(h);
}

void *
ralloc_context(const void *parent)
{
   return alloc_header(parent, 0, false);
}

void *
ralloc_size(const void *parent, size_t size)
{
   return alloc_header(parent, size, false);
}

void *
rzalloc_size(const void *parent, size_t size)
{
   return alloc_header(parent, size, true);
}

void *
reralloc_size(const void *parent, void *ptr, size_t size)
{
   if (!ptr)
      return ralloc_size(parent, size);
   if (size > SIZE_MAX - sizeof(struct ralloc_header))
      return NULL;

   struct ralloc_header *old = hdr(ptr);
   struct ralloc_header *h = realloc(old, sizeof(*h) + size);
   if (!h)
      return NULL;
   if (h != old) {
      /* Fix every pointer that referred to the moved header. */
      if (h->parent && h->parent->first_child == old)
         h->parent->first_child = h;
      if (h->prev)
         h->prev->next = h;
      if (h->next)
         h->next->prev = h;
      for (struct ralloc_header *c = h->first_child; c; c = c->next)
         c->parent = h;
   }
   return payload(h);
}

void *
rerzalloc_size(const void *parent, void *ptr, size_t old_size, size_t new_size)
{
   char *p = reralloc_size(parent, ptr, new_size);
   if (p && new_size > old_size)
      memset(p + old_size, 0, new_size - old_size);
   return p;
}

static bool
mul_overflows(size_t a, size_t b, size_t *out)
{
   return __builtin_mul_overflow(a, b, out);
}

void *
ralloc_array_size(const void *parent, size_t elem, size_t count)
{
   size_t size;
   return mul_overflows(elem, count, &size) ? NULL : ralloc_size(parent, size);
}

void *
rzalloc_array_size(const void *parent, size_t elem, size_t count)
{
   size_t size;
   return mul_overflows(elem, count, &size) ? NULL : rzalloc_size(parent, size);
}

void *
reralloc_array_size(const void *parent, void *ptr, size_t elem, size_t count)
{
   size_t size;
   return mul_overflows(elem, count, &size) ? NULL
                                            : reralloc_size(parent, ptr, size);
}

/* Free a header and its subtree.  Iterative over siblings, recursive only
 * in depth, which callers keep shallow in practice. */
static void
free_tree(struct ralloc_header *h)
{
   struct ralloc_header *c = h->first_child;
   while (c) {
      struct ralloc_header *next = c->next;
      free_tree(c);
      c = next;
   }
   if (h->destructor)
      h->destructor(payload(h));
   h->magic = 0;
   free(h);
}

void
ralloc_free(void *ptr)
{
   if (!ptr)
      return;
   struct ralloc_header *h = hdr(ptr);
   unlink_header(h);
   free_tree(h);
}

void
ralloc_steal(const void *new_parent, void *ptr)
{
   if (!ptr)
      return;
   struct ralloc_header *h = hdr(ptr);
   unlink_header(h);
   link_header(new_parent ? hdr(new_parent) : NULL, h);
}

void *
ralloc_parent(const void *ptr)
{
   if (!ptr)
      return NULL;
   struct ralloc_header *h = hdr(ptr);
   return h->parent ? payload(h->parent) : NULL;
}

void
ralloc_set_destructor(const void *ptr, void (*destructor)(void *))
{
   hdr(ptr)->destructor = destructor;
}

char *
ralloc_strndup(const void *parent, const char *str, size_t max)
{
   if (!str)
      return NULL;
   size_t n = strnlen(str, max);
   char *s = ralloc_size(parent, n + 1);
   if (s) {
      memcpy(s, str, n);
      s[n] = '\0';
   }
   return s;
}

char *
ralloc_strdup(const void *parent, const char *str)
{
   return ralloc_strndup(parent, str, SIZE_MAX);
}

char *
ralloc_vasprintf(const void *parent, const char *fmt, va_list args)
{
   va_list copy;
   va_copy(copy, args);
   int n = vsnprintf(NULL, 0, fmt, copy);
   va_end(copy);
   if (n < 0)
      return NULL;
   char *s = ralloc_size(parent, (size_t)n + 1);
   if (s)
      vsnprintf(s, (size_t)n + 1, fmt, args);
   return s;
}

char *
ralloc_asprintf(const void *parent, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   char *s = ralloc_vasprintf(parent, fmt, args);
   va_end(args);
   return s;
}

bool
ralloc_vasprintf_append(char **str, const char *fmt, va_list args)
{
   va_list copy;
   va_copy(copy, args);
   int n = vsnprintf(NULL, 0, fmt, copy);
   va_end(copy);
   if (n < 0)
      return false;
   size_t old = *str ? strlen(*str) : 0;
   char *s = reralloc_size(*str ? ralloc_parent(*str) : NULL, *str,
                           old + (size_t)n + 1);
   if (!s)
      return false;
   vsnprintf(s + old, (size_t)n + 1, fmt, args);
   *str = s;
   return true;
}

bool
ralloc_asprintf_append(char **str, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   bool ok = ralloc_vasprintf_append(str, fmt, args);
   va_end(args);
   return ok;
}

bool
ralloc_strcat(char **str, const char *append)
{
   return ralloc_asprintf_append(str, "%s", append);
}
