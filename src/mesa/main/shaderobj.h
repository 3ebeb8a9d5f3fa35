/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Shader and program objects: lifetime and the current program. */
#ifndef MESA_SHADEROBJ_H
#define MESA_SHADEROBJ_H

#include "main/mtypes.h"

struct glsl_parse_state;

/* Frees a shader or program object (at context-group teardown). */
void _mesa_free_shader_object(void *obj);

/* Makes prog (or nothing) the current program, with reference counting. */
void _mesa_use_program(struct gl_context *ctx, struct gl_program_object *prog);

/* Points *ptr at prog, with reference counting (pipeline stages). */
void _mesa_reference_program(struct gl_context *ctx,
                             struct gl_program_object **ptr,
                             struct gl_program_object *prog);

/* The GLSL front end with this context's options; NULL if out of memory,
 * else a state whose log says whether it compiled (shaderapi.c). */
struct glsl_parse_state *_mesa_compile_glsl(struct gl_context *ctx,
                                            void *mem, gl_shader_stage stage,
                                            const char *src);

/* Links n compiled shaders into prog (shaderapi.c); stage_uniforms:
 * uniforms of one name in two stages are two (pipeline.c). */
void _mesa_link_program_states(struct gl_context *ctx,
                               struct gl_program_object *prog,
                               struct glsl_parse_state *const *states,
                               unsigned n, bool stage_uniforms);

/* A zeroed executable owned by ralloc context mem, with its mem and a
 * serial number no other executable has had (shaderapi.c); NULL when out
 * of memory. */
struct gl_program_exec *_mesa_new_program_exec(void *mem);

/* The bound pipeline's executable for draws, NULL when none is bound or
 * it cannot be linked (pipeline.c). */
struct gl_program_exec *_mesa_pipeline_exec(struct gl_context *ctx);

/* Whether draws use a program: a current program or a bound pipeline
 * with at least one stage (GL 4.6 7.3/7.4).  A current compatibility
 * program linked without shaders has no executable: draws are
 * fixed-function. */
static inline bool
_mesa_program_in_use(const struct gl_context *ctx)
{
   if (ctx->CurrentProgram)
      return ctx->CurrentProgram->exec != NULL;
   for (unsigned s = 0; ctx->Pipeline && s < MESA_SHADER_STAGES; s++) {
      if (ctx->Pipeline->Stage[s])
         return true;
   }
   return false;
}

/* Looks up a program by name, recording the spec's error when the name is
 * unused (GL_INVALID_VALUE) or a shader (GL_INVALID_OPERATION). */
struct gl_program_object *
_mesa_lookup_program_err(struct gl_context *ctx, GLuint name, const char *func);

/* The executable of the current program, else of the bound pipeline,
 * or NULL. */
static inline struct gl_program_exec *
_mesa_current_exec(struct gl_context *ctx)
{
   if (ctx->CurrentProgram)
      return ctx->CurrentProgram->exec;
   return ctx->Pipeline ? _mesa_pipeline_exec(ctx) : NULL;
}

#endif
