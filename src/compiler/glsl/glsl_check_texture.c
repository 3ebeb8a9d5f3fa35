/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture-call arguments that must be constant expressions.
 *
 *  - The offset of the *Offset lookups (GLSL 1.30 8.7, ES 3.00 8.8: "The
 *    offset value must be a constant expression"), except that
 *    textureGatherOffset takes any offset from GLSL 4.00 /
 *    ARB_gpu_shader5 on (GLSL 4.00 8.9.3; ES 3.10 still wants a constant
 *    unless GL_EXT/OES_gpu_shader5 is on).
 *  - The offsets array of textureGatherOffsets, always (GLSL 4.00 8.9.3).
 *  - The comp argument of textureGather* (GLSL 4.00 8.9.3: "must be an
 *    integral constant expression").
 *
 * Overload resolution has already matched the call against the table, so
 * argument positions are known from the function name and the sampler.
 */
#include <string.h>

#include "glsl_check_priv.h"

/* Index of the single offset argument of the non-gather *Offset lookups:
 * after (sampler, P), or after (sampler, P, lod), or after (sampler, P,
 * dPdx, dPdy). */
static int
offset_arg(const char *name)
{
   static const struct {
      const char *name;
      int arg;
   } table[] = {
      { "textureOffset", 2 },        { "textureProjOffset", 2 },
      { "texelFetchOffset", 3 },     { "textureLodOffset", 3 },
      { "textureProjLodOffset", 3 }, { "textureGradOffset", 4 },
      { "textureProjGradOffset", 4 },
   };
   for (unsigned i = 0; i < ARRAY_SIZE(table); i++) {
      if (!strcmp(name, table[i].name))
         return table[i].arg;
   }
   return -1;
}

static bool
gather_offset_may_vary(struct check *c)
{
   struct glsl_parse_state *st = c->st;
   return glsl_is_version(st, 400, 320) ||
          glsl_ext_enabled(st, "GL_ARB_gpu_shader5") ||
          glsl_ext_enabled(st, "GL_EXT_gpu_shader5") ||
          glsl_ext_enabled(st, "GL_OES_gpu_shader5");
}

static void
require_const(struct check *c, struct ast_node *n, const char *name,
              const struct check_value *args, unsigned nargs, unsigned i,
              const char *what)
{
   if (i < nargs && !args[i].is_const)
      check_error(c, n, "the %s argument of %s() must be a constant "
                  "expression", what, name);
}

void
check_texture_call(struct check *c, struct ast_node *n, const char *name,
                   const struct check_value *args, unsigned nargs)
{
   int off = offset_arg(name);
   if (off >= 0) {
      require_const(c, n, name, args, nargs, (unsigned)off, "offset");
      return;
   }
   if (strncmp(name, "textureGather", 13) || !nargs)
      return;
   /* Shadow gathers take refZ where the others take comp. */
   bool shadow = args[0].type->sampler_shadow;
   if (!strcmp(name, "textureGatherOffset") && !gather_offset_may_vary(c))
      require_const(c, n, name, args, nargs, shadow ? 3 : 2, "offset");
   if (!strcmp(name, "textureGatherOffsets"))
      require_const(c, n, name, args, nargs, shadow ? 3 : 2, "offsets");
   unsigned base = !strcmp(name, "textureGather") ? 2 : 3;
   if (!shadow && nargs == base + 1)
      require_const(c, n, name, args, nargs, base, "comp");
}
