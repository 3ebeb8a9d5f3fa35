/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Table-driven pattern matching and replacement for algebraic rules (see
 * nir_search.h).  Matching is a recursive walk that composes swizzles as it
 * descends; bindings are snapshotted before trying the second order of a
 * commutative opcode so that a failed attempt leaves nothing behind.
 */
#include "nir_search.h"

#include <math.h>
#include <string.h>

#include "nir_builder.h"
#include "nir_passes.h"

#define MAX_VARS 8

typedef struct {
   nir_def *def[MAX_VARS];
   uint8_t swz[MAX_VARS][NIR_MAX_VEC_COMPONENTS];
   bool any_exact;
   bool any_highp;   /* a matched operation is not mediump */
   bool any_uint, any_int; /* mediump ones of either signedness */
} bindings;

typedef struct {
   const nir_search_table *t;
   bindings bind;
   unsigned num_components;  /* of the root */
} match_state;

static bool match_op(match_state *ms, unsigned node, nir_alu_instr *alu,
                     const uint8_t *swz);

static bool
const_matches(const nir_search_node *n, nir_load_const_instr *lc,
              const uint8_t *swz, unsigned nc)
{
   unsigned bits = lc->def.bit_size;
   for (unsigned c = 0; c < nc; c++) {
      nir_const_value v = lc->value[swz[c]];
      switch (n->kind) {
      case NIR_SEARCH_CONST_FLOAT: {
         if (bits < 16)
            return false;
         double f = nir_const_value_as_float(v, bits);
         /* -0.0 and 0.0 are different patterns. */
         if (f != n->fval || signbit(f) != signbit(n->fval))
            return false;
         break;
      }
      case NIR_SEARCH_CONST_INT: {
         nir_const_value want = nir_const_value_for_int(n->ival, bits);
         if (nir_const_value_as_uint(v, bits) !=
             nir_const_value_as_uint(want, bits))
            return false;
         break;
      }
      case NIR_SEARCH_CONST_BOOL:
         if (bits != 1 || v.b != (n->ival != 0))
            return false;
         break;
      default:
         return false;
      }
   }
   return true;
}

static bool
match_src(match_state *ms, unsigned node, nir_alu_instr *alu, unsigned i,
          const uint8_t *swz)
{
   const nir_search_node *n = &ms->t->nodes[node];
   unsigned nc = ms->num_components;
   uint8_t new_swz[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < nc; c++)
      new_swz[c] = nir_alu_src_swizzle(&alu->src[i], swz[c]);
   nir_def *def = alu->src[i].src.ssa;

   switch (n->kind) {
   case NIR_SEARCH_VARIABLE:
      if (n->must_be_const &&
          nir_def_instr(def)->type != nir_instr_type_load_const)
         return false;
      if (ms->bind.def[n->var]) {
         return ms->bind.def[n->var] == def &&
                memcmp(ms->bind.swz[n->var], new_swz, nc) == 0;
      }
      ms->bind.def[n->var] = def;
      memcpy(ms->bind.swz[n->var], new_swz, nc);
      return true;
   case NIR_SEARCH_OP:
      if (nir_def_instr(def)->type != nir_instr_type_alu)
         return false;
      return match_op(ms, node, nir_instr_as_alu(nir_def_instr(def)), new_swz);
   default:
      if (nir_def_instr(def)->type != nir_instr_type_load_const)
         return false;
      return const_matches(n, nir_instr_as_load_const(nir_def_instr(def)),
                           new_swz, nc);
   }
}

static bool
match_op(match_state *ms, unsigned node, nir_alu_instr *alu,
         const uint8_t *swz)
{
   const nir_search_node *n = &ms->t->nodes[node];
   if (alu->op != n->op)
      return false;
   if (n->bit_size && nir_alu_instr_eval_bit_size(alu) != n->bit_size)
      return false;
   ms->bind.any_exact |= alu->exact;
   ms->bind.any_highp |= !alu->mediump;
   ms->bind.any_uint |= alu->mediump && alu->mediump_unsigned;
   ms->bind.any_int |= alu->mediump && !alu->mediump_unsigned;

   unsigned num = nir_op_infos[alu->op].num_inputs;
   bindings saved = ms->bind;
   bool ok = true;
   for (unsigned i = 0; ok && i < num; i++)
      ok = match_src(ms, (unsigned)n->src[i], alu, i, swz);
   if (ok)
      return true;
   if (num == 2 && (nir_op_infos[alu->op].props & NIR_OP_COMMUTATIVE)) {
      ms->bind = saved;
      if (match_src(ms, (unsigned)n->src[0], alu, 1, swz) &&
          match_src(ms, (unsigned)n->src[1], alu, 0, swz))
         return true;
   }
   ms->bind = saved;
   return false;
}

static nir_def *
build_const(nir_builder *b, const nir_search_node *n, unsigned nc,
            unsigned bits)
{
   nir_const_value v[NIR_MAX_VEC_COMPONENTS];
   nir_const_value one;
   switch (n->kind) {
   case NIR_SEARCH_CONST_FLOAT:
      one = nir_const_value_for_float(n->fval, bits);
      break;
   case NIR_SEARCH_CONST_BOOL:
      one = bits == 1 ? nir_const_value_for_uint(n->ival != 0, 1)
                      : nir_const_value_for_int(n->ival ? -1 : 0, bits);
      break;
   default:
      one = nir_const_value_for_int(n->ival, bits);
      break;
   }
   for (unsigned c = 0; c < nc; c++)
      v[c] = one;
   return nir_build_imm(b, nc, bits, v);
}

static nir_def *build(match_state *ms, nir_builder *b, unsigned node,
                      unsigned bits_hint);

/* An operation of the replacement.  A variable operand is read through
 * its bound swizzle as an ALU source, not through a mov: a mov per
 * variable would be left for copy propagation and DCE in the next round
 * of nir_optimize, and would hide the new instruction from CSE and from
 * the rules until then. */
static nir_def *
build_op(match_state *ms, nir_builder *b, const nir_search_node *n,
         unsigned bits_hint)
{
   const nir_op_info *info = &nir_op_infos[n->op];
   unsigned nc = ms->num_components;
   nir_alu_instr *alu = nir_alu_instr_create(b->shader, (nir_op)n->op);
   unsigned unsized = n->bit_size;
   bool built[4] = { false };
   /* Non-constants first: they fix the unsized bit size. */
   for (unsigned i = 0; i < info->num_inputs; i++) {
      const nir_search_node *s = &ms->t->nodes[n->src[i]];
      unsigned want = nir_alu_type_get_type_size(info->input_types[i]);
      nir_def *def;
      if (s->kind == NIR_SEARCH_VARIABLE) {
         def = ms->bind.def[s->var];
         nir_alu_src_set_swizzles(&alu->src[i], ms->bind.swz[s->var], nc);
      } else if (s->kind == NIR_SEARCH_OP) {
         def = build(ms, b, (unsigned)n->src[i],
                     want ? want : (unsized ? unsized : bits_hint));
         /* A scalar result (a reduction) read per component. */
         if (def->num_components == 1 && !info->input_sizes[i])
            nir_alu_src_splat_swizzle(&alu->src[i], 0, nc);
      } else {
         continue;
      }
      alu->src[i].src.ssa = def;
      built[i] = true;
      if (!want && !unsized)
         unsized = def->bit_size;
   }
   if (!unsized) {
      unsigned out = nir_alu_type_get_type_size(info->output_type);
      unsized = out ? 32 : bits_hint;
   }
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (built[i])
         continue;
      unsigned want = nir_alu_type_get_type_size(info->input_types[i]);
      alu->src[i].src.ssa = build_const(b, &ms->t->nodes[n->src[i]], nc,
                                        want ? want : unsized);
   }
   /* Every operand has the root's width (variables through their
    * swizzle): so has a per-component result. */
   if (!info->output_size)
      alu->def.num_components = nc;
   nir_def *def = nir_builder_alu_instr_finish_and_insert(b, alu);
   /* Operations on constants only (e.g. b + c of a reassociation) are
    * folded right away, as nir_opt_constant_folding would: left as they
    * are, a rule could rewrite them again on every run (the
    * reassociations turn iadd(iadd(#1, #2), #3) round and round). */
   nir_def *folded = nir_fold_alu_instr(b->shader, alu);
   if (!folded)
      return def;
   /* The builder went on after alu, which is gone. */
   b->cursor = nir_after_instr(nir_def_instr(folded));
   return folded;
}

static nir_def *
build(match_state *ms, nir_builder *b, unsigned node, unsigned bits_hint)
{
   const nir_search_node *n = &ms->t->nodes[node];
   unsigned nc = ms->num_components;
   switch (n->kind) {
   case NIR_SEARCH_VARIABLE: {
      /* Not reached from try_rules (rewrite_to_variable): kept for a
       * variable as a whole replacement all the same. */
      unsigned swz[NIR_MAX_VEC_COMPONENTS];
      for (unsigned c = 0; c < nc; c++)
         swz[c] = ms->bind.swz[n->var][c];
      return nir_swizzle(b, ms->bind.def[n->var], swz, nc);
   }
   case NIR_SEARCH_OP:
      return build_op(ms, b, n, bits_hint);
   default:
      return build_const(b, n, nc, bits_hint);
   }
}

/* A replacement that is one of the matched values (a bare variable, as
 * in iadd(a, 0) -> a): ALU readers of `alu` read that value through their
 * own swizzle composed with the binding's, as nir_copy_prop would; only
 * other readers (intrinsics, phis, if conditions) need a mov when the
 * binding swizzles, made on the first such reader.  A mov for every
 * reader would be left for copy propagation (first in the loop) and DCE,
 * and would hide the readers from CSE and from the rules until the next
 * round: on nir-bench's 4N shaders that was a round of its own. */
static void
rewrite_to_variable(match_state *ms, nir_builder *b, nir_alu_instr *alu,
                    unsigned var)
{
   nir_def *value = ms->bind.def[var];
   const uint8_t *bswz = ms->bind.swz[var];
   nir_def *copy = NULL;
   nir_foreach_use_including_if_safe(use, &alu->def) {
      nir_instr *user = nir_src_is_if(use) ? NULL : nir_src_parent_instr(use);
      if (user && user->type == nir_instr_type_alu) {
         nir_alu_instr *ualu = nir_instr_as_alu(user);
         /* the nir_src is the first member of its nir_alu_src */
         nir_alu_src *s = (nir_alu_src *)use;
         unsigned n =
            nir_ssa_alu_instr_src_components(ualu, (unsigned)(s - ualu->src));
         uint8_t swz[NIR_MAX_VEC_COMPONENTS];
         for (unsigned c = 0; c < n; c++)
            swz[c] = bswz[nir_alu_src_swizzle(s, c)];
         nir_alu_src_set_swizzles(s, swz, n);
         nir_src_set_ssa(&s->src, value);
         continue;
      }
      if (!copy) {
         unsigned swz[NIR_MAX_VEC_COMPONENTS];
         for (unsigned c = 0; c < ms->num_components; c++)
            swz[c] = bswz[c];
         copy = nir_swizzle(b, value, swz, ms->num_components);
      }
      nir_src_set_ssa(use, copy);
   }
}

static bool
try_rules(const nir_search_table *t, nir_shader *shader, nir_alu_instr *alu,
          unsigned *hits)
{
   unsigned first = t->rules_by_op[alu->op], end = t->rules_by_op[alu->op + 1];
   for (unsigned r = first; r < end; r++) {
      const nir_search_rule *rule = &t->rules[t->rule_list[r]];
      if (rule->condition >= 0 &&
          !(shader->options &&
            t->condition((unsigned)rule->condition, shader->options)))
         continue;
      match_state ms;
      memset(&ms, 0, sizeof(ms));
      ms.t = t;
      ms.num_components = alu->def.num_components;
      uint8_t identity[NIR_MAX_VEC_COMPONENTS];
      for (unsigned c = 0; c < NIR_MAX_VEC_COMPONENTS; c++)
         identity[c] = c;
      if (!match_op(&ms, rule->search, alu, identity))
         continue;
      if (rule->inexact && ms.bind.any_exact && !t->ignore_exact)
         continue;

      nir_builder b = nir_builder_at(nir_before_instr(&alu->instr));
      b.exact = alu->exact;
      /* mediump only when every matched operation was */
      b.mediump = !ms.bind.any_highp &&
                  !(ms.bind.any_uint && ms.bind.any_int);
      b.mediump_unsigned = ms.bind.any_uint;
      const nir_search_node *top = &t->nodes[rule->replace];
      if (top->kind == NIR_SEARCH_VARIABLE) {
         assert(ms.bind.def[top->var]->bit_size == alu->def.bit_size);
         rewrite_to_variable(&ms, &b, alu, top->var);
      } else {
         nir_def *v = build(&ms, &b, rule->replace, alu->def.bit_size);
         assert(v->bit_size == alu->def.bit_size &&
                v->num_components == alu->def.num_components);
         nir_def_rewrite_uses(&alu->def, v);
      }
      /* operands only the matched tree read go now, not at the next DCE */
      nir_instr_remove_with_operands(&alu->instr);
      if (hits)
         hits[t->rule_list[r]]++;
      return true;
   }
   return false;
}

bool
nir_algebraic_run(nir_shader *shader, const nir_search_table *table)
{
   return nir_algebraic_run_counted(shader, table, NULL);
}

typedef struct {
   const nir_search_table *table;
   unsigned *hits;
   nir_const_pool pool;
} run_state;

static bool
rules_cb(nir_builder *b, nir_alu_instr *alu, void *data)
{
   run_state *st = data;
   /* An operation on constants only is folded here, as
    * nir_opt_constant_folding would after this pass: a value that becomes
    * constant through a rule (or a phi removed before) reaches its
    * readers further down in this walk, where a select or a logic rule
    * can then use it, instead of a round of nir_optimize later. */
   if (nir_fold_alu_instr_pooled(b->shader, alu, &st->pool))
      return true;
   return try_rules(st->table, b->shader, alu, st->hits);
}

bool
nir_algebraic_run_counted(nir_shader *shader, const nir_search_table *table,
                          unsigned *hits)
{
   run_state st = { .table = table, .hits = hits };
   bool progress = nir_shader_alu_pass(shader, rules_cb,
                                       nir_metadata_block_index |
                                          nir_metadata_dominance,
                                       &st);
   nir_const_pool_fini(&st.pool);
   return progress;
}
