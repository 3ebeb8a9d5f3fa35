/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Framebuffer and renderbuffer objects (ES 2.0 section 4.4, ES 3.0 section
 * 4.4): names, binding, attachment, storage, completeness and queries.
 * Framebuffer objects are per context; renderbuffers are shared.
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/extensions.h"
#include "main/fbobject.h"
#include "main/texture_multisample.h"
#include "main/formats_es3.h"
#include "main/hash.h"
#include "main/texobj.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_texture.h"
#include "util/format/u_format.h"
#include "util/hash_table.h"
#include "util/u_inlines.h"

void
_mesa_free_renderbuffer(struct gl_renderbuffer *rb)
{
   pipe_surface_reference(&rb->surface, NULL);
   pipe_resource_reference(&rb->texture, NULL);
   free(rb);
}

void
_mesa_reference_renderbuffer(struct gl_renderbuffer **dst,
                             struct gl_renderbuffer *src)
{
   struct gl_renderbuffer *old = *dst;

   if (old == src)
      return;
   if (src)
      src->RefCount++;
   if (old && --old->RefCount == 0)
      _mesa_free_renderbuffer(old);
   *dst = src;
}

static void
clear_attachment(struct gl_fbo_attachment *att)
{
   _mesa_reference_renderbuffer(&att->Renderbuffer, NULL);
   _mesa_reference_texobj(&att->Texture, NULL);
   att->Type = GL_NONE;
   att->TextureLevel = 0;
   att->CubeFace = 0;
   att->Layer = 0;
   att->Layered = false;
}

/* GL_DEPTH_STENCIL_ATTACHMENT (ES 3.0.6 section 4.4.2.4): what was just
 * attached at the depth point is attached at the stencil point too. */
static void
mirror_depth_stencil(struct gl_framebuffer *fb, GLenum attachment)
{
   if (attachment != GL_DEPTH_STENCIL_ATTACHMENT)
      return;
   const struct gl_fbo_attachment *d = &fb->Att[BUFFER_DEPTH];
   struct gl_fbo_attachment *s = &fb->Att[BUFFER_STENCIL];
   clear_attachment(s);
   s->Type = d->Type;
   _mesa_reference_renderbuffer(&s->Renderbuffer, d->Renderbuffer);
   _mesa_reference_texobj(&s->Texture, d->Texture);
   s->TextureLevel = d->TextureLevel;
   s->CubeFace = d->CubeFace;
   s->Layer = d->Layer;
   s->Layered = d->Layered;
}

static void
free_fbo(struct gl_framebuffer *fb)
{
   for (unsigned i = 0; i < BUFFER_COUNT; i++) {
      clear_attachment(&fb->Att[i]);
      _mesa_reference_renderbuffer(&fb->Att[i].TexWrapper, NULL);
   }
   free(fb);
}

void
_mesa_free_framebuffer_objects(struct gl_context *ctx)
{
   if (!ctx->FBOs)
      return;
   hash_table_foreach(ctx->FBOs, e) {
      if (e->data != GL_NAME_RESERVED)
         free_fbo(e->data);
   }
   _mesa_name_table_destroy(ctx->FBOs);
   ctx->FBOs = NULL;
   _mesa_reference_renderbuffer(&ctx->CurrentRenderbuffer, NULL);
}

/* --- Completeness ------------------------------------------------------ */

static bool
color_renderable(enum pipe_format f)
{
   return f != PIPE_FORMAT_NONE && !util_format_is_depth_or_stencil(f);
}

/* The format entry of a texture image (its effective internal format). */
static const struct gl_format_info *
image_format(const struct gl_texture_image *img)
{
   return _mesa_format_info(
      _mesa_effective_internalformat(img->InternalFormat, img->Type));
}

/* Texture images of colour-renderable formats (ES 3.0.6 section 4.4.4;
 * unsized RGB and RGBA as the common ES 2.0 implementations do,
 * luminance and alpha not). */
static bool
texture_renderable(struct gl_context *ctx, const struct gl_texture_image *img)
{
   return _mesa_is_color_renderable(ctx, image_format(img));
}

/* The format entry of what an attachment point holds, NULL if nothing. */
static const struct gl_format_info *
attachment_format(const struct gl_fbo_attachment *att)
{
   if (att->Type == GL_RENDERBUFFER)
      return att->Renderbuffer->Width
                ? _mesa_format_info(att->Renderbuffer->InternalFormat)
                : NULL;
   if (att->Type == GL_TEXTURE)
      return image_format(
         &att->Texture->Image[att->CubeFace][att->TextureLevel]);
   return NULL;
}

/* Bits of a component of a format entry as requested (GL_*_SIZE
 * queries). */
static GLint
requested_bits(const struct gl_format_info *f, unsigned component)
{
   if (!f)
      return 0;
   switch (component) {
   case 0:
      return f->r;
   case 1:
      return f->g;
   case 2:
      return f->b;
   case 3:
      return f->a;
   case 4:
      return f->d;
   default:
      return f->s;
   }
}

/* The same as kept in storage: colour components widened to the
 * storage's (GL 4.6 sections 9.2.3 and 9.2.6, the actual resolution). */
static GLint
format_bits(const struct gl_format_info *f, unsigned component,
            enum pipe_format storage)
{
   return _mesa_stored_color_bits(requested_bits(f, component), component,
                                  storage);
}

/* The storage format of what an attachment point holds. */
static enum pipe_format
attachment_storage(const struct gl_fbo_attachment *att)
{
   if (att->Type == GL_RENDERBUFFER && att->Renderbuffer->texture)
      return att->Renderbuffer->texture->format;
   if (att->Type == GL_TEXTURE)
      return att->Texture->Image[att->CubeFace][att->TextureLevel].PipeFormat;
   return PIPE_FORMAT_NONE;
}

/* Whether textures of this target attach as layered images with
 * glFramebufferTexture (GL 3.2 section 4.4.2: three-dimensional, array and
 * cube map textures; GL 4.0 cube map arrays). */
static bool
layered_target(GLenum target)
{
   switch (target) {
   case GL_TEXTURE_3D:
   case GL_TEXTURE_1D_ARRAY:
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_CUBE_MAP_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return true;
   default:
      return false;
   }
}

/* The layers of a layered texture attachment (GL 3.2 section 4.4.7): the
 * depth of a 3D level, the layers of an array, the six cube faces. */
static unsigned
attachment_layers(const struct gl_fbo_attachment *att)
{
   const struct gl_texture_image *img =
      &att->Texture->Image[0][att->TextureLevel];

   switch (att->Texture->Target) {
   case GL_TEXTURE_CUBE_MAP:
      return 6;
   case GL_TEXTURE_1D_ARRAY:
      return (unsigned)img->Height;
   default:
      return (unsigned)img->Depth;
   }
}

bool
_mesa_update_framebuffer(struct gl_context *ctx, struct gl_framebuffer *fb)
{
   bool changed = false;

   if (!fb || !fb->Name)
      return false;
   for (unsigned i = 0; i < BUFFER_COUNT; i++) {
      struct gl_fbo_attachment *att = &fb->Att[i];
      struct gl_renderbuffer *rb = NULL;

      if (att->Type == GL_RENDERBUFFER) {
         rb = att->Renderbuffer;
      } else if (att->Type == GL_TEXTURE) {
         struct gl_texture_image *img =
            &att->Texture->Image[att->CubeFace][att->TextureLevel];
         if (!img->pt)
            img = NULL;
         if (!att->TexWrapper) {
            att->TexWrapper = calloc(1, sizeof(*att->TexWrapper));
            if (!att->TexWrapper)
               continue;
            att->TexWrapper->RefCount = 1;
         }
         rb = att->TexWrapper;
         unsigned nr_layers = 0;
         if (att->Layered) {
            /* A cube's faces must be layers of one resource. */
            if (att->Texture->Target == GL_TEXTURE_CUBE_MAP &&
                !st_texture_gather_cube_level(ctx->st, att->Texture,
                                              (unsigned)att->TextureLevel))
               img = NULL;
            else
               nr_layers = attachment_layers(att);
         }
         if (!img) {
            /* A cube with faces missing or mismatched: incomplete. */
            pipe_resource_reference(&rb->texture, NULL);
            pipe_surface_reference(&rb->surface, NULL);
            rb->Width = rb->Height = 0;
            fb->Attachment[i] = rb;
            changed = true;
            continue;
         }
         unsigned layer = img->pt_layer + (unsigned)att->Layer;
         if (rb->texture != img->pt || rb->level != img->pt_level ||
             rb->layer != layer || rb->nr_layers != nr_layers) {
            pipe_resource_reference(&rb->texture, img->pt);
            pipe_surface_reference(&rb->surface, NULL);
            rb->level = img->pt_level;
            rb->layer = layer;
            rb->nr_layers = nr_layers;
            changed = true;
         }
         rb->Width = img->Width;
         /* The rows of a 1D array image are its layers. */
         rb->Height = att->Texture->Target == GL_TEXTURE_1D_ARRAY
                         ? 1
                         : img->Height;
         rb->Samples = att->Texture->Samples; /* multisample textures */
         rb->Format = img->PipeFormat;
         rb->InternalFormat = img->InternalFormat;
         rb->ViewFormat = att->Texture->IsView ? img->PipeFormat
                                               : PIPE_FORMAT_NONE;
      }
      if (fb->Attachment[i] != rb)
         changed = true;
      fb->Attachment[i] = rb;
   }
   if (changed && fb == ctx->DrawBuffer)
      st_invalidate_framebuffer(ctx->st);
   return changed;
}

/* Whether a and b render to the same image of the same resource. */
static bool
same_image(const struct gl_renderbuffer *a, const struct gl_renderbuffer *b)
{
   return a == b || (a->texture == b->texture && a->level == b->level &&
                     a->layer == b->layer && a->nr_layers == b->nr_layers);
}

GLenum
_mesa_framebuffer_status(struct gl_context *ctx, struct gl_framebuffer *fb)
{
   GLsizei w = -1, h = -1;
   bool any = false;
   unsigned samples = 0;
   /* GL 3.2 section 4.4.4: either every populated attachment is layered
    * or none is, and layered colour attachments share one target. */
   bool layered = false;
   GLenum layer_target = GL_NONE;
   unsigned layers = 0;
   /* GL 3.2 section 4.4.4: fixed sample locations of the attached
    * multisample textures (-1: none yet), and whether there are
    * renderbuffers. */
   int fixed = -1;
   bool any_rb = false;

   if (!fb)
      return GL_FRAMEBUFFER_UNDEFINED;
   if (!fb->Name)
      return GL_FRAMEBUFFER_COMPLETE;

   fb->Layers = 0;
   _mesa_update_framebuffer(ctx, fb);
   for (unsigned i = 0; i < BUFFER_COUNT; i++) {
      const struct gl_fbo_attachment *att = &fb->Att[i];
      const struct gl_renderbuffer *rb = fb->Attachment[i];

      if (att->Type == GL_NONE)
         continue;
      if (!rb || rb->Width <= 0 || rb->Height <= 0 || !rb->texture)
         return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      if (any && att->Layered != layered)
         return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
      layered = att->Layered;
      if (layered) {
         GLenum t = att->Texture->Target;
         if (i < BUFFER_DEPTH && layer_target != GL_NONE && t != layer_target)
            return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
         if (i < BUFFER_DEPTH)
            layer_target = t;
         /* The framebuffer has as many layers as its largest attachment
          * (GL 4.6 section 9.8; Mesa's util_framebuffer_get_num_layers
          * likewise); smaller ones ignore the layers past their end. */
         if (rb->nr_layers > layers)
            layers = rb->nr_layers;
      }
      if (i < BUFFER_DEPTH) {
         if (!color_renderable(rb->Format))
            return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
         if (att->Type == GL_TEXTURE &&
             !texture_renderable(
                ctx, &att->Texture->Image[att->CubeFace][att->TextureLevel]))
            return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      } else if (i == BUFFER_DEPTH) {
         if (!util_format_has_depth(rb->Format) ||
             rb->InternalFormat == GL_STENCIL_INDEX8)
            return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      } else if (!util_format_has_stencil(rb->Format)) {
         return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      }
      /* ES 3.0.6 section 4.4.4.2: every attachment has the same
       * RENDERBUFFER_SAMPLES (textures count as 0); GL 3.2 section 4.4.4:
       * the same for TEXTURE_SAMPLES of multisample textures, and their
       * TEXTURE_FIXED_SAMPLE_LOCATIONS is the same, and TRUE when
       * renderbuffers are attached too. */
      unsigned rs = rb->Samples > 1 ? rb->Samples : 0;
      if (any && rs != samples)
         return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
      samples = rs;
      if (att->Type == GL_TEXTURE && att->Texture->Samples) {
         int f = att->Texture->FixedSampleLocations;
         if (fixed >= 0 && f != fixed)
            return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
         fixed = f;
      }
      any_rb |= att->Type == GL_RENDERBUFFER;
      if (any_rb && fixed == 0)
         return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
      if (!any) {
         w = rb->Width;
         h = rb->Height;
         any = true;
      } else if (rb->Width != w || rb->Height != h) {
         /* ES 2.0 only; ES 3.0 uses the smallest. */
         if (_mesa_is_gles(ctx) && ctx->Version < 30)
            return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS;
         w = rb->Width < w ? rb->Width : w;
         h = rb->Height < h ? rb->Height : h;
      }
   }
   /* ES 3.1 section 9.4.2 / GL 4.3 section 9.4.2: no attachment is
    * complete when the default width and height are not zero; it is then
    * that size. */
   if (!any && (!fb->DefaultWidth || !fb->DefaultHeight))
      return fb->Status = GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
   if (!any) {
      w = fb->DefaultWidth;
      h = fb->DefaultHeight;
   }

   /* The driver takes one depth/stencil surface (st_atoms.c), so depth
    * and stencil must be one packed image: different images (other
    * resources, or other levels or layers of one) are an unsupported
    * combination (GL 4.6 section 9.4.2 lets implementations refuse
    * them; Mesa's src/mesa/state_tracker/st_cb_fbo.c,
    * st_validate_framebuffer, refuses separate resources). */
   const struct gl_renderbuffer *d = fb->Attachment[BUFFER_DEPTH];
   const struct gl_renderbuffer *s = fb->Attachment[BUFFER_STENCIL];
   if (d && s && !same_image(d, s))
      return fb->Status = GL_FRAMEBUFFER_UNSUPPORTED;

   fb->Width = w;
   fb->Height = h;
   fb->Layers = layered ? layers : 0;
   return fb->Status = GL_FRAMEBUFFER_COMPLETE;
}

unsigned
_mesa_framebuffer_samples(const struct gl_framebuffer *fb)
{
   if (!fb)
      return 0;
   for (unsigned i = 0; i < BUFFER_COUNT; i++) {
      const struct gl_renderbuffer *rb = fb->Attachment[i];
      if (rb && rb->texture)
         return rb->Samples > 1 ? rb->Samples : 0;
   }
   /* Without attachments (ARB_framebuffer_no_attachments): the default
    * samples rounded up to a count the hardware has, a power of two (it
    * was checked against MAX_FRAMEBUFFER_SAMPLES). */
   unsigned s = fb->Name && fb->DefaultSamples > 0 ? 2 : 0;
   while (s && s < (unsigned)fb->DefaultSamples)
      s *= 2;
   return s;
}

bool
_mesa_read_framebuffer_single_sampled(struct gl_context *ctx, const char *func)
{
   /* ES 3.0.6 sections 4.3.1 and 3.8.5: reads and copies from a
    * multisampled framebuffer object (the window system's is resolved). */
   if (ctx->ReadBuffer && ctx->ReadBuffer->Name &&
       _mesa_framebuffer_samples(ctx->ReadBuffer)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(multisampled read framebuffer)", func);
      return false;
   }
   return true;
}

/* Whether fb is complete; INVALID_FRAMEBUFFER_OPERATION when not. */
static bool
framebuffer_complete(struct gl_context *ctx, struct gl_framebuffer *fb,
                     const char *func)
{
   if (_mesa_framebuffer_status(ctx, fb) == GL_FRAMEBUFFER_COMPLETE)
      return true;
   _mesa_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
               "%s(incomplete framebuffer)", func);
   return false;
}

bool
_mesa_draw_framebuffer_complete(struct gl_context *ctx, const char *func)
{
   return framebuffer_complete(ctx, ctx->DrawBuffer, func);
}

bool
_mesa_read_framebuffer_complete(struct gl_context *ctx, const char *func)
{
   return framebuffer_complete(ctx, ctx->ReadBuffer, func);
}

/* The framebuffer binding a target names: GL_FRAMEBUFFER and
 * GL_DRAW_FRAMEBUFFER the draw binding, GL_READ_FRAMEBUFFER the read one
 * (the last two from ES 3.0 section 4.4.1 / GL_ARB_framebuffer_object,
 * which desktop contexts advertise).  NULL for any other enum. */
static struct gl_framebuffer **
framebuffer_binding(struct gl_context *ctx, GLenum target)
{
   bool split = !_mesa_is_gles(ctx) || ctx->Version >= 30 ||
                _mesa_has_extension(ctx, "GL_NV_framebuffer_blit");

   switch (target) {
   case GL_FRAMEBUFFER:
      return &ctx->DrawBuffer;
   case GL_DRAW_FRAMEBUFFER:
      return split ? &ctx->DrawBuffer : NULL;
   case GL_READ_FRAMEBUFFER:
      return split ? &ctx->ReadBuffer : NULL;
   default:
      return NULL;
   }
}

struct gl_framebuffer **
_mesa_framebuffer_binding(struct gl_context *ctx, GLenum target)
{
   return framebuffer_binding(ctx, target);
}

GLenum GLAPIENTRY
_mesa_CheckFramebufferStatus(GLenum target)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_framebuffer **binding;

   if (!ctx)
      return 0;
   binding = framebuffer_binding(ctx, target);
   if (!binding) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glCheckFramebufferStatus(target)");
      return 0;
   }
   return _mesa_framebuffer_status(ctx, *binding);
}

/* --- Framebuffer objects ----------------------------------------------- */

void GLAPIENTRY
_mesa_GenFramebuffers(GLsizei n, GLuint *framebuffers)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenFramebuffers(n < 0)");
      return;
   }
   if (!_mesa_name_gen(ctx->FBOs, &ctx->NextFBO, n, framebuffers))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenFramebuffers");
}

GLboolean GLAPIENTRY
_mesa_IsFramebuffer(GLuint framebuffer)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return GL_FALSE;
   return _mesa_name_lookup_object(ctx->FBOs, framebuffer) != NULL;
}

/* Binds fb (NULL: the window-system framebuffers) for drawing, reading
 * or both. */
static void
bind_fbo(struct gl_context *ctx, struct gl_framebuffer *fb, bool draw,
         bool read)
{
   if (draw && ctx->DrawBuffer != (fb ? fb : ctx->WinsysDraw)) {
      ctx->DrawBuffer = fb ? fb : ctx->WinsysDraw;
      st_invalidate_framebuffer(ctx->st);
   }
   if (read)
      ctx->ReadBuffer = fb ? fb : ctx->WinsysRead;
}

void GLAPIENTRY
_mesa_BindFramebuffer(GLenum target, GLuint framebuffer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_framebuffer *fb = NULL;
   struct gl_framebuffer **binding = framebuffer_binding(ctx, target);

   if (!binding) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBindFramebuffer(target=0x%x)",
                  target);
      return;
   }
   if (framebuffer) {
      fb = _mesa_name_lookup_object(ctx->FBOs, framebuffer);
      if (!fb) {
         fb = calloc(1, sizeof(*fb));
         if (!fb || !_mesa_name_insert(ctx->FBOs, framebuffer, fb)) {
            free(fb);
            _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBindFramebuffer");
            return;
         }
         fb->Name = framebuffer;
         fb->RefCount = 1;
         fb->ColorDrawBuffer[0] = GL_COLOR_ATTACHMENT0;
         fb->ColorReadBuffer = GL_COLOR_ATTACHMENT0;
      }
   }
   bind_fbo(ctx, fb, target != GL_READ_FRAMEBUFFER,
            target != GL_DRAW_FRAMEBUFFER);
}

void GLAPIENTRY
_mesa_DeleteFramebuffers(GLsizei n, const GLuint *framebuffers)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteFramebuffers(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      void *obj = _mesa_name_lookup(ctx->FBOs, framebuffers[i]);

      if (!obj)
         continue;
      _mesa_name_remove(ctx->FBOs, framebuffers[i]);
      if (obj == GL_NAME_RESERVED)
         continue;
      if (ctx->DrawBuffer == obj || ctx->ReadBuffer == obj) {
         /* ES 3.0 section 4.4.1: deleting a bound one binds 0 there. */
         if (ctx->DrawBuffer == obj)
            st_release_framebuffer_state(ctx->st);
         bind_fbo(ctx, NULL, ctx->DrawBuffer == obj, ctx->ReadBuffer == obj);
      }
      free_fbo(obj);
   }
}

/* The attachment point of an enum, -1 if not one of this context. */
static int
attachment_index(struct gl_context *ctx, GLenum attachment)
{
   switch (attachment) {
   case GL_COLOR_ATTACHMENT0:
      return BUFFER_COLOR0;
   case GL_DEPTH_ATTACHMENT:
      return BUFFER_DEPTH;
   case GL_STENCIL_ATTACHMENT:
      return BUFFER_STENCIL;
   case GL_DEPTH_STENCIL_ATTACHMENT:
      /* Both points (mirror_depth_stencil); ES 3.0 and GL 3.0. */
      return !_mesa_is_gles(ctx) || ctx->Version >= 30 ? BUFFER_DEPTH : -1;
   default:
      if (attachment > GL_COLOR_ATTACHMENT0 &&
          attachment < GL_COLOR_ATTACHMENT0 + MAX_DRAW_BUFFERS &&
          (!_mesa_is_gles(ctx) || ctx->Version >= 30 ||
           _mesa_has_extension(ctx, "GL_EXT_draw_buffers")))
         return BUFFER_COLOR0 + (int)(attachment - GL_COLOR_ATTACHMENT0);
      return -1;
   }
}

/* The bound framebuffer object for target; records the errors. */
static struct gl_framebuffer *
bound_fbo(struct gl_context *ctx, GLenum target, const char *func)
{
   struct gl_framebuffer **binding = framebuffer_binding(ctx, target);

   if (!binding) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return NULL;
   }
   if (!*binding || !(*binding)->Name) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(framebuffer 0)", func);
      return NULL;
   }
   return *binding;
}

/* The attachment point of `attachment` (*index) and the bound
 * framebuffer object of target; NULL with the error recorded: an
 * attachment not of this context is INVALID_ENUM, then bound_fbo's. */
static struct gl_framebuffer *
attachment_fbo(struct gl_context *ctx, GLenum target, GLenum attachment,
               const char *func, int *index)
{
   *index = attachment_index(ctx, attachment);
   if (*index < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(attachment=0x%x)", func,
                  attachment);
      return NULL;
   }
   return bound_fbo(ctx, target, func);
}

static void
attachments_changed(struct gl_context *ctx, struct gl_framebuffer *fb)
{
   if (ctx->DrawBuffer == fb)
      st_invalidate_framebuffer(ctx->st);
}

void GLAPIENTRY
_mesa_FramebufferRenderbuffer(GLenum target, GLenum attachment,
                              GLenum renderbuffertarget, GLuint renderbuffer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_framebuffer *fb;
   struct gl_renderbuffer *rb = NULL;
   int index;

   if (!framebuffer_binding(ctx, target)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glFramebufferRenderbuffer(target)");
      return;
   }
   index = attachment_index(ctx, attachment);
   if (index < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM,
                  "glFramebufferRenderbuffer(attachment=0x%x)", attachment);
      return;
   }
   if (renderbuffertarget != GL_RENDERBUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM,
                  "glFramebufferRenderbuffer(renderbuffertarget)");
      return;
   }
   fb = bound_fbo(ctx, target, "glFramebufferRenderbuffer");
   if (!fb)
      return;
   if (renderbuffer) {
      rb = _mesa_name_lookup_object(ctx->Shared->Renderbuffers, renderbuffer);
      if (!rb) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glFramebufferRenderbuffer(renderbuffer=%u)",
                     renderbuffer);
         return;
      }
   }
   clear_attachment(&fb->Att[index]);
   if (rb) {
      fb->Att[index].Type = GL_RENDERBUFFER;
      _mesa_reference_renderbuffer(&fb->Att[index].Renderbuffer, rb);
   }
   mirror_depth_stencil(fb, attachment);
   attachments_changed(ctx, fb);
}

void GLAPIENTRY
_mesa_FramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget,
                           GLuint texture, GLint level)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_framebuffer *fb;
   struct gl_texture_object *tex = NULL;
   unsigned face = 0;
   int index;

   if (!framebuffer_binding(ctx, target)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glFramebufferTexture2D(target)");
      return;
   }
   fb = attachment_fbo(ctx, target, attachment, "glFramebufferTexture2D",
                       &index);
   if (!fb)
      return;
   if (texture) {
      bool rect = textarget == GL_TEXTURE_RECTANGLE && !_mesa_is_gles(ctx);
      /* GL 3.2 section 4.4.2: TEXTURE_2D_MULTISAMPLE, level 0. */
      bool ms = textarget == GL_TEXTURE_2D_MULTISAMPLE &&
                _mesa_has_texture_multisample(ctx);
      if (ms && level != 0) {
         _mesa_error(ctx, GL_INVALID_VALUE,
                     "glFramebufferTexture2D(multisample level=%d)", level);
         return;
      }
      /* Beyond the specification, as Mesa does (main/fbobject.c,
       * check_textarget): a 2D array texture named as GL_TEXTURE_2D_ARRAY
       * attaches its layer 0 from GL 3.0 and ES 3.0 on.  piglit's ES
       * texel probes read array layers this way. */
      bool array0 = textarget == GL_TEXTURE_2D_ARRAY && ctx->Version >= 30;
      if (textarget == GL_TEXTURE_2D || rect || ms || array0) {
         face = 0;
      } else if (textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
                 textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
         face = textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      } else {
         _mesa_error(ctx, GL_INVALID_ENUM,
                     "glFramebufferTexture2D(textarget=0x%x)", textarget);
         return;
      }
      tex = _mesa_name_lookup_object(ctx->Shared->Textures, texture);
      if (!tex || !tex->Target) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glFramebufferTexture2D(texture=%u)", texture);
         return;
      }
      GLenum want = textarget == GL_TEXTURE_2D || rect || ms || array0
                       ? textarget
                       : GL_TEXTURE_CUBE_MAP;
      if (tex->Target != want) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glFramebufferTexture2D(textarget mismatch)");
         return;
      }
      /* ES 2.0: level 0 only; ES 3.0: a level of the texture. */
      /* GL 3.1 section 4.4.2: a rectangle texture's level is 0. */
      if (level < 0 || level >= MAX_TEXTURE_LEVELS || (rect && level) ||
          (_mesa_is_gles(ctx) && ctx->Version < 30 && level != 0)) {
         _mesa_error(ctx, GL_INVALID_VALUE, "glFramebufferTexture2D(level=%d)",
                     level);
         return;
      }
   }
   clear_attachment(&fb->Att[index]);
   if (tex) {
      fb->Att[index].Type = GL_TEXTURE;
      _mesa_reference_texobj(&fb->Att[index].Texture, tex);
      fb->Att[index].TextureLevel = level;
      fb->Att[index].CubeFace = face;
   }
   mirror_depth_stencil(fb, attachment);
   attachments_changed(ctx, fb);
}

/* The largest level of a texture of this target (GL 3.2 section 4.4.2:
 * level must be at most log2 of the target's largest size; rectangle and
 * multisample textures only have level 0). */
static GLint
max_attach_level(struct gl_context *ctx, GLenum target)
{
   GLint size;

   switch (target) {
   case GL_TEXTURE_RECTANGLE:
   case GL_TEXTURE_2D_MULTISAMPLE:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return 0;
   case GL_TEXTURE_3D:
      size = ctx->Const.Max3DTextureSize;
      break;
   case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      size = ctx->Const.MaxCubeMapTextureSize;
      break;
   default:
      size = ctx->Const.MaxTextureSize;
      break;
   }
   GLint level = 0;
   while (size > 1) {
      size /= 2;
      level++;
   }
   return level < MAX_TEXTURE_LEVELS ? level : MAX_TEXTURE_LEVELS - 1;
}

/* glFramebufferTexture1D/3D (GL 3.0 section 4.4.2): level `level` of a
 * 1D texture, or slice `zoffset` of level `level` of a 3D texture, as
 * glFramebufferTexture2D attaches a 2D image.  A textarget other than
 * the command's is an INVALID_ENUM; a texture of another target an
 * INVALID_OPERATION; a level or slice out of range an INVALID_VALUE. */
static void
framebuffer_texture_other(GLenum target, GLenum attachment,
                          GLenum textarget, GLuint texture, GLint level,
                          GLint zoffset, GLenum want_target, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_framebuffer *fb;
   struct gl_texture_object *tex = NULL;
   int index;

   /* glFramebufferTexture3DOES forwards here (OES_texture_3D) */
   if (_mesa_is_gles(ctx) &&
       !(want_target == GL_TEXTURE_3D &&
         _mesa_has_extension(ctx, "GL_OES_texture_3D"))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in OpenGL ES)", func);
      return;
   }
   fb = attachment_fbo(ctx, target, attachment, func, &index);
   if (!fb)
      return;
   if (texture) {
      if (textarget != want_target) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(textarget=0x%x)", func,
                     textarget);
         return;
      }
      tex = _mesa_name_lookup_object(ctx->Shared->Textures, texture);
      if (!tex || tex->Target != want_target) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(texture=%u)", func,
                     texture);
         return;
      }
      if (level < 0 || level > max_attach_level(ctx, want_target) ||
          zoffset < 0 ||
          (want_target == GL_TEXTURE_3D &&
           zoffset >= ctx->Const.Max3DTextureSize)) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(level/zoffset)", func);
         return;
      }
   }
   clear_attachment(&fb->Att[index]);
   if (tex) {
      fb->Att[index].Type = GL_TEXTURE;
      _mesa_reference_texobj(&fb->Att[index].Texture, tex);
      fb->Att[index].TextureLevel = level;
      fb->Att[index].Layer = want_target == GL_TEXTURE_3D ? zoffset : 0;
   }
   mirror_depth_stencil(fb, attachment);
   attachments_changed(ctx, fb);
}

void GLAPIENTRY
_mesa_FramebufferTexture1D(GLenum target, GLenum attachment,
                           GLenum textarget, GLuint texture, GLint level)
{
   framebuffer_texture_other(target, attachment, textarget, texture, level,
                             0, GL_TEXTURE_1D, "glFramebufferTexture1D");
}

void GLAPIENTRY
_mesa_FramebufferTexture3D(GLenum target, GLenum attachment,
                           GLenum textarget, GLuint texture, GLint level,
                           GLint zoffset)
{
   framebuffer_texture_other(target, attachment, textarget, texture, level,
                             zoffset, GL_TEXTURE_3D, "glFramebufferTexture3D");
}

/* glFramebufferTexture (GL 3.2 section 4.4.2): a whole level of a texture.
 * Three-dimensional, array and cube map textures attach layered (every
 * slice, layer or face; a geometry shader's gl_Layer picks the one each
 * primitive goes to); other targets attach their one image, as
 * glFramebufferTexture2D would. */
void GLAPIENTRY
_mesa_FramebufferTexture(GLenum target, GLenum attachment, GLuint texture,
                         GLint level)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glFramebufferTexture";
   struct gl_framebuffer *fb;
   struct gl_texture_object *tex = NULL;
   int index;

   /* Core in GL 3.2 (ES 3.2 and OES_geometry_shader are not exposed). */
   if (_mesa_is_gles(ctx) || ctx->Version < 32) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(needs OpenGL 3.2)", func);
      return;
   }
   if (!framebuffer_binding(ctx, target)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   fb = attachment_fbo(ctx, target, attachment, func, &index);
   if (!fb)
      return;
   if (texture) {
      tex = _mesa_name_lookup_object(ctx->Shared->Textures, texture);
      /* GL 4.6 section 9.2.8: not the name of a texture object is an
       * INVALID_VALUE for this command (INVALID_OPERATION for the
       * FramebufferTexture<n>D ones). */
      if (!tex || !tex->Target) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(texture=%u)", func, texture);
         return;
      }
      switch (tex->Target) {
      case GL_TEXTURE_1D:
      case GL_TEXTURE_2D:
      case GL_TEXTURE_RECTANGLE:
      case GL_TEXTURE_2D_MULTISAMPLE:
         break;
      default:
         /* Buffer textures have no images to attach. */
         if (!layered_target(tex->Target)) {
            _mesa_error(ctx, GL_INVALID_OPERATION, "%s(target of %u)", func,
                        texture);
            return;
         }
         break;
      }
      if (level < 0 || level > max_attach_level(ctx, tex->Target)) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
         return;
      }
   }
   clear_attachment(&fb->Att[index]);
   if (tex) {
      fb->Att[index].Type = GL_TEXTURE;
      _mesa_reference_texobj(&fb->Att[index].Texture, tex);
      fb->Att[index].TextureLevel = level;
      fb->Att[index].Layered = layered_target(tex->Target);
   }
   mirror_depth_stencil(fb, attachment);
   attachments_changed(ctx, fb);
}

/* The format queries of GetFramebufferAttachmentParameteriv. */
static GLint
attachment_query(struct gl_context *ctx, GLenum attachment,
                 const struct gl_fbo_attachment *att, GLenum pname,
                 const char *func)
{
   const struct gl_format_info *f = attachment_format(att);

   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
      /* Depth-stencil as a whole has no single type (ES 3.0.6 6.1.13). */
      if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(depth-stencil type)",
                     func);
         return 0;
      }
      if (!f)
         return GL_NONE;
      if (attachment == GL_STENCIL_ATTACHMENT)
         return GL_UNSIGNED_INT;
      return (GLint)f->type;
   case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
      return f && f->srgb ? GL_SRGB : GL_LINEAR;
   default:
      break;
   }
   if (!f)
      return 0;
   /* Only the aspect of the attachment point counts for depth-stencil
    * images. */
   unsigned c = pname - GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE;
   if (attachment == GL_DEPTH_ATTACHMENT && c != 4)
      return 0;
   if (attachment == GL_STENCIL_ATTACHMENT && c != 5)
      return 0;
   return format_bits(f, c, attachment_storage(att));
}

/* Bits of component c (0-3 colour, 4 depth, 5 stencil) of a pipe
 * format. */
static GLint
pipe_bits(enum pipe_format f, unsigned c)
{
   const struct util_format_description *d = util_format_description(f);
   if (!d || f == PIPE_FORMAT_NONE)
      return 0;
   bool ds = util_format_is_depth_or_stencil(f);
   unsigned swz;
   if (c < 4) {
      if (ds)
         return 0;
      swz = d->swizzle[c];
   } else if (c == 4) {
      if (!util_format_has_depth(f))
         return 0;
      swz = d->swizzle[0];
   } else {
      if (!util_format_has_stencil(f))
         return 0;
      swz = d->swizzle[util_format_has_depth(f) ? 1 : 0];
   }
   return swz <= PIPE_SWIZZLE_W ? d->channel[swz].size : 0;
}

/* GetFramebufferAttachmentParameteriv of the default framebuffer (ES
 * 3.0.6 section 6.1.13): BACK, DEPTH and STENCIL (desktop: also the front
 * and left buffers), of type FRAMEBUFFER_DEFAULT when they exist. */
static void
default_fb_query(struct gl_context *ctx, struct gl_framebuffer *fb,
                 GLenum attachment, GLenum pname, GLint *params,
                 const char *func)
{
   int index;
   switch (attachment) {
   case GL_BACK:
      index = BUFFER_COLOR0;
      break;
   case GL_FRONT:
   case GL_FRONT_LEFT:
   case GL_BACK_LEFT:
      index = _mesa_is_gles(ctx) ? -1 : BUFFER_COLOR0;
      break;
   case GL_DEPTH:
      index = BUFFER_DEPTH;
      break;
   case GL_STENCIL:
      index = BUFFER_STENCIL;
      break;
   default:
      index = -1;
      break;
   }
   if (index < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(attachment=0x%x)", func,
                  attachment);
      return;
   }
   const struct gl_renderbuffer *rb = fb->Attachment[index];
   enum pipe_format f =
      rb ? (rb->texture ? _mesa_rb_texel_format(rb) : rb->Format) : PIPE_FORMAT_NONE;
   if (index == BUFFER_DEPTH && !util_format_has_depth(f))
      rb = NULL;
   if (index == BUFFER_STENCIL && !util_format_has_stencil(f))
      rb = NULL;

   if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
      *params = rb ? GL_FRAMEBUFFER_DEFAULT : GL_NONE;
      return;
   }
   if (!rb) {
      if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
         *params = 0;
         return;
      }
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no buffer)", func);
      return;
   }
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: {
      unsigned c = pname - GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE;
      /* Only the aspect of the attachment point. */
      if ((index == BUFFER_DEPTH && c != 4) ||
          (index == BUFFER_STENCIL && c != 5))
         *params = 0;
      else
         *params = pipe_bits(f, c);
      return;
   }
   case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
      if (index == BUFFER_STENCIL)
         *params = GL_UNSIGNED_INT;
      else if (util_format_is_pure_sint(f))
         *params = GL_INT;
      else if (util_format_is_pure_uint(f))
         *params = GL_UNSIGNED_INT;
      else
         *params = util_format_description(f)->channel[0].type ==
                         UTIL_FORMAT_TYPE_FLOAT
                      ? GL_FLOAT
                      : GL_UNSIGNED_NORMALIZED;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
      *params = util_format_is_srgb(f) ? GL_SRGB : GL_LINEAR;
      return;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return;
   }
}

void GLAPIENTRY
_mesa_GetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment,
                                          GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetFramebufferAttachmentParameteriv";
   struct gl_framebuffer *fb;
   const struct gl_fbo_attachment *att;
   int index;

   if (!framebuffer_binding(ctx, target)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target)", func);
      return;
   }
   struct gl_framebuffer **bound = framebuffer_binding(ctx, target);
   if (*bound && !(*bound)->Name && ctx->Version >= 30) {
      default_fb_query(ctx, *bound, attachment, pname, params, func);
      return;
   }
   fb = attachment_fbo(ctx, target, attachment, func, &index);
   if (!fb)
      return;
   if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
      /* One image at both points, or an INVALID_OPERATION (ES 3.0.6
       * section 6.1.13). */
      const struct gl_fbo_attachment *d = &fb->Att[BUFFER_DEPTH];
      const struct gl_fbo_attachment *st = &fb->Att[BUFFER_STENCIL];
      if (d->Type != st->Type || d->Renderbuffer != st->Renderbuffer ||
          d->Texture != st->Texture || d->TextureLevel != st->TextureLevel ||
          d->CubeFace != st->CubeFace || d->Layer != st->Layer ||
          d->Layered != st->Layered) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "%s(different depth and stencil images)", func);
         return;
      }
   }
   att = &fb->Att[index];
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE:
      *params = (GLint)att->Type;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
      /* Zero for no attachment (ES 3.0.6 and GL 3.2 section 6.1.13; ES
       * 2.0 leaves only OBJECT_TYPE to query then). */
      if (att->Type == GL_NONE) {
         if (_mesa_is_gles(ctx) && ctx->Version < 30)
            break;
         *params = 0;
         return;
      }
      *params = att->Type == GL_RENDERBUFFER ? (GLint)att->Renderbuffer->Name
                                             : (GLint)att->Texture->Name;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
      if (att->Type != GL_TEXTURE)
         break;
      *params = att->TextureLevel;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
      /* = GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_3D_ZOFFSET_OES in ES 2.0 */
      if (att->Type != GL_TEXTURE ||
          (_mesa_is_gles(ctx) && ctx->Version < 30 &&
           !_mesa_has_extension(ctx, "GL_OES_texture_3D")))
         break;
      *params = att->Layer;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_LAYERED:
      /* GL 3.2 section 6.1.13: TRUE for a layered texture attachment. */
      if (att->Type != GL_TEXTURE || _mesa_is_gles(ctx) || ctx->Version < 32)
         break;
      *params = att->Layered ? GL_TRUE : GL_FALSE;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
      if (att->Type != GL_TEXTURE)
         break;
      *params = att->Texture->Target == GL_TEXTURE_CUBE_MAP
                   ? (GLint)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + att->CubeFace)
                   : 0;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
   case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
      /* ES 3.0.6 section 6.1.13: sizes, type and encoding of the
       * attached image's format; GL_NONE attachments are an
       * INVALID_OPERATION for these.  ES 2.0 has the type
       * (EXT_color_buffer_half_float's COMPONENT_TYPE_EXT). */
      if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
          pname != GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE)
         break;
      if (att->Type == GL_NONE) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no attachment)", func);
         return;
      }
      *params = attachment_query(ctx, attachment, att, pname, func);
      return;
   default:
      break;
   }
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
}

void
_mesa_detach_texture(struct gl_context *ctx, struct gl_texture_object *tex)
{
   struct gl_framebuffer *fbs[2] = {ctx->DrawBuffer, ctx->ReadBuffer};

   for (unsigned f = 0; f < 2; f++) {
      if (!fbs[f] || !fbs[f]->Name)
         continue;
      for (unsigned i = 0; i < BUFFER_COUNT; i++) {
         if (fbs[f]->Att[i].Type == GL_TEXTURE &&
             fbs[f]->Att[i].Texture == tex) {
            clear_attachment(&fbs[f]->Att[i]);
            attachments_changed(ctx, fbs[f]);
         }
      }
   }
}

/* --- Renderbuffers ----------------------------------------------------- */

void GLAPIENTRY
_mesa_GenRenderbuffers(GLsizei n, GLuint *renderbuffers)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenRenderbuffers(n < 0)");
      return;
   }
   if (!_mesa_name_gen(ctx->Shared->Renderbuffers,
                       &ctx->Shared->NextRenderbuffer, n, renderbuffers))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenRenderbuffers");
}

GLboolean GLAPIENTRY
_mesa_IsRenderbuffer(GLuint renderbuffer)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_renderbuffer *rb;

   if (!ctx)
      return GL_FALSE;
   rb = _mesa_name_lookup_object(ctx->Shared->Renderbuffers, renderbuffer);
   return rb && rb->EverBound;
}

void GLAPIENTRY
_mesa_BindRenderbuffer(GLenum target, GLuint renderbuffer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_renderbuffer *rb = NULL;

   if (target != GL_RENDERBUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBindRenderbuffer(target)");
      return;
   }
   if (renderbuffer) {
      rb = _mesa_name_lookup_object(ctx->Shared->Renderbuffers, renderbuffer);
      if (!rb) {
         rb = calloc(1, sizeof(*rb));
         if (!rb ||
             !_mesa_name_insert(ctx->Shared->Renderbuffers, renderbuffer, rb)) {
            free(rb);
            _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBindRenderbuffer");
            return;
         }
         rb->Name = renderbuffer;
         rb->RefCount = 1;
         rb->InternalFormat = GL_RGBA4;
      }
      rb->EverBound = true;
   }
   _mesa_reference_renderbuffer(&ctx->CurrentRenderbuffer, rb);
}

void GLAPIENTRY
_mesa_DeleteRenderbuffers(GLsizei n, const GLuint *renderbuffers)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteRenderbuffers(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      void *obj =
         _mesa_name_lookup(ctx->Shared->Renderbuffers, renderbuffers[i]);
      if (!obj)
         continue;
      _mesa_name_remove(ctx->Shared->Renderbuffers, renderbuffers[i]);
      if (obj == GL_NAME_RESERVED)
         continue;
      struct gl_renderbuffer *rb = obj;
      if (ctx->CurrentRenderbuffer == rb)
         _mesa_reference_renderbuffer(&ctx->CurrentRenderbuffer, NULL);
      /* Detached from the bound framebuffer (ES 2.0 section 4.4.3). */
      struct gl_framebuffer *fb = ctx->DrawBuffer;
      if (fb && fb->Name) {
         for (unsigned a = 0; a < BUFFER_COUNT; a++) {
            if (fb->Att[a].Type == GL_RENDERBUFFER &&
                fb->Att[a].Renderbuffer == rb) {
               clear_attachment(&fb->Att[a]);
               attachments_changed(ctx, fb);
            }
         }
      }
      rb->Name = 0;
      _mesa_reference_renderbuffer(&rb, NULL);
   }
}

/* The storage format of a renderbuffer internal format, or NONE when
 * the format is not colour-, depth- or stencil-renderable in ctx (ES 3.0.6
 * section 4.4.2.1; ES 2.0: table 4.5, OES_rgb8_rgba8, OES_depth24,
 * EXT_color_buffer_half_float's RGBA16F and RGB16F). */
/* Desktop GL 3.2 section 4.4.2.1 takes the base internal formats that
 * are colour-, depth- or stencil-renderable (section 4.4.4) too: they
 * stand for the sized format an implementation would pick, here the
 * 8-bit colour ones, DEPTH_COMPONENT24, DEPTH24_STENCIL8 and
 * STENCIL_INDEX8 (as Mesa picks). */
static GLenum
sized_renderbuffer_format(struct gl_context *ctx, GLenum ifmt)
{
   if (_mesa_is_gles(ctx))
      return ifmt;
   switch (ifmt) {
   case GL_ALPHA: /* compatibility contexts (_mesa_is_color_renderable) */
      return GL_ALPHA8;
   case GL_RED:
      return GL_R8;
   case GL_RG:
      return GL_RG8;
   case GL_RGB:
      return GL_RGB8;
   case GL_RGBA:
      return GL_RGBA8;
   case GL_DEPTH_COMPONENT:
      return GL_DEPTH_COMPONENT24;
   case GL_DEPTH_STENCIL:
      return GL_DEPTH24_STENCIL8;
   case GL_STENCIL_INDEX:
      return GL_STENCIL_INDEX8;
   /* Since wave 17: the base luminance and intensity formats of
    * compatibility contexts (GL 3.0 section 4.4.4 names them
    * colour-renderable, as ALPHA; renderbuffers of them are Mesa's too:
    * alexvorxx/Mesa-VirGL src/mesa/main/fbobject.c, _mesa_base_fbo_format;
    * core contexts reject them in renderbuffer_format), and the 1, 4 and
    * 16-bit stencil indices of ARB_framebuffer_object (GL 3.0 table 4.11),
    * kept in 8 bits (section 4.4.2.1 lets the implementation choose the
    * resolution; piglit's fbo-storage-formats asks for them). */
   case GL_LUMINANCE:
      return GL_LUMINANCE8;
   case GL_LUMINANCE_ALPHA:
      return GL_LUMINANCE8_ALPHA8;
   case GL_INTENSITY:
      return GL_INTENSITY8;
   case GL_STENCIL_INDEX1:
   case GL_STENCIL_INDEX4:
   case GL_STENCIL_INDEX16:
      return GL_STENCIL_INDEX8;
   default:
      return ifmt;
   }
}

/* Formats sized in desktop GL (GL 3.0 table 3.16) whose table entry is
 * the one ES's OES_required_internalformat keeps as unsized. */
static bool
desktop_sized_es_entry(GLenum ifmt)
{
   return ifmt == GL_ALPHA8 || ifmt == GL_LUMINANCE8 ||
          ifmt == GL_LUMINANCE8_ALPHA8 || ifmt == GL_LUMINANCE4_ALPHA4;
}

static enum pipe_format
renderbuffer_format(struct gl_context *ctx, GLenum ifmt)
{
   const struct gl_format_info *f = _mesa_format_info_for(ctx, ifmt);
   bool sized = f && ((f->flags & GL_FMT_SIZED) ||
                      (!_mesa_is_gles(ctx) && desktop_sized_es_entry(ifmt)));

   if (!sized)
      return PIPE_FORMAT_NONE;
   if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
       !(f->flags & GL_FMT_ES2_RENDERBUFFER) &&
       f->internalformat != GL_RGBA16F && f->internalformat != GL_RGB16F)
      return PIPE_FORMAT_NONE;
   bool ds = (f->flags & GL_FMT_DEPTH_RENDERABLE) != 0;
   if (!ds && !_mesa_is_color_renderable(ctx, f))
      return PIPE_FORMAT_NONE;
   return _mesa_choose_storage(
      ctx->st->screen, f, PIPE_TEXTURE_2D,
      ds ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET);
}

void GLAPIENTRY
_mesa_RenderbufferStorage(GLenum target, GLenum internalformat, GLsizei width,
                          GLsizei height)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_renderbuffer *rb;
   enum pipe_format format;

   if (target != GL_RENDERBUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glRenderbufferStorage(target)");
      return;
   }
   const GLenum requested = internalformat;
   internalformat = sized_renderbuffer_format(ctx, internalformat);
   format = renderbuffer_format(ctx, internalformat);
   if (format == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_ENUM,
                  "glRenderbufferStorage(internalformat=0x%x)", internalformat);
      return;
   }
   if (width < 0 || height < 0 || width > ctx->Const.MaxRenderbufferSize ||
       height > ctx->Const.MaxRenderbufferSize) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glRenderbufferStorage(size)");
      return;
   }
   rb = ctx->CurrentRenderbuffer;
   if (!rb) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glRenderbufferStorage(no renderbuffer)");
      return;
   }
   if (!st_renderbuffer_storage(ctx->st, rb, format, width, height)) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glRenderbufferStorage");
      return;
   }
   rb->InternalFormat = internalformat;
   rb->RequestedFormat = requested;
   if (_mesa_is_alpha_renderbuffer(ctx, rb))
      st_renderbuffer_zero(ctx->st, rb);
   st_invalidate_framebuffer(ctx->st);
}

/* The sizes of the format asked for, colour ones widened to the
 * storage's (GL 4.6 section 9.2.6: the actual resolution). */
static GLint
rb_bits(const struct gl_renderbuffer *rb, GLenum pname)
{
   return format_bits(_mesa_format_info(rb->InternalFormat),
                      pname - GL_RENDERBUFFER_RED_SIZE,
                      rb->texture ? rb->texture->format : PIPE_FORMAT_NONE);
}

void GLAPIENTRY
_mesa_GetRenderbufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_renderbuffer *rb;

   if (target != GL_RENDERBUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetRenderbufferParameteriv");
      return;
   }
   rb = ctx->CurrentRenderbuffer;
   if (!rb) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glGetRenderbufferParameteriv(no renderbuffer)");
      return;
   }
   switch (pname) {
   case GL_RENDERBUFFER_WIDTH:
      *params = rb->Width;
      return;
   case GL_RENDERBUFFER_HEIGHT:
      *params = rb->Height;
      return;
   case GL_RENDERBUFFER_INTERNAL_FORMAT:
      /* piglit's get-renderbuffer-internalformat: GL_DEPTH_STENCIL, not
       * the DEPTH24_STENCIL8 it stands for. */
      *params = (GLint)(rb->RequestedFormat ? rb->RequestedFormat
                                            : rb->InternalFormat);
      return;
   case GL_RENDERBUFFER_SAMPLES:
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         break;
      *params = rb->Samples > 1 ? (GLint)rb->Samples : 0;
      return;
   case GL_RENDERBUFFER_RED_SIZE:
   case GL_RENDERBUFFER_GREEN_SIZE:
   case GL_RENDERBUFFER_BLUE_SIZE:
   case GL_RENDERBUFFER_ALPHA_SIZE:
   case GL_RENDERBUFFER_DEPTH_SIZE:
   case GL_RENDERBUFFER_STENCIL_SIZE:
      *params = rb->Width ? rb_bits(rb, pname) : 0;
      return;
   default:
      break;
   }
   _mesa_error(ctx, GL_INVALID_ENUM,
               "glGetRenderbufferParameteriv(pname=0x%x)", pname);
}

/* --- ES 3.0 additions --------------------------------------------------- */

/* Samples an integer format may have (ES 3.1 section 9.2.4, GL 3.2
 * section 4.4.2.1): MAX_INTEGER_SAMPLES, none in ES 2.0/3.0. */
static GLint
max_integer_samples(const struct gl_context *ctx)
{
   if (_mesa_is_gles(ctx) && ctx->Version < 31)
      return 0;
   return _mesa_has_texture_multisample(ctx) ? ctx->Const.MaxIntegerSamples
                                             : 0;
}

void GLAPIENTRY
_mesa_RenderbufferStorageMultisample(GLenum target, GLsizei samples,
                                     GLenum internalformat, GLsizei width,
                                     GLsizei height)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   enum pipe_format format;

   if (target != GL_RENDERBUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM,
                  "glRenderbufferStorageMultisample(target)");
      return;
   }
   const GLenum requested = internalformat;
   internalformat = sized_renderbuffer_format(ctx, internalformat);
   format = renderbuffer_format(ctx, internalformat);
   if (format == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_ENUM,
                  "glRenderbufferStorageMultisample(internalformat)");
      return;
   }
   if (samples < 0 || width < 0 || height < 0 ||
       width > ctx->Const.MaxRenderbufferSize ||
       height > ctx->Const.MaxRenderbufferSize) {
      _mesa_error(ctx, GL_INVALID_VALUE,
                  "glRenderbufferStorageMultisample(size)");
      return;
   }
   if (samples == 0) {
      _mesa_RenderbufferStorage(target, internalformat, width, height);
      return;
   }
   /* ES 3.0.6 section 4.4.2.1: more than MAX_SAMPLES, or any samples of
    * an integer format, is an INVALID_OPERATION. */
   /* Desktop GL 3.2 and ES 3.1 section 9.2.4: integer formats up to
    * MAX_INTEGER_SAMPLES (0 without multisample textures). */
   bool integer = util_format_is_pure_integer(format);
   if (samples > ctx->Const.MaxSamples ||
       (integer && samples > max_integer_samples(ctx))) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glRenderbufferStorageMultisample(samples=%d)", samples);
      return;
   }
   /* Nor more than the format's largest count (section 6.1.15). */
   unsigned counts[8];
   if (!st_sample_counts(ctx->st, format, counts, 8) ||
       counts[0] < (unsigned)samples) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glRenderbufferStorageMultisample(samples=%d for 0x%x)",
                  samples, internalformat);
      return;
   }
   struct gl_renderbuffer *rb = ctx->CurrentRenderbuffer;
   if (!rb) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glRenderbufferStorageMultisample(no renderbuffer)");
      return;
   }
   /* The count is rounded up to one the driver has for the format. */
   if (!st_renderbuffer_storage_ms(ctx->st, rb, format, (unsigned)samples,
                                   width, height)) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glRenderbufferStorageMultisample");
      return;
   }
   rb->InternalFormat = internalformat;
   rb->RequestedFormat = requested;
   if (_mesa_is_alpha_renderbuffer(ctx, rb))
      st_renderbuffer_zero(ctx->st, rb);
   st_invalidate_framebuffer(ctx->st);
}

void GLAPIENTRY
_mesa_GetInternalformativ(GLenum target, GLenum internalformat, GLenum pname,
                          GLsizei count, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   enum pipe_format format;
   /* ES 3.1 section 20.3 adds TEXTURE_2D_MULTISAMPLE; desktop
    * (ARB_internalformat_query) the array target too. */
   bool ms = _mesa_has_texture_multisample(ctx);
   bool ms_target = ms && (target == GL_TEXTURE_2D_MULTISAMPLE ||
                           (target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY &&
                            !_mesa_is_gles(ctx)));

   if (target != GL_RENDERBUFFER && !ms_target) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetInternalformativ(target)");
      return;
   }
   format = renderbuffer_format(ctx, internalformat);
   if (format == PIPE_FORMAT_NONE) {
      _mesa_error(ctx, GL_INVALID_ENUM,
                  "glGetInternalformativ(internalformat)");
      return;
   }
   if (pname != GL_NUM_SAMPLE_COUNTS && pname != GL_SAMPLES) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetInternalformativ(pname)");
      return;
   }
   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetInternalformativ(count)");
      return;
   }
   /* ES 3.0.6 section 6.1.15: the supported counts, largest first; for
    * integer formats those up to MAX_INTEGER_SAMPLES (none in ES 3.0). */
   unsigned counts[8];
   unsigned n = st_sample_counts(ctx->st, format, counts, 8);
   if (util_format_is_pure_integer(format)) {
      unsigned k = 0;
      for (unsigned i = 0; i < n; i++) {
         if ((int)counts[i] <= max_integer_samples(ctx))
            counts[k++] = counts[i];
      }
      n = k;
   }
   if (pname == GL_NUM_SAMPLE_COUNTS) {
      if (count > 0)
         params[0] = (GLint)n;
      return;
   }
   for (unsigned i = 0; i < n && i < (unsigned)count; i++)
      params[i] = (GLint)counts[i];
}

void GLAPIENTRY
_mesa_FramebufferTextureLayer(GLenum target, GLenum attachment, GLuint texture,
                              GLint level, GLint layer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_framebuffer *fb;
   int index;

   if (!framebuffer_binding(ctx, target)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glFramebufferTextureLayer(target)");
      return;
   }
   fb = attachment_fbo(ctx, target, attachment, "glFramebufferTextureLayer",
                       &index);
   if (!fb)
      return;
   struct gl_texture_object *tex = NULL;
   if (texture) {
      tex = _mesa_name_lookup_object(ctx->Shared->Textures, texture);
      /* Only 3D, array and (GL 3.2) multisample array textures have
       * layers (GL 3.0 section 4.4.2: 1D arrays too, where the 1D array
       * textures exist). */
      bool ms_array = tex && tex->Target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
      /* Desktop cube maps too, the layer naming the face (GL 4.6 section
       * 9.2.8, a clarification Mesa takes in every desktop context; not
       * in ES 3.2 section 9.2.8). */
      bool cube = tex && tex->Target == GL_TEXTURE_CUBE_MAP &&
                  !_mesa_is_gles(ctx);
      /* (cube map arrays: layer-face 6 * cube + face, GL 4.0 4.4.2) */
      if (!tex || (tex->Target != GL_TEXTURE_3D &&
                   tex->Target != GL_TEXTURE_2D_ARRAY &&
                   tex->Target != GL_TEXTURE_CUBE_MAP_ARRAY &&
                   tex->Target != GL_TEXTURE_1D_ARRAY && !ms_array &&
                   !cube)) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "glFramebufferTextureLayer(texture=%u)", texture);
         return;
      }
      GLint max_layer = cube ? 6
                        : tex->Target == GL_TEXTURE_3D
                           ? ctx->Const.Max3DTextureSize
                           : ctx->Const.MaxArrayTextureLayers;
      if (level < 0 || level >= MAX_TEXTURE_LEVELS || layer < 0 ||
          layer >= max_layer || (ms_array && level != 0)) {
         _mesa_error(ctx, GL_INVALID_VALUE,
                     "glFramebufferTextureLayer(level/layer)");
         return;
      }
   }
   clear_attachment(&fb->Att[index]);
   if (tex) {
      fb->Att[index].Type = GL_TEXTURE;
      _mesa_reference_texobj(&fb->Att[index].Texture, tex);
      fb->Att[index].TextureLevel = level;
      if (tex->Target == GL_TEXTURE_CUBE_MAP)
         fb->Att[index].CubeFace = (GLuint)layer;
      else
         fb->Att[index].Layer = layer;
   }
   mirror_depth_stencil(fb, attachment);
   attachments_changed(ctx, fb);
}

/* EXT_framebuffer_object's binds, which the registry does not alias to
 * the core ones: the EXT ones make objects of unused names, as the core
 * binds of this front end do too. */
void GLAPIENTRY
_mesa_BindFramebufferEXT(GLenum target, GLuint framebuffer)
{
   _mesa_BindFramebuffer(target, framebuffer);
}

void GLAPIENTRY
_mesa_BindRenderbufferEXT(GLenum target, GLuint renderbuffer)
{
   _mesa_BindRenderbuffer(target, renderbuffer);
}

GLenum
_mesa_sized_base_format(struct gl_context *ctx, GLenum ifmt)
{
   return sized_renderbuffer_format(ctx, ifmt);
}
