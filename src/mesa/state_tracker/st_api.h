/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The GL front end as window-system code (EGL, the DRI frontend, tests)
 * sees it: contexts made on a pipe_screen, framebuffers made from a visual
 * and a size, binding them to the calling thread, flushing, and looking up
 * GL entry points.  Nothing here is GL API; GL calls go through the
 * functions st_get_proc_address returns, which find the calling thread's
 * current context by themselves.
 *
 * Threads: a context is current to at most one thread at a time; a
 * framebuffer may be bound to several contexts (of the same screen).
 * Every function here may be called from any thread.
 */
#ifndef ST_API_H
#define ST_API_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen;
struct pipe_context;
struct pipe_resource;
struct pipe_fence_handle;
struct st_context;
struct st_framebuffer;

/* The API and profile of a context. */
enum st_profile_type {
   ST_PROFILE_DEFAULT,     /* desktop GL, compatibility profile */
   ST_PROFILE_OPENGL_CORE, /* desktop GL 3.2+ core profile */
   ST_PROFILE_OPENGL_ES1,  /* not supported: ST_CONTEXT_ERROR_BAD_API */
   ST_PROFILE_OPENGL_ES2,  /* OpenGL ES 2.0 and 3.x */
};

#define ST_CONTEXT_FLAG_DEBUG (1 << 0)
#define ST_CONTEXT_FLAG_FORWARD_COMPATIBLE (1 << 1)
#define ST_CONTEXT_FLAG_ROBUST_ACCESS (1 << 2)
#define ST_CONTEXT_FLAG_RESET_NOTIFICATION (1 << 3)
#define ST_CONTEXT_FLAG_NO_ERROR (1 << 4) /* KHR_no_error */

/* Errors of st_context_create, each mapping to one EGL error. */
enum st_context_error {
   ST_CONTEXT_SUCCESS = 0,
   ST_CONTEXT_ERROR_NO_MEMORY,         /* EGL_BAD_ALLOC */
   ST_CONTEXT_ERROR_BAD_API,           /* EGL_BAD_CONFIG / EGL_BAD_MATCH */
   ST_CONTEXT_ERROR_BAD_VERSION,       /* EGL_BAD_MATCH */
   ST_CONTEXT_ERROR_BAD_FLAG,          /* EGL_BAD_ATTRIBUTE */
   ST_CONTEXT_ERROR_UNKNOWN_ATTRIBUTE, /* EGL_BAD_ATTRIBUTE */
   ST_CONTEXT_ERROR_UNKNOWN_FLAG,      /* EGL_BAD_ATTRIBUTE */
   ST_CONTEXT_ERROR_BAD_SHARE,         /* EGL_BAD_CONTEXT / EGL_BAD_MATCH */
};

struct st_context_attribs {
   enum st_profile_type profile;
   int major, minor; /* requested version; the result may be higher
                      * (ES 2.0 may give 3.0, as EGL allows) */
   unsigned flags;   /* ST_CONTEXT_FLAG_* */
};

/* What a framebuffer holds.  PIPE_FORMAT_NONE: no such buffer. */
struct st_visual {
   enum pipe_format color_format; /* e.g. PIPE_FORMAT_R8G8B8A8_UNORM */
   enum pipe_format
      depth_stencil_format; /* e.g. PIPE_FORMAT_Z24_UNORM_S8_UINT */
   unsigned samples;        /* 0 or 1: single-sampled */
   bool double_buffered;    /* back buffer + front buffer */
};

enum st_attachment_type {
   ST_ATTACHMENT_FRONT_LEFT,
   ST_ATTACHMENT_BACK_LEFT,
   ST_ATTACHMENT_DEPTH_STENCIL,
};

/* Flags of st_context_flush. */
#define ST_FLUSH_FRONT (1 << 0)        /* rendering to the front buffer */
#define ST_FLUSH_END_OF_FRAME (1 << 1) /* before a swap */
#define ST_FLUSH_WAIT (1 << 2)         /* wait for the GPU (glFinish) */

/*
 * Contexts.
 */

/* Creates a context on screen.  share, if not NULL, shares its objects
 * (buffers, textures, shaders, programs, ...) with the new context; it
 * must be of the same screen and API.  Returns NULL and sets *error
 * (which may be NULL) on failure. */
struct st_context *st_context_create(struct pipe_screen *screen,
                                     const struct st_context_attribs *attribs,
                                     struct st_context *share,
                                     enum st_context_error *error);

/* Destroys a context; if it is current to the calling thread, it is
 * released first.  A context current to another thread must not be
 * destroyed. */
void st_context_destroy(struct st_context *ctx);

/* The version the context implements (e.g. 3, 0 for an ES 3.0 context). */
void st_context_get_version(struct st_context *ctx, int *major, int *minor);

/* The driver context underneath (for fences and flushes of window-system
 * code); owned by the st_context. */
struct pipe_context *st_context_pipe(struct st_context *ctx);

/* Makes ctx current to the calling thread with draw and read framebuffers
 * (both NULL: surfaceless, GL_FRAMEBUFFER_UNDEFINED until an FBO is bound).
 * ctx NULL releases the current context (the framebuffers must be NULL).
 * The first time a context is made current, its viewport and scissor are
 * set to the draw framebuffer's size, as GL requires.  A context being
 * released is flushed.  Returns false if the framebuffer's visual does not
 * fit the context's screen. */
bool st_make_current(struct st_context *ctx, struct st_framebuffer *draw,
                     struct st_framebuffer *read);

/* The calling thread's current context, or NULL. */
struct st_context *st_get_current(void);

/* Submits the context's queued work.  If fence is not NULL, *fence
 * receives a fence to release with screen->fence_reference(screen, fence,
 * NULL). */
void st_context_flush(struct st_context *ctx, unsigned flags,
                      struct pipe_fence_handle **fence);

/*
 * Window-system framebuffers.
 */

/* A framebuffer of width x height pixels with the buffers the visual asks
 * for, allocated on screen.  NULL if out of memory or unsupported. */
struct st_framebuffer *st_framebuffer_create(struct pipe_screen *screen,
                                             const struct st_visual *visual,
                                             unsigned width, unsigned height);

/* Drops the creator's reference: the buffers live on while a context is
 * still bound to the framebuffer and go when the last one unbinds. */
void st_framebuffer_destroy(struct st_framebuffer *fb);

/* Reallocates the buffers at a new size (contents undefined).  Contexts
 * bound to it see the new size at their next draw. */
bool st_framebuffer_resize(struct st_framebuffer *fb, unsigned width,
                           unsigned height);

/* The resource behind an attachment, not referenced (valid until the next
 * resize, swap or destroy), or NULL if the visual has no such buffer.  A
 * single-buffered framebuffer has only FRONT_LEFT; BACK_LEFT then returns
 * the front buffer too. */
struct pipe_resource *
st_framebuffer_get_resource(struct st_framebuffer *fb,
                            enum st_attachment_type attachment);

/* Exchanges the front and back colour buffers (after a flush with
 * ST_FLUSH_END_OF_FRAME).  Does nothing when single-buffered. */
void st_framebuffer_swap(struct st_framebuffer *fb);

void st_framebuffer_get_size(struct st_framebuffer *fb, unsigned *width,
                             unsigned *height);

/*
 * Entry points.
 */

typedef void (*st_proc)(void);

/* The GL or GL ES entry point named name ("glDrawArrays"), or NULL for names
 * this front end does not implement.  Valid without a current context. */
st_proc st_get_proc_address(const char *name);

/*
 * Images shared with the window system (EGL_KHR_image_base and friends).
 */

/* Why a GL object cannot become an image; the window-system side maps
 * these to its own errors (EGL_KHR_gl_image: EGL_BAD_PARAMETER, ...). */
enum st_image_error {
   ST_IMAGE_OK = 0,
   ST_IMAGE_BAD_PARAMETER, /* no such object, or no storage at that level */
   ST_IMAGE_BAD_MATCH,     /* an object of a kind that cannot be shared */
   ST_IMAGE_NO_MEMORY,
};

/* The storage of a GL object of ctx's share group, as a new reference
 * and the level of it that holds the object's texels (*res_level):
 * level `level` of the 2D texture `name` (gl_target GL_TEXTURE_2D) or the
 * single-sampled renderbuffer `name` (GL_RENDERBUFFER, level 0).  NULL
 * with the reason otherwise.  ctx need not be current, but must not be
 * drawing in another thread meanwhile. */
struct pipe_resource *st_resource_of_gl_object(struct st_context *ctx,
                                               unsigned gl_target,
                                               unsigned name, unsigned level,
                                               unsigned *res_level,
                                               enum st_image_error *error);

/* How GL_OES_EGL_image turns a GLeglImageOES handle into the resource of
 * the image: a new reference and the level of it the image is
 * (*level), or NULL when the handle names no image. */
typedef struct pipe_resource *(*st_image_lookup_fn)(void *data, void *handle,
                                                    unsigned *level);

/* Installs the lookup; without one, every handle is invalid. */
void st_context_set_image_lookup(struct st_context *ctx,
                                 st_image_lookup_fn lookup, void *data);

#ifdef __cplusplus
}
#endif

#endif
