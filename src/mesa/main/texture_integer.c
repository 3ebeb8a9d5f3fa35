/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * EXT_texture_integer: ClearColorIiEXT / ClearColorIuiEXT and the
 * RGBA_INTEGER_MODE_EXT query (texture_integer.h).
 */
#include <string.h>

#include "main/context.h"
#include "main/fbobject.h"
#include "main/texture_integer.h"
#include "util/format/u_format.h"

/* EXT_texture_integer section 4.2.3: the integer clear values of integer
 * colour buffers.  They share the clear colour's storage (as the 32-bit
 * words Clear hands the driver for integer buffers, like ClearBufferiv);
 * a later ClearColor replaces them, and COLOR_CLEAR_VALUE reads them
 * back as the floats with the same bits (the extension adds no query). */
static void
clear_color_words(const uint32_t words[4])
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glClearColorI*EXT");
      return;
   }
   memcpy(ctx->Color.ClearColor, words, sizeof(ctx->Color.ClearColor));
}

void GLAPIENTRY
_mesa_ClearColorIiEXT(GLint red, GLint green, GLint blue, GLint alpha)
{
   const uint32_t w[4] = {(uint32_t)red, (uint32_t)green, (uint32_t)blue,
                          (uint32_t)alpha};
   clear_color_words(w);
}

void GLAPIENTRY
_mesa_ClearColorIuiEXT(GLuint red, GLuint green, GLuint blue, GLuint alpha)
{
   const uint32_t w[4] = {red, green, blue, alpha};
   clear_color_words(w);
}

bool
_mesa_rgba_integer_mode(const struct gl_context *ctx)
{
   const struct gl_framebuffer *fb = ctx->DrawBuffer;

   if (!fb || !fb->Name)
      return false;
   for (unsigned i = 0; i < MAX_DRAW_BUFFERS; i++) {
      const struct gl_renderbuffer *rb = _mesa_fbo_draw_rb(fb, i);
      if (!rb)
         continue;
      enum pipe_format f = rb->texture ? rb->texture->format : rb->Format;
      if (util_format_is_pure_integer(f))
         return true;
   }
   return false;
}
