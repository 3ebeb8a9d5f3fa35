/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Decoding of the BPTC block formats (ARB/EXT_texture_compression_bptc;
 * BC7 and BC6H in Direct3D's names): 4x4 texel blocks of 16 bytes.
 *
 *   BPTC_RGBA_UNORM (BC7)                    -> R8G8B8A8_UNORM
 *   BPTC_SRGBA (BC7, sRGB)                   -> R8G8B8A8_SRGB
 *   BPTC_RGB_FLOAT / _UFLOAT (BC6H, signed / -> R16G16B16A16_FLOAT
 *   unsigned)                                   (alpha 1.0)
 *
 * Both decodings are exact: BC7 produces 8-bit values and BC6H produces
 * binary16 bit patterns, which is what the decoded formats hold.  sRGB
 * texels stay encoded.
 */
#ifndef U_FORMAT_BPTC_H
#define U_FORMAT_BPTC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/format/u_formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Is format one of the four BPTC formats? */
bool util_format_is_bptc(enum pipe_format format);

/* The decoded format (table above), PIPE_FORMAT_NONE for other formats. */
enum pipe_format util_format_bptc_decoded_format(enum pipe_format format);

/* Decodes a width x height region whose top-left texel is the top-left
 * texel of the first block of src (rows of blocks src_stride_B apart) into
 * rows of the decoded format dst_stride_B apart.  Texels of partial blocks
 * beyond width/height are not written.  False if format is not BPTC. */
bool util_format_bptc_unpack(enum pipe_format format, void *dst,
                             size_t dst_stride_B, const uint8_t *src,
                             size_t src_stride_B, unsigned width,
                             unsigned height);

/* The same region as 4 floats per texel: BC7 gives c / 255 (sRGB not
 * decoded), BC6H the half-float values and alpha 1. */
bool util_format_bptc_unpack_rgba_float(enum pipe_format format, float *dst,
                                        size_t dst_stride_B,
                                        const uint8_t *src,
                                        size_t src_stride_B, unsigned width,
                                        unsigned height);

/* Encodes 16 texels (texel (x, y) is texels[y * 4 + x], RGBA in 0..1,
 * sRGB values still encoded) into one BC7 block of mode 6
 * (u_format_bptc_encode.c). */
void util_format_bc7_encode_block(const float texels[16][4],
                                  uint8_t out[16]);

/* Encodes 16 texels (as above; alpha ignored) into one BC6H block of mode
 * 3, the one-region mode with 10-bit endpoints, for the signed or
 * unsigned float format: values beyond binary16 are clamped, negative
 * ones to 0 when unsigned, NaN reads 0 (u_format_bptc_encode.c). */
void util_format_bc6h_encode_block(const float texels[16][4], bool is_signed,
                                   uint8_t out[16]);

/* One BC7 block as RGBA 8-bit; texel (x, y) is texels[y * 4 + x].  A block
 * whose first byte is 0 (reserved mode) decodes to transparent black. */
void util_format_bc7_decode_block(const uint8_t *block,
                                  uint8_t texels[16][4]);

/* One BC6H block as binary16 RGB; texel (x, y) is texels[y * 4 + x].
 * Reserved modes decode to 0 (the caller's alpha stays 1).  False for a
 * reserved mode. */
bool util_format_bc6h_decode_block(const uint8_t *block, bool is_signed,
                                   uint16_t texels[16][3]);

#ifdef __cplusplus
}
#endif

#endif /* U_FORMAT_BPTC_H */
