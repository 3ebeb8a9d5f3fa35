/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Built-in names: which built-in variables and functions exist in this
 * version, stage and set of extensions (from the glsl_builtins.py tables),
 * the built-in structures (gl_DepthRangeParameters ...), gl_in / gl_out /
 * gl_PerVertex, and the rules for redeclaring built-in variables and the
 * gl_PerVertex block.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"
#include "util/ralloc.h"

static bool
builtin_available(struct check *c, unsigned stages, int desk, int es,
                  int desk_until, int es_until, bool compat, const char *ext)
{
   struct glsl_parse_state *st = c->st;
   if (!(stages & (1u << st->stage)))
      return false;
   /* An extension brings it earlier, but not past es_until (the ES 1.00
    * built-ins of EXT_blend_func_extended). */
   if (ext && glsl_ext_enabled(st, ext))
      return !st->es || !es_until || st->version < es_until;
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
make_struct(struct check *c, const char *name, const char *spec,
            bool interface)
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
   return interface ? glsl_interface_type(c->mem, fields, n, name)
                    : glsl_struct_type(c->mem, fields, n, name);
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

const char *
glsl_builtin_struct_fields(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(builtin_structs); i++) {
      if (!strcmp(builtin_structs[i].name, name))
         return builtin_structs[i].fields;
   }
   return NULL;
}

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
                               builtin_structs[i].fields, false);
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

static const struct glsl_type *
per_vertex_block(struct check *c, bool array, int length)
{
   const char *spec = "vec4 gl_Position;float gl_PointSize;"
                      "float[] gl_ClipDistance";
   /* GLSL 1.50 compatibility 7.1: the compatibility profile's block
    * also carries the fixed-function varyings (the order
    * glsl_to_nir_geom.c gives gl_in too). */
   if (c->st->compat)
      spec = "vec4 gl_Position;float gl_PointSize;"
             "float[] gl_ClipDistance;vec4 gl_ClipVertex;"
             "vec4 gl_FrontColor;vec4 gl_BackColor;"
             "vec4 gl_FrontSecondaryColor;vec4 gl_BackSecondaryColor;"
             "vec4[gl_MaxTextureCoords] gl_TexCoord;float gl_FogFragCoord";
   const struct glsl_type *b = make_struct(c, "gl_PerVertex", spec, true);
   return array ? glsl_array_type(c->mem, b, length) : b;
}

static const char *const per_vertex_members[] = {
   "gl_Position", "gl_PointSize", "gl_ClipDistance", "gl_CullDistance",
   "gl_ClipVertex", "gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor",
   "gl_BackSecondaryColor", "gl_TexCoord", "gl_FogFragCoord",
};

bool
check_builtin_is_per_vertex_member(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(per_vertex_members); i++) {
      if (!strcmp(per_vertex_members[i], name))
         return true;
   }
   return false;
}

struct check_var *
check_builtin_var(struct check *c, const char *name)
{
   struct hash_entry *e = hash_table_search(c->builtin_vars, name);
   if (e)
      return e->data;

   struct check_var *v = NULL;
   gl_shader_stage s = c->st->stage;
   if (!strcmp(name, "gl_in") &&
       (s == MESA_SHADER_GEOMETRY || s == MESA_SHADER_TESS_CTRL ||
        s == MESA_SHADER_TESS_EVAL) &&
       glsl_is_version(c->st, 150, 320)) {
      v = check_tmp_alloc(c, sizeof(struct check_var));
      v->type = per_vertex_block(c, true, s == MESA_SHADER_GEOMETRY ?
                                 (c->gs_in_size ? c->gs_in_size : -1) : 32);
      v->qual = AST_Q_IN;
      v->read_only = true;
   } else if (!strcmp(name, "gl_out") && s == MESA_SHADER_TESS_CTRL &&
              (glsl_is_version(c->st, 400, 320) ||
               glsl_ext_enabled(c->st, "GL_ARB_tessellation_shader") ||
               glsl_ext_enabled(c->st, "GL_OES_tessellation_shader") ||
               glsl_ext_enabled(c->st, "GL_EXT_tessellation_shader"))) {
      v = check_tmp_alloc(c, sizeof(struct check_var));
      v->type = per_vertex_block(c, true,
                                 c->tcs_vertices ? c->tcs_vertices : -1);
      v->qual = AST_Q_OUT;
   } else if ((c->per_vertex_done & 1) &&
              check_builtin_is_per_vertex_member(name)) {
      v = NULL; /* not listed in the gl_PerVertex redeclaration */
   } else {
      for (unsigned i = 0; i < glsl_num_builtin_vars; i++) {
         const struct glsl_builtin_var *b = &glsl_builtin_vars[i];
         if (strcmp(b->name, name) ||
             !builtin_available(c, b->stages, b->desk, b->es, b->desk_until,
                                b->es_until, b->compat, b->ext))
            continue;
         v = check_tmp_alloc(c, sizeof(struct check_var));
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
            v->value = b->nvalues > 0
                          ? check_tmp_alloc(c, sizeof(*v->value))
                          : NULL;
            v->has_value = v->value != NULL;
            for (unsigned k = 0; v->value && k < b->nvalues; k++)
               v->value->c[k].i = b->values[k];
            break;
         }
         break;
      }
   }
   if (v) {
      v->name = name;
      v->builtin = true;
      v->global = true;
      hash_table_insert(c->builtin_vars, ralloc_strdup(c->tmp, name), v);
   }
   return v;
}

/* The rows of the built-in function table with one name, in table order
 * (glsl_builtin_index.c, built on first use). */
const unsigned *
check_builtin_func_rows(struct check *c, const char *name, unsigned *count)
{
   if (!c->builtin_func_rows)
      c->builtin_func_rows = glsl_builtin_func_index_create(c->mem);
   return glsl_builtin_func_index_rows(c->builtin_func_rows, name, count);
}

bool
check_builtin_func_name(struct check *c, const char *name)
{
   /* Tabled, or one of the untabled built-ins glsl_builtins.py lists by
    * name: a name of neither (textureFooBar) is no built-in at all. */
   unsigned nrows;
   if (check_builtin_func_rows(c, name, &nrows) && nrows)
      return true;
   return check_untabled_func(name) != NULL;
}

const struct glsl_untabled_func *
check_untabled_func(const char *name)
{
   for (const struct glsl_untabled_func *u = glsl_untabled_builtin_funcs;
        u->name; u++) {
      if (!strcmp(u->name, name))
         return u;
   }
   return NULL;
}

bool
check_untabled_available(struct check *c, const struct glsl_untabled_func *u)
{
   return glsl_is_version(c->st, u->desk, u->es) ||
          (u->ext && glsl_ext_enabled(c->st, u->ext));
}

/* The built-in variables a shader may redeclare (to size them, or to
 * change interpolation, invariance or layout): GLSL 1.30 7.x and 1.50 7.1
 * list them; gl_Layer and gl_ViewportMask only with NV_viewport_array2,
 * gl_LastFragData with framebuffer fetch. */
bool
check_builtin_redeclarable(struct check *c, const char *name)
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
void
check_builtin_redeclare(struct check *c, struct ast_node *d, unsigned q,
                        const struct glsl_type *t,
                        const struct check_var *b)
{
   int max = -1;
   /* gl_MaxClipDistances and gl_MaxCullDistances are 8 */
   if (!strcmp(d->name, "gl_ClipDistance") ||
       !strcmp(d->name, "gl_CullDistance"))
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
      check_layout_frag_depth(c, d, (struct check_var *)b);
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
      struct check_var *bv = (struct check_var *)b;
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

/* A redeclaration of the built-in gl_PerVertex block (GLSL 4.10 7.1,
 * ARB_separate_shader_objects): once per direction, the input one as
 * gl_in[], the output one without an instance name (except gl_out[] in
 * tessellation control shaders), before any member is used, and listing
 * only members of the built-in block.  Returns false after an error. */
bool
check_builtin_per_vertex_block(struct check *c, struct ast_node *n,
                               unsigned q)
{
   struct glsl_parse_state *st = c->st;
   bool in = q & AST_Q_IN;
   unsigned bit = in ? 2 : 1;
   if (c->per_vertex_done & bit) {
      check_error(c, n, "gl_PerVertex redeclared more than once");
      return false;
   }
   c->per_vertex_done |= bit;
   if (in && (!n->name2 || strcmp(n->name2, "gl_in") ||
              n->block_dims->count != 1)) {
      check_error(c, n, "the input gl_PerVertex must be redeclared as "
                  "gl_in[]");
      return false;
   }
   if (!in && st->stage != MESA_SHADER_TESS_CTRL &&
       (n->name2 || n->block_dims->count)) {
      check_error(c, n, "the output gl_PerVertex is redeclared without "
                  "an instance name");
      return false;
   }
   if (in && hash_table_search(c->builtin_vars, "gl_in")) {
      check_error(c, n, "gl_in redeclared after it was used");
      return false;
   }
   for (unsigned i = 0; !in && i < ARRAY_SIZE(per_vertex_members); i++) {
      const char *m = per_vertex_members[i];
      if (hash_table_search(c->builtin_vars, m) ||
          hash_table_search(c->global->names, m)) {
         check_error(c, n, "gl_PerVertex redeclared after %s was used "
                     "or redeclared", m);
         return false;
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
         if (!check_builtin_is_per_vertex_member(d->name) || es_missing) {
            check_error(c, d, "'%s' is not a member of gl_PerVertex",
                        d->name);
            return false;
         }
      }
   }
   return true;
}
/* Extensions add built-in variables our tables may not list; with one
 * enabled, unknown gl_ names are accepted unchecked. */
bool
check_any_extension_on(struct check *c)
{
   for (unsigned i = 0; i < glsl_num_extensions; i++) {
      if (c->st->ext_enabled[i])
         return true;
   }
   return false;
}

/* True if the tables describe a built-in variable of this name (in any
 * version or stage). */
bool
check_builtin_var_tabled(const char *name)
{
   for (unsigned i = 0; i < glsl_num_builtin_vars; i++) {
      if (!strcmp(glsl_builtin_vars[i].name, name))
         return true;
   }
   return false;
}
