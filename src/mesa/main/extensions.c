/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The one table of the extensions this front end implements, with the
 * APIs and versions each is advertised for (an ES extension written
 * against ES 3.0 is only listed in ES 3.x contexts).  glGetString,
 * glGetStringi and GL_NUM_EXTENSIONS all read it, so they always agree.
 */
#include <stdlib.h>
#include <string.h>

#include "main/compute.h"
#include "main/context.h"
#include "main/draw.h"
#include "main/extensions.h"
#include "main/ffstate.h"
#include "main/gpu_shader5.h"
#include "main/shaderimage.h"
#include "main/texbuffer.h"
#include "main/texgather.h"
#include "main/texobj.h"
#include "main/texcompress.h"
#include "main/texview.h"
#include "main/viewport_array.h"

#define API_GL (1u << 0)
#define API_ES (1u << 1)
/* Desktop GL with the fixed-function state only (compatibility, not
 * forward-compatible): extensions of compatibility-profile commands. */
#define API_COMPAT (1u << 2)

struct gl_extension_info {
   const char *name;
   unsigned apis;
   int min_es_version; /* for API_ES: the oldest ES version * 10 */
   /* What the driver must offer, NULL when nothing. */
   bool (*driver_has)(const struct gl_context *ctx);
};

static bool
has_dual_source(const struct gl_context *ctx)
{
   return ctx->Const.MaxDualSourceDrawBuffers > 0;
}

static bool
has_timer_queries(const struct gl_context *ctx)
{
   return ctx->Const.TimerQueries;
}

static bool
has_buffer_textures(const struct gl_context *ctx)
{
   return _mesa_has_buffer_textures(ctx);
}

static bool
has_stencil_texturing(const struct gl_context *ctx)
{
   return ctx->Const.StencilTexturing;
}

static bool
has_texture_stencil8(const struct gl_context *ctx)
{
   return ctx->Const.TextureStencil8;
}

static bool
has_advanced_blend(const struct gl_context *ctx)
{
   return ctx->Const.AdvancedBlend;
}

static bool
has_texture_multisample(const struct gl_context *ctx)
{
   return ctx->Const.TextureMultisample;
}

static bool
has_sample_shading(const struct gl_context *ctx)
{
   return ctx->Const.SampleShading;
}

static bool
has_depth_clamp(const struct gl_context *ctx)
{
   return ctx->Const.DepthClamp;
}

static bool
has_packed_vertex_formats(const struct gl_context *ctx)
{
   return ctx->Const.PackedVertexFormats;
}

/* The driver samples ASTC (texcompress.c offers its formats then). */
static bool
has_astc_ldr(const struct gl_context *ctx)
{
   return _mesa_compressed_pipe_format(
             ctx, GL_COMPRESSED_RGBA_ASTC_4x4_KHR) != PIPE_FORMAT_NONE;
}

static bool
has_rgb10_a2ui(const struct gl_context *ctx)
{
   return ctx->Const.TextureRGB10A2UI;
}

static bool
has_compute(const struct gl_context *ctx)
{
   return _mesa_has_compute_shaders(ctx);
}

static bool
has_ssbos(const struct gl_context *ctx)
{
   return _mesa_has_ssbos(ctx);
}

static bool
has_atomic_counters(const struct gl_context *ctx)
{
   return _mesa_has_atomic_counters(ctx);
}

/* shaderimage.c, st_image.c; the driver's PIPE_SHADER_CAP_MAX_SHADER_IMAGES */
static bool
has_shader_images(const struct gl_context *ctx)
{
   return _mesa_has_shader_images(ctx);
}

/* draw_indirect.c */
static bool
has_draw_indirect(const struct gl_context *ctx)
{
   return _mesa_has_draw_indirect(ctx);
}

static bool
has_cube_map_arrays(const struct gl_context *ctx)
{
   return _mesa_has_cube_map_arrays(ctx);
}

static bool
has_texture_gather(const struct gl_context *ctx)
{
   return _mesa_has_texture_gather(ctx);
}

static bool
has_gpu_shader5(const struct gl_context *ctx)
{
   return _mesa_has_gpu_shader5(ctx);
}

/* Indexed primitive queries and glDrawTransformFeedback* need the
 * driver's per-stream counts. */
static bool
has_transform_feedback3(const struct gl_context *ctx)
{
   return ctx->Const.MaxVertexStreams >= 1;
}

static bool
has_viewport_array(const struct gl_context *ctx)
{
   return _mesa_has_viewport_array(ctx);
}

static bool
has_texture_view(const struct gl_context *ctx)
{
   return _mesa_has_texture_view(ctx);
}

static const struct gl_extension_info extension_table[] = {
   /* glTextureView (texview.c; views are sampler views and surfaces of
    * the original's resource, st_texture.c) */
   {"GL_ARB_texture_view", API_GL, 0, has_texture_view},
   {"GL_OES_texture_view", API_ES, 31, has_texture_view},
   {"GL_EXT_texture_view", API_ES, 31, has_texture_view},
   /* indexed viewports, scissors and depth ranges, gl_ViewportIndex
    * (viewport_array.c; the driver's PIPE_CAP_MAX_VIEWPORTS) */
   {"GL_ARB_viewport_array", API_GL, 0, has_viewport_array},
   {"GL_OES_viewport_array", API_ES, 31, has_viewport_array},
   {"GL_ARB_blend_func_extended", API_GL, 0, has_dual_source},
   /* glBufferStorage, persistent and coherent maps (bufferstorage.c) */
   {"GL_ARB_buffer_storage", API_GL, 0},
   /* glClearTex[Sub]Image (cleartex.c, st_texture_clear.c) */
   {"GL_ARB_clear_texture", API_GL, 0},
   /* glCopyImageSubData (copyimage.c, st_copy_image.c) */
   {"GL_ARB_copy_image", API_GL, 0},
   {"GL_ARB_copy_buffer", API_GL, 0},
   /* compute.c, st_compute.c; the driver's PIPE_CAP_COMPUTE */
   {"GL_ARB_compute_shader", API_GL, 0, has_compute},
   /* GL 3.2's features, also in 3.0/3.1 contexts (desktop32.c) */
   {"GL_ARB_depth_clamp", API_GL, 0, has_depth_clamp},
   {"GL_ARB_draw_elements_base_vertex", API_GL, 0},
   /* layout(location) on vertex inputs and fragment outputs (and index,
    * with ARB_blend_func_extended): the GLSL front end and linker have
    * it. */
   {"GL_ARB_explicit_attrib_location", API_GL, 0},
   /* layout(location) on default-block uniforms (the GLSL front end's
    * GLSL ES 3.10 rules, glsl_check_layout.c, and the linker's
    * GLSL_MAX_UNIFORM_LOCATIONS), GL_MAX_UNIFORM_LOCATIONS (get.c) */
   {"GL_ARB_explicit_uniform_location", API_GL, 0},
   /* layout(origin_upper_left, pixel_center_integer) on gl_FragCoord
    * (the GLSL front end; st_nir_lower_wpos.c) */
   {"GL_ARB_fragment_coord_conventions", API_GL, 0},
   {"GL_ARB_framebuffer_object", API_GL, 0},
   /* GL 3.3's features, also in 3.0-3.2 contexts (docs/gl.rst, Desktop
    * OpenGL 3.3): glVertexAttribDivisor (varray.c) */
   {"GL_ARB_instanced_arrays", API_GL, 0},
   /* GL_ANY_SAMPLES_PASSED (queryobj.c) */
   {"GL_ARB_occlusion_query2", API_GL, 0},
   /* program_interface.c: every interface but subroutines (none here) */
   {"GL_ARB_program_interface_query", API_GL, 0},
   /* the GLSL front end, GLSL->NIR and the linker take arrays of arrays
    * (uniforms, blocks, varyings, samplers) */
   {"GL_ARB_arrays_of_arrays", API_GL, 0},
   /* the ES 3.0 sampler objects with the desktop parameters
    * (samplerobj.c) */
   {"GL_ARB_sampler_objects", API_GL, 0},
   /* GLSL 4.20's language additions before 4.20 (the GLSL front end:
    * several layout(...) in one declaration, qualifiers in any order,
    * initializer lists, .length() of vectors and matrices, scalar
    * swizzles, implicit return conversions; layout(binding) of samplers
    * and uniform blocks: the linker's initial units and bindings, which
    * glUniform1i and glUniformBlockBinding still change).  It adds no
    * GL entry point or token. */
   {"GL_ARB_shading_language_420pack", API_GL, 0},
   /* floatBitsToInt & co. before GLSL 3.30 (the GLSL front end) */
   {"GL_ARB_shader_bit_encoding", API_GL, 0},
   {"GL_ARB_texture_rgb10_a2ui", API_GL, 0, has_rgb10_a2ui},
   /* GL_TEXTURE_SWIZZLE_* (texobj.c) */
   {"GL_ARB_texture_swizzle", API_GL, 0},
   /* glVertexAttribP* and BGRA packed arrays (varray.c) */
   {"GL_ARB_vertex_type_2_10_10_10_rev", API_GL, 0,
    has_packed_vertex_formats},
   /* Core features older extensions name, for programs that ask for
    * those names (the registry aliases their ARB/EXT entry points to the
    * core ones): instanced draws and gl_InstanceIDARB (GL 3.1),
    * framebuffer blits (GL 3.0), texture swizzles (the same tokens). */
   {"GL_ARB_draw_instanced", API_GL, 0},
   {"GL_ARB_draw_indirect", API_GL, 0, has_draw_indirect},
   /* glBind{BuffersBase,BuffersRange,Textures,Samplers,VertexBuffers}
    * (multibind.c) and glBindImageTextures (shaderimage.c) */
   {"GL_ARB_multi_bind", API_GL, 0},
   /* glMultiDraw*Indirect (draw_indirect.c) */
   {"GL_ARB_multi_draw_indirect", API_GL, 0, has_draw_indirect},
   /* draw.c's *BaseInstance draws (EXT_base_instance's in ES) */
   {"GL_ARB_base_instance", API_GL, 0},
   /* fbobject_params.c */
   {"GL_ARB_framebuffer_no_attachments", API_GL, 0},
   /* varray_binding.c */
   {"GL_ARB_vertex_attrib_binding", API_GL, 0},
   {"GL_EXT_framebuffer_blit", API_GL, 0},
   {"GL_EXT_texture_swizzle", API_GL, 0},
   {"GL_EXT_texture_integer", API_GL, 0},
   /* R and RG formats (GL 3.0 section 3.8.1, the ES 3.0 ones) */
   {"GL_ARB_texture_rg", API_GL, 0},
   /* Since wave 17: R11F_G11F_B10F textures and renderbuffers with
    * UNSIGNED_INT_10F_11F_11F_REV pixels, core since GL 3.0
    * (formats_es3.c's rows). */
   {"GL_EXT_packed_float", API_GL, 0},
   /* Since wave 17: GL 4.1's ES 2.0 commands (shaderapi.c's
    * glReleaseShaderCompiler, glShaderBinary, glGetShaderPrecisionFormat;
    * depth_stencil.c's glDepthRangef, glClearDepthf), GL_FIXED arrays
    * (varray.c), RGB565 (formats_es3.c) and IMPLEMENTATION_COLOR_READ_*
    * (get.c). */
   {"GL_ARB_ES2_compatibility", API_GL, 0},
   {"GL_ARB_provoking_vertex", API_GL, 0},
   /* AGX samplers always filter across cube faces (st_texture.c) */
   {"GL_ARB_seamless_cube_map", API_GL, 0},
   /* Sync objects (the ES 3.0 ones, over pipe fences) and
    * glGetInteger64v. */
   {"GL_ARB_sync", API_GL, 0},
   {"GL_ARB_shader_atomic_counters", API_GL, 0, has_atomic_counters},
   {"GL_ARB_shader_image_load_store", API_GL, 0, has_shader_images},
   {"GL_ARB_shader_image_size", API_GL, 0, has_shader_images},
   /* ES 3.1 image atomics (imageAtomic* on r32i/r32ui images,
    * imageAtomicExchange on r32f ones; the GLSL front end's rows, the
    * driver's atomics on the texel's word) */
   {"GL_OES_shader_image_atomic", API_ES, 31, has_shader_images},
   /* every GL 4.2 image format in ES 3.1 shaders (the GLSL front end's
    * glsl_check_images.c); glBindImageTexture takes table 8.26's formats
    * in any API (shaderimage.c) */
   {"GL_NV_image_formats", API_ES, 31, has_shader_images},
   {"GL_ARB_shader_storage_buffer_object", API_GL, 0, has_ssbos},
   /* separable programs and program pipelines (separate.c,
    * pipeline.c) */
   {"GL_ARB_separate_shader_objects", API_GL, 0},
   /* the ES one: ES 3.1's pipelines with EXT names (separate_ext.c) */
   {"GL_EXT_separate_shader_objects", API_ES, 20},
   {"GL_ARB_texture_buffer_object", API_GL, 0, has_buffer_textures},
   /* The float formats of GL 3.0 with ARB_texture_float's alpha,
    * luminance, luminance-alpha and intensity ones (formats_es3.c); also
    * listed in core contexts, as Mesa does (their RGBA formats are core;
    * piglit's float programs that ask for 3.2 get core contexts). */
   {"GL_ARB_texture_float", API_GL, 0},
   /* Core since GL 1.3; the compressed formats below are stored as blocks
    * when the driver samples them, else decoded at upload
    * (st_texture_etc.c). */
   {"GL_ARB_texture_compression", API_GL, 0},
   {"GL_ARB_texture_compression_bptc", API_GL, 0},
   {"GL_ARB_texture_compression_rgtc", API_GL, 0},
   {"GL_ARB_texture_buffer_range", API_GL, 0, has_buffer_textures},
   {"GL_ARB_texture_multisample", API_GL, 0, has_texture_multisample},
   /* DEPTH_STENCIL_TEXTURE_MODE (texobj.c, st_texture.c) */
   {"GL_ARB_stencil_texturing", API_GL, 0, has_stencil_texturing},
   /* STENCIL_INDEX8 textures, stored as S8_UINT (teximage.c; sampled as
    * (S, 0, 0, 1) by st_texture.c), since wave 16; the ES extension
    * needs ES 3.1 (texobj.h) */
   {"GL_ARB_texture_stencil8", API_GL, 0, has_texture_stencil8},
   {"GL_OES_texture_stencil8", API_ES, 31, has_texture_stencil8},
   /* GL_TEXTURE_CUBE_MAP_ARRAY and samplerCubeArray (texobj.h) */
   {"GL_ARB_texture_cube_map_array", API_GL, 0, has_cube_map_arrays},
   {"GL_ARB_texture_rectangle", API_GL, 0},
   /* textureGather (texgather.h; GLSL to NIR tg4) */
   {"GL_ARB_texture_gather", API_GL, 0, has_texture_gather},
   /* GL 4.0's shading features (gpu_shader5.h; the GLSL front end,
    * GLSL to NIR and the AGX compiler: docs/glsl.rst) */
   {"GL_ARB_gpu_shader5", API_GL, 0, has_gpu_shader5},
   /* gl_NextBuffer, gl_SkipComponents, one stream per buffer
    * (transformfeedback.c), queries per vertex stream (queryobj.c; the
    * driver's agx_gs.c counts and captures each stream) */
   {"GL_ARB_transform_feedback3", API_GL, 0, has_transform_feedback3},
   /* glDrawTransformFeedback from the object's primitives-written counts
    * (transformfeedback.c, draw.c); objects and pause/resume are ES 3.0's */
   {"GL_ARB_transform_feedback2", API_GL, 0, has_transform_feedback3},
   /* the GL 3.0 core feature under its extension's names, with
    * glBindBufferOffsetEXT (transformfeedback.c, bufferobj.c) */
   {"GL_EXT_transform_feedback", API_GL, 0, has_transform_feedback3},
   {"GL_ARB_transform_feedback_instanced", API_GL, 0,
    has_transform_feedback3},
   /* glTexStorage1D/2D/3D for every desktop target (teximage.c) */
   {"GL_ARB_texture_storage", API_GL, 0},
   /* Core since GL 1.3, named for the compatibility programs that ask
    * for it (piglit's seamless cube map tests) */
   {"GL_ARB_texture_cube_map", API_COMPAT, 0},
   /* GL 3.0's colour clamping under its extension's names (desktop30.c:
    * glClampColorARB, CLAMP_VERTEX/FRAGMENT/READ_COLOR; drawpix.c,
    * readpix.c; RGBA_FLOAT_MODE in get.c); Mesa offers it in
    * compatibility contexts only (src/mesa/main/extensions_table.h) */
   {"GL_ARB_color_buffer_float", API_COMPAT, 0},
   /* GL 2.0's shaders under their ARB names, for the compatibility
    * programs that ask for them: the registry's aliases of the GL 2.0
    * commands, and the handle commands of shaderobj_arb.c */
   {"GL_ARB_shader_objects", API_COMPAT, 0},
   {"GL_ARB_vertex_shader", API_COMPAT, 0},
   {"GL_ARB_fragment_shader", API_COMPAT, 0},
   {"GL_ARB_shading_language_100", API_COMPAT, 0},
   /* GL_GENERATE_MIPMAP, a compatibility-profile parameter (teximage.c) */
   {"GL_SGIS_generate_mipmap", API_COMPAT, 0},
   {"GL_ARB_timer_query", API_GL, 0, has_timer_queries},
   {"GL_ARB_uniform_buffer_object", API_GL, 0},
   /* size BGRA in glVertexAttribPointer/glColorPointer (varray.c) */
   {"GL_ARB_vertex_array_bgra", API_GL, 0},
   {"GL_EXT_base_instance", API_ES, 30},
   /* bufferstorage.c; written against ES 3.1, which only adds
    * glMemoryBarrier's CLIENT_MAPPED_BUFFER_BARRIER_BIT to it */
   {"GL_EXT_buffer_storage", API_ES, 30},
   /* cleartex.c; written against ES 3.1 (its multisample textures) */
   {"GL_EXT_clear_texture", API_ES, 31},
   /* copyimage.c: the ES names of glCopyImageSubData */
   {"GL_EXT_copy_image", API_ES, 30},
   {"GL_OES_copy_image", API_ES, 30},
   {"GL_EXT_blend_func_extended", API_ES, 20, has_dual_source},
   {"GL_EXT_color_buffer_float", API_ES, 30},
   {"GL_EXT_color_buffer_half_float", API_ES, 20},
   {"GL_EXT_discard_framebuffer", API_ES, 20},
   {"GL_EXT_disjoint_timer_query", API_ES, 20, has_timer_queries},
   /* TIME_ELAPSED and the 64-bit results; ARB_timer_query's subset. */
   {"GL_EXT_timer_query", API_GL, 0, has_timer_queries},
   {"GL_EXT_draw_buffers", API_ES, 20},
   {"GL_EXT_draw_instanced", API_ES, 20},
   {"GL_EXT_frag_depth", API_ES, 20},
   {"GL_EXT_multi_draw_arrays", API_ES, 20},
   {"GL_EXT_occlusion_query_boolean", API_ES, 20},
   {"GL_EXT_polygon_offset_clamp", API_ES, 20},
   {"GL_EXT_robustness", API_ES, 20},
   /* Blocks when the driver samples them, else decoded at upload
    * (st_texture_etc.c, util/format/u_format_bc.c and u_format_bptc.c). */
   {"GL_EXT_texture_compression_bptc", API_ES, 30},
   {"GL_EXT_texture_compression_rgtc", API_GL | API_ES, 30},
   {"GL_EXT_texture_compression_s3tc", API_GL | API_ES, 20},
   {"GL_EXT_texture_compression_s3tc_srgb", API_ES, 30},
   /* sRGB textures are core since GL 2.1 (formats_es3.c, the SLUMINANCE
    * ones included); the generic compressed sRGB formats map to them and
    * the S3TC sRGB formats are taken (texcompress.c). */
   {"GL_EXT_texture_sRGB", API_GL, 0},
   /* GL 3.1's signed normalized formats with the unsized, alpha,
    * luminance and intensity ones (formats_es3.c); the R, RG and RGBA
    * ones render (_mesa_is_color_renderable).  Mesa lists it in
    * compatibility and core contexts (src/mesa/main/extensions_table.h). */
   {"GL_EXT_texture_snorm", API_GL, 0},
   {"GL_EXT_texture_format_BGRA8888", API_ES, 20},
   {"GL_EXT_unpack_subimage", API_ES, 20},
   {"GL_KHR_blend_equation_advanced", API_GL | API_ES, 20,
    has_advanced_blend},
   {"GL_KHR_blend_equation_advanced_coherent", API_GL | API_ES, 20,
    has_advanced_blend},
   {"GL_KHR_debug", API_GL | API_ES, 20},
   {"GL_KHR_texture_compression_astc_ldr", API_GL | API_ES, 20,
    has_astc_ldr},
   {"GL_KHR_parallel_shader_compile", API_ES, 20},
   {"GL_NV_framebuffer_blit", API_ES, 20},
   {"GL_NV_read_depth", API_ES, 30},
   {"GL_OES_EGL_image", API_ES, 20},
   {"GL_OES_compressed_ETC1_RGB8_texture", API_ES, 20},
   {"GL_OES_depth24", API_ES, 20},
   {"GL_OES_depth_texture", API_ES, 20},
   {"GL_OES_depth_texture_cube_map", API_ES, 20},
   {"GL_OES_draw_elements_base_vertex", API_ES, 20},
   {"GL_OES_element_index_uint", API_ES, 20},
   {"GL_OES_packed_depth_stencil", API_ES, 20},
   {"GL_OES_required_internalformat", API_ES, 20},
   {"GL_OES_rgb8_rgba8", API_ES, 20},
   /* dFdx/dFdy/fwidth in GLSL ES 1.00 (core in ES 3.0); the backend
    * computes them for every fragment shader */
   {"GL_OES_standard_derivatives", API_ES, 20},
   /* shadow2DEXT/shadow2DProjEXT and sampler2DShadow in GLSL ES 1.00;
    * GL_TEXTURE_COMPARE_MODE/_FUNC in ES 2.0 (texobj.c) */
   {"GL_EXT_shadow_samplers", API_ES, 20},
   /* GL_TEXTURE_MAX_LEVEL in ES 2.0 (texobj.c); Mesa exposes it in its
    * ES 2 contexts (mesa src/mesa/main/extensions_table.h) */
   {"GL_APPLE_texture_max_level", API_ES, 20},
   /* texture2DLodEXT, texture2DGradEXT & co. in GLSL ES 1.00 (nir txl,
    * txd) */
   {"GL_EXT_shader_texture_lod", API_ES, 20},
   /* 3D textures in ES 2.0: the target (texobj.c), the *OES commands
    * (texture3d_oes.c), TEXTURE_WRAP_R, the binding and size queries
    * (get.c); sampler3D and texture3D & co. in GLSL ES 1.00 */
   {"GL_OES_texture_3D", API_ES, 20},
   {"GL_OES_texture_float", API_ES, 20},
   {"GL_OES_texture_float_linear", API_ES, 20},
   {"GL_OES_texture_half_float", API_ES, 20},
   {"GL_OES_texture_half_float_linear", API_ES, 20},
   /* NPOT textures with any wrap mode and mipmaps (AGX samples them). */
   {"GL_OES_texture_npot", API_ES, 20},
   {"GL_OES_vertex_array_object", API_ES, 20},
   {"GL_OES_vertex_half_float", API_ES, 20},
   /* Core features of GL 1.2-3.0 that programs for older versions ask
    * for by their extension names (the registry aliases the ARB/EXT
    * entry points to the core ones; fbobject.c adds the EXT binds that
    * it does not alias): glWindowPos (rastpos.c), buffer objects and
    * PBOs, depth textures, packed and float depth formats, min/max
    * blending, non-power-of-two textures, framebuffer objects. */
   {"GL_ARB_window_pos", API_COMPAT, 0},
   {"GL_ARB_vertex_buffer_object", API_GL, 0},
   {"GL_ARB_pixel_buffer_object", API_GL, 0},
   {"GL_ARB_depth_texture", API_GL, 0},
   {"GL_EXT_packed_depth_stencil", API_GL, 0},
   {"GL_ARB_depth_buffer_float", API_GL, 0},
   {"GL_EXT_blend_minmax", API_GL, 0},
   {"GL_ARB_texture_non_power_of_two", API_GL, 0},
   {"GL_EXT_framebuffer_object", API_GL, 0},
   /* ARB_provoking_vertex's EXT original (glProvokingVertexEXT is the
    * registry's alias of glProvokingVertex) */
   {"GL_EXT_provoking_vertex", API_GL, 0},
   /* glMinSampleShading, GL_SAMPLE_SHADING, gl_SampleID & co. (raster.c,
    * the asahi driver's agx_sample_shading.c) */
   {"GL_ARB_sample_shading", API_GL, 0, has_sample_shading},
   /* 3D textures (GL 1.2; glTexImage3DEXT ... alias the core ones). */
   {"GL_EXT_texture3D", API_GL, 0},
   /* The vertex arrays before GL 1.1: glVertexPointerEXT & co. with
    * their counts (varray_compat.c), glDrawArraysEXT ... aliased. */
   {"GL_EXT_vertex_array", API_COMPAT, 0},
   /* Point sprites of GL 2.0 by their extension name: POINT_SPRITE and
    * COORD_REPLACE (raster.c, ffstate.c; the asahi driver's
    * agx_nir_point_sprite.c). */
   {"GL_ARB_point_sprite", API_COMPAT, 0},
   /* GL_INCR_WRAP and GL_DECR_WRAP (GL 1.4; depth_stencil.c takes them
    * in every desktop context): its name, which programs look for
    * (piglit's stencil-twoside draws its sixth square only then). */
   {"GL_EXT_stencil_wrap", API_GL, 0},
   /* Shading-language extensions that add no entry point or token, whose
    * GLSL rows (docs/glsl.rst) compile and run through the AGX backend:
    * textureQueryLevels (nir_texop_query_levels); dFdxFine/Coarse & co.
    * (AGX's dfdx/dfdy difference within the lane's own row or column of
    * its quad: the Fine result, which Coarse allows); pack/unpack
    * Snorm/Unorm/Half before GLSL 4.20; gl_FragDepth's depth_* layouts
    * (a promise to the depth test, which may ignore it; the linker checks
    * that redeclarations agree). */
   {"GL_ARB_texture_query_levels", API_GL, 0},
   /* textureQueryLOD (nir_texop_lod: texture_sample's query_lod mode
    * with the sampler's bias, since wave 12) */
   {"GL_ARB_texture_query_lod", API_GL, 0},
   /* the same query in GLSL ES 3.00 fragment shaders, spelled
    * textureQueryLOD (as Mesa offers it from ES 3.0) */
   {"GL_EXT_texture_query_lod", API_ES, 30},
   /* texture*Lod in every stage, shadow*Lod and the *GradARB lookups
    * (nir txl and txd) */
   {"GL_ARB_shader_texture_lod", API_GL, 0},
   /* textureSamples / imageSamples (nir texture_samples and
    * image_deref_samples: the sample count the driver pushes) */
   {"GL_ARB_shader_texture_image_samples", API_GL, 0,
    has_texture_multisample},
   {"GL_ARB_derivative_control", API_GL, 0},
   {"GL_ARB_shading_language_packing", API_GL, 0},
   {"GL_ARB_conservative_depth", API_GL, 0},
   {"GL_AMD_conservative_depth", API_GL, 0},
   /* anyInvocationARB & co.: NIR's vote_any/vote_all, an icmp_ballot over
    * the SIMD group's active lanes on AGX (agx_isel.c emit_vote). */
   {"GL_ARB_shader_group_vote", API_GL, 0},
   /* Since wave 14: gl_CullDistance, its primitives culled in the
    * fragment shader (agx_nir_lower_clip_distance.c, docs/compiler.rst). */
   {"GL_ARB_cull_distance", API_GL, 0},
   /* Array textures before GL 3.0: the core targets and tokens, the
    * registry's alias glFramebufferTextureLayerEXT, and sampler1DArray /
    * sampler2DArray with texture2DArray & co. in GLSL 1.10/1.20. */
   {"GL_EXT_texture_array", API_GL, 0},
   /* More core features asked for by name: GL_MULTISAMPLE and the
    * sample coverage state (GL 1.3; raster.c), multisampled
    * renderbuffers (GL 3.0; fbobject.c), vertex array objects
    * (GL 3.0; varray.c: names from glGenVertexArrays only, as the ARB
    * extension has it) and immutable multisample textures (GL 4.3;
    * texture_multisample.c). */
   {"GL_ARB_multisample", API_GL, 0},
   /* multisampled renderbuffers (GL 3.0; the registry aliases
    * glRenderbufferStorageMultisampleEXT to the core command) */
   {"GL_EXT_framebuffer_multisample", API_GL, 0},
   {"GL_ARB_vertex_array_object", API_GL, 0},
   /* glMapBufferRange (GL 3.0; bufferobj.c), by its extension name for
    * the programs that ask for it (piglit's buffer storage ones). */
   {"GL_ARB_map_buffer_range", API_GL, 0},
   {"GL_ARB_texture_storage_multisample", API_GL, 0,
    has_texture_multisample},
   /* Since wave 13: the fixed-function texture environment's extensions
    * (GL 1.3-1.4 core), whose state ffstate.c keeps and st_ff_fs.c draws:
    * COMBINE with its functions, sources, operands and scales
    * (SUBTRACT is the ARB version's), GL_TEXTUREn sources (crossbar) and
    * DOT3_RGB/RGBA. */
   {"GL_ARB_texture_env_combine", API_COMPAT, 0},
   {"GL_EXT_texture_env_combine", API_COMPAT, 0},
   {"GL_ARB_texture_env_crossbar", API_COMPAT, 0},
   {"GL_ARB_texture_env_dot3", API_COMPAT, 0},
   /* Depth comparisons (GL 1.4): TEXTURE_COMPARE_MODE/_FUNC (texobj.c),
    * shadow samplers for shaders, and for fixed function st_ff_fs.c's
    * shadow lookups, expanded by DEPTH_TEXTURE_MODE. */
   {"GL_ARB_shadow", API_GL, 0},
   /* All eight compare functions (GL 1.5; texobj.c takes NEVER..ALWAYS). */
   {"GL_EXT_shadow_funcs", API_GL, 0},
};

#define TABLE_SIZE (sizeof(extension_table) / sizeof(extension_table[0]))

static bool
advertised(const struct gl_context *ctx, const struct gl_extension_info *e)
{
   if (e->driver_has && !e->driver_has(ctx))
      return false;
   if (_mesa_is_gles(ctx))
      return (e->apis & API_ES) && ctx->Version >= e->min_es_version;
   if (e->apis & API_COMPAT)
      return _mesa_has_ff(ctx);
   return (e->apis & API_GL) != 0;
}

unsigned
_mesa_extension_count(struct gl_context *ctx)
{
   unsigned n = 0;

   for (unsigned i = 0; i < TABLE_SIZE; i++)
      n += advertised(ctx, &extension_table[i]);
   return n;
}

const char *
_mesa_extension_name(struct gl_context *ctx, unsigned index)
{
   for (unsigned i = 0; i < TABLE_SIZE; i++) {
      if (!advertised(ctx, &extension_table[i]))
         continue;
      if (index-- == 0)
         return extension_table[i].name;
   }
   return NULL;
}

const char *
_mesa_extensions_string(struct gl_context *ctx)
{
   if (ctx->ExtensionsString)
      return ctx->ExtensionsString;

   /* Sized for what this context advertises: the table keeps growing. */
   size_t size = 1;
   for (unsigned i = 0; i < TABLE_SIZE; i++) {
      if (advertised(ctx, &extension_table[i]))
         size += strlen(extension_table[i].name) + 1;
   }
   char *s = malloc(size);
   if (!s)
      return "";
   size_t len = 0;
   for (unsigned i = 0; i < TABLE_SIZE; i++) {
      const char *name = extension_table[i].name;
      size_t n = strlen(name);

      if (!advertised(ctx, &extension_table[i]))
         continue;
      if (len)
         s[len++] = ' ';
      memcpy(s + len, name, n);
      len += n;
   }
   s[len] = '\0';
   ctx->ExtensionsString = s;
   return s;
}

bool
_mesa_has_extension(const struct gl_context *ctx, const char *name)
{
   for (unsigned i = 0; i < TABLE_SIZE; i++) {
      if (strcmp(extension_table[i].name, name) == 0)
         return advertised(ctx, &extension_table[i]);
   }
   return false;
}
