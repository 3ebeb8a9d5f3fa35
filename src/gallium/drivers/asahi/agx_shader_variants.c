/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The compiled variants of a shader CSO, found by key.
 *
 * Every draw builds the key of its vertex and fragment variants
 * (agx_build_key) and needs the variant compiled for an equal key.  A
 * program that changes blend or vertex state often collects dozens of
 * variants per CSO, so the key is hashed once and looked up in a table
 * (&cs->key -> cs) instead of being compared with every variant.  Keys
 * are compared byte for byte, as before: agx_build_key zeroes the key
 * first, so padding never tells two equal keys apart.
 *
 * The table only indexes so->variants, which owns the variants and keeps
 * their order (deletion walks it).
 *
 * Since wave 16 the variant found last is compared first: a program
 * change binds another CSO whose key is mostly the one it was drawn with
 * before, and one memcmp is several times cheaper than hashing the key
 * (gl-drawoverhead's program case, docs/gl.rst Performance).
 */
#include <stdatomic.h>
#include <string.h>

#include "util/hash_table.h"

#include "agx_state.h"

/* The key read as 64-bit words (the tail byte by byte), each folded in
 * with a multiply and a rotation: cheaper per byte than a byte-wise hash
 * for a key of several hundred bytes hashed at every draw. */
static uint32_t
key_hash(const void *key)
{
   const unsigned char *bytes = key;
   const size_t size = sizeof(struct agx_shader_key);
   uint64_t h = UINT64_C(0x243f6a8885a308d3);
   size_t i = 0;
   for (; i + 8 <= size; i += 8) {
      uint64_t w;
      memcpy(&w, bytes + i, sizeof(w));
      h = (h ^ w) * UINT64_C(0x9e3779b97f4a7c15);
      h = (h << 27) | (h >> 37);
   }
   for (; i < size; i++)
      h = (h ^ bytes[i]) * UINT64_C(0x100000001b3);
   h ^= h >> 31;
   h *= UINT64_C(0xbf58476d1ce4e5b9);
   return (uint32_t)(h ^ (h >> 32));
}

static bool
key_equal(const void *a, const void *b)
{
   return memcmp(a, b, sizeof(struct agx_shader_key)) == 0;
}

uint64_t
agx_shader_new_id(void)
{
   static atomic_uint_fast64_t last;
   return atomic_fetch_add(&last, 1) + 1;
}

bool
agx_shader_add_variant(struct agx_uncompiled_shader *so,
                       struct agx_compiled_shader *cs)
{
   cs->id = agx_shader_new_id();
   if (!util_dynarray_append_bytes(&so->variants, &cs, sizeof(cs)))
      return false;
   if (!so->variant_by_key)
      so->variant_by_key = hash_table_create(NULL, key_hash, key_equal);
   /* Without the table entry the key is just not found again: a later
    * draw compiles it once more, which costs time, not correctness. */
   if (so->variant_by_key)
      hash_table_insert(so->variant_by_key, &cs->key, cs);
   return true;
}

struct agx_compiled_shader *
agx_shader_find_variant(struct agx_uncompiled_shader *so,
                        const struct agx_shader_key *key)
{
   if (so->last_variant && key_equal(&so->last_variant->key, key))
      return so->last_variant;
   if (!so->variant_by_key)
      return NULL;
   struct agx_compiled_shader *cs =
      hash_table_search_data(so->variant_by_key, key);
   if (cs)
      so->last_variant = cs;
   return cs;
}

void
agx_shader_variants_fini(struct agx_uncompiled_shader *so)
{
   if (so->variant_by_key)
      hash_table_destroy(so->variant_by_key, NULL);
   so->variant_by_key = NULL;
   so->last_variant = NULL;
   util_dynarray_fini(&so->variants);
}
