/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Deep copy of a shader, and of a control-flow list into another place
 * (used by loop unrolling).  A remap table takes old variables, defs and
 * blocks to new ones; phi sources whose value is defined later (loop back
 * edges) are patched once everything is copied.
 */
#include "nir.h"

#include <string.h>

#include "util/u_dynarray.h"

typedef struct {
   nir_shader *shader;         /* destination */
   struct hash_table *map;     /* old pointer -> new pointer */
   struct util_dynarray phi_fixups; /* nir_phi_src * (new), old def */
   bool global_vars;           /* remap variables (whole-shader clone) */
   const nir_cf_node *skip;    /* list clones: leave this node out ... */
   bool stop_at_skip;          /* ... or stop there */
   const nir_block *skip_phis; /* list clones: do not copy these phis */
} clone_state;

typedef struct {
   nir_phi_src *src;
   nir_def *old_def;
} phi_fixup;

static void *
remap(clone_state *st, const void *old)
{
   if (!old)
      return NULL;
   struct hash_entry *e = hash_table_search(st->map, old);
   return e ? e->data : (void *)old;
}

static const nir_vtype *
clone_type(clone_state *st, const nir_vtype *t)
{
   if (!t || !st->global_vars)
      return t;
   struct hash_entry *e = hash_table_search(st->map, t);
   if (e)
      return e->data;
   const nir_vtype *c = nir_vtype_clone(st->shader, t);
   hash_table_insert(st->map, t, (void *)c);
   return c;
}

static nir_variable *
clone_var(clone_state *st, const nir_variable *var)
{
   nir_variable *n = rzalloc(st->shader, nir_variable);
   *n = *var;
   n->name = var->name ? ralloc_strdup(n, var->name) : NULL;
   n->type = clone_type(st, var->type);
   hash_table_insert(st->map, var, n);
   return n;
}

static void
set_src(clone_state *st, nir_src *dst, const nir_src *src)
{
   dst->ssa = src->ssa ? remap(st, src->ssa) : NULL;
}

static void
map_def(clone_state *st, const nir_def *old, nir_def *new_def)
{
   new_def->divergent = old->divergent;
   hash_table_insert(st->map, old, new_def);
}

static nir_instr *
clone_instr(clone_state *st, const nir_instr *instr)
{
   nir_shader *s = st->shader;
   switch (instr->type) {
   case nir_instr_type_alu: {
      const nir_alu_instr *alu = nir_instr_as_alu(instr);
      nir_alu_instr *n = nir_alu_instr_create(s, alu->op);
      n->exact = alu->exact;
      n->mediump = alu->mediump;
      n->mediump_unsigned = alu->mediump_unsigned;
      for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
         set_src(st, &n->src[i].src, &alu->src[i].src);
         n->src[i].swz = alu->src[i].swz;
      }
      nir_def_init(&n->instr, &n->def, alu->def.num_components,
                   alu->def.bit_size);
      map_def(st, &alu->def, &n->def);
      return &n->instr;
   }
   case nir_instr_type_deref: {
      const nir_deref_instr *d = nir_instr_as_deref(instr);
      nir_deref_instr *n = nir_deref_instr_create(s, d->deref_type);
      n->modes = d->modes;
      n->type = clone_type(st, d->type);
      /* Only the fields of its kind exist (nir_deref_instr_size()). */
      switch (d->deref_type) {
      case nir_deref_type_var:
         n->var = remap(st, d->var);
         break;
      case nir_deref_type_array:
         set_src(st, &n->parent, &d->parent);
         set_src(st, &n->arr_index, &d->arr_index);
         break;
      case nir_deref_type_struct:
         set_src(st, &n->parent, &d->parent);
         n->field_index = d->field_index;
         break;
      case nir_deref_type_cast:
         set_src(st, &n->parent, &d->parent);
         n->cast_stride = d->cast_stride;
         break;
      }
      nir_def_init(&n->instr, &n->def, d->def.num_components,
                   d->def.bit_size);
      map_def(st, &d->def, &n->def);
      return &n->instr;
   }
   case nir_instr_type_tex: {
      const nir_tex_instr *t = nir_instr_as_tex(instr);
      nir_tex_instr *n = nir_tex_instr_create(s, t->num_srcs);
      n->op = t->op;
      n->sampler_dim = t->sampler_dim;
      n->is_array = t->is_array;
      n->is_shadow = t->is_shadow;
      n->storage_image = t->storage_image;
      n->dest_type = t->dest_type;
      n->coord_components = t->coord_components;
      n->component = t->component;
      n->texture_index = t->texture_index;
      n->sampler_index = t->sampler_index;
      for (unsigned i = 0; i < t->num_srcs; i++) {
         n->src[i].src_type = t->src[i].src_type;
         set_src(st, &n->src[i].src, &t->src[i].src);
      }
      nir_def_init(&n->instr, &n->def, t->def.num_components,
                   t->def.bit_size);
      map_def(st, &t->def, &n->def);
      return &n->instr;
   }
   case nir_instr_type_intrinsic: {
      const nir_intrinsic_instr *in = nir_instr_as_intrinsic(instr);
      const nir_intrinsic_info *info = &nir_intrinsic_infos[in->intrinsic];
      nir_intrinsic_instr *n = nir_intrinsic_instr_create(s, in->intrinsic);
      n->num_components = in->num_components;
      memcpy(n->index_value, in->index_value, sizeof(n->index_value));
      for (unsigned i = 0; i < info->num_srcs; i++)
         set_src(st, &n->src[i], &in->src[i]);
      if (info->has_dest) {
         nir_def_init(&n->instr, &n->def, in->def.num_components,
                      in->def.bit_size);
         map_def(st, &in->def, &n->def);
      }
      return &n->instr;
   }
   case nir_instr_type_load_const: {
      const nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      nir_load_const_instr *n = nir_load_const_instr_create(
         s, lc->def.num_components, lc->def.bit_size);
      memcpy(n->value, lc->value,
             lc->def.num_components * sizeof(nir_const_value));
      map_def(st, &lc->def, &n->def);
      return &n->instr;
   }
   case nir_instr_type_undef: {
      const nir_undef_instr *u = nir_instr_as_undef(instr);
      nir_undef_instr *n =
         nir_undef_instr_create(s, u->def.num_components, u->def.bit_size);
      map_def(st, &u->def, &n->def);
      return &n->instr;
   }
   case nir_instr_type_jump:
      return &nir_jump_instr_create(s, nir_instr_as_jump(instr)->type)->instr;
   case nir_instr_type_phi: {
      const nir_phi_instr *phi = nir_instr_as_phi(instr);
      nir_phi_instr *n = nir_phi_instr_create(s);
      /* Sources (and their predecessor blocks) are set at the end. */
      list_for_each_entry(nir_phi_src, ps, &phi->srcs, node) {
         nir_phi_src *ns = nir_phi_instr_add_src(n, ps->pred, NULL);
         phi_fixup f = { ns, ps->src.ssa };
         util_dynarray_append(&st->phi_fixups, phi_fixup, f);
      }
      nir_def_init(&n->instr, &n->def, phi->def.num_components,
                   phi->def.bit_size);
      map_def(st, &phi->def, &n->def);
      return &n->instr;
   }
   }
   return NULL;
}

/* Copy `list` to the end of block `*cur` (which must be the last block of
 * its list); *cur becomes the last block written. */
static void
clone_list(clone_state *st, struct list_head *list, nir_block **cur)
{
   list_for_each_entry(nir_cf_node, node, list, node) {
      if (node == st->skip) {
         if (st->stop_at_skip)
            return;
         continue;
      }
      switch (node->type) {
      case nir_cf_node_block: {
         nir_block *b = nir_cf_node_as_block(node);
         nir_foreach_instr(instr, b) {
            if (b == st->skip_phis && instr->type == nir_instr_type_phi)
               continue;
            nir_instr *n = clone_instr(st, instr);
            nir_instr_insert(nir_after_block(*cur), n);
         }
         hash_table_insert(st->map, b, *cur);
         break;
      }
      case nir_cf_node_if: {
         nir_if *nif = nir_cf_node_as_if(node);
         nir_if *n = nir_if_create(st->shader);
         nir_cf_node_insert(nir_after_block(*cur), &n->cf_node);
         nir_if_init_src(n, &n->condition, remap(st, nif->condition.ssa));
         nir_block *t = nir_if_first_then_block(n);
         clone_list(st, &nif->then_list, &t);
         nir_block *e = nir_if_first_else_block(n);
         clone_list(st, &nif->else_list, &e);
         *cur = nir_cf_node_as_block_after(&n->cf_node);
         break;
      }
      case nir_cf_node_loop: {
         nir_loop *loop = nir_cf_node_as_loop(node);
         nir_loop *n = nir_loop_create(st->shader);
         nir_cf_node_insert(nir_after_block(*cur), &n->cf_node);
         nir_block *body = nir_loop_first_block(n);
         clone_list(st, &loop->body, &body);
         *cur = nir_cf_node_as_block_after(&n->cf_node);
         break;
      }
      default:
         break;
      }
   }
}

static void
finish_phis(clone_state *st)
{
   nir_dynarray_foreach(&st->phi_fixups, phi_fixup, f) {
      f->src->pred = remap(st, f->src->pred);
      nir_src_set_ssa(&f->src->src, remap(st, f->old_def));
   }
}

nir_shader *
nir_shader_clone(void *mem_ctx, const nir_shader *shader)
{
   nir_shader *ns = nir_shader_create(mem_ctx, shader->info.stage,
                                      shader->options);
   ns->info = shader->info;
   if (shader->info.name)
      ns->info.name = ralloc_strdup(ns, shader->info.name);
   ns->num_inputs = shader->num_inputs;
   ns->num_outputs = shader->num_outputs;
   ns->num_uniforms = shader->num_uniforms;
   ns->scratch_size = shader->scratch_size;
   ns->shared_size = shader->shared_size;

   clone_state st;
   memset(&st, 0, sizeof(st));
   st.shader = ns;
   st.global_vars = true;
   void *tmp = ralloc_context(NULL);
   st.map = hash_table_create_pointer_keys(tmp);
   util_dynarray_init(&st.phi_fixups, tmp);

   list_for_each_entry(nir_variable, var, &shader->variables, link)
      list_addtail(&clone_var(&st, var)->link, &ns->variables);

   list_for_each_entry(nir_function, func, &shader->functions, node) {
      nir_function *nf = nir_function_create(ns, func->name);
      nf->is_entrypoint = func->is_entrypoint;
      if (!func->impl)
         continue;
      nir_function_impl *impl = nir_function_impl_create(nf);
      list_for_each_entry(nir_variable, var, &func->impl->locals, link)
         list_addtail(&clone_var(&st, var)->link, &impl->locals);
      hash_table_insert(st.map, func->impl->end_block, impl->end_block);
      nir_block *cur = nir_start_block(impl);
      clone_list(&st, &func->impl->body, &cur);
   }
   finish_phis(&st);
   ralloc_free(tmp);
   return ns;
}

void
nir_cf_list_clone_partial(struct list_head *list, nir_block *dst,
                          struct hash_table *remap_table,
                          const nir_cf_node *skip, bool stop_at_skip,
                          const nir_block *skip_phis)
{
   nir_function_impl *impl = nir_cf_node_get_function(&dst->cf_node);
   clone_state st;
   memset(&st, 0, sizeof(st));
   st.shader = impl->function->shader;
   st.map = remap_table;
   st.skip = skip;
   st.stop_at_skip = stop_at_skip;
   st.skip_phis = skip_phis;
   void *tmp = ralloc_context(NULL);
   util_dynarray_init(&st.phi_fixups, tmp);
   clone_list(&st, list, &dst);
   finish_phis(&st);
   ralloc_free(tmp);
}

void
nir_cf_list_clone_at_end(struct list_head *list, nir_block *dst,
                         struct hash_table *remap_table)
{
   nir_cf_list_clone_partial(list, dst, remap_table, NULL, false, NULL);
}
