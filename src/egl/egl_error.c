/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The per-thread EGL error and EGL_KHR_debug.  libglvnd's eglGetError asks
 * the vendor that handled the thread's last call, so every entry point of
 * ours records an outcome, success included.
 * Fact: EGL_KHR_debug (Khronos registry): message types CRITICAL, ERROR,
 * WARN, INFO; by default CRITICAL and ERROR are enabled; a NULL callback
 * disables messages; attribute values are EGL_TRUE/EGL_FALSE.
 */
#include <stdio.h>

#include "egl_private.h"

static _Thread_local EGLint egl_thread_error = EGL_SUCCESS;

/* Process-wide, as the extension defines it. */
static pthread_mutex_t egl_debug_lock = PTHREAD_MUTEX_INITIALIZER;
static EGLDEBUGPROCKHR egl_debug_callback;
static unsigned egl_debug_enabled = (1u << 0) | (1u << 1); /* crit, err */

static int
debug_type_bit(EGLint type)
{
   switch (type) {
   case EGL_DEBUG_MSG_CRITICAL_KHR:
      return 0;
   case EGL_DEBUG_MSG_ERROR_KHR:
      return 1;
   case EGL_DEBUG_MSG_WARN_KHR:
      return 2;
   case EGL_DEBUG_MSG_INFO_KHR:
      return 3;
   default:
      return -1;
   }
}

EGLBoolean
egl_error(EGLint error, const char *func, const char *msg)
{
   egl_thread_error = error;
   if (error == EGL_SUCCESS)
      return EGL_TRUE;

   EGLDEBUGPROCKHR callback = NULL;
   EGLint type = error == EGL_BAD_ALLOC ? EGL_DEBUG_MSG_CRITICAL_KHR
                                        : EGL_DEBUG_MSG_ERROR_KHR;
   pthread_mutex_lock(&egl_debug_lock);
   if (egl_debug_enabled & (1u << debug_type_bit(type)))
      callback = egl_debug_callback;
   pthread_mutex_unlock(&egl_debug_lock);

   if (callback) {
      struct egl_context *ctx = egl_current_context();
      callback(error, func, type, NULL, ctx ? ctx->res.display->label : NULL,
               msg ? msg : "");
   }
   return EGL_FALSE;
}

EGLBoolean
egl_success(void)
{
   egl_thread_error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLint EGLAPIENTRY
egl_GetError(void)
{
   EGLint error = egl_thread_error;
   egl_thread_error = EGL_SUCCESS;
   return error;
}

EGLint EGLAPIENTRY
egl_DebugMessageControlKHR(EGLDEBUGPROCKHR callback,
                           const EGLAttrib *attrib_list)
{
   unsigned enabled;

   pthread_mutex_lock(&egl_debug_lock);
   enabled = egl_debug_enabled;
   pthread_mutex_unlock(&egl_debug_lock);

   if (attrib_list) {
      for (unsigned i = 0; attrib_list[i] != EGL_NONE; i += 2) {
         int bit = debug_type_bit((EGLint)attrib_list[i]);
         if (bit < 0) {
            egl_error(EGL_BAD_ATTRIBUTE, "eglDebugMessageControlKHR",
                      "unknown message type");
            return EGL_BAD_ATTRIBUTE;
         }
         if (attrib_list[i + 1] == EGL_TRUE)
            enabled |= 1u << bit;
         else
            enabled &= ~(1u << bit);
      }
   }

   pthread_mutex_lock(&egl_debug_lock);
   egl_debug_callback = callback;
   egl_debug_enabled = enabled;
   pthread_mutex_unlock(&egl_debug_lock);
   egl_success();
   return EGL_SUCCESS;
}

EGLBoolean EGLAPIENTRY
egl_QueryDebugKHR(EGLint attribute, EGLAttrib *value)
{
   pthread_mutex_lock(&egl_debug_lock);
   if (attribute == EGL_DEBUG_CALLBACK_KHR) {
      *value = (EGLAttrib)egl_debug_callback;
   } else {
      int bit = debug_type_bit(attribute);
      if (bit < 0) {
         pthread_mutex_unlock(&egl_debug_lock);
         return egl_error(EGL_BAD_ATTRIBUTE, "eglQueryDebugKHR",
                          "unknown attribute");
      }
      *value = (egl_debug_enabled >> bit) & 1 ? EGL_TRUE : EGL_FALSE;
   }
   pthread_mutex_unlock(&egl_debug_lock);
   return egl_success();
}
