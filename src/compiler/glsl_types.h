/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GLSL types: scalars, vectors, matrices, opaque types (samplers, images,
 * atomic counters), arrays, structures and interface blocks, with the
 * std140/std430 layout rules.
 *
 * Built-in types are static (generated from glsl_types_table.py) and unique,
 * so pointer equality means type equality for them.  Arrays, structures and
 * blocks are made by the caller under a ralloc context; compare those with
 * glsl_type_equal().
 */
#ifndef GLSL_TYPES_H
#define GLSL_TYPES_H

#include <stdbool.h>
#include <stdint.h>

enum glsl_base_type {
   GLSL_TYPE_VOID,
   GLSL_TYPE_BOOL,
   GLSL_TYPE_INT,
   GLSL_TYPE_UINT,
   GLSL_TYPE_FLOAT,
   GLSL_TYPE_DOUBLE,
   GLSL_TYPE_INT64,
   GLSL_TYPE_UINT64,
   GLSL_TYPE_SAMPLER,
   GLSL_TYPE_IMAGE,
   GLSL_TYPE_ATOMIC_UINT,
   GLSL_TYPE_STRUCT,
   GLSL_TYPE_INTERFACE,
   GLSL_TYPE_ARRAY,
   GLSL_TYPE_ERROR,
};

enum glsl_sampler_dim {
   GLSL_SAMPLER_DIM_1D,
   GLSL_SAMPLER_DIM_2D,
   GLSL_SAMPLER_DIM_3D,
   GLSL_SAMPLER_DIM_CUBE,
   GLSL_SAMPLER_DIM_RECT,
   GLSL_SAMPLER_DIM_BUF,
   GLSL_SAMPLER_DIM_EXTERNAL,
   GLSL_SAMPLER_DIM_MS,
   GLSL_SAMPLER_DIM_SUBPASS,
   GLSL_SAMPLER_DIM_SUBPASS_MS,
};

enum glsl_layout_rules {
   GLSL_LAYOUT_STD140,
   GLSL_LAYOUT_STD430,
};

struct glsl_type;

struct glsl_struct_field {
   const struct glsl_type *type;
   const char *name;
   int line;
   unsigned qualifiers; /* interface blocks: glsl_qualifier bits */
   int location;        /* -1 when not given */
   int offset;          /* -1 when not given */
};

struct glsl_type {
   enum glsl_base_type base_type;
   uint8_t vector_elements; /* rows: 1 for scalars */
   uint8_t matrix_columns;  /* 1 unless a matrix */
   /* Opaque types. */
   uint8_t sampler_dim;     /* enum glsl_sampler_dim */
   bool sampler_shadow;
   bool sampler_array;
   enum glsl_base_type sampled_type; /* float, int or uint */
   /* Arrays: length -1 is unsized. */
   const struct glsl_type *element;
   int length;
   /* Structures and blocks. */
   const struct glsl_struct_field *fields;
   unsigned num_fields;
   enum glsl_layout_rules packing; /* interface blocks */
   const char *name;
};

/* Built-in type availability (the generated table). */
struct glsl_builtin_type_info {
   const struct glsl_type *type;
   uint16_t min_version;    /* desktop GLSL, 0 = never core */
   uint16_t min_es_version; /* GLSL ES, 0 = never core */
   const char *extension;   /* enables it earlier, or NULL */
   const char *extension2;
   const char *extension3;
};

extern const struct glsl_type glsl_type_builtin_error;
extern const struct glsl_type glsl_type_builtin_void;

/* Built-in types by name (NULL if none); *info gets the availability. */
const struct glsl_type *
glsl_builtin_type_by_name(const char *name,
                          const struct glsl_builtin_type_info **info);

/* Scalar/vector/matrix of a base type (NULL if no such type). */
const struct glsl_type *glsl_simple_type(enum glsl_base_type base,
                                         unsigned rows, unsigned columns);

static inline const struct glsl_type *
glsl_vector_type(enum glsl_base_type base, unsigned n)
{
   return glsl_simple_type(base, n, 1);
}

const struct glsl_type *glsl_array_type(void *mem_ctx,
                                        const struct glsl_type *element,
                                        int length);

/* A structure or interface block type named `name` whose members are
 * fields[0 .. num_fields - 1].  The type points at `fields` and `name`
 * (no copy): both must live as long as the type. */
const struct glsl_type *glsl_struct_type(void *mem_ctx,
                                         const struct glsl_struct_field *fields,
                                         unsigned num_fields,
                                         const char *name);
const struct glsl_type *
glsl_interface_type(void *mem_ctx, const struct glsl_struct_field *fields,
                    unsigned num_fields, const char *name);

bool glsl_type_equal(const struct glsl_type *a, const struct glsl_type *b);

/* Writes a GLSL spelling of the type ("vec4", "float[3][2]", "S"). */
const char *glsl_type_name(void *mem_ctx, const struct glsl_type *t);

static inline bool
glsl_type_is_numeric_base(enum glsl_base_type b)
{
   return b == GLSL_TYPE_INT || b == GLSL_TYPE_UINT ||
          b == GLSL_TYPE_FLOAT || b == GLSL_TYPE_DOUBLE ||
          b == GLSL_TYPE_INT64 || b == GLSL_TYPE_UINT64;
}

static inline bool
glsl_type_is_scalar(const struct glsl_type *t)
{
   return t->base_type <= GLSL_TYPE_UINT64 &&
          t->base_type != GLSL_TYPE_VOID && t->vector_elements == 1 &&
          t->matrix_columns == 1;
}

static inline bool
glsl_type_is_vector(const struct glsl_type *t)
{
   return t->base_type <= GLSL_TYPE_UINT64 && t->vector_elements > 1 &&
          t->matrix_columns == 1;
}

static inline bool
glsl_type_is_matrix(const struct glsl_type *t)
{
   return t->matrix_columns > 1 && t->base_type <= GLSL_TYPE_UINT64;
}

static inline bool
glsl_type_is_basic(const struct glsl_type *t)
{
   return t->base_type >= GLSL_TYPE_BOOL && t->base_type <= GLSL_TYPE_UINT64;
}

static inline bool
glsl_type_is_array(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_ARRAY;
}

static inline bool
glsl_type_is_opaque(const struct glsl_type *t)
{
   return t->base_type == GLSL_TYPE_SAMPLER ||
          t->base_type == GLSL_TYPE_IMAGE ||
          t->base_type == GLSL_TYPE_ATOMIC_UINT;
}

static inline bool
glsl_type_is_integer_base(enum glsl_base_type b)
{
   return b == GLSL_TYPE_INT || b == GLSL_TYPE_UINT ||
          b == GLSL_TYPE_INT64 || b == GLSL_TYPE_UINT64;
}

static inline bool
glsl_type_is_float_base(enum glsl_base_type b)
{
   return b == GLSL_TYPE_FLOAT || b == GLSL_TYPE_DOUBLE;
}

static inline unsigned
glsl_type_components(const struct glsl_type *t)
{
   return t->vector_elements * t->matrix_columns;
}

/* The innermost non-array element type. */
const struct glsl_type *glsl_without_array(const struct glsl_type *t);

/* True if t or anything inside it is of base type b. */
bool glsl_type_contains(const struct glsl_type *t, enum glsl_base_type b);

/* True if t or anything inside it is a sampler, image or atomic counter:
 * such types have no size or alignment in a block layout. */
bool glsl_type_contains_opaque(const struct glsl_type *t);

/* Column (row-major: row) vector type of a matrix. */
const struct glsl_type *glsl_column_type(const struct glsl_type *t);

/* std140 / std430 base alignment and size in bytes of t as a block member
 * (row_major for matrices).  Returns 0 for types without a layout (opaque,
 * unsized arrays' size). */
unsigned glsl_type_alignment_B(const struct glsl_type *t,
                               enum glsl_layout_rules rules, bool row_major);
unsigned glsl_type_size_B(const struct glsl_type *t,
                          enum glsl_layout_rules rules, bool row_major);

#endif
