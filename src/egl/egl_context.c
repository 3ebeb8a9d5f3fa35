/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Contexts and eglMakeCurrent.  libglvnd has already checked the display
 * handle and switched its GL dispatch to us; here we check the objects,
 * the one-thread rules (EGL 1.5 section 3.7.3) and bind through the
 * driver.  Facts: EGL 1.5 sections 3.7.1 (creation errors), 3.7.3
 * (eglMakeCurrent errors), 3.7.4 (eglQueryContext); EGL_KHR_no_config_context
 * (EGL_NO_CONFIG_KHR, CONFIG_ID 0); EGL_KHR_surfaceless_context.
 */
#include <stdlib.h>

#include "egl_private.h"

static _Thread_local struct egl_context *egl_thread_ctx;

struct egl_context *
egl_current_context(void)
{
   return egl_thread_ctx;
}

void
egl_set_current_context(struct egl_context *ctx)
{
   egl_thread_ctx = ctx;
}

void
egl_resource_ref(struct egl_resource *res)
{
   res->refs++;
}

void
egl_context_unref(struct egl_context *ctx)
{
   if (--ctx->res.refs > 0)
      return;
   struct egl_display *disp = ctx->res.display;
   disp->dri->context_destroy(ctx->dri);
   list_del(&ctx->res.link);
   free(ctx);
   egl_display_teardown_if_unused(disp);
}

struct egl_context *
egl_lookup_context(struct egl_display *disp, EGLContext handle)
{
   list_for_each_entry(struct egl_context, c, &disp->contexts, res.link) {
      if ((EGLContext)c == handle && !c->res.destroyed)
         return c;
   }
   return NULL;
}

static enum asahi_dri_api
dri_api(const struct egl_context_request *req)
{
   if (req->api == EGL_OPENGL_ES_API)
      return ASAHI_DRI_API_GLES;
   bool core_capable = req->major > 3 || (req->major == 3 && req->minor >= 2);
   if (core_capable && req->profile == EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT)
      return ASAHI_DRI_API_GL_CORE;
   /* GL 3.1 and below has no profiles; a forward-compatible 3.x is the
    * core feature set.
    */
   if (!core_capable && req->major == 3 &&
       (req->flags & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR))
      return ASAHI_DRI_API_GL_CORE;
   return ASAHI_DRI_API_GL_COMPAT;
}

static uint32_t
dri_flags(const struct egl_context_request *req)
{
   uint32_t flags = 0;
   if (req->flags & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR)
      flags |= ASAHI_DRI_CONTEXT_DEBUG;
   if (req->flags & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR)
      flags |= ASAHI_DRI_CONTEXT_FORWARD_COMPAT;
   if (req->flags & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)
      flags |= ASAHI_DRI_CONTEXT_ROBUST_ACCESS;
   if (req->reset_strategy == EGL_LOSE_CONTEXT_ON_RESET)
      flags |= ASAHI_DRI_CONTEXT_LOSE_ON_RESET;
   if (req->no_error)
      flags |= ASAHI_DRI_CONTEXT_NO_ERROR;
   return flags;
}

static EGLContext EGLAPIENTRY
egl_CreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share_context,
                  const EGLint *attrib_list)
{
   static const char func[] = "eglCreateContext";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_NO_CONTEXT;

   EGLint err = EGL_SUCCESS;
   const char *why = "";
   const struct egl_config *conf = NULL;
   struct egl_context *share = NULL;
   struct egl_context_request req;

   if (config != EGL_NO_CONFIG_KHR) {
      conf = egl_lookup_config(disp, config);
      if (!conf) {
         err = EGL_BAD_CONFIG;
         why = "not a config of this display";
         goto out;
      }
   }

   err = egl_context_parse_attribs(egl_bound_api(), attrib_list,
                                   &disp->context_caps, &req);
   if (err != EGL_SUCCESS) {
      why = "bad attribute list";
      goto out;
   }

   if (conf) {
      EGLint bit = egl_context_renderable_bit(&req);
      if (!(conf->v[EGL_CA_RENDERABLE_TYPE] & bit)) {
         err = EGL_BAD_CONFIG;
         why = "config does not support the API";
         goto out;
      }
   }

   if (share_context != EGL_NO_CONTEXT) {
      share = egl_lookup_context(disp, share_context);
      if (!share) {
         err = EGL_BAD_CONTEXT;
         why = "share context is not a context of this display";
         goto out;
      }
      /* EXT_create_context_robustness and KHR_create_context_no_error:
       * sharing needs the same reset strategy and no-error setting.
       */
      if (share->request.reset_strategy != req.reset_strategy ||
          share->request.no_error != req.no_error ||
          share->request.api != req.api) {
         err = EGL_BAD_MATCH;
         why = "share context is incompatible";
         goto out;
      }
   }

   struct egl_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      err = EGL_BAD_ALLOC;
      goto out;
   }

   struct asahi_dri_context_attribs attribs = {
      .api = dri_api(&req),
      .major = (unsigned)req.major,
      .minor = (unsigned)req.minor,
      .flags = dri_flags(&req),
      .config_id = conf ? conf->dri_id : ASAHI_DRI_NO_CONFIG,
   };
   enum asahi_dri_error derr = ASAHI_DRI_SUCCESS;
   ctx->dri = disp->dri->context_create(disp->screen, &attribs,
                                        share ? share->dri : NULL, &derr);
   if (!ctx->dri) {
      free(ctx);
      err = egl_error_from_dri(derr);
      why = asahi_dri_error_string(derr);
      goto out;
   }

   ctx->res.display = disp;
   ctx->res.refs = 1;
   ctx->config = conf;
   ctx->request = req;
   list_addtail(&ctx->res.link, &disp->contexts);
   egl_unlock_display(disp);
   egl_success();
   return (EGLContext)ctx;

out:
   egl_unlock_display(disp);
   egl_error(err, func, why);
   return EGL_NO_CONTEXT;
}

static EGLBoolean EGLAPIENTRY
egl_DestroyContext(EGLDisplay dpy, EGLContext handle)
{
   static const char func[] = "eglDestroyContext";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_context *ctx = egl_lookup_context(disp, handle);
   if (!ctx) {
      egl_unlock_display(disp);
      return egl_error(EGL_BAD_CONTEXT, func, "not a context");
   }
   ctx->res.destroyed = true;
   egl_context_unref(ctx);
   egl_unlock_display(disp);
   return egl_success();
}

static EGLBoolean EGLAPIENTRY
egl_QueryContext(EGLDisplay dpy, EGLContext handle, EGLint attribute,
                 EGLint *value)
{
   static const char func[] = "eglQueryContext";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_context *ctx = egl_lookup_context(disp, handle);
   EGLint err = EGL_SUCCESS;

   if (!ctx) {
      err = EGL_BAD_CONTEXT;
   } else if (!value) {
      err = EGL_BAD_PARAMETER;
   } else {
      switch (attribute) {
      case EGL_CONFIG_ID:
         *value = ctx->config ? ctx->config->v[EGL_CA_CONFIG_ID] : 0;
         break;
      case EGL_CONTEXT_CLIENT_TYPE:
         *value = (EGLint)ctx->request.api;
         break;
      case EGL_CONTEXT_CLIENT_VERSION:
         *value = ctx->request.major;
         break;
      case EGL_RENDER_BUFFER:
         /* Pbuffers render to their back buffer; unbound: EGL_NONE. */
         *value = ctx->draw ? EGL_BACK_BUFFER : EGL_NONE;
         break;
      case EGL_CONTEXT_PRIORITY_LEVEL_IMG:
         *value = EGL_CONTEXT_PRIORITY_MEDIUM_IMG;
         break;
      default:
         err = EGL_BAD_ATTRIBUTE;
         break;
      }
   }
   egl_unlock_display(disp);
   return egl_error(err, func, "eglQueryContext failed");
}

/* Drops the calling thread's binding (the driver was already told). */
static void
unbind_current(void)
{
   struct egl_context *old = egl_thread_ctx;
   if (!old)
      return;
   egl_thread_ctx = NULL;
   old->bound = false;
   struct egl_surface *draw = old->draw, *read = old->read;
   old->draw = old->read = NULL;
   if (draw) {
      draw->bound_ctx = NULL;
      egl_surface_unref(draw);
   }
   if (read) {
      read->bound_ctx = NULL;
      egl_surface_unref(read);
   }
   egl_context_unref(old);
}

static EGLBoolean
release_current(const char *func)
{
   struct egl_context *old = egl_thread_ctx;
   if (!old)
      return egl_success();
   enum asahi_dri_error derr =
      old->res.display->dri->make_current(NULL, NULL, NULL);
   if (derr != ASAHI_DRI_SUCCESS)
      return egl_error(egl_error_from_dri(derr), func, "release failed");
   unbind_current();
   return egl_success();
}

static bool
surface_busy(const struct egl_surface *s, const struct egl_context *ctx)
{
   return s && s->bound_ctx && s->bound_ctx != ctx &&
          s->bound_ctx != egl_thread_ctx;
}

static EGLBoolean EGLAPIENTRY
egl_MakeCurrent(EGLDisplay dpy, EGLSurface draw_h, EGLSurface read_h,
                EGLContext ctx_h)
{
   static const char func[] = "eglMakeCurrent";

   /* Releasing needs no initialized display (EGL 1.5 section 3.7.3). */
   if (ctx_h == EGL_NO_CONTEXT && draw_h == EGL_NO_SURFACE &&
       read_h == EGL_NO_SURFACE) {
      if (!egl_lookup_display(dpy))
         return egl_error(EGL_BAD_DISPLAY, func, "not a display");
      egl_global_lock();
      EGLBoolean ok = release_current(func);
      egl_global_unlock();
      return ok;
   }

   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;

   EGLint err = EGL_SUCCESS;
   const char *why = "";
   struct egl_context *ctx = NULL;
   struct egl_surface *draw = NULL, *read = NULL;

   if (ctx_h == EGL_NO_CONTEXT) {
      err = EGL_BAD_MATCH;
      why = "surfaces without a context";
      goto out;
   }
   ctx = egl_lookup_context(disp, ctx_h);
   if (!ctx) {
      err = EGL_BAD_CONTEXT;
      why = "not a context";
      goto out;
   }
   if ((draw_h == EGL_NO_SURFACE) != (read_h == EGL_NO_SURFACE)) {
      err = EGL_BAD_MATCH;
      why = "only one of draw and read is a surface";
      goto out;
   }
   if (draw_h != EGL_NO_SURFACE) {
      draw = egl_lookup_surface(disp, draw_h);
      read = egl_lookup_surface(disp, read_h);
      if (!draw || !read) {
         err = EGL_BAD_SURFACE;
         why = "not a surface";
         goto out;
      }
   }
   if (ctx->bound && ctx != egl_thread_ctx) {
      err = EGL_BAD_ACCESS;
      why = "context is current in another thread";
      goto out;
   }
   if (surface_busy(draw, ctx) || surface_busy(read, ctx)) {
      err = EGL_BAD_ACCESS;
      why = "surface is current to another context";
      goto out;
   }
   if (ctx->config && ((draw && draw->config != ctx->config) ||
                       (read && read->config != ctx->config))) {
      err = EGL_BAD_MATCH;
      why = "surface and context configs differ";
      goto out;
   }

   if (ctx == egl_thread_ctx && draw == ctx->draw && read == ctx->read)
      goto out;

   /* Binding in a driver releases that driver's previous binding; a
    * context of another driver is released explicitly.
    */
   struct egl_context *old = egl_thread_ctx;
   bool other_driver = old && old->res.display->dri != disp->dri;
   if (other_driver)
      old->res.display->dri->make_current(NULL, NULL, NULL);
   enum asahi_dri_error derr = disp->dri->make_current(
      ctx->dri, draw ? draw->dri : NULL, read ? read->dri : NULL);
   if (derr != ASAHI_DRI_SUCCESS) {
      if (other_driver)
         old->res.display->dri->make_current(old->dri,
                                             old->draw ? old->draw->dri : NULL,
                                             old->read ? old->read->dri : NULL);
      err = egl_error_from_dri(derr);
      why = asahi_dri_error_string(derr);
      goto out;
   }

   /* Take the new references before dropping the old ones: the same
    * objects may be in both.
    */
   egl_resource_ref(&ctx->res);
   if (draw)
      egl_resource_ref(&draw->res);
   if (read)
      egl_resource_ref(&read->res);
   unbind_current();
   ctx->bound = true;
   ctx->draw = draw;
   ctx->read = read;
   if (draw)
      draw->bound_ctx = ctx;
   if (read)
      read->bound_ctx = ctx;
   egl_thread_ctx = ctx;

out:
   egl_unlock_display(disp);
   return egl_error(err, func, why);
}

static EGLBoolean EGLAPIENTRY
egl_ReleaseThread(void)
{
   egl_global_lock();
   EGLBoolean ok = release_current("eglReleaseThread");
   egl_global_unlock();
   return ok;
}

/* Wait for the current context's rendering (eglWaitClient / eglWaitGL). */
static EGLBoolean EGLAPIENTRY
egl_WaitClient(void)
{
   egl_global_lock();
   struct egl_context *ctx = egl_thread_ctx;
   if (ctx)
      ctx->res.display->dri->finish(ctx->dri);
   egl_global_unlock();
   return egl_success();
}

static EGLBoolean EGLAPIENTRY
egl_WaitNative(EGLint engine)
{
   if (engine != EGL_CORE_NATIVE_ENGINE)
      return egl_error(EGL_BAD_PARAMETER, "eglWaitNative", "bad engine");
   /* No native rendering exists on our platforms. */
   return egl_success();
}

const struct egl_named_function egl_context_functions[] = {
   {"eglCreateContext", (void *)egl_CreateContext},
   {"eglDestroyContext", (void *)egl_DestroyContext},
   {"eglQueryContext", (void *)egl_QueryContext},
   {"eglMakeCurrent", (void *)egl_MakeCurrent},
   {"eglReleaseThread", (void *)egl_ReleaseThread},
   {"eglWaitClient", (void *)egl_WaitClient},
   {"eglWaitGL", (void *)egl_WaitClient},
   {"eglWaitNative", (void *)egl_WaitNative},
   {NULL, NULL},
};
