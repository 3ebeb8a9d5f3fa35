/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The validator: checks the invariants every pass must keep.
 *
 *  - control flow: lists alternate block / if-or-loop and start and end
 *    with a block; parent pointers; jumps only last in a block and break /
 *    continue only inside loops; phis only at the start of a block;
 *  - SSA: every def has one index, every source is on its def's use list
 *    and every use-list entry points back from a user in the shader; defs
 *    dominate their uses (phi sources: the end of the predecessor);
 *  - types: ALU sources agree with the opcode's sizes and bit sizes;
 *    swizzles stay inside their source; intrinsic source and destination
 *    shapes follow the table; phis have one source per predecessor.
 *
 * Errors are collected as text; the validator never aborts by itself.
 *
 * It makes one walk over the instructions (defs and sources together) and
 * none over the use lists (see count_use): in a shader larger than the
 * caches every extra walk costs a miss per instruction, and a walk over a
 * use list a miss per entry (nir-bench, docs/nir.rst).
 */
#include "nir.h"

#include "util/u_dynarray.h"
#include "util/u_math.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A source met before its def in the walk. */
typedef struct {
   nir_src *src;
   nir_instr *parent;
} early_src;

typedef struct {
   nir_function_impl *impl;
   void *mem_ctx;
   char *errors;
   unsigned num_errors;
   nir_def **defs;         /* by index */
   /* By def index: the use-list links of the def's head and of the
    * sources found referring to it, summed (count_use); zero for every
    * def at the end. */
   uint32_t *use_links;
   nir_instr *instr;       /* current instruction, for messages */
   unsigned next_index;    /* instruction numbering, in program order */
   /* Sources met before their def in the walk (early_src): none in a
    * valid shader outside phis; checked at the end. */
   struct util_dynarray early_srcs;
   struct set *shader_vars; /* the shader's variables */
   struct set *locals;     /* the function's variables */
   unsigned loop_depth;
} validate_state;

static void
error(validate_state *st, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

static void
error(validate_state *st, const char *fmt, ...)
{
   if (st->num_errors++ > 50)
      return;
   va_list ap;
   va_start(ap, fmt);
   char *msg = ralloc_vasprintf(st->mem_ctx, fmt, ap);
   va_end(ap);
   if (st->instr) {
      char *buf = NULL;
      size_t size = 0;
      FILE *fp = open_memstream(&buf, &size);
      if (fp) {
         nir_print_instr(st->instr, fp);
         fclose(fp);
         ralloc_asprintf_append(&st->errors, "error: %s\n   in: %s\n", msg,
                                buf ? buf : "");
         free(buf);
         return;
      }
   }
   ralloc_asprintf_append(&st->errors, "error: %s\n", msg);
}

#define check(st, cond, ...)                                                   \
   do {                                                                        \
      if (!(cond))                                                             \
         error(st, __VA_ARGS__);                                               \
   } while (0)

static bool
valid_bit_size(unsigned b)
{
   return b == 1 || b == 8 || b == 16 || b == 32 || b == 64;
}

static bool
valid_num_components(unsigned n)
{
   return (n >= 1 && n <= 5) || n == 8 || n == 16;
}

/* Below this many sources, a phi's duplicate predecessors are found
 * pairwise; above it, counted in a table. */
#define FEW_PHI_SOURCES 16

static bool
def_known(const validate_state *st, const nir_def *def)
{
   return def->index < st->impl->ssa_alloc && st->defs[def->index] == def;
}

/* A pointer's hash for the use-list sums: one multiply and a shift, so
 * that nearby addresses give unrelated values and the sum is not linear
 * in the addresses (a linear sum would miss two links off by opposite
 * amounts). */
static uint32_t
link_hash(const struct list_head *p)
{
   uint64_t x = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
   return (uint32_t)(x >> 32) ^ (uint32_t)x;
}

/* What one node of a use list (a def's head or a source) adds to its
 * def's sum: its successor's hash minus its own. */
static uint32_t
link_sum(const struct list_head *node)
{
   return link_hash(node->next) - link_hash(node);
}

/* Every source is on its def's use list, and the list holds nothing else,
 * checked without walking the lists (since wave 16): walking them read
 * every user a second time, from wherever it sits in memory, a cache miss
 * per use in a shader larger than the caches (half the validator's
 * misses).  The nodes of a list (its head and its entries) are a cycle:
 * each node's successor is a node of the same list.  So over the def's
 * head and the sources found referring to it, the hashes of the
 * successors sum to those of the nodes themselves exactly when the
 * successors of that set are that set again.  A stale entry (a removed
 * instruction's source, a removed phi source, a stale if condition), a
 * source on another def's list or on none makes some successor fall
 * outside the set, and the sums differ (but for a 32-bit collision of the
 * sums, one broken list in four billion).  Not caught: sources of the
 * def linked into a separate cycle of their own without the head; a
 * source alone on its own list is caught here. */
static void
count_use(validate_state *st, const nir_src *src)
{
   check(st, src->use_link.next != &src->use_link,
         "a source of %%%u missing from its def's uses", src->ssa->index);
   if (src->ssa->index < st->impl->ssa_alloc)
      st->use_links[src->ssa->index] += link_sum(&src->use_link);
}

/* Checks a source against its def once the def has been seen, or from
 * the end of the walk (`late`) for the sources met before their def. */
static void
check_src_def(validate_state *st, nir_src *src, nir_instr *parent,
              bool late)
{
   bool known = def_known(st, src->ssa);
   if (!known && !late) {
      early_src e = { src, parent };
      util_dynarray_append(&st->early_srcs, early_src, e);
      return;
   }
   count_use(st, src);
   nir_instr *di = nir_def_instr(src->ssa);
   check(st, di && di->block, "source refers to a removed instruction");
   if (!di || !di->block)
      return;
   check(st, known ||
                nir_cf_node_get_function(&di->block->cf_node) == st->impl,
         "source refers to another function");
   check(st, known, "source refers to an unknown def %%%u", src->ssa->index);

   /* Dominance. */
   nir_block *use_block = parent->block;
   if (parent->type == nir_instr_type_phi)
      return; /* checked per phi source */
   if (di->block == use_block) {
      check(st, di->index < parent->index,
            "%%%u used before it is defined", src->ssa->index);
   } else {
      check(st, nir_block_dominates(di->block, use_block),
            "%%%u does not dominate its use", src->ssa->index);
   }
}

static void
validate_src(validate_state *st, nir_src *src, nir_instr *parent)
{
   if (!src->ssa) {
      error(st, "source without a value");
      return;
   }
   check(st, !nir_src_is_if(src) && nir_src_parent_instr(src) == parent,
         "source has the wrong parent");
   check_src_def(st, src, parent, false);
}

static void
validate_def(validate_state *st, nir_def *def, nir_instr *instr)
{
   check(st, nir_def_instr(def) == instr, "def has the wrong parent");
   check(st, valid_bit_size(def->bit_size), "bad bit size %u", def->bit_size);
   check(st, valid_num_components(def->num_components),
         "bad component count %u", def->num_components);
   if (def->index >= st->impl->ssa_alloc) {
      error(st, "def index %u out of range", def->index);
      return;
   }
   check(st, !st->defs[def->index], "def index %u used twice", def->index);
   st->defs[def->index] = def;
   st->use_links[def->index] += link_sum(&def->uses);
}

static void
validate_alu(validate_state *st, nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   unsigned unsized = 0;
   if (info->output_size)
      check(st, alu->def.num_components == info->output_size,
            "wrong result width");
   unsigned out_size = nir_alu_type_get_type_size(info->output_type);
   if (out_size)
      check(st, alu->def.bit_size == out_size, "wrong result bit size");
   else
      unsized = alu->def.bit_size;

   for (unsigned i = 0; i < info->num_inputs; i++) {
      nir_def *s = alu->src[i].src.ssa;
      validate_src(st, &alu->src[i].src, &alu->instr);
      if (!s)
         continue;
      unsigned n = nir_ssa_alu_instr_src_components(alu, i);
      for (unsigned c = 0; c < n; c++)
         check(st, nir_alu_src_swizzle(&alu->src[i], c) < s->num_components,
               "swizzle of source %u out of range", i);
      unsigned want = nir_alu_type_get_type_size(info->input_types[i]);
      if (want) {
         check(st, s->bit_size == want, "source %u must be %u-bit", i, want);
      } else {
         if (!unsized)
            unsized = s->bit_size;
         check(st, s->bit_size == unsized,
               "source %u bit size %u does not match %u", i, s->bit_size,
               unsized);
      }
   }
   if (unsized) {
      nir_alu_type base = info->output_type;
      for (unsigned i = 0; i < info->num_inputs; i++) {
         if (!nir_alu_type_get_type_size(info->input_types[i]))
            base = info->input_types[i];
      }
      if (nir_alu_type_get_base_type(base) == nir_type_float)
         check(st, unsized >= 16, "float operation on %u-bit values",
               unsized);
   }
}

static void
validate_intrinsic(validate_state *st, nir_intrinsic_instr *intr)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   for (unsigned i = 0; i < info->num_srcs; i++) {
      validate_src(st, &intr->src[i], &intr->instr);
      if (!intr->src[i].ssa)
         continue;
      check(st, intr->src[i].ssa->num_components ==
                   nir_intrinsic_src_components(intr, i),
            "source %u has %u components, wanted %u", i,
            intr->src[i].ssa->num_components,
            nir_intrinsic_src_components(intr, i));
      if (info->src_components[i] < 0)
         check(st,
               nir_def_instr(intr->src[i].ssa)->type == nir_instr_type_deref,
               "source %u must be a deref", i);
   }
   if (info->has_dest) {
      unsigned n = info->dest_components ? info->dest_components
                                         : intr->num_components;
      check(st, intr->def.num_components == n, "wrong result width");
      if (info->dest_bit_sizes)
         check(st, info->dest_bit_sizes & intr->def.bit_size,
               "bit size %u not allowed", intr->def.bit_size);
   }
   /* Slots after the intrinsic's last index kind must stay zero: CSE
    * compares the whole slot array. */
   for (unsigned k = util_bitcount(info->index_mask);
        k < NIR_INTRINSIC_MAX_INDICES; k++)
      check(st, intr->index_value[k] == 0,
            "index slot %u set on %s, which has %u indices", k, info->name,
            util_bitcount(info->index_mask));
   if ((intr->intrinsic == nir_intrinsic_load_deref ||
        intr->intrinsic == nir_intrinsic_store_deref) &&
       intr->src[0].ssa &&
       nir_def_instr(intr->src[0].ssa)->type == nir_instr_type_deref &&
       (intr->intrinsic == nir_intrinsic_load_deref || intr->src[1].ssa)) {
      nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
      if (d->type->kind == NIR_VTYPE_VECTOR) {
         unsigned bits = nir_alu_type_get_type_size(d->type->base);
         nir_def *v = intr->intrinsic == nir_intrinsic_load_deref
                         ? &intr->def : intr->src[1].ssa;
         check(st, v->bit_size == bits && v->num_components ==
                                             d->type->components,
               "value does not match the variable's type");
      } else {
         error(st, "load/store of a non-vector deref");
      }
   }
   if (intr->intrinsic == nir_intrinsic_emit_vertex ||
       intr->intrinsic == nir_intrinsic_end_primitive ||
       intr->intrinsic == nir_intrinsic_load_per_vertex_input)
      check(st, st->impl->function->shader->info.stage ==
                   MESA_SHADER_GEOMETRY,
            "%s outside a geometry shader", info->name);
}

static void
validate_deref(validate_state *st, nir_deref_instr *d)
{
   check(st, d->type != NULL, "deref without a type");
   if (d->deref_type == nir_deref_type_var) {
      check(st, d->var && d->var->mode == d->modes,
            "deref_var modes do not match the variable");
      check(st, d->var && (set_contains(st->shader_vars, d->var) ||
                           set_contains(st->locals, d->var)),
            "deref_var of a variable the shader does not declare");
      return;
   }
   validate_src(st, &d->parent, &d->instr);
   if (!d->parent.ssa)
      return;
   if (d->deref_type == nir_deref_type_cast)
      return;
   check(st, nir_def_instr(d->parent.ssa)->type == nir_instr_type_deref,
         "deref parent is not a deref");
   if (nir_def_instr(d->parent.ssa)->type != nir_instr_type_deref)
      return;
   nir_deref_instr *p = nir_src_as_deref(d->parent);
   check(st, p->modes == d->modes, "deref modes differ from parent");
   if (d->deref_type == nir_deref_type_array) {
      validate_src(st, &d->arr_index, &d->instr);
      check(st, d->arr_index.ssa && d->arr_index.ssa->num_components == 1,
            "array index must be scalar");
      if (p->type->kind == NIR_VTYPE_ARRAY ||
          p->type->kind == NIR_VTYPE_MATRIX)
         check(st, nir_vtype_equal(d->type, p->type->elem),
               "array deref type differs from the element type");
   } else if (d->deref_type == nir_deref_type_struct) {
      check(st, p->type->kind == NIR_VTYPE_STRUCT &&
                   d->field_index < p->type->num_fields,
            "struct deref of a non-struct or bad field");
   }
}

static void
validate_phi_sources(validate_state *st, nir_phi_instr *phi)
{
   nir_block *block = phi->instr.block;
   /* Duplicate predecessors: pairwise for a few sources, counted in a
    * table for many (a loop with many breaks), same reports either way. */
   unsigned k = 0;
   nir_foreach_phi_src(ps, phi)
      k++;
   struct hash_table *per_pred = NULL;
   struct set *preds = NULL;
   if (block->num_preds > FEW_PHI_SOURCES) {
      preds = set_create_pointer_keys(st->mem_ctx);
      for (unsigned i = 0; preds && i < block->num_preds; i++)
         set_add(preds, block->preds[i]);
   }
   if (k > FEW_PHI_SOURCES) {
      per_pred = hash_table_create_pointer_keys(st->mem_ctx);
      nir_foreach_phi_src(ps, phi) {
         struct hash_entry *e = hash_table_search(per_pred, ps->pred);
         uintptr_t c = e ? (uintptr_t)e->data : 0;
         hash_table_insert(per_pred, ps->pred, (void *)(c + 1));
      }
   }
   unsigned n = 0;
   nir_foreach_phi_src(ps, phi) {
      n++;
      check(st, !nir_src_is_if(&ps->src) &&
                   nir_src_parent_instr(&ps->src) == &phi->instr,
            "phi source parent");
      if (!ps->src.ssa) {
         error(st, "phi source without a value");
         continue;
      }
      count_use(st, &ps->src);
      check(st, ps->src.ssa->bit_size == phi->def.bit_size &&
                   ps->src.ssa->num_components == phi->def.num_components,
            "phi source shape differs");
      check(st, preds ? set_contains(preds, ps->pred)
                      : nir_block_has_pred(block, ps->pred),
            "phi source from b%u, which is not a predecessor",
            ps->pred ? ps->pred->index : 0);
      nir_instr *di = nir_def_instr(ps->src.ssa);
      if (di && di->block)
         check(st, nir_block_dominates(di->block, ps->pred),
               "phi source %%%u does not dominate predecessor b%u",
               ps->src.ssa->index, ps->pred->index);
      if (per_pred) {
         uintptr_t c =
            (uintptr_t)hash_table_search_data(per_pred, ps->pred);
         for (uintptr_t i = 1; i < c; i++)
            error(st, "two phi sources from b%u", ps->pred->index);
         continue;
      }
      nir_foreach_phi_src(other, phi) {
         if (other != ps)
            check(st, other->pred != ps->pred, "two phi sources from b%u",
                  ps->pred->index);
      }
   }
   check(st, n == block->num_preds,
         "phi has %u sources for %u predecessors", n, block->num_preds);
   ralloc_free(preds);
}

static void
validate_instr(validate_state *st, nir_instr *instr, nir_block *block)
{
   st->instr = instr;
   check(st, instr->block == block, "instruction in the wrong block");
   switch (instr->type) {
   case nir_instr_type_alu:
      validate_alu(st, nir_instr_as_alu(instr));
      break;
   case nir_instr_type_intrinsic:
      validate_intrinsic(st, nir_instr_as_intrinsic(instr));
      break;
   case nir_instr_type_deref:
      validate_deref(st, nir_instr_as_deref(instr));
      break;
   case nir_instr_type_tex: {
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      for (unsigned i = 0; i < tex->num_srcs; i++)
         validate_src(st, &tex->src[i].src, instr);
      int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
      if (c >= 0)
         check(st, tex->src[c].src.ssa->num_components ==
                      tex->coord_components,
               "coordinate width differs from coord_components");
      break;
   }
   case nir_instr_type_load_const:
   case nir_instr_type_undef:
      break;
   case nir_instr_type_phi:
      /* Sources checked once all defs are known. */
      break;
   case nir_instr_type_jump: {
      nir_jump_instr *jump = nir_instr_as_jump(instr);
      check(st, instr == nir_block_last_instr(block),
            "jump is not the last instruction of its block");
      if (jump->type != nir_jump_return)
         check(st, st->loop_depth > 0, "break or continue outside a loop");
      break;
   }
   }
   st->instr = NULL;
}

static void validate_cf_list(validate_state *st, struct list_head *list,
                             nir_cf_node *parent);

static void
validate_block(validate_state *st, nir_block *block)
{
   bool phis_done = false;
   nir_foreach_instr(instr, block) {
      /* Defs are checked in the same walk as the sources (one pass over
       * the instructions: a large shader does not fit in the caches),
       * so a source whose def comes later waits for the end. */
      instr->index = st->next_index++;
      nir_def *def = nir_instr_def(instr);
      if (def) {
         st->instr = instr;
         validate_def(st, def, instr);
         st->instr = NULL;
      }
      if (instr->type == nir_instr_type_phi) {
         st->instr = instr;
         check(st, !phis_done, "phi after a non-phi instruction");
         st->instr = NULL;
      } else {
         phis_done = true;
      }
      validate_instr(st, instr, block);
   }
}

static void
validate_cf_list(validate_state *st, struct list_head *list,
                 nir_cf_node *parent)
{
   if (list_is_empty(list)) {
      error(st, "empty control-flow list");
      return;
   }
   bool want_block = true;
   list_for_each_entry(nir_cf_node, node, list, node) {
      check(st, node->parent == parent, "control-flow node parent is wrong");
      check(st, (node->type == nir_cf_node_block) == want_block,
            "control-flow list does not alternate blocks");
      want_block = node->type != nir_cf_node_block;
      switch (node->type) {
      case nir_cf_node_block:
         validate_block(st, nir_cf_node_as_block(node));
         break;
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         nir_src *c = &nif->condition;
         if (!c->ssa) {
            error(st, "if without a condition");
         } else {
            check(st, nir_src_is_if(c) && nir_src_parent_if(c) == nif,
                  "if condition parent");
            count_use(st, c);
            check(st, c->ssa->num_components == 1,
                  "if condition must be scalar");
            nir_instr *di = nir_def_instr(c->ssa);
            nir_block *before = nir_cf_node_as_block_before(node);
            if (di && di->block)
               check(st, nir_block_dominates(di->block, before),
                     "if condition does not dominate the if");
         }
         validate_cf_list(st, &nif->then_list, node);
         validate_cf_list(st, &nif->else_list, node);
         break;
      }
      case nir_cf_node_loop:
         st->loop_depth++;
         validate_cf_list(st, &nir_cf_node_as_loop(node)->body, node);
         st->loop_depth--;
         break;
      default:
         error(st, "function node inside a list");
         break;
      }
   }
   check(st, !want_block, "control-flow list does not end with a block");
}

static void
validate_impl(validate_state *st, nir_function_impl *impl)
{
   st->impl = impl;
   st->locals = set_create_pointer_keys(st->mem_ctx);
   list_for_each_entry(nir_variable, var, &impl->locals, link)
      set_add(st->locals, var);
   /* The validator recomputes what it needs (CFG edges, block indices,
    * the dominator tree, instruction indices) the way the metadata code
    * does, so whatever metadata was valid stays valid and what was not
    * stays flagged as such. */
   nir_calc_dominance_tree(impl);
   st->defs = rzalloc_array(st->mem_ctx, nir_def *, impl->ssa_alloc + 1);
   st->use_links = rzalloc_array(st->mem_ctx, uint32_t, impl->ssa_alloc + 1);
   st->next_index = 0;
   util_dynarray_init(&st->early_srcs, st->mem_ctx);

   check(st, list_is_empty(&impl->end_block->instr_list),
         "the end block holds instructions");
   validate_cf_list(st, &impl->body, &impl->cf_node);

   /* Now every def and instruction index is known. */
   util_dynarray_foreach(&st->early_srcs, early_src, e) {
      st->instr = e->parent;
      check_src_def(st, e->src, e->parent, true);
      st->instr = NULL;
   }

   nir_foreach_block(block, impl) {
      nir_foreach_phi(phi, block) {
         st->instr = &phi->instr;
         validate_phi_sources(st, phi);
         st->instr = NULL;
      }
   }

   /* Every source counted: the use lists must come out even. */
   for (unsigned i = 0; i < impl->ssa_alloc; i++) {
      if (st->use_links[i])
         error(st, "use list of %%%u does not match the sources reading it "
                   "(a source of a removed instruction or a stale phi "
                   "source or if condition on it, a source on another "
                   "list, or a source missing)", i);
   }
}

bool
nir_validate_shader_msg(nir_shader *shader, void *mem_ctx, char **msg)
{
   validate_state st;
   memset(&st, 0, sizeof(st));
   st.mem_ctx = ralloc_context(NULL);
   st.errors = ralloc_strdup(st.mem_ctx, "");

   /* One walk of the shader's variables for every function (a list of
    * thousands of uniforms misses the cache once per variable). */
   st.shader_vars = set_create_pointer_keys(st.mem_ctx);
   nir_foreach_variable_in_shader(var, shader) {
      if (var->mode == nir_var_function_temp)
         error(&st, "function_temp variable %s in the shader list",
               var->name ? var->name : "?");
      set_add(st.shader_vars, var);
   }

   nir_foreach_function(func, shader) {
      if (func->impl)
         validate_impl(&st, func->impl);
   }

   bool ok = st.num_errors == 0;
   if (msg)
      *msg = ok ? NULL : ralloc_strdup(mem_ctx, st.errors);
   ralloc_free(st.mem_ctx);
   return ok;
}

void
nir_validate_shader(nir_shader *shader, const char *when)
{
   char *msg = NULL;
   void *ctx = ralloc_context(NULL);
   if (!nir_validate_shader_msg(shader, ctx, &msg)) {
      fprintf(stderr, "NIR validation failed %s:\n%s\n", when ? when : "",
              msg);
      nir_print_shader(shader, stderr);
      ralloc_free(ctx);
      /* A validation failure is a compiler bug, never bad user input. */
      abort();
   }
   ralloc_free(ctx);
}
