/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST printer for glsl-compiler --dump-ast: one node a line, indented by
 * depth, with its source location.  Meant for reading, stable for diffing.
 */
#include "ast.h"
#include "util/ralloc.h"

static const char *const kind_names[] = {
   [AST_IDENT] = "ident", [AST_INT_CONST] = "int", [AST_UINT_CONST] = "uint",
   [AST_FLOAT_CONST] = "float", [AST_DOUBLE_CONST] = "double",
   [AST_BOOL_CONST] = "bool", [AST_BINARY] = "binary", [AST_UNARY] = "unary",
   [AST_PRE_INC] = "pre++", [AST_PRE_DEC] = "pre--",
   [AST_POST_INC] = "post++", [AST_POST_DEC] = "post--",
   [AST_ASSIGN] = "assign", [AST_COND] = "?:", [AST_SEQUENCE] = ",",
   [AST_INDEX] = "index", [AST_FIELD] = "field", [AST_CALL] = "call",
   [AST_METHOD] = "method", [AST_COMPOUND] = "compound",
   [AST_EXPR_STMT] = "expr-stmt", [AST_DECL_STMT] = "decl-stmt",
   [AST_IF] = "if", [AST_SWITCH] = "switch", [AST_CASE] = "case",
   [AST_WHILE] = "while", [AST_DO] = "do", [AST_FOR] = "for",
   [AST_COND_DECL] = "cond-decl", [AST_BREAK] = "break",
   [AST_CONTINUE] = "continue", [AST_RETURN] = "return",
   [AST_DISCARD] = "discard", [AST_DEMOTE] = "demote",
   [AST_DECL_LIST] = "declarations", [AST_DECLARATOR] = "declarator",
   [AST_INIT_LIST] = "init-list", [AST_FUNCTION] = "function",
   [AST_PARAM] = "param", [AST_PRECISION] = "precision",
   [AST_BLOCK] = "block", [AST_QUALIFIER_ONLY] = "qualifiers",
   [AST_STRUCT_DEF] = "struct", [AST_ARRAY_DIM] = "dim",
};

static void dump_node(char **out, const struct ast_node *n, int depth);

static void
dump_list(char **out, const struct ast_list *l, int depth)
{
   for (const struct ast_node *n = l->head; n; n = n->next)
      dump_node(out, n, depth);
}

static void
dump_node(char **out, const struct ast_node *n, int depth)
{
   if (!n || depth > 200)
      return;
   ralloc_asprintf_append(out, "%*s%s", depth * 2, "", kind_names[n->kind]);
   if (n->name)
      ralloc_asprintf_append(out, " %s", n->name);
   if (n->kind == AST_BLOCK && n->name2)
      ralloc_asprintf_append(out, " %s", n->name2);
   switch (n->kind) {
   case AST_INT_CONST:
   case AST_UINT_CONST:
      ralloc_asprintf_append(out, " %llu", (unsigned long long)n->value.u);
      break;
   case AST_FLOAT_CONST:
   case AST_DOUBLE_CONST:
      ralloc_asprintf_append(out, " %.17g", n->value.f);
      break;
   case AST_BOOL_CONST:
      ralloc_asprintf_append(out, " %s", n->value.b ? "true" : "false");
      break;
   case AST_BINARY:
   case AST_UNARY:
   case AST_ASSIGN:
      if (n->op < 128)
         ralloc_asprintf_append(out, " '%c'", n->op);
      else
         ralloc_asprintf_append(out, " op%d", n->op);
      break;
   default:
      break;
   }
   if (n->type) {
      ralloc_asprintf_append(out, " type=%s quals=0x%x",
                             n->type->type_name ? n->type->type_name : "?",
                             n->type->flags);
   }
   ralloc_asprintf_append(out, " @%d:%d\n", n->line, n->col);
   if (n->type && n->type->struct_def)
      dump_node(out, n->type->struct_def, depth + 1);
   struct ast_node *kids[4];
   ast_kids(n, kids);
   for (unsigned i = 0; i < 4; i++)
      dump_node(out, kids[i], depth + 1);
   for (const struct ast_node *k = ast_dims_head(n); k; k = k->next)
      dump_node(out, k, depth + 1);
   for (const struct ast_node *k = ast_items(n); k; k = k->next)
      dump_node(out, k, depth + 1);
}

char *
ast_dump(void *mem_ctx, const struct ast_list *unit)
{
   char *out = ralloc_strdup(mem_ctx, "");
   dump_list(&out, unit, 0);
   return out;
}
