/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glClear through pipe_context::clear.  The clear honours the scissor box
 * and the depth and stencil write masks as GL requires; a colour mask that
 * drops some channels of a buffer is not handled yet (the whole pixel is
 * cleared) -- see docs/gl.rst.
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

   if (mask & GL_COLOR_BUFFER_BIT) {
      bool any = ctx->Color.ColorMask[0] || ctx->Color.ColorMask[1] ||
                 ctx->Color.ColorMask[2] || ctx->Color.ColorMask[3];
      for (unsigned i = 0; any && i < st->fb.nr_cbufs; i++) {
         if (st->fb.cbufs[i])
            buffers |= PIPE_CLEAR_COLOR0 << i;
      }
   }
   if ((mask & GL_DEPTH_BUFFER_BIT) && fb->Attachment[BUFFER_DEPTH] &&
       ctx->Depth.Mask)
      buffers |= PIPE_CLEAR_DEPTH;
   if ((mask & GL_STENCIL_BUFFER_BIT) && fb->Attachment[BUFFER_STENCIL] &&
       (ctx->Stencil.WriteMask[0] & 0xff))
      buffers |= PIPE_CLEAR_STENCIL;
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
