/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Building USC word lists.
 *
 * Every program the hardware runs (vertex, fragment, background,
 * end-of-tile, compute) is reached through a list of tagged USC words:
 * resource bindings (texture and sampler descriptor tables, uniform
 * uploads, tile/local memory), then the program itself (Shader +
 * Registers, Fragment Properties for fragment shaders), ending with a
 * Preshader or No Preshader word.  The list must start 64-byte aligned:
 * the words that point at it store the address >> 6.
 *
 * Fact: alexvorxx/Mesa-VirGL src/asahi/lib/agx_usc.h, agx_state.c
 * (agx_build_pipeline): word order and the 64-half limit of one uniform
 * upload.
 */
#ifndef AGX_USC_H
#define AGX_USC_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "agx_pack.h"

/* Uniform halves one USC Uniform word can copy. */
#define AGX_USC_UNIFORM_MAX_HALVES 64

struct agx_usc_builder {
   uint8_t *head, *end;
   bool overflow;
};

static inline struct agx_usc_builder
agx_usc_builder_init(void *out, size_t size_B)
{
   struct agx_usc_builder b = {(uint8_t *)out, (uint8_t *)out + size_B, false};
   return b;
}

/* Reserve n bytes, or NULL (and overflow) when the buffer is full. */
static inline void *
agx_usc_reserve(struct agx_usc_builder *b, size_t n)
{
   if ((size_t)(b->end - b->head) < n) {
      b->overflow = true;
      return NULL;
   }
   void *p = b->head;
   b->head += n;
   return p;
}

/* agx_usc_pack(&b, USC_SHADER, cfg) { ... } */
#define agx_usc_pack(b, T, name)                                               \
   for (struct AGX_##T name = {AGX_##T##_header},                              \
                       *_agx_usc_once = (struct AGX_##T *)0;                   \
        _agx_usc_once == 0; _agx_usc_once = (struct AGX_##T *)1)               \
      for (void *_agx_usc_p = agx_usc_reserve((b), AGX_##T##_LENGTH);          \
           _agx_usc_once == 0;                                                 \
           _agx_usc_p ? AGX_##T##_pack(_agx_usc_p, &name) : (void)0,           \
                _agx_usc_once = (struct AGX_##T *)1)

/* Copy size_halves 16-bit uniforms from GPU address buffer_va into the
 * uniform file starting at half start_half, split into words of at most
 * 64 halves; halves 256-511 use the Uniform High word.
 */
static inline void
agx_usc_uniform(struct agx_usc_builder *b, unsigned start_half,
                unsigned size_halves, uint64_t buffer_va)
{
   while (size_halves > 0) {
      unsigned n = size_halves < AGX_USC_UNIFORM_MAX_HALVES
                      ? size_halves
                      : AGX_USC_UNIFORM_MAX_HALVES;
      if (start_half >= 256) {
         agx_usc_pack(b, USC_UNIFORM_HIGH, cfg)
         {
            cfg.start = start_half - 256;
            cfg.size = n;
            cfg.buffer = buffer_va;
         }
      } else {
         assert(start_half + n <= 256 && "upload crosses the high half");
         agx_usc_pack(b, USC_UNIFORM, cfg)
         {
            cfg.start = start_half;
            cfg.size = n;
            cfg.buffer = buffer_va;
         }
      }
      start_half += n;
      size_halves -= n;
      buffer_va += n * 2;
   }
}

static inline void
agx_usc_push_blob(struct agx_usc_builder *b, const void *data, size_t n)
{
   uint8_t *p = (uint8_t *)agx_usc_reserve(b, n);
   if (p) {
      for (size_t i = 0; i < n; ++i)
         p[i] = ((const uint8_t *)data)[i];
   }
}

/* The word that ends a list: the preamble to run before the shader (code:
 * its offset from usc_exec_base, as the Shader word's), or none when
 * has_preamble is false.  Fact: alexvorxx/Mesa-VirGL src/asahi/lib/
 * cmdbuf.xml "USC Preshader" / "USC No Preshader". */
static inline void
agx_usc_pack_preshader(struct agx_usc_builder *b, bool has_preamble,
                       uint32_t code)
{
   if (has_preamble) {
      agx_usc_pack(b, USC_PRESHADER, cfg)
      {
         cfg.code = code;
      }
   } else {
      agx_usc_pack(b, USC_NO_PRESHADER, cfg);
   }
}

/* Bytes a list with n uniform uploads (each <= 64 halves) and the usual
 * other words can need.
 */
#define AGX_USC_MAX_SIZE(nr_uniform_words)                                     \
   ((nr_uniform_words)*AGX_USC_UNIFORM_LENGTH + 2 * AGX_USC_TEXTURE_LENGTH +   \
    AGX_USC_SHARED_LENGTH + AGX_USC_SHADER_LENGTH + AGX_USC_REGISTERS_LENGTH + \
    AGX_USC_FRAGMENT_PROPERTIES_LENGTH + AGX_USC_PRESHADER_LENGTH)

#endif
