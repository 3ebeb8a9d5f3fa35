/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Buffer textures (samplerBuffer) as 2D textures.  The AGX texture unit
 * has no buffer dimension and a 2D image is at most 16384 texels wide, so
 * the driver describes a buffer view as a linear 2D image
 * AGX_BUFFER_TEXTURE_WIDTH texels wide and as many rows tall as the
 * elements need (agx_texture.c); texel i of the buffer is texel
 * (i % width, i / width) of that image.  This pass rewrites every buffer
 * texelFetch into the 2D texelFetch of that texel.
 *
 * GL 3.1 section 2.11.12 ("texel fetches"): a buffer fetch outside
 * [0, size) gives undefined results.  The pass clamps the index to the
 * last element (an unsigned minimum, so negative indices clamp too), so
 * that no fetch reads beyond the view: the last row of the image may
 * reach past the buffer's end.  textureSize (txs) on a buffer stays as it
 * is: the driver pushes the element count (AGX_PUSH_TEXTURE_SIZE).
 *
 * Fact: alexvorxx/Mesa-VirGL src/asahi/lib/agx_nir_lower_texture.c
 * (lower_buffer_texture) and src/gallium/drivers/asahi/agx_state.h
 * (AGX_TEXTURE_BUFFER_WIDTH: 1024-texel rows, linear layout).
 *
 * Assumes texture indices are set (texture_index); runs before isel.
 */

#include "nir_builder.h"
#include "agx_compile.h"
#include "agx_nir.h"
#include "util/u_math.h"

/* The texture's element count, as a textureSize query would give it. */
static nir_def *
buffer_size(nir_builder *b, const nir_tex_instr *tex)
{
   int deref = nir_tex_instr_src_index(tex, nir_tex_src_texture_deref);
   nir_tex_instr *txs = nir_tex_instr_create(b->shader, deref >= 0 ? 1 : 0);

   txs->op = nir_texop_txs;
   txs->sampler_dim = NIR_SAMPLER_DIM_BUF;
   txs->dest_type = nir_type_int32;
   txs->texture_index = tex->texture_index;
   txs->sampler_index = tex->sampler_index;
   if (deref >= 0) {
      txs->src[0].src_type = nir_tex_src_texture_deref;
      txs->src[0].src.ssa = tex->src[deref].src.ssa;
   }
   nir_def_init(&txs->instr, &txs->def, 1, 32);
   nir_builder_instr_insert(b, &txs->instr);
   return &txs->def;
}

static bool
lower_buffer_texture(nir_builder *b, nir_instr *instr, void *data)
{
   (void)data;
   if (instr->type != nir_instr_type_tex)
      return false;

   nir_tex_instr *tex = nir_instr_as_tex(instr);
   if (tex->sampler_dim != NIR_SAMPLER_DIM_BUF || tex->op != nir_texop_txf)
      return false;

   int c = nir_tex_instr_src_index(tex, nir_tex_src_coord);
   if (c < 0)
      return false;

   b->cursor = nir_before_instr(instr);
   nir_def *index = nir_channel(b, tex->src[c].src.ssa, 0);
   nir_def *last = nir_iadd(b, buffer_size(b, tex), nir_imm_int(b, -1));
   index = nir_umin(b, index, last);

   const unsigned shift = util_logbase2(AGX_BUFFER_TEXTURE_WIDTH);
   nir_def *xy[2] = {
      nir_iand(b, index, nir_imm_int(b, AGX_BUFFER_TEXTURE_WIDTH - 1)),
      nir_ushr(b, index, nir_imm_int(b, shift)),
   };
   nir_instr_rewrite_src(instr, &tex->src[c].src, nir_vec(b, xy, 2));
   tex->sampler_dim = NIR_SAMPLER_DIM_2D;
   tex->coord_components = 2;
   return true;
}

bool
agx_nir_lower_buffer_texture(nir_shader *nir)
{
   return nir_shader_instructions_pass(
      nir, lower_buffer_texture,
      nir_metadata_block_index | nir_metadata_dominance, NULL);
}
