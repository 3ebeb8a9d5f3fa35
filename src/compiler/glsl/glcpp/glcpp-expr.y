%{
/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * #if / #elif expression evaluator: integer arithmetic on int64 with the C
 * precedence the GLSL specs adopt.  Division or modulus by zero is an error
 * unless the operand is not evaluated (short-circuit, untaken ?: branch).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

#include "glcpp_private.h"

struct pp_val {
   int64_t v;
   bool dead; /* produced in a short-circuited operand */
   bool bad;  /* a division by zero happened in a live operand */
};

/* The evaluator's stack holds at most this many entries; deeper
 * parentheses are an error naming it. */
#define GLCPP_EXPR_MAX_STACK 10000
#define YYMAXDEPTH GLCPP_EXPR_MAX_STACK

static int glcpp_expr_lex(struct pp_val *lval, struct glcpp_expr_state *st);
static void glcpp_expr_error(struct glcpp_expr_state *st, const char *msg);

static struct pp_val
mk(int64_t v, struct pp_val a, struct pp_val b)
{
   struct pp_val r = { v, false, a.bad || b.bad };
   return r;
}

static struct pp_val
divide(struct pp_val a, struct pp_val b, bool mod)
{
   struct pp_val r = { 0, false, a.bad || b.bad };
   if (b.v == 0)
      r.bad = true;
   else if (a.v == INT64_MIN && b.v == -1)
      r.v = mod ? 0 : a.v;
   else
      r.v = mod ? a.v % b.v : a.v / b.v;
   return r;
}

/* An operand that is not evaluated contributes no errors. */
static struct pp_val
unevaluated(struct pp_val a)
{
   a.bad = false;
   return a;
}

static uint64_t
shift_count(int64_t v)
{
   return (uint64_t)v & 63;
}
%}

%define api.pure full
%define api.prefix {glcpp_expr_}
%define api.value.type {struct pp_val}
%parse-param {struct glcpp_expr_state *st}
%lex-param {struct glcpp_expr_state *st}

%token NUM BAD OR AND XOR_L EQ NE LE GE SHL SHR
%right '?' ':'
%left OR
%left XOR_L
%left AND
%left '|'
%left '^'
%left '&'
%left EQ NE
%left '<' '>' LE GE
%left SHL SHR
%left '+' '-'
%left '*' '/' '%'
%precedence UNARY

%%

input: expr { st->result = $1.v; if ($1.bad) {
                 glcpp_expr_error(st, "division by zero in #if expression");
                 YYERROR; } }
     ;

expr: NUM                 { $$ = $1; }
    | '(' expr ')'        { $$ = $2; }
    | expr OR expr        { $$ = mk($1.v || $3.v, $1, $1.v ? unevaluated($3) : $3); }
    | expr AND expr       { $$ = mk($1.v && $3.v, $1, $1.v ? $3 : unevaluated($3)); }
    | expr XOR_L expr     { $$ = mk(!$1.v != !$3.v, $1, $3); }
    | expr '|' expr       { $$ = mk($1.v | $3.v, $1, $3); }
    | expr '^' expr       { $$ = mk($1.v ^ $3.v, $1, $3); }
    | expr '&' expr       { $$ = mk($1.v & $3.v, $1, $3); }
    | expr EQ expr        { $$ = mk($1.v == $3.v, $1, $3); }
    | expr NE expr        { $$ = mk($1.v != $3.v, $1, $3); }
    | expr '<' expr       { $$ = mk($1.v < $3.v, $1, $3); }
    | expr '>' expr       { $$ = mk($1.v > $3.v, $1, $3); }
    | expr LE expr        { $$ = mk($1.v <= $3.v, $1, $3); }
    | expr GE expr        { $$ = mk($1.v >= $3.v, $1, $3); }
    | expr SHL expr       { $$ = mk((int64_t)((uint64_t)$1.v << shift_count($3.v)), $1, $3); }
    | expr SHR expr       { $$ = mk($1.v >> shift_count($3.v), $1, $3); }
    | expr '+' expr       { $$ = mk((int64_t)((uint64_t)$1.v + (uint64_t)$3.v), $1, $3); }
    | expr '-' expr       { $$ = mk((int64_t)((uint64_t)$1.v - (uint64_t)$3.v), $1, $3); }
    | expr '*' expr       { $$ = mk((int64_t)((uint64_t)$1.v * (uint64_t)$3.v), $1, $3); }
    | expr '/' expr       { $$ = divide($1, $3, false); }
    | expr '%' expr       { $$ = divide($1, $3, true); }
    | expr '?' expr ':' expr { $$ = $1.v ? mk($3.v, $1, unevaluated($5)) :
                                            mk($5.v, $1, unevaluated($3));
                               $$.bad = $1.bad || ($1.v ? $3.bad : $5.bad); }
    | '-' expr %prec UNARY { $$ = mk((int64_t)(0 - (uint64_t)$2.v), $2, $2); }
    | '+' expr %prec UNARY { $$ = $2; }
    | '!' expr %prec UNARY { $$ = mk(!$2.v, $2, $2); }
    | '~' expr %prec UNARY { $$ = mk(~$2.v, $2, $2); }
    ;

%%

static bool
parse_int(const char *s, int64_t *out)
{
   char *end;
   uint64_t v;
   errno = 0;
   if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
      v = strtoull(s + 2, &end, 16);
   else if (s[0] == '0')
      v = strtoull(s, &end, 8);
   else
      v = strtoull(s, &end, 10);
   if (end == s || (end[0] && !((end[0] == 'u' || end[0] == 'U') && !end[1])))
      return false;
   if (errno == ERANGE)
      return false; /* more than 64 bits */
   *out = (int64_t)v;
   return true;
}

static int
glcpp_expr_lex(struct pp_val *lval, struct glcpp_expr_state *st)
{
   static const struct { const char *s; int tok; } ops[] = {
      { "||", OR }, { "&&", AND }, { "^^", XOR_L }, { "==", EQ },
      { "!=", NE }, { "<=", LE }, { ">=", GE }, { "<<", SHL }, { ">>", SHR },
   };

   if (st->pos >= st->count)
      return 0;
   const struct pp_token *t = &st->toks[st->pos++];
   lval->dead = false;
   lval->bad = false;
   lval->v = 0;
   switch (t->kind) {
   case PP_NUMBER:
      if (!parse_int(t->text, &lval->v)) {
         if (errno == ERANGE && !st->failed) {
            glsl_log_error(st->log, t->line, t->col, "integer %s does not "
                           "fit in 64 bits", t->text);
            st->failed = true;
         }
         glcpp_expr_error(st, "invalid integer in #if expression");
         return BAD;
      }
      return NUM;
   case PP_IDENT:
      /* An identifier that survived macro expansion counts as 0 on the
       * desktop; GLSL ES makes it an error. */
      if (st->undefined_is_error) {
         if (!st->failed)
            glsl_log_error(st->log, t->line, t->col,
                           "undefined macro '%s' in #if", t->text);
         st->failed = true;
         return BAD;
      }
      return NUM;
   case PP_PUNCT:
      if (t->len == 1 && strchr("?:|^&<>+-*/%!~()", t->text[0]))
         return t->text[0];
      for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
         if (strcmp(ops[i].s, t->text) == 0)
            return ops[i].tok;
      }
      break;
   default:
      break;
   }
   return BAD;
}

static void
glcpp_expr_error(struct glcpp_expr_state *st, const char *msg)
{
   /* Bison says "memory exhausted" when its stack reaches YYMAXDEPTH. */
   if (!st->failed && !strcmp(msg, "memory exhausted"))
      glsl_log_error(st->log, st->line, 1, "#if expression nested too "
                     "deeply: the evaluator's stack is limited to %d "
                     "entries", GLCPP_EXPR_MAX_STACK);
   else if (!st->failed)
      glsl_log_error(st->log, st->line, 1, "%s", msg);
   st->failed = true;
}

bool
glcpp_eval_expr(struct glcpp_expr_state *st)
{
   st->failed = false;
   if (st->count == 0) {
      glcpp_expr_error(st, "#if with no expression");
      return false;
   }
   int ret = glcpp_expr_parse(st);
   if (ret != 0 && !st->failed)
      glcpp_expr_error(st, "syntax error in #if expression");
   return ret == 0 && !st->failed;
}
