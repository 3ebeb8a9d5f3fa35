/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glcpp directive engine and macro expander.
 *
 * The scanner gives one token array for the whole source.  Lines that start
 * with '#' are directives; runs of other lines in live groups are
 * macro-expanded together (so invocations may span lines) and written out
 * with their original line numbers.  Expansion follows the hide-set rule:
 * a token produced by expanding macro M never expands M again, which ends
 * recursive macros; a budget on produced tokens and argument nesting turns
 * pathological input into an error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "glcpp_private.h"
#include "util/hash_table.h"
#include "util/ralloc.h"
#include "util/u_math.h"

/* Budgets that turn hostile input into errors.  Macro expansion may
 * produce at most PP_MAX_EXPANDED_TOKENS tokens in all (each token a few
 * dozen bytes while it is live, so memory and time stay bounded); real
 * shaders stay far below. */
#define PP_MAX_EXPANDED_TOKENS (1u << 19)
#define PP_MAX_ARG_DEPTH 128
/* The largest #line number (and source string number): later lines must
 * still fit an int. */
#define PP_MAX_LINE (1 << 30)
#define PP_MAX_COND_DEPTH 1024

enum pp_builtin {
   PP_NOT_BUILTIN,
   PP_BUILTIN_LINE,
   PP_BUILTIN_FILE,
   PP_BUILTIN_VERSION,
   PP_BUILTIN_CONSTANT, /* GL_ES, extension macros: value in body */
};

struct pp_macro {
   const char *name;
   enum pp_builtin builtin;
   bool function;
   unsigned nparams;
   const char **params;
   struct pp_token *body;
   unsigned nbody;
   /* Per body token: the parameter it names, -1 for none (computed once
    * at #define, so substitution is linear in the body). */
   int *body_param;
};

struct pp_cond {
   bool live;       /* this branch's lines are processed */
   bool parent_live;
   bool taken;      /* some branch of this #if was taken */
   bool seen_else;
   int line;
};

struct pp {
   void *mem;
   struct glsl_log *log;
   const struct glcpp_hooks *hooks;
   struct hash_table *macros;

   struct pp_token_list in;
   unsigned pos;
   int line_delta;     /* logical line minus physical line (#line) */

   struct pp_cond *conds;
   unsigned nconds, conds_cap;

   bool version_done;
   bool seen_content;  /* anything but whitespace/comments so far */
   int version;
   bool es;

   unsigned budget;    /* tokens expansion may still produce */
   bool in_if;         /* expanding an #if: "defined X" keeps X as is */
   bool fatal;         /* stop everything (budget, memory) */

   char *out;
   size_t out_len, out_cap;
   int out_line, out_col;
};

static bool
pp_live(const struct pp *pp)
{
   return pp->nconds == 0 || pp->conds[pp->nconds - 1].live;
}

/* ---- output -------------------------------------------------------- */

static void
out_append(struct pp *pp, const char *s, size_t n)
{
   if (pp->fatal)
      return;
   if (pp->out_len + n + 1 > pp->out_cap) {
      size_t cap = MAX2(pp->out_cap * 2, pp->out_len + n + 1024);
      char *o = reralloc_size(pp->mem, pp->out, cap);
      if (!o) {
         pp->fatal = true;
         glsl_log_error(pp->log, 0, 0, "out of memory");
         return;
      }
      pp->out = o;
      pp->out_cap = cap;
   }
   memcpy(pp->out + pp->out_len, s, n);
   pp->out_len += n;
   pp->out[pp->out_len] = 0;
}

static void
out_token(struct pp *pp, const struct pp_token *t)
{
   if (t->line != pp->out_line) {
      if (t->line > pp->out_line && t->line - pp->out_line < 64) {
         while (pp->out_line < t->line) {
            out_append(pp, "\n", 1);
            pp->out_line++;
         }
      } else {
         char buf[48];
         int n = snprintf(buf, sizeof(buf), "\n#line %d\n", t->line);
         out_append(pp, buf, n);
         pp->out_line = t->line;
      }
      pp->out_col = 1;
   }
   /* Keep source columns where possible (for messages); otherwise keep
    * tokens apart exactly where whitespace separated them. */
   if (t->col > pp->out_col && t->col - pp->out_col < 256) {
      while (pp->out_col < t->col && !pp->fatal) {
         out_append(pp, " ", 1);
         pp->out_col++;
      }
   } else if (t->space_before) {
      out_append(pp, " ", 1);
      pp->out_col++;
   }
   out_append(pp, t->text, t->len);
   pp->out_col += t->len;
}

/* ---- token lists ----------------------------------------------------- */

static bool
list_push(struct pp *pp, struct pp_token_list *l, const struct pp_token *t)
{
   if (pp->fatal)
      return false;
   if (l->count == l->cap) {
      unsigned cap = l->cap ? l->cap * 2 : 8;
      struct pp_token *n = reralloc(pp->mem, l->toks, struct pp_token, cap);
      if (!n) {
         pp->fatal = true;
         glsl_log_error(pp->log, t->line, t->col, "out of memory");
         return false;
      }
      l->toks = n;
      l->cap = cap;
   }
   l->toks[l->count++] = *t;
   return true;
}

/* Expansion's lists are temporary: freeing them as soon as they are used
 * keeps memory proportional to what is live, not to the work done. */
static void
list_free(struct pp_token_list *l)
{
   ralloc_free(l->toks);
   l->toks = NULL;
   l->count = l->cap = 0;
}

static bool
tok_is(const struct pp_token *t, const char *punct)
{
   return t->kind == PP_PUNCT && strcmp(t->text, punct) == 0;
}

static struct pp_token
make_token(struct pp *pp, enum pp_kind kind, const char *text,
           const struct pp_token *where)
{
   struct pp_token t = *where;
   t.kind = kind;
   t.text = ralloc_strdup(pp->mem, text);
   t.len = strlen(text);
   t.noexpand = false;
   return t;
}

/* ---- macros ---------------------------------------------------------- */

static struct pp_macro *
lookup(struct pp *pp, const char *name)
{
   return hash_table_search_data(pp->macros, name);
}

static void
define_constant(struct pp *pp, const char *name, const char *value)
{
   struct pp_macro *m = rzalloc(pp->mem, struct pp_macro);
   m->name = ralloc_strdup(m, name);
   m->builtin = PP_BUILTIN_CONSTANT;
   m->body = rzalloc(m, struct pp_token);
   m->body->kind = PP_NUMBER;
   m->body->text = ralloc_strdup(m, value);
   m->body->len = strlen(value);
   m->nbody = 1;
   hash_table_insert(pp->macros, m->name, m);
}

static void
define_extension_macro(void *data, const char *name)
{
   define_constant(data, name, "1");
}

static void
define_builtin(struct pp *pp, const char *name, enum pp_builtin kind)
{
   struct pp_macro *m = rzalloc(pp->mem, struct pp_macro);
   m->name = name;
   m->builtin = kind;
   hash_table_insert(pp->macros, m->name, m);
}

static bool
in_hideset(const struct pp_hideset *hs, const struct pp_macro *m)
{
   for (; hs; hs = hs->next) {
      if (hs->macro == m)
         return true;
   }
   return false;
}

/* Pastes a ## b into one token; the result must scan as exactly one
 * preprocessing token. */
static bool
paste(struct pp *pp, const struct pp_token *a, const struct pp_token *b,
      struct pp_token *res)
{
   char *text = ralloc_asprintf(pp->mem, "%s%s", a->text, b->text);
   struct pp_token_list l = { 0 };
   struct glsl_log quiet;
   glsl_log_init(&quiet, pp->mem);
   if (!text || !glcpp_scan(pp->mem, text, strlen(text), &l, &quiet) ||
       l.count != 3 || l.toks[0].kind == PP_NEWLINE) {
      glsl_log_error(pp->log, a->line, a->col,
                     "pasting \"%s\" and \"%s\" does not give a valid "
                     "preprocessing token", a->text, b->text);
      return false;
   }
   *res = *a;
   res->kind = l.toks[0].kind;
   res->text = l.toks[0].text;
   res->len = l.toks[0].len;
   /* A pasted token is a new token: a left operand "painted" against
    * expansion (a macro name met inside its own expansion) does not
    * paint it (C11 6.10.3.4 applies to the operand, not the result). */
   res->noexpand = false;
   return true;
}

static bool expand_list(struct pp *pp, const struct pp_token *toks,
                        unsigned n, struct pp_token_list *out, int depth);

/* Builds the replacement of one invocation of m (before rescanning). */
static bool
substitute(struct pp *pp, const struct pp_macro *m,
           struct pp_token_list *args, const struct pp_token *inv,
           struct pp_token_list *res, int depth)
{
   struct pp_token_list *expanded =
      m->nparams ? rzalloc_array(pp->mem, struct pp_token_list, m->nparams)
                 : NULL;
   bool *done = m->nparams ? rzalloc_array(pp->mem, bool, m->nparams) : NULL;
   struct pp_hideset *hs = ralloc(pp->mem, struct pp_hideset);
   if ((m->nparams && (!expanded || !done)) || !hs)
      return false;
   hs->macro = m;
   hs->next = inv->hs;

   for (unsigned i = 0; i < m->nbody; i++) {
      const struct pp_token *b = &m->body[i];
      int p = m->body_param ? m->body_param[i] : -1;
      if (p < 0) {
         if (!list_push(pp, res, b))
            return false;
         continue;
      }
      bool raw = (i > 0 && tok_is(&m->body[i - 1], "##")) ||
                 (i + 1 < m->nbody && tok_is(&m->body[i + 1], "##"));
      const struct pp_token_list *src = &args[p];
      if (!raw) {
         if (!done[p]) {
            if (!expand_list(pp, args[p].toks, args[p].count, &expanded[p],
                             depth + 1))
               return false;
            done[p] = true;
         }
         src = &expanded[p];
      }
      for (unsigned j = 0; j < src->count; j++) {
         struct pp_token t = src->toks[j];
         if (j == 0)
            t.space_before = b->space_before || i == 0;
         if (!list_push(pp, res, &t))
            return false;
      }
   }

   /* ## pasting, left to right. */
   unsigned w = 0;
   for (unsigned r = 0; r < res->count; r++) {
      if (tok_is(&res->toks[r], "##") && w > 0 && r + 1 < res->count) {
         struct pp_token pasted;
         if (!paste(pp, &res->toks[w - 1], &res->toks[r + 1], &pasted))
            return false;
         res->toks[w - 1] = pasted;
         r++;
         continue;
      }
      res->toks[w++] = res->toks[r];
   }
   res->count = w;

   for (unsigned r = 0; r < res->count; r++) {
      struct pp_token *t = &res->toks[r];
      t->line = inv->line;
      t->col = inv->col;
      t->hs = hs;
      if (r == 0)
         t->space_before = true;
   }
   for (unsigned p = 0; p < m->nparams; p++)
      list_free(&expanded[p]);
   ralloc_free(expanded);
   ralloc_free(done);
   return true;
}

/*
 * Expands toks into out.  Works on a stack holding the remaining input in
 * reverse, so a replacement is rescanned together with what follows it.
 */
static bool
expand_list(struct pp *pp, const struct pp_token *toks, unsigned n,
            struct pp_token_list *out, int depth)
{
   struct pp_token_list stack = { 0 };

   if (depth > PP_MAX_ARG_DEPTH) {
      glsl_log_error(pp->log, n ? toks[0].line : 0, n ? toks[0].col : 0,
                     "macro arguments nested too deeply");
      pp->fatal = true;
      return false;
   }
   for (unsigned i = n; i-- > 0;) {
      if (!list_push(pp, &stack, &toks[i]))
         return false;
   }

   while (stack.count && !pp->fatal) {
      struct pp_token t = stack.toks[--stack.count];
      struct pp_macro *m = t.kind == PP_IDENT && !t.noexpand ?
                           lookup(pp, t.text) : NULL;
      if (m && in_hideset(t.hs, m)) {
         t.noexpand = true;
         m = NULL;
      }
      if (!m) {
         if (!list_push(pp, out, &t))
            return false;
         /* In #if, the operand of a "defined" from a macro is a name,
          * not something to expand. */
         if (pp->in_if && t.kind == PP_IDENT && !strcmp(t.text, "defined")) {
            if (stack.count && tok_is(&stack.toks[stack.count - 1], "(") &&
                !list_push(pp, out, &stack.toks[--stack.count]))
               return false;
            if (stack.count &&
                stack.toks[stack.count - 1].kind == PP_IDENT) {
               struct pp_token x = stack.toks[--stack.count];
               x.noexpand = true;
               if (!list_push(pp, out, &x))
                  return false;
            }
         }
         continue;
      }

      switch (m->builtin) {
      case PP_BUILTIN_LINE:
      case PP_BUILTIN_VERSION:
      case PP_BUILTIN_FILE: {
         char buf[32];
         snprintf(buf, sizeof(buf), "%d",
                  m->builtin == PP_BUILTIN_LINE ? t.line :
                  m->builtin == PP_BUILTIN_VERSION ? pp->version : 0);
         struct pp_token r = make_token(pp, PP_NUMBER, buf, &t);
         if (!list_push(pp, out, &r))
            return false;
         continue;
      }
      default:
         break;
      }

      struct pp_token_list *args = NULL;
      if (m->function) {
         if (!stack.count || !tok_is(&stack.toks[stack.count - 1], "(")) {
            if (!list_push(pp, out, &t))
               return false;
            continue;
         }
         stack.count--;
         unsigned nargs = 1, cap = MAX2(m->nparams, 1);
         args = rzalloc_array(pp->mem, struct pp_token_list, cap + 1);
         int level = 0;
         bool closed = false;
         while (stack.count) {
            struct pp_token a = stack.toks[--stack.count];
            if (tok_is(&a, "(")) {
               level++;
            } else if (tok_is(&a, ")")) {
               if (level-- == 0) {
                  closed = true;
                  break;
               }
            } else if (tok_is(&a, ",") && level == 0) {
               nargs++;
               if (nargs > cap + 1)
                  nargs = cap + 1; /* count stops mattering: error below */
               continue;
            }
            if (!list_push(pp, &args[nargs - 1], &a))
               return false;
         }
         if (!closed) {
            glsl_log_error(pp->log, t.line, t.col,
                           "unterminated invocation of macro %s", m->name);
            return false;
         }
         bool ok = nargs == m->nparams ||
                   (m->nparams == 0 && nargs == 1 && args[0].count == 0);
         if (!ok) {
            glsl_log_error(pp->log, t.line, t.col,
                           "macro %s needs %u arguments, %s given",
                           m->name, m->nparams,
                           nargs > m->nparams ? "more are" : "fewer are");
            return false;
         }
      }

      struct pp_token_list res = { 0 };
      if (!substitute(pp, m, args, &t, &res, depth))
         return false;
      if (args) {
         for (unsigned i = 0; i <= MAX2(m->nparams, 1); i++)
            list_free(&args[i]);
         ralloc_free(args);
      }
      if (res.count > pp->budget) {
         glsl_log_error(pp->log, t.line, t.col,
                        "macro expansion exceeds the preprocessor's limit "
                        "of %u tokens", PP_MAX_EXPANDED_TOKENS);
         pp->fatal = true;
         return false;
      }
      pp->budget -= res.count;
      for (unsigned i = res.count; i-- > 0;) {
         if (!list_push(pp, &stack, &res.toks[i]))
            return false;
      }
      list_free(&res);
   }
   list_free(&stack);
   return !pp->fatal;
}

/* ---- directives ------------------------------------------------------ */

static bool
reserved_macro_name(struct pp *pp, const struct pp_token *t, const char *what)
{
   if (strncmp(t->text, "GL_", 3) == 0 || strcmp(t->text, "defined") == 0) {
      glsl_log_error(pp->log, t->line, t->col,
                     "cannot %s reserved macro name \"%s\"", what, t->text);
      return true;
   }
   struct pp_macro *m = lookup(pp, t->text);
   if (m && m->builtin != PP_NOT_BUILTIN) {
      glsl_log_error(pp->log, t->line, t->col,
                     "cannot %s predefined macro \"%s\"", what, t->text);
      return true;
   }
   return false;
}

static bool
same_definition(const struct pp_macro *a, const struct pp_macro *b)
{
   if (a->function != b->function || a->nparams != b->nparams ||
       a->nbody != b->nbody)
      return false;
   for (unsigned i = 0; i < a->nparams; i++) {
      if (strcmp(a->params[i], b->params[i]))
         return false;
   }
   for (unsigned i = 0; i < a->nbody; i++) {
      if (strcmp(a->body[i].text, b->body[i].text) ||
          (i > 0 && a->body[i].space_before != b->body[i].space_before))
         return false;
   }
   return true;
}

static void
do_define(struct pp *pp, const struct pp_token *d, unsigned n,
          const struct pp_token *hash)
{
   if (n == 0 || d[0].kind != PP_IDENT) {
      glsl_log_error(pp->log, hash->line, hash->col,
                     "#define needs a macro name");
      return;
   }
   if (reserved_macro_name(pp, &d[0], "define"))
      return;
   /* GLSL ES 3.00 3.8: identifiers (macro names too) have at most 1024
    * characters. */
   if (pp->es && pp->version >= 300 && d[0].len > 1024) {
      glsl_log_error(pp->log, d[0].line, d[0].col, "macro name '%.32s...' "
                     "is %u characters long; GLSL ES allows at most 1024",
                     d[0].text, d[0].len);
      return;
   }

   struct pp_macro *m = rzalloc(pp->mem, struct pp_macro);
   if (!m) {
      pp->fatal = true;
      return;
   }
   m->name = d[0].text;
   unsigned i = 1;
   /* Parameter name -> index + 1: linear time for any parameter count. */
   struct hash_table *names = hash_table_create_string_keys(m);
   if (!names) {
      pp->fatal = true;
      return;
   }
   if (n > 1 && tok_is(&d[1], "(") && !d[1].space_before) {
      m->function = true;
      m->params = ralloc_array(m, const char *, n);
      i = 2;
      bool want_name = true;
      for (;; i++) {
         if (i >= n) {
            glsl_log_error(pp->log, d[0].line, d[0].col,
                           "unterminated parameter list of macro %s",
                           m->name);
            return;
         }
         if (tok_is(&d[i], ")") && (!want_name || m->nparams == 0)) {
            i++;
            break;
         }
         if (want_name && d[i].kind == PP_IDENT) {
            if (hash_table_search(names, d[i].text)) {
               glsl_log_error(pp->log, d[i].line, d[i].col,
                              "macro parameter %s appears twice",
                              d[i].text);
               return;
            }
            hash_table_insert(names, d[i].text,
                              (void *)(uintptr_t)(m->nparams + 1));
            m->params[m->nparams++] = d[i].text;
            want_name = false;
         } else if (!want_name && tok_is(&d[i], ",")) {
            want_name = true;
         } else {
            glsl_log_error(pp->log, d[i].line, d[i].col,
                           "syntax error in the parameters of macro %s",
                           m->name);
            return;
         }
      }
   }
   m->body = (struct pp_token *)&d[i];
   m->nbody = n - i;
   if (m->nparams && m->nbody) {
      m->body_param = ralloc_array(m, int, m->nbody);
      if (!m->body_param) {
         pp->fatal = true;
         return;
      }
      for (unsigned b = 0; b < m->nbody; b++) {
         uintptr_t p = m->body[b].kind == PP_IDENT ?
            (uintptr_t)hash_table_search_data(names, m->body[b].text) : 0;
         m->body_param[b] = (int)p - 1;
      }
   }
   for (unsigned b = 0; b < m->nbody; b++) {
      if (tok_is(&m->body[b], "#")) {
         glsl_log_error(pp->log, m->body[b].line, m->body[b].col,
                        "'#' (stringification) is not allowed in GLSL "
                        "macros");
         return;
      }
      if (tok_is(&m->body[b], "##") && (b == 0 || b + 1 == m->nbody)) {
         glsl_log_error(pp->log, m->body[b].line, m->body[b].col,
                        "'##' may not begin or end a replacement list");
         return;
      }
   }

   struct pp_macro *old = lookup(pp, m->name);
   if (old && !same_definition(old, m)) {
      glsl_log_error(pp->log, d[0].line, d[0].col,
                     "redefinition of macro %s differs from its first "
                     "definition", m->name);
      return;
   }
   hash_table_insert(pp->macros, m->name, m);
}

static void
do_undef(struct pp *pp, const struct pp_token *d, unsigned n,
         const struct pp_token *hash)
{
   if (n == 0 || d[0].kind != PP_IDENT) {
      glsl_log_error(pp->log, hash->line, hash->col,
                     "#undef needs a macro name");
      return;
   }
   if (n > 1)
      glsl_log_error(pp->log, d[1].line, d[1].col,
                     "extra tokens after #undef %s", d[0].text);
   if (reserved_macro_name(pp, &d[0], "undefine"))
      return;
   struct hash_entry *e = hash_table_search(pp->macros, d[0].text);
   if (e)
      hash_table_remove(pp->macros, e);
}

/* Replaces each "defined X" / "defined ( X )" of d[0..n) by 1 or 0 into
 * out.  Returns false after an error. */
static bool
replace_defined(struct pp *pp, const struct pp_token *d, unsigned n,
                struct pp_token_list *out)
{
   for (unsigned i = 0; i < n; i++) {
      if (d[i].kind == PP_IDENT && strcmp(d[i].text, "defined") == 0) {
         unsigned j = i + 1;
         bool paren = j < n && tok_is(&d[j], "(");
         if (paren)
            j++;
         if (j >= n || d[j].kind != PP_IDENT ||
             (paren && (j + 1 >= n || !tok_is(&d[j + 1], ")")))) {
            glsl_log_error(pp->log, d[i].line, d[i].col,
                           "\"defined\" needs a macro name");
            return false;
         }
         struct pp_token r = make_token(pp, PP_NUMBER,
                                        lookup(pp, d[j].text) ? "1" : "0",
                                        &d[i]);
         if (!list_push(pp, out, &r))
            return false;
         i = paren ? j + 1 : j;
         continue;
      }
      if (!list_push(pp, out, &d[i]))
         return false;
   }
   return true;
}

static bool
has_defined(const struct pp_token_list *l)
{
   for (unsigned i = 0; i < l->count; i++) {
      if (l->toks[i].kind == PP_IDENT && !strcmp(l->toks[i].text, "defined"))
         return true;
   }
   return false;
}

/* Evaluates an #if/#elif expression.
 *
 * "defined" that a macro expands to: C++ (whose preprocessor GLSL adopts)
 * leaves the result undefined.  We do what the Khronos reference compiler
 * (glslang) does: in GLSL ES it is an error saying so; on the desktop it
 * is evaluated like a written "defined" (as GCC and Clang also do, the
 * operand taken unexpanded) with a warning. */
static bool
eval(struct pp *pp, const struct pp_token *d, unsigned n, int line,
     int64_t *value)
{
   struct pp_token_list pre = { 0 }, post = { 0 }, fin = { 0 };

   bool ok = replace_defined(pp, d, n, &pre);
   pp->in_if = true;
   ok = ok && expand_list(pp, pre.toks, pre.count, &post, 0);
   pp->in_if = false;
   list_free(&pre);
   if (ok && has_defined(&post)) {
      const struct pp_token *t = post.toks;
      if (pp->es) {
         glsl_log_error(pp->log, t->line, t->col, "\"defined\" produced by "
                        "macro expansion in #if is not allowed in GLSL ES; "
                        "write defined(NAME) in the #if itself");
         ok = false;
      } else {
         glsl_log_warning(pp->log, t->line, t->col, "\"defined\" produced "
                          "by macro expansion in #if is not portable");
         ok = replace_defined(pp, post.toks, post.count, &fin);
         list_free(&post);
         post = fin;
      }
   }

   struct glcpp_expr_state st = {
      .toks = post.toks, .count = post.count, .log = pp->log, .line = line,
      .undefined_is_error = pp->es,
   };
   ok = ok && glcpp_eval_expr(&st);
   list_free(&post);
   *value = st.result;
   return ok;
}

static void
push_cond(struct pp *pp, bool live_if_parent, int line)
{
   if (pp->nconds >= PP_MAX_COND_DEPTH) {
      glsl_log_error(pp->log, line, 1, "#if nested too deeply");
      pp->fatal = true;
      return;
   }
   if (pp->nconds == pp->conds_cap) {
      unsigned cap = pp->conds_cap ? pp->conds_cap * 2 : 16;
      struct pp_cond *c = reralloc(pp->mem, pp->conds, struct pp_cond, cap);
      if (!c) {
         pp->fatal = true;
         return;
      }
      pp->conds = c;
      pp->conds_cap = cap;
   }
   bool parent = pp_live(pp);
   pp->conds[pp->nconds++] = (struct pp_cond){
      .live = parent && live_if_parent,
      .parent_live = parent,
      .taken = parent && live_if_parent,
      .line = line,
   };
}

/* Macros that depend on the version: GL_ES, the profile, extensions. */
static void
predefine(struct pp *pp, bool compat)
{
   if (pp->es)
      define_constant(pp, "GL_ES", "1");
   /* Fragment highp is supported everywhere: ES 1.00 lets us say so, and
    * desktop GLSL 1.30+ defines the macro as 1 as well. */
   if (pp->es || pp->version >= 130)
      define_constant(pp, "GL_FRAGMENT_PRECISION_HIGH", "1");
   if (pp->version >= 150 && !pp->es)
      define_constant(pp, compat ? "GL_compatibility_profile" :
                      "GL_core_profile", "1");
   if (pp->hooks->extension_macros)
      pp->hooks->extension_macros(pp->hooks->data, pp,
                                  define_extension_macro);
}

static void
do_version(struct pp *pp, const struct pp_token *d, unsigned n,
           const struct pp_token *hash)
{
   if (pp->version_done) {
      glsl_log_error(pp->log, hash->line, hash->col,
                     "#version must come first and only once");
      return;
   }
   if (pp->seen_content) {
      glsl_log_error(pp->log, hash->line, hash->col,
                     "#version must come before anything else");
      return;
   }
   pp->version_done = true;

   int64_t version = 0;
   const char *profile = "";
   char *end = NULL;
   errno = 0;
   if (n >= 1 && d[0].kind == PP_NUMBER)
      version = strtoll(d[0].text, &end, 10);
   if (n < 1 || d[0].kind != PP_NUMBER || *end || n > 2 ||
       (n == 2 && d[1].kind != PP_IDENT)) {
      glsl_log_error(pp->log, hash->line, hash->col,
                     "syntax error in #version: expected a number and an "
                     "optional profile");
      version = 110;
      n = 0;
   }
   if (n == 2)
      profile = d[1].text;
   if (n >= 1 && (version < 0 || version > 10000 || errno == ERANGE)) {
      /* Name the version as written: no GLSL version is this large. */
      glsl_log_error(pp->log, hash->line, hash->col,
                     "#version %s is not a GLSL version", d[0].text);
      version = 0;
   }
   pp->version = version;
   bool compat = false;
   if (!pp->hooks->version(pp->hooks->data, true, &pp->version, profile,
                           hash->line, hash->col, &pp->es, &compat))
      pp->fatal = true;
   predefine(pp, compat);
}

static void
implicit_version(struct pp *pp, int line)
{
   if (pp->version_done)
      return;
   pp->version_done = true;
   bool compat = false;
   if (!pp->hooks->version(pp->hooks->data, false, &pp->version, "", line, 1,
                           &pp->es, &compat))
      pp->fatal = true;
   predefine(pp, compat);
}

static void
do_extension(struct pp *pp, const struct pp_token *d, unsigned n,
             const struct pp_token *hash)
{
   static const struct { const char *name; enum glcpp_ext_behavior b; }
   behaviors[] = {
      { "require", GLCPP_EXT_REQUIRE }, { "enable", GLCPP_EXT_ENABLE },
      { "warn", GLCPP_EXT_WARN }, { "disable", GLCPP_EXT_DISABLE },
   };

   if (n != 3 || d[0].kind != PP_IDENT || !tok_is(&d[1], ":") ||
       d[2].kind != PP_IDENT) {
      glsl_log_error(pp->log, hash->line, hash->col,
                     "syntax error in #extension: expected "
                     "\"#extension name : behavior\"");
      return;
   }
   for (unsigned i = 0; i < ARRAY_SIZE(behaviors); i++) {
      if (strcmp(d[2].text, behaviors[i].name) == 0) {
         pp->hooks->extension(pp->hooks->data, d[0].text, behaviors[i].b,
                              d[0].line, d[0].col);
         return;
      }
   }
   glsl_log_error(pp->log, d[2].line, d[2].col,
                  "unknown #extension behavior \"%s\"", d[2].text);
}

static void
do_line(struct pp *pp, const struct pp_token *d, unsigned n,
        const struct pp_token *hash, int physical_line)
{
   struct pp_token_list exp = { 0 };
   if (!expand_list(pp, d, n, &exp, 0))
      return;
   /* "#line line [source]": split at the top level into one or two
    * expressions; the simple cases are one number each. */
   int64_t line = 0;
   unsigned first = exp.count;
   if (exp.count >= 2 && exp.toks[exp.count - 1].kind == PP_NUMBER &&
       exp.toks[exp.count - 2].kind == PP_NUMBER)
      first = exp.count - 1;
   struct glcpp_expr_state st = {
      .toks = exp.toks, .count = first, .log = pp->log, .line = hash->line,
   };
   if (!glcpp_eval_expr(&st))
      return;
   line = st.result;
   if (first < exp.count) {
      struct glcpp_expr_state src = {
         .toks = exp.toks + first, .count = exp.count - first,
         .log = pp->log, .line = hash->line,
      };
      if (!glcpp_eval_expr(&src))
         return;
      if (src.result < 0 || src.result > PP_MAX_LINE) {
         glsl_log_error(pp->log, hash->line, hash->col, "#line source "
                        "string number %lld is out of range (0..%d)",
                        (long long)src.result, PP_MAX_LINE);
         return;
      }
   }
   /* Line numbers are non-negative and small enough that every later
    * line still has a number (messages must never say line 0 or wrap). */
   if (line < 0 || line > PP_MAX_LINE) {
      glsl_log_error(pp->log, hash->line, hash->col, "#line %lld is out of "
                     "range (0..%d)", (long long)line, PP_MAX_LINE);
      return;
   }
   /* GLSL 3.30 and ES 3.00 number the next line "line"; earlier versions
    * number it line + 1. */
   bool next_is_line = pp->es ? pp->version >= 300 : pp->version >= 330;
   int64_t next = next_is_line ? line : line + 1;
   pp->line_delta = (int)(next - (physical_line + 1));
}

static void
do_pragma(struct pp *pp, const struct pp_token *d, unsigned n)
{
   char *text = ralloc_strdup(pp->mem, "");
   for (unsigned i = 0; i < n; i++) {
      if (i)
         ralloc_strcat(&text, " ");
      ralloc_strcat(&text, d[i].text);
   }
   if (pp->hooks->pragma)
      pp->hooks->pragma(pp->hooks->data, text, n ? d[0].line : 0);
}

static void
directive(struct pp *pp, struct pp_token *hash, struct pp_token *d,
          unsigned n, int physical_line)
{
   bool live = pp_live(pp);
   const char *name = n && d[0].kind == PP_IDENT ? d[0].text : NULL;
   struct pp_token *args = d + 1;
   unsigned nargs = n ? n - 1 : 0;

   if (n == 0)
      return; /* the null directive */
   if (live && (!name || strcmp(name, "version")))
      implicit_version(pp, hash->line);

   if (name && (!strcmp(name, "if") || !strcmp(name, "ifdef") ||
                !strcmp(name, "ifndef"))) {
      if (!live) {
         push_cond(pp, false, hash->line);
         return;
      }
      int64_t v = 0;
      if (name[2] == 0) {
         if (!eval(pp, args, nargs, hash->line, &v))
            v = 0;
      } else if (nargs == 0 || args[0].kind != PP_IDENT) {
         glsl_log_error(pp->log, hash->line, hash->col,
                        "#%s needs a macro name", name);
      } else {
         v = (lookup(pp, args[0].text) != NULL) == (name[2] == 'd');
      }
      push_cond(pp, v != 0, hash->line);
      return;
   }
   if (name && (!strcmp(name, "elif") || !strcmp(name, "else"))) {
      if (pp->nconds == 0) {
         glsl_log_error(pp->log, hash->line, hash->col,
                        "#%s without #if", name);
         return;
      }
      struct pp_cond *c = &pp->conds[pp->nconds - 1];
      if (c->seen_else) {
         glsl_log_error(pp->log, hash->line, hash->col,
                        "#%s after #else", name);
         return;
      }
      if (name[1] == 'l' && name[2] == 's') {
         c->seen_else = true;
         c->live = c->parent_live && !c->taken;
      } else {
         int64_t v = 0;
         if (c->parent_live && !c->taken &&
             !eval(pp, args, nargs, hash->line, &v))
            v = 0;
         c->live = c->parent_live && !c->taken && v;
      }
      c->taken |= c->live;
      return;
   }
   if (name && !strcmp(name, "endif")) {
      if (pp->nconds == 0)
         glsl_log_error(pp->log, hash->line, hash->col, "#endif without #if");
      else
         pp->nconds--;
      return;
   }
   if (!live)
      return;

   if (name && !strcmp(name, "version")) {
      do_version(pp, args, nargs, hash);
      return;
   }
   if (!name) {
      glsl_log_error(pp->log, d[0].line, d[0].col, "invalid directive");
   } else if (!strcmp(name, "define")) {
      do_define(pp, args, nargs, hash);
   } else if (!strcmp(name, "undef")) {
      do_undef(pp, args, nargs, hash);
   } else if (!strcmp(name, "error")) {
      char *msg = ralloc_strdup(pp->mem, "");
      for (unsigned i = 0; i < nargs; i++) {
         if (i)
            ralloc_strcat(&msg, " ");
         ralloc_strcat(&msg, args[i].text);
      }
      glsl_log_error(pp->log, hash->line, hash->col, "#error %s", msg);
   } else if (!strcmp(name, "pragma")) {
      do_pragma(pp, args, nargs);
   } else if (!strcmp(name, "extension")) {
      do_extension(pp, args, nargs, hash);
   } else if (!strcmp(name, "line")) {
      do_line(pp, args, nargs, hash, physical_line);
   } else {
      glsl_log_error(pp->log, d[0].line, d[0].col,
                     "invalid directive #%s", name);
   }
}

/* ---- driver ---------------------------------------------------------- */

static void
flush_run(struct pp *pp, struct pp_token_list *run)
{
   if (!run->count)
      return;
   struct pp_token_list out = { 0 };
   if (expand_list(pp, run->toks, run->count, &out, 0)) {
      for (unsigned i = 0; i < out.count; i++)
         out_token(pp, &out.toks[i]);
   }
   list_free(&out);
   run->count = 0;
}

/* Whether expanding these tokens could start a function-like macro call
 * that takes its arguments from later lines: they name a function-like
 * macro, or an object-like macro whose body names a macro (which might
 * lead to one).  Otherwise their expansion is the same whether it happens
 * now or together with later lines. */
static bool
may_continue(struct pp *pp, const struct pp_token *t, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (t[i].kind != PP_IDENT)
         continue;
      const struct pp_macro *m = lookup(pp, t[i].text);
      if (!m)
         continue;
      if (m->function)
         return true;
      for (unsigned k = 0; k < m->nbody; k++) {
         if (m->body[k].kind == PP_IDENT && lookup(pp, m->body[k].text))
            return true;
      }
   }
   return false;
}

/* Length of the line terminator at src[k]: CR LF and LF CR count as one
 * (2), a lone CR or LF is 1, anything else 0. */
static size_t
newline_len(const char *src, size_t len, size_t k)
{
   if (k >= len || (src[k] != '\r' && src[k] != '\n'))
      return 0;
   if (k + 1 < len && (src[k + 1] == '\r' || src[k + 1] == '\n') &&
       src[k + 1] != src[k])
      return 2;
   return 1;
}

static char *
preprocess(struct pp *pp, const char *src, size_t len, struct glsl_log *log,
           const struct glcpp_hooks *hooks)
{
   unsigned errors = log->errors;
   pp->mem = pp;
   pp->log = log;
   pp->hooks = hooks;
   pp->budget = PP_MAX_EXPANDED_TOKENS;
   pp->out_line = 1;
   pp->out_col = 1;
   pp->macros = hash_table_create_string_keys(pp);
   if (!pp->macros)
      return NULL;
   out_append(pp, "", 0);

   define_builtin(pp, "__LINE__", PP_BUILTIN_LINE);
   define_builtin(pp, "__FILE__", PP_BUILTIN_FILE);
   define_builtin(pp, "__VERSION__", PP_BUILTIN_VERSION);

   /* Line terminators are CR, LF, CR LF or LF CR (GLSL 4.60 and ES 3.20
    * 3.2 "Source Strings": "If both are used together, it will count as
    * only a single line termination"); they become one LF here.
    * Backslash-newline joins lines everywhere (comments, identifiers); the
    * swallowed newlines are re-emitted after the joined line so later line
    * numbers stay right.  A NUL byte is not in the character set (not
    * even in comments, ES 3.00 3.4) and is an error rather than an end. */
   char *joined = ralloc_size(pp, len + 1);
   if (!joined)
      return NULL;
   size_t jlen = 0;
   unsigned pending = 0;
   int line = 1, col = 1;
   for (size_t k = 0; k < len; k++) {
      if (src[k] == 0) {
         glsl_log_error(log, line, col, "the shader contains a NUL byte "
                        "(byte %zu); NUL is not a GLSL character", k);
         return NULL;
      }
      if (src[k] == '\\' && newline_len(src, len, k + 1)) {
         k += newline_len(src, len, k + 1);
         pending++;
         line++;
         col = 1;
         continue;
      }
      size_t nl = newline_len(src, len, k);
      if (nl) {
         k += nl - 1;
         joined[jlen++] = '\n';
         /* Room: each pending newline replaced two or more source bytes. */
         for (; pending; pending--)
            joined[jlen++] = '\n';
         line++;
         col = 1;
         continue;
      }
      joined[jlen++] = src[k];
      col++;
   }
   joined[jlen] = 0;

   if (!glcpp_scan(pp, joined, jlen, &pp->in, log))
      return NULL;

   struct pp_token_list run = { 0 };
   bool run_open = false;
   struct pp_token *toks = pp->in.toks;
   unsigned i = 0;
   while (toks[i].kind != PP_EOF && !pp->fatal) {
      /* toks[i] starts a line. */
      unsigned end = i;
      while (toks[end].kind != PP_NEWLINE && toks[end].kind != PP_EOF)
         end++;
      int physical_line = toks[i].line;
      for (unsigned k = i; k < end; k++)
         toks[k].line += pp->line_delta;

      if (end > i && tok_is(&toks[i], "#")) {
         flush_run(pp, &run);
         run_open = false;
         directive(pp, &toks[i], &toks[i + 1], end - i - 1, physical_line);
         if (end > i + 1)
            pp->seen_content = true;
      } else if (end > i && pp_live(pp)) {
         implicit_version(pp, toks[i].line);
         pp->seen_content = true;
         for (unsigned k = i; k < end; k++)
            list_push(pp, &run, &toks[k]);
         /* Expand lines as they come while no macro call can continue on
          * a later line: the pending text then stays one line long. */
         run_open |= may_continue(pp, &toks[i], end - i);
         if (!run_open)
            flush_run(pp, &run);
      }
      i = toks[end].kind == PP_NEWLINE ? end + 1 : end;
   }
   flush_run(pp, &run);
   implicit_version(pp, 1);

   if (pp->nconds && !pp->fatal)
      glsl_log_error(log, pp->conds[pp->nconds - 1].line, 1,
                     "unterminated #if");
   if (log->errors != errors)
      return NULL;
   out_append(pp, "\n", 1);
   return pp->fatal ? NULL : pp->out;
}

/* The work happens under a context of its own, freed at the end: only the
 * output text moves to mem_ctx, so the token arrays and macro tables do
 * not stay alive while the parser and checker run. */
char *
glcpp_preprocess(void *mem_ctx, const char *src, size_t len,
                 struct glsl_log *log, const struct glcpp_hooks *hooks)
{
   struct pp *pp = rzalloc(NULL, struct pp);
   if (!pp)
      return NULL;
   char *out = preprocess(pp, src, len, log, hooks);
   if (out)
      ralloc_steal(mem_ctx, out);
   ralloc_free(pp);
   return out;
}
