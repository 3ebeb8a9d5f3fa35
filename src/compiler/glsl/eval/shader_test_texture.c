/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Textures for shader-test-eval: the images piglit's "texture rgbw" and
 * "texture checkerboard" commands create, "texparameter" filters and
 * wrap modes, and 2D / rectangle sampling for nir_eval's texture
 * callback.
 *
 * Facts (piglit tests/util/piglit-util-gl.c): rgbw is red for the lower
 * left quadrant, green lower right, blue upper left, white upper right,
 * alpha 1, single level, NEAREST filters, CLAMP_TO_EDGE.  checkerboard
 * has tiles of half the size, "black" where row and column parity agree,
 * "white" elsewhere, NEAREST filters and, on desktop GL, CLAMP_TO_BORDER
 * with border (1, 0, 0, 1) (CLAMP_TO_EDGE on GLES).  Both are GL_RGBA:
 * 8 bits per channel.
 *
 * Sampling follows GL 4.6 8.14-8.15 for one level: the interpreter runs
 * one invocation, so implicit derivatives are zero, the level of detail
 * is -inf and the magnification filter applies, unless an explicit
 * positive level asks for the minification filter.  Mipmaps, shadow
 * compare, cube maps, 1D/3D and array textures make the file SKIP.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shader_test_tex.h"

static float
unorm8(float x)
{
   x = x < 0 ? 0 : x > 1 ? 1 : x;
   return floorf(x * 255.0f + 0.5f) / 255.0f;
}

static void
tex_alloc(struct shader_test_tex *t, int w, int h)
{
   free(t->texels);
   t->w = w;
   t->h = h;
   t->texels = calloc((size_t)w * h * 4, sizeof(float));
   t->present = t->texels != NULL;
   t->min_linear = t->mag_linear = false;
}

bool
shader_test_tex_rgbw(struct shader_test_tex *t, int w, int h)
{
   static const float quad[4][4] = {
      { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 }, { 1, 1, 1, 1 },
   };
   if (w <= 0 || h <= 0 || w > 4096 || h > 4096)
      return false;
   tex_alloc(t, w, h);
   if (!t->texels)
      return false;
   t->wrap_s = t->wrap_t = TEX_WRAP_CLAMP_TO_EDGE;
   for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
         unsigned q = (y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1);
         memcpy(&t->texels[(y * w + x) * 4], quad[q], sizeof(quad[q]));
      }
   }
   return true;
}

bool
shader_test_tex_checkerboard(struct shader_test_tex *t, int w, int h,
                             const float *black, const float *white,
                             bool es)
{
   if (w <= 1 || h <= 1 || w > 4096 || h > 4096)
      return false;
   tex_alloc(t, w, h);
   if (!t->texels)
      return false;
   t->wrap_s = t->wrap_t = es ? TEX_WRAP_CLAMP_TO_EDGE
                              : TEX_WRAP_CLAMP_TO_BORDER;
   static const float border[4] = { 1, 0, 0, 1 };
   memcpy(t->border, border, sizeof(border));
   int hs = w / 2, vs = h / 2;
   for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
         bool same = ((y / vs) & 1) == ((x / hs) & 1);
         const float *c = same ? black : white;
         for (unsigned k = 0; k < 4; k++)
            t->texels[(y * w + x) * 4 + k] = unorm8(c[k]);
      }
   }
   return true;
}

/* One texel after wrapping; false when it is the border. */
static bool
wrap(enum tex_wrap mode, int *i, int size)
{
   switch (mode) {
   case TEX_WRAP_REPEAT:
      *i = ((*i % size) + size) % size;
      return true;
   case TEX_WRAP_MIRRORED_REPEAT: {
      int period = ((*i % (2 * size)) + 2 * size) % (2 * size);
      *i = period < size ? period : 2 * size - 1 - period;
      return true;
   }
   case TEX_WRAP_CLAMP_TO_BORDER:
      return *i >= 0 && *i < size;
   default:
      *i = *i < 0 ? 0 : *i >= size ? size - 1 : *i;
      return true;
   }
}

static void
texel(const struct shader_test_tex *t, int x, int y, float *out)
{
   if (!wrap(t->wrap_s, &x, t->w) || !wrap(t->wrap_t, &y, t->h)) {
      memcpy(out, t->border, 4 * sizeof(float));
      return;
   }
   memcpy(out, &t->texels[(y * t->w + x) * 4], 4 * sizeof(float));
}

/* (u, v) in texel units. */
void
shader_test_tex_sample(const struct shader_test_tex *t, float u, float v,
                       bool linear, float *out)
{
   if (!linear) {
      texel(t, (int)floorf(u), (int)floorf(v), out);
      return;
   }
   float fu = u - 0.5f, fv = v - 0.5f;
   int i0 = (int)floorf(fu), j0 = (int)floorf(fv);
   float a = fu - (float)i0, b = fv - (float)j0;
   float c00[4], c10[4], c01[4], c11[4];
   texel(t, i0, j0, c00);
   texel(t, i0 + 1, j0, c10);
   texel(t, i0, j0 + 1, c01);
   texel(t, i0 + 1, j0 + 1, c11);
   for (unsigned k = 0; k < 4; k++)
      out[k] = (1 - a) * (1 - b) * c00[k] + a * (1 - b) * c10[k] +
               (1 - a) * b * c01[k] + a * b * c11[k];
}

void
shader_test_tex_fetch(const struct shader_test_tex *t, int x, int y,
                      float *out)
{
   if (x < 0 || y < 0 || x >= t->w || y >= t->h) {
      memset(out, 0, 4 * sizeof(float));
      return;
   }
   memcpy(out, &t->texels[(y * t->w + x) * 4], 4 * sizeof(float));
}
