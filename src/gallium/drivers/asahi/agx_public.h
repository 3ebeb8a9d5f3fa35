/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Entry point of the asahi pipe driver (the winsys in
 * src/gallium/winsys/asahi/drm calls it).
 */
#ifndef AGX_PUBLIC_H
#define AGX_PUBLIC_H

struct pipe_screen;

/* fd: an open drm_asahi render node, owned by the screen from now on (it
 * is closed when the screen is destroyed).  NULL on failure, with the
 * reason logged.
 */
struct pipe_screen *agx_screen_create(int fd);

#endif
