/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Invariance across stages.
 *
 *  - GLSL 1.10 to 4.10 (4.6.1 "The Invariant Qualifier"; 1.10 and 1.20:
 *    4.6.1 with 4.3.6): "For variables leaving one shader and coming into
 *    another shader, the invariant keyword has to be used in both
 *    shaders, or a link error will result."  GLSL 4.20 4.6.1 drops the
 *    rule: "an output from one shader stage will still match an input of
 *    a subsequent stage without the input being declared as invariant".
 *  - GLSL ES 1.00 4.6.4 "Invariance and Linkage": "The invariance of
 *    varyings that are declared in both the vertex and fragment shaders
 *    must match.  For the built-in special variables, gl_FragCoord can
 *    only be declared invariant if and only if gl_Position is declared
 *    invariant.  Similarly gl_PointCoord can only be declared invariant if
 *    and only if gl_PointSize is declared invariant."  (GLSL ES 3.00
 *    4.6.1 makes invariant inputs a compile error, so nothing is left
 *    to link there.)
 *
 * A variable is invariant when a global declaration says so, when
 * "invariant name;" redeclares it, or (outputs) under
 * "#pragma STDGL invariant(all)".
 */
#include <string.h>

#include "ast.h"
#include "glsl_link_priv.h"

static bool
names(const struct ast_node *list_owner, const char *name)
{
   for (const struct ast_node *d = list_owner->list.head; d; d = d->next) {
      if (d->name && !strcmp(d->name, name))
         return true;
   }
   return false;
}

bool
link_declared_invariant(struct glsl_parse_state *const *sh, unsigned n,
                        const char *name, bool output)
{
   for (unsigned i = 0; i < n; i++) {
      if (output && sh[i]->pragma_invariant_all)
         return true;
      for (const struct ast_node *d = sh[i]->unit.head; d; d = d->next) {
         if ((d->kind == AST_DECL_LIST || d->kind == AST_QUALIFIER_ONLY) &&
             d->type && (d->type->flags & AST_Q_INVARIANT) &&
             names(d, name))
            return true;
      }
   }
   return false;
}

bool
link_var_invariant(const struct link *l, gl_shader_stage s,
                   const struct glsl_nir_var *v, bool output)
{
   return (v->qual & AST_Q_INVARIANT) ||
          link_declared_invariant(l->shaders[s], l->stage_count[s], v->name,
                                  output);
}

bool
link_invariance_must_match(const struct link *l)
{
   return l->es ? l->version < 300 : l->version < 420;
}

void
link_check_builtin_invariance(struct link *l,
                              struct glsl_parse_state **const *by_stage,
                              const unsigned *count)
{
   if (!l->es || l->version >= 300)
      return;
   static const char *const pairs[][2] = {
      { "gl_FragCoord", "gl_Position" },
      { "gl_PointCoord", "gl_PointSize" },
   };
   for (unsigned i = 0; i < 2; i++) {
      if (!link_declared_invariant(by_stage[MESA_SHADER_FRAGMENT],
                                   count[MESA_SHADER_FRAGMENT],
                                   pairs[i][0], false))
         continue;
      if (!link_declared_invariant(by_stage[MESA_SHADER_VERTEX],
                                   count[MESA_SHADER_VERTEX], pairs[i][1],
                                   true)) {
         link_error(l, "%s is declared invariant but %s is not (GLSL ES "
                    "1.00 4.6.4)", pairs[i][0], pairs[i][1]);
         return;
      }
   }
}
