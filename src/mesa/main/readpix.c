/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* glReadPixels: errors (ES 2.0 section 4.3.1), then the state tracker. */
#include "main/context.h"
#include "main/fbobject.h"
#include "main/pbo.h"
#include "main/robustness.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"

static bool
valid_format(GLenum format)
{
   switch (format) {
   case GL_ALPHA:
   case GL_RGB:
   case GL_RGBA:
   case GL_LUMINANCE:
   case GL_LUMINANCE_ALPHA:
      return true;
   default:
      return false;
   }
}

static bool
valid_type(struct gl_context *ctx, GLenum type)
{
   switch (type) {
   case GL_FLOAT:
      /* Desktop GL (1.0 table 3.5); not an ES 2.0 type. */
      return !_mesa_is_gles(ctx);
   case GL_UNSIGNED_BYTE:
   case GL_UNSIGNED_SHORT_5_6_5:
   case GL_UNSIGNED_SHORT_4_4_4_4:
   case GL_UNSIGNED_SHORT_5_5_5_1:
      return true;
   default:
      return false;
   }
}

void GLAPIENTRY
_mesa_ReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                 GLenum type, void *pixels)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_context_lost(ctx, "glReadPixels"))
      return;

   if (width < 0 || height < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glReadPixels(%d x %d)", width,
                  height);
      return;
   }
   if (!valid_format(format) || !valid_type(ctx, type)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glReadPixels(format/type)");
      return;
   }
   if (!_mesa_read_framebuffer_complete(ctx, "glReadPixels") ||
       !_mesa_read_framebuffer_single_sampled(ctx, "glReadPixels"))
      return;
   /* ES 2.0: RGBA/UNSIGNED_BYTE, or the implementation's read
    * format/type (the same here); any other valid pair is an
    * INVALID_OPERATION.  Desktop contexts also read RGB, and FLOAT (what
    * piglit's probes use); their other pairs are not implemented yet. */
   if (_mesa_is_gles(ctx) ? format != GL_RGBA || type != GL_UNSIGNED_BYTE
                          : (format != GL_RGBA && format != GL_RGB) ||
                               (type != GL_UNSIGNED_BYTE &&
                                type != GL_FLOAT)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glReadPixels(format/type)");
      return;
   }
   if (ctx->ReadBuffer->Name && ctx->ReadBuffer->ColorReadBuffer == GL_NONE) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glReadPixels(no read buffer)");
      return;
   }
   struct pbo_map map;
   void *dst = _mesa_map_pbo(
      ctx, true, pixels,
      _mesa_image_size_B(width, height, 4, (unsigned)ctx->Pixel.PackAlignment),
      &map, "glReadPixels");
   if (!dst)
      return;
   st_read_pixels(ctx->st, x, y, width, height, format, type, dst);
   _mesa_unmap_pbo(ctx, &map);
}
