%{
/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GLSL grammar (all desktop versions 1.10-4.60 and ES 1.00-3.20): builds the
 * AST.  Versions differ in the words the lexer lets through, not here; the
 * checker rejects constructs a version lacks.  Qualifiers are one token kind
 * carrying a bit, so any order parses and the checker enforces order rules.
 */
#include <string.h>

#include "glsl_state.h"
#include "util/ralloc.h"

#define NODE(kind, loc) ast_new(st, kind, (loc).first_line, (loc).first_column)

/* The parser's stack holds at most this many entries (states); deeper
 * nesting of parentheses, braces or statements is an error naming it.
 * Each level of nesting takes two to four entries. */
#define GLSL_PARSER_MAX_STACK 10000
#define YYMAXDEPTH GLSL_PARSER_MAX_STACK
%}

%define api.pure full
%define api.prefix {glsl_yy}
%locations
%parse-param {struct glsl_parse_state *st}
%parse-param {void *scanner}
%lex-param {void *scanner}
%define parse.error verbose
%expect 0

%code requires {
#include "ast.h"
struct glsl_parse_state;
}

%union {
   const char *str;
   unsigned qual;
   struct ast_node *node;
   struct ast_type *type;
   struct ast_layout_id *layout;
   struct ast_list list;
}

%code {
int glsl_yylex(GLSL_YYSTYPE *lval, GLSL_YYLTYPE *lloc, void *scanner);
static void glsl_yyerror(GLSL_YYLTYPE *loc, struct glsl_parse_state *st,
                         void *scanner, const char *msg);

static struct ast_node *
binary(struct glsl_parse_state *st, int op, struct ast_node *a,
       struct ast_node *b, GLSL_YYLTYPE loc)
{
   struct ast_node *n = NODE(AST_BINARY, loc);
   n->op = op;
   n->a = a;
   n->b = b;
   return n;
}

static struct ast_node *
assign(struct glsl_parse_state *st, int op, struct ast_node *a,
       struct ast_node *b, GLSL_YYLTYPE loc)
{
   struct ast_node *n = NODE(AST_ASSIGN, loc);
   n->op = op;
   n->a = a;
   n->b = b;
   return n;
}

/* Adds qualifier bit q to t, noting when the pre-4.20 order is broken
 * (invariant, interpolation, storage, precision; layout first).  Memory
 * qualifiers (coherent, volatile, restrict, readonly, writeonly) have no
 * place in that order: Mesa's parser, the reference, takes them before
 * or after any other qualifier (alexvorxx/Mesa-VirGL
 * src/compiler/glsl/glsl_parser.yy, "memory_qualifier type_qualifier"),
 * and piglit's ARB_shader_image_load_store programs declare
 * "coherent layout(rgba32ui) uniform" in GLSL 1.50. */
static void
add_qual(struct glsl_parse_state *st, struct ast_type *t, unsigned q,
         GLSL_YYLTYPE loc)
{
   static const unsigned rank_bits[] = {
      AST_Q_LAYOUT,
      AST_Q_INVARIANT | AST_Q_PRECISE,
      AST_Q_INTERP,
      AST_Q_CENTROID | AST_Q_SAMPLE | AST_Q_PATCH,
      AST_Q_STORAGE | AST_Q_SUBROUTINE,
      AST_Q_PRECISION,
   };
   int rank = -1, max_rank = -1;
   for (int i = 0; i < 6; i++) {
      if (rank_bits[i] & q)
         rank = i;
      if (rank_bits[i] & t->flags)
         max_rank = i;
   }
   if (rank >= 0 && rank < max_rank)
      t->order_error |= q;
   /* Repeats: layout may repeat; the rest count as duplicates. */
   if ((t->flags & q) && q != AST_Q_LAYOUT)
      t->order_error |= 1u << 31;
   /* At most one interpolation qualifier, and never both in and out
    * (GLSL 4.20 4.3, 4.5). */
   if (((q & AST_Q_INTERP) && (t->flags & AST_Q_INTERP & ~q)) ||
       ((q & (AST_Q_IN | AST_Q_OUT)) &&
        (t->flags & (AST_Q_IN | AST_Q_OUT) & ~q)))
      t->order_error |= 1u << 31;
   t->flags |= q;
}
}

%token <str> IDENTIFIER FIELD_SEL
%token <type> TYPE_NAME
%token <node> INTCONSTANT UINTCONSTANT FLOATCONSTANT DOUBLECONSTANT BOOLCONSTANT
%token <qual> QUAL
%token SUBROUTINE LAYOUT PRECISION STRUCT
%token IF ELSE SWITCH CASE DEFAULT WHILE DO FOR BREAK CONTINUE RETURN DISCARD
%token DEMOTE
%token INC_OP DEC_OP LE_OP GE_OP EQ_OP NE_OP AND_OP OR_OP XOR_OP
%token LEFT_OP RIGHT_OP
%token ADD_ASSIGN SUB_ASSIGN MUL_ASSIGN DIV_ASSIGN MOD_ASSIGN LEFT_ASSIGN
%token RIGHT_ASSIGN AND_ASSIGN XOR_ASSIGN OR_ASSIGN
%token LEX_ERROR

%type <node> primary_expression postfix_expression unary_expression
%type <node> binary_expression conditional_expression assignment_expression
%type <node> expression constant_expression function_call function_call_header
%type <node> function_call_with_args
%type <node> statement simple_statement compound_statement
%type <node> compound_statement_no_new_scope statement_no_new_scope
%type <node> expression_statement selection_statement switch_statement
%type <node> case_label iteration_statement jump_statement
%type <node> declaration_statement condition conditionopt for_init_statement
%type <node> declaration init_declarator_list single_declaration
%type <node> initializer function_prototype function_header
%type <node> function_declarator parameter_declaration
%type <node> function_definition external_declaration struct_specifier
%type <node> struct_declaration struct_declarator array_dim block_declaration
%type <node> function_identifier
%type <list> statement_list struct_declaration_list struct_declarator_list
%type <list> initializer_list array_specifier identifier_list
%type <list> type_name_list
%type <type> type_qualifier single_type_qualifier fully_specified_type
%type <type> type_specifier type_specifier_nonarray
%type <layout> layout_qualifier_id_list layout_qualifier_id
%type <str> name_or_type_name decl_name

%right NO_ELSE ELSE
%left OR_OP
%left XOR_OP
%left AND_OP
%left '|'
%left '^'
%left '&'
%left EQ_OP NE_OP
%left '<' '>' LE_OP GE_OP
%left LEFT_OP RIGHT_OP
%left '+' '-'
%left '*' '/' '%'

%start translation_unit

%%

translation_unit
   : %empty
   | translation_unit external_declaration
     { if ($2) ast_list_append(&st->unit, $2); }
   ;

external_declaration
   : function_definition { $$ = $1; }
   | declaration         { $$ = $1; }
   | ';'                 { $$ = NODE(AST_EXPR_STMT, @1); }
   ;

name_or_type_name
   : IDENTIFIER { $$ = $1; }
   | TYPE_NAME  { $$ = $1->type_name; }
   ;

/* The name a declaration introduces.  A struct name of an enclosing scope
 * may be reused for a variable (4.2 Scoping: the inner declaration hides
 * it), after which the name lexes as an identifier until the scope ends;
 * the checker reports a redeclaration in the same scope. */
decl_name
   : IDENTIFIER { $$ = $1; }
   | TYPE_NAME
     { $$ = $1->type_name;
       if ($1->builtin) {
          glsl_yyerror(&@1, st, scanner,
                       ralloc_asprintf(st->mem, "syntax error, '%s' is a "
                                       "built-in type name", $$));
          YYERROR;
       }
       glsl_struct_name_hide(st, $$); }
   ;

/* ---- expressions ---- */

primary_expression
   : IDENTIFIER     { $$ = NODE(AST_IDENT, @1); $$->name = $1; }
   | INTCONSTANT    { $$ = $1; }
   | UINTCONSTANT   { $$ = $1; }
   | FLOATCONSTANT  { $$ = $1; }
   | DOUBLECONSTANT { $$ = $1; }
   | BOOLCONSTANT   { $$ = $1; }
   | '(' expression ')' { $$ = $2; }
   ;

postfix_expression
   : primary_expression { $$ = $1; }
   | postfix_expression '[' expression ']'
     { $$ = NODE(AST_INDEX, @2); $$->a = $1; $$->b = $3; }
   | function_call { $$ = $1; }
   | postfix_expression '.' FIELD_SEL
     { $$ = NODE(AST_FIELD, @3); $$->a = $1; $$->name = $3; }
   | postfix_expression INC_OP { $$ = NODE(AST_POST_INC, @2); $$->a = $1; }
   | postfix_expression DEC_OP { $$ = NODE(AST_POST_DEC, @2); $$->a = $1; }
   ;

function_call
   : function_call_header ')' { $$ = $1; }
   | function_call_header void_arg ')' { $$ = $1; $$->is_definition = true; }
   | function_call_with_args ')' { $$ = $1; }
   ;

void_arg
   : TYPE_NAME { if (!$1->builtin ||
                     $1->builtin->base_type != GLSL_TYPE_VOID ||
                     $1->builtin->vector_elements)
                    glsl_yyerror(&@1, st, scanner, "syntax error, unexpected "
                                 "type name in function arguments"); }
   ;

function_call_with_args
   : function_call_header assignment_expression
     { $$ = $1; ast_list_append(&$$->list, $2); }
   | function_call_with_args ',' assignment_expression
     { $$ = $1; ast_list_append(&$$->list, $3); }
   ;

function_call_header
   : function_identifier '(' { $$ = $1; }
   ;

function_identifier
   : type_specifier
     { $$ = NODE(AST_CALL, @1); $$->type = $1; $$->name = $1->type_name; }
   | postfix_expression
     {
        if ($1->kind == AST_IDENT) {
           $$ = NODE(AST_CALL, @1); $$->name = $1->name;
        } else if ($1->kind == AST_INDEX && $1->a->kind == AST_IDENT) {
           /* u[i](...): a call through an array of subroutine uniforms;
            * the index is kept in b. */
           $$ = NODE(AST_CALL, @1); $$->name = $1->a->name; $$->b = $1->b;
        } else if ($1->kind == AST_FIELD) {
           $$ = NODE(AST_METHOD, @1); $$->a = $1->a; $$->name = $1->name;
        } else {
           glsl_yyerror(&@1, st, scanner, "syntax error, expression is not "
                        "a function name");
           YYERROR;
        }
     }
   ;

unary_expression
   : postfix_expression { $$ = $1; }
   | INC_OP unary_expression { $$ = NODE(AST_PRE_INC, @1); $$->a = $2; }
   | DEC_OP unary_expression { $$ = NODE(AST_PRE_DEC, @1); $$->a = $2; }
   | '+' unary_expression { $$ = NODE(AST_UNARY, @1); $$->op = '+'; $$->a = $2; }
   | '-' unary_expression { $$ = NODE(AST_UNARY, @1); $$->op = '-'; $$->a = $2; }
   | '!' unary_expression { $$ = NODE(AST_UNARY, @1); $$->op = '!'; $$->a = $2; }
   | '~' unary_expression { $$ = NODE(AST_UNARY, @1); $$->op = '~'; $$->a = $2; }
   ;

binary_expression
   : unary_expression { $$ = $1; }
   | binary_expression '*' binary_expression { $$ = binary(st, '*', $1, $3, @2); }
   | binary_expression '/' binary_expression { $$ = binary(st, '/', $1, $3, @2); }
   | binary_expression '%' binary_expression { $$ = binary(st, '%', $1, $3, @2); }
   | binary_expression '+' binary_expression { $$ = binary(st, '+', $1, $3, @2); }
   | binary_expression '-' binary_expression { $$ = binary(st, '-', $1, $3, @2); }
   | binary_expression LEFT_OP binary_expression { $$ = binary(st, LEFT_OP, $1, $3, @2); }
   | binary_expression RIGHT_OP binary_expression { $$ = binary(st, RIGHT_OP, $1, $3, @2); }
   | binary_expression '<' binary_expression { $$ = binary(st, '<', $1, $3, @2); }
   | binary_expression '>' binary_expression { $$ = binary(st, '>', $1, $3, @2); }
   | binary_expression LE_OP binary_expression { $$ = binary(st, LE_OP, $1, $3, @2); }
   | binary_expression GE_OP binary_expression { $$ = binary(st, GE_OP, $1, $3, @2); }
   | binary_expression EQ_OP binary_expression { $$ = binary(st, EQ_OP, $1, $3, @2); }
   | binary_expression NE_OP binary_expression { $$ = binary(st, NE_OP, $1, $3, @2); }
   | binary_expression '&' binary_expression { $$ = binary(st, '&', $1, $3, @2); }
   | binary_expression '^' binary_expression { $$ = binary(st, '^', $1, $3, @2); }
   | binary_expression '|' binary_expression { $$ = binary(st, '|', $1, $3, @2); }
   | binary_expression AND_OP binary_expression { $$ = binary(st, AND_OP, $1, $3, @2); }
   | binary_expression XOR_OP binary_expression { $$ = binary(st, XOR_OP, $1, $3, @2); }
   | binary_expression OR_OP binary_expression { $$ = binary(st, OR_OP, $1, $3, @2); }
   ;

conditional_expression
   : binary_expression { $$ = $1; }
   | binary_expression '?' expression ':' assignment_expression
     { $$ = NODE(AST_COND, @2); $$->a = $1; $$->b = $3; $$->c = $5; }
   ;

assignment_expression
   : conditional_expression { $$ = $1; }
   | unary_expression '=' assignment_expression { $$ = assign(st, '=', $1, $3, @2); }
   | unary_expression MUL_ASSIGN assignment_expression { $$ = assign(st, '*', $1, $3, @2); }
   | unary_expression DIV_ASSIGN assignment_expression { $$ = assign(st, '/', $1, $3, @2); }
   | unary_expression MOD_ASSIGN assignment_expression { $$ = assign(st, '%', $1, $3, @2); }
   | unary_expression ADD_ASSIGN assignment_expression { $$ = assign(st, '+', $1, $3, @2); }
   | unary_expression SUB_ASSIGN assignment_expression { $$ = assign(st, '-', $1, $3, @2); }
   | unary_expression LEFT_ASSIGN assignment_expression { $$ = assign(st, LEFT_OP, $1, $3, @2); }
   | unary_expression RIGHT_ASSIGN assignment_expression { $$ = assign(st, RIGHT_OP, $1, $3, @2); }
   | unary_expression AND_ASSIGN assignment_expression { $$ = assign(st, '&', $1, $3, @2); }
   | unary_expression XOR_ASSIGN assignment_expression { $$ = assign(st, '^', $1, $3, @2); }
   | unary_expression OR_ASSIGN assignment_expression { $$ = assign(st, '|', $1, $3, @2); }
   ;

expression
   : assignment_expression { $$ = $1; }
   | expression ',' assignment_expression
     { $$ = NODE(AST_SEQUENCE, @2); $$->a = $1; $$->b = $3; }
   ;

constant_expression
   : conditional_expression { $$ = $1; }
   ;

/* ---- declarations ---- */

declaration
   : function_prototype ';' { $$ = $1; }
   | init_declarator_list ';' { $$ = $1; }
   | PRECISION type_qualifier type_specifier ';'
     { $$ = NODE(AST_PRECISION, @1); $$->type = $3; $3->flags |= $2->flags;
       $$->op = $2->flags; }
   | block_declaration { $$ = $1; }
   | type_qualifier ';'
     { $$ = NODE(AST_QUALIFIER_ONLY, @1); $$->type = $1; }
   | type_qualifier IDENTIFIER ';'
     { $$ = NODE(AST_QUALIFIER_ONLY, @1); $$->type = $1;
       struct ast_node *n = NODE(AST_IDENT, @2); n->name = $2;
       ast_list_append(&$$->list, n); }
   | type_qualifier IDENTIFIER identifier_list ';'
     { $$ = NODE(AST_QUALIFIER_ONLY, @1); $$->type = $1;
       struct ast_node *n = NODE(AST_IDENT, @2); n->name = $2;
       ast_list_append(&$$->list, n);
       for (struct ast_node *i = $3.head; i;) {
          struct ast_node *next = i->next; i->next = NULL;
          ast_list_append(&$$->list, i); i = next;
       } }
   ;

identifier_list
   : ',' IDENTIFIER
     { memset(&$$, 0, sizeof($$)); struct ast_node *n = NODE(AST_IDENT, @2);
       n->name = $2; ast_list_append(&$$, n); }
   | identifier_list ',' IDENTIFIER
     { $$ = $1; struct ast_node *n = NODE(AST_IDENT, @3); n->name = $3;
       ast_list_append(&$$, n); }
   ;

block_declaration
   : type_qualifier IDENTIFIER '{' struct_declaration_list '}' ';'
     { $$ = NODE(AST_BLOCK, @2); $$->type = $1; $$->name = $2; $$->list = $4;
       $$->block_dims = ast_list_keep(st, &(struct ast_list){ 0 }); }
   | type_qualifier IDENTIFIER '{' struct_declaration_list '}' IDENTIFIER ';'
     { $$ = NODE(AST_BLOCK, @2); $$->type = $1; $$->name = $2; $$->list = $4;
       $$->name2 = $6;
       $$->block_dims = ast_list_keep(st, &(struct ast_list){ 0 }); }
   | type_qualifier IDENTIFIER '{' struct_declaration_list '}' IDENTIFIER
     array_specifier ';'
     { $$ = NODE(AST_BLOCK, @2); $$->type = $1; $$->name = $2; $$->list = $4;
       $$->name2 = $6; $$->block_dims = ast_list_keep(st, &$7); }
   ;

function_prototype
   : function_declarator ')' { $$ = $1; }
   ;

function_declarator
   : function_header { $$ = $1; }
   | function_header parameter_declaration
     { $$ = $1; ast_list_append(&$$->list, $2); }
   | function_declarator ',' parameter_declaration
     { $$ = $1; ast_list_append(&$$->list, $3); }
   ;

function_header
   : fully_specified_type IDENTIFIER '('
     { $$ = NODE(AST_FUNCTION, @2); $$->type = $1; $$->name = $2;
       /* "subroutine void T(...)" declares the subroutine type T. */
       if (($1->flags & AST_Q_SUBROUTINE) && !$1->subroutine_list)
          glsl_struct_name_add(st, $2); }
   ;

parameter_declaration
   : type_qualifier type_specifier IDENTIFIER
     { $$ = NODE(AST_PARAM, @3); $2->flags |= $1->flags;
       $2->order_error |= $1->order_error; $2->layout = $1->layout;
       $$->type = $2; $$->name = $3; }
   | type_qualifier type_specifier IDENTIFIER array_specifier
     { $$ = NODE(AST_PARAM, @3); $2->flags |= $1->flags;
       $2->order_error |= $1->order_error; $2->layout = $1->layout;
       $$->type = $2; $$->name = $3; $$->dims = $4; }
   | type_qualifier type_specifier
     { $$ = NODE(AST_PARAM, @2); $2->flags |= $1->flags;
       $2->order_error |= $1->order_error; $2->layout = $1->layout;
       $$->type = $2; }
   | type_specifier IDENTIFIER
     { $$ = NODE(AST_PARAM, @2); $$->type = $1; $$->name = $2; }
   | type_specifier IDENTIFIER array_specifier
     { $$ = NODE(AST_PARAM, @2); $$->type = $1; $$->name = $2; $$->dims = $3; }
   | type_specifier
     { $$ = NODE(AST_PARAM, @1); $$->type = $1; }
   ;

init_declarator_list
   : single_declaration { $$ = $1; }
   | init_declarator_list ',' IDENTIFIER
     { $$ = $1; struct ast_node *d = NODE(AST_DECLARATOR, @3); d->name = $3;
       ast_list_append(&$$->list, d); }
   | init_declarator_list ',' IDENTIFIER array_specifier
     { $$ = $1; struct ast_node *d = NODE(AST_DECLARATOR, @3); d->name = $3;
       d->dims = $4; ast_list_append(&$$->list, d); }
   | init_declarator_list ',' IDENTIFIER '=' initializer
     { $$ = $1; struct ast_node *d = NODE(AST_DECLARATOR, @3); d->name = $3;
       d->a = $5; ast_list_append(&$$->list, d); }
   | init_declarator_list ',' IDENTIFIER array_specifier '=' initializer
     { $$ = $1; struct ast_node *d = NODE(AST_DECLARATOR, @3); d->name = $3;
       d->dims = $4; d->a = $6; ast_list_append(&$$->list, d); }
   ;

single_declaration
   : fully_specified_type
     { $$ = NODE(AST_DECL_LIST, @1); $$->type = $1; }
   | fully_specified_type decl_name
     { $$ = NODE(AST_DECL_LIST, @1); $$->type = $1;
       struct ast_node *d = NODE(AST_DECLARATOR, @2); d->name = $2;
       ast_list_append(&$$->list, d); }
   | fully_specified_type decl_name array_specifier
     { $$ = NODE(AST_DECL_LIST, @1); $$->type = $1;
       struct ast_node *d = NODE(AST_DECLARATOR, @2); d->name = $2;
       d->dims = $3; ast_list_append(&$$->list, d); }
   | fully_specified_type decl_name '=' initializer
     { $$ = NODE(AST_DECL_LIST, @1); $$->type = $1;
       struct ast_node *d = NODE(AST_DECLARATOR, @2); d->name = $2;
       d->a = $4; ast_list_append(&$$->list, d); }
   | fully_specified_type decl_name array_specifier '=' initializer
     { $$ = NODE(AST_DECL_LIST, @1); $$->type = $1;
       struct ast_node *d = NODE(AST_DECLARATOR, @2); d->name = $2;
       d->dims = $3; d->a = $5; ast_list_append(&$$->list, d); }
   ;

fully_specified_type
   : type_specifier { $$ = $1; }
   | type_qualifier type_specifier
     { $$ = $2; $$->flags |= $1->flags; $$->order_error |= $1->order_error;
       $$->layout = $1->layout; $$->subroutine_types = $1->subroutine_types;
       $$->subroutine_list = $1->subroutine_list;
       $$->line = $1->line; $$->col = $1->col; }
   ;

type_qualifier
   : single_type_qualifier { $$ = $1; }
   | type_qualifier single_type_qualifier
     { $$ = $1;
       unsigned q = $2->flags;
       for (unsigned b = 0; b < 32; b++)
          if (q & (1u << b)) add_qual(st, $$, 1u << b, @2);
       if ($2->layout) {
          /* A later layout(...) group: numbered for glsl_check_layout.c
           * (group 0 when no layout(...) came before, e.g. after a
           * memory qualifier) */
          struct ast_layout_id **p = &$$->layout;
          unsigned groups = 0;
          while (*p) { groups = (*p)->group + 1; p = &(*p)->next; }
          *p = $2->layout;
          for (struct ast_layout_id *l = *p; l; l = l->next)
             l->group = groups;
       }
       if ($2->subroutine_list) {
          $$->subroutine_list = true;
          $$->subroutine_types = $2->subroutine_types;
       } }
   ;

single_type_qualifier
   : QUAL { $$ = ast_type_new(st, @1.first_line, @1.first_column);
            $$->flags = $1; }
   | SUBROUTINE { $$ = ast_type_new(st, @1.first_line, @1.first_column);
                  $$->flags = AST_Q_SUBROUTINE; }
   | SUBROUTINE '(' type_name_list ')'
     { $$ = ast_type_new(st, @1.first_line, @1.first_column);
       $$->flags = AST_Q_SUBROUTINE; $$->subroutine_list = true;
       $$->subroutine_types = ast_list_keep(st, &$3); }
   | LAYOUT '(' layout_qualifier_id_list ')'
     { $$ = ast_type_new(st, @1.first_line, @1.first_column);
       $$->flags = AST_Q_LAYOUT; $$->layout = $3; }
   ;

type_name_list
   : TYPE_NAME
     { memset(&$$, 0, sizeof($$)); struct ast_node *n = NODE(AST_IDENT, @1);
       n->name = $1->type_name; ast_list_append(&$$, n); }
   | type_name_list ',' TYPE_NAME
     { $$ = $1; struct ast_node *n = NODE(AST_IDENT, @3);
       n->name = $3->type_name; ast_list_append(&$$, n); }
   ;

layout_qualifier_id_list
   : layout_qualifier_id { $$ = $1; }
   | layout_qualifier_id_list ',' layout_qualifier_id
     { $$ = $1; struct ast_layout_id **p = &$$;
       while (*p) p = &(*p)->next;
       *p = $3; }
   ;

layout_qualifier_id
   : name_or_type_name
     { $$ = rzalloc(st->mem, struct ast_layout_id); $$->name = $1;
       $$->line = @1.first_line; $$->col = @1.first_column; }
   | name_or_type_name '=' constant_expression
     { $$ = rzalloc(st->mem, struct ast_layout_id); $$->name = $1;
       $$->value = $3; $$->line = @1.first_line; $$->col = @1.first_column; }
   | QUAL
     { $$ = rzalloc(st->mem, struct ast_layout_id);
       $$->name = $1 == AST_Q_SHARED ? "shared" : "(qualifier)";
       $$->line = @1.first_line; $$->col = @1.first_column; }
   ;

type_specifier
   : type_specifier_nonarray { $$ = $1; }
   | type_specifier_nonarray array_specifier
     { $$ = $1; $$->dims = ast_list_keep(st, &$2); }
   ;

array_specifier
   : array_dim { memset(&$$, 0, sizeof($$)); ast_list_append(&$$, $1); }
   | array_specifier array_dim { $$ = $1; ast_list_append(&$$, $2); }
   ;

array_dim
   : '[' ']' { $$ = NODE(AST_ARRAY_DIM, @1); }
   | '[' constant_expression ']' { $$ = NODE(AST_ARRAY_DIM, @1); $$->a = $2; }
   ;

type_specifier_nonarray
   : TYPE_NAME { $$ = $1; $$->spec_line = @1.first_line;
                 $$->spec_col = @1.first_column; }
   | struct_specifier
     { $$ = ast_type_new(st, @1.first_line, @1.first_column);
       $$->struct_def = $1; $$->type_name = $1->name;
       $$->spec_line = @1.first_line; $$->spec_col = @1.first_column; }
   ;

struct_specifier
   : STRUCT name_or_type_name '{' struct_declaration_list '}'
     { $$ = NODE(AST_STRUCT_DEF, @2); $$->name = $2; $$->list = $4;
       glsl_struct_name_add(st, $2); }
   | STRUCT '{' struct_declaration_list '}'
     { $$ = NODE(AST_STRUCT_DEF, @1); $$->list = $3; }
   ;

struct_declaration_list
   : struct_declaration { memset(&$$, 0, sizeof($$)); ast_list_append(&$$, $1); }
   | struct_declaration_list struct_declaration
     { $$ = $1; ast_list_append(&$$, $2); }
   ;

struct_declaration
   : type_specifier struct_declarator_list ';'
     { $$ = NODE(AST_DECL_LIST, @1); $$->type = $1; $$->list = $2; }
   | type_qualifier type_specifier struct_declarator_list ';'
     { $$ = NODE(AST_DECL_LIST, @1); $$->type = $2; $$->list = $3;
       $2->flags |= $1->flags; $2->layout = $1->layout;
       $2->order_error |= $1->order_error; }
   ;

struct_declarator_list
   : struct_declarator { memset(&$$, 0, sizeof($$)); ast_list_append(&$$, $1); }
   | struct_declarator_list ',' struct_declarator
     { $$ = $1; ast_list_append(&$$, $3); }
   ;

struct_declarator
   : name_or_type_name { $$ = NODE(AST_DECLARATOR, @1); $$->name = $1; }
   | name_or_type_name array_specifier
     { $$ = NODE(AST_DECLARATOR, @1); $$->name = $1; $$->dims = $2; }
   ;

initializer
   : assignment_expression { $$ = $1; }
   | '{' initializer_list '}'
     { $$ = NODE(AST_INIT_LIST, @1); $$->list = $2; }
   | '{' initializer_list ',' '}'
     { $$ = NODE(AST_INIT_LIST, @1); $$->list = $2; }
   ;

initializer_list
   : initializer { memset(&$$, 0, sizeof($$)); ast_list_append(&$$, $1); }
   | initializer_list ',' initializer { $$ = $1; ast_list_append(&$$, $3); }
   ;

/* ---- statements ---- */

declaration_statement
   : declaration { $$ = NODE(AST_DECL_STMT, @1); $$->a = $1; }
   ;

statement
   : compound_statement { $$ = $1; }
   | simple_statement { $$ = $1; }
   ;

simple_statement
   : declaration_statement { $$ = $1; }
   | expression_statement { $$ = $1; }
   | selection_statement { $$ = $1; }
   | switch_statement { $$ = $1; }
   | case_label { $$ = $1; }
   | iteration_statement { $$ = $1; }
   | jump_statement { $$ = $1; }
   ;

compound_statement
   : '{' '}' { $$ = NODE(AST_COMPOUND, @1); $$->new_scope = true; }
   | '{' statement_list '}'
     { $$ = NODE(AST_COMPOUND, @1); $$->new_scope = true; $$->list = $2; }
   ;

statement_no_new_scope
   : compound_statement_no_new_scope { $$ = $1; }
   | simple_statement { $$ = $1; }
   ;

compound_statement_no_new_scope
   : '{' '}' { $$ = NODE(AST_COMPOUND, @1); }
   | '{' statement_list '}' { $$ = NODE(AST_COMPOUND, @1); $$->list = $2; }
   ;

statement_list
   : statement { memset(&$$, 0, sizeof($$)); ast_list_append(&$$, $1); }
   | statement_list statement { $$ = $1; ast_list_append(&$$, $2); }
   ;

expression_statement
   : ';' { $$ = NODE(AST_EXPR_STMT, @1); }
   | expression ';' { $$ = NODE(AST_EXPR_STMT, @1); $$->a = $1; }
   ;

selection_statement
   : IF '(' expression ')' statement ELSE statement
     { $$ = NODE(AST_IF, @1); $$->a = $3; $$->b = $5; $$->c = $7; }
   | IF '(' expression ')' statement %prec NO_ELSE
     { $$ = NODE(AST_IF, @1); $$->a = $3; $$->b = $5; }
   ;

condition
   : expression { $$ = $1; }
   | fully_specified_type IDENTIFIER '=' initializer
     { $$ = NODE(AST_COND_DECL, @2); $$->type = $1; $$->name = $2; $$->a = $4; }
   ;

switch_statement
   : SWITCH '(' expression ')' '{' statement_list '}'
     { $$ = NODE(AST_SWITCH, @1); $$->a = $3; $$->list = $6; }
   | SWITCH '(' expression ')' '{' '}'
     { $$ = NODE(AST_SWITCH, @1); $$->a = $3; }
   ;

case_label
   : CASE expression ':' { $$ = NODE(AST_CASE, @1); $$->a = $2; }
   | DEFAULT ':' { $$ = NODE(AST_CASE, @1); }
   ;

iteration_statement
   : WHILE '(' condition ')' statement_no_new_scope
     { $$ = NODE(AST_WHILE, @1); $$->a = $3; $$->b = $5; }
   | DO statement WHILE '(' expression ')' ';'
     { $$ = NODE(AST_DO, @1); $$->b = $2; $$->a = $5; }
   | FOR '(' for_init_statement conditionopt ';' ')' statement_no_new_scope
     { $$ = NODE(AST_FOR, @1); $$->a = $3; $$->b = $4; $$->d = $7; }
   | FOR '(' for_init_statement conditionopt ';' expression ')'
     statement_no_new_scope
     { $$ = NODE(AST_FOR, @1); $$->a = $3; $$->b = $4; $$->c = $6;
       $$->d = $8; }
   ;

for_init_statement
   : expression_statement { $$ = $1; }
   | declaration_statement { $$ = $1; }
   ;

conditionopt
   : condition { $$ = $1; }
   | %empty { $$ = NULL; }
   ;

jump_statement
   : CONTINUE ';' { $$ = NODE(AST_CONTINUE, @1); }
   | BREAK ';' { $$ = NODE(AST_BREAK, @1); }
   | RETURN ';' { $$ = NODE(AST_RETURN, @1); }
   | RETURN expression ';' { $$ = NODE(AST_RETURN, @1); $$->a = $2; }
   | DISCARD ';' { $$ = NODE(AST_DISCARD, @1); }
   | DEMOTE ';' { $$ = NODE(AST_DEMOTE, @1); }
   ;

function_definition
   : function_prototype compound_statement_no_new_scope
     { $$ = $1; $$->a = $2; $$->is_definition = true; }
   ;

%%

static void
glsl_yyerror(GLSL_YYLTYPE *loc, struct glsl_parse_state *st, void *scanner,
             const char *msg)
{
   /* Bison says "memory exhausted" when its stack reaches YYMAXDEPTH. */
   if (!strcmp(msg, "memory exhausted"))
      glsl_log_error(&st->log, loc->first_line, loc->first_column,
                     "nested too deeply: the parser's stack is limited to "
                     "%d entries", GLSL_PARSER_MAX_STACK);
   else
      glsl_log_error(&st->log, loc->first_line, loc->first_column, "%s",
                     msg);
}
