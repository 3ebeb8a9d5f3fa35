/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Transform feedback in the vertex shader.  AGX has no fixed-function
 * stream output, so the vertex shader writes its captured outputs to the
 * buffers itself with device stores (the approach of Mesa's asahi driver;
 * fact: alexvorxx/Mesa-VirGL src/asahi/lib/agx_nir_lower_xfb.c).
 *
 * Vertex v of instance i of a draw of points, lines or separate
 * triangles is captured vertex
 *
 *    n = (v - first) + i * vertices
 *
 * where `vertices` counts the vertices of the whole primitives of one
 * instance
 * (ES 3.0.6 section 2.15.2: vertices are written in order, instance after
 * instance, each primitive whole), and output o goes to
 *
 *    buffer[o.buffer] + 4 * (n * stride_w[o.buffer] + o.offset_w)
 *
 * where buffer[b] already points past what earlier draws wrote
 * (AGX_SYSVAL_XFB_ADDR*).  The driver limits n to the vertices of the
 * whole primitives that fit in every buffer (AGX_SYSVAL_XFB_LIMIT): GL
 * stops writing when a buffer is full, so vertices with n >= limit store
 * nothing.
 *
 * The stores go at the end of the shader, after the outputs are final:
 * agx_nir_lower_outputs_to_temporaries leaves one store_output per slot
 * in the last block, whose values are the ones captured.
 */

#include <string.h>

#include "agx_compile.h"
#include "agx_nir.h"

static nir_def *
sysval(nir_builder *b, unsigned which)
{
   nir_intrinsic_instr *intr =
      nir_build_intrinsic(b, nir_intrinsic_load_sysval_agx, 1, 32, NULL,
                          NIR_INTRINSIC_BASE, (int)which,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
   return &intr->def;
}

bool
agx_nir_lower_xfb(nir_shader *nir, const struct agx_xfb_key *key)
{
   if (nir->info.stage != MESA_SHADER_VERTEX || !key->nr_outputs)
      return false;

   nir_function_impl *impl = nir_shader_get_entrypoint(nir);
   nir_block *last = nir_impl_last_block(impl);

   /* The final value of each component of each slot: a def and which
    * of its channels. */
   struct {
      nir_def *def;
      unsigned c;
   } chan[VARYING_SLOT_MAX][4];
   memset(chan, 0, sizeof(chan));
   nir_foreach_instr(instr, last)
   {
      if (instr->type != nir_instr_type_intrinsic)
         continue;
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (intr->intrinsic != nir_intrinsic_store_output)
         continue;
      nir_src *offset = &intr->src[1];
      if (nir_def_instr(offset->ssa)->type != nir_instr_type_load_const)
         continue;
      nir_load_const_instr *lc =
         nir_instr_as_load_const(nir_def_instr(offset->ssa));
      unsigned slot = (unsigned)nir_intrinsic_base(intr) +
                      (unsigned)nir_const_value_as_uint(lc->value[0], 32);
      unsigned comp = nir_intrinsic_component(intr);
      unsigned mask = nir_intrinsic_write_mask(intr);
      nir_def *v = intr->src[0].ssa;
      if (slot >= VARYING_SLOT_MAX || v->bit_size != 32)
         continue;
      for (unsigned c = 0; c < v->num_components && comp + c < 4; ++c) {
         if (mask & (1u << c)) {
            chan[slot][comp + c].def = v;
            chan[slot][comp + c].c = c;
         }
      }
   }

   nir_builder b = nir_builder_at(nir_after_block_before_jump(last));

   /* A trailing vertex that completes no primitive (v - first >=
    * vertices) is not captured. */
   nir_def *vertices = sysval(&b, AGX_SYSVAL_XFB_VERTICES);
   /* the position in the list the hardware draws (r5 - first; unrolled
    * draws fetch another vertex, see agx_xfb_unroll) */
   nir_def *v = nir_load_system_value(
      &b, nir_intrinsic_load_vertex_id_zero_base, 32);
   nir_def *instance =
      nir_load_system_value(&b, nir_intrinsic_load_instance_id, 32);
   nir_def *n = nir_iadd(&b, v, nir_imul(&b, instance, vertices));
   nir_def *keep =
      nir_iand(&b, nir_ult(&b, v, vertices),
               nir_ult(&b, n, sysval(&b, AGX_SYSVAL_XFB_LIMIT)));
   nir_if *nif = nir_push_if(&b, keep);

   for (unsigned i = 0; i < key->nr_outputs; ++i) {
      const struct agx_xfb_output *o = &key->out[i];
      if (o->slot >= VARYING_SLOT_MAX || o->buffer >= AGX_MAX_XFB_BUFFERS ||
          !o->num_components || o->start_component + o->num_components > 4)
         continue;
      nir_def *comps[4];
      for (unsigned c = 0; c < o->num_components; ++c) {
         unsigned k = o->start_component + c;
         /* Outputs the shader never writes are undefined; write 0. */
         comps[c] = chan[o->slot][k].def
                       ? nir_channel(&b, chan[o->slot][k].def,
                                     chan[o->slot][k].c)
                       : nir_imm_int(&b, 0);
      }
      nir_def *value = nir_vec(&b, comps, o->num_components);
      nir_def *stride = nir_imm_int(&b, key->stride_w[o->buffer]);
      nir_def *word = nir_iadd(&b, nir_imul(&b, n, stride),
                               nir_imm_int(&b, o->offset_w));
      nir_def *srcs[2] = {value, word};
      nir_build_intrinsic(&b, nir_intrinsic_store_xfb_agx, o->num_components,
                          32, srcs, NIR_INTRINSIC_BASE, (int)o->buffer,
                          NIR_INTRINSIC_WRITE_MASK,
                          (int)((1u << o->num_components) - 1),
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
   }

   nir_pop_if(&b, nif);
   return true;
}
