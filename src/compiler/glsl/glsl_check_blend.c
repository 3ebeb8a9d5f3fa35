/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* KHR_blend_equation_advanced: the blend_support_* layout qualifiers of
 * fragment shaders ("layout(blend_support_multiply) out;"), which tell
 * the API which advanced blend equations the program may be drawn with.
 * Fact: KHR_blend_equation_advanced.txt, "Modifications to the OpenGL
 * Shading Language Specification", section 4.4.2.3. */

#include <string.h>
#include <strings.h>

#include "glsl_check_priv.h"
#include "glsl_program.h"

/* In the order of GLSL_BLEND_SUPPORT_* bits (glsl_program.h). */
static const char *const blend_support_names[] = {
   "blend_support_multiply",
   "blend_support_screen",
   "blend_support_overlay",
   "blend_support_darken",
   "blend_support_lighten",
   "blend_support_colordodge",
   "blend_support_colorburn",
   "blend_support_hardlight",
   "blend_support_softlight",
   "blend_support_difference",
   "blend_support_exclusion",
   "blend_support_hsl_hue",
   "blend_support_hsl_saturation",
   "blend_support_hsl_color",
   "blend_support_hsl_luminosity",
};

unsigned
glsl_blend_support_bits(const char *name)
{
   if (!strcasecmp(name, "blend_support_all_equations"))
      return GLSL_BLEND_SUPPORT_ALL;
   for (unsigned i = 0; i < ARRAY_SIZE(blend_support_names); i++) {
      if (!strcasecmp(name, blend_support_names[i]))
         return 1u << i;
   }
   return 0;
}

/* The blend_support_* entries of a layout list, as bits. */
static unsigned
list_bits(const struct ast_layout_id *list)
{
   unsigned bits = 0;
   for (const struct ast_layout_id *l = list; l; l = l->next)
      bits |= glsl_blend_support_bits(l->name);
   return bits;
}

bool
check_blend_support_default(struct check *c, struct ast_node *n, unsigned q)
{
   const struct ast_layout_id *list = n->type->layout;
   if (!list_bits(list))
      return false;
   const char *first = NULL;
   bool others = false;
   for (const struct ast_layout_id *l = list; l; l = l->next) {
      if (glsl_blend_support_bits(l->name)) {
         if (!first)
            first = l->name;
      } else {
         others = true;
      }
   }
   if (!glsl_ext_enabled(c->st, "GL_KHR_blend_equation_advanced")) {
      check_error(c, n, "layout(%s) needs "
                  "GL_KHR_blend_equation_advanced", first);
      return true;
   }
   /* The qualifiers are for fragment shader outputs only, on "out" with
    * no variable. */
   if (c->st->stage != MESA_SHADER_FRAGMENT ||
       (q & AST_Q_STORAGE) != AST_Q_OUT) {
      check_error(c, n, "layout(%s) is only allowed on 'layout(...) out;' "
                  "in fragment shaders", first);
      return true;
   }
   if (others)
      check_error(c, n, "'layout(...) out;' in a fragment shader takes only "
                  "blend_support qualifiers");
   return true;
}

void
check_blend_support_variable(struct check *c, struct ast_node *n)
{
   for (const struct ast_layout_id *l = n->type->layout; l; l = l->next) {
      if (glsl_blend_support_bits(l->name)) {
         check_error(c, n, "layout(%s) cannot qualify a variable: use "
                     "'layout(%s) out;'", l->name, l->name);
         return;
      }
   }
}

unsigned
glsl_blend_support_of_decl(const struct ast_node *n)
{
   if (n->kind != AST_QUALIFIER_ONLY || n->list.count || !n->type ||
       (n->type->flags & AST_Q_STORAGE) != AST_Q_OUT)
      return 0;
   return list_bits(n->type->layout);
}

unsigned
glsl_blend_support_of(const struct glsl_parse_state *st)
{
   unsigned bits = 0;
   for (const struct ast_node *n = st->unit.head; n; n = n->next)
      bits |= glsl_blend_support_of_decl(n);
   return bits;
}
