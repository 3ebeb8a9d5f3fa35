/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include "agx_test_nir.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "agx_test_util.h"
#include "util/u_math.h"

nir_variable *
agx_test_var(nir_shader *s, nir_variable_mode mode, unsigned n, int loc,
             const char *name)
{
   nir_variable *v = nir_variable_create(
      s, mode, nir_vtype_vector(s, nir_type_float32, n), name);
   v->data.location = loc;
   v->data.driver_location = (unsigned)loc;
   return v;
}

void
agx_test_store_rts(nir_builder *b, unsigned nr, nir_def *value)
{
   for (unsigned rt = 0; rt < nr; ++rt) {
      nir_variable *out = agx_test_var(b->shader, nir_var_shader_out, 4,
                                       FRAG_RESULT_DATA0 + rt, "o");
      nir_store_var(b, out, value, 0xf);
   }
}

nir_def *
agx_test_tex(nir_builder *b, const struct agx_test_tex *t)
{
   unsigned n = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(t->src); ++i)
      n += t->src[i].def != NULL;
   nir_tex_instr *tex = nir_tex_instr_create(b->shader, n);
   tex->op = t->op;
   tex->sampler_dim = t->dim;
   tex->is_array = t->array;
   tex->is_shadow = t->shadow;
   tex->component = t->component;
   tex->texture_index = t->index;
   tex->sampler_index = t->index;
   tex->dest_type = t->op == nir_texop_texture_samples ? nir_type_int32
                                                        : nir_type_float32;
   unsigned k = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(t->src); ++i) {
      if (!t->src[i].def)
         continue;
      if (t->src[i].type == nir_tex_src_coord)
         tex->coord_components = t->src[i].def->num_components;
      tex->src[k].src_type = t->src[i].type;
      tex->src[k++].src.ssa = t->src[i].def;
   }
   /* queries: their own sizes; lookups: four components (shadow ones
    * too, as glsl_to_nir makes the GLSL 1.10 forms) */
   bool query = t->op == nir_texop_lod || t->op == nir_texop_texture_samples;
   nir_def_init(&tex->instr, &tex->def,
                query ? nir_tex_instr_result_size(tex) : 4, 32);
   nir_builder_instr_insert(b, &tex->instr);
   return &tex->def;
}

static const nir_shader_compiler_options plain = {0};

nir_builder
agx_test_uv_fs_builder(void *mem, const char *name, nir_def **uv,
                       nir_variable **colour)
{
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, &plain, name, mem);
   nir_variable *in =
      agx_test_var(b.shader, nir_var_shader_in, 2, VARYING_SLOT_VAR0, "uv");
   *colour = agx_test_var(b.shader, nir_var_shader_out, 4, FRAG_RESULT_DATA0,
                          "colour");
   *uv = nir_load_var(&b, in);
   return b;
}

struct agx_shader_key
agx_test_rgba32f_fs_key(void)
{
   struct agx_shader_key key = {0};
   key.fs.rt[0].format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   return key;
}

nir_builder
agx_test_vs_builder(void *mem, const char *name, nir_def **a)
{
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_VERTEX, &plain, name, mem);
   nir_variable *in =
      agx_test_var(b.shader, nir_var_shader_in, 4, VERT_ATTRIB_GENERIC0, "a");
   nir_variable *pos =
      agx_test_var(b.shader, nir_var_shader_out, 4, VARYING_SLOT_POS, "pos");
   *a = nir_load_var(&b, in);
   nir_store_var(&b, pos, *a, 0xf);
   return b;
}

struct agx_shader_key
agx_test_vec4_vs_key(void)
{
   struct agx_shader_key key = {0};
   key.vs.attribs[0] =
      (struct agx_attribute_key){PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 0, 16, 0};
   return key;
}

void
agx_test_draw_vertices(struct agx_test_draw *draw, void *vtx, size_t size)
{
   draw->vbo[0] = vtx;
   draw->vbo_size[0] = size;
   draw->vbo_va[0] = 0x10000;
}

bool
agx_test_compile(const nir_shader *s, const struct agx_shader_key *key,
                 void *mem, struct agx_shader_binary *bin, char *error,
                 size_t error_size)
{
   nir_shader *nir = nir_shader_clone(mem, s);
   if (!agx_preprocess_nir(nir)) {
      snprintf(error, error_size, "agx_preprocess_nir failed");
      return false;
   }
   return agx_test_compile_lowered(nir, key, mem, bin, error, error_size);
}

bool
agx_test_compile_lowered(nir_shader *nir, const struct agx_shader_key *key,
                         void *mem, struct agx_shader_binary *bin, char *error,
                         size_t error_size)
{
   if (agx_compile_shader_nir(nir, key, mem, bin, error, error_size))
      return false;
   return agx_test_roundtrip(bin->code, bin->size_B, error, error_size);
}

bool
agx_test_eval_vertex(nir_shader *s, const float *inputs, unsigned nr_inputs,
                     nir_eval_tex_cb tex, void *tex_data, nir_const_value *out,
                     char *error, size_t error_size)
{
   nir_const_value in[4 * VERT_ATTRIB_MAX] = {{0}};
   assert(nr_inputs <= 4 * VERT_ATTRIB_MAX);
   for (unsigned c = 0; c < nr_inputs; ++c)
      in[c].f32 = inputs[c];
   nir_eval_state st = {0};
   st.inputs = in;
   st.num_input_cells = nr_inputs;
   st.outputs = out;
   st.num_output_cells = 4 * VARYING_SLOT_MAX;
   st.tex = tex;
   st.tex_data = tex_data;
   if (nir_eval_run(s, &st))
      return true;
   snprintf(error, error_size, "nir_eval: %s", st.error);
   return false;
}

bool
agx_test_check_vs_slots(nir_shader *s, const struct agx_shader_binary *bin,
                        const uint32_t *uvs, const float *vtx,
                        unsigned nr_inputs, unsigned first_slot,
                        unsigned nr_slots, nir_eval_tex_cb tex, void *tex_data,
                        char *error, size_t error_size)
{
   for (unsigned lane = 0; lane < 32; ++lane) {
      nir_const_value out[4 * VARYING_SLOT_MAX];
      if (!agx_test_eval_vertex(s, vtx + lane * nr_inputs, nr_inputs, tex,
                                tex_data, out, error, error_size))
         return false;
      for (unsigned slot = first_slot; slot < first_slot + nr_slots; ++slot) {
         unsigned w = bin->info.vs.slot_word[slot];
         for (unsigned c = 0; c < 4; ++c) {
            uint32_t got = uvs[lane * bin->info.vs.nr_words + w + c];
            uint32_t want = out[4 * slot + c].u32;
            if (got != want) {
               snprintf(error, error_size,
                        "vertex %u slot %u.%u: 0x%08x, expected 0x%08x", lane,
                        slot, c, got, want);
               return false;
            }
         }
      }
   }
   return true;
}

bool
agx_test_run_uv_fs(const struct agx_shader_binary *bin,
                   const struct agx_test_draw *draw,
                   const struct agx_test_uv *uv, uint8_t *tib, char *error,
                   size_t error_size)
{
   const float planes[3][3] = {{0, 0, 1}, {uv->du, 0, uv->u0}, {0, 1, uv->v0}};
   return agx_test_run_fs(bin, draw, planes, 3, tib, 16, NULL, error,
                          error_size) == ASAHI_SIM_STOPPED;
}

bool
agx_test_check_uv_fs(nir_shader *s, const struct agx_test_uv *uv,
                     nir_eval_tex_cb tex, void *tex_data, const uint8_t *tib,
                     char *error, size_t error_size)
{
   for (unsigned lane = 0; lane < 32; ++lane) {
      nir_const_value in[4 * VARYING_SLOT_MAX] = {{0}};
      nir_const_value o[4 * FRAG_RESULT_MAX] = {{0}};
      in[4 * VARYING_SLOT_VAR0].f32 = (float)(uv->du * (lane + 0.5) + uv->u0);
      in[4 * VARYING_SLOT_VAR0 + 1].f32 = (float)(0.5 + uv->v0);
      nir_eval_state st = {0};
      st.inputs = in;
      st.num_input_cells = 4 * VARYING_SLOT_MAX;
      st.outputs = o;
      st.num_output_cells = 4 * FRAG_RESULT_MAX;
      st.tex = tex;
      st.tex_data = tex_data;
      if (!nir_eval_run(s, &st)) {
         snprintf(error, error_size, "nir_eval: %s", st.error);
         return false;
      }
      for (unsigned ch = 0; ch < 4; ++ch) {
         uint32_t got, want = o[4 * FRAG_RESULT_DATA0 + ch].u32;
         memcpy(&got, tib + 16 * lane + 4 * ch, 4);
         if (got != want) {
            snprintf(error, error_size,
                     "pixel %u channel %u: 0x%08x, expected 0x%08x", lane, ch,
                     got, want);
            return false;
         }
      }
   }
   return true;
}
