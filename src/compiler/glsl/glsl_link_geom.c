/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Geometry shaders at link time (GL 3.2 core spec 2.11.3 and 2.12, GLSL
 * 1.50 4.3.8.1 and 4.3.8.2): the layouts of a stage's shaders merge into
 * one, which must name an input primitive, an output primitive and
 * max_vertices; input arrays must have the input primitive's vertex count;
 * the vertices times the output components stay within
 * GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS.
 */
#include <string.h>

#include "glsl_link_priv.h"
#include "util/ralloc.h"

/* Merges one layout value: 0 (or -1 for max_vertices) means "not
 * declared".  Returns false after the link error on a conflict. */
static bool
merge(struct link *l, int *into, int v, int none, const char *what)
{
   if (v == none)
      return true;
   if (*into != none && *into != v) {
      link_error(l, "geometry shaders of the program declare different "
                 "%s", what);
      return false;
   }
   *into = v;
   return true;
}

/* Input arrays sized in one shader are checked against the primitive
 * declared in another (GLSL 1.50 4.3.8.1: a size that does not match is
 * an error, at link time when they are in different shaders). */
static void
check_input_sizes(struct link *l, struct glsl_parse_state *const *sh,
                  unsigned n, unsigned vertices)
{
   for (unsigned i = 0; i < n && !l->failed; i++) {
      for (struct ast_node *d = sh[i]->unit.head; d; d = d->next) {
         if ((d->kind != AST_DECL_LIST && d->kind != AST_BLOCK) ||
             !d->type || !(d->type->flags & AST_Q_IN))
            continue;
         if (d->kind == AST_BLOCK)
            continue; /* (block arrays: sized by the primitive only) */
         for (struct ast_node *v = d->list.head; v; v = v->next) {
            const struct glsl_type *t = v->vtype;
            if (!t || !glsl_type_is_array(t) || t->length <= 0 ||
                (unsigned)t->length == vertices)
               continue;
            link_error(l, "geometry shader input '%s' has %d elements but "
                       "the input primitive has %u vertices",
                       v->name ? v->name : "?", t->length, vertices);
            return;
         }
      }
   }
}

void
link_geom_layout(struct link *l, struct glsl_parse_state *const *sh,
                 unsigned n)
{
   if (!n)
      return;
   /* GL 3.2 core spec 2.11.3: linking fails for a geometry shader
    * without a vertex shader ... */
   if (!l->stage_count[MESA_SHADER_VERTEX]) {
      link_error(l, "the program has a geometry shader but no vertex "
                 "shader");
      return;
   }
   /* ... and when the input primitive, output primitive or maximum
    * output vertex count is declared in no geometry shader, or
    * differently in several. */
   int in_prim = 0, out_prim = 0, max_vertices = -1, invocations = 0;
   for (unsigned i = 0; i < n; i++) {
      if (!merge(l, &in_prim, sh[i]->gs.in_prim, 0, "input primitives") ||
          !merge(l, &out_prim, sh[i]->gs.out_prim, 0,
                 "output primitives") ||
          !merge(l, &max_vertices, sh[i]->gs.max_vertices, -1,
                 "max_vertices") ||
          !merge(l, &invocations, sh[i]->gs.invocations, 0,
                 "invocations"))
         return;
   }
   if (!in_prim) {
      link_error(l, "no geometry shader of the program declares the input "
                 "primitive (layout(...) in)");
      return;
   }
   if (!out_prim) {
      link_error(l, "no geometry shader of the program declares the "
                 "output primitive (layout(...) out)");
      return;
   }
   if (max_vertices < 0) {
      link_error(l, "no geometry shader of the program declares "
                 "max_vertices");
      return;
   }
   if (max_vertices > LINK_MAX_GEOMETRY_OUTPUT_VERTICES) {
      link_error(l, "max_vertices %d exceeds "
                 "GL_MAX_GEOMETRY_OUTPUT_VERTICES (%d)", max_vertices,
                 LINK_MAX_GEOMETRY_OUTPUT_VERTICES);
      return;
   }
   unsigned vertices = glsl_prim_vertices_in(in_prim - 1);
   check_input_sizes(l, sh, n, vertices);
}

/* Components one output takes per vertex (a slot holds 4). */
static unsigned
output_components(const struct glsl_type *t)
{
   if (glsl_type_is_array(t))
      return (t->length > 0 ? (unsigned)t->length : 1) *
             output_components(t->element);
   if (t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      unsigned c = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         c += output_components(t->fields[i].type);
      return c;
   }
   return t->vector_elements * t->matrix_columns;
}

void
link_geom_outputs(struct link *l)
{
   struct glsl_nir_stage *gs = l->stage[MESA_SHADER_GEOMETRY];
   if (!gs)
      return;
   /* GL 3.2 core spec 2.12.4 (Geometry Shader Outputs): the product of
    * max_vertices and the components of all active outputs is at most
    * MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, and the outputs fit in
    * MAX_GEOMETRY_OUTPUT_COMPONENTS. */
   unsigned comps = 0;
   for (unsigned i = 0; i < gs->num_vars; i++) {
      const struct glsl_nir_var *v = &gs->vars[i];
      if (v->var->mode != nir_var_shader_out || !v->written)
         continue;
      comps += output_components(v->type);
   }
   unsigned verts = gs->nir->info.gs.vertices_out;
   if (comps > LINK_MAX_GEOMETRY_OUTPUT_COMPONENTS) {
      link_error(l, "the geometry shader writes %u output components, "
                 "more than GL_MAX_GEOMETRY_OUTPUT_COMPONENTS (%d)", comps,
                 LINK_MAX_GEOMETRY_OUTPUT_COMPONENTS);
   } else if (comps * verts > LINK_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS) {
      link_error(l, "the geometry shader emits up to %u vertices of %u "
                 "components: more than "
                 "GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS (%d)", verts,
                 comps, LINK_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS);
   }
}
