/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Converting rows of texels between pipe formats through util/format
 * (uploads, ReadPixels, copies). */
#ifndef ST_FORMAT_CONVERT_H
#define ST_FORMAT_CONVERT_H

#include <stdbool.h>
#include <stddef.h>

#include "util/format/u_formats.h"

/* Bytes of scratch st_convert_texels needs for n texels. */
static inline size_t
st_convert_scratch_B(unsigned n)
{
   return (size_t)n * 4 * 4 + n;
}

/* Float depth formats (clamped to [0, 1] when converted into). */
bool st_is_float_depth(enum pipe_format format);

/*
 * Converts n texels at src (src_format) into dst (dst_format).  Colour
 * values go through floats (normalized, float, sRGB formats) or 32-bit
 * integers (pure integer formats, clamped to the destination's range);
 * depth through floats and stencil through bytes, each only when both
 * formats have it (the other bits of dst are left as they are).  sRGB
 * formats are converted as their UNORM twins (codes are kept).  scratch
 * holds st_convert_scratch_B(n) bytes.  False when the formats cannot be
 * converted into each other (integer <-> non-integer, colour <-> depth).
 */
bool st_convert_texels(enum pipe_format dst_format, void *dst,
                       enum pipe_format src_format, const void *src, unsigned n,
                       void *scratch);

#endif
