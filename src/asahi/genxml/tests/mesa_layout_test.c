/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Every struct of cmdbuf.xml packed with a value in every field, checked
 * against words computed from Mesa's bit positions, not ours.
 *
 * Source: alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml (commit
 * 79b71f0f, the one cmdbuf.xml was written from): each field's start,
 * size and modifier (minus, shr, log2, groups).  For each struct, every
 * field was given a value whose stored form has its lowest and highest bit
 * set, and the expected words were computed from Mesa's start and size
 * alone (outside this repository).  Fields that are alternative readings
 * of the same bits are checked in separate packs, the others then being
 * given values that store 0.  Unpacking the expected words must give the
 * values back.  The few fields and structs Mesa does not describe are marked
 * "not in Mesa": their expectation is only our own reading.  Last, every
 * enum value must equal the value Mesa gives the same name.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "agx_pack.h"

/* Compares packed bytes with expected little-endian 32-bit words. */
static void
check_bytes(const uint8_t *p, const uint32_t *want, unsigned size)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < size; ++i) {
      uint8_t w = want[i / 4] >> (8 * (i % 4));
      if (p[i] != w && bad++ < 8)
         fprintf(stderr, "byte %u: packed %02x, Mesa's layout gives %02x\n",
                 i, p[i], w);
   }
   assert_int_equal(bad, 0);
}

/* "cf binding header", Mesa struct "CF binding header":
 * slots: "Number of 32-bit slots" 0-7
 * coefficient_registers: "Number of coefficient registers" 8-15
 */
static void
test_cf_binding_header(void **state)
{
   {
      uint8_t p[AGX_CF_BINDING_HEADER_LENGTH];
      agx_pack(p, CF_BINDING_HEADER, cfg) {
         cfg.slots = 0xd3;
         cfg.coefficient_registers = 0xad;
      }
      static const uint32_t want[] = {0x0000add3};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CF_BINDING_HEADER, u);
      assert_true(u.slots == 0xd3);
      assert_true(u.coefficient_registers == 0xad);
   }
}

/* "cf binding", Mesa struct "CF binding":
 * components: "Components" 0-1 minus(1)
 * shade_model: "Shade model" 2-4
 * source: "Source" 5-7
 * base_slot: "Base slot" 8-15
 * base_cf: "Base coefficient register" 16-23
 */
static void
test_cf_binding(void **state)
{
   {
      uint8_t p[AGX_CF_BINDING_LENGTH];
      agx_pack(p, CF_BINDING, cfg) {
         cfg.components = 0x4;
         cfg.shade_model = 7;
         cfg.source = 5;
         cfg.base_slot = 0x8b;
         cfg.base_cf = 0xad;
      }
      static const uint32_t want[] = {0x00ad8bbf};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CF_BINDING, u);
      assert_true(u.components == 0x4);
      assert_true(u.shade_model == 7);
      assert_true(u.source == 5);
      assert_true(u.base_slot == 0x8b);
      assert_true(u.base_cf == 0xad);
   }
}

/* "texture", Mesa struct "Texture":
 * dimension: "Dimension" 0-3
 * layout: "Layout" 4-5
 * channels: "Channels" 6-12
 * type: "Type" 13-15
 * swizzle_r: "Swizzle R" 16-18
 * swizzle_g: "Swizzle G" 19-21
 * swizzle_b: "Swizzle B" 22-24
 * swizzle_a: "Swizzle A" 25-27
 * width: "Width" 28-41 minus(1)
 * height: "Height" 42-55 minus(1)
 * first_level: "First level" 56-59
 * last_level: "Last level" 60-63
 * samples: "Samples" 64
 * address: "Address" 66-101 shr(4)
 * unk_mipmapped: "Unk mipmapped" 102
 * compressed_1: "Compressed 1" 103
 * null: "Null" 105
 * compression: "Compression" 106-107
 * srgb: "sRGB" 108
 * srgb_2_channel: "sRGB 2-channel" 109
 * stride: "Stride" 110-127 shr(4)
 * depth: "Depth" 110-123 minus(1)
 * page_aligned_layers: "Page-aligned layers" 126
 * extended: "Extended" 127
 * acceleration_buffer: "Acceleration buffer" 128-191 shr(4) (ours: 128-187)
 * depth_linear: "Depth (linear)" 128-138 minus(1)
 * layer_stride_linear: "Layer stride (linear)" 139-165 shr(7)
 * buffer_size_sw: "Buffer size (sw)" 128-159
 * buffer_offset_sw: "Buffer offset (sw)" 160-191
 */
static void
test_texture(void **state)
{
   {
      uint8_t p[AGX_TEXTURE_LENGTH];
      agx_pack(p, TEXTURE, cfg) {
         cfg.dimension = 8;
         cfg.layout = 3;
         cfg.channels = 123;
         cfg.type = 5;
         cfg.swizzle_r = 5;
         cfg.swizzle_g = 5;
         cfg.swizzle_b = 5;
         cfg.swizzle_a = 5;
         cfg.width = 0x3c4a;
         cfg.height = 0x2a6a;
         cfg.first_level = 0xd;
         cfg.last_level = 0xf;
         cfg.samples = 1;
         cfg.address = 0xc6caf76a50ull;
         cfg.unk_mipmapped = true;
         cfg.compressed_1 = true;
         cfg.null = true;
         cfg.compression = 0x3;
         cfg.srgb = true;
         cfg.srgb_2_channel = true;
         cfg.stride = 0x246310;
         cfg.depth = 0x1;
         cfg.page_aligned_layers = false;
         cfg.extended = false;
         cfg.acceleration_buffer = 0x93678d73f0c99310ull;
         cfg.depth_linear = 0x1;
         cfg.layer_stride_linear = 0x0;
         cfg.buffer_size_sw = 0x0;
         cfg.buffer_offset_sw = 0x0;
      }
      static const uint32_t want[] = {
         0x9b6dbef8, 0xfda9a7c4, 0xb2bdda95, 0x918c7ef1,
         0x3f0c9931, 0x093678d7,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, TEXTURE, u);
      assert_true(u.dimension == 8);
      assert_true(u.layout == 3);
      assert_true(u.channels == 123);
      assert_true(u.type == 5);
      assert_true(u.swizzle_r == 5);
      assert_true(u.swizzle_g == 5);
      assert_true(u.swizzle_b == 5);
      assert_true(u.swizzle_a == 5);
      assert_true(u.width == 0x3c4a);
      assert_true(u.height == 0x2a6a);
      assert_true(u.first_level == 0xd);
      assert_true(u.last_level == 0xf);
      assert_true(u.samples == 1);
      assert_true(u.address == 0xc6caf76a50ull);
      assert_true(u.unk_mipmapped == true);
      assert_true(u.compressed_1 == true);
      assert_true(u.null == true);
      assert_true(u.compression == 0x3);
      assert_true(u.srgb == true);
      assert_true(u.srgb_2_channel == true);
      assert_true(u.stride == 0x246310);
      assert_true(u.acceleration_buffer == 0x93678d73f0c99310ull);
   }
   {
      uint8_t p[AGX_TEXTURE_LENGTH];
      agx_pack(p, TEXTURE, cfg) {
         cfg.dimension = 0;
         cfg.layout = 0;
         cfg.channels = 0;
         cfg.type = 0;
         cfg.swizzle_r = 0;
         cfg.swizzle_g = 0;
         cfg.swizzle_b = 0;
         cfg.swizzle_a = 0;
         cfg.width = 0x1;
         cfg.height = 0x1;
         cfg.first_level = 0x0;
         cfg.last_level = 0x0;
         cfg.samples = 0;
         cfg.address = 0x0;
         cfg.unk_mipmapped = false;
         cfg.compressed_1 = false;
         cfg.null = false;
         cfg.compression = 0x0;
         cfg.srgb = false;
         cfg.srgb_2_channel = false;
         cfg.stride = 0x0;
         cfg.depth = 0x3328;
         cfg.page_aligned_layers = true;
         cfg.extended = true;
         cfg.acceleration_buffer = 0x0;
         cfg.depth_linear = 0x5ce;
         cfg.layer_stride_linear = 0x201126380ull;
         cfg.buffer_size_sw = 0x0;
         cfg.buffer_offset_sw = 0x0;
      }
      static const uint32_t want[] = {
         0x00000000, 0x00000000, 0x00000000, 0xccc9c000,
         0x11263dcd, 0x00000020,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, TEXTURE, u);
      assert_true(u.depth == 0x3328);
      assert_true(u.page_aligned_layers == true);
      assert_true(u.extended == true);
      assert_true(u.depth_linear == 0x5ce);
      assert_true(u.layer_stride_linear == 0x201126380ull);
   }
   {
      uint8_t p[AGX_TEXTURE_LENGTH];
      agx_pack(p, TEXTURE, cfg) {
         cfg.dimension = 0;
         cfg.layout = 0;
         cfg.channels = 0;
         cfg.type = 0;
         cfg.swizzle_r = 0;
         cfg.swizzle_g = 0;
         cfg.swizzle_b = 0;
         cfg.swizzle_a = 0;
         cfg.width = 0x1;
         cfg.height = 0x1;
         cfg.first_level = 0x0;
         cfg.last_level = 0x0;
         cfg.samples = 0;
         cfg.address = 0x0;
         cfg.unk_mipmapped = false;
         cfg.compressed_1 = false;
         cfg.null = false;
         cfg.compression = 0x0;
         cfg.srgb = false;
         cfg.srgb_2_channel = false;
         cfg.stride = 0x0;
         cfg.depth = 0x1;
         cfg.page_aligned_layers = false;
         cfg.extended = false;
         cfg.acceleration_buffer = 0x0;
         cfg.depth_linear = 0x1;
         cfg.layer_stride_linear = 0x0;
         cfg.buffer_size_sw = 0x9561a0d1;
         cfg.buffer_offset_sw = 0x8fcc69d7;
      }
      static const uint32_t want[] = {
         0x00000000, 0x00000000, 0x00000000, 0x00000000,
         0x9561a0d1, 0x8fcc69d7,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, TEXTURE, u);
      assert_true(u.buffer_size_sw == 0x9561a0d1);
      assert_true(u.buffer_offset_sw == 0x8fcc69d7);
   }
}

/* "pbe", Mesa struct "PBE":
 * dimension: "Dimension" 0-3
 * layout: "Layout" 4-5
 * channels: "Channels" 6-12
 * type: "Type" 13-15
 * swizzle_r: "Swizzle R" 16-17
 * swizzle_g: "Swizzle G" 18-19
 * swizzle_b: "Swizzle B" 20-21
 * swizzle_a: "Swizzle A" 22-23
 * width: "Width" 24-37 minus(1)
 * height: "Height" 38-51 minus(1)
 * unk_52: "Unk 52" 52
 * rotate_90: "Rotate 90" 53
 * flip_vertical: "Flip vertical" 54
 * samples: "Samples" 56
 * unk_mipmapped: "Unk mipmapped" 58
 * compressed_1: "Compressed 1" 59
 * buffer: "Buffer" 64-99 shr(4)
 * level: "Level" 100-103
 * levels: "Levels" 104-107 minus(1)
 * layers: "Layers" 108-121 minus(1)
 * stride: "Stride" 104-124
 * page_aligned_layers: "Page-aligned layers" 124
 * srgb: "sRGB" 125
 * extended: "Extended" 127
 * acceleration_buffer: "Acceleration buffer" 128-191 shr(4) (ours: 128-187)
 * depth_linear: "Depth (linear)" 128-138 minus(1)
 * layer_stride_linear: "Layer stride (linear)" 139-165 shr(7)
 * level_offset_sw: "Level offset (sw)" 128-154 shr(7)
 * aligned_width_msaa_sw: "Aligned width MSAA (sw)" 128-142
 * tile_width_sw: "Tile width (sw)" 155-157 log2
 * tile_height_sw: "Tile height (sw)" 158-160 log2
 * layer_stride_sw: "Layer stride (sw)" 161-187 shr(7)
 * sample_count_log2_sw: "Sample count log2 (sw)" 188-189
 * buffer_offset_sw: "Buffer offset (sw)" 128-159
 */
static void
test_pbe(void **state)
{
   {
      uint8_t p[AGX_PBE_LENGTH];
      agx_pack(p, PBE, cfg) {
         cfg.dimension = 8;
         cfg.layout = 3;
         cfg.channels = 123;
         cfg.type = 5;
         cfg.swizzle_r = 3;
         cfg.swizzle_g = 3;
         cfg.swizzle_b = 3;
         cfg.swizzle_a = 3;
         cfg.width = 0x21be;
         cfg.height = 0x306c;
         cfg.unk_52 = true;
         cfg.rotate_90 = true;
         cfg.flip_vertical = true;
         cfg.samples = 1;
         cfg.unk_mipmapped = true;
         cfg.compressed_1 = true;
         cfg.buffer = 0xfca8fbe350ull;
         cfg.level = 0xf;
         cfg.levels = 0xc;
         cfg.layers = 0x22c0;
         cfg.stride = 0x0;
         cfg.page_aligned_layers = true;
         cfg.srgb = true;
         cfg.extended = true;
         cfg.acceleration_buffer = 0xf9da0bfe81696a70ull;
         cfg.depth_linear = 0x1;
         cfg.layer_stride_linear = 0x0;
         cfg.level_offset_sw = 0x0;
         cfg.aligned_width_msaa_sw = 0x0;
         cfg.tile_width_sw = 0x1;
         cfg.tile_height_sw = 0x1;
         cfg.layer_stride_sw = 0x0;
         cfg.sample_count_log2_sw = 0x3;
         cfg.buffer_offset_sw = 0x0;
      }
      static const uint32_t want[] = {
         0xbdffbef8, 0x0d7c1ae1, 0xca8fbe35, 0xb22bfbff,
         0xe81696a7, 0x3f9da0bf,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, PBE, u);
      assert_true(u.dimension == 8);
      assert_true(u.layout == 3);
      assert_true(u.channels == 123);
      assert_true(u.type == 5);
      assert_true(u.swizzle_r == 3);
      assert_true(u.swizzle_g == 3);
      assert_true(u.swizzle_b == 3);
      assert_true(u.swizzle_a == 3);
      assert_true(u.width == 0x21be);
      assert_true(u.height == 0x306c);
      assert_true(u.unk_52 == true);
      assert_true(u.rotate_90 == true);
      assert_true(u.flip_vertical == true);
      assert_true(u.samples == 1);
      assert_true(u.unk_mipmapped == true);
      assert_true(u.compressed_1 == true);
      assert_true(u.buffer == 0xfca8fbe350ull);
      assert_true(u.level == 0xf);
      assert_true(u.levels == 0xc);
      assert_true(u.layers == 0x22c0);
      assert_true(u.page_aligned_layers == true);
      assert_true(u.srgb == true);
      assert_true(u.extended == true);
      assert_true(u.acceleration_buffer == 0xf9da0bfe81696a70ull);
      assert_true(u.sample_count_log2_sw == 0x3);
   }
   {
      uint8_t p[AGX_PBE_LENGTH];
      agx_pack(p, PBE, cfg) {
         cfg.dimension = 0;
         cfg.layout = 0;
         cfg.channels = 0;
         cfg.type = 0;
         cfg.swizzle_r = 0;
         cfg.swizzle_g = 0;
         cfg.swizzle_b = 0;
         cfg.swizzle_a = 0;
         cfg.width = 0x1;
         cfg.height = 0x1;
         cfg.unk_52 = false;
         cfg.rotate_90 = false;
         cfg.flip_vertical = false;
         cfg.samples = 0;
         cfg.unk_mipmapped = false;
         cfg.compressed_1 = false;
         cfg.buffer = 0x0;
         cfg.level = 0x0;
         cfg.levels = 0x1;
         cfg.layers = 0x1;
         cfg.stride = 0x12df8b;
         cfg.page_aligned_layers = false;
         cfg.srgb = false;
         cfg.extended = false;
         cfg.acceleration_buffer = 0x0;
         cfg.depth_linear = 0x602;
         cfg.layer_stride_linear = 0x24a4e4980ull;
         cfg.level_offset_sw = 0x0;
         cfg.aligned_width_msaa_sw = 0x0;
         cfg.tile_width_sw = 0x1;
         cfg.tile_height_sw = 0x1;
         cfg.layer_stride_sw = 0x0;
         cfg.sample_count_log2_sw = 0x0;
         cfg.buffer_offset_sw = 0x0;
      }
      static const uint32_t want[] = {
         0x00000000, 0x00000000, 0x00000000, 0x12df8b00,
         0xa4e49e01, 0x00000024,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, PBE, u);
      assert_true(u.stride == 0x12df8b);
      assert_true(u.depth_linear == 0x602);
      assert_true(u.layer_stride_linear == 0x24a4e4980ull);
   }
   {
      uint8_t p[AGX_PBE_LENGTH];
      agx_pack(p, PBE, cfg) {
         cfg.dimension = 0;
         cfg.layout = 0;
         cfg.channels = 0;
         cfg.type = 0;
         cfg.swizzle_r = 0;
         cfg.swizzle_g = 0;
         cfg.swizzle_b = 0;
         cfg.swizzle_a = 0;
         cfg.width = 0x1;
         cfg.height = 0x1;
         cfg.unk_52 = false;
         cfg.rotate_90 = false;
         cfg.flip_vertical = false;
         cfg.samples = 0;
         cfg.unk_mipmapped = false;
         cfg.compressed_1 = false;
         cfg.buffer = 0x0;
         cfg.level = 0x0;
         cfg.levels = 0x1;
         cfg.layers = 0x1;
         cfg.stride = 0x0;
         cfg.page_aligned_layers = false;
         cfg.srgb = false;
         cfg.extended = false;
         cfg.acceleration_buffer = 0x0;
         cfg.depth_linear = 0x1;
         cfg.layer_stride_linear = 0x0;
         cfg.level_offset_sw = 0x24d758f80ull;
         cfg.aligned_width_msaa_sw = 0x0;
         cfg.tile_width_sw = 0x80;
         cfg.tile_height_sw = 0x80;
         cfg.layer_stride_sw = 0x350a7f180ull;
         cfg.sample_count_log2_sw = 0x0;
         cfg.buffer_offset_sw = 0x0;
      }
      static const uint32_t want[] = {
         0x00000000, 0x00000000, 0x00000000, 0x00000000,
         0xfc9aeb1f, 0x0d429fc7,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, PBE, u);
      assert_true(u.level_offset_sw == 0x24d758f80ull);
      assert_true(u.tile_width_sw == 0x80);
      assert_true(u.tile_height_sw == 0x80);
      assert_true(u.layer_stride_sw == 0x350a7f180ull);
   }
   {
      uint8_t p[AGX_PBE_LENGTH];
      agx_pack(p, PBE, cfg) {
         cfg.dimension = 0;
         cfg.layout = 0;
         cfg.channels = 0;
         cfg.type = 0;
         cfg.swizzle_r = 0;
         cfg.swizzle_g = 0;
         cfg.swizzle_b = 0;
         cfg.swizzle_a = 0;
         cfg.width = 0x1;
         cfg.height = 0x1;
         cfg.unk_52 = false;
         cfg.rotate_90 = false;
         cfg.flip_vertical = false;
         cfg.samples = 0;
         cfg.unk_mipmapped = false;
         cfg.compressed_1 = false;
         cfg.buffer = 0x0;
         cfg.level = 0x0;
         cfg.levels = 0x1;
         cfg.layers = 0x1;
         cfg.stride = 0x0;
         cfg.page_aligned_layers = false;
         cfg.srgb = false;
         cfg.extended = false;
         cfg.acceleration_buffer = 0x0;
         cfg.depth_linear = 0x1;
         cfg.layer_stride_linear = 0x0;
         cfg.level_offset_sw = 0x0;
         cfg.aligned_width_msaa_sw = 0x5275;
         cfg.tile_width_sw = 0x1;
         cfg.tile_height_sw = 0x1;
         cfg.layer_stride_sw = 0x0;
         cfg.sample_count_log2_sw = 0x0;
         cfg.buffer_offset_sw = 0x0;
      }
      static const uint32_t want[] = {
         0x00000000, 0x00000000, 0x00000000, 0x00000000,
         0x00005275, 0x00000000,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, PBE, u);
      assert_true(u.aligned_width_msaa_sw == 0x5275);
   }
   {
      uint8_t p[AGX_PBE_LENGTH];
      agx_pack(p, PBE, cfg) {
         cfg.dimension = 0;
         cfg.layout = 0;
         cfg.channels = 0;
         cfg.type = 0;
         cfg.swizzle_r = 0;
         cfg.swizzle_g = 0;
         cfg.swizzle_b = 0;
         cfg.swizzle_a = 0;
         cfg.width = 0x1;
         cfg.height = 0x1;
         cfg.unk_52 = false;
         cfg.rotate_90 = false;
         cfg.flip_vertical = false;
         cfg.samples = 0;
         cfg.unk_mipmapped = false;
         cfg.compressed_1 = false;
         cfg.buffer = 0x0;
         cfg.level = 0x0;
         cfg.levels = 0x1;
         cfg.layers = 0x1;
         cfg.stride = 0x0;
         cfg.page_aligned_layers = false;
         cfg.srgb = false;
         cfg.extended = false;
         cfg.acceleration_buffer = 0x0;
         cfg.depth_linear = 0x1;
         cfg.layer_stride_linear = 0x0;
         cfg.level_offset_sw = 0x0;
         cfg.aligned_width_msaa_sw = 0x0;
         cfg.tile_width_sw = 0x1;
         cfg.tile_height_sw = 0x1;
         cfg.layer_stride_sw = 0x0;
         cfg.sample_count_log2_sw = 0x0;
         cfg.buffer_offset_sw = 0xa9ea3a7b;
      }
      static const uint32_t want[] = {
         0x00000000, 0x00000000, 0x00000000, 0x00000000,
         0xa9ea3a7b, 0x00000000,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, PBE, u);
      assert_true(u.buffer_offset_sw == 0xa9ea3a7b);
   }
}

/* "sampler", Mesa struct "Sampler":
 * min_lod: "Minimum LOD" 0-9
 * max_lod: "Maximum LOD" 10-19
 * max_anisotropy: "Maximum anisotropy" 20-22 log2
 * mag_filter: "Magnify" 23-24
 * min_filter: "Minify" 25-26
 * mip_filter: "Mip filter" 27-28
 * wrap_s: "Wrap S" 29-31
 * wrap_t: "Wrap T" 32-34
 * wrap_r: "Wrap R" 35-37
 * pixel_coordinates: "Pixel coordinates" 38
 * compare_func: "Compare func" 39-41
 * compare_enable: "Compare enable" 42
 * border_colour: "Border colour" 55-56
 * seamful_cube_maps: "Seamful cube maps" 57
 */
static void
test_sampler(void **state)
{
   {
      uint8_t p[AGX_SAMPLER_LENGTH];
      agx_pack(p, SAMPLER, cfg) {
         cfg.min_lod = 8.796875f;
         cfg.max_lod = 5.171875f;
         cfg.max_anisotropy = 0x80;
         cfg.mag_filter = 2;
         cfg.min_filter = 2;
         cfg.mip_filter = 2;
         cfg.wrap_s = 5;
         cfg.wrap_t = 5;
         cfg.wrap_r = 5;
         cfg.pixel_coordinates = true;
         cfg.compare_func = 7;
         cfg.compare_enable = true;
         cfg.border_colour = 3;
         cfg.seamful_cube_maps = true;
      }
      static const uint32_t want[] = {0xb5752e33, 0x038007ed};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, SAMPLER, u);
      assert_true(u.min_lod == 8.796875f);
      assert_true(u.max_lod == 5.171875f);
      assert_true(u.max_anisotropy == 0x80);
      assert_true(u.mag_filter == 2);
      assert_true(u.min_filter == 2);
      assert_true(u.mip_filter == 2);
      assert_true(u.wrap_s == 5);
      assert_true(u.wrap_t == 5);
      assert_true(u.wrap_r == 5);
      assert_true(u.pixel_coordinates == true);
      assert_true(u.compare_func == 7);
      assert_true(u.compare_enable == true);
      assert_true(u.border_colour == 3);
      assert_true(u.seamful_cube_maps == true);
   }
}

/* "border", Mesa struct "Border":
 * channel_0: "Channel 0" 0-31
 * channel_1: "Channel 1" 32-63
 * channel_2: "Channel 2" 64-95
 * channel_3: "Channel 3" 96-127
 */
static void
test_border(void **state)
{
   {
      uint8_t p[AGX_BORDER_LENGTH];
      agx_pack(p, BORDER, cfg) {
         cfg.channel_0 = 0x9354d0e3;
         cfg.channel_1 = 0xa3cc390d;
         cfg.channel_2 = 0x811008b7;
         cfg.channel_3 = 0xd5d0c57b;
      }
      static const uint32_t want[] = {
         0x9354d0e3, 0xa3cc390d, 0x811008b7, 0xd5d0c57b,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, BORDER, u);
      assert_true(u.channel_0 == 0x9354d0e3);
      assert_true(u.channel_1 == 0xa3cc390d);
      assert_true(u.channel_2 == 0x811008b7);
      assert_true(u.channel_3 == 0xd5d0c57b);
   }
}

/* "scissor", Mesa struct "Scissor":
 * max_x: "Max X" 0-15
 * min_x: "Min X" 16-31
 * max_y: "Max Y" 32-47
 * min_y: "Min Y" 48-63
 * min_z: "Min Z" 64-95
 * max_z: "Max Z" 96-127
 */
static void
test_scissor(void **state)
{
   {
      uint8_t p[AGX_SCISSOR_LENGTH];
      agx_pack(p, SCISSOR, cfg) {
         cfg.max_x = 0x87c1;
         cfg.min_x = 0xcd1d;
         cfg.max_y = 0x8b41;
         cfg.min_y = 0xa6e1;
         cfg.min_z = 496.375f;
         cfg.max_z = -400.875f;
      }
      static const uint32_t want[] = {
         0xcd1d87c1, 0xa6e18b41, 0x43f83000, 0xc3c87000,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, SCISSOR, u);
      assert_true(u.max_x == 0x87c1);
      assert_true(u.min_x == 0xcd1d);
      assert_true(u.max_y == 0x8b41);
      assert_true(u.min_y == 0xa6e1);
      assert_true(u.min_z == 496.375f);
      assert_true(u.max_z == -400.875f);
   }
}

/* "depth bias", Mesa struct "Depth bias":
 * constant: "Depth bias" 0-31
 * slope_scale: "Slope scale" 32-63
 * clamp: "Clamp" 64-95
 */
static void
test_depth_bias(void **state)
{
   {
      uint8_t p[AGX_DEPTH_BIAS_LENGTH];
      agx_pack(p, DEPTH_BIAS, cfg) {
         cfg.constant = -206.5f;
         cfg.slope_scale = -107.375f;
         cfg.clamp = 407.625f;
      }
      static const uint32_t want[] = {0xc34e8000, 0xc2d6c000, 0x43cbd000};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, DEPTH_BIAS, u);
      assert_true(u.constant == -206.5f);
      assert_true(u.slope_scale == -107.375f);
      assert_true(u.clamp == 407.625f);
   }
}

/* "counts", Mesa struct "Counts":
 * unknown_0: "Unknown 0" 0
 * uniforms: "Uniform register count" 1-3 groups(64)
 * texture_states: "Texture state register count" 4-8 groups(8)
 * sampler_states: "Sampler state register count" 9-11
 * preshader_gprs: "Preshader register count" 12-15 groups(16)
 * cf_bindings: "CF binding count" 16-22
 * unknown: "Unknown" 16-31
 */
static void
test_counts(void **state)
{
   {
      uint8_t p[AGX_COUNTS_LENGTH];
      agx_pack(p, COUNTS, cfg) {
         cfg.unknown_0 = 0x1;
         cfg.uniforms = 447;
         cfg.texture_states = 167;
         cfg.sampler_states = 7;
         cfg.preshader_gprs = 175;
         cfg.cf_bindings = 0x6b;
         cfg.unknown = 0x0;
      }
      static const uint32_t want[] = {0x006bbf5f};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, COUNTS, u);
      assert_true(u.unknown_0 == 0x1);
      assert_true(u.uniforms == 448);
      assert_true(u.texture_states == 168);
      assert_true(u.sampler_states == 7);
      assert_true(u.preshader_gprs == 176);
      assert_true(u.cf_bindings == 0x6b);
   }
   {
      uint8_t p[AGX_COUNTS_LENGTH];
      agx_pack(p, COUNTS, cfg) {
         cfg.unknown_0 = 0x0;
         cfg.uniforms = 512;
         cfg.texture_states = 256;
         cfg.sampler_states = 0;
         cfg.preshader_gprs = 256;
         cfg.cf_bindings = 0x0;
         cfg.unknown = 0xd81d;
      }
      static const uint32_t want[] = {0xd81d0000};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, COUNTS, u);
      assert_true(u.unknown == 0xd81d);
   }
}

/* "ppp header", Mesa struct "PPP Header":
 * fragment_control: "Fragment control" 0
 * fragment_control_2: "Fragment control 2" 1
 * front_face: "Fragment front face" 2
 * front_face_2: "Fragment front face 2" 3
 * front_stencil: "Fragment front stencil" 4
 * back_face: "Fragment back face" 5
 * back_face_2: "Fragment back face 2" 6
 * back_stencil: "Fragment back stencil" 7
 * depth_bias_scissor: "Depth bias/scissor" 8
 * region_clip: "Region clip" 10
 * viewport: "Viewport" 11
 * viewport_count: "Viewport count" 12-15 minus(1)
 * w_clamp: "W clamp" 16
 * output_select: "Output select" 17
 * varying_counts_32: "Varying counts 32" 18
 * varying_counts_16: "Varying counts 16" 19
 * cull: "Cull" 21
 * cull_2: "Cull 2" 22
 * fragment_shader: "Fragment shader" 23
 * occlusion_query: "Occlusion query" 24
 * occlusion_query_2: "Occlusion query 2" 25
 * output_unknown: "Output unknown" 26
 * output_size: "Output size" 27
 * varying_word_2: "Varying word 2" 28
 */
static void
test_ppp_header(void **state)
{
   {
      uint8_t p[AGX_PPP_HEADER_LENGTH];
      agx_pack(p, PPP_HEADER, cfg) {
         cfg.fragment_control = true;
         cfg.fragment_control_2 = true;
         cfg.front_face = true;
         cfg.front_face_2 = true;
         cfg.front_stencil = true;
         cfg.back_face = true;
         cfg.back_face_2 = true;
         cfg.back_stencil = true;
         cfg.depth_bias_scissor = true;
         cfg.region_clip = true;
         cfg.viewport = true;
         cfg.viewport_count = 0x10;
         cfg.w_clamp = true;
         cfg.output_select = true;
         cfg.varying_counts_32 = true;
         cfg.varying_counts_16 = true;
         cfg.cull = true;
         cfg.cull_2 = true;
         cfg.fragment_shader = true;
         cfg.occlusion_query = true;
         cfg.occlusion_query_2 = true;
         cfg.output_unknown = true;
         cfg.output_size = true;
         cfg.varying_word_2 = true;
      }
      static const uint32_t want[] = {0x1feffdff};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, PPP_HEADER, u);
      assert_true(u.fragment_control == true);
      assert_true(u.fragment_control_2 == true);
      assert_true(u.front_face == true);
      assert_true(u.front_face_2 == true);
      assert_true(u.front_stencil == true);
      assert_true(u.back_face == true);
      assert_true(u.back_face_2 == true);
      assert_true(u.back_stencil == true);
      assert_true(u.depth_bias_scissor == true);
      assert_true(u.region_clip == true);
      assert_true(u.viewport == true);
      assert_true(u.viewport_count == 0x10);
      assert_true(u.w_clamp == true);
      assert_true(u.output_select == true);
      assert_true(u.varying_counts_32 == true);
      assert_true(u.varying_counts_16 == true);
      assert_true(u.cull == true);
      assert_true(u.cull_2 == true);
      assert_true(u.fragment_shader == true);
      assert_true(u.occlusion_query == true);
      assert_true(u.occlusion_query_2 == true);
      assert_true(u.output_unknown == true);
      assert_true(u.output_size == true);
      assert_true(u.varying_word_2 == true);
   }
}

/* "fragment control", Mesa struct "Fragment control":
 * unk_9: "Unk 1" 9
 * visibility_mode: "Visibility mode" 14-15
 * scissor_enable: "Scissor enable" 16
 * depth_bias_enable: "Depth bias enable" 17
 * stencil_test_enable: "Stencil test enable" 18
 * two_sided_stencil: "Two-sided stencil" 19
 * tag_write_disable: "Tag write disable" 21
 * sample_mask_after_depth_stencil: "Sample mask after depth/stencil" 25
 * disable_tri_merging: "Disable tri merging" 26
 * pass_type: "Pass type" 29-31
 */
static void
test_fragment_control(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_CONTROL_LENGTH];
      agx_pack(p, FRAGMENT_CONTROL, cfg) {
         cfg.unk_9 = true;
         cfg.visibility_mode = 3;
         cfg.scissor_enable = true;
         cfg.depth_bias_enable = true;
         cfg.stencil_test_enable = true;
         cfg.two_sided_stencil = true;
         cfg.tag_write_disable = true;
         cfg.sample_mask_after_depth_stencil = true;
         cfg.disable_tri_merging = true;
         cfg.pass_type = 3;
      }
      static const uint32_t want[] = {0x662fc200};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_CONTROL, u);
      assert_true(u.unk_9 == true);
      assert_true(u.visibility_mode == 3);
      assert_true(u.scissor_enable == true);
      assert_true(u.depth_bias_enable == true);
      assert_true(u.stencil_test_enable == true);
      assert_true(u.two_sided_stencil == true);
      assert_true(u.tag_write_disable == true);
      assert_true(u.sample_mask_after_depth_stencil == true);
      assert_true(u.disable_tri_merging == true);
      assert_true(u.pass_type == 3);
   }
}

/* "fragment face", Mesa struct "Fragment face":
 * stencil_reference: "Stencil reference" 0-7
 * line_width: "Line width" 8-15
 * polygon_mode: "Polygon mode" 18-19
 * disable_depth_write: "Disable depth write" 21
 * unk_visibility: "Unk - visibility test internal" 22-23
 * depth_function: "Depth function" 24-26
 */
static void
test_fragment_face(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_FACE_LENGTH];
      agx_pack(p, FRAGMENT_FACE, cfg) {
         cfg.stencil_reference = 0xb1;
         cfg.line_width = 0xbd;
         cfg.polygon_mode = 2;
         cfg.disable_depth_write = true;
         cfg.unk_visibility = 0x3;
         cfg.depth_function = 7;
      }
      static const uint32_t want[] = {0x07e8bdb1};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_FACE, u);
      assert_true(u.stencil_reference == 0xb1);
      assert_true(u.line_width == 0xbd);
      assert_true(u.polygon_mode == 2);
      assert_true(u.disable_depth_write == true);
      assert_true(u.unk_visibility == 0x3);
      assert_true(u.depth_function == 7);
   }
}

/* "fragment face 2", Mesa struct "Fragment face 2":
 * disable_depth_write: "Disable depth write" 21
 * conservative_depth: "Conservative depth" 22-23
 * depth_function: "Depth function" 24-26
 * object_type: "Object type" 28-31
 */
static void
test_fragment_face_2(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_FACE_2_LENGTH];
      agx_pack(p, FRAGMENT_FACE_2, cfg) {
         cfg.disable_depth_write = true;
         cfg.conservative_depth = 3;
         cfg.depth_function = 7;
         cfg.object_type = 4;
      }
      static const uint32_t want[] = {0x47e00000};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_FACE_2, u);
      assert_true(u.disable_depth_write == true);
      assert_true(u.conservative_depth == 3);
      assert_true(u.depth_function == 7);
      assert_true(u.object_type == 4);
   }
}

/* "fragment stencil", Mesa struct "Fragment stencil":
 * write_mask: "Write mask" 0-7
 * read_mask: "Read mask" 8-15
 * depth_pass: "Depth pass" 16-18
 * depth_fail: "Depth fail" 19-21
 * stencil_fail: "Stencil fail" 22-24
 * compare: "Compare" 25-27
 */
static void
test_fragment_stencil(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_STENCIL_LENGTH];
      agx_pack(p, FRAGMENT_STENCIL, cfg) {
         cfg.write_mask = 0xef;
         cfg.read_mask = 0xef;
         cfg.depth_pass = 7;
         cfg.depth_fail = 7;
         cfg.stencil_fail = 7;
         cfg.compare = 7;
      }
      static const uint32_t want[] = {0x0fffefef};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_STENCIL, u);
      assert_true(u.write_mask == 0xef);
      assert_true(u.read_mask == 0xef);
      assert_true(u.depth_pass == 7);
      assert_true(u.depth_fail == 7);
      assert_true(u.stencil_fail == 7);
      assert_true(u.compare == 7);
   }
}

/* "depth bias scissor", Mesa struct "Depth bias/Scissor":
 * scissor: "Scissor" 0-15
 * depth_bias: "Depth bias" 16-31
 */
static void
test_depth_bias_scissor(void **state)
{
   {
      uint8_t p[AGX_DEPTH_BIAS_SCISSOR_LENGTH];
      agx_pack(p, DEPTH_BIAS_SCISSOR, cfg) {
         cfg.scissor = 0x883b;
         cfg.depth_bias = 0xfb9f;
      }
      static const uint32_t want[] = {0xfb9f883b};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, DEPTH_BIAS_SCISSOR, u);
      assert_true(u.scissor == 0x883b);
      assert_true(u.depth_bias == 0xfb9f);
   }
}

/* "region clip", Mesa struct "Region clip":
 * max_x: "Max X" 0-8 minus(1)
 * min_x: "Min X" 16-24
 * enable: "Enable" 31
 * max_y: "Max Y" 32-40 minus(1)
 * min_y: "Min Y" 48-56
 */
static void
test_region_clip(void **state)
{
   {
      uint8_t p[AGX_REGION_CLIP_LENGTH];
      agx_pack(p, REGION_CLIP, cfg) {
         cfg.max_x = 0x184;
         cfg.min_x = 0x1dd;
         cfg.enable = true;
         cfg.max_y = 0x1d4;
         cfg.min_y = 0x125;
      }
      static const uint32_t want[] = {0x81dd0183, 0x012501d3};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, REGION_CLIP, u);
      assert_true(u.max_x == 0x184);
      assert_true(u.min_x == 0x1dd);
      assert_true(u.enable == true);
      assert_true(u.max_y == 0x1d4);
      assert_true(u.min_y == 0x125);
   }
}

/* "viewport control", Mesa struct "Viewport control":
 * unknown: not in Mesa; our reading of bits 0-31
 */
static void
test_viewport_control(void **state)
{
   {
      uint8_t p[AGX_VIEWPORT_CONTROL_LENGTH];
      agx_pack(p, VIEWPORT_CONTROL, cfg) {
         cfg.unknown = 0xc1286e4f;
      }
      static const uint32_t want[] = {0xc1286e4f};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VIEWPORT_CONTROL, u);
      assert_true(u.unknown == 0xc1286e4f);
   }
}

/* "viewport", Mesa struct "Viewport":
 * translate_x: "Translate X" 0-31
 * scale_x: "Scale X" 32-63
 * translate_y: "Translate Y" 64-95
 * scale_y: "Scale Y" 96-127
 * translate_z: "Translate Z" 128-159
 * scale_z: "Scale Z" 160-191
 */
static void
test_viewport(void **state)
{
   {
      uint8_t p[AGX_VIEWPORT_LENGTH];
      agx_pack(p, VIEWPORT, cfg) {
         cfg.translate_x = 17.375f;
         cfg.scale_x = -110.125f;
         cfg.translate_y = -253.25f;
         cfg.scale_y = 376.625f;
         cfg.translate_z = -18.0f;
         cfg.scale_z = -197.25f;
      }
      static const uint32_t want[] = {
         0x418b0000, 0xc2dc4000, 0xc37d4000, 0x43bc5000,
         0xc1900000, 0xc3454000,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VIEWPORT, u);
      assert_true(u.translate_x == 17.375f);
      assert_true(u.scale_x == -110.125f);
      assert_true(u.translate_y == -253.25f);
      assert_true(u.scale_y == 376.625f);
      assert_true(u.translate_z == -18.0f);
      assert_true(u.scale_z == -197.25f);
   }
}

/* "w clamp", Mesa struct "W Clamp":
 * min_w: "W Clamp" 0-31
 */
static void
test_w_clamp(void **state)
{
   {
      uint8_t p[AGX_W_CLAMP_LENGTH];
      agx_pack(p, W_CLAMP, cfg) {
         cfg.min_w = -298.625f;
      }
      static const uint32_t want[] = {0xc3955000};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, W_CLAMP, u);
      assert_true(u.min_w == -298.625f);
   }
}

/* "output select", Mesa struct "Output Select":
 * clip_distance_0: "Clip distance plane 0" 0
 * clip_distance_1: "Clip distance plane 1" 1
 * clip_distance_2: "Clip distance plane 2" 2
 * clip_distance_3: "Clip distance plane 3" 3
 * clip_distance_4: "Clip distance plane 4" 4
 * clip_distance_5: "Clip distance plane 5" 5
 * clip_distance_6: "Clip distance plane 6" 6
 * clip_distance_7: "Clip distance plane 7" 7
 * clip_distance_8: "Clip distance plane 8" 8
 * clip_distance_9: "Clip distance plane 9" 9
 * clip_distance_10: "Clip distance plane 10" 10
 * clip_distance_11: "Clip distance plane 11" 11
 * clip_distance_12: "Clip distance plane 12" 12
 * clip_distance_13: "Clip distance plane 13" 13
 * clip_distance_14: "Clip distance plane 14" 14
 * clip_distance_15: "Clip distance plane 15" 15
 * varyings: "Varyings" 16
 * point_size: "Point size" 18
 * viewport_target: "Viewport target" 19
 * render_target: "Render target" 20
 * frag_coord_z: "Frag coord Z" 21
 * barycentric_coordinates: "Barycentric coordinates" 22
 */
static void
test_output_select(void **state)
{
   {
      uint8_t p[AGX_OUTPUT_SELECT_LENGTH];
      agx_pack(p, OUTPUT_SELECT, cfg) {
         cfg.clip_distance_0 = true;
         cfg.clip_distance_1 = true;
         cfg.clip_distance_2 = true;
         cfg.clip_distance_3 = true;
         cfg.clip_distance_4 = true;
         cfg.clip_distance_5 = true;
         cfg.clip_distance_6 = true;
         cfg.clip_distance_7 = true;
         cfg.clip_distance_8 = true;
         cfg.clip_distance_9 = true;
         cfg.clip_distance_10 = true;
         cfg.clip_distance_11 = true;
         cfg.clip_distance_12 = true;
         cfg.clip_distance_13 = true;
         cfg.clip_distance_14 = true;
         cfg.clip_distance_15 = true;
         cfg.varyings = true;
         cfg.point_size = true;
         cfg.viewport_target = true;
         cfg.render_target = true;
         cfg.frag_coord_z = true;
         cfg.barycentric_coordinates = true;
      }
      static const uint32_t want[] = {0x007dffff};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, OUTPUT_SELECT, u);
      assert_true(u.clip_distance_0 == true);
      assert_true(u.clip_distance_1 == true);
      assert_true(u.clip_distance_2 == true);
      assert_true(u.clip_distance_3 == true);
      assert_true(u.clip_distance_4 == true);
      assert_true(u.clip_distance_5 == true);
      assert_true(u.clip_distance_6 == true);
      assert_true(u.clip_distance_7 == true);
      assert_true(u.clip_distance_8 == true);
      assert_true(u.clip_distance_9 == true);
      assert_true(u.clip_distance_10 == true);
      assert_true(u.clip_distance_11 == true);
      assert_true(u.clip_distance_12 == true);
      assert_true(u.clip_distance_13 == true);
      assert_true(u.clip_distance_14 == true);
      assert_true(u.clip_distance_15 == true);
      assert_true(u.varyings == true);
      assert_true(u.point_size == true);
      assert_true(u.viewport_target == true);
      assert_true(u.render_target == true);
      assert_true(u.frag_coord_z == true);
      assert_true(u.barycentric_coordinates == true);
   }
}

/* "varying counts", Mesa struct "Varying Counts":
 * smooth: "Smooth" 0-7
 * flat: "Flat" 8-15
 * linear: "Linear" 16-23
 */
static void
test_varying_counts(void **state)
{
   {
      uint8_t p[AGX_VARYING_COUNTS_LENGTH];
      agx_pack(p, VARYING_COUNTS, cfg) {
         cfg.smooth = 0x97;
         cfg.flat = 0x83;
         cfg.linear = 0x97;
      }
      static const uint32_t want[] = {0x00978397};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VARYING_COUNTS, u);
      assert_true(u.smooth == 0x97);
      assert_true(u.flat == 0x83);
      assert_true(u.linear == 0x97);
   }
}

/* "varying 2", Mesa struct "Varying 2":
 * unknown_0: not in Mesa; our reading of bits 0-31
 * unknown_1: not in Mesa; our reading of bits 32-63
 */
static void
test_varying_2(void **state)
{
   {
      uint8_t p[AGX_VARYING_2_LENGTH];
      agx_pack(p, VARYING_2, cfg) {
         cfg.unknown_0 = 0xa38c7823;
         cfg.unknown_1 = 0xd757a0a7;
      }
      static const uint32_t want[] = {0xa38c7823, 0xd757a0a7};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VARYING_2, u);
      assert_true(u.unknown_0 == 0xa38c7823);
      assert_true(u.unknown_1 == 0xd757a0a7);
   }
}

/* "cull", Mesa struct "Cull":
 * cull_front: "Cull front" 0
 * cull_back: "Cull back" 1
 * flat_shading_vertex: "Flat shading vertex" 7-8
 * depth_clip: "Depth clip" 10
 * depth_clamp: "Depth clamp" 11
 * primitive_msaa: "Primitive MSAA" 15
 * front_face_ccw: "Front face CCW" 16
 * rasterizer_discard: "Rasterizer discard" 17
 */
static void
test_cull(void **state)
{
   {
      uint8_t p[AGX_CULL_LENGTH];
      agx_pack(p, CULL, cfg) {
         cfg.cull_front = true;
         cfg.cull_back = true;
         cfg.flat_shading_vertex = 3;
         cfg.depth_clip = true;
         cfg.depth_clamp = true;
         cfg.primitive_msaa = true;
         cfg.front_face_ccw = true;
         cfg.rasterizer_discard = true;
      }
      static const uint32_t want[] = {0x00038d83};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CULL, u);
      assert_true(u.cull_front == true);
      assert_true(u.cull_back == true);
      assert_true(u.flat_shading_vertex == 3);
      assert_true(u.depth_clip == true);
      assert_true(u.depth_clamp == true);
      assert_true(u.primitive_msaa == true);
      assert_true(u.front_face_ccw == true);
      assert_true(u.rasterizer_discard == true);
   }
}

/* "cull 2", Mesa struct "Cull 2":
 * unknown_5: "Unknown 5" 5
 * draw_clipped_edges: "Draw clipped edges" 9
 * needs_primitive_id: "Needs Primitive ID" 12
 * rasterizer_discard: "Rasterizer discard" 17
 */
static void
test_cull_2(void **state)
{
   {
      uint8_t p[AGX_CULL_2_LENGTH];
      agx_pack(p, CULL_2, cfg) {
         cfg.unknown_5 = true;
         cfg.draw_clipped_edges = true;
         cfg.needs_primitive_id = true;
         cfg.rasterizer_discard = true;
      }
      static const uint32_t want[] = {0x00021220};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CULL_2, u);
      assert_true(u.unknown_5 == true);
      assert_true(u.draw_clipped_edges == true);
      assert_true(u.needs_primitive_id == true);
      assert_true(u.rasterizer_discard == true);
   }
}

/* "fragment occlusion query", Mesa struct "Fragment occlusion query":
 * index: "Index" 17-31
 */
static void
test_fragment_occlusion_query(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_OCCLUSION_QUERY_LENGTH];
      agx_pack(p, FRAGMENT_OCCLUSION_QUERY, cfg) {
         cfg.index = 0x632b;
      }
      static const uint32_t want[] = {0xc6560000};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_OCCLUSION_QUERY, u);
      assert_true(u.index == 0x632b);
   }
}

/* "fragment occlusion query 2", Mesa struct "Fragment occlusion query 2":
 * unknown: "Unknown" 0-16
 */
static void
test_fragment_occlusion_query_2(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_OCCLUSION_QUERY_2_LENGTH];
      agx_pack(p, FRAGMENT_OCCLUSION_QUERY_2, cfg) {
         cfg.unknown = 0x17a95;
      }
      static const uint32_t want[] = {0x00017a95};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_OCCLUSION_QUERY_2, u);
      assert_true(u.unknown == 0x17a95);
   }
}

/* "output unknown", Mesa struct "Output Unknown":
 * unknown: not in Mesa; our reading of bits 0-31
 */
static void
test_output_unknown(void **state)
{
   {
      uint8_t p[AGX_OUTPUT_UNKNOWN_LENGTH];
      agx_pack(p, OUTPUT_UNKNOWN, cfg) {
         cfg.unknown = 0xaff0c3d1;
      }
      static const uint32_t want[] = {0xaff0c3d1};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, OUTPUT_UNKNOWN, u);
      assert_true(u.unknown == 0xaff0c3d1);
   }
}

/* "output size", Mesa struct "Output Size":
 * count: "Count" 0-31
 */
static void
test_output_size(void **state)
{
   {
      uint8_t p[AGX_OUTPUT_SIZE_LENGTH];
      agx_pack(p, OUTPUT_SIZE, cfg) {
         cfg.count = 0xc28ec595;
      }
      static const uint32_t want[] = {0xc28ec595};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, OUTPUT_SIZE, u);
      assert_true(u.count == 0xc28ec595);
   }
}

/* "fragment shader word 0", Mesa struct "Fragment Shader Word 0":
 * unknown_0: "Unknown 0" 0
 * uniforms: "Uniform register count" 1-3 groups(64)
 * texture_states: "Texture state register count" 4-8 groups(8)
 * sampler_states: "Sampler state register count" 9-11
 * preshader_gprs: "Preshader register count" 12-15 groups(16)
 * cf_bindings: "CF binding count" 16-22
 */
static void
test_fragment_shader_word_0(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_SHADER_WORD_0_LENGTH];
      agx_pack(p, FRAGMENT_SHADER_WORD_0, cfg) {
         cfg.unknown_0 = 0x1;
         cfg.uniforms = 447;
         cfg.texture_states = 135;
         cfg.sampler_states = 7;
         cfg.preshader_gprs = 239;
         cfg.cf_bindings = 0x49;
      }
      static const uint32_t want[] = {0x0049ff1f};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_SHADER_WORD_0, u);
      assert_true(u.unknown_0 == 0x1);
      assert_true(u.uniforms == 448);
      assert_true(u.texture_states == 136);
      assert_true(u.sampler_states == 7);
      assert_true(u.preshader_gprs == 240);
      assert_true(u.cf_bindings == 0x49);
   }
}

/* "fragment shader word 1", Mesa struct "Fragment Shader Word 1":
 * unknown_0: "Unknown 1:0" 0-1
 * pipeline: "Pipeline" 6-31 shr(6)
 */
static void
test_fragment_shader_word_1(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_SHADER_WORD_1_LENGTH];
      agx_pack(p, FRAGMENT_SHADER_WORD_1, cfg) {
         cfg.unknown_0 = 0x3;
         cfg.pipeline = 0x88c276c0;
      }
      static const uint32_t want[] = {0x88c276c3};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_SHADER_WORD_1, u);
      assert_true(u.unknown_0 == 0x3);
      assert_true(u.pipeline == 0x88c276c0);
   }
}

/* "fragment shader word 2", Mesa struct "Fragment Shader Word 2":
 * cf_bindings: "CF bindings" 2-31 shr(2)
 */
static void
test_fragment_shader_word_2(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_SHADER_WORD_2_LENGTH];
      agx_pack(p, FRAGMENT_SHADER_WORD_2, cfg) {
         cfg.cf_bindings = 0xf0961e14;
      }
      static const uint32_t want[] = {0xf0961e14};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_SHADER_WORD_2, u);
      assert_true(u.cf_bindings == 0xf0961e14);
   }
}

/* "fragment shader word 3", Mesa struct "Fragment Shader Word 3":
 * unknown: "Unknown" 0-3
 */
static void
test_fragment_shader_word_3(void **state)
{
   {
      uint8_t p[AGX_FRAGMENT_SHADER_WORD_3_LENGTH];
      agx_pack(p, FRAGMENT_SHADER_WORD_3, cfg) {
         cfg.unknown = 0xf;
      }
      static const uint32_t want[] = {0x0000000f};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, FRAGMENT_SHADER_WORD_3, u);
      assert_true(u.unknown == 0xf);
   }
}

/* "usc uniform", Mesa struct "USC Uniform":
 * tag: "Tag" 0-7
 * start: "Start (halfs)" 8-15
 * size: "Size (halfs)" 20-25 groups(1)
 * buffer: "Buffer" 26-63 shr(2)
 */
static void
test_usc_uniform(void **state)
{
   {
      uint8_t p[AGX_USC_UNIFORM_LENGTH];
      agx_pack(p, USC_UNIFORM, cfg) {
         cfg.tag = 221;
         cfg.start = 0x81;
         cfg.size = 53;
         cfg.buffer = 0xc9dd11dd54ull;
      }
      static const uint32_t want[] = {0x575081dd, 0xc9dd11dd};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_UNIFORM, u);
      assert_true(u.tag == 221);
      assert_true(u.start == 0x81);
      assert_true(u.size == 53);
      assert_true(u.buffer == 0xc9dd11dd54ull);
   }
}

/* "usc uniform high", Mesa struct "USC Uniform High":
 * tag: "Tag" 0-7
 * start: "Start (halfs)" 8-15
 * size: "Size (halfs)" 20-25 groups(1)
 * buffer: "Buffer" 26-63 shr(2)
 */
static void
test_usc_uniform_high(void **state)
{
   {
      uint8_t p[AGX_USC_UNIFORM_HIGH_LENGTH];
      agx_pack(p, USC_UNIFORM_HIGH, cfg) {
         cfg.tag = 221;
         cfg.start = 0xf9;
         cfg.size = 57;
         cfg.buffer = 0xccc7b6eb24ull;
      }
      static const uint32_t want[] = {0x2790f9dd, 0xccc7b6eb};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_UNIFORM_HIGH, u);
      assert_true(u.tag == 221);
      assert_true(u.start == 0xf9);
      assert_true(u.size == 57);
      assert_true(u.buffer == 0xccc7b6eb24ull);
   }
}

/* "usc texture", Mesa struct "USC Texture":
 * tag: "Tag" 0-7
 * start: "Start" 8-15
 * count: "Count" 20-26
 * buffer: "Buffer" 27-62 shr(3)
 */
static void
test_usc_texture(void **state)
{
   {
      uint8_t p[AGX_USC_TEXTURE_LENGTH];
      agx_pack(p, USC_TEXTURE, cfg) {
         cfg.tag = 221;
         cfg.start = 0xb9;
         cfg.count = 0x5d;
         cfg.buffer = 0x5f936e91e8ull;
      }
      static const uint32_t want[] = {0xedd0b9dd, 0x5f936e91};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_TEXTURE, u);
      assert_true(u.tag == 221);
      assert_true(u.start == 0xb9);
      assert_true(u.count == 0x5d);
      assert_true(u.buffer == 0x5f936e91e8ull);
   }
}

/* "usc sampler", Mesa struct "USC Sampler":
 * tag: "Tag" 0-7
 * start: "Start" 8-15
 * count: "Count" 20-26
 * buffer: "Buffer" 27-62 shr(3)
 */
static void
test_usc_sampler(void **state)
{
   {
      uint8_t p[AGX_USC_SAMPLER_LENGTH];
      agx_pack(p, USC_SAMPLER, cfg) {
         cfg.tag = 221;
         cfg.start = 0xc7;
         cfg.count = 0x77;
         cfg.buffer = 0x5a2fe4a248ull;
      }
      static const uint32_t want[] = {0x4f70c7dd, 0x5a2fe4a2};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_SAMPLER, u);
      assert_true(u.tag == 221);
      assert_true(u.start == 0xc7);
      assert_true(u.count == 0x77);
      assert_true(u.buffer == 0x5a2fe4a248ull);
   }
}

/* "usc shared", Mesa struct "USC Shared":
 * tag: "Tag" 0-7
 * uses_shared_memory: "Uses shared memory" 8
 * layout: "Layout" 10-15
 * sample_count: "Sample count" 16-17 log2
 * sample_stride_8b: "Sample stride in 8 bytes" 20-23
 * bytes_per_threadgroup: "Bytes per threadgroup" 24-31 groups(256)
 */
static void
test_usc_shared(void **state)
{
   {
      uint8_t p[AGX_USC_SHARED_LENGTH];
      agx_pack(p, USC_SHARED, cfg) {
         cfg.tag = 221;
         cfg.uses_shared_memory = true;
         cfg.layout = 63;
         cfg.sample_count = 0x8;
         cfg.sample_stride_8b = 0xd;
         cfg.bytes_per_threadgroup = 65279;
      }
      static const uint32_t want[] = {0xffd3fddd};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_SHARED, u);
      assert_true(u.tag == 221);
      assert_true(u.uses_shared_memory == true);
      assert_true(u.layout == 63);
      assert_true(u.sample_count == 0x8);
      assert_true(u.sample_stride_8b == 0xd);
      assert_true(u.bytes_per_threadgroup == 65280);
   }
}

/* "usc shader", Mesa struct "USC Shader":
 * tag: "Tag" 0-7
 * loads_varyings: "Loads varyings" 8
 * unk_9: "Unk 1" 9
 * unk_10: "Unk 2" 10-15
 * code: "Code" 16-47
 */
static void
test_usc_shader(void **state)
{
   {
      uint8_t p[AGX_USC_SHADER_LENGTH];
      agx_pack(p, USC_SHADER, cfg) {
         cfg.tag = 221;
         cfg.loads_varyings = true;
         cfg.unk_9 = true;
         cfg.unk_10 = 0x37;
         cfg.code = 0xd16de1ef;
      }
      static const uint32_t want[] = {0xe1efdfdd, 0x0000d16d};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_SHADER, u);
      assert_true(u.tag == 221);
      assert_true(u.loads_varyings == true);
      assert_true(u.unk_9 == true);
      assert_true(u.unk_10 == 0x37);
      assert_true(u.code == 0xd16de1ef);
   }
}

/* "usc registers", Mesa struct "USC Registers":
 * tag: "Tag" 0-7
 * gprs: "Register count" 8-12 groups(8)
 * unk_13: "Unk 1" 13
 * spill_size: "Spill size" 18-21
 * unk_24: "Unk 4" 24-31
 */
static void
test_usc_registers(void **state)
{
   {
      uint8_t p[AGX_USC_REGISTERS_LENGTH];
      agx_pack(p, USC_REGISTERS, cfg) {
         cfg.tag = 221;
         cfg.gprs = 167;
         cfg.unk_13 = true;
         cfg.spill_size = 0xf;
         cfg.unk_24 = 0xd7;
      }
      static const uint32_t want[] = {0xd73c35dd};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_REGISTERS, u);
      assert_true(u.tag == 221);
      assert_true(u.gprs == 168);
      assert_true(u.unk_13 == true);
      assert_true(u.spill_size == 0xf);
      assert_true(u.unk_24 == 0xd7);
   }
}

/* "usc preshader", Mesa struct "USC Preshader":
 * tag: "Tag" 0-7
 * unknown: "Unk" 8-31
 * code: "Code" 32-63
 */
static void
test_usc_preshader(void **state)
{
   {
      uint8_t p[AGX_USC_PRESHADER_LENGTH];
      agx_pack(p, USC_PRESHADER, cfg) {
         cfg.tag = 221;
         cfg.unknown = 0xe3718b;
         cfg.code = 0xa8a0f3a3;
      }
      static const uint32_t want[] = {0xe3718bdd, 0xa8a0f3a3};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_PRESHADER, u);
      assert_true(u.tag == 221);
      assert_true(u.unknown == 0xe3718b);
      assert_true(u.code == 0xa8a0f3a3);
   }
}

/* "usc no preshader", Mesa struct "USC No Preshader":
 * tag: "Tag" 0-7
 */
static void
test_usc_no_preshader(void **state)
{
   {
      uint8_t p[AGX_USC_NO_PRESHADER_LENGTH];
      agx_pack(p, USC_NO_PRESHADER, cfg) {
         cfg.tag = 221;
      }
      static const uint32_t want[] = {0x000000dd};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_NO_PRESHADER, u);
      assert_true(u.tag == 221);
   }
}

/* "usc fragment properties", Mesa struct "USC Fragment Properties":
 * tag: "Tag" 0-7
 * early_z: "Early-z testing" 8
 * unk_9: "Unk 2" 9
 * unconditional_discard_1: "Unconditional discard 1" 10
 * unconditional_discard_2: "Unconditional discard 2" 11
 * unk_12: "Unk 3" 12-15
 * unk_16: "Unk 4" 16-23
 * unk_24: "Unk 5" 24-31
 */
static void
test_usc_fragment_properties(void **state)
{
   {
      uint8_t p[AGX_USC_FRAGMENT_PROPERTIES_LENGTH];
      agx_pack(p, USC_FRAGMENT_PROPERTIES, cfg) {
         cfg.tag = 221;
         cfg.early_z = true;
         cfg.unk_9 = true;
         cfg.unconditional_discard_1 = true;
         cfg.unconditional_discard_2 = true;
         cfg.unk_12 = 0xb;
         cfg.unk_16 = 0xe1;
         cfg.unk_24 = 0xa3;
      }
      static const uint32_t want[] = {0xa3e1bfdd};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, USC_FRAGMENT_PROPERTIES, u);
      assert_true(u.tag == 221);
      assert_true(u.early_z == true);
      assert_true(u.unk_9 == true);
      assert_true(u.unconditional_discard_1 == true);
      assert_true(u.unconditional_discard_2 == true);
      assert_true(u.unk_12 == 0xb);
      assert_true(u.unk_16 == 0xe1);
      assert_true(u.unk_24 == 0xa3);
   }
}

/* "ppp state", Mesa struct "PPP State":
 * pointer_hi: "Pointer (hi)" 0-7
 * size_words: "Size (words)" 8-15
 * block_type: "Block Type" 29-31
 * pointer_lo: "Pointer (lo)" 32-63
 */
static void
test_ppp_state(void **state)
{
   {
      uint8_t p[AGX_PPP_STATE_LENGTH];
      agx_pack(p, PPP_STATE, cfg) {
         cfg.pointer_hi = 0xa1;
         cfg.size_words = 0xb3;
         cfg.block_type = 6;
         cfg.pointer_lo = 0xbc71aa2d;
      }
      static const uint32_t want[] = {0xc000b3a1, 0xbc71aa2d};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, PPP_STATE, u);
      assert_true(u.pointer_hi == 0xa1);
      assert_true(u.size_words == 0xb3);
      assert_true(u.block_type == 6);
      assert_true(u.pointer_lo == 0xbc71aa2d);
   }
}

/* "vdm barrier", Mesa struct "VDM Barrier":
 * usc_cache_inval: "USC cache inval" 3
 * unk_4: "Unk 4" 4
 * unk_5: "Unk 5" 5
 * unk_6: "Unk 6" 6
 * unk_8: "Unk 8" 8
 * unk_11: "Unk 11" 11
 * unk_20: "Unk 20" 20
 * unk_24: "Unk 24" 24
 * unk_26: "Unk 26" 26
 * returns: "Returns" 27
 * block_type: "Block Type" 29-31
 */
static void
test_vdm_barrier(void **state)
{
   {
      uint8_t p[AGX_VDM_BARRIER_LENGTH];
      agx_pack(p, VDM_BARRIER, cfg) {
         cfg.usc_cache_inval = true;
         cfg.unk_4 = true;
         cfg.unk_5 = true;
         cfg.unk_6 = true;
         cfg.unk_8 = true;
         cfg.unk_11 = true;
         cfg.unk_20 = true;
         cfg.unk_24 = true;
         cfg.unk_26 = true;
         cfg.returns = true;
         cfg.block_type = 6;
      }
      static const uint32_t want[] = {0xcd100978};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_BARRIER, u);
      assert_true(u.usc_cache_inval == true);
      assert_true(u.unk_4 == true);
      assert_true(u.unk_5 == true);
      assert_true(u.unk_6 == true);
      assert_true(u.unk_8 == true);
      assert_true(u.unk_11 == true);
      assert_true(u.unk_20 == true);
      assert_true(u.unk_24 == true);
      assert_true(u.unk_26 == true);
      assert_true(u.returns == true);
      assert_true(u.block_type == 6);
   }
}

/* "vdm state", Mesa struct "VDM State":
 * restart_index_present: "Restart index present" 0
 * vs_word_0_present: "Vertex shader word 0 present" 1
 * vs_word_1_present: "Vertex shader word 1 present" 2
 * vertex_outputs_present: "Vertex outputs present" 3
 * tessellation_present: "Tessellation present" 4
 * vertex_unknown_present: "Vertex unknown present" 5
 * tessellation_scale_present: "Tessellation scale present" 7
 * block_type: "Block Type" 29-31
 */
static void
test_vdm_state(void **state)
{
   {
      uint8_t p[AGX_VDM_STATE_LENGTH];
      agx_pack(p, VDM_STATE, cfg) {
         cfg.restart_index_present = true;
         cfg.vs_word_0_present = true;
         cfg.vs_word_1_present = true;
         cfg.vertex_outputs_present = true;
         cfg.tessellation_present = true;
         cfg.vertex_unknown_present = true;
         cfg.tessellation_scale_present = true;
         cfg.block_type = 6;
      }
      static const uint32_t want[] = {0xc00000bf};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STATE, u);
      assert_true(u.restart_index_present == true);
      assert_true(u.vs_word_0_present == true);
      assert_true(u.vs_word_1_present == true);
      assert_true(u.vertex_outputs_present == true);
      assert_true(u.tessellation_present == true);
      assert_true(u.vertex_unknown_present == true);
      assert_true(u.tessellation_scale_present == true);
      assert_true(u.block_type == 6);
   }
}

/* "vdm state restart index", Mesa struct "VDM State Restart Index":
 * value: "Value" 0-31
 */
static void
test_vdm_state_restart_index(void **state)
{
   {
      uint8_t p[AGX_VDM_STATE_RESTART_INDEX_LENGTH];
      agx_pack(p, VDM_STATE_RESTART_INDEX, cfg) {
         cfg.value = 0x8da28193;
      }
      static const uint32_t want[] = {0x8da28193};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STATE_RESTART_INDEX, u);
      assert_true(u.value == 0x8da28193);
   }
}

/* "vdm state vs word 0", Mesa struct "VDM State Vertex Shader Word 0":
 * unknown_0: "Unknown 0" 0
 * uniforms: "Uniform register count" 1-3 groups(64)
 * texture_states: "Texture state register count" 4-8 groups(8)
 * sampler_states: "Sampler state register count" 9-11
 * preshader_gprs: "Preshader register count" 12-15 groups(16)
 */
static void
test_vdm_state_vs_word_0(void **state)
{
   {
      uint8_t p[AGX_VDM_STATE_VS_WORD_0_LENGTH];
      agx_pack(p, VDM_STATE_VS_WORD_0, cfg) {
         cfg.unknown_0 = 0x1;
         cfg.uniforms = 447;
         cfg.texture_states = 167;
         cfg.sampler_states = 7;
         cfg.preshader_gprs = 175;
      }
      static const uint32_t want[] = {0x0000bf5f};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STATE_VS_WORD_0, u);
      assert_true(u.unknown_0 == 0x1);
      assert_true(u.uniforms == 448);
      assert_true(u.texture_states == 168);
      assert_true(u.sampler_states == 7);
      assert_true(u.preshader_gprs == 176);
   }
}

/* "vdm state vs word 1", Mesa struct "VDM State Vertex Shader Word 1":
 * unknown_0: "Unknown 1:0" 0-1
 * pipeline: "Pipeline" 6-31 shr(6)
 */
static void
test_vdm_state_vs_word_1(void **state)
{
   {
      uint8_t p[AGX_VDM_STATE_VS_WORD_1_LENGTH];
      agx_pack(p, VDM_STATE_VS_WORD_1, cfg) {
         cfg.unknown_0 = 0x3;
         cfg.pipeline = 0x92d9a8c0;
      }
      static const uint32_t want[] = {0x92d9a8c3};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STATE_VS_WORD_1, u);
      assert_true(u.unknown_0 == 0x3);
      assert_true(u.pipeline == 0x92d9a8c0);
   }
}

/* "vdm state vertex outputs", Mesa struct "VDM State Vertex Outputs":
 * output_count_1: "Output count 1" 0-7
 * output_count_2: "Output count 2" 8-15
 */
static void
test_vdm_state_vertex_outputs(void **state)
{
   {
      uint8_t p[AGX_VDM_STATE_VERTEX_OUTPUTS_LENGTH];
      agx_pack(p, VDM_STATE_VERTEX_OUTPUTS, cfg) {
         cfg.output_count_1 = 0xb7;
         cfg.output_count_2 = 0xb9;
      }
      static const uint32_t want[] = {0x0000b9b7};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STATE_VERTEX_OUTPUTS, u);
      assert_true(u.output_count_1 == 0xb7);
      assert_true(u.output_count_2 == 0xb9);
   }
}

/* "vdm state tessellation", Mesa struct "VDM State Tessellation":
 * unknown_0: "Unknown" 0-16
 * step_function: "Step function" 17-18
 * factor_type: "Factor type" 19
 * patch_type: "Patch type" 20
 * unknown_21: "Unknown 3" 21-22
 * max_tess_factor: "Max tess factor" 23-28 minus(1)
 * ccw_winding: "Counterclockwise winding" 29
 * partition_mode: "Partition mode" 30-31
 */
static void
test_vdm_state_tessellation(void **state)
{
   {
      uint8_t p[AGX_VDM_STATE_TESSELLATION_LENGTH];
      agx_pack(p, VDM_STATE_TESSELLATION, cfg) {
         cfg.unknown_0 = 0x11791;
         cfg.step_function = 3;
         cfg.factor_type = 1;
         cfg.patch_type = 1;
         cfg.unknown_21 = 0x3;
         cfg.max_tess_factor = 0x24;
         cfg.ccw_winding = true;
         cfg.partition_mode = 3;
      }
      static const uint32_t want[] = {0xf1ff1791};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STATE_TESSELLATION, u);
      assert_true(u.unknown_0 == 0x11791);
      assert_true(u.step_function == 3);
      assert_true(u.factor_type == 1);
      assert_true(u.patch_type == 1);
      assert_true(u.unknown_21 == 0x3);
      assert_true(u.max_tess_factor == 0x24);
      assert_true(u.ccw_winding == true);
      assert_true(u.partition_mode == 3);
   }
}

/* "vdm state tessellation scale", Mesa struct "VDM State Tessellation Scale":
 * scale: "Scale" 0-15
 */
static void
test_vdm_state_tessellation_scale(void **state)
{
   {
      uint8_t p[AGX_VDM_STATE_TESSELLATION_SCALE_LENGTH];
      agx_pack(p, VDM_STATE_TESSELLATION_SCALE, cfg) {
         cfg.scale = -61.875f;
      }
      static const uint32_t want[] = {0x0000d3bc};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STATE_TESSELLATION_SCALE, u);
      assert_true(u.scale == -61.875f);
   }
}

/* "vdm state vertex unknown", Mesa struct "VDM State Vertex Unknown":
 * flat_shading_vertex: "Flat shading control" 0-1
 * unknown_4: "Unknown 4" 4
 * unknown_5: "Unknown 5" 5
 * generate_primitive_id: "Generate primitive ID" 6
 */
static void
test_vdm_state_vertex_unknown(void **state)
{
   {
      uint8_t p[AGX_VDM_STATE_VERTEX_UNKNOWN_LENGTH];
      agx_pack(p, VDM_STATE_VERTEX_UNKNOWN, cfg) {
         cfg.flat_shading_vertex = 2;
         cfg.unknown_4 = true;
         cfg.unknown_5 = true;
         cfg.generate_primitive_id = true;
      }
      static const uint32_t want[] = {0x00000072};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STATE_VERTEX_UNKNOWN, u);
      assert_true(u.flat_shading_vertex == 2);
      assert_true(u.unknown_4 == true);
      assert_true(u.unknown_5 == true);
      assert_true(u.generate_primitive_id == true);
   }
}

/* "index list", Mesa struct "Index List":
 * index_buffer_hi: "Index buffer hi" 0-7
 * primitive: "Primitive" 8-15
 * restart_enable: "Restart enable" 16
 * index_size: "Index size" 17-19
 * index_buffer_size_present: "Index buffer size present" 20
 * index_buffer_present: "Index buffer present" 21
 * index_count_present: "Index count present" 22
 * instance_count_present: "Instance count present" 23
 * start_present: "Start present" 24
 * unk_1_present: "Unk 1 present" 25
 * indirect_buffer_present: "Indirect buffer present" 26
 * unk_2_present: "Unk 2 present" 27
 * block_type: "Block Type" 29-31
 */
static void
test_index_list(void **state)
{
   {
      uint8_t p[AGX_INDEX_LIST_LENGTH];
      agx_pack(p, INDEX_LIST, cfg) {
         cfg.index_buffer_hi = 0x99;
         cfg.primitive = 15;
         cfg.restart_enable = true;
         cfg.index_size = 2;
         cfg.index_buffer_size_present = true;
         cfg.index_buffer_present = true;
         cfg.index_count_present = true;
         cfg.instance_count_present = true;
         cfg.start_present = true;
         cfg.unk_1_present = true;
         cfg.indirect_buffer_present = true;
         cfg.unk_2_present = true;
         cfg.block_type = 6;
      }
      static const uint32_t want[] = {0xcff50f99};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, INDEX_LIST, u);
      assert_true(u.index_buffer_hi == 0x99);
      assert_true(u.primitive == 15);
      assert_true(u.restart_enable == true);
      assert_true(u.index_size == 2);
      assert_true(u.index_buffer_size_present == true);
      assert_true(u.index_buffer_present == true);
      assert_true(u.index_count_present == true);
      assert_true(u.instance_count_present == true);
      assert_true(u.start_present == true);
      assert_true(u.unk_1_present == true);
      assert_true(u.indirect_buffer_present == true);
      assert_true(u.unk_2_present == true);
      assert_true(u.block_type == 6);
   }
}

/* "index list buffer lo", Mesa struct "Index List: Buffer lo":
 * buffer_lo: "Buffer lo" 0-31
 */
static void
test_index_list_buffer_lo(void **state)
{
   {
      uint8_t p[AGX_INDEX_LIST_BUFFER_LO_LENGTH];
      agx_pack(p, INDEX_LIST_BUFFER_LO, cfg) {
         cfg.buffer_lo = 0xb65640e5;
      }
      static const uint32_t want[] = {0xb65640e5};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, INDEX_LIST_BUFFER_LO, u);
      assert_true(u.buffer_lo == 0xb65640e5);
   }
}

/* "index list count", Mesa struct "Index List: Count":
 * count: "Count" 0-31
 */
static void
test_index_list_count(void **state)
{
   {
      uint8_t p[AGX_INDEX_LIST_COUNT_LENGTH];
      agx_pack(p, INDEX_LIST_COUNT, cfg) {
         cfg.count = 0xca289bef;
      }
      static const uint32_t want[] = {0xca289bef};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, INDEX_LIST_COUNT, u);
      assert_true(u.count == 0xca289bef);
   }
}

/* "index list instances", Mesa struct "Index List: Instances":
 * count: "Count" 0-31
 */
static void
test_index_list_instances(void **state)
{
   {
      uint8_t p[AGX_INDEX_LIST_INSTANCES_LENGTH];
      agx_pack(p, INDEX_LIST_INSTANCES, cfg) {
         cfg.count = 0xe28cf3a1;
      }
      static const uint32_t want[] = {0xe28cf3a1};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, INDEX_LIST_INSTANCES, u);
      assert_true(u.count == 0xe28cf3a1);
   }
}

/* "index list start", Mesa struct "Index List: Start":
 * start: "Start" 0-31
 */
static void
test_index_list_start(void **state)
{
   {
      uint8_t p[AGX_INDEX_LIST_START_LENGTH];
      agx_pack(p, INDEX_LIST_START, cfg) {
         cfg.start = 0xc36f7339;
      }
      static const uint32_t want[] = {0xc36f7339};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, INDEX_LIST_START, u);
      assert_true(u.start == 0xc36f7339);
   }
}

/* "index list unk 1", no Mesa struct:
 * unknown_0: not in Mesa; our reading of bits 0-31
 * unknown_1: not in Mesa; our reading of bits 32-63
 */
static void
test_index_list_unk_1(void **state)
{
   {
      uint8_t p[AGX_INDEX_LIST_UNK_1_LENGTH];
      agx_pack(p, INDEX_LIST_UNK_1, cfg) {
         cfg.unknown_0 = 0x96935943;
         cfg.unknown_1 = 0xcdae694b;
      }
      static const uint32_t want[] = {0x96935943, 0xcdae694b};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, INDEX_LIST_UNK_1, u);
      assert_true(u.unknown_0 == 0x96935943);
      assert_true(u.unknown_1 == 0xcdae694b);
   }
}

/* "index list indirect buffer", Mesa struct "Index List: Indirect buffer":
 * address_hi: "Address hi" 0-7
 * address_lo: "Address lo" 32-63
 */
static void
test_index_list_indirect_buffer(void **state)
{
   {
      uint8_t p[AGX_INDEX_LIST_INDIRECT_BUFFER_LENGTH];
      agx_pack(p, INDEX_LIST_INDIRECT_BUFFER, cfg) {
         cfg.address_hi = 0x87;
         cfg.address_lo = 0x900f5391;
      }
      static const uint32_t want[] = {0x00000087, 0x900f5391};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, INDEX_LIST_INDIRECT_BUFFER, u);
      assert_true(u.address_hi == 0x87);
      assert_true(u.address_lo == 0x900f5391);
   }
}

/* "index list unk 2", no Mesa struct:
 * unknown: not in Mesa; our reading of bits 0-31
 */
static void
test_index_list_unk_2(void **state)
{
   {
      uint8_t p[AGX_INDEX_LIST_UNK_2_LENGTH];
      agx_pack(p, INDEX_LIST_UNK_2, cfg) {
         cfg.unknown = 0xc60f661f;
      }
      static const uint32_t want[] = {0xc60f661f};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, INDEX_LIST_UNK_2, u);
      assert_true(u.unknown == 0xc60f661f);
   }
}

/* "index list buffer size", Mesa struct "Index List: Buffer size":
 * size: "Size" 0-31 shr(2)
 */
static void
test_index_list_buffer_size(void **state)
{
   {
      uint8_t p[AGX_INDEX_LIST_BUFFER_SIZE_LENGTH];
      agx_pack(p, INDEX_LIST_BUFFER_SIZE, cfg) {
         cfg.size = 0x2ceb48544ull;
      }
      static const uint32_t want[] = {0xb3ad2151};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, INDEX_LIST_BUFFER_SIZE, u);
      assert_true(u.size == 0x2ceb48544ull);
   }
}

/* "vdm stream link", Mesa struct "VDM Stream Link":
 * target_hi: "Target hi" 0-7
 * with_return: "With return" 28
 * block_type: "Block Type" 29-31
 * target_lo: "Target lo" 32-63
 */
static void
test_vdm_stream_link(void **state)
{
   {
      uint8_t p[AGX_VDM_STREAM_LINK_LENGTH];
      agx_pack(p, VDM_STREAM_LINK, cfg) {
         cfg.target_hi = 0xb9;
         cfg.with_return = true;
         cfg.block_type = 6;
         cfg.target_lo = 0xbaccfd8b;
      }
      static const uint32_t want[] = {0xd00000b9, 0xbaccfd8b};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STREAM_LINK, u);
      assert_true(u.target_hi == 0xb9);
      assert_true(u.with_return == true);
      assert_true(u.block_type == 6);
      assert_true(u.target_lo == 0xbaccfd8b);
   }
}

/* "vdm tessellate", Mesa struct "VDM Tessellate":
 * factor_buffer_hi: "Factor buffer hi" 0-7
 * unknown_8: "Unknown 0" 8-19
 * unknown_20: "Unknown 2" 20
 * factor_buffer_present: "Factor buffer present" 21
 * patch_count_present: "Patch count present" 22
 * base_patch_present: "Base patch present" 23
 * base_instance_present: "Base instance present" 25
 * indirect_present: "Indirect present" 26
 * unknown_present: "Factor buffer size present" 28
 * block_type: "Block Type" 29-31
 */
static void
test_vdm_tessellate(void **state)
{
   {
      uint8_t p[AGX_VDM_TESSELLATE_LENGTH];
      agx_pack(p, VDM_TESSELLATE, cfg) {
         cfg.factor_buffer_hi = 0x93;
         cfg.unknown_8 = 0xa63;
         cfg.unknown_20 = true;
         cfg.factor_buffer_present = true;
         cfg.patch_count_present = true;
         cfg.base_patch_present = true;
         cfg.base_instance_present = true;
         cfg.indirect_present = true;
         cfg.unknown_present = true;
         cfg.block_type = 6;
      }
      static const uint32_t want[] = {0xd6fa6393};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_TESSELLATE, u);
      assert_true(u.factor_buffer_hi == 0x93);
      assert_true(u.unknown_8 == 0xa63);
      assert_true(u.unknown_20 == true);
      assert_true(u.factor_buffer_present == true);
      assert_true(u.patch_count_present == true);
      assert_true(u.base_patch_present == true);
      assert_true(u.base_instance_present == true);
      assert_true(u.indirect_present == true);
      assert_true(u.unknown_present == true);
      assert_true(u.block_type == 6);
   }
}

/* "vdm tessellate factor buffer", Mesa struct "VDM Tessellate: Factor buffer":
 * factor_buffer_lo: "Factor buffer lo" 0-31
 */
static void
test_vdm_tessellate_factor_buffer(void **state)
{
   {
      uint8_t p[AGX_VDM_TESSELLATE_FACTOR_BUFFER_LENGTH];
      agx_pack(p, VDM_TESSELLATE_FACTOR_BUFFER, cfg) {
         cfg.factor_buffer_lo = 0xcf6a43ed;
      }
      static const uint32_t want[] = {0xcf6a43ed};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_TESSELLATE_FACTOR_BUFFER, u);
      assert_true(u.factor_buffer_lo == 0xcf6a43ed);
   }
}

/* "vdm tessellate patch count", Mesa struct "VDM Tessellate: Patch count":
 * patch_count: "Patch count" 0-31
 */
static void
test_vdm_tessellate_patch_count(void **state)
{
   {
      uint8_t p[AGX_VDM_TESSELLATE_PATCH_COUNT_LENGTH];
      agx_pack(p, VDM_TESSELLATE_PATCH_COUNT, cfg) {
         cfg.patch_count = 0xb14fe2f9;
      }
      static const uint32_t want[] = {0xb14fe2f9};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_TESSELLATE_PATCH_COUNT, u);
      assert_true(u.patch_count == 0xb14fe2f9);
   }
}

/* "vdm tessellate base patch", Mesa struct "VDM Tessellate: Base patch":
 * base_patch: "Base patch" 0-31
 */
static void
test_vdm_tessellate_base_patch(void **state)
{
   {
      uint8_t p[AGX_VDM_TESSELLATE_BASE_PATCH_LENGTH];
      agx_pack(p, VDM_TESSELLATE_BASE_PATCH, cfg) {
         cfg.base_patch = 0xf8347dcb;
      }
      static const uint32_t want[] = {0xf8347dcb};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_TESSELLATE_BASE_PATCH, u);
      assert_true(u.base_patch == 0xf8347dcb);
   }
}

/* "vdm tessellate base instance", Mesa struct "VDM Tessellate: Base instance":
 * base_instance: "Base instance" 0-31
 */
static void
test_vdm_tessellate_base_instance(void **state)
{
   {
      uint8_t p[AGX_VDM_TESSELLATE_BASE_INSTANCE_LENGTH];
      agx_pack(p, VDM_TESSELLATE_BASE_INSTANCE, cfg) {
         cfg.base_instance = 0xa2f182e3;
      }
      static const uint32_t want[] = {0xa2f182e3};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_TESSELLATE_BASE_INSTANCE, u);
      assert_true(u.base_instance == 0xa2f182e3);
   }
}

/* "vdm tessellate indirect", Mesa struct "VDM Tessellate: Indirect":
 * address_hi: "Address hi" 0-7
 * address_lo: "Address lo" 32-63
 * size: "Size" 64-95
 */
static void
test_vdm_tessellate_indirect(void **state)
{
   {
      uint8_t p[AGX_VDM_TESSELLATE_INDIRECT_LENGTH];
      agx_pack(p, VDM_TESSELLATE_INDIRECT, cfg) {
         cfg.address_hi = 0x85;
         cfg.address_lo = 0xe1c4db4f;
         cfg.size = 0xb60cacdd;
      }
      static const uint32_t want[] = {0x00000085, 0xe1c4db4f, 0xb60cacdd};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_TESSELLATE_INDIRECT, u);
      assert_true(u.address_hi == 0x85);
      assert_true(u.address_lo == 0xe1c4db4f);
      assert_true(u.size == 0xb60cacdd);
   }
}

/* "vdm tessellate unknown", no Mesa struct:
 * unknown: not in Mesa; our reading of bits 0-31
 */
static void
test_vdm_tessellate_unknown(void **state)
{
   {
      uint8_t p[AGX_VDM_TESSELLATE_UNKNOWN_LENGTH];
      agx_pack(p, VDM_TESSELLATE_UNKNOWN, cfg) {
         cfg.unknown = 0xb86e1317;
      }
      static const uint32_t want[] = {0xb86e1317};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_TESSELLATE_UNKNOWN, u);
      assert_true(u.unknown == 0xb86e1317);
   }
}

/* "vdm stream terminate", Mesa struct "VDM Stream Terminate":
 * block_type: "Block Type" 29-31
 */
static void
test_vdm_stream_terminate(void **state)
{
   {
      uint8_t p[AGX_VDM_STREAM_TERMINATE_LENGTH];
      agx_pack(p, VDM_STREAM_TERMINATE, cfg) {
         cfg.block_type = 6;
      }
      static const uint32_t want[] = {
         0xc0000000, 0x00000000, 0x00000000, 0x00000000,
         0x00000000, 0x00000000, 0x00000000, 0x00000000,
      };
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, VDM_STREAM_TERMINATE, u);
      assert_true(u.block_type == 6);
   }
}

/* "cdm launch word 0", Mesa struct "CDM Launch Word 0":
 * uniforms: "Uniform register count" 1-3 groups(64)
 * texture_states: "Texture state register count" 4-8 groups(8)
 * sampler_states: "Sampler state register count" 9-11
 * preshader_gprs: "Preshader register count" 12-15 groups(16)
 * mode: "Mode" 27-28
 * block_type: "Block Type" 29-31
 */
static void
test_cdm_launch_word_0(void **state)
{
   {
      uint8_t p[AGX_CDM_LAUNCH_WORD_0_LENGTH];
      agx_pack(p, CDM_LAUNCH_WORD_0, cfg) {
         cfg.uniforms = 319;
         cfg.texture_states = 247;
         cfg.sampler_states = 7;
         cfg.preshader_gprs = 175;
         cfg.mode = 2;
         cfg.block_type = 3;
      }
      static const uint32_t want[] = {0x7000bffa};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CDM_LAUNCH_WORD_0, u);
      assert_true(u.uniforms == 320);
      assert_true(u.texture_states == 248);
      assert_true(u.sampler_states == 7);
      assert_true(u.preshader_gprs == 176);
      assert_true(u.mode == 2);
      assert_true(u.block_type == 3);
   }
}

/* "cdm launch word 1", Mesa struct "CDM Launch Word 1":
 * pipeline: "Pipeline" 6-31 shr(6)
 */
static void
test_cdm_launch_word_1(void **state)
{
   {
      uint8_t p[AGX_CDM_LAUNCH_WORD_1_LENGTH];
      agx_pack(p, CDM_LAUNCH_WORD_1, cfg) {
         cfg.pipeline = 0xa1af23c0;
      }
      static const uint32_t want[] = {0xa1af23c0};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CDM_LAUNCH_WORD_1, u);
      assert_true(u.pipeline == 0xa1af23c0);
   }
}

/* "cdm unk g14x", Mesa struct "CDM Unk G14X":
 * unknown_62: "Unknown 30" 62
 */
static void
test_cdm_unk_g14x(void **state)
{
   {
      uint8_t p[AGX_CDM_UNK_G14X_LENGTH];
      agx_pack(p, CDM_UNK_G14X, cfg) {
         cfg.unknown_62 = true;
      }
      static const uint32_t want[] = {0x00000000, 0x40000000};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CDM_UNK_G14X, u);
      assert_true(u.unknown_62 == true);
   }
}

/* "cdm indirect", Mesa struct "CDM Indirect":
 * address_hi: "Address hi" 0-7
 * address_lo: "Address lo" 34-63 shr(2)
 */
static void
test_cdm_indirect(void **state)
{
   {
      uint8_t p[AGX_CDM_INDIRECT_LENGTH];
      agx_pack(p, CDM_INDIRECT, cfg) {
         cfg.address_hi = 0x81;
         cfg.address_lo = 0x93cf481c;
      }
      static const uint32_t want[] = {0x00000081, 0x93cf481c};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CDM_INDIRECT, u);
      assert_true(u.address_hi == 0x81);
      assert_true(u.address_lo == 0x93cf481c);
   }
}

/* "cdm global size", Mesa struct "CDM Global size":
 * x: "X" 0-31
 * y: "Y" 32-63
 * z: "Z" 64-95
 */
static void
test_cdm_global_size(void **state)
{
   {
      uint8_t p[AGX_CDM_GLOBAL_SIZE_LENGTH];
      agx_pack(p, CDM_GLOBAL_SIZE, cfg) {
         cfg.x = 0xc5241ae5;
         cfg.y = 0xe4944677;
         cfg.z = 0xfe594e9b;
      }
      static const uint32_t want[] = {0xc5241ae5, 0xe4944677, 0xfe594e9b};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CDM_GLOBAL_SIZE, u);
      assert_true(u.x == 0xc5241ae5);
      assert_true(u.y == 0xe4944677);
      assert_true(u.z == 0xfe594e9b);
   }
}

/* "cdm local size", Mesa struct "CDM Local size":
 * x: "X" 0-31
 * y: "Y" 32-63
 * z: "Z" 64-95
 */
static void
test_cdm_local_size(void **state)
{
   {
      uint8_t p[AGX_CDM_LOCAL_SIZE_LENGTH];
      agx_pack(p, CDM_LOCAL_SIZE, cfg) {
         cfg.x = 0xeec72bdb;
         cfg.y = 0xc93c794d;
         cfg.z = 0xc4d797e9;
      }
      static const uint32_t want[] = {0xeec72bdb, 0xc93c794d, 0xc4d797e9};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CDM_LOCAL_SIZE, u);
      assert_true(u.x == 0xeec72bdb);
      assert_true(u.y == 0xc93c794d);
      assert_true(u.z == 0xc4d797e9);
   }
}

/* "cdm barrier", Mesa struct "CDM Barrier":
 * unk_0: "Unk 0" 0
 * unk_1: "Unk 1" 1
 * unk_2: "Unk 2" 2
 * usc_cache_inval: "USC cache inval" 3
 * unk_4: "Unk 4" 4
 * unk_5: "Unk 5" 5
 * unk_6: "Unk 6" 6
 * unk_7: "Unk 7" 7
 * unk_8: "Unk 8" 8
 * unk_9: "Unk 9" 9
 * unk_10: "Unk 10" 10
 * unk_11: "Unk 11" 11
 * unk_12: "Unk 12" 12
 * unk_13: "Unk 13" 13
 * unk_14: "Unk 14" 14
 * unk_15: "Unk 15" 15
 * unk_16: "Unk 16" 16
 * unk_17: "Unk 17" 17
 * unk_18: "Unk 18" 18
 * unk_19: "Unk 19" 19
 * unk_20: "Unk 20" 20
 * unk_24: "Unk 24" 24
 * unk_26: "Unk 26" 26
 * returns: "Returns" 27
 * block_type: "Block Type" 29-31
 */
static void
test_cdm_barrier(void **state)
{
   {
      uint8_t p[AGX_CDM_BARRIER_LENGTH];
      agx_pack(p, CDM_BARRIER, cfg) {
         cfg.unk_0 = true;
         cfg.unk_1 = true;
         cfg.unk_2 = true;
         cfg.usc_cache_inval = true;
         cfg.unk_4 = true;
         cfg.unk_5 = true;
         cfg.unk_6 = true;
         cfg.unk_7 = true;
         cfg.unk_8 = true;
         cfg.unk_9 = true;
         cfg.unk_10 = true;
         cfg.unk_11 = true;
         cfg.unk_12 = true;
         cfg.unk_13 = true;
         cfg.unk_14 = true;
         cfg.unk_15 = true;
         cfg.unk_16 = true;
         cfg.unk_17 = true;
         cfg.unk_18 = true;
         cfg.unk_19 = true;
         cfg.unk_20 = true;
         cfg.unk_24 = true;
         cfg.unk_26 = true;
         cfg.returns = true;
         cfg.block_type = 3;
      }
      static const uint32_t want[] = {0x6d1fffff};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CDM_BARRIER, u);
      assert_true(u.unk_0 == true);
      assert_true(u.unk_1 == true);
      assert_true(u.unk_2 == true);
      assert_true(u.usc_cache_inval == true);
      assert_true(u.unk_4 == true);
      assert_true(u.unk_5 == true);
      assert_true(u.unk_6 == true);
      assert_true(u.unk_7 == true);
      assert_true(u.unk_8 == true);
      assert_true(u.unk_9 == true);
      assert_true(u.unk_10 == true);
      assert_true(u.unk_11 == true);
      assert_true(u.unk_12 == true);
      assert_true(u.unk_13 == true);
      assert_true(u.unk_14 == true);
      assert_true(u.unk_15 == true);
      assert_true(u.unk_16 == true);
      assert_true(u.unk_17 == true);
      assert_true(u.unk_18 == true);
      assert_true(u.unk_19 == true);
      assert_true(u.unk_20 == true);
      assert_true(u.unk_24 == true);
      assert_true(u.unk_26 == true);
      assert_true(u.returns == true);
      assert_true(u.block_type == 3);
   }
}

/* "cdm stream link", Mesa struct "CDM Stream Link":
 * target_hi: "Target hi" 0-7
 * block_type: "Block Type" 29-31
 * target_lo: "Target lo" 32-63
 */
static void
test_cdm_stream_link(void **state)
{
   {
      uint8_t p[AGX_CDM_STREAM_LINK_LENGTH];
      agx_pack(p, CDM_STREAM_LINK, cfg) {
         cfg.target_hi = 0xbb;
         cfg.block_type = 3;
         cfg.target_lo = 0x87a351ab;
      }
      static const uint32_t want[] = {0x600000bb, 0x87a351ab};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CDM_STREAM_LINK, u);
      assert_true(u.target_hi == 0xbb);
      assert_true(u.block_type == 3);
      assert_true(u.target_lo == 0x87a351ab);
   }
}

/* "cdm stream terminate", Mesa struct "CDM Stream Terminate":
 * block_type: "Block Type" 29-31
 */
static void
test_cdm_stream_terminate(void **state)
{
   {
      uint8_t p[AGX_CDM_STREAM_TERMINATE_LENGTH];
      agx_pack(p, CDM_STREAM_TERMINATE, cfg) {
         cfg.block_type = 3;
      }
      static const uint32_t want[] = {0x60000000, 0x00000000};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, CDM_STREAM_TERMINATE, u);
      assert_true(u.block_type == 3);
   }
}

/* "zls control", Mesa struct "ZLS Control":
 * unknown_0: "Unknown 0" 0
 * unknown_1: "Unknown 1" 1
 * z_compress_1: "Z Compress 1" 2
 * unknown_3: "Unknown 3" 3
 * s_compress_1: "S Compress 1" 4
 * unknown_5: "Unknown 5" 5
 * z_compress_2: "Z Compress 2" 6
 * unknown_7: "Unknown 7" 7
 * s_compress_2: "S Compress 2" 8
 * s_load_enable: "S Load Enable" 14
 * z_load_enable: "Z Load Enable" 15
 * s_store_enable: "S Store Enable" 18
 * z_store_enable: "Z Store Enable" 19
 * z_format: "Z Format" 25-26
 * z_resolve: "Z Resolve" 56
 * s_resolve: "S Resolve" 58
 */
static void
test_zls_control(void **state)
{
   {
      uint8_t p[AGX_ZLS_CONTROL_LENGTH];
      agx_pack(p, ZLS_CONTROL, cfg) {
         cfg.unknown_0 = true;
         cfg.unknown_1 = true;
         cfg.z_compress_1 = true;
         cfg.unknown_3 = true;
         cfg.s_compress_1 = true;
         cfg.unknown_5 = true;
         cfg.z_compress_2 = true;
         cfg.unknown_7 = true;
         cfg.s_compress_2 = true;
         cfg.s_load_enable = true;
         cfg.z_load_enable = true;
         cfg.s_store_enable = true;
         cfg.z_store_enable = true;
         cfg.z_format = 2;
         cfg.z_resolve = true;
         cfg.s_resolve = true;
      }
      static const uint32_t want[] = {0x040cc1ff, 0x05000000};
      check_bytes(p, want, sizeof(p));
      agx_unpack(NULL, want, ZLS_CONTROL, u);
      assert_true(u.unknown_0 == true);
      assert_true(u.unknown_1 == true);
      assert_true(u.z_compress_1 == true);
      assert_true(u.unknown_3 == true);
      assert_true(u.s_compress_1 == true);
      assert_true(u.unknown_5 == true);
      assert_true(u.z_compress_2 == true);
      assert_true(u.unknown_7 == true);
      assert_true(u.s_compress_2 == true);
      assert_true(u.s_load_enable == true);
      assert_true(u.z_load_enable == true);
      assert_true(u.s_store_enable == true);
      assert_true(u.z_store_enable == true);
      assert_true(u.z_format == 2);
      assert_true(u.z_resolve == true);
      assert_true(u.s_resolve == true);
   }
}

/* Every enum value of cmdbuf.xml against the value Mesa gives the same
 * name (alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml). */
static void
test_enum_values(void **state)
{
   /* Mesa enum "Channel" */
   assert_int_equal(AGX_CHANNEL_R, 0);
   assert_int_equal(AGX_CHANNEL_G, 1);
   assert_int_equal(AGX_CHANNEL_B, 2);
   assert_int_equal(AGX_CHANNEL_A, 3);
   assert_int_equal(AGX_CHANNEL_1, 4);
   assert_int_equal(AGX_CHANNEL_0, 5);
   /* Mesa enum "ZS Func" */
   assert_int_equal(AGX_ZS_FUNC_NEVER, 0);
   assert_int_equal(AGX_ZS_FUNC_LESS, 1);
   assert_int_equal(AGX_ZS_FUNC_EQUAL, 2);
   assert_int_equal(AGX_ZS_FUNC_LEQUAL, 3);
   assert_int_equal(AGX_ZS_FUNC_GREATER, 4);
   assert_int_equal(AGX_ZS_FUNC_NOT_EQUAL, 5);
   assert_int_equal(AGX_ZS_FUNC_GEQUAL, 6);
   assert_int_equal(AGX_ZS_FUNC_ALWAYS, 7);
   /* Mesa enum "Compare func" */
   assert_int_equal(AGX_COMPARE_FUNC_LEQUAL, 0);
   assert_int_equal(AGX_COMPARE_FUNC_GEQUAL, 1);
   assert_int_equal(AGX_COMPARE_FUNC_LESS, 2);
   assert_int_equal(AGX_COMPARE_FUNC_GREATER, 3);
   assert_int_equal(AGX_COMPARE_FUNC_EQUAL, 4);
   assert_int_equal(AGX_COMPARE_FUNC_NOT_EQUAL, 5);
   assert_int_equal(AGX_COMPARE_FUNC_ALWAYS, 6);
   assert_int_equal(AGX_COMPARE_FUNC_NEVER, 7);
   /* Mesa enum "Stencil Op" */
   assert_int_equal(AGX_STENCIL_OP_KEEP, 0);
   assert_int_equal(AGX_STENCIL_OP_ZERO, 1);
   assert_int_equal(AGX_STENCIL_OP_REPLACE, 2);
   assert_int_equal(AGX_STENCIL_OP_INCR_SAT, 3);
   assert_int_equal(AGX_STENCIL_OP_DECR_SAT, 4);
   assert_int_equal(AGX_STENCIL_OP_INVERT, 5);
   assert_int_equal(AGX_STENCIL_OP_INCR_WRAP, 6);
   assert_int_equal(AGX_STENCIL_OP_DECR_WRAP, 7);
   /* Mesa enum "Visibility Mode" */
   assert_int_equal(AGX_VISIBILITY_MODE_NONE, 0);
   assert_int_equal(AGX_VISIBILITY_MODE_COUNTING, 2);
   assert_int_equal(AGX_VISIBILITY_MODE_BOOLEAN, 3);
   /* Mesa enum "Polygon Mode" */
   assert_int_equal(AGX_POLYGON_MODE_FILL, 0);
   assert_int_equal(AGX_POLYGON_MODE_LINE, 1);
   assert_int_equal(AGX_POLYGON_MODE_POINT, 2);
   /* Mesa enum "Primitive" */
   assert_int_equal(AGX_PRIMITIVE_POINTS, 0);
   assert_int_equal(AGX_PRIMITIVE_LINES, 1);
   assert_int_equal(AGX_PRIMITIVE_LINE_STRIP, 3);
   assert_int_equal(AGX_PRIMITIVE_LINE_LOOP, 5);
   assert_int_equal(AGX_PRIMITIVE_TRIANGLES, 6);
   assert_int_equal(AGX_PRIMITIVE_TRIANGLE_STRIP, 9);
   assert_int_equal(AGX_PRIMITIVE_TRIANGLE_FAN, 11);
   assert_int_equal(AGX_PRIMITIVE_QUADS, 14);
   assert_int_equal(AGX_PRIMITIVE_QUAD_STRIP, 15);
   /* Mesa enum "Object Type" */
   assert_int_equal(AGX_OBJECT_TYPE_TRIANGLE, 0);
   assert_int_equal(AGX_OBJECT_TYPE_LINE, 1);
   assert_int_equal(AGX_OBJECT_TYPE_POINT_SPRITE_UV10, 2);
   assert_int_equal(AGX_OBJECT_TYPE_POINT_SPRITE_UV01, 4);
   /* Mesa enum "Layout" */
   assert_int_equal(AGX_LAYOUT_LINEAR, 0);
   assert_int_equal(AGX_LAYOUT_NULL, 1);
   assert_int_equal(AGX_LAYOUT_TWIDDLED, 2);
   assert_int_equal(AGX_LAYOUT_COMPRESSED, 3);
   /* Mesa enum "Channels" */
   assert_int_equal(AGX_CHANNELS_R8, 0);
   assert_int_equal(AGX_CHANNELS_R16, 9);
   assert_int_equal(AGX_CHANNELS_R8G8, 10);
   assert_int_equal(AGX_CHANNELS_R5G6B5, 11);
   assert_int_equal(AGX_CHANNELS_R4G4B4A4, 12);
   assert_int_equal(AGX_CHANNELS_A1R5G5B5, 13);
   assert_int_equal(AGX_CHANNELS_R5G5B5A1, 14);
   assert_int_equal(AGX_CHANNELS_R32, 33);
   assert_int_equal(AGX_CHANNELS_R16G16, 35);
   assert_int_equal(AGX_CHANNELS_R11G11B10, 37);
   assert_int_equal(AGX_CHANNELS_R10G10B10A2, 38);
   assert_int_equal(AGX_CHANNELS_R9G9B9E5, 39);
   assert_int_equal(AGX_CHANNELS_R8G8B8A8, 40);
   assert_int_equal(AGX_CHANNELS_R32G32, 49);
   assert_int_equal(AGX_CHANNELS_R16G16B16A16, 50);
   assert_int_equal(AGX_CHANNELS_R32G32B32_EMULATED, 54);
   assert_int_equal(AGX_CHANNELS_R32G32B32A32, 56);
   assert_int_equal(AGX_CHANNELS_GBGR_422, 64);
   assert_int_equal(AGX_CHANNELS_BGRG_422, 65);
   assert_int_equal(AGX_CHANNELS_PVRTC_2BPP, 80);
   assert_int_equal(AGX_CHANNELS_PVRTC_4BPP, 81);
   assert_int_equal(AGX_CHANNELS_ETC2_RGB8, 88);
   assert_int_equal(AGX_CHANNELS_ETC2_RGBA8, 89);
   assert_int_equal(AGX_CHANNELS_ETC2_RGB8A1, 90);
   assert_int_equal(AGX_CHANNELS_EAC_R11, 91);
   assert_int_equal(AGX_CHANNELS_EAC_RG11, 92);
   assert_int_equal(AGX_CHANNELS_ASTC_4X4, 96);
   assert_int_equal(AGX_CHANNELS_ASTC_5X4, 97);
   assert_int_equal(AGX_CHANNELS_ASTC_5X5, 98);
   assert_int_equal(AGX_CHANNELS_ASTC_6X5, 99);
   assert_int_equal(AGX_CHANNELS_ASTC_6X6, 100);
   assert_int_equal(AGX_CHANNELS_ASTC_8X5, 101);
   assert_int_equal(AGX_CHANNELS_ASTC_8X6, 102);
   assert_int_equal(AGX_CHANNELS_ASTC_8X8, 103);
   assert_int_equal(AGX_CHANNELS_ASTC_10X5, 104);
   assert_int_equal(AGX_CHANNELS_ASTC_10X6, 105);
   assert_int_equal(AGX_CHANNELS_ASTC_10X8, 106);
   assert_int_equal(AGX_CHANNELS_ASTC_10X10, 107);
   assert_int_equal(AGX_CHANNELS_ASTC_12X10, 108);
   assert_int_equal(AGX_CHANNELS_ASTC_12X12, 109);
   assert_int_equal(AGX_CHANNELS_BC1, 116);
   assert_int_equal(AGX_CHANNELS_BC2, 117);
   assert_int_equal(AGX_CHANNELS_BC3, 118);
   assert_int_equal(AGX_CHANNELS_BC4, 119);
   assert_int_equal(AGX_CHANNELS_BC5, 120);
   assert_int_equal(AGX_CHANNELS_BC6H, 121);
   assert_int_equal(AGX_CHANNELS_BC6H_UFLOAT, 122);
   assert_int_equal(AGX_CHANNELS_BC7, 123);
   /* Mesa enum "Texture Type" */
   assert_int_equal(AGX_TEXTURE_TYPE_UNORM, 0);
   assert_int_equal(AGX_TEXTURE_TYPE_SNORM, 1);
   assert_int_equal(AGX_TEXTURE_TYPE_UINT, 2);
   assert_int_equal(AGX_TEXTURE_TYPE_SINT, 3);
   assert_int_equal(AGX_TEXTURE_TYPE_FLOAT, 4);
   assert_int_equal(AGX_TEXTURE_TYPE_XR, 5);
   /* Mesa enum "Shade model" */
   assert_int_equal(AGX_SHADE_MODEL_FLAT_VERTEX_0, 0);
   assert_int_equal(AGX_SHADE_MODEL_FLAT_VERTEX_2, 2);
   assert_int_equal(AGX_SHADE_MODEL_LINEAR, 3);
   assert_int_equal(AGX_SHADE_MODEL_FLAT_VERTEX_1, 6);
   assert_int_equal(AGX_SHADE_MODEL_PERSPECTIVE, 7);
   /* Mesa enum "Coefficient source" */
   assert_int_equal(AGX_COEFFICIENT_SOURCE_VARYING, 0);
   assert_int_equal(AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z, 1);
   assert_int_equal(AGX_COEFFICIENT_SOURCE_POINT_COORD, 2);
   assert_int_equal(AGX_COEFFICIENT_SOURCE_PRIMITIVE_ID, 3);
   assert_int_equal(AGX_COEFFICIENT_SOURCE_BARYCENTRIC_COORD, 5);
   /* Mesa enum "Texture dimension" */
   assert_int_equal(AGX_TEXTURE_DIMENSION_1D, 0);
   assert_int_equal(AGX_TEXTURE_DIMENSION_1D_ARRAY, 1);
   assert_int_equal(AGX_TEXTURE_DIMENSION_2D, 2);
   assert_int_equal(AGX_TEXTURE_DIMENSION_2D_ARRAY, 3);
   assert_int_equal(AGX_TEXTURE_DIMENSION_2D_MS, 4);
   assert_int_equal(AGX_TEXTURE_DIMENSION_3D, 5);
   assert_int_equal(AGX_TEXTURE_DIMENSION_CUBE, 6);
   assert_int_equal(AGX_TEXTURE_DIMENSION_CUBE_ARRAY, 7);
   assert_int_equal(AGX_TEXTURE_DIMENSION_2D_ARRAY_MS, 8);
   /* Mesa enum "Sample Count" */
   assert_int_equal(AGX_SAMPLE_COUNT_2, 0);
   assert_int_equal(AGX_SAMPLE_COUNT_4, 1);
   /* Mesa enum "Wrap" */
   assert_int_equal(AGX_WRAP_CLAMP_TO_EDGE, 0);
   assert_int_equal(AGX_WRAP_REPEAT, 1);
   assert_int_equal(AGX_WRAP_MIRRORED_REPEAT, 2);
   assert_int_equal(AGX_WRAP_CLAMP_TO_BORDER, 3);
   assert_int_equal(AGX_WRAP_CLAMP_GL, 4);
   assert_int_equal(AGX_WRAP_MIRRORED_CLAMP_TO_EDGE, 5);
   /* Mesa enum "Mip filter" */
   assert_int_equal(AGX_MIP_FILTER_NONE, 0);
   assert_int_equal(AGX_MIP_FILTER_NEAREST, 1);
   assert_int_equal(AGX_MIP_FILTER_LINEAR, 2);
   /* Mesa enum "Border colour" */
   assert_int_equal(AGX_BORDER_COLOUR_TRANSPARENT_BLACK, 0);
   assert_int_equal(AGX_BORDER_COLOUR_OPAQUE_BLACK, 1);
   assert_int_equal(AGX_BORDER_COLOUR_OPAQUE_WHITE, 2);
   assert_int_equal(AGX_BORDER_COLOUR_CUSTOM, 3);
   /* Mesa enum "Filter" */
   assert_int_equal(AGX_FILTER_NEAREST, 0);
   assert_int_equal(AGX_FILTER_LINEAR, 1);
   assert_int_equal(AGX_FILTER_BICUBIC, 2);
   /* Mesa enum "Sampler states" */
   assert_int_equal(AGX_SAMPLER_STATES_0, 0);
   assert_int_equal(AGX_SAMPLER_STATES_4_COMPACT, 1);
   assert_int_equal(AGX_SAMPLER_STATES_8_COMPACT, 2);
   assert_int_equal(AGX_SAMPLER_STATES_12_COMPACT, 3);
   assert_int_equal(AGX_SAMPLER_STATES_16_COMPACT, 4);
   assert_int_equal(AGX_SAMPLER_STATES_8_EXTENDED, 6);
   assert_int_equal(AGX_SAMPLER_STATES_16_EXTENDED, 7);
   /* Mesa enum "Conservative depth" */
   assert_int_equal(AGX_CONSERVATIVE_DEPTH_ANY, 0);
   assert_int_equal(AGX_CONSERVATIVE_DEPTH_GREATER, 1);
   assert_int_equal(AGX_CONSERVATIVE_DEPTH_LESS, 2);
   assert_int_equal(AGX_CONSERVATIVE_DEPTH_UNCHANGED, 3);
   /* Mesa enum "Pass type" */
   assert_int_equal(AGX_PASS_TYPE_OPAQUE, 0);
   assert_int_equal(AGX_PASS_TYPE_TRANSLUCENT, 1);
   assert_int_equal(AGX_PASS_TYPE_PUNCH_THROUGH, 2);
   assert_int_equal(AGX_PASS_TYPE_TRANSLUCENT_PUNCH_THROUGH, 3);
   /* Mesa enum "PPP Vertex" */
   assert_int_equal(AGX_PPP_VERTEX_0, 1);
   assert_int_equal(AGX_PPP_VERTEX_1, 2);
   assert_int_equal(AGX_PPP_VERTEX_2, 3);
   /* Mesa enum "USC Control" */
   assert_int_equal(AGX_USC_CONTROL_PRESHADER, 56);
   assert_int_equal(AGX_USC_CONTROL_FRAGMENT_PROPERTIES, 88);
   assert_int_equal(AGX_USC_CONTROL_NO_PRESHADER, 136);
   assert_int_equal(AGX_USC_CONTROL_SHADER, 13);
   assert_int_equal(AGX_USC_CONTROL_UNIFORM, 29);
   assert_int_equal(AGX_USC_CONTROL_UNIFORM_HIGH, 61);
   assert_int_equal(AGX_USC_CONTROL_SHARED, 77);
   assert_int_equal(AGX_USC_CONTROL_REGISTERS, 141);
   assert_int_equal(AGX_USC_CONTROL_SAMPLER, 157);
   assert_int_equal(AGX_USC_CONTROL_TEXTURE, 221);
   /* Mesa enum "Shared layout" */
   assert_int_equal(AGX_SHARED_LAYOUT_VERTEX_COMPUTE, 36);
   assert_int_equal(AGX_SHARED_LAYOUT_32X32, 47);
   assert_int_equal(AGX_SHARED_LAYOUT_32X16, 63);
   assert_int_equal(AGX_SHARED_LAYOUT_16X16, 54);
   /* Mesa enum "VDM Block Type" */
   assert_int_equal(AGX_VDM_BLOCK_TYPE_PPP_STATE_UPDATE, 0);
   assert_int_equal(AGX_VDM_BLOCK_TYPE_BARRIER, 1);
   assert_int_equal(AGX_VDM_BLOCK_TYPE_VDM_STATE_UPDATE, 2);
   assert_int_equal(AGX_VDM_BLOCK_TYPE_INDEX_LIST, 3);
   assert_int_equal(AGX_VDM_BLOCK_TYPE_STREAM_LINK, 4);
   assert_int_equal(AGX_VDM_BLOCK_TYPE_TESSELLATE, 5);
   assert_int_equal(AGX_VDM_BLOCK_TYPE_STREAM_TERMINATE, 6);
   /* Mesa enum "Index size" */
   assert_int_equal(AGX_INDEX_SIZE_U8, 0);
   assert_int_equal(AGX_INDEX_SIZE_U16, 1);
   assert_int_equal(AGX_INDEX_SIZE_U32, 2);
   /* Mesa enum "VDM Vertex" */
   assert_int_equal(AGX_VDM_VERTEX_0, 0);
   assert_int_equal(AGX_VDM_VERTEX_1, 1);
   assert_int_equal(AGX_VDM_VERTEX_2, 2);
   /* Mesa enum "Partition mode" */
   assert_int_equal(AGX_PARTITION_MODE_POW2, 0);
   assert_int_equal(AGX_PARTITION_MODE_INTEGER, 1);
   assert_int_equal(AGX_PARTITION_MODE_FRACTIONAL_ODD, 2);
   assert_int_equal(AGX_PARTITION_MODE_FRACTIONAL_EVEN, 3);
   /* Mesa enum "Step function" */
   assert_int_equal(AGX_STEP_FUNCTION_CONSTANT, 0);
   assert_int_equal(AGX_STEP_FUNCTION_PER_PATCH, 1);
   assert_int_equal(AGX_STEP_FUNCTION_PER_INSTANCE, 2);
   assert_int_equal(AGX_STEP_FUNCTION_PER_PATCH_AND_INSTANCE, 3);
   /* Mesa enum "Patch type" */
   assert_int_equal(AGX_PATCH_TYPE_TRIANGLES, 0);
   assert_int_equal(AGX_PATCH_TYPE_QUADS, 1);
   /* Mesa enum "Factor type" */
   assert_int_equal(AGX_FACTOR_TYPE_FP16, 0);
   assert_int_equal(AGX_FACTOR_TYPE_FP32, 1);
   /* Mesa enum "CDM Block Type" */
   assert_int_equal(AGX_CDM_BLOCK_TYPE_LAUNCH, 0);
   assert_int_equal(AGX_CDM_BLOCK_TYPE_STREAM_LINK, 1);
   assert_int_equal(AGX_CDM_BLOCK_TYPE_STREAM_TERMINATE, 2);
   assert_int_equal(AGX_CDM_BLOCK_TYPE_BARRIER, 3);
   /* Mesa enum "CDM Mode" */
   assert_int_equal(AGX_CDM_MODE_DIRECT, 0);
   assert_int_equal(AGX_CDM_MODE_INDIRECT_GLOBAL, 1);
   assert_int_equal(AGX_CDM_MODE_INDIRECT_LOCAL, 2);
   /* Mesa enum "ZLS Format" */
   assert_int_equal(AGX_ZLS_FORMAT_32F, 0);
   assert_int_equal(AGX_ZLS_FORMAT_16, 2);
}

static const struct CMUnitTest mesa_layout_tests[] = {
   cmocka_unit_test(test_enum_values),
   cmocka_unit_test(test_cf_binding_header),
   cmocka_unit_test(test_cf_binding),
   cmocka_unit_test(test_texture),
   cmocka_unit_test(test_pbe),
   cmocka_unit_test(test_sampler),
   cmocka_unit_test(test_border),
   cmocka_unit_test(test_scissor),
   cmocka_unit_test(test_depth_bias),
   cmocka_unit_test(test_counts),
   cmocka_unit_test(test_ppp_header),
   cmocka_unit_test(test_fragment_control),
   cmocka_unit_test(test_fragment_face),
   cmocka_unit_test(test_fragment_face_2),
   cmocka_unit_test(test_fragment_stencil),
   cmocka_unit_test(test_depth_bias_scissor),
   cmocka_unit_test(test_region_clip),
   cmocka_unit_test(test_viewport_control),
   cmocka_unit_test(test_viewport),
   cmocka_unit_test(test_w_clamp),
   cmocka_unit_test(test_output_select),
   cmocka_unit_test(test_varying_counts),
   cmocka_unit_test(test_varying_2),
   cmocka_unit_test(test_cull),
   cmocka_unit_test(test_cull_2),
   cmocka_unit_test(test_fragment_occlusion_query),
   cmocka_unit_test(test_fragment_occlusion_query_2),
   cmocka_unit_test(test_output_unknown),
   cmocka_unit_test(test_output_size),
   cmocka_unit_test(test_fragment_shader_word_0),
   cmocka_unit_test(test_fragment_shader_word_1),
   cmocka_unit_test(test_fragment_shader_word_2),
   cmocka_unit_test(test_fragment_shader_word_3),
   cmocka_unit_test(test_usc_uniform),
   cmocka_unit_test(test_usc_uniform_high),
   cmocka_unit_test(test_usc_texture),
   cmocka_unit_test(test_usc_sampler),
   cmocka_unit_test(test_usc_shared),
   cmocka_unit_test(test_usc_shader),
   cmocka_unit_test(test_usc_registers),
   cmocka_unit_test(test_usc_preshader),
   cmocka_unit_test(test_usc_no_preshader),
   cmocka_unit_test(test_usc_fragment_properties),
   cmocka_unit_test(test_ppp_state),
   cmocka_unit_test(test_vdm_barrier),
   cmocka_unit_test(test_vdm_state),
   cmocka_unit_test(test_vdm_state_restart_index),
   cmocka_unit_test(test_vdm_state_vs_word_0),
   cmocka_unit_test(test_vdm_state_vs_word_1),
   cmocka_unit_test(test_vdm_state_vertex_outputs),
   cmocka_unit_test(test_vdm_state_tessellation),
   cmocka_unit_test(test_vdm_state_tessellation_scale),
   cmocka_unit_test(test_vdm_state_vertex_unknown),
   cmocka_unit_test(test_index_list),
   cmocka_unit_test(test_index_list_buffer_lo),
   cmocka_unit_test(test_index_list_count),
   cmocka_unit_test(test_index_list_instances),
   cmocka_unit_test(test_index_list_start),
   cmocka_unit_test(test_index_list_unk_1),
   cmocka_unit_test(test_index_list_indirect_buffer),
   cmocka_unit_test(test_index_list_unk_2),
   cmocka_unit_test(test_index_list_buffer_size),
   cmocka_unit_test(test_vdm_stream_link),
   cmocka_unit_test(test_vdm_tessellate),
   cmocka_unit_test(test_vdm_tessellate_factor_buffer),
   cmocka_unit_test(test_vdm_tessellate_patch_count),
   cmocka_unit_test(test_vdm_tessellate_base_patch),
   cmocka_unit_test(test_vdm_tessellate_base_instance),
   cmocka_unit_test(test_vdm_tessellate_indirect),
   cmocka_unit_test(test_vdm_tessellate_unknown),
   cmocka_unit_test(test_vdm_stream_terminate),
   cmocka_unit_test(test_cdm_launch_word_0),
   cmocka_unit_test(test_cdm_launch_word_1),
   cmocka_unit_test(test_cdm_unk_g14x),
   cmocka_unit_test(test_cdm_indirect),
   cmocka_unit_test(test_cdm_global_size),
   cmocka_unit_test(test_cdm_local_size),
   cmocka_unit_test(test_cdm_barrier),
   cmocka_unit_test(test_cdm_stream_link),
   cmocka_unit_test(test_cdm_stream_terminate),
   cmocka_unit_test(test_zls_control),
};

int
main(void)
{
   return cmocka_run_group_tests(mesa_layout_tests, NULL, NULL);
}
