/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: what uniform blocks (glsl_to_nir_ubo.c) and storage blocks
 * (glsl_to_nir_ssbo.c) declare alike.  A block declaration is read into a
 * g2n_block_decl (its type, the array of blocks it may declare, its
 * binding, each member's matrix layout), entered once per element into the
 * stage's list of blocks of its kind (shaders of one stage share a block
 * of one name), and its members or instance name are declared as symbols
 * that read memory.
 */
#include <string.h>

#include "glsl_to_nir_priv.h"

int
g2n_last_layout(const struct ast_layout_id *l, const char *const *names,
                unsigned n)
{
   int r = -1;
   for (; l; l = l->next) {
      for (unsigned i = 0; i < n; i++) {
         if (!strcmp(l->name, names[i]))
            r = (int)i;
      }
   }
   return r;
}

/* Blocks an array type of blocks holds (1: not an array); 0 when a size
 * is unknown or the array has more than 64 blocks. */
unsigned
g2n_block_count(const struct glsl_type *at)
{
   unsigned count = 1;
   for (const struct glsl_type *d = at; d && glsl_type_is_array(d);
        d = d->element) {
      if (d->length <= 0 || count * (unsigned)d->length > 64)
         return 0;
      count *= (unsigned)d->length;
   }
   return count;
}

/* "B[i][j]..." for the k-th block of the array type `at`, row by row
 * (GL 4.6 7.3.1.1). */
static const char *
element_name(struct g2n *c, const char *name, const struct glsl_type *at,
             unsigned k)
{
   if (!at)
      return name;
   char *s = ralloc_strdup(c->shader, name);
   for (const struct glsl_type *d = at; d && glsl_type_is_array(d);
        d = d->element) {
      unsigned inner = g2n_block_count(d->element);
      ralloc_asprintf_append(&s, "[%u]", inner ? k / inner : 0);
      k = inner ? k % inner : 0;
   }
   return s;
}

bool
g2n_block_decl_init(struct g2n *c, struct ast_node *n, const char *kind,
                    struct g2n_block_decl *d)
{
   memset(d, 0, sizeof(*d));
   d->kind = kind;
   d->type = n->vtype;
   d->count = 1;
   d->binding = -1;
   if (!d->type || d->type->base_type != GLSL_TYPE_INTERFACE) {
      g2n_fail(c, n, "%s block without a type", kind);
      return false;
   }
   /* An array of blocks: its sizes are constant expressions the checker
    * folded (the first dimension's vtype is the instance's array type). */
   if (n->block_dims->count) {
      d->array = n->block_dims->head->vtype;
      d->count = d->array && glsl_type_is_array(d->array)
                    ? g2n_block_count(d->array)
                    : 0;
      if (!d->count) {
         g2n_fail(c, n, "arrays of %s blocks need known sizes, at most 64 "
                  "blocks in all, here", kind);
         return false;
      }
   }
   for (const struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (!strcmp(l->name, "binding") && l->evaluated && l->known)
         d->binding = (int)l->ival;
   }
   return true;
}

int
g2n_last_matrix_layout(const struct ast_layout_id *l)
{
   static const char *const majors[] = { "row_major", "column_major" };
   return g2n_last_layout(l, majors, 2);
}

void
g2n_block_matrix_layouts(struct g2n *c, struct ast_node *n,
                         struct g2n_block_decl *d, bool default_rm)
{
   /* A member's own matrix layout, else the block's, else the default
    * (GLSL 4.60 4.4.5): the last one written counts. */
   int m = g2n_last_matrix_layout(n->type->layout);
   bool block_rm = m >= 0 ? m == 0 : default_rm;
   unsigned num = d->type->num_fields;
   d->row_major = rzalloc_array(c->shader, bool, num ? num : 1);
   unsigned f = 0;
   for (struct ast_node *mem = n->list.head; mem; mem = mem->next) {
      int mm = g2n_last_matrix_layout(mem->type ? mem->type->layout
                                                : NULL);
      for (struct ast_node *v = mem->list.head; v && f < num; v = v->next)
         d->row_major[f++] = mm >= 0 ? mm == 0 : block_rm;
   }
}

int
g2n_block_add(struct g2n *c, struct ast_node *n, struct util_dynarray *list,
              const struct g2n_block_decl *d, unsigned size_B,
              bool match_matrix_layouts)
{
   const char *name0 = element_name(c, n->name, d->array, 0);
   unsigned array_size = d->array ? d->count : 0;
   util_dynarray_foreach(list, struct glsl_nir_block, blk) {
      if (strcmp(blk->name, name0) != 0)
         continue;
      /* GL 4.6 7.6.2: the same members, in the same order, of the same
       * types and layouts in the shaders of a stage, else a link error
       * (glsl_link_blocks.c compares the stages). */
      bool same = link_types_match(blk->type, d->type) &&
                  blk->std430 == d->std430 &&
                  blk->array_size == array_size &&
                  (d->binding < 0 || blk->binding < 0 ||
                   blk->binding == d->binding);
      for (unsigned f = 0; same && match_matrix_layouts &&
                           f < d->type->num_fields; f++)
         same = blk->row_major[f] == d->row_major[f];
      if (!same) {
         g2n_fail(c, n, "%s block '%s' is declared differently in two "
                  "shaders", d->kind, n->name);
         return -1;
      }
      return (int)(blk - (struct glsl_nir_block *)list->data);
   }
   int index = (int)util_dynarray_num_elements(list, struct glsl_nir_block);
   /* the members' precisions, for the link's match (GLSL ES 3.00 4.3.7):
    * a member without a qualifier has the default precision of its type
    * where the block is declared (GLSL ES 3.00 4.5.4; since wave 15), so
    * a vertex shader's unqualified float (highp) differs from a fragment
    * shader's under "precision mediump float" */
   unsigned *prec = NULL;
   if (c->st->es && d->type->num_fields) {
      prec = rzalloc_array(c->shader, unsigned, d->type->num_fields);
      for (unsigned f = 0; prec && f < d->type->num_fields; f++)
         prec[f] = g2n_decl_prec(c, d->type->fields[f].qualifiers,
                                 d->type->fields[f].type);
   }
   for (unsigned k = 0; k < d->count; k++) {
      struct glsl_nir_block blk = {
         .name = element_name(c, n->name, d->array, k),
         .instance = n->name2,
         .type = d->type,
         .size_B = size_B,
         /* consecutive binding points for the elements */
         .binding = d->binding >= 0 ? d->binding + (int)k : -1,
         .row_major = d->row_major,
         .member_prec = prec,
         .array_size = array_size,
         .std430 = d->std430,
      };
      util_dynarray_append(list, struct glsl_nir_block, blk);
   }
   return index;
}

static struct g2n_sym *
block_sym(struct g2n *c, const struct g2n_block_decl *d, enum g2n_mem mem,
          int index)
{
   struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
   sym->field = -1;
   sym->var_index = -1;
   sym->is_ubo = true;
   sym->mem = mem;
   sym->std430 = d->std430;
   sym->ubo_block = index;
   return sym;
}

void
g2n_block_declare(struct g2n *c, struct ast_node *n,
                  const struct g2n_block_decl *d, enum g2n_mem mem,
                  int index)
{
   const struct glsl_type *bt = d->type;
   if (n->name2) {
      struct g2n_sym *sym = block_sym(c, d, mem, index);
      sym->type = bt;
      sym->ubo_rm_fields = d->row_major;
      sym->ubo_array_len = d->array ? (unsigned)d->array->length : 0;
      sym->ubo_array_type = d->array;
      g2n_declare(c, n->name2, sym);
      return;
   }
   for (unsigned i = 0; i < bt->num_fields; i++) {
      struct g2n_sym *sym = block_sym(c, d, mem, index);
      sym->type = bt->fields[i].type;
      sym->ubo_offset = g2n_mem_offset(bt, i, d->row_major, false,
                                       d->std430);
      sym->ubo_rm = d->row_major[i];
      g2n_declare(c, bt->fields[i].name, sym);
   }
}
