/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The linker's shared state (glsl_link*.c): one translated NIR shader per
 * stage with its interface variables, and the program being filled in.
 */
#ifndef GLSL_LINK_PRIV_H
#define GLSL_LINK_PRIV_H

#include "glsl_program.h"
#include "glsl_state.h"
#include "glsl_to_nir.h"

/* GL 4.6 / ES 3.2 minimums, the limits this implementation reports. */
#define LINK_MAX_VERTEX_ATTRIBS 16
#define LINK_MAX_VARYING_SLOTS 32
#define LINK_MAX_DRAW_BUFFERS 8
/* GL_MAX_DUAL_SOURCE_DRAW_BUFFERS (ARB/EXT_blend_func_extended). */
#define LINK_MAX_DUAL_SOURCE_DRAW_BUFFERS 1
/* Uniform block limits when glsl_link_options gives none: the ES 3.0 /
 * GL 3.1 minimums, and the block size the asahi driver reads. */
#define LINK_MAX_STAGE_UNIFORM_BLOCKS 12
#define LINK_MAX_COMBINED_UNIFORM_BLOCKS 24
#define LINK_MAX_UNIFORM_BLOCK_SIZE 65536

/* GL 3.2 core spec table 6.42: the geometry shader minimums. */
#define LINK_MAX_GEOMETRY_OUTPUT_VERTICES 256
#define LINK_MAX_GEOMETRY_OUTPUT_COMPONENTS 128
#define LINK_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS 1024
/* GL_MAX_VERTEX_STREAMS (ARB_gpu_shader5; the asahi driver's
 * PIPE_CAP_MAX_VERTEX_STREAMS) */
#define LINK_MAX_VERTEX_STREAMS 4

struct link {
   struct glsl_program *prog;
   const struct glsl_link_options *opts;
   struct glsl_nir_stage *stage[MESA_SHADER_STAGES];
   struct glsl_parse_state *unit[MESA_SHADER_STAGES]; /* first shader */
   unsigned stage_count[MESA_SHADER_STAGES]; /* shaders of each stage */
   bool es;
   int version;
   bool failed;
   /* every shader of each stage (stage_count[s] of them) */
   struct glsl_parse_state *const *shaders[MESA_SHADER_STAGES];
};

void link_error(struct link *l, const char *fmt, ...);

/* The stage's word in GL limit names: "VERTEX", "TESS_CONTROL" ... */
const char *link_stage_limit_name(gl_shader_stage s);

/* Number of locations (vec4 slots) a variable takes. */
unsigned link_type_slots(const struct glsl_type *t);

/* GL names of the leaves of a type ("s.f", "s.a[2].g", "m[0]"), built in
 * one buffer while walking it (glsl_link_names.c): push a member or an
 * element, recurse, pop back to the length the push returned; keep()
 * copies the current name (with "[0]" for an array of a basic type) into
 * chunks owned by `mem`.  Out of memory sets `oom` and keeps "". */
struct link_names {
   void *mem;
   char *path;               /* the current name, NUL-terminated */
   size_t len, cap;
   char *chunk;              /* where the next kept name goes */
   size_t chunk_left;
   bool oom;
};

void link_names_init(struct link_names *n, void *mem);
void link_names_fini(struct link_names *n);
/* Starts a name with the first len bytes of name. */
void link_names_set(struct link_names *n, const char *name, size_t len);
size_t link_names_push_field(struct link_names *n, const char *field);
size_t link_names_push_index(struct link_names *n, unsigned index);
void link_names_pop(struct link_names *n, size_t len);
const char *link_names_keep(struct link_names *n, bool array);

/* Type equality across shaders: structures match by name and members. */
bool link_types_match(const struct glsl_type *a, const struct glsl_type *b);
/* GLSL ES (3.00 4.3.7): blocks of one name in two stages give each
 * member one precision.  False after a link error naming the member. */
bool link_block_precisions_match(struct link *l, const char *kind,
                                 const struct glsl_nir_block *a,
                                 const struct glsl_nir_block *b);
bool link_varying_types_match(const struct glsl_type *a,
                              const struct glsl_type *b);

/* Turns an interface variable nobody reads into a function temporary
 * (its stores then disappear). */
void link_demote_var(nir_shader *nir, nir_variable *var);

void link_attribs(struct link *l);
void link_varyings(struct link *l);
/* GLSL 1.30 4.3.7: gl_Color vs gl_FrontColor/gl_BackColor qualifiers
 * (glsl_link_colors.c) */
void link_color_interpolation(struct link *l);
/* The producer's user output an input of the consumer (the next stage)
 * matches (by location when the input has one, else by name; in a
 * pipeline's merged link, else by declaration order), NULL when none. */
struct glsl_nir_var *link_find_output(const struct link *l,
                                      struct glsl_nir_stage *producer,
                                      const struct glsl_nir_stage *consumer,
                                      const struct glsl_nir_var *in);
void link_frag_outputs(struct link *l);
void link_uniforms(struct link *l);
void link_blocks(struct link *l);
/* glsl_link_geom.c: before translation, the merged layouts; after the
 * varyings, the output limits. */
void link_geom_layout(struct link *l, struct glsl_parse_state *const *sh,
                      unsigned n);
void link_geom_outputs(struct link *l);
/* glsl_link_frag_depth.c: gl_FragDepth redeclarations agree. */
void link_frag_depth_layout(struct link *l,
                            struct glsl_parse_state *const *sh, unsigned n);
/* Before the varyings: fragment inputs fed by outputs of streams other
 * than 0 (ARB_gpu_shader5). */
void link_geom_streams(struct link *l);
/* glsl_link_pervertex.c: gl_PerVertex redeclarations per interface. */
void link_per_vertex(struct link *l,
                     struct glsl_parse_state **const *by_stage,
                     const unsigned *count);

/* glsl_link_invariance.c: whether the shaders declare `name` invariant
 * (a declaration, "invariant name;", or for outputs #pragma STDGL
 * invariant(all)); whether the version makes the invariance of a varying
 * match across stages; a varying's invariance; GLSL ES 1.00's rules for
 * gl_FragCoord and gl_PointCoord. */
bool link_declared_invariant(struct glsl_parse_state *const *sh, unsigned n,
                             const char *name, bool output);
bool link_invariance_must_match(const struct link *l);
bool link_var_invariant(const struct link *l, gl_shader_stage s,
                        const struct glsl_nir_var *v, bool output);
/* glsl_link_pack.c: whether a varying that is an array of 32-bit
 * scalars (per_vertex: of each vertex) can be packed four to a location,
 * the rewrite, and the packed GLSL type. */
bool link_pack_can(nir_shader *nir, nir_variable *var, bool per_vertex);
void link_pack(nir_shader *nir, nir_variable *var, bool per_vertex);
const struct glsl_type *link_packed_type(void *mem,
                                         const struct glsl_type *t,
                                         bool per_vertex);
/* ... mixed packing: whether a 32-bit scalar varying's uses are plain
 * loads and stores; growing a scalar array varying to `length`; moving
 * the scalar to element `index` of it. */
bool link_pack_absorb_can(nir_shader *nir, nir_variable *var);
void link_pack_grow(nir_shader *nir, nir_variable *host, unsigned length);
void link_pack_absorb(nir_shader *nir, nir_variable *host, nir_variable *var,
                      unsigned index);
void link_check_builtin_invariance(struct link *l,
                                   struct glsl_parse_state **const *by_stage,
                                   const unsigned *count);
/* glsl_link_ssbo.c: storage blocks (after link_blocks), then, once the
 * NIR is final, their initial binding points. */
void link_ssbos(struct link *l);
void link_ssbo_bindings(struct link *l);
void link_counters(struct link *l);
/* glsl_link_layout.c: the rules a block is laid out with (GLSL 4.60
 * 4.4.5; shared and packed blocks take std140's here), and the member
 * list of block b in pb as GL enumerates it: uniform block members, or
 * buffer variables (GL 4.6 7.3.1.1: of a top-level array of aggregates
 * only the first element). */
enum link_block_layout {
   LINK_LAYOUT_STD140,
   LINK_LAYOUT_STD430,
   LINK_LAYOUT_SHARED,
   LINK_LAYOUT_PACKED,
};
void link_list_block_members(struct glsl_program *prog,
                             struct glsl_program_block *pb,
                             const struct glsl_nir_block *b,
                             enum link_block_layout layout,
                             bool buffer_variables);
/* glsl_link_compute.c: the compute stage's rules. */
void link_compute(struct link *l);

#endif
