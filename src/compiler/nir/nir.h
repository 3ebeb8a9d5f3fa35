/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * NIR: the SSA shader IR.
 *
 * A shader holds variables and functions; a function's implementation is a
 * tree of structured control flow (blocks, ifs, loops) whose blocks hold
 * instructions.  Every value is an SSA def (1..16 components of 1, 8, 16,
 * 32 or 64 bits) with a list of its uses; there are no registers and no
 * write masks.  ALU opcodes and intrinsics are data (nir_opcodes.py,
 * nir_intrinsics.py); the tables and builder helpers are generated.
 *
 * Control-flow lists always alternate block / (if or loop) / block and
 * start and end with a block, so that there is always a block to put code
 * in before and after any if or loop.  Phis sit at the start of the block
 * that follows an if (one source per predecessor) and at the start of a
 * loop's first block (the loop header).
 */
#ifndef NIR_H
#define NIR_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "compiler/shader_enums.h"
#include "util/hash_table.h"
#include "util/list.h"
#include "util/ralloc.h"

#include "nir_opcodes.h"
#include "nir_intrinsics.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NIR_MAX_VEC_COMPONENTS 16

struct nir_shader;
struct nir_block;
struct nir_instr;
struct nir_if;
struct nir_function_impl;
struct nir_builder;

/* ---- value types ------------------------------------------------------ */

/* Base type in the high bits, bit size (0 = unsized, 1..64) in the low
 * seven bits. */
typedef enum {
   nir_type_invalid = 0,
   nir_type_int = 0x80,
   nir_type_uint = 0x100,
   nir_type_float = 0x180,
   nir_type_bool = 0x200,

   nir_type_bool1 = nir_type_bool | 1,
   nir_type_bool16 = nir_type_bool | 16,
   nir_type_bool32 = nir_type_bool | 32,
   nir_type_int1 = nir_type_int | 1,
   nir_type_int8 = nir_type_int | 8,
   nir_type_int16 = nir_type_int | 16,
   nir_type_int32 = nir_type_int | 32,
   nir_type_int64 = nir_type_int | 64,
   nir_type_uint1 = nir_type_uint | 1,
   nir_type_uint8 = nir_type_uint | 8,
   nir_type_uint16 = nir_type_uint | 16,
   nir_type_uint32 = nir_type_uint | 32,
   nir_type_uint64 = nir_type_uint | 64,
   nir_type_float16 = nir_type_float | 16,
   nir_type_float32 = nir_type_float | 32,
   nir_type_float64 = nir_type_float | 64,
} nir_alu_type;

#define NIR_ALU_TYPE_SIZE_MASK 0x7f
#define NIR_ALU_TYPE_BASE_MASK (~NIR_ALU_TYPE_SIZE_MASK)

static inline unsigned
nir_alu_type_get_type_size(nir_alu_type t)
{
   return t & NIR_ALU_TYPE_SIZE_MASK;
}

static inline nir_alu_type
nir_alu_type_get_base_type(nir_alu_type t)
{
   return (nir_alu_type)(t & NIR_ALU_TYPE_BASE_MASK);
}

const char *nir_alu_type_name(nir_alu_type t);

/* One component of a constant.  16-bit floats are stored as their bits in
 * u16; 1-bit values in b. */
typedef union {
   bool b;
   float f32;
   double f64;
   int8_t i8;
   uint8_t u8;
   int16_t i16;
   uint16_t u16;
   int32_t i32;
   uint32_t u32;
   int64_t i64;
   uint64_t u64;
} nir_const_value;

nir_const_value nir_const_value_for_int(int64_t i, unsigned bit_size);
nir_const_value nir_const_value_for_uint(uint64_t u, unsigned bit_size);
nir_const_value nir_const_value_for_float(double f, unsigned bit_size);
int64_t nir_const_value_as_int(nir_const_value v, unsigned bit_size);
uint64_t nir_const_value_as_uint(nir_const_value v, unsigned bit_size);
double nir_const_value_as_float(nir_const_value v, unsigned bit_size);
bool nir_const_value_as_bool(nir_const_value v, unsigned bit_size);

/* Half-float conversions (round to nearest even, NaN kept quiet). */
float nir_f16_to_f32(uint16_t h);
uint16_t nir_f64_to_f16(double d);
static inline uint16_t
nir_f32_to_f16(float f)
{
   return nir_f64_to_f16(f);
}

/* ---- variable types (the seam to the front end) -----------------------
 *
 * NIR describes variable types with its own small descriptor rather than
 * the GLSL front end's glsl_type: scalars/vectors/matrices of a base type,
 * arrays, structs, samplers and images.  The GLSL front end converts its
 * types with nir_vtype_* constructors when it creates variables; nothing in
 * NIR includes glsl_types.h.  Types are immutable and owned by the ralloc
 * context they were made in (normally the shader).
 */
typedef enum {
   NIR_VTYPE_VECTOR, /* scalars are 1-component vectors */
   NIR_VTYPE_MATRIX,
   NIR_VTYPE_ARRAY,
   NIR_VTYPE_STRUCT,
   NIR_VTYPE_SAMPLER,
   NIR_VTYPE_IMAGE,
} nir_vtype_kind;

typedef enum {
   NIR_SAMPLER_DIM_1D,
   NIR_SAMPLER_DIM_2D,
   NIR_SAMPLER_DIM_3D,
   NIR_SAMPLER_DIM_CUBE,
   NIR_SAMPLER_DIM_RECT,
   NIR_SAMPLER_DIM_BUF,
   NIR_SAMPLER_DIM_MS,
} nir_sampler_dim;

struct nir_vtype_field;

typedef struct nir_vtype {
   nir_vtype_kind kind;
   nir_alu_type base;      /* sized; for samplers/images the result type */
   uint8_t components;     /* vectors, matrix columns */
   uint8_t columns;        /* matrices */
   unsigned length;        /* arrays (0 = unsized) */
   const struct nir_vtype *elem; /* arrays; matrices: the column type */
   unsigned num_fields;
   const struct nir_vtype_field *fields;
   const char *name;
   nir_sampler_dim dim;    /* samplers, images */
   bool is_array, is_shadow;
} nir_vtype;

typedef struct nir_vtype_field {
   const char *name;
   const nir_vtype *type;
} nir_vtype_field;

const nir_vtype *nir_vtype_scalar(void *mem_ctx, nir_alu_type base);
const nir_vtype *nir_vtype_vector(void *mem_ctx, nir_alu_type base,
                                  unsigned components);
const nir_vtype *nir_vtype_matrix(void *mem_ctx, nir_alu_type base,
                                  unsigned rows, unsigned columns);
const nir_vtype *nir_vtype_array(void *mem_ctx, const nir_vtype *elem,
                                 unsigned length);
const nir_vtype *nir_vtype_struct(void *mem_ctx, const char *name,
                                  const nir_vtype_field *fields,
                                  unsigned num_fields);
const nir_vtype *nir_vtype_sampler(void *mem_ctx, nir_sampler_dim dim,
                                   bool is_array, bool is_shadow,
                                   nir_alu_type result);
const nir_vtype *nir_vtype_image(void *mem_ctx, nir_sampler_dim dim,
                                 bool is_array, nir_alu_type result);
const nir_vtype *nir_vtype_clone(void *mem_ctx, const nir_vtype *t);
bool nir_vtype_equal(const nir_vtype *a, const nir_vtype *b);
void nir_vtype_print(const nir_vtype *t, FILE *fp);

static inline bool
nir_vtype_is_vector_or_scalar(const nir_vtype *t)
{
   return t->kind == NIR_VTYPE_VECTOR;
}

/* Size of one value of the type in vec4 slots / tightly packed bytes. */
unsigned nir_vtype_count_slots(const nir_vtype *t);
unsigned nir_vtype_size_bytes(const nir_vtype *t);
/* Number of scalar leaves (for the interpreter's variable storage). */
unsigned nir_vtype_count_scalars(const nir_vtype *t);

/* ---- variables --------------------------------------------------------- */

typedef enum {
   nir_var_shader_in = 1 << 0,
   nir_var_shader_out = 1 << 1,
   nir_var_uniform = 1 << 2,
   nir_var_mem_ubo = 1 << 3,
   nir_var_mem_ssbo = 1 << 4,
   nir_var_mem_shared = 1 << 5,
   nir_var_function_temp = 1 << 6,
   nir_var_shader_temp = 1 << 7,
   nir_var_system_value = 1 << 8,
   nir_var_image = 1 << 9,
   nir_num_variable_modes = 10,
   nir_var_all = (1 << 10) - 1,
} nir_variable_mode;

const char *nir_variable_mode_name(nir_variable_mode mode);

typedef struct nir_variable {
   struct list_head link;
   char *name;
   nir_variable_mode mode;
   const nir_vtype *type;
   struct {
      int location;           /* varying slot, frag result, attrib, sysval */
      unsigned driver_location;
      unsigned component;
      unsigned binding;
      unsigned descriptor_set;
      bool centroid, sample, flat;
      bool noperspective; /* linear in screen space (GLSL 1.30+) */
      /* declared smooth: glShadeModel(GL_FLAT) leaves it interpolated
       * (GL 3.0 compatibility 2.19.7) */
      bool smooth;
   } data;
   unsigned index;            /* for printing */
} nir_variable;

/* ---- SSA values --------------------------------------------------------- */

/* The value an instruction computes.  Every instruction type with a value
 * keeps its def right after its nir_instr, so the instruction is found
 * from the def by subtraction (nir_def_instr()) instead of a pointer in
 * every def: 8 bytes less per instruction with a value. */
typedef struct nir_def {
   struct list_head uses;     /* nir_src::use_link */
   unsigned index;
   uint8_t num_components;
   uint8_t bit_size;
   bool divergent;            /* set by nir_divergence_analysis */
} nir_def;

/* A use of an SSA value.  The user is either an instruction or, for the
 * condition of an if, the if itself: one tagged pointer (bit 0 set for an
 * if; 0 until the source is attached), so that a source is 32 bytes and
 * an ALU instruction 16 bytes smaller than with two pointers (every
 * walk over a shader larger than the caches costs its size).  Use the
 * accessors below. */
typedef struct nir_src {
   nir_def *ssa;
   uintptr_t parent;
   struct list_head use_link;
} nir_src;

static_assert(sizeof(nir_src) == 32, "nir_src is in every source");

#define NIR_SRC_PARENT_IS_IF ((uintptr_t)1)

static inline bool
nir_src_is_if(const nir_src *src)
{
   return src->parent & NIR_SRC_PARENT_IS_IF;
}

/* The instruction using src, NULL while the source is unattached. */
static inline struct nir_instr *
nir_src_parent_instr(const nir_src *src)
{
   assert(!nir_src_is_if(src));
   return (struct nir_instr *)src->parent;
}

static inline struct nir_if *
nir_src_parent_if(const nir_src *src)
{
   assert(nir_src_is_if(src));
   return (struct nir_if *)(src->parent & ~NIR_SRC_PARENT_IS_IF);
}

static inline void
nir_src_set_parent_instr(nir_src *src, struct nir_instr *instr)
{
   src->parent = (uintptr_t)instr;
}

static inline void
nir_src_set_parent_if(nir_src *src, struct nir_if *nif)
{
   assert(!((uintptr_t)nif & NIR_SRC_PARENT_IS_IF));
   src->parent = (uintptr_t)nif | NIR_SRC_PARENT_IS_IF;
}

#define nir_foreach_use_including_if(src, def)                                 \
   list_for_each_entry(nir_src, src, &(def)->uses, use_link)
#define nir_foreach_use_including_if_safe(src, def)                            \
   list_for_each_entry_safe(nir_src, src, &(def)->uses, use_link)

static inline bool
nir_def_is_unused(const nir_def *def)
{
   return list_is_empty(&def->uses);
}

/* ---- instructions ------------------------------------------------------- */

/* One byte (packed), so that nir_instr fits in 32 bytes. */
typedef enum __attribute__((packed)) {
   nir_instr_type_alu,
   nir_instr_type_deref,
   nir_instr_type_tex,
   nir_instr_type_intrinsic,
   nir_instr_type_load_const,
   nir_instr_type_jump,
   nir_instr_type_undef,
   nir_instr_type_phi,
} nir_instr_type;

/* Where an instruction's memory comes from (nir_instr_mem.c). */
enum {
   NIR_INSTR_MEM_RALLOC = 0,        /* its own ralloc allocation */
   NIR_INSTR_MEM_CHUNK = 1,         /* carved from the shader's chunks */
   NIR_INSTR_MEM_CHUNK_REMOVED = 2, /* the same, counted as removed */
};

typedef struct nir_instr {
   struct list_head node;
   struct nir_block *block;
   unsigned index;
   nir_instr_type type;
   uint8_t pass_flags;        /* scratch space for one pass */
   uint8_t mem;               /* NIR_INSTR_MEM_*; not for passes */
} nir_instr;

static_assert(sizeof(nir_instr) <= 32, "nir_instr is in every instruction");
static_assert(sizeof(nir_def) == 24, "nir_def is in most instructions");

/* The instruction computing def (see nir_def). */
static inline nir_instr *
nir_def_instr(const nir_def *def)
{
   return (nir_instr *)((char *)def - sizeof(nir_instr));
}

/* An ALU source: the value and, for each component the instruction
 * reads, which component of the value (4 bits each, component c in bits
 * 4c..4c+3).  A byte per component made a source 48 bytes instead of 40,
 * and ALU sources are most of an optimised shader.  Use the accessors. */
typedef struct {
   nir_src src;
   uint64_t swz;
} nir_alu_src;

#define NIR_SWIZZLE_IDENTITY 0xfedcba9876543210ull

static inline unsigned
nir_alu_src_swizzle(const nir_alu_src *s, unsigned c)
{
   assert(c < NIR_MAX_VEC_COMPONENTS);
   return (unsigned)(s->swz >> (4 * c)) & 0xfu;
}

static inline void
nir_alu_src_set_swizzle(nir_alu_src *s, unsigned c, unsigned comp)
{
   assert(c < NIR_MAX_VEC_COMPONENTS && comp < NIR_MAX_VEC_COMPONENTS);
   s->swz = (s->swz & ~(0xfull << (4 * c))) | ((uint64_t)comp << (4 * c));
}

/* Components 0..n-1 read comps[0..n-1]. */
static inline void
nir_alu_src_set_swizzles(nir_alu_src *s, const uint8_t *comps, unsigned n)
{
   for (unsigned c = 0; c < n; c++)
      nir_alu_src_set_swizzle(s, c, comps[c]);
}

/* Components 0..n-1 all read component comp. */
static inline void
nir_alu_src_splat_swizzle(nir_alu_src *s, unsigned comp, unsigned n)
{
   for (unsigned c = 0; c < n; c++)
      nir_alu_src_set_swizzle(s, c, comp);
}

/* Whether a and b read the same components in their first n. */
static inline bool
nir_alu_src_swizzle_equal(const nir_alu_src *a, const nir_alu_src *b,
                          unsigned n)
{
   uint64_t mask = n >= 16 ? ~0ull : (1ull << (4 * n)) - 1;
   return ((a->swz ^ b->swz) & mask) == 0;
}

typedef enum {
   NIR_OP_COMMUTATIVE = 1 << 0,
   NIR_OP_ASSOCIATIVE = 1 << 1,
   NIR_OP_SELECTION = 1 << 2,
} nir_op_algebraic_property;

typedef struct {
   const char *name;
   uint8_t num_inputs;
   uint8_t output_size;       /* 0: per component */
   nir_alu_type output_type;
   uint8_t input_sizes[16];
   nir_alu_type input_types[16];
   uint8_t props;
} nir_op_info;

extern const nir_op_info nir_op_infos[nir_num_opcodes];

typedef struct nir_alu_instr {
   nir_instr instr;
   nir_def def;
   nir_op op;
   bool exact;                /* forbid transforms that change rounding */
   /* The source language allows computing it at 16 bits (GLSL ES
    * mediump/lowp; nir_lower_mediump.c narrows it). */
   bool mediump;
   /* With mediump, on an integer operation: its values are uints, whose
    * mediump range is [0, 2^16 - 1] (else ints, [-2^15, 2^15 - 1]). */
   bool mediump_unsigned;
   nir_alu_src src[];
} nir_alu_instr;

static inline unsigned
nir_op_infos_num_inputs(nir_op op)
{
   return nir_op_infos[op].num_inputs;
}

/* Components read from source i of an ALU instruction. */
static inline unsigned
nir_ssa_alu_instr_src_components(const nir_alu_instr *alu, unsigned i)
{
   unsigned size = nir_op_infos[alu->op].input_sizes[i];
   return size ? size : alu->def.num_components;
}

bool nir_op_is_vec(nir_op op);
nir_op nir_op_vec(unsigned num_components);

typedef enum {
   nir_deref_type_var,
   nir_deref_type_array,
   nir_deref_type_struct,
   nir_deref_type_cast,
} nir_deref_type;

/* A deref holds only the fields of its kind: the fields no two kinds
 * share overlap, and the instruction is allocated up to the end of its
 * kind's last field (nir_deref_instr_size()): a deref_var is 80 bytes, a
 * deref_struct or deref_cast 112, a deref_array 136 (all were 152, and
 * derefs are a third of a shader's memory before nir_lower_vars_to_ssa).
 * So a field of another kind must never be read or written, not even to
 * be compared or copied: test deref_type first. */
typedef struct nir_deref_instr {
   nir_instr instr;
   nir_def def;
   nir_deref_type deref_type;
   nir_variable_mode modes;
   const nir_vtype *type;
   union {
      nir_variable *var;      /* nir_deref_type_var */
      nir_src parent;         /* all but var */
   };
   union {
      nir_src arr_index;      /* array */
      unsigned field_index;   /* struct */
      unsigned cast_stride;   /* cast: element stride in bytes, 0 unknown */
   };
} nir_deref_instr;

/* The bytes a deref of the given kind takes (see nir_deref_instr). */
static inline size_t
nir_deref_instr_size(nir_deref_type type)
{
   switch (type) {
   case nir_deref_type_var:
      return offsetof(nir_deref_instr, var) + sizeof(nir_variable *);
   case nir_deref_type_struct:
   case nir_deref_type_cast:
      return offsetof(nir_deref_instr, field_index) + sizeof(unsigned);
   case nir_deref_type_array:
      break;
   }
   return sizeof(nir_deref_instr);
}

typedef enum {
   nir_texop_tex,             /* implicit lod (fragment) */
   nir_texop_txb,             /* bias */
   nir_texop_txl,             /* explicit lod */
   nir_texop_txd,             /* gradients */
   nir_texop_txf,             /* texel fetch */
   nir_texop_txf_ms,
   nir_texop_txs,             /* size query */
   nir_texop_lod,             /* lod query */
   nir_texop_tg4,             /* gather */
   nir_texop_query_levels,
   nir_texop_texture_samples, /* sample count (1 when not multisample) */
} nir_texop;

typedef enum {
   nir_tex_src_coord,
   nir_tex_src_projector,
   nir_tex_src_comparator,
   nir_tex_src_offset,
   nir_tex_src_bias,
   nir_tex_src_lod,
   nir_tex_src_min_lod,
   nir_tex_src_ms_index,
   nir_tex_src_ddx,
   nir_tex_src_ddy,
   nir_tex_src_texture_deref,
   nir_tex_src_sampler_deref,
   nir_tex_src_texture_offset,
   nir_tex_src_sampler_offset,
   nir_num_tex_src_types,
} nir_tex_src_type;

typedef struct {
   nir_src src;
   nir_tex_src_type src_type;
} nir_tex_src;

typedef struct nir_tex_instr {
   nir_instr instr;
   nir_def def;
   nir_texop op;
   nir_sampler_dim sampler_dim;
   bool is_array, is_shadow;
   nir_alu_type dest_type;
   unsigned coord_components;
   unsigned component;        /* tg4: channel gathered */
   unsigned texture_index, sampler_index;
   unsigned num_srcs;
   nir_tex_src *src;
   /* A load of a storage image (imageLoad made a texture fetch): the
    * shader may write the memory it reads, so it is never merged with
    * another fetch (nir_opt_cse). */
   bool storage_image;
} nir_tex_instr;

int nir_tex_instr_src_index(const nir_tex_instr *tex, nir_tex_src_type t);
unsigned nir_tex_instr_result_size(const nir_tex_instr *tex);

#define NIR_INTRINSIC_CAN_ELIMINATE (1 << 0)
#define NIR_INTRINSIC_CAN_REORDER (1 << 1)

typedef struct {
   const char *name;
   uint8_t num_srcs;
   int8_t src_components[8];  /* 0: num_components; -1: a deref */
   bool has_dest;
   uint8_t dest_components;   /* 0: num_components */
   uint32_t index_mask;       /* bit k: carries index kind k */
   /* Slot in index_value of each kind carried (the kinds in table order
    * take slots 0, 1, ...); 0 for the others. */
   uint8_t index_slot[NIR_INTRINSIC_NUM_INDEX_FLAGS];
   unsigned flags;
   unsigned dest_bit_sizes;   /* mask of allowed sizes, 0: any */
   bool is_sysval;
} nir_intrinsic_info;

extern const nir_intrinsic_info nir_intrinsic_infos[nir_num_intrinsics];
extern const char *const
   nir_intrinsic_index_names[NIR_INTRINSIC_NUM_INDEX_FLAGS];

typedef struct nir_intrinsic_instr {
   nir_instr instr;
   nir_def def;
   nir_intrinsic_op intrinsic;
   uint8_t num_components;
   /* Constant indices: only the kinds the opcode carries, each in its
    * slot (nir_intrinsic_info::index_slot), the slots after the last
    * kind zero.  Two instructions of one opcode compare slot by slot.
    * One slot per kind that exists (13) cost 32 bytes more per
    * intrinsic, a quarter of a load: every walk over a large shader
    * reads them. */
   int32_t index_value[NIR_INTRINSIC_MAX_INDICES];
   nir_src src[];
} nir_intrinsic_instr;

static inline bool
nir_intrinsic_index_present(const nir_intrinsic_instr *intr,
                            nir_intrinsic_index_flag kind)
{
   return (nir_intrinsic_infos[intr->intrinsic].index_mask >> kind) & 1u;
}

static inline int32_t
nir_intrinsic_index_get(const nir_intrinsic_instr *intr,
                        nir_intrinsic_index_flag kind)
{
   assert(nir_intrinsic_index_present(intr, kind));
   return intr->index_value[nir_intrinsic_infos[intr->intrinsic]
                               .index_slot[kind]];
}

static inline void
nir_intrinsic_index_set(nir_intrinsic_instr *intr,
                        nir_intrinsic_index_flag kind, int32_t value)
{
   assert(nir_intrinsic_index_present(intr, kind));
   intr->index_value[nir_intrinsic_infos[intr->intrinsic].index_slot[kind]] =
      value;
}

unsigned nir_intrinsic_src_components(const nir_intrinsic_instr *intr,
                                      unsigned src);

typedef enum {
   nir_atomic_op_iadd,
   nir_atomic_op_imin,
   nir_atomic_op_umin,
   nir_atomic_op_imax,
   nir_atomic_op_umax,
   nir_atomic_op_iand,
   nir_atomic_op_ior,
   nir_atomic_op_ixor,
   nir_atomic_op_xchg,
   nir_atomic_op_cmpxchg,
} nir_atomic_op;

/* The interp_at index of interp_deref_at / load_input_at: where a
 * fragment input is interpolated (GLSL 4.00 8.13.2). */
typedef enum {
   nir_interp_at_centroid,
   nir_interp_at_sample, /* second source .x: the sample index */
   nir_interp_at_offset, /* second source: offset from the pixel centre */
} nir_interp_at;

typedef struct nir_load_const_instr {
   nir_instr instr;
   nir_def def;
   nir_const_value value[];
} nir_load_const_instr;

typedef struct nir_undef_instr {
   nir_instr instr;
   nir_def def;
} nir_undef_instr;

typedef struct {
   struct list_head node;
   struct nir_block *pred;
   nir_src src;
} nir_phi_src;

typedef struct nir_phi_instr {
   nir_instr instr;
   nir_def def;
   struct nir_shader *shader; /* whose memory holds the sources */
   struct list_head srcs;     /* nir_phi_src */
} nir_phi_instr;

#define NIR_DEF_AFTER_INSTR(type)                                              \
   static_assert(offsetof(type, def) == sizeof(nir_instr),                     \
                 "nir_def_instr() needs the def right after the instr")
NIR_DEF_AFTER_INSTR(nir_alu_instr);
NIR_DEF_AFTER_INSTR(nir_deref_instr);
NIR_DEF_AFTER_INSTR(nir_tex_instr);
NIR_DEF_AFTER_INSTR(nir_intrinsic_instr);
NIR_DEF_AFTER_INSTR(nir_load_const_instr);
NIR_DEF_AFTER_INSTR(nir_undef_instr);
NIR_DEF_AFTER_INSTR(nir_phi_instr);

#define nir_foreach_phi_src(src, phi)                                          \
   list_for_each_entry(nir_phi_src, src, &(phi)->srcs, node)
#define nir_foreach_phi_src_safe(src, phi)                                     \
   list_for_each_entry_safe(nir_phi_src, src, &(phi)->srcs, node)

typedef enum {
   nir_jump_return,
   nir_jump_break,
   nir_jump_continue,
} nir_jump_type;

typedef struct nir_jump_instr {
   nir_instr instr;
   nir_jump_type type;
} nir_jump_instr;

/* Like util_dynarray_foreach, but safe on an empty array (whose data
 * pointer is NULL: no arithmetic on it). */
#define nir_dynarray_foreach(buf, type, elem)                                  \
   for (unsigned elem##_i = 0;                                                 \
        elem##_i < util_dynarray_num_elements(buf, type); elem##_i++)          \
      for (type *elem = util_dynarray_element(buf, type, elem##_i); elem;      \
           elem = NULL)

#define NIR_DEFINE_CAST(name, in_type, out_type, field, type_field, value)     \
   static inline out_type *name(const in_type *parent)                         \
   {                                                                           \
      assert(parent && parent->type_field == value);                           \
      return (out_type *)((char *)parent - offsetof(out_type, field));         \
   }

NIR_DEFINE_CAST(nir_instr_as_alu, nir_instr, nir_alu_instr, instr, type,
                nir_instr_type_alu)
NIR_DEFINE_CAST(nir_instr_as_deref, nir_instr, nir_deref_instr, instr, type,
                nir_instr_type_deref)
NIR_DEFINE_CAST(nir_instr_as_tex, nir_instr, nir_tex_instr, instr, type,
                nir_instr_type_tex)
NIR_DEFINE_CAST(nir_instr_as_intrinsic, nir_instr, nir_intrinsic_instr, instr,
                type, nir_instr_type_intrinsic)
NIR_DEFINE_CAST(nir_instr_as_load_const, nir_instr, nir_load_const_instr,
                instr, type, nir_instr_type_load_const)
NIR_DEFINE_CAST(nir_instr_as_jump, nir_instr, nir_jump_instr, instr, type,
                nir_instr_type_jump)
NIR_DEFINE_CAST(nir_instr_as_undef, nir_instr, nir_undef_instr, instr, type,
                nir_instr_type_undef)
NIR_DEFINE_CAST(nir_instr_as_phi, nir_instr, nir_phi_instr, instr, type,
                nir_instr_type_phi)

/* The def an instruction writes, or NULL (jumps, stores). */
nir_def *nir_instr_def(nir_instr *instr);

static inline nir_deref_instr *
nir_src_as_deref(nir_src src)
{
   return nir_instr_as_deref(nir_def_instr(src.ssa));
}

static inline nir_deref_instr *
nir_deref_instr_parent(const nir_deref_instr *deref)
{
   return deref->deref_type == nir_deref_type_var
             ? NULL
             : nir_src_as_deref(deref->parent);
}

/* Whether a use of a deref's value is a plain access: the deref read by
 * load_deref / store_deref (as the address), or the parent of a non-cast
 * child deref. */
bool nir_deref_use_is_plain(const nir_src *src);

nir_variable *nir_deref_instr_get_variable(const nir_deref_instr *deref);

/* ---- control flow ------------------------------------------------------- */

typedef enum {
   nir_cf_node_block,
   nir_cf_node_if,
   nir_cf_node_loop,
   nir_cf_node_function,
} nir_cf_node_type;

typedef struct nir_cf_node {
   struct list_head node;
   nir_cf_node_type type;
   struct nir_cf_node *parent;
} nir_cf_node;

typedef struct nir_block {
   nir_cf_node cf_node;
   struct list_head instr_list;

   /* CFG edges, recomputed by nir_update_cfg().  The predecessors are in
    * program order, in one array per function (impl->cfg_mem): plain
    * arrays, not sets, so that reading a block's edges touches one or two
    * cache lines (a large shader has thousands of blocks). */
   struct nir_block *successors[2];
   struct nir_block **preds;

   /* Dominance, valid with nir_metadata_dominance: children and frontier
    * in arrays owned by the function (impl->dom_mem). */
   struct nir_block *imm_dom;
   struct nir_block **dom_children;
   struct nir_block **dom_frontier;

   /* The counts and indices together, after the pointers: no padding
    * (120 bytes, not 128). */
   unsigned index;
   unsigned num_preds;
   unsigned num_dom_children;
   unsigned num_dom_frontier;
   unsigned dom_pre_index, dom_post_index;
} nir_block;

static_assert(sizeof(nir_block) <= 120, "every walk reads the blocks");

/* Whether pred is one of block's predecessors (a linear search: for a
 * block with many, build a set once). */
static inline bool
nir_block_has_pred(const nir_block *block, const nir_block *pred)
{
   for (unsigned i = 0; i < block->num_preds; i++) {
      if (block->preds[i] == pred)
         return true;
   }
   return false;
}

typedef struct nir_if {
   nir_cf_node cf_node;
   nir_src condition;
   struct list_head then_list;
   struct list_head else_list;
} nir_if;

typedef struct nir_loop {
   nir_cf_node cf_node;
   struct list_head body;
} nir_loop;

typedef enum {
   nir_metadata_none = 0,
   nir_metadata_block_index = 1 << 0,
   nir_metadata_dominance = 1 << 1,
   nir_metadata_live_defs = 1 << 2,
   nir_metadata_divergence = 1 << 3,
   nir_metadata_instr_index = 1 << 4,
   nir_metadata_all = ~0,
} nir_metadata;

typedef struct nir_function_impl {
   nir_cf_node cf_node;
   struct nir_function *function;
   struct list_head body;
   nir_block *end_block;      /* target of returns; holds no instructions */
   struct list_head locals;   /* nir_var_function_temp variables */
   unsigned ssa_alloc;
   unsigned num_blocks;
   nir_metadata valid_metadata;
   void *cfg_mem;             /* the blocks' predecessor arrays */
   void *dom_mem;             /* the blocks' dominator-tree children */
   void *frontier_mem;        /* the blocks' dominance frontiers */
} nir_function_impl;

typedef struct nir_function {
   struct list_head node;
   const char *name;
   struct nir_shader *shader;
   nir_function_impl *impl;
   bool is_entrypoint;
} nir_function;

NIR_DEFINE_CAST(nir_cf_node_as_block, nir_cf_node, nir_block, cf_node, type,
                nir_cf_node_block)
NIR_DEFINE_CAST(nir_cf_node_as_if, nir_cf_node, nir_if, cf_node, type,
                nir_cf_node_if)
NIR_DEFINE_CAST(nir_cf_node_as_loop, nir_cf_node, nir_loop, cf_node, type,
                nir_cf_node_loop)
NIR_DEFINE_CAST(nir_cf_node_as_function, nir_cf_node, nir_function_impl,
                cf_node, type, nir_cf_node_function)

static inline nir_cf_node *
nir_cf_node_next(nir_cf_node *node)
{
   struct list_head *head;
   nir_cf_node *parent = node->parent;
   if (!parent)
      return NULL;
   if (parent->type == nir_cf_node_if) {
      nir_if *nif = nir_cf_node_as_if(parent);
      head = node->node.next;
      if (head == &nif->then_list || head == &nif->else_list)
         return NULL;
   } else if (parent->type == nir_cf_node_loop) {
      head = node->node.next;
      if (head == &nir_cf_node_as_loop(parent)->body)
         return NULL;
   } else {
      head = node->node.next;
      if (head == &nir_cf_node_as_function(parent)->body)
         return NULL;
   }
   return list_entry(head, nir_cf_node, node);
}

nir_cf_node *nir_cf_node_prev(nir_cf_node *node);

static inline nir_block *
nir_cf_list_first_block(struct list_head *list)
{
   return nir_cf_node_as_block(list_first_entry(list, nir_cf_node, node));
}

static inline nir_block *
nir_cf_list_last_block(struct list_head *list)
{
   return nir_cf_node_as_block(list_last_entry(list, nir_cf_node, node));
}

static inline nir_block *nir_if_first_then_block(nir_if *nif)
{ return nir_cf_list_first_block(&nif->then_list); }
static inline nir_block *nir_if_last_then_block(nir_if *nif)
{ return nir_cf_list_last_block(&nif->then_list); }
static inline nir_block *nir_if_first_else_block(nir_if *nif)
{ return nir_cf_list_first_block(&nif->else_list); }
static inline nir_block *nir_if_last_else_block(nir_if *nif)
{ return nir_cf_list_last_block(&nif->else_list); }
static inline nir_block *nir_loop_first_block(nir_loop *loop)
{ return nir_cf_list_first_block(&loop->body); }
static inline nir_block *nir_loop_last_block(nir_loop *loop)
{ return nir_cf_list_last_block(&loop->body); }
static inline nir_block *nir_start_block(nir_function_impl *impl)
{ return nir_cf_list_first_block(&impl->body); }
static inline nir_block *nir_impl_last_block(nir_function_impl *impl)
{ return nir_cf_list_last_block(&impl->body); }

/* Block right after / before a CF node in its list. */
nir_block *nir_cf_node_as_block_after(nir_cf_node *node);
nir_block *nir_cf_node_as_block_before(nir_cf_node *node);

nir_function_impl *nir_cf_node_get_function(nir_cf_node *node);
nir_loop *nir_block_get_loop(nir_block *block);
bool nir_block_ends_in_jump(nir_block *block);
nir_instr *nir_block_last_instr(nir_block *block);
nir_instr *nir_block_first_instr(nir_block *block);

#define nir_foreach_instr(instr, block)                                        \
   list_for_each_entry(nir_instr, instr, &(block)->instr_list, node)
#define nir_foreach_instr_safe(instr, block)                                   \
   list_for_each_entry_safe(nir_instr, instr, &(block)->instr_list, node)
#define nir_foreach_instr_reverse(instr, block)                                \
   list_for_each_entry_rev(nir_instr, instr, &(block)->instr_list, node)
#define nir_foreach_instr_reverse_safe(instr, block)                           \
   list_for_each_entry_safe_rev(nir_instr, instr, &(block)->instr_list, node)

/* Blocks of an impl in source order. */
nir_block *nir_block_cf_tree_next(nir_block *block);
nir_block *nir_block_cf_tree_prev(nir_block *block);
nir_block *nir_cf_node_cf_tree_first(nir_cf_node *node);
nir_block *nir_cf_node_cf_tree_last(nir_cf_node *node);

#define nir_foreach_block(block, impl)                                         \
   for (nir_block *block = nir_start_block(impl); block != NULL;               \
        block = nir_block_cf_tree_next(block))
#define nir_foreach_block_safe(block, impl)                                    \
   for (nir_block *block = nir_start_block(impl),                              \
                  *block##_next = nir_block_cf_tree_next(block);               \
        block != NULL; block = block##_next,                                   \
                  block##_next = block ? nir_block_cf_tree_next(block) : NULL)
#define nir_foreach_block_reverse(block, impl)                                 \
   for (nir_block *block = nir_impl_last_block(impl); block != NULL;           \
        block = nir_block_cf_tree_prev(block))
/* Blocks inside one CF node (an if or loop), in order. */
#define nir_foreach_block_in_cf_node(block, node)                              \
   for (nir_block *block = nir_cf_node_cf_tree_first(node),                    \
                  *block##_end = nir_block_cf_tree_next(                       \
                     nir_cf_node_cf_tree_last(node));                          \
        block != block##_end; block = nir_block_cf_tree_next(block))

static inline nir_phi_instr *
nir_phi_from_node(nir_block *block, struct list_head *node)
{
   if (node == &block->instr_list)
      return NULL;
   nir_instr *instr = list_entry(node, nir_instr, node);
   return instr->type == nir_instr_type_phi ? nir_instr_as_phi(instr) : NULL;
}

#define nir_foreach_phi(phi, block)                                            \
   for (nir_phi_instr *phi =                                                   \
           nir_phi_from_node(block, (block)->instr_list.next);                 \
        phi; phi = nir_phi_from_node(block, phi->instr.node.next))
#define nir_foreach_phi_safe(phi, block)                                       \
   for (nir_phi_instr *phi =                                                   \
           nir_phi_from_node(block, (block)->instr_list.next),                 \
                      *phi##_n = phi ? nir_phi_from_node(block,                \
                                          phi->instr.node.next) : NULL;        \
        phi; phi = phi##_n,                                                    \
        phi##_n = phi ? nir_phi_from_node(block, phi->instr.node.next) : NULL)

/* ---- shader ------------------------------------------------------------- */

/* How nir_lower_idiv divides (zero-initialised: long division). */
typedef struct nir_lower_idiv_options {
   /* A float reciprocal refined in integers for run-time divisors,
    * multiply-high or shifts for constant ones (~15 instructions instead
    * of ~250); needs frcp, u2f32, f2u32 and umul_high. */
   bool reciprocal;
   /* frcp may be 1 ulp off: refine it with one float Newton step. */
   bool inexact_rcp;
} nir_lower_idiv_options;

typedef struct nir_shader_compiler_options {
   /* Algebraic lowerings (nir_opt_algebraic_lower). */
   bool lower_fdiv;           /* a / b -> a * rcp(b) */
   bool lower_fmod;
   bool lower_fpow;           /* exp2(log2(a) * b) */
   bool lower_flrp16, lower_flrp32, lower_flrp64;
   /* ... and a flrp not marked exact as a + c (b - a), one fused
    * multiply-add and an add (nir_lower_flrp's single-ffma form in
    * Mesa), instead of a (1 - c) + b c */
   bool lower_flrp_single_ffma;
   bool lower_fsat;           /* fmin(fmax(a, 0), 1) */
   bool lower_fsign;
   bool lower_ffract;
   bool lower_fsub, lower_isub;
   bool lower_ineg;
   bool lower_scmp;           /* fstep to a select */
   bool lower_ffma;
   bool lower_uadd_carry, lower_usub_borrow;
   /* Whole passes run by nir_lower_for_options(). */
   bool lower_idiv;           /* nir_lower_idiv */
   nir_lower_idiv_options idiv; /* ... with these options */
   bool lower_sincos;         /* nir_lower_sincos */
   bool lower_to_scalar;      /* nir_lower_alu_to_scalar */
   unsigned lower_bool_to_bitsize; /* 16 or 32: nir_lower_bool_to_int */
   /* nir_opt_loop_unroll: largest trip count unrolled (0: 16). */
   unsigned max_unroll_iterations;
   /* nir_lower_indirect_locals: indirectly indexed local arrays of at
    * least this many bytes go to scratch memory (0: never), the others
    * become if-ladders over arrays of up to indirect_locals_max_ladder
    * elements (0: 64). */
   unsigned indirect_locals_scratch_min_bytes;
   unsigned indirect_locals_max_ladder;
   /* Divergence analysis: a subgroup of fragment invocations never spans
    * several primitives, so flat inputs are uniform in it. */
   bool subgroup_single_primitive;
} nir_shader_compiler_options;

typedef struct nir_shader_info {
   const char *name;
   gl_shader_stage stage;
   uint64_t inputs_read;
   uint64_t outputs_written;
   uint64_t system_values_read;
   uint16_t workgroup_size[3];
   bool uses_discard;
   /* Geometry shaders (GLSL 1.50 layout qualifiers; primitives are
    * enum mesa_prim). */
   struct {
      uint8_t input_primitive;  /* POINTS, LINES(_ADJACENCY), TRIANGLES(_ADJ.) */
      uint8_t output_primitive; /* POINTS, LINE_STRIP, TRIANGLE_STRIP */
      uint8_t vertices_in;      /* vertices of one input primitive: 1-6 */
      uint8_t invocations;      /* 1 unless layout(invocations = N) */
      uint16_t vertices_out;    /* layout(max_vertices = N) */
      bool uses_end_primitive;  /* any end_primitive: strips can restart */
   } gs;
   /* Fragment shaders: gl_FragCoord's layout qualifiers (GLSL 1.50
    * 4.3.8.1, ARB_fragment_coord_conventions), for the state tracker's
    * lowering of load_frag_coord. */
   struct {
      bool origin_upper_left;
      bool pixel_center_integer;
      /* layout(early_fragment_tests) in; (GLSL 4.20 4.4.1.3): the depth
       * and stencil tests and writes happen before the shader runs. */
      bool early_fragment_tests;
   } fs;
} nir_shader_info;

typedef struct nir_shader {
   struct list_head variables; /* all but function_temp */
   struct list_head functions;
   const nir_shader_compiler_options *options;
   nir_shader_info info;
   unsigned num_inputs, num_outputs, num_uniforms;
   unsigned scratch_size, shared_size;
   /* Instruction memory (nir_instr_mem.c); not for passes: where the
    * next instruction is carved from, the chunks, the bytes carved from
    * them and, of those, the bytes of instructions removed since. */
   char *instr_mem_cur, *instr_mem_end;
   void *instr_chunks;
   size_t instr_mem_used_B, instr_mem_removed_B;
   /* Control-flow memory (nir_instr_mem.c): blocks, ifs, loops and phi
    * sources, carved in creation order and never moved or freed before
    * the shader. */
   char *cf_mem_cur, *cf_mem_end;
   void *cf_chunks;
} nir_shader;

#define nir_foreach_function(func, shader)                                     \
   list_for_each_entry(nir_function, func, &(shader)->functions, node)
#define nir_foreach_function_impl(impl, shader)                                \
   list_for_each_entry(nir_function, impl##_func, &(shader)->functions, node)  \
      for (nir_function_impl *impl = impl##_func->impl; impl; impl = NULL)
#define nir_foreach_variable_in_shader(var, shader)                            \
   list_for_each_entry(nir_variable, var, &(shader)->variables, link)
#define nir_foreach_variable_in_shader_safe(var, shader)                       \
   list_for_each_entry_safe(nir_variable, var, &(shader)->variables, link)
#define nir_foreach_variable_with_modes(var, shader, modes)                    \
   nir_foreach_variable_in_shader(var, shader)                                 \
      if (!((var)->mode & (modes))) {} else

nir_shader *nir_shader_create(void *mem_ctx, gl_shader_stage stage,
                              const nir_shader_compiler_options *options);
nir_function *nir_function_create(nir_shader *shader, const char *name);
nir_function_impl *nir_function_impl_create(nir_function *func);
nir_function_impl *nir_shader_get_entrypoint(const nir_shader *shader);

nir_variable *nir_variable_create(nir_shader *shader, nir_variable_mode mode,
                                  const nir_vtype *type, const char *name);
nir_variable *nir_local_variable_create(nir_function_impl *impl,
                                        const nir_vtype *type,
                                        const char *name);
nir_variable *nir_find_variable_with_location(nir_shader *shader,
                                              nir_variable_mode mode,
                                              int location);

/* ---- instruction creation and editing ----------------------------------- */

nir_alu_instr *nir_alu_instr_create(nir_shader *shader, nir_op op);
nir_deref_instr *nir_deref_instr_create(nir_shader *shader,
                                        nir_deref_type type);
nir_jump_instr *nir_jump_instr_create(nir_shader *shader, nir_jump_type type);
nir_load_const_instr *nir_load_const_instr_create(nir_shader *shader,
                                                  unsigned num_components,
                                                  unsigned bit_size);
nir_intrinsic_instr *nir_intrinsic_instr_create(nir_shader *shader,
                                                nir_intrinsic_op op);
nir_phi_instr *nir_phi_instr_create(nir_shader *shader);
nir_phi_src *nir_phi_instr_add_src(nir_phi_instr *phi, nir_block *pred,
                                   nir_def *src);
nir_phi_src *nir_phi_get_src_from_block(nir_phi_instr *phi, nir_block *pred);
nir_undef_instr *nir_undef_instr_create(nir_shader *shader,
                                        unsigned num_components,
                                        unsigned bit_size);
nir_tex_instr *nir_tex_instr_create(nir_shader *shader, unsigned num_srcs);

void nir_def_init(nir_instr *instr, nir_def *def, unsigned num_components,
                  unsigned bit_size);

/* Point src at def (src must belong to an instruction already in a
 * block, or be initialised with nir_src_init_* first). */
void nir_src_set_ssa(nir_src *src, nir_def *def);
void nir_instr_init_src(nir_instr *instr, nir_src *src, nir_def *def);
void nir_if_init_src(nir_if *nif, nir_src *src, nir_def *def);
void nir_instr_rewrite_src(nir_instr *instr, nir_src *src, nir_def *def);

void nir_def_rewrite_uses(nir_def *def, nir_def *new_def);
/* Rewrite only the uses that come after after_me (dominance permitting). */
void nir_def_rewrite_uses_after(nir_def *def, nir_def *new_def,
                                nir_instr *after_me);
unsigned nir_def_components_read(const nir_def *def);

typedef enum {
   nir_cursor_before_block,
   nir_cursor_after_block,
   nir_cursor_before_instr,
   nir_cursor_after_instr,
} nir_cursor_option;

typedef struct {
   nir_cursor_option option;
   union {
      nir_block *block;
      nir_instr *instr;
   };
} nir_cursor;

static inline nir_cursor
nir_before_block(nir_block *block)
{
   nir_cursor c = { .option = nir_cursor_before_block };
   c.block = block;
   return c;
}

static inline nir_cursor
nir_after_block(nir_block *block)
{
   nir_cursor c = { .option = nir_cursor_after_block };
   c.block = block;
   return c;
}

static inline nir_cursor
nir_before_instr(nir_instr *instr)
{
   nir_cursor c = { .option = nir_cursor_before_instr };
   c.instr = instr;
   return c;
}

static inline nir_cursor
nir_after_instr(nir_instr *instr)
{
   nir_cursor c = { .option = nir_cursor_after_instr };
   c.instr = instr;
   return c;
}

/* After phis / before a block-ending jump. */
nir_cursor nir_after_phis(nir_block *block);
nir_cursor nir_after_block_before_jump(nir_block *block);
nir_cursor nir_before_cf_node(nir_cf_node *node);
nir_cursor nir_after_cf_node(nir_cf_node *node);
static inline nir_cursor
nir_after_impl(nir_function_impl *impl)
{
   return nir_after_block(nir_impl_last_block(impl));
}
static inline nir_cursor
nir_before_impl(nir_function_impl *impl)
{
   return nir_before_block(nir_start_block(impl));
}
nir_block *nir_cursor_current_block(nir_cursor cursor);

void nir_instr_insert(nir_cursor cursor, nir_instr *instr);
void nir_instr_move(nir_cursor cursor, nir_instr *instr);
/* Unlink an instruction and drop its sources' uses. */
void nir_instr_remove(nir_instr *instr);
/* nir_instr_remove(), then the instructions computing its operands that
 * it alone read (ALU, load_const and undef only, transitively): for a
 * pass that replaces an instruction and would otherwise leave its
 * operands to the next DCE, a round of nir_optimize later.  Only
 * operands, which come before the instruction, are removed: a walk that
 * holds the next instruction stays valid. */
void nir_instr_remove_with_operands(nir_instr *instr);
/* The same for a value nothing reads any more (an if condition dropped). */
void nir_remove_if_unused(nir_def *def);

static inline void
nir_instr_insert_after(nir_instr *after, nir_instr *instr)
{
   nir_instr_insert(nir_after_instr(after), instr);
}

typedef bool (*nir_foreach_src_cb)(nir_src *src, void *state);
typedef bool (*nir_foreach_def_cb)(nir_def *def, void *state);
bool nir_foreach_src(nir_instr *instr, nir_foreach_src_cb cb, void *state);
bool nir_foreach_def(nir_instr *instr, nir_foreach_def_cb cb, void *state);

/* Instruction that is safe to delete when its result is unused. */
bool nir_instr_can_eliminate(const nir_instr *instr);

/* ---- control-flow editing ----------------------------------------------- */

nir_if *nir_if_create(nir_shader *shader);
nir_loop *nir_loop_create(nir_shader *shader);

/* Insert an if or loop at cursor, splitting the block there. */
void nir_cf_node_insert(nir_cursor cursor, nir_cf_node *node);
/* Remove an if or loop and everything in it, joining the blocks around it.
 * Phis in the block after it must have been dealt with. */
void nir_cf_node_remove(nir_cf_node *node);
/* Move every instruction of `list` (a then/else list or loop body that has
 * no inner control flow) to `cursor`. */
void nir_cf_list_move_instrs(struct list_head *list, nir_cursor cursor);

/* Phis in the structural successors of `from` that name it as predecessor
 * name `to` instead (used when `from`'s tail moves to `to`). */
void nir_retarget_successor_phis(nir_block *from, nir_block *to);
/* Remove every instruction inside an if or loop (dropping their uses and
 * the uses of nested if conditions), leaving the structure. */
void nir_cf_node_remove_instrs(nir_cf_node *node);

/* Recompute block successors/predecessors from the structure. */
void nir_update_cfg(nir_function_impl *impl);
/* The same, also indexing the blocks (as nir_index_blocks()); returns the
 * blocks by index (the end block last) in an array for free(), or NULL
 * when out of memory. */
nir_block **nir_update_cfg_and_index(nir_function_impl *impl);
/* Successors of a block from the structure alone. */
void nir_block_structural_successors(nir_block *block, nir_block *succ[2]);

/* ---- metadata ------------------------------------------------------------ */

void nir_metadata_require(nir_function_impl *impl, nir_metadata required);
void nir_metadata_preserve(nir_function_impl *impl, nir_metadata preserved);
void nir_index_blocks(nir_function_impl *impl);
void nir_index_ssa_defs(nir_function_impl *impl);
void nir_index_instrs(nir_function_impl *impl);
void nir_calc_dominance_impl(nir_function_impl *impl);
/* CFG edges, block indices and the dominator tree (imm_dom, children,
 * pre/post numbers) but not the frontiers, which are left as they were:
 * what the validator needs.  Sets no metadata flag. */
void nir_calc_dominance_tree(nir_function_impl *impl);
bool nir_block_dominates(nir_block *parent, nir_block *child);
nir_block *nir_dominance_lca(nir_block *a, nir_block *b);
/* Per block liveness: defs live into / out of each block (bitsets indexed
 * by def index, owned by the impl). */
typedef struct nir_liveness {
   unsigned num_words;
   uint32_t *live_in;   /* [block->index * num_words] */
   uint32_t *live_out;
} nir_liveness;
nir_liveness *nir_live_defs_impl(nir_function_impl *impl);
void nir_divergence_analysis(nir_shader *shader);

/* ---- whole-shader utilities -------------------------------------------- */

/* Validation collects messages and returns false on error; it never aborts.
 * `msg` (may be NULL) receives a ralloc'd description owned by mem_ctx. */
bool nir_validate_shader_msg(nir_shader *shader, void *mem_ctx, char **msg);
void nir_validate_shader(nir_shader *shader, const char *when);

void nir_print_shader(nir_shader *shader, FILE *fp);
char *nir_shader_as_str(nir_shader *shader, void *mem_ctx);
void nir_print_instr(nir_instr *instr, FILE *fp);

nir_shader *nir_shader_clone(void *mem_ctx, const nir_shader *shader);
/* Copy the instructions and control flow of `list` to the end of `dst`
 * (the last block of its list).  remap_table maps old defs/blocks to new
 * ones; entries already present (e.g. phis replaced by values) are used
 * for sources, and new ones are added. */
void nir_cf_list_clone_at_end(struct list_head *list, nir_block *dst,
                              struct hash_table *remap_table);
/* The same, leaving out node `skip` (or stopping at it) and the phis of
 * block `skip_phis`. */
void nir_cf_list_clone_partial(struct list_head *list, nir_block *dst,
                               struct hash_table *remap_table,
                               const nir_cf_node *skip, bool stop_at_skip,
                               const nir_block *skip_phis);

/* Constant evaluation of one ALU opcode (generated).  bit_size is the size
 * of the opcode's unsized operands.  Returns false for unsupported sizes. */
bool nir_eval_const_opcode(nir_op op, nir_const_value *dst,
                           unsigned num_components, unsigned bit_size,
                           nir_const_value **src,
                           const unsigned *src_components);
/* Bit size that nir_eval_const_opcode expects for an instruction. */
unsigned nir_alu_instr_eval_bit_size(const nir_alu_instr *alu);

/* ---- instruction memory (nir_instr_mem.c) ------------------------------ */

/* For nir.c: zeroed memory for an instruction of `size` bytes (carved
 * from the shader's chunks when it is small enough), and the bookkeeping
 * of removal and (re)insertion. */
void *nir_instr_mem_zalloc(nir_shader *shader, size_t size);
/* Zeroed memory for a block, if, loop or phi source: no allocation
 * header, neighbours in creation order, freed with the shader. */
void *nir_cf_mem_zalloc(nir_shader *shader, size_t size);
void nir_instr_mem_removed(nir_instr *instr);
void nir_instr_mem_inserted(nir_instr *instr);
/* Bytes an instruction takes in the shader's chunks (0 for one that has
 * its own allocation, e.g. a texture instruction). */
size_t nir_instr_mem_size(const nir_instr *instr);
/* Copy the live instructions, in program order, into fresh memory and
 * free the old: removed instructions stop taking memory and the shader is
 * laid out in order again.  Every pointer to an ALU, intrinsic, deref,
 * load_const, undef, jump or phi instruction or to its def, held outside
 * the IR, becomes invalid (the IR itself is updated).  The defs are
 * numbered again in program order (impl->ssa_alloc = live defs), so def
 * indices held outside the IR become invalid too. */
void nir_shader_compact_instrs(nir_shader *shader);
/* The same, only when at least half of the carved memory is garbage (and
 * the shader is not small); returns whether it compacted. */
bool nir_shader_compact_instrs_if_sparse(nir_shader *shader);

/* ---- debug controls and the pass wrapper -------------------------------- */

enum {
   NIR_DEBUG_PRINT = 1 << 0,
   NIR_DEBUG_VALIDATE = 1 << 1,
   NIR_DEBUG_NOVALIDATE = 1 << 2,
   NIR_DEBUG_CLONE = 1 << 3,
   NIR_DEBUG_NOCOMPACT = 1 << 4,
};
uint64_t nir_debug_flags(void);
/* Whether NIR validates: in debug builds unless NIR_DEBUG=novalidate, in
 * release builds (NDEBUG) only with NIR_DEBUG=validate.  NIR_PASS and
 * every other caller of the validator outside tests follow this rule. */
bool nir_validation_enabled(void);
/* Called by NIR_PASS after a pass that reported progress. */
void nir_pass_done(nir_shader *shader, const char *pass_name, bool progress);

#define NIR_PASS(progress, shader, pass, ...)                                  \
   do {                                                                        \
      bool nir_pass_progress_ = pass(shader, ##__VA_ARGS__);                   \
      nir_pass_done(shader, #pass, nir_pass_progress_);                        \
      if (nir_pass_progress_)                                                  \
         (progress) = true;                                                    \
   } while (0)

#define NIR_PASS_V(shader, pass, ...)                                          \
   do {                                                                        \
      pass(shader, ##__VA_ARGS__);                                             \
      nir_pass_done(shader, #pass, true);                                      \
   } while (0)

/* The flat sampler index of a texture/sampler deref (nir_sampler_index.c):
 * base, plus stride * dynamic when one array level of the chain is indexed
 * at run time (an array of length elements).  False when the chain cannot
 * be resolved (a cast, or two levels indexed at run time). */
typedef struct nir_sampler_index {
   unsigned base;
   nir_def *dynamic; /* NULL: base is the index */
   unsigned stride, length;
} nir_sampler_index;

/* The sampler slots a value of type t takes.  nir_resolve_sampler_deref
 * also resolves image derefs, counting images instead of samplers. */
unsigned nir_vtype_sampler_slots(const nir_vtype *t);
bool nir_resolve_sampler_deref(const nir_deref_instr *d,
                               nir_sampler_index *out);

#include "nir_intrinsics_indices.h"

#ifdef __cplusplus
}
#endif

#endif
