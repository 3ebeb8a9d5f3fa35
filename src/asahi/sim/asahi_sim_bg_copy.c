/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Background programs that reload the render target: copied, not run.
 *
 * A pass that keeps what the target held starts every tile with a program
 * that reads each pixel back from the image and stores it in the
 * tilebuffer:
 *
 *    get_sr   rX, sr80              thread_position_in_grid.x
 *    get_sr   rY, sr81              thread_position_in_grid.y
 *    texture_load rD..rD+3, tsN, tex_2d, rX_rY, auto_lod (or lod 0)
 *    wait
 *    st_tile  rD..rD+3, F, mask xyzw, offset O, samples S
 *    stop
 *
 * Run lane by lane it was most of the time of programs that render many
 * passes (each texel: the request, the descriptor check, the element
 * offset, the format unpack; each pixel: the tilebuffer store's pack).
 * sim_program_tile_reload recognises exactly this program (any register
 * numbers, either order of the two get_sr); sim_background_copy then
 * does what it does for the whole tile at once when the image's format
 * and F agree so that unpacking a texel and packing it again gives its
 * bytes back: F unorm8 from an uncompressed array format of 8-bit unorm
 * channels (R8, RG8, RGBA8 ... unorm, not sRGB), where x / 255 as a float
 * converts back to x.  (32-bit channels into i32 would copy as well; no
 * driver program found needs it yet.)
 * The texture's format swizzle and the descriptor's swizzle (constants 0
 * and 1 included) are applied as the texture unit applies them
 * (asahi_sim_sampler.c, unit_fetch).  A pixel outside the image level
 * reads zeros before the descriptor's swizzle, as texture_load does (so
 * a swizzle's constant 1 still reads 1 there); S selects the samples
 * written.
 *
 * Anything else (another format pair, a bindless or unbound texture, an
 * image not wholly in one mapping, a level beyond the image) runs the
 * program as before, which also reports every error.  ASAHI_SIM_DEBUG=
 * nofast (and =shaders) run every group.
 */

#include <string.h>

#include "util/u_math.h"
#include "util/format/u_format.h"
#include "asahi_sim_cmd.h"
#include "asahi_sim_internal.h"
#include "asahi_sim_mem_format.h"
#include "asahi_sim_texture.h"

/* sr80/sr81: thread_position_in_grid.x/.y (asahi_sim_int.c, get_sr). */
#define SR_GRID_X 80
#define SR_GRID_Y 81
#define TEX_2D    2 /* texture_load `n` (ISA library TEX_TYPES) */

static bool
is_reg(const struct agx_isa_operand *o, unsigned size, unsigned count)
{
   return o->kind == AGX_ISA_KIND_REG && o->size == size && o->count == count;
}

static bool
match_texture_load(const struct agx_isa_instr *I, int64_t x, int64_t y,
                   struct sim_reload *out, int64_t *dest)
{
   const struct agx_isa_operand *C = asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_C);
   const struct agx_isa_operand *R = asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_R);
   const struct agx_isa_operand *T = asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_T);
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_D);
   const struct agx_isa_operand *O = asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_O);
   /* Register operands count 16-bit halves: r(n+1) is two past rn. */
   if (!is_reg(C, 32, 2) || C->value != x || y != x + 2 || !is_reg(R, 32, 4))
      return false;
   if (T->kind != AGX_ISA_KIND_TEXTURE_STATE ||
       asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_U)->kind != AGX_ISA_KIND_NONE)
      return false;
   if (asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_COMPARE)->value ||
       asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_MODE)->value ||
       asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_Q6)->value ||
       asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_MASK)->value != 0xf ||
       asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_N)->value != TEX_2D)
      return false;
   /* The first level: auto_lod, or an explicit level 0 (not a register). */
   unsigned lod = (unsigned)asahi_sim_op(I, AGX_ISA_TEXTURE_LOAD_LOD)->value;
   if (D->kind == AGX_ISA_KIND_REG || (lod != 0 && D->value != 0))
      return false;
   /* No texel offsets: an absent operand is an empty run. */
   if (O->kind == AGX_ISA_KIND_REG && O->count > 0)
      return false;
   out->slot = (uint32_t)T->value;
   *dest = R->value;
   return true;
}

static bool
match_store(const struct agx_isa_instr *I, int64_t dest, struct sim_reload *out)
{
   const struct agx_isa_operand *R = asahi_sim_op(I, AGX_ISA_ST_TILE_R);
   const struct agx_isa_operand *O = asahi_sim_op(I, AGX_ISA_ST_TILE_O);
   const struct agx_isa_operand *S = asahi_sim_op(I, AGX_ISA_ST_TILE_S);
   if (!is_reg(R, 32, 4) || R->value != dest ||
       asahi_sim_op(I, AGX_ISA_ST_TILE_MASK)->value != 0xf ||
       O->kind != AGX_ISA_KIND_IMM || S->kind != AGX_ISA_KIND_IMM)
      return false;
   out->fmt = (unsigned)asahi_sim_op(I, AGX_ISA_ST_TILE_F)->value;
   out->offset_B = (unsigned)O->value;
   out->sample_mask = (uint32_t)S->value;
   return out->fmt == ASAHI_SIM_FMT_UNORM8;
}

bool
sim_program_tile_reload(struct asahi_sim_gpu *gpu, const struct sim_program *p,
                        struct sim_reload *out)
{
   uint64_t avail = 0;
   const uint8_t *code = gpu->lookup(gpu->user, p->code_va, false, &avail);
   if (!code || !avail)
      return false;
   int64_t x = -1, y = -1, dest = -1;
   unsigned step = 0; /* 0, 1: get_sr; 2 texture_load; 3 wait; 4 st_tile */
   uint64_t pc = 0;
   while (pc < avail) {
      struct agx_isa_instr I;
      int len = agx_isa_decode(code + pc, (size_t)(avail - pc), &I);
      if (len <= 0)
         return false;
      pc += (unsigned)len;
      if (step < 2 && I.op == AGX_ISA_OP_GET_SR) {
         const struct agx_isa_operand *D = asahi_sim_op(&I, AGX_ISA_GET_SR_D);
         int64_t sr = asahi_sim_op(&I, AGX_ISA_GET_SR_SR)->value;
         if (!is_reg(D, 32, 1))
            return false;
         if (sr == SR_GRID_X && x < 0)
            x = D->value;
         else if (sr == SR_GRID_Y && y < 0)
            y = D->value;
         else
            return false;
      } else if (step == 2 && I.op == AGX_ISA_OP_TEXTURE_LOAD) {
         if (!match_texture_load(&I, x, y, out, &dest))
            return false;
      } else if (step == 3 && I.op == AGX_ISA_OP_WAIT) {
         /* the load's result is ready */
      } else if (step == 4 && I.op == AGX_ISA_OP_ST_TILE) {
         if (!match_store(&I, dest, out))
            return false;
      } else {
         return step == 5 && I.op == AGX_ISA_OP_STOP;
      }
      step++;
   }
   return false;
}

/* How each of the four stored bytes comes from the texel: a byte index,
 * or a constant. */
struct channel_map {
   unsigned texel_B;
   int from[4];         /* byte index, or -1: the constant */
   uint8_t constant[4];
   /* Outside the image the unit reads zeros before the descriptor's
    * swizzle: only its constants survive (unit_fetch). */
   uint8_t outside[4];
};

static bool
plan_channels(const struct sim_reload *rl,
              const struct asahi_sim_plain_image *img, struct channel_map *m)
{
   const struct util_format_description *d =
      util_format_description(img->format);
   if (!d || d->layout != UTIL_FORMAT_LAYOUT_PLAIN || !d->is_array ||
       d->colorspace != UTIL_FORMAT_COLORSPACE_RGB || d->nr_channels > 4)
      return false;
   if (rl->fmt != ASAHI_SIM_FMT_UNORM8)
      return false;
   for (unsigned c = 0; c < d->nr_channels; c++) {
      const struct util_format_channel_description *ch = &d->channel[c];
      if (ch->type != UTIL_FORMAT_TYPE_VOID &&
          (ch->size != 8 || ch->type != UTIL_FORMAT_TYPE_UNSIGNED ||
           !ch->normalized))
         return false;
   }
   m->texel_B = d->block.bits / 8;
   const uint8_t one = 255; /* 1.0 as unorm8 */
   for (unsigned i = 0; i < 4; i++) {
      /* The descriptor's swizzle picks a logical channel or a constant;
       * the format's swizzle says which element holds that channel. */
      enum agx_channel sw = img->swizzle[i];
      unsigned fs = sw <= AGX_CHANNEL_A ? d->swizzle[sw]
                    : sw == AGX_CHANNEL_1 ? PIPE_SWIZZLE_1
                                          : PIPE_SWIZZLE_0;
      m->from[i] = fs <= PIPE_SWIZZLE_W && fs < d->nr_channels ? (int)fs : -1;
      m->constant[i] = fs == PIPE_SWIZZLE_1 ? one : 0;
      m->outside[i] = sw == AGX_CHANNEL_1 ? one : 0;
   }
   return true;
}

/* The stored bytes of the texel at `src` (NULL: outside the image). */
static void
convert_texel(const struct channel_map *m, const uint8_t *src, uint8_t *dst)
{
   for (unsigned i = 0; i < 4; i++) {
      if (!src)
         dst[i] = m->outside[i];
      else
         dst[i] = m->from[i] >= 0 ? src[m->from[i]] : m->constant[i];
   }
}

/* Write the tile; false (nothing written) when the copy does not apply. */
static bool
copy_tile(struct sim_tile *tile, const struct sim_reload *rl,
          struct asahi_sim_group *g)
{
   struct asahi_sim_plain_image img;
   struct channel_map m;
   if (!asahi_sim_texture_plain_2d(g, rl->slot, &img) ||
       !plan_channels(rl, &img, &m))
      return false;
   const unsigned stored_B = 4;
   if (rl->offset_B > tile->sample_size_B ||
       stored_B > tile->sample_size_B - rl->offset_B)
      return false; /* the interpreter reports the store outside */
   uint32_t all = (1u << tile->samples) - 1;
   uint32_t samples = rl->sample_mask & all;

   /* The whole image in one mapping, or not at all. */
   const struct ail_layout *l = &img.layout;
   uint64_t avail = 0;
   const uint8_t *host =
      g->mem.lookup ? g->mem.lookup(g->mem.user, img.address, false, &avail)
                    : NULL;
   if (!host || avail < l->size_B)
      return false;
   uint64_t level_B = l->tiling == AIL_TILING_LINEAR
                         ? 0
                         : ail_get_layer_level_B(l, 0, img.level);

   /* The tile's texel offsets from one row and one column. */
   if (tile->width > SIM_TILE_MAX_PX || tile->height > SIM_TILE_MAX_PX)
      return false;
   uint64_t offs[SIM_TILE_MAX_PX * SIM_TILE_MAX_PX];
   sim_tile_offsets(l, img.level, tile->x0, tile->y0, tile->width,
                    tile->height, offs);

   size_t pixel_B = (size_t)tile->samples * tile->sample_size_B;
   uint8_t *p = tile->tib + rl->offset_B;
   for (uint32_t i = 0; i < tile->width * tile->height; i++, p += pixel_B) {
      /* Pixels outside the image level read zeros (offs[i] is none). */
      const uint8_t *src = NULL;
      if (offs[i] != UINT64_MAX) {
         uint64_t off = offs[i] + level_B;
         if (off + m.texel_B > avail)
            return false;
         src = host + off;
      }
      uint8_t bytes[4];
      convert_texel(&m, src, bytes);
      u_foreach_bit (s, samples)
         memcpy(p + (size_t)s * tile->sample_size_B, bytes, stored_B);
   }
   return true;
}

bool
sim_background_copy(struct sim_tile *tile, const struct sim_program *bg,
                    const struct sim_reload *rl, struct asahi_sim_group *g,
                    sim_background_group_fn run)
{
   struct asahi_sim_gpu *gpu = tile->r->gpu;
   /* The group as the program would start (texture states bound). */
   if (!sim_group_init(gpu, bg, ~0u, g))
      return false;
   sim_frag_setup(tile, g);
   bool copied = copy_tile(tile, rl, g);
   gpu->reload_copies += copied;
   for (uint32_t by = 0; by < tile->height; by += 4) {
      for (uint32_t bx = 0; bx < tile->width; bx += 8) {
         if (copied ? !sim_work(gpu, ASAHI_SIM_LANES)
                    : !run(tile, bg, g, bx, by))
            return false;
      }
   }
   return true;
}
