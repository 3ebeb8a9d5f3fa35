/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Private types of the noop driver, shared by its screen and context. */
#ifndef NOOP_PRIV_H
#define NOOP_PRIV_H

#include "pipe/p_context.h"
#include "pipe/p_screen.h"

/* Linear host storage: levels one after another, each level a stack of
 * layers (or slices) of rows. */
struct noop_resource {
   struct pipe_resource base;
   uint8_t *data;
   size_t size_B;
   size_t level_offset_B[PIPE_MAX_TEXTURE_LEVELS];
   unsigned stride_B[PIPE_MAX_TEXTURE_LEVELS];
   size_t layer_stride_B[PIPE_MAX_TEXTURE_LEVELS];
};

static inline struct noop_resource *
noop_resource(struct pipe_resource *res)
{
   return (struct noop_resource *)res;
}

struct pipe_context *noop_context_create(struct pipe_screen *screen, void *priv,
                                         unsigned flags);

/* Byte offset of box's origin within level (box->z is a layer/slice). */
struct pipe_fence_handle *noop_fence_create(void);

size_t noop_resource_offset(struct noop_resource *res, unsigned level,
                            const struct pipe_box *box);

#endif
