/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: variables.  GLSL types to NIR variable types, global and
 * local declarations (storage class -> NIR mode), built-in variables
 * (outputs at their standard locations, system values, constants), and
 * loads and stores of whole values through derefs.
 */
#include <string.h>

#include "glsl_builtins.h"
#include "glsl_to_nir_priv.h"

static nir_alu_type
base_alu_type(enum glsl_base_type b, bool bool_as_uint)
{
   switch (b) {
   case GLSL_TYPE_BOOL:
      return bool_as_uint ? nir_type_uint32 : nir_type_bool1;
   case GLSL_TYPE_INT:
      return nir_type_int32;
   case GLSL_TYPE_UINT:
      return nir_type_uint32;
   case GLSL_TYPE_DOUBLE:
      return nir_type_float64;
   case GLSL_TYPE_INT64:
      return nir_type_int64;
   case GLSL_TYPE_UINT64:
      return nir_type_uint64;
   default:
      return nir_type_float32;
   }
}

static const nir_vtype *
make_vtype(struct g2n *c, const struct glsl_type *t, bool bool_as_uint)
{
   void *mem = c->shader;
   switch (t->base_type) {
   case GLSL_TYPE_ARRAY:
      return nir_vtype_array(mem, g2n_vtype(c, t->element, bool_as_uint),
                             t->length < 0 ? 0 : (unsigned)t->length);
   case GLSL_TYPE_STRUCT:
   case GLSL_TYPE_INTERFACE: {
      /* nir_vtype_struct copies the fields: a scratch array. */
      nir_vtype_field *f = ralloc_array(c->mem, nir_vtype_field,
                                        t->num_fields ? t->num_fields : 1);
      if (!f)
         return NULL;
      for (unsigned i = 0; i < t->num_fields; i++) {
         f[i].name = t->fields[i].name;
         f[i].type = g2n_vtype(c, t->fields[i].type, bool_as_uint);
      }
      const nir_vtype *vt = nir_vtype_struct(mem, t->name, f, t->num_fields);
      ralloc_free(f);
      return vt;
   }
   case GLSL_TYPE_SAMPLER:
   case GLSL_TYPE_IMAGE: {
      nir_sampler_dim dim = g2n_sampler_dim(t);
      if (t->base_type == GLSL_TYPE_IMAGE)
         return nir_vtype_image(mem, dim, t->sampler_array,
                                base_alu_type(t->sampled_type, false));
      return nir_vtype_sampler(mem, dim, t->sampler_array, t->sampler_shadow,
                               base_alu_type(t->sampled_type, false));
   }
   default:
      if (t->matrix_columns > 1)
         return nir_vtype_matrix(mem, base_alu_type(t->base_type, false),
                                 t->vector_elements, t->matrix_columns);
      return nir_vtype_vector(mem, base_alu_type(t->base_type, bool_as_uint),
                              t->vector_elements);
   }
}

/* One NIR type per front-end type (and boolean mode) in a shader: vtypes
 * are immutable, and a shader with thousands of variables of a few types
 * would otherwise hold thousands of copies of them. */
const nir_vtype *
g2n_vtype(struct g2n *c, const struct glsl_type *t, bool bool_as_uint)
{
   struct hash_table **memo = &c->vtypes[bool_as_uint];
   if (!*memo)
      *memo = hash_table_create_pointer_keys(c->mem);
   struct hash_entry *e = hash_table_search(*memo, t);
   if (e)
      return e->data;
   const nir_vtype *vt = make_vtype(c, t, bool_as_uint);
   if (vt)
      hash_table_insert(*memo, t, (void *)vt);
   return vt;
}

/* The deref_var of a variable named in an expression.  One per variable
 * and block: a reference made while the builder appends to the end of the
 * block holding the previous one reuses it (it is earlier in the same
 * block, so it dominates).  Statements name the same variables over and
 * over; CSE would merge the copies anyway, but only after they had taken
 * instruction memory and every walk's time up to it (a third of the
 * instructions of a long straight-line main).  The translation removes no
 * deref, so a remembered one is still in the shader. */
nir_deref_instr *
g2n_var_deref(struct g2n *c, struct g2n_sym *sym)
{
   nir_block *blk = g2n_append_block(c);
   nir_deref_instr *d = sym->var_deref;
   if (d && blk && d->var == sym->var && d->instr.block == blk)
      return d;
   d = nir_build_deref_var(&c->b, sym->var);
   sym->var_deref = d;
   return d;
}

nir_variable *
g2n_temp(struct g2n *c, const struct glsl_type *t, const char *name)
{
   return nir_local_variable_create(c->b.impl, g2n_vtype(c, t, false), name);
}

/* ---- loads and stores ---------------------------------------------------- */

static bool
is_aggregate(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_ARRAY ||
          t->base_type == GLSL_TYPE_STRUCT ||
          t->base_type == GLSL_TYPE_INTERFACE;
}

struct g2n_val
g2n_load(struct g2n *c, nir_deref_instr *d, const struct glsl_type *t)
{
   nir_builder *b = &c->b;
   struct g2n_val v = { .type = t };
   if (is_aggregate(t)) {
      v.deref = d;
   } else if (t->matrix_columns > 1) {
      for (unsigned i = 0; i < t->matrix_columns; i++)
         v.col[i] = nir_load_deref(b, nir_build_deref_array_imm(b, d, i));
   } else if (t->base_type == GLSL_TYPE_SAMPLER ||
              t->base_type == GLSL_TYPE_IMAGE) {
      v.deref = d;
   } else {
      v.col[0] = nir_load_deref(b, d);
      if (t->base_type == GLSL_TYPE_BOOL && v.col[0]->bit_size != 1)
         v.col[0] = nir_ine(b, v.col[0], nir_imm_int_like(b, 0, v.col[0]));
   }
   return v;
}

nir_deref_instr *
g2n_member_deref(nir_builder *b, nir_deref_instr *d,
                 const struct glsl_type *t, unsigned i,
                 const struct glsl_type **et)
{
   if (t->base_type == GLSL_TYPE_ARRAY) {
      *et = t->element;
      return nir_build_deref_array_imm(b, d, i);
   }
   if (i >= t->num_fields)
      return NULL;
   *et = t->fields[i].type;
   return nir_build_deref_struct(b, d, i);
}

void
g2n_store(struct g2n *c, nir_deref_instr *d, const struct glsl_type *t,
          struct g2n_val v)
{
   nir_builder *b = &c->b;
   if (t->base_type == GLSL_TYPE_ARRAY) {
      if (!v.deref)
         return;
      for (int i = 0; i < t->length; i++) {
         nir_deref_instr *src = nir_build_deref_array_imm(b, v.deref, i);
         g2n_store(c, nir_build_deref_array_imm(b, d, i), t->element,
                   g2n_load(c, src, t->element));
      }
   } else if (t->base_type == GLSL_TYPE_STRUCT ||
              t->base_type == GLSL_TYPE_INTERFACE) {
      if (!v.deref)
         return;
      for (unsigned i = 0; i < t->num_fields; i++) {
         nir_deref_instr *src = nir_build_deref_struct(b, v.deref, i);
         g2n_store(c, nir_build_deref_struct(b, d, i), t->fields[i].type,
                   g2n_load(c, src, t->fields[i].type));
      }
   } else if (t->matrix_columns > 1) {
      for (unsigned i = 0; i < t->matrix_columns; i++) {
         nir_store_deref(b, nir_build_deref_array_imm(b, d, i), v.col[i],
                         (1u << t->vector_elements) - 1);
      }
   } else if (t->base_type == GLSL_TYPE_SAMPLER ||
              t->base_type == GLSL_TYPE_IMAGE) {
      /* Opaque values are never copied (only passed as in parameters,
       * which alias the uniform). */
   } else if (v.col[0]) {
      nir_def *x = v.col[0];
      if (t->base_type == GLSL_TYPE_BOOL &&
          nir_alu_type_get_type_size(d->type->base) != 1)
         x = nir_b2i32(b, x);
      nir_store_deref(b, d, x, (1u << x->num_components) - 1);
   }
}

struct g2n_val
g2n_load_lval(struct g2n *c, const struct g2n_lval *lv)
{
   struct g2n_val v = lv->ssa ? g2n_ssa_load(c, lv->ssa)
                      : lv->ubo && lv->mem != G2N_MEM_UBO
                         ? g2n_mem_load(c, lv)
                      : lv->ubo ? g2n_ubo_load(c, lv)
                                : g2n_load(c, lv->deref, lv->dtype);
   if (lv->dyn_index) {
      nir_def *sw = nir_swizzle(&c->b, v.col[0], lv->swz, lv->nswz);
      return g2n_basic(lv->type, nir_vector_extract(&c->b, sw,
                                                    lv->dyn_index));
   }
   if (lv->nswz) {
      v.col[0] = nir_swizzle(&c->b, v.col[0], lv->swz, lv->nswz);
      v.type = lv->type;
   }
   return v;
}

static void
mark_written(struct g2n *c, nir_deref_instr *d)
{
   nir_variable *var = d ? nir_deref_instr_get_variable(d) : NULL;
   if (!var || var->mode == nir_var_function_temp)
      return;
   util_dynarray_foreach(&c->vars, struct glsl_nir_var, gv) {
      if (gv->var == var)
         gv->written = true;
   }
}

void
g2n_store_lval(struct g2n *c, const struct g2n_lval *lv, struct g2n_val v)
{
   nir_builder *b = &c->b;
   if (lv->ubo && lv->mem != G2N_MEM_UBO) {
      g2n_mem_store(c, lv, v);
      return;
   }
   if (lv->ssa && !lv->dyn_index) {
      g2n_ssa_store(c, lv, v);
      return;
   }
   mark_written(c, lv->deref);
   if (!lv->nswz) {
      g2n_store(c, lv->deref, lv->dtype, v);
      return;
   }
   if (lv->dyn_index) {
      /* Component swz[i] gets v; the others of the swizzle keep theirs. */
      struct g2n_val old = lv->ssa ? g2n_ssa_load(c, lv->ssa)
                                   : g2n_load(c, lv->deref, lv->dtype);
      nir_def *comps[4];
      unsigned n = lv->dtype->vector_elements, mask = 0;
      for (unsigned k = 0; k < n; k++)
         comps[k] = nir_channel(b, old.col[0], k);
      for (unsigned k = 0; k < lv->nswz; k++) {
         nir_def *hit = nir_ieq(b, lv->dyn_index,
                                nir_imm_int_like(b, k, lv->dyn_index));
         comps[lv->swz[k]] = nir_bcsel(b, hit, v.col[0],
                                       comps[lv->swz[k]]);
         mask |= 1u << lv->swz[k];
      }
      struct g2n_val nv = g2n_basic(lv->dtype, nir_vec(b, comps, n));
      struct g2n_lval whole = *lv;
      whole.dyn_index = NULL;
      whole.nswz = 0;
      (void)mask;
      g2n_store_lval(c, &whole, nv);
      return;
   }
   /* Swizzled store: place the components where they go and mask. */
   unsigned n = lv->dtype->vector_elements;
   nir_def *comps[4];
   nir_def *undef = NULL;
   unsigned mask = 0;
   for (unsigned i = 0; i < n; i++)
      comps[i] = NULL;
   for (unsigned i = 0; i < lv->nswz; i++) {
      comps[lv->swz[i]] = v.col[0]->num_components > 1
                             ? nir_channel(b, v.col[0], i)
                             : v.col[0];
      mask |= 1u << lv->swz[i];
   }
   for (unsigned i = 0; i < n; i++) {
      if (!comps[i]) {
         if (!undef)
            undef = nir_undef(b, 1, v.col[0]->bit_size);
         comps[i] = undef;
      }
   }
   nir_def *x = n > 1 ? nir_vec(b, comps, n) : comps[0];
   if (lv->dtype->base_type == GLSL_TYPE_BOOL &&
       nir_alu_type_get_type_size(lv->deref->type->base) != 1)
      x = nir_b2i32(b, x);
   nir_store_deref(b, lv->deref, x, mask);
}

nir_deref_instr *
g2n_spill(struct g2n *c, struct g2n_val v)
{
   if (v.deref)
      return v.deref;
   nir_variable *t = g2n_temp(c, v.type, "spill");
   nir_deref_instr *d = nir_build_deref_var(&c->b, t);
   g2n_store(c, d, v.type, v);
   return d;
}

/* ---- declarations -------------------------------------------------------- */

static int
layout_int(const struct ast_type *at, const char *name, int dflt)
{
   int v = dflt;
   for (const struct ast_layout_id *l = at ? at->layout : NULL; l;
        l = l->next) {
      if (!strcmp(l->name, name) && l->evaluated && l->known)
         v = (int)l->ival;
   }
   return v;
}

static void
record_var(struct g2n *c, struct g2n_sym *sym, const char *name,
           const struct glsl_type *t, unsigned q, const struct ast_type *at,
           struct ast_node *init, bool builtin)
{
   struct glsl_nir_var gv = {
      .var = sym->var,
      .name = name,
      .type = t,
      .qual = q,
      .location = layout_int(at, "location", -1),
      .index = layout_int(at, "index", 0),
      .binding = layout_int(at, "binding", -1),
      .builtin = builtin,
      .initializer = init,
      .stream = c->stage == MESA_SHADER_GEOMETRY && (q & AST_Q_OUT)
                   ? layout_int(at, "stream", c->gs_out_stream)
                   : 0,
   };
   sym->var_index = (int)util_dynarray_num_elements(&c->vars,
                                                    struct glsl_nir_var);
   util_dynarray_append(&c->vars, struct glsl_nir_var, gv);
}

void
g2n_geom_default_stream(struct g2n *c, struct ast_node *n)
{
   c->gs_out_stream = layout_int(n->type, "stream", c->gs_out_stream);
}

static nir_variable_mode
mode_for(struct g2n *c, unsigned q)
{
   if (q & AST_Q_UNIFORM)
      return nir_var_uniform;
   if (q & (AST_Q_IN | AST_Q_ATTRIBUTE))
      return nir_var_shader_in;
   if (q & AST_Q_OUT)
      return nir_var_shader_out;
   if (q & AST_Q_VARYING)
      return c->stage == MESA_SHADER_FRAGMENT ? nir_var_shader_in
                                              : nir_var_shader_out;
   return nir_var_function_temp;
}

static void
emit_initializer(struct g2n *c, struct g2n_sym *sym,
                 const struct glsl_type *t, struct ast_node *init)
{
   struct g2n_val v = g2n_initializer(c, init, t);
   if (!c->failed)
      g2n_store(c, g2n_var_deref(c, sym), t, v);
}

/* Largest constant index + 1 applied to member `m` of a block whose
 * instance is `inst` (NULL: an anonymous block, members named alone)
 * anywhere under n: inst.m[k], inst[i].m[k], inst[i][j].m[k] or m[k]. */
static int
member_max_index(const struct ast_node *n, const char *inst, const char *m,
                 int depth)
{
   if (!n || depth > 1000)
      return 0;
   int best = 0;
   if (n->kind == AST_INDEX && n->a && n->b &&
       (n->b->kind == AST_INT_CONST || n->b->kind == AST_UINT_CONST)) {
      const struct ast_node *a = n->a;
      bool hit;
      if (!inst) {
         hit = a->kind == AST_IDENT && !strcmp(a->name, m);
      } else {
         const struct ast_node *base = a->kind == AST_FIELD ? a->a : NULL;
         /* inst[i].m, inst[i][j].m (arrays of arrays of blocks) */
         while (base && base->kind == AST_INDEX)
            base = base->a;
         hit = base && a->name && !strcmp(a->name, m) &&
               base->kind == AST_IDENT && !strcmp(base->name, inst);
      }
      if (hit)
         best = (int)n->b->value.u + 1;
   }
   struct ast_node *kids[4];
   ast_kids(n, kids);
   for (unsigned i = 0; i < 4; i++)
      best = MAX2(best, member_max_index(kids[i], inst, m, depth + 1));
   for (const struct ast_node *k = ast_items(n); k; k = k->next)
      best = MAX2(best, member_max_index(k, inst, m, depth + 1));
   return best;
}

/* The size of an unsized array member of block `n` (GLSL 1.50 4.3.7:
 * sized, like any implicitly sized array, by the largest constant index
 * used, 4.1.9), over every shader of the stage that declares the block
 * in the same direction (each with its own instance name). */
static int
block_member_size(struct g2n *c, const struct ast_node *n,
                  const char *member)
{
   unsigned dir = n->type->flags & (AST_Q_IN | AST_Q_OUT | AST_Q_VARYING);
   int best = 0;
   for (unsigned i = 0; i < c->num_stage_shaders; i++) {
      const struct glsl_parse_state *st = c->stage_shaders[i];
      for (const struct ast_node *d = st->unit.head; d; d = d->next) {
         if (d->kind != AST_BLOCK || !d->name || strcmp(d->name, n->name) ||
             !d->type || (d->type->flags & dir) != dir)
            continue;
         for (const struct ast_node *f = st->unit.head; f; f = f->next)
            best = MAX2(best, member_max_index(f, d->name2, member, 0));
      }
   }
   return best > 0 ? best : 1;
}

/* Member type ft of a block instance of type t: inside the same array
 * dimensions as the instance. */
static const struct glsl_type *
io_block_member_type(struct g2n *c, const struct glsl_type *t,
                     const struct glsl_type *ft)
{
   if (!glsl_type_is_array(t))
      return ft;
   return glsl_array_type(c->shader,
                          io_block_member_type(c, t->element, ft),
                          t->length);
}

/* An input or output block: each member is a variable of its own, named
 * "Block.member" so that the linker matches blocks of two stages member
 * by member (GLSL 4.60 4.3.9: blocks match by block name, members by
 * name and type). */
static void
io_block(struct g2n *c, struct ast_node *n)
{
   const struct glsl_type *bt = n->vtype;
   unsigned q = n->type->flags;
   if (!bt || bt->base_type != GLSL_TYPE_INTERFACE) {
      g2n_fail(c, n, "block without a type");
      return;
   }
   nir_variable_mode mode = mode_for(c, q);
   /* Geometry input blocks are arrays of one block per input vertex
    * (GLSL 1.50 4.3.7): each member becomes an array of that length. */
   bool per_vertex = c->stage == MESA_SHADER_GEOMETRY &&
                     mode == nir_var_shader_in && n->block_dims->count == 1 &&
                     n->name2;
   /* An array of blocks (GLSL 1.50 4.3.7) likewise: member m of
    * instance[i] is element i of the variable "Block.m". */
   /* ... and arrays of arrays (ARB_arrays_of_arrays): the member is an
    * array of arrays of the same sizes. */
   const struct glsl_type *inst_t =
      per_vertex ? glsl_array_type(c->shader, bt, (int)c->gs_vertices_in)
                 : NULL;
   if (n->block_dims->count && !per_vertex) {
      inst_t = n->block_dims->head->vtype;
      bool sized = n->name2 && inst_t && glsl_type_is_array(inst_t);
      for (const struct glsl_type *at = inst_t; sized && at &&
                                                glsl_type_is_array(at);
           at = at->element)
         sized = at->length > 0;
      if (!sized) {
         g2n_fail(c, n, "an unsized array of input/output blocks");
         return;
      }
   }
   /* Shaders of one stage declare a block the same way (GLSL 4.60
    * 4.3.9); the first declaration makes the variables. */
   char *key = ralloc_asprintf(c->mem, "%s block %s",
                               mode == nir_var_shader_in ? "in" : "out",
                               n->name);
   /* (an array of blocks: the same size too, GLSL 1.50 4.3.7) */
   const struct glsl_type *whole = inst_t ? inst_t : bt;
   struct hash_entry *prev = hash_table_search(c->global->names, key);
   if (prev) {
      const struct g2n_sym *ps = prev->data;
      if (!link_types_match(ps->type, whole))
         g2n_fail(c, n, "block '%s' is declared with different members "
                  "or array sizes in different shaders", n->name);
      return;
   }
   struct g2n_sym *marker = rzalloc(c->mem, struct g2n_sym);
   marker->type = whole;
   marker->field = -1;
   marker->var_index = -1;
   hash_table_insert(c->global->names, key, marker);
   struct g2n_sym *inst = NULL;
   if (n->name2) {
      inst = rzalloc(c->mem, struct g2n_sym);
      inst->type = whole;
      inst->field = -1;
      inst->var_index = -1;
      inst->io_members = rzalloc_array(c->mem, nir_variable *,
                                       bt->num_fields ? bt->num_fields : 1);
      inst->io_member_index = rzalloc_array(c->mem, int,
                                            bt->num_fields ? bt->num_fields
                                                           : 1);
   }
   /* Members take consecutive locations from the block's, one with its
    * own location restarting the count (GLSL 4.50 4.4.1; the checker
    * enforces where locations may appear): own[i] is member i's own. */
   int *own = ralloc_array(c->mem, int, bt->num_fields ? bt->num_fields : 1);
   unsigned k = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      for (struct ast_node *d = m->list.head; d && k < bt->num_fields;
           d = d->next)
         own[k++] = layout_int(m->type, "location", -1);
   }
   for (; k < bt->num_fields; k++)
      own[k] = -1;
   int next_loc = layout_int(n->type, "location", -1);
   for (unsigned i = 0; i < bt->num_fields; i++) {
      const struct glsl_type *ft = bt->fields[i].type;
      if (glsl_type_is_array(ft) && ft->length <= 0)
         ft = glsl_array_type(c->shader, ft->element,
                              block_member_size(c, n, bt->fields[i].name));
      if (own[i] >= 0)
         next_loc = own[i];
      int loc = next_loc;
      if (next_loc >= 0)
         next_loc += (int)link_type_slots(ft); /* one vertex's slots */
      if (inst_t)
         ft = io_block_member_type(c, inst_t, ft);
      unsigned mq = q | bt->fields[i].qualifiers;
      const char *name = ralloc_asprintf(c->mem, "%s.%s", n->name,
                                         bt->fields[i].name);
      struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = ft;
      sym->field = -1;
      sym->var_index = -1;
      sym->var = nir_variable_create(c->shader, mode, g2n_vtype(c, ft, false),
                                     name);
      sym->var->data.flat = (mq & AST_Q_FLAT) != 0;
      sym->var->data.noperspective = (mq & AST_Q_NOPERSPECTIVE) != 0;
      sym->var->data.smooth = (mq & AST_Q_SMOOTH) != 0;
      sym->var->data.centroid = (mq & AST_Q_CENTROID) != 0;
      sym->var->data.sample = (mq & AST_Q_SAMPLE) != 0;
      /* (the variable's own copy of the name outlives this pass) */
      record_var(c, sym, sym->var->name, ft, mq, n->type, NULL, false);
      struct glsl_nir_var *gv = util_dynarray_element(
         &c->vars, struct glsl_nir_var, sym->var_index);
      gv->location = loc;
      gv->anonymous_block = !inst;
      if (inst) {
         inst->io_members[i] = sym->var;
         inst->io_member_index[i] = sym->var_index;
      } else {
         g2n_declare(c, bt->fields[i].name, sym);
      }
   }
   if (inst)
      g2n_declare(c, n->name2, inst);
}

void
g2n_global_decl(struct g2n *c, struct ast_node *n)
{
   if (n->kind == AST_BLOCK) {
      /* Redeclared built-in blocks add nothing but the size of
       * gl_ClipDistance. */
      if (n->name && !strcmp(n->name, "gl_PerVertex")) {
         /* (the checker leaves the block's type, whose fields are the
          * members as redeclared, in vtype) */
         const struct glsl_type *bt = n->vtype;
         for (unsigned i = 0;
              (n->type->flags & AST_Q_OUT) && bt &&
              bt->base_type == GLSL_TYPE_INTERFACE && i < bt->num_fields;
              i++)
            g2n_note_clip_distance(c, bt->fields[i].name, bt->fields[i].type);
         return;
      }
      if (n->type->flags & AST_Q_UNIFORM) {
         g2n_ubo_block(c, n);
         return;
      }
      if (n->type->flags & (AST_Q_IN | AST_Q_OUT | AST_Q_VARYING)) {
         io_block(c, n);
         return;
      }
      if (n->type->flags & AST_Q_BUFFER) {
         g2n_ssbo_block(c, n);
         return;
      }
      g2n_fail(c, n, "this kind of block is not translated yet");
      return;
   }
   for (struct ast_node *d = n->list.head; d && !c->failed; d = d->next)
      g2n_global_declarator(c, n, d);
}

/* Declarator d of the global declaration list n. */
void
g2n_global_declarator(struct g2n *c, struct ast_node *n, struct ast_node *d)
{
   unsigned q = n->type->flags;
   const struct glsl_type *t = d->vtype;
   if (!t || !d->name)
      return;
   /* Built-ins redeclared (gl_FragDepth layouts, gl_TexCoord sizes)
    * keep their own variable, but take the interpolation qualifiers
    * the redeclaration gives (GLSL 1.30 7.6: gl_FrontColor, gl_Color,
    * ... may be redeclared flat, smooth or noperspective). */
   if (!strncmp(d->name, "gl_", 3)) {
      if (q & AST_Q_OUT)
         g2n_note_clip_distance(c, d->name, t);
      if (q & (AST_Q_INTERP | AST_Q_CENTROID)) {
         struct g2n_sym *bs = g2n_builtin_var(c, d->name);
         if (bs && bs->var && (bs->var->mode == nir_var_shader_in ||
                               bs->var->mode == nir_var_shader_out)) {
            bs->var->data.flat = (q & AST_Q_FLAT) != 0;
            bs->var->data.noperspective = (q & AST_Q_NOPERSPECTIVE) != 0;
            bs->var->data.smooth = (q & AST_Q_SMOOTH) != 0;
            bs->var->data.centroid = (q & AST_Q_CENTROID) != 0;
         }
      }
      return;
   }
   /* Shaders of one stage share their globals; a sized declaration
    * sizes an unsized one (GLSL 1.20 4.1.9). */
   struct hash_entry *prev = hash_table_search(c->global->names,
                                               d->name);
   if (prev) {
      struct g2n_sym *ps = prev->data;
      if (g2n_intrastage_conflict(c, d, ps, t, q))
         return;
      /* Explicit locations of one variable must agree (GLSL 3.30
       * 4.3.8.1, ARB_explicit_attrib_location); the one given wins
       * over none. */
      int loc = layout_int(n->type, "location", -1);
      struct glsl_nir_var *pv =
         ps->var_index >= 0
            ? util_dynarray_element(&c->vars, struct glsl_nir_var,
                                    ps->var_index)
            : NULL;
      if (pv && loc >= 0 && pv->location >= 0 && pv->location != loc) {
         g2n_fail(c, d, "'%s' has explicit locations %d and %d in "
                  "different shaders", d->name, pv->location, loc);
         return;
      }
      if (pv && loc >= 0 && pv->location < 0)
         pv->location = loc;
      /* The first initializer seen gives the value (a global of the
       * stage's shaders is one variable), and later declarations are
       * compared with it. */
      if (d->a && ps->decl && !ps->decl->a) {
         if (ps->var && ps->var->mode == nir_var_function_temp)
            emit_initializer(c, ps, ps->type, d->a);
         ps->decl = d;
         ps->decl_st = c->st;
      }
      if (ps->var && glsl_type_is_array(ps->type) &&
          ps->type->length <= 0 && glsl_type_is_array(t) &&
          t->length > 0) {
         ps->type = t;
         ps->var->type = g2n_vtype(c, t, ps->var->mode == nir_var_uniform);
         if (ps->var_index >= 0)
            util_dynarray_element(&c->vars, struct glsl_nir_var,
                                  ps->var_index)->type = t;
      }
      return;
   }
   if (glsl_type_is_array(t) && t->length < 0) {
      /* Implicitly sized: by the largest constant index used; inputs
       * of a geometry shader by the input primitive (GLSL 1.50
       * 4.3.8.1). */
      bool gs_in = c->stage == MESA_SHADER_GEOMETRY &&
                   (q & AST_Q_IN);
      t = glsl_array_type(c->shader, t->element,
                          gs_in ? (int)c->gs_vertices_in
                                : g2n_implicit_array_size(c, d->name));
   }
   if (q & AST_Q_SHARED) {
      g2n_shared_decl(c, d, t);
      return;
   }
   if (glsl_without_array(t)->base_type == GLSL_TYPE_ATOMIC_UINT) {
      g2n_counter_decl(c, d, n->type, t);
      return;
   }
   if (q & AST_Q_BUFFER) {
      g2n_fail(c, d, "buffer variables outside a block are not "
               "translated");
      return;
   }
   nir_variable_mode mode = mode_for(c, q);
   /* #pragma STDGL invariant(all) makes every output invariant. */
   if (mode == nir_var_shader_out && c->st->pragma_invariant_all)
      q |= AST_Q_INVARIANT;
   struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
   sym->type = t;
   sym->field = -1;
   sym->var_index = -1;
   sym->decl = d;
   sym->decl_st = c->st;
   sym->qual = q;
   /* globals kept in the shader (const and plain ones) have their
    * declared or default precision too (GLSL ES 3.00 4.5.4) */
   sym->prec = g2n_decl_prec(c, q, t);
   if (mode == nir_var_function_temp) {
      sym->var = g2n_temp(c, t, d->name);
      if (d->a)
         emit_initializer(c, sym, t, d->a);
   } else {
      sym->var = nir_variable_create(c->shader, mode,
                                     g2n_vtype(c, t, mode ==
                                               nir_var_uniform),
                                     d->name);
      sym->var->data.flat = (q & AST_Q_FLAT) != 0;
      sym->var->data.noperspective = (q & AST_Q_NOPERSPECTIVE) != 0;
      sym->var->data.smooth = (q & AST_Q_SMOOTH) != 0;
      sym->var->data.centroid = (q & AST_Q_CENTROID) != 0;
      sym->var->data.sample = (q & AST_Q_SAMPLE) != 0;
      /* The effective precision (explicit, else the default). */
      unsigned prec = q & AST_Q_PRECISION;
      const struct glsl_type *bt = glsl_without_array(t);
      if (!prec && bt->base_type == GLSL_TYPE_FLOAT)
         prec = c->default_prec_float;
      else if (!prec && (bt->base_type == GLSL_TYPE_INT ||
                         bt->base_type == GLSL_TYPE_UINT))
         prec = c->default_prec_int;
      sym->prec = g2n_decl_prec(c, q, t);
      record_var(c, sym, d->name, t, (q & ~AST_Q_PRECISION) | prec,
                 n->type, mode == nir_var_uniform ? d->a : NULL, false);
   }
   g2n_declare(c, d->name, sym);
}

void
g2n_local_decl(struct g2n *c, struct ast_node *n)
{
   /* Set by g2n_stmt_list for this statement only (initializers may
    * translate other lists). */
   bool ssa_ok = c->ssa_decl_ok;
   c->ssa_decl_ok = false;
   for (struct ast_node *d = n->list.head; d && !c->failed; d = d->next) {
      const struct glsl_type *t = d->vtype;
      if (!t || !d->name)
         continue;
      if (glsl_type_is_array(t) && t->length < 0)
         t = glsl_array_type(c->shader, t->element,
                             g2n_implicit_array_size(c, d->name));
      struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = t;
      sym->field = -1;
      sym->var_index = -1;
      sym->prec = g2n_decl_prec(c, n->type ? n->type->flags : 0, t);
      sym->ssa = ssa_ok && g2n_ssa_local_ok(d, t);
      if (sym->ssa)
         g2n_ssa_declare(c, sym);
      else
         sym->var = g2n_temp(c, t, d->name);
      /* The name is in scope after its initializer (GLSL 4.60 4.2.2). */
      if (d->a && sym->ssa) {
         struct g2n_val v = g2n_initializer(c, d->a, t);
         if (!c->failed)
            sym->ssa_val = v.col[0];
      } else if (d->a) {
         emit_initializer(c, sym, t, d->a);
      }
      g2n_declare(c, d->name, sym);
   }
}

/* A global declared again in another shader of the same stage (GLSL
 * 1.20 4.3 / Mesa's intrastage rules): arrays must agree in size (an
 * unsized one must not be indexed beyond the other's size), at most one
 * shader may initialize a variable, and constants must have equal values.
 * Returns true (after g2n_fail) when they conflict. */
bool
g2n_intrastage_conflict(struct g2n *c, struct ast_node *d,
                        struct g2n_sym *ps, const struct glsl_type *t,
                        unsigned q)
{
   const struct glsl_type *pt = ps->decl ? ps->decl->vtype : ps->type;
   if (!ps->decl || !pt)
      return false;
   /* GLSL 4.60 section 4.3 ("shared globals" of one stage "must be
    * declared with the same type") and GLSL 1.20 section 4.3.5 (uniforms
    * of one name in linked shaders must match in type).  An unsized outer
    * array matches any size (sizes are checked below).  The storage
    * qualifiers are not compared: the specs do not ask for it, and Mesa's
    * linker (llvmpipe) links a uniform with a plain global or an input of
    * the same name. */
   bool both_arrays = glsl_type_is_array(pt) && glsl_type_is_array(t);
   if (!link_types_match(both_arrays ? pt->element : pt,
                         both_arrays ? t->element : t)) {
      g2n_fail(c, d, "'%s' is declared with different types in different "
               "shaders", d->name);
      return true;
   }
   if (both_arrays) {
      int pl = pt->length, l = t->length;
      struct glsl_parse_state *cur = c->st;
      if (pl > 0 && l > 0 && pl != l) {
         g2n_fail(c, d, "array '%s' is declared with sizes %d and %d",
                  d->name, pl, l);
         return true;
      }
      int used = 0, size = 0;
      if (pl > 0 && l <= 0) {
         used = g2n_implicit_array_size(c, d->name);
         size = pl;
      } else if (pl <= 0 && l > 0) {
         c->st = ps->decl_st;
         used = g2n_implicit_array_size(c, d->name);
         c->st = cur;
         size = l;
      }
      if (size && used > size) {
         g2n_fail(c, d, "array '%s' is indexed at %d but declared with "
                  "size %d in another shader", d->name, used - 1, size);
         return true;
      }
   }
   unsigned interp = AST_Q_CENTROID | AST_Q_INVARIANT | AST_Q_INTERP;
   if ((q ^ ps->qual) & interp) {
      g2n_fail(c, d, "'%s' is declared with different qualifiers in "
               "different shaders", d->name);
      return true;
   }
   if (d->a && ps->decl->a) {
      /* Initialized in several shaders: only with equal constant
       * values. */
      uint32_t a[64] = { 0 }, b[64] = { 0 };
      bool ok_a = glsl_nir_eval_initializer(ps->decl_st, ps->decl->a, pt, a,
                                            64);
      bool ok_b = glsl_nir_eval_initializer(c->st, d->a, t, b, 64);
      if (!ok_a || !ok_b || memcmp(a, b, sizeof(a))) {
         g2n_fail(c, d, "global '%s' is initialized differently (or not "
                  "with constants) in more than one shader", d->name);
         return true;
      }
   }
   return false;
}

/* Records 1 + n's constant index under the array's name, for every
 * constant index on a plain name in n (the depth limit is the one the
 * translation's other AST searches keep). */
static void
note_indices(struct hash_table *sizes, const struct ast_node *n, int depth)
{
   if (!n || depth > 1000)
      return;
   if (n->kind == AST_INDEX && n->a && n->a->kind == AST_IDENT && n->b &&
       (n->b->kind == AST_INT_CONST || n->b->kind == AST_UINT_CONST)) {
      intptr_t m = (int)n->b->value.u + 1;
      struct hash_entry *e = hash_table_search(sizes, n->a->name);
      if (!e)
         hash_table_insert(sizes, n->a->name, (void *)m);
      else if ((intptr_t)e->data < m)
         e->data = (void *)m;
   }
   struct ast_node *kids[4];
   ast_kids(n, kids);
   for (unsigned i = 0; i < 4; i++)
      note_indices(sizes, kids[i], depth + 1);
   for (const struct ast_node *k = ast_items(n); k; k = k->next)
      note_indices(sizes, k, depth + 1);
}

/* Largest constant index + 1 used on `name` anywhere in the stage's
 * shaders (GLSL 1.20 4.1.9: an unsized array is sized by its uses), and
 * in the other shaders of the stage, which share the global
 * (ARB_shader_storage_buffer_object's length() tests).  All names are
 * found in one walk of the shaders: walking them for every unsized
 * array made a link quadratic in the number of unsized arrays. */
int
g2n_implicit_array_size(struct g2n *c, const char *name)
{
   const struct glsl_parse_state *extra = c->st;
   for (unsigned i = 0; i < c->num_stage_shaders; i++) {
      if (c->stage_shaders[i] == c->st)
         extra = NULL;
   }
   if (!c->index_sizes || c->index_sizes_extra != extra) {
      if (c->index_sizes)
         hash_table_destroy(c->index_sizes, NULL);
      c->index_sizes = hash_table_create_string_keys(c->mem);
      c->index_sizes_extra = extra;
      for (unsigned i = 0; i <= c->num_stage_shaders; i++) {
         const struct glsl_parse_state *sh =
            i < c->num_stage_shaders ? c->stage_shaders[i] : extra;
         for (const struct ast_node *n = sh ? sh->unit.head : NULL; n;
              n = n->next)
            note_indices(c->index_sizes, n, 0);
      }
   }
   struct hash_entry *e = hash_table_search(c->index_sizes, name);
   int m = e ? (int)(intptr_t)e->data : 0;
   return m > 0 ? m : 1;
}

void
g2n_note_clip_distance(struct g2n *c, const char *name,
                       const struct glsl_type *t)
{
   if (!t || !glsl_type_is_array(t) || t->length <= 0)
      return;
   if (!strcmp(name, "gl_ClipDistance"))
      c->clip_distance_size = t->length;
   else if (!strcmp(name, "gl_CullDistance"))
      c->cull_distance_size = t->length;
}

/* GLSL 1.30 7.1: gl_ClipDistance is sized by a redeclaration, else by
 * the constant indices used on it (the checker refuses other indices on
 * an unsized array); gl_CullDistance likewise (ARB_cull_distance).  The
 * transform feedback name "gl_ClipDistance" captures that many floats. */
unsigned
g2n_distance_size(struct g2n *c, bool cull)
{
   if (c->stage != MESA_SHADER_VERTEX && c->stage != MESA_SHADER_GEOMETRY)
      return 0;
   /* a redeclared size counts even when the shader never writes the
    * array (ARB_cull_distance's combined limit is on the sizes) */
   int declared = cull ? c->cull_distance_size : c->clip_distance_size;
   if (declared > 0)
      return (unsigned)declared;
   const char *name = cull ? "gl_CullDistance" : "gl_ClipDistance";
   struct hash_entry *e = hash_table_search(c->builtins, name);
   const struct g2n_sym *sym = e ? e->data : NULL;
   if (!sym || !sym->var || sym->var->mode != nir_var_shader_out)
      return 0;
   return (unsigned)g2n_implicit_array_size(c, name);
}

/* ---- built-in variables ---------------------------------------------------- */

struct builtin_io {
   const char *name;
   const char *type;
   unsigned stages;           /* bit per stage */
   nir_variable_mode mode;    /* 0: system value */
   int location;
   nir_intrinsic_op sysval;
   unsigned array;            /* array length, 0: not an array */
};

#define VS (1u << MESA_SHADER_VERTEX)
#define FS (1u << MESA_SHADER_FRAGMENT)
#define GS (1u << MESA_SHADER_GEOMETRY)
#define ALL (VS | GS | FS)

/* Locations: the standard slots glsl_program.h documents. */
static const struct builtin_io builtin_ios[] = {
   { "gl_Position", "vec4", VS | GS, nir_var_shader_out, VARYING_SLOT_POS, 0,
     0 },
   /* Compatibility: gl_Vertex is generic attribute 0 (the linker keeps
    * index 0 for it). */
   { "gl_Vertex", "vec4", VS, nir_var_shader_in, VERT_ATTRIB_GENERIC0, 0,
     0 },
   /* The other conventional attributes (the linker places them). */
   { "gl_Normal", "vec3", VS, nir_var_shader_in, VERT_ATTRIB_NORMAL, 0, 0 },
   { "gl_Color", "vec4", VS, nir_var_shader_in, VERT_ATTRIB_COLOR0, 0, 0 },
   { "gl_SecondaryColor", "vec4", VS, nir_var_shader_in, VERT_ATTRIB_COLOR1,
     0, 0 },
   { "gl_FogCoord", "float", VS, nir_var_shader_in, VERT_ATTRIB_FOG, 0, 0 },
   { "gl_MultiTexCoord0", "vec4", VS, nir_var_shader_in, VERT_ATTRIB_TEX0,
     0, 0 },
   { "gl_MultiTexCoord1", "vec4", VS, nir_var_shader_in,
     VERT_ATTRIB_TEX0 + 1, 0, 0 },
   { "gl_MultiTexCoord2", "vec4", VS, nir_var_shader_in,
     VERT_ATTRIB_TEX0 + 2, 0, 0 },
   { "gl_MultiTexCoord3", "vec4", VS, nir_var_shader_in,
     VERT_ATTRIB_TEX0 + 3, 0, 0 },
   { "gl_MultiTexCoord4", "vec4", VS, nir_var_shader_in,
     VERT_ATTRIB_TEX0 + 4, 0, 0 },
   { "gl_MultiTexCoord5", "vec4", VS, nir_var_shader_in,
     VERT_ATTRIB_TEX0 + 5, 0, 0 },
   { "gl_MultiTexCoord6", "vec4", VS, nir_var_shader_in,
     VERT_ATTRIB_TEX0 + 6, 0, 0 },
   { "gl_MultiTexCoord7", "vec4", VS, nir_var_shader_in,
     VERT_ATTRIB_TEX0 + 7, 0, 0 },
   { "gl_PointSize", "float", VS | GS, nir_var_shader_out, VARYING_SLOT_PSIZ, 0,
     0 },
   { "gl_VertexID", "int", VS, 0, 0, nir_intrinsic_load_vertex_id, 0 },
   { "gl_InstanceID", "int", VS, 0, 0, nir_intrinsic_load_instance_id, 0 },
   { "gl_InstanceIDEXT", "int", VS, 0, 0, nir_intrinsic_load_instance_id,
     0 },
   /* ARB_draw_instanced's name in GLSL 1.10-1.30. */
   { "gl_InstanceIDARB", "int", VS, 0, 0, nir_intrinsic_load_instance_id,
     0 },
   { "gl_FragCoord", "vec4", FS, 0, 0, nir_intrinsic_load_frag_coord, 0 },
   { "gl_FrontFacing", "bool", FS, 0, 0, nir_intrinsic_load_front_face, 0 },
   { "gl_PointCoord", "vec2", FS, 0, 0, nir_intrinsic_load_point_coord, 0 },
   /* ARB_sample_shading / GLSL 4.00 7.1: the sample being shaded, its
    * position in the pixel, the samples covered (gl_SampleMaskIn[0]: one
    * word holds every sample count we have; indexing it reads that word)
    * and the samples to keep (gl_SampleMask[0]). */
   { "gl_SampleID", "int", FS, 0, 0, nir_intrinsic_load_sample_id, 0 },
   { "gl_SamplePosition", "vec2", FS, 0, 0, nir_intrinsic_load_sample_pos,
     0 },
   { "gl_SampleMaskIn", "int", FS, 0, 0, nir_intrinsic_load_sample_mask_in,
     0 },
   { "gl_NumSamples", "int", FS, 0, 0, nir_intrinsic_load_num_samples, 0 },
   { "gl_SampleMask", "int", FS, nir_var_shader_out, FRAG_RESULT_SAMPLE_MASK,
     0, 1 },
   /* GLSL 4.50 7.1.5: true in helper invocations (derivatives only). */
   { "gl_HelperInvocation", "bool", FS, 0, 0,
     nir_intrinsic_load_helper_invocation, 0 },
   { "gl_FragColor", "vec4", FS, nir_var_shader_out, FRAG_RESULT_COLOR, 0,
     0 },
   { "gl_FragData", "vec4", FS, nir_var_shader_out, FRAG_RESULT_DATA0, 0,
     FRAG_RESULT_DUAL_SRC0 - FRAG_RESULT_DATA0 },
   /* GLSL ES 1.00 with GL_EXT_blend_func_extended: the second source
    * colour of draw buffer 0 (gl_MaxDualSourceDrawBuffersEXT is 1). */
   { "gl_SecondaryFragColorEXT", "vec4", FS, nir_var_shader_out,
     FRAG_RESULT_DUAL_SRC0, 0, 0 },
   { "gl_SecondaryFragDataEXT", "vec4", FS, nir_var_shader_out,
     FRAG_RESULT_DUAL_SRC0, 0, 1 },
   { "gl_FragDepth", "float", FS, nir_var_shader_out, FRAG_RESULT_DEPTH, 0,
     0 },
   /* GLSL ES 1.00 with GL_EXT_frag_depth */
   { "gl_FragDepthEXT", "float", FS, nir_var_shader_out, FRAG_RESULT_DEPTH,
     0, 0 },
   /* Compatibility-profile varyings at their fixed slots. */
   { "gl_FrontColor", "vec4", VS | GS, nir_var_shader_out, VARYING_SLOT_COL0, 0,
     0 },
   { "gl_BackColor", "vec4", VS | GS, nir_var_shader_out, VARYING_SLOT_BFC0, 0,
     0 },
   { "gl_FrontSecondaryColor", "vec4", VS | GS, nir_var_shader_out,
     VARYING_SLOT_COL1, 0, 0 },
   { "gl_BackSecondaryColor", "vec4", VS | GS, nir_var_shader_out,
     VARYING_SLOT_BFC1, 0, 0 },
   { "gl_TexCoord", "vec4", VS | GS, nir_var_shader_out, VARYING_SLOT_TEX0, 0,
     8 },
   { "gl_FogFragCoord", "float", VS | GS, nir_var_shader_out, VARYING_SLOT_FOGC,
     0, 0 },
   /* User clipping: gl_ClipDistance[i] (GLSL 1.30) is float i of
    * VARYING_SLOT_CLIP_DIST0/1 once packed by the backend; gl_ClipVertex
    * (compatibility) has a slot of its own. */
   { "gl_ClipVertex", "vec4", VS | GS, nir_var_shader_out,
     VARYING_SLOT_CLIP_VERTEX, 0, 0 },
   { "gl_ClipDistance", "float", VS | GS, nir_var_shader_out,
     VARYING_SLOT_CLIP_DIST0, 0, 8 },
   /* GLSL 1.30 section 7.2: the fragment shader reads the interpolated
    * distances */
   { "gl_ClipDistance", "float", FS, nir_var_shader_in,
     VARYING_SLOT_CLIP_DIST0, 0, 8 },
   /* ARB_cull_distance: gl_CullDistance[i] is float i of
    * VARYING_SLOT_CULL_DIST0/1 once packed, and the fragment shader
    * reads the interpolated distances. */
   { "gl_CullDistance", "float", VS | GS, nir_var_shader_out,
     VARYING_SLOT_CULL_DIST0, 0, 8 },
   { "gl_CullDistance", "float", FS, nir_var_shader_in,
     VARYING_SLOT_CULL_DIST0, 0, 8 },
   { "gl_Color", "vec4", FS, nir_var_shader_in, VARYING_SLOT_COL0, 0, 0 },
   { "gl_SecondaryColor", "vec4", FS, nir_var_shader_in, VARYING_SLOT_COL1,
     0, 0 },
   { "gl_TexCoord", "vec4", FS, nir_var_shader_in, VARYING_SLOT_TEX0, 0, 8 },
   { "gl_FogFragCoord", "float", FS, nir_var_shader_in, VARYING_SLOT_FOGC, 0,
     0 },
   /* Geometry shaders (GLSL 1.50 7.1): the input primitive's number and
    * the instance number are system values; gl_PrimitiveID and gl_Layer
    * are outputs, gl_PrimitiveID a flat input of the fragment shader. */
   { "gl_PrimitiveIDIn", "int", GS, 0, 0, nir_intrinsic_load_primitive_id,
     0 },
   { "gl_InvocationID", "int", GS, 0, 0, nir_intrinsic_load_invocation_id,
     0 },
   { "gl_PrimitiveID", "int", GS, nir_var_shader_out,
     VARYING_SLOT_PRIMITIVE_ID, 0, 0 },
   { "gl_PrimitiveID", "int", FS, nir_var_shader_in,
     VARYING_SLOT_PRIMITIVE_ID, 0, 0 },
   { "gl_Layer", "int", GS, nir_var_shader_out, VARYING_SLOT_LAYER, 0, 0 },
   /* ARB_viewport_array: the viewport (and scissor box) of the primitive */
   { "gl_ViewportIndex", "int", GS, nir_var_shader_out, VARYING_SLOT_VIEWPORT,
     0, 0 },
   /* Compatibility-profile transformation state: default-block uniforms
    * named like this, identity by default (GL 2.1 2.11.2); the GL front
    * end keeps them current. */
   { "gl_ModelViewMatrix", "mat4", ALL, nir_var_uniform, -1, 0, 0 },
   { "gl_ProjectionMatrix", "mat4", ALL, nir_var_uniform, -1, 0, 0 },
   { "gl_ModelViewProjectionMatrix", "mat4", ALL, nir_var_uniform, -1, 0,
     0 },
   { "gl_ModelViewMatrixInverse", "mat4", ALL, nir_var_uniform, -1, 0,
     0 },
   { "gl_ProjectionMatrixInverse", "mat4", ALL, nir_var_uniform, -1, 0,
     0 },
   { "gl_ModelViewProjectionMatrixInverse", "mat4", ALL, nir_var_uniform,
     -1, 0, 0 },
   { "gl_NormalMatrix", "mat3", ALL, nir_var_uniform, -1, 0, 0 },
   { "gl_ModelViewMatrixTranspose", "mat4", ALL, nir_var_uniform, -1, 0,
     0 },
   { "gl_ProjectionMatrixTranspose", "mat4", ALL, nir_var_uniform, -1,
     0, 0 },
   { "gl_ModelViewProjectionMatrixTranspose", "mat4", ALL,
     nir_var_uniform, -1, 0, 0 },
   { "gl_ModelViewMatrixInverseTranspose", "mat4", ALL, nir_var_uniform,
     -1, 0, 0 },
   { "gl_ProjectionMatrixInverseTranspose", "mat4", ALL,
     nir_var_uniform, -1, 0, 0 },
   { "gl_ModelViewProjectionMatrixInverseTranspose", "mat4", ALL,
     nir_var_uniform, -1, 0, 0 },
   { "gl_NormalScale", "float", ALL, nir_var_uniform, -1, 0, 0 },
   /* Every GLSL and GLSL ES version (GLSL 1.10 7.5, ES 1.00 7.5): the
    * window depth range, kept current by the GL front end too. */
   { "gl_DepthRange", "gl_DepthRangeParameters", ALL, nir_var_uniform,
     -1, 0, 0 },
   { "gl_TextureMatrix", "mat4", ALL, nir_var_uniform, -1, 0, 8 },
   /* Compatibility-profile lighting and fog state (GLSL 1.10 7.5), of
    * the built-in structure types; the GL front end keeps them current
    * (main/ffuniforms.c).  gl_MaxLights is 8. */
   { "gl_LightSource", "gl_LightSourceParameters", ALL, nir_var_uniform, -1,
     0, 8 },
   { "gl_LightModel", "gl_LightModelParameters", ALL, nir_var_uniform, -1,
     0, 0 },
   { "gl_FrontMaterial", "gl_MaterialParameters", ALL, nir_var_uniform, -1,
     0, 0 },
   { "gl_BackMaterial", "gl_MaterialParameters", ALL, nir_var_uniform, -1,
     0, 0 },
   { "gl_FrontLightModelProduct", "gl_LightModelProducts", ALL,
     nir_var_uniform, -1, 0, 0 },
   { "gl_BackLightModelProduct", "gl_LightModelProducts", ALL,
     nir_var_uniform, -1, 0, 0 },
   { "gl_FrontLightProduct", "gl_LightProducts", ALL, nir_var_uniform, -1,
     0, 8 },
   { "gl_BackLightProduct", "gl_LightProducts", ALL, nir_var_uniform, -1,
     0, 8 },
   { "gl_Fog", "gl_FogParameters", ALL, nir_var_uniform, -1, 0, 0 },
   /* gl_MaxTextureCoords, gl_MaxTextureUnits, gl_MaxClipPlanes elements
    * (glsl_builtins.py). */
   { "gl_EyePlaneS", "vec4", ALL, nir_var_uniform, -1, 0, 8 },
   { "gl_EyePlaneT", "vec4", ALL, nir_var_uniform, -1, 0, 8 },
   { "gl_EyePlaneR", "vec4", ALL, nir_var_uniform, -1, 0, 8 },
   { "gl_EyePlaneQ", "vec4", ALL, nir_var_uniform, -1, 0, 8 },
   { "gl_ObjectPlaneS", "vec4", ALL, nir_var_uniform, -1, 0, 8 },
   { "gl_ObjectPlaneT", "vec4", ALL, nir_var_uniform, -1, 0, 8 },
   { "gl_ObjectPlaneR", "vec4", ALL, nir_var_uniform, -1, 0, 8 },
   { "gl_ObjectPlaneQ", "vec4", ALL, nir_var_uniform, -1, 0, 8 },
   { "gl_TextureEnvColor", "vec4", ALL, nir_var_uniform, -1, 0, 2 },
   { "gl_ClipPlane", "vec4", ALL, nir_var_uniform, -1, 0, 8 },
};

static struct g2n_sym *
builtin_constant(struct g2n *c, const char *name)
{
   for (unsigned i = 0; i < glsl_num_builtin_vars; i++) {
      const struct glsl_builtin_var *bv = &glsl_builtin_vars[i];
      if (bv->qual != GLSL_BQ_CONST || strcmp(bv->name, name))
         continue;
      const struct glsl_type *t = glsl_builtin_type_by_name(bv->type, NULL);
      if (!t || !glsl_type_is_basic(t))
         return NULL;
      struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = t;
      sym->field = -1;
      sym->var_index = -1;
      sym->var = g2n_temp(c, t, name);
      /* Stored at the very start of main, so every use sees it. */
      nir_builder sb = nir_builder_at(nir_before_impl(c->b.impl));
      nir_def *comps[4];
      for (unsigned k = 0; k < t->vector_elements; k++)
         comps[k] = nir_imm_int(&sb, bv->values[k]);
      nir_def *v = t->vector_elements > 1
                      ? nir_vec(&sb, comps, t->vector_elements)
                      : comps[0];
      nir_store_deref(&sb, nir_build_deref_var(&sb, sym->var), v,
                      (1u << t->vector_elements) - 1);
      return sym;
   }
   return NULL;
}

/* struct gl_DepthRangeParameters { float near, far, diff; } (the only
 * built-in structure type a built-in_ios row names). */
static const struct glsl_type *
depth_range_type(struct g2n *c)
{
   static const char *const names[3] = { "near", "far", "diff" };
   struct glsl_struct_field *f =
      rzalloc_array(c->shader, struct glsl_struct_field, 3);
   for (unsigned i = 0; i < 3; i++) {
      f[i].type = glsl_vector_type(GLSL_TYPE_FLOAT, 1);
      f[i].name = names[i];
      f[i].location = -1;
      f[i].offset = -1;
   }
   return glsl_struct_type(c->shader, f, 3, "gl_DepthRangeParameters");
}

/* A compatibility built-in structure of basic members
 * (glsl_builtin_struct_fields), NULL if out of memory. */
static const struct glsl_type *
builtin_struct_type(struct g2n *c, const char *name)
{
   const char *spec = glsl_builtin_struct_fields(name);
   if (!spec)
      return NULL;
   struct glsl_struct_field *f =
      rzalloc_array(c->shader, struct glsl_struct_field, 16);
   char *copy = ralloc_strdup(c->shader, spec);
   unsigned n = 0;
   if (!f || !copy)
      return NULL;
   for (char *save = NULL, *m = strtok_r(copy, ";", &save); m && n < 16;
        m = strtok_r(NULL, ";", &save)) {
      char *sp = strchr(m, ' ');
      if (!sp)
         return NULL;
      *sp = 0;
      f[n].type = glsl_builtin_type_by_name(m, NULL);
      f[n].name = sp + 1;
      f[n].location = -1;
      f[n].offset = -1;
      if (!f[n].type)
         return NULL;
      n++;
   }
   return glsl_struct_type(c->shader, f, n, name);
}

struct g2n_sym *
g2n_builtin_var(struct g2n *c, const char *name)
{
   if (strncmp(name, "gl_", 3))
      return NULL;
   struct hash_entry *e = hash_table_search(c->builtins, name);
   if (e)
      return e->data;
   struct g2n_sym *sym = NULL;
   if (c->stage == MESA_SHADER_COMPUTE &&
       (sym = g2n_compute_builtin(c, name))) {
      hash_table_insert(c->builtins, name, sym);
      return sym;
   }
   if (!strcmp(name, "gl_in") && c->stage == MESA_SHADER_GEOMETRY) {
      sym = g2n_geom_gl_in(c);
      hash_table_insert(c->builtins, name, sym);
      return sym;
   }
   for (unsigned i = 0; i < ARRAY_SIZE(builtin_ios); i++) {
      const struct builtin_io *io = &builtin_ios[i];
      if (strcmp(io->name, name) || !(io->stages & (1u << c->stage)))
         continue;
      const struct glsl_type *t = glsl_builtin_type_by_name(io->type, NULL);
      if (!t && strcmp(io->type, "gl_DepthRangeParameters"))
         t = builtin_struct_type(c, io->type);
      if (!t)
         t = depth_range_type(c);
      if (io->array)
         t = glsl_array_type(c->shader, t, (int)io->array);
      sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = t;
      sym->field = -1;
      sym->var_index = -1;
      if (!io->mode) {
         sym->is_sysval = true;
         sym->sysval = io->sysval;
      } else {
         sym->var = nir_variable_create(c->shader, io->mode,
                                        g2n_vtype(c, t, false), name);
         sym->var->data.location = io->location;
         /* Integer varyings are never interpolated (gl_PrimitiveID). */
         sym->var->data.flat = io->mode != nir_var_uniform &&
                               t->base_type == GLSL_TYPE_INT;
         if (io->location >= 0)
            sym->var->data.driver_location = (unsigned)io->location;
         unsigned q = io->mode == nir_var_shader_out ? AST_Q_OUT
                      : io->mode == nir_var_uniform  ? AST_Q_UNIFORM
                                                     : AST_Q_IN;
         record_var(c, sym, name, t, q, NULL, NULL, true);
         util_dynarray_element(&c->vars, struct glsl_nir_var,
                               sym->var_index)->location = io->location;
      }
      break;
   }
   if (!sym)
      sym = builtin_constant(c, name);
   if (sym)
      hash_table_insert(c->builtins, name, sym);
   return sym;
}
