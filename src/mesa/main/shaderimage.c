/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Image units (ARB_shader_image_load_store; GL 4.6 section 8.26): a unit
 * holds a texture level (all layers, or one), the access the shaders
 * promise and the format their loads and stores see.  Binding checks
 * every error of the extension's "Errors" list; glBindImageTextures
 * (ARB_multi_bind) binds several; the state tracker reads
 * the units at each draw and dispatch (st_image.c).
 */
#include "main/shaderimage.h"

#include "main/context.h"
#include "main/hash.h"
#include "main/multibind.h"
#include "main/texobj.h"

bool
_mesa_has_shader_images(const struct gl_context *ctx)
{
   return _mesa_is_desktop_or_gles31(ctx) && ctx->Const.MaxImageUnits > 0;
}

/* GL 4.6 table 8.26: the formats of image units. */
static const struct {
   GLenum gl;
   enum pipe_format pipe;
} image_formats[] = {
   {GL_RGBA32F, PIPE_FORMAT_R32G32B32A32_FLOAT},
   {GL_RGBA16F, PIPE_FORMAT_R16G16B16A16_FLOAT},
   {GL_RG32F, PIPE_FORMAT_R32G32_FLOAT},
   {GL_RG16F, PIPE_FORMAT_R16G16_FLOAT},
   {GL_R11F_G11F_B10F, PIPE_FORMAT_R11G11B10_FLOAT},
   {GL_R32F, PIPE_FORMAT_R32_FLOAT},
   {GL_R16F, PIPE_FORMAT_R16_FLOAT},
   {GL_RGBA32UI, PIPE_FORMAT_R32G32B32A32_UINT},
   {GL_RGBA16UI, PIPE_FORMAT_R16G16B16A16_UINT},
   {GL_RGB10_A2UI, PIPE_FORMAT_R10G10B10A2_UINT},
   {GL_RGBA8UI, PIPE_FORMAT_R8G8B8A8_UINT},
   {GL_RG32UI, PIPE_FORMAT_R32G32_UINT},
   {GL_RG16UI, PIPE_FORMAT_R16G16_UINT},
   {GL_RG8UI, PIPE_FORMAT_R8G8_UINT},
   {GL_R32UI, PIPE_FORMAT_R32_UINT},
   {GL_R16UI, PIPE_FORMAT_R16_UINT},
   {GL_R8UI, PIPE_FORMAT_R8_UINT},
   {GL_RGBA32I, PIPE_FORMAT_R32G32B32A32_SINT},
   {GL_RGBA16I, PIPE_FORMAT_R16G16B16A16_SINT},
   {GL_RGBA8I, PIPE_FORMAT_R8G8B8A8_SINT},
   {GL_RG32I, PIPE_FORMAT_R32G32_SINT},
   {GL_RG16I, PIPE_FORMAT_R16G16_SINT},
   {GL_RG8I, PIPE_FORMAT_R8G8_SINT},
   {GL_R32I, PIPE_FORMAT_R32_SINT},
   {GL_R16I, PIPE_FORMAT_R16_SINT},
   {GL_R8I, PIPE_FORMAT_R8_SINT},
   {GL_RGBA16, PIPE_FORMAT_R16G16B16A16_UNORM},
   {GL_RGB10_A2, PIPE_FORMAT_R10G10B10A2_UNORM},
   {GL_RGBA8, PIPE_FORMAT_R8G8B8A8_UNORM},
   {GL_RG16, PIPE_FORMAT_R16G16_UNORM},
   {GL_RG8, PIPE_FORMAT_R8G8_UNORM},
   {GL_R16, PIPE_FORMAT_R16_UNORM},
   {GL_R8, PIPE_FORMAT_R8_UNORM},
   {GL_RGBA16_SNORM, PIPE_FORMAT_R16G16B16A16_SNORM},
   {GL_RGBA8_SNORM, PIPE_FORMAT_R8G8B8A8_SNORM},
   {GL_RG16_SNORM, PIPE_FORMAT_R16G16_SNORM},
   {GL_RG8_SNORM, PIPE_FORMAT_R8G8_SNORM},
   {GL_R16_SNORM, PIPE_FORMAT_R16_SNORM},
   {GL_R8_SNORM, PIPE_FORMAT_R8_SNORM},
};

enum pipe_format
_mesa_image_format_to_pipe(GLenum format)
{
   for (unsigned i = 0; i < sizeof(image_formats) / sizeof(image_formats[0]);
        i++) {
      if (image_formats[i].gl == format)
         return image_formats[i].pipe;
   }
   return PIPE_FORMAT_NONE;
}

static void
set_unit(struct gl_image_unit *u, struct gl_texture_object *t, GLint level,
         GLboolean layered, GLint layer, GLenum access, GLenum format)
{
   _mesa_reference_texobj(&u->TexObj, t);
   u->Level = level;
   u->Layered = layered ? GL_TRUE : GL_FALSE;
   u->Layer = layer;
   u->Access = access;
   u->Format = format;
}

/* GL 4.6 table 23.45: the initial state of a unit. */
static void
reset_unit(struct gl_image_unit *u)
{
   set_unit(u, NULL, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
}

void
_mesa_init_image_units(struct gl_context *ctx)
{
   for (unsigned i = 0; i < MAX_IMAGE_UNITS; i++)
      reset_unit(&ctx->ImageUnits[i]);
}

void
_mesa_free_image_units(struct gl_context *ctx)
{
   for (unsigned i = 0; i < MAX_IMAGE_UNITS; i++)
      _mesa_reference_texobj(&ctx->ImageUnits[i].TexObj, NULL);
}

void
_mesa_unbind_image_texture(struct gl_context *ctx,
                           struct gl_texture_object *t)
{
   for (unsigned i = 0; i < MAX_IMAGE_UNITS; i++) {
      if (ctx->ImageUnits[i].TexObj == t)
         reset_unit(&ctx->ImageUnits[i]);
   }
}

void GLAPIENTRY
_mesa_BindImageTexture(GLuint unit, GLuint texture, GLint level,
                       GLboolean layered, GLint layer, GLenum access,
                       GLenum format)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_texture_object *t = NULL;

   if (!_mesa_has_shader_images(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBindImageTexture"
                  "(unsupported)");
      return;
   }
   /* ARB_shader_image_load_store, "Errors": INVALID_VALUE for each of
    * these. */
   if (unit >= (GLuint)ctx->Const.MaxImageUnits) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBindImageTexture(unit=%u)",
                  unit);
      return;
   }
   if (texture) {
      void *obj = _mesa_name_lookup(ctx->Shared->Textures, texture);
      if (!obj || obj == GL_NAME_RESERVED) {
         _mesa_error(ctx, GL_INVALID_VALUE,
                     "glBindImageTexture(texture=%u)", texture);
         return;
      }
      t = obj;
   }
   if (level < 0 || layer < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBindImageTexture(level=%d, "
                  "layer=%d)", level, layer);
      return;
   }
   if (access != GL_READ_ONLY && access != GL_WRITE_ONLY &&
       access != GL_READ_WRITE) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBindImageTexture(access=0x%x)",
                  access);
      return;
   }
   if (_mesa_image_format_to_pipe(format) == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBindImageTexture(format=0x%x)",
                  format);
      return;
   }

   set_unit(&ctx->ImageUnits[unit], t, level, layered, layer, access,
            format);
}

/* The unit format glBindImageTextures takes from a texture: its level
 * zero's internal format (the +X face's for cubes), a buffer texture's
 * buffer format; GL_NONE when level zero has no image. */
static GLenum
level_zero_format(const struct gl_texture_object *t)
{
   if (t->Target == GL_TEXTURE_BUFFER)
      return t->BufferObjectFormat;
   const struct gl_texture_image *img = &t->Image[0][0];
   if (!img->Width || !img->Height || !img->Depth)
      return GL_NONE;
   return img->InternalFormat;
}

/* ARB_multi_bind / GL 4.6 section 8.26: units first .. first + count - 1
 * each get textures[i] as BindImageTexture(unit, textures[i], 0, TRUE, 0,
 * READ_WRITE, <level zero's format>) would bind it, or are reset when
 * textures is NULL or textures[i] is 0.  An entry in error leaves its
 * unit as it was; the other entries are still bound (section 2.3.1's
 * rule for the multi-bind commands). */
void GLAPIENTRY
_mesa_BindImageTextures(GLuint first, GLsizei count, const GLuint *textures)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_has_shader_images(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBindImageTextures"
                  "(unsupported)");
      return;
   }
   if (!_mesa_multi_bind_span_ok(ctx, first, count,
                                 (GLuint)ctx->Const.MaxImageUnits,
                                 "glBindImageTextures"))
      return;
   for (GLsizei i = 0; i < count; i++) {
      struct gl_image_unit *u = &ctx->ImageUnits[first + (GLuint)i];
      GLuint name = textures ? textures[i] : 0;
      if (!name) {
         reset_unit(u);
         continue;
      }
      void *obj = _mesa_name_lookup(ctx->Shared->Textures, name);
      if (!obj || obj == GL_NAME_RESERVED) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glBindImageTextures(textures[%d]=%u)", i, name);
         continue;
      }
      struct gl_texture_object *t = obj;
      GLenum format = level_zero_format(t);
      if (format == GL_NONE) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "glBindImageTextures"
                     "(textures[%d]=%u has an empty level 0)", i, name);
         continue;
      }
      if (_mesa_image_format_to_pipe(format) == PIPE_FORMAT_NONE) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "glBindImageTextures"
                     "(textures[%d]=%u: format 0x%x is not an image "
                     "format)", i, name, format);
         continue;
      }
      set_unit(u, t, 0, GL_TRUE, 0, GL_READ_WRITE, format);
   }
}

bool
_mesa_get_image_state(struct gl_context *ctx, GLenum pname, GLint *value,
                      bool *known)
{
   const struct gl_constants *c = &ctx->Const;
   *known = _mesa_has_shader_images(ctx);
   switch (pname) {
   case GL_MAX_IMAGE_UNITS:
      *value = c->MaxImageUnits;
      return true;
   case GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS:
      *value = c->MaxImageUnits + c->MaxDrawBuffers;
      return true;
   case GL_MAX_IMAGE_SAMPLES:
      *value = c->MaxImageSamples;
      return true;
   case GL_MAX_VERTEX_IMAGE_UNIFORMS:
      *value = c->MaxImageUniforms[MESA_SHADER_VERTEX];
      return true;
   case GL_MAX_GEOMETRY_IMAGE_UNIFORMS:
      *value = c->MaxImageUniforms[MESA_SHADER_GEOMETRY];
      return true;
   case GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS:
   case GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS:
      *value = 0;
      return true;
   case GL_MAX_FRAGMENT_IMAGE_UNIFORMS:
      *value = c->MaxImageUniforms[MESA_SHADER_FRAGMENT];
      return true;
   case GL_MAX_COMBINED_IMAGE_UNIFORMS:
      *value = c->MaxCombinedImageUniforms;
      return true;
   default:
      return false;
   }
}

bool
_mesa_get_image_indexed(struct gl_context *ctx, GLenum pname, GLuint index,
                        GLint64 *out, bool *ok, const char *func)
{
   *ok = false;
   switch (pname) {
   case GL_IMAGE_BINDING_NAME:
   case GL_IMAGE_BINDING_LEVEL:
   case GL_IMAGE_BINDING_LAYERED:
   case GL_IMAGE_BINDING_LAYER:
   case GL_IMAGE_BINDING_ACCESS:
   case GL_IMAGE_BINDING_FORMAT:
      break;
   default:
      return false;
   }
   if (!_mesa_has_shader_images(ctx)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return true;
   }
   if (index >= (GLuint)ctx->Const.MaxImageUnits) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return true;
   }
   const struct gl_image_unit *u = &ctx->ImageUnits[index];
   switch (pname) {
   case GL_IMAGE_BINDING_NAME:
      *out = u->TexObj ? u->TexObj->Name : 0;
      break;
   case GL_IMAGE_BINDING_LEVEL:
      *out = u->Level;
      break;
   case GL_IMAGE_BINDING_LAYERED:
      *out = u->Layered;
      break;
   case GL_IMAGE_BINDING_LAYER:
      *out = u->Layer;
      break;
   case GL_IMAGE_BINDING_ACCESS:
      *out = u->Access;
      break;
   default:
      *out = u->Format;
      break;
   }
   *ok = true;
   return true;
}
