/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Context attribute validation.  Facts (Khronos EGL registry):
 *  - EGL_KHR_create_context: MAJOR/MINOR only for GL and GLES; FLAGS bits
 *    DEBUG (GL, GLES), FORWARD_COMPATIBLE (GL only, and only for GL 3.0+),
 *    ROBUST_ACCESS (GL only; for GLES use the EXT attribute, issue 10);
 *    PROFILE_MASK and RESET_NOTIFICATION_STRATEGY only for GL; a profile
 *    mask that is not exactly one known bit is EGL_BAD_MATCH for GL 3.2+;
 *    undefined versions are EGL_BAD_MATCH; unknown flag bits and unknown
 *    attributes are EGL_BAD_ATTRIBUTE.
 *  - EGL 1.5 section 3.7.1.1-5: the unsuffixed DEBUG, FORWARD_COMPATIBLE,
 *    ROBUST_ACCESS booleans; the reset strategy for GL and GLES; robust
 *    access the implementation cannot give is EGL_BAD_MATCH.
 *  - EGL_EXT_create_context_robustness: its reset-strategy attribute only
 *    for GLES; robust access it cannot give is EGL_BAD_CONFIG.
 *  - EGL_KHR_create_context_no_error: only for GL/GLES 2.0+; with debug or
 *    robust access it is EGL_BAD_MATCH.
 *  - EGL_IMG_context_priority: a hint, unknown levels EGL_BAD_ATTRIBUTE.
 *  - EGL_KHR_context_flush_control: NONE or FLUSH, else EGL_BAD_ATTRIBUTE.
 */
#include "egl_context_attribs.h"

#include <string.h>

#define KNOWN_FLAGS                                                            \
   (EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR |                                         \
    EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |                            \
    EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)

static EGLint
parse_one(EGLenum api, EGLint attrib, EGLint value,
          const struct egl_context_caps *caps, struct egl_context_request *req)
{
   bool gl = api == EGL_OPENGL_API, gles = api == EGL_OPENGL_ES_API;

   switch (attrib) {
   case EGL_CONTEXT_MAJOR_VERSION: /* == EGL_CONTEXT_CLIENT_VERSION */
      req->major = value;
      return EGL_SUCCESS;

   case EGL_CONTEXT_MINOR_VERSION:
      req->minor = value;
      return EGL_SUCCESS;

   case EGL_CONTEXT_FLAGS_KHR:
      if (value & ~KNOWN_FLAGS)
         return EGL_BAD_ATTRIBUTE;
      if ((value & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR) && !gl)
         return EGL_BAD_ATTRIBUTE;
      if ((value & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR) && !gl)
         return EGL_BAD_ATTRIBUTE;
      if ((value & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR) &&
          !caps->robust_access)
         return EGL_BAD_MATCH;
      req->flags |= value;
      return EGL_SUCCESS;

   case EGL_CONTEXT_OPENGL_PROFILE_MASK:
      if (!gl)
         return EGL_BAD_ATTRIBUTE;
      req->profile = value;
      return EGL_SUCCESS;

   case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
      /* KHR: GL only; EGL 1.5 (which we implement): GL and GLES. */
      if (value != EGL_NO_RESET_NOTIFICATION &&
          value != EGL_LOSE_CONTEXT_ON_RESET)
         return EGL_BAD_ATTRIBUTE;
      if (value == EGL_LOSE_CONTEXT_ON_RESET && !caps->robust_access &&
          !caps->reset_notification)
         return EGL_BAD_MATCH;
      req->reset_strategy = value;
      return EGL_SUCCESS;

   case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
      /* Part of EXT_create_context_robustness, which is advertised for
       * either robust access or reset notification (robust access it
       * cannot give is EGL_BAD_CONFIG below). */
      if (!gles || (!caps->robust_access && !caps->reset_notification))
         return EGL_BAD_ATTRIBUTE;
      if (value != EGL_NO_RESET_NOTIFICATION &&
          value != EGL_LOSE_CONTEXT_ON_RESET)
         return EGL_BAD_ATTRIBUTE;
      req->reset_strategy = value;
      return EGL_SUCCESS;

   case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT:
      if (!caps->robust_access)
         return value == EGL_TRUE ? EGL_BAD_CONFIG : EGL_SUCCESS;
      if (value == EGL_TRUE)
         req->flags |= EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
      return EGL_SUCCESS;

   case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
      if (value == EGL_TRUE && !caps->robust_access)
         return EGL_BAD_MATCH;
      if (value == EGL_TRUE)
         req->flags |= EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
      return EGL_SUCCESS;

   case EGL_CONTEXT_OPENGL_DEBUG:
      if (value == EGL_TRUE)
         req->flags |= EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
      return EGL_SUCCESS;

   case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE:
      if (value == EGL_TRUE && !gl)
         return EGL_BAD_ATTRIBUTE;
      if (value == EGL_TRUE)
         req->flags |= EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR;
      return EGL_SUCCESS;

   case EGL_CONTEXT_OPENGL_NO_ERROR_KHR:
      if (!caps->no_error)
         return EGL_BAD_ATTRIBUTE;
      req->no_error = value != EGL_FALSE;
      return EGL_SUCCESS;

   case EGL_CONTEXT_PRIORITY_LEVEL_IMG:
      if (value != EGL_CONTEXT_PRIORITY_HIGH_IMG &&
          value != EGL_CONTEXT_PRIORITY_MEDIUM_IMG &&
          value != EGL_CONTEXT_PRIORITY_LOW_IMG)
         return EGL_BAD_ATTRIBUTE;
      /* A hint we do not act on: the context keeps medium priority. */
      return EGL_SUCCESS;

   case EGL_CONTEXT_RELEASE_BEHAVIOR_KHR:
      if (value != EGL_CONTEXT_RELEASE_BEHAVIOR_NONE_KHR &&
          value != EGL_CONTEXT_RELEASE_BEHAVIOR_FLUSH_KHR)
         return EGL_BAD_ATTRIBUTE;
      req->release_behavior = value;
      return EGL_SUCCESS;

   default:
      return EGL_BAD_ATTRIBUTE;
   }
}

static bool
gl_version_defined(EGLint major, EGLint minor)
{
   switch (major) {
   case 1:
      return minor <= 5;
   case 2:
      return minor <= 1;
   case 3:
      return minor <= 3;
   case 4:
      return minor <= 6;
   default:
      return false;
   }
}

static bool
gles_version_defined(EGLint major, EGLint minor)
{
   switch (major) {
   case 1:
      return minor <= 1;
   case 2:
      return minor == 0;
   case 3:
      return minor <= 2;
   default:
      return false;
   }
}

EGLint
egl_context_parse_attribs(EGLenum api, const EGLint *attrib_list,
                          const struct egl_context_caps *caps,
                          struct egl_context_request *req)
{
   memset(req, 0, sizeof(*req));
   req->api = api;
   req->major = 1;
   req->minor = 0;
   req->profile = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
   req->reset_strategy = EGL_NO_RESET_NOTIFICATION;
   req->priority = EGL_CONTEXT_PRIORITY_MEDIUM_IMG;
   req->release_behavior = EGL_CONTEXT_RELEASE_BEHAVIOR_FLUSH_KHR;

   /* EGL 1.5 section 3.7.1: no bound API is EGL_BAD_MATCH. */
   if (api != EGL_OPENGL_API && api != EGL_OPENGL_ES_API)
      return EGL_BAD_MATCH;

   if (attrib_list) {
      for (unsigned i = 0; attrib_list[i] != EGL_NONE; i += 2) {
         EGLint err =
            parse_one(api, attrib_list[i], attrib_list[i + 1], caps, req);
         if (err != EGL_SUCCESS)
            return err;
      }
   }

   if (req->major < 1 || req->minor < 0)
      return EGL_BAD_MATCH;

   if (api == EGL_OPENGL_API) {
      if (!gl_version_defined(req->major, req->minor))
         return EGL_BAD_MATCH;
      if ((req->flags & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR) &&
          req->major < 3)
         return EGL_BAD_MATCH;
      /* Below 3.2 the profile mask is ignored. */
      if ((req->major > 3 || (req->major == 3 && req->minor >= 2)) &&
          req->profile != EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT &&
          req->profile != EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT)
         return EGL_BAD_MATCH;
   } else {
      if (!gles_version_defined(req->major, req->minor))
         return EGL_BAD_MATCH;
   }

   if (req->no_error) {
      if (req->major < 2)
         return EGL_BAD_ATTRIBUTE;
      if (req->flags & (EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR |
                        EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR))
         return EGL_BAD_MATCH;
   }
   return EGL_SUCCESS;
}

EGLint
egl_context_renderable_bit(const struct egl_context_request *req)
{
   if (req->api == EGL_OPENGL_API)
      return EGL_OPENGL_BIT;
   switch (req->major) {
   case 1:
      return EGL_OPENGL_ES_BIT;
   case 2:
      return EGL_OPENGL_ES2_BIT;
   case 3:
      return EGL_OPENGL_ES3_BIT;
   default:
      return 0;
   }
}
