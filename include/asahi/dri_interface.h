/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The driver-loading interface: what asahi_dri.so offers to the window-system
 * code that loads it (libEGL_asahi, libgbm).
 *
 * The driver exports one data symbol, ASAHI_DRI_INTERFACE_SYMBOL, of type
 * `const struct asahi_dri_interface`.  The loader dlopen()s the driver,
 * dlsym()s that name and checks two fields before calling anything:
 *
 *  - `version` must equal the ASAHI_DRI_INTERFACE_VERSION the loader was
 *    built with (an incompatible change bumps it);
 *  - `size` must cover every member the loader uses: members are only ever
 *    added at the end, so an older driver has a smaller size.
 *
 * Everything behind the table is opaque: EGL and GBM never include Gallium,
 * GL front-end or pipe-driver headers.  Objects are owned by their screen;
 * destroy all contexts, drawables, fences and images of a screen before the
 * screen.  Library rules apply: no entry point prints (except under the
 * driver's own debug variables) or aborts on bad input; failures return NULL
 * or false and, where an `error` out-parameter exists, say why in it.
 *
 * Threading: a screen and its objects may be used from several threads;
 * make_current binds a context to the calling thread only.  The GL entry
 * points returned by get_proc_address find the current context themselves.
 */
#ifndef ASAHI_DRI_INTERFACE_H
#define ASAHI_DRI_INTERFACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ASAHI_DRI_INTERFACE_SYMBOL "asahi_dri_interface"
#define ASAHI_DRI_INTERFACE_VERSION 1

struct asahi_dri_screen;
struct asahi_dri_context;
struct asahi_dri_drawable;
struct asahi_dri_fence;
struct asahi_dri_image;

/* Why a call failed.  The EGL side maps these to EGL error codes (e.g.
 * BAD_VERSION and BAD_FLAG to EGL_BAD_MATCH for EGL_KHR_create_context).
 */
enum asahi_dri_error {
   ASAHI_DRI_SUCCESS = 0,
   ASAHI_DRI_ERROR_NO_MEMORY,   /* out of host or device memory */
   ASAHI_DRI_ERROR_NO_DEVICE,   /* no pipe driver for this fd */
   ASAHI_DRI_ERROR_BAD_API,     /* client API not supported */
   ASAHI_DRI_ERROR_BAD_VERSION, /* API version not supported */
   ASAHI_DRI_ERROR_BAD_FLAG,    /* context flag not supported */
   ASAHI_DRI_ERROR_BAD_CONFIG,  /* unknown config id */
   ASAHI_DRI_ERROR_BAD_SHARE,   /* share context of another API or screen */
   ASAHI_DRI_ERROR_BAD_SIZE,    /* width/height out of range */
   ASAHI_DRI_ERROR_BAD_MATCH,   /* objects that cannot be used together */
   ASAHI_DRI_ERROR_UNSUPPORTED, /* valid request the driver cannot do */
   ASAHI_DRI_ERROR_BAD_PARAMETER, /* no such object (image_from_gl) */
};

static inline const char *
asahi_dri_error_string(enum asahi_dri_error error)
{
   switch (error) {
   case ASAHI_DRI_SUCCESS:
      return "success";
   case ASAHI_DRI_ERROR_NO_MEMORY:
      return "out of memory";
   case ASAHI_DRI_ERROR_NO_DEVICE:
      return "no pipe driver for the device";
   case ASAHI_DRI_ERROR_BAD_API:
      return "client API not supported";
   case ASAHI_DRI_ERROR_BAD_VERSION:
      return "API version not supported";
   case ASAHI_DRI_ERROR_BAD_FLAG:
      return "context flag not supported";
   case ASAHI_DRI_ERROR_BAD_CONFIG:
      return "unknown config";
   case ASAHI_DRI_ERROR_BAD_SHARE:
      return "incompatible share context";
   case ASAHI_DRI_ERROR_BAD_SIZE:
      return "size out of range";
   case ASAHI_DRI_ERROR_BAD_MATCH:
      return "objects do not match";
   case ASAHI_DRI_ERROR_UNSUPPORTED:
      return "not supported";
   case ASAHI_DRI_ERROR_BAD_PARAMETER:
      return "no such object";
   }
   return "unknown error";
}

/* ---- screens ---------------------------------------------------------- */

struct asahi_dri_screen_options {
   /* A DRM render node opened by the caller (the screen dup()s it, the
    * caller keeps its own fd), or -1 for no device: only the noop pipe
    * driver accepts -1.
    */
   int fd;

   /* Pipe driver to use, or NULL to let the driver choose.  Choice rule,
    * first match wins: this field; the GALLIUM_DRIVER environment variable;
    * the kernel driver behind fd ("asahi" -> the AGX pipe driver); "noop"
    * when fd is -1.  Known names: "asahi", "noop".
    */
   const char *pipe_driver;
};

/* Capability bits of struct asahi_dri_screen_info::caps. */
#define ASAHI_DRI_CAP_FENCE (1u << 0)      /* fence_* entries work */
#define ASAHI_DRI_CAP_FENCE_FD (1u << 1)   /* fence_get_fd works */
#define ASAHI_DRI_CAP_IMAGE (1u << 2)      /* image_* entries work */
#define ASAHI_DRI_CAP_ROBUSTNESS (1u << 3) /* ROBUST_ACCESS accepted */
#define ASAHI_DRI_CAP_NO_ERROR (1u << 4)   /* NO_ERROR accepted */
/* LOSE_ON_RESET accepted: the context reports GPU resets through
 * glGetGraphicsResetStatus (without claiming robust buffer access). */
#define ASAHI_DRI_CAP_RESET_NOTIFICATION (1u << 5)

/* Versions are major * 10 + minor (GLES 3.1 is 31); 0: API not offered. */
struct asahi_dri_screen_info {
   const char *pipe_driver; /* the pipe driver chosen: "asahi", "noop" */
   const char *vendor;      /* GL_VENDOR */
   const char *renderer;    /* GL_RENDERER */
   unsigned max_gles_version;
   unsigned max_gl_core_version;
   unsigned max_gl_compat_version;
   uint32_t caps; /* ASAHI_DRI_CAP_* */
};

/* ---- configs ---------------------------------------------------------- */

/* One framebuffer configuration the driver can render to.  Colour sizes
 * are in bits; `fourcc` is the DRM fourcc of the colour buffer (what GBM
 * calls the format and EGL's GBM platform reports as EGL_NATIVE_VISUAL_ID).
 */
struct asahi_dri_config {
   uint32_t id; /* driver-chosen, unique per screen, never 0 */
   uint32_t fourcc;
   uint8_t red_size, green_size, blue_size, alpha_size;
   uint8_t depth_size, stencil_size;
   uint8_t samples; /* 0 or 1: single-sampled */
   bool srgb_capable;
};

/* ---- contexts --------------------------------------------------------- */

enum asahi_dri_api {
   ASAHI_DRI_API_GLES, /* OpenGL ES 1.x is not offered */
   ASAHI_DRI_API_GL_CORE,
   ASAHI_DRI_API_GL_COMPAT,
};

/* Flags of struct asahi_dri_context_attribs::flags. */
#define ASAHI_DRI_CONTEXT_DEBUG (1u << 0)
#define ASAHI_DRI_CONTEXT_FORWARD_COMPAT (1u << 1)
#define ASAHI_DRI_CONTEXT_ROBUST_ACCESS (1u << 2)
#define ASAHI_DRI_CONTEXT_LOSE_ON_RESET (1u << 3) /* reset notification */
#define ASAHI_DRI_CONTEXT_NO_ERROR (1u << 4)

/* Config id meaning "no config" (EGL_KHR_no_config_context). */
#define ASAHI_DRI_NO_CONFIG 0u

/* The window-system side has already validated the attributes against its
 * own spec (e.g. EGL_KHR_create_context); the driver answers whether it
 * can create such a context.
 */
struct asahi_dri_context_attribs {
   enum asahi_dri_api api;
   unsigned major, minor; /* requested version; the driver may give more */
   uint32_t flags;        /* ASAHI_DRI_CONTEXT_* */
   uint32_t config_id;    /* or ASAHI_DRI_NO_CONFIG */
};

/* ---- drawables -------------------------------------------------------- */

/* A drawable is a set of driver-allocated buffers (colour, and depth/stencil
 * as the config says) of one size: an EGL pbuffer, or the back buffer of a
 * GBM surface.  Single-buffered: swapping is the caller's business.
 */

/* ---- images (dma-buf import/export; GBM buffer objects) --------------- */

/* Usage bits of image_create. */
#define ASAHI_DRI_IMAGE_USE_RENDER (1u << 0)
#define ASAHI_DRI_IMAGE_USE_TEXTURE (1u << 1)
#define ASAHI_DRI_IMAGE_USE_LINEAR (1u << 2)
#define ASAHI_DRI_IMAGE_USE_SCANOUT (1u << 3)
#define ASAHI_DRI_IMAGE_USE_CURSOR (1u << 4)

/* Flags of image_map. */
#define ASAHI_DRI_MAP_READ (1u << 0)
#define ASAHI_DRI_MAP_WRITE (1u << 1)

/* One plane of a dma-buf image. */
struct asahi_dri_image_plane {
   int fd;
   uint32_t offset_B;
   uint32_t stride_B;
};

struct asahi_dri_image_desc {
   uint32_t width, height;
   uint32_t fourcc;
   uint64_t modifier; /* DRM_FORMAT_MOD_* */
   unsigned num_planes;
   struct asahi_dri_image_plane planes[4];
};

/* ---- the table -------------------------------------------------------- */

struct asahi_dri_interface {
   uint32_t version; /* ASAHI_DRI_INTERFACE_VERSION */
   uint32_t size;    /* sizeof(struct asahi_dri_interface) */

   /* Screens. */
   struct asahi_dri_screen *(*screen_create)(
      const struct asahi_dri_screen_options *options,
      enum asahi_dri_error *error);
   void (*screen_destroy)(struct asahi_dri_screen *screen);
   void (*screen_get_info)(struct asahi_dri_screen *screen,
                           struct asahi_dri_screen_info *info);

   /* Writes up to `max` configs (none when configs is NULL) and returns
    * how many the screen has.  The list is the same for the screen's life.
    */
   unsigned (*get_configs)(struct asahi_dri_screen *screen,
                           struct asahi_dri_config *configs, unsigned max);

   /* Contexts.  `share` (or NULL) must belong to the same screen. */
   struct asahi_dri_context *(*context_create)(
      struct asahi_dri_screen *screen,
      const struct asahi_dri_context_attribs *attribs,
      struct asahi_dri_context *share, enum asahi_dri_error *error);
   void (*context_destroy)(struct asahi_dri_context *ctx);

   /* Binds ctx with draw/read (both NULL: surfaceless) to the calling
    * thread; ctx NULL releases the thread's current context (flushing it).
    * The caller enforces its API's rules (a context current in one thread
    * only; objects destroyed while current live on until released): the
    * driver never sees a current context or drawable destroyed.
    */
   enum asahi_dri_error (*make_current)(struct asahi_dri_context *ctx,
                                        struct asahi_dri_drawable *draw,
                                        struct asahi_dri_drawable *read);

   /* Drawables (pbuffers). */
   struct asahi_dri_drawable *(*drawable_create)(
      struct asahi_dri_screen *screen, uint32_t config_id, uint32_t width,
      uint32_t height, enum asahi_dri_error *error);
   void (*drawable_destroy)(struct asahi_dri_drawable *drawable);

   /* Submits the context's queued work (glFlush); finish also waits. */
   void (*flush)(struct asahi_dri_context *ctx);
   void (*finish)(struct asahi_dri_context *ctx);

   /* Fences: a fence after all work submitted so far by ctx (flushing it).
    * fence_wait returns true once signalled, false on timeout.  A timeout
    * of UINT64_MAX waits forever, 0 only polls.
    */
   struct asahi_dri_fence *(*fence_create)(struct asahi_dri_context *ctx);
   bool (*fence_wait)(struct asahi_dri_screen *screen,
                      struct asahi_dri_fence *fence, uint64_t timeout_ns);
   void (*fence_destroy)(struct asahi_dri_screen *screen,
                         struct asahi_dri_fence *fence);
   /* A sync_file fd for the fence (caller closes it), or -1.  May be NULL
    * when the screen lacks ASAHI_DRI_CAP_FENCE_FD.
    */
   int (*fence_get_fd)(struct asahi_dri_screen *screen,
                       struct asahi_dri_fence *fence);

   /* GL entry point by name ("glClear"), NULL for names the front end does
    * not know.  Needs no screen and no current context.
    */
   void (*(*get_proc_address)(const char *name))(void);

   /* Images.  These entries may be NULL (screen lacks ASAHI_DRI_CAP_IMAGE).
    * image_export fills desc with dup()ed fds the caller closes.
    */
   struct asahi_dri_image *(*image_create)(
      struct asahi_dri_screen *screen, uint32_t width, uint32_t height,
      uint32_t fourcc, const uint64_t *modifiers, unsigned num_modifiers,
      uint32_t usage, enum asahi_dri_error *error);
   struct asahi_dri_image *(*image_import)(
      struct asahi_dri_screen *screen, const struct asahi_dri_image_desc *desc,
      enum asahi_dri_error *error);
   bool (*image_export)(struct asahi_dri_image *image,
                        struct asahi_dri_image_desc *desc);
   void (*image_destroy)(struct asahi_dri_image *image);

   /* CPU access to a rectangle of an image (ASAHI_DRI_MAP_*): its address
    * and row stride, and a cookie for image_unmap, or NULL.  Unmapping
    * after a write makes the data visible to later GPU work.  May be NULL.
    */
   void *(*image_map)(struct asahi_dri_image *image, uint32_t x, uint32_t y,
                      uint32_t width, uint32_t height, uint32_t flags,
                      uint32_t *stride_B, void **cookie);
   void (*image_unmap)(struct asahi_dri_image *image, void *cookie);

   /* Window drawables (GBM surfaces): double-buffered, rendering goes to
    * the back buffer.  swap_buffers finishes ctx's frame (ctx may be NULL)
    * and exchanges back and front; drawable_get_image gives the front (or
    * back) buffer as an image holding its own reference (image_destroy
    * drops it).  These entries may be NULL.
    */
   struct asahi_dri_drawable *(*window_create)(
      struct asahi_dri_screen *screen, uint32_t config_id, uint32_t width,
      uint32_t height, enum asahi_dri_error *error);
   void (*swap_buffers)(struct asahi_dri_context *ctx,
                        struct asahi_dri_drawable *drawable);
   struct asahi_dri_image *(*drawable_get_image)(
      struct asahi_dri_drawable *drawable, bool back);

   /* EGL images of GL objects (EGL_KHR_gl_texture_2D_image,
    * EGL_KHR_gl_renderbuffer_image): an image sharing the storage of level
    * `level` of the texture `name` (gl_target GL_TEXTURE_2D, 0x0DE1; only
    * level 0 can be shared: other levels give BAD_MATCH) or of the
    * renderbuffer `name` (GL_RENDERBUFFER, 0x8D41) of ctx's share group.
    * BAD_PARAMETER when there is no such object or level.  ctx need not be
    * current.  May be NULL.
    */
   struct asahi_dri_image *(*image_from_gl)(struct asahi_dri_context *ctx,
                                            uint32_t gl_target, uint32_t name,
                                            uint32_t level,
                                            enum asahi_dri_error *error);

   /* GL_OES_EGL_image: GL receives the window system's handles
    * (EGLImage) and asks the window-system side, through this callback, for
    * the image behind one.  `lookup` calls `use` with the image (while the
    * image cannot be destroyed) and returns true, or returns false when the
    * handle names no live image of this screen.  Set once, before contexts
    * are made; without it, every handle is invalid.  May be NULL.
    */
   void (*screen_set_image_lookup)(
      struct asahi_dri_screen *screen,
      bool (*lookup)(void *data, void *handle,
                     void (*use)(struct asahi_dri_image *image, void *arg),
                     void *arg),
      void *data);
};

/* Members a caller may use on a table of a given size. */
#define ASAHI_DRI_HAS(iface, member)                                           \
   ((iface)->size >= offsetof(struct asahi_dri_interface, member) +            \
                        sizeof((iface)->member) &&                             \
    (iface)->member != NULL)

#ifdef __cplusplus
}
#endif

#endif /* ASAHI_DRI_INTERFACE_H */
