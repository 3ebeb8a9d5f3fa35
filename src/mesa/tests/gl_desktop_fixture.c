/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "gl_desktop_fixture.h"

int
gl_desktop_setup(void **state)
{
   struct gl_test *t =
      gl_test_create_version(ST_PROFILE_OPENGL_CORE, 3, 3, 8, 8);
   if (!t) {
      fprintf(stderr, "no GL 3.3 core context on the noop driver\n");
      return -1;
   }
   *state = t;
   return 0;
}

int
gl_desktop_teardown(void **state)
{
   gl_test_destroy(*state);
   *state = NULL;
   return 0;
}

void
gl_expect_error(GLenum error)
{
   assert_int_equal(_mesa_GetError(), error);
}
