/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A cache of constant state objects keyed by their template bytes, so a
 * front end makes each distinct CSO once per context.  Templates must be
 * zero-initialised before they are filled in (padding is part of the key).
 */
#ifndef CSO_CACHE_H
#define CSO_CACHE_H

#include <stdbool.h>
#include <stddef.h>

enum cso_type {
   CSO_BLEND,
   CSO_RASTERIZER,
   CSO_DEPTH_STENCIL_ALPHA,
   CSO_SAMPLER,
   CSO_VERTEX_ELEMENTS,
   CSO_TYPE_COUNT,
};

struct cso_cache;

/* Called for each CSO when the cache is destroyed. */
typedef void (*cso_delete_fn)(void *data, enum cso_type type, void *cso);

struct cso_cache *cso_cache_create(cso_delete_fn del, void *data);
void cso_cache_destroy(struct cso_cache *cache);

/* The CSO made from this key, or NULL. */
void *cso_cache_lookup(struct cso_cache *cache, enum cso_type type,
                       const void *key, size_t size);
/* Remembers cso for key (copied); false when out of memory. */
bool cso_cache_insert(struct cso_cache *cache, enum cso_type type,
                      const void *key, size_t size, void *cso);

unsigned cso_cache_count(const struct cso_cache *cache);

#endif
