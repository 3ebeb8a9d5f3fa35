/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The syntax tree's shape as code that walks nodes of any kind sees it
 * (ast_kids, ast_items, ast_dims_head).  Since wave 14 the fields of
 * struct ast_node that no kind shares overlap, so a walker that read a
 * field of another kind (an identifier's sema as a list, a constant's
 * value as children, a block's instance name as an operand) would find
 * more nodes than the shader has, or crash.  The counts below are taken
 * from the shader's text by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ast.h"
#include "glsl_state.h"
#include "util/ralloc.h"

struct walk {
   unsigned kinds[AST_ARRAY_DIM + 1];
   unsigned nodes;
};

static void
walk(struct walk *w, const struct ast_node *n, int depth)
{
   if (!n)
      return;
   assert_true(depth < 100);
   assert_true((unsigned)n->kind <= AST_ARRAY_DIM);
   w->kinds[n->kind]++;
   w->nodes++;
   if (n->type && n->type->struct_def)
      walk(w, n->type->struct_def, depth + 1);
   struct ast_node *kids[4];
   ast_kids(n, kids);
   for (unsigned i = 0; i < 4; i++)
      walk(w, kids[i], depth + 1);
   for (const struct ast_node *k = ast_dims_head(n); k; k = k->next)
      walk(w, k, depth + 1);
   for (const struct ast_node *k = ast_items(n); k; k = k->next)
      walk(w, k, depth + 1);
}

static struct glsl_parse_state *
compile(void *mem, const char *src)
{
   struct glsl_compile_options opts = { .stage = MESA_SHADER_VERTEX };
   struct glsl_parse_state *st =
      glsl_compile_shader(mem, src, strlen(src), &opts);
   assert_non_null(st);
   if (st->log.errors)
      fail_msg("%s", st->log.text);
   return st;
}

static const struct ast_node *
find_decl(const struct glsl_parse_state *st, enum ast_kind kind)
{
   for (const struct ast_node *n = st->unit.head; n; n = n->next) {
      if (n->kind == kind)
         return n;
   }
   return NULL;
}

/* Every kind whose fields overlap another's, in one checked shader. */
static void
test_walk_counts(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_parse_state *st = compile(mem,
      "#version 400\n"
      "const float K = 2.0;\n"                      /* sema on K's uses */
      "uniform Blk { vec4 m; float n[2]; } inst[3];\n"
      "struct S { vec4 a; float b; };\n"
      "uniform S s;\n"
      "float f(float x[2]) { return x[0] * K; }\n"
      "void main()\n"
      "{\n"
      "   float acc = K;\n"
      "   for (int i = 0; i < 4; i++)\n"
      "      acc += i > 1 ? s.b : inst[1].n[0];\n"
      "   gl_Position = vec4(acc, true ? 1.0 : 0.0, f(inst[2].n), 3u);\n"
      "}\n");
   struct walk w = { 0 };
   for (const struct ast_node *n = st->unit.head; n; n = n->next)
      walk(&w, n, 0);

   /* K, x (index base), K, i, i, i, acc, s, inst, gl_Position, acc, inst */
   assert_int_equal(w.kinds[AST_IDENT], 12);
   /* 2.0, 1.0, 0.0 */
   assert_int_equal(w.kinds[AST_FLOAT_CONST], 3);
   /* dims 3, 2, 2; x[0], i = 0, i < 4, i > 1, inst[1], n[0], inst[2] */
   assert_int_equal(w.kinds[AST_INT_CONST], 10);
   assert_int_equal(w.kinds[AST_UINT_CONST], 1);
   assert_int_equal(w.kinds[AST_BOOL_CONST], 1);
   assert_int_equal(w.kinds[AST_COND], 2);
   assert_int_equal(w.kinds[AST_FOR], 1);
   assert_int_equal(w.kinds[AST_BLOCK], 1);
   /* inst[3], the member n[2] and the parameter x[2] */
   assert_int_equal(w.kinds[AST_ARRAY_DIM], 3);
   /* x[0], inst[1], ...n[0], inst[2] */
   assert_int_equal(w.kinds[AST_INDEX], 4);
   /* s.b, inst[1].n, inst[2].n */
   assert_int_equal(w.kinds[AST_FIELD], 3);
   /* f(...) and vec4(...) */
   assert_int_equal(w.kinds[AST_CALL], 2);
   /* K, Blk's m and n, S's a and b, s, acc, i */
   assert_int_equal(w.kinds[AST_DECLARATOR], 8);
   assert_int_equal(w.kinds[AST_PARAM], 1);

   /* The identifiers naming K point at its declarator, which points at its
    * declaration list; neither is a list of the identifier's. */
   const struct ast_node *k_decl = find_decl(st, AST_DECL_LIST);
   assert_non_null(k_decl);
   assert_ptr_equal(k_decl->list.head->sema, k_decl);
   assert_null(ast_items(k_decl->list.head));
   const struct ast_node *fn = NULL;
   for (const struct ast_node *n = st->unit.head; n; n = n->next) {
      if (n->kind == AST_FUNCTION && !strcmp(n->name, "f"))
         fn = n;
   }
   assert_non_null(fn);
   /* return x[0] * K; */
   const struct ast_node *ret = fn->a->list.head;
   assert_int_equal(ret->kind, AST_RETURN);
   const struct ast_node *k_use = ret->a->b;
   assert_int_equal(k_use->kind, AST_IDENT);
   assert_string_equal(k_use->name, "K");
   assert_ptr_equal(k_use->sema, k_decl->list.head);
   assert_null(ast_items(k_use));

   /* The block: members in its list, instance array in dims, no operand
    * children (its instance name is not one). */
   const struct ast_node *blk = find_decl(st, AST_BLOCK);
   assert_non_null(blk);
   assert_string_equal(blk->name2, "inst");
   struct ast_node *kids[4];
   ast_kids(blk, kids);
   for (unsigned i = 0; i < 4; i++)
      assert_null(kids[i]);
   assert_int_equal(blk->block_dims->count, 1);
   assert_ptr_equal(ast_dims_head(blk), blk->block_dims->head);
   assert_int_equal(blk->list.count, 2);

   ralloc_free(mem);
}

/* A constant's value shares memory with other kinds' children. */
static void
test_constants_have_no_children(void **state)
{
   void *mem = ralloc_context(NULL);
   struct glsl_parse_state *st = compile(mem,
      "#version 400\n"
      "const double D = 123456789.0lf;\n"
      "const uint U = 4294967295u;\n"
      "void main() { gl_Position = vec4(D, U, 0.5, 1.0); }\n");
   const struct ast_node *d = st->unit.head;
   const struct ast_node *dv = d->list.head->a;
   assert_int_equal(dv->kind, AST_DOUBLE_CONST);
   assert_true(dv->value.f == 123456789.0);
   struct ast_node *kids[4];
   ast_kids(dv, kids);
   for (unsigned i = 0; i < 4; i++)
      assert_null(kids[i]);
   assert_null(ast_items(dv));
   assert_null(ast_dims_head(dv));
   const struct ast_node *uv = d->next->list.head->a;
   assert_int_equal(uv->kind, AST_UINT_CONST);
   assert_int_equal(uv->value.u, 4294967295u);
   ast_kids(uv, kids);
   for (unsigned i = 0; i < 4; i++)
      assert_null(kids[i]);
   ralloc_free(mem);
}

/* The checker's symbols, scopes and per-variable records are freed when
 * the check ends (since wave 15): a shader kept for linking keeps its
 * syntax tree and types, not a ~270-byte record per declared variable
 * in the tree's memory (they were carved from it, and a linked program
 * keeps its shaders).  So checking a shader of 3,000 declarations adds
 * almost nothing to the tree's chunks that parsing took. */
static void
test_check_keeps_no_symbols(void **state)
{
   (void)state;
   enum { DECLS = 3000 };
   size_t cap = 64 + DECLS * 40, len = 0;
   char *src = malloc(cap);
   assert_non_null(src);
   len += snprintf(src + len, cap - len, "#version 330\nvoid main()\n{\n"
                   "   float t0 = 1.0;\n");
   for (unsigned i = 1; i < DECLS; i++)
      len += snprintf(src + len, cap - len, "   float t%u = t%u + 1.0;\n",
                      i, i - 1);
   snprintf(src + len, cap - len, "   gl_Position = vec4(t%u);\n}\n",
            DECLS - 1);

   size_t bytes[2];
   for (unsigned full = 0; full < 2; full++) {
      void *mem = ralloc_context(NULL);
      struct glsl_compile_options opts = {
         .stage = MESA_SHADER_VERTEX, .parse_only = !full,
      };
      struct glsl_parse_state *st =
         glsl_compile_shader(mem, src, strlen(src), &opts);
      assert_non_null(st);
      assert_int_equal(st->log.errors, 0);
      bytes[full] = st->ast_chunks_B;
      ralloc_free(mem);
   }
   free(src);
   /* (with the records in the tree's memory, checking took its chunks
    * from 1.9 to 4.2 MB here; now they stay at 1.9) */
   assert_true(bytes[1] - bytes[0] <= bytes[0] / 8);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_walk_counts),
      cmocka_unit_test(test_constants_have_no_children),
      cmocka_unit_test(test_check_keeps_no_symbols),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
