/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glClear and glClearBuffer* through pipe_context::clear (nothing under
 * RASTERIZER_DISCARD), honouring the scissor box and the depth write
 * mask; partial colour or stencil write masks are drawn with a rectangle
 * instead (st_clear_quad.c).
 */
#include <string.h>

#include "main/context.h"
#include "main/fbobject.h"
#include "main/formats_es3.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"

void
st_clear(struct st_context *st, GLbitfield mask, unsigned draw_buffers)
{
   struct gl_context *ctx = &st->ctx;
   struct gl_framebuffer *fb = ctx->DrawBuffer;
   union pipe_color_union color;
   struct pipe_scissor_state scissor;
   unsigned buffers = 0;

   /* GL 3.0 section 2.17: "RASTERIZER_DISCARD also causes the Clear and
    * ClearBuffer* commands to be ignored" (ES 3.0 section 2.16 too) */
   if (!fb || ctx->CondRender.Skip || ctx->RasterizerDiscard ||
       !st_validate_state(st))
      return;

   unsigned color_mask = (ctx->Color.ColorMask[0] ? PIPE_MASK_R : 0) |
                         (ctx->Color.ColorMask[1] ? PIPE_MASK_G : 0) |
                         (ctx->Color.ColorMask[2] ? PIPE_MASK_B : 0) |
                         (ctx->Color.ColorMask[3] ? PIPE_MASK_A : 0);
   unsigned stencil_mask = ctx->Stencil.WriteMask[0] & 0xff;
   bool color_quad = false, stencil_quad = false;

   /* A window-system draw buffer naming both colour buffers
    * (FRONT_AND_BACK) has two colour surfaces. */
   if (fb->winsys && (draw_buffers & 1u))
      draw_buffers |= fb->winsys->draw_mask;
   if ((mask & GL_COLOR_BUFFER_BIT) && color_mask && st->fb.nr_cbufs) {
      /* (ALPHA buffers stored as RGBA take alpha only: st_cbuf_channels) */
      if (color_mask == PIPE_MASK_RGBA &&
          !(st->alpha_only_cbufs & draw_buffers)) {
         for (unsigned i = 0; i < st->fb.nr_cbufs; i++) {
            if (st->fb.cbufs[i] && (draw_buffers & (1u << i)))
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
      if (!st_clear_with_quad(st, color_quad ? color_mask : 0, draw_buffers,
                              stencil_quad, stencil_mask))
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glClear");
   }
   if (!buffers)
      return;

   /* Bits as they are: ClearBufferiv/uiv put integers there. */
   memcpy(color.f, ctx->Color.ClearColor, sizeof(color.f));
   if (ctx->Scissor.Enabled) {
      st_scissor_rect(st, &scissor);
      if (scissor.minx == scissor.maxx || scissor.miny == scissor.maxy)
         return;
   }
   st->pipe->clear(st->pipe, buffers, ctx->Scissor.Enabled ? &scissor : NULL,
                   &color, ctx->Depth.Clear,
                   (unsigned)ctx->Stencil.Clear & 0xff);
}

/* Gallium box of a GL rectangle of a framebuffer (rows flipped for the
 * window system; a negative height mirrors). */
static void
gl_rect_to_box(const struct gl_framebuffer *fb, GLint x0, GLint y0, GLint x1,
               GLint y1, unsigned layer, struct pipe_box *box)
{
   box->x = x0;
   box->width = x1 - x0;
   if (fb->FlipY) {
      box->y = fb->Height - y0;
      box->height = -(y1 - y0);
   } else {
      box->y = y0;
      box->height = y1 - y0;
   }
   box->z = (int)layer;
   box->depth = 1;
}

/* One pipe blit between renderbuffers (channels pipe_mask). */
static void
blit_rb(struct st_context *st, struct gl_framebuffer *src,
        struct gl_renderbuffer *s, struct gl_framebuffer *dst,
        struct gl_renderbuffer *d, const GLint rect[8], unsigned pipe_mask,
        GLenum filter)
{
   struct pipe_blit_info info;

   if (!s || !d || !s->texture || !d->texture)
      return;
   memset(&info, 0, sizeof(info));
   info.src.resource = s->texture;
   info.src.level = s->level;
   info.src.format = s->ViewFormat ? s->ViewFormat : s->texture->format;
   gl_rect_to_box(src, rect[0], rect[1], rect[2], rect[3], s->layer,
                  &info.src.box);
   info.dst.resource = d->texture;
   info.dst.level = d->level;
   info.dst.format = d->ViewFormat ? d->ViewFormat : d->texture->format;
   gl_rect_to_box(dst, rect[4], rect[5], rect[6], rect[7], d->layer,
                  &info.dst.box);
   /* (an ALPHA buffer stored as RGBA takes alpha only: st_cbuf_channels) */
   info.mask = pipe_mask == PIPE_MASK_RGBA &&
                     _mesa_is_alpha_renderbuffer(&st->ctx, d)
                  ? PIPE_MASK_A
                  : pipe_mask;
   info.filter =
      filter == GL_LINEAR ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
   if (st->ctx.Scissor.Enabled) {
      info.scissor_enable = true;
      st_scissor_rect(st, &info.scissor);
   }
   st->pipe->blit(st->pipe, &info);
}

void
st_blit_framebuffer(struct st_context *st, struct gl_framebuffer *src,
                    struct gl_framebuffer *dst, GLint sx0, GLint sy0, GLint sx1,
                    GLint sy1, GLint dx0, GLint dy0, GLint dx1, GLint dy1,
                    GLbitfield mask, GLenum filter)
{
   const GLint rect[8] = {sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1};

   if (!st->pipe->blit)
      return;
   if (mask & GL_COLOR_BUFFER_BIT) {
      /* From the read buffer to every draw buffer (GL 4.6 section
       * 18.3.1). */
      struct gl_renderbuffer *s = _mesa_framebuffer_read_rb(src);
      for (unsigned i = 0; i < MAX_DRAW_BUFFERS; i++) {
         if (st_color_attachment_drawn(dst, i))
            blit_rb(st, src, s, dst, dst->Attachment[BUFFER_COLOR0 + i], rect,
                    PIPE_MASK_RGBA, filter);
      }
   }
   if (mask & GL_DEPTH_BUFFER_BIT)
      blit_rb(st, src, src->Attachment[BUFFER_DEPTH], dst,
              dst->Attachment[BUFFER_DEPTH], rect, PIPE_MASK_Z, filter);
   if (mask & GL_STENCIL_BUFFER_BIT)
      blit_rb(st, src, src->Attachment[BUFFER_STENCIL], dst,
              dst->Attachment[BUFFER_STENCIL], rect, PIPE_MASK_S, filter);
}
