/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The GL context: creation with the spec's initial state, the calling
 * thread's current context, and GL errors.
 */
#ifndef MESA_CONTEXT_H
#define MESA_CONTEXT_H

#include <stdbool.h>

#include "main/mtypes.h"
#include "state_tracker/st_api.h"

/* The calling thread's current context (st_make_current sets it). */
extern __thread struct gl_context *_mesa_current_context;

#define GET_CURRENT_CONTEXT(C) struct gl_context *C = _mesa_current_context

/* For void entry points: GL calls without a current context do nothing. */
#define GET_CURRENT_CONTEXT_OR_RETURN(C)                                       \
   GET_CURRENT_CONTEXT(C);                                                     \
   if (!(C))                                                                   \
   return

static inline bool
_mesa_is_gles(const struct gl_context *ctx)
{
   return ctx->API == ST_PROFILE_OPENGL_ES2;
}

static inline bool
_mesa_is_gles3(const struct gl_context *ctx)
{
   return _mesa_is_gles(ctx) && ctx->Version >= 30;
}

/* ES 3.1: compute, storage buffers, atomic counters, images, indirect
 * draws, multisample textures. */
static inline bool
_mesa_is_gles31(const struct gl_context *ctx)
{
   return _mesa_is_gles(ctx) && ctx->Version >= 31;
}

/* Desktop GL, or ES 3.1 and later: where the GL 4.3 features ES 3.1 took
 * in exist (each still needs the driver's limits). */
static inline bool
_mesa_is_desktop_or_gles31(const struct gl_context *ctx)
{
   return !_mesa_is_gles(ctx) || ctx->Version >= 31;
}

/* A desktop context following the deprecation model of GL 3.0 appendix
 * E (forward-compatible, or a core profile): the deprecated features are
 * errors. */
static inline bool
_mesa_is_desktop_fc(const struct gl_context *ctx)
{
   return !_mesa_is_gles(ctx) &&
          (ctx->API == ST_PROFILE_OPENGL_CORE ||
           (ctx->ContextFlags & GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT));
}

/* The highest GLSL version the context accepts (110 ... 460, or 100/300
 * for ES). */
static inline int
_mesa_glsl_version(const struct gl_context *ctx)
{
   if (ctx->API == ST_PROFILE_OPENGL_ES2)
      return ctx->Version >= 30 ? ctx->Version * 10 : 100;
   switch (ctx->Version) {
   case 20:
      return 110;
   case 21:
      return 120;
   case 30:
      return 130;
   case 31:
      return 140;
   case 32:
      return 150;
   default:
      return ctx->Version * 10; /* 3.3 -> 330, 4.x -> 4x0 */
   }
}

/* Records error (the first since the last glGetError) and, when
 * MESA_DEBUG is set, prints the message. */
void _mesa_error(struct gl_context *ctx, GLenum error, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* Initial state of every GL state of the context (the specs' tables). */
void _mesa_init_context_state(struct gl_context *ctx);
/* glHint's PERSPECTIVE_CORRECTION_HINT ... FOG_HINT state of this context
 * (raster.c), NULL for other targets. */
GLenum *_mesa_quality_hint(struct gl_context *ctx, GLenum target);
/* The state of capability cap of glEnable kept in raster.c's table; false
 * if cap is not one of them in this context. */
bool _mesa_enable_state(struct gl_context *ctx, GLenum cap, bool *value);
void _mesa_free_context_state(struct gl_context *ctx);

struct gl_shared_state *_mesa_alloc_shared_state(void);
struct pipe_screen;
void _mesa_free_query_objects(struct gl_context *ctx);
/* Adds a draw to an active GL_PRIMITIVES_GENERATED query (queryobj.c). */
void _mesa_count_generated_primitives(struct gl_context *ctx, GLenum mode,
                                      GLsizei count, GLsizei instances);
/* The active GL_PRIMITIVES_GENERATED query of a vertex stream, or NULL
 * (queryobj.c; geometry shaders count on the driver's side). */
struct gl_query_object *
_mesa_generated_query(struct gl_context *ctx, unsigned stream);
void _mesa_reference_sampler(struct gl_sampler_object **dst,
                             struct gl_sampler_object *src);
void _mesa_free_sampler_objects(struct gl_shared_state *shared);
/* Frees the share group's sync objects (with their fences). */
void _mesa_free_sync_objects(struct gl_shared_state *shared,
                             struct pipe_screen *screen);
void _mesa_reference_shared_state(struct gl_shared_state **dst,
                                  struct gl_shared_state *src);

#endif
