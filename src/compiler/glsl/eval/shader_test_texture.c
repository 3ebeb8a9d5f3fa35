/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Textures for shader-test-eval: the images piglit's "texture rgbw",
 * "texture checkerboard" and "texture miptree" commands create,
 * "texparameter" filters, level range and wrap modes, and 2D /
 * rectangle sampling for nir_eval's texture callback.
 *
 * Facts (piglit tests/util/piglit-util-gl.c): rgbw is red for the lower
 * left quadrant, green lower right, blue upper left, white upper right,
 * alpha 1, single level, NEAREST filters, CLAMP_TO_EDGE.  checkerboard
 * has tiles of half the size, "black" where row and column parity agree,
 * "white" elsewhere, NEAREST filters and, on desktop GL, CLAMP_TO_BORDER
 * with border (1, 0, 0, 1) (CLAMP_TO_EDGE on GLES).  Both are GL_RGBA:
 * 8 bits per channel.  miptree is 8x8 with levels 0-3 solid red, green,
 * blue and white (float data), CLAMP_TO_EDGE, NEAREST magnification and
 * NEAREST_MIPMAP_NEAREST minification.
 *
 * Sampling follows GL 4.6 8.14-8.15: the caller gives the level of detail
 * lambda (from the quad's derivatives, an explicit level or gradients,
 * with the bias); lambda <= c magnifies at the base level (c = 0.5 for a
 * LINEAR magnification with a NEAREST_MIPMAP_* minification, else 0),
 * otherwise the minification filter picks one level or blends two.
 * Shadow compare, cube maps, 1D/3D and array textures make the file SKIP.
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

/* A fresh texture of `levels` levels from w x h down, with GL's default
 * level range; false when out of memory. */
static bool
tex_alloc(struct shader_test_tex *t, int w, int h, unsigned levels)
{
   for (unsigned l = 0; l < SHADER_TEST_TEX_LEVELS; l++) {
      free(t->level[l].texels);
      t->level[l].texels = NULL;
   }
   t->w = w;
   t->h = h;
   t->num_levels = 0;
   t->present = false;
   t->min_linear = t->mag_linear = false;
   t->min_mip = TEX_MIP_NONE;
   t->base_level = 0;
   t->max_level = 1000; /* GL's default TEXTURE_MAX_LEVEL */
   t->lod_bias = 0.0f;
   for (unsigned l = 0; l < levels && l < SHADER_TEST_TEX_LEVELS; l++) {
      struct shader_test_tex_level *lv = &t->level[l];
      lv->w = w >> l > 0 ? w >> l : 1;
      lv->h = h >> l > 0 ? h >> l : 1;
      lv->texels = calloc((size_t)lv->w * lv->h * 4, sizeof(float));
      if (!lv->texels)
         return false;
      t->num_levels = l + 1;
   }
   t->present = t->num_levels == levels;
   return t->present;
}

bool
shader_test_tex_rgbw(struct shader_test_tex *t, int w, int h)
{
   static const float quad[4][4] = {
      { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 }, { 1, 1, 1, 1 },
   };
   if (w <= 0 || h <= 0 || w > 4096 || h > 4096 || !tex_alloc(t, w, h, 1))
      return false;
   t->wrap_s = t->wrap_t = TEX_WRAP_CLAMP_TO_EDGE;
   for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
         unsigned q = (y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1);
         memcpy(&t->level[0].texels[(y * w + x) * 4], quad[q],
                sizeof(quad[q]));
      }
   }
   return true;
}

bool
shader_test_tex_checkerboard(struct shader_test_tex *t, int w, int h,
                             const float *black, const float *white,
                             bool es)
{
   if (w <= 1 || h <= 1 || w > 4096 || h > 4096 || !tex_alloc(t, w, h, 1))
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
            t->level[0].texels[(y * w + x) * 4 + k] = unorm8(c[k]);
      }
   }
   return true;
}

bool
shader_test_tex_miptree(struct shader_test_tex *t)
{
   static const float wheel[4][4] = {
      { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 }, { 1, 1, 1, 1 },
   };
   if (!tex_alloc(t, 8, 8, 4))
      return false;
   t->wrap_s = t->wrap_t = TEX_WRAP_CLAMP_TO_EDGE;
   t->min_mip = TEX_MIP_NEAREST;
   for (unsigned l = 0; l < 4; l++) {
      struct shader_test_tex_level *lv = &t->level[l];
      for (int i = 0; i < lv->w * lv->h; i++)
         memcpy(&lv->texels[i * 4], wheel[l], sizeof(wheel[l]));
   }
   return true;
}

void
shader_test_tex_level_range(const struct shader_test_tex *t, int *b, int *q)
{
   /* GL 4.6 8.14.3: q is the smaller of the last level of the chain
    * (from the base level's size) and TEXTURE_MAX_LEVEL; only the levels
    * that exist count here. */
   int last = (int)t->num_levels - 1;
   int base = t->base_level < 0 ? 0 : t->base_level;
   base = base > last ? last : base;
   int top = t->max_level < last ? t->max_level : last;
   *b = base;
   *q = top < base ? base : top;
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
texel(const struct shader_test_tex *t, const struct shader_test_tex_level *lv,
      int x, int y, float *out)
{
   if (!wrap(t->wrap_s, &x, lv->w) || !wrap(t->wrap_t, &y, lv->h)) {
      memcpy(out, t->border, 4 * sizeof(float));
      return;
   }
   memcpy(out, &lv->texels[(y * lv->w + x) * 4], 4 * sizeof(float));
}

/* One level, (u, v) in its texel units. */
static void
sample_level(const struct shader_test_tex *t, int level, float u, float v,
             bool linear, float *out)
{
   const struct shader_test_tex_level *lv = &t->level[level];
   if (!linear) {
      texel(t, lv, (int)floorf(u), (int)floorf(v), out);
      return;
   }
   float fu = u - 0.5f, fv = v - 0.5f;
   int i0 = (int)floorf(fu), j0 = (int)floorf(fv);
   float a = fu - (float)i0, b = fv - (float)j0;
   float c00[4], c10[4], c01[4], c11[4];
   texel(t, lv, i0, j0, c00);
   texel(t, lv, i0 + 1, j0, c10);
   texel(t, lv, i0, j0 + 1, c01);
   texel(t, lv, i0 + 1, j0 + 1, c11);
   for (unsigned k = 0; k < 4; k++)
      out[k] = (1 - a) * (1 - b) * c00[k] + a * (1 - b) * c10[k] +
               (1 - a) * b * c01[k] + a * b * c11[k];
}

static void
sample_at(const struct shader_test_tex *t, int level, float s, float tc,
          bool rect, const int off[2], bool linear, float *out)
{
   const struct shader_test_tex_level *lv = &t->level[level];
   float u = s * (rect ? 1.0f : (float)lv->w) + (float)off[0];
   float v = tc * (rect ? 1.0f : (float)lv->h) + (float)off[1];
   sample_level(t, level, u, v, linear, out);
}

void
shader_test_tex_sample(const struct shader_test_tex *t, float s, float tc,
                       bool rect, const int off[2], float lambda, float *out)
{
   int b, q;
   shader_test_tex_level_range(t, &b, &q);
   /* GL 4.6 8.14.2: the switch-over point c */
   float c = t->mag_linear && !t->min_linear && t->min_mip != TEX_MIP_NONE
                ? 0.5f
                : 0.0f;
   if (!(lambda > c) || rect) {
      sample_at(t, b, s, tc, rect, off, t->mag_linear, out);
      return;
   }
   if (t->min_mip == TEX_MIP_NONE || q == b) {
      sample_at(t, b, s, tc, rect, off, t->min_linear, out);
      return;
   }
   if (t->min_mip == TEX_MIP_NEAREST) {
      /* GL 4.6 (8.7): d = b for lambda <= 1/2, else
       * b + ceil(lambda + 1/2) - 1, at most q */
      int d = lambda <= 0.5f ? b : b + (int)ceilf(lambda + 0.5f) - 1;
      sample_at(t, d > q ? q : d, s, tc, rect, off, t->min_linear, out);
      return;
   }
   /* *_MIPMAP_LINEAR (8.8): q when lambda >= q - b, else the levels
    * b + floor(lambda) and the next, blended by lambda's fraction */
   if (lambda >= (float)(q - b)) {
      sample_at(t, q, s, tc, rect, off, t->min_linear, out);
      return;
   }
   int d1 = b + (int)floorf(lambda);
   float f = lambda - floorf(lambda);
   float c1[4], c2[4];
   sample_at(t, d1, s, tc, rect, off, t->min_linear, c1);
   sample_at(t, d1 + 1, s, tc, rect, off, t->min_linear, c2);
   for (unsigned k = 0; k < 4; k++)
      out[k] = (1.0f - f) * c1[k] + f * c2[k];
}

void
shader_test_tex_fetch(const struct shader_test_tex *t, int level, int x,
                      int y, float *out)
{
   if (level < 0 || level >= (int)t->num_levels) {
      memset(out, 0, 4 * sizeof(float));
      return;
   }
   const struct shader_test_tex_level *lv = &t->level[level];
   if (x < 0 || y < 0 || x >= lv->w || y >= lv->h) {
      memset(out, 0, 4 * sizeof(float));
      return;
   }
   memcpy(out, &lv->texels[(y * lv->w + x) * 4], 4 * sizeof(float));
}
