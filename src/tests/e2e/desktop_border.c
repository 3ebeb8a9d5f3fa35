/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Border colours in a desktop OpenGL 3.2 context (GL 3.2 core, sections
 * 3.8.8 and 3.8.10): a 2x2 texture with wrap mode CLAMP_TO_BORDER read by
 * texture() at coordinates outside [0, 1] gives TEXTURE_BORDER_COLOR,
 * inside gives the texels (nearest filtering, so no texel is blended
 * with the border).  Four cases, each a 16x16 draw read back at a pixel
 * whose coordinate is u = 1.5 (outside) and one at u = 0.25 (inside):
 *
 * - RGBA8, glTexParameterfv border (0.2, 0.4, 0.6, 0.8): reads (51, 102,
 *   153, 204);
 * - RGBA8UI (usampler2D), glTexParameterIuiv border (7, 8, 9, 10): the
 *   shader writes texel / 255, reads (7, 8, 9, 10);
 * - RGBA8 through a sampler object with glSamplerParameterfv border
 *   (1, 0.5, 0.25, 1) (the texture's own border is ignored);
 * - RGBA8 with texture swizzle (B, G, R, A) and border (0.2, 0.4, 0.6,
 *   0.8): the swizzle applies to the border (section 3.8.15): (153, 102,
 *   51, 204);
 *
 * and the queries: glGetTexParameterfv and glGetTexParameterIuiv give the
 * stored values back, glTexParameteri(TEXTURE_BORDER_COLOR) is
 * INVALID_ENUM (a vector parameter).  Each value is worked out from the
 * spec (unorm8: round(255 c)); llvmpipe passes it too.
 *
 * Usage: desktop_border [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 16
#define H 16

#define E2E_GL_CLAMP_TO_BORDER 0x812D
#define E2E_GL_TEXTURE_BORDER_COLOR 0x1004
typedef void (*tex_parameter_iuiv_fn)(GLenum, GLenum, const GLuint *);
typedef void (*get_tex_parameter_iuiv_fn)(GLenum, GLenum, GLuint *);
typedef void (*get_tex_parameter_fv_fn)(GLenum, GLenum, GLfloat *);
typedef void (*tex_parameter_fv_fn)(GLenum, GLenum, const GLfloat *);

static const char vs[] = "#version 150\n"
                         "in vec2 pos;\n"
                         "out vec2 uv;\n"
                         "void main() {\n"
                         "   /* u from -0.5 to 1.5 across the window */\n"
                         "   uv = pos + 0.5;\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "}\n";
static const char fs_float[] = "#version 150\n"
                               "uniform sampler2D t;\n"
                               "in vec2 uv;\n"
                               "out vec4 color;\n"
                               "void main() {\n"
                               "   color = texture(t, uv);\n"
                               "}\n";
static const char fs_uint[] = "#version 150\n"
                              "uniform usampler2D t;\n"
                              "in vec2 uv;\n"
                              "out vec4 color;\n"
                              "void main() {\n"
                              "   color = vec4(texture(t, uv)) / 255.0;\n"
                              "}\n";

struct fns {
   tex_parameter_iuiv_fn tex_parameter_iuiv;
   get_tex_parameter_iuiv_fn get_tex_parameter_iuiv;
   get_tex_parameter_fv_fn get_tex_parameter_fv;
   tex_parameter_fv_fn tex_parameter_fv;
};

static GLuint
make_texture(GLenum ifmt, GLenum fmt, GLenum type)
{
   /* All four texels (10, 20, 30, 40). */
   static const GLubyte texels[16] = {10, 20, 30, 40, 10, 20, 30, 40,
                                      10, 20, 30, 40, 10, 20, 30, 40};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, ifmt, 2, 2, 0, fmt, type, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, E2E_GL_CLAMP_TO_BORDER);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, E2E_GL_CLAMP_TO_BORDER);
   return tex;
}

/* Draws with prog and checks the pixel at u = 1.5 - 1/16 (x = 15, the
 * border) and at u = 0.25 (x = 5, the texel (10, 20, 30, 40)). */
static bool
draw_and_probe(GLuint prog, const GLubyte border[4], const GLubyte texel[4],
               const char *what, bool quiet)
{
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "t"), 0);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   GLubyte px[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   char name[96];
   snprintf(name, sizeof(name), "%s: border", what);
   bool ok = e2e_gl_probe(px, W, 15, 8, border, 1, name, quiet);
   snprintf(name, sizeof(name), "%s: texel", what);
   ok &= e2e_gl_probe(px, W, 5, 8, texel, 1, name, quiet);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   struct fns f;
   const struct e2e_gl_proc procs[] = {
      {"glTexParameterIuiv", &f.tex_parameter_iuiv},
      {"glGetTexParameterIuiv", &f.get_tex_parameter_iuiv},
      {"glGetTexParameterfv", &f.get_tex_parameter_fv},
      {"glTexParameterfv", &f.tex_parameter_fv},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   static const char *const attribs[] = {"pos", NULL};
   GLuint pf = e2e_gl_program(vs, fs_float, attribs);
   GLuint pu = e2e_gl_program(vs, fs_uint, attribs);
   if (!pf || !pu) {
      e2e_gl_close(&gl);
      return 1;
   }
   struct e2e_gl_vertices quad_vertices;
   e2e_gl_vec2_vertices(&quad_vertices, e2e_gl_quad_strip, 4);
   glViewport(0, 0, W, H);
   glActiveTexture(GL_TEXTURE0);

   static const GLubyte texel[4] = {10, 20, 30, 40};
   static const float bf[4] = {0.2f, 0.4f, 0.6f, 0.8f};

   /* RGBA8, a float border. */
   GLuint t8 = make_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
   f.tex_parameter_fv(GL_TEXTURE_2D, E2E_GL_TEXTURE_BORDER_COLOR, bf);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glTexParameterfv(border)", quiet);
   static const GLubyte b8[4] = {51, 102, 153, 204};
   ok &= draw_and_probe(pf, b8, texel, "RGBA8", quiet);
   GLfloat got[4] = {0};
   f.get_tex_parameter_fv(GL_TEXTURE_2D, E2E_GL_TEXTURE_BORDER_COLOR, got);
   if (got[0] != bf[0] || got[1] != bf[1] || got[2] != bf[2] ||
       got[3] != bf[3]) {
      printf("FAIL glGetTexParameterfv(border): %g %g %g %g\n", got[0],
             got[1], got[2], got[3]);
      ok = false;
   }
   glTexParameteri(GL_TEXTURE_2D, E2E_GL_TEXTURE_BORDER_COLOR, 1);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "glTexParameteri(border)",
                             quiet);

   /* The texture swizzle applies to the border too. */
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
   static const GLubyte b8_sw[4] = {153, 102, 51, 204};
   static const GLubyte texel_sw[4] = {30, 20, 10, 40};
   ok &= draw_and_probe(pf, b8_sw, texel_sw, "RGBA8 swizzled", quiet);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_RED);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_BLUE);

   /* A sampler object's border replaces the texture's. */
   GLuint smp;
   glGenSamplers(1, &smp);
   glSamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glSamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glSamplerParameteri(smp, GL_TEXTURE_WRAP_S, E2E_GL_CLAMP_TO_BORDER);
   glSamplerParameteri(smp, GL_TEXTURE_WRAP_T, E2E_GL_CLAMP_TO_BORDER);
   static const float sb[4] = {1.0f, 0.5f, 0.25f, 1.0f};
   glSamplerParameterfv(smp, E2E_GL_TEXTURE_BORDER_COLOR, sb);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glSamplerParameterfv(border)",
                             quiet);
   glBindSampler(0, smp);
   static const GLubyte bs[4] = {255, 128, 64, 255};
   ok &= draw_and_probe(pf, bs, texel, "sampler object", quiet);
   glBindSampler(0, 0);

   /* RGBA8UI, an integer border. */
   make_texture(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE);
   static const GLuint bu[4] = {7, 8, 9, 10};
   f.tex_parameter_iuiv(GL_TEXTURE_2D, E2E_GL_TEXTURE_BORDER_COLOR, bu);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glTexParameterIuiv(border)",
                             quiet);
   static const GLubyte b_u[4] = {7, 8, 9, 10};
   ok &= draw_and_probe(pu, b_u, texel, "RGBA8UI", quiet);
   GLuint gu[4] = {0};
   f.get_tex_parameter_iuiv(GL_TEXTURE_2D, E2E_GL_TEXTURE_BORDER_COLOR, gu);
   if (gu[0] != 7 || gu[1] != 8 || gu[2] != 9 || gu[3] != 10) {
      printf("FAIL glGetTexParameterIuiv(border): %u %u %u %u\n", gu[0],
             gu[1], gu[2], gu[3]);
      ok = false;
   }
   (void)t8;

   return e2e_gl_finish(&gl, ok, quiet);
}
