/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: shaders are linked and run on the NIR interpreter; every
 * expected value is worked out by hand from the GLSL specification (the
 * working is in the comments).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link_test_util.h"
#include "glsl_to_nir.h"
#include "nir_passes.h"

/* ---- the first-pixel pair ------------------------------------------------- */

static const char *fp_vs =
   "attribute vec4 a_position;\n"
   "attribute vec3 a_color;\n"
   "uniform mat4 u_mvp;\n"
   "varying vec3 v_color;\n"
   "varying vec2 v_uv;\n"
   "void main() {\n"
   "   v_color = a_color.bgr * 0.5 + vec3(0.25);\n"
   "   v_uv = a_position.xy;\n"
   "   gl_Position = u_mvp * a_position;\n"
   "}\n";

static const char *fp_fs =
   "precision mediump float;\n"
   "varying vec3 v_color;\n"
   "uniform vec4 u_tint;\n"
   "uniform float u_scale;\n"
   "void main() {\n"
   "   vec3 c = clamp(v_color * u_scale, 0.0, 1.0);\n"
   "   gl_FragColor = vec4(c, 1.0) * u_tint + vec4(max(c.r, c.g));\n"
   "}\n";

static void
test_first_pixel(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = test_link(mem, 100, true, NULL,
                                      MESA_SHADER_VERTEX, fp_vs,
                                      MESA_SHADER_FRAGMENT, fp_fs);
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);

   /* Two active attributes, three uniforms, one varying (v_uv is not
    * read by the fragment shader), gl_FragColor. */
   assert_int_equal(p->num_attribs, 2);
   assert_int_equal(p->num_uniforms, 3);
   assert_int_equal(p->num_varyings, 1);
   assert_string_equal(p->varyings[0].name, "v_color");
   assert_int_equal(p->num_frag_outputs, 1);
   assert_int_equal(p->frag_outputs[0].location, FRAG_RESULT_COLOR);
   int loc_pos = glsl_program_attrib_location(p, "a_position");
   int loc_col = glsl_program_attrib_location(p, "a_color");
   assert_true(loc_pos >= 0 && loc_col >= 0 && loc_pos != loc_col);
   assert_int_equal(glsl_program_attrib_location(p, "nope"), -1);
   /* GL_FLOAT_MAT4 (0x8B5C), GL_FLOAT_VEC4 (0x8B52), GL_FLOAT (0x1406) */
   int loc_mvp = glsl_program_uniform_location(p, "u_mvp");
   const struct glsl_program_uniform *mvp =
      glsl_program_uniform_at(p, loc_mvp, NULL);
   assert_non_null(mvp);
   assert_int_equal(mvp->gl_type, 0x8B5C);
   assert_int_equal(mvp->array_stride_B, 64);
   assert_int_equal(glsl_program_uniform_at(
                       p, glsl_program_uniform_location(p, "u_tint"), NULL)
                       ->gl_type, 0x8B52);
   assert_int_equal(glsl_program_uniform_at(
                       p, glsl_program_uniform_location(p, "u_scale"), NULL)
                       ->gl_type, 0x1406);

   struct test_uniforms u;
   test_uniforms_init(&u, p);
   /* Column-major: scale x by 2, translate by (1, -1, 0). */
   const float m[16] = { 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, -1, 0, 1 };
   assert_true(test_set_floats(&u, p, "u_mvp", m, 16));
   const float tint[4] = { 1.0f, 0.5f, 2.0f, 1.0f };
   assert_true(test_set_floats(&u, p, "u_tint", tint, 4));
   const float scale = 2.0f;
   assert_true(test_set_floats(&u, p, "u_scale", &scale, 1));

   nir_const_value in[TEST_CELLS] = { 0 }, out[TEST_CELLS] = { 0 };
   const float pos[4] = { 0.5f, 0.25f, 0.75f, 1.0f };
   const float col[3] = { 0.2f, 0.4f, 0.6f };
   for (unsigned i = 0; i < 4; i++)
      in[loc_pos * 4 + i].f32 = pos[i];
   for (unsigned i = 0; i < 3; i++)
      in[loc_col * 4 + i].f32 = col[i];
   nir_eval_state es;
   assert_true(test_run(p->nir[MESA_SHADER_VERTEX], in, &u, out, &es));

   /* gl_Position = (2 * 0.5 + 1, 0.25 - 1, 0.75, 1) = (2, -0.75, 0.75, 1) */
   const float want_pos[4] = { 2.0f, -0.75f, 0.75f, 1.0f };
   for (unsigned i = 0; i < 4; i++)
      assert_float_equal(out[VARYING_SLOT_POS * 4 + i].f32, want_pos[i],
                         1e-6);
   /* v_color = bgr * 0.5 + 0.25 = (0.55, 0.45, 0.35) */
   int slot = p->varyings[0].location;
   const float want_col[3] = { 0.55f, 0.45f, 0.35f };
   for (unsigned i = 0; i < 3; i++)
      assert_float_equal(out[slot * 4 + i].f32, want_col[i], 1e-6);

   /* Fragment: the varying as input. */
   nir_const_value fin[TEST_CELLS] = { 0 }, fout[TEST_CELLS] = { 0 };
   for (unsigned i = 0; i < 3; i++)
      fin[slot * 4 + i].f32 = want_col[i];
   assert_true(test_run(p->nir[MESA_SHADER_FRAGMENT], fin, &u, fout, &es));
   /* c = clamp(2 * v) = (1, 0.9, 0.7); max(c.r, c.g) = 1;
    * colour = (1*1, 0.9*0.5, 0.7*2, 1*1) + 1 = (2, 1.45, 2.4, 2) */
   const float want_frag[4] = { 2.0f, 1.45f, 2.4f, 2.0f };
   for (unsigned i = 0; i < 4; i++)
      assert_float_equal(fout[FRAG_RESULT_COLOR * 4 + i].f32, want_frag[i],
                         1e-6);
   ralloc_free(mem);
}

/* ---- a fragment shader computing values, read from gl_FragColor -------- */

static void
frag_value(int version, const char *body, const float want[4], double tol)
{
   char src[4096];
   snprintf(src, sizeof(src), "#version %d\n%s", version, body);
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = test_link(mem, version, false, NULL,
                                      MESA_SHADER_FRAGMENT, src,
                                      MESA_SHADER_NONE, NULL);
   if (!p)
      fail_msg("does not compile");
   if (!p->link_status)
      fail_msg("%s\n%s", src, p->info_log);
   struct test_uniforms u;
   test_uniforms_init(&u, p);
   nir_const_value in[TEST_CELLS] = { 0 }, out[TEST_CELLS] = { 0 };
   nir_eval_state es;
   assert_true(test_run(p->nir[MESA_SHADER_FRAGMENT], in, &u, out, &es));
   for (unsigned i = 0; i < 4; i++) {
      float got = out[FRAG_RESULT_COLOR * 4 + i].f32;
      if (!(fabs(got - want[i]) <= tol))
         fail_msg("%s\ncomponent %u: got %.9g, want %.9g", body, i, got,
                  want[i]);
   }
   ralloc_free(mem);
}

static void
test_control_flow(void **state)
{
   /* for with continue: sum of odd i in 0..9 = 1+3+5+7+9 = 25; while
    * with break at 4: 0+1+2+3 = 6; do-while runs once: 1. */
   const float w1[4] = { 25, 6, 1, 10 };
   frag_value(130,
              "void main() {\n"
              "   float s = 0.0; int k = 0;\n"
              "   for (int i = 0; i < 10; i++) {\n"
              "      k++;\n"
              "      if (i % 2 == 0) continue;\n"
              "      s += float(i);\n"
              "   }\n"
              "   int j = 0; float t = 0.0;\n"
              "   while (true) { if (j == 4) break; t += float(j); j++; }\n"
              "   int d = 0;\n"
              "   do { d++; } while (d > 5);\n"
              "   gl_FragColor = vec4(s, t, float(d), float(k));\n"
              "}\n",
              w1, 0);
   /* switch: 2 falls into 3 -> 20 + 30 = 50; 7 takes default -> 1;
    * continue inside a switch inside a loop skips the add for i == 1:
    * 0 + 2 = 2 */
   const float w2[4] = { 50, 1, 2, 0 };
   frag_value(130,
              "float pick(int x) {\n"
              "   float r = 0.0;\n"
              "   switch (x) {\n"
              "   case 1: r = 10.0; break;\n"
              "   case 2: r += 20.0;\n"
              "   case 3: r += 30.0; break;\n"
              "   default: r = 1.0;\n"
              "   }\n"
              "   return r;\n"
              "}\n"
              "void main() {\n"
              "   float s = 0.0;\n"
              "   for (int i = 0; i < 3; i++) {\n"
              "      switch (i) { case 1: continue; default: break; }\n"
              "      s += float(i);\n"
              "   }\n"
              "   gl_FragColor = vec4(pick(2), pick(7), s, 0.0);\n"
              "}\n",
              w2, 0);
   /* Early return from inside a loop of an inlined function: first i
    * with i * i > 10 is 4; the function never reaches "return -1". */
   const float w3[4] = { 4, -1, 3, 1 };
   frag_value(130,
              "int first_square_above(int n) {\n"
              "   for (int i = 0; i < 100; i++) {\n"
              "      if (i * i > n) return i;\n"
              "   }\n"
              "   return -1;\n"
              "}\n"
              "void main() {\n"
              "   bool called = false;\n"
              "   float z = 1.0;\n"
              "   /* && short-circuits: z = 3 only runs once */\n"
              "   if (false && (z = 2.0) > 0.0) z = 5.0;\n"
              "   if (true || (z = 7.0) > 0.0) z += 2.0;\n"
              "   gl_FragColor = vec4(float(first_square_above(10)),\n"
              "                       float(first_square_above(100000)),\n"
              "                       z, z > 2.0 ? 1.0 : 0.0);\n"
              "}\n",
              w3, 0);
}

static void
test_functions_structs_arrays(void **state)
{
   /* out and inout parameters, struct copies and arrays with dynamic
    * indices. split(7.25): whole 7, frac 0.25; bump(x) doubles x and
    * returns the old value; a[] = {1, 4, 9}; a[k] with k = 2 -> 9;
    * S s2 = s1 is a copy: changing s1 afterwards leaves s2.v.y = 2. */
   const float want[4] = { 7.25f, 3.0f + 6.0f, 9.0f, 2.0f };
   frag_value(130,
              "struct S { vec2 v; float f[2]; };\n"
              "void split(float x, out float w, out float f) {\n"
              "   w = floor(x); f = x - w;\n"
              "}\n"
              "float bump(inout float x) { float o = x; x *= 2.0; return o; }\n"
              "void main() {\n"
              "   float w, f;\n"
              "   split(7.25, w, f);\n"
              "   float y = 3.0;\n"
              "   float old = bump(y);\n"
              "   float a[3];\n"
              "   for (int i = 0; i < 3; i++) a[i] = float((i + 1) * (i + 1));\n"
              "   int k = int(w) - 5;\n"
              "   S s1 = S(vec2(1.0, 2.0), float[2](3.0, 4.0));\n"
              "   S s2 = s1;\n"
              "   s1.v.y = 20.0;\n"
              "   gl_FragColor = vec4(w + f, old + y, a[k], s2.v.y);\n"
              "}\n",
              want, 0);
}

static void
test_constructors_and_matrices(void **state)
{
   /* mat2(1, 2, 3, 4) columns (1,2), (3,4); m * vec2(1, 1) = (4, 6);
    * vec2(1, 1) * m = (1 + 2, 3 + 4) = (3, 7); mat3(2.0)[1][1] = 2;
    * mat3(m)[2][2] = 1 (identity outside the copied 2x2). */
   const float w1[4] = { 4, 6, 3 + 7, 2 + 1 };
   frag_value(120,
              "void main() {\n"
              "   mat2 m = mat2(1.0, 2.0, 3.0, 4.0);\n"
              "   vec2 a = m * vec2(1.0);\n"
              "   vec2 b = vec2(1.0) * m;\n"
              "   mat3 d = mat3(2.0);\n"
              "   mat3 e = mat3(m);\n"
              "   gl_FragColor = vec4(a, b.x + b.y, d[1][1] + e[2][2]);\n"
              "}\n",
              w1, 0);
   /* m * m for m = [[1,2],[3,4]] (columns): column 0 = 1*(1,2) + 2*(3,4)
    * = (7, 10); column 1 = 3*(1,2) + 4*(3,4) = (15, 22). */
   const float w2[4] = { 7, 10, 15, 22 };
   frag_value(120,
              "void main() {\n"
              "   mat2 m = mat2(1.0, 2.0, 3.0, 4.0);\n"
              "   mat2 p = m * m;\n"
              "   gl_FragColor = vec4(p[0], p[1]);\n"
              "}\n",
              w2, 0);
   /* ivec and implicit conversions (GLSL 1.20: int -> float). */
   const float w3[4] = { 3.5f, 1, 0, 6 };
   frag_value(120,
              "void main() {\n"
              "   int i = 3;\n"
              "   float f = i + 0.5;\n"
              "   ivec2 v = ivec2(7, 2);\n"
              "   bvec2 b = bvec2(1.0, 0.0);\n"
              "   gl_FragColor = vec4(f, float(b.x), float(b.y), float(v.x - 1));\n"
              "}\n",
              w3, 0);
}

static void
test_builtins(void **state)
{
   const double pi = 3.14159265358979;
   /* atan(1) = pi/4, atan(-1, -1) = -3pi/4, asin(0.5) = pi/6,
    * acos(0.5) = pi/3 */
   const float w1[4] = { (float)(pi / 4), (float)(-3 * pi / 4),
                         (float)(pi / 6), (float)(pi / 3) };
   frag_value(110,
              "uniform float one;\n"
              "void main() {\n"
              "   gl_FragColor = vec4(atan(1.0), atan(-1.0, -1.0),\n"
              "                       asin(0.5), acos(0.5));\n"
              "}\n",
              w1, 1e-6);
   /* mod(-1.5, 1) = -1.5 - floor(-1.5) = 0.5; smoothstep(0, 2, 1):
    * t = 0.5, 0.25 * (3 - 1) = 0.5; mix(2, 4, 0.25) = 2.5;
    * clamp(5, 0, 3) = 3 */
   const float w2[4] = { 0.5f, 0.5f, 2.5f, 3.0f };
   frag_value(110,
              "void main() {\n"
              "   gl_FragColor = vec4(mod(-1.5, 1.0), smoothstep(0.0, 2.0, 1.0),\n"
              "                       mix(2.0, 4.0, 0.25), clamp(5.0, 0.0, 3.0));\n"
              "}\n",
              w2, 1e-6);
   /* cross(x, y) = z; length(3, 4) = 5; reflect((1, -1), (0, 1)) =
    * (1, -1) - 2 * (-1) * (0, 1) = (1, 1); distance = 5 */
   const float w3[4] = { 1, 5, 1 + 1, 5 };
   frag_value(110,
              "void main() {\n"
              "   vec3 c = cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0));\n"
              "   vec2 r = reflect(vec2(1.0, -1.0), vec2(0.0, 1.0));\n"
              "   gl_FragColor = vec4(c.z, length(vec2(3.0, 4.0)), r.x + r.y,\n"
              "                       distance(vec2(0.0), vec2(3.0, 4.0)));\n"
              "}\n",
              w3, 1e-6);
   /* determinant([[2,0,0],[0,3,0],[1,0,4]] columns) = 2*3*4 = 24 (the
    * third column's 1 sits below the diagonal of a triangular matrix);
    * inverse(mat2(4, 0, 0, 2)) = mat2(0.25, 0, 0, 0.5). */
   const float w4[4] = { 24, 0.25f, 0.5f, 0 };
   frag_value(150,
              "void main() {\n"
              "   mat3 m = mat3(2.0, 0.0, 1.0, 0.0, 3.0, 0.0, 0.0, 0.0, 4.0);\n"
              "   mat2 i = inverse(mat2(4.0, 0.0, 0.0, 2.0));\n"
              "   gl_FragColor = vec4(determinant(m), i[0][0], i[1][1], i[1][0]);\n"
              "}\n",
              w4, 1e-6);
   /* any/all/lessThan, step, sign, fract, exp2/log2, pow */
   const float w5[4] = { 1, 0, 0.25f, 8 };
   frag_value(110,
              "void main() {\n"
              "   bvec3 lt = lessThan(vec3(1.0, 2.0, 3.0), vec3(2.0));\n"
              "   float a = any(lt) && !all(lt) ? 1.0 : 0.0;\n"
              "   gl_FragColor = vec4(a, step(1.0, 0.5), fract(-0.75),\n"
              "                       pow(2.0, 3.0));\n"
              "}\n",
              w5, 1e-6);
}

/* The callback sees the lookup: returns (s, t, texture index, op). */
/* Runs the linked program's fragment shader on the NIR interpreter with
 * its default uniforms and the texture unit `tex`; its outputs in out. */
static void
run_fs_with_tex(struct glsl_program *p, nir_eval_tex_cb tex,
                nir_const_value *out)
{
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   struct test_uniforms u;
   test_uniforms_init(&u, p);
   nir_eval_state es;
   memset(&es, 0, sizeof(es));
   es.uniforms = u.cells;
   es.num_uniform_cells = TEST_CELLS;
   es.outputs = out;
   es.num_output_cells = TEST_CELLS;
   es.tex = tex;
   assert_true(nir_eval_run(p->nir[MESA_SHADER_FRAGMENT], &es));
}

static bool
echo_tex(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
         nir_const_value *result)
{
   int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   result[0].f32 = ci >= 0 ? srcs[ci][0].f32 : -1.0f;
   result[1].f32 = ci >= 0 ? srcs[ci][1].f32 : -1.0f;
   result[2].f32 = (float)tex->texture_index;
   result[3].f32 = (float)tex->op;
   return true;
}

static void
test_texture_lookups(void **state)
{
   void *mem = ralloc_context(NULL);
   /* texture2DProj divides by the last component: (0.5, 1.5) / 2.
    * a is never used, so it is not an active uniform and gets no sampler
    * index: arr takes indices 0 and 1, and arr[1] is 1. */
   struct glsl_program *p = test_link(
      mem, 110, false, NULL, MESA_SHADER_FRAGMENT,
      "uniform sampler2D a;\n"
      "uniform sampler2D arr[2];\n"
      "void main() {\n"
      "   gl_FragColor = texture2DProj(arr[1], vec3(0.5, 1.5, 2.0));\n"
      "}\n",
      MESA_SHADER_NONE, NULL);
   nir_const_value out[TEST_CELLS] = { 0 };
   run_fs_with_tex(p, echo_tex, out);
   const float want[4] = { 0.25f, 0.75f, 1.0f, (float)nir_texop_tex };
   for (unsigned i = 0; i < 4; i++)
      assert_float_equal(out[FRAG_RESULT_COLOR * 4 + i].f32, want[i], 0);
   ralloc_free(mem);
}

/* gl_FragData[0 .. n - 1] (or out vec4 o[n]) of a run equal want's rows */
static void
check_frag_data(const nir_const_value *out, const float (*want)[4],
                unsigned n)
{
   for (unsigned k = 0; k < n; k++) {
      for (unsigned i = 0; i < 4; i++)
         assert_float_equal(out[(FRAG_RESULT_DATA0 + k) * 4 + i].f32,
                            want[k][i], 0);
   }
}

/* A stand-in texture unit for gathers: x the reference (-1 without),
 * y the coordinate count, z the array flag, w 100 (component + 1) plus
 * 10 x + y of the offset. */
static bool
gather_tex(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
           nir_const_value *result)
{
   (void)data;
   if (tex->op != nir_texop_tg4)
      return false;
   int oi = nir_tex_instr_src_index(tex, nir_tex_src_offset);
   int ri = nir_tex_instr_src_index(tex, nir_tex_src_comparator);
   int off = oi >= 0 ? 10 * srcs[oi][0].i32 + srcs[oi][1].i32 : 0;
   result[0].f32 = ri >= 0 ? srcs[ri][0].f32 : -1.0f;
   result[1].f32 = (float)tex->coord_components;
   result[2].f32 = tex->is_array ? 1.0f : 0.0f;
   result[3].f32 = (float)(100 * (int)(tex->component + 1) + off);
   return true;
}

static void
test_gathers(void **state)
{
   void *mem = ralloc_context(NULL);
   /* GLSL 4.00 section 8.9.3: textureGatherOffsets is texel i0j0 (the w
    * of a gather) of the footprint at each of the four offsets; comp
    * selects the channel (2: 300 + offset); a shadow gather takes refZ as
    * its reference and gathers channel 0; textureGatherOffset on a 2D
    * array passes the layer (3 coordinates). */
   struct glsl_program *p = test_link(
      mem, 330, false, NULL, MESA_SHADER_FRAGMENT,
      "#version 330\n"
      "#extension GL_ARB_gpu_shader5 : require\n"
      "uniform sampler2D s;\n"
      "uniform sampler2DShadow ss;\n"
      "uniform sampler2DArray sa;\n"
      "out vec4 o[3];\n"
      "void main() {\n"
      "   const ivec2 offs[4] = ivec2[4](ivec2(1, 2), ivec2(3, 4),\n"
      "                                  ivec2(5, 6), ivec2(7, 1));\n"
      "   o[0] = textureGatherOffsets(s, vec2(0.5), offs, 2);\n"
      "   o[1] = textureGather(ss, vec2(0.5), 0.25);\n"
      "   o[2] = textureGatherOffset(sa, vec3(0.5), ivec2(3, 4));\n"
      "}\n",
      MESA_SHADER_NONE, NULL);
   nir_const_value out[TEST_CELLS] = { 0 };
   run_fs_with_tex(p, gather_tex, out);
   const float want[3][4] = {
      { 312.0f, 334.0f, 356.0f, 371.0f },
      { 0.25f, 2.0f, 0.0f, 100.0f },
      { -1.0f, 3.0f, 1.0f, 134.0f },
   };
   check_frag_data(out, want, 3);
   ralloc_free(mem);
}

/* A stand-in texture unit for the queries: an LOD query answers
 * (10 coordinate components + 100 if it has a reference, its first
 * coordinate); a sample-count query 7 + 10 per source (it has none:
 * the linker made the sampler an index). */
static bool
query_tex(void *data, const nir_tex_instr *tex, nir_const_value **srcs,
          nir_const_value *result)
{
   (void)data;
   int ci = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   bool ref = nir_tex_instr_src_index(tex, nir_tex_src_comparator) >= 0;
   if (tex->op == nir_texop_lod && ci >= 0 &&
       tex->dest_type == nir_type_float32 && tex->def.num_components == 2) {
      result[0].f32 = (float)(10 * tex->coord_components + (ref ? 100 : 0));
      result[1].f32 = srcs[ci][0].f32;
      return true;
   }
   if (tex->op == nir_texop_texture_samples &&
       tex->dest_type == nir_type_int32 && tex->def.num_components == 1) {
      result[0].i32 = 7 + 10 * (int)tex->num_srcs;
      return true;
   }
   return false;
}

static void
test_texture_queries(void **state)
{
   void *mem = ralloc_context(NULL);
   /* textureQueryLod's coordinate has no layer and no reference, for
    * array and shadow samplers too (GLSL 4.00 section 8.9.1: the
    * sampler2DArray form takes a vec2, samplerCubeShadow a vec3);
    * textureSamples takes the sampler alone (GLSL 4.50 section 8.9.1). */
   struct glsl_program *p = test_link(
      mem, 130, false, NULL, MESA_SHADER_FRAGMENT,
      "#version 130\n"
      "#extension GL_ARB_texture_query_lod : require\n"
      "#extension GL_ARB_texture_multisample : require\n"
      "#extension GL_ARB_shader_texture_image_samples : require\n"
      "uniform sampler2DArray a;\n"
      "uniform samplerCubeShadow cs;\n"
      "uniform usampler2DMSArray m;\n"
      "out vec4 o[2];\n"
      "void main() {\n"
      "   o[0] = vec4(textureQueryLOD(a, vec2(0.25, 0.5)),\n"
      "               textureQueryLOD(cs, vec3(0.75, 0.0, 1.0)));\n"
      "   o[1] = vec4(float(textureSamples(m)), 0.0, 0.0, 1.0);\n"
      "}\n",
      MESA_SHADER_NONE, NULL);
   nir_const_value out[TEST_CELLS] = { 0 };
   run_fs_with_tex(p, query_tex, out);
   const float want[2][4] = {
      { 20.0f, 0.25f, 30.0f, 0.75f },
      { 7.0f, 0.0f, 0.0f, 1.0f },
   };
   check_frag_data(out, want, 2);
   ralloc_free(mem);
}

/* ARB_shader_texture_lod: fragment shaders reach the Lod lookups and
 * every stage the *GradARB ones, whose projected forms divide by q
 * (echo_tex answers (s, t, texture, op)). */
static void
test_shader_texture_lod(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_program *p = test_link(
      mem, 110, false, NULL, MESA_SHADER_FRAGMENT,
      "#extension GL_ARB_shader_texture_lod : require\n"
      "uniform sampler2D s;\n"
      "uniform sampler2DShadow ss;\n"
      "void main() {\n"
      "   vec4 a = texture2DLod(s, vec2(0.5, 0.25), 1.0);\n"
      "   vec4 b = texture2DProjGradARB(s, vec4(1.0, 0.5, 0.0, 2.0),\n"
      "                                 vec2(0.0), vec2(0.0));\n"
      "   vec4 c = shadow2DGradARB(ss, vec3(0.125, 0.5, 0.5), vec2(0.0),\n"
      "                            vec2(0.0));\n"
      "   gl_FragData[0] = vec4(a.xw, b.yw);\n"
      "   gl_FragData[1] = vec4(b.x, c.x, c.w, 0.0);\n"
      "}\n",
      MESA_SHADER_NONE, NULL);
   nir_const_value out[TEST_CELLS] = { 0 };
   run_fs_with_tex(p, echo_tex, out);
   /* texture2DProjGradARB: (1, 0.5) / 2; shadow2DGradARB keeps the four
    * channels of the lookup, as shadow2D does (glsl_to_nir_texture.c) */
   const float want[2][4] = {
      { 0.5f, (float)nir_texop_txl, 0.25f, (float)nir_texop_txd },
      { 0.5f, 0.125f, (float)nir_texop_txd, 0.0f },
   };
   check_frag_data(out, want, 2);
   ralloc_free(mem);
}

/* ---- locals kept as SSA values (glsl_to_nir_ssa.c) --------------------- */

/* Assignments the translation must not take for straight-line code:
 * in a loop condition, on the right of &&, in a ?: branch, through an
 * out argument under an if, in a loop body; and swizzled and indexed
 * writes, and a parameter its function assigns.
 *   while: t = 2, 1 pass (n = 2), t = 0 stops;  b stays 0 (&& skips);
 *   c = (c = 4) + 1 = 5;  twice(3) = 6;  bump(w) under the if: w = 1;
 *   v = (1,2,3) -> .zx = (7,8): (8,2,7) -> v[1] = 9: (8,9,7), 24;
 *   a = 1 + 0 + 1 + 2 = 4.  So (2 + 0, 5 + 6 + 1, 24 + 4, false). */
static void
test_ssa_locals(void **state)
{
   const float want[4] = { 2, 12, 28, 0 };
   frag_value(130,
              "void bump(inout float x) { x += 1.0; }\n"
              "float twice(float x) { x = x * 2.0; return x; }\n"
              "void main() {\n"
              "   float a = 1.0;\n"
              "   float t = 3.0;\n"
              "   float n = 0.0;\n"
              "   while ((t = t - 1.0) > 0.0) n += 1.0;\n"
              "   float b = 0.0;\n"
              "   bool f = false;\n"
              "   bool g = f && ((b = 5.0) > 0.0);\n"
              "   float c = 2.0;\n"
              "   c = (a > 0.0) ? (c = 4.0) + 1.0 : c;\n"
              "   vec3 v = vec3(1.0, 2.0, 3.0);\n"
              "   v.zx = vec2(7.0, 8.0);\n"
              "   int i = 1;\n"
              "   v[i] = 9.0;\n"
              "   float w = 0.0;\n"
              "   if (a > 0.0) bump(w);\n"
              "   for (float k = 0.0; k < 3.0; k += 1.0) a += k;\n"
              "   gl_FragColor = vec4(n + b, c + twice(3.0) + w,\n"
              "                       v.x + v.y + v.z + a, float(g));\n"
              "}\n",
              want, 0);
}

/* Locals assigned in branches (phis at the joins, glsl_to_nir_ssa.c),
 * with conditions only known at run time (z = 0, so one = 1):
 *   a, b: each written in one branch: a = 10, b = 2;  c: a one-armed if
 *   not taken: 3;  d: nested ifs, two writes in the inner else: 42;
 *   k: read and written twice in a branch: (1 + 1) * 3 = 6;
 *   57 + 6 = 63.
 *   e: || skips its right side (5), && runs it (6), then the loop adds
 *   t = 1 once before the if assigning t breaks: 7;  f = (f = 8) + 1 = 9;
 *   cnt: i = 0 continues, i = 1 adds 2, i = 2 breaks: 2.
 *   7 + 9 + 2000 = 2016.
 *   w = 1 (inout argument under the taken branch), y: setp in the else
 *   not taken, then setp in the else taken: 7;  v.zx under an if:
 *   (8, 2, 7) -> 8 + 20 + 700;  pick(1): its early return not taken,
 *   p assigned after it: 3.  1 + 7 + 728 + 3 = 739.
 *   g = h = true: 1 + 2;  s: else-if chain, middle arm: 2 * 4; 11. */
static void
test_ssa_branch_joins(void **state)
{
   const float want[4] = { 63, 2016, 739, 11 };
   frag_value(130,
              "uniform float z;\n"
              "void bump(inout float x) { x += 1.0; }\n"
              "void setp(out float x) { x = 7.0; }\n"
              "float pick(float p) { if (z > 1.0) return 100.0;\n"
              "                      p = p + 2.0; return p; }\n"
              "void main() {\n"
              "   float one = z + 1.0;\n"
              "   float a = 1.0, b = 2.0, c = 3.0, d = 4.0;\n"
              "   if (one > 0.5) a = 10.0; else b = 20.0;\n"
              "   if (one < 0.5) c = 30.0;\n"
              "   if (one > 0.5) { if (one > 2.0) d = 40.0;\n"
              "                    else { d = 41.0; d += 1.0; } }\n"
              "   float k = 1.0;\n"
              "   if (one > 0.5) { k = k + 1.0; k = k * 3.0; }\n"
              "   float e = 5.0;\n"
              "   bool g = (one > 0.5) || ((e = 50.0) > 0.0);\n"
              "   bool h = (one > 0.5) && ((e += 1.0) > 0.0);\n"
              "   for (int i = 0; i < 2; i++) {\n"
              "      float t = 1.0;\n"
              "      if (i == 1) { t = 5.0; break; }\n"
              "      e += t;\n"
              "   }\n"
              "   float f = 0.0;\n"
              "   f = (one > 0.5) ? (f = 8.0) + 1.0 : (f = 100.0);\n"
              "   float cnt = 0.0;\n"
              "   for (int i = 0; i < 3; i++) {\n"
              "      float q = 0.0;\n"
              "      if (i == 0) { q = 1.0; continue; }\n"
              "      q = 2.0;\n"
              "      if (i == 2) { q = 4.0; break; } else cnt += q;\n"
              "   }\n"
              "   float w = 0.0, y = 0.0;\n"
              "   if (one > 0.5) bump(w); else setp(y);\n"
              "   if (one < 0.5) bump(y); else setp(y);\n"
              "   vec3 v = vec3(1.0, 2.0, 3.0);\n"
              "   if (one > 0.5) v.zx = vec2(7.0, 8.0);\n"
              "   float r = pick(one);\n"
              "   float s = 0.0;\n"
              "   if (one > 2.0) s = 1.0; else if (one > 0.5) s = 2.0;\n"
              "   else s = 3.0;\n"
              "   gl_FragColor = vec4(a + b + c + d + k, e + f + cnt * 1000.0,\n"
              "                       w + y + v.x + v.y * 10.0 + v.z * 100.0 + r,\n"
              "                       float(g) + float(h) * 2.0 + s * 4.0);\n"
              "}\n",
              want, 0);
}

/* Inlined bodies whose only return ends them run in line; the others
 * leave early through a loop.  side: 1 + 3 = 4; early: 4 <= 100, so
 * 4 + 1 = 5 (its return is not the last statement); last(2) = 2 * 2 + 1
 * = 5; swap(1, 2).x = 2; diag(3)[1][1] = 3. */
static void
test_inline_straight_bodies(void **state)
{
   const float want[4] = { 5, 5, 2, 3 };
   frag_value(130,
              "float last(float x) { float y = x * 2.0; return y + 1.0; }\n"
              "vec2 swap(vec2 v) { return v.yx; }\n"
              "void side(inout float s) { s += 3.0; }\n"
              "void early(inout float s) { if (s > 100.0) return; s += 1.0; }\n"
              "mat2 diag(float k) { return mat2(k); }\n"
              "void main() {\n"
              "   float s = 1.0;\n"
              "   side(s);\n"
              "   early(s);\n"
              "   gl_FragColor = vec4(s, last(2.0), swap(vec2(1.0, 2.0)).x,\n"
              "                       diag(3.0)[1][1]);\n"
              "}\n",
              want, 0);
}

/* A fragment shader compiled and translated alone, before any pass. */
static struct glsl_nir_stage *
translate_fs(void *mem, const char *src)
{
   struct glsl_compile_options opts = { .stage = MESA_SHADER_FRAGMENT };
   struct glsl_parse_state *st =
      glsl_compile_shader(mem, src, strlen(src), &opts);
   assert_non_null(st);
   assert_int_equal(st->log.errors, 0);
   struct glsl_nir_stage *ns = glsl_to_nir(mem, &st, 1, NULL);
   assert_non_null(ns);
   if (ns->error)
      fail_msg("%s", ns->error);
   return ns;
}

/* The translation itself (before any optimisation): the locals no loop
 * assigns have no variable, neither those straight-line code assigns nor
 * the parameter p an inlined body assigns under an if (a phi at the
 * join); l, which a loop body assigns, and m, which a loop condition
 * assigns, keep theirs; f, whose only return ends it, needs no
 * "returned" flag nor "retval" variable. */
static void
test_ssa_locals_have_no_variable(void **state)
{
   static const char src[] =
      "#version 330\n"
      "uniform vec4 u;\n"
      "out vec4 o;\n"
      "float f(float p, float q) { if (q > 0.0) p = q; return p + q; }\n"
      "void main() {\n"
      "   float s = u.x;\n"
      "   s = s * 2.0;\n"
      "   vec2 q = u.yz;\n"
      "   q.y = s;\n"
      "   s++;\n"
      "   float l = u.w;\n"
      "   if (u.x > 0.0) l = 1.0;\n"
      "   float m = u.y;\n"
      "   while ((m = m - 1.0) > 0.0) l += 1.0;\n"
      "   o = vec4(s, q, l + m + f(s, u.z));\n"
      "}\n";
   void *mem = ralloc_context(NULL);
   struct glsl_nir_stage *ns = translate_fs(mem, src);
   unsigned found = 0, others = 0;
   nir_foreach_function_impl(impl, ns->nir) {
      list_for_each_entry(nir_variable, var, &impl->locals, link) {
         const char *name = var->name ? var->name : "";
         if (!strcmp(name, "l") || !strcmp(name, "m"))
            found++;
         else if (!strcmp(name, "s") || !strcmp(name, "q") ||
                  !strcmp(name, "p"))
            fail_msg("local '%s' kept a variable", name);
         else if (!strcmp(name, "returned") || !strcmp(name, "retval"))
            fail_msg("f, whose only return ends it, was inlined with "
                     "'%s'", name);
         else
            others++;
      }
   }
   assert_int_equal(found, 2);
   (void)others;
   ralloc_free(mem);
}

/* Loop bodies ending in an if whose branches both jump (issue #18: "phi
 * has 2 sources for 3 predecessors").  The empty block after such an if
 * is unreachable but falls through to the loop's head or to an outer
 * join, so it is a predecessor there and a phi needs a source from it.
 * z = 0 (the default uniform value), so one = 1.
 *   trips: i = 0, 1 continue, i = 2 breaks: 3;  k (do-while): 1, 2
 *   continue, 3 breaks: 3;  m (while): 2, 4 continue, 6 breaks: 6;
 *   3 + 30 + 600 = 633.
 *   acc (t and u are values, the ifs join them): i = 0: u = 3, +0.5;
 *   i = 1: u = 3, t = 2 + 100; i = 2, 3: 3 + 0.5 each; i = 4: u = 8,
 *   continue; i = 5: u = 3, t * 1000 = 10000, break:
 *   3.5 + 105 + 7 + 3.5 + 10003 = 10118.5.
 *   nest: inner loops run 1, 2, 3 trips, the outer one breaks at i = 2:
 *   6;  firstf(0) = 0 + 0 + 5 (first trip returns), firstf(2) = -1
 *   (the else returns): 6 + 50 - 100 = -44.
 *   cnt: the statement after the if is never reached: 4. */
static const char jump_ends_fs[] =
   "uniform float z;\n"
   "float firstf(float x) {\n"
   "   for (int i = 0; i < 4; i++) {\n"
   "      if (float(i) >= x) { return float(i) + x * 2.0 + 5.0; }\n"
   "      else { return -1.0; }\n"
   "   }\n"
   "   return -2.0;\n"
   "}\n"
   "void main() {\n"
   "   float one = z + 1.0;\n"
   "   int trips = 0;\n"
   "   for (int i = 0; i < 5; i++) {\n"
   "      trips++;\n"
   "      if (i < 2) continue; else break;\n"
   "   }\n"
   "   int k = 0;\n"
   "   do { k++; if (k < 3) continue; else break; } while (true);\n"
   "   int m = 0;\n"
   "   while (true) { m += 2; if (m < 6) { continue; } else { break; } }\n"
   "   float acc = 0.0;\n"
   "   for (int i = 0; i < 6; i++) {\n"
   "      float t = float(i) * 2.0;\n"
   "      float u = 1.0;\n"
   "      if (i == 4) { if (z > 0.5) { u = 7.0; break; }\n"
   "                    else { u = 8.0; continue; } }\n"
   "      else { u = 3.0; }\n"
   "      acc += u;\n"
   "      if (i == 1) { t = t + 100.0; acc += t; continue; }\n"
   "      else { if (i == 5) { acc += t * 1000.0; break; }\n"
   "             else { acc += 0.5; continue; } }\n"
   "   }\n"
   "   float nest = 0.0;\n"
   "   for (int i = 0; i < 4; i++) {\n"
   "      for (int j = 0; j < 4; j++) {\n"
   "         nest += 1.0;\n"
   "         if (j >= i) break; else continue;\n"
   "      }\n"
   "      if (i < 2) continue; else break;\n"
   "   }\n"
   "   float cnt = z + 4.0;\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      if (i == 0) { continue; }\n"
   "      else { break; }\n"
   "      cnt += 1.0;\n"
   "   }\n"
   "   gl_FragColor = vec4(float(trips + k * 10 + m * 100), acc,\n"
   "                       nest + firstf(z) * 10.0 + firstf(one) * 100.0,\n"
   "                       cnt);\n"
   "}\n";

/* main returning from both branches inside a loop: the first value
 * written stays. */
static const char return_ends_fs[] =
   "uniform float z;\n"
   "void main() {\n"
   "   gl_FragColor = vec4(1.0);\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      if (z > 0.5) { gl_FragColor = vec4(2.0); return; }\n"
   "      else { return; }\n"
   "   }\n"
   "   gl_FragColor = vec4(3.0);\n"
   "}\n";

/* Siblings, z = 0: an if both of whose branches end in such ifs (x is
 * loop-assigned, a variable): i = 0, 1 continue with y = 2, i = 2
 * continues from the inner if: x = 3, y = 2.  A switch in a loop: case 0
 * breaks the switch (y = 3), case 1 adds 2 to x and continues, default
 * continues: x = 5.  w, a value in a while body: k = 2 adds 1: x = 6;
 * k = 1, 3 continue: k = 3. */
static const char nested_jump_ends_fs[] =
   "uniform float z;\n"
   "void main() {\n"
   "   float x = z;\n"
   "   float y = 0.0;\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      x += 1.0;\n"
   "      if (x > 2.0) { if (z > 0.0) break; else continue; }\n"
   "      else { if (z < 1.0) { y = 2.0; continue; } else return; }\n"
   "      x = 5.0;\n"
   "   }\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      switch (i) {\n"
   "      case 0: if (z > 0.0) continue; else break;\n"
   "      case 1: x += 2.0; if (z > 0.0) { break; } else { continue; }\n"
   "      default: if (z > 0.0) return; else continue;\n"
   "      }\n"
   "      y += 1.0;\n"
   "   }\n"
   "   int k = 0;\n"
   "   while (k < 3) {\n"
   "      k++;\n"
   "      float w = z;\n"
   "      if (k == 2) { w = 1.0; }\n"
   "      else { if (z > 0.5) { w = 2.0; break; }\n"
   "             else { w = 3.0; continue; } }\n"
   "      x += w;\n"
   "   }\n"
   "   gl_FragColor = vec4(x, y, float(k), 1.0);\n"
   "}\n";

/* The NIR right after translation validates (every pass after it is
 * validated in debug builds; this checks release builds too). */
static void
assert_translation_valid(const char *body)
{
   char src[4096];
   snprintf(src, sizeof(src), "#version 130\n%s", body);
   void *mem = ralloc_context(NULL);
   struct glsl_nir_stage *ns = translate_fs(mem, src);
   char *msg = NULL;
   nir_lower_vars_to_ssa(ns->nir);
   if (!nir_validate_shader_msg(ns->nir, mem, &msg))
      fail_msg("after nir_lower_vars_to_ssa:\n%s", msg);
   ralloc_free(mem);
}

/* fs (GLSL 1.30) computes want, and its translation validates. */
static void
frag_value_valid(const char *fs, const float want[4])
{
   frag_value(130, fs, want, 0);
   assert_translation_valid(fs);
}

static void
test_loop_bodies_ending_in_jumps(void **state)
{
   const float want[4] = { 633, 10118.5f, -44, 4 };
   frag_value_valid(jump_ends_fs, want);
   const float want_ret[4] = { 1, 1, 1, 1 };
   frag_value_valid(return_ends_fs, want_ret);
   const float want_nested[4] = { 6, 3, 3, 1 };
   frag_value_valid(nested_jump_ends_fs, want_nested);
}

/* Switches without fall-through (glsl_to_nir_switch.c), z = 0.
 *   pick: default among the labels, two labels on one group, every group
 *   returns: pick(0) + 10 pick(4) + 100 pick(7) = 1 + 30 + 200 = 231.
 *   g: a group holding a compound and an if before its break, a group
 *   returning early, no match: 5 + 10 * 6 + 100 * 9 + 0 = 965.
 *   s: continue from a case (i = 1), a nested switch, default last with
 *   no break: i = 0: 1.5, i = 2: 10.5, i = 3: 100.5, i = 4, 5: 1.5 each:
 *   115.5.  w: a uint selector and a local declared in a case: 16. */
static const char switch_ifs_fs[] =
   "uniform float z;\n"
   "float pick(int x) {\n"
   "   switch (x) {\n"
   "   case 0: return 1.0;\n"
   "   default: return 2.0;\n"
   "   case 3: case 4: return 3.0;\n"
   "   }\n"
   "}\n"
   "float g(int x) {\n"
   "   float r = 0.0;\n"
   "   switch (x) {\n"
   "   case 1: r = 5.0; break;\n"
   "   case 2: { r = 6.0; } if (z > 0.0) r = 7.0; break;\n"
   "   case 5: if (z < 1.0) return 9.0; r = 8.0; break;\n"
   "   }\n"
   "   return r;\n"
   "}\n"
   "void main() {\n"
   "   float s = 0.0;\n"
   "   for (int i = 0; i < 6; i++) {\n"
   "      switch (i) {\n"
   "      case 1: continue;\n"
   "      case 2: s += 10.0; break;\n"
   "      case 3:\n"
   "         switch (i - 3) { case 0: s += 100.0; break;\n"
   "                          default: s += 1000.0; }\n"
   "         break;\n"
   "      default: s += 1.0;\n"
   "      }\n"
   "      s += 0.5;\n"
   "   }\n"
   "   uint u = uint(z) + 2u;\n"
   "   float w = 0.0;\n"
   "   switch (u) {\n"
   "   case 1u: w = 1.0; break;\n"
   "   case 2u: float t = 4.0; w = t * t; break;\n"
   "   }\n"
   "   gl_FragColor = vec4(pick(0) + 10.0 * pick(4) + 100.0 * pick(7),\n"
   "                       g(1) + 10.0 * g(2) + 100.0 * g(5) + g(3),\n"
   "                       s, w);\n"
   "}\n";

static unsigned
count_loops(struct list_head *cf_list)
{
   unsigned n = 0;
   list_for_each_entry(nir_cf_node, node, cf_list, node) {
      if (node->type == nir_cf_node_loop) {
         n += 1 + count_loops(&nir_cf_node_as_loop(node)->body);
      } else if (node->type == nir_cf_node_if) {
         nir_if *nif = nir_cf_node_as_if(node);
         n += count_loops(&nif->then_list) + count_loops(&nif->else_list);
      }
   }
   return n;
}

static unsigned
loops_in_translation(const char *src)
{
   void *mem = ralloc_context(NULL);
   struct glsl_nir_stage *ns = translate_fs(mem, src);
   unsigned n = 0;
   nir_foreach_function_impl(impl, ns->nir)
      n += count_loops(&impl->body);
   ralloc_free(mem);
   return n;
}

static void
test_switch_as_ifs(void **state)
{
   const float want[4] = { 231, 965, 115.5f, 16 };
   frag_value_valid(switch_ifs_fs, want);
   /* Translated, a switch whose groups all end in break is no loop;
    * since wave 14 neither is one with a fall-through or a break inside
    * an if. */
   static const char plain[] =
      "#version 130\n"
      "uniform int k;\n"
      "void main() {\n"
      "   vec4 c = vec4(0.0);\n"
      "   switch (k) {\n"
      "   case 0: c.x = 1.0; break;\n"
      "   case 1: c.y = 1.0; break;\n"
      "   default: c.z = 1.0; break;\n"
      "   }\n"
      "   gl_FragColor = c;\n"
      "}\n";
   static const char falls[] =
      "#version 130\n"
      "uniform int k;\n"
      "void main() {\n"
      "   vec4 c = vec4(0.0);\n"
      "   switch (k) {\n"
      "   case 0: c.x = 1.0;\n"
      "   case 1: c.y = 1.0; break;\n"
      "   }\n"
      "   gl_FragColor = c;\n"
      "}\n";
   static const char inner_break[] =
      "#version 130\n"
      "uniform int k;\n"
      "void main() {\n"
      "   vec4 c = vec4(0.0);\n"
      "   switch (k) {\n"
      "   case 0: if (k > 0) break; c.x = 1.0; break;\n"
      "   }\n"
      "   gl_FragColor = c;\n"
      "}\n";
   assert_int_equal(loops_in_translation(plain), 0);
   assert_int_equal(loops_in_translation(falls), 0);
   assert_int_equal(loops_in_translation(inner_break), 0);
}

/* Switches with fall-through and with breaks inside their cases, as ifs
 * and flags (glsl_to_nir_switch.c), z = 0; values from GLSL 4.60 6.2.
 *   ft: fall-through chains around a default in the middle, a break
 *   under an if: ft(0) = 1 + 2, ft(1) = 2, ft(3) = 4 + 8 (default, then
 *   case 6 breaks), ft(5) = 8, ft(6) = 0, ft(7) = 32:
 *   3 + 20 + 1200 + 8000 + 320000 + 0 = 329223.
 *   cb: breaks inside ifs of cases that do not fall through (dolphin's
 *   alpha test shape), a loop's own break in a case, a break in a
 *   compound: cb(0) = 1, cb(1) = 3, cb(2) = 12, cb(4) = 8.5, cb(9) = 7:
 *   1 + 30 + 1200 + 8500 + 70000 = 79731.
 *   s: in a loop, 0 falls into 1 into 2 into default, 1 continues, a
 *   nested switch's break leaves only it, 2 then breaks the outer one:
 *   i = 0: 31.25, i = 1: +0, i = 2: +0.25, i = 3, 4: +16.25 each: 64.
 *   rf: a return in a case fallen into, a local declared in a case
 *   fallen into: rf(0) = 101, rf(1) = 6, rf(2) = rf(3) = 0: 6101, and
 *   the case after the return did not run for rf(0): side = 2, 26101. */
static const char switch_flags_fs[] =
   "uniform float z;\n"
   "float ft(int k) {\n"
   "   float r = 0.0;\n"
   "   switch (k) {\n"
   "   case 0: r += 1.0;\n"
   "   case 1: r += 2.0; break;\n"
   "   default: r += 4.0;\n"
   "   case 5: r += 8.0;\n"
   "   case 6: if (z < 1.0) break; r += 16.0;\n"
   "   case 7: r += 32.0;\n"
   "   }\n"
   "   return r;\n"
   "}\n"
   "float cb(int k) {\n"
   "   float r = 1.0;\n"
   "   switch (k) {\n"
   "   case 0: if (z < 1.0) break; else r = 5.0; break;\n"
   "   case 1: r = 2.0; if (z < 1.0) { r = 3.0; break; } r = 4.0; break;\n"
   "   case 2:\n"
   "      for (int i = 0; i < 3; i++) { if (i == 1) break; r += 1.0; }\n"
   "      r += 10.0;\n"
   "      break;\n"
   "   default: { if (k > 5) { r = 7.0; break; } r = 8.0; } r += 0.5; break;\n"
   "   }\n"
   "   return r;\n"
   "}\n"
   "float side = 0.0;\n"
   "float rf(int k) {\n"
   "   float r = 0.0;\n"
   "   switch (k) {\n"
   "   case 0: r = 1.0;\n"
   "   case 1: if (r > 0.5) return r + 100.0; r = 2.0;\n"
   "   case 2: float t = r * 3.0; r = t; side += 1.0; break;\n"
   "   }\n"
   "   return r;\n"
   "}\n"
   "void main() {\n"
   "   float s = 0.0;\n"
   "   float w = rf(0) + 1000.0 * rf(1) + rf(2) + rf(3);\n"
   "   for (int i = 0; i < 5; i++) {\n"
   "      switch (i) {\n"
   "      case 0: s += 1.0;\n"
   "      case 1: if (i == 1) continue; s += 2.0;\n"
   "      case 2:\n"
   "         switch (i) {\n"
   "         case 2: if (z < 1.0) break; s += 1000.0;\n"
   "         default: s += 4.0;\n"
   "         }\n"
   "         if (i == 2) break;\n"
   "         s += 8.0;\n"
   "      default: s += 16.0;\n"
   "      }\n"
   "      s += 0.25;\n"
   "   }\n"
   "   gl_FragColor = vec4(ft(0) + 10.0 * ft(1) + 100.0 * ft(3) +\n"
   "                          1000.0 * ft(5) + 10000.0 * ft(7) +\n"
   "                          100000.0 * ft(6),\n"
   "                       cb(0) + 10.0 * cb(1) + 100.0 * cb(2) +\n"
   "                          1000.0 * cb(4) + 10000.0 * cb(9),\n"
   "                       s,\n"
   "                       w + 10000.0 * side);\n"
   "}\n";

static void
test_switch_flags(void **state)
{
   const float want[4] = { 329223, 79731, 64, 26101 };
   frag_value_valid(switch_flags_fs, want);
   /* Translated, only the real loops are loops: main's and the one
    * inlined with each of the five calls of cb. */
   char src[8192];
   snprintf(src, sizeof(src), "#version 130\n%s", switch_flags_fs);
   assert_int_equal(loops_in_translation(src), 6);
   /* dolphin's alpha test: a break under an if, then discard */
   static const char alpha[] =
      "#version 130\n"
      "uniform uint mode;\n"
      "uniform float a, r;\n"
      "void main() {\n"
      "   switch (mode) {\n"
      "   case 0u: if (a > r) break; else discard; break;\n"
      "   case 1u: if (a < r) break; else discard; break;\n"
      "   }\n"
      "   gl_FragColor = vec4(a);\n"
      "}\n";
   assert_int_equal(loops_in_translation(alpha), 0);
}

/* Early returns of inlined functions as a flag and ifs
 * (glsl_to_nir_return.c), z = 0.
 *   early: r and the parameter x are values assigned after a guarded
 *   return: early(-3) = -1, early(2) = 5, early(7) = 10 + 0.5 + 6 (return
 *   in a nested if): -1 + 50 + 1650 = 1699.
 *   sw: a return in the middle of a case of a switch made ifs, then one in
 *   a switch with fall-through (a loop until wave 14): sw(0) = 3, sw(1) = 17, sw(2) =
 *   12, sw(5) = 2: 3 + 170 + 1200 + 2000 = 3373.
 *   nest: a return from two loops deep: nest(5) = 6, nest(20) = -16:
 *   60 - 16 = 44.
 *   setv: a void function's early return with an inout: 3, then 103. */
static const char early_return_fs[] =
   "uniform float z;\n"
   "float early(float x) {\n"
   "   float r = x * 2.0;\n"
   "   if (x < 0.0) return -1.0;\n"
   "   r += 1.0;\n"
   "   x -= 1.0;\n"
   "   if (r > 10.0) { r = 10.0; if (z < 1.0) return r + 0.5 + x; }\n"
   "   return r;\n"
   "}\n"
   "float sw(int k) {\n"
   "   float r = 1.0;\n"
   "   switch (k) {\n"
   "   case 0: if (z < 1.0) return 3.0; r = 4.0; break;\n"
   "   default: r = 2.0; break;\n"
   "   }\n"
   "   switch (k) {\n"
   "   case 1: r += 5.0;\n"
   "   case 2: if (z < 1.0) return r + 10.0; break;\n"
   "   }\n"
   "   return r;\n"
   "}\n"
   "float nest(int n) {\n"
   "   float acc = 0.0;\n"
   "   for (int i = 0; i < 4; i++) {\n"
   "      for (int j = 0; j < 4; j++) {\n"
   "         acc += 1.0;\n"
   "         if (i * 4 + j == n) return acc;\n"
   "      }\n"
   "   }\n"
   "   return -acc;\n"
   "}\n"
   "void setv(inout float v, float x) {\n"
   "   if (x > 1.0) { v = x; return; }\n"
   "   v += 100.0;\n"
   "}\n"
   "void main() {\n"
   "   float v = 0.0;\n"
   "   setv(v, 3.0);\n"
   "   setv(v, 0.5);\n"
   "   gl_FragColor = vec4(early(-3.0) + 10.0 * early(2.0) +\n"
   "                          100.0 * early(7.0),\n"
   "                       sw(0) + 10.0 * sw(1) + 100.0 * sw(2) +\n"
   "                          1000.0 * sw(5),\n"
   "                       10.0 * nest(5) + nest(20), v);\n"
   "}\n";

static void
test_early_return_as_ifs(void **state)
{
   const float want[4] = { 1699, 3373, 44, 103 };
   frag_value_valid(early_return_fs, want);
   /* Translated, an early return under an if needs no loop; one inside a
    * loop leaves only that loop. */
   static const char in_if[] =
      "#version 130\n"
      "uniform float u;\n"
      "float f(float x) { if (x > 1.0) return 2.0; x *= 3.0; return x; }\n"
      "void main() { gl_FragColor = vec4(f(u)); }\n";
   static const char in_loop[] =
      "#version 130\n"
      "uniform int n;\n"
      "float f(int k) {\n"
      "   for (int i = 0; i < k; i++) { if (i * i > 5) return float(i); }\n"
      "   return 0.0;\n"
      "}\n"
      "void main() { gl_FragColor = vec4(f(n)); }\n";
   assert_int_equal(loops_in_translation(in_if), 0);
   assert_int_equal(loops_in_translation(in_loop), 1);

   /* More returns than G2N_MAX_RETURN_GUARDS (64): the one-trip loop
    * again, with the same results: many(37) = 37, many(100) = -1. */
   char src[8192];
   unsigned len = snprintf(src, sizeof(src), "float many(int k) {\n");
   for (unsigned i = 0; i < 70; i++)
      len += snprintf(src + len, sizeof(src) - len,
                      "   if (k == %u) return %u.0;\n", i, i);
   snprintf(src + len, sizeof(src) - len,
            "   return -1.0;\n"
            "}\n"
            "void main() {\n"
            "   gl_FragColor = vec4(many(37), many(100), 0.0, 0.0);\n"
            "}\n");
   const float want_many[4] = { 37, -1, 0, 0 };
   frag_value(130, src, want_many, 0);
   char full[8300];
   snprintf(full, sizeof(full), "#version 130\n%s", src);
   assert_int_equal(loops_in_translation(full), 2);
}

static void
test_io_blocks(void **state)
{
   void *mem = ralloc_context(NULL);
   /* GLSL 1.50 4.3.9: blocks match by block name and member names and
    * types, whatever the instance names. */
   struct glsl_program *p = test_link(
      mem, 150, false, NULL, MESA_SHADER_VERTEX,
      "#version 150\n"
      "in vec4 pos;\n"
      "out Data { vec4 color; float k; } vo;\n"
      "void main() { vo.color = pos * 2.0; vo.k = 0.5;\n"
      "              gl_Position = pos; }\n",
      MESA_SHADER_FRAGMENT,
      "#version 150\n"
      "in Data { vec4 color; float k; } fi;\n"
      "out vec4 o;\n"
      "void main() { o = fi.color * fi.k; }\n");
   assert_non_null(p);
   if (!p->link_status)
      fail_msg("%s", p->info_log);
   assert_int_equal(p->num_varyings, 2);
   assert_string_equal(p->varyings[0].name, "Data.color");
   /* pos = (1, 2, 3, 4) -> color = (2, 4, 6, 8), k = 0.5 -> o = (1..4) */
   nir_const_value in[TEST_CELLS] = { 0 }, out[TEST_CELLS] = { 0 };
   int loc = glsl_program_attrib_location(p, "pos");
   for (unsigned i = 0; i < 4; i++)
      in[loc * 4 + i].f32 = (float)(i + 1);
   nir_eval_state es;
   assert_true(test_run(p->nir[MESA_SHADER_VERTEX], in, NULL, out, &es));
   nir_const_value fin[TEST_CELLS] = { 0 }, fout[TEST_CELLS] = { 0 };
   memcpy(fin, out, sizeof(fin));
   assert_true(test_run(p->nir[MESA_SHADER_FRAGMENT], fin, NULL, fout, &es));
   for (unsigned i = 0; i < 4; i++)
      assert_float_equal(fout[FRAG_RESULT_DATA0 * 4 + i].f32, (float)(i + 1),
                         0);

   /* Members in another order: a link error. */
   p = test_link(mem, 150, false, NULL, MESA_SHADER_VERTEX,
                 "#version 150\n"
                 "out Data { vec4 color; float k; };\n"
                 "void main() { color = vec4(1.0); k = 1.0;\n"
                 "              gl_Position = vec4(0.0); }\n",
                 MESA_SHADER_FRAGMENT,
                 "#version 150\n"
                 "in Data { float k; vec4 color; };\n"
                 "out vec4 o;\n"
                 "void main() { o = color * k; }\n");
   assert_non_null(p);
   assert_false(p->link_status);
   assert_non_null(strstr(p->info_log, "Data"));
   ralloc_free(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_first_pixel),
      cmocka_unit_test(test_control_flow),
      cmocka_unit_test(test_functions_structs_arrays),
      cmocka_unit_test(test_constructors_and_matrices),
      cmocka_unit_test(test_builtins),
      cmocka_unit_test(test_texture_lookups),
      cmocka_unit_test(test_gathers),
      cmocka_unit_test(test_texture_queries),
      cmocka_unit_test(test_shader_texture_lod),
      cmocka_unit_test(test_io_blocks),
      cmocka_unit_test(test_ssa_locals),
      cmocka_unit_test(test_ssa_locals_have_no_variable),
      cmocka_unit_test(test_ssa_branch_joins),
      cmocka_unit_test(test_inline_straight_bodies),
      cmocka_unit_test(test_loop_bodies_ending_in_jumps),
      cmocka_unit_test(test_switch_as_ifs),
      cmocka_unit_test(test_switch_flags),
      cmocka_unit_test(test_early_return_as_ifs),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
