/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: texture functions, one nir_tex_instr each.  The name says
 * the operation (GLSL 4.60 8.9, and the 1.10 forms texture2D, shadow2DProj
 * ...): plain, Proj (the coordinate divided by its last component in the
 * shader), Lod (explicit level), Grad, Offset, texelFetch, and the
 * queries textureSize, textureQueryLevels, textureSamples and
 * textureQueryLod (nir_texop_lod: two floats); the sampler's type gives the dimension, arrayness and shadow compare.
 * A shadow sampler's reference value is the coordinate component after
 * the position (and layer).  An extra trailing float of the implicit-lod
 * forms is the bias.  The texture and sampler are deref sources; the
 * linker turns constant ones into texture_index / sampler_index.
 */
#include <string.h>

#include "glsl_to_nir_priv.h"

nir_sampler_dim
g2n_sampler_dim(const struct glsl_type *t)
{
   switch (t->sampler_dim) {
   case GLSL_SAMPLER_DIM_1D: return NIR_SAMPLER_DIM_1D;
   case GLSL_SAMPLER_DIM_3D: return NIR_SAMPLER_DIM_3D;
   case GLSL_SAMPLER_DIM_CUBE: return NIR_SAMPLER_DIM_CUBE;
   case GLSL_SAMPLER_DIM_RECT: return NIR_SAMPLER_DIM_RECT;
   case GLSL_SAMPLER_DIM_BUF: return NIR_SAMPLER_DIM_BUF;
   case GLSL_SAMPLER_DIM_MS: return NIR_SAMPLER_DIM_MS;
   default: return NIR_SAMPLER_DIM_2D;
   }
}

static unsigned
dim_components(nir_sampler_dim d)
{
   switch (d) {
   case NIR_SAMPLER_DIM_1D:
   case NIR_SAMPLER_DIM_BUF:
      return 1;
   case NIR_SAMPLER_DIM_3D:
   case NIR_SAMPLER_DIM_CUBE:
      return 3;
   default:
      return 2;
   }
}

static nir_alu_type
result_type(const struct glsl_type *t)
{
   switch (t->sampled_type) {
   case GLSL_TYPE_INT: return nir_type_int32;
   case GLSL_TYPE_UINT: return nir_type_uint32;
   default: return nir_type_float32;
   }
}

static bool
has(const char *name, const char *part)
{
   return strstr(name, part) != NULL;
}

/* What build_tex makes besides its sources. */
struct tex_desc {
   nir_texop op;
   nir_sampler_dim dim;
   bool is_array, shadow;
   unsigned component; /* tg4 */
   nir_alu_type dest_type;
   unsigned want; /* components of the GLSL result */
};

static nir_def *
build_tex(struct g2n *c, const struct tex_desc *d, nir_def **srcs,
          const nir_tex_src_type *types, unsigned n)
{
   nir_tex_instr *tex = nir_tex_instr_create(c->shader, n);
   c->has_tex = true;
   tex->op = d->op;
   tex->sampler_dim = d->dim;
   tex->is_array = d->is_array;
   tex->is_shadow = d->shadow;
   tex->component = d->component;
   tex->coord_components = 0;
   tex->dest_type = d->dest_type;
   for (unsigned i = 0; i < n; i++) {
      tex->src[i].src_type = types[i];
      tex->src[i].src.ssa = srcs[i];
      if (types[i] == nir_tex_src_coord)
         tex->coord_components = srcs[i]->num_components;
   }
   /* shadow2D and friends (GLSL 1.10 8.7) return a vec4 whose channels
    * DEPTH_TEXTURE_MODE chooses (GL 3.0 section 3.8.15): the lookup keeps
    * all four channels of the sampler's result (the driver's view swizzle
    * places the comparison), where texture() on a shadow sampler reads
    * the comparison from the first channel alone. */
   unsigned size = nir_tex_instr_result_size(tex);
   if (d->shadow && size == 1 && d->want == 4)
      size = 4;
   nir_def_init(&tex->instr, &tex->def, size, 32);
   nir_builder_instr_insert(&c->b, &tex->instr);
   return &tex->def;
}

struct g2n_val
g2n_texture_call(struct g2n *c, const char *name, struct g2n_val *args,
                 unsigned nargs, const struct glsl_type *rt)
{
   nir_builder *b = &c->b;
   struct g2n_val none = { .type = rt };
   if (!nargs || !args[0].deref ||
       glsl_without_array(args[0].type)->base_type != GLSL_TYPE_SAMPLER) {
      g2n_fail(c, NULL, "'%s' needs a sampler", name);
      return none;
   }
   const struct glsl_type *st = args[0].type;
   nir_sampler_dim dim = g2n_sampler_dim(st);
   bool is_array = st->sampler_array, shadow = st->sampler_shadow;

   nir_texop op = nir_texop_tex;
   bool proj = has(name, "Proj"), offset = has(name, "Offset");
   unsigned next = 2;              /* next argument after the coordinate */
   nir_def *lod = NULL, *bias = NULL, *ddx = NULL, *ddy = NULL;
   nir_def *off = NULL, *comparator = NULL, *ms_index = NULL;
   if (!strcmp(name, "textureSize")) {
      op = nir_texop_txs;
      next = 1;
      if (nargs > 1)
         lod = args[1].col[0];
   } else if (!strcmp(name, "textureQueryLevels")) {
      op = nir_texop_query_levels;
      next = 1;
   } else if (!strcmp(name, "textureSamples")) {
      op = nir_texop_texture_samples;
      next = 1;
   } else if (!strcmp(name, "textureQueryLod") ||
              !strcmp(name, "textureQueryLOD")) {
      /* (mipmap array accessed, lambda'): the coordinate has no layer or
       * reference, even for array and shadow samplers (GLSL 4.00
       * section 8.9.1) */
      op = nir_texop_lod;
   } else if (has(name, "texelFetch")) {
      op = dim == NIR_SAMPLER_DIM_MS ? nir_texop_txf_ms : nir_texop_txf;
      if (nargs > 2 && dim != NIR_SAMPLER_DIM_BUF &&
          dim != NIR_SAMPLER_DIM_RECT) {
         if (op == nir_texop_txf_ms)
            ms_index = args[2].col[0];
         else
            lod = args[2].col[0];
         next = 3;
      }
   } else if (has(name, "Lod")) {
      op = nir_texop_txl;
      if (nargs > 2)
         lod = args[2].col[0];
      next = 3;
   } else if (has(name, "Grad")) {
      op = nir_texop_txd;
      if (nargs > 3) {
         ddx = args[2].col[0];
         ddy = args[3].col[0];
      }
      next = 4;
   } else if (has(name, "Gather")) {
      /* textureGather*(sampler, P [, refZ] [, offset(s)] [, comp]) (GLSL
       * 4.00 section 8.9.3): refZ is the comparator, taken below. */
      op = nir_texop_tg4;
      next = shadow ? 3 : 2;
   }
   /* textureGatherOffsets: an array of four offsets, one lookup each */
   nir_deref_instr *offsets = NULL;
   if (offset && next < nargs) {
      offsets = args[next].col[0] ? NULL : args[next].deref;
      off = args[next++].col[0];
   }
   unsigned component = 0;
   if (op == nir_texop_tg4 && !shadow && next < nargs) {
      /* comp, a constant expression (glsl_check_texture.c) */
      nir_def *k = args[next].col[0];
      if (!k || nir_def_instr(k)->type != nir_instr_type_load_const) {
         g2n_fail(c, NULL, "the comp argument of '%s' is not constant",
                  name);
         return none;
      }
      component = nir_instr_as_load_const(nir_def_instr(k))->value[0].u32;
   }
   /* texture(samplerCubeArrayShadow, P, compare): the float after the
    * coordinate is the reference (GLSL 4.00 section 8.9), not a bias */
   if (op == nir_texop_tex && shadow && is_array &&
       dim == NIR_SAMPLER_DIM_CUBE)
      next++;
   if (op == nir_texop_tex && next < nargs &&
       args[next].type->base_type == GLSL_TYPE_FLOAT &&
       glsl_type_is_scalar(args[next].type)) {
      op = nir_texop_txb;
      bias = args[next].col[0];
   }
   /* Derivatives are undefined outside fragment shaders: vertex lookups
    * use level 0 (GLSL 1.10 8.7). */
   if (op == nir_texop_tex && c->stage != MESA_SHADER_FRAGMENT) {
      op = nir_texop_txl;
      lod = nir_imm_float(b, 0.0f);
   }

   bool query = op == nir_texop_txs || op == nir_texop_query_levels ||
                op == nir_texop_texture_samples;
   nir_def *coord = NULL;
   unsigned ncoord = dim_components(dim) + (is_array ? 1 : 0);
   if (op == nir_texop_lod) {
      if (nargs < 2 || !args[1].col[0]) {
         g2n_fail(c, NULL, "'%s' without a coordinate", name);
         return none;
      }
      coord = args[1].col[0];
   } else if (!query) {
      if (nargs < 2 || !args[1].col[0]) {
         g2n_fail(c, NULL, "'%s' without a coordinate", name);
         return none;
      }
      coord = args[1].col[0];
      if (proj) {
         /* Divide by the last component (q). */
         nir_def *q = nir_channel(b, coord, coord->num_components - 1);
         unsigned keep = shadow ? dim_components(dim) + 1 : ncoord;
         nir_def *comps[4];
         for (unsigned i = 0; i < keep && i < 4; i++) {
            comps[i] = nir_fdiv(b, nir_channel(b, coord, i), q);
            /* the layer (never projected with arrays) */
         }
         if (shadow && dim == NIR_SAMPLER_DIM_1D && !is_array)
            comps[1] = nir_fdiv(b, nir_channel(b, coord, 2), q);
         coord = nir_vec(b, comps, keep);
      }
      if (shadow) {
         unsigned ci = ncoord;
         /* shadow1D takes vec3 (s, unused, ref) in GLSL 1.10. */
         if (dim == NIR_SAMPLER_DIM_1D && !is_array &&
             coord->num_components == 3 && !proj)
            ci = 2;
         if (ci < coord->num_components)
            comparator = nir_channel(b, coord, ci);
         else if (nargs > 2)
            comparator = args[2].col[0]; /* samplerCubeArrayShadow */
      }
      if (coord->num_components > ncoord)
         coord = nir_channels(b, coord, (1u << ncoord) - 1);
   }

   nir_def *srcs[12];
   nir_tex_src_type types[12];
   unsigned n = 0;
   nir_deref_instr *d = args[0].deref;
   srcs[n] = &d->def;
   types[n++] = nir_tex_src_texture_deref;
   srcs[n] = &d->def;
   types[n++] = nir_tex_src_sampler_deref;
#define ADD(x, t)                                                              \
   if (x) {                                                                    \
      srcs[n] = (x);                                                           \
      types[n++] = (t);                                                        \
   }
   ADD(coord, nir_tex_src_coord);
   ADD(comparator, nir_tex_src_comparator);
   ADD(lod, nir_tex_src_lod);
   ADD(bias, nir_tex_src_bias);
   ADD(ddx, nir_tex_src_ddx);
   ADD(ddy, nir_tex_src_ddy);
   ADD(ms_index, nir_tex_src_ms_index);
   ADD(off, nir_tex_src_offset);
#undef ADD

   struct tex_desc desc = {
      .op = op,
      .dim = dim,
      .is_array = is_array,
      .shadow = shadow && op != nir_texop_lod,
      .component = component,
      .dest_type = query               ? nir_type_int32
                   : op == nir_texop_lod ? nir_type_float32
                                         : result_type(st),
      .want = rt->vector_elements,
   };
   nir_def *r;
   if (offsets) {
      /* texel i0j0 (the w of a gather, GL 4.6 section 8.14.2) of the
       * footprint at each offset (GLSL 4.00 section 8.9.3) */
      nir_def *w[4];
      for (unsigned k = 0; k < 4; k++) {
         srcs[n] = nir_load_deref(b, nir_build_deref_array_imm(b, offsets, k));
         types[n] = nir_tex_src_offset;
         w[k] = nir_channel(b, build_tex(c, &desc, srcs, types, n + 1), 3);
      }
      r = nir_vec(b, w, 4);
   } else {
      r = build_tex(c, &desc, srcs, types, n);
   }
   if (r->num_components > desc.want)
      r = nir_channels(b, r, (1u << desc.want) - 1);
   return g2n_basic(rt, r);
}
