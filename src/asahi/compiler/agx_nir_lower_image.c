/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Images to the forms the texture unit has (agx_compile.h,
 * AGX_IMAGE_TS_BASE).  The image is the uniform's binding (the linker's
 * image index, glsl_program.h) plus a constant array element; image i is
 * read through texture state register AGX_IMAGE_TS_BASE + 2 i.
 *
 * - imageLoad is a texelFetch (txf, level 0: the driver's descriptor
 *   starts at the bound level) of that register.  Cube images are 2D
 *   arrays of faces (the coordinate's z is the face, or layer-face of
 *   cube arrays; GL 4.6 table 8.27), as in Mesa's driver
 *   (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c,
 *   agx_emit_image_load), buffer images buffer texels
 *   (agx_nir_lower_buffer_texture.c runs after this pass).
 * - imageSize is a size query (txs) of that register; the driver pushes
 *   the sizes imageSize() reports.
 *
 * - imageStore is image_store_agx through the PBE descriptor of register
 *   AGX_IMAGE_TS_BASE + 2 i + 1, addressed as a 2D image or 2D array: 1D
 *   images at row 0 (1D arrays: the layer after it), cube faces as layers,
 *   rectangles as 2D, buffer texels at (i % AGX_BUFFER_TEXTURE_WIDTH,
 *   i / AGX_BUFFER_TEXTURE_WIDTH) of the driver's linear 2D image.
 *   Stores to 3D images are not lowered yet.
 *
 * Atomics keep their intrinsics for now: instruction selection rejects
 * them (AGX_COMPILE_UNSUPPORTED).  An image array indexed at run time is
 * rejected the same way.
 */

#include "nir_builder.h"
#include "agx_compile.h"
#include "agx_nir.h"

/* The image index of a deref, or -1 when it is not constant. */
static int
image_index(nir_deref_instr *d)
{
   unsigned element = 0;
   if (d->deref_type == nir_deref_type_array) {
      nir_instr *k = d->arr_index.ssa->parent_instr;
      if (k->type != nir_instr_type_load_const)
         return -1;
      element = nir_instr_as_load_const(k)->value[0].u32;
      d = nir_deref_instr_parent(d);
   }
   if (!d || d->deref_type != nir_deref_type_var || !d->var)
      return -1;
   return (int)(d->var->data.binding + element);
}

static nir_def *
image_tex(nir_builder *b, nir_intrinsic_instr *intr, unsigned reg, bool size)
{
   nir_sampler_dim dim = (nir_sampler_dim)nir_intrinsic_image_dim(intr);
   bool array = nir_intrinsic_image_array(intr);
   unsigned ncoord = dim == NIR_SAMPLER_DIM_1D || dim == NIR_SAMPLER_DIM_BUF
                        ? 1
                     : dim == NIR_SAMPLER_DIM_3D ? 3
                                                 : 2;
   if (!size && dim == NIR_SAMPLER_DIM_CUBE) {
      /* the face (or layer-face) is the layer of a 2D array */
      dim = NIR_SAMPLER_DIM_2D;
      array = true;
   }
   if (dim == NIR_SAMPLER_DIM_RECT)
      dim = NIR_SAMPLER_DIM_2D;

   nir_tex_instr *tex = nir_tex_instr_create(b->shader, size ? 1 : 2);
   tex->op = size ? nir_texop_txs : nir_texop_txf;
   tex->sampler_dim = dim;
   tex->is_array = array;
   tex->texture_index = reg;
   tex->sampler_index = 0;
   tex->dest_type = nir_type_uint32;
   tex->src[0].src_type = nir_tex_src_lod;
   tex->src[0].src.ssa = nir_imm_int(b, 0);
   if (!size) {
      unsigned n = ncoord + (array ? 1 : 0);
      tex->coord_components = n;
      tex->src[1].src_type = nir_tex_src_coord;
      tex->src[1].src.ssa =
         nir_channels(b, intr->src[1].ssa, (1u << n) - 1);
   }
   nir_def_init(&tex->instr, &tex->def,
                size ? intr->def.num_components : 4, 32);
   nir_builder_instr_insert(b, &tex->instr);
   return &tex->def;
}

/* The store's coordinate as (x, y, layer, 0) of a 2D image or array;
 * NULL for dimensions not lowered. */
static nir_def *
store_coord(nir_builder *b, nir_intrinsic_instr *intr, bool *array)
{
   nir_sampler_dim dim = (nir_sampler_dim)nir_intrinsic_image_dim(intr);
   nir_def *c = intr->src[1].ssa;
   nir_def *zero = nir_imm_int(b, 0);
   nir_def *x = nir_channel(b, c, 0), *y = nir_channel(b, c, 1);
   nir_def *layer = zero;
   *array = nir_intrinsic_image_array(intr);
   switch (dim) {
   case NIR_SAMPLER_DIM_1D:
      layer = *array ? y : zero;
      y = zero;
      break;
   case NIR_SAMPLER_DIM_BUF: {
      unsigned shift = 0;
      while ((1u << shift) < AGX_BUFFER_TEXTURE_WIDTH)
         shift++;
      y = nir_ushr(b, x, nir_imm_int(b, (int)shift));
      x = nir_iand(b, x, nir_imm_int(b, AGX_BUFFER_TEXTURE_WIDTH - 1));
      break;
   }
   case NIR_SAMPLER_DIM_CUBE:
      layer = nir_channel(b, c, 2);
      *array = true;
      break;
   case NIR_SAMPLER_DIM_2D:
   case NIR_SAMPLER_DIM_RECT:
      if (*array)
         layer = nir_channel(b, c, 2);
      break;
   default:
      return NULL;
   }
   nir_def *v[4] = {x, y, layer, zero};
   return nir_vec(b, v, 4);
}

static bool
lower_store(nir_builder *b, nir_intrinsic_instr *intr, unsigned reg)
{
   bool array;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *coord = store_coord(b, intr, &array);
   if (!coord)
      return false;
   nir_def *value = intr->src[3].ssa;
   nir_def *srcs[2] = {coord, value};
   nir_build_intrinsic(b, nir_intrinsic_image_store_agx,
                       value->num_components, 32, srcs, NIR_INTRINSIC_BASE,
                       (int)reg, NIR_INTRINSIC_IMAGE_ARRAY, array ? 1 : 0,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   nir_instr_remove(&intr->instr);
   return true;
}

static bool
lower_image(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   if (intr->intrinsic == nir_intrinsic_image_deref_store) {
      int i = image_index(nir_src_as_deref(intr->src[0]));
      if (i < 0 || i >= AGX_MAX_IMAGES)
         return false;
      return lower_store(b, intr, AGX_IMAGE_TS_BASE + 2 * (unsigned)i + 1);
   }
   bool size = intr->intrinsic == nir_intrinsic_image_deref_size;
   if (intr->intrinsic != nir_intrinsic_image_deref_load && !size)
      return false;
   int index = image_index(nir_src_as_deref(intr->src[0]));
   if (index < 0 || index >= AGX_MAX_IMAGES)
      return false;

   b->cursor = nir_before_instr(&intr->instr);
   nir_def *r =
      image_tex(b, intr, AGX_IMAGE_TS_BASE + 2 * (unsigned)index, size);
   nir_def_rewrite_uses(&intr->def, r);
   nir_instr_remove(&intr->instr);
   return true;
}

bool
agx_nir_lower_image(nir_shader *nir)
{
   return nir_shader_intrinsics_pass(nir, lower_image,
                                     nir_metadata_block_index |
                                        nir_metadata_dominance,
                                     NULL);
}
