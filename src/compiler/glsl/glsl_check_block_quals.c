/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Where block-only qualifiers may appear (GLSL 4.30 section 4.4.5
 * "Uniform and Shader Storage Block Layout Qualifiers", section 4.10
 * "Memory Qualifiers", ARB_uniform_buffer_object and
 * ARB_shader_storage_buffer_object).
 *
 * std140, std430, shared and packed describe a whole block (or the
 * default for blocks); row_major and column_major a block or its members;
 * binding a block or an opaque uniform; memory qualifiers images and
 * buffer blocks and their members.  Reads and writes of readonly and
 * writeonly buffer members are checked where the member is used.
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"

static bool
is_packing(const char *name)
{
   return !strcasecmp(name, "std140") || !strcasecmp(name, "std430") ||
          !strcasecmp(name, "shared") || !strcasecmp(name, "packed");
}

static bool
is_matrix_layout(const char *name)
{
   return !strcasecmp(name, "row_major") ||
          !strcasecmp(name, "column_major");
}

static const struct ast_layout_id *
find_layout(const struct ast_type *at, bool (*pred)(const char *))
{
   for (const struct ast_layout_id *l = at->layout; l; l = l->next) {
      if (pred(l->name))
         return l;
   }
   return NULL;
}

void
check_block_qualifiers(struct check *c, struct ast_node *n)
{
   unsigned q = n->type->flags;
   /* Section 4.10: memory qualifiers are for buffer blocks only. */
   if ((q & AST_Q_MEMORY) && !(q & AST_Q_BUFFER))
      check_error(c, n, "memory qualifiers are only allowed on buffer "
                  "blocks");
   /* Section 4.4.5: std430 is for shader storage blocks only. */
   for (const struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (!strcasecmp(l->name, "std430") && !(q & AST_Q_BUFFER))
         check_error(c, n, "layout(std430) is only allowed on buffer "
                     "blocks");
   }
}

void
check_block_member_qualifiers(struct check *c, struct ast_node *m,
                              unsigned block_q)
{
   unsigned mq = m->type->flags;
   if ((mq & AST_Q_MEMORY) && !(block_q & AST_Q_BUFFER))
      check_error(c, m, "memory qualifiers are only allowed on members of "
                  "buffer blocks");
   for (const struct ast_layout_id *l = m->type->layout; l; l = l->next) {
      /* Section 4.4.5: packing and binding qualify the block, not its
       * members; only matrix layouts (and offset/align) reach members. */
      if (is_packing(l->name) || !strcasecmp(l->name, "binding")) {
         check_error(c, m, "layout(%s) is not allowed on a block member",
                     l->name);
         return;
      }
      /* GLSL 4.20 section 4.4.6.2: formats qualify images, which blocks
       * cannot hold. */
      if (check_is_image_format(l->name)) {
         check_error(c, m, "format layout qualifier '%s' applies only to "
                     "image variables", l->name);
         return;
      }
   }
}

void
check_block_layout_placement(struct check *c, struct ast_node *d,
                             const struct ast_type *at, unsigned q,
                             const struct glsl_type *t)
{
   const struct ast_layout_id *l = find_layout(at, is_packing);
   if (!l)
      l = find_layout(at, is_matrix_layout);
   if (l) {
      check_error(c, d, "layout(%s) only applies to uniform and buffer "
                  "blocks", l->name);
      return;
   }
   /* Section 4.4.5 (binding): a plain variable takes a binding only if
    * it is an opaque uniform. */
   const struct glsl_type *e = glsl_without_array(t);
   for (l = at->layout; l; l = l->next) {
      if (!strcasecmp(l->name, "binding") && !type_is_error(e) &&
          (!glsl_type_is_opaque(e) || !(q & AST_Q_UNIFORM))) {
         check_error(c, d, "layout(binding) on '%s' needs an opaque "
                     "uniform or a block", d->name);
         return;
      }
   }
}

void
check_block_default_layout(struct check *c, struct ast_node *n)
{
   unsigned q = n->type->flags;
   if (!(q & (AST_Q_UNIFORM | AST_Q_BUFFER)))
      return;
   /* "layout(binding = N) uniform;" would bind every block the same. */
   for (const struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (!strcasecmp(l->name, "binding")) {
         check_error(c, n, "layout(binding) cannot be a default for "
                     "blocks");
         return;
      }
      if (!strcasecmp(l->name, "std430") && !(q & AST_Q_BUFFER)) {
         check_error(c, n, "layout(std430) is only a default for buffer "
                     "blocks");
         return;
      }
   }
}

void
check_buffer_read(struct check *c, struct ast_node *n, const char *name,
                  unsigned qual, const struct glsl_type *t)
{
   /* Section 4.10: writeonly buffer variables cannot be read.  Images
    * carry the qualifier too but are read only through built-ins. */
   if (!(qual & AST_Q_WRITEONLY) || c->not_read || type_is_error(t) ||
       glsl_type_is_opaque(glsl_without_array(t)))
      return;
   check_error(c, n, "'%s' is writeonly and cannot be read", name);
}
