/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixture of the front end's desktop tests (GL 3.3 core and the
 * extensions of later versions that a 3.3 context exposes): each test
 * runs in a new 3.3 core context of 8 x 8 on the noop driver, made
 * through MESA_GL_VERSION_OVERRIDE, and the context goes away after the
 * test whether it passed or not.  For cmocka, which gives the test the
 * context as its state:
 *
 *    static void test_x(void **state)
 *    {
 *       struct gl_test *t = *state;
 *       ...
 *    }
 *    ... GL_DESKTOP_TEST(test_x), ...
 */
#ifndef GL_DESKTOP_FIXTURE_H
#define GL_DESKTOP_FIXTURE_H

#include "gl_test_context.h"

/* cmocka's setup and teardown: *state is the context (setup fails, and
 * so the test, when none is made). */
int gl_desktop_setup(void **state);
int gl_desktop_teardown(void **state);

#define GL_DESKTOP_TEST(f)                                                 \
   cmocka_unit_test_setup_teardown(f, gl_desktop_setup, gl_desktop_teardown)

/* glGetError() of the current context must be error (a failing test
 * otherwise, with both codes printed). */
void gl_expect_error(GLenum error);

#endif
