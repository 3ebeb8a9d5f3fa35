/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Statements (GLSL 1.10 6 and later): scopes, conditions, returns, loops,
 * break and continue, switch rules and discard; they also track the
 * nesting (ifs, loops, a return in main) that barrier() placement needs.
 * Function declarations are in glsl_check_func.c.
 */
#include <string.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

static void
condition_expr(struct check *c, struct ast_node *n)
{
   if (!n)
      return;
   if (n->kind == AST_COND_DECL) {
      const struct glsl_type *t = check_resolve_type(c, n->type, n);
      struct check_value e = check_initializer(c, n->a, t);
      (void)e;
      if (!type_is_error(t) && !(t->base_type == GLSL_TYPE_BOOL &&
                                 glsl_type_is_scalar(t)))
         check_error(c, n, "condition must be a scalar boolean");
      struct check_var *v = check_tmp_alloc(c, sizeof(struct check_var));
      v->name = n->name;
      v->type = t;
      struct check_sym *sym = check_tmp_alloc(c, sizeof(struct check_sym));
      sym->kind = CHECK_SYM_VAR;
      sym->var = v;
      check_declare(c, n->name, sym, n);
      return;
   }
   struct check_value e = check_expr(c, n);
   if (!type_is_error(e.type) && !(e.type->base_type == GLSL_TYPE_BOOL &&
                                   glsl_type_is_scalar(e.type)))
      check_error(c, n, "condition must be a scalar boolean, not %s",
                  glsl_type_name(c->mem, e.type));
}

static void
body_stmt(struct check *c, struct ast_node *n)
{
   /* A loop body that is a compound statement shares the loop's scope. */
   if (n && n->kind == AST_COMPOUND && !n->new_scope) {
      for (struct ast_node *s = n->list.head; s; s = s->next)
         check_stmt(c, s);
   } else {
      check_stmt(c, n);
   }
}

static void
switch_stmt(struct check *c, struct ast_node *n)
{
   struct check_value e = check_expr(c, n->a);
   if (!type_is_error(e.type) &&
       !(glsl_type_is_scalar(e.type) &&
         (e.type->base_type == GLSL_TYPE_INT ||
          e.type->base_type == GLSL_TYPE_UINT)))
      check_error(c, n, "switch expression must be a scalar integer");

   struct ast_node *first = n->list.head;
   if (first && first->kind != AST_CASE)
      check_error(c, first, "statements before the first case label");
   if (n->list.tail && n->list.tail->kind == AST_CASE)
      check_error(c, n->list.tail, "a case label must be followed by a "
                  "statement");

   /* Case values seen -> how many times (a hash: many labels stay
    * cheap). */
   struct hash_table *values = hash_table_create_u64_keys(c->mem);
   bool seen_default = false;
   c->switch_depth++;
   check_push_scope(c);
   for (struct ast_node *s = n->list.head; s; s = s->next) {
      if (s->kind != AST_CASE) {
         check_stmt(c, s);
         continue;
      }
      if (!s->a) {
         if (seen_default)
            check_error(c, s, "duplicate default label");
         seen_default = true;
         continue;
      }
      struct check_value v = check_expr(c, s->a);
      if (type_is_error(v.type))
         continue;
      if (!glsl_type_is_scalar(v.type) ||
          !(v.type->base_type == GLSL_TYPE_INT ||
            v.type->base_type == GLSL_TYPE_UINT) || !v.is_const) {
         check_error(c, s, "case label must be a constant scalar integer");
         continue;
      }
      if (!type_is_error(e.type) &&
          v.type->base_type != e.type->base_type &&
          !check_can_convert(c, v.type, e.type)) {
         check_error(c, s, "case label type does not match the switch "
                     "expression");
         continue;
      }
      if (v.has_value && values) {
         void *key = (void *)(uintptr_t)(uint32_t)v.val.c[0].i;
         uintptr_t seen = (uintptr_t)hash_table_search_data(values, key);
         for (uintptr_t k = 0; k < seen; k++)
            check_error(c, s, "duplicate case value");
         hash_table_insert(values, key, (void *)(seen + 1));
      }
   }
   ralloc_free(values);
   check_pop_scope(c);
   c->switch_depth--;
}

void
check_stmt(struct check *c, struct ast_node *n)
{
   if (!n)
      return;
   if (c->depth >= CHECK_MAX_DEPTH) {
      if (!c->too_deep_reported)
         check_error(c, n, "statements nested too deeply");
      c->too_deep_reported = true;
      return;
   }
   c->depth++;
   switch (n->kind) {
   case AST_COMPOUND:
      check_push_scope(c);
      for (struct ast_node *s = n->list.head; s; s = s->next)
         check_stmt(c, s);
      check_pop_scope(c);
      break;
   case AST_EXPR_STMT:
      if (n->a)
         check_expr(c, n->a);
      break;
   case AST_DECL_STMT:
      if (n->a->kind == AST_BLOCK)
         check_error(c, n, "interface blocks must be declared at global "
                     "scope");
      else if (n->a->kind == AST_QUALIFIER_ONLY && n->a->type &&
               (n->a->type->flags & AST_Q_INVARIANT))
         check_error(c, n, "'invariant' declarations must be at global "
                     "scope");
      else
         check_declaration(c, n->a, false);
      break;
   case AST_IF:
      condition_expr(c, n->a);
      c->if_depth++;
      check_stmt(c, n->b);
      check_stmt(c, n->c);
      c->if_depth--;
      break;
   case AST_SWITCH:
      if (!glsl_is_version(c->st, 130, 300))
         check_error(c, n, "switch needs GLSL 1.30 or ES 3.00");
      else {
         /* case bodies run under labels: for locals declared outside,
          * like a loop's body (check_note_write) */
         c->repeat_depth++;
         switch_stmt(c, n);
         c->repeat_depth--;
      }
      break;
   case AST_CASE:
      check_error(c, n, "case label outside a switch");
      break;
   case AST_WHILE:
      /* conditions and steps repeat too (check_note_write) */
      c->repeat_depth++;
      check_push_scope(c);
      condition_expr(c, n->a);
      c->loop_depth++;
      body_stmt(c, n->b);
      c->loop_depth--;
      check_pop_scope(c);
      c->repeat_depth--;
      break;
   case AST_DO:
      /* The body is a scope of its own even when it is a single
       * declaration (6.3 Iteration: "do statement while (expression)"
       * nests the statement); the condition does not see into it. */
      c->repeat_depth++;
      check_push_scope(c);
      c->loop_depth++;
      check_stmt(c, n->b);
      c->loop_depth--;
      check_pop_scope(c);
      condition_expr(c, n->a);
      c->repeat_depth--;
      break;
   case AST_FOR:
      c->repeat_depth++;
      check_push_scope(c);
      check_stmt(c, n->a);
      condition_expr(c, n->b);
      if (n->c)
         check_expr(c, n->c);
      c->loop_depth++;
      body_stmt(c, n->d);
      c->loop_depth--;
      check_pop_scope(c);
      c->repeat_depth--;
      break;
   case AST_BREAK:
      if (!c->loop_depth && !c->switch_depth)
         check_error(c, n, "break outside a loop or switch");
      break;
   case AST_CONTINUE:
      if (!c->loop_depth)
         check_error(c, n, "continue outside a loop");
      break;
   case AST_DISCARD:
   case AST_DEMOTE:
      if (c->st->stage != MESA_SHADER_FRAGMENT)
         check_error(c, n, "discard is only allowed in fragment shaders");
      break;
   case AST_RETURN: {
      if (c->func && !strcmp(c->func->name, "main"))
         c->main_returned = true;
      const struct glsl_type *ret = c->func ? c->func->ret :
                                    &glsl_type_builtin_error;
      if (!n->a) {
         if (!type_is_error(ret) && ret->base_type != GLSL_TYPE_VOID)
            check_error(c, n, "return without a value in a function "
                        "returning %s", glsl_type_name(c->mem, ret));
         break;
      }
      struct check_value e = check_expr(c, n->a);
      if (type_is_error(e.type) || type_is_error(ret))
         break;
      if (ret->base_type == GLSL_TYPE_VOID) {
         check_error(c, n, "return with a value in a void function");
      } else if (!glsl_type_equal(e.type, ret) &&
                 !check_can_convert(c, e.type, ret)) {
         check_error(c, n, "return type %s does not match the function's "
                     "%s", glsl_type_name(c->mem, e.type),
                     glsl_type_name(c->mem, ret));
      }
      break;
   }
   default:
      check_error(c, n, "unexpected statement");
      break;
   }
   c->depth--;
}
