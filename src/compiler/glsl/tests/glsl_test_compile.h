/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shared by the front-end tests: compile one shader through the public
 * entry point and report whether it has errors.
 */
#ifndef GLSL_TEST_COMPILE_H
#define GLSL_TEST_COMPILE_H

#include <stdlib.h>
#include <string.h>

#include "glsl_state.h"
#include "util/ralloc.h"

/* True when `src` compiles as a `stage` shader without errors.  If
 * want_in_log is given, the log must contain it; if log_out is given, it
 * receives a malloc'ed copy of the log. */
static inline bool
glsl_test_compiles(gl_shader_stage stage, const char *src,
                   const char *want_in_log, char **log_out)
{
   struct glsl_compile_options opts = { .stage = stage };
   void *mem = ralloc_context(NULL);
   struct glsl_parse_state *st = glsl_compile_shader(mem, src, strlen(src),
                                                     &opts);
   assert_non_null(st);
   bool ok = st->log.errors == 0;
   if (want_in_log)
      assert_non_null(strstr(st->log.text, want_in_log));
   if (log_out)
      *log_out = strdup(st->log.text);
   ralloc_free(mem);
   return ok;
}

#endif
