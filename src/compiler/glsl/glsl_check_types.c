/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Type specifiers: resolving a specifier to a glsl_type (built-in, user
 * structure, gl_ structure), array dimensions (sizes, arrays of arrays)
 * and structure definitions.
 */
#include <string.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

static const struct glsl_type *
define_struct(struct check *c, struct ast_node *def)
{
   if (def->vtype)
      return def->vtype;
   unsigned n = 0;
   for (struct ast_node *m = def->list.head; m; m = m->next)
      n += m->list.count;
   struct glsl_struct_field *fields =
      rzalloc_array(c->mem, struct glsl_struct_field, n ? n : 1);
   struct hash_table *seen = hash_table_create_string_keys(c->mem);
   unsigned i = 0;
   for (struct ast_node *m = def->list.head; m; m = m->next) {
      if (m->type->struct_def) {
         check_error(c, m, "embedded structure definitions are not "
                     "allowed");
      }
      if (m->type->flags & ~(AST_Q_PRECISION | AST_Q_LAYOUT)) {
         check_error(c, m, "structure members cannot have storage or "
                     "interpolation qualifiers");
      }
      check_location_struct_member(c, m);
      const struct glsl_type *mt = check_resolve_type(c, m->type, m);
      if (mt->base_type == GLSL_TYPE_VOID)
         check_error(c, m, "structure member of type void");
      /* ES fragment shaders: members are declarations too (GLSL ES 3.00
       * 4.5.4; glslang agrees) */
      check_scope_float_precision(c, m, m->type->flags, mt);
      for (struct ast_node *d = m->list.head; d; d = d->next) {
         const struct glsl_type *ft = check_apply_dims(c, mt, &d->dims,
                                                       false);
         if (glsl_type_is_array(ft) && ft->length < 0)
            check_error(c, d, "structure member '%s' is an unsized array",
                        d->name);
         for (unsigned k = check_count_name(seen, d->name); k-- > 0;)
            check_error(c, d, "duplicate structure member '%s'", d->name);
         fields[i].type = ft;
         fields[i].name = d->name;
         fields[i].line = d->line;
         fields[i].location = -1;
         fields[i].offset = -1;
         i++;
      }
   }
   if (n == 0)
      check_error(c, def, "structures must have at least one member");
   const struct glsl_type *t =
      glsl_struct_type(c->mem, fields, i,
                       def->name ? def->name : "(anonymous struct)");
   def->vtype = t;
   if (def->name) {
      if (!strncmp(def->name, "gl_", 3))
         check_error(c, def, "identifier '%s' uses the reserved prefix gl_",
                     def->name);
      struct check_sym *sym = check_tmp_alloc(c, sizeof(struct check_sym));
      sym->kind = CHECK_SYM_TYPE;
      sym->type = t;
      check_declare(c, def->name, sym, def);
   }
   return t;
}

unsigned
check_count_name(struct hash_table *names, const char *name)
{
   if (!names)
      return 0;
   uintptr_t seen = (uintptr_t)hash_table_search_data(names, name);
   hash_table_insert(names, name, (void *)(seen + 1));
   return seen;
}

int
check_field_index(struct check *c, const struct glsl_type *t,
                  const char *name)
{
   if (t->num_fields <= 16) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (!strcmp(t->fields[i].name, name))
            return i;
      }
      return -1;
   }
   if (!c->field_index)
      c->field_index = hash_table_create_pointer_keys(c->tmp);
   struct hash_table *names = c->field_index ?
      hash_table_search_data(c->field_index, t) : NULL;
   if (!names && c->field_index) {
      names = hash_table_create_string_keys(c->field_index);
      /* The first member of a name wins, as in a forward scan. */
      for (unsigned i = t->num_fields; names && i-- > 0;)
         hash_table_insert(names, t->fields[i].name,
                           (void *)(uintptr_t)(i + 1));
      if (names)
         hash_table_insert(c->field_index, t, names);
   }
   if (!names) { /* out of memory: scan */
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (!strcmp(t->fields[i].name, name))
            return i;
      }
      return -1;
   }
   return (int)(uintptr_t)hash_table_search_data(names, name) - 1;
}

const struct glsl_type *
check_apply_dims(struct check *c, const struct glsl_type *t,
                 struct ast_list *dims, bool allow_unsized)
{
   if (!dims->count)
      return t;
   if ((dims->count > 1 || glsl_type_is_array(t)) &&
       !glsl_is_version(c->st, 430, 310) &&
       !glsl_ext_enabled(c->st, "GL_ARB_arrays_of_arrays")) {
      check_error(c, dims->head, "arrays of arrays need GLSL 4.30, GLSL ES "
                  "3.10 or GL_ARB_arrays_of_arrays");
      return &glsl_type_builtin_error;
   }
   /* Outermost dimension first in source: build from the innermost. */
   struct ast_node *d[64];
   unsigned n = 0;
   for (struct ast_node *x = dims->head; x && n < 64; x = x->next)
      d[n++] = x;
   for (unsigned i = n; i-- > 0;) {
      int len = -1;
      if (d[i]->a) {
         int64_t v = 0;
         bool known = false;
         if (!check_const_int(c, d[i]->a, &v, &known))
            return &glsl_type_builtin_error;
         if (known && v <= 0) {
            check_error(c, d[i], "array size must be greater than zero");
            return &glsl_type_builtin_error;
         }
         if (known && v > (1 << 28)) {
            check_error(c, d[i], "array size %lld is too large",
                        (long long)v);
            return &glsl_type_builtin_error;
         }
         len = known ? (int)v : 1;
      } else if (!allow_unsized || i != 0) {
         if (!(allow_unsized && i == 0)) {
            /* Inner unsized dimensions are only allowed when sized by an
             * initializer; the caller passes allow_unsized then. */
            if (!allow_unsized) {
               check_error(c, d[i], "array size missing");
               return &glsl_type_builtin_error;
            }
         }
      }
      if (t->base_type == GLSL_TYPE_VOID) {
         check_error(c, d[i], "arrays of void are not allowed");
         return &glsl_type_builtin_error;
      }
      t = glsl_array_type(c->mem, t, len);
   }
   return t;
}

const struct glsl_type *
check_resolve_type(struct check *c, struct ast_type *at,
                   struct ast_node *where)
{
   const struct glsl_type *t = NULL;
   if (at->struct_def) {
      t = define_struct(c, at->struct_def);
   } else if (at->builtin) {
      t = at->builtin;
   } else if (at->type_name) {
      struct check_sym *sym = check_lookup(c, at->type_name);
      if (sym && sym->kind == CHECK_SYM_TYPE) {
         t = sym->type;
      } else if (!strncmp(at->type_name, "gl_", 3)) {
         t = check_type_from_string(c, at->type_name);
      } else if (sym && sym->kind == CHECK_SYM_FUNC) {
         /* A subroutine type name: treat as unknown but valid. */
         t = &glsl_type_builtin_error;
      } else {
         check_error(c, where, "'%s' is not a type", at->type_name);
         t = &glsl_type_builtin_error;
      }
   }
   if (!t)
      return &glsl_type_builtin_error;
   return at->dims ? check_apply_dims(c, t, at->dims, true) : t;
}

bool
check_is_integer_or_double(const struct glsl_type *t)
{
   return glsl_type_contains(t, GLSL_TYPE_INT) ||
          glsl_type_contains(t, GLSL_TYPE_UINT) ||
          glsl_type_contains(t, GLSL_TYPE_DOUBLE) ||
          glsl_type_contains(t, GLSL_TYPE_INT64) ||
          glsl_type_contains(t, GLSL_TYPE_UINT64);
}
