/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform buffer objects: constant buffers 1.. of a stage.  Constant
 * buffer 0 is the GL default uniform block, copied to the CPU and pushed
 * (agx_context.c); the others stay in their resources, which shaders read
 * with device_load at the address the compiler asked for
 * (AGX_PUSH_UBO_BASE, agx_compile.h): load_ubo block b is constant buffer
 * 1 + b.  Every draw that pushes an address records the resource as read
 * by the batch, so it stays resident and a later CPU write (buffer map,
 * subdata) flushes or waits for the batch first.  A block with nothing
 * bound reads a zero-filled buffer of the largest block size, so a
 * shader never reads address 0.
 */

#include <string.h>

#include "util/u_inlines.h"
#include "agx_state.h"

void
agx_set_ubo(struct agx_context *ctx, enum pipe_shader_type shader,
            unsigned index, bool take_ownership,
            const struct pipe_constant_buffer *cb)
{
   struct agx_stage_state *st = &ctx->stage[shader];
   struct pipe_resource *res = cb ? cb->buffer : NULL;
   struct pipe_context *pctx = &ctx->base;

   if (index == 0 || index > AGX_MAX_UBOS) {
      if (take_ownership)
         pipe_resource_reference(&res, NULL);
      return;
   }
   unsigned slot = index - 1;
   pipe_resource_reference(&st->ubo[slot], NULL);
   st->ubo_offset[slot] = 0;

   if (cb && !res && cb->user_buffer && cb->buffer_size) {
      /* user memory: a buffer of our own with a copy */
      struct pipe_resource templ = {
         .target = PIPE_BUFFER,
         .format = PIPE_FORMAT_R8_UNORM,
         .width0 = cb->buffer_size,
         .height0 = 1,
         .depth0 = 1,
         .array_size = 1,
         .bind = PIPE_BIND_CONSTANT_BUFFER,
      };
      st->ubo[slot] = pctx->screen->resource_create(pctx->screen, &templ);
      if (st->ubo[slot])
         pctx->buffer_subdata(pctx, st->ubo[slot], 0, 0, cb->buffer_size,
                              (const uint8_t *)cb->user_buffer +
                                 cb->buffer_offset);
   } else if (res) {
      if (take_ownership) {
         st->ubo[slot] = res;
      } else {
         pipe_resource_reference(&st->ubo[slot], res);
      }
      st->ubo_offset[slot] = cb->buffer_offset;
   }
   ctx->dirty |=
      shader == PIPE_SHADER_VERTEX ? AGX_DIRTY_VS_CONST : AGX_DIRTY_CONST;
}

uint64_t
agx_ubo_address(struct agx_context *ctx, struct agx_batch *batch,
                enum pipe_shader_type shader, unsigned block)
{
   struct agx_stage_state *st = &ctx->stage[shader];
   struct pipe_resource *res = block < AGX_MAX_UBOS ? st->ubo[block] : NULL;
   unsigned offset = res ? st->ubo_offset[block] : 0;

   if (!res) {
      if (!ctx->ubo_zero) {
         struct pipe_resource templ = {
            .target = PIPE_BUFFER,
            .format = PIPE_FORMAT_R8_UNORM,
            .width0 = AGX_MAX_UBO_SIZE,
            .height0 = 1,
            .depth0 = 1,
            .array_size = 1,
            .bind = PIPE_BIND_CONSTANT_BUFFER,
         };
         struct pipe_screen *screen = ctx->base.screen;
         ctx->ubo_zero = screen->resource_create(screen, &templ);
         if (!ctx->ubo_zero)
            return 0;
         void *zeros = calloc(1, AGX_MAX_UBO_SIZE);
         if (zeros) {
            ctx->base.buffer_subdata(&ctx->base, ctx->ubo_zero, 0, 0,
                                     AGX_MAX_UBO_SIZE, zeros);
            free(zeros);
         }
      }
      res = ctx->ubo_zero;
   }
   agx_batch_reads(batch, res);
   return agx_resource(res)->bo->va + offset;
}

void
agx_release_ubos(struct agx_context *ctx)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; ++s) {
      for (unsigned i = 0; i < AGX_MAX_UBOS; ++i)
         pipe_resource_reference(&ctx->stage[s].ubo[i], NULL);
   }
   pipe_resource_reference(&ctx->ubo_zero, NULL);
}
