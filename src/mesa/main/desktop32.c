/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glGet* of the state and limits GL 3.2 adds besides geometry shaders
 * (GL 3.2 core tables 6.8-6.52): the multisample texture limits and
 * bindings, the sample mask enable, DEPTH_CLAMP, TEXTURE_CUBE_MAP_SEAMLESS,
 * PROGRAM_POINT_SIZE and ARB_provoking_vertex's quads rule.  The
 * extensions they come from are offered to 3.0/3.1 contexts too when the
 * driver has them (extensions.c).  ES 3.1 has the multisample texture
 * ones but the array binding (ES 3.1 tables 20.4, 20.10, 20.46-20.47).
 */
#include "main/context.h"
#include "main/desktop32.h"
#include "main/texture_multisample.h"

bool
_mesa_get_desktop32_state(struct gl_context *ctx, GLenum pname, GLint *out,
                          bool *is_bool)
{
   const struct gl_constants *c = &ctx->Const;
   bool ms = _mesa_has_texture_multisample(ctx);
   const struct gl_texture_unit *unit = &ctx->TexUnit[ctx->ActiveTexture];

   *is_bool = false;
   bool desktop = !_mesa_is_gles(ctx);
   ms = ms && (desktop || pname != GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY);
   switch (pname) {
   case GL_MAX_SAMPLE_MASK_WORDS: /* table 6.52: at least 1 */
      *out = 1;
      return ms;
   case GL_MAX_COLOR_TEXTURE_SAMPLES:
      *out = c->MaxColorTextureSamples;
      return ms;
   case GL_MAX_DEPTH_TEXTURE_SAMPLES:
      *out = c->MaxDepthTextureSamples;
      return ms;
   case GL_MAX_INTEGER_SAMPLES:
      *out = c->MaxIntegerSamples;
      return ms;
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE: /* table 6.19 */
      *out = (GLint)unit->Current[TEXTURE_2D_MULTISAMPLE_INDEX]->Name;
      return ms;
   case GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY:
      *out = (GLint)unit->Current[TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX]->Name;
      return ms;
   case GL_SAMPLE_MASK: /* table 6.17 */
      *out = ctx->Multisample.SampleMask;
      *is_bool = true;
      return ms;
   case GL_DEPTH_CLAMP: /* table 6.9 */
      *out = ctx->DepthClamp;
      *is_bool = true;
      return desktop && c->DepthClamp;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS: /* table 6.20 */
      *out = ctx->CubeMapSeamless;
      *is_bool = true;
      return desktop;
   case GL_PROGRAM_POINT_SIZE: /* table 6.12 */
      *out = ctx->ProgramPointSize;
      *is_bool = true;
      return desktop;
   case GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION:
      /* ARB_provoking_vertex (table 6.52): quads take the vertex the
       * convention names (the asahi driver: agx_prim_convert.c).  The
       * GL 3.3 core profile has no quads and removed the state (GL 3.2
       * core table 6.45 listed it by mistake). */
      if (!desktop ||
          (ctx->API == ST_PROFILE_OPENGL_CORE && ctx->Version >= 33))
         return false;
      *out = GL_TRUE;
      *is_bool = true;
      return true;
   default:
      return false;
   }
}
