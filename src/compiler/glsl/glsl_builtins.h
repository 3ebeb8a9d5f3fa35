/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Built-in variables, constants and functions (generated from
 * glsl_builtins.py).  Types are spelled as GLSL source ("vec4",
 * "float[]", "vec4[gl_MaxDrawBuffers]", "gl_DepthRangeParameters") and
 * resolved by the checker.
 */
#ifndef GLSL_BUILTINS_H
#define GLSL_BUILTINS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler/shader_enums.h"

enum glsl_builtin_qual {
   GLSL_BQ_IN,
   GLSL_BQ_OUT,
   GLSL_BQ_INOUT,
   GLSL_BQ_UNIFORM,
   GLSL_BQ_CONST,
};

struct glsl_builtin_var {
   const char *name;
   const char *type;
   enum glsl_builtin_qual qual;
   unsigned stages;          /* bit per gl_shader_stage */
   uint16_t desk, es;        /* first version (0: never in core) */
   uint16_t desk_until, es_until; /* removed from core in (0: never) */
   bool compat;              /* still there in compatibility profiles */
   const char *ext;
   unsigned nvalues;         /* constants */
   int values[4];
};

struct glsl_builtin_param {
   const char *type;
   bool out;
   bool inout;
};

struct glsl_builtin_func {
   const char *name;
   const char *ret;
   unsigned nparams;
   const struct glsl_builtin_param *params;
   unsigned stages;
   uint16_t desk, es, desk_until, es_until;
   const char *ext;
   bool constant;            /* constant arguments give a constant */
};

extern const struct glsl_builtin_var glsl_builtin_vars[];
extern const unsigned glsl_num_builtin_vars;
extern const struct glsl_builtin_func glsl_builtin_funcs[];
extern const unsigned glsl_num_builtin_funcs;
/* A built-in function the table does not describe: its name, the desktop
 * and ES versions that have it (0: none) and the extension that adds it
 * (NULL: none).  The list ends with a NULL name. */
struct glsl_untabled_func {
   const char *name;
   uint16_t desk, es;
   const char *ext;
};
extern const struct glsl_untabled_func glsl_untabled_builtin_funcs[];

/* The function table by name (glsl_builtin_index.c): an index allocated
 * under mem, then the rows of one name in table order (NULL and 0 for a
 * name the table does not have, or a NULL index). */
struct hash_table;
struct hash_table *glsl_builtin_func_index_create(void *mem);
const unsigned *glsl_builtin_func_index_rows(struct hash_table *index,
                                             const char *name,
                                             unsigned *count);

/* The members of a built-in structure type ("gl_LightSourceParameters"),
 * as "type name;type name;..." of basic types; NULL for other names. */
const char *glsl_builtin_struct_fields(const char *name);

#endif
