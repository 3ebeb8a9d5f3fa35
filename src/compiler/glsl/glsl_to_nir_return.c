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
 *
 * Since wave 14 the same guards serve a `break` that leaves a switch
 * made ifs from inside a case (glsl_to_nir_switch.c): it raises the
 * switch's "broken" flag, and a guard after a statement that may break
 * tests that flag too.
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

static bool
may_break(const struct g2n *c, const struct ast_node *n)
{
   return c->break_flag && g2n_breaks_out(n);
}

bool
g2n_return_needs_guard(const struct g2n *c, const struct ast_node *n)
{
   return (g2n_return_is_flag(c) && may_return(n)) || may_break(c, n);
}

nir_def *
g2n_return_stopped(struct g2n *c, const struct ast_node *n)
{
   nir_builder *b = &c->b;
   nir_def *stop = NULL;
   if (g2n_return_is_flag(c) && may_return(n))
      stop = nir_load_var(b, c->jumps->flag);
   if (may_break(c, n)) {
      nir_def *broken = nir_load_var(b, c->break_flag);
      stop = stop ? nir_ior(b, stop, broken) : broken;
   }
   return stop;
}

void
g2n_return_guard_begin(struct g2n *c, struct g2n_return_guard *g,
                       const struct ast_node *n)
{
   nir_builder *b = &c->b;
   g2n_ssa_join_begin(c, &g->join);
   g->nif = nir_push_if(b, nir_inot(b, g2n_return_stopped(c, n)));
}

void
g2n_return_guard_end(struct g2n *c, struct g2n_return_guard *g)
{
   g2n_ssa_join_mid(c, &g->join);
   nir_pop_if(&c->b, g->nif);
   g2n_ssa_join_end(c, &g->join, g->nif);
}
