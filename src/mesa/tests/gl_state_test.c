/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ES 2.0 state queries: the initial values of the state tables (OpenGL ES
 * 2.0.25 tables 6.2-6.20), the conversions of glGet (section 6.1.2), and
 * a set/get round trip for each state setter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_context.h"
#include "pipe/p_screen.h"
#include "util/u_math.h"

struct initial_row {
   GLenum pname;
   unsigned n;
   GLint values[4];
};

/* 40 x 30 window: the viewport and scissor start at its size. */
static const struct initial_row initial[] = {
   {GL_VIEWPORT, 4, {0, 0, 40, 30}},
   {GL_SCISSOR_BOX, 4, {0, 0, 40, 30}},
   {GL_SCISSOR_TEST, 1, {GL_FALSE}},
   {GL_COLOR_CLEAR_VALUE, 4, {0, 0, 0, 0}},
   {GL_COLOR_WRITEMASK, 4, {1, 1, 1, 1}},
   {GL_BLEND, 1, {GL_FALSE}},
   {GL_BLEND_SRC_RGB, 1, {GL_ONE}},
   {GL_BLEND_SRC_ALPHA, 1, {GL_ONE}},
   {GL_BLEND_DST_RGB, 1, {GL_ZERO}},
   {GL_BLEND_DST_ALPHA, 1, {GL_ZERO}},
   {GL_BLEND_EQUATION_RGB, 1, {GL_FUNC_ADD}},
   {GL_BLEND_EQUATION_ALPHA, 1, {GL_FUNC_ADD}},
   {GL_BLEND_COLOR, 4, {0, 0, 0, 0}},
   {GL_CULL_FACE, 1, {GL_FALSE}},
   {GL_CULL_FACE_MODE, 1, {GL_BACK}},
   {GL_FRONT_FACE, 1, {GL_CCW}},
   {GL_POLYGON_OFFSET_FILL, 1, {GL_FALSE}},
   {GL_POLYGON_OFFSET_FACTOR, 1, {0}},
   {GL_POLYGON_OFFSET_UNITS, 1, {0}},
   {GL_LINE_WIDTH, 1, {1}},
   {GL_DEPTH_TEST, 1, {GL_FALSE}},
   {GL_DEPTH_FUNC, 1, {GL_LESS}},
   {GL_DEPTH_WRITEMASK, 1, {GL_TRUE}},
   {GL_DEPTH_CLEAR_VALUE, 1, {INT32_MAX}}, /* 1.0, normalised */
   {GL_DEPTH_RANGE, 2, {0, INT32_MAX}},
   {GL_STENCIL_TEST, 1, {GL_FALSE}},
   {GL_STENCIL_FUNC, 1, {GL_ALWAYS}},
   {GL_STENCIL_BACK_FUNC, 1, {GL_ALWAYS}},
   {GL_STENCIL_REF, 1, {0}},
   {GL_STENCIL_FAIL, 1, {GL_KEEP}},
   {GL_STENCIL_PASS_DEPTH_FAIL, 1, {GL_KEEP}},
   {GL_STENCIL_BACK_PASS_DEPTH_PASS, 1, {GL_KEEP}},
   {GL_STENCIL_CLEAR_VALUE, 1, {0}},
   {GL_DITHER, 1, {GL_TRUE}},
   {GL_SAMPLE_COVERAGE, 1, {GL_FALSE}},
   {GL_SAMPLE_ALPHA_TO_COVERAGE, 1, {GL_FALSE}},
   {GL_SAMPLE_COVERAGE_VALUE, 1, {1}},
   {GL_SAMPLE_COVERAGE_INVERT, 1, {GL_FALSE}},
   {GL_PACK_ALIGNMENT, 1, {4}},
   {GL_UNPACK_ALIGNMENT, 1, {4}},
   {GL_GENERATE_MIPMAP_HINT, 1, {GL_DONT_CARE}},
   /* GL_OES_standard_derivatives (ES 2.0), table 6.29 of ES 3.0 */
   {GL_FRAGMENT_SHADER_DERIVATIVE_HINT, 1, {GL_DONT_CARE}},
   {GL_ACTIVE_TEXTURE, 1, {GL_TEXTURE0}},
   {GL_ARRAY_BUFFER_BINDING, 1, {0}},
   {GL_ELEMENT_ARRAY_BUFFER_BINDING, 1, {0}},
   {GL_CURRENT_PROGRAM, 1, {0}},
   {GL_FRAMEBUFFER_BINDING, 1, {0}},
   {GL_RED_BITS, 1, {8}},
   {GL_GREEN_BITS, 1, {8}},
   {GL_BLUE_BITS, 1, {8}},
   {GL_ALPHA_BITS, 1, {8}},
   {GL_DEPTH_BITS, 1, {24}},
   {GL_STENCIL_BITS, 1, {8}},
   {GL_SAMPLE_BUFFERS, 1, {0}},
   {GL_SHADER_COMPILER, 1, {GL_TRUE}},
   {GL_NUM_SHADER_BINARY_FORMATS, 1, {0}},
   {GL_IMPLEMENTATION_COLOR_READ_FORMAT, 1, {GL_RGBA}},
   {GL_IMPLEMENTATION_COLOR_READ_TYPE, 1, {GL_UNSIGNED_BYTE}},
};

static void
test_initial_state(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 40, 30);
   unsigned failures = 0;

   for (unsigned i = 0; i < sizeof(initial) / sizeof(initial[0]); i++) {
      GLint got[16];
      memset(got, 0x55, sizeof(got));
      _mesa_GetIntegerv(initial[i].pname, got);
      for (unsigned c = 0; c < initial[i].n; c++) {
         if (got[c] != initial[i].values[c]) {
            print_error("0x%x[%u]: expected %d, got %d\n", initial[i].pname, c,
                        initial[i].values[c], got[c]);
            failures++;
         }
      }
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   }
   assert_int_equal(failures, 0);
   gl_test_destroy(t);
}

/* Minimum maximums of ES 2.0 table 6.18/6.19. */
static void
test_implementation_minimums(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   static const struct {
      GLenum pname;
      GLint min;
   } rows[] = {
      {GL_MAX_VERTEX_ATTRIBS, 8},
      {GL_MAX_VERTEX_UNIFORM_VECTORS, 128},
      {GL_MAX_VARYING_VECTORS, 8},
      {GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 8},
      {GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 0},
      {GL_MAX_TEXTURE_IMAGE_UNITS, 8},
      {GL_MAX_FRAGMENT_UNIFORM_VECTORS, 16},
      {GL_MAX_TEXTURE_SIZE, 64},
      {GL_MAX_CUBE_MAP_TEXTURE_SIZE, 16},
      {GL_MAX_RENDERBUFFER_SIZE, 1},
      {GL_SUBPIXEL_BITS, 4},
   };
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      GLint v = -1;
      _mesa_GetIntegerv(rows[i].pname, &v);
      assert_true(v >= rows[i].min);
   }
   GLfloat range[2];
   _mesa_GetFloatv(GL_ALIASED_POINT_SIZE_RANGE, range);
   assert_true(range[0] <= 1.0f && range[1] >= 1.0f);
   gl_test_destroy(t);
}

/* Links a vertex and a fragment shader; returns the link status and
 * fills log. */
static bool
link_vs_fs(const char *vs, const char *fs, char *log, size_t log_size)
{
   const char *src[2] = { vs, fs };
   GLenum kind[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
   GLuint p = _mesa_CreateProgram();
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = _mesa_CreateShader(kind[i]);
      _mesa_ShaderSource(sh, 1, &src[i], NULL);
      _mesa_CompileShader(sh);
      GLint ok = 0;
      _mesa_GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
      assert_true(ok);
      _mesa_AttachShader(p, sh);
      _mesa_DeleteShader(sh);
   }
   _mesa_LinkProgram(p);
   GLint ok = 0;
   _mesa_GetProgramiv(p, GL_LINK_STATUS, &ok);
   log[0] = 0;
   _mesa_GetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
   _mesa_DeleteProgram(p);
   return ok;
}

/* GL 2.1 section 2.15.3 ("Shader Variables"): "a link error will be
 * generated if an attempt is made to utilize more than the space
 * available for vertex [fragment] shader uniform variables".  An array
 * of exactly GL_MAX_*_UNIFORM_COMPONENTS floats links, one more element
 * does not (piglit's arb_tessellation_shader-large-uniforms does the
 * same for the tessellation stages). */
static void
test_uniform_components_link_limit(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   assert_non_null(t);
   static const struct { GLenum pname; bool vertex; const char *name; }
   stages[] = {
      { GL_MAX_VERTEX_UNIFORM_COMPONENTS, true,
        "GL_MAX_VERTEX_UNIFORM_COMPONENTS" },
      { GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, false,
        "GL_MAX_FRAGMENT_UNIFORM_COMPONENTS" },
   };
   static const char vs_plain[] =
      "void main() { gl_Position = gl_Vertex; }\n";
   static const char fs_plain[] =
      "void main() { gl_FragColor = vec4(1.0); }\n";
   for (unsigned i = 0; i < ARRAY_SIZE(stages); i++) {
      GLint max = 0;
      _mesa_GetIntegerv(stages[i].pname, &max);
      assert_true(max >= 64);
      for (int extra = 0; extra <= 1; extra++) {
         char src[256], log[1024];
         if (stages[i].vertex)
            snprintf(src, sizeof(src), "uniform float a[%d];\n"
                     "void main() { gl_Position = "
                     "vec4(a[int(gl_Vertex.x)]); }\n", max + extra);
         else
            snprintf(src, sizeof(src), "uniform float a[%d];\n"
                     "void main() { gl_FragColor = "
                     "vec4(a[int(gl_FragCoord.x)]); }\n", max + extra);
         bool ok = stages[i].vertex
                      ? link_vs_fs(src, fs_plain, log, sizeof(log))
                      : link_vs_fs(vs_plain, src, log, sizeof(log));
         if (extra) {
            assert_false(ok);
            assert_non_null(strstr(log, stages[i].name));
         } else if (!ok) {
            fail_msg("%d components do not link: %s", max, log);
         }
      }
   }
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* A desktop 2.1 compatibility context answers the GL 2.x names of the
 * shader limits in components (GL 2.1 table 6.37: at least 512 vertex and
 * 64 fragment uniform components, 32 varying floats), four per ES vector;
 * an ES context does not know them.  It advertises ARB_framebuffer_object
 * (piglit's -fbo mode needs it), whose 1D/3D attachment calls check the
 * texture's target (texture 7 does not exist), and reads pixels as
 * floats. */
static void
test_desktop_compat_limits(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   static const struct { GLenum comps, vecs; GLint min; } rows[] = {
      { GL_MAX_VERTEX_UNIFORM_COMPONENTS, GL_MAX_VERTEX_UNIFORM_VECTORS,
        512 },
      { GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, GL_MAX_FRAGMENT_UNIFORM_VECTORS,
        64 },
      { GL_MAX_VARYING_FLOATS, GL_MAX_VARYING_VECTORS, 32 },
   };
   GLuint fbo;

   assert_non_null(t);
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      GLint comps = -1, vecs = -1;
      _mesa_GetIntegerv(rows[i].comps, &comps);
      _mesa_GetIntegerv(rows[i].vecs, &vecs);
      assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
      assert_true(comps >= rows[i].min);
      assert_int_equal(comps, 4 * vecs);
   }
   assert_non_null(strstr((const char *)_mesa_GetString(GL_EXTENSIONS),
                          "GL_ARB_framebuffer_object"));

   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_1D, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_FramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_3D, 7, 0, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, 7, 0);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   _mesa_DeleteFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 0);

   /* Desktop GL reads RGBA as floats (GL 2.1 table 3.5); ES 2.0 has no
    * GL_FLOAT type for ReadPixels (ES 2.0 section 4.3.1). */
   GLfloat px[4] = { -1, -1, -1, -1 };
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   for (unsigned i = 0; i < 4; i++)
      assert_true(px[i] >= 0.0f && px[i] <= 1.0f);
   /* RGB writes three floats a pixel, nothing past them. */
   GLfloat rgb[7] = { -1, -1, -1, -1, -1, -1, -1 };
   _mesa_ReadPixels(0, 0, 2, 1, GL_RGB, GL_FLOAT, rgb);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   for (unsigned i = 0; i < 6; i++)
      assert_true(rgb[i] >= 0.0f && rgb[i] <= 1.0f);
   assert_true(rgb[6] == -1.0f);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   GLint v = -1;
   _mesa_GetIntegerv(GL_MAX_VARYING_FLOATS, &v);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   /* FLOAT is an ES 2.0 type with EXT_color_buffer_half_float, for float
    * buffers only. */
   _mesa_ReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   gl_test_destroy(t);
}

/* The compatibility vertex array feeds gl_Vertex, which the linker puts at
 * generic attribute 0 (glsl_program.h), so it is generic array 0 here. */
static void
test_compat_vertex_array(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   static const GLfloat verts[8] = { 0 };
   GLint v = -1;
   void *p = NULL;

   assert_non_null(t);
   _mesa_VertexPointer(2, GL_FLOAT, 0, verts);
   _mesa_EnableClientState(GL_VERTEX_ARRAY);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_GetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   assert_int_equal(v, GL_TRUE);
   _mesa_GetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   assert_int_equal(v, 2);
   _mesa_GetVertexAttribPointerv(0, GL_VERTEX_ATTRIB_ARRAY_POINTER, &p);
   assert_ptr_equal(p, verts);
   _mesa_DisableClientState(GL_VERTEX_ARRAY);
   _mesa_GetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   assert_int_equal(v, GL_FALSE);
   /* GL 2.1 table 2.4: sizes 2-4 only. */
   _mesa_VertexPointer(1, GL_FLOAT, 0, verts);
   assert_int_equal(_mesa_GetError(), GL_INVALID_VALUE);
   _mesa_VertexPointer(4, GL_UNSIGNED_BYTE, 0, verts);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);

   /* Not ES 2.0 commands. */
   t = gl_test_create(2, 0, 8, 8);
   _mesa_VertexPointer(2, GL_FLOAT, 0, verts);
   assert_int_equal(_mesa_GetError(), GL_INVALID_OPERATION);
   _mesa_EnableClientState(GL_VERTEX_ARRAY);
   assert_int_equal(_mesa_GetError(), GL_INVALID_ENUM);
   gl_test_destroy(t);
}

/* GL 2.1 section 2.15: a desktop program without a vertex shader links
 * (the vertex stage is fixed-function); ES 2.0 section 2.10.3 requires
 * both shaders. */
static GLint
link_fragment_only(const char *fs)
{
   GLuint sh = _mesa_CreateShader(GL_FRAGMENT_SHADER);
   GLuint prog = _mesa_CreateProgram();
   GLint ok = -1;

   _mesa_ShaderSource(sh, 1, &fs, NULL);
   _mesa_CompileShader(sh);
   _mesa_GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   _mesa_AttachShader(prog, sh);
   _mesa_LinkProgram(prog);
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &ok);
   _mesa_DeleteProgram(prog);
   _mesa_DeleteShader(sh);
   return ok;
}

static void
test_compat_fragment_only_program(void **state)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);

   assert_non_null(t);
   assert_int_equal(link_fragment_only("void main() {\n"
                                       "   gl_FragColor = gl_Color;\n"
                                       "}\n"),
                    GL_TRUE);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   assert_int_equal(link_fragment_only("void main() {\n"
                                       "   gl_FragColor = vec4(0.75);\n"
                                       "}\n"),
                    GL_FALSE);
   gl_test_destroy(t);
}

/* Desktop GL takes GL_FLOAT client texels (GL 2.1 table 3.5), which
 * piglit's texture helpers use; ES 2.0 has no such type (table 3.4). */
static void
test_compat_float_texels(void **state)
{
   static const GLfloat texel[4] = { 1.0f, 0.5f, 0.0f, 1.0f };
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   GLuint tex;

   assert_non_null(t);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_FLOAT,
                    texel);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT,
                       texel);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);

   t = gl_test_create(2, 0, 8, 8);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   /* ES 2.0 takes float texels with OES_texture_float. */
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_FLOAT,
                    texel);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   _mesa_DeleteTextures(1, &tex);
   gl_test_destroy(t);
}

/* GL 3.0 section 6.1.11: glGetStringi(GL_EXTENSIONS, i) for i below
 * GL_NUM_EXTENSIONS names the same extensions glGetString lists.  A
 * desktop 3.0 context. */
static void
check_extension_lists(void)
{
   const char *all = (const char *)_mesa_GetString(GL_EXTENSIONS);
   GLint n = -1;
   unsigned words = 0;

   assert_non_null(all);
   for (const char *p = all; *p; p++)
      words += (p == all || p[-1] == ' ') && *p != ' ';
   _mesa_GetIntegerv(GL_NUM_EXTENSIONS, &n);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   assert_int_equal(n, (GLint)words);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)_mesa_GetStringi(GL_EXTENSIONS, i);
      size_t len = strlen(e);
      /* the whole name (GL_ARB_texture_rg is also the start of
       * GL_ARB_texture_rgb10_a2ui) */
      const char *at = strstr(all, e);
      while (at && !((at == all || at[-1] == ' ') &&
                     (at[len] == ' ' || at[len] == 0)))
         at = strstr(at + 1, e);
      assert_non_null(at);
   }
}

static void
test_extension_lists(void **state)
{
   struct gl_test *t = gl_test_create_version(ST_PROFILE_DEFAULT, 3, 0, 8, 8);
   assert_non_null(t);
   check_extension_lists();
   gl_test_destroy(t);

   t = gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   check_extension_lists();
   gl_test_destroy(t);
}

/* Section 6.1.2: colours map [-1, 1] to the integer range; other floats
 * round; booleans are value != 0. */
static void
test_get_conversions(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLint i[4];
   GLfloat f[4];
   GLboolean b[4];

   _mesa_ClearColor(1.0f, 0.5f, 0.0f, 0.0f);
   _mesa_GetIntegerv(GL_COLOR_CLEAR_VALUE, i);
   assert_int_equal(i[0], INT32_MAX);
   assert_int_equal(i[1], 1073741824); /* 0.5 * (2^31 - 1), rounded */
   assert_int_equal(i[2], 0);
   assert_int_equal(i[3], 0);
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, f);
   assert_true(f[1] == 0.5f && f[3] == 0.0f);
   gl_test_destroy(t);

   /* ES 3.0.6 section 4.2.3 (and ES 2.0 with EXT_color_buffer_half_float):
    * stored as given (float colour buffers clear to them); so is the
    * blend constant (section 4.1.7). */
   t = gl_test_create_version(ST_PROFILE_OPENGL_ES2, 3, 0, 8, 8);
   assert_non_null(t);
   _mesa_ClearColor(2.0f, -1.0f, 0.5f, 3.0f);
   _mesa_GetFloatv(GL_COLOR_CLEAR_VALUE, f);
   assert_true(f[0] == 2.0f && f[1] == -1.0f && f[2] == 0.5f && f[3] == 3.0f);
   _mesa_BlendColor(-0.5f, 4.0f, 0.25f, 1.0f);
   _mesa_GetFloatv(GL_BLEND_COLOR, f);
   assert_true(f[0] == -0.5f && f[1] == 4.0f && f[2] == 0.25f && f[3] == 1.0f);
   gl_test_destroy(t);
   t = gl_test_create(2, 0, 8, 8);

   _mesa_LineWidth(2.6f);
   _mesa_GetIntegerv(GL_LINE_WIDTH, i);
   assert_int_equal(i[0], 3);
   _mesa_GetBooleanv(GL_LINE_WIDTH, b);
   assert_int_equal(b[0], GL_TRUE);

   _mesa_Viewport(1, 2, 3, 4);
   _mesa_GetFloatv(GL_VIEWPORT, f);
   assert_true(f[0] == 1.0f && f[1] == 2.0f && f[2] == 3.0f && f[3] == 4.0f);
   _mesa_GetBooleanv(GL_BLEND_SRC_RGB, b);
   assert_int_equal(b[0], GL_TRUE); /* GL_ONE != 0 */
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_setters_round_trip(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLint v[4];

   _mesa_BlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE,
                           GL_ZERO);
   _mesa_GetIntegerv(GL_BLEND_DST_RGB, v);
   assert_int_equal(v[0], GL_ONE_MINUS_SRC_ALPHA);
   _mesa_BlendEquationSeparate(GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT);
   _mesa_GetIntegerv(GL_BLEND_EQUATION_ALPHA, v);
   assert_int_equal(v[0], GL_FUNC_REVERSE_SUBTRACT);
   _mesa_StencilFuncSeparate(GL_BACK, GL_EQUAL, 5, 0x0f);
   _mesa_GetIntegerv(GL_STENCIL_BACK_REF, v);
   assert_int_equal(v[0], 5);
   _mesa_GetIntegerv(GL_STENCIL_REF, v);
   assert_int_equal(v[0], 0);
   _mesa_StencilOpSeparate(GL_FRONT, GL_INCR_WRAP, GL_ZERO, GL_INVERT);
   _mesa_GetIntegerv(GL_STENCIL_PASS_DEPTH_PASS, v);
   assert_int_equal(v[0], GL_INVERT);
   _mesa_StencilMask(0x3);
   _mesa_GetIntegerv(GL_STENCIL_BACK_WRITEMASK, v);
   assert_int_equal(v[0], 3);
   _mesa_ColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   _mesa_GetIntegerv(GL_COLOR_WRITEMASK, v);
   assert_true(v[0] == 1 && v[1] == 0 && v[2] == 1 && v[3] == 0);
   _mesa_Enable(GL_CULL_FACE);
   _mesa_CullFace(GL_FRONT_AND_BACK);
   assert_true(_mesa_IsEnabled(GL_CULL_FACE));
   _mesa_GetIntegerv(GL_CULL_FACE_MODE, v);
   assert_int_equal(v[0], GL_FRONT_AND_BACK);
   _mesa_DepthRangef(0.25f, 2.0f);
   GLfloat f[2];
   _mesa_GetFloatv(GL_DEPTH_RANGE, f);
   assert_true(f[0] == 0.25f && f[1] == 1.0f);
   _mesa_PixelStorei(GL_PACK_ALIGNMENT, 1);
   _mesa_GetIntegerv(GL_PACK_ALIGNMENT, v);
   assert_int_equal(v[0], 1);
   _mesa_Viewport(0, 0, 1 << 20, 1 << 20); /* clamped to the maximum */
   _mesa_GetIntegerv(GL_VIEWPORT, v);
   GLint maxdims[2];
   _mesa_GetIntegerv(GL_MAX_VIEWPORT_DIMS, maxdims);
   assert_int_equal(v[2], maxdims[0]);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_buffers_and_attribs(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   GLuint names[2];
   GLint v[4];
   GLfloat f[4];
   void *p;

   _mesa_GenBuffers(2, names);
   assert_true(names[0] != 0 && names[1] != 0 && names[0] != names[1]);
   assert_false(_mesa_IsBuffer(names[0])); /* no object until bound */
   _mesa_BindBuffer(GL_ARRAY_BUFFER, names[0]);
   assert_true(_mesa_IsBuffer(names[0]));
   _mesa_BufferData(GL_ARRAY_BUFFER, 64, NULL, GL_DYNAMIC_DRAW);
   _mesa_GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, v);
   assert_int_equal(v[0], 64);
   _mesa_GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_USAGE, v);
   assert_int_equal(v[0], GL_DYNAMIC_DRAW);

   _mesa_VertexAttribPointer(3, 2, GL_SHORT, GL_TRUE, 12, (void *)8);
   _mesa_GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, v);
   assert_int_equal(v[0], (GLint)names[0]);
   _mesa_GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, v);
   assert_int_equal(v[0], 2);
   _mesa_GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_STRIDE, v);
   assert_int_equal(v[0], 12);
   _mesa_GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, v);
   assert_int_equal(v[0], GL_TRUE);
   _mesa_GetVertexAttribPointerv(3, GL_VERTEX_ATTRIB_ARRAY_POINTER, &p);
   assert_ptr_equal(p, (void *)8);

   /* Deleting a bound buffer unbinds it (section 2.9). */
   _mesa_DeleteBuffers(2, names);
   _mesa_GetIntegerv(GL_ARRAY_BUFFER_BINDING, v);
   assert_int_equal(v[0], 0);
   _mesa_GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, v);
   assert_int_equal(v[0], 0);
   assert_false(_mesa_IsBuffer(names[0]));

   /* Current attribute values default to (0, 0, 0, 1). */
   _mesa_GetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, f);
   assert_true(f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 1);
   _mesa_VertexAttrib2f(5, 0.5f, 2.0f);
   _mesa_GetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, f);
   assert_true(f[0] == 0.5f && f[1] == 2.0f && f[2] == 0 && f[3] == 1);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

static void
test_strings_and_procs(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);

   assert_string_equal((const char *)_mesa_GetString(GL_RENDERER), "noop");
   assert_memory_equal(_mesa_GetString(GL_VERSION), "OpenGL ES 2.0", 13);
   assert_memory_equal(_mesa_GetString(GL_SHADING_LANGUAGE_VERSION),
                       "OpenGL ES GLSL ES 1.00", 22);
   /* Entry points are the implementations or the dispatch layer's
    * wrappers in front of them (gl_dispatch.py). */
   assert_non_null(st_get_proc_address("glDrawArrays"));
   assert_ptr_equal(st_get_proc_address("glGetError"), (st_proc)_mesa_GetError);
   assert_non_null(st_get_proc_address("glUniformMatrix4fv"));
   /* gl.xml aliases share the entry point. */
   assert_ptr_equal(st_get_proc_address("glGenVertexArraysOES"),
                    st_get_proc_address("glGenVertexArrays"));
   assert_ptr_equal(st_get_proc_address("glBindBufferARB"),
                    st_get_proc_address("glBindBuffer"));
   /* Not implemented (glBegin, glBitmap and the evaluators are since the
    * fixed-function work; the imaging subset's histogram is not). */
   assert_null(st_get_proc_address("glGetHistogram"));
   assert_null(st_get_proc_address("glNotAFunction"));
   assert_null(st_get_proc_address(NULL));
   gl_test_destroy(t);
}

static void
test_context_creation_errors(void **state)
{
   struct pipe_screen *screen = NULL;
   struct gl_test *t = gl_test_create(2, 0, 0, 0);
   struct st_context_attribs attribs = {.profile = ST_PROFILE_OPENGL_ES1,
                                        .major = 1};
   enum st_context_error err;

   screen = t->screen;
   assert_null(st_context_create(screen, &attribs, NULL, &err));
   assert_int_equal(err, ST_CONTEXT_ERROR_BAD_API);
   attribs.profile = ST_PROFILE_OPENGL_ES2;
   attribs.major = 2;
   attribs.flags = 1u << 20;
   assert_null(st_context_create(screen, &attribs, NULL, &err));
   assert_int_equal(err, ST_CONTEXT_ERROR_UNKNOWN_FLAG);
   attribs.flags = 0;
   attribs.major = 4;
   assert_null(st_context_create(screen, &attribs, NULL, &err));
   assert_int_equal(err, ST_CONTEXT_ERROR_BAD_VERSION);
   gl_test_destroy(t);
}

/* A window-system framebuffer destroyed while bound, then another one made
 * current: the context lets go of the first without touching it again
 * (a use after free that the sanitized build catches). */
static void
test_rebind_after_framebuffer_destroyed(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 16, 16);
   assert_non_null(t);
   struct st_visual visual = {
      .color_format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .depth_stencil_format = PIPE_FORMAT_Z24_UNORM_S8_UINT,
   };
   st_framebuffer_destroy(t->fb);
   t->fb = st_framebuffer_create(t->screen, &visual, 8, 8);
   assert_non_null(t->fb);
   assert_true(st_make_current(t->ctx, t->fb, t->fb));
   GLint vp[4];
   _mesa_GetIntegerv(GL_VIEWPORT, vp);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   gl_test_destroy(t);
}

/* Two contexts of one share group (st_api.h): objects made in one are
 * seen by the other; framebuffer objects and VAOs are not shared; either
 * may be destroyed first; a framebuffer outlives the contexts using it. */
static void
test_shared_contexts(void **state)
{
   struct gl_test *t = gl_test_create(2, 0, 8, 8);
   struct st_context_attribs attribs = {.profile = ST_PROFILE_OPENGL_ES2,
                                        .major = 2};
   enum st_context_error err;
   struct st_context *other =
      st_context_create(t->screen, &attribs, t->ctx, &err);
   GLuint buf, tex, fbo, prog;

   assert_non_null(other);
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_GenFramebuffers(1, &fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fbo);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 0);
   prog = gl_test_program("attribute vec4 p; void main() { gl_Position = p; }",
                          "void main() { gl_FragColor = vec4(1.0); }");
   assert_true(prog != 0);

   assert_true(st_make_current(other, t->fb, t->fb));
   assert_true(_mesa_IsBuffer(buf));
   assert_true(_mesa_IsTexture(tex));
   assert_true(_mesa_IsProgram(prog));
   assert_false(_mesa_IsFramebuffer(fbo));
   /* The other context draws with the shared program. */
   _mesa_UseProgram(prog);
   _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(_mesa_GetError(), GL_NO_ERROR);
   GLint vp[4];
   _mesa_GetIntegerv(GL_VIEWPORT, vp); /* first binding: window size */
   assert_int_equal(vp[2], 8);

   /* A context of another screen cannot share. */
   struct pipe_screen *screen2 = t->screen;
   assert_null(st_context_create(
      screen2,
      &(struct st_context_attribs){.profile = ST_PROFILE_DEFAULT, .major = 2},
      other, &err));
   assert_int_equal(err, ST_CONTEXT_ERROR_BAD_SHARE);

   /* Destroy the first context while the second is current. */
   struct st_context *first = t->ctx;
   st_context_destroy(first);
   assert_ptr_equal(st_get_current(), other);
   assert_true(_mesa_IsBuffer(buf));
   _mesa_DeleteProgram(prog);
   _mesa_UseProgram(0);
   st_make_current(NULL, NULL, NULL);
   assert_null(st_get_current());
   st_context_destroy(other);

   /* gl_test_destroy without its context. */
   st_framebuffer_destroy(t->fb);
   t->screen->destroy(t->screen);
   free(t);
}

/* MESA_GL_VERSION_OVERRIDE / MESA_GLES_VERSION_OVERRIDE (Mesa's
 * variables): contexts of a version the API does not complete, for tools
 * that only compile and link (shader-db). */
static void
test_version_override(void **state)
{
   struct pipe_screen *screen;
   struct gl_test *t = gl_test_create(2, 0, 0, 0);
   struct st_context_attribs core = {
      .profile = ST_PROFILE_OPENGL_CORE, .major = 3, .minor = 2};
   struct st_context_attribs es3 = {
      .profile = ST_PROFILE_OPENGL_ES2, .major = 3, .minor = 0};
   enum st_context_error err;

   screen = t->screen;
   assert_null(st_context_create(screen, &core, NULL, &err));
   assert_int_equal(err, ST_CONTEXT_ERROR_BAD_VERSION);
   assert_null(st_context_create(screen, &es3, NULL, &err));
   assert_int_equal(err, ST_CONTEXT_ERROR_BAD_VERSION);

   setenv("MESA_GL_VERSION_OVERRIDE", "3.3", 1);
   setenv("MESA_GLES_VERSION_OVERRIDE", "3.0", 1);
   struct st_context *c = st_context_create(screen, &core, NULL, &err);
   struct st_context *e = st_context_create(screen, &es3, NULL, &err);
   unsetenv("MESA_GL_VERSION_OVERRIDE");
   unsetenv("MESA_GLES_VERSION_OVERRIDE");
   assert_non_null(c);
   assert_non_null(e);

   assert_true(st_make_current(c, NULL, NULL));
   assert_string_equal((const char *)_mesa_GetString(GL_VERSION),
                       "3.3 (Core Profile) asahi-gl 0.1");
   assert_string_equal(
      (const char *)_mesa_GetString(GL_SHADING_LANGUAGE_VERSION), "3.30");
   GLint v;
   _mesa_GetIntegerv(GL_CONTEXT_PROFILE_MASK, &v);
   assert_int_equal(v, GL_CONTEXT_CORE_PROFILE_BIT);
   _mesa_GetIntegerv(GL_MAJOR_VERSION, &v);
   assert_int_equal(v, 3);

   assert_true(st_make_current(e, NULL, NULL));
   assert_string_equal(
      (const char *)_mesa_GetString(GL_SHADING_LANGUAGE_VERSION),
      "OpenGL ES GLSL ES 3.00");
   st_make_current(NULL, NULL, NULL);
   st_context_destroy(c);
   st_context_destroy(e);
   gl_test_destroy(t);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_initial_state),
      cmocka_unit_test(test_implementation_minimums),
      cmocka_unit_test(test_desktop_compat_limits),
      cmocka_unit_test(test_compat_vertex_array),
      cmocka_unit_test(test_compat_fragment_only_program),
      cmocka_unit_test(test_compat_float_texels),
      cmocka_unit_test(test_extension_lists),
      cmocka_unit_test(test_get_conversions),
      cmocka_unit_test(test_setters_round_trip),
      cmocka_unit_test(test_buffers_and_attribs),
      cmocka_unit_test(test_strings_and_procs),
      cmocka_unit_test(test_context_creation_errors),
      cmocka_unit_test(test_rebind_after_framebuffer_destroyed),
      cmocka_unit_test(test_shared_contexts),
      cmocka_unit_test(test_version_override),
      cmocka_unit_test(test_uniform_components_link_limit),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
