/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Parsing of FOO_DEBUG=a,b,c style environment variables into bit flags.
 *
 * Flags are separated by commas, spaces, colons or semicolons and matched
 * case-insensitively.  "help" lists the valid flags; an unknown flag prints
 * a warning with the list (once per table) and is ignored.  Nothing aborts.
 */
#ifndef U_DEBUG_H
#define U_DEBUG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct debug_named_value {
   const char *name;
   uint64_t value;
   const char *desc;
};

#define DEBUG_NAMED_VALUE_END {NULL, 0, NULL}

/* Parse `str` (may be NULL: returns 0).  Unknown names are reported on
 * `out` (NULL: stderr) with the variable name `var` for context. */
uint64_t debug_parse_flags(const char *var, const char *str,
                           const struct debug_named_value *table, FILE *out);

/* getenv(var) then debug_parse_flags(); dflt when unset. */
uint64_t debug_get_flags_option(const char *var,
                                const struct debug_named_value *table,
                                uint64_t dflt);

/* Boolean and numeric options: "1/true/yes/on", "0/false/no/off". */
bool debug_get_bool_option(const char *var, bool dflt);
int64_t debug_get_num_option(const char *var, int64_t dflt);

/* Print the table as "  name   description" lines. */
void debug_print_flags(FILE *out, const char *var,
                       const struct debug_named_value *table);

#ifdef __cplusplus
}
#endif

#endif
