/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What GL 3.3 adds (GL 3.3 core specification, 2010-03-11, appendix I),
 * in a 3.3 core context on the noop driver (MESA_GL_VERSION_OVERRIDE=3.3):
 * glVertexAttribP* (section 2.7) and BGRA packed arrays (2.8),
 * TEXTURE_SWIZZLE_RGBA (3.8.7), the integer sampler parameter forms
 * (3.8.2), the occlusion query targets excluding each other (2.14), the
 * state 3.3 core removed, the extension strings and a GLSL 3.30 shader,
 * with the section named at each test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gl_desktop_fixture.h"

static void
expect_attrib(GLuint index, float x, float y, float z, float w)
{
   GLfloat v[4] = {-9, -9, -9, -9};
   _mesa_GetVertexAttribfv(index, GL_CURRENT_VERTEX_ATTRIB, v);
   assert_float_equal(v[0], x, 1e-6);
   assert_float_equal(v[1], y, 1e-6);
   assert_float_equal(v[2], z, 1e-6);
   assert_float_equal(v[3], w, 1e-6);
}

static GLuint
pack(unsigned x, unsigned y, unsigned z, unsigned w)
{
   return (x & 0x3ff) | (y & 0x3ff) << 10 | (z & 0x3ff) << 20 | w << 30;
}

/* Section 2.7: the fields of the word, unsigned or signed, normalized
 * (c / 1023, c / 3; signed by equation 2.2, (2c + 1) / (2^b - 1)) or
 * not; P1..P3 fill the rest with (0, 0, 1). */
static void
test_attrib_p(void **state)
{
   (void)state;
   GLint max = 0;
   _mesa_GetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max);

   _mesa_VertexAttribP4ui(1, GL_FLOAT, GL_FALSE, 0);
   gl_expect_error(GL_INVALID_ENUM);
   _mesa_VertexAttribP4ui((GLuint)max, GL_UNSIGNED_INT_2_10_10_10_REV,
                          GL_FALSE, 0);
   gl_expect_error(GL_INVALID_VALUE);

   _mesa_VertexAttribP4ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE,
                          pack(1023, 0, 341, 3));
   expect_attrib(1, 1.0f, 0.0f, 341.0f / 1023.0f, 1.0f);
   _mesa_VertexAttribP4ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE,
                          pack(7, 1000, 2, 2));
   expect_attrib(1, 7, 1000, 2, 2);
   /* -1, 511, -512 signed normalized: -1/1023, 1, -1 */
   _mesa_VertexAttribP3ui(2, GL_INT_2_10_10_10_REV, GL_TRUE,
                          pack(0x3ff, 511, 0x200, 0));
   expect_attrib(2, -1.0f / 1023.0f, 1.0f, -1.0f, 1.0f);
   GLuint word = pack(0x3fb /* -5 */, 6, 0, 0);
   _mesa_VertexAttribP2uiv(3, GL_INT_2_10_10_10_REV, GL_FALSE, &word);
   expect_attrib(3, -5, 6, 0, 1);
   _mesa_VertexAttribP1ui(3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE,
                          pack(9, 9, 9, 1));
   expect_attrib(3, 9, 0, 0, 1);
   gl_expect_error(GL_NO_ERROR);
}

/* Section 2.8: size BGRA takes the packed types, normalized only; the
 * packed types take 4 or BGRA. */
static void
test_bgra_packed(void **state)
{
   (void)state;
   GLuint vao, buf;
   _mesa_GenVertexArrays(1, &vao);
   _mesa_BindVertexArray(vao);
   _mesa_GenBuffers(1, &buf);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, buf);

   _mesa_VertexAttribPointer(0, GL_BGRA, GL_INT_2_10_10_10_REV, GL_TRUE, 0,
                             NULL);
   gl_expect_error(GL_NO_ERROR);
   GLint v = 0;
   _mesa_GetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   assert_int_equal(v, GL_BGRA);
   _mesa_VertexAttribPointer(0, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV,
                             GL_TRUE, 0, NULL);
   gl_expect_error(GL_NO_ERROR);
   _mesa_VertexAttribPointer(0, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV,
                             GL_FALSE, 0, NULL);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_VertexAttribPointer(0, GL_BGRA, GL_FLOAT, GL_TRUE, 0, NULL);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_VertexAttribPointer(0, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0, NULL);
   gl_expect_error(GL_INVALID_OPERATION);
}

/* Section 3.8.7: TEXTURE_SWIZZLE_RGBA sets and reads the four
 * swizzles; a bad value is INVALID_ENUM and sets none. */
static void
test_swizzle_rgba(void **state)
{
   (void)state;
   GLuint tex;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);

   const GLint sw[4] = {GL_BLUE, GL_ZERO, GL_RED, GL_ONE};
   _mesa_TexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, sw);
   gl_expect_error(GL_NO_ERROR);
   GLint got[4] = {0};
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, got);
   assert_memory_equal(got, sw, sizeof(sw));
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, got);
   assert_int_equal(got[0], GL_RED);

   const GLint bad[4] = {GL_GREEN, GL_GREEN, GL_TEXTURE_2D, GL_GREEN};
   _mesa_TexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, bad);
   gl_expect_error(GL_INVALID_ENUM);
   _mesa_GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, got);
   assert_memory_equal(got, sw, sizeof(sw));

   const GLfloat fsw[4] = {GL_ALPHA, GL_GREEN, GL_BLUE, GL_RED};
   _mesa_TexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, fsw);
   GLfloat fgot[4] = {0};
   _mesa_GetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, fgot);
   assert_memory_equal(fgot, fsw, sizeof(fsw));
   const GLint isw[4] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
   _mesa_TexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, isw);
   GLint igot[4] = {0};
   _mesa_GetTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, igot);
   assert_memory_equal(igot, isw, sizeof(isw));
   const GLuint usw[4] = {GL_GREEN, GL_RED, GL_ONE, GL_ZERO};
   _mesa_TexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, usw);
   GLuint ugot[4] = {0};
   _mesa_GetTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, ugot);
   assert_memory_equal(ugot, usw, sizeof(usw));
   gl_expect_error(GL_NO_ERROR);
}

/* Section 3.8.2: glSamplerParameterI{i,ui}v and their queries take the
 * same parameters; a name that is no sampler is INVALID_OPERATION. */
static void
test_sampler_int_forms(void **state)
{
   (void)state;
   GLuint s;
   _mesa_GenSamplers(1, &s);
   const GLint nearest = GL_NEAREST;
   _mesa_SamplerParameterIiv(s, GL_TEXTURE_MAG_FILTER, &nearest);
   const GLuint lod = 3;
   _mesa_SamplerParameterIuiv(s, GL_TEXTURE_MIN_LOD, &lod);
   gl_expect_error(GL_NO_ERROR);
   GLint iv = 0;
   _mesa_GetSamplerParameterIiv(s, GL_TEXTURE_MAG_FILTER, &iv);
   assert_int_equal(iv, GL_NEAREST);
   GLuint uv = 0;
   _mesa_GetSamplerParameterIuiv(s, GL_TEXTURE_MIN_LOD, &uv);
   assert_int_equal(uv, 3);
   _mesa_SamplerParameterIiv(s + 100, GL_TEXTURE_MAG_FILTER, &nearest);
   gl_expect_error(GL_INVALID_OPERATION);
}

/* Section 2.14 (ARB_occlusion_query2): SAMPLES_PASSED and
 * ANY_SAMPLES_PASSED exclude each other; core contexts take only names
 * glGenQueries made. */
static void
test_occlusion_targets(void **state)
{
   (void)state;
   GLuint q[2];
   _mesa_GenQueries(2, q);
   _mesa_BeginQuery(GL_SAMPLES_PASSED, q[0]);
   gl_expect_error(GL_NO_ERROR);
   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_EndQuery(GL_SAMPLES_PASSED);
   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   gl_expect_error(GL_NO_ERROR);
   _mesa_BeginQuery(GL_SAMPLES_PASSED, q[0]);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_EndQuery(GL_ANY_SAMPLES_PASSED);
   _mesa_BeginQuery(GL_ANY_SAMPLES_PASSED, q[1] + 50);
   gl_expect_error(GL_INVALID_OPERATION);
}

/* The version, GLSL 3.30, the extensions of appendix I, and the state
 * 3.3 core dropped (QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, listed in
 * GL 3.2 core table 6.45 by mistake). */
static void
test_context(void **state)
{
   (void)state;
   GLint v = 0;
   _mesa_GetIntegerv(GL_MINOR_VERSION, &v);
   assert_int_equal(v, 3);
   assert_string_equal(
      (const char *)_mesa_GetString(GL_SHADING_LANGUAGE_VERSION), "3.30");
   static const char *const exts[] = {
      "GL_ARB_instanced_arrays",     "GL_ARB_occlusion_query2",
      "GL_ARB_sampler_objects",      "GL_ARB_shader_bit_encoding",
      "GL_ARB_texture_swizzle",      "GL_ARB_explicit_attrib_location",
      "GL_ARB_texture_rgb10_a2ui",   "GL_ARB_vertex_type_2_10_10_10_rev",
   };
   for (unsigned i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
      if (!gl_test_has_extension(exts[i]))
         fail_msg("%s missing", exts[i]);
   }
   GLboolean b;
   _mesa_GetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &b);
   gl_expect_error(GL_INVALID_ENUM);

   GLuint prog = gl_test_program(
      "#version 330 core\n"
      "layout(location = 2) in vec4 p;\n"
      "flat out uint bits;\n"
      "void main() { gl_Position = p; bits = floatBitsToUint(p.x); }\n",
      "#version 330 core\n"
      "flat in uint bits;\n"
      "layout(location = 0, index = 1) out vec4 c1;\n"
      "layout(location = 0, index = 0) out vec4 c0;\n"
      "void main() { c0 = vec4(uintBitsToFloat(bits)); c1 = c0; }\n");
   assert_int_not_equal(prog, 0);
   assert_int_equal(_mesa_GetAttribLocation(prog, "p"), 2);
   assert_int_equal(_mesa_GetFragDataIndex(prog, "c1"), 1);
}

/* glVertexAttribLFormat / glVertexAttribLPointer (GL 4.1,
 * ARB_vertex_attrib_64bit): not in a 3.3 context without the extension,
 * so INVALID_OPERATION and no change to the attribute. */
static void
test_attrib_64bit_absent(void **state)
{
   (void)state;
   assert_false(gl_test_has_extension("GL_ARB_vertex_attrib_64bit"));
   GLuint vao;
   _mesa_GenVertexArrays(1, &vao);
   _mesa_BindVertexArray(vao);
   _mesa_VertexAttribLFormat(0, 2, GL_DOUBLE, 0);
   gl_expect_error(GL_INVALID_OPERATION);
   _mesa_VertexAttribLPointer(1, 3, GL_DOUBLE, 0, NULL);
   gl_expect_error(GL_INVALID_OPERATION);
   GLint size = 0;
   _mesa_GetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE, &size);
   assert_int_equal(size, 4);
   _mesa_DeleteVertexArrays(1, &vao);
}

/* glGenerateMipmap with BASE_LEVEL past the last level an image can have
 * (a mutable texture takes any BASE_LEVEL, GL 3.3 section 3.8.9): there
 * is no level-base image, so INVALID_OPERATION while BASE_LEVEL <
 * MAX_LEVEL, and nothing at all once it is not (Mesa's genmipmap.c) --
 * never a look at an image beyond the texture's. */
static void
test_generate_mipmap_far_base_level(void **state)
{
   (void)state;
   static const GLenum targets[] = {GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP};
   for (unsigned i = 0; i < 2; i++) {
      /* mutable: glTexImage2D of level 0 (each face of the cube) */
      GLuint tex;
      _mesa_GenTextures(1, &tex);
      _mesa_BindTexture(targets[i], tex);
      for (unsigned f = 0; f < (i ? 6u : 1u); f++)
         _mesa_TexImage2D(i ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + f
                            : GL_TEXTURE_2D,
                          0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                          NULL);
      /* (BASE_LEVEL, MAX_LEVEL, the error): the default MAX_LEVEL is
       * 1000 (table 6.17) */
      static const GLint cases[][3] = {
         {100, 1000, GL_INVALID_OPERATION},
         {20000000, 30000000, GL_INVALID_OPERATION},
         {20000000, 20, GL_NO_ERROR},
      };
      for (unsigned c = 0; c < 3; c++) {
         _mesa_TexParameteri(targets[i], GL_TEXTURE_BASE_LEVEL, cases[c][0]);
         _mesa_TexParameteri(targets[i], GL_TEXTURE_MAX_LEVEL, cases[c][1]);
         gl_expect_error(GL_NO_ERROR);
         _mesa_GenerateMipmap(targets[i]);
         gl_expect_error((GLenum)cases[c][2]);
      }
      _mesa_DeleteTextures(1, &tex);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      GL_DESKTOP_TEST(test_attrib_p),
      GL_DESKTOP_TEST(test_bgra_packed),
      GL_DESKTOP_TEST(test_swizzle_rgba),
      GL_DESKTOP_TEST(test_sampler_int_forms),
      GL_DESKTOP_TEST(test_occlusion_targets),
      GL_DESKTOP_TEST(test_context),
      GL_DESKTOP_TEST(test_attrib_64bit_absent),
      GL_DESKTOP_TEST(test_generate_mipmap_far_base_level),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
