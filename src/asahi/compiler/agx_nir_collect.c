/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Lowering of intrinsics whose replacement adds control flow (ifs around
 * an access, chains of ifs over bindings or array elements).  Rewriting
 * while walking the blocks would walk the new blocks too, so the
 * intrinsics of interest are listed first and rewritten afterwards.
 */

#include "util/u_dynarray.h"
#include "agx_nir.h"

bool
agx_nir_lower_collected(nir_shader *nir, agx_nir_intrinsic_filter filter,
                        agx_nir_intrinsic_lower lower, void *data)
{
   bool progress = false;
   nir_foreach_function_impl(impl, nir) {
      struct util_dynarray todo;
      util_dynarray_init(&todo, NULL);
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != nir_instr_type_intrinsic)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (filter(intr, data))
               util_dynarray_append(&todo, nir_intrinsic_instr *, intr);
         }
      }
      nir_builder b = nir_builder_create(impl);
      bool changed = false;
      util_dynarray_foreach(&todo, nir_intrinsic_instr *, it)
         changed |= lower(&b, *it, data);
      if (changed) {
         nir_metadata_preserve(impl, nir_metadata_none);
         progress = true;
      }
      util_dynarray_fini(&todo);
   }
   return progress;
}
