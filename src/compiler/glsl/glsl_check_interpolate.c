/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The interpolant of interpolateAtCentroid/Sample/Offset (GLSL 4.00
 * 8.13, ARB_gpu_shader5): a fragment shader input variable, an element of
 * an input array or a member of an input block; not a temporary, uniform
 * or output, and not a swizzle of any of those (piglit's gpu_shader5
 * interpolation tests follow Mesa in rejecting swizzles, even .xyzw).
 */
#include <string.h>

#include "glsl_check_priv.h"

void
check_interpolant(struct check *c, struct ast_node *n, const char *name,
                  const struct check_value *args, unsigned nargs)
{
   if (strncmp(name, "interpolateAt", 13) || !nargs ||
       type_is_error(args[0].type))
      return;
   const struct check_value *a = &args[0];
   struct ast_node *an = n->list.head;
   bool input = a->var && (a->var->qual & AST_Q_IN);
   /* Whole variable, array element, or block member: not a swizzle
    * (a field of a vector is one). */
   bool shape = a->whole_var || (an && an->kind == AST_INDEX) ||
                (an && an->kind == AST_FIELD && a->member);
   if (!input)
      check_error(c, n, "the interpolant of %s() must be a shader input",
                  name);
   else if (!shape)
      check_error(c, n, "the interpolant of %s() must be an input "
                  "variable, array element or block member, not an "
                  "expression or swizzle", name);
}
