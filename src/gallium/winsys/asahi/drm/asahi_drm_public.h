/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Screen creation for the asahi Gallium driver (contract 6).
 *
 * The loader side (asahi_dri.so) opens a DRM render node whose kernel
 * driver is "asahi" (or one faked by a drm-shim) and calls
 * asahi_drm_screen_create() with it.  The screen duplicates the fd, so the
 * caller keeps ownership of its own and may close it at any time.  config
 * may be NULL (defaults).
 *
 * On failure NULL is returned and a message naming the device and what to
 * do is logged (util/log.h); nothing aborts.
 */
#ifndef ASAHI_DRM_PUBLIC_H
#define ASAHI_DRM_PUBLIC_H

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen;
struct pipe_screen_config;

struct pipe_screen *
asahi_drm_screen_create(int fd, const struct pipe_screen_config *config);

#ifdef __cplusplus
}
#endif

#endif
