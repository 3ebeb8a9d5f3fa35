/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * STENCIL_INDEX8 textures in an OpenGL ES 3.1 context
 * (GL_OES_texture_stencil8; core in ES 3.2, whose section 8.5 and table
 * 8.2 add the STENCIL_INDEX / UNSIGNED_BYTE / STENCIL_INDEX8 row).  Every
 * value follows from the spec:
 *   1 glTexStorage2D(STENCIL_INDEX8) and glTexSubImage2D of STENCIL_INDEX
 *     bytes (left half 64, right half 195); RED bytes into it are
 *     INVALID_OPERATION (a format of another kind, section 8.5);
 *   2 read through a usampler2D with NEAREST filters: (S, 0, 0, 1) (a
 *     stencil index is an unsigned integer in R, as ES 3.1 section 8.10
 *     reads the stencil of depth/stencil textures), drawn as
 *     (S / 255, 0, 0, 1);
 *   3 with a LINEAR minification filter the texture is not complete
 *     (integer values, section 8.17) and reads (0, 0, 0, 1);
 *   4 attached as a framebuffer's STENCIL_ATTACHMENT beside an RGBA8
 *     colour renderbuffer: complete; stencil cleared to 7, then a quad
 *     on the left half replaces it with 200 (stencil test ALWAYS, op
 *     REPLACE), a full quad drawn where it EQUALs 7 colours only the
 *     right half; sampled again the texture holds 200 and 7.
 * llvmpipe (an ES 3.2 context) passes it too.
 *
 * Usage: gles31_texture_stencil8 [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl31.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 8
#define STENCIL8_STENCIL_INDEX 0x1901
#define STENCIL8_STENCIL_INDEX8 0x8D48

static bool quiet;

/* The texel under the pixel (the texture has the framebuffer's size),
 * its stencil index drawn as red. */
static const char fs[] =
   "#version 310 es\n"
   "precision highp float;\n"
   "precision highp usampler2D;\n"
   "uniform usampler2D tex;\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   vec2 size = vec2(textureSize(tex, 0));\n"
   "   uvec4 s = texture(tex, gl_FragCoord.xy / size);\n"
   "   color = vec4(vec3(s.rgb) * vec3(1.0 / 255.0, 1.0, 1.0),\n"
   "                float(s.a));\n"
   "}\n";
static const char fs_green[] =
   "#version 310 es\n"
   "precision highp float;\n"
   "out vec4 color;\n"
   "void main() { color = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static const float left_quad[8] = {-1, -1, 0, -1, -1, 1, 0, 1};

/* 2: the texture's left and right halves as drawn red */
static bool
probe_halves(GLuint prog, uint8_t left, uint8_t right, const char *what)
{
   char name[96];
   glUseProgram(prog);
   glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   const uint8_t l[4] = {left, 0, 0, 255}, r[4] = {right, 0, 0, 255};
   snprintf(name, sizeof(name), "%s: left %u", what, left);
   bool ok = e2e_gl_probe_read(W, H, 2, 3, l, 1, name, quiet);
   snprintf(name, sizeof(name), "%s: right %u", what, right);
   ok &= e2e_gl_probe_read(W, H, W - 3, 4, r, 1, name, quiet);
   return ok;
}

/* 4: renders into the texture's stencil, then reads it back */
static bool
render_stencil(GLuint prog, GLuint tex, const struct e2e_gl_vertices *quad)
{
   GLuint green = e2e_gl_program(e2e_gl_310_pos_vs, fs_green, NULL);
   bool ok = e2e_gl_check("green program links", green != 0, 1, quiet);
   GLuint rb;
   GLuint fbo = e2e_gl_rgba8_framebuffer(W, H, 1, &rb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                          GL_TEXTURE_2D, tex, 0);
   ok &= e2e_gl_check("stencil texture attachment complete",
                      glCheckFramebufferStatus(GL_FRAMEBUFFER) ==
                         GL_FRAMEBUFFER_COMPLETE,
                      1, quiet);
   glUseProgram(green);
   glClearStencil(7);
   glClearColor(0, 0, 0, 1);
   glClear(GL_STENCIL_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   glStencilFunc(GL_ALWAYS, 200, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   struct e2e_gl_vertices left;
   e2e_gl_vec2_vertices(&left, left_quad, 4);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   e2e_gl_vertices_delete(&left);
   glBindVertexArray(quad->vao);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glStencilFunc(GL_EQUAL, 7, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_STENCIL_TEST);
   const uint8_t black[4] = {0, 0, 0, 255}, g[4] = {0, 255, 0, 255};
   ok &= e2e_gl_probe_read(W, H, 2, 3, black, 1,
                           "stencil 200 fails EQUAL 7", quiet);
   ok &= e2e_gl_probe_read(W, H, W - 3, 4, g, 1, "stencil 7 passes EQUAL 7",
                           quiet);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
   glDeleteProgram(green);

   ok &= probe_halves(prog, 200, 7, "rendered stencil sampled");
   return ok;
}

static bool
draw(GLuint prog, bool quiet_arg)
{
   quiet = quiet_arg;
   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   glViewport(0, 0, W, H);

   static uint8_t texels[W * H];
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++)
         texels[y * W + x] = x < W / 2 ? 64 : 195;
   }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexStorage2D(GL_TEXTURE_2D, 1, STENCIL8_STENCIL_INDEX8, W, H);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, W, H, STENCIL8_STENCIL_INDEX,
                   GL_UNSIGNED_BYTE, texels);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "STENCIL_INDEX8 upload", quiet);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED, GL_UNSIGNED_BYTE,
                   texels);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "RED into STENCIL_INDEX8",
                             quiet);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   ok &= probe_halves(prog, 64, 195, "uploaded stencil sampled");

   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   ok &= probe_halves(prog, 0, 0, "LINEAR: incomplete");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);

   ok &= render_stencil(prog, tex, &quad);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "draws", quiet);
   glDeleteTextures(1, &tex);
   e2e_gl_vertices_delete(&quad);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 1, false);
   struct e2e_gl gl;
   bool quiet_opt = false;
   GLuint prog = 0;
   int status = e2e_gl_start_ext(&gl, argc, argv, &opts, &quiet_opt,
                                 "GL_OES_texture_stencil8");
   if (!status)
      status = e2e_gl_need_program(&gl, e2e_gl_310_pos_vs, fs,
                                   "the stencil program", &prog);
   if (status)
      return status;
   glUseProgram(prog);
   bool ok = draw(prog, quiet_opt);
   glDeleteProgram(prog);
   return e2e_gl_finish(&gl, ok, quiet_opt);
}
