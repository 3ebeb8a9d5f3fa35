/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Array layers, texel offsets, gathers and depth-compare references:
 * compiled vertex shaders run on the simulator with a stand-in texture
 * unit (a sim texture hook decoding what the hardware would receive) and
 * through the NIR interpreter (whose texture callback applies the GL
 * rules to NIR's operands: the layer rounded to even and clamped to the
 * view's layers, GL 4.6 section 8.13.2; offsets as given; the gathered
 * component; the reference).  Both sides feed the same function, so any
 * difference is a miscompiled operand.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "nir_eval.h"
#include "agx_test_nir.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"

/* Textures: t0 2D array of 5 layers, t1 cube array of 3 cubes, t2 2D,
 * t3 1D array of 4 layers (AGX_PUSH_TEXTURE_SIZE words). */
static const uint32_t sizes[4][4] = {
   {16, 16, 5, 1}, {8, 8, 3, 1}, {32, 32, 1, 1}, {16, 4, 1, 1}};

/* The stand-in unit's answer: x = the first coordinate, y = the layer
 * plus 100 times the texture, z = the offsets (x + 16 y), w = the
 * gathered channel + 1 plus 10 times the reference. */
static void
unit(float u, unsigned layer, unsigned texture, int ox, int oy,
     unsigned gather, float ref, float out[4])
{
   out[0] = u;
   out[1] = (float)layer + 100.0f * (float)texture;
   out[2] = (float)(ox + 16 * oy);
   out[3] = (float)gather + 10.0f * ref;
}

static enum asahi_sim_status
hook_fetch(void *user, struct asahi_sim_group *g,
           const struct asahi_sim_texture_request *req, unsigned lane,
           uint32_t out[4])
{
   (void)user;
   (void)lane;
   /* the ISA dimension each texture must be sampled with, and where its
    * layer is (applegpu TEX_TYPES / TEX_SIZES); the 1D array t3 is a 2D
    * array of height 1 sampled at y = 0.5 (fetched at row 0) */
   static const unsigned want_dim[4] = {3, 7, 2, 3};
   static const unsigned layer_at[4] = {2, 3, 0, 2};
   unsigned t = req->texture & 3;
   if (req->dim != want_dim[t] ||
       (layer_at[t] && req->nr_coords != layer_at[t] + 1)) {
      snprintf(g->error, sizeof(g->error), "texture %u: dim %u, %u coords",
               req->texture, req->dim, req->nr_coords);
      return ASAHI_SIM_ERR_EXEC;
   }
   if (t == 3 && req->coords[1] != 0x3f000000 && req->coords[1] != 0) {
      snprintf(g->error, sizeof(g->error), "1D array at y = 0x%x",
               req->coords[1]);
      return ASAHI_SIM_ERR_EXEC;
   }
   float u, ref = 0, f[4];
   memcpy(&u, &req->coords[0], 4);
   if (req->compare)
      memcpy(&ref, &req->compare_ref, 4);
   unsigned layer = layer_at[t] ? req->coords[layer_at[t]] & 0xffff : 0;
   unit(u, layer, req->texture, req->offset[0], req->offset[1], req->gather,
        ref, f);
   memcpy(out, f, 16);
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks hooks = {hook_fetch, NULL};

/* The layer GL samples: the coordinate's last component rounded to even
 * and clamped to the view's layers (0 without layers). */
static unsigned
gl_layer(const nir_tex_instr *tex, const nir_const_value *coord)
{
   if (!tex->is_array)
      return 0;
   float l = coord[tex->coord_components - 1].f32;
   double n = nearbyint(l); /* round to even (default mode) */
   double max = sizes[tex->texture_index]
                     [tex->sampler_dim == NIR_SAMPLER_DIM_1D ? 1 : 2] -
                1.0;
   return (unsigned)fmin(fmax(n, 0), max);
}

/* GL's side, from NIR's operands. */
static bool
eval_tex(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
         nir_const_value *result)
{
   (void)data;
   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   int o = nir_tex_instr_src_index(tex, nir_tex_src_offset);
   int r = nir_tex_instr_src_index(tex, nir_tex_src_comparator);
   unsigned layer = gl_layer(tex, srcs[c]);
   int ox = o >= 0 ? srcs[o][0].i32 : 0;
   int oy = o >= 0 && tex->sampler_dim != NIR_SAMPLER_DIM_1D ? srcs[o][1].i32
                                                             : 0;
   unsigned gather = tex->op == nir_texop_tg4 ? tex->component + 1 : 0;
   float f[4];
   unit(srcs[c][0].f32, layer, tex->texture_index, ox, oy, gather,
        r >= 0 ? srcs[r][0].f32 : 0.0f, f);
   for (unsigned i = 0; i < 4; ++i)
      result[i].f32 = f[i];
   return true;
}

struct lookup {
   nir_texop op;
   unsigned index;
   nir_sampler_dim dim;
   bool array, shadow;
   nir_def *coord, *offset, *ref;
   unsigned component;
};

static nir_def *
lookup(nir_builder *b, const struct lookup *l)
{
   nir_def *lod = l->op == nir_texop_txl ? nir_imm_float(b, 0.0f) : NULL;
   return agx_test_tex(b, &(struct agx_test_tex){
                             .op = l->op,
                             .index = l->index,
                             .dim = l->dim,
                             .array = l->array,
                             .shadow = l->shadow,
                             .component = l->component,
                             .src = {{nir_tex_src_coord, l->coord},
                                     {nir_tex_src_lod, lod},
                                     {nir_tex_src_offset, l->offset},
                                     {nir_tex_src_comparator, l->ref}},
                          });
}

/* A vertex shader builder with n vec4 outputs o[i] at VARYING_SLOT_VAR0 + i
 * (*av: the attribute vec4) */
static nir_builder
vs_with_outputs(void *mem, const char *name, nir_def **av, nir_variable **o,
                unsigned n)
{
   nir_builder b = agx_test_vs_builder(mem, name, av);
   for (unsigned i = 0; i < n; ++i)
      o[i] = agx_test_var(b.shader, nir_var_shader_out, 4,
                          VARYING_SLOT_VAR0 + i, "o");
   return b;
}

/* Runs bin over the 32 vertices vtx with the stand-in unit hooks and
 * compares its nr_slots outputs with s run by nir_eval (eval: GL's side
 * of the lookups); the outputs land in uvs. */
static void
run_and_check(nir_shader *s, const struct agx_shader_binary *bin,
              float (*vtx)[4], const struct asahi_sim_texture_hooks *hooks,
              nir_eval_tex_cb eval, unsigned nr_slots, uint32_t *uvs)
{
   char error[256];
   struct agx_test_draw draw = {0};
   agx_test_draw_vertices(&draw, vtx, 32 * sizeof(*vtx));
   draw.texture = hooks;
   memcpy(draw.texture_size, sizes, sizeof(sizes));
   agx_test_must_run_vs(bin, &draw, 0, uvs);
   if (!agx_test_check_vs_slots(s, bin, uvs, &vtx[0][0], 4, VARYING_SLOT_VAR0,
                                nr_slots, eval, NULL, error, sizeof(error)))
      fail_msg("%s", error);
}

/*
 * VS with attribute a = (u, layer, k, ref), five outputs:
 *   o0 = textureLod(t0 2D array, (u, 0.5, layer), 0)
 *   o1 = textureLod(t1 cube array, (u, 1, 0, layer), 0)
 *   o2 = textureLodOffset(t2, (u, 0.5), 0, ivec2(-3, 7))
 *   o3 = textureGather(t2, (u, 0.5), comp 2) with the run-time offset
 *        (int(k), -1 - int(k)), both in -8..7
 *   o4 = a shadow gather of t0 at the layer with reference ref and
 *        offset (1, -8)
 *   o5 = textureLod(t3 1D array, (u, layer), 0)
 */
static void
test_vertex_ops(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *av;
   nir_variable *o[6];
   nir_builder b = vs_with_outputs(mem, "texops-vs", &av, o, 6);
   nir_def *u = nir_channel(&b, av, 0), *layer = nir_channel(&b, av, 1);
   nir_def *k = nir_f2i32(&b, nir_channel(&b, av, 2));
   nir_def *half = nir_imm_float(&b, 0.5f);

   struct lookup l0 = {nir_texop_txl, 0, NIR_SAMPLER_DIM_2D, true, false,
                       nir_vec3(&b, u, half, layer)};
   struct lookup l1 = {
      nir_texop_txl, 1, NIR_SAMPLER_DIM_CUBE, true, false,
      nir_vec4(&b, u, nir_imm_float(&b, 1.0f), nir_imm_float(&b, 0), layer)};
   struct lookup l2 = {nir_texop_txl, 2, NIR_SAMPLER_DIM_2D, false, false,
                       nir_vec2(&b, u, half),
                       nir_vec2(&b, nir_imm_int(&b, -3), nir_imm_int(&b, 7))};
   struct lookup l3 = {nir_texop_tg4, 2, NIR_SAMPLER_DIM_2D, false, false,
                       nir_vec2(&b, u, half),
                       nir_vec2(&b, k, nir_isub(&b, nir_imm_int(&b, -1), k)),
                       NULL, 2};
   struct lookup l4 = {nir_texop_tg4, 0, NIR_SAMPLER_DIM_2D, true, true,
                       nir_vec3(&b, u, half, layer),
                       nir_vec2(&b, nir_imm_int(&b, 1), nir_imm_int(&b, -8)),
                       nir_channel(&b, av, 3), 0};
   struct lookup l5 = {nir_texop_txl, 3, NIR_SAMPLER_DIM_1D, true, false,
                       nir_vec2(&b, u, layer)};
   const struct lookup *all[6] = {&l0, &l1, &l2, &l3, &l4, &l5};
   for (unsigned i = 0; i < 6; ++i)
      nir_store_var(&b, o[i], lookup(&b, all[i]), 0xf);

   struct agx_shader_key key = agx_test_vec4_vs_key();
   struct agx_shader_binary bin;
   agx_test_must_compile(b.shader, &key, mem, &bin);

   /* Layers from below 0 to past the end, halves (round to even), offsets
    * from -8 to 7, references either side of zero. */
   float vtx[32][4];
   for (unsigned v = 0; v < 32; ++v) {
      vtx[v][0] = 0.125f * (float)v;
      vtx[v][1] = -2.5f + 0.5f * (float)v;
      vtx[v][2] = (float)((int)(v % 16) - 8);
      vtx[v][3] = (float)v / 8.0f - 1.0f;
   }
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   run_and_check(b.shader, &bin, vtx, &hooks, eval_tex, 6, uvs);

   /* By hand, vertex 1: layer -2.0 clamps to 0; vertex 6: 0.5 rounds to
    * 0 (even); vertex 7: 1.0; vertex 10: 2.5 rounds to 2; vertex 31:
    * 13.0 clamps to 4 (2D array) and 2 (cube array). */
   unsigned nw = bin.info.vs.nr_words;
   unsigned w0 = bin.info.vs.slot_word[VARYING_SLOT_VAR0];
   unsigned w1 = bin.info.vs.slot_word[VARYING_SLOT_VAR0 + 1];
   float f;
   const struct {
      unsigned lane, word;
      float want;
   } hand[] = {{1, w0, 0.0f},  {6, w0, 0.0f},    {7, w0, 1.0f},
               {10, w0, 2.0f}, {31, w0, 4.0f},   {31, w1, 102.0f},
               {10, w1, 102.0f}, {4, w1, 100.0f}};
   for (unsigned i = 0; i < sizeof(hand) / sizeof(hand[0]); ++i) {
      memcpy(&f, &uvs[hand[i].lane * nw + hand[i].word + 1], 4);
      assert_float_equal(f, hand[i].want, 0);
   }
   /* the constant offset (-3, 7): -3 + 16 * 7 */
   unsigned w2 = bin.info.vs.slot_word[VARYING_SLOT_VAR0 + 2];
   memcpy(&f, &uvs[5 * nw + w2 + 2], 4);
   assert_float_equal(f, 109.0f, 0);
   ralloc_free(mem);
}

/*
 * A stand-in unit answering a 2D array lookup of t0 with its whole
 * coordinate: (x, y, layer, 0), so that a coordinate component the
 * compiler placed wrongly shows in the result.
 */
static enum asahi_sim_status
hook_coords(void *user, struct asahi_sim_group *g,
            const struct asahi_sim_texture_request *req, unsigned lane,
            uint32_t out[4])
{
   (void)user;
   (void)lane;
   if (req->texture != 0 || req->dim != 3 || req->nr_coords != 3) {
      snprintf(g->error, sizeof(g->error), "texture %u: dim %u, %u coords",
               req->texture, req->dim, req->nr_coords);
      return ASAHI_SIM_ERR_EXEC;
   }
   float layer = (float)(req->coords[2] & 0xffff);
   out[0] = req->coords[0];
   out[1] = req->coords[1];
   memcpy(&out[2], &layer, 4);
   out[3] = 0;
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks coord_hooks = {hook_coords, NULL};

static bool
eval_coords(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
            nir_const_value *result)
{
   (void)data;
   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   result[0] = srcs[c][0];
   result[1] = srcs[c][1];
   result[2].f32 = (float)gl_layer(tex, srcs[c]);
   result[3].u32 = 0;
   return true;
}

/* textureLod(t0 2D array, (x, y, layer), 0) */
static nir_def *
lookup_t0(nir_builder *b, nir_def *x, nir_def *y, nir_def *layer)
{
   struct lookup l = {.op = nir_texop_txl,
                      .dim = NIR_SAMPLER_DIM_2D,
                      .array = true,
                      .coord = nir_vec3(b, x, y, layer)};
   return lookup(b, &l);
}

/* Compiles s (two outputs) for the vec4 vertex key, checks that no
 * collect needed a move, then runs it over 32 vertices made by fill and
 * compares it with nir_eval; frees mem. */
static void
check_moveless(nir_shader *s, void *mem, void (*fill)(unsigned, float *),
               const struct asahi_sim_texture_hooks *hooks,
               nir_eval_tex_cb eval)
{
   struct agx_shader_key key = agx_test_vec4_vs_key();
   struct agx_shader_binary bin;
   agx_test_must_compile(s, &key, mem, &bin);
   assert_int_equal(bin.info.nr_collect_moves, 0);
   float vtx[32][4];
   for (unsigned v = 0; v < 32; ++v)
      fill(v, vtx[v]);
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   run_and_check(s, &bin, vtx, hooks, eval, 2, uvs);
   ralloc_free(mem);
}

/* Every branch taken, layers inside and outside the view's 5 */
static void
branch_vertex(unsigned v, float *a)
{
   a[0] = 0.375f * (float)v - 3.0f;
   a[1] = 1.0f - 0.25f * (float)v;
   a[2] = (float)((int)(v % 12) - 4);
   a[3] = 0.5f * (float)(v % 11) - 1.0f;
}

/*
 * One (x, y) sampled from a 2D array in each of three branches, each with
 * a layer of its own, and read again after them (dolphin's ubershaders
 * pick the texture in a switch this way):
 *   x = 2 a.x, y = a.y + 1
 *   if (a.z < 0) r = txl(t0, (x, y, a.w))
 *   else if (a.z < 4) r = txl(t0, (x, y, a.w + 1))
 *   else r = txl(t0, (x, y, 2 a.w))
 *   o0 = r, o1 = (x, y, x y, 0)
 * The coordinate is 32-bit x and y then the layer's low half (five
 * halves): register allocation puts x and y where the three vectors
 * start and each layer after them, so that no vector needs a move
 * (before wave 12 each took five 16-bit moves).
 */
static void
test_shared_array_coordinates(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *av;
   nir_variable *o[2];
   nir_builder b = vs_with_outputs(mem, "array-coords-vs", &av, o, 2);
   nir_def *x = nir_fmul(&b, nir_channel(&b, av, 0), nir_imm_float(&b, 2));
   nir_def *y = nir_fadd(&b, nir_channel(&b, av, 1), nir_imm_float(&b, 1));
   nir_def *k = nir_channel(&b, av, 2), *l = nir_channel(&b, av, 3);

   nir_def *r[3];
   nir_if *outer = nir_push_if(&b, nir_flt(&b, k, nir_imm_float(&b, 0)));
   r[0] = lookup_t0(&b, x, y, l);
   nir_push_else(&b, outer);
   {
      nir_if *inner = nir_push_if(&b, nir_flt(&b, k, nir_imm_float(&b, 4)));
      r[1] = lookup_t0(&b, x, y, nir_fadd(&b, l, nir_imm_float(&b, 1)));
      nir_push_else(&b, inner);
      r[2] = lookup_t0(&b, x, y, nir_fmul(&b, l, nir_imm_float(&b, 2)));
      nir_pop_if(&b, inner);
      r[1] = nir_if_phi(&b, r[1], r[2]);
   }
   nir_pop_if(&b, outer);
   nir_store_var(&b, o[0], nir_if_phi(&b, r[0], r[1]), 0xf);
   nir_store_var(&b, o[1],
                 nir_vec4(&b, x, y, nir_fmul(&b, x, y), nir_imm_float(&b, 0)),
                 0xf);

   check_moveless(b.shader, mem, branch_vertex, &coord_hooks, eval_coords);
}

/* A stand-in unit answering a 2D lookup of t2 with its coordinate:
 * (x, y, 0, 0) */
static enum asahi_sim_status
hook_coords_2d(void *user, struct asahi_sim_group *g,
               const struct asahi_sim_texture_request *req, unsigned lane,
               uint32_t out[4])
{
   (void)user;
   (void)lane;
   if (req->texture != 2 || req->dim != 2 || req->nr_coords != 2) {
      snprintf(g->error, sizeof(g->error), "texture %u: dim %u, %u coords",
               req->texture, req->dim, req->nr_coords);
      return ASAHI_SIM_ERR_EXEC;
   }
   out[0] = req->coords[0];
   out[1] = req->coords[1];
   out[2] = out[3] = 0;
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks coord_2d_hooks = {hook_coords_2d,
                                                              NULL};

static bool
eval_coords_2d(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
               nir_const_value *result)
{
   (void)data;
   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   result[0] = srcs[c][0];
   result[1] = srcs[c][1];
   result[2].u32 = result[3].u32 = 0;
   return true;
}

/* 0 to 7 iterations, steps of either sign */
static void
walk_vertex(unsigned v, float *a)
{
   a[0] = 0.25f * (float)v - 2.0f;
   a[1] = 1.5f - 0.125f * (float)v;
   a[2] = (float)(v % 8);
   a[3] = (v & 1) ? 0.5f : -0.25f;
}

/*
 * A loop walking a column of texels (skia's morphology filters): the
 * coordinate variable's y grows each iteration, so both of its
 * components are loop-carried webs, written before the loop and at its
 * back edge:
 *   p = (2 a.x, a.y), s = 0
 *   for (i = 0; i < int(a.z); i++) { s += txl(t2, p); p.y += a.w; }
 *   o0 = s, o1 = (p, i, 0)
 * No web is written while the coordinate vector lives (from its collect
 * to the lookup), so since wave 14 the webs lie side by side and the
 * vector shares their registers: the loop builds it without a move
 * (before, x's and y's webs were apart and both were copied in every
 * iteration).  The unit answers with the coordinate it received, so a
 * wrong register shows in o0.
 */
static void
test_loop_coordinates(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *av;
   nir_variable *o[2];
   nir_builder b = vs_with_outputs(mem, "loop-coords-vs", &av, o, 2);
   nir_function_impl *impl = b.impl;
   const nir_vtype *vec2 = nir_vtype_vector(mem, nir_type_float32, 2);
   const nir_vtype *vec4 = nir_vtype_vector(mem, nir_type_float32, 4);
   const nir_vtype *int1 = nir_vtype_scalar(mem, nir_type_int32);
   nir_variable *p = nir_local_variable_create(impl, vec2, "p");
   nir_variable *sum = nir_local_variable_create(impl, vec4, "s");
   nir_variable *i = nir_local_variable_create(impl, int1, "i");
   nir_def *x0 = nir_fmul(&b, nir_channel(&b, av, 0), nir_imm_float(&b, 2));
   nir_store_var(&b, p, nir_vec2(&b, x0, nir_channel(&b, av, 1)), 0x3);
   nir_store_var(&b, sum, nir_imm_vec4(&b, 0, 0, 0, 0), 0xf);
   nir_store_var(&b, i, nir_imm_int(&b, 0), 0x1);
   nir_def *n = nir_f2i32(&b, nir_channel(&b, av, 2));
   nir_loop *loop = nir_push_loop(&b);
   {
      nir_def *iv = nir_load_var(&b, i);
      nir_break_if(&b, nir_ige(&b, iv, n));
      struct lookup l = {nir_texop_txl, 2,     NIR_SAMPLER_DIM_2D,
                         false,         false, nir_load_var(&b, p)};
      nir_def *r = lookup(&b, &l);
      nir_store_var(&b, sum, nir_fadd(&b, nir_load_var(&b, sum), r), 0xf);
      nir_def *pv = nir_load_var(&b, p);
      nir_def *y = nir_fadd(&b, nir_channel(&b, pv, 1), nir_channel(&b, av, 3));
      nir_store_var(&b, p, nir_vec2(&b, nir_channel(&b, pv, 0), y), 0x2);
      nir_store_var(&b, i, nir_iadd(&b, iv, nir_imm_int(&b, 1)), 0x1);
   }
   nir_pop_loop(&b, loop);
   nir_store_var(&b, o[0], nir_load_var(&b, sum), 0xf);
   nir_def *pv = nir_load_var(&b, p);
   nir_store_var(&b, o[1],
                 nir_vec4(&b, nir_channel(&b, pv, 0), nir_channel(&b, pv, 1),
                          nir_i2f32(&b, nir_load_var(&b, i)),
                          nir_imm_float(&b, 0)),
                 0xf);

   check_moveless(b.shader, mem, walk_vertex, &coord_2d_hooks, eval_coords_2d);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vertex_ops),
      cmocka_unit_test(test_shared_array_coordinates),
      cmocka_unit_test(test_loop_coordinates),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
