/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * I/O variables to explicit intrinsics.  Loads of shader inputs become
 * load_input, stores to outputs store_output, loads of uniforms
 * load_uniform, each with base = the variable's driver_location, an offset
 * source in the driver's units (type_size: vec4 slots unless the driver
 * says otherwise) computed from the deref chain, and the first component.
 * Constant parts of the offset fold away later.  A vector component picked
 * with a non-constant index is loaded whole and extracted; such stores are
 * left as derefs.
 *
 * interpolateAt*'s interp_deref_at of a fragment input becomes
 * load_input_at the same way, its position source kept.
 *
 * Geometry-shader inputs are arrays with one element per vertex of the
 * input primitive: their outermost index becomes the vertex source of
 * load_per_vertex_input and the rest of the chain the slot offset.
 */
#include "nir_builder.h"
#include "nir_passes.h"

static unsigned
default_type_size(const nir_vtype *t)
{
   return nir_vtype_count_slots(t);
}

void
nir_assign_io_var_locations(nir_shader *shader, nir_variable_mode mode,
                            unsigned *size, nir_type_size_fn type_size)
{
   if (!type_size)
      type_size = default_type_size;
   unsigned loc = 0;
   nir_foreach_variable_with_modes(var, shader, mode) {
      var->data.driver_location = loc;
      loc += type_size(var->type);
   }
   *size = loc;
}

/* Offset (in type_size units) and component of a deref chain; NULL offset
 * when the chain is not an I/O access we understand.  With `vertex`, the
 * index applied to the variable itself is the vertex (per-vertex inputs)
 * and is not part of the offset. */
static nir_def *
chain_offset(nir_builder *b, nir_deref_instr *d, nir_type_size_fn type_size,
             nir_def **component, nir_variable **var, nir_def **vertex)
{
   if (d->deref_type == nir_deref_type_var) {
      *var = d->var;
      return nir_imm_int(b, 0);
   }
   if (d->deref_type == nir_deref_type_cast)
      return NULL;
   nir_deref_instr *parent = nir_deref_instr_parent(d);
   nir_def *base = chain_offset(b, parent, type_size, component, var,
                               vertex);
   if (!base)
      return NULL;
   const nir_vtype *pt = parent->type;
   if (vertex && parent->deref_type == nir_deref_type_var) {
      if (d->deref_type != nir_deref_type_array ||
          pt->kind == NIR_VTYPE_VECTOR)
         return NULL;
      *vertex = d->arr_index.ssa->bit_size == 32
                   ? d->arr_index.ssa : nir_u2u32(b, d->arr_index.ssa);
      return base;
   }
   if (d->deref_type == nir_deref_type_struct) {
      unsigned off = 0;
      for (unsigned i = 0; i < d->field_index; i++)
         off += type_size(pt->fields[i].type);
      return nir_iadd(b, base, nir_imm_int(b, (int)off));
   }
   if (pt->kind == NIR_VTYPE_VECTOR) {
      *component = d->arr_index.ssa;
      return base;
   }
   nir_def *idx = d->arr_index.ssa;
   if (idx->bit_size != 32)
      idx = nir_u2u32(b, idx);
   return nir_iadd(b, base,
                   nir_imul(b, idx, nir_imm_int(b, (int)type_size(pt->elem))));
}

static bool
lower_access(nir_builder *b, nir_intrinsic_instr *intr, nir_variable_mode modes,
             nir_type_size_fn type_size)
{
   bool interp = intr->intrinsic == nir_intrinsic_interp_deref_at;
   bool is_load = interp || intr->intrinsic == nir_intrinsic_load_deref;
   if (!is_load && intr->intrinsic != nir_intrinsic_store_deref)
      return false;
   nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
   if (!(d->modes & modes) || d->type->kind != NIR_VTYPE_VECTOR)
      return false;
   nir_variable_mode mode = d->modes;
   if (interp && (mode != nir_var_shader_in ||
                  b->shader->info.stage != MESA_SHADER_FRAGMENT))
      return false;
   if (mode == nir_var_shader_out && is_load)
      return false; /* reading outputs back: not supported here */
   if (mode == nir_var_shader_in && !is_load)
      return false;
   if (mode == nir_var_uniform && !is_load)
      return false;

   b->cursor = nir_before_instr(&intr->instr);
   nir_def *comp = NULL, *vertex = NULL;
   nir_variable *var = NULL;
   bool per_vertex = mode == nir_var_shader_in &&
                     b->shader->info.stage == MESA_SHADER_GEOMETRY;
   nir_def *offset = chain_offset(b, d, type_size, &comp, &var,
                                  per_vertex ? &vertex : NULL);
   if (!offset || !var || (per_vertex && !vertex))
      return false;
   unsigned const_comp = 0;
   bool dynamic_comp = false;
   if (comp) {
      if (nir_def_instr(comp)->type == nir_instr_type_load_const)
         const_comp = (unsigned)nir_const_value_as_uint(
            nir_instr_as_load_const(nir_def_instr(comp))->value[0],
            comp->bit_size);
      else
         dynamic_comp = true;
   }
   if (dynamic_comp && !is_load)
      return false;

   nir_alu_type type = d->type->base;
   if (is_load) {
      nir_def *v;
      unsigned nc = dynamic_comp ? nir_deref_instr_parent(d)->type->components
                                 : intr->def.num_components;
      if (interp) {
         nir_def *srcs[2] = { offset, intr->src[1].ssa };
         v = &nir_build_intrinsic(
                b, nir_intrinsic_load_input_at, nc, intr->def.bit_size, srcs,
                NIR_INTRINSIC_BASE, (int)var->data.driver_location,
                NIR_INTRINSIC_COMPONENT,
                (int)(var->data.component + (dynamic_comp ? 0 : const_comp)),
                NIR_INTRINSIC_LOCATION, var->data.location,
                NIR_INTRINSIC_DEST_TYPE, (int)type,
                NIR_INTRINSIC_INTERP_AT, (int)nir_intrinsic_interp_at(intr),
                NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
      } else if (mode == nir_var_shader_in) {
         nir_def *srcs[2] = { offset };
         if (per_vertex) {
            srcs[0] = vertex;
            srcs[1] = offset;
         }
         v = &nir_build_intrinsic(
                b, per_vertex ? nir_intrinsic_load_per_vertex_input
                              : nir_intrinsic_load_input,
                nc, intr->def.bit_size, srcs,
                NIR_INTRINSIC_BASE, (int)var->data.driver_location,
                NIR_INTRINSIC_COMPONENT,
                (int)(var->data.component + (dynamic_comp ? 0 : const_comp)),
                NIR_INTRINSIC_LOCATION, var->data.location,
                NIR_INTRINSIC_DEST_TYPE, (int)type,
                NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
      } else {
         /* Uniform components are addressed within the slot. */
         nir_def *srcs[1] = { offset };
         v = &nir_build_intrinsic(
                b, nir_intrinsic_load_uniform,
                dynamic_comp ? nc : nc + const_comp, intr->def.bit_size, srcs,
                NIR_INTRINSIC_BASE, (int)var->data.driver_location,
                NIR_INTRINSIC_RANGE, 0, NIR_INTRINSIC_DEST_TYPE, (int)type,
                NIR_INTRINSIC_NUM_INDEX_FLAGS)->def;
         if (!dynamic_comp && const_comp) {
            unsigned swz[NIR_MAX_VEC_COMPONENTS];
            for (unsigned c = 0; c < nc; c++)
               swz[c] = const_comp + c;
            v = nir_swizzle(b, v, swz, nc);
         }
      }
      if (dynamic_comp)
         v = nir_vector_extract(b, v, comp);
      nir_def_rewrite_uses(&intr->def, v);
   } else {
      nir_def *srcs[2] = { intr->src[1].ssa, offset };
      nir_build_intrinsic(
         b, nir_intrinsic_store_output, intr->src[1].ssa->num_components, 0,
         srcs, NIR_INTRINSIC_BASE, (int)var->data.driver_location,
         NIR_INTRINSIC_WRITE_MASK, (int)nir_intrinsic_write_mask(intr),
         NIR_INTRINSIC_COMPONENT, (int)(var->data.component + const_comp),
         NIR_INTRINSIC_LOCATION, var->data.location,
         NIR_INTRINSIC_SRC_TYPE, (int)type, NIR_INTRINSIC_NUM_INDEX_FLAGS);
   }
   nir_instr_remove(&intr->instr);
   return true;
}

typedef struct {
   nir_variable_mode modes;
   nir_type_size_fn type_size;
} io_state;

static bool
lower_io_cb(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   const io_state *st = data;
   return lower_access(b, intr, st->modes, st->type_size);
}

bool
nir_lower_io(nir_shader *shader, nir_variable_mode modes,
             nir_type_size_fn type_size)
{
   io_state st = {
      .modes = modes,
      .type_size = type_size ? type_size : default_type_size,
   };
   return nir_shader_intrinsics_pass(shader, lower_io_cb,
                                     nir_metadata_block_index |
                                        nir_metadata_dominance,
                                     &st);
}
