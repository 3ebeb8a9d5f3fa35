/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR for one stage: the shaders of that stage (already checked,
 * without errors) become one NIR shader with main() and every function
 * inlined.  Interface variables come back with their GLSL description so
 * that the linker can match stages and assign locations; until then their
 * data.location is -1 (built-ins excepted).
 */
#ifndef GLSL_TO_NIR_H
#define GLSL_TO_NIR_H

#include "compiler/glsl_types.h"
#include "nir.h"

struct glsl_parse_state;
struct ast_node;

/* A shader input, output or default-block uniform. */
struct glsl_nir_var {
   nir_variable *var;
   const char *name;
   const struct glsl_type *type;  /* valid while the shaders live */
   unsigned qual;                 /* AST_Q_* */
   int location;                  /* layout(location), else -1 */
   int index;                     /* layout(index), else 0 */
   int binding;                   /* layout(binding), else -1 */
   bool builtin;                  /* gl_Position, gl_FragColor ... */
   bool used;                     /* read or written by the code */
   bool written;                  /* assigned (or passed as out) */
   struct ast_node *initializer;  /* uniforms: constant initializer */
   /* Geometry shader outputs: the vertex stream (layout(stream) of the
    * variable or its block, else the default of the last "layout(stream)
    * out;" before it; GLSL 4.00 4.4.2.2); 0 for everything else. */
   int stream;
   /* A member of an interface block without an instance name ("B.m"):
    * the API names it "m" (transform feedback, GL 4.0 section 2.17). */
   bool anonymous_block;
};

/* A uniform block of the stage (std140 layout, see glsl_to_nir_ubo.c);
 * load_ubo's first source is its index in glsl_nir_stage.blocks. */
struct glsl_nir_block {
   const char *name;
   const char *instance;          /* instance name, NULL if anonymous */
   const struct glsl_type *type;  /* the interface type */
   unsigned size_B;
   int binding;                   /* layout(binding), else -1 */
   const bool *row_major;         /* per member: matrices row-major */
   /* GLSL ES, per member: its precision qualifier (AST_Q_HIGHP/MEDIUMP/
    * LOWP), 0 when it has none; NULL in desktop GLSL. */
   const unsigned *member_prec;
   unsigned array_size;           /* an element of a block array: its
                                   * length (name "B[k]"), else 0 */
   bool used;
   /* Storage blocks (glsl_nir_stage.ssbos): std430 (else std140), and
    * whether the code writes it. */
   bool std430;
   bool written;
};

/* An atomic counter (ARB_shader_atomic_counters): counters are 32-bit
 * words of the buffer at an atomic-counter buffer binding point, accessed
 * with ssbo_atomic/load_ssbo whose block source is G2N_ABO_BLOCK +
 * binding (the linker turns it into a storage-buffer slot, see
 * glsl_program.h). */
#define G2N_ABO_BLOCK 256
#define G2N_MAX_ABO_BINDINGS 8
struct glsl_nir_counter {
   const char *name;
   unsigned binding;
   unsigned offset_B;
   unsigned array_size;           /* 0: not an array */
   bool used;
};

struct glsl_nir_stage {
   nir_shader *nir;
   struct glsl_nir_var *vars;
   unsigned num_vars;
   struct glsl_nir_block *blocks;
   unsigned num_blocks;
   char *error;                   /* NULL when the translation worked */
   /* Storage blocks: the block source of load_ssbo, store_ssbo,
    * ssbo_atomic(_swap) and get_ssbo_size is the stage-local index into
    * this list until the linker rewrites it (glsl_link_ssbo.c). */
   struct glsl_nir_block *ssbos;
   unsigned num_ssbos;
   /* Vertex and geometry shaders writing gl_ClipDistance: its size
    * (g2n_distance_size), else 0. */
   unsigned clip_distance_size;
   /* The same for gl_CullDistance (ARB_cull_distance). */
   unsigned cull_distance_size;
   /* Compute: a shader declared layout(local_size_*) in. */
   bool local_size_declared;
   /* Atomic counters (glsl_to_nir_ssbo.c). */
   struct glsl_nir_counter *counters;
   unsigned num_counters;
   /* Fragment: the blend_support bits the stage's shaders declare
    * (glsl_blend_support_of, found while declaring the globals). */
   unsigned blend_support;
   /* Whether the translation made any texture instruction (the linker
    * need not look for texture derefs otherwise). */
   bool has_tex;
};

/* Translates; the result lives under mem_ctx.  Optimisation is left to
 * the caller (glsl_nir_finish). */
struct glsl_nir_stage *
glsl_to_nir(void *mem_ctx, struct glsl_parse_state *const *shaders,
            unsigned num_shaders, const nir_shader_compiler_options *options);

/* Evaluates a constant initializer of type t (in the shader's global
 * scope) into the uniform storage layout of glsl_program.h: one 32-bit
 * word per component, every column and array element a 4-word slot.
 * Returns false if it cannot (the words are then left as they were). */
bool glsl_nir_eval_initializer(struct glsl_parse_state *st,
                               struct ast_node *init,
                               const struct glsl_type *t, uint32_t *words,
                               unsigned num_words);

/* The std140 layout uniform blocks use (glsl_to_nir_ubo.c): offset of
 * field i of a structure or block (rm_fields: per-field row-major flags,
 * NULL for `rm` everywhere), and the stride between array elements or
 * matrix columns (rows when row-major). */
unsigned g2n_std140_offset(const struct glsl_type *t, unsigned i,
                           const bool *rm_fields, bool rm);
unsigned g2n_ubo_field_offset(const struct glsl_type *t, unsigned i);
unsigned g2n_std140_stride(const struct glsl_type *t, bool rm);
/* The same with the std430 rules when std430 (glsl_to_nir_ssbo.c; storage
 * blocks, shared variables and "shared"/"packed" uniform blocks), and
 * the bytes a block takes (an unsized last member counts as one
 * element). */
unsigned g2n_mem_offset(const struct glsl_type *t, unsigned i,
                        const bool *rm_fields, bool rm, bool std430);
unsigned g2n_mem_stride(const struct glsl_type *t, bool rm, bool std430);
unsigned g2n_block_size(const struct glsl_type *bt, const bool *rm,
                        bool std430);

/* The lowering and optimisation every linked shader gets (see
 * glsl_program.h for the resulting form).  Returns false, with *error
 * (under mem_ctx), when the translation is not valid NIR (an internal
 * error of ours, reported as a link error). */
/* Vertices of one input primitive of a geometry shader (enum mesa_prim:
 * points 1, lines 2, triangles 3, lines_adjacency 4,
 * triangles_adjacency 6), 0 for other primitives. */
unsigned glsl_prim_vertices_in(int prim);

bool glsl_nir_finish(nir_shader *nir, void *mem_ctx, char **error);

#endif
