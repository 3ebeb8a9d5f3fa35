/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * eglCreateContext attribute lists: parsing and validation against EGL 1.5,
 * EGL_KHR_create_context, EGL_EXT_create_context_robustness and
 * EGL_KHR_create_context_no_error.  Pure functions over the bound API and
 * what the display offers; the caller checks the config and share context.
 */
#ifndef EGL_CONTEXT_ATTRIBS_H
#define EGL_CONTEXT_ATTRIBS_H

#include <stdbool.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the display offers that changes which attributes are valid. */
struct egl_context_caps {
   bool robust_access; /* robust buffer access contexts */
   bool no_error;      /* EGL_KHR_create_context_no_error */
   bool reset_notification; /* EGL_LOSE_CONTEXT_ON_RESET contexts */
};

struct egl_context_request {
   EGLenum api; /* EGL_OPENGL_ES_API or EGL_OPENGL_API */
   EGLint major, minor;
   EGLint flags;          /* EGL_CONTEXT_OPENGL_*_BIT_KHR */
   EGLint profile;        /* EGL_CONTEXT_OPENGL_*_PROFILE_BIT */
   EGLint reset_strategy; /* EGL_NO_RESET_NOTIFICATION / LOSE_CONTEXT */
   bool no_error;
   EGLint priority;         /* EGL_CONTEXT_PRIORITY_*_IMG (a hint) */
   EGLint release_behavior; /* EGL_CONTEXT_RELEASE_BEHAVIOR_*_KHR */
};

/* Parses attrib_list (NULL or EGL_NONE-terminated) for a context of the
 * bound API `api` (EGL_NONE when none is bound).  Returns EGL_SUCCESS and
 * fills request, or the error the specifications name.
 */
EGLint egl_context_parse_attribs(EGLenum api, const EGLint *attrib_list,
                                 const struct egl_context_caps *caps,
                                 struct egl_context_request *request);

/* The EGL_RENDERABLE_TYPE bit a config needs for the request (0 if the
 * API has none, e.g. OpenGL ES 1.x here).
 */
EGLint egl_context_renderable_bit(const struct egl_context_request *request);

#ifdef __cplusplus
}
#endif

#endif /* EGL_CONTEXT_ATTRIBS_H */
