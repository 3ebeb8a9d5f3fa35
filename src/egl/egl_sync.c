/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fence syncs: EGL 1.5 section 3.8 and EGL_KHR_fence_sync /
 * EGL_KHR_wait_sync (the KHR forms differ in argument types and in one
 * error: an unsupported type is EGL_BAD_ATTRIBUTE there, EGL_BAD_PARAMETER
 * in EGL 1.5).  A fence is the driver's fence after the current context's
 * work; a driver without fences finishes the context and the sync is born
 * signaled, which satisfies every rule the specifications state.
 * eglWaitSync waits on the CPU: correct, if not the fastest.
 */
#include <stdlib.h>

#include "egl_private.h"

struct egl_sync *
egl_lookup_sync(struct egl_display *disp, EGLSync handle)
{
   list_for_each_entry(struct egl_sync, s, &disp->syncs, res.link) {
      if ((EGLSync)s == handle && !s->res.destroyed)
         return s;
   }
   return NULL;
}

static void
sync_unref(struct egl_sync *sync)
{
   if (--sync->res.refs > 0)
      return;
   struct egl_display *disp = sync->res.display;
   if (sync->fence)
      disp->dri->fence_destroy(disp->screen, sync->fence);
   list_del(&sync->res.link);
   free(sync);
   egl_display_teardown_if_unused(disp);
}

void
egl_sync_destroy_locked(struct egl_sync *sync)
{
   if (sync->res.destroyed)
      return;
   sync->res.destroyed = true;
   sync_unref(sync);
}

static bool
has_fences(const struct egl_display *disp)
{
   return (disp->info.caps & ASAHI_DRI_CAP_FENCE) && disp->dri->fence_create;
}

static EGLSync
create_sync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs,
            const EGLint *attribs_khr, bool khr, const char *func)
{
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_NO_SYNC;

   EGLint err = EGL_SUCCESS;
   const char *why = "";
   struct egl_context *ctx = egl_current_context();
   struct egl_sync *sync = NULL;

   if (type != EGL_SYNC_FENCE) {
      err = khr ? EGL_BAD_ATTRIBUTE : EGL_BAD_PARAMETER;
      why = "unsupported sync type";
      goto out;
   }
   /* A fence has no attributes. */
   if ((attribs && attribs[0] != EGL_NONE) ||
       (attribs_khr && attribs_khr[0] != EGL_NONE)) {
      err = EGL_BAD_ATTRIBUTE;
      why = "fences take no attributes";
      goto out;
   }
   if (!ctx || ctx->res.display != disp) {
      err = EGL_BAD_MATCH;
      why = "no current context on this display";
      goto out;
   }

   sync = calloc(1, sizeof(*sync));
   if (!sync) {
      err = EGL_BAD_ALLOC;
      goto out;
   }
   sync->type = EGL_SYNC_FENCE;
   sync->condition = EGL_SYNC_PRIOR_COMMANDS_COMPLETE;
   if (has_fences(disp))
      sync->fence = disp->dri->fence_create(ctx->dri);
   if (!sync->fence) {
      disp->dri->finish(ctx->dri);
      sync->signaled = true;
   }
   sync->res.display = disp;
   sync->res.refs = 1;
   list_addtail(&sync->res.link, &disp->syncs);

out:
   egl_unlock_display(disp);
   egl_error(err, func, why);
   return sync ? (EGLSync)sync : EGL_NO_SYNC;
}

static EGLSync EGLAPIENTRY
egl_CreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attrib_list)
{
   return create_sync(dpy, type, attrib_list, NULL, false, "eglCreateSync");
}

static EGLSyncKHR EGLAPIENTRY
egl_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attrib_list)
{
   return create_sync(dpy, type, NULL, attrib_list, true, "eglCreateSyncKHR");
}

static EGLBoolean EGLAPIENTRY
egl_DestroySync(EGLDisplay dpy, EGLSync handle)
{
   static const char func[] = "eglDestroySync";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_sync *sync = egl_lookup_sync(disp, handle);
   if (sync)
      egl_sync_destroy_locked(sync);
   egl_unlock_display(disp);
   return egl_error(sync ? EGL_SUCCESS : EGL_BAD_PARAMETER, func, "not a sync");
}

/* Polls or waits; the display lock is held on entry and on return. */
static bool
sync_wait_locked(struct egl_display *disp, struct egl_sync *sync,
                 uint64_t timeout_ns)
{
   if (sync->signaled)
      return true;
   egl_resource_ref(&sync->res);
   egl_unlock_display(disp);
   bool done = disp->dri->fence_wait(disp->screen, sync->fence, timeout_ns);
   egl_global_lock();
   if (done)
      sync->signaled = true;
   sync_unref(sync);
   return done;
}

static EGLint EGLAPIENTRY
egl_ClientWaitSync(EGLDisplay dpy, EGLSync handle, EGLint flags,
                   EGLTime timeout)
{
   static const char func[] = "eglClientWaitSync";
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_sync *sync = egl_lookup_sync(disp, handle);
   if (!sync) {
      egl_unlock_display(disp);
      egl_error(EGL_BAD_PARAMETER, func, "not a sync");
      return EGL_FALSE;
   }

   struct egl_context *ctx = egl_current_context();
   if ((flags & EGL_SYNC_FLUSH_COMMANDS_BIT) && ctx && ctx->res.display == disp)
      disp->dri->flush(ctx->dri);

   uint64_t ns = timeout == EGL_FOREVER ? UINT64_MAX : (uint64_t)timeout;
   bool done = sync_wait_locked(disp, sync, ns);
   egl_unlock_display(disp);
   egl_success();
   return done ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
}

static EGLBoolean
wait_sync(EGLDisplay dpy, EGLSync handle, EGLint flags, const char *func)
{
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_sync *sync = egl_lookup_sync(disp, handle);
   struct egl_context *ctx = egl_current_context();
   EGLint err = EGL_SUCCESS;
   if (!sync)
      err = EGL_BAD_PARAMETER;
   else if (flags != 0)
      err = EGL_BAD_PARAMETER;
   else if (!ctx || ctx->res.display != disp)
      err = EGL_BAD_MATCH;
   else
      sync_wait_locked(disp, sync, UINT64_MAX);
   egl_unlock_display(disp);
   return egl_error(err, func, "eglWaitSync failed");
}

static EGLBoolean EGLAPIENTRY
egl_WaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
   return wait_sync(dpy, sync, flags, "eglWaitSync");
}

static EGLint EGLAPIENTRY
egl_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   return wait_sync(dpy, sync, flags, "eglWaitSyncKHR");
}

static EGLBoolean
get_sync_attrib(EGLDisplay dpy, EGLSync handle, EGLint attribute,
                EGLAttrib *value, const char *func)
{
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_sync *sync = egl_lookup_sync(disp, handle);
   EGLint err = EGL_SUCCESS;
   if (!sync) {
      err = EGL_BAD_PARAMETER;
   } else if (!value) {
      err = EGL_BAD_PARAMETER;
   } else {
      switch (attribute) {
      case EGL_SYNC_TYPE:
         *value = sync->type;
         break;
      case EGL_SYNC_CONDITION:
         *value = sync->condition;
         break;
      case EGL_SYNC_STATUS:
         *value =
            sync_wait_locked(disp, sync, 0) ? EGL_SIGNALED : EGL_UNSIGNALED;
         break;
      default:
         err = EGL_BAD_ATTRIBUTE;
         break;
      }
   }
   egl_unlock_display(disp);
   return egl_error(err, func, "eglGetSyncAttrib failed");
}

static EGLBoolean EGLAPIENTRY
egl_GetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute,
                  EGLAttrib *value)
{
   return get_sync_attrib(dpy, sync, attribute, value, "eglGetSyncAttrib");
}

static EGLBoolean EGLAPIENTRY
egl_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute,
                     EGLint *value)
{
   EGLAttrib v = 0;
   if (!value) {
      return get_sync_attrib(dpy, sync, attribute, NULL, "eglGetSyncAttribKHR");
   }
   EGLBoolean ok =
      get_sync_attrib(dpy, sync, attribute, &v, "eglGetSyncAttribKHR");
   if (ok)
      *value = (EGLint)v;
   return ok;
}

const struct egl_named_function egl_sync_functions[] = {
   {"eglCreateSync", (void *)egl_CreateSync},
   {"eglCreateSyncKHR", (void *)egl_CreateSyncKHR},
   {"eglDestroySync", (void *)egl_DestroySync},
   {"eglDestroySyncKHR", (void *)egl_DestroySync},
   {"eglClientWaitSync", (void *)egl_ClientWaitSync},
   {"eglClientWaitSyncKHR", (void *)egl_ClientWaitSync},
   {"eglWaitSync", (void *)egl_WaitSync},
   {"eglWaitSyncKHR", (void *)egl_WaitSyncKHR},
   {"eglGetSyncAttrib", (void *)egl_GetSyncAttrib},
   {"eglGetSyncAttribKHR", (void *)egl_GetSyncAttribKHR},
   {NULL, NULL},
};
