/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Hash table core shared by struct hash_table and struct set.  See
 * hash_table.h for the design (dense entries + probing index).
 */
#include "hash_table.h"

#include <assert.h>
#include <string.h>

#include "ralloc.h"

#define INDEX_EMPTY 0u
#define INDEX_TOMBSTONE UINT32_MAX

/* 64-bit mix (a finaliser in the style of splitmix), folded to 32 bits. */
static inline uint32_t
mix64(uint64_t x)
{
   x ^= x >> 33;
   x *= UINT64_C(0xff51afd7ed558ccd);
   x ^= x >> 33;
   x *= UINT64_C(0xc4ceb9fe1a85ec53);
   x ^= x >> 33;
   return (uint32_t)x ^ (uint32_t)(x >> 32);
}

uint32_t
util_hash_bytes(const void *data, size_t size, uint32_t seed)
{
   /* FNV-1a over the bytes, then a final mix for better low bits. */
   const unsigned char *p = data;
   uint64_t h = UINT64_C(0xcbf29ce484222325) ^ seed;
   for (size_t i = 0; i < size; i++) {
      h ^= p[i];
      h *= UINT64_C(0x100000001b3);
   }
   return mix64(h);
}

uint32_t
util_hash_pointer(const void *key)
{
   return mix64((uintptr_t)key);
}

uint32_t
util_hash_u64(const void *key)
{
   return mix64((uintptr_t)key);
}

uint32_t
util_hash_string(const void *key)
{
   return util_hash_bytes(key, strlen(key), 0);
}

bool
util_key_pointer_equal(const void *a, const void *b)
{
   return a == b;
}

bool
util_key_string_equal(const void *a, const void *b)
{
   return strcmp(a, b) == 0;
}

static bool
table_init(struct hash_table *ht, hash_key_fn hash, key_equal_fn equals)
{
   memset(ht, 0, sizeof(*ht));
   ht->hash = hash;
   ht->equals = equals;
   /* No index until the first insertion: most tables of a compiler (the
    * predecessors and dominance frontier of every block ...) stay empty
    * or tiny, and an empty one then costs only its struct. */
   ht->index_size = 0;
   ht->index = NULL;
   return true;
}

struct hash_table *
hash_table_create(void *mem_ctx, hash_key_fn hash, key_equal_fn equals)
{
   struct hash_table *ht = ralloc(mem_ctx, struct hash_table);
   if (!ht || !table_init(ht, hash, equals)) {
      ralloc_free(ht);
      return NULL;
   }
   return ht;
}

struct hash_table *
hash_table_create_pointer_keys(void *mem_ctx)
{
   return hash_table_create(mem_ctx, util_hash_pointer, util_key_pointer_equal);
}

struct hash_table *
hash_table_create_u64_keys(void *mem_ctx)
{
   return hash_table_create(mem_ctx, util_hash_u64, util_key_pointer_equal);
}

struct hash_table *
hash_table_create_string_keys(void *mem_ctx)
{
   return hash_table_create(mem_ctx, util_hash_string, util_key_string_equal);
}

void
hash_table_destroy(struct hash_table *ht,
                   void (*delete_fn)(struct hash_entry *entry))
{
   if (!ht)
      return;
   if (delete_fn) {
      hash_table_foreach(ht, e)
         delete_fn(e);
   }
   ralloc_free(ht);
}

void
hash_table_clear(struct hash_table *ht)
{
   ht->entries_used = 0;
   ht->live = 0;
   ht->tombstones = 0;
   if (ht->index_size > 16) {
      /* A table that grew does not keep its size (and clearing it does
       * not cost its size) after a clear: back to the empty state. */
      ralloc_free(ht->index);
      ralloc_free(ht->entries);
      ht->index = NULL;
      ht->index_size = 0;
      ht->entries = NULL;
      ht->entries_cap = 0;
   } else if (ht->index) {
      memset(ht->index, 0, sizeof(uint32_t) * ht->index_size);
   }
}

/* Slot holding key, or the slot where it would be inserted (*found false). */
static uint32_t
probe(const struct hash_table *ht, const void *key, uint32_t hash, bool *found)
{
   if (!ht->index_size) {
      *found = false;
      return 0;
   }
   uint32_t mask = ht->index_size - 1;
   uint32_t insert_at = UINT32_MAX;
   for (uint32_t i = hash & mask;; i = (i + 1) & mask) {
      uint32_t v = ht->index[i];
      if (v == INDEX_EMPTY) {
         *found = false;
         return insert_at != UINT32_MAX ? insert_at : i;
      }
      if (v == INDEX_TOMBSTONE) {
         if (insert_at == UINT32_MAX)
            insert_at = i;
         continue;
      }
      const struct hash_entry *e = &ht->entries[v - 1];
      /* The same pointer is the same key: no call to compare it. */
      if (e->hash == hash && (e->key == key || ht->equals(e->key, key))) {
         *found = true;
         return i;
      }
   }
}

/* Compact the dense array and rebuild the index with room for `want`. */
static bool
rehash(struct hash_table *ht, uint32_t want)
{
   /* Small first: most tables hold a handful of keys. */
   uint32_t size = 4;
   while (size < want * 2 + 2) {
      if (size > UINT32_MAX / 4)
         return false;
      size *= 2;
   }
   uint32_t *index = rzalloc_array(ht, uint32_t, size);
   if (!index)
      return false;

   uint32_t n = 0;
   for (uint32_t i = 0; i < ht->entries_used; i++) {
      if (!ht->entries[i].removed)
         ht->entries[n++] = ht->entries[i];
   }
   for (uint32_t i = 0; i < n; i++) {
      uint32_t s = ht->entries[i].hash & (size - 1);
      while (index[s] != INDEX_EMPTY)
         s = (s + 1) & (size - 1);
      index[s] = i + 1;
   }
   ralloc_free(ht->index);
   ht->index = index;
   ht->index_size = size;
   ht->entries_used = n;
   ht->tombstones = 0;
   return true;
}

/* A new entry for a key probe() did not find at `slot`. */
static struct hash_entry *
insert_new(struct hash_table *ht, const void *key, void *data, uint32_t hash,
           uint32_t slot)
{
   bool found;
   /* Keep the index at most half full, counting tombstones.  The rebuild
    * leaves it at most a quarter full, i.e. room for as many operations
    * as it holds keys before the next one: sized for exactly the live
    * keys, a table whose key count sits just under a power of two and
    * that inserts and removes as much as it keeps (a scoped table, as
    * CSE's) was rebuilt every few operations, at the cost of its size
    * each time (CSE cost more per instruction the larger the shader). */
   if ((ht->live + ht->tombstones + 1) * 2 > ht->index_size ||
       ht->entries_used == UINT32_MAX - 1) {
      uint32_t want = (ht->live + 1) * 2;
      if (!rehash(ht, want))
         return NULL;
      slot = probe(ht, key, hash, &found);
   }
   if (ht->entries_used == ht->entries_cap) {
      uint32_t cap = ht->entries_cap ? ht->entries_cap * 2 : 2;
      struct hash_entry *entries =
         reralloc(ht, ht->entries, struct hash_entry, cap);
      if (!entries)
         return NULL;
      ht->entries = entries;
      ht->entries_cap = cap;
   }

   if (ht->index[slot] == INDEX_TOMBSTONE)
      ht->tombstones--;
   struct hash_entry *e = &ht->entries[ht->entries_used];
   e->hash = hash;
   e->removed = false;
   e->key = key;
   e->data = data;
   ht->index[slot] = ++ht->entries_used;
   ht->live++;
   return e;
}

struct hash_entry *
hash_table_insert(struct hash_table *ht, const void *key, void *data)
{
   uint32_t hash = ht->hash(key);
   bool found;
   uint32_t slot = probe(ht, key, hash, &found);
   if (found) {
      struct hash_entry *e = &ht->entries[ht->index[slot] - 1];
      e->key = key;
      e->data = data;
      return e;
   }
   return insert_new(ht, key, data, hash, slot);
}

struct hash_entry *
hash_table_search(const struct hash_table *ht, const void *key)
{
   bool found;
   uint32_t slot = probe(ht, key, ht->hash(key), &found);
   return found ? &ht->entries[ht->index[slot] - 1] : NULL;
}

void *
hash_table_search_data(const struct hash_table *ht, const void *key)
{
   struct hash_entry *e = hash_table_search(ht, key);
   return e ? e->data : NULL;
}

void
hash_table_remove(struct hash_table *ht, struct hash_entry *entry)
{
   if (!entry || entry->removed)
      return;
   uint32_t idx = (uint32_t)(entry - ht->entries) + 1;
   uint32_t mask = ht->index_size - 1;
   for (uint32_t i = entry->hash & mask;; i = (i + 1) & mask) {
      assert(ht->index[i] != INDEX_EMPTY);
      if (ht->index[i] == idx) {
         ht->index[i] = INDEX_TOMBSTONE;
         break;
      }
   }
   entry->removed = true;
   ht->tombstones++;
   ht->live--;
   /* No index slot refers to a removed entry: drop removed entries from
    * the end of the dense array, so that a table used as a stack (keys
    * removed in the reverse order of insertion, as a scoped table does)
    * keeps it exactly as long as its live keys. */
   while (ht->entries_used && ht->entries[ht->entries_used - 1].removed)
      ht->entries_used--;
}

bool
hash_table_remove_key(struct hash_table *ht, const void *key)
{
   struct hash_entry *e = hash_table_search(ht, key);
   hash_table_remove(ht, e);
   return e != NULL;
}

struct hash_entry *
hash_table_next_entry(const struct hash_table *ht, struct hash_entry *entry)
{
   uint32_t i = entry ? (uint32_t)(entry - ht->entries) + 1 : 0;
   for (; i < ht->entries_used; i++) {
      if (!ht->entries[i].removed)
         return &ht->entries[i];
   }
   return NULL;
}

/* ---- sets ------------------------------------------------------------- */

struct set *
set_create(void *mem_ctx, hash_key_fn hash, key_equal_fn equals)
{
   /* The table is the set's first member, so its allocations can hang off
    * the set itself. */
   struct set *set = ralloc(mem_ctx, struct set);
   if (!set || !table_init(&set->ht, hash, equals)) {
      ralloc_free(set);
      return NULL;
   }
   return set;
}

struct set *
set_create_pointer_keys(void *mem_ctx)
{
   return set_create(mem_ctx, util_hash_pointer, util_key_pointer_equal);
}

struct set *
set_create_u64_keys(void *mem_ctx)
{
   return set_create(mem_ctx, util_hash_u64, util_key_pointer_equal);
}

struct set *
set_create_string_keys(void *mem_ctx)
{
   return set_create(mem_ctx, util_hash_string, util_key_string_equal);
}

void
set_destroy(struct set *set, void (*delete_fn)(struct set_entry *entry))
{
   if (!set)
      return;
   if (delete_fn) {
      set_foreach(set, e)
         delete_fn(e);
   }
   ralloc_free(set);
}

void
set_clear(struct set *set)
{
   hash_table_clear(&set->ht);
}

struct set_entry *
set_search_or_add(struct set *set, const void *key, bool *found)
{
   /* One hash and one probe, where a search and an insertion would take
    * two of each. */
   struct hash_table *ht = &set->ht;
   uint32_t hash = ht->hash(key);
   bool f;
   uint32_t slot = probe(ht, key, hash, &f);
   if (found)
      *found = f;
   if (f)
      return &ht->entries[ht->index[slot] - 1];
   return insert_new(ht, key, NULL, hash, slot);
}

struct set_entry *
set_add(struct set *set, const void *key)
{
   return set_search_or_add(set, key, NULL);
}

struct set_entry *
set_search(const struct set *set, const void *key)
{
   return hash_table_search(&set->ht, key);
}

bool
set_contains(const struct set *set, const void *key)
{
   return set_search(set, key) != NULL;
}

void
set_remove(struct set *set, struct set_entry *entry)
{
   hash_table_remove(&set->ht, entry);
}

struct set_entry *
set_search_pre_hashed(const struct set *set, uint32_t hash, const void *key)
{
   bool found;
   uint32_t slot = probe(&set->ht, key, hash, &found);
   return found ? &set->ht.entries[set->ht.index[slot] - 1] : NULL;
}

bool
set_remove_key(struct set *set, const void *key)
{
   return hash_table_remove_key(&set->ht, key);
}
