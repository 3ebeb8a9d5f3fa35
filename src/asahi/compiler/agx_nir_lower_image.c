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
 *   Multisample images fetch the sample (txf_ms, the sample index the
 *   intrinsic's third source).
 * - imageSize is a size query (txs) of that register; the driver pushes
 *   the sizes imageSize() reports.  imageSamples is its sample count
 *   query (texture_samples, AGX_PUSH_TEXTURE_SAMPLES).
 *
 * - imageStore is image_store_agx through the PBE descriptor of register
 *   AGX_IMAGE_TS_BASE + 2 i + 1, addressed as a 2D image or 2D array: 1D
 *   images at row 0 (1D arrays: the layer after it), cube faces and the
 *   slices of 3D images as layers, rectangles as 2D, buffer texels at
 *   (i % AGX_BUFFER_TEXTURE_WIDTH, i / AGX_BUFFER_TEXTURE_WIDTH) of the
 *   driver's linear 2D image.  Multisample images are written through
 *   the driver's PBE of their samples as such a linear image, at the
 *   sample's index from the addressing record below.
 *
 * - imageAtomic* are atomics on the texel's 32-bit word in memory, as
 *   Mesa's driver does them (global atomics on the computed texel
 *   address: alexvorxx/Mesa-VirGL src/asahi/lib/agx_nir_lower_texture.c,
 *   image_texel_address): the word comes from the driver's addressing
 *   record (AGX_PUSH_IMAGE_ATOMIC, read with load_image_info_agx), linear
 *   or twiddled as ail lays images out; a texel outside the binding is
 *   not touched and the atomic returns 0 (GL 4.6 section 8.26: invalid
 *   accesses have no effect, atomics return an undefined value).
 *
 * An image array indexed at run time (dynamically uniform indexing, GLSL
 * 4.00 section 4.1.7) becomes first an if-chain on the index with one
 * access per element, the last element standing for any index past it
 * (GLSL leaves that undefined), as agx_nir_lower_tex_deref.c does for
 * samplers; arrays of arrays level by level, one round a level.
 */

#include <string.h>

#include "nir_builder.h"
#include "agx_compile.h"
#include "agx_nir.h"

/* The image index of a deref (arrays of arrays and structures too, as
 * the linker numbers them: nir_resolve_sampler_deref), or -1 when it is
 * not constant. */
static int
image_index(nir_deref_instr *d)
{
   nir_sampler_index r;
   if (!nir_resolve_sampler_deref(d, &r) || r.dynamic)
      return -1;
   return (int)r.base;
}

/* The texture operation of an image load, or (size) a size query of
 * `ncomp` components. */
static nir_def *
image_tex(nir_builder *b, nir_intrinsic_instr *intr, unsigned reg, bool size,
          unsigned ncomp)
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
   if (dim == NIR_SAMPLER_DIM_RECT || (size && dim == NIR_SAMPLER_DIM_MS))
      dim = NIR_SAMPLER_DIM_2D;
   /* multisample images: a texelFetch of the sample (txf_ms: the
    * instruction's tex_2d_ms / tex_2d_ms_array forms) */
   bool ms = dim == NIR_SAMPLER_DIM_MS;

   nir_tex_instr *tex = nir_tex_instr_create(b->shader, size ? 1 : 2);
   tex->op = size ? nir_texop_txs : ms ? nir_texop_txf_ms : nir_texop_txf;
   tex->sampler_dim = dim;
   tex->is_array = array;
   tex->texture_index = reg;
   tex->sampler_index = 0;
   /* stores between two loads of one texel change what the second reads
    * (piglit's restrict program: two image uniforms on one unit) */
   tex->storage_image = !size;
   tex->dest_type = nir_type_uint32;
   tex->src[0].src_type = ms ? nir_tex_src_ms_index : nir_tex_src_lod;
   tex->src[0].src.ssa = ms ? intr->src[2].ssa : nir_imm_int(b, 0);
   if (!size) {
      unsigned n = ncoord + (array ? 1 : 0);
      tex->coord_components = n;
      tex->src[1].src_type = nir_tex_src_coord;
      tex->src[1].src.ssa =
         nir_channels(b, intr->src[1].ssa, (1u << n) - 1);
   }
   nir_def_init(&tex->instr, &tex->def, size ? ncomp : 4, 32);
   nir_builder_instr_insert(b, &tex->instr);
   return &tex->def;
}

/* The sample count of the image in register `reg` (imageSamples). */
static nir_def *
image_samples(nir_builder *b, nir_intrinsic_instr *intr, unsigned reg)
{
   nir_tex_instr *tex = nir_tex_instr_create(b->shader, 0);
   tex->op = nir_texop_texture_samples;
   tex->sampler_dim = (nir_sampler_dim)nir_intrinsic_image_dim(intr);
   tex->is_array = nir_intrinsic_image_array(intr);
   tex->texture_index = reg;
   tex->dest_type = nir_type_int32;
   nir_def_init(&tex->instr, &tex->def, 1, 32);
   nir_builder_instr_insert(b, &tex->instr);
   return &tex->def;
}

/* Helper invocations of fragment shaders store nothing (GLSL 4.60
 * section 7.1.4: their stores and atomics have no effect), as
 * agx_nir_lower_ssbo.c does for storage buffers; true elsewhere. */
static nir_def *
not_helper(nir_builder *b)
{
   if (b->shader->info.stage != MESA_SHADER_FRAGMENT)
      return nir_imm_true(b);
   return nir_inot(b, nir_load_system_value(
                         b, nir_intrinsic_load_helper_invocation, 1));
}

/* Texel i of a linear 2D image AGX_BUFFER_TEXTURE_WIDTH texels wide (a
 * power of two): (i % width, i / width). */
static void
buffer_xy(nir_builder *b, nir_def *i, nir_def **x, nir_def **y)
{
   unsigned shift = 0;
   while ((1u << shift) < AGX_BUFFER_TEXTURE_WIDTH)
      shift++;
   *y = nir_ushr(b, i, nir_imm_int(b, (int)shift));
   *x = nir_iand(b, i, nir_imm_int(b, AGX_BUFFER_TEXTURE_WIDTH - 1));
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
   case NIR_SAMPLER_DIM_BUF:
      buffer_xy(b, x, &x, &y);
      break;
   case NIR_SAMPLER_DIM_CUBE:
   case NIR_SAMPLER_DIM_3D:
      /* faces, and the slices of a 3D image: ail lays both out as the
       * layers of a 2D array (the driver's PBE for 3D images is one) */
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
   bool fs = b->shader->info.stage == MESA_SHADER_FRAGMENT;
   nir_if *nif = fs ? nir_push_if(b, not_helper(b)) : NULL;
   nir_build_intrinsic(b, nir_intrinsic_image_store_agx,
                       value->num_components, 32, srcs, NIR_INTRINSIC_BASE,
                       (int)reg, NIR_INTRINSIC_IMAGE_ARRAY, array ? 1 : 0,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   if (nif)
      nir_pop_if(b, nif);
   nir_instr_remove(&intr->instr);
   return true;
}

static nir_def *
info(nir_builder *b, unsigned image, unsigned word)
{
   nir_def *srcs[1] = {NULL};
   return &nir_build_intrinsic(b, nir_intrinsic_load_image_info_agx, 1, 32,
                               srcs, NIR_INTRINSIC_BASE, (int)image,
                               NIR_INTRINSIC_COMPONENT, (int)word,
                               NIR_INTRINSIC_NUM_INDEX_FLAGS)
              ->def;
}

/* The low 16 bits of v spread to the even bits (Morton order). */
static nir_def *
spread_bits(nir_builder *b, nir_def *v)
{
   static const uint32_t masks[4] = {0x00ff00ff, 0x0f0f0f0f, 0x33333333,
                                     0x55555555};
   v = nir_iand(b, v, nir_imm_int(b, 0xffff));
   for (unsigned i = 0; i < 4; i++) {
      unsigned shift = 8u >> i;
      v = nir_iand(b, nir_ior(b, v, nir_ishl(b, v, nir_imm_int(b, (int)shift))),
                   nir_imm_int(b, (int)masks[i]));
   }
   return v;
}

/* (x, y, layer) of an access's coordinate, by the image's dimension. */
static void
access_xyl(nir_builder *b, nir_intrinsic_instr *intr, nir_def **xyl)
{
   nir_sampler_dim dim = (nir_sampler_dim)nir_intrinsic_image_dim(intr);
   bool array = nir_intrinsic_image_array(intr);
   nir_def *c = intr->src[1].ssa;
   nir_def *zero = nir_imm_int(b, 0);
   xyl[0] = nir_channel(b, c, 0);
   xyl[1] = zero;
   xyl[2] = zero;
   if (dim == NIR_SAMPLER_DIM_1D) {
      if (array)
         xyl[2] = nir_channel(b, c, 1);
   } else if (dim != NIR_SAMPLER_DIM_BUF) {
      xyl[1] = nir_channel(b, c, 1);
      if (array || dim == NIR_SAMPLER_DIM_CUBE || dim == NIR_SAMPLER_DIM_3D)
         xyl[2] = nir_channel(b, c, 2);
   }
}

/* The texel of the access in the driver's addressing record of the image
 * (agx_compile.h, AGX_PUSH_IMAGE_ATOMIC: words for atomics, samples of
 * multisample images), and whether it lies inside the binding (*in). */
static nir_def *
texel_index(nir_builder *b, nir_intrinsic_instr *intr, unsigned image,
            nir_def **in_out)
{
   nir_def *xyl[3];
   access_xyl(b, intr, xyl);

   nir_def *in = nir_ult(b, xyl[0], info(b, image, 2));
   in = nir_iand(b, in, nir_ult(b, xyl[1], info(b, image, 3)));
   in = nir_iand(b, in, nir_ult(b, xyl[2], info(b, image, 4)));

   nir_def *tiling = info(b, image, 5), *w6 = info(b, image, 6);
   nir_def *w_log2 = nir_iand(b, nir_ushr(b, tiling, nir_imm_int(b, 8)),
                              nir_imm_int(b, 31));
   nir_def *h_log2 = nir_iand(b, nir_ushr(b, tiling, nir_imm_int(b, 16)),
                              nir_imm_int(b, 31));
   nir_def *tile = nir_iadd(b, nir_imul(b, nir_ushr(b, xyl[1], h_log2), w6),
                            nir_ushr(b, xyl[0], w_log2));
   nir_def *one = nir_imm_int(b, 1);
   nir_def *inner_x = nir_iand(b, xyl[0],
                               nir_isub(b, nir_ishl(b, one, w_log2), one));
   nir_def *inner_y = nir_iand(b, xyl[1],
                               nir_isub(b, nir_ishl(b, one, h_log2), one));
   nir_def *twiddled =
      nir_iadd(b, nir_ishl(b, tile, nir_iadd(b, w_log2, h_log2)),
               nir_ior(b, spread_bits(b, inner_x),
                       nir_ishl(b, spread_bits(b, inner_y), one)));
   nir_def *linear = nir_iadd(b, nir_imul(b, xyl[1], w6), xyl[0]);
   nir_def *word = nir_bcsel(b, nir_ine(b, nir_iand(b, tiling, one),
                                        nir_imm_int(b, 0)),
                             twiddled, linear);
   if (nir_intrinsic_image_dim(intr) == NIR_SAMPLER_DIM_MS) {
      /* the pixel's samples follow one another; a sample past the
       * image's count is outside it (GL 4.6 section 8.26) */
      nir_def *log2s = nir_iand(b, nir_ushr(b, tiling, nir_imm_int(b, 24)),
                                nir_imm_int(b, 7));
      nir_def *sample = intr->src[2].ssa;
      in = nir_iand(b, in, nir_ult(b, sample, nir_ishl(b, one, log2s)));
      word = nir_iadd(b, nir_ishl(b, word, log2s), sample);
   }
   word = nir_iadd(b, word, nir_imul(b, xyl[2], info(b, image, 7)));
   *in_out = in;
   return word;
}

/* imageStore to a multisample image: through the driver's PBE of its
 * samples as a linear 2D image AGX_BUFFER_TEXTURE_WIDTH texels wide
 * (agx_image.c), at the sample's texel (as Mesa's driver stores them:
 * alexvorxx/Mesa-VirGL src/asahi/lib/agx_nir_lower_texture.c,
 * lower_multisampled_store).  Stores outside the image are dropped. */
static bool
lower_ms_store(nir_builder *b, nir_intrinsic_instr *intr, unsigned image)
{
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *in;
   nir_def *i = texel_index(b, intr, image, &in);
   nir_def *zero = nir_imm_int(b, 0);
   nir_def *xy[4] = {NULL, NULL, zero, zero};
   buffer_xy(b, i, &xy[0], &xy[1]);
   nir_def *value = intr->src[3].ssa;
   nir_def *srcs[2] = {nir_vec(b, xy, 4), value};
   nir_if *nif = nir_push_if(b, nir_iand(b, in, not_helper(b)));
   nir_build_intrinsic(b, nir_intrinsic_image_store_agx,
                       value->num_components, 32, srcs, NIR_INTRINSIC_BASE,
                       (int)(AGX_IMAGE_TS_BASE + 2 * image + 1),
                       NIR_INTRINSIC_IMAGE_ARRAY, 0,
                       NIR_INTRINSIC_NUM_INDEX_FLAGS);
   nir_pop_if(b, nif);
   nir_instr_remove(&intr->instr);
   return true;
}

static bool
lower_atomic(nir_builder *b, nir_intrinsic_instr *intr, unsigned image)
{
   bool swap = intr->intrinsic == nir_intrinsic_image_deref_atomic_swap;
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *in;
   nir_def *word = texel_index(b, intr, image, &in);

   in = nir_iand(b, in, not_helper(b));
   nir_def *none = nir_imm_int(b, 0);
   nir_if *nif = nir_push_if(b, in);
   nir_def *srcs[3] = {word, intr->src[3].ssa,
                       swap ? intr->src[4].ssa : NULL};
   nir_def *r = &nir_build_intrinsic(
                    b, swap ? nir_intrinsic_image_atomic_swap_agx
                            : nir_intrinsic_image_atomic_agx,
                    1, 32, srcs, NIR_INTRINSIC_BASE, (int)image,
                    NIR_INTRINSIC_ATOMIC_OP, (int)nir_intrinsic_atomic_op(intr),
                    NIR_INTRINSIC_NUM_INDEX_FLAGS)
                    ->def;
   nir_pop_if(b, nif);
   r = nir_if_phi(b, r, none);
   nir_def_rewrite_uses(&intr->def, r);
   nir_instr_remove(&intr->instr);
   return true;
}

static bool
lower_image(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   bool size = intr->intrinsic == nir_intrinsic_image_deref_size;
   bool samples = intr->intrinsic == nir_intrinsic_image_deref_samples;
   if (intr->intrinsic != nir_intrinsic_image_deref_load && !size &&
       !samples)
      return false;
   int index = image_index(nir_src_as_deref(intr->src[0]));
   if (index < 0 || index >= AGX_MAX_IMAGES)
      return false;

   b->cursor = nir_before_instr(&intr->instr);
   unsigned reg = AGX_IMAGE_TS_BASE + 2 * (unsigned)index;
   nir_def *r = samples ? image_samples(b, intr, reg)
                        : image_tex(b, intr, reg, size,
                                    intr->def.num_components);
   if (!size && nir_intrinsic_image_dim(intr) == NIR_SAMPLER_DIM_BUF) {
      /* buffer texel fetches clamp the index (agx_nir_lower_buffer_
       * texture.c); a load past the buffer image reads zero (GL 4.6
       * section 8.26) */
      nir_def *n = image_tex(b, intr, reg, true, 1);
      nir_def *in = nir_ult(b, nir_channel(b, intr->src[1].ssa, 0), n);
      r = nir_bcsel(b, in, r, nir_imm_zero(b, 4, 32));
   }
   nir_def_rewrite_uses(&intr->def, r);
   nir_instr_remove(&intr->instr);
   return true;
}

static bool
is_image_access(const nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   nir_intrinsic_op op = intr->intrinsic;
   return op == nir_intrinsic_image_deref_load ||
          op == nir_intrinsic_image_deref_store ||
          op == nir_intrinsic_image_deref_size ||
          op == nir_intrinsic_image_deref_samples ||
          op == nir_intrinsic_image_deref_atomic ||
          op == nir_intrinsic_image_deref_atomic_swap;
}

/* The deref d made again on `base` where its ancestor `from` was (the
 * derefs between them, arrays and structure members, kept). */
static nir_deref_instr *
rebuild_on(nir_builder *b, nir_deref_instr *d, nir_deref_instr *from,
           nir_deref_instr *base)
{
   if (d == from)
      return base;
   nir_deref_instr *p = rebuild_on(b, nir_deref_instr_parent(d), from, base);
   if (d->deref_type == nir_deref_type_struct)
      return nir_build_deref_struct(b, p, d->field_index);
   return nir_build_deref_array(b, p, d->arr_index.ssa);
}

/* The access with the run-time array deref `dyn` of its image deref
 * replaced by element k of the array (its other sources and indices
 * unchanged). */
static nir_def *
access_element(nir_builder *b, nir_intrinsic_instr *intr,
               nir_deref_instr *dyn, unsigned k)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   nir_def *srcs[8];
   for (unsigned i = 0; i < info->num_srcs && i < 8; ++i)
      srcs[i] = intr->src[i].ssa;
   nir_deref_instr *parent = nir_deref_instr_parent(dyn);
   srcs[0] = &rebuild_on(b, nir_src_as_deref(intr->src[0]), dyn,
                         nir_build_deref_array_imm(b, parent, k))
                 ->def;
   nir_intrinsic_instr *c = nir_build_intrinsic(
      b, intr->intrinsic, intr->num_components,
      info->has_dest ? intr->def.bit_size : 32, srcs,
      NIR_INTRINSIC_NUM_INDEX_FLAGS);
   memcpy(c->index_value, intr->index_value, sizeof(c->index_value));
   return info->has_dest ? &c->def : NULL;
}

/* Elements first .. first + n - 1 of dyn's array under ifs on its
 * index. */
static nir_def *
access_chain(nir_builder *b, nir_intrinsic_instr *intr,
             nir_deref_instr *dyn, unsigned first, unsigned n)
{
   if (n == 1)
      return access_element(b, intr, dyn, first);
   nir_def *index = dyn->arr_index.ssa;
   nir_if *nif = nir_push_if(b, nir_ieq(b, index, nir_imm_int(b, (int)first)));
   nir_def *a = access_element(b, intr, dyn, first);
   nir_push_else(b, nif);
   nir_def *r = access_chain(b, intr, dyn, first + 1, n - 1);
   nir_pop_if(b, nif);
   return a ? nir_if_phi(b, a, r) : NULL;
}

/* An array deref with a run-time index on the way from the image's
 * variable to the image (any level of an array of arrays, or of an
 * array inside a structure), or NULL. */
static nir_deref_instr *
dynamic_element(nir_intrinsic_instr *intr)
{
   for (nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
        d && d->deref_type != nir_deref_type_var;
        d = nir_deref_instr_parent(d)) {
      if (d->deref_type != nir_deref_type_array ||
          nir_def_instr(d->arr_index.ssa)->type == nir_instr_type_load_const)
         continue;
      nir_deref_instr *p = nir_deref_instr_parent(d);
      if (p && p->type && p->type->kind == NIR_VTYPE_ARRAY &&
          p->type->length)
         return d;
   }
   return NULL;
}

/* Accesses through a run-time element of an image array: if-chains (one
 * level of run-time index at a time). */
static bool
lower_dynamic(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   nir_deref_instr *d = dynamic_element(intr);
   if (!d)
      return false;
   nir_deref_instr *p = nir_deref_instr_parent(d);
   b->cursor = nir_before_instr(&intr->instr);
   nir_def *r = access_chain(b, intr, d, 0, p->type->length);
   if (r)
      nir_def_rewrite_uses(&intr->def, r);
   nir_instr_remove(&intr->instr);
   return true;
}

/* Stores and atomics of a constant image. */
static bool
lower_side_effect(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   if (intr->intrinsic != nir_intrinsic_image_deref_atomic &&
       intr->intrinsic != nir_intrinsic_image_deref_atomic_swap &&
       intr->intrinsic != nir_intrinsic_image_deref_store)
      return false;
   int i = image_index(nir_src_as_deref(intr->src[0]));
   if (i < 0 || i >= AGX_MAX_IMAGES)
      return false;
   if (intr->intrinsic == nir_intrinsic_image_deref_store &&
       nir_intrinsic_image_dim(intr) == NIR_SAMPLER_DIM_MS)
      return lower_ms_store(b, intr, (unsigned)i);
   if (intr->intrinsic == nir_intrinsic_image_deref_store)
      return lower_store(b, intr, AGX_IMAGE_TS_BASE + 2 * (unsigned)i + 1);
   return lower_atomic(b, intr, (unsigned)i);
}

bool
agx_nir_lower_image(nir_shader *nir)
{
   bool progress = false;
   /* each round takes away one level of run-time indices */
   while (agx_nir_lower_collected(nir, is_image_access, lower_dynamic, NULL))
      progress = true;
   progress |= nir_shader_intrinsics_pass(
      nir, lower_image, nir_metadata_block_index | nir_metadata_dominance,
      NULL);
   progress |=
      agx_nir_lower_collected(nir, is_image_access, lower_side_effect, NULL);
   return progress;
}
