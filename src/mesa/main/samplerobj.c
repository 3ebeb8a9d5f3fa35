/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Sampler objects (ES 3.0 section 3.8.2): names, binding to texture units
 * and parameters.  A sampler bound to a unit replaces the sampling state
 * of whatever texture the unit samples (st_texture.c).
 */
#include <stdlib.h>

#include "main/context.h"
#include "main/hash.h"
#include "main/texborder.h"
#include "main/texobj.h"
#include "util/hash_table.h"

void
_mesa_reference_sampler(struct gl_sampler_object **dst,
                        struct gl_sampler_object *src)
{
   struct gl_sampler_object *old = *dst;

   if (old == src)
      return;
   if (src)
      src->RefCount++;
   if (old && --old->RefCount == 0)
      free(old);
   *dst = src;
}

static struct gl_sampler_object *
new_sampler(GLuint name)
{
   struct gl_sampler_object *s = calloc(1, sizeof(*s));

   if (!s)
      return NULL;
   s->Name = name;
   s->RefCount = 1;
   /* ES 3.0 table 6.10. */
   s->MinFilter = GL_NEAREST_MIPMAP_LINEAR;
   s->MagFilter = GL_LINEAR;
   s->WrapS = s->WrapT = s->WrapR = GL_REPEAT;
   s->MinLod = -1000.0f;
   s->MaxLod = 1000.0f;
   s->CompareMode = GL_NONE;
   s->CompareFunc = GL_LEQUAL;
   return s;
}

static struct hash_table *
samplers(struct gl_context *ctx)
{
   if (!ctx->Shared->SamplerObjects)
      ctx->Shared->SamplerObjects = _mesa_name_table_create();
   return ctx->Shared->SamplerObjects;
}

void GLAPIENTRY
_mesa_GenSamplers(GLsizei count, GLuint *names)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct hash_table *table = samplers(ctx);

   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenSamplers(count < 0)");
      return;
   }
   /* Sampler names are objects at once (no bind needed). */
   for (GLsizei i = 0; table && i < count; i++) {
      if (!_mesa_name_gen(table, &ctx->Shared->NextSampler, 1, &names[i]))
         break;
      struct gl_sampler_object *s = new_sampler(names[i]);
      if (!s) {
         _mesa_name_remove(table, names[i]);
         break;
      }
      _mesa_name_insert(table, names[i], s);
   }
   if (!table)
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenSamplers");
}

GLboolean GLAPIENTRY
_mesa_IsSampler(GLuint sampler)
{
   GET_CURRENT_CONTEXT(ctx);

   return ctx && samplers(ctx) &&
          _mesa_name_lookup_object(samplers(ctx), sampler) != NULL;
}

void GLAPIENTRY
_mesa_DeleteSamplers(GLsizei count, const GLuint *names)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct hash_table *table = samplers(ctx);

   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteSamplers(count < 0)");
      return;
   }
   for (GLsizei i = 0; table && i < count; i++) {
      struct gl_sampler_object *s = _mesa_name_lookup_object(table, names[i]);
      if (!s)
         continue;
      _mesa_name_remove(table, names[i]);
      /* Units of this context using it revert to no sampler. */
      for (unsigned u = 0; u < MAX_COMBINED_TEXTURE_UNITS; u++) {
         if (ctx->TexUnit[u].Sampler == s) {
            _mesa_reference_sampler(&ctx->TexUnit[u].Sampler, NULL);
            ctx->NewState |= ST_NEW_SAMPLERS;
         }
      }
      s->Name = 0;
      _mesa_reference_sampler(&s, NULL);
   }
}

void GLAPIENTRY
_mesa_BindSampler(GLuint unit, GLuint sampler)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_sampler_object *s = NULL;

   if (unit >= (GLuint)ctx->Const.MaxCombinedTextureImageUnits) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBindSampler(unit=%u)", unit);
      return;
   }
   if (sampler) {
      s = samplers(ctx) ? _mesa_name_lookup_object(samplers(ctx), sampler)
                        : NULL;
      if (!s) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "glBindSampler(sampler=%u)",
                     sampler);
         return;
      }
   }
   _mesa_reference_sampler(&ctx->TexUnit[unit].Sampler, s);
   ctx->NewState |= ST_NEW_SAMPLERS;
}

static struct gl_sampler_object *
lookup_err(struct gl_context *ctx, GLuint sampler, const char *func)
{
   struct gl_sampler_object *s =
      samplers(ctx) ? _mesa_name_lookup_object(samplers(ctx), sampler) : NULL;

   if (!s)
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(sampler=%u)", func, sampler);
   return s;
}

static void
sampler_parameter(GLuint sampler, GLenum pname, GLint i, GLfloat f,
                  bool is_float, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_sampler_object *s = lookup_err(ctx, sampler, func);
   GLenum e = is_float ? (GLenum)(GLint)f : (GLenum)i;
   GLfloat fv = is_float ? f : (GLfloat)i;

   if (!s)
      return;
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      if (!_mesa_sampler_value_ok(pname, e))
         goto bad_param;
      s->MinFilter = e;
      break;
   case GL_TEXTURE_MAG_FILTER:
      if (!_mesa_sampler_value_ok(pname, e))
         goto bad_param;
      s->MagFilter = e;
      break;
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
      if (!_mesa_wrap_value_ok(ctx, e))
         goto bad_param;
      if (pname == GL_TEXTURE_WRAP_S)
         s->WrapS = e;
      else if (pname == GL_TEXTURE_WRAP_T)
         s->WrapT = e;
      else
         s->WrapR = e;
      break;
   case GL_TEXTURE_MIN_LOD:
      s->MinLod = fv;
      break;
   case GL_TEXTURE_MAX_LOD:
      s->MaxLod = fv;
      break;
   case GL_TEXTURE_LOD_BIAS:
      /* desktop GL 3.3 table 6.23; not an ES 3.0 sampler parameter */
      if (_mesa_is_gles(ctx)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
         return;
      }
      s->LodBias = fv;
      break;
   case GL_TEXTURE_COMPARE_MODE:
      if (!_mesa_sampler_value_ok(pname, e))
         goto bad_param;
      s->CompareMode = e;
      break;
   case GL_TEXTURE_COMPARE_FUNC:
      if (!_mesa_sampler_value_ok(pname, e))
         goto bad_param;
      s->CompareFunc = e;
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
   s->SamplerStamp++;
   ctx->NewState |= ST_NEW_SAMPLERS;
   return;
bad_param:
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(param=0x%x)", func, e);
}

/* TEXTURE_BORDER_COLOR of a sampler object (texborder.c): set, or read
 * into params with `get`. */
static void
sampler_border_color(GLuint sampler, const void *params,
                     enum gl_border_form form, bool get, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_sampler_object *s = lookup_err(ctx, sampler, func);

   if (!s)
      return;
   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=GL_TEXTURE_BORDER_COLOR)",
                  func);
      return;
   }
   if (get) {
      _mesa_get_border_color(&s->BorderColor, (void *)params, form);
      return;
   }
   _mesa_set_border_color(&s->BorderColor, params, form);
   s->SamplerStamp++;
   ctx->NewState |= ST_NEW_SAMPLERS;
}

void GLAPIENTRY
_mesa_SamplerParameteri(GLuint sampler, GLenum pname, GLint param)
{
   sampler_parameter(sampler, pname, param, 0.0f, false, "glSamplerParameteri");
}

void GLAPIENTRY
_mesa_SamplerParameterf(GLuint sampler, GLenum pname, GLfloat param)
{
   sampler_parameter(sampler, pname, 0, param, true, "glSamplerParameterf");
}

void GLAPIENTRY
_mesa_SamplerParameteriv(GLuint sampler, GLenum pname, const GLint *param)
{
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      sampler_border_color(sampler, param, GL_BORDER_FORM_INT, false,
                           "glSamplerParameteriv");
      return;
   }
   sampler_parameter(sampler, pname, param[0], 0.0f, false,
                     "glSamplerParameteriv");
}

void GLAPIENTRY
_mesa_SamplerParameterfv(GLuint sampler, GLenum pname, const GLfloat *param)
{
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      sampler_border_color(sampler, (void *)param, GL_BORDER_FORM_FLOAT,
                           false, "glSamplerParameterfv");
      return;
   }
   sampler_parameter(sampler, pname, 0, param[0], true, "glSamplerParameterfv");
}

static bool
get_sampler_parameter(GLuint sampler, GLenum pname, GLfloat *out,
                      const char *func)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_sampler_object *s;

   if (!ctx)
      return false;
   s = lookup_err(ctx, sampler, func);
   if (!s)
      return false;
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      *out = (GLfloat)s->MinFilter;
      return true;
   case GL_TEXTURE_MAG_FILTER:
      *out = (GLfloat)s->MagFilter;
      return true;
   case GL_TEXTURE_WRAP_S:
      *out = (GLfloat)s->WrapS;
      return true;
   case GL_TEXTURE_WRAP_T:
      *out = (GLfloat)s->WrapT;
      return true;
   case GL_TEXTURE_WRAP_R:
      *out = (GLfloat)s->WrapR;
      return true;
   case GL_TEXTURE_MIN_LOD:
      *out = s->MinLod;
      return true;
   case GL_TEXTURE_MAX_LOD:
      *out = s->MaxLod;
      return true;
   case GL_TEXTURE_LOD_BIAS:
      if (_mesa_is_gles(ctx)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
         return false;
      }
      *out = s->LodBias;
      return true;
   case GL_TEXTURE_COMPARE_MODE:
      *out = (GLfloat)s->CompareMode;
      return true;
   case GL_TEXTURE_COMPARE_FUNC:
      *out = (GLfloat)s->CompareFunc;
      return true;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return false;
   }
}

void GLAPIENTRY
_mesa_GetSamplerParameteriv(GLuint sampler, GLenum pname, GLint *params)
{
   GLfloat v;

   if (pname == GL_TEXTURE_BORDER_COLOR) {
      sampler_border_color(sampler, params, GL_BORDER_FORM_INT, true,
                           "glGetSamplerParameteriv");
      return;
   }
   if (get_sampler_parameter(sampler, pname, &v, "glGetSamplerParameteriv"))
      *params = (GLint)v;
}

void GLAPIENTRY
_mesa_GetSamplerParameterfv(GLuint sampler, GLenum pname, GLfloat *params)
{
   GLfloat v;

   if (pname == GL_TEXTURE_BORDER_COLOR) {
      sampler_border_color(sampler, params, GL_BORDER_FORM_FLOAT, true,
                           "glGetSamplerParameterfv");
      return;
   }
   if (get_sampler_parameter(sampler, pname, &v, "glGetSamplerParameterfv"))
      *params = v;
}

void
_mesa_free_sampler_objects(struct gl_shared_state *shared)
{
   if (!shared->SamplerObjects)
      return;
   hash_table_foreach(shared->SamplerObjects, e) {
      struct gl_sampler_object *s = e->data;
      if (s != GL_NAME_RESERVED) {
         s->Name = 0;
         _mesa_reference_sampler(&s, NULL);
      }
   }
   _mesa_name_table_destroy(shared->SamplerObjects);
   shared->SamplerObjects = NULL;
}

/* GL 3.3 section 3.8.2 (ARB_sampler_objects): the integer forms take the
 * same parameters; they differ only for TEXTURE_BORDER_COLOR, kept as
 * integers (texborder.c).  Desktop only. */
static bool
sampler_desktop_only(const char *func)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return false;
   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(ES)", func);
      return false;
   }
   return true;
}

void GLAPIENTRY
_mesa_SamplerParameterIiv(GLuint sampler, GLenum pname, const GLint *param)
{
   if (!sampler_desktop_only("glSamplerParameterIiv"))
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR)
      sampler_border_color(sampler, param, GL_BORDER_FORM_IINT, false,
                           "glSamplerParameterIiv");
   else
      sampler_parameter(sampler, pname, param[0], 0.0f, false,
                        "glSamplerParameterIiv");
}

void GLAPIENTRY
_mesa_SamplerParameterIuiv(GLuint sampler, GLenum pname, const GLuint *param)
{
   if (!sampler_desktop_only("glSamplerParameterIuiv"))
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR)
      sampler_border_color(sampler, param, GL_BORDER_FORM_IUINT, false,
                           "glSamplerParameterIuiv");
   else
      sampler_parameter(sampler, pname, (GLint)param[0], 0.0f, false,
                        "glSamplerParameterIuiv");
}

void GLAPIENTRY
_mesa_GetSamplerParameterIiv(GLuint sampler, GLenum pname, GLint *params)
{
   GLfloat v;

   if (!sampler_desktop_only("glGetSamplerParameterIiv"))
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR)
      sampler_border_color(sampler, params, GL_BORDER_FORM_IINT, true,
                           "glGetSamplerParameterIiv");
   else if (get_sampler_parameter(sampler, pname, &v,
                                  "glGetSamplerParameterIiv"))
      *params = (GLint)v;
}

void GLAPIENTRY
_mesa_GetSamplerParameterIuiv(GLuint sampler, GLenum pname, GLuint *params)
{
   GLfloat v;

   if (!sampler_desktop_only("glGetSamplerParameterIuiv"))
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR)
      sampler_border_color(sampler, params, GL_BORDER_FORM_IUINT, true,
                           "glGetSamplerParameterIuiv");
   else if (get_sampler_parameter(sampler, pname, &v,
                                  "glGetSamplerParameterIuiv"))
      *params = (GLuint)v;
}
