/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Semantic checker internals shared by glsl_check*.c.
 *
 * Errors are reported where they are found; an expression whose type is
 * unknown (after an error, or from a built-in the tables do not describe)
 * gets the error type, which every check accepts silently so one mistake
 * gives one message.
 */
#ifndef GLSL_CHECK_PRIV_H
#define GLSL_CHECK_PRIV_H

#include "glsl_builtins.h"
#include "glsl_state.h"
#include "util/hash_table.h"
#include "util/u_dynarray.h"
#include "util/u_math.h"

/* Nesting beyond this is rejected (piglit has legitimate ~550-deep
 * chains).  The checker recurses once per level;
 * sanitizer builds use several KiB of stack per level, so keep it well
 * inside an 8 MiB stack (and inside smaller thread stacks). */
#define CHECK_MAX_DEPTH 1000

/* Overloads of one function name (each call weighs all of them). */
#define CHECK_MAX_OVERLOADS 256

/* Constant value of a scalar/vector/matrix (column-major components). */
struct check_cval {
   union {
      double f;
      int64_t i;
      bool b;
   } c[16];
};

struct check_var {
   const char *name;
   const struct glsl_type *type;
   unsigned qual;          /* AST_Q_* */
   int line;
   bool builtin;
   bool read_only;
   bool is_const;          /* constant expression when read */
   bool has_value;
   /* With has_value: the value (out of line: a large shader declares tens
    * of thousands of variables, few of them constants, and the value is
    * 128 bytes). */
   struct check_cval *value;
   bool block_field;       /* member of an anonymous block */
   bool global;            /* declared at global scope (built-ins too) */
   /* subroutine uniforms: their subroutine type */
   const struct check_func *subroutine_type;
   bool redeclared;
   bool written;
   bool used;              /* read or written by an expression */
   int redecl_layout;      /* built-ins: 1 + layout bits of the first
                              redeclaration, 0 none */
   int max_index;          /* 1 + largest constant index used */
   int image_format;       /* images: 1 + format index, 0 none */
   /* Locals and parameters: the declarator or parameter node and the
    * loops and switches around it (check.repeat_depth); an assignment
    * under more of them sets decl->loop_written. */
   struct ast_node *decl;
   int repeat_depth;
};

struct check_func {
   const char *name;
   const struct glsl_type *ret;
   unsigned nparams;
   const struct glsl_type **params;
   unsigned *param_qual;
   bool defined;
   bool prototyped;        /* a prototype (not a definition) was seen */
   bool subroutine_type;   /* "subroutine RET T(...);" declares type T */
   bool subroutine_impl;   /* declared with subroutine(T, ...) */
   bool builtin;
   bool constant;          /* built-in foldable when arguments are */
   unsigned precision;     /* AST_Q_PRECISION bits of the return type */
   int line;
   struct check_func *next;
   /* Static call graph (user functions only), for recursion checks. */
   struct set *callee_set;
   struct util_dynarray callees;   /* struct check_func * */
   unsigned visit;                 /* 0 new, 1 on the path, 2 done */
};

enum check_sym_kind {
   CHECK_SYM_VAR,
   CHECK_SYM_FUNC,
   CHECK_SYM_TYPE,
};

struct check_sym {
   enum check_sym_kind kind;
   struct check_var *var;
   struct check_func *sigs; /* CHECK_SYM_FUNC: user signatures */
   unsigned nsigs;
   const struct glsl_type *type;
};

struct check_scope {
   struct hash_table *names;
   struct check_scope *parent;
   /* A default float precision was declared in this scope (all scopes
    * have one except in GLSL ES fragment shaders). */
   bool float_precision;
   /* GLSL ES: the opaque types (by name) given a default precision by a
    * precision statement in this scope; NULL until the first one. */
   struct set *opaque_precision;
};

/* Result of checking an expression. */
struct check_value {
   const struct glsl_type *type;
   bool is_const;
   bool has_value;
   struct check_cval val;
   bool lvalue;
   const char *not_lvalue_why;
   struct check_var *var;   /* the variable the value is read from */
   bool whole_var;         /* the expression is exactly that variable */
   const char *member;     /* exactly this member of an interface block */
};

struct check {
   struct glsl_parse_state *st;
   void *mem;
   /* What only the check needs (symbols, scopes, variables, signatures,
    * their tables): freed when glsl_check returns, so that a shader kept
    * for linking keeps only its syntax tree and types.  check_tmp_alloc
    * carves zeroed memory from chunks under it. */
   void *tmp;
   char *tmp_chunk;
   size_t tmp_left;
   struct check_scope *scope;
   struct check_scope *global;
   int depth;
   /* loop statements (their conditions and steps too) and switch
    * bodies around */
   int repeat_depth;
   bool too_deep_reported; /* "nested too deeply" said once */
   /* current function */
   struct check_func *func;
   int loop_depth, switch_depth;
   bool builtin_funcs_hidden_by_user; /* name-level hiding handled per name */
   struct hash_table *builtin_types;  /* name -> type for gl_* structs */
   struct hash_table *builtin_vars;   /* name -> check_var (lazily made) */
   /* Interface block names -> the kinds declared with that name, as
    * bits: 1 uniform, 2 buffer, 4 in, 8 out. */
   struct hash_table *block_names;
   /* Built-in function name -> its table rows (glsl_check_builtins.c). */
   struct hash_table *builtin_func_rows;
   /* Large structure/block types -> member name -> index + 1. */
   struct hash_table *field_index;
   /* Geometry shader input sizing and default layouts. */
   int gs_in_size;          /* vertices per input primitive, 0 unknown */
   int gs_in_explicit;      /* first explicit input array size, 0 none */
   bool gs_length_unsized;  /* length() of an unsized input seen */
   int gs_out_prim;         /* index in the output primitive list + 1 */
   int gs_max_vertices;     /* -1 unknown */
   int gs_invocations;      /* 0 unknown */
   int gs_out_stream;       /* default output stream */
   /* Tessellation layouts: vertices per patch (0 unknown), the size of
    * the first explicitly sized per-vertex output, evaluation input
    * layouts (index + 1, 0 unset). */
   int tcs_vertices, tcs_out_size;
   int tes_mode, tes_spacing, tes_order;
   int if_depth;            /* ifs around the statement being checked */
   bool main_returned;      /* a return was seen in main() */
   /* Explicit locations of inputs (0) and outputs (1): [first, end). */
   struct { int first, end; } locs[2][64];
   unsigned nlocs[2];
   struct ast_layout_id *cur_layout; /* of the declaration being checked */
   /* gl_PerVertex redeclarations (bit 0: out, bit 1: in). */
   unsigned per_vertex_done;
   /* Checking a variable chain whose value is not read: the target of
    * an assignment, or the array whose length() is taken. */
   bool not_read;
   /* Compute local size from "layout(local_size_*) in;" (0: not yet). */
   int64_t cs_local_size[3];
   /* Transform feedback (glsl_check_layout.c): the default xfb_buffer of
    * outputs and, per buffer, the declared stride (0: none), the end of
    * the furthest captured output and the captured byte ranges. */
   unsigned xfb_cur_buffer;
   struct {
      int64_t stride, end;
      struct { int64_t first, end; } used[32];
      unsigned nused;
   } xfb[4];
};

static inline bool
type_is_error(const struct glsl_type *t)
{
   return !t || t->base_type == GLSL_TYPE_ERROR;
}

#define check_error(c, n, ...) \
   glsl_log_error(&(c)->st->log, (n)->line, (n)->col, __VA_ARGS__)

/*
 * Shared internals.  Every function named check_* is shared through this
 * header, which lists them by the file of their rule family
 * (glsl_check_<family>.c; most carry the family in their name,
 * check_<family>_...); file-local helpers never start with check_, and
 * the checker's private types are named check_* too.
 */

/* glsl_check_scope.c: scopes, symbols, reserved names, default float
 * precision; the check's own memory (struct check::tmp). */
void *check_tmp_alloc(struct check *c, size_t size);
void check_push_scope(struct check *c);
void check_pop_scope(struct check *c);
struct check_sym *check_lookup(struct check *c, const char *name);
struct check_var *check_lookup_var(struct check *c, const char *name);
bool check_declare(struct check *c, const char *name, struct check_sym *sym,
                   struct ast_node *where);
void check_scope_reserved_name(struct check *c, const char *name,
                               struct ast_node *n);
void check_scope_float_precision(struct check *c, struct ast_node *n,
                                 unsigned q, const struct glsl_type *t);
void check_scope_set_opaque_precision(struct check *c,
                                      const struct glsl_type *t);
void check_scope_opaque_precision(struct check *c, struct ast_node *n,
                                  unsigned q, const struct glsl_type *t);

/* glsl_check_builtins.c: built-in variables, types and function names;
 * redeclaring built-ins and gl_PerVertex. */
const struct glsl_type *check_type_from_string(struct check *c, const char *s);
struct check_var *check_builtin_var(struct check *c, const char *name);
bool check_builtin_func_name(struct check *c, const char *name);
/* The untabled built-in of this name (glsl_builtins.py), or NULL, and
 * whether it exists in this version with these extensions. */
const struct glsl_untabled_func *check_untabled_func(const char *name);
bool check_untabled_available(struct check *c,
                              const struct glsl_untabled_func *u);
const unsigned *check_builtin_func_rows(struct check *c, const char *name,
                                        unsigned *count);
bool check_builtin_var_tabled(const char *name);
bool check_any_extension_on(struct check *c);
bool check_builtin_is_per_vertex_member(const char *name);
bool check_builtin_redeclarable(struct check *c, const char *name);
void check_builtin_redeclare(struct check *c, struct ast_node *d, unsigned q,
                             const struct glsl_type *t,
                             const struct check_var *b);
bool check_builtin_per_vertex_block(struct check *c, struct ast_node *n,
                                    unsigned q);

/* glsl_check_types.c: type specifiers, array dimensions, structures. */
const struct glsl_type *check_resolve_type(struct check *c, struct ast_type *t,
                                           struct ast_node *where);
const struct glsl_type *check_apply_dims(struct check *c,
                                         const struct glsl_type *t,
                                         struct ast_list *dims,
                                         bool allow_unsized);
bool check_is_integer_or_double(const struct glsl_type *t);
/* The index of a structure or block member, -1 when there is none
 * (hashed for large types). */
int check_field_index(struct check *c, const struct glsl_type *t,
                      const char *name);
/* Counts one more use of name in names; returns the uses before it. */
unsigned check_count_name(struct hash_table *names, const char *name);

/* glsl_check_decl.c: declarations (not blocks) and their qualifiers. */
void check_declaration(struct check *c, struct ast_node *n, bool global);
void check_qualifier_order(struct check *c, struct ast_node *n,
                           const struct ast_type *t);
void check_sample_qualifier(struct check *c, struct ast_node *n, unsigned q);

/* glsl_check_block.c: interface blocks and block-only qualifiers. */
void check_block(struct check *c, struct ast_node *n);
void check_block_layout_placement(struct check *c, struct ast_node *d,
                                  const struct ast_type *at, unsigned q,
                                  const struct glsl_type *t);
void check_block_default_layout(struct check *c, struct ast_node *n);
void check_buffer_read(struct check *c, struct ast_node *n, const char *name,
                       unsigned qual, const struct glsl_type *t);

/* glsl_check_layout.c: layout qualifier values and repeats, defaults,
 * which layouts a variable takes, offset/align in blocks, compute local
 * size, gl_FragDepth; the shared layout-list helpers. */
void check_layout_default(struct check *c, struct ast_node *n, unsigned q);
/* glsl_check_blend.c: layout(blend_support_*) (KHR_blend_equation_advanced).
 * check_blend_support_default returns true when the declaration has such
 * a qualifier (then it is checked entirely there). */
bool check_blend_support_default(struct check *c, struct ast_node *n,
                                 unsigned q);
void check_blend_support_variable(struct check *c, struct ast_node *n);
void check_layout_variable(struct check *c, struct ast_node *n, unsigned q);
void check_layout_declarator(struct check *c, struct ast_node *d,
                             struct ast_type *at, unsigned q,
                             const struct glsl_type *t);
void check_layout_block(struct check *c, struct ast_node *n,
                        const struct glsl_struct_field *fields,
                        unsigned nfields);
void check_layout_builtin_use(struct check *c, struct ast_node *ident);
void check_layout_frag_depth(struct check *c, struct ast_node *d,
                             struct check_var *frag_depth);
/* The last entry of that name (GLSL 4.40: the last one counts). */
struct ast_layout_id *check_layout_find(struct ast_layout_id *list,
                                        const char *name);
/* Evaluates an entry's value once (a non-negative integral constant). */
void check_layout_eval(struct check *c, struct ast_node *where,
                       struct ast_layout_id *l);
/* An evaluated entry's value, false when absent or unknown. */
bool check_layout_int(struct ast_layout_id *l, int64_t *v);

static inline int64_t
check_round_up(int64_t v, int64_t a)
{
   return a > 1 ? (v + a - 1) / a * a : v;
}

/* glsl_check_location.c: locations, components, indices, block
 * locations. */
void check_location_declarator(struct check *c, struct ast_node *d,
                               struct ast_layout_id *list, unsigned q,
                               const struct glsl_type *t);
void check_location_es_component(struct check *c, struct ast_node *n,
                                 struct ast_layout_id *list);
void check_location_overlap(struct check *c, struct ast_node *d,
                            struct ast_type *at, unsigned q,
                            const struct glsl_type *t);
void check_location_block(struct check *c, struct ast_node *n,
                          const struct glsl_struct_field *fields,
                          unsigned nfields);
void check_location_struct_member(struct check *c, struct ast_node *m);

/* glsl_check_xfb.c: transform feedback. */
void check_xfb_default(struct check *c, struct ast_node *n);
void check_xfb_variable(struct check *c, struct ast_node *n);
void check_xfb_declarator(struct check *c, struct ast_node *d,
                          struct ast_layout_id *list,
                          const struct glsl_type *t);
void check_xfb_block(struct check *c, struct ast_node *n,
                     const struct glsl_struct_field *fields, unsigned nfields);

/* glsl_check_geom.c: geometry primitives, streams, input sizing. */
/* Copies the geometry layouts seen into st->gs (for the linker). */
void check_geom_record_layout(struct check *c);
void check_geom_default_layout(struct check *c, struct ast_node *n, bool in);
bool check_geom_is_default_only(const char *name);
void check_geom_input_array(struct check *c, struct ast_node *where,
                            const struct glsl_type **t);
void check_geom_member_stream(struct check *c, struct ast_node *block,
                              struct ast_node *m, unsigned q);

/* glsl_check_tess.c: tessellation stages. */
bool check_tess_per_vertex(struct check *c, unsigned q);
void check_tess_default_layout(struct check *c, struct ast_node *n, bool in);
void check_tess_io_var(struct check *c, struct ast_node *d, unsigned q,
                       const struct glsl_type **t);
bool check_tess_block(struct check *c, struct ast_node *n, unsigned q,
                      bool per_vertex_block);
bool check_tess_length_known(struct check *c, struct ast_node *n,
                             const struct check_var *v);
void check_tess_output_write(struct check *c, struct ast_node *lhs,
                             const struct check_var *v);
void check_tess_barrier(struct check *c, struct ast_node *n);

/* glsl_check_images.c: images, memory qualifiers, formats. */
bool check_is_image_format(const char *name);
void check_early_fragment_tests(struct check *c, struct ast_node *n);
int check_image_declaration(struct check *c, struct ast_node *d,
                            const struct ast_type *at, unsigned q,
                            const struct glsl_type *t);
void check_image_param(struct check *c, struct ast_node *p, unsigned q,
                       const struct glsl_type *t);
void check_image_call(struct check *c, struct ast_node *n, const char *name,
                      const struct check_func *user,
                      const struct check_value *args, unsigned nargs);

/* glsl_check_subroutine.c: subroutine types, functions and uniforms. */
struct check_func *check_subroutine_type(struct check *c, const char *name);
bool check_subroutine_function(struct check *c, struct ast_node *fn,
                               struct check_func *sig);
void check_subroutine_overload(struct check *c, struct ast_node *fn,
                               const struct check_func *sigs,
                               const struct check_func *sig);
void check_subroutine_variable(struct check *c, struct ast_node *n,
                               struct ast_node *d, unsigned q,
                               struct check_var *v);
struct check_value check_subroutine_call(struct check *c, struct ast_node *n,
                                         struct check_var *v,
                                         struct check_value *args,
                                         unsigned nargs);

/* glsl_check_func.c: function declarations and definitions. */
void check_function(struct check *c, struct ast_node *fn);

/* glsl_check_stmt.c: statements. */
void check_stmt(struct check *c, struct ast_node *n);

/* glsl_check_expr.c: operators, l-values, swizzles, fields, indexing,
 * folding of operators, initializers. */
struct check_value check_expr(struct check *c, struct ast_node *n);
struct check_value check_expr_error(void);
struct check_value check_rvalue(const struct glsl_type *t, bool is_const);
const char *check_type_name(struct check *c, const struct glsl_type *t);
/* v is assigned here (an assignment, ++/--, an out argument): marks its
 * declaration when this is in a loop or switch the declaration is not. */
void check_note_write(struct check *c, struct check_var *v);
bool check_require_lvalue(struct check *c, struct ast_node *n,
                          struct check_value *e, const char *what);
struct check_value check_initializer(struct check *c, struct ast_node *init,
                                     const struct glsl_type *type);
bool check_const_int(struct check *c, struct ast_node *n, int64_t *value,
                     bool *known);

/* glsl_check_access.c: swizzles, member selection, indexing. */
struct check_value check_access_field(struct check *c, struct ast_node *n);
struct check_value check_access_index(struct check *c, struct ast_node *n);

/* glsl_check_convert.c: implicit conversions. */
bool check_base_converts(struct check *c, enum glsl_base_type from,
                         enum glsl_base_type to);
bool check_can_convert(struct check *c, const struct glsl_type *from,
                       const struct glsl_type *to);
struct check_value check_convert(struct check *c, struct check_value e,
                                 const struct glsl_type *to);
double check_comp_as_double(enum glsl_base_type b, const struct check_cval *v,
                            unsigned i);
void check_convert_value(struct check_cval *v, enum glsl_base_type from,
                         enum glsl_base_type to, unsigned n);

/* glsl_check_constructor.c: constructors. */
struct check_value check_constructor(struct check *c, struct ast_node *n,
                                     const struct glsl_type *t,
                                     struct check_value *args, unsigned nargs);

/* glsl_check_calls.c: calls, overloads, length(), recursion. */
struct check_value check_call(struct check *c, struct ast_node *n);
struct check_value check_method(struct check *c, struct ast_node *n);
void check_note_call(struct check *c, struct check_func *callee);
void check_add_call_edge(struct check *c, struct check_func *caller,
                         struct check_func *callee);
void check_recursion(struct check *c);

/* glsl_check_texture.c, glsl_check_interpolate.c, glsl_check_fold.c:
 * constant texture arguments, interpolants, folding of built-ins. */
void check_texture_call(struct check *c, struct ast_node *n, const char *name,
                        const struct check_value *args, unsigned nargs);
void check_interpolant(struct check *c, struct ast_node *n, const char *name,
                       const struct check_value *args, unsigned nargs);
/* Folds a binary operator (linear: a matrix or matrix-vector product). */
bool check_fold_operator(int op, const struct glsl_type *rt, bool linear,
                         struct check_value *a, struct check_value *b,
                         struct check_cval *out);
bool check_fold_builtin(const char *name, const struct glsl_type *ret,
                        const struct check_value *args, unsigned nargs,
                        struct check_cval *out);

#endif
