/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include "main/context.h"
#include "main/texgather.h"

bool
_mesa_has_texture_gather(const struct gl_context *ctx)
{
   if (ctx->Const.MaxTextureGatherComponents == 0)
      return false;
   return !_mesa_is_gles(ctx) || ctx->Version >= 31;
}

bool
_mesa_get_texture_gather_limit(struct gl_context *ctx, GLenum pname,
                               GLint *value, bool *known)
{
   const struct gl_constants *c = &ctx->Const;
   *known = _mesa_has_texture_gather(ctx);
   switch (pname) {
   case GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB:
      *value = c->MaxTextureGatherComponents;
      return true;
   case GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET:
      *value = c->MinTextureGatherOffset;
      return true;
   case GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET:
      *value = c->MaxTextureGatherOffset;
      return true;
   default:
      return false;
   }
}
