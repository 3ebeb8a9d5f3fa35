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
 * agx_nir_lower_tex_deref.c).  Images are numbered the same way among
 * the images (image units, agx_nir_lower_image.c).
 */
#include "nir.h"

/* Slots of opaque kind `kind` (NIR_VTYPE_SAMPLER or NIR_VTYPE_IMAGE) a
 * value of type t takes: images are numbered among images as samplers
 * among samplers. */
static unsigned
opaque_slots(const nir_vtype *t, nir_vtype_kind kind)
{
   switch (t->kind) {
   case NIR_VTYPE_ARRAY:
      return t->length * opaque_slots(t->elem, kind);
   case NIR_VTYPE_STRUCT: {
      unsigned n = 0;
      for (unsigned i = 0; i < t->num_fields; i++)
         n += opaque_slots(t->fields[i].type, kind);
      return n;
   }
   default:
      return t->kind == kind;
   }
}

unsigned
nir_vtype_sampler_slots(const nir_vtype *t)
{
   return opaque_slots(t, NIR_VTYPE_SAMPLER);
}

bool
nir_resolve_sampler_deref(const nir_deref_instr *d, nir_sampler_index *out)
{
   *out = (nir_sampler_index){0};
   /* The opaque kind the chain ends in: a sampler, or an image. */
   const nir_vtype *leaf = d->type;
   while (leaf && leaf->kind == NIR_VTYPE_ARRAY)
      leaf = leaf->elem;
   nir_vtype_kind kind =
      leaf && leaf->kind == NIR_VTYPE_IMAGE ? NIR_VTYPE_IMAGE
                                            : NIR_VTYPE_SAMPLER;
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
            out->base += opaque_slots(parent->type->fields[i].type, kind);
         continue;
      }
      if (p->deref_type != nir_deref_type_array)
         return false;
      unsigned stride = opaque_slots(p->type, kind);
      const nir_instr *ii = nir_def_instr(p->arr_index.ssa);
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
