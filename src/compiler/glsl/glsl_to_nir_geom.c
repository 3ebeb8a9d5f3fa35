/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: what only geometry shaders have (GLSL 1.50 4.3.8.1, 7.1,
 * 8.10).  The stage's layouts become nir_shader_info.gs; every input is
 * an array with one element per vertex of the input primitive (user
 * inputs, members of input block arrays and of gl_in[], whose members
 * gl_Position, gl_PointSize and gl_ClipDistance are per-vertex inputs at
 * their VARYING_SLOT_*, as are the compatibility members gl_ClipVertex,
 * gl_FrontColor ... gl_TexCoord[]); EmitVertex() and EndPrimitive() become
 * emit_vertex and end_primitive of stream 0.  Outputs are ordinary
 * shader_out variables: the values stored before an emit_vertex are the
 * vertex's.
 */
#include <string.h>

#include "glsl_to_nir_priv.h"

unsigned
glsl_prim_vertices_in(int prim)
{
   switch (prim) {
   case MESA_PRIM_POINTS: return 1;
   case MESA_PRIM_LINES: return 2;
   case MESA_PRIM_TRIANGLES: return 3;
   case MESA_PRIM_LINES_ADJACENCY: return 4;
   case MESA_PRIM_TRIANGLES_ADJACENCY: return 6;
   default: return 0;
   }
}

void
g2n_geom_setup(struct g2n *c, struct glsl_parse_state *const *shaders,
               unsigned num_shaders)
{
   int in_prim = 0, out_prim = 0, max_vertices = -1, invocations = 0;
   /* The linker rejects conflicting and missing declarations
    * (glsl_link_geom.c); the first declaration of each counts here. */
   for (unsigned i = 0; i < num_shaders; i++) {
      const struct glsl_parse_state *st = shaders[i];
      if (!in_prim)
         in_prim = st->gs.in_prim;
      if (!out_prim)
         out_prim = st->gs.out_prim;
      if (max_vertices < 0)
         max_vertices = st->gs.max_vertices;
      if (!invocations)
         invocations = st->gs.invocations;
   }
   nir_shader_info *info = &c->shader->info;
   info->gs.input_primitive = in_prim ? in_prim - 1 : MESA_PRIM_POINTS;
   info->gs.output_primitive = out_prim ? out_prim - 1 : MESA_PRIM_POINTS;
   info->gs.vertices_in = glsl_prim_vertices_in(info->gs.input_primitive);
   info->gs.vertices_out = max_vertices > 0 ? max_vertices : 0;
   info->gs.invocations = invocations ? invocations : 1;
   c->gs_vertices_in = info->gs.vertices_in;
}

/* The built-in input block gl_in[]: its members are made when first
 * used (g2n_geom_in_member). */
struct g2n_sym *
g2n_geom_gl_in(struct g2n *c)
{
   /* The compatibility profile's block has the colour, texture
    * coordinate, fog and clip-vertex members too (GLSL 1.50
    * compatibility 7.1, "in gl_PerVertex"). */
   static const struct {
      const char *name;
      unsigned components, array;
   } members[] = {
      { "gl_Position", 4, 0 },
      { "gl_PointSize", 1, 0 },
      { "gl_ClipDistance", 1, 8 },
      { "gl_ClipVertex", 4, 0 },
      { "gl_FrontColor", 4, 0 },
      { "gl_BackColor", 4, 0 },
      { "gl_FrontSecondaryColor", 4, 0 },
      { "gl_BackSecondaryColor", 4, 0 },
      { "gl_TexCoord", 4, 8 },
      { "gl_FogFragCoord", 1, 0 },
   };
   unsigned n = c->st->compat ? ARRAY_SIZE(members) : 3;
   struct glsl_struct_field *f =
      rzalloc_array(c->shader, struct glsl_struct_field, n);
   for (unsigned i = 0; i < n; i++) {
      f[i].name = members[i].name;
      f[i].location = -1;
      f[i].offset = -1;
      f[i].type = glsl_vector_type(GLSL_TYPE_FLOAT, members[i].components);
      if (members[i].array)
         f[i].type = glsl_array_type(c->shader, f[i].type,
                                     (int)members[i].array);
   }
   const struct glsl_type *bt = glsl_interface_type(c->shader, f, n,
                                                    "gl_PerVertex");
   struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
   sym->type = glsl_array_type(c->shader, bt, (int)c->gs_vertices_in);
   sym->field = -1;
   sym->var_index = -1;
   sym->io_builtin = true;
   /* (io_members only marks the symbol as a block instance here.) */
   sym->io_members = rzalloc_array(c->mem, nir_variable *, 1);
   sym->io_member_index = rzalloc_array(c->mem, int, 1);
   return sym;
}

/* The per-vertex input behind gl_in[].name: a float/vec4 array of one
 * element per input vertex, at the member's varying slot. */
struct g2n_sym *
g2n_geom_in_member(struct g2n *c, const char *name)
{
   char *key = ralloc_asprintf(c->mem, "gl_in.%s", name);
   struct hash_entry *e = hash_table_search(c->builtins, key);
   if (e)
      return e->data;
   static const struct {
      const char *name;
      int slot;
      unsigned components, array;
   } members[] = {
      { "gl_Position", VARYING_SLOT_POS, 4, 0 },
      { "gl_PointSize", VARYING_SLOT_PSIZ, 1, 0 },
      { "gl_ClipDistance", VARYING_SLOT_CLIP_DIST0, 1, 8 },
      /* compatibility profile (GLSL 1.50 7.1 "in gl_PerVertex") */
      { "gl_ClipVertex", VARYING_SLOT_CLIP_VERTEX, 4, 0 },
      { "gl_FrontColor", VARYING_SLOT_COL0, 4, 0 },
      { "gl_BackColor", VARYING_SLOT_BFC0, 4, 0 },
      { "gl_FrontSecondaryColor", VARYING_SLOT_COL1, 4, 0 },
      { "gl_BackSecondaryColor", VARYING_SLOT_BFC1, 4, 0 },
      { "gl_TexCoord", VARYING_SLOT_TEX0, 4, 8 },
      { "gl_FogFragCoord", VARYING_SLOT_FOGC, 1, 0 },
   };
   const struct glsl_type *t = NULL;
   int slot = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(members); i++) {
      if (strcmp(members[i].name, name))
         continue;
      t = glsl_vector_type(GLSL_TYPE_FLOAT, members[i].components);
      if (members[i].array)
         t = glsl_array_type(c->shader, t, (int)members[i].array);
      slot = members[i].slot;
   }
   if (!t)
      return NULL;
   const struct glsl_type *at = glsl_array_type(c->shader, t,
                                                (int)c->gs_vertices_in);
   struct g2n_sym *sym = rzalloc(c->mem, struct g2n_sym);
   sym->type = t;
   sym->field = -1;
   sym->var = nir_variable_create(c->shader, nir_var_shader_in,
                                  g2n_vtype(c, at, false), name);
   sym->var->data.location = slot;
   sym->var->data.driver_location = (unsigned)slot;
   struct glsl_nir_var gv = {
      .var = sym->var,
      .name = sym->var->name,
      .type = at,
      .qual = AST_Q_IN,
      .location = slot,
      .index = 0,
      .binding = -1,
      .builtin = true,
      .used = true,
   };
   sym->var_index = (int)util_dynarray_num_elements(&c->vars,
                                                    struct glsl_nir_var);
   util_dynarray_append(&c->vars, struct glsl_nir_var, gv);
   hash_table_insert(c->builtins, key, sym);
   return sym;
}

/* EmitVertex(), EndPrimitive(), EmitStreamVertex(s), EndStreamPrimitive(s)
 * (GLSL 1.50 8.10, 4.00 8.12): false when n is none of them. */
bool
g2n_geom_call(struct g2n *c, struct ast_node *n)
{
   bool emit = !strcmp(n->name, "EmitVertex") ||
               !strcmp(n->name, "EmitStreamVertex");
   bool end = !strcmp(n->name, "EndPrimitive") ||
              !strcmp(n->name, "EndStreamPrimitive");
   if ((!emit && !end) || c->stage != MESA_SHADER_GEOMETRY)
      return false;
   unsigned stream = 0;
   if (n->list.head) {
      /* The stream is a constant integral expression (GLSL 4.00 8.12). */
      nir_def *s = g2n_expr(c, n->list.head).col[0];
      if (c->failed)
         return true;
      if (!s || nir_def_instr(s)->type != nir_instr_type_load_const) {
         g2n_fail(c, n, "the stream of %s is not a constant", n->name);
         return true;
      }
      stream = nir_instr_as_load_const(nir_def_instr(s))->value[0].u32;
   }
   nir_build_intrinsic(&c->b, emit ? nir_intrinsic_emit_vertex
                                   : nir_intrinsic_end_primitive,
                       0, 0, NULL, NIR_INTRINSIC_STREAM_ID, (int)stream,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   if (end)
      c->shader->info.gs.uses_end_primitive = true;
   return true;
}
