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
#include <stddef.h>
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

/* Every declaration has one (80 bytes; the rare lists are out of line,
 * since wave 14: they took 48 of 112). */
struct ast_type {
   unsigned flags;           /* enum ast_qual */
   unsigned order_error;     /* qualifiers out of the pre-4.20 order */
   struct ast_layout_id *layout;
   /* subroutine(a, b) names, NULL without the list */
   const struct ast_list *subroutine_types;
   /* type specifier */
   const char *type_name;    /* NULL for an anonymous struct */
   const struct glsl_type *builtin; /* set by the lexer for built-ins */
   struct ast_node *struct_def;
   /* AST_ARRAY_DIM of the specifier, NULL when it has none */
   struct ast_list *dims;
   int line, col;
   int spec_line, spec_col;
   bool subroutine_list;
};

/*
 * One node of the tree.  Since wave 14 (issue #21) the fields no kind
 * shares overlap, which takes a node from 160 to 88 bytes (a large
 * shader has hundreds of thousands of them, and the link reads them all
 * again when it translates to NIR):
 *
 *   a       operands, initializers, bodies; block_dims is AST_BLOCK's
 *           instance array (never NULL on a block)
 *   b       every kind with a second operand or a body (and AST_CALL's
 *           subroutine array index); name2 is AST_BLOCK's instance name;
 *           sema is AST_IDENT's and AST_DECLARATOR's
 *   list    AST_CALL, AST_METHOD, AST_COMPOUND, AST_SWITCH,
 *           AST_DECL_LIST, AST_INIT_LIST, AST_FUNCTION, AST_BLOCK,
 *           AST_QUALIFIER_ONLY, AST_STRUCT_DEF (ast_kind_has_list);
 *           dims is AST_DECLARATOR's and AST_PARAM's; c and d are
 *           AST_COND's, AST_IF's and AST_FOR's; value is the constants'
 *
 * Code that walks nodes of any kind reaches their children through
 * ast_kids(), ast_items() and ast_dims_head(), never the fields
 * themselves: a field of another kind holds something else.  The
 * parser writes only the fields of the kind it makes.
 */
struct ast_node {
   enum ast_kind kind : 8;
   bool new_scope;      /* AST_COMPOUND */
   bool is_definition;  /* AST_FUNCTION; AST_CALL: written f(void) */
   /* Declarators and parameters: set by the checker when some assignment
    * to the variable may run more than once per run of its declaration
    * (in a loop or a switch body the declaration is outside of);
    * glsl_to_nir_ssa.c keeps the others as SSA values. */
   bool loop_written;
   int line, col;
   int op;
   const char *name;
   union {
      struct ast_node *a;
      struct ast_list *block_dims; /* AST_BLOCK: AST_ARRAY_DIM of inst */
   };
   union {
      struct ast_node *b;
      const char *name2;       /* AST_BLOCK */
      /* An AST_IDENT naming a global constant: that constant's
       * declarator.  A declarator of a global constant: its
       * AST_DECL_LIST.  Else NULL.  (glsl_nir_eval_initializer declares
       * only the constants an initializer reads through these.) */
      struct ast_node *sema;
   };
   struct ast_node *next;
   struct ast_type *type;

   /* Filled by the checker. */
   const struct glsl_type *vtype;

   union {
      struct ast_list list;
      struct ast_list dims;    /* AST_ARRAY_DIM of the declarator */
      struct {
         struct ast_node *c, *d;
      };
      union {
         uint64_t u;
         double f;
         bool b;
      } value;
   };
};

static inline bool
ast_kind_has_list(enum ast_kind k)
{
   switch (k) {
   case AST_CALL:
   case AST_METHOD:
   case AST_COMPOUND:
   case AST_SWITCH:
   case AST_DECL_LIST:
   case AST_INIT_LIST:
   case AST_FUNCTION:
   case AST_BLOCK:
   case AST_QUALIFIER_ONLY:
   case AST_STRUCT_DEF:
      return true;
   default:
      return false;
   }
}

/* n's child nodes a, b, c and d, NULL where its kind has none. */
static inline void
ast_kids(const struct ast_node *n, struct ast_node *kids[4])
{
   bool cd = n->kind == AST_COND || n->kind == AST_IF || n->kind == AST_FOR;
   bool block = n->kind == AST_BLOCK;
   kids[0] = block ? NULL : n->a;
   kids[1] = block || n->kind == AST_IDENT || n->kind == AST_DECLARATOR
                ? NULL
                : n->b;
   kids[2] = cd ? n->c : NULL;
   kids[3] = n->kind == AST_FOR ? n->d : NULL;
}

/* The first node of n's list (arguments, statements, declarators,
 * members), NULL when its kind has none. */
static inline struct ast_node *
ast_items(const struct ast_node *n)
{
   return ast_kind_has_list(n->kind) ? n->list.head : NULL;
}

/* The first AST_ARRAY_DIM of a declarator, parameter or block instance,
 * else NULL. */
static inline struct ast_node *
ast_dims_head(const struct ast_node *n)
{
   if (n->kind == AST_BLOCK)
      return n->block_dims->head;
   return n->kind == AST_DECLARATOR || n->kind == AST_PARAM ? n->dims.head
                                                            : NULL;
}

struct glsl_parse_state;

struct ast_node *ast_new(struct glsl_parse_state *st, enum ast_kind kind,
                         int line, int col);
void ast_list_append(struct ast_list *l, struct ast_node *n);
/* A copy of l in the tree's memory (the parser's lists are values). */
struct ast_list *ast_list_keep(struct glsl_parse_state *st,
                               const struct ast_list *l);
struct ast_type *ast_type_new(struct glsl_parse_state *st, int line, int col);

/* Prints the tree (glsl-compiler --dump-ast). */
char *ast_dump(void *mem_ctx, const struct ast_list *unit);

#endif
