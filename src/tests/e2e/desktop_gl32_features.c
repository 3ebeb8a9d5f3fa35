/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What GL 3.2 adds besides geometry shaders, in a desktop 3.1 context
 * through the extensions that brought it (the asahi driver has no
 * geometry shaders yet, so no 3.2 context): ARB_texture_multisample and
 * ARB_depth_clamp, checked against values worked out from the GL 3.2 core
 * specification (2009-12-07).
 *
 * Multisample textures (section 3.8.4, 4.1.3, 4.4): an 8x8 4-sample
 * RGBA8 texture attached to a framebuffer object, cleared blue, then a
 * full-screen draw red with the sample mask (glSampleMaski) 0x5, one
 * green with 0xA: every pixel's samples 0 and 2 are red, 1 and 3 green,
 * whatever the sample positions.  A fragment shader (GLSL 1.40 with
 * GL_ARB_texture_multisample) texelFetch()es sample (x / 4) of texel
 * (1, 2) across the 16-wide window: red, green, red, green; the top rows
 * show textureSize() as bytes, (8, 8).  A 2-layer 4-sample array texture
 * whose layer 1 is cleared (0.2, 0.4, 0.6, 1) is fetched at layer 1,
 * sample 3: (51, 102, 153, 255).  The attachment of a texture with
 * fixedsamplelocations FALSE together with a renderbuffer is
 * FRAMEBUFFER_INCOMPLETE_MULTISAMPLE (4.4.4); glGetMultisamplefv gives 4
 * distinct positions in [0, 1) and INVALID_VALUE past them (3.3.1).
 *
 * Depth clamp (2.17, 4.1.5): with depth cleared to 1.0 and LEQUAL, a
 * quad at z = 2 (past the far plane) is clipped away without DEPTH_CLAMP
 * and drawn (its depth clamped to 1.0) with it; with depth cleared to
 * 0.5 and LESS, a quad at z = -3 is drawn only with DEPTH_CLAMP (depth
 * 0.0).
 *
 * BGRA vertex arrays (2.8, ARB_vertex_array_bgra): see vertex_array_bgra;
 * gl_FragCoord's layout qualifiers: see frag_coord_conventions.
 *
 * Usage: desktop_gl32_features [--quiet] [--no-skip]
 * Exit status: 0 pass, 1 fail, 77 no desktop 3.1 context or extension
 * missing (unless --no-skip).
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 16

/* GL 3.2 tokens and entry points that the ES 3.0 headers lack. */
#define E2E_GL_TEXTURE_2D_MULTISAMPLE 0x9100
#define E2E_GL_TEXTURE_2D_MULTISAMPLE_ARRAY 0x9102
#define E2E_GL_SAMPLE_MASK 0x8E51
#define E2E_GL_SAMPLE_POSITION 0x8E50
#define E2E_GL_TEXTURE_SAMPLES 0x9106
#define E2E_GL_DEPTH_CLAMP 0x864F
#define E2E_GL_BGRA 0x80E1
typedef void (*tex_image_2d_ms_fn)(GLenum, GLsizei, GLenum, GLsizei, GLsizei,
                                   GLboolean);
typedef void (*tex_image_3d_ms_fn)(GLenum, GLsizei, GLenum, GLsizei, GLsizei,
                                   GLsizei, GLboolean);
typedef void (*sample_maski_fn)(GLuint, GLbitfield);
typedef void (*get_multisamplefv_fn)(GLenum, GLuint, GLfloat *);
typedef void (*get_tex_level_parameteriv_fn)(GLenum, GLint, GLenum, GLint *);

static const char vs[] = "#version 140\n"
                         "in vec2 pos;\n"
                         "uniform float z;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, z, 1.0);\n"
                         "}\n";
static const char fs_flat[] = "#version 140\n"
                              "uniform vec4 u_color;\n"
                              "out vec4 color;\n"
                              "void main() {\n"
                              "   color = u_color;\n"
                              "}\n";
static const char fs_fetch[] =
   "#version 140\n"
   "#extension GL_ARB_texture_multisample : require\n"
   "uniform sampler2DMS ms;\n"
   "uniform sampler2DMSArray msa;\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   ivec2 p = ivec2(gl_FragCoord.xy);\n"
   "   if (p.y < 8)\n"
   "      color = texelFetch(ms, ivec2(1, 2), p.x / 4);\n"
   "   else if (p.y < 12)\n"
   "      color = vec4(vec2(textureSize(ms)) / 255.0, 0.0, 1.0);\n"
   "   else\n"
   "      color = texelFetch(msa, ivec3(5, 6, 1), 3);\n"
   "}\n";

static bool
check_error(const char *what)
{
   GLenum e = glGetError();
   if (e == GL_NO_ERROR)
      return true;
   printf("FAIL %s: GL error 0x%x\n", what, e);
   return false;
}

static bool
expect_error(GLenum want, const char *what)
{
   GLenum e = glGetError();
   if (e == want)
      return true;
   printf("FAIL %s: GL error 0x%x, want 0x%x\n", what, e, want);
   return false;
}

struct fns {
   tex_image_2d_ms_fn tex_image_2d_ms;
   tex_image_3d_ms_fn tex_image_3d_ms;
   sample_maski_fn sample_maski;
   get_multisamplefv_fn get_multisamplefv;
   get_tex_level_parameteriv_fn get_tex_level_parameteriv;
};

/* Fills the 4-sample texture and the array; returns false on failure. */
static bool
fill_textures(const struct fns *f, GLuint flat, GLuint tex[2], bool quiet)
{
   bool ok = true;
   GLuint fbo[2];
   glGenTextures(2, tex);
   glGenFramebuffers(2, fbo);

   glBindTexture(E2E_GL_TEXTURE_2D_MULTISAMPLE, tex[0]);
   f->tex_image_2d_ms(E2E_GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8,
                      GL_TRUE);
   ok &= check_error("glTexImage2DMultisample");
   GLint samples = 0;
   f->get_tex_level_parameteriv(E2E_GL_TEXTURE_2D_MULTISAMPLE, 0,
                                E2E_GL_TEXTURE_SAMPLES, &samples);
   if (samples < 4) {
      printf("FAIL TEXTURE_SAMPLES %d, want >= 4\n", samples);
      ok = false;
   } else if (!quiet) {
      printf("ok   TEXTURE_SAMPLES %d\n", samples);
   }

   glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          E2E_GL_TEXTURE_2D_MULTISAMPLE, tex[0], 0);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL multisample texture attachment incomplete\n");
      return false;
   }
   glViewport(0, 0, 8, 8);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(flat);
   GLint color = glGetUniformLocation(flat, "u_color");
   glUniform1f(glGetUniformLocation(flat, "z"), 0.0f);
   glEnable(E2E_GL_SAMPLE_MASK);
   f->sample_maski(0, 0x5);
   glUniform4f(color, 1, 0, 0, 1);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   f->sample_maski(0, 0xa);
   glUniform4f(color, 0, 1, 0, 1);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(E2E_GL_SAMPLE_MASK);
   ok &= check_error("sample-masked draws into the texture");

   /* Section 3.3.1: the positions of the 4 samples. */
   float pos[4][2];
   for (unsigned i = 0; i < 4; i++)
      f->get_multisamplefv(E2E_GL_SAMPLE_POSITION, i, pos[i]);
   ok &= check_error("glGetMultisamplefv");
   for (unsigned i = 0; i < 4; i++) {
      bool inside = pos[i][0] >= 0 && pos[i][0] < 1 && pos[i][1] >= 0 &&
                    pos[i][1] < 1;
      for (unsigned j = 0; j < i; j++) {
         if (pos[i][0] == pos[j][0] && pos[i][1] == pos[j][1])
            inside = false;
      }
      if (!inside) {
         printf("FAIL sample %u at (%g, %g)\n", i, pos[i][0], pos[i][1]);
         ok = false;
      } else if (!quiet) {
         printf("ok   sample %u at (%g, %g)\n", i, pos[i][0], pos[i][1]);
      }
   }
   float junk[2];
   f->get_multisamplefv(E2E_GL_SAMPLE_POSITION, 4, junk);
   ok &= expect_error(GL_INVALID_VALUE, "glGetMultisamplefv(index 4)");

   /* Section 4.4.4: a renderbuffer with a texture whose sample
    * locations are not fixed. */
   GLuint loose, rb;
   glGenTextures(1, &loose);
   glBindTexture(E2E_GL_TEXTURE_2D_MULTISAMPLE, loose);
   f->tex_image_2d_ms(E2E_GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8,
                      GL_FALSE);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, 8, 8);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          E2E_GL_TEXTURE_2D_MULTISAMPLE, loose, 0);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1,
                             GL_RENDERBUFFER, rb);
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE) {
      printf("FAIL loose sample locations + renderbuffer: 0x%x\n", st);
      ok = false;
   }

   /* The array: layer 1 cleared. */
   glBindTexture(E2E_GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[1]);
   f->tex_image_3d_ms(E2E_GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8,
                      2, GL_TRUE);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[1], 0,
                             1);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL multisample array layer attachment incomplete\n");
      ok = false;
   }
   glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   ok &= check_error("multisample array texture");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   return ok;
}

static bool
depth_clamp(GLuint flat, bool quiet)
{
   bool ok = true;
   GLint color = glGetUniformLocation(flat, "u_color");
   GLint z = glGetUniformLocation(flat, "z");
   uint8_t px[W * H * 4];
   static const uint8_t black[4] = {0, 0, 0, 255};
   static const uint8_t white[4] = {255, 255, 255, 255};

   glUseProgram(flat);
   glUniform4f(color, 1, 1, 1, 1);
   glEnable(GL_DEPTH_TEST);
   struct {
      const char *what;
      float clear, z;
      GLenum func;
      bool clamp;
      const uint8_t *want;
   } cases[] = {
      {"z = 2 without DEPTH_CLAMP: clipped", 1.0f, 2.0f, GL_LEQUAL, false,
       black},
      {"z = 2 with DEPTH_CLAMP: depth 1.0 passes LEQUAL 1.0", 1.0f, 2.0f,
       GL_LEQUAL, true, white},
      {"z = -3 without DEPTH_CLAMP: clipped", 0.5f, -3.0f, GL_LESS, false,
       black},
      {"z = -3 with DEPTH_CLAMP: depth 0.0 passes LESS 0.5", 0.5f, -3.0f,
       GL_LESS, true, white},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      glClearColor(0, 0, 0, 1);
      glClearDepthf(cases[i].clear);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glDepthFunc(cases[i].func);
      if (cases[i].clamp)
         glEnable(E2E_GL_DEPTH_CLAMP);
      else
         glDisable(E2E_GL_DEPTH_CLAMP);
      glUniform1f(z, cases[i].z);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
      ok &= check_error(cases[i].what);
      ok &= e2e_gl_probe(px, W, 7, 7, cases[i].want, 1, cases[i].what,
                         quiet);
   }
   if (!glIsEnabled(E2E_GL_DEPTH_CLAMP)) {
      printf("FAIL glIsEnabled(DEPTH_CLAMP)\n");
      ok = false;
   }
   glDisable(E2E_GL_DEPTH_CLAMP);
   glDisable(GL_DEPTH_TEST);
   return ok;
}

/* Section 2.8 (ARB_vertex_array_bgra): a colour attribute of BGRA
 * bytes (0x10, 0x20, 0xf0, 0xff) reads as (R, G, B, A) = (240, 32, 16,
 * 255) / 255. */
static const char vs_col[] = "#version 140\n"
                             "in vec2 pos;\n"
                             "in vec4 col;\n"
                             "out vec4 v_col;\n"
                             "void main() {\n"
                             "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                             "   v_col = col;\n"
                             "}\n";
static const char fs_col[] = "#version 140\n"
                             "in vec4 v_col;\n"
                             "out vec4 color;\n"
                             "void main() {\n"
                             "   color = v_col;\n"
                             "}\n";

static bool
vertex_array_bgra(bool quiet)
{
   static const char *const attribs[] = {"pos", "col", NULL};
   GLuint prog = e2e_gl_program(vs_col, fs_col, attribs);
   if (!prog)
      return false;
   static const uint8_t bgra[4][4] = {{0x10, 0x20, 0xf0, 0xff},
                                      {0x10, 0x20, 0xf0, 0xff},
                                      {0x10, 0x20, 0xf0, 0xff},
                                      {0x10, 0x20, 0xf0, 0xff}};
   GLuint buf;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(bgra), bgra, GL_STATIC_DRAW);
   glVertexAttribPointer(1, E2E_GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0,
                         (void *)0);
   glEnableVertexAttribArray(1);
   glUseProgram(prog);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisableVertexAttribArray(1);
   bool ok = check_error("BGRA vertex array draw");
   uint8_t px[W * H * 4];
   static const uint8_t want[4] = {240, 32, 16, 255};
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   ok &= e2e_gl_probe(px, W, 8, 8, want, 1, "BGRA colour attribute", quiet);
   return ok;
}

/* GLSL 1.50 4.3.8.1 (ARB_fragment_coord_conventions): with
 * origin_upper_left and pixel_center_integer, the pixel in GL window row
 * y, column x reads gl_FragCoord.xy = (x, H - 1 - y). */
static const char fs_coord[] =
   "#version 140\n"
   "#extension GL_ARB_fragment_coord_conventions : require\n"
   "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   color = vec4(gl_FragCoord.xy / 255.0, 0.0, 1.0);\n"
   "}\n";

static bool
frag_coord_conventions(bool quiet)
{
   static const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs_coord, attribs);
   if (!prog)
      return false;
   glUseProgram(prog);
   glUniform1f(glGetUniformLocation(prog, "z"), 0.0f);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   bool ok = check_error("fragment coordinate conventions draw");
   uint8_t px[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   static const uint8_t at_3_2[4] = {3, H - 1 - 2, 0, 255};
   static const uint8_t at_12_9[4] = {12, H - 1 - 9, 0, 255};
   ok &= e2e_gl_probe(px, W, 3, 2, at_3_2, 0,
                      "upper-left integer gl_FragCoord at (3, 2)", quiet);
   ok &= e2e_gl_probe(px, W, 12, 9, at_12_9, 0,
                      "upper-left integer gl_FragCoord at (12, 9)", quiet);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 1);
   opts.depth_bits = 24;
   e2e_gl_common_args(argc, argv, &opts, &quiet);

   struct e2e_gl gl;
   int status = e2e_gl_open(&gl, &opts);
   if (status)
      return status;

   if (!e2e_gl_has_extension("GL_ARB_texture_multisample") ||
       !e2e_gl_has_extension("GL_ARB_depth_clamp")) {
      printf("%s: GL_ARB_texture_multisample or GL_ARB_depth_clamp "
             "missing\n",
             opts.no_skip ? "FAIL" : "SKIP");
      e2e_gl_close(&gl);
      return opts.no_skip ? 1 : 77;
   }
   struct fns f;
   const struct e2e_gl_proc procs[] = {
      {"glTexImage2DMultisample", &f.tex_image_2d_ms},
      {"glTexImage3DMultisample", &f.tex_image_3d_ms},
      {"glSampleMaski", &f.sample_maski},
      {"glGetMultisamplefv", &f.get_multisamplefv},
      {"glGetTexLevelParameteriv", &f.get_tex_level_parameteriv},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   if (!quiet)
      printf("ok   context \"%s\"\n", glGetString(GL_VERSION));

   static const char *const attribs[] = {"pos", NULL};
   GLuint flat = e2e_gl_program(vs, fs_flat, attribs);
   GLuint fetch = e2e_gl_program(vs, fs_fetch, attribs);
   if (!flat || !fetch) {
      e2e_gl_close(&gl);
      return 1;
   }
   struct e2e_gl_vertices quad_vertices;
   e2e_gl_vec2_vertices(&quad_vertices, e2e_gl_quad_strip, 4);

   GLuint tex[2];
   ok &= fill_textures(&f, flat, tex, quiet);

   /* Fetch the samples into the window. */
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(fetch);
   glUniform1f(glGetUniformLocation(fetch, "z"), 0.0f);
   glUniform1i(glGetUniformLocation(fetch, "ms"), 0);
   glUniform1i(glGetUniformLocation(fetch, "msa"), 1);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(E2E_GL_TEXTURE_2D_MULTISAMPLE, tex[0]);
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(E2E_GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[1]);
   glActiveTexture(GL_TEXTURE0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= check_error("texelFetch draw");
   uint8_t px[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   static const uint8_t red[4] = {255, 0, 0, 255};
   static const uint8_t green[4] = {0, 255, 0, 255};
   static const uint8_t size[4] = {8, 8, 0, 255};
   static const uint8_t layer[4] = {51, 102, 153, 255};
   ok &= e2e_gl_probe(px, W, 1, 3, red, 1, "sample 0 (mask 0x5)", quiet);
   ok &= e2e_gl_probe(px, W, 5, 3, green, 1, "sample 1 (mask 0xa)", quiet);
   ok &= e2e_gl_probe(px, W, 9, 3, red, 1, "sample 2 (mask 0x5)", quiet);
   ok &= e2e_gl_probe(px, W, 13, 3, green, 1, "sample 3 (mask 0xa)", quiet);
   ok &= e2e_gl_probe(px, W, 6, 9, size, 1, "textureSize (8, 8)", quiet);
   ok &= e2e_gl_probe(px, W, 6, 14, layer, 1, "array layer 1, sample 3",
                      quiet);

   ok &= depth_clamp(flat, quiet);
   ok &= frag_coord_conventions(quiet);
   if (e2e_gl_has_extension("GL_ARB_vertex_array_bgra"))
      ok &= vertex_array_bgra(quiet);
   else
      printf("%s GL_ARB_vertex_array_bgra missing\n",
             opts.no_skip ? "FAIL" : "SKIP");
   ok &= !opts.no_skip || e2e_gl_has_extension("GL_ARB_vertex_array_bgra");

   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
