/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What every fixed-function state command of compatibility contexts
 * shares: who may call it (_mesa_ff_allowed), what a change marks dirty
 * (_mesa_ff_changed), and the conversion of the parameters of the
 * glName{f,i,d}[v] families (glTexEnv, glFog, glTexGen, glLight,
 * glLightModel, glMaterial) to floats and of their queries back.  The
 * families themselves (ffstate.c, light.c) validate and store floats
 * only; their entry points are generated (gl_ff_entry_gen.py).
 */
#include <math.h>
#include <string.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "util/u_math.h"

bool
_mesa_has_ff(const struct gl_context *ctx)
{
   return !_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx);
}

bool
_mesa_ff_compat_only(struct gl_context *ctx, const char *func)
{
   if (_mesa_has_ff(ctx))
      return true;
   _mesa_error(ctx, GL_INVALID_OPERATION,
               "%s(only in compatibility contexts)", func);
   return false;
}

bool
_mesa_ff_allowed(struct gl_context *ctx, const char *func)
{
   return _mesa_ff_compat_only(ctx, func) &&
          !_mesa_inside_begin_end(ctx, func);
}

void
_mesa_ff_changed(struct gl_context *ctx)
{
   ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_CONSTANTS | ST_NEW_SAMPLER_VIEWS;
}

/* GL 2.1 section 2.14.2 and table 2.9: an integer colour c is
 * c / (2^31 - 1). */
static GLfloat
int_to_color(GLint c)
{
   return (GLfloat)((double)c / 2147483647.0);
}

void
_mesa_ff_param_set(const struct ff_param_family *fam, GLenum target,
                   GLenum pname, GLenum type, const void *params,
                   bool scalar, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLfloat v[4] = {0};
   bool color_pname = fam->color_pname && pname == fam->color_pname;
   unsigned count = fam->count ? fam->count(pname) : color_pname ? 4 : 1;
   /* An unknown pname still reads one value: the family reports it. */
   unsigned n = scalar ? 1 : CLAMP(count, 1, 4);
   bool color = !scalar && (fam->is_color ? fam->is_color(pname)
                                          : color_pname);

   for (unsigned c = 0; params && c < n; c++) {
      switch (type) {
      case GL_FLOAT:
         v[c] = ((const GLfloat *)params)[c];
         break;
      case GL_DOUBLE:
         v[c] = (GLfloat)((const GLdouble *)params)[c];
         break;
      default: {
         GLint i = ((const GLint *)params)[c];
         v[c] = color ? int_to_color(i) : (GLfloat)i;
         break;
      }
      }
   }
   /* A scalar form compiled into a list is its vector form with the
    * value then zeros, also when executed at once (GL_COMPILE_AND_EXECUTE):
    * as Mesa's lists compile them, so a compiled glLightModelf(
    * GL_LIGHT_MODEL_AMBIENT) or glTexGenf(GL_OBJECT_PLANE) is no error
    * (piglit's gl-1.0-beginend-coverage); called directly they still raise
    * GL_INVALID_ENUM (GL 1.1 section 2.13.2). */
   if (_mesa_dlist_compiling(ctx))
      scalar = false;
   /* Display lists keep the converted values (glMaterial compiles
    * itself, DL_MATERIAL). */
   struct gl_dl_node node = {.op = DL_FF_PARAM, .scalar = scalar,
                             .e = {target, pname}, .p = fam};
   memcpy(node.f, v, sizeof(v));
   if (fam != &_mesa_ff_material_params && _mesa_dlist_save(ctx, &node))
      return;
   fam->set(ctx, target, pname, v, scalar, func);
}

GLint
_mesa_ff_value_to_int(GLfloat v, enum ff_value_kind kind)
{
   switch (kind) {
   case FF_VALUE_FLOAT_NORM:
      /* [-1, 1] onto the whole range; clamped so that unclamped colours
       * (light colours may exceed 1) stay defined. */
      return (GLint)(CLAMP((double)v, -1.0, 1.0) * 2147483647.0);
   case FF_VALUE_FLOAT:
      if (!(v > -2147483648.0f))
         return v != v ? 0 : INT32_MIN;
      if (v >= 2147483648.0f)
         return INT32_MAX;
      return (GLint)lround(v);
   default:
      /* enums and booleans */
      return v >= 0.0f && v < 4294967296.0f ? (GLint)(GLuint)v : 0;
   }
}

void
_mesa_ff_param_get(const struct ff_param_family *fam, GLenum target,
                   GLenum pname, GLenum type, void *params, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLfloat v[4];
   unsigned n;
   enum ff_value_kind kind;

   if (!params || !fam->get(ctx, target, pname, v, &n, &kind, func))
      return;
   for (unsigned c = 0; c < n; c++) {
      switch (type) {
      case GL_FLOAT:
         ((GLfloat *)params)[c] = v[c];
         break;
      case GL_DOUBLE:
         ((GLdouble *)params)[c] = v[c];
         break;
      default:
         ((GLint *)params)[c] = _mesa_ff_value_to_int(v[c], kind);
         break;
      }
   }
}
