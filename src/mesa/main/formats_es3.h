/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Internal formats and client pixel formats, as data (formats_es3.c):
 *
 * - every internal format the front end knows (ES 3.0.6 spec tables
 *   3.13 and 3.14; the unsized ES 2.0 ones; the unsized depth formats of
 *   OES_depth_texture/OES_packed_depth_stencil; BGRA_EXT of
 *   EXT_texture_format_BGRA8888; the float luminance and alpha formats
 *   unsized ones become with OES_texture_float), with its base format,
 *   component type, bit sizes, whether it is colour-renderable and
 *   texture-filterable, and the pipe formats it may be stored in, best
 *   first (the first one the driver supports is used);
 * - every client format/type pair (ES 3.0.6 tables 3.2, 3.4, 3.5) with
 *   the pipe format that describes its memory layout, so that uploads and
 *   ReadPixels convert through util/format;
 * - the valid (format, type, internalformat) combinations of ES 3.0.6
 *   tables 3.2 (sized) and 3.3 (unsized).
 */
#ifndef MAIN_FORMATS_ES3_H
#define MAIN_FORMATS_ES3_H

#include <stdbool.h>

#include "main/gl_api.h"
#include "pipe/p_defines.h"
#include "util/format/u_formats.h"

struct gl_context;
struct gl_renderbuffer;
struct pipe_screen;

enum gl_format_flag {
   /* A sized internal format (TexStorage, RenderbufferStorage). */
   GL_FMT_SIZED = 1 << 0,
   /* Colour-renderable in ES 3.0 (table 3.13 "CR"). */
   GL_FMT_COLOR_RENDERABLE = 1 << 1,
   /* Texture-filterable (table 3.13 "TF"). */
   GL_FMT_FILTERABLE = 1 << 2,
   /* Renderable as a float buffer: desktop GL, or ES 3.0 with
    * EXT_color_buffer_float. */
   GL_FMT_FLOAT_RENDERABLE = 1 << 3,
   /* Depth- or stencil-renderable (table 3.14). */
   GL_FMT_DEPTH_RENDERABLE = 1 << 4,
   /* An ES 2.0 renderbuffer format (ES 2.0 table 4.5 + OES_rgb8_rgba8,
    * OES_depth24). */
   GL_FMT_ES2_RENDERBUFFER = 1 << 5,
   /* Desktop GL only (ES contexts do not know the name). */
   GL_FMT_DESKTOP = 1 << 6,
};

#define GL_FMT_MAX_STORAGE 3

struct gl_format_info {
   GLenum internalformat;
   /* GL_RED, GL_RG, GL_RGB, GL_RGBA, GL_LUMINANCE, GL_LUMINANCE_ALPHA,
    * GL_ALPHA, GL_DEPTH_COMPONENT, GL_DEPTH_STENCIL, GL_STENCIL_INDEX. */
   GLenum base;
   /* GL_UNSIGNED_NORMALIZED, GL_SIGNED_NORMALIZED, GL_FLOAT, GL_INT,
    * GL_UNSIGNED_INT (of the colour or depth components). */
   GLenum type;
   /* Bits of red, green, blue, alpha, depth, stencil, shared exponent,
    * luminance. */
   unsigned char r, g, b, a, d, s, e, l;
   unsigned flags;
   bool srgb;
   enum pipe_format storage[GL_FMT_MAX_STORAGE];
};

/* The resolution of colour component c (0-3: R, G, B, A) of an image
 * whose internal format names bits of it, kept in storage: the wider of
 * the two.  GL 4.6 sections 8.11.3 and 9.2.6 ask for the actual
 * resolution, and RGB5_A1 or RGBA4 kept as RGBA8 (where the driver cannot
 * render the packed format) has 8 bits. */
GLint _mesa_stored_color_bits(GLint bits, unsigned c,
                              enum pipe_format storage);

/* The entry of an internal format, NULL when unknown. */
const struct gl_format_info *_mesa_format_info(GLenum internalformat);

/* Depth or depth-stencil (not stencil-only) base format? */
static inline bool
_mesa_format_info_is_depth(const struct gl_format_info *f)
{
   return f && (f->base == GL_DEPTH_COMPONENT || f->base == GL_DEPTH_STENCIL);
}

/* Depth, depth-stencil or stencil base format: the formats GL 4.4
 * section 8.5 takes for its list of targets only (no 3D textures). */
static inline bool
_mesa_format_info_is_ds(const struct gl_format_info *f)
{
   return _mesa_format_info_is_depth(f) || (f && f->base == GL_STENCIL_INDEX);
}

/* The sized format an unsized internalformat stands for with a client
 * type (ES 3.0.6 table 3.12 "effective internal format"), or
 * internalformat itself. */
GLenum _mesa_effective_internalformat(GLenum internalformat, GLenum type);

/* Is the format integer (RGBA_INTEGER family, or an integer internal
 * format)? */
bool _mesa_is_integer_format(GLenum format);
bool _mesa_format_info_is_integer(const struct gl_format_info *f);

/* Can the format be rendered to as a colour attachment in ctx? */
bool _mesa_is_color_renderable(struct gl_context *ctx,
                               const struct gl_format_info *f);

/* Is rb a colour buffer of base format ALPHA (compatibility contexts)?
 * Stored as RGBA where the driver renders no alpha-only format, it is
 * only ever written in alpha (its storage is zeroed first), so that R, G
 * and B read 0 (GL 3.0 section 4.3.2) by every path. */
bool _mesa_is_alpha_renderbuffer(const struct gl_context *ctx,
                                 const struct gl_renderbuffer *rb);

/* Texture-filterable in ctx (32-bit float formats are in desktop GL and,
 * with OES_texture_float_linear, in ES)? */
bool _mesa_is_filterable(struct gl_context *ctx,
                         const struct gl_format_info *f);

/* The memory layout of a client format/type pair, PIPE_FORMAT_NONE when
 * the pair is not one of ctx's.  *enums_ok says whether both enums are
 * known at all (GL_INVALID_ENUM otherwise). */
enum pipe_format _mesa_client_format(struct gl_context *ctx, GLenum format,
                                     GLenum type, bool *enums_ok);

/* Does (format, type, internalformat) appear in ES 3.0.6 table 3.2/3.3
 * (ES 2.0 contexts: table 3.3 and the unsized combinations ES extensions
 * add)?  Desktop contexts accept any pair whose kind (colour, integer,
 * depth, depth-stencil) matches the internal format's. */
bool _mesa_format_combination_ok(struct gl_context *ctx, GLenum format,
                                 GLenum type, GLenum internalformat);

/* The storage pipe format of an internal format: the first of its
 * candidates that the screen supports for target with bind (and then,
 * when colour rendering was asked for but none can render, for sampling
 * only).  PIPE_FORMAT_NONE when none is supported. */
enum pipe_format _mesa_choose_storage(struct pipe_screen *screen,
                                      const struct gl_format_info *f,
                                      enum pipe_texture_target target,
                                      unsigned bind);

/* IMPLEMENTATION_COLOR_READ_FORMAT/TYPE of the current read buffer
 * (readpix.c). */
void _mesa_implementation_color_read(struct gl_context *ctx, GLenum *format,
                                     GLenum *type);

/* _mesa_format_info, NULL for the desktop-only formats in ES contexts. */
const struct gl_format_info *
_mesa_format_info_for(const struct gl_context *ctx, GLenum internalformat);

#endif
