/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Diagnostics of one compilation: an info log in the "0:LINE(COL): error:"
 * form users of Mesa know, and error/warning counts.
 */
#ifndef GLSL_LOG_H
#define GLSL_LOG_H

#include <stdbool.h>
#include <stdarg.h>

struct glsl_log {
   void *mem_ctx;
   char *text;        /* ralloc'd, grows by appending; never NULL */
   unsigned errors;
   unsigned warnings;
   unsigned max_messages; /* beyond this, messages are counted, not kept */
};

void glsl_log_init(struct glsl_log *log, void *mem_ctx);

void glsl_log_error(struct glsl_log *log, int line, int col,
                    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void glsl_log_warning(struct glsl_log *log, int line, int col,
                      const char *fmt, ...)
   __attribute__((format(printf, 4, 5)));
void glsl_log_vmsg(struct glsl_log *log, bool error, int line, int col,
                   const char *fmt, va_list ap);

#endif
