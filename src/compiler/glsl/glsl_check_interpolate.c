/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The interpolant of interpolateAtCentroid/Sample/Offset (GLSL 4.00
 * 8.13, ARB_gpu_shader5): a fragment shader input variable, an element of
 * an input array, a member of an input block or structure (as Mesa and
 * piglit's fs-interpolateAtCentroid-array-of-structs take it); not a temporary, uniform
 * or output, and before GLSL 4.40 not a swizzle of any of those
 * (ARB_gpu_shader5: "Component selection operators (e.g., ".xy") may not
 * be used"; piglit rejects even .xyzw).  GLSL 4.40 8.13.2 allows
 * component selection, and 4.60 clarifies that the interpolant is any
 * l-value of an input, a vector component ("a[i]") included.
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
   const struct glsl_type *outer =
      an && an->kind == AST_FIELD && an->a ? an->a->vtype : NULL;
   bool shape = a->whole_var || (an && an->kind == AST_INDEX) ||
                (an && an->kind == AST_FIELD && a->member) ||
                (outer && outer->base_type == GLSL_TYPE_STRUCT) ||
                (!c->st->es && c->st->version >= 440);
   if (!input)
      check_error(c, n, "the interpolant of %s() must be a shader input",
                  name);
   else if (!shape)
      check_error(c, n, "the interpolant of %s() must be an input "
                  "variable, array element or block member, not an "
                  "expression or swizzle", name);
}
