/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Desktop GL 3.0 state (desktop30.c) used by other entry points. */
#ifndef MESA_DESKTOP30_H
#define MESA_DESKTOP30_H

#include "main/mtypes.h"
#include "util/format/u_formats.h"

/* GL 3.0 section 4.3.2: clamps the float texels glReadPixels wrote to
 * [0, 1] when CLAMP_READ_COLOR asks it for the read buffer's format
 * (buffer) in a desktop context. */
/* Does glReadPixels clamp colours read from a buffer of this format to
 * [0, 1] (GL 3.0 glClampColor(GL_CLAMP_READ_COLOR): FIXED_ONLY clamps
 * fixed-point buffers)? */
bool _mesa_read_color_clamped(const struct gl_context *ctx,
                              enum pipe_format buffer);
void _mesa_clamp_read_color(struct gl_context *ctx, enum pipe_format buffer,
                            enum pipe_format client, GLsizei width,
                            GLsizei height, void *pixels);

/* Is fragment colour clamping on (compatibility contexts, GL 3.0 section
 * 3.9.11, ARB_color_buffer_float): CLAMP_FRAGMENT_COLOR TRUE, or
 * FIXED_ONLY with no float colour buffer drawn to?  It also clamps
 * glDrawPixels' colours, the state colours queries return (section
 * 6.1.2) and the fixed-function constants a draw uses. */
bool _mesa_fragment_color_clamped(const struct gl_context *ctx);

/* out = in, clamped to [0, 1] when _mesa_fragment_color_clamped. */
void _mesa_fragment_clamp_values(const struct gl_context *ctx,
                                 const GLfloat *in, GLfloat *out,
                                 unsigned n);

#endif
