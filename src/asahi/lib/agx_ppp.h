/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Building PPP state updates.
 *
 * A PPP update is a PPP Header whose bits say which state words follow,
 * then exactly those words, in one fixed order (the header's bit order,
 * with the fragment shader's four words together and one Region Clip and
 * Viewport per viewport).  The VDM stream points at an update with a PPP
 * State packet giving its address and size in words.  Only dirty state
 * needs to be sent; what is not sent keeps its previous value within the
 * render pass.
 *
 * Usage:
 *    struct AGX_PPP_HEADER h = {.cull = true, .viewport_count = 1};
 *    size_t size = agx_ppp_update_size(&h);
 *    struct agx_ppp_update u = agx_ppp_begin(cpu, &h);
 *    agx_ppp_push(&u, CULL, cfg) { cfg.cull_back = true; }
 *    assert(agx_ppp_end(&u, size));
 *
 * Fact: alexvorxx/Mesa-VirGL src/asahi/lib/agx_ppp.h (word order and
 * sizes).
 */
#ifndef AGX_PPP_H
#define AGX_PPP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "agx_pack.h"

static inline size_t
agx_ppp_update_size(const struct AGX_PPP_HEADER *h)
{
   size_t size = AGX_PPP_HEADER_LENGTH;
   unsigned vps = h->viewport_count ? h->viewport_count : 1;

#define AGX_PPP_CASE(field, T)                                                 \
   if (h->field)                                                               \
      size += AGX_##T##_LENGTH;

   AGX_PPP_CASE(fragment_control, FRAGMENT_CONTROL)
   AGX_PPP_CASE(fragment_control_2, FRAGMENT_CONTROL)
   AGX_PPP_CASE(front_face, FRAGMENT_FACE)
   AGX_PPP_CASE(front_face_2, FRAGMENT_FACE_2)
   AGX_PPP_CASE(front_stencil, FRAGMENT_STENCIL)
   AGX_PPP_CASE(back_face, FRAGMENT_FACE)
   AGX_PPP_CASE(back_face_2, FRAGMENT_FACE_2)
   AGX_PPP_CASE(back_stencil, FRAGMENT_STENCIL)
   AGX_PPP_CASE(depth_bias_scissor, DEPTH_BIAS_SCISSOR)
   if (h->region_clip)
      size += vps * AGX_REGION_CLIP_LENGTH;
   if (h->viewport)
      size += AGX_VIEWPORT_CONTROL_LENGTH + vps * AGX_VIEWPORT_LENGTH;
   AGX_PPP_CASE(w_clamp, W_CLAMP)
   AGX_PPP_CASE(output_select, OUTPUT_SELECT)
   AGX_PPP_CASE(varying_counts_32, VARYING_COUNTS)
   AGX_PPP_CASE(varying_counts_16, VARYING_COUNTS)
   AGX_PPP_CASE(cull, CULL)
   AGX_PPP_CASE(cull_2, CULL_2)
   if (h->fragment_shader) {
      size +=
         AGX_FRAGMENT_SHADER_WORD_0_LENGTH + AGX_FRAGMENT_SHADER_WORD_1_LENGTH +
         AGX_FRAGMENT_SHADER_WORD_2_LENGTH + AGX_FRAGMENT_SHADER_WORD_3_LENGTH;
   }
   AGX_PPP_CASE(occlusion_query, FRAGMENT_OCCLUSION_QUERY)
   AGX_PPP_CASE(occlusion_query_2, FRAGMENT_OCCLUSION_QUERY_2)
   AGX_PPP_CASE(output_unknown, OUTPUT_UNKNOWN)
   AGX_PPP_CASE(output_size, OUTPUT_SIZE)
   AGX_PPP_CASE(varying_word_2, VARYING_2)
#undef AGX_PPP_CASE

   return size;
}

struct agx_ppp_update {
   uint8_t *start, *head;
};

static inline struct agx_ppp_update
agx_ppp_begin(void *out, const struct AGX_PPP_HEADER *h)
{
   struct agx_ppp_update u = {(uint8_t *)out, (uint8_t *)out};
   AGX_PPP_HEADER_pack(u.head, h);
   u.head += AGX_PPP_HEADER_LENGTH;
   return u;
}

/* agx_ppp_push(&u, CULL, cfg) { ... } packs one word at the head. */
#define agx_ppp_push(u, T, name)                                               \
   for (struct AGX_##T name = {AGX_##T##_header}, *_agx_ppp_done = NULL;       \
        _agx_ppp_done == NULL;                                                 \
        AGX_##T##_pack((u)->head, &name), (u)->head += AGX_##T##_LENGTH,       \
                       _agx_ppp_done = (struct AGX_##T *)1)

/* Push an already packed word (e.g. prepacked at CSO creation). */
static inline void
agx_ppp_push_packed(struct agx_ppp_update *u, const void *data, size_t n)
{
   memcpy(u->head, data, n);
   u->head += n;
}

/* Push the OR of two packed halves of the same word. */
static inline void
agx_ppp_push_merged(struct agx_ppp_update *u, const void *a, const void *b,
                    size_t n)
{
   for (size_t i = 0; i < n; ++i)
      u->head[i] = ((const uint8_t *)a)[i] | ((const uint8_t *)b)[i];
   u->head += n;
}

/* True when exactly `size` bytes were written. */
static inline bool
agx_ppp_end(const struct agx_ppp_update *u, size_t size)
{
   return (size_t)(u->head - u->start) == size;
}

#endif
