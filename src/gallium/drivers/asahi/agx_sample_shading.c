/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Per-sample shading (ARB_sample_shading, GL 4.6 section 14.3.1.1).
 *
 * The hardware runs a fragment shader once per pixel for all its covered
 * samples; which samples a run writes is up to the shader (sample_mask,
 * the tilebuffer stores' sample masks) and where it interpolates (iter at
 * a sample).  Mesa's driver wraps the shader in a loop over the samples
 * (fact: alexvorxx/Mesa-VirGL src/asahi/lib/agx_nir_lower_msaa.c).  This
 * driver draws instead: a draw that shades per sample is recorded once
 * per sample of the framebuffer, each pass with a fragment variant
 * (agx_fs_key::per_sample) that interpolates at its sample and keeps only
 * that sample.  Depth and stencil tests of a pass reach only the kept
 * sample, so the passes together do what one per-sample draw does.
 *
 * Not drawn per sample (shaded once per pixel, which GL allows only
 * without min_samples > 1): draws while transform feedback is active
 * (each pass would capture again).  PRIMITIVES_GENERATED counts the first
 * pass only.  Occlusion queries count each sample once: a pass's other
 * samples are killed by its sample mask, and killed samples are not
 * counted (GL 4.6 section 4.2.1 counts samples that pass), so the
 * passes' counts add up to one per-sample draw's.
 */
#include "agx_state.h"

#include "agx_prim_convert.h"
#include "agx_render.h"

bool
agx_nir_reads_sample(const struct nir_shader *nir)
{
   nir_foreach_block(block, nir_shader_get_entrypoint(nir))
   {
      nir_foreach_instr(instr, block)
      {
         if (instr->type != nir_instr_type_intrinsic)
            continue;
         nir_intrinsic_op op = nir_instr_as_intrinsic(instr)->intrinsic;
         if (op == nir_intrinsic_load_sample_id ||
             op == nir_intrinsic_load_sample_pos)
            return true;
      }
   }
   return false;
}

void
agx_sample_shading_key(const struct agx_context *ctx, struct agx_fs_key *key)
{
   if (ctx->shade_sample < 0 || key->nr_samples <= 1 ||
       (unsigned)ctx->shade_sample >= key->nr_samples)
      return;
   key->per_sample = true;
   key->sample_id = (uint8_t)ctx->shade_sample;
   /* one byte per sample, x in the low nibble (agx_render.c) */
   key->sample_pos = (uint8_t)(agx_default_sample_positions(key->nr_samples) >>
                               (8 * key->sample_id));
}

bool
agx_draw_per_sample(struct agx_context *ctx, const struct pipe_draw_info *info,
                    const struct pipe_draw_start_count_bias *draw)
{
   struct agx_uncompiled_shader *fs = ctx->stage[PIPE_SHADER_FRAGMENT].shader;
   if (ctx->shade_sample >= 0 || !fs || ctx->nr_so_targets)
      return false;
   /* GL_MULTISAMPLE off: shaded once per pixel, gl_SampleID 0 (GL 4.6
    * section 14.3.1.1 needs MULTISAMPLE on for sample shading). */
   if (ctx->rast && !ctx->rast->base.multisample)
      return false;
   if (ctx->min_samples <= 1 && !fs->reads_sample)
      return false;
   struct agx_batch *batch = agx_get_batch(ctx);
   unsigned samples = batch ? batch->tib.nr_samples : 1;
   if (samples <= 1)
      return false;

   for (unsigned s = 0; s < samples; ++s) {
      ctx->shade_sample = (int)s;
      ctx->dirty |= AGX_DIRTY_FS;
      if (!agx_gs_draw(ctx, info, draw) &&
          !agx_draw_converted(ctx, info, draw))
         agx_draw_one(ctx, info, draw);
   }
   ctx->shade_sample = -1;
   ctx->dirty |= AGX_DIRTY_FS;
   return true;
}
