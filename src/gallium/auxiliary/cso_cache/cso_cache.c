/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The CSO cache: util/hash_table over (type, size, template bytes).
 *
 * Since wave 16 each type also remembers the key it found or stored
 * last: a state change between draws mostly asks again for the template
 * it asked for last (a program change re-derives the rasterizer and
 * the vertex elements unchanged), and comparing that key costs a memcmp
 * where a lookup hashes the template first.  Keys live until the cache
 * is destroyed, so the remembered one stays valid. */
#include <stdlib.h>
#include <string.h>

#include "cso_cache/cso_cache.h"
#include "util/hash_table.h"

struct cso_key {
   uint32_t hash;
   enum cso_type type;
   size_t size;
   unsigned char bytes[];
};

struct cso_cache {
   struct hash_table *table;
   cso_delete_fn del;
   void *data;
   const struct cso_key *last[CSO_TYPE_COUNT]; /* in table, or NULL */
   void *last_cso[CSO_TYPE_COUNT];
};

static void
remember(struct cso_cache *cache, const struct cso_key *key, void *cso)
{
   cache->last[key->type] = key;
   cache->last_cso[key->type] = cso;
}

static uint32_t
key_hash(const void *key)
{
   return ((const struct cso_key *)key)->hash;
}

static bool
key_equal(const void *a, const void *b)
{
   const struct cso_key *ka = a, *kb = b;

   return ka->hash == kb->hash && ka->type == kb->type &&
          ka->size == kb->size && memcmp(ka->bytes, kb->bytes, ka->size) == 0;
}

struct cso_cache *
cso_cache_create(cso_delete_fn del, void *data)
{
   struct cso_cache *cache = calloc(1, sizeof(*cache));

   if (!cache)
      return NULL;
   cache->table = hash_table_create(NULL, key_hash, key_equal);
   if (!cache->table) {
      free(cache);
      return NULL;
   }
   cache->del = del;
   cache->data = data;
   return cache;
}

void
cso_cache_destroy(struct cso_cache *cache)
{
   if (!cache)
      return;
   hash_table_foreach(cache->table, e) {
      struct cso_key *key = (struct cso_key *)e->key;
      if (cache->del)
         cache->del(cache->data, key->type, e->data);
      free(key);
   }
   hash_table_destroy(cache->table, NULL);
   free(cache);
}

/* A key on the stack would need a VLA; lookups build it in a small buffer
 * or on the heap for big templates (vertex elements). */
static struct cso_key *
make_key(enum cso_type type, const void *bytes, size_t size, void *buf,
         size_t buf_size)
{
   struct cso_key *key =
      sizeof(*key) + size <= buf_size ? buf : malloc(sizeof(*key) + size);

   if (!key)
      return NULL;
   key->type = type;
   key->size = size;
   memcpy(key->bytes, bytes, size);
   key->hash = util_hash_bytes(bytes, size, 0x9e3779b9u + type);
   return key;
}

void *
cso_cache_lookup(struct cso_cache *cache, enum cso_type type, const void *bytes,
                 size_t size)
{
   _Alignas(16) unsigned char buf[512];
   const struct cso_key *last = type < CSO_TYPE_COUNT ? cache->last[type]
                                                      : NULL;
   if (last && last->size == size && memcmp(last->bytes, bytes, size) == 0)
      return cache->last_cso[type];

   struct cso_key *key = make_key(type, bytes, size, buf, sizeof(buf));
   void *cso = NULL;

   if (!key)
      return NULL;
   struct hash_entry *e = hash_table_search(cache->table, key);
   if (e) {
      cso = e->data;
      remember(cache, e->key, cso);
   }
   if ((void *)key != (void *)buf)
      free(key);
   return cso;
}

bool
cso_cache_insert(struct cso_cache *cache, enum cso_type type, const void *bytes,
                 size_t size, void *cso)
{
   struct cso_key *key = make_key(type, bytes, size, NULL, 0);

   if (!key)
      return false;
   if (!hash_table_insert(cache->table, key, cso)) {
      free(key);
      return false;
   }
   if (type < CSO_TYPE_COUNT)
      remember(cache, key, cso);
   return true;
}

unsigned
cso_cache_count(const struct cso_cache *cache)
{
   return hash_table_num_entries(cache->table);
}
