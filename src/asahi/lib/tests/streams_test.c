/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * VDM streams, PPP updates and the render command as the driver writes
 * them: raw words checked against hand-packed values from the bit
 * positions in cmdbuf.xml, and whole streams walked by agxdecode without
 * a single problem.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_ppp.h"
#include "agx_render.h"
#include "agx_vdm.h"
#include "decode.h"

#define USC_BASE 0x1000000000ull
#define STREAM_VA (USC_BASE + 0x10000)
#define PPP_VA (USC_BASE + 0x20000)

static uint32_t
word(const uint8_t *p)
{
   uint32_t w;
   memcpy(&w, p, 4);
   return w;
}

static void
draw_words(void **state)
{
   uint8_t buf[64] = {0};
   uint8_t *p = buf;
   struct agx_vdm_draw d = {.primitive = AGX_PRIMITIVE_TRIANGLES,
                            .count = 3,
                            .instances = 1,
                            .start = 5};
   agx_vdm_draw(&p, &d);
   assert_int_equal(p - buf, 16);
   /* primitive 6 at bit 8; count, instances, start present (22, 23, 24);
    * block type 3 (index list) at bit 29.
    */
   assert_int_equal(word(buf),
                    0x600 | (1 << 22) | (1 << 23) | (1 << 24) | (3u << 29));
   assert_int_equal(word(buf + 4), 3);
   assert_int_equal(word(buf + 8), 1);
   assert_int_equal(word(buf + 12), 5);

   /* Indexed u16 from 0x12_3456_7890, 6 indices (12 bytes). */
   p = buf;
   d.index_size_B = 2;
   d.index_va = 0x1234567890ull;
   d.index_extent_B = 12;
   d.start = 0;
   agx_vdm_draw(&p, &d);
   assert_int_equal(p - buf, 24);
   assert_int_equal(word(buf), 0x12 | 0x600 | (1 << 17) | (1 << 20) |
                                  (1 << 21) | (1 << 22) | (1 << 23) |
                                  (1 << 24) | (3u << 29));
   assert_int_equal(word(buf + 4), 0x34567890);
   /* buffer size in words */
   assert_int_equal(word(buf + 20), 3);
}

/* An indirect draw: the Indirect Buffer words instead of count, instances
 * and start (genxml: "indirect buffer present", bit 26). */
static void
indirect_draw_words(void **state)
{
   uint8_t buf[64] = {0};
   uint8_t *p = buf;
   struct agx_vdm_draw d = {.primitive = AGX_PRIMITIVE_TRIANGLES,
                            .count = 99,
                            .instances = 99,
                            .indirect_va = 0x56789abcd0ull};
   agx_vdm_draw(&p, &d);
   assert_int_equal(p - buf, 12);
   assert_int_equal(word(buf), 0x600 | (1 << 26) | (3u << 29));
   assert_int_equal(word(buf + 4), 0x56);
   assert_int_equal(word(buf + 8), 0x789abcd0);

   /* Indexed u32 from 0x12_0000_0100 (64 bytes readable): buffer lo,
    * the indirect words, the buffer size. */
   p = buf;
   d.index_size_B = 4;
   d.index_va = 0x1200000100ull;
   d.index_extent_B = 64;
   agx_vdm_draw(&p, &d);
   assert_int_equal(p - buf, 20);
   assert_int_equal(word(buf), 0x12 | 0x600 | (2 << 17) | (1 << 20) |
                                  (1 << 21) | (1 << 26) | (3u << 29));
   assert_int_equal(word(buf + 4), 0x100);
   assert_int_equal(word(buf + 8), 0x56);
   assert_int_equal(word(buf + 12), 0x789abcd0);
   assert_int_equal(word(buf + 16), 16);
}

/* The prepacked fast path writes the same bytes as the full packer. */
static void
draw_packed_matches(void **state)
{
   uint8_t a[32] = {0}, b[32] = {0};
   uint8_t *pa = a, *pb = b;
   struct agx_vdm_draw d = {.primitive = AGX_PRIMITIVE_TRIANGLE_STRIP,
                            .count = 7,
                            .instances = 3,
                            .start = 11};
   agx_vdm_draw(&pa, &d);
   agx_vdm_draw_packed(&pb, agx_vdm_draw_header(&d), 7, 3, 11);
   assert_int_equal(pa - a, pb - b);
   assert_memory_equal(a, b, sizeof(a));
}

static void
ppp_sizes_and_order(void **state)
{
   struct AGX_PPP_HEADER h = {.cull = true,
                              .w_clamp = true,
                              .fragment_shader = true,
                              .viewport = true,
                              .viewport_count = 1};
   /* header 4 + viewport control 4 + viewport 24 + w clamp 4 + cull 4 +
    * fragment shader 16
    */
   size_t size = agx_ppp_update_size(&h);
   assert_int_equal(size, 56);

   uint8_t buf[64];
   struct agx_ppp_update u = agx_ppp_begin(buf, &h);
   agx_ppp_push(&u, VIEWPORT_CONTROL, cfg);
   agx_ppp_push(&u, VIEWPORT, cfg)
   {
      cfg.scale_x = 32.0f;
   }
   agx_ppp_push(&u, W_CLAMP, cfg)
   {
      cfg.min_w = 1e-10f;
   }
   agx_ppp_push(&u, CULL, cfg)
   {
      cfg.cull_back = true;
   }
   agx_ppp_push(&u, FRAGMENT_SHADER_WORD_0, cfg);
   agx_ppp_push(&u, FRAGMENT_SHADER_WORD_1, cfg)
   {
      cfg.pipeline = 0x1000;
   }
   agx_ppp_push(&u, FRAGMENT_SHADER_WORD_2, cfg);
   agx_ppp_push(&u, FRAGMENT_SHADER_WORD_3, cfg);
   assert_true(agx_ppp_end(&u, size));

   /* header bits 11 (viewport), 16 (w clamp), 21 (cull), 23 (fs); the
    * viewport count field stores count - 1 = 0
    */
   assert_int_equal(word(buf), (1 << 11) | (1 << 16) | (1 << 21) | (1 << 23));
   /* cull word after header, viewport control and viewport, w clamp */
   assert_int_equal(word(buf + 4 + 4 + 24 + 4), 2);
   /* pipeline >> 6 at bit 6: 0x1000 */
   assert_int_equal(word(buf + 4 + 4 + 24 + 4 + 4 + 4), 0x1000);
}

static void
stream_decodes_cleanly(void **state)
{
   static uint8_t stream[512], ppp[256];
   uint8_t *p = stream;

   /* A PPP update as a batch starts one. */
   struct AGX_PPP_HEADER h = {.w_clamp = true,
                              .occlusion_query_2 = true,
                              .output_unknown = true,
                              .varying_word_2 = true,
                              .viewport_count = 1};
   size_t size = agx_ppp_update_size(&h);
   struct agx_ppp_update u = agx_ppp_begin(ppp, &h);
   agx_ppp_push(&u, W_CLAMP, cfg)
   {
      cfg.min_w = 1e-10f;
   }
   agx_ppp_push(&u, FRAGMENT_OCCLUSION_QUERY_2, cfg);
   agx_ppp_push(&u, OUTPUT_UNKNOWN, cfg);
   agx_ppp_push(&u, VARYING_2, cfg);
   assert_true(agx_ppp_end(&u, size));

   agx_vdm_barrier(&p);
   agx_vdm_ppp_state(&p, PPP_VA, size);
   struct agx_vdm_draw d = {
      .primitive = AGX_PRIMITIVE_TRIANGLES, .count = 3, .instances = 1};
   agx_vdm_draw(&p, &d);
   agx_vdm_terminate(&p);

   char *text = NULL;
   size_t text_size = 0;
   FILE *fp = open_memstream(&text, &text_size);
   struct agxdecode_options o = {.fp = fp, .usc_exec_base = USC_BASE};
   struct agxdecode_ctx *ctx = agxdecode_create(&o);
   assert_non_null(ctx);
   assert_true(agxdecode_add_region(ctx, STREAM_VA, stream, sizeof(stream)));
   assert_true(agxdecode_add_region(ctx, PPP_VA, ppp, sizeof(ppp)));
   unsigned problems = agxdecode_vdm(ctx, STREAM_VA);
   fflush(fp);
   if (problems)
      fprintf(stderr, "%s\n", text);
   assert_int_equal(problems, 0);
   agxdecode_destroy(ctx);
   fclose(fp);
   free(text);
}

static void
render_command_fields(void **state)
{
   enum pipe_format f[] = {PIPE_FORMAT_R8G8B8A8_UNORM};
   struct agx_tilebuffer_layout tib;
   assert_true(agx_tilebuffer_layout(&tib, f, 1, 1));

   struct agx_render_desc d = {
      .vdm_va = STREAM_VA,
      .width_px = 64,
      .height_px = 32,
      .tib = &tib,
      .bg_usc = 0x1000,
      .bg_counts = 0x1234,
      .eot_usc = 0x2000,
      .eot_counts = 0x10,
      .clears_and_stores = true,
      .depth = {.present = true, .base_va = 0x5000000, .store = true},
      .clear_depth = 0.5f,
      .clear_stencil = 7,
   };
   struct drm_asahi_cmd_render c;
   agx_fill_render_cmd(&c, &d);

   assert_int_equal(c.vdm_ctrl_stream_base, STREAM_VA);
   assert_int_equal(c.ppp_ctrl, 0x202);
   assert_int_equal(c.width_px, 64);
   assert_int_equal(c.height_px, 32);
   assert_int_equal(c.layers, 1);
   assert_int_equal(c.utile_width_px, 32);
   assert_int_equal(c.utile_height_px, 32);
   assert_int_equal(c.samples, 1);
   assert_int_equal(c.sample_size_B, 8);
   assert_int_equal(c.ppp_multisamplectl, 0x88);
   assert_int_equal(c.bg.usc, 0x1004);
   assert_int_equal(c.bg.rsrc_spec, 0x1234);
   assert_int_equal(c.eot.usc, 0x2004);
   assert_int_equal(c.partial_bg.usc, 0x1004);
   assert_int_equal(c.partial_eot.usc, 0x2004);
   assert_true(c.flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES);
   assert_int_equal(c.isp_zls_pixels, 63 | (31 << 15));
   assert_int_equal(c.depth.base, 0x5000000);
   float half = 0.5f, mx = 1.732051f / 64, my = 1.732051f / 32;
   uint32_t bits;
   memcpy(&bits, &half, 4);
   assert_int_equal(c.isp_bgobjdepth, bits);
   memcpy(&bits, &mx, 4);
   assert_int_equal(c.isp_merge_upper_x, bits);
   memcpy(&bits, &my, 4);
   assert_int_equal(c.isp_merge_upper_y, bits);
   /* ZLS control: z store (bit 19), Z32F format (0); stencil absent so
    * the clear stencil value is not used.
    */
   assert_int_equal(c.zls_ctrl, 1u << 19);
   assert_int_equal(c.isp_bgobjvals, 0x300);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(draw_words),
      cmocka_unit_test(draw_packed_matches),
      cmocka_unit_test(indirect_draw_words),
      cmocka_unit_test(ppp_sizes_and_order),
      cmocka_unit_test(stream_decodes_cleanly),
      cmocka_unit_test(render_command_fields),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
