/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Texture storage.  Each image is stored in the pipe format the front end
 * chose for its internal format (main/formats_es3.c; luminance and alpha
 * are expanded to RGBA8 on upload through util/format).  Uploads convert
 * client texels to it through util/format: as floats for normalized and
 * float formats, as integers for integer formats, as depth and stencil
 * values for depth formats.  An image that fits the texture's mip tree is
 * written into it;
 * one that does not gets a resource of its own, and finalisation (before
 * sampling) copies all the levels the sampler needs into a new tree with
 * resource_copy_region (unless the only level sampled is such an image
 * whose resource is already the tree: it becomes the tree as it is).
 * Incomplete textures sample a 1x1 (0, 0, 0, 1).
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/fbobject.h"
#include "main/formats_es3.h"
#include "main/pbo.h"
#include "main/sampler_units.h"
#include "main/shaderobj.h"
#include "main/texbuffer.h"
#include "main/texobj.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_format_convert.h"
#include "state_tracker/st_program.h"
#include "state_tracker/st_texture.h"
#include "state_tracker/st_texture_etc.h"
#include "util/u_math.h"
#include "cso_cache/cso_cache.h"
#include "glsl_program.h"
#include "util/format/u_format.h"
#include "util/format/u_format_pack.h"
#include "util/u_inlines.h"

/* What a texture of this storage format is bound as. */
static unsigned
tree_bind(struct st_context *st, enum pipe_format format,
          enum pipe_texture_target target)
{
   if (util_format_is_depth_or_stencil(format))
      return PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_DEPTH_STENCIL;
   unsigned bind = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET;
   if (!st->screen->is_format_supported(st->screen, format, target, 0, 0,
                                        bind))
      bind = PIPE_BIND_SAMPLER_VIEW;
   return bind;
}

/* The Gallium target of a GL texture's mip tree. */
static enum pipe_texture_target
tree_target(const struct gl_texture_object *t)
{
   switch (t->Target) {
   case GL_TEXTURE_CUBE_MAP:
      return PIPE_TEXTURE_CUBE;
   case GL_TEXTURE_3D:
      return PIPE_TEXTURE_3D;
   case GL_TEXTURE_2D_ARRAY:
      return PIPE_TEXTURE_2D_ARRAY;
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      return PIPE_TEXTURE_CUBE_ARRAY;
   case GL_TEXTURE_RECTANGLE:
      return PIPE_TEXTURE_RECT;
   case GL_TEXTURE_1D:
      return PIPE_TEXTURE_1D;
   case GL_TEXTURE_1D_ARRAY:
      return PIPE_TEXTURE_1D_ARRAY;
   default:
      return PIPE_TEXTURE_2D;
   }
}

/* The rows of a GL 1D array image are its layers (GL 3.0 section
 * 3.8.1): its resource is 1 texel high with `height` layers. */
static bool
rows_are_layers(const struct gl_texture_object *t)
{
   return t->Target == GL_TEXTURE_1D_ARRAY;
}

/* depth: slices of a 3D texture or layers of an array (1 otherwise). */
static struct pipe_resource *
create_tree(struct st_context *st, enum pipe_texture_target target,
            enum pipe_format format, unsigned width, unsigned height,
            unsigned depth, unsigned last_level)
{
   struct pipe_resource templ = {
      .target = target,
      .format = format,
      .width0 = width,
      .height0 = (uint16_t)height,
      .depth0 = (uint16_t)(target == PIPE_TEXTURE_3D ? depth : 1),
      .array_size = (uint16_t)(target == PIPE_TEXTURE_CUBE ? 6
                               : target == PIPE_TEXTURE_2D_ARRAY ||
                                       target == PIPE_TEXTURE_1D_ARRAY ||
                                       target == PIPE_TEXTURE_CUBE_ARRAY
                                  ? depth
                                  : 1),
      .last_level = (uint8_t)last_level,
      .usage = PIPE_USAGE_DEFAULT,
      .bind = tree_bind(st, format, target),
   };
   return st->screen->resource_create(st->screen, &templ);
}

/* Is pt the resource create_tree would make with these arguments? */
static bool
tree_is(struct st_context *st, const struct pipe_resource *pt,
        enum pipe_texture_target target, enum pipe_format format,
        unsigned width, unsigned height, unsigned depth, unsigned last_level)
{
   unsigned layers = target == PIPE_TEXTURE_CUBE ? 6
                     : target == PIPE_TEXTURE_2D_ARRAY ||
                           target == PIPE_TEXTURE_1D_ARRAY ||
                           target == PIPE_TEXTURE_CUBE_ARRAY
                        ? depth
                        : 1;
   return pt->target == target && pt->format == format &&
          pt->width0 == width && pt->height0 == height &&
          pt->depth0 == (target == PIPE_TEXTURE_3D ? depth : 1) &&
          pt->array_size == layers && pt->last_level == last_level &&
          pt->nr_samples <= 1 && pt->bind == tree_bind(st, format, target);
}

/* Whether t's images are three-dimensional client images, which alone
 * take UNPACK_IMAGE_HEIGHT and UNPACK_SKIP_IMAGES (GL 2.1 section 3.8.1;
 * a 1D array's image is two-dimensional: its rows are the layers). */
static bool
takes_images(const struct gl_texture_object *t)
{
   return t->Target == GL_TEXTURE_3D || t->Target == GL_TEXTURE_2D_ARRAY ||
          t->Target == GL_TEXTURE_CUBE_MAP_ARRAY;
}

/* Converts client pixels (d images of h rows, src layout) to format dst
 * (the resource's, or a texture view's of the same texel size) and writes
 * them at (x, y, z) of level; z is a layer or a 3D slice.  Without
 * images_3d the d images are consecutive rows (1D array layers), whatever
 * the 3D unpack state. */
static void
upload(struct st_context *st, struct pipe_resource *pt, enum pipe_format dst,
       unsigned level, unsigned x, unsigned y, unsigned z, unsigned w,
       unsigned h, unsigned d, bool images_3d, enum pipe_format src,
       const void *pixels)
{
   struct gl_context *ctx = &st->ctx;
   unsigned dst_bpp = util_format_get_blocksize(dst);
   struct gl_pixel_layout layout;
   _mesa_pixel_layout(ctx, false, (GLsizei)w, (GLsizei)h, (GLsizei)d,
                      util_format_get_blocksize(src), &layout);
   if (!images_3d) {
      layout.offset_B -=
         (size_t)ctx->Pixel.UnpackSkipImages * layout.image_stride_B;
      layout.image_stride_B = layout.row_stride_B * h;
   }
   size_t src_stride = layout.row_stride_B;
   size_t src_image = layout.image_stride_B;
   size_t dst_stride = (size_t)w * dst_bpp;
   struct pipe_box box;

   /* Skipped pixels, rows and images come first. */
   pixels = (const uint8_t *)pixels + layout.offset_B;

   /* Into S3TC/RGTC storage (desktop TexSubImage of an image defined
    * from blocks): encoded. */
   if (util_format_is_compressed(dst)) {
      if (!st_upload_encoded(st, pt, level, x, y, z, w, h, d, src, pixels,
                             src_stride, src_image))
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "texture upload");
      return;
   }
   u_box_3d(x, y, z, w, h, d, &box);
   /* Copied as they are, except float depth, which is clamped. */
   if (src == dst && !st_is_float_depth(dst)) {
      st->pipe->texture_subdata(st->pipe, pt, level, PIPE_MAP_WRITE, &box,
                                pixels, (unsigned)src_stride, src_image);
      return;
   }

   /* Converted and written a band of rows of one image (slice or layer)
    * at a time: a buffer for the whole box is as big as the texture (1 GiB
    * for the largest 3D and 2D ones), fresh pages touched once and
    * unmapped.  Bands of about 4 MiB, whole multiples of 64 rows. */
   unsigned band = h;
   if ((uint64_t)dst_stride * h > (4u << 20)) {
      band = (unsigned)((4u << 20) / dst_stride) & ~63u;
      if (band < 64)
         band = 64;
      if (band > h)
         band = h;
   }
   void *scratch = malloc(st_convert_scratch_B(w));
   uint8_t *packed = calloc(1, dst_stride * band);
   if (!scratch || !packed) {
      free(scratch);
      free(packed);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "texture upload");
      return;
   }
   for (unsigned s = 0; s < d; s++) {
      for (unsigned r0 = 0; r0 < h; r0 += band) {
         unsigned rows = h - r0 < band ? h - r0 : band;
         for (unsigned r = 0; r < rows; r++) {
            st_convert_texels(dst, packed + (size_t)r * dst_stride, src,
                              (const uint8_t *)pixels + s * src_image +
                                 (r0 + r) * src_stride,
                              w, scratch);
         }
         u_box_3d(x, y + r0, z + s, w, rows, 1, &box);
         st->pipe->texture_subdata(st->pipe, pt, level, PIPE_MAP_WRITE, &box,
                                   packed, (unsigned)dst_stride,
                                   dst_stride * rows);
      }
   }
   free(scratch);
   free(packed);
}

static bool
fits_tree(const struct gl_texture_object *t, unsigned level,
          enum pipe_format format, GLsizei w, GLsizei h, GLsizei d)
{
   const struct pipe_resource *pt = t->pt;

   /* (a tree from an EGL image's level is not the texture's to fill) */
   if (!pt || t->pt_first_level || level > pt->last_level ||
       pt->format != format ||
       (GLsizei)u_minify(pt->width0, level) != w ||
       (GLsizei)u_minify(pt->height0, level) != h)
      return false;
   if (pt->target == PIPE_TEXTURE_3D)
      return (GLsizei)u_minify(pt->depth0, level) == d;
   if (pt->target == PIPE_TEXTURE_2D_ARRAY ||
       pt->target == PIPE_TEXTURE_1D_ARRAY ||
       pt->target == PIPE_TEXTURE_CUBE_ARRAY)
      return pt->array_size == d;
   return d == 1;
}

bool
st_tex_image(struct st_context *st, struct gl_texture_object *t, unsigned face,
             unsigned level, GLsizei width, GLsizei height, GLsizei depth,
             GLenum internalformat, GLenum format, GLenum type,
             enum pipe_format storage, enum pipe_format src,
             const void *pixels)
{
   struct gl_texture_image *img = &t->Image[face][level];
   struct pipe_resource *pt = NULL;
   unsigned pt_level = 0, pt_layer = 0;
   /* (1D images are 1D resources too, so that they copy into the tree) */
   bool layered = t->Target == GL_TEXTURE_3D ||
                  t->Target == GL_TEXTURE_2D_ARRAY ||
                  t->Target == GL_TEXTURE_CUBE_MAP_ARRAY ||
                  t->Target == GL_TEXTURE_1D || rows_are_layers(t);
   /* the resource's extent (rows of a 1D array image are layers) */
   GLsizei pt_h = rows_are_layers(t) ? 1 : height;
   GLsizei pt_d = rows_are_layers(t) ? height : depth;

   if (width > 0 && height > 0 && depth > 0) {
      if (fits_tree(t, level, storage, width, pt_h, pt_d)) {
         pipe_resource_reference(&pt, t->pt);
         pt_level = level;
         pt_layer = face;
      } else {
         pt = create_tree(st, layered ? tree_target(t) : PIPE_TEXTURE_2D,
                          storage, (unsigned)width, (unsigned)pt_h,
                          (unsigned)pt_d, 0);
         if (!pt)
            return false;
      }
   }
   pipe_resource_reference(&img->pt, NULL);
   img->pt = pt;
   img->pt_level = pt_level;
   img->pt_layer = pt_layer;
   img->Width = width;
   img->Height = height;
   img->Depth = depth;
   img->InternalFormat = internalformat;
   img->ComponentCount = 0;
   img->Format = format;
   img->Type = type;
   img->PipeFormat =
      width > 0 && height > 0 && depth > 0 ? storage : PIPE_FORMAT_NONE;
   t->stamp++;
   if (pt && pixels)
      upload(st, pt, pt->format, pt_level, 0, 0, pt_layer, (unsigned)width,
             (unsigned)pt_h, (unsigned)pt_d, takes_images(t), src, pixels);
   return true;
}

bool
st_texture_storage(struct st_context *st, struct gl_texture_object *t,
                   enum pipe_format storage, GLsizei width, GLsizei height,
                   GLsizei depth, unsigned levels)
{
   struct pipe_resource *pt =
      create_tree(st, tree_target(t), storage, (unsigned)width,
                  (unsigned)height, (unsigned)depth, levels - 1);
   if (!pt)
      return false;
   pipe_resource_reference(&t->pt, NULL);
   t->pt = pt;
   t->pt_first_level = 0;
   t->stamp++;
   return true;
}

void
st_tex_sub_image(struct st_context *st, struct gl_texture_object *t,
                 struct gl_texture_image *img, GLint x, GLint y, GLint z,
                 GLsizei width, GLsizei height, GLsizei depth,
                 enum pipe_format src, const void *pixels)
{
   if (!img->pt)
      return;
   if (rows_are_layers(t)) {
      z = y;
      y = 0;
      depth = height;
      height = 1;
   }
   upload(st, img->pt, t->IsView ? img->PipeFormat : img->pt->format,
          img->pt_level, (unsigned)x, (unsigned)y,
          img->pt_layer + (unsigned)z, (unsigned)width, (unsigned)height,
          (unsigned)depth, takes_images(t), src, pixels);
   t->stamp++;
}

/* Levels [*base, *last] the sampler reads, and the image of *base (face
 * 0).  Complete textures and glGenerateMipmap's have a level-base image,
 * so BASE_LEVEL is below MAX_TEXTURE_LEVELS; the clamp keeps any other
 * caller inside Image[], and callers take the base image from here
 * rather than index Image[] with a level the compiler cannot bound (the
 * sanitized build's -Warray-bounds). */
static const struct gl_texture_image *
sampled_levels(const struct gl_texture_object *t, unsigned *base,
               unsigned *last)
{
   unsigned l = MIN2((unsigned)t->BaseLevel, MAX_TEXTURE_LEVELS - 1);
   const struct gl_texture_image *b = &t->Image[0][l];

   *base = l;
   if (t->Samples) { /* multisample: one level, whatever the filters */
      *base = *last = 0;
      return &t->Image[0][0];
   }
   if (_mesa_is_mipmap_filter(t->MinFilter)) {
      GLsizei size = rows_are_layers(t) || b->Width > b->Height ? b->Width
                                                                : b->Height;
      if (t->Target == GL_TEXTURE_3D && b->Depth > size)
         size = b->Depth;
      while (size > 1 && l + 1 < MAX_TEXTURE_LEVELS &&
             (GLint)(l + 1) <= t->MaxLevel) {
         size /= 2;
         l++;
      }
   }
   *last = l;
   return b;
}

bool
st_finalize_texture(struct st_context *st, struct gl_texture_object *t)
{
   unsigned faces = t->Target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   unsigned base, last;
   bool all_in_tree = t->pt != NULL;

   /* A texture view's images are levels and layers of the storage it
    * shares (main/texview.c): never copied into a tree of its own. */
   if (t->IsView)
      return t->pt != NULL;
   /* Since wave 17: found so before and nothing moved since (every
    * change of an image, of pt or of the levels bumps the stamp; the
    * sampled levels also follow MinFilter, which does not). */
   if (t->finalized_valid && t->finalized_stamp == t->stamp &&
       t->finalized_min == t->MinFilter)
      return true;

   const struct gl_texture_image *b = sampled_levels(t, &base, &last);
   for (unsigned f = 0; f < faces && all_in_tree; f++) {
      for (unsigned l = base; l <= last; l++) {
         const struct gl_texture_image *img = &t->Image[f][l];
         if (img->pt != t->pt || img->pt_level != l + t->pt_first_level ||
             img->pt_layer != f)
            all_in_tree = false;
      }
   }
   if (all_in_tree) {
      t->finalized_valid = true;
      t->finalized_stamp = t->stamp;
      t->finalized_min = t->MinFilter;
      return true;
   }

   unsigned w0 = (unsigned)b->Width << base, h0 = (unsigned)b->Height << base;
   unsigned d0 = t->Target == GL_TEXTURE_3D ? (unsigned)b->Depth << base
                                            : (unsigned)b->Depth;
   if (rows_are_layers(t)) {
      h0 = 1;
      d0 = (unsigned)b->Height;
   }
   struct pipe_resource *pt = NULL;
   if (faces == 1 && base == 0 && last == 0 && b->pt && !b->pt_level &&
       !b->pt_layer &&
       tree_is(st, b->pt, tree_target(t), b->PipeFormat, w0, h0,
               d0 ? d0 : 1, 0)) {
      /* The one level sampled already has a resource of its own that is
       * the tree this would make (a new texture given one image): it
       * becomes the tree, without a copy. */
      pipe_resource_reference(&pt, b->pt);
   } else {
      pt = create_tree(st, tree_target(t), b->PipeFormat, w0, h0,
                       d0 ? d0 : 1, last);
   }
   if (!pt)
      return false;

   for (unsigned f = 0; f < faces; f++) {
      for (unsigned l = base; l <= last; l++) {
         struct gl_texture_image *img = &t->Image[f][l];
         struct pipe_box box;

         if (img->pt && (img->pt != pt)) {
            if (rows_are_layers(t))
               u_box_3d(0, 0, img->pt_layer, (unsigned)img->Width, 1,
                        (unsigned)img->Height, &box);
            else
               u_box_3d(0, 0, img->pt_layer, (unsigned)img->Width,
                        (unsigned)img->Height, (unsigned)img->Depth, &box);
            st->pipe->resource_copy_region(st->pipe, pt, l, 0, 0, f, img->pt,
                                           img->pt_level, &box);
         }
         pipe_resource_reference(&img->pt, pt);
         img->pt_level = l;
         img->pt_layer = f;
      }
   }
   pipe_resource_reference(&t->pt, NULL);
   t->pt = pt;
   t->pt_first_level = 0;
   t->stamp++;
   st->new_trees++; /* attachments of the old storage follow (st_atoms.c) */
   return true;
}

/* Faces specified one by one each get a resource of their own until the
 * texture is finalised (st_tex_image); a layered attachment of the cube
 * (GL 3.2 section 4.4.7) needs all six as layers of one resource, so they
 * are copied into a one-level cube of their own here. */
bool
st_texture_gather_cube_level(struct st_context *st,
                             struct gl_texture_object *t, unsigned level)
{
   const struct gl_texture_image *f0 = &t->Image[0][level];
   bool together = f0->pt != NULL;

   for (unsigned f = 0; f < 6 && together; f++) {
      const struct gl_texture_image *img = &t->Image[f][level];
      together = img->pt == f0->pt && img->pt_level == f0->pt_level &&
                 img->pt_layer == f;
   }
   if (together)
      return true;
   for (unsigned f = 0; f < 6; f++) {
      const struct gl_texture_image *img = &t->Image[f][level];
      if (!img->pt || img->Width != f0->Width ||
          img->Height != f0->Height || img->PipeFormat != f0->PipeFormat)
         return false;
   }

   struct pipe_resource *pt =
      create_tree(st, PIPE_TEXTURE_CUBE, f0->PipeFormat,
                  (unsigned)f0->Width, (unsigned)f0->Height, 1, 0);
   if (!pt)
      return false;
   for (unsigned f = 0; f < 6; f++) {
      struct gl_texture_image *img = &t->Image[f][level];
      struct pipe_box box;
      u_box_3d(0, 0, img->pt_layer, (unsigned)img->Width,
               (unsigned)img->Height, 1, &box);
      st->pipe->resource_copy_region(st->pipe, pt, 0, 0, 0, f, img->pt,
                                     img->pt_level, &box);
   }
   for (unsigned f = 0; f < 6; f++) {
      struct gl_texture_image *img = &t->Image[f][level];
      pipe_resource_reference(&img->pt, pt);
      img->pt_level = 0;
      img->pt_layer = f;
   }
   pipe_resource_reference(&pt, NULL);
   t->stamp++;
   return true;
}

void
st_box_filter(enum pipe_format format, bool is_3d, const uint8_t *src,
              size_t src_stride_B, size_t src_image_B, unsigned sw,
              unsigned sh, unsigned sd, uint8_t *dst, unsigned dw,
              unsigned dh, unsigned dd)
{
   unsigned bpp = util_format_get_blocksize(format);
   bool rgba8 = format == PIPE_FORMAT_R8G8B8A8_UNORM;

   /* Box filter over 2x2 texels (2x2x2 in 3D), one at the thin end:
    * bytes for RGBA8, linear floats for every other format. */
   for (unsigned z = 0; z < dd; z++) {
      unsigned z0 = is_3d ? z * 2 : z;
      unsigned z1 = is_3d && z0 + 1 < sd ? z0 + 1 : z0;
      for (unsigned y = 0; y < dh; y++) {
         unsigned y0 = y * 2, y1 = y0 + 1 < sh ? y0 + 1 : y0;
         for (unsigned x = 0; x < dw; x++) {
            unsigned x0 = x * 2, x1 = x0 + 1 < sw ? x0 + 1 : x0;
            const unsigned zs[2] = {z0, z1}, ys[2] = {y0, y1};
            const unsigned xs[2] = {x0, x1};
            uint8_t *out = dst + ((z * dh + y) * dw + x) * bpp;
            float sum[4] = {0}, texel[4];
            unsigned isum[4] = {0};
            for (unsigned k = 0; k < 8; k++) {
               const uint8_t *in = src + zs[k >> 2] * src_image_B +
                                   ys[(k >> 1) & 1] * src_stride_B +
                                   xs[k & 1] * bpp;
               if (rgba8) {
                  for (unsigned c = 0; c < 4; c++)
                     isum[c] += in[c];
               } else {
                  util_format_unpack_rgba_float(format, texel, in, 1);
                  for (unsigned c = 0; c < 4; c++)
                     sum[c] += texel[c];
               }
            }
            if (rgba8) {
               for (unsigned c = 0; c < 4; c++)
                  out[c] = (uint8_t)((isum[c] + 4) / 8);
            } else {
               for (unsigned c = 0; c < 4; c++)
                  texel[c] = sum[c] / 8.0f;
               util_format_pack_rgba_float(format, out, texel, 1);
            }
         }
      }
   }
}

bool
st_generate_mipmap(struct st_context *st, struct gl_texture_object *t)
{
   unsigned faces = t->Target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   bool is_3d = t->Target == GL_TEXTURE_3D;
   const struct gl_texture_image *b = &t->Image[0][t->BaseLevel];
   GLsizei w = b->Width, h = b->Height, d = b->Depth;
   unsigned level = (unsigned)t->BaseLevel;

   /* Define the levels, then make one tree holding them all.  Array
    * layers stay; 3D slices halve too. */
   bool h_layers = rows_are_layers(t);
   while ((w > 1 || (!h_layers && h > 1) || (is_3d && d > 1)) &&
          level + 1 < MAX_TEXTURE_LEVELS) {
      w = w > 1 ? w / 2 : 1;
      if (!h_layers)
         h = h > 1 ? h / 2 : 1;
      if (is_3d)
         d = d > 1 ? d / 2 : 1;
      level++;
      for (unsigned f = 0; f < faces; f++) {
         if (!st_tex_image(st, t, f, level, w, h, d, b->InternalFormat,
                           b->Format, b->Type, b->PipeFormat, b->PipeFormat,
                           NULL))
            return false;
      }
   }
   GLenum saved = t->MinFilter;
   t->MinFilter = GL_LINEAR_MIPMAP_LINEAR; /* finalise every level */
   bool ok = st_finalize_texture(st, t);
   t->MinFilter = saved;
   if (!ok)
      return false;

   st_context_flush(st, ST_FLUSH_WAIT, NULL);
   /* S3TC and RGTC trees (desktop GL): through floats and back to blocks
    * (st_texture_etc.c). */
   if (util_format_is_compressed(t->pt->format)) {
      if (!st_generate_encoded_levels(st, t->pt, (unsigned)t->BaseLevel,
                                      level, is_3d))
         return false;
      t->stamp++;
      return true;
   }
   for (unsigned l = (unsigned)t->BaseLevel + 1; l <= level; l++) {
      struct pipe_resource *pt = t->pt;
      unsigned sw = u_minify(pt->width0, l - 1), dw = u_minify(pt->width0, l);
      unsigned sh = u_minify(pt->height0, l - 1);
      unsigned dh = u_minify(pt->height0, l);
      /* Images of the level: cube faces, array layers or 3D slices. */
      unsigned sd = is_3d ? u_minify(pt->depth0, l - 1) : pt->array_size;
      unsigned dd = is_3d ? u_minify(pt->depth0, l) : pt->array_size;
      struct pipe_transfer *xfer;
      struct pipe_box box;

      u_box_3d(0, 0, 0, sw, sh, sd, &box);
      const uint8_t *src = st->pipe->texture_map(st->pipe, pt, l - 1,
                                                 PIPE_MAP_READ, &box, &xfer);
      unsigned bpp = util_format_get_blocksize(pt->format);
      uint8_t *dst = malloc((size_t)dw * dh * dd * bpp);
      if (!src || !dst) {
         if (src)
            st->pipe->texture_unmap(st->pipe, xfer);
         free(dst);
         return false;
      }
      st_box_filter(pt->format, is_3d, src, xfer->stride, xfer->layer_stride,
                    sw, sh, sd, dst, dw, dh, dd);
      st->pipe->texture_unmap(st->pipe, xfer);
      u_box_3d(0, 0, 0, dw, dh, dd, &box);
      st->pipe->texture_subdata(st->pipe, pt, l, PIPE_MAP_WRITE, &box, dst,
                                dw * bpp, (uintptr_t)dw * dh * bpp);
      free(dst);
   }
   t->stamp++;
   return true;
}

/* A 1x1 (0, 0, 0, 1) texture for incomplete textures (ES 2.0 section
 * 3.8.2). */
static struct pipe_sampler_view *
dummy_view(struct st_context *st, enum gl_texture_index index)
{
   static const uint8_t black[4] = {0, 0, 0, 255};
   static const enum pipe_texture_target targets[NUM_TEXTURE_TARGETS] = {
      PIPE_TEXTURE_2D, PIPE_TEXTURE_CUBE, PIPE_TEXTURE_3D,
      PIPE_TEXTURE_2D_ARRAY, PIPE_TEXTURE_RECT,
      [TEXTURE_1D_INDEX] = PIPE_TEXTURE_1D,
      [TEXTURE_1D_ARRAY_INDEX] = PIPE_TEXTURE_1D_ARRAY,
      /* (texelFetch of an incomplete multisample texture is undefined:
       * a single-sampled texel, which a sample index does not move) */
      [TEXTURE_2D_MULTISAMPLE_INDEX] = PIPE_TEXTURE_2D,
      [TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX] = PIPE_TEXTURE_2D_ARRAY,
      [TEXTURE_CUBE_ARRAY_INDEX] = PIPE_TEXTURE_CUBE_ARRAY,
   };
   struct pipe_sampler_view **slot = &st->dummy_views[index];

   if (*slot)
      return *slot;
   /* (a cube map array of one cube: 6 layer-faces) */
   unsigned layers = targets[index] == PIPE_TEXTURE_CUBE_ARRAY ? 6 : 1;
   struct pipe_resource *pt = create_tree(st, targets[index],
                                          PIPE_FORMAT_R8G8B8A8_UNORM, 1, 1,
                                          layers, 0);
   if (!pt)
      return NULL;
   for (unsigned f = 0; f < pt->array_size; f++) {
      struct pipe_box box;
      u_box_3d(0, 0, f, 1, 1, 1, &box);
      st->pipe->texture_subdata(st->pipe, pt, 0, PIPE_MAP_WRITE, &box, black, 4,
                                0);
   }
   struct pipe_sampler_view templ = {
      .format = pt->format,
      .target = pt->target,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   templ.u.tex.last_layer = pt->array_size - 1;
   *slot = st->pipe->create_sampler_view(st->pipe, pt, &templ);
   pipe_resource_reference(&pt, NULL);
   return *slot;
}

static unsigned
gl_swizzle(GLenum s)
{
   switch (s) {
   case GL_RED:
      return PIPE_SWIZZLE_X;
   case GL_GREEN:
      return PIPE_SWIZZLE_Y;
   case GL_BLUE:
      return PIPE_SWIZZLE_Z;
   case GL_ALPHA:
      return PIPE_SWIZZLE_W;
   case GL_ZERO:
      return PIPE_SWIZZLE_0;
   default:
      return PIPE_SWIZZLE_1;
   }
}

/* Whether a program has shadow lookups that return a float (GLSL 1.30's
 * texture() and friends), rather than only GLSL 1.10's vec4 shadow2D
 * forms; cached in the link. */
static bool
float_shadow_lookups(struct gl_program_exec *exec)
{
   if (!exec->float_shadow_lookups) {
      bool found = false;
      for (unsigned s = 0; s < MESA_SHADER_STAGES && !found; s++) {
         nir_shader *nir = exec->linked->nir[s];
         if (!nir)
            continue;
         nir_foreach_function_impl(impl, nir) {
            nir_foreach_block(block, impl) {
               nir_foreach_instr(instr, block) {
                  if (instr->type != nir_instr_type_tex)
                     continue;
                  nir_tex_instr *tex = nir_instr_as_tex(instr);
                  found |= tex->is_shadow && tex->def.num_components == 1;
               }
            }
         }
      }
      exec->float_shadow_lookups = found ? 2 : 1;
   }
   return exec->float_shadow_lookups == 2;
}

/* The view format that reads the stencil of a depth/stencil format
 * (PIPE_FORMAT_NONE when it has none). */
static enum pipe_format
stencil_view_format(enum pipe_format f)
{
   switch (f) {
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
      return PIPE_FORMAT_X24S8_UINT;
   case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT:
      return PIPE_FORMAT_X32_S8X24_UINT;
   case PIPE_FORMAT_S8_UINT:
      return PIPE_FORMAT_S8_UINT;
   default:
      return PIPE_FORMAT_NONE;
   }
}

/* What R, G, B, A of a colour texture read: the components of its base
 * internal format (GL 3.3 compatibility table 3.20; zero colour, alpha
 * one where the base format has none).  Texels already hold them when
 * the storage keeps more channels than the base format (ALPHA8 in
 * RGBA8), but the border colour does not: the hardware stores it in the
 * view format's channels and swizzles it with the descriptor (Fact:
 * alexvorxx/Mesa-VirGL src/asahi agx_pack_border, FACTS-AGX.md Border),
 * and GL 3.3 section 3.8.10 reads it as the base format says. */
static void
base_format_channels(GLenum base, unsigned chan[4])
{
   const unsigned x = PIPE_SWIZZLE_X, y = PIPE_SWIZZLE_Y,
                  z = PIPE_SWIZZLE_Z, w = PIPE_SWIZZLE_W,
                  n = PIPE_SWIZZLE_0, o = PIPE_SWIZZLE_1;
   static const struct {
      GLenum base;
      unsigned chan[4];
   } table[] = {
      {GL_ALPHA, {n, n, n, w}},     {GL_LUMINANCE, {x, x, x, o}},
      {GL_LUMINANCE_ALPHA, {x, x, x, w}}, {GL_INTENSITY, {x, x, x, x}},
      {GL_RED, {x, n, n, o}},       {GL_RG, {x, y, n, o}},
      {GL_RGB, {x, y, z, o}},
   };
   for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
      if (table[i].base == base) {
         memcpy(chan, table[i].chan, sizeof(table[i].chan));
         return;
      }
   }
}

/* A texture view (main/texview.c) reads its own format and target, and
 * its levels and layers of the shared storage: those its images point
 * at. */
static void
view_levels_and_layers(const struct gl_texture_object *t, unsigned base,
                       unsigned last, struct pipe_sampler_view *templ)
{
   const struct gl_texture_image *img = &t->Image[0][base];

   if (templ->format == t->pt->format) /* (not a stencil view) */
      templ->format = img->PipeFormat;
   templ->target = t->Target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                      ? PIPE_TEXTURE_2D_ARRAY
                      : tree_target(t);
   templ->u.tex.first_level = img->pt_level;
   templ->u.tex.last_level = img->pt_level + (last - base);
   if (t->Target != GL_TEXTURE_3D) {
      templ->u.tex.first_layer = img->pt_layer;
      templ->u.tex.last_layer = img->pt_layer + t->ViewNumLayers - 1;
   }
}

static struct pipe_sampler_view *
texture_view(struct st_context *st, struct gl_texture_object *t,
             bool float_shadow)
{
   unsigned base, last;

   /* Depth textures: what R, G, B, A read before the texture swizzle
    * (ES 3.0.6 section 3.8.14: (D, 0, 0, 1); desktop compatibility: by
    * DEPTH_TEXTURE_MODE, GL 3.0 table 3.21, also for the result of a
    * comparison, section 3.8.15).  GLSL 1.30's float shadow lookups read
    * the comparison from the first channel whatever the mode (as Mesa
    * does).  The sampler answers a comparison in the first channel.
    * ES 2.0's OES_depth_texture reads depth as luminance, (D, D, D, 1)
    * (its issue 2). */
   bool es2 = _mesa_is_gles(&st->ctx) && st->ctx.Version < 30;
   GLenum mode = es2                       ? GL_LUMINANCE
                 : _mesa_is_gles(&st->ctx) ? GL_RED
                 : float_shadow && t->CompareMode == GL_COMPARE_REF_TO_TEXTURE
                    ? GL_LUMINANCE
                    : t->DepthMode;
   /* ES 3.1 section 8.10 (ARB_stencil_texturing): in STENCIL_INDEX mode
    * a depth/stencil texture reads its stencil index as an unsigned
    * integer in the red component, (S, 0, 0, 1), whatever the depth
    * texture mode. */
   enum pipe_format view_format = t->pt->format;
   if (t->StencilSampling &&
       stencil_view_format(t->pt->format) != PIPE_FORMAT_NONE) {
      view_format = stencil_view_format(t->pt->format);
      mode = GL_STENCIL_INDEX;
   }
   /* A STENCIL_INDEX8 texture (ARB_texture_stencil8) holds stencil alone
    * and reads it the same way whatever the modes. */
   if (util_format_has_stencil(t->pt->format) &&
       !util_format_has_depth(t->pt->format))
      mode = GL_STENCIL_INDEX;

   if (t->view && t->view->context == st->pipe && t->view_stamp == t->stamp &&
       t->view->texture == t->pt && t->view_depth_mode == mode)
      return t->view;
   sampled_levels(t, &base, &last);

   unsigned chan[4] = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z,
                       PIPE_SWIZZLE_W};
   if (util_format_is_depth_or_stencil(t->pt->format)) {
      const unsigned d = PIPE_SWIZZLE_X, z = PIPE_SWIZZLE_0,
                     o = PIPE_SWIZZLE_1;
      const unsigned red[4] = {d, z, z, o}, lum[4] = {d, d, d, o};
      const unsigned inten[4] = {d, d, d, d}, alpha[4] = {z, z, z, d};
      const unsigned *m = mode == GL_RED || mode == GL_STENCIL_INDEX
                             ? red
                          : mode == GL_INTENSITY ? inten
                          : mode == GL_ALPHA     ? alpha
                                                 : lum;
      memcpy(chan, m, sizeof(chan));
   } else {
      const struct gl_texture_image *img = &t->Image[0][base];
      const struct gl_format_info *f = _mesa_format_info(
         _mesa_effective_internalformat(img->InternalFormat, img->Type));
      if (f)
         base_format_channels(f->base, chan);
   }
   /* EXT_texture_compression_s3tc: DXT1 without alpha reads alpha 1, also
    * when TexImage2D stored RGBA texels for it (st_decoded_storage_format);
    * so do the RGB BPTC float formats (base format RGB). */
   GLenum ifmt = t->Image[0][base].InternalFormat;
   if (ifmt == GL_COMPRESSED_RGB_S3TC_DXT1_EXT ||
       ifmt == GL_COMPRESSED_SRGB_S3TC_DXT1_EXT ||
       ifmt == GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT ||
       ifmt == GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT)
      chan[3] = PIPE_SWIZZLE_1;
   unsigned swz[4];
   for (unsigned i = 0; i < 4; i++) {
      swz[i] = gl_swizzle(t->Swizzle[i]);
      if (swz[i] <= PIPE_SWIZZLE_W)
         swz[i] = chan[swz[i]];
   }
   struct pipe_sampler_view templ = {
      .format = view_format,
      .target = t->pt->target,
      .swizzle_r = swz[0],
      .swizzle_g = swz[1],
      .swizzle_b = swz[2],
      .swizzle_a = swz[3],
   };
   templ.u.tex.first_level = base + t->pt_first_level;
   templ.u.tex.last_level = last + t->pt_first_level;
   templ.u.tex.last_layer = t->pt->target == PIPE_TEXTURE_3D
                               ? t->pt->depth0 - 1
                               : t->pt->array_size - 1;
   if (t->IsView)
      view_levels_and_layers(t, base, last, &templ);
   pipe_sampler_view_reference(&t->view, NULL);
   t->view = st->pipe->create_sampler_view(st->pipe, t->pt, &templ);
   t->view_stamp = t->stamp;
   t->view_depth_mode = mode;
   return t->view;
}

static unsigned
wrap_mode(GLenum w)
{
   switch (w) {
   case GL_CLAMP_TO_EDGE:
      return PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   case GL_MIRRORED_REPEAT:
      return PIPE_TEX_WRAP_MIRROR_REPEAT;
   case GL_CLAMP_TO_BORDER:
      return PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   case GL_CLAMP: /* compatibility contexts (texborder.c) */
      return PIPE_TEX_WRAP_CLAMP;
   default:
      return PIPE_TEX_WRAP_REPEAT;
   }
}

/* A buffer with no texels, for buffer textures without a buffer (GL 3.1
 * section 3.8.5 leaves their texels undefined; textureSize gives 0). */
static struct pipe_sampler_view *
dummy_buffer_view(struct st_context *st)
{
   struct pipe_sampler_view **slot = &st->dummy_views[TEXTURE_BUFFER_INDEX];

   if (*slot)
      return *slot;
   struct pipe_resource *pt = pipe_buffer_create(
      st->screen, PIPE_BIND_SAMPLER_VIEW, PIPE_USAGE_DEFAULT, 16);
   if (!pt)
      return NULL;
   struct pipe_sampler_view templ = {
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .target = PIPE_BUFFER,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   *slot = st->pipe->create_sampler_view(st->pipe, pt, &templ);
   pipe_resource_reference(&pt, NULL);
   return *slot;
}

/* The view of a buffer texture's range of its buffer (main/texbuffer.c
 * says what it is), made again whenever that changes: a new format or
 * range, or new storage for the buffer (BufferData makes a new
 * resource). */
static struct pipe_sampler_view *
buffer_view(struct st_context *st, struct gl_texture_object *t)
{
   enum pipe_format format;
   unsigned swz[4], offset_B, size_B;

   if (!_mesa_texbuffer_view(&st->ctx, t, &format, swz, &offset_B, &size_B) ||
       !st->screen->is_format_supported(st->screen, format, PIPE_BUFFER, 0, 0,
                                        PIPE_BIND_SAMPLER_VIEW))
      return dummy_buffer_view(st);

   struct pipe_resource *res = t->BufferObject->buffer;
   struct pipe_sampler_view *v = t->view;
   if (v && v->context == st->pipe && v->texture == res &&
       v->format == format && v->u.buf.offset == offset_B &&
       v->u.buf.size == size_B && v->swizzle_r == swz[0] &&
       v->swizzle_g == swz[1] && v->swizzle_b == swz[2] &&
       v->swizzle_a == swz[3])
      return v;

   struct pipe_sampler_view templ = {
      .format = format,
      .target = PIPE_BUFFER,
      .swizzle_r = swz[0],
      .swizzle_g = swz[1],
      .swizzle_b = swz[2],
      .swizzle_a = swz[3],
   };
   templ.u.buf.offset = offset_B;
   templ.u.buf.size = size_B;
   pipe_sampler_view_reference(&t->view, NULL);
   t->view = st->pipe->create_sampler_view(st->pipe, res, &templ);
   return t->view ? t->view : dummy_buffer_view(st);
}

/* The sampling state a draw uses: the unit's sampler object if one is
 * bound, else the texture's own parameters. */
struct sampling {
   GLenum MinFilter, MagFilter, WrapS, WrapT, WrapR;
   GLfloat MinLod, MaxLod;
   GLenum CompareMode, CompareFunc;
   GLfloat LodBias;
   bool Unnormalized; /* texel coordinates: rectangle textures */
   bool Seamless;     /* cube maps filtered across faces */
   struct gl_border_color Border;
};

static void
sampling_of(const struct gl_texture_object *tex,
            const struct gl_sampler_object *smp, struct sampling *out)
{
   if (smp) {
      *out =
         (struct sampling){smp->MinFilter, smp->MagFilter,   smp->WrapS,
                           smp->WrapT,     smp->WrapR,       smp->MinLod,
                           smp->MaxLod,    smp->CompareMode, smp->CompareFunc,
                           smp->LodBias};
      out->Border = smp->BorderColor;
   } else {
      *out =
         (struct sampling){tex->MinFilter, tex->MagFilter,   tex->WrapS,
                           tex->WrapT,     tex->WrapR,       tex->MinLod,
                           tex->MaxLod,    tex->CompareMode, tex->CompareFunc,
                           tex->LodBias};
      out->Border = tex->BorderColor;
   }
}

static void *
sampler_cso(struct st_context *st, const struct sampling *t)
{
   struct pipe_sampler_state s;
   void *cso;

   memset(&s, 0, sizeof(s));
   s.wrap_s = wrap_mode(t->WrapS);
   s.wrap_t = wrap_mode(t->WrapT);
   s.wrap_r = wrap_mode(t->WrapR);
   s.mag_img_filter = t->MagFilter == GL_LINEAR ? PIPE_TEX_FILTER_LINEAR
                                                : PIPE_TEX_FILTER_NEAREST;
   switch (t->MinFilter) {
   case GL_NEAREST:
   case GL_LINEAR:
      s.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      break;
   case GL_NEAREST_MIPMAP_NEAREST:
   case GL_LINEAR_MIPMAP_NEAREST:
      s.min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
      break;
   default:
      s.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
      break;
   }
   s.min_img_filter =
      (t->MinFilter == GL_LINEAR || t->MinFilter == GL_LINEAR_MIPMAP_NEAREST ||
       t->MinFilter == GL_LINEAR_MIPMAP_LINEAR)
         ? PIPE_TEX_FILTER_LINEAR
         : PIPE_TEX_FILTER_NEAREST;
   s.min_lod = t->MinLod < 0.0f ? 0.0f : t->MinLod;
   s.max_lod = t->MaxLod;
   /* GL 3.0 equation 3.18: the bias is clamped to +-MAX_TEXTURE_LOD_BIAS
    * (16, get.c) */
   s.lod_bias = CLAMP(t->LodBias, -16.0f, 16.0f);
   s.seamless_cube_map = t->Seamless;
   s.compare_mode = t->CompareMode == GL_COMPARE_REF_TO_TEXTURE
                       ? PIPE_TEX_COMPARE_R_TO_TEXTURE
                       : PIPE_TEX_COMPARE_NONE;
   s.compare_func = t->CompareFunc - GL_NEVER;
   s.unnormalized_coords = t->Unnormalized;
   /* GL 3.3 section 3.8.10; the driver encodes it for the view's
    * format (so one CSO serves every texture of a sampler object). */
   memcpy(s.border_color.ui, t->Border.v.ui, sizeof(s.border_color.ui));
   s.border_color_is_integer = t->Border.is_integer;

   cso = cso_cache_lookup(st->cso, CSO_SAMPLER, &s, sizeof(s));
   if (!cso) {
      cso = st->pipe->create_sampler_state(st->pipe, &s);
      if (cso)
         cso_cache_insert(st->cso, CSO_SAMPLER, &s, sizeof(s), cso);
   }
   return cso;
}

/* Whether cube maps are filtered across faces: GL_TEXTURE_CUBE_MAP_SEAMLESS
 * (GL 3.2 section 3.8.8), always in ES 3.0 (ES 3.0.6 section 3.8.9.1),
 * never in ES 2.0. */
static bool
cube_seamless(const struct gl_context *ctx)
{
   return _mesa_is_gles(ctx) ? ctx->Version >= 30 : ctx->CubeMapSeamless;
}

/* The sampler CSO for a texture (or the unit's sampler object), cached in
 * the object for the last context that used it, with the seamless state
 * it was made for (the stamp's low bit). */
static void *
cached_sampler(struct st_context *st, struct gl_texture_object *t,
               struct gl_sampler_object *smp)
{
   void **cso = smp ? &smp->sampler_cso : &t->sampler_cso;
   unsigned *owner = smp ? &smp->sampler_cso_ctx : &t->sampler_cso_ctx;
   unsigned *stamp = smp ? &smp->sampler_cso_stamp : &t->sampler_cso_stamp;
   bool seamless = cube_seamless(&st->ctx);
   unsigned now = (smp ? smp->SamplerStamp : t->SamplerStamp) * 2u +
                  (seamless ? 1u : 0u);
   bool rect = t->Target == GL_TEXTURE_RECTANGLE;
   struct sampling s;

   /* Rectangle textures read texel coordinates (GL 3.1 section 3.8.15).
    * A sampler object can serve rectangle and other textures at once,
    * so its rectangle variant comes from the CSO cache each time. */
   if (rect && smp) {
      sampling_of(t, smp, &s);
      s.Unnormalized = true;
      s.Seamless = seamless;
      return sampler_cso(st, &s);
   }
   if (*cso && *owner == st->id && *stamp == now)
      return *cso;
   sampling_of(t, smp, &s);
   s.Unnormalized = rect;
   s.Seamless = seamless;
   *cso = sampler_cso(st, &s);
   *owner = st->id;
   *stamp = now;
   return *cso;
}

/* _mesa_texture_complete_sampler, kept in the texture (since wave 17):
 * the verdict stands for the same context (whose version and extensions
 * the format rules read), the same filters and compare mode, and the
 * same stamp (every image change, BASE_LEVEL, MAX_LEVEL,
 * DEPTH_STENCIL_TEXTURE_MODE and glTexStorage's levels bump it). */
static bool
texture_complete(struct st_context *st, struct gl_texture_object *t,
                 const struct gl_sampler_object *smp)
{
   GLenum min = smp ? smp->MinFilter : t->MinFilter;
   GLenum mag = smp ? smp->MagFilter : t->MagFilter;
   GLenum compare = smp ? smp->CompareMode : t->CompareMode;
   struct gl_complete_cache *c = &t->complete_cache;

   if (c->valid && c->ctx == st->id && c->stamp == t->stamp &&
       c->min == min && c->mag == mag && c->compare == compare)
      return c->complete;
   c->complete = _mesa_texture_complete_sampler(&st->ctx, t, smp);
   c->valid = true;
   c->ctx = st->id;
   c->stamp = t->stamp;
   c->min = min;
   c->mag = mag;
   c->compare = compare;
   return c->complete;
}

/* The sampler view and sampler state of program sampler element e of
 * uniform u, by the texture unit its value names. */
static void
sampler_binding(struct st_context *st, struct gl_program_exec *exec,
                const struct glsl_program_uniform *u, unsigned e,
                bool float_shadow, struct pipe_sampler_view **view,
                void **sampler)
{
   struct gl_context *ctx = &st->ctx;
   enum gl_texture_index target = _mesa_sampler_type_target(u->gl_type);
   uint32_t unit;

   memcpy(&unit,
          (const uint8_t *)exec->uniforms + u->offset_B + e * u->array_stride_B,
          4);
   if (unit >= MAX_COMBINED_TEXTURE_UNITS)
      unit = 0;
   struct gl_texture_object *t = ctx->TexUnit[unit].Current[target];
   if (target == TEXTURE_BUFFER_INDEX) {
      *view = buffer_view(st, t);
   } else if (texture_complete(st, t, ctx->TexUnit[unit].Sampler) &&
              st_finalize_texture(st, t)) {
      *view = texture_view(st, t, float_shadow);
   } else {
      *view = dummy_view(st, target);
   }
   *sampler = cached_sampler(st, t, ctx->TexUnit[unit].Sampler);
}

/* One stage's sampler views and states: the samplers the stage uses, in
 * program order from slot 0 (st_nir_sampler_slots.c numbers its
 * lookups the same way). */
static void
update_stage_textures(struct st_context *st, struct gl_program_exec *exec,
                      gl_shader_stage stage, bool float_shadow)
{
   /* (only the first n are read: the pipe takes n and unbinds the rest
    * by count; not cleared, 512 bytes a stage at every texture change) */
   struct pipe_sampler_view *views[PIPE_MAX_SAMPLERS];
   void *samplers[PIPE_MAX_SAMPLERS];
   unsigned n = 0;

   if (exec && exec->linked->nir[stage]) {
      const struct glsl_program *p = exec->linked;
      for (unsigned i = 0; i < p->num_uniforms; i++) {
         const struct glsl_program_uniform *u = &p->uniforms[i];
         if (u->sampler_index < 0 || !(u->stages & (1u << stage)))
            continue;
         for (unsigned e = 0; e < u->array_size && n < PIPE_MAX_SAMPLERS;
              e++, n++)
            sampler_binding(st, exec, u, e, float_shadow, &views[n],
                            &samplers[n]);
      }
   }
   /* (pipe_shader_type follows gl_shader_stage) */
   enum pipe_shader_type ps = (enum pipe_shader_type)stage;
   unsigned bound = st->num_stage_views[ps];
   unsigned unbind = bound > n ? bound - n : 0;
   if (n || unbind)
      st->pipe->set_sampler_views(st->pipe, ps, 0, n, unbind, false, views);
   if (n)
      st->pipe->bind_sampler_states(st->pipe, ps, 0, n, samplers);
   st->num_stage_views[ps] = n;
}

void
st_update_textures(struct st_context *st)
{
   struct gl_program_exec *exec = st_current_exec(st, &st->ctx);
   bool float_shadow = exec && float_shadow_lookups(exec);

   update_stage_textures(st, exec, MESA_SHADER_VERTEX, float_shadow);
   update_stage_textures(st, exec, MESA_SHADER_FRAGMENT, float_shadow);
   /* (only drivers that have the stage) */
   if (st->pipe->create_gs_state)
      update_stage_textures(st, exec, MESA_SHADER_GEOMETRY, float_shadow);
   /* A compute program's, at each dispatch (st_compute.c). */
   if (exec && exec->linked->nir[MESA_SHADER_COMPUTE])
      update_stage_textures(st, exec, MESA_SHADER_COMPUTE, float_shadow);
}

void
st_update_fragment_textures(struct st_context *st,
                            struct gl_program_exec *exec)
{
   update_stage_textures(st, exec, MESA_SHADER_FRAGMENT,
                         exec && float_shadow_lookups(exec));
}

void
st_release_texture_state(struct st_context *st)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      if (st->num_stage_views[s])
         st->pipe->set_sampler_views(st->pipe, (enum pipe_shader_type)s, 0, 0,
                                     st->num_stage_views[s], false, NULL);
      st->num_stage_views[s] = 0;
   }
   for (unsigned i = 0; i < NUM_TEXTURE_TARGETS; i++)
      pipe_sampler_view_reference(&st->dummy_views[i], NULL);
}

static void copy_rows(struct st_context *st, struct gl_texture_object *t,
                      struct gl_texture_image *img, GLint dstx, GLint dsty,
                      GLint dstz, GLint x, GLint y, GLsizei width,
                      GLsizei height);

void
st_copy_tex_sub_image(struct st_context *st, struct gl_texture_object *t,
                      struct gl_texture_image *img, GLint dstx, GLint dsty,
                      GLint dstz, GLint x, GLint y, GLsizei width,
                      GLsizei height)
{
   if (rows_are_layers(t)) {
      /* Each framebuffer row goes to one layer of the 1D array. */
      for (GLsizei r = 0; r < height; r++)
         copy_rows(st, t, img, dstx, 0, dsty + r, x, y + r, width, 1);
      return;
   }
   copy_rows(st, t, img, dstx, dsty, dstz, x, y, width, height);
}

/* st_copy_tex_sub_image for images whose rows are rows. */
static void
copy_rows(struct st_context *st, struct gl_texture_object *t,
          struct gl_texture_image *img, GLint dstx, GLint dsty, GLint dstz,
          GLint x, GLint y, GLsizei width, GLsizei height)
{
   struct gl_context *ctx = &st->ctx;
   struct gl_framebuffer *fb = ctx->ReadBuffer;
   /* Depth (and stencil) images copy the depth/stencil buffer (GL 4.6
    * compatibility section 8.6), colour ones the read buffer. */
   bool ds = img->pt && util_format_is_depth_or_stencil(img->pt->format);
   struct gl_renderbuffer *rb =
      !ds                            ? _mesa_framebuffer_read_rb(fb)
      : fb->Attachment[BUFFER_DEPTH] ? fb->Attachment[BUFFER_DEPTH]
                                     : fb->Attachment[BUFFER_STENCIL];
   struct pipe_transfer *xfer;
   struct pipe_box box;

   if (!rb || !rb->texture || !img->pt || width <= 0 || height <= 0)
      return;
   /* Pixels outside the read buffer are undefined: copy the rest. */
   GLint x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   GLint x1 = x + width > fb->Width ? fb->Width : x + width;
   GLint y1 = y + height > fb->Height ? fb->Height : y + height;
   if (x1 <= x0 || y1 <= y0)
      return;
   unsigned w = (unsigned)(x1 - x0), rows = (unsigned)(y1 - y0);

   st_context_flush(st, ST_FLUSH_WAIT, NULL);
   unsigned gy = fb->FlipY ? (unsigned)(fb->Height - y1) : (unsigned)y0;
   u_box_3d((unsigned)x0, gy, rb->layer, w, rows, 1, &box);
   const uint8_t *map = st->pipe->texture_map(st->pipe, rb->texture, rb->level,
                                              PIPE_MAP_READ, &box, &xfer);
   float *rgba = malloc((size_t)w * 4 * sizeof(float));
   unsigned dst_bpp = util_format_get_blocksize(img->pt->format);
   uint8_t *packed = calloc(1, (size_t)w * rows * dst_bpp);
   if (!map || !rgba || !packed) {
      if (map)
         st->pipe->texture_unmap(st->pipe, xfer);
      free(rgba);
      free(packed);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glCopyTexSubImage2D");
      return;
   }
   const struct gl_format_info *f = _mesa_format_info(
      _mesa_effective_internalformat(img->InternalFormat, img->Type));
   /* Integers stay integers (the formats' kinds match), depth and
    * stencil values stay what they are. */
   bool direct = ds || util_format_is_pure_integer(img->pt->format);
   void *scratch = direct ? malloc(st_convert_scratch_B(w)) : NULL;
   for (unsigned r = 0; r < rows; r++) {
      unsigned src_row = fb->FlipY ? rows - 1 - r : r;
      const uint8_t *src = map + (size_t)src_row * xfer->stride;
      uint8_t *dst = packed + (size_t)r * w * dst_bpp;
      if (direct) {
         if (scratch)
            st_convert_texels(img->pt->format, dst, rb->texture->format, src,
                              w, scratch);
         continue;
      }
      util_format_unpack_rgba_float(rb->texture->format, rgba, src, w);
      /* The texture's base format keeps only its components (ES 3.0.6
       * table 3.15): L = R, missing colour components 0, alpha 1. */
      for (unsigned i = 0; f && i < w; i++) {
         float *p = rgba + i * 4;
         if (f->l)
            p[1] = p[2] = p[0];
         else if (!f->r && !f->g && !f->b)
            p[0] = p[1] = p[2] = 0.0f;
         else {
            p[1] = f->g ? p[1] : 0.0f;
            p[2] = f->b ? p[2] : 0.0f;
         }
         if (!f->a)
            p[3] = 1.0f;
      }
      util_format_pack_rgba_float(img->pt->format, dst, rgba, w);
   }
   free(scratch);
   st->pipe->texture_unmap(st->pipe, xfer);
   u_box_3d((unsigned)(dstx + (x0 - x)), (unsigned)(dsty + (y0 - y)),
            img->pt_layer + (unsigned)dstz, w, rows, 1, &box);
   st->pipe->texture_subdata(st->pipe, img->pt, img->pt_level, PIPE_MAP_WRITE,
                             &box, packed, w * dst_bpp, 0);
   free(rgba);
   free(packed);
   t->stamp++;
}
