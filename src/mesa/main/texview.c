/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture views: glTextureView (ARB_texture_view, GL 4.6 section 8.18;
 * OES_texture_view / EXT_texture_view, their ES 3.1 forms).  A view is a
 * new texture object that reads and writes part of an immutable texture's
 * storage: a run of its levels and layers, under a target and internal
 * format compatible with the original's (tables 8.21 and 8.22 here as
 * data).  The view's images point into the original's resource at those
 * levels and layers, so uploads, attachments and copies reach the shared
 * texels; the state tracker samples it through a sampler view of that
 * resource (st_texture.c).
 */
#include <stdlib.h>

#include "main/context.h"
#include "main/extensions.h"
#include "main/formats_es3.h"
#include "main/geomshader.h"
#include "main/hash.h"
#include "main/texcompress.h"
#include "main/texobj.h"
#include "main/texview.h"
#include "state_tracker/st_context.h"
#include "util/format/u_format.h"
#include "util/u_math.h"
#include "util/u_inlines.h"

bool
_mesa_has_texture_view(const struct gl_context *ctx)
{
   return _mesa_is_gles(ctx) ? ctx->Version >= 31 : ctx->Version >= 30;
}

GLuint
_mesa_texture_levels(const struct gl_texture_object *t)
{
   return t->IsView ? t->ViewNumLevels : t->ImmutableLevels;
}

/* The layers of a texture's storage as a view counts them (GL 4.6 section
 * 8.18: TEXTURE_VIEW_NUM_LAYERS of an immutable texture): a cube's six
 * faces, the layer-faces of a cube map array, an array's layers (the rows
 * of a 1D array), 1 otherwise. */
static GLuint
texture_layers(const struct gl_texture_object *t)
{
   const struct gl_texture_image *img = &t->Image[0][0];

   if (t->IsView)
      return t->ViewNumLayers;
   switch (t->Target) {
   case GL_TEXTURE_1D_ARRAY:
      return (GLuint)img->Height;
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_CUBE_MAP_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return (GLuint)img->Depth;
   case GL_TEXTURE_CUBE_MAP:
      return 6;
   default:
      return 1;
   }
}

bool
_mesa_texture_view_param(const struct gl_context *ctx,
                         const struct gl_texture_object *t, GLenum pname,
                         GLint *out)
{
   if (!_mesa_has_texture_view(ctx))
      return false;
   switch (pname) {
   case GL_TEXTURE_VIEW_MIN_LEVEL:
      *out = (GLint)t->ViewMinLevel;
      return true;
   case GL_TEXTURE_VIEW_NUM_LEVELS:
      *out = (GLint)_mesa_texture_levels(t);
      return true;
   case GL_TEXTURE_VIEW_MIN_LAYER:
      *out = (GLint)t->ViewMinLayer;
      return true;
   case GL_TEXTURE_VIEW_NUM_LAYERS:
      *out = t->Immutable ? (GLint)texture_layers(t) : 0;
      return true;
   default:
      return false;
   }
}

/* --- Table 8.21: the targets a view of each target may have ------------- */

static const struct {
   GLenum orig;
   GLenum views[4];
} view_targets[] = {
   {GL_TEXTURE_1D, {GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY}},
   {GL_TEXTURE_1D_ARRAY, {GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY}},
   {GL_TEXTURE_2D, {GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY}},
   {GL_TEXTURE_3D, {GL_TEXTURE_3D}},
   {GL_TEXTURE_RECTANGLE, {GL_TEXTURE_RECTANGLE}},
   {GL_TEXTURE_CUBE_MAP,
    {GL_TEXTURE_CUBE_MAP, GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY,
     GL_TEXTURE_CUBE_MAP_ARRAY}},
   {GL_TEXTURE_2D_ARRAY,
    {GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP,
     GL_TEXTURE_CUBE_MAP_ARRAY}},
   {GL_TEXTURE_CUBE_MAP_ARRAY,
    {GL_TEXTURE_CUBE_MAP, GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY,
     GL_TEXTURE_CUBE_MAP_ARRAY}},
   {GL_TEXTURE_2D_MULTISAMPLE,
    {GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY}},
   {GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
    {GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY}},
};

static bool
target_compatible(GLenum orig, GLenum view)
{
   for (unsigned i = 0; i < ARRAY_SIZE(view_targets); i++) {
      if (view_targets[i].orig != orig)
         continue;
      for (unsigned j = 0; j < 4; j++) {
         if (view_targets[i].views[j] == view)
            return true;
      }
   }
   return false;
}

/* --- Table 8.22: view classes of internal formats ------------------------ */

enum view_class {
   VC_NONE,
   VC_128, VC_96, VC_64, VC_48, VC_32, VC_24, VC_16, VC_8,
   VC_RGTC1, VC_RGTC2, VC_BPTC_UNORM, VC_BPTC_FLOAT,
   /* S3TC (EXT_texture_sRGB's pairs, as Mesa classes them) */
   VC_DXT1_RGB, VC_DXT1_RGBA, VC_DXT3, VC_DXT5,
   /* OES_texture_view's ES classes */
   VC_EAC_R11, VC_EAC_RG11, VC_ETC2_RGB, VC_ETC2_RGBA, VC_ETC2_A1,
   VC_ASTC_FIRST, /* one class per block size: + (format - 0x93B0) */
};

static const struct {
   GLenum format;
   uint8_t cls;
} view_classes[] = {
   {GL_RGBA32F, VC_128}, {GL_RGBA32UI, VC_128}, {GL_RGBA32I, VC_128},
   {GL_RGB32F, VC_96}, {GL_RGB32UI, VC_96}, {GL_RGB32I, VC_96},
   {GL_RGBA16F, VC_64}, {GL_RG32F, VC_64}, {GL_RGBA16UI, VC_64},
   {GL_RG32UI, VC_64}, {GL_RGBA16I, VC_64}, {GL_RG32I, VC_64},
   {GL_RGBA16, VC_64}, {GL_RGBA16_SNORM, VC_64},
   {GL_RGB16, VC_48}, {GL_RGB16_SNORM, VC_48}, {GL_RGB16F, VC_48},
   {GL_RGB16UI, VC_48}, {GL_RGB16I, VC_48},
   {GL_RG16F, VC_32}, {GL_R11F_G11F_B10F, VC_32}, {GL_R32F, VC_32},
   {GL_RGB10_A2UI, VC_32}, {GL_RGBA8UI, VC_32}, {GL_RG16UI, VC_32},
   {GL_R32UI, VC_32}, {GL_RGBA8I, VC_32}, {GL_RG16I, VC_32},
   {GL_R32I, VC_32}, {GL_RGB10_A2, VC_32}, {GL_RGBA8, VC_32},
   {GL_RG16, VC_32}, {GL_RGBA8_SNORM, VC_32}, {GL_RG16_SNORM, VC_32},
   {GL_SRGB8_ALPHA8, VC_32}, {GL_RGB9_E5, VC_32},
   {GL_RGB8, VC_24}, {GL_RGB8_SNORM, VC_24}, {GL_SRGB8, VC_24},
   {GL_RGB8UI, VC_24}, {GL_RGB8I, VC_24},
   {GL_R16F, VC_16}, {GL_RG8UI, VC_16}, {GL_R16UI, VC_16},
   {GL_RG8I, VC_16}, {GL_R16I, VC_16}, {GL_RG8, VC_16}, {GL_R16, VC_16},
   {GL_RG8_SNORM, VC_16}, {GL_R16_SNORM, VC_16},
   {GL_R8UI, VC_8}, {GL_R8I, VC_8}, {GL_R8, VC_8}, {GL_R8_SNORM, VC_8},
   {GL_COMPRESSED_RED_RGTC1, VC_RGTC1},
   {GL_COMPRESSED_SIGNED_RED_RGTC1, VC_RGTC1},
   {GL_COMPRESSED_RG_RGTC2, VC_RGTC2},
   {GL_COMPRESSED_SIGNED_RG_RGTC2, VC_RGTC2},
   {GL_COMPRESSED_RGBA_BPTC_UNORM, VC_BPTC_UNORM},
   {GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, VC_BPTC_UNORM},
   {GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, VC_BPTC_FLOAT},
   {GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, VC_BPTC_FLOAT},
   {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, VC_DXT1_RGB},
   {GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, VC_DXT1_RGB},
   {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, VC_DXT1_RGBA},
   {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, VC_DXT1_RGBA},
   {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, VC_DXT3},
   {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, VC_DXT3},
   {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, VC_DXT5},
   {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, VC_DXT5},
   {GL_COMPRESSED_R11_EAC, VC_EAC_R11},
   {GL_COMPRESSED_SIGNED_R11_EAC, VC_EAC_R11},
   {GL_COMPRESSED_RG11_EAC, VC_EAC_RG11},
   {GL_COMPRESSED_SIGNED_RG11_EAC, VC_EAC_RG11},
   {GL_COMPRESSED_RGB8_ETC2, VC_ETC2_RGB},
   {GL_COMPRESSED_SRGB8_ETC2, VC_ETC2_RGB},
   {GL_COMPRESSED_RGBA8_ETC2_EAC, VC_ETC2_RGBA},
   {GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, VC_ETC2_RGBA},
   {GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, VC_ETC2_A1},
   {GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, VC_ETC2_A1},
};

static unsigned
view_class(GLenum format)
{
   /* ASTC (OES_texture_view): a block size's RGBA and sRGB formats */
   if (format >= GL_COMPRESSED_RGBA_ASTC_4x4_KHR &&
       format <= GL_COMPRESSED_RGBA_ASTC_12x12_KHR)
      return VC_ASTC_FIRST + (format - GL_COMPRESSED_RGBA_ASTC_4x4_KHR);
   if (format >= GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR &&
       format <= GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR)
      return VC_ASTC_FIRST +
             (format - GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR);
   for (unsigned i = 0; i < ARRAY_SIZE(view_classes); i++) {
      if (view_classes[i].format == format)
         return view_classes[i].cls;
   }
   return VC_NONE;
}

/* GL 4.6 section 8.18: the same class of table 8.22, or (formats of no
 * class) the very same internal format. */
static bool
format_compatible(GLenum orig, GLenum view)
{
   if (orig == view)
      return true;
   unsigned c = view_class(orig);
   return c != VC_NONE && c == view_class(view);
}

/* The storage format the view reads its texels as: its internal format's
 * own when that has the original's texel size, else (a compressed format
 * the original stores decoded, st_texture_etc.c) the original's decoded
 * format in the view's sRGB-ness.  NONE when the driver has neither. */
static enum pipe_format
view_pipe_format(struct gl_context *ctx, enum pipe_format orig,
                 GLenum internalformat, enum pipe_texture_target target)
{
   unsigned size = util_format_get_blocksize(orig);
   enum pipe_format p = _mesa_compressed_pipe_format(ctx, internalformat);
   const struct gl_format_info *f = _mesa_format_info(internalformat);

   if (p == PIPE_FORMAT_NONE && f) {
      static const unsigned binds[2] = {
         PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET,
         PIPE_BIND_SAMPLER_VIEW};
      for (unsigned i = 0; i < 2; i++) {
         p = _mesa_choose_storage(ctx->st->screen, f, target, binds[i]);
         if (p != PIPE_FORMAT_NONE && util_format_get_blocksize(p) == size)
            break;
      }
   }
   if (p != PIPE_FORMAT_NONE && util_format_get_blocksize(p) == size &&
       util_format_is_compressed(p) == util_format_is_compressed(orig))
      return p;
   if (p != PIPE_FORMAT_NONE && util_format_is_compressed(p) &&
       !util_format_is_compressed(orig))
      return util_format_is_srgb(p) ? util_format_srgb(orig)
                                    : util_format_linear(orig);
   return PIPE_FORMAT_NONE;
}

/* The view's images: level l, face f is the original's storage at its
 * level minlevel + l and layer minlayer (+ f for a cube's faces). */
static void
make_view_images(struct gl_texture_object *t,
                 const struct gl_texture_object *orig, GLenum internalformat,
                 enum pipe_format format, GLuint minlevel, GLuint minlayer)
{
   const struct gl_format_info *info = _mesa_format_info(internalformat);
   unsigned faces = t->Target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   GLuint layers = t->ViewNumLayers;

   for (GLuint l = 0; l < t->ViewNumLevels; l++) {
      const struct gl_texture_image *src = &orig->Image[0][minlevel + l];
      for (unsigned f = 0; f < faces; f++) {
         struct gl_texture_image *img = &t->Image[f][l];
         pipe_resource_reference(&img->pt, src->pt);
         img->pt_level = src->pt_level;
         img->pt_layer = src->pt_layer + minlayer + f;
         img->Width = src->Width;
         switch (t->Target) {
         case GL_TEXTURE_1D:
            img->Height = img->Depth = 1;
            break;
         case GL_TEXTURE_1D_ARRAY: /* (rows are layers) */
            img->Height = (GLsizei)layers;
            img->Depth = 1;
            break;
         case GL_TEXTURE_2D_ARRAY:
         case GL_TEXTURE_CUBE_MAP_ARRAY:
         case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
            img->Height = src->Height;
            img->Depth = (GLsizei)layers;
            break;
         case GL_TEXTURE_3D:
            img->Height = src->Height;
            img->Depth = src->Depth;
            break;
         default:
            img->Height = orig->Target == GL_TEXTURE_1D_ARRAY ||
                                orig->Target == GL_TEXTURE_1D
                             ? 1
                             : src->Height;
            img->Depth = 1;
            break;
         }
         img->InternalFormat = internalformat;
         img->Format = info ? info->base : src->Format;
         img->Type = GL_NONE;
         img->PipeFormat = format;
      }
   }
}

static bool
check_layers(struct gl_context *ctx, GLenum target,
             const struct gl_texture_object *orig, GLuint numlayers,
             GLuint clamped)
{
   const char *func = "glTextureView";

   switch (target) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_2D:
   case GL_TEXTURE_3D:
   case GL_TEXTURE_RECTANGLE:
   case GL_TEXTURE_2D_MULTISAMPLE:
      /* GL 4.6 section 8.18: one layer (as asked, before clamping; as
       * Mesa checks it) */
      if (numlayers != 1) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(numlayers %u != 1)", func,
                     numlayers);
         return false;
      }
      return true;
   case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      /* six layers, or a multiple of six, after clamping; square faces */
      if (target == GL_TEXTURE_CUBE_MAP ? clamped != 6 : clamped % 6 != 0) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(%u layers for a cube)",
                     func, clamped);
         return false;
      }
      if (orig->Image[0][0].Width != orig->Image[0][0].Height) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(faces not square)",
                     func);
         return false;
      }
      if (target == GL_TEXTURE_CUBE_MAP_ARRAY &&
          !_mesa_has_cube_map_arrays(ctx)) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no cube map arrays)",
                     func);
         return false;
      }
      return true;
   default:
      return true;
   }
}

void GLAPIENTRY
_mesa_TextureView(GLuint texture, GLenum target, GLuint origtexture,
                  GLenum internalformat, GLuint minlevel, GLuint numlevels,
                  GLuint minlayer, GLuint numlayers)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glTextureView";

   if (!_mesa_has_texture_view(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no texture views)", func);
      return;
   }
   /* GL 4.6 section 8.18's errors, in Mesa's order (piglit's
    * arb_texture_view-params makes several at once). */
   struct gl_texture_object *orig =
      _mesa_name_lookup_object(ctx->Shared->Textures, origtexture);
   if (!orig || !orig->Target) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(origtexture=%u)", func,
                  origtexture);
      return;
   }
   if (!texture) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(texture=0)", func);
      return;
   }
   void *obj = _mesa_name_lookup(ctx->Shared->Textures, texture);
   if (obj != GL_NAME_RESERVED) {
      /* not from glGenTextures, or already bound to a target */
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(texture=%u)", func,
                  texture);
      return;
   }
   if (!orig->Immutable || !orig->pt) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(mutable origtexture)",
                  func);
      return;
   }
   if (!target_compatible(orig->Target, target) ||
       _mesa_tex_target_index(ctx, target) < 0) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(target 0x%x of 0x%x)", func,
                  target, orig->Target);
      return;
   }
   GLenum orig_format = orig->Image[0][0].InternalFormat;
   if (!format_compatible(orig_format, internalformat)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(internalformat 0x%x of 0x%x)", func, internalformat,
                  orig_format);
      return;
   }
   GLuint levels = _mesa_texture_levels(orig);
   GLuint layers = texture_layers(orig);
   if (minlevel >= levels || minlayer >= layers) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(minlevel=%u, minlayer=%u)",
                  func, minlevel, minlayer);
      return;
   }
   GLuint nlevels = MIN2(numlevels, levels - minlevel);
   GLuint nlayers = MIN2(numlayers, layers - minlayer);
   if (!check_layers(ctx, target, orig, numlayers, nlayers))
      return;
   enum pipe_format format = view_pipe_format(
      ctx, orig->Image[0][0].PipeFormat, internalformat, orig->pt->target);
   if (format == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x is not "
                  "supported by the driver)", func, internalformat);
      return;
   }

   struct gl_texture_object *t = _mesa_new_texture_object(texture, target);
   if (!t || !_mesa_name_insert(ctx->Shared->Textures, texture, t)) {
      free(t);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   /* Levels and layers of a view of a view count from the storage's. */
   t->IsView = true;
   t->ViewMinLevel = orig->ViewMinLevel + minlevel;
   t->ViewNumLevels = nlevels;
   t->ViewMinLayer = orig->ViewMinLayer + minlayer;
   t->ViewNumLayers = nlayers;
   t->Samples = orig->Samples;
   t->FixedSampleLocations = orig->FixedSampleLocations;
   pipe_resource_reference(&t->pt, orig->pt);
   make_view_images(t, orig, internalformat, format, minlevel, minlayer);
   /* Immutable, with the original's TEXTURE_IMMUTABLE_LEVELS (section
    * 8.18); its own levels bound BASE_LEVEL and MAX_LEVEL. */
   _mesa_texture_make_immutable(t, orig->ImmutableLevels);
   t->MaxLevel = (GLint)nlevels - 1;
   t->stamp++;
}
