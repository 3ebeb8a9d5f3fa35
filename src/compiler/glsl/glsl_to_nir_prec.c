/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Precision qualifiers of GLSL ES, as far as the backend can use them.
 *
 * GLSL ES 3.00 section 4.5.2: an operation is computed at the highest
 * precision of its operands, constants having none; a variable has its
 * declared precision or the default one (4.5.4: vertex shaders highp
 * float and int, fragment shaders mediump int and no float default,
 * sampler2D and samplerCube lowp in both); built-in functions return
 * the highest precision of their arguments, texture lookups the
 * sampler's (section 8).  Desktop GLSL ignores precision (GLSL 4.60
 * 4.7), so everything there is highp.
 *
 * The translation keeps one rank per expression (low: mediump or lowp;
 * high: highp or not known) and marks the ALU instructions of low-ranked
 * float, int and uint operations nir_alu_instr::mediump (uint ones also
 * mediump_unsigned: their mediump range is [0, 2^16 - 1], an int's
 * [-2^15, 2^15 - 1], GLSL ES 3.00 section 4.5.1); nir_lower_mediump may
 * then compute them at 16 bits.  Anything this file does not know is high,
 * so precision is only ever lowered where the shader allows it.
 */

#include <string.h>

#include "glsl_to_nir_priv.h"

unsigned
g2n_decl_prec(struct g2n *c, unsigned q, const struct glsl_type *t)
{
   unsigned p = q & AST_Q_PRECISION;
   if (p || !c->st->es || !t)
      return p;
   const struct glsl_type *bt = glsl_without_array(t);
   switch (bt->base_type) {
   case GLSL_TYPE_FLOAT:
      return c->default_prec_float;
   case GLSL_TYPE_INT:
   case GLSL_TYPE_UINT:
      return c->default_prec_int;
   case GLSL_TYPE_SAMPLER:
      if (!bt->sampler_shadow && !bt->sampler_array &&
          (bt->sampler_dim == GLSL_SAMPLER_DIM_2D ||
           bt->sampler_dim == GLSL_SAMPLER_DIM_CUBE) &&
          bt->sampled_type == GLSL_TYPE_FLOAT)
         return AST_Q_LOWP;
      return 0;
   default:
      return 0;
   }
}

static unsigned
rank_of(struct g2n *c, unsigned q)
{
   if (!c->st->es)
      return G2N_PREC_HIGH;
   return q & (AST_Q_MEDIUMP | AST_Q_LOWP) ? G2N_PREC_LOW : G2N_PREC_HIGH;
}

unsigned
g2n_lval_prec(struct g2n *c, const struct ast_node *n)
{
   switch (n->kind) {
   case AST_IDENT: {
      struct g2n_sym *sym = g2n_lookup(c, n->name);
      return sym ? rank_of(c, sym->prec) : G2N_PREC_HIGH;
   }
   case AST_INDEX:
      return g2n_lval_prec(c, n->a);
   case AST_FIELD: {
      /* a swizzle reads its vector; struct and block members have
       * precisions of their own, not tracked: highp */
      const struct glsl_type *bt = n->a ? n->a->vtype : NULL;
      if (bt && glsl_type_is_basic(bt))
         return g2n_lval_prec(c, n->a);
      return G2N_PREC_HIGH;
   }
   default:
      return G2N_PREC_HIGH;
   }
}

/* Built-in functions whose float arithmetic may follow their arguments'
 * precision here.  The others (length, normalize, pow, ...) stay highp:
 * their intermediate values (a sum of squares) leave the mediump range
 * long before their results do. */
static bool
follows_arguments(const char *name)
{
   static const char *const names[] = {
      "abs", "sign", "floor", "ceil", "fract", "min", "max", "clamp",
      "mix", "step", "smoothstep", "dot", "inversesqrt", "exp2", "log2",
      "radians", "degrees",
   };
   for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
      if (!strcmp(name, names[i]))
         return true;
   }
   return false;
}

static bool
is_texture_call(const char *name)
{
   return !strncmp(name, "texture", 7) || !strncmp(name, "shadow", 6);
}

unsigned
g2n_node_prec(struct g2n *c, const struct ast_node *n, unsigned operands)
{
   if (!c->st->es)
      return G2N_PREC_HIGH;
   switch (n->kind) {
   case AST_INT_CONST:
   case AST_UINT_CONST:
   case AST_FLOAT_CONST:
   case AST_BOOL_CONST:
      return G2N_PREC_NONE;
   case AST_IDENT:
   case AST_INDEX:
      return g2n_lval_prec(c, n);
   case AST_FIELD: {
      const struct glsl_type *bt = n->a ? n->a->vtype : NULL;
      if (bt && glsl_type_is_basic(bt))
         return operands; /* a swizzle */
      return G2N_PREC_HIGH;
   }
   case AST_BINARY:
      /* comparisons and logic give booleans, which have no precision */
      return n->vtype && n->vtype->base_type == GLSL_TYPE_BOOL
                ? G2N_PREC_NONE
                : operands;
   case AST_UNARY:
   case AST_COND:
   case AST_SEQUENCE:
      return operands;
   case AST_ASSIGN:
   case AST_PRE_INC:
   case AST_PRE_DEC:
   case AST_POST_INC:
   case AST_POST_DEC:
      return g2n_lval_prec(c, n->a);
   case AST_CALL:
      if (n->type)
         return operands; /* a constructor */
      if (n->name && is_texture_call(n->name) && n->list.head)
         return g2n_lval_prec(c, n->list.head);
      if (n->name && follows_arguments(n->name))
         return operands;
      return G2N_PREC_HIGH;
   default:
      return G2N_PREC_HIGH;
   }
}

void
g2n_prec_begin(struct g2n *c, unsigned rank, enum glsl_base_type base)
{
   c->b.mediump = c->st->es && rank == G2N_PREC_LOW &&
                  (base == GLSL_TYPE_FLOAT || base == GLSL_TYPE_INT ||
                   base == GLSL_TYPE_UINT);
   c->b.mediump_unsigned = base == GLSL_TYPE_UINT;
}

void
g2n_prec_end(struct g2n *c)
{
   c->b.mediump = false;
   c->b.mediump_unsigned = false;
}

bool
g2n_builtin_follows_arguments(const char *name)
{
   return follows_arguments(name);
}
