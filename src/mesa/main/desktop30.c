/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Desktop GL state entry points that ES does not have: the GL 3.0
 * indexed blend enables and colour masks (EXT_draw_buffers2 in core),
 * colour clamping (ARB_color_buffer_float), the integer texture
 * parameter forms (EXT_texture_integer), and the double-precision and
 * single-buffer forms of GL 1.0 calls that shader_runner and GL 3.0
 * programs use.  Each follows the GL 3.0 specification section named at
 * it.
 */
#include <string.h>

#include "main/context.h"
#include "main/desktop30.h"
#include "main/fbobject.h"
#include "main/texborder.h"
#include "main/viewport_array.h"
#include "state_tracker/st_context.h"
#include "util/format/u_format.h"
#include "util/u_math.h"

/* ES contexts lack these entry points: calls there are GL_INVALID_OPERATION,
 * as Mesa answers commands outside a context's API. */
static bool
desktop_only(struct gl_context *ctx, const char *func)
{
   if (!_mesa_is_gles(ctx))
      return true;
   _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in OpenGL ES)", func);
   return false;
}

/* --- Indexed blend enables and colour masks (section 4.1.8, 4.2.2) ------ */

static bool
draw_buffer_index_ok(struct gl_context *ctx, GLuint index, const char *func)
{
   if (index < (GLuint)ctx->Const.MaxDrawBuffers && index < MAX_DRAW_BUFFERS)
      return true;
   _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
   return false;
}

static void
set_blend_i(GLenum target, GLuint index, bool state, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLboolean on = state;

   /* GL_SCISSOR_TEST with viewport arrays, also in ES */
   if (_mesa_scissor_test_indexed(ctx, target, index, true, &on, func))
      return;
   if (!desktop_only(ctx, func))
      return;
   if (target != GL_BLEND) {
      /* GL 3.0 section 4.1.8: only BLEND is indexed. */
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   if (!draw_buffer_index_ok(ctx, index, func))
      return;
   if (state)
      ctx->Color.BlendEnabledi |= (uint8_t)(1u << index);
   else
      ctx->Color.BlendEnabledi &= (uint8_t)~(1u << index);
   if (index == 0)
      ctx->Color.BlendEnabled = state;
   ctx->NewState |= ST_NEW_BLEND;
}

void GLAPIENTRY
_mesa_Enablei(GLenum target, GLuint index)
{
   set_blend_i(target, index, true, "glEnablei");
}

void GLAPIENTRY
_mesa_Disablei(GLenum target, GLuint index)
{
   set_blend_i(target, index, false, "glDisablei");
}

GLboolean GLAPIENTRY
_mesa_IsEnabledi(GLenum target, GLuint index)
{
   GET_CURRENT_CONTEXT(ctx);

   GLboolean on = GL_FALSE;

   if (ctx && _mesa_scissor_test_indexed(ctx, target, index, false, &on,
                                         "glIsEnabledi"))
      return on;
   if (!ctx || !desktop_only(ctx, "glIsEnabledi"))
      return GL_FALSE;
   if (target != GL_BLEND) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glIsEnabledi(target=0x%x)", target);
      return GL_FALSE;
   }
   if (!draw_buffer_index_ok(ctx, index, "glIsEnabledi"))
      return GL_FALSE;
   return (ctx->Color.BlendEnabledi >> index) & 1 ? GL_TRUE : GL_FALSE;
}

void GLAPIENTRY
_mesa_ColorMaski(GLuint index, GLboolean r, GLboolean g, GLboolean b,
                 GLboolean a)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!desktop_only(ctx, "glColorMaski") ||
       !draw_buffer_index_ok(ctx, index, "glColorMaski"))
      return;
   /* Bits in PIPE_MASK_R/G/B/A order. */
   ctx->Color.ColorMaski[index] =
      (uint8_t)((r ? 1 : 0) | (g ? 2 : 0) | (b ? 4 : 0) | (a ? 8 : 0));
   if (index == 0) {
      ctx->Color.ColorMask[0] = r != GL_FALSE;
      ctx->Color.ColorMask[1] = g != GL_FALSE;
      ctx->Color.ColorMask[2] = b != GL_FALSE;
      ctx->Color.ColorMask[3] = a != GL_FALSE;
   }
   ctx->NewState |= ST_NEW_BLEND;
}

/* GL 3.0 section 6.1.1: the indexed state as booleans; BLEND and
 * COLOR_WRITEMASK here, the indexed buffer bindings through
 * glGetIntegeri_v. */
void GLAPIENTRY
_mesa_GetBooleani_v(GLenum target, GLuint index, GLboolean *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!desktop_only(ctx, "glGetBooleani_v"))
      return;
   if (target == GL_BLEND || target == GL_COLOR_WRITEMASK) {
      if (!draw_buffer_index_ok(ctx, index, "glGetBooleani_v"))
         return;
      if (target == GL_BLEND) {
         data[0] = (ctx->Color.BlendEnabledi >> index) & 1;
         return;
      }
      for (int i = 0; i < 4; i++)
         data[i] = (ctx->Color.ColorMaski[index] >> i) & 1;
      return;
   }
   GLint v = 0;
   GLenum before = ctx->ErrorValue;
   _mesa_GetIntegeri_v(target, index, &v);
   if (ctx->ErrorValue == before)
      data[0] = v != 0;
}

/* --- Colour clamping (section 2.19.6, 3.9.11, 4.3.2) --------------------- */

void GLAPIENTRY
_mesa_ClampColor(GLenum target, GLenum clamp)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!desktop_only(ctx, "glClampColor"))
      return;
   if (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glClampColor(clamp=0x%x)", clamp);
      return;
   }
   switch (target) {
   case GL_CLAMP_READ_COLOR:
      ctx->Color.ClampReadColor = clamp;
      return;
   case GL_CLAMP_FRAGMENT_COLOR:
   case GL_CLAMP_VERTEX_COLOR:
      /* Compatibility contexts keep both (GL 3.0 sections 2.19.6 and
       * 3.9.11, GL 4.6 compatibility 17.3.9; ARB_color_buffer_float):
       * the program variants clamp vertex colours or fragment colours
       * to [0, 1] as they say (st_program.c, st_color_clamp). */
      if (!_mesa_is_desktop_fc(ctx)) {
         GLenum *dst = target == GL_CLAMP_VERTEX_COLOR
                          ? &ctx->Light.ClampVertexColor
                          : &ctx->Color.ClampFragmentColor;
         if (*dst != clamp) {
            *dst = clamp;
            ctx->NewState |= ST_NEW_PROGRAM;
         }
         return;
      }
      _mesa_error(ctx, GL_INVALID_ENUM, "glClampColor(target=0x%x)", target);
      return;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glClampColor(target=0x%x)", target);
   }
}

static bool
is_float_format(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);

   if (!d)
      return false;
   for (unsigned i = 0; i < d->nr_channels; i++) {
      if (d->channel[i].type != UTIL_FORMAT_TYPE_VOID)
         return d->channel[i].type == UTIL_FORMAT_TYPE_FLOAT;
   }
   return false;
}

bool
_mesa_read_color_clamped(const struct gl_context *ctx, enum pipe_format buffer)
{
   if (ctx->Color.ClampReadColor == GL_FIXED_ONLY)
      return !is_float_format(buffer) && !util_format_is_pure_integer(buffer);
   return ctx->Color.ClampReadColor == GL_TRUE;
}

bool
_mesa_fragment_color_clamped(const struct gl_context *ctx)
{
   GLenum mode = ctx->Color.ClampFragmentColor;

   /* (core and ES contexts have no fragment colour clamping) */
   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
      return false;
   if (mode != GL_FIXED_ONLY)
      return mode == GL_TRUE;
   const struct gl_framebuffer *fb = ctx->DrawBuffer;
   if (!fb || !fb->Name)
      return true; /* the window system's buffers are fixed-point */
   for (unsigned i = 0; i < MAX_DRAW_BUFFERS; i++) {
      const struct gl_renderbuffer *rb = _mesa_fbo_draw_rb(fb, i);
      if (rb && rb->texture && is_float_format(_mesa_rb_texel_format(rb)))
         return false;
   }
   return true;
}

void
_mesa_fragment_clamp_values(const struct gl_context *ctx, const GLfloat *in,
                            GLfloat *out, unsigned n)
{
   bool clamp = _mesa_fragment_color_clamped(ctx);

   for (unsigned i = 0; i < n; i++)
      out[i] = clamp ? CLAMP(in[i], 0.0f, 1.0f) : in[i];
}

void
_mesa_clamp_read_color(struct gl_context *ctx, enum pipe_format buffer,
                       enum pipe_format client, GLsizei width, GLsizei height,
                       void *pixels)
{
   const struct util_format_description *d =
      util_format_description(client);

   if (_mesa_is_gles(ctx) || !d || width <= 0 || height <= 0)
      return;
   bool clamp = _mesa_read_color_clamped(ctx, buffer);
   /* Only 32-bit float client formats hold values outside [0, 1] that a
    * clamp changes (a fixed-point buffer read as UNSIGNED_BYTE already
    * is in range). */
   if (!clamp || !is_float_format(client) ||
       d->channel[0].size != 32)
      return;
   unsigned bpp = util_format_get_blocksize(client);
   unsigned align = (unsigned)ctx->Pixel.PackAlignment;
   size_t row_B = ((size_t)width * bpp + align - 1) / align * align;
   for (GLsizei y = 0; y < height; y++) {
      float *row = (float *)((char *)pixels + (size_t)y * row_B);
      for (size_t i = 0; i < (size_t)width * (bpp / 4); i++) {
         float f = row[i];
         row[i] = f > 1.0f ? 1.0f : (f >= 0.0f ? f : 0.0f);
      }
   }
}

/* --- Integer texture parameters (section 3.9.4) -------------------------- */

/* The integer forms take the same parameters as glTexParameteriv; they
 * differ only for TEXTURE_BORDER_COLOR, kept as integers (texborder.c). */
void GLAPIENTRY
_mesa_TexParameterIiv(GLenum target, GLenum pname, const GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!desktop_only(ctx, "glTexParameterIiv"))
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR)
      _mesa_tex_border_color(target, params, GL_BORDER_FORM_IINT,
                             "glTexParameterIiv");
   else
      _mesa_TexParameteriv(target, pname, params);
}

void GLAPIENTRY
_mesa_TexParameterIuiv(GLenum target, GLenum pname, const GLuint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   /* four values for GL_TEXTURE_SWIZZLE_RGBA (GL 3.3) */
   unsigned n = pname == GL_TEXTURE_SWIZZLE_RGBA ? 4 : 1;
   GLint v[4];
   for (unsigned i = 0; i < n; i++)
      v[i] = (GLint)params[i];

   if (!desktop_only(ctx, "glTexParameterIuiv"))
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR)
      _mesa_tex_border_color(target, params, GL_BORDER_FORM_IUINT,
                             "glTexParameterIuiv");
   else
      _mesa_TexParameteriv(target, pname, v);
}

void GLAPIENTRY
_mesa_GetTexParameterIiv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!desktop_only(ctx, "glGetTexParameterIiv"))
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR)
      _mesa_get_tex_border_color(target, params, GL_BORDER_FORM_IINT,
                                 "glGetTexParameterIiv");
   else
      _mesa_GetTexParameteriv(target, pname, params);
}

void GLAPIENTRY
_mesa_GetTexParameterIuiv(GLenum target, GLenum pname, GLuint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLint v[4];
   GLenum before = ctx->ErrorValue;
   /* four values for GL_TEXTURE_SWIZZLE_RGBA (GL 3.3) */
   unsigned n = pname == GL_TEXTURE_SWIZZLE_RGBA ? 4 : 1;

   if (!desktop_only(ctx, "glGetTexParameterIuiv"))
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      _mesa_get_tex_border_color(target, params, GL_BORDER_FORM_IUINT,
                                 "glGetTexParameterIuiv");
      return;
   }
   _mesa_GetTexParameteriv(target, pname, v);
   if (ctx->ErrorValue == before) {
      for (unsigned i = 0; i < n; i++)
         params[i] = (GLuint)v[i];
   }
}

/* --- GL 1.0 forms (sections 2.12.1, 4.2.1, 4.2.3) ------------------------ */

void GLAPIENTRY
_mesa_ClearDepth(GLdouble depth)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (desktop_only(ctx, "glClearDepth"))
      _mesa_ClearDepthf((GLfloat)depth);
}

void GLAPIENTRY
_mesa_DepthRange(GLdouble n, GLdouble f)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (desktop_only(ctx, "glDepthRange"))
      _mesa_DepthRangef((GLfloat)n, (GLfloat)f);
}

/* glDrawBuffer: one buffer for draw buffer 0, NONE for the others. */
void GLAPIENTRY
_mesa_DrawBuffer(GLenum buf)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!desktop_only(ctx, "glDrawBuffer") || !ctx->DrawBuffer)
      return;
   if (!ctx->DrawBuffer->Name) {
      /* Front, back, both, or none (buffers.c). */
      _mesa_winsys_draw_buffer(ctx, buf);
      return;
   }
   if (buf != GL_NONE && _mesa_winsys_buffer_bits(buf) >= 0) {
      /* GL 4.6 section 17.4.1: a default framebuffer's buffer. */
      _mesa_error(ctx, GL_INVALID_OPERATION, "glDrawBuffer(0x%x)", buf);
      return;
   }
   _mesa_DrawBuffers(1, &buf);
}

/* --- Polygon rasterization mode (section 3.5.4) -------------------------- */

void GLAPIENTRY
_mesa_PolygonMode(GLenum face, GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!desktop_only(ctx, "glPolygonMode"))
      return;
   /* Separate front and back modes are deprecated (appendix E). */
   if (face != GL_FRONT_AND_BACK &&
       ((face != GL_FRONT && face != GL_BACK) || _mesa_is_desktop_fc(ctx))) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glPolygonMode(face=0x%x)", face);
      return;
   }
   if (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glPolygonMode(mode=0x%x)", mode);
      return;
   }
   if (face != GL_BACK)
      ctx->Polygon.FrontMode = mode;
   if (face != GL_FRONT)
      ctx->Polygon.BackMode = mode;
   ctx->NewState |= ST_NEW_RASTERIZER;
}
