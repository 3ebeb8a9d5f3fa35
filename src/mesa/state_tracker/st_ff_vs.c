/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function vertex shader of a key (GL 2.1 sections 2.11-2.12,
 * 2.17): the modelview-projection transform, the eye-space position for
 * user clip planes (gl_ClipVertex), the colours passed on unlit, each
 * enabled unit's texture coordinates through its texture matrix, and the
 * fog coordinate (the eye distance approximated by |z_e|, or glFogCoord).
 * Not yet: lighting, texture coordinate generation, point sizes.
 */
#include "state_tracker/st_ff.h"
#include "util/ralloc.h"

char *
st_ff_vs_source(void *mem, const struct st_ff_key *key)
{
   char *s = ralloc_strdup(mem, "#version 110\n"
                                "void main()\n"
                                "{\n"
                                "   vec4 eye = gl_ModelViewMatrix * "
                                "gl_Vertex;\n"
                                "   gl_Position = "
                                "gl_ModelViewProjectionMatrix * gl_Vertex;\n"
                                "   gl_ClipVertex = eye;\n"
                                "   gl_FrontColor = gl_Color;\n"
                                "   gl_BackColor = gl_Color;\n"
                                "   gl_FrontSecondaryColor = "
                                "gl_SecondaryColor;\n"
                                "   gl_BackSecondaryColor = "
                                "gl_SecondaryColor;\n");
   bool ok = s != NULL;

   for (unsigned u = 0; ok && u < FF_MAX_TEXTURE_UNITS; u++) {
      if (key->unit[u].target == ST_FF_TEX_NONE)
         continue;
      ok = ralloc_asprintf_append(&s,
                                  "   gl_TexCoord[%u] = gl_TextureMatrix[%u] "
                                  "* gl_MultiTexCoord%u;\n",
                                  u, u, u);
   }
   if (ok && key->fog_mode) {
      ok = ralloc_strcat(&s, key->fog_coord
                                ? "   gl_FogFragCoord = gl_FogCoord;\n"
                                : "   gl_FogFragCoord = abs(eye.z);\n");
   }
   if (ok)
      ok = ralloc_strcat(&s, "}\n");
   return ok ? s : NULL;
}
