/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Scopes and symbols: the stack of name tables, lookup (falling back to
 * the built-in variables for gl_ names), declaration with redeclaration
 * errors, reserved names, and the default float precision of GLSL ES
 * fragment shaders (a field of each scope).
 */
#include <string.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

void
check_push_scope(struct check *c)
{
   struct check_scope *s = rzalloc(c->mem, struct check_scope);
   s->names = hash_table_create_string_keys(s);
   s->parent = c->scope;
   c->scope = s;
}

void
check_pop_scope(struct check *c)
{
   c->scope = c->scope->parent;
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
