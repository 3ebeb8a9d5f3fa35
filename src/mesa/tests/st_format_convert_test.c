/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * st_convert_texels between formats of 8-bit UNORM bytes takes a byte
 * shuffle instead of the float round trip (st_format_convert.c): every
 * pair of such formats, on texels holding every byte value in every
 * channel, must give what util/format's unpack to floats and pack from
 * them give.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include <string.h>

#include "state_tracker/st_format_convert.h"
#include "util/format/u_format.h"
#include "util/format/u_format_pack.h"

/* Plain formats whose non-padding channels are all 8-bit UNORM, each a
 * byte (sRGB twins too: they convert as their UNORM twins). */
static bool
unorm8_bytes(enum pipe_format f)
{
   const struct util_format_description *d = util_format_description(f);
   if (!d || d->layout != UTIL_FORMAT_LAYOUT_PLAIN || !d->is_array ||
       d->colorspace == UTIL_FORMAT_COLORSPACE_ZS || d->block.width != 1 ||
       d->block.height != 1 || d->block.bits != 8 * d->nr_channels)
      return false;
   for (unsigned i = 0; i < d->nr_channels; i++) {
      if (d->channel[i].size != 8 ||
          (d->channel[i].type != UTIL_FORMAT_TYPE_VOID &&
           (d->channel[i].type != UTIL_FORMAT_TYPE_UNSIGNED ||
            !d->channel[i].normalized)))
         return false;
   }
   return true;
}

#define TEXELS 256

static void
shuffle_matches_float_path(void **state)
{
   (void)state;
   static uint8_t src[TEXELS * 4], got[TEXELS * 4], want[TEXELS * 4];
   static float rgba[TEXELS * 4];
   void *scratch = malloc(st_convert_scratch_B(TEXELS));
   assert_non_null(scratch);
   unsigned formats = 0, pairs = 0;

   for (unsigned s = 1; s < PIPE_FORMAT_COUNT; s++) {
      if (!unorm8_bytes((enum pipe_format)s))
         continue;
      formats++;
      unsigned sb = util_format_get_blocksize((enum pipe_format)s);
      /* Texel i: channel c holds i + 85 c (every value in every channel,
       * channels differing). */
      for (unsigned i = 0; i < TEXELS; i++)
         for (unsigned c = 0; c < sb; c++)
            src[i * sb + c] = (uint8_t)(i + 85 * c);
      for (unsigned d = 1; d < PIPE_FORMAT_COUNT; d++) {
         if (!unorm8_bytes((enum pipe_format)d) || d == s)
            continue;
         enum pipe_format sf = (enum pipe_format)s, df = (enum pipe_format)d;
         const struct util_format_description *sd = util_format_description(sf);
         const struct util_format_description *dd = util_format_description(df);
         /* The reference: through floats, each side as its UNORM twin. */
         enum pipe_format sl = util_format_is_srgb(sf) ? sd->linear_format : sf;
         enum pipe_format dl = util_format_is_srgb(df) ? dd->linear_format : df;
         if (sl == dl)
            continue; /* copied as is */
         unsigned db = util_format_get_blocksize(df);
         memset(got, 0x5a, sizeof(got));
         memset(want, 0x5a, sizeof(want));
         assert_true(util_format_unpack_rgba_float(sl, rgba, src, TEXELS));
         assert_true(util_format_pack_rgba_float(dl, want, rgba, TEXELS));
         assert_true(st_convert_texels(df, got, sf, src, TEXELS, scratch));
         if (memcmp(got, want, (size_t)TEXELS * db)) {
            for (unsigned i = 0; i < TEXELS * db; i++) {
               if (got[i] != want[i])
                  fail_msg("%s -> %s: byte %u is 0x%02x, want 0x%02x",
                           util_format_name(sf), util_format_name(df), i,
                           got[i], want[i]);
            }
         }
         pairs++;
      }
   }
   /* R8, RGBA8, L8, I8, A8, L8A8, BGRA8, ... */
   assert_true(formats >= 8);
   assert_true(pairs >= 50);
   free(scratch);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(shuffle_matches_float_path),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
