/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * texture_sample, texture_load and image_write: decode the operands, build
 * one request per active lane for the caller's hooks (asahi_sim_texture.h)
 * and move the results into registers.
 */

#include <string.h>

#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"
#include "asahi_sim_texture.h"

/* Coordinates and extra components (array layer, sample index) of each
 * dimension `n` (applegpu TEX_SIZES; src/asahi/isa/agx_isa_desc.py
 * TEX_DIMS). */
static const uint8_t tex_dims[][2] = {
   {1, 0}, {1, 1}, {2, 0}, {2, 1}, {2, 1}, {3, 0}, {3, 0}, {3, 1}, {2, 2},
};

static enum asahi_sim_status
fill_request(struct asahi_sim_group *g, const struct agx_isa_operand *T,
             const struct agx_isa_operand *U, const struct agx_isa_operand *C,
             unsigned lane, struct asahi_sim_texture_request *req)
{
   req->bindless = U->kind != AGX_ISA_KIND_NONE;
   req->heap = req->bindless ? asahi_sim_read_raw(g, U, lane) : 0;
   req->texture = (uint32_t)asahi_sim_read_raw(g, T, lane);

   if (C->kind != AGX_ISA_KIND_REG)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "texture coordinates not in registers");

   /* 32-bit coordinates followed by 16-bit extra components (array layer,
    * sample index) arrive as one 16-bit run of 2 n + extras halves
    * (applegpu's coordinate operand; Mesa agx_nir_lower_texture.c puts
    * the sample index in the low half of the word after x and y): made
    * 32-bit here, one request coordinate per extra half. */
   const unsigned nr_dims = sizeof(tex_dims) / sizeof(tex_dims[0]);
   unsigned n = req->dim < nr_dims ? tex_dims[req->dim][0] : 0;
   unsigned ext = n ? tex_dims[req->dim][1] : 0;
   /* All-16-bit coordinates are n + ext halves; longer runs are packed. */
   if (ext && C->size == 16 && C->count > n + ext && C->count > 2 * n) {
      unsigned extras = C->count - 2 * n;
      if (n + extras > 4)
         return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                                "texture coordinates: %u components",
                                (unsigned)C->count);
      req->nr_coords = n + extras;
      req->coords_16 = false;
      for (unsigned i = 0; i < n; i++)
         req->coords[i] = asahi_sim_read_run(g, C, 2 * i, lane) |
                          asahi_sim_read_run(g, C, 2 * i + 1, lane) << 16;
      for (unsigned i = 0; i < extras; i++)
         req->coords[n + i] = asahi_sim_read_run(g, C, 2 * n + i, lane);
      return ASAHI_SIM_RUNNING;
   }
   if (C->count > 4)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "texture coordinates: %u components",
                             (unsigned)C->count);
   req->nr_coords = C->count;
   req->coords_16 = C->size == 16;
   for (unsigned i = 0; i < C->count; i++)
      req->coords[i] = asahi_sim_read_run(g, C, i, lane);
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
need_hook(struct asahi_sim_group *g, const char *what, bool present)
{
   if (present)
      return ASAHI_SIM_RUNNING;
   return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                          "%s without a texture hook (g->texture)", what);
}

/* Coordinate i of a lane as a float: 16-bit runs are f16 components,
 * unless `packed` (32-bit coordinates followed by 16-bit extras, read
 * as one 16-bit run: coordinate i is halves 2 i and 2 i + 1). */
static float
coord_as_float(const struct asahi_sim_group *g, const struct agx_isa_operand *C,
               bool packed, unsigned i, unsigned lane)
{
   if (packed) {
      uint32_t v = asahi_sim_read_run(g, C, 2 * i, lane) |
                   asahi_sim_read_run(g, C, 2 * i + 1, lane) << 16;
      return (float)asahi_sim_f32_to_double(v, false);
   }
   uint32_t v = asahi_sim_read_run(g, C, i, lane);
   return (float)(C->size == 16 ? asahi_sim_f16_to_double((uint16_t)v)
                                : asahi_sim_f32_to_double(v, false));
}

/*
 * Derivatives for texture_sample: with the gradient LOD modes (4, 12) the
 * D run holds, for each coordinate in turn, its d/dx then its d/dy
 * (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c, agx_emit_tex,
 * nir_tex_src_ddx: source 2i is ddx[i], 2i + 1 is ddy[i]); otherwise, for the automatic modes, the coarse
 * differences across the lane's quad (lane + 1 minus lane for x, lane + 2
 * for y, at the quad's first lane), reading helper lanes as dfdx does.
 */
/* The automatic derivatives are the same for the four lanes of a quad:
 * those of the quad found last in the instruction (quad ~0u: none). */
struct quad_derivatives {
   unsigned quad;
   float ddx[3], ddy[3];
};

static void
derivatives(const struct asahi_sim_group *g, const struct agx_isa_operand *C,
            const struct agx_isa_operand *D, unsigned lane,
            struct asahi_sim_texture_request *req,
            struct quad_derivatives *last)
{
   /* The position's components (the dimension's count: an array layer
    * or sample index has no derivative). */
   const unsigned nr_dims = sizeof(tex_dims) / sizeof(tex_dims[0]);
   unsigned n = req->dim < nr_dims ? tex_dims[req->dim][0] : 0;
   if (n > req->nr_coords)
      n = req->nr_coords;
   /* fill_request reads a 16-bit run longer than the components as 32-bit
    * coordinates with 16-bit extras */
   bool packed = C->size == 16 && !req->coords_16;
   if (req->lod_mode == 4 || req->lod_mode == 12) {
      if (D->kind != AGX_ISA_KIND_REG)
         return;
      for (unsigned i = 0; i < n && 2 * n <= D->count; i++) {
         uint32_t x = asahi_sim_read_run(g, D, 2 * i, lane);
         uint32_t y = asahi_sim_read_run(g, D, 2 * i + 1, lane);
         req->ddx[i] = (float)(D->size == 16 ? asahi_sim_f16_to_double((uint16_t)x)
                                             : asahi_sim_f32_to_double(x, false));
         req->ddy[i] = (float)(D->size == 16 ? asahi_sim_f16_to_double((uint16_t)y)
                                             : asahi_sim_f32_to_double(y, false));
      }
      req->has_derivatives = true;
      return;
   }
   unsigned q = lane & ~3u;
   if (last->quad != q) {
      for (unsigned i = 0; i < n; i++) {
         float c0 = coord_as_float(g, C, packed, i, q);
         last->ddx[i] = coord_as_float(g, C, packed, i, q + 1) - c0;
         last->ddy[i] = coord_as_float(g, C, packed, i, q + 2) - c0;
      }
      last->quad = q;
   }
   /* Whole arrays: a copy of a constant size is a few moves, where one of
    * n floats became a `rep movsq` (6 % of gl-1.0-blend-func).  The
    * components past n are 0 in both (last starts zeroed and only ever
    * gets the first n). */
   memcpy(req->ddx, last->ddx, sizeof(req->ddx));
   memcpy(req->ddy, last->ddy, sizeof(req->ddy));
   req->has_derivatives = true;
}

static enum asahi_sim_status
exec_fetch(struct asahi_sim_group *g, const struct agx_isa_instr *I, bool load)
{
   /* texture_sample and texture_load share operand positions. */
   const struct agx_isa_operand *R = asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_R);
   const struct agx_isa_operand *U = asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_U);
   const struct agx_isa_operand *T = asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_T);
   const struct agx_isa_operand *S = asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_S);
   const struct agx_isa_operand *C = asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_C);
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_D);
   const char *name = load ? "texture_load" : "texture_sample";
   enum asahi_sim_status st;

   if ((st = need_hook(g, name, g->texture && g->texture->fetch)) !=
       ASAHI_SIM_RUNNING)
      return st;
   const struct agx_isa_operand *O = asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_O);
   bool compare = asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_COMPARE)->value;
   unsigned q6 = (unsigned)asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_Q6)->value;
   /* q6: gather_r/g/b/a are 0b00010 + 4 * channel (applegpu); its low
    * bit (gather_depth / compare) is not simulated. */
   unsigned gather = 0;
   if (q6 && (q6 & 3) == 2)
      gather = 1 + (q6 >> 2);
   /* mode 2: query_lod (applegpu; Mesa agx_pack.c sets it for
    * nir_texop_lod): texture_sample returns the LOD instead of texels */
   unsigned mode = (unsigned)asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_MODE)->value;
   bool query_lod = mode == 2 && !load && !compare && !gather;
   if ((mode && !query_lod) || (q6 && !gather) ||
       ((compare || gather) && load))
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "%s: mode %u, q6 %u and compare or gather "
                             "with texture_load or an LOD query are not "
                             "executed",
                             name, mode, q6);
   /* The compare/offset operand (applegpu SampleCompareOffDesc): the
    * reference (32-bit) first when compare is set, then the packed
    * offsets in a 16-bit register (the low half of the next 32-bit one
    * after a reference). */
   bool has_offset = O->kind == AGX_ISA_KIND_REG && O->count > compare;
   if (compare && O->kind != AGX_ISA_KIND_REG)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "%s: compare without a reference", name);

   static _Thread_local uint64_t serial;
   g->fetch_serial = ++serial;
   struct quad_derivatives quad = {.quad = ~0u};
   /* What every lane's request shares, built once: each lane starts from
    * a copy (zeroing the request per lane was a `rep stos`, a fifth of
    * this function in fbo-depth-array; since wave 17). */
   const struct asahi_sim_texture_request shared = {
      .op = load ? ASAHI_SIM_TEXTURE_LOAD : ASAHI_SIM_TEXTURE_SAMPLE,
      .dim = (unsigned)asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_N)->value,
      .sampler_reg = S->kind == AGX_ISA_KIND_REG,
      .lod_mode = (unsigned)asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_LOD)->value,
      .lod = D->kind == AGX_ISA_KIND_REG || D->kind == AGX_ISA_KIND_NONE
                ? 0
                : (uint32_t)D->value,
      .mask = (unsigned)asahi_sim_op(I, AGX_ISA_TEXTURE_SAMPLE_MASK)->value,
      .lod_16 = D->kind == AGX_ISA_KIND_REG && D->size == 16,
      .compare = compare,
      .gather = gather,
      .query_lod = query_lod,
   };
   foreach_active_lane (g, t) {
      struct asahi_sim_texture_request req = shared;
      req.sampler = (uint32_t)asahi_sim_read_raw(g, S, t);
      if (D->kind == AGX_ISA_KIND_REG)
         req.lod = asahi_sim_read_run(g, D, 0, t);
      if (has_offset) {
         uint32_t packed = asahi_sim_read_run(g, O, compare, t) & 0xffff;
         req.has_offset = true;
         for (unsigned i = 0; i < 3; i++) {
            int n = (int)((packed >> (4 * i)) & 0xf);
            req.offset[i] = n >= 8 ? n - 16 : n;
         }
      }
      if ((st = fill_request(g, T, U, C, t, &req)) != ASAHI_SIM_RUNNING)
         return st;
      /* LOD queries read no array layer (alexvorxx/Mesa-VirGL
       * src/asahi/compiler/agx_validate.c, agx_coordinate_registers) */
      if (query_lod && req.dim < sizeof(tex_dims) / sizeof(tex_dims[0]) &&
          req.nr_coords > tex_dims[req.dim][0])
         req.nr_coords = tex_dims[req.dim][0];
      if (!load)
         derivatives(g, C, D, t, &req, &quad);
      if (compare) {
         uint32_t ref = asahi_sim_read_run(g, O, 0, t);
         req.compare = true;
         req.compare_ref =
            O->size == 16
               ? asahi_sim_double_to_f32(asahi_sim_f16_to_double((uint16_t)ref),
                                         false)
               : ref;
      }

      uint32_t texel[4] = {0, 0, 0, 0};
      g->error[0] = 0;
      g->texel_is_integer = false;
      st = g->texture->fetch(g->texture_user, g, &req, t, texel);
      if (st != ASAHI_SIM_RUNNING) {
         if (!g->error[0])
            asahi_sim_error(g, st, "%s: the texture hook failed", name);
         return st;
      }

      unsigned k = 0;
      for (unsigned i = 0; i < 4; i++) {
         if (!(req.mask & (1u << i)) || k >= R->count)
            continue;
         uint32_t v = texel[i];
         /* 16-bit results: f16 for float texels, the low half of integer
          * ones (integer texels are never converted to floats; a 16-bit
          * integer format fits: the background programs load such
          * attachments into 16-bit registers, agx_bg_eot.c).  The
          * hardware's handling of wider integers is not known: the low
          * half here (choice). */
         if (R->size == 16 && g->texel_is_integer && !query_lod)
            v &= 0xffff;
         else if (R->size == 16)
            v = asahi_sim_double_to_f16(asahi_sim_f32_to_double(v, false));
         asahi_sim_write_run(g, R, k++, t, v);
      }
   }
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
exec_image_write(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   const struct agx_isa_operand *R = asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_R);
   const struct agx_isa_operand *C = asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_C);
   const struct agx_isa_operand *D = asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_D);
   const struct agx_isa_operand *U = asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_U);
   const struct agx_isa_operand *T = asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_T);
   enum asahi_sim_status st;

   if ((st = need_hook(g, "image_write", g->texture && g->texture->write)) !=
       ASAHI_SIM_RUNNING)
      return st;

   foreach_active_lane (g, t) {
      struct asahi_sim_texture_request req = {
         .op = ASAHI_SIM_IMAGE_WRITE,
         .dim = (unsigned)asahi_sim_op(I, AGX_ISA_IMAGE_WRITE_N)->value,
         .lod = (uint32_t)asahi_sim_read_raw(g, D, t),
         .mask = 0xf,
      };
      if ((st = fill_request(g, T, U, C, t, &req)) != ASAHI_SIM_RUNNING)
         return st;

      uint32_t texel[4];
      for (unsigned i = 0; i < 4; i++) {
         uint32_t v = asahi_sim_read_run(g, R, i, t);
         if (R->size == 16)
            v = asahi_sim_double_to_f32(asahi_sim_f16_to_double((uint16_t)v),
                                        false);
         texel[i] = v;
      }
      g->error[0] = 0;
      st = g->texture->write(g->texture_user, g, &req, t, texel);
      if (st != ASAHI_SIM_RUNNING) {
         if (!g->error[0])
            asahi_sim_error(g, st, "image_write: the texture hook failed");
         return st;
      }
   }
   return ASAHI_SIM_RUNNING;
}

enum asahi_sim_status
asahi_sim_exec_texture(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   switch (x->I->op) {
   case AGX_ISA_OP_TEXTURE_SAMPLE:
      return exec_fetch(g, x->I, false);
   case AGX_ISA_OP_TEXTURE_LOAD:
      return exec_fetch(g, x->I, true);
   case AGX_ISA_OP_IMAGE_WRITE:
      return exec_image_write(g, x->I);
   case AGX_ISA_OP_IMAGE_WRITE_BLOCK:
      return asahi_sim_exec_block_store(g, x->I);
   default:
      return ASAHI_SIM_ERR_UNSUPPORTED;
   }
}
