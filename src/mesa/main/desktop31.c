/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Desktop GL 3.1 state that ES does not have: the primitive restart index
 * (GL 3.1 section 2.8.1; GL_PRIMITIVE_RESTART itself is a capability in
 * raster.c) and the rules rectangle textures add to texture parameters
 * (GL 3.1 section 3.8.8, with GL 4.5's error for the base level).
 * Rectangle texture images are teximage.c's.
 */
#include "main/context.h"
#include "main/desktop31.h"

void GLAPIENTRY
_mesa_PrimitiveRestartIndex(GLuint index)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   /* The command is GL 3.1's: older contexts and ES lack it (as Mesa
    * answers commands outside a context's API). */
   if (!_mesa_has_primitive_restart_index(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glPrimitiveRestartIndex(not in this context)");
      return;
   }
   ctx->RestartIndex = index;
}

bool
_mesa_has_rect_textures(const struct gl_context *ctx)
{
   /* GL 3.1 core; ARB_texture_rectangle in the 3.0 contexts (listed in
    * extensions.c for desktop GL). */
   return !_mesa_is_gles(ctx);
}

bool
_mesa_has_primitive_restart_index(const struct gl_context *ctx)
{
   return !_mesa_is_gles(ctx) && ctx->Version >= 31;
}

GLenum
_mesa_rect_parameter_error(GLenum pname, GLint value)
{
   switch (pname) {
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
      /* Section 3.8.8: REPEAT and MIRRORED_REPEAT are INVALID_ENUM. */
      return value == GL_REPEAT || value == GL_MIRRORED_REPEAT
                ? GL_INVALID_ENUM
                : GL_NO_ERROR;
   case GL_TEXTURE_MIN_FILTER:
      /* Only NEAREST and LINEAR: the texture has no mipmaps. */
      return value == GL_NEAREST || value == GL_LINEAR ? GL_NO_ERROR
                                                       : GL_INVALID_ENUM;
   case GL_TEXTURE_BASE_LEVEL:
      /* GL 3.1-3.3 said INVALID_VALUE; GL 4.5 section 8.10 made it
       * INVALID_OPERATION (as ES 3.1 has for multisample textures), and
       * Mesa and piglit follow 4.5. */
      return value != 0 ? GL_INVALID_OPERATION : GL_NO_ERROR;
   default:
      return GL_NO_ERROR;
   }
}
