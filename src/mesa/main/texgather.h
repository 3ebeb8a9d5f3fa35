/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Texture gathers (ARB_texture_gather, GL 4.0, ES 3.1): the limits the
 * driver reports and the queries that read them. */
#ifndef MESA_TEXGATHER_H
#define MESA_TEXGATHER_H

#include "main/mtypes.h"

/* The context has textureGather: the driver gathers and the context is
 * desktop GL or ES 3.1. */
bool _mesa_has_texture_gather(const struct gl_context *ctx);

/* GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB and
 * GL_MIN/MAX_PROGRAM_TEXTURE_GATHER_OFFSET; false if pname is not one of
 * them, *known false when the context has no gathers. */
bool _mesa_get_texture_gather_limit(struct gl_context *ctx,
                                    GLenum pname, GLint *value, bool *known);

#endif
