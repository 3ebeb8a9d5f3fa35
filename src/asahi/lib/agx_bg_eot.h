/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Background and end-of-tile programs of a render pass.
 *
 * For every tile, the hardware first runs the background program, which
 * fills the tilebuffer: each render target is either cleared to a colour
 * held in uniforms, or loaded from memory.  After the tile's geometry it
 * runs the end-of-tile program, which writes each render target from the
 * tilebuffer to memory through a PBE descriptor with image_write_block.
 *
 * The programs are written here in assembly and assembled with
 * src/asahi/isa, so they do not depend on the compiler.
 *
 * Binding conventions (the driver's USC word list must match):
 *  - clear colour of render target rt: uniform halves 4 + 8 * rt, eight
 *    halves: four 32-bit values, or four 16-bit values in the first four
 *    halves for 16-bit tilebuffer formats (f16 / i16), raw bits in the
 *    format's register type (float for normalised and float formats);
 *  - load: texture descriptor of rt at texture state register 2 * rt,
 *    sampler state 0 (nearest, pixel coordinates);
 *  - resolve: a 2D MS texture descriptor of the source at texture state
 *    register 2 * rt, as for a load;
 *  - store: PBE descriptor of rt at texture state register rt.
 *
 * Facts: alexvorxx/Mesa-VirGL src/asahi/lib/agx_bg_eot.c (the bindings,
 * clear colour location, block store per render target) and
 * src/asahi/compiler/agx_pack.c (st_tile pixel offset in bytes,
 * image_write_block constants).
 */
#ifndef AGX_BG_EOT_H
#define AGX_BG_EOT_H

#include <stddef.h>
#include <stdint.h>

#include "agx_tilebuffer.h"

enum agx_bg_eot_op {
   AGX_BG_EOT_NONE = 0,
   AGX_BG_CLEAR,
   AGX_BG_LOAD,
   AGX_EOT_STORE,
   /* Background: the average of the samples of a multisampled image at
    * the pixel (a resolve), bound like a load. */
   AGX_BG_RESOLVE,
};

struct agx_bg_eot_key {
   struct agx_tilebuffer_layout tib;
   /* Per render target; a key holds only background ops or only
    * AGX_EOT_STORE (and NONE).
    */
   uint8_t op[AGX_MAX_RTS];
   /* AGX_BG_RESOLVE: samples of the source image (2 or 4). */
   uint8_t resolve_samples[AGX_MAX_RTS];
};

/* Whether AGX_BG_RESOLVE can write a render target of this format (float
 * results in 32-bit registers: normalised and float formats whose
 * tilebuffer format takes 32-bit values). */
bool agx_bg_can_resolve(enum pipe_format format);

struct agx_bg_eot_program {
   uint8_t *code; /* ralloc'ed under the mem_ctx given */
   size_t size_B;
   /* 16-bit registers used, for the USC Registers word. */
   unsigned nr_gprs;
   /* Uniform halves read (0..n-1), for the Counts word. */
   unsigned nr_uniforms;
   /* Texture state registers read, and whether sampler 0 is read. */
   unsigned nr_textures;
   bool uses_sampler;
   /* The assembly, for debugging (ralloc'ed too). */
   char *source;
};

/* Uniform half where the clear colour of rt starts. */
static inline unsigned
agx_bg_clear_uniform(unsigned rt)
{
   return 4 + 8 * rt;
}

/* Build the program for key.  Returns 0, or a negative enum agx_isa_error
 * with a message in err.
 */
int agx_build_bg_eot(const struct agx_bg_eot_key *key, void *mem_ctx,
                     struct agx_bg_eot_program *out, char *err,
                     size_t err_size);

/* The eight uniform halves holding the clear colour of rt, from a GL
 * clear colour given as raw bits (floats for normalised/float formats,
 * integers for integer ones), in the tilebuffer's channel order and register
 * type.
 */
void agx_pack_clear_colour(const struct agx_tilebuffer_layout *tib, unsigned rt,
                           const uint32_t colour[4], uint32_t out[4]);

/* True when a 16-bit register type is used for this tilebuffer format. */
bool agx_tib_format_is_16bit(unsigned mem_format);

#endif
