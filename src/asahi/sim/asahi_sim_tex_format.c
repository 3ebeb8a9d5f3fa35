/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Hardware image formats (genxml "channels" and "texture type", shared by
 * texture and PBE descriptors, alexvorxx/Mesa-VirGL src/asahi/genxml/
 * cmdbuf.xml) as src/util/format pipe formats, so that texels can be
 * packed and unpacked by util/format.
 */

#include "asahi_sim_texture.h"

static enum pipe_format
astc(enum pipe_format linear, enum pipe_format srgb_format,
     enum agx_texture_type type, bool srgb)
{
   if (type != AGX_TEXTURE_TYPE_UNORM)
      return PIPE_FORMAT_NONE;
   return srgb ? srgb_format : linear;
}

/* A format the hardware has in its unorm form only. */
static enum pipe_format
unorm_only(enum pipe_format unorm, enum agx_texture_type type)
{
   return type == AGX_TEXTURE_TYPE_UNORM ? unorm : PIPE_FORMAT_NONE;
}

enum pipe_format
asahi_sim_texture_format(enum agx_channels ch, enum agx_texture_type type, bool srgb)
{
#define T(u, s, ui, si, f)                                                     \
   switch (type) {                                                             \
   case AGX_TEXTURE_TYPE_UNORM:                                                \
      return u;                                                                \
   case AGX_TEXTURE_TYPE_SNORM:                                                \
      return s;                                                                \
   case AGX_TEXTURE_TYPE_UINT:                                                 \
      return ui;                                                               \
   case AGX_TEXTURE_TYPE_SINT:                                                 \
      return si;                                                               \
   case AGX_TEXTURE_TYPE_FLOAT:                                                \
      return f;                                                                \
   default:                                                                    \
      return PIPE_FORMAT_NONE;                                                 \
   }
   switch (ch) {
   /* The descriptor's sRGB bit applies to R8 and R8G8 too (fact:
    * alexvorxx/Mesa-VirGL src/asahi/layout/formats.c lists R8_SRGB and
    * R8G8_SRGB; GL's SLUMINANCE formats use them). */
   case AGX_CHANNELS_R8:
      if (srgb && type == AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_R8_SRGB;
      T(PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_R8_SNORM, PIPE_FORMAT_R8_UINT,
        PIPE_FORMAT_R8_SINT, PIPE_FORMAT_NONE)
   case AGX_CHANNELS_R8G8:
      if (srgb && type == AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_R8G8_SRGB;
      T(PIPE_FORMAT_R8G8_UNORM, PIPE_FORMAT_R8G8_SNORM, PIPE_FORMAT_R8G8_UINT,
        PIPE_FORMAT_R8G8_SINT, PIPE_FORMAT_NONE)
   case AGX_CHANNELS_R8G8B8A8:
      if (srgb && type == AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_R8G8B8A8_SRGB;
      T(PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R8G8B8A8_SNORM,
        PIPE_FORMAT_R8G8B8A8_UINT, PIPE_FORMAT_R8G8B8A8_SINT,
        PIPE_FORMAT_NONE)
   case AGX_CHANNELS_R16:
      T(PIPE_FORMAT_R16_UNORM, PIPE_FORMAT_R16_SNORM, PIPE_FORMAT_R16_UINT,
        PIPE_FORMAT_R16_SINT, PIPE_FORMAT_R16_FLOAT)
   case AGX_CHANNELS_R16G16:
      T(PIPE_FORMAT_R16G16_UNORM, PIPE_FORMAT_R16G16_SNORM,
        PIPE_FORMAT_R16G16_UINT, PIPE_FORMAT_R16G16_SINT,
        PIPE_FORMAT_R16G16_FLOAT)
   case AGX_CHANNELS_R16G16B16A16:
      T(PIPE_FORMAT_R16G16B16A16_UNORM, PIPE_FORMAT_R16G16B16A16_SNORM,
        PIPE_FORMAT_R16G16B16A16_UINT, PIPE_FORMAT_R16G16B16A16_SINT,
        PIPE_FORMAT_R16G16B16A16_FLOAT)
   case AGX_CHANNELS_R32:
      T(PIPE_FORMAT_NONE, PIPE_FORMAT_NONE, PIPE_FORMAT_R32_UINT,
        PIPE_FORMAT_R32_SINT, PIPE_FORMAT_R32_FLOAT)
   case AGX_CHANNELS_R32G32:
      T(PIPE_FORMAT_NONE, PIPE_FORMAT_NONE, PIPE_FORMAT_R32G32_UINT,
        PIPE_FORMAT_R32G32_SINT, PIPE_FORMAT_R32G32_FLOAT)
   case AGX_CHANNELS_R32G32B32A32:
      T(PIPE_FORMAT_NONE, PIPE_FORMAT_NONE, PIPE_FORMAT_R32G32B32A32_UINT,
        PIPE_FORMAT_R32G32B32A32_SINT, PIPE_FORMAT_R32G32B32A32_FLOAT)
   case AGX_CHANNELS_R10G10B10A2:
      T(PIPE_FORMAT_R10G10B10A2_UNORM, PIPE_FORMAT_NONE,
        PIPE_FORMAT_R10G10B10A2_UINT, PIPE_FORMAT_NONE, PIPE_FORMAT_NONE)
   case AGX_CHANNELS_R11G11B10:
      return type == AGX_TEXTURE_TYPE_FLOAT ? PIPE_FORMAT_R11G11B10_FLOAT
                                            : PIPE_FORMAT_NONE;
   case AGX_CHANNELS_R9G9B9E5:
      return type == AGX_TEXTURE_TYPE_FLOAT ? PIPE_FORMAT_R9G9B9E5_FLOAT
                                            : PIPE_FORMAT_NONE;
   /* 16-bit packed unorm words, the first channel in the lowest bits
    * (fact: alexvorxx/Mesa-VirGL src/asahi/layout/formats.c maps
    * PIPE_FORMAT_R5G6B5_UNORM, R5G5B5A1_UNORM and R4G4B4A4_UNORM to these
    * channels with no swizzle). */
   case AGX_CHANNELS_R5G6B5:
      return unorm_only(PIPE_FORMAT_R5G6B5_UNORM, type);
   case AGX_CHANNELS_R5G5B5A1:
      return unorm_only(PIPE_FORMAT_R5G5B5A1_UNORM, type);
   case AGX_CHANNELS_R4G4B4A4:
      return unorm_only(PIPE_FORMAT_R4G4B4A4_UNORM, type);
   /* Block-compressed (ETC2/EAC, BC1-BC7): the texture unit decodes the
    * 4x4 block holding each texel (fact: alexvorxx/Mesa-VirGL
    * src/asahi/layout/formats.c maps ETC*, DXT*, RGTC*, BPTC* to these
    * channels; BC1 is decoded with its punch-through alpha, the RGB forms
    * get alpha 1 from the descriptor's swizzle). */
   case AGX_CHANNELS_ETC2_RGB8:
      if (type != AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_NONE;
      return srgb ? PIPE_FORMAT_ETC2_SRGB8 : PIPE_FORMAT_ETC2_RGB8;
   case AGX_CHANNELS_ETC2_RGB8A1:
      if (type != AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_NONE;
      return srgb ? PIPE_FORMAT_ETC2_SRGB8A1 : PIPE_FORMAT_ETC2_RGB8A1;
   case AGX_CHANNELS_ETC2_RGBA8:
      if (type != AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_NONE;
      return srgb ? PIPE_FORMAT_ETC2_SRGBA8 : PIPE_FORMAT_ETC2_RGBA8;
   case AGX_CHANNELS_EAC_R11:
      T(PIPE_FORMAT_ETC2_R11_UNORM, PIPE_FORMAT_ETC2_R11_SNORM,
        PIPE_FORMAT_NONE, PIPE_FORMAT_NONE, PIPE_FORMAT_NONE)
   case AGX_CHANNELS_EAC_RG11:
      T(PIPE_FORMAT_ETC2_RG11_UNORM, PIPE_FORMAT_ETC2_RG11_SNORM,
        PIPE_FORMAT_NONE, PIPE_FORMAT_NONE, PIPE_FORMAT_NONE)
   case AGX_CHANNELS_BC1:
      if (type != AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_NONE;
      return srgb ? PIPE_FORMAT_DXT1_SRGBA : PIPE_FORMAT_DXT1_RGBA;
   case AGX_CHANNELS_BC2:
      if (type != AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_NONE;
      return srgb ? PIPE_FORMAT_DXT3_SRGBA : PIPE_FORMAT_DXT3_RGBA;
   case AGX_CHANNELS_BC3:
      if (type != AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_NONE;
      return srgb ? PIPE_FORMAT_DXT5_SRGBA : PIPE_FORMAT_DXT5_RGBA;
   case AGX_CHANNELS_BC4:
      T(PIPE_FORMAT_RGTC1_UNORM, PIPE_FORMAT_RGTC1_SNORM, PIPE_FORMAT_NONE,
        PIPE_FORMAT_NONE, PIPE_FORMAT_NONE)
   case AGX_CHANNELS_BC5:
      T(PIPE_FORMAT_RGTC2_UNORM, PIPE_FORMAT_RGTC2_SNORM, PIPE_FORMAT_NONE,
        PIPE_FORMAT_NONE, PIPE_FORMAT_NONE)
   case AGX_CHANNELS_BC6H:
      return type == AGX_TEXTURE_TYPE_FLOAT ? PIPE_FORMAT_BPTC_RGB_FLOAT
                                            : PIPE_FORMAT_NONE;
   case AGX_CHANNELS_BC6H_UFLOAT:
      return type == AGX_TEXTURE_TYPE_FLOAT ? PIPE_FORMAT_BPTC_RGB_UFLOAT
                                            : PIPE_FORMAT_NONE;
   case AGX_CHANNELS_BC7:
      if (type != AGX_TEXTURE_TYPE_UNORM)
         return PIPE_FORMAT_NONE;
      return srgb ? PIPE_FORMAT_BPTC_SRGBA : PIPE_FORMAT_BPTC_RGBA_UNORM;
   /* ASTC LDR, every 2D footprint (channels 0x60-0x6D; fact:
    * alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml), decoded by
    * asahi_sim_astc.c. */
   case AGX_CHANNELS_ASTC_4X4:
      return astc(PIPE_FORMAT_ASTC_4x4, PIPE_FORMAT_ASTC_4x4_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_5X4:
      return astc(PIPE_FORMAT_ASTC_5x4, PIPE_FORMAT_ASTC_5x4_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_5X5:
      return astc(PIPE_FORMAT_ASTC_5x5, PIPE_FORMAT_ASTC_5x5_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_6X5:
      return astc(PIPE_FORMAT_ASTC_6x5, PIPE_FORMAT_ASTC_6x5_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_6X6:
      return astc(PIPE_FORMAT_ASTC_6x6, PIPE_FORMAT_ASTC_6x6_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_8X5:
      return astc(PIPE_FORMAT_ASTC_8x5, PIPE_FORMAT_ASTC_8x5_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_8X6:
      return astc(PIPE_FORMAT_ASTC_8x6, PIPE_FORMAT_ASTC_8x6_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_8X8:
      return astc(PIPE_FORMAT_ASTC_8x8, PIPE_FORMAT_ASTC_8x8_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_10X5:
      return astc(PIPE_FORMAT_ASTC_10x5, PIPE_FORMAT_ASTC_10x5_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_10X6:
      return astc(PIPE_FORMAT_ASTC_10x6, PIPE_FORMAT_ASTC_10x6_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_10X8:
      return astc(PIPE_FORMAT_ASTC_10x8, PIPE_FORMAT_ASTC_10x8_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_10X10:
      return astc(PIPE_FORMAT_ASTC_10x10, PIPE_FORMAT_ASTC_10x10_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_12X10:
      return astc(PIPE_FORMAT_ASTC_12x10, PIPE_FORMAT_ASTC_12x10_SRGB, type, srgb);
   case AGX_CHANNELS_ASTC_12X12:
      return astc(PIPE_FORMAT_ASTC_12x12, PIPE_FORMAT_ASTC_12x12_SRGB, type, srgb);
   default:
      return PIPE_FORMAT_NONE;
   }
#undef T
}

