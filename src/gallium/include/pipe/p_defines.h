/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Enumerations and flag bits of the Gallium interface: what the GL front end
 * and a pipe driver agree on, with the names Mesa's drivers use.  The values
 * are ours; nothing outside this tree depends on them.
 */
#ifndef PIPE_DEFINES_H
#define PIPE_DEFINES_H

#include <stdbool.h>
#include <stdint.h>

#include "p_format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Blend factors and equations (GL's, as one enum each). */
enum pipe_blendfactor {
   PIPE_BLENDFACTOR_ONE = 1,
   PIPE_BLENDFACTOR_SRC_COLOR,
   PIPE_BLENDFACTOR_SRC_ALPHA,
   PIPE_BLENDFACTOR_DST_ALPHA,
   PIPE_BLENDFACTOR_DST_COLOR,
   PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE,
   PIPE_BLENDFACTOR_CONST_COLOR,
   PIPE_BLENDFACTOR_CONST_ALPHA,
   PIPE_BLENDFACTOR_SRC1_COLOR,
   PIPE_BLENDFACTOR_SRC1_ALPHA,
   PIPE_BLENDFACTOR_ZERO = 0x11,
   PIPE_BLENDFACTOR_INV_SRC_COLOR,
   PIPE_BLENDFACTOR_INV_SRC_ALPHA,
   PIPE_BLENDFACTOR_INV_DST_ALPHA,
   PIPE_BLENDFACTOR_INV_DST_COLOR,
   PIPE_BLENDFACTOR_INV_CONST_COLOR = 0x17,
   PIPE_BLENDFACTOR_INV_CONST_ALPHA,
   PIPE_BLENDFACTOR_INV_SRC1_COLOR,
   PIPE_BLENDFACTOR_INV_SRC1_ALPHA,
};

enum pipe_blend_func {
   PIPE_BLEND_ADD,
   PIPE_BLEND_SUBTRACT,
   PIPE_BLEND_REVERSE_SUBTRACT,
   PIPE_BLEND_MIN,
   PIPE_BLEND_MAX,
};

/* KHR_blend_equation_advanced: in pipe_blend_state::advanced_blend_func;
 * NONE for the ordinary equations of pipe_rt_blend_state. */
enum pipe_advanced_blend_mode {
   PIPE_ADVANCED_BLEND_NONE = 0,
   PIPE_ADVANCED_BLEND_MULTIPLY,
   PIPE_ADVANCED_BLEND_SCREEN,
   PIPE_ADVANCED_BLEND_OVERLAY,
   PIPE_ADVANCED_BLEND_DARKEN,
   PIPE_ADVANCED_BLEND_LIGHTEN,
   PIPE_ADVANCED_BLEND_COLORDODGE,
   PIPE_ADVANCED_BLEND_COLORBURN,
   PIPE_ADVANCED_BLEND_HARDLIGHT,
   PIPE_ADVANCED_BLEND_SOFTLIGHT,
   PIPE_ADVANCED_BLEND_DIFFERENCE,
   PIPE_ADVANCED_BLEND_EXCLUSION,
   PIPE_ADVANCED_BLEND_HSL_HUE,
   PIPE_ADVANCED_BLEND_HSL_SATURATION,
   PIPE_ADVANCED_BLEND_HSL_COLOR,
   PIPE_ADVANCED_BLEND_HSL_LUMINOSITY,
};

enum pipe_logicop {
   PIPE_LOGICOP_CLEAR,
   PIPE_LOGICOP_NOR,
   PIPE_LOGICOP_AND_INVERTED,
   PIPE_LOGICOP_COPY_INVERTED,
   PIPE_LOGICOP_AND_REVERSE,
   PIPE_LOGICOP_INVERT,
   PIPE_LOGICOP_XOR,
   PIPE_LOGICOP_NAND,
   PIPE_LOGICOP_AND,
   PIPE_LOGICOP_EQUIV,
   PIPE_LOGICOP_NOOP,
   PIPE_LOGICOP_OR_INVERTED,
   PIPE_LOGICOP_COPY,
   PIPE_LOGICOP_OR_REVERSE,
   PIPE_LOGICOP_OR,
   PIPE_LOGICOP_SET,
};

#define PIPE_MASK_R 0x1
#define PIPE_MASK_G 0x2
#define PIPE_MASK_B 0x4
#define PIPE_MASK_A 0x8
#define PIPE_MASK_RGBA 0xf
#define PIPE_MASK_Z 0x10
#define PIPE_MASK_S 0x20
#define PIPE_MASK_ZS 0x30

/* Comparison functions: bit 0 less, bit 1 equal, bit 2 greater, as GL's
 * GL_NEVER..GL_ALWAYS minus 0x200. */
enum pipe_compare_func {
   PIPE_FUNC_NEVER,
   PIPE_FUNC_LESS,
   PIPE_FUNC_EQUAL,
   PIPE_FUNC_LEQUAL,
   PIPE_FUNC_GREATER,
   PIPE_FUNC_NOTEQUAL,
   PIPE_FUNC_GEQUAL,
   PIPE_FUNC_ALWAYS,
};

enum pipe_stencil_op {
   PIPE_STENCIL_OP_KEEP,
   PIPE_STENCIL_OP_ZERO,
   PIPE_STENCIL_OP_REPLACE,
   PIPE_STENCIL_OP_INCR,
   PIPE_STENCIL_OP_DECR,
   PIPE_STENCIL_OP_INCR_WRAP,
   PIPE_STENCIL_OP_DECR_WRAP,
   PIPE_STENCIL_OP_INVERT,
};

/* Rasterizer. */
#define PIPE_FACE_NONE 0
#define PIPE_FACE_FRONT 1
#define PIPE_FACE_BACK 2
#define PIPE_FACE_FRONT_AND_BACK (PIPE_FACE_FRONT | PIPE_FACE_BACK)

#define PIPE_POLYGON_MODE_FILL 0
#define PIPE_POLYGON_MODE_LINE 1
#define PIPE_POLYGON_MODE_POINT 2

#define PIPE_SPRITE_COORD_UPPER_LEFT 0
#define PIPE_SPRITE_COORD_LOWER_LEFT 1

/* Samplers. */
enum pipe_tex_wrap {
   PIPE_TEX_WRAP_REPEAT,
   PIPE_TEX_WRAP_CLAMP,
   PIPE_TEX_WRAP_CLAMP_TO_EDGE,
   PIPE_TEX_WRAP_CLAMP_TO_BORDER,
   PIPE_TEX_WRAP_MIRROR_REPEAT,
   PIPE_TEX_WRAP_MIRROR_CLAMP,
   PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
   PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER,
};

enum pipe_tex_filter {
   PIPE_TEX_FILTER_NEAREST,
   PIPE_TEX_FILTER_LINEAR,
};

enum pipe_tex_mipfilter {
   PIPE_TEX_MIPFILTER_NEAREST,
   PIPE_TEX_MIPFILTER_LINEAR,
   PIPE_TEX_MIPFILTER_NONE, /* sample level base_level only */
};

enum pipe_tex_compare {
   PIPE_TEX_COMPARE_NONE,
   PIPE_TEX_COMPARE_R_TO_TEXTURE,
};

/* Clear buffer bits (pipe_context::clear).  Colour buffer i is
 * PIPE_CLEAR_COLOR0 << i. */
#define PIPE_CLEAR_DEPTH (1 << 0)
#define PIPE_CLEAR_STENCIL (1 << 1)
#define PIPE_CLEAR_COLOR0 (1 << 2)
#define PIPE_CLEAR_COLOR1 (1 << 3)
#define PIPE_CLEAR_COLOR2 (1 << 4)
#define PIPE_CLEAR_COLOR3 (1 << 5)
#define PIPE_CLEAR_COLOR4 (1 << 6)
#define PIPE_CLEAR_COLOR5 (1 << 7)
#define PIPE_CLEAR_COLOR6 (1 << 8)
#define PIPE_CLEAR_COLOR7 (1 << 9)
#define PIPE_CLEAR_COLOR (0xff << 2)
#define PIPE_CLEAR_DEPTHSTENCIL (PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL)

/* Transfer (map) flags. */
enum pipe_map_flags {
   PIPE_MAP_NONE = 0,
   PIPE_MAP_READ = 1 << 0,
   PIPE_MAP_WRITE = 1 << 1,
   PIPE_MAP_READ_WRITE = PIPE_MAP_READ | PIPE_MAP_WRITE,
   /* The caller writes only the mapped range and does not need what was
    * there: a driver may hand back fresh memory. */
   PIPE_MAP_DISCARD_RANGE = 1 << 2,
   /* Same, for the whole resource. */
   PIPE_MAP_DISCARD_WHOLE_RESOURCE = 1 << 3,
   /* Do not wait for the GPU; the caller guarantees no conflict. */
   PIPE_MAP_UNSYNCHRONIZED = 1 << 4,
   /* Fail (return NULL) rather than wait. */
   PIPE_MAP_DONTBLOCK = 1 << 5,
   /* Writes become visible only through transfer_flush_region. */
   PIPE_MAP_FLUSH_EXPLICIT = 1 << 6,
   PIPE_MAP_PERSISTENT = 1 << 7,
   PIPE_MAP_COHERENT = 1 << 8,
   /* Map the memory as the GPU lays it out (no detiling copy). */
   PIPE_MAP_DIRECTLY = 1 << 9,
};

/* pipe_context::flush flags. */
enum pipe_flush_flags {
   PIPE_FLUSH_END_OF_FRAME = 1 << 0,
   /* Return a fence that may not be submitted yet. */
   PIPE_FLUSH_DEFERRED = 1 << 1,
   PIPE_FLUSH_ASYNC = 1 << 2,
   PIPE_FLUSH_FENCE_FD = 1 << 3,
};

/* pipe_resource::bind: how a resource may be used. */
#define PIPE_BIND_DEPTH_STENCIL (1 << 0)
#define PIPE_BIND_RENDER_TARGET (1 << 1)
#define PIPE_BIND_BLENDABLE (1 << 2)
#define PIPE_BIND_SAMPLER_VIEW (1 << 3)
#define PIPE_BIND_VERTEX_BUFFER (1 << 4)
#define PIPE_BIND_INDEX_BUFFER (1 << 5)
#define PIPE_BIND_CONSTANT_BUFFER (1 << 6)
#define PIPE_BIND_DISPLAY_TARGET (1 << 7)
#define PIPE_BIND_STREAM_OUTPUT (1 << 10)
#define PIPE_BIND_CURSOR (1 << 11)
#define PIPE_BIND_CUSTOM (1 << 12)
#define PIPE_BIND_GLOBAL (1 << 13)
#define PIPE_BIND_SHADER_BUFFER (1 << 14)
#define PIPE_BIND_SHADER_IMAGE (1 << 15)
#define PIPE_BIND_COMMAND_ARGS_BUFFER (1 << 16)
#define PIPE_BIND_QUERY_BUFFER (1 << 17)
#define PIPE_BIND_SCANOUT (1 << 19)
#define PIPE_BIND_SHARED (1 << 20)
#define PIPE_BIND_LINEAR (1 << 21)

/* pipe_resource::flags. */
#define PIPE_RESOURCE_FLAG_MAP_PERSISTENT (1 << 0)
#define PIPE_RESOURCE_FLAG_MAP_COHERENT (1 << 1)
#define PIPE_RESOURCE_FLAG_SPARSE (1 << 3)
#define PIPE_RESOURCE_FLAG_DRV_PRIV (1 << 8) /* first driver-private bit */

/* Hint of how often a resource is written and read by the CPU. */
enum pipe_resource_usage {
   PIPE_USAGE_DEFAULT, /* fast GPU access */
   PIPE_USAGE_IMMUTABLE, /* written once */
   PIPE_USAGE_DYNAMIC, /* written by the CPU now and then */
   PIPE_USAGE_STREAM, /* written by the CPU for each use */
   PIPE_USAGE_STAGING, /* CPU <-> GPU copies */
};

enum pipe_texture_target {
   PIPE_BUFFER,
   PIPE_TEXTURE_1D,
   PIPE_TEXTURE_2D,
   PIPE_TEXTURE_3D,
   PIPE_TEXTURE_CUBE,
   PIPE_TEXTURE_RECT,
   PIPE_TEXTURE_1D_ARRAY,
   PIPE_TEXTURE_2D_ARRAY,
   PIPE_TEXTURE_CUBE_ARRAY,
   PIPE_MAX_TEXTURE_TYPES,
};

#define PIPE_TEX_FACE_POS_X 0
#define PIPE_TEX_FACE_NEG_X 1
#define PIPE_TEX_FACE_POS_Y 2
#define PIPE_TEX_FACE_NEG_Y 3
#define PIPE_TEX_FACE_POS_Z 4
#define PIPE_TEX_FACE_NEG_Z 5
#define PIPE_TEX_FACE_MAX 6

/* Shader stages, in the order of gl_shader_stage. */
enum pipe_shader_type {
   PIPE_SHADER_VERTEX,
   PIPE_SHADER_TESS_CTRL,
   PIPE_SHADER_TESS_EVAL,
   PIPE_SHADER_GEOMETRY,
   PIPE_SHADER_FRAGMENT,
   PIPE_SHADER_COMPUTE,
   PIPE_SHADER_TYPES,
};

/* What pipe_shader_state::ir carries. */
enum pipe_shader_ir {
   PIPE_SHADER_IR_TGSI, /* not supported here */
   PIPE_SHADER_IR_NATIVE,
   PIPE_SHADER_IR_NIR,
};

enum pipe_prim_type {
   PIPE_PRIM_POINTS,
   PIPE_PRIM_LINES,
   PIPE_PRIM_LINE_LOOP,
   PIPE_PRIM_LINE_STRIP,
   PIPE_PRIM_TRIANGLES,
   PIPE_PRIM_TRIANGLE_STRIP,
   PIPE_PRIM_TRIANGLE_FAN,
   PIPE_PRIM_QUADS,
   PIPE_PRIM_QUAD_STRIP,
   PIPE_PRIM_POLYGON,
   PIPE_PRIM_LINES_ADJACENCY,
   PIPE_PRIM_LINE_STRIP_ADJACENCY,
   PIPE_PRIM_TRIANGLES_ADJACENCY,
   PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY,
   PIPE_PRIM_PATCHES,
   PIPE_PRIM_MAX,
};

/* Queries. */
enum pipe_query_type {
   PIPE_QUERY_OCCLUSION_COUNTER,
   PIPE_QUERY_OCCLUSION_PREDICATE,
   PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE,
   PIPE_QUERY_TIMESTAMP,
   PIPE_QUERY_TIMESTAMP_DISJOINT,
   PIPE_QUERY_TIME_ELAPSED,
   PIPE_QUERY_PRIMITIVES_GENERATED,
   PIPE_QUERY_PRIMITIVES_EMITTED,
   PIPE_QUERY_SO_STATISTICS,
   PIPE_QUERY_SO_OVERFLOW_PREDICATE,
   PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE,
   PIPE_QUERY_GPU_FINISHED,
   PIPE_QUERY_PIPELINE_STATISTICS,
   PIPE_QUERY_PIPELINE_STATISTICS_SINGLE,
   PIPE_QUERY_TYPES,
   PIPE_QUERY_DRIVER_SPECIFIC = 256,
};

enum pipe_render_cond_flag {
   PIPE_RENDER_COND_WAIT,
   PIPE_RENDER_COND_NO_WAIT,
   PIPE_RENDER_COND_BY_REGION_WAIT,
   PIPE_RENDER_COND_BY_REGION_NO_WAIT,
};

/* pipe_context::memory_barrier flags. */
#define PIPE_BARRIER_MAPPED_BUFFER (1 << 0)
#define PIPE_BARRIER_SHADER_BUFFER (1 << 1)
#define PIPE_BARRIER_QUERY_BUFFER (1 << 2)
#define PIPE_BARRIER_VERTEX_BUFFER (1 << 3)
#define PIPE_BARRIER_INDEX_BUFFER (1 << 4)
#define PIPE_BARRIER_CONSTANT_BUFFER (1 << 5)
#define PIPE_BARRIER_INDIRECT_BUFFER (1 << 6)
#define PIPE_BARRIER_TEXTURE (1 << 7)
#define PIPE_BARRIER_IMAGE (1 << 8)
#define PIPE_BARRIER_FRAMEBUFFER (1 << 9)
#define PIPE_BARRIER_STREAMOUT_BUFFER (1 << 10)
#define PIPE_BARRIER_GLOBAL_BUFFER (1 << 11)
#define PIPE_BARRIER_UPDATE_BUFFER (1 << 12)
#define PIPE_BARRIER_UPDATE_TEXTURE (1 << 13)
#define PIPE_BARRIER_ALL ((1 << 14) - 1)

enum pipe_texture_barrier_flags {
   PIPE_TEXTURE_BARRIER_SAMPLER = 1 << 0,
   PIPE_TEXTURE_BARRIER_FRAMEBUFFER = 1 << 1,
};

/* pipe_context::get_device_reset_status (GL_KHR_robustness): whether the
 * context lost its work since the last query, and whose fault it was.
 */
enum pipe_reset_status {
   PIPE_NO_RESET,
   PIPE_GUILTY_CONTEXT_RESET,   /* this context's work faulted or hung */
   PIPE_INNOCENT_CONTEXT_RESET, /* another context's work did */
   PIPE_UNKNOWN_CONTEXT_RESET,  /* a reset with no known culprit */
};

/* pipe_context_create flags. */
#define PIPE_CONTEXT_DEBUG (1 << 0)
#define PIPE_CONTEXT_ROBUST_BUFFER_ACCESS (1 << 1)
#define PIPE_CONTEXT_LOSE_CONTEXT_ON_RESET (1 << 2)
#define PIPE_CONTEXT_HIGH_PRIORITY (1 << 3)
#define PIPE_CONTEXT_LOW_PRIORITY (1 << 4)
#define PIPE_CONTEXT_COMPUTE_ONLY (1 << 5)

/* pipe_screen::resource_get_handle / resource_from_handle. */
enum winsys_handle_type {
   WINSYS_HANDLE_TYPE_SHARED, /* GEM flink name */
   WINSYS_HANDLE_TYPE_KMS,    /* GEM handle on the screen's fd */
   WINSYS_HANDLE_TYPE_FD,     /* dma-buf file descriptor */
};

#define PIPE_HANDLE_USAGE_FRAMEBUFFER_WRITE (1 << 0)
#define PIPE_HANDLE_USAGE_SHADER_WRITE (1 << 1)
#define PIPE_HANDLE_USAGE_EXPLICIT_FLUSH (1 << 2)

#define PIPE_TIMEOUT_INFINITE 0xffffffffffffffffull

/* Limits of the interface (array sizes in the state structs). */
#define PIPE_MAX_ATTRIBS 32
#define PIPE_MAX_CLIP_PLANES 8
#define PIPE_MAX_COLOR_BUFS 8
#define PIPE_MAX_CONSTANT_BUFFERS 32
#define PIPE_MAX_SAMPLERS 32
#define PIPE_MAX_SHADER_INPUTS 80
#define PIPE_MAX_SHADER_OUTPUTS 80
#define PIPE_MAX_SHADER_SAMPLER_VIEWS 128
#define PIPE_MAX_SHADER_BUFFERS 32
#define PIPE_MAX_SHADER_IMAGES 64
#define PIPE_MAX_TEXTURE_LEVELS 16
#define PIPE_MAX_SO_BUFFERS 4
#define PIPE_MAX_SO_OUTPUTS 64
#define PIPE_MAX_VIEWPORTS 16
#define PIPE_MAX_SAMPLE_LOCATION_GRID_SIZE 4

/*
 * Screen capabilities, answered by pipe_screen::get_param.  Booleans answer
 * 0 or 1; the rest answer the number named.  A driver answers 0 for a cap it
 * does not know.
 */
enum pipe_cap {
   PIPE_CAP_NPOT_TEXTURES,
   PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS,
   PIPE_CAP_ANISOTROPIC_FILTER,
   PIPE_CAP_OCCLUSION_QUERY,
   PIPE_CAP_QUERY_TIME_ELAPSED,
   PIPE_CAP_QUERY_TIMESTAMP,
   PIPE_CAP_TEXTURE_SWIZZLE,
   PIPE_CAP_MAX_TEXTURE_2D_SIZE,    /* texels */
   PIPE_CAP_MAX_TEXTURE_3D_LEVELS,
   PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS,
   PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS,
   PIPE_CAP_MAX_RENDER_TARGETS,
   PIPE_CAP_BLEND_EQUATION_SEPARATE,
   PIPE_CAP_INDEP_BLEND_ENABLE,
   PIPE_CAP_INDEP_BLEND_FUNC,
   PIPE_CAP_FRAGMENT_SHADER_TEXTURE_LOD,
   PIPE_CAP_FRAGMENT_SHADER_DERIVATIVES,
   PIPE_CAP_PRIMITIVE_RESTART,
   PIPE_CAP_PRIMITIVE_RESTART_FIXED_INDEX,
   PIPE_CAP_INSTANCE_ID,
   PIPE_CAP_VERTEX_ELEMENT_INSTANCE_DIVISOR,
   PIPE_CAP_DEPTH_CLIP_DISABLE,
   PIPE_CAP_SEAMLESS_CUBE_MAP,
   PIPE_CAP_MIN_TEXEL_OFFSET,
   PIPE_CAP_MAX_TEXEL_OFFSET,
   PIPE_CAP_CONDITIONAL_RENDER,
   PIPE_CAP_TEXTURE_BARRIER,
   PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS,
   PIPE_CAP_MAX_STREAM_OUTPUT_SEPARATE_COMPONENTS,
   PIPE_CAP_MAX_STREAM_OUTPUT_INTERLEAVED_COMPONENTS,
   PIPE_CAP_GLSL_FEATURE_LEVEL,     /* e.g. 330 */
   PIPE_CAP_ESSL_FEATURE_LEVEL,     /* e.g. 300 */
   PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT, /* bytes */
   PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT,         /* bytes */
   PIPE_CAP_TEXTURE_BUFFER_OBJECTS,
   PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT,
   PIPE_CAP_MAX_TEXEL_BUFFER_ELEMENTS,
   PIPE_CAP_MAX_VIEWPORTS,
   PIPE_CAP_MAX_VERTEX_ATTRIB_STRIDE, /* bytes */
   PIPE_CAP_MAX_VERTEX_ELEMENT_SRC_OFFSET,
   PIPE_CAP_COMPUTE,
   PIPE_CAP_START_INSTANCE,
   PIPE_CAP_DRAW_INDIRECT,
   PIPE_CAP_MULTI_DRAW_INDIRECT,
   PIPE_CAP_TEXTURE_MULTISAMPLE,
   PIPE_CAP_SAMPLE_SHADING,
   PIPE_CAP_CUBE_MAP_ARRAY,
   PIPE_CAP_SHADER_BUFFER_OFFSET_ALIGNMENT,
   PIPE_CAP_MAX_SHADER_BUFFER_SIZE,
   PIPE_CAP_DEPTH_CLAMP_ENABLE,
   PIPE_CAP_CLIP_HALFZ,
   PIPE_CAP_VS_INSTANCEID,
   PIPE_CAP_UMA,
   PIPE_CAP_VIDEO_MEMORY,           /* MiB */
   PIPE_CAP_ACCELERATED,
   PIPE_CAP_VENDOR_ID,
   PIPE_CAP_DEVICE_ID,
   PIPE_CAP_MAX_TEXTURE_UPLOAD_MEMORY_BUDGET,
   PIPE_CAP_PREFER_BLIT_BASED_TEXTURE_TRANSFER,
   PIPE_CAP_TGSI_TEXCOORD,
   PIPE_CAP_SHAREABLE_SHADERS,
   PIPE_CAP_NIR_IMAGES_AS_DEREF,
   PIPE_CAP_DMABUF,
   PIPE_CAP_POINT_SPRITE,
   PIPE_CAP_TEXRECT, /* PIPE_TEXTURE_RECT with unnormalized_coords */
   /* pipe_blend_state::advanced_blend_func (KHR_blend_equation_advanced
    * and _coherent: the driver keeps blends of overlapping primitives in
    * order). */
   PIPE_CAP_BLEND_EQUATION_ADVANCED,
   /* A vertex shader may write VARYING_SLOT_LAYER (the framebuffer layer
    * of its primitives, as a geometry shader's gl_Layer does). */
   PIPE_CAP_VS_LAYER_VIEWPORT,
   /* Compute limits (with PIPE_CAP_COMPUTE; GL 4.3 table 23.67):
    * workgroups per dispatch in each dimension (MAX_COMPUTE_WORK_GROUP_
    * COUNT), invocations per workgroup in each dimension and in all
    * (MAX_COMPUTE_WORK_GROUP_SIZE, _INVOCATIONS), shared memory bytes
    * (MAX_COMPUTE_SHARED_MEMORY_SIZE). */
   PIPE_CAP_MAX_COMPUTE_GRID_SIZE_X,
   PIPE_CAP_MAX_COMPUTE_GRID_SIZE_Y,
   PIPE_CAP_MAX_COMPUTE_GRID_SIZE_Z,
   PIPE_CAP_MAX_COMPUTE_BLOCK_SIZE_X,
   PIPE_CAP_MAX_COMPUTE_BLOCK_SIZE_Y,
   PIPE_CAP_MAX_COMPUTE_BLOCK_SIZE_Z,
   PIPE_CAP_MAX_COMPUTE_THREADS_PER_BLOCK,
   PIPE_CAP_MAX_COMPUTE_SHARED_MEMORY,
   /* textureGather: components a gather may select (0: none, 1: red
    * only, 4: any) and the range of its offsets */
   PIPE_CAP_MAX_TEXTURE_GATHER_COMPONENTS,
   PIPE_CAP_MIN_TEXTURE_GATHER_OFFSET,
   PIPE_CAP_MAX_TEXTURE_GATHER_OFFSET,
   /* ARB_gpu_shader5: gathers with a component select and non-constant
    * or four offsets, geometry shader instances (invocations) and the
    * vertex streams a geometry shader may emit to */
   PIPE_CAP_TEXTURE_GATHER_SM5,
   PIPE_CAP_MAX_GS_INVOCATIONS,
   PIPE_CAP_MAX_VERTEX_STREAMS,
   /* set_constant_buffer(slot 0) takes client memory (user_buffer) and
    * copies it: the state tracker then passes the default uniform block
    * as it is instead of uploading it to a buffer the driver would map
    * back (Mesa's PIPE_CAP_USER_CONSTANT_BUFFERS of old; today the
    * inverse PIPE_CAP_PREFER_REAL_BUFFER_IN_CONSTBUF0).  Since wave 16. */
   PIPE_CAP_USER_CONSTANT_BUFFERS,
   PIPE_CAP_COUNT,
};

/* Per-stage capabilities, answered by pipe_screen::get_shader_param. */
enum pipe_shader_cap {
   PIPE_SHADER_CAP_MAX_INSTRUCTIONS,
   PIPE_SHADER_CAP_MAX_CONTROL_FLOW_DEPTH,
   PIPE_SHADER_CAP_MAX_INPUTS,        /* vec4 slots */
   PIPE_SHADER_CAP_MAX_OUTPUTS,       /* vec4 slots */
   PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE, /* bytes */
   PIPE_SHADER_CAP_MAX_CONST_BUFFERS,
   PIPE_SHADER_CAP_MAX_TEMPS,
   PIPE_SHADER_CAP_CONT_SUPPORTED,
   PIPE_SHADER_CAP_INDIRECT_INPUT_ADDR,
   PIPE_SHADER_CAP_INDIRECT_OUTPUT_ADDR,
   PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR,
   PIPE_SHADER_CAP_INDIRECT_CONST_ADDR,
   PIPE_SHADER_CAP_SUBROUTINES,
   PIPE_SHADER_CAP_INTEGERS,
   PIPE_SHADER_CAP_INT64_ATOMICS,
   PIPE_SHADER_CAP_FP16,
   PIPE_SHADER_CAP_FP16_DERIVATIVES,
   PIPE_SHADER_CAP_INT16,
   PIPE_SHADER_CAP_GLSL_16BIT_CONSTS,
   PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS,
   PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS,
   PIPE_SHADER_CAP_TGSI_SQRT_SUPPORTED,
   PIPE_SHADER_CAP_MAX_SHADER_BUFFERS,
   PIPE_SHADER_CAP_MAX_SHADER_IMAGES,
   PIPE_SHADER_CAP_SUPPORTED_IRS,     /* bit mask of 1 << pipe_shader_ir */
   PIPE_SHADER_CAP_COUNT,
};

/* Numbers the screen reports as floats (pipe_screen::get_paramf). */
enum pipe_capf {
   PIPE_CAPF_MIN_LINE_WIDTH,
   PIPE_CAPF_MAX_LINE_WIDTH,
   PIPE_CAPF_MIN_POINT_SIZE,
   PIPE_CAPF_MAX_POINT_SIZE,
   PIPE_CAPF_MAX_TEXTURE_ANISOTROPY,
   PIPE_CAPF_MAX_TEXTURE_LOD_BIAS,
   PIPE_CAPF_COUNT,
};

#ifdef __cplusplus
}
#endif

#endif
