/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The command executor's texture unit (asahi_sim_texture_unit_hooks).
 *
 * Descriptors: genxml "texture" (24 bytes) and "sampler" (8 bytes) from
 * alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml, found through the
 * state registers a USC texture/sampler word or a state store bound, or
 * bindless at heap + offset.  Images are laid out by src/asahi/layout
 * (linear with the texture stride field = bytes - 16, Mesa's packing; or
 * twiddled), texels converted by src/util/format.
 *
 * Sampling follows GL 4.6 chapter 8 (the hardware's exact arithmetic is
 * unknown; docs/simulator.rst): coordinates are normalised unless the
 * sampler says pixel coordinates; wrap modes per axis; nearest or linear
 * filtering (weights from u * size - 0.5); the LOD is log2 of the larger
 * scaled derivative length (automatic modes, from the quad, plus a bias
 * for the bias modes), an explicit value (lod_min modes) or from explicit
 * gradients, clamped by the sampler's min/max LOD; the level then follows
 * the mip filter (none: the first level; nearest: round; linear: blend).
 * Magnification (LOD <= 0) uses the mag filter.  Border colours:
 * transparent black, opaque black, opaque white (integer 1s for integer
 * formats), or custom: the words after the sampler in an extended table,
 * in the image format's encoding (border_channel).  Integer formats are
 * never filtered.  The result is
 * swizzled by the descriptor.  Cube maps: the face and face coordinates
 * from the direction (GL 4.6 table 8.19), clamped to the face's edges,
 * or with the sampler's seamful bit clear filtered across them (texels
 * past an edge come from the neighbouring face).
 * 3D images: slices are ail layers of a chain that also shrinks along Z;
 * linear filtering is trilinear within a level.  Multisampled images
 * (2D MS, 2D MS array; 2 or 4 samples from the descriptor's samples bit,
 * all samples of a pixel side by side in its ail element) are read by
 * texture_load with a sample index; a sample outside the image's count
 * reads zero, as an out-of-bounds texel does (choice).  Depth compare
 * (sampler compare enable, texture_sample's compare bit): each texel's
 * first component is replaced by 1 or 0, the sampler's compare function
 * of the reference (clamped to [0, 1] for normalized formats) and the
 * texel, before filtering (GL 4.6 section 8.23.1; the hardware's exact
 * PCF weights are unknown); the result is (r, 0, 0, 1) before the
 * swizzle.  Array layers are integers after the coordinates (the
 * instruction's dimension says where), clamped to the image (choice);
 * cube arrays count cubes of 6 faces.  Texel offsets add to the scaled
 * coordinates (texels of the level); gathers return one channel of the
 * bilinear footprint, after the swizzle, in GL order, from the view's
 * first level.  Not handled: compressed formats, anisotropy.
 */

#include <math.h>
#include <string.h>

#include "asahi/layout/layout.h"
#include "asahi_sim_astc.h"
#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"
#include "asahi_sim_texture.h"
#include "util/format/u_format.h"
#include "util/format/u_format_bc.h"
#include "util/format/u_format_convert.h"
#include "util/format/u_format_etc.h"
#include "util/format/u_format_pack.h"

struct image {
   struct AGX_TEXTURE d;
   enum pipe_format format;
   bool integer, cube, is_3d, is_2d;
   /* format properties texel() needs, looked up once per descriptor */
   bool compressed, sint;
   /* a null descriptor (layout null): no memory is read */
   bool null;
   unsigned layers, texel_B;
   unsigned samples; /* 1, or 2/4 for the MS dimensions */
   struct ail_layout layout;
   /* Each allocated level's addressing (addr_ok: it can be addressed),
    * its size in layers and where its first layer starts (twiddled; 0
    * for linear images): worked out once per descriptor, not per texel
    * (since wave 17). */
   struct ail_level_addr addr[AIL_MAX_MIP_LEVELS];
   uint32_t level_layers[AIL_MAX_MIP_LEVELS];
   uint64_t level_offset_B[AIL_MAX_MIP_LEVELS];
   uint32_t addr_ok; /* a bit per level */
};

/* Where a descriptor is: bindless at heap + index, or through the state
 * slot `index`. */
static enum asahi_sim_status
descriptor_va(struct asahi_sim_group *g, bool bindless, uint64_t heap,
              uint32_t index, const struct asahi_sim_state_slot *slots,
              unsigned nr_slots, const char *what, uint64_t *va)
{
   if (bindless) {
      *va = heap + index;
   } else if (index < nr_slots && slots[index].valid) {
      *va = slots[index].heap + slots[index].index;
   } else {
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC, "%s state %u is not bound",
                             what, index);
   }
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
read_descriptor(struct asahi_sim_group *g, uint64_t va, void *out,
                unsigned size)
{
   return asahi_sim_mem_access(g, va, out, size, false, ASAHI_SIM_UNIT_TEXTURE)
             ? ASAHI_SIM_RUNNING
             : ASAHI_SIM_FAULT;
}

/* Did the lane before, in the same texture instruction, read the
 * descriptor at va into the cache? (g->fetch_serial) */
static bool
read_this_instruction(const struct asahi_sim_group *g, bool valid,
                      uint64_t serial, uint64_t cached_va, uint64_t va)
{
   return valid && g->fetch_serial && serial == g->fetch_serial &&
          cached_va == va;
}

static enum asahi_sim_status
decode_image(struct asahi_sim_group *g, const uint8_t *desc,
             struct image *img);

/* Every lane of every group unpacks the same few descriptors: the last
 * one decoded on this thread is kept, keyed by its bytes (so a descriptor
 * rewritten in memory is decoded again), and not read again by the other
 * lanes of the instruction that read it. */
struct image_cache {
   bool valid;
   uint64_t serial, va;
   uint8_t desc[AGX_TEXTURE_LENGTH];
   struct image img;
};

/* The image a request reads, and where its descriptor is (*va).  *out
 * points into the cache c until the next load_image with it. */
static enum asahi_sim_status
load_image(struct asahi_sim_group *g, const struct asahi_sim_texture_request *r,
           struct image_cache *c, const struct image **out, uint64_t *va_out)
{
   uint64_t va = 0;
   enum asahi_sim_status st =
      descriptor_va(g, r->bindless, r->heap, r->texture, g->texture_state,
                    ASAHI_SIM_TEXTURE_STATES, "texture", &va);
   if (st != ASAHI_SIM_RUNNING)
      return st;
   *va_out = va;
   if (read_this_instruction(g, c->valid, c->serial, c->va, va)) {
      *out = &c->img;
      return ASAHI_SIM_RUNNING;
   }
   uint8_t desc[AGX_TEXTURE_LENGTH];
   if ((st = read_descriptor(g, va, desc, sizeof(desc))) != ASAHI_SIM_RUNNING)
      return st;
   if (!c->valid || memcmp(c->desc, desc, sizeof(desc))) {
      c->valid = false;
      st = decode_image(g, desc, &c->img);
      if (st != ASAHI_SIM_RUNNING)
         return st;
      memcpy(c->desc, desc, sizeof(desc));
      c->valid = true;
   }
   c->serial = g->fetch_serial;
   c->va = va;
   *out = &c->img;
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
decode_image(struct asahi_sim_group *g, const uint8_t *desc, struct image *img)
{
   AGX_TEXTURE_unpack(NULL, desc, &img->d);
   const struct AGX_TEXTURE *d = &img->d;

   /* Null textures (layout null, the null bit): Mesa's driver binds them
    * with every swizzle 0 and "throws away the results" of the read it
    * points at a valid address (alexvorxx/Mesa-VirGL
    * src/asahi/lib/agx_helpers.h, agx_set_null_texture).  Here such a
    * fetch reads no memory and gives 0 in every channel before the
    * descriptor's swizzle (choice: what the hardware reads is unknown). */
   img->null = d->layout == AGX_LAYOUT_NULL;
   if (img->null) {
      img->integer = img->sint = img->compressed = false;
      img->layers = 1;
      img->samples = 1;
      img->addr_ok = 0;
      return ASAHI_SIM_RUNNING;
   }

   bool ms = d->dimension == AGX_TEXTURE_DIMENSION_2D_MS ||
             d->dimension == AGX_TEXTURE_DIMENSION_2D_ARRAY_MS;
   bool array = d->dimension == AGX_TEXTURE_DIMENSION_1D_ARRAY ||
                d->dimension == AGX_TEXTURE_DIMENSION_2D_ARRAY ||
                d->dimension == AGX_TEXTURE_DIMENSION_2D_ARRAY_MS;
   /* Multisampled: 2 or 4 samples from the samples bit (genxml "sample
    * count"), every sample in the pixel's element (ail). */
   img->samples = ms ? (d->samples == AGX_SAMPLE_COUNT_4 ? 4 : 2) : 1;
   img->cube = d->dimension == AGX_TEXTURE_DIMENSION_CUBE ||
               d->dimension == AGX_TEXTURE_DIMENSION_CUBE_ARRAY;
   img->is_3d = d->dimension == AGX_TEXTURE_DIMENSION_3D;
   img->is_2d = d->dimension != AGX_TEXTURE_DIMENSION_1D &&
                d->dimension != AGX_TEXTURE_DIMENSION_1D_ARRAY;
   if (d->dimension != AGX_TEXTURE_DIMENSION_1D &&
       d->dimension != AGX_TEXTURE_DIMENSION_2D && !array && !img->cube &&
       !img->is_3d && !ms)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "texture unit: dimension %u is not simulated",
                             d->dimension);
   if (d->null)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "texture unit: null texture");
   img->format = asahi_sim_texture_format(d->channels, d->type, d->srgb);
   if (img->format == PIPE_FORMAT_NONE)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "texture unit: channels 0x%x type %u",
                             d->channels, d->type);
   img->integer = util_format_is_pure_integer(img->format);
   img->sint = util_format_is_pure_sint(img->format);
   img->compressed = util_format_is_compressed(img->format);
   img->texel_B = util_format_get_blocksize(img->format);
   bool linear = d->layout == AGX_LAYOUT_LINEAR;
   /* Cube arrays: the depth counts cubes, 6 faces each (fact:
    * alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c divides
    * the view's layers by 6). */
   img->layers = d->dimension == AGX_TEXTURE_DIMENSION_CUBE_ARRAY
                    ? 6 * (d->depth ? d->depth : 1)
                 : img->cube                         ? 6
                 : (array || img->is_3d) && !linear ? d->depth
                                                     : 1;

   struct ail_layout *l = &img->layout;
   memset(l, 0, sizeof(*l));
   l->format = img->format;
   l->width_px = d->width;
   l->height_px = d->dimension == AGX_TEXTURE_DIMENSION_1D ||
                        d->dimension == AGX_TEXTURE_DIMENSION_1D_ARRAY
                     ? 1
                     : d->height;
   l->depth_px = img->layers;
   l->cube = img->cube;
   /* 3D: slices are laid out as layers, the chain shrinking along Z. */
   l->mipmapped_z = img->is_3d;
   l->sample_count_sa = (uint8_t)img->samples;
   l->levels = (uint8_t)(d->last_level + 1);
   if (linear) {
      l->tiling = AIL_TILING_LINEAR;
      l->linear_stride_B = (uint32_t)d->stride + 16;
      l->levels = 1;
   } else if (d->layout == AGX_LAYOUT_TWIDDLED) {
      l->tiling = AIL_TILING_TWIDDLED;
   } else {
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "texture unit: layout %u is not simulated",
                             d->layout);
   }
   enum ail_error e = ail_make_miptree(l);
   if (e)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "texture unit: bad image: %s",
                             ail_error_string(e));
   /* The layer stride follows the descriptor's "page-aligned layers" bit,
    * not how the image was made (a layered render target has page-aligned
    * layers whatever its size).  Fact: alexvorxx/Mesa-VirGL
    * src/asahi/layout/layout.h, page_aligned_layers: the hardware derives
    * the layer stride from this flag. */
   if (!linear) {
      uint64_t end_B = l->level_offsets_B[l->levels_allocated];
      l->page_aligned_layers = d->page_aligned_layers;
      l->layer_stride_B =
         d->page_aligned_layers
            ? (end_B + AIL_PAGESIZE_B - 1) & ~(uint64_t)(AIL_PAGESIZE_B - 1)
            : end_B;
      l->size_B = l->layer_stride_B * l->depth_px;
   }
   img->addr_ok = 0;
   for (unsigned lv = 0; lv < l->levels_allocated && lv < AIL_MAX_MIP_LEVELS;
        lv++) {
      if (!ail_level_addr_init(l, lv, &img->addr[lv]))
         continue;
      img->addr_ok |= 1u << lv;
      img->level_layers[lv] =
         img->is_3d ? ail_minify(img->layers, lv) : img->layers;
      img->level_offset_B[lv] = linear ? 0 : ail_get_level_offset_B(l, lv);
   }
   return ASAHI_SIM_RUNNING;
}

/* One texel as four 32-bit values (floats, or integers); false with all
 * zero outside the image. */
static enum asahi_sim_status
texel(struct asahi_sim_group *g, const struct image *img, unsigned level,
      unsigned layer, unsigned sample, int x, int y, uint32_t out[4])
{
   memset(out, 0, 4 * sizeof(uint32_t));
   /* Outside the image, or a level ail cannot address: zero. */
   if (level >= AIL_MAX_MIP_LEVELS || !(img->addr_ok & (1u << level)))
      return ASAHI_SIM_RUNNING;
   const struct ail_level_addr *a = &img->addr[level];
   if (x < 0 || y < 0 || (uint32_t)x >= a->width_px ||
       (uint32_t)y >= a->height_px || layer >= img->level_layers[level] ||
       sample >= img->samples)
      return ASAHI_SIM_RUNNING;
   /* Linear images have one layer at offset 0 (level_offset_B 0). */
   uint64_t off = ail_level_addr_offset_B(a, (uint32_t)x, (uint32_t)y) +
                  img->level_offset_B[level] +
                  (img->layout.tiling != AIL_TILING_LINEAR
                      ? ail_get_layer_offset_B(&img->layout, layer)
                      : 0);
   off += (uint64_t)sample * img->texel_B;
   uint8_t raw[16];
   if (!asahi_sim_mem_access(g, img->d.address + off, raw, img->texel_B, false,
                             ASAHI_SIM_UNIT_TEXTURE))
      return ASAHI_SIM_FAULT;
   if (img->compressed &&
       util_format_description(img->format)->layout ==
          UTIL_FORMAT_LAYOUT_ASTC) {
      /* raw is the block holding (x, y) (ail's elements are blocks);
       * error blocks decode to the error colour. */
      unsigned bw = util_format_get_blockwidth(img->format);
      unsigned bh = util_format_get_blockheight(img->format);
      float block[144][4];
      asahi_sim_astc_decode_block(raw, bw, bh,
                                  util_format_is_srgb(img->format), block);
      memcpy(out, block[(y % bh) * bw + x % bw], 4 * sizeof(float));
      return ASAHI_SIM_RUNNING;
   }
   if (img->compressed) {
      /* raw is the 4x4 block holding (x, y) (ail's elements are blocks). */
      float block[16][4];
      bool ok = util_format_is_bc(img->format)
                   ? util_format_bc_unpack_rgba_float(
                        img->format, &block[0][0], sizeof(block[0]) * 4, raw,
                        img->texel_B, 4, 4)
                   : util_format_etc_unpack_rgba_float(
                        img->format, &block[0][0], sizeof(block[0]) * 4, raw,
                        img->texel_B, 4, 4);
      if (!ok)
         return ASAHI_SIM_RUNNING;
      float *t = block[(y % 4) * 4 + x % 4];
      if (util_format_is_srgb(img->format)) {
         for (unsigned c = 0; c < 3; c++)
            t[c] = util_format_srgb8_to_linear(
               (uint32_t)(t[c] * 255.0f + 0.5f));
      }
      memcpy(out, t, 4 * sizeof(float));
      return ASAHI_SIM_RUNNING;
   }
   if (img->integer) {
      if (img->sint)
         util_format_unpack_rgba_sint(img->format, (int32_t *)out, raw, 1);
      else
         util_format_unpack_rgba_uint(img->format, out, raw, 1);
   } else {
      util_format_unpack_rgba_float(img->format, (float *)out, raw, 1);
   }
   return ASAHI_SIM_RUNNING;
}

/* Wrap an integer texel coordinate; -1 means "the border".  "clamp gl"
 * is GL_CLAMP (Mesa's asahi driver gives the hardware PIPE_TEX_WRAP_CLAMP
 * as it: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c,
 * agx_wrap_from_pipe): after the coordinate was clamped to [0, 1], the
 * GL 3.0 compatibility table 3.19 rule: nearest clamps to the edge
 * texels, linear takes the border beyond them. */
static int
wrap(int i, int size, enum agx_wrap mode, bool linear)
{
   switch (mode) {
   case AGX_WRAP_CLAMP_GL:
      if (linear)
         return i < 0 || i >= size ? -1 : i;
      return i < 0 ? 0 : (i >= size ? size - 1 : i);
   case AGX_WRAP_REPEAT:
      /* Inside the image (nearly every texel): no divisions. */
      if (i >= 0 && i < size)
         return i;
      return ((i % size) + size) % size;
   case AGX_WRAP_MIRRORED_REPEAT: {
      if (i >= 0 && i < size)
         return i;
      int period = 2 * size;
      int m = ((i % period) + period) % period;
      return m < size ? m : period - 1 - m;
   }
   case AGX_WRAP_MIRRORED_CLAMP_TO_EDGE: {
      int m = i < 0 ? -1 - i : i;
      return m >= size ? size - 1 : m;
   }
   case AGX_WRAP_CLAMP_TO_BORDER:
      return i < 0 || i >= size ? -1 : i;
   default: /* clamp to edge, GL clamp */
      return i < 0 ? 0 : (i >= size ? size - 1 : i);
   }
}

/* The sampler with, for extended tables, its custom border colour words
 * (genxml "border"; zero otherwise). */
struct sampler {
   struct AGX_SAMPLER s;
   bool has_border;
   uint32_t border[4];
};

/*
 * A custom border colour word of channel c as the texel value the image's
 * format would give: each channel is stored on its own in a 32-bit word,
 * in the format's channel order, encoded as the format encodes it (pure
 * integers as they are, floats as f32 or f16 for 16-bit and narrower
 * channels, normalized channels as unorm/snorm of the channel's size,
 * sRGB channels as 12-bit unorm of the linear value).  Fact:
 * alexvorxx/Mesa-VirGL, agx_pack_border (src/asahi; the encoding its
 * driver writes).  The descriptor swizzle applies afterwards.
 */
static uint32_t
border_channel(const struct image *img, unsigned c, uint32_t word)
{
   enum pipe_format f = img->format;
   const struct util_format_description *fd = util_format_description(f);
   if (!fd)
      return 0;
   /* Compressed formats (no channel description): EAC 11 bits, RGTC 14,
    * BPTC float f16, the others 8-bit unorm. */
   enum util_format_type type = UTIL_FORMAT_TYPE_UNSIGNED;
   unsigned bits = 8;
   bool pure = false;
   if (util_format_is_compressed(f)) {
      bool snorm = f == PIPE_FORMAT_ETC2_R11_SNORM ||
                   f == PIPE_FORMAT_ETC2_RG11_SNORM ||
                   f == PIPE_FORMAT_RGTC1_SNORM || f == PIPE_FORMAT_RGTC2_SNORM;
      if (f == PIPE_FORMAT_BPTC_RGB_FLOAT || f == PIPE_FORMAT_BPTC_RGB_UFLOAT) {
         type = UTIL_FORMAT_TYPE_FLOAT;
         bits = 16;
      } else if (f == PIPE_FORMAT_ETC2_R11_UNORM ||
                 f == PIPE_FORMAT_ETC2_RG11_UNORM ||
                 f == PIPE_FORMAT_ETC2_R11_SNORM ||
                 f == PIPE_FORMAT_ETC2_RG11_SNORM) {
         bits = 11;
      } else if (f == PIPE_FORMAT_RGTC1_UNORM ||
                 f == PIPE_FORMAT_RGTC2_UNORM ||
                 f == PIPE_FORMAT_RGTC1_SNORM || f == PIPE_FORMAT_RGTC2_SNORM) {
         bits = 14;
      }
      if (snorm)
         type = UTIL_FORMAT_TYPE_SIGNED;
   } else {
      if (c >= fd->nr_channels)
         return 0;
      type = fd->channel[c].type;
      bits = fd->channel[c].size;
      pure = fd->channel[c].pure_integer;
   }
   if (fd->colorspace == UTIL_FORMAT_COLORSPACE_SRGB && c < 3)
      bits = 12;
   if (bits == 0)
      return 0;
   switch (type) {
   case UTIL_FORMAT_TYPE_UNSIGNED:
      if (pure)
         return bits >= 32 ? word : word & ((1u << bits) - 1);
      return asahi_sim_double_to_f32(
         (double)(word & ((1ull << bits) - 1)) / ((1ull << bits) - 1), false);
   case UTIL_FORMAT_TYPE_SIGNED: {
      int32_t v = bits >= 32 ? (int32_t)word
                             : (int32_t)(word << (32 - bits)) >> (32 - bits);
      if (pure)
         return (uint32_t)v;
      double fl = (double)v / (double)((1ull << (bits - 1)) - 1);
      return asahi_sim_double_to_f32(fl < -1 ? -1 : fl, false);
   }
   case UTIL_FORMAT_TYPE_FLOAT:
      return bits == 32 ? word
                        : asahi_sim_double_to_f32(
                             asahi_sim_f16_to_double((uint16_t)word), false);
   default:
      return 0;
   }
}

static void
border(const struct image *img, const struct sampler *s, float out[4])
{
   static const float colours[3][4] = {
      {0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}};
   if (s->s.border_colour == AGX_BORDER_COLOUR_CUSTOM && s->has_border) {
      for (unsigned c = 0; c < 4; c++) {
         uint32_t v = border_channel(img, c, s->border[c]);
         memcpy(&out[c], &v, 4);
      }
      return;
   }
   /* The constant colours in the image's terms: integer images get
    * integer 1s (as GL's opaque borders read from integer textures). */
   unsigned b = s->s.border_colour <= AGX_BORDER_COLOUR_OPAQUE_WHITE
                   ? s->s.border_colour
                   : 0;
   memcpy(out, colours[b], sizeof(colours[b]));
   if (img->integer) {
      for (unsigned c = 0; c < 4; c++) {
         uint32_t v = colours[b][c] ? 1 : 0;
         memcpy(&out[c], &v, 4);
      }
   }
}

/* floor(x) as a texel index.  Coordinates may be anything a shader
 * computes: NaN selects texel 0 (GL leaves the result undefined) and
 * infinities or huge values are clamped far outside every image, where
 * the wrap modes still give a defined texel or the border. */
static int
texel_floor(double x)
{
   const double limit = 1 << 30;
   if (isnan(x))
      return 0;
   x = floor(x);
   return (int)(x < -limit ? -limit : (x > limit ? limit : x));
}

/*
 * Depth comparison (GL 4.6 section 8.23.1): the texel's first component
 * becomes 1.0 when `ref FUNC depth` holds (genxml "compare func"), else
 * 0.0, before filtering; the reference is clamped to [0, 1] for
 * normalized formats; the texel becomes (result, 0, 0, 1) before the
 * swizzle.  Integer formats are not compared.
 */
static bool
compares(const struct image *img, const struct AGX_SAMPLER *s,
         const struct asahi_sim_texture_request *req)
{
   return req->compare && s->compare_enable && !img->integer;
}

/* The reference as compared: clamped for normalized formats. */
static double
compare_reference(const struct image *img, uint32_t ref_bits)
{
   double ref = asahi_sim_f32_to_double(ref_bits, false);
   const struct util_format_description *fd =
      util_format_description(img->format);
   if (fd && fd->channel[0].normalized)
      ref = fmin(fmax(ref, 0.0), 1.0);
   return ref;
}

static void
depth_compare(const struct AGX_SAMPLER *s, double ref, float t[4])
{
   double d = t[0];
   bool pass;
   switch (s->compare_func) {
   case AGX_COMPARE_FUNC_LEQUAL:
      pass = ref <= d;
      break;
   case AGX_COMPARE_FUNC_GEQUAL:
      pass = ref >= d;
      break;
   case AGX_COMPARE_FUNC_LESS:
      pass = ref < d;
      break;
   case AGX_COMPARE_FUNC_GREATER:
      pass = ref > d;
      break;
   case AGX_COMPARE_FUNC_EQUAL:
      pass = ref == d;
      break;
   case AGX_COMPARE_FUNC_NOT_EQUAL:
      pass = ref != d;
      break;
   case AGX_COMPARE_FUNC_ALWAYS:
      pass = true;
      break;
   default:
      pass = false;
      break;
   }
   t[0] = pass ? 1.0f : 0.0f;
   t[1] = t[2] = 0.0f;
   t[3] = 1.0f;
}

/* The descriptor's swizzle of one texel of floats (gathers pick their
 * channel after it, GL 4.6 section 8.14.2). */
static void
swizzle_texel(const struct image *img, const float in[4], float out[4])
{
   const enum agx_channel sw[4] = {img->d.swizzle_r, img->d.swizzle_g,
                                   img->d.swizzle_b, img->d.swizzle_a};
   for (unsigned i = 0; i < 4; i++) {
      if (sw[i] <= AGX_CHANNEL_A)
         out[i] = in[sw[i]];
      else if (sw[i] == AGX_CHANNEL_1 && !img->integer)
         out[i] = 1.0f;
      else if (sw[i] == AGX_CHANNEL_1)
         memcpy(&out[i], &(uint32_t){1}, sizeof(float));
      else
         out[i] = 0.0f;
   }
}

static unsigned cube_face(double x, double y, double z, double *s,
                          double *t, double *ma);

/* Seamless cube maps (the sampler's seamful bit clear; GL 4.6 section
 * 8.13.1): a texel (i, j) past the edge of face `face` (size n) is the
 * texel of the neighbouring face the direction through its centre
 * selects (corners: one of the three faces meeting there, which GL
 * leaves to the implementation).  Inverse of GL 4.6 table 8.19. */
static unsigned
cube_neighbour(unsigned face, int n, int *i, int *j)
{
   double sc = 2.0 * (*i + 0.5) / n - 1, tc = 2.0 * (*j + 0.5) / n - 1;
   double d[3];
   switch (face) {
   case 0: d[0] = 1, d[1] = -tc, d[2] = -sc; break;
   case 1: d[0] = -1, d[1] = -tc, d[2] = sc; break;
   case 2: d[0] = sc, d[1] = 1, d[2] = tc; break;
   case 3: d[0] = sc, d[1] = -1, d[2] = -tc; break;
   case 4: d[0] = sc, d[1] = -tc, d[2] = 1; break;
   default: d[0] = -sc, d[1] = -tc, d[2] = -1; break;
   }
   double s, t, ma;
   unsigned f = cube_face(d[0], d[1], d[2], &s, &t, &ma);
   int x = (int)floor(s * n), y = (int)floor(t * n);
   *i = x < 0 ? 0 : (x >= n ? n - 1 : x);
   *j = y < 0 ? 0 : (y >= n ? n - 1 : y);
   return f;
}

/*
 * Word k of a texel texel() (or border, depth_compare) has just written
 * word by word, as a float.  Read alone: one 16-byte load of the four
 * words (a copy, or GCC's vectorisation of the filter's sums) cannot take
 * them from the four pending stores and waits for them to retire (a
 * store-forwarding stall); the empty asm keeps the reads apart.
 */
static inline uint32_t
texel_bits(const uint32_t bits[4], unsigned k)
{
   uint32_t w = bits[k];
#if defined(__GNUC__)
   __asm__("" : "+r"(w));
#endif
   return w;
}

static inline float
texel_word(const uint32_t bits[4], unsigned k)
{
   uint32_t w = texel_bits(bits, k);
   float f;
   memcpy(&f, &w, sizeof(f));
   return f;
}

/* Filter one level at normalised/pixel coordinates (u, v) and, for 3D
 * images, r (the slice; otherwise `layer` is used as is).  With
 * `compare`, texels are compared with `ref` first. */
static enum asahi_sim_status
filter_level(struct asahi_sim_group *g, const struct image *img,
             const struct sampler *sm,
             const struct asahi_sim_texture_request *req, bool linear_filter,
             unsigned level, unsigned layer, double u, double v, double r,
             float out[4])
{
   const struct AGX_SAMPLER *s = &sm->s;
   /* Gathers take the bilinear footprint whatever the filters. */
   if (req->gather)
      linear_filter = true;
   int size[3] = {(int)ail_minify(img->layout.width_px, level),
                  (int)ail_minify(img->layout.height_px, level),
                  img->is_3d ? (int)ail_minify(img->layout.depth_px, level)
                             : 1};
   double c[3] = {u, v, r};
   const enum agx_wrap modes[3] = {s->wrap_s, s->wrap_t, s->wrap_r};
   int lo[3], hi[3];
   double frac[3] = {0, 0, 0};
   for (unsigned k = 0; k < 3; k++) {
      if (!s->pixel_coordinates)
         c[k] *= size[k];
      /* Texel offsets, in texels of this level (GL 4.6 section 8.14.2;
       * none on cube faces). */
      if (!img->cube)
         c[k] += req->offset[k];
      /* GL_CLAMP: the coordinate to [0, 1] first (GL 3.0 compatibility
       * section 3.9.7). */
      if (modes[k] == AGX_WRAP_CLAMP_GL)
         c[k] = c[k] < 0 ? 0 : (c[k] > size[k] ? size[k] : c[k]);
      if (linear_filter) {
         double a = c[k] - 0.5;
         lo[k] = texel_floor(a);
         frac[k] = isfinite(a) && fabs(a) < (1 << 30) ? a - lo[k] : 0;
         hi[k] = lo[k] + 1;
      } else {
         lo[k] = hi[k] = texel_floor(c[k]);
      }
   }
   /* Axes of size 1 that are not part of the image (2D: z; 1D: y). */
   unsigned dims = img->is_3d ? 3 : (size[1] == 1 && !img->is_2d ? 1 : 2);
   bool compare = compares(img, s, req);
   double ref = compare ? compare_reference(img, req->compare_ref) : 0;

   /* The filter's sums stay in registers; gathers place their texels in
    * an array of their own. */
   float acc[4] = {0, 0, 0, 0}, gathered[4] = {0, 0, 0, 0};
   unsigned corners = linear_filter ? 1u << dims : 1;
   for (unsigned n = 0; n < corners; n++) {
      double weight = 1;
      int at[3] = {0, 0, (int)layer};
      bool outside = false;
      for (unsigned k = 0; k < dims; k++) {
         bool up = (n >> k) & 1;
         if (linear_filter)
            weight *= up ? frac[k] : 1 - frac[k];
         at[k] = up ? hi[k] : lo[k];
      }
      bool off_face = at[0] < 0 || at[0] >= size[0] || at[1] < 0 ||
                      at[1] >= size[1];
      if (img->cube && !s->seamful_cube_maps && linear_filter && off_face) {
         unsigned face = layer % 6;
         at[2] = (int)(layer - face +
                       cube_neighbour(face, size[0], &at[0], &at[1]));
      } else {
         for (unsigned k = 0; k < dims; k++) {
            at[k] = wrap(at[k], size[k], modes[k], linear_filter);
            outside |= at[k] < 0;
         }
      }
      /* texel() writes the words one by one: they are read in place,
       * one by one (texel_word). */
      union {
         uint32_t bits[4];
         float f[4];
      } tx;
      float *t = tx.f;
      if (outside) {
         border(img, sm, t);
      } else {
         enum asahi_sim_status st =
            texel(g, img, level, (unsigned)at[2], 0, at[0], at[1], tx.bits);
         if (st != ASAHI_SIM_RUNNING)
            return st;
      }
      if (compare)
         depth_compare(s, ref, t);
      if (req->gather) {
         /* GL 4.6 section 8.14.2 order: (i0, j1), (i1, j1), (i1, j0),
          * (i0, j0); corner n has x up in bit 0, y up in bit 1. */
         static const unsigned slot[4] = {3, 2, 0, 1};
         float sw[4];
         if (compare)
            memcpy(sw, t, sizeof(sw));
         else
            swizzle_texel(img, t, sw);
         gathered[slot[n & 3]] = sw[req->gather - 1];
         continue;
      }
      /* Nearest: the one texel's bits as stored, with no arithmetic (the
       * weighted sum quieted a signalling NaN's payload, which 32-bit
       * integer texels read through a float sampler carry; Mesa's
       * llvmpipe returns them unchanged, piglit's multisample texture
       * upload relies on it).  Since wave 16.  Word by word (texel_bits),
       * unrolled: put together in a register. */
      if (corners == 1) {
#pragma GCC unroll 4
         for (unsigned k = 0; k < 4; k++) {
            uint32_t w = texel_bits(tx.bits, k);
            memcpy(&acc[k], &w, sizeof(w));
         }
         continue;
      }
      /* unrolled: the sums stay in registers */
#pragma GCC unroll 4
      for (unsigned k = 0; k < 4; k++)
         acc[k] += (float)(weight * texel_word(tx.bits, k));
   }
   memcpy(out, req->gather ? gathered : acc, sizeof(acc));
   return ASAHI_SIM_RUNNING;
}

static double
coord(const struct asahi_sim_texture_request *r, unsigned i)
{
   if (i >= r->nr_coords)
      return 0;
   return r->coords_16 ? asahi_sim_f16_to_double((uint16_t)r->coords[i])
                       : asahi_sim_f32_to_double(r->coords[i], false);
}

static double
lod_operand(const struct asahi_sim_texture_request *r)
{
   return r->lod_16 ? asahi_sim_f16_to_double((uint16_t)r->lod)
                    : asahi_sim_f32_to_double(r->lod, false);
}

/* Cube face and face coordinates of direction (x, y, z), GL 4.6 table
 * 8.19; ties go to x, then y (implementation-dependent in GL). */
static unsigned
cube_face(double x, double y, double z, double *s, double *t, double *ma)
{
   double ax = fabs(x), ay = fabs(y), az = fabs(z);
   unsigned face;
   double sc, tc;
   if (ax >= ay && ax >= az) {
      face = x >= 0 ? 0 : 1;
      sc = x >= 0 ? -z : z;
      tc = -y;
      *ma = ax;
   } else if (ay >= az) {
      face = y >= 0 ? 2 : 3;
      sc = x;
      tc = y >= 0 ? z : -z;
      *ma = ay;
   } else {
      face = z >= 0 ? 4 : 5;
      sc = z >= 0 ? x : -x;
      tc = -y;
      *ma = az;
   }
   *s = *ma > 0 ? (sc / *ma + 1) / 2 : 0.5;
   *t = *ma > 0 ? (tc / *ma + 1) / 2 : 0.5;
   return face;
}

/*
 * What sampling takes from the descriptors alone, the same for every lane
 * of an instruction that reads the same texture and sampler: set up once
 * per instruction (load_setup), not once per lane.
 */
struct sample_setup {
   /* Cube maps: s and t clamp to the face's edge (seamful) or read the
    * neighbouring faces (seamless, filter_level). */
   struct sampler sm;
   bool is_1d;
   /* The LOD picks the level (a mip filter over more than one level) or
    * the filter (minification and magnification filters that differ). */
   bool lod_picks;
   /* Linear filters (integer formats are never filtered). */
   bool linear_mag, linear_min;
   /* The view's levels, and the size of its first level: the LOD counts
    * from it (the descriptor holds the resource's level 0 size and the
    * view's first level, fact: alexvorxx/Mesa-VirGL
    * src/gallium/drivers/asahi/agx_state.c, for GL's base level). */
   unsigned first, last;
   double w, h, d;
};

static void
make_setup(const struct image *img, struct sample_setup *su)
{
   const struct AGX_SAMPLER *s = &su->sm.s;
   su->is_1d = img->layout.height_px == 1 &&
               (img->d.dimension == AGX_TEXTURE_DIMENSION_1D ||
                img->d.dimension == AGX_TEXTURE_DIMENSION_1D_ARRAY);
   su->lod_picks = s->mag_filter != s->min_filter ||
                   (s->mip_filter != AGX_MIP_FILTER_NONE &&
                    img->d.last_level > img->d.first_level);
   su->linear_mag = s->mag_filter == AGX_FILTER_LINEAR && !img->integer;
   su->linear_min = s->min_filter == AGX_FILTER_LINEAR && !img->integer;
   su->first = img->d.first_level;
   su->last = img->d.last_level < su->first ? su->first : img->d.last_level;
   unsigned fl = su->first;
   su->w = img->layout.width_px >> fl ? img->layout.width_px >> fl : 1;
   su->h = img->layout.height_px >> fl ? img->layout.height_px >> fl : 1;
   su->d = img->is_3d && img->layers >> fl ? img->layers >> fl : 1;
   if (img->cube)
      su->sm.s.wrap_s = su->sm.s.wrap_t = AGX_WRAP_CLAMP_TO_EDGE;
}

/* The setup of the lane before in the same instruction (serial 0: none),
 * and, as for images, the last sampler unpacked on this thread, keyed by
 * its bytes. */
struct setup_cache {
   bool unpacked;
   uint8_t desc[AGX_SAMPLER_LENGTH];
   struct AGX_SAMPLER s;
   uint64_t serial, va, image_va;
   struct sample_setup su;
};

/* The sampler a request uses with what follows from it and the image
 * (at image_va); *out points into the cache c until the next call with
 * it. */
static enum asahi_sim_status
load_setup(struct asahi_sim_group *g, const struct asahi_sim_texture_request *r,
           const struct image *img, uint64_t image_va, struct setup_cache *c,
           const struct sample_setup **out)
{
   if (r->sampler_reg)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "texture unit: samplers from the heap are not "
                             "simulated");
   uint64_t va = 0;
   enum asahi_sim_status st =
      descriptor_va(g, false, 0, r->sampler, g->sampler_state,
                    ASAHI_SIM_SAMPLER_STATES, "sampler", &va);
   if (st != ASAHI_SIM_RUNNING)
      return st;
   if (read_this_instruction(g, c->serial != 0, c->serial, c->va,
                             va) &&
       c->image_va == image_va) {
      *out = &c->su;
      return ASAHI_SIM_RUNNING;
   }
   c->serial = 0;
   uint8_t desc[AGX_SAMPLER_LENGTH];
   if ((st = read_descriptor(g, va, desc, sizeof(desc))) != ASAHI_SIM_RUNNING)
      return st;
   if (!c->unpacked || memcmp(c->desc, desc, sizeof(desc))) {
      AGX_SAMPLER_unpack(NULL, desc, &c->s);
      memcpy(c->desc, desc, sizeof(desc));
      c->unpacked = true;
   }
   struct sample_setup *su = &c->su;
   memset(su, 0, sizeof(*su));
   su->sm.s = c->s;
   /* An extended table's custom border colour follows the sampler. */
   const struct asahi_sim_state_slot *slot = &g->sampler_state[r->sampler];
   if (su->sm.s.border_colour == AGX_BORDER_COLOUR_CUSTOM && slot->border) {
      uint8_t b[AGX_BORDER_LENGTH];
      if (!asahi_sim_mem_access(g, slot->heap + slot->index + AGX_SAMPLER_LENGTH,
                                b, sizeof(b), false, ASAHI_SIM_UNIT_TEXTURE))
         return ASAHI_SIM_FAULT;
      struct AGX_BORDER bd;
      AGX_BORDER_unpack(NULL, b, &bd);
      su->sm.border[0] = bd.channel_0;
      su->sm.border[1] = bd.channel_1;
      su->sm.border[2] = bd.channel_2;
      su->sm.border[3] = bd.channel_3;
      su->sm.has_border = true;
   }
   make_setup(img, su);
   c->serial = g->fetch_serial;
   c->va = va;
   c->image_va = image_va;
   *out = su;
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
sample(struct asahi_sim_group *g, const struct asahi_sim_texture_request *r,
       const struct image *img, const struct sample_setup *su,
       uint32_t out[4])
{
   const struct AGX_SAMPLER *s = &su->sm.s;
   bool is_1d = su->is_1d;
   /* Array layers: an integer in the low 16 bits of the register after
    * the coordinates of the instruction's dimension (tex_1d_array: the
    * second, tex_2d_array: the third, tex_cube_array: the fourth, counting
    * cubes); the shader rounds and clamps it (fact: alexvorxx/Mesa-VirGL
    * src/asahi/lib/agx_nir_lower_texture.c).  What the hardware does with
    * a layer past the end is unknown: clamped here (choice). */
   unsigned array_reg = r->dim == 1 ? 1 : r->dim == 3 ? 2 : r->dim == 7 ? 3 : 0;
   unsigned array_layer = 0;
   if (array_reg && array_reg < r->nr_coords)
      array_layer = r->coords[array_reg] & 0xffff;
   unsigned layer = 0;
   double cube_s = 0, cube_t = 0, cube_ma = 1;
   if (img->cube) {
      layer = cube_face(coord(r, 0), coord(r, 1), coord(r, 2), &cube_s,
                        &cube_t, &cube_ma);
      unsigned cubes = img->layers / 6;
      layer += 6 * (array_layer < cubes ? array_layer : cubes - 1);
   } else if (img->layers > 1 && !img->is_3d) {
      layer = array_layer < img->layers ? array_layer : img->layers - 1;
   }

   /* The LOD.  It picks the level or the filter (lod_picks) and is the
    * answer of LOD queries: with none of these, computing it from the
    * derivatives (square roots and a log2 per lane) changes nothing. */
   bool lod_used = r->query_lod || su->lod_picks;
   double lod = 0;
   bool explicit_lod = r->lod_mode == 2 || r->lod_mode == 6;
   if (explicit_lod) {
      lod = lod_operand(r);
   } else if (lod_used && r->has_derivatives && !s->pixel_coordinates) {
      double w = su->w, h = su->h, dd = su->d;
      /* Cube faces: the direction's change over the major axis, a face
       * spanning 2 units of it. */
      double k = img->cube ? 0.5 / (cube_ma > 0 ? cube_ma : 1) : 1;
      double dx = k * (img->cube ? w * sqrt(r->ddx[0] * r->ddx[0] +
                                            r->ddx[1] * r->ddx[1] +
                                            r->ddx[2] * r->ddx[2])
                                 : sqrt(pow(r->ddx[0] * w, 2) +
                                        pow(is_1d ? 0 : r->ddx[1] * h, 2) +
                                        pow(img->is_3d ? r->ddx[2] * dd : 0,
                                            2)));
      double dy = k * (img->cube ? w * sqrt(r->ddy[0] * r->ddy[0] +
                                            r->ddy[1] * r->ddy[1] +
                                            r->ddy[2] * r->ddy[2])
                                 : sqrt(pow(r->ddy[0] * w, 2) +
                                        pow(is_1d ? 0 : r->ddy[1] * h, 2) +
                                        pow(img->is_3d ? r->ddy[2] * dd : 0,
                                            2)));
      double rho = fmax(dx, dy);
      lod = rho > 0 ? log2(rho) : -INFINITY;
      if (r->lod_mode == 1 || r->lod_mode == 5)
         lod += lod_operand(r);
   }
   if (lod != lod)
      lod = 0;
   /* lambda' (GL 4.6 equation 8.5: after the bias, before the clamps)
    * for LOD queries */
   double lambda_prime = lod;
   lod = fmax(lod, s->min_lod);
   lod = fmin(lod, s->max_lod);

   bool linear_filter = lod <= 0 ? su->linear_mag : su->linear_min;
   unsigned first = su->first, last = su->last;
   double top = (double)(last - first);
   double l = fmin(fmax(lod, 0), top);

   float a[4], b[4];
   unsigned l0 = first, l1 = first;
   double t = 0;
   if (r->gather) {
      /* Gathers read the view's first level (GL 4.6 section 8.14.2). */
   } else if (s->mip_filter == AGX_MIP_FILTER_NEAREST) {
      /* GL: ceil(lod + 0.5) - 1 */
      double n = ceil(l + 0.5) - 1;
      l0 = l1 = first + (unsigned)(n < 0 ? 0 : n);
   } else if (s->mip_filter == AGX_MIP_FILTER_LINEAR) {
      l0 = first + (unsigned)floor(l);
      l1 = l0 + 1 <= last ? l0 + 1 : l0;
      t = l - floor(l);
   }
   if (r->query_lod) {
      /* ARB_texture_query_lod: x the level the lookup reads relative to
       * the first one (nearest mipmapping: that level; linear: the
       * clamped LOD, between two levels; no mipmapping or magnification:
       * 0), y lambda'.  The hardware's rounding is unknown (Mesa's
       * driver uses both components as they come: alexvorxx/Mesa-VirGL
       * src/asahi/compiler/agx_compile.c, agx_emit_tex). */
      double x = 0;
      if (s->mip_filter == AGX_MIP_FILTER_LINEAR)
         x = l;
      else if (s->mip_filter == AGX_MIP_FILTER_NEAREST)
         x = (double)(l0 - first);
      float q[4] = {(float)x, (float)lambda_prime, 0, 0};
      memcpy(out, q, sizeof(q));
      return ASAHI_SIM_RUNNING;
   }
   double u = img->cube ? cube_s : coord(r, 0);
   double v = img->cube ? cube_t : (is_1d ? 0.5 : coord(r, 1));
   double rr = img->is_3d ? coord(r, 2) : 0;
   enum asahi_sim_status st =
      filter_level(g, img, &su->sm, r, linear_filter, l0, layer, u, v, rr, a);
   if (st == ASAHI_SIM_RUNNING && l1 != l0 && t > 0) {
      st = filter_level(g, img, &su->sm, r, linear_filter, l1, layer, u, v, rr, b);
      for (unsigned c = 0; c < 4; c++)
         a[c] = (float)(a[c] * (1 - t) + b[c] * t);
   }
   memcpy(out, a, sizeof(a));
   return st;
}

/* The texture unit's caches on this thread. */
struct unit_cache {
   struct image_cache image;
   struct setup_cache setup;
};

/*
 * Looked up once per lane, in a function of its own: in a shared library
 * (the drm-shim) a _Thread_local's address comes from __tls_get_addr, and
 * GCC computed it again in every block that used the caches (4 % of
 * fbo-depth-array depth-layered-clear).
 */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static struct unit_cache *
unit_cache(void)
{
   static _Thread_local struct unit_cache cache;
   return &cache;
}

static enum asahi_sim_status
unit_fetch(void *user, struct asahi_sim_group *g,
           const struct asahi_sim_texture_request *r, unsigned lane,
           uint32_t out[4])
{
   struct unit_cache *cache = unit_cache();
   const struct image *img = NULL;
   uint64_t img_va = 0;
   enum asahi_sim_status st = load_image(g, r, &cache->image, &img, &img_va);
   if (st != ASAHI_SIM_RUNNING)
      return st;

   uint32_t v[4] = {0, 0, 0, 0};
   if (img->null) {
      /* no memory read (decode_image) */
   } else if (r->op == ASAHI_SIM_TEXTURE_LOAD) {
      /* The instruction's dimension says where y is (tex_1d and
       * tex_1d_array have none): a 2D image one texel high still has
       * its y (and a sample index after it). */
      bool is_1d = r->dim == 0 || r->dim == 1;
      unsigned level = img->d.first_level;
      if (r->lod_mode == 2 || r->lod_mode == 6)
         level += r->lod_16 ? (uint16_t)r->lod : r->lod;
      int x = (int)r->coords[0];
      int y = is_1d ? 0 : (int)(r->nr_coords > 1 ? r->coords[1] : 0);
      /* After x (and y): the sample index (MS), then the array layer or
       * the 3D slice. */
      unsigned extra = is_1d ? 1 : 2;
      unsigned sample = 0;
      if (img->samples > 1 && r->nr_coords > extra)
         sample = r->coords[extra++] & 0xffff;
      unsigned layer = img->layers > 1 && r->nr_coords > extra
                          ? r->coords[extra]
                          : 0;
      if (r->coords_16) {
         x = (int16_t)x;
         y = (int16_t)y;
      }
      /* texelFetchOffset: the offsets add to the texel coordinates (GL
       * 4.6 section 8.14.2), z to a 3D slice. */
      x += r->offset[0];
      y += is_1d ? 0 : r->offset[1];
      if (img->is_3d)
         layer += (unsigned)r->offset[is_1d ? 1 : 2];
      if (level <= img->d.last_level)
         st = texel(g, img, level, layer, sample, x, y, v);
   } else {
      const struct sample_setup *su = NULL;
      st = load_setup(g, r, img, img_va, &cache->setup, &su);
      if (st == ASAHI_SIM_RUNNING)
         st = sample(g, r, img, su, v);
   }
   if (st != ASAHI_SIM_RUNNING)
      return st;
   g->texel_is_integer = img->integer && !r->query_lod;
   if (r->op == ASAHI_SIM_TEXTURE_SAMPLE && (r->gather || r->query_lod)) {
      memcpy(out, v, sizeof(v)); /* swizzled texel by texel */
      return ASAHI_SIM_RUNNING;
   }

   /* The descriptor's swizzle: channel r, g, b, a, constant 1 or 0. */
   const enum agx_channel sw[4] = {img->d.swizzle_r, img->d.swizzle_g,
                                   img->d.swizzle_b, img->d.swizzle_a};
   uint32_t one = img->integer ? 1 : 0x3f800000u;
   for (unsigned i = 0; i < 4; i++)
      out[i] = sw[i] <= AGX_CHANNEL_A ? v[sw[i]]
               : sw[i] == AGX_CHANNEL_1 ? one
                                         : 0;
   return ASAHI_SIM_RUNNING;
}

bool
asahi_sim_texture_plain_2d(struct asahi_sim_group *g, uint32_t slot,
                           struct asahi_sim_plain_image *out)
{
   if (g->texture != &asahi_sim_texture_unit_hooks ||
       slot >= ASAHI_SIM_TEXTURE_STATES || !g->texture_state[slot].valid)
      return false;
   uint64_t va = g->texture_state[slot].heap + g->texture_state[slot].index;
   uint64_t avail = 0;
   if (!g->mem.lookup ||
       !g->mem.lookup(g->mem.user, va, false, &avail) ||
       avail < AGX_TEXTURE_LENGTH)
      return false; /* the interpreter reports the fault */
   /* Not this instruction's lanes (serial 0): the descriptor is read. */
   struct asahi_sim_texture_request r = {.texture = slot};
   uint64_t serial = g->fetch_serial;
   g->fetch_serial = 0;
   const struct image *img = NULL;
   uint64_t img_va = 0;
   enum asahi_sim_status st =
      load_image(g, &r, &unit_cache()->image, &img, &img_va);
   g->fetch_serial = serial;
   if (st != ASAHI_SIM_RUNNING || img->null || img->compressed ||
       img->samples != 1 || img->layers != 1 || img->cube || img->is_3d ||
       img->d.dimension != AGX_TEXTURE_DIMENSION_2D ||
       img->d.first_level > img->d.last_level ||
       img->d.first_level >= img->layout.levels_allocated)
      return false;
   out->format = img->format;
   out->swizzle[0] = img->d.swizzle_r;
   out->swizzle[1] = img->d.swizzle_g;
   out->swizzle[2] = img->d.swizzle_b;
   out->swizzle[3] = img->d.swizzle_a;
   out->address = img->d.address;
   out->level = img->d.first_level;
   out->width = ail_minify(img->layout.width_px, out->level);
   out->height = ail_minify(img->layout.height_px, out->level);
   out->layout = img->layout;
   return true;
}

/* image_write (storage images): asahi_sim_image.c. */
static enum asahi_sim_status
unit_write(void *user, struct asahi_sim_group *g,
           const struct asahi_sim_texture_request *r, unsigned lane,
           const uint32_t texel[4])
{
   (void)user;
   (void)lane;
   return asahi_sim_image_write(g, r, texel);
}

const struct asahi_sim_texture_hooks asahi_sim_texture_unit_hooks = {
   .fetch = unit_fetch,
   .write = unit_write,
};
