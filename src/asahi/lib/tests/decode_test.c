/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * agxdecode on streams built with the genxml packers (a draw, a chain of
 * links and calls, a compute launch, drm_asahi command buffers), and on
 * damaged ones: every problem is reported with its address, nothing
 * crashes or hangs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_pack.h"
#include "decode.h"
#include "decode_dump.h"
#include "stream_builder.h"

struct run {
   char *text;
   size_t size;
   FILE *fp;
   struct agxdecode_ctx *ctx;
};

static void
run_begin(struct run *r, struct sb_image *img)
{
   memset(r, 0, sizeof(*r));
   r->fp = open_memstream(&r->text, &r->size);
   struct agxdecode_options o = {.fp = r->fp, .usc_exec_base = SB_USC_BASE};
   r->ctx = agxdecode_create(&o);
   assert_non_null(r->ctx);
   assert_true(agxdecode_add_region(r->ctx, img->stream.va, img->stream.bytes,
                                    sizeof(img->stream.bytes)));
   assert_true(agxdecode_add_region(r->ctx, img->usc.va, img->usc.bytes,
                                    sizeof(img->usc.bytes)));
   assert_true(agxdecode_add_region(r->ctx, img->data.va, img->data.bytes,
                                    sizeof(img->data.bytes)));
}

static void
run_end(struct run *r)
{
   fflush(r->fp);
}

static void
run_free(struct run *r)
{
   agxdecode_destroy(r->ctx);
   fclose(r->fp);
   free(r->text);
}

static void
expect(struct run *r, const char *needle)
{
   fflush(r->fp);
   if (!strstr(r->text, needle)) {
      print_message("---- output ----\n%s\n----------------\n", r->text);
      fail_msg("missing \"%s\"", needle);
   }
}

static void
test_draw(void **state)
{
   static struct sb_image img;
   sb_init(&img);
   uint64_t vdm = sb_build_draw(&img);

   struct run r;
   run_begin(&r, &img);
   assert_int_equal(agxdecode_vdm(r.ctx, vdm), 0);
   run_end(&r);

   expect(&r, "VDM stream at 0x1000000000");
   expect(&r, "VDM barrier");
   expect(&r, "Usc cache inval: true");
   expect(&r, "PPP header");
   expect(&r, "Fragment control");
   expect(&r, "Cull back: true");
   expect(&r, "Fragment shader word 1");
   expect(&r, "Coefficient binding 1");
   expect(&r, "Shade model: linear");
   expect(&r, "Output size");
   expect(&r, "Count: 8");
   expect(&r, "Vertex shader word 1");
   expect(&r, "Texture state 0 (as texture)");
   expect(&r, "Channels: r8g8b8a8");
   expect(&r, "Width: 64");
   expect(&r, "Uniform");
   expect(&r, "00 01 02 03");
   expect(&r, "Main program code at 0x2000000");
   expect(&r, "ab ab ab ab");
   expect(&r, "Sampler 0");
   expect(&r, "Wrap s: repeat");
   expect(&r, "Preshader code at");
   expect(&r, "Index list (draw)");
   expect(&r, "Primitive: triangles");
   expect(&r, "Count: 3");
   expect(&r, "end of VDM stream");
   assert_null(strstr(r.text, "ERROR"));
   run_free(&r);
}

static void
test_link_chain(void **state)
{
   static struct sb_image img;
   sb_init(&img);
   uint64_t vdm = sb_build_link_chain(&img);

   struct run r;
   run_begin(&r, &img);
   unsigned errors = agxdecode_vdm(r.ctx, vdm);
   run_end(&r);
   if (errors)
      print_message("%s", r.text);
   assert_int_equal(errors, 0);
   expect(&r, "-> jump to 0x");
   expect(&r, "-> call 0x");
   expect(&r, "Returns: true");
   expect(&r, "<- return to 0x");
   expect(&r, "end of VDM stream");
   /* The call comes after the jump and the return after the call. */
   char *jump = strstr(r.text, "-> jump"), *call = strstr(r.text, "-> call");
   char *ret = strstr(r.text, "<- return");
   assert_true(jump < call && call < ret);
   run_free(&r);
}

static void
test_compute(void **state)
{
   static struct sb_image img;
   sb_init(&img);
   uint64_t cdm = sb_build_compute(&img);

   struct run r;
   run_begin(&r, &img);
   assert_int_equal(agxdecode_cdm(r.ctx, cdm), 0);
   run_end(&r);
   expect(&r, "CDM barrier");
   expect(&r, "CDM launch");
   expect(&r, "Mode: direct");
   expect(&r, "Global size");
   expect(&r, "X: 64");
   expect(&r, "Local size");
   expect(&r, "X: 32");
   expect(&r, "Gprs: 32");
   expect(&r, "42 42 42 42");
   expect(&r, "end of CDM stream");
   run_free(&r);
}

static void
test_cmdbuf_and_dump(void **state)
{
   static struct sb_image img;
   sb_init(&img);
   uint64_t vdm = sb_build_draw(&img);
   uint64_t cdm = sb_build_compute(&img);
   sb_cmd_compute(&img, cdm);
   sb_cmd_attachments(&img, SB_DATA_VA + 0x1000, 0x2000);
   sb_cmd_render(&img, vdm);

   uint8_t *file;
   size_t file_size;
   assert_true(sb_write_dump(&img, &file, &file_size));

   struct agx_dump dump;
   const char *err;
   assert_true(agx_dump_read(file, file_size, &dump, &err));
   assert_int_equal(dump.submission_kind, AGX_DUMP_SUBMISSION_DRM_ASAHI);

   char *text = NULL;
   size_t size = 0;
   FILE *fp = open_memstream(&text, &size);
   struct agxdecode_options o = {.fp = fp, .usc_exec_base = dump.usc_exec_base};
   struct agxdecode_ctx *ctx = agxdecode_create(&o);
   assert_true(agxdecode_add_dump_regions(ctx, &dump));
   unsigned errors =
      agxdecode_drm_cmdbuf(ctx, dump.submission, dump.submission_size_B);
   fclose(fp);
   if (errors)
      print_message("%s\n", text);
   assert_int_equal(errors, 0);
   assert_non_null(strstr(text, "record 0 at cmdbuf offset 0: COMPUTE"));
   assert_non_null(strstr(text, "SET_FRAGMENT_ATTACHMENTS"));
   assert_non_null(strstr(text, "vdm_barrier=none"));
   assert_non_null(strstr(text, "attachment 0x3000001000 size 0x2000"));
   assert_non_null(strstr(text, "RENDER"));
   assert_non_null(strstr(text, "framebuffer 64x32"));
   assert_non_null(strstr(text, "isp_zls_pixels 0x000f803f (64 x 32)"));
   assert_non_null(strstr(text, "Z store enable: true"));
   assert_non_null(strstr(text, "end of CDM stream"));
   assert_non_null(strstr(text, "end of VDM stream"));
   agxdecode_destroy(ctx);
   free(text);

   /* A truncated command buffer is reported, not overrun. */
   text = NULL;
   fp = open_memstream(&text, &size);
   o.fp = fp;
   ctx = agxdecode_create(&o);
   agxdecode_add_dump_regions(ctx, &dump);
   assert_true(agxdecode_drm_cmdbuf(ctx, dump.submission,
                                    dump.submission_size_B - 10) > 0);
   fclose(fp);
   assert_non_null(strstr(text, "runs past the end"));
   agxdecode_destroy(ctx);
   free(text);
   free(file);
}

/* ---- damaged streams ---------------------------------------------------- */

static void
put_link(uint8_t *s, uint64_t target, bool call)
{
   agx_pack(s, VDM_STREAM_LINK, cfg) {
      cfg.target_hi = target >> 32;
      cfg.target_lo = (uint32_t)target;
      cfg.with_return = call;
   }
}

static void
test_loop(void **state)
{
   static struct sb_image img;
   sb_init(&img);
   uint64_t a, b;
   uint8_t *s = sb_alloc(&img.stream, 8, 8, &a);
   uint8_t *t = sb_alloc(&img.stream, 8, 8, &b);
   put_link(s, b, false);
   put_link(t, a, false);

   struct run r;
   run_begin(&r, &img);
   assert_true(agxdecode_vdm(r.ctx, a) > 0);
   expect(&r, "ERROR at 0x1000000008: loop");
   run_free(&r);
}

static void
test_recursive_call(void **state)
{
   static struct sb_image img;
   sb_init(&img);
   uint64_t a;
   uint8_t *s = sb_alloc(&img.stream, 8, 8, &a);
   put_link(s, a, true); /* calls itself forever */

   struct run r;
   run_begin(&r, &img);
   assert_true(agxdecode_vdm(r.ctx, a) > 0);
   expect(&r, "calls nested deeper than 16");
   run_free(&r);
}

static void
test_bad_targets(void **state)
{
   static struct sb_image img;
   sb_init(&img);
   uint64_t a, b, c, d;
   /* a: jump to unmapped memory */
   put_link(sb_alloc(&img.stream, 8, 8, &a), 0xdead000000ull, false);
   /* b: unknown block type 7 */
   uint8_t *s = sb_alloc(&img.stream, 8, 8, &b);
   s[3] = 7 << 5;
   /* c: a barrier that returns with nothing to return to */
   agx_pack(sb_alloc(&img.stream, 8, 8, &c), VDM_BARRIER, cfg) {
      cfg.returns = true;
   }
   /* d: an index list whose words run off the end of its region */
   d = img.stream.va + sizeof(img.stream.bytes) - 8;
   agx_pack(img.stream.bytes + sizeof(img.stream.bytes) - 8, INDEX_LIST, cfg) {
      cfg.index_count_present = true;
      cfg.instance_count_present = true;
      cfg.start_present = true;
   }

   struct run r;
   run_begin(&r, &img);
   assert_int_equal(agxdecode_vdm(r.ctx, a), 1);
   expect(&r, "ERROR at 0xdead000000: VDM stream runs into unmapped memory");
   assert_int_equal(agxdecode_vdm(r.ctx, b), 1);
   expect(&r, "ERROR at 0x1000000008: unknown VDM block type 7");
   assert_int_equal(agxdecode_vdm(r.ctx, c), 1);
   expect(&r, "return with no call");
   assert_int_equal(agxdecode_vdm(r.ctx, d), 1);
   expect(&r, "index list is 16 bytes but only 8 are mapped");
   /* Unaligned address at the very top of the address space. */
   assert_true(agxdecode_vdm(r.ctx, UINT64_MAX - 1) > 0);
   assert_int_equal(agxdecode_error_count(r.ctx), 5);
   run_free(&r);
}

static void
test_bad_ppp_and_usc(void **state)
{
   static struct sb_image img;
   sb_init(&img);
   uint64_t rec, list;
   /* PPP record claims 3 words; its header describes 1 + 1. */
   uint8_t *p = sb_alloc(&img.data, 12, 64, &rec);
   agx_pack(p, PPP_HEADER, cfg) {
      cfg.w_clamp = true;
   }
   /* USC list with an unknown tag after one good word. */
   uint8_t *l = sb_alloc(&img.usc, 64, 64, &list);
   agx_pack(l, USC_REGISTERS, cfg) {
      cfg.gprs = 8;
   }
   l[4] = 0x77;

   struct run r;
   run_begin(&r, &img);
   assert_int_equal(agxdecode_ppp(r.ctx, rec, 12), 1);
   expect(&r, "PPP record is 12 bytes but its header accounts for 8");
   assert_int_equal(agxdecode_ppp(r.ctx, rec, 4), 1);
   expect(&r, "PPP record too short for W clamp");
   assert_int_equal(agxdecode_ppp(r.ctx, 0x77000000ull, 8), 1);
   expect(&r, "PPP record: address not in any known memory");
   assert_int_equal(agxdecode_usc(r.ctx, list, 0), 1);
   expect(&r, "unknown USC word tag 0x77");
   run_free(&r);
}

static size_t
read_pattern(void *user, uint64_t va, void *dst, size_t size)
{
   /* Every address reads as a PPP-state packet pointing to itself with a
    * hostile size: the decoder must stay bounded. */
   (void)user;
   memset(dst, 0, size);
   for (size_t i = 0; i < size; i++)
      ((uint8_t *)dst)[i] = (uint8_t)((va + i) * 37);
   return size;
}

static void
test_callback_memory(void **state)
{
   char *text = NULL;
   size_t size = 0;
   FILE *fp = open_memstream(&text, &size);
   struct agxdecode_options o = {
      .fp = fp,
      .read = read_pattern,
      .max_packets = 1000,
   };
   struct agxdecode_ctx *ctx = agxdecode_create(&o);
   agxdecode_vdm(ctx, 0x1000);
   agxdecode_cdm(ctx, 0x2000);
   agxdecode_usc(ctx, 0x3000, 7);
   fclose(fp);
   assert_true(agxdecode_error_count(ctx) > 0);
   agxdecode_destroy(ctx);
   free(text);
}

static void
test_regions(void **state)
{
   /* Overlaps: the region at the lower address wins; the other is
    * reported.  Lookups are binary searches, so many regions stay fast. */
   static uint8_t a[64], b[64];
   memset(a, 0xaa, sizeof(a));
   memset(b, 0xbb, sizeof(b));
   char *text = NULL;
   size_t size = 0;
   FILE *fp = open_memstream(&text, &size);
   struct agxdecode_options o = {.fp = fp};
   struct agxdecode_ctx *ctx = agxdecode_create(&o);
   /* No memory at all (found by fuzzing: sorting an empty set). */
   assert_int_equal(agxdecode_vdm(ctx, 0x1000), 1);
   assert_true(agxdecode_add_region(ctx, 0x1020, b, sizeof(b)));
   assert_true(agxdecode_add_region(ctx, 0x1000, a, sizeof(a)));
   assert_false(agxdecode_add_region(ctx, UINT64_MAX - 4, a, sizeof(a)));

   /* Region 0 (0x1020) overlaps region 1 (0x1000): dropped. */
   assert_int_equal(agxdecode_usc(ctx, 0x1000, 0), 2);
   fclose(fp);
   assert_non_null(strstr(text, "ERROR at 0x0000001020: memory region 0 "
                                "(64 bytes) overlaps region 1; ignored"));
   assert_non_null(strstr(text, "unknown USC word tag 0xaa"));
   agxdecode_destroy(ctx);
   free(text);

   static uint8_t byte = 0x88; /* USC no-preshader tag, 2 bytes needed */
   static uint8_t two[2] = {0x88, 0};
   fp = open_memstream(&text, &size);
   o.fp = fp;
   ctx = agxdecode_create(&o);
   for (unsigned i = 0; i < 200000; i++)
      assert_true(agxdecode_add_region(ctx, 0x100000 + 64ull * (199999 - i),
                                       i == 0 ? two : &byte, i == 0 ? 2 : 1));
   assert_int_equal(agxdecode_usc(ctx, 0x100000 + 64ull * 199999, 0), 0);
   assert_int_equal(agxdecode_usc(ctx, 0x100000, 0), 1); /* 1 byte mapped */
   fclose(fp);
   assert_non_null(strstr(text, "USC word truncated (1 of 2 bytes mapped)"));
   agxdecode_destroy(ctx);
   free(text);
}

struct disasm_log {
   unsigned calls;
   uint64_t va[4];
   size_t size[4];
};

static void
fake_disasm(void *user, FILE *fp, const uint8_t *code, size_t size, uint64_t va)
{
   struct disasm_log *log = user;
   if (log->calls < 4) {
      log->va[log->calls] = va;
      log->size[log->calls] = size;
   }
   log->calls++;
   fprintf(fp, "    <disassembly of %zu bytes, first 0x%02x>\n", size, code[0]);
}

static void
test_disasm_hook(void **state)
{
   static struct sb_image img;
   sb_init(&img);
   uint64_t cdm = sb_build_compute(&img);

   struct disasm_log log = {0};
   char *text = NULL;
   size_t size = 0;
   FILE *fp = open_memstream(&text, &size);
   struct agxdecode_options o = {
      .fp = fp,
      .usc_exec_base = SB_USC_BASE,
      .disasm = fake_disasm,
      .disasm_user = &log,
      .shader_window_B = 32,
   };
   struct agxdecode_ctx *ctx = agxdecode_create(&o);
   agxdecode_add_region(ctx, img.stream.va, img.stream.bytes,
                        sizeof(img.stream.bytes));
   agxdecode_add_region(ctx, img.usc.va, img.usc.bytes, img.usc.used);
   assert_int_equal(agxdecode_cdm(ctx, cdm), 0);
   fclose(fp);
   /* The compute program: 8 bytes of 0x42 at the first 16-byte slot after
    * the reserved 64 bytes; the window is cut by the end of the region. */
   assert_int_equal(log.calls, 1);
   assert_int_equal(log.va[0], SB_USC_BASE + 64);
   assert_int_equal(log.size[0], 32);
   assert_non_null(strstr(text, "<disassembly of 32 bytes, first 0x42>"));
   assert_null(strstr(text, "42 42 42 42")); /* no hex when hooked */
   agxdecode_destroy(ctx);
   free(text);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_draw),
      cmocka_unit_test(test_link_chain),
      cmocka_unit_test(test_compute),
      cmocka_unit_test(test_cmdbuf_and_dump),
      cmocka_unit_test(test_loop),
      cmocka_unit_test(test_recursive_call),
      cmocka_unit_test(test_bad_targets),
      cmocka_unit_test(test_bad_ppp_and_usc),
      cmocka_unit_test(test_callback_memory),
      cmocka_unit_test(test_regions),
      cmocka_unit_test(test_disasm_hook),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
