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
#include <stdint.h>

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

#endif
