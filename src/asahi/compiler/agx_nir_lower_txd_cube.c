/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * textureGrad on cube maps as textureLod.  The gradients a cube lookup is
 * given are those of the direction vector; the LOD comes from the
 * gradients of the face coordinates (s, t), which depend on the face the
 * direction selects.  Mesa's AGX compiler does not hand cube gradients to
 * the hardware either: it lowers them to an explicit LOD (fact:
 * alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c, nir_lower_tex
 * with lower_txd_cube_map), and so does this pass.
 *
 * GL 4.6 section 8.13 (table 8.19 and the derivatives of equation 8.9):
 * with major axis coordinate m and the two others a, b of the face
 * (x major: z, y; y major: x, z; z major: x, y; signs drop out below),
 *    s = (a / |m| + 1) / 2, so ds/dx = (da/dx m - a dm/dx) / (2 m^2)
 * up to its sign, likewise t with b.  rho = size * max(|(ds, dt)/dx|,
 * |(ds, dt)/dy|) (section 8.14.1, equation 8.18 for faces of size x
 * size), and lambda = log2(rho):
 *    lambda = 1/2 log2(max(Dx, Dy) size^2 / (4 m^4))
 * with Dx = (da/dx m - a dm/dx)^2 + (db/dx m - b dm/dx)^2 and Dy alike.
 * The size is that of the view's first level (a size query of level 0).
 * Ties pick x before y before z, as the simulator's face selection does
 * (GL leaves them to the implementation).  Cube arrays keep their layer;
 * shadow lookups keep their reference.
 */

#include "nir_builder.h"
#include "agx_nir.h"

static nir_def *
sq(nir_builder *b, nir_def *x)
{
   return nir_fmul(b, x, x);
}

/* (dc m - c dm)^2, one face coordinate's term */
static nir_def *
term(nir_builder *b, nir_def *c, nir_def *dc, nir_def *m, nir_def *dm)
{
   return sq(b, nir_fadd(b, nir_fmul(b, dc, m), nir_fneg(b, nir_fmul(b, c, dm))));
}

/* v[i] picked by the major axis: x if xm, else y if ym, else z */
static nir_def *
pick(nir_builder *b, nir_def *xm, nir_def *ym, nir_def *const v[3])
{
   return nir_bcsel(b, xm, v[0], nir_bcsel(b, ym, v[1], v[2]));
}

static nir_def *
face_size(nir_builder *b, const nir_tex_instr *tex)
{
   nir_tex_instr *txs = nir_tex_instr_create(b->shader, 1);
   txs->op = nir_texop_txs;
   txs->sampler_dim = NIR_SAMPLER_DIM_CUBE;
   txs->is_array = tex->is_array;
   txs->texture_index = tex->texture_index;
   txs->sampler_index = tex->sampler_index;
   txs->dest_type = nir_type_int32;
   txs->src[0].src_type = nir_tex_src_lod;
   txs->src[0].src.ssa = nir_imm_int(b, 0);
   nir_def_init(&txs->instr, &txs->def, tex->is_array ? 3 : 2, 32);
   nir_builder_instr_insert(b, &txs->instr);
   return nir_i2f32(b, nir_channel(b, &txs->def, 0));
}

static bool
lower_txd_cube(nir_builder *b, nir_instr *instr, void *data)
{
   (void)data;
   if (instr->type != nir_instr_type_tex)
      return false;
   nir_tex_instr *tex = nir_instr_as_tex(instr);
   if (tex->op != nir_texop_txd || tex->sampler_dim != NIR_SAMPLER_DIM_CUBE)
      return false;
   int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   int xi = nir_tex_instr_src_index(tex, nir_tex_src_ddx);
   int yi = nir_tex_instr_src_index(tex, nir_tex_src_ddy);
   if (ci < 0 || xi < 0 || yi < 0 ||
       tex->src[ci].src.ssa->num_components < 3 ||
       tex->src[xi].src.ssa->num_components < 3 ||
       tex->src[yi].src.ssa->num_components < 3)
      return false;

   b->cursor = nir_before_instr(instr);
   nir_def *p[3], *gx[3], *gy[3];
   for (unsigned c = 0; c < 3; ++c) {
      p[c] = nir_channel(b, tex->src[ci].src.ssa, c);
      gx[c] = nir_channel(b, tex->src[xi].src.ssa, c);
      gy[c] = nir_channel(b, tex->src[yi].src.ssa, c);
   }
   nir_def *ax = nir_fabs(b, p[0]), *ay = nir_fabs(b, p[1]);
   nir_def *az = nir_fabs(b, p[2]);
   nir_def *xm = nir_iand(b, nir_fge(b, ax, ay), nir_fge(b, ax, az));
   nir_def *ym = nir_fge(b, ay, az);

   /* the major coordinate and the face's two others (a, b) */
   nir_def *const m_of[3] = {p[0], p[1], p[2]};
   nir_def *const a_of[3] = {p[2], p[0], p[0]};
   nir_def *const b_of[3] = {p[1], p[2], p[1]};
   nir_def *m = pick(b, xm, ym, m_of), *fa = pick(b, xm, ym, a_of);
   nir_def *fb = pick(b, xm, ym, b_of);
   nir_def *d[2];
   for (unsigned k = 0; k < 2; ++k) {
      nir_def *const *g = k ? gy : gx;
      nir_def *const dm_of[3] = {g[0], g[1], g[2]};
      nir_def *const da_of[3] = {g[2], g[0], g[0]};
      nir_def *const db_of[3] = {g[1], g[2], g[1]};
      nir_def *dm = pick(b, xm, ym, dm_of);
      d[k] = nir_fadd(b, term(b, fa, pick(b, xm, ym, da_of), m, dm),
                      term(b, fb, pick(b, xm, ym, db_of), m, dm));
   }
   nir_def *size = face_size(b, tex);
   nir_def *m2 = sq(b, m);
   nir_def *q = nir_fmul(b, nir_fmax(b, d[0], d[1]),
                         nir_fmul(b, nir_fmul(b, size, size),
                                  nir_imm_float(b, 0.25f)));
   nir_def *lod = nir_fmul(b, nir_flog2(b, nir_fdiv(b, q, sq(b, m2))),
                           nir_imm_float(b, 0.5f));

   /* the gradients become the LOD (ddx's slot, then ddy's dropped) */
   tex->op = nir_texop_txl;
   tex->src[xi].src_type = nir_tex_src_lod;
   nir_instr_rewrite_src(instr, &tex->src[xi].src, lod);
   nir_instr_rewrite_src(instr, &tex->src[yi].src, NULL);
   unsigned last = tex->num_srcs - 1;
   if ((unsigned)yi != last) {
      /* the last source takes ddy's place (unlinked, then linked again,
       * since its use entry lives in the array) */
      nir_def *moved = tex->src[last].src.ssa;
      nir_tex_src_type type = tex->src[last].src_type;
      nir_instr_rewrite_src(instr, &tex->src[last].src, NULL);
      tex->src[yi].src_type = type;
      nir_instr_rewrite_src(instr, &tex->src[yi].src, moved);
   }
   tex->num_srcs--;
   return true;
}

bool
agx_nir_lower_txd_cube(nir_shader *nir)
{
   return nir_shader_instructions_pass(
      nir, lower_txd_cube, nir_metadata_block_index | nir_metadata_dominance,
      NULL);
}
