/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include "main/context.h"
#include "main/extensions.h"
#include "main/geomshader.h"
#include "main/gpu_shader5.h"
#include "main/texgather.h"

/* interpolateAtOffset's range (ARB_gpu_shader5, New Implementation
 * Dependent State: the minimum ranges).  The AGX compiler evaluates the
 * coefficient planes at the offset in fp32 (agx_isel.c), so any offset in
 * the range is taken as it is; 4 bits is the spec's minimum precision. */
#define INTERP_OFFSET_MIN -0.5f
#define INTERP_OFFSET_MAX 0.5f
#define INTERP_OFFSET_BITS 4

bool
_mesa_has_gpu_shader5(const struct gl_context *ctx)
{
   const struct gl_constants *c = &ctx->Const;
   return !_mesa_is_gles(ctx) && _mesa_glsl_version(ctx) >= 150 &&
          _mesa_has_geometry_shaders(ctx) &&
          _mesa_has_texture_gather(ctx) && c->TextureGatherSM5 &&
          c->MaxGeometryShaderInvocations >= 32 && c->MaxVertexStreams >= 4;
}

bool
_mesa_get_gpu_shader5_limit(const struct gl_context *ctx, GLenum pname,
                            GLfloat *value, bool *is_float, bool *known)
{
   const struct gl_constants *c = &ctx->Const;
   *is_float = false;
   switch (pname) {
   case GL_MAX_GEOMETRY_SHADER_INVOCATIONS:
      *value = (GLfloat)c->MaxGeometryShaderInvocations;
      break;
   case GL_MAX_VERTEX_STREAMS:
      *value = (GLfloat)c->MaxVertexStreams;
      break;
   case GL_MIN_FRAGMENT_INTERPOLATION_OFFSET:
      *value = INTERP_OFFSET_MIN;
      *is_float = true;
      break;
   case GL_MAX_FRAGMENT_INTERPOLATION_OFFSET:
      *value = INTERP_OFFSET_MAX;
      *is_float = true;
      break;
   case GL_FRAGMENT_INTERPOLATION_OFFSET_BITS:
      *value = INTERP_OFFSET_BITS;
      break;
   default:
      return false;
   }
   /* (ARB_transform_feedback3 defines MAX_VERTEX_STREAMS too) */
   *known = _mesa_has_gpu_shader5(ctx) ||
            (pname == GL_MAX_VERTEX_STREAMS &&
             _mesa_has_extension(ctx, "GL_ARB_transform_feedback3"));
   return true;
}
