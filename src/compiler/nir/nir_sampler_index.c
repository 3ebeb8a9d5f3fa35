/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The flat sampler index a texture or sampler deref names.  The GLSL
 * linker numbers the samplers of a uniform one after the other, depth
 * first through structure members and array elements
 * (glsl_link_uniforms.c), and gives the variable the number of its first
 * sampler (data.binding).  So an element's index is the binding plus, at
 * each level of the chain, the sampler slots of what comes before it:
 * the earlier members of a structure, or index * slots-per-element of an
 * array.  The GLSL linker folds the constant chains with this; a backend
 * resolves the rest once it has unrolled and folded (e.g.
 * agx_nir_lower_tex_deref.c).
 */
#include "nir.h"

unsigned
nir_vtype_sampler_slots(const nir_vtype *t)
{
   switch (t->kind) {
   case NIR_VTYPE_SAMPLER:
      return 1;
   case NIR_VTYPE_ARRAY:
      return t->length * nir_vtype_sampler_slots(t->elem);
   case NIR_VTYPE_STRUCT: {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += nir_vtype_sampler_slots(t->fields[i].type);
      return n;
   }
   default:
      return 0;
   }
}

bool
nir_resolve_sampler_deref(const nir_deref_instr *d, nir_sampler_index *out)
{
   *out = (nir_sampler_index){0};
   for (const nir_deref_instr *p = d; p; p = nir_deref_instr_parent(p)) {
      if (p->deref_type == nir_deref_type_var) {
         out->base += (unsigned)p->var->data.binding;
         return true;
      }
      const nir_deref_instr *parent = nir_deref_instr_parent(p);
      if (!parent)
         return false;
      if (p->deref_type == nir_deref_type_struct) {
         for (unsigned i = 0; i < p->field_index; i++)
            out->base += nir_vtype_sampler_slots(parent->type->fields[i].type);
         continue;
      }
      if (p->deref_type != nir_deref_type_array)
         return false;
      unsigned stride = nir_vtype_sampler_slots(p->type);
      const nir_instr *ii = p->arr_index.ssa->parent_instr;
      if (ii->type == nir_instr_type_load_const) {
         out->base += stride * nir_instr_as_load_const(ii)->value[0].u32;
      } else {
         if (out->dynamic)
            return false; /* two levels indexed at run time */
         out->dynamic = p->arr_index.ssa;
         out->stride = stride;
         out->length = parent->type->length;
      }
   }
   return false;
}
