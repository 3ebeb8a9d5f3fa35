/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glcpp: the GLSL preprocessor.
 *
 * Turns shader source into preprocessed text for the GLSL lexer, following
 * the GLSL rules rather than C's: no stringification, GL_-prefixed macro
 * names reserved, redefinitions must be identical, undefined names in #if
 * are 0.  #version and #extension are reported through callbacks so the
 * compiler state owns their meaning; line numbers survive through "#line"
 * markers in the output, which the GLSL lexer understands.
 */
#ifndef GLCPP_H
#define GLCPP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../glsl_log.h"

enum glcpp_ext_behavior {
   GLCPP_EXT_REQUIRE,
   GLCPP_EXT_ENABLE,
   GLCPP_EXT_WARN,
   GLCPP_EXT_DISABLE,
};

struct glcpp_hooks {
   void *data;
   /* #version seen (or implied at the first token when absent: explicit is
    * false then, and the hook stores the default in *version).  profile is
    * "", "es", "core" or "compatibility".  Returns false after logging an
    * error when the version is not supported.  Sets *es and *compat so the
    * preprocessor knows which macros to predefine. */
   bool (*version)(void *data, bool explicit_directive, int *version,
                   const char *profile, int line, int col, bool *es,
                   bool *compat);
   /* Calls define(pp, name) for every extension macro to predefine. */
   void (*extension_macros)(void *data, void *pp,
                            void (*define)(void *pp, const char *name));
   /* #extension name : behavior; returns false after logging an error. */
   bool (*extension)(void *data, const char *name,
                     enum glcpp_ext_behavior behavior, int line, int col);
   /* #pragma contents (after macro expansion when the pragma allows it). */
   void (*pragma)(void *data, const char *text, int line);
};

/* Preprocesses src.  Returns the output text (ralloc'd under mem_ctx) or NULL
 * when errors were logged.  default_version is used for __VERSION__ and the
 * hooks when no #version directive appears. */
char *glcpp_preprocess(void *mem_ctx, const char *src, size_t len,
                       struct glsl_log *log, const struct glcpp_hooks *hooks);

#endif
