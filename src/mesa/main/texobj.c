/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture objects (ES 2.0 sections 3.7.11-3.7.13, ES 3.0 section 3.8.14):
 * names, binding to the units, sampler parameters, completeness.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "main/bufferobj.h"
#include "main/context.h"
#include "main/desktop31.h"
#include "main/extensions.h"
#include "main/formats_es3.h"
#include "main/fbobject.h"
#include "main/hash.h"
#include "main/texborder.h"
#include "main/texbuffer.h"
#include "main/texobj.h"
#include "main/texview.h"
#include "main/texture_multisample.h"
#include "main/shaderimage.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

struct gl_texture_object *
_mesa_new_texture_object(GLuint name, GLenum target)
{
   struct gl_texture_object *t = calloc(1, sizeof(*t));

   if (!t)
      return NULL;
   t->Name = name;
   t->RefCount = 1;
   t->Target = target;
   switch (target) {
   case GL_TEXTURE_CUBE_MAP:
      t->TargetIndex = TEXTURE_CUBE_INDEX;
      break;
   case GL_TEXTURE_3D:
      t->TargetIndex = TEXTURE_3D_INDEX;
      break;
   case GL_TEXTURE_2D_ARRAY:
      t->TargetIndex = TEXTURE_2D_ARRAY_INDEX;
      break;
   case GL_TEXTURE_RECTANGLE:
      t->TargetIndex = TEXTURE_RECT_INDEX;
      break;
   case GL_TEXTURE_BUFFER:
      t->TargetIndex = TEXTURE_BUFFER_INDEX;
      break;
   case GL_TEXTURE_1D:
      t->TargetIndex = TEXTURE_1D_INDEX;
      break;
   case GL_TEXTURE_1D_ARRAY:
      t->TargetIndex = TEXTURE_1D_ARRAY_INDEX;
      break;
   case GL_TEXTURE_2D_MULTISAMPLE:
      t->TargetIndex = TEXTURE_2D_MULTISAMPLE_INDEX;
      break;
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      t->TargetIndex = TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX;
      break;
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      t->TargetIndex = TEXTURE_CUBE_ARRAY_INDEX;
      break;
   default:
      t->TargetIndex = TEXTURE_2D_INDEX;
      break;
   }
   /* ES 2.0 table 6.10. */
   t->MinFilter = GL_NEAREST_MIPMAP_LINEAR;
   t->MagFilter = GL_LINEAR;
   t->WrapS = t->WrapT = t->WrapR = GL_REPEAT;
   t->BaseLevel = 0;
   t->MaxLevel = 1000;
   t->MinLod = -1000.0f;
   t->MaxLod = 1000.0f;
   t->CompareMode = GL_NONE;
   t->CompareFunc = GL_LEQUAL;
   t->DepthMode = GL_LUMINANCE;
   if (target == GL_TEXTURE_RECTANGLE) {
      /* GL 3.1 section 3.8.14: no mipmaps, no repeat. */
      t->MinFilter = GL_LINEAR;
      t->WrapS = t->WrapT = t->WrapR = GL_CLAMP_TO_EDGE;
   } else if (target == GL_TEXTURE_2D_MULTISAMPLE ||
              target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
      /* Sampler state a multisample texture reports and cannot change
       * (texelFetch ignores it): NEAREST and CLAMP_TO_EDGE, as piglit's
       * arb_texture_storage_multisample-tex-param reads them from
       * llvmpipe. */
      t->MinFilter = t->MagFilter = GL_NEAREST;
      t->WrapS = t->WrapT = t->WrapR = GL_CLAMP_TO_EDGE;
   }
   t->Swizzle[0] = GL_RED;
   t->Swizzle[1] = GL_GREEN;
   t->Swizzle[2] = GL_BLUE;
   t->Swizzle[3] = GL_ALPHA;
   t->BufferSize = -1;
   return t;
}

void
_mesa_free_texture_object(struct gl_texture_object *t)
{
   for (unsigned f = 0; f < 6; f++) {
      for (unsigned l = 0; l < MAX_TEXTURE_LEVELS; l++)
         pipe_resource_reference(&t->Image[f][l].pt, NULL);
   }
   pipe_sampler_view_reference(&t->view, NULL);
   pipe_resource_reference(&t->pt, NULL);
   _mesa_reference_buffer_object(&t->BufferObject, NULL);
   free(t);
}

/* The end of TexStorage*: the texture's levels are fixed.  MAX_LEVEL
 * starts at the last of them (as the clamp below would leave it). */
void
_mesa_texture_make_immutable(struct gl_texture_object *t, GLuint levels)
{
   t->Immutable = true;
   t->ImmutableLevels = levels;
   t->MaxLevel = (GLint)levels - 1;
   t->stamp++; /* completeness reads MaxLevel (st_texture.c) */
}

void
_mesa_reference_texobj(struct gl_texture_object **dst,
                       struct gl_texture_object *src)
{
   struct gl_texture_object *old = *dst;

   if (old == src)
      return;
   if (src)
      src->RefCount++;
   if (old && --old->RefCount == 0)
      _mesa_free_texture_object(old);
   *dst = src;
}

int
_mesa_tex_target_index(struct gl_context *ctx, GLenum target)
{
   switch (target) {
   case GL_TEXTURE_2D:
      return TEXTURE_2D_INDEX;
   case GL_TEXTURE_CUBE_MAP:
      return TEXTURE_CUBE_INDEX;
   case GL_TEXTURE_3D:
   case GL_TEXTURE_2D_ARRAY:
      /* ES 3.0 and desktop GL; 3D in ES 2.0 with OES_texture_3D. */
      if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
          !(target == GL_TEXTURE_3D &&
            _mesa_has_extension(ctx, "GL_OES_texture_3D")))
         return -1;
      return target == GL_TEXTURE_3D ? TEXTURE_3D_INDEX
                                     : TEXTURE_2D_ARRAY_INDEX;
   case GL_TEXTURE_RECTANGLE:
      return _mesa_has_rect_textures(ctx) ? TEXTURE_RECT_INDEX : -1;
   case GL_TEXTURE_BUFFER:
      return _mesa_has_buffer_textures(ctx) ? TEXTURE_BUFFER_INDEX : -1;
   case GL_TEXTURE_1D:
   case GL_TEXTURE_1D_ARRAY:
      /* desktop GL only (GL 3.0 section 3.8.1) */
      if (_mesa_is_gles(ctx))
         return -1;
      return target == GL_TEXTURE_1D ? TEXTURE_1D_INDEX
                                     : TEXTURE_1D_ARRAY_INDEX;
   case GL_TEXTURE_2D_MULTISAMPLE:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      /* GL 3.2 section 3.8.4 / ARB_texture_multisample; ES 3.1 has no
       * multisample arrays (OES_texture_storage_multisample_2d_array) */
      if (!_mesa_has_texture_multisample(ctx) ||
          (_mesa_is_gles(ctx) && target != GL_TEXTURE_2D_MULTISAMPLE))
         return -1;
      return target == GL_TEXTURE_2D_MULTISAMPLE
                ? TEXTURE_2D_MULTISAMPLE_INDEX
                : TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX;
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      return _mesa_has_cube_map_arrays(ctx) ? TEXTURE_CUBE_ARRAY_INDEX : -1;
   default:
      return -1;
   }
}

struct gl_texture_object *
_mesa_get_current_tex_object(struct gl_context *ctx, GLenum target,
                             const char *func)
{
   int index = _mesa_tex_target_index(ctx, target);

   /* Buffer textures have no images, levels or sampler parameters: no
    * command taking an image target accepts TEXTURE_BUFFER (GL 3.1
    * sections 3.8.4-3.8.5; texbuffer.c reads the binding itself). */
   if (index < 0 || index == TEXTURE_BUFFER_INDEX ||
       _mesa_is_multisample_index(index)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return NULL;
   }
   return ctx->TexUnit[ctx->ActiveTexture].Current[index];
}

/* As _mesa_get_current_tex_object, multisample targets included: GL 3.2
 * section 6.1.3 lets glGetTexParameter read them, and GL 4.3
 * (ARB_texture_storage_multisample) glTexParameter set their state that
 * is not sampler state, while the commands that set images or mipmaps
 * do not take them (sections 3.8.1 and 3.8.11 do not list them:
 * INVALID_ENUM). */
static struct gl_texture_object *
current_tex_object_for_query(struct gl_context *ctx, GLenum target,
                             const char *func)
{
   int index = _mesa_tex_target_index(ctx, target);

   if (_mesa_is_multisample_index(index))
      return ctx->TexUnit[ctx->ActiveTexture].Current[index];
   return _mesa_get_current_tex_object(ctx, target, func);
}

void
_mesa_init_texture_units(struct gl_context *ctx)
{
   for (unsigned u = 0; u < MAX_COMBINED_TEXTURE_UNITS; u++) {
      for (unsigned t = 0; t < NUM_TEXTURE_TARGETS; t++)
         _mesa_reference_texobj(&ctx->TexUnit[u].Current[t],
                                ctx->Shared->DefaultTex[t]);
   }
}

void
_mesa_free_texture_units(struct gl_context *ctx)
{
   for (unsigned u = 0; u < MAX_COMBINED_TEXTURE_UNITS; u++) {
      _mesa_reference_sampler(&ctx->TexUnit[u].Sampler, NULL);
      for (unsigned t = 0; t < NUM_TEXTURE_TARGETS; t++)
         _mesa_reference_texobj(&ctx->TexUnit[u].Current[t], NULL);
   }
}

void GLAPIENTRY
_mesa_GenTextures(GLsizei n, GLuint *textures)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenTextures(n < 0)");
      return;
   }
   if (!_mesa_name_gen(ctx->Shared->Textures, &ctx->Shared->NextTexture, n,
                       textures))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenTextures");
}

GLboolean GLAPIENTRY
_mesa_IsTexture(GLuint texture)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_texture_object *t;

   if (!ctx)
      return GL_FALSE;
   t = _mesa_name_lookup_object(ctx->Shared->Textures, texture);
   return t && t->Target != 0;
}

void GLAPIENTRY
_mesa_DeleteTextures(GLsizei n, const GLuint *textures)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteTextures(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      void *obj = _mesa_name_lookup(ctx->Shared->Textures, textures[i]);

      if (!obj)
         continue;
      _mesa_name_remove(ctx->Shared->Textures, textures[i]);
      if (obj == GL_NAME_RESERVED)
         continue;
      struct gl_texture_object *t = obj;
      _mesa_detach_texture(ctx, t);
      _mesa_unbind_image_texture(ctx, t);
      /* Bindings of the current context revert to the default texture. */
      for (unsigned u = 0; u < MAX_COMBINED_TEXTURE_UNITS; u++) {
         for (unsigned k = 0; k < NUM_TEXTURE_TARGETS; k++) {
            if (ctx->TexUnit[u].Current[k] == t) {
               _mesa_reference_texobj(&ctx->TexUnit[u].Current[k],
                                      ctx->Shared->DefaultTex[k]);
               ctx->NewState |= ST_NEW_SAMPLER_VIEWS | ST_NEW_SAMPLERS;
            }
         }
      }
      t->Name = 0;
      _mesa_reference_texobj(&t, NULL);
   }
}

void GLAPIENTRY
_mesa_BindTexture(GLenum target, GLuint texture)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   int index = _mesa_tex_target_index(ctx, target);
   struct gl_texture_object *t;

   if (index < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBindTexture(target=0x%x)", target);
      return;
   }
   if (!texture) {
      t = ctx->Shared->DefaultTex[index];
   } else {
      void *obj = _mesa_name_lookup(ctx->Shared->Textures, texture);

      if (obj && obj != GL_NAME_RESERVED) {
         t = obj;
         if (t->Target != target) {
            _mesa_error(ctx, GL_INVALID_OPERATION,
                        "glBindTexture(wrong target)");
            return;
         }
      } else {
         t = _mesa_new_texture_object(texture, target);
         if (!t || !_mesa_name_insert(ctx->Shared->Textures, texture, t)) {
            free(t);
            _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBindTexture");
            return;
         }
      }
   }
   _mesa_reference_texobj(&ctx->TexUnit[ctx->ActiveTexture].Current[index], t);
   ctx->NewState |= ST_NEW_TEXTURE_BINDING;
}

void GLAPIENTRY
_mesa_ActiveTexture(GLenum texture)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLuint unit = texture - GL_TEXTURE0;

   if (texture < GL_TEXTURE0 ||
       unit >= (GLuint)ctx->Const.MaxCombinedTextureImageUnits) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glActiveTexture(0x%x)", texture);
      return;
   }
   ctx->ActiveTexture = unit;
}

bool
_mesa_sampler_value_ok(GLenum pname, GLenum value)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      return value == GL_NEAREST || value == GL_LINEAR ||
             value == GL_NEAREST_MIPMAP_NEAREST ||
             value == GL_LINEAR_MIPMAP_NEAREST ||
             value == GL_NEAREST_MIPMAP_LINEAR ||
             value == GL_LINEAR_MIPMAP_LINEAR;
   case GL_TEXTURE_MAG_FILTER:
      return value == GL_NEAREST || value == GL_LINEAR;
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
      return value == GL_REPEAT || value == GL_CLAMP_TO_EDGE ||
             value == GL_MIRRORED_REPEAT;
   case GL_TEXTURE_COMPARE_MODE:
      return value == GL_NONE || value == GL_COMPARE_REF_TO_TEXTURE;
   case GL_TEXTURE_COMPARE_FUNC:
      return value >= GL_NEVER && value <= GL_ALWAYS;
   default:
      return true;
   }
}

/* The error of setting pname to value on a multisample texture (GL 4.6
 * and ES 3.1 section 8.10, ARB_texture_storage_multisample): sampler
 * state (GL 4.6 table 23.18) is INVALID_ENUM, a BASE_LEVEL other than 0
 * INVALID_OPERATION; the rest (levels, swizzles, depth-stencil mode) is
 * the texture's to keep. */
static GLenum
multisample_parameter_error(GLenum pname, GLint value)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
   case GL_TEXTURE_MAG_FILTER:
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
   case GL_TEXTURE_MIN_LOD:
   case GL_TEXTURE_MAX_LOD:
   case GL_TEXTURE_LOD_BIAS:
   case GL_TEXTURE_COMPARE_MODE:
   case GL_TEXTURE_COMPARE_FUNC:
   case GL_TEXTURE_BORDER_COLOR:
      return GL_INVALID_ENUM;
   case GL_TEXTURE_BASE_LEVEL:
      return value != 0 ? GL_INVALID_OPERATION : GL_NO_ERROR;
   default:
      return GL_NO_ERROR;
   }
}

/* Sets one parameter from an integer or float; records the error. */
static void
tex_parameter(GLenum target, GLenum pname, GLint i, GLfloat f, bool is_float,
              const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   /* multisample targets take the parameters that are not sampler
    * state (checked below) */
   struct gl_texture_object *t =
      current_tex_object_for_query(ctx, target, func);
   bool es3 = !_mesa_is_gles(ctx) || ctx->Version >= 30;
   /* EXT_shadow_samplers: the ES 3.0 compare parameters in ES 2.0 */
   bool shadow_samplers =
      _mesa_has_extension(ctx, "GL_EXT_shadow_samplers");
   GLenum e = is_float ? (GLenum)(GLint)f : (GLenum)i;

   if (!t)
      return;
   if (_mesa_is_multisample_index((int)t->TargetIndex)) {
      GLenum err =
         multisample_parameter_error(pname, is_float ? (GLint)f : i);
      if (err != GL_NO_ERROR) {
         _mesa_error(ctx, err, "%s(multisample texture, pname=0x%x)", func,
                     pname);
         return;
      }
   }
   if (t->Target == GL_TEXTURE_RECTANGLE) {
      GLenum err = _mesa_rect_parameter_error(pname, (GLint)e);
      if (err != GL_NO_ERROR) {
         _mesa_error(ctx, err, "%s(rectangle texture, pname=0x%x)", func,
                     pname);
         return;
      }
   }
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      if (!_mesa_sampler_value_ok(pname, e))
         goto bad_param;
      t->MinFilter = e;
      break;
   case GL_TEXTURE_MAG_FILTER:
      if (!_mesa_sampler_value_ok(pname, e))
         goto bad_param;
      t->MagFilter = e;
      break;
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
      if (!_mesa_wrap_value_ok(ctx, e))
         goto bad_param;
      if (pname == GL_TEXTURE_WRAP_S)
         t->WrapS = e;
      else
         t->WrapT = e;
      break;
   case GL_TEXTURE_WRAP_R:
      if (!es3 && !_mesa_has_extension(ctx, "GL_OES_texture_3D"))
         goto bad_pname;
      if (!_mesa_wrap_value_ok(ctx, e))
         goto bad_param;
      t->WrapR = e;
      break;
   case GL_TEXTURE_BASE_LEVEL:
   case GL_TEXTURE_MAX_LEVEL: {
      GLint lvl = is_float ? (GLint)f : i;
      /* APPLE_texture_max_level: MAX_LEVEL (not BASE_LEVEL) in ES 2.0 */
      if (!es3 && (pname == GL_TEXTURE_BASE_LEVEL ||
                   !_mesa_has_extension(ctx, "GL_APPLE_texture_max_level")))
         goto bad_pname;
      if (lvl < 0) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, lvl);
         return;
      }
      /* ARB_texture_storage: on an immutable texture BASE_LEVEL is
       * clamped to [0, levels - 1], then MAX_LEVEL to [BASE_LEVEL,
       * levels - 1] (GL 4.6 section 8.17: the clamped values are the
       * state glGetTexParameter returns, as in Mesa's texparam.c). */
      GLint last = (GLint)_mesa_texture_levels(t) - 1; /* (texview.c) */
      if (pname == GL_TEXTURE_BASE_LEVEL)
         t->BaseLevel = t->Immutable ? MIN2(lvl, last) : lvl;
      else
         t->MaxLevel = t->Immutable ? CLAMP(lvl, t->BaseLevel, last) : lvl;
      t->stamp++;
      break;
   }
   case GL_TEXTURE_MIN_LOD:
   case GL_TEXTURE_MAX_LOD:
      if (!es3)
         goto bad_pname;
      if (pname == GL_TEXTURE_MIN_LOD)
         t->MinLod = is_float ? f : (GLfloat)i;
      else
         t->MaxLod = is_float ? f : (GLfloat)i;
      break;
   case GL_TEXTURE_COMPARE_MODE:
      if (!es3 && !shadow_samplers)
         goto bad_pname;
      if (!_mesa_sampler_value_ok(pname, e))
         goto bad_param;
      t->CompareMode = e;
      t->stamp++; /* the depth texture swizzle depends on it */
      break;
   case GL_TEXTURE_COMPARE_FUNC:
      if (!es3 && !shadow_samplers)
         goto bad_pname;
      if (!_mesa_sampler_value_ok(pname, e))
         goto bad_param;
      t->CompareFunc = e;
      break;
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      if (!es3)
         goto bad_pname;
      if (e != GL_RED && e != GL_GREEN && e != GL_BLUE && e != GL_ALPHA &&
          e != GL_ZERO && e != GL_ONE)
         goto bad_param;
      t->Swizzle[pname - GL_TEXTURE_SWIZZLE_R] = e;
      t->stamp++;
      break;
   case GL_TEXTURE_LOD_BIAS:
      /* GL 3.0 section 3.9.7 (GL 1.4 on); ES has no such parameter. */
      if (_mesa_is_gles(ctx))
         goto bad_pname;
      t->LodBias = is_float ? f : (GLfloat)i;
      break;
   case GL_DEPTH_TEXTURE_MODE:
      /* GL 3.0 compatibility, table 3.21 (not in ES or core). */
      if (_mesa_is_gles(ctx))
         goto bad_pname;
      if (e != GL_LUMINANCE && e != GL_INTENSITY && e != GL_ALPHA &&
          e != GL_RED)
         goto bad_param;
      t->DepthMode = e;
      t->stamp++;
      break;
   case GL_DEPTH_STENCIL_TEXTURE_MODE:
      if (!_mesa_has_stencil_texturing(ctx))
         goto bad_pname;
      if (e != GL_DEPTH_COMPONENT && e != GL_STENCIL_INDEX)
         goto bad_param;
      t->StencilSampling = e == GL_STENCIL_INDEX;
      t->stamp++; /* the view's format depends on it */
      break;
   case GL_GENERATE_MIPMAP:
      /* GL 1.4; compatibility contexts only (GL 3.0 appendix E) */
      if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
         goto bad_pname;
      t->GenerateMipmap = e != GL_FALSE;
      break;
   default:
      goto bad_pname;
   }
   t->SamplerStamp++;
   ctx->NewState |= ST_NEW_SAMPLERS | ST_NEW_SAMPLER_VIEWS;
   return;

bad_pname:
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
   return;
bad_param:
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(param=0x%x)", func, e);
}

void GLAPIENTRY
_mesa_TexParameteri(GLenum target, GLenum pname, GLint param)
{
   tex_parameter(target, pname, param, 0.0f, false, "glTexParameteri");
}

void GLAPIENTRY
_mesa_TexParameterf(GLenum target, GLenum pname, GLfloat param)
{
   tex_parameter(target, pname, 0, param, true, "glTexParameterf");
}

/* GL_TEXTURE_SWIZZLE_RGBA (GL 3.3 section 3.8.7, ARB_texture_swizzle;
 * desktop only): the four swizzles at once, none set when one is not a
 * swizzle value (INVALID_ENUM, as for the single ones).  Returns false
 * when pname is another parameter. */
static bool
tex_swizzle_rgba(GLenum target, GLenum pname, const GLint *v, const char *func)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx || pname != GL_TEXTURE_SWIZZLE_RGBA || _mesa_is_gles(ctx))
      return false;
   for (unsigned c = 0; c < 4; c++) {
      GLenum e = (GLenum)v[c];
      if (e != GL_RED && e != GL_GREEN && e != GL_BLUE && e != GL_ALPHA &&
          e != GL_ZERO && e != GL_ONE) {
         /* the target's error first */
         if (_mesa_get_current_tex_object(ctx, target, func))
            _mesa_error(ctx, GL_INVALID_ENUM, "%s(swizzle=0x%x)", func, e);
         return true;
      }
   }
   for (unsigned c = 0; c < 4; c++)
      tex_parameter(target, GL_TEXTURE_SWIZZLE_R + c, v[c], 0.0f, false,
                    func);
   return true;
}

void GLAPIENTRY
_mesa_TexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      _mesa_tex_border_color(target, params, GL_BORDER_FORM_INT,
                             "glTexParameteriv");
      return;
   }
   if (tex_swizzle_rgba(target, pname, params, "glTexParameteriv"))
      return;
   tex_parameter(target, pname, params[0], 0.0f, false, "glTexParameteriv");
}

void GLAPIENTRY
_mesa_TexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      _mesa_tex_border_color(target, params, GL_BORDER_FORM_FLOAT,
                             "glTexParameterfv");
      return;
   }
   if (pname == GL_TEXTURE_SWIZZLE_RGBA) {
      GLint v[4] = {(GLint)params[0], (GLint)params[1], (GLint)params[2],
                    (GLint)params[3]};
      if (tex_swizzle_rgba(target, pname, v, "glTexParameterfv"))
         return;
   }
   tex_parameter(target, pname, 0, params[0], true, "glTexParameterfv");
}

static bool
get_tex_parameter(GLenum target, GLenum pname, GLint *out, const char *func)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_texture_object *t;

   if (!ctx)
      return false;
   t = current_tex_object_for_query(ctx, target, func);
   if (!t)
      return false;
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      *out = (GLint)t->MinFilter;
      return true;
   case GL_TEXTURE_MAG_FILTER:
      *out = (GLint)t->MagFilter;
      return true;
   case GL_TEXTURE_WRAP_S:
      *out = (GLint)t->WrapS;
      return true;
   case GL_TEXTURE_WRAP_T:
      *out = (GLint)t->WrapT;
      return true;
   case GL_TEXTURE_WRAP_R:
      /* ES 3.0, and ES 2.0 with OES_texture_3D */
      if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
          !_mesa_has_extension(ctx, "GL_OES_texture_3D"))
         break;
      *out = (GLint)t->WrapR;
      return true;
   case GL_TEXTURE_COMPARE_MODE:
   case GL_TEXTURE_COMPARE_FUNC:
      /* ES 3.0, and ES 2.0 with EXT_shadow_samplers */
      if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
          !_mesa_has_extension(ctx, "GL_EXT_shadow_samplers"))
         break;
      *out = (GLint)(pname == GL_TEXTURE_COMPARE_MODE ? t->CompareMode
                                                       : t->CompareFunc);
      return true;
   case GL_TEXTURE_MAX_LEVEL:
      /* ES 3.0, and ES 2.0 with APPLE_texture_max_level */
      if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
          !_mesa_has_extension(ctx, "GL_APPLE_texture_max_level"))
         break;
      *out = t->MaxLevel;
      return true;
   default:
      break;
   }
   if (_mesa_is_gles(ctx) && ctx->Version < 30) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return false;
   }
   switch (pname) {
   case GL_TEXTURE_BASE_LEVEL:
      *out = t->BaseLevel;
      return true;
   case GL_TEXTURE_MIN_LOD:
      *out = (GLint)t->MinLod;
      return true;
   case GL_TEXTURE_MAX_LOD:
      *out = (GLint)t->MaxLod;
      return true;
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      *out = (GLint)t->Swizzle[pname - GL_TEXTURE_SWIZZLE_R];
      return true;
   case GL_TEXTURE_IMMUTABLE_FORMAT:
      *out = t->Immutable;
      return true;
   case GL_DEPTH_TEXTURE_MODE:
      if (_mesa_is_gles(ctx))
         break;
      *out = (GLint)t->DepthMode;
      return true;
   case GL_TEXTURE_LOD_BIAS:
      if (_mesa_is_gles(ctx))
         break;
      /* GL 3.0 section 6.1.2: a float state read as an integer rounds */
      *out = (GLint)lroundf(t->LodBias);
      return true;
   case GL_TEXTURE_IMMUTABLE_LEVELS:
      *out = (GLint)t->ImmutableLevels;
      return true;
   case GL_TEXTURE_VIEW_MIN_LEVEL:
   case GL_TEXTURE_VIEW_NUM_LEVELS:
   case GL_TEXTURE_VIEW_MIN_LAYER:
   case GL_TEXTURE_VIEW_NUM_LAYERS:
      if (!_mesa_texture_view_param(ctx, t, pname, out))
         break;
      return true;
   case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE:
      /* ARB_shader_image_load_store: image units read a texture of any
       * format of the same texel size (shaderimage.c) */
      if (!_mesa_has_shader_images(ctx))
         break;
      *out = GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE;
      return true;
   case GL_DEPTH_STENCIL_TEXTURE_MODE:
      if (!_mesa_has_stencil_texturing(ctx))
         break;
      *out = t->StencilSampling ? GL_STENCIL_INDEX : GL_DEPTH_COMPONENT;
      return true;
   case GL_GENERATE_MIPMAP:
      if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
         break;
      *out = t->GenerateMipmap;
      return true;
   default:
      break;
   }
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
   return false;
}

/* glGetTexParameter*(GL_TEXTURE_SWIZZLE_RGBA): the four swizzles
 * (desktop); false when pname is another parameter. */
static bool
get_tex_swizzle_rgba(GLenum target, GLenum pname, GLint *out,
                     const char *func)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx || pname != GL_TEXTURE_SWIZZLE_RGBA || _mesa_is_gles(ctx))
      return false;
   GLint v[4];
   for (unsigned c = 0; c < 4; c++) {
      if (!get_tex_parameter(target, GL_TEXTURE_SWIZZLE_R + c, &v[c], func))
         return true;
   }
   memcpy(out, v, sizeof(v));
   return true;
}

void GLAPIENTRY
_mesa_GetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GLint v;

   if (pname == GL_TEXTURE_BORDER_COLOR) {
      _mesa_get_tex_border_color(target, params, GL_BORDER_FORM_INT,
                                 "glGetTexParameteriv");
      return;
   }
   if (get_tex_swizzle_rgba(target, pname, params, "glGetTexParameteriv"))
      return;

   if (get_tex_parameter(target, pname, &v, "glGetTexParameteriv"))
      *params = v;
}

void GLAPIENTRY
_mesa_GetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
   GLint v;
   GLint sw[4];

   if (get_tex_swizzle_rgba(target, pname, sw, "glGetTexParameterfv")) {
      GET_CURRENT_CONTEXT(ctx);
      if (current_tex_object_for_query(ctx, target, "glGetTexParameterfv")) {
         for (unsigned c = 0; c < 4; c++)
            params[c] = (GLfloat)sw[c];
      }
      return;
   }

   if (pname == GL_TEXTURE_BORDER_COLOR) {
      _mesa_get_tex_border_color(target, params, GL_BORDER_FORM_FLOAT,
                                 "glGetTexParameterfv");
      return;
   }
   if (!get_tex_parameter(target, pname, &v, "glGetTexParameterfv"))
      return;
   *params = (GLfloat)v;
   if (pname == GL_TEXTURE_LOD_BIAS) {
      /* a float state: read without rounding (the lookup succeeded) */
      GET_CURRENT_CONTEXT(ctx);
      *params =
         current_tex_object_for_query(ctx, target, "glGetTexParameterfv")
            ->LodBias;
   }
}

/* Completeness with the sampling state given (the texture's own, or a
 * sampler object's: GL 3.3 section 3.8.14 judges a texture with the
 * state of the sampler that reads it). */
static bool
complete_with(const struct gl_context *ctx, const struct gl_texture_object *t,
              GLenum min_filter, GLenum mag_filter, GLenum wrap_s,
              GLenum wrap_t, GLenum compare_mode)
{
   unsigned faces = t->Target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   GLint base = t->BaseLevel;
   const struct gl_texture_image *b;

   /* Multisample textures are complete with their one image: texelFetch
    * uses no sampler state (GL 3.2 section 3.8.10). */
   if (_mesa_is_multisample_index((int)t->TargetIndex))
      return t->Samples > 0 && t->Image[0][0].Width > 0;
   if (base < 0 || base >= MAX_TEXTURE_LEVELS)
      return false;
   b = &t->Image[0][base];
   if (b->Width <= 0 || b->Height <= 0)
      return false;

   /* Cube maps: every face square, of one size and format. */
   for (unsigned f = 1; f < faces; f++) {
      const struct gl_texture_image *img = &t->Image[f][base];
      if (img->Width != b->Width || img->Height != b->Height ||
          img->PipeFormat != b->PipeFormat ||
          img->InternalFormat != b->InternalFormat)
         return false;
   }
   if (faces == 6 && b->Width != b->Height)
      return false;

   /* ES 3.0.6 section 3.8.13: formats that are not texture-filterable
    * (integer, 32-bit float in ES), and depth formats without
    * comparison, need NEAREST (or NEAREST_MIPMAP_NEAREST) filters. */
   const struct gl_format_info *f = _mesa_format_info(
      _mesa_effective_internalformat(b->InternalFormat, b->Type));
   bool nearest = mag_filter == GL_NEAREST &&
                  (min_filter == GL_NEAREST ||
                   min_filter == GL_NEAREST_MIPMAP_NEAREST);
   bool depth = f && (f->base == GL_DEPTH_COMPONENT ||
                      f->base == GL_DEPTH_STENCIL);
   /* ES 3.1 section 8.17 (GL 4.3 section 8.17): stencil read from a
    * depth/stencil texture is an integer, so it needs NEAREST too. */
   bool stencil = f && ((f->base == GL_DEPTH_STENCIL && t->StencilSampling) ||
                        f->base == GL_STENCIL_INDEX);
   if (!nearest && f &&
       (_mesa_format_info_is_integer(f) || stencil ||
        (!depth && !_mesa_is_filterable((struct gl_context *)ctx, f)) ||
        (depth && compare_mode == GL_NONE && _mesa_is_gles(ctx) &&
         ctx->Version >= 30)))
      return false;

   /* (ES 2.0 section 3.8.2's rule that NPOT textures need CLAMP_TO_EDGE
    * and no mipmaps is lifted by OES_texture_npot, which every ES
    * context has: main/extensions.c.) */

   if (!_mesa_is_mipmap_filter(min_filter))
      return true;

   /* Every level from base down to 1x1(x1) (or MaxLevel), sizes halving;
    * the layers of an array stay. */
   bool is_3d = t->Target == GL_TEXTURE_3D;
   /* (a 1D array's height is its layer count) */
   bool h_layers = t->Target == GL_TEXTURE_1D_ARRAY;
   GLsizei w = b->Width, h = b->Height, d = b->Depth;
   for (GLint l = base + 1;
        l <= t->MaxLevel && l < MAX_TEXTURE_LEVELS &&
        (w > 1 || (!h_layers && h > 1) || (is_3d && d > 1));
        l++) {
      w = w > 1 ? w / 2 : 1;
      if (!h_layers)
         h = h > 1 ? h / 2 : 1;
      if (is_3d)
         d = d > 1 ? d / 2 : 1;
      for (unsigned f = 0; f < faces; f++) {
         const struct gl_texture_image *img = &t->Image[f][l];
         /* ES 3.0.6 section 3.8.13: one internal format (two compressed
          * formats may share a decoded storage format). */
         if (img->Width != w || img->Height != h || img->Depth != d ||
             img->PipeFormat != b->PipeFormat ||
             img->InternalFormat != b->InternalFormat)
            return false;
      }
   }
   return true;
}

bool
_mesa_texture_complete(const struct gl_context *ctx,
                       const struct gl_texture_object *t)
{
   return complete_with(ctx, t, t->MinFilter, t->MagFilter, t->WrapS,
                        t->WrapT, t->CompareMode);
}

bool
_mesa_texture_complete_sampler(const struct gl_context *ctx,
                               const struct gl_texture_object *t,
                               const struct gl_sampler_object *s)
{
   if (!s)
      return _mesa_texture_complete(ctx, t);
   return complete_with(ctx, t, s->MinFilter, s->MagFilter, s->WrapS,
                        s->WrapT, s->CompareMode);
}
