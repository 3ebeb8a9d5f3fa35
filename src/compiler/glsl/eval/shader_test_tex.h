/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * shader-test-eval's textures (shader_test_texture.c): RGBA images, one
 * a mipmap level, per texture unit with their filters, level range and
 * wrap modes.
 */
#ifndef SHADER_TEST_TEX_H
#define SHADER_TEST_TEX_H

#include <stdbool.h>

enum tex_wrap {
   TEX_WRAP_CLAMP_TO_EDGE,
   TEX_WRAP_REPEAT,
   TEX_WRAP_MIRRORED_REPEAT,
   TEX_WRAP_CLAMP_TO_BORDER,
};

/* The minification filter's mipmap part (GL 4.6 table 8.21). */
enum tex_mip {
   TEX_MIP_NONE,    /* NEAREST, LINEAR */
   TEX_MIP_NEAREST, /* *_MIPMAP_NEAREST */
   TEX_MIP_LINEAR,  /* *_MIPMAP_LINEAR */
};

#define SHADER_TEST_TEX_LEVELS 13

struct shader_test_tex_level {
   int w, h;
   float *texels; /* RGBA rows, bottom row first */
};

struct shader_test_tex {
   bool present;
   int w, h; /* level 0's size */
   unsigned num_levels;
   struct shader_test_tex_level level[SHADER_TEST_TEX_LEVELS];
   bool min_linear, mag_linear;
   enum tex_mip min_mip;
   int base_level, max_level; /* TEXTURE_BASE_LEVEL, TEXTURE_MAX_LEVEL */
   float lod_bias;            /* TEXTURE_LOD_BIAS */
   enum tex_wrap wrap_s, wrap_t;
   float border[4];
};

bool shader_test_tex_rgbw(struct shader_test_tex *t, int w, int h);
bool shader_test_tex_checkerboard(struct shader_test_tex *t, int w, int h,
                                  const float *black, const float *white,
                                  bool es);
/* piglit_miptree_texture: 8x8 with four levels of solid red, green, blue
 * and white. */
bool shader_test_tex_miptree(struct shader_test_tex *t);

/* The levels a lookup may use (GL 4.6 8.14.3): base level b and q. */
void shader_test_tex_level_range(const struct shader_test_tex *t, int *b,
                                 int *q);

/* A filtered lookup at (s, t) (normalized, or texels for rectangles)
 * with texel offset off, for the level of detail lambda (GL 4.6 8.14:
 * bias and clamp applied; -INFINITY magnifies): level selection, filters
 * and the blend of two levels for *_MIPMAP_LINEAR. */
void shader_test_tex_sample(const struct shader_test_tex *t, float s,
                            float tc, bool rect, const int off[2],
                            float lambda, float *out);
/* texelFetch of level `level`; 0 outside it. */
void shader_test_tex_fetch(const struct shader_test_tex *t, int level, int x,
                           int y, float *out);

#endif
