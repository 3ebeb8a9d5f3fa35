/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Geometry-stage rules (GLSL 1.50 4.3.8.1 and 4.3.8.2, GLSL 4.00
 * 4.4.1.3 and 4.4.2.2): input and output primitive layouts, max_vertices,
 * invocations, vertex streams, and the sizing of geometry input arrays by
 * the input primitive.
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

static const char *const gs_in_prims[] = {
   "points", "lines", "lines_adjacency", "triangles", "triangles_adjacency",
};

static const int gs_in_sizes[] = { 1, 2, 4, 3, 6 };

static const char *const gs_out_prims[] = {
   "points", "line_strip", "triangle_strip",
};

static int
name_index(const char *name, const char *const *list, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (!strcasecmp(list[i], name))
         return i;
   }
   return -1;
}

/* Gives every unsized geometry input array the primitive's size and checks
 * the sized ones against it. */
static void
apply_gs_in_size(struct check *c, struct ast_node *where)
{
   int n = c->gs_in_size;
   if (c->gs_length_unsized) {
      check_error(c, where, "length() of an unsized geometry input was used "
                  "before the input primitive was declared");
   }
   struct check_var *vars[64];
   unsigned nv = 0;
   hash_table_foreach(c->global->names, e) {
      struct check_sym *sym = e->data;
      if (sym && sym->kind == CHECK_SYM_VAR && (sym->var->qual & AST_Q_IN) &&
          glsl_type_is_array(sym->var->type) && nv < 64)
         vars[nv++] = sym->var;
   }
   struct hash_entry *gin = hash_table_search(c->builtin_vars, "gl_in");
   if (gin && nv < 64)
      vars[nv++] = gin->data;
   for (unsigned i = 0; i < nv; i++) {
      struct check_var *v = vars[i];
      if (v->type->length >= 0 && v->type->length != n) {
         check_error(c, where, "input '%s' has %d elements but the input "
                     "primitive has %d vertices", v->name, v->type->length,
                     n);
      } else if (v->type->length < 0) {
         if (v->max_index > n)
            check_error(c, where, "input '%s' was indexed beyond the %d "
                        "vertices of the input primitive", v->name, n);
         v->type = glsl_array_type(c->mem, v->type->element, n);
      }
   }
}

/* Checks a geometry shader input array size against what is known. */
void
check_geom_input_array(struct check *c, struct ast_node *where,
                       const struct glsl_type **t)
{
   if (c->st->stage != MESA_SHADER_GEOMETRY || !glsl_type_is_array(*t))
      return;
   int len = (*t)->length;
   if (len < 0) {
      if (c->gs_in_size)
         *t = glsl_array_type(c->mem, (*t)->element, c->gs_in_size);
      return;
   }
   if (c->gs_in_size && len != c->gs_in_size)
      check_error(c, where, "input array size %d does not match the %d "
                  "vertices of the input primitive", len, c->gs_in_size);
   else if (c->gs_in_explicit && len != c->gs_in_explicit)
      check_error(c, where, "geometry input arrays have inconsistent "
                  "sizes (%d and %d)", c->gs_in_explicit, len);
   if (!c->gs_in_explicit)
      c->gs_in_explicit = len;
}

/* A stream number: 0 .. gl_MaxVertexStreams - 1 (4 streams, GLSL 4.00
 * 4.4.2.2).  Returns the stream, -1 when invalid or unknown. */
static int
stream_value(struct check *c, struct ast_node *n,
             const struct ast_layout_id *l)
{
   int64_t v = 0;
   bool known = false;
   if (!l->value || !check_const_int(c, l->value, &v, &known) || !known)
      return -1;
   if (v < 0 || v >= 4) {
      check_error(c, n, "stream %lld is out of range (0..3)", (long long)v);
      return -1;
   }
   return (int)v;
}

static int
layout_stream(struct check *c, struct ast_node *n,
              struct ast_layout_id *list, int dflt)
{
   int stream = dflt;
   for (struct ast_layout_id *l = list; l; l = l->next) {
      if (!strcasecmp(l->name, "stream"))
         stream = stream_value(c, n, l);
   }
   return stream;
}

/* A member of a geometry output block may name a stream only if it is
 * the block's own (GLSL 4.00 4.4.2.2). */
void
check_geom_member_stream(struct check *c, struct ast_node *block,
                         struct ast_node *m, unsigned q)
{
   if (c->st->stage != MESA_SHADER_GEOMETRY || !(q & AST_Q_OUT))
      return;
   int mine = layout_stream(c, m, m->type->layout, -2);
   if (mine == -2 || mine < 0)
      return;
   int blocks = layout_stream(c, block, block->type->layout,
                              c->gs_out_stream);
   if (blocks >= 0 && mine != blocks)
      check_error(c, m, "a member of a block in stream %d cannot be in "
                  "stream %d", blocks, mine);
}

/* "layout(...) in;" and "layout(...) out;" of a geometry shader: the
 * primitives, max_vertices, invocations and the default stream. */
void
check_geom_default_layout(struct check *c, struct ast_node *n, bool in)
{
   int prim = -1, max_vertices = -1;
   /* In one declaration the last invocations counts (4.4). */
   struct ast_layout_id *invocations = NULL;
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (in && !strcasecmp(l->name, "invocations"))
         invocations = l;
   }
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (in) {
         int p = name_index(l->name, gs_in_prims, ARRAY_SIZE(gs_in_prims));
         if (p >= 0) {
            if (prim >= 0) {
               check_error(c, n, "more than one input primitive");
               return;
            }
            prim = p;
         } else if (!strcasecmp(l->name, "invocations")) {
            /* 1 .. gl_MaxGeometryShaderInvocations (32), the same in
             * every declaration (GLSL 4.00 4.4.1.3). */
            if (l != invocations)
               continue;
            int64_t v = 0;
            bool known = false;
            if (!l->value || !check_const_int(c, l->value, &v, &known) ||
                !known)
               continue;
            if (v <= 0 || v > 32)
               check_error(c, n, "invocations = %lld is out of range "
                           "(1..32)", (long long)v);
            else if (c->gs_invocations && c->gs_invocations != v)
               check_error(c, n, "invocations redeclared differently");
            else
               c->gs_invocations = (int)v;
         } else {
            check_error(c, n, "'%s' is not a geometry input layout",
                        l->name);
            return;
         }
      } else {
         int p = name_index(l->name, gs_out_prims, ARRAY_SIZE(gs_out_prims));
         if (p >= 0) {
            if (c->gs_out_prim && c->gs_out_prim != p + 1)
               check_error(c, n, "output primitive redeclared differently");
            c->gs_out_prim = p + 1;
         } else if (!strcasecmp(l->name, "max_vertices") && l->value) {
            int64_t v = 0;
            bool known = false;
            if (!check_const_int(c, l->value, &v, &known) || !known)
               continue;
            if (v < 0 || v > 256)
               check_error(c, n, "max_vertices %lld is out of range "
                           "(0..256)", (long long)v);
            else
               max_vertices = (int)v; /* the last one in a list wins */
         } else if (!strcasecmp(l->name, "stream")) {
            int v = stream_value(c, n, l);
            if (v >= 0) {
               c->gs_out_stream = v; /* the default from here on */
               /* (GLSL to NIR reads the value to give later outputs
                * their stream) */
               l->ival = v;
               l->known = true;
               l->evaluated = true;
            }
         } else {
            check_error(c, n, "'%s' is not a geometry output layout",
                        l->name);
            return;
         }
      }
   }
   if (max_vertices >= 0) {
      if (c->gs_max_vertices >= 0 && c->gs_max_vertices != max_vertices)
         check_error(c, n, "max_vertices redeclared differently");
      c->gs_max_vertices = max_vertices;
   }
   if (in && prim >= 0) {
      int size = gs_in_sizes[prim];
      if (c->gs_in_size && c->gs_in_size != size) {
         check_error(c, n, "input primitive redeclared differently");
         return;
      }
      c->gs_in_size = size;
      apply_gs_in_size(c, n);
   }
}

/* Whether a layout name belongs on a geometry shader's "layout(...) in;"
 * or "layout(...) out;" only. */
bool
check_geom_is_default_only(const char *name)
{
   return name_index(name, gs_in_prims, ARRAY_SIZE(gs_in_prims)) >= 0 ||
          name_index(name, gs_out_prims, ARRAY_SIZE(gs_out_prims)) >= 0 ||
          !strcasecmp(name, "max_vertices") ||
          !strcasecmp(name, "invocations");
}

/* The input primitive of each input array size (the sizes of gs_in_sizes
 * are all different) and the output primitives in gs_out_prims' order. */
static const enum mesa_prim gs_in_by_size[7] = {
   [1] = MESA_PRIM_POINTS, [2] = MESA_PRIM_LINES,
   [3] = MESA_PRIM_TRIANGLES, [4] = MESA_PRIM_LINES_ADJACENCY,
   [6] = MESA_PRIM_TRIANGLES_ADJACENCY,
};

static const enum mesa_prim gs_out_mesa[] = {
   MESA_PRIM_POINTS, MESA_PRIM_LINE_STRIP, MESA_PRIM_TRIANGLE_STRIP,
};

void
check_geom_record_layout(struct check *c)
{
   struct glsl_parse_state *st = c->st;
   st->gs.in_prim = 0;
   st->gs.out_prim = 0;
   st->gs.max_vertices = -1;
   st->gs.invocations = 0;
   if (st->stage != MESA_SHADER_GEOMETRY)
      return;
   if (c->gs_in_size > 0 && c->gs_in_size < 7 && c->gs_in_size != 5)
      st->gs.in_prim = (int)gs_in_by_size[c->gs_in_size] + 1;
   if (c->gs_out_prim > 0 && c->gs_out_prim <= (int)ARRAY_SIZE(gs_out_mesa))
      st->gs.out_prim = (int)gs_out_mesa[c->gs_out_prim - 1] + 1;
   st->gs.max_vertices = c->gs_max_vertices;
   st->gs.invocations = c->gs_invocations;
}
