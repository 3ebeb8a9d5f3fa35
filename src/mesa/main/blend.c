/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Blending and colour masks (ES 2.0 section 4.1.6-4.2.2). */
#include "main/context.h"
#include "main/blend.h"
#include "main/extensions.h"

/* ARB_blend_func_extended (desktop), EXT_blend_func_extended (ES). */
static bool
has_blend_func_extended(struct gl_context *ctx)
{
   return _mesa_has_extension(ctx, _mesa_is_gles(ctx)
                                      ? "GL_EXT_blend_func_extended"
                                      : "GL_ARB_blend_func_extended");
}

static bool
valid_factor(struct gl_context *ctx, GLenum f, bool dst)
{
   switch (f) {
   case GL_ZERO:
   case GL_ONE:
   case GL_SRC_COLOR:
   case GL_ONE_MINUS_SRC_COLOR:
   case GL_DST_COLOR:
   case GL_ONE_MINUS_DST_COLOR:
   case GL_SRC_ALPHA:
   case GL_ONE_MINUS_SRC_ALPHA:
   case GL_DST_ALPHA:
   case GL_ONE_MINUS_DST_ALPHA:
   case GL_CONSTANT_COLOR:
   case GL_ONE_MINUS_CONSTANT_COLOR:
   case GL_CONSTANT_ALPHA:
   case GL_ONE_MINUS_CONSTANT_ALPHA:
      return true;
   case GL_SRC_ALPHA_SATURATE:
      /* ES 2.0 allows it only as a source factor; ES 3.0 and GL both,
       * and EXT_blend_func_extended lifts the ES 2.0 rule (its issue
       * 2). */
      return !dst || !_mesa_is_gles(ctx) || ctx->Version >= 30 ||
             has_blend_func_extended(ctx);
   case GL_SRC1_COLOR:
   case GL_SRC1_ALPHA:
   case GL_ONE_MINUS_SRC1_COLOR:
   case GL_ONE_MINUS_SRC1_ALPHA:
      /* The second source colour of dual-source blending. */
      return has_blend_func_extended(ctx);
   default:
      return false;
   }
}

void GLAPIENTRY
_mesa_BlendFuncSeparate(GLenum sfactorRGB, GLenum dfactorRGB,
                        GLenum sfactorAlpha, GLenum dfactorAlpha)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!valid_factor(ctx, sfactorRGB, false) ||
       !valid_factor(ctx, dfactorRGB, true) ||
       !valid_factor(ctx, sfactorAlpha, false) ||
       !valid_factor(ctx, dfactorAlpha, true)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBlendFunc(factor)");
      return;
   }
   ctx->Color.SrcRGB = sfactorRGB;
   ctx->Color.DstRGB = dfactorRGB;
   ctx->Color.SrcA = sfactorAlpha;
   ctx->Color.DstA = dfactorAlpha;
   ctx->NewState |= ST_NEW_BLEND;
}

void GLAPIENTRY
_mesa_BlendFunc(GLenum sfactor, GLenum dfactor)
{
   _mesa_BlendFuncSeparate(sfactor, dfactor, sfactor, dfactor);
}

static bool
valid_equation(struct gl_context *ctx, GLenum mode)
{
   switch (mode) {
   case GL_FUNC_ADD:
   case GL_FUNC_SUBTRACT:
   case GL_FUNC_REVERSE_SUBTRACT:
      return true;
   case GL_MIN:
   case GL_MAX:
      return !_mesa_is_gles(ctx) || ctx->Version >= 30;
   default:
      return false;
   }
}

void GLAPIENTRY
_mesa_BlendEquationSeparate(GLenum modeRGB, GLenum modeAlpha)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!valid_equation(ctx, modeRGB) || !valid_equation(ctx, modeAlpha)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBlendEquation(mode)");
      return;
   }
   ctx->Color.EquationRGB = modeRGB;
   ctx->Color.EquationA = modeAlpha;
   ctx->NewState |= ST_NEW_BLEND;
}

/* KHR_blend_equation_advanced: the equation's number (1 MULTIPLY ... 15
 * HSL_LUMINOSITY, as enum pipe_advanced_blend_mode), 0 for other enums. */
unsigned
_mesa_advanced_blend_mode(GLenum mode)
{
   static const GLenum modes[] = {
      GL_MULTIPLY_KHR, GL_SCREEN_KHR, GL_OVERLAY_KHR, GL_DARKEN_KHR,
      GL_LIGHTEN_KHR, GL_COLORDODGE_KHR, GL_COLORBURN_KHR,
      GL_HARDLIGHT_KHR, GL_SOFTLIGHT_KHR, GL_DIFFERENCE_KHR,
      GL_EXCLUSION_KHR, GL_HSL_HUE_KHR, GL_HSL_SATURATION_KHR,
      GL_HSL_COLOR_KHR, GL_HSL_LUMINOSITY_KHR,
   };
   /* (the enums lie between the first and the last: most calls, with
    * GL_FUNC_ADD, return at once) */
   if (mode < GL_MULTIPLY_KHR || mode > GL_HSL_LUMINOSITY_KHR)
      return 0;
   for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
      if (modes[i] == mode)
         return i + 1;
   }
   return 0;
}

void GLAPIENTRY
_mesa_BlendEquation(GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   /* The advanced equations are taken by BlendEquation (and
    * BlendEquationi) only, for RGB and alpha together; BlendEquationSeparate
    * keeps rejecting them (KHR_blend_equation_advanced, "Errors"). */
   if (_mesa_advanced_blend_mode(mode) &&
       _mesa_has_extension(ctx, "GL_KHR_blend_equation_advanced")) {
      ctx->Color.EquationRGB = mode;
      ctx->Color.EquationA = mode;
      ctx->NewState |= ST_NEW_BLEND;
      return;
   }
   _mesa_BlendEquationSeparate(mode, mode);
}

/* KHR_blend_equation_advanced: blends are always coherent here (the
 * shader reads the tilebuffer in primitive order), so nothing to wait
 * for. */
void GLAPIENTRY
_mesa_BlendBarrier(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   (void)ctx;
}

void GLAPIENTRY
_mesa_BlendColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   /* Kept as given (ES 3.0.6 section 4.1.7, GL 3.0, and ES 2.0 with
    * EXT_color_buffer_half_float); the state tracker clamps it for
    * fixed-point colour buffers. */
   ctx->Color.BlendColor[0] = red;
   ctx->Color.BlendColor[1] = green;
   ctx->Color.BlendColor[2] = blue;
   ctx->Color.BlendColor[3] = alpha;
   ctx->NewState |= ST_NEW_BLEND_COLOR;
}

void GLAPIENTRY
_mesa_ColorMask(GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   ctx->Color.ColorMask[0] = red != GL_FALSE;
   ctx->Color.ColorMask[1] = green != GL_FALSE;
   ctx->Color.ColorMask[2] = blue != GL_FALSE;
   ctx->Color.ColorMask[3] = alpha != GL_FALSE;
   for (int i = 0; i < MAX_DRAW_BUFFERS; i++)
      ctx->Color.ColorMaski[i] = (red ? 1 : 0) | (green ? 2 : 0) |
                                 (blue ? 4 : 0) | (alpha ? 8 : 0);
   ctx->NewState |= ST_NEW_BLEND;
}

void GLAPIENTRY
_mesa_ClearColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   /* ES 3.0.6 and GL 3.0 section 4.2.3 (and ES 2.0 with
    * EXT_color_buffer_half_float, which drops ES 2.0's clamp) keep the
    * values as given: float colour buffers are cleared to them,
    * fixed-point ones to the values clamped, which the driver's
    * conversion to the buffer's format does. */
   ctx->Color.ClearColor[0] = red;
   ctx->Color.ClearColor[1] = green;
   ctx->Color.ClearColor[2] = blue;
   ctx->Color.ClearColor[3] = alpha;
}
