/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Decoding of the S3TC (BC1-BC3, EXT_texture_compression_s3tc and its sRGB
 * forms) and RGTC (BC4/BC5, EXT_texture_compression_rgtc) block formats,
 * and their encoding (at the end).
 * Every format has 4x4 blocks of 8 (BC1, BC4) or 16 bytes.  The entry
 * points that take a format also take the BPTC ones (BC6H, BC7), decoded
 * by u_format_bptc.h, so that "bc" here means BC1-BC7.
 *
 * Each format decodes to an uncompressed "decoded format":
 *
 *   DXT1_RGB, DXT1_RGBA, DXT3_RGBA, DXT5_RGBA       -> R8G8B8A8_UNORM
 *   DXT1_SRGB, DXT1_SRGBA, DXT3_SRGBA, DXT5_SRGBA   -> R8G8B8A8_SRGB
 *   RGTC1_UNORM / _SNORM                            -> R8_UNORM / _SNORM
 *   RGTC2_UNORM / _SNORM                            -> R8G8_UNORM / _SNORM
 *
 * Colour endpoints widen from 5/6 bits by bit replication; interpolated
 * values are rounded to the nearest 8-bit value (the extension specs leave
 * the exact rounding to the implementation).  sRGB texels stay encoded.
 */
#ifndef U_FORMAT_BC_H
#define U_FORMAT_BC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/format/u_formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Is format one of the S3TC/RGTC/BPTC formats (BC1-BC7)? */
bool util_format_is_bc(enum pipe_format format);

/* The decoded format (table above, u_format_bptc.h for BPTC),
 * PIPE_FORMAT_NONE for other formats. */
enum pipe_format util_format_bc_decoded_format(enum pipe_format format);

/* Decodes a width x height region whose top-left texel is the top-left
 * texel of the first block of src (rows of blocks src_stride_B apart) into
 * rows of the decoded format dst_stride_B apart.  Texels of partial blocks
 * beyond width/height are not written.  False if format is not BC1-BC7. */
bool util_format_bc_unpack(enum pipe_format format, void *dst,
                           size_t dst_stride_B, const uint8_t *src,
                           size_t src_stride_B, unsigned width,
                           unsigned height);

/* The same region as 4 floats per texel: colour formats give c / 255 (sRGB
 * not decoded); RGTC gives v / 255 (unsigned) or v / 127 (signed) in R
 * (and G), 0 in the missing colour channels and 1 in alpha. */
bool util_format_bc_unpack_rgba_float(enum pipe_format format, float *dst,
                                      size_t dst_stride_B, const uint8_t *src,
                                      size_t src_stride_B, unsigned width,
                                      unsigned height);

/* One S3TC block as RGBA 8-bit; texel (x, y) is texels[y * 4 + x].  False
 * for other formats. */
bool util_format_s3tc_decode_block(enum pipe_format format,
                                   const uint8_t *block,
                                   uint8_t texels[16][4]);

/* One 8-byte RGTC channel block (BC4, or half of BC5): 0..255 unsigned or
 * -127..127 signed. */
void util_format_rgtc_decode_channel(const uint8_t *block, bool is_signed,
                                     int16_t values[16]);

/* Encoding (u_format_bc_encode.c), for S3TC, RGTC and BC7 (mode 6 only,
 * u_format_bptc_encode.c): a width x height region of 4 floats per texel (rows src_stride_B apart; the
 * values util_format_bc_unpack_rgba_float gives, sRGB ones still
 * encoded) into rows of blocks dst_stride_B apart.  Partial blocks at the
 * right and bottom edges repeat the region's last column and row.  False
 * for other formats (util_format_bc_can_pack). */
bool util_format_bc_can_pack(enum pipe_format format);
bool util_format_bc_pack_rgba_float(enum pipe_format format, uint8_t *dst,
                                    size_t dst_stride_B, const float *src,
                                    size_t src_stride_B, unsigned width,
                                    unsigned height);

#ifdef __cplusplus
}
#endif

#endif /* U_FORMAT_BC_H */
