/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: uniform blocks.  Members are laid out with the std140 rules
 * (GLSL 4.60 7.6.2.2; "shared" and "packed" blocks get the same layout,
 * which the spec allows) and read with load_ubo(block, byte offset): an
 * access chain into a block is an l-value whose offset grows with every
 * field (the member's offset), element (index * array stride) and matrix
 * column (index * matrix stride).  The block number in the shader is its
 * position among the stage's blocks; the linker renumbers it to the
 * program's block index.  Row-major matrices are read row by row: a
 * column is gathered from every row.  Arrays of blocks are not
 * translated yet.
 */
#include <string.h>

#include "glsl_to_nir_priv.h"

static unsigned
align_to(unsigned x, unsigned a)
{
   return a ? (x + a - 1) / a * a : x;
}

/* Offset of field i of a structure or block; rm_fields gives each
 * field's row-major flag (NULL: `rm` for all).  Explicit offsets kept. */
unsigned
g2n_std140_offset(const struct glsl_type *t, unsigned i,
                  const bool *rm_fields, bool rm)
{
   unsigned cur = 0;
   for (unsigned j = 0; j < t->num_fields; j++) {
      const struct glsl_type *ft = t->fields[j].type;
      bool frm = rm_fields ? rm_fields[j] : rm;
      unsigned a = glsl_type_alignment_B(ft, GLSL_LAYOUT_STD140, frm);
      cur = t->fields[j].offset >= 0 ? (unsigned)t->fields[j].offset
                                     : align_to(cur, a);
      if (j == i)
         return cur;
      cur += glsl_type_size_B(ft, GLSL_LAYOUT_STD140, frm);
   }
   return cur;
}

unsigned
g2n_ubo_field_offset(const struct glsl_type *t, unsigned i)
{
   return g2n_std140_offset(t, i, NULL, false);
}

/* Byte distance between array elements, or between the vectors a matrix
 * is stored as (columns, or rows when row-major). */
unsigned
g2n_std140_stride(const struct glsl_type *t, bool rm)
{
   if (glsl_type_is_array(t)) {
      return align_to(glsl_type_size_B(t->element, GLSL_LAYOUT_STD140, rm),
                      glsl_type_alignment_B(t, GLSL_LAYOUT_STD140, rm));
   }
   const struct glsl_type *v =
      rm ? glsl_simple_type(t->base_type, t->matrix_columns, 1)
         : glsl_column_type(t);
   return align_to(glsl_type_size_B(v, GLSL_LAYOUT_STD140, false),
                   glsl_type_alignment_B(t, GLSL_LAYOUT_STD140, rm));
}

static bool
has_layout(const struct ast_layout_id *l, const char *name)
{
   bool v = false;
   for (; l; l = l->next) {
      if (!strcmp(l->name, name))
         v = true;
      else if (!strcmp(l->name, "row_major") ||
               !strcmp(l->name, "column_major"))
         v = false; /* the last matrix layout counts */
   }
   return v;
}

static bool
says_column_major(const struct ast_layout_id *l)
{
   return has_layout(l, "column_major");
}

void
g2n_ubo_default_layout(struct g2n *c, struct ast_node *n)
{
   /* layout(row_major) uniform; sets the default of later blocks. */
   if (has_layout(n->type->layout, "row_major"))
      c->ubo_row_major_default = true;
   else if (says_column_major(n->type->layout))
      c->ubo_row_major_default = false;
}

/* Blocks in one element of an array type (1 for a block). */
static unsigned
flat_count(const struct glsl_type *t)
{
   unsigned n = 1;
   for (; t && glsl_type_is_array(t); t = t->element)
      n *= t->length > 0 ? (unsigned)t->length : 1;
   return n;
}

/* "B[i][j]..." for the k-th block of array type `at`, row by row. */
static const char *
element_name(struct g2n *c, const char *name, const struct glsl_type *at,
             unsigned k)
{
   char *s = ralloc_strdup(c->shader, name);
   for (const struct glsl_type *d = at; glsl_type_is_array(d);
        d = d->element) {
      unsigned inner = flat_count(d->element);
      ralloc_asprintf_append(&s, "[%u]", k / inner);
      k %= inner;
   }
   return s;
}

void
g2n_ubo_block(struct g2n *c, struct ast_node *n)
{
   const struct glsl_type *bt = n->vtype;
   if (!bt || bt->base_type != GLSL_TYPE_INTERFACE) {
      g2n_fail(c, n, "uniform block without a type");
      return;
   }
   /* An array of blocks: one block per element, named "B[k]" (GL 4.6
    * 7.3.1.1), "B[i][j]" for arrays of arrays (row by row); its sizes are
    * constant expressions the checker folded (the first dimension's vtype
    * is the instance's array type). */
   unsigned count = 1;
   const struct glsl_type *at = NULL;
   if (n->dims.count) {
      at = n->dims.head->vtype;
      for (const struct glsl_type *d = at; d && glsl_type_is_array(d);
           d = d->element) {
         if (d->length <= 0 || count * (unsigned)d->length > 64) {
            count = 0;
            break;
         }
         count *= (unsigned)d->length;
      }
      if (!at || !glsl_type_is_array(at) || !count) {
         g2n_fail(c, n, "arrays of uniform blocks need known sizes, at "
                  "most 64 blocks in all, here");
         return;
      }
   }
   if (has_layout(n->type->layout, "std430")) {
      g2n_fail(c, n, "std430 uniform blocks are not translated yet");
      return;
   }
   /* Matrix layout per member: the member's own, else the block's, else
    * the default (GLSL 4.60 4.4.5). */
   bool block_rm = c->ubo_row_major_default;
   if (has_layout(n->type->layout, "row_major"))
      block_rm = true;
   else if (says_column_major(n->type->layout))
      block_rm = false;
   bool *rm = rzalloc_array(c->shader, bool,
                            bt->num_fields ? bt->num_fields : 1);
   unsigned f = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      bool mrm = block_rm;
      const struct ast_layout_id *l = m->type ? m->type->layout : NULL;
      if (has_layout(l, "row_major"))
         mrm = true;
      else if (says_column_major(l))
         mrm = false;
      for (struct ast_node *d = m->list.head; d && f < bt->num_fields;
           d = d->next)
         rm[f++] = mrm;
   }
   /* Shaders of one stage share a block of the same name. */
   const char *name0 = n->dims.count ? element_name(c, n->name, at, 0)
                                     : n->name;
   int binding = -1;
   for (const struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (!strcmp(l->name, "binding") && l->evaluated && l->known)
         binding = (int)l->ival;
   }
   unsigned index = util_dynarray_num_elements(&c->blocks,
                                               struct glsl_nir_block);
   util_dynarray_foreach(&c->blocks, struct glsl_nir_block, blk) {
      if (strcmp(blk->name, name0) != 0)
         continue;
      index = (unsigned)(blk - (struct glsl_nir_block *)c->blocks.data);
      /* GL 4.6 7.6.2 (ARB_uniform_buffer_object): the same members, in
       * the same order, of the same types and layouts, else a link
       * error, here between shaders of one stage (glsl_link_blocks.c
       * compares the stages). */
      bool same = link_types_match(blk->type, bt) &&
                  blk->array_size == (n->dims.count ? count : 0) &&
                  (binding < 0 || blk->binding < 0 ||
                   blk->binding == binding);
      for (unsigned f = 0; same && f < bt->num_fields; f++)
         same = blk->row_major[f] == rm[f];
      if (!same) {
         g2n_fail(c, n, "uniform block '%s' is declared differently in "
                  "two shaders", n->name);
         return;
      }
   }
   if (index == util_dynarray_num_elements(&c->blocks,
                                           struct glsl_nir_block)) {
      unsigned last = bt->num_fields ? bt->num_fields - 1 : 0;
      unsigned end = bt->num_fields
                        ? g2n_std140_offset(bt, last, rm, false) +
                             glsl_type_size_B(bt->fields[last].type,
                                              GLSL_LAYOUT_STD140, rm[last])
                        : 0;
      for (unsigned k = 0; k < count; k++) {
         struct glsl_nir_block blk = {
            .name = n->dims.count ? element_name(c, n->name, at, k)
                                  : n->name,
            .instance = n->name2,
            .type = bt,
            .size_B = align_to(end, 16),
            /* consecutive binding points for the elements */
            .binding = binding >= 0 ? binding + (int)k : -1,
            .row_major = rm,
            .array_size = n->dims.count ? count : 0,
         };
         util_dynarray_append(&c->blocks, struct glsl_nir_block, blk);
      }
   }

   if (n->name2) {
      struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = bt;
      sym->field = -1;
      sym->var_index = -1;
      sym->is_ubo = true;
      sym->ubo_block = (int)index;
      sym->ubo_rm_fields = rm;
      sym->ubo_array_len = n->dims.count ? (unsigned)at->length : 0;
      sym->ubo_array_type = at;
      g2n_declare(c, n->name2, sym);
      return;
   }
   for (unsigned i = 0; i < bt->num_fields; i++) {
      struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = bt->fields[i].type;
      sym->field = -1;
      sym->var_index = -1;
      sym->is_ubo = true;
      sym->ubo_block = (int)index;
      sym->ubo_offset = g2n_std140_offset(bt, i, rm, false);
      sym->ubo_rm = rm[i];
      g2n_declare(c, bt->fields[i].name, sym);
   }
}

void
g2n_ubo_lval(struct g2n *c, struct g2n_sym *sym, struct g2n_lval *lv)
{
   memset(lv, 0, sizeof(*lv));
   lv->type = lv->dtype = sym->type;
   lv->ubo = true;
   lv->ubo_block = sym->ubo_block;
   lv->ubo_offset = nir_imm_int(&c->b, (int)sym->ubo_offset);
   lv->ubo_rm = sym->ubo_rm;
   lv->ubo_rm_fields = sym->ubo_rm_fields;
   lv->ubo_array_len = sym->ubo_array_len;
   lv->ubo_array_type = sym->ubo_array_type;
   for (unsigned k = 0; k < flat_count(sym->ubo_array_type); k++)
      util_dynarray_element(&c->blocks, struct glsl_nir_block,
                            sym->ubo_block + (int)k)->used = true;
}

/* base[idx] inside a block. */
void
g2n_ubo_index(struct g2n *c, struct g2n_lval *lv, nir_def *idx)
{
   nir_builder *b = &c->b;
   const struct glsl_type *t = lv->dtype;
   if (lv->ubo_array_len) {
      /* b[i]: the blocks of element i (blocks are consecutive, row by
       * row; the index is already clamped).  ubo_block_dyn gathers the
       * offset from the array's first block. */
      const struct glsl_type *et = lv->ubo_array_type->element;
      unsigned inner = flat_count(et);
      nir_def *step = inner == 1 ? idx
                                 : nir_imul(b, idx, nir_imm_int(b,
                                                                (int)inner));
      lv->ubo_block_dyn = lv->ubo_block_dyn
                             ? nir_iadd(b, lv->ubo_block_dyn, step)
                             : step;
      bool more = glsl_type_is_array(et);
      lv->ubo_array_type = more ? et : NULL;
      lv->ubo_array_len = more ? (unsigned)et->length : 0;
      return;
   }
   unsigned stride;
   if (glsl_type_is_array(t)) {
      stride = g2n_mem_stride(t, lv->ubo_rm, lv->std430);
   } else if (glsl_type_is_matrix(t)) {
      /* column idx: contiguous, or every row's idx-th component */
      stride = lv->ubo_rm ? 4 : g2n_mem_stride(t, false, lv->std430);
      if (lv->ubo_rm)
         lv->ubo_col_stride = g2n_mem_stride(t, true, lv->std430);
   } else {
      stride = lv->ubo_col_stride ? lv->ubo_col_stride : 4;
      lv->ubo_col_stride = 0;
   }
   lv->ubo_offset = nir_iadd(b, lv->ubo_offset,
                             nir_imul(b, idx, nir_imm_int(b, (int)stride)));
   lv->type = lv->dtype =
      glsl_type_is_array(t)    ? t->element
      : glsl_type_is_matrix(t) ? glsl_column_type(t)
                               : glsl_simple_type(t->base_type, 1, 1);
}

void
g2n_ubo_field(struct g2n *c, struct g2n_lval *lv, unsigned i)
{
   const struct glsl_type *t = lv->dtype;
   bool rm = lv->ubo_rm_fields ? lv->ubo_rm_fields[i] : lv->ubo_rm;
   lv->ubo_offset = nir_iadd(&c->b, lv->ubo_offset,
                             nir_imm_int(&c->b,
                                         (int)g2n_mem_offset(
                                            t, i, lv->ubo_rm_fields,
                                            lv->ubo_rm, lv->std430)));
   lv->ubo_rm = rm;
   lv->ubo_rm_fields = NULL;
   lv->type = lv->dtype = t->fields[i].type;
}

static nir_def *
load_raw(struct g2n *c, nir_def *block, nir_def *offset, unsigned n)
{
   nir_def *srcs[2] = { block, offset };
   return &nir_build_intrinsic(&c->b, nir_intrinsic_load_ubo, n, 32, srcs,
                               NIR_INTRINSIC_ALIGN_MUL, 4,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
}

/* A vector whose components are `stride` bytes apart (4: contiguous). */
static nir_def *
load_vec(struct g2n *c, nir_def *block, nir_def *offset,
         const struct glsl_type *t, unsigned stride)
{
   nir_builder *b = &c->b;
   nir_def *v;
   if (stride == 4 || t->vector_elements == 1) {
      v = load_raw(c, block, offset, t->vector_elements);
   } else {
      nir_def *comps[4];
      for (unsigned i = 0; i < t->vector_elements; i++)
         comps[i] = load_raw(c, block,
                             nir_iadd(b, offset,
                                      nir_imm_int(b, (int)(i * stride))),
                             1);
      v = nir_vec(b, comps, t->vector_elements);
   }
   if (t->base_type == GLSL_TYPE_BOOL)
      v = nir_ine(b, v, nir_imm_int_like(b, 0, v));
   return v;
}

static struct g2n_val load_value(struct g2n *c, nir_def *block,
                                 nir_def *offset,
                                 const struct glsl_type *t, bool rm,
                                 unsigned col_stride);

/* Loads an aggregate into storage. */
static void
load_into(struct g2n *c, nir_def *block, nir_def *offset,
          const struct glsl_type *t, bool rm, nir_deref_instr *dst)
{
   nir_builder *b = &c->b;
   if (!glsl_type_is_array(t) && t->base_type != GLSL_TYPE_STRUCT &&
       t->base_type != GLSL_TYPE_INTERFACE) {
      g2n_store(c, dst, t, load_value(c, block, offset, t, rm, 0));
      return;
   }
   if (glsl_type_is_array(t)) {
      unsigned stride = g2n_std140_stride(t, rm);
      for (int i = 0; i < t->length; i++)
         load_into(c, block,
                   nir_iadd(b, offset, nir_imm_int(b, (int)(i * stride))),
                   t->element, rm, nir_build_deref_array_imm(b, dst, i));
      return;
   }
   for (unsigned i = 0; i < t->num_fields; i++) {
      nir_def *o = nir_iadd(b, offset,
                            nir_imm_int(b, (int)g2n_std140_offset(t, i, NULL,
                                                                  rm)));
      load_into(c, block, o, t->fields[i].type, rm,
                nir_build_deref_struct(b, dst, i));
   }
}

static struct g2n_val
load_value(struct g2n *c, nir_def *block, nir_def *offset,
           const struct glsl_type *t, bool rm, unsigned col_stride)
{
   nir_builder *b = &c->b;
   struct g2n_val v = { .type = t };
   if (glsl_type_is_array(t) || t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      nir_variable *tmp = g2n_temp(c, t, "ubo_copy");
      v.deref = nir_build_deref_var(b, tmp);
      load_into(c, block, offset, t, rm, v.deref);
      return v;
   }
   if (glsl_type_is_matrix(t)) {
      const struct glsl_type *col = glsl_column_type(t);
      unsigned stride = g2n_std140_stride(t, rm);
      for (unsigned i = 0; i < t->matrix_columns; i++) {
         /* column-major: column i at i * stride; row-major: component r
          * of column i at r * stride + i * 4 */
         nir_def *o = nir_iadd(b, offset,
                               nir_imm_int(b, (int)(rm ? i * 4
                                                       : i * stride)));
         v.col[i] = load_vec(c, block, o, col, rm ? stride : 4);
      }
      return v;
   }
   v.col[0] = load_vec(c, block, offset, t, col_stride ? col_stride : 4);
   return v;
}

struct g2n_val
g2n_ubo_load(struct g2n *c, const struct g2n_lval *lv)
{
   if (lv->ubo_array_len) {
      g2n_fail(c, NULL, "a whole array of uniform blocks is not a value");
      return (struct g2n_val){ .type = lv->type };
   }
   /* first + offset: the linker renumbers the constant */
   nir_def *block = nir_imm_int(&c->b, lv->ubo_block);
   if (lv->ubo_block_dyn)
      block = nir_iadd(&c->b, block, lv->ubo_block_dyn);
   return load_value(c, block, lv->ubo_offset, lv->dtype, lv->ubo_rm,
                     lv->ubo_col_stride);
}
