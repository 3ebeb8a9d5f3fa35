/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* eglChooseConfig rules (EGL 1.5 section 3.4.1.2, table 3.4) on hand-made
 * configs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "egl_config.h"

static struct egl_config
make(EGLint id, EGLint r, EGLint g, EGLint b, EGLint a, EGLint depth,
     EGLint stencil, EGLint samples)
{
   struct egl_config c;
   memset(&c, 0, sizeof(c));
   c.v[EGL_CA_CONFIG_ID] = id;
   c.v[EGL_CA_RED_SIZE] = r;
   c.v[EGL_CA_GREEN_SIZE] = g;
   c.v[EGL_CA_BLUE_SIZE] = b;
   c.v[EGL_CA_ALPHA_SIZE] = a;
   c.v[EGL_CA_BUFFER_SIZE] = r + g + b + a;
   c.v[EGL_CA_DEPTH_SIZE] = depth;
   c.v[EGL_CA_STENCIL_SIZE] = stencil;
   c.v[EGL_CA_SAMPLES] = samples;
   c.v[EGL_CA_SAMPLE_BUFFERS] = samples > 0;
   c.v[EGL_CA_COLOR_BUFFER_TYPE] = EGL_RGB_BUFFER;
   c.v[EGL_CA_CONFIG_CAVEAT] = EGL_NONE;
   c.v[EGL_CA_SURFACE_TYPE] = EGL_PBUFFER_BIT;
   c.v[EGL_CA_RENDERABLE_TYPE] = EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT;
   c.v[EGL_CA_CONFORMANT] = c.v[EGL_CA_RENDERABLE_TYPE];
   c.v[EGL_CA_NATIVE_VISUAL_TYPE] = EGL_NONE;
   c.v[EGL_CA_TRANSPARENT_TYPE] = EGL_NONE;
   c.v[EGL_CA_MIN_SWAP_INTERVAL] = 0;
   c.v[EGL_CA_MAX_SWAP_INTERVAL] = 1;
   return c;
}

static struct egl_config configs[5];

static int
setup(void **state)
{
   configs[0] = make(1, 5, 6, 5, 0, 0, 0, 0);
   configs[1] = make(2, 8, 8, 8, 8, 24, 8, 0);
   configs[2] = make(3, 8, 8, 8, 8, 0, 0, 0);
   configs[3] = make(4, 8, 8, 8, 8, 0, 0, 4);
   configs[4] = make(5, 10, 10, 10, 2, 0, 0, 0);
   return 0;
}

static unsigned
choose(const EGLint *attribs, EGLint *ids, unsigned max)
{
   struct egl_config_request req;
   const struct egl_config *out[8];
   assert_int_equal(egl_config_parse_request(attribs, &req), EGL_SUCCESS);
   unsigned n = egl_config_choose(configs, 5, &req, out, max);
   for (unsigned i = 0; i < n; i++)
      ids[i] = out[i]->v[EGL_CA_CONFIG_ID];
   return n;
}

static void
test_defaults_require_window_and_es1(void **state)
{
   struct egl_config_request req;
   assert_int_equal(egl_config_parse_request(NULL, &req), EGL_SUCCESS);
   /* Table 3.4 defaults: EGL_WINDOW_BIT, EGL_OPENGL_ES_BIT. */
   assert_int_equal(egl_config_choose(configs, 5, &req, NULL, 0), 0);
}

static void
test_larger_color_first_then_smaller_buffer(void **state)
{
   const EGLint a[] = {EGL_SURFACE_TYPE,
                       EGL_PBUFFER_BIT,
                       EGL_RENDERABLE_TYPE,
                       EGL_OPENGL_ES2_BIT,
                       EGL_RED_SIZE,
                       1,
                       EGL_NONE};
   EGLint ids[8];
   /* Color bits counted over red, the only component asked for: 10 > 8 >
    * 5.  Among the 8-bit ones: fewer sample buffers first (sort priority
    * 5), then smaller depth (priority 7).
    */
   assert_int_equal(choose(a, ids, 8), 5);
   assert_int_equal(ids[0], 5);
   assert_int_equal(ids[1], 3);
   assert_int_equal(ids[2], 2);
   assert_int_equal(ids[3], 4);
   assert_int_equal(ids[4], 1);
}

static void
test_unrequested_color_does_not_count(void **state)
{
   const EGLint a[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                       EGL_OPENGL_ES2_BIT, EGL_NONE};
   EGLint ids[8];
   /* No colour asked: the smallest EGL_BUFFER_SIZE wins (565 = 16). */
   assert_int_equal(choose(a, ids, 8), 5);
   assert_int_equal(ids[0], 1);
}

static void
test_at_least_and_exact(void **state)
{
   const EGLint a[] = {EGL_SURFACE_TYPE,
                       EGL_PBUFFER_BIT,
                       EGL_RENDERABLE_TYPE,
                       EGL_OPENGL_ES2_BIT,
                       EGL_DEPTH_SIZE,
                       16,
                       EGL_NONE};
   EGLint ids[8];
   assert_int_equal(choose(a, ids, 8), 1);
   assert_int_equal(ids[0], 2);

   const EGLint b[] = {EGL_SURFACE_TYPE,
                       EGL_PBUFFER_BIT,
                       EGL_RENDERABLE_TYPE,
                       EGL_OPENGL_ES2_BIT,
                       EGL_SAMPLES,
                       1,
                       EGL_NONE};
   assert_int_equal(choose(b, ids, 8), 1);
   assert_int_equal(ids[0], 4);

   const EGLint c[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                       EGL_OPENGL_BIT, EGL_NONE};
   assert_int_equal(choose(c, ids, 8), 0);
}

static void
test_config_id_overrides(void **state)
{
   const EGLint a[] = {EGL_CONFIG_ID, 3, EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
                       EGL_NONE};
   EGLint ids[8];
   assert_int_equal(choose(a, ids, 8), 1);
   assert_int_equal(ids[0], 3);
}

static void
test_dont_care(void **state)
{
   const EGLint a[] = {EGL_SURFACE_TYPE, EGL_DONT_CARE, EGL_RENDERABLE_TYPE,
                       EGL_DONT_CARE, EGL_NONE};
   EGLint ids[8];
   assert_int_equal(choose(a, ids, 8), 5);
}

static void
test_max_keeps_the_best(void **state)
{
   const EGLint a[] = {EGL_SURFACE_TYPE,
                       EGL_PBUFFER_BIT,
                       EGL_RENDERABLE_TYPE,
                       EGL_OPENGL_ES2_BIT,
                       EGL_RED_SIZE,
                       1,
                       EGL_NONE};
   EGLint ids[8];
   assert_int_equal(choose(a, ids, 2), 2);
   assert_int_equal(ids[0], 5);
   assert_int_equal(ids[1], 3);
}

static void
test_bad_requests(void **state)
{
   struct egl_config_request req;
   const EGLint unknown[] = {0x1234, 1, EGL_NONE};
   const EGLint level_dc[] = {EGL_LEVEL, EGL_DONT_CARE, EGL_NONE};
   const EGLint neg[] = {EGL_RED_SIZE, -2, EGL_NONE};
   const EGLint cbt[] = {EGL_COLOR_BUFFER_TYPE, 0x1234, EGL_NONE};
   const EGLint surf[] = {EGL_SURFACE_TYPE, 0x10000, EGL_NONE};
   const EGLint pixmap[] = {EGL_MATCH_NATIVE_PIXMAP, 42, EGL_NONE};
   const EGLint boolean[] = {EGL_BIND_TO_TEXTURE_RGB, 7, EGL_NONE};
   assert_int_equal(egl_config_parse_request(unknown, &req), EGL_BAD_ATTRIBUTE);
   assert_int_equal(egl_config_parse_request(level_dc, &req),
                    EGL_BAD_ATTRIBUTE);
   assert_int_equal(egl_config_parse_request(neg, &req), EGL_BAD_ATTRIBUTE);
   assert_int_equal(egl_config_parse_request(cbt, &req), EGL_BAD_ATTRIBUTE);
   assert_int_equal(egl_config_parse_request(surf, &req), EGL_BAD_ATTRIBUTE);
   assert_int_equal(egl_config_parse_request(pixmap, &req),
                    EGL_BAD_NATIVE_PIXMAP);
   assert_int_equal(egl_config_parse_request(boolean, &req), EGL_BAD_ATTRIBUTE);
}

static void
test_get_attribute(void **state)
{
   EGLint v;
   assert_true(egl_config_get(&configs[1], EGL_STENCIL_SIZE, &v));
   assert_int_equal(v, 8);
   assert_false(egl_config_get(&configs[1], 0x1234, &v));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_defaults_require_window_and_es1),
      cmocka_unit_test(test_larger_color_first_then_smaller_buffer),
      cmocka_unit_test(test_unrequested_color_does_not_count),
      cmocka_unit_test(test_at_least_and_exact),
      cmocka_unit_test(test_config_id_overrides),
      cmocka_unit_test(test_dont_care),
      cmocka_unit_test(test_max_keeps_the_best),
      cmocka_unit_test(test_bad_requests),
      cmocka_unit_test(test_get_attribute),
   };
   return cmocka_run_group_tests(tests, setup, NULL);
}
