/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* eglCreateContext attribute errors, one per rule of EGL 1.5 section 3.7.1
 * and the EGL_KHR_create_context, EGL_EXT_create_context_robustness and
 * EGL_KHR_create_context_no_error specifications.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "egl_context_attribs.h"

static const struct egl_context_caps plain = {0};
static const struct egl_context_caps robust = {.robust_access = true,
                                               .no_error = true};

#define ES EGL_OPENGL_ES_API
#define GL EGL_OPENGL_API

static EGLint
parse(EGLenum api, const struct egl_context_caps *caps, const EGLint *list)
{
   struct egl_context_request req;
   return egl_context_parse_attribs(api, list, caps, &req);
}

static void
test_defaults(void **state)
{
   struct egl_context_request req;
   assert_int_equal(egl_context_parse_attribs(ES, NULL, &plain, &req),
                    EGL_SUCCESS);
   /* EGL 1.5: the default version is 1.0. */
   assert_int_equal(req.major, 1);
   assert_int_equal(req.minor, 0);
   assert_int_equal(req.reset_strategy, EGL_NO_RESET_NOTIFICATION);
   assert_int_equal(egl_context_renderable_bit(&req), EGL_OPENGL_ES_BIT);
}

static void
test_no_bound_api_is_bad_match(void **state)
{
   assert_int_equal(parse(EGL_NONE, &plain, NULL), EGL_BAD_MATCH);
}

static void
test_gles_versions(void **state)
{
   const EGLint ok[][5] = {
      {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_NONE},
      {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2},
      {EGL_CONTEXT_MAJOR_VERSION, 1, EGL_CONTEXT_MINOR_VERSION, 1},
   };
   const EGLint bad[][5] = {
      {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1},
      {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_NONE},
      {EGL_CONTEXT_MAJOR_VERSION, 0, EGL_NONE},
      {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, -1},
   };
   for (unsigned i = 0; i < 3; i++) {
      EGLint list[7] = {ok[i][0], ok[i][1], ok[i][2], ok[i][3], EGL_NONE};
      if (list[2] == EGL_NONE)
         list[2] = EGL_NONE;
      assert_int_equal(parse(ES, &plain, list), EGL_SUCCESS);
   }
   for (unsigned i = 0; i < 4; i++) {
      EGLint list[7] = {bad[i][0], bad[i][1], bad[i][2], bad[i][3], EGL_NONE};
      assert_int_equal(parse(ES, &plain, list), EGL_BAD_MATCH);
   }
}

static void
test_gl_versions_and_profiles(void **state)
{
   const EGLint gl46[] = {EGL_CONTEXT_MAJOR_VERSION, 4,
                          EGL_CONTEXT_MINOR_VERSION, 6, EGL_NONE};
   const EGLint gl22[] = {EGL_CONTEXT_MAJOR_VERSION, 2,
                          EGL_CONTEXT_MINOR_VERSION, 2, EGL_NONE};
   const EGLint gl5[] = {EGL_CONTEXT_MAJOR_VERSION, 5, EGL_NONE};
   const EGLint two_profiles[] = {
      EGL_CONTEXT_MAJOR_VERSION,
      3,
      EGL_CONTEXT_MINOR_VERSION,
      2,
      EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT |
         EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
      EGL_NONE};
   const EGLint no_profile_31[] = {EGL_CONTEXT_MAJOR_VERSION,
                                   3,
                                   EGL_CONTEXT_MINOR_VERSION,
                                   1,
                                   EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                   0,
                                   EGL_NONE};
   const EGLint fwd_21[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_FLAGS_KHR,
                            EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR,
                            EGL_NONE};
   const EGLint fwd_30[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_FLAGS_KHR,
                            EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR,
                            EGL_NONE};

   assert_int_equal(parse(GL, &plain, gl46), EGL_SUCCESS);
   assert_int_equal(parse(GL, &plain, gl22), EGL_BAD_MATCH);
   assert_int_equal(parse(GL, &plain, gl5), EGL_BAD_MATCH);
   assert_int_equal(parse(GL, &plain, two_profiles), EGL_BAD_MATCH);
   /* Below 3.2 the profile mask is ignored. */
   assert_int_equal(parse(GL, &plain, no_profile_31), EGL_SUCCESS);
   assert_int_equal(parse(GL, &plain, fwd_21), EGL_BAD_MATCH);
   assert_int_equal(parse(GL, &plain, fwd_30), EGL_SUCCESS);
}

static void
test_gl_only_attributes_on_gles(void **state)
{
   const EGLint profile[] = {EGL_CONTEXT_OPENGL_PROFILE_MASK,
                             EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
   const EGLint fwd[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_FLAGS_KHR,
                         EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR,
                         EGL_NONE};
   const EGLint robust_flag[] = {
      EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_FLAGS_KHR,
      EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR, EGL_NONE};
   const EGLint debug[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_FLAGS_KHR,
                           EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR, EGL_NONE};
   assert_int_equal(parse(ES, &plain, profile), EGL_BAD_ATTRIBUTE);
   assert_int_equal(parse(ES, &plain, fwd), EGL_BAD_ATTRIBUTE);
   /* KHR_create_context issue 10: even with robustness available. */
   assert_int_equal(parse(ES, &robust, robust_flag), EGL_BAD_ATTRIBUTE);
   /* The debug bit is valid for GLES. */
   assert_int_equal(parse(ES, &plain, debug), EGL_SUCCESS);
}

static void
test_unknown_attribute_and_flags(void **state)
{
   const EGLint unknown[] = {0x1234, 0, EGL_NONE};
   const EGLint flags[] = {EGL_CONTEXT_FLAGS_KHR, 0x80, EGL_NONE};
   assert_int_equal(parse(ES, &plain, unknown), EGL_BAD_ATTRIBUTE);
   assert_int_equal(parse(GL, &plain, flags), EGL_BAD_ATTRIBUTE);
}

static void
test_robustness(void **state)
{
   const EGLint strategy_bad[] = {
      EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, 0x1234, EGL_NONE};
   const EGLint lose[] = {EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
                          EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE};
   const EGLint robust15[] = {EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE,
                              EGL_NONE};
   const EGLint robust_ext[] = {EGL_CONTEXT_MAJOR_VERSION, 2,
                                EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE,
                                EGL_NONE};
   const EGLint ext_strategy_gl[] = {
      EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
      EGL_NO_RESET_NOTIFICATION, EGL_NONE};
   assert_int_equal(parse(GL, &robust, strategy_bad), EGL_BAD_ATTRIBUTE);
   /* EGL 1.5: behaviour the implementation lacks is EGL_BAD_MATCH. */
   assert_int_equal(parse(GL, &plain, lose), EGL_BAD_MATCH);
   assert_int_equal(parse(GL, &robust, lose), EGL_SUCCESS);
   assert_int_equal(parse(GL, &plain, robust15), EGL_BAD_MATCH);
   assert_int_equal(parse(GL, &robust, robust15), EGL_SUCCESS);
   /* The EXT attribute: EGL_BAD_CONFIG when robust access is missing. */
   assert_int_equal(parse(ES, &plain, robust_ext), EGL_BAD_CONFIG);
   assert_int_equal(parse(ES, &robust, robust_ext), EGL_SUCCESS);
   assert_int_equal(parse(GL, &robust, ext_strategy_gl), EGL_BAD_ATTRIBUTE);

   /* Reset notification without robust buffer access. */
   const struct egl_context_caps notify = {.reset_notification = true};
   const EGLint lose_ext[] = {EGL_CONTEXT_MAJOR_VERSION, 2,
                              EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
                              EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE};
   struct egl_context_request req;
   assert_int_equal(egl_context_parse_attribs(ES, lose_ext, &notify, &req),
                    EGL_SUCCESS);
   assert_int_equal(req.reset_strategy, EGL_LOSE_CONTEXT_ON_RESET);
   assert_int_equal(parse(ES, &plain, lose_ext), EGL_BAD_ATTRIBUTE);
   assert_int_equal(parse(GL, &notify, lose), EGL_SUCCESS);
   assert_int_equal(parse(ES, &notify, robust_ext), EGL_BAD_CONFIG);
   assert_int_equal(parse(GL, &notify, robust15), EGL_BAD_MATCH);
}

static void
test_no_error(void **state)
{
   const EGLint no_error[] = {EGL_CONTEXT_MAJOR_VERSION, 2,
                              EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE,
                              EGL_NONE};
   const EGLint with_debug[] = {EGL_CONTEXT_MAJOR_VERSION,
                                2,
                                EGL_CONTEXT_OPENGL_NO_ERROR_KHR,
                                EGL_TRUE,
                                EGL_CONTEXT_OPENGL_DEBUG,
                                EGL_TRUE,
                                EGL_NONE};
   const EGLint es1[] = {EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_NONE};
   assert_int_equal(parse(ES, &plain, no_error), EGL_BAD_ATTRIBUTE);
   assert_int_equal(parse(ES, &robust, no_error), EGL_SUCCESS);
   assert_int_equal(parse(ES, &robust, with_debug), EGL_BAD_MATCH);
   assert_int_equal(parse(ES, &robust, es1), EGL_BAD_ATTRIBUTE);
}

static void
test_hints(void **state)
{
   const EGLint prio[] = {EGL_CONTEXT_PRIORITY_LEVEL_IMG,
                          EGL_CONTEXT_PRIORITY_HIGH_IMG, EGL_NONE};
   const EGLint prio_bad[] = {EGL_CONTEXT_PRIORITY_LEVEL_IMG, 7, EGL_NONE};
   const EGLint release[] = {EGL_CONTEXT_RELEASE_BEHAVIOR_KHR,
                             EGL_CONTEXT_RELEASE_BEHAVIOR_NONE_KHR, EGL_NONE};
   const EGLint release_bad[] = {EGL_CONTEXT_RELEASE_BEHAVIOR_KHR, 7, EGL_NONE};
   assert_int_equal(parse(ES, &plain, prio), EGL_SUCCESS);
   assert_int_equal(parse(ES, &plain, prio_bad), EGL_BAD_ATTRIBUTE);
   assert_int_equal(parse(ES, &plain, release), EGL_SUCCESS);
   assert_int_equal(parse(ES, &plain, release_bad), EGL_BAD_ATTRIBUTE);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_defaults),
      cmocka_unit_test(test_no_bound_api_is_bad_match),
      cmocka_unit_test(test_gles_versions),
      cmocka_unit_test(test_gl_versions_and_profiles),
      cmocka_unit_test(test_gl_only_attributes_on_gles),
      cmocka_unit_test(test_unknown_attribute_and_flags),
      cmocka_unit_test(test_robustness),
      cmocka_unit_test(test_no_error),
      cmocka_unit_test(test_hints),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
