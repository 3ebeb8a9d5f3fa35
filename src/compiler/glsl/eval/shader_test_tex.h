/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * shader-test-eval's textures (shader_test_texture.c): one RGBA image
 * per texture unit with its filters and wrap modes.
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

struct shader_test_tex {
   bool present;
   int w, h;
   float *texels;             /* RGBA rows, bottom row first */
   bool min_linear, mag_linear;
   enum tex_wrap wrap_s, wrap_t;
   float border[4];
};

bool shader_test_tex_rgbw(struct shader_test_tex *t, int w, int h);
bool shader_test_tex_checkerboard(struct shader_test_tex *t, int w, int h,
                                  const float *black, const float *white,
                                  bool es);
void shader_test_tex_sample(const struct shader_test_tex *t, float u,
                            float v, bool linear, float *out);
void shader_test_tex_fetch(const struct shader_test_tex *t, int x, int y,
                           float *out);

#endif
