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
 * GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS; only stream 0 feeds the
 * fragment shader (ARB_gpu_shader5).
 */
#include <string.h>

#include "glsl_link_priv.h"
#include "util/hash_table.h"
#include "util/ralloc.h"
#include "util/u_math.h"

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

/* Records, per identifier, the largest constant index + 1 applied to it
 * anywhere under n.  Subtrees the checker shares are walked once. */
static void
collect_indices(const struct ast_node *n, struct hash_table *max,
                struct hash_table *seen, int depth)
{
   if (!n || depth > 1000 || hash_table_search(seen, n))
      return;
   hash_table_insert(seen, n, NULL);
   if (n->kind == AST_INDEX && n->a && n->a->kind == AST_IDENT && n->b &&
       (n->b->kind == AST_INT_CONST || n->b->kind == AST_UINT_CONST)) {
      uintptr_t used = (uintptr_t)n->b->value.u + 1;
      struct hash_entry *e = hash_table_search(max, n->a->name);
      if (!e)
         hash_table_insert(max, n->a->name, (void *)used);
      else if ((uintptr_t)e->data < used)
         e->data = (void *)used;
   }
   struct ast_node *kids[4];
   ast_kids(n, kids);
   for (unsigned i = 0; i < 4; i++)
      collect_indices(kids[i], max, seen, depth + 1);
   for (const struct ast_node *k = ast_items(n); k; k = k->next)
      collect_indices(k, max, seen, depth + 1);
}

static bool
input_fits(struct link *l, struct hash_table *max, const char *name,
           const struct glsl_type *t, unsigned vertices)
{
   if (!name || !t || !glsl_type_is_array(t))
      return true;
   if (t->length > 0 && (unsigned)t->length != vertices) {
      link_error(l, "geometry shader input '%s' has %d elements but the "
                 "input primitive has %u vertices", name, t->length,
                 vertices);
      return false;
   }
   struct hash_entry *e = hash_table_search(max, name);
   uintptr_t used = e ? (uintptr_t)e->data : 0;
   if (used > vertices) {
      link_error(l, "geometry shader input '%s' is indexed at %u but the "
                 "input primitive has %u vertices", name,
                 (unsigned)(used - 1), vertices);
      return false;
   }
   return true;
}

/* Input arrays sized (explicitly, or by a constant index) in one shader
 * are checked against the primitive declared in another (GLSL 1.50
 * 4.3.8.1: a size that does not match is an error, at link time when
 * they are in different shaders). */
static void
check_input_sizes(struct link *l, struct glsl_parse_state *const *sh,
                  unsigned n, unsigned vertices)
{
   void *mem = ralloc_context(NULL);
   for (unsigned i = 0; i < n && !l->failed; i++) {
      struct hash_table *max = hash_table_create_string_keys(mem);
      struct hash_table *seen = hash_table_create_pointer_keys(mem);
      for (struct ast_node *d = sh[i]->unit.head; d; d = d->next)
         collect_indices(d, max, seen, 0);
      for (struct ast_node *d = sh[i]->unit.head; d && !l->failed;
           d = d->next) {
         if ((d->kind != AST_DECL_LIST && d->kind != AST_BLOCK) ||
             !d->type || !(d->type->flags & AST_Q_IN))
            continue;
         if (d->kind == AST_BLOCK) {
            if (d->name2 && d->block_dims->head)
               input_fits(l, max, d->name2, d->block_dims->head->vtype,
                          vertices);
            continue;
         }
         for (struct ast_node *v = d->list.head; v && !l->failed;
              v = v->next)
            input_fits(l, max, v->name, v->vtype, vertices);
      }
   }
   ralloc_free(mem);
}

void
link_geom_layout(struct link *l, struct glsl_parse_state *const *sh,
                 unsigned n)
{
   if (!n)
      return;
   /* GL 3.2 core spec 2.11.3: linking fails for a geometry shader
    * without a vertex shader ... */
   if (!l->stage_count[MESA_SHADER_VERTEX] &&
       !(l->opts && l->opts->separable)) {
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

/* The highest stream the shader emits to or ends a primitive of, -1
 * when none. */
static int
last_stream(nir_shader *nir)
{
   int last = -1;
   nir_foreach_function_impl(impl, nir) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *in = nir_instr_as_intrinsic(instr);
            if ((in->intrinsic == nir_intrinsic_emit_vertex ||
                 in->intrinsic == nir_intrinsic_end_primitive) &&
                (int)nir_intrinsic_stream_id(in) > last)
               last = (int)nir_intrinsic_stream_id(in);
         }
      }
   }
   return last;
}

void
link_geom_outputs(struct link *l)
{
   struct glsl_nir_stage *gs = l->stage[MESA_SHADER_GEOMETRY];
   if (!gs)
      return;
   /* ARB_gpu_shader5, Geometry Shader Outputs: streams numbered 0 to
    * MAX_VERTEX_STREAMS - 1, others than 0 only with points for the
    * output primitive. */
   int last = last_stream(gs->nir);
   if (last >= LINK_MAX_VERTEX_STREAMS) {
      link_error(l, "the geometry shader emits to vertex stream %d: "
                 "GL_MAX_VERTEX_STREAMS is %d", last,
                 LINK_MAX_VERTEX_STREAMS);
      return;
   }
   if (gs->nir->info.gs.output_primitive != MESA_PRIM_POINTS && last > 0) {
      link_error(l, "the geometry shader emits to a vertex stream other "
                 "than 0 but its output primitive is not points");
      return;
   }
   /* GL 3.2 core spec 2.12.4 (Geometry Shader Outputs): the product of
    * max_vertices and the components of all active outputs is at most
    * MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, and the outputs fit in
    * MAX_GEOMETRY_OUTPUT_COMPONENTS. */
   unsigned comps = 0;
   for (unsigned i = 0; i < gs->num_vars; i++) {
      const struct glsl_nir_var *v = &gs->vars[i];
      /* Built-in outputs (gl_Position ...) do not count, as in Mesa
       * (piglit's gs-output-array-vec4-index-wr writes 128 components
       * besides gl_Position). */
      if (v->var->mode != nir_var_shader_out || !v->written || v->builtin)
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

/* ARB_gpu_shader5, Geometry Shader Outputs: primitives of streams other
 * than 0 end after transform feedback; only stream 0 reaches the
 * rasterizer.  A fragment input matched to an output of another stream
 * could never be fed: a link error, as Mesa's linker and piglit's
 * stream-different-zero-gs-fs have it. */
void
link_geom_streams(struct link *l)
{
   struct glsl_nir_stage *gs = l->stage[MESA_SHADER_GEOMETRY];
   struct glsl_nir_stage *fs = l->stage[MESA_SHADER_FRAGMENT];
   if (!gs || !fs)
      return;
   for (unsigned i = 0; i < fs->num_vars; i++) {
      const struct glsl_nir_var *in = &fs->vars[i];
      if (in->builtin || in->var->mode != nir_var_shader_in)
         continue;
      const struct glsl_nir_var *out = link_find_output(l, gs, fs, in);
      if (out && out->stream != 0) {
         link_error(l, "fragment shader input '%s' is fed by geometry "
                    "shader output '%s' of vertex stream %d: only "
                    "stream 0 is rasterized", in->name, out->name,
                    out->stream);
         return;
      }
   }
}
