/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Internal objects of libEGL_asahi, the glvnd EGL vendor library.
 *
 * libglvnd's libEGL owns the application-facing entry points, the bound API
 * and the current-context bookkeeping of the dispatch layer; it forwards
 * each call that takes an EGLDisplay to the vendor that made the display.
 * Here we keep displays (one per platform and native display), and on each
 * initialized display its configs, contexts, surfaces and syncs.  Handles
 * given to the application are pointers to these objects, always checked
 * against the display's lists before use.
 *
 * Locking: one mutex guards all of it (egl_lock_display takes it).
 * Per-thread: the last error and the current context.
 *
 * Lifetime: an object stays on its display's list until freed; eglDestroy*
 * and eglTerminate only mark it `destroyed` (lookups then fail) and drop
 * the reference the application held; bindings (current contexts and their
 * surfaces) hold references of their own.
 */
#ifndef EGL_PRIVATE_H
#define EGL_PRIVATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "asahi/dri_interface.h"
#include "util/list.h"

#include "egl_config.h"
#include "egl_context_attribs.h"
#include "loader.h"

#define EGL_ASAHI_VENDOR "asahi-gl"
#define EGL_ASAHI_VERSION_MAJOR 1
#define EGL_ASAHI_VERSION_MINOR 5

struct egl_display {
   struct list_head link; /* in the global display list */
   EGLenum platform;      /* EGL_PLATFORM_*: surfaceless, device, gbm */
   void *native;          /* native display (device, gbm) or NULL */
   bool initialized;

   /* Valid while initialized. */
   int fd;               /* render node, or -1 */
   char driver_name[64]; /* the loader's name: "asahi" */
   struct loader_driver driver;
   const struct asahi_dri_interface *dri;
   struct asahi_dri_screen *screen;
   struct asahi_dri_screen_info info;
   struct egl_config *configs;
   unsigned num_configs;
   char client_apis[32];
   char extensions[1024];
   struct egl_context_caps context_caps;

   struct list_head contexts;
   struct list_head surfaces;
   struct list_head syncs;
   struct list_head images;

   EGLLabelKHR label;
};

struct egl_resource {
   struct list_head link;
   struct egl_display *display;
   unsigned refs;
   bool destroyed;
   EGLLabelKHR label;
};

struct egl_context {
   struct egl_resource res;
   const struct egl_config *config; /* NULL: EGL_NO_CONFIG_KHR */
   struct egl_context_request request;
   struct asahi_dri_context *dri;
   bool bound; /* current to some thread */
   struct egl_surface *draw, *read;
};

struct egl_surface {
   struct egl_resource res;
   const struct egl_config *config;
   EGLint type; /* EGL_PBUFFER_BIT */
   EGLint width, height;
   EGLint largest_pbuffer;
   EGLint texture_format, texture_target, mipmap_texture, mipmap_level;
   EGLint gl_colorspace;
   EGLint vg_alpha_format, vg_colorspace;
   EGLint swap_behavior, multisample_resolve;
   EGLint swap_interval;
   struct asahi_dri_drawable *dri;
   struct egl_context *bound_ctx; /* the context it is current to */
   void *native_window;           /* GBM surface of a window, or NULL */
};

struct egl_image {
   struct egl_resource res;
   struct asahi_dri_image *dri;
};

struct egl_sync {
   struct egl_resource res;
   EGLenum type; /* EGL_SYNC_FENCE */
   EGLenum condition;
   bool signaled;
   struct asahi_dri_fence *fence;
};

/* ---- errors (egl_error.c) --------------------------------------------- */

/* Records the thread's error; returns EGL_FALSE when error is not
 * EGL_SUCCESS, so that `return egl_error(...)` reads naturally.  A message
 * goes to the EGL_KHR_debug callback when one is installed.
 */
EGLBoolean egl_error(EGLint error, const char *func, const char *msg);
EGLBoolean egl_success(void);
EGLint EGLAPIENTRY egl_GetError(void);

EGLint EGLAPIENTRY egl_DebugMessageControlKHR(EGLDEBUGPROCKHR callback,
                                              const EGLAttrib *attrib_list);
EGLBoolean EGLAPIENTRY egl_QueryDebugKHR(EGLint attribute, EGLAttrib *value);
EGLint EGLAPIENTRY egl_LabelObjectKHR(EGLDisplay dpy, EGLenum object_type,
                                      EGLObjectKHR object, EGLLabelKHR label);

/* ---- displays (egl_display.c) ----------------------------------------- */

EGLDisplay egl_get_platform_display(EGLenum platform, void *native,
                                    const EGLAttrib *attrib_list);
/* The display behind a handle, or NULL (no error set). */
struct egl_display *egl_lookup_display(EGLDisplay dpy);
/* Looks up and locks an initialized display, or records the error
 * (EGL_BAD_DISPLAY, EGL_NOT_INITIALIZED) and returns NULL.
 */
struct egl_display *egl_lock_display(EGLDisplay dpy, const char *func);
void egl_unlock_display(struct egl_display *disp);
/* The same lock, for calls that have no display (eglReleaseThread). */
void egl_global_lock(void);
void egl_global_unlock(void);

const struct egl_config *egl_lookup_config(struct egl_display *disp,
                                           EGLConfig config);

/* Reference counting of contexts, surfaces and syncs; the last unref
 * frees (display lock held).
 */
void egl_resource_ref(struct egl_resource *res);
void egl_context_unref(struct egl_context *ctx);
void egl_surface_unref(struct egl_surface *surf);

/* The asahi_dri error in EGL terms. */
EGLint egl_error_from_dri(enum asahi_dri_error error);

/* Frees a terminated display's driver objects when nothing is left. */
void egl_display_teardown_if_unused(struct egl_display *disp);
/* A function of the program's libgbm (global or opened by name), or NULL. */
void *egl_gbm_symbol(const char *name);
/* A GL entry point from the driver (NULL before any display loaded it). */
void *egl_gl_proc_address(const char *name);
/* Platform extensions, for glvnd's getVendorString. */
const char *egl_platform_extensions(void);

/* Lookups of live (not destroyed) objects, display lock held. */
struct egl_context *egl_lookup_context(struct egl_display *disp,
                                       EGLContext ctx);
struct egl_surface *egl_lookup_surface(struct egl_display *disp,
                                       EGLSurface surf);
struct egl_sync *egl_lookup_sync(struct egl_display *disp, EGLSync sync);
void egl_sync_destroy_locked(struct egl_sync *sync);

/* ---- entry point tables (one per file, NULL-terminated) ---------------- */

struct egl_named_function {
   const char *name;
   void *func;
};

extern const struct egl_named_function egl_display_functions[];
extern const struct egl_named_function egl_context_functions[];
extern const struct egl_named_function egl_surface_functions[];
extern const struct egl_named_function egl_sync_functions[];
extern const struct egl_named_function egl_image_functions[];

/* ---- images (egl_image.c) --------------------------------------------- */

/* Registers the lookup GL_OES_EGL_image uses (after screen creation). */
void egl_image_init_display(struct egl_display *disp);
/* Can the display make and share images at all? */
bool egl_images_supported(const struct egl_display *disp);
void egl_image_destroy_locked(struct egl_image *img);

/* ---- device platform (egl_device.c) ----------------------------------- */

EGLBoolean EGLAPIENTRY egl_QueryDevicesEXT(EGLint max_devices,
                                           EGLDeviceEXT *devices,
                                           EGLint *num_devices);
const char *EGLAPIENTRY egl_QueryDeviceStringEXT(EGLDeviceEXT device,
                                                 EGLint name);
EGLBoolean EGLAPIENTRY egl_QueryDeviceAttribEXT(EGLDeviceEXT device,
                                                EGLint attribute,
                                                EGLAttrib *value);
/* The render node path of a device handle, NULL if not one of ours. */
const char *egl_device_node(EGLDeviceEXT device);
/* The device handle of an open render node, or NULL. */
EGLDeviceEXT egl_device_for_fd(int fd);

/* ---- entry points looked up by name (egl_main.c) ---------------------- */

/* Our EGL function named `name`, or NULL. */
void *egl_lookup_function(const char *name);

/* The thread's current context (ours), or NULL. */
struct egl_context *egl_current_context(void);
void egl_set_current_context(struct egl_context *ctx);

/* The API bound with eglBindAPI on this thread (glvnd keeps it). */
EGLenum egl_bound_api(void);

#endif /* EGL_PRIVATE_H */
