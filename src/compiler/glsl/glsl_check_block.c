/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Interface blocks (uniform, buffer, in and out blocks: GLSL 1.40 4.3.7,
 * GLSL 1.50 4.3.7, GLSL ES 3.00 4.3.7): names, instance names, arrays,
 * members and their qualifiers, per stage and version.
 *
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

/* GLSL ES lists every layout qualifier a uniform or storage block and its
 * members may take (ES 3.00 4.3.8.3; ES 3.10 and 3.20 4.4.4): the block
 * shared, packed, std140, row_major and column_major, from ES 3.10 also
 * binding, and std430 for storage blocks; members only row_major and
 * column_major.  Desktop GLSL adds offset, align, location and more. */
static bool
es_block_layout_allowed(struct check *c, const char *name, unsigned q,
                        bool member)
{
   if (is_matrix_layout(name))
      return true;
   if (member)
      return false;
   if (!strcasecmp(name, "std430"))
      return true; /* on uniform blocks: its own error */
   if (!strcasecmp(name, "binding"))
      return glsl_is_version(c->st, 0, 310);
   return is_packing(name);
}

/* The ES rule above for the layout qualifiers of a uniform or buffer
 * block (member: of one of its members). */
static void
es_block_layouts(struct check *c, struct ast_node *n, unsigned block_q,
                 bool member)
{
   if (!c->st->es || !(block_q & (AST_Q_UNIFORM | AST_Q_BUFFER)))
      return;
   const char *kind = block_q & AST_Q_UNIFORM ? "uniform" : "storage";
   for (const struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (es_block_layout_allowed(c, l->name, block_q, member))
         continue;
      check_error(c, n, "layout(%s) is not allowed on %s %s block in "
                  "GLSL ES %d.%02d", l->name, member ? "a member of a" : "a",
                  kind, c->st->version / 100, c->st->version % 100);
      return;
   }
}

static void
block_qualifiers(struct check *c, struct ast_node *n)
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
   es_block_layouts(c, n, q, false);
}

static void
member_qualifiers(struct check *c, struct ast_node *m,
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
   es_block_layouts(c, m, block_q, true);
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
   es_block_layouts(c, n, q, false);
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
void
check_block(struct check *c, struct ast_node *n)
{
   struct glsl_parse_state *st = c->st;
   unsigned q = n->type->flags;
   const char *kind = q & AST_Q_UNIFORM ? "uniform" :
                      q & AST_Q_BUFFER ? "buffer" :
                      q & AST_Q_IN ? "in" : q & AST_Q_OUT ? "out" : NULL;
   if (!kind) {
      check_error(c, n, "interface block needs uniform, buffer, in or out");
      return;
   }
   if ((q & AST_Q_UNIFORM) && !glsl_is_version(st, 140, 300) &&
       !glsl_ext_enabled(st, "GL_ARB_uniform_buffer_object")) {
      check_error(c, n, "uniform blocks need GLSL 1.40 or ES 3.00");
      return;
   }
   if ((q & (AST_Q_IN | AST_Q_OUT)) && !glsl_is_version(st, 150, 320) &&
       !glsl_ext_enabled(st, "GL_EXT_shader_io_blocks") &&
       !glsl_ext_enabled(st, "GL_OES_shader_io_blocks")) {
      check_error(c, n, "%s blocks need GLSL 1.50 or ES 3.20", kind);
      return;
   }
   block_qualifiers(c, n);
   bool per_vertex = n->name && !strcmp(n->name, "gl_PerVertex");
   if (!per_vertex &&
       ((n->name && !strncmp(n->name, "gl_", 3)) ||
        (n->name2 && !strncmp(n->name2, "gl_", 3)))) {
      check_error(c, n, "block and instance names cannot start with gl_");
      return;
   }
   if (!per_vertex) {
      /* Block names share the global namespace with other names, but an
       * input and an output block may have the same name. */
      unsigned kind_bit = q & AST_Q_UNIFORM ? 1 : q & AST_Q_BUFFER ? 2 :
                          q & AST_Q_IN ? 4 : 8;
      uintptr_t kinds =
         (uintptr_t)hash_table_search_data(c->block_names, n->name);
      struct hash_entry *other = hash_table_search(c->global->names,
                                                   n->name);
      struct check_sym *os = other ? other->data : NULL;
      bool other_is_block = os && os->kind == CHECK_SYM_TYPE &&
                            type_is_error(os->type);
      if ((kinds & kind_bit) || (other && !other_is_block)) {
         check_error(c, n, "block name '%s' is already used", n->name);
         return;
      }
      hash_table_insert(c->block_names, n->name,
                        (void *)(kinds | kind_bit));
      if (!other) {
         struct check_sym *bs = check_tmp_alloc(c, sizeof(struct check_sym));
         bs->kind = CHECK_SYM_TYPE;
         bs->type = &glsl_type_builtin_error;
         hash_table_insert(c->global->names, n->name, bs);
      }
   }
   if (st->stage == MESA_SHADER_GEOMETRY && (q & AST_Q_IN) &&
       (!n->name2 || !n->block_dims->count)) {
      check_error(c, n, "geometry shader input blocks must be arrays with "
                  "an instance name");
      return;
   }
   if (!check_tess_block(c, n, q, per_vertex))
      return;
   if (n->name2 && (q & (AST_Q_UNIFORM | AST_Q_BUFFER)) &&
       n->block_dims->count &&
       !n->block_dims->tail->a) {
      check_error(c, n, "uniform and buffer block arrays need a size");
      return;
   }
   if (n->name2 && st->es && n->block_dims->count &&
       n->block_dims->head->a == NULL) {
      check_error(c, n, "block arrays need a size in GLSL ES");
      return;
   }
   if ((q & AST_Q_IN) && st->stage == MESA_SHADER_VERTEX) {
      check_error(c, n, "vertex shader input blocks are not allowed");
      return;
   }
   if ((q & AST_Q_OUT) && st->stage == MESA_SHADER_FRAGMENT) {
      check_error(c, n, "fragment shader output blocks are not allowed");
      return;
   }
   if (per_vertex && st->stage == MESA_SHADER_FRAGMENT) {
      check_error(c, n, "gl_PerVertex cannot be redeclared in fragment "
                  "shaders");
      return;
   }
   /* Declared below like any block: members (out) or gl_in (in). */
   if (per_vertex && !check_builtin_per_vertex_block(c, n, q))
      return;
   unsigned nf = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next)
      nf += m->list.count;
   struct glsl_struct_field *fields =
      rzalloc_array(c->mem, struct glsl_struct_field, nf ? nf : 1);
   struct hash_table *seen = hash_table_create_string_keys(c->mem);
   unsigned i = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      if (m->type->struct_def)
         check_error(c, m, "structure definitions are not allowed inside "
                     "blocks");
      const struct glsl_type *mt = check_resolve_type(c, m->type, m);
      unsigned mq = m->type->flags;
      if (mq & (AST_Q_ATTRIBUTE | AST_Q_VARYING | AST_Q_CONST |
                AST_Q_SHARED))
         check_error(c, m, "invalid storage qualifier on a block member");
      else if ((mq & AST_Q_STORAGE) && (mq & AST_Q_STORAGE) !=
               (q & AST_Q_STORAGE))
         check_error(c, m, "block member storage does not match the "
                     "block's");
      member_qualifiers(c, m, q);
      check_geom_member_stream(c, n, m, q);
      check_location_es_component(c, m, m->type->layout);
      check_sample_qualifier(c, m, mq | (q & (AST_Q_IN | AST_Q_OUT |
                                              AST_Q_UNIFORM | AST_Q_BUFFER)));
      /* GLSL 4.60 4.3.9 / ES 3.00 4.3.7: no opaque members, not even
       * inside a structure. */
      if (glsl_type_contains_opaque(mt))
         check_error(c, m, "opaque types are not allowed in %s blocks",
                     kind);
      bool varying_in = (q & AST_Q_IN) && st->stage == MESA_SHADER_FRAGMENT;
      bool varying_out = (q & AST_Q_OUT) && st->es &&
                         st->stage == MESA_SHADER_VERTEX;
      for (struct ast_node *d = m->list.head; d; d = d->next) {
         const struct glsl_type *ft = check_apply_dims(c, mt, &d->dims,
                                                       true);
         for (unsigned k = check_count_name(seen, d->name); k-- > 0;)
            check_error(c, d, "duplicate block member '%s'", d->name);
         /* GLSL ES 3.10 4.1.9: only the last member is sized at run
          * time.  Desktop GLSL (ARB_shader_storage_buffer_object, 4.30
          * 4.1.9) sizes other members at link time, where one that stays
          * unsized is a link error (glsl_to_nir_ssbo.c). */
         if ((q & AST_Q_BUFFER) && glsl_type_is_array(ft) && ft->length < 0 &&
             (d->next || m->next) && st->es)
            check_error(c, d, "only the last member of a buffer block can "
                        "be an unsized array");
         if (!per_vertex && !strncmp(d->name, "gl_", 3))
            check_error(c, d, "block member names cannot start with gl_");
         /* gl_MaxClipDistances is 8 (GLSL 1.50 7.4). */
         if (per_vertex && !strcmp(d->name, "gl_ClipDistance") &&
             glsl_type_is_array(ft) && ft->length > 8)
            check_error(c, d, "gl_ClipDistance cannot have more than 8 "
                        "elements");
         if ((varying_in || varying_out) && check_is_integer_or_double(ft) &&
             !((q | m->type->flags) & AST_Q_FLAT))
            check_error(c, d, "block member '%s' of integer or double type "
                        "must be qualified 'flat'", d->name);
         fields[i].type = ft;
         fields[i].name = d->name;
         fields[i].location = -1;
         fields[i].offset = -1;
         fields[i].qualifiers = m->type->flags;
         i++;
         if (!n->name2) {
            struct check_var *v = check_tmp_alloc(c, sizeof(struct check_var));
            v->name = d->name;
            v->type = ft;
            v->global = true;
            v->qual = q | (m->type->flags & AST_Q_MEMORY);
            v->read_only = q & (AST_Q_UNIFORM | AST_Q_IN) ||
                           ((q | m->type->flags) & AST_Q_READONLY);
            v->block_field = true;
            struct check_sym *sym = check_tmp_alloc(c, sizeof(struct check_sym));
            sym->kind = CHECK_SYM_VAR;
            sym->var = v;
            check_declare(c, d->name, sym, d);
         }
      }
   }
   check_layout_block(c, n, fields, i);
   const struct glsl_type *bt = glsl_interface_type(c->mem, fields, i,
                                                    n->name);
   n->vtype = bt; /* for glsl_to_nir: the block's own (element) type */
   if (n->name2) {
      const struct glsl_type *t = check_apply_dims(c, bt, n->block_dims, true);
      /* for glsl_to_nir: the instance's array type, its size folded */
      if (n->block_dims->head)
         n->block_dims->head->vtype = t;
      if (q & AST_Q_IN)
         check_geom_input_array(c, n, &t);
      check_tess_io_var(c, n, q, &t);
      struct check_var *v = check_tmp_alloc(c, sizeof(struct check_var));
      v->name = n->name2;
      v->type = t;
      v->qual = q;
      v->global = true;
      v->read_only = q & (AST_Q_UNIFORM | AST_Q_IN | AST_Q_READONLY);
      struct check_sym *sym = check_tmp_alloc(c, sizeof(struct check_sym));
      sym->kind = CHECK_SYM_VAR;
      sym->var = v;
      check_declare(c, n->name2, sym, n);
   }
}
