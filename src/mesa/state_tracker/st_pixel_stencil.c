/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Stencil indices of pixel rectangles, read and written through a
 * mapping of the stencil buffer.  glDrawPixels(GL_STENCIL_INDEX) writes
 * the indices where the fragments are (GL 2.1 section 4.3.1: the pixel
 * ownership and scissor tests and the stencil write mask apply, not the
 * other fragment operations), so a CPU write is exact; glCopyPixels reads
 * them the same way.  Window-system framebuffers store row 0 at the top
 * (FlipY).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "state_tracker/st_api.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_pixel.h"
#include "util/format/u_format.h"
#include "util/format/u_format_pack.h"
#include "util/u_math.h"
#include "util/u_inlines.h"

static struct gl_renderbuffer *
stencil_buffer(struct gl_framebuffer *fb)
{
   if (!fb)
      return NULL;
   struct gl_renderbuffer *rb = fb->Attachment[BUFFER_STENCIL];
   if (!rb)
      rb = fb->Attachment[BUFFER_DEPTH];
   if (!rb || !rb->texture || !util_format_has_stencil(rb->texture->format))
      return NULL;
   return rb;
}

/* The window pixels [*lo, *hi) whose centres lie in the zoomed span of
 * n texels starting at `start` (zoom may be negative). */
static void
zoomed_span(float start, float zoom, unsigned n, int *lo, int *hi)
{
   float a = start, b = start + zoom * (float)n;
   if (b < a) {
      float t = a;
      a = b;
      b = t;
   }
   /* Centres c + 0.5 in [a, b). */
   double l = ceil((double)a - 0.5), h = ceil((double)b - 0.5);
   if (!(l == l) || !(h == h)) {
      *lo = *hi = 0;
      return;
   }
   *lo = l < -1e9 ? -1000000000 : l > 1e9 ? 1000000000 : (int)l;
   *hi = h < -1e9 ? -1000000000 : h > 1e9 ? 1000000000 : (int)h;
}

/* The texel of a window pixel p of the zoomed span. */
static unsigned
texel_of(int p, float start, float zoom, unsigned n)
{
   double t = floor(((double)p + 0.5 - start) / zoom);
   if (!(t >= 0))
      return 0;
   if (t >= n)
      return n - 1;
   return (unsigned)t;
}

/* A mapping of the window rectangle [x0, x1) x [y0, y1) of rb (inside
 * fb), after the GPU's work, with a row of w scratch bytes; its rows go
 * down the window for FlipY framebuffers.  False (GL_OUT_OF_MEMORY
 * recorded for func) on failure. */
struct stencil_map {
   struct pipe_transfer *xfer;
   uint8_t *map, *row;
   unsigned w, h;
};

static bool
map_stencil(struct st_context *st, struct gl_framebuffer *fb,
            struct gl_renderbuffer *rb, int x0, int y0, int x1, int y1,
            unsigned usage, struct stencil_map *m, const char *func)
{
   st_context_flush(st, ST_FLUSH_WAIT, NULL);
   m->w = (unsigned)(x1 - x0);
   m->h = (unsigned)(y1 - y0);
   unsigned gy = fb->FlipY ? fb->Height - (unsigned)y1 : (unsigned)y0;
   struct pipe_box box;
   u_box_3d((unsigned)x0, gy, rb->layer, m->w, m->h, 1, &box);
   m->map = st->pipe->texture_map(st->pipe, rb->texture, rb->level, usage,
                                  &box, &m->xfer);
   m->row = malloc(m->w);
   if (!m->map || !m->row) {
      free(m->row);
      if (m->map)
         st->pipe->texture_unmap(st->pipe, m->xfer);
      _mesa_error(&st->ctx, GL_OUT_OF_MEMORY, "%s", func);
      return false;
   }
   return true;
}

/* The mapped row of window row r (from y0 up). */
static uint8_t *
map_row(const struct stencil_map *m, bool flip, unsigned r)
{
   return m->map + (size_t)(flip ? m->h - 1 - r : r) * m->xfer->stride;
}

static void
unmap_stencil(struct st_context *st, struct stencil_map *m)
{
   free(m->row);
   st->pipe->texture_unmap(st->pipe, m->xfer);
}

void
st_write_stencil(struct st_context *st, int x, int y, float zoom_x,
                 float zoom_y, unsigned width, unsigned height,
                 const uint32_t *indices)
{
   struct gl_context *ctx = &st->ctx;
   struct gl_framebuffer *fb = ctx->DrawBuffer;
   struct gl_renderbuffer *rb = stencil_buffer(fb);

   if (!rb || !width || !height || zoom_x == 0.0f || zoom_y == 0.0f)
      return;
   int x0, x1, y0, y1;
   zoomed_span((float)x, zoom_x, width, &x0, &x1);
   zoomed_span((float)y, zoom_y, height, &y0, &y1);
   /* Pixel ownership and the scissor. */
   int cx0 = 0, cy0 = 0, cx1 = (int)fb->Width, cy1 = (int)fb->Height;
   if (ctx->Scissor.Enabled) {
      cx0 = MAX2(cx0, ctx->Scissor.Rect[0].X);
      cy0 = MAX2(cy0, ctx->Scissor.Rect[0].Y);
      cx1 = MIN2((int64_t)cx1, (int64_t)ctx->Scissor.Rect[0].X + ctx->Scissor.Rect[0].Width);
      cy1 = MIN2((int64_t)cy1, (int64_t)ctx->Scissor.Rect[0].Y + ctx->Scissor.Rect[0].Height);
   }
   x0 = MAX2(x0, cx0);
   y0 = MAX2(y0, cy0);
   x1 = MIN2(x1, cx1);
   y1 = MIN2(y1, cy1);
   if (x1 <= x0 || y1 <= y0)
      return;

   struct stencil_map m;
   if (!map_stencil(st, fb, rb, x0, y0, x1, y1,
                    PIPE_MAP_READ | PIPE_MAP_WRITE, &m, "glDrawPixels"))
      return;
   enum pipe_format f = rb->texture->format;
   uint8_t mask = (uint8_t)ctx->Stencil.WriteMask[0];
   for (unsigned r = 0; r < m.h; r++) {
      unsigned ty = texel_of(y0 + (int)r, (float)y, zoom_y, height);
      uint8_t *dst = map_row(&m, fb->FlipY, r);
      util_format_unpack_s_8uint(f, m.row, dst, m.w);
      for (unsigned c = 0; c < m.w; c++) {
         unsigned tx = texel_of(x0 + (int)c, (float)x, zoom_x, width);
         uint8_t v = (uint8_t)indices[(size_t)ty * width + tx];
         m.row[c] = (uint8_t)((m.row[c] & ~mask) | (v & mask));
      }
      util_format_pack_s_8uint(f, dst, m.row, m.w);
   }
   unmap_stencil(st, &m);
}

void
st_read_stencil(struct st_context *st, int x, int y, unsigned width,
                unsigned height, uint32_t *indices)
{
   struct gl_context *ctx = &st->ctx;
   struct gl_framebuffer *fb = ctx->ReadBuffer;
   struct gl_renderbuffer *rb = stencil_buffer(fb);

   memset(indices, 0, (size_t)width * height * sizeof(*indices));
   if (!rb || !width || !height)
      return;
   int x0 = MAX2(x, 0), y0 = MAX2(y, 0);
   int x1 = (int)MIN2((int64_t)x + width, (int64_t)fb->Width);
   int y1 = (int)MIN2((int64_t)y + height, (int64_t)fb->Height);
   if (x1 <= x0 || y1 <= y0)
      return;

   struct stencil_map m;
   if (!map_stencil(st, fb, rb, x0, y0, x1, y1, PIPE_MAP_READ, &m,
                    "glReadPixels"))
      return;
   for (unsigned r = 0; r < m.h; r++) {
      util_format_unpack_s_8uint(rb->texture->format, m.row,
                                 map_row(&m, fb->FlipY, r), m.w);
      uint32_t *dst = indices + (size_t)(y0 - y + (int)r) * width +
                      (unsigned)(x0 - x);
      for (unsigned c = 0; c < m.w; c++)
         dst[c] = m.row[c];
   }
   unmap_stencil(st, &m);
}
