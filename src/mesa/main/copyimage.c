/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glCopyImageSubData of GL_ARB_copy_image (GL 4.3 section 18.3.3) and
 * GL_EXT_copy_image / GL_OES_copy_image (ES; the registry aliases their
 * names to it): raw copies between texture images and renderbuffers of
 * compatible formats, with the errors of that section in its order
 * (targets and names, completeness, levels, regions and the alignment of
 * compressed ones, then sample counts and format compatibility).  The
 * copying itself is the state tracker's (st_copy_image.c).
 */
#include <string.h>

#include "main/cleartex.h"
#include "main/context.h"
#include "main/extensions.h"
#include "main/fbobject.h"
#include "main/formats_es3.h"
#include "main/hash.h"
#include "main/texcompress.h"
#include "main/texobj.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_texture.h"
#include "util/format/u_format.h"
#include "util/u_math.h"

static bool
has_copy_image(const struct gl_context *ctx)
{
   return _mesa_has_extension(ctx, _mesa_is_gles(ctx)
                                      ? "GL_EXT_copy_image"
                                      : "GL_ARB_copy_image");
}

/* The sized format an image's internal format stands for: the effective
 * one of its type (ES 3.0 table 3.12), and in desktop GL the 8-bit sized
 * form of the unsized RED, RG, RGB and RGBA whatever the type (GL 3.0
 * table 3.16: an unsized format asks for no particular precision; ours
 * are stored so, teximage.c's image_type). */
static GLenum
sized_format(struct gl_context *ctx, GLenum internalformat, GLenum type)
{
   return _mesa_sized_base_format(
      ctx, _mesa_effective_internalformat(internalformat, type));
}

/* One side of a copy, as found from its (name, target, level). */
struct copy_side {
   struct gl_texture_object *t; /* NULL for a renderbuffer */
   struct gl_renderbuffer *rb;
   GLint level;
   GLenum internalformat;        /* sized (the effective one) */
   enum pipe_format compressed;  /* of the internal format, or NONE */
   unsigned bw, bh;              /* its block size in texels (1 x 1) */
   unsigned samples;
   struct gl_image_extent e;
};

/* The first error of one side's (name, target, level) in section
 * 18.3.3's order, or GL_NO_ERROR with *s filled. */
static GLenum
find_side(struct gl_context *ctx, GLuint name, GLenum target, GLint level,
          struct copy_side *s)
{
   memset(s, 0, sizeof(*s));
   s->level = level;
   if (target == GL_RENDERBUFFER) {
      void *obj = _mesa_name_lookup(ctx->Shared->Renderbuffers, name);
      if (!obj)
         return GL_INVALID_VALUE;
      if (obj == GL_NAME_RESERVED || !((struct gl_renderbuffer *)obj)->texture)
         return GL_INVALID_OPERATION; /* no storage: not complete */
      s->rb = obj;
      if (level != 0)
         return GL_INVALID_VALUE;
      s->internalformat =
         sized_format(ctx, s->rb->InternalFormat, GL_UNSIGNED_BYTE);
      s->samples = s->rb->Samples;
      s->e = (struct gl_image_extent){s->rb->Width, s->rb->Height, 1};
   } else {
      /* Texture targets of this context, not buffers nor cube faces. */
      if (target == GL_TEXTURE_BUFFER ||
          _mesa_tex_target_index(ctx, target) < 0)
         return GL_INVALID_ENUM;
      void *obj = _mesa_name_lookup(ctx->Shared->Textures, name);
      if (!obj)
         return GL_INVALID_VALUE;
      struct gl_texture_object *t = obj == GL_NAME_RESERVED ? NULL : obj;
      if (t && t->Target && t->Target != target)
         return GL_INVALID_ENUM;
      if (!t || !t->Target || t->BaseLevel >= MAX_TEXTURE_LEVELS ||
          !t->Image[0][t->BaseLevel].Width)
         return GL_INVALID_OPERATION; /* no base image: not complete */
      if (target == GL_TEXTURE_CUBE_MAP) {
         const struct gl_texture_image *b = &t->Image[0][t->BaseLevel];
         for (unsigned f = 1; f < 6; f++) {
            const struct gl_texture_image *fi = &t->Image[f][t->BaseLevel];
            if (fi->Width != b->Width || fi->PipeFormat != b->PipeFormat)
               return GL_INVALID_OPERATION; /* not cube complete */
         }
      }
      if (level < 0 || level >= MAX_TEXTURE_LEVELS ||
          !t->Image[0][level].Width)
         return GL_INVALID_VALUE;
      const struct gl_texture_image *img = &t->Image[0][level];
      s->t = t;
      s->internalformat = sized_format(ctx, img->InternalFormat, img->Type);
      s->samples = t->Samples;
      s->e = _mesa_image_extent(t, img);
      if (target == GL_TEXTURE_1D_ARRAY) {
         /* section 18.3.3: a 1D array's layers are slices (srcZ,
          * srcDepth), unlike glClearTexSubImage's rows */
         s->e.d = s->e.h;
         s->e.h = 1;
      }
   }
   s->compressed = _mesa_compressed_pipe_format(ctx, s->internalformat);
   s->bw = s->compressed ? util_format_get_blockwidth(s->compressed) : 1;
   s->bh = s->compressed ? util_format_get_blockheight(s->compressed) : 1;
   return GL_NO_ERROR;
}

/* Does the w x h x d region at (x, y, z) lie in the side's image, and
 * (compressed formats) start on a block and cover whole blocks but at
 * the image's right and bottom edges? */
static bool
region_ok(const struct copy_side *s, GLint x, GLint y, GLint z, GLsizei w,
          GLsizei h, GLsizei d)
{
   if (x < 0 || y < 0 || z < 0 || (int64_t)x + w > s->e.w ||
       (int64_t)y + h > s->e.h || (int64_t)z + d > s->e.d)
      return false;
   return x % s->bw == 0 && y % s->bh == 0 &&
          (w % s->bw == 0 || x + w == s->e.w) &&
          (h % s->bh == 0 || y + h == s->e.h);
}

/* Bits of a texel of an uncompressed internal format in a class of GL 4.3
 * table 8.22 (the texture view classes: 128, 96, 64, 48, 32, 24, 16 and 8
 * bits), 0 when it is in none (depth, stencil, luminance, alpha and the
 * packed 16-bit formats are compatible only with themselves). */
static unsigned
view_class_bits(GLenum internalformat)
{
   const struct gl_format_info *f = _mesa_format_info(internalformat);

   switch (internalformat) {
   case GL_RGB10_A2:
   case GL_RGB10_A2UI:
   case GL_R11F_G11F_B10F:
   case GL_RGB9_E5:
      return 32;
   default:
      break;
   }
   if (!f || !(f->flags & GL_FMT_SIZED) || f->l || f->d || f->s ||
       (f->base != GL_RED && f->base != GL_RG && f->base != GL_RGB &&
        f->base != GL_RGBA))
      return 0;
   const unsigned char bits[4] = {f->r, f->g, f->b, f->a};
   unsigned size = f->r, n = 0;
   for (unsigned c = 0; c < 4; c++) {
      if (!bits[c])
         continue;
      if (bits[c] != size)
         return 0;
      n++;
   }
   return size == 8 || size == 16 || size == 32 ? size * n : 0;
}

/* The view class of a compressed format (GL 4.3 table 8.22, the S3TC
 * classes of EXT_texture_compression_s3tc, ES 3.2's ETC2/EAC and ASTC
 * ones): the format with its sRGB and signed variants folded together. */
static enum pipe_format
compressed_class(enum pipe_format f)
{
   f = util_format_linear(f);
   switch (f) {
   case PIPE_FORMAT_RGTC1_SNORM:
      return PIPE_FORMAT_RGTC1_UNORM;
   case PIPE_FORMAT_RGTC2_SNORM:
      return PIPE_FORMAT_RGTC2_UNORM;
   case PIPE_FORMAT_BPTC_RGB_UFLOAT:
      return PIPE_FORMAT_BPTC_RGB_FLOAT;
   case PIPE_FORMAT_ETC2_R11_SNORM:
      return PIPE_FORMAT_ETC2_R11_UNORM;
   case PIPE_FORMAT_ETC2_RG11_SNORM:
      return PIPE_FORMAT_ETC2_RG11_UNORM;
   default:
      return f;
   }
}

/* Section 18.3.3: the same format, one view class, or an uncompressed
 * texel the size of the other's compressed block (table 18.4). */
static bool
formats_compatible(const struct copy_side *a, const struct copy_side *b)
{
   if (a->internalformat == b->internalformat)
      return true;
   if (a->compressed && b->compressed)
      return compressed_class(a->compressed) == compressed_class(b->compressed);
   if (a->compressed || b->compressed) {
      const struct copy_side *c = a->compressed ? a : b;
      const struct copy_side *u = a->compressed ? b : a;
      unsigned bits = view_class_bits(u->internalformat);
      return bits && bits == util_format_get_blocksize(c->compressed) * 8;
   }
   unsigned bits = view_class_bits(a->internalformat);
   return bits && bits == view_class_bits(b->internalformat);
}

/* Where slice z of a side is: the resource, its level and layer (or 3D
 * slice); a cube map's slices are its faces' own images. */
static void
side_slice(const struct copy_side *s, GLint x, GLint y, GLint z,
           struct st_copy_image_side *out)
{
   out->x = (unsigned)x;
   out->y = (unsigned)y;
   if (s->rb) {
      out->pt = s->rb->texture;
      out->level = s->rb->level;
      out->layer = s->rb->layer + (unsigned)z;
      return;
   }
   bool cube = s->t->Target == GL_TEXTURE_CUBE_MAP;
   const struct gl_texture_image *img = &s->t->Image[cube ? z : 0][s->level];
   out->pt = img->pt;
   out->level = img->pt_level;
   out->layer = img->pt_layer + (cube ? 0 : (unsigned)z);
}

/* The pipe format whose bits the internal format's texels are, when its
 * first storage candidate has the texel's size. */
static enum pipe_format
exact_format(const struct copy_side *s)
{
   const struct gl_format_info *f = _mesa_format_info(s->internalformat);
   unsigned bits = view_class_bits(s->internalformat);

   if (!f || !bits || util_format_get_blocksize(f->storage[0]) * 8 != bits)
      return PIPE_FORMAT_NONE;
   return f->storage[0];
}

void GLAPIENTRY
_mesa_CopyImageSubData(GLuint srcName, GLenum srcTarget, GLint srcLevel,
                       GLint srcX, GLint srcY, GLint srcZ, GLuint dstName,
                       GLenum dstTarget, GLint dstLevel, GLint dstX,
                       GLint dstY, GLint dstZ, GLsizei srcWidth,
                       GLsizei srcHeight, GLsizei srcDepth)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glCopyImageSubData";
   struct copy_side src, dst;
   GLenum err;

   if (!has_copy_image(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no copy image extension)",
                  func);
      return;
   }
   err = find_side(ctx, srcName, srcTarget, srcLevel, &src);
   if (err) {
      _mesa_error(ctx, err, "%s(source %u, target 0x%x, level %d)", func,
                  srcName, srcTarget, srcLevel);
      return;
   }
   err = find_side(ctx, dstName, dstTarget, dstLevel, &dst);
   if (err) {
      _mesa_error(ctx, err, "%s(destination %u, target 0x%x, level %d)",
                  func, dstName, dstTarget, dstLevel);
      return;
   }
   if (srcWidth < 0 || srcHeight < 0 || srcDepth < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(negative size)", func);
      return;
   }
   /* The destination's region: as many blocks or texels as the source's
    * (section 18.3.3, compressed and uncompressed images). */
   GLsizei dw = srcWidth, dh = srcHeight;
   if (src.compressed && !dst.compressed) {
      dw = DIV_ROUND_UP(srcWidth, (GLsizei)src.bw);
      dh = DIV_ROUND_UP(srcHeight, (GLsizei)src.bh);
   } else if (!src.compressed && dst.compressed) {
      dw = srcWidth * (GLsizei)dst.bw;
      dh = srcHeight * (GLsizei)dst.bh;
   }
   if (!region_ok(&src, srcX, srcY, srcZ, srcWidth, srcHeight, srcDepth) ||
       !region_ok(&dst, dstX, dstY, dstZ, dw, dh, srcDepth)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(region)", func);
      return;
   }
   if (src.samples != dst.samples) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(sample counts %u and %u)",
                  func, src.samples, dst.samples);
      return;
   }
   if (!formats_compatible(&src, &dst)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(formats 0x%x and 0x%x are not compatible)", func,
                  src.internalformat, dst.internalformat);
      return;
   }
   if (!srcWidth || !srcHeight || !srcDepth)
      return;

   enum pipe_format src_exact = exact_format(&src);
   enum pipe_format dst_exact = exact_format(&dst);
   if (util_format_get_blocksize(src_exact) !=
       util_format_get_blocksize(dst_exact))
      src_exact = dst_exact = PIPE_FORMAT_NONE;
   for (GLsizei i = 0; i < srcDepth; i++) {
      struct st_copy_image_side s, d;
      side_slice(&src, srcX, srcY, srcZ + i, &s);
      side_slice(&dst, dstX, dstY, dstZ + i, &d);
      s.exact = src_exact;
      d.exact = dst_exact;
      if (s.pt && d.pt)
         st_copy_image_slice(ctx->st, &s, &d, (unsigned)srcWidth,
                             (unsigned)srcHeight);
   }
   if (dst.t) {
      dst.t->stamp++;
      ctx->NewState |= ST_NEW_SAMPLER_VIEWS;
   }
}
