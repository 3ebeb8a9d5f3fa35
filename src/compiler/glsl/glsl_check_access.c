/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Access into values (GLSL 1.10 5.5-5.7 and later): swizzles (one naming
 * set, at most four components, no repeats in an l-value), structure and
 * block member selection, and indexing of arrays, vectors and matrices
 * (constant indices in range, sizes learnt from indices of unsized arrays,
 * the per-stage rules of built-in and per-vertex arrays).
 */
#include <string.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

static struct check_value
swizzle_value(struct check *c, struct ast_node *n,
              struct check_value base)
{
   static const char *const sets[] = { "xyzw", "rgba", "stpq" };
   const char *s = n->name;
   size_t len = strlen(s);
   unsigned size = base.type->vector_elements;
   int set = -1;
   bool repeated = false;
   unsigned seen = 0;
   int idx[4];

   if (len > 4) {
      check_error(c, n, "swizzle '%s' is too long", s);
      return check_expr_error();
   }
   for (size_t i = 0; i < len; i++) {
      int found = -1, fset = -1;
      for (int k = 0; k < 3 && found < 0; k++) {
         const char *p = strchr(sets[k], s[i]);
         if (p && s[i]) {
            found = p - sets[k];
            fset = k;
         }
      }
      if (found < 0 || (set >= 0 && fset != set)) {
         check_error(c, n, "invalid swizzle '%s'", s);
         return check_expr_error();
      }
      set = fset;
      if ((unsigned)found >= size) {
         check_error(c, n, "swizzle '%s' selects a component beyond %s", s,
                     check_type_name(c, base.type));
         return check_expr_error();
      }
      if (seen & (1u << found))
         repeated = true;
      seen |= 1u << found;
      idx[i] = found;
   }
   struct check_value r = base;
   r.whole_var = false; /* a swizzle is a part of the variable */
   r.member = NULL;
   r.type = glsl_simple_type(base.type->base_type, len, 1);
   r.lvalue = base.lvalue && !repeated;
   if (repeated)
      r.not_lvalue_why = "a swizzle with repeated components";
   if (base.has_value) {
      for (size_t i = 0; i < len; i++)
         r.val.c[i] = base.val.c[idx[i]];
   }
   return r;
}

struct check_value
check_access_field(struct check *c, struct ast_node *n)
{
   struct check_value base = check_expr(c, n->a);
   if (type_is_error(base.type))
      return check_expr_error();
   const struct glsl_type *t = base.type;
   if (t->base_type == GLSL_TYPE_STRUCT ||
       t->base_type == GLSL_TYPE_INTERFACE) {
      int i = check_field_index(c, t, n->name);
      if (i >= 0) {
         struct check_value r = base;
         r.type = t->fields[i].type;
         r.has_value = false;
         /* GLSL 4.30 section 4.10: readonly buffer members. */
         if (t->base_type == GLSL_TYPE_INTERFACE &&
             (t->fields[i].qualifiers & AST_Q_READONLY)) {
            r.lvalue = false;
            r.not_lvalue_why = "a readonly buffer member";
         }
         if (t->base_type == GLSL_TYPE_INTERFACE)
            check_buffer_read(c, n, n->name, t->fields[i].qualifiers,
                              r.type);
         r.member = t->base_type == GLSL_TYPE_INTERFACE ? n->name : NULL;
         return r;
      }
      if (t->name && !strcmp(t->name, "gl_PerVertex")) {
         /* Every built-in gl_PerVertex has these three, and the
          * compatibility profile's the fixed-function members too; a
          * block without one was redeclared without it (GLSL 4.10 7.1:
          * using a member left out of the redeclaration is an error).
          * gl_CullDistance is not listed: accepted unchecked. */
         bool core_member = !strcmp(n->name, "gl_Position") ||
                            !strcmp(n->name, "gl_PointSize") ||
                            !strcmp(n->name, "gl_ClipDistance");
         if (!strcmp(n->name, "gl_CullDistance"))
            return check_expr_error();
         if (core_member || (c->st->compat &&
                             check_builtin_is_per_vertex_member(n->name))) {
            check_error(c, n, "'%s' is not in the redeclared gl_PerVertex",
                        n->name);
            return check_expr_error();
         }
      }
      check_error(c, n, "'%s' has no member '%s'", check_type_name(c, t),
                  n->name);
      return check_expr_error();
   }
   if (glsl_type_is_vector(t))
      return swizzle_value(c, n, base);
   if (glsl_type_is_scalar(t)) {
      if (!glsl_is_version(c->st, 420, 0) &&
          !glsl_ext_enabled(c->st, "GL_ARB_shading_language_420pack")) {
         check_error(c, n, "swizzling scalars needs GLSL 4.20");
         return check_expr_error();
      }
      return swizzle_value(c, n, base);
   }
   check_error(c, n, "cannot select '%s' from a value of type %s", n->name,
               check_type_name(c, t));
   return check_expr_error();
}

struct check_value
check_access_index(struct check *c, struct ast_node *n)
{
   struct check_value base = check_expr(c, n->a);
   bool target = c->not_read;
   c->not_read = false;
   struct check_value idx = check_expr(c, n->b);
   c->not_read = target;
   if (type_is_error(base.type) || type_is_error(idx.type))
      return check_expr_error();
   if (!glsl_type_is_scalar(idx.type) ||
       !(idx.type->base_type == GLSL_TYPE_INT ||
         idx.type->base_type == GLSL_TYPE_UINT)) {
      check_error(c, n, "array index must be a scalar integer");
      return check_expr_error();
   }
   const struct glsl_type *t = base.type;
   int64_t i = idx.has_value ? idx.val.c[0].i : 0;
   struct check_value r = base;
   r.is_const = base.is_const && idx.is_const;
   r.has_value = false;
   r.whole_var = false;
   r.member = NULL;
   int limit;
   if (glsl_type_is_array(t)) {
      r.type = t->element;
      limit = t->length;
      const struct glsl_type *el = glsl_without_array(t);
      bool dyn_ok = glsl_is_version(c->st, 400, 320) ||
                    glsl_ext_enabled(c->st, "GL_ARB_gpu_shader5") ||
                    glsl_ext_enabled(c->st, "GL_EXT_gpu_shader5");
      if (!idx.is_const && !dyn_ok && glsl_is_version(c->st, 130, 300) &&
          (el->base_type == GLSL_TYPE_SAMPLER ||
           (el->base_type == GLSL_TYPE_INTERFACE && base.var &&
            (base.var->qual & AST_Q_UNIFORM)))) {
         check_error(c, n, "arrays of samplers and uniform blocks need "
                     "constant indices in this version");
         return check_expr_error();
      }
      if (limit < 0 && base.member && !glsl_type_is_array(r.type)) {
         /* An unsized member of a named block (or of gl_in[]) is sized by
          * its constant indices, so it cannot be indexed dynamically
          * (GLSL 1.50 4.3.7), except the last member of a buffer block.
          * gl_ClipDistance holds at most gl_MaxClipDistances (8). */
         if (!idx.is_const && !(base.var && (base.var->qual & AST_Q_BUFFER))) {
            check_error(c, n, "unsized array '%s' indexed with a "
                        "non-constant expression", base.member);
            return check_expr_error();
         }
         if (idx.has_value && !strcmp(base.member, "gl_ClipDistance") &&
             idx.val.c[0].i >= 8) {
            check_error(c, n, "index %lld is beyond the size of %s",
                        (long long)idx.val.c[0].i, base.member);
            return check_expr_error();
         }
      }
      if (limit < 0 && base.whole_var && base.var) {
         /* Implicitly sized: constant indices size it later. */
         /* Inputs, buffer arrays and tessellation per-vertex outputs are
          * sized by the primitive, at run time or by "vertices". */
         if (!idx.is_const && !(base.var->qual & (AST_Q_BUFFER | AST_Q_IN)) &&
             !check_tess_per_vertex(c, base.var->qual) &&
             !base.var->block_field) {
            check_error(c, n, "unsized array '%s' indexed with a "
                        "non-constant expression", base.var->name);
            return check_expr_error();
         }
         if (idx.has_value && base.var->builtin &&
             (!strcmp(base.var->name, "gl_TexCoord") ||
              !strcmp(base.var->name, "gl_ClipDistance") ||
              !strcmp(base.var->name, "gl_CullDistance")) &&
             idx.val.c[0].i >= 8) {
            check_error(c, n, "index %lld is beyond the size of %s",
                        (long long)idx.val.c[0].i, base.var->name);
            return check_expr_error();
         }
         if (idx.has_value && idx.val.c[0].i >= base.var->max_index)
            base.var->max_index = (int)MIN2(idx.val.c[0].i + 1, 1 << 28);
      }
   } else if (glsl_type_is_matrix(t)) {
      r.type = glsl_column_type(t);
      limit = t->matrix_columns;
      if (base.has_value && idx.has_value && i >= 0 && i < limit) {
         r.has_value = true;
         for (unsigned k = 0; k < t->vector_elements; k++)
            r.val.c[k] = base.val.c[i * t->vector_elements + k];
      }
   } else if (glsl_type_is_vector(t)) {
      r.type = glsl_simple_type(t->base_type, 1, 1);
      limit = t->vector_elements;
      if (base.has_value && idx.has_value && i >= 0 && i < limit) {
         r.has_value = true;
         r.val.c[0] = base.val.c[i];
      }
   } else {
      check_error(c, n, "cannot index a value of type %s",
                  check_type_name(c, t));
      return check_expr_error();
   }
   if (idx.has_value && (i < 0 || (limit > 0 && i >= limit))) {
      check_error(c, n, "index %lld is out of bounds", (long long)i);
      return check_expr_error();
   }
   return r;
}
