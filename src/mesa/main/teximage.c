/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture images (ES 2.0 section 3.7.1-3.7.2, 3.7.11): TexImage2D,
 * TexSubImage2D, CopyTex[Sub]Image2D and GenerateMipmap, with the spec's
 * errors (CompressedTex* are in texcompress.c).  Storage and uploads are the
 * state tracker's (st_texture.c).
 */
#include <stdlib.h>

#include "main/client_pixels.h"
#include "main/context.h"
#include "main/draw.h"
#include "main/desktop31.h"
#include "main/fbobject.h"
#include "main/formats_es3.h"
#include "main/pbo.h"
#include "main/pixel.h"
#include "main/texcompress.h"
#include "main/texobj.h"
#include "main/texproxy.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_texture.h"
#include "state_tracker/st_texture_etc.h"
#include "util/format/u_format.h"
#include "util/format/u_format_bc.h"
#include "util/format/u_format_bptc.h"

/* Face index of a TexImage target of `dims` dimensions, -1 when not one
 * of this context.  1D textures and 1D arrays (2D images whose rows are
 * layers) are desktop GL's (GL 3.0 section 3.8.1). */
static int
image_face(struct gl_context *ctx, GLenum target, unsigned dims,
           GLenum *bind_target)
{
   if (dims == 1) {
      *bind_target = GL_TEXTURE_1D;
      return target == GL_TEXTURE_1D && !_mesa_is_gles(ctx) ? 0 : -1;
   }
   if (target == GL_TEXTURE_2D ||
       (target == GL_TEXTURE_RECTANGLE && _mesa_has_rect_textures(ctx)) ||
       (target == GL_TEXTURE_1D_ARRAY && !_mesa_is_gles(ctx))) {
      *bind_target = target;
      return 0;
   }
   if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
       target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      *bind_target = GL_TEXTURE_CUBE_MAP;
      return (int)(target - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
   }
   return -1;
}

static GLint
max_levels(struct gl_context *ctx, GLenum bind_target)
{
   /* GL 3.1 section 3.8.1: a rectangle texture has level 0 only. */
   if (bind_target == GL_TEXTURE_RECTANGLE)
      return 1;
   GLint size = bind_target == GL_TEXTURE_CUBE_MAP
                   ? ctx->Const.MaxCubeMapTextureSize
                   : ctx->Const.MaxTextureSize;
   GLint levels = 1;

   while (size > 1) {
      size >>= 1;
      levels++;
   }
   return levels;
}

/* The client memory layout of a format/type pair (formats_es3.c), or
 * PIPE_FORMAT_NONE; *enum_ok says whether both enums are known. */
static enum pipe_format
client_format(struct gl_context *ctx, GLenum format, GLenum type,
              bool *enum_ok)
{
   enum pipe_format p = _mesa_client_format(ctx, format, type, enum_ok);

   /* Desktop pairs no pipe format describes: the RGBA32 texels
    * client_texels makes of them (client_pixels.h). */
   if (p == PIPE_FORMAT_NONE && *enum_ok && !_mesa_is_gles(ctx) &&
       (_mesa_client_pixel_size(format, type) ||
        _mesa_client_depth_size(format, type)))
      return _mesa_client_unpacked_format(format, type);
   return p;
}

/* client_format into *src, recording INVALID_ENUM (false) when an enum
 * is unknown. */
static bool
client_format_or_error(struct gl_context *ctx, GLenum format, GLenum type,
                       const char *func, enum pipe_format *src)
{
   bool enum_ok;
   *src = client_format(ctx, format, type, &enum_ok);
   if (!enum_ok)
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(format/type)", func);
   return enum_ok;
}

/* Components a storage format keeps (padding channels not counted). */
static unsigned
stored_components(enum pipe_format storage)
{
   const struct util_format_description *d = util_format_description(storage);
   unsigned n = 0;

   for (unsigned c = 0; d && c < d->nr_channels; c++)
      n += d->channel[c].type != UTIL_FORMAT_TYPE_VOID;
   return n;
}

/* Does a desktop upload of (format, type) into storage for an image of
 * base internal format base go through client_pixels.h: when no pipe
 * format describes the pair, or when the storage keeps components the
 * base format drops (luminance in RGBA8, RED in RGBA16 where R16 cannot
 * render), which the conversion reduces to the base format's, or when
 * the unpacking changes the values (swapped bytes, the pixel transfer
 * operations)? */
static bool
converted_pair(struct gl_context *ctx, GLenum format, GLenum type,
               GLenum base, enum pipe_format storage)
{
   bool enum_ok;
   if (_mesa_is_gles(ctx))
      return false;
   if (_mesa_client_depth_size(format, type))
      return true;
   if (!_mesa_client_pixel_size(format, type))
      return false;
   return _mesa_client_format(ctx, format, type, &enum_ok) ==
             PIPE_FORMAT_NONE ||
          stored_components(storage) > _mesa_base_format_components(base) ||
          _mesa_client_unpack_changes(ctx, format, type);
}

/* The texels an upload into storage (an image of base format base)
 * reads: the client's, or for a converted pair a new RGBA32 image in
 * *tmp, *src then its format (NULL with GL_OUT_OF_MEMORY recorded when
 * that fails). */
static const void *
client_texels(struct gl_context *ctx, GLenum format, GLenum type, GLsizei w,
              GLsizei h, GLsizei d, const void *data, GLenum base,
              enum pipe_format storage, enum pipe_format *src, void **tmp)
{
   *tmp = NULL;
   if (!data || !converted_pair(ctx, format, type, base, storage))
      return data;
   *tmp = _mesa_client_unpack_image(ctx, format, type, base,
                                    _mesa_texture_upload_clamp(storage), w,
                                    h, d, data);
   if (!*tmp)
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "texture upload");
   *src = _mesa_client_unpacked_format(format, type);
   return *tmp;
}

/* The texels of an upload into a DXT1 format with alpha
 * (_mesa_is_dxt1_alpha): those client_texels gave, unpacked to RGBA
 * floats if they are not yet, with the one-bit alpha rule applied. */
static const void *
dxt1_alpha_texels(struct gl_context *ctx, GLenum format, GLenum type,
                  GLsizei w, GLsizei h, GLsizei d, const void *data,
                  enum pipe_format *src, void **tmp)
{
   if (!data)
      return data;
   if (!*tmp) {
      *tmp = _mesa_client_unpack_image(ctx, format, type, GL_RGBA,
                                       PIXEL_CLAMP_UNORM, w, h, d, data);
      if (!*tmp) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "texture upload");
         return NULL;
      }
      *src = _mesa_client_unpacked_format(format, type);
   }
   /* the buffer has 16-byte texels in the unpack layout */
   struct gl_pixel_layout l;
   _mesa_pixel_layout(ctx, false, w, h, d, 16, &l);
   _mesa_dxt1_alpha_texels(*tmp, l.size_B / 16);
   return *tmp;
}

/* GL 1.0's component counts 1-4 as TexImage internal formats (GL 3.0
 * section 3.9.1 and table 3.16; compatibility contexts only, appendix
 * E): the base internal format each stands for; GL_NONE for any other
 * value or context. */
static GLenum
component_count_base(const struct gl_context *ctx, GLint internalformat)
{
   static const GLenum bases[] = {GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_RGB,
                                  GL_RGBA};

   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx) || internalformat < 1 ||
       internalformat > 4)
      return GL_NONE;
   return bases[internalformat - 1];
}

/* The base internal format of an internal format (RGBA if unknown). */
static GLenum
base_of(GLenum internalformat)
{
   const struct gl_format_info *f = _mesa_format_info(internalformat);
   return f ? f->base : GL_RGBA;
}

/* The bytes an upload of w x h x d texels of (format, type) in client
 * layout src reads from its pointer (pixel storage modes included). */
static size_t
unpack_size_B(struct gl_context *ctx, GLsizei w, GLsizei h, GLsizei d,
              GLenum format, GLenum type, enum pipe_format src)
{
   struct gl_pixel_layout l;
   unsigned size = 0;
   if (!_mesa_is_gles(ctx)) {
      size = _mesa_client_pixel_size(format, type);
      if (!size)
         size = _mesa_client_depth_size(format, type);
   }
   unsigned bpp = size ? size : util_format_get_blocksize(src);
   _mesa_pixel_layout(ctx, false, w, h, d, bpp, &l);
   return l.size_B;
}

/* An ASTC pipe format? */
static bool
is_astc(enum pipe_format pf)
{
   const struct util_format_description *d = util_format_description(pf);
   return d && d->layout == UTIL_FORMAT_LAYOUT_ASTC;
}

/* The pipe target whose support decides a texture's storage format. */
static enum pipe_texture_target
storage_target(GLenum target)
{
   switch (target) {
   case GL_TEXTURE_3D:
      return PIPE_TEXTURE_3D;
   case GL_TEXTURE_2D_ARRAY:
      return PIPE_TEXTURE_2D_ARRAY;
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      return PIPE_TEXTURE_CUBE_ARRAY;
   case GL_TEXTURE_RECTANGLE:
      return PIPE_TEXTURE_RECT;
   default:
      return PIPE_TEXTURE_2D;
   }
}

/* The pipe format images of internalformat (with client type, for the
 * unsized ones) are stored in; PIPE_FORMAT_NONE (and GL_INVALID_OPERATION
 * recorded) when the driver supports none of its candidates. */
static enum pipe_format
storage_of(struct gl_context *ctx, GLenum internalformat, GLenum type,
           GLenum target, const char *func)
{
   const struct gl_format_info *f =
      _mesa_format_info(_mesa_effective_internalformat(internalformat, type));
   enum pipe_format p = PIPE_FORMAT_NONE;

   if (f) {
      bool ds = f->base == GL_DEPTH_COMPONENT || f->base == GL_DEPTH_STENCIL ||
                f->base == GL_STENCIL_INDEX;
      /* Renderable storage only for formats ctx can render to (a
       * renderable fallback would beat a sampled-only exact format). */
      unsigned bind = ds ? PIPE_BIND_DEPTH_STENCIL
                      : _mesa_is_color_renderable(ctx, f) ? PIPE_BIND_RENDER_TARGET
                                                          : 0;
      p = _mesa_choose_storage(ctx->st->screen, f, storage_target(target),
                               PIPE_BIND_SAMPLER_VIEW | bind);
   }
   if (p == PIPE_FORMAT_NONE)
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(internalformat 0x%x is not "
                  "supported by the driver)", func, internalformat);
   return p;
}

/* The type an image records (its effective format follows from it): in
 * desktop GL, float texels of an unsized format are stored in the
 * fixed-point format the name stands for (GL 3.0 table 3.16), so FLOAT
 * does not pick a float format there as OES_texture_float does in ES. */
static GLenum
image_type(struct gl_context *ctx, GLenum type)
{
   return !_mesa_is_gles(ctx) && type == GL_FLOAT ? GL_NONE : type;
}

/* Does a desktop glTexImage* with a compressed internal format compress
 * the texels it is given?  GL 4.6 section 8.7: the GL compresses them,
 * and the image is then compressed (TEXTURE_COMPRESSED true, blocks for
 * GetCompressedTexImage).  Here when an encoder exists for the format
 * (util_format_bc_can_pack) and the driver samples its blocks; false in
 * ES contexts, whose images keep the decoded texels (as before). */
static bool
encodes_texels(struct gl_context *ctx, enum pipe_format compressed)
{
   return !_mesa_is_gles(ctx) && util_format_bc_can_pack(compressed) &&
          st_compressed_storage_format(ctx->st->screen, compressed) ==
             compressed;
}

static bool check_internalformat(struct gl_context *ctx,
                                 GLenum internalformat, GLenum format,
                                 GLenum type, const char *func);

/* TexImage1D (dims 1: height 1) and TexImage2D. */
static bool mipmap_compressed_ok(struct gl_context *ctx,
                                 const struct gl_texture_image *base);

/* GENERATE_MIPMAP (GL 3.0 compatibility section 3.9.8, GL 1.4): a change
 * to the base level's image redefines the levels after it from it, as
 * GenerateMipmap does; cube maps once all six faces match.  Formats
 * GenerateMipmap refuses (integer; compressed ones it cannot make levels
 * of, and all of them in ES) are left alone. */
static void
auto_mipmap(struct gl_context *ctx, struct gl_texture_object *t, GLint level)
{
   const struct gl_texture_image *b = &t->Image[0][t->BaseLevel];

   if (!t->GenerateMipmap || level != t->BaseLevel || !b->Width ||
       !mipmap_compressed_ok(ctx, b) ||
       util_format_is_pure_integer(b->PipeFormat))
      return;
   if (t->Target == GL_TEXTURE_CUBE_MAP) {
      for (unsigned f = 1; f < 6; f++) {
         const struct gl_texture_image *img = &t->Image[f][t->BaseLevel];
         if (img->Width != b->Width || img->PipeFormat != b->PipeFormat)
            return;
      }
   }
   if (!st_generate_mipmap(ctx->st, t))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "GENERATE_MIPMAP");
}

static void
tex_image_2d(GLenum target, GLint level, GLint internalformat, GLsizei width,
             GLsizei height, GLint border, GLenum format, GLenum type,
             const void *pixels, unsigned dims, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLenum bind_target = _mesa_proxy_texture_target(ctx, target, dims);
   const bool proxy = bind_target != GL_NONE;
   int face = proxy ? 0 : image_face(ctx, target, dims, &bind_target);
   struct gl_texture_object *t;
   enum pipe_format src;

   if (face < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   if (!client_format_or_error(ctx, format, type, func, &src))
      return;
   if (level < 0 || level >= max_levels(ctx, bind_target)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return;
   }
   bool es2 = _mesa_is_gles(ctx) && ctx->Version < 30;
   /* (TEXTURE_INTERNAL_FORMAT answers a component count as given) */
   GLint count = component_count_base(ctx, internalformat) ? internalformat : 0;
   if (count)
      internalformat = (GLint)component_count_base(ctx, count);
   internalformat = (GLint)_mesa_generic_compressed_base(ctx, internalformat);
   /* EXT_texture_compression_s3tc / _rgtc / _bptc: their internal formats
    * with uncompressed texels (encoded, or stored uncompressed: see
    * encodes_texels and texcompress.h). */
   enum pipe_format compressed =
      _mesa_compressed_pipe_format(ctx, (GLenum)internalformat);
   bool from_texels = util_format_is_bc(compressed);
   bool dxt1_alpha = _mesa_is_dxt1_alpha(compressed);
   /* KHR_texture_compression_astc_ldr: ASTC formats are not taken by
    * TexImage (nothing compresses online): INVALID_OPERATION. */
   if (is_astc(compressed)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(ASTC internalformat)",
                  func);
      return;
   }
   /* They are 2D formats (EXT_texture_compression_rgtc, ARB_texture_
    * compression_bptc: INVALID_ENUM for the 1D commands). */
   if (from_texels && dims == 1) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(compressed internalformat)",
                  func);
      return;
   }
   if (from_texels &&
       !_mesa_compressed_teximage_ok(ctx, compressed, format, type)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(format/type for a compressed internalformat)", func);
      return;
   }
   /* Desktop: the texels are compressed into real blocks when they can
    * be (encodes_texels); otherwise an uncompressed format takes the
    * compressed one's place (texcompress.h). */
   bool encode = from_texels && encodes_texels(ctx, compressed);
   if (from_texels && !_mesa_is_gles(ctx) && !encode) {
      internalformat = (GLint)_mesa_compressed_fallback_format(compressed);
      from_texels = false;
   }
   /* ES 2.0 with OES_required_internalformat: like ES 3.0, a combination
    * of its table 3.4 (format_combination_ok), INVALID_OPERATION
    * otherwise; internal formats unknown to it are INVALID_VALUE. */
   if (es2 && !from_texels &&
       !check_internalformat(ctx, (GLenum)internalformat, format, type, func))
      return;
   GLint max = bind_target == GL_TEXTURE_CUBE_MAP
                  ? ctx->Const.MaxCubeMapTextureSize
                  : ctx->Const.MaxTextureSize;
   /* (the height of a 1D array is its layer count) */
   GLint max_h = bind_target == GL_TEXTURE_1D_ARRAY
                    ? ctx->Const.MaxArrayTextureLayers
                    : max >> level;
   if (width < 0 || height < 0 || border != 0 ||
       (bind_target == GL_TEXTURE_CUBE_MAP && width != height)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size/border)", func);
      return;
   }
   /* GL 4.6 section 8.22: a proxy takes an image too large without an
    * error, its level state then all zeros. */
   bool fits = width <= (max >> level) && height <= max_h;
   if (!fits && !proxy) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size)", func);
      return;
   }
   /* ES 3.0 adds the sized formats of table 3.2. */
   if (!es2 && !from_texels &&
       !check_internalformat(ctx, (GLenum)internalformat, format, type, func))
      return;
   /* Depth images of cube maps in ES 2.0: OES_depth_texture_cube_map
    * (OES_depth_texture alone allows TEXTURE_2D only). */
   if (src == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format)", func);
      return;
   }
   GLenum client_type = type;
   type = image_type(ctx, type);
   if (proxy) {
      _mesa_proxy_set(ctx, target, level, fits, width, height, 1,
                      (GLenum)internalformat, format, type);
      return;
   }
   t = _mesa_get_current_tex_object(ctx, bind_target, func);
   if (!t)
      return;
   if (t->Immutable) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(immutable)", func);
      return;
   }
   enum pipe_format storage =
      encode        ? compressed
      : from_texels ? st_decoded_storage_format(ctx->st->screen, compressed)
                    : storage_of(ctx, (GLenum)internalformat, type,
                                 bind_target, func);
   if (storage == PIPE_FORMAT_NONE)
      return;
   struct pbo_map map;
   const void *data = pixels;
   if (ctx->PixelUnpackBuffer) {
      data = _mesa_map_pbo(
         ctx, false, pixels,
         unpack_size_B(ctx, width, height, 1, format, client_type, src),
         &map, func);
      if (!data && width && height)
         return;
   }
   /* Client pixel groups no pipe format describes, swapped bytes, the
    * pixel transfer operations (client_pixels.h). */
   void *tmp = NULL;
   data = client_texels(ctx, format, client_type, width, height, 1, data,
                        base_of((GLenum)internalformat), storage, &src, &tmp);
   if (dxt1_alpha)
      data = dxt1_alpha_texels(ctx, format, client_type, width, height, 1,
                               data, &src, &tmp);
   if (!st_tex_image(ctx->st, t, (unsigned)face, (unsigned)level, width, height,
                     1, (GLenum)internalformat, format, type, storage, src,
                     data))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
   else
      t->Image[face][level].ComponentCount = count;
   free(tmp);
   if (ctx->PixelUnpackBuffer)
      _mesa_unmap_pbo(ctx, &map);
   auto_mipmap(ctx, t, level);
   _mesa_texture_changed(ctx);
}

/* The image at (face, level) of t that a sub-image call writes, or NULL
 * (error recorded) when that level has no image or the rectangle at
 * (xoffset, yoffset) does not lie inside it (ES 3.0 section 3.8.5). */
static struct gl_texture_image *
sub_image_dst(struct gl_context *ctx, struct gl_texture_object *t,
              unsigned face, GLint level, GLint xoffset, GLint yoffset,
              GLsizei width, GLsizei height, const char *func)
{
   struct gl_texture_image *img = &t->Image[face][level];

   if (img->Width == 0) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no image)", func);
      return NULL;
   }
   if (width < 0 || height < 0 || xoffset < 0 || yoffset < 0 ||
       (int64_t)xoffset + width > img->Width ||
       (int64_t)yoffset + height > img->Height) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(region)", func);
      return NULL;
   }
   return img;
}

/* May (format, type) specify texels of img (ES 2.0: the same format; ES
 * 3.0: a combination of tables 3.2/3.3 with its internal format)? */
static bool
sub_image_format_ok(struct gl_context *ctx,
                    const struct gl_texture_image *img, GLenum format,
                    GLenum type)
{
   enum pipe_format compressed =
      _mesa_compressed_pipe_format(ctx, img->InternalFormat);
   /* Texels into blocks need an encoder (S3TC, RGTC, BC7 and, since wave
    * 16, BC6H have one, st_texture_etc.c; not ASTC): INVALID_OPERATION,
    * as for any pair a compressed image does not take. */
   if (util_format_is_compressed(img->PipeFormat) &&
       !util_format_bc_can_pack(img->PipeFormat))
      return false;
   if (util_format_is_bc(compressed))
      return _mesa_compressed_teximage_ok(ctx, compressed, format, type);
   if (_mesa_is_gles(ctx) && ctx->Version < 30)
      return format == img->Format;
   return _mesa_format_combination_ok(ctx, format, type, img->InternalFormat);
}

/* EXT_texture_compression_s3tc / _rgtc (TexSubImage2D errors): in an
 * image with one of their internal formats, a sub-image starts on a 4x4
 * block and covers whole blocks except at the right and bottom edges. */
static bool
sub_image_blocks_ok(struct gl_context *ctx,
                    const struct gl_texture_image *img, GLint x, GLint y,
                    GLsizei w, GLsizei h)
{
   if (!util_format_is_bc(
          _mesa_compressed_pipe_format(ctx, img->InternalFormat)))
      return true;
   return !(x & 3) && !(y & 3) && (!(w & 3) || x + w == img->Width) &&
          (!(h & 3) || y + h == img->Height);
}

/* TexSubImage1D (dims 1) and TexSubImage2D. */
static void
tex_sub_image_2d(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                 GLsizei width, GLsizei height, GLenum format, GLenum type,
                 const void *pixels, unsigned dims, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLenum bind_target;
   int face = image_face(ctx, target, dims, &bind_target);
   struct gl_texture_object *t;
   struct gl_texture_image *img;
   enum pipe_format src;

   if (face < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target)", func);
      return;
   }
   if (!client_format_or_error(ctx, format, type, func, &src))
      return;
   if (level < 0 || level >= max_levels(ctx, bind_target)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level)", func);
      return;
   }
   t = _mesa_get_current_tex_object(ctx, bind_target, func);
   if (!t)
      return;
   img = sub_image_dst(ctx, t, (unsigned)face, level, xoffset, yoffset, width,
                       height, func);
   if (!img)
      return;
   if (src == PIPE_FORMAT_NONE || !sub_image_format_ok(ctx, img, format, type)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format)", func);
      return;
   }
   if (!sub_image_blocks_ok(ctx, img, xoffset, yoffset, width, height)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(block alignment)", func);
      return;
   }
   if (!width || !height || (!pixels && !ctx->PixelUnpackBuffer))
      return;
   struct pbo_map map;
   const void *data = _mesa_map_pbo(
      ctx, false, pixels,
      unpack_size_B(ctx, width, height, 1, format, type, src),
      &map, func);
   if (!data)
      return;
   void *tmp = NULL;
   data = client_texels(ctx, format, type, width, height, 1, data,
                        base_of(img->InternalFormat), img->PipeFormat, &src,
                        &tmp);
   /* (an image that kept its DXT1 internal format: ES) */
   if (_mesa_is_dxt1_alpha(
          _mesa_compressed_pipe_format(ctx, img->InternalFormat)))
      data = dxt1_alpha_texels(ctx, format, type, width, height, 1, data,
                               &src, &tmp);
   if (data)
      st_tex_sub_image(ctx->st, t, img, xoffset, yoffset, 0, width, height, 1,
                       src, data);
   free(tmp);
   _mesa_unmap_pbo(ctx, &map);
   auto_mipmap(ctx, t, level);
   _mesa_texture_changed(ctx);
}

/* One TexImage1D/2D (sub false) or TexSubImage1D/2D call. */
struct image_call {
   bool sub;
   GLenum target;
   GLint level;
   GLint internalformat, border; /* TexImage */
   GLint xoffset, yoffset;       /* TexSubImage */
   GLsizei width, height;
   GLenum format, type;
   const void *pixels;
   unsigned dims;
   const char *func;
};

/* GL 2.1 section 3.8.1: TexImage1D/2D and TexSubImage1D/2D decode their
 * images as the 3D calls would, except that UNPACK_IMAGE_HEIGHT and
 * UNPACK_SKIP_IMAGES are ignored (piglit's texsubimage-unpack sets
 * SKIP_IMAGES for its 2D uploads).  Every reader of the unpack state on
 * the way (client_pixels.c, the PBO range, st_texture.c) sees them 0
 * while the call runs. */
static void
image_1d_2d(const struct image_call *i)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const GLint image_height = ctx->Pixel.UnpackImageHeight;
   const GLint skip_images = ctx->Pixel.UnpackSkipImages;
   ctx->Pixel.UnpackImageHeight = 0;
   ctx->Pixel.UnpackSkipImages = 0;
   if (i->sub)
      tex_sub_image_2d(i->target, i->level, i->xoffset, i->yoffset, i->width,
                       i->height, i->format, i->type, i->pixels, i->dims,
                       i->func);
   else
      tex_image_2d(i->target, i->level, i->internalformat, i->width,
                   i->height, i->border, i->format, i->type, i->pixels,
                   i->dims, i->func);
   ctx->Pixel.UnpackImageHeight = image_height;
   ctx->Pixel.UnpackSkipImages = skip_images;
}

/* May glGenerateMipmap make levels from a level base of a compressed
 * internal format?  ES 3.0.6 section 3.8.10 (and ES 2.0 section 3.7.11
 * in so many words): no, it is not colour-renderable.  Desktop GL has no
 * such rule (GL 4.6 section 8.14.4); as Mesa does (src/mesa/main/
 * genmipmap.c, which refuses ASTC only), levels are filtered from the
 * decoded texels, and encoded again when the storage keeps blocks: S3TC,
 * RGTC, BC7 and BC6H here (st_texture_etc.c); not ASTC blocks. */
static bool
mipmap_compressed_ok(struct gl_context *ctx,
                     const struct gl_texture_image *base)
{
   if (!_mesa_compressed_pipe_format(ctx, base->InternalFormat))
      return true;
   if (_mesa_is_gles(ctx))
      return false;
   return !util_format_is_compressed(base->PipeFormat) ||
          util_format_bc_can_pack(base->PipeFormat);
}

void GLAPIENTRY
_mesa_GenerateMipmap(GLenum target)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_texture_object *t;
   struct gl_texture_image *base;

   /* GL 3.1 section 3.8.9: rectangle textures have no mipmaps. */
   if (target == GL_TEXTURE_RECTANGLE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGenerateMipmap(target=0x%x)",
                  target);
      return;
   }
   t = _mesa_get_current_tex_object(ctx, target, "glGenerateMipmap");
   if (!t)
      return;
   /* A mutable texture takes any BASE_LEVEL (GL 3.3 section 3.8.9); past
    * the last level an image can have there is no level-base image:
    * INVALID_OPERATION, unless BASE_LEVEL >= MAX_LEVEL leaves nothing to
    * generate (Mesa's genmipmap.c returns then without an error). */
   if (t->BaseLevel >= MAX_TEXTURE_LEVELS) {
      if (t->BaseLevel < t->MaxLevel)
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glGenerateMipmap(no base level image)");
      return;
   }
   base = &t->Image[0][t->BaseLevel];
   /* ES 2.0 section 3.7.11: cube faces must be complete. */
   if (base->Width == 0 || !mipmap_compressed_ok(ctx, base)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glGenerateMipmap(no image or compressed)");
      return;
   }
   if (target == GL_TEXTURE_CUBE_MAP) {
      for (unsigned f = 1; f < 6; f++) {
         struct gl_texture_image *img = &t->Image[f][t->BaseLevel];
         if (img->Width != base->Width || img->PipeFormat != base->PipeFormat) {
            _mesa_error(ctx, GL_INVALID_OPERATION, "glGenerateMipmap(cube)");
            return;
         }
      }
   }
   /* ES 3.0.6 section 3.8.10: the base level's format must be unsized,
    * or colour-renderable and texture-filterable; never integer, depth or
    * stencil. */
   const struct gl_format_info *f = _mesa_format_info(
      _mesa_effective_internalformat(base->InternalFormat, base->Type));
   /* (STENCIL_INDEX8 too, as Mesa refuses stencil: alexvorxx/Mesa-VirGL
    * src/mesa/main/genmipmap.c, _mesa_is_valid_generate_texture_mipmap_
    * internalformat.) */
   if (f && (_mesa_format_info_is_integer(f) ||
             f->base == GL_DEPTH_COMPONENT || f->base == GL_DEPTH_STENCIL ||
             f->base == GL_STENCIL_INDEX ||
             (_mesa_is_gles(ctx) && (f->flags & GL_FMT_SIZED) &&
              f->internalformat == base->InternalFormat &&
              (!_mesa_is_color_renderable(ctx, f) ||
               !_mesa_is_filterable(ctx, f))))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGenerateMipmap(format)");
      return;
   }
   /* (ES 2.0's NPOT error: lifted by OES_texture_npot.) */
   if (!st_generate_mipmap(ctx->st, t))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenerateMipmap");
   _mesa_texture_changed(ctx);
}

/* The colour buffer copies read (the read buffer's attachment). */
static struct gl_renderbuffer *
copy_source(struct gl_context *ctx)
{
   return _mesa_framebuffer_read_rb(ctx->ReadBuffer);
}

/* May a copy from the read buffer make images of format f?  ES 2.0 table
 * 3.9 / ES 3.0.6 table 3.15: every component of the destination's base
 * format (luminance from red) must be in the source; ES 3.0.6 section
 * 3.8.5: integer, signed integer, float and sRGB-ness must match. */
static bool
copy_format_ok(struct gl_context *ctx, const struct gl_format_info *f)
{
   struct gl_renderbuffer *rb = copy_source(ctx);
   enum pipe_format src =
      rb ? (rb->texture ? rb->texture->format : rb->Format) : PIPE_FORMAT_NONE;
   const struct util_format_description *d = util_format_description(src);
   const struct gl_format_info *sf =
      rb ? _mesa_format_info(rb->InternalFormat) : NULL;

   if (f && _mesa_format_info_is_depth(f) && !_mesa_is_gles(ctx)) {
      /* Desktop GL copies depth from the depth buffer, and stencil too
       * for DEPTH_STENCIL (GL 4.6 compatibility section 8.6: without
       * them, INVALID_OPERATION). */
      const struct gl_framebuffer *fb = ctx->ReadBuffer;
      return fb && fb->Attachment[BUFFER_DEPTH] &&
             (f->base != GL_DEPTH_STENCIL || fb->Attachment[BUFFER_STENCIL]);
   }
   if (!f || !d || src == PIPE_FORMAT_NONE || _mesa_format_info_is_depth(f) ||
       f->base == GL_STENCIL_INDEX)
      return false;
   bool has[4];
   for (unsigned c = 0; c < 4; c++)
      has[c] = d->swizzle[c] <= PIPE_SWIZZLE_W &&
               d->channel[d->swizzle[c]].type != UTIL_FORMAT_TYPE_VOID;
   /* What the source really holds: RGB8 stored as RGBA8 has no alpha. */
   if (sf && !sf->a && (sf->r || sf->g || sf->b))
      has[3] = false;
   bool need[4] = {f->r || f->l, f->g != 0, f->b != 0, f->a != 0};
   for (unsigned c = 0; c < 4; c++) {
      if (need[c] && !has[c])
         return false;
   }
   if (_mesa_format_info_is_integer(f) != util_format_is_pure_integer(src))
      return false;
   if (_mesa_format_info_is_integer(f) &&
       (f->type == GL_INT) != util_format_is_pure_sint(src))
      return false;
   if (_mesa_is_gles(ctx) && ctx->Version >= 30 && sf) {
      if ((f->type == GL_FLOAT) != (sf->type == GL_FLOAT))
         return false;
      if (f->srgb != sf->srgb)
         return false;
   }
   return true;
}

/* The format entry of an image (its effective internal format). */
static const struct gl_format_info *
image_info(const struct gl_texture_image *img)
{
   return _mesa_format_info(
      _mesa_effective_internalformat(img->InternalFormat, img->Type));
}

/* The sized formats ES 2.0 copies into (OES_required_internalformat table
 * 3.4.y, without the 10-bit ones). */
static bool
es2_copy_sized(GLenum internalformat)
{
   switch (internalformat) {
   case GL_ALPHA8:
   case GL_LUMINANCE8:
   case GL_LUMINANCE8_ALPHA8:
   case GL_LUMINANCE4_ALPHA4:
   case GL_RGB565:
   case GL_RGB8:
   case GL_RGBA4:
   case GL_RGB5_A1:
   case GL_RGBA8:
      return true;
   default:
      return false;
   }
}

/* The face of target that a CopyTexImage/CopyTexSubImage call of dims
 * writes at level, or -1 with the error recorded (INVALID_ENUM for the
 * target, INVALID_VALUE for the level, in that order). */
static int
copy_face(struct gl_context *ctx, GLenum target, GLint level, unsigned dims,
          GLenum *bind_target, const char *func)
{
   int face = image_face(ctx, target, dims, bind_target);
   if (face < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target)", func);
      return -1;
   }
   if (level < 0 || level >= max_levels(ctx, *bind_target)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level)", func);
      return -1;
   }
   return face;
}

/* CopyTexImage1D (dims 1) and CopyTexImage2D. */
static void
copy_tex_image(GLenum target, GLint level, GLenum internalformat, GLint x,
               GLint y, GLsizei width, GLsizei height, GLint border,
               unsigned dims, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLenum bind_target;
   int face = copy_face(ctx, target, level, dims, &bind_target, func);
   struct gl_texture_object *t;

   if (face < 0)
      return;
   /* KHR_texture_compression_astc_ldr: not a CopyTexImage format
    * (INVALID_OPERATION, as for TexImage). */
   if (is_astc(_mesa_compressed_pipe_format(ctx, internalformat))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(ASTC internalformat)",
                  func);
      return;
   }
   /* ES 2.0: the unsized formats of table 3.9; ES 3.0 and desktop: the
    * colour formats too (ES 3.0.6 table 3.15); desktop: depth formats, and
    * the generic compressed ones as their base formats, but not the
    * GL 1.0 component counts 1-4 (GL 1.1 section 3.8.2: INVALID_ENUM, as
    * for any internal format desktop GL does not know). */
   bool desktop = !_mesa_is_gles(ctx);
   internalformat = _mesa_generic_compressed_base(ctx, internalformat);
   const struct gl_format_info *f =
      desktop && internalformat <= 4 ? NULL : _mesa_format_info(internalformat);
   bool unsized = internalformat == GL_RGBA || internalformat == GL_RGB ||
                  internalformat == GL_LUMINANCE_ALPHA ||
                  internalformat == GL_LUMINANCE || internalformat == GL_ALPHA;
   bool depth = f && _mesa_format_info_is_depth(f);
   if (!f ||
       (!unsized && !es2_copy_sized(internalformat) && !desktop &&
        ctx->Version < 30) ||
       (depth && !desktop) || f->base == GL_STENCIL_INDEX) {
      _mesa_error(ctx, desktop && !depth ? GL_INVALID_ENUM : GL_INVALID_VALUE,
                  "%s(internalformat)", func);
      return;
   }
   GLint max = bind_target == GL_TEXTURE_CUBE_MAP
                  ? ctx->Const.MaxCubeMapTextureSize
                  : ctx->Const.MaxTextureSize;
   GLint max_h = bind_target == GL_TEXTURE_1D_ARRAY
                    ? ctx->Const.MaxArrayTextureLayers
                    : max >> level;
   /* Compatibility contexts take a one-texel border (GL 3.0 section
    * 3.9.1; the sizes include it).  No sampler here reads borders, so
    * the image keeps its inside only, as Mesa's Gallium state tracker
    * does (StripTextureBorder): the copy starts one pixel in. */
   GLint max_border = desktop && !_mesa_is_desktop_fc(ctx) &&
                            bind_target != GL_TEXTURE_RECTANGLE
                         ? 1
                         : 0;
   if (border < 0 || border > max_border || width < 2 * border ||
       (dims == 2 && bind_target != GL_TEXTURE_1D_ARRAY &&
        height < 2 * border)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(border)", func);
      return;
   }
   if (border) {
      x += border;
      width -= 2 * border;
      if (dims == 2 && bind_target != GL_TEXTURE_1D_ARRAY) {
         y += border;
         height -= 2 * border;
      }
   }
   if (width < 0 || height < 0 || width > (max >> level) ||
       height > max_h ||
       (bind_target == GL_TEXTURE_CUBE_MAP && width != height)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size/border)", func);
      return;
   }
   if (!_mesa_read_framebuffer_complete(ctx, func) ||
       !_mesa_read_framebuffer_single_sampled(ctx, func))
      return;
   if (!copy_format_ok(ctx, f)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(internalformat)", func);
      return;
   }
   t = _mesa_get_current_tex_object(ctx, bind_target, func);
   if (!t)
      return;
   /* ARB_texture_storage: CopyTexImage* respecifies a level, an error on
    * immutable textures as for TexImage* */
   if (t->Immutable) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(immutable)", func);
      return;
   }
   /* The type an unsized format's image records (its effective format). */
   GLenum type = !unsized && !depth           ? GL_NONE
                 : !depth                     ? GL_UNSIGNED_BYTE
                 : f->base == GL_DEPTH_STENCIL ? GL_UNSIGNED_INT_24_8
                                              : GL_UNSIGNED_INT;
   bool unsized_depth = depth && !(f->flags & GL_FMT_SIZED);
   enum pipe_format storage =
      storage_of(ctx, internalformat, type == GL_NONE ? GL_UNSIGNED_BYTE : type,
                 bind_target, func);
   if (storage == PIPE_FORMAT_NONE)
      return;
   if (!st_tex_image(ctx->st, t, (unsigned)face, (unsigned)level, width, height,
                     1, internalformat,
                     unsized || unsized_depth ? internalformat : f->base,
                     unsized || unsized_depth ? type : GL_NONE, storage,
                     storage, NULL)) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   st_copy_tex_sub_image(ctx->st, t, &t->Image[face][level], 0, 0, 0, x, y,
                         width, height);
   auto_mipmap(ctx, t, level);
   _mesa_texture_changed(ctx);
}

/* CopyTexSubImage1D (dims 1) and CopyTexSubImage2D. */
static void
copy_tex_sub_image(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                   GLint x, GLint y, GLsizei width, GLsizei height,
                   unsigned dims, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLenum bind_target;
   int face = copy_face(ctx, target, level, dims, &bind_target, func);
   struct gl_texture_object *t;
   struct gl_texture_image *img;

   if (face < 0)
      return;
   t = _mesa_get_current_tex_object(ctx, bind_target, func);
   if (!t)
      return;
   img = sub_image_dst(ctx, t, (unsigned)face, level, xoffset, yoffset, width,
                       height, func);
   if (!img)
      return;
   if (!_mesa_read_framebuffer_complete(ctx, func) ||
       !_mesa_read_framebuffer_single_sampled(ctx, func))
      return;
   if (!copy_format_ok(ctx, image_info(img))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format)", func);
      return;
   }
   st_copy_tex_sub_image(ctx->st, t, img, xoffset, yoffset, 0, x, y, width,
                         height);
   auto_mipmap(ctx, t, level);
   _mesa_texture_changed(ctx);
}

/* glTexImage1D/2D of a GL_COLOR_INDEX image in desktop GL (any index
 * type, GL_BITMAP too): GL 2.1 section 3.8.1 unpacks it as glDrawPixels
 * does, so the indices become RGBA through the I_TO_R..A maps after the
 * index arithmetic (section 3.6.5; pixel_unpack.c).  The RGBA floats then
 * upload with neutral unpack and transfer state.  False when the call is
 * not one of these. */
static bool
color_index_tex_image(GLenum target, GLint level, GLint internalformat,
                      GLsizei width, GLsizei height, GLint border,
                      GLenum format, GLenum type, const void *pixels,
                      unsigned dims, const char *func)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx || _mesa_is_gles(ctx) || format != GL_COLOR_INDEX)
      return false;
   GLenum err = _mesa_pixel_format_error(format, type);
   if (err) {
      _mesa_error(ctx, err, "%s(format/type)", func);
      return true;
   }
   float *rgba = NULL;
   if (width > 0 && height > 0 && (pixels || ctx->PixelUnpackBuffer)) {
      struct pbo_map map;
      const void *src = pixels;
      if (ctx->PixelUnpackBuffer) {
         src = _mesa_map_pbo(
            ctx, false, pixels,
            _mesa_unpack_image_size_B(ctx, width, height, format, type),
            &map, func);
         if (!src)
            return true;
      }
      rgba = malloc((size_t)width * (size_t)height * 4 * sizeof(float));
      if (rgba)
         _mesa_unpack_image(ctx, width, height, format, type, src,
                            PIXEL_RGBA, rgba);
      if (ctx->PixelUnpackBuffer)
         _mesa_unmap_pbo(ctx, &map);
      if (!rgba) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         return true;
      }
   }
   /* The floats are tightly packed and already through the transfer
    * operations. */
   const GLint unpack[6] = {
      ctx->Pixel.UnpackAlignment, ctx->Pixel.UnpackRowLength,
      ctx->Pixel.UnpackImageHeight, ctx->Pixel.UnpackSkipPixels,
      ctx->Pixel.UnpackSkipRows, ctx->Pixel.UnpackSkipImages};
   const struct gl_pixel_ops ops = ctx->PixelOps;
   struct gl_buffer_object *unpack_buffer = ctx->PixelUnpackBuffer;
   ctx->Pixel.UnpackAlignment = 4;
   ctx->Pixel.UnpackRowLength = ctx->Pixel.UnpackImageHeight = 0;
   ctx->Pixel.UnpackSkipPixels = ctx->Pixel.UnpackSkipRows = 0;
   ctx->Pixel.UnpackSkipImages = 0;
   ctx->PixelUnpackBuffer = NULL;
   for (unsigned c = 0; c < 4; c++) {
      ctx->PixelOps.Scale[c] = 1.0f;
      ctx->PixelOps.Bias[c] = 0.0f;
   }
   ctx->PixelOps.MapColor = false;
   ctx->PixelOps.UnpackSwapBytes = false;
   ctx->PixelOps.UnpackLsbFirst = false;
   image_1d_2d(&(struct image_call){
      .target = target, .level = level, .internalformat = internalformat,
      .width = width, .height = height, .border = border, .format = GL_RGBA,
      .type = GL_FLOAT, .pixels = rgba, .dims = dims, .func = func});
   ctx->Pixel.UnpackAlignment = unpack[0];
   ctx->Pixel.UnpackRowLength = unpack[1];
   ctx->Pixel.UnpackImageHeight = unpack[2];
   ctx->Pixel.UnpackSkipPixels = unpack[3];
   ctx->Pixel.UnpackSkipRows = unpack[4];
   ctx->Pixel.UnpackSkipImages = unpack[5];
   ctx->PixelOps = ops;
   ctx->PixelUnpackBuffer = unpack_buffer;
   free(rgba);
   return true;
}

void GLAPIENTRY
_mesa_TexImage2D(GLenum target, GLint level, GLint internalformat,
                 GLsizei width, GLsizei height, GLint border, GLenum format,
                 GLenum type, const void *pixels)
{
   if (color_index_tex_image(target, level, internalformat, width, height,
                             border, format, type, pixels, 2, "glTexImage2D"))
      return;
   image_1d_2d(&(struct image_call){
      .target = target, .level = level, .internalformat = internalformat,
      .width = width, .height = height, .border = border, .format = format,
      .type = type, .pixels = pixels, .dims = 2, .func = "glTexImage2D"});
}

void GLAPIENTRY
_mesa_TexImage1D(GLenum target, GLint level, GLint internalformat,
                 GLsizei width, GLint border, GLenum format, GLenum type,
                 const void *pixels)
{
   if (color_index_tex_image(target, level, internalformat, width, 1, border,
                             format, type, pixels, 1, "glTexImage1D"))
      return;
   image_1d_2d(&(struct image_call){
      .target = target, .level = level, .internalformat = internalformat,
      .width = width, .height = 1, .border = border, .format = format,
      .type = type, .pixels = pixels, .dims = 1, .func = "glTexImage1D"});
}

void GLAPIENTRY
_mesa_TexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                    GLsizei width, GLsizei height, GLenum format, GLenum type,
                    const void *pixels)
{
   image_1d_2d(&(struct image_call){
      .sub = true, .target = target, .level = level, .xoffset = xoffset,
      .yoffset = yoffset, .width = width, .height = height, .format = format,
      .type = type, .pixels = pixels, .dims = 2, .func = "glTexSubImage2D"});
}

void GLAPIENTRY
_mesa_TexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width,
                    GLenum format, GLenum type, const void *pixels)
{
   image_1d_2d(&(struct image_call){
      .sub = true, .target = target, .level = level, .xoffset = xoffset,
      .width = width, .height = 1, .format = format, .type = type,
      .pixels = pixels, .dims = 1, .func = "glTexSubImage1D"});
}

void GLAPIENTRY
_mesa_CopyTexImage2D(GLenum target, GLint level, GLenum internalformat, GLint x,
                     GLint y, GLsizei width, GLsizei height, GLint border)
{
   copy_tex_image(target, level, internalformat, x, y, width, height, border,
                  2, "glCopyTexImage2D");
}

void GLAPIENTRY
_mesa_CopyTexImage1D(GLenum target, GLint level, GLenum internalformat, GLint x,
                     GLint y, GLsizei width, GLint border)
{
   copy_tex_image(target, level, internalformat, x, y, width, 1, border, 1,
                  "glCopyTexImage1D");
}

void GLAPIENTRY
_mesa_CopyTexSubImage2D(GLenum target, GLint level, GLint xoffset,
                        GLint yoffset, GLint x, GLint y, GLsizei width,
                        GLsizei height)
{
   copy_tex_sub_image(target, level, xoffset, yoffset, x, y, width, height, 2,
                      "glCopyTexSubImage2D");
}

void GLAPIENTRY
_mesa_CopyTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLint x,
                        GLint y, GLsizei width)
{
   copy_tex_sub_image(target, level, xoffset, 0, x, y, width, 1, 1,
                      "glCopyTexSubImage1D");
}

/* --- Immutable storage (ES 3.0 section 3.8.4) --------------------------- */

/* The sized formats TexStorage* take (ES 3.0.6 section 3.8.4): *format is
 * the base format their images report. */
static bool
storage_format(const struct gl_context *ctx, GLenum sized, GLenum *format,
               GLenum *type)
{
   const struct gl_format_info *f = _mesa_format_info_for(ctx, sized);

   if (!f || !(f->flags & GL_FMT_SIZED) ||
       (f->base == GL_STENCIL_INDEX && !_mesa_has_texture_stencil8(ctx)))
      return false;
   *format = f->base;
   *type = GL_NONE;
   return true;
}

void GLAPIENTRY
_mesa_TexStorage2D(GLenum target, GLsizei levels, GLenum internalformat,
                   GLsizei width, GLsizei height)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_texture_object *t;
   GLenum format, type;
   /* GL 4.6 section 8.19: the proxies of its targets too. */
   const GLenum proxy_of = _mesa_proxy_texture_target(ctx, target, 2);
   const GLenum real = proxy_of ? proxy_of : target;

   if (_mesa_compressed_pipe_format(ctx, internalformat)) {
      _mesa_compressed_tex_storage(ctx, 2, target, levels, internalformat,
                                   width, height, 1);
      return;
   }
   /* (1D arrays: desktop GL, ARB_texture_storage; height is layers) */
   bool rows_are_layers = real == GL_TEXTURE_1D_ARRAY && !_mesa_is_gles(ctx);
   if (real != GL_TEXTURE_2D && real != GL_TEXTURE_CUBE_MAP &&
       !rows_are_layers &&
       (real != GL_TEXTURE_RECTANGLE || !_mesa_has_rect_textures(ctx))) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glTexStorage2D(target)");
      return;
   }
   if (!storage_format(ctx, internalformat, &format, &type)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glTexStorage2D(internalformat=0x%x)",
                  internalformat);
      return;
   }
   if (levels < 1 || width < 1 || height < 1 ||
       (real == GL_TEXTURE_CUBE_MAP && width != height)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glTexStorage2D(size/levels)");
      return;
   }
   GLint max = real == GL_TEXTURE_CUBE_MAP ? ctx->Const.MaxCubeMapTextureSize
                                           : ctx->Const.MaxTextureSize;
   bool fits = width <= max &&
               height <= (rows_are_layers ? ctx->Const.MaxArrayTextureLayers
                                          : max);
   if (!fits && !proxy_of) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glTexStorage2D(size)");
      return;
   }
   GLsizei size = rows_are_layers || width > height ? width : height;
   GLint max_levels = 1;
   while (size > 1) {
      size >>= 1;
      max_levels++;
   }
   if (real == GL_TEXTURE_RECTANGLE)
      max_levels = 1;
   if (levels > max_levels) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glTexStorage2D(levels)");
      return;
   }
   if (proxy_of) {
      _mesa_proxy_storage(ctx, target, levels, fits, width, height, 1,
                          internalformat, format, !rows_are_layers, false);
      return;
   }
   t = _mesa_get_current_tex_object(ctx, target, "glTexStorage2D");
   if (!t)
      return;
   if (t->Immutable || !t->Name) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glTexStorage2D(texture)");
      return;
   }
   enum pipe_format storage =
      storage_of(ctx, internalformat, type, target, "glTexStorage2D");
   if (storage == PIPE_FORMAT_NONE)
      return;
   unsigned faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   GLsizei w = width, h = height;
   if (!st_texture_storage(ctx->st, t, storage, width,
                           rows_are_layers ? 1 : height,
                           rows_are_layers ? height : 1, (unsigned)levels)) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glTexStorage2D");
      return;
   }
   for (GLint l = 0; l < levels; l++) {
      for (unsigned f = 0; f < faces; f++) {
         if (!st_tex_image(ctx->st, t, f, (unsigned)l, w, h, 1, internalformat,
                           format, type, storage, storage, NULL)) {
            _mesa_error(ctx, GL_OUT_OF_MEMORY, "glTexStorage2D");
            return;
         }
      }
      w = w > 1 ? w / 2 : 1;
      if (!rows_are_layers)
         h = h > 1 ? h / 2 : 1;
   }
   _mesa_texture_make_immutable(t, (GLuint)levels);
   _mesa_texture_changed(ctx);
}

/* ARB_texture_storage (GL 4.2 section 3.9.16): a 1D texture's levels, as
 * TexStorage2D makes them (desktop GL only). */
void GLAPIENTRY
_mesa_TexStorage1D(GLenum target, GLsizei levels, GLenum internalformat,
                   GLsizei width)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glTexStorage1D";
   GLenum format, type;

   const bool proxy = _mesa_proxy_texture_target(ctx, target, 1) != GL_NONE;
   if (_mesa_is_gles(ctx) || (target != GL_TEXTURE_1D && !proxy)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target)", func);
      return;
   }
   /* (no compressed 1D formats, GL 4.6 section 8.7) */
   if (!storage_format(ctx, internalformat, &format, &type) ||
       _mesa_compressed_pipe_format(ctx, internalformat)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", func,
                  internalformat);
      return;
   }
   const bool fits = width <= ctx->Const.MaxTextureSize;
   if (levels < 1 || width < 1 || (!fits && !proxy)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size/levels)", func);
      return;
   }
   GLint max_levels = 1;
   for (GLsizei size = width; size > 1; size >>= 1)
      max_levels++;
   if (levels > max_levels) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(levels)", func);
      return;
   }
   if (proxy) {
      _mesa_proxy_storage(ctx, target, levels, fits, width, 1, 1,
                          internalformat, format, false, false);
      return;
   }
   struct gl_texture_object *t = _mesa_get_current_tex_object(ctx, target,
                                                              func);
   if (!t)
      return;
   if (t->Immutable || !t->Name) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(texture)", func);
      return;
   }
   enum pipe_format storage = storage_of(ctx, internalformat, type, target,
                                         func);
   if (storage == PIPE_FORMAT_NONE)
      return;
   if (!st_texture_storage(ctx->st, t, storage, width, 1, 1,
                           (unsigned)levels)) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   for (GLint l = 0; l < levels; l++) {
      GLsizei w = width >> l ? width >> l : 1;
      if (!st_tex_image(ctx->st, t, 0, (unsigned)l, w, 1, 1, internalformat,
                        format, type, storage, storage, NULL)) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         return;
      }
   }
   _mesa_texture_make_immutable(t, (GLuint)levels);
   _mesa_texture_changed(ctx);
}

/* --- 3D and 2D array textures (ES 3.0 section 3.8.3) -------------------- */

/* The targets of TexImage3D and friends: 3D, 2D array and cube map array
 * textures. */
static bool
layered_index(int index)
{
   return index == TEXTURE_3D_INDEX || index == TEXTURE_2D_ARRAY_INDEX ||
          index == TEXTURE_CUBE_ARRAY_INDEX;
}

/* ARB_texture_cube_map_array: square images of whole cubes (depth 6 per
 * cube), else INVALID_VALUE. */
static bool
cube_array_size_ok(struct gl_context *ctx, GLenum target, GLsizei width,
                   GLsizei height, GLsizei depth, const char *func)
{
   if (target == GL_TEXTURE_CUBE_MAP_ARRAY &&
       (width != height || depth % 6 != 0)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(cube map array size)", func);
      return false;
   }
   return true;
}

/* The levels a 3D (or array) texture may have. */
static GLint
max_levels_3d(struct gl_context *ctx, GLenum target)
{
   GLint size = target == GL_TEXTURE_3D ? ctx->Const.Max3DTextureSize
                : target == GL_TEXTURE_CUBE_MAP_ARRAY
                   ? ctx->Const.MaxCubeMapTextureSize
                   : ctx->Const.MaxTextureSize;
   GLint levels = 1;

   while (size > 1) {
      size >>= 1;
      levels++;
   }
   return levels;
}

/* Checks an internalformat against format/type (ES 3.0.6 tables 3.2 and
 * 3.3; desktop GL: the kinds must match).  Records the error (an unknown
 * internalformat is GL_INVALID_VALUE, a bad combination
 * GL_INVALID_OPERATION) and returns false. */
static bool
check_internalformat(struct gl_context *ctx, GLenum internalformat,
                     GLenum format, GLenum type, const char *func)
{
   const struct gl_format_info *f = _mesa_format_info_for(ctx, internalformat);

   /* STENCIL_INDEX8: ARB_texture_stencil8 (GL 4.4 section 8.5, table
    * 8.13's stencil row), OES_texture_stencil8. */
   if (!f ||
       (f->base == GL_STENCIL_INDEX && !_mesa_has_texture_stencil8(ctx))) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(internalformat=0x%x)", func,
                  internalformat);
      return false;
   }
   if (!_mesa_format_combination_ok(ctx, format, type, internalformat)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format/type)", func);
      return false;
   }
   return true;
}

void GLAPIENTRY
_mesa_TexImage3D(GLenum target, GLint level, GLint internalformat,
                 GLsizei width, GLsizei height, GLsizei depth, GLint border,
                 GLenum format, GLenum type, const void *pixels)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glTexImage3D";
   struct gl_texture_object *t;
   enum pipe_format src;
   const GLenum proxy_of = _mesa_proxy_texture_target(ctx, target, 3);
   const bool proxy = proxy_of != GL_NONE;
   const GLenum real = proxy ? proxy_of : target;
   int index = _mesa_tex_target_index(ctx, real);

   if (!layered_index(index)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   if (!client_format_or_error(ctx, format, type, func, &src))
      return;
   if (level < 0 || level >= max_levels_3d(ctx, real)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return;
   }
   GLint max = real == GL_TEXTURE_3D ? ctx->Const.Max3DTextureSize
               : real == GL_TEXTURE_CUBE_MAP_ARRAY
                  ? ctx->Const.MaxCubeMapTextureSize
                  : ctx->Const.MaxTextureSize;
   GLint max_d = real == GL_TEXTURE_3D ? max >> level
                                       : ctx->Const.MaxArrayTextureLayers;
   if (width < 0 || height < 0 || depth < 0 || border != 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size/border)", func);
      return;
   }
   /* GL 4.6 section 8.22: no error for a proxy image too large. */
   bool fits = width <= (max >> level) && height <= (max >> level) &&
               depth <= max_d;
   if (!fits && !proxy) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size)", func);
      return;
   }
   if (!cube_array_size_ok(ctx, real, width, height, depth, func))
      return;
   GLint count = component_count_base(ctx, internalformat) ? internalformat : 0;
   if (count)
      internalformat = (GLint)component_count_base(ctx, count);
   internalformat = (GLint)_mesa_generic_compressed_base(ctx, internalformat);
   /* S3TC, RGTC and BPTC internal formats with uncompressed texels (see
    * tex_image); only BPTC has 3D images (GL 4.6 table 8.17). */
   enum pipe_format compressed =
      _mesa_compressed_pipe_format(ctx, (GLenum)internalformat);
   bool from_texels = util_format_is_bc(compressed);
   bool dxt1_alpha = _mesa_is_dxt1_alpha(compressed);
   bool encode = false;
   if (from_texels) {
      if (!_mesa_compressed_teximage_ok(ctx, compressed, format, type)) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "%s(format/type for a compressed internalformat)", func);
         return;
      }
      if (real == GL_TEXTURE_3D && !util_format_is_bptc(compressed)) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(3D compressed)", func);
         return;
      }
      encode = encodes_texels(ctx, compressed);
      if (!_mesa_is_gles(ctx) && !encode) { /* see tex_image */
         internalformat =
            (GLint)_mesa_compressed_fallback_format(compressed);
         from_texels = false;
      }
   }
   if (!from_texels && !check_internalformat(ctx, (GLenum)internalformat,
                                             format, type, func))
      return;
   /* ES 3.0.6 section 3.8.3: no depth or depth-stencil 3D textures (GL
    * 4.4 section 8.5: nor stencil ones). */
   if (real == GL_TEXTURE_3D &&
       _mesa_format_info_is_ds(_mesa_format_info((GLenum)internalformat))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(3D depth)", func);
      return;
   }
   if (src == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format/type)", func);
      return;
   }
   if (proxy) {
      _mesa_proxy_set(ctx, target, level, fits, width, height, depth,
                      (GLenum)internalformat, format, image_type(ctx, type));
      return;
   }
   t = ctx->TexUnit[ctx->ActiveTexture].Current[index];
   if (t->Immutable) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(immutable)", func);
      return;
   }
   const GLenum client_type = type;
   type = image_type(ctx, type);
   enum pipe_format storage =
      encode        ? compressed
      : from_texels ? st_decoded_storage_format(ctx->st->screen, compressed)
                    : storage_of(ctx, (GLenum)internalformat, type, target,
                                 func);
   if (storage == PIPE_FORMAT_NONE)
      return;
   struct pbo_map map = {0};
   const void *data = pixels;
   if (ctx->PixelUnpackBuffer) {
      data = _mesa_map_pbo(ctx, false, pixels,
                           unpack_size_B(ctx, width, height, depth, format,
                                         client_type, src),
                           &map, func);
      if (!data && width && height && depth)
         return;
   }
   void *tmp;
   data = client_texels(ctx, format, client_type, width, height, depth, data,
                        base_of((GLenum)internalformat), storage, &src, &tmp);
   if (dxt1_alpha)
      data = dxt1_alpha_texels(ctx, format, client_type, width, height, depth,
                               data, &src, &tmp);
   if (!st_tex_image(ctx->st, t, 0, (unsigned)level, width, height, depth,
                     (GLenum)internalformat, format, type, storage, src, data))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
   else
      t->Image[0][level].ComponentCount = count;
   free(tmp);
   _mesa_unmap_pbo(ctx, &map);
   auto_mipmap(ctx, t, level);
   _mesa_texture_changed(ctx);
}

void GLAPIENTRY
_mesa_TexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                    GLint zoffset, GLsizei width, GLsizei height,
                    GLsizei depth, GLenum format, GLenum type,
                    const void *pixels)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glTexSubImage3D";
   int index = _mesa_tex_target_index(ctx, target);
   struct gl_texture_image *img;
   enum pipe_format src;

   if (!layered_index(index)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   if (!client_format_or_error(ctx, format, type, func, &src))
      return;
   if (level < 0 || level >= max_levels_3d(ctx, target)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level)", func);
      return;
   }
   struct gl_texture_object *t = ctx->TexUnit[ctx->ActiveTexture].Current[index];
   img = sub_image_dst(ctx, t, 0, level, xoffset, yoffset, width, height,
                       func);
   if (!img)
      return;
   if (depth < 0 || zoffset < 0 || (int64_t)zoffset + depth > img->Depth) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(region)", func);
      return;
   }
   if (src == PIPE_FORMAT_NONE ||
       !sub_image_format_ok(ctx, img, format, type) ||
       !sub_image_blocks_ok(ctx, img, xoffset, yoffset, width, height)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format)", func);
      return;
   }
   if (!width || !height || !depth || (!pixels && !ctx->PixelUnpackBuffer))
      return;
   struct pbo_map map;
   const void *data = _mesa_map_pbo(
      ctx, false, pixels,
      unpack_size_B(ctx, width, height, depth, format, type, src),
      &map, func);
   if (!data)
      return;
   void *tmp;
   data = client_texels(ctx, format, type, width, height, depth, data,
                        base_of(img->InternalFormat), img->PipeFormat, &src,
                        &tmp);
   /* (an image that kept its DXT1 internal format: ES) */
   if (_mesa_is_dxt1_alpha(
          _mesa_compressed_pipe_format(ctx, img->InternalFormat)))
      data = dxt1_alpha_texels(ctx, format, type, width, height, depth, data,
                               &src, &tmp);
   if (data)
      st_tex_sub_image(ctx->st, t, img, xoffset, yoffset, zoffset, width,
                       height, depth, src, data);
   free(tmp);
   _mesa_unmap_pbo(ctx, &map);
   auto_mipmap(ctx, t, level);
   _mesa_texture_changed(ctx);
}

void GLAPIENTRY
_mesa_TexStorage3D(GLenum target, GLsizei levels, GLenum internalformat,
                   GLsizei width, GLsizei height, GLsizei depth)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glTexStorage3D";
   const GLenum proxy_of = _mesa_proxy_texture_target(ctx, target, 3);
   const GLenum real = proxy_of ? proxy_of : target;
   int index = _mesa_tex_target_index(ctx, real);
   GLenum format, type;

   if (_mesa_compressed_pipe_format(ctx, internalformat)) {
      _mesa_compressed_tex_storage(ctx, 3, target, levels, internalformat,
                                   width, height, depth);
      return;
   }
   if (!layered_index(index)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target)", func);
      return;
   }
   if (!storage_format(ctx, internalformat, &format, &type)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", func,
                  internalformat);
      return;
   }
   if (levels < 1 || width < 1 || height < 1 || depth < 1) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size/levels)", func);
      return;
   }
   if (!cube_array_size_ok(ctx, real, width, height, depth, func))
      return;
   bool is_3d = index == TEXTURE_3D_INDEX;
   GLint max = is_3d ? ctx->Const.Max3DTextureSize
               : real == GL_TEXTURE_CUBE_MAP_ARRAY
                  ? ctx->Const.MaxCubeMapTextureSize
                  : ctx->Const.MaxTextureSize;
   bool fits = width <= max && height <= max &&
               depth <= (is_3d ? max : ctx->Const.MaxArrayTextureLayers);
   if (is_3d && _mesa_format_info_is_ds(_mesa_format_info(internalformat))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(3D depth)", func);
      return;
   }
   GLsizei size = width > height ? width : height;
   if (is_3d && depth > size)
      size = depth;
   GLint max_levels = 1;
   while (size > 1) {
      size >>= 1;
      max_levels++;
   }
   if (levels > max_levels) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(levels)", func);
      return;
   }
   if (proxy_of) {
      _mesa_proxy_storage(ctx, target, levels, fits, width, height, depth,
                          internalformat, format, true, is_3d);
      return;
   }
   struct gl_texture_object *t = ctx->TexUnit[ctx->ActiveTexture].Current[index];
   if (t->Immutable || !t->Name) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(texture)", func);
      return;
   }
   enum pipe_format storage = storage_of(ctx, internalformat, type, target,
                                         func);
   if (storage == PIPE_FORMAT_NONE)
      return;
   GLsizei w = width, h = height, d = depth;
   if (!st_texture_storage(ctx->st, t, storage, width, height, depth,
                           (unsigned)levels)) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   for (GLint l = 0; l < levels; l++) {
      if (!st_tex_image(ctx->st, t, 0, (unsigned)l, w, h, d, internalformat,
                        format, type, storage, storage, NULL)) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         return;
      }
      w = w > 1 ? w / 2 : 1;
      h = h > 1 ? h / 2 : 1;
      if (is_3d)
         d = d > 1 ? d / 2 : 1;
   }
   _mesa_texture_make_immutable(t, (GLuint)levels);
   _mesa_texture_changed(ctx);
}

void GLAPIENTRY
_mesa_CopyTexSubImage3D(GLenum target, GLint level, GLint xoffset,
                        GLint yoffset, GLint zoffset, GLint x, GLint y,
                        GLsizei width, GLsizei height)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glCopyTexSubImage3D";
   int index = _mesa_tex_target_index(ctx, target);

   if (!layered_index(index)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target)", func);
      return;
   }
   if (level < 0 || level >= max_levels_3d(ctx, target)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level)", func);
      return;
   }
   struct gl_texture_object *t = ctx->TexUnit[ctx->ActiveTexture].Current[index];
   struct gl_texture_image *img =
      sub_image_dst(ctx, t, 0, level, xoffset, yoffset, width, height, func);
   if (!img)
      return;
   if (zoffset < 0 || zoffset >= img->Depth) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(region)", func);
      return;
   }
   if (!_mesa_read_framebuffer_complete(ctx, func) ||
       !_mesa_read_framebuffer_single_sampled(ctx, func))
      return;
   if (!copy_format_ok(ctx, image_info(img))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format)", func);
      return;
   }
   st_copy_tex_sub_image(ctx->st, t, img, xoffset, yoffset, zoffset, x, y,
                         width, height);
   auto_mipmap(ctx, t, level);
   _mesa_texture_changed(ctx);
}

/* glClearTex[Sub]Image's texel (cleartex.c, GL 4.4 section 8.21): data
 * as one texel of (format, type) is read as TexSubImage reads an image of
 * img's: its client layout in *src (PIPE_FORMAT_NONE when no layout of
 * that pair exists, *enum_ok false when an enum is unknown) and the texel
 * to convert, maybe a new one in *tmp (free() it). */
const void *
_mesa_clear_texel(struct gl_context *ctx, const struct gl_texture_image *img,
                  GLenum format, GLenum type, const void *data,
                  enum pipe_format *src, bool *enum_ok, void **tmp)
{
   *tmp = NULL;
   *src = client_format(ctx, format, type, enum_ok);
   if (*src == PIPE_FORMAT_NONE)
      return NULL;
   return client_texels(ctx, format, type, 1, 1, 1, data,
                        base_of(img->InternalFormat), img->PipeFormat, src,
                        tmp);
}

/* May (format, type) give texels of img (as for TexSubImage)? */
bool
_mesa_clear_texel_format_ok(struct gl_context *ctx,
                            const struct gl_texture_image *img, GLenum format,
                            GLenum type)
{
   return sub_image_format_ok(ctx, img, format, type);
}
