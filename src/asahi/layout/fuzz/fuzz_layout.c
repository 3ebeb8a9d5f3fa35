/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fuzz target: arbitrary layout requests through ail_make_miptree(), then,
 * for small enough levels, ail_tile()/ail_detile() of an arbitrary
 * rectangle.  Bad requests must come back as errors; good layouts must be
 * self-consistent and round-trip their pixels.  Any violation aborts, which
 * is how a fuzz harness reports a finding.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

#define CHECK(cond)                                                            \
   do {                                                                        \
      if (!(cond)) {                                                           \
         fprintf(stderr, "fuzz_layout: %s failed at line %d\n", #cond,         \
                 __LINE__);                                                    \
         abort();                                                              \
      }                                                                        \
   } while (0)

struct reader {
   const uint8_t *data;
   size_t size, pos;
};

static uint32_t
take(struct reader *r, unsigned bytes)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < bytes; ++i)
      v |= (uint32_t)(r->pos < r->size ? r->data[r->pos++] : 0) << (8 * i);
   return v;
}

static void
check_invariants(const struct ail_layout *l)
{
   CHECK(l->levels_allocated >= l->levels);
   CHECK(l->levels_allocated <= AIL_MAX_MIP_LEVELS);
   for (unsigned i = 0; i < l->levels_allocated; ++i) {
      CHECK(l->level_offsets_B[i] < l->level_offsets_B[i + 1]);
      CHECK(l->level_offsets_B[i] % AIL_CACHELINE_B == 0);
   }
   CHECK(l->level_offsets_B[l->levels_allocated] <= l->layer_stride_B);
   if (l->page_aligned_layers)
      CHECK(l->layer_stride_B % AIL_PAGESIZE_B == 0);
   CHECK(l->size_B >= l->layer_stride_B * l->depth_px);
   CHECK(l->size_B % AIL_CACHELINE_B == 0);
   if (ail_is_compressed(l)) {
      CHECK(l->metadata_offset_B == l->layer_stride_B * l->depth_px);
      CHECK(l->levels_compressed >= 1);
      CHECK(l->size_B >=
            l->metadata_offset_B + l->compression_layer_stride_B * l->depth_px);
   }
}

/* Formats by name, so seeds stay meaningful if the enum is renumbered;
 * other bytes are used as raw (mostly invalid) enum values. */
static const char *const format_names[] = {
   "R8_UNORM",           "R8G8_UNORM",   "R8G8B8A8_UNORM", "R16G16B16A16_UNORM",
   "R32G32B32A32_FLOAT", "Z32_FLOAT",    "S8_UINT",        "ETC2_RGB8",
   "ASTC_4x4",           "R8G8B8_UNORM", "ASTC_12x12",     "BPTC_RGBA_UNORM",
};

static enum pipe_format
pick_format(uint32_t v)
{
   if (v < sizeof(format_names) / sizeof(format_names[0]))
      return util_format_from_name(format_names[v]);
   return (enum pipe_format)(v * 3);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   struct reader r = {data, size, 0};
   struct ail_layout l = {
      .width_px = take(&r, 2) + 1,
      .height_px = take(&r, 2) + 1,
      .depth_px = take(&r, 2) + 1,
      .sample_count_sa = take(&r, 1),
      .levels = take(&r, 1),
   };
   uint32_t flags = take(&r, 1);
   l.mipmapped_z = flags & 1;
   l.cube = flags & 2;
   l.writeable_image = flags & 4;
   l.renderable = flags & 8;
   l.tiling = (enum ail_tiling)(take(&r, 1) % (AIL_TILING_COUNT + 1));
   l.format = pick_format(take(&r, 1));
   l.linear_stride_B = (flags & 16) ? take(&r, 4) : 0;

   enum ail_error err = ail_make_miptree(&l);
   CHECK(ail_error_string(err) != NULL);
   if (err)
      return 0;

   check_invariants(&l);

   unsigned level = take(&r, 1) % l.levels_allocated;
   uint64_t level_B = ail_get_level_size_B(&l, level);

   /* Any pixel's element lies inside its level. */
   uint64_t px_off;
   if (ail_get_element_offset_B(&l, level, take(&r, 2), take(&r, 2), &px_off))
      CHECK(px_off + l.element_size_B <= level_B);
   if (!ail_is_level_twiddled_uncompressed(&l, level) || level_B > (1 << 20))
      return 0;

   uint32_t lw = ail_minify(l.width_px, level);
   uint32_t lh = ail_minify(l.height_px, level);
   uint32_t x = take(&r, 2) % (lw + 2), y = take(&r, 2) % (lh + 2);
   uint32_t w = take(&r, 2) % (lw + 2), h = take(&r, 2) % (lh + 2);
   uint32_t pitch_B = (w + 4) * l.element_size_B;
   size_t linear_B = (size_t)pitch_B * (h + 4);

   uint8_t *tiled = calloc(1, level_B);
   uint8_t *linear = malloc(linear_B);
   uint8_t *back = calloc(1, linear_B);
   CHECK(tiled && linear && back);
   for (size_t i = 0; i < linear_B; ++i)
      linear[i] = (uint8_t)(i * 7 + 1);

   err = ail_tile(tiled, linear, &l, level, pitch_B, x, y, w, h);
   enum ail_error err2 =
      ail_detile(tiled, back, &l, level, pitch_B, x, y, w, h);
   CHECK(err == err2);
   if (!err && w && h) {
      /* Compare whole elements of the rectangle, row by row. */
      uint32_t bw = util_format_get_blockwidth(l.format);
      uint32_t bh = util_format_get_blockheight(l.format);
      uint32_t w_el = (w + bw - 1) / bw, h_el = (h + bh - 1) / bh;
      for (uint32_t row = 0; row < h_el; ++row)
         CHECK(memcmp(back + (size_t)row * pitch_B,
                      linear + (size_t)row * pitch_B,
                      (size_t)w_el * l.element_size_B) == 0);
   }

   free(tiled);
   free(linear);
   free(back);
   return 0;
}
