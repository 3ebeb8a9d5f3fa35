/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Scopes and symbols: the stack of name tables, lookup (falling back to
 * the built-in variables for gl_ names), declaration with redeclaration
 * errors, reserved names, and the default precisions of GLSL ES (fields of
 * each scope): float in fragment shaders, and the opaque types that have
 * no predeclared default.
 */
#include <string.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

#define CHECK_TMP_CHUNK_B (64 * 1024)

void *
check_tmp_alloc(struct check *c, size_t size)
{
   size = (size + 7) & ~(size_t)7;
   if (size > CHECK_TMP_CHUNK_B / 8)
      return rzalloc_size(c->tmp, size);
   if (size > c->tmp_left) {
      char *chunk = rzalloc_size(c->tmp, CHECK_TMP_CHUNK_B);
      if (!chunk)
         return NULL;
      c->tmp_chunk = chunk;
      c->tmp_left = CHECK_TMP_CHUNK_B;
   }
   void *p = c->tmp_chunk;
   c->tmp_chunk += size;
   c->tmp_left -= size;
   return p;
}

void
check_push_scope(struct check *c)
{
   struct check_scope *s = rzalloc(c->tmp, struct check_scope);
   s->names = hash_table_create_string_keys(s);
   s->parent = c->scope;
   c->scope = s;
}

void
check_pop_scope(struct check *c)
{
   /* Nothing points into a closed scope: its symbols live in the check's
    * chunks, its names in the syntax tree. */
   struct check_scope *s = c->scope;
   c->scope = s->parent;
   ralloc_free(s);
}

struct check_sym *
check_lookup(struct check *c, const char *name)
{
   for (struct check_scope *s = c->scope; s; s = s->parent) {
      struct hash_entry *e = hash_table_search(s->names, name);
      if (e)
         return e->data;
   }
   return NULL;
}

struct check_var *
check_lookup_var(struct check *c, const char *name)
{
   struct check_sym *sym = check_lookup(c, name);
   if (sym)
      return sym->kind == CHECK_SYM_VAR ? sym->var : NULL;
   if (!strncmp(name, "gl_", 3))
      return check_builtin_var(c, name);
   return NULL;
}

bool
check_declare(struct check *c, const char *name, struct check_sym *sym,
              struct ast_node *where)
{
   struct hash_entry *e = hash_table_search(c->scope->names, name);
   if (e) {
      check_error(c, where, "redeclaration of '%s'", name);
      return false;
   }
   hash_table_insert(c->scope->names, name, sym);
   return true;
}

void
check_scope_reserved_name(struct check *c, const char *name, struct ast_node *n)
{
   if (!strncmp(name, "gl_", 3)) {
      check_error(c, n, "identifier '%s' uses the reserved prefix gl_",
                  name);
   } else if (strstr(name, "__")) {
      if (c->st->es && c->st->version >= 300)
         check_error(c, n, "identifier '%s' contains '__', which is "
                     "reserved", name);
      else
         glsl_log_warning(&c->st->log, n->line, n->col,
                          "identifier '%s' contains '__', which is "
                          "reserved", name);
   }
}

void
check_scope_float_precision(struct check *c, struct ast_node *n, unsigned q,
                            const struct glsl_type *t)
{
   struct glsl_parse_state *st = c->st;
   if (!st->es || st->stage != MESA_SHADER_FRAGMENT ||
       (q & AST_Q_PRECISION))
      return;
   const struct glsl_type *e = glsl_without_array(t);
   if (e->base_type != GLSL_TYPE_FLOAT)
      return;
   for (struct check_scope *s = c->scope; s; s = s->parent) {
      if (s->float_precision)
         return;
   }
   check_error(c, n, "no precision specified for float (fragment shaders "
               "have no default float precision)");
}

/* The opaque types with a predeclared default precision: GLSL ES 1.00
 * 4.5.3 and 3.00 4.5.4 (sampler2D, samplerCube, lowp in both stages),
 * OES_EGL_image_external (samplerExternalOES, lowp) and GLSL ES 3.10
 * 4.7.4 (atomic_uint, highp).  Every other sampler and every image type
 * has none. */
static const char *const predeclared_opaque_precision[] = {
   "sampler2D", "samplerCube", "samplerExternalOES", "atomic_uint",
};

void
check_scope_set_opaque_precision(struct check *c, const struct glsl_type *t)
{
   if (!c->scope->opaque_precision)
      c->scope->opaque_precision = set_create_string_keys(c->scope);
   if (c->scope->opaque_precision)
      set_add(c->scope->opaque_precision, t->name);
}

static bool
has_opaque_precision(struct check *c, const struct glsl_type *t)
{
   for (unsigned i = 0; i < ARRAY_SIZE(predeclared_opaque_precision); i++) {
      if (!strcmp(t->name, predeclared_opaque_precision[i]))
         return true;
   }
   for (struct check_scope *s = c->scope; s; s = s->parent) {
      if (s->opaque_precision && set_search(s->opaque_precision, t->name))
         return true;
   }
   return false;
}

/* GLSL ES 3.00 4.5.4: "there is no default precision qualifier for the
 * following sampler types in either the vertex or fragment language:
 * sampler3D; samplerCubeShadow; sampler2DShadow; sampler2DArray ...", so
 * a declaration of one needs a precision qualifier or a precision
 * statement in scope (the same for the extension samplers of ES 1.00,
 * and the images and newer samplers of ES 3.10/3.20). */
void
check_scope_opaque_precision(struct check *c, struct ast_node *n, unsigned q,
                             const struct glsl_type *t)
{
   if (!c->st->es || (q & AST_Q_PRECISION))
      return;
   const struct glsl_type *e = glsl_without_array(t);
   if (!glsl_type_is_opaque(e) || has_opaque_precision(c, e))
      return;
   check_error(c, n, "no precision specified for %s (it has no default "
               "precision in GLSL ES)", e->name);
}
