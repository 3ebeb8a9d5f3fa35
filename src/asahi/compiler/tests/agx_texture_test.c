/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture instructions: a stand-in texture unit, the same function of the
 * coordinates, the texture index and the LOD on both sides (a sim texture
 * hook and the interpreter's texture callback), checks that the compiler
 * passes coordinates, slots and LODs the way the hardware reads them and
 * puts the four results where the shader expects them.
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
#include "util/u_math.h"
#include "agx_test_nir.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"

/* texel(u, v, w) of texture t at level l = (2u, v + 0.25, t + w, l) */
static void
texel(float u, float v, float w, unsigned t, float l, float out[4])
{
   out[0] = u * 2.0f;
   out[1] = v + 0.25f;
   out[2] = (float)t + w;
   out[3] = l;
}

/* NIR sampler dimension -> the ISA's (applegpu TEX_TYPES) and coordinate
 * count the hook must see */
static const unsigned dim_of_texture[8] = {
   2, 2, 5 /* t2: 3D */, 0 /* t3: 1D */, 2, 6 /* t5: cube */, 2, 2};

static enum asahi_sim_status
hook_fetch(void *user, struct asahi_sim_group *g,
           const struct asahi_sim_texture_request *req, unsigned lane,
           uint32_t out[4])
{
   (void)user;
   (void)lane;
   float u, v = 0, w = 0, f[4];
   /* 1D textures are sampled as 2D ones of height 1, at y = 0.5 (as
    * Mesa's driver describes them: agx_translate_tex_dim) */
   bool one_d = dim_of_texture[req->texture & 7] == 0;
   unsigned want_dim = one_d ? 2 : dim_of_texture[req->texture & 7];
   unsigned want_n = want_dim == 2 ? 2 : 3;
   if (req->dim != want_dim || req->nr_coords != want_n) {
      snprintf(g->error, sizeof(g->error), "texture %u: dim %u, %u coords",
               req->texture, req->dim, req->nr_coords);
      return ASAHI_SIM_ERR_EXEC;
   }
   memcpy(&u, &req->coords[0], 4);
   if (want_n > 1)
      memcpy(&v, &req->coords[1], 4);
   if (want_n > 2)
      memcpy(&w, &req->coords[2], 4);
   if (one_d) {
      if (v != 0.5f) {
         snprintf(g->error, sizeof(g->error), "1D texture %u at y = %f",
                  req->texture, v);
         return ASAHI_SIM_ERR_EXEC;
      }
      v = 0; /* GL's 1D lookup has no y */
   }
   /* an f32 LOD register holds the float's bits, not its value */
   float l = req->lod_mode == 6 ? agx_test_request_lod(req) : 0.0f;
   texel(u, v, w, req->texture, l, f);
   memcpy(out, f, 16);
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks hooks = {hook_fetch, NULL};

static bool
eval_tex(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
         nir_const_value *result)
{
   (void)data;
   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   int l = nir_tex_instr_src_index(tex, nir_tex_src_lod);
   float f[4];
   unsigned n = tex->coord_components;
   texel(srcs[c][0].f32, n > 1 ? srcs[c][1].f32 : 0.0f,
         n > 2 ? srcs[c][2].f32 : 0.0f, tex->texture_index,
         l >= 0 ? srcs[l][0].f32 : 0.0f, f);
   for (unsigned i = 0; i < 4; ++i)
      result[i].f32 = f[i];
   return true;
}

static nir_def *
sample(nir_builder *b, nir_texop op, unsigned index, nir_def *coord,
       nir_def *lod)
{
   unsigned dim = dim_of_texture[index & 7];
   return agx_test_tex(
      b, &(struct agx_test_tex){
            .op = op,
            .index = index,
            .dim = dim == 0   ? NIR_SAMPLER_DIM_1D
                   : dim == 5 ? NIR_SAMPLER_DIM_3D
                   : dim == 6 ? NIR_SAMPLER_DIM_CUBE
                              : NIR_SAMPLER_DIM_2D,
            .src = {{nir_tex_src_coord, coord}, {nir_tex_src_lod, lod}},
         });
}

/* The steps of a test, each either done or failing the test with its
 * message: compiling b's shader with key, ... */
static void
compile(nir_builder *b, struct agx_shader_key key, void *mem,
        struct agx_shader_binary *bin)
{
   agx_test_must_compile(b->shader, &key, mem, bin);
}

/* ... running a fragment shader over the 32 pixels of coords (tib gets
 * their colours), ... */
static void
run_fs(const struct agx_shader_binary *bin, const struct agx_test_draw *draw,
       const struct agx_test_uv *coords, uint8_t *tib)
{
   char error[256];
   if (!agx_test_run_uv_fs(bin, draw, coords, tib, error, sizeof(error)))
      fail_msg("%s", error);
}

/* ... comparing those colours with nir_eval's of b's shader, eval
 * answering its lookups, ... */
static void
check_fs(nir_builder *b, const struct agx_test_uv *coords, nir_eval_tex_cb eval,
         const uint8_t *tib)
{
   char error[256];
   if (!agx_test_check_uv_fs(b->shader, coords, eval, NULL, tib, error,
                             sizeof(error)))
      fail_msg("%s", error);
}

/* ... running a vertex shader over the 32 vertices of vtx (4 floats
 * each) to its end and comparing nr_slots varying slots from VAR0 with
 * nir_eval's, ... */
static void
run_vs_and_check(nir_builder *b, const struct agx_shader_binary *bin,
                 const struct agx_test_draw *draw, const float *vtx,
                 unsigned nr_slots, nir_eval_tex_cb eval, uint32_t *uvs)
{
   char error[256];
   agx_test_must_run_vs(bin, draw, 0, uvs);
   if (!agx_test_check_vs_slots(b->shader, bin, uvs, vtx, 4, VARYING_SLOT_VAR0,
                                nr_slots, eval, NULL, error, sizeof(error)))
      fail_msg("%s", error);
}

/* ... and the RGBA32F colour of pixel `lane` of tib against want. */
static void
check_pixel(const uint8_t *tib, unsigned lane, const float want[4], double tol)
{
   for (unsigned ch = 0; ch < 4; ++ch) {
      float got;
      memcpy(&got, tib + 16 * lane + 4 * ch, 4);
      assert_float_equal(got, want[ch], tol);
   }
}

/* The row most tests draw: pixel (x, 0) sees
 * uv = ((x + 0.5) / 64 + 0.25, 1). */
static const struct agx_test_uv row = {1.0f / 64, 0.25f, 0.5f};

/* run_fs over that row with unit as the texture unit. */
static void
run_row(const struct agx_shader_binary *bin,
        const struct asahi_sim_texture_hooks *unit, uint8_t *tib)
{
   struct agx_test_draw draw = {0};
   draw.texture = unit;
   run_fs(bin, &draw, &row, tib);
}

/* FS: colour = texture(t0, uv) + texture(t4, uv * 2) */
static void
test_fragment_sample(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *c;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "tex-fs", &c, &out);
   nir_def *t0 = sample(&b, nir_texop_tex, 0, c, NULL);
   nir_def *t3 = sample(&b, nir_texop_tex, 4,
                        nir_fmul(&b, c, nir_imm_float(&b, 2.0f)), NULL);
   nir_store_var(&b, out, nir_fadd(&b, t0, t3), 0xf);

   struct agx_shader_binary bin;
   compile(&b, agx_test_rgba32f_fs_key(), mem, &bin);
   assert_int_equal(bin.info.nr_textures, 5);
   assert_int_equal(bin.info.nr_samplers, 5);

   uint8_t tib[32 * 16];
   run_row(&bin, &hooks, tib);

   check_fs(&b, &row, eval_tex, tib);
   ralloc_free(mem);
}

/* FS: colour = (t0.y, t0.w, t4.x, t0.y): the lookups write only the
 * components read, one after the other (masks yw and x), and the shader
 * must still pick the right ones. */
static void
test_fragment_sample_masked(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *c;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "tex-mask-fs", &c, &out);
   nir_def *t0 = sample(&b, nir_texop_tex, 0, c, NULL);
   nir_def *t4 = sample(&b, nir_texop_tex, 4, c, NULL);
   nir_store_var(&b, out,
                 nir_vec4(&b, nir_channel(&b, t0, 1), nir_channel(&b, t0, 3),
                          nir_channel(&b, t4, 0), nir_channel(&b, t0, 1)),
                 0xf);

   struct agx_shader_binary bin;
   compile(&b, agx_test_rgba32f_fs_key(), mem, &bin);
   unsigned masks = 0, n = 0;
   struct agx_isa_instr d;
   for (size_t off = 0; agx_test_next_instr(&bin, &off, &d);) {
      if (d.op == AGX_ISA_OP_TEXTURE_SAMPLE) {
         unsigned m = (unsigned)d.operands[AGX_ISA_TEXTURE_SAMPLE_MASK].value;
         masks |= m << (4 * n++);
         assert_int_equal(d.operands[AGX_ISA_TEXTURE_SAMPLE_R].count,
                          util_bitcount(m));
      }
   }
   assert_int_equal(n, 2);
   assert_true(masks == (0xa | 0x1 << 4) || masks == (0x1 | 0xa << 4));

   uint8_t tib[32 * 16];
   run_row(&bin, &hooks, tib);
   check_fs(&b, &row, eval_tex, tib);
   ralloc_free(mem);
}

/* The sampler dimension of the first texture instruction of a shader */
static int
first_tex_dim(nir_shader *s)
{
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == nir_instr_type_tex)
               return (int)nir_instr_as_tex(instr)->sampler_dim;
         }
      }
   }
   return -1;
}

/*
 * FS: colour = texture(sampler2DRect t1, uv * 64).  A rectangle lookup
 * takes texel coordinates, which the sampler reads as such when the driver
 * sets its pixel-coordinates bit; the shader must hand the hardware a 2D
 * lookup (2 coordinates) with the coordinates untouched, so the stand-in
 * texture unit sees exactly what GL's rectangle lookup would be given.
 */
static void
test_fragment_rect(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *c;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "rect-fs", &c, &out);
   c = nir_fmul(&b, c, nir_imm_float(&b, 64.0f));
   nir_def *t = sample(&b, nir_texop_tex, 1, c, NULL);
   nir_instr_as_tex(nir_def_instr(t))->sampler_dim = NIR_SAMPLER_DIM_RECT;
   nir_store_var(&b, out, t, 0xf);

   nir_shader *nir = nir_shader_clone(mem, b.shader);
   assert_true(agx_preprocess_nir(nir));
   assert_int_equal(first_tex_dim(nir), NIR_SAMPLER_DIM_2D);
   struct agx_shader_binary bin;
   compile(&b, agx_test_rgba32f_fs_key(), mem, &bin);
   assert_int_equal(bin.info.nr_textures, 2);
   assert_int_equal(bin.info.nr_samplers, 2);

   uint8_t tib[32 * 16];
   run_row(&bin, &hooks, tib);

   for (unsigned lane = 0; lane < 32; ++lane) {
      /* by hand: uv = (lane + 0.5) / 64 + 0.25, 0.5 * 1 + 0.5 */
      float u = (float)(((lane + 0.5) / 64 + 0.25) * 64);
      float want[4];
      texel(u, 64.0f, 0.0f, 1, 0.0f, want);
      check_pixel(tib, lane, want, 1e-4);
   }
   ralloc_free(mem);
}

/*
 * FS: colour = texture(samplerCube t5, vec3(uv, -uv.x)).  The hardware
 * takes the direction vector itself (dimension tex_cube, 3 coordinates)
 * and picks the face: the stand-in unit must see the three components
 * unchanged, in order.
 */
static void
test_fragment_cube(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *c;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "cube-fs", &c, &out);
   nir_def *dir = nir_vec3(&b, nir_channel(&b, c, 0), nir_channel(&b, c, 1),
                           nir_fneg(&b, nir_channel(&b, c, 0)));
   nir_store_var(&b, out, sample(&b, nir_texop_tex, 5, dir, NULL), 0xf);

   struct agx_shader_binary bin;
   compile(&b, agx_test_rgba32f_fs_key(), mem, &bin);
   assert_int_equal(bin.info.nr_textures, 6);

   uint8_t tib[32 * 16];
   run_row(&bin, &hooks, tib);

   for (unsigned lane = 0; lane < 32; ++lane) {
      /* by hand: uv = ((lane + 0.5) / 64 + 0.25, 1.0) */
      float u = (float)((lane + 0.5) / 64 + 0.25);
      float want[4];
      texel(u, 1.0f, -u, 5, 0.0f, want);
      check_pixel(tib, lane, want, 1e-5);
   }
   ralloc_free(mem);
}

/*
 * FS: colour = texture(sampler2DShadow t0, vec3(uv, uv.y)) +
 * texture(sampler2D t1, uv).  Checked structurally only: the simulator's
 * texture unit has no depth compare yet, so the lookup is not run.  The
 * shadow lookup must carry the compare flag with the 32-bit reference in
 * the compare/offset operand (the sampler's compare function does the
 * test); the plain lookup must not.
 */
static void
test_fragment_shadow_encoding(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *c;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "shadow-fs", &c, &out);

   nir_def *shadow = agx_test_tex(
      &b, &(struct agx_test_tex){
             .op = nir_texop_tex,
             .index = 0,
             .dim = NIR_SAMPLER_DIM_2D,
             .shadow = true,
             .src = {{nir_tex_src_coord, c},
                     {nir_tex_src_comparator, nir_channel(&b, c, 1)}},
          });
   nir_def *plain_tex = sample(&b, nir_texop_tex, 1, c, NULL);
   nir_store_var(&b, out, nir_fadd(&b, shadow, plain_tex), 0xf);

   struct agx_shader_binary bin;
   compile(&b, agx_test_rgba32f_fs_key(), mem, &bin);
   assert_int_equal(bin.info.nr_textures, 2);
   assert_int_equal(bin.info.nr_samplers, 2);

   unsigned seen = 0;
   struct agx_isa_instr I;
   for (size_t at = 0; agx_test_next_instr(&bin, &at, &I);) {
      if (I.op != AGX_ISA_OP_TEXTURE_SAMPLE)
         continue;
      const struct agx_isa_operand *cmp =
         &I.operands[AGX_ISA_TEXTURE_SAMPLE_COMPARE];
      const struct agx_isa_operand *o = &I.operands[AGX_ISA_TEXTURE_SAMPLE_O];
      unsigned t = (unsigned)I.operands[AGX_ISA_TEXTURE_SAMPLE_T].value;
      seen |= 1u << t;
      if (t == 0) {
         assert_int_equal(cmp->value, 1);
         assert_int_equal(o->kind, AGX_ISA_KIND_REG);
         assert_int_equal(o->size, 32);
         assert_int_equal(I.operands[AGX_ISA_TEXTURE_SAMPLE_N].value, 2);
      } else {
         /* (the decoder still reads O's field; the flag says it is
          * unused) */
         assert_int_equal(cmp->value, 0);
      }
   }
   assert_int_equal(seen, 3);
   ralloc_free(mem);
}

/* VS: v = textureLod(t2 (3D), a.xyz, a.z) + texture(t3 (1D), a.y) at
 * level 0 */
static void
test_vertex_lod(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *av;
   nir_builder b = agx_test_vs_builder(mem, "tex-vs", &av);
   nir_variable *o1 =
      agx_test_var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_VAR0, "o1");
   nir_store_var(
      &b, o1,
      nir_fadd(&b,
               sample(&b, nir_texop_txl, 2, nir_channels(&b, av, 7),
                      nir_channel(&b, av, 2)),
               sample(&b, nir_texop_tex, 3, nir_channel(&b, av, 1), NULL)),
      0xf);

   struct agx_shader_binary bin;
   compile(&b, agx_test_vec4_vs_key(), mem, &bin);

   float vtx[32][4];
   for (unsigned v = 0; v < 32; ++v) {
      vtx[v][0] = (float)v / 32.0f;
      vtx[v][1] = 1.0f - (float)v / 64.0f;
      vtx[v][2] = (float)(v % 5); /* levels 0..4, exact in f16 */
      vtx[v][3] = 1.0f;
   }
   struct agx_test_draw draw = {0};
   agx_test_draw_vertices(&draw, vtx, sizeof(vtx));
   draw.texture = &hooks;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   run_vs_and_check(&b, &bin, &draw, &vtx[0][0], 1, eval_tex, uvs);
   ralloc_free(mem);
}

/* Sizes the "driver" pushes for slots 0-3 (AGX_PUSH_TEXTURE_SIZE):
 * width, height (1D arrays: layers), depth or layers, levels. */
static const uint32_t sizes[4][4] = {
   {64, 16, 1, 7}, {1, 1, 1, 1}, {32, 8, 5, 6}, {128, 9, 1, 8}};

/* The interpreter's side of textureSize / textureQueryLevels, from GL's
 * rule (GL 3.0 3.8.8: each level halves, down to 1; layers stay). */
static bool
eval_size(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
          nir_const_value *result)
{
   (void)data;
   const uint32_t *s = sizes[tex->texture_index];
   if (tex->op == nir_texop_query_levels) {
      result[0].u32 = s[3];
      return true;
   }
   int l = nir_tex_instr_src_index(tex, nir_tex_src_lod);
   unsigned lod = l >= 0 ? srcs[l][0].u32 : 0;
   unsigned dims = tex->sampler_dim == NIR_SAMPLER_DIM_1D   ? 1
                   : tex->sampler_dim == NIR_SAMPLER_DIM_3D ? 3
                                                            : 2;
   unsigned n = 0;
   for (unsigned d = 0; d < dims; ++d)
      result[n++].u32 = (s[d] >> lod) > 1 ? s[d] >> lod : 1u;
   if (tex->is_array)
      result[n++].u32 = dims == 1 ? s[1] : s[2];
   return true;
}

static nir_def *
size_query(nir_builder *b, nir_texop op, unsigned index, nir_sampler_dim dim,
           bool array, nir_def *lod)
{
   nir_tex_instr *tex = nir_tex_instr_create(b->shader, lod ? 1 : 0);
   tex->op = op;
   tex->sampler_dim = dim;
   tex->is_array = array;
   tex->texture_index = index;
   tex->sampler_index = index;
   tex->dest_type = nir_type_int32;
   if (lod) {
      tex->src[0].src_type = nir_tex_src_lod;
      tex->src[0].src.ssa = lod;
   }
   unsigned n = op == nir_texop_query_levels                    ? 1
                : (dim == NIR_SAMPLER_DIM_1D ? 1
                   : dim == NIR_SAMPLER_DIM_3D ? 3
                                               : 2) + (array ? 1 : 0);
   nir_def_init(&tex->instr, &tex->def, n, 32);
   nir_builder_instr_insert(b, &tex->instr);
   return &tex->def;
}

/* VS: textureSize of a 2D texture at a per-vertex level, of a 3D texture
 * at level 1, of a 1D array at level 0, and textureQueryLevels, against
 * GL's rule on the sizes the driver would push. */
static void
test_vertex_size(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *av;
   nir_builder b = agx_test_vs_builder(mem, "size-vs", &av);
   nir_variable *o1 =
      agx_test_var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_VAR0, "o1");
   nir_variable *o2 = agx_test_var(b.shader, nir_var_shader_out, 4,
                                   VARYING_SLOT_VAR0 + 1, "o2");
   nir_def *lod = nir_f2i32(&b, nir_channel(&b, av, 0));
   nir_def *s2 = size_query(&b, nir_texop_txs, 0, NIR_SAMPLER_DIM_2D, false,
                            lod);
   nir_def *s3 = size_query(&b, nir_texop_txs, 2, NIR_SAMPLER_DIM_3D, false,
                            nir_imm_int(&b, 1));
   nir_def *s1a = size_query(&b, nir_texop_txs, 3, NIR_SAMPLER_DIM_1D, true,
                             nir_imm_int(&b, 0));
   nir_def *lv = size_query(&b, nir_texop_query_levels, 3,
                            NIR_SAMPLER_DIM_1D, true, NULL);
   nir_store_var(&b, o1,
                 nir_vec4(&b, nir_channel(&b, s2, 0), nir_channel(&b, s2, 1),
                          nir_channel(&b, s3, 2), nir_channel(&b, s3, 0)),
                 0xf);
   nir_store_var(&b, o2,
                 nir_vec4(&b, nir_channel(&b, s1a, 0), nir_channel(&b, s1a, 1),
                          lv, nir_channel(&b, s3, 1)),
                 0xf);

   struct agx_shader_binary bin;
   compile(&b, agx_test_vec4_vs_key(), mem, &bin);

   float vtx[32][4];
   for (unsigned v = 0; v < 32; ++v) {
      vtx[v][0] = (float)(v % 9); /* levels 0..8: past the smallest */
      vtx[v][1] = vtx[v][2] = 0;
      vtx[v][3] = 1.0f;
   }
   struct agx_test_draw draw = {0};
   agx_test_draw_vertices(&draw, vtx, sizeof(vtx));
   memcpy(draw.texture_size, sizes, sizeof(sizes));
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   run_vs_and_check(&b, &bin, &draw, &vtx[0][0], 2, eval_size, uvs);
   /* by hand, for one vertex: level 3 of 64x16 is 8x2 */
   unsigned w = bin.info.vs.slot_word[VARYING_SLOT_VAR0];
   assert_int_equal(uvs[3 * bin.info.vs.nr_words + w], 8);
   assert_int_equal(uvs[3 * bin.info.vs.nr_words + w + 1], 2);
   ralloc_free(mem);
}

/* The stand-in unit for gradients: (2u, v + 0.25, t, a sum weighing each
 * derivative differently), so that a swapped d/dx and d/dy or x and y
 * shows. */
static float
grad_sum(const float ddx[2], const float ddy[2])
{
   return ddx[0] + 10.0f * ddy[0] + 100.0f * ddx[1] + 1000.0f * ddy[1];
}

static enum asahi_sim_status
hook_grad(void *user, struct asahi_sim_group *g,
          const struct asahi_sim_texture_request *req, unsigned lane,
          uint32_t out[4])
{
   (void)user;
   (void)lane;
   if (req->lod_mode != 4 || !req->has_derivatives || req->nr_coords != 2) {
      snprintf(g->error, sizeof(g->error), "lod mode %u, %u coords",
               req->lod_mode, req->nr_coords);
      return ASAHI_SIM_ERR_EXEC;
   }
   float u, v, f[4];
   memcpy(&u, &req->coords[0], 4);
   memcpy(&v, &req->coords[1], 4);
   texel(u, v, 0.0f, req->texture, grad_sum(req->ddx, req->ddy), f);
   memcpy(out, f, 16);
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks grad_hooks = {hook_grad, NULL};

static bool
eval_grad(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
          nir_const_value *result)
{
   (void)data;
   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   int x = nir_tex_instr_src_index(tex, nir_tex_src_ddx);
   int y = nir_tex_instr_src_index(tex, nir_tex_src_ddy);
   float ddx[2] = {srcs[x][0].f32, srcs[x][1].f32};
   float ddy[2] = {srcs[y][0].f32, srcs[y][1].f32};
   float f[4];
   texel(srcs[c][0].f32, srcs[c][1].f32, 0.0f, tex->texture_index,
         grad_sum(ddx, ddy), f);
   for (unsigned i = 0; i < 4; ++i)
      result[i].f32 = f[i];
   return true;
}

/* FS: colour = textureGrad(t1, uv, uv * 0.5, uv.yx * 0.25) */
static void
test_fragment_grad(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *c;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "grad-fs", &c, &out);
   nir_def *ddx = nir_fmul(&b, c, nir_imm_float(&b, 0.5f));
   nir_def *ddy = nir_fmul(&b, nir_swizzle(&b, c, (unsigned[]){1, 0}, 2),
                           nir_imm_float(&b, 0.25f));
   nir_def *t = agx_test_tex(
      &b, &(struct agx_test_tex){
             .op = nir_texop_txd,
             .index = 1,
             .dim = NIR_SAMPLER_DIM_2D,
             .src = {{nir_tex_src_coord, c},
                     {nir_tex_src_ddx, ddx},
                     {nir_tex_src_ddy, ddy}},
          });
   nir_store_var(&b, out, t, 0xf);

   struct agx_shader_binary bin;
   compile(&b, agx_test_rgba32f_fs_key(), mem, &bin);

   uint8_t tib[32 * 16];
   run_row(&bin, &grad_hooks, tib);

   check_fs(&b, &row, eval_grad, tib);
   ralloc_free(mem);
}

/*
 * Arrays and offsets: the stand-in unit returns (2u, v + 0.25, a sum
 * weighing the layer, the offsets and the reference differently,
 * texture), from what the hardware would see: for tex_2d_array the layer
 * as an integer in the low half of the third coordinate word, offsets as
 * signed nibbles after the reference.  The interpreter side computes the
 * same from GL's rules: the layer rounded to nearest even and clamped to
 * [0, layers - 1] (GL 3.0 3.8.8), offsets as given.
 */
static const uint32_t array_sizes[4][4] = {
   {32, 32, 5, 1}, {16, 16, 1, 1}, {16, 16, 1, 1}, {16, 16, 1, 1}};

static float
aux_sum(float layer, const int off[2], float ref)
{
   return layer + 10.0f * (float)off[0] + 100.0f * (float)off[1] +
          1000.0f * ref;
}

static enum asahi_sim_status
hook_array(void *user, struct asahi_sim_group *g,
           const struct asahi_sim_texture_request *req, unsigned lane,
           uint32_t out[4])
{
   (void)user;
   (void)lane;
   unsigned want_dim = req->texture == 0 ? 3 : 2;
   if (req->dim != want_dim || req->nr_coords != (want_dim == 3 ? 3u : 2u)) {
      snprintf(g->error, sizeof(g->error), "texture %u: dim %u, %u coords",
               req->texture, req->dim, req->nr_coords);
      return ASAHI_SIM_ERR_EXEC;
   }
   float u, v, ref = 0, f[4];
   memcpy(&u, &req->coords[0], 4);
   memcpy(&v, &req->coords[1], 4);
   float layer = want_dim == 3 ? (float)(req->coords[2] & 0xffff) : 0.0f;
   int off[2] = {req->has_offset ? req->offset[0] : 0,
                 req->has_offset ? req->offset[1] : 0};
   if (req->compare)
      memcpy(&ref, &req->compare_ref, 4);
   f[0] = 2.0f * u;
   f[1] = v + 0.25f;
   f[2] = aux_sum(layer, off, ref);
   f[3] = (float)req->texture;
   memcpy(out, f, 16);
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks array_hooks = {hook_array, NULL};

static bool
eval_array(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
           nir_const_value *result)
{
   (void)data;
   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   int o = nir_tex_instr_src_index(tex, nir_tex_src_offset);
   int r = nir_tex_instr_src_index(tex, nir_tex_src_comparator);
   float layer = 0;
   if (tex->is_array) {
      float l = nearbyintf(srcs[c][2].f32);
      float last = (float)array_sizes[tex->texture_index][2] - 1;
      layer = l < 0 ? 0 : l > last ? last : l;
   }
   int off[2] = {o >= 0 ? (int)srcs[o][0].i32 : 0,
                 o >= 0 ? (int)srcs[o][1].i32 : 0};
   result[0].f32 = 2.0f * srcs[c][0].f32;
   result[1].f32 = srcs[c][1].f32 + 0.25f;
   result[2].f32 = aux_sum(layer, off, r >= 0 ? srcs[r][0].f32 : 0.0f);
   result[3].f32 = (float)tex->texture_index;
   return true;
}

static nir_def *
lookup(nir_builder *b, unsigned index, bool array, nir_def *coord,
       nir_def *offset, nir_def *ref)
{
   return agx_test_tex(b, &(struct agx_test_tex){
                             .op = nir_texop_tex,
                             .index = index,
                             .dim = NIR_SAMPLER_DIM_2D,
                             .array = array,
                             .shadow = ref != NULL,
                             .src = {{nir_tex_src_coord, coord},
                                     {nir_tex_src_offset, offset},
                                     {nir_tex_src_comparator, ref}},
                          });
}

/* FS: colour = texture(t0 2D array, vec3(uv, uv.x * 12 - 3))
 *            + textureOffset(t1, uv, ivec2(3, -2))
 *            + textureOffset(t2 shadow, vec3(uv, uv.y), ivec2(int(uv.x * 8) - 4, 7))
 * (layers from -3 to past the last; offsets constant and not) */
static void
test_fragment_array_offset(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_def *c;
   nir_variable *out;
   nir_builder b = agx_test_uv_fs_builder(mem, "array-fs", &c, &out);
   nir_def *x = nir_channel(&b, c, 0), *y = nir_channel(&b, c, 1);
   nir_def *layer = nir_fadd(&b, nir_fmul(&b, x, nir_imm_float(&b, 12.0f)),
                             nir_imm_float(&b, -3.0f));
   nir_def *t0 = lookup(&b, 0, true, nir_vec3(&b, x, y, layer), NULL, NULL);
   nir_def *t1 = lookup(&b, 1, false, c,
                        nir_vec2(&b, nir_imm_int(&b, 3), nir_imm_int(&b, -2)),
                        NULL);
   nir_def *dyn = nir_iadd(&b, nir_f2i32(&b, nir_fmul(&b, x,
                                                      nir_imm_float(&b, 8.0f))),
                           nir_imm_int(&b, -4));
   nir_def *t2 = lookup(&b, 2, false, c, nir_vec2(&b, dyn, nir_imm_int(&b, 7)),
                        y);
   nir_store_var(&b, out, nir_fadd(&b, nir_fadd(&b, t0, t1), t2), 0xf);

   struct agx_shader_binary bin;
   compile(&b, agx_test_rgba32f_fs_key(), mem, &bin);

   const struct agx_test_uv coords = {1.0f / 32, 0.0f, 0.5f};
   struct agx_test_draw draw = {0};
   draw.texture = &array_hooks;
   memcpy(draw.texture_size, array_sizes, sizeof(array_sizes));
   uint8_t tib[32 * 16];
   run_fs(&bin, &draw, &coords, tib);

   check_fs(&b, &coords, eval_array, tib);
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fragment_sample),
      cmocka_unit_test(test_fragment_sample_masked),
      cmocka_unit_test(test_vertex_lod),
      cmocka_unit_test(test_fragment_rect),
      cmocka_unit_test(test_fragment_cube),
      cmocka_unit_test(test_fragment_shadow_encoding),
      cmocka_unit_test(test_vertex_size),
      cmocka_unit_test(test_fragment_grad),
      cmocka_unit_test(test_fragment_array_offset),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
