/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The texture unit as the interpreter sees it: texture_sample,
 * texture_load and image_write hand one request per active lane to hooks
 * the caller supplies (group->texture, group->texture_user).  The
 * interpreter decodes the operands and moves registers; the hooks find
 * the descriptor, address the image and convert texels.
 *
 * A simple default (asahi_sim_texture_default_hooks) reads AGX texture and
 * PBE descriptors (src/asahi/genxml) from GPU memory and handles 2D,
 * single-level, single-sample RGBA8 unorm (optionally sRGB) and RGBA32F
 * images, linear or twiddled (addressed with src/asahi/layout), with
 * nearest filtering and clamp-to-edge.  Everything else is an error
 * naming what is missing; see docs/simulator.rst.
 */

#ifndef ASAHI_SIM_TEXTURE_H
#define ASAHI_SIM_TEXTURE_H

#include "asahi/genxml/agx_pack.h"
#include "asahi/layout/layout.h"
#include "asahi_sim.h"
#include "util/format/u_formats.h"

#ifdef __cplusplus
extern "C" {
#endif

enum asahi_sim_texture_op {
   ASAHI_SIM_TEXTURE_SAMPLE, /* texture_sample: float coordinates */
   ASAHI_SIM_TEXTURE_LOAD,   /* texture_load: integer texel coordinates */
   ASAHI_SIM_IMAGE_WRITE,    /* image_write: integer coordinates */
};

struct asahi_sim_texture_request {
   enum asahi_sim_texture_op op;
   /* The instruction's dimension, the raw `n` field (2 = tex_2d; the
    * names are the ISA library's TEX_TYPES). */
   unsigned dim;
   /* Which texture: with `bindless`, the descriptor is at heap + texture
    * (a byte offset, Mesa agx_compile.c agx_translate_bindless_handle);
    * otherwise `texture` is a texture state slot (tsN). */
   bool bindless;
   uint64_t heap;
   uint32_t texture;
   /* Sampler state slot (ssN) or, with sampler_reg, a register's value. */
   bool sampler_reg;
   uint32_t sampler;
   /* Coordinates as the registers hold them (nr_coords of them, 16-bit
    * values zero-extended when coords_16): floats for sample, integers
    * for load and write. */
   unsigned nr_coords;
   bool coords_16;
   uint32_t coords[4];
   /* LOD mode (raw `lod` field: 0 auto_lod, 2 and 6 lod_min...;
    * image_write: 0) and the first element of the LOD operand, 0 when
    * absent (lod_16: a 16-bit register). */
   unsigned lod_mode;
   uint32_t lod;
   bool lod_16;
   /* sample/load: the components wanted (bit 0 = r). */
   unsigned mask;
   /* texture_sample in fragment work: the coordinates' differences across
    * the lane's 2x2 quad (d/dx, d/dy), for the automatic LOD; the lod
    * modes with gradients pass theirs here too. */
   bool has_derivatives;
   float ddx[3], ddy[3];
   /* texture_sample with the compare bit: the reference value (f32 bits,
    * the first element of the compare/offset operand) that the sampler's
    * compare function tests each texel's first component against. */
   bool compare;
   uint32_t compare_ref;
   /* texture_sample/load: texel offsets (has_offset: the operand has
    * them), from the packed 4-bit two's complement x, y, z, added to the
    * texel coordinates at the level read (GL 4.6 section 8.14.2). */
   bool has_offset;
   int offset[3];
   /* texture_sample: 0 for a filtered sample, else gather channel
    * gather - 1 (0..3 = r..a after the descriptor swizzle) of the 2x2
    * footprint. */
   unsigned gather;
   /* texture_sample in its query_lod mode: no texel is read; the hook
    * returns the level-of-detail query's two floats, (the mipmap level
    * the same lookup would read, relative to the view's first level,
    * fractional between two levels; lambda' after any bias and before
    * the sampler's LOD clamps), in texel[0..1] with no swizzle
    * (ARB_texture_query_lod). */
   bool query_lod;
};

struct asahi_sim_texture_hooks {
   /*
    * Fetch one lane's texel: texel[0..3] = r, g, b, a as 32-bit floats (or
    * integers for integer formats).  The interpreter keeps the components
    * in `mask` and converts floats to f16 for 16-bit destinations.
    * Return ASAHI_SIM_RUNNING, or another status with a message in
    * g->error (ASAHI_SIM_FAULT with g->fault set for a bad address).
    */
   enum asahi_sim_status (*fetch)(void *user, struct asahi_sim_group *g,
                                  const struct asahi_sim_texture_request *req,
                                  unsigned lane, uint32_t texel[4]);
   /* Write one lane's texel: r, g, b, a as 32-bit floats (16-bit registers
    * are converted from f16). */
   enum asahi_sim_status (*write)(void *user, struct asahi_sim_group *g,
                                  const struct asahi_sim_texture_request *req,
                                  unsigned lane, const uint32_t texel[4]);
};

/* The default hooks' user data. */
struct asahi_sim_texture_default {
   /* Descriptors for state slots: tsN is read at texture_table + 24 N
    * unless a tex_state_store loaded the slot (then heap + index). */
   uint64_t texture_table;
};

extern const struct asahi_sim_texture_hooks asahi_sim_texture_default_hooks;

/* The texture unit of the command executor (asahi_sim_sampler.c): every
 * uncompressed format util/format unpacks, 1D/2D/2D-array images, linear
 * or twiddled, mipmaps, nearest/linear filtering with the sampler's wrap
 * modes, border colours and LOD clamps, LOD from quad derivatives, bias or
 * explicit values.  User data: unused (NULL). */
extern const struct asahi_sim_texture_hooks asahi_sim_texture_unit_hooks;

/* A 2D image that texture_load of texture state slot `slot` at its first
 * level reads texel by texel with no filtering: one sample, one layer,
 * uncompressed, not null, bound to a valid slot (asahi_sim_bg_copy.c
 * copies background reloads from it).  False (and nothing reported)
 * otherwise: the interpreter then runs and reports what is wrong. */
struct asahi_sim_plain_image {
   enum pipe_format format;
   enum agx_channel swizzle[4]; /* the descriptor's, r g b a */
   uint64_t address;
   unsigned level, width, height; /* the level texture_load reads */
   struct ail_layout layout;
};
bool asahi_sim_texture_plain_2d(struct asahi_sim_group *g, uint32_t slot,
                                struct asahi_sim_plain_image *out);

/* The texture unit's image_write of one lane's texel through the PBE
 * descriptor the request names (asahi_sim_image.c). */
enum asahi_sim_status
asahi_sim_image_write(struct asahi_sim_group *g,
                      const struct asahi_sim_texture_request *r,
                      const uint32_t texel[4]);

/* The pipe format of hardware channels + type (+ sRGB), PIPE_FORMAT_NONE
 * when there is none (asahi_sim_tex_format.c). */
enum pipe_format asahi_sim_texture_format(enum agx_channels channels,
                                          enum agx_texture_type type,
                                          bool srgb);

#ifdef __cplusplus
}
#endif

#endif /* ASAHI_SIM_TEXTURE_H */
