/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The names GL lists for the leaves of a uniform or block member ("s.f",
 * "s.a[2].g", "m[0]"), built while walking its type.  The name of what is
 * being walked lives in one growing buffer: a structure member or an
 * array element appends to it and the walk cuts it back afterwards, so
 * intermediate names cost no allocation and no formatting.  Only the
 * finished names are kept, copied into chunks owned by the program (the
 * linker never frees one name alone).  A program with tens of thousands
 * of uniforms formatted and allocated every intermediate name and copied
 * every leaf once more (the glsl-bench "uniforms" shape: about 60 % of
 * the link's uniform work).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_link_priv.h"
#include "util/ralloc.h"

/* Finished names are carved from chunks of this size (or of one name,
 * when longer). */
#define LINK_NAMES_CHUNK_B 16384

void
link_names_init(struct link_names *n, void *mem)
{
   memset(n, 0, sizeof(*n));
   n->mem = mem;
}

void
link_names_fini(struct link_names *n)
{
   free(n->path);
   n->path = NULL;
   n->len = n->cap = 0;
}

/* Room for `more` bytes and the terminator after the current name. */
static bool
reserve(struct link_names *n, size_t more)
{
   if (n->len + more + 1 <= n->cap)
      return true;
   size_t cap = n->cap ? n->cap : 64;
   while (cap < n->len + more + 1)
      cap *= 2;
   char *p = realloc(n->path, cap);
   if (!p) {
      n->oom = true;
      return false;
   }
   n->path = p;
   n->cap = cap;
   return true;
}

static size_t
append(struct link_names *n, const char *s, size_t len)
{
   size_t old = n->len;
   if (reserve(n, len)) {
      memcpy(n->path + n->len, s, len);
      n->len += len;
      n->path[n->len] = '\0';
   }
   return old;
}

void
link_names_set(struct link_names *n, const char *name, size_t len)
{
   n->len = 0;
   append(n, name, len);
}

size_t
link_names_push_field(struct link_names *n, const char *field)
{
   size_t old = n->len;
   size_t flen = strlen(field);
   if (reserve(n, flen + 1)) {
      n->path[n->len++] = '.';
      memcpy(n->path + n->len, field, flen);
      n->len += flen;
      n->path[n->len] = '\0';
   }
   return old;
}

size_t
link_names_push_index(struct link_names *n, unsigned index)
{
   char buf[16];
   int len = snprintf(buf, sizeof(buf), "[%u]", index);
   return append(n, buf, (size_t)len);
}

void
link_names_pop(struct link_names *n, size_t len)
{
   if (len <= n->len && n->path) {
      n->len = len;
      n->path[len] = '\0';
   }
}

const char *
link_names_keep(struct link_names *n, bool array)
{
   size_t size = n->len + (array ? 3 : 0) + 1;
   if (n->oom || !n->path)
      return "";
   if (size > n->chunk_left) {
      size_t chunk = size > LINK_NAMES_CHUNK_B ? size : LINK_NAMES_CHUNK_B;
      n->chunk = ralloc_size(n->mem, chunk);
      if (!n->chunk) {
         n->chunk_left = 0;
         n->oom = true;
         return "";
      }
      n->chunk_left = chunk;
   }
   char *s = n->chunk;
   memcpy(s, n->path, n->len);
   if (array)
      memcpy(s + n->len, "[0]", 3);
   s[size - 1] = '\0';
   n->chunk += size;
   n->chunk_left -= size;
   return s;
}
