/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * NIR core: creating shaders, variables and instructions, keeping use lists
 * right when sources change, inserting and removing instructions, and
 * walking the control-flow tree.
 */
#include "nir.h"

#include "util/u_dynarray.h"

#include <string.h>

const char *
gl_shader_stage_name(gl_shader_stage stage)
{
   static const char *const names[] = {
      "vertex", "tess_ctrl", "tess_eval", "geometry",
      "fragment", "compute", "kernel",
   };
   if (stage < 0 || stage >= MESA_SHADER_STAGES)
      return "none";
   return names[stage];
}

const char *
nir_variable_mode_name(nir_variable_mode mode)
{
   switch (mode) {
   case nir_var_shader_in: return "shader_in";
   case nir_var_shader_out: return "shader_out";
   case nir_var_uniform: return "uniform";
   case nir_var_mem_ubo: return "ubo";
   case nir_var_mem_ssbo: return "ssbo";
   case nir_var_mem_shared: return "shared";
   case nir_var_function_temp: return "function_temp";
   case nir_var_shader_temp: return "shader_temp";
   case nir_var_system_value: return "system_value";
   case nir_var_image: return "image";
   default: return "mixed";
   }
}

const char *
nir_alu_type_name(nir_alu_type t)
{
   switch (nir_alu_type_get_base_type(t)) {
   case nir_type_int: return "int";
   case nir_type_uint: return "uint";
   case nir_type_float: return "float";
   case nir_type_bool: return "bool";
   default: return "invalid";
   }
}

/* ---- shader, functions, variables -------------------------------------- */

nir_shader *
nir_shader_create(void *mem_ctx, gl_shader_stage stage,
                  const nir_shader_compiler_options *options)
{
   nir_shader *shader = rzalloc(mem_ctx, nir_shader);
   list_inithead(&shader->variables);
   list_inithead(&shader->functions);
   shader->options = options;
   shader->info.stage = stage;
   return shader;
}

nir_function *
nir_function_create(nir_shader *shader, const char *name)
{
   nir_function *func = rzalloc(shader, nir_function);
   func->name = ralloc_strdup(func, name);
   func->shader = shader;
   list_addtail(&func->node, &shader->functions);
   return func;
}

static nir_block *
block_create(nir_shader *shader)
{
   nir_block *block = nir_cf_mem_zalloc(shader, sizeof(nir_block));
   block->cf_node.type = nir_cf_node_block;
   list_inithead(&block->instr_list);
   return block;
}

static void
cf_list_init(struct list_head *list, nir_cf_node *parent, nir_shader *shader)
{
   list_inithead(list);
   nir_block *block = block_create(shader);
   block->cf_node.parent = parent;
   list_addtail(&block->cf_node.node, list);
}

nir_function_impl *
nir_function_impl_create(nir_function *func)
{
   nir_function_impl *impl = rzalloc(func->shader, nir_function_impl);
   impl->cf_node.type = nir_cf_node_function;
   impl->function = func;
   func->impl = impl;
   list_inithead(&impl->locals);
   cf_list_init(&impl->body, &impl->cf_node, func->shader);
   impl->end_block = block_create(func->shader);
   impl->end_block->cf_node.parent = &impl->cf_node;
   return impl;
}

nir_function_impl *
nir_shader_get_entrypoint(const nir_shader *shader)
{
   list_for_each_entry(nir_function, func, &shader->functions, node) {
      if (func->is_entrypoint || func->node.next == &shader->functions)
         return func->impl;
   }
   return NULL;
}

nir_variable *
nir_variable_create(nir_shader *shader, nir_variable_mode mode,
                    const nir_vtype *type, const char *name)
{
   nir_variable *var = rzalloc(shader, nir_variable);
   var->name = name ? ralloc_strdup(var, name) : NULL;
   var->mode = mode;
   var->type = type;
   var->data.location = -1;
   if (mode == nir_var_function_temp) {
      nir_function_impl *impl = nir_shader_get_entrypoint(shader);
      assert(impl);
      list_addtail(&var->link, &impl->locals);
   } else {
      list_addtail(&var->link, &shader->variables);
   }
   return var;
}

nir_variable *
nir_local_variable_create(nir_function_impl *impl, const nir_vtype *type,
                          const char *name)
{
   nir_variable *var = rzalloc(impl->function->shader, nir_variable);
   var->name = name ? ralloc_strdup(var, name) : NULL;
   var->mode = nir_var_function_temp;
   var->type = type;
   var->data.location = -1;
   list_addtail(&var->link, &impl->locals);
   return var;
}

nir_variable *
nir_find_variable_with_location(nir_shader *shader, nir_variable_mode mode,
                                int location)
{
   nir_foreach_variable_with_modes(var, shader, mode) {
      if (var->data.location == location)
         return var;
   }
   return NULL;
}

/* ---- instruction creation ----------------------------------------------- */

/* Memory for the common instructions comes from nir_instr_mem.c. */

static void
instr_init(nir_instr *instr, nir_instr_type type)
{
   instr->type = type;
   instr->block = NULL;
   list_inithead(&instr->node);
}

static void
src_init(nir_src *src)
{
   src->ssa = NULL;
   src->parent = 0;
   list_inithead(&src->use_link);
}

void
nir_def_init(nir_instr *instr, nir_def *def, unsigned num_components,
             unsigned bit_size)
{
   assert(nir_def_instr(def) == instr);
   list_inithead(&def->uses);
   def->num_components = num_components;
   def->bit_size = bit_size;
   def->divergent = true;
   def->index = ~0u;
   if (instr->block) {
      nir_function_impl *impl =
         nir_cf_node_get_function(&instr->block->cf_node);
      def->index = impl->ssa_alloc++;
   }
}

nir_alu_instr *
nir_alu_instr_create(nir_shader *shader, nir_op op)
{
   unsigned n = nir_op_infos[op].num_inputs;
   nir_alu_instr *alu = (nir_alu_instr *)nir_instr_mem_zalloc(
      shader, sizeof(nir_alu_instr) + n * sizeof(nir_alu_src));
   instr_init(&alu->instr, nir_instr_type_alu);
   alu->op = op;
   for (unsigned i = 0; i < n; i++) {
      src_init(&alu->src[i].src);
      nir_src_set_parent_instr(&alu->src[i].src, &alu->instr);
      alu->src[i].swz = NIR_SWIZZLE_IDENTITY;
   }
   return alu;
}

nir_deref_instr *
nir_deref_instr_create(nir_shader *shader, nir_deref_type type)
{
   nir_deref_instr *deref = (nir_deref_instr *)nir_instr_mem_zalloc(
      shader, nir_deref_instr_size(type));
   instr_init(&deref->instr, nir_instr_type_deref);
   deref->deref_type = type;
   if (type != nir_deref_type_var) {
      src_init(&deref->parent);
      nir_src_set_parent_instr(&deref->parent, &deref->instr);
   }
   if (type == nir_deref_type_array) {
      src_init(&deref->arr_index);
      nir_src_set_parent_instr(&deref->arr_index, &deref->instr);
   }
   return deref;
}

nir_jump_instr *
nir_jump_instr_create(nir_shader *shader, nir_jump_type type)
{
   nir_jump_instr *jump =
      (nir_jump_instr *)nir_instr_mem_zalloc(shader, sizeof(nir_jump_instr));
   instr_init(&jump->instr, nir_instr_type_jump);
   jump->type = type;
   return jump;
}

nir_load_const_instr *
nir_load_const_instr_create(nir_shader *shader, unsigned num_components,
                            unsigned bit_size)
{
   nir_load_const_instr *lc = (nir_load_const_instr *)nir_instr_mem_zalloc(
      shader,
      sizeof(nir_load_const_instr) + num_components * sizeof(nir_const_value));
   instr_init(&lc->instr, nir_instr_type_load_const);
   nir_def_init(&lc->instr, &lc->def, num_components, bit_size);
   return lc;
}

nir_intrinsic_instr *
nir_intrinsic_instr_create(nir_shader *shader, nir_intrinsic_op op)
{
   unsigned n = nir_intrinsic_infos[op].num_srcs;
   nir_intrinsic_instr *intr = (nir_intrinsic_instr *)nir_instr_mem_zalloc(
      shader, sizeof(nir_intrinsic_instr) + n * sizeof(nir_src));
   instr_init(&intr->instr, nir_instr_type_intrinsic);
   intr->intrinsic = op;
   for (unsigned i = 0; i < n; i++) {
      src_init(&intr->src[i]);
      nir_src_set_parent_instr(&intr->src[i], &intr->instr);
   }
   return intr;
}

nir_phi_instr *
nir_phi_instr_create(nir_shader *shader)
{
   nir_phi_instr *phi = (nir_phi_instr *)nir_instr_mem_zalloc(
      shader, sizeof(nir_phi_instr));
   if (!phi)
      return NULL;
   instr_init(&phi->instr, nir_instr_type_phi);
   phi->shader = shader;
   list_inithead(&phi->srcs);
   return phi;
}

nir_phi_src *
nir_phi_instr_add_src(nir_phi_instr *phi, nir_block *pred, nir_def *src)
{
   nir_phi_src *ps = nir_cf_mem_zalloc(phi->shader, sizeof(nir_phi_src));
   if (!ps)
      return NULL;
   ps->pred = pred;
   src_init(&ps->src);
   nir_src_set_parent_instr(&ps->src, &phi->instr);
   list_addtail(&ps->node, &phi->srcs);
   if (src) {
      ps->src.ssa = src;
      list_addtail(&ps->src.use_link, &src->uses);
   }
   return ps;
}

nir_phi_src *
nir_phi_get_src_from_block(nir_phi_instr *phi, nir_block *pred)
{
   nir_foreach_phi_src(src, phi) {
      if (src->pred == pred)
         return src;
   }
   return NULL;
}

nir_undef_instr *
nir_undef_instr_create(nir_shader *shader, unsigned num_components,
                       unsigned bit_size)
{
   nir_undef_instr *undef =
      (nir_undef_instr *)nir_instr_mem_zalloc(shader, sizeof(nir_undef_instr));
   instr_init(&undef->instr, nir_instr_type_undef);
   nir_def_init(&undef->instr, &undef->def, num_components, bit_size);
   return undef;
}

nir_tex_instr *
nir_tex_instr_create(nir_shader *shader, unsigned num_srcs)
{
   nir_tex_instr *tex = rzalloc(shader, nir_tex_instr);
   instr_init(&tex->instr, nir_instr_type_tex);
   tex->num_srcs = num_srcs;
   tex->src = rzalloc_array(tex, nir_tex_src, num_srcs);
   for (unsigned i = 0; i < num_srcs; i++) {
      src_init(&tex->src[i].src);
      nir_src_set_parent_instr(&tex->src[i].src, &tex->instr);
   }
   tex->dest_type = nir_type_float32;
   return tex;
}

int
nir_tex_instr_src_index(const nir_tex_instr *tex, nir_tex_src_type t)
{
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      if (tex->src[i].src_type == t)
         return (int)i;
   }
   return -1;
}

unsigned
nir_tex_instr_result_size(const nir_tex_instr *tex)
{
   switch (tex->op) {
   case nir_texop_txs: {
      unsigned n;
      switch (tex->sampler_dim) {
      case NIR_SAMPLER_DIM_1D:
      case NIR_SAMPLER_DIM_BUF: n = 1; break;
      case NIR_SAMPLER_DIM_3D: n = 3; break;
      default: n = 2; break;
      }
      return n + (tex->is_array ? 1 : 0);
   }
   case nir_texop_lod: return 2;
   case nir_texop_query_levels:
   case nir_texop_texture_samples: return 1;
   default: return tex->is_shadow && tex->op != nir_texop_tg4 ? 1 : 4;
   }
}

unsigned
nir_intrinsic_src_components(const nir_intrinsic_instr *intr, unsigned src)
{
   int n = nir_intrinsic_infos[intr->intrinsic].src_components[src];
   if (n == 0)
      return intr->num_components;
   return n < 0 ? 1 : (unsigned)n;
}

bool
nir_op_is_vec(nir_op op)
{
   switch (op) {
   case nir_op_vec2:
   case nir_op_vec3:
   case nir_op_vec4:
   case nir_op_vec5:
   case nir_op_vec8:
   case nir_op_vec16:
      return true;
   default:
      return false;
   }
}

nir_op
nir_op_vec(unsigned num_components)
{
   switch (num_components) {
   case 1: return nir_op_mov;
   case 2: return nir_op_vec2;
   case 3: return nir_op_vec3;
   case 4: return nir_op_vec4;
   case 5: return nir_op_vec5;
   case 8: return nir_op_vec8;
   case 16: return nir_op_vec16;
   default: return nir_op_invalid;
   }
}

unsigned
nir_alu_instr_eval_bit_size(const nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (nir_alu_type_get_type_size(info->input_types[i]) == 0)
         return alu->src[i].src.ssa->bit_size;
   }
   return alu->def.bit_size;
}

nir_def *
nir_instr_def(nir_instr *instr)
{
   switch (instr->type) {
   case nir_instr_type_alu: return &nir_instr_as_alu(instr)->def;
   case nir_instr_type_deref: return &nir_instr_as_deref(instr)->def;
   case nir_instr_type_tex: return &nir_instr_as_tex(instr)->def;
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      return nir_intrinsic_infos[intr->intrinsic].has_dest ? &intr->def : NULL;
   }
   case nir_instr_type_load_const: return &nir_instr_as_load_const(instr)->def;
   case nir_instr_type_undef: return &nir_instr_as_undef(instr)->def;
   case nir_instr_type_phi: return &nir_instr_as_phi(instr)->def;
   case nir_instr_type_jump: return NULL;
   }
   return NULL;
}

nir_variable *
nir_deref_instr_get_variable(const nir_deref_instr *deref)
{
   while (deref->deref_type != nir_deref_type_var) {
      if (deref->deref_type == nir_deref_type_cast)
         return NULL;
      deref = nir_deref_instr_parent(deref);
   }
   return deref->var;
}

/* ---- sources and uses --------------------------------------------------- */

void
nir_src_set_ssa(nir_src *src, nir_def *def)
{
   if (src->ssa)
      list_del(&src->use_link);
   src->ssa = def;
   if (def)
      list_addtail(&src->use_link, &def->uses);
   else
      list_inithead(&src->use_link);
}

void
nir_instr_init_src(nir_instr *instr, nir_src *src, nir_def *def)
{
   nir_src_set_parent_instr(src, instr);
   src->ssa = NULL;
   nir_src_set_ssa(src, def);
}

void
nir_if_init_src(nir_if *nif, nir_src *src, nir_def *def)
{
   nir_src_set_parent_if(src, nif);
   src->ssa = NULL;
   nir_src_set_ssa(src, def);
}

void
nir_instr_rewrite_src(nir_instr *instr, nir_src *src, nir_def *def)
{
   assert(!nir_src_is_if(src) && nir_src_parent_instr(src) == instr);
   nir_src_set_ssa(src, def);
}

void
nir_def_rewrite_uses(nir_def *def, nir_def *new_def)
{
   assert(def != new_def);
   nir_foreach_use_including_if_safe(src, def)
      nir_src_set_ssa(src, new_def);
}

static bool
instr_is_before(nir_instr *a, nir_instr *b)
{
   /* Same block only: walk forward from a. */
   for (struct list_head *n = a->node.next; n != &a->block->instr_list;
        n = n->next) {
      if (n == &b->node)
         return true;
   }
   return false;
}

void
nir_def_rewrite_uses_after(nir_def *def, nir_def *new_def,
                           nir_instr *after_me)
{
   nir_foreach_use_including_if_safe(src, def) {
      if (!nir_src_is_if(src)) {
         nir_instr *user = nir_src_parent_instr(src);
         if (user == after_me)
            continue;
         if (user->block == after_me->block &&
             !instr_is_before(after_me, user))
            continue;
      }
      nir_src_set_ssa(src, new_def);
   }
}

unsigned
nir_def_components_read(const nir_def *def)
{
   unsigned mask = 0;
   list_for_each_entry(nir_src, src, &def->uses, use_link) {
      if (!nir_src_is_if(src) &&
          nir_src_parent_instr(src)->type == nir_instr_type_alu) {
         nir_alu_instr *alu = nir_instr_as_alu(nir_src_parent_instr(src));
         nir_alu_src *asrc = (nir_alu_src *)src;
         unsigned n = nir_ssa_alu_instr_src_components(
            alu, (unsigned)(asrc - alu->src));
         for (unsigned c = 0; c < n; c++)
            mask |= 1u << nir_alu_src_swizzle(asrc, c);
      } else {
         return (1u << def->num_components) - 1;
      }
   }
   return mask;
}

static bool
visit_src(nir_src *src, nir_foreach_src_cb cb, void *state)
{
   return src->ssa ? cb(src, state) : true;
}

bool
nir_foreach_src(nir_instr *instr, nir_foreach_src_cb cb, void *state)
{
   switch (instr->type) {
   case nir_instr_type_alu: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
         if (!visit_src(&alu->src[i].src, cb, state))
            return false;
      }
      return true;
   }
   case nir_instr_type_deref: {
      nir_deref_instr *d = nir_instr_as_deref(instr);
      if (d->deref_type == nir_deref_type_var)
         return true;
      return visit_src(&d->parent, cb, state) &&
             (d->deref_type != nir_deref_type_array ||
              visit_src(&d->arr_index, cb, state));
   }
   case nir_instr_type_tex: {
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      for (unsigned i = 0; i < tex->num_srcs; i++) {
         if (!visit_src(&tex->src[i].src, cb, state))
            return false;
      }
      return true;
   }
   case nir_instr_type_intrinsic: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      for (unsigned i = 0; i < nir_intrinsic_infos[intr->intrinsic].num_srcs;
           i++) {
         if (!visit_src(&intr->src[i], cb, state))
            return false;
      }
      return true;
   }
   case nir_instr_type_phi: {
      nir_foreach_phi_src(ps, nir_instr_as_phi(instr)) {
         if (!visit_src(&ps->src, cb, state))
            return false;
      }
      return true;
   }
   default:
      return true;
   }
}

bool
nir_foreach_def(nir_instr *instr, nir_foreach_def_cb cb, void *state)
{
   nir_def *def = nir_instr_def(instr);
   return def ? cb(def, state) : true;
}

bool
nir_instr_can_eliminate(const nir_instr *instr)
{
   switch (instr->type) {
   case nir_instr_type_alu:
   case nir_instr_type_deref:
   case nir_instr_type_tex:
   case nir_instr_type_load_const:
   case nir_instr_type_undef:
   case nir_instr_type_phi:
      return true;
   case nir_instr_type_intrinsic: {
      const nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      return nir_intrinsic_infos[intr->intrinsic].has_dest &&
             (nir_intrinsic_infos[intr->intrinsic].flags &
              NIR_INTRINSIC_CAN_ELIMINATE);
   }
   default:
      return false;
   }
}

/* ---- insertion and removal ---------------------------------------------- */

static bool
add_use_cb(nir_src *src, void *state)
{
   (void)state;
   list_del(&src->use_link);
   list_addtail(&src->use_link, &src->ssa->uses);
   return true;
}

static bool
remove_use_cb(nir_src *src, void *state)
{
   (void)state;
   list_delinit(&src->use_link);
   return true;
}

static bool
index_def_cb(nir_def *def, void *state)
{
   nir_function_impl *impl = state;
   if (def->index == ~0u)
      def->index = impl->ssa_alloc++;
   return true;
}

nir_block *
nir_cursor_current_block(nir_cursor cursor)
{
   if (cursor.option == nir_cursor_before_instr ||
       cursor.option == nir_cursor_after_instr)
      return cursor.instr->block;
   return cursor.block;
}

void
nir_instr_insert(nir_cursor cursor, nir_instr *instr)
{
   bool was_linked = instr->block != NULL;
   assert(!was_linked);
   (void)was_linked;
   switch (cursor.option) {
   case nir_cursor_before_block:
      list_add(&instr->node, &cursor.block->instr_list);
      break;
   case nir_cursor_after_block:
      list_addtail(&instr->node, &cursor.block->instr_list);
      break;
   case nir_cursor_before_instr:
      list_addtail(&instr->node, &cursor.instr->node);
      break;
   case nir_cursor_after_instr:
      list_add(&instr->node, &cursor.instr->node);
      break;
   }
   instr->block = nir_cursor_current_block(cursor);
   /* Sources built before insertion may not be on their defs' lists yet
    * (src_init leaves use_link self-linked); put them there now. */
   nir_foreach_src(instr, add_use_cb, NULL);
   nir_function_impl *impl = nir_cf_node_get_function(&instr->block->cf_node);
   nir_foreach_def(instr, index_def_cb, impl);
   nir_instr_mem_inserted(instr);
}

void
nir_instr_move(nir_cursor cursor, nir_instr *instr)
{
   list_del(&instr->node);
   instr->block = NULL;
   switch (cursor.option) {
   case nir_cursor_before_block:
      list_add(&instr->node, &cursor.block->instr_list);
      break;
   case nir_cursor_after_block:
      list_addtail(&instr->node, &cursor.block->instr_list);
      break;
   case nir_cursor_before_instr:
      list_addtail(&instr->node, &cursor.instr->node);
      break;
   case nir_cursor_after_instr:
      list_add(&instr->node, &cursor.instr->node);
      break;
   }
   instr->block = nir_cursor_current_block(cursor);
}

void
nir_instr_remove(nir_instr *instr)
{
   nir_instr_mem_removed(instr);
   nir_foreach_src(instr, remove_use_cb, NULL);
   list_del(&instr->node);
   list_inithead(&instr->node);
   instr->block = NULL;
}

static bool
push_src_def(nir_src *src, void *data)
{
   util_dynarray_append((struct util_dynarray *)data, nir_def *, src->ssa);
   return true;
}

/* Removes the instructions of `stack`'s defs that are left unused and
 * compute nothing but their value (ALU, load_const, undef), then those
 * of their sources, and so on. */
static void
remove_unused_defs(struct util_dynarray *stack)
{
   while (util_dynarray_num_elements(stack, nir_def *)) {
      nir_def *def = util_dynarray_pop(stack, nir_def *);
      nir_instr *instr = nir_def_instr(def);
      if (!instr->block || !nir_def_is_unused(def) ||
          (instr->type != nir_instr_type_alu &&
           instr->type != nir_instr_type_load_const &&
           instr->type != nir_instr_type_undef))
         continue;
      nir_foreach_src(instr, push_src_def, stack);
      nir_instr_remove(instr);
   }
}

void
nir_remove_if_unused(nir_def *def)
{
   struct util_dynarray stack;
   util_dynarray_init(&stack, NULL);
   util_dynarray_append(&stack, nir_def *, def);
   remove_unused_defs(&stack);
   util_dynarray_fini(&stack);
}

void
nir_instr_remove_with_operands(nir_instr *instr)
{
   struct util_dynarray stack;
   util_dynarray_init(&stack, NULL);
   nir_foreach_src(instr, push_src_def, &stack);
   nir_instr_remove(instr);
   remove_unused_defs(&stack);
   util_dynarray_fini(&stack);
}

/* ---- cursors ------------------------------------------------------------ */

nir_cursor
nir_after_phis(nir_block *block)
{
   nir_instr *last_phi = NULL;
   nir_foreach_instr(instr, block) {
      if (instr->type != nir_instr_type_phi)
         break;
      last_phi = instr;
   }
   return last_phi ? nir_after_instr(last_phi) : nir_before_block(block);
}

nir_cursor
nir_after_block_before_jump(nir_block *block)
{
   nir_instr *last = nir_block_last_instr(block);
   if (last && last->type == nir_instr_type_jump)
      return nir_before_instr(last);
   return nir_after_block(block);
}

nir_cursor
nir_before_cf_node(nir_cf_node *node)
{
   if (node->type == nir_cf_node_block)
      return nir_before_block(nir_cf_node_as_block(node));
   return nir_after_block(nir_cf_node_as_block_before(node));
}

nir_cursor
nir_after_cf_node(nir_cf_node *node)
{
   if (node->type == nir_cf_node_block)
      return nir_after_block(nir_cf_node_as_block(node));
   return nir_before_block(nir_cf_node_as_block_after(node));
}

/* ---- control-flow navigation ------------------------------------------- */

nir_cf_node *
nir_cf_node_prev(nir_cf_node *node)
{
   nir_cf_node *parent = node->parent;
   struct list_head *prev = node->node.prev;
   if (!parent)
      return NULL;
   if (parent->type == nir_cf_node_if) {
      nir_if *nif = nir_cf_node_as_if(parent);
      if (prev == &nif->then_list || prev == &nif->else_list)
         return NULL;
   } else if (parent->type == nir_cf_node_loop) {
      if (prev == &nir_cf_node_as_loop(parent)->body)
         return NULL;
   } else if (prev == &nir_cf_node_as_function(parent)->body) {
      return NULL;
   }
   return list_entry(prev, nir_cf_node, node);
}

nir_block *
nir_cf_node_as_block_after(nir_cf_node *node)
{
   return nir_cf_node_as_block(nir_cf_node_next(node));
}

nir_block *
nir_cf_node_as_block_before(nir_cf_node *node)
{
   return nir_cf_node_as_block(nir_cf_node_prev(node));
}

nir_function_impl *
nir_cf_node_get_function(nir_cf_node *node)
{
   while (node->type != nir_cf_node_function)
      node = node->parent;
   return nir_cf_node_as_function(node);
}

nir_loop *
nir_block_get_loop(nir_block *block)
{
   for (nir_cf_node *n = block->cf_node.parent; n; n = n->parent) {
      if (n->type == nir_cf_node_loop)
         return nir_cf_node_as_loop(n);
   }
   return NULL;
}

nir_instr *
nir_block_last_instr(nir_block *block)
{
   if (list_is_empty(&block->instr_list))
      return NULL;
   return list_last_entry(&block->instr_list, nir_instr, node);
}

nir_instr *
nir_block_first_instr(nir_block *block)
{
   if (list_is_empty(&block->instr_list))
      return NULL;
   return list_first_entry(&block->instr_list, nir_instr, node);
}

bool
nir_block_ends_in_jump(nir_block *block)
{
   nir_instr *last = nir_block_last_instr(block);
   return last && last->type == nir_instr_type_jump;
}

nir_block *
nir_cf_node_cf_tree_first(nir_cf_node *node)
{
   switch (node->type) {
   case nir_cf_node_block:
      return nir_cf_node_as_block(node);
   case nir_cf_node_if:
      return nir_if_first_then_block(nir_cf_node_as_if(node));
   case nir_cf_node_loop:
      return nir_loop_first_block(nir_cf_node_as_loop(node));
   case nir_cf_node_function:
      return nir_start_block(nir_cf_node_as_function(node));
   }
   return NULL;
}

nir_block *
nir_cf_node_cf_tree_last(nir_cf_node *node)
{
   switch (node->type) {
   case nir_cf_node_block:
      return nir_cf_node_as_block(node);
   case nir_cf_node_if:
      return nir_if_last_else_block(nir_cf_node_as_if(node));
   case nir_cf_node_loop:
      return nir_loop_last_block(nir_cf_node_as_loop(node));
   case nir_cf_node_function:
      return nir_impl_last_block(nir_cf_node_as_function(node));
   }
   return NULL;
}

nir_block *
nir_block_cf_tree_next(nir_block *block)
{
   if (!block)
      return NULL;
   nir_cf_node *next = nir_cf_node_next(&block->cf_node);
   if (next)
      return nir_cf_node_cf_tree_first(next);

   nir_cf_node *parent = block->cf_node.parent;
   if (!parent)
      return NULL;
   switch (parent->type) {
   case nir_cf_node_if: {
      nir_if *nif = nir_cf_node_as_if(parent);
      if (block == nir_if_last_then_block(nif))
         return nir_if_first_else_block(nif);
      return nir_cf_node_as_block_after(parent);
   }
   case nir_cf_node_loop:
      return nir_cf_node_as_block_after(parent);
   default:
      return NULL;
   }
}

nir_block *
nir_block_cf_tree_prev(nir_block *block)
{
   if (!block)
      return NULL;
   nir_cf_node *prev = nir_cf_node_prev(&block->cf_node);
   if (prev)
      return nir_cf_node_cf_tree_last(prev);

   nir_cf_node *parent = block->cf_node.parent;
   if (!parent)
      return NULL;
   switch (parent->type) {
   case nir_cf_node_if: {
      nir_if *nif = nir_cf_node_as_if(parent);
      if (block == nir_if_first_else_block(nif))
         return nir_if_last_then_block(nif);
      return nir_cf_node_as_block_before(parent);
   }
   case nir_cf_node_loop:
      return nir_cf_node_as_block_before(parent);
   default:
      return NULL;
   }
}

bool
nir_deref_use_is_plain(const nir_src *src)
{
   if (nir_src_is_if(src))
      return false;
   nir_instr *user = nir_src_parent_instr(src);
   if (user->type == nir_instr_type_deref) {
      nir_deref_instr *child = nir_instr_as_deref(user);
      return &child->parent == src && child->deref_type != nir_deref_type_cast;
   }
   if (user->type != nir_instr_type_intrinsic)
      return false;
   nir_intrinsic_instr *intr = nir_instr_as_intrinsic(user);
   if (intr->intrinsic != nir_intrinsic_load_deref &&
       intr->intrinsic != nir_intrinsic_store_deref)
      return false;
   return src == &intr->src[0];
}
