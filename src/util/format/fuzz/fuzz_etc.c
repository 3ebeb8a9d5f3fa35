/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fuzz target: arbitrary blocks of every ETC format through
 * util_format_etc_unpack() and util_format_etc_unpack_rgba_float() over an
 * arbitrary region (up to 24x24).  Input: byte 0 picks the format, bytes 1
 * and 2 the width and height, the rest are the blocks (zero-padded).
 * Checked: nothing is written outside the region; opaque formats give
 * alpha 255; punch-through texels are opaque or (0, 0, 0, 0); EAC values
 * stay in their 11-bit ranges; the float and the 8/16-bit results agree.
 * Any violation aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/format/u_format_etc.h"

#define CHECK(cond)                                                            \
   do {                                                                        \
      if (!(cond)) {                                                           \
         fprintf(stderr, "fuzz_etc: %s failed at line %d\n", #cond, __LINE__); \
         abort();                                                              \
      }                                                                        \
   } while (0)

#define MAX_PX 24
#define GUARD 0xA5

static const enum pipe_format formats[] = {
   PIPE_FORMAT_ETC1_RGB8,       PIPE_FORMAT_ETC2_RGB8,
   PIPE_FORMAT_ETC2_SRGB8,      PIPE_FORMAT_ETC2_RGB8A1,
   PIPE_FORMAT_ETC2_SRGB8A1,    PIPE_FORMAT_ETC2_RGBA8,
   PIPE_FORMAT_ETC2_SRGBA8,     PIPE_FORMAT_ETC2_R11_UNORM,
   PIPE_FORMAT_ETC2_R11_SNORM,  PIPE_FORMAT_ETC2_RG11_UNORM,
   PIPE_FORMAT_ETC2_RG11_SNORM,
};

/* One texel of the decoded format as floats, for comparison. */
static void
decoded_to_float(enum pipe_format decoded, const uint8_t *p, float out[4])
{
   uint16_t u[2];
   int16_t s[2];

   out[0] = out[1] = out[2] = 0.0f;
   out[3] = 1.0f;
   switch (decoded) {
   case PIPE_FORMAT_R16_UNORM:
   case PIPE_FORMAT_R16G16_UNORM:
      memcpy(u, p, decoded == PIPE_FORMAT_R16_UNORM ? 2 : 4);
      out[0] = (float)u[0] / 65535.0f;
      if (decoded == PIPE_FORMAT_R16G16_UNORM)
         out[1] = (float)u[1] / 65535.0f;
      break;
   case PIPE_FORMAT_R16_SNORM:
   case PIPE_FORMAT_R16G16_SNORM:
      memcpy(s, p, decoded == PIPE_FORMAT_R16_SNORM ? 2 : 4);
      CHECK(s[0] != -32768);
      out[0] = (float)s[0] / 32767.0f;
      if (decoded == PIPE_FORMAT_R16G16_SNORM) {
         CHECK(s[1] != -32768);
         out[1] = (float)s[1] / 32767.0f;
      }
      break;
   default:
      for (unsigned c = 0; c < 4; c++)
         out[c] = (float)p[c] / 255.0f;
      break;
   }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < 3)
      return 0;
   enum pipe_format f =
      formats[data[0] % (sizeof(formats) / sizeof(formats[0]))];
   unsigned w = data[1] % (MAX_PX + 1), h = data[2] % (MAX_PX + 1);
   enum pipe_format decoded = util_format_etc_decoded_format(f);
   unsigned block_B = util_format_get_blocksize(f);
   unsigned bpp = util_format_get_blocksize(decoded);
   unsigned bx = (w + 3) / 4, by = (h + 3) / 4;
   size_t src_stride = (size_t)bx * block_B;

   static uint8_t src[(MAX_PX / 4) * (MAX_PX / 4) * 16];
   static uint8_t dst[MAX_PX + 1][(MAX_PX + 1) * 4];
   static float flt[MAX_PX + 1][(MAX_PX + 1) * 4];
   memset(src, 0, sizeof(src));
   memcpy(src, data + 3, size - 3 < sizeof(src) ? size - 3 : sizeof(src));
   memset(dst, GUARD, sizeof(dst));
   for (unsigned y = 0; y <= MAX_PX; y++)
      for (unsigned i = 0; i < (MAX_PX + 1) * 4; i++)
         flt[y][i] = -7.0f;

   CHECK(bpp > 0 && block_B > 0 && (size_t)by * src_stride <= sizeof(src));
   CHECK(util_format_etc_unpack(f, dst, sizeof(dst[0]), src, src_stride, w, h));
   CHECK(util_format_etc_unpack_rgba_float(f, &flt[0][0], sizeof(flt[0]), src,
                                           src_stride, w, h));

   bool punch = f == PIPE_FORMAT_ETC2_RGB8A1 || f == PIPE_FORMAT_ETC2_SRGB8A1;
   bool has_alpha =
      punch || f == PIPE_FORMAT_ETC2_RGBA8 || f == PIPE_FORMAT_ETC2_SRGBA8;
   bool is_eac =
      f == PIPE_FORMAT_ETC2_R11_UNORM || f == PIPE_FORMAT_ETC2_R11_SNORM ||
      f == PIPE_FORMAT_ETC2_RG11_UNORM || f == PIPE_FORMAT_ETC2_RG11_SNORM;
   for (unsigned y = 0; y <= MAX_PX; y++) {
      for (unsigned x = 0; x <= MAX_PX; x++) {
         const uint8_t *p = &dst[y][x * bpp];
         const float *fl = &flt[y][x * 4];
         bool inside = x < w && y < h;

         if (!inside) {
            for (unsigned b = 0; b < bpp; b++)
               CHECK(p[b] == GUARD);
            CHECK(fl[0] == -7.0f && fl[3] == -7.0f);
            continue;
         }
         if (!is_eac && !has_alpha)
            CHECK(p[3] == 255);
         if (punch)
            CHECK(p[3] == 255 || (p[0] | p[1] | p[2] | p[3]) == 0);
         float want[4];
         decoded_to_float(decoded, p, want);
         for (unsigned c = 0; c < 4; c++) {
            CHECK(fl[c] >= -1.0f && fl[c] <= 1.0f);
            /* 11 bits widened to 16 keep the value within 1/2047. */
            float d = fl[c] - want[c];
            CHECK(d < 0.0006f && d > -0.0006f);
         }
      }
   }
   return 0;
}
