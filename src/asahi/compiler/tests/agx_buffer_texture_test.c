/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx_nir_lower_buffer_texture: a buffer texelFetch becomes a 2D texelFetch
 * of texel (i % 1024, i / 1024) of the linear image the driver describes,
 * with i clamped to the last element.  The shader is run through the NIR
 * interpreter before and after the pass with a texture callback that plays
 * both sides: the buffer (element i) and the 2D image over the same memory
 * (texel (x, y) is element x + 1024 y), so the results must agree for every
 * index in range, and out-of-range indices must read the last element.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "nir_builder.h"
#include "nir_eval.h"
#include "asahi/compiler/agx_compile.h"
#include "asahi/compiler/agx_nir.h"
#include "util/ralloc.h"

static const nir_shader_compiler_options plain = {0};

/* Elements in the buffer bound to texture 3. */
#define SIZE_EL 5000u

/* Element i of the buffer, as a recognisable value. */
static uint32_t
element(uint32_t i)
{
   return i * 3u + 7u;
}

static bool
eval_tex(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
         nir_const_value *result)
{
   unsigned *fetches_2d = data;
   memset(result, 0, 4 * sizeof(*result));
   if (tex->texture_index != 3)
      return false;
   if (tex->op == nir_texop_txs) {
      if (tex->sampler_dim != NIR_SAMPLER_DIM_BUF)
         return false;
      result[0].u32 = SIZE_EL;
      return true;
   }
   if (tex->op != nir_texop_txf)
      return false;
   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   uint32_t i;
   if (tex->sampler_dim == NIR_SAMPLER_DIM_BUF) {
      i = srcs[c][0].u32;
      if (i >= SIZE_EL)
         i = SIZE_EL - 1; /* GL: undefined; what the pass chooses */
   } else if (tex->sampler_dim == NIR_SAMPLER_DIM_2D) {
      uint32_t x = srcs[c][0].u32, y = srcs[c][1].u32;
      if (x >= AGX_BUFFER_TEXTURE_WIDTH)
         return false;
      i = x + AGX_BUFFER_TEXTURE_WIDTH * y;
      if (i >= SIZE_EL)
         return false; /* past the buffer: a fault on hardware */
      ++*fetches_2d;
   } else {
      return false;
   }
   result[0].u32 = element(i);
   result[3].u32 = 1;
   return true;
}

/* out0 = texelFetch(usamplerBuffer t3, in0.x) */
static nir_shader *
build(void)
{
   nir_builder b =
      nir_builder_init_simple_shader(MESA_SHADER_VERTEX, &plain, "tbo", NULL);
   nir_variable *in =
      nir_variable_create(b.shader, nir_var_shader_in,
                          nir_vtype_vector(b.shader, nir_type_uint32, 1), "i");
   nir_variable *out =
      nir_variable_create(b.shader, nir_var_shader_out,
                          nir_vtype_vector(b.shader, nir_type_uint32, 4), "o");
   in->data.driver_location = 0;
   out->data.driver_location = 0;

   nir_tex_instr *tex = nir_tex_instr_create(b.shader, 1);
   tex->op = nir_texop_txf;
   tex->sampler_dim = NIR_SAMPLER_DIM_BUF;
   tex->dest_type = nir_type_uint32;
   tex->coord_components = 1;
   tex->texture_index = 3;
   tex->sampler_index = 3;
   tex->src[0].src_type = nir_tex_src_coord;
   tex->src[0].src.ssa = nir_load_var(&b, in);
   nir_def_init(&tex->instr, &tex->def, 4, 32);
   nir_builder_instr_insert(&b, &tex->instr);
   nir_store_var(&b, out, &tex->def, 0xf);
   return b.shader;
}

static uint32_t
run(nir_shader *s, uint32_t index, unsigned *fetches_2d)
{
   nir_const_value in[4] = {{0}}, out[4] = {{0}};
   nir_eval_state st;
   memset(&st, 0, sizeof(st));
   in[0].u32 = index;
   st.inputs = in;
   st.num_input_cells = 4;
   st.outputs = out;
   st.num_output_cells = 4;
   st.tex = eval_tex;
   st.tex_data = fetches_2d;
   assert_true(nir_eval_run(s, &st));
   return out[0].u32;
}

static void
test_lower(void **state)
{
   (void)state;
   nir_shader *before = build(), *after = build();
   assert_true(agx_nir_lower_buffer_texture(after));
   nir_validate_shader(after, "after agx_nir_lower_buffer_texture");
   /* Nothing left to lower. */
   assert_false(agx_nir_lower_buffer_texture(after));

   static const uint32_t indices[] = {
      0,
      1,
      1023,
      1024,
      1025,
      2047,
      2048,
      4095,
      4999,
      /* out of range: the last element */
      5000,
      70000,
      0xffffffffu,
      0x80000000u,
   };
   for (unsigned k = 0; k < sizeof(indices) / sizeof(indices[0]); ++k) {
      unsigned fetches = 0, unused = 0;
      uint32_t want = run(before, indices[k], &unused);
      assert_int_equal(run(after, indices[k], &fetches), want);
      assert_int_equal(fetches, 1);
   }
   ralloc_free(before);
   ralloc_free(after);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_lower),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
