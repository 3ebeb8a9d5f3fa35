/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * EXT_texture_integer's state outside textures (texture_integer.c): the
 * integer clear colour and RGBA_INTEGER_MODE_EXT.  Its formats are in
 * formats_es3.c and client_pixels.c.
 */
#ifndef MAIN_TEXTURE_INTEGER_H
#define MAIN_TEXTURE_INTEGER_H

#include <stdbool.h>

struct gl_context;

/* RGBA_INTEGER_MODE_EXT: does the draw framebuffer have an integer
 * colour buffer among its draw buffers? */
bool _mesa_rgba_integer_mode(const struct gl_context *ctx);

#endif
