/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Hash tables and sets with deterministic iteration.
 *
 * Entries live in a dense array in insertion order; an open-addressing
 * index (linear probing) maps hashes to them.  Iteration walks the dense
 * array, so it visits entries in insertion order whatever the keys' hash
 * values are (pointer keys hash differently from run to run; the order does
 * not).  Removal is allowed during iteration; insertion is not.
 *
 * Entry pointers stay valid until the next insertion.
 */
#ifndef UTIL_HASH_TABLE_H
#define UTIL_HASH_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t (*hash_key_fn)(const void *key);
typedef bool (*key_equal_fn)(const void *a, const void *b);

struct hash_entry {
   uint32_t hash;
   bool removed;
   const void *key;
   void *data;
};

struct hash_table {
   hash_key_fn hash;
   key_equal_fn equals;
   struct hash_entry *entries; /* dense, insertion order */
   uint32_t entries_used;      /* including removed ones */
   uint32_t entries_cap;
   uint32_t live;              /* entries not removed */
   uint32_t *index;            /* 0 empty, UINT32_MAX tombstone, else i+1 */
   uint32_t index_size;        /* power of two; 0 until the first insert */
   uint32_t tombstones;
};

/* The table is allocated under mem_ctx (ralloc); NULL on failure. */
struct hash_table *hash_table_create(void *mem_ctx, hash_key_fn hash,
                                     key_equal_fn equals);
/* Keys compared by address. */
struct hash_table *hash_table_create_pointer_keys(void *mem_ctx);
/* Keys are integers up to 64 bits cast to pointers: (void *)(uintptr_t)v. */
struct hash_table *hash_table_create_u64_keys(void *mem_ctx);
/* Keys are NUL-terminated strings, compared by content (not copied). */
struct hash_table *hash_table_create_string_keys(void *mem_ctx);

void hash_table_destroy(struct hash_table *ht,
                        void (*delete_fn)(struct hash_entry *entry));
void hash_table_clear(struct hash_table *ht);

/* Insert or, if key is present, replace its data.  NULL on allocation
 * failure. */
struct hash_entry *hash_table_insert(struct hash_table *ht, const void *key,
                                     void *data);
struct hash_entry *hash_table_search(const struct hash_table *ht,
                                     const void *key);
/* Data of key, or NULL when absent. */
void *hash_table_search_data(const struct hash_table *ht, const void *key);

void hash_table_remove(struct hash_table *ht, struct hash_entry *entry);
bool hash_table_remove_key(struct hash_table *ht, const void *key);

static inline uint32_t
hash_table_num_entries(const struct hash_table *ht)
{
   return ht->live;
}

/* Internal: next live entry after `entry` (or the first when NULL). */
struct hash_entry *hash_table_next_entry(const struct hash_table *ht,
                                         struct hash_entry *entry);

#define hash_table_foreach(ht, entry)                                         \
   for (struct hash_entry *entry = hash_table_next_entry(ht, NULL); entry;    \
        entry = hash_table_next_entry(ht, entry))

/* Hash and comparison helpers for custom tables. */
uint32_t util_hash_bytes(const void *data, size_t size, uint32_t seed);
uint32_t util_hash_pointer(const void *key);
uint32_t util_hash_u64(const void *key);
uint32_t util_hash_string(const void *key);
bool util_key_pointer_equal(const void *a, const void *b);
bool util_key_string_equal(const void *a, const void *b);

/* Sets: a hash table whose entries carry no data. */
struct set {
   struct hash_table ht;
};
#define set_entry hash_entry

struct set *set_create(void *mem_ctx, hash_key_fn hash, key_equal_fn equals);
struct set *set_create_pointer_keys(void *mem_ctx);
struct set *set_create_u64_keys(void *mem_ctx);
struct set *set_create_string_keys(void *mem_ctx);
void set_destroy(struct set *set, void (*delete_fn)(struct set_entry *entry));
void set_clear(struct set *set);
struct set_entry *set_add(struct set *set, const void *key);
/* The entry of an equal key if there is one (*found true; the set is not
 * changed), else a new entry for key (*found false).  found may be NULL. */
struct set_entry *set_search_or_add(struct set *set, const void *key,
                                    bool *found);
struct set_entry *set_search(const struct set *set, const void *key);
/* set_search with the key's hash already known (e.g. kept from the
 * set_entry returned when it was added): no call to the hash function. */
struct set_entry *set_search_pre_hashed(const struct set *set, uint32_t hash,
                                        const void *key);
bool set_contains(const struct set *set, const void *key);
void set_remove(struct set *set, struct set_entry *entry);
bool set_remove_key(struct set *set, const void *key);

static inline uint32_t
set_count(const struct set *set)
{
   return set->ht.live;
}

#define set_foreach(set, entry) hash_table_foreach(&(set)->ht, entry)

#ifdef __cplusplus
}
#endif

#endif
