/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * NIR_DEBUG flags and the work NIR_PASS does after each pass: validate
 * (always in debug builds unless NIR_DEBUG=novalidate, or when asked) and
 * print the shader when NIR_DEBUG=print.
 */
#include "nir.h"

#include "util/u_debug.h"

static const struct debug_named_value nir_debug_table[] = {
   { "print", NIR_DEBUG_PRINT,
     "print the shader after each pass that made progress" },
   { "validate", NIR_DEBUG_VALIDATE,
     "validate after each pass (also in release builds)" },
   { "novalidate", NIR_DEBUG_NOVALIDATE, "skip validation in debug builds" },
   { "nocompact", NIR_DEBUG_NOCOMPACT,
     "never compact instruction memory (nir_shader_compact_instrs)" },
   DEBUG_NAMED_VALUE_END,
};

uint64_t
nir_debug_flags(void)
{
   /* Read on every call: cheap next to a pass, and no global state. */
   return debug_get_flags_option("NIR_DEBUG", nir_debug_table, 0);
}

static bool
validation_enabled(uint64_t flags)
{
#ifdef NDEBUG
   return flags & NIR_DEBUG_VALIDATE;
#else
   return !(flags & NIR_DEBUG_NOVALIDATE);
#endif
}

bool
nir_validation_enabled(void)
{
   return validation_enabled(nir_debug_flags());
}

void
nir_pass_done(nir_shader *shader, const char *pass_name, bool progress)
{
   uint64_t flags = nir_debug_flags();
   if (!progress)
      return;
   if (validation_enabled(flags))
      nir_validate_shader(shader, pass_name);
   if (flags & NIR_DEBUG_PRINT) {
      fprintf(stderr, "NIR after %s:\n", pass_name);
      nir_print_shader(shader, stderr);
   }
}
