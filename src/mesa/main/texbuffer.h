/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Buffer textures (texbuffer.c): GL 3.1 section 3.8.5 and
 * ARB_texture_buffer_object / ARB_texture_buffer_range. */
#ifndef MESA_TEXBUFFER_H
#define MESA_TEXBUFFER_H

#include "main/mtypes.h"
#include "util/format/u_formats.h"

/* Does this context have buffer textures (desktop GL with a driver that
 * samples them)? */
static inline bool
_mesa_has_buffer_textures(const struct gl_context *ctx)
{
   return ctx->API != ST_PROFILE_OPENGL_ES2 &&
          ctx->Const.MaxTextureBufferSize > 0;
}

/* What the sampler view of buffer texture t reads: the pipe format (and
 * the swizzle that makes the legacy ALPHA/LUMINANCE/INTENSITY formats
 * from it) and the byte range of the buffer (GL 3.1 section 3.8.5: the
 * texel count is the range's size over the texel size, at most
 * MAX_TEXTURE_BUFFER_SIZE).  False when t has no buffer with storage, or
 * its range holds no texel. */
bool _mesa_texbuffer_view(const struct gl_context *ctx,
                          const struct gl_texture_object *t,
                          enum pipe_format *format, unsigned swizzle[4],
                          unsigned *offset_B, unsigned *size_B);

/* glGet* of the buffer texture state and limits; false when pname is not
 * one of them in this context. */
bool _mesa_texbuffer_get(struct gl_context *ctx, GLenum pname, GLint *v);

/* glGetTexLevelParameter* of a buffer texture (GL 4.6 section 8.11.3:
 * width in texels, internal format, the buffer and its range). */
bool _mesa_texbuffer_level_param(struct gl_context *ctx,
                                 const struct gl_texture_object *t,
                                 GLenum pname, GLint *v);

#endif
