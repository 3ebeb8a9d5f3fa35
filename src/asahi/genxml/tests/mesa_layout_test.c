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

/* One pack of struct T: FIELDS(C, S, R) lists every field with its value,
 * C(field, value) for one read back as set from the unpacked words,
 * R(field, value, back) for one read back as `back` (a value the field
 * cannot store exactly, rounded), S(field, value) for one only set (an
 * alternative reading of bits checked in another case, given a value that
 * stores 0).  The packed bytes must be the words that follow. */
#define LAYOUT_SET(f, x) cfg.f = (x);
#define LAYOUT_SET_R(f, x, back) cfg.f = (x);
#define LAYOUT_CHECK(f, x) assert_true(u.f == (x));
#define LAYOUT_CHECK_R(f, x, back) assert_true(u.f == (back));
#define LAYOUT_SKIP(f, x)
#define LAYOUT_CASE(T, FIELDS, ...)                                            \
   do {                                                                        \
      static const uint32_t want[] = {__VA_ARGS__};                            \
      uint8_t p[AGX_##T##_LENGTH];                                             \
      agx_pack(p, T, cfg) {                                                    \
         FIELDS(LAYOUT_SET, LAYOUT_SET, LAYOUT_SET_R)                          \
      }                                                                        \
      check_bytes(p, want, sizeof(p));                                         \
      agx_unpack(NULL, want, T, u);                                            \
      FIELDS(LAYOUT_CHECK, LAYOUT_SKIP, LAYOUT_CHECK_R)                        \
   } while (0)

/* The field lists are tables, a few entries to a line. */
/* clang-format off */

/* "cf binding header", Mesa struct "CF binding header":
 * slots: "Number of 32-bit slots" 0-7
 * coefficient_registers: "Number of coefficient registers" 8-15
 */
#define CF_BINDING_HEADER_FIELDS(C, S, R)                                     \
   C(slots, 0xd3) C(coefficient_registers, 0xad)
static void
test_cf_binding_header(void **state)
{
   LAYOUT_CASE(CF_BINDING_HEADER, CF_BINDING_HEADER_FIELDS, 0x0000add3);
}

/* "cf binding", Mesa struct "CF binding":
 * components: "Components" 0-1 minus(1)
 * shade_model: "Shade model" 2-4
 * source: "Source" 5-7
 * base_slot: "Base slot" 8-15
 * base_cf: "Base coefficient register" 16-23
 */
#define CF_BINDING_FIELDS(C, S, R)                                            \
   C(components, 0x4) C(shade_model, 7) C(source, 5) C(base_slot, 0x8b)       \
   C(base_cf, 0xad)
static void
test_cf_binding(void **state)
{
   LAYOUT_CASE(CF_BINDING, CF_BINDING_FIELDS, 0x00ad8bbf);
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
#define TEXTURE_CASE_0(C, S, R)                                               \
   C(dimension, 8) C(layout, 3) C(channels, 123) C(type, 5) C(swizzle_r, 5)   \
   C(swizzle_g, 5) C(swizzle_b, 5) C(swizzle_a, 5) C(width, 0x3c4a)           \
   C(height, 0x2a6a) C(first_level, 0xd) C(last_level, 0xf) C(samples, 1)     \
   C(address, 0xc6caf76a50ull) C(unk_mipmapped, true) C(compressed_1, true)   \
   C(null, true) C(compression, 0x3) C(srgb, true) C(srgb_2_channel, true)    \
   C(stride, 0x246310) S(depth, 0x1) S(page_aligned_layers, false)            \
   S(extended, false) C(acceleration_buffer, 0x93678d73f0c99310ull)           \
   S(depth_linear, 0x1) S(layer_stride_linear, 0x0) S(buffer_size_sw, 0x0)    \
   S(buffer_offset_sw, 0x0)
#define TEXTURE_CASE_1(C, S, R)                                               \
   S(dimension, 0) S(layout, 0) S(channels, 0) S(type, 0) S(swizzle_r, 0)     \
   S(swizzle_g, 0) S(swizzle_b, 0) S(swizzle_a, 0) S(width, 0x1)              \
   S(height, 0x1) S(first_level, 0x0) S(last_level, 0x0) S(samples, 0)        \
   S(address, 0x0) S(unk_mipmapped, false) S(compressed_1, false)             \
   S(null, false) S(compression, 0x0) S(srgb, false)                          \
   S(srgb_2_channel, false) S(stride, 0x0) C(depth, 0x3328)                   \
   C(page_aligned_layers, true) C(extended, true)                             \
   S(acceleration_buffer, 0x0) C(depth_linear, 0x5ce)                         \
   C(layer_stride_linear, 0x201126380ull) S(buffer_size_sw, 0x0)              \
   S(buffer_offset_sw, 0x0)
#define TEXTURE_CASE_2(C, S, R)                                               \
   S(dimension, 0) S(layout, 0) S(channels, 0) S(type, 0) S(swizzle_r, 0)     \
   S(swizzle_g, 0) S(swizzle_b, 0) S(swizzle_a, 0) S(width, 0x1)              \
   S(height, 0x1) S(first_level, 0x0) S(last_level, 0x0) S(samples, 0)        \
   S(address, 0x0) S(unk_mipmapped, false) S(compressed_1, false)             \
   S(null, false) S(compression, 0x0) S(srgb, false)                          \
   S(srgb_2_channel, false) S(stride, 0x0) S(depth, 0x1)                      \
   S(page_aligned_layers, false) S(extended, false)                           \
   S(acceleration_buffer, 0x0) S(depth_linear, 0x1)                           \
   S(layer_stride_linear, 0x0) C(buffer_size_sw, 0x9561a0d1)                  \
   C(buffer_offset_sw, 0x8fcc69d7)
static void
test_texture(void **state)
{
   LAYOUT_CASE(TEXTURE, TEXTURE_CASE_0, 0x9b6dbef8, 0xfda9a7c4, 0xb2bdda95,
                                        0x918c7ef1, 0x3f0c9931, 0x093678d7);
   LAYOUT_CASE(TEXTURE, TEXTURE_CASE_1, 0x00000000, 0x00000000, 0x00000000,
                                        0xccc9c000, 0x11263dcd, 0x00000020);
   LAYOUT_CASE(TEXTURE, TEXTURE_CASE_2, 0x00000000, 0x00000000, 0x00000000,
                                        0x00000000, 0x9561a0d1, 0x8fcc69d7);
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
#define PBE_CASE_0(C, S, R)                                                   \
   C(dimension, 8) C(layout, 3) C(channels, 123) C(type, 5) C(swizzle_r, 3)   \
   C(swizzle_g, 3) C(swizzle_b, 3) C(swizzle_a, 3) C(width, 0x21be)           \
   C(height, 0x306c) C(unk_52, true) C(rotate_90, true)                       \
   C(flip_vertical, true) C(samples, 1) C(unk_mipmapped, true)                \
   C(compressed_1, true) C(buffer, 0xfca8fbe350ull) C(level, 0xf)             \
   C(levels, 0xc) C(layers, 0x22c0) S(stride, 0x0)                            \
   C(page_aligned_layers, true) C(srgb, true) C(extended, true)               \
   C(acceleration_buffer, 0xf9da0bfe81696a70ull) S(depth_linear, 0x1)         \
   S(layer_stride_linear, 0x0) S(level_offset_sw, 0x0)                        \
   S(aligned_width_msaa_sw, 0x0) S(tile_width_sw, 0x1)                        \
   S(tile_height_sw, 0x1) S(layer_stride_sw, 0x0)                             \
   C(sample_count_log2_sw, 0x3) S(buffer_offset_sw, 0x0)
#define PBE_CASE_1(C, S, R)                                                   \
   S(dimension, 0) S(layout, 0) S(channels, 0) S(type, 0) S(swizzle_r, 0)     \
   S(swizzle_g, 0) S(swizzle_b, 0) S(swizzle_a, 0) S(width, 0x1)              \
   S(height, 0x1) S(unk_52, false) S(rotate_90, false)                        \
   S(flip_vertical, false) S(samples, 0) S(unk_mipmapped, false)              \
   S(compressed_1, false) S(buffer, 0x0) S(level, 0x0) S(levels, 0x1)         \
   S(layers, 0x1) C(stride, 0x12df8b) S(page_aligned_layers, false)           \
   S(srgb, false) S(extended, false) S(acceleration_buffer, 0x0)              \
   C(depth_linear, 0x602) C(layer_stride_linear, 0x24a4e4980ull)              \
   S(level_offset_sw, 0x0) S(aligned_width_msaa_sw, 0x0)                      \
   S(tile_width_sw, 0x1) S(tile_height_sw, 0x1) S(layer_stride_sw, 0x0)       \
   S(sample_count_log2_sw, 0x0) S(buffer_offset_sw, 0x0)
#define PBE_CASE_2(C, S, R)                                                   \
   S(dimension, 0) S(layout, 0) S(channels, 0) S(type, 0) S(swizzle_r, 0)     \
   S(swizzle_g, 0) S(swizzle_b, 0) S(swizzle_a, 0) S(width, 0x1)              \
   S(height, 0x1) S(unk_52, false) S(rotate_90, false)                        \
   S(flip_vertical, false) S(samples, 0) S(unk_mipmapped, false)              \
   S(compressed_1, false) S(buffer, 0x0) S(level, 0x0) S(levels, 0x1)         \
   S(layers, 0x1) S(stride, 0x0) S(page_aligned_layers, false)                \
   S(srgb, false) S(extended, false) S(acceleration_buffer, 0x0)              \
   S(depth_linear, 0x1) S(layer_stride_linear, 0x0)                           \
   C(level_offset_sw, 0x24d758f80ull) S(aligned_width_msaa_sw, 0x0)           \
   C(tile_width_sw, 0x80) C(tile_height_sw, 0x80)                             \
   C(layer_stride_sw, 0x350a7f180ull) S(sample_count_log2_sw, 0x0)            \
   S(buffer_offset_sw, 0x0)
#define PBE_CASE_3(C, S, R)                                                   \
   S(dimension, 0) S(layout, 0) S(channels, 0) S(type, 0) S(swizzle_r, 0)     \
   S(swizzle_g, 0) S(swizzle_b, 0) S(swizzle_a, 0) S(width, 0x1)              \
   S(height, 0x1) S(unk_52, false) S(rotate_90, false)                        \
   S(flip_vertical, false) S(samples, 0) S(unk_mipmapped, false)              \
   S(compressed_1, false) S(buffer, 0x0) S(level, 0x0) S(levels, 0x1)         \
   S(layers, 0x1) S(stride, 0x0) S(page_aligned_layers, false)                \
   S(srgb, false) S(extended, false) S(acceleration_buffer, 0x0)              \
   S(depth_linear, 0x1) S(layer_stride_linear, 0x0) S(level_offset_sw, 0x0)   \
   C(aligned_width_msaa_sw, 0x5275) S(tile_width_sw, 0x1)                     \
   S(tile_height_sw, 0x1) S(layer_stride_sw, 0x0)                             \
   S(sample_count_log2_sw, 0x0) S(buffer_offset_sw, 0x0)
#define PBE_CASE_4(C, S, R)                                                   \
   S(dimension, 0) S(layout, 0) S(channels, 0) S(type, 0) S(swizzle_r, 0)     \
   S(swizzle_g, 0) S(swizzle_b, 0) S(swizzle_a, 0) S(width, 0x1)              \
   S(height, 0x1) S(unk_52, false) S(rotate_90, false)                        \
   S(flip_vertical, false) S(samples, 0) S(unk_mipmapped, false)              \
   S(compressed_1, false) S(buffer, 0x0) S(level, 0x0) S(levels, 0x1)         \
   S(layers, 0x1) S(stride, 0x0) S(page_aligned_layers, false)                \
   S(srgb, false) S(extended, false) S(acceleration_buffer, 0x0)              \
   S(depth_linear, 0x1) S(layer_stride_linear, 0x0) S(level_offset_sw, 0x0)   \
   S(aligned_width_msaa_sw, 0x0) S(tile_width_sw, 0x1)                        \
   S(tile_height_sw, 0x1) S(layer_stride_sw, 0x0)                             \
   S(sample_count_log2_sw, 0x0) C(buffer_offset_sw, 0xa9ea3a7b)
static void
test_pbe(void **state)
{
   LAYOUT_CASE(PBE, PBE_CASE_0, 0xbdffbef8, 0x0d7c1ae1, 0xca8fbe35,
                                0xb22bfbff, 0xe81696a7, 0x3f9da0bf);
   LAYOUT_CASE(PBE, PBE_CASE_1, 0x00000000, 0x00000000, 0x00000000,
                                0x12df8b00, 0xa4e49e01, 0x00000024);
   LAYOUT_CASE(PBE, PBE_CASE_2, 0x00000000, 0x00000000, 0x00000000,
                                0x00000000, 0xfc9aeb1f, 0x0d429fc7);
   LAYOUT_CASE(PBE, PBE_CASE_3, 0x00000000, 0x00000000, 0x00000000,
                                0x00000000, 0x00005275, 0x00000000);
   LAYOUT_CASE(PBE, PBE_CASE_4, 0x00000000, 0x00000000, 0x00000000,
                                0x00000000, 0xa9ea3a7b, 0x00000000);
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
#define SAMPLER_FIELDS(C, S, R)                                               \
   C(min_lod, 8.796875f) C(max_lod, 5.171875f) C(max_anisotropy, 0x80)        \
   C(mag_filter, 2) C(min_filter, 2) C(mip_filter, 2) C(wrap_s, 5)            \
   C(wrap_t, 5) C(wrap_r, 5) C(pixel_coordinates, true) C(compare_func, 7)    \
   C(compare_enable, true) C(border_colour, 3) C(seamful_cube_maps, true)
static void
test_sampler(void **state)
{
   LAYOUT_CASE(SAMPLER, SAMPLER_FIELDS, 0xb5752e33, 0x038007ed);
}

/* "border", Mesa struct "Border":
 * channel_0: "Channel 0" 0-31
 * channel_1: "Channel 1" 32-63
 * channel_2: "Channel 2" 64-95
 * channel_3: "Channel 3" 96-127
 */
#define BORDER_FIELDS(C, S, R)                                                \
   C(channel_0, 0x9354d0e3) C(channel_1, 0xa3cc390d)                          \
   C(channel_2, 0x811008b7) C(channel_3, 0xd5d0c57b)
static void
test_border(void **state)
{
   LAYOUT_CASE(BORDER, BORDER_FIELDS, 0x9354d0e3, 0xa3cc390d, 0x811008b7,
                                      0xd5d0c57b);
}

/* "scissor", Mesa struct "Scissor":
 * max_x: "Max X" 0-15
 * min_x: "Min X" 16-31
 * max_y: "Max Y" 32-47
 * min_y: "Min Y" 48-63
 * min_z: "Min Z" 64-95
 * max_z: "Max Z" 96-127
 */
#define SCISSOR_FIELDS(C, S, R)                                               \
   C(max_x, 0x87c1) C(min_x, 0xcd1d) C(max_y, 0x8b41) C(min_y, 0xa6e1)        \
   C(min_z, 496.375f) C(max_z, -400.875f)
static void
test_scissor(void **state)
{
   LAYOUT_CASE(SCISSOR, SCISSOR_FIELDS, 0xcd1d87c1, 0xa6e18b41, 0x43f83000,
                                        0xc3c87000);
}

/* "depth bias", Mesa struct "Depth bias":
 * constant: "Depth bias" 0-31
 * slope_scale: "Slope scale" 32-63
 * clamp: "Clamp" 64-95
 */
#define DEPTH_BIAS_FIELDS(C, S, R)                                            \
   C(constant, -206.5f) C(slope_scale, -107.375f) C(clamp, 407.625f)
static void
test_depth_bias(void **state)
{
   LAYOUT_CASE(DEPTH_BIAS, DEPTH_BIAS_FIELDS, 0xc34e8000, 0xc2d6c000,
                                              0x43cbd000);
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
#define COUNTS_CASE_0(C, S, R)                                                \
   C(unknown_0, 0x1) R(uniforms, 447, 448) R(texture_states, 167, 168)        \
   C(sampler_states, 7) R(preshader_gprs, 175, 176) C(cf_bindings, 0x6b)      \
   S(unknown, 0x0)
#define COUNTS_CASE_1(C, S, R)                                                \
   S(unknown_0, 0x0) S(uniforms, 512) S(texture_states, 256)                  \
   S(sampler_states, 0) S(preshader_gprs, 256) S(cf_bindings, 0x0)            \
   C(unknown, 0xd81d)
static void
test_counts(void **state)
{
   LAYOUT_CASE(COUNTS, COUNTS_CASE_0, 0x006bbf5f);
   LAYOUT_CASE(COUNTS, COUNTS_CASE_1, 0xd81d0000);
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
#define PPP_HEADER_FIELDS(C, S, R)                                            \
   C(fragment_control, true) C(fragment_control_2, true) C(front_face, true)  \
   C(front_face_2, true) C(front_stencil, true) C(back_face, true)            \
   C(back_face_2, true) C(back_stencil, true) C(depth_bias_scissor, true)     \
   C(region_clip, true) C(viewport, true) C(viewport_count, 0x10)             \
   C(w_clamp, true) C(output_select, true) C(varying_counts_32, true)         \
   C(varying_counts_16, true) C(cull, true) C(cull_2, true)                   \
   C(fragment_shader, true) C(occlusion_query, true)                          \
   C(occlusion_query_2, true) C(output_unknown, true) C(output_size, true)    \
   C(varying_word_2, true)
static void
test_ppp_header(void **state)
{
   LAYOUT_CASE(PPP_HEADER, PPP_HEADER_FIELDS, 0x1feffdff);
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
#define FRAGMENT_CONTROL_FIELDS(C, S, R)                                      \
   C(unk_9, true) C(visibility_mode, 3) C(scissor_enable, true)               \
   C(depth_bias_enable, true) C(stencil_test_enable, true)                    \
   C(two_sided_stencil, true) C(tag_write_disable, true)                      \
   C(sample_mask_after_depth_stencil, true) C(disable_tri_merging, true)      \
   C(pass_type, 3)
static void
test_fragment_control(void **state)
{
   LAYOUT_CASE(FRAGMENT_CONTROL, FRAGMENT_CONTROL_FIELDS, 0x662fc200);
}

/* "fragment face", Mesa struct "Fragment face":
 * stencil_reference: "Stencil reference" 0-7
 * line_width: "Line width" 8-15
 * polygon_mode: "Polygon mode" 18-19
 * disable_depth_write: "Disable depth write" 21
 * unk_visibility: "Unk - visibility test internal" 22-23
 * depth_function: "Depth function" 24-26
 */
#define FRAGMENT_FACE_FIELDS(C, S, R)                                         \
   C(stencil_reference, 0xb1) C(line_width, 0xbd) C(polygon_mode, 2)          \
   C(disable_depth_write, true) C(unk_visibility, 0x3) C(depth_function, 7)
static void
test_fragment_face(void **state)
{
   LAYOUT_CASE(FRAGMENT_FACE, FRAGMENT_FACE_FIELDS, 0x07e8bdb1);
}

/* "fragment face 2", Mesa struct "Fragment face 2":
 * disable_depth_write: "Disable depth write" 21
 * conservative_depth: "Conservative depth" 22-23
 * depth_function: "Depth function" 24-26
 * object_type: "Object type" 28-31
 */
#define FRAGMENT_FACE_2_FIELDS(C, S, R)                                       \
   C(disable_depth_write, true) C(conservative_depth, 3)                      \
   C(depth_function, 7) C(object_type, 4)
static void
test_fragment_face_2(void **state)
{
   LAYOUT_CASE(FRAGMENT_FACE_2, FRAGMENT_FACE_2_FIELDS, 0x47e00000);
}

/* "fragment stencil", Mesa struct "Fragment stencil":
 * write_mask: "Write mask" 0-7
 * read_mask: "Read mask" 8-15
 * depth_pass: "Depth pass" 16-18
 * depth_fail: "Depth fail" 19-21
 * stencil_fail: "Stencil fail" 22-24
 * compare: "Compare" 25-27
 */
#define FRAGMENT_STENCIL_FIELDS(C, S, R)                                      \
   C(write_mask, 0xef) C(read_mask, 0xef) C(depth_pass, 7) C(depth_fail, 7)   \
   C(stencil_fail, 7) C(compare, 7)
static void
test_fragment_stencil(void **state)
{
   LAYOUT_CASE(FRAGMENT_STENCIL, FRAGMENT_STENCIL_FIELDS, 0x0fffefef);
}

/* "depth bias scissor", Mesa struct "Depth bias/Scissor":
 * scissor: "Scissor" 0-15
 * depth_bias: "Depth bias" 16-31
 */
#define DEPTH_BIAS_SCISSOR_FIELDS(C, S, R)                                    \
   C(scissor, 0x883b) C(depth_bias, 0xfb9f)
static void
test_depth_bias_scissor(void **state)
{
   LAYOUT_CASE(DEPTH_BIAS_SCISSOR, DEPTH_BIAS_SCISSOR_FIELDS, 0xfb9f883b);
}

/* "region clip", Mesa struct "Region clip":
 * max_x: "Max X" 0-8 minus(1)
 * min_x: "Min X" 16-24
 * enable: "Enable" 31
 * max_y: "Max Y" 32-40 minus(1)
 * min_y: "Min Y" 48-56
 */
#define REGION_CLIP_FIELDS(C, S, R)                                           \
   C(max_x, 0x184) C(min_x, 0x1dd) C(enable, true) C(max_y, 0x1d4)            \
   C(min_y, 0x125)
static void
test_region_clip(void **state)
{
   LAYOUT_CASE(REGION_CLIP, REGION_CLIP_FIELDS, 0x81dd0183, 0x012501d3);
}

/* "viewport control", Mesa struct "Viewport control":
 * unknown: not in Mesa; our reading of bits 0-31
 */
#define VIEWPORT_CONTROL_FIELDS(C, S, R)                                      \
   C(unknown, 0xc1286e4f)
static void
test_viewport_control(void **state)
{
   LAYOUT_CASE(VIEWPORT_CONTROL, VIEWPORT_CONTROL_FIELDS, 0xc1286e4f);
}

/* "viewport", Mesa struct "Viewport":
 * translate_x: "Translate X" 0-31
 * scale_x: "Scale X" 32-63
 * translate_y: "Translate Y" 64-95
 * scale_y: "Scale Y" 96-127
 * translate_z: "Translate Z" 128-159
 * scale_z: "Scale Z" 160-191
 */
#define VIEWPORT_FIELDS(C, S, R)                                              \
   C(translate_x, 17.375f) C(scale_x, -110.125f) C(translate_y, -253.25f)     \
   C(scale_y, 376.625f) C(translate_z, -18.0f) C(scale_z, -197.25f)
static void
test_viewport(void **state)
{
   LAYOUT_CASE(VIEWPORT, VIEWPORT_FIELDS, 0x418b0000, 0xc2dc4000,
                                          0xc37d4000, 0x43bc5000,
                                          0xc1900000, 0xc3454000);
}

/* "w clamp", Mesa struct "W Clamp":
 * min_w: "W Clamp" 0-31
 */
#define W_CLAMP_FIELDS(C, S, R)                                               \
   C(min_w, -298.625f)
static void
test_w_clamp(void **state)
{
   LAYOUT_CASE(W_CLAMP, W_CLAMP_FIELDS, 0xc3955000);
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
#define OUTPUT_SELECT_FIELDS(C, S, R)                                         \
   C(clip_distance_0, true) C(clip_distance_1, true)                          \
   C(clip_distance_2, true) C(clip_distance_3, true)                          \
   C(clip_distance_4, true) C(clip_distance_5, true)                          \
   C(clip_distance_6, true) C(clip_distance_7, true)                          \
   C(clip_distance_8, true) C(clip_distance_9, true)                          \
   C(clip_distance_10, true) C(clip_distance_11, true)                        \
   C(clip_distance_12, true) C(clip_distance_13, true)                        \
   C(clip_distance_14, true) C(clip_distance_15, true) C(varyings, true)      \
   C(point_size, true) C(viewport_target, true) C(render_target, true)        \
   C(frag_coord_z, true) C(barycentric_coordinates, true)
static void
test_output_select(void **state)
{
   LAYOUT_CASE(OUTPUT_SELECT, OUTPUT_SELECT_FIELDS, 0x007dffff);
}

/* "varying counts", Mesa struct "Varying Counts":
 * smooth: "Smooth" 0-7
 * flat: "Flat" 8-15
 * linear: "Linear" 16-23
 */
#define VARYING_COUNTS_FIELDS(C, S, R)                                        \
   C(smooth, 0x97) C(flat, 0x83) C(linear, 0x97)
static void
test_varying_counts(void **state)
{
   LAYOUT_CASE(VARYING_COUNTS, VARYING_COUNTS_FIELDS, 0x00978397);
}

/* "varying 2", Mesa struct "Varying 2":
 * unknown_0: not in Mesa; our reading of bits 0-31
 * unknown_1: not in Mesa; our reading of bits 32-63
 */
#define VARYING_2_FIELDS(C, S, R)                                             \
   C(unknown_0, 0xa38c7823) C(unknown_1, 0xd757a0a7)
static void
test_varying_2(void **state)
{
   LAYOUT_CASE(VARYING_2, VARYING_2_FIELDS, 0xa38c7823, 0xd757a0a7);
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
#define CULL_FIELDS(C, S, R)                                                  \
   C(cull_front, true) C(cull_back, true) C(flat_shading_vertex, 3)           \
   C(depth_clip, true) C(depth_clamp, true) C(primitive_msaa, true)           \
   C(front_face_ccw, true) C(rasterizer_discard, true)
static void
test_cull(void **state)
{
   LAYOUT_CASE(CULL, CULL_FIELDS, 0x00038d83);
}

/* "cull 2", Mesa struct "Cull 2":
 * unknown_5: "Unknown 5" 5
 * draw_clipped_edges: "Draw clipped edges" 9
 * needs_primitive_id: "Needs Primitive ID" 12
 * rasterizer_discard: "Rasterizer discard" 17
 */
#define CULL_2_FIELDS(C, S, R)                                                \
   C(unknown_5, true) C(draw_clipped_edges, true)                             \
   C(needs_primitive_id, true) C(rasterizer_discard, true)
static void
test_cull_2(void **state)
{
   LAYOUT_CASE(CULL_2, CULL_2_FIELDS, 0x00021220);
}

/* "fragment occlusion query", Mesa struct "Fragment occlusion query":
 * index: "Index" 17-31
 */
#define FRAGMENT_OCCLUSION_QUERY_FIELDS(C, S, R)                              \
   C(index, 0x632b)
static void
test_fragment_occlusion_query(void **state)
{
   LAYOUT_CASE(FRAGMENT_OCCLUSION_QUERY, FRAGMENT_OCCLUSION_QUERY_FIELDS,
               0xc6560000);
}

/* "fragment occlusion query 2", Mesa struct "Fragment occlusion query 2":
 * unknown: "Unknown" 0-16
 */
#define FRAGMENT_OCCLUSION_QUERY_2_FIELDS(C, S, R)                            \
   C(unknown, 0x17a95)
static void
test_fragment_occlusion_query_2(void **state)
{
   LAYOUT_CASE(FRAGMENT_OCCLUSION_QUERY_2, FRAGMENT_OCCLUSION_QUERY_2_FIELDS,
               0x00017a95);
}

/* "output unknown", Mesa struct "Output Unknown":
 * unknown: not in Mesa; our reading of bits 0-31
 */
#define OUTPUT_UNKNOWN_FIELDS(C, S, R)                                        \
   C(unknown, 0xaff0c3d1)
static void
test_output_unknown(void **state)
{
   LAYOUT_CASE(OUTPUT_UNKNOWN, OUTPUT_UNKNOWN_FIELDS, 0xaff0c3d1);
}

/* "output size", Mesa struct "Output Size":
 * count: "Count" 0-31
 */
#define OUTPUT_SIZE_FIELDS(C, S, R)                                           \
   C(count, 0xc28ec595)
static void
test_output_size(void **state)
{
   LAYOUT_CASE(OUTPUT_SIZE, OUTPUT_SIZE_FIELDS, 0xc28ec595);
}

/* "fragment shader word 0", Mesa struct "Fragment Shader Word 0":
 * unknown_0: "Unknown 0" 0
 * uniforms: "Uniform register count" 1-3 groups(64)
 * texture_states: "Texture state register count" 4-8 groups(8)
 * sampler_states: "Sampler state register count" 9-11
 * preshader_gprs: "Preshader register count" 12-15 groups(16)
 * cf_bindings: "CF binding count" 16-22
 */
#define FRAGMENT_SHADER_WORD_0_FIELDS(C, S, R)                                \
   C(unknown_0, 0x1) R(uniforms, 447, 448) R(texture_states, 135, 136)        \
   C(sampler_states, 7) R(preshader_gprs, 239, 240) C(cf_bindings, 0x49)
static void
test_fragment_shader_word_0(void **state)
{
   LAYOUT_CASE(FRAGMENT_SHADER_WORD_0, FRAGMENT_SHADER_WORD_0_FIELDS,
               0x0049ff1f);
}

/* "fragment shader word 1", Mesa struct "Fragment Shader Word 1":
 * unknown_0: "Unknown 1:0" 0-1
 * pipeline: "Pipeline" 6-31 shr(6)
 */
#define FRAGMENT_SHADER_WORD_1_FIELDS(C, S, R)                                \
   C(unknown_0, 0x3) C(pipeline, 0x88c276c0)
static void
test_fragment_shader_word_1(void **state)
{
   LAYOUT_CASE(FRAGMENT_SHADER_WORD_1, FRAGMENT_SHADER_WORD_1_FIELDS,
               0x88c276c3);
}

/* "fragment shader word 2", Mesa struct "Fragment Shader Word 2":
 * cf_bindings: "CF bindings" 2-31 shr(2)
 */
#define FRAGMENT_SHADER_WORD_2_FIELDS(C, S, R)                                \
   C(cf_bindings, 0xf0961e14)
static void
test_fragment_shader_word_2(void **state)
{
   LAYOUT_CASE(FRAGMENT_SHADER_WORD_2, FRAGMENT_SHADER_WORD_2_FIELDS,
               0xf0961e14);
}

/* "fragment shader word 3", Mesa struct "Fragment Shader Word 3":
 * unknown: "Unknown" 0-3
 */
#define FRAGMENT_SHADER_WORD_3_FIELDS(C, S, R)                                \
   C(unknown, 0xf)
static void
test_fragment_shader_word_3(void **state)
{
   LAYOUT_CASE(FRAGMENT_SHADER_WORD_3, FRAGMENT_SHADER_WORD_3_FIELDS,
               0x0000000f);
}

/* "usc uniform", Mesa struct "USC Uniform":
 * tag: "Tag" 0-7
 * start: "Start (halfs)" 8-15
 * size: "Size (halfs)" 20-25 groups(1)
 * buffer: "Buffer" 26-63 shr(2)
 */
#define USC_UNIFORM_FIELDS(C, S, R)                                           \
   C(tag, 221) C(start, 0x81) C(size, 53) C(buffer, 0xc9dd11dd54ull)
static void
test_usc_uniform(void **state)
{
   LAYOUT_CASE(USC_UNIFORM, USC_UNIFORM_FIELDS, 0x575081dd, 0xc9dd11dd);
}

/* "usc uniform high", Mesa struct "USC Uniform High":
 * tag: "Tag" 0-7
 * start: "Start (halfs)" 8-15
 * size: "Size (halfs)" 20-25 groups(1)
 * buffer: "Buffer" 26-63 shr(2)
 */
#define USC_UNIFORM_HIGH_FIELDS(C, S, R)                                      \
   C(tag, 221) C(start, 0xf9) C(size, 57) C(buffer, 0xccc7b6eb24ull)
static void
test_usc_uniform_high(void **state)
{
   LAYOUT_CASE(USC_UNIFORM_HIGH, USC_UNIFORM_HIGH_FIELDS, 0x2790f9dd,
                                                          0xccc7b6eb);
}

/* "usc texture", Mesa struct "USC Texture":
 * tag: "Tag" 0-7
 * start: "Start" 8-15
 * count: "Count" 20-26
 * buffer: "Buffer" 27-62 shr(3)
 */
#define USC_TEXTURE_FIELDS(C, S, R)                                           \
   C(tag, 221) C(start, 0xb9) C(count, 0x5d) C(buffer, 0x5f936e91e8ull)
static void
test_usc_texture(void **state)
{
   LAYOUT_CASE(USC_TEXTURE, USC_TEXTURE_FIELDS, 0xedd0b9dd, 0x5f936e91);
}

/* "usc sampler", Mesa struct "USC Sampler":
 * tag: "Tag" 0-7
 * start: "Start" 8-15
 * count: "Count" 20-26
 * buffer: "Buffer" 27-62 shr(3)
 */
#define USC_SAMPLER_FIELDS(C, S, R)                                           \
   C(tag, 221) C(start, 0xc7) C(count, 0x77) C(buffer, 0x5a2fe4a248ull)
static void
test_usc_sampler(void **state)
{
   LAYOUT_CASE(USC_SAMPLER, USC_SAMPLER_FIELDS, 0x4f70c7dd, 0x5a2fe4a2);
}

/* "usc shared", Mesa struct "USC Shared":
 * tag: "Tag" 0-7
 * uses_shared_memory: "Uses shared memory" 8
 * layout: "Layout" 10-15
 * sample_count: "Sample count" 16-17 log2
 * sample_stride_8b: "Sample stride in 8 bytes" 20-23
 * bytes_per_threadgroup: "Bytes per threadgroup" 24-31 groups(256)
 */
#define USC_SHARED_FIELDS(C, S, R)                                            \
   C(tag, 221) C(uses_shared_memory, true) C(layout, 63)                      \
   C(sample_count, 0x8) C(sample_stride_8b, 0xd)                              \
   R(bytes_per_threadgroup, 65279, 65280)
static void
test_usc_shared(void **state)
{
   LAYOUT_CASE(USC_SHARED, USC_SHARED_FIELDS, 0xffd3fddd);
}

/* "usc shader", Mesa struct "USC Shader":
 * tag: "Tag" 0-7
 * loads_varyings: "Loads varyings" 8
 * unk_9: "Unk 1" 9
 * unk_10: "Unk 2" 10-15
 * code: "Code" 16-47
 */
#define USC_SHADER_FIELDS(C, S, R)                                            \
   C(tag, 221) C(loads_varyings, true) C(unk_9, true) C(unk_10, 0x37)         \
   C(code, 0xd16de1ef)
static void
test_usc_shader(void **state)
{
   LAYOUT_CASE(USC_SHADER, USC_SHADER_FIELDS, 0xe1efdfdd, 0x0000d16d);
}

/* "usc registers", Mesa struct "USC Registers":
 * tag: "Tag" 0-7
 * gprs: "Register count" 8-12 groups(8)
 * unk_13: "Unk 1" 13
 * spill_size: "Spill size" 18-21
 * unk_24: "Unk 4" 24-31
 */
#define USC_REGISTERS_FIELDS(C, S, R)                                         \
   C(tag, 221) R(gprs, 167, 168) C(unk_13, true) C(spill_size, 0xf)           \
   C(unk_24, 0xd7)
static void
test_usc_registers(void **state)
{
   LAYOUT_CASE(USC_REGISTERS, USC_REGISTERS_FIELDS, 0xd73c35dd);
}

/* "usc preshader", Mesa struct "USC Preshader":
 * tag: "Tag" 0-7
 * unknown: "Unk" 8-31
 * code: "Code" 32-63
 */
#define USC_PRESHADER_FIELDS(C, S, R)                                         \
   C(tag, 221) C(unknown, 0xe3718b) C(code, 0xa8a0f3a3)
static void
test_usc_preshader(void **state)
{
   LAYOUT_CASE(USC_PRESHADER, USC_PRESHADER_FIELDS, 0xe3718bdd, 0xa8a0f3a3);
}

/* "usc no preshader", Mesa struct "USC No Preshader":
 * tag: "Tag" 0-7
 */
#define USC_NO_PRESHADER_FIELDS(C, S, R)                                      \
   C(tag, 221)
static void
test_usc_no_preshader(void **state)
{
   LAYOUT_CASE(USC_NO_PRESHADER, USC_NO_PRESHADER_FIELDS, 0x000000dd);
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
#define USC_FRAGMENT_PROPERTIES_FIELDS(C, S, R)                               \
   C(tag, 221) C(early_z, true) C(unk_9, true)                                \
   C(unconditional_discard_1, true) C(unconditional_discard_2, true)          \
   C(unk_12, 0xb) C(unk_16, 0xe1) C(unk_24, 0xa3)
static void
test_usc_fragment_properties(void **state)
{
   LAYOUT_CASE(USC_FRAGMENT_PROPERTIES, USC_FRAGMENT_PROPERTIES_FIELDS,
               0xa3e1bfdd);
}

/* "ppp state", Mesa struct "PPP State":
 * pointer_hi: "Pointer (hi)" 0-7
 * size_words: "Size (words)" 8-15
 * block_type: "Block Type" 29-31
 * pointer_lo: "Pointer (lo)" 32-63
 */
#define PPP_STATE_FIELDS(C, S, R)                                             \
   C(pointer_hi, 0xa1) C(size_words, 0xb3) C(block_type, 6)                   \
   C(pointer_lo, 0xbc71aa2d)
static void
test_ppp_state(void **state)
{
   LAYOUT_CASE(PPP_STATE, PPP_STATE_FIELDS, 0xc000b3a1, 0xbc71aa2d);
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
#define VDM_BARRIER_FIELDS(C, S, R)                                           \
   C(usc_cache_inval, true) C(unk_4, true) C(unk_5, true) C(unk_6, true)      \
   C(unk_8, true) C(unk_11, true) C(unk_20, true) C(unk_24, true)             \
   C(unk_26, true) C(returns, true) C(block_type, 6)
static void
test_vdm_barrier(void **state)
{
   LAYOUT_CASE(VDM_BARRIER, VDM_BARRIER_FIELDS, 0xcd100978);
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
#define VDM_STATE_FIELDS(C, S, R)                                             \
   C(restart_index_present, true) C(vs_word_0_present, true)                  \
   C(vs_word_1_present, true) C(vertex_outputs_present, true)                 \
   C(tessellation_present, true) C(vertex_unknown_present, true)              \
   C(tessellation_scale_present, true) C(block_type, 6)
static void
test_vdm_state(void **state)
{
   LAYOUT_CASE(VDM_STATE, VDM_STATE_FIELDS, 0xc00000bf);
}

/* "vdm state restart index", Mesa struct "VDM State Restart Index":
 * value: "Value" 0-31
 */
#define VDM_STATE_RESTART_INDEX_FIELDS(C, S, R)                               \
   C(value, 0x8da28193)
static void
test_vdm_state_restart_index(void **state)
{
   LAYOUT_CASE(VDM_STATE_RESTART_INDEX, VDM_STATE_RESTART_INDEX_FIELDS,
               0x8da28193);
}

/* "vdm state vs word 0", Mesa struct "VDM State Vertex Shader Word 0":
 * unknown_0: "Unknown 0" 0
 * uniforms: "Uniform register count" 1-3 groups(64)
 * texture_states: "Texture state register count" 4-8 groups(8)
 * sampler_states: "Sampler state register count" 9-11
 * preshader_gprs: "Preshader register count" 12-15 groups(16)
 */
#define VDM_STATE_VS_WORD_0_FIELDS(C, S, R)                                   \
   C(unknown_0, 0x1) R(uniforms, 447, 448) R(texture_states, 167, 168)        \
   C(sampler_states, 7) R(preshader_gprs, 175, 176)
static void
test_vdm_state_vs_word_0(void **state)
{
   LAYOUT_CASE(VDM_STATE_VS_WORD_0, VDM_STATE_VS_WORD_0_FIELDS, 0x0000bf5f);
}

/* "vdm state vs word 1", Mesa struct "VDM State Vertex Shader Word 1":
 * unknown_0: "Unknown 1:0" 0-1
 * pipeline: "Pipeline" 6-31 shr(6)
 */
#define VDM_STATE_VS_WORD_1_FIELDS(C, S, R)                                   \
   C(unknown_0, 0x3) C(pipeline, 0x92d9a8c0)
static void
test_vdm_state_vs_word_1(void **state)
{
   LAYOUT_CASE(VDM_STATE_VS_WORD_1, VDM_STATE_VS_WORD_1_FIELDS, 0x92d9a8c3);
}

/* "vdm state vertex outputs", Mesa struct "VDM State Vertex Outputs":
 * output_count_1: "Output count 1" 0-7
 * output_count_2: "Output count 2" 8-15
 */
#define VDM_STATE_VERTEX_OUTPUTS_FIELDS(C, S, R)                              \
   C(output_count_1, 0xb7) C(output_count_2, 0xb9)
static void
test_vdm_state_vertex_outputs(void **state)
{
   LAYOUT_CASE(VDM_STATE_VERTEX_OUTPUTS, VDM_STATE_VERTEX_OUTPUTS_FIELDS,
               0x0000b9b7);
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
#define VDM_STATE_TESSELLATION_FIELDS(C, S, R)                                \
   C(unknown_0, 0x11791) C(step_function, 3) C(factor_type, 1)                \
   C(patch_type, 1) C(unknown_21, 0x3) C(max_tess_factor, 0x24)               \
   C(ccw_winding, true) C(partition_mode, 3)
static void
test_vdm_state_tessellation(void **state)
{
   LAYOUT_CASE(VDM_STATE_TESSELLATION, VDM_STATE_TESSELLATION_FIELDS,
               0xf1ff1791);
}

/* "vdm state tessellation scale", Mesa struct "VDM State Tessellation Scale":
 * scale: "Scale" 0-15
 */
#define VDM_STATE_TESSELLATION_SCALE_FIELDS(C, S, R)                          \
   C(scale, -61.875f)
static void
test_vdm_state_tessellation_scale(void **state)
{
   LAYOUT_CASE(VDM_STATE_TESSELLATION_SCALE,
               VDM_STATE_TESSELLATION_SCALE_FIELDS, 0x0000d3bc);
}

/* "vdm state vertex unknown", Mesa struct "VDM State Vertex Unknown":
 * flat_shading_vertex: "Flat shading control" 0-1
 * unknown_4: "Unknown 4" 4
 * unknown_5: "Unknown 5" 5
 * generate_primitive_id: "Generate primitive ID" 6
 */
#define VDM_STATE_VERTEX_UNKNOWN_FIELDS(C, S, R)                              \
   C(flat_shading_vertex, 2) C(unknown_4, true) C(unknown_5, true)            \
   C(generate_primitive_id, true)
static void
test_vdm_state_vertex_unknown(void **state)
{
   LAYOUT_CASE(VDM_STATE_VERTEX_UNKNOWN, VDM_STATE_VERTEX_UNKNOWN_FIELDS,
               0x00000072);
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
#define INDEX_LIST_FIELDS(C, S, R)                                            \
   C(index_buffer_hi, 0x99) C(primitive, 15) C(restart_enable, true)          \
   C(index_size, 2) C(index_buffer_size_present, true)                        \
   C(index_buffer_present, true) C(index_count_present, true)                 \
   C(instance_count_present, true) C(start_present, true)                     \
   C(unk_1_present, true) C(indirect_buffer_present, true)                    \
   C(unk_2_present, true) C(block_type, 6)
static void
test_index_list(void **state)
{
   LAYOUT_CASE(INDEX_LIST, INDEX_LIST_FIELDS, 0xcff50f99);
}

/* "index list buffer lo", Mesa struct "Index List: Buffer lo":
 * buffer_lo: "Buffer lo" 0-31
 */
#define INDEX_LIST_BUFFER_LO_FIELDS(C, S, R)                                  \
   C(buffer_lo, 0xb65640e5)
static void
test_index_list_buffer_lo(void **state)
{
   LAYOUT_CASE(INDEX_LIST_BUFFER_LO, INDEX_LIST_BUFFER_LO_FIELDS, 0xb65640e5);
}

/* "index list count", Mesa struct "Index List: Count":
 * count: "Count" 0-31
 */
#define INDEX_LIST_COUNT_FIELDS(C, S, R)                                      \
   C(count, 0xca289bef)
static void
test_index_list_count(void **state)
{
   LAYOUT_CASE(INDEX_LIST_COUNT, INDEX_LIST_COUNT_FIELDS, 0xca289bef);
}

/* "index list instances", Mesa struct "Index List: Instances":
 * count: "Count" 0-31
 */
#define INDEX_LIST_INSTANCES_FIELDS(C, S, R)                                  \
   C(count, 0xe28cf3a1)
static void
test_index_list_instances(void **state)
{
   LAYOUT_CASE(INDEX_LIST_INSTANCES, INDEX_LIST_INSTANCES_FIELDS, 0xe28cf3a1);
}

/* "index list start", Mesa struct "Index List: Start":
 * start: "Start" 0-31
 */
#define INDEX_LIST_START_FIELDS(C, S, R)                                      \
   C(start, 0xc36f7339)
static void
test_index_list_start(void **state)
{
   LAYOUT_CASE(INDEX_LIST_START, INDEX_LIST_START_FIELDS, 0xc36f7339);
}

/* "index list unk 1", no Mesa struct:
 * unknown_0: not in Mesa; our reading of bits 0-31
 * unknown_1: not in Mesa; our reading of bits 32-63
 */
#define INDEX_LIST_UNK_1_FIELDS(C, S, R)                                      \
   C(unknown_0, 0x96935943) C(unknown_1, 0xcdae694b)
static void
test_index_list_unk_1(void **state)
{
   LAYOUT_CASE(INDEX_LIST_UNK_1, INDEX_LIST_UNK_1_FIELDS, 0x96935943,
                                                          0xcdae694b);
}

/* "index list indirect buffer", Mesa struct "Index List: Indirect buffer":
 * address_hi: "Address hi" 0-7
 * address_lo: "Address lo" 32-63
 */
#define INDEX_LIST_INDIRECT_BUFFER_FIELDS(C, S, R)                            \
   C(address_hi, 0x87) C(address_lo, 0x900f5391)
static void
test_index_list_indirect_buffer(void **state)
{
   LAYOUT_CASE(INDEX_LIST_INDIRECT_BUFFER, INDEX_LIST_INDIRECT_BUFFER_FIELDS,
               0x00000087, 0x900f5391);
}

/* "index list unk 2", no Mesa struct:
 * unknown: not in Mesa; our reading of bits 0-31
 */
#define INDEX_LIST_UNK_2_FIELDS(C, S, R)                                      \
   C(unknown, 0xc60f661f)
static void
test_index_list_unk_2(void **state)
{
   LAYOUT_CASE(INDEX_LIST_UNK_2, INDEX_LIST_UNK_2_FIELDS, 0xc60f661f);
}

/* "index list buffer size", Mesa struct "Index List: Buffer size":
 * size: "Size" 0-31 shr(2)
 */
#define INDEX_LIST_BUFFER_SIZE_FIELDS(C, S, R)                                \
   C(size, 0x2ceb48544ull)
static void
test_index_list_buffer_size(void **state)
{
   LAYOUT_CASE(INDEX_LIST_BUFFER_SIZE, INDEX_LIST_BUFFER_SIZE_FIELDS,
               0xb3ad2151);
}

/* "vdm stream link", Mesa struct "VDM Stream Link":
 * target_hi: "Target hi" 0-7
 * with_return: "With return" 28
 * block_type: "Block Type" 29-31
 * target_lo: "Target lo" 32-63
 */
#define VDM_STREAM_LINK_FIELDS(C, S, R)                                       \
   C(target_hi, 0xb9) C(with_return, true) C(block_type, 6)                   \
   C(target_lo, 0xbaccfd8b)
static void
test_vdm_stream_link(void **state)
{
   LAYOUT_CASE(VDM_STREAM_LINK, VDM_STREAM_LINK_FIELDS, 0xd00000b9,
                                                        0xbaccfd8b);
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
#define VDM_TESSELLATE_FIELDS(C, S, R)                                        \
   C(factor_buffer_hi, 0x93) C(unknown_8, 0xa63) C(unknown_20, true)          \
   C(factor_buffer_present, true) C(patch_count_present, true)                \
   C(base_patch_present, true) C(base_instance_present, true)                 \
   C(indirect_present, true) C(unknown_present, true) C(block_type, 6)
static void
test_vdm_tessellate(void **state)
{
   LAYOUT_CASE(VDM_TESSELLATE, VDM_TESSELLATE_FIELDS, 0xd6fa6393);
}

/* "vdm tessellate factor buffer", Mesa struct "VDM Tessellate: Factor buffer":
 * factor_buffer_lo: "Factor buffer lo" 0-31
 */
#define VDM_TESSELLATE_FACTOR_BUFFER_FIELDS(C, S, R)                          \
   C(factor_buffer_lo, 0xcf6a43ed)
static void
test_vdm_tessellate_factor_buffer(void **state)
{
   LAYOUT_CASE(VDM_TESSELLATE_FACTOR_BUFFER,
               VDM_TESSELLATE_FACTOR_BUFFER_FIELDS, 0xcf6a43ed);
}

/* "vdm tessellate patch count", Mesa struct "VDM Tessellate: Patch count":
 * patch_count: "Patch count" 0-31
 */
#define VDM_TESSELLATE_PATCH_COUNT_FIELDS(C, S, R)                            \
   C(patch_count, 0xb14fe2f9)
static void
test_vdm_tessellate_patch_count(void **state)
{
   LAYOUT_CASE(VDM_TESSELLATE_PATCH_COUNT, VDM_TESSELLATE_PATCH_COUNT_FIELDS,
               0xb14fe2f9);
}

/* "vdm tessellate base patch", Mesa struct "VDM Tessellate: Base patch":
 * base_patch: "Base patch" 0-31
 */
#define VDM_TESSELLATE_BASE_PATCH_FIELDS(C, S, R)                             \
   C(base_patch, 0xf8347dcb)
static void
test_vdm_tessellate_base_patch(void **state)
{
   LAYOUT_CASE(VDM_TESSELLATE_BASE_PATCH, VDM_TESSELLATE_BASE_PATCH_FIELDS,
               0xf8347dcb);
}

/* "vdm tessellate base instance", Mesa struct "VDM Tessellate: Base instance":
 * base_instance: "Base instance" 0-31
 */
#define VDM_TESSELLATE_BASE_INSTANCE_FIELDS(C, S, R)                          \
   C(base_instance, 0xa2f182e3)
static void
test_vdm_tessellate_base_instance(void **state)
{
   LAYOUT_CASE(VDM_TESSELLATE_BASE_INSTANCE,
               VDM_TESSELLATE_BASE_INSTANCE_FIELDS, 0xa2f182e3);
}

/* "vdm tessellate indirect", Mesa struct "VDM Tessellate: Indirect":
 * address_hi: "Address hi" 0-7
 * address_lo: "Address lo" 32-63
 * size: "Size" 64-95
 */
#define VDM_TESSELLATE_INDIRECT_FIELDS(C, S, R)                               \
   C(address_hi, 0x85) C(address_lo, 0xe1c4db4f) C(size, 0xb60cacdd)
static void
test_vdm_tessellate_indirect(void **state)
{
   LAYOUT_CASE(VDM_TESSELLATE_INDIRECT, VDM_TESSELLATE_INDIRECT_FIELDS,
               0x00000085, 0xe1c4db4f, 0xb60cacdd);
}

/* "vdm tessellate unknown", no Mesa struct:
 * unknown: not in Mesa; our reading of bits 0-31
 */
#define VDM_TESSELLATE_UNKNOWN_FIELDS(C, S, R)                                \
   C(unknown, 0xb86e1317)
static void
test_vdm_tessellate_unknown(void **state)
{
   LAYOUT_CASE(VDM_TESSELLATE_UNKNOWN, VDM_TESSELLATE_UNKNOWN_FIELDS,
               0xb86e1317);
}

/* "vdm stream terminate", Mesa struct "VDM Stream Terminate":
 * block_type: "Block Type" 29-31
 */
#define VDM_STREAM_TERMINATE_FIELDS(C, S, R)                                  \
   C(block_type, 6)
static void
test_vdm_stream_terminate(void **state)
{
   LAYOUT_CASE(VDM_STREAM_TERMINATE, VDM_STREAM_TERMINATE_FIELDS, 0xc0000000,
                                                                  0x00000000,
                                                                  0x00000000,
                                                                  0x00000000,
                                                                  0x00000000,
                                                                  0x00000000,
                                                                  0x00000000,
                                                                  0x00000000);
}

/* "cdm launch word 0", Mesa struct "CDM Launch Word 0":
 * uniforms: "Uniform register count" 1-3 groups(64)
 * texture_states: "Texture state register count" 4-8 groups(8)
 * sampler_states: "Sampler state register count" 9-11
 * preshader_gprs: "Preshader register count" 12-15 groups(16)
 * mode: "Mode" 27-28
 * block_type: "Block Type" 29-31
 */
#define CDM_LAUNCH_WORD_0_FIELDS(C, S, R)                                     \
   R(uniforms, 319, 320) R(texture_states, 247, 248) C(sampler_states, 7)     \
   R(preshader_gprs, 175, 176) C(mode, 2) C(block_type, 3)
static void
test_cdm_launch_word_0(void **state)
{
   LAYOUT_CASE(CDM_LAUNCH_WORD_0, CDM_LAUNCH_WORD_0_FIELDS, 0x7000bffa);
}

/* "cdm launch word 1", Mesa struct "CDM Launch Word 1":
 * pipeline: "Pipeline" 6-31 shr(6)
 */
#define CDM_LAUNCH_WORD_1_FIELDS(C, S, R)                                     \
   C(pipeline, 0xa1af23c0)
static void
test_cdm_launch_word_1(void **state)
{
   LAYOUT_CASE(CDM_LAUNCH_WORD_1, CDM_LAUNCH_WORD_1_FIELDS, 0xa1af23c0);
}

/* "cdm unk g14x", Mesa struct "CDM Unk G14X":
 * unknown_62: "Unknown 30" 62
 */
#define CDM_UNK_G14X_FIELDS(C, S, R)                                          \
   C(unknown_62, true)
static void
test_cdm_unk_g14x(void **state)
{
   LAYOUT_CASE(CDM_UNK_G14X, CDM_UNK_G14X_FIELDS, 0x00000000, 0x40000000);
}

/* "cdm indirect", Mesa struct "CDM Indirect":
 * address_hi: "Address hi" 0-7
 * address_lo: "Address lo" 34-63 shr(2)
 */
#define CDM_INDIRECT_FIELDS(C, S, R)                                          \
   C(address_hi, 0x81) C(address_lo, 0x93cf481c)
static void
test_cdm_indirect(void **state)
{
   LAYOUT_CASE(CDM_INDIRECT, CDM_INDIRECT_FIELDS, 0x00000081, 0x93cf481c);
}

/* "cdm global size", Mesa struct "CDM Global size":
 * x: "X" 0-31
 * y: "Y" 32-63
 * z: "Z" 64-95
 */
#define CDM_GLOBAL_SIZE_FIELDS(C, S, R)                                       \
   C(x, 0xc5241ae5) C(y, 0xe4944677) C(z, 0xfe594e9b)
static void
test_cdm_global_size(void **state)
{
   LAYOUT_CASE(CDM_GLOBAL_SIZE, CDM_GLOBAL_SIZE_FIELDS, 0xc5241ae5,
                                                        0xe4944677,
                                                        0xfe594e9b);
}

/* "cdm local size", Mesa struct "CDM Local size":
 * x: "X" 0-31
 * y: "Y" 32-63
 * z: "Z" 64-95
 */
#define CDM_LOCAL_SIZE_FIELDS(C, S, R)                                        \
   C(x, 0xeec72bdb) C(y, 0xc93c794d) C(z, 0xc4d797e9)
static void
test_cdm_local_size(void **state)
{
   LAYOUT_CASE(CDM_LOCAL_SIZE, CDM_LOCAL_SIZE_FIELDS, 0xeec72bdb,
                                                      0xc93c794d,
                                                      0xc4d797e9);
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
#define CDM_BARRIER_FIELDS(C, S, R)                                           \
   C(unk_0, true) C(unk_1, true) C(unk_2, true) C(usc_cache_inval, true)      \
   C(unk_4, true) C(unk_5, true) C(unk_6, true) C(unk_7, true)                \
   C(unk_8, true) C(unk_9, true) C(unk_10, true) C(unk_11, true)              \
   C(unk_12, true) C(unk_13, true) C(unk_14, true) C(unk_15, true)            \
   C(unk_16, true) C(unk_17, true) C(unk_18, true) C(unk_19, true)            \
   C(unk_20, true) C(unk_24, true) C(unk_26, true) C(returns, true)           \
   C(block_type, 3)
static void
test_cdm_barrier(void **state)
{
   LAYOUT_CASE(CDM_BARRIER, CDM_BARRIER_FIELDS, 0x6d1fffff);
}

/* "cdm stream link", Mesa struct "CDM Stream Link":
 * target_hi: "Target hi" 0-7
 * block_type: "Block Type" 29-31
 * target_lo: "Target lo" 32-63
 */
#define CDM_STREAM_LINK_FIELDS(C, S, R)                                       \
   C(target_hi, 0xbb) C(block_type, 3) C(target_lo, 0x87a351ab)
static void
test_cdm_stream_link(void **state)
{
   LAYOUT_CASE(CDM_STREAM_LINK, CDM_STREAM_LINK_FIELDS, 0x600000bb,
                                                        0x87a351ab);
}

/* "cdm stream terminate", Mesa struct "CDM Stream Terminate":
 * block_type: "Block Type" 29-31
 */
#define CDM_STREAM_TERMINATE_FIELDS(C, S, R)                                  \
   C(block_type, 3)
static void
test_cdm_stream_terminate(void **state)
{
   LAYOUT_CASE(CDM_STREAM_TERMINATE, CDM_STREAM_TERMINATE_FIELDS, 0x60000000,
                                                                  0x00000000);
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
#define ZLS_CONTROL_FIELDS(C, S, R)                                           \
   C(unknown_0, true) C(unknown_1, true) C(z_compress_1, true)                \
   C(unknown_3, true) C(s_compress_1, true) C(unknown_5, true)                \
   C(z_compress_2, true) C(unknown_7, true) C(s_compress_2, true)             \
   C(s_load_enable, true) C(z_load_enable, true) C(s_store_enable, true)      \
   C(z_store_enable, true) C(z_format, 2) C(z_resolve, true)                  \
   C(s_resolve, true)
static void
test_zls_control(void **state)
{
   LAYOUT_CASE(ZLS_CONTROL, ZLS_CONTROL_FIELDS, 0x040cc1ff, 0x05000000);
}

/* clang-format on */

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
