/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * texelFetch of multisample textures (GLSL 1.50 sampler2DMS,
 * sampler2DMSArray): a vertex shader's txf_ms lookups compiled and run on
 * the simulator with a stand-in texture unit that checks what the
 * hardware would receive: texture_load with dimension tex_2d_ms (4) or
 * tex_2d_ms_array (8) (applegpu TEX_TYPES), 32-bit x and y, then the
 * sample index and (arrays) the layer, 16 bits each, and level 0.  The
 * unit answers (x, y, sample, layer) so a wrong operand shows.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "agx_test_steps.h"
#include "agx_test_util.h"

static const nir_shader_compiler_options plain = {0};

/* t0: 2D MS, t1: 2D MS array of 3 layers (AGX_PUSH_TEXTURE_SIZE). */
static const uint32_t sizes[2][4] = {{8, 8, 1, 1}, {8, 8, 3, 1}};

static enum asahi_sim_status
hook_fetch(void *user, struct asahi_sim_group *g,
           const struct asahi_sim_texture_request *req, unsigned lane,
           uint32_t out[4])
{
   (void)user;
   (void)lane;
   unsigned t = req->texture & 1;
   static const unsigned want_dim[2] = {4, 8};
   static const unsigned want_coords[2] = {3, 4};
   if (req->op != ASAHI_SIM_TEXTURE_LOAD || req->dim != want_dim[t] ||
       req->nr_coords != want_coords[t] || req->coords_16) {
      snprintf(g->error, sizeof(g->error),
               "texture %u: op %u dim %u, %u coords (16-bit %d)",
               req->texture, req->op, req->dim, req->nr_coords,
               req->coords_16);
      return ASAHI_SIM_ERR_EXEC;
   }
   out[0] = req->coords[0];
   out[1] = req->coords[1];
   out[2] = req->coords[2] & 0xffff;
   out[3] = t ? req->coords[3] & 0xffff : 1000;
   return ASAHI_SIM_RUNNING;
}

static const struct asahi_sim_texture_hooks hooks = {hook_fetch, NULL};

static nir_def *
fetch_ms(nir_builder *b, unsigned index, bool array, nir_def *coord,
         nir_def *sample)
{
   nir_tex_instr *tex = nir_tex_instr_create(b->shader, 2);
   tex->op = nir_texop_txf_ms;
   tex->sampler_dim = NIR_SAMPLER_DIM_MS;
   tex->is_array = array;
   tex->coord_components = coord->num_components;
   tex->texture_index = index;
   tex->sampler_index = index;
   tex->dest_type = nir_type_uint32;
   tex->src[0].src_type = nir_tex_src_coord;
   tex->src[0].src.ssa = coord;
   tex->src[1].src_type = nir_tex_src_ms_index;
   tex->src[1].src.ssa = sample;
   nir_def_init(&tex->instr, &tex->def, 4, 32);
   nir_builder_instr_insert(b, &tex->instr);
   return &tex->def;
}

static nir_variable *
var(nir_shader *s, nir_variable_mode mode, nir_alu_type type, int loc,
    const char *name)
{
   nir_variable *v =
      nir_variable_create(s, mode, nir_vtype_vector(s, type, 4), name);
   v->data.location = loc;
   v->data.driver_location = (unsigned)loc;
   return v;
}

/* VS with integer attribute a = (x, y, sample, layer):
 *   o0 = texelFetch(t0 2D MS, a.xy, a.z)
 *   o1 = texelFetch(t1 2D MS array, a.xyw, a.z) */
static void
test_vertex_txf_ms(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, &plain,
                                                  "txf-ms-vs", mem);
   nir_variable *a = var(b.shader, nir_var_shader_in, nir_type_uint32,
                         VERT_ATTRIB_GENERIC0, "a");
   nir_variable *pos = var(b.shader, nir_var_shader_out, nir_type_float32,
                           VARYING_SLOT_POS, "pos");
   nir_variable *o[2];
   for (unsigned i = 0; i < 2; ++i)
      o[i] = var(b.shader, nir_var_shader_out, nir_type_uint32,
                 VARYING_SLOT_VAR0 + i, "o");
   nir_def *av = nir_load_var(&b, a);
   nir_store_var(&b, pos, av, 0xf);
   nir_def *x = nir_channel(&b, av, 0), *y = nir_channel(&b, av, 1);
   nir_def *s = nir_channel(&b, av, 2), *l = nir_channel(&b, av, 3);
   nir_store_var(&b, o[0], fetch_ms(&b, 0, false, nir_vec2(&b, x, y), s),
                 0xf);
   nir_store_var(&b, o[1], fetch_ms(&b, 1, true, nir_vec3(&b, x, y, l), s),
                 0xf);

   assert_true(agx_preprocess_nir(b.shader));
   struct agx_shader_key key = {0};
   key.vs.attribs[0] =
      (struct agx_attribute_key){PIPE_FORMAT_R32G32B32A32_UINT, 0, 0, 16, 0};
   struct agx_shader_binary bin;
   char error[256];
   if (agx_compile_shader_nir(b.shader, &key, mem, &bin, error,
                              sizeof(error)))
      fail_msg("%s", error);
   if (!agx_test_roundtrip(bin.code, bin.size_B, error, sizeof(error)))
      fail_msg("%s", error);

   uint32_t vtx[32][4];
   for (unsigned v = 0; v < 32; ++v) {
      vtx[v][0] = v % 8;
      vtx[v][1] = 7 - v % 8;
      vtx[v][2] = v % 4;
      vtx[v][3] = v % 3;
   }
   struct agx_test_draw draw = {0};
   draw.vbo[0] = (uint8_t *)vtx;
   draw.vbo_size[0] = sizeof(vtx);
   draw.vbo_va[0] = 0x10000;
   draw.texture = &hooks;
   memcpy(draw.texture_size, sizes, sizeof(sizes));
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   agx_test_must_run_vs(&bin, &draw, 0, uvs);

   unsigned nw = bin.info.vs.nr_words;
   for (unsigned lane = 0; lane < 32; ++lane) {
      for (unsigned t = 0; t < 2; ++t) {
         const uint32_t *got =
            &uvs[lane * nw + bin.info.vs.slot_word[VARYING_SLOT_VAR0 + t]];
         const uint32_t want[4] = {vtx[lane][0], vtx[lane][1], vtx[lane][2],
                                   t ? vtx[lane][3] : 1000};
         for (unsigned c = 0; c < 4; ++c) {
            if (got[c] != want[c])
               fail_msg("lane %u texture %u component %u: %u, want %u", lane,
                        t, c, got[c], want[c]);
         }
      }
   }
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vertex_txf_ms),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
