/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * image_write through a PBE descriptor (storage images): the texture
 * unit's writer.  The descriptor (genxml "pbe") gives the image: its
 * format (channels, type, sRGB), size, level, layers and layout (linear
 * with the PBE stride, Mesa's packing: field = bytes - 4; or twiddled, ail's
 * addressing).  The instruction's dimension says where the layer is:
 * 2D arrays (tex_2d_array) take the coordinate after x and y as the
 * layer (its low 16 bits), 2D images layer 0.  The four source values are
 * r, g, b, a; the PBE swizzle picks, for each stored channel, the source
 * component (or 0, 1) as the end-of-tile store does (asahi_sim_pbe.c).
 * Integer formats take the values as integers (low bits), the others as
 * 32-bit floats converted by util/format (clamped for normalized
 * formats).  A texel outside the level or a layer past the PBE's layers
 * is not written (GL 4.6 section 8.26: such stores have no effect; the
 * hardware's own behaviour there is not known: choice); nor is anything
 * through a null PBE.  Multisampled and 3D images are not simulated
 * yet.
 */

#include <string.h>

#include "asahi/genxml/agx_pack.h"
#include "asahi/layout/layout.h"
#include "asahi_sim_internal.h"
#include "asahi_sim_texture.h"
#include "util/format/u_format.h"
#include "util/format/u_format_pack.h"
#include "util/u_math.h"

/* The PBE descriptor bytes of the request's texture state or heap
 * entry. */
static enum asahi_sim_status
read_pbe(struct asahi_sim_group *g, const struct asahi_sim_texture_request *r,
         uint8_t desc[AGX_PBE_LENGTH])
{
   uint64_t va;
   if (r->bindless) {
      va = r->heap + r->texture;
   } else if (r->texture < ASAHI_SIM_TEXTURE_STATES &&
              g->texture_state[r->texture].valid) {
      va = g->texture_state[r->texture].heap +
           g->texture_state[r->texture].index;
   } else {
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "image_write: texture state ts%u is not bound",
                             r->texture);
   }
   if (!asahi_sim_mem_access(g, va, desc, AGX_PBE_LENGTH, false,
                             ASAHI_SIM_UNIT_TEXTURE))
      return ASAHI_SIM_FAULT;
   return ASAHI_SIM_RUNNING;
}

/* The stored bytes of one texel from the source values. */
static bool
pack_texel(enum pipe_format format, const struct AGX_PBE *d,
           const uint32_t src[4], uint8_t out[16])
{
   const enum agx_channel sw[4] = {d->swizzle_r, d->swizzle_g, d->swizzle_b,
                                   d->swizzle_a};
   bool integer = util_format_is_pure_integer(format);
   uint32_t v[4];
   for (unsigned i = 0; i < 4; i++) {
      v[i] = sw[i] <= AGX_CHANNEL_A   ? src[sw[i]]
             : sw[i] == AGX_CHANNEL_1 ? (integer ? 1 : 0x3f800000u)
                                      : 0;
   }
   memset(out, 0, 16);
   if (util_format_is_pure_sint(format))
      return util_format_pack_rgba_sint(format, out, (const int32_t *)v, 1);
   if (integer)
      return util_format_pack_rgba_uint(format, out, v, 1);
   float f[4];
   memcpy(f, v, sizeof(f));
   return util_format_pack_rgba_float(format, out, f, 1);
}

/* What a PBE descriptor says of the image it writes. */
struct pbe_image {
   bool null; /* layout null: nothing is written */
   struct AGX_PBE d;
   enum pipe_format format;
   struct ail_layout l; /* its miptree */
   unsigned level, layers;
};

/* The image of the descriptor bytes desc, its miptree laid out. */
static enum asahi_sim_status
decode_pbe(struct asahi_sim_group *g, const uint8_t *desc,
           struct pbe_image *img)
{
   struct AGX_PBE d;
   memset(&d, 0, sizeof(d));
   AGX_PBE_unpack(NULL, desc, &d);
   memset(img, 0, sizeof(*img));
   /* Null PBEs (layout null): Mesa's driver points them at a sink buffer
    * (alexvorxx/Mesa-VirGL src/asahi/lib/agx_helpers.h, agx_set_null_pbe);
    * nothing is written here (choice: what lands in the sink is not
    * known). */
   if (d.layout == AGX_LAYOUT_NULL) {
      img->null = true;
      return ASAHI_SIM_RUNNING;
   }
   if (d.dimension != AGX_TEXTURE_DIMENSION_2D &&
       d.dimension != AGX_TEXTURE_DIMENSION_2D_ARRAY)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "image_write: PBE dimension %u (2D and 2D "
                             "arrays only)",
                             d.dimension);
   enum pipe_format format =
      asahi_sim_texture_format(d.channels, d.type, d.srgb);
   if (format == PIPE_FORMAT_NONE)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "image_write: PBE channels 0x%x type %u",
                             d.channels, d.type);

   struct ail_layout l;
   memset(&l, 0, sizeof(l));
   l.format = format;
   l.width_px = d.width;
   l.height_px = d.height;
   l.depth_px = 1;
   l.sample_count_sa = 1;
   unsigned level = d.level, layers = 1;
   if (d.layout == AGX_LAYOUT_LINEAR) {
      l.tiling = AIL_TILING_LINEAR;
      l.linear_stride_B = (uint32_t)d.stride + 4;
      l.levels = 1;
      level = 0;
   } else if (d.layout == AGX_LAYOUT_TWIDDLED) {
      l.tiling = AIL_TILING_TWIDDLED;
      l.levels = (uint8_t)d.levels;
      layers = d.layers ? d.layers : 1;
      /* The PBE gives width, height and a level count; its levels past
       * the 2D chain's 1x1 (the slices of a deep 3D image written as a
       * 2D array, whose chain follows the depth) are more 1x1 levels in
       * each layer, as ail lays out a 3D image.  ail takes such a count
       * only from a depth that needs it. */
      unsigned chain = util_logbase2(MAX2(d.width, d.height)) + 1;
      if (l.levels > chain) {
         l.mipmapped_z = true;
         l.depth_px = 1u << (l.levels - 1);
      }
   } else {
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "image_write: PBE layout %u", d.layout);
   }
   enum ail_error e = ail_make_miptree(&l);
   if (e)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "image_write: bad image: %s",
                             ail_error_string(e));
   if (level >= l.levels_allocated)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "image_write: level %u of %u", level,
                             l.levels_allocated);

   *img = (struct pbe_image){
      .d = d, .format = format, .l = l, .level = level, .layers = layers};
   return ASAHI_SIM_RUNNING;
}

/* Every lane of an image_write decoded the same descriptor and laid out
 * its miptree again (ail_make_miptree per lane: Issue #15, since wave
 * 17).  The last one decoded on this thread is kept, keyed by its bytes,
 * so a descriptor rewritten in memory is decoded again (as the texture
 * unit's image cache, asahi_sim_sampler.c). */
struct pbe_cache {
   bool valid;
   uint8_t desc[AGX_PBE_LENGTH];
   struct pbe_image img;
};

/* Looked up in a function of its own (see unit_cache in
 * asahi_sim_sampler.c: a _Thread_local's address costs a call in a
 * shared library). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static struct pbe_cache *
pbe_cache(void)
{
   static _Thread_local struct pbe_cache cache;
   return &cache;
}

enum asahi_sim_status
asahi_sim_image_write(struct asahi_sim_group *g,
                      const struct asahi_sim_texture_request *r,
                      const uint32_t texel[4])
{
   uint8_t desc[AGX_PBE_LENGTH];
   enum asahi_sim_status st = read_pbe(g, r, desc);
   if (st != ASAHI_SIM_RUNNING)
      return st;
   struct pbe_cache *c = pbe_cache();
   if (!c->valid || memcmp(c->desc, desc, sizeof(desc))) {
      c->valid = false;
      st = decode_pbe(g, desc, &c->img);
      if (st != ASAHI_SIM_RUNNING)
         return st;
      memcpy(c->desc, desc, sizeof(desc));
      c->valid = true;
   }
   const struct pbe_image *img = &c->img;
   if (img->null)
      return ASAHI_SIM_RUNNING;
   const struct AGX_PBE *d = &img->d;
   const struct ail_layout *l = &img->l;
   const unsigned level = img->level;
   const enum pipe_format format = img->format;

   /* tex_2d_array (3): x, y, layer */
   unsigned layer = 0;
   if (r->dim == 3 && r->nr_coords > 2)
      layer = r->coords[2] & 0xffff;
   if (r->nr_coords < 2)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "image_write: %u coordinates", r->nr_coords);
   uint32_t x = r->coords[0], y = r->coords[1];
   if (x >= ail_minify(d->width, level) || y >= ail_minify(d->height, level) ||
       layer >= img->layers)
      return ASAHI_SIM_RUNNING;

   uint8_t bytes[16];
   if (!pack_texel(format, d, texel, bytes))
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "image_write: cannot pack %s",
                             util_format_name(format));
   uint64_t off;
   if (!ail_get_element_offset_B(l, level, x, y, &off))
      return ASAHI_SIM_RUNNING;
   if (l->tiling != AIL_TILING_LINEAR)
      off += ail_get_level_offset_B(l, level);
   if (layer) {
      /* ail's layer stride, page-aligned as the descriptor says (as the
       * texture unit's, asahi_sim_sampler.c) */
      uint64_t end_B = l->level_offsets_B[l->levels_allocated];
      uint64_t stride_B =
         d->page_aligned_layers
            ? (end_B + AIL_PAGESIZE_B - 1) & ~(uint64_t)(AIL_PAGESIZE_B - 1)
            : end_B;
      off += (uint64_t)layer * stride_B;
   }
   return asahi_sim_mem_access(g, d->buffer + off, bytes,
                               util_format_get_blocksize(format), true,
                               ASAHI_SIM_UNIT_TEXTURE)
             ? ASAHI_SIM_RUNNING
             : ASAHI_SIM_FAULT;
}
