/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#ifndef ST_CSO_H
#define ST_CSO_H

#include <stddef.h>

#include "cso_cache/cso_cache.h"

struct st_context;

/* The driver CSO for a state template of the given type (blend,
 * rasterizer, depth/stencil/alpha or sampler), from the context's cache,
 * created and cached on a miss. NULL if the driver could not create it. */
void *st_cached_cso(struct st_context *st, enum cso_type type,
                    const void *templ, size_t size);

#endif
