/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A linked GLSL program: the result of glsl_link_program() over shaders
 * compiled by glsl_compile_shader().  This is everything the GL front end
 * needs (it never looks at the AST) and the NIR the driver compiles.
 *
 * Memory: everything hangs off the returned program (ralloc); free it with
 * ralloc_free(prog).  The compiled shaders may be freed once linking
 * returns.  The `type` pointers in the resource lists are static built-in
 * types (scalars, vectors, matrices, samplers) and never dangle.
 *
 * ---------------------------------------------------------------------
 * The NIR handed over (prog->nir[stage], one shader per linked stage)
 * ---------------------------------------------------------------------
 * Shape:
 *  - One function, the entry point "main".  Every user function has been
 *    inlined while translating (there are no call instructions); returns
 *    inside inlined functions are gone.  A `return` in main() is a
 *    nir_jump_return.
 *  - Passes already run: nir_lower_vars_to_ssa and nir_optimize (copy
 *    propagation, DCE, CSE, constant folding, algebraic, dead CF,
 *    peephole select, loop unrolling of constant loops).  Nothing that
 *    depends on the driver was run: function temporaries that are
 *    indexed dynamically stay as derefs of nir_var_function_temp
 *    variables (run nir_lower_indirect_locals / nir_lower_for_options),
 *    and I/O and uniforms stay as variable derefs (load_deref /
 *    store_deref): the driver runs nir_lower_io with its own type_size.
 *  - Booleans are 1-bit SSA values (nir_lower_bool_to_int not run).
 *  - Dynamic array, matrix and vector indices are clamped to the last
 *    element (umin), so an out-of-range index never leaves the variable.
 *  - Varyings that the other stage does not use are already removed
 *    (demoted to temporaries and optimised away).
 *  - Precision: everything is 32-bit; GLSL ES mediump/lowp float, int and
 *    uint ALU instructions are marked (nir_alu_instr::mediump and
 *    mediump_unsigned) for a backend's nir_lower_mediump.
 *
 * Variables (nir_variable), by mode:
 *  - Vertex shader inputs (attributes): nir_var_shader_in,
 *    data.location = VERT_ATTRIB_GENERIC0 + n where n is the generic
 *    attribute index (glBindAttribLocation, layout(location), or assigned
 *    by the linker from 0 upward); data.driver_location = n.  A matrix
 *    attribute takes one generic index per column (n, n+1, ...), as does
 *    each array element.  The compatibility attributes gl_Normal,
 *    gl_Color, gl_SecondaryColor, gl_FogCoord and gl_MultiTexCoordN keep
 *    data.location = VERT_ATTRIB_NORMAL ... (shader_enums.h) and get a
 *    generic index no user attribute uses as data.driver_location.
 *  - Varyings: vertex shader outputs and fragment shader inputs are
 *    nir_var_shader_out / nir_var_shader_in variables with data.location =
 *    VARYING_SLOT_VAR0 + k (user varyings; the linker gives matching
 *    variables of both stages the same k) and data.driver_location =
 *    data.location.  gl_Position is an output at VARYING_SLOT_POS,
 *    gl_PointSize at VARYING_SLOT_PSIZ.  Interpolation: data.flat for
 *    `flat` (and integer) varyings, data.centroid / data.sample as
 *    declared; otherwise perspective-correct smooth.  A member of an
 *    input/output block is a variable of its own named "Block.member".
 *  - Fragment outputs: nir_var_shader_out, data.location =
 *    FRAG_RESULT_COLOR for gl_FragColor (GL: written to every colour
 *    buffer), FRAG_RESULT_DATA0 + n for gl_FragData[n] (one vec4[N] array
 *    variable at FRAG_RESULT_DATA0) and for user `out` variables at
 *    location n, FRAG_RESULT_DEPTH for gl_FragDepth (a float);
 *    the second source colour of dual-source blending (an output with
 *    index 1, gl_SecondaryFragColorEXT, gl_SecondaryFragDataEXT[0]) at
 *    FRAG_RESULT_DUAL_SRC0 + n; data.driver_location = data.location.
 *  - Built-in fragment/vertex inputs that the hardware supplies
 *    (gl_FragCoord, gl_FrontFacing, gl_PointCoord, gl_VertexID,
 *    gl_InstanceID) are not variables: they are read with the system
 *    value intrinsics (load_frag_coord, load_front_face, load_point_coord,
 *    load_vertex_id, load_instance_id).
 *  - Storage blocks, shared variables, atomic counters, compute: no
 *    variables.  Storage blocks are load_ssbo / store_ssbo / ssbo_atomic
 *    / ssbo_atomic_swap / get_ssbo_size with the block's binding point as
 *    block source and std430 or std140 byte offsets (see ssbos below);
 *    atomic counters the same intrinsics on slot abo_slot_base +
 *    binding; shared variables load_shared / store_shared / shared_atomic
 *    / shared_atomic_swap at byte offsets, nir_shader::shared_size bytes
 *    in all; barrier() is barrier, memoryBarrier*() memory_barrier; the
 *    compute built-ins are the load_local_invocation_id/_index,
 *    load_workgroup_id, load_num_workgroups, load_global_invocation_id
 *    system values and info.workgroup_size the declared local size.
 *  - Default-block uniforms: nir_var_uniform variables, one per GLSL
 *    uniform declaration (structs and arrays stay whole), with
 *    data.driver_location = the vec4 slot where the uniform starts in the
 *    default uniform storage, i.e. glsl_program_uniform.offset_B / 16 of
 *    its first leaf.  Storage is vec4-slot aligned (see "Uniform storage"
 *    below), which is exactly what nir_lower_io's default type_size
 *    (nir_vtype_count_slots) and nir_eval's uniform cells expect.  A bool
 *    uniform is declared with NIR type uint32 (0 = false) and converted
 *    with `ine 0` where it is read.
 *  - Sampler uniforms: nir_var_uniform variables of a sampler vtype with
 *    data.binding = the sampler index of their first element (0, 1, ... in
 *    the order of glsl_program.uniforms; glsl_program_uniform
 *    .sampler_index; only active samplers, those a stage uses, have one).  Texture instructions have texture_index =
 *    sampler_index = that index plus the constant array element, and no
 *    texture/sampler deref sources; only a sampler array indexed with a
 *    non-constant value keeps its deref sources (texture_index is then
 *    the array's first index).  The texture unit behind each index is the
 *    uniform's current value (glUniform1i), set by the front end.
 *    Vertex-shader lookups without an explicit level are txl with lod 0.
 *  - Compatibility profile: gl_Vertex is the input at generic attribute 0
 *    (user attributes then start at 1); gl_FrontColor, gl_BackColor,
 *    gl_FrontSecondaryColor, gl_BackSecondaryColor, gl_TexCoord[8],
 *    gl_FogFragCoord are outputs (vertex) / inputs (fragment: gl_Color,
 *    gl_SecondaryColor, gl_TexCoord, gl_FogFragCoord) at VARYING_SLOT_COL0,
 *    BFC0, COL1, BFC1, TEX0.., FOGC; the matrices gl_ModelViewMatrix,
 *    gl_ProjectionMatrix, gl_ModelViewProjectionMatrix (and their
 *    inverses), gl_NormalMatrix and gl_TextureMatrix[8] are ordinary
 *    default-block uniforms of those names, identity in uniform_defaults;
 *    the front end keeps them current.
 *
 *  - Uniform blocks: no variables; every read is load_ubo with source 0 =
 *    the block's index in glsl_program.ubos and source 1 = the byte
 *    offset in the block (std140), 32-bit components, align_mul 4; a bool
 *    member reads as a 32-bit value compared with 0.  The index is a
 *    constant, except for an element of a block array chosen by a
 *    non-constant index: the elements "B[0]", "B[1]" ... are consecutive
 *    entries and source 0 is first + umin(index, size - 1); for arrays
 *    of arrays ("B[0][0]", "B[0][1]" ..., row by row) first +
 *    umin(i, n - 1) * inner + umin(j, m - 1).  The GL front
 *    end binds the buffer of each block's binding point at its index.
 *
 * Uniform storage (the default uniform block):
 *  - A byte array of prog->uniform_storage_size_B bytes; its initial
 *    contents (initializers, zero elsewhere) are prog->uniform_defaults.
 *  - Every array element and every matrix column starts a new 16-byte
 *    slot; component c sits at byte 4 * c in its slot.  32-bit values:
 *    float as IEEE bits, int/uint as is, bool as 0 or 1, a sampler as its
 *    texture unit.  Doubles are not supported yet.
 *  - So element i, column col, component r of a uniform is at
 *    offset_B + i * array_stride_B + col * 16 + r * 4.
 * ---------------------------------------------------------------------
 */
#ifndef GLSL_PROGRAM_H
#define GLSL_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/glsl_types.h"
#include "compiler/shader_enums.h"
#include "nir.h"

#ifdef __cplusplus
extern "C" {
#endif

struct glsl_parse_state;

/* An active vertex attribute (glGetActiveAttrib). */
struct glsl_program_attrib {
   const char *name;                /* as declared, e.g. "a_position" */
   const struct glsl_type *type;    /* element type (vec4, mat4 ...) */
   uint32_t gl_type;                /* GLenum, e.g. GL_FLOAT_VEC4 0x8B52 */
   unsigned array_size;             /* 1 for non-arrays */
   int location;                    /* first generic index; -1 for the
                                     * conventional gl_Normal, gl_Color,
                                     * ... (not generic attributes) */
   unsigned num_slots;              /* generic indices used */
   unsigned driver_slot;            /* first vertex element it is read
                                     * from (driver_location) */
   unsigned source;                 /* VERT_ATTRIB_*: the array or
                                     * current value that feeds it */
};

/* An active uniform (glGetActiveUniform, glGetUniformLocation).  Arrays of
 * basic types are one entry named "a[0]" (GL's rule); structures are
 * expanded into one entry per leaf ("s.f", "s[1].f"). */
struct glsl_program_uniform {
   const char *name;
   const struct glsl_type *type;    /* element type: basic or sampler */
   uint32_t gl_type;                /* GLenum: GL_FLOAT_MAT4 0x8B5C ... */
   unsigned array_size;             /* 1 for non-arrays */
   bool is_array;
   int location;                    /* elements at location .. + size - 1 */
   unsigned offset_B;               /* element 0 in the default storage */
   unsigned array_stride_B;         /* 16 * columns */
   unsigned stages;                 /* bit per gl_shader_stage using it */
   int sampler_index;               /* samplers: their index, else -1 */
   int image_index;                 /* images: their index, else -1 */
};

/* A member of a uniform block as GL lists it (glGetActiveUniform* with
 * GL_UNIFORM_BLOCK_INDEX, GL_UNIFORM_OFFSET ...): structures split into
 * leaves, arrays of basic types as "a[0]"; named by the block name for
 * blocks with an instance name ("Block.member"). */
struct glsl_program_block_member {
   const char *name;
   const struct glsl_type *type;    /* element type */
   uint32_t gl_type;
   unsigned array_size;
   bool is_array;
   unsigned offset_B;               /* from the start of the block */
   unsigned array_stride_B;         /* 0 for non-arrays */
   unsigned matrix_stride_B;        /* 0 for non-matrices */
   bool row_major;
   /* Storage block members (GL_BUFFER_VARIABLE): the block member it is
    * in, when that is an array, its size (0 unsized) and stride, else 1
    * and 0 (GL 4.6 7.3.1.1, TOP_LEVEL_ARRAY_SIZE/STRIDE). */
   unsigned top_array_size;
   unsigned top_array_stride_B;
};

/* A uniform block (std140 layout; "shared" and "packed" blocks, the
 * default, use the std430 rules).  Shaders read it with load_ubo(block index, byte offset), the
 * block index being the position in glsl_program.ubos. */
struct glsl_program_block {
   const char *name;
   unsigned size_B;                 /* GL_UNIFORM_BLOCK_DATA_SIZE */
   int binding;                     /* layout(binding), else 0 */
   unsigned stages;                 /* bit per stage using it */
   struct glsl_program_block_member *members;
   unsigned num_members;
   /* Storage blocks: laid out with std430 (else std140), and the stages
    * writing it. */
   bool std430;
   unsigned written_stages;
};

/* An atomic counter (glsl_program.counters). */
struct glsl_program_counter {
   const char *name;
   unsigned binding;
   unsigned offset_B;
   unsigned array_size;             /* 0: not an array */
   unsigned stages;
};

/* A varying passed from one stage to the next. */
struct glsl_program_varying {
   const char *name;
   const struct glsl_type *type;    /* element type */
   unsigned array_size;             /* 1 for non-arrays */
   int location;                    /* VARYING_SLOT_* */
   unsigned num_slots;
   bool flat;
   /* The stage writing it (gl_shader_stage): with a geometry shader the
    * list holds the vertex shader's outputs to it and its own outputs;
    * transform feedback captures the latter (GL 3.2 core 2.15). */
   int producer;
   /* A geometry shader output's vertex stream (ARB_gpu_shader5), else 0:
    * transform feedback buffers hold the outputs of one stream. */
   int stream;
   /* the output of a member of a block without an instance name: name
    * "Block.member", captured as "member" */
   bool anonymous_block;
};

/* A fragment shader output (glGetFragDataLocation). */
struct glsl_program_frag_output {
   const char *name;                /* "gl_FragColor", "gl_FragData", ... */
   const struct glsl_type *type;    /* element type */
   unsigned array_size;
   int location;                    /* FRAG_RESULT_* */
   unsigned index;                  /* dual-source index, 0 or 1 */
};

struct glsl_program {
   bool link_status;
   /* The linker's messages ("error: ..." lines), "" when none. */
   char *info_log;

   /* NULL for stages not in the program. */
   nir_shader *nir[MESA_SHADER_STAGES];
   unsigned stages;                 /* bit per linked stage */

   struct glsl_program_attrib *attribs;
   unsigned num_attribs;
   struct glsl_program_uniform *uniforms;
   unsigned num_uniforms;
   unsigned num_uniform_locations;  /* past the highest location used */
   /* Locations that inactive uniforms declared with layout(location)
    * keep (ARB_explicit_uniform_location issue 8: glUniform* there is
    * ignored without an error): a run of count from first each. */
   struct glsl_location_run {
      unsigned first, count;
   } *inactive_locations;
   unsigned num_inactive_locations;
   struct glsl_program_varying *varyings;
   unsigned num_varyings;
   /* Per vertex or geometry stage writing gl_ClipDistance: the floats
    * it holds (its redeclared size, else 1 + the largest constant index
    * used; GLSL 1.30 7.1), else 0.  It is float[8] in nir[], packed four
    * to a slot from VARYING_SLOT_CLIP_DIST0 by the backend. */
   unsigned clip_distance_size[MESA_SHADER_STAGES];
   /* The same for gl_CullDistance (ARB_cull_distance), float[8] at
    * VARYING_SLOT_CULL_DIST0 in nir[]. */
   unsigned cull_distance_size[MESA_SHADER_STAGES];
   struct glsl_program_frag_output *frag_outputs;
   unsigned num_frag_outputs;
   unsigned num_samplers;

   unsigned uniform_storage_size_B;
   uint32_t *uniform_defaults;      /* uniform_storage_size_B / 4 words */

   struct glsl_program_block *ubos;
   unsigned num_ubos;

   /* The geometry shader's layouts (glGetProgramiv GL_GEOMETRY_*; also
    * nir[MESA_SHADER_GEOMETRY]->info.gs); zero without one.  Primitives
    * are enum mesa_prim, numbered like the GL enums. */
   struct {
      unsigned input_primitive;      /* GL_GEOMETRY_INPUT_TYPE */
      unsigned output_primitive;     /* GL_GEOMETRY_OUTPUT_TYPE */
      unsigned vertices_in;
      unsigned vertices_out;         /* GL_GEOMETRY_VERTICES_OUT */
      unsigned invocations;
   } gs;

   /* KHR_blend_equation_advanced: the union of the fragment shaders'
    * layout(blend_support_*) out; as GLSL_BLEND_SUPPORT_* bits. */
   unsigned blend_support;

   /* Shader storage blocks (glsl_link_ssbo.c), named and listed like
    * ubos; binding is the initial binding point (layout(binding), else
    * 0).  In nir[], load_ssbo / store_ssbo / ssbo_atomic(_swap) /
    * get_ssbo_size take the binding point as their block source (an
    * element of an array of blocks: its own binding); glsl_program_bind_
    * ssbos() makes a stage with other bindings
    * (glShaderStorageBlockBinding). */
   struct glsl_program_block *ssbos;
   unsigned num_ssbos;
   /* Per stage using storage blocks: the same NIR with the block index
    * (position in ssbos) as the block source. */
   nir_shader *ssbo_indexed_nir[MESA_SHADER_STAGES];

   /* Compute: layout(local_size_*) (GL_COMPUTE_WORK_GROUP_SIZE) and the
    * bytes of shared variables (also nir[COMPUTE]->info.workgroup_size
    * and ->shared_size). */
   unsigned workgroup_size[3];
   unsigned shared_size_B;

   /* Atomic counters (ARB_shader_atomic_counters): each counter's
    * binding, offset and array size; per atomic-counter buffer binding
    * the bytes its counters need and the stages using it.  In nir[] a
    * counter is a uint of storage-buffer slot abo_slot_base + binding
    * (ssbo_atomic iadd, load_ssbo), so the GL front end binds atomic
    * counter buffers at those slots, after the storage buffers'. */
   struct glsl_program_counter *counters;
   unsigned num_counters;
   unsigned abo_size_B[8];
   unsigned abo_stages[8];
   unsigned abo_slot_base;

   /* Images (ARB_shader_image_load_store): the active image uniforms are
    * numbered 0, 1, ... (glsl_program_uniform.image_index, one index per
    * array element) in the order of uniforms; the image variable's
    * data.binding is the index of its first element and the
    * image_deref_* intrinsics keep their deref sources (the backend
    * resolves them).  The image unit behind an index is the uniform's
    * value (layout(binding), else 0; glUniform1i).  num_images indices
    * in all. */
   unsigned num_images;
};

/* A copy (under mem_ctx) of prog's stage s whose storage-block accesses
 * use bindings[block index] as binding points; NULL when the stage has
 * none. */
nir_shader *glsl_program_bind_ssbos(void *mem_ctx,
                                    const struct glsl_program *prog,
                                    gl_shader_stage s,
                                    const unsigned *bindings);

/* Bit (1 << (m - 1)) for the advanced blend equation number m in the
 * order of the KHR_blend_equation_advanced enums: 1 MULTIPLY, 2 SCREEN,
 * 3 OVERLAY, 4 DARKEN, 5 LIGHTEN, 6 COLORDODGE, 7 COLORBURN, 8 HARDLIGHT,
 * 9 SOFTLIGHT, 10 DIFFERENCE, 11 EXCLUSION, 12 HSL_HUE, 13
 * HSL_SATURATION, 14 HSL_COLOR, 15 HSL_LUMINOSITY (the numbering of enum
 * pipe_advanced_blend_mode). */
#define GLSL_BLEND_SUPPORT_ALL 0x7fffu

/* Default-block uniform locations run below this (GL_MAX_UNIFORM_LOCATIONS:
 * ES 3.1 table 20.45's minimum; layout(location) past it is a link
 * error). */
#define GLSL_MAX_UNIFORM_LOCATIONS 1024u
/* The bits of one qualifier name ("blend_support_multiply" ...,
 * "blend_support_all_equations"), 0 for other names. */
unsigned glsl_blend_support_bits(const char *name);
struct glsl_parse_state;
struct ast_node;
/* The bits a compiled shader declares. */
unsigned glsl_blend_support_of(const struct glsl_parse_state *st);
/* The bits one top-level declaration ("layout(...) out;") declares. */
unsigned glsl_blend_support_of_decl(const struct ast_node *n);

/* A name bound to a location before linking (glBindAttribLocation,
 * glBindFragDataLocation). */
struct glsl_location_binding {
   const char *name;
   unsigned location;               /* generic index / colour number */
   /* glBindFragDataLocationIndexed: the blend input (0 or 1) of a
    * fragment output; 0 for attributes. */
   unsigned index;
};

struct glsl_link_options {
   const struct glsl_location_binding *attrib_bindings;
   unsigned num_attrib_bindings;
   const struct glsl_location_binding *frag_data_bindings;
   unsigned num_frag_data_bindings;
   /* Kept as shader->options of the NIR shaders (may be NULL). */
   const nir_shader_compiler_options *nir_options;
   /* Uniform block limits, 0 for the defaults (12 per stage, 24 in all,
    * 65536 bytes): GL_MAX_<STAGE>_UNIFORM_BLOCKS by gl_shader_stage,
    * GL_MAX_COMBINED_UNIFORM_BLOCKS (blocks of every stage added up, a
    * block used by two stages counting twice), GL_MAX_UNIFORM_BLOCK_SIZE.
    * Exceeding one is a link error. */
   unsigned max_stage_uniform_blocks[MESA_SHADER_STAGES];
   unsigned max_combined_uniform_blocks;
   unsigned max_uniform_block_size_B;
   /* The names glTransformFeedbackVaryings gave ("x", "a[2]", "s.m"):
    * the outputs they name are kept (and get a slot) even when the next
    * stage does not read them. */
   const char *const *xfb_varyings;
   unsigned num_xfb_varyings;
   /* Storage block limits, used when ssbo_limits_set (else 8 per stage
    * and in all, 2^24 bytes: GL 4.3 table 23.63's compute and fragment
    * minimums): GL_MAX_<STAGE>_SHADER_STORAGE_BLOCKS,
    * GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS,
    * GL_MAX_SHADER_STORAGE_BLOCK_SIZE.  Exceeding one is a link error. */
   bool ssbo_limits_set;
   unsigned max_stage_ssbos[MESA_SHADER_STAGES];
   unsigned max_combined_ssbos;
   unsigned max_ssbo_size_B;
   /* Compute: GL_MAX_COMPUTE_SHARED_MEMORY_SIZE (0: 32768). */
   unsigned max_shared_size_B;
   /* The storage-buffer slot of atomic-counter buffer binding 0 (0:
    * GLSL_DEFAULT_ABO_SLOT_BASE). */
   unsigned abo_slot_base;
   /* A separable program (GL 4.6 7.3): its first stage may be any one
    * (a geometry shader needs no vertex shader). */
   bool separable;
   /* Uniforms of one name in two stages are two uniforms (a program
    * pipeline's stages come from different programs, GL 4.6 7.4). */
   bool stage_uniforms;
   /* Image uniform limits, used when image_limits_set:
    * GL_MAX_<STAGE>_IMAGE_UNIFORMS by gl_shader_stage and
    * GL_MAX_COMBINED_IMAGE_UNIFORMS (an image used by two stages counts
    * twice).  Exceeding one is a link error. */
   bool image_limits_set;
   unsigned max_stage_images[MESA_SHADER_STAGES];
   unsigned max_combined_images;
   /* Default-block uniform limits, used when uniform_limits_set:
    * GL_MAX_<STAGE>_UNIFORM_COMPONENTS by gl_shader_stage (GLSL ES: 4 x
    * GL_MAX_<STAGE>_UNIFORM_VECTORS).  A stage whose active uniforms
    * (array elements each, opaque types not counted) have more
    * components is a link error. */
   bool uniform_limits_set;
   unsigned max_stage_uniform_components[MESA_SHADER_STAGES];
};

#define GLSL_DEFAULT_ABO_SLOT_BASE 8

/* Links compiled shaders (each without errors, from glsl_compile_shader;
 * several shaders of one stage are allowed) into a program.  Never fails
 * for bad input: link errors give link_status = false and a log.  Returns
 * NULL only when out of memory. */
struct glsl_program *
glsl_link_program(void *mem_ctx, struct glsl_parse_state *const *shaders,
                  unsigned num_shaders, const struct glsl_link_options *opts);

/* glGetUniformLocation: "u", "a", "a[2]", "s.f", "s[1].f[0]" ... -> the
 * location number, -1 when no active uniform has that name. */
int glsl_program_uniform_location(const struct glsl_program *prog,
                                  const char *name);
/* The uniform that owns a location number (and the array element), or
 * NULL. */
const struct glsl_program_uniform *
glsl_program_uniform_at(const struct glsl_program *prog, int location,
                        unsigned *element);
/* Whether location belongs to an inactive uniform's layout(location). */
bool glsl_program_location_inactive(const struct glsl_program *prog,
                                    int location);
/* glGetAttribLocation: -1 when not an active attribute. */
int glsl_program_attrib_location(const struct glsl_program *prog,
                                 const char *name);

/* The GLenum of a basic or sampler type (GL_FLOAT_VEC4 ...), 0 if none. */
uint32_t glsl_type_gl_enum(const struct glsl_type *t);

#ifdef __cplusplus
}
#endif

#endif
