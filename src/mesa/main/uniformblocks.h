/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform blocks (uniformblocks.c) and GL's list of active uniforms, which
 * holds the default-block uniforms of glsl_program.uniforms (in the
 * linker's order, without those only the front end's fixed-function
 * vertex shader reads) followed by the members of every
 * uniform block, block by block in glsl_program.ubos order.  The elements
 * of a block array share one list of members (GL 4.6 7.3.1.1: "B.m" is
 * one active uniform), listed under the first element.
 */
#ifndef MESA_UNIFORMBLOCKS_H
#define MESA_UNIFORMBLOCKS_H

#include "main/mtypes.h"
#include "glsl_program.h"

struct gl_active_uniform {
   const char *name;
   GLenum type;
   GLint size;
   /* Exactly one of these is set. */
   const struct glsl_program_uniform *uniform;       /* default block */
   const struct glsl_program_block_member *member;   /* in a block */
   GLint block;                                       /* member: its block */
};

/* GL_ACTIVE_UNIFORMS of a program (0 unless linked). */
unsigned _mesa_num_active_uniforms(const struct gl_program_object *prog);

/* Active uniform `index`; false when out of range or not linked. */
bool _mesa_get_active_uniform(const struct gl_program_object *prog,
                              unsigned index, struct gl_active_uniform *out);

/* The active uniform index of the first member of uniform block k (the
 * members of a block array are listed once, under its first element). */
unsigned _mesa_uniform_block_first_member(const struct gl_program_exec *exec,
                                          unsigned k);

/* The block binding points of a new executable: layout(binding) or 0
 * (ES 3.0.6 2.12.6.2).  false when out of memory. */
bool _mesa_init_uniform_block_bindings(struct gl_program_exec *exec);

/* glGet of the uniform block state and limits: true when pname is one
 * of them, with *known = whether ctx's API has it (ES 3.0, desktop GL). */
bool _mesa_get_uniform_block_state(struct gl_context *ctx, GLenum pname,
                                   GLint *value, bool *known);

#endif
