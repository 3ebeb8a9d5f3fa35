/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The NIR -> AGX compiler: the interface the Gallium driver uses.
 *
 * Flow
 * ----
 *  1. Once per shader CSO: agx_preprocess_nir(nir).  Lowers I/O variables
 *     to load_input / store_output / load_uniform and runs the
 *     shader-independent lowering and optimisation.  The NIR stays owned by
 *     the caller and may be cloned afterwards for variants.
 *  2. Per variant: agx_compile_shader_nir(nir, key, out).  The key holds
 *     everything that changes machine code (vertex formats, render-target
 *     formats...).  The NIR is not modified (the compiler works on a
 *     clone).  On success `out` holds the machine code and the
 *     agx_shader_info the driver needs to bind it.
 *  3. Per draw, with the bound VS and FS: agx_link_varyings() builds the
 *     coefficient-binding table (header + bindings) the fragment shader
 *     word 2 points at, and agx_pack_varying_counts() the two PPP varying
 *     count words.
 *
 * Uniform registers ("push" layout)
 * ---------------------------------
 * AGX shaders read constants from the uniform file, u0..u255 (32-bit
 * registers, 512 16-bit halves), which the hardware fills at dispatch from
 * memory as the USC Uniform words of the shader's word list ask
 * (src/asahi/genxml/cmdbuf.xml "usc uniform": start and size in 16-bit
 * halves, at most 64 halves per word).  The compiler decides where
 * everything lives and reports it in agx_shader_info::push[]: each range
 * says "halves [uniform, uniform + length) hold <what>".  The driver, for
 * each range, writes <what> to memory (little endian, 4-byte aligned) and
 * emits one USC Uniform word (start = uniform, size = length, buffer = that
 * memory); ranges never cross half 256 (start >= 256 needs USC Uniform High
 * with start - 256) and are at most 64 halves long.  Halves the compiler
 * does not list are never read, except the preamble's results
 * ([0, preamble_halves), see agx_shader_info).  What a range holds:
 *
 *  - AGX_PUSH_GL_UNIFORMS: 32-bit words [index, index + length / 2) of the
 *    GL default uniform block (constant buffer 0).  The compiler reads
 *    load_uniform with base/offset in vec4 slots: component c of slot s is
 *    word 4 * s + c, i.e. byte 16 * s + 4 * c of constant buffer 0, the
 *    layout nir_lower_io gives with its default (vec4 slot) type size.
 *  - AGX_PUSH_VBO_BASE: the 64-bit GPU address (low word first) of vertex
 *    buffer `index`, already including pipe_vertex_buffer::buffer_offset
 *    (the attribute's src_offset is in the key and added by the shader).
 *  - AGX_PUSH_SYSVAL: the 32-bit system value(s) `index` (enum
 *    agx_sysval), one 32-bit word each, length / 2 consecutive values.
 *    AGX_SYSVAL_GL_UNIFORMS_ADDR_LO/_HI (a range of 4 halves) is the
 *    64-bit GPU address of the GL default uniform block in memory, same
 *    layout as above (word 4 * s + c), 4-byte aligned: dynamically indexed
 *    uniform arrays and blocks too big to push (more than 128 words) are
 *    read from there with device_load.
 *  - AGX_PUSH_UBO_BASE: the 64-bit GPU address (low word first) of
 *    uniform block `index`, i.e. load_ubo's block source (the GLSL
 *    linker's position in glsl_program.ubos), which the driver finds in
 *    constant buffer 1 + index of the stage, buffer_offset included.
 *    load_ubo(block, byte offset) becomes a device_load of 32-bit words
 *    at that address + offset (agx_nir_lower_ubo.c first turns a block
 *    index that is not a constant into a choice between constant ones).
 *    An unbound block reads as address 0: the driver should bind
 *    something (GL leaves the values undefined).
 *  - AGX_PUSH_TEXTURE_SIZE: 4 words describing the texture bound to state
 *    slot `index` (NIR texture_index): the width, height and depth of the
 *    view's first level (1 where the target has no such dimension; 1D
 *    arrays give their layer count as the height), the layer count of
 *    array views (cube arrays: cubes), else 1, in word 2 for 2D/cube
 *    arrays, and the number of levels of the view in word 3.  Precisely:
 *    word 0 width, word 1 height or 1D-array layers, word 2 depth (3D) or
 *    layers (2D/cube arrays) or 1, word 3 levels.  textureSize and
 *    textureQueryLevels read them (AGX has no size query instruction;
 *    Mesa reads the texture descriptor instead).
 *    Buffer views give their element count in word 0 (rows of the 2D
 *    image the driver describes them with are not visible).
 *
 * Vertex shaders
 * --------------
 * AGX has no fixed-function vertex fetch (M src/asahi/compiler/README.md):
 * the shader loads each attribute itself from
 *    VBO_BASE(buffer) + offset + stride * index
 * with index = r5 (the vertex index the hardware preloads, base vertex and
 * indices already applied) for per-vertex attributes, or
 * base_instance + r6 / divisor (r6 = instance id from 0) for instanced
 * ones, converting the format in the shader.  The shader writes its outputs
 * with st_var into the Unified Vertex Store in the hardware order
 * (Mesa docs/drivers/asahi.rst "Hardware varyings"): gl_Position (4
 * words), then 32-bit smooth, flat and linear user varyings, then packed
 * 16-bit pairs (mediump varyings computed at 16 bits, see
 * agx_varyings_vs::slots_16), then point size.  The layout is in
 * agx_shader_info::vs.
 *
 * Fragment shaders
 * ----------------
 * Inputs are read through coefficient registers (iterproj, i.e. iter
 * divided by W, for smooth; ldcf's C coefficient for flat).  The compiler
 * assigns coefficient registers: cf0 is always
 * fragment W (perspective-correct iter needs it), then, when gl_FragCoord.z
 * is read, fragment Z, then the user varyings the shader reads, in
 * increasing slot order.  agx_shader_info::fs lists these bindings; the
 * driver turns them into the cf binding table with agx_link_varyings().
 * gl_FragCoord.xy is the pixel from special registers 80/81
 * (thread_position_in_grid) + 0.5, gl_FrontFacing is !sr62 (backfacing):
 * the dispatch must provide those.  Colour outputs are written to the
 * tilebuffer with st_tile at the render-target offsets of the key (after
 * wait_pix 0xC, then 0x4, and sample_mask 0xff, 0xff), blended in the
 * shader when the key asks for it (wait_pix 0x8, ld_tile, blend, st_tile),
 * with masked stores for colour write masks.  discard is sample_mask
 * 0xff, 0 on the discarding lanes.
 *
 * Textures
 * --------
 * NIR texture_index i is texture state slot ts<i> and sampler_index j
 * sampler slot ss<j>: bind agx_shader_info::nr_textures descriptors with a
 * USC Texture word (start 0) and nr_samplers with a USC Sampler word.
 *
 * Code
 * ----
 * The binary starts at offset 0 with the shader, ending in stop, then trap
 * padding to AGX_CODE_ALIGN; when has_preamble, the preamble follows at
 * preamble_offset, padded the same way.  nr_gprs counts 16-bit halves.
 */

#ifndef AGX_COMPILE_H
#define AGX_COMPILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler/nir/nir.h"
#include "compiler/shader_enums.h"
#include "util/format/u_formats.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AGX_MAX_ATTRIBS 16
#define AGX_MAX_VBUFS 16
#define AGX_MAX_RTS 8
#define AGX_MAX_PUSH_RANGES 32
/* Words of a shader's constant table (agx_shader_info::constants) */
#define AGX_MAX_CONSTANT_WORDS 32
/* Uniform blocks a shader may read (load_ubo block 0 .. AGX_MAX_UBOS - 1) */
#define AGX_MAX_UBOS 31
/* Shader storage buffers a shader may access (bindings 0 .. 15) */
#define AGX_MAX_SSBOS 16
#define AGX_MAX_CF_BINDINGS 64
/* gl_Position + 32 vec4 varyings + point size */
#define AGX_MAX_UVS_WORDS (4 + 32 * 4 + 1)

/* ---- keys ------------------------------------------------------------- */

/* One vertex attribute, as pipe_vertex_element gives it. */
struct agx_attribute_key {
   /* PIPE_FORMAT_NONE: the attribute is not bound; reads give (0, 0, 0, 1).
    * Supported now: array formats of 1-4 channels of 32-bit float/int,
    * 8/16-bit unorm/snorm/uint/sint, at any offset and stride (those not
    * multiples of the channel size are loaded a byte at a time).  Other
    * formats make agx_compile_shader_nir fail with
    * AGX_COMPILE_UNSUPPORTED. */
   enum pipe_format format;
   uint8_t buffer;   /* vertex buffer index (AGX_PUSH_VBO_BASE) */
   uint32_t offset;  /* pipe_vertex_element::src_offset, bytes */
   uint32_t stride;  /* pipe_vertex_element::src_stride, bytes */
   uint32_t divisor; /* 0: per vertex; N: per N instances */
};

/* Transform feedback: what pipe_stream_output_info says, in words.
 * Output i writes components [start_component, start_component +
 * num_components) of varying slot `slot` to buffer `buffer` at word
 * offset_w of each vertex's record, records stride_w[buffer] words
 * apart.  Captured vertices are numbered from 0 at the draw's first
 * vertex (AGX_SYSVAL_XFB_*), instance by instance.  Only non-indexed
 * draws capture (the driver asks for no capture otherwise). */
#define AGX_MAX_XFB_OUTPUTS 64
#define AGX_MAX_XFB_BUFFERS 4

struct agx_xfb_output {
   uint8_t slot;
   uint8_t start_component;
   uint8_t num_components;
   uint8_t buffer;
   uint16_t offset_w;
};

/* Topologies captured by unrolling (agx_xfb_key::unroll): the driver
 * draws the separate primitives (2 or 3 vertices each, instance by
 * instance), and vertex i = r5 - AGX_SYSVAL_XFB_FIRST_VERTEX of that list
 * fetches and runs as vertex first + src(i) of the original draw.  Line
 * strip: line p is (p, p + 1); loop: the same, and its last line ends at
 * vertex 0 (n = AGX_SYSVAL_XFB_VERTICES / 2 lines); triangle strip: p,
 * p + 1, p + 2, odd triangles with their first two swapped; fan: 0,
 * p + 1, p + 2 (GL 3.0 section 2.15: strips, loops and fans are captured
 * as separate primitives).  Those keep each triangle's provoking vertex
 * last, as GL's last-vertex convention wants; with the first-vertex
 * convention (ARB_provoking_vertex: vertex p of strip triangle p, p + 1
 * of fan triangle p) the _FIRST variants rotate them instead, winding
 * kept: odd strip triangles p, p + 2, p + 1, fan triangles p + 1, p + 2,
 * 0.  Indexed draws of points, lines and triangles:
 * vertex i is word i of a list of 32-bit vertex numbers (the draw's
 * indices plus its base vertex) at AGX_SYSVAL_XFB_INDICES_LO/_HI. */
enum agx_xfb_unroll {
   AGX_XFB_UNROLL_NONE = 0,
   AGX_XFB_UNROLL_LINE_STRIP,
   AGX_XFB_UNROLL_LINE_LOOP,
   AGX_XFB_UNROLL_TRIANGLE_STRIP,
   AGX_XFB_UNROLL_TRIANGLE_FAN,
   AGX_XFB_UNROLL_INDEXED,
   AGX_XFB_UNROLL_TRIANGLE_STRIP_FIRST,
   AGX_XFB_UNROLL_TRIANGLE_FAN_FIRST,
};

struct agx_xfb_key {
   uint8_t nr_outputs;
   uint8_t unroll; /* enum agx_xfb_unroll */
   uint16_t stride_w[AGX_MAX_XFB_BUFFERS];
   struct agx_xfb_output out[AGX_MAX_XFB_OUTPUTS];
};

struct agx_vs_key {
   /* Indexed by generic attribute (VERT_ATTRIB_GENERIC0 + i). */
   struct agx_attribute_key attribs[AGX_MAX_ATTRIBS];
   /* User clip planes / clip distances enabled (bit i: GL_CLIP_PLANEi,
    * pipe_rasterizer_state::clip_plane_enable).  The hardware has no
    * enable mask (clipping follows the output select word), so the shader
    * writes exactly these distances; see agx_varyings_vs. */
   uint8_t clip_plane_enable;
   /* Transform feedback to capture (none when nr_outputs is 0). */
   struct agx_xfb_key xfb;
   /* The fragment shader reads gl_ClipDistance: the distances the shader
    * writes also go out as smooth user varyings (slots CLIP_DIST0/1, in
    * agx_varyings_vs::slot_word), whether their planes are enabled or
    * not; the clipper's words after the point size stay as they are. */
   bool clip_distance_varyings;
   /* The fragment shader reads gl_CullDistance (ARB_cull_distance): the
    * distances the shader writes also go out as smooth user varyings
    * (slots CULL_DIST0/1).  Without it they are not sent: the culling
    * itself needs only the CULL_PRIMITIVE0/1 varyings
    * (agx_nir_lower_clip_distance.c).  Since wave 15. */
   bool cull_distance_varyings;
   /* GL clip-space z: the rasteriser gets (z + w) / 2 of gl_Position,
    * transform feedback the shader's own z (agx_nir_remap_z.c). */
   bool remap_z;
   /* Non-zero: every vertex's gl_PointSize is this, whatever the shader
    * writes (pipe_rasterizer_state::point_size when point_size_per_vertex
    * is off; agx_nir_fixed_point_size.c). */
   float fixed_point_size;
};

/* Blend equations and factors: the same numbers as Gallium's enum
 * pipe_blend_func and enum pipe_blendfactor (p_defines.h), so the driver
 * copies pipe_rt_blend_state fields as they are. */
enum agx_blend_func {
   AGX_BLEND_ADD = 0,
   AGX_BLEND_SUBTRACT,
   AGX_BLEND_REVERSE_SUBTRACT,
   AGX_BLEND_MIN,
   AGX_BLEND_MAX,
};

enum agx_blend_factor {
   AGX_BLENDFACTOR_ONE = 1,
   AGX_BLENDFACTOR_SRC_COLOR,
   AGX_BLENDFACTOR_SRC_ALPHA,
   AGX_BLENDFACTOR_DST_ALPHA,
   AGX_BLENDFACTOR_DST_COLOR,
   AGX_BLENDFACTOR_SRC_ALPHA_SATURATE,
   AGX_BLENDFACTOR_CONST_COLOR,
   AGX_BLENDFACTOR_CONST_ALPHA,
   AGX_BLENDFACTOR_SRC1_COLOR, /* dual source: FRAG_RESULT_DUAL_SRC0 */
   AGX_BLENDFACTOR_SRC1_ALPHA,
   AGX_BLENDFACTOR_ZERO = 0x11,
   AGX_BLENDFACTOR_INV_SRC_COLOR,
   AGX_BLENDFACTOR_INV_SRC_ALPHA,
   AGX_BLENDFACTOR_INV_DST_ALPHA,
   AGX_BLENDFACTOR_INV_DST_COLOR,
   AGX_BLENDFACTOR_INV_CONST_COLOR = 0x17,
   AGX_BLENDFACTOR_INV_CONST_ALPHA,
   AGX_BLENDFACTOR_INV_SRC1_COLOR,
   AGX_BLENDFACTOR_INV_SRC1_ALPHA,
};

/* GL blending of one render target, done in the shader: the destination
 * is read from the tilebuffer (ld_tile), blended, written back.  Fixed
 * point targets clamp the source colour and the factors to [0, 1] first,
 * as GL requires.  CONST factors read AGX_SYSVAL_BLEND_COLOR_*. */
struct agx_blend_key {
   bool enable;
   uint8_t rgb_func, rgb_src, rgb_dst; /* agx_blend_func/_factor */
   uint8_t alpha_func, alpha_src, alpha_dst;
   /* KHR_blend_equation_advanced: an enum pipe_advanced_blend_mode (1
    * MULTIPLY ... 15 HSL_LUMINOSITY); when non-zero it replaces the
    * functions and factors above, for all four channels. */
   uint8_t advanced;
};

struct agx_rt_key {
   /* PIPE_FORMAT_NONE: no render target here; writes are dropped.
    * Supported: the formats agx_tib_format_of() gives a value for
    * (channels in memory order in the tilebuffer). */
   enum pipe_format format;
   /* Byte offset of this render target in one sample's tilebuffer
    * storage (the driver's tilebuffer layout). */
   uint16_t offset_B;
   /* Channels NOT written (bit 0 = R ... bit 3 = A, i.e. the complement
    * of pipe_rt_blend_state::colormask), so that a zeroed key writes
    * everything.  Masked stores keep the other channels. */
   uint8_t write_disable;
   struct agx_blend_key blend;
};

struct agx_fs_key {
   struct agx_rt_key rt[AGX_MAX_RTS];
   /* Cull distances the vertex stage writes (ARB_cull_distance; its
    * agx_nir_cull_distance_count): the fragments of a primitive all of
    * whose vertices are outside one of them are discarded. */
   uint8_t nr_cull_distances;
   /* Samples per pixel of the render pass (0 or 1: single sampled). */
   uint8_t nr_samples;
   /* Multisampled passes: samples to discard (the complement of the GL
    * sample mask, so a zeroed key keeps all), and alpha-to-coverage from
    * render target 0's alpha, round(alpha * nr_samples) samples kept from
    * sample 0 up.  Applied by the sample_mask before the tilebuffer
    * stores, which then also limits depth/stencil writes. */
   uint8_t sample_mask_disable;
   bool alpha_to_coverage;
   /* Multisampled passes: the colours' alpha becomes 1 after the
    * coverage is taken (GL 4.6 section 17.3.1, SAMPLE_ALPHA_TO_ONE), so
    * blending and the stores see 1; integer targets keep theirs. */
   bool alpha_to_one;
   /* gl_PointCoord.y counts up from the bottom row of the point (pipe's
    * PIPE_SPRITE_COORD_LOWER_LEFT): the hardware's runs from the top. */
   bool point_coord_lower_left;
   /* glShadeModel(GL_FLAT): gl_Color, gl_SecondaryColor and the back
    * colours without an interpolation qualifier are flat shaded. */
   bool flatshade;
   /* Per-sample shading (ARB_sample_shading) with nr_samples > 1: this
    * variant shades sample `sample_id` only, the driver drawing once per
    * sample.  Its varyings are interpolated at that sample, it keeps
    * only that sample, gl_SampleID is sample_id and gl_SamplePosition
    * sample_pos (x in bits 0-3, y in bits 4-7, sixteenths of a pixel: the
    * sample's byte of the PPP sample positions,
    * agx_default_sample_positions). */
   bool per_sample;
   uint8_t sample_id;
   uint8_t sample_pos;
   /* GL logic ops (glLogicOp; pipe_blend_state::logicop_*): when enabled,
    * no render target blends, and the unorm (8/16-bit, RGB10_A2) and
    * 8/32-bit integer targets get logicop_func (an enum pipe_logicop,
    * whose bit (2 * s + d) is the result for source bit s and
    * destination bit d) of the shader's colour and the tilebuffer's
    * value, unorm channels as their integer codes (GL 4.6 section
    * 17.3.9).  Float, sRGB, snorm and 16-bit integer targets keep the
    * shader's colour. */
   bool logicop_enable;
   uint8_t logicop_func;
   /* Polygon stipple (GL 2.1 section 3.5.6), for draws of filled
    * polygons: the fragment at window pixel (x, y) is discarded unless
    * bit 31 - x % 32 of word y % 32 of the pattern is set; the 32 words
    * are in GPU memory at AGX_SYSVAL_POLY_STIPPLE_LO/_HI (the driver's
    * pipe_poly_stipple). */
   bool poly_stipple;
   /* GL_MULTISAMPLE disabled on a multisampled pass
    * (pipe_rasterizer_state::multisample false): gl_SampleMaskIn reads 1
    * (the single-sample rasterization of GL 4.6 section 14.3.1). */
   bool multisample_off;
   /* Point sprites (GL 2.1 section 3.4.1; the driver sets it for draws
    * of points only): bit i, the texture coordinate input
    * VARYING_SLOT_TEX0 + i reads (s, t, 0, 1) of the point coordinate
    * (agx_nir_point_sprite.c). */
   uint8_t sprite_coord_replace;
};

struct agx_shader_key {
   union {
      struct agx_vs_key vs;
      struct agx_fs_key fs;
   };
   /* The driver provides AGX_SYSVAL_GL_UNIFORMS_ADDR_LO/_HI (the default
    * uniform block in GPU memory).  Without it, dynamically indexed
    * uniform arrays and blocks too big to push fail to compile
    * (AGX_COMPILE_UNSUPPORTED) instead of reading memory. */
   bool uniforms_in_memory;
   /* Bit i: sampler i has a non-zero LOD bias (GL TEXTURE_LOD_BIAS).  The
    * shader adds AGX_SYSVAL_SAMPLER_LOD_BIAS0 + i to the LOD of its
    * lookups through that sampler (implicit, biased, explicit; gradients
    * scaled by 2^bias), as GL 3.0 equation 3.18 adds the bias to every
    * computed or given LOD (Mesa lowers the same way: alexvorxx/Mesa-VirGL
    * src/asahi/lib/agx_nir_lower_texture.c, lower_sampler_bias). */
   uint16_t sampler_lod_bias;
   /* Bit i: texture i is a fixed-point depth format the driver stores as
    * Z32_FLOAT (Z24, as Mesa does: alexvorxx/Mesa-VirGL
    * src/gallium/drivers/asahi/agx_pipe.c U_TRANSFER_HELPER_Z24_IN_Z32F;
    * agx_state.c fixup_border_zs notes that Z32F gets no clamping).  GL 4.6
    * section 8.23.1 clamps the reference of a depth comparison to [0, 1]
    * for fixed-point formats, so the shader saturates the comparator of
    * its shadow lookups through that texture. */
   uint16_t texture_clamp_ref;
};

/* ---- results ---------------------------------------------------------- */

enum agx_push_kind {
   AGX_PUSH_GL_UNIFORMS = 0,
   AGX_PUSH_VBO_BASE,
   AGX_PUSH_SYSVAL,
   AGX_PUSH_UBO_BASE,
   AGX_PUSH_TEXTURE_SIZE,
   /* 4 words (8 halves) describing shader storage buffer `index` (the
    * binding of load_ssbo & co, i.e. slot `index` of set_shader_buffers):
    * its 64-bit GPU address (low word first, buffer_offset included), its
    * size in bytes (buffer_size, clamped to the resource), then 0.  An
    * unbound slot has size 0 (every access is then out of bounds). */
   AGX_PUSH_SSBO,
   /* 8 words (16 halves) addressing the texels of image `index` in
    * units of the view format's texel (32-bit words for atomics; samples
    * of multisample images) for atomics and multisample stores
    * (agx_nir_lower_image.c), as the driver fills them:
    *   0-1  GPU address of layer 0 of the bound level
    *   2-4  width, height, layers of the binding (width 0: no image, or
    *        one whose texels cannot be addressed: every access is out of
    *        bounds)
    *   5    bit 0 and bits 8-20 0 for a linear image, else 1 | tile width
    *        log2 << 8 | tile height log2 << 16 (ail's twiddled tiles, in
    *        pixels); bits 24-26 the log2 of the sample count
    *   6    linear: the row stride in texels; twiddled: tiles per row
    *   7    the layer stride in texels
    * The pixel index of (x, y, layer) is y * w6 + x (linear), or (tile
    * index << (log2 w + log2 h)) + the pixel's Morton index in its tile
    * (x bits even, y bits odd), the tile index being (y >> log2 h) * w6
    * + (x >> log2 w) (ail's ail_get_element_offset_B); the texel of
    * sample s is layer * w7 + (pixel index << log2 samples) + s. */
   AGX_PUSH_IMAGE_ATOMIC,
   /* 1 word (2 halves): the sample count of the texture bound to state
    * register `index` (as AGX_PUSH_TEXTURE_SIZE numbers them, images
    * included), 1 when it is not multisampled or nothing is bound.
    * textureSamples and imageSamples read it (Mesa reads the texture
    * descriptor instead: alexvorxx/Mesa-VirGL
    * src/asahi/lib/agx_nir_lower_texture.c, libagx_texture_samples). */
   AGX_PUSH_TEXTURE_SAMPLES,
   /* `length / 2` words of the shader's own constant table,
    * agx_shader_info::constants[index...] (agx_opt_promote_constants.c) */
   AGX_PUSH_CONSTANTS,
};

/* Images (agx_nir_lower_image.c): image i is read through the texture
 * descriptor in texture state register AGX_IMAGE_TS_BASE + 2 i and written
 * through the PBE descriptor in the next one (the driver fills both, with
 * null texture descriptors in the registers below AGX_IMAGE_TS_BASE its
 * sampler views do not use).  Cube images are described as 2D arrays of
 * their faces, buffer images like buffer textures.  Their sizes are
 * AGX_PUSH_TEXTURE_SIZE of register AGX_IMAGE_TS_BASE + 2 i, as
 * imageSize() reports them (cube arrays: whole cubes).  Images in the
 * same registers is what Mesa's driver does too (alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_state.c: textures, then a texture and a
 * PBE descriptor per image). */
#define AGX_MAX_IMAGES 16
#define AGX_IMAGE_TS_BASE 64

/* Buffer textures are sampled as linear 2D images of rows this many texels
 * wide (agx_nir_lower_buffer_texture.c, and the driver's descriptors).  A
 * power of two.  Fact: alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_state.h (AGX_TEXTURE_BUFFER_WIDTH). */
#define AGX_BUFFER_TEXTURE_WIDTH 1024

enum agx_sysval {
   /* first instance of the draw (pipe_draw_info::start_instance) */
   AGX_SYSVAL_BASE_INSTANCE = 0,
   /* render-target width and height in pixels, as floats */
   AGX_SYSVAL_RT_WIDTH_F,
   AGX_SYSVAL_RT_HEIGHT_F,
   /* 64-bit GPU address of the default uniform block (low, high) */
   AGX_SYSVAL_GL_UNIFORMS_ADDR_LO,
   AGX_SYSVAL_GL_UNIFORMS_ADDR_HI,
   /* pipe_blend_color, 4 floats (consecutive) */
   AGX_SYSVAL_BLEND_COLOR_R,
   AGX_SYSVAL_BLEND_COLOR_G,
   AGX_SYSVAL_BLEND_COLOR_B,
   AGX_SYSVAL_BLEND_COLOR_A,
   /* user clip planes (pipe_clip_state::ucp, eye space), plane i
    * component c at AGX_SYSVAL_CLIP_PLANE0 + 4 i + c, floats: a vertex
    * shader writing gl_ClipVertex computes distance i as dot(plane i,
    * gl_ClipVertex) */
   AGX_SYSVAL_CLIP_PLANE0,
   /* Transform feedback (agx_nir_lower_xfb.c): the 64-bit GPU address
    * (low, high) where buffer b's next vertex goes (target start + the
    * bytes already written) at AGX_SYSVAL_XFB_ADDR0_LO + 2 b; the draw's
    * first vertex (pipe_draw_start_count_bias::start), the vertices of
    * one instance, and how many vertices may be written in all (the
    * rest would overflow a buffer: GL stops capturing). */
   AGX_SYSVAL_XFB_ADDR0_LO = AGX_SYSVAL_CLIP_PLANE0 + 32,
   AGX_SYSVAL_XFB_FIRST_VERTEX = AGX_SYSVAL_XFB_ADDR0_LO + 8,
   AGX_SYSVAL_XFB_VERTICES,
   AGX_SYSVAL_XFB_LIMIT,
   /* The LOD bias of sampler i (pipe_sampler_state::lod_bias, a float)
    * at AGX_SYSVAL_SAMPLER_LOD_BIAS0 + i, read by shaders whose key sets
    * bit i of sampler_lod_bias (AGX samplers hold no bias). */
   AGX_SYSVAL_SAMPLER_LOD_BIAS0,
   /* Geometry shaders (agx_nir_lower_gs.c): the rows one instance of the
    * draw has in the vertex-output buffer, and the geometry-shader
    * invocations of one instance (input primitives x invocations). */
   AGX_SYSVAL_GS_VS_VERTICES = AGX_SYSVAL_SAMPLER_LOD_BIAS0 + 16,
   AGX_SYSVAL_GS_INVOCATIONS,
   /* Compute: the 64-bit GPU address (low, high) of three 32-bit words
    * holding the dispatch's workgroup counts x, y, z (gl_NumWorkGroups):
    * the indirect buffer at its offset, or a copy of pipe_grid_info::grid
    * for direct dispatches. */
   AGX_SYSVAL_GRID_ADDR_LO,
   AGX_SYSVAL_GRID_ADDR_HI,
   /* Transform feedback of indexed draws (AGX_XFB_UNROLL_INDEXED): the
    * 64-bit GPU address (low, high) of the draw's vertex numbers. */
   AGX_SYSVAL_XFB_INDICES_LO,
   AGX_SYSVAL_XFB_INDICES_HI,
   /* Polygon stipple (agx_fs_key::poly_stipple): the 64-bit GPU address
    * (low, high) of the pattern's 32 words. */
   AGX_SYSVAL_POLY_STIPPLE_LO,
   AGX_SYSVAL_POLY_STIPPLE_HI,
   AGX_SYSVAL_COUNT,
};

struct agx_push_range {
   uint16_t uniform; /* first 16-bit uniform half */
   uint16_t length;  /* halves (even, 2..64) */
   enum agx_push_kind kind;
   /* GL_UNIFORMS: first 32-bit word; VBO_BASE: buffer; SYSVAL: first
    * enum agx_sysval; UBO_BASE: uniform block (constant buffer index - 1).
    */
   uint32_t index;
};

/* Where one varying slot's components went in the UVS (vertex side). */
struct agx_varyings_vs {
   /* Total UVS words written (PPP "output size"; VDM output counts). */
   uint8_t nr_words;
   /* User words by group, in hardware order (32-bit smooth, flat,
    * linear; 16-bit pairs smooth, flat, linear): the PPP varying counts. */
   uint8_t nr_32_smooth, nr_32_flat, nr_32_linear;
   uint8_t nr_16_smooth, nr_16_flat, nr_16_linear;
   /* UVS word of component 0 of each varying slot, or 0xff if the VS does
    * not write it.  gl_Position is always words 0-3. */
   uint8_t slot_word[VARYING_SLOT_MAX];
   /* Bit s: slot s is stored at 16 bits (a mediump varying computed at
    * 16 bits), component 2k in the low and 2k + 1 in the high half of
    * word slot_word[s] + k, in the 16-bit groups after every 32-bit user
    * word.  agx_link_varyings binds its components two to a slot. */
   uint64_t slots_16;
   bool writes_psiz;
   /* Clip distances written after the point size, one word each in
    * increasing plane order (the hardware's last UVS group): the
    * enabled planes of key.vs.clip_plane_enable whose distance the
    * shader gives (gl_ClipDistance[i], or computed from gl_ClipVertex).
    * The driver sets these bits of the output select word. */
   uint8_t clip_distance_mask;
   /* gl_Layer / gl_ViewportIndex written: their word
    * (slot_word[VARYING_SLOT_LAYER] = slot_word[VARYING_SLOT_VIEWPORT],
    * after the point size) holds the layer in the low and the viewport in
    * the high 16 bits (0 for the one not written); the driver sets the
    * output select word's render target and viewport target bits. */
   bool writes_layer;
   bool writes_viewport;
};

/*
 * Geometry shaders (agx_nir_lower_gs.c).  AGX has no geometry stage: the
 * driver runs a geometry shader as a vertex-stage program drawn as points
 * with rasterization discarded, one point per geometry-shader invocation
 * (input primitive p, invocation i of instance n: point p * invocations +
 * i, instance n).  It reads the outputs of the input vertices, which a
 * preceding vertex-shader pass stored (transform-feedback stores, one row
 * of input_slots vec4 slots per vertex, slot s at row word 4 s), through
 * load_ubo of two driver blocks, and writes:
 *   - its emitted vertices (rows of nr_outputs vec4 slots) to
 *     store_xfb_agx buffer AGX_GS_VERTEX_BUFFER, at vertex
 *     g * vertices_out + k for the k-th vertex of invocation g;
 *   - an index list of that vertex numbers to AGX_GS_INDEX_BUFFER: at
 *     entry g * 2 vertices_out + j, a restart index (AGX_GS_RESTART)
 *     after each end_primitive that ends a non-empty strip.  The driver
 *     fills the list with AGX_GS_RESTART beforehand.
 * A generated vertex shader (agx_nir_gs_passthrough) then draws that list
 * as strips with primitive restart, reading the vertices back.
 *
 * Vertex streams (ARB_gpu_shader5): with nr_streams > 1, invocation g's
 * vertices of stream s are (g * nr_streams + s) * vertices_out + k, and
 * stream s > 0 writes its index list to AGX_GS_STREAM_INDEX_BUFFER at
 * entry (g * (nr_streams - 1) + s - 1) * 2 vertices_out + j, apart from
 * stream 0's, which alone is drawn; the driver reads the others back for
 * transform feedback and the per-stream primitive queries.
 */
#define AGX_GS_VS_OUTPUTS_BLOCK AGX_MAX_UBOS /* row of each input vertex */
#define AGX_GS_TOPOLOGY_BLOCK (AGX_MAX_UBOS + 1) /* uint per vertex of prim */
#define AGX_GS_OUTPUT_BLOCK (AGX_MAX_UBOS + 2) /* the emitted vertices */
#define AGX_GS_VERTEX_BUFFER 0
#define AGX_GS_INDEX_BUFFER 1
#define AGX_GS_STREAM_INDEX_BUFFER 2
#define AGX_GS_MAX_STREAMS 4 /* GL_MAX_VERTEX_STREAMS */
#define AGX_GS_RESTART 0xffffffffu
#define AGX_GS_MAX_VERTICES 256

struct agx_gs_info {
   uint8_t input_primitive;  /* enum mesa_prim */
   uint8_t output_primitive; /* POINTS, LINE_STRIP, TRIANGLE_STRIP */
   uint8_t vertices_in;
   uint8_t invocations;
   uint16_t vertices_out;
   uint8_t nr_streams; /* 1 + the highest stream emitted to */
   /* Vertex-output rows: slots 0 .. input_slots - 1 of each vertex. */
   uint8_t input_slots;
   /* Emitted-vertex rows: row r holds output_slot[r], interpolated as
    * the output variable says. */
   uint8_t nr_outputs;
   uint8_t output_slot[VARYING_SLOT_MAX];
   bool output_flat[VARYING_SLOT_MAX];
   bool output_linear[VARYING_SLOT_MAX];
   uint8_t output_components[VARYING_SLOT_MAX]; /* 1-4 */
   bool output_int[VARYING_SLOT_MAX];           /* (u)int outputs */
};

/* Turns a geometry shader (variables as the front end makes them) into
 * the vertex-stage program described above, and describes it in *info;
 * false (and an explanation in error) when it uses what is not supported
 * (non-32-bit I/O, outputs that are not vectors, matrices, structs or
 * arrays of them).  pos_z_halved: the vertex shader stores gl_Position.z
 * as (z + w) / 2 (the driver's clip-space remap), which reads of
 * gl_in[].gl_Position undo.  agx_preprocess_nir follows as for a vertex
 * shader. */
bool agx_nir_lower_gs(nir_shader *nir, bool pos_z_halved,
                      struct agx_gs_info *info, char *error,
                      size_t error_size);

/* The vertex shader of the rasterization pass: vertex v (the index list
 * entry) writes the outputs of row v of AGX_GS_OUTPUT_BLOCK. */
nir_shader *agx_nir_gs_passthrough(void *mem_ctx,
                                   const struct agx_gs_info *info);

/* A geometry shader passing each primitive of input_primitive (POINTS,
 * LINES, TRIANGLES or QUADS: two triangles) on unchanged, with the vec4
 * slots of the mask `slots` (flat / noperspective as those masks say),
 * plus gl_PrimitiveID = gl_PrimitiveIDIn: what a draw needs when its
 * fragment shader reads gl_PrimitiveID and no geometry shader is bound.
 * quad_provoking: which vertex (0-3) of a quad is GL's provoking one,
 * kept first (0) or last (2, 3) in both triangles.  MESA_PRIM_POLYGON:
 * the triangles of a polygon's fan, each with gl_PrimitiveID 0 (one
 * polygon).  NULL for other primitives. */
nir_shader *agx_nir_primitive_id_gs(uint64_t slots, uint64_t flat,
                                    uint64_t linear, unsigned input_primitive,
                                    unsigned quad_provoking);

/* One coefficient-register binding a fragment shader expects. */
struct agx_cf_binding {
   uint8_t cf_base;  /* first coefficient register */
   uint8_t slot;     /* gl_varying_slot; VARYING_SLOT_POS: W or Z */
   uint8_t offset;   /* first component (POS: 3 = W, 2 = Z) */
   uint8_t count;    /* components, 1..4 */
   bool flat;        /* flat shaded (ldcf) */
   bool perspective; /* perspective-correct (smooth varyings) */
};

struct agx_varyings_fs {
   uint8_t nr_cf; /* coefficient registers used (bindings' extent) */
   uint8_t nr_bindings;
   bool reads_z; /* gl_FragCoord.z read (cf1) */
   struct agx_cf_binding bindings[AGX_MAX_CF_BINDINGS];
};

struct agx_shader_info {
   gl_shader_stage stage;

   /* General registers, in 16-bit halves (USC Registers word: round up to
    * the hardware's granularity). */
   unsigned nr_gprs;
   /* Highest uniform half read + 1 (the FS word 0 / VS "uniforms" count). */
   unsigned push_count;
   unsigned nr_push;
   struct agx_push_range push[AGX_MAX_PUSH_RANGES];

   /* Statistics (SHADER-DB line, agx_shader_db_line) */
   unsigned nr_instrs;
   unsigned nr_alu, nr_fscib, nr_ic; /* cycle estimates */
   unsigned nr_loops;
   unsigned code_bytes;

   struct agx_varyings_vs vs;

   struct agx_varyings_fs fs;
   /* Textures: texture state slots ts0..ts<nr_textures - 1> hold the
    * descriptors of NIR texture_index 0.. (USC Texture word, start 0) and
    * sampler slots ss0.. those of sampler_index 0.. (USC Sampler word). */
   unsigned nr_textures, nr_samplers;

   /* FS: iter/ldcf present (USC Shader "loads varyings"). */
   bool reads_varyings;
   /* FS: render targets written with st_tile (bit i = rt i). */
   uint8_t tib_writes;
   /* FS: zs_emit hands gl_FragDepth to the depth test (late test). */
   bool writes_depth;
   bool writes_sample_mask;
   bool can_discard;
   /* Device stores and atomics or image stores: with them, a fragment
    * program runs before the depth and stencil tests (GL 4.6 section
    * 14.9: its side effects happen for fragments that then fail), unless
    * it asks for early_fragment_tests (GLSL 4.20 4.4.1.3, then tested
    * before it runs; NIR's info.fs.early_fragment_tests). */
   bool writes_memory;
   bool early_fragment_tests;

   /* Stack (scratch) memory: the frame each thread reserves at entry, in
    * 32-bit words (0: the shader uses no stack).  It holds indirectly
    * indexed local arrays and spilled registers.  The driver puts
    * agx_spill_size_field(scratch_size_dw) in the USC Registers word and
    * provides scratch memory for the stage (see docs/compiler.rst). */
   unsigned scratch_size_dw;
   /* Statistics: bytes of the frame used, spill and fill instructions. */
   unsigned scratch_size_B;
   unsigned nr_spills, nr_fills;

   /* Compute: threadgroup (shared) memory the shader addresses, bytes
    * from 0 (nir_shader::shared_size); the driver adds
    * pipe_grid_info::variable_shared_mem after it. */
   unsigned local_size_B;
   /* The preamble (agx_nir_opt_preamble.c): a program at byte
    * preamble_offset of the code that the driver names in a USC
    * Preshader word (instead of No Preshader).  The hardware runs it
    * once, on one thread, after the USC Uniform words are loaded and
    * before the shader; it computes uniform-only values and writes them
    * with uniform_store to uniform halves [0, preamble_halves), which the
    * shader reads (no push range lists them: the driver writes nothing
    * there).  nr_gprs covers both programs; the statistics above are the
    * shader's alone (nr_preamble_* are the preamble's). */
   bool has_preamble;
   unsigned preamble_offset;
   unsigned preamble_halves;
   unsigned nr_preamble_gprs, nr_preamble_instrs;
   /* Statistics (asahi-compiler --bench, not in the SHADER-DB line): the
    * shader's `wait` instructions, its asynchronous loads (device, stack
    * and threadgroup loads, texture lookups, atomics), and the
    * instructions between each load and the wait that covers it, summed
    * (how much of the loads' latency other work can hide). */
   unsigned nr_waits, nr_async, async_cover;
   /* Register moves that register allocation left (agx_lower_pseudo):
    * from copies (phi webs, output webs), from collects (register vectors
    * built from values elsewhere) and from splits. */
   unsigned nr_copy_moves, nr_collect_moves, nr_split_moves;
   /* Exchanges of two registers (three XORs each, counted in
    * nr_copy_moves) that broke a cycle of parallel copies: phis whose
    * values rotate around a loop. */
   unsigned nr_copy_swaps;
   /* 32-bit constants the shader reads from uniforms (AGX_PUSH_CONSTANTS) */
   uint32_t constants[AGX_MAX_CONSTANT_WORDS];
   unsigned nr_constants;
};

/* The words of a constant-table push range (AGX_PUSH_CONSTANTS) */
static inline void
agx_push_constants(const struct agx_shader_info *info,
                   const struct agx_push_range *r, uint32_t *data)
{
   for (unsigned k = 0; k < r->length / 2u; ++k)
      data[k] = info->constants[r->index + k];
}

/* Uniform halves the preamble may fill (a quarter of the file). */
#define AGX_PREAMBLE_MAX_HALVES 128

struct agx_shader_binary {
   /* Machine code (ralloc'ed under the mem_ctx given to the compile call),
    * ending in stop and padded with trap to AGX_CODE_ALIGN.  Offset 0 is
    * the entry point; the preamble, if any, at info.preamble_offset. */
   uint8_t *code;
   size_t size_B;
   struct agx_shader_info info;
};

#define AGX_CODE_ALIGN 0x100

enum agx_compile_status {
   AGX_COMPILE_OK = 0,
   /* The shader uses something the compiler does not implement yet. */
   AGX_COMPILE_UNSUPPORTED = -1,
   /* Out of registers even after spilling, or a limit of the hardware. */
   AGX_COMPILE_TOO_BIG = -2,
   /* The NIR is not in the form agx_preprocess_nir produces. */
   AGX_COMPILE_INVALID = -3,
};

/* The USC Registers word's "spill size" for a frame of `dw` 32-bit words:
 * 0 for none, else the size class b (1..15) whose stacks hold
 * 8 << (b - 1) words per thread (fact: alexvorxx/Mesa-VirGL
 * src/asahi/lib/agx_scratch.c agx_scratch_get_bucket, agx_linker.c). */
static inline unsigned
agx_spill_size_field(unsigned dw)
{
   if (!dw)
      return 0;
   unsigned b = 1;
   while (b < 15 && (8u << (b - 1)) < dw)
      b++;
   return b;
}

/* NIR options the front end should compile with (scalar booleans, fdiv...
 * lowered the way the backend wants). */
extern const nir_shader_compiler_options agx_nir_options;

/*
 * Shader-independent lowering, once per shader: I/O variables to
 * load_input/store_output/load_uniform (driver_location = the variable's
 * location for inputs/outputs; uniforms keep the driver_location the front
 * end gave, in vec4 slots), vectors to scalars, booleans, optimisation.
 * Returns false (with the shader untouched or partially lowered, but
 * valid) when the shader cannot be handled.
 */
bool agx_preprocess_nir(nir_shader *nir);
/* A vertex shader after agx_preprocess_nir: how many cull distances it
 * writes (1 + the highest gl_CullDistance element stored), for the
 * fragment shader's agx_fs_key::nr_cull_distances. */
unsigned agx_nir_cull_distance_count(nir_shader *vs);

/*
 * Compile a preprocessed shader for a key.  mem_ctx: ralloc parent of the
 * code.  On failure returns a negative agx_compile_status and, when
 * error/error_size are given, a message.
 */
int agx_compile_shader_nir(const nir_shader *nir,
                           const struct agx_shader_key *key, void *mem_ctx,
                           struct agx_shader_binary *out, char *error,
                           size_t error_size);

/*
 * Link a vertex shader's outputs to a fragment shader's inputs: writes the
 * coefficient binding table (cmdbuf.xml "cf binding header" then one "cf
 * binding" per fs->bindings[]) to `table` (4-byte words, at most
 * 1 + AGX_MAX_CF_BINDINGS).  `flat_first_vertex`: the provoking vertex of
 * flat varyings is the first (else the last) vertex.  Inputs the VS does
 * not write read slot 0 (undefined values, as GL allows).  Returns the
 * number of words written (0 when the FS has no bindings: then FS word 2 is
 * 0) or -1 if `capacity` is too small.
 */
int agx_link_varyings(const struct agx_varyings_vs *vs,
                      const struct agx_varyings_fs *fs, bool flat_first_vertex,
                      uint32_t *table, unsigned capacity);

/* The two PPP "varying counts" words (32-bit then 16-bit) for a VS. */
void agx_pack_varying_counts(const struct agx_varyings_vs *vs, uint32_t out[2]);

/* Component c of varying slot `slot` in one vertex's UVS words (words
 * [0, vs->nr_words)), as f32 bits (a 16-bit slot's half widened, exactly);
 * false when the vertex shader writes no word for it. */
bool agx_uvs_read(const struct agx_varyings_vs *vs, const uint32_t *words,
                  unsigned slot, unsigned c, uint32_t *out);

/* The tilebuffer memory format (the ISA's st_tile format field) the
 * compiler writes a render target of this format with, or -1 when it
 * cannot write it (agx_rt_key::format must be one with a value). */
int agx_tib_format_of(enum pipe_format format);

/* The 16-bit packed unorm formats (5-6-5, 5-5-5-1, 4-4-4-4 in any
 * order), which render through an f16 tilebuffer: the fragment shader
 * clamps what it stores to [0, 1] there, as a unorm tilebuffer would. */
bool agx_is_packed16_unorm(enum pipe_format format);

/* The statistics of a binary as Mesa's agx_dump_stats words them,
 * "<stage> shader: N inst, ..., N:N spills:fills" (no newline): the body
 * of the SHADER-DB line and the KHR_debug message drivers send.
 */
void agx_shader_stats(const struct agx_shader_binary *bin, char *out,
                      size_t size);

/* The "SHADER-DB: <label> - <stats>" line (no newline) in Mesa's format. */
void agx_shader_db_line(const struct agx_shader_binary *bin, const char *label,
                        char *out, size_t size);

/* Debug flags (AGX_MESA_DEBUG); parsed once. */
unsigned agx_compiler_debug(void);

/* Thread CPU time per backend pass, summed by pass name over the compiles
 * given the same struct (benchmarks: asahi-compiler --bench, agx-bench). */
#define AGX_MAX_PASS_TIMES 24
struct agx_pass_times {
   unsigned count;
   const char *name[AGX_MAX_PASS_TIMES];
   double seconds[AGX_MAX_PASS_TIMES];
};

/* agx_compile_shader_nir, adding the time of each pass to *times. */
int agx_compile_shader_nir_timed(const nir_shader *nir,
                                 const struct agx_shader_key *key,
                                 void *mem_ctx, struct agx_shader_binary *out,
                                 char *error, size_t error_size,
                                 struct agx_pass_times *times);
/* Add `seconds` to the entry `name` of *times (a new one if need be). */
void agx_pass_times_add(struct agx_pass_times *times, const char *name,
                        double seconds);

#ifdef __cplusplus
}
#endif

#endif /* AGX_COMPILE_H */
