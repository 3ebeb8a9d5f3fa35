/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Rectangle textures as 2D textures.  A sampler2DRect lookup takes texel
 * coordinates; the AGX sampler can read coordinates that way itself (the
 * sampler word's "pixel coordinates" bit, set by the driver from Gallium's
 * pipe_sampler_state::unnormalized_coords, which the GL front end sets for
 * rectangle targets).  So the shader side only has to become an ordinary
 * 2D lookup with the coordinates left as they are.  texelFetch on a
 * rectangle texture takes integer texel coordinates like a 2D texelFetch
 * at level 0, which is what a 2D texture_load does.
 *
 * Fact: alexvorxx/Mesa-VirGL src/asahi/lib/cmdbuf.xml (Sampler, bit 38
 * "Pixel coordinates").
 */

#include "nir_builder.h"
#include "agx_nir.h"

static bool
lower_rect(nir_builder *b, nir_instr *instr, void *data)
{
   (void)b;
   (void)data;
   if (instr->type != nir_instr_type_tex)
      return false;

   nir_tex_instr *tex = nir_instr_as_tex(instr);
   if (tex->sampler_dim != NIR_SAMPLER_DIM_RECT)
      return false;

   tex->sampler_dim = NIR_SAMPLER_DIM_2D;
   return true;
}

bool
agx_nir_lower_rect(nir_shader *nir)
{
   return nir_shader_instructions_pass(
      nir, lower_rect, nir_metadata_block_index | nir_metadata_dominance,
      NULL);
}
