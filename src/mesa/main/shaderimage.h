/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Image units (ARB_shader_image_load_store, GL 4.6 section 8.26;
 * shaderimage.c): glBindImageTexture and its errors, the unit state and
 * its queries, the limits.  The state tracker turns the units the
 * current program's image uniforms name into pipe image views
 * (st_image.c).
 */
#ifndef MESA_SHADERIMAGE_H
#define MESA_SHADERIMAGE_H

#include <stdbool.h>

#include "main/mtypes.h"
#include "util/format/u_formats.h"

/* Desktop contexts whose driver has images (ctx->Const.MaxImageUnits). */
bool _mesa_has_shader_images(const struct gl_context *ctx);

/* The pipe format of an image unit format (GL 4.6 table 8.26), or
 * PIPE_FORMAT_NONE when format is not one. */
enum pipe_format _mesa_image_format_to_pipe(GLenum format);

void _mesa_init_image_units(struct gl_context *ctx);
void _mesa_free_image_units(struct gl_context *ctx);

/* A deleted texture leaves every image unit it is bound to (GL 4.6
 * section 8.1: as if BindImageTexture were called with texture 0). */
void _mesa_unbind_image_texture(struct gl_context *ctx,
                                struct gl_texture_object *t);

/* glGet of the limits (GL 4.6 table 23.66/23.67).  Returns false when
 * pname is not one; *known is false when this context lacks images. */
bool _mesa_get_image_state(struct gl_context *ctx, GLenum pname,
                           GLint *value, bool *known);

/* glGetIntegeri_v & co of GL_IMAGE_BINDING_* (table 23.45).  Returns
 * false when pname is not one; else *ok says whether *out was set (an
 * error was recorded otherwise). */
bool _mesa_get_image_indexed(struct gl_context *ctx, GLenum pname,
                             GLuint index, GLint64 *out, bool *ok,
                             const char *func);

#endif
