/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Interpolation of the built-in colours across the rasterizer.
 *
 * GLSL 1.30 4.3.7 "Interpolation": when gl_Color is redeclared with an
 * interpolation qualifier, gl_FrontColor and gl_BackColor (if written)
 * must be redeclared with the same one, and vice versa; likewise
 * gl_SecondaryColor with gl_FrontSecondaryColor/gl_BackSecondaryColor.
 * The matching is only required for variables statically used by the
 * shaders of the program.  An undeclared qualifier is its own kind here:
 * "smooth" on one side and nothing on the other do not match (piglit's
 * spec/glsl-1.30/linker/interpolation-qualifiers, generated from
 * piglit's generated_tests/templates/interpolation-qualifier-built-in-
 * variable, expect a link error for smooth-vs-default).
 *
 * So: when the fragment shader reads gl_Color (gl_SecondaryColor), every
 * front/back colour its producer writes must carry the fragment shader's
 * qualifier.  Comparing each to the fragment input also rejects a front
 * and a back colour that disagree with each other.
 */
#include <string.h>

#include "glsl_link_priv.h"

/* The declared interpolation qualifier of a built-in varying. */
static const char *
interp_name(const nir_variable *var)
{
   if (var->data.flat)
      return "flat";
   if (var->data.noperspective)
      return "noperspective";
   if (var->data.smooth)
      return "smooth";
   return "no interpolation qualifier";
}

static struct glsl_nir_var *
find_builtin(struct glsl_nir_stage *st, const char *name)
{
   for (unsigned i = 0; i < st->num_vars; i++) {
      if (st->vars[i].builtin && !strcmp(st->vars[i].name, name))
         return &st->vars[i];
   }
   return NULL;
}

static void
check_color(struct link *l, struct glsl_nir_stage *p, gl_shader_stage ps,
            struct glsl_nir_stage *fs, const char *input,
            const char *front, const char *back)
{
   struct glsl_nir_var *in = find_builtin(fs, input);
   if (!in || !in->used)
      return;
   const char *want = interp_name(in->var);
   const char *outs[2] = { front, back };
   for (unsigned i = 0; i < 2 && !l->failed; i++) {
      struct glsl_nir_var *out = find_builtin(p, outs[i]);
      if (!out || !out->written)
         continue;
      const char *have = interp_name(out->var);
      if (strcmp(have, want)) {
         link_error(l, "the fragment shader's %s has %s but the %s "
                    "shader's %s has %s: they must be declared with the "
                    "same interpolation qualifier (GLSL 1.30 4.3.7)",
                    input, want, gl_shader_stage_name(ps), outs[i], have);
      }
   }
}

void
link_color_interpolation(struct link *l)
{
   struct glsl_nir_stage *fs = l->stage[MESA_SHADER_FRAGMENT];
   if (!fs || l->es || l->version < 130)
      return;
   /* the stage feeding the rasterizer */
   for (int s = MESA_SHADER_FRAGMENT - 1; s >= 0; s--) {
      if (!l->stage[s])
         continue;
      check_color(l, l->stage[s], (gl_shader_stage)s, fs, "gl_Color",
                  "gl_FrontColor", "gl_BackColor");
      if (!l->failed)
         check_color(l, l->stage[s], (gl_shader_stage)s, fs,
                     "gl_SecondaryColor", "gl_FrontSecondaryColor",
                     "gl_BackSecondaryColor");
      return;
   }
}
