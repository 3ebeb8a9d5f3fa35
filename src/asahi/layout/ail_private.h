/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ail internals: the layout rules work on a block description rather than
 * a pipe_format, so tests can drive them with any block size and the format
 * library stays a thin adapter (ail_format.c).
 */
#ifndef AIL_PRIVATE_H
#define AIL_PRIVATE_H

#include "layout.h"

struct ail_block {
   uint32_t width_px, height_px; /* 1x1 for plain formats */
   uint32_t size_B;              /* bytes per block, one sample */
   bool block_compressed;        /* ETC2/EAC, ASTC, BC... */
   bool depth_stencil;
};

/* Describe a format's block; AIL_ERROR_FORMAT for unknown or empty ones,
 * AIL_ERROR_DEEP_FORMAT for 3D-block formats. */
enum ail_error ail_block_from_format(enum pipe_format format,
                                     struct ail_block *block);

/* The same checks and sizes without the two flags (one look-up of the
 * description: per-texel callers). */
enum ail_error ail_block_dims_from_format(enum pipe_format format,
                                          struct ail_block *block);

/* ail_make_miptree() with the format already described. */
enum ail_error ail_layout_compute(struct ail_layout *layout,
                                  const struct ail_block *block);

/* Width or height of a level in elements: the pixel size is minified and
 * then rounded up to whole blocks. */
static inline uint32_t
ail_level_el(uint32_t size_px, uint32_t block_px, unsigned level)
{
   return (ail_minify(size_px, level) + block_px - 1) / block_px;
}

#endif /* AIL_PRIVATE_H */
