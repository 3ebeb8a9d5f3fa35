/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Debug-flag parsing.  The only global state is the set of tables already
 * complained about, so an unknown flag is reported once per table.
 */
#include "u_debug.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

#define MAX_WARNED_TABLES 32

static mtx_t warned_lock;
static once_flag warned_once = ONCE_FLAG_INIT;
static const struct debug_named_value *warned[MAX_WARNED_TABLES];

static void
init_lock(void)
{
   mtx_init(&warned_lock, mtx_plain);
}

/* True the first time it is asked about `table`. */
static bool
first_warning(const struct debug_named_value *table)
{
   call_once(&warned_once, init_lock);
   mtx_lock(&warned_lock);
   bool first = true;
   unsigned i;
   for (i = 0; i < MAX_WARNED_TABLES && warned[i]; i++) {
      if (warned[i] == table) {
         first = false;
         break;
      }
   }
   if (first && i < MAX_WARNED_TABLES)
      warned[i] = table;
   mtx_unlock(&warned_lock);
   return first;
}

void
debug_print_flags(FILE *out, const char *var,
                  const struct debug_named_value *table)
{
   fprintf(out, "%s: valid flags are:\n", var ? var : "debug");
   for (const struct debug_named_value *v = table; v->name; v++)
      fprintf(out, "  %-16s %s\n", v->name, v->desc ? v->desc : "");
}

static bool
is_separator(char c)
{
   return c == ',' || c == ' ' || c == ':' || c == ';' || c == '\t';
}

uint64_t
debug_parse_flags(const char *var, const char *str,
                  const struct debug_named_value *table, FILE *out)
{
   if (!str)
      return 0;
   if (!out)
      out = stderr;

   uint64_t flags = 0;
   const char *p = str;
   while (*p) {
      while (*p && is_separator(*p))
         p++;
      const char *start = p;
      while (*p && !is_separator(*p))
         p++;
      size_t len = (size_t)(p - start);
      if (!len)
         continue;

      if (len == 4 && strncasecmp(start, "help", 4) == 0) {
         debug_print_flags(out, var, table);
         continue;
      }
      if ((len == 3 && strncasecmp(start, "all", 3) == 0)) {
         for (const struct debug_named_value *v = table; v->name; v++)
            flags |= v->value;
         continue;
      }

      bool known = false;
      for (const struct debug_named_value *v = table; v->name; v++) {
         if (strlen(v->name) == len && strncasecmp(v->name, start, len) == 0) {
            flags |= v->value;
            known = true;
            break;
         }
      }
      if (!known) {
         fprintf(out, "%s: ignoring unknown flag '%.*s'\n",
                 var ? var : "debug", (int)(len > 64 ? 64 : len), start);
         if (first_warning(table))
            debug_print_flags(out, var, table);
      }
   }
   return flags;
}

uint64_t
debug_get_flags_option(const char *var, const struct debug_named_value *table,
                       uint64_t dflt)
{
   const char *s = getenv(var);
   return s ? debug_parse_flags(var, s, table, NULL) : dflt;
}

bool
debug_get_bool_option(const char *var, bool dflt)
{
   const char *s = getenv(var);
   if (!s || !*s)
      return dflt;
   if (!strcasecmp(s, "1") || !strcasecmp(s, "true") || !strcasecmp(s, "yes") ||
       !strcasecmp(s, "on") || !strcasecmp(s, "y"))
      return true;
   if (!strcasecmp(s, "0") || !strcasecmp(s, "false") || !strcasecmp(s, "no") ||
       !strcasecmp(s, "off") || !strcasecmp(s, "n"))
      return false;
   fprintf(stderr, "%s: expected a boolean, got '%s'; using %s\n", var, s,
           dflt ? "true" : "false");
   return dflt;
}

int64_t
debug_get_num_option(const char *var, int64_t dflt)
{
   const char *s = getenv(var);
   if (!s || !*s)
      return dflt;
   char *end;
   errno = 0;
   long long v = strtoll(s, &end, 0);
   while (*end && isspace((unsigned char)*end))
      end++;
   if (errno || *end) {
      fprintf(stderr, "%s: expected a number, got '%s'; using %lld\n", var, s,
              (long long)dflt);
      return dflt;
   }
   return v;
}
