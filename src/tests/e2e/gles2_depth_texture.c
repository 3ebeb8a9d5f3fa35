/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * OpenGL ES 2.0 texture formats of extensions, rendered and sampled:
 *
 * 1. OES_depth_texture: a 16 x 16 DEPTH_COMPONENT texture (UNSIGNED_INT)
 *    is the depth attachment of a framebuffer object.  A quad whose NDC z
 *    goes from -1 at the left edge to +1 at the right is drawn into it
 *    with GL_LESS after clearing depth to 1, so the depth at the centre of
 *    column x is (x + 0.5) / 16 (ES 2.0 section 2.12.1: window z =
 *    (z_ndc + 1) / 2 with the default depth range).  The texture is then
 *    sampled with NEAREST into the window: OES_depth_texture returns depth
 *    as luminance, (d, d, d, 1) (its issue 2), so column x reads
 *    round(255 (x + 0.5) / 16) in red, green and blue.
 * 2. OES_packed_depth_stencil: the same with a DEPTH_STENCIL texture
 *    (UNSIGNED_INT_24_8) on both the depth and the stencil attachment
 *    points; the left half of the quad first writes stencil 1 (colour and
 *    depth masked), then the quad is drawn with stencil EQUAL 1, so only
 *    the left half gets depth; the right half keeps the cleared 1.0.
 * 3. OES_texture_float and OES_texture_half_float: texels outside [0, 1]
 *    (2.0, -1.0, 0.5, 3.0) survive the upload; the shader maps them with
 *    v / 4 + 1 / 4 to (0.75, 0, 0.375, 1): 191, 0, 96, 255.  A half-float
 *    LUMINANCE texel 2.0 reads (2, 2, 2, 1): 191, 191, 191, 128.
 * 4. OES_texture_float_linear: a 2 x 1 RGBA FLOAT texture (0 and 2.0)
 *    sampled with LINEAR half-way between the texel centres gives 1.0:
 *    the shader's v / 4 + 1 / 4 is 0.5, 128 (127 allowed).
 * 6. EXT_color_buffer_half_float: an RGBA HALF_FLOAT_OES texture is a
 *    complete colour attachment whose component type is FLOAT; it clears
 *    to (2, -1, 0.5, 3) unclamped and reads back as RGBA/FLOAT; a draw of
 *    (0.25, 0.5, 0.75, 1) blended with (CONSTANT_COLOR, ZERO) and the
 *    constant (2, 2, 2, 2) gives (0.5, 1, 1.5, 2) there (no clamping for
 *    float buffers), while on the RGBA8 window the constant is clamped to
 *    1: (64, 128, 191, 255).  All exact in half floats.
 * 5. OES_depth_texture_cube_map: a cube map whose face i is a 1 x 1
 *    DEPTH_COMPONENT image of UNSIGNED_SHORT 8192 (i + 1), sampled with
 *    samplerCube along each face's axis: (d, d, d, 1) with
 *    d = 8192 (i + 1) / 65535, i.e. round(255 d) = 32, 64, 96, 128, 159,
 *    191.
 *
 * Every step also passes on llvmpipe.
 */
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define S 16

static const char fs_colour[] = "precision mediump float;\n"
                                "uniform vec4 colour;\n"
                                "void main() { gl_FragColor = colour; }\n";
static const char fs_tex[] = "precision highp float;\n"
                             "uniform sampler2D tex;\n"
                             "uniform vec2 at;\n"
                             "uniform float scale, bias;\n"
                             "varying vec2 uv;\n"
                             "void main() {\n"
                             "   vec2 p = at.x < 0.0 ? uv : at;\n"
                             "   gl_FragColor = texture2D(tex, p) * scale"
                             " + bias;\n"
                             "}\n";

static const char fs_cube[] = "precision highp float;\n"
                              "uniform samplerCube tex;\n"
                              "uniform vec3 dir;\n"
                              "void main() {\n"
                              "   gl_FragColor = textureCube(tex, dir);\n"
                              "}\n";

struct progs {
   GLuint colour_prog, tex_prog, cube_prog;
   GLint colour, at, scale, bias, dir;
};

static bool
has_ext(const char *name)
{
   const char *all = (const char *)glGetString(GL_EXTENSIONS);
   size_t n = strlen(name);

   for (const char *p = all; p && (p = strstr(p, name)); p += n) {
      if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

static void
draw_quad(float z_left, float z_right)
{
   const GLfloat quad[] = {
      -1, -1, z_left, 1, 1, -1, z_right, 1,
      -1, 1,  z_left, 1, 1, 1,  z_right, 1,
   };
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* Draws the depth ramp into an FBO whose depth (and, with stencil, its
 * stencil) attachment is the texture depth_tex. */
static bool
render_depth(const struct progs *p, GLuint depth_tex, bool stencil)
{
   GLuint fbo, colour_tex;

   glGenTextures(1, &colour_tex);
   glBindTexture(GL_TEXTURE_2D, colour_tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, S, S, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D, colour_tex, 0);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D,
                          depth_tex, 0);
   if (stencil)
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                             GL_TEXTURE_2D, depth_tex, 0);
   GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   if (status != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "FAIL: depth%s texture framebuffer incomplete (0x%x)\n",
              stencil ? "-stencil" : "", status);
      return false;
   }
   glViewport(0, 0, S, S);
   glUseProgram(p->colour_prog);
   glUniform4f(p->colour, 0, 1, 0, 1);
   glClearDepthf(1);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   if (stencil) {
      /* Stencil 1 on the left half only, nothing else written. */
      glEnable(GL_STENCIL_TEST);
      glStencilFunc(GL_ALWAYS, 1, 0xff);
      glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
      glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
      glDepthMask(GL_FALSE);
      const GLfloat half[] = {-1, -1, 0, 1, 0, -1, 0, 1,
                              -1, 1,  0, 1, 0, 1,  0, 1};
      glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, half);
      glEnableVertexAttribArray(0);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
      glDepthMask(GL_TRUE);
      glStencilFunc(GL_EQUAL, 1, 0xff);
      glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   }
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   draw_quad(-1, 1);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_STENCIL_TEST);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &colour_tex);
   return glGetError() == GL_NO_ERROR;
}

/* Draws texture tex over the window (at: one texture coordinate for
 * every pixel, or uv when at_x < 0) with v * scale + bias, reads it back. */
static void
sample(const struct progs *p, GLuint tex, float at_x, float at_y, float scale,
       float bias, uint8_t *pixels)
{
   glBindTexture(GL_TEXTURE_2D, tex);
   glUseProgram(p->tex_prog);
   glUniform2f(p->at, at_x, at_y);
   glUniform1f(p->scale, scale);
   glUniform1f(p->bias, bias);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   draw_quad(0, 0);
   glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
}

static GLuint
new_texture(GLenum filter)
{
   GLuint tex;

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   return tex;
}

static bool
check_depth(const struct progs *p, bool stencil, bool quiet)
{
   static uint8_t pixels[S * S * 4];
   GLuint tex = new_texture(GL_NEAREST);
   char what[96];
   bool ok = true;

   if (stencil)
      glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL_OES, S, S, 0,
                   GL_DEPTH_STENCIL_OES, GL_UNSIGNED_INT_24_8_OES, NULL);
   else
      glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, S, S, 0,
                   GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, NULL);
   if (glGetError() != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: depth%s texture refused\n",
              stencil ? "-stencil" : "");
      return false;
   }
   if (!render_depth(p, tex, stencil))
      return false;
   sample(p, tex, -1, 0, 1, 0, pixels);
   for (int x = 0; x < S; x++) {
      /* Right half of the stencil case: stencil 0, depth stays 1. */
      int v = stencil && x >= S / 2 ? 255 : (255 * (2 * x + 1) + S) / (2 * S);
      const uint8_t want[4] = {(uint8_t)v, (uint8_t)v, (uint8_t)v, 255};
      for (int y = 1; y < S; y += 7) {
         snprintf(what, sizeof(what), "depth%s texel (%d, %d)",
                  stencil ? "-stencil" : "", x, y);
         ok &= e2e_gl_probe(pixels, S, x, y, want, 1, what, quiet);
      }
   }
   glDeleteTextures(1, &tex);
   return ok;
}

static bool
check_float(const struct progs *p, bool quiet)
{
   static uint8_t pixels[S * S * 4];
   bool ok = true;

   /* 1: RGBA FLOAT beyond [0, 1]. */
   static const GLfloat rgba[4] = {2.0f, -1.0f, 0.5f, 3.0f};
   GLuint tex = new_texture(GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_FLOAT, rgba);
   ok &= glGetError() == GL_NO_ERROR;
   sample(p, tex, 0.5f, 0.5f, 0.25f, 0.25f, pixels);
   const uint8_t want_rgba[4] = {191, 0, 96, 255};
   ok &= e2e_gl_probe(pixels, S, 5, 5, want_rgba, 1, "RGBA FLOAT texel",
                      quiet);

   /* 2: LUMINANCE HALF_FLOAT_OES 2.0 (0x4000). */
   static const GLushort lum = 0x4000;
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 1, 1, 0, GL_LUMINANCE,
                GL_HALF_FLOAT_OES, &lum);
   ok &= glGetError() == GL_NO_ERROR;
   sample(p, tex, 0.5f, 0.5f, 0.25f, 0.25f, pixels);
   const uint8_t want_lum[4] = {191, 191, 191, 128};
   ok &= e2e_gl_probe(pixels, S, 9, 3, want_lum, 1,
                      "LUMINANCE HALF_FLOAT_OES texel", quiet);
   glDeleteTextures(1, &tex);

   /* 3: LINEAR between 0 and 2.0. */
   static const GLfloat pair[8] = {0, 0, 0, 0, 2.0f, 2.0f, 2.0f, 2.0f};
   tex = new_texture(GL_LINEAR);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_FLOAT, pair);
   ok &= glGetError() == GL_NO_ERROR;
   sample(p, tex, 0.5f, 0.5f, 0.25f, 0.25f, pixels);
   const uint8_t want_mid[4] = {128, 128, 128, 128};
   ok &= e2e_gl_probe(pixels, S, 7, 12, want_mid, 1,
                      "LINEAR FLOAT half-way", quiet);
   glDeleteTextures(1, &tex);
   if (!ok)
      fprintf(stderr, "FAIL: float textures\n");
   return ok;
}

static bool
check_depth_cube(const struct progs *p, bool quiet)
{
   static uint8_t pixels[S * S * 4];
   static const GLfloat dirs[6][3] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                      {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
   GLuint tex;
   char what[64];
   bool ok = true;

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   for (unsigned i = 0; i < 6; i++) {
      const GLushort d = (GLushort)(8192 * (i + 1));
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + i, 0, GL_DEPTH_COMPONENT,
                   1, 1, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, &d);
   }
   if (glGetError() != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: depth cube map refused\n");
      return false;
   }
   glUseProgram(p->cube_prog);
   for (unsigned i = 0; i < 6; i++) {
      glUniform3fv(p->dir, 1, dirs[i]);
      glClearColor(0, 0, 1, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      draw_quad(0, 0);
      glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
      /* round(255 * 8192 (i + 1) / 65535) */
      int v = (int)((255L * 8192 * (i + 1) * 2 + 65535) / (2 * 65535L));
      const uint8_t want[4] = {(uint8_t)v, (uint8_t)v, (uint8_t)v, 255};
      snprintf(what, sizeof(what), "depth cube face %u", i);
      ok &= e2e_gl_probe(pixels, S, 4, 11, want, 1, what, quiet);
   }
   glDeleteTextures(1, &tex);
   return ok;
}

static bool
check_half_float_target(const struct progs *p, bool quiet)
{
   GLuint tex = new_texture(GL_NEAREST), fbo;
   bool ok = true;

   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, S, S, 0, GL_RGBA,
                GL_HALF_FLOAT_OES, NULL);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D, tex, 0);
   GLint type = 0;
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
      GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE_EXT, &type);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE ||
       type != GL_FLOAT) {
      fprintf(stderr, "FAIL: half-float target incomplete or type 0x%x\n",
              type);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      return false;
   }
   glViewport(0, 0, S, S);
   glClearColor(2.0f, -1.0f, 0.5f, 3.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   GLfloat px[4] = {0};
   glReadPixels(3, 3, 1, 1, GL_RGBA, GL_FLOAT, px);
   ok &= glGetError() == GL_NO_ERROR && px[0] == 2.0f && px[1] == -1.0f &&
         px[2] == 0.5f && px[3] == 3.0f;
   if (!ok || !quiet)
      printf("%s: half-float clear: %g %g %g %g\n", ok ? "ok" : "FAIL",
             px[0], px[1], px[2], px[3]);

   glUseProgram(p->colour_prog);
   glUniform4f(p->colour, 0.25f, 0.5f, 0.75f, 1.0f);
   glEnable(GL_BLEND);
   glBlendFunc(GL_CONSTANT_COLOR, GL_ZERO);
   glBlendColor(2.0f, 2.0f, 2.0f, 2.0f);
   draw_quad(0, 0);
   glReadPixels(9, 5, 1, 1, GL_RGBA, GL_FLOAT, px);
   bool blend_ok = glGetError() == GL_NO_ERROR && px[0] == 0.5f &&
                   px[1] == 1.0f && px[2] == 1.5f && px[3] == 2.0f;
   if (!blend_ok || !quiet)
      printf("%s: half-float blend: %g %g %g %g\n",
             blend_ok ? "ok" : "FAIL", px[0], px[1], px[2], px[3]);
   ok &= blend_ok;

   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   static uint8_t pixels[S * S * 4];
   draw_quad(0, 0);
   glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   const uint8_t want[4] = {64, 128, 191, 255};
   ok &= e2e_gl_probe(pixels, S, 6, 6, want, 1,
                      "blend constant clamped for RGBA8", quiet);
   glDisable(GL_BLEND);
   glClearColor(0, 0, 0, 1);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false;
   struct e2e_gl_options opts = {.width = S, .height = S, .es_major = 2};
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   static const char *const exts[] = {
      "GL_OES_depth_texture",     "GL_OES_packed_depth_stencil",
      "GL_OES_texture_float",     "GL_OES_texture_half_float",
      "GL_OES_texture_float_linear", "GL_OES_depth_texture_cube_map",
      "GL_EXT_color_buffer_half_float",
   };
   for (unsigned i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
      if (!has_ext(exts[i])) {
         fprintf(stderr, "%s: %s is not offered\n",
                 opts.no_skip ? "FAIL" : "skip", exts[i]);
         e2e_gl_close(&gl);
         return opts.no_skip ? 1 : E2E_SKIP;
      }
   }
   const char *const attribs[] = {"pos", NULL};
   struct progs p;
   p.colour_prog = e2e_gl_program(e2e_gl_es2_uv_vs, fs_colour, attribs);
   p.tex_prog = e2e_gl_program(e2e_gl_es2_uv_vs, fs_tex, attribs);
   p.cube_prog = e2e_gl_program(e2e_gl_es2_uv_vs, fs_cube, attribs);
   if (!p.colour_prog || !p.tex_prog || !p.cube_prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   p.colour = glGetUniformLocation(p.colour_prog, "colour");
   p.at = glGetUniformLocation(p.tex_prog, "at");
   p.scale = glGetUniformLocation(p.tex_prog, "scale");
   p.bias = glGetUniformLocation(p.tex_prog, "bias");
   p.dir = glGetUniformLocation(p.cube_prog, "dir");
   glUseProgram(p.cube_prog);
   glUniform1i(glGetUniformLocation(p.cube_prog, "tex"), 0);
   glUseProgram(p.tex_prog);
   glUniform1i(glGetUniformLocation(p.tex_prog, "tex"), 0);

   bool ok = check_depth(&p, false, quiet);
   ok &= check_depth(&p, true, quiet);
   ok &= check_float(&p, quiet);
   ok &= check_depth_cube(&p, quiet);
   ok &= check_half_float_target(&p, quiet);
   e2e_gl_close(&gl);
   if (ok && !quiet)
      printf("gles2_depth_texture: ok\n");
   return ok ? 0 : 1;
}
