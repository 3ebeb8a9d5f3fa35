/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The pattern matcher behind nir_opt_algebraic.  nir_algebraic.py turns
 * Python rules `(search, replace[, condition])` into the tables below; the
 * matcher in nir_search.c walks them.
 *
 * A search pattern is a tree of nodes: opcodes (optionally restricted to a
 * bit size), variables (optionally required to be constants) and constant
 * values.  Matching follows swizzles, so `('fneg', ('fneg', a))` matches
 * through any per-component reshuffling; commutative opcodes match in
 * either source order; a variable used twice must bind to the same value
 * with the same swizzle.
 */
#ifndef NIR_SEARCH_H
#define NIR_SEARCH_H

#include "nir.h"

typedef enum {
   NIR_SEARCH_VARIABLE,
   NIR_SEARCH_CONST_INT,
   NIR_SEARCH_CONST_FLOAT,
   NIR_SEARCH_CONST_BOOL,
   NIR_SEARCH_OP,
} nir_search_node_kind;

typedef struct {
   uint8_t kind;
   uint8_t var;            /* variables: index */
   bool must_be_const;     /* variables written '#a' */
   bool inexact;           /* ops written '~op' */
   uint8_t bit_size;       /* ops written 'op@32': unsized operand size */
   uint16_t op;            /* nir_op */
   int16_t src[4];         /* ops: node indices */
   int64_t ival;
   double fval;
} nir_search_node;

typedef struct {
   uint16_t search;        /* root node (an op) */
   uint16_t replace;       /* root node */
   int16_t condition;      /* -1: none */
   bool inexact;           /* refuses to touch exact instructions */
   const char *text;       /* the rule, for debugging */
} nir_search_rule;

typedef bool (*nir_search_condition_fn)(unsigned index,
                                        const nir_shader_compiler_options *o);

typedef struct {
   const nir_search_node *nodes;
   const nir_search_rule *rules;
   /* rules_by_op[op] .. rules_by_op[op + 1]: indices into rule_list */
   const uint16_t *rules_by_op;
   const uint16_t *rule_list;
   nir_search_condition_fn condition;
   bool ignore_exact;      /* lowering: applies even to exact instructions */
   unsigned num_rules;
} nir_search_table;

/* Apply the rules of `table` to every ALU instruction once. */
bool nir_algebraic_run(nir_shader *shader, const nir_search_table *table);
/* The same, adding one to hits[i] each time rule i is applied (hits has
 * table->num_rules entries; tests use it to see which rules fired). */
bool nir_algebraic_run_counted(nir_shader *shader,
                               const nir_search_table *table, unsigned *hits);

/* The generated tables of nir_opt_algebraic and nir_opt_algebraic_lower. */
const nir_search_table *nir_opt_algebraic_table(void);
const nir_search_table *nir_opt_algebraic_lower_table(void);

#endif
