/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR: the image functions (GLSL 4.60 8.12, ARB_shader_image_load_
 * store, ARB_shader_image_size, ARB_shader_texture_image_samples).
 * imageLoad, imageStore, imageSize, imageSamples and imageAtomic* become
 * image_deref_load / _store / _size / _samples / _atomic / _atomic_swap
 * on the image's deref, with the image's dimension and
 * arrayness as indices.  The coordinate is padded to a vec4 of ints (the
 * layer of arrays and cube faces after the position), the sample index is
 * 0 (no multisample images yet) and the level 0.  Memory qualifiers are
 * not passed on: every access is treated as coherent.
 */
#include <string.h>

#include "glsl_to_nir_priv.h"

/* imageAtomic<Op>: the NIR operation for int and for uint images. */
static const struct {
   const char *name;
   nir_atomic_op sop, uop;
} image_atomics[] = {
   { "imageAtomicAdd", nir_atomic_op_iadd, nir_atomic_op_iadd },
   { "imageAtomicMin", nir_atomic_op_imin, nir_atomic_op_umin },
   { "imageAtomicMax", nir_atomic_op_imax, nir_atomic_op_umax },
   { "imageAtomicAnd", nir_atomic_op_iand, nir_atomic_op_iand },
   { "imageAtomicOr", nir_atomic_op_ior, nir_atomic_op_ior },
   { "imageAtomicXor", nir_atomic_op_ixor, nir_atomic_op_ixor },
   { "imageAtomicExchange", nir_atomic_op_xchg, nir_atomic_op_xchg },
   { "imageAtomicCompSwap", nir_atomic_op_cmpxchg, nir_atomic_op_cmpxchg },
};

/* The coordinate argument as a vec4 of ints (unused components 0). */
static nir_def *
coord_vec4(nir_builder *b, nir_def *coord)
{
   nir_def *comps[4];
   nir_def *zero = nir_imm_int(b, 0);
   for (unsigned i = 0; i < 4; i++)
      comps[i] = i < coord->num_components ? nir_channel(b, coord, i) : zero;
   return nir_vec(b, comps, 4);
}

struct g2n_val
g2n_image_call(struct g2n *c, const char *name, struct g2n_val *args,
               unsigned nargs, const struct glsl_type *rt)
{
   nir_builder *b = &c->b;
   struct g2n_val none = { .type = rt };
   if (!nargs || !args[0].deref ||
       glsl_without_array(args[0].type)->base_type != GLSL_TYPE_IMAGE) {
      g2n_fail(c, NULL, "'%s' needs an image", name);
      return none;
   }
   const struct glsl_type *it = args[0].type;
   nir_sampler_dim dim = g2n_sampler_dim(it);
   int arr = it->sampler_array ? 1 : 0;
   nir_def *image = &args[0].deref->def;
   nir_def *zero = nir_imm_int(b, 0);

   if (!strcmp(name, "imageSize")) {
      nir_def *srcs[2] = { image, zero };
      nir_intrinsic_instr *in = nir_build_intrinsic(
         b, nir_intrinsic_image_deref_size, rt->vector_elements, 32, srcs,
         NIR_INTRINSIC_IMAGE_DIM, (int)dim, NIR_INTRINSIC_IMAGE_ARRAY, arr,
         NIR_INTRINSIC_NUM_INDEX_FLAGS);
      return g2n_basic(rt, &in->def);
   }
   if (!strcmp(name, "imageSamples")) {
      nir_def *srcs[1] = { image };
      nir_intrinsic_instr *in = nir_build_intrinsic(
         b, nir_intrinsic_image_deref_samples, 1, 32, srcs,
         NIR_INTRINSIC_IMAGE_DIM, (int)dim, NIR_INTRINSIC_IMAGE_ARRAY, arr,
         NIR_INTRINSIC_NUM_INDEX_FLAGS);
      return g2n_basic(rt, &in->def);
   }
   if (nargs < 2 || !args[1].col[0]) {
      g2n_fail(c, NULL, "'%s' without a coordinate", name);
      return none;
   }
   nir_def *coord = coord_vec4(b, args[1].col[0]);
   /* Multisample images take the sample number after the coordinate
    * (GLSL 4.20 section 8.12); it is the intrinsics' third source, and
    * the data arguments come one later. */
   unsigned ms = dim == NIR_SAMPLER_DIM_MS ? 1 : 0;
   if (ms && (nargs < 3 || !args[2].col[0])) {
      g2n_fail(c, NULL, "'%s' without a sample", name);
      return none;
   }
   nir_def *sample = ms ? args[2].col[0] : zero;
   args += ms;
   nargs -= ms;

   if (!strcmp(name, "imageLoad")) {
      nir_def *srcs[4] = { image, coord, sample, zero };
      nir_intrinsic_instr *in = nir_build_intrinsic(
         b, nir_intrinsic_image_deref_load, 4, 32, srcs,
         NIR_INTRINSIC_IMAGE_DIM, (int)dim, NIR_INTRINSIC_IMAGE_ARRAY, arr,
         NIR_INTRINSIC_NUM_INDEX_FLAGS);
      return g2n_basic(rt, &in->def);
   }
   if (!strcmp(name, "imageStore")) {
      if (nargs < 3 || !args[2].col[0]) {
         g2n_fail(c, NULL, "imageStore without data");
         return none;
      }
      nir_def *srcs[5] = { image, coord, sample, args[2].col[0], zero };
      nir_build_intrinsic(b, nir_intrinsic_image_deref_store, 4, 32, srcs,
                          NIR_INTRINSIC_IMAGE_DIM, (int)dim,
                          NIR_INTRINSIC_IMAGE_ARRAY, arr,
                          NIR_INTRINSIC_NUM_INDEX_FLAGS);
      return none;
   }
   for (unsigned i = 0; i < ARRAY_SIZE(image_atomics); i++) {
      if (strcmp(name, image_atomics[i].name))
         continue;
      bool swap = image_atomics[i].sop == nir_atomic_op_cmpxchg;
      if (nargs < (swap ? 4u : 3u) || !args[2].col[0] ||
          (swap && !args[3].col[0])) {
         g2n_fail(c, NULL, "too few arguments to %s", name);
         return none;
      }
      nir_atomic_op op = it->sampled_type == GLSL_TYPE_UINT
                            ? image_atomics[i].uop
                            : image_atomics[i].sop;
      nir_def *srcs[5] = { image, coord, sample, args[2].col[0],
                           swap ? args[3].col[0] : NULL };
      nir_intrinsic_instr *in = nir_build_intrinsic(
         b, swap ? nir_intrinsic_image_deref_atomic_swap
                 : nir_intrinsic_image_deref_atomic,
         1, 32, srcs, NIR_INTRINSIC_IMAGE_DIM, (int)dim,
         NIR_INTRINSIC_IMAGE_ARRAY, arr, NIR_INTRINSIC_ATOMIC_OP, (int)op,
         NIR_INTRINSIC_NUM_INDEX_FLAGS);
      return g2n_basic(rt, &in->def);
   }
   g2n_fail(c, NULL, "'%s' is not translated yet", name);
   return none;
}
