/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Proxy textures (GL 4.6 compatibility/core section 8.22): the
 * PROXY_TEXTURE_* targets of TexImage1D/2D/3D ask whether an image would be
 * supported; their level state is kept here and read back by
 * GetTexLevelParameter.  The multisample proxies live in
 * texture_multisample.c.
 */
#ifndef MAIN_TEXPROXY_H
#define MAIN_TEXPROXY_H

#include "main/mtypes.h"

/* The texture target proxy target `target` stands for, or GL_NONE when
 * it is no proxy target of this context taking images of `dims`
 * dimensions (dims 0: any, as for GetTexLevelParameter). */
GLenum _mesa_proxy_texture_target(struct gl_context *ctx, GLenum target,
                                  unsigned dims);

/* The level state of a proxy target (one _mesa_proxy_texture_target
 * accepts); NULL for any other target or level. */
struct gl_texture_image *_mesa_proxy_image(struct gl_context *ctx,
                                           GLenum target, GLint level);

/* Sets a proxy level to an image of that size and format (the checks
 * passed), or to all zeros when `supported` is false. */
void _mesa_proxy_set(struct gl_context *ctx, GLenum target, GLint level,
                     bool supported, GLsizei width, GLsizei height,
                     GLsizei depth, GLenum internalformat, GLenum format,
                     GLenum type);

/* TexStorage* on a proxy target (GL 4.6 section 8.19): levels 0 to
 * levels - 1 of the proxy as TexStorage would make them (the height and
 * depth halving per level when shrink_h, shrink_d), or every level of it
 * zero when `supported` is false. */
void _mesa_proxy_storage(struct gl_context *ctx, GLenum target, GLsizei levels,
                         bool supported, GLsizei width, GLsizei height,
                         GLsizei depth, GLenum internalformat, GLenum format,
                         bool shrink_h, bool shrink_d);

#endif
