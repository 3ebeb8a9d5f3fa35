/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Info-log formatting.  Every message starts with "0:LINE(COL): " where 0 is
 * the source-string number (one string per shader here).
 */
#include "glsl_log.h"

#include "util/ralloc.h"

void
glsl_log_init(struct glsl_log *log, void *mem_ctx)
{
   log->mem_ctx = mem_ctx;
   log->text = ralloc_strdup(mem_ctx, "");
   log->errors = 0;
   log->warnings = 0;
   log->max_messages = 100;
}

void
glsl_log_vmsg(struct glsl_log *log, bool error, int line, int col,
              const char *fmt, va_list ap)
{
   unsigned count = log->errors + log->warnings;

   if (error)
      log->errors++;
   else
      log->warnings++;

   if (count >= log->max_messages) {
      if (count == log->max_messages)
         ralloc_asprintf_append(&log->text, "0:%d(%d): error: too many "
                                "messages, further ones are dropped\n",
                                line, col);
      return;
   }

   ralloc_asprintf_append(&log->text, "0:%d(%d): %s: ", line, col,
                          error ? "error" : "warning");
   ralloc_vasprintf_append(&log->text, fmt, ap);
   ralloc_strcat(&log->text, "\n");
}

void
glsl_log_error(struct glsl_log *log, int line, int col, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   glsl_log_vmsg(log, true, line, col, fmt, ap);
   va_end(ap);
}

void
glsl_log_warning(struct glsl_log *log, int line, int col, const char *fmt,
                 ...)
{
   va_list ap;
   va_start(ap, fmt);
   glsl_log_vmsg(log, false, line, col, fmt, ap);
   va_end(ap);
}
