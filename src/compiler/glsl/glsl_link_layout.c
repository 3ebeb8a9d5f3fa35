/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The members of a uniform or storage block as GL lists them: one walk
 * over the block type that computes each member's offset, array stride,
 * matrix stride and majority under the block's layout rules (GLSL 4.60
 * 4.4.5; "shared" and "packed" uniform blocks take the std430 rules
 * here, storage blocks the std140 ones, which both allow), used for uniform blocks (glsl_link_blocks.c) and storage
 * blocks (glsl_link_ssbo.c).  Structures split into their members,
 * arrays of basic types are one entry "a[0]", the elements of arrays of
 * aggregates are enumerated (GL 4.6 7.3.1.1) -- for buffer variables
 * only the first element of a top-level array.
 */
#include <string.h>

#include "glsl_link_priv.h"
#include "util/ralloc.h"

struct layout_walk {
   struct glsl_program *prog;
   struct glsl_program_block *blk;
   struct link_names names;     /* the member being walked */
   unsigned cap;
   bool std430;
   /* the block member being walked: its array size and stride */
   unsigned top_size, top_stride;
};

static unsigned
walk_stride(const struct layout_walk *w, const struct glsl_type *t, bool rm)
{
   return g2n_mem_stride(t, rm, w->std430);
}

/* A member named after the leaf being walked (w->names). */
static void
add_member(struct layout_walk *w, const struct glsl_type *t,
           unsigned array_size, bool is_array, unsigned offset,
           unsigned array_stride, bool rm)
{
   struct glsl_program_block *blk = w->blk;
   if (blk->num_members == w->cap) {
      w->cap = w->cap ? w->cap * 2 : 8;
      blk->members = rerzalloc_size(
         w->prog, blk->members,
         blk->num_members * sizeof(struct glsl_program_block_member),
         w->cap * sizeof(struct glsl_program_block_member));
   }
   struct glsl_program_block_member *m = &blk->members[blk->num_members++];
   m->name = link_names_keep(&w->names, is_array);
   m->type = t;
   m->gl_type = glsl_type_gl_enum(t);
   m->array_size = array_size;
   m->is_array = is_array;
   m->offset_B = offset;
   m->array_stride_B = array_stride;
   if (glsl_type_is_matrix(t)) {
      m->matrix_stride_B = walk_stride(w, t, rm);
      m->row_major = rm;
   }
   m->top_array_size = w->top_size;
   m->top_array_stride_B = w->top_stride;
}

/* first_only: enumerate only element 0 of an array of aggregates (a
 * top-level array of a storage block). */
static void
walk(struct layout_walk *w, const struct glsl_type *t, unsigned offset,
     bool rm, bool first_only)
{
   if (glsl_type_is_array(t)) {
      const struct glsl_type *et = t->element;
      unsigned stride = walk_stride(w, t, rm);
      /* an unsized array (storage blocks only) has size 0 */
      unsigned len = t->length > 0 ? (unsigned)t->length : 0;
      if (!glsl_type_is_array(et) && et->base_type != GLSL_TYPE_STRUCT) {
         add_member(w, et, len, true, offset, stride, rm);
         return;
      }
      if (first_only || !len)
         len = 1;
      for (unsigned i = 0; i < len; i++) {
         size_t back = link_names_push_index(&w->names, i);
         walk(w, et, offset + i * stride, rm, false);
         link_names_pop(&w->names, back);
      }
      return;
   }
   if (t->base_type == GLSL_TYPE_STRUCT) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         size_t back = link_names_push_field(&w->names, t->fields[i].name);
         walk(w, t->fields[i].type,
              offset + g2n_mem_offset(t, i, NULL, rm, w->std430), rm,
              false);
         link_names_pop(&w->names, back);
      }
      return;
   }
   add_member(w, t, 1, false, offset, 0, rm);
}

void
link_list_block_members(struct glsl_program *prog,
                        struct glsl_program_block *pb,
                        const struct glsl_nir_block *b,
                        enum link_block_layout layout,
                        bool buffer_variables)
{
   struct layout_walk w = {
      .prog = prog,
      .blk = pb,
      .std430 = layout == LINK_LAYOUT_STD430,
   };
   link_names_init(&w.names, prog);
   const struct glsl_type *bt = b->type;
   for (unsigned f = 0; f < bt->num_fields; f++) {
      const struct glsl_type *ft = bt->fields[f].type;
      bool rm = b->row_major[f];
      w.top_size = 1;
      w.top_stride = 0;
      if (glsl_type_is_array(ft)) {
         w.top_size = ft->length > 0 ? (unsigned)ft->length : 0;
         w.top_stride = walk_stride(&w, ft, rm);
      }
      /* members are named after the block, without the element of a
       * block array ("B.m" in "B[1]") */
      const char *fname = bt->fields[f].name;
      if (b->instance) {
         link_names_set(&w.names, b->name, strcspn(b->name, "["));
         link_names_push_field(&w.names, fname);
      } else {
         link_names_set(&w.names, fname, strlen(fname));
      }
      walk(&w, ft, g2n_mem_offset(bt, f, b->row_major, false, w.std430),
           rm, buffer_variables);
   }
   link_names_fini(&w.names);
}
