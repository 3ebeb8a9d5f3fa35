/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Contexts as window-system code sees them (st_api.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/draw.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_ff.h"
#include "state_tracker/st_pixel.h"
#include "state_tracker/st_program.h"
#include "state_tracker/st_texture.h"
#include "state_tracker/st_draw.h"
#include "state_tracker/st_image.h"
#include "main/texobj.h"
#include "util/hash_table.h"
#include "cso_cache/cso_cache.h"
#include "util/u_inlines.h"
#include "util/u_debug_callback.h"
#include "util/u_upload_mgr.h"
#include "main/debug_output.h"
#include <stdio.h>

static void
delete_cso(void *data, enum cso_type type, void *cso)
{
   struct pipe_context *pipe = data;

   switch (type) {
   case CSO_BLEND:
      pipe->delete_blend_state(pipe, cso);
      break;
   case CSO_RASTERIZER:
      pipe->delete_rasterizer_state(pipe, cso);
      break;
   case CSO_DEPTH_STENCIL_ALPHA:
      pipe->delete_depth_stencil_alpha_state(pipe, cso);
      break;
   case CSO_SAMPLER:
      pipe->delete_sampler_state(pipe, cso);
      break;
   case CSO_VERTEX_ELEMENTS:
      pipe->delete_vertex_elements_state(pipe, cso);
      break;
   default:
      break;
   }
}

/* Driver messages become KHR_debug messages of the context. */
static void
driver_message(void *data, unsigned *id, enum util_debug_type type,
               const char *fmt, va_list args)
{
   struct st_context *st = data;
   GLenum source = GL_DEBUG_SOURCE_API, gl_type = GL_DEBUG_TYPE_OTHER;
   GLenum severity = GL_DEBUG_SEVERITY_NOTIFICATION;
   static unsigned next_id = 1;
   char text[MAX_DEBUG_MESSAGE_LENGTH];

   if (!*id)
      *id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
   switch (type) {
   case UTIL_DEBUG_TYPE_SHADER_INFO:
      source = GL_DEBUG_SOURCE_SHADER_COMPILER;
      break;
   case UTIL_DEBUG_TYPE_PERF_INFO:
   case UTIL_DEBUG_TYPE_FALLBACK:
      gl_type = GL_DEBUG_TYPE_PERFORMANCE;
      severity = GL_DEBUG_SEVERITY_MEDIUM;
      break;
   case UTIL_DEBUG_TYPE_OUT_OF_MEMORY:
   case UTIL_DEBUG_TYPE_ERROR:
      gl_type = GL_DEBUG_TYPE_ERROR;
      severity = GL_DEBUG_SEVERITY_MEDIUM;
      break;
   case UTIL_DEBUG_TYPE_CONFORMANCE:
      gl_type = GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR;
      severity = GL_DEBUG_SEVERITY_MEDIUM;
      break;
   default:
      break;
   }
   vsnprintf(text, sizeof(text), fmt, args);
   _mesa_debug_message(&st->ctx, source, gl_type, *id, severity, -1, text);
}

void
st_update_debug_callback(struct st_context *st)
{
   if (!st->pipe->set_debug_callback)
      return;
   if (st->ctx.Debug.Output) {
      struct util_debug_callback cb = {
         .debug_message = driver_message,
         .data = st,
      };
      st->pipe->set_debug_callback(st->pipe, &cb);
   } else {
      st->pipe->set_debug_callback(st->pipe, NULL);
   }
}

/* MESA_GL_VERSION_OVERRIDE / MESA_GLES_VERSION_OVERRIDE ("3.3", as in
 * Mesa; a trailing "COMPAT" or "FC" is accepted): the version to claim
 * whatever the API implements, for tools such as shader-db that only
 * compile and link.  0 when unset or malformed. */
static int
version_override(bool es)
{
   const char *s =
      getenv(es ? "MESA_GLES_VERSION_OVERRIDE" : "MESA_GL_VERSION_OVERRIDE");
   int major, minor;

   if (!s || sscanf(s, "%d.%d", &major, &minor) != 2 || major < 1 ||
       major > 4 || minor < 0 || minor > 9)
      return 0;
   return major * 10 + minor;
}

/* Does the driver offer what ES 3.0 needs beyond what the front end
 * does by itself (ES 3.0.6 table 6.32's minimums): four transform
 * feedback buffers of 64 interleaved / 4 separate components, 4x
 * multisampled RGBA8 rendering, and 12 uniform blocks per stage besides
 * the default uniform block (constant buffers). */
int
st_stage_limits(struct pipe_screen *screen, enum pipe_shader_cap cap, int max,
                GLint limits[MESA_SHADER_STAGES])
{
   static const struct {
      gl_shader_stage s;
      enum pipe_shader_type ps;
   } stages[] = {
      {MESA_SHADER_VERTEX, PIPE_SHADER_VERTEX},
      {MESA_SHADER_FRAGMENT, PIPE_SHADER_FRAGMENT},
      {MESA_SHADER_GEOMETRY, PIPE_SHADER_GEOMETRY},
      {MESA_SHADER_COMPUTE, PIPE_SHADER_COMPUTE},
   };
   int most = 0;

   for (unsigned i = 0; i < sizeof(stages) / sizeof(stages[0]); i++) {
      int n = screen->get_shader_param(screen, stages[i].ps, cap);
      n = n < 0 ? 0 : n > max ? max : n;
      limits[stages[i].s] = n;
      most = n > most ? n : most;
   }
   return most;
}

/* ARB_compute_shader and ARB_shader_storage_buffer_object (main/compute.c)
 * as the driver has them: compute with PIPE_CAP_COMPUTE and at least the
 * GL 4.3 minimums (table 23.65: 1024 invocations, 32 KiB of shared
 * memory, 8 storage blocks), storage blocks per stage up to the driver's
 * PIPE_SHADER_CAP_MAX_SHADER_BUFFERS.  The binding points are the
 * driver's shader buffer slots (st_compute.c). */
static void
st_init_compute_limits(struct st_context *st)
{
   struct pipe_screen *screen = st->screen;
   struct gl_constants *c = &st->ctx.Const;
   int most = st_stage_limits(screen, PIPE_SHADER_CAP_MAX_SHADER_BUFFERS,
                              MAX_SHADER_STORAGE_BUFFER_BINDINGS,
                              c->MaxShaderStorageBlocks);
   /* GL 4.3 table 23.63: 8 fragment and compute blocks at least */
   if (c->MaxShaderStorageBlocks[MESA_SHADER_FRAGMENT] >= 8 &&
       c->MaxShaderStorageBlocks[MESA_SHADER_COMPUTE] >= 8) {
      int size = screen->get_param(screen, PIPE_CAP_MAX_SHADER_BUFFER_SIZE);
      int align =
         screen->get_param(screen, PIPE_CAP_SHADER_BUFFER_OFFSET_ALIGNMENT);
      c->MaxCombinedShaderStorageBlocks = most;
      c->MaxShaderStorageBufferBindings = most;
      /* 16 slots or more: storage buffers in the first 8, atomic
       * counter buffers in the next 8 (ARB_shader_atomic_counters) */
      if (most >= 16) {
         c->MaxShaderStorageBufferBindings = 8;
         c->MaxAtomicCounterBufferBindings = 8;
         for (unsigned i = 0; i < MESA_SHADER_STAGES; i++) {
            if (c->MaxShaderStorageBlocks[i] > 8)
               c->MaxShaderStorageBlocks[i] = 8;
         }
         c->MaxCombinedShaderStorageBlocks = 8;
      }
      c->MaxShaderStorageBlockSize = size >= (1 << 24) ? size : (1 << 24);
      c->ShaderStorageBufferOffsetAlignment = align > 0 ? align : 4;
   } else {
      memset(c->MaxShaderStorageBlocks, 0, sizeof(c->MaxShaderStorageBlocks));
   }
   /* The limits reported are GL 4.3's minimums (table 23.65), which the
    * GLSL constants (gl_MaxComputeWorkGroupSize ...) and the linker's
    * checks also use: a driver giving less in its compute caps (0: not
    * given) has no compute here. */
   static const struct {
      enum pipe_cap cap;
      int min;
   } mins[] = {
      {PIPE_CAP_MAX_COMPUTE_GRID_SIZE_X, 65535},
      {PIPE_CAP_MAX_COMPUTE_GRID_SIZE_Y, 65535},
      {PIPE_CAP_MAX_COMPUTE_GRID_SIZE_Z, 65535},
      {PIPE_CAP_MAX_COMPUTE_BLOCK_SIZE_X, 1024},
      {PIPE_CAP_MAX_COMPUTE_BLOCK_SIZE_Y, 1024},
      {PIPE_CAP_MAX_COMPUTE_BLOCK_SIZE_Z, 64},
      {PIPE_CAP_MAX_COMPUTE_THREADS_PER_BLOCK, 1024},
      {PIPE_CAP_MAX_COMPUTE_SHARED_MEMORY, 32768},
   };
   bool enough = true;
   for (unsigned i = 0; i < sizeof(mins) / sizeof(mins[0]); i++) {
      int v = screen->get_param(screen, mins[i].cap);
      enough &= v == 0 || v >= mins[i].min;
   }
   if (enough && screen->get_param(screen, PIPE_CAP_COMPUTE) > 0 &&
       c->MaxCombinedShaderStorageBlocks > 0) {
      c->MaxComputeWorkGroupInvocations = 1024;
      c->MaxComputeSharedMemorySize = 32768;
   }
}

static bool
es3_supported(struct pipe_screen *screen)
{
   if (screen->get_param(screen, PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS) < 4 ||
       screen->get_param(screen,
                         PIPE_CAP_MAX_STREAM_OUTPUT_INTERLEAVED_COMPONENTS) <
          64 ||
       screen->get_param(screen,
                         PIPE_CAP_MAX_STREAM_OUTPUT_SEPARATE_COMPONENTS) < 4)
      return false;
   if (!screen->is_format_supported(screen, PIPE_FORMAT_R8G8B8A8_UNORM,
                                    PIPE_TEXTURE_2D, 4, 4,
                                    PIPE_BIND_RENDER_TARGET))
      return false;
   static const enum pipe_shader_type stages[] = {PIPE_SHADER_VERTEX,
                                                  PIPE_SHADER_FRAGMENT};
   for (unsigned i = 0; i < 2; i++) {
      if (screen->get_shader_param(screen, stages[i],
                                   PIPE_SHADER_CAP_MAX_CONST_BUFFERS) < 13)
         return false;
   }
   return true;
}

/* Does the driver offer what GL 3.1 adds to the 3.0 context (GL 3.1
 * appendix G and table 6.50's minimums): buffer textures, rectangle
 * textures, primitive restart with any index, 16 texture units in the
 * vertex shader, and 12 uniform blocks per stage (es3_supported). */
static bool
gl31_supported(struct pipe_screen *screen)
{
   if (!es3_supported(screen) ||
       !screen->get_param(screen, PIPE_CAP_TEXTURE_BUFFER_OBJECTS) ||
       !screen->get_param(screen, PIPE_CAP_TEXRECT) ||
       !screen->get_param(screen, PIPE_CAP_PRIMITIVE_RESTART))
      return false;
   static const enum pipe_shader_type stages[] = {PIPE_SHADER_VERTEX,
                                                  PIPE_SHADER_FRAGMENT};
   for (unsigned i = 0; i < 2; i++) {
      if (screen->get_shader_param(screen, stages[i],
                                   PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS) < 16)
         return false;
   }
   /* The signed normalized formats GL 3.1 makes required texture
    * formats (table 3.12). */
   static const enum pipe_format snorm[] = {
      PIPE_FORMAT_R8_SNORM,  PIPE_FORMAT_R8G8_SNORM,
      PIPE_FORMAT_R8G8B8A8_SNORM, PIPE_FORMAT_R16_SNORM,
      PIPE_FORMAT_R16G16_SNORM,   PIPE_FORMAT_R16G16B16A16_SNORM,
   };
   for (unsigned i = 0; i < sizeof(snorm) / sizeof(snorm[0]); i++) {
      if (!screen->is_format_supported(screen, snorm[i], PIPE_TEXTURE_2D, 0,
                                       0, PIPE_BIND_SAMPLER_VIEW))
         return false;
   }
   return true;
}

/* The texture image units a stage can have: sampler views and sampler
 * states both, at most PIPE_MAX_SAMPLERS (st_texture.c binds that many). */
static int
st_stage_texture_units(struct pipe_screen *screen,
                       enum pipe_shader_type stage)
{
   int views = screen->get_shader_param(screen, stage,
                                        PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS);
   int states = screen->get_shader_param(screen, stage,
                                         PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS);
   int n = views < states ? views : states;
   n = n < PIPE_MAX_SAMPLERS ? n : PIPE_MAX_SAMPLERS;
   return n > 0 ? n : 0;
}

/* Does the driver offer what GL 3.2 adds to 3.1 (GL 3.2 appendix H):
 * geometry shaders, multisample textures (2D and 2D arrays, colour and
 * depth), depth clamping and seamless cube maps; ARB_sync,
 * ARB_provoking_vertex, ARB_vertex_array_bgra, base-vertex draws and
 * fragment coordinate conventions are the front end's own.  With this, a
 * driver that reports PIPE_SHADER_GEOMETRY gets 3.2 by itself. */
static bool
gl32_supported(struct pipe_screen *screen)
{
   if (!gl31_supported(screen) ||
       !screen->get_param(screen, PIPE_CAP_TEXTURE_MULTISAMPLE) ||
       !screen->get_param(screen, PIPE_CAP_DEPTH_CLIP_DISABLE) ||
       !screen->get_param(screen, PIPE_CAP_SEAMLESS_CUBE_MAP))
      return false;
   /* A geometry stage, with GL 3.2 table 6.45's 16 texture units. */
   if (screen->get_shader_param(screen, PIPE_SHADER_GEOMETRY,
                                PIPE_SHADER_CAP_MAX_INSTRUCTIONS) <= 0 ||
       screen->get_shader_param(screen, PIPE_SHADER_GEOMETRY,
                                PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS) < 16)
      return false;
   /* Multisampled RGBA8 textures and depth textures, and (for
    * MAX_INTEGER_SAMPLES' minimum of 1) 2D arrays of them. */
   static const struct {
      enum pipe_format format;
      unsigned bind;
   } ms[] = {
      {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_BIND_RENDER_TARGET},
      {PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_BIND_DEPTH_STENCIL},
   };
   for (unsigned i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
      for (unsigned t = 0; t < 2; t++) {
         enum pipe_texture_target target =
            t ? PIPE_TEXTURE_2D_ARRAY : PIPE_TEXTURE_2D;
         if (!screen->is_format_supported(screen, ms[i].format, target, 4, 4,
                                          ms[i].bind |
                                             PIPE_BIND_SAMPLER_VIEW))
            return false;
      }
   }
   return true;
}

/* Does the driver offer what GL 3.3 adds to 3.2 (GL 3.3 core
 * specification, 2010-03-11, appendix I): dual-source blending
 * (ARB_blend_func_extended), occlusion and timer queries
 * (ARB_occlusion_query2, ARB_timer_query), texture swizzles
 * (ARB_texture_swizzle), instanced arrays (ARB_instanced_arrays),
 * RGB10_A2UI textures and render targets (ARB_texture_rgb10_a2ui, a
 * required format of table 3.12) and the packed 2_10_10_10 vertex
 * formats in both component orders (ARB_vertex_type_2_10_10_10_rev with
 * size BGRA).  Sampler objects, explicit attribute locations and the
 * GLSL 3.30 bit casts are the front end's own. */
static bool
gl33_supported(struct pipe_screen *screen)
{
   if (!gl32_supported(screen) ||
       screen->get_param(screen, PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS) <
          1 ||
       !screen->get_param(screen, PIPE_CAP_OCCLUSION_QUERY) ||
       !screen->get_param(screen, PIPE_CAP_QUERY_TIME_ELAPSED) ||
       !screen->get_param(screen, PIPE_CAP_QUERY_TIMESTAMP) ||
       !screen->get_timestamp ||
       !screen->get_param(screen, PIPE_CAP_TEXTURE_SWIZZLE) ||
       !screen->get_param(screen, PIPE_CAP_VERTEX_ELEMENT_INSTANCE_DIVISOR))
      return false;
   if (!screen->is_format_supported(screen, PIPE_FORMAT_R10G10B10A2_UINT,
                                    PIPE_TEXTURE_2D, 0, 0,
                                    PIPE_BIND_SAMPLER_VIEW |
                                       PIPE_BIND_RENDER_TARGET))
      return false;
   static const enum pipe_format packed[] = {
      PIPE_FORMAT_R10G10B10A2_UNORM,   PIPE_FORMAT_R10G10B10A2_SNORM,
      PIPE_FORMAT_R10G10B10A2_USCALED, PIPE_FORMAT_R10G10B10A2_SSCALED,
      PIPE_FORMAT_B10G10R10A2_UNORM,   PIPE_FORMAT_B10G10R10A2_SNORM,
   };
   for (unsigned i = 0; i < sizeof(packed) / sizeof(packed[0]); i++) {
      if (!screen->is_format_supported(screen, packed[i], PIPE_BUFFER, 0, 0,
                                       PIPE_BIND_VERTEX_BUFFER))
         return false;
   }
   return true;
}

/* Does the driver offer what ES 3.1 adds to ES 3.0 (ES 3.1 chapter 17
 * and tables 20.43-20.48): compute shaders, storage buffers in the
 * compute and fragment stages (st_init_compute_limits asks 8, above ES
 * 3.1's 4), image units (st_image.c asks 8 fragment image uniforms) and
 * multisample textures.  Indirect draws, program interface queries and
 * the rest are the front end's own. */
static bool
es31_supported(struct pipe_screen *screen)
{
   if (!es3_supported(screen) ||
       screen->get_param(screen, PIPE_CAP_COMPUTE) <= 0 ||
       screen->get_param(screen, PIPE_CAP_TEXTURE_MULTISAMPLE) <= 0)
      return false;
   static const enum pipe_shader_type stages[] = {PIPE_SHADER_FRAGMENT,
                                                  PIPE_SHADER_COMPUTE};
   for (unsigned i = 0; i < 2; i++) {
      if (screen->get_shader_param(screen, stages[i],
                                   PIPE_SHADER_CAP_MAX_SHADER_BUFFERS) < 8 ||
          screen->get_shader_param(screen, stages[i],
                                   PIPE_SHADER_CAP_MAX_SHADER_IMAGES) < 8)
         return false;
   }
   return true;
}

/* The version a request gets, or 0 when it cannot be met. */
static int
choose_version(struct pipe_screen *screen,
               const struct st_context_attribs *attribs)
{
   int requested = attribs->major * 10 + attribs->minor;
   int forced = version_override(attribs->profile == ST_PROFILE_OPENGL_ES2);

   if (forced && attribs->profile != ST_PROFILE_OPENGL_ES1) {
      if (attribs->profile == ST_PROFILE_OPENGL_CORE && forced < 30)
         return 0;
      return requested <= forced ? forced : 0;
   }

   switch (attribs->profile) {
   case ST_PROFILE_OPENGL_ES2:
      /* ES 2.0 and, when the driver has what ES 3.0 (3.1) needs, ES 3.0
       * (3.1): the version asked for (an ES 2.0 request keeps ES 2.0's
       * rules, an ES 3.0 one ES 3.0's). */
      if (requested == 20)
         return 20;
      if (requested == 30 && es3_supported(screen))
         return 30;
      if (requested == 31 && es31_supported(screen))
         return 31;
      return 0;
   case ST_PROFILE_DEFAULT:
   case ST_PROFILE_OPENGL_CORE: {
      /* GL 3.1 when the driver has what it needs, else 3.0 (their
       * features: docs/gl.rst).  The context meets any request up to its
       * version (EGL_KHR_create_context: the version returned may be
       * higher, if backwards compatible).  The compatibility 3.1 keeps
       * the 3.0 context's deprecated features (as with
       * ARB_compatibility); the core one (EGL routes forward-compatible
       * 3.x requests and core profiles here) is forward-compatible.
       * 3.2 when the driver has geometry shaders and the rest of
       * gl32_supported; the core profile is forward-compatible, the
       * compatibility one keeps the deprecated features.  3.3 (GLSL
       * 3.30) when it also has what gl33_supported asks for. */
      int best = gl33_supported(screen)   ? 33
                 : gl32_supported(screen) ? 32
                 : gl31_supported(screen) ? 31
                                          : 30;
      return requested <= best ? best : 0;
   }
   default:
      return 0;
   }
}

struct st_context *
st_context_create(struct pipe_screen *screen,
                  const struct st_context_attribs *attribs,
                  struct st_context *share, enum st_context_error *error)
{
   enum st_context_error dummy;
   struct st_context *st;
   int version;

   if (!error)
      error = &dummy;
   *error = ST_CONTEXT_SUCCESS;

   if (!screen || !attribs) {
      *error = ST_CONTEXT_ERROR_BAD_API;
      return NULL;
   }
   if (attribs->profile == ST_PROFILE_OPENGL_ES1) {
      *error = ST_CONTEXT_ERROR_BAD_API;
      return NULL;
   }
   if (attribs->flags &
       ~(ST_CONTEXT_FLAG_DEBUG | ST_CONTEXT_FLAG_FORWARD_COMPATIBLE |
         ST_CONTEXT_FLAG_ROBUST_ACCESS | ST_CONTEXT_FLAG_RESET_NOTIFICATION |
         ST_CONTEXT_FLAG_NO_ERROR)) {
      *error = ST_CONTEXT_ERROR_UNKNOWN_FLAG;
      return NULL;
   }
   version = choose_version(screen, attribs);
   if (!version) {
      *error = ST_CONTEXT_ERROR_BAD_VERSION;
      return NULL;
   }
   if (share &&
       (share->screen != screen || share->ctx.API != (int)attribs->profile)) {
      *error = ST_CONTEXT_ERROR_BAD_SHARE;
      return NULL;
   }

   st = calloc(1, sizeof(*st));
   if (!st)
      goto oom;
   static unsigned next_id = 1;
   st->id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
   st->screen = screen;
   st->ctx.st = st;
   st->ctx.API = (int)attribs->profile;
   st->ctx.Version = version;
   {
      int glsl = _mesa_glsl_version(&st->ctx);
      if (attribs->profile == ST_PROFILE_OPENGL_ES2) {
         snprintf(st->ctx.VersionString, sizeof(st->ctx.VersionString),
                  "OpenGL ES %d.%d asahi-gl 0.1", version / 10, version % 10);
         snprintf(st->ctx.GLSLVersionString, sizeof(st->ctx.GLSLVersionString),
                  "OpenGL ES GLSL ES %d.%02d", glsl / 100, glsl % 100);
      } else {
         snprintf(st->ctx.VersionString, sizeof(st->ctx.VersionString),
                  "%d.%d%s asahi-gl 0.1", version / 10, version % 10,
                  attribs->profile == ST_PROFILE_OPENGL_CORE && version >= 32
                     ? " (Core Profile)"
                     : "");
         snprintf(st->ctx.GLSLVersionString, sizeof(st->ctx.GLSLVersionString),
                  "%d.%02d", glsl / 100, glsl % 100);
      }
   }

   unsigned pipe_flags = 0;
   if (attribs->flags & ST_CONTEXT_FLAG_DEBUG)
      pipe_flags |= PIPE_CONTEXT_DEBUG;
   if (attribs->flags & ST_CONTEXT_FLAG_ROBUST_ACCESS)
      pipe_flags |= PIPE_CONTEXT_ROBUST_BUFFER_ACCESS;
   st->pipe = screen->context_create(screen, st, pipe_flags);
   if (!st->pipe)
      goto oom;
   st->cso = cso_cache_create(delete_cso, st->pipe);
   st->user_const_buffers =
      screen->get_param(screen, PIPE_CAP_USER_CONSTANT_BUFFERS) > 0;
   st->uploader =
      u_upload_create(st->pipe, 256 * 1024,
                      PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |
                         PIPE_BIND_CONSTANT_BUFFER);
   if (!st->cso || !st->uploader)
      goto oom;

   if (share)
      _mesa_reference_shared_state(&st->ctx.Shared, share->ctx.Shared);
   else
      st->ctx.Shared = _mesa_alloc_shared_state();
   if (!st->ctx.Shared)
      goto oom;

   _mesa_init_context_state(&st->ctx);
   if (!st->ctx.DefaultVAO || !st->ctx.VAOs)
      goto oom;
   if (attribs->flags & ST_CONTEXT_FLAG_DEBUG)
      st->ctx.ContextFlags |= GL_CONTEXT_FLAG_DEBUG_BIT;
   if (attribs->flags & ST_CONTEXT_FLAG_ROBUST_ACCESS)
      st->ctx.ContextFlags |= GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT;
   /* GL 3.0 section 6.1.5: forward-compatible desktop contexts say so. */
   if (!_mesa_is_gles(&st->ctx) &&
       ((attribs->flags & ST_CONTEXT_FLAG_FORWARD_COMPATIBLE) ||
        attribs->profile == ST_PROFILE_OPENGL_CORE))
      st->ctx.ContextFlags |= GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT;
   st->ctx.ResetStrategy = (attribs->flags & ST_CONTEXT_FLAG_RESET_NOTIFICATION)
                              ? GL_LOSE_CONTEXT_ON_RESET
                              : GL_NO_RESET_NOTIFICATION;
   _mesa_init_debug_output(&st->ctx,
                           (attribs->flags & ST_CONTEXT_FLAG_DEBUG) != 0);
   st_update_debug_callback(st);
   /* the clamping of the first variants, before any framebuffer */
   st->color_clamp = (uint8_t)st_color_clamp(st);

   /* Sizes the screen can do. */
   int max2d = screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_2D_SIZE);
   if (max2d > 0 && max2d < st->ctx.Const.MaxTextureSize) {
      st->ctx.Const.MaxTextureSize = max2d;
      st->ctx.Const.MaxCubeMapTextureSize = max2d;
      st->ctx.Const.MaxRenderbufferSize = max2d;
      st->ctx.Const.MaxViewportWidth = max2d;
      st->ctx.Const.MaxViewportHeight = max2d;
   }
   /* Uniform blocks: a stage's blocks are its constant buffers 1 and up
    * (st_nir_ubo_slots.c), so a stage may have as many as the driver
    * has constant buffers but one, and a program the sum over its
    * stages (GL 3.2 table 6.51: 12, 12, 12 and 36 combined). */
   int cbs = screen->get_shader_param(screen, PIPE_SHADER_FRAGMENT,
                                      PIPE_SHADER_CAP_MAX_CONST_BUFFERS);
   int vs_cbs = screen->get_shader_param(screen, PIPE_SHADER_VERTEX,
                                         PIPE_SHADER_CAP_MAX_CONST_BUFFERS);
   cbs = (vs_cbs < cbs ? vs_cbs : cbs) - 1;
   struct gl_constants *c = &st->ctx.Const;
   if (cbs < 0)
      cbs = 0;
   if (c->MaxVertexUniformBlocks > cbs)
      c->MaxVertexUniformBlocks = cbs;
   if (c->MaxFragmentUniformBlocks > cbs)
      c->MaxFragmentUniformBlocks = cbs;
   /* the geometry stage has the vertex stage's limits (geomshader.c) */
   bool gs = screen->get_shader_param(screen, PIPE_SHADER_GEOMETRY,
                                      PIPE_SHADER_CAP_MAX_INSTRUCTIONS) > 0;
   int combined = c->MaxVertexUniformBlocks + c->MaxFragmentUniformBlocks +
                  (gs ? c->MaxVertexUniformBlocks : 0);
   if (c->MaxCombinedUniformBlocks > combined)
      c->MaxCombinedUniformBlocks = combined;
   /* Texture image units: each stage binds its own sampler views and
    * sampler states from slot 0 (st_nir_sampler_slots.c), as many as the
    * driver has of both in that stage; a program the sum over its stages
    * (GL 3.2 table 6.45: 16 a stage, 48 combined). */
   int vs_units = st_stage_texture_units(screen, PIPE_SHADER_VERTEX);
   int fs_units = st_stage_texture_units(screen, PIPE_SHADER_FRAGMENT);
   int gs_units = gs ? st_stage_texture_units(screen, PIPE_SHADER_GEOMETRY)
                     : 0;
   if (c->MaxVertexTextureImageUnits > vs_units)
      c->MaxVertexTextureImageUnits = vs_units;
   if (c->MaxTextureImageUnits > fs_units)
      c->MaxTextureImageUnits = fs_units;
   int units = c->MaxVertexTextureImageUnits + c->MaxTextureImageUnits +
               gs_units;
   if (c->MaxCombinedTextureImageUnits > units)
      c->MaxCombinedTextureImageUnits = units;
   /* Default-block uniforms: a stage's constant buffer 0 (st_atoms.c)
    * holds them, 16 bytes a vec4; the geometry and compute stages take
    * the vertex and fragment limits (geomshader.c, compute.c). */
   const enum pipe_shader_cap cb0_size =
      PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE;
   int vs_cb0 = screen->get_shader_param(screen, PIPE_SHADER_VERTEX, cb0_size);
   int fs_cb0 =
      screen->get_shader_param(screen, PIPE_SHADER_FRAGMENT, cb0_size);
   if (vs_cb0 >= 16 && vs_cb0 / 16 < c->MaxVertexUniformVectors)
      c->MaxVertexUniformVectors = vs_cb0 / 16;
   if (fs_cb0 >= 16 && fs_cb0 / 16 < c->MaxFragmentUniformVectors)
      c->MaxFragmentUniformVectors = fs_cb0 / 16;
   /* Varyings: vec4 inputs the fragment stage can read. */
   int fs_in = screen->get_shader_param(screen, PIPE_SHADER_FRAGMENT,
                                        PIPE_SHADER_CAP_MAX_INPUTS);
   if (fs_in > 0 && fs_in < c->MaxVaryingVectors)
      c->MaxVaryingVectors = fs_in;
   /* GL_MAX_SAMPLES: the largest count RGBA8 renders with (ES 3.0 asks
    * for at least 4). */
   unsigned counts[8];
   if (st_sample_counts(st, PIPE_FORMAT_R8G8B8A8_UNORM, counts, 8))
      st->ctx.Const.MaxSamples = (GLint)counts[0];
   /* Buffer textures (main/texbuffer.c): GL 3.1 table 6.50 asks for at
    * least 65536 texels. */
   if (screen->get_param(screen, PIPE_CAP_TEXTURE_BUFFER_OBJECTS)) {
      int max_el = screen->get_param(screen,
                                     PIPE_CAP_MAX_TEXEL_BUFFER_ELEMENTS);
      int align = screen->get_param(screen,
                                    PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT);
      if (max_el >= 65536) {
         c->MaxTextureBufferSize = max_el;
         c->TextureBufferOffsetAlignment = align > 0 ? align : 1;
      }
   }
   /* Dual-source blending (ARB/EXT_blend_func_extended): the linker
    * places second colours for draw buffer 0 only. */
   int dual = screen->get_param(screen,
                                PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS);
   st->ctx.Const.MaxDualSourceDrawBuffers = dual > 0 ? 1 : 0;
   st->ctx.Const.AdvancedBlend =
      screen->get_param(screen, PIPE_CAP_BLEND_EQUATION_ADVANCED) > 0;
   st->ctx.Const.StencilTexturing =
      screen->is_format_supported(screen, PIPE_FORMAT_X24S8_UINT,
                                  PIPE_TEXTURE_2D, 0, 0,
                                  PIPE_BIND_SAMPLER_VIEW) &&
      screen->is_format_supported(screen, PIPE_FORMAT_X32_S8X24_UINT,
                                  PIPE_TEXTURE_2D, 0, 0,
                                  PIPE_BIND_SAMPLER_VIEW);
   st->ctx.Const.TextureStencil8 = screen->is_format_supported(
      screen, PIPE_FORMAT_S8_UINT, PIPE_TEXTURE_2D, 0, 0,
      PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_DEPTH_STENCIL);
   /* GL 3.2 (or its extensions in 3.0/3.1 contexts): multisample
    * textures and depth clamping. */
   st_init_texture_multisample_limits(st);
   st->ctx.Const.DepthClamp =
      screen->get_param(screen, PIPE_CAP_DEPTH_CLIP_DISABLE) > 0;
   st->ctx.Const.SampleShading =
      st->ctx.Const.TextureMultisample &&
      screen->get_param(screen, PIPE_CAP_SAMPLE_SHADING) > 0;
   st->ctx.Const.TimerQueries =
      screen->get_param(screen, PIPE_CAP_QUERY_TIME_ELAPSED) &&
      screen->get_param(screen, PIPE_CAP_QUERY_TIMESTAMP) &&
      screen->get_timestamp;
   /* GL 3.3's formats, also through their extensions in 3.0-3.2
    * contexts (gl33_supported). */
   st->ctx.Const.PackedVertexFormats = true;
   static const enum pipe_format packed[] = {
      PIPE_FORMAT_R10G10B10A2_UNORM,   PIPE_FORMAT_R10G10B10A2_SNORM,
      PIPE_FORMAT_R10G10B10A2_USCALED, PIPE_FORMAT_R10G10B10A2_SSCALED,
      PIPE_FORMAT_B10G10R10A2_UNORM,   PIPE_FORMAT_B10G10R10A2_SNORM,
   };
   for (unsigned i = 0; i < sizeof(packed) / sizeof(packed[0]); i++) {
      if (!screen->is_format_supported(screen, packed[i], PIPE_BUFFER, 0, 0,
                                       PIPE_BIND_VERTEX_BUFFER))
         st->ctx.Const.PackedVertexFormats = false;
   }
   st->ctx.Const.TextureRGB10A2UI = screen->is_format_supported(
      screen, PIPE_FORMAT_R10G10B10A2_UINT, PIPE_TEXTURE_2D, 0, 0,
      PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET);
   st_init_compute_limits(st);
   st_init_image_limits(st);
   /* ARB_texture_cube_map_array (texobj.h) */
   st->ctx.Const.TextureCubeMapArray =
      screen->get_param(screen, PIPE_CAP_CUBE_MAP_ARRAY) > 0;
   /* ARB_texture_gather (texgather.h) */
   st->ctx.Const.MaxTextureGatherComponents =
      screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_GATHER_COMPONENTS);
   st->ctx.Const.MinTextureGatherOffset =
      screen->get_param(screen, PIPE_CAP_MIN_TEXTURE_GATHER_OFFSET);
   st->ctx.Const.MaxTextureGatherOffset =
      screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_GATHER_OFFSET);
   /* ARB_gpu_shader5 (gpu_shader5.h) */
   st->ctx.Const.TextureGatherSM5 =
      screen->get_param(screen, PIPE_CAP_TEXTURE_GATHER_SM5) > 0;
   st->ctx.Const.MaxGeometryShaderInvocations =
      screen->get_param(screen, PIPE_CAP_MAX_GS_INVOCATIONS);
   st->ctx.Const.MaxVertexStreams =
      screen->get_param(screen, PIPE_CAP_MAX_VERTEX_STREAMS);
   /* ARB_viewport_array asks for 16 (viewport_array.c); fewer is one. */
   st->ctx.Const.MaxViewports =
      screen->get_param(screen, PIPE_CAP_MAX_VIEWPORTS) >= 16 ? 16 : 1;
   return st;

oom:
   *error = ST_CONTEXT_ERROR_NO_MEMORY;
   if (st) {
      if (st->ctx.Shared)
         _mesa_free_context_state(&st->ctx);
      _mesa_reference_shared_state(&st->ctx.Shared, NULL);
      u_upload_destroy(st->uploader);
      cso_cache_destroy(st->cso);
      if (st->pipe)
         st->pipe->destroy(st->pipe);
      free(st);
   }
   return NULL;
}

/* Drops surfaces this context made on fb's renderbuffers. */
static void
release_fb_surfaces(struct st_context *st, struct st_framebuffer *fb)
{
   struct gl_renderbuffer *rbs[] = {&fb->front, &fb->back, &fb->msaa,
                                    &fb->msaa_front, &fb->depth_stencil};

   for (unsigned i = 0; i < sizeof(rbs) / sizeof(rbs[0]); i++) {
      if (rbs[i]->surface && rbs[i]->surface->context == st->pipe)
         pipe_surface_reference(&rbs[i]->surface, NULL);
   }
}

static void
bind_framebuffers(struct st_context *st, struct st_framebuffer *draw,
                  struct st_framebuffer *read)
{
   struct gl_context *ctx = &st->ctx;

   if (draw)
      draw->refcount++;
   if (read)
      read->refcount++;
   /* Decide before the old window-system framebuffers may be freed below:
    * bound framebuffer objects stay bound, window-system ones follow. */
   bool draw_follows = !ctx->DrawBuffer || !ctx->DrawBuffer->Name;
   bool read_follows = !ctx->ReadBuffer || !ctx->ReadBuffer->Name;
   st_release_framebuffer_state(st);
   if (st->draw) {
      release_fb_surfaces(st, st->draw);
      st_framebuffer_unref(st->draw);
   }
   if (st->read) {
      release_fb_surfaces(st, st->read);
      st_framebuffer_unref(st->read);
   }
   st->draw = draw;
   st->read = read;

   ctx->WinsysDraw = draw ? &draw->base : NULL;
   ctx->WinsysRead = read ? &read->base : NULL;
   if (draw_follows)
      ctx->DrawBuffer = ctx->WinsysDraw;
   if (read_follows)
      ctx->ReadBuffer = ctx->WinsysRead;
   st->draw_stamp = draw ? draw->stamp - 1 : 0;
   st_invalidate_framebuffer(st);
}

/* Sampler views this context made on shared textures die with it. */
static void
release_view(struct st_context *st, struct gl_texture_object *t)
{
   if (t && t != GL_NAME_RESERVED && t->view && t->view->context == st->pipe)
      pipe_sampler_view_reference(&t->view, NULL);
}

static void
release_texture_views(struct st_context *st)
{
   struct gl_shared_state *shared = st->ctx.Shared;

   hash_table_foreach(shared->Renderbuffers, e) {
      struct gl_renderbuffer *rb = e->data;
      if (rb != GL_NAME_RESERVED && rb->surface &&
          rb->surface->context == st->pipe)
         pipe_surface_reference(&rb->surface, NULL);
   }

   hash_table_foreach(shared->Textures, e)
      release_view(st, e->data);
   for (unsigned i = 0; i < NUM_TEXTURE_TARGETS; i++)
      release_view(st, shared->DefaultTex[i]);
   for (unsigned u = 0; u < MAX_COMBINED_TEXTURE_UNITS; u++) {
      for (unsigned i = 0; i < NUM_TEXTURE_TARGETS; i++)
         release_view(st, st->ctx.TexUnit[u].Current[i]);
   }
}

void
st_context_destroy(struct st_context *st)
{
   struct gl_context *ctx;

   if (!st)
      return;
   ctx = &st->ctx;
   if (_mesa_current_context == ctx)
      st_make_current(NULL, NULL, NULL);

   /* Our pipe objects go before the pipe does. */
   struct gl_context *prev = _mesa_current_context;
   _mesa_current_context = ctx;
   bind_framebuffers(st, NULL, NULL);
   st_release_context_variants(st);
   st_ff_release(st);
   st_release_pixel_state(st);
   st_release_texture_state(st);
   st_release_clear_state(st);
   st_release_ubos(st);
   release_texture_views(st);
   _mesa_free_context_state(ctx);
   _mesa_current_context = prev;

   st->pipe->bind_blend_state(st->pipe, NULL);
   st->pipe->bind_rasterizer_state(st->pipe, NULL);
   st->pipe->bind_depth_stencil_alpha_state(st->pipe, NULL);
   st->pipe->bind_vertex_elements_state(st->pipe, NULL);
   cso_cache_destroy(st->cso);
   u_upload_destroy(st->uploader);
   if (ctx->Shared->RefCount == 1)
      _mesa_free_sync_objects(ctx->Shared, st->screen);
   _mesa_reference_shared_state(&ctx->Shared, NULL);
   st->pipe->destroy(st->pipe);
   free(st);
}

void
st_context_get_version(struct st_context *st, int *major, int *minor)
{
   *major = st->ctx.Version / 10;
   *minor = st->ctx.Version % 10;
}

struct pipe_context *
st_context_pipe(struct st_context *st)
{
   return st->pipe;
}

bool
st_make_current(struct st_context *st, struct st_framebuffer *draw,
                struct st_framebuffer *read)
{
   struct gl_context *old = _mesa_current_context;

   if (!st) {
      if (old) {
         st_context_flush(old->st, 0, NULL);
         _mesa_current_context = NULL;
      }
      return draw == NULL && read == NULL;
   }
   if ((draw && draw->screen != st->screen) ||
       (read && read->screen != st->screen))
      return false;

   if (old && old != &st->ctx)
      st_context_flush(old->st, 0, NULL);
   _mesa_current_context = &st->ctx;
   /* shared objects (textures, programs) may have changed in another
    * context meanwhile: check the next draw's state afresh (draw.c) */
   _mesa_draw_checks_stale(&st->ctx);

   if (draw != st->draw || read != st->read)
      bind_framebuffers(st, draw, read);

   /* ES 2.0 section 2.12.1: the first binding to a window sets the
    * viewport and scissor to its size. */
   if (st->ctx.FirstTimeCurrent && draw) {
      /* every viewport and box (ARB_viewport_array) */
      for (unsigned i = 0; i < MAX_VIEWPORTS; i++) {
         st->ctx.ViewportArray[i].Width = (GLfloat)draw->base.Width;
         st->ctx.ViewportArray[i].Height = (GLfloat)draw->base.Height;
         st->ctx.Scissor.Rect[i].Width = draw->base.Width;
         st->ctx.Scissor.Rect[i].Height = draw->base.Height;
      }
      st->ctx.FirstTimeCurrent = false;
      st->ctx.NewState |= ST_NEW_VIEWPORT | ST_NEW_SCISSOR;
   }
   return true;
}

struct st_context *
st_get_current(void)
{
   return _mesa_current_context ? _mesa_current_context->st : NULL;
}

void
st_context_flush(struct st_context *st, unsigned flags,
                 struct pipe_fence_handle **fence)
{
   struct pipe_fence_handle *local = NULL;
   unsigned pflags = 0;

   if (flags & ST_FLUSH_END_OF_FRAME) {
      pflags |= PIPE_FLUSH_END_OF_FRAME;
      /* A multisampled window shows its resolved samples. */
      st_framebuffer_resolve(st, st->draw);
   }
   if (flags & ST_FLUSH_WAIT) {
      st->pipe->flush(st->pipe, &local, pflags);
      if (local) {
         st->screen->fence_finish(st->screen, NULL, local,
                                  PIPE_TIMEOUT_INFINITE);
         if (fence)
            *fence = local;
         else
            st->screen->fence_reference(st->screen, &local, NULL);
      }
      return;
   }
   st->pipe->flush(st->pipe, fence, pflags);
}
