/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * asahi_dri.so's interface table over the noop pipe driver and a stand-in
 * front end (fake_st.c: GLES 2.0-3.0 only).  Expected configs follow from
 * the noop driver's documented formats: single-sampled colour and
 * depth/stencil formats, no multisampling.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dri_priv.h"

extern const struct asahi_dri_interface asahi_dri_interface;
extern int fake_st_max_gles;
static const struct asahi_dri_interface *dri = &asahi_dri_interface;

static void
test_pipe_driver_rule(void **state)
{
   assert_string_equal(dri_choose_pipe_driver("noop", "asahi", "asahi", true),
                       "noop");
   assert_string_equal(dri_choose_pipe_driver(NULL, "noop", "asahi", true),
                       "noop");
   assert_string_equal(dri_choose_pipe_driver(NULL, NULL, "asahi", true),
                       "asahi");
   assert_string_equal(dri_choose_pipe_driver(NULL, "", NULL, false), "noop");
   assert_null(dri_choose_pipe_driver(NULL, NULL, "i915", true));
   assert_null(dri_choose_pipe_driver("llvmpipe", NULL, NULL, false));
   assert_null(dri_choose_pipe_driver(NULL, "softpipe", "asahi", true));
}

static struct asahi_dri_screen *
noop_screen(void)
{
   struct asahi_dri_screen_options opts = {.fd = -1};
   enum asahi_dri_error err = ASAHI_DRI_ERROR_UNSUPPORTED;
   unsetenv("GALLIUM_DRIVER");
   struct asahi_dri_screen *s = dri->screen_create(&opts, &err);
   assert_non_null(s);
   assert_int_equal(err, ASAHI_DRI_SUCCESS);
   return s;
}

static void
test_table_header(void **state)
{
   assert_int_equal(dri->version, ASAHI_DRI_INTERFACE_VERSION);
   assert_int_equal(dri->size, sizeof(struct asahi_dri_interface));
   assert_true(ASAHI_DRI_HAS(dri, get_proc_address));
   assert_true(ASAHI_DRI_HAS(dri, image_destroy));
}

static void
test_no_device_is_noop(void **state)
{
   struct asahi_dri_screen *s = noop_screen();
   struct asahi_dri_screen_info info;
   dri->screen_get_info(s, &info);
   assert_string_equal(info.pipe_driver, "noop");
   assert_string_equal(info.renderer, "noop");
   assert_int_equal(info.max_gles_version, 30);
   assert_int_equal(info.max_gl_core_version, 0);
   assert_int_equal(info.max_gl_compat_version, 0);
   assert_true(info.caps & ASAHI_DRI_CAP_FENCE);
   dri->screen_destroy(s);
}

/* A front end that grants ES 3.1 makes the screen report 31, so that EGL
 * and the contexts it makes agree (the version is probed newest first). */
static void
test_reports_es31(void **state)
{
   fake_st_max_gles = 31;
   struct asahi_dri_screen *s = noop_screen();
   struct asahi_dri_screen_info info;
   dri->screen_get_info(s, &info);
   assert_int_equal(info.max_gles_version, 31);
   dri->screen_destroy(s);
   fake_st_max_gles = 30;
}

static void
test_refusals(void **state)
{
   enum asahi_dri_error err;
   struct asahi_dri_screen_options opts = {.fd = -1, .pipe_driver = "bogus"};
   assert_null(dri->screen_create(&opts, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_NO_DEVICE);

   /* Not a DRM device. */
   opts.pipe_driver = NULL;
   opts.fd = open("/dev/null", O_RDWR);
   assert_null(dri->screen_create(&opts, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_NO_DEVICE);
   close(opts.fd);
}

static void
test_configs(void **state)
{
   struct asahi_dri_screen *s = noop_screen();
   struct asahi_dri_config c[DRI_MAX_CONFIGS];
   unsigned n = dri->get_configs(s, NULL, 0);
   /* 4 colour formats x {none, Z24S8, Z16}, single-sampled only. */
   assert_int_equal(n, 12);
   assert_int_equal(dri->get_configs(s, c, DRI_MAX_CONFIGS), 12);

   bool rgba8 = false, rgba8_z24s8 = false, rgb565 = false;
   for (unsigned i = 0; i < n; i++) {
      assert_true(c[i].id != 0);
      for (unsigned j = 0; j < i; j++)
         assert_true(c[i].id != c[j].id);
      assert_int_equal(c[i].samples, 0);
      if (c[i].red_size == 8 && c[i].alpha_size == 8 && !c[i].depth_size)
         rgba8 = true;
      if (c[i].alpha_size == 8 && c[i].depth_size == 24 &&
          c[i].stencil_size == 8)
         rgba8_z24s8 = true;
      /* Fact: DRM_FORMAT_RGB565 is fourcc 'RG16'. */
      if (c[i].red_size == 5 && c[i].fourcc == 0x36314752)
         rgb565 = true;
   }
   assert_true(rgba8);
   assert_true(rgba8_z24s8);
   assert_true(rgb565);
   dri->screen_destroy(s);
}

static void
test_contexts_and_drawables(void **state)
{
   struct asahi_dri_screen *s = noop_screen();
   enum asahi_dri_error err;
   struct asahi_dri_context_attribs a = {
      .api = ASAHI_DRI_API_GLES,
      .major = 2,
      .minor = 0,
      .config_id = 1,
   };
   struct asahi_dri_context *ctx = dri->context_create(s, &a, NULL, &err);
   assert_non_null(ctx);

   a.major = 1;
   assert_null(dri->context_create(s, &a, NULL, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_BAD_API);
   a.major = 3;
   a.minor = 1;
   assert_null(dri->context_create(s, &a, NULL, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_BAD_VERSION);
   a.api = ASAHI_DRI_API_GL_CORE;
   a.minor = 2;
   assert_null(dri->context_create(s, &a, NULL, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_BAD_API);
   a.api = ASAHI_DRI_API_GLES;
   a.minor = 0;
   a.config_id = 999;
   assert_null(dri->context_create(s, &a, NULL, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_BAD_CONFIG);

   assert_null(dri->drawable_create(s, 999, 4, 4, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_BAD_CONFIG);
   assert_null(dri->drawable_create(s, 1, 0, 4, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_BAD_SIZE);
   struct asahi_dri_drawable *d = dri->drawable_create(s, 1, 64, 32, &err);
   assert_non_null(d);

   assert_int_equal(dri->make_current(ctx, d, d), ASAHI_DRI_SUCCESS);
   struct asahi_dri_fence *f = dri->fence_create(ctx);
   assert_non_null(f);
   assert_true(dri->fence_wait(s, f, UINT64_MAX));
   dri->fence_destroy(s, f);
   dri->flush(ctx);
   dri->finish(ctx);
   assert_int_equal(dri->make_current(NULL, NULL, NULL), ASAHI_DRI_SUCCESS);

   dri->drawable_destroy(d);
   dri->context_destroy(ctx);
   dri->screen_destroy(s);
}

static void
test_images_on_noop(void **state)
{
   /* The noop driver allocates but shares nothing (its
    * resource_get_handle fails), so export must say no.
    */
   struct asahi_dri_screen *s = noop_screen();
   enum asahi_dri_error err;
   const uint32_t abgr8888 = 0x34324241; /* 'AB24' */
   struct asahi_dri_image *img = dri->image_create(
      s, 64, 32, abgr8888, NULL, 0, ASAHI_DRI_IMAGE_USE_RENDER, &err);
   assert_non_null(img);
   assert_int_equal(err, ASAHI_DRI_SUCCESS);
   struct asahi_dri_image_desc desc;
   assert_false(dri->image_export(img, &desc));

   /* CPU maps work on host memory. */
   uint32_t stride = 0;
   void *cookie = NULL;
   uint8_t *p =
      dri->image_map(img, 0, 0, 64, 32, ASAHI_DRI_MAP_WRITE, &stride, &cookie);
   assert_non_null(p);
   assert_true(stride >= 64 * 4);
   p[stride * 31 + 255] = 0x5a;
   dri->image_unmap(img, cookie);
   p = dri->image_map(img, 63, 31, 1, 1, ASAHI_DRI_MAP_READ, &stride, &cookie);
   assert_non_null(p);
   assert_int_equal(p[3], 0x5a);
   dri->image_unmap(img, cookie);
   assert_null(
      dri->image_map(img, 63, 31, 2, 1, ASAHI_DRI_MAP_READ, &stride, &cookie));
   dri->image_destroy(img);

   /* Linear is the modifier any driver can honour. */
   const uint64_t linear = 0, tiled = 0x0100000000000001ull;
   img = dri->image_create(s, 8, 8, abgr8888, &linear, 1, 0, &err);
   assert_non_null(img);
   dri->image_destroy(img);
   assert_null(dri->image_create(s, 8, 8, abgr8888, &tiled, 1, 0, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_UNSUPPORTED);

   assert_null(
      dri->image_create(s, 8, 8, 0x20203852 /* 'R8  ' */, NULL, 0, 0, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_UNSUPPORTED);
   assert_null(dri->image_create(s, 0, 8, abgr8888, NULL, 0, 0, &err));
   assert_int_equal(err, ASAHI_DRI_ERROR_BAD_SIZE);
   dri->screen_destroy(s);
}

static void
test_proc_address(void **state)
{
   assert_non_null(dri->get_proc_address("glFake"));
   assert_null(dri->get_proc_address("glNoSuchThing"));
   assert_null(dri->get_proc_address(NULL));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pipe_driver_rule),
      cmocka_unit_test(test_table_header),
      cmocka_unit_test(test_no_device_is_noop),
      cmocka_unit_test(test_reports_es31),
      cmocka_unit_test(test_refusals),
      cmocka_unit_test(test_configs),
      cmocka_unit_test(test_contexts_and_drawables),
      cmocka_unit_test(test_images_on_noop),
      cmocka_unit_test(test_proc_address),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
