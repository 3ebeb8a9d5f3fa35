/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The state structures of the Gallium interface: resources and the views
 * on them, the constant state objects (CSOs) a context creates from a
 * template, and the per-call parameters of draws, blits and transfers.
 *
 * Templates are plain values: a driver copies what it needs in its create_*
 * hook and never keeps the caller's pointer.  Reference-counted objects
 * (resources, surfaces, sampler views, stream-output targets) start with
 * struct pipe_reference; util/u_inlines.h has the helpers.
 */
#ifndef PIPE_STATE_H
#define PIPE_STATE_H

#include "p_compiler.h"
#include "p_defines.h"
#include "p_format.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_context;
struct pipe_screen;
struct pipe_resource;
struct nir_shader;

struct pipe_reference {
   int32_t count;
};

/* A region of a resource in texels (x/width in bytes for buffers).  For
 * array and cube textures z/depth are layers (cube faces count as layers). */
struct pipe_box {
   int32_t x;
   int32_t y;
   int32_t z;
   int32_t width;
   int32_t height;
   int32_t depth;
};

/* A buffer or texture.  Created by pipe_screen::resource_create from a
 * template with everything but reference and screen filled in. */
struct pipe_resource {
   struct pipe_reference reference;

   uint32_t width0;      /* texels, or bytes for PIPE_BUFFER */
   uint16_t height0;
   uint16_t depth0;
   uint16_t array_size;  /* layers; 6 x cubes for cube (array) textures */

   enum pipe_format format;          /* PIPE_FORMAT_R8_UNORM for buffers */
   enum pipe_texture_target target;
   uint8_t last_level;               /* index of the smallest mip level */
   uint8_t nr_samples;               /* 0 or 1: single-sampled */
   uint8_t nr_storage_samples;
   enum pipe_resource_usage usage;
   unsigned bind;                    /* PIPE_BIND_* */
   unsigned flags;                   /* PIPE_RESOURCE_FLAG_* */

   /* Next plane of a multi-planar resource, else NULL. */
   struct pipe_resource *next;
   struct pipe_screen *screen;
};

/* A single level/layer range of a texture as a render target or
 * depth/stencil buffer.  Made by pipe_context::create_surface. */
struct pipe_surface {
   struct pipe_reference reference;
   enum pipe_format format;
   uint16_t width;       /* of the level, in texels */
   uint16_t height;
   uint8_t nr_samples;   /* 0: as the texture */
   struct pipe_resource *texture;
   struct pipe_context *context;

   union {
      struct {
         unsigned level;
         unsigned first_layer : 16;
         unsigned last_layer : 16;
      } tex;
      struct {
         unsigned first_element;
         unsigned last_element;
      } buf;
   } u;
};

/* A texture (or buffer) as seen by a shader's sampler. */
struct pipe_sampler_view {
   struct pipe_reference reference;
   enum pipe_format format;
   enum pipe_texture_target target;
   unsigned swizzle_r : 3; /* enum pipe_swizzle */
   unsigned swizzle_g : 3;
   unsigned swizzle_b : 3;
   unsigned swizzle_a : 3;
   struct pipe_resource *texture;
   struct pipe_context *context;

   union {
      struct {
         unsigned first_layer : 16;
         unsigned last_layer : 16;
         unsigned first_level : 8;
         unsigned last_level : 8;
      } tex;
      struct {
         unsigned offset; /* bytes */
         unsigned size;   /* bytes */
      } buf;
   } u;
};

/* Shader storage buffer binding. */
struct pipe_shader_buffer {
   struct pipe_resource *buffer;
   unsigned buffer_offset;
   unsigned buffer_size;
};

/* Shader image binding. */
struct pipe_image_view {
   struct pipe_resource *resource;
   enum pipe_format format;
   uint16_t access;        /* PIPE_IMAGE_ACCESS_* */
   uint16_t shader_access;

   union {
      struct {
         unsigned first_layer : 16;
         unsigned last_layer : 16;
         unsigned level : 8;
      } tex;
      struct {
         unsigned offset;
         unsigned size;
      } buf;
   } u;
};

#define PIPE_IMAGE_ACCESS_READ (1 << 0)
#define PIPE_IMAGE_ACCESS_WRITE (1 << 1)
#define PIPE_IMAGE_ACCESS_READ_WRITE 3

union pipe_color_union {
   float f[4];
   int32_t i[4];
   uint32_t ui[4];
};

/* Render targets.  Surfaces are referenced by the caller; a driver that
 * keeps them past the call takes its own references. */
struct pipe_framebuffer_state {
   uint16_t width, height;
   uint16_t layers;
   uint8_t samples;
   uint8_t nr_cbufs;
   struct pipe_surface *cbufs[PIPE_MAX_COLOR_BUFS];
   struct pipe_surface *zsbuf;
};

/* Window coordinates = NDC * scale + translate (per axis). */
struct pipe_viewport_state {
   float scale[3];
   float translate[3];
};

/* Inclusive min, exclusive max, in window pixels (y down from the top of
 * the framebuffer as the driver sees it; the state tracker flips for GL). */
struct pipe_scissor_state {
   unsigned minx : 16;
   unsigned miny : 16;
   unsigned maxx : 16;
   unsigned maxy : 16;
};

struct pipe_clip_state {
   float ucp[PIPE_MAX_CLIP_PLANES][4];
};

struct pipe_poly_stipple {
   uint32_t stipple[32];
};

struct pipe_blend_color {
   float color[4];
};

struct pipe_stencil_ref {
   uint8_t ref_value[2]; /* front, back */
};

/* --- Constant state objects ------------------------------------------ */

struct pipe_rt_blend_state {
   unsigned blend_enable : 1;
   unsigned rgb_func : 3;       /* enum pipe_blend_func */
   unsigned rgb_src_factor : 5; /* enum pipe_blendfactor */
   unsigned rgb_dst_factor : 5;
   unsigned alpha_func : 3;
   unsigned alpha_src_factor : 5;
   unsigned alpha_dst_factor : 5;
   unsigned colormask : 4;      /* PIPE_MASK_R/G/B/A */
};

struct pipe_blend_state {
   unsigned independent_blend_enable : 1; /* else rt[0] applies to all */
   unsigned logicop_enable : 1;
   unsigned logicop_func : 4;             /* enum pipe_logicop */
   unsigned dither : 1;
   unsigned alpha_to_coverage : 1;
   unsigned alpha_to_one : 1;
   unsigned max_rt : 3;                   /* highest rt[] in use */
   struct pipe_rt_blend_state rt[PIPE_MAX_COLOR_BUFS];
   /* KHR_blend_equation_advanced: replaces the functions and factors of
    * the enabled render targets (GL allows one draw buffer then). */
   enum pipe_advanced_blend_mode advanced_blend_func;
};

struct pipe_stencil_state {
   unsigned enabled : 1;
   unsigned func : 3;     /* enum pipe_compare_func */
   unsigned fail_op : 3;  /* enum pipe_stencil_op */
   unsigned zpass_op : 3;
   unsigned zfail_op : 3;
   unsigned valuemask : 8;
   unsigned writemask : 8;
};

struct pipe_depth_stencil_alpha_state {
   unsigned depth_enabled : 1;
   unsigned depth_writemask : 1;
   unsigned depth_func : 3; /* enum pipe_compare_func */
   unsigned depth_bounds_test : 1;
   unsigned alpha_enabled : 1;
   unsigned alpha_func : 3;
   struct pipe_stencil_state stencil[2]; /* front, back */
   float alpha_ref_value;
   double depth_bounds_min;
   double depth_bounds_max;
};

struct pipe_rasterizer_state {
   unsigned flatshade : 1;
   unsigned light_twoside : 1;
   unsigned clamp_vertex_color : 1;
   unsigned clamp_fragment_color : 1;
   unsigned front_ccw : 1;
   unsigned cull_face : 2;      /* PIPE_FACE_* */
   unsigned fill_front : 2;     /* PIPE_POLYGON_MODE_* */
   unsigned fill_back : 2;
   unsigned offset_point : 1;
   unsigned offset_line : 1;
   unsigned offset_tri : 1;
   unsigned scissor : 1;
   unsigned poly_smooth : 1;
   unsigned poly_stipple_enable : 1;
   unsigned point_smooth : 1;
   unsigned sprite_coord_mode : 1; /* PIPE_SPRITE_COORD_* */
   unsigned point_quad_rasterization : 1;
   unsigned point_size_per_vertex : 1;
   unsigned multisample : 1;
   unsigned line_smooth : 1;
   unsigned line_stipple_enable : 1;
   unsigned line_last_pixel : 1;
   unsigned flatshade_first : 1; /* provoking vertex: first, else last */
   unsigned half_pixel_center : 1;
   unsigned bottom_edge_rule : 1;
   unsigned rasterizer_discard : 1;
   unsigned depth_clip_near : 1;
   unsigned depth_clip_far : 1;
   unsigned depth_clamp : 1;
   unsigned clip_halfz : 1;      /* z in [0, 1] after clipping, else [-1, 1] */
   unsigned clip_plane_enable : PIPE_MAX_CLIP_PLANES;
   unsigned line_stipple_factor : 8;
   unsigned line_stipple_pattern : 16;
   uint32_t sprite_coord_enable; /* bit per texcoord varying */
   float line_width;
   float point_size;
   float offset_units;
   float offset_scale;
   float offset_clamp;
};

struct pipe_sampler_state {
   unsigned wrap_s : 3;          /* enum pipe_tex_wrap */
   unsigned wrap_t : 3;
   unsigned wrap_r : 3;
   unsigned min_img_filter : 1;  /* enum pipe_tex_filter */
   unsigned min_mip_filter : 2;  /* enum pipe_tex_mipfilter */
   unsigned mag_img_filter : 1;
   unsigned compare_mode : 1;    /* enum pipe_tex_compare */
   unsigned compare_func : 3;    /* enum pipe_compare_func */
   unsigned unnormalized_coords : 1;
   unsigned max_anisotropy : 5;
   unsigned seamless_cube_map : 1;
   unsigned border_color_is_integer : 1;
   float lod_bias;
   float min_lod, max_lod;
   union pipe_color_union border_color;
};

/* One vertex attribute: where its data comes from and how it is laid out. */
struct pipe_vertex_element {
   uint16_t src_offset;           /* bytes from the vertex buffer's offset */
   uint16_t src_stride;           /* bytes between vertices (0: constant) */
   uint8_t vertex_buffer_index;
   bool dual_slot;                /* 64-bit attribute taking two slots */
   enum pipe_format src_format;   /* e.g. PIPE_FORMAT_R32G32B32A32_FLOAT */
   unsigned instance_divisor;     /* 0: per vertex */
};

/* One vertex buffer binding (the stride lives in the vertex elements). */
struct pipe_vertex_buffer {
   bool is_user_buffer;
   unsigned buffer_offset; /* bytes */
   union {
      struct pipe_resource *resource;
      const void *user; /* client memory, only when is_user_buffer */
   } buffer;
};

struct pipe_constant_buffer {
   struct pipe_resource *buffer; /* NULL when user_buffer is set */
   unsigned buffer_offset;       /* bytes */
   unsigned buffer_size;         /* bytes */
   const void *user_buffer;      /* client memory, copied by the driver */
};

struct pipe_stream_output_info {
   unsigned num_outputs;
   uint16_t stride[PIPE_MAX_SO_BUFFERS]; /* dwords */
   struct {
      unsigned register_index : 6; /* output slot (VARYING_SLOT_*) */
      unsigned start_component : 2;
      unsigned num_components : 3;
      unsigned output_buffer : 3;
      unsigned dst_offset : 16;    /* dwords */
      unsigned stream : 2;
   } output[PIPE_MAX_SO_OUTPUTS];
};

/*
 * A graphics shader.  Here always type == PIPE_SHADER_IR_NIR: ir.nir is a
 * linked, generic NIR shader whose ownership passes to the driver (the
 * driver frees it, e.g. with ralloc_free, when the CSO is deleted).
 * Inputs/outputs are variables with data.location set: vertex inputs
 * VERT_ATTRIB_GENERIC0 + n, varyings VARYING_SLOT_*, fragment outputs
 * FRAG_RESULT_*; default-block uniforms live in constant buffer 0 at the
 * byte offsets given by the variables' data.driver_location.
 */
struct pipe_shader_state {
   enum pipe_shader_ir type;
   union {
      const void *tokens;   /* PIPE_SHADER_IR_TGSI/NATIVE, unused here */
      struct nir_shader *nir;
   } ir;
   struct pipe_stream_output_info stream_output;
};

struct pipe_compute_state {
   enum pipe_shader_ir ir_type;
   const void *prog; /* struct nir_shader * for PIPE_SHADER_IR_NIR */
   unsigned static_shared_mem;
   unsigned req_input_mem;
};

struct pipe_stream_output_target {
   struct pipe_reference reference;
   struct pipe_resource *buffer;
   struct pipe_context *context;
   unsigned buffer_offset;
   unsigned buffer_size;
};

/* --- Draws ------------------------------------------------------------ */

/* What is common to all draws of one draw_vbo call. */
struct pipe_draw_info {
   uint8_t index_size;          /* 0 (non-indexed), 1, 2 or 4 bytes */
   uint8_t mode;                /* enum pipe_prim_type */
   bool primitive_restart;
   bool has_user_indices;       /* index.user is client memory */
   bool index_bounds_valid;     /* min_index/max_index are set */
   bool increment_draw_id;      /* drawid + i for draws[i] */
   bool take_index_buffer_ownership;
   unsigned start_instance;
   unsigned instance_count;
   unsigned restart_index;
   unsigned min_index;          /* with index_bounds_valid */
   unsigned max_index;
   union {
      struct pipe_resource *resource;
      const void *user;
   } index;
};

/* One draw: vertices (or indices) start..start+count-1; for indexed draws
 * index_bias is added to each index (GL's basevertex). */
struct pipe_draw_start_count_bias {
   unsigned start;
   unsigned count;
   int index_bias;
};

struct pipe_draw_indirect_info {
   unsigned offset;      /* bytes into buffer */
   unsigned stride;      /* bytes between commands */
   unsigned draw_count;
   unsigned indirect_draw_count_offset;
   struct pipe_resource *buffer;
   struct pipe_resource *indirect_draw_count; /* NULL: use draw_count */
   struct pipe_stream_output_target *count_from_stream_output;
};

struct pipe_grid_info {
   unsigned work_dim;
   unsigned block[3];     /* workgroup size */
   unsigned grid[3];      /* workgroups */
   unsigned variable_shared_mem;
   const void *input;
   struct pipe_resource *indirect;
   unsigned indirect_offset;
};

/* --- Copies ----------------------------------------------------------- */

struct pipe_blit_info {
   struct {
      struct pipe_resource *resource;
      unsigned level;
      struct pipe_box box; /* negative width/height: mirrored */
      enum pipe_format format;
   } dst, src;

   unsigned mask;          /* PIPE_MASK_RGBA | PIPE_MASK_Z | PIPE_MASK_S */
   unsigned filter;        /* enum pipe_tex_filter */
   bool scissor_enable;
   struct pipe_scissor_state scissor;
   bool render_condition_enable;
   bool alpha_blend;
};

/* A mapping made by buffer_map/texture_map.  The pointer returned beside it
 * addresses box's origin; rows are stride bytes apart and layers (or
 * slices) layer_stride bytes apart. */
struct pipe_transfer {
   struct pipe_resource *resource;
   unsigned level;
   enum pipe_map_flags usage;
   struct pipe_box box;
   unsigned stride;
   uintptr_t layer_stride;
};

/* --- Queries ---------------------------------------------------------- */

struct pipe_query_data_timestamp_disjoint {
   uint64_t frequency;
   bool disjoint;
};

struct pipe_query_data_so_statistics {
   uint64_t num_primitives_written;
   uint64_t primitives_storage_needed;
};

union pipe_query_result {
   bool b;
   uint64_t u64;
   struct pipe_query_data_timestamp_disjoint timestamp_disjoint;
   struct pipe_query_data_so_statistics so_statistics;
};

enum pipe_query_value_type {
   PIPE_QUERY_TYPE_I32,
   PIPE_QUERY_TYPE_U32,
   PIPE_QUERY_TYPE_I64,
   PIPE_QUERY_TYPE_U64,
};

/* --- Screen-level descriptions ---------------------------------------- */

/* A resource shared with other processes or APIs. */
struct winsys_handle {
   enum winsys_handle_type type;
   unsigned handle;    /* GEM handle, flink name or fd */
   unsigned stride;    /* bytes per row */
   unsigned offset;    /* bytes */
   enum pipe_format format;
   uint64_t modifier;  /* DRM_FORMAT_MOD_*; DRM_FORMAT_MOD_INVALID unknown */
   unsigned plane;
};

struct pipe_memory_info {
   unsigned total_device_memory;      /* KiB */
   unsigned avail_device_memory;
   unsigned total_staging_memory;
   unsigned avail_staging_memory;
   unsigned device_memory_evicted;
   unsigned nr_device_memory_evictions;
};

#ifdef __cplusplus
}
#endif

#endif
