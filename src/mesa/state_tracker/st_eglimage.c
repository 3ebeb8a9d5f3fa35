/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL objects and EGL images sharing storage.  An image is a level of a
 * pipe_resource, with a reference: made from a level of a 2D texture
 * (EGL_GL_TEXTURE_LEVEL; the level of the texture's tree that holds it)
 * or from a renderbuffer (EGL_KHR_gl_texture_2D_image,
 * EGL_KHR_gl_renderbuffer_image), or imported by the window system
 * (dma-bufs, level 0), and given to a texture or renderbuffer as its
 * storage (GL_OES_EGL_image): a texture given level N reads its tree from
 * level N on (gl_texture_object.pt_first_level).  Both sides then read
 * and write the same memory: no copies are made here.
 */
#include "main/hash.h"
#include "main/texobj.h"
#include "pipe/p_defines.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_eglimage.h"
#include "state_tracker/st_texture.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

void
st_context_set_image_lookup(struct st_context *st, st_image_lookup_fn lookup,
                            void *data)
{
   st->image_lookup = lookup;
   st->image_lookup_data = data;
}

struct pipe_resource *
st_image_resource(struct st_context *st, void *handle, unsigned *level)
{
   *level = 0;
   if (!st->image_lookup || !handle)
      return NULL;
   return st->image_lookup(st->image_lookup_data, handle, level);
}

/* A copy of res that can be exported (PIPE_BIND_SHARED: a driver may keep
 * other resources in memory no other process can see), with every level
 * and layer copied; NULL when res already is, or on failure (*oom). */
static struct pipe_resource *
shareable_copy(struct st_context *st, struct pipe_resource *res, bool *oom)
{
   if (res->bind & PIPE_BIND_SHARED)
      return NULL;
   struct pipe_resource templ = *res;
   templ.bind |= PIPE_BIND_SHARED;
   struct pipe_resource *copy = st->screen->resource_create(st->screen, &templ);
   if (!copy) {
      *oom = true;
      return NULL;
   }
   for (unsigned l = 0; l <= res->last_level; l++) {
      struct pipe_box box;
      u_box_3d(0, 0, 0, u_minify(res->width0, l), u_minify(res->height0, l),
               res->target == PIPE_TEXTURE_3D ? u_minify(res->depth0, l)
                                              : res->array_size,
               &box);
      st->pipe->resource_copy_region(st->pipe, copy, l, 0, 0, 0, res, l, &box);
   }
   return copy;
}

/* Moves the resource holding one of the texture's levels (old) into a
 * shareable one before it becomes an image: nothing else refers to it
 * yet, so every user is here (the texture's images and mip tree; views
 * follow the stamp). */
static bool
make_texture_shareable(struct st_context *st, struct gl_texture_object *t,
                       struct pipe_resource *old)
{
   bool oom = false;
   struct pipe_resource *copy = shareable_copy(st, old, &oom);

   if (!copy)
      return !oom;
   for (unsigned f = 0; f < 6; f++) {
      for (unsigned l = 0; l < MAX_TEXTURE_LEVELS; l++) {
         if (t->Image[f][l].pt == old)
            pipe_resource_reference(&t->Image[f][l].pt, copy);
      }
   }
   if (t->pt == old)
      pipe_resource_reference(&t->pt, copy);
   pipe_resource_reference(&copy, NULL);
   t->stamp++;
   st_invalidate_framebuffer(st);
   return true;
}

static struct pipe_resource *
texture_resource(struct st_context *st, unsigned name, unsigned level,
                 unsigned *res_level, enum st_image_error *error)
{
   struct gl_texture_object *t =
      name ? _mesa_name_lookup_object(st->ctx.Shared->Textures, name) : NULL;

   /* EGL_KHR_gl_image: not a texture of that target, or the level has no
    * image: EGL_BAD_PARAMETER. */
   if (!t || t->Target != GL_TEXTURE_2D || level >= MAX_TEXTURE_LEVELS ||
       t->Image[0][level].Width == 0) {
      *error = ST_IMAGE_BAD_PARAMETER;
      return NULL;
   }
   /* Make the mip tree now, so that sampling the texture later does not
    * move the level away from the image. */
   if (_mesa_texture_complete(&st->ctx, t) && !st_finalize_texture(st, t)) {
      *error = ST_IMAGE_NO_MEMORY;
      return NULL;
   }
   /* The image is the level of the resource that holds it: of the tree,
    * or of the resource the level has until the texture is complete. */
   const struct gl_texture_image *img = &t->Image[0][level];
   if (!img->pt || img->pt_layer != 0) {
      *error = ST_IMAGE_BAD_MATCH;
      return NULL;
   }
   /* Only a one-level resource can be exported (a dma-buf is one plane;
    * the driver lays shareable resources out linearly, without mip
    * levels): a mip tree is shared within the process only. */
   if (img->pt->last_level == 0 && !make_texture_shareable(st, t, img->pt)) {
      *error = ST_IMAGE_NO_MEMORY;
      return NULL;
   }
   struct pipe_resource *res = NULL;
   pipe_resource_reference(&res, img->pt);
   *res_level = img->pt_level;
   return res;
}

static struct pipe_resource *
renderbuffer_resource(struct st_context *st, unsigned name,
                      unsigned *res_level, enum st_image_error *error)
{
   struct gl_renderbuffer *rb =
      name ? _mesa_name_lookup_object(st->ctx.Shared->Renderbuffers, name)
           : NULL;

   if (!rb || !rb->texture) {
      *error = ST_IMAGE_BAD_PARAMETER;
      return NULL;
   }
   /* (rb->level: a renderbuffer given a level of an image) */
   if (rb->Samples > 1 || rb->layer) {
      *error = ST_IMAGE_BAD_MATCH;
      return NULL;
   }
   bool oom = false;
   struct pipe_resource *copy = shareable_copy(st, rb->texture, &oom);
   if (oom) {
      *error = ST_IMAGE_NO_MEMORY;
      return NULL;
   }
   if (copy) {
      pipe_surface_reference(&rb->surface, NULL);
      pipe_resource_reference(&rb->texture, copy);
      pipe_resource_reference(&copy, NULL);
      st_invalidate_framebuffer(st);
   }
   struct pipe_resource *res = NULL;
   pipe_resource_reference(&res, rb->texture);
   *res_level = rb->level;
   return res;
}

struct pipe_resource *
st_resource_of_gl_object(struct st_context *st, unsigned gl_target,
                         unsigned name, unsigned level, unsigned *res_level,
                         enum st_image_error *error)
{
   enum st_image_error dummy;
   if (!error)
      error = &dummy;
   *error = ST_IMAGE_OK;
   *res_level = 0;

   switch (gl_target) {
   case GL_TEXTURE_2D:
      return texture_resource(st, name, level, res_level, error);
   case GL_RENDERBUFFER:
      if (level != 0)
         break;
      return renderbuffer_resource(st, name, res_level, error);
   default:
      break;
   }
   *error = ST_IMAGE_BAD_PARAMETER;
   return NULL;
}

static bool
has_alpha(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   return d && d->swizzle[3] <= PIPE_SWIZZLE_W;
}

/* The internal format a texture or renderbuffer made from an image
 * reports: what the application would have asked for to get that
 * storage. */
static GLenum
image_internal_format(enum pipe_format format)
{
   if (format == PIPE_FORMAT_B5G6R5_UNORM)
      return GL_RGB565;
   if (has_alpha(format))
      return util_format_is_srgb(format) ? GL_SRGB8_ALPHA8 : GL_RGBA8;
   return GL_RGB8;
}

bool
st_image_format_ok(struct st_context *st, struct pipe_resource *res,
                   unsigned bind)
{
   return res->target == PIPE_TEXTURE_2D && res->nr_samples <= 1 &&
          st->screen->is_format_supported(st->screen, res->format,
                                          PIPE_TEXTURE_2D, 0, 0, bind);
}

void
st_texture_from_image(struct st_context *st, struct gl_texture_object *t,
                      struct pipe_resource *res, unsigned level)
{
   (void)st;
   for (unsigned f = 0; f < 6; f++) {
      for (unsigned l = 0; l < MAX_TEXTURE_LEVELS; l++) {
         struct gl_texture_image *img = &t->Image[f][l];
         pipe_resource_reference(&img->pt, NULL);
         *img = (struct gl_texture_image){.PipeFormat = PIPE_FORMAT_NONE};
      }
   }
   struct gl_texture_image *img = &t->Image[0][0];
   img->Width = (GLsizei)u_minify(res->width0, level);
   img->Height = (GLsizei)u_minify(res->height0, level);
   img->Depth = 1;
   img->InternalFormat = image_internal_format(res->format);
   img->Format = has_alpha(res->format) ? GL_RGBA : GL_RGB;
   img->Type = GL_UNSIGNED_BYTE;
   img->PipeFormat = res->format;
   pipe_resource_reference(&img->pt, res);
   img->pt_level = level;
   pipe_resource_reference(&t->pt, res);
   t->pt_first_level = level;
   t->stamp++;
}

void
st_renderbuffer_from_image(struct st_context *st, struct gl_renderbuffer *rb,
                           struct pipe_resource *res, unsigned level)
{
   (void)st;
   pipe_surface_reference(&rb->surface, NULL);
   pipe_resource_reference(&rb->texture, res);
   rb->Format = res->format;
   rb->InternalFormat = image_internal_format(res->format);
   rb->Width = (GLsizei)u_minify(res->width0, level);
   rb->Height = (GLsizei)u_minify(res->height0, level);
   rb->Samples = 0;
   rb->level = level;
   rb->layer = 0;
}
