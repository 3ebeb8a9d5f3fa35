/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Divergence analysis: marks each SSA def `divergent` when invocations of
 * one draw or dispatch may see different values, `uniform` otherwise.
 *
 * A def is divergent when one of its sources is, when it reads per-
 * invocation state (inputs except flat fragment inputs when a subgroup
 * holds one primitive, vertex/invocation ids, fragment coordinates,
 * writable memory, textures with divergent coordinates), or when it is a
 * phi merging paths that divergent control flow chose between: after an
 * if with a divergent condition, or at a loop header / after a loop whose
 * body holds a divergent if.
 *
 * Divergence only ever spreads, so the analysis is a worklist: one walk in
 * program order, then, whenever a def becomes divergent, its users are
 * looked at again (and, for an if condition, the phis that the if and the
 * ifs and loops around it control).  Every def changes at most once and
 * every if once, so the work is linear in the shader; the result is the
 * same least fixed point an iteration over the whole shader reaches.
 */
#include "nir.h"

#include "util/u_dynarray.h"

typedef struct {
   nir_shader *shader;
   struct util_dynarray work;   /* nir_instr * to look at again */
   struct set *div_cf;          /* ifs/loops holding a divergent if */
   const nir_variable **inputs; /* by driver location */
   unsigned num_inputs;
} div_state;

/* Flat fragment inputs hold one value per primitive: uniform when the
 * driver says a subgroup never mixes primitives
 * (options->subgroup_single_primitive), divergent otherwise. */
static bool
flat_input_is_uniform(nir_shader *shader, const nir_variable *var)
{
   return shader->info.stage == MESA_SHADER_FRAGMENT && var && var->data.flat &&
          shader->options && shader->options->subgroup_single_primitive;
}

/* The input variable whose slots hold driver location `base` (the first
 * declared one, as a walk of the variables would find). */
static const nir_variable *
input_at(const div_state *st, unsigned base)
{
   return base < st->num_inputs ? st->inputs[base] : NULL;
}

static void
map_inputs(div_state *st, void *mem)
{
   unsigned n = 0;
   nir_foreach_variable_with_modes(var, st->shader, nir_var_shader_in) {
      unsigned end = var->data.driver_location +
                     nir_vtype_count_slots(var->type);
      if (end > n)
         n = end;
   }
   st->inputs = rzalloc_array(mem, const nir_variable *, n ? n : 1);
   st->num_inputs = st->inputs ? n : 0;
   if (!st->inputs)
      return;
   nir_foreach_variable_with_modes(var, st->shader, nir_var_shader_in) {
      unsigned first = var->data.driver_location;
      unsigned end = first + nir_vtype_count_slots(var->type);
      for (unsigned i = first; i < end; i++) {
         if (!st->inputs[i])
            st->inputs[i] = var;
      }
   }
}

static const nir_variable *
deref_root_var(nir_deref_instr *d)
{
   for (; d; d = nir_deref_instr_parent(d)) {
      if (d->deref_type == nir_deref_type_var)
         return d->var;
      if (d->deref_type == nir_deref_type_cast)
         return NULL;
   }
   return NULL;
}

static bool
intrinsic_is_divergent(const div_state *st, nir_intrinsic_instr *intr)
{
   nir_shader *shader = st->shader;
   switch (intr->intrinsic) {
   case nir_intrinsic_load_uniform:
   case nir_intrinsic_load_ubo:
   case nir_intrinsic_load_base_vertex:
   case nir_intrinsic_load_base_instance:
   case nir_intrinsic_load_workgroup_id:
   case nir_intrinsic_load_num_workgroups:
   case nir_intrinsic_load_workgroup_size:
   case nir_intrinsic_image_deref_size:
   case nir_intrinsic_image_deref_samples:
      return false;
   case nir_intrinsic_load_deref: {
      nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
      if (d->modes == nir_var_shader_in)
         return !flat_input_is_uniform(shader, deref_root_var(d));
      return !(d->modes & (nir_var_uniform | nir_var_mem_ubo));
   }
   case nir_intrinsic_load_input:
      return !flat_input_is_uniform(
         shader, input_at(st, (unsigned)nir_intrinsic_base(intr)));
   default:
      return true;
   }
}

static bool
any_src_divergent(nir_src *src, void *state)
{
   bool *d = state;
   if (src->ssa->divergent)
      *d = true;
   return true;
}

/* Whether an if inside `node` (an if or a loop) has a divergent
 * condition. */
static bool
cf_has_divergent_if(const div_state *st, nir_cf_node *node)
{
   return set_contains(st->div_cf, node);
}

static bool
phi_is_divergent(const div_state *st, nir_phi_instr *phi)
{
   nir_foreach_phi_src(ps, phi) {
      if (ps->src.ssa->divergent)
         return true;
   }
   nir_block *block = phi->instr.block;
   nir_cf_node *prev = nir_cf_node_prev(&block->cf_node);
   if (prev && prev->type == nir_cf_node_if)
      return nir_cf_node_as_if(prev)->condition.ssa->divergent ||
             cf_has_divergent_if(st, prev);
   if (prev && prev->type == nir_cf_node_loop)
      return cf_has_divergent_if(st, prev);
   nir_cf_node *parent = block->cf_node.parent;
   if (!prev && parent->type == nir_cf_node_loop)
      return cf_has_divergent_if(st, parent);
   return false;
}

static void
push_phis(div_state *st, nir_block *block)
{
   nir_foreach_phi(phi, block)
      util_dynarray_append(&st->work, nir_instr *, &phi->instr);
}

/* The condition of `nif` became divergent: the phis after it, and those
 * after (and at the head of) every if and loop around it, may follow. */
static void
if_became_divergent(div_state *st, nir_if *nif)
{
   push_phis(st, nir_cf_node_as_block_after(&nif->cf_node));
   for (nir_cf_node *a = nif->cf_node.parent;
        a && a->type != nir_cf_node_function; a = a->parent) {
      if (a->type != nir_cf_node_if && a->type != nir_cf_node_loop)
         continue;
      if (set_contains(st->div_cf, a))
         break; /* and so are all the nodes around it, already handled */
      set_add(st->div_cf, a);
      push_phis(st, nir_cf_node_as_block_after(a));
      if (a->type == nir_cf_node_loop)
         push_phis(st, nir_loop_first_block(nir_cf_node_as_loop(a)));
   }
}

static void
mark_divergent(div_state *st, nir_def *def)
{
   def->divergent = true;
   nir_foreach_use_including_if(src, def) {
      if (nir_src_is_if(src))
         if_became_divergent(st, nir_src_parent_if(src));
      else
         util_dynarray_append(&st->work, nir_instr *,
                              nir_src_parent_instr(src));
   }
}

static void
visit(div_state *st, nir_instr *instr)
{
   nir_def *def = nir_instr_def(instr);
   if (!def || def->divergent || !instr->block)
      return;
   bool d = false;
   switch (instr->type) {
   case nir_instr_type_phi:
      d = phi_is_divergent(st, nir_instr_as_phi(instr));
      break;
   case nir_instr_type_intrinsic:
      d = intrinsic_is_divergent(st, nir_instr_as_intrinsic(instr));
      nir_foreach_src(instr, any_src_divergent, &d);
      break;
   default:
      nir_foreach_src(instr, any_src_divergent, &d);
      break;
   }
   if (d)
      mark_divergent(st, def);
}

void
nir_divergence_analysis(nir_shader *shader)
{
   void *mem = ralloc_context(NULL);
   div_state st = { .shader = shader };
   map_inputs(&st, mem);
   util_dynarray_init(&st.work, mem);
   nir_foreach_function_impl(impl, shader) {
      st.div_cf = set_create_pointer_keys(mem);
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            nir_def *def = nir_instr_def(instr);
            if (def)
               def->divergent = false;
         }
      }
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block)
            visit(&st, instr);
      }
      while (util_dynarray_num_elements(&st.work, nir_instr *))
         visit(&st, util_dynarray_pop(&st.work, nir_instr *));
   }
   ralloc_free(mem);
}
