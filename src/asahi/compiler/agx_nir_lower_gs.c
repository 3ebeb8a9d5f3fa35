/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Geometry shaders as vertex-stage programs (the layout of the buffers is
 * described with struct agx_gs_info in agx_compile.h).
 *
 * AGX has no geometry stage; its vertex shaders can store to device
 * memory (device_store, as transform feedback does here and in Mesa:
 * alexvorxx/Mesa-VirGL src/asahi/lib/agx_nir_lower_xfb.c) and the VDM
 * draws index lists with primitive restart (cmdbuf.xml "Index List":
 * restart enable, restart index), which is all this emulation needs: one
 * program invocation per geometry-shader invocation, whose emitted
 * vertices go to fixed places in a buffer and whose strips are cut by
 * restart indices in a list of fixed length per invocation.  No atomics,
 * no prefix sums, no compute dispatch.
 *
 * The rewrite, on the shader as the front end makes it:
 *  - output variables become local variables (their values live on
 *    between emits: EmitVertex snapshots them);
 *  - emit_vertex: when fewer than vertices_out vertices were emitted, the
 *    current outputs are stored as emitted vertex k of this invocation,
 *    and its number appended to the invocation's index list;
 *  - end_primitive: a restart index appended, when the strip has a
 *    vertex (the end of the shader ends the strip implicitly: the rest
 *    of the list is restart indices already);
 *  - each vertex stream keeps counters, vertices and a list of its own
 *    (EmitStreamVertex(s); agx_compile.h gives the layout);
 *  - load_per_vertex_input (after nir_lower_io): vertex v of input
 *    primitive p is row topology[p * vertices_in + v] + instance *
 *    AGX_SYSVAL_GS_VS_VERTICES of the vertex-output buffer (the driver
 *    works out the topology: lists, strips, fans, adjacency, indices);
 *  - load_primitive_id / load_invocation_id: p and i of the point.
 */

#include <stdio.h>
#include <string.h>

#include "util/u_dynarray.h"
#include "util/u_math.h"

#include "agx_compile.h"
#include "agx_nir.h"
#include "nir_passes.h"

struct gs_state {
   struct agx_gs_info *info;
   /* counters (uint) per vertex stream: vertices emitted, list entries
    * written, vertices of the open strip */
   nir_variable *vtx[AGX_GS_MAX_STREAMS], *idx[AGX_GS_MAX_STREAMS],
      *strip[AGX_GS_MAX_STREAMS];
   nir_def *prim, *invocation, *instance, *gsi;
   /* output variables, in row order; those indexed at run time are
    * stored to the vertex being made as they are written (in_memory),
    * the others kept in locals and stored at each emit */
   nir_variable *outputs[VARYING_SLOT_MAX];
   bool in_memory[VARYING_SLOT_MAX];
   uint8_t first_row[VARYING_SLOT_MAX];
   unsigned nr_vars;
   char *error;
   size_t error_size;
   bool failed;
   /* gl_in[].gl_ClipDistance is a float array: element j is component
    * j % 4 of slot CLIP_DIST0 + j / 4 (the compact layout the vertex
    * shader stores, agx_nir_lower_clip_distance.c) */
   bool clip_in_compact;
   bool pos_z_halved;
};

static nir_def *
sysval(nir_builder *b, unsigned which)
{
   return &nir_build_intrinsic(b, nir_intrinsic_load_sysval_agx, 1, 32, NULL,
                               NIR_INTRINSIC_BASE, (int)which,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

static nir_def *
load_block(nir_builder *b, unsigned block, nir_def *byte_offset,
           unsigned num_components)
{
   nir_def *srcs[2] = {nir_imm_int(b, (int)block), byte_offset};
   return &nir_build_intrinsic(b, nir_intrinsic_load_ubo, num_components, 32,
                               srcs, NIR_INTRINSIC_ACCESS, 0,
                               NIR_INTRINSIC_ALIGN_MUL, 4,
                               NIR_INTRINSIC_RANGE, -1,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

static void
store_buffer(nir_builder *b, unsigned buffer, nir_def *value, nir_def *word)
{
   nir_def *srcs[2] = {value, word};
   nir_build_intrinsic(b, nir_intrinsic_store_xfb_agx, value->num_components,
                       32, srcs, NIR_INTRINSIC_BASE, (int)buffer,
                       NIR_INTRINSIC_WRITE_MASK,
                       (int)((1u << value->num_components) - 1),
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
}

static void
fail(struct gs_state *st, const char *why)
{
   if (!st->failed && st->error && st->error_size)
      snprintf(st->error, st->error_size, "geometry shader: %s", why);
   st->failed = true;
}

/* Whether a variable type is vectors of 32 bits (vectors, matrices,
 * structs and arrays of those), each vector one slot. */
static bool
is_slot_vectors(const nir_vtype *t)
{
   switch (t->kind) {
   case NIR_VTYPE_VECTOR:
   case NIR_VTYPE_MATRIX:
      return nir_alu_type_get_type_size(t->base) == 32;
   case NIR_VTYPE_ARRAY:
      return t->length && is_slot_vectors(t->elem);
   case NIR_VTYPE_STRUCT:
      for (unsigned i = 0; i < t->num_fields; ++i) {
         if (!is_slot_vectors(t->fields[i].type))
            return false;
      }
      return t->num_fields > 0;
   default:
      return false;
   }
}

/* gl_ClipDistance and gl_CullDistance (float arrays at CLIP_DIST0 and
 * CULL_DIST0): packed four to a slot, two slots each (the front end's
 * float[8] would otherwise run past VARYING_SLOT_MAX) */
static bool
is_compact_clip(const nir_variable *var)
{
   const nir_vtype *t = var->type;
   return (var->data.location == VARYING_SLOT_CLIP_DIST0 ||
           var->data.location == VARYING_SLOT_CULL_DIST0) &&
          t->kind == NIR_VTYPE_ARRAY && t->length <= 8 &&
          t->elem->kind == NIR_VTYPE_VECTOR && t->elem->components == 1;
}

static unsigned
var_slots(const nir_variable *var)
{
   return is_compact_clip(var) ? DIV_ROUND_UP(var->type->length, 4)
                               : nir_vtype_count_slots(var->type);
}

static nir_def *
row_word(nir_builder *b, struct gs_state *st, nir_def *vertex, unsigned row)
{
   return nir_iadd(
      b, nir_imul(b, vertex, nir_imm_int(b, 4 * st->info->nr_outputs)),
      nir_imm_int(b, 4 * (int)row));
}

/* The components and integer-ness of each row of a type made of vectors,
 * from *row on. */
static void
row_components(const nir_vtype *t, struct agx_gs_info *info, unsigned *row)
{
   bool is_int = nir_alu_type_get_base_type(t->base) != nir_type_float;
   switch (t->kind) {
   case NIR_VTYPE_VECTOR:
      info->output_int[*row] = is_int;
      info->output_components[(*row)++] = t->components;
      break;
   case NIR_VTYPE_MATRIX:
      for (unsigned i = 0; i < t->columns; ++i)
         info->output_components[(*row)++] = t->components;
      break;
   case NIR_VTYPE_ARRAY:
      for (unsigned i = 0; i < t->length; ++i)
         row_components(t->elem, info, row);
      break;
   case NIR_VTYPE_STRUCT:
      for (unsigned i = 0; i < t->num_fields; ++i)
         row_components(t->fields[i].type, info, row);
      break;
   default:
      break;
   }
}

/* Stores the vectors of deref d (type t) as rows *row, *row + 1 ... of
 * emitted vertex `vertex`. */
static void
store_vectors(nir_builder *b, struct gs_state *st, nir_deref_instr *d,
              const nir_vtype *t, unsigned *row, nir_def *vertex)
{
   if (t->kind == NIR_VTYPE_VECTOR) {
      nir_def *v = nir_load_deref(b, d);
      store_buffer(b, AGX_GS_VERTEX_BUFFER, v, row_word(b, st, vertex, *row));
      (*row)++;
      return;
   }
   if (t->kind == NIR_VTYPE_STRUCT) {
      for (unsigned i = 0; i < t->num_fields; ++i)
         store_vectors(b, st, nir_build_deref_struct(b, d, i),
                       t->fields[i].type, row, vertex);
      return;
   }
   unsigned n = t->kind == NIR_VTYPE_MATRIX ? t->columns : t->length;
   const nir_vtype *elem = t->kind == NIR_VTYPE_MATRIX
                              ? nir_vtype_vector(b->shader, t->base,
                                                 t->components)
                              : t->elem;
   for (unsigned i = 0; i < n; ++i)
      store_vectors(b, st, nir_build_deref_array_imm(b, d, i), elem, row,
                    vertex);
}

/* The number of the vertex being made on stream s: invocation g's
 * vertices of stream s are (g * nr_streams + s) * vertices_out + k. */
static nir_def *
emitted_vertex(nir_builder *b, struct gs_state *st, unsigned s, nir_def *vtx)
{
   const struct agx_gs_info *info = st->info;
   nir_def *block = nir_iadd(
      b, nir_imul(b, st->gsi, nir_imm_int(b, info->nr_streams)),
      nir_imm_int(b, (int)s));
   return nir_iadd(
      b, nir_imul(b, block, nir_imm_int(b, info->vertices_out)), vtx);
}

/* Where entry idx of stream s's index list of this invocation goes, and
 * in which buffer (stream 0 alone is drawn: its lists stay apart). */
static nir_def *
index_entry(nir_builder *b, struct gs_state *st, unsigned s, nir_def *idx,
           unsigned *buffer)
{
   const struct agx_gs_info *info = st->info;
   nir_def *seg = st->gsi;
   *buffer = AGX_GS_INDEX_BUFFER;
   if (s) {
      seg = nir_iadd(
         b, nir_imul(b, st->gsi, nir_imm_int(b, info->nr_streams - 1)),
         nir_imm_int(b, (int)s - 1));
      *buffer = AGX_GS_STREAM_INDEX_BUFFER;
   }
   return nir_iadd(
      b, nir_imul(b, seg, nir_imm_int(b, 2 * info->vertices_out)), idx);
}

static void
lower_emit(nir_builder *b, struct gs_state *st, unsigned s)
{
   const struct agx_gs_info *info = st->info;
   nir_def *vtx = nir_load_var(b, st->vtx[s]);
   nir_if *nif = nir_push_if(b, nir_ult(b, vtx, nir_imm_int(
                                                  b, info->vertices_out)));
   {
      nir_def *vertex = emitted_vertex(b, st, s, vtx);
      unsigned row = 0;
      for (unsigned i = 0; i < st->nr_vars; ++i) {
         nir_variable *var = st->outputs[i];
         if (st->in_memory[i]) {
            row += var_slots(var);
            continue;
         }
         nir_deref_instr *d = nir_build_deref_var(b, var);
         if (!is_compact_clip(var)) {
            store_vectors(b, st, d, var->type, &row, vertex);
            continue;
         }
         for (unsigned j = 0; j < var->type->length; j += 4) {
            nir_def *c[4];
            for (unsigned k = 0; k < 4; ++k) {
               c[k] = j + k < var->type->length
                         ? nir_load_deref(
                              b, nir_build_deref_array_imm(b, d, j + k))
                         : nir_imm_float(b, 0);
            }
            store_buffer(b, AGX_GS_VERTEX_BUFFER, nir_vec(b, c, 4),
                         row_word(b, st, vertex, row));
            row++;
         }
      }

      nir_def *idx = nir_load_var(b, st->idx[s]);
      unsigned buffer;
      nir_def *entry = index_entry(b, st, s, idx, &buffer);
      store_buffer(b, buffer, vertex, entry);
      nir_store_var(b, st->idx[s], nir_iadd(b, idx, nir_imm_int(b, 1)), 1);
      nir_store_var(b, st->vtx[s], nir_iadd(b, vtx, nir_imm_int(b, 1)), 1);
      nir_store_var(b, st->strip[s],
                    nir_iadd(b, nir_load_var(b, st->strip[s]),
                             nir_imm_int(b, 1)),
                    1);
   }
   nir_pop_if(b, nif);
}

static void
lower_end_primitive(nir_builder *b, struct gs_state *st, unsigned s)
{
   nir_def *strip = nir_load_var(b, st->strip[s]);
   nir_if *nif = nir_push_if(b, nir_ine(b, strip, nir_imm_int(b, 0)));
   {
      nir_def *idx = nir_load_var(b, st->idx[s]);
      unsigned buffer;
      nir_def *entry = index_entry(b, st, s, idx, &buffer);
      store_buffer(b, buffer, nir_imm_int(b, (int)AGX_GS_RESTART), entry);
      nir_store_var(b, st->idx[s], nir_iadd(b, idx, nir_imm_int(b, 1)), 1);
      nir_store_var(b, st->strip[s], nir_imm_int(b, 0), 1);
   }
   nir_pop_if(b, nif);
}

static nir_def *
lower_input(nir_builder *b, struct gs_state *st, nir_intrinsic_instr *intr)
{
   const struct agx_gs_info *info = st->info;
   if (intr->def.bit_size != 32) {
      fail(st, "inputs of other than 32 bits are not supported");
      return nir_undef(b, intr->def.num_components, intr->def.bit_size);
   }
   nir_def *vertex = intr->src[0].ssa;
   nir_def *offset = intr->src[1].ssa;
   nir_def *t = nir_iadd(
      b, nir_imul(b, st->prim, nir_imm_int(b, info->vertices_in)), vertex);
   nir_def *row = load_block(b, AGX_GS_TOPOLOGY_BLOCK,
                             nir_imul(b, t, nir_imm_int(b, 4)), 1);
   row = nir_iadd(b, row, nir_imul(b, st->instance,
                                   sysval(b, AGX_SYSVAL_GS_VS_VERTICES)));
   nir_def *in_row;
   if (st->clip_in_compact &&
       nir_intrinsic_base(intr) == VARYING_SLOT_CLIP_DIST0) {
      /* the offset counts floats (one slot per array element to
       * nir_lower_io) */
      in_row = nir_iadd(b, nir_imm_int(b, 4 * VARYING_SLOT_CLIP_DIST0),
                        offset);
   } else {
      nir_def *slot =
         nir_iadd(b, nir_imm_int(b, nir_intrinsic_base(intr)), offset);
      in_row = nir_iadd(b, nir_imul(b, slot, nir_imm_int(b, 4)),
                        nir_imm_int(b, (int)nir_intrinsic_component(intr)));
   }
   nir_def *word = nir_iadd(
      b, nir_imul(b, row, nir_imm_int(b, 4 * info->input_slots)), in_row);
   nir_def *v = load_block(b, AGX_GS_VS_OUTPUTS_BLOCK,
                           nir_imul(b, word, nir_imm_int(b, 4)),
                           intr->def.num_components);

   /* gl_in[].gl_Position.z: the vertex shader stored the hardware's
    * (z + w) / 2; GL's z is 2 z' - w (exact when z + w was). */
   unsigned c0 = nir_intrinsic_component(intr), n = intr->def.num_components;
   nir_src *off = &intr->src[1];
   if (st->pos_z_halved && nir_intrinsic_base(intr) == VARYING_SLOT_POS &&
       nir_def_instr(off->ssa)->type == nir_instr_type_load_const &&
       nir_const_value_as_uint(
          nir_instr_as_load_const(nir_def_instr(off->ssa))->value[0], 32) ==
          0 &&
       c0 <= 2 && c0 + n > 2) {
      nir_def *w = c0 + n > 3 ? nir_channel(b, v, 3 - c0)
                              : load_block(b, AGX_GS_VS_OUTPUTS_BLOCK,
                                           nir_imul(b,
                                                    nir_iadd(b, word,
                                                             nir_imm_int(
                                                                b, 3 - c0)),
                                                    nir_imm_int(b, 4)),
                                           1);
      nir_def *comps[4];
      for (unsigned c = 0; c < n; ++c)
         comps[c] = nir_channel(b, v, c);
      comps[2 - c0] = nir_fsub(
         b, nir_fmul(b, comps[2 - c0], nir_imm_float(b, 2.0f)), w);
      v = nir_vec(b, comps, n);
   }
   return v;
}

static nir_variable *
deref_root(nir_deref_instr *d)
{
   while (d->deref_type != nir_deref_type_var) {
      if (d->deref_type == nir_deref_type_cast)
         return NULL;
      d = nir_deref_instr_parent(d);
   }
   return d->var;
}

/* Whether some access of var picks an element at run time. */
static bool
indexed_at_run_time(nir_function_impl *impl, nir_variable *var)
{
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_deref)
            continue;
         nir_deref_instr *d = nir_instr_as_deref(instr);
         if (d->deref_type == nir_deref_type_array &&
             nir_def_instr(d->arr_index.ssa)->type !=
                nir_instr_type_load_const &&
             deref_root(d) == var)
            return true;
      }
   }
   return false;
}

/* A write of an output indexed at run time: straight to the vertex being
 * made (when there is room for it). */
static void
lower_memory_store(nir_builder *b, struct gs_state *st,
                   nir_intrinsic_instr *intr, unsigned k)
{
   const struct agx_gs_info *info = st->info;
   nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
   nir_variable *var = st->outputs[k];
   if (d->deref_type != nir_deref_type_array ||
       nir_deref_instr_parent(d)->deref_type != nir_deref_type_var) {
      fail(st, "whole-array writes of run-time indexed outputs");
      return;
   }
   nir_def *value = intr->src[1].ssa;
   unsigned mask = nir_intrinsic_write_mask(intr);
   nir_def *vtx = nir_load_var(b, st->vtx[0]);
   nir_if *nif = nir_push_if(b, nir_ult(b, vtx, nir_imm_int(
                                                  b, info->vertices_out)));
   {
      nir_def *vertex = emitted_vertex(b, st, 0, vtx);
      /* an index out of bounds is undefined: kept inside the array */
      nir_def *i = nir_umin(b, nir_u2u32(b, d->arr_index.ssa),
                            nir_imm_int(b, (int)var->type->length - 1));
      nir_def *word = nir_iadd(
         b, nir_imul(b, vertex, nir_imm_int(b, 4 * info->nr_outputs)),
         nir_imul(b,
                  nir_iadd(b, i, nir_imm_int(b, st->first_row[k])),
                  nir_imm_int(b, 4)));
      /* each run of written components in one store (a whole vector
       * is one device_store, not four) */
      for (unsigned c = 0; c < value->num_components;) {
         unsigned end = c;
         while (end < value->num_components && (mask & (1u << end)))
            ++end;
         if (end > c)
            store_buffer(b, AGX_GS_VERTEX_BUFFER,
                         nir_channels(b, value, BITFIELD_RANGE(c, end - c)),
                         nir_iadd(b, word, nir_imm_int(b, (int)c)));
         c = MAX2(end, c + 1);
      }
   }
   nir_pop_if(b, nif);
}

/* Output variables become locals, described in info's rows. */
static void
outputs_to_locals(nir_shader *nir, nir_function_impl *impl,
                  struct gs_state *st)
{
   struct agx_gs_info *info = st->info;
   nir_foreach_variable_in_shader_safe(var, nir)
   {
      if (var->mode != nir_var_shader_out)
         continue;
      if (!is_slot_vectors(var->type) && !is_compact_clip(var)) {
         fail(st, "outputs must be made of 32-bit vectors");
         return;
      }
      unsigned slots = var_slots(var);
      if (var->data.location < 0 ||
          info->nr_outputs + slots > VARYING_SLOT_MAX ||
          st->nr_vars >= VARYING_SLOT_MAX) {
         fail(st, "too many outputs");
         return;
      }
      unsigned first = info->nr_outputs;
      for (unsigned i = 0; i < slots; ++i) {
         unsigned r = info->nr_outputs++;
         info->output_slot[r] = (uint8_t)(var->data.location + (int)i);
         info->output_flat[r] = var->data.flat;
         info->output_linear[r] = var->data.noperspective;
         info->output_components[r] = 4;
      }
      if (!is_compact_clip(var)) {
         unsigned r = first;
         row_components(var->type, info, &r);
      }
      unsigned k = st->nr_vars++;
      st->outputs[k] = var;
      st->first_row[k] = (uint8_t)first;
      st->in_memory[k] = var->type->kind == NIR_VTYPE_ARRAY &&
                         var->type->elem->kind == NIR_VTYPE_VECTOR &&
                         !is_compact_clip(var) &&
                         indexed_at_run_time(impl, var);
      if (st->in_memory[k])
         continue;
      list_del(&var->link);
      var->mode = nir_var_function_temp;
      list_addtail(&var->link, &impl->locals);
      if (is_compact_clip(var) &&
          var->data.location == VARYING_SLOT_CULL_DIST0) {
         /* the array is float[8] whatever size the shader gave it: the
          * elements it never writes start at 0 (inside), so the cull
          * test of the passthrough (agx_nir_gs_passthrough) ignores them */
         nir_builder zb = nir_builder_at(nir_before_impl(impl));
         for (unsigned e = 0; e < var->type->length; ++e)
            nir_store_deref(&zb,
                            nir_build_deref_array_imm(
                               &zb, nir_build_deref_var(&zb, var), e),
                            nir_imm_float(&zb, 0.0f), 1);
      }
   }

   /* Their derefs name the new mode. */
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_deref)
            continue;
         nir_deref_instr *d = nir_instr_as_deref(instr);
         nir_deref_instr *root = d;
         while (root->deref_type != nir_deref_type_var &&
                root->deref_type != nir_deref_type_cast)
            root = nir_deref_instr_parent(root);
         if (root->deref_type == nir_deref_type_var &&
             root->var->mode == nir_var_function_temp)
            d->modes = nir_var_function_temp;
      }
   }
}

/* 1 + the highest vertex stream the shader emits to or ends a primitive
 * of (ARB_gpu_shader5's EmitStreamVertex / EndStreamPrimitive). */
static unsigned
stream_count(nir_function_impl *impl)
{
   unsigned n = 1;
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic == nir_intrinsic_emit_vertex ||
             intr->intrinsic == nir_intrinsic_end_primitive)
            n = MAX2(n, nir_intrinsic_stream_id(intr) + 1);
      }
   }
   return n;
}

static unsigned
input_slots(nir_shader *nir, struct gs_state *st)
{
   unsigned end = 0;
   nir_foreach_variable_with_modes(var, nir, nir_var_shader_in)
   {
      /* per-vertex arrays: the slots of one element */
      const nir_vtype *t =
         var->type->kind == NIR_VTYPE_ARRAY ? var->type->elem : var->type;
      unsigned n = nir_vtype_count_slots(t);
      if (var->data.location == VARYING_SLOT_CLIP_DIST0 &&
          t->kind == NIR_VTYPE_ARRAY && t->elem->kind == NIR_VTYPE_VECTOR &&
          t->elem->components == 1) {
         st->clip_in_compact = true;
         n = 2;
      }
      end = MAX2(end, (unsigned)MAX2(var->data.location, 0) + n);
   }
   return MIN2(end, VARYING_SLOT_MAX);
}

bool
agx_nir_lower_gs(nir_shader *nir, bool pos_z_halved,
                 struct agx_gs_info *info, char *error, size_t error_size)
{
   memset(info, 0, sizeof(*info));
   if (nir->info.stage != MESA_SHADER_GEOMETRY)
      return false;
   struct gs_state st = {.info = info,
                         .error = error,
                         .error_size = error_size,
                         .pos_z_halved = pos_z_halved};
   nir->options = &agx_nir_options;

   info->input_primitive = nir->info.gs.input_primitive;
   info->output_primitive = nir->info.gs.output_primitive;
   info->vertices_in = MAX2(nir->info.gs.vertices_in, 1);
   info->invocations = MAX2(nir->info.gs.invocations, 1);
   info->vertices_out = MIN2(nir->info.gs.vertices_out, AGX_GS_MAX_VERTICES);
   info->input_slots = (uint8_t)MAX2(input_slots(nir, &st), 1);

   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   unsigned streams = stream_count(impl);
   if (streams > AGX_GS_MAX_STREAMS) {
      fail(&st, "vertex stream beyond GL_MAX_VERTEX_STREAMS");
      return false;
   }
   info->nr_streams = (uint8_t)streams;
   outputs_to_locals(nir, impl, &st);
   if (st.failed)
      return false;
   for (unsigned k = 0; k < st.nr_vars && streams > 1; ++k) {
      /* such writes go to the vertex being made, which is known only
       * with one stream */
      if (st.in_memory[k]) {
         fail(&st, "run-time indexed outputs with several vertex streams");
         return false;
      }
   }

   nir_foreach_variable_with_modes(var, nir, nir_var_shader_in)
      var->data.driver_location = (unsigned)MAX2(var->data.location, 0);
   nir_lower_system_values(nir);
   nir_lower_io(nir, nir_var_shader_in, NULL);
   /* constant slot offsets as constants (the input-slot count below) */
   nir_opt_constant_folding(nir);

   /* What every invocation knows first: its primitive, invocation,
    * instance, and its number g in the draw. */
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_def *point =
      nir_load_system_value(&b, nir_intrinsic_load_vertex_id_zero_base, 32);
   st.instance = nir_load_system_value(&b, nir_intrinsic_load_instance_id, 32);
   if (info->invocations > 1) {
      nir_def *n = nir_imm_int(&b, info->invocations);
      st.prim = nir_udiv(&b, point, n);
      st.invocation = nir_umod(&b, point, n);
   } else {
      st.prim = point;
      st.invocation = nir_imm_int(&b, 0);
   }
   st.gsi = nir_iadd(&b, point,
                     nir_imul(&b, st.instance,
                              sysval(&b, AGX_SYSVAL_GS_INVOCATIONS)));
   const nir_vtype *uint_t = nir_vtype_scalar(nir, nir_type_uint32);
   for (unsigned s = 0; s < streams; ++s) {
      st.vtx[s] = nir_local_variable_create(impl, uint_t, "gs_vertices");
      st.idx[s] = nir_local_variable_create(impl, uint_t, "gs_indices");
      st.strip[s] = nir_local_variable_create(impl, uint_t, "gs_strip");
      nir_store_var(&b, st.vtx[s], nir_imm_int(&b, 0), 1);
      nir_store_var(&b, st.idx[s], nir_imm_int(&b, 0), 1);
      nir_store_var(&b, st.strip[s], nir_imm_int(&b, 0), 1);
   }

   /* The intrinsics to rewrite, gathered first: emits add control flow. */
   struct util_dynarray todo;
   util_dynarray_init(&todo, NULL);
   nir_foreach_block(block, impl)
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         switch (intr->intrinsic) {
         case nir_intrinsic_emit_vertex:
         case nir_intrinsic_end_primitive:
         case nir_intrinsic_load_per_vertex_input:
         case nir_intrinsic_load_primitive_id:
         case nir_intrinsic_load_invocation_id:
            util_dynarray_append(&todo, nir_intrinsic_instr *, intr);
            break;
         case nir_intrinsic_store_deref:
         case nir_intrinsic_load_deref: {
            nir_variable *var = deref_root(nir_src_as_deref(intr->src[0]));
            if (var && var->mode == nir_var_shader_out)
               util_dynarray_append(&todo, nir_intrinsic_instr *, intr);
            break;
         }
         default:
            break;
         }
      }
   }
   /* Reads past what the variables' types say (an unsized array) still
    * get their slots. */
   util_dynarray_foreach(&todo, nir_intrinsic_instr *, p)
   {
      nir_intrinsic_instr *intr = *p;
      nir_src *off = &intr->src[1];
      if (intr->intrinsic != nir_intrinsic_load_per_vertex_input ||
          nir_def_instr(off->ssa)->type != nir_instr_type_load_const)
         continue;
      uint32_t end =
         (uint32_t)nir_intrinsic_base(intr) + 1 +
         (uint32_t)nir_const_value_as_uint(
            nir_instr_as_load_const(nir_def_instr(off->ssa))->value[0], 32);
      if (end <= VARYING_SLOT_MAX && end > info->input_slots)
         info->input_slots = (uint8_t)end;
   }
   util_dynarray_foreach(&todo, nir_intrinsic_instr *, p)
   {
      nir_intrinsic_instr *intr = *p;
      b.cursor = nir_before_instr(&intr->instr);
      nir_def *repl = NULL;
      switch (intr->intrinsic) {
      case nir_intrinsic_emit_vertex:
         lower_emit(&b, &st, nir_intrinsic_stream_id(intr));
         break;
      case nir_intrinsic_end_primitive:
         lower_end_primitive(&b, &st, nir_intrinsic_stream_id(intr));
         break;
      case nir_intrinsic_load_per_vertex_input:
         repl = lower_input(&b, &st, intr);
         break;
      case nir_intrinsic_load_primitive_id:
         repl = st.prim;
         break;
      case nir_intrinsic_load_invocation_id:
         repl = st.invocation;
         break;
      case nir_intrinsic_load_deref:
         fail(&st, "reads of run-time indexed outputs");
         repl = nir_undef(&b, intr->def.num_components, intr->def.bit_size);
         break;
      case nir_intrinsic_store_deref: {
         nir_variable *var = deref_root(nir_src_as_deref(intr->src[0]));
         for (unsigned k = 0; k < st.nr_vars; ++k) {
            if (st.outputs[k] == var)
               lower_memory_store(&b, &st, intr, k);
         }
         break;
      }
      default:
         break;
      }
      if (repl)
         nir_def_rewrite_uses(&intr->def, repl);
      nir_instr_remove(&intr->instr);
   }
   util_dynarray_fini(&todo);
   /* The emits added control flow: block indices and dominance are
    * stale (a later nir_lower_vars_to_ssa placing phis needs them). */
   nir_metadata_preserve(impl, nir_metadata_none);

   /* The inputs are loads from memory now. */
   nir_foreach_variable_in_shader_safe(var, nir)
   {
      if (var->mode == nir_var_shader_in || var->mode == nir_var_shader_out)
         list_del(&var->link);
   }

   /* (the derefs of the outputs written to memory go with their
    * variables) */
   nir_opt_dce(nir);
   nir->info.stage = MESA_SHADER_VERTEX;
   return !st.failed;
}

nir_shader *
agx_nir_gs_passthrough(void *mem_ctx, const struct agx_gs_info *info)
{
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, &agx_nir_options, "gs_passthrough", mem_ctx);
   nir_def *v = nir_load_system_value(&b, nir_intrinsic_load_vertex_id, 32);
   /* The restart index reads row 0: whether restart entries are shaded
    * is not documented (the simulator shades them), so no read may
    * depend on it. */
   v = nir_bcsel(&b, nir_ieq(&b, v, nir_imm_int(&b, (int)AGX_GS_RESTART)),
                 nir_imm_int(&b, 0), v);
   nir_def *base =
      nir_imul(&b, v, nir_imm_int(&b, 16 * info->nr_outputs));
   for (unsigned r = 0; r < info->nr_outputs; ++r) {
      unsigned slot = info->output_slot[r];
      unsigned n = slot == VARYING_SLOT_PSIZ ? 1
                   : slot == VARYING_SLOT_POS ? 4
                                              : info->output_components[r];
      n = CLAMP(n, 1, 4);
      /* (integer outputs keep their type: gl_Layer, gl_PrimitiveID) */
      nir_variable *var = nir_variable_create(
         b.shader, nir_var_shader_out,
         nir_vtype_vector(b.shader,
                          info->output_int[r] ? nir_type_int32
                                              : nir_type_float32,
                          n),
         "gs_out");
      var->data.location = (int)slot;
      var->data.flat = info->output_flat[r];
      var->data.noperspective = info->output_linear[r];
      nir_def *val = load_block(
         &b, AGX_GS_OUTPUT_BLOCK,
         nir_iadd(&b, base, nir_imm_int(&b, 16 * (int)r)), n);
      nir_store_var(&b, var, val, (1u << n) - 1);
      if (n == 4 && (slot == VARYING_SLOT_CULL_DIST0 ||
                     slot == VARYING_SLOT_CULL_DIST1)) {
         /* the inside flags of the cull test, as a vertex shader's
          * (agx_nir_lower_clip_distance.c) */
         nir_variable *flags = nir_variable_create(
            b.shader, nir_var_shader_out,
            nir_vtype_vector(b.shader, nir_type_float32, 4), "cull_flags");
         flags->data.location = (int)(VARYING_SLOT_CULL_PRIMITIVE0 + slot -
                                      VARYING_SLOT_CULL_DIST0);
         flags->data.noperspective = true;
         nir_store_var(&b, flags,
                       nir_b2f32(&b, nir_fge(&b, val, nir_imm_vec4(&b, 0, 0,
                                                                  0, 0))),
                       0xf);
      }
   }
   return b.shader;
}

nir_shader *
agx_nir_primitive_id_gs(uint64_t slots, uint64_t flat, uint64_t linear,
                        unsigned input_primitive, unsigned quad_provoking)
{
   /* The vertices each primitive emits; ~0: end the strip.  Quads are
    * two triangles sharing GL's provoking vertex of the quad (GL 3.2
    * compatibility, table 2.12), quad vertex quad_provoking, in the place
    * the hardware takes it from: first (0) or last (2, 3). */
   static const unsigned point[] = {0}, line[] = {0, 1},
                         tri[] = {0, 1, 2}, quad[] = {0, 1, 3, ~0u, 1, 2, 3},
                         quad_first[] = {0, 1, 2, ~0u, 0, 2, 3},
                         quad_2[] = {0, 1, 2, ~0u, 3, 0, 2};
   const unsigned *order;
   unsigned n, vin, out;
   switch (input_primitive) {
   case MESA_PRIM_POINTS:
      order = point, n = 1, vin = 1, out = MESA_PRIM_POINTS;
      break;
   case MESA_PRIM_LINES:
      order = line, n = 2, vin = 2, out = MESA_PRIM_LINE_STRIP;
      break;
   case MESA_PRIM_TRIANGLES:
   case MESA_PRIM_POLYGON:
      /* a polygon comes as the triangles of its fan (agx_gs.c) */
      order = tri, n = 3, vin = 3, out = MESA_PRIM_TRIANGLE_STRIP;
      break;
   case MESA_PRIM_QUADS:
      order = quad_provoking == 0   ? quad_first
              : quad_provoking == 2 ? quad_2
                                    : quad;
      n = 7, vin = 4;
      out = MESA_PRIM_TRIANGLE_STRIP;
      break;
   default:
      return NULL;
   }

   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_GEOMETRY, &agx_nir_options, "primitive_id_gs", NULL);
   nir_shader *s = b.shader;
   bool polygon = input_primitive == MESA_PRIM_POLYGON;
   s->info.gs.input_primitive =
      (uint8_t)(polygon ? MESA_PRIM_TRIANGLES : input_primitive);
   s->info.gs.output_primitive = (uint8_t)out;
   s->info.gs.vertices_in = (uint8_t)vin;
   s->info.gs.vertices_out = (uint16_t)(input_primitive == MESA_PRIM_QUADS
                                           ? 6 : vin);
   s->info.gs.invocations = 1;
   s->info.gs.uses_end_primitive = input_primitive == MESA_PRIM_QUADS;

   const nir_vtype *vec4 = nir_vtype_vector(s, nir_type_float32, 4);
   const nir_vtype *ins = nir_vtype_array(s, vec4, vin);
   nir_variable *in[VARYING_SLOT_MAX] = {0}, *outv[VARYING_SLOT_MAX] = {0};
   for (unsigned slot = 0; slot < 64 && slot < VARYING_SLOT_MAX; ++slot) {
      if (!(slots & (1ull << slot)) || slot == VARYING_SLOT_PRIMITIVE_ID)
         continue;
      in[slot] = nir_variable_create(s, nir_var_shader_in, ins, "in");
      in[slot]->data.location = (int)slot;
      outv[slot] = nir_variable_create(s, nir_var_shader_out, vec4, "out");
      outv[slot]->data.location = (int)slot;
      outv[slot]->data.flat = (flat >> slot) & 1;
      outv[slot]->data.noperspective = (linear >> slot) & 1;
   }
   nir_variable *id = nir_variable_create(
      s, nir_var_shader_out, nir_vtype_scalar(s, nir_type_int32),
      "gl_PrimitiveID");
   id->data.location = VARYING_SLOT_PRIMITIVE_ID;
   id->data.flat = true;

   /* A polygon is one primitive (GL 3.2 compatibility section 2.6.1),
    * whatever number of triangles it is drawn as: the first of the draw,
    * 0 (GLSL 1.50 section 7.1: primitives counted from the draw's start). */
   nir_def *prim =
      polygon ? nir_imm_int(&b, 0)
              : nir_load_system_value(&b, nir_intrinsic_load_primitive_id, 32);
   for (unsigned i = 0; i < n; ++i) {
      if (order[i] == ~0u) {
         nir_build_intrinsic(&b, nir_intrinsic_end_primitive, 0, 0, NULL,
                             NIR_INTRINSIC_STREAM_ID, 0,
                             NIR_INTRINSIC_NUM_INDEX_FLAGS);
         continue;
      }
      for (unsigned slot = 0; slot < VARYING_SLOT_MAX; ++slot) {
         if (!in[slot])
            continue;
         nir_def *v = nir_load_deref(
            &b, nir_build_deref_array_imm(
                   &b, nir_build_deref_var(&b, in[slot]), order[i]));
         nir_store_var(&b, outv[slot], v, 0xf);
      }
      nir_store_var(&b, id, prim, 1);
      nir_build_intrinsic(&b, nir_intrinsic_emit_vertex, 0, 0, NULL,
                          NIR_INTRINSIC_STREAM_ID, 0,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
   }
   return s;
}
