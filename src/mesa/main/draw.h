/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What the drawing commands share (draw.c), for those in other files
 * (draw_indirect.c).
 */
#ifndef MESA_DRAW_H
#define MESA_DRAW_H

#include <stdbool.h>

#include "main/mtypes.h"

/* The checks every drawing command makes after its own arguments': not
 * between glBegin and glEnd, a vertex array object where one is needed, a
 * complete framebuffer, then the blending, sampler, geometry-shader and
 * transform-feedback rules for drawing mode (elements: an indexed
 * draw).  Raises the error and returns false when one fails. */
bool _mesa_draw_allowed(struct gl_context *ctx, GLenum mode, bool elements,
                        const char *func);

/* The state bits no draw check reads (gl_context::DrawChecked stands
 * through them): the vertex arrays, and since wave 17 uniform values
 * (ST_NEW_CONSTANTS: a sampler uniform sets the sampler bits too, and
 * matrices, lights and the viewport transform are read by no check) and
 * texture bindings (ST_NEW_TEXTURE_BINDING: the sampler-unit rule reads
 * the program's samplers, not the textures; a texture's own changes set
 * ST_NEW_SAMPLER_VIEWS), and uniform block bindings
 * (ST_NEW_UNIFORM_BUFFER: no draw rule reads them). */
#define DRAW_CHECKS_IGNORE                                                   \
   (ST_NEW_VERTEX_ARRAYS | ST_NEW_CONSTANTS | ST_NEW_TEXTURE_BINDING |      \
    ST_NEW_UNIFORM_BUFFER)

/* A shared object a uniform block reads changed (gl_shared_state::
 * UboStamp): every context of the group binds its blocks again. */
static inline void
_mesa_ubo_sources_changed(struct gl_context *ctx)
{
   __atomic_add_fetch(&ctx->Shared->UboStamp, 1, __ATOMIC_RELAXED);
}

/* The share group's count of changes (gl_shared_state::DrawStamp). */
static inline unsigned
_mesa_draw_stamp(const struct gl_context *ctx)
{
   return __atomic_load_n(&ctx->Shared->DrawStamp, __ATOMIC_RELAXED);
}

/* Forget the cached verdict of the state-dependent draw checks
 * (gl_context::DrawChecked): the next draw makes them all again, in this
 * context and (since wave 17) in every other context of its share group,
 * whose checks may read the objects changed.  Called when the state
 * tracker takes state changes (ST_NEW_* bits), by the commands that
 * change checked state without them (transform feedback, program links,
 * make-current) and by those changing shared objects (textures,
 * renderbuffers, sampler uniforms: _mesa_shared_object_changed). */
static inline void
_mesa_draw_checks_stale(struct gl_context *ctx)
{
   ctx->DrawChecked.valid = false;
   __atomic_add_fetch(&ctx->Shared->DrawStamp, 1, __ATOMIC_RELAXED);
}

/* A texture's images changed (specified, stored, copied or drawn into):
 * this context's sampler views follow (ST_NEW_SAMPLER_VIEWS), and, as the
 * texture may be shared and attached to a framebuffer another context of
 * the group draws to, every kept draw verdict (completeness and the
 * float-blending rule read the attachments).  Since wave 17. */
static inline void
_mesa_texture_changed(struct gl_context *ctx)
{
   ctx->NewState |= ST_NEW_SAMPLER_VIEWS;
   _mesa_draw_checks_stale(ctx);
}

/* Whether mode is a primitive mode of this context (else INVALID_ENUM). */
bool _mesa_draw_mode_valid(struct gl_context *ctx, GLenum mode);

/* ARB_draw_indirect (desktop GL 3.1 and later) and ES 3.1: the
 * DRAW_INDIRECT_BUFFER target and glDraw{Arrays,Elements}Indirect. */
bool _mesa_has_draw_indirect(const struct gl_context *ctx);

#endif
