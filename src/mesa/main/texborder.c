/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * TEXTURE_BORDER_COLOR and CLAMP_TO_BORDER (texborder.h).  The colour is
 * kept as the four 32-bit values it was given in: floats, or integers
 * for the TexParameterI forms (GL 3.3 section 3.8.8: "If the values are
 * specified with TexParameterIiv or TexParameterIuiv, they are unmodified
 * and stored with an internal data type of integer").  The driver encodes
 * it for the format of the texture sampled.
 */
#include <math.h>
#include <string.h>

#include "main/context.h"
#include "main/desktop30.h"
#include "main/texborder.h"
#include "main/texobj.h"

bool
_mesa_wrap_value_ok(const struct gl_context *ctx, GLenum value)
{
   if (value == GL_CLAMP_TO_BORDER)
      return !_mesa_is_gles(ctx);
   /* GL 3.0 compatibility section 3.9.4 (deprecated: not in core). */
   if (value == GL_CLAMP)
      return !_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx);
   return _mesa_sampler_value_ok(GL_TEXTURE_WRAP_S, value);
}

void
_mesa_set_border_color(struct gl_border_color *b, const void *params,
                       enum gl_border_form form)
{
   for (unsigned i = 0; i < 4; i++) {
      switch (form) {
      case GL_BORDER_FORM_FLOAT:
         b->v.f[i] = ((const GLfloat *)params)[i];
         break;
      case GL_BORDER_FORM_INT: {
         /* Section 2.3.1: signed integers to [-1, 1]. */
         double v = ((const GLint *)params)[i] / 2147483647.0;
         b->v.f[i] = (GLfloat)(v < -1.0 ? -1.0 : v);
         break;
      }
      case GL_BORDER_FORM_IINT:
         b->v.i[i] = ((const GLint *)params)[i];
         break;
      case GL_BORDER_FORM_IUINT:
         b->v.ui[i] = ((const GLuint *)params)[i];
         break;
      }
   }
   b->is_integer =
      form == GL_BORDER_FORM_IINT || form == GL_BORDER_FORM_IUINT;
}

void
_mesa_get_border_color(const struct gl_border_color *b, void *params,
                       enum gl_border_form form)
{
   for (unsigned i = 0; i < 4; i++) {
      switch (form) {
      case GL_BORDER_FORM_FLOAT:
         ((GLfloat *)params)[i] =
            b->is_integer ? (GLfloat)b->v.i[i] : b->v.f[i];
         break;
      case GL_BORDER_FORM_INT: {
         /* Section 6.1.2: a colour read as an integer maps [-1, 1] to
          * the integer range, ((2^32 - 1) c - 1) / 2. */
         if (b->is_integer) {
            ((GLint *)params)[i] = b->v.i[i];
            break;
         }
         double c = b->v.f[i];
         c = isnan(c) ? 0.0 : (c < -1.0 ? -1.0 : (c > 1.0 ? 1.0 : c));
         double v = nearbyint((4294967295.0 * c - 1.0) / 2.0);
         ((GLint *)params)[i] = (GLint)(v < -2147483648.0 ? -2147483648.0
                                        : v > 2147483647.0 ? 2147483647.0
                                                           : v);
         break;
      }
      case GL_BORDER_FORM_IINT:
      case GL_BORDER_FORM_IUINT:
         /* The stored bits (for floats, as GL 3.3 section 6.1.3 leaves
          * the conversion of float state to the I forms: the values). */
         if (b->is_integer)
            memcpy((GLint *)params + i, &b->v.i[i], 4);
         else
            ((GLint *)params)[i] = (GLint)b->v.f[i];
         break;
      }
   }
}

void
_mesa_tex_border_color(GLenum target, const void *params,
                       enum gl_border_form form, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=GL_TEXTURE_BORDER_COLOR)",
                  func);
      return;
   }
   struct gl_texture_object *t =
      _mesa_get_current_tex_object(ctx, target, func);
   if (!t)
      return;
   _mesa_set_border_color(&t->BorderColor, params, form);
   t->SamplerStamp++;
   ctx->NewState |= ST_NEW_SAMPLERS;
}

void
_mesa_get_tex_border_color(GLenum target, void *params,
                           enum gl_border_form form, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=GL_TEXTURE_BORDER_COLOR)",
                  func);
      return;
   }
   struct gl_texture_object *t =
      _mesa_get_current_tex_object(ctx, target, func);
   if (!t)
      return;
   _mesa_get_border_color(&t->BorderColor, params, form);
   /* GL 3.0 section 6.1.2 (ARB_color_buffer_float): a float query of a
    * float border colour clamps while fragment colour clamping is on. */
   if (form == GL_BORDER_FORM_FLOAT && !t->BorderColor.is_integer)
      _mesa_fragment_clamp_values(ctx, params, params, 4);
}
