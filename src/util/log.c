/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Logging; see log.h. */
#include "log.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

static once_flag level_once = ONCE_FLAG_INIT;
static enum u_log_level level_threshold = U_LOG_INFO;
static FILE *_Atomic log_stream;

static void
read_level(void)
{
   static const char *const names[] = {"error", "warn", "info", "debug"};
   const char *s = getenv("MESA_LOG_LEVEL");
   if (!s)
      return;
   for (unsigned i = 0; i < 4; i++) {
      if (!strcasecmp(s, names[i])) {
         level_threshold = (enum u_log_level)i;
         return;
      }
   }
   fprintf(stderr, "MESA_LOG_LEVEL: unknown level '%s' "
                   "(error, warn, info, debug); using info\n", s);
}

enum u_log_level
u_log_threshold(void)
{
   call_once(&level_once, read_level);
   return level_threshold;
}

void
u_log_set_stream(FILE *stream)
{
   log_stream = stream;
}

void
u_logv(enum u_log_level level, const char *tag, const char *fmt, va_list args)
{
   static const char *const prefix[] = {"error", "warning", "info", "debug"};
   if (level > u_log_threshold())
      return;
   FILE *out = log_stream ? log_stream : stderr;

   /* Format into one buffer so concurrent messages don't interleave. */
   char buf[1024];
   int n = snprintf(buf, sizeof(buf), "%s: %s: ", tag ? tag : "mesa",
                    prefix[level]);
   if (n < 0)
      return;
   if ((size_t)n < sizeof(buf))
      vsnprintf(buf + n, sizeof(buf) - (size_t)n, fmt, args);
   size_t len = strlen(buf);
   if (len == 0 || buf[len - 1] != '\n') {
      if (len + 1 >= sizeof(buf))
         len = sizeof(buf) - 2;
      buf[len++] = '\n';
      buf[len] = '\0';
   }
   fputs(buf, out);
   fflush(out);
}

void
u_log(enum u_log_level level, const char *tag, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   u_logv(level, tag, fmt, args);
   va_end(args);
}
