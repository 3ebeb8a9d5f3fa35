/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Semantic checks: scopes and symbols, built-in lookup, type resolution and
 * declarations (variables, structs, blocks, precision statements), and the
 * driver over the translation unit.  Expressions are in glsl_check_expr.c,
 * statements and functions in glsl_check_stmt.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

/* ---- scopes ------------------------------------------------------------ */

void
check_push_scope(struct check *c)
{
   struct scope *s = rzalloc(c->mem, struct scope);
   s->names = hash_table_create_string_keys(s);
   s->parent = c->scope;
   c->scope = s;
}

void
check_pop_scope(struct check *c)
{
   c->scope = c->scope->parent;
}

static bool
builtin_available(struct check *c, unsigned stages, int desk, int es,
                  int desk_until, int es_until, bool compat, const char *ext)
{
   struct glsl_parse_state *st = c->st;
   if (!(stages & (1u << st->stage)))
      return false;
   if (ext && glsl_ext_enabled(st, ext))
      return true;
   if (st->es)
      return es && st->version >= es && (!es_until || st->version < es_until);
   if (!desk || st->version < desk)
      return false;
   return !desk_until || st->version < desk_until || (compat && st->compat);
}

static int
builtin_const_value(const char *name)
{
   for (unsigned i = 0; i < glsl_num_builtin_vars; i++) {
      if (!strcmp(glsl_builtin_vars[i].name, name) &&
          glsl_builtin_vars[i].nvalues == 1)
         return glsl_builtin_vars[i].values[0];
   }
   return 1;
}

static const struct glsl_type *
make_struct(struct check *c, const char *name, const char *spec)
{
   /* spec: "type name;type name;..." */
   struct glsl_struct_field *fields = rzalloc_array(c->mem,
                                                    struct glsl_struct_field,
                                                    16);
   unsigned n = 0;
   char *copy = ralloc_strdup(c->mem, spec);
   for (char *save = NULL, *f = strtok_r(copy, ";", &save); f && n < 16;
        f = strtok_r(NULL, ";", &save)) {
      char *sp = strchr(f, ' ');
      *sp = 0;
      fields[n].type = check_type_from_string(c, f);
      fields[n].name = sp + 1;
      fields[n].location = -1;
      fields[n].offset = -1;
      n++;
   }
   struct glsl_type *t = rzalloc(c->mem, struct glsl_type);
   t->base_type = GLSL_TYPE_STRUCT;
   t->vector_elements = 1;
   t->matrix_columns = 1;
   t->length = -1;
   t->fields = fields;
   t->num_fields = n;
   t->name = name;
   return t;
}

static const struct {
   const char *name, *fields;
   bool compat_only;
} builtin_structs[] = {
   { "gl_DepthRangeParameters", "float near;float far;float diff", false },
   { "gl_PointParameters", "float size;float sizeMin;float sizeMax;"
     "float fadeThresholdSize;float distanceConstantAttenuation;"
     "float distanceLinearAttenuation;float distanceQuadraticAttenuation",
     true },
   { "gl_MaterialParameters", "vec4 emission;vec4 ambient;vec4 diffuse;"
     "vec4 specular;float shininess", true },
   { "gl_LightSourceParameters", "vec4 ambient;vec4 diffuse;vec4 specular;"
     "vec4 position;vec4 halfVector;vec3 spotDirection;float spotExponent;"
     "float spotCutoff;float spotCosCutoff;float constantAttenuation;"
     "float linearAttenuation;float quadraticAttenuation", true },
   { "gl_LightModelParameters", "vec4 ambient", true },
   { "gl_LightModelProducts", "vec4 sceneColor", true },
   { "gl_LightProducts", "vec4 ambient;vec4 diffuse;vec4 specular", true },
   { "gl_FogParameters", "vec4 color;float density;float start;float end;"
     "float scale", true },
};

const struct glsl_type *
check_type_from_string(struct check *c, const char *s)
{
   char base[64];
   const char *br = strchr(s, '[');
   size_t n = br ? (size_t)(br - s) : strlen(s);
   if (n >= sizeof(base))
      return &glsl_type_builtin_error;
   memcpy(base, s, n);
   base[n] = 0;

   const struct glsl_type *t = glsl_builtin_type_by_name(base, NULL);
   if (!t) {
      struct hash_entry *e = hash_table_search(c->builtin_types, base);
      if (e) {
         t = e->data;
      } else {
         for (unsigned i = 0; i < ARRAY_SIZE(builtin_structs); i++) {
            if (!strcmp(builtin_structs[i].name, base)) {
               t = make_struct(c, builtin_structs[i].name,
                               builtin_structs[i].fields);
               hash_table_insert(c->builtin_types, builtin_structs[i].name,
                                 (void *)t);
            }
         }
      }
   }
   if (!t)
      return &glsl_type_builtin_error;
   if (br) {
      int len = -1;
      if (br[1] >= '0' && br[1] <= '9')
         len = atoi(br + 1);
      else if (br[1] != ']') {
         char cname[64];
         const char *end = strchr(br, ']');
         size_t cl = end ? (size_t)(end - br - 1) : 0;
         if (cl >= sizeof(cname))
            cl = 0;
         memcpy(cname, br + 1, cl);
         cname[cl] = 0;
         len = builtin_const_value(cname);
      }
      t = glsl_array_type(c->mem, t, len);
   }
   return t;
}

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

static const struct glsl_type *
per_vertex_block(struct check *c, bool array, int length)
{
   const char *spec = "vec4 gl_Position;float gl_PointSize;"
                      "float[] gl_ClipDistance";
   const struct glsl_type *s = make_struct(c, "gl_PerVertex", spec);
   struct glsl_type *b = (struct glsl_type *)s;
   b->base_type = GLSL_TYPE_INTERFACE;
   return array ? glsl_array_type(c->mem, b, length) : b;
}

static const char *const per_vertex_members[] = {
   "gl_Position", "gl_PointSize", "gl_ClipDistance", "gl_CullDistance",
   "gl_ClipVertex", "gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor",
   "gl_BackSecondaryColor", "gl_TexCoord", "gl_FogFragCoord",
};

static bool
is_per_vertex_member(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(per_vertex_members); i++) {
      if (!strcmp(per_vertex_members[i], name))
         return true;
   }
   return false;
}

static struct glsl_var *
make_builtin_var(struct check *c, const char *name)
{
   struct hash_entry *e = hash_table_search(c->builtin_vars, name);
   if (e)
      return e->data;

   struct glsl_var *v = NULL;
   gl_shader_stage s = c->st->stage;
   if (!strcmp(name, "gl_in") &&
       (s == MESA_SHADER_GEOMETRY || s == MESA_SHADER_TESS_CTRL ||
        s == MESA_SHADER_TESS_EVAL) &&
       glsl_is_version(c->st, 150, 320)) {
      v = rzalloc(c->mem, struct glsl_var);
      v->type = per_vertex_block(c, true, s == MESA_SHADER_GEOMETRY ?
                                 (c->gs_in_size ? c->gs_in_size : -1) : 32);
      v->qual = AST_Q_IN;
      v->read_only = true;
   } else if (!strcmp(name, "gl_out") && s == MESA_SHADER_TESS_CTRL &&
              (glsl_is_version(c->st, 400, 320) ||
               glsl_ext_enabled(c->st, "GL_ARB_tessellation_shader") ||
               glsl_ext_enabled(c->st, "GL_OES_tessellation_shader") ||
               glsl_ext_enabled(c->st, "GL_EXT_tessellation_shader"))) {
      v = rzalloc(c->mem, struct glsl_var);
      v->type = per_vertex_block(c, true,
                                 c->tcs_vertices ? c->tcs_vertices : -1);
      v->qual = AST_Q_OUT;
   } else if ((c->per_vertex_done & 1) && is_per_vertex_member(name)) {
      v = NULL; /* not listed in the gl_PerVertex redeclaration */
   } else {
      for (unsigned i = 0; i < glsl_num_builtin_vars; i++) {
         const struct glsl_builtin_var *b = &glsl_builtin_vars[i];
         if (strcmp(b->name, name) ||
             !builtin_available(c, b->stages, b->desk, b->es, b->desk_until,
                                b->es_until, b->compat, b->ext))
            continue;
         v = rzalloc(c->mem, struct glsl_var);
         v->type = check_type_from_string(c, b->type);
         switch (b->qual) {
         case GLSL_BQ_IN:
            v->qual = AST_Q_IN;
            v->read_only = true;
            break;
         case GLSL_BQ_OUT:
            v->qual = AST_Q_OUT;
            break;
         case GLSL_BQ_INOUT:
            v->qual = AST_Q_IN;
            break;
         case GLSL_BQ_UNIFORM:
            v->qual = AST_Q_UNIFORM;
            v->read_only = true;
            break;
         case GLSL_BQ_CONST:
            v->qual = AST_Q_CONST;
            v->read_only = true;
            v->is_const = true;
            v->has_value = b->nvalues > 0;
            for (unsigned k = 0; k < b->nvalues; k++)
               v->value.c[k].i = b->values[k];
            break;
         }
         break;
      }
   }
   if (v) {
      v->name = name;
      v->builtin = true;
      v->global = true;
      hash_table_insert(c->builtin_vars, ralloc_strdup(c->mem, name), v);
   }
   return v;
}

struct glsl_sym *
check_lookup(struct check *c, const char *name)
{
   for (struct scope *s = c->scope; s; s = s->parent) {
      struct hash_entry *e = hash_table_search(s->names, name);
      if (e)
         return e->data;
   }
   return NULL;
}

struct glsl_var *
check_lookup_var(struct check *c, const char *name)
{
   struct glsl_sym *sym = check_lookup(c, name);
   if (sym)
      return sym->kind == SYM_VAR ? sym->var : NULL;
   if (!strncmp(name, "gl_", 3))
      return make_builtin_var(c, name);
   return NULL;
}

bool
check_builtin_func_name(struct check *c, const char *name)
{
   /* Texture and atomic-counter families are only partly tabled (image
    * functions are all in the table). */
   static const char *const families[] = {
      "texture", "texel", "atomic", "shadow",
   };
   for (unsigned i = 0; i < ARRAY_SIZE(families); i++) {
      if (!strncmp(name, families[i], strlen(families[i])))
         return true;
   }
   for (unsigned i = 0; i < glsl_num_builtin_funcs; i++) {
      if (!strcmp(glsl_builtin_funcs[i].name, name))
         return true;
   }
   for (unsigned i = 0; glsl_untabled_builtin_funcs[i]; i++) {
      if (!strcmp(glsl_untabled_builtin_funcs[i], name))
         return true;
   }
   return false;
}

bool
check_declare(struct check *c, const char *name, struct glsl_sym *sym,
              struct ast_node *where)
{
   struct hash_entry *e = hash_table_search(c->scope->names, name);
   if (e) {
      check_error(c, where, "redeclaration of '%s'", name);
      return false;
   }
   hash_table_insert(c->scope->names, name, sym);
   return true;
}

/* ---- types ------------------------------------------------------------- */

static const struct glsl_type *define_struct(struct check *c,
                                             struct ast_node *def);

const struct glsl_type *
check_apply_dims(struct check *c, const struct glsl_type *t,
                 struct ast_list *dims, bool allow_unsized)
{
   if (!dims->count)
      return t;
   if ((dims->count > 1 || glsl_type_is_array(t)) &&
       !glsl_is_version(c->st, 430, 310) &&
       !glsl_ext_enabled(c->st, "GL_ARB_arrays_of_arrays")) {
      check_error(c, dims->head, "arrays of arrays need GLSL 4.30, GLSL ES "
                  "3.10 or GL_ARB_arrays_of_arrays");
      return &glsl_type_builtin_error;
   }
   /* Outermost dimension first in source: build from the innermost. */
   struct ast_node *d[64];
   unsigned n = 0;
   for (struct ast_node *x = dims->head; x && n < 64; x = x->next)
      d[n++] = x;
   for (unsigned i = n; i-- > 0;) {
      int len = -1;
      if (d[i]->a) {
         int64_t v = 0;
         bool known = false;
         if (!check_const_int(c, d[i]->a, &v, &known))
            return &glsl_type_builtin_error;
         if (known && v <= 0) {
            check_error(c, d[i], "array size must be greater than zero");
            return &glsl_type_builtin_error;
         }
         if (known && v > (1 << 28)) {
            check_error(c, d[i], "array size %lld is too large",
                        (long long)v);
            return &glsl_type_builtin_error;
         }
         len = known ? (int)v : 1;
      } else if (!allow_unsized || i != 0) {
         if (!(allow_unsized && i == 0)) {
            /* Inner unsized dimensions are only allowed when sized by an
             * initializer; the caller passes allow_unsized then. */
            if (!allow_unsized) {
               check_error(c, d[i], "array size missing");
               return &glsl_type_builtin_error;
            }
         }
      }
      if (t->base_type == GLSL_TYPE_VOID) {
         check_error(c, d[i], "arrays of void are not allowed");
         return &glsl_type_builtin_error;
      }
      t = glsl_array_type(c->mem, t, len);
   }
   return t;
}

const struct glsl_type *
check_resolve_type(struct check *c, struct ast_type *at,
                   struct ast_node *where)
{
   const struct glsl_type *t = NULL;
   if (at->struct_def) {
      t = define_struct(c, at->struct_def);
   } else if (at->builtin) {
      t = at->builtin;
   } else if (at->type_name) {
      struct glsl_sym *sym = check_lookup(c, at->type_name);
      if (sym && sym->kind == SYM_TYPE) {
         t = sym->type;
      } else if (!strncmp(at->type_name, "gl_", 3)) {
         t = check_type_from_string(c, at->type_name);
      } else if (sym && sym->kind == SYM_FUNC) {
         /* A subroutine type name: treat as unknown but valid. */
         t = &glsl_type_builtin_error;
      } else {
         check_error(c, where, "'%s' is not a type", at->type_name);
         t = &glsl_type_builtin_error;
      }
   }
   if (!t)
      return &glsl_type_builtin_error;
   return check_apply_dims(c, t, &at->dims, true);
}

static const struct glsl_type *
define_struct(struct check *c, struct ast_node *def)
{
   if (def->vtype)
      return def->vtype;
   unsigned n = 0;
   for (struct ast_node *m = def->list.head; m; m = m->next)
      n += m->list.count;
   struct glsl_struct_field *fields =
      rzalloc_array(c->mem, struct glsl_struct_field, n ? n : 1);
   unsigned i = 0;
   for (struct ast_node *m = def->list.head; m; m = m->next) {
      if (m->type->struct_def) {
         check_error(c, m, "embedded structure definitions are not "
                     "allowed");
      }
      if (m->type->flags & ~(AST_Q_PRECISION | AST_Q_LAYOUT)) {
         check_error(c, m, "structure members cannot have storage or "
                     "interpolation qualifiers");
      }
      check_layout_struct_member(c, m);
      const struct glsl_type *mt = check_resolve_type(c, m->type, m);
      if (mt->base_type == GLSL_TYPE_VOID)
         check_error(c, m, "structure member of type void");
      for (struct ast_node *d = m->list.head; d; d = d->next) {
         const struct glsl_type *ft = check_apply_dims(c, mt, &d->dims,
                                                       false);
         if (glsl_type_is_array(ft) && ft->length < 0)
            check_error(c, d, "structure member '%s' is an unsized array",
                        d->name);
         for (unsigned k = 0; k < i; k++) {
            if (!strcmp(fields[k].name, d->name))
               check_error(c, d, "duplicate structure member '%s'",
                           d->name);
         }
         fields[i].type = ft;
         fields[i].name = d->name;
         fields[i].line = d->line;
         fields[i].location = -1;
         fields[i].offset = -1;
         i++;
      }
   }
   if (n == 0)
      check_error(c, def, "structures must have at least one member");
   struct glsl_type *t = rzalloc(c->mem, struct glsl_type);
   t->base_type = GLSL_TYPE_STRUCT;
   t->vector_elements = 1;
   t->matrix_columns = 1;
   t->length = -1;
   t->fields = fields;
   t->num_fields = i;
   t->name = def->name ? def->name : "(anonymous struct)";
   def->vtype = t;
   if (def->name) {
      if (!strncmp(def->name, "gl_", 3))
         check_error(c, def, "identifier '%s' uses the reserved prefix gl_",
                     def->name);
      struct glsl_sym *sym = rzalloc(c->mem, struct glsl_sym);
      sym->kind = SYM_TYPE;
      sym->type = t;
      check_declare(c, def->name, sym, def);
   }
   return t;
}

/* ---- declarations ------------------------------------------------------ */

static bool
is_integer_or_double(const struct glsl_type *t)
{
   return glsl_type_contains(t, GLSL_TYPE_INT) ||
          glsl_type_contains(t, GLSL_TYPE_UINT) ||
          glsl_type_contains(t, GLSL_TYPE_DOUBLE) ||
          glsl_type_contains(t, GLSL_TYPE_INT64) ||
          glsl_type_contains(t, GLSL_TYPE_UINT64);
}

static void
check_reserved_name(struct check *c, const char *name, struct ast_node *n)
{
   if (!strncmp(name, "gl_", 3)) {
      check_error(c, n, "identifier '%s' uses the reserved prefix gl_",
                  name);
   } else if (strstr(name, "__")) {
      if (c->st->es && c->st->version >= 300)
         check_error(c, n, "identifier '%s' contains '__', which is "
                     "reserved", name);
      else
         glsl_log_warning(&c->st->log, n->line, n->col,
                          "identifier '%s' contains '__', which is "
                          "reserved", name);
   }
}

/* Storage/interpolation rules for a global variable of type t. */
static void
check_global_qualifiers(struct check *c, struct ast_node *n, unsigned q,
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
      if (s != MESA_SHADER_VERTEX && s != MESA_SHADER_FRAGMENT)
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
      if ((varying_in || varying_out) && is_integer_or_double(t) &&
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
   if (glsl_type_contains(t, GLSL_TYPE_SAMPLER) ||
       glsl_type_contains(t, GLSL_TYPE_IMAGE) ||
       glsl_type_contains(t, GLSL_TYPE_ATOMIC_UINT)) {
      if (!(q & (AST_Q_UNIFORM | AST_Q_IN | AST_Q_OUT)))
         check_error(c, n, "opaque variables must be declared 'uniform'");
   }
}

static void
check_precision_default(struct check *c, struct ast_node *n, unsigned q,
                        const struct glsl_type *t);

/* The built-in variables a shader may redeclare (to size them, or to
 * change interpolation, invariance or layout): GLSL 1.30 7.x and 1.50 7.1
 * list them; gl_Layer and gl_ViewportMask only with NV_viewport_array2,
 * gl_LastFragData with framebuffer fetch. */
static bool
builtin_redeclarable(struct check *c, const char *name)
{
   static const char *const always[] = {
      "gl_TexCoord", "gl_ClipDistance", "gl_CullDistance", "gl_FragCoord",
      "gl_FragDepth", "gl_Position", "gl_PointSize", "gl_ClipVertex",
      "gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor",
      "gl_BackSecondaryColor", "gl_FogFragCoord", "gl_Color",
      "gl_SecondaryColor",
   };
   for (unsigned i = 0; i < ARRAY_SIZE(always); i++) {
      if (!strcmp(name, always[i]))
         return true;
   }
   if (!strcmp(name, "gl_Layer") || !strcmp(name, "gl_ViewportMask"))
      return glsl_ext_enabled(c->st, "GL_NV_viewport_array2");
   if (!strcmp(name, "gl_LastFragData"))
      return glsl_ext_enabled(c->st, "GL_EXT_shader_framebuffer_fetch") ||
             glsl_ext_enabled(c->st,
                              "GL_EXT_shader_framebuffer_fetch_non_coherent");
   return false;
}

/* Limits on redeclaring built-in arrays (sizes from the implementation
 * constants, storage as the built-in has it). */
static void
check_builtin_redeclaration(struct check *c, struct ast_node *d, unsigned q,
                            const struct glsl_type *t,
                            const struct glsl_var *b)
{
   int max = -1;
   if (!strcmp(d->name, "gl_ClipDistance"))
      max = 8;
   else if (!strcmp(d->name, "gl_TexCoord"))
      max = 8;
   if (max > 0 && glsl_type_is_array(t) && t->length > max)
      check_error(c, d, "%s cannot have more than %d elements", d->name,
                  max);
   if (glsl_type_is_array(t) && glsl_type_is_array(t->element))
      check_error(c, d, "%s cannot be redeclared as an array of arrays",
                  d->name);
   if (max > 0 && !(q & (AST_Q_IN | AST_Q_OUT | AST_Q_VARYING)))
      check_error(c, d, "redeclaring %s needs its storage qualifier",
                  d->name);
   if (!strcmp(d->name, "gl_FragDepth"))
      check_layout_frag_depth(c, d, (struct glsl_var *)b);
   if (!strcmp(d->name, "gl_FragCoord")) {
      /* All redeclarations agree and come before any use (GLSL 1.50
       * 4.3.8.1). */
      int bits = 0;
      for (struct ast_layout_id *l = c->cur_layout; l; l = l->next) {
         if (!strcasecmp(l->name, "origin_upper_left"))
            bits |= 1;
         else if (!strcasecmp(l->name, "pixel_center_integer"))
            bits |= 2;
      }
      struct glsl_var *bv = (struct glsl_var *)b;
      if (bv->used)
         check_error(c, d, "gl_FragCoord redeclared after it was used");
      else if (bv->redecl_layout > 0 && bv->redecl_layout != bits + 1)
         check_error(c, d, "gl_FragCoord redeclarations disagree on their "
                     "layout qualifiers");
      bv->redecl_layout = bits + 1;
   }
   if (((b->qual & AST_Q_IN) && (q & AST_Q_OUT)) ||
       ((b->qual & AST_Q_OUT) && (q & AST_Q_IN)))
      check_error(c, d, "%s redeclared with the wrong storage qualifier",
                  d->name);
   if (!type_is_error(t) && !type_is_error(b->type) &&
       !glsl_type_equal(glsl_without_array(t), glsl_without_array(b->type)))
      check_error(c, d, "%s redeclared with a different type", d->name);
}

static const char *const gs_in_prims[] = {
   "points", "lines", "lines_adjacency", "triangles", "triangles_adjacency",
};
static const int gs_in_sizes[] = { 1, 2, 4, 3, 6 };
static const char *const gs_out_prims[] = {
   "points", "line_strip", "triangle_strip",
};

static int
name_index(const char *name, const char *const *list, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (!strcasecmp(list[i], name))
         return i;
   }
   return -1;
}

/* Gives every unsized geometry input array the primitive's size and checks
 * the sized ones against it. */
static void
apply_gs_in_size(struct check *c, struct ast_node *where)
{
   int n = c->gs_in_size;
   if (c->gs_length_unsized) {
      check_error(c, where, "length() of an unsized geometry input was used "
                  "before the input primitive was declared");
   }
   struct glsl_var *vars[64];
   unsigned nv = 0;
   hash_table_foreach(c->global->names, e) {
      struct glsl_sym *sym = e->data;
      if (sym && sym->kind == SYM_VAR && (sym->var->qual & AST_Q_IN) &&
          glsl_type_is_array(sym->var->type) && nv < 64)
         vars[nv++] = sym->var;
   }
   struct hash_entry *gin = hash_table_search(c->builtin_vars, "gl_in");
   if (gin && nv < 64)
      vars[nv++] = gin->data;
   for (unsigned i = 0; i < nv; i++) {
      struct glsl_var *v = vars[i];
      if (v->type->length >= 0 && v->type->length != n) {
         check_error(c, where, "input '%s' has %d elements but the input "
                     "primitive has %d vertices", v->name, v->type->length,
                     n);
      } else if (v->type->length < 0) {
         if (v->max_index > n)
            check_error(c, where, "input '%s' was indexed beyond the %d "
                        "vertices of the input primitive", v->name, n);
         v->type = glsl_array_type(c->mem, v->type->element, n);
      }
   }
}

/* Checks a geometry shader input array size against what is known. */
static void
check_gs_in_array(struct check *c, struct ast_node *where,
                  const struct glsl_type **t)
{
   if (c->st->stage != MESA_SHADER_GEOMETRY || !glsl_type_is_array(*t))
      return;
   int len = (*t)->length;
   if (len < 0) {
      if (c->gs_in_size)
         *t = glsl_array_type(c->mem, (*t)->element, c->gs_in_size);
      return;
   }
   if (c->gs_in_size && len != c->gs_in_size)
      check_error(c, where, "input array size %d does not match the %d "
                  "vertices of the input primitive", len, c->gs_in_size);
   else if (c->gs_in_explicit && len != c->gs_in_explicit)
      check_error(c, where, "geometry input arrays have inconsistent "
                  "sizes (%d and %d)", c->gs_in_explicit, len);
   if (!c->gs_in_explicit)
      c->gs_in_explicit = len;
}

static void
check_location_overlap(struct check *c, struct ast_node *d,
                       struct ast_type *at, unsigned q,
                       const struct glsl_type *t)
{
   int loc = -1;
   for (struct ast_layout_id *l = at->layout; l; l = l->next) {
      if (!strcasecmp(l->name, "index") || !strcasecmp(l->name, "component"))
         return; /* dual-source and packed outputs: not tracked */
      if (!strcasecmp(l->name, "location") && l->value &&
          (l->value->kind == AST_INT_CONST ||
           l->value->kind == AST_UINT_CONST))
         loc = (int)MIN2(l->value->value.u, 1u << 20);
   }
   if (loc < 0 || type_is_error(glsl_without_array(t)))
      return;
   unsigned dir = (q & AST_Q_OUT) ? 1 : 0;
   /* Vertex inputs may alias and fragment outputs are linked per index;
    * only varyings are checked here. */
   if ((c->st->stage == MESA_SHADER_VERTEX && !dir) ||
       (c->st->stage == MESA_SHADER_FRAGMENT && dir))
      return;
   check_layout_claim_locations(c, d, d->name, dir, loc,
                                loc + check_layout_location_slots(t));
}

/* A stream number: 0 .. gl_MaxVertexStreams - 1 (4 streams, GLSL 4.00
 * 4.4.2.2).  Returns the stream, -1 when invalid or unknown. */
int
check_stream_value(struct check *c, struct ast_node *n,
                   const struct ast_layout_id *l)
{
   int64_t v = 0;
   bool known = false;
   if (!l->value || !check_const_int(c, l->value, &v, &known) || !known)
      return -1;
   if (v < 0 || v >= 4) {
      check_error(c, n, "stream %lld is out of range (0..3)", (long long)v);
      return -1;
   }
   return (int)v;
}

static int
layout_stream(struct check *c, struct ast_node *n,
              struct ast_layout_id *list, int dflt)
{
   int stream = dflt;
   for (struct ast_layout_id *l = list; l; l = l->next) {
      if (!strcasecmp(l->name, "stream"))
         stream = check_stream_value(c, n, l);
   }
   return stream;
}

/* A member of a geometry output block may name a stream only if it is
 * the block's own (GLSL 4.00 4.4.2.2). */
static void
check_member_stream(struct check *c, struct ast_node *block,
                    struct ast_node *m, unsigned q)
{
   if (c->st->stage != MESA_SHADER_GEOMETRY || !(q & AST_Q_OUT))
      return;
   int mine = layout_stream(c, m, m->type->layout, -2);
   if (mine == -2 || mine < 0)
      return;
   int blocks = layout_stream(c, block, block->type->layout,
                              c->gs_out_stream);
   if (blocks >= 0 && mine != blocks)
      check_error(c, m, "a member of a block in stream %d cannot be in "
                  "stream %d", blocks, mine);
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

/* "layout(...) in;" and "layout(...) out;" and friends. */
static void
check_default_layout(struct check *c, struct ast_node *n, unsigned q)
{
   gl_shader_stage s = c->st->stage;
   if (!(q & AST_Q_LAYOUT) || !(q & (AST_Q_IN | AST_Q_OUT)))
      return;
   bool in = q & AST_Q_IN;
   bool xfb = glsl_is_version(c->st, 440, 0) ||
              glsl_ext_enabled(c->st, "GL_ARB_enhanced_layouts");
   if ((s == MESA_SHADER_VERTEX || (s == MESA_SHADER_FRAGMENT && !in)) &&
       !xfb) {
      check_error(c, n, "'layout(...) %s;' is not allowed in this stage",
                  in ? "in" : "out");
      return;
   }
   if (s == MESA_SHADER_TESS_CTRL || s == MESA_SHADER_TESS_EVAL) {
      check_tess_default_layout(c, n, in);
      return;
   }
   if (s != MESA_SHADER_GEOMETRY)
      return;
   int prim = -1, max_vertices = -1;
   /* In one declaration the last invocations counts (4.4). */
   struct ast_layout_id *invocations = NULL;
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (in && !strcasecmp(l->name, "invocations"))
         invocations = l;
   }
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (in) {
         int p = name_index(l->name, gs_in_prims, ARRAY_SIZE(gs_in_prims));
         if (p >= 0) {
            if (prim >= 0) {
               check_error(c, n, "more than one input primitive");
               return;
            }
            prim = p;
         } else if (!strcasecmp(l->name, "invocations")) {
            /* 1 .. gl_MaxGeometryShaderInvocations (32), the same in
             * every declaration (GLSL 4.00 4.4.1.3). */
            if (l != invocations)
               continue;
            int64_t v = 0;
            bool known = false;
            if (!l->value || !check_const_int(c, l->value, &v, &known) ||
                !known)
               continue;
            if (v <= 0 || v > 32)
               check_error(c, n, "invocations = %lld is out of range "
                           "(1..32)", (long long)v);
            else if (c->gs_invocations && c->gs_invocations != v)
               check_error(c, n, "invocations redeclared differently");
            else
               c->gs_invocations = (int)v;
         } else {
            check_error(c, n, "'%s' is not a geometry input layout",
                        l->name);
            return;
         }
      } else {
         int p = name_index(l->name, gs_out_prims, ARRAY_SIZE(gs_out_prims));
         if (p >= 0) {
            if (c->gs_out_prim && c->gs_out_prim != p + 1)
               check_error(c, n, "output primitive redeclared differently");
            c->gs_out_prim = p + 1;
         } else if (!strcasecmp(l->name, "max_vertices") && l->value) {
            int64_t v = 0;
            bool known = false;
            if (!check_const_int(c, l->value, &v, &known) || !known)
               continue;
            if (v < 0 || v > 256)
               check_error(c, n, "max_vertices %lld is out of range "
                           "(0..256)", (long long)v);
            else
               max_vertices = (int)v; /* the last one in a list wins */
         } else if (!strcasecmp(l->name, "stream")) {
            int v = check_stream_value(c, n, l);
            if (v >= 0)
               c->gs_out_stream = v; /* the default from here on */
         } else {
            check_error(c, n, "'%s' is not a geometry output layout",
                        l->name);
            return;
         }
      }
   }
   if (max_vertices >= 0) {
      if (c->gs_max_vertices >= 0 && c->gs_max_vertices != max_vertices)
         check_error(c, n, "max_vertices redeclared differently");
      c->gs_max_vertices = max_vertices;
   }
   if (in && prim >= 0) {
      int size = gs_in_sizes[prim];
      if (c->gs_in_size && c->gs_in_size != size) {
         check_error(c, n, "input primitive redeclared differently");
         return;
      }
      c->gs_in_size = size;
      apply_gs_in_size(c, n);
   }
}

/* Primitive names belong on "layout(...) in/out;" only. */
static void
check_variable_layout(struct check *c, struct ast_node *n, unsigned q)
{
   check_layout_es_component(c, n, n->type->layout);
   /* The coordinate conventions qualify gl_FragCoord only
    * (ARB_fragment_coord_conventions, GLSL 1.50 4.3.8.1). */
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (strcasecmp(l->name, "origin_upper_left") &&
          strcasecmp(l->name, "pixel_center_integer"))
         continue;
      for (struct ast_node *d = n->list.head; d; d = d->next) {
         if (strcmp(d->name, "gl_FragCoord"))
            check_error(c, d, "layout(%s) only applies to gl_FragCoord",
                        l->name);
      }
   }
   struct glsl_parse_state *st = c->st;
   bool const_exprs = glsl_is_version(st, 440, 310) ||
                      glsl_ext_enabled(st, "GL_ARB_enhanced_layouts");
   bool locations = glsl_is_version(st, 330, 300) ||
                    glsl_ext_enabled(st, "GL_ARB_explicit_attrib_location") ||
                    glsl_ext_enabled(st, "GL_ARB_separate_shader_objects") ||
                    glsl_ext_enabled(st, "GL_ARB_explicit_uniform_location");
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (l->value && !const_exprs && l->value->kind != AST_INT_CONST &&
          l->value->kind != AST_UINT_CONST) {
         check_error(c, n, "layout '%s' needs an integer literal before "
                     "GLSL 4.40", l->name);
         return;
      }
      if (!strcasecmp(l->name, "location") && !locations &&
          (q & (AST_Q_IN | AST_Q_OUT))) {
         check_error(c, n, "layout(location) needs GLSL 3.30 or "
                     "GL_ARB_explicit_attrib_location");
         return;
      }
      /* Without separate shader objects (or GLSL 4.10), locations only
       * name vertex inputs and fragment outputs. */
      bool varyings = glsl_is_version(st, 410, 310) ||
                      glsl_ext_enabled(st, "GL_ARB_separate_shader_objects");
      gl_shader_stage s = st->stage;
      if (!strcasecmp(l->name, "location") && !varyings && !st->es &&
          !(q & AST_Q_UNIFORM) &&
          !((s == MESA_SHADER_VERTEX && (q & AST_Q_IN)) ||
            (s == MESA_SHADER_FRAGMENT && (q & AST_Q_OUT)))) {
         check_error(c, n, "layout(location) applies to vertex inputs and "
                     "fragment outputs only");
         return;
      }
      if (!strcasecmp(l->name, "index") &&
          !(s == MESA_SHADER_FRAGMENT && (q & AST_Q_OUT))) {
         check_error(c, n, "layout(index) applies to fragment outputs "
                     "only");
         return;
      }
   }
   check_layout_values(c, n, q);
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (name_index(l->name, gs_in_prims, ARRAY_SIZE(gs_in_prims)) >= 0 ||
          name_index(l->name, gs_out_prims, ARRAY_SIZE(gs_out_prims)) >= 0 ||
          !strcasecmp(l->name, "max_vertices") ||
          !strcasecmp(l->name, "invocations"))
         check_error(c, n, "layout '%s' only applies to 'layout(...) %s;'",
                     l->name, (q & AST_Q_IN) ? "in" : "out");
   }
}

void
check_declaration(struct check *c, struct ast_node *n, bool global)
{
   struct glsl_parse_state *st = c->st;

   switch (n->kind) {
   case AST_FUNCTION:
      if (!global) {
         check_error(c, n, "functions cannot be declared inside functions");
         return;
      }
      check_function(c, n);
      return;
   case AST_PRECISION: {
      const struct glsl_type *t = check_resolve_type(c, n->type, n);
      if (type_is_error(t))
         return;
      if (n->type->dims.count ||
          !(t->base_type == GLSL_TYPE_FLOAT ||
            t->base_type == GLSL_TYPE_INT || glsl_type_is_opaque(t)) ||
          (!glsl_type_is_scalar(t) && !glsl_type_is_opaque(t))) {
         check_error(c, n, "default precision can only be set for float, "
                     "int and opaque types");
         return;
      }
      /* Marks the scope as having a default float precision. */
      if (t->base_type == GLSL_TYPE_FLOAT)
         hash_table_insert(c->scope->names, "(float precision)", NULL);
      return;
   }
   case AST_QUALIFIER_ONLY: {
      unsigned q = n->type->flags;
      if (!global && (q & AST_Q_LAYOUT)) {
         check_error(c, n, "layout declarations must be at global scope");
         return;
      }
      if (n->list.count == 0) {
         check_block_default_layout(c, n);
         check_early_fragment_tests(c, n);
         check_default_layout(c, n, q);
         if (q & AST_Q_LAYOUT)
            check_layout_default(c, n, q);
         return; /* default layout / qualifier declarations */
      }
      for (struct ast_node *id = n->list.head; id; id = id->next) {
         struct glsl_var *v = check_lookup_var(c, id->name);
         if (!v) {
            check_error(c, id, "'%s' is not declared", id->name);
            continue;
         }
         if ((q & AST_Q_INVARIANT) && !(v->qual & (AST_Q_OUT |
                                                   AST_Q_VARYING)) &&
             !(v->builtin && (v->qual & AST_Q_OUT)) &&
             !(st->stage == MESA_SHADER_FRAGMENT &&
               (v->qual & (AST_Q_IN | AST_Q_VARYING)) &&
               !glsl_is_version(st, 130, 300)))
            check_error(c, id, "'invariant' can only qualify shader "
                        "outputs");
         /* "precise x;" qualifies a variable of the same scope (GLSL
          * 4.00 4.7.1: redeclaring a name from an outer scope would
          * declare a new variable). */
         if ((q & AST_Q_PRECISE) &&
             !hash_table_search(c->scope->names, id->name) &&
             !(v->builtin && c->scope == c->global))
            check_error(c, id, "'precise %s;' must be in the scope that "
                        "declares '%s'", id->name, id->name);
      }
      return;
   }
   case AST_BLOCK:
      return; /* interface blocks: see check_block */
   case AST_DECL_LIST:
      break;
   default:
      return;
   }

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
       !(st->stage == MESA_SHADER_FRAGMENT && (q & (AST_Q_IN | AST_Q_VARYING))
         && !glsl_is_version(st, 130, 300))) {
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
      check_variable_layout(c, n, q);
   if (n->list.count == 0) {
      /* "struct S {...};" or a bare type: fine. */
      if (!n->type->struct_def && !type_is_error(base) && q)
         glsl_log_warning(&st->log, n->line, n->col,
                          "declaration declares nothing");
      return;
   }

   for (struct ast_node *d = n->list.head; d; d = d->next) {
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
            continue;
         }
      }
      /* Some built-ins may be redeclared at global scope (to size them,
       * add layout or interpolation qualifiers). */
      struct glsl_var *builtin = NULL;
      if (global && !strncmp(d->name, "gl_", 3)) {
         if ((c->per_vertex_done & 1) && is_per_vertex_member(d->name)) {
            check_error(c, d, "%s cannot be redeclared after gl_PerVertex",
                        d->name);
            continue;
         }
         builtin = make_builtin_var(c, d->name);
         if (builtin && !builtin_redeclarable(c, d->name)) {
            check_error(c, d, "built-in variable %s cannot be redeclared",
                        d->name);
            continue;
         }
         struct hash_entry *prev = hash_table_search(c->scope->names,
                                                     d->name);
         if (builtin && prev)
            hash_table_remove(c->scope->names, prev); /* redeclared again */
      }
      if (!builtin)
         check_reserved_name(c, d->name, d);
      if (t->base_type == GLSL_TYPE_VOID) {
         check_error(c, d, "variable '%s' declared void", d->name);
         continue;
      }
      /* ARB_compute_shader: "Compute shaders do not permit user-defined
       * input variables" (nor outputs). */
      if (global && !builtin && st->stage == MESA_SHADER_COMPUTE &&
          (q & (AST_Q_IN | AST_Q_OUT))) {
         check_error(c, d, "compute shaders have no user-defined inputs "
                     "or outputs");
         continue;
      }
      if (global && !builtin && (q & AST_Q_IN))
         check_gs_in_array(c, d, &t);
      if (global && !builtin)
         check_tess_io_var(c, d, q, &t);
      if (global && !builtin && (q & (AST_Q_IN | AST_Q_OUT)))
         check_location_overlap(c, d, n->type, q, t);
      if (global && !builtin && (q & AST_Q_LAYOUT))
         check_layout_declarator(c, d, n->type, q, t);
      if (global && !builtin)
         check_global_qualifiers(c, d, q, t);
      else if (glsl_type_is_opaque(glsl_without_array(t)))
         check_error(c, d, "opaque variables cannot be declared locally");
      check_precision_default(c, d, q, t);

      struct glsl_var *v = rzalloc(c->mem, struct glsl_var);
      v->name = d->name;
      v->qual = q;
      v->line = d->line;
      v->global = global;
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
         check_builtin_redeclaration(c, d, q, t, builtin);
      }

      if (d->a) {
         if (q & (AST_Q_IN | AST_Q_OUT | AST_Q_ATTRIBUTE | AST_Q_VARYING |
                  AST_Q_BUFFER)) {
            check_error(c, d, "shader inputs and outputs cannot be "
                        "initialized");
         } else if ((q & AST_Q_UNIFORM) && !glsl_is_version(st, 120, 0)) {
            check_error(c, d, "uniforms cannot be initialized in this "
                        "version");
         }
         struct expr e = check_initializer(c, d->a, t);
         if (!type_is_error(e.type))
            t = e.type; /* sizes an unsized array */
         bool need_const = (q & AST_Q_UNIFORM) || (global && st->es) ||
                           ((q & AST_Q_CONST) &&
                            (global || !glsl_is_version(st, 420, 0)));
         if (need_const) {
            if (!e.is_const && !type_is_error(e.type)) {
               check_error(c, d, "initializer of '%s' must be a constant "
                           "expression", d->name);
            }
         }
         if (q & AST_Q_CONST) {
            v->is_const = e.is_const;
            v->has_value = e.has_value;
            v->value = e.val;
         }
      } else if (q & AST_Q_CONST) {
         check_error(c, d, "const variable '%s' needs an initializer",
                     d->name);
      }
      if (st->es && glsl_type_is_array(t) && t->length < 0)
         check_error(c, d, "unsized array '%s' is not allowed in GLSL ES",
                     d->name);
      /* An unsized array may be redeclared later with a size. */
      struct hash_entry *prev = hash_table_search(c->scope->names, d->name);
      struct glsl_sym *ps = prev ? prev->data : NULL;
      if (ps && ps->kind == SYM_VAR && glsl_type_is_array(ps->var->type) &&
          ps->var->type->length < 0 && glsl_type_is_array(t) &&
          glsl_type_equal(ps->var->type->element, t->element)) {
         if (t->length >= 0 && t->length < ps->var->max_index)
            check_error(c, d, "'%s' redeclared with size %d, but index %d "
                        "was used", d->name, t->length,
                        ps->var->max_index - 1);
         ps->var->type = t;
         d->vtype = t;
         continue;
      }

      v->type = t;
      d->vtype = t;
      struct glsl_sym *sym = rzalloc(c->mem, struct glsl_sym);
      sym->kind = SYM_VAR;
      sym->var = v;
      check_declare(c, d->name, sym, d);
   }
}

static void
check_precision_default(struct check *c, struct ast_node *n, unsigned q,
                        const struct glsl_type *t)
{
   struct glsl_parse_state *st = c->st;
   if (!st->es || st->stage != MESA_SHADER_FRAGMENT ||
       (q & AST_Q_PRECISION))
      return;
   const struct glsl_type *e = glsl_without_array(t);
   if (e->base_type != GLSL_TYPE_FLOAT)
      return;
   for (struct scope *s = c->scope; s; s = s->parent) {
      if (hash_table_search(s->names, "(float precision)"))
         return;
   }
   check_error(c, n, "no precision specified for float (fragment shaders "
               "have no default float precision)");
}

static void
check_block(struct check *c, struct ast_node *n)
{
   struct glsl_parse_state *st = c->st;
   unsigned q = n->type->flags;
   const char *kind = q & AST_Q_UNIFORM ? "uniform" :
                      q & AST_Q_BUFFER ? "buffer" :
                      q & AST_Q_IN ? "in" : q & AST_Q_OUT ? "out" : NULL;
   if (!kind) {
      check_error(c, n, "interface block needs uniform, buffer, in or out");
      return;
   }
   if ((q & AST_Q_UNIFORM) && !glsl_is_version(st, 140, 300) &&
       !glsl_ext_enabled(st, "GL_ARB_uniform_buffer_object")) {
      check_error(c, n, "uniform blocks need GLSL 1.40 or ES 3.00");
      return;
   }
   if ((q & (AST_Q_IN | AST_Q_OUT)) && !glsl_is_version(st, 150, 320) &&
       !glsl_ext_enabled(st, "GL_EXT_shader_io_blocks") &&
       !glsl_ext_enabled(st, "GL_OES_shader_io_blocks")) {
      check_error(c, n, "%s blocks need GLSL 1.50 or ES 3.20", kind);
      return;
   }
   check_block_qualifiers(c, n);
   bool per_vertex = n->name && !strcmp(n->name, "gl_PerVertex");
   if (!per_vertex &&
       ((n->name && !strncmp(n->name, "gl_", 3)) ||
        (n->name2 && !strncmp(n->name2, "gl_", 3)))) {
      check_error(c, n, "block and instance names cannot start with gl_");
      return;
   }
   if (!per_vertex) {
      /* Block names share the global namespace with other names, but an
       * input and an output block may have the same name. */
      char *key = ralloc_asprintf(c->mem, "(block %s %s)", kind, n->name);
      struct hash_entry *other = hash_table_search(c->global->names,
                                                   n->name);
      struct glsl_sym *os = other ? other->data : NULL;
      bool other_is_block = os && os->kind == SYM_TYPE &&
                            type_is_error(os->type);
      if (hash_table_search(c->global->names, key) ||
          (other && !other_is_block)) {
         check_error(c, n, "block name '%s' is already used", n->name);
         return;
      }
      hash_table_insert(c->global->names, key, NULL);
      if (!other) {
         struct glsl_sym *bs = rzalloc(c->mem, struct glsl_sym);
         bs->kind = SYM_TYPE;
         bs->type = &glsl_type_builtin_error;
         hash_table_insert(c->global->names, n->name, bs);
      }
   }
   if (st->stage == MESA_SHADER_GEOMETRY && (q & AST_Q_IN) &&
       (!n->name2 || !n->dims.count)) {
      check_error(c, n, "geometry shader input blocks must be arrays with "
                  "an instance name");
      return;
   }
   if (!check_tess_block(c, n, q, per_vertex))
      return;
   if (n->name2 && (q & (AST_Q_UNIFORM | AST_Q_BUFFER)) && n->dims.count &&
       !n->dims.tail->a) {
      check_error(c, n, "uniform and buffer block arrays need a size");
      return;
   }
   if (n->name2 && st->es && n->dims.count && n->dims.head->a == NULL) {
      check_error(c, n, "block arrays need a size in GLSL ES");
      return;
   }
   if ((q & AST_Q_IN) && st->stage == MESA_SHADER_VERTEX) {
      check_error(c, n, "vertex shader input blocks are not allowed");
      return;
   }
   if ((q & AST_Q_OUT) && st->stage == MESA_SHADER_FRAGMENT) {
      check_error(c, n, "fragment shader output blocks are not allowed");
      return;
   }
   if (per_vertex && st->stage == MESA_SHADER_FRAGMENT) {
      check_error(c, n, "gl_PerVertex cannot be redeclared in fragment "
                  "shaders");
      return;
   }
   if (per_vertex) {
      bool in = q & AST_Q_IN;
      unsigned bit = in ? 2 : 1;
      if (c->per_vertex_done & bit) {
         check_error(c, n, "gl_PerVertex redeclared more than once");
         return;
      }
      c->per_vertex_done |= bit;
      if (in && (!n->name2 || strcmp(n->name2, "gl_in") ||
                 n->dims.count != 1)) {
         check_error(c, n, "the input gl_PerVertex must be redeclared as "
                     "gl_in[]");
         return;
      }
      if (!in && st->stage != MESA_SHADER_TESS_CTRL &&
          (n->name2 || n->dims.count)) {
         check_error(c, n, "the output gl_PerVertex is redeclared without "
                     "an instance name");
         return;
      }
      if (in && hash_table_search(c->builtin_vars, "gl_in")) {
         check_error(c, n, "gl_in redeclared after it was used");
         return;
      }
      for (unsigned i = 0; !in && i < ARRAY_SIZE(per_vertex_members); i++) {
         const char *m = per_vertex_members[i];
         if (hash_table_search(c->builtin_vars, m) ||
             hash_table_search(c->global->names, m)) {
            check_error(c, n, "gl_PerVertex redeclared after %s was used "
                        "or redeclared", m);
            return;
         }
      }
      for (struct ast_node *m = n->list.head; m; m = m->next) {
         for (struct ast_node *d = m->list.head; d; d = d->next) {
            /* ES has no clip or cull distances without
             * EXT_clip_cull_distance. */
            bool es_missing =
               st->es &&
               (!strcmp(d->name, "gl_ClipDistance") ||
                !strcmp(d->name, "gl_CullDistance")) &&
               !glsl_ext_enabled(st, "GL_EXT_clip_cull_distance");
            if (!is_per_vertex_member(d->name) || es_missing) {
               check_error(c, d, "'%s' is not a member of gl_PerVertex",
                           d->name);
               return;
            }
         }
      }
      /* Declared below like any block: members (out) or gl_in (in). */
   }
   unsigned nf = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next)
      nf += m->list.count;
   struct glsl_struct_field *fields =
      rzalloc_array(c->mem, struct glsl_struct_field, nf ? nf : 1);
   unsigned i = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      if (m->type->struct_def)
         check_error(c, m, "structure definitions are not allowed inside "
                     "blocks");
      const struct glsl_type *mt = check_resolve_type(c, m->type, m);
      unsigned mq = m->type->flags;
      if (mq & (AST_Q_ATTRIBUTE | AST_Q_VARYING | AST_Q_CONST |
                AST_Q_SHARED))
         check_error(c, m, "invalid storage qualifier on a block member");
      else if ((mq & AST_Q_STORAGE) && (mq & AST_Q_STORAGE) !=
               (q & AST_Q_STORAGE))
         check_error(c, m, "block member storage does not match the "
                     "block's");
      check_block_member_qualifiers(c, m, q);
      check_member_stream(c, n, m, q);
      check_layout_es_component(c, m, m->type->layout);
      check_sample_qualifier(c, m, mq | (q & (AST_Q_IN | AST_Q_OUT |
                                              AST_Q_UNIFORM | AST_Q_BUFFER)));
      if ((glsl_type_contains(mt, GLSL_TYPE_SAMPLER) ||
           glsl_type_contains(mt, GLSL_TYPE_IMAGE) ||
           glsl_type_contains(mt, GLSL_TYPE_ATOMIC_UINT)))
         check_error(c, m, "opaque types are not allowed in %s blocks",
                     kind);
      bool varying_in = (q & AST_Q_IN) && st->stage == MESA_SHADER_FRAGMENT;
      bool varying_out = (q & AST_Q_OUT) && st->es &&
                         st->stage == MESA_SHADER_VERTEX;
      for (struct ast_node *d = m->list.head; d; d = d->next) {
         const struct glsl_type *ft = check_apply_dims(c, mt, &d->dims,
                                                       true);
         for (unsigned k = 0; k < i; k++) {
            if (!strcmp(fields[k].name, d->name))
               check_error(c, d, "duplicate block member '%s'", d->name);
         }
         if ((q & AST_Q_BUFFER) && glsl_type_is_array(ft) && ft->length < 0 &&
             (d->next || m->next))
            check_error(c, d, "only the last member of a buffer block can "
                        "be an unsized array");
         if (!per_vertex && !strncmp(d->name, "gl_", 3))
            check_error(c, d, "block member names cannot start with gl_");
         /* gl_MaxClipDistances is 8 (GLSL 1.50 7.4). */
         if (per_vertex && !strcmp(d->name, "gl_ClipDistance") &&
             glsl_type_is_array(ft) && ft->length > 8)
            check_error(c, d, "gl_ClipDistance cannot have more than 8 "
                        "elements");
         if ((varying_in || varying_out) && is_integer_or_double(ft) &&
             !((q | m->type->flags) & AST_Q_FLAT))
            check_error(c, d, "block member '%s' of integer or double type "
                        "must be qualified 'flat'", d->name);
         fields[i].type = ft;
         fields[i].name = d->name;
         fields[i].location = -1;
         fields[i].offset = -1;
         fields[i].qualifiers = m->type->flags;
         i++;
         if (!n->name2) {
            struct glsl_var *v = rzalloc(c->mem, struct glsl_var);
            v->name = d->name;
            v->type = ft;
            v->global = true;
            v->qual = q | (m->type->flags & AST_Q_MEMORY);
            v->read_only = q & (AST_Q_UNIFORM | AST_Q_IN) ||
                           ((q | m->type->flags) & AST_Q_READONLY);
            v->block_field = true;
            struct glsl_sym *sym = rzalloc(c->mem, struct glsl_sym);
            sym->kind = SYM_VAR;
            sym->var = v;
            check_declare(c, d->name, sym, d);
         }
      }
   }
   check_layout_block(c, n, fields, i);
   struct glsl_type *bt = rzalloc(c->mem, struct glsl_type);
   bt->base_type = GLSL_TYPE_INTERFACE;
   bt->vector_elements = 1;
   bt->matrix_columns = 1;
   bt->length = -1;
   bt->fields = fields;
   bt->num_fields = i;
   bt->name = n->name;
   if (n->name2) {
      const struct glsl_type *t = check_apply_dims(c, bt, &n->dims, true);
      if (q & AST_Q_IN)
         check_gs_in_array(c, n, &t);
      check_tess_io_var(c, n, q, &t);
      struct glsl_var *v = rzalloc(c->mem, struct glsl_var);
      v->name = n->name2;
      v->type = t;
      v->qual = q;
      v->global = true;
      v->read_only = q & (AST_Q_UNIFORM | AST_Q_IN | AST_Q_READONLY);
      struct glsl_sym *sym = rzalloc(c->mem, struct glsl_sym);
      sym->kind = SYM_VAR;
      sym->var = v;
      check_declare(c, n->name2, sym, n);
   }
}

/* ---- driver ------------------------------------------------------------ */

void
glsl_check(struct glsl_parse_state *st)
{
   struct check c = { .st = st, .mem = st->mem, .gs_max_vertices = -1 };
   c.builtin_types = hash_table_create_string_keys(st->mem);
   c.builtin_vars = hash_table_create_string_keys(st->mem);
   check_push_scope(&c);
   c.global = c.scope;
   if (!st->es || st->stage != MESA_SHADER_FRAGMENT)
      hash_table_insert(c.scope->names, "(float precision)", NULL);

   for (struct ast_node *n = st->unit.head; n; n = n->next) {
      if (n->kind == AST_BLOCK)
         check_block(&c, n);
      else
         check_declaration(&c, n, true);
   }
   check_recursion(&c);

   if (st->stage == MESA_SHADER_FRAGMENT) {
      struct hash_entry *fc = hash_table_search(c.builtin_vars,
                                                "gl_FragColor");
      struct hash_entry *fd = hash_table_search(c.builtin_vars,
                                                "gl_FragData");
      bool color = fc && ((struct glsl_var *)fc->data)->written;
      bool data = fd && ((struct glsl_var *)fd->data)->written;
      bool user = false;
      hash_table_foreach(c.global->names, e) {
         struct glsl_sym *sym = e->data;
         if (sym && sym->kind == SYM_VAR && !sym->var->builtin &&
             (sym->var->qual & AST_Q_OUT) && sym->var->written)
            user = true;
      }
      if ((color && data) || ((color || data) && user))
         glsl_log_error(&st->log, 1, 1, "a fragment shader may write only "
                        "one of gl_FragColor, gl_FragData and user outputs");
   }
}
