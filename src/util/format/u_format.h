/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Pipe formats: what every enum pipe_format looks like in memory.
 *
 * The enum and the description table are generated from u_format_list.py
 * (see docs/formats.rst).  A description says how big a block is, which
 * channels it stores where, and how they map to RGBA (or to depth and
 * stencil).  The queries below accept any value, including ones outside the
 * enum, and answer 0/false/NULL for those.
 */
#ifndef U_FORMAT_H
#define U_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "util/format/u_formats.h"

#ifdef __cplusplus
extern "C" {
#endif

enum util_format_layout {
   /* Independent channels: an array of bytes/words or bit fields of one
    * little-endian word. */
   UTIL_FORMAT_LAYOUT_PLAIN = 0,
   /* R9G9B9E5: three mantissas sharing a 5-bit exponent. */
   UTIL_FORMAT_LAYOUT_SHARED_EXP,
   /* R11G11B10: unsigned small floats without sign bits. */
   UTIL_FORMAT_LAYOUT_PACKED_FLOAT,
   /* Block-compressed families. */
   UTIL_FORMAT_LAYOUT_S3TC, /* BC1-BC3 (DXT1/3/5) */
   UTIL_FORMAT_LAYOUT_RGTC, /* BC4-BC5 */
   UTIL_FORMAT_LAYOUT_BPTC, /* BC6H, BC7 */
   UTIL_FORMAT_LAYOUT_ETC,  /* ETC1, ETC2, EAC */
   UTIL_FORMAT_LAYOUT_ASTC,
   UTIL_FORMAT_LAYOUT_COUNT,
};

enum util_format_colorspace {
   UTIL_FORMAT_COLORSPACE_RGB = 0,
   UTIL_FORMAT_COLORSPACE_SRGB,
   UTIL_FORMAT_COLORSPACE_ZS,
};

enum util_format_type {
   UTIL_FORMAT_TYPE_VOID = 0, /* padding */
   UTIL_FORMAT_TYPE_UNSIGNED,
   UTIL_FORMAT_TYPE_SIGNED,
   UTIL_FORMAT_TYPE_FIXED, /* signed 16.16 */
   UTIL_FORMAT_TYPE_FLOAT,
};

/* Where a component of the result comes from: a channel index, a constant,
 * or nothing.  For depth/stencil formats swizzle[0] is the depth channel and
 * swizzle[1] the stencil channel. */
enum pipe_swizzle {
   PIPE_SWIZZLE_X = 0,
   PIPE_SWIZZLE_Y,
   PIPE_SWIZZLE_Z,
   PIPE_SWIZZLE_W,
   PIPE_SWIZZLE_0,
   PIPE_SWIZZLE_1,
   PIPE_SWIZZLE_NONE,
};

struct util_format_block {
   uint8_t width;  /* pixels */
   uint8_t height; /* pixels */
   uint8_t depth;  /* pixels */
   uint8_t bits;   /* size of one block */
};

struct util_format_channel_description {
   uint8_t type;      /* enum util_format_type */
   bool normalized;   /* UNORM/SNORM (and sRGB) */
   bool pure_integer; /* UINT/SINT, read as integers by shaders */
   bool srgb;         /* follows the sRGB transfer curve */
   uint8_t size;      /* bits; 0 in compressed formats */
   uint8_t shift;     /* bits from the LSB of the little-endian block */
};

struct util_format_description {
   enum pipe_format format;
   const char *name;       /* "PIPE_FORMAT_R8G8B8A8_UNORM" */
   const char *short_name; /* "R8G8B8A8_UNORM" */
   struct util_format_block block;
   enum util_format_layout layout;
   enum util_format_colorspace colorspace;
   uint8_t nr_channels;
   bool is_array;   /* equal whole-byte channels: memory order = name order */
   bool is_bitmask; /* bit fields of one 8/16/32-bit word */
   struct util_format_channel_description channel[4];
   uint8_t swizzle[4];             /* enum pipe_swizzle */
   enum pipe_format linear_format; /* the UNORM twin of an sRGB format */
   enum pipe_format srgb_format;   /* the sRGB twin, or PIPE_FORMAT_NONE */
};

/* NULL for values outside the enum.  PIPE_FORMAT_NONE has a description
 * with a zero-sized 1x1x1 block. */
const struct util_format_description *
util_format_description(enum pipe_format format);

/* Bytes per block (per pixel for uncompressed formats); 0 if unknown. */
unsigned util_format_get_blocksize(enum pipe_format format);
unsigned util_format_get_blockwidth(enum pipe_format format);
unsigned util_format_get_blockheight(enum pipe_format format);
unsigned util_format_get_blockdepth(enum pipe_format format);

bool util_format_is_compressed(enum pipe_format format);
bool util_format_is_depth_or_stencil(enum pipe_format format);
bool util_format_has_depth(enum pipe_format format);
bool util_format_has_stencil(enum pipe_format format);
bool util_format_is_srgb(enum pipe_format format);
bool util_format_is_snorm(enum pipe_format format);
bool util_format_is_pure_integer(enum pipe_format format);
bool util_format_is_pure_sint(enum pipe_format format);
bool util_format_is_pure_uint(enum pipe_format format);

/* sRGB <-> linear twins; the format itself when it has none. */
enum pipe_format util_format_linear(enum pipe_format format);
enum pipe_format util_format_srgb(enum pipe_format format);

/* "R8G8B8A8_UNORM" (no prefix); "NONE" for PIPE_FORMAT_NONE and
 * "UNKNOWN" for values outside the enum. */
const char *util_format_name(enum pipe_format format);

/* Accepts "R8G8B8A8_UNORM" or "PIPE_FORMAT_R8G8B8A8_UNORM", any case;
 * PIPE_FORMAT_NONE when the name is unknown or NULL. */
enum pipe_format util_format_from_name(const char *name);

/* Name of a layout ("plain", "s3tc", ...), for tools. */
const char *util_format_layout_name(enum util_format_layout layout);

/* Blocks needed to cover a number of pixels along each axis. */
unsigned util_format_get_nblocksx(enum pipe_format format, unsigned x);
unsigned util_format_get_nblocksy(enum pipe_format format, unsigned y);
unsigned util_format_get_nblocksz(enum pipe_format format, unsigned z);

/* Size in bytes of a width x height x depth pixel region, rounding partial
 * blocks up.  0 for unknown formats. */
uint64_t util_format_get_size(enum pipe_format format, unsigned width,
                              unsigned height, unsigned depth);

#ifdef __cplusplus
}
#endif

#endif /* U_FORMAT_H */
