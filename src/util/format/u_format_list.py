# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# The pipe format table: every format the GL front end and the AGX driver
# need.  This file is data; u_format_parse.py turns each entry into a
# description and u_format_gen.py writes C from it.  See docs/formats.rst.
#
# Plain formats are listed by name only: a Gallium-style name is a complete
# specification.  Channels are named from the least significant bit of the
# little-endian block upwards (so R10G10B10A2_UNORM has R in bits 0..9 and
# B8G8R8A8_UNORM stores B in byte 0); each run of channels is followed by its
# type.  Letters: R G B A colour, L luminance, I intensity, Z depth, S stencil,
# X padding.  Types: UNORM SNORM UINT SINT USCALED SSCALED FLOAT FIXED SRGB.
#
# Everything else (shared exponent, packed floats, compressed blocks) is an
# explicit entry below.

# ---------------------------------------------------------------------------
# Plain colour formats.  The enum follows the order of this file.
# ---------------------------------------------------------------------------

PLAIN = '''
   R8_UNORM R8G8_UNORM R8G8B8_UNORM R8G8B8A8_UNORM R8G8B8X8_UNORM
   R8_SNORM R8G8_SNORM R8G8B8_SNORM R8G8B8A8_SNORM R8G8B8X8_SNORM
   R8_UINT R8G8_UINT R8G8B8_UINT R8G8B8A8_UINT R8G8B8X8_UINT
   R8_SINT R8G8_SINT R8G8B8_SINT R8G8B8A8_SINT R8G8B8X8_SINT
   R8_USCALED R8G8_USCALED R8G8B8_USCALED R8G8B8A8_USCALED
   R8_SSCALED R8G8_SSCALED R8G8B8_SSCALED R8G8B8A8_SSCALED
   R8_SRGB R8G8_SRGB R8G8B8_SRGB R8G8B8A8_SRGB R8G8B8X8_SRGB

   B8G8R8A8_UNORM B8G8R8X8_UNORM B8G8R8A8_SRGB B8G8R8X8_SRGB
   B8G8R8_UNORM B8G8R8_SRGB B8G8R8A8_UINT B8G8R8A8_SINT
   A8R8G8B8_UNORM X8R8G8B8_UNORM A8B8G8R8_UNORM X8B8G8R8_UNORM
   A8R8G8B8_SRGB X8R8G8B8_SRGB A8B8G8R8_SRGB X8B8G8R8_SRGB

   A8_UNORM L8_UNORM L8A8_UNORM I8_UNORM L8_SRGB L8A8_SRGB
   A8_SNORM L8_SNORM L8A8_SNORM I8_SNORM
   A8_UINT L8_UINT L8A8_UINT I8_UINT A8_SINT L8_SINT L8A8_SINT I8_SINT

   R16_UNORM R16G16_UNORM R16G16B16_UNORM R16G16B16A16_UNORM
   R16G16B16X16_UNORM
   R16_SNORM R16G16_SNORM R16G16B16_SNORM R16G16B16A16_SNORM
   R16G16B16X16_SNORM
   R16_UINT R16G16_UINT R16G16B16_UINT R16G16B16A16_UINT R16G16B16X16_UINT
   R16_SINT R16G16_SINT R16G16B16_SINT R16G16B16A16_SINT R16G16B16X16_SINT
   R16_USCALED R16G16_USCALED R16G16B16_USCALED R16G16B16A16_USCALED
   R16_SSCALED R16G16_SSCALED R16G16B16_SSCALED R16G16B16A16_SSCALED
   R16_FLOAT R16G16_FLOAT R16G16B16_FLOAT R16G16B16A16_FLOAT
   R16G16B16X16_FLOAT
   A16_UNORM L16_UNORM L16A16_UNORM I16_UNORM I16_SNORM
   A16_FLOAT L16_FLOAT L16A16_FLOAT I16_FLOAT

   R32_UNORM R32G32_UNORM R32G32B32_UNORM R32G32B32A32_UNORM
   R32_SNORM R32G32_SNORM R32G32B32_SNORM R32G32B32A32_SNORM
   R32_UINT R32G32_UINT R32G32B32_UINT R32G32B32A32_UINT R32G32B32X32_UINT
   R32_SINT R32G32_SINT R32G32B32_SINT R32G32B32A32_SINT R32G32B32X32_SINT
   R32_USCALED R32G32_USCALED R32G32B32_USCALED R32G32B32A32_USCALED
   R32_SSCALED R32G32_SSCALED R32G32B32_SSCALED R32G32B32A32_SSCALED
   R32_FIXED R32G32_FIXED R32G32B32_FIXED R32G32B32A32_FIXED
   R32_FLOAT R32G32_FLOAT R32G32B32_FLOAT R32G32B32A32_FLOAT
   R32G32B32X32_FLOAT
   A32_FLOAT L32_FLOAT L32A32_FLOAT I32_FLOAT

   B5G6R5_UNORM R5G6B5_UNORM B5G5R5A1_UNORM B5G5R5X1_UNORM R5G5B5A1_UNORM
   A1B5G5R5_UNORM A1R5G5B5_UNORM X1B5G5R5_UNORM
   B4G4R4A4_UNORM B4G4R4X4_UNORM R4G4B4A4_UNORM A4B4G4R4_UNORM A4R4G4B4_UNORM
   B2G3R3_UNORM R3G3B2_UNORM

   R10G10B10A2_UNORM R10G10B10A2_SNORM R10G10B10A2_UINT R10G10B10A2_SINT
   R10G10B10A2_USCALED R10G10B10A2_SSCALED R10G10B10X2_UNORM
   B10G10R10A2_UNORM B10G10R10A2_SNORM B10G10R10A2_UINT B10G10R10A2_SINT
   B10G10R10A2_USCALED B10G10R10A2_SSCALED B10G10R10X2_UNORM

   A16_UINT L16_UINT L16A16_UINT I16_UINT A16_SINT L16_SINT L16A16_SINT
   I16_SINT A32_UINT L32_UINT L32A32_UINT I32_UINT A32_SINT L32_SINT
   L32A32_SINT I32_SINT
'''.split()

# ---------------------------------------------------------------------------
# Depth and stencil.  Same naming rule: Z24_UNORM_S8_UINT is Z in bits 0..23
# and S in bits 24..31 of a 32-bit word; Z32_FLOAT_S8X24_UINT is a float in
# the first 32 bits and S in the low byte of the second.
# ---------------------------------------------------------------------------

DEPTH_STENCIL = '''
   Z16_UNORM Z32_UNORM Z32_FLOAT
   Z24_UNORM_S8_UINT S8_UINT_Z24_UNORM Z24X8_UNORM X8Z24_UNORM
   Z32_FLOAT_S8X24_UINT
   S8_UINT X24S8_UINT S8X24_UINT X32_S8X24_UINT
'''.split()

# ---------------------------------------------------------------------------
# Formats that are not a list of independent channels.
#
# Each entry: name, layout, block (width, height, depth, bits), the colour
# channels stored ('RGB', 'RGBA', 'R', 'RG'), their type, and the linear
# format an sRGB one decodes like.  Layouts: shared_exp, packed_float, and the
# compressed families s3tc (BC1-3), rgtc (BC4-5), bptc (BC6H, BC7), etc, astc.
# ---------------------------------------------------------------------------

def _entry(name, layout, block, channels, ctype, linear=None):
   return dict(name=name, layout=layout, block=block, channels=channels,
               ctype=ctype, linear=linear)

SPECIAL = [
   # GL 4.6 spec section 8.5.2: 9-bit mantissas, one 5-bit exponent on top.
   _entry('R9G9B9E5_FLOAT', 'shared_exp', (1, 1, 1, 32), 'RGB', 'FLOAT'),
   # Unsigned 11/11/10-bit floats, R in the low bits (GL 4.6 section 2.3.4).
   _entry('R11G11B10_FLOAT', 'packed_float', (1, 1, 1, 32), 'RGB', 'FLOAT'),

   # S3TC / DXTn (BC1-BC3): 4x4 blocks, 8 bytes for BC1, 16 for BC2/BC3.
   _entry('DXT1_RGB', 's3tc', (4, 4, 1, 64), 'RGB', 'UNORM'),
   _entry('DXT1_RGBA', 's3tc', (4, 4, 1, 64), 'RGBA', 'UNORM'),
   _entry('DXT3_RGBA', 's3tc', (4, 4, 1, 128), 'RGBA', 'UNORM'),
   _entry('DXT5_RGBA', 's3tc', (4, 4, 1, 128), 'RGBA', 'UNORM'),
   _entry('DXT1_SRGB', 's3tc', (4, 4, 1, 64), 'RGB', 'SRGB', 'DXT1_RGB'),
   _entry('DXT1_SRGBA', 's3tc', (4, 4, 1, 64), 'RGBA', 'SRGB', 'DXT1_RGBA'),
   _entry('DXT3_SRGBA', 's3tc', (4, 4, 1, 128), 'RGBA', 'SRGB', 'DXT3_RGBA'),
   _entry('DXT5_SRGBA', 's3tc', (4, 4, 1, 128), 'RGBA', 'SRGB', 'DXT5_RGBA'),

   # RGTC (BC4, BC5).
   _entry('RGTC1_UNORM', 'rgtc', (4, 4, 1, 64), 'R', 'UNORM'),
   _entry('RGTC1_SNORM', 'rgtc', (4, 4, 1, 64), 'R', 'SNORM'),
   _entry('RGTC2_UNORM', 'rgtc', (4, 4, 1, 128), 'RG', 'UNORM'),
   _entry('RGTC2_SNORM', 'rgtc', (4, 4, 1, 128), 'RG', 'SNORM'),

   # BPTC: BC7 (RGBA unorm / sRGB) and BC6H (signed / unsigned float).
   _entry('BPTC_RGBA_UNORM', 'bptc', (4, 4, 1, 128), 'RGBA', 'UNORM'),
   _entry('BPTC_SRGBA', 'bptc', (4, 4, 1, 128), 'RGBA', 'SRGB',
          'BPTC_RGBA_UNORM'),
   _entry('BPTC_RGB_FLOAT', 'bptc', (4, 4, 1, 128), 'RGB', 'FLOAT'),
   _entry('BPTC_RGB_UFLOAT', 'bptc', (4, 4, 1, 128), 'RGB', 'UFLOAT'),

   # ETC1, ETC2 and EAC: 4x4 blocks, 8 bytes per 64-bit half.
   _entry('ETC1_RGB8', 'etc', (4, 4, 1, 64), 'RGB', 'UNORM'),
   _entry('ETC2_RGB8', 'etc', (4, 4, 1, 64), 'RGB', 'UNORM'),
   _entry('ETC2_SRGB8', 'etc', (4, 4, 1, 64), 'RGB', 'SRGB', 'ETC2_RGB8'),
   _entry('ETC2_RGB8A1', 'etc', (4, 4, 1, 64), 'RGBA', 'UNORM'),
   _entry('ETC2_SRGB8A1', 'etc', (4, 4, 1, 64), 'RGBA', 'SRGB',
          'ETC2_RGB8A1'),
   _entry('ETC2_RGBA8', 'etc', (4, 4, 1, 128), 'RGBA', 'UNORM'),
   _entry('ETC2_SRGBA8', 'etc', (4, 4, 1, 128), 'RGBA', 'SRGB',
          'ETC2_RGBA8'),
   _entry('ETC2_R11_UNORM', 'etc', (4, 4, 1, 64), 'R', 'UNORM'),
   _entry('ETC2_R11_SNORM', 'etc', (4, 4, 1, 64), 'R', 'SNORM'),
   _entry('ETC2_RG11_UNORM', 'etc', (4, 4, 1, 128), 'RG', 'UNORM'),
   _entry('ETC2_RG11_SNORM', 'etc', (4, 4, 1, 128), 'RG', 'SNORM'),
]

# ASTC: every 2D footprint of KHR_texture_compression_astc_ldr, 16 bytes per
# block, linear and sRGB.  Gallium spells these ASTC_4x4 and ASTC_4x4_SRGB.
ASTC_2D_BLOCKS = [(4, 4), (5, 4), (5, 5), (6, 5), (6, 6), (8, 5), (8, 6),
                  (8, 8), (10, 5), (10, 6), (10, 8), (10, 10), (12, 10),
                  (12, 12)]

for _w, _h in ASTC_2D_BLOCKS:
   _lin = 'ASTC_%dx%d' % (_w, _h)
   SPECIAL.append(_entry(_lin, 'astc', (_w, _h, 1, 128), 'RGBA', 'UNORM'))
   SPECIAL.append(_entry(_lin + '_SRGB', 'astc', (_w, _h, 1, 128), 'RGBA',
                         'SRGB', _lin))
