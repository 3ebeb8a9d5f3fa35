/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The private protocol between our libgbm and libEGL_asahi for GBM
 * surfaces (EGL windows on the GBM platform).  libEGL_asahi finds these
 * functions with dlsym(RTLD_DEFAULT, ...) so that it does not link libgbm;
 * a program on Mesa's libgbm simply has none, and EGL then refuses the
 * window.  EGL renders into a double-buffered driver drawable bound to the
 * surface; gbm_surface_lock_front_buffer exports its front buffer.
 */
#ifndef GBM_ASAHI_H
#define GBM_ASAHI_H

#include <stdbool.h>
#include <stdint.h>

struct gbm_surface;
struct asahi_dri_interface;
struct asahi_dri_drawable;

struct gbm_asahi_surface_info {
   uint32_t width, height;
   uint32_t format; /* GBM (DRM fourcc) format */
   uint32_t flags;  /* GBM_BO_USE_* */
};

/* False when s is not a surface of this libgbm. */
typedef bool (*gbm_asahi_surface_info_fn)(struct gbm_surface *s,
                                          struct gbm_asahi_surface_info *info);
#define GBM_ASAHI_SURFACE_INFO "gbm_asahi_surface_info"

/* Binds the drawable EGL renders into (drawable NULL: unbinds).  False
 * when another drawable is bound already.
 */
typedef bool (*gbm_asahi_surface_bind_fn)(
   struct gbm_surface *s, const struct asahi_dri_interface *dri,
   struct asahi_dri_drawable *drawable);
#define GBM_ASAHI_SURFACE_BIND "gbm_asahi_surface_bind"

/* EGL swapped: a new front buffer can be locked. */
typedef void (*gbm_asahi_surface_swapped_fn)(struct gbm_surface *s);
#define GBM_ASAHI_SURFACE_SWAPPED "gbm_asahi_surface_swapped"

#endif /* GBM_ASAHI_H */
