/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glcpp internals: the token array the flex scanner fills and the #if
 * expression evaluator (bison) reads.
 */
#ifndef GLCPP_PRIVATE_H
#define GLCPP_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include "glcpp.h"

enum pp_kind {
   PP_IDENT,
   PP_NUMBER,
   PP_PUNCT,
   PP_OTHER,
   PP_NEWLINE,
   PP_EOF,
};

struct pp_macro;

/* Macros a token came out of: it must not expand them again (the classic
 * hide-set rule).  Shared, immutable lists. */
struct pp_hideset {
   const struct pp_macro *macro;
   const struct pp_hideset *next;
};

struct pp_token {
   enum pp_kind kind;
   const char *text; /* NUL-terminated, owned by the preprocessor */
   unsigned len;
   int line, col;
   bool space_before; /* whitespace (or a comment) precedes it */
   bool noexpand;     /* named a macro while that macro was expanding */
   const struct pp_hideset *hs;
};

struct pp_token_list {
   struct pp_token *toks;
   unsigned count, cap;
};

/* Scanner: appends the tokens of src to list (ends with PP_EOF).  Returns
 * false on an allocation failure or an unterminated comment (logged). */
bool glcpp_scan(void *mem_ctx, const char *src, size_t len,
                struct pp_token_list *list, struct glsl_log *log);

/* #if evaluation: toks are the macro-expanded tokens of the expression with
 * "defined" already replaced.  Returns false after logging an error. */
struct glcpp_expr_state {
   const struct pp_token *toks;
   unsigned count, pos;
   struct glsl_log *log;
   int line;
   int64_t result;
   bool failed;
   bool undefined_is_error; /* GLSL ES: undefined names in #if */
};

bool glcpp_eval_expr(struct glcpp_expr_state *st);

#endif
