/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glGetTexLevelParameter{i,f}v (GL 4.6 section 8.11.3, ES 3.1 section
 * 8.10.3): the size and the internal format of a texture image, and the
 * sizes and types of its components, answered from the internal format
 * asked for (main/formats_es3.c), whatever it is stored in.
 */
#include "main/context.h"
#include "main/formats_es3.h"
#include "main/texbuffer.h"
#include "main/texcompress.h"
#include "main/texobj.h"
#include "main/texproxy.h"
#include "main/texture_multisample.h"
#include "util/format/u_format.h"

/* The image a target names (a cube face or the texture's only face). */
static struct gl_texture_object *
level_texture(struct gl_context *ctx, GLenum target, unsigned *face)
{
   *face = 0;
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
       target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      target = GL_TEXTURE_CUBE_MAP;
   } else if (target == GL_TEXTURE_CUBE_MAP) {
      return NULL; /* faces only */
   } else if ((target == GL_PROXY_TEXTURE_2D_MULTISAMPLE ||
               target == GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY) &&
              _mesa_has_texture_multisample(ctx)) {
      /* GL 3.2 section 6.1.3 (texture_multisample.c) */
      struct gl_texture_object *p =
         &ctx->ProxyMS[target == GL_PROXY_TEXTURE_2D_MULTISAMPLE ? 0 : 1];
      p->TargetIndex = target == GL_PROXY_TEXTURE_2D_MULTISAMPLE
                          ? TEXTURE_2D_MULTISAMPLE_INDEX
                          : TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX;
      return p;
   }
   int index = _mesa_tex_target_index(ctx, target);
   if (index < 0)
      return NULL;
   return ctx->TexUnit[ctx->ActiveTexture].Current[index];
}

/* One component's size (0-7: R, G, B, A, depth, stencil, shared
 * exponent, luminance) of a format entry. */
static GLint
component_bits(const struct gl_format_info *f, unsigned c)
{
   const unsigned char bits[8] = {f->r, f->g, f->b, f->a,
                                  f->d, f->s, f->e, f->l};
   return bits[c];
}

/* The size of colour component c (0-3: R, G, B, A; 7: luminance) as
 * stored: GL 4.6 section 8.11.3 asks for the actual resolution, and an
 * image kept in a wider format than its internal format names (RGB5_A1
 * or RGBA4 as RGBA8 where the driver cannot render the packed format,
 * formats_es3.c) has the wider one.  Luminance lives in the red channel
 * of the storage. */
static GLint
stored_bits(const struct gl_texture_image *img, const struct gl_format_info *f,
            unsigned c)
{
   GLint bits = component_bits(f, c);
   if (c > 3 && c != 7)
      return bits;
   return _mesa_stored_color_bits(bits, c == 7 ? 0 : c, img->PipeFormat);
}

/* The value of pname, false when pname is not one of this query's. */
static bool
level_param(const struct gl_texture_image *img, GLenum pname, GLint *v)
{
   const struct gl_format_info *f =
      img->Width ? _mesa_format_info(_mesa_effective_internalformat(
                      img->InternalFormat, img->Type))
                 : NULL;
   const bool compressed = img->Width && !f;
   int size = -1, type = -1;

   /* Images kept as blocks have no entry of their own: their component
    * types are those of the format the blocks decode to exactly
    * (texcompress.c), and so are their sizes, but S3TC's, approximately
    * 4 bits (its 565 endpoints and 4-bit DXT3 alpha), the value Mesa's
    * format table gives them (src/mesa/main/formats.csv).  piglit's
    * fbo-generatemipmap-formats expects the colours of the components
    * a compressed image has, within its sizes. */
   bool s3tc = false;
   if (compressed && util_format_is_compressed(img->PipeFormat)) {
      f = _mesa_format_info(_mesa_compressed_fallback_format(img->PipeFormat));
      s3tc = util_format_description(img->PipeFormat)->layout ==
             UTIL_FORMAT_LAYOUT_S3TC;
   }

   switch (pname) {
   case GL_TEXTURE_WIDTH:
      *v = img->Width;
      return true;
   case GL_TEXTURE_HEIGHT:
      *v = img->Height;
      return true;
   case GL_TEXTURE_DEPTH:
      *v = img->Width ? img->Depth : 0;
      return true;
   case GL_TEXTURE_INTERNAL_FORMAT:
      /* An image never specified reports RGBA (the initial value in
       * ES 3.1 table 20.9). */
      *v = !img->Width          ? GL_RGBA
           : img->ComponentCount ? img->ComponentCount
                                 : (GLint)img->InternalFormat;
      return true;
   case GL_TEXTURE_COMPRESSED:
      *v = compressed ? GL_TRUE : GL_FALSE;
      return true;
   case GL_TEXTURE_RED_SIZE:
      size = 0;
      break;
   case GL_TEXTURE_GREEN_SIZE:
      size = 1;
      break;
   case GL_TEXTURE_BLUE_SIZE:
      size = 2;
      break;
   case GL_TEXTURE_ALPHA_SIZE:
      size = 3;
      break;
   case GL_TEXTURE_DEPTH_SIZE:
      size = 4;
      break;
   case GL_TEXTURE_STENCIL_SIZE:
      size = 5;
      break;
   case GL_TEXTURE_SHARED_SIZE:
      size = 6;
      break;
   case GL_TEXTURE_LUMINANCE_SIZE:
      /* Intensity formats keep their size in the luminance field. */
      if (f && f->base == GL_INTENSITY) {
         *v = 0;
         return true;
      }
      size = 7;
      break;
   case GL_TEXTURE_INTENSITY_SIZE:
      *v = f && f->base == GL_INTENSITY ? f->l : 0;
      return true;
   case GL_TEXTURE_RED_TYPE:
      type = 0;
      break;
   case GL_TEXTURE_GREEN_TYPE:
      type = 1;
      break;
   case GL_TEXTURE_BLUE_TYPE:
      type = 2;
      break;
   case GL_TEXTURE_ALPHA_TYPE:
      type = 3;
      break;
   case GL_TEXTURE_DEPTH_TYPE:
      type = 4;
      break;
   case GL_TEXTURE_LUMINANCE_TYPE:
      if (f && f->base == GL_INTENSITY) {
         *v = GL_NONE;
         return true;
      }
      type = 7;
      break;
   case GL_TEXTURE_INTENSITY_TYPE:
      *v = f && f->base == GL_INTENSITY ? (GLint)f->type : GL_NONE;
      return true;
   default:
      return false;
   }
   if (size >= 0) {
      *v = f ? stored_bits(img, f, (unsigned)size) : 0;
      if (s3tc && *v)
         *v = 4;
      return true;
   }
   /* Types: the format's component type for the components it has
    * (ES 3.1 table 20.9), NONE for the others. */
   *v = f && component_bits(f, (unsigned)type) ? (GLint)f->type : GL_NONE;
   return true;
}

/* GL 4.6 section 8.11.3 (desktop only): the bytes of the blocks of a
 * compressed image (what CompressedTexImage takes for it, whatever the
 * storage); INVALID_OPERATION for an uncompressed image and for a proxy
 * (which has no blocks). */
static bool
compressed_size(struct gl_context *ctx, const struct gl_texture_image *img,
                bool proxy, GLint *v, const char *func)
{
   if (proxy) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(TEXTURE_COMPRESSED_IMAGE_SIZE of a proxy)", func);
      return false;
   }
   enum pipe_format pf =
      img->Width ? _mesa_compressed_pipe_format(ctx, img->InternalFormat)
                 : PIPE_FORMAT_NONE;

   if (pf == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(TEXTURE_COMPRESSED_IMAGE_SIZE of an uncompressed image)",
                  func);
      return false;
   }
   *v = (GLint)util_format_get_size(pf, (unsigned)img->Width,
                                    (unsigned)img->Height,
                                    (unsigned)img->Depth);
   return true;
}

static bool image_query(struct gl_context *ctx,
                        const struct gl_texture_object *t,
                        const struct gl_texture_image *img, GLint level,
                        GLenum pname, GLint *v, const char *func);

static bool
level_query(GLenum target, GLint level, GLenum pname, GLint *v,
            const char *func)
{
   GET_CURRENT_CONTEXT(ctx);
   unsigned face;

   if (!ctx)
      return false;
   /* GL 4.6 section 8.22: the proxy targets' level state. */
   if (_mesa_proxy_texture_target(ctx, target, 0) != GL_NONE) {
      if (level < 0 || level >= MAX_TEXTURE_LEVELS) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
         return false;
      }
      return image_query(ctx, NULL, _mesa_proxy_image(ctx, target, level),
                         level, pname, v, func);
   }
   struct gl_texture_object *t = level_texture(ctx, target, &face);
   if (!t) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return false;
   }
   if (level < 0 || level >= MAX_TEXTURE_LEVELS) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return false;
   }
   if (t->TargetIndex == TEXTURE_BUFFER_INDEX) {
      /* GL 3.1 section 6.1.3 takes TEXTURE_BUFFER, and so does a 3.0
       * context with ARB_texture_buffer_range (its TEXTURE_BUFFER_OFFSET
       * and _SIZE), which every context with buffer textures offers. */
      if (level || !_mesa_texbuffer_level_param(ctx, t, pname, v)) {
         if (level)
            _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
         else
            _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
         return false;
      }
      return true;
   }
   return image_query(ctx, t, &t->Image[face][level], level, pname, v, func);
}

/* pname of image img at level of texture t (NULL for a proxy image). */
static bool
image_query(struct gl_context *ctx, const struct gl_texture_object *t,
            const struct gl_texture_image *img, GLint level, GLenum pname,
            GLint *v, const char *func)
{
   if (pname == GL_TEXTURE_COMPRESSED_IMAGE_SIZE && !_mesa_is_gles(ctx))
      return compressed_size(ctx, img, !t, v, func);
   /* GL 3.2 table 6.20: the sample count and fixed-location flag of a
    * multisample texture's image (0 and TRUE for the other targets). */
   if (pname == GL_TEXTURE_SAMPLES ||
       pname == GL_TEXTURE_FIXED_SAMPLE_LOCATIONS) {
      if (!_mesa_has_texture_multisample(ctx)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
         return false;
      }
      bool ms = t && _mesa_is_multisample_index((int)t->TargetIndex);
      if (pname == GL_TEXTURE_SAMPLES)
         *v = ms && !level ? (GLint)t->Samples : 0;
      else
         *v = ms && !level && t->Samples ? t->FixedSampleLocations : GL_TRUE;
      return true;
   }
   if (!level_param(img, pname, v)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return false;
   }
   return true;
}

void GLAPIENTRY
_mesa_GetTexLevelParameteriv(GLenum target, GLint level, GLenum pname,
                             GLint *params)
{
   GLint v;
   if (level_query(target, level, pname, &v, "glGetTexLevelParameteriv"))
      *params = v;
}

void GLAPIENTRY
_mesa_GetTexLevelParameterfv(GLenum target, GLint level, GLenum pname,
                             GLfloat *params)
{
   GLint v;
   if (level_query(target, level, pname, &v, "glGetTexLevelParameterfv"))
      *params = (GLfloat)v;
}
