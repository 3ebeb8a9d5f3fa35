/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Layout qualifiers on variables, blocks and default "layout(...) in/out;"
 * declarations: their values (integral constant expressions), repeats,
 * which stage and variable takes which layout, offset and align in
 * uniform and buffer blocks, compute local sizes and gl_FragDepth.
 * Locations and components are in glsl_check_location.c, transform
 * feedback in glsl_check_xfb.c, geometry and tessellation layouts in
 * glsl_check_geom.c and glsl_check_tess.c.
 *
 * Sources: GLSL 4.50 section 4.4 (Layout Qualifiers), 4.4.1 (Input
 * Layout Qualifiers, component), 4.4.2.3 (Transform Feedback Layout
 * Qualifiers) and the GL_ARB_enhanced_layouts extension text.
 */
#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"

struct ast_layout_id *
check_layout_find(struct ast_layout_id *list, const char *name)
{
   struct ast_layout_id *found = NULL;
   for (struct ast_layout_id *l = list; l; l = l->next) {
      if (!strcasecmp(l->name, name))
         found = l; /* GLSL 4.40: the last occurrence wins */
   }
   return found;
}

/* GLSL 4.40 section 4.4: "layout-qualifier-name = constant-expression";
 * the expression must be an integral constant (scalar int or uint), and
 * none of the qualifiers taking a value accepts a negative one.  Each
 * value is evaluated once, so errors are reported once. */
void
check_layout_eval(struct check *c, struct ast_node *where,
                  struct ast_layout_id *l)
{
   if (l->evaluated || !l->value)
      return;
   l->evaluated = true;
   struct check_value e = check_expr(c, l->value);
   if (type_is_error(e.type))
      return; /* already reported */
   if (!glsl_type_is_scalar(e.type) ||
       !(e.type->base_type == GLSL_TYPE_INT ||
         e.type->base_type == GLSL_TYPE_UINT)) {
      check_error(c, where, "layout '%s' needs a scalar integer value",
                  l->name);
      return;
   }
   if (!e.is_const) {
      check_error(c, where, "layout '%s' needs a constant expression",
                  l->name);
      return;
   }
   if (!e.has_value)
      return;
   l->ival = e.type->base_type == GLSL_TYPE_UINT ?
             (int64_t)(uint32_t)e.val.c[0].i : e.val.c[0].i;
   if (l->ival < 0) {
      check_error(c, where, "layout '%s' cannot be negative (%lld)",
                  l->name, (long long)l->ival);
      return;
   }
   l->known = true;
}

bool
check_layout_int(struct ast_layout_id *l, int64_t *v)
{
   if (!l || !l->known)
      return false;
   *v = l->ival;
   return true;
}

/* GLSL 4.20 (ARB_shading_language_420pack) allows several layout(...)
 * in one declaration; GLSL 4.40 (ARB_enhanced_layouts) also allows a name
 * to repeat inside one layout(...).  GLSL ES 3.10 allows both. */
static void
layout_repeats(struct check *c, struct ast_node *n)
{
   struct glsl_parse_state *st = c->st;
   bool groups = glsl_is_version(st, 420, 310) ||
                 glsl_ext_enabled(st, "GL_ARB_shading_language_420pack");
   bool repeats = glsl_is_version(st, 440, 310) ||
                  glsl_ext_enabled(st, "GL_ARB_enhanced_layouts");
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (l->group && !groups) {
         check_error(c, n, "more than one layout(...) in a declaration "
                     "needs GLSL 4.20 or GL_ARB_shading_language_420pack");
         return;
      }
      for (struct ast_layout_id *m = l->next; m && !repeats; m = m->next) {
         if (m->group == l->group && !strcasecmp(m->name, l->name)) {
            check_error(c, n, "layout '%s' repeats inside one layout(...); "
                        "that needs GLSL 4.40 or GL_ARB_enhanced_layouts",
                        l->name);
            return;
         }
      }
   }
}

/* ARB_compute_shader: "layout(local_size_x = X, ...) in;" sizes default
 * to 1; a size of 0 (or a negative one) cannot be dispatched, and every
 * declaration in a shader must give the same work-group size. */
static void
local_size(struct check *c, struct ast_node *n)
{
   static const char *const names[3] = {
      "local_size_x", "local_size_y", "local_size_z",
   };
   int64_t size[3] = { 1, 1, 1 };
   bool any = false;
   for (unsigned i = 0; i < 3; i++) {
      struct ast_layout_id *l = check_layout_find(n->type->layout, names[i]);
      if (!l)
         continue;
      any = true;
      check_layout_eval(c, n, l);
      if (!l->known)
         return; /* reported by eval_id */
      if (l->ival == 0) {
         check_error(c, n, "%s must be at least 1", names[i]);
         return;
      }
      /* ARB_compute_shader: "It is a compile-time error to specify a
       * local size greater than gl_MaxComputeWorkGroupSize" (1024, 1024,
       * 64, the GL 4.3 minimums this implementation reports). */
      static const int64_t max[3] = { 1024, 1024, 64 };
      if (l->ival > max[i]) {
         check_error(c, n, "%s = %lld is greater than "
                     "gl_MaxComputeWorkGroupSize (%lld)", names[i],
                     (long long)l->ival, (long long)max[i]);
         return;
      }
      size[i] = l->ival;
   }
   if (!any)
      return;
   /* ... nor one of more invocations than
    * GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS (1024; piglit's
    * work_group_size_too_large wants a compile error) */
   if (size[0] * size[1] * size[2] > 1024) {
      check_error(c, n, "the local size %lld x %lld x %lld has more than "
                  "1024 invocations (GL_MAX_COMPUTE_WORK_GROUP_"
                  "INVOCATIONS)", (long long)size[0], (long long)size[1],
                  (long long)size[2]);
      return;
   }
   if (c->cs_local_size[0] &&
       (c->cs_local_size[0] != size[0] || c->cs_local_size[1] != size[1] ||
        c->cs_local_size[2] != size[2])) {
      check_error(c, n, "local size redeclared differently");
      return;
   }
   for (unsigned i = 0; i < 3; i++)
      c->cs_local_size[i] = size[i];
}

/* ARB_compute_shader: using gl_WorkGroupSize before the shader declares
 * its local size (or without one) is a compile-time error. */
void
check_layout_builtin_use(struct check *c, struct ast_node *ident)
{
   if (!strcmp(ident->name, "gl_WorkGroupSize") && !c->cs_local_size[0])
      check_error(c, ident, "gl_WorkGroupSize is used before the local "
                  "size is declared");
}

void
check_layout_default(struct check *c, struct ast_node *n, unsigned q)
{
   gl_shader_stage s = c->st->stage;
   if (check_blend_support_default(c, n, q))
      return; /* layout(blend_support_*) out; (glsl_check_blend.c) */
   if (q & (AST_Q_IN | AST_Q_OUT)) {
      /* Which stages take "layout(...) in/out;", and the stage rules. */
      bool in = q & AST_Q_IN;
      bool xfb = glsl_is_version(c->st, 440, 0) ||
                 glsl_ext_enabled(c->st, "GL_ARB_enhanced_layouts");
      if ((s == MESA_SHADER_VERTEX || (s == MESA_SHADER_FRAGMENT && !in)) &&
          !xfb)
         check_error(c, n, "'layout(...) %s;' is not allowed in this stage",
                     in ? "in" : "out");
      else if (s == MESA_SHADER_TESS_CTRL || s == MESA_SHADER_TESS_EVAL)
         check_tess_default_layout(c, n, in);
      else if (s == MESA_SHADER_GEOMETRY)
         check_geom_default_layout(c, n, in);
   }
   layout_repeats(c, n);
   if (c->st->stage == MESA_SHADER_COMPUTE && (q & AST_Q_IN))
      local_size(c, n);
   if (q & AST_Q_OUT)
      check_xfb_default(c, n);
}

static void
layout_values(struct check *c, struct ast_node *n, unsigned q)
{
   layout_repeats(c, n);
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next)
      check_layout_eval(c, n, l);
   if (q & AST_Q_OUT)
      check_xfb_variable(c, n);
}

/* The layouts of one global declarator: component and index
 * (glsl_check_location.c), transform feedback (glsl_check_xfb.c). */
void
check_layout_declarator(struct check *c, struct ast_node *d,
                        struct ast_type *at, unsigned q,
                        const struct glsl_type *t)
{
   struct ast_layout_id *list = at->layout;
   if (!list)
      return;
   if (q & (AST_Q_IN | AST_Q_OUT))
      check_location_declarator(c, d, list, q, t);
   if (q & AST_Q_OUT)
      check_xfb_declarator(c, d, list, t);
}

static bool
is_power_of_two(int64_t v)
{
   return v > 0 && (v & (v - 1)) == 0;
}

/* The last of the names in a layout list, or NULL. */
static struct ast_layout_id *
last_of(struct ast_layout_id *list, const char *const *names, unsigned n)
{
   struct ast_layout_id *found = NULL;
   for (struct ast_layout_id *l = list; l; l = l->next) {
      for (unsigned i = 0; i < n; i++) {
         if (!strcasecmp(l->name, names[i]))
            found = l;
      }
   }
   return found;
}

/* align (GLSL 4.50 4.4.5): a power of two, only in uniform and buffer
 * blocks and only with the std140 or std430 layouts. */
static bool
align_value(struct check *c, struct ast_node *where,
            struct ast_layout_id *align, bool ubo_ssbo, bool bad_packing)
{
   if (!align)
      return true;
   if (!ubo_ssbo) {
      check_error(c, where, "align only applies to uniform and buffer "
                  "blocks and their members");
      return false;
   }
   if (bad_packing) {
      check_error(c, where, "align needs the std140 or std430 layout");
      return false;
   }
   int64_t v;
   if (check_layout_int(align, &v) && !is_power_of_two(v)) {
      check_error(c, where, "align %lld is not a power of two",
                  (long long)v);
      return false;
   }
   return true;
}


/* Explicit offset and align on the members of a uniform or buffer block
 * (GLSL 4.50 4.4.5, ARB_enhanced_layouts).  An offset must be a multiple
 * of the member type's base alignment and may not lie before the end of
 * the previous member; align raises a member's alignment (rounding its
 * offset up); a block-level align is every member's default. */
void
check_layout_block(struct check *c, struct ast_node *n,
                   const struct glsl_struct_field *fields, unsigned nfields)
{
   static const char *const packings[] = {
      "std140", "std430", "packed", "shared",
   };
   static const char *const majors[] = { "row_major", "column_major" };
   unsigned q = n->type->flags;
   bool ubo_ssbo = q & (AST_Q_UNIFORM | AST_Q_BUFFER);
   struct ast_layout_id *list = n->type->layout;

   for (struct ast_layout_id *l = list; l; l = l->next)
      check_layout_eval(c, n, l);
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      for (struct ast_layout_id *l = m->type->layout; l; l = l->next)
         check_layout_eval(c, m, l);
   }

   if (q & (AST_Q_IN | AST_Q_OUT))
      check_location_block(c, n, fields, nfields);
   if (q & AST_Q_OUT)
      check_xfb_block(c, n, fields, nfields);

   struct ast_layout_id *pk = last_of(list, packings, ARRAY_SIZE(packings));
   bool bad_packing = pk && (!strcasecmp(pk->name, "packed") ||
                             !strcasecmp(pk->name, "shared"));
   enum glsl_layout_rules rules =
      pk && !strcasecmp(pk->name, "std430") ? GLSL_LAYOUT_STD430
                                             : GLSL_LAYOUT_STD140;
   struct ast_layout_id *bmaj = last_of(list, majors, ARRAY_SIZE(majors));
   bool block_row_major = bmaj && !strcasecmp(bmaj->name, "row_major");

   struct ast_layout_id *block_align = check_layout_find(list, "align");
   if (!align_value(c, n, block_align, ubo_ssbo, bad_packing))
      block_align = NULL;

   int64_t next = 0; /* first free byte after the previous member */
   bool tracking = ubo_ssbo && !bad_packing;
   unsigned k = 0;
   for (struct ast_node *m = n->list.head; m; m = m->next) {
      struct ast_layout_id *ml = m->type->layout;
      struct ast_layout_id *offset = check_layout_find(ml, "offset");
      struct ast_layout_id *align = check_layout_find(ml, "align");
      if (offset && !ubo_ssbo)
         check_error(c, m, "offset only applies to members of uniform and "
                     "buffer blocks");
      else if (offset && bad_packing)
         check_error(c, m, "offset needs the std140 or std430 layout");
      if (!align_value(c, m, align, ubo_ssbo, bad_packing))
         align = NULL;
      if (!align)
         align = block_align;
      struct ast_layout_id *mmaj = last_of(ml, majors, ARRAY_SIZE(majors));
      bool row_major = mmaj ? !strcasecmp(mmaj->name, "row_major")
                            : block_row_major;

      for (struct ast_node *d = m->list.head; d; d = d->next, k++) {
         if (k >= nfields || !tracking)
            continue;
         const struct glsl_type *ft = fields[k].type;
         /* Error and opaque types (already reported) have no layout. */
         if (type_is_error(ft) || glsl_type_contains(ft, GLSL_TYPE_ERROR) ||
             glsl_type_contains_opaque(ft)) {
            tracking = false;
            continue;
         }
         int64_t base = glsl_type_alignment_B(ft, rules, row_major);
         int64_t al = base, v;
         if (check_layout_int(align, &v) && is_power_of_two(v) && v > al)
            al = v;
         int64_t start = check_round_up(next, al);
         if (d == m->list.head && offset && ubo_ssbo) {
            if (!check_layout_int(offset, &v)) {
               tracking = false;
               continue;
            }
            if (base > 0 && v % base) {
               check_error(c, d, "offset %lld of '%s' is not a multiple of "
                           "its base alignment %lld", (long long)v, d->name,
                           (long long)base);
               tracking = false;
               continue;
            }
            if (v < next) {
               check_error(c, d, "offset %lld of '%s' lies before the end "
                           "of the previous member (%lld)", (long long)v,
                           d->name, (long long)next);
               tracking = false;
               continue;
            }
            start = check_round_up(v, al);
         }
         if (glsl_type_is_array(ft) && ft->length <= 0) {
            tracking = false; /* unsized: the last member */
            continue;
         }
         next = start + glsl_type_size_B(ft, rules, row_major);
      }
   }
}

/* gl_FragDepth redeclarations (AMD/ARB_conservative_depth, GLSL 4.20
 * 4.4.2.3): the layout is one of the depth_* conditions, and the first
 * redeclaration comes before any use of gl_FragDepth. */
void
check_layout_frag_depth(struct check *c, struct ast_node *d,
                        struct check_var *frag_depth)
{
   static const char *const conditions[] = {
      "depth_any", "depth_greater", "depth_less", "depth_unchanged",
   };
   int layout = 1;
   for (struct ast_layout_id *l = c->cur_layout; l; l = l->next) {
      int known = -1;
      for (unsigned i = 0; i < ARRAY_SIZE(conditions); i++) {
         if (!strcasecmp(l->name, conditions[i]))
            known = i;
      }
      if (known < 0) {
         check_error(c, d, "layout '%s' does not apply to gl_FragDepth",
                     l->name);
         return;
      }
      layout = 2 + known;
   }
   if (frag_depth->used)
      check_error(c, d, "gl_FragDepth redeclared after it was used");
   c->st->fs.depth_layout = layout;
}
/* Primitive names belong on "layout(...) in/out;" only. */
/* Layouts on uniforms outside blocks in GLSL ES: none in ES 3.00 ("Layout
 * qualifiers can be used for uniform blocks, but not for non-block
 * uniform declarations", ES 3.00 4.3.8.3); from ES 3.10 location (4.4.3),
 * binding (4.4.5 and 4.4.6, opaque types), offset (4.4.6, atomic
 * counters) and image formats (4.4.7).  Returns false after an error. */
static bool
es_uniform_layouts(struct check *c, struct ast_node *n)
{
   /* Block-only layouts and component have their own messages. */
   static const char *const elsewhere[] = {
      "std140", "std430", "shared", "packed", "row_major", "column_major",
      "component",
   };
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      bool other_rule = false;
      for (unsigned i = 0; i < ARRAY_SIZE(elsewhere); i++)
         other_rule |= !strcasecmp(l->name, elsewhere[i]);
      if (other_rule)
         continue;
      bool ok = glsl_is_version(c->st, 0, 310) &&
                (!strcasecmp(l->name, "location") ||
                 !strcasecmp(l->name, "binding") ||
                 !strcasecmp(l->name, "offset") ||
                 check_is_image_format(l->name));
      if (!ok) {
         check_error(c, n, "layout(%s) is not allowed on a uniform outside "
                     "a block in GLSL ES %d.%02d", l->name,
                     c->st->version / 100, c->st->version % 100);
         return false;
      }
   }
   return true;
}

void
check_layout_variable(struct check *c, struct ast_node *n, unsigned q)
{
   if (c->st->es && (q & AST_Q_UNIFORM) && !es_uniform_layouts(c, n))
      return;
   check_location_es_component(c, n, n->type->layout);
   check_blend_support_variable(c, n);
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
      /* GLSL ES has no index before EXT_blend_func_extended (its
       * additions to GLSL ES 3.00 section 4.4.2). */
      if (!strcasecmp(l->name, "index") && st->es &&
          !glsl_ext_enabled(st, "GL_EXT_blend_func_extended")) {
         check_error(c, n, "layout(index) needs "
                     "GL_EXT_blend_func_extended in GLSL ES");
         return;
      }
   }
   layout_values(c, n, q);
   for (struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (check_geom_is_default_only(l->name))
         check_error(c, n, "layout '%s' only applies to 'layout(...) %s;'",
                     l->name, (q & AST_Q_IN) ? "in" : "out");
   }
}
