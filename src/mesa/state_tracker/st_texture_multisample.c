/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Storage of multisample textures (GL 3.2 section 3.8.4) and the sample
 * positions of the draw framebuffer (section 3.3.1): one level, made
 * whole at glTexImage*Multisample time, with every sample of a texel in
 * the driver's layout; sampled only by texelFetch (txf_ms) and rendered
 * to through framebuffer objects.
 */
#include <string.h>

#include "main/context.h"
#include "main/fbobject.h"
#include "main/formats_es3.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_texture.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

/* The smallest count >= samples the screen has for format and target
 * with bind, 0 when none up to 16. */
static unsigned
pick_count(struct pipe_screen *screen, enum pipe_format format,
           enum pipe_texture_target target, unsigned samples, unsigned bind)
{
   for (unsigned s = 2; s <= 16; s *= 2) {
      if (s >= samples &&
          screen->is_format_supported(screen, format, target, s, s, bind))
         return s;
   }
   return 0;
}

static unsigned
bind_of(const struct gl_format_info *f)
{
   bool zs = f->base == GL_DEPTH_COMPONENT || f->base == GL_DEPTH_STENCIL ||
             f->base == GL_STENCIL_INDEX;
   return PIPE_BIND_SAMPLER_VIEW |
          (zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET);
}

unsigned
st_texture_multisample_count(struct st_context *st,
                             const struct gl_format_info *f, bool array,
                             unsigned samples, enum pipe_format *format)
{
   enum pipe_texture_target target =
      array ? PIPE_TEXTURE_2D_ARRAY : PIPE_TEXTURE_2D;
   unsigned count = 0;

   /* The first storage candidate the driver multisamples at a count the
    * request fits in (the caller checked the count against the limits,
    * which come from the same candidates). */
   *format = PIPE_FORMAT_NONE;
   for (unsigned i = 0; i < GL_FMT_MAX_STORAGE && !count; i++) {
      if (f->storage[i] == PIPE_FORMAT_NONE)
         break;
      count = pick_count(st->screen, f->storage[i], target, samples,
                         bind_of(f));
      *format = f->storage[i];
   }
   return count;
}

bool
st_texture_multisample(struct st_context *st, struct gl_texture_object *t,
                       const struct gl_format_info *f, unsigned samples,
                       GLsizei width, GLsizei height, GLsizei layers)
{
   bool array = t->Target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   enum pipe_texture_target target =
      array ? PIPE_TEXTURE_2D_ARRAY : PIPE_TEXTURE_2D;
   unsigned bind = bind_of(f);
   enum pipe_format format;
   unsigned count = st_texture_multisample_count(st, f, array, samples,
                                                 &format);
   if (!count)
      return false;

   struct pipe_resource templ = {
      .target = target,
      .format = format,
      .width0 = (unsigned)width,
      .height0 = (uint16_t)height,
      .depth0 = 1,
      .array_size = (uint16_t)(array ? layers : 1),
      .nr_samples = (uint8_t)count,
      .nr_storage_samples = (uint8_t)count,
      .usage = PIPE_USAGE_DEFAULT,
      .bind = bind,
   };
   struct pipe_resource *pt = st->screen->resource_create(st->screen, &templ);
   if (!pt)
      return false;

   for (unsigned l = 0; l < MAX_TEXTURE_LEVELS; l++) {
      struct gl_texture_image *img = &t->Image[0][l];
      pipe_resource_reference(&img->pt, NULL);
      memset(img, 0, sizeof(*img));
   }
   struct gl_texture_image *img = &t->Image[0][0];
   pipe_resource_reference(&img->pt, pt);
   img->Width = width;
   img->Height = height;
   img->Depth = array ? layers : 1;
   img->InternalFormat = f->internalformat;
   img->Type = GL_UNSIGNED_BYTE; /* (for unsized internal formats) */
   img->PipeFormat = format;
   pipe_resource_reference(&t->pt, NULL);
   t->pt = pt;
   t->pt_first_level = 0;
   t->Samples = count;
   t->stamp++;
   return true;
}

/* The largest count (0: none) of the first candidate of f the screen
 * multisamples for target with bind. */
static unsigned
max_count(struct pipe_screen *screen, const struct gl_format_info *f,
          unsigned bind)
{
   unsigned best = 0;
   for (unsigned i = 0; f && i < GL_FMT_MAX_STORAGE; i++) {
      if (f->storage[i] == PIPE_FORMAT_NONE)
         break;
      for (unsigned s = 2; s <= 16; s *= 2) {
         if (screen->is_format_supported(screen, f->storage[i],
                                         PIPE_TEXTURE_2D, s, s, bind) &&
             s > best)
            best = s;
      }
      if (best)
         break;
   }
   return best;
}

void
st_init_texture_multisample_limits(struct st_context *st)
{
   struct gl_constants *c = &st->ctx.Const;
   struct pipe_screen *screen = st->screen;
   unsigned colour = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET;
   unsigned zs = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_DEPTH_STENCIL;

   c->TextureMultisample =
      screen->get_param(screen, PIPE_CAP_TEXTURE_MULTISAMPLE) > 0;
   if (!c->TextureMultisample)
      return;
   /* GL 3.2 table 6.52: at least 1 for each; the formats every
    * implementation has (RGBA8, DEPTH_COMPONENT24, RGBA8UI). */
   c->MaxColorTextureSamples =
      (GLint)max_count(screen, _mesa_format_info(GL_RGBA8), colour);
   c->MaxDepthTextureSamples = (GLint)max_count(
      screen, _mesa_format_info(GL_DEPTH_COMPONENT24), zs);
   c->MaxIntegerSamples =
      (GLint)max_count(screen, _mesa_format_info(GL_RGBA8UI), colour);
   if (c->MaxColorTextureSamples < 1)
      c->MaxColorTextureSamples = 1;
   if (c->MaxDepthTextureSamples < 1)
      c->MaxDepthTextureSamples = 1;
   if (c->MaxIntegerSamples < 1)
      c->MaxIntegerSamples = 1;
}

unsigned
st_draw_framebuffer_samples(struct st_context *st)
{
   struct gl_framebuffer *fb = st->ctx.DrawBuffer;
   if (!fb)
      return 0;
   if (fb->Name) {
      _mesa_framebuffer_status(&st->ctx, fb);
      return _mesa_framebuffer_samples(fb);
   }
   return st->draw ? st->draw->visual.samples : 0;
}

void
st_sample_position(struct st_context *st, unsigned samples, unsigned index,
                   float out[2])
{
   out[0] = out[1] = 0.5f;
   if (samples > 1 && st->pipe->get_sample_position)
      st->pipe->get_sample_position(st->pipe, samples, index, out);
   /* GL counts y up from the pixel's bottom edge, Gallium down from its
    * top edge of the image: the same direction in framebuffer objects
    * (GL's row 0 is the image's first), opposite in window-system ones,
    * whose rows are flipped (st_framebuffer_create). */
   struct gl_framebuffer *fb = st->ctx.DrawBuffer;
   if (fb && fb->FlipY)
      out[1] = 1.0f - out[1];
}
