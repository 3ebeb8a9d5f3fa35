/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: uniform blocks.  Members are laid out with the std140 rules
 * (GLSL 4.60 7.6.2.2) in std140 blocks, and with the std430 rules in
 * "shared" and "packed" ones (the default; their layout is the
 * implementation's, GLSL ES 3.00 4.3.8.3 and GLSL 4.60 4.4.5, the same
 * in every program for the same declaration: tightly packed scalar
 * arrays, as Mesa's gallium drivers that read constant buffers with
 * loads give them, PIPE_CAP_LOAD_CONSTBUF in alexvorxx/Mesa-VirGL
 * src/mesa/state_tracker/st_extensions.c) and read with
 * load_ubo(block, byte offset): an
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


static const char *const ubo_packings[] = { "std140", "shared", "packed" };

void
g2n_ubo_default_layout(struct g2n *c, struct ast_node *n)
{
   /* layout(row_major) uniform; and layout(std140) uniform; set the
    * defaults of later blocks. */
   int m = g2n_last_matrix_layout(n->type->layout);
   if (m >= 0)
      c->ubo_row_major_default = m == 0;
   int p = g2n_last_layout(n->type->layout, ubo_packings, 3);
   if (p >= 0)
      c->ubo_std140_default = p == 0;
}

void
g2n_ubo_block(struct g2n *c, struct ast_node *n)
{
   struct g2n_block_decl d;
   if (!g2n_block_decl_init(c, n, "uniform", &d))
      return;
   static const char *const std430[] = { "std430" };
   if (g2n_last_layout(n->type->layout, std430, 1) >= 0) {
      g2n_fail(c, n, "std430 uniform blocks are not translated yet");
      return;
   }
   int p = g2n_last_layout(n->type->layout, ubo_packings, 3);
   d.std430 = !(p >= 0 ? p == 0 : c->ubo_std140_default);
   g2n_block_matrix_layouts(c, n, &d, c->ubo_row_major_default);
   const struct glsl_type *bt = d.type;
   unsigned size;
   if (d.std430) {
      size = g2n_block_size(bt, d.row_major, true);
   } else {
      unsigned last = bt->num_fields ? bt->num_fields - 1 : 0;
      unsigned end = bt->num_fields
                        ? g2n_std140_offset(bt, last, d.row_major, false) +
                             glsl_type_size_B(bt->fields[last].type,
                                              GLSL_LAYOUT_STD140,
                                              d.row_major[last])
                        : 0;
      size = align_to(end, 16);
   }
   int index = g2n_block_add(c, n, &c->blocks, &d, size, true);
   if (index >= 0)
      g2n_block_declare(c, n, &d, G2N_MEM_UBO, index);
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
   lv->std430 = sym->std430;
   lv->ubo_array_len = sym->ubo_array_len;
   lv->ubo_array_type = sym->ubo_array_type;
   for (unsigned k = 0; k < g2n_block_count(sym->ubo_array_type); k++)
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
      unsigned inner = g2n_block_count(et);
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
                                 bool std430, unsigned col_stride);

/* Loads an aggregate into storage. */
static void
load_into(struct g2n *c, nir_def *block, nir_def *offset,
          const struct glsl_type *t, bool rm, bool std430,
          nir_deref_instr *dst)
{
   nir_builder *b = &c->b;
   if (!glsl_type_is_array(t) && t->base_type != GLSL_TYPE_STRUCT &&
       t->base_type != GLSL_TYPE_INTERFACE) {
      g2n_store(c, dst, t, load_value(c, block, offset, t, rm, std430, 0));
      return;
   }
   if (glsl_type_is_array(t)) {
      unsigned stride = g2n_mem_stride(t, rm, std430);
      for (int i = 0; i < t->length; i++)
         load_into(c, block,
                   nir_iadd(b, offset, nir_imm_int(b, (int)(i * stride))),
                   t->element, rm, std430,
                   nir_build_deref_array_imm(b, dst, i));
      return;
   }
   for (unsigned i = 0; i < t->num_fields; i++) {
      unsigned fo = g2n_mem_offset(t, i, NULL, rm, std430);
      nir_def *o = nir_iadd(b, offset, nir_imm_int(b, (int)fo));
      load_into(c, block, o, t->fields[i].type, rm, std430,
                nir_build_deref_struct(b, dst, i));
   }
}

static struct g2n_val
load_value(struct g2n *c, nir_def *block, nir_def *offset,
           const struct glsl_type *t, bool rm, bool std430,
           unsigned col_stride)
{
   nir_builder *b = &c->b;
   struct g2n_val v = { .type = t };
   if (glsl_type_is_array(t) || t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      nir_variable *tmp = g2n_temp(c, t, "ubo_copy");
      v.deref = nir_build_deref_var(b, tmp);
      load_into(c, block, offset, t, rm, std430, v.deref);
      return v;
   }
   if (glsl_type_is_matrix(t)) {
      const struct glsl_type *col = glsl_column_type(t);
      unsigned stride = g2n_mem_stride(t, rm, std430);
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
                     lv->std430, lv->ubo_col_stride);
}
