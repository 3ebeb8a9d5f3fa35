/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Locations, components and indices of inputs and outputs (GLSL 4.50
 * 4.4.1 and 4.4.2, ARB_explicit_attrib_location, ARB_separate_shader_objects,
 * ARB_enhanced_layouts): how many locations a type takes, overlapping
 * explicit locations of varyings, component ranges, the location rules of
 * input and output blocks and their members, and dual-source indices.
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"

/* GLSL ES has no component qualifier (ES 3.20 4.4 lists none). */
void
check_location_es_component(struct check *c, struct ast_node *n,
                            struct ast_layout_id *list)
{
   if (c->st->es && check_layout_find(list, "component"))
      check_error(c, n, "layout(component) is not available in GLSL ES");
}

/* The component qualifier (GLSL 4.50 section 4.4.1): needs a location;
 * not on matrices, structures or blocks (or arrays of them); components
 * 0..3 with the variable fitting in what is left; doubles take two
 * components, so start at 0 or 2, and dvec3/dvec4 take no component. */
static void
location_component(struct check *c, struct ast_node *d,
                   struct ast_layout_id *list, const struct glsl_type *t)
{
   struct ast_layout_id *comp = check_layout_find(list, "component");
   if (!comp)
      return;
   if (!check_layout_find(list, "location")) {
      check_error(c, d, "component on '%s' needs a location as well",
                  d->name);
      return;
   }
   const struct glsl_type *e = glsl_without_array(t);
   if (type_is_error(e))
      return;
   if (glsl_type_is_matrix(e) || e->base_type == GLSL_TYPE_STRUCT ||
       e->base_type == GLSL_TYPE_INTERFACE) {
      check_error(c, d, "component cannot qualify '%s': not on matrices, "
                  "structures or blocks", d->name);
      return;
   }
   int64_t first;
   if (!check_layout_int(comp, &first))
      return;
   bool dbl = e->base_type == GLSL_TYPE_DOUBLE;
   if (dbl && e->vector_elements > 2) {
      check_error(c, d, "a dvec3 or dvec4 cannot have a component");
      return;
   }
   if (dbl && (first & 1)) {
      check_error(c, d, "a double or dvec2 cannot start at component %lld",
                  (long long)first);
      return;
   }
   int64_t used = (int64_t)e->vector_elements * (dbl ? 2 : 1);
   if (first > 3 || first + used > 4)
      check_error(c, d, "component %lld of '%s' runs past component 3",
                  (long long)first, d->name);
}

/* Location slots a variable takes (GLSL 4.50 4.4.1): one per matrix
 * column, two for dvec3/dvec4, the sum over structure and block members,
 * times the array lengths. */
static int
location_slots(const struct glsl_type *t)
{
   int n = 1;
   while (glsl_type_is_array(t)) {
      n *= t->length > 0 ? t->length : 1;
      t = t->element;
   }
   if (t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      int sum = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         sum += location_slots(t->fields[i].type);
      return n * (sum ? sum : 1);
   }
   int cols = t->matrix_columns ? t->matrix_columns : 1;
   int wide = t->base_type == GLSL_TYPE_DOUBLE && t->vector_elements > 2;
   return n * cols * (wide ? 2 : 1);
}

/* Explicit locations [first, end) of an input (dir 0) or output (dir 1)
 * may not overlap those already claimed in the shader. */
static void
claim_locations(struct check *c, struct ast_node *where,
                const char *name, unsigned dir, int first,
                int end)
{
   for (unsigned i = 0; i < c->nlocs[dir]; i++) {
      if (first < c->locs[dir][i].end && c->locs[dir][i].first < end) {
         check_error(c, where, "location %d of '%s' overlaps another %s",
                     first, name, dir ? "output" : "input");
         return;
      }
   }
   if (c->nlocs[dir] < ARRAY_SIZE(c->locs[dir])) {
      c->locs[dir][c->nlocs[dir]].first = first;
      c->locs[dir][c->nlocs[dir]].end = end;
      c->nlocs[dir]++;
   }
}

/* Arrays of inputs or outputs indexed per vertex, not per location. */
static bool
per_vertex_array(struct check *c, unsigned q)
{
   gl_shader_stage s = c->st->stage;
   return ((q & AST_Q_IN) && (s == MESA_SHADER_GEOMETRY ||
                              s == MESA_SHADER_TESS_CTRL ||
                              s == MESA_SHADER_TESS_EVAL)) ||
          ((q & AST_Q_OUT) && !(q & AST_Q_PATCH) &&
           s == MESA_SHADER_TESS_CTRL);
}

/* Members of a block take consecutive locations from the block's, a
 * member with its own location restarting the count (GLSL 4.50 4.4.1);
 * they claim them like variables do. */
static void
claim_block_locations(struct check *c, struct ast_node *n,
                      const struct glsl_struct_field *fields,
                      unsigned nfields)
{
   unsigned q = n->type->flags;
   if ((q & AST_Q_PATCH) ||
       (n->block_dims->count && !per_vertex_array(c, q)))
      return;
   int64_t v;
   int cur = -1;
   if (check_layout_int(check_layout_find(n->type->layout, "location"), &v))
      cur = (int)MIN2(v, 1 << 20);
   unsigned k = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      struct ast_layout_id *ml = check_layout_find(m->type->layout, "location");
      if (ml && !check_layout_int(ml, &v))
         return;
      if (ml)
         cur = (int)MIN2(v, 1 << 20);
      for (struct ast_node *d = m->list.head; d; d = d->next, k++) {
         if (k >= nfields || type_is_error(fields[k].type))
            return;
         int slots = location_slots(fields[k].type);
         if (cur >= 0) {
            claim_locations(c, d, d->name,
                                         (q & AST_Q_OUT) ? 1 : 0, cur,
                                         cur + slots);
            cur += slots;
         }
      }
   }
}

/* Input and output blocks (GLSL 4.50 4.4.1 and 4.4.2): component cannot
 * qualify a block; without a block-level location either all members or
 * none have one; a block array needing locations per element (all but
 * the per-vertex arrays of geometry and tessellation stages) takes a
 * location on the block only. */
static void
io_block_locations(struct check *c, struct ast_node *n)
{
   unsigned q = n->type->flags;
   if (check_layout_find(n->type->layout, "component")) {
      check_error(c, n, "component cannot qualify a block");
      return;
   }
   unsigned members = 0, located = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      members++;
      if (check_layout_find(m->type->layout, "location"))
         located++;
   }
   if (!located)
      return;
   if (n->block_dims->count && !per_vertex_array(c, q)) {
      check_error(c, n, "members of a block array cannot have locations; "
                  "give the block one");
      return;
   }
   if (!check_layout_find(n->type->layout, "location") && located != members)
      check_error(c, n, "a block without a location needs a location on "
                  "all of its members or on none");
}

/* Structure members take no location or component (GLSL 4.50 4.4.1). */
void
check_location_struct_member(struct check *c, struct ast_node *m)
{
   if (check_layout_find(m->type->layout, "location") ||
       check_layout_find(m->type->layout, "component"))
      check_error(c, m, "structure members cannot have a location or "
                  "component");
}

void
check_location_overlap(struct check *c, struct ast_node *d,
                       struct ast_type *at, unsigned q,
                       const struct glsl_type *t)
{
   int loc = -1;
   for (struct ast_layout_id *l = at->layout; l; l = l->next) {
      if (!strcasecmp(l->name, "index") || !strcasecmp(l->name, "component"))
         return; /* dual-source and packed outputs: not tracked */
      if (!strcasecmp(l->name, "location") && l->value &&
          (l->value->kind == AST_INT_CONST ||
           l->value->kind == AST_UINT_CONST))
         loc = (int)MIN2(l->value->value.u, 1u << 20);
   }
   if (loc < 0 || type_is_error(glsl_without_array(t)))
      return;
   /* a geometry input's array is per vertex: one element's locations */
   if (per_vertex_array(c, q) && glsl_type_is_array(t))
      t = t->element;
   unsigned dir = (q & AST_Q_OUT) ? 1 : 0;
   /* Vertex inputs may alias and fragment outputs are linked per index;
    * only varyings are checked here. */
   if ((c->st->stage == MESA_SHADER_VERTEX && !dir) ||
       (c->st->stage == MESA_SHADER_FRAGMENT && dir))
      return;
   claim_locations(c, d, d->name, dir, loc,
                                loc + location_slots(t));
}

/* The location rules of an input or output block and its members. */
void
check_location_block(struct check *c, struct ast_node *n,
                     const struct glsl_struct_field *fields,
                     unsigned nfields)
{
   io_block_locations(c, n);
   claim_block_locations(c, n, fields, nfields);
}

/* The component and, for outputs, the dual-source index of one input or
 * output declarator. */
void
check_location_declarator(struct check *c, struct ast_node *d,
                          struct ast_layout_id *list, unsigned q,
                          const struct glsl_type *t)
{
   location_component(c, d, list, t);
   if (!(q & AST_Q_OUT))
      return;
   /* ARB_explicit_attrib_location: index picks the dual-source input of
    * an output that also has a location. */
   if (check_layout_find(list, "index") &&
       !check_layout_find(list, "location"))
      check_error(c, d, "index on '%s' needs a location as well", d->name);
   /* GLSL 4.30 4.4.2: "a layout index ... less than 0 or greater than 1"
    * is an error. */
   int64_t index;
   if (check_layout_int(check_layout_find(list, "index"), &index) &&
       index > 1)
      check_error(c, d, "index %lld of '%s' is not 0 or 1",
                  (long long)index, d->name);
}
