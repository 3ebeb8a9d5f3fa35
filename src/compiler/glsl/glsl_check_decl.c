/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Declarations other than interface blocks, one function per kind:
 * precision statements, qualifier-only declarations ("invariant x;",
 * "layout(...) in;"), and variable lists with their storage,
 * interpolation, auxiliary and invariance qualifiers, initializers and
 * redeclarations.  Qualifier order (pre-4.20) is checked here too.
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

/* Qualifier order and repeats (noted by the parser): before GLSL 4.20 /
 * ES 3.10 / ARB_shading_language_420pack the order is fixed (GLSL 1.30
 * 4.7: invariant, interpolation, storage, precision; for parameters
 * const, in/out, precision); a repeated qualifier is always an error. */
void
check_qualifier_order(struct check *c, struct ast_node *n,
                      const struct ast_type *t)
{
   struct glsl_parse_state *st = c->st;
   if (t->order_error & (1u << 31))
      check_error(c, n, "a qualifier appears twice or conflicts with "
                  "another");
   else if (t->order_error && !glsl_is_version(st, 420, 310) &&
            !glsl_ext_enabled(st, "GL_ARB_shading_language_420pack"))
      check_error(c, n, "qualifiers are in the wrong order (before "
                  "GLSL 4.20 the order is invariant, interpolation, "
                  "storage, precision)");
}

/* Storage/interpolation rules for a global variable of type t. */
static void
global_qualifiers(struct check *c, struct ast_node *n, unsigned q,
                  const struct glsl_type *t)
{
   struct glsl_parse_state *st = c->st;
   gl_shader_stage s = st->stage;
   const struct glsl_type *e = glsl_without_array(t);

   if (type_is_error(e))
      return;
   if (q & AST_Q_ATTRIBUTE) {
      if (s != MESA_SHADER_VERTEX)
         check_error(c, n, "'attribute' is only allowed in vertex shaders");
      else if (e->base_type != GLSL_TYPE_FLOAT &&
               !(glsl_is_version(st, 130, 0) &&
                 glsl_type_is_integer_base(e->base_type)))
         check_error(c, n, "attributes must be float-based");
      else if (glsl_type_is_array(t) && !glsl_is_version(st, 150, 0))
         check_error(c, n, "attributes cannot be arrays");
   }
   if (q & AST_Q_VARYING) {
      /* A compatibility-profile geometry shader accepts the deprecated
       * 'varying' too, as an output (as Mesa compiles piglit's
       * glsl-1.50/execution/compatibility/gs-ff-frag.shader_test;
       * ARB_geometry_shader4's "varying out" is the same idea). */
      if (s != MESA_SHADER_VERTEX && s != MESA_SHADER_FRAGMENT &&
          !(s == MESA_SHADER_GEOMETRY && st->compat))
         check_error(c, n, "'varying' is only allowed in vertex and "
                     "fragment shaders");
      else if (e->base_type != GLSL_TYPE_FLOAT &&
               !(glsl_is_version(st, 130, 0) &&
                 glsl_type_is_integer_base(e->base_type)))
         check_error(c, n, "varyings must be float-based");
   }
   if (q & (AST_Q_IN | AST_Q_OUT)) {
      bool in = q & AST_Q_IN;
      if (!glsl_is_version(st, 130, 300) &&
          !glsl_ext_enabled(st, "GL_ARB_explicit_attrib_location") &&
          !glsl_ext_enabled(st, "GL_ARB_separate_shader_objects")) {
         check_error(c, n, "'%s' at global scope needs GLSL 1.30 or ES "
                     "3.00", in ? "in" : "out");
         return;
      }
      if (e->base_type == GLSL_TYPE_BOOL)
         check_error(c, n, "shader %ss cannot be boolean",
                     in ? "input" : "output");
      if (glsl_type_is_opaque(e))
         check_error(c, n, "shader %ss cannot be opaque types",
                     in ? "input" : "output");
      if (s == MESA_SHADER_VERTEX && in && e->base_type == GLSL_TYPE_STRUCT)
         check_error(c, n, "vertex shader inputs cannot be structures");
      else if (e->base_type == GLSL_TYPE_STRUCT &&
               !glsl_is_version(st, 150, 300))
         check_error(c, n, "shader inputs and outputs cannot be structures "
                     "before GLSL 1.50");
      if (s == MESA_SHADER_GEOMETRY && in && !glsl_type_is_array(t))
         check_error(c, n, "a geometry shader input needs an array "
                           "declaration (one element per vertex)");
      if (s == MESA_SHADER_VERTEX && in && e->base_type == GLSL_TYPE_DOUBLE &&
          !glsl_is_version(st, 410, 0) &&
          !glsl_ext_enabled(st, "GL_ARB_vertex_attrib_64bit"))
         check_error(c, n, "double vertex inputs need GLSL 4.10");
      if (s == MESA_SHADER_FRAGMENT && !in) {
         if (glsl_type_is_matrix(e) || e->base_type == GLSL_TYPE_STRUCT ||
             e->base_type == GLSL_TYPE_DOUBLE)
            check_error(c, n, "fragment shader outputs cannot be "
                        "matrices, structures or doubles");
      }
      bool varying_in = in && s == MESA_SHADER_FRAGMENT;
      bool varying_out = !in && s == MESA_SHADER_VERTEX && st->es;
      if ((varying_in || varying_out) && check_is_integer_or_double(t) &&
          !(q & AST_Q_FLAT))
         check_error(c, n, "%s of integer or double type must be "
                     "qualified 'flat'", in ? "fragment shader inputs" :
                     "vertex shader outputs");
      if ((q & AST_Q_INTERP) &&
          ((s == MESA_SHADER_VERTEX && in) ||
           (s == MESA_SHADER_FRAGMENT && !in)))
         check_error(c, n, "interpolation qualifiers are not allowed on "
                     "%s", in ? "vertex shader inputs" :
                     "fragment shader outputs");
      if ((q & AST_Q_CENTROID) &&
          ((s == MESA_SHADER_VERTEX && in) ||
           (s == MESA_SHADER_FRAGMENT && !in)))
         check_error(c, n, "'centroid' is not allowed on %s",
                     in ? "vertex shader inputs" : "fragment shader outputs");
   } else if (q & AST_Q_INTERP) {
      check_error(c, n, "interpolation qualifiers need 'in' or 'out'");
   }
   if ((q & AST_Q_CENTROID) &&
       !(q & (AST_Q_IN | AST_Q_OUT | AST_Q_VARYING)))
      check_error(c, n, "'centroid' needs 'in', 'out' or 'varying'");
   check_sample_qualifier(c, n, q);
   if (glsl_type_contains_opaque(t) &&
       !(q & (AST_Q_UNIFORM | AST_Q_IN | AST_Q_OUT)))
      check_error(c, n, "opaque variables must be declared 'uniform'");
}

/* The auxiliary storage qualifier `sample` (GLSL 4.00 4.3): on varyings
 * only, never with centroid, not on vertex inputs or fragment outputs. */
void
check_sample_qualifier(struct check *c, struct ast_node *n, unsigned q)
{
   if (!(q & AST_Q_SAMPLE))
      return;
   gl_shader_stage s = c->st->stage;
   if (q & AST_Q_CENTROID)
      check_error(c, n, "'sample' and 'centroid' cannot be combined");
   else if (!(q & (AST_Q_IN | AST_Q_OUT)))
      check_error(c, n, "'sample' needs 'in' or 'out'");
   else if ((s == MESA_SHADER_VERTEX && (q & AST_Q_IN)) ||
            (s == MESA_SHADER_FRAGMENT && (q & AST_Q_OUT)))
      check_error(c, n, "'sample' is not allowed on %s",
                  (q & AST_Q_IN) ? "vertex shader inputs"
                                 : "fragment shader outputs");
}

/* "precision P T;" (GLSL ES 1.00 4.5.3, GLSL 1.30 4.5.3). */
static void
precision_statement(struct check *c, struct ast_node *n)
{
   const struct glsl_type *t = check_resolve_type(c, n->type, n);
   if (type_is_error(t))
      return;
   if ((n->type->dims && n->type->dims->count) ||
       !(t->base_type == GLSL_TYPE_FLOAT ||
         t->base_type == GLSL_TYPE_INT || glsl_type_is_opaque(t)) ||
       (!glsl_type_is_scalar(t) && !glsl_type_is_opaque(t))) {
      check_error(c, n, "default precision can only be set for float, "
                  "int and opaque types");
      return;
   }
   /* Marks the scope as having a default precision for the type. */
   if (t->base_type == GLSL_TYPE_FLOAT)
      c->scope->float_precision = true;
   else if (glsl_type_is_opaque(t))
      check_scope_set_opaque_precision(c, t);
}

/* A declaration with qualifiers and no type: "invariant x;",
 * "precise x;", "layout(...) in;", "layout(...) uniform;" ... */
static void
qualifier_only(struct check *c, struct ast_node *n, bool global)
{
   struct glsl_parse_state *st = c->st;

   unsigned q = n->type->flags;
   if (!global && (q & AST_Q_LAYOUT)) {
      check_error(c, n, "layout declarations must be at global scope");
      return;
   }
   if (n->list.count == 0) {
      check_block_default_layout(c, n);
      check_early_fragment_tests(c, n);
      if (q & AST_Q_LAYOUT)
         check_layout_default(c, n, q);
      return; /* default layout / qualifier declarations */
   }
   for (struct ast_node *id = n->list.head; id; id = id->next) {
      struct check_var *v = check_lookup_var(c, id->name);
      if (!v) {
         check_error(c, id, "'%s' is not declared", id->name);
         continue;
      }
      if ((q & AST_Q_INVARIANT) && !(v->qual & (AST_Q_OUT |
                                                AST_Q_VARYING)) &&
          !(v->builtin && (v->qual & AST_Q_OUT)) &&
          /* inputs: as in variable_list (GLSL 1.50 4.6.1) */
          !(st->stage == MESA_SHADER_FRAGMENT &&
            (v->qual & (AST_Q_IN | AST_Q_VARYING)) &&
            (!st->es || st->version < 300)) &&
          !(st->stage == MESA_SHADER_GEOMETRY && (v->qual & AST_Q_IN)))
         check_error(c, id, "'invariant' can only qualify shader "
                     "outputs");
      else if ((q & AST_Q_INVARIANT) && st->es &&
               !strcmp(id->name, "gl_FrontFacing"))
         /* GLSL ES 1.00 4.6.1: "It is an error to declare gl_FrontFacing
          * as invariant." */
         check_error(c, id, "gl_FrontFacing cannot be declared invariant");
      /* "precise x;" qualifies a variable of the same scope (GLSL
       * 4.00 4.7.1: redeclaring a name from an outer scope would
       * declare a new variable). */
      if ((q & AST_Q_PRECISE) &&
          !hash_table_search(c->scope->names, id->name) &&
          !(v->builtin && c->scope == c->global))
         check_error(c, id, "'precise %s;' must be in the scope that "
                     "declares '%s'", id->name, id->name);
   }
}

/* The built-in variable a global gl_ declarator redeclares (NULL when
 * there is none); *error after an error. */
static struct check_var *
redeclared_builtin(struct check *c, struct ast_node *d, bool *error)
{
   if ((c->per_vertex_done & 1) &&
       check_builtin_is_per_vertex_member(d->name)) {
      check_error(c, d, "%s cannot be redeclared after gl_PerVertex",
                  d->name);
      *error = true;
      return NULL;
   }
   struct check_var *builtin = check_builtin_var(c, d->name);
   if (builtin && !check_builtin_redeclarable(c, d->name)) {
      check_error(c, d, "built-in variable %s cannot be redeclared",
                  d->name);
      *error = true;
      return NULL;
   }
   struct hash_entry *prev = hash_table_search(c->scope->names, d->name);
   if (builtin && prev)
      hash_table_remove(c->scope->names, prev); /* redeclared again */
   return builtin;
}

/* The initializer of declarator d (GLSL 1.10 4.3, 4.3.2 and 4.3.5;
 * GLSL 4.20 4.3.3): where one is allowed, when it must be constant,
 * the value of a const variable, and the size it gives an unsized
 * array (*t). */
static void
initializer(struct check *c, struct ast_node *d, bool global, unsigned q,
            struct check_var *v, const struct glsl_type **t)
{
   struct glsl_parse_state *st = c->st;
   if (q & (AST_Q_IN | AST_Q_OUT | AST_Q_ATTRIBUTE | AST_Q_VARYING |
            AST_Q_BUFFER)) {
      check_error(c, d, "shader inputs and outputs cannot be "
                  "initialized");
   } else if ((q & AST_Q_UNIFORM) && !glsl_is_version(st, 120, 0)) {
      check_error(c, d, "uniforms cannot be initialized in this "
                  "version");
   }
   struct check_value e = check_initializer(c, d->a, *t);
   if (!type_is_error(e.type))
      *t = e.type; /* sizes an unsized array */
   /* GLSL 4.20 4.3.3 and ARB_shading_language_420pack: a local const
    * may be initialized by any expression (then it is only read-only);
    * global ones still need constant expressions. */
   bool any_local_const = glsl_is_version(st, 420, 0) ||
      (!st->es && glsl_ext_enabled(st, "GL_ARB_shading_language_420pack"));
   bool need_const = (q & AST_Q_UNIFORM) || (global && st->es) ||
                     ((q & AST_Q_CONST) && (global || !any_local_const));
   if (need_const) {
      if (!e.is_const && !type_is_error(e.type)) {
         check_error(c, d, "initializer of '%s' must be a constant "
                     "expression", d->name);
      }
   }
   if (q & AST_Q_CONST) {
      v->is_const = e.is_const;
      v->value = e.has_value ? check_tmp_alloc(c, sizeof(*v->value)) : NULL;
      v->has_value = v->value != NULL;
      if (v->value)
         *v->value = e.val;
   }
}

/* One declarator of a variable list: its array type, redeclared
 * built-ins, the per-stage rules, the initializer and the symbol. */
static void
declarator(struct check *c, struct ast_node *n, struct ast_node *d,
           bool global, unsigned q, const struct glsl_type *base)
{
   struct glsl_parse_state *st = c->st;
   const struct glsl_type *t = check_apply_dims(c, base, &d->dims, true);
   /* Arrays of arrays: without an initializer only the outermost
    * dimension may be left unsized (GLSL 4.30 4.1.9). */
   if (!d->a && glsl_type_is_array(t)) {
      bool inner_unsized = false;
      for (const struct glsl_type *e = t->element; glsl_type_is_array(e);
           e = e->element)
         inner_unsized |= e->length < 0;
      if (inner_unsized) {
         check_error(c, d, "only the outermost dimension of '%s' may be "
                     "unsized", d->name);
         return;
      }
   }
   /* Some built-ins may be redeclared at global scope (to size them,
    * add layout or interpolation qualifiers). */
   bool error = false;
   struct check_var *builtin = NULL;
   if (global && !strncmp(d->name, "gl_", 3)) {
      builtin = redeclared_builtin(c, d, &error);
      if (error)
         return;
   }
   if (!builtin)
      check_scope_reserved_name(c, d->name, d);
   if (t->base_type == GLSL_TYPE_VOID) {
      check_error(c, d, "variable '%s' declared void", d->name);
      return;
   }
   /* ARB_compute_shader: "Compute shaders do not permit user-defined
    * input variables" (nor outputs). */
   if (global && !builtin && st->stage == MESA_SHADER_COMPUTE &&
       (q & (AST_Q_IN | AST_Q_OUT))) {
      check_error(c, d, "compute shaders have no user-defined inputs "
                  "or outputs");
      return;
   }
   if (global && !builtin && (q & AST_Q_IN))
      check_geom_input_array(c, d, &t);
   if (global && !builtin)
      check_tess_io_var(c, d, q, &t);
   if (global && !builtin && (q & (AST_Q_IN | AST_Q_OUT)))
      check_location_overlap(c, d, n->type, q, t);
   if (global && !builtin && (q & AST_Q_LAYOUT))
      check_layout_declarator(c, d, n->type, q, t);
   if (global && !builtin)
      global_qualifiers(c, d, q, t);
   else if (glsl_type_is_opaque(glsl_without_array(t)))
      check_error(c, d, "opaque variables cannot be declared locally");
   check_scope_float_precision(c, d, q, t);
   check_scope_opaque_precision(c, d, q, t);

   /* From the check's own chunks (freed after the check, not kept with
    * the syntax tree): one per declared variable, and a large shader
    * declares tens of thousands. */
   struct check_var *v = check_tmp_alloc(c, sizeof(*v));
   v->name = d->name;
   v->qual = q;
   v->line = d->line;
   v->global = global;
   v->decl = d;
   v->repeat_depth = c->repeat_depth;
   check_subroutine_variable(c, n, d, q, v);
   if (!builtin) {
      v->image_format = 1 + check_image_declaration(c, d, n->type, q, t);
      if (global)
         check_block_layout_placement(c, d, n->type, q, t);
   }
   v->read_only = q & (AST_Q_CONST | AST_Q_UNIFORM | AST_Q_ATTRIBUTE) ||
                  (q & AST_Q_IN) ||
                  ((q & AST_Q_VARYING) &&
                   st->stage == MESA_SHADER_FRAGMENT);
   if (builtin) {
      v->read_only = builtin->read_only;
      v->builtin = true;
      v->max_index = builtin->max_index;
      if (type_is_error(t))
         t = builtin->type;
      c->cur_layout = n->type->layout;
      check_builtin_redeclare(c, d, q, t, builtin);
   }

   if (d->a)
      initializer(c, d, global, q, v, &t);
   else if (q & AST_Q_CONST)
      check_error(c, d, "const variable '%s' needs an initializer",
                  d->name);
   /* (read back by the identifiers that name it, see ast_node::sema) */
   if (global && !builtin && v->is_const)
      d->sema = n;
   if (st->es && glsl_type_is_array(t) && t->length < 0)
      check_error(c, d, "unsized array '%s' is not allowed in GLSL ES",
                  d->name);
   /* An unsized array may be redeclared later with a size. */
   struct hash_entry *prev = hash_table_search(c->scope->names, d->name);
   struct check_sym *ps = prev ? prev->data : NULL;
   if (ps && ps->kind == CHECK_SYM_VAR && glsl_type_is_array(ps->var->type) &&
       ps->var->type->length < 0 && glsl_type_is_array(t) &&
       glsl_type_equal(ps->var->type->element, t->element)) {
      if (t->length >= 0 && t->length < ps->var->max_index)
         check_error(c, d, "'%s' redeclared with size %d, but index %d "
                     "was used", d->name, t->length,
                     ps->var->max_index - 1);
      ps->var->type = t;
      d->vtype = t;
      return;
   }

   v->type = t;
   d->vtype = t;
   struct check_sym *sym = check_tmp_alloc(c, sizeof(*sym));
   sym->kind = CHECK_SYM_VAR;
   sym->var = v;
   check_declare(c, d->name, sym, d);
}

/* "T a, b[2] = ...;": the qualifiers shared by the list, then each
 * declarator. */
static void
variable_list(struct check *c, struct ast_node *n, bool global)
{
   struct glsl_parse_state *st = c->st;

   unsigned q = n->type->flags;
   const struct glsl_type *base = check_resolve_type(c, n->type, n);
   check_qualifier_order(c, n, n->type);

   if (!global && (q & (AST_Q_UNIFORM | AST_Q_BUFFER | AST_Q_ATTRIBUTE |
                        AST_Q_VARYING | AST_Q_IN | AST_Q_OUT | AST_Q_INOUT |
                        AST_Q_SHARED | AST_Q_PATCH | AST_Q_CENTROID |
                        AST_Q_INTERP | AST_Q_SAMPLE))) {
      check_error(c, n, "storage and interpolation qualifiers are not "
                  "allowed on local variables");
      q &= ~(AST_Q_UNIFORM | AST_Q_BUFFER | AST_Q_ATTRIBUTE |
             AST_Q_VARYING | AST_Q_IN | AST_Q_OUT | AST_Q_INOUT);
   }
   if (q & AST_Q_INOUT) {
      check_error(c, n, "'inout' is only allowed on function parameters");
   }
   if ((q & AST_Q_INVARIANT) && global &&
       !(q & (AST_Q_OUT | AST_Q_VARYING)) &&
       /* GLSL 1.50 4.6.1: outputs "including those that are then input
        * to a subsequent shader" are candidates, so geometry and
        * fragment inputs may repeat the invariance (piglit's glsl-1.50
        * invariant-qualifier-everywhere); GLSL ES 3.00 4.6.1 forbids it
        * on fragment inputs. */
       !(st->stage == MESA_SHADER_FRAGMENT && (q & (AST_Q_IN | AST_Q_VARYING))
         && (!st->es || st->version < 300)) &&
       !(st->stage == MESA_SHADER_GEOMETRY && (q & AST_Q_IN))) {
      check_error(c, n, "'invariant' can only qualify shader outputs");
   }
   if (!global && (q & AST_Q_INVARIANT))
      check_error(c, n, "'invariant' is not allowed on local variables");
   if (!global && (q & AST_Q_LAYOUT))
      check_error(c, n, "layout qualifiers are not allowed on local "
                  "variables");
   {
      const struct glsl_type *e = glsl_without_array(base);
      if ((q & AST_Q_PRECISION) && !type_is_error(e) &&
          !(e->base_type == GLSL_TYPE_FLOAT || e->base_type == GLSL_TYPE_INT ||
            e->base_type == GLSL_TYPE_UINT || glsl_type_is_opaque(e)))
         check_error(c, n, "precision qualifiers only apply to float, "
                     "integer and opaque types");
   }

   if (global && (q & AST_Q_LAYOUT))
      check_layout_variable(c, n, q);
   if (n->list.count == 0) {
      /* "struct S {...};" or a bare type: fine. */
      if (!n->type->struct_def && !type_is_error(base) && q)
         glsl_log_warning(&st->log, n->line, n->col,
                          "declaration declares nothing");
      return;
   }

   for (struct ast_node *d = n->list.head; d; d = d->next)
      declarator(c, n, d, global, q, base);
}

void
check_declaration(struct check *c, struct ast_node *n, bool global)
{
   switch (n->kind) {
   case AST_FUNCTION:
      if (!global) {
         check_error(c, n, "functions cannot be declared inside functions");
         return;
      }
      check_function(c, n);
      return;
   case AST_PRECISION:
      precision_statement(c, n);
      return;
   case AST_QUALIFIER_ONLY:
      qualifier_only(c, n, global);
      return;
   case AST_BLOCK:
      return; /* interface blocks: see check_block */
   case AST_DECL_LIST:
      variable_list(c, n, global);
      return;
   default:
      return;
   }
}
