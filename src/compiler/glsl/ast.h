/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The GLSL abstract syntax tree.
 *
 * One node struct for everything keeps the grammar actions short: a kind,
 * a source location, up to four children, a sibling link for lists, and
 * slots the semantic checker fills in (type, constant value).
 * Declarations carry an ast_type: qualifiers, the type specifier and array
 * dimensions as written.
 */
#ifndef GLSL_AST_H
#define GLSL_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/glsl_types.h"

enum ast_kind {
   /* expressions */
   AST_IDENT,
   AST_INT_CONST,
   AST_UINT_CONST,
   AST_FLOAT_CONST,
   AST_DOUBLE_CONST,
   AST_BOOL_CONST,
   AST_BINARY,      /* op, a, b */
   AST_UNARY,       /* op ('+', '-', '!', '~'), a */
   AST_PRE_INC,
   AST_PRE_DEC,
   AST_POST_INC,
   AST_POST_DEC,
   AST_ASSIGN,      /* op ('=' or the binary op of op=), a, b */
   AST_COND,        /* a ? b : c */
   AST_SEQUENCE,    /* a, b */
   AST_INDEX,       /* a[b] */
   AST_FIELD,       /* a.name */
   AST_CALL,        /* name(args) or type constructor: list */
   AST_METHOD,      /* a.name(list) */
   /* statements */
   AST_COMPOUND,    /* list; new_scope */
   AST_EXPR_STMT,   /* a (may be NULL) */
   AST_DECL_STMT,   /* a = declaration */
   AST_IF,          /* a cond, b then, c else */
   AST_SWITCH,      /* a, list body */
   AST_CASE,        /* a (NULL for default) */
   AST_WHILE,       /* a cond (expr or AST_COND_DECL), b body */
   AST_DO,          /* b body, a cond */
   AST_FOR,         /* a init stmt, b cond, c rest, d body */
   AST_COND_DECL,   /* type, name, a initializer */
   AST_BREAK,
   AST_CONTINUE,
   AST_RETURN,      /* a (may be NULL) */
   AST_DISCARD,
   AST_DEMOTE,
   /* declarations */
   AST_DECL_LIST,   /* type, list of AST_DECLARATOR */
   AST_DECLARATOR,  /* name, array dims, a initializer */
   AST_INIT_LIST,   /* { list } */
   AST_FUNCTION,    /* type = return type, name, list params, a body */
   AST_PARAM,       /* type, name (may be NULL), dims */
   AST_PRECISION,   /* type (precision + specifier) */
   AST_BLOCK,       /* type (qualifiers), block name, list members,
                       name2 instance, dims */
   AST_QUALIFIER_ONLY, /* type (qualifiers) with optional names list */
   AST_STRUCT_DEF,  /* name, list of AST_DECL_LIST (members) */
   AST_ARRAY_DIM,   /* [a]; a is NULL for [] */
};

/* Qualifier bits (ast_type.flags). */
enum ast_qual {
   AST_Q_CONST = 1u << 0,
   AST_Q_IN = 1u << 1,
   AST_Q_OUT = 1u << 2,
   AST_Q_INOUT = 1u << 3,
   AST_Q_UNIFORM = 1u << 4,
   AST_Q_BUFFER = 1u << 5,
   AST_Q_SHARED = 1u << 6,
   AST_Q_ATTRIBUTE = 1u << 7,
   AST_Q_VARYING = 1u << 8,
   AST_Q_CENTROID = 1u << 9,
   AST_Q_SAMPLE = 1u << 10,
   AST_Q_PATCH = 1u << 11,
   AST_Q_FLAT = 1u << 12,
   AST_Q_SMOOTH = 1u << 13,
   AST_Q_NOPERSPECTIVE = 1u << 14,
   AST_Q_INVARIANT = 1u << 15,
   AST_Q_PRECISE = 1u << 16,
   AST_Q_COHERENT = 1u << 17,
   AST_Q_VOLATILE = 1u << 18,
   AST_Q_RESTRICT = 1u << 19,
   AST_Q_READONLY = 1u << 20,
   AST_Q_WRITEONLY = 1u << 21,
   AST_Q_SUBROUTINE = 1u << 22,
   AST_Q_LAYOUT = 1u << 23,
   AST_Q_HIGHP = 1u << 24,
   AST_Q_MEDIUMP = 1u << 25,
   AST_Q_LOWP = 1u << 26,
};

#define AST_Q_STORAGE (AST_Q_CONST | AST_Q_IN | AST_Q_OUT | AST_Q_INOUT | \
                       AST_Q_UNIFORM | AST_Q_BUFFER | AST_Q_SHARED |        \
                       AST_Q_ATTRIBUTE | AST_Q_VARYING)
#define AST_Q_INTERP (AST_Q_FLAT | AST_Q_SMOOTH | AST_Q_NOPERSPECTIVE)
#define AST_Q_PRECISION (AST_Q_HIGHP | AST_Q_MEDIUMP | AST_Q_LOWP)
#define AST_Q_MEMORY (AST_Q_COHERENT | AST_Q_VOLATILE | AST_Q_RESTRICT | \
                      AST_Q_READONLY | AST_Q_WRITEONLY)

struct ast_node;

struct ast_list {
   struct ast_node *head, *tail;
   unsigned count;
};

/* A layout(...) entry: name or name = value. */
struct ast_layout_id {
   const char *name;
   struct ast_node *value; /* NULL when absent */
   int line, col;
   /* Filled in by glsl_check_layout.c once the value is evaluated. */
   bool evaluated, known;
   int64_t ival;
   unsigned group; /* which layout(...) of the declaration, from 0 */
   struct ast_layout_id *next;
};

struct ast_type {
   unsigned flags;           /* enum ast_qual */
   unsigned order_error;     /* qualifiers out of the pre-4.20 order */
   struct ast_layout_id *layout;
   struct ast_list subroutine_types; /* subroutine(a, b) names */
   bool subroutine_list;
   /* type specifier */
   const char *type_name;    /* NULL for an anonymous struct */
   const struct glsl_type *builtin; /* set by the lexer for built-ins */
   struct ast_node *struct_def;
   struct ast_list dims;     /* AST_ARRAY_DIM of the specifier */
   int line, col;
   int spec_line, spec_col;
};

struct ast_node {
   enum ast_kind kind;
   int line, col;
   int op;
   const char *name;
   const char *name2;
   struct ast_node *a, *b, *c, *d;
   struct ast_list list;
   struct ast_list dims;      /* AST_ARRAY_DIM of the declarator */
   struct ast_type *type;
   union {
      uint64_t u;
      double f;
      bool b;
   } value;
   bool new_scope;
   bool is_definition;
   /* Declarators and parameters: set by the checker when some assignment
    * to the variable may run more than once per run of its declaration
    * (in a loop or a switch body the declaration is outside of);
    * glsl_to_nir_ssa.c keeps the others as SSA values. */
   bool loop_written;
   struct ast_node *next;

   /* Filled by the checker. */
   const struct glsl_type *vtype;
   /* An AST_IDENT naming a global constant: that constant's declarator.
    * A declarator of a global constant: its AST_DECL_LIST.  Else NULL.
    * (glsl_nir_eval_initializer declares only the constants an
    * initializer reads through these.) */
   struct ast_node *sema;
};

struct glsl_parse_state;

struct ast_node *ast_new(struct glsl_parse_state *st, enum ast_kind kind,
                         int line, int col);
void ast_list_append(struct ast_list *l, struct ast_node *n);
struct ast_type *ast_type_new(struct glsl_parse_state *st, int line, int col);

/* Prints the tree (glsl-compiler --dump-ast). */
char *ast_dump(void *mem_ctx, const struct ast_list *unit);

#endif
