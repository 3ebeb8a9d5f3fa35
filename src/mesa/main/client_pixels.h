/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Desktop GL client pixel groups that no pipe format describes (GL 3.3
 * compatibility spec section 3.7.2, tables 3.5-3.8): GREEN, BLUE, BGR,
 * ABGR_EXT, LUMINANCE and LUMINANCE_ALPHA with any component type, the
 * packed types in both bit orders, and EXT_texture_integer's integer
 * formats (ALPHA_INTEGER, LUMINANCE_INTEGER_EXT, BGRA_INTEGER, ...).
 * Uploads turn them into RGBA texels of 32-bit floats (normalized types
 * normalized) or integers first, then go the usual way (formats_es3.h
 * describes the pairs pipe formats cover).
 */
#ifndef MAIN_CLIENT_PIXELS_H
#define MAIN_CLIENT_PIXELS_H

#include <stdbool.h>
#include <stdint.h>

#include "main/gl_api.h"
#include "util/format/u_formats.h"

struct gl_context;

/* EXT_texture_integer / GL 3.0 table 3.6: an integer client format? */
bool _mesa_is_client_integer_format(GLenum format);

/* Bytes of one pixel group of (format, type) as an upload reads it; 0
 * when the pair is not a valid desktop pair this file converts. */
unsigned _mesa_client_pixel_size(GLenum format, GLenum type);

/* The pipe format of the texels _mesa_client_unpack_image makes:
 * R32G32B32A32 FLOAT, or UINT/SINT for integer formats (by the type's
 * signedness). */
enum pipe_format _mesa_client_unpacked_format(GLenum format, GLenum type);

/* n pixel groups at src as RGBA (missing colour components 0, alpha 1;
 * luminance copied to R, G and B), 32-bit words in the layout of
 * _mesa_client_unpacked_format. */
void _mesa_client_unpack_rgba(GLenum format, GLenum type, const void *src,
                              unsigned n, uint32_t (*out)[4]);

/* The inverse for readbacks (GetTexImage) of non-integer formats: n RGBA
 * float texels packed as (format, type) groups (luminance from R; float
 * to normalized: clamped, c * (2^b - 1) or c * (2^(b-1) - 1) rounded,
 * GL 3.3 compatibility section 2.1.6). */
void _mesa_client_pack_rgba_float(GLenum format, GLenum type,
                                  const float (*in)[4], unsigned n,
                                  void *dst);

/* Number of components of a base internal format (ALPHA, LUMINANCE,
 * INTENSITY, RED: 1; LUMINANCE_ALPHA, RG: 2; RGB: 3; else 4). */
unsigned _mesa_base_format_components(GLenum base);

/* A w x h x d image at pixels, laid out by ctx's unpack state, unpacked
 * into a new buffer laid out by the same state with 16-byte pixels (so
 * an upload reading _mesa_client_unpacked_format finds each texel where
 * it looks), each texel reduced to the components of base internal
 * format base and expanded back to RGBA as sampling reads it (GL 3.3
 * compatibility table 3.15 and section 3.9.16: L = R, I = R, missing
 * colour 0, missing alpha 1), so that storage with more channels than
 * the base format holds what the base format would.  NULL when out of
 * memory; free() the result. */
void *_mesa_client_unpack_image(const struct gl_context *ctx, GLenum format,
                                GLenum type, GLenum base, int w, int h, int d,
                                const void *pixels);

#endif
