/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* ARB_gpu_shader5 (GL 4.0's shading features) in desktop contexts: when
 * it is offered and the limits it adds to glGet. */
#ifndef MESA_GPU_SHADER5_H
#define MESA_GPU_SHADER5_H

#include "main/mtypes.h"

/* A desktop context of GLSL 1.50 or later (the extension's minimum)
 * whose driver gathers with SM5's rules and runs instanced geometry
 * shaders. */
bool _mesa_has_gpu_shader5(const struct gl_context *ctx);

/* GL_MAX_GEOMETRY_SHADER_INVOCATIONS, GL_MAX_VERTEX_STREAMS,
 * GL_MIN/MAX_FRAGMENT_INTERPOLATION_OFFSET and
 * GL_FRAGMENT_INTERPOLATION_OFFSET_BITS: false if pname is not one of
 * them; else *value holds it (*is_float for the two offsets) and *known
 * says whether the context has the extension. */
bool _mesa_get_gpu_shader5_limit(const struct gl_context *ctx, GLenum pname,
                                 GLfloat *value, bool *is_float,
                                 bool *known);

#endif
