/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Window-system framebuffers (st_api.h): colour (front, and back when
 * double-buffered) and depth/stencil textures allocated on the screen, and
 * the surfaces contexts render to.
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/draw.h"
#include "main/fbobject.h"
#include "state_tracker/st_context.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

static struct pipe_resource *
alloc_buffer(struct pipe_screen *screen, enum pipe_format format,
             unsigned samples, unsigned width, unsigned height, unsigned bind)
{
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = format,
      .width0 = width ? width : 1,
      .height0 = height ? height : 1,
      .depth0 = 1,
      .array_size = 1,
      .nr_samples = samples > 1 ? samples : 0,
      .nr_storage_samples = samples > 1 ? samples : 0,
      .usage = PIPE_USAGE_DEFAULT,
      .bind = bind,
   };
   return screen->resource_create(screen, &templ);
}

static void
set_rb(struct gl_renderbuffer *rb, struct pipe_resource *res, GLenum ifmt,
       unsigned width, unsigned height, unsigned samples)
{
   pipe_resource_reference(&rb->texture, NULL);
   pipe_surface_reference(&rb->surface, NULL);
   rb->texture = res;
   rb->Format = res ? res->format : PIPE_FORMAT_NONE;
   rb->InternalFormat = ifmt;
   rb->Width = (GLsizei)width;
   rb->Height = (GLsizei)height;
   rb->Samples = samples;
   rb->level = 0; /* (an EGL image's level before, st_eglimage.c) */
}

static bool
alloc_buffers(struct st_framebuffer *fb, unsigned width, unsigned height)
{
   const struct st_visual *vis = &fb->visual;
   struct pipe_resource *front = NULL, *back = NULL, *zs = NULL;
   struct pipe_resource *msaa = NULL, *msaa_front = NULL;
   unsigned color_bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW |
                         PIPE_BIND_DISPLAY_TARGET;
   /* Windows show single-sampled buffers: with samples, GL renders into a
    * separate multisampled buffer resolved at the end of each frame.
    * Single-buffered (pbuffer) colour stays multisampled; reads of it
    * resolve. */
   bool resolve = vis->samples > 1 && vis->double_buffered;
   unsigned shown = resolve ? 0 : vis->samples;

   if (vis->color_format != PIPE_FORMAT_NONE) {
      front = alloc_buffer(fb->screen, vis->color_format, shown, width,
                           height, color_bind);
      if (!front)
         goto fail;
      if (vis->double_buffered) {
         back = alloc_buffer(fb->screen, vis->color_format, shown, width,
                             height, color_bind);
         if (!back)
            goto fail;
      }
      if (resolve) {
         msaa = alloc_buffer(fb->screen, vis->color_format, vis->samples,
                             width, height,
                             PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
         msaa_front = alloc_buffer(
            fb->screen, vis->color_format, vis->samples, width, height,
            PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
         if (!msaa || !msaa_front)
            goto fail;
      }
   }
   if (vis->depth_stencil_format != PIPE_FORMAT_NONE) {
      zs = alloc_buffer(fb->screen, vis->depth_stencil_format, vis->samples,
                        width, height, PIPE_BIND_DEPTH_STENCIL);
      if (!zs)
         goto fail;
   }

   set_rb(&fb->front, front, GL_RGBA8, width, height, shown);
   set_rb(&fb->back, back, GL_RGBA8, width, height, shown);
   set_rb(&fb->msaa, msaa, GL_RGBA8, width, height, vis->samples);
   set_rb(&fb->msaa_front, msaa_front, GL_RGBA8, width, height,
          vis->samples);
   set_rb(&fb->depth_stencil, zs, GL_DEPTH24_STENCIL8, width, height,
          vis->samples);

   struct gl_framebuffer *base = &fb->base;
   memset(base->Attachment, 0, sizeof(base->Attachment));
   st_framebuffer_select(fb);
   if (zs) {
      if (util_format_has_depth(zs->format))
         base->Attachment[BUFFER_DEPTH] = &fb->depth_stencil;
      if (util_format_has_stencil(zs->format))
         base->Attachment[BUFFER_STENCIL] = &fb->depth_stencil;
   }
   base->Width = (GLsizei)width;
   base->Height = (GLsizei)height;
   fb->stamp++;
   return true;

fail:
   pipe_resource_reference(&front, NULL);
   pipe_resource_reference(&back, NULL);
   pipe_resource_reference(&msaa, NULL);
   pipe_resource_reference(&msaa_front, NULL);
   pipe_resource_reference(&zs, NULL);
   return false;
}

struct gl_renderbuffer *
st_framebuffer_color(struct st_framebuffer *fb, unsigned buffer)
{
   if (buffer == WINSYS_BACK && fb->back.texture)
      return fb->msaa.texture ? &fb->msaa : &fb->back;
   return fb->msaa_front.texture ? &fb->msaa_front : &fb->front;
}

void
st_framebuffer_select(struct st_framebuffer *fb)
{
   struct gl_framebuffer *base = &fb->base;
   unsigned present = _mesa_winsys_buffers_present(base);

   fb->draw_mask = 0;
   for (unsigned i = 0; i < MAX_DRAW_BUFFERS; i++)
      base->Attachment[BUFFER_COLOR0 + i] = NULL;
   if (!fb->front.texture)
      return;
   /* Reads of the formats of the colour buffers need an attachment even
    * when nothing is drawn. */
   base->Attachment[BUFFER_COLOR0] =
      st_framebuffer_color(fb, present & WINSYS_BACK ? WINSYS_BACK
                                                     : WINSYS_FRONT);
   int first = _mesa_winsys_buffer_bits(base->ColorDrawBuffer[0]);
   if (first > 0 && ((unsigned)first & present) == present &&
       present == (WINSYS_FRONT | WINSYS_BACK)) {
      /* FRONT_AND_BACK or LEFT: one draw buffer, two colour buffers
       * (the fragment colour is written to both). */
      base->Attachment[BUFFER_COLOR0] = st_framebuffer_color(fb, WINSYS_FRONT);
      base->Attachment[BUFFER_COLOR0 + 1] =
         st_framebuffer_color(fb, WINSYS_BACK);
      fb->draw_mask = 0x3;
      return;
   }
   for (unsigned i = 0; i < MAX_DRAW_BUFFERS; i++) {
      int bits = _mesa_winsys_buffer_bits(base->ColorDrawBuffer[i]);
      unsigned buf = bits > 0 ? (unsigned)bits & present : 0;
      if (!buf)
         continue;
      base->Attachment[BUFFER_COLOR0 + i] = st_framebuffer_color(
         fb, buf & WINSYS_FRONT ? WINSYS_FRONT : WINSYS_BACK);
      fb->draw_mask |= 1u << i;
   }
}

struct st_framebuffer *
st_framebuffer_create(struct pipe_screen *screen,
                      const struct st_visual *visual, unsigned width,
                      unsigned height)
{
   struct st_framebuffer *fb;

   if (!screen || !visual || width > MAX_RENDERBUFFER_SIZE ||
       height > MAX_RENDERBUFFER_SIZE)
      return NULL;
   if (visual->color_format != PIPE_FORMAT_NONE &&
       !screen->is_format_supported(screen, visual->color_format,
                                    PIPE_TEXTURE_2D, visual->samples,
                                    visual->samples, PIPE_BIND_RENDER_TARGET))
      return NULL;
   if (visual->depth_stencil_format != PIPE_FORMAT_NONE &&
       !screen->is_format_supported(screen, visual->depth_stencil_format,
                                    PIPE_TEXTURE_2D, visual->samples,
                                    visual->samples, PIPE_BIND_DEPTH_STENCIL))
      return NULL;

   fb = calloc(1, sizeof(*fb));
   if (!fb)
      return NULL;
   fb->screen = screen;
   fb->visual = *visual;
   fb->refcount = 1;
   fb->base.Name = 0;
   fb->base.RefCount = 1;
   fb->base.FlipY = true;
   fb->base.winsys = fb;
   fb->base.ColorDrawBuffer[0] = visual->double_buffered ? GL_BACK : GL_FRONT;
   fb->base.ColorReadBuffer = fb->base.ColorDrawBuffer[0];
   for (unsigned i = 1; i < MAX_DRAW_BUFFERS; i++)
      fb->base.ColorDrawBuffer[i] = GL_NONE;
   if (!alloc_buffers(fb, width, height)) {
      free(fb);
      return NULL;
   }
   return fb;
}

void
st_framebuffer_unref(struct st_framebuffer *fb)
{
   if (!fb || --fb->refcount > 0)
      return;
   set_rb(&fb->front, NULL, 0, 0, 0, 0);
   set_rb(&fb->back, NULL, 0, 0, 0, 0);
   set_rb(&fb->msaa, NULL, 0, 0, 0, 0);
   set_rb(&fb->msaa_front, NULL, 0, 0, 0, 0);
   set_rb(&fb->depth_stencil, NULL, 0, 0, 0, 0);
   free(fb);
}

void
st_framebuffer_destroy(struct st_framebuffer *fb)
{
   st_framebuffer_unref(fb);
}

bool
st_framebuffer_resize(struct st_framebuffer *fb, unsigned width,
                      unsigned height)
{
   if (!fb || width > MAX_RENDERBUFFER_SIZE || height > MAX_RENDERBUFFER_SIZE)
      return false;
   if ((GLsizei)width == fb->base.Width && (GLsizei)height == fb->base.Height)
      return true;
   return alloc_buffers(fb, width, height);
}

struct pipe_resource *
st_framebuffer_get_resource(struct st_framebuffer *fb,
                            enum st_attachment_type attachment)
{
   switch (attachment) {
   case ST_ATTACHMENT_FRONT_LEFT:
      return fb->front.texture;
   case ST_ATTACHMENT_BACK_LEFT:
      return fb->back.texture ? fb->back.texture : fb->front.texture;
   case ST_ATTACHMENT_DEPTH_STENCIL:
      return fb->depth_stencil.texture;
   }
   return NULL;
}

/* Exchanges the storage of two renderbuffers of the same size. */
static void
swap_rb_storage(struct gl_renderbuffer *a, struct gl_renderbuffer *b)
{
   struct pipe_resource *tmp = a->texture;
   a->texture = b->texture;
   b->texture = tmp;
   pipe_surface_reference(&a->surface, NULL);
   pipe_surface_reference(&b->surface, NULL);
}

void
st_framebuffer_swap(struct st_framebuffer *fb)
{
   if (!fb->back.texture)
      return;
   swap_rb_storage(&fb->front, &fb->back);
   /* The back's samples become the front's (resolved into it at the end
    * of the frame), and the front's the back's. */
   if (fb->msaa.texture)
      swap_rb_storage(&fb->msaa_front, &fb->msaa);
   fb->stamp++;
}

void
st_framebuffer_resolve(struct st_context *st, struct st_framebuffer *fb)
{
   struct pipe_resource *src = fb ? fb->msaa.texture : NULL;
   struct pipe_resource *dst = fb ? fb->back.texture : NULL;
   if (!src || !dst || !st->pipe->blit)
      return;
   struct pipe_blit_info info = {
      .src = {.resource = src, .format = src->format},
      .dst = {.resource = dst, .format = dst->format},
      .mask = PIPE_MASK_RGBA,
      .filter = PIPE_TEX_FILTER_NEAREST,
   };
   info.src.box = (struct pipe_box){0, 0, 0, (int)src->width0,
                                    (int)src->height0, 1};
   info.dst.box = info.src.box;
   st->pipe->blit(st->pipe, &info);
}

void
st_framebuffer_get_size(struct st_framebuffer *fb, unsigned *width,
                        unsigned *height)
{
   *width = (unsigned)fb->base.Width;
   *height = (unsigned)fb->base.Height;
}

static unsigned
rb_bind(enum pipe_format format)
{
   return util_format_is_depth_or_stencil(format)
             ? PIPE_BIND_DEPTH_STENCIL
             : PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW;
}

/* Sample counts Gallium may offer (powers of two up to 16). */
#define ST_MAX_SAMPLE_COUNT 16

unsigned
st_sample_counts(struct st_context *st, enum pipe_format format,
                 unsigned *counts, unsigned max_counts)
{
   unsigned n = 0;
   for (unsigned s = ST_MAX_SAMPLE_COUNT; s >= 2 && n < max_counts; s /= 2) {
      if (st->screen->is_format_supported(st->screen, format, PIPE_TEXTURE_2D,
                                          s, s, rb_bind(format)))
         counts[n++] = s;
   }
   return n;
}

bool
st_renderbuffer_storage_ms(struct st_context *st, struct gl_renderbuffer *rb,
                           enum pipe_format format, unsigned samples,
                           GLsizei width, GLsizei height)
{
   struct pipe_resource *res = NULL;
   unsigned chosen = 0;

   /* The smallest supported count >= samples (ES 3.0 section 4.4.2.1). */
   if (samples > 0) {
      unsigned counts[8];
      unsigned n = st_sample_counts(st, format, counts, 8);
      for (unsigned i = 0; i < n; i++) {
         if (counts[i] >= samples)
            chosen = counts[i];
      }
      if (!chosen)
         return false;
   }
   if (width > 0 && height > 0) {
      res = alloc_buffer(st->screen, format, chosen, (unsigned)width,
                         (unsigned)height, rb_bind(format));
      if (!res)
         return false;
   }
   set_rb(rb, res, rb->InternalFormat, (unsigned)width, (unsigned)height,
          chosen);
   rb->Format = format;
   /* a shared renderbuffer: the draw checks of the group's contexts
    * (framebuffer completeness, float blending) read it */
   _mesa_draw_checks_stale(&st->ctx);
   return true;
}

bool
st_renderbuffer_storage(struct st_context *st, struct gl_renderbuffer *rb,
                        enum pipe_format format, GLsizei width, GLsizei height)
{
   return st_renderbuffer_storage_ms(st, rb, format, 0, width, height);
}

void
st_renderbuffer_zero(struct st_context *st, struct gl_renderbuffer *rb)
{
   static const union pipe_color_union zero;
   struct pipe_surface *surf = st_renderbuffer_surface(st, rb);
   if (surf && st->pipe->clear_render_target && rb->Width && rb->Height)
      st->pipe->clear_render_target(st->pipe, surf, &zero, 0, 0,
                                    (unsigned)rb->Width,
                                    (unsigned)rb->Height, false);
}

struct pipe_surface *
st_renderbuffer_surface(struct st_context *st, struct gl_renderbuffer *rb)
{
   struct pipe_surface *surf = rb->surface;

   if (!rb->texture)
      return NULL;
   /* Desktop GL 3.0 section 4.1.8: without GL_FRAMEBUFFER_SRGB an sRGB
    * buffer is rendered to through its linear twin. */
   enum pipe_format format = rb->ViewFormat != PIPE_FORMAT_NONE
                                ? rb->ViewFormat
                                : rb->texture->format;
   if (!_mesa_is_gles(&st->ctx) && !st->ctx.FramebufferSRGB)
      format = util_format_linear(format);
   /* A layered texture attachment is all its layers (GL 3.2 section
    * 4.4.7). */
   unsigned last_layer = rb->layer + (rb->nr_layers ? rb->nr_layers - 1 : 0);
   if (surf && surf->context == st->pipe && surf->texture == rb->texture &&
       surf->format == format && surf->u.tex.last_layer == last_layer)
      return surf;

   struct pipe_surface templ = {
      .format = format,
      .u.tex.level = rb->level,
      .u.tex.first_layer = rb->layer,
      .u.tex.last_layer = last_layer,
   };
   pipe_surface_reference(&rb->surface, NULL);
   rb->surface = st->pipe->create_surface(st->pipe, rb->texture, &templ);
   return rb->surface;
}
