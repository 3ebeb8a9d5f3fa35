/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Desktop GL 3.1 rules (desktop31.c) used by other entry points. */
#ifndef MESA_DESKTOP31_H
#define MESA_DESKTOP31_H

#include <stdbool.h>

#include "main/mtypes.h"

/* Does ctx have GL_TEXTURE_RECTANGLE (GL 3.1, ARB_texture_rectangle)? */
bool _mesa_has_rect_textures(const struct gl_context *ctx);

/* Does ctx have glPrimitiveRestartIndex and GL_PRIMITIVE_RESTART? */
bool _mesa_has_primitive_restart_index(const struct gl_context *ctx);

/* The error GL 3.1 section 3.8.8 names for setting pname to value on a
 * rectangle texture (beyond the checks every target has), or
 * GL_NO_ERROR. */
GLenum _mesa_rect_parameter_error(GLenum pname, GLint value);

#endif
