/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture views reinterpret the bits of the storage they share, never
 * convert them (GL 4.6 section 8.18: a view's texels are the original's
 * with the view's format), and integer colour clears follow the
 * channel ranges of the buffer's format.  On a desktop OpenGL 3.3
 * context with GL_ARB_texture_view, checked against values worked out by
 * hand:
 *
 * - blits through an RGBA8 view of R32F storage: the bytes
 *   (0x11, 0x22, 0x33, 0x44) cleared into an RGBA8 renderbuffer, blitted
 *   into the view, are the little-endian word 0x44332211 of the R32F
 *   texel (glGetTexImage of the original as GL_RED / GL_FLOAT, compared
 *   bit for bit), and blitted back out of the view into a second
 *   renderbuffer they read as the same bytes;
 * - drawing uvec4(0xff, 0, 0, 0) into an R32UI view of R32F storage
 *   (piglit's arb_texture_view-rendering-r32ui): glGetTexImage of the
 *   view as RED_INTEGER / UNSIGNED_INT reads 0xff, and of the original
 *   as RED / FLOAT the float whose bits are 0xff;
 * - glClearBufferiv of RGBA8I, RGBA16I and RGBA32I renderbuffers with
 *   (-1, -100, 127, -128), (-1, -300, 32767, -32768) and (-1, -70000,
 *   INT_MAX, INT_MIN), whole (the tile's background program) and
 *   scissored (a fill of the rectangle): values the channels hold read
 *   back as cleared (glReadPixels RGBA_INTEGER / INT); values they do
 *   not hold, (200, -200, INT_MAX, INT_MIN), clamp to the channel's
 *   range, as on llvmpipe and as piglit's
 *   arb_texture_view-rendering-formats expects of its clears with
 *   0x7fffffff.
 *
 * Usage: desktop_view_bits [--quiet] [--no-skip]
 * Exit status: 0 pass, 1 fail, 77 no desktop 3.3 context or no
 * GL_ARB_texture_view.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define E2E_GL_TEXTURE_2D 0x0DE1

typedef void (*texture_view_fn)(GLuint, GLenum, GLuint, GLenum, GLuint,
                                GLuint, GLuint, GLuint);
typedef void (*tex_storage_2d_fn)(GLenum, GLsizei, GLenum, GLsizei, GLsizei);

static texture_view_fn texture_view;
static tex_storage_2d_fn tex_storage_2d;

#define N 4 /* every image is N x N */

static bool
check_word(const char *what, uint32_t got, uint32_t want, bool quiet)
{
   bool ok = got == want;
   if (!ok || !quiet)
      printf("%s %s: 0x%08x (want 0x%08x)\n", ok ? "ok  " : "FAIL", what,
             got, want);
   return ok;
}

/* An immutable N x N R32F texture and its view of format view_format. */
static void
r32f_with_view(GLenum view_format, GLuint *orig, GLuint *view)
{
   glGenTextures(1, orig);
   glBindTexture(E2E_GL_TEXTURE_2D, *orig);
   tex_storage_2d(E2E_GL_TEXTURE_2D, 1, GL_R32F, N, N);
   glGenTextures(1, view);
   texture_view(*view, E2E_GL_TEXTURE_2D, *orig, view_format, 0, 1, 0, 1);
}

/* A framebuffer, left bound, with texture tex (level 0) as its colour. */
static GLuint
texture_framebuffer(GLuint tex)
{
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          E2E_GL_TEXTURE_2D, tex, 0);
   return fb;
}

static void
blit_all(GLuint from, GLuint to)
{
   glBindFramebuffer(GL_READ_FRAMEBUFFER, from);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to);
   glBlitFramebuffer(0, 0, N, N, 0, 0, N, N, GL_COLOR_BUFFER_BIT, GL_NEAREST);
}

static bool
blit_through_rgba8_view(bool quiet)
{
   GLuint orig, view, rb[2], fb_in, fb_out;
   r32f_with_view(GL_RGBA8, &orig, &view);
   GLuint fb_view = texture_framebuffer(view);

   fb_in = e2e_gl_rgba8_framebuffer(N, N, 1, &rb[0]);
   /* 0x11 / 255 etc.: exact bytes after the unorm conversion */
   glClearColor(0x11 / 255.0f, 0x22 / 255.0f, 0x33 / 255.0f, 0x44 / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   fb_out = e2e_gl_rgba8_framebuffer(N, N, 1, &rb[1]);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);

   blit_all(fb_in, fb_view);
   blit_all(fb_view, fb_out);

   /* the R32F texels' bits as they are */
   uint32_t texels[N * N] = {0};
   e2e_gl_texels_2d(orig, GL_RED, GL_FLOAT, texels);
   bool ok = check_word("blit into an RGBA8 view of R32F: the R32F bits",
                        texels[N + 1], 0x44332211u, quiet);

   uint8_t px[4] = {0};
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fb_out);
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   ok &= e2e_gl_probe(px, 1, 0, 0, (const uint8_t[]){0x11, 0x22, 0x33, 0x44},
                      0, "blit out of an RGBA8 view of R32F", quiet);

   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint fbs[3] = {fb_view, fb_in, fb_out};
   glDeleteFramebuffers(3, fbs);
   glDeleteRenderbuffers(2, rb);
   GLuint texs[2] = {view, orig};
   glDeleteTextures(2, texs);
   return ok && e2e_gl_expect_error(GL_NO_ERROR, "blits through a view",
                                    quiet);
}

static bool
draw_into_r32ui_view(GLuint vao, bool quiet)
{
   static const char vs[] =
      "#version 330 core\n"
      "layout(location = 0) in vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char fs[] =
      "#version 330 core\n"
      "out uvec4 color;\n"
      "void main() { color = uvec4(0xffu, 0u, 0u, 0u); }\n";
   GLuint prog = e2e_gl_program(vs, fs, NULL);
   if (!prog)
      return false;

   GLuint orig, view;
   r32f_with_view(GL_R32UI, &orig, &view);
   GLuint fb = texture_framebuffer(view);
   glViewport(0, 0, N, N);
   glUseProgram(prog);
   glBindVertexArray(vao);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);

   GLuint words[N * N] = {0};
   e2e_gl_texels_2d(view, GL_RED_INTEGER, GL_UNSIGNED_INT, words);
   bool ok = check_word("draw into an R32UI view, read the view", words[5],
                        0xffu, quiet);
   uint32_t texels[N * N] = {0};
   e2e_gl_texels_2d(orig, GL_RED, GL_FLOAT, texels);
   ok &= check_word("draw into an R32UI view, read the R32F original",
                    texels[5], 0xffu, quiet);

   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   GLuint texs[2] = {view, orig};
   glDeleteTextures(2, texs);
   glDeleteProgram(prog);
   return ok && e2e_gl_expect_error(GL_NO_ERROR, "drawing into a view",
                                    quiet);
}

/* glClearBufferiv of a new N x N renderbuffer of format fmt with
 * clear[] (only pixels (1, 1) to (2, 2) when scissored), read back at
 * (2, 2) as RGBA_INTEGER / INT. */
static bool
clear_signed(GLenum fmt, const char *name, const GLint clear[4],
             const GLint want[4], bool scissored, bool quiet)
{
   GLuint fb, rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, fmt, N, N);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   if (scissored) {
      glScissor(1, 1, 2, 2);
      glEnable(GL_SCISSOR_TEST);
   }
   glClearBufferiv(GL_COLOR, 0, clear);
   glDisable(GL_SCISSOR_TEST);
   GLint got[4] = {0};
   glReadPixels(2, 2, 1, 1, GL_RGBA_INTEGER, GL_INT, got);
   bool ok = !memcmp(got, want, sizeof(got));
   if (!ok || !quiet)
      printf("%s clear %s: (%d, %d, %d, %d) (want (%d, %d, %d, %d))\n",
             ok ? "ok  " : "FAIL", name, got[0], got[1], got[2], got[3],
             want[0], want[1], want[2], want[3]);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   return ok && e2e_gl_expect_error(GL_NO_ERROR, name, quiet);
}

static bool
signed_integer_clears(bool quiet)
{
   bool ok = true;
   const GLint v8[4] = {-1, -100, 127, -128};
   const GLint v16[4] = {-1, -300, 32767, -32768};
   const GLint v32[4] = {-1, -70000, 2147483647, -2147483647 - 1};
   for (int s = 0; s < 2; s++) {
      ok &= clear_signed(GL_RGBA8I, s ? "RGBA8I, scissored" : "RGBA8I", v8,
                         v8, s, quiet);
      ok &= clear_signed(GL_RGBA16I, s ? "RGBA16I, scissored" : "RGBA16I",
                         v16, v16, s, quiet);
      ok &= clear_signed(GL_RGBA32I, s ? "RGBA32I, scissored" : "RGBA32I",
                         v32, v32, s, quiet);
   }
   /* Out of the channels' range: clamped (llvmpipe; piglit's
    * arb_texture_view-rendering-formats clears with 0x7fffffff and
    * expects 0x7f and 0x7fff). */
   const GLint wide[4] = {200, -200, 2147483647, -2147483647 - 1};
   const GLint clamped8[4] = {127, -128, 127, -128};
   const GLint clamped16[4] = {200, -200, 32767, -32768};
   ok &= clear_signed(GL_RGBA8I, "RGBA8I, out of range", wide, clamped8,
                      false, quiet);
   ok &= clear_signed(GL_RGBA16I, "RGBA16I, out of range", wide, clamped16,
                      false, quiet);
   ok &= clear_signed(GL_RGBA8I, "RGBA8I, out of range, scissored", wide,
                      clamped8, true, quiet);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   bool quiet = false;
   struct e2e_gl_options opts = e2e_gl_version_options(N, N, 3, 3, true);
   int status = e2e_gl_start_ext(&gl, argc, argv, &opts, &quiet,
                                 "GL_ARB_texture_view");
   if (status)
      return status;
   const struct e2e_gl_proc procs[] = {
      {"glTextureView", &texture_view},
      {"glTexStorage2D", &tex_storage_2d},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;

   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   bool ok = blit_through_rgba8_view(quiet);
   ok &= draw_into_r32ui_view(quad.vao, quiet);
   ok &= signed_integer_clears(quiet);
   e2e_gl_vertices_delete(&quad);

   e2e_gl_close(&gl);
   printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
