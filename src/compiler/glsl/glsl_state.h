/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * State of one shader compilation: language version and profile, stage,
 * extension behaviour, diagnostics, the AST, and the struct names the lexer
 * needs to tell type names from identifiers.
 */
#ifndef GLSL_STATE_H
#define GLSL_STATE_H

#include <stdbool.h>

#include "compiler/shader_enums.h"
#include "glsl_log.h"
#include "ast.h"
#include "glcpp/glcpp.h"

/* Extensions the front end knows (generated table, glsl_extensions.py). */
struct glsl_extension_info {
   const char *name;
   bool desktop, es;
   uint16_t min_version;     /* desktop GLSL */
   uint16_t min_es_version;
};

extern const struct glsl_extension_info glsl_extensions[];
extern const unsigned glsl_num_extensions;

int glsl_extension_index(const char *name);

struct glsl_compile_options {
   gl_shader_stage stage;
   int default_version;      /* used without #version; 0 means 110 */
   bool default_es;
   bool link;                /* accepted; linking comes later */
   bool preprocess_only;     /* stop after glcpp (output in st->pp_text) */
   bool parse_only;          /* stop after parsing (glsl-bench times it) */
   const char **extra_extensions; /* --extension: enable from the start */
   unsigned num_extra_extensions;
   /* A desktop compatibility-profile context: GLSL 1.40 (which has no
    * profiles) keeps the deprecated built-ins there (GLSL 1.40 spec 1.1
    * with ARB_compatibility; GL 3.2 compatibility profile). */
   bool compat_context;
   /* The extensions the context exposes.  GLSL 4.60 and GLSL ES 3.20
    * section 3.3 (#extension): "require" of an extension the
    * implementation does not support is an error, "enable" and "warn"
    * of one only warn, and only supported ones get their macro.  NULL
    * (the standalone compiler): every row of the table whose version
    * fits. */
   bool (*has_extension)(const void *data, const char *name);
   const void *has_extension_data;
};

struct hash_table;

struct glsl_struct_name {
   const char *name;
   const struct glsl_type *type; /* set once the checker defines it */
   int depth;
   bool hidden;                  /* a variable of an inner scope hides it */
   int prev;                     /* the entry of the same name below, -1 */
};

struct glsl_parse_state {
   void *mem;
   struct glsl_log log;
   const struct glsl_compile_options *opts;
   gl_shader_stage stage;

   int version;              /* 110, 300 ... */
   bool es;
   bool compat;
   bool explicit_version;

   /* Per extension: enabled by #extension (or implied); warn behaviour. */
   bool *ext_enabled;
   bool *ext_warn;
   /* Per extension: exposed by the context (opts->has_extension). */
   bool *ext_exposed;

   /* Lexer feedback: user struct names visible at this brace depth. */
   struct glsl_struct_name *struct_names;
   unsigned num_struct_names, cap_struct_names;
   /* name -> 1 + index of its top entry in struct_names (lookups are
    * constant time however many structures a shader declares). */
   struct hash_table *struct_name_top;
   int brace_depth;
   bool after_dot;
   int layout_depth;         /* 1 after 'layout', 2+ inside its parens */
   void *scanner;

   struct ast_list unit;     /* translation unit: external declarations */
   const char *pp_text;      /* glcpp output; NULL once parsed */
   bool pragma_invariant_all;

   /* Geometry shaders: the layout qualifiers this shader declares
    * (GLSL 1.50 4.3.8.1/4.3.8.2, set by glsl_check_geom.c); the linker
    * merges those of a stage's shaders. */
   struct {
      int in_prim;             /* enum mesa_prim + 1, 0: not declared */
      int out_prim;            /* enum mesa_prim + 1, 0: not declared */
      int max_vertices;        /* -1: not declared */
      int invocations;         /* 0: not declared */
   } gs;

   /* Fragment shaders: gl_FragDepth's redeclaration (GLSL 4.20 4.4.2.3,
    * set by glsl_check_layout.c; 0: not redeclared, 1: without a
    * condition, 2 + n: the nth of depth_any, depth_greater, depth_less,
    * depth_unchanged) and whether the shader assigns it (glsl_check.c);
    * the linker compares those of a program's fragment shaders. */
   struct {
      int depth_layout;
      bool depth_written;
   } fs;

   /* Bump allocator for AST nodes, types and identifier strings
    * (glsl_ast_alloc): chunks under mem, no header per allocation. */
   char *ast_chunk;
   size_t ast_chunk_left;
   size_t ast_chunks_B; /* bytes of chunks taken so far */
};

/* Version tests in the Mesa style: is_version(desktop, es) is true when
 * the shader's version is at least the one for its language (0: never). */
static inline bool
glsl_is_version(const struct glsl_parse_state *st, int desktop, int es)
{
   int need = st->es ? es : desktop;
   return need != 0 && st->version >= need;
}

bool glsl_ext_enabled(const struct glsl_parse_state *st, const char *name);

/* True for types usable here (version and enabled extensions). */
bool glsl_builtin_type_available(const struct glsl_parse_state *st,
                                 const struct glsl_builtin_type_info *info);

/* Zeroed memory for the AST, freed with st->mem, never on its own (so
 * never a ralloc parent nor passed to ralloc_free/reralloc). */
void *glsl_ast_alloc(struct glsl_parse_state *st, size_t size);
char *glsl_ast_strdup(struct glsl_parse_state *st, const char *s);

void glsl_struct_name_add(struct glsl_parse_state *st, const char *name);
/* A variable named like an outer struct hides it until its scope ends. */
void glsl_struct_name_hide(struct glsl_parse_state *st, const char *name);
struct glsl_struct_name *glsl_struct_name_find(struct glsl_parse_state *st,
                                               const char *name);
/* '}' seen: leave the brace level, forgetting struct names declared in it. */
void glsl_struct_scope_pop(struct glsl_parse_state *st);

/* Lexer/parser entry points (glsl_lexer.l, glsl_parser.y). */
bool glsl_parse(struct glsl_parse_state *st, const char *text);

/* Semantic checks over st->unit (glsl_check*.c). */
void glsl_check(struct glsl_parse_state *st);

/* The whole front end: preprocess, parse, check.  Returns the state (under
 * mem_ctx) with its log; success when st->log.errors == 0. */
struct glsl_parse_state *glsl_compile_shader(void *mem_ctx, const char *src,
                                             size_t len,
                                             const struct glsl_compile_options
                                                *opts);

#endif
