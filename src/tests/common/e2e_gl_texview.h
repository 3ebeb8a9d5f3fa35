/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * For end-to-end programs that show a texture texel for texel: a texture
 * that each pixel of a same-sized viewport samples once, a quad covering
 * the viewport, and a draw that reads the result back.
 */
#ifndef E2E_GL_TEXVIEW_H
#define E2E_GL_TEXVIEW_H

#include <GLES2/gl2.h>
#include <stdbool.h>
#include <stdint.h>

#include "e2e_gl.h"

/* A new texture bound to target, with nearest filtering and clamp-to-edge
 * wrapping in s and t. */
GLuint e2e_gl_nearest_texture(GLenum target);

/* A new array buffer, left bound, holding a four-vertex triangle strip
 * that covers the viewport (clip coordinates -1 to 1), fed as a vec2 to
 * attribute location. */
GLuint e2e_gl_viewport_quad(GLuint location);

/* Clears to clear[], draws the strip over a w x h viewport at the origin
 * with the current program, and reads read_w x read_h RGBA8 pixels from
 * the origin into pixels. */
void e2e_gl_draw_quad(int w, int h, const float clear[4], int read_w,
                      int read_h, uint8_t *pixels);

/* What a texture program checks against: the image read back after its
 * last draw (pixels, read_w x read_h RGBA8, the program's own storage),
 * whether "ok" lines are printed, and how many checks failed. */
struct e2e_gl_texview {
   uint8_t *pixels;
   int read_w, read_h;
   bool quiet;
   int failures;
};

/* e2e_gl_draw_quad over a w x h viewport into v->pixels. */
void e2e_gl_view_draw(struct e2e_gl_texview *v, int w, int h,
                      const float clear[4]);

/* e2e_gl_probe of pixel (x, y) of v->pixels against (r, g, b, a) within
 * tol; a failure is counted. */
void e2e_gl_view_probe(struct e2e_gl_texview *v, int x, int y, int r, int g,
                       int b, int a, int tol, const char *what);

/* e2e_gl_expect_error; a failure is counted. */
void e2e_gl_view_expect_error(struct e2e_gl_texview *v, GLenum want,
                              const char *what);

/* A new nearest 2D texture (e2e_gl_nearest_texture) with one level of w
 * x h texels from size bytes of compressed blocks in format; an upload
 * error is a counted failure. */
void e2e_gl_view_upload(struct e2e_gl_texview *v, GLenum format, int w,
                        int h, const void *blocks, int size,
                        const char *what);

/* What a texture program starts with: e2e_gl_start (--quiet sets
 * v->quiet), the extension when not NULL (as e2e_gl_need_extension), the
 * program of vs and fs (attribute a_pos at location 0) made current with
 * its sampler u_tex on unit 0, and e2e_gl_viewport_quad(0).  0, or the
 * status the program returns (gl then closed). */
int e2e_gl_view_start(struct e2e_gl *gl, struct e2e_gl_texview *v, int argc,
                      char **argv, struct e2e_gl_options *opts,
                      const char *extension, const char *vs, const char *fs,
                      GLuint *prog);

/* A texture program's end: closes gl, prints "ok" or "FAIL" with the
 * number of failures and gives the exit status. */
int e2e_gl_view_finish(struct e2e_gl *gl, const struct e2e_gl_texview *v);

#endif
