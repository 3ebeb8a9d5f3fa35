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
 * program's block index.  Row-major matrices and arrays of blocks are not
 * translated yet.
 */
#include <string.h>

#include "glsl_to_nir_priv.h"

static unsigned
align_to(unsigned x, unsigned a)
{
   return a ? (x + a - 1) / a * a : x;
}

/* Offset of field i of a structure or block (explicit offsets kept). */
unsigned
g2n_ubo_field_offset(const struct glsl_type *t, unsigned i)
{
   unsigned cur = 0;
   for (unsigned j = 0; j < t->num_fields; j++) {
      const struct glsl_type *ft = t->fields[j].type;
      unsigned a = glsl_type_alignment_B(ft, GLSL_LAYOUT_STD140, false);
      cur = t->fields[j].offset >= 0 ? (unsigned)t->fields[j].offset
                                     : align_to(cur, a);
      if (j == i)
         return cur;
      cur += glsl_type_size_B(ft, GLSL_LAYOUT_STD140, false);
   }
   return cur;
}

/* Byte distance between elements of an array, or columns of a matrix. */
static unsigned
ubo_stride(const struct glsl_type *t)
{
   if (glsl_type_is_array(t)) {
      return align_to(glsl_type_size_B(t->element, GLSL_LAYOUT_STD140,
                                       false),
                      glsl_type_alignment_B(t, GLSL_LAYOUT_STD140, false));
   }
   /* a column-major matrix is an array of its columns */
   const struct glsl_type *col = glsl_column_type(t);
   return align_to(glsl_type_size_B(col, GLSL_LAYOUT_STD140, false),
                   glsl_type_alignment_B(t, GLSL_LAYOUT_STD140, false));
}

void
g2n_ubo_block(struct g2n *c, struct ast_node *n)
{
   const struct glsl_type *bt = n->vtype;
   if (!bt || bt->base_type != GLSL_TYPE_INTERFACE) {
      g2n_fail(c, n, "uniform block without a type");
      return;
   }
   if (n->dims.count) {
      g2n_fail(c, n, "arrays of uniform blocks are not translated yet");
      return;
   }
   for (const struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (!strcmp(l->name, "row_major") || !strcmp(l->name, "std430")) {
         g2n_fail(c, n, "%s uniform blocks are not translated yet",
                  l->name);
         return;
      }
   }
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      for (const struct ast_layout_id *l = m->type ? m->type->layout : NULL;
           l; l = l->next) {
         if (!strcmp(l->name, "row_major")) {
            g2n_fail(c, m, "row_major block members are not translated "
                     "yet");
            return;
         }
      }
   }
   /* Shaders of one stage share a block of the same name. */
   unsigned index = util_dynarray_num_elements(&c->blocks,
                                               struct glsl_nir_block);
   util_dynarray_foreach(&c->blocks, struct glsl_nir_block, blk) {
      if (!strcmp(blk->name, n->name))
         index = (unsigned)(blk - (struct glsl_nir_block *)c->blocks.data);
   }
   if (index == util_dynarray_num_elements(&c->blocks,
                                           struct glsl_nir_block)) {
      struct glsl_nir_block blk = {
         .name = n->name,
         .instance = n->name2,
         .type = bt,
         .size_B = align_to(glsl_type_size_B(bt, GLSL_LAYOUT_STD140, false),
                            16),
         .binding = -1,
      };
      for (const struct ast_layout_id *l = n->type->layout; l; l = l->next) {
         if (!strcmp(l->name, "binding") && l->evaluated && l->known)
            blk.binding = (int)l->ival;
      }
      util_dynarray_append(&c->blocks, struct glsl_nir_block, blk);
   }

   if (n->name2) {
      struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
      sym->type = bt;
      sym->field = -1;
      sym->var_index = -1;
      sym->is_ubo = true;
      sym->ubo_block = (int)index;
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
      sym->ubo_offset = g2n_ubo_field_offset(bt, i);
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
   util_dynarray_element(&c->blocks, struct glsl_nir_block,
                         sym->ubo_block)->used = true;
}

/* base[idx] inside a block. */
void
g2n_ubo_index(struct g2n *c, struct g2n_lval *lv, nir_def *idx)
{
   nir_builder *b = &c->b;
   const struct glsl_type *t = lv->dtype;
   unsigned stride = glsl_type_is_array(t) || glsl_type_is_matrix(t)
                        ? ubo_stride(t)
                        : 4;
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
   lv->ubo_offset = nir_iadd(&c->b, lv->ubo_offset,
                             nir_imm_int(&c->b,
                                         (int)g2n_ubo_field_offset(t, i)));
   lv->type = lv->dtype = t->fields[i].type;
}

static nir_def *
load_vec(struct g2n *c, int block, nir_def *offset,
         const struct glsl_type *t)
{
   nir_builder *b = &c->b;
   nir_def *srcs[2] = { nir_imm_int(b, block), offset };
   nir_def *v = &nir_build_intrinsic(b, nir_intrinsic_load_ubo,
                                     t->vector_elements, 32, srcs,
                                     NIR_INTRINSIC_ALIGN_MUL, 4,
                                     NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
   if (t->base_type == GLSL_TYPE_BOOL)
      v = nir_ine(b, v, nir_imm_int_like(b, 0, v));
   return v;
}

/* Loads a whole value; aggregates go to a temporary. */
static void
load_into(struct g2n *c, int block, nir_def *offset,
          const struct glsl_type *t, nir_deref_instr *dst)
{
   nir_builder *b = &c->b;
   if (!glsl_type_is_array(t) && t->base_type != GLSL_TYPE_STRUCT &&
       t->base_type != GLSL_TYPE_INTERFACE) {
      g2n_store(c, dst, t, g2n_ubo_load(c, block, offset, t));
      return;
   }
   if (glsl_type_is_array(t)) {
      unsigned stride = ubo_stride(t);
      for (int i = 0; i < t->length; i++)
         load_into(c, block,
                   nir_iadd(b, offset, nir_imm_int(b, (int)(i * stride))),
                   t->element, nir_build_deref_array_imm(b, dst, i));
      return;
   }
   for (unsigned i = 0; i < t->num_fields; i++) {
      nir_def *o = nir_iadd(b, offset,
                            nir_imm_int(b, (int)g2n_ubo_field_offset(t, i)));
      const struct glsl_type *ft = t->fields[i].type;
      nir_deref_instr *fd = nir_build_deref_struct(b, dst, i);
      if (glsl_type_is_array(ft) || ft->base_type == GLSL_TYPE_STRUCT)
         load_into(c, block, o, ft, fd);
      else
         g2n_store(c, fd, ft, g2n_ubo_load(c, block, o, ft));
   }
}

struct g2n_val
g2n_ubo_load(struct g2n *c, int block, nir_def *offset,
             const struct glsl_type *t)
{
   nir_builder *b = &c->b;
   struct g2n_val v = { .type = t };
   if (glsl_type_is_array(t) || t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      nir_variable *tmp = g2n_temp(c, t, "ubo_copy");
      v.deref = nir_build_deref_var(b, tmp);
      load_into(c, block, offset, t, v.deref);
      return v;
   }
   if (glsl_type_is_matrix(t)) {
      unsigned stride = ubo_stride(t);
      const struct glsl_type *col = glsl_column_type(t);
      for (unsigned i = 0; i < t->matrix_columns; i++)
         v.col[i] = load_vec(c, block,
                             nir_iadd(b, offset,
                                      nir_imm_int(b, (int)(i * stride))),
                             col);
      return v;
   }
   v.col[0] = load_vec(c, block, offset, t);
   return v;
}
