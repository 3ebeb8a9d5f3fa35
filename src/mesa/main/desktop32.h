/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The state GL 3.2 adds besides geometry shaders (desktop32.c). */
#ifndef MESA_DESKTOP32_H
#define MESA_DESKTOP32_H

#include "main/mtypes.h"

/* The value of a GL 3.2 state or limit read by glGet*: false when pname
 * is not one of them in ctx; *is_bool for enables. */
bool _mesa_get_desktop32_state(struct gl_context *ctx, GLenum pname,
                               GLint *out, bool *is_bool);

/* glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, index) (texture_multisample.c):
 * false when pname is not it in ctx; else *ok says whether *out was
 * written (an index error is recorded otherwise). */
bool _mesa_sample_mask_indexed(struct gl_context *ctx, GLenum pname,
                               GLuint index, GLint64 *out, bool *ok,
                               const char *func);

#endif
