/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The pipe format -> hardware format table (see agx_formats.h).
 */
#include <stddef.h>

#include "agx_formats.h"
#include "agx_pack.h"

#define TEX(ch, ty)                                                          \
   {.channels = AGX_CHANNELS_##ch, .type = AGX_TEXTURE_TYPE_##ty}
#define RT(ch, ty, mem, size, comps)                                         \
   {.channels = AGX_CHANNELS_##ch, .type = AGX_TEXTURE_TYPE_##ty,            \
    .renderable = true, .tib_format = AGX_MEM_##mem, .tib_size_B = (size),   \
    .tib_comps = (comps)}

/* The colour layout in memory is the channel order of the name; BGRA
 * formats reuse the RGBA channels and differ only in the swizzle, which
 * comes from the format description.
 */
static const struct agx_format_info agx_formats[PIPE_FORMAT_COUNT] = {
   [PIPE_FORMAT_R8_UNORM] = RT(R8, UNORM, U8NORM, 1, 1),
   [PIPE_FORMAT_R8G8_UNORM] = RT(R8G8, UNORM, U8NORM, 2, 2),
   [PIPE_FORMAT_R8G8B8A8_UNORM] = RT(R8G8B8A8, UNORM, U8NORM, 4, 4),
   [PIPE_FORMAT_R8G8B8X8_UNORM] = RT(R8G8B8A8, UNORM, U8NORM, 4, 4),
   [PIPE_FORMAT_B8G8R8A8_UNORM] = RT(R8G8B8A8, UNORM, U8NORM, 4, 4),
   [PIPE_FORMAT_B8G8R8X8_UNORM] = RT(R8G8B8A8, UNORM, U8NORM, 4, 4),
   [PIPE_FORMAT_A8B8G8R8_UNORM] = RT(R8G8B8A8, UNORM, U8NORM, 4, 4),
   [PIPE_FORMAT_R8G8B8A8_SNORM] = TEX(R8G8B8A8, SNORM),
   [PIPE_FORMAT_R8G8B8A8_UINT] = RT(R8G8B8A8, UINT, I8, 4, 4),
   [PIPE_FORMAT_R8G8B8A8_SINT] = RT(R8G8B8A8, SINT, I8, 4, 4),
   [PIPE_FORMAT_R16G16B16A16_FLOAT] = RT(R16G16B16A16, FLOAT, F16, 8, 4),
   [PIPE_FORMAT_R16_FLOAT] = RT(R16, FLOAT, F16, 2, 1),
   [PIPE_FORMAT_R16G16_FLOAT] = RT(R16G16, FLOAT, F16, 4, 2),
   [PIPE_FORMAT_R32_FLOAT] = RT(R32, FLOAT, I32, 4, 1),
   [PIPE_FORMAT_R32G32_FLOAT] = RT(R32G32, FLOAT, I32, 8, 2),
   [PIPE_FORMAT_R32G32B32A32_FLOAT] = RT(R32G32B32A32, FLOAT, I32, 16, 4),
   [PIPE_FORMAT_R32_UINT] = RT(R32, UINT, I32, 4, 1),
   [PIPE_FORMAT_R32_SINT] = RT(R32, SINT, I32, 4, 1),
   [PIPE_FORMAT_R32G32B32A32_UINT] = RT(R32G32B32A32, UINT, I32, 16, 4),
   [PIPE_FORMAT_R32G32B32A32_SINT] = RT(R32G32B32A32, SINT, I32, 16, 4),
   /* Depth and stencil are sampled as plain channels. */
   [PIPE_FORMAT_Z32_FLOAT] = TEX(R32, FLOAT),
   [PIPE_FORMAT_Z16_UNORM] = TEX(R16, UNORM),
   [PIPE_FORMAT_S8_UINT] = TEX(R8, UINT),
};

const struct agx_format_info *
agx_format_info(enum pipe_format format)
{
   if ((unsigned)format >= PIPE_FORMAT_COUNT || format == PIPE_FORMAT_NONE)
      return NULL;

   const struct agx_format_info *info = &agx_formats[format];
   /* R8 is channels 0, so an empty entry is recognised by its type bits
    * being zero together with the channels; list R8_UNORM explicitly.
    */
   if (info->channels == 0 && info->type == 0 && !info->renderable)
      return NULL;
   return info;
}

unsigned
agx_channel_from_pipe_swizzle(unsigned swizzle)
{
   switch (swizzle) {
   case PIPE_SWIZZLE_X: return AGX_CHANNEL_R;
   case PIPE_SWIZZLE_Y: return AGX_CHANNEL_G;
   case PIPE_SWIZZLE_Z: return AGX_CHANNEL_B;
   case PIPE_SWIZZLE_W: return AGX_CHANNEL_A;
   case PIPE_SWIZZLE_1: return AGX_CHANNEL_1;
   default: return AGX_CHANNEL_0;
   }
}
