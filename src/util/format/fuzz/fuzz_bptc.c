/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fuzz target: arbitrary blocks of the four BPTC formats through
 * util_format_bptc_unpack() and util_format_bptc_unpack_rgba_float() over
 * an arbitrary region (up to 24x24).  Input: byte 0 picks the format,
 * bytes 1 and 2 the width and height, the rest are the blocks
 * (zero-padded).  Checked: nothing is written outside the region; BC7
 * floats are the bytes / 255; BC6H gives no NaN, no negative value in the
 * unsigned format, alpha 1.0, and floats equal to its halves.  Any
 * violation aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/format/u_format_bptc.h"
#include "util/half_float.h"

#define CHECK(cond)                                                            \
   do {                                                                        \
      if (!(cond)) {                                                           \
         fprintf(stderr, "fuzz_bptc: %s failed at line %d\n", #cond,          \
                 __LINE__);                                                    \
         abort();                                                              \
      }                                                                        \
   } while (0)

#define MAX_PX 24
#define GUARD 0x5A

static const enum pipe_format formats[] = {
   PIPE_FORMAT_BPTC_RGBA_UNORM,
   PIPE_FORMAT_BPTC_SRGBA,
   PIPE_FORMAT_BPTC_RGB_FLOAT,
   PIPE_FORMAT_BPTC_RGB_UFLOAT,
};

/* Checks one decoded texel p against its float form fl. */
static void
check_texel(enum pipe_format f, const uint8_t *p, const float *fl)
{
   if (f == PIPE_FORMAT_BPTC_RGBA_UNORM || f == PIPE_FORMAT_BPTC_SRGBA) {
      for (unsigned c = 0; c < 4; c++)
         CHECK(fl[c] == p[c] / 255.0f);
      return;
   }
   uint16_t h[4];
   memcpy(h, p, sizeof(h));
   CHECK(h[3] == 0x3c00 && fl[3] == 1.0f);
   for (unsigned c = 0; c < 3; c++) {
      bool nan = (h[c] & 0x7c00) == 0x7c00 && (h[c] & 0x3ff);
      CHECK(!nan);
      if (f == PIPE_FORMAT_BPTC_RGB_UFLOAT)
         CHECK(!(h[c] & 0x8000));
      CHECK(fl[c] == util_half_to_float(h[c]));
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
   unsigned bpp = util_format_get_blocksize(util_format_bptc_decoded_format(f));
   size_t src_stride = (size_t)((w + 3) / 4) * 16;

   static uint8_t src[(MAX_PX / 4) * (MAX_PX / 4) * 16];
   static uint8_t dst[MAX_PX + 1][(MAX_PX + 1) * 8];
   static float flt[MAX_PX + 1][(MAX_PX + 1) * 4];
   memset(src, 0, sizeof(src));
   memcpy(src, data + 3, size - 3 < sizeof(src) ? size - 3 : sizeof(src));
   memset(dst, GUARD, sizeof(dst));
   for (unsigned y = 0; y <= MAX_PX; y++)
      for (unsigned i = 0; i < (MAX_PX + 1) * 4; i++)
         flt[y][i] = -7.0f;

   CHECK(bpp == 4 || bpp == 8);
   CHECK(util_format_bptc_unpack(f, dst, sizeof(dst[0]), src, src_stride, w,
                                 h));
   CHECK(util_format_bptc_unpack_rgba_float(f, &flt[0][0], sizeof(flt[0]), src,
                                            src_stride, w, h));
   for (unsigned y = 0; y <= MAX_PX; y++) {
      for (unsigned x = 0; x <= MAX_PX; x++) {
         const uint8_t *p = &dst[y][x * bpp];
         const float *fl = &flt[y][x * 4];
         if (x < w && y < h) {
            check_texel(f, p, fl);
            continue;
         }
         for (unsigned b = 0; b < bpp; b++)
            CHECK(p[b] == GUARD);
         CHECK(fl[0] == -7.0f && fl[3] == -7.0f);
      }
   }
   return 0;
}
