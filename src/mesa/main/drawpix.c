/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glDrawPixels (GL 2.1 section 3.6.4), glBitmap (section 3.7) and
 * glCopyPixels (section 4.3.3) of compatibility contexts: their errors,
 * then the image unpacked and through the pixel transfer operations on
 * the CPU (pixel_unpack.c), drawn at the current raster position by the
 * state tracker (st_pixel_quad.c: colours, depths and bitmaps as
 * fragments; st_pixel_stencil.c: stencil indices).  Nothing happens when
 * the raster position is invalid.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/desktop30.h"
#include "main/fbobject.h"
#include "main/pbo.h"
#include "main/pixel.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "state_tracker/st_pixel.h"
#include "util/format/u_format.h"

#define BITMAP_EPSILON 1e-4f

/* Pixel rectangles are rasterized (GL 3.0 section 3.7.4): a conditional
 * render whose query passed nothing (section 2.18) or RASTERIZER_DISCARD
 * (section 2.17, EXT_transform_feedback) leaves them without fragments,
 * the errors and the raster position's move aside. */
static bool
fragments_discarded(const struct gl_context *ctx)
{
   return ctx->CondRender.Skip || ctx->RasterizerDiscard;
}

static bool
pixels_allowed(struct gl_context *ctx, const char *func)
{
   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(only in compatibility contexts)", func);
      return false;
   }
   return !_mesa_inside_begin_end(ctx, func);
}

static struct gl_renderbuffer *
depth_buffer(struct gl_framebuffer *fb)
{
   struct gl_renderbuffer *rb = fb ? fb->Attachment[BUFFER_DEPTH] : NULL;
   return rb && rb->texture && util_format_has_depth(rb->texture->format)
             ? rb
             : NULL;
}

static bool
has_stencil(struct gl_framebuffer *fb)
{
   if (!fb)
      return false;
   struct gl_renderbuffer *rb = fb->Attachment[BUFFER_STENCIL]
                                   ? fb->Attachment[BUFFER_STENCIL]
                                   : fb->Attachment[BUFFER_DEPTH];
   return rb && rb->texture && util_format_has_stencil(rb->texture->format);
}

/* GL 2.1 sections 3.6.4 and 4.3.3: DEPTH needs a depth buffer, STENCIL a
 * stencil buffer (GL_INVALID_OPERATION). */
static bool
buffers_present(struct gl_context *ctx, struct gl_framebuffer *fb,
                bool depth, bool stencil, const char *func)
{
   if ((depth && !depth_buffer(fb)) || (stencil && !has_stencil(fb))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no %s buffer)", func,
                  depth ? "depth" : "stencil");
      return false;
   }
   return true;
}

static void
clamp01(GLfloat *v, size_t n)
{
   for (size_t i = 0; i < n; i++)
      v[i] = v[i] > 0.0f ? (v[i] < 1.0f ? v[i] : 1.0f) : 0.0f;
}

/* Draws unpacked colours (RGBA floats) or depths at the raster position
 * with the zoom. */
static void
draw_values(struct gl_context *ctx, enum st_pixel_kind kind, GLsizei width,
            GLsizei height, const GLfloat *values, const char *func)
{
   const struct gl_ff_raster *r = &ctx->FF.Raster;
   struct st_pixel_image img = {
      .width = (unsigned)width,
      .height = (unsigned)height,
      .format = kind == ST_PIXEL_COLOR ? PIPE_FORMAT_R32G32B32A32_FLOAT
                                       : PIPE_FORMAT_R32_FLOAT,
      .texels = values,
      .stride_B = (unsigned)width * (kind == ST_PIXEL_COLOR ? 16u : 4u),
      .x = r->Pos[0],
      .y = r->Pos[1],
      .z = r->Pos[2],
      .zoom_x = ctx->PixelOps.ZoomX,
      .zoom_y = ctx->PixelOps.ZoomY,
   };
   memcpy(img.color, r->Color, sizeof(img.color));
   if (!st_draw_pixel_image(ctx->st, kind, &img))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
}

/* Unpacked depths drawn as draw_values does.  DEPTH_STENCIL groups write
 * their depths with the depth test disabled too, as a test that always
 * passes (the depth mask still applies): llvmpipe does so (Mesa's
 * src/mesa/state_tracker/st_cb_drawpixels.c draws depth and stencil
 * with PIPE_FUNC_ALWAYS) and piglit's ext_packed_depth_stencil
 * readdrawpixels expects it, while DEPTH_COMPONENT groups follow the
 * test's state (GL 2.1 section 4.1.6), as on llvmpipe. */
static void
draw_depths(struct gl_context *ctx, GLenum format, GLsizei width,
            GLsizei height, const GLfloat *values, const char *func)
{
   bool force = format == GL_DEPTH_STENCIL && !ctx->Depth.Test;
   GLenum depth_func = ctx->Depth.Func;

   if (force) {
      ctx->Depth.Test = true;
      ctx->Depth.Func = GL_ALWAYS;
      ctx->NewState |= ST_NEW_DSA;
   }
   draw_values(ctx, ST_PIXEL_DEPTH, width, height, values, func);
   if (force) {
      ctx->Depth.Test = false;
      ctx->Depth.Func = depth_func;
      ctx->NewState |= ST_NEW_DSA;
   }
}

/* The window pixel the zoomed image's first texel starts at, for the CPU
 * stencil path (the raster position's integer part). */
static int
raster_int(GLfloat v)
{
   double f = floor((double)v + 0.5);
   return !(f == f)  ? 0
          : f < -1e9 ? -1000000000
          : f > 1e9  ? 1000000000
                     : (int)f;
}

/* Unpacked stencil indices to the stencil buffer at the raster
 * position. */
static void
draw_stencil(struct gl_context *ctx, GLsizei width, GLsizei height,
             const uint32_t *indices)
{
   const struct gl_ff_raster *r = &ctx->FF.Raster;
   st_write_stencil(ctx->st, raster_int(r->Pos[0]), raster_int(r->Pos[1]),
                    ctx->PixelOps.ZoomX, ctx->PixelOps.ZoomY,
                    (unsigned)width, (unsigned)height, indices);
}

void GLAPIENTRY
_mesa_DrawPixels(GLsizei width, GLsizei height, GLenum format, GLenum type,
                 const void *pixels)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glDrawPixels";
   if (!pixels_allowed(ctx, func))
      return;
   if (width < 0 || height < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(%d x %d)", func, width, height);
      return;
   }
   GLenum err = _mesa_pixel_format_error(format, type);
   if (err) {
      _mesa_error(ctx, err, "%s(format 0x%x, type 0x%x)", func, format, type);
      return;
   }
   if (!_mesa_draw_framebuffer_complete(ctx, func))
      return;
   bool depth = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
   bool stencil = format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL;
   if (!buffers_present(ctx, ctx->DrawBuffer, depth, stencil, func) ||
       _mesa_feedback_pixels(ctx, GL_DRAW_PIXEL_TOKEN))
      return;
   if (!ctx->FF.Raster.Valid || !width || !height || fragments_discarded(ctx))
      return;

   struct pbo_map map;
   const void *src = pixels;
   size_t size_B = _mesa_unpack_image_size_B(ctx, width, height, format, type);
   if (ctx->PixelUnpackBuffer) {
      src = _mesa_map_pbo(ctx, false, pixels, size_B, &map, func);
      if (!src)
         return;
   } else if (!src) {
      return; /* nothing to read: no fragments */
   }
   size_t n = (size_t)width * (size_t)height;
   void *values = malloc(n * 4 * sizeof(GLfloat));
   if (!values) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
   } else if (depth || stencil) {
      if (depth) {
         _mesa_unpack_image(ctx, width, height, format, type, src,
                            PIXEL_DEPTH, values);
         draw_depths(ctx, format, width, height, values, func);
      }
      if (stencil) {
         _mesa_unpack_image(ctx, width, height, format, type, src,
                            PIXEL_STENCIL, values);
         draw_stencil(ctx, width, height, values);
      }
   } else {
      _mesa_unpack_image(ctx, width, height, format, type, src, PIXEL_RGBA,
                         values);
      /* GL 3.0 compatibility section 3.7.5 (final conversion): clamped
       * while fragment colour clamping is on; a float buffer with
       * CLAMP_FRAGMENT_COLOR FALSE or FIXED_ONLY gets the values as they
       * are (since wave 15). */
      if (_mesa_fragment_color_clamped(ctx))
         clamp01(values, n * 4);
      draw_values(ctx, ST_PIXEL_COLOR, width, height, values, func);
   }
   free(values);
   if (ctx->PixelUnpackBuffer)
      _mesa_unmap_pbo(ctx, &map);
}

/* A bitmap's bits as bytes (0 or 0xff, row 0 first); NULL (error
 * recorded) when out of memory, or when there is nothing to read. */
static uint8_t *
bitmap_bytes(struct gl_context *ctx, GLsizei width, GLsizei height,
             const GLubyte *bitmap, const char *func)
{
   size_t n = (size_t)width * (size_t)height;
   if (!n)
      return NULL;
   struct pbo_map map;
   const void *src = bitmap;
   if (ctx->PixelUnpackBuffer) {
      src = _mesa_map_pbo(
         ctx, false, bitmap,
         _mesa_unpack_image_size_B(ctx, width, height, GL_COLOR_INDEX,
                                   GL_BITMAP),
         &map, func);
      if (!src)
         return NULL;
   }
   uint32_t *bits = src ? malloc(n * sizeof(uint32_t)) : NULL;
   uint8_t *bytes = bits ? malloc(n) : NULL;
   if (src && !bytes) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
   } else if (bytes) {
      _mesa_unpack_image(ctx, width, height, GL_COLOR_INDEX, GL_BITMAP, src,
                         PIXEL_INDEX, bits);
      for (size_t i = 0; i < n; i++)
         bytes[i] = bits[i] ? 0xff : 0;
   }
   free(bits);
   if (ctx->PixelUnpackBuffer)
      _mesa_unmap_pbo(ctx, &map);
   return bytes;
}

/* Draws unpacked bits (NULL: none) at the raster position, then moves
 * it. */
static void
bitmap_draw(struct gl_context *ctx, GLsizei width, GLsizei height,
            GLfloat xorig, GLfloat yorig, GLfloat xmove, GLfloat ymove,
            const uint8_t *bytes)
{
   const char *func = "glBitmap";
   if (!_mesa_draw_framebuffer_complete(ctx, func))
      return;
   struct gl_ff_raster *r = &ctx->FF.Raster;
   if (!r->Valid)
      return;
   if (!_mesa_feedback_pixels(ctx, GL_BITMAP_TOKEN) && bytes &&
       !fragments_discarded(ctx)) {
      /* GL 2.1 section 3.7: the lower left corner at
       * (floor(x - xorig), floor(y - yorig)), one fragment a bit (no
       * zoom), the raster colour and depth.  A raster position a
       * rounding error below an integer (from glRasterPos through the
       * matrices) counts as that integer, as in Mesa (fact:
       * alexvorxx/Mesa-VirGL src/mesa/main/drawpix.c). */
      struct st_pixel_image img = {
         .width = (unsigned)width,
         .height = (unsigned)height,
         .format = PIPE_FORMAT_R8_UNORM,
         .texels = bytes,
         .stride_B = (unsigned)width,
         .x = floorf(r->Pos[0] + BITMAP_EPSILON - xorig),
         .y = floorf(r->Pos[1] + BITMAP_EPSILON - yorig),
         .z = r->Pos[2],
         .zoom_x = 1.0f,
         .zoom_y = 1.0f,
      };
      memcpy(img.color, r->Color, sizeof(img.color));
      if (!st_draw_pixel_image(ctx->st, ST_PIXEL_BITMAP, &img))
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
   }
   r->Pos[0] += xmove;
   r->Pos[1] += ymove;
}

/* A display list node of glBitmap (GL 2.1 section 5.4: the bits are
 * unpacked when the list is compiled): e[] the size, f[0..3] the origin
 * and move, the bytes' pointer in f[4..5]. */
static void
node_bytes(const struct gl_dl_node *n, uint8_t **bytes)
{
   memcpy(bytes, &n->f[4], sizeof(*bytes));
}

void
_mesa_bitmap_replay(struct gl_context *ctx, const struct gl_dl_node *n)
{
   uint8_t *bytes;
   /* GL 2.1 section 2.6.3: also when a list runs between glBegin and
    * glEnd. */
   if (_mesa_inside_begin_end(ctx, "glCallList(glBitmap)"))
      return;
   node_bytes(n, &bytes);
   bitmap_draw(ctx, (GLsizei)n->e[0], (GLsizei)n->e[1], n->f[0], n->f[1],
               n->f[2], n->f[3], bytes);
}

void
_mesa_bitmap_node_free(const struct gl_dl_node *n)
{
   uint8_t *bytes;
   if (n->op != DL_BITMAP)
      return;
   node_bytes(n, &bytes);
   free(bytes);
}

void GLAPIENTRY
_mesa_Bitmap(GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig,
             GLfloat xmove, GLfloat ymove, const GLubyte *bitmap)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glBitmap";
   /* Compiled even between glBegin and glEnd: the list raises the error
    * when it runs (the replay checks), GL_COMPILE_AND_EXECUTE now. */
   bool compiling = _mesa_dlist_compiling(ctx);
   if (!compiling && !pixels_allowed(ctx, func))
      return;
   if (width < 0 || height < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(%d x %d)", func, width, height);
      return;
   }
   uint8_t *bytes = NULL;
   if (compiling || ctx->FF.Raster.Valid)
      bytes = bitmap_bytes(ctx, width, height, bitmap, func);
   if (compiling) {
      struct gl_dl_node n = {
         .op = DL_BITMAP,
         .e = {(GLenum)width, (GLenum)height},
         .f = {xorig, yorig, xmove, ymove},
      };
      memcpy(&n.f[4], &bytes, sizeof(bytes));
      /* The list owns the bytes from now on. */
      if (_mesa_dlist_save(ctx, &n) || !pixels_allowed(ctx, func))
         return;
      bitmap_draw(ctx, width, height, xorig, yorig, xmove, ymove, bytes);
      return;
   }
   bitmap_draw(ctx, width, height, xorig, yorig, xmove, ymove, bytes);
   free(bytes);
}

/* glCopyPixels(GL_COLOR) on the GPU: the read buffer's rectangle is
 * copied to the rectangle's texture by a blit, so nothing waits for the
 * GPU.  Only when the pixel transfer operations change nothing and the
 * rectangle lies inside the read buffer (outside, the values are
 * undefined: the CPU path's zeros); false if not taken. */
static bool
copy_color_on_gpu(struct gl_context *ctx, struct gl_renderbuffer *rb,
                  GLint x, GLint y, GLsizei width, GLsizei height)
{
   const struct gl_pixel_ops *p = &ctx->PixelOps;
   struct gl_framebuffer *fb = ctx->ReadBuffer;
   struct pipe_screen *screen = ctx->st->screen;

   for (unsigned c = 0; c < 4; c++) {
      if (p->Scale[c] != 1.0f || p->Bias[c] != 0.0f)
         return false;
   }
   if (p->MapColor || !rb || !rb->texture || !ctx->st->pipe->blit ||
       x < 0 || y < 0 || (int64_t)x + width > (int64_t)fb->Width ||
       (int64_t)y + height > (int64_t)fb->Height ||
       !screen->is_format_supported(screen, rb->texture->format,
                                    PIPE_TEXTURE_2D, 0, 0,
                                    PIPE_BIND_SAMPLER_VIEW))
      return false;
   const struct gl_ff_raster *r = &ctx->FF.Raster;
   struct st_pixel_image img = {
      .width = (unsigned)width,
      .height = (unsigned)height,
      .format = rb->texture->format,
      .x = r->Pos[0],
      .y = r->Pos[1],
      .z = r->Pos[2],
      .zoom_x = p->ZoomX,
      .zoom_y = p->ZoomY,
      .source = rb->texture,
      .source_level = rb->level,
      .source_layer = rb->layer,
      .source_x = (unsigned)x,
      .source_y = fb->FlipY ? fb->Height - 1 - (unsigned)y : (unsigned)y,
      .flip_y = fb->FlipY,
   };
   memcpy(img.color, r->Color, sizeof(img.color));
   if (!st_draw_pixel_image(ctx->st, ST_PIXEL_COLOR, &img))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glCopyPixels");
   return true;
}

void GLAPIENTRY
_mesa_CopyPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum type)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glCopyPixels";
   if (!pixels_allowed(ctx, func))
      return;
   if (width < 0 || height < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(%d x %d)", func, width, height);
      return;
   }
   bool depth = type == GL_DEPTH || type == GL_DEPTH_STENCIL;
   bool stencil = type == GL_STENCIL || type == GL_DEPTH_STENCIL;
   if (type != GL_COLOR && !depth && !stencil) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(type 0x%x)", func, type);
      return;
   }
   /* (EXT_framebuffer_multisample: not from a multisampled framebuffer
    * object, INVALID_OPERATION as for ReadPixels) */
   if (!_mesa_draw_framebuffer_complete(ctx, func) ||
       !_mesa_read_framebuffer_complete(ctx, func) ||
       !_mesa_read_framebuffer_single_sampled(ctx, func))
      return;
   if (!buffers_present(ctx, ctx->ReadBuffer, depth, stencil, func) ||
       !buffers_present(ctx, ctx->DrawBuffer, depth, stencil, func))
      return;
   if (ctx->ReadBuffer->Name && ctx->ReadBuffer->ColorReadBuffer == GL_NONE &&
       type == GL_COLOR) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no read buffer)", func);
      return;
   }
   if (_mesa_feedback_pixels(ctx, GL_COPY_PIXEL_TOKEN) ||
       !ctx->FF.Raster.Valid || !width || !height || fragments_discarded(ctx))
      return;
   struct gl_renderbuffer *color = _mesa_color_read_buffer(ctx);
   if (type == GL_COLOR &&
       copy_color_on_gpu(ctx, color, x, y, width, height))
      return;

   size_t n = (size_t)width * (size_t)height;
   GLfloat *values = calloc(n, 4 * sizeof(GLfloat));
   if (!values) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   if (type == GL_COLOR) {
      _mesa_read_rect(ctx, color, x, y, width, height,
                PIPE_FORMAT_R32G32B32A32_FLOAT, values);
      _mesa_transfer_rgba(ctx, values, n);
      if (_mesa_fragment_color_clamped(ctx)) /* (as glDrawPixels) */
         clamp01(values, n * 4);
      draw_values(ctx, ST_PIXEL_COLOR, width, height, values, func);
   }
   if (depth) {
      _mesa_read_rect(ctx, depth_buffer(ctx->ReadBuffer), x, y, width, height,
                PIPE_FORMAT_Z32_FLOAT, values);
      _mesa_transfer_depth(ctx, values, n);
      draw_values(ctx, ST_PIXEL_DEPTH, width, height, values, func);
   }
   if (stencil) {
      uint32_t *s = (uint32_t *)values;
      st_read_stencil(ctx->st, x, y, (unsigned)width, (unsigned)height, s);
      _mesa_transfer_stencil(ctx, s, n);
      draw_stencil(ctx, width, height, s);
   }
   free(values);
}
