/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compressed textures (ES 3.0.6 section 3.8.5, appendix C;
 * OES_compressed_ETC1_RGB8_texture): CompressedTexImage2D/3D,
 * CompressedTexSubImage2D/3D, TexStorage with a compressed internal format,
 * and the list of formats.  The formats are the ETC family, S3TC, RGTC
 * and BPTC; how they are stored (natively or decoded) is the state
 * tracker's choice (st_texture_etc.c).  The ES 3.0 pixel unpack modes do
 * not apply to compressed data: blocks are tightly packed, row of blocks
 * after row of blocks, image after image.
 */
#include "main/texcompress.h"

#include "main/context.h"
#include "main/draw.h"
#include "main/pbo.h"
#include "main/texobj.h"
#include "main/texproxy.h"
#include "pipe/p_screen.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_texture.h"
#include "state_tracker/st_texture_etc.h"
#include "util/format/u_format.h"
#include "util/format/u_format_bc.h"
#include "util/format/u_format_bptc.h"

/* How a desktop context (GL 3.0 or later) treats a format. */
enum desktop_use {
   DESKTOP_NONE,
   DESKTOP_TAKEN,  /* accepted, not in GL_COMPRESSED_TEXTURE_FORMATS */
   DESKTOP_LISTED, /* accepted and listed */
};

/* es: the first ES version (x10) with the format, 0 for none.  Desktop
 * lists only the formats "suitable for general-purpose usage" (GL 4.6
 * section 8.7): the linear RGB(A) S3TC ones without DXT1's punch-through
 * alpha, as every S3TC/RGTC implementation reads it (piglit's
 * arb_texture_compression-invalid-formats); BPTC may be listed or not, it
 * is not here. */
static const struct {
   GLenum gl;
   enum pipe_format pipe;
   int es;
   enum desktop_use desktop;
} compressed_formats[MESA_MAX_COMPRESSED_FORMATS] = {
   {GL_COMPRESSED_R11_EAC, PIPE_FORMAT_ETC2_R11_UNORM, 30, DESKTOP_NONE},
   {GL_COMPRESSED_SIGNED_R11_EAC, PIPE_FORMAT_ETC2_R11_SNORM, 30,
    DESKTOP_NONE},
   {GL_COMPRESSED_RG11_EAC, PIPE_FORMAT_ETC2_RG11_UNORM, 30, DESKTOP_NONE},
   {GL_COMPRESSED_SIGNED_RG11_EAC, PIPE_FORMAT_ETC2_RG11_SNORM, 30,
    DESKTOP_NONE},
   {GL_COMPRESSED_RGB8_ETC2, PIPE_FORMAT_ETC2_RGB8, 30, DESKTOP_NONE},
   {GL_COMPRESSED_SRGB8_ETC2, PIPE_FORMAT_ETC2_SRGB8, 30, DESKTOP_NONE},
   {GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, PIPE_FORMAT_ETC2_RGB8A1, 30,
    DESKTOP_NONE},
   {GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, PIPE_FORMAT_ETC2_SRGB8A1, 30,
    DESKTOP_NONE},
   {GL_COMPRESSED_RGBA8_ETC2_EAC, PIPE_FORMAT_ETC2_RGBA8, 30, DESKTOP_NONE},
   {GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, PIPE_FORMAT_ETC2_SRGBA8, 30,
    DESKTOP_NONE},
   {GL_ETC1_RGB8_OES, PIPE_FORMAT_ETC1_RGB8, 20, DESKTOP_NONE},
   /* EXT_texture_compression_s3tc (ES 2.0 and later, and desktop). */
   {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_RGB, 20, DESKTOP_LISTED},
   {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_RGBA, 20,
    DESKTOP_TAKEN},
   {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, PIPE_FORMAT_DXT3_RGBA, 20,
    DESKTOP_LISTED},
   {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, PIPE_FORMAT_DXT5_RGBA, 20,
    DESKTOP_LISTED},
   /* EXT_texture_compression_s3tc_srgb (sRGB textures need ES 3.0 here);
    * in desktop contexts EXT_texture_sRGB's S3TC formats (its
    * interactions with EXT_texture_compression_s3tc), since wave 14. */
   {GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_SRGB, 30,
    DESKTOP_TAKEN},
   {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, PIPE_FORMAT_DXT1_SRGBA, 30,
    DESKTOP_TAKEN},
   {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, PIPE_FORMAT_DXT3_SRGBA, 30,
    DESKTOP_TAKEN},
   {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, PIPE_FORMAT_DXT5_SRGBA, 30,
    DESKTOP_TAKEN},
   /* EXT_texture_compression_rgtc (written against ES 3.x); core in GL
    * 3.0 (table 3.17, COMPRESSED_RED_RGTC1 ... are the same values). */
   {GL_COMPRESSED_RED_RGTC1_EXT, PIPE_FORMAT_RGTC1_UNORM, 30, DESKTOP_TAKEN},
   {GL_COMPRESSED_SIGNED_RED_RGTC1_EXT, PIPE_FORMAT_RGTC1_SNORM, 30,
    DESKTOP_TAKEN},
   {GL_COMPRESSED_RED_GREEN_RGTC2_EXT, PIPE_FORMAT_RGTC2_UNORM, 30,
    DESKTOP_TAKEN},
   {GL_COMPRESSED_SIGNED_RED_GREEN_RGTC2_EXT, PIPE_FORMAT_RGTC2_SNORM, 30,
    DESKTOP_TAKEN},
   /* EXT_texture_compression_bptc (ES 3.0) and ARB_texture_compression_bptc
    * (desktop). */
   {GL_COMPRESSED_RGBA_BPTC_UNORM_EXT, PIPE_FORMAT_BPTC_RGBA_UNORM, 30,
    DESKTOP_TAKEN},
   {GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM_EXT, PIPE_FORMAT_BPTC_SRGBA, 30,
    DESKTOP_TAKEN},
   {GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT_EXT, PIPE_FORMAT_BPTC_RGB_FLOAT, 30,
    DESKTOP_TAKEN},
   {GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT_EXT, PIPE_FORMAT_BPTC_RGB_UFLOAT, 30,
    DESKTOP_TAKEN},
   /* KHR_texture_compression_astc_ldr (ES 2.0 and later, and desktop),
    * every 2D footprint, linear and sRGB; only where the driver samples
    * them (there is no decoder at upload: format_available). */
#define ASTC(w, h)                                                             \
   {GL_COMPRESSED_RGBA_ASTC_##w##x##h##_KHR, PIPE_FORMAT_ASTC_##w##x##h, 20,    \
    DESKTOP_TAKEN},                                                            \
   {GL_COMPRESSED_SRGB8_ALPHA8_ASTC_##w##x##h##_KHR,                           \
    PIPE_FORMAT_ASTC_##w##x##h##_SRGB, 20, DESKTOP_TAKEN}
   ASTC(4, 4),
   ASTC(5, 4),
   ASTC(5, 5),
   ASTC(6, 5),
   ASTC(6, 6),
   ASTC(8, 5),
   ASTC(8, 6),
   ASTC(8, 8),
   ASTC(10, 5),
   ASTC(10, 6),
   ASTC(10, 8),
   ASTC(10, 10),
   ASTC(12, 10),
   ASTC(12, 12),
#undef ASTC
};

#define NUM_COMPRESSED_FORMATS                                                 \
   (sizeof(compressed_formats) / sizeof(compressed_formats[0]))

static bool
format_available(const struct gl_context *ctx, unsigned i)
{
   enum pipe_format pf = compressed_formats[i].pipe;
   const struct util_format_description *d = util_format_description(pf);

   /* ASTC: blocks the driver samples, or nothing. */
   if (d && d->layout == UTIL_FORMAT_LAYOUT_ASTC &&
       (!ctx->st || !ctx->st->screen->is_format_supported(
                       ctx->st->screen, pf, PIPE_TEXTURE_2D, 0, 0,
                       PIPE_BIND_SAMPLER_VIEW)))
      return false;
   if (!_mesa_is_gles(ctx))
      return compressed_formats[i].desktop != DESKTOP_NONE;
   return compressed_formats[i].es &&
          ctx->Version >= compressed_formats[i].es;
}

static bool
format_listed(const struct gl_context *ctx, unsigned i)
{
   if (!_mesa_is_gles(ctx))
      return compressed_formats[i].desktop == DESKTOP_LISTED;
   return format_available(ctx, i);
}

enum pipe_format
_mesa_compressed_pipe_format(const struct gl_context *ctx,
                             GLenum internalformat)
{
   for (unsigned i = 0; i < NUM_COMPRESSED_FORMATS; i++) {
      if (compressed_formats[i].gl == internalformat)
         return format_available(ctx, i) ? compressed_formats[i].pipe
                                         : PIPE_FORMAT_NONE;
   }
   return PIPE_FORMAT_NONE;
}

unsigned
_mesa_get_compressed_formats(const struct gl_context *ctx, GLint *formats)
{
   unsigned n = 0;

   for (unsigned i = 0; i < NUM_COMPRESSED_FORMATS; i++) {
      if (!format_listed(ctx, i))
         continue;
      if (formats)
         formats[n] = (GLint)compressed_formats[i].gl;
      n++;
   }
   return n;
}

bool
_mesa_compressed_teximage_ok(const struct gl_context *ctx, enum pipe_format pf,
                             GLenum format, GLenum type)
{
   if (!util_format_is_bc(pf))
      return false;
   /* Desktop (GL 4.6 section 8.5): a compressed internal format takes
    * texels of any colour format the pair is valid for (the pair itself
    * is checked by the caller); not depth, stencil or integer ones. */
   if (!_mesa_is_gles(ctx)) {
      switch (format) {
      case GL_RED:
      case GL_GREEN:
      case GL_BLUE:
      case GL_ALPHA:
      case GL_RG:
      case GL_RGB:
      case GL_BGR:
      case GL_RGBA:
      case GL_BGRA:
      case GL_LUMINANCE:
      case GL_LUMINANCE_ALPHA:
         return true;
      default:
         return false;
      }
   }
   switch (pf) {
   case PIPE_FORMAT_RGTC1_UNORM:
      return format == GL_RED && type == GL_UNSIGNED_BYTE;
   case PIPE_FORMAT_RGTC1_SNORM:
      return format == GL_RED && type == GL_BYTE;
   case PIPE_FORMAT_RGTC2_UNORM:
      return format == GL_RG && type == GL_UNSIGNED_BYTE;
   case PIPE_FORMAT_RGTC2_SNORM:
      return format == GL_RG && type == GL_BYTE;
   /* EXT_texture_compression_bptc (Errors): these pairs only. */
   case PIPE_FORMAT_BPTC_RGBA_UNORM:
   case PIPE_FORMAT_BPTC_SRGBA:
      return format == GL_RGBA && type == GL_UNSIGNED_BYTE;
   case PIPE_FORMAT_BPTC_RGB_FLOAT:
   case PIPE_FORMAT_BPTC_RGB_UFLOAT:
      return format == GL_RGB && type == GL_FLOAT;
   default:
      /* S3TC: RGB or RGBA texels, normalized bytes or (with the float
       * texture extensions) floats. */
      return (format == GL_RGB || format == GL_RGBA) &&
             (type == GL_UNSIGNED_BYTE || type == GL_FLOAT ||
              type == GL_HALF_FLOAT || type == GL_HALF_FLOAT_OES);
   }
}

GLenum
_mesa_generic_compressed_base(const struct gl_context *ctx, GLenum format)
{
   /* GL 4.6 section 8.5 and table 8.14 (ARB_texture_compression, GL 3.0
    * for RED and RG, GL 2.1 for the sRGB ones): nothing compresses online
    * here, so each becomes its base internal format. */
   if (_mesa_is_gles(ctx))
      return format;
   switch (format) {
   /* (the sized forms: the format table has no unsized RED and RG) */
   case GL_COMPRESSED_RED:
      return GL_R8;
   case GL_COMPRESSED_RG:
      return GL_RG8;
   case GL_COMPRESSED_RGB:
      return GL_RGB;
   case GL_COMPRESSED_RGBA:
      return GL_RGBA;
   /* sRGB: a format that still decodes sRGB (its base format is RGB(A),
    * but sampling must convert); EXT_texture_sRGB's luminance ones too. */
   case GL_COMPRESSED_SRGB:
      return GL_SRGB8;
   case GL_COMPRESSED_SRGB_ALPHA:
      return GL_SRGB8_ALPHA8;
   case GL_COMPRESSED_SLUMINANCE:
      return GL_SLUMINANCE8;
   case GL_COMPRESSED_SLUMINANCE_ALPHA:
      return GL_SLUMINANCE8_ALPHA8;
   case GL_COMPRESSED_ALPHA:
      return GL_ALPHA;
   case GL_COMPRESSED_LUMINANCE:
      return GL_LUMINANCE;
   case GL_COMPRESSED_LUMINANCE_ALPHA:
      return GL_LUMINANCE_ALPHA;
   case GL_COMPRESSED_INTENSITY:
      return GL_INTENSITY;
   default:
      return format;
   }
}

GLenum
_mesa_compressed_fallback_format(enum pipe_format pf)
{
   /* The sized formats that hold the decoded texels exactly. */
   switch (pf) {
   case PIPE_FORMAT_DXT1_RGB:
      return GL_RGB8;
   case PIPE_FORMAT_DXT1_RGBA:
   case PIPE_FORMAT_DXT3_RGBA:
   case PIPE_FORMAT_DXT5_RGBA:
   case PIPE_FORMAT_BPTC_RGBA_UNORM:
      return GL_RGBA8;
   case PIPE_FORMAT_DXT1_SRGB:
      return GL_SRGB8;
   case PIPE_FORMAT_DXT1_SRGBA:
   case PIPE_FORMAT_DXT3_SRGBA:
   case PIPE_FORMAT_DXT5_SRGBA:
   case PIPE_FORMAT_BPTC_SRGBA:
      return GL_SRGB8_ALPHA8;
   case PIPE_FORMAT_RGTC1_UNORM:
      return GL_R8;
   case PIPE_FORMAT_RGTC1_SNORM:
      return GL_R8_SNORM;
   case PIPE_FORMAT_RGTC2_UNORM:
      return GL_RG8;
   case PIPE_FORMAT_RGTC2_SNORM:
      return GL_RG8_SNORM;
   case PIPE_FORMAT_BPTC_RGB_FLOAT:
   case PIPE_FORMAT_BPTC_RGB_UFLOAT:
      return GL_RGB16F;
   default:
      return GL_NONE;
   }
}

bool
_mesa_is_dxt1_alpha(enum pipe_format pf)
{
   return pf == PIPE_FORMAT_DXT1_RGBA || pf == PIPE_FORMAT_DXT1_SRGBA;
}

void
_mesa_dxt1_alpha_texels(float (*texels)[4], size_t n)
{
   /* The threshold: an encoder reads alpha < 128 of 255 as transparent
    * (Mesa's src/util/format/texcompress_s3tc_tmp.h); 0.5 is 127.5. */
   for (size_t i = 0; i < n; i++) {
      if (texels[i][3] < 0.5f) {
         for (unsigned c = 0; c < 4; c++)
            texels[i][c] = 0.0f;
      } else {
         texels[i][3] = 1.0f;
      }
   }
}

/* One CompressedTex[Sub]Image call. */
struct compressed_call {
   const char *func;
   GLuint dims; /* 2 or 3 */
   GLenum target;
   GLint level;
   GLint x, y, z; /* sub-image calls */
   GLsizei width, height, depth;
   GLint border;
   GLenum format; /* internalformat, or the format of a sub-image call */
   GLsizei image_size;
   const void *data;
};

/* Does the 3D command take textures of this index?  3D, 2D array and
 * (ARB_texture_cube_map_array, whose table of targets every compressed
 * format's rows check: Mesa's _mesa_target_can_be_compressed in
 * src/mesa/main/teximage.c) cube map array ones. */
static bool
layered_index(int index)
{
   return index == TEXTURE_3D_INDEX || index == TEXTURE_2D_ARRAY_INDEX ||
          index == TEXTURE_CUBE_ARRAY_INDEX;
}

/* ARB_texture_cube_map_array (TexImage3D errors, which the compressed and
 * storage commands share): square images of whole cubes, a depth of 6
 * layer-faces a cube; INVALID_VALUE otherwise. */
static bool
cube_array_shape_ok(int index, GLsizei width, GLsizei height, GLsizei depth)
{
   return index != TEXTURE_CUBE_ARRAY_INDEX ||
          (width == height && depth % 6 == 0);
}

/* The face (or 0) a call's target addresses and its texture object's
 * index; -1 (nothing recorded) when the target is not one the command
 * takes in this context. */
static int
call_face(struct gl_context *ctx, const struct compressed_call *c, int *index)
{
   if (c->dims == 3) {
      *index = _mesa_tex_target_index(ctx, c->target);
      return layered_index(*index) ? 0 : -1;
   }
   if (c->target == GL_TEXTURE_2D) {
      *index = TEXTURE_2D_INDEX;
      return 0;
   }
   if (c->target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
       c->target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      *index = TEXTURE_CUBE_INDEX;
      return (int)(c->target - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
   }
   return -1;
}

/* The texture object index of the proxy target a CompressedTexImage
 * call names (GL 4.6 section 8.7: PROXY_TEXTURE_2D and _CUBE_MAP for the
 * 2D command, PROXY_TEXTURE_3D and _2D_ARRAY for the 3D one, as the
 * targets call_face takes); -1 for any other target. */
static int
call_proxy(struct gl_context *ctx, const struct compressed_call *c)
{
   GLenum of = _mesa_proxy_texture_target(ctx, c->target, c->dims);
   int index = of != GL_NONE ? _mesa_tex_target_index(ctx, of) : -1;
   if (c->dims == 3)
      return layered_index(index) ? index : -1;
   return index == TEXTURE_2D_INDEX || index == TEXTURE_CUBE_INDEX ? index
                                                                    : -1;
}

static GLint
max_size(const struct gl_context *ctx, int index)
{
   switch (index) {
   case TEXTURE_CUBE_INDEX:
   case TEXTURE_CUBE_ARRAY_INDEX:
      return ctx->Const.MaxCubeMapTextureSize;
   case TEXTURE_3D_INDEX:
      return ctx->Const.Max3DTextureSize;
   default:
      return ctx->Const.MaxTextureSize;
   }
}

/* log2(size) + 1: the levels a texture of that largest size has. */
static GLint
level_count(GLint size)
{
   GLint levels = 1;

   while (size > 1) {
      size >>= 1;
      levels++;
   }
   return levels;
}

/* Is imageSize what the format and the region need (ES 3.0.6 section
 * 3.8.5: INVALID_VALUE otherwise)? */
static bool
size_ok(enum pipe_format pf, const struct compressed_call *c)
{
   uint64_t want = util_format_get_size(
      pf, (unsigned)c->width, (unsigned)c->height, (unsigned)c->depth);
   return c->image_size >= 0 && (uint64_t)c->image_size == want;
}

/* The client data of a call: the pointer, or a mapping of the bound
 * unpack buffer.  False (error recorded) if the buffer range is bad. */
static bool
map_data(struct gl_context *ctx, const struct compressed_call *c,
         struct pbo_map *map, const void **data)
{
   *data = c->data;
   map->transfer = NULL;
   if (!ctx->PixelUnpackBuffer)
      return true;
   *data =
      _mesa_map_pbo(ctx, false, c->data, (size_t)c->image_size, map, c->func);
   return *data != NULL || c->image_size == 0;
}

static void
compressed_tex_image(struct gl_context *ctx, const struct compressed_call *c)
{
   int index = call_proxy(ctx, c);
   const bool proxy = index >= 0;
   int face = proxy ? 0 : call_face(ctx, c, &index);

   if (face < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", c->func, c->target);
      return;
   }
   enum pipe_format pf = _mesa_compressed_pipe_format(ctx, c->format);
   /* OES_compressed_ETC1_RGB8_texture adds ETC1 to CompressedTexImage2D
    * only. */
   if (pf == PIPE_FORMAT_NONE ||
       (c->dims == 3 && pf == PIPE_FORMAT_ETC1_RGB8)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", c->func,
                  c->format);
      return;
   }
   /* ES 3.0.6 section 3.8.5: the ETC2/EAC formats have no 3D images; nor
    * have S3TC and RGTC (GL 4.6 table 8.17); BPTC has (the same table, and
    * EXT_texture_compression_bptc's). */
   if (index == TEXTURE_3D_INDEX && !util_format_is_bptc(pf)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(TEXTURE_3D)", c->func);
      return;
   }
   GLint max = max_size(ctx, index);
   if (c->level < 0 || c->level >= level_count(max)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", c->func, c->level);
      return;
   }
   GLint max_depth = ctx->Const.MaxArrayTextureLayers;
   if (c->dims == 2)
      max_depth = 1;
   else if (index == TEXTURE_3D_INDEX)
      max_depth = max >> c->level;
   /* GL 4.6 section 8.22: a proxy takes an image too large without an
    * error, its level state then all zeros. */
   bool fits = c->width <= (max >> c->level) &&
               c->height <= (max >> c->level) && c->depth <= max_depth;
   if (c->width < 0 || c->height < 0 || c->depth < 0 ||
       (!fits && !proxy) || c->border != 0 ||
       (index == TEXTURE_CUBE_INDEX && c->width != c->height) ||
       !cube_array_shape_ok(index, c->width, c->height, c->depth)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size/border)", c->func);
      return;
   }
   if (!size_ok(pf, c)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(imageSize=%d)", c->func,
                  c->image_size);
      return;
   }
   /* The proxy keeps the compressed internal format (TEXTURE_COMPRESSED
    * reads true, as for the image the call would make). */
   if (proxy) {
      _mesa_proxy_set(ctx, c->target, c->level, fits, c->width, c->height,
                      c->depth, c->format, GL_NONE, GL_NONE);
      return;
   }
   struct gl_texture_object *t =
      ctx->TexUnit[ctx->ActiveTexture].Current[index];
   if (t->Immutable) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(immutable)", c->func);
      return;
   }
   struct pbo_map map;
   const void *data;
   if (!map_data(ctx, c, &map, &data))
      return;
   if (!st_compressed_tex_image(ctx->st, t, (unsigned)face, (unsigned)c->level,
                                c->width, c->height, c->depth, c->format, pf,
                                data))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", c->func);
   _mesa_unmap_pbo(ctx, &map);
   _mesa_texture_changed(ctx);
}

static void
compressed_tex_sub_image(struct gl_context *ctx,
                         const struct compressed_call *c)
{
   int index;
   int face = call_face(ctx, c, &index);

   if (face < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", c->func, c->target);
      return;
   }
   enum pipe_format pf = _mesa_compressed_pipe_format(ctx, c->format);
   if (pf == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(format=0x%x)", c->func, c->format);
      return;
   }
   if (c->level < 0 || c->level >= level_count(max_size(ctx, index))) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", c->func, c->level);
      return;
   }
   struct gl_texture_object *t =
      ctx->TexUnit[ctx->ActiveTexture].Current[index];
   struct gl_texture_image *img = &t->Image[face][c->level];
   if (img->Width == 0) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no image)", c->func);
      return;
   }
   if (c->x < 0 || c->y < 0 || c->z < 0 || c->width < 0 || c->height < 0 ||
       c->depth < 0 || (int64_t)c->x + c->width > img->Width ||
       (int64_t)c->y + c->height > img->Height ||
       (int64_t)c->z + c->depth > img->Depth) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(region)", c->func);
      return;
   }
   /* The format must be the image's; ETC1 images cannot be edited
    * (OES_compressed_ETC1_RGB8_texture). */
   if (c->format != img->InternalFormat || pf == PIPE_FORMAT_ETC1_RGB8) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(format)", c->func);
      return;
   }
   /* ES 3.0.6 section 3.8.5 (ETC2/EAC), EXT_texture_compression_s3tc and
    * _rgtc (CompressedTexSubImage2D errors), KHR_texture_compression_
    * astc_ldr (its block footprint): sub-images start on a block and
    * cover whole blocks except at the right and bottom edges. */
   int bw = (int)util_format_get_blockwidth(pf);
   int bh = (int)util_format_get_blockheight(pf);
   if ((c->x % bw) || (c->y % bh) ||
       ((c->width % bw) && c->x + c->width != img->Width) ||
       ((c->height % bh) && c->y + c->height != img->Height)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(block alignment)", c->func);
      return;
   }
   if (!size_ok(pf, c)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(imageSize=%d)", c->func,
                  c->image_size);
      return;
   }
   if (!c->width || !c->height || !c->depth ||
       (!c->data && !ctx->PixelUnpackBuffer))
      return;
   struct pbo_map map;
   const void *data;
   if (!map_data(ctx, c, &map, &data))
      return;
   if (!st_compressed_tex_sub_image(ctx->st, t, img, c->x, c->y, c->z, c->width,
                                    c->height, c->depth, pf, data))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", c->func);
   _mesa_unmap_pbo(ctx, &map);
   _mesa_texture_changed(ctx);
}

void GLAPIENTRY
_mesa_CompressedTexImage2D(GLenum target, GLint level, GLenum internalformat,
                           GLsizei width, GLsizei height, GLint border,
                           GLsizei imageSize, const void *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const struct compressed_call c = {
      .func = "glCompressedTexImage2D",
      .dims = 2,
      .target = target,
      .level = level,
      .width = width,
      .height = height,
      .depth = 1,
      .border = border,
      .format = internalformat,
      .image_size = imageSize,
      .data = data,
   };
   compressed_tex_image(ctx, &c);
}

void GLAPIENTRY
_mesa_CompressedTexImage3D(GLenum target, GLint level, GLenum internalformat,
                           GLsizei width, GLsizei height, GLsizei depth,
                           GLint border, GLsizei imageSize, const void *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const struct compressed_call c = {
      .func = "glCompressedTexImage3D",
      .dims = 3,
      .target = target,
      .level = level,
      .width = width,
      .height = height,
      .depth = depth,
      .border = border,
      .format = internalformat,
      .image_size = imageSize,
      .data = data,
   };
   compressed_tex_image(ctx, &c);
}

void GLAPIENTRY
_mesa_CompressedTexSubImage2D(GLenum target, GLint level, GLint xoffset,
                              GLint yoffset, GLsizei width, GLsizei height,
                              GLenum format, GLsizei imageSize,
                              const void *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const struct compressed_call c = {
      .func = "glCompressedTexSubImage2D",
      .dims = 2,
      .target = target,
      .level = level,
      .x = xoffset,
      .y = yoffset,
      .width = width,
      .height = height,
      .depth = 1,
      .format = format,
      .image_size = imageSize,
      .data = data,
   };
   compressed_tex_sub_image(ctx, &c);
}

void GLAPIENTRY
_mesa_CompressedTexSubImage3D(GLenum target, GLint level, GLint xoffset,
                              GLint yoffset, GLint zoffset, GLsizei width,
                              GLsizei height, GLsizei depth, GLenum format,
                              GLsizei imageSize, const void *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const struct compressed_call c = {
      .func = "glCompressedTexSubImage3D",
      .dims = 3,
      .target = target,
      .level = level,
      .x = xoffset,
      .y = yoffset,
      .z = zoffset,
      .width = width,
      .height = height,
      .depth = depth,
      .format = format,
      .image_size = imageSize,
      .data = data,
   };
   compressed_tex_sub_image(ctx, &c);
}

void
_mesa_compressed_tex_storage(struct gl_context *ctx, GLuint dims, GLenum target,
                             GLsizei levels, GLenum internalformat,
                             GLsizei width, GLsizei height, GLsizei depth)
{
   const char *func = dims == 3 ? "glTexStorage3D" : "glTexStorage2D";
   /* GL 4.6 section 8.19: the proxies of its targets too */
   GLenum proxy_of = _mesa_proxy_texture_target(ctx, target, dims);
   int index = _mesa_tex_target_index(ctx, proxy_of ? proxy_of : target);
   bool target_ok =
      dims == 3 ? layered_index(index)
                : index == TEXTURE_2D_INDEX || index == TEXTURE_CUBE_INDEX;

   if (!target_ok) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   /* ETC1 is not a sized internal format TexStorage takes (ES 3.0.6
    * table 3.14 lists the ETC2/EAC ones). */
   enum pipe_format pf = _mesa_compressed_pipe_format(ctx, internalformat);
   if (pf == PIPE_FORMAT_NONE || pf == PIPE_FORMAT_ETC1_RGB8) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", func,
                  internalformat);
      return;
   }
   GLint max = max_size(ctx, index);
   GLint max_depth =
      index == TEXTURE_3D_INDEX ? max : ctx->Const.MaxArrayTextureLayers;
   /* (a proxy takes sizes too large without an error: section 8.22) */
   bool fits = width <= max && height <= max && depth <= max_depth;
   if (levels < 1 || width < 1 || height < 1 || depth < 1 ||
       (!fits && !proxy_of) ||
       (index == TEXTURE_CUBE_INDEX && width != height) ||
       !cube_array_shape_ok(index, width, height, depth)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size/levels)", func);
      return;
   }
   /* ES 3.0.6 section 3.8.4: no 3D ETC2/EAC textures (nor S3TC/RGTC; BPTC
    * has them, as in CompressedTexImage3D). */
   if (index == TEXTURE_3D_INDEX && !util_format_is_bptc(pf)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(TEXTURE_3D)", func);
      return;
   }
   GLsizei largest = width > height ? width : height;
   if (index == TEXTURE_3D_INDEX && depth > largest)
      largest = depth;
   if (levels > level_count(largest)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(levels)", func);
      return;
   }
   if (proxy_of) {
      _mesa_proxy_storage(ctx, target, levels, fits, width, height, depth,
                          internalformat, GL_NONE, true,
                          index == TEXTURE_3D_INDEX);
      return;
   }
   struct gl_texture_object *t =
      ctx->TexUnit[ctx->ActiveTexture].Current[index];
   if (t->Immutable || !t->Name) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(texture)", func);
      return;
   }
   unsigned faces = index == TEXTURE_CUBE_INDEX ? 6 : 1;
   GLsizei w = width, h = height, d = depth;
   for (GLint l = 0; l < levels; l++) {
      for (unsigned f = 0; f < faces; f++) {
         if (!st_compressed_tex_image(ctx->st, t, f, (unsigned)l, w, h, d,
                                      internalformat, pf, NULL)) {
            _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
            return;
         }
      }
      w = w > 1 ? w / 2 : 1;
      h = h > 1 ? h / 2 : 1;
      if (index == TEXTURE_3D_INDEX)
         d = d > 1 ? d / 2 : 1;
   }
   _mesa_texture_make_immutable(t, (GLuint)levels);
   _mesa_texture_changed(ctx);
}
