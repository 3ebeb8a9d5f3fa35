/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Geometry shaders in the GL API (GL 3.2 core 2.12, 6.1.16; geomshader.c):
 * which contexts have them, their program queries, limits and the draw
 * rules they add. */
#ifndef MESA_GEOMSHADER_H
#define MESA_GEOMSHADER_H

#include <stdbool.h>

#include "main/mtypes.h"

struct glsl_program;

/* Does ctx have geometry shaders (desktop GL 3.2 and later)? */
bool _mesa_has_geometry_shaders(const struct gl_context *ctx);

/* Is mode one of the adjacency primitives GL_LINES_ADJACENCY ...
 * GL_TRIANGLE_STRIP_ADJACENCY? */
bool _mesa_is_adjacency_mode(GLenum mode);

/* glGetProgramiv of GL_GEOMETRY_VERTICES_OUT, GL_GEOMETRY_INPUT_TYPE and
 * GL_GEOMETRY_OUTPUT_TYPE: false if pname is none of them (or the
 * context has no geometry shaders); otherwise true, with *params set or
 * the GL error raised.  linked is NULL when the program is not linked. */
bool _mesa_geometry_program_iv(struct gl_context *ctx,
                               const struct glsl_program *linked,
                               GLenum pname, GLint *params);

/* glGet of the MAX_GEOMETRY_* limits: false if pname is not one of them;
 * *known false when the context has no geometry shaders. */
bool _mesa_get_geometry_limit(struct gl_context *ctx, GLenum pname,
                              GLint *value, bool *known);

/* The draw-time rules of an active geometry shader (GL 3.2 core 2.12.1
 * and 2.15): mode must suit its input primitive, and while transform
 * feedback captures, its output primitive must suit the feedback's.
 * False after raising GL_INVALID_OPERATION. */
bool _mesa_geometry_draw_allows(struct gl_context *ctx, GLenum mode,
                                const char *func);

#endif
