/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: shader storage blocks, shared variables and the compute
 * stage.
 *
 * A storage block is laid out with the std430 rules when it says std430
 * (GLSL 4.60 7.6.2.2 / GL 4.6 7.6.2.2), else with std140's ("shared" and
 * "packed" may be laid out like std140).  It is accessed like a uniform
 * block (glsl_to_nir_ubo.c walks the access chain into a byte offset),
 * but with load_ssbo(block, offset), store_ssbo(value, block, offset) and
 * ssbo_atomic(_swap); the block source is the stage-local index into
 * g2n.ssbos, which the linker rewrites to the block's binding point.
 *
 * Shared variables get byte offsets in the work group's shared memory,
 * laid out one after the other with the std430 rules (their layout is
 * ours to choose), read and written with load_shared / store_shared /
 * shared_atomic(_swap); the total is nir->info.shared_size.
 *
 * The compute built-ins are the NIR system values; gl_WorkGroupSize is the
 * constant layout(local_size_*) gives (ARB_compute_shader).
 */
#include <string.h>

#include "glsl_to_nir_priv.h"

static unsigned
align_to(unsigned x, unsigned a)
{
   return a ? (x + a - 1) / a * a : x;
}

static enum glsl_layout_rules
rules_of(bool std430)
{
   return std430 ? GLSL_LAYOUT_STD430 : GLSL_LAYOUT_STD140;
}

unsigned
g2n_mem_offset(const struct glsl_type *t, unsigned i, const bool *rm_fields,
               bool rm, bool std430)
{
   if (!std430)
      return g2n_std140_offset(t, i, rm_fields, rm);
   unsigned cur = 0;
   for (unsigned j = 0; j < t->num_fields; j++) {
      const struct glsl_type *ft = t->fields[j].type;
      bool frm = rm_fields ? rm_fields[j] : rm;
      cur = t->fields[j].offset >= 0
               ? (unsigned)t->fields[j].offset
               : align_to(cur, glsl_type_alignment_B(ft, GLSL_LAYOUT_STD430,
                                                     frm));
      if (j == i)
         return cur;
      cur += glsl_type_size_B(ft, GLSL_LAYOUT_STD430, frm);
   }
   return cur;
}

/* std430 is std140 without rounding array and structure alignments up to
 * a vec4: array elements step by their own aligned size, matrix vectors
 * by the vector's alignment (a vec3 column takes 16 bytes, a vec2 8). */
unsigned
g2n_mem_stride(const struct glsl_type *t, bool rm, bool std430)
{
   if (!std430)
      return g2n_std140_stride(t, rm);
   if (glsl_type_is_array(t))
      return align_to(glsl_type_size_B(t->element, GLSL_LAYOUT_STD430, rm),
                      glsl_type_alignment_B(t->element, GLSL_LAYOUT_STD430,
                                            rm));
   const struct glsl_type *v =
      rm ? glsl_simple_type(t->base_type, t->matrix_columns, 1)
         : glsl_column_type(t);
   return glsl_type_alignment_B(v, GLSL_LAYOUT_STD430, false);
}

static const char *const packings[] = { "std430", "std140", "shared",
                                        "packed" };

void
g2n_ssbo_default_layout(struct g2n *c, struct ast_node *n)
{
   /* layout(std430, row_major) buffer; sets the default of later
    * storage blocks. */
   int p = g2n_last_layout(n->type->layout, packings, 4);
   if (p >= 0)
      c->ssbo_std430_default = p == 0;
   int m = g2n_last_matrix_layout(n->type->layout);
   if (m >= 0)
      c->ssbo_row_major_default = m == 0;
}

/* Bytes a block takes; an unsized last member counts as one element (GL
 * 4.6 7.6.2.2, BUFFER_DATA_SIZE). */
unsigned
g2n_block_size(const struct glsl_type *bt, const bool *rm, bool std430)
{
   if (!bt->num_fields)
      return 0;
   unsigned last = bt->num_fields - 1;
   const struct glsl_type *lt = bt->fields[last].type;
   unsigned end = g2n_mem_offset(bt, last, rm, false, std430);
   if (glsl_type_is_array(lt) && lt->length < 0)
      end += g2n_mem_stride(lt, rm[last], std430);
   else
      end += glsl_type_size_B(lt, rules_of(std430), rm[last]);
   unsigned a = 0;
   for (unsigned i = 0; i < bt->num_fields; i++)
      a = MAX2(a, glsl_type_alignment_B(bt->fields[i].type,
                                        rules_of(std430), rm[i]));
   if (!std430)
      a = align_to(a, 16);
   return align_to(end, a);
}

/* Largest constant index + 1 on member `name` of the block instance
 * `inst` (NULL: an anonymous block, whose members are plain names). */
static int
member_max_index(const struct ast_node *n, const char *inst,
                 const char *name, int depth)
{
   if (!n || depth > 1000)
      return 0;
   int m = 0;
   if (n->kind == AST_INDEX && n->a && n->b &&
       (n->b->kind == AST_INT_CONST || n->b->kind == AST_UINT_CONST)) {
      const struct ast_node *a = n->a;
      bool hit = inst ? a->kind == AST_FIELD && !strcmp(a->name, name) &&
                           a->a && a->a->kind == AST_IDENT &&
                           !strcmp(a->a->name, inst)
                      : a->kind == AST_IDENT && !strcmp(a->name, name);
      if (hit)
         m = (int)n->b->value.u + 1;
   }
   struct ast_node *kids[4];
   ast_kids(n, kids);
   for (unsigned i = 0; i < 4; i++)
      m = MAX2(m, member_max_index(kids[i], inst, name, depth + 1));
   for (const struct ast_node *k = ast_items(n); k; k = k->next)
      m = MAX2(m, member_max_index(k, inst, name, depth + 1));
   return m;
}

/* GLSL 4.30 4.1.9 (ARB_shader_storage_buffer_object): an array member
 * other than the last one is sized by its constant indices in the stage's
 * shaders; one without any cannot be sized (a link error).  Returns the
 * block's type with those sizes, NULL after g2n_fail. */
static const struct glsl_type *
size_members(struct g2n *c, struct ast_node *n, const struct glsl_type *bt)
{
   struct glsl_struct_field *sized = NULL;
   for (unsigned i = 0; i + 1 < bt->num_fields; i++) {
      const struct glsl_type *ft = bt->fields[i].type;
      if (!glsl_type_is_array(ft) || ft->length >= 0)
         continue;
      int len = 0;
      for (unsigned s = 0; s < c->num_stage_shaders; s++) {
         for (const struct ast_node *decl = c->stage_shaders[s]->unit.head;
              decl; decl = decl->next)
            len = MAX2(len, member_max_index(decl, n->name2,
                                             bt->fields[i].name, 0));
      }
      if (len <= 0) {
         g2n_fail(c, n, "member '%s' of storage block '%s' is an array "
                  "without a size that is not the block's last member",
                  bt->fields[i].name, n->name);
         return NULL;
      }
      if (!sized) {
         sized = ralloc_array(c->shader, struct glsl_struct_field,
                              bt->num_fields);
         memcpy(sized, bt->fields, bt->num_fields * sizeof(*sized));
      }
      sized[i].type = glsl_array_type(c->shader, ft->element, len);
   }
   return sized ? glsl_interface_type(c->shader, sized, bt->num_fields,
                                      bt->name)
                : bt;
}

void
g2n_ssbo_block(struct g2n *c, struct ast_node *n)
{
   struct g2n_block_decl d;
   if (!g2n_block_decl_init(c, n, "storage", &d))
      return;
   d.type = size_members(c, n, d.type);
   if (!d.type)
      return;
   int p = g2n_last_layout(n->type->layout, packings, 4);
   d.std430 = p >= 0 ? p == 0 : c->ssbo_std430_default;
   g2n_block_matrix_layouts(c, n, &d, c->ssbo_row_major_default);
   int index = g2n_block_add(c, n, &c->ssbos, &d,
                             g2n_block_size(d.type, d.row_major, d.std430),
                             false);
   if (index >= 0)
      g2n_block_declare(c, n, &d, G2N_MEM_SSBO, index);
}

void
g2n_shared_decl(struct g2n *c, struct ast_node *d, const struct glsl_type *t)
{
   if (c->stage != MESA_SHADER_COMPUTE) {
      g2n_fail(c, d, "shared variables are for compute shaders");
      return;
   }
   if (glsl_type_is_array(t) && t->length <= 0) {
      g2n_fail(c, d, "shared array '%s' without a size", d->name);
      return;
   }
   unsigned a = glsl_type_alignment_B(t, GLSL_LAYOUT_STD430, false);
   unsigned off = align_to(c->shared_size, a ? a : 4);
   c->shared_size = off + glsl_type_size_B(t, GLSL_LAYOUT_STD430, false);
   struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
   sym->type = t;
   sym->field = -1;
   sym->var_index = -1;
   sym->is_ubo = true;
   sym->mem = G2N_MEM_SHARED;
   sym->std430 = true;
   sym->ubo_offset = off;
   sym->decl = d;
   sym->decl_st = c->st;
   sym->qual = AST_Q_SHARED;
   g2n_declare(c, d->name, sym);
}

/* The type a counter of type t is read as: uint in place of atomic_uint,
 * with t's array dimensions (arrays of arrays too); *count is the number
 * of counters. */
static const struct glsl_type *
counter_type(struct g2n *c, const struct glsl_type *t, unsigned *count)
{
   if (!glsl_type_is_array(t)) {
      *count = 1;
      return glsl_vector_type(GLSL_TYPE_UINT, 1);
   }
   const struct glsl_type *e = counter_type(c, t->element, count);
   unsigned len = t->length > 0 ? (unsigned)t->length : 1;
   *count *= len;
   return glsl_array_type(c->shader, e, (int)len);
}

/* GLSL 4.60 4.4.6.1 (ARB_shader_atomic_counters): a counter is at its
 * binding's layout(offset), else 4 bytes past the previous counter of
 * that binding in the shader; an array takes 4 bytes per element.  It is
 * read and written as the uint words of the buffer at that binding. */
void
g2n_counter_decl(struct g2n *c, struct ast_node *d, struct ast_type *at,
                 const struct glsl_type *t)
{
   int binding = 0, offset = -1;
   for (const struct ast_layout_id *l = at ? at->layout : NULL; l;
        l = l->next) {
      if (!strcmp(l->name, "binding") && l->evaluated && l->known)
         binding = (int)l->ival;
      else if (!strcmp(l->name, "offset") && l->evaluated && l->known)
         offset = (int)l->ival;
   }
   if (binding < 0 || binding >= G2N_MAX_ABO_BINDINGS) {
      g2n_fail(c, d, "atomic counter binding %d is not below "
               "GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS (%d)", binding,
               G2N_MAX_ABO_BINDINGS);
      return;
   }
   if (offset < 0)
      offset = (int)c->abo_next_offset[binding];
   if (offset & 3) {
      g2n_fail(c, d, "atomic counter offset %d is not a multiple of 4",
               offset);
      return;
   }
   /* an array of counters (of arrays: ARB_arrays_of_arrays) takes 4
    * bytes per counter, row by row */
   unsigned count;
   const struct glsl_type *ct = counter_type(c, t, &count);
   unsigned n = glsl_type_is_array(t) ? count : 0;
   c->abo_next_offset[binding] = (unsigned)offset + 4 * (n ? n : 1);
   struct glsl_nir_counter ctr = {
      .name = ralloc_strdup(c->shader, d->name),
      .binding = (unsigned)binding,
      .offset_B = (unsigned)offset,
      .array_size = n,
   };
   util_dynarray_append(&c->counters, struct glsl_nir_counter, ctr);
   struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
   sym->type = ct;
   sym->field = -1;
   sym->var_index = -1;
   sym->is_ubo = true;
   sym->mem = G2N_MEM_SSBO;
   sym->std430 = true;
   sym->ubo_block = G2N_ABO_BLOCK + binding;
   sym->ubo_offset = (unsigned)offset;
   sym->decl = d;
   sym->decl_st = c->st;
   sym->qual = AST_Q_UNIFORM;
   g2n_declare(c, d->name, sym);
}

void
g2n_mem_lval(struct g2n *c, struct g2n_sym *sym, struct g2n_lval *lv)
{
   memset(lv, 0, sizeof(*lv));
   lv->type = lv->dtype = sym->type;
   lv->ubo = true;
   lv->mem = sym->mem;
   lv->std430 = sym->std430;
   lv->ubo_block = sym->ubo_block;
   lv->ubo_offset = nir_imm_int(&c->b, (int)sym->ubo_offset);
   lv->ubo_rm = sym->ubo_rm;
   lv->ubo_rm_fields = sym->ubo_rm_fields;
   lv->ubo_array_len = sym->ubo_array_len;
   lv->ubo_array_type = sym->ubo_array_type;
   if (sym->mem != G2N_MEM_SSBO)
      return;
   if (sym->ubo_block >= G2N_ABO_BLOCK) {
      /* an atomic counter: the binding's counters are in use */
      util_dynarray_foreach(&c->counters, struct glsl_nir_counter, ctr) {
         if (ctr->binding == (unsigned)(sym->ubo_block - G2N_ABO_BLOCK))
            ctr->used = true;
      }
      return;
   }
   unsigned n = sym->ubo_array_type ? g2n_block_count(sym->ubo_array_type) : 1;
   for (unsigned k = 0; k < n; k++)
      util_dynarray_element(&c->ssbos, struct glsl_nir_block,
                            sym->ubo_block + (int)k)->used = true;
}

/* ---- loads and stores ------------------------------------------------------ */

struct mem_ref {
   enum g2n_mem mem;
   bool std430;
   nir_def *block;     /* SSBO: the block number */
};

static nir_def *
raw_load(struct g2n *c, const struct mem_ref *r, nir_def *offset, unsigned n)
{
   if (r->mem == G2N_MEM_SHARED) {
      nir_def *srcs[1] = { offset };
      return &nir_build_intrinsic(&c->b, nir_intrinsic_load_shared, n, 32,
                                  srcs, NIR_INTRINSIC_ALIGN_MUL, 4,
                                  NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
   }
   nir_def *srcs[2] = { r->block, offset };
   return &nir_build_intrinsic(&c->b, nir_intrinsic_load_ssbo, n, 32, srcs,
                               NIR_INTRINSIC_ALIGN_MUL, 4,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
}

static void
raw_store(struct g2n *c, const struct mem_ref *r, nir_def *offset,
          nir_def *v)
{
   int mask = (1 << v->num_components) - 1;
   if (r->mem == G2N_MEM_SHARED) {
      nir_def *srcs[2] = { v, offset };
      nir_build_intrinsic(&c->b, nir_intrinsic_store_shared,
                          v->num_components, 32, srcs,
                          NIR_INTRINSIC_WRITE_MASK, mask,
                          NIR_INTRINSIC_ALIGN_MUL, 4,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
      return;
   }
   nir_def *srcs[3] = { v, r->block, offset };
   nir_build_intrinsic(&c->b, nir_intrinsic_store_ssbo, v->num_components,
                       32, srcs, NIR_INTRINSIC_WRITE_MASK, mask,
                       NIR_INTRINSIC_ALIGN_MUL, 4,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
}

static nir_def *
at(struct g2n *c, nir_def *offset, unsigned add)
{
   return add ? nir_iadd(&c->b, offset, nir_imm_int(&c->b, (int)add))
              : offset;
}

/* A vector whose components are `stride` bytes apart (4: contiguous). */
static nir_def *
load_vec(struct g2n *c, const struct mem_ref *r, nir_def *offset,
         const struct glsl_type *t, unsigned stride)
{
   nir_def *v;
   if (stride == 4 || t->vector_elements == 1) {
      v = raw_load(c, r, offset, t->vector_elements);
   } else {
      nir_def *comps[4];
      for (unsigned i = 0; i < t->vector_elements; i++)
         comps[i] = raw_load(c, r, at(c, offset, i * stride), 1);
      v = nir_vec(&c->b, comps, t->vector_elements);
   }
   if (t->base_type == GLSL_TYPE_BOOL)
      v = nir_ine(&c->b, v, nir_imm_int_like(&c->b, 0, v));
   return v;
}

static void
store_vec(struct g2n *c, const struct mem_ref *r, nir_def *offset,
          const struct glsl_type *t, unsigned stride, nir_def *v)
{
   /* GLSL: true is stored as 1 */
   if (t->base_type == GLSL_TYPE_BOOL && v->bit_size == 1)
      v = nir_b2i32(&c->b, v);
   if (stride == 4 || v->num_components == 1) {
      raw_store(c, r, offset, v);
      return;
   }
   for (unsigned i = 0; i < v->num_components; i++)
      raw_store(c, r, at(c, offset, i * stride), nir_channel(&c->b, v, i));
}

static bool
is_aggregate(const struct glsl_type *t)
{
   return glsl_type_is_array(t) || t->base_type == GLSL_TYPE_STRUCT ||
          t->base_type == GLSL_TYPE_INTERFACE;
}

/* Moves a value of type t between memory at `offset` and storage `d`
 * (store: memory <- d). */
static void
copy_aggregate(struct g2n *c, const struct mem_ref *r, nir_def *offset,
               const struct glsl_type *t, bool rm, const bool *rm_fields,
               nir_deref_instr *d, bool store);

static struct g2n_val
load_value(struct g2n *c, const struct mem_ref *r, nir_def *offset,
           const struct glsl_type *t, bool rm, const bool *rm_fields,
           unsigned col_stride)
{
   struct g2n_val v = { .type = t };
   if (is_aggregate(t)) {
      nir_variable *tmp = g2n_temp(c, t, "mem_copy");
      v.deref = nir_build_deref_var(&c->b, tmp);
      copy_aggregate(c, r, offset, t, rm, rm_fields, v.deref, false);
      return v;
   }
   if (glsl_type_is_matrix(t)) {
      const struct glsl_type *col = glsl_column_type(t);
      unsigned stride = g2n_mem_stride(t, rm, r->std430);
      for (unsigned i = 0; i < t->matrix_columns; i++)
         v.col[i] = load_vec(c, r, at(c, offset, rm ? i * 4 : i * stride),
                             col, rm ? stride : 4);
      return v;
   }
   v.col[0] = load_vec(c, r, offset, t, col_stride ? col_stride : 4);
   return v;
}

static void
store_value(struct g2n *c, const struct mem_ref *r, nir_def *offset,
            const struct glsl_type *t, bool rm, const bool *rm_fields,
            unsigned col_stride, struct g2n_val v)
{
   if (is_aggregate(t)) {
      nir_deref_instr *src = g2n_spill(c, v);
      copy_aggregate(c, r, offset, t, rm, rm_fields, src, true);
      return;
   }
   if (glsl_type_is_matrix(t)) {
      const struct glsl_type *col = glsl_column_type(t);
      unsigned stride = g2n_mem_stride(t, rm, r->std430);
      for (unsigned i = 0; i < t->matrix_columns; i++)
         store_vec(c, r, at(c, offset, rm ? i * 4 : i * stride), col,
                   rm ? stride : 4, v.col[i]);
      return;
   }
   store_vec(c, r, offset, t, col_stride ? col_stride : 4, v.col[0]);
}

static void
copy_aggregate(struct g2n *c, const struct mem_ref *r, nir_def *offset,
               const struct glsl_type *t, bool rm, const bool *rm_fields,
               nir_deref_instr *d, bool store)
{
   nir_builder *b = &c->b;
   if (!is_aggregate(t)) {
      if (store)
         store_value(c, r, offset, t, rm, NULL, 0, g2n_load(c, d, t));
      else
         g2n_store(c, d, t, load_value(c, r, offset, t, rm, NULL, 0));
      return;
   }
   if (glsl_type_is_array(t)) {
      unsigned stride = g2n_mem_stride(t, rm, r->std430);
      for (int i = 0; i < t->length; i++)
         copy_aggregate(c, r, at(c, offset, (unsigned)i * stride),
                        t->element, rm, NULL,
                        nir_build_deref_array_imm(b, d, i), store);
      return;
   }
   for (unsigned i = 0; i < t->num_fields; i++) {
      bool frm = rm_fields ? rm_fields[i] : rm;
      unsigned o = g2n_mem_offset(t, i, rm_fields, rm, r->std430);
      copy_aggregate(c, r, at(c, offset, o), t->fields[i].type, frm, NULL,
                     nir_build_deref_struct(b, d, i), store);
   }
}

static bool
mem_ref_of(struct g2n *c, const struct g2n_lval *lv, struct mem_ref *r)
{
   if (lv->ubo_array_len) {
      g2n_fail(c, NULL, "a whole array of storage blocks is not a value");
      return false;
   }
   r->mem = lv->mem;
   r->std430 = lv->std430;
   r->block = NULL;
   if (lv->mem == G2N_MEM_SSBO) {
      /* first + element: the linker rewrites the constant */
      r->block = nir_imm_int(&c->b, lv->ubo_block);
      if (lv->ubo_block_dyn)
         r->block = nir_iadd(&c->b, r->block, lv->ubo_block_dyn);
   }
   return true;
}

struct g2n_val
g2n_mem_load(struct g2n *c, const struct g2n_lval *lv)
{
   struct mem_ref r;
   if (!mem_ref_of(c, lv, &r))
      return (struct g2n_val){ .type = lv->type };
   return load_value(c, &r, lv->ubo_offset, lv->dtype, lv->ubo_rm,
                     lv->ubo_rm_fields, lv->ubo_col_stride);
}

/* Byte offset of component k of the vector an l-value names. */
static nir_def *
component_offset(struct g2n *c, const struct g2n_lval *lv, nir_def *k)
{
   unsigned step = lv->ubo_col_stride ? lv->ubo_col_stride : 4;
   return nir_iadd(&c->b, lv->ubo_offset,
                   nir_imul(&c->b, k, nir_imm_int(&c->b, (int)step)));
}

void
g2n_mem_store(struct g2n *c, const struct g2n_lval *lv, struct g2n_val v)
{
   struct mem_ref r;
   if (!mem_ref_of(c, lv, &r))
      return;
   if (r.mem == G2N_MEM_SSBO && lv->ubo_block < G2N_ABO_BLOCK)
      util_dynarray_element(&c->ssbos, struct glsl_nir_block,
                            lv->ubo_block)->written = true;
   if (!lv->nswz) {
      store_value(c, &r, lv->ubo_offset, lv->dtype, lv->ubo_rm,
                  lv->ubo_rm_fields, lv->ubo_col_stride, v);
      return;
   }
   /* A swizzle writes only its components, each on its own (another
    * invocation may own the others). */
   const struct glsl_type *st = glsl_simple_type(lv->dtype->base_type, 1, 1);
   if (lv->dyn_index) {
      nir_def *comps[4];
      for (unsigned i = 0; i < lv->nswz; i++)
         comps[i] = nir_imm_int(&c->b, (int)lv->swz[i]);
      nir_def *k = nir_vector_extract(&c->b,
                                      nir_vec(&c->b, comps, lv->nswz),
                                      lv->dyn_index);
      store_vec(c, &r, component_offset(c, lv, k), st, 4, v.col[0]);
      return;
   }
   for (unsigned i = 0; i < lv->nswz; i++) {
      nir_def *x = v.col[0]->num_components > 1
                      ? nir_channel(&c->b, v.col[0], i)
                      : v.col[0];
      store_vec(c, &r,
                component_offset(c, lv, nir_imm_int(&c->b,
                                                    (int)lv->swz[i])),
                st, 4, x);
   }
}

nir_def *
g2n_mem_length(struct g2n *c, struct ast_node *x)
{
   struct g2n_lval lv;
   if (!g2n_lvalue(c, x, &lv) || !lv.ubo || lv.mem != G2N_MEM_SSBO ||
       !glsl_type_is_array(lv.dtype))
      return NULL;
   struct mem_ref r;
   if (!mem_ref_of(c, &lv, &r))
      return NULL;
   nir_builder *b = &c->b;
   nir_def *srcs[1] = { r.block };
   nir_def *size = &nir_build_intrinsic(b, nir_intrinsic_get_ssbo_size, 1,
                                        32, srcs,
                                        NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
   /* GLSL 4.60 4.1.9: the elements that fit in the buffer after the
    * array's offset */
   unsigned stride = g2n_mem_stride(lv.dtype, lv.ubo_rm, lv.std430);
   nir_def *n = nir_udiv(b, nir_isub(b, size, lv.ubo_offset),
                         nir_imm_int(b, (int)stride));
   return nir_bcsel(b, nir_ult(b, size, lv.ubo_offset), nir_imm_int(b, 0),
                    n);
}

/* ---- built-in functions ---------------------------------------------------- */

static const struct {
   const char *name;
   nir_atomic_op sop, uop;   /* for int and for uint */
} atomics[] = {
   { "atomicAdd", nir_atomic_op_iadd, nir_atomic_op_iadd },
   { "atomicMin", nir_atomic_op_imin, nir_atomic_op_umin },
   { "atomicMax", nir_atomic_op_imax, nir_atomic_op_umax },
   { "atomicAnd", nir_atomic_op_iand, nir_atomic_op_iand },
   { "atomicOr", nir_atomic_op_ior, nir_atomic_op_ior },
   { "atomicXor", nir_atomic_op_ixor, nir_atomic_op_ixor },
   { "atomicExchange", nir_atomic_op_xchg, nir_atomic_op_xchg },
   { "atomicCompSwap", nir_atomic_op_cmpxchg, nir_atomic_op_cmpxchg },
};

static struct g2n_val
atomic_call(struct g2n *c, struct ast_node *n, unsigned which)
{
   struct g2n_val none = { .type = n->vtype };
   struct ast_node *arg = n->list.head;
   struct g2n_lval lv;
   if (!arg || !g2n_lvalue(c, arg, &lv) || !lv.ubo ||
       lv.mem == G2N_MEM_UBO) {
      if (!c->failed)
         g2n_fail(c, n, "the first argument of %s is not a buffer or "
                  "shared variable", n->name);
      return none;
   }
   const struct glsl_type *t = n->vtype;
   bool swap = atomics[which].sop == nir_atomic_op_cmpxchg;
   unsigned nargs = swap ? 2 : 1;
   nir_def *data[2] = { NULL, NULL };
   struct ast_node *e = arg->next;
   for (unsigned i = 0; i < nargs; i++, e = e ? e->next : NULL) {
      if (!e) {
         g2n_fail(c, n, "too few arguments to %s", n->name);
         return none;
      }
      struct g2n_val v = g2n_convert(c, g2n_expr(c, e), t);
      if (c->failed)
         return none;
      data[i] = v.col[0];
   }
   struct mem_ref r;
   if (!mem_ref_of(c, &lv, &r))
      return none;
   nir_def *offset = lv.ubo_offset;
   if (lv.nswz)
      offset = component_offset(
         c, &lv, lv.dyn_index
                    ? nir_vector_extract(&c->b,
                                         nir_imm_ivec4(&c->b,
                                                       (int)lv.swz[0],
                                                       (int)lv.swz[1],
                                                       (int)lv.swz[2],
                                                       (int)lv.swz[3]),
                                         lv.dyn_index)
                    : nir_imm_int(&c->b, (int)lv.swz[0]));
   nir_atomic_op op = t->base_type == GLSL_TYPE_UINT ? atomics[which].uop
                                                     : atomics[which].sop;
   nir_def *srcs[4];
   unsigned k = 0;
   nir_intrinsic_op iop;
   if (r.mem == G2N_MEM_SSBO) {
      if (lv.ubo_block < G2N_ABO_BLOCK)
         util_dynarray_element(&c->ssbos, struct glsl_nir_block,
                               lv.ubo_block)->written = true;
      srcs[k++] = r.block;
      iop = swap ? nir_intrinsic_ssbo_atomic_swap : nir_intrinsic_ssbo_atomic;
   } else {
      iop = swap ? nir_intrinsic_shared_atomic_swap
                 : nir_intrinsic_shared_atomic;
   }
   srcs[k++] = offset;
   srcs[k++] = data[0];
   if (swap)
      srcs[k++] = data[1];
   nir_intrinsic_instr *intr =
      nir_build_intrinsic(&c->b, iop, 1, 32, srcs,
                          NIR_INTRINSIC_ATOMIC_OP, (int)op,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
   return g2n_basic(t, &intr->def);
}

/* ARB_shader_atomic_counters 8.10: atomicCounterIncrement returns the
 * value before, atomicCounterDecrement the value after, atomicCounter the
 * value. */
static struct g2n_val
counter_call(struct g2n *c, struct ast_node *n)
{
   struct g2n_val none = { .type = n->vtype };
   struct g2n_lval lv;
   if (!n->list.head || !g2n_lvalue(c, n->list.head, &lv) || !lv.ubo ||
       lv.mem != G2N_MEM_SSBO || lv.ubo_block < G2N_ABO_BLOCK) {
      if (!c->failed)
         g2n_fail(c, n, "the argument of %s is not an atomic counter",
                  n->name);
      return none;
   }
   nir_builder *b = &c->b;
   nir_def *block = nir_imm_int(b, lv.ubo_block);
   const struct glsl_type *u = glsl_vector_type(GLSL_TYPE_UINT, 1);
   if (!strcmp(n->name, "atomicCounter")) {
      nir_def *srcs[2] = { block, lv.ubo_offset };
      return g2n_basic(u, &nir_build_intrinsic(b, nir_intrinsic_load_ssbo,
                                               1, 32, srcs,
                                               NIR_INTRINSIC_ALIGN_MUL, 4,
                                               NIR_INTRINSIC_NUM_INDEX_FLAGS)
                             ->def);
   }
   bool inc = !strcmp(n->name, "atomicCounterIncrement");
   nir_def *srcs[3] = { block, lv.ubo_offset,
                        nir_imm_int(b, inc ? 1 : -1) };
   nir_def *old = &nir_build_intrinsic(b, nir_intrinsic_ssbo_atomic, 1, 32,
                                       srcs, NIR_INTRINSIC_ATOMIC_OP,
                                       (int)nir_atomic_op_iadd,
                                       NIR_INTRINSIC_NUM_INDEX_FLAGS)
                     ->def;
   return g2n_basic(u, inc ? old : nir_iadd(b, old, nir_imm_int(b, -1)));
}

bool
g2n_mem_call(struct g2n *c, struct ast_node *n, struct g2n_val *r)
{
   *r = (struct g2n_val){ .type = n->vtype };
   if (!strcmp(n->name, "barrier")) {
      nir_build_intrinsic(&c->b, nir_intrinsic_barrier, 0, 0, NULL,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
      return true;
   }
   if (!strncmp(n->name, "memoryBarrier", 13) ||
       !strcmp(n->name, "groupMemoryBarrier")) {
      nir_build_intrinsic(&c->b, nir_intrinsic_memory_barrier, 0, 0, NULL,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
      return true;
   }
   for (unsigned i = 0; i < ARRAY_SIZE(atomics); i++) {
      if (!strcmp(n->name, atomics[i].name)) {
         *r = atomic_call(c, n, i);
         return true;
      }
   }
   if (!strcmp(n->name, "atomicCounterIncrement") ||
       !strcmp(n->name, "atomicCounterDecrement") ||
       !strcmp(n->name, "atomicCounter")) {
      *r = counter_call(c, n);
      return true;
   }
   return false;
}

/* ---- the compute stage ------------------------------------------------------ */

void
g2n_compute_setup(struct g2n *c, struct glsl_parse_state *const *sh,
                  unsigned n)
{
   static const char *const names[3] = {
      "local_size_x", "local_size_y", "local_size_z",
   };
   uint16_t *wg = c->shader->info.workgroup_size;
   for (unsigned i = 0; i < n; i++) {
      for (struct ast_node *d = sh[i]->unit.head; d; d = d->next) {
         if (d->kind != AST_QUALIFIER_ONLY || !d->type ||
             !(d->type->flags & AST_Q_IN))
            continue;
         unsigned size[3] = { 1, 1, 1 };
         bool any = false;
         for (const struct ast_layout_id *l = d->type->layout; l;
              l = l->next) {
            for (unsigned k = 0; k < 3; k++) {
               if (!strcmp(l->name, names[k]) && l->known &&
                   l->ival > 0 && l->ival <= 65535) {
                  size[k] = (unsigned)l->ival;
                  any = true;
               }
            }
         }
         if (!any)
            continue;
         /* ARB_compute_shader: every declaration in the compute shaders
          * of a program gives the same local size. */
         if (wg[0] && (wg[0] != size[0] || wg[1] != size[1] ||
                       wg[2] != size[2])) {
            g2n_fail(c, d, "compute shaders of the program declare "
                     "different local sizes");
            return;
         }
         for (unsigned k = 0; k < 3; k++)
            wg[k] = (uint16_t)size[k];
      }
   }
}

static const struct {
   const char *name;
   nir_intrinsic_op op;
   const char *type;
} compute_sysvals[] = {
   { "gl_LocalInvocationID", nir_intrinsic_load_local_invocation_id,
     "uvec3" },
   { "gl_LocalInvocationIndex", nir_intrinsic_load_local_invocation_index,
     "uint" },
   { "gl_WorkGroupID", nir_intrinsic_load_workgroup_id, "uvec3" },
   { "gl_NumWorkGroups", nir_intrinsic_load_num_workgroups, "uvec3" },
   { "gl_GlobalInvocationID", nir_intrinsic_load_global_invocation_id,
     "uvec3" },
};

struct g2n_sym *
g2n_compute_builtin(struct g2n *c, const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(compute_sysvals); i++) {
      if (strcmp(name, compute_sysvals[i].name))
         continue;
      struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = glsl_builtin_type_by_name(compute_sysvals[i].type, NULL);
      sym->field = -1;
      sym->var_index = -1;
      sym->is_sysval = true;
      sym->sysval = compute_sysvals[i].op;
      return sym;
   }
   if (strcmp(name, "gl_WorkGroupSize"))
      return NULL;
   struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
   sym->type = glsl_vector_type(GLSL_TYPE_UINT, 3);
   sym->field = -1;
   sym->var_index = -1;
   const uint16_t *wg = c->shader->info.workgroup_size;
   if (!wg[0]) {
      sym->is_sysval = true;
      sym->sysval = nir_intrinsic_load_workgroup_size;
      return sym;
   }
   /* A constant (ARB_compute_shader), stored at the start of main. */
   sym->var = g2n_temp(c, sym->type, name);
   nir_builder sb = nir_builder_at(nir_before_impl(c->b.impl));
   nir_def *comps[3];
   for (unsigned k = 0; k < 3; k++)
      comps[k] = nir_imm_int(&sb, wg[k]);
   nir_store_deref(&sb, nir_build_deref_var(&sb, sym->var),
                   nir_vec(&sb, comps, 3), 0x7);
   return sym;
}
