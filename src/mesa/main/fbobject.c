/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Framebuffer completeness (framebuffer objects come later). */
#include "main/context.h"
#include "main/fbobject.h"

GLenum
_mesa_framebuffer_status(struct gl_context *ctx, struct gl_framebuffer *fb)
{
   if (!fb)
      return GL_FRAMEBUFFER_UNDEFINED;
   return GL_FRAMEBUFFER_COMPLETE;
}

bool
_mesa_draw_framebuffer_complete(struct gl_context *ctx, const char *func)
{
   if (_mesa_framebuffer_status(ctx, ctx->DrawBuffer) !=
       GL_FRAMEBUFFER_COMPLETE) {
      _mesa_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
                  "%s(incomplete framebuffer)", func);
      return false;
   }
   return true;
}

bool
_mesa_read_framebuffer_complete(struct gl_context *ctx, const char *func)
{
   if (_mesa_framebuffer_status(ctx, ctx->ReadBuffer) !=
       GL_FRAMEBUFFER_COMPLETE) {
      _mesa_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
                  "%s(incomplete framebuffer)", func);
      return false;
   }
   return true;
}

GLenum GLAPIENTRY
_mesa_CheckFramebufferStatus(GLenum target)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return 0;
   if (target != GL_FRAMEBUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glCheckFramebufferStatus(target)");
      return 0;
   }
   return _mesa_framebuffer_status(ctx, ctx->DrawBuffer);
}
