/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shader outputs through temporaries: every output variable (vectors,
 * matrices, arrays and structs of them) gets a function-local twin that
 * all accesses use, and the twin is copied to the output, vector by vector
 * with constant indices, at the end of the entry point and before each
 * return.  The backend then sees one store per output vector per way out,
 * even when the source wrote outputs inside branches or loops, read them
 * back, or indexed an output array with a value known only at run time
 * (gl_TexCoord[i], varying arrays): such accesses now address a local
 * array, which nir_lower_indirect_locals turns into constant-index
 * accesses.  Mesa solves the same problem with nir_lower_io_to_temporaries.
 */

#include "nir_builder.h"
#include "nir_passes.h"
#include "agx_nir.h"

struct retarget {
   nir_variable *from, *to;
};

/* Point derefs of `from` (and the derefs built on them) at `to`. */
static bool
retarget_deref(nir_builder *b, nir_instr *instr, void *data)
{
   (void)b;
   const struct retarget *r = data;
   if (instr->type != nir_instr_type_deref)
      return false;
   nir_deref_instr *d = nir_instr_as_deref(instr);
   if (d->deref_type == nir_deref_type_var) {
      if (d->var != r->from)
         return false;
      d->var = r->to;
      d->modes = nir_var_function_temp;
      return true;
   }
   if (d->deref_type == nir_deref_type_cast)
      return false;
   nir_deref_instr *parent = nir_instr_as_deref(nir_def_instr(d->parent.ssa));
   if (parent->modes != nir_var_function_temp || d->modes != nir_var_shader_out)
      return false;
   d->modes = nir_var_function_temp;
   return true;
}

/* Copy the value at `src` to `dst` (same type), one vector at a time. */
void
agx_nir_copy_by_vectors(nir_builder *b, nir_deref_instr *dst,
                        nir_deref_instr *src)
{
   const nir_vtype *t = dst->type;
   switch (t->kind) {
   case NIR_VTYPE_VECTOR:
      nir_store_deref(b, dst, nir_load_deref(b, src),
                      (1u << t->components) - 1);
      break;
   case NIR_VTYPE_MATRIX:
   case NIR_VTYPE_ARRAY: {
      unsigned n = t->kind == NIR_VTYPE_MATRIX ? t->columns : t->length;
      for (unsigned i = 0; i < n; ++i)
         agx_nir_copy_by_vectors(b, nir_build_deref_array_imm(b, dst, i),
                                 nir_build_deref_array_imm(b, src, i));
      break;
   }
   case NIR_VTYPE_STRUCT:
      for (unsigned i = 0; i < t->num_fields; ++i)
         agx_nir_copy_by_vectors(b, nir_build_deref_struct(b, dst, i),
                                 nir_build_deref_struct(b, src, i));
      break;
   default:
      break;
   }
}

static void
copy_var(nir_builder *b, nir_variable *dst, nir_variable *src)
{
   agx_nir_copy_by_vectors(b, nir_build_deref_var(b, dst),
                           nir_build_deref_var(b, src));
}

/* Whether a type is made of vectors only (no samplers, no unsized
 * arrays), so that it can be copied by agx_nir_copy_by_vectors. */
bool
agx_nir_type_is_copyable(const nir_vtype *t)
{
   switch (t->kind) {
   case NIR_VTYPE_VECTOR:
   case NIR_VTYPE_MATRIX:
      return true;
   case NIR_VTYPE_ARRAY:
      return t->length > 0 && agx_nir_type_is_copyable(t->elem);
   case NIR_VTYPE_STRUCT:
      for (unsigned i = 0; i < t->num_fields; ++i) {
         if (!agx_nir_type_is_copyable(t->fields[i].type))
            return false;
      }
      return t->num_fields > 0;
   default:
      return false;
   }
}

bool
agx_nir_lower_outputs_to_temporaries(nir_shader *nir)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   bool progress = false;

   nir_foreach_variable_with_modes(var, nir, nir_var_shader_out)
   {
      if (!agx_nir_type_is_copyable(var->type))
         continue;

      struct retarget r = {
         var, nir_local_variable_create(impl, var->type, var->name)};
      nir_function_instructions_pass(
         impl, retarget_deref,
         nir_metadata_block_index | nir_metadata_dominance, &r);

      nir_builder b = nir_builder_at(nir_after_impl(impl));
      copy_var(&b, var, r.to);

      /* an early return leaves with the outputs stored so far */
      nir_foreach_block(block, impl)
      {
         nir_instr *last = nir_block_last_instr(block);
         if (last && last->type == nir_instr_type_jump &&
             nir_instr_as_jump(last)->type == nir_jump_return) {
            b.cursor = nir_before_instr(last);
            copy_var(&b, var, r.to);
         }
      }
      progress = true;
   }

   if (progress)
      nir_metadata_preserve(impl,
                            nir_metadata_block_index | nir_metadata_dominance);
   return progress;
}
