/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Function calls: overload resolution over user signatures and the
 * built-in tables (exact match first, then implicit conversions with the
 * GLSL 4.00 ranking), out and inout arguments, the checks particular to
 * some built-in families (images, textures, interpolation, barrier),
 * constant folding of built-in calls, the length() method, and the static
 * recursion check.
 *
 * Recursion: GLSL forbids recursion even when it could never happen at
 * run time (GLSL 1.10 6.1: "Recursion is not allowed, not even
 * statically"; ES 1.00 6.1 and later versions say the same), so every
 * call between user functions is an edge of a call graph, and a cycle in
 * that graph, found once the whole unit is checked, is an error.
 */
#include <string.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

struct cand {
   const struct glsl_type *ret;
   unsigned nparams;
   const struct glsl_type *params[16];
   bool out[16];
   bool inout[16];
   bool constant;
   bool builtin;
   struct check_func *sig; /* user function */
};


/* Conversion rank for overload ranking (GLSL 4.00 6.1): 0 exact, 1
 * float->double, 2 int/uint->float, 3 other. */
static int
conv_rank(const struct glsl_type *from, const struct glsl_type *to)
{
   if (glsl_type_equal(from, to) || type_is_error(from))
      return 0;
   if (from->base_type == GLSL_TYPE_FLOAT && to->base_type == GLSL_TYPE_DOUBLE)
      return 1;
   if (to->base_type == GLSL_TYPE_FLOAT)
      return 2;
   return 3;
}

/* Whether converting `from` to `a` is better than to `b` (GLSL 4.00 6.1):
 * an exact match beats any conversion, float->double beats every other
 * conversion, and int/uint->float beats int/uint->double.  Other pairs
 * (int->float against int->uint, say) are not ordered. */
static bool
conv_better(const struct glsl_type *from, const struct glsl_type *a,
            const struct glsl_type *b)
{
   int ra = conv_rank(from, a), rb = conv_rank(from, b);
   if (ra == rb || rb == 0)
      return false;
   if (ra == 0 || ra == 1)
      return ra < rb;
   return ra == 2 && b->base_type == GLSL_TYPE_DOUBLE;
}

static bool
cand_matches(struct check *c, const struct cand *k, struct check_value *args,
             unsigned nargs, bool exact)
{
   if (k->nparams != nargs)
      return false;
   for (unsigned i = 0; i < nargs; i++) {
      if (type_is_error(args[i].type) || type_is_error(k->params[i]))
         continue;
      if (glsl_type_equal(args[i].type, k->params[i]))
         continue;
      /* An inout argument converts both ways, so only its own type
       * fits (GLSL 4.00 section 6.1). */
      if (exact || k->inout[i])
         return false;
      if (k->out[i] ? !check_can_convert(c, k->params[i], args[i].type)
                    : !check_can_convert(c, args[i].type, k->params[i]))
         return false;
   }
   return true;
}

static bool
cand_better(const struct cand *a, const struct cand *b,
            struct check_value *args,
            unsigned nargs)
{
   bool strictly = false;
   for (unsigned i = 0; i < nargs; i++) {
      if (conv_better(args[i].type, b->params[i], a->params[i]))
         return false;
      if (conv_better(args[i].type, a->params[i], b->params[i]))
         strictly = true;
   }
   return strictly;
}

/* Built-in families whose overloads the tables only partly describe: a
 * call to a built-in available here that matches none of its listed
 * overloads is accepted unchecked.  Since wave 15 only the texture
 * lookups are such a family: the geometry-stream, barrier, memory
 * barrier, atomic counter and interpolateAt* rows list every overload
 * their specs give (GLSL 4.60 8.10-8.17), so a call to one of them with
 * other arguments is the usual "no overload" error. */
static bool
lenient_builtin(const char *name)
{
   /* Texture functions whose every overload is tabled are checked. */
   static const char *const strict[] = {
      "textureGather", "textureGatherOffset", "textureGatherOffsets",
      "textureQueryLevels", "textureSize", "texelFetch",
      /* tabled in wave 15 (GLSL 1.30/1.40 8.7, ES 3.00 8.8) */
      "textureProjOffset", "textureProjLodOffset", "textureGradOffset",
      "textureProjGrad", "textureProjGradOffset",
   };
   for (unsigned i = 0; i < ARRAY_SIZE(strict); i++) {
      if (!strcmp(name, strict[i]))
         return false;
   }
   static const char *const prefixes[] = { "texture", "texel", "shadow" };
   for (unsigned i = 0; i < ARRAY_SIZE(prefixes); i++) {
      if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
         return true;
   }
   return false;
}

/* An extension that adds a built-in of this name to the current stage
 * (glsl_builtins.py names it on the rows it adds), for the message when
 * the shader has not enabled it; NULL when no row names one. */
static const char *
missing_extension(struct check *c, const char *name)
{
   unsigned nrows;
   const unsigned *rows = check_builtin_func_rows(c, name, &nrows);
   for (unsigned r = 0; r < nrows; r++) {
      const struct glsl_builtin_func *f = &glsl_builtin_funcs[rows[r]];
      if (f->ext && (f->stages & (1u << c->st->stage)))
         return f->ext;
   }
   return NULL;
}

/* The error of a call to a built-in that exists but not `where` (with
 * ext, when known, the extension that would add it). */
static void
unavailable(struct check *c, struct ast_node *n, const char *where,
            const char *ext)
{
   check_error(c, n, "built-in function '%s' is not available in %s%s%s%s",
               n->name, where, ext ? " (" : "", ext ? ext : "",
               ext ? " adds it)" : "");
}

/* True if an earlier built-in candidate has the parameter types fp of a
 * row with nparams parameters (resolved once by the caller). */
static bool
builtin_row_listed(const struct cand *cands, unsigned ncands,
                   unsigned nparams, const struct glsl_type *const *fp)
{
   for (unsigned k = 0; k < ncands; k++) {
      if (!cands[k].builtin || cands[k].nparams != nparams)
         continue;
      bool same = true;
      for (unsigned p = 0; p < nparams && same; p++)
         same = cands[k].params[p] == fp[p];
      if (same)
         return true;
   }
   return false;
}

/* A call: its arguments, then a constructor, a subroutine call or the
 * overload of a user or built-in function.  Temporaries go to tmp, freed
 * by the caller, so memory does not grow with the number of calls. */
static struct check_value
resolve_call(struct check *c, struct ast_node *n, void *tmp)
{
   unsigned nargs = n->list.count;
   struct check_value *args = ralloc_array(tmp, struct check_value,
                                           nargs ? nargs : 1);
   unsigned i = 0;
   for (struct ast_node *a = n->list.head; a; a = a->next)
      args[i++] = check_expr(c, a);

   /* Constructors: a type specifier, or a name that is a type. */
   const struct glsl_type *ctor = NULL;
   if (n->type) {
      if (n->type->type_name && !n->type->builtin &&
          check_subroutine_type(c, n->type->type_name)) {
         check_error(c, n, "'%s' is a subroutine type, not a function",
                     n->type->type_name);
         return check_expr_error();
      }
      ctor = check_resolve_type(c, n->type, n);
      if (type_is_error(ctor))
         return check_expr_error();
   } else {
      struct check_sym *sym = check_lookup(c, n->name);
      if (sym && sym->kind == CHECK_SYM_TYPE)
         ctor = sym->type;
      else if (sym && sym->kind == CHECK_SYM_VAR) {
         /* Subroutine uniforms are called like functions. */
         if (sym->var->subroutine_type ||
             ((sym->var->qual & AST_Q_SUBROUTINE) &&
              type_is_error(glsl_without_array(sym->var->type))))
            return check_subroutine_call(c, n, sym->var, args, nargs);
         check_error(c, n, "'%s' is a variable, not a function", n->name);
         return check_expr_error();
      }
      if (n->b) {
         check_error(c, n, "only subroutine uniform arrays can be indexed "
                     "and called");
         return check_expr_error();
      }
      if (sym && sym->kind == CHECK_SYM_FUNC && sym->sigs &&
          sym->sigs->subroutine_type && !sym->sigs->next) {
         check_error(c, n, "'%s' is a subroutine type, not a function",
                     n->name);
         return check_expr_error();
      }
   }
   if (ctor) {
      if (n->is_definition)
         nargs = 0; /* T(void) */
      return check_constructor(c, n, ctor, args, nargs);
   }

   /* Candidates: user signatures, then built-ins unless hidden. */
   struct cand *cands = NULL;
   unsigned ncands = 0, cap = 0;
   struct check_sym *sym = check_lookup(c, n->name);
   bool user = sym && sym->kind == CHECK_SYM_FUNC;
   bool hide_builtins = user && glsl_is_version(c->st, 120, 300);
   for (struct check_func *s = user ? sym->sigs : NULL; s; s = s->next) {
      if (ncands == cap) {
         cap = cap ? cap * 2 : 16;
         cands = reralloc(tmp, cands, struct cand, cap);
      }
      struct cand *k = &cands[ncands++];
      memset(k, 0, sizeof(*k));
      k->ret = s->ret;
      k->sig = s;
      k->nparams = MIN2(s->nparams, 16);
      for (unsigned p = 0; p < k->nparams; p++) {
         k->params[p] = s->params[p];
         k->out[p] = s->param_qual[p] & (AST_Q_OUT | AST_Q_INOUT);
         k->inout[p] = s->param_qual[p] & AST_Q_INOUT;
      }
   }
   bool builtin_name = false, stage_miss = false;
   if (!hide_builtins) {
      unsigned nrows;
      const unsigned *rows = check_builtin_func_rows(c, n->name, &nrows);
      for (unsigned r = 0; r < nrows; r++) {
         const struct glsl_builtin_func *f = &glsl_builtin_funcs[rows[r]];
         builtin_name = true;
         struct glsl_parse_state *st = c->st;
         bool avail = (f->ext && glsl_ext_enabled(st, f->ext)) ||
                      (st->es ? f->es && st->version >= f->es &&
                                (!f->es_until || st->version < f->es_until)
                              : f->desk && st->version >= f->desk &&
                                (!f->desk_until ||
                                 st->version < f->desk_until || st->compat));
         if (avail && !(f->stages & (1u << st->stage)))
            stage_miss = true;
         if (!avail || !(f->stages & (1u << st->stage)))
            continue;
         const struct glsl_type *fp[16];
         const unsigned fn = MIN2(f->nparams, 16);
         for (unsigned p = 0; p < fn; p++)
            fp[p] = check_type_from_string(c, f->params[p].type);
         if (builtin_row_listed(cands, ncands, f->nparams, fp))
            continue; /* the same overload from another extension */
         if (ncands == cap) {
            cap = cap ? cap * 2 : 16;
            cands = reralloc(tmp, cands, struct cand, cap);
         }
         struct cand *k = &cands[ncands++];
         memset(k, 0, sizeof(*k));
         k->ret = check_type_from_string(c, f->ret);
         k->nparams = MIN2(f->nparams, 16);
         k->builtin = true;
         k->constant = f->constant;
         for (unsigned p = 0; p < k->nparams; p++) {
            k->params[p] = fp[p];
            k->out[p] = f->params[p].out;
            k->inout[p] = f->params[p].inout;
         }
      }
      const struct glsl_untabled_func *u =
         builtin_name || user ? NULL : check_untabled_func(n->name);
      if (u && check_untabled_available(c, u))
         return check_expr_error(); /* known built-in we do not describe */
      if (u) {
         unavailable(c, n, "this version", u->ext);
         return check_expr_error();
      }
      /* Only the rows say which versions, stages and extensions have a
       * tabled built-in: with none of them here the call is an error,
       * whatever other extensions the shader enables. */
      if (builtin_name && !user && ncands == 0) {
         const char *ext = stage_miss ? NULL : missing_extension(c, n->name);
         unavailable(c, n, "this version or stage", ext);
         return check_expr_error();
      }
   }
   if (!user && !builtin_name) {
      check_error(c, n, "function '%s' is not declared", n->name);
      return check_expr_error();
   }

   for (i = 0; i < nargs; i++) {
      if (type_is_error(args[i].type))
         return check_expr_error();
   }

   const struct cand *best = NULL;
   for (unsigned k = 0; k < ncands; k++) {
      if (cand_matches(c, &cands[k], args, nargs, true)) {
         best = &cands[k];
         break;
      }
   }
   if (!best) {
      unsigned nmatch = 0;
      for (unsigned k = 0; k < ncands; k++) {
         if (!cand_matches(c, &cands[k], args, nargs, false))
            continue;
         nmatch++;
         if (!best || cand_better(&cands[k], best, args, nargs))
            best = &cands[k];
      }
      if (nmatch > 1) {
         /* Before 4.00 several matches through conversions are an error;
          * from 4.00 the best one must beat every other. */
         bool unique = glsl_is_version(c->st, 400, 0) ||
                       glsl_ext_enabled(c->st, "GL_ARB_gpu_shader5");
         for (unsigned k = 0; k < ncands && unique; k++) {
            if (&cands[k] != best &&
                cand_matches(c, &cands[k], args, nargs, false) &&
                !cand_better(best, &cands[k], args, nargs))
               unique = false;
         }
         if (!unique) {
            check_error(c, n, "call to '%s' is ambiguous", n->name);
            return check_expr_error();
         }
      }
   }
   if (!best && lenient_builtin(n->name) && !user && ncands > 0)
      return check_expr_error(); /* the tables do not describe every overload */
   if (!best) {
      char *sig = ralloc_asprintf(tmp, "%s(", n->name);
      for (i = 0; i < nargs; i++)
         ralloc_asprintf_append(&sig, "%s%s", i ? ", " : "",
                                check_type_name(c, args[i].type));
      check_error(c, n, "no overload of %s) matches", sig);
      return check_expr_error();
   }
   for (i = 0; i < nargs; i++) {
      if (best->out[i] &&
          check_require_lvalue(c, n, &args[i], "an out or inout argument") &&
          args[i].var)
         check_note_write(c, args[i].var);
   }
   if (best->sig)
      check_note_call(c, best->sig);
   check_image_call(c, n, n->name, best->sig, args, nargs);
   if (best->builtin)
      check_texture_call(c, n, n->name, args, nargs);
   if (best->builtin && !strcmp(n->name, "barrier"))
      check_tess_barrier(c, n);
   if (best->builtin)
      check_interpolant(c, n, n->name, args, nargs);
   bool is_const = best->builtin && best->constant;
   bool known = is_const;
   for (i = 0; i < nargs; i++) {
      is_const &= args[i].is_const;
      known &= args[i].has_value;
   }
   struct check_value r = check_rvalue(best->ret, is_const);
   if (is_const && known) {
      for (i = 0; i < nargs; i++)
         args[i] = check_convert(c, args[i], best->params[i]);
      r.has_value = check_fold_builtin(n->name, best->ret, args, nargs,
                                       &r.val);
   }
   return r;
}

struct check_value
check_call(struct check *c, struct ast_node *n)
{
   void *tmp = ralloc_context(c->mem);
   struct check_value r = resolve_call(c, n, tmp);
   ralloc_free(tmp);
   return r;
}

struct check_value
check_method(struct check *c, struct ast_node *n)
{
   /* length() reads no element (writeonly buffer arrays have one). */
   c->not_read = !strcmp(n->name, "length");
   struct check_value base = check_expr(c, n->a);
   c->not_read = false;
   if (type_is_error(base.type))
      return check_expr_error();
   if (strcmp(n->name, "length")) {
      check_error(c, n, "unknown method '%s'", n->name);
      return check_expr_error();
   }
   if (n->list.count) {
      check_error(c, n, "length() takes no arguments");
      return check_expr_error();
   }
   struct check_value r = check_rvalue(glsl_simple_type(GLSL_TYPE_INT, 1, 1),
                                       true);
   const struct glsl_type *t = base.type;
   if (glsl_type_is_array(t)) {
      if (!glsl_is_version(c->st, 120, 300)) {
         check_error(c, n, "length() needs GLSL 1.20 or ES 3.00");
         return check_expr_error();
      }
      if (t->length < 0) {
         /* Sized later (geometry inputs, by the linker) or at run time
          * (buffer arrays): unknown here.  Other unsized arrays have no
          * length yet. */
         struct check_var *v = base.var;
         if (v && base.whole_var && !check_tess_length_known(c, n, v))
            return check_expr_error();
         /* Patch arrays are sized by their declaration only. */
         if (v && base.whole_var && (v->qual & AST_Q_PATCH)) {
            check_error(c, n, "length() of the unsized patch array '%s'",
                        v->name);
            return check_expr_error();
         }
         if (v && base.whole_var && v->builtin &&
             (!strcmp(v->name, "gl_TexCoord") ||
              !strcmp(v->name, "gl_ClipDistance") ||
              !strcmp(v->name, "gl_CullDistance"))) {
            check_error(c, n, "length() of %s before it is sized", v->name);
            return check_expr_error();
         }
         if (v && base.whole_var && !v->builtin &&
             !(v->qual & (AST_Q_BUFFER | AST_Q_IN | AST_Q_OUT)) &&
             !v->block_field && !check_any_extension_on(c)) {
            check_error(c, n, "length() of the unsized array '%s'",
                        v->name);
            return check_expr_error();
         }
         r.is_const = !(v && (v->qual & AST_Q_BUFFER));
         if (c->st->stage == MESA_SHADER_GEOMETRY && v &&
             (v->qual & AST_Q_IN)) {
            check_error(c, n, "length() of a geometry input before the "
                        "input primitive is declared");
            c->gs_length_unsized = true;
            return check_expr_error();
         }
      } else {
         r.has_value = true;
         r.val.c[0].i = t->length;
      }
      return r;
   }
   if ((glsl_type_is_vector(t) || glsl_type_is_matrix(t)) &&
       (glsl_is_version(c->st, 420, 0) ||
        glsl_ext_enabled(c->st, "GL_ARB_shading_language_420pack"))) {
      r.has_value = true;
      r.val.c[0].i = glsl_type_is_matrix(t) ? t->matrix_columns :
                     t->vector_elements;
      return r;
   }
   check_error(c, n, "length() is not defined for %s", check_type_name(c, t));
   return check_expr_error();
}
/* ---- static recursion ------------------------------------------------- */

void
check_note_call(struct check *c, struct check_func *callee)
{
   if (c->func) /* else a call in a global initialiser: no caller */
      check_add_call_edge(c, c->func, callee);
}

void
check_add_call_edge(struct check *c, struct check_func *caller,
                    struct check_func *callee)
{
   if (!caller->callee_set) {
      caller->callee_set = set_create_pointer_keys(c->tmp);
      util_dynarray_init(&caller->callees, c->tmp);
   }
   if (set_contains(caller->callee_set, callee))
      return;
   set_add(caller->callee_set, callee);
   util_dynarray_append(&caller->callees, struct check_func *, callee);
}

struct frame {
   struct check_func *sig;
   unsigned next; /* index of the next callee to visit */
};

static unsigned
num_callees(const struct check_func *s)
{
   return s->callee_set ?
          util_dynarray_num_elements(&s->callees, struct check_func *) : 0;
}

/* Depth-first search without recursion (a hostile shader may chain many
 * thousands of functions). */
static void
visit_from(struct check *c, struct check_func *root,
           struct util_dynarray *stack)
{
   util_dynarray_clear(stack);
   root->visit = 1;
   util_dynarray_append(stack, struct frame,
                        ((struct frame) { .sig = root, .next = 0 }));
   while (util_dynarray_num_elements(stack, struct frame)) {
      struct frame *f = util_dynarray_top_ptr(stack, struct frame);
      if (f->next >= num_callees(f->sig)) {
         f->sig->visit = 2;
         (void)util_dynarray_pop(stack, struct frame);
         continue;
      }
      struct check_func *callee =
         *util_dynarray_element(&f->sig->callees, struct check_func *,
                                f->next++);
      if (callee->visit == 1) {
         if (callee == f->sig)
            glsl_log_error(&c->st->log, callee->line, 1, "function '%s' "
                           "calls itself (recursion is not allowed)",
                           callee->name);
         else
            glsl_log_error(&c->st->log, callee->line, 1, "function '%s' "
                           "is called recursively through '%s' "
                           "(recursion is not allowed)", callee->name,
                           f->sig->name);
      } else if (callee->visit == 0) {
         callee->visit = 1;
         util_dynarray_append(stack, struct frame,
                              ((struct frame) { .sig = callee, .next = 0 }));
      }
   }
}

void
check_recursion(struct check *c)
{
   struct util_dynarray stack;
   util_dynarray_init(&stack, c->mem);
   hash_table_foreach(c->global->names, e) {
      struct check_sym *sym = e->data;
      if (!sym || sym->kind != CHECK_SYM_FUNC)
         continue;
      for (struct check_func *s = sym->sigs; s; s = s->next) {
         if (s->visit == 0)
            visit_from(c, s, &stack);
      }
   }
   util_dynarray_fini(&stack);
}
