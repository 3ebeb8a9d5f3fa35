/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Tessellation-stage rules (ARB_tessellation_shader, GLSL 4.00 4.3.8.2,
 * 4.4.1.2, 4.4.2.1 and 8.16).
 *
 *  - Control shaders declare "layout(vertices = N) out;" (0 < N <=
 *    gl_MaxPatchVertices, 32), every such declaration with the same N;
 *    evaluation shaders declare primitive mode, spacing, ordering and
 *    point_mode on "layout(...) in;", each consistently.
 *  - Per-vertex inputs of both stages and per-vertex outputs of the
 *    control shader (everything but `patch`) are arrays, blocks included
 *    (with an instance name); an explicitly sized control output must have
 *    N elements, and gl_out.length() needs N to be declared first.
 *  - A per-vertex control output written as an l-value is indexed by the
 *    identifier gl_InvocationID itself.
 *  - barrier() is called only in the control shader's main(), outside any
 *    if, loop or switch, and not after a return (issue 42 of the
 *    extension).
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"

#define MAX_PATCH_VERTICES 32

static bool
is_tcs(struct check *c)
{
   return c->st->stage == MESA_SHADER_TESS_CTRL;
}

static bool
is_tes(struct check *c)
{
   return c->st->stage == MESA_SHADER_TESS_EVAL;
}

/* Whether a global in/out declaration with qualifiers q is per-vertex in
 * this stage. */
bool
check_tess_per_vertex(struct check *c, unsigned q)
{
   if (q & AST_Q_PATCH)
      return false;
   if (is_tcs(c))
      return q & (AST_Q_IN | AST_Q_OUT);
   if (is_tes(c))
      return q & AST_Q_IN;
   return false;
}

/* "layout(...) in;" / "layout(...) out;" in a tessellation shader. */
void
check_tess_default_layout(struct check *c, struct ast_node *n, bool in)
{
   static const char *const modes[] = { "triangles", "quads", "isolines" };
   static const char *const spacings[] = {
      "equal_spacing", "fractional_even_spacing", "fractional_odd_spacing",
   };
   static const char *const orders[] = { "cw", "ccw" };
   /* Within one declaration the last "vertices" counts (4.4 Layout
    * Qualifiers: later identifiers override earlier ones). */
   struct ast_layout_id *vertices = NULL;
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (is_tcs(c) && !in && !strcasecmp(l->name, "vertices"))
         vertices = l;
   }
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (l == vertices) {
         int64_t v = 0;
         bool known = false;
         if (!l->value || !check_const_int(c, l->value, &v, &known) ||
             !known)
            continue;
         if (v <= 0 || v > MAX_PATCH_VERTICES) {
            check_error(c, n, "vertices = %lld is out of range (1..%d)",
                        (long long)v, MAX_PATCH_VERTICES);
         } else if (c->tcs_vertices && c->tcs_vertices != v) {
            check_error(c, n, "vertices redeclared differently (%d, then "
                        "%lld)", c->tcs_vertices, (long long)v);
         } else if (c->tcs_out_size && c->tcs_out_size != v) {
            check_error(c, n, "vertices = %lld does not match the size %d "
                        "of a per-vertex output", (long long)v,
                        c->tcs_out_size);
         } else {
            c->tcs_vertices = (int)v;
         }
         continue;
      }
      if (is_tes(c) && in) {
         int *slot = NULL;
         int idx = -1;
         for (unsigned i = 0; i < ARRAY_SIZE(modes) && idx < 0; i++) {
            if (!strcasecmp(l->name, modes[i]))
               idx = (int)i, slot = &c->tes_mode;
         }
         for (unsigned i = 0; i < ARRAY_SIZE(spacings) && idx < 0; i++) {
            if (!strcasecmp(l->name, spacings[i]))
               idx = (int)i, slot = &c->tes_spacing;
         }
         for (unsigned i = 0; i < ARRAY_SIZE(orders) && idx < 0; i++) {
            if (!strcasecmp(l->name, orders[i]))
               idx = (int)i, slot = &c->tes_order;
         }
         if (!strcasecmp(l->name, "point_mode"))
            continue;
         if (!slot)
            continue; /* other layouts (xfb ...) are checked elsewhere */
         if (*slot && *slot != idx + 1)
            check_error(c, n, "'%s' contradicts an earlier input layout",
                        l->name);
         *slot = idx + 1;
      }
   }
}

/* A global in/out variable of a tessellation shader; may size *t. */
void
check_tess_io_var(struct check *c, struct ast_node *d, unsigned q,
                  const struct glsl_type **t)
{
   if (!check_tess_per_vertex(c, q))
      return;
   if (!glsl_type_is_array(*t)) {
      check_error(c, d, "per-vertex %s '%s' of a tessellation shader must "
                  "be an array", (q & AST_Q_IN) ? "input" : "output",
                  d->name);
      return;
   }
   if (!is_tcs(c) || !(q & AST_Q_OUT))
      return;
   int len = (*t)->length;
   if (len < 0) {
      if (c->tcs_vertices)
         *t = glsl_array_type(c->mem, (*t)->element, c->tcs_vertices);
      return;
   }
   if (c->tcs_vertices && len != c->tcs_vertices) {
      check_error(c, d, "output '%s' has %d elements but the patch has %d "
                  "vertices", d->name, len, c->tcs_vertices);
      return;
   }
   if (!c->tcs_out_size)
      c->tcs_out_size = len;
}

/* An in/out block of a tessellation shader (named instance, dims). */
bool
check_tess_block(struct check *c, struct ast_node *n, unsigned q,
                 bool per_vertex_block)
{
   if (!check_tess_per_vertex(c, q))
      return true;
   if (!n->name2 || !n->block_dims->count) {
      check_error(c, n, "per-vertex blocks of a tessellation shader must "
                  "be arrays with an instance name");
      return false;
   }
   if (per_vertex_block && is_tcs(c) && (q & AST_Q_OUT) &&
       strcmp(n->name2, "gl_out")) {
      check_error(c, n, "the output gl_PerVertex must be redeclared as "
                  "gl_out[]");
      return false;
   }
   return true;
}

/* gl_out.length() and friends: the size comes from "vertices". */
bool
check_tess_length_known(struct check *c, struct ast_node *n,
                        const struct check_var *v)
{
   if (!is_tcs(c) || !v || !(v->qual & AST_Q_OUT) || (v->qual & AST_Q_PATCH))
      return true;
   if (c->tcs_vertices || (glsl_type_is_array(v->type) &&
                           v->type->length >= 0))
      return true;
   check_error(c, n, "length() of %s before 'layout(vertices = N) out;'",
               v->name);
   return false;
}

/* The target of an assignment: a per-vertex control output must be
 * indexed by gl_InvocationID (spelled that way). */
void
check_tess_output_write(struct check *c, struct ast_node *lhs,
                        const struct check_var *v)
{
   if (!is_tcs(c) || !v || !(v->qual & AST_Q_OUT) ||
       (v->qual & AST_Q_PATCH) || !glsl_type_is_array(v->type) || !v->global)
      return;
   for (struct ast_node *n = lhs; n;) {
      if (n->kind == AST_FIELD) {
         n = n->a;
         continue;
      }
      if (n->kind != AST_INDEX)
         return;
      struct ast_node *base = n->a;
      if (base->kind == AST_IDENT) {
         if (strcmp(base->name, v->name))
            return;
         if (n->b->kind != AST_IDENT ||
             strcmp(n->b->name, "gl_InvocationID"))
            check_error(c, n, "a per-vertex output of a tessellation "
                        "control shader can only be written at index "
                        "gl_InvocationID");
         return;
      }
      n = base;
   }
}

/* A call to barrier(). */
void
check_tess_barrier(struct check *c, struct ast_node *n)
{
   if (!is_tcs(c))
      return;
   if (!c->func || strcmp(c->func->name, "main"))
      check_error(c, n, "barrier() may only be called in main()");
   else if (c->loop_depth || c->switch_depth || c->if_depth)
      check_error(c, n, "barrier() may not be called inside if, loops or "
                  "switch");
   else if (c->main_returned)
      check_error(c, n, "barrier() may not be called after a return");
}
