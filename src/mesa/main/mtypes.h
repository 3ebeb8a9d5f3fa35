/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The GL state of a context and the GL objects, as plain data.  Entry points
 * (one file per object family) validate and write it; the state tracker
 * (src/mesa/state_tracker) turns it into Gallium state at draw time, guided
 * by the ST_NEW_* bits in gl_context::NewState.
 */
#ifndef MTYPES_H
#define MTYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "main/gl_api.h"
#include "main/ffstate.h"
#include "main/pixel.h"
#include "compiler/shader_enums.h"
#include "pipe/p_format.h"
#include "pipe/p_state.h"

struct glsl_parse_state;
struct glsl_program;
struct hash_table;
struct pipe_resource;
struct pipe_surface;
struct st_context;
struct st_framebuffer;
struct st_program_variant;

#define MAX_VERTEX_ATTRIBS 16
#define MAX_DRAW_BUFFERS 8
/* 16 units for each of three stages (GL 3.2 table 6.52: 48) */
#define MAX_COMBINED_TEXTURE_UNITS 48
#define MAX_RENDERBUFFER_SIZE 16384
#define MAX_VIEWPORT_SIZE 16384
/* ARB_viewport_array / OES_viewport_array: viewports, scissors and depth
 * ranges a context keeps (GL_MAX_VIEWPORTS is the driver's, at most this;
 * the extensions ask for 16). */
#define MAX_VIEWPORTS 16
/* GL 3.2 table 6.51: 36 (12 blocks in each of three stages) */
#define MAX_UNIFORM_BUFFER_BINDINGS 36
/* GL 4.3 table 23.63 asks 8 (compute.c; st_context.c lowers
 * GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS to the driver's). */
#define MAX_SHADER_STORAGE_BUFFER_BINDINGS 16
#define MAX_FEEDBACK_BUFFERS 4
/* GL 2.1 table 6.54 asks at least 32 modelview and 2 projection levels. */
#define MAX_MATRIX_STACK_DEPTH 32
/* GL_MAX_ATTRIB_STACK_DEPTH and GL_MAX_CLIENT_ATTRIB_STACK_DEPTH (GL 2.1
 * table 6.46: at least 16). */
#define MAX_ATTRIB_STACK_DEPTH 16
/* ARB_shader_image_load_store: image units the context keeps (the
 * advertised GL_MAX_IMAGE_UNITS is the driver's, at most this). */
#define MAX_IMAGE_UNITS 32

/* What changed since the state tracker last looked (gl_context::NewState). */
enum st_dirty {
   ST_NEW_FRAMEBUFFER = 1 << 0,
   ST_NEW_VIEWPORT = 1 << 1,
   ST_NEW_SCISSOR = 1 << 2,
   ST_NEW_RASTERIZER = 1 << 3,
   ST_NEW_BLEND = 1 << 4,
   ST_NEW_DSA = 1 << 5,
   ST_NEW_BLEND_COLOR = 1 << 6,
   ST_NEW_STENCIL_REF = 1 << 7,
   ST_NEW_SAMPLE_MASK = 1 << 8,
   ST_NEW_PROGRAM = 1 << 9, /* bound shaders */
   ST_NEW_VERTEX_ARRAYS = 1 << 10,
   ST_NEW_CONSTANTS = 1 << 11, /* uniform values */
   ST_NEW_SAMPLERS = 1 << 12,
   ST_NEW_SAMPLER_VIEWS = 1 << 13, /* texture bindings or contents */
   /* glBindTexture alone (since wave 17): the sampler views and states
    * as ST_NEW_SAMPLER_VIEWS, but no draw check reads which texture is
    * bound (main/draw.h, DRAW_CHECKS_IGNORE) */
   ST_NEW_TEXTURE_BINDING = 1 << 14,
   /* uniform block bindings (since wave 17): glBindBufferBase/Range and
    * glBindBuffersBase/Range on GL_UNIFORM_BUFFER, a bound buffer deleted;
    * changes to shared objects (glUniformBlockBinding, new buffer
    * storage) move gl_shared_state::UboStamp instead.  No draw check
    * reads them (main/draw.h). */
   ST_NEW_UNIFORM_BUFFER = 1 << 15,
   ST_NEW_ALL = (1 << 16) - 1,
};

/* Buffer objects (bufferobj.c).  The data lives in a pipe buffer. */
struct gl_buffer_object {
   GLuint Name;
   int RefCount;
   GLsizeiptr Size;
   GLenum Usage;
   bool Immutable; /* glBufferStorage (bufferstorage.c) */
   /* GL_BUFFER_STORAGE_FLAGS: glBufferStorage's, or READ | WRITE |
    * DYNAMIC_STORAGE after glBufferData (GL 4.4 section 6.2). */
   GLbitfield StorageFlags;
   struct pipe_resource *buffer; /* NULL until the first BufferData */
   /* Mapping (MapBufferRange). */
   void *Mappointer;
   GLintptr MapOffset;
   GLsizeiptr MapLength;
   GLbitfield MapAccess;
   struct pipe_transfer *transfer;
};

struct gl_vertex_attrib {
   bool Enabled;
   bool Normalized;
   bool Integer; /* VertexAttribIPointer */
   GLint Size;   /* 1..4 */
   GLenum Type;
   GLsizei Stride;          /* as given (0 = tightly packed) */
   GLsizei EffectiveStride; /* bytes between elements */
   GLuint Divisor;
   const GLubyte *Ptr;              /* client pointer, or offset into Buffer */
   struct gl_buffer_object *Buffer; /* NULL: client memory */
   /* ARB_vertex_attrib_binding / ES 3.1 section 10.3 (varray_binding.c):
    * a generic attribute reads the buffer binding BindingIndex at
    * RelativeOffset; Buffer, Ptr, EffectiveStride and Divisor above are
    * derived from that binding. */
   GLuint BindingIndex;
   GLuint RelativeOffset;
};

/* A vertex buffer binding point of a VAO (ES 3.1 table 20.3). */
struct gl_vertex_binding {
   struct gl_buffer_object *Buffer; /* NULL: client memory */
   GLintptr Offset;                 /* or the client pointer */
   GLsizei Stride;
   GLuint Divisor;
};

/* The compatibility profile's arrays no shader reads, after the
 * attributes of shader_enums.h (GL 2.1 section 2.8): edge flags (read by
 * the front end, main/polygon_mode.c) and colour indices (state only). */
#define VERT_ATTRIB_EDGEFLAG VERT_ATTRIB_COUNT
#define VERT_ATTRIB_COLOR_INDEX (VERT_ATTRIB_COUNT + 1)
#define VERT_ATTRIB_CLIENT_COUNT (VERT_ATTRIB_COUNT + 2)

/* Vertex array objects (varray.c). */
struct gl_vertex_array_object {
   GLuint Name;
   bool EverBound;
   /* Generic arrays, then the compatibility profile's conventional ones
    * (indexed by VERT_ATTRIB_*, shader_enums.h, then the two above). */
   struct gl_vertex_attrib Attrib[VERT_ATTRIB_CLIENT_COUNT];
   struct gl_buffer_object *IndexBuffer;
   /* The generic attributes' buffer bindings (varray_binding.c). */
   struct gl_vertex_binding Bindings[MAX_VERTEX_ATTRIBS];
};

/* Shader objects (shaderapi.c). */
struct gl_shader {
   bool IsProgram; /* false: shaders and programs share names */
   GLuint Name;
   GLenum Type; /* GL_VERTEX_SHADER ... */
   gl_shader_stage Stage;
   int RefCount; /* name + program attachments */
   bool DeletePending;
   char *Source; /* malloc'd, NULL before ShaderSource */
   bool CompileStatus;
   char *InfoLog;                     /* malloc'd */
   void *compile_mem;                 /* ralloc context owning compiled */
   struct glsl_parse_state *compiled; /* NULL unless CompileStatus */
};

struct gl_attrib_binding {
   char *name;
   GLuint index;
   /* Fragment outputs: the blend input (glBindFragDataLocationIndexed's
    * index, 0 or 1). */
   GLuint blend_index;
};

/* The executable of a successfully linked program. */
struct gl_program_exec {
   void *mem; /* ralloc context owning everything */
   struct glsl_program *linked;
   uint32_t *uniforms; /* default uniform storage (words) */
   unsigned uniforms_size_B;
   unsigned uniforms_stamp;             /* bumped when a value changes */
   struct st_program_variant *variants; /* one per pipe_context */
   /* Transform feedback of this link (transformfeedback.c). */
   struct pipe_stream_output_info so;
   unsigned so_buffers;          /* buffers the outputs go to */
   struct gl_xfb_varying {
      char *name;
      GLenum type;
      GLsizei size;
   } *xfb_varyings;
   unsigned num_xfb_varyings;
   GLenum xfb_mode;              /* INTERLEAVED_ATTRIBS / SEPARATE_ATTRIBS */
   /* Binding point of each uniform block, by glsl_program.ubos index
    * (glUniformBlockBinding; uniformblocks.c). */
   GLuint *ubo_bindings;
   /* Linked with the front end's fixed-function vertex shader. */
   bool fixed_function_vs;
   /* Shadow lookups returning a float (texture() on a shadow sampler):
    * 0 not looked for yet, 1 none, 2 some (st_texture.c). */
   uint8_t float_shadow_lookups;
   /* Binding point of each shader storage block, by glsl_program.ssbos
    * index (glShaderStorageBlockBinding; compute.c), and a count bumped
    * at every change (the state tracker remakes shaders for it). */
   GLuint *ssbo_bindings;
   unsigned ssbo_bindings_stamp;
   /* Whether samplers of different targets share a unit, as of
    * uniforms_stamp + 1 = sampler_check_stamp (sampler_units.c). */
   unsigned sampler_check_stamp;
   bool sampler_conflict;
   /* The sampler slots (glsl_program_uniform.sampler_index + element)
    * some texture instruction of the program reads, bit per slot; slots
    * past 63 count as read.  Filled on first use (samplers_read_known;
    * sampler_units.c). */
   uint64_t samplers_read;
   bool samplers_read_known;
   /* A separable program (GL 4.6 7.3, GL_PROGRAM_SEPARABLE at the link):
    * the sources of its shaders, by stage, which a program pipeline
    * compiles again to link its stages with other programs' (pipeline.c).
    */
   bool separable;
   unsigned num_sources;
   struct gl_exec_source {
      gl_shader_stage stage;
      const char *text;
   } *sources;
   /* Never the same for two executables of one process, even when one
    * is allocated where a freed one was: what caches of "the executable
    * last used" compare (pipelines', the state tracker's constants;
    * _mesa_new_program_exec).  Never 0. */
   unsigned serial;
};

/* Transform feedback objects (transformfeedback.c, ES 3.0 section 2.15). */
struct gl_transform_feedback_object {
   GLuint Name;
   bool EverBound;
   bool Active, Paused;
   GLenum Mode;                  /* primitive mode of BeginTransformFeedback */
   struct pipe_stream_output_target *targets[PIPE_MAX_SO_BUFFERS];
   unsigned num_targets;
   /* glDrawTransformFeedback*: primitives written per vertex stream
    * since the last Begin (pipe PRIMITIVES_EMITTED queries running while
    * it captures), and whether End was ever called. */
   struct pipe_query *written[4];
   uint64_t written_prims[4];
   bool Ended;
};

/* Program objects (shaderapi.c). */
struct gl_program_object {
   bool IsProgram; /* true */
   GLuint Name;
   int RefCount; /* name + current use */
   bool DeletePending;
   struct gl_shader **Shaders;
   unsigned NumShaders;
   struct gl_attrib_binding *AttribBindings;
   unsigned NumAttribBindings;
   struct gl_attrib_binding *FragDataBindings; /* glBindFragDataLocation */
   unsigned NumFragDataBindings;
   char **FeedbackVaryings;      /* TransformFeedbackVaryings */
   unsigned NumFeedbackVaryings;
   GLenum FeedbackBufferMode;
   bool LinkStatus;
   bool ValidateStatus;
   char *InfoLog; /* malloc'd */
   /* The last successful link's executable (kept after a failed relink
    * while the program is in use, as GL requires). */
   struct gl_program_exec *exec;
   /* glProgramParameteri: GL_PROGRAM_SEPARABLE, and
    * GL_PROGRAM_BINARY_RETRIEVABLE_HINT (recorded only). */
   bool Separable;
   bool BinaryRetrievableHint;
};

/* Program pipeline objects (pipeline.c, GL 4.6 7.4): per context. */
struct gl_pipeline_object {
   GLuint Name;
   struct gl_program_object *Stage[MESA_SHADER_STAGES];
   struct gl_program_object *Active; /* glActiveShaderProgram */
   bool ValidateStatus;
   char *InfoLog; /* malloc'd */
   /* What draws use: an unnamed program linking the stages' sources,
    * its uniforms copied from the stages' programs before each draw; the
    * exec serials of the stages it was linked from. */
   struct gl_program_object *Merged;
   unsigned MergedFrom[MESA_SHADER_STAGES];
   bool MergedFailed;
};

#define MAX_TEXTURE_LEVELS 15
/* Non-multisample proxy targets (texproxy.c). */
#define GL_PROXY_SLOTS 8

enum gl_texture_index {
   TEXTURE_2D_INDEX,
   TEXTURE_CUBE_INDEX,
   TEXTURE_3D_INDEX,
   TEXTURE_2D_ARRAY_INDEX,
   TEXTURE_RECT_INDEX, /* GL 3.1 / ARB_texture_rectangle (desktop) */
   TEXTURE_BUFFER_INDEX, /* GL 3.1 / ARB_texture_buffer_object (desktop) */
   TEXTURE_1D_INDEX, /* desktop GL */
   TEXTURE_1D_ARRAY_INDEX, /* desktop GL 3.0 */
   TEXTURE_2D_MULTISAMPLE_INDEX, /* GL 3.2 / ARB_texture_multisample */
   TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX,
   TEXTURE_CUBE_ARRAY_INDEX, /* GL 4.0 / ARB_texture_cube_map_array */
   NUM_TEXTURE_TARGETS,
};

/* One mip level of one face of a texture. */
struct gl_texture_image {
   GLsizei Width, Height, Depth; /* 0: undefined */
   GLenum InternalFormat;        /* as given (ES 2.0: = Format) */
   /* 1-4 when TexImage was given GL 1.0's component count (InternalFormat
    * is then the base format it stands for), else 0. */
   GLint ComponentCount;
   GLenum Format, Type;          /* of the TexImage call */
   enum pipe_format PipeFormat;  /* storage format */
   /* Where the texels are: the texture's resource, or a resource of its
    * own until the texture is finalised (st_texture.c). */
   struct pipe_resource *pt;
   unsigned pt_level, pt_layer;
};

/* TEXTURE_BORDER_COLOR (texborder.c): floats, or integers when given by
 * the TexParameterI forms. */
struct gl_border_color {
   union {
      GLfloat f[4];
      GLint i[4];
      GLuint ui[4];
   } v;
   bool is_integer;
};

/* Texture objects (texobj.c, teximage.c). */
struct gl_texture_object {
   GLuint Name;
   int RefCount;
   GLenum Target; /* 0 until first bound */
   enum gl_texture_index TargetIndex;
   GLenum MinFilter, MagFilter;
   GLenum WrapS, WrapT, WrapR;
   GLint BaseLevel, MaxLevel;
   GLfloat MinLod, MaxLod;
   GLenum CompareMode, CompareFunc;
   GLenum Swizzle[4];
   GLenum DepthMode; /* DEPTH_TEXTURE_MODE (desktop compatibility) */
   GLfloat LodBias;  /* TEXTURE_LOD_BIAS (desktop GL 1.4; not in ES) */
   bool Immutable;
   /* TEXTURE_IMMUTABLE_LEVELS: the levels TexStorage* made (0 while
    * mutable); they bound BASE_LEVEL and MAX_LEVEL (texobj.c). */
   GLuint ImmutableLevels;
   /* Texture views (texview.c, GL 4.6 section 8.18): a view shares the
    * storage of the texture it was made from; its levels are
    * ViewMinLevel .. + ViewNumLevels - 1 and its layers ViewMinLayer ..
    * + ViewNumLayers - 1 of that storage (its images point there). */
   bool IsView;
   GLuint ViewMinLevel, ViewNumLevels, ViewMinLayer, ViewNumLayers;
   bool GenerateMipmap; /* GENERATE_MIPMAP (compatibility, teximage.c) */
   /* DEPTH_STENCIL_TEXTURE_MODE is STENCIL_INDEX (ES 3.1 section 8.10,
    * ARB_stencil_texturing): depth/stencil textures read stencil. */
   bool StencilSampling;
   struct gl_texture_image Image[6][MAX_TEXTURE_LEVELS];
   /* The complete mip tree the sampler reads. */
   struct pipe_resource *pt;
   /* The level of pt that is the texture's level 0: nonzero for a texture
    * given level N of another texture through an EGL image
    * (st_eglimage.c), until the texture gets a tree of its own. */
   unsigned pt_first_level;
   unsigned stamp; /* bumped when pt or its images change */
   struct pipe_sampler_view *view;
   unsigned view_stamp;
   GLenum view_depth_mode; /* the depth mode view's swizzle was made for */
   /* The sampler CSO of the last context that sampled it (st_texture.c),
    * valid while SamplerStamp is unchanged. */
   unsigned SamplerStamp;
   void *sampler_cso;
   unsigned sampler_cso_ctx, sampler_cso_stamp;
   /* What st_texture.c found last (since wave 17), valid while stamp has
    * not moved (images, levels and the parameters they read bump it):
    * completeness for context complete_ctx with the filters and compare
    * mode it was judged with (the texture's or a sampler object's), and
    * whether the sampled levels were all in pt for MinFilter
    * finalized_min (finalized_valid). */
   struct gl_complete_cache {
      bool valid, complete;
      unsigned ctx, stamp;
      GLenum min, mag, compare;
   } complete_cache;
   bool finalized_valid;
   unsigned finalized_stamp;
   GLenum finalized_min;
   /* Buffer textures (texbuffer.c, GL 3.1 section 3.8.5): the buffer whose
    * data store the texels are, the internal format read from it, and
    * the range (BufferSize -1: the whole buffer, as TexBuffer attaches). */
   struct gl_buffer_object *BufferObject;
   GLenum BufferObjectFormat;
   GLintptr BufferOffset;
   GLsizeiptr BufferSize;
   /* Multisample textures (GL 3.2 section 3.8.4, texture_multisample.c):
    * the sample count of the storage (0: none yet) and whether the
    * sample locations are the same for every pixel. */
   GLuint Samples;
   bool FixedSampleLocations;
   struct gl_border_color BorderColor;
};

struct pipe_query;

/* Query objects (queryobj.c, ES 3.0 section 2.13/4.1.6). */
struct gl_query_object {
   GLuint Name;
   GLenum Target; /* 0 until first begun */
   bool Active;
   bool Ready;
   uint64_t Result;
   struct pipe_query *pq;
   unsigned Stream; /* the vertex stream pq counts (BeginQueryIndexed) */
};

/* Sampler objects (samplerobj.c, ES 3.0 section 3.8.2). */
struct gl_sampler_object {
   GLuint Name;
   int RefCount;
   GLenum MinFilter, MagFilter;
   GLenum WrapS, WrapT, WrapR;
   GLfloat MinLod, MaxLod;
   GLenum CompareMode, CompareFunc;
   GLfloat LodBias; /* TEXTURE_LOD_BIAS (desktop GL 3.3 table 6.23) */
   /* As in gl_texture_object. */
   unsigned SamplerStamp;
   void *sampler_cso;
   unsigned sampler_cso_ctx, sampler_cso_stamp;
   struct gl_border_color BorderColor;
};

struct gl_texture_unit {
   struct gl_texture_object *Current[NUM_TEXTURE_TARGETS];
   struct gl_sampler_object *Sampler; /* overrides the texture's */
};

/* A name table entry may be a name reserved by Gen* without an object. */
#define GL_NAME_RESERVED ((void *)1)

/* Objects shared between contexts. */
struct gl_shared_state {
   int RefCount;
   struct hash_table *Buffers;       /* GLuint -> gl_buffer_object */
   struct hash_table *ShaderObjects; /* shaders and programs share names */
   struct hash_table *Textures;
   struct hash_table *Renderbuffers;
   GLuint NextBuffer, NextShaderObject, NextTexture, NextRenderbuffer;
   struct hash_table *SyncObjects; /* GLsync -> gl_sync_object */
   struct hash_table *SamplerObjects;
   GLuint NextSampler;
   struct hash_table *Labels; /* (identifier, name) -> char * */
   /* The textures named 0, one per target. */
   struct gl_texture_object *DefaultTex[NUM_TEXTURE_TARGETS];
   /* Counts the changes to shared objects (programs, textures,
    * renderbuffers, buffers) and the state changes any context of the
    * group took: a context's kept draw verdict (gl_context::DrawChecked)
    * stands only while this has not moved (main/draw.h,
    * _mesa_draw_checks_stale).  Read and written with __atomic builtins:
    * contexts of a group may be current in several threads.  Since wave
    * 17. */
   unsigned DrawStamp;
   /* Counts the changes to shared objects that move what a uniform block
    * reads: glUniformBlockBinding and new buffer storage (glBufferData,
    * glBufferStorage), in any context of the group.  The state tracker
    * binds the blocks again when it moved (st_atoms.c).  Atomic like
    * DrawStamp.  Since wave 17. */
   unsigned UboStamp;
};

/* A colour, depth or stencil image of a framebuffer. */
struct gl_renderbuffer {
   GLuint Name;
   int RefCount;
   bool EverBound;
   GLenum InternalFormat;
   /* The internal format as glRenderbufferStorage* named it (an unsized
    * one stays unsized: RENDERBUFFER_INTERNAL_FORMAT answers it, as
    * llvmpipe does); 0 before storage. */
   GLenum RequestedFormat;
   enum pipe_format Format;
   GLsizei Width, Height;
   unsigned Samples;
   struct pipe_resource *texture;
   unsigned level, layer;
   /* The surface made for the last context that rendered to it. */
   struct pipe_surface *surface;
   /* Layers [layer, layer + nr_layers) of texture for a layered texture
    * attachment (glFramebufferTexture, GL 3.2 section 4.4.7); 0 when the
    * attachment is one image. */
   unsigned nr_layers;
   /* A texture view's attachment: the view's format, which its surface
    * takes instead of texture's (texview.c); NONE otherwise. */
   enum pipe_format ViewFormat;
};

enum gl_buffer_index {
   BUFFER_COLOR0,
   BUFFER_DEPTH = BUFFER_COLOR0 + MAX_DRAW_BUFFERS,
   BUFFER_STENCIL,
   BUFFER_COUNT,
};

/* What a framebuffer object has attached at one point. */
struct gl_fbo_attachment {
   GLenum Type; /* GL_NONE, GL_RENDERBUFFER or GL_TEXTURE */
   struct gl_renderbuffer *Renderbuffer;
   struct gl_texture_object *Texture;
   GLint TextureLevel;
   GLuint CubeFace;
   GLint Layer;               /* FramebufferTextureLayer */
   /* Stands for the texture image when the state tracker renders to it. */
   struct gl_renderbuffer *TexWrapper;
   /* Attached whole with glFramebufferTexture (GL 3.2 section 4.4.2). */
   bool Layered;
};

struct gl_framebuffer {
   GLuint Name; /* 0: window-system framebuffer */
   int RefCount;
   GLsizei Width, Height;
   /* What the state tracker renders to: the window system's buffers, or
    * resolved from Att[] by _mesa_update_framebuffer. */
   struct gl_renderbuffer *Attachment[BUFFER_COUNT];
   struct gl_fbo_attachment Att[BUFFER_COUNT]; /* framebuffer objects */
   GLenum Status; /* of the last completeness check */
   GLenum ColorDrawBuffer[MAX_DRAW_BUFFERS];
   GLenum ColorReadBuffer;
   bool FlipY; /* window system: GL's row 0 is the last */
   struct st_framebuffer *winsys;
   /* Layers of a complete layered framebuffer (GL 3.2 section 4.4.7), 0
    * when it is not layered: set by _mesa_framebuffer_status. */
   unsigned Layers;
   /* ARB_framebuffer_no_attachments / ES 3.1 section 9.2.1
    * (fbobject_params.c): the size of a framebuffer object without
    * attachments. */
   GLint DefaultWidth, DefaultHeight, DefaultLayers, DefaultSamples;
   bool DefaultFixedSampleLocations;
};

struct gl_constants {
   GLint MaxVertexAttribs;
   GLint MaxTextureSize;
   GLint MaxCubeMapTextureSize;
   GLint Max3DTextureSize;
   GLint MaxArrayTextureLayers;
   GLint MaxRenderbufferSize;
   GLint MaxViewportWidth, MaxViewportHeight;
   /* GL_MAX_VIEWPORTS: 1 unless the driver selects a viewport per
    * primitive (PIPE_CAP_MAX_VIEWPORTS; viewport_array.c). */
   GLint MaxViewports;
   GLint MaxCombinedTextureImageUnits;
   GLint MaxVertexTextureImageUnits;
   GLint MaxTextureImageUnits;
   GLint MaxVertexUniformVectors;
   GLint MaxFragmentUniformVectors;
   GLint MaxVaryingVectors;
   GLint MaxDrawBuffers;
   GLfloat AliasedPointSizeRange[2];
   GLfloat AliasedLineWidthRange[2];
   GLint SubpixelBits;
   /* Uniform blocks (uniformblocks.c): per stage, in all, bytes. */
   GLint MaxVertexUniformBlocks, MaxFragmentUniformBlocks;
   GLint MaxCombinedUniformBlocks;
   GLint MaxUniformBlockSize;
   GLint UniformBufferOffsetAlignment;
   GLint MaxSamples; /* the largest colour sample count (0: none) */
   /* Buffer textures (0: the driver has none); texels, bytes. */
   GLint MaxTextureBufferSize;
   GLint TextureBufferOffsetAlignment;
   /* GL_MAX_DUAL_SOURCE_DRAW_BUFFERS: the driver's
    * PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS; 0 hides
    * ARB/EXT_blend_func_extended. */
   GLint MaxDualSourceDrawBuffers;
   /* The driver has PIPE_QUERY_TIME_ELAPSED and PIPE_QUERY_TIMESTAMP
    * (ARB_timer_query, EXT_disjoint_timer_query). */
   bool TimerQueries;
   /* PIPE_CAP_BLEND_EQUATION_ADVANCED: KHR_blend_equation_advanced and
    * _coherent. */
   bool AdvancedBlend;
   /* The driver samples the stencil of depth/stencil textures
    * (X24S8_UINT and X32_S8X24_UINT views): ARB_stencil_texturing. */
   bool StencilTexturing;
   /* The driver samples and renders S8_UINT resources: STENCIL_INDEX8
    * textures (ARB_texture_stencil8, OES_texture_stencil8). */
   bool TextureStencil8;
   /* GL 3.2 / ARB_texture_multisample (st_context.c): multisample
    * textures exist; the largest colour, depth and integer counts. */
   bool TextureMultisample;
   GLint MaxColorTextureSamples, MaxDepthTextureSamples, MaxIntegerSamples;
   /* GL 3.2 / ARB_depth_clamp: the driver can turn depth clipping off. */
   bool DepthClamp;
   /* ARB_sample_shading: the driver shades per sample on request
    * (PIPE_CAP_SAMPLE_SHADING, with multisample textures). */
   bool SampleShading;
   /* GL 3.3 / ARB_vertex_type_2_10_10_10_rev: the driver fetches the
    * packed 2_10_10_10 vertex formats, BGRA order too (st_context.c). */
   bool PackedVertexFormats;
   /* GL 3.3 / ARB_texture_rgb10_a2ui: RGB10_A2UI textures and render
    * targets. */
   bool TextureRGB10A2UI;
   /* ARB_compute_shader (compute.c): 0 invocations when the driver has no
    * compute; ARB_shader_storage_buffer_object: blocks per stage
    * (gl_shader_stage), in all (0: none), bindings, bytes. */
   GLint MaxComputeWorkGroupInvocations;
   GLint MaxComputeSharedMemorySize;
   GLint MaxShaderStorageBlocks[MESA_SHADER_STAGES];
   GLint MaxCombinedShaderStorageBlocks;
   GLint MaxShaderStorageBufferBindings;
   GLint MaxShaderStorageBlockSize;
   GLint ShaderStorageBufferOffsetAlignment;
   /* ARB_shader_atomic_counters (compute.c): binding points (0: none);
    * their buffers use the driver's shader-buffer slots after the
    * storage buffers' (st_compute.c). */
   GLint MaxAtomicCounterBufferBindings;
   /* ARB_shader_image_load_store (shaderimage.c): image units (0: no
    * images) and image uniforms per stage (gl_shader_stage), in all. */
   GLint MaxImageUnits;
   GLint MaxImageUniforms[MESA_SHADER_STAGES];
   GLint MaxCombinedImageUniforms;
   /* GL_MAX_IMAGE_SAMPLES: the largest sample count of a multisample
    * texture bound to an image unit (0: none; st_image.c). */
   GLint MaxImageSamples;
   /* ARB_texture_cube_map_array (texobj.c): the driver's
    * PIPE_CAP_CUBE_MAP_ARRAY. */
   bool TextureCubeMapArray;
   /* Texture gathers (texgather.c): components a gather may select (0:
    * no gathers) and the range of textureGatherOffset(s) offsets; the
    * driver's PIPE_CAP_MAX_TEXTURE_GATHER_COMPONENTS & co. */
   GLint MaxTextureGatherComponents;
   GLint MinTextureGatherOffset;
   GLint MaxTextureGatherOffset;
   /* ARB_gpu_shader5 (gpu_shader5.c): the driver's
    * PIPE_CAP_TEXTURE_GATHER_SM5, PIPE_CAP_MAX_GS_INVOCATIONS and
    * PIPE_CAP_MAX_VERTEX_STREAMS. */
   bool TextureGatherSM5;
   GLint MaxGeometryShaderInvocations;
   GLint MaxVertexStreams;
};

/* KHR_debug (debug_output.c). */
#define MAX_DEBUG_MESSAGE_LENGTH 4096
#define MAX_DEBUG_LOGGED_MESSAGES 16
#define MAX_DEBUG_GROUP_STACK_DEPTH 64
#define MAX_LABEL_LENGTH 256

struct gl_debug_message {
   GLenum Source, Type, Severity;
   GLuint Id;
   char *Text; /* malloc'd */
};

/* One glDebugMessageControl call, applied in order over the defaults. */
struct gl_debug_rule {
   GLenum Source, Type, Severity; /* GL_DONT_CARE matches all */
   GLuint *Ids;                   /* NULL: any id */
   GLsizei NumIds;
   bool Enabled;
};

struct gl_debug_group {
   struct gl_debug_rule *Rules;
   unsigned NumRules;
   /* What PushDebugGroup said; PopDebugGroup repeats it. */
   GLenum Source;
   GLuint Id;
   char *Message;
};

struct gl_debug_state {
   bool Output; /* GL_DEBUG_OUTPUT */
   bool Sync;   /* GL_DEBUG_OUTPUT_SYNCHRONOUS */
   GLDEBUGPROC Callback;
   const void *CallbackData;
   struct gl_debug_message Log[MAX_DEBUG_LOGGED_MESSAGES];
   unsigned LogHead, LogCount;
   struct gl_debug_group Groups[MAX_DEBUG_GROUP_STACK_DEPTH];
   unsigned GroupDepth; /* 1 + pushed groups */
   bool InCallback;
};

struct gl_context {
   /* API (enum st_profile_type) and version * 10 (20, 30 ...). */
   int API;
   int Version;
   char VersionString[48];     /* glGetString(GL_VERSION) */
   char GLSLVersionString[48]; /* glGetString(GL_SHADING_LANGUAGE_VERSION) */
   /* glGetString(GL_EXTENSIONS): built on first use (malloc), freed with
    * the context state */
   char *ExtensionsString;
   /* KHR_parallel_shader_compile: glMaxShaderCompilerThreadsKHR's count
    * plus 1 (0: the initial 0xffffffff; compiles are synchronous anyway) */
   GLuint MaxShaderCompilerThreadsPlus1;
   struct gl_shared_state *Shared;
   struct st_context *st;
   struct gl_constants Const;

   GLenum ErrorValue;
   bool FirstTimeCurrent;
   GLbitfield ContextFlags; /* GL_CONTEXT_FLAG_*_BIT */
   /* Robustness (main/robustness.c): GL_RESET_NOTIFICATION_STRATEGY, the
    * reset status not yet returned by glGetGraphicsResetStatus, and
    * whether a GPU reset has lost this context. */
   GLenum ResetStrategy;
   GLenum ResetStatus;
   bool ContextLost;
   struct gl_debug_state Debug;
   uint32_t NewState; /* enum st_dirty */
   /* draw.c: the mode and elements flag of the last draw whose
    * state-dependent checks passed, while DrawChecked.valid; any state
    * change clears valid (_mesa_draw_checks_stale), so an unchanged draw
    * does only its argument checks.  Mesa keeps such a verdict too
    * (alexvorxx/Mesa-VirGL src/mesa/main/draw_validate.c,
    * _mesa_update_valid_to_render_state). */
   struct {
      bool valid;
      bool elements;
      GLenum mode;
      /* Since wave 17: the vertex array object bound then (a forward-
       * compatible context needs one not the default: the same object
       * still is not), and the share group's DrawStamp then. */
      const struct gl_vertex_array_object *vao;
      unsigned stamp;
   } DrawChecked;

   /* Viewport i (viewport_array.c): floats since ARB_viewport_array
    * (glViewportIndexedf); glViewport and glDepthRange set them all, and
    * the unindexed queries read viewport 0. */
   struct gl_viewport {
      GLfloat X, Y, Width, Height;
      GLfloat Near, Far;
   } ViewportArray[MAX_VIEWPORTS];

   /* Compatibility transformation state (GL 2.1 section 2.11.2, matrix.c):
    * Stack[0] modelview, Stack[1] projection, column-major. */
   struct {
      GLenum Mode;
      GLfloat Stack[2][MAX_MATRIX_STACK_DEPTH][16];
      unsigned Depth[2]; /* index of the top */
      /* User clip planes (GL 3.0 2.17, clip.c): eye-space equations and
       * GL_CLIP_PLANEi / GL_CLIP_DISTANCEi enables */
      GLfloat EyeUserPlane[8][4];
      bool ClipPlaneEnabled[8];
   } Transform;

   /* Scissor i (viewport_array.c).  Enabled is box 0's test (what
    * glIsEnabled and clears see); bit i of EnabledMask is box i's, bit 0
    * equal to Enabled.  glScissor and glEnable set every box. */
   struct {
      bool Enabled;
      uint16_t EnabledMask;
      struct gl_scissor_rect {
         GLint X, Y;
         GLsizei Width, Height;
      } Rect[MAX_VIEWPORTS];
   } Scissor;

   struct {
      GLfloat ClearColor[4];
      GLboolean ColorMask[4];
      bool BlendEnabled;
      GLenum SrcRGB, DstRGB, SrcA, DstA;
      GLenum EquationRGB, EquationA;
      GLfloat BlendColor[4];
      bool Dither;
      /* GL 3.0 indexed state (glEnablei(GL_BLEND), glColorMaski): bit i
       * of BlendEnabledi and PIPE_MASK_* ColorMaski[i] for draw buffer i.
       * BlendEnabled and ColorMask[] stay buffer 0's. */
      uint8_t BlendEnabledi;
      uint8_t ColorMaski[MAX_DRAW_BUFFERS];
      GLenum ClampReadColor; /* GL 3.0 glClampColor */
      GLenum ClampFragmentColor; /* the same, compatibility contexts */
      /* GL_BLEND_ADVANCED_COHERENT_KHR (initially true; blends are
       * always coherent here, so it changes nothing). */
      bool BlendCoherent;
      /* Logic ops (logicop.c): glLogicOp's opcode, GL_COLOR_LOGIC_OP and
       * GL_INDEX_LOGIC_OP (state only). */
      GLenum LogicOp;
      bool ColorLogicOpEnabled, IndexLogicOpEnabled;
   } Color;

   struct {
      bool Test;
      GLenum Func;
      bool Mask;
      GLfloat Clear;
   } Depth;

   struct {
      bool Enabled;
      GLenum Func[2]; /* front, back */
      GLint Ref[2];
      GLuint ValueMask[2];
      GLuint WriteMask[2];
      GLenum FailOp[2], ZFailOp[2], ZPassOp[2];
      GLint Clear;
   } Stencil;

   struct {
      GLenum FrontFace;
      GLenum CullFaceMode;
      bool CullFlag;
      bool OffsetFill;
      GLfloat OffsetFactor, OffsetUnits;
      GLenum FrontMode, BackMode; /* glPolygonMode (desktop GL) */
      GLfloat OffsetClamp; /* EXT_polygon_offset_clamp; 0: none */
      bool OffsetLine, OffsetPoint; /* desktop GL */
      /* Lines or points of polygon_mode.c that carry their polygon's
       * depth offset are drawn (st_ff_key::depth_offset). */
      bool OffsetDraw;
      /* polygon_mode.c's copies are drawn: each primitive is already
       * what its polygon's facing and mode make it, so the rasterizer
       * fills and offsets as for filled polygons (st_atoms.c). */
      bool Resolved;
      /* polygon_mode.c's lines and points of a program's polygons are
       * drawn, their facing in an attribute (st_copy_draw.c). */
      bool FacingDraw;
      /* GL_POLYGON_SMOOTH (desktop GL): kept for its query and the
       * attribute stacks; polygons are not antialiased (docs/gl.rst). */
      bool SmoothFlag;
      /* GL_POLYGON_STIPPLE and glPolygonStipple's pattern as
       * pipe_poly_stipple rows (polygon_stipple.c). */
      bool StippleFlag;
      GLuint Stipple[32];
   } Polygon;

   /* glShadeModel (compatibility) and glProvokingVertex (GL 3.2). */
   struct {
      GLenum ShadeModel;
      GLenum ProvokingVertex;
      /* CLAMP_VERTEX_COLOR (GL 3.0 compatibility section 2.19.6): TRUE,
       * FALSE or FIXED_ONLY (st_program.c's variants). */
      GLenum ClampVertexColor;
   } Light;

   GLfloat LineWidth;
   /* GL_LINE_STIPPLE and glLineStipple (compatibility, raster.c). */
   struct {
      bool StippleFlag;
      GLint StippleFactor; /* 1..256 */
      GLushort StipplePattern;
      /* A draw of line_stipple.c is under way (its segments carry their
       * stipple counters; st_ff_key::line_stipple). */
      bool StippleDraw;
      /* GL_LINE_SMOOTH (desktop GL): kept for its query and the
       * attribute stacks; lines are not antialiased (docs/gl.rst). */
      bool SmoothFlag;
   } Line;

   struct {
      bool SampleAlphaToCoverage;
      /* SAMPLE_ALPHA_TO_ONE (GL 4.6 section 17.3.1, table 23.10;
       * desktop): fragment alpha becomes 1 after the coverage. */
      bool SampleAlphaToOne;
      bool SampleCoverage;
      GLfloat SampleCoverageValue;
      bool SampleCoverageInvert;
      /* GL 3.2 section 4.1.3: SAMPLE_MASK and SAMPLE_MASK_VALUE word 0
       * (glSampleMaski; MAX_SAMPLE_MASK_WORDS is 1). */
      bool SampleMask;
      GLbitfield SampleMaskValue;
      /* ARB_sample_shading: SAMPLE_SHADING and MIN_SAMPLE_SHADING_VALUE
       * (GL 4.6 section 14.3.1.1, table 23.10). */
      bool SampleShading;
      GLfloat MinSampleShadingValue;
      /* MULTISAMPLE (GL 4.6 section 14.3.1, table 23.10; desktop). */
      bool Enabled;
   } Multisample;

   struct {
      GLenum GenerateMipmap;
      GLenum FragmentShaderDerivative;
      GLenum TextureCompression; /* desktop only */
      /* PERSPECTIVE_CORRECTION_HINT ... FOG_HINT (GL 2.1 table 6.70), by
       * target - GL_PERSPECTIVE_CORRECTION_HINT; recorded only. */
      GLenum Quality[5];
   } Hint;

   struct {
      GLint PackAlignment, UnpackAlignment;
      /* ES 3.0 section 3.7.1 / 4.3.2 (table 3.1): 0 = the image's own. */
      GLint UnpackRowLength, UnpackImageHeight;
      GLint UnpackSkipPixels, UnpackSkipRows, UnpackSkipImages;
      GLint PackRowLength, PackSkipPixels, PackSkipRows;
      /* Desktop GL 1.2 table 4.5: the 3D pack modes (glGetTexImage of
       * 3D and array images). */
      GLint PackImageHeight, PackSkipImages;
   } Pixel;

   struct gl_buffer_object *ArrayBuffer;
   /* ES 3.0 binding points (indexed uniform/feedback bindings later). */
   struct gl_buffer_object *CopyReadBuffer, *CopyWriteBuffer;
   struct gl_buffer_object *PixelPackBuffer, *PixelUnpackBuffer;
   struct gl_buffer_object *UniformBuffer, *TransformFeedbackBuffer;
   struct gl_buffer_object *TextureBuffer; /* GL 3.1 TEXTURE_BUFFER */
   struct gl_indexed_buffer_binding {
      struct gl_buffer_object *Buffer;
      GLintptr Offset;
      GLsizeiptr Size; /* 0: the whole buffer (BindBufferBase) */
   } UniformBufferBindings[MAX_UNIFORM_BUFFER_BINDINGS],
      TransformFeedbackBindings[MAX_FEEDBACK_BUFFERS];
   struct gl_vertex_array_object *VAO; /* bound (maybe the default) */
   struct gl_vertex_array_object *DefaultVAO;
   struct hash_table *VAOs;    /* per context */
   struct hash_table *Queries; /* per context */
   struct hash_table *TFObjects; /* per context */
   GLuint NextTF;
   struct gl_transform_feedback_object *CurrentTF, *DefaultTF;
   GLuint NextQuery;
   /* by queryobj.c's index: one per target, then the vertex streams 1-3
    * of the primitive queries (ARB_transform_feedback3) */
   struct gl_query_object *CurrentQuery[12];
   GLuint NextVAO;
   /* By VERT_ATTRIB_* (generic, then conventional: glColor ...). */
   GLfloat CurrentAttrib[VERT_ATTRIB_COUNT][4]; /* bits of ints too */
   GLenum CurrentAttribType[VERT_ATTRIB_COUNT]; /* FLOAT, INT, UNSIGNED_INT */
   GLuint ClientActiveTexture; /* glClientActiveTexture, 0-based */

   struct gl_program_object *CurrentProgram;

   struct gl_framebuffer *DrawBuffer, *ReadBuffer;
   struct hash_table *FBOs; /* per context */
   GLuint NextFBO;
   struct gl_renderbuffer *CurrentRenderbuffer;
   struct gl_framebuffer *WinsysDraw, *WinsysRead;
   /* Stands in when no window-system framebuffer is bound (surfaceless):
    * incomplete (GL_FRAMEBUFFER_UNDEFINED). */
   struct gl_framebuffer *IncompleteFramebuffer;

   GLuint ActiveTexture; /* index, not the GL_TEXTUREi enum */
   struct gl_texture_unit TexUnit[MAX_COMBINED_TEXTURE_UNITS];
   /* GL 3.2 PROXY_TEXTURE_2D_MULTISAMPLE(_ARRAY): image state only, no
    * storage (texture_multisample.c). */
   struct gl_texture_object ProxyMS[2];
   /* The other proxy targets' level state (texproxy.c). */
   struct gl_texture_image ProxyImage[GL_PROXY_SLOTS][MAX_TEXTURE_LEVELS];
   bool PrimitiveRestartFixedIndex;
   /* GL 3.1 section 2.8.1: GL_PRIMITIVE_RESTART and its index. */
   bool PrimitiveRestart;
   GLuint RestartIndex;
   /* GL 3.0 section 2.18 conditional rendering (condrender.c): while
    * active, draws and clears are skipped when the query counted no
    * samples. */
   struct {
      struct gl_query_object *Query;
      bool Skip;
   } CondRender;
   bool FramebufferSRGB; /* GL_FRAMEBUFFER_SRGB, desktop GL 3.0 */
   bool VertexProgramTwoSide; /* GL_VERTEX_PROGRAM_TWO_SIDE, compatibility */
   bool RasterizerDiscard;
   bool DepthClamp; /* GL 3.2 section 2.17 (GL_DEPTH_CLAMP) */
   bool CubeMapSeamless; /* GL 3.2 section 3.8.8 (seamless cube maps) */
   bool ProgramPointSize; /* GL 3.2 section 3.4 (GL_PROGRAM_POINT_SIZE) */
   /* The compatibility profile's fixed-function state (ffstate.h). */
   struct gl_ff_state FF;
   /* ARB_shader_storage_buffer_object and ARB_compute_shader
    * (compute.c): the generic and indexed storage buffer bindings, the
    * DISPATCH_INDIRECT_BUFFER binding. */
   struct gl_buffer_object *ShaderStorageBuffer;
   struct gl_indexed_buffer_binding
      ShaderStorageBufferBindings[MAX_SHADER_STORAGE_BUFFER_BINDINGS];
   struct gl_buffer_object *DispatchIndirectBuffer;
   /* ARB_draw_indirect / ES 3.1 (draw_indirect.c): DRAW_INDIRECT_BUFFER. */
   struct gl_buffer_object *DrawIndirectBuffer;
   /* ARB_shader_atomic_counters: GL_ATOMIC_COUNTER_BUFFER. */
   struct gl_buffer_object *AtomicCounterBuffer;
   struct gl_indexed_buffer_binding AtomicCounterBufferBindings[8];
   /* ARB_shader_image_load_store (shaderimage.c): the image units
    * (GL 4.6 section 8.26, table 23.45). */
   struct gl_image_unit {
      struct gl_texture_object *TexObj; /* NULL: nothing bound */
      GLint Level;
      GLboolean Layered;
      GLint Layer;
      GLenum Access;
      GLenum Format;
   } ImageUnits[MAX_IMAGE_UNITS];
   /* Pixel zoom, transfer and maps (pixel.h). */
   struct gl_pixel_ops PixelOps;
   /* Program pipeline objects (pipeline.c): the names, the bound one
    * (used when no program is current). */
   struct hash_table *Pipelines;
   GLuint NextPipeline;
   struct gl_pipeline_object *Pipeline;
   /* While a glProgramUniform* call runs: the program it sets. */
   struct gl_program_object *ProgramUniformTarget;
   /* glPushAttrib / glPushClientAttrib (attrib.c): each entry the mask
    * pushed and the saved state (malloc'ed). */
   struct gl_attrib_entry {
      GLbitfield Mask;
      void *Data;
      /* GL_TEXTURE_BIT: a reference to each unit's binding of each
       * target and that texture's parameters (attrib.c), NULL
       * otherwise. */
      void *Textures;
      /* GL_CLIENT_VERTEX_ARRAY_BIT: the vertex arrays (attrib.c). */
      void *Arrays;
   } AttribStack[MAX_ATTRIB_STACK_DEPTH],
      ClientAttribStack[MAX_ATTRIB_STACK_DEPTH];
   unsigned AttribDepth, ClientAttribDepth;
};

#endif
