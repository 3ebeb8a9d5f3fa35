/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: early returns of an inlined function as a flag and ifs.
 *
 * An inlined body whose returns are not just its last statement
 * (straight_body in glsl_to_nir_func.c) needs a way out from the middle.
 * A one-trip loop around the body would give one (return = break), but
 * every value the body computes would then leave through a loop-exit phi
 * and nir_opt_peephole_select could flatten none of the ifs holding a
 * return, which costs copies and branches later.  Instead:
 *  - `return` directly in the body (not inside a loop or a switch still
 *    lowered to a loop) stores the result and raises the function's
 *    "returned" flag, and emits no jump;
 *  - in a statement list of the body, what follows a statement that may
 *    return runs under `if (!returned)` (nested once per such statement),
 *    and what follows a `return` itself is never reached, so not
 *    translated;
 *  - `return` inside a loop raises the flag and breaks, and after each
 *    loop nested in another one of the body the flag breaks that one too
 *    (g2n_after_loop); the guards above take over at the body's level.
 * A body with more than G2N_MAX_RETURN_GUARDS returns keeps the one-trip
 * loop (glsl_to_nir_func.c), so that guards nest at most that deep.
 * The guard is an if without else: locals that are values (SSA) and that
 * the guarded statements assign get their phi from the join machinery of
 * glsl_to_nir_ssa.c like any if.
 */
#include "glsl_to_nir_priv.h"

bool
g2n_return_is_flag(const struct g2n *c)
{
   const struct g2n_jump *j = c->jumps;
   return j && j->kind == G2N_JUMP_INLINE && j->flag && !j->loop;
}

/* Is there a `return` anywhere under n (a tree too deep to walk is taken
 * to return)? */
static bool
may_return(const struct ast_node *n)
{
   return g2n_walk_finds(n, G2N_AST_BIT(AST_RETURN), G2N_AST_ANY_BODY);
}

bool
g2n_return_needs_guard(const struct g2n *c, const struct ast_node *n)
{
   return g2n_return_is_flag(c) && may_return(n);
}

void
g2n_return_guard_begin(struct g2n *c, struct g2n_return_guard *g)
{
   nir_builder *b = &c->b;
   g2n_ssa_join_begin(c, &g->join);
   g->nif = nir_push_if(b, nir_inot(b, nir_load_var(b, c->jumps->flag)));
}

void
g2n_return_guard_end(struct g2n *c, struct g2n_return_guard *g)
{
   g2n_ssa_join_mid(c, &g->join);
   nir_pop_if(&c->b, g->nif);
   g2n_ssa_join_end(c, &g->join, g->nif);
}
