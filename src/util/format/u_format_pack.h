/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Packing and unpacking pixels of uncompressed formats, generated from the
 * format table.
 *
 * Every function converts `count` consecutive pixels between a tightly
 * packed row in the format and an array of 4-component values (RGBA order,
 * 4 * count elements) or, for depth/stencil, one value per pixel.  They
 * return false, and touch nothing, when the format has no such conversion:
 *   - rgba_float: every colour format except compressed ones;
 *   - rgba_uint / rgba_sint: pure integer colour formats (UINT/SINT), either
 *     signedness; values are clamped to the destination range;
 *   - z_float / s_8uint: depth/stencil formats with a depth / stencil
 *     channel.  Packing one of them leaves the other's bits (and padding)
 *     as they were, so depth and stencil can be written separately.
 * Components a format lacks unpack as 0 for R, G, B and 1 for A.  Conversion
 * rules (normalized, sRGB, small floats) are in u_format_convert.h and
 * u_format_other.h.
 */
#ifndef U_FORMAT_PACK_H
#define U_FORMAT_PACK_H

#include <stdbool.h>
#include <stdint.h>

#include "util/format/u_format.h"

#ifdef __cplusplus
extern "C" {
#endif

bool util_format_unpack_rgba_float(enum pipe_format format, float *dst,
                                   const void *src, unsigned count);
bool util_format_pack_rgba_float(enum pipe_format format, void *dst,
                                 const float *src, unsigned count);

bool util_format_unpack_rgba_uint(enum pipe_format format, uint32_t *dst,
                                  const void *src, unsigned count);
bool util_format_pack_rgba_uint(enum pipe_format format, void *dst,
                                const uint32_t *src, unsigned count);

bool util_format_unpack_rgba_sint(enum pipe_format format, int32_t *dst,
                                  const void *src, unsigned count);
bool util_format_pack_rgba_sint(enum pipe_format format, void *dst,
                                const int32_t *src, unsigned count);

/* Depth in [0, 1] for UNORM depth, as stored for float depth.  Packing
 * clamps to [0, 1] for UNORM depth and stores floats as given. */
bool util_format_unpack_z_float(enum pipe_format format, float *dst,
                                const void *src, unsigned count);
bool util_format_pack_z_float(enum pipe_format format, void *dst,
                              const float *src, unsigned count);

bool util_format_unpack_s_8uint(enum pipe_format format, uint8_t *dst,
                                const void *src, unsigned count);
bool util_format_pack_s_8uint(enum pipe_format format, void *dst,
                              const uint8_t *src, unsigned count);

/* Whether the conversions above exist for a format. */
bool util_format_can_unpack_rgba_float(enum pipe_format format);
bool util_format_can_unpack_rgba_int(enum pipe_format format);

#ifdef __cplusplus
}
#endif

#endif /* U_FORMAT_PACK_H */
