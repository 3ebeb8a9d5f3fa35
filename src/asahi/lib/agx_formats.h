/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What the AGX hardware calls each pipe format it supports: the texture
 * and PBE "channels" and "type" fields, and the memory format the
 * tilebuffer instructions (st_tile / ld_tile / image_write_block) use for
 * it when it is a render target.  Formats not in the table are not
 * supported for sampling or rendering.
 *
 * Fact: alexvorxx/Mesa-VirGL src/asahi/layout/formats.c (channel/type
 * pairs) and src/asahi/lib/agx_tilebuffer.c (tilebuffer formats).
 */
#ifndef AGX_FORMATS_H
#define AGX_FORMATS_H

#include <stdbool.h>
#include <stdint.h>

#include "util/format/u_format.h"

/* The ISA's memory format field (st_tile, ld_tile, image_write_block). */
enum agx_mem_format {
   AGX_MEM_I8 = 0,
   AGX_MEM_I16 = 1,
   AGX_MEM_I32 = 2,
   AGX_MEM_F16 = 3,
   AGX_MEM_U8NORM = 4,
   AGX_MEM_S8NORM = 5,
   AGX_MEM_U16NORM = 6,
   AGX_MEM_S16NORM = 7,
   AGX_MEM_RGB10A2 = 8,
   AGX_MEM_SRGBA8 = 10,
   AGX_MEM_RG11B10F = 12,
   AGX_MEM_RGB9E5 = 13,
};

struct agx_format_info {
   bool supported;
   /* enum agx_channels / enum agx_texture_type values (agx_pack.h) */
   uint8_t channels;
   uint8_t type;
   /* Renderable: the tilebuffer format and bytes per pixel in it. */
   bool renderable;
   uint8_t tib_format; /* enum agx_mem_format */
   uint8_t tib_size_B;
   /* Tilebuffer components (registers moved by st_tile). */
   uint8_t tib_comps;
};

/* NULL when the hardware (or this driver) cannot use the format. */
const struct agx_format_info *agx_format_info(enum pipe_format format);

/* enum agx_channel value (genxml "channel") of a pipe swizzle. */
unsigned agx_channel_from_pipe_swizzle(unsigned swizzle);

#endif
