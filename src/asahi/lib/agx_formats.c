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

#define TEX(ch, ty)                                                            \
   {                                                                           \
      .supported = true, .channels = AGX_CHANNELS_##ch,                        \
      .type = AGX_TEXTURE_TYPE_##ty                                            \
   }
#define RT(ch, ty, mem, size, comps)                                           \
   {                                                                           \
      .supported = true, .channels = AGX_CHANNELS_##ch,                        \
      .type = AGX_TEXTURE_TYPE_##ty, .renderable = true,                       \
      .tib_format = AGX_MEM_##mem, .tib_size_B = (size), .tib_comps = (comps)  \
   }

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
   [PIPE_FORMAT_R8G8B8A8_SNORM] = RT(R8G8B8A8, SNORM, S8NORM, 4, 4),
   /* RGB8_SNORM colour buffers (renderable in desktop contexts since wave
    * 16): the X form renders in the S8NORM tilebuffer like RGBA8_SNORM
    * (fact: alexvorxx/Mesa-VirGL src/asahi/layout/formats.c), so blending
    * and reads take destination alpha as one (GL 4.6 section 17.3.6). */
   [PIPE_FORMAT_R8G8B8X8_SNORM] = RT(R8G8B8A8, SNORM, S8NORM, 4, 4),
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
   [PIPE_FORMAT_R32G32_UINT] = RT(R32G32, UINT, I32, 8, 2),
   [PIPE_FORMAT_R32G32_SINT] = RT(R32G32, SINT, I32, 8, 2),
   [PIPE_FORMAT_R8_UINT] = RT(R8, UINT, I8, 1, 1),
   [PIPE_FORMAT_R8G8_UINT] = RT(R8G8, UINT, I8, 2, 2),
   [PIPE_FORMAT_R8_SINT] = RT(R8, SINT, I8, 1, 1),
   [PIPE_FORMAT_R8G8_SINT] = RT(R8G8, SINT, I8, 2, 2),
   [PIPE_FORMAT_R16_UINT] = RT(R16, UINT, I16, 2, 1),
   [PIPE_FORMAT_R16G16_UINT] = RT(R16G16, UINT, I16, 4, 2),
   [PIPE_FORMAT_R16G16B16A16_UINT] = RT(R16G16B16A16, UINT, I16, 8, 4),
   [PIPE_FORMAT_R16_SINT] = RT(R16, SINT, I16, 2, 1),
   [PIPE_FORMAT_R16G16_SINT] = RT(R16G16, SINT, I16, 4, 2),
   [PIPE_FORMAT_R16G16B16A16_SINT] = RT(R16G16B16A16, SINT, I16, 8, 4),
   [PIPE_FORMAT_R16G16B16A16_UNORM] = RT(R16G16B16A16, UNORM, U16NORM, 8, 4),
   /* One and two 16-bit unorm channels render too (u16norm tilebuffer:
    * fact: alexvorxx/Mesa-VirGL src/asahi/layout/formats.c).  Sampled only,
    * GL_R16 and GL_RG16 textures were stored as RGBA16 (the renderable
    * fallback), which images read through another format of the same
    * texel size (GL 4.6 table 8.27) cannot reinterpret. */
   [PIPE_FORMAT_R16_UNORM] = RT(R16, UNORM, U16NORM, 2, 1),
   [PIPE_FORMAT_R16G16_UNORM] = RT(R16G16, UNORM, U16NORM, 4, 2),
   /* Packed words: st_tile packs four (three) float registers. */
   [PIPE_FORMAT_R10G10B10A2_UNORM] = RT(R10G10B10A2, UNORM, RGB10A2, 4, 4),
   [PIPE_FORMAT_B10G10R10A2_UNORM] = RT(R10G10B10A2, UNORM, RGB10A2, 4, 4),
   /* RGB10_A2UI (GL 3.3, table 3.12: colour-renderable): four 16-bit
    * integers in the tilebuffer, packed by the PBE store (fact:
    * alexvorxx/Mesa-VirGL src/asahi/layout/formats.c). */
   [PIPE_FORMAT_R10G10B10A2_UINT] = RT(R10G10B10A2, UINT, I16, 8, 4),
   [PIPE_FORMAT_R11G11B10_FLOAT] = RT(R11G11B10, FLOAT, RG11B10F, 4, 3),
   /* sRGB: the tilebuffer holds linear values, encoded by st_tile. */
   [PIPE_FORMAT_R8G8B8A8_SRGB] = RT(R8G8B8A8, UNORM, SRGBA8, 4, 4),
   /* The 16-bit packed unorm formats render through an f16 tilebuffer,
    * packed by the PBE store (fact: alexvorxx/Mesa-VirGL
    * src/asahi/layout/formats.c, renderable column F16), since wave 16.
    * The tilebuffer holds the channels in memory order (as for BGRA8), so
    * BGR-ordered and ABGR forms reuse the channel layouts; the format's
    * swizzle does the rest.  8 bytes: slots are naturally aligned powers
    * of two (agx_tilebuffer.c), 5-6-5 uses three of the four halves. */
   [PIPE_FORMAT_R5G6B5_UNORM] = RT(R5G6B5, UNORM, F16, 8, 3),
   [PIPE_FORMAT_B5G6R5_UNORM] = RT(R5G6B5, UNORM, F16, 8, 3),
   [PIPE_FORMAT_R5G5B5A1_UNORM] = RT(R5G5B5A1, UNORM, F16, 8, 4),
   [PIPE_FORMAT_B5G5R5A1_UNORM] = RT(R5G5B5A1, UNORM, F16, 8, 4),
   [PIPE_FORMAT_R4G4B4A4_UNORM] = RT(R4G4B4A4, UNORM, F16, 8, 4),
   [PIPE_FORMAT_B4G4R4A4_UNORM] = RT(R4G4B4A4, UNORM, F16, 8, 4),
   [PIPE_FORMAT_A4B4G4R4_UNORM] = RT(R4G4B4A4, UNORM, F16, 8, 4),
   /* Sampled only.  Luminance/alpha formats reuse the channel layouts;
    * the format's swizzle does the rest.
    */
   [PIPE_FORMAT_A8R8G8B8_UNORM] = TEX(R8G8B8A8, UNORM),
   [PIPE_FORMAT_X8R8G8B8_UNORM] = TEX(R8G8B8A8, UNORM),
   [PIPE_FORMAT_X8B8G8R8_UNORM] = TEX(R8G8B8A8, UNORM),
   [PIPE_FORMAT_R16_SNORM] = RT(R16, SNORM, S16NORM, 2, 1),
   [PIPE_FORMAT_R16G16_SNORM] = RT(R16G16, SNORM, S16NORM, 4, 2),
   [PIPE_FORMAT_R16G16B16A16_SNORM] = RT(R16G16B16A16, SNORM, S16NORM, 8, 4),
   [PIPE_FORMAT_R8_SRGB] = TEX(R8, UNORM),
   [PIPE_FORMAT_R8G8_SRGB] = TEX(R8G8, UNORM),
   [PIPE_FORMAT_B8G8R8A8_SRGB] = TEX(R8G8B8A8, UNORM),
   [PIPE_FORMAT_R8G8B8X8_SRGB] = TEX(R8G8B8A8, UNORM),
   [PIPE_FORMAT_B8G8R8X8_SRGB] = TEX(R8G8B8A8, UNORM),
   [PIPE_FORMAT_A8B8G8R8_SRGB] = TEX(R8G8B8A8, UNORM),
   [PIPE_FORMAT_R8_SNORM] = RT(R8, SNORM, S8NORM, 1, 1),
   [PIPE_FORMAT_R8G8_SNORM] = RT(R8G8, SNORM, S8NORM, 2, 2),
   /* Renders like RGBX8: the F16 tilebuffer format of RGBA16F, the X
    * channel unread (fact: alexvorxx/Mesa-VirGL src/asahi/layout/formats.c);
    * RGB16F colour buffers (EXT_color_buffer_half_float) use it. */
   [PIPE_FORMAT_R16G16B16X16_FLOAT] = RT(R16G16B16A16, FLOAT, F16, 8, 4),
   /* RGB32F colour buffers, since wave 17: like RGBA32F, the X channel
    * unread so that alpha reads 1 (renderable in the I32 tilebuffer
    * format: fact, alexvorxx/Mesa-VirGL src/asahi/layout/formats.c). */
   [PIPE_FORMAT_R32G32B32X32_FLOAT] = RT(R32G32B32A32, FLOAT, I32, 16, 4),
   [PIPE_FORMAT_B8G8R8A8_UINT] = TEX(R8G8B8A8, UINT),
   [PIPE_FORMAT_R9G9B9E5_FLOAT] = TEX(R9G9B9E5, FLOAT),
   [PIPE_FORMAT_A8_UNORM] = TEX(R8, UNORM),
   [PIPE_FORMAT_L8_UNORM] = TEX(R8, UNORM),
   [PIPE_FORMAT_L8A8_UNORM] = TEX(R8G8, UNORM),
   /* Intensity colour buffers (GL_INTENSITY, _INTENSITY4/8), since wave 17:
    * one u8norm tilebuffer channel, like R8 (I8's memory layout is R8's:
    * src/util/format/u_format_list.py).  Blending reads the destination
    * through the format's swizzle (I, I, I, I), so GL_DST_ALPHA is the
    * stored intensity, the value piglit's fbo-blending-formats expects
    * (llvmpipe reads 1 there, inside piglit's tolerance); the store keeps
    * R (GL 3.0 table 3.15: I = R). */
   [PIPE_FORMAT_I8_UNORM] = RT(R8, UNORM, U8NORM, 1, 1),
   [PIPE_FORMAT_A16_FLOAT] = TEX(R16, FLOAT),
   [PIPE_FORMAT_L16_FLOAT] = TEX(R16, FLOAT),
   [PIPE_FORMAT_A32_FLOAT] = TEX(R32, FLOAT),
   [PIPE_FORMAT_L32_FLOAT] = TEX(R32, FLOAT),
   [PIPE_FORMAT_L16A16_FLOAT] = TEX(R16G16, FLOAT),
   [PIPE_FORMAT_L32A32_FLOAT] = TEX(R32G32, FLOAT),
   /* Intensity: one channel read as (I, I, I, I) through the format's
    * swizzle (GL's INTENSITY formats; the hardware has no such format).
    * Colour buffers since wave 17, in the tilebuffer formats of R16F and
    * R32F (see I8_UNORM). */
   [PIPE_FORMAT_I16_FLOAT] = RT(R16, FLOAT, F16, 2, 1),
   [PIPE_FORMAT_I32_FLOAT] = RT(R32, FLOAT, I32, 4, 1),
   /* Block-compressed formats, sampled natively (fact: alexvorxx/Mesa-VirGL
    * src/asahi/layout/formats.c; the sRGB forms set the descriptor's srgb
    * bit, the RGB ones read alpha 1 through the format's swizzle).  ETC1
    * is read as ETC2, its superset. */
   [PIPE_FORMAT_ETC1_RGB8] = TEX(ETC2_RGB8, UNORM),
   [PIPE_FORMAT_ETC2_RGB8] = TEX(ETC2_RGB8, UNORM),
   [PIPE_FORMAT_ETC2_SRGB8] = TEX(ETC2_RGB8, UNORM),
   [PIPE_FORMAT_ETC2_RGB8A1] = TEX(ETC2_RGB8A1, UNORM),
   [PIPE_FORMAT_ETC2_SRGB8A1] = TEX(ETC2_RGB8A1, UNORM),
   [PIPE_FORMAT_ETC2_RGBA8] = TEX(ETC2_RGBA8, UNORM),
   [PIPE_FORMAT_ETC2_SRGBA8] = TEX(ETC2_RGBA8, UNORM),
   [PIPE_FORMAT_ETC2_R11_UNORM] = TEX(EAC_R11, UNORM),
   [PIPE_FORMAT_ETC2_R11_SNORM] = TEX(EAC_R11, SNORM),
   [PIPE_FORMAT_ETC2_RG11_UNORM] = TEX(EAC_RG11, UNORM),
   [PIPE_FORMAT_ETC2_RG11_SNORM] = TEX(EAC_RG11, SNORM),
   [PIPE_FORMAT_DXT1_RGB] = TEX(BC1, UNORM),
   [PIPE_FORMAT_DXT1_RGBA] = TEX(BC1, UNORM),
   [PIPE_FORMAT_DXT1_SRGB] = TEX(BC1, UNORM),
   [PIPE_FORMAT_DXT1_SRGBA] = TEX(BC1, UNORM),
   [PIPE_FORMAT_DXT3_RGBA] = TEX(BC2, UNORM),
   [PIPE_FORMAT_DXT3_SRGBA] = TEX(BC2, UNORM),
   [PIPE_FORMAT_DXT5_RGBA] = TEX(BC3, UNORM),
   [PIPE_FORMAT_DXT5_SRGBA] = TEX(BC3, UNORM),
   [PIPE_FORMAT_RGTC1_UNORM] = TEX(BC4, UNORM),
   [PIPE_FORMAT_RGTC1_SNORM] = TEX(BC4, SNORM),
   [PIPE_FORMAT_RGTC2_UNORM] = TEX(BC5, UNORM),
   [PIPE_FORMAT_RGTC2_SNORM] = TEX(BC5, SNORM),
   [PIPE_FORMAT_BPTC_RGB_FLOAT] = TEX(BC6H, FLOAT),
   [PIPE_FORMAT_BPTC_RGB_UFLOAT] = TEX(BC6H_UFLOAT, FLOAT),
   [PIPE_FORMAT_BPTC_RGBA_UNORM] = TEX(BC7, UNORM),
   [PIPE_FORMAT_BPTC_SRGBA] = TEX(BC7, UNORM),
   /* ASTC LDR (the simulator decodes it: asahi_sim_astc.c). */
   [PIPE_FORMAT_ASTC_4x4] = TEX(ASTC_4X4, UNORM),
   [PIPE_FORMAT_ASTC_4x4_SRGB] = TEX(ASTC_4X4, UNORM),
   [PIPE_FORMAT_ASTC_5x4] = TEX(ASTC_5X4, UNORM),
   [PIPE_FORMAT_ASTC_5x4_SRGB] = TEX(ASTC_5X4, UNORM),
   [PIPE_FORMAT_ASTC_5x5] = TEX(ASTC_5X5, UNORM),
   [PIPE_FORMAT_ASTC_5x5_SRGB] = TEX(ASTC_5X5, UNORM),
   [PIPE_FORMAT_ASTC_6x5] = TEX(ASTC_6X5, UNORM),
   [PIPE_FORMAT_ASTC_6x5_SRGB] = TEX(ASTC_6X5, UNORM),
   [PIPE_FORMAT_ASTC_6x6] = TEX(ASTC_6X6, UNORM),
   [PIPE_FORMAT_ASTC_6x6_SRGB] = TEX(ASTC_6X6, UNORM),
   [PIPE_FORMAT_ASTC_8x5] = TEX(ASTC_8X5, UNORM),
   [PIPE_FORMAT_ASTC_8x5_SRGB] = TEX(ASTC_8X5, UNORM),
   [PIPE_FORMAT_ASTC_8x6] = TEX(ASTC_8X6, UNORM),
   [PIPE_FORMAT_ASTC_8x6_SRGB] = TEX(ASTC_8X6, UNORM),
   [PIPE_FORMAT_ASTC_8x8] = TEX(ASTC_8X8, UNORM),
   [PIPE_FORMAT_ASTC_8x8_SRGB] = TEX(ASTC_8X8, UNORM),
   [PIPE_FORMAT_ASTC_10x5] = TEX(ASTC_10X5, UNORM),
   [PIPE_FORMAT_ASTC_10x5_SRGB] = TEX(ASTC_10X5, UNORM),
   [PIPE_FORMAT_ASTC_10x6] = TEX(ASTC_10X6, UNORM),
   [PIPE_FORMAT_ASTC_10x6_SRGB] = TEX(ASTC_10X6, UNORM),
   [PIPE_FORMAT_ASTC_10x8] = TEX(ASTC_10X8, UNORM),
   [PIPE_FORMAT_ASTC_10x8_SRGB] = TEX(ASTC_10X8, UNORM),
   [PIPE_FORMAT_ASTC_10x10] = TEX(ASTC_10X10, UNORM),
   [PIPE_FORMAT_ASTC_10x10_SRGB] = TEX(ASTC_10X10, UNORM),
   [PIPE_FORMAT_ASTC_12x10] = TEX(ASTC_12X10, UNORM),
   [PIPE_FORMAT_ASTC_12x10_SRGB] = TEX(ASTC_12X10, UNORM),
   [PIPE_FORMAT_ASTC_12x12] = TEX(ASTC_12X12, UNORM),
   [PIPE_FORMAT_ASTC_12x12_SRGB] = TEX(ASTC_12X12, UNORM),
   /* Depth and stencil are sampled as plain channels. */
   [PIPE_FORMAT_Z32_FLOAT] = TEX(R32, FLOAT),
   [PIPE_FORMAT_Z16_UNORM] = TEX(R16, UNORM),
   [PIPE_FORMAT_S8_UINT] = TEX(R8, UINT),
   /* Desktop GL's sized luminance, alpha and intensity formats
    * (ARB_texture_float's companions in GL 1.1-2.1 table 3.16 and
    * EXT_texture_integer's integer ones), the 16-bit RGBX forms of RGB12,
    * RGB16 and RGB16_SNORM: one, two or four channels read through the
    * format's swizzle, as the float L/A/I formats above (RGBX16 renders like
    * RGBA16, as RGBX16F does like RGBA16F). */
   [PIPE_FORMAT_A16_UNORM] = TEX(R16, UNORM),
   [PIPE_FORMAT_L16_UNORM] = TEX(R16, UNORM),
   /* INTENSITY12/16 colour buffers as I8 above, in a u16norm channel, and
    * the signed INTENSITY_SNORM ones (EXT_texture_snorm) in s8norm and
    * s16norm ones, like R8_SNORM and R16_SNORM. */
   [PIPE_FORMAT_I16_UNORM] = RT(R16, UNORM, U16NORM, 2, 1),
   [PIPE_FORMAT_I8_SNORM] = RT(R8, SNORM, S8NORM, 1, 1),
   [PIPE_FORMAT_I16_SNORM] = RT(R16, SNORM, S16NORM, 2, 1),
   [PIPE_FORMAT_L16A16_UNORM] = TEX(R16G16, UNORM),
   [PIPE_FORMAT_L8_SRGB] = TEX(R8, UNORM),
   [PIPE_FORMAT_R16G16B16X16_UNORM] = RT(R16G16B16A16, UNORM, U16NORM, 8, 4),
   /* RGB16_SNORM colour buffers: rendered like RGBA16_SNORM (S16NORM), as
    * RGBX16 unorm renders like RGBA16, the X channel unread. */
   [PIPE_FORMAT_R16G16B16X16_SNORM] = RT(R16G16B16A16, SNORM, S16NORM, 8, 4),
   [PIPE_FORMAT_A8_UINT] = TEX(R8, UINT),
   [PIPE_FORMAT_L8_UINT] = TEX(R8, UINT),
   [PIPE_FORMAT_I8_UINT] = TEX(R8, UINT),
   [PIPE_FORMAT_L8A8_UINT] = TEX(R8G8, UINT),
   [PIPE_FORMAT_A8_SINT] = TEX(R8, SINT),
   [PIPE_FORMAT_L8_SINT] = TEX(R8, SINT),
   [PIPE_FORMAT_I8_SINT] = TEX(R8, SINT),
   [PIPE_FORMAT_L8A8_SINT] = TEX(R8G8, SINT),
   [PIPE_FORMAT_A16_UINT] = TEX(R16, UINT),
   [PIPE_FORMAT_L16_UINT] = TEX(R16, UINT),
   [PIPE_FORMAT_I16_UINT] = TEX(R16, UINT),
   [PIPE_FORMAT_L16A16_UINT] = TEX(R16G16, UINT),
   [PIPE_FORMAT_A16_SINT] = TEX(R16, SINT),
   [PIPE_FORMAT_L16_SINT] = TEX(R16, SINT),
   [PIPE_FORMAT_I16_SINT] = TEX(R16, SINT),
   [PIPE_FORMAT_L16A16_SINT] = TEX(R16G16, SINT),
   [PIPE_FORMAT_A32_UINT] = TEX(R32, UINT),
   [PIPE_FORMAT_L32_UINT] = TEX(R32, UINT),
   [PIPE_FORMAT_I32_UINT] = TEX(R32, UINT),
   [PIPE_FORMAT_L32A32_UINT] = TEX(R32G32, UINT),
   [PIPE_FORMAT_A32_SINT] = TEX(R32, SINT),
   [PIPE_FORMAT_L32_SINT] = TEX(R32, SINT),
   [PIPE_FORMAT_I32_SINT] = TEX(R32, SINT),
   [PIPE_FORMAT_L32A32_SINT] = TEX(R32G32, SINT),
};

const struct agx_format_info *
agx_format_info(enum pipe_format format)
{
   if ((unsigned)format >= PIPE_FORMAT_COUNT || format == PIPE_FORMAT_NONE)
      return NULL;

   const struct agx_format_info *info = &agx_formats[format];
   return info->supported ? info : NULL;
}

unsigned
agx_channel_from_pipe_swizzle(unsigned swizzle)
{
   switch (swizzle) {
   case PIPE_SWIZZLE_X:
      return AGX_CHANNEL_R;
   case PIPE_SWIZZLE_Y:
      return AGX_CHANNEL_G;
   case PIPE_SWIZZLE_Z:
      return AGX_CHANNEL_B;
   case PIPE_SWIZZLE_W:
      return AGX_CHANNEL_A;
   case PIPE_SWIZZLE_1:
      return AGX_CHANNEL_1;
   default:
      return AGX_CHANNEL_0;
   }
}
