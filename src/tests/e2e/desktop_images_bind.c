/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glBindImageTextures (ARB_multi_bind, GL 4.6 section 8.26) in a desktop
 * 3.3 core context with GL_ARB_shader_image_load_store.  Every value
 * follows from the command's definition: entry i of textures is bound to
 * unit first + i as BindImageTexture(unit, texture, 0, TRUE, 0,
 * READ_WRITE, <internal format of level 0>) would, a zero entry (or a
 * NULL array) resets the unit to the initial state (name 0, level 0,
 * not layered, layer 0, READ_ONLY, R8: table 23.45), and an entry in
 * error leaves its unit alone while the others are bound:
 *   1 first + count > MAX_IMAGE_UNITS is INVALID_OPERATION and changes
 *     nothing; a negative count INVALID_VALUE (section 2.3.1).
 *   2 {array, 12345, r32ui} at unit 1: INVALID_OPERATION for the unknown
 *     name; unit 1 holds the RGBA8 array (level 0, layered, layer 0,
 *     READ_WRITE, RGBA8), unit 2 what glBindImageTexture put there
 *     before, unit 3 the R32UI texture.
 *   3 a texture of unsized internal format GL_RGBA (not in table 8.26)
 *     and a texture with no level 0 image are INVALID_OPERATION each,
 *     their unit unchanged; textures = NULL resets units.
 *   4 a compute shader reads layer 1 of an R32UI 4x4x2 array (texel
 *     100 l + 10 y + x) through unit 0 and atomically adds it to texel
 *     (x, y) of a 4x4 R32UI texture holding 5 through unit 1, both bound
 *     by one glBindImageTextures: 105 + 10 y + x.
 *   5 early fragment tests (GL 4.6 section 14.9, GLSL 4.20 4.4.1.3): a
 *     4x4 quad at window depth 0.5 whose fragment shader adds 1 to its
 *     texel of an R32UI image and writes gl_FragDepth = 0.25, depth
 *     function LESS.  With layout(early_fragment_tests) over a depth
 *     buffer of 0.0 no fragment runs (texels 0, depth 0.0); over 1.0
 *     every one does and the depth is the rasterised 0.5 (the shader's
 *     is ignored).  Without it the shader runs before the test, so its
 *     stores happen either way (texels 1), and the depth is 0.0 or the
 *     shader's 0.25.
 * On Debian's llvmpipe every check passes but two: a negative count is
 * INVALID_OPERATION there (Mesa adds it to first as unsigned), and the
 * 2D texture's binding is not layered (Mesa sets LAYERED only for
 * targets with layers; the spec's pseudo-code passes TRUE).
 */
#include <EGL/egl.h>
#include <GLES3/gl31.h> /* the image tokens (ES 3.1 has them too) */
#include <stdio.h>
#include <string.h>

#include "e2e_gl_images.h"

typedef void (*bind_images_fn)(GLuint, GLsizei, const GLuint *);

static bind_images_fn bind_images;
static struct e2e_gl_images gl4;
static bool quiet;

static bool
check(const char *what, double got, double want)
{
   return e2e_gl_check(what, got, want, quiet);
}

/* The state of one unit, for whole-unit comparisons. */
struct unit_state {
   GLint name, level, layered, layer, access, format;
};

static struct unit_state
unit_state(GLuint unit)
{
   struct unit_state s = {
      e2e_gl_integer_i(GL_IMAGE_BINDING_NAME, unit),
      e2e_gl_integer_i(GL_IMAGE_BINDING_LEVEL, unit),
      e2e_gl_integer_i(GL_IMAGE_BINDING_LAYERED, unit),
      e2e_gl_integer_i(GL_IMAGE_BINDING_LAYER, unit),
      e2e_gl_integer_i(GL_IMAGE_BINDING_ACCESS, unit),
      e2e_gl_integer_i(GL_IMAGE_BINDING_FORMAT, unit),
   };
   return s;
}

static bool
check_unit(const char *what, GLuint unit, struct unit_state want)
{
   struct unit_state got = unit_state(unit);
   static const char *const field[] = {"name", "level", "layered",
                                       "layer", "access", "format"};
   const GLint *g = &got.name, *w = &want.name;
   bool ok = true;
   for (unsigned i = 0; i < 6; i++) {
      char label[96];
      snprintf(label, sizeof(label), "%s: unit %u %s", what, unit, field[i]);
      ok &= check(label, g[i], w[i]);
   }
   return ok;
}

static const struct unit_state initial = {0, 0, GL_FALSE, 0,
                                          GL_READ_ONLY, GL_R8};

static GLuint
new_texture(GLenum target)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(target, t);
   return t;
}

/* 1-3: errors and state */
static bool
test_state(void)
{
   GLint units = e2e_gl_integer(GL_MAX_IMAGE_UNITS);
   bool ok = check("MAX_IMAGE_UNITS >= 8", units >= 8, 1);
   if (units < 8)
      return false;

   GLuint arr = new_texture(GL_TEXTURE_2D_ARRAY);
   glTexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 4, 4, 3);
   GLuint r32ui = e2e_gl_texture_2d(GL_R32UI, 4, 4, GL_RED_INTEGER,
                                    GL_UNSIGNED_INT, NULL);
   GLuint unsized = e2e_gl_texture_2d(GL_RGBA, 4, 4, GL_RGBA,
                                      GL_UNSIGNED_BYTE, NULL);
   GLuint empty = new_texture(GL_TEXTURE_2D);

   /* 1 */
   GLuint two[2] = {r32ui, r32ui};
   bind_images((GLuint)units - 1, 2, two);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "first + count past "
                             "the units", quiet);
   ok &= check_unit("past the units", (GLuint)units - 1, initial);
   bind_images(0, -1, two);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "negative count", quiet);

   /* 2 */
   gl4.bind_image_texture(2, r32ui, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
   GLuint three[3] = {arr, 12345, r32ui};
   bind_images(1, 3, three);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "unknown name", quiet);
   ok &= check_unit("array", 1,
                    (struct unit_state){(GLint)arr, 0, GL_TRUE, 0,
                                        GL_READ_WRITE, GL_RGBA8});
   ok &= check_unit("unknown name", 2,
                    (struct unit_state){(GLint)r32ui, 0, GL_FALSE, 0,
                                        GL_READ_ONLY, GL_R32F});
   ok &= check_unit("r32ui", 3,
                    (struct unit_state){(GLint)r32ui, 0, GL_TRUE, 0,
                                        GL_READ_WRITE, GL_R32UI});

   /* 3 */
   bind_images(4, 1, &unsized);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "unsized format",
                             quiet);
   ok &= check_unit("unsized format", 4, initial);
   bind_images(4, 1, &empty);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "no level 0", quiet);
   ok &= check_unit("no level 0", 4, initial);
   bind_images(1, 3, NULL);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "textures NULL", quiet);
   for (GLuint u = 1; u <= 3; u++)
      ok &= check_unit("reset by NULL", u, initial);
   GLuint t[4] = {arr, r32ui, 0, 0};
   glDeleteTextures(4, t);
   glDeleteTextures(1, &unsized);
   glDeleteTextures(1, &empty);
   return ok;
}

/* 4: units bound by glBindImageTextures used by a dispatch */
static bool
test_dispatch(void)
{
   static const char cs[] =
      "#version 330\n"
      "#extension GL_ARB_compute_shader : require\n"
      "#extension GL_ARB_shader_image_load_store : require\n"
      "layout(local_size_x = 4, local_size_y = 4) in;\n"
      "layout(r32ui) readonly uniform uimage2DArray src;\n"
      "layout(r32ui) uniform uimage2D dst;\n"
      "void main() {\n"
      "   ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
      "   imageAtomicAdd(dst, p, imageLoad(src, ivec3(p, 1)).x);\n"
      "}\n";
   GLuint p = e2e_gl_compute_program("", cs);
   bool ok = check("program links", p != 0, 1);
   if (!p)
      return false;
   uint32_t layers[2][4][4], fives[16];
   for (unsigned l = 0; l < 2; l++) {
      for (unsigned y = 0; y < 4; y++) {
         for (unsigned x = 0; x < 4; x++)
            layers[l][y][x] = 100 * l + 10 * y + x;
      }
   }
   for (unsigned i = 0; i < 16; i++)
      fives[i] = 5;
   GLuint tex[2];
   tex[0] = new_texture(GL_TEXTURE_2D_ARRAY);
   glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_R32UI, 4, 4, 2);
   glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 2,
                   GL_RED_INTEGER, GL_UNSIGNED_INT, layers);
   tex[1] = e2e_gl_texture_2d(GL_R32UI, 4, 4, GL_RED_INTEGER,
                              GL_UNSIGNED_INT, fives);
   bind_images(0, 2, tex);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glBindImageTextures", quiet);
   glUseProgram(p);
   e2e_gl_uniform_unit(p, "src", 0);
   e2e_gl_uniform_unit(p, "dst", 1);
   gl4.dispatch_compute(1, 1, 1);
   gl4.memory_barrier(GL_ALL_BARRIER_BITS);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "dispatch", quiet);
   uint32_t out[16];
   memset(out, 0, sizeof(out));
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   gl4.get_tex_image(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, out);
   unsigned bad = 0;
   for (unsigned i = 0; i < 16; i++) {
      uint32_t want = 105 + 10 * (i / 4) + i % 4;
      if (out[i] != want && bad++ < 3)
         printf("FAIL texel %u: %u, expected %u\n", i, out[i], want);
   }
   ok &= check("texels wrong", bad, 0);
   glDeleteTextures(2, tex);
   glDeleteProgram(p);
   return ok;
}

/* 5: one 4x4 draw at window depth 0.5 whose fragment shader adds 1 to
 * its texel of an R32UI image and sets gl_FragDepth to 0.25, over a depth
 * buffer cleared to `clear`, depth function LESS. */
static bool
early_case(const char *what, bool early, float clear, uint32_t want_texel,
           float want_depth)
{
   char fs[512];
   snprintf(fs, sizeof(fs),
            "#version 330\n"
            "#extension GL_ARB_shader_image_load_store : require\n"
            "%s"
            "layout(r32ui) uniform uimage2D img;\n"
            "out vec4 c;\n"
            "void main() {\n"
            "   imageAtomicAdd(img, ivec2(gl_FragCoord.xy), 1u);\n"
            "   gl_FragDepth = 0.25;\n"
            "   c = vec4(1.0);\n"
            "}\n",
            early ? "layout(early_fragment_tests) in;\n" : "");
   static const char vs[] =
      "#version 330\n"
      "layout(location = 0) in vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   GLuint p = e2e_gl_program(vs, fs, NULL);
   bool ok = check(what, p != 0, 1);
   if (!p)
      return false;
   GLuint rb, fb = e2e_gl_rgba8_framebuffer(4, 4, 1, &rb);
   GLuint depth = new_texture(GL_TEXTURE_2D);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT32F, 4, 4);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D,
                          depth, 0);
   uint32_t zero[16] = {0};
   GLuint img = e2e_gl_texture_2d(GL_R32UI, 4, 4, GL_RED_INTEGER,
                                  GL_UNSIGNED_INT, zero);
   bind_images(0, 1, &img);
   glViewport(0, 0, 4, 4);
   glClearBufferfv(GL_DEPTH, 0, &clear);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   struct e2e_gl_vertices v;
   e2e_gl_vec2_vertices(&v, e2e_gl_quad_strip, 4);
   glUseProgram(p);
   e2e_gl_uniform_unit(p, "img", 0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   gl4.memory_barrier(GL_ALL_BARRIER_BITS);
   glDisable(GL_DEPTH_TEST);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, what, quiet);

   uint32_t texels[16];
   float z[16];
   memset(texels, 0xff, sizeof(texels));
   memset(z, 0, sizeof(z));
   glBindTexture(GL_TEXTURE_2D, img);
   gl4.get_tex_image(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
   glBindTexture(GL_TEXTURE_2D, depth);
   gl4.get_tex_image(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   unsigned bad_texels = 0, bad_depth = 0;
   for (unsigned i = 0; i < 16; i++) {
      bad_texels += texels[i] != want_texel;
      bad_depth += z[i] != want_depth;
   }
   char label[128];
   snprintf(label, sizeof(label), "%s: texels not %u", what, want_texel);
   ok &= check(label, bad_texels, 0);
   snprintf(label, sizeof(label), "%s: depths not %g", what, want_depth);
   ok &= check(label, bad_depth, 0);
   e2e_gl_vertices_delete(&v);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &depth);
   glDeleteTextures(1, &img);
   glDeleteProgram(p);
   return ok;
}

/* 5: GL 4.6 section 14.9 */
static bool
test_early_tests(void)
{
   bool ok = early_case("early, failing", true, 0.0f, 0, 0.0f);
   ok &= early_case("late, failing", false, 0.0f, 1, 0.0f);
   ok &= early_case("early, passing", true, 1.0f, 1, 0.5f);
   ok &= early_case("late, passing", false, 1.0f, 1, 0.25f);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   int status = e2e_gl_start_images(&gl, argc, argv, 4, 4, &quiet, &gl4);
   if (status)
      return status;
   /* GL 4.4, called through the context's own entry point */
   const struct e2e_gl_proc procs[] = {
      {"glBindImageTextures", &bind_images},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   bool ok = test_state();
   ok &= test_dispatch();
   ok &= test_early_tests();
   return e2e_gl_finish(&gl, ok, quiet);
}
