/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_multi_bind (GL 4.4; GL 4.6 sections 6.1.1, 8.1, 8.2, 8.26, 10.3.1):
 * commands that bind count objects to the consecutive binding points
 * first .. first + count - 1 (multibind.c; glBindImageTextures is in
 * shaderimage.c).
 */
#ifndef MESA_MULTIBIND_H
#define MESA_MULTIBIND_H

#include <stdbool.h>

#include "main/mtypes.h"

/* Desktop contexts advertise GL_ARB_multi_bind. */
bool _mesa_has_multi_bind(const struct gl_context *ctx);

/* The checks every multi-bind command makes before binding anything: a
 * negative count is INVALID_VALUE (GL 4.6 section 2.3.1), first + count
 * above the limit INVALID_OPERATION.  False (with the error recorded)
 * when the command must change nothing. */
bool _mesa_multi_bind_span_ok(struct gl_context *ctx, GLuint first,
                              GLsizei count, GLuint limit, const char *func);

#endif
