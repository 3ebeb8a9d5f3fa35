/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Samplers and sampler views, and binding them to a shader stage.
 *
 * Binding convention (the compiler relies on it): GL sampler unit i of a
 * stage is texture state register i (tsN) and sampler state register i
 * (ssN).  The program's USC word list names a table of Texture
 * descriptors (24 bytes each, from register 0) and a table of compact
 * Sampler descriptors (8 bytes each, from register 0); units without a
 * view get a null descriptor.
 *
 * Facts: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c
 * (agx_create_sampler_state, agx_build_pipeline) and
 * src/asahi/lib/agx_helpers.h (wrap, filter and compare translations,
 * sampler state counts in groups of four).
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/half_float.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "agx_descriptors.h"
#include "agx_pack.h"
#include "agx_state.h"
#include "agx_usc.h"

struct agx_sampler {
   struct pipe_sampler_state base;
   uint8_t desc[AGX_SAMPLER_LENGTH];
   /* The border colour is none of the hardware's constants: the sampler
    * table is extended and carries it, packed for the bound view's
    * format (agx_pack_custom_border). */
   bool custom_border;
};

static enum agx_wrap
agx_wrap(unsigned wrap)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT:
      return AGX_WRAP_REPEAT;
   case PIPE_TEX_WRAP_CLAMP:
      return AGX_WRAP_CLAMP_GL;
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
      return AGX_WRAP_CLAMP_TO_BORDER;
   case PIPE_TEX_WRAP_MIRROR_REPEAT:
      return AGX_WRAP_MIRRORED_REPEAT;
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      return AGX_WRAP_MIRRORED_CLAMP_TO_EDGE;
   default:
      return AGX_WRAP_CLAMP_TO_EDGE;
   }
}

/* The sampler's compare function enum is not in GL order. */
static enum agx_compare_func
agx_compare_func(unsigned func)
{
   switch (func) {
   case PIPE_FUNC_NEVER:
      return AGX_COMPARE_FUNC_NEVER;
   case PIPE_FUNC_LESS:
      return AGX_COMPARE_FUNC_LESS;
   case PIPE_FUNC_EQUAL:
      return AGX_COMPARE_FUNC_EQUAL;
   case PIPE_FUNC_LEQUAL:
      return AGX_COMPARE_FUNC_LEQUAL;
   case PIPE_FUNC_GREATER:
      return AGX_COMPARE_FUNC_GREATER;
   case PIPE_FUNC_NOTEQUAL:
      return AGX_COMPARE_FUNC_NOT_EQUAL;
   case PIPE_FUNC_GEQUAL:
      return AGX_COMPARE_FUNC_GEQUAL;
   default:
      return AGX_COMPARE_FUNC_ALWAYS;
   }
}

/* AGX_BORDER_COLOUR_CUSTOM when the colour is not one of the constants. */
static enum agx_border_colour
agx_border_colour(const union pipe_color_union *c, bool integer)
{
   float one = 1.0f;
   uint32_t one_bits;
   memcpy(&one_bits, &one, 4);
   uint32_t o = integer ? 1 : one_bits;
   if (!c->ui[0] && !c->ui[1] && !c->ui[2]) {
      if (!c->ui[3])
         return AGX_BORDER_COLOUR_TRANSPARENT_BLACK;
      if (c->ui[3] == o)
         return AGX_BORDER_COLOUR_OPAQUE_BLACK;
   }
   if (c->ui[0] == o && c->ui[1] == o && c->ui[2] == o && c->ui[3] == o)
      return AGX_BORDER_COLOUR_OPAQUE_WHITE;
   return AGX_BORDER_COLOUR_CUSTOM;
}

/* How memory channel c of a format holds a border value: type, size and
 * whether normalized.  Compressed formats have no channel description;
 * their border channels are 8-bit unorm (sRGB colour: 12 bits), EAC 11
 * bits, RGTC 14 bits, BPTC float half floats. */
static void
border_channel_kind(enum pipe_format f, unsigned c, unsigned *type,
                    unsigned *bits, bool *norm)
{
   const struct util_format_description *d = util_format_description(f);
   bool srgb = util_format_is_srgb(f) && c < 3;

   *norm = true;
   *type = UTIL_FORMAT_TYPE_UNSIGNED;
   switch (f) {
   case PIPE_FORMAT_ETC2_R11_SNORM:
   case PIPE_FORMAT_ETC2_RG11_SNORM:
   case PIPE_FORMAT_ETC2_R11_UNORM:
   case PIPE_FORMAT_ETC2_RG11_UNORM:
      *bits = 11;
      *type = f == PIPE_FORMAT_ETC2_R11_SNORM || f == PIPE_FORMAT_ETC2_RG11_SNORM
                 ? UTIL_FORMAT_TYPE_SIGNED
                 : UTIL_FORMAT_TYPE_UNSIGNED;
      return;
   case PIPE_FORMAT_RGTC1_SNORM:
   case PIPE_FORMAT_RGTC2_SNORM:
   case PIPE_FORMAT_RGTC1_UNORM:
   case PIPE_FORMAT_RGTC2_UNORM:
      *bits = 14;
      *type = f == PIPE_FORMAT_RGTC1_SNORM || f == PIPE_FORMAT_RGTC2_SNORM
                 ? UTIL_FORMAT_TYPE_SIGNED
                 : UTIL_FORMAT_TYPE_UNSIGNED;
      return;
   case PIPE_FORMAT_BPTC_RGB_FLOAT:
   case PIPE_FORMAT_BPTC_RGB_UFLOAT:
      *type = UTIL_FORMAT_TYPE_FLOAT;
      *bits = 16;
      *norm = false;
      return;
   default:
      break;
   }
   if (util_format_is_compressed(f) || !d) {
      *bits = srgb ? 12 : 8;
      return;
   }
   if (c >= d->nr_channels) {
      *type = UTIL_FORMAT_TYPE_VOID;
      *bits = 0;
      return;
   }
   *type = d->channel[c].type;
   *norm = d->channel[c].normalized;
   *bits = srgb ? 12 : d->channel[c].size;
}

/*
 * The 16-byte custom border colour of an extended sampler table: one
 * 32-bit word per channel of the view's format, in memory order (the
 * descriptor's swizzle, which holds the format's swizzle, then gives GL's
 * order back and applies the texture swizzle, as GL 3.3 section 3.8.15
 * wants for border texels), each encoded as the format stores it: pure
 * integers as they are, floats as f32 or (16 bits and less) f16,
 * normalized channels as unorm/snorm of the channel's size, clamping.
 * Fact: alexvorxx/Mesa-VirGL, agx_pack_border (src/asahi).
 */
static void
agx_pack_custom_border(void *out, const union pipe_color_union *colour,
                       enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   uint32_t w[4] = {0, 0, 0, 0};

   for (unsigned c = 0; c < 4; c++) {
      /* The GL component memory channel c holds (the first one whose
       * swizzle names it). */
      int from = -1;
      for (unsigned i = 0; d && i < 4 && from < 0; i++) {
         if (d->swizzle[i] == c)
            from = (int)i;
      }
      if (from < 0)
         from = (int)c;
      unsigned type, bits;
      bool norm;
      border_channel_kind(format, c, &type, &bits, &norm);
      uint32_t v = colour->ui[from];
      float f = colour->f[from];
      uint32_t mask = bits >= 32 ? ~0u : (1u << bits) - 1;
      switch (type) {
      case UTIL_FORMAT_TYPE_UNSIGNED:
         if (norm) {
            float cl = isnan(f) ? 0.0f : CLAMP(f, 0.0f, 1.0f);
            w[c] = (uint32_t)lrintf(cl * (float)mask);
         } else {
            w[c] = v & mask;
         }
         break;
      case UTIL_FORMAT_TYPE_SIGNED:
         if (norm) {
            float cl = isnan(f) ? 0.0f : CLAMP(f, -1.0f, 1.0f);
            w[c] = (uint32_t)lrintf(cl * (float)(mask >> 1)) & mask;
         } else {
            w[c] = v & mask;
         }
         break;
      case UTIL_FORMAT_TYPE_FLOAT:
         w[c] = bits == 32 ? v : util_float_to_half(f);
         break;
      default:
         w[c] = 0;
         break;
      }
   }
   agx_pack(out, BORDER, cfg) {
      cfg.channel_0 = w[0];
      cfg.channel_1 = w[1];
      cfg.channel_2 = w[2];
      cfg.channel_3 = w[3];
   }
}

static void *
agx_create_sampler_state(struct pipe_context *pctx,
                         const struct pipe_sampler_state *t)
{
   struct agx_sampler *so = calloc(1, sizeof(*so));
   if (!so)
      return NULL;
   so->base = *t;

   unsigned aniso = 1;
   while (aniso * 2 <= t->max_anisotropy && aniso < 16)
      aniso *= 2;

   agx_pack(so->desc, SAMPLER, cfg) {
      cfg.min_lod = t->min_lod;
      cfg.max_lod = t->max_lod;
      cfg.max_anisotropy = aniso;
      cfg.mag_filter = t->mag_img_filter == PIPE_TEX_FILTER_LINEAR
                          ? AGX_FILTER_LINEAR
                          : AGX_FILTER_NEAREST;
      cfg.min_filter = t->min_img_filter == PIPE_TEX_FILTER_LINEAR
                          ? AGX_FILTER_LINEAR
                          : AGX_FILTER_NEAREST;
      cfg.mip_filter = t->min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR
                          ? AGX_MIP_FILTER_LINEAR
                       : t->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST
                          ? AGX_MIP_FILTER_NEAREST
                          : AGX_MIP_FILTER_NONE;
      cfg.wrap_s = agx_wrap(t->wrap_s);
      cfg.wrap_t = agx_wrap(t->wrap_t);
      cfg.wrap_r = agx_wrap(t->wrap_r);
      cfg.pixel_coordinates = t->unnormalized_coords;
      cfg.compare_func = agx_compare_func(t->compare_func);
      cfg.compare_enable = t->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE;
      /* Only clamp-to-border and GL_CLAMP (linear filtering past the
       * edge texels) read the colour: without them, no custom colour
       * (and no extended table). */
      bool border = false;
      for (unsigned k = 0; k < 3; ++k) {
         unsigned w = k == 0 ? t->wrap_s : k == 1 ? t->wrap_t : t->wrap_r;
         border |= w == PIPE_TEX_WRAP_CLAMP_TO_BORDER ||
                   w == PIPE_TEX_WRAP_CLAMP;
      }
      cfg.border_colour =
         border
            ? agx_border_colour(&t->border_color, t->border_color_is_integer)
            : AGX_BORDER_COLOUR_TRANSPARENT_BLACK;
      so->custom_border = cfg.border_colour == AGX_BORDER_COLOUR_CUSTOM;
      cfg.seamful_cube_maps = !t->seamless_cube_map;
   }
   return so;
}

float
agx_sampler_lod_bias(const void *sampler)
{
   const struct agx_sampler *so = sampler;
   return so ? so->base.lod_bias : 0.0f;
}

bool
agx_view_clamps_ref(const struct pipe_sampler_view *view)
{
   /* Z16 is stored as itself; the Z24 formats as Z32_FLOAT
    * (agx_resource.c, agx_storage_format), whose comparisons the sampler
    * does not clamp. */
   return view && (view->format == PIPE_FORMAT_Z24_UNORM_S8_UINT ||
                   view->format == PIPE_FORMAT_Z24X8_UNORM);
}

static void
agx_delete_sampler_state(struct pipe_context *pctx, void *cso)
{
   free(cso);
}

static unsigned
agx_dimension(enum pipe_texture_target target, unsigned samples)
{
   switch (target) {
   /* 1D textures are 2D ones of height 1 for the hardware, as Mesa's
    * driver has them (alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/
    * agx_state.c, agx_translate_tex_dim); the compiler samples them at
    * y = 0.5. */
   case PIPE_TEXTURE_1D:
      return AGX_TEXTURE_DIMENSION_2D;
   case PIPE_TEXTURE_1D_ARRAY:
      return AGX_TEXTURE_DIMENSION_2D_ARRAY;
   case PIPE_TEXTURE_3D:
      return AGX_TEXTURE_DIMENSION_3D;
   case PIPE_TEXTURE_CUBE:
      return AGX_TEXTURE_DIMENSION_CUBE;
   case PIPE_TEXTURE_CUBE_ARRAY:
      return AGX_TEXTURE_DIMENSION_CUBE_ARRAY;
   case PIPE_TEXTURE_2D_ARRAY:
      return samples > 1 ? AGX_TEXTURE_DIMENSION_2D_ARRAY_MS
                         : AGX_TEXTURE_DIMENSION_2D_ARRAY;
   default:
      return samples > 1 ? AGX_TEXTURE_DIMENSION_2D_MS
                         : AGX_TEXTURE_DIMENSION_2D;
   }
}

static void
agx_pack_null_view(void *out)
{
   agx_pack(out, TEXTURE, cfg) {
      cfg.layout = AGX_LAYOUT_NULL;
      cfg.null = true;
   }
}

/* A buffer view as a linear 2D image AGX_BUFFER_TEXTURE_WIDTH texels wide,
 * enough rows for its elements, starting at the view's offset
 * (agx_nir_lower_buffer_texture.c turns element i into texel
 * (i % width, i / width)).  Fact: alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_state.c (agx_create_sampler_view,
 * PIPE_BUFFER: a 2D linear image of fixed width).
 */
struct ail_layout
agx_buffer_layout(enum pipe_format format, unsigned size_el)
{
   return (struct ail_layout){
      .width_px = AGX_BUFFER_TEXTURE_WIDTH,
      .height_px = DIV_ROUND_UP(size_el, AGX_BUFFER_TEXTURE_WIDTH),
      .depth_px = 1,
      .sample_count_sa = 1,
      .levels = 1,
      .levels_allocated = 1,
      .tiling = AIL_TILING_LINEAR,
      .format = format,
      .linear_stride_B =
         AGX_BUFFER_TEXTURE_WIDTH * util_format_get_blocksize(format),
   };
}

static void
agx_pack_buffer_view(void *out, const struct pipe_sampler_view *view)
{
   struct agx_resource *rsrc = agx_resource(view->texture);
   unsigned size_el = agx_buffer_view_size_el(view);
   if (!size_el || !rsrc->bo) {
      agx_pack_null_view(out);
      return;
   }

   struct ail_layout l = agx_buffer_layout(view->format, size_el);
   struct agx_view_desc v = {
      .layout = &l,
      .base_va = rsrc->bo->va + view->u.buf.offset,
      .format = view->format,
      .dimension = AGX_TEXTURE_DIMENSION_2D,
      .swizzle = {view->swizzle_r, view->swizzle_g, view->swizzle_b,
                  view->swizzle_a},
   };
   if (!agx_pack_texture_desc(out, &v))
      agx_pack_null_view(out);
}

/* Pack the descriptor of view into out (24 bytes); a null descriptor
 * when the view cannot be described.
 */
static void
agx_pack_view(void *out, const struct pipe_sampler_view *view)
{
   memset(out, 0, AGX_TEXTURE_LENGTH);
   if (!view || !view->texture) {
      agx_pack_null_view(out);
      return;
   }
   if (view->texture->target == PIPE_BUFFER) {
      agx_pack_buffer_view(out, view);
      return;
   }

   struct agx_resource *rsrc = agx_resource(view->texture);
   /* Depth is sampled from the depth plane as stored (Z24 formats are
    * kept as Z32F); stencil views (X24S8_UINT, X32_S8X24_UINT) read the
    * separate S8 plane as an 8-bit unsigned integer. */
   enum pipe_format format = view->format;
   if (util_format_has_depth(format)) {
      format = rsrc->layout.format;
   } else if (util_format_has_stencil(format)) {
      if (rsrc->separate_stencil)
         rsrc = rsrc->separate_stencil;
      format = rsrc->layout.format;
   }
   struct agx_view_desc v = {
      .layout = &rsrc->layout,
      .base_va = rsrc->bo->va,
      .format = format,
      .dimension = agx_dimension(view->target, view->texture->nr_samples),
      .first_level = view->u.tex.first_level,
      .last_level = view->u.tex.last_level,
      .first_layer = view->u.tex.first_layer,
      .last_layer = view->u.tex.last_layer,
      .swizzle = {view->swizzle_r, view->swizzle_g, view->swizzle_b,
                  view->swizzle_a},
   };
   if (!agx_pack_texture_desc(out, &v))
      agx_pack_null_view(out);
}

/* Copy view's descriptor into out, packing it on the view's first use
 * (struct agx_sampler_view). */
static void
agx_view_desc(void *out, struct pipe_sampler_view *view)
{
   static_assert(sizeof(((struct agx_sampler_view *)0)->desc) ==
                    AGX_TEXTURE_LENGTH,
                 "a view keeps one texture descriptor");
   if (!view) {
      agx_pack_view(out, NULL);
      return;
   }
   struct agx_sampler_view *v = (struct agx_sampler_view *)view;
   if (!v->packed) {
      agx_pack_view(v->desc, view);
      v->packed = true;
   }
   memcpy(out, v->desc, AGX_TEXTURE_LENGTH);
}

/* Upload the stage's descriptor tables (once per batch and texture
 * state change; cached in the stage state).
 */
static void
agx_upload_tables(struct agx_context *ctx, struct agx_batch *batch,
                  enum pipe_shader_type stage)
{
   struct agx_stage_state *st = &ctx->stage[stage];
   struct agx_stage_tables *tab = &st->tables;
   unsigned nr_tex = MIN2(st->nr_views, AGX_IMAGE_TS_BASE);
   /* images after the views (agx_image.c) */
   if (st->nr_images)
      nr_tex = AGX_IMAGE_TS_BASE + 2 * st->nr_images;
   unsigned nr_samp = MIN2(st->nr_samplers, 16);
   while (nr_samp && !st->samplers[nr_samp - 1])
      nr_samp--;

   memset(tab, 0, sizeof(*tab));
   tab->valid = true;
   tab->nr_textures = nr_tex;

   if (nr_tex) {
      struct agx_ptr t =
         agx_pool_alloc(&batch->pool, nr_tex * AGX_TEXTURE_LENGTH, 64);
      if (!t.cpu) {
         batch->failed = true;
         return;
      }
      for (unsigned i = 0; i < MIN2(nr_tex, AGX_IMAGE_TS_BASE); ++i) {
         struct pipe_sampler_view *view = i < st->nr_views ? st->views[i]
                                                           : NULL;
         agx_view_desc((uint8_t *)t.cpu + i * AGX_TEXTURE_LENGTH, view);
         if (view && view->texture) {
            agx_batch_reads(batch, view->texture);
            struct agx_resource *zs = agx_resource(view->texture);
            if (view->texture->target != PIPE_BUFFER && zs->separate_stencil)
               agx_batch_reads(batch, &zs->separate_stencil->base);
         }
      }
      if (st->nr_images)
         agx_pack_image_descriptors(ctx, batch, stage, t.cpu, t.gpu);
      tab->texture_va = t.gpu;
   }

   if (nr_samp) {
      /* With a custom border colour anywhere, the extended layout: each
       * sampler followed by its border (fact: alexvorxx/Mesa-VirGL
       * src/asahi/lib/decode.c, src/asahi/genxml/cmdbuf.xml sampler
       * states "8/16 extended"). */
      bool extended = false;
      for (unsigned i = 0; i < nr_samp; ++i) {
         struct agx_sampler *so = st->samplers[i];
         extended |= so && so->custom_border;
      }
      unsigned stride =
         AGX_SAMPLER_LENGTH + (extended ? AGX_BORDER_LENGTH : 0);
      struct agx_ptr s = agx_pool_alloc(&batch->pool, nr_samp * stride, 64);
      if (!s.cpu) {
         batch->failed = true;
         return;
      }
      memset(s.cpu, 0, nr_samp * stride);
      for (unsigned i = 0; i < nr_samp; ++i) {
         struct agx_sampler *so = st->samplers[i];
         uint8_t *dst = (uint8_t *)s.cpu + i * stride;
         if (!so)
            continue;
         memcpy(dst, so->desc, AGX_SAMPLER_LENGTH);
         struct pipe_sampler_view *view = i < nr_tex ? st->views[i] : NULL;
         if (so->custom_border && view)
            agx_pack_custom_border(dst + AGX_SAMPLER_LENGTH,
                                   &so->base.border_color, view->format);
      }
      tab->sampler_va = s.gpu;
      tab->nr_samplers = nr_samp;
      /* compact samplers are reserved in groups of four */
      tab->sampler_states = !extended   ? DIV_ROUND_UP(nr_samp, 4)
                            : nr_samp <= 8 ? AGX_SAMPLER_STATES_8_EXTENDED
                                           : AGX_SAMPLER_STATES_16_EXTENDED;
   }
}

void
agx_bind_textures(struct agx_context *ctx, struct agx_batch *batch,
                  enum pipe_shader_type stage, struct agx_usc_builder *b,
                  unsigned *nr_textures, unsigned *sampler_states)
{
   struct agx_stage_tables *tab = &ctx->stage[stage].tables;
   if (!tab->valid)
      agx_upload_tables(ctx, batch, stage);

   *nr_textures = tab->nr_textures;
   *sampler_states = tab->sampler_states;

   if (tab->texture_va) {
      agx_usc_pack(b, USC_TEXTURE, cfg)
      {
         cfg.start = 0;
         cfg.count = tab->nr_textures;
         cfg.buffer = tab->texture_va;
      }
   }
   if (tab->sampler_va) {
      agx_usc_pack(b, USC_SAMPLER, cfg)
      {
         cfg.start = 0;
         cfg.count = tab->nr_samplers;
         cfg.buffer = tab->sampler_va;
      }
   }
}

void
agx_init_texture_functions(struct pipe_context *pctx)
{
   pctx->create_sampler_state = agx_create_sampler_state;
   pctx->delete_sampler_state = agx_delete_sampler_state;
}
