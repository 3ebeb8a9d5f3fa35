/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * image_write_block: the end-of-tile store of one render target from the
 * tilebuffer to memory through a PBE descriptor (facts: alexvorxx/
 * Mesa-VirGL src/asahi/lib/agx_bg_eot.c, which issues one
 * image_store_block per render target with the target's texture register,
 * its tilebuffer byte offset and its tilebuffer format, and
 * src/asahi/compiler/agx_pack.c BLOCK_IMAGE_STORE, which puts the offset
 * register in R, the texture register in T and the format in F).
 *
 * Executed once per instruction (not per lane): the offset is read from
 * the first active lane.  Every pixel of the tile (g->frag.tile_origin,
 * tile_width x tile_height) inside the PBE's image is converted from the
 * tilebuffer format F (sample 0) to the PBE's channels and type and
 * written at the image address ail gives for the PBE's layout (linear with
 * the PBE stride, Mesa's packing: field = bytes - 4; or twiddled).  With
 * an integer F (i8/i16/i32) the bytes are copied unchanged (Mesa stores
 * f16 targets as i16), otherwise values go through floats.  The PBE
 * swizzle picks, for each stored channel, which tilebuffer component feeds
 * it.  2D images, single-sampled (sample 0 is stored) or multisampled
 * (dimension 2D MS, 2 or 4 samples from the PBE's sample count: every
 * sample, interleaved in the pixel's element as ail lays them out).
 * Layered passes store one layer of a 2D array (dimension n = 2D array,
 * PBE dimension 2D array; or both 2D MS array): the layer is the low 16
 * bits of the coordinate register, or the high 16 for multisampled
 * arrays (Mesa agx_compile.c, agx_emit_block_image_store, puts it
 * there), read from the first active lane; the layer stride is ail's for
 * the PBE's layers, page-aligned as its bit says (as the texture unit's,
 * asahi_sim_sampler.c).  A layer past the PBE's layers is not stored
 * (choice: an attachment with fewer layers than the framebuffer).
 */

#include <string.h>

#include "asahi/genxml/agx_pack.h"
#include "asahi/layout/layout.h"
#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"
#include "asahi_sim_mem_format.h"
#include "asahi_sim_texture.h"
#include "asahi_sim_tile_offsets.h"
#include "util/format/u_format.h"
#include "util/format/u_format_pack.h"

static uint32_t
sim_le32(const uint8_t *p)
{
   return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

struct block {
   struct asahi_sim_group *g;
   struct AGX_PBE d;
   unsigned samples; /* of the image: 1, or 2/4 for 2D MS */
   enum pipe_format format;
   unsigned fmt;      /* the tilebuffer (memory) format */
   unsigned offset_B; /* in each sample's storage */
   unsigned nr_comps, texel_B;
   struct ail_layout layout;
   uint64_t layer_off_B; /* of the layer stored (2D arrays) */
   bool skip;            /* a layer past the image's: nothing stored */
};

/* The bytes of a pixel's tilebuffer element (at most 16). */
static unsigned
source_size_B(const struct block *b)
{
   return asahi_sim_mem_format_packed(b->fmt)
             ? 4
             : asahi_sim_mem_format_size(b->fmt) * b->nr_comps;
}

/* The tilebuffer element of pixel (x, y): the components as 32-bit
 * values (floats, or raw integers) unless v is NULL, and raw bytes. */
static bool
read_pixel(struct block *b, unsigned x, unsigned y, unsigned sample,
           uint32_t v[4], uint8_t raw[16])
{
   struct asahi_sim_group *g = b->g;
   const struct asahi_sim_tilebuffer *tib = &g->frag.tib;
   unsigned fmt = b->fmt;
   unsigned size = source_size_B(b);
   const uint8_t *p =
      asahi_sim_tile_sample_ptr(tib, x, y, sample, b->offset_B, size);
   if (!p) {
      asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                      "image_write_block: %u bytes at tilebuffer offset %u "
                      "of pixel (%u, %u) are outside the tilebuffer",
                      size, b->offset_B, x, y);
      return false;
   }
   memcpy(raw, p, size);
   if (!v)
      return true; /* the bytes only */
   if (asahi_sim_mem_format_packed(fmt)) {
      asahi_sim_mem_unpack_word(fmt, sim_le32(p), 32, v);
      return true;
   }
   unsigned es = asahi_sim_mem_format_size(fmt);
   for (unsigned i = 0; i < b->nr_comps; i++) {
      uint32_t e = 0;
      for (unsigned k = 0; k < es; k++)
         e |= (uint32_t)p[i * es + k] << (8 * k);
      v[i] = asahi_sim_mem_unpack(fmt, e, i, 32);
      if (fmt == ASAHI_SIM_FMT_F16) {
         /* (raw halves: as 32-bit floats for the float path) */
         float f = (float)asahi_sim_f16_to_double((uint16_t)e);
         memcpy(&v[i], &f, sizeof(f));
      }
   }
   return true;
}

/* The bytes pixel (x, y) sample `sample` of the tile stores, in the
 * PBE's format. */
static enum asahi_sim_status
pack_pixel(struct block *b, unsigned x, unsigned y, unsigned sample,
           uint8_t texel[16])
{
   struct asahi_sim_group *g = b->g;
   uint32_t v[4] = {0, 0, 0, 0};
   uint8_t raw[16] = {0};
   memset(texel, 0, 16);
   const enum agx_channel sw[4] = {b->d.swizzle_r, b->d.swizzle_g,
                                   b->d.swizzle_b, b->d.swizzle_a};
   bool integer = b->fmt == ASAHI_SIM_FMT_I8 || b->fmt == ASAHI_SIM_FMT_I16 ||
                  b->fmt == ASAHI_SIM_FMT_I32;
   /* The common case: an RGBA8 unorm tilebuffer into an RGBA8 unorm image
    * unswizzled.  Unpacking c to the float nearest c / 255 and packing it
    * back gives c again, so the bytes go as they are. */
   bool same_unorm8 = b->fmt == ASAHI_SIM_FMT_UNORM8 && b->nr_comps == 4 &&
                      b->format == PIPE_FORMAT_R8G8B8A8_UNORM &&
                      sw[0] == AGX_CHANNEL_R && sw[1] == AGX_CHANNEL_G &&
                      sw[2] == AGX_CHANNEL_B && sw[3] == AGX_CHANNEL_A;
   if (!read_pixel(b, x, y, sample, same_unorm8 ? NULL : v, raw))
      return ASAHI_SIM_ERR_EXEC;
   if (same_unorm8) {
      memcpy(texel, raw, 4);
   } else if (integer && b->format == PIPE_FORMAT_R10G10B10A2_UINT) {
      /* RGB10_A2UI from a 16-bit integer tilebuffer (fact:
       * alexvorxx/Mesa-VirGL src/asahi/layout/formats.c renders it through
       * I16): the fields of one word, each the low bits of its value. */
      uint32_t c[4];
      for (unsigned i = 0; i < 4; i++)
         c[i] = sw[i] <= AGX_CHANNEL_A   ? v[sw[i]]
                : sw[i] == AGX_CHANNEL_1 ? 1
                                         : 0;
      uint32_t word = (c[0] & 0x3ff) | (c[1] & 0x3ff) << 10 |
                      (c[2] & 0x3ff) << 20 | (c[3] & 0x3) << 30;
      for (unsigned k = 0; k < 4; k++)
         texel[k] = (uint8_t)(word >> (8 * k));
   } else if (integer) {
      unsigned cs = b->texel_B / b->nr_comps;
      for (unsigned i = 0; i < b->nr_comps; i++) {
         unsigned src = sw[i] <= AGX_CHANNEL_A ? sw[i] : i;
         if (src < b->nr_comps)
            memcpy(texel + i * cs, raw + src * cs, cs);
      }
   } else {
      float f[4];
      for (unsigned i = 0; i < 4; i++) {
         uint32_t bits = 0;
         if (sw[i] <= AGX_CHANNEL_A)
            bits = v[sw[i]];
         else if (sw[i] == AGX_CHANNEL_1)
            bits = 0x3f800000u;
         memcpy(&f[i], &bits, sizeof(f[i]));
      }
      if (!util_format_pack_rgba_float(b->format, texel, f, 1))
         return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                                "image_write_block: cannot pack %s",
                                util_format_name(b->format));
   }

   return ASAHI_SIM_RUNNING;
}

/* pack_pixel depends on the tilebuffer bytes it reads and nothing else of
 * the pixel: a tile mostly of one colour (a clear, a flat quad) packs each
 * run of equal pixels once.  The last bytes read and what they packed to. */
struct pack_memo {
   bool off; /* g->no_shortcuts: pack every pixel */
   bool valid;
   uint8_t raw[16];
   uint8_t texel[16];
};

static enum asahi_sim_status
pack_pixel_memo(struct block *b, struct pack_memo *m, unsigned x, unsigned y,
                unsigned sample, uint8_t texel[16])
{
   unsigned size = source_size_B(b);
   const uint8_t *p = NULL;
   if (!m->off)
      p = asahi_sim_tile_sample_ptr(&b->g->frag.tib, x, y, sample,
                                    b->offset_B, size);
   if (p && m->valid && !memcmp(p, m->raw, size)) {
      memcpy(texel, m->texel, 16);
      return ASAHI_SIM_RUNNING;
   }
   enum asahi_sim_status st = pack_pixel(b, x, y, sample, texel);
   if (st == ASAHI_SIM_RUNNING && p) {
      memcpy(m->raw, p, size);
      memcpy(m->texel, texel, 16);
      m->valid = true;
   }
   return st;
}

/* The byte offset of pixel (x, y) sample 0 from the PBE's address; false
 * for a pixel ail places nowhere. */
static bool
pixel_offset(const struct block *b, unsigned x, unsigned y, uint64_t *off)
{
   if (!ail_get_element_offset_B(&b->layout, b->d.level, x, y, off))
      return false;
   if (b->layout.tiling != AIL_TILING_LINEAR)
      *off += ail_get_level_offset_B(&b->layout, b->d.level);
   *off += b->layer_off_B;
   return true;
}

static enum asahi_sim_status
store_pixel(struct block *b, unsigned x, unsigned y, unsigned sample)
{
   uint8_t texel[16];
   enum asahi_sim_status st = pack_pixel(b, x, y, sample, texel);
   uint64_t off;
   if (st != ASAHI_SIM_RUNNING || !pixel_offset(b, x, y, &off))
      return st;
   off += (uint64_t)sample * b->texel_B;
   return asahi_sim_mem_access(b->g, b->d.buffer + off, texel, b->texel_B,
                               true, ASAHI_SIM_UNIT_TEXTURE)
             ? ASAHI_SIM_RUNNING
             : ASAHI_SIM_FAULT;
}

#define SIM_BLOCK_MAX_PIXELS (32 * 32)

/*
 * The offsets of the tile's pixels (tw x th from x0, y0), UINT64_MAX for
 * those outside the w x h image or that ail places nowhere: ail's offsets
 * from one row and one column (sim_tile_offsets), plus the level and
 * layer offsets pixel_offset adds, which are the same for every pixel.
 * Without the shortcut (g->no_shortcuts) every pixel asks ail.
 */
static void
tile_offsets(const struct block *b, unsigned x0, unsigned y0, unsigned tw,
             unsigned th, uint32_t w, uint32_t h, uint64_t *offs)
{
   if (!b->g->no_shortcuts && tw <= SIM_TILE_MAX_PX &&
       th <= SIM_TILE_MAX_PX) {
      uint64_t base = b->layer_off_B;
      if (b->layout.tiling != AIL_TILING_LINEAR)
         base += ail_get_level_offset_B(&b->layout, b->d.level);
      sim_tile_offsets(&b->layout, b->d.level, x0, y0, tw, th, offs);
      for (unsigned i = 0; i < tw * th; i++) {
         if (offs[i] != UINT64_MAX)
            offs[i] += base;
      }
      return;
   }
   for (unsigned ly = 0; ly < th; ly++) {
      for (unsigned lx = 0; lx < tw; lx++) {
         uint64_t *o = &offs[ly * tw + lx];
         if (x0 + lx >= w || y0 + ly >= h ||
             !pixel_offset(b, x0 + lx, y0 + ly, o))
            *o = UINT64_MAX;
      }
   }
}

/* store_tile_mapped's stores when every pixel of the tilebuffer holds the
 * same bytes: each sample converted once, then copied.  False, having
 * stored nothing, when a conversion fails: the pixel-by-pixel loop then
 * stores what it stores before the failure and reports it. */
static bool
store_uniform_tile(struct block *b, unsigned tw, unsigned th,
                   const uint64_t *offs, uint64_t lo, uint8_t *host)
{
   const uint16_t *origin = b->g->frag.tile_origin;
   uint8_t texels[4][16];
   unsigned samples = b->samples < 4 ? b->samples : 4;
   unsigned n = tw * th, first = 0;
   while (first < n && offs[first] == UINT64_MAX)
      first++;
   for (unsigned smp = 0; smp < samples; smp++) {
      if (pack_pixel(b, origin[0] + first % tw, origin[1] + first / tw, smp,
                     texels[smp]) != ASAHI_SIM_RUNNING) {
         b->g->error[0] = 0;
         return false;
      }
   }
   unsigned texel_B = b->texel_B;
   if (samples == 1 && texel_B == 4) {
      /* The common case, with a copy the compiler can inline. */
      for (unsigned i = first; i < n; i++) {
         if (offs[i] != UINT64_MAX)
            memcpy(host + (offs[i] - lo), texels[0], 4);
      }
      return true;
   }
   for (unsigned i = first; i < n; i++) {
      if (offs[i] == UINT64_MAX)
         continue;
      uint8_t *dst = host + (offs[i] - lo);
      for (unsigned smp = 0; smp < samples; smp++)
         memcpy(dst + (uint64_t)smp * texel_B, texels[smp], texel_B);
   }
   return true;
}

/*
 * The whole tile at once when the bytes it writes lie in one mapping: the
 * offsets of its pixels first, one translation of the span between the
 * lowest and the highest, then the stores into it (the same bytes
 * store_pixel writes one by one).  False, having stored nothing, when the
 * span is not mapped as one piece or the tile is larger than this path
 * handles: the caller then stores pixel by pixel, with its faults.
 */
static bool
store_tile_mapped(struct block *b, unsigned tw, unsigned th, uint32_t w,
                  uint32_t h, enum asahi_sim_status *st)
{
   struct asahi_sim_group *g = b->g;
   uint64_t offs[SIM_BLOCK_MAX_PIXELS];
   uint64_t lo = UINT64_MAX, hi = 0;
   if (tw * th > SIM_BLOCK_MAX_PIXELS || !g->mem.translate)
      return false;
   tile_offsets(b, g->frag.tile_origin[0], g->frag.tile_origin[1], tw, th,
                w, h, offs);
   for (unsigned i = 0; i < tw * th; i++) {
      if (offs[i] == UINT64_MAX)
         continue;
      lo = offs[i] < lo ? offs[i] : lo;
      hi = offs[i] > hi ? offs[i] : hi;
   }
   *st = ASAHI_SIM_RUNNING;
   if (lo > hi)
      return true; /* nothing of the image in the tile */
   uint64_t span = hi - lo + (uint64_t)b->samples * b->texel_B;
   uint8_t *host = g->mem.translate(g->mem.user, b->d.buffer + lo,
                                    (size_t)span, true);
   if (!host)
      return false;
   if (g->frag.tib.uniform_pixel && !g->no_shortcuts &&
       store_uniform_tile(b, tw, th, offs, lo, host))
      return true;
   struct pack_memo memo = {.off = g->no_shortcuts};
   for (unsigned i = 0; i < tw * th; i++) {
      if (offs[i] == UINT64_MAX)
         continue;
      for (unsigned smp = 0; smp < b->samples; smp++) {
         uint8_t texel[16];
         *st = pack_pixel_memo(b, &memo, g->frag.tile_origin[0] + i % tw,
                               g->frag.tile_origin[1] + i / tw, smp, texel);
         if (*st != ASAHI_SIM_RUNNING)
            return true;
         memcpy(host + (offs[i] - lo) + (uint64_t)smp * b->texel_B, texel,
                b->texel_B);
      }
   }
   return true;
}

static enum asahi_sim_status
setup(struct asahi_sim_group *g, const struct agx_isa_instr *I,
      struct block *b)
{
   const struct agx_isa_operand *R = asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_BLOCK_R);
   const struct agx_isa_operand *T = asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_BLOCK_T);
   unsigned dim = (unsigned)asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_BLOCK_N)->value;
   unsigned lane = (unsigned)__builtin_ctz(g->exec);

   b->g = g;
   b->fmt = (unsigned)asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_BLOCK_F)->value;
   b->offset_B = (uint16_t)asahi_sim_read_raw(g, R, lane);
   if (!g->frag.tib.sample_ptr)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "image_write_block without a tilebuffer");
   if (dim != 2 && dim != 3 && dim != 4 && dim != 8)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "image_write_block: only 2D images and arrays, "
                             "multisampled or not (dim %u)",
                             dim);
   if (T->kind != AGX_ISA_KIND_TEXTURE_STATE)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "image_write_block: bindless images");
   unsigned slot = (unsigned)T->value;
   if (slot >= ASAHI_SIM_TEXTURE_STATES || !g->texture_state[slot].valid)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "image_write_block: texture state ts%u is not "
                             "bound",
                             slot);
   uint64_t dva = g->texture_state[slot].heap + g->texture_state[slot].index;
   uint8_t desc[AGX_PBE_LENGTH];
   if (!asahi_sim_mem_access(g, dva, desc, sizeof(desc), false,
                             ASAHI_SIM_UNIT_TEXTURE))
      return ASAHI_SIM_FAULT;
   AGX_PBE_unpack(NULL, desc, &b->d);

   if (b->d.dimension == AGX_TEXTURE_DIMENSION_2D_MS ||
       b->d.dimension == AGX_TEXTURE_DIMENSION_2D_ARRAY_MS) {
      b->samples = b->d.samples == AGX_SAMPLE_COUNT_4 ? 4 : 2;
   } else if (b->d.dimension == AGX_TEXTURE_DIMENSION_2D ||
              b->d.dimension == AGX_TEXTURE_DIMENSION_2D_ARRAY) {
      b->samples = 1;
   } else {
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "image_write_block: PBE dimension %u (only 2D "
                             "and 2D MS)",
                             b->d.dimension);
   }
   if (!asahi_sim_mem_format_valid(b->fmt))
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "image_write_block: format %u", b->fmt);
   b->format = asahi_sim_texture_format(b->d.channels, b->d.type, b->d.srgb);
   if (b->format == PIPE_FORMAT_NONE)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "image_write_block: PBE channels 0x%x type %u",
                             b->d.channels, b->d.type);
   /* Mesa stores every f16 tilebuffer with an i16 block store, the
    * 16-bit packed unorm formats (5-6-5, 5-5-5-1, 4-4-4-4) too, whose
    * tilebuffer format is f16 (facts: alexvorxx/Mesa-VirGL
    * src/asahi/compiler/agx_compile.c, agx_emit_block_image_store, and
    * src/asahi/layout/formats.c); for a float image the bits go as they
    * are, so the PBE must read halves for a normalized image: modelled
    * here as an f16 source. */
   if (b->fmt == ASAHI_SIM_FMT_I16 && (b->d.type == AGX_TEXTURE_TYPE_UNORM ||
                                       b->d.type == AGX_TEXTURE_TYPE_SNORM))
      b->fmt = ASAHI_SIM_FMT_F16;
   b->nr_comps = util_format_description(b->format)->nr_channels;
   b->texel_B = util_format_get_blocksize(b->format);

   struct ail_layout *l = &b->layout;
   memset(l, 0, sizeof(*l));
   l->format = b->format;
   l->width_px = b->d.width;
   l->height_px = b->d.height;
   l->depth_px = 1;
   l->sample_count_sa = (uint8_t)b->samples;
   if (b->d.layout == AGX_LAYOUT_LINEAR) {
      l->tiling = AIL_TILING_LINEAR;
      l->linear_stride_B = (uint32_t)b->d.stride + 4;
      l->levels = 1;
      b->d.level = 0;
   } else if (b->d.layout == AGX_LAYOUT_TWIDDLED) {
      l->tiling = AIL_TILING_TWIDDLED;
      l->levels = (uint8_t)b->d.levels;
   } else {
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "image_write_block: PBE layout %u",
                             b->d.layout);
   }
   enum ail_error e = ail_make_miptree(l);
   if (e)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "image_write_block: bad image: %s",
                             ail_error_string(e));
   if (b->d.level >= l->levels_allocated)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "image_write_block: level %u of %u", b->d.level,
                             l->levels_allocated);
   b->layer_off_B = 0;
   b->skip = false;
   if (dim == 3 || dim == 8) {
      bool ms = dim == 8;
      if (b->d.dimension != (ms ? AGX_TEXTURE_DIMENSION_2D_ARRAY_MS
                                : AGX_TEXTURE_DIMENSION_2D_ARRAY) ||
          l->tiling == AIL_TILING_LINEAR)
         return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                                "image_write_block: a 2D array store needs "
                                "a twiddled 2D array PBE");
      /* The layer: the low half of the coordinate word, or its high half
       * for multisampled arrays (the low one is 0 there). */
      const struct agx_isa_operand *C =
         asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_BLOCK_C);
      uint32_t word = asahi_sim_read_run(g, C, 0, lane);
      if (C->size == 16)
         word |= asahi_sim_read_run(g, C, 1, lane) << 16;
      unsigned layer = (ms ? word >> 16 : word) & 0xffff;
      unsigned layers = b->d.layers ? b->d.layers : 1;
      uint64_t end_B = l->level_offsets_B[l->levels_allocated];
      uint64_t stride_B =
         b->d.page_aligned_layers
            ? (end_B + AIL_PAGESIZE_B - 1) & ~(uint64_t)(AIL_PAGESIZE_B - 1)
            : end_B;
      b->skip = layer >= layers;
      b->layer_off_B = (uint64_t)layer * stride_B;
   }
   return ASAHI_SIM_RUNNING;
}

enum asahi_sim_status
asahi_sim_exec_block_store(struct asahi_sim_group *g,
                           const struct agx_isa_instr *I)
{
   if (!g->exec)
      return ASAHI_SIM_RUNNING;

   struct block b;
   enum asahi_sim_status st = setup(g, I, &b);
   if (st != ASAHI_SIM_RUNNING || b.skip)
      return st;

   unsigned tw = g->frag.tile_width ? g->frag.tile_width : 32;
   unsigned th = g->frag.tile_height ? g->frag.tile_height : 32;
   uint32_t w = ail_minify(b.d.width, b.d.level);
   uint32_t h = ail_minify(b.d.height, b.d.level);
   if (store_tile_mapped(&b, tw, th, w, h, &st))
      return st;
   for (unsigned ly = 0; ly < th; ly++) {
      for (unsigned lx = 0; lx < tw; lx++) {
         unsigned x = g->frag.tile_origin[0] + lx;
         unsigned y = g->frag.tile_origin[1] + ly;
         if (x >= w || y >= h)
            continue;
         /* A multisampled image takes every sample; a single-sampled one
          * sample 0 (resolving is a separate pass). */
         for (unsigned smp = 0; smp < b.samples; smp++) {
            st = store_pixel(&b, x, y, smp);
            if (st != ASAHI_SIM_RUNNING)
               return st;
         }
      }
   }
   return ASAHI_SIM_RUNNING;
}
