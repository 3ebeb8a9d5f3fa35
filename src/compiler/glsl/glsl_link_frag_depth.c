/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_FragDepth's layout across the fragment shaders of a program
 * (GLSL 4.20 4.4.2.3, AMD/ARB_conservative_depth): once one fragment
 * shader redeclares it, every fragment shader assigning it redeclares it
 * too, and all redeclarations carry the same condition.  The checker
 * leaves each shader's redeclaration and whether it assigns gl_FragDepth
 * in glsl_parse_state.fs; the condition itself is only a promise to the
 * depth test, which this implementation does not use.
 */
#include "glsl_link_priv.h"

void
link_frag_depth_layout(struct link *l, struct glsl_parse_state *const *sh,
                       unsigned n)
{
   int layout = 0;
   for (unsigned i = 0; i < n; i++) {
      int own = sh[i]->fs.depth_layout;
      if (own && layout && own != layout) {
         link_error(l, "gl_FragDepth is redeclared with different layout "
                    "qualifiers in the fragment shaders");
         return;
      }
      if (own)
         layout = own;
   }
   if (!layout)
      return;
   for (unsigned i = 0; i < n; i++) {
      if (sh[i]->fs.depth_written && !sh[i]->fs.depth_layout) {
         link_error(l, "gl_FragDepth is redeclared in a fragment shader, "
                    "so every fragment shader assigning it must "
                    "redeclare it");
         return;
      }
   }
}
