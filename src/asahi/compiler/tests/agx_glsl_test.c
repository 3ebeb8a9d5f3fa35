/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GLSL ES 1.00 shaders through the whole compiler path the driver uses:
 * glsl_compile_shader + glsl_link_program (src/compiler/glsl), then
 * agx_preprocess_nir and agx_compile_shader_nir, run on the simulator and
 * checked against the NIR interpreter on the linked NIR.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/glsl/glsl_program.h"
#include "compiler/glsl/glsl_state.h"
#include "nir_eval.h"
#include "util/u_math.h"
#include "asahi/compiler/agx_compiler.h"
#include "agx_test_nir.h"
#include "agx_test_util.h"

static const char *vs1 = "attribute vec4 a_position;\n"
                         "attribute vec3 a_color;\n"
                         "uniform mat4 u_mvp;\n"
                         "uniform float u_scale;\n"
                         "varying vec3 v_color;\n"
                         "varying float v_k;\n"
                         "void main() {\n"
                         "   gl_Position = u_mvp * a_position;\n"
                         "   v_color = a_color * u_scale;\n"
                         "   v_k = a_position.x > 0.0 ? 1.0 : 0.25;\n"
                         "}\n";

static const char *fs1 = "precision mediump float;\n"
                         "varying vec3 v_color;\n"
                         "varying float v_k;\n"
                         "uniform vec4 u_tint;\n"
                         "void main() {\n"
                         "   vec3 c = v_color;\n"
                         "   for (int i = 0; i < 3; i++)\n"
                         "      if (c[i] > 0.5) c[i] = c[i] * 0.5;\n"
                         "   gl_FragColor = vec4(c, v_k) * u_tint;\n"
                         "}\n";

struct linked {
   void *mem;
   struct glsl_program *prog;
};

static struct linked
link_pair(const char *vs_src, const char *fs_src)
{
   struct linked l;
   l.mem = ralloc_context(NULL);
   struct glsl_compile_options vo = {
      .stage = MESA_SHADER_VERTEX, .default_version = 100, .default_es = true};
   struct glsl_compile_options fo = vo;
   fo.stage = MESA_SHADER_FRAGMENT;
   struct glsl_parse_state *sh[2] = {
      glsl_compile_shader(l.mem, vs_src, strlen(vs_src), &vo),
      glsl_compile_shader(l.mem, fs_src, strlen(fs_src), &fo),
   };
   for (unsigned i = 0; i < 2; ++i) {
      if (!sh[i] || sh[i]->log.errors)
         fail_msg("GLSL compile failed: %s", sh[i] ? sh[i]->log.text : "");
   }
   struct glsl_link_options lo = {.nir_options = &agx_nir_options};
   l.prog = glsl_link_program(l.mem, sh, 2, &lo);
   if (!l.prog || !l.prog->link_status)
      fail_msg("link failed: %s", l.prog ? l.prog->info_log : "");
   return l;
}

static void
put_uniform(struct glsl_program *prog, uint32_t *storage, const char *name,
            const float *v, unsigned n)
{
   int loc = glsl_program_uniform_location(prog, name);
   if (loc < 0)
      return; /* not in this program */
   unsigned elem;
   const struct glsl_program_uniform *u =
      glsl_program_uniform_at(prog, loc, &elem);
   assert_non_null(u);
   memcpy((uint8_t *)storage + u->offset_B, v, 4 * n);
}

static void
check_program(const char *vs_src, const char *fs_src, bool discards)
{
   struct linked l = link_pair(vs_src, fs_src);
   struct glsl_program *prog = l.prog;
   nir_shader *vs_ref = prog->nir[MESA_SHADER_VERTEX];
   nir_shader *fs_ref = prog->nir[MESA_SHADER_FRAGMENT];
   bool mediump = strstr(fs_src, "mediump") != NULL;
   nir_shader *vs = nir_shader_clone(l.mem, vs_ref);
   nir_shader *fs = nir_shader_clone(l.mem, fs_ref);
   assert_true(agx_preprocess_nir(vs));
   assert_true(agx_preprocess_nir(fs));

   /* Uniform storage: mvp (columns), scale, tint */
   unsigned words = prog->uniform_storage_size_B / 4;
   uint32_t *storage = calloc(words + 4, 4);
   const float mvp[16] = {0.5f, 0, 0, 0, 0,      0.25f,  0, 0,
                          0,    0, 1, 0, 0.125f, -0.25f, 0, 1};
   const float scale = 1.5f, tint[4] = {1.0f, 0.5f, 0.25f, 1.0f};
   put_uniform(prog, storage, "u_mvp", mvp, 16);
   put_uniform(prog, storage, "u_scale", &scale, 1);
   put_uniform(prog, storage, "u_tint", tint, 4);

   /* Vertex shader: a_position (vec4) and a_color (vec3) from one
    * interleaved buffer of 7 floats per vertex */
   int pos_loc = glsl_program_attrib_location(prog, "a_position");
   int col_loc = glsl_program_attrib_location(prog, "a_color");
   assert_true(pos_loc >= 0 && col_loc >= 0);

   struct agx_shader_key vkey = {0};
   vkey.vs.attribs[pos_loc] =
      (struct agx_attribute_key){PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 0, 28, 0};
   vkey.vs.attribs[col_loc] =
      (struct agx_attribute_key){PIPE_FORMAT_R32G32B32_FLOAT, 0, 16, 28, 0};

   struct agx_shader_binary vbin, fbin;
   char error[256] = "";
   if (!agx_test_compile_lowered(vs, &vkey, l.mem, &vbin, error, sizeof(error)))
      fail_msg("VS: %s", error);

   float vtx[32][7];
   for (unsigned v = 0; v < 32; ++v)
      for (unsigned f = 0; f < 7; ++f)
         vtx[v][f] = (float)((int)((v * 5 + f * 3) % 13) - 6) / 8.0f;

   struct agx_test_draw draw = {0};
   draw.gl_uniforms = storage;
   draw.nr_gl_words = words;
   draw.vbo[0] = (uint8_t *)vtx;
   draw.vbo_size[0] = sizeof(vtx);
   draw.vbo_va[0] = 0x20000;

   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   if (agx_test_run_vs(&vbin, &draw, 0, uvs, error, sizeof(error)) !=
       ASAHI_SIM_STOPPED)
      fail_msg("VS sim: %s", error);

   const struct agx_varyings_vs *vv = &vbin.info.vs;
   for (unsigned lane = 0; lane < 32; ++lane) {
      nir_const_value in[4 * VERT_ATTRIB_MAX] = {0};
      nir_const_value out[4 * VARYING_SLOT_MAX] = {0};
      nir_const_value *uni = calloc(words + 4, sizeof(nir_const_value));
      for (unsigned c = 0; c < 4; ++c)
         in[4 * pos_loc + c].f32 = vtx[lane][c];
      for (unsigned c = 0; c < 3; ++c)
         in[4 * col_loc + c].f32 = vtx[lane][4 + c];
      for (unsigned w = 0; w < words; ++w)
         uni[w].u32 = storage[w];
      nir_eval_state st = {0};
      st.inputs = in;
      st.num_input_cells = 4 * VERT_ATTRIB_MAX;
      st.uniforms = uni;
      st.num_uniform_cells = words;
      st.outputs = out;
      st.num_output_cells = 4 * VARYING_SLOT_MAX;
      if (!nir_eval_run(vs_ref, &st))
         fail_msg("nir_eval: %s", st.error);

      for (unsigned slot = 0; slot < VARYING_SLOT_MAX; ++slot) {
         unsigned first = vv->slot_word[slot];
         if (first == 0xff)
            continue;
         /* the slot's words run up to the next slot's (or the end) */
         unsigned end = vv->nr_words;
         for (unsigned s2 = 0; s2 < VARYING_SLOT_MAX; ++s2) {
            if (vv->slot_word[s2] != 0xff && vv->slot_word[s2] > first)
               end = MIN2(end, vv->slot_word[s2]);
         }
         /* a 16-bit slot holds two components a word */
         unsigned per = slot < 64 && ((vv->slots_16 >> slot) & 1) ? 2 : 1;
         unsigned n = MIN2(4, per * (end - first));
         for (unsigned c = 0; c < n; ++c) {
            uint32_t got = 0;
            assert_true(
               agx_uvs_read(vv, &uvs[lane * vv->nr_words], slot, c, &got));
            uint32_t want = out[4 * slot + c].u32;
            if (got != want)
               fail_msg("vertex %u slot %u.%u: 0x%08x, expected 0x%08x", lane,
                        slot, c, got, want);
         }
      }
      free(uni);
   }

   /* Fragment shader: RGBA8 render target 0 */
   struct agx_shader_key fkey = {0};
   fkey.fs.rt[0].format = PIPE_FORMAT_R8G8B8A8_UNORM;
   if (!agx_test_compile_lowered(fs, &fkey, l.mem, &fbin, error, sizeof(error)))
      fail_msg("FS: %s", error);

   /* Every binding gets a plane varying along x; so does W (cf0,
    * 1 + x / 64), so that perspective-correct, linear and flat inputs
    * all give different values. */
   const struct agx_varyings_fs *ff = &fbin.info.fs;
   /* nr_cf is 8-bit: 256 planes cover every binding. */
   float planes[UINT8_MAX + 1][3];
   planes[0][0] = 1.0f / 64.0f;
   planes[0][1] = 0;
   planes[0][2] = 1;
   for (unsigned cf = 1; cf < ff->nr_cf; ++cf) {
      planes[cf][0] = (float)cf / 64.0f;
      planes[cf][1] = 0;
      planes[cf][2] = 0.125f * (float)(cf % 5);
   }
   uint8_t tib[32 * 4] = {0};
   uint32_t killed = 0;
   if (agx_test_run_fs(&fbin, &draw, (const float(*)[3])planes, ff->nr_cf, tib,
                       4, &killed, error, sizeof(error)) != ASAHI_SIM_STOPPED)
      fail_msg("FS sim: %s", error);

   for (unsigned lane = 0; lane < 32; ++lane) {
      nir_const_value in[4 * VARYING_SLOT_MAX] = {0};
      nir_const_value out[4 * FRAG_RESULT_MAX] = {0};
      nir_const_value *uni = calloc(words + 4, sizeof(nir_const_value));
      for (unsigned w = 0; w < words; ++w)
         uni[w].u32 = storage[w];
      for (unsigned b = 1; b < ff->nr_bindings; ++b) {
         const struct agx_cf_binding *bd = &ff->bindings[b];
         for (unsigned c = 0; c < bd->count; ++c) {
            unsigned cf = bd->cf_base + c;
            double x = lane + 0.5;
            double w = planes[0][0] * x + planes[0][2];
            double lin = planes[cf][0] * x + planes[cf][2];
            float v = bd->flat          ? planes[cf][2]
                      : bd->perspective ? (float)(lin / w)
                                        : (float)lin;
            in[4 * bd->slot + bd->offset + c].f32 = v;
         }
      }
      nir_eval_state st = {0};
      st.inputs = in;
      st.num_input_cells = 4 * VARYING_SLOT_MAX;
      st.uniforms = uni;
      st.num_uniform_cells = words;
      st.outputs = out;
      st.num_output_cells = 4 * FRAG_RESULT_MAX;
      /* the pixel (lane, 0) at its centre; W plane 1; front facing */
      st.sysvals[SYSTEM_VALUE_FRAG_COORD][0].f32 = lane + 0.5f;
      st.sysvals[SYSTEM_VALUE_FRAG_COORD][1].f32 = 0.5f;
      st.sysvals[SYSTEM_VALUE_FRAG_COORD][3].f32 =
         (float)(planes[0][0] * (lane + 0.5) + planes[0][2]);
      st.sysvals[SYSTEM_VALUE_FRONT_FACE][0].u32 = ~0u;
      if (!nir_eval_run(fs_ref, &st))
         fail_msg("nir_eval: %s", st.error);
      if (st.discarded != !!(killed & (1u << lane)))
         fail_msg("pixel %u: discarded %d, expected %d", lane,
                  !!(killed & (1u << lane)), st.discarded);
      for (unsigned c = 0; c < 4 && !st.discarded; ++c) {
         float f = out[4 * FRAG_RESULT_COLOR + c].f32;
         double v = f != f ? 0.0 : fmin(fmax(f, 0.0), 1.0) * 255.0;
         unsigned want = (unsigned)floor(v + 0.5);
         bool tie = v - floor(v) == 0.5;
         unsigned got = tib[4 * lane + c];
         /* mediump arithmetic (16-bit on AGX; GLSL ES 3.00 4.5.1:
          * relative precision 2^-10) may cross a rounding boundary of
          * the 8-bit target: one step either way */
         bool near = got + 1 == want || got == want + 1;
         if (got != want && !(tie && got + 1 == want) &&
             !(mediump && near))
            fail_msg("pixel %u channel %u: %u, expected %u", lane, c, got,
                     want);
      }
      free(uni);
   }
   /* the discard test must both keep and discard pixels */
   if (discards) {
      if (killed == ~0u || killed == 0)
         fail_msg("discarded lanes 0x%08x", killed);
   } else {
      assert_int_equal(killed, 0);
   }
   free(storage);
   ralloc_free(l.mem);
}

static void
test_glsl_pair(void **state)
{
   (void)state;
   check_program(vs1, fs1, false);
}

/* discard, gl_FragCoord and gl_FrontFacing */
static const char *vs2 =
   "attribute vec4 a_position;\n"
   "attribute vec3 a_color;\n"
   "varying vec3 v_color;\n"
   "void main() { gl_Position = a_position; v_color = a_color; }\n";

static const char *fs2 =
   "precision mediump float;\n"
   "varying vec3 v_color;\n"
   "uniform vec4 u_tint;\n"
   "void main() {\n"
   "   if (gl_FragCoord.x < 8.0 || v_color.g > 0.6) discard;\n"
   "   vec4 c = vec4(v_color, 1.0);\n"
   "   if (!gl_FrontFacing) c = c.bgra;\n"
   "   gl_FragColor = c * u_tint +\n"
   "                  vec4(gl_FragCoord.y * 0.0625, 0.0, gl_FragCoord.w, "
   "0.0);\n"
   "}\n";

static void
test_glsl_discard_fragcoord(void **state)
{
   (void)state;
   check_program(vs2, fs2, true);
}

/* early returns in both stages, and a discard after one */
static const char *vs3 =
   "attribute vec4 a_position;\n"
   "attribute vec3 a_color;\n"
   "varying vec3 v_color;\n"
   "void main() {\n"
   "   gl_Position = a_position;\n"
   "   v_color = a_color;\n"
   "   if (a_position.x > 0.0) { v_color = a_color.zyx; return; }\n"
   "   v_color.y = 0.5;\n"
   "}\n";

static const char *fs3 =
   "precision mediump float;\n"
   "varying vec3 v_color;\n"
   "uniform vec4 u_tint;\n"
   "void main() {\n"
   "   gl_FragColor = vec4(v_color, 1.0);\n"
   "   if (v_color.r > 0.5) { gl_FragColor = u_tint; return; }\n"
   "   if (gl_FragCoord.x < 4.0) discard;\n"
   "   gl_FragColor.g = 0.25;\n"
   "}\n";

static void
test_glsl_return(void **state)
{
   (void)state;
   check_program(vs3, fs3, true);
}

/* Varying arrays and matrices indexed with values known only at run
 * time: written, read back and passed through gl_TexCoord in the vertex
 * shader, read in the fragment shader (agx_nir_lower_outputs.c and
 * agx_nir_lower_indirect_inputs.c). */
static const char *vs4 =
   "#version 120\n"
   "attribute vec4 a_position;\n"
   "attribute vec3 a_color;\n"
   "uniform mat4 u_mvp;\n"
   "varying vec4 v[3];\n"
   "varying mat2 m[2];\n"
   "varying vec4 gl_TexCoord[8];\n"
   "void main() {\n"
   "   gl_Position = u_mvp * a_position;\n"
   "   int i = int(a_color.x * 4.0 + 4.0);\n"
   "   i = i - 3 * (i / 3);\n"
   "   for (int k = 0; k < 3; k++) v[k] = vec4(float(k) * 0.25);\n"
   "   v[i] = a_position * 0.5;\n"
   "   v[2 - i].y += v[i].x;\n"
   "   m[0] = mat2(0.0);\n"
   "   m[1] = mat2(0.5);\n"
   "   m[i / 2][i - 2 * (i / 2)] = a_color.yz;\n"
   "   for (int k = 0; k < 8; k++) gl_TexCoord[k] = vec4(0.5);\n"
   "   gl_TexCoord[i] = a_position.wzyx;\n"
   "}\n";

static const char *fs4 =
   "#version 120\n"
   "varying vec4 v[3];\n"
   "varying mat2 m[2];\n"
   "varying vec4 gl_TexCoord[8];\n"
   "uniform vec4 u_tint;\n"
   "void main() {\n"
   "   int x = int(gl_FragCoord.x);\n"
   "   int j = x - 3 * (x / 3);\n"
   "   vec4 c = v[j] * 0.125 + vec4(m[1 - j / 2][j / 2], m[j / 2][1].x, 0.0);\n"
   "   gl_FragColor = c * u_tint + gl_TexCoord[j] * 0.0625;\n"
   "}\n";

static void
test_glsl_indexed_varyings(void **state)
{
   (void)state;
   check_program(vs4, fs4, false);
}

/* Two output arrays, 16 and 15 vec2, one element of which is replaced at
 * a per-vertex index (piglit's vs-output-array-vec2-index-wr-before-gs
 * with a vertex index instead of a uniform): the store must become
 * selects over the elements, not an if-ladder whose phis outgrow the
 * register file (agx_nir_lower_indirect_locals.c). */
static const char *vs_out_arrays =
   "#version 130\n"
   "in vec4 a_position;\n"
   "in vec3 a_color;\n"
   "out vec2 m1[16];\n"
   "out vec2 m2[15];\n"
   "void main() {\n"
   "   gl_Position = a_position;\n"
   "   for (int i = 0; i < 16; i++) m1[i] = vec2(1.0, 1.125) + float(i);\n"
   "   for (int i = 0; i < 15; i++) m2[i] = vec2(17.0, 17.125) + float(i);\n"
   "   int index = int(a_color.x * 20.0 + 15.0);\n"
   "   if (index >= 16) m2[index - 16] = a_position.xy;\n"
   "   else m1[index] = a_color.yz;\n"
   "}\n";

static const char *fs_out_arrays =
   "#version 130\n"
   "in vec2 m1[16];\n"
   "in vec2 m2[15];\n"
   "void main() {\n"
   "   vec2 s = vec2(0.0);\n"
   "   for (int i = 0; i < 16; i++) s += m1[i];\n"
   "   for (int i = 0; i < 15; i++) s += m2[i];\n"
   "   gl_FragColor = vec4(s * 0.001, 0.0, 1.0);\n"
   "}\n";

static void
test_glsl_indexed_output_arrays(void **state)
{
   (void)state;
   check_program(vs_out_arrays, fs_out_arrays, false);
}

/* Sampler arrays indexed by a loop counter (constant once unrolled) and
 * by a uniform (an if-chain): every texture instruction names one
 * element, and together they name each of the four, never only the
 * first (agx_nir_lower_tex_deref.c). */
static const char *vs_samplers =
   "#version 110\n"
   "attribute vec4 a_position;\n"
   "varying vec2 v;\n"
   "void main() { gl_Position = a_position; v = a_position.xy; }\n";

static const char *fs_samplers_loop =
   "#version 110\n"
   "uniform sampler2D s[4];\n"
   "uniform int idx;\n"
   "varying vec2 v;\n"
   "void main() {\n"
   "   vec4 c = vec4(0.0);\n"
   "   for (int k = 0; k < 4; k++)\n"
   "      if (k == idx) c = texture2D(s[k], v);\n"
   "   gl_FragColor = c;\n"
   "}\n";

static const char *fs_samplers_dynamic =
   "#version 110\n"
   "uniform sampler2D s[4];\n"
   "uniform int idx;\n"
   "varying vec2 v;\n"
   "void main() { gl_FragColor = texture2D(s[idx], v); }\n";

/* Samplers in an array of structures: u[i].b is slot 1 + 2 i of the
 * uniform's samplers (the linker numbers them depth first). */
static const char *fs_samplers_struct =
   "#version 110\n"
   "struct pair { sampler2D a; sampler2D b; };\n"
   "uniform pair u[2];\n"
   "uniform int idx;\n"
   "varying vec2 v;\n"
   "void main() { gl_FragColor = texture2D(u[idx].b, v); }\n";

static void
check_sampler_elements_mask(const char *fs_src, unsigned want_count,
                            unsigned want_mask)
{
   struct linked l = link_pair(vs_samplers, fs_src);
   nir_shader *fs = nir_shader_clone(l.mem, l.prog->nir[MESA_SHADER_FRAGMENT]);
   assert_true(agx_preprocess_nir(fs));

   unsigned textures = 0, count = 0, first = ~0u;
   nir_foreach_function_impl(impl, fs) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_tex)
               continue;
            nir_tex_instr *tex = nir_instr_as_tex(instr);
            assert_true(
               nir_tex_instr_src_index(tex, nir_tex_src_texture_deref) < 0);
            assert_true(
               nir_tex_instr_src_index(tex, nir_tex_src_sampler_deref) < 0);
            assert_int_equal(tex->texture_index, tex->sampler_index);
            assert_true(tex->texture_index < 32);
            textures |= 1u << tex->texture_index;
            first = MIN2(first, tex->texture_index);
            count++;
         }
      }
   }
   assert_int_equal(count, want_count);
   assert_int_equal(textures, want_mask << first);

   struct agx_shader_key key = {0};
   key.fs.rt[0].format = PIPE_FORMAT_R8G8B8A8_UNORM;
   struct agx_shader_binary bin;
   char error[256] = "";
   if (agx_compile_shader_nir(fs, &key, l.mem, &bin, error, sizeof(error)))
      fail_msg("%s", error);
   ralloc_free(l.mem);
}

static void
test_glsl_sampler_array_index(void **state)
{
   (void)state;
   check_sampler_elements_mask(fs_samplers_loop, 4, 0xf);
   check_sampler_elements_mask(fs_samplers_dynamic, 4, 0xf);
   /* slots 1 and 3; the lowest texture index seen is the first (1) */
   check_sampler_elements_mask(fs_samplers_struct, 2, 0x5);
}

/* GLSL 1.30 interpolation qualifiers, on user varyings and on redeclared
 * built-in colours: smooth inputs are divided by W, noperspective ones
 * are not, flat ones take the provoking vertex's value. */
static const char *vs5 =
   "#version 130\n"
   "in vec4 a_position;\n"
   "in vec3 a_color;\n"
   "smooth out vec4 s;\n"
   "noperspective out vec3 n;\n"
   "flat out vec2 f;\n"
   "noperspective out vec4 gl_FrontColor;\n"
   "void main() {\n"
   "   gl_Position = a_position;\n"
   "   s = a_position; n = a_color; f = a_color.xy;\n"
   "   gl_FrontColor = a_position.yxwz;\n"
   "}\n";

static const char *fs5 =
   "#version 130\n"
   "smooth in vec4 s;\n"
   "noperspective in vec3 n;\n"
   "flat in vec2 f;\n"
   "noperspective in vec4 gl_Color;\n"
   "void main() {\n"
   "   gl_FragColor = vec4(s.x, n.y, f.x, 0.0) * 0.25 + gl_Color * 0.5;\n"
   "}\n";

static void
test_glsl_interpolation_qualifiers(void **state)
{
   (void)state;
   check_program(vs5, fs5, false);

   /* The layout itself: the hardware groups the UVS words smooth, flat,
    * linear, and the bindings say which is which. */
   struct linked l = link_pair(vs5, fs5);
   nir_shader *vs = nir_shader_clone(l.mem, l.prog->nir[MESA_SHADER_VERTEX]);
   nir_shader *fs =
      nir_shader_clone(l.mem, l.prog->nir[MESA_SHADER_FRAGMENT]);
   assert_true(agx_preprocess_nir(vs));
   assert_true(agx_preprocess_nir(fs));
   struct agx_shader_key key = {0};
   key.fs.rt[0].format = PIPE_FORMAT_R8G8B8A8_UNORM;
   struct agx_shader_binary vbin, fbin;
   char error[256] = "";
   if (agx_compile_shader_nir(vs, &key, l.mem, &vbin, error, sizeof(error)) ||
       agx_compile_shader_nir(fs, &key, l.mem, &fbin, error, sizeof(error)))
      fail_msg("%s", error);
   const struct agx_varyings_vs *vv = &vbin.info.vs;
   assert_int_equal(vv->nr_32_smooth, 4);      /* s */
   assert_int_equal(vv->nr_32_flat, 2);        /* f */
   assert_int_equal(vv->nr_32_linear, 3 + 4);  /* n, gl_FrontColor */
   assert_int_equal(vv->slot_word[VARYING_SLOT_COL0] >= 4 + 4 + 2, true);
   unsigned seen = 0;
   for (unsigned b = 0; b < fbin.info.fs.nr_bindings; ++b) {
      const struct agx_cf_binding *bd = &fbin.info.fs.bindings[b];
      if (bd->slot == VARYING_SLOT_COL0) {
         assert_false(bd->flat);
         assert_false(bd->perspective);
         seen++;
      }
   }
   assert_int_equal(seen, 1);
   ralloc_free(l.mem);
}

/* Runs the vertex shader bin over the 32 vec4 vertices of vtx (vertex
 * buffer 0 at 0x20000) with the rest of draw; the UVS words into uvs. */
static void
run_vs_vec4(const struct agx_shader_binary *bin, struct agx_test_draw *draw,
            float vtx[32][4], uint32_t *uvs)
{
   char error[256] = "";
   draw->vbo[0] = (uint8_t *)vtx;
   draw->vbo_size[0] = 32 * 4 * sizeof(float);
   draw->vbo_va[0] = 0x20000;
   if (agx_test_run_vs(bin, draw, 0, uvs, error, sizeof(error)) !=
       ASAHI_SIM_STOPPED)
      fail_msg("VS sim: %s", error);
}

/*
 * User clipping (GL 3.0 2.17): the enabled planes' distances are the last
 * UVS words, in plane order, from gl_ClipDistance[i] or dot(plane i,
 * gl_ClipVertex); planes not enabled are not written.
 */
static void
run_clip_vs(const char *vs_src, uint8_t enable, const float planes[8][4],
            uint8_t want_mask, int from_slot)
{
   char fs_src[128];
   snprintf(fs_src, sizeof(fs_src),
            "%.13s void main() { gl_FragColor = vec4(1.0); }\n", vs_src);
   struct linked l = link_pair(vs_src, fs_src);
   nir_shader *ref = l.prog->nir[MESA_SHADER_VERTEX];
   nir_shader *vs = nir_shader_clone(l.mem, ref);
   assert_true(agx_preprocess_nir(vs));
   int loc = glsl_program_attrib_location(l.prog, "a_position");
   assert_true(loc >= 0);
   struct agx_shader_key key = {0};
   key.vs.attribs[loc] =
      (struct agx_attribute_key){PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 0, 16, 0};
   key.vs.clip_plane_enable = enable;
   struct agx_shader_binary bin;
   char error[256] = "";
   if (!agx_test_compile_lowered(vs, &key, l.mem, &bin, error, sizeof(error)))
      fail_msg("VS: %s", error);
   const struct agx_varyings_vs *vv = &bin.info.vs;
   assert_int_equal(vv->clip_distance_mask, want_mask);

   float vtx[32][4];
   for (unsigned v = 0; v < 32; ++v)
      for (unsigned c = 0; c < 4; ++c)
         vtx[v][c] = (float)((int)((v * 7 + c * 5) % 11) - 5) / 4.0f;
   struct agx_test_draw draw = {0};
   for (unsigned i = 0; i < 32; ++i)
      memcpy(&draw.sysvals[AGX_SYSVAL_CLIP_PLANE0 + i], &planes[i / 4][i % 4],
             4);
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   run_vs_vec4(&bin, &draw, vtx, uvs);

   unsigned nclip = (unsigned)__builtin_popcount(want_mask);
   for (unsigned lane = 0; lane < 32; ++lane) {
      nir_const_value in[4 * VERT_ATTRIB_MAX] = {0};
      nir_const_value out[4 * (VARYING_SLOT_MAX + 8)] = {0};
      for (unsigned c = 0; c < 4; ++c)
         in[4 * loc + c].f32 = vtx[lane][c];
      nir_eval_state st = {0};
      st.inputs = in;
      st.num_input_cells = 4 * VERT_ATTRIB_MAX;
      st.outputs = out;
      st.num_output_cells = 4 * (VARYING_SLOT_MAX + 8);
      if (!nir_eval_run(ref, &st))
         fail_msg("nir_eval: %s", st.error);
      unsigned k = 0;
      for (unsigned i = 0; i < 8; ++i) {
         if (!(want_mask & (1u << i)))
            continue;
         float want;
         if (from_slot >= 0) {
            /* the shader's multiply-add chain, x first */
            const nir_const_value *cv = &out[4 * from_slot];
            want = -0.0f;
            for (unsigned c = 0; c < 4; ++c)
               want = fmaf(cv[c].f32, planes[i][c], want);
         } else {
            want = out[4 * (VARYING_SLOT_CLIP_DIST0 + i)].f32;
         }
         uint32_t got = uvs[lane * vv->nr_words + vv->nr_words - nclip + k];
         uint32_t w;
         memcpy(&w, &want, 4);
         if (got != w)
            fail_msg("vertex %u distance %u: 0x%08x, expected 0x%08x", lane,
                     i, got, w);
         k++;
      }
   }
   ralloc_free(l.mem);
}

/*
 * A fixed point size (agx_vs_key::fixed_point_size; GL 3.2 section 3.4,
 * glPointSize while PROGRAM_POINT_SIZE is off): every vertex's UVS point
 * size word holds it, whether the shader writes gl_PointSize or not.
 */
static void
run_fixed_point_size(const char *vs_src)
{
   struct linked l = link_pair(
      vs_src, "#version 120\nvoid main() { gl_FragColor = vec4(1.0); }\n");
   nir_shader *vs = nir_shader_clone(l.mem, l.prog->nir[MESA_SHADER_VERTEX]);
   assert_true(agx_preprocess_nir(vs));
   int loc = glsl_program_attrib_location(l.prog, "a_position");
   assert_true(loc >= 0);
   struct agx_shader_key key = {0};
   key.vs.attribs[loc] =
      (struct agx_attribute_key){PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 0, 16, 0};
   key.vs.fixed_point_size = 7.5f;
   struct agx_shader_binary bin;
   char error[256] = "";
   if (!agx_test_compile_lowered(vs, &key, l.mem, &bin, error, sizeof(error)))
      fail_msg("VS: %s", error);
   const struct agx_varyings_vs *vv = &bin.info.vs;
   assert_true(vv->writes_psiz);

   float vtx[32][4] = {{0}};
   struct agx_test_draw draw = {0};
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   run_vs_vec4(&bin, &draw, vtx, uvs);
   const float want = 7.5f;
   uint32_t w;
   memcpy(&w, &want, 4);
   for (unsigned lane = 0; lane < 32; ++lane) {
      unsigned word = vv->slot_word[VARYING_SLOT_PSIZ];
      uint32_t got = uvs[lane * vv->nr_words + word];
      if (got != w)
         fail_msg("vertex %u point size: 0x%08x, expected 0x%08x", lane, got,
                  w);
   }
   ralloc_free(l.mem);
}

static void
test_glsl_fixed_point_size(void **state)
{
   (void)state;
   /* the shader's 3.0 is replaced */
   run_fixed_point_size("#version 120\n"
                        "attribute vec4 a_position;\n"
                        "void main() {\n"
                        "   gl_Position = a_position;\n"
                        "   gl_PointSize = 3.0;\n"
                        "}\n");
   /* a shader without gl_PointSize gets one */
   run_fixed_point_size("#version 120\n"
                        "attribute vec4 a_position;\n"
                        "void main() { gl_Position = a_position; }\n");
}

static void
test_glsl_clip_distances(void **state)
{
   (void)state;
   static const float planes[8][4] = {
      {1, 0, 0, 0.5f}, {0, 1, 0, -0.25f}, {0.5f, 0.5f, 0, 0},
      {0, 0, 1, 1}, {-1, 0, 0, 2}, {0, -1, 0, 0.75f}, {1, 1, 1, 1},
      {0, 0, -1, 0}};
   /* gl_ClipDistance: planes 0, 2 and 5 enabled; 0, 2, 5 and 6 written:
    * 0, 2 and 5 are output (6 is not enabled; a plane enabled but not
    * written would be output too, with an undefined distance) */
   run_clip_vs("#version 130\n"
               "in vec4 a_position;\n"
               "void main() {\n"
               "   gl_Position = a_position;\n"
               "   gl_ClipDistance[0] = a_position.x - 0.25;\n"
               "   gl_ClipDistance[2] = a_position.y * a_position.z;\n"
               "   gl_ClipDistance[5] = -a_position.w;\n"
               "   gl_ClipDistance[6] = 1.0;\n"
               "}\n",
               0x25, planes, 0x25, -1);
   /* gl_ClipVertex: planes 1, 3 and 7 */
   run_clip_vs("#version 120\n"
               "attribute vec4 a_position;\n"
               "void main() {\n"
               "   gl_Position = a_position;\n"
               "   gl_ClipVertex = a_position.yzwx * 2.0;\n"
               "}\n",
               0x8a, planes, 0x8a, VARYING_SLOT_CLIP_VERTEX);
   /* neither: gl_Position (Mesa's choice for a case GLSL leaves
    * undefined) */
   run_clip_vs("#version 120\n"
               "attribute vec4 a_position;\n"
               "void main() { gl_Position = a_position.wzyx; }\n",
               0x41, planes, 0x41, VARYING_SLOT_POS);
}

/*
 * Stack memory.  An indirectly indexed local array of 256 bytes or more
 * lives in the stack frame (nir_lower_vars_to_scratch, then stack_load /
 * stack_store), and a vertex shader keeping 160 values alive at once
 * needs more registers than a thread has, so the allocator spills.  Both
 * run on the simulator with the stacks the USC Registers word asks for,
 * against the NIR interpreter.
 */
static const char *vs_array =
   "attribute vec4 a_position;\n"
   "attribute vec3 a_color;\n"
   "uniform vec4 u_tint;\n"
   "varying vec3 v_color;\n"
   "void main() {\n"
   "   float a[80];\n"
   "   for (int i = 0; i < 80; i++)\n"
   "      a[i] = float(i) * a_position.y + u_tint.x;\n"
   "   int j = int(a_position.x * 8.0) + 40;\n"
   "   a[j] = a[j] + a_color.x;\n"
   "   int k = int(a_color.y * 8.0) + 40;\n"
   "   gl_Position = vec4(a[k], a[j], a[k + 1], 1.0);\n"
   "   v_color = a_color;\n"
   "}\n";

static const char *fs_array =
   "precision highp float;\n"
   "varying vec3 v_color;\n"
   "uniform vec4 u_tint;\n"
   "void main() {\n"
   "   vec4 b[20];\n"
   "   for (int i = 0; i < 20; i++)\n"
   "      b[i] = vec4(float(i), v_color.x, u_tint.y, float(i) * 0.25);\n"
   "   int j = int(mod(gl_FragCoord.x, 20.0));\n"
   "   gl_FragColor = b[j] * 0.05 + b[19 - j] * 0.01;\n"
   "}\n";

/* A mediump array read and written at per-pixel indices (32-bit elements
 * today: the front end keeps mediump temporaries 32-bit) */
static const char *fs_array16 =
   "precision mediump float;\n"
   "varying vec3 v_color;\n"
   "uniform highp vec4 u_tint;\n"
   "void main() {\n"
   "   float b[160];\n"
   "   for (int i = 0; i < 160; i++)\n"
   "      b[i] = float(i) * 0.00390625 + v_color.x * 0.125;\n"
   "   int j = int(mod(gl_FragCoord.x * 5.0, 160.0));\n"
   "   b[j] = b[j] + u_tint.z;\n"
   "   gl_FragColor = vec4(b[j], b[159 - j], b[j / 2], 1.0);\n"
   "}\n";

static const char *fs_plain = "precision mediump float;\n"
                              "varying vec3 v_color;\n"
                              "void main() {\n"
                              "   gl_FragColor = vec4(v_color, 1.0);\n"
                              "}\n";

/* 40 vec4 values, all computed before any is used (the uses run in the
 * opposite order), from values that keep every sum exact. */
static char *
pressure_vs(void *mem, bool divergent)
{
   char *s = ralloc_strdup(mem, "attribute vec4 a_position;\n"
                                "attribute vec3 a_color;\n"
                                "uniform vec4 u_tint;\n"
                                "varying vec3 v_color;\n"
                                "void main() {\n");
   /* a condition computed first and used last: long lived */
   if (divergent)
      ralloc_strcat(&s, "   bool c = a_color.z > 0.0;\n");
   for (unsigned i = 0; i < 40; i++)
      ralloc_asprintf_append(&s, "   vec4 t%u = a_position * %u.0 + u_tint;\n",
                             i, i + 1);
   /* with `divergent`, lanes redefine some values in a branch and run a
    * loop a number of times of their own while all of them are live */
   if (divergent)
      ralloc_strcat(&s, "   if (a_position.x > 0.0) {\n"
                        "      t3 = t3 * 2.0;\n"
                        "      t17 = t17 - a_position;\n"
                        "   }\n"
                        "   if (c) t9 = t9 * 0.5; else t21 = t21 + t2;\n"
                        "   int n = int(a_color.x * 8.0) + 3;\n"
                        "   for (int j = 0; j < 12; j++) {\n"
                        "      if (j >= n) break;\n"
                        "      t5 = t5 + t30 * 0.5;\n"
                        "      t30 = t30 - t5;\n"
                        "   }\n");
   ralloc_strcat(&s, "   vec4 s = vec4(a_color, 0.0);\n");
   for (unsigned i = 0; i < 40; i++)
      ralloc_asprintf_append(&s, "   s = s + t%u - 0.5 * t%u;\n", 39 - i, i);
   ralloc_strcat(&s, "   gl_Position = s;\n"
                     "   v_color = a_color;\n"
                     "}\n");
   return s;
}

/* One stage of a linked pair, compiled (RGBA8 render target) into *bin
 * under l->mem. */
static void
compile_stage(struct linked *l, gl_shader_stage stage,
              struct agx_shader_binary *bin)
{
   nir_shader *s = nir_shader_clone(l->mem, l->prog->nir[stage]);
   assert_true(agx_preprocess_nir(s));
   struct agx_shader_key key = {0};
   if (stage == MESA_SHADER_FRAGMENT)
      key.fs.rt[0].format = PIPE_FORMAT_R8G8B8A8_UNORM;
   char error[256] = "";
   if (agx_compile_shader_nir(s, &key, l->mem, bin, error, sizeof(error)))
      fail_msg("%s", error);
}

/* Compile one stage of a pair for the stack assertions. */
static struct agx_shader_info
stage_info(const char *vs_src, const char *fs_src, gl_shader_stage stage)
{
   struct linked l = link_pair(vs_src, fs_src);
   struct agx_shader_binary bin;
   compile_stage(&l, stage, &bin);
   struct agx_shader_info info = bin.info;
   ralloc_free(l.mem);
   return info;
}

/* mediump arithmetic (GLSL ES 1.00 section 4.5): fs_mp's chain from the
 * colour, its compare and min/max run at 16 bits; fs_hp, the same at
 * highp, and fs_mixed, whose highp local keeps the operations reading it
 * at highp (GLSL ES 3.00 4.5.2), must not use 16-bit arithmetic for
 * those. */
#define FS_PREC_BODY                                                     \
   "varying vec3 v_color;\n"                                              \
   "varying float v_k;\n"                                                 \
   "uniform vec4 u_tint;\n"                                               \
   "void main() {\n"                                                      \
   "   vec3 c = v_color * 0.75 + u_tint.xyz * 0.25;\n"                   \
   "   float m = max(c.x, c.y) - min(c.y, c.z);\n"                        \
   "   c = m > 0.125 ? c * c : c + 0.0625;\n"                             \
   "   gl_FragColor = vec4(clamp(c, 0.0, 1.0), v_k);\n"                   \
   "}\n"
static const char *fs_mp = "precision mediump float;\n" FS_PREC_BODY;
static const char *fs_hp = "precision highp float;\n" FS_PREC_BODY;
static const char *fs_mixed =
   "precision mediump float;\n"
   "varying highp vec3 v_color;\n"
   "void main() {\n"
   "   highp vec3 h = v_color * 0.75;\n"
   "   highp vec3 c = h * h + h;\n"
   "   gl_FragColor = vec4(c, 1.0);\n"
   "}\n";

/* Instructions of the fragment shader of (vs1, fs_src), compiled for a
 * render target 0 of format fmt, for which match is true. */
/* count_fs_instrs with the fragment shader linked to vs_src */
static unsigned
count_fs_instrs_vs(const char *vs_src, const char *fs_src, enum pipe_format fmt,
                   bool (*match)(const struct agx_isa_instr *I))
{
   struct linked l = link_pair(vs_src, fs_src);
   nir_shader *s =
      nir_shader_clone(l.mem, l.prog->nir[MESA_SHADER_FRAGMENT]);
   assert_true(agx_preprocess_nir(s));
   struct agx_shader_key key = {0};
   key.fs.rt[0].format = fmt;
   struct agx_shader_binary bin;
   char error[256] = "";
   if (agx_compile_shader_nir(s, &key, l.mem, &bin, error, sizeof(error)))
      fail_msg("%s", error);
   unsigned n = 0;
   struct agx_isa_instr I;
   for (size_t off = 0; agx_test_next_instr(&bin, &off, &I);)
      n += match(&I);
   ralloc_free(l.mem);
   return n;
}

static unsigned
count_fs_instrs(const char *fs_src, enum pipe_format fmt,
                bool (*match)(const struct agx_isa_instr *I))
{
   return count_fs_instrs_vs(vs1, fs_src, fmt, match);
}

/* Computes 16-bit floats: fadd16/fmul16/fmadd16, or anything writing a
 * 16-bit register but the mov_imm of a constant. */
static bool
is_16bit_op(const struct agx_isa_instr *I)
{
   return I->op == AGX_ISA_OP_FADD16 || I->op == AGX_ISA_OP_FMUL16 ||
          I->op == AGX_ISA_OP_FMADD16 ||
          (I->op != AGX_ISA_OP_MOV_IMM16 &&
           I->operands[0].kind == AGX_ISA_KIND_REG &&
           I->operands[0].size == 16);
}

static unsigned
count_16bit_ops(const char *fs_src)
{
   return count_fs_instrs(fs_src, PIPE_FORMAT_R8G8B8A8_UNORM, is_16bit_op);
}

/* A precision statement applies from where it stands to the end of its
 * scope (GLSL ES 1.00 section 4.5.3): a function defined before
 * `precision mediump float;` keeps the highp default its parameter and
 * locals were declared under, one defined after it computes at 16
 * bits. */
#define FS_SHADE_FN                                                       \
   "vec3 shade(vec3 x) {\n"                                               \
   "   vec3 y = x * 0.75 + 0.125;\n"                                      \
   "   return y * y;\n"                                                   \
   "}\n"
#define FS_SHADE_MAIN                                                     \
   "void main() { gl_FragColor = vec4(shade(v_color), v_k); }\n"
static const char *fs_fn_before =
   "precision highp float;\n"
   "varying vec3 v_color;\n"
   "varying float v_k;\n" FS_SHADE_FN "precision mediump float;\n" FS_SHADE_MAIN;
static const char *fs_fn_after =
   "precision highp float;\n"
   "varying vec3 v_color;\n"
   "varying float v_k;\n"
   "precision mediump float;\n" FS_SHADE_FN FS_SHADE_MAIN;

static void
test_glsl_precision_scope(void **state)
{
   (void)state;
   assert_int_equal(count_16bit_ops(fs_fn_before), 0);
   assert_true(count_16bit_ops(fs_fn_after) > 0);
   check_program(vs1, fs_fn_before, false);
   check_program(vs1, fs_fn_after, false);
}

/* Fragment iterations (iter/iterproj) with 16-bit destinations. */
static bool
is_16bit_iter(const struct agx_isa_instr *I)
{
   return (I->op == AGX_ISA_OP_ITER || I->op == AGX_ISA_OP_ITERPROJ) &&
          I->operands[0].size == 16;
}

static unsigned
count_16bit_iters(const char *fs_src)
{
   return count_fs_instrs(fs_src, PIPE_FORMAT_R8G8B8A8_UNORM, is_16bit_iter);
}

/* A global const declared under `precision mediump float` is mediump
 * (GLSL ES 3.00 4.5.4), so arithmetic on it and a mediump varying is. */
static const char *fs_const =
   "precision mediump float;\n"
   "const float K = 0.75;\n"
   "varying vec3 v_color;\n"
   "varying float v_k;\n"
   "void main() {\n"
   "   vec3 c = v_color - K;\n"
   "   gl_FragColor = vec4(c * c, v_k);\n"
   "}\n";

/* mediump varyings that only mediump arithmetic reads are interpolated
 * into 16-bit registers (v_color in fs_mp); highp ones, and v_k, stored
 * as it is, are not.  The results stay within mediump precision on the
 * simulator. */
static void
test_glsl_mediump_inputs(void **state)
{
   (void)state;
   unsigned saved = agx_compiler_debug();
   assert_int_equal(count_16bit_iters(fs_mp), 1);
   assert_int_equal(count_16bit_iters(fs_hp), 0);
   assert_int_equal(count_16bit_iters(fs_mixed), 0);
   assert_true(count_16bit_ops(fs_const) > 0);
   agx_compiler_set_debug(saved | AGX_DBG_NO16);
   assert_int_equal(count_16bit_iters(fs_mp), 0);
   agx_compiler_set_debug(saved);
   check_program(vs1, fs_const, false);
}

/* A colour entirely mediump (v_k scaled, not passed on as it is). */
static const char *fs_out16 =
   "precision mediump float;\n"
   "varying vec3 v_color;\n"
   "varying float v_k;\n"
   "void main() {\n"
   "   vec3 c = v_color * 0.75 + 0.125;\n"
   "   gl_FragColor = vec4(c * c, v_k * 0.5);\n"
   "}\n";

/* The colour stored by st_tile from 16-bit registers. */
static bool
is_16bit_store(const struct agx_isa_instr *I)
{
   return I->op == AGX_ISA_OP_ST_TILE &&
          I->operands[AGX_ISA_ST_TILE_R].size == 16;
}

/* 16 when the colour is stored from 16-bit registers, else 32. */
static unsigned
st_tile_size(const char *fs_src, enum pipe_format fmt)
{
   return count_fs_instrs(fs_src, fmt, is_16bit_store) ? 16 : 32;
}

/* A mediump colour goes to f16 and unorm8 targets from 16-bit registers
 * (st_tile converts either width), to f32 ones and under no16 from
 * 32-bit ones; on the simulator (RGBA8) it stays within mediump
 * precision of the 32-bit reference. */
static void
test_glsl_mediump_outputs(void **state)
{
   (void)state;
   unsigned saved = agx_compiler_debug();
   assert_int_equal(st_tile_size(fs_out16, PIPE_FORMAT_R8G8B8A8_UNORM), 16);
   assert_int_equal(st_tile_size(fs_out16, PIPE_FORMAT_R16G16B16A16_FLOAT),
                    16);
   assert_int_equal(st_tile_size(fs_out16, PIPE_FORMAT_R32G32B32A32_FLOAT),
                    32);
   /* v_k stored as it is: a 32-bit value, the colour stays 32-bit */
   assert_int_equal(st_tile_size(fs_const, PIPE_FORMAT_R8G8B8A8_UNORM), 32);
   agx_compiler_set_debug(saved | AGX_DBG_NO16);
   assert_int_equal(st_tile_size(fs_out16, PIPE_FORMAT_R8G8B8A8_UNORM), 32);
   agx_compiler_set_debug(saved);
   check_program(vs1, fs_out16, false);
}

/* A vertex shader computing v_color in mediump (exact in f16 for the
 * attributes check_program gives: multiples of 1/8 up to 6/8) and v_k in
 * highp. */
static const char *vs_mp =
   "precision mediump float;\n"
   "attribute highp vec4 a_position;\n"
   "attribute vec3 a_color;\n"
   "varying vec3 v_color;\n"
   "varying highp float v_k;\n"
   "void main() {\n"
   "   gl_Position = a_position;\n"
   "   v_color = a_color * 0.5 + 0.25;\n"
   "   v_k = a_position.x * 0.5;\n"
   "}\n";

static bool
is_st_var(const struct agx_isa_instr *I)
{
   return I->op == AGX_ISA_OP_ST_VAR || I->op == AGX_ISA_OP_ST_VAR_FINAL;
}

/* The vertex shader of (vs_src, fs1) and its number of st_var. */
static unsigned
compile_vs(const char *vs_src, struct agx_shader_binary *bin, void *mem,
           unsigned *color_slot)
{
   struct linked l = link_pair(vs_src, fs1);
   nir_shader *s = nir_shader_clone(mem, l.prog->nir[MESA_SHADER_VERTEX]);
   *color_slot = VARYING_SLOT_MAX;
   nir_foreach_variable_with_modes(var, s, nir_var_shader_out)
   {
      if (!strcmp(var->name, "v_color"))
         *color_slot = (unsigned)var->data.location;
   }
   assert_true(*color_slot < VARYING_SLOT_MAX);
   assert_true(agx_preprocess_nir(s));
   struct agx_shader_key key = {0};
   int pos_loc = glsl_program_attrib_location(l.prog, "a_position");
   int col_loc = glsl_program_attrib_location(l.prog, "a_color");
   assert_true(pos_loc >= 0 && col_loc >= 0);
   key.vs.attribs[pos_loc].format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   key.vs.attribs[col_loc].format = PIPE_FORMAT_R32G32B32_FLOAT;
   char error[256] = "";
   if (agx_compile_shader_nir(s, &key, mem, bin, error, sizeof(error)))
      fail_msg("%s", error);
   unsigned n = 0;
   struct agx_isa_instr I;
   for (size_t off = 0; agx_test_next_instr(bin, &off, &I);)
      n += is_st_var(&I);
   ralloc_free(l.mem);
   return n;
}

/* mediump varyings computed at 16 bits go out as packed pairs of 16-bit
 * values after the 32-bit varyings (Mesa docs/drivers/asahi.rst
 * "Hardware varyings": position, 32-bit smooth/flat/linear, 16-bit
 * pairs in the same groups, point size), and the CF binding header counts
 * only the 32-bit slots (W and v_k), so v_color's binding names the
 * first 16-bit slot. */
static void
test_glsl_mediump_varyings(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   struct agx_shader_binary bin;
   unsigned slot;
   /* position 4, v_k 1, v_color's pairs (x, y) and (z, -) */
   assert_int_equal(compile_vs(vs_mp, &bin, mem, &slot), 4 + 1 + 2);
   const struct agx_varyings_vs *vv = &bin.info.vs;
   assert_true((vv->slots_16 >> slot) & 1);
   assert_int_equal(util_bitcount64(vv->slots_16), 1);
   assert_int_equal(vv->nr_32_smooth, 1);
   assert_int_equal(vv->nr_16_smooth, 2);
   assert_int_equal(vv->slot_word[slot], 5);
   assert_int_equal(vv->nr_words, 7);

   struct agx_varyings_fs fs;
   memset(&fs, 0, sizeof(fs));
   fs.nr_bindings = 2;
   fs.nr_cf = 4;
   fs.bindings[0] = (struct agx_cf_binding){
      .cf_base = 0, .slot = VARYING_SLOT_POS, .offset = 3, .count = 1};
   fs.bindings[1] = (struct agx_cf_binding){.cf_base = 1,
                                            .slot = (uint8_t)slot,
                                            .count = 3,
                                            .perspective = true};
   uint32_t table[3];
   assert_int_equal(agx_link_varyings(vv, &fs, false, table, 3), 3);
   /* header: 2 slots of 32 bits (W, v_k), 4 coefficient registers */
   assert_int_equal(table[0], 2 | (4 << 8));
   /* 3 components, perspective (shade model 7), varying source, base
    * slot 2 (the first 16-bit one), base cf 1 */
   assert_int_equal(table[2], 2 | (7 << 2) | (0 << 5) | (2 << 8) | (1 << 16));
   uint32_t counts[2];
   agx_pack_varying_counts(vv, counts);
   assert_int_equal(counts[0], 1);
   assert_int_equal(counts[1], 2);

   /* no16: every varying 32-bit again */
   unsigned saved = agx_compiler_debug();
   agx_compiler_set_debug(saved | AGX_DBG_NO16);
   assert_int_equal(compile_vs(vs_mp, &bin, mem, &slot), 4 + 1 + 3);
   assert_int_equal(bin.info.vs.slots_16, 0);
   assert_int_equal(bin.info.vs.nr_16_smooth, 0);
   agx_compiler_set_debug(saved);
   ralloc_free(mem);

   /* the values, each half against the reference (exact in f16) */
   check_program(vs_mp, fs1, false);
}

static void
test_glsl_mediump(void **state)
{
   (void)state;
   unsigned saved = agx_compiler_debug();
   assert_true(count_16bit_ops(fs_mp) > 0);
   assert_int_equal(count_16bit_ops(fs_hp), 0);
   assert_int_equal(count_16bit_ops(fs_mixed), 0);
   agx_compiler_set_debug(saved | AGX_DBG_NO16);
   assert_int_equal(count_16bit_ops(fs_mp), 0);
   agx_compiler_set_debug(saved);
   /* on the simulator, within mediump precision of the highp result */
   check_program(vs1, fs_mp, false);
}

/* mediump int arithmetic (the fragment shader's default int precision,
 * GLSL ES 1.00 section 4.5.3) at 16 bits: results in the mediump range
 * are exact, so the pixels equal the 32-bit interpreter's to the bit
 * (floats are highp here); `precision highp int` and no16 keep 32-bit
 * integers. */
#define FS_INT_BODY                                                       \
   "varying vec3 v_color;\n"                                              \
   "varying float v_k;\n"                                                 \
   "void main() {\n"                                                      \
   "   int a = int(v_color.x * 64.0);\n"                                  \
   "   int b = int(v_color.y * 64.0);\n"                                  \
   "   int s = a * 25 + b * 7 - 300;\n"                                   \
   "   int t = s > a * 3 ? s - b : s + b * 2;\n"                          \
   "   gl_FragColor = vec4(float(s + 8192) / 16384.0,\n"                  \
   "                       float(t + 8192) / 16384.0, v_k, 1.0);\n"       \
   "}\n"
static const char *fs_int_mp = "precision highp float;\n" FS_INT_BODY;
static const char *fs_int_hp =
   "precision highp float;\nprecision highp int;\n" FS_INT_BODY;
/* mediump floats too: int(v_color.x * 64.0) converts the f16 product to
 * 16 bits directly (f_to_s16) */
static const char *fs_int_cvt = "precision mediump float;\n" FS_INT_BODY;

static bool
is_convert_to_16(const struct agx_isa_instr *I)
{
   return I->op == AGX_ISA_OP_CONVERT &&
          I->operands[AGX_ISA_CONVERT_D].size == 16;
}

static void
test_glsl_mediump_int(void **state)
{
   (void)state;
   unsigned saved = agx_compiler_debug();
   assert_true(count_fs_instrs(fs_int_mp, PIPE_FORMAT_R8G8B8A8_UNORM,
                               agx_test_is_int16_instr) >= 3);
   assert_int_equal(count_fs_instrs(fs_int_hp, PIPE_FORMAT_R8G8B8A8_UNORM,
                                    agx_test_is_int16_instr),
                    0);
   agx_compiler_set_debug(saved | AGX_DBG_NO16);
   assert_int_equal(count_fs_instrs(fs_int_mp, PIPE_FORMAT_R8G8B8A8_UNORM,
                                    agx_test_is_int16_instr),
                    0);
   agx_compiler_set_debug(saved);
   check_program(vs1, fs_int_mp, false);
   check_program(vs1, fs_int_hp, false);

   assert_int_equal(count_fs_instrs(fs_int_cvt, PIPE_FORMAT_R8G8B8A8_UNORM,
                                    is_convert_to_16),
                    2);
   assert_int_equal(count_fs_instrs(fs_int_mp, PIPE_FORMAT_R8G8B8A8_UNORM,
                                    is_convert_to_16),
                    0);
   check_program(vs1, fs_int_cvt, false);
}

/* Wave 15: arithmetic the backend fuses (docs/compiler.rst "Since wave
 * 15").  Each shader is counted by opcode, then run on the simulator
 * against the NIR interpreter. */
static enum agx_isa_op fused_op; /* the opcode count_op counts */

static bool
count_op(const struct agx_isa_instr *I)
{
   return I->op == fused_op;
}

static unsigned
count_fs_op(const char *fs_src, enum agx_isa_op op)
{
   fused_op = op;
   return count_fs_instrs(fs_src, PIPE_FORMAT_R8G8B8A8_UNORM, count_op);
}

#define FS_HP "precision highp float;\nprecision highp int;\n"

/* mix(a, b, t) with t varying: a + t (b - a), an fadd and an fmadd per
 * component, no multiply (a (1 - t) + b t needs one more) */
static const char *fs_mix = FS_HP
   "varying vec3 v_color;\n"
   "varying float v_k;\n"
   "void main() {\n"
   "   gl_FragColor = vec4(mix(v_color, v_color.zxy, v_k), 1.0);\n"
   "}\n";

/* x * step(e, k) and mix(a, b, step(e, k)): selects, no multiply */
static const char *fs_step = FS_HP
   "varying vec3 v_color;\n"
   "varying float v_k;\n"
   "void main() {\n"
   "   vec3 c = v_color * step(0.5, v_k);\n"
   "   gl_FragColor = vec4(c.xy, mix(v_color.z, 0.25, step(v_k, 0.75)),\n"
   "                       1.0);\n"
   "}\n";

/* a * b + c * 4 (c << 2 after nir_opt_algebraic): one imadd with a
 * shifted addend, no separate multiply or shift; c + b * 8: one iadd */
static const char *fs_imad = FS_HP
   "varying vec3 v_color;\n"
   "varying float v_k;\n"
   "void main() {\n"
   "   int a = int(v_color.x * 64.0);\n"
   "   int b = int(v_color.y * 64.0);\n"
   "   int c = int(v_color.z * 64.0);\n"
   "   int s = a * b + c * 4;\n"
   "   int t = c + b * 8;\n"
   "   gl_FragColor = vec4(float(s) / 8192.0, float(t) / 1024.0, v_k,\n"
   "                       1.0);\n"
   "}\n";

/* Since wave 16: pow(x, 2..4) as multiplies (no exp2 or log2; 2.5
 * keeps them), and one bit of an integer as 0 / 1, one bfeil (no and,
 * no icmpsel) */
static const char *fs_pow =
   FS_HP "varying vec3 v_color;\n"
         "varying float v_k;\n"
         "void main() {\n"
         "   gl_FragColor = vec4(pow(v_color.x, 2.0), pow(v_color.y, 3.0),\n"
         "                       pow(v_color.z, 4.0), pow(v_k, 2.5));\n"
         "}\n";

/* vs1 in GLSL 1.30 (versions 1.10 and 1.30 do not link together) */
static const char *vs1_130 = "#version 130\n"
                             "in vec4 a_position;\n"
                             "in vec3 a_color;\n"
                             "uniform mat4 u_mvp;\n"
                             "uniform float u_scale;\n"
                             "out vec3 v_color;\n"
                             "out float v_k;\n"
                             "void main() {\n"
                             "   gl_Position = u_mvp * a_position;\n"
                             "   v_color = a_color * u_scale;\n"
                             "   v_k = a_position.x > 0.0 ? 1.0 : 0.25;\n"
                             "}\n";

static const char *fs_bits =
   "#version 130\n"
   "in vec3 v_color;\n"
   "in float v_k;\n"
   "void main() {\n"
   "   uint x = uint(v_color.x * 255.0);\n"
   "   int y = int(v_color.y * 255.0);\n"
   "   uint a = (x & 4u) != 0u ? 1u : 0u;\n"
   "   int c = (y & 64) == 0 ? 0 : 1;\n"
   "   gl_FragColor = vec4(float(a), float(c), v_k, 1.0);\n"
   "}\n";

static void
test_glsl_pow_multiplies(void **state)
{
   (void)state;
   assert_int_equal(count_fs_op(fs_pow, AGX_ISA_OP_EXP2), 1);
   assert_int_equal(count_fs_op(fs_pow, AGX_ISA_OP_LOG2), 1);
   check_program(vs1, fs_pow, false);
}

static void
test_glsl_bit_test(void **state)
{
   (void)state;
   static const enum agx_isa_op ops[] = {AGX_ISA_OP_BFEIL, AGX_ISA_OP_BITOP,
                                         AGX_ISA_OP_ICMPSEL};
   static const unsigned want[] = {2, 0, 0};
   for (unsigned i = 0; i < 3; ++i) {
      fused_op = ops[i];
      assert_int_equal(count_fs_instrs_vs(vs1_130, fs_bits,
                                          PIPE_FORMAT_R8G8B8A8_UNORM, count_op),
                       want[i]);
   }
   check_program(vs1_130, fs_bits, false);
}

static void
test_glsl_mix_single_ffma(void **state)
{
   (void)state;
   /* (multiplies decode as fmadd32 too: a (1 - t) + b t made 6) */
   assert_int_equal(count_fs_op(fs_mix, AGX_ISA_OP_FMADD32), 3);
   assert_int_equal(count_fs_op(fs_mix, AGX_ISA_OP_FADD32), 3);
   check_program(vs1, fs_mix, false);
}

static void
test_glsl_step_select(void **state)
{
   (void)state;
   assert_int_equal(count_fs_op(fs_step, AGX_ISA_OP_FMADD32), 0);
   assert_int_equal(count_fs_op(fs_step, AGX_ISA_OP_FMUL32), 0);
   check_program(vs1, fs_step, false);
}

static void
test_glsl_fused_iadd(void **state)
{
   (void)state;
   assert_int_equal(count_fs_op(fs_imad, AGX_ISA_OP_IMADD), 1);
   assert_int_equal(count_fs_op(fs_imad, AGX_ISA_OP_IADD), 1);
   assert_int_equal(count_fs_op(fs_imad, AGX_ISA_OP_BFI), 0);
   check_program(vs1, fs_imad, false);
}

/* Since wave 17 (nir_opt_loop_cse.c): one rolled loop (40 iterations:
 * more than nir_opt_loop_unroll takes) called for every channel with the
 * same argument, as skia's Perlin noise does, runs once; a fourth call
 * whose loop differs by one constant (K) keeps its own loop.  The loop
 * contracts (no fract of a growing value), so that fused multiply-adds
 * stay within the 8-bit comparison. */
#define FS_OCTAVES(K)                                                          \
   FS_HP                                                                       \
   "varying vec3 v_color;\n"                                                   \
   "varying float v_k;\n"                                                      \
   "uniform vec4 u_tint;\n"                                                    \
   "float octaves(vec2 p, float k) {\n"                                        \
   "   float r = 0.0, w = 1.0;\n"                                              \
   "   for (float i = 0.0; i < 40.0; i += 1.0) {\n"                            \
   "      vec2 q = p * k + vec2(i * 0.011, 0.3);\n"                          \
   "      vec2 s = q / (1.0 + q * q);\n"                                       \
   "      r += w * (s.x * 0.7 + s.y * 0.3);\n"                                 \
   "      p = p * 0.9 + s * 0.1;\n"                                            \
   "      w *= 0.9;\n"                                                         \
   "   }\n"                                                                    \
   "   return r * 0.2;\n"                                                      \
   "}\n"                                                                       \
   "void main() {\n"                                                           \
   "   vec2 p = v_color.xy * 3.0 + v_k;\n"                                     \
   "   gl_FragColor = vec4(octaves(p, 1.37), octaves(p, 1.37),\n"              \
   "                       octaves(p, 1.37), octaves(p, " K ")) * u_tint;\n"   \
   "}\n"

static void
test_glsl_loop_cse(void **state)
{
   (void)state;
   static const char *same = FS_OCTAVES("1.37"), *other = FS_OCTAVES("1.39");
   assert_int_equal(count_fs_op(same, AGX_ISA_OP_WHILE_ICMP), 1);
   assert_int_equal(count_fs_op(other, AGX_ISA_OP_WHILE_ICMP), 2);
   check_program(vs1, same, false);
   check_program(vs1, other, false);
}

static void
test_glsl_scratch_arrays(void **state)
{
   (void)state;
   struct agx_shader_info vs =
      stage_info(vs_array, fs_array, MESA_SHADER_VERTEX);
   struct agx_shader_info fs =
      stage_info(vs_array, fs_array, MESA_SHADER_FRAGMENT);
   /* 80 floats and 20 vec4s: 320 bytes each, in the frame */
   assert_true(vs.scratch_size_B >= 320 && vs.scratch_size_dw > 80);
   assert_true(fs.scratch_size_B >= 320 && fs.scratch_size_dw > 80);
   check_program(vs_array, fs_array, false);

   struct agx_shader_info fs16 =
      stage_info(vs_array, fs_array16, MESA_SHADER_FRAGMENT);
   assert_true(fs16.scratch_size_B >= 320);
   check_program(vs_array, fs_array16, false);
}

static void
test_glsl_spilling(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   const char *vs_src = pressure_vs(mem, false);
   struct agx_shader_info vs =
      stage_info(vs_src, fs_plain, MESA_SHADER_VERTEX);
   /* 160 live words: more than the 124 free 32-bit registers */
   assert_true(vs.nr_spills > 0 && vs.nr_fills > 0);
   assert_true(vs.scratch_size_dw > 0 && vs.nr_gprs <= 256);
   check_program(vs_src, fs_plain, false);
   ralloc_free(mem);
}

/*
 * Attribute fetch with a stride of 260 words and an offset of 256 words:
 * both too big for an 8-bit immediate, so they are moved into registers,
 * which must happen before the multiply-add that reads them (the
 * validator now rejects a use before the definition).
 */
/* Spilled values redefined under a divergent branch and in a loop that
 * lanes leave at different iterations. */
static void
test_glsl_spilling_divergent(void **state)
{
   (void)state;
   void *mem = ralloc_context(NULL);
   const char *vs_src = pressure_vs(mem, true);
   struct agx_shader_info vs =
      stage_info(vs_src, fs_plain, MESA_SHADER_VERTEX);
   assert_true(vs.nr_spills > 0 && vs.nr_fills > 0);
   check_program(vs_src, fs_plain, false);
   ralloc_free(mem);
}

static void
test_glsl_wide_vertex_stride(void **state)
{
   (void)state;
   struct linked l = link_pair(vs2, fs_plain);
   struct glsl_program *prog = l.prog;
   nir_shader *vs_ref = prog->nir[MESA_SHADER_VERTEX];
   nir_shader *vs = nir_shader_clone(l.mem, vs_ref);
   assert_true(agx_preprocess_nir(vs));
   int pos_loc = glsl_program_attrib_location(prog, "a_position");
   int col_loc = glsl_program_attrib_location(prog, "a_color");
   assert_true(pos_loc >= 0 && col_loc >= 0);

   enum { STRIDE_W = 260 };
   struct agx_shader_key key = {0};
   key.vs.attribs[pos_loc] = (struct agx_attribute_key){
      PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 4 * 256, 4 * STRIDE_W, 0};
   key.vs.attribs[col_loc] = (struct agx_attribute_key){
      PIPE_FORMAT_R32G32B32_FLOAT, 0, 0, 4 * STRIDE_W, 0};
   struct agx_shader_binary bin;
   char error[256] = "";
   if (agx_compile_shader_nir(vs, &key, l.mem, &bin, error, sizeof(error)))
      fail_msg("VS: %s", error);

   float *vtx = calloc(32 * STRIDE_W, sizeof(float));
   for (unsigned v = 0; v < 32; ++v) {
      for (unsigned c = 0; c < 4; ++c)
         vtx[v * STRIDE_W + 256 + c] = (float)(v * 4 + c);
      for (unsigned c = 0; c < 3; ++c)
         vtx[v * STRIDE_W + c] = (float)c / 4.0f;
   }
   struct agx_test_draw draw = {0};
   draw.vbo[0] = (uint8_t *)vtx;
   draw.vbo_size[0] = 32 * STRIDE_W * sizeof(float);
   draw.vbo_va[0] = 0x20000;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   if (agx_test_run_vs(&bin, &draw, 0, uvs, error, sizeof(error)) !=
       ASAHI_SIM_STOPPED)
      fail_msg("VS sim: %s", error);
   /* gl_Position = a_position: words 0-3 of each vertex */
   for (unsigned v = 0; v < 32; ++v) {
      for (unsigned c = 0; c < 4; ++c) {
         float got;
         memcpy(&got, &uvs[v * bin.info.vs.nr_words + c], 4);
         if (got != (float)(v * 4 + c))
            fail_msg("vertex %u component %u: %f, expected %u", v, c, got,
                     v * 4 + c);
      }
   }
   free(vtx);
   ralloc_free(l.mem);
}

/* Runs a vertex shader of the distance tests on 32 vertices and checks
 * its n distance words from UVS word w: a_position.x, a_position.y - 0.5
 * and a_position.z * 2.0 (what those shaders write). */
static void
expect_distance_words(const struct agx_shader_binary *bin,
                      struct agx_test_draw *draw, unsigned w, unsigned n)
{
   float vtx[32][4];
   for (unsigned v = 0; v < 32; ++v)
      for (unsigned c = 0; c < 4; ++c)
         vtx[v][c] = (float)((int)((v * 3 + c * 7) % 13) - 6) / 8.0f;
   uint32_t uvs[32 * AGX_MAX_UVS_WORDS];
   run_vs_vec4(bin, draw, vtx, uvs);
   for (unsigned lane = 0; lane < 32; ++lane) {
      const float want[3] = {vtx[lane][0], vtx[lane][1] - 0.5f,
                             vtx[lane][2] * 2.0f};
      for (unsigned i = 0; i < n; ++i) {
         float got;
         memcpy(&got, &uvs[lane * bin->info.vs.nr_words + w + i], 4);
         if (got != want[i])
            fail_msg("vertex %u distance %u: %f, expected %f", lane, i, got,
                     want[i]);
      }
   }
}

/*
 * gl_CullDistance needs no varying of its own for the culling (the
 * CULL_PRIMITIVE flags do it, agx_nir_lower_clip_distance.c): the raw
 * distances go out only for a fragment shader that reads them
 * (agx_vs_key::cull_distance_varyings, since wave 15), as smooth words
 * holding the values written; without a reader the vertex shader stores
 * those words no more.
 */
static void
test_glsl_cull_distance_varyings(void **state)
{
   (void)state;
   struct linked l = link_pair(
      "#version 130\n"
      "#extension GL_ARB_cull_distance : require\n"
      "in vec4 a_position;\n"
      "out float gl_CullDistance[2];\n"
      "void main() {\n"
      "   gl_Position = a_position;\n"
      "   gl_CullDistance[0] = a_position.x;\n"
      "   gl_CullDistance[1] = a_position.y - 0.5;\n"
      "}\n",
      "#version 130\n"
      "void main() { gl_FragColor = vec4(1.0); }\n");
   int loc = glsl_program_attrib_location(l.prog, "a_position");
   assert_true(loc >= 0);
   struct agx_shader_binary bin[2];
   for (unsigned read = 0; read < 2; ++read) {
      nir_shader *vs =
         nir_shader_clone(l.mem, l.prog->nir[MESA_SHADER_VERTEX]);
      assert_true(agx_preprocess_nir(vs));
      struct agx_shader_key key = {0};
      key.vs.attribs[loc] = (struct agx_attribute_key){
         PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 0, 16, 0};
      key.vs.cull_distance_varyings = read;
      char error[256] = "";
      if (!agx_test_compile_lowered(vs, &key, l.mem, &bin[read], error,
                                    sizeof(error)))
         fail_msg("VS: %s", error);
   }
   const struct agx_varyings_vs *unread = &bin[0].info.vs;
   const struct agx_varyings_vs *read = &bin[1].info.vs;
   assert_int_equal(unread->slot_word[VARYING_SLOT_CULL_DIST0], 0xff);
   assert_true(unread->slot_word[VARYING_SLOT_CULL_PRIMITIVE0] != 0xff);
   assert_true(unread->nr_words + 2 <= read->nr_words);
   assert_true(bin[0].info.nr_instrs < bin[1].info.nr_instrs);

   unsigned w = read->slot_word[VARYING_SLOT_CULL_DIST0];
   assert_true(w != 0xff);
   struct agx_test_draw draw = {0};
   expect_distance_words(&bin[1], &draw, w, 2);
   ralloc_free(l.mem);
}

/*
 * A fragment shader reading gl_ClipDistance (GLSL 1.30 section 7.2): with
 * agx_vs_key::clip_distance_varyings the vertex shader also writes the
 * distances as smooth varyings, enabled planes or not (only plane 0 is
 * enabled here), and the fragment shader reads them through coefficient
 * registers like any varying.
 */
static void
test_glsl_fs_clip_distance(void **state)
{
   (void)state;
   struct linked l = link_pair(
      "#version 130\n"
      "in vec4 a_position;\n"
      "void main() {\n"
      "   gl_Position = a_position;\n"
      "   gl_ClipDistance[0] = a_position.x;\n"
      "   gl_ClipDistance[1] = a_position.y - 0.5;\n"
      "   gl_ClipDistance[2] = a_position.z * 2.0;\n"
      "}\n",
      "#version 130\n"
      "in float gl_ClipDistance[3];\n"
      "void main() {\n"
      "   gl_FragColor = vec4(gl_ClipDistance[2], gl_ClipDistance[1],\n"
      "                       0.0, 1.0);\n"
      "}\n");
   nir_shader *ref = l.prog->nir[MESA_SHADER_VERTEX];
   nir_shader *vs = nir_shader_clone(l.mem, ref);
   nir_shader *fs =
      nir_shader_clone(l.mem, l.prog->nir[MESA_SHADER_FRAGMENT]);
   assert_true(agx_preprocess_nir(vs));
   assert_true(agx_preprocess_nir(fs));
   int loc = glsl_program_attrib_location(l.prog, "a_position");
   assert_true(loc >= 0);
   struct agx_shader_key vkey = {0}, fkey = {0};
   vkey.vs.attribs[loc] =
      (struct agx_attribute_key){PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 0, 16, 0};
   vkey.vs.clip_plane_enable = 0x1;
   vkey.vs.clip_distance_varyings = true;
   fkey.fs.rt[0].format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   struct agx_shader_binary vbin, fbin;
   char error[256] = "";
   if (!agx_test_compile_lowered(vs, &vkey, l.mem, &vbin, error, sizeof(error)))
      fail_msg("VS: %s", error);
   if (!agx_test_compile_lowered(fs, &fkey, l.mem, &fbin, error, sizeof(error)))
      fail_msg("FS: %s", error);

   /* Vertex side: distances 0-2 as smooth words, plane 0 for the clipper
    * too. */
   const struct agx_varyings_vs *vv = &vbin.info.vs;
   unsigned w = vv->slot_word[VARYING_SLOT_CLIP_DIST0];
   assert_true(w != 0xff);
   assert_true(vv->nr_32_smooth >= 3);
   assert_int_equal(vv->clip_distance_mask, 0x1);
   struct agx_test_draw draw = {0};
   expect_distance_words(&vbin, &draw, w, 3);

   /* Fragment side: distances 1 and 2 through one perspective binding;
    * constant planes (W = 1) give the values back. */
   const struct agx_varyings_fs *ff = &fbin.info.fs;
   const struct agx_cf_binding *bd = NULL;
   for (unsigned b = 0; b < ff->nr_bindings; ++b) {
      if (ff->bindings[b].slot == VARYING_SLOT_CLIP_DIST0)
         bd = &ff->bindings[b];
   }
   assert_non_null(bd);
   assert_true(bd->perspective && !bd->flat);
   assert_true(bd->offset + bd->count >= 3 && bd->offset <= 1);
   float planes[8][3] = {{0, 0, 1}};
   for (unsigned c = 0; c < bd->count; ++c)
      planes[bd->cf_base + c][2] = 0.25f * (float)(bd->offset + c + 1);
   uint8_t tib[32 * 16];
   if (agx_test_run_fs(&fbin, &draw, (const float(*)[3])planes, ff->nr_cf,
                       tib, 16, NULL, error, sizeof(error)) !=
       ASAHI_SIM_STOPPED)
      fail_msg("FS sim: %s", error);
   float px[4];
   memcpy(px, &tib[16 * 5], 16);
   /* gl_ClipDistance[2] = 0.75, [1] = 0.5 */
   assert_float_equal(px[0], 0.75f, 0);
   assert_float_equal(px[1], 0.5f, 0);
   ralloc_free(l.mem);
}

/* Loop-carried values that rotate (a, b, c = b, c, a) a number of times
 * each vertex chooses: the phi copies at the loop's top form a cycle
 * (parallel copies, agx_ra.c), which agx_lower_pseudo breaks with
 * register exchanges, under lanes that leave the loop at different
 * iterations. */
static const char *vs_rotate =
   "attribute vec4 a_position;\n"
   "attribute vec3 a_color;\n"
   "uniform mat4 u_mvp;\n"
   "varying vec3 v_color;\n"
   "varying float v_k;\n"
   "void main() {\n"
   "   gl_Position = u_mvp * a_position;\n"
   "   float a = a_color.x, b = a_color.y, c = a_position.z;\n"
   "   int n = int(a_position.y * 8.0 + 8.0);\n"
   "   for (int i = 0; i < 100; i++) {\n"
   "      if (i >= n) break;\n"
   "      float t = a; a = b; b = c; c = t;\n"
   "   }\n"
   "   v_color = vec3(a, b, c);\n"
   "   v_k = float(n) / 16.0;\n"
   "}\n";

static void
test_glsl_rotating_phis(void **state)
{
   (void)state;
   struct agx_shader_info vs =
      stage_info(vs_rotate, fs_plain, MESA_SHADER_VERTEX);
   assert_true(vs.nr_copy_swaps > 0);
   check_program(vs_rotate, fs_plain, false);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_glsl_pair),
      cmocka_unit_test(test_glsl_discard_fragcoord),
      cmocka_unit_test(test_glsl_return),
      cmocka_unit_test(test_glsl_indexed_varyings),
      cmocka_unit_test(test_glsl_indexed_output_arrays),
      cmocka_unit_test(test_glsl_sampler_array_index),
      cmocka_unit_test(test_glsl_interpolation_qualifiers),
      cmocka_unit_test(test_glsl_clip_distances),
      cmocka_unit_test(test_glsl_scratch_arrays),
      cmocka_unit_test(test_glsl_mediump),
      cmocka_unit_test(test_glsl_mediump_int),
      cmocka_unit_test(test_glsl_mix_single_ffma),
      cmocka_unit_test(test_glsl_pow_multiplies),
      cmocka_unit_test(test_glsl_bit_test),
      cmocka_unit_test(test_glsl_step_select),
      cmocka_unit_test(test_glsl_fused_iadd),
      cmocka_unit_test(test_glsl_loop_cse),
      cmocka_unit_test(test_glsl_precision_scope),
      cmocka_unit_test(test_glsl_mediump_inputs),
      cmocka_unit_test(test_glsl_mediump_outputs),
      cmocka_unit_test(test_glsl_mediump_varyings),
      cmocka_unit_test(test_glsl_spilling),
      cmocka_unit_test(test_glsl_spilling_divergent),
      cmocka_unit_test(test_glsl_rotating_phis),
      cmocka_unit_test(test_glsl_wide_vertex_stride),
      cmocka_unit_test(test_glsl_fs_clip_distance),
      cmocka_unit_test(test_glsl_cull_distance_varyings),
      cmocka_unit_test(test_glsl_fixed_point_size),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
