/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The noop pipe driver: a pipe_screen that accepts every call and renders
 * nothing.  Resources are plain host memory, so maps, subdata uploads and
 * resource copies behave as on a real driver; draws, clears and blits do
 * nothing.  Used to test the GL front end without a GPU and to measure its
 * CPU overhead.
 */
#ifndef NOOP_PUBLIC_H
#define NOOP_PUBLIC_H

struct pipe_screen;

/* NULL when out of memory.  Destroy with screen->destroy(screen). */
struct pipe_screen *noop_screen_create(void);

#endif
