/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * AST to NIR, shared by glsl_to_nir*.c.
 *
 * The checker has already accepted the tree and left the type of every
 * expression and declarator in ast_node.vtype; the translator resolves
 * names itself (its own scopes), picks overloads again from the argument
 * types, and adds the implicit conversions the checker allowed.
 *
 * Values: a basic value (scalar, vector, matrix) is SSA: one def per
 * column.  An aggregate (array, structure) always lives in storage and is
 * passed around as a deref; copying one copies its leaves.  Anything that
 * must be indexed but is not in storage is first spilled to a temporary.
 *
 * Functions are inlined at each call (NIR here has no calls): parameters
 * become temporaries, a return inside the inlined body stores the result
 * and sets a flag, under which the rest of the body is skipped
 * (glsl_to_nir_return.c).
 */
#ifndef GLSL_TO_NIR_PRIV_H
#define GLSL_TO_NIR_PRIV_H

#include "glsl_state.h"
#include "glsl_to_nir.h"
#include "nir_builder.h"
#include "util/hash_table.h"
#include "util/ralloc.h"
#include "util/u_dynarray.h"
#include "util/u_math.h"

/* Call chains are bounded (GLSL has no recursion, so this only bounds
 * the translator's own stack: a few kB a level). */
#define G2N_MAX_INLINE_DEPTH 256
/* early returns lowered to nested guards (glsl_to_nir_return.c) */
#define G2N_MAX_RETURN_GUARDS 64
/* Inlining doubles code per level when a function calls another twice:
 * a budget of inlined calls turns such shaders into a link error rather
 * than exhausting memory. */
#define G2N_MAX_INLINED_CALLS 20000

struct g2n_val {
   const struct glsl_type *type;
   nir_def *col[4];            /* basic types: columns (one for vectors) */
   nir_deref_instr *deref;     /* arrays and structures */
};

/* Which memory a block-like l-value names (g2n_lval.mem). */
enum g2n_mem {
   G2N_MEM_UBO,
   G2N_MEM_SSBO,
   G2N_MEM_SHARED,
};

/* Something that can be stored to: a deref, optionally narrowed by a
 * swizzle of the vector it names. */
struct g2n_lval {
   const struct glsl_type *type;  /* of the expression */
   nir_deref_instr *deref;
   const struct glsl_type *dtype; /* of the deref */
   unsigned swz[4];
   unsigned nswz;                 /* 0: the whole deref */
   /* v.zyx[i] with i not constant: the component swz[dyn_index] */
   nir_def *dyn_index;
   /* The instance of an input/output block (FIELD picks a member). */
   struct g2n_sym *io_block;
   /* ... an element of an array of blocks (geometry inputs, arrays of
    * arrays): the indices, outermost first */
   nir_def *io_index[4];
   unsigned io_nindex;
   /* A local kept as an SSA value (g2n_sym.ssa): no deref. */
   struct g2n_sym *ssa;
   /* In a uniform block: read with load_ubo at this byte offset. */
   bool ubo;
   int ubo_block;
   nir_def *ubo_offset;
   bool ubo_rm;                   /* matrices in it are row-major */
   const bool *ubo_rm_fields;     /* a block instance: per member */
   unsigned ubo_col_stride;       /* a row-major column: component step */
   unsigned ubo_array_len;        /* an array of blocks, not yet indexed */
   const struct glsl_type *ubo_array_type; /* ... its array type */
   nir_def *ubo_block_dyn;        /* blocks from ubo_block, by indices */
   /* ubo set: a storage block or shared memory instead of a uniform
    * block (glsl_to_nir_ssbo.c), with the std430 rules when std430. */
   enum g2n_mem mem;
   bool std430;
};

/* A name in scope. */
struct g2n_sym {
   const struct glsl_type *type;
   nir_variable *var;
   nir_deref_instr *alias;     /* opaque in parameters: the argument */
   /* The deref_var of `var` made last (g2n_var_deref), reused while the
    * builder appends to the same block. */
   nir_deref_instr *var_deref;
   /* A local scalar or vector that no loop or switch assigns unless it
    * is declared in it too (glsl_to_nir_ssa.c): no variable, its value
    * is ssa_val (NULL until assigned: undefined). */
   bool ssa;
   nir_def *ssa_val;
   /* ssa: the ifs around its declaration (g2n.ssa_joins), and scratch of
    * the join being merged */
   unsigned join_depth;
   unsigned join_gen, join_slot;
   int field;                  /* member of an anonymous block, else -1 */
   nir_intrinsic_op sysval;    /* system value (var NULL), else 0 */
   bool is_sysval;
   int var_index;              /* in g2n.vars, else -1 */
   /* An input/output block instance: one variable per member. */
   nir_variable **io_members;
   int *io_member_index;       /* their g2n.vars indices */
   bool io_builtin;            /* gl_in: members by name, made lazily */
   /* Uniform block members (or a block instance). */
   bool is_ubo;
   int ubo_block;
   unsigned ubo_offset;
   bool ubo_rm;
   const bool *ubo_rm_fields;
   unsigned ubo_array_len;     /* an array of blocks: its length */
   const struct glsl_type *ubo_array_type; /* ... and its array type */
   enum g2n_mem mem;           /* is_ubo: which memory */
   bool std430;
   /* An atomic_uint parameter: the counter the argument names. */
   struct g2n_lval *mem_alias;
   /* Globals: the declarator, its shader and qualifiers. */
   struct ast_node *decl;
   struct glsl_parse_state *decl_st;
   unsigned qual;
   /* GLSL ES: the declared or default precision (AST_Q_HIGHP/MEDIUMP/
    * LOWP; 0: unknown, taken as highp) */
   unsigned prec;
};

struct g2n_scope {
   struct hash_table *names;
   struct g2n_scope *up;
};

enum g2n_jump_kind {
   G2N_JUMP_LOOP,
   G2N_JUMP_SWITCH,
   G2N_JUMP_INLINE,
};

/* Innermost-first stack of what break / continue / return leave. */
struct g2n_jump {
   enum g2n_jump_kind kind;
   nir_variable *flag;         /* switch: continue seen; inline: returned */
   nir_variable *retval;       /* inline: the result */
   const struct glsl_type *ret_type;
   /* inline, when the body's only return ends it (no flag, no loop, no
    * retval): the returned value */
   bool straight;
   /* inline with too many returns for guards: the body is a one-trip
    * loop that `return` breaks out of */
   bool loop;
   struct g2n_val ret;
   /* g2n::break_flag outside this loop, switch or function */
   nir_variable *saved_break_flag;
   struct g2n_jump *up;
};

struct g2n_func {
   struct ast_node *fn;
   struct glsl_parse_state *st;  /* the shader defining it */
   const char *name;
   unsigned nparams;
   /* The default precisions in force where the definition stands (GLSL
    * ES 1.00 4.5.3: a precision statement applies from where it appears
    * to the end of its scope), for its parameters and body. */
   unsigned default_prec_float, default_prec_int;
   /* 1 when the body's only return is its last statement (or it has
    * none) and the result is not an aggregate, -1 when not, 0 unknown */
   int straight;
   struct g2n_func *next;      /* same name */
};

struct g2n {
   void *mem;
   bool has_tex;               /* a texture instruction was made */
   nir_shader *shader;
   nir_builder b;
   struct glsl_parse_state *st;
   gl_shader_stage stage;
   struct g2n_scope *scope;
   struct g2n_scope *global;
   struct hash_table *funcs;   /* name -> struct g2n_func list */
   struct hash_table *builtins; /* name -> struct g2n_sym (made lazily) */
   /* The built-in function table by name (g2n_builtin_rows; lazily) */
   struct hash_table *builtin_func_index;
   /* glsl_type -> nir_vtype, [bool_as_uint] (g2n_vtype; made lazily) */
   struct hash_table *vtypes[2];
   struct g2n_jump *jumps;
   /* The "broken" flag of the innermost switch lowered to ifs, when no
    * loop lies between it and the cursor: `break` raises it instead of
    * jumping (glsl_to_nir_switch.c); NULL otherwise. */
   nir_variable *break_flag;
   unsigned inline_depth;
   unsigned inlined_calls;
   struct util_dynarray vars;  /* struct glsl_nir_var */
   struct util_dynarray blocks; /* struct glsl_nir_block */
   /* Default precisions at the current global declaration (GLSL ES
    * 4.5.3): AST_Q_HIGHP/MEDIUMP/LOWP or 0 when none. */
   unsigned default_prec_float, default_prec_int;
   /* GLSL ES 3.00 4.5.2: the precision of the expression translated last
    * (expr_prec) and the highest of the direct operands of the one being
    * translated (operand_prec), as G2N_PREC_* ranks. */
   unsigned expr_prec, operand_prec;
   bool ubo_row_major_default;  /* layout(row_major) uniform; */
   bool ubo_std140_default;     /* layout(std140) uniform; */
   unsigned gs_vertices_in;     /* geometry: vertices per input primitive */
   int gs_out_stream;           /* geometry: the default output stream */
   /* The size an output redeclaration of gl_ClipDistance (and of
    * gl_CullDistance) gives it, 0 when none does (g2n_note_clip_distance). */
   int clip_distance_size, cull_distance_size;
   struct util_dynarray ssbos;  /* struct glsl_nir_block: storage blocks */
   bool ssbo_row_major_default; /* layout(row_major) buffer; */
   bool ssbo_std430_default;    /* layout(std430) buffer; */
   unsigned shared_size;        /* bytes of shared variables so far */
   struct util_dynarray counters; /* struct glsl_nir_counter */
   unsigned abo_next_offset[G2N_MAX_ABO_BINDINGS];
   /* every shader of the stage (glsl_to_nir's arguments) */
   struct glsl_parse_state *const *stage_shaders;
   unsigned num_stage_shaders;
   /* g2n_implicit_array_size: name -> 1 + largest constant index, over
    * the stage's shaders and index_sizes_extra (a shader outside them),
    * made by one walk at the first call; NULL until then */
   struct hash_table *index_sizes;
   const struct glsl_parse_state *index_sizes_extra;
   /* Set while a declaration statement of a compound statement's list
    * is translated: its locals may be SSA values (glsl_to_nir_ssa.c);
    * g2n_local_decl takes it. */
   bool ssa_decl_ok;
   /* ifs being translated, and the assignments to SSA locals declared
    * outside the innermost one (struct g2n_ssa_undo) since the outermost
    * began; glsl_to_nir_ssa.c */
   unsigned ssa_joins;
   struct util_dynarray ssa_log;
   unsigned ssa_gen;
   bool failed;
   char *error;
};

/* glsl_to_nir.c */
void g2n_fail(struct g2n *c, const struct ast_node *n, const char *fmt,
              ...);
void g2n_push_scope(struct g2n *c);
void g2n_pop_scope(struct g2n *c);
/* The block the builder appends to when its cursor is at the end of one
 * (instructions made earlier in it dominate what comes next), else NULL. */
nir_block *g2n_append_block(struct g2n *c);
void g2n_declare(struct g2n *c, const char *name, struct g2n_sym *sym);
struct g2n_sym *g2n_lookup(struct g2n *c, const char *name);

/* glsl_to_nir_vars.c */
nir_deref_instr *g2n_var_deref(struct g2n *c, struct g2n_sym *sym);
const nir_vtype *g2n_vtype(struct g2n *c, const struct glsl_type *t,
                           bool bool_as_uint);
nir_variable *g2n_temp(struct g2n *c, const struct glsl_type *t,
                       const char *name);
void g2n_global_decl(struct g2n *c, struct ast_node *n);
void g2n_global_declarator(struct g2n *c, struct ast_node *n,
                           struct ast_node *d);
/* "layout(stream = s) out;" of a geometry shader: the stream of the
 * outputs declared after it (GLSL 4.00 4.4.2.2). */
void g2n_geom_default_stream(struct g2n *c, struct ast_node *n);
void g2n_local_decl(struct g2n *c, struct ast_node *n);
struct g2n_sym *g2n_builtin_var(struct g2n *c, const char *name);
int g2n_implicit_array_size(struct g2n *c, const char *name);
/* A built-in output redeclaration: keeps gl_ClipDistance's and
 * gl_CullDistance's sizes. */
void g2n_note_clip_distance(struct g2n *c, const char *name,
                            const struct glsl_type *t);
/* The size of the stage's gl_ClipDistance (cull: gl_CullDistance)
 * output, 0 when unused. */
unsigned g2n_distance_size(struct g2n *c, bool cull);
bool g2n_intrastage_conflict(struct g2n *c, struct ast_node *d,
                             struct g2n_sym *ps, const struct glsl_type *t,
                             unsigned q);
struct g2n_val g2n_load(struct g2n *c, nir_deref_instr *d,
                        const struct glsl_type *t);
void g2n_store(struct g2n *c, nir_deref_instr *d, const struct glsl_type *t,
               struct g2n_val v);
/* Member i of the aggregate t stored at d (an array element or a
 * structure field), its type in *et; NULL past a structure's last field. */
nir_deref_instr *g2n_member_deref(nir_builder *b, nir_deref_instr *d,
                                  const struct glsl_type *t, unsigned i,
                                  const struct glsl_type **et);
struct g2n_val g2n_load_lval(struct g2n *c, const struct g2n_lval *lv);
void g2n_store_lval(struct g2n *c, const struct g2n_lval *lv,
                    struct g2n_val v);
/* Storage holding v (v's own deref for aggregates, else a temporary). */
nir_deref_instr *g2n_spill(struct g2n *c, struct g2n_val v);

/* glsl_to_nir_ssa.c: locals as SSA values.  Whether the local or
 * parameter `decl` of type t can be one. */
bool g2n_ssa_local_ok(const struct ast_node *decl, const struct glsl_type *t);
/* A scalar or vector of float, int, uint or bool: one nir_def. */
bool g2n_ssa_type_ok(const struct glsl_type *t);
struct g2n_val g2n_ssa_load(struct g2n *c, struct g2n_sym *sym);
/* Stores v through lv (lv->ssa set): a new value of the local. */
void g2n_ssa_store(struct g2n *c, const struct g2n_lval *lv,
                   struct g2n_val v);
/* A new SSA local or parameter: where it is declared. */
void g2n_ssa_declare(struct g2n *c, struct g2n_sym *sym);
/* Around an if (statement, ?:, && or ||) whose branches may assign SSA
 * locals: begin before nir_push_if, mid after the then branch, end after
 * nir_pop_if; the values at the join become phis. */
struct g2n_ssa_join {
   size_t mark, else_mark;      /* ssa_log sizes */
   struct util_dynarray merges; /* struct g2n_ssa_merge */
};
void g2n_ssa_join_begin(struct g2n *c, struct g2n_ssa_join *j);
void g2n_ssa_join_mid(struct g2n *c, struct g2n_ssa_join *j);
void g2n_ssa_join_end(struct g2n *c, struct g2n_ssa_join *j, nir_if *nif);

/* glsl_to_nir_fold.c: folds the constant part of a boolean condition
 * (*d may become a load_const); 1 or 0 when it is constant, else -1. */
int g2n_fold_bool(struct g2n *c, nir_def **d);

/* glsl_to_nir_prec.c: precision qualifiers (GLSL ES 3.00 4.5) */
enum {
   G2N_PREC_NONE,   /* constants: no precision of their own */
   G2N_PREC_LOW,    /* lowp and mediump */
   G2N_PREC_HIGH,   /* highp, unknown, and all of desktop GLSL */
};
/* The precision a declaration with qualifiers q and type t gets: its own
 * or the default in effect (AST_Q_* bits, 0 when none is known). */
unsigned g2n_decl_prec(struct g2n *c, unsigned q, const struct glsl_type *t);
/* The rank of what the l-value expression n reads. */
unsigned g2n_lval_prec(struct g2n *c, const struct ast_node *n);
/* The rank of expression n, whose direct operands had rank `operands`. */
unsigned g2n_node_prec(struct g2n *c, const struct ast_node *n,
                       unsigned operands);
/* Marks the ALU instructions emitted next as mediump when an operation
 * of rank `rank` on (or giving) values of base type `base` may be
 * computed at 16 bits; g2n_prec_end stops. */
void g2n_prec_begin(struct g2n *c, unsigned rank, enum glsl_base_type base);
void g2n_prec_end(struct g2n *c);
/* min, max, mix ...: built-ins whose arithmetic follows the arguments */
bool g2n_builtin_follows_arguments(const char *name);
static inline unsigned
g2n_prec_max(unsigned a, unsigned b)
{
   return a > b ? a : b;
}

/* glsl_to_nir_expr.c */
struct g2n_val g2n_expr(struct g2n *c, struct ast_node *n);
bool g2n_lvalue(struct g2n *c, struct ast_node *n, struct g2n_lval *lv);
struct g2n_val g2n_convert(struct g2n *c, struct g2n_val v,
                           const struct glsl_type *to);
struct g2n_val g2n_initializer(struct g2n *c, struct ast_node *init,
                               const struct glsl_type *t);
struct g2n_val g2n_basic(const struct glsl_type *t, nir_def *v);
/* Components of a basic value, column-major, as scalars. */
unsigned g2n_components(struct g2n *c, struct g2n_val v, nir_def **out);
struct g2n_val g2n_binop(struct g2n *c, int op, struct g2n_val a,
                         struct g2n_val b, const struct glsl_type *rt);
nir_def *g2n_bool(struct g2n *c, struct g2n_val v);

/* glsl_to_nir_stmt.c */
void g2n_stmt(struct g2n *c, struct ast_node *n);
void g2n_stmt_list(struct g2n *c, struct ast_list *l);
/* The statements from first up to end (exclusive, NULL: the list's end);
 * decls: their declarations may be values (glsl_to_nir_ssa.c). */
void g2n_stmt_run(struct g2n *c, struct ast_node *first,
                  struct ast_node *end, bool decls);
/* After closing a NIR loop inside an inlined function: leave the next
 * loop out too when the function returned. */
void g2n_after_loop(struct g2n *c);
/* Nothing placed at the cursor could run (after a jump). */
bool g2n_block_done(struct g2n *c);
/* Control cannot reach the end of block (it ends in a jump, or is empty
 * after an if both of whose branches do). */
bool g2n_block_unreachable_end(nir_block *block);

/* glsl_to_nir_switch.c: translates a switch on sel as ifs, with flags
 * for fall-through and for a `break` not ending its case; false (nothing
 * emitted) when it cannot (statements before the first label, too many
 * breaks to guard).  breaks_out: statement n holds a `break` leaving
 * the switch it is in. */
bool g2n_switch_as_ifs(struct g2n *c, struct ast_node *n,
                       struct g2n_val sel);
bool g2n_breaks_out(const struct ast_node *n);

/* glsl_to_nir_return.c: early returns of an inlined body as a flag and
 * ifs.  is_flag: a `return` here raises the flag and jumps nowhere;
 * needs_guard: what follows statement n must run under a guard (it may
 * return, or break out of a switch made ifs), which begin/end open and
 * close; stopped: the flags raised when control left (NULL: none can
 * be). */
struct g2n_return_guard {
   nir_if *nif;
   struct g2n_ssa_join join;
};
bool g2n_return_is_flag(const struct g2n *c);
bool g2n_return_needs_guard(const struct g2n *c, const struct ast_node *n);
nir_def *g2n_return_stopped(struct g2n *c, const struct ast_node *n);
void g2n_return_guard_begin(struct g2n *c, struct g2n_return_guard *g,
                            const struct ast_node *n);
void g2n_return_guard_end(struct g2n *c, struct g2n_return_guard *g);

/* glsl_to_nir_walk.c: statements of some kinds under a statement.  The
 * walk counts the statements whose kind is in find (not looking inside
 * them), enters the children of those whose kind is in enter (a
 * compound's or switch's list, both branches of an if, the body of a
 * loop) and passes over every other one; it stops counting at cap (a
 * tree too deep to walk counts as cap). */
#define G2N_AST_BIT(kind) (UINT64_C(1) << (kind))
/* every statement that holds statements */
#define G2N_AST_ANY_BODY                                                   \
   (G2N_AST_BIT(AST_COMPOUND) | G2N_AST_BIT(AST_SWITCH) |                  \
    G2N_AST_BIT(AST_IF) | G2N_AST_BIT(AST_WHILE) | G2N_AST_BIT(AST_DO) |   \
    G2N_AST_BIT(AST_FOR))
struct g2n_walk {
   uint64_t find, enter;
   unsigned cap;
};
unsigned g2n_walk_count(const struct ast_node *n, const struct g2n_walk *w);
/* Whether n holds any statement of find (g2n_walk_count with cap 1). */
bool g2n_walk_finds(const struct ast_node *n, uint64_t find, uint64_t enter);

/* glsl_to_nir_func.c */
struct g2n_val g2n_call(struct g2n *c, struct ast_node *n);
struct g2n_val g2n_constructor(struct g2n *c, struct ast_node *n);

/* glsl_to_nir_builtins.c */
struct g2n_val g2n_builtin_call(struct g2n *c, struct ast_node *n);
/* The rows of glsl_builtin_funcs named name, in table order (an index
 * made on first use). */
const unsigned *g2n_builtin_rows(struct g2n *c, const char *name,
                                 unsigned *count);

/* glsl_link.c: type equality across shaders (structures and blocks by
 * name and members). */
bool link_types_match(const struct glsl_type *a, const struct glsl_type *b);
/* glsl_link.c: the locations a variable of type t takes. */
unsigned link_type_slots(const struct glsl_type *t);

/* glsl_to_nir_block.c: what uniform and storage blocks declare alike. */
struct g2n_block_decl {
   const char *kind;                /* "uniform" or "storage" */
   const struct glsl_type *type;    /* the interface type */
   const struct glsl_type *array;   /* an array of blocks: its type */
   unsigned count;                  /* blocks declared (1: no array) */
   int binding;                     /* layout(binding), else -1 */
   bool *row_major;                 /* per member */
   bool std430;                     /* else std140 */
};
/* The last of the layout names in l among names (its index), else -1. */
int g2n_last_layout(const struct ast_layout_id *l, const char *const *names,
                    unsigned n);
/* ... among row_major (0) and column_major (1). */
int g2n_last_matrix_layout(const struct ast_layout_id *l);
/* Blocks in an array type of blocks (1: NULL or not an array), 0 when a
 * size is unknown or there are more than 64. */
unsigned g2n_block_count(const struct glsl_type *at);
/* Type, array and binding of a block declaration; false after g2n_fail
 * when it cannot be translated. */
bool g2n_block_decl_init(struct g2n *c, struct ast_node *n, const char *kind,
                         struct g2n_block_decl *d);
/* d->row_major from the members' and block's layouts and the default. */
void g2n_block_matrix_layouts(struct g2n *c, struct ast_node *n,
                              struct g2n_block_decl *d, bool default_rm);
/* The index of the block's first element in list, entered when it is
 * new; -1 after g2n_fail when another shader of the stage declares it
 * differently (matrix layouts compared when match_matrix_layouts). */
int g2n_block_add(struct g2n *c, struct ast_node *n,
                  struct util_dynarray *list, const struct g2n_block_decl *d,
                  unsigned size_B, bool match_matrix_layouts);
/* Declares the instance name, else each member, reading `mem`. */
void g2n_block_declare(struct g2n *c, struct ast_node *n,
                       const struct g2n_block_decl *d, enum g2n_mem mem,
                       int index);

/* glsl_to_nir_ubo.c */
void g2n_ubo_block(struct g2n *c, struct ast_node *n);
void g2n_ubo_default_layout(struct g2n *c, struct ast_node *n);
void g2n_ubo_lval(struct g2n *c, struct g2n_sym *sym, struct g2n_lval *lv);
void g2n_ubo_index(struct g2n *c, struct g2n_lval *lv, nir_def *idx);
void g2n_ubo_field(struct g2n *c, struct g2n_lval *lv, unsigned i);
struct g2n_val g2n_ubo_load(struct g2n *c, const struct g2n_lval *lv);

/* glsl_to_nir_geom.c */
void g2n_geom_setup(struct g2n *c, struct glsl_parse_state *const *shaders,
                    unsigned num_shaders);
struct g2n_sym *g2n_geom_gl_in(struct g2n *c);
struct g2n_sym *g2n_geom_in_member(struct g2n *c, const char *name);
bool g2n_geom_call(struct g2n *c, struct ast_node *n);

/* glsl_to_nir_texture.c; g2n_sampler_dim: the NIR dimension of a sampler
 * or image type */
nir_sampler_dim g2n_sampler_dim(const struct glsl_type *t);
struct g2n_val g2n_texture_call(struct g2n *c, const char *name,
                                struct g2n_val *args, unsigned nargs,
                                const struct glsl_type *rt);

/* glsl_to_nir_image.c: imageLoad, imageStore, imageSize, imageAtomic* */
struct g2n_val g2n_image_call(struct g2n *c, const char *name,
                              struct g2n_val *args, unsigned nargs,
                              const struct glsl_type *rt);

/* glsl_to_nir_ssbo.c: storage blocks, shared variables, compute. */
void g2n_ssbo_block(struct g2n *c, struct ast_node *n);
void g2n_ssbo_default_layout(struct g2n *c, struct ast_node *n);
void g2n_shared_decl(struct g2n *c, struct ast_node *d,
                     const struct glsl_type *t);
/* uniform atomic_uint c; (layout(binding, offset)) */
void g2n_counter_decl(struct g2n *c, struct ast_node *d, struct ast_type *at,
                      const struct glsl_type *t);
void g2n_mem_lval(struct g2n *c, struct g2n_sym *sym, struct g2n_lval *lv);
struct g2n_val g2n_mem_load(struct g2n *c, const struct g2n_lval *lv);
void g2n_mem_store(struct g2n *c, const struct g2n_lval *lv,
                   struct g2n_val v);
/* x.length() of an unsized array at the end of a storage block, NULL
 * when x is not one. */
nir_def *g2n_mem_length(struct g2n *c, struct ast_node *x);
/* barrier(), memoryBarrier*() and atomic*() on buffer/shared memory:
 * true when n is one of them (*r: its value). */
bool g2n_mem_call(struct g2n *c, struct ast_node *n, struct g2n_val *r);
/* The compute stage's work-group size (info.workgroup_size) from the
 * shaders' layout(local_size_*) in; and the compute built-ins. */
void g2n_compute_setup(struct g2n *c, struct glsl_parse_state *const *sh,
                       unsigned n);
struct g2n_sym *g2n_compute_builtin(struct g2n *c, const char *name);

#endif
