/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_OES_EGL_image: a texture or a renderbuffer takes an EGL image as its
 * storage.  Errors from the extension (Khronos registry,
 * OES_EGL_image.txt): an unknown target is INVALID_ENUM, a handle that is
 * no EGL image INVALID_VALUE, an image the GL cannot use as such an
 * object INVALID_OPERATION.  An immutable texture cannot change storage
 * (INVALID_OPERATION, as ES 3.0 section 3.8.4 says of TexStorage).
 */
#include "main/context.h"
#include "main/texobj.h"
#include "pipe/p_defines.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_eglimage.h"
#include "util/u_inlines.h"

/* The image's resource and level, or NULL with the error recorded. */
static struct pipe_resource *
image_for(struct gl_context *ctx, GLeglImageOES image, unsigned bind,
          unsigned *level, const char *func)
{
   struct pipe_resource *res = st_image_resource(ctx->st, image, level);

   if (!res) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(not an EGL image)", func);
      return NULL;
   }
   if (!st_image_format_ok(ctx->st, res, bind)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(unusable image format)",
                  func);
      pipe_resource_reference(&res, NULL);
      return NULL;
   }
   return res;
}

void GLAPIENTRY
_mesa_EGLImageTargetTexture2DOES(GLenum target, GLeglImageOES image)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glEGLImageTargetTexture2DOES";

   /* GL_TEXTURE_EXTERNAL_OES (OES_EGL_image_external) is not offered. */
   if (target != GL_TEXTURE_2D) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   struct gl_texture_object *t =
      _mesa_get_current_tex_object(ctx, target, func);
   if (!t)
      return;
   if (t->Immutable) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(immutable texture)", func);
      return;
   }
   unsigned level = 0;
   struct pipe_resource *res =
      image_for(ctx, image, PIPE_BIND_SAMPLER_VIEW, &level, func);
   if (!res)
      return;
   st_texture_from_image(ctx->st, t, res, level);
   pipe_resource_reference(&res, NULL);
   st_invalidate_framebuffer(ctx->st);
}

void GLAPIENTRY
_mesa_EGLImageTargetRenderbufferStorageOES(GLenum target, GLeglImageOES image)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glEGLImageTargetRenderbufferStorageOES";

   if (target != GL_RENDERBUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   struct gl_renderbuffer *rb = ctx->CurrentRenderbuffer;
   if (!rb) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no renderbuffer)", func);
      return;
   }
   unsigned level = 0;
   struct pipe_resource *res =
      image_for(ctx, image, PIPE_BIND_RENDER_TARGET, &level, func);
   if (!res)
      return;
   st_renderbuffer_from_image(ctx->st, rb, res, level);
   pipe_resource_reference(&res, NULL);
   st_invalidate_framebuffer(ctx->st);
}
