/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Viewport arrays (ARB_viewport_array, GL 4.1 core; OES_viewport_array):
 * the indexed viewport, scissor and depth-range state of viewport_array.c
 * that the unindexed commands and the state tracker share. */
#ifndef MESA_VIEWPORT_ARRAY_H
#define MESA_VIEWPORT_ARRAY_H

#include <stdbool.h>

#include "main/mtypes.h"

/* Does ctx offer ARB_viewport_array (desktop) or OES_viewport_array
 * (ES): a driver with more than one viewport, and geometry shaders to
 * write gl_ViewportIndex? */
bool _mesa_has_viewport_array(const struct gl_context *ctx);

/* The viewports, scissor boxes and depth ranges a context uses:
 * GL_MAX_VIEWPORTS, or 1 without the extension. */
unsigned _mesa_viewport_count(const struct gl_context *ctx);

/* GL_VIEWPORT_BOUNDS_RANGE. */
void _mesa_viewport_bounds_range(const struct gl_context *ctx, GLfloat r[2]);

/* Initial state (GL 4.6 table 23.8): depth range [0, 1] and scissor test
 * off for every index. */
void _mesa_init_viewports(struct gl_context *ctx);

/* Viewport i set to (x, y, w, h) after the spec's clamps (w and h to
 * MAX_VIEWPORT_DIMS, x and y to VIEWPORT_BOUNDS_RANGE with the
 * extension); w and h are not negative. */
void _mesa_set_viewport(struct gl_context *ctx, unsigned i, GLfloat x,
                        GLfloat y, GLfloat w, GLfloat h);

/* Depth range i, both ends clamped to [0, 1]. */
void _mesa_set_depth_range(struct gl_context *ctx, unsigned i, GLdouble n,
                           GLdouble f);

/* Scissor box i (w, h not negative). */
void _mesa_set_scissor(struct gl_context *ctx, unsigned i, GLint x, GLint y,
                       GLsizei w, GLsizei h);

/* Scissor test i on or off (every index when all). */
void _mesa_set_scissor_test(struct gl_context *ctx, unsigned i, bool all,
                            bool on);

/* glGet*i_v of GL_VIEWPORT, GL_SCISSOR_BOX, GL_DEPTH_RANGE and
 * GL_SCISSOR_TEST: false if target is none of them (or the context lacks
 * the extension); else true, with the GL error raised for a bad index
 * (*n = 0) or out[0..*n) set to the state as doubles. */
bool _mesa_get_viewport_indexed(struct gl_context *ctx, GLenum target,
                                GLuint index, const char *func, double *out,
                                unsigned *n);

/* The same as integers, rounded to the nearest (viewport_array.c says
 * why depth ranges too). */
bool _mesa_get_viewport_indexed_int(struct gl_context *ctx, GLenum target,
                                    GLuint index, const char *func,
                                    GLint64 *out, unsigned *n);

/* glEnablei/glDisablei (set true, *value the new state) and
 * glIsEnabledi (set false, *value the state read) of GL_SCISSOR_TEST:
 * false if target is something else or the context lacks the extension;
 * else true, with the index checked (GL_INVALID_VALUE). */
bool _mesa_scissor_test_indexed(struct gl_context *ctx, GLenum target,
                                GLuint index, bool set, GLboolean *value,
                                const char *func);

#endif
