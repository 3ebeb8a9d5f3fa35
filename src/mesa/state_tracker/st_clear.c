/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glClear through pipe_context::clear, honouring the scissor box and the
 * depth write mask; partial colour or stencil write masks are drawn with
 * a rectangle instead (st_clear_quad.c).
 */
#include "main/context.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"

void
st_clear(struct st_context *st, GLbitfield mask)
{
   struct gl_context *ctx = &st->ctx;
   struct gl_framebuffer *fb = ctx->DrawBuffer;
   union pipe_color_union color;
   struct pipe_scissor_state scissor;
   unsigned buffers = 0;

   if (!fb || !st_validate_state(st))
      return;

   unsigned color_mask = (ctx->Color.ColorMask[0] ? PIPE_MASK_R : 0) |
                         (ctx->Color.ColorMask[1] ? PIPE_MASK_G : 0) |
                         (ctx->Color.ColorMask[2] ? PIPE_MASK_B : 0) |
                         (ctx->Color.ColorMask[3] ? PIPE_MASK_A : 0);
   unsigned stencil_mask = ctx->Stencil.WriteMask[0] & 0xff;
   bool color_quad = false, stencil_quad = false;

   if ((mask & GL_COLOR_BUFFER_BIT) && color_mask && st->fb.nr_cbufs) {
      if (color_mask == PIPE_MASK_RGBA) {
         for (unsigned i = 0; i < st->fb.nr_cbufs; i++) {
            if (st->fb.cbufs[i])
               buffers |= PIPE_CLEAR_COLOR0 << i;
         }
      } else {
         color_quad = true;
      }
   }
   if ((mask & GL_DEPTH_BUFFER_BIT) && fb->Attachment[BUFFER_DEPTH] &&
       ctx->Depth.Mask)
      buffers |= PIPE_CLEAR_DEPTH;
   if ((mask & GL_STENCIL_BUFFER_BIT) && fb->Attachment[BUFFER_STENCIL] &&
       stencil_mask) {
      if (stencil_mask == 0xff)
         buffers |= PIPE_CLEAR_STENCIL;
      else
         stencil_quad = true;
   }
   if (color_quad || stencil_quad) {
      if (!st_clear_with_quad(st, color_quad ? color_mask : 0, stencil_quad,
                              stencil_mask))
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glClear");
   }
   if (!buffers)
      return;

   for (int i = 0; i < 4; i++)
      color.f[i] = ctx->Color.ClearColor[i];
   if (ctx->Scissor.Enabled) {
      st_scissor_rect(st, &scissor);
      if (scissor.minx == scissor.maxx || scissor.miny == scissor.maxy)
         return;
   }
   st->pipe->clear(st->pipe, buffers,
                   ctx->Scissor.Enabled ? &scissor : NULL, &color,
                   ctx->Depth.Clear, (unsigned)ctx->Stencil.Clear & 0xff);
}
