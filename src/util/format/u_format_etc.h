/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Decoding of the ETC family (layout UTIL_FORMAT_LAYOUT_ETC): ETC1, the
 * ETC2 colour formats (with punch-through alpha or an EAC alpha block) and
 * the EAC one- and two-channel 11-bit formats, as OpenGL ES 3.0.6 appendix
 * C describes them.  Every format has 4x4 blocks of 8 or 16 bytes.
 *
 * Each format decodes to one uncompressed "decoded format" that holds its
 * texels without loss:
 *
 *   ETC1_RGB8, ETC2_RGB8, ETC2_RGB8A1, ETC2_RGBA8   -> R8G8B8A8_UNORM
 *   ETC2_SRGB8, ETC2_SRGB8A1, ETC2_SRGBA8           -> R8G8B8A8_SRGB
 *   ETC2_R11_UNORM / _SNORM                         -> R16_UNORM / _SNORM
 *   ETC2_RG11_UNORM / _SNORM                        -> R16G16_UNORM / _SNORM
 *
 * The 11-bit EAC values widen to 16 bits by bit replication (the spec lets
 * an implementation keep any precision of at least 11 bits); a negative
 * signed value is replicated on its magnitude.  sRGB texels stay encoded.
 */
#ifndef U_FORMAT_ETC_H
#define U_FORMAT_ETC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/format/u_formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Is format one of the ETC1/ETC2/EAC formats this file decodes? */
bool util_format_is_etc(enum pipe_format format);

/* The decoded format of an ETC format (table above); PIPE_FORMAT_NONE for
 * any other format. */
enum pipe_format util_format_etc_decoded_format(enum pipe_format format);

/* Decodes a width x height region whose top-left corner is the top-left
 * texel of the first block of src.  src_stride_B is the distance between
 * rows of blocks; dst rows (of the decoded format) are dst_stride_B apart.
 * Texels of partial blocks beyond width/height are not written, so any
 * size (1x1, 2x2, 5x3, ...) works with whole blocks in src.  Returns false
 * (and writes nothing) if format is not an ETC format. */
bool util_format_etc_unpack(enum pipe_format format, void *dst,
                            size_t dst_stride_B, const uint8_t *src,
                            size_t src_stride_B, unsigned width,
                            unsigned height);

/* The same region as floats, 4 per texel: colour formats give c / 255
 * (sRGB not decoded) with alpha; EAC formats give v / 2047 (unsigned) or
 * v / 1023 (signed) in R (and G), 0 in the missing colour channels and 1
 * in alpha.  dst_stride_B is in bytes. */
bool util_format_etc_unpack_rgba_float(enum pipe_format format, float *dst,
                                       size_t dst_stride_B, const uint8_t *src,
                                       size_t src_stride_B, unsigned width,
                                       unsigned height);

/* One block.  Texel (x, y) of the block is texels[y * 4 + x].
 * Colour formats: RGBA 8-bit (EAC formats return false). */
bool util_format_etc_decode_block_rgba8(enum pipe_format format,
                                        const uint8_t *block,
                                        uint8_t texels[16][4]);

/* EAC formats: the 11-bit values of channel 0 and (RG11) channel 1, 0..2047
 * unsigned or -1023..1023 signed, before widening (colour formats return
 * false). */
bool util_format_etc_decode_block_eac11(enum pipe_format format,
                                        const uint8_t *block,
                                        int16_t values[2][16]);

#ifdef __cplusplus
}
#endif

#endif /* U_FORMAT_ETC_H */
