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

/* Constant value of a scalar/vector/matrix (column-major components). */
struct cval {
   union {
      double f;
      int64_t i;
      bool b;
   } c[16];
};

struct glsl_var {
   const char *name;
   const struct glsl_type *type;
   unsigned qual;          /* AST_Q_* */
   int line;
   bool builtin;
   bool read_only;
   bool is_const;          /* constant expression when read */
   bool has_value;
   struct cval value;
   bool block_field;       /* member of an anonymous block */
   bool global;            /* declared at global scope (built-ins too) */
   /* subroutine uniforms: their subroutine type */
   const struct glsl_func_sig *subroutine_type;
   bool redeclared;
   bool written;
   bool used;              /* read or written by an expression */
   int redecl_layout;      /* built-ins: 1 + layout bits of the first
                              redeclaration, 0 none */
   int max_index;          /* 1 + largest constant index used */
   int image_format;       /* images: 1 + format index, 0 none */
};

struct glsl_func_sig {
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
   struct glsl_func_sig *next;
   /* Static call graph (user functions only), for recursion checks. */
   struct set *callee_set;
   struct util_dynarray callees;   /* struct glsl_func_sig * */
   unsigned visit;                 /* 0 new, 1 on the path, 2 done */
};

enum sym_kind {
   SYM_VAR,
   SYM_FUNC,
   SYM_TYPE,
};

struct glsl_sym {
   enum sym_kind kind;
   struct glsl_var *var;
   struct glsl_func_sig *sigs; /* SYM_FUNC: user signatures */
   const struct glsl_type *type;
};

struct scope {
   struct hash_table *names;
   struct scope *parent;
};

/* Result of checking an expression. */
struct expr {
   const struct glsl_type *type;
   bool is_const;
   bool has_value;
   struct cval val;
   bool lvalue;
   const char *not_lvalue_why;
   struct glsl_var *var;   /* the variable the value is read from */
   bool whole_var;         /* the expression is exactly that variable */
   const char *member;     /* exactly this member of an interface block */
};

struct check {
   struct glsl_parse_state *st;
   void *mem;
   struct scope *scope;
   struct scope *global;
   int depth;
   bool too_deep_reported; /* "nested too deeply" said once */
   /* current function */
   struct glsl_func_sig *func;
   int loop_depth, switch_depth;
   bool builtin_funcs_hidden_by_user; /* name-level hiding handled per name */
   struct hash_table *builtin_types;  /* name -> type for gl_* structs */
   struct hash_table *builtin_vars;   /* name -> glsl_var (lazily made) */
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

/* glsl_check_calls.c */
void check_note_call(struct check *c, struct glsl_func_sig *callee);
void check_add_call_edge(struct check *c, struct glsl_func_sig *caller,
                         struct glsl_func_sig *callee);
void check_recursion(struct check *c);

/* glsl_check_block_quals.c */
void check_block_qualifiers(struct check *c, struct ast_node *n);
void check_block_member_qualifiers(struct check *c, struct ast_node *m,
                                   unsigned block_q);
void check_block_layout_placement(struct check *c, struct ast_node *d,
                                  const struct ast_type *at, unsigned q,
                                  const struct glsl_type *t);
void check_block_default_layout(struct check *c, struct ast_node *n);
void check_buffer_read(struct check *c, struct ast_node *n, const char *name,
                       unsigned qual, const struct glsl_type *t);

/* glsl_check_images.c */
bool check_is_image_format(const char *name);
void check_early_fragment_tests(struct check *c, struct ast_node *n);
int check_image_declaration(struct check *c, struct ast_node *d,
                            const struct ast_type *at, unsigned q,
                            const struct glsl_type *t);
void check_image_param(struct check *c, struct ast_node *p, unsigned q,
                       const struct glsl_type *t);
void check_image_call(struct check *c, struct ast_node *n, const char *name,
                      const struct glsl_func_sig *user,
                      const struct expr *args, unsigned nargs);

/* glsl_check_texture.c */
void check_texture_call(struct check *c, struct ast_node *n, const char *name,
                        const struct expr *args, unsigned nargs);

/* glsl_check_tess.c */
bool check_tess_per_vertex(struct check *c, unsigned q);
void check_tess_default_layout(struct check *c, struct ast_node *n, bool in);
void check_tess_io_var(struct check *c, struct ast_node *d, unsigned q,
                       const struct glsl_type **t);
bool check_tess_block(struct check *c, struct ast_node *n, unsigned q,
                      bool per_vertex_block);
bool check_tess_length_known(struct check *c, struct ast_node *n,
                             const struct glsl_var *v);
void check_tess_output_write(struct check *c, struct ast_node *lhs,
                             const struct glsl_var *v);
void check_tess_barrier(struct check *c, struct ast_node *n);

void check_layout_es_component(struct check *c, struct ast_node *n,
                               struct ast_layout_id *list);

/* glsl_check_subroutine.c */
struct glsl_func_sig *check_subroutine_type(struct check *c,
                                            const char *name);
bool check_subroutine_function(struct check *c, struct ast_node *fn,
                               struct glsl_func_sig *sig);
void check_subroutine_overload(struct check *c, struct ast_node *fn,
                               const struct glsl_func_sig *sigs,
                               const struct glsl_func_sig *sig);
void check_subroutine_variable(struct check *c, struct ast_node *n,
                               struct ast_node *d, unsigned q,
                               struct glsl_var *v);
struct expr check_subroutine_call(struct check *c, struct ast_node *n,
                                  struct glsl_var *v, struct expr *args,
                                  unsigned nargs);

/* glsl_check_interpolate.c */
void check_interpolant(struct check *c, struct ast_node *n, const char *name,
                       const struct expr *args, unsigned nargs);

/* glsl_check_fold.c */
bool check_fold_builtin(const char *name, const struct glsl_type *ret,
                        const struct expr *args, unsigned nargs,
                        struct cval *out);

/* glsl_check.c */
int check_stream_value(struct check *c, struct ast_node *n,
                       const struct ast_layout_id *l);
void check_sample_qualifier(struct check *c, struct ast_node *n, unsigned q);
void check_qualifier_order(struct check *c, struct ast_node *n,
                           const struct ast_type *t);
struct glsl_sym *check_lookup(struct check *c, const char *name);
struct glsl_var *check_lookup_var(struct check *c, const char *name);
const struct glsl_type *check_resolve_type(struct check *c,
                                           struct ast_type *t,
                                           struct ast_node *where);
const struct glsl_type *check_apply_dims(struct check *c,
                                         const struct glsl_type *t,
                                         struct ast_list *dims,
                                         bool allow_unsized);
const struct glsl_type *check_type_from_string(struct check *c,
                                               const char *s);
void check_push_scope(struct check *c);
void check_pop_scope(struct check *c);
bool check_declare(struct check *c, const char *name, struct glsl_sym *sym,
                   struct ast_node *where);
void check_declaration(struct check *c, struct ast_node *n, bool global);
bool check_builtin_func_name(struct check *c, const char *name);

/* glsl_check_expr.c */
struct expr check_expr(struct check *c, struct ast_node *n);
bool check_can_convert(struct check *c, const struct glsl_type *from,
                       const struct glsl_type *to);
struct expr check_convert(struct check *c, struct expr e,
                          const struct glsl_type *to);
struct expr check_initializer(struct check *c, struct ast_node *init,
                              const struct glsl_type *type);
bool check_const_int(struct check *c, struct ast_node *n, int64_t *value,
                     bool *known);

/* glsl_check_layout.c */
void check_layout_default(struct check *c, struct ast_node *n, unsigned q);
void check_layout_values(struct check *c, struct ast_node *n, unsigned q);
void check_layout_declarator(struct check *c, struct ast_node *d,
                             struct ast_type *at, unsigned q,
                             const struct glsl_type *t);
void check_layout_block(struct check *c, struct ast_node *n,
                        const struct glsl_struct_field *fields,
                        unsigned nfields);
void check_layout_struct_member(struct check *c, struct ast_node *m);
void check_layout_builtin_use(struct check *c, struct ast_node *ident);
void check_layout_frag_depth(struct check *c, struct ast_node *d,
                             struct glsl_var *frag_depth);
int check_layout_location_slots(const struct glsl_type *t);
void check_layout_claim_locations(struct check *c, struct ast_node *where,
                                  const char *name, unsigned dir, int first,
                                  int end);

/* glsl_check_stmt.c */
void check_function(struct check *c, struct ast_node *fn);
void check_stmt(struct check *c, struct ast_node *n);

#endif
