/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function fragment processing of pixel rectangles
 * (glDrawPixels, glBitmap, glCopyPixels; GL 2.1 sections 3.6.4, 3.7 and
 * 4.3.3): their fragments take the current raster position's texture
 * coordinates, secondary colour and distance (the fog coordinate) and go
 * through texturing, colour sum, fog and the alpha test like those of any
 * primitive.  A key with `pixel` set (st_ff_program.c, st_ff_pixel_exec)
 * is drawn by st_pixel_quad.c's rectangle: its vertex shader, written
 * here, passes the raster values as constants (uniforms ff_raster_*) and
 * the rectangle's image coordinates (st_v); the fragment shader is
 * st_ff_fs.c's with the primary colour of the rectangle's kind, from the
 * helper declared here.
 */
#include "state_tracker/st_ff.h"
#include "state_tracker/st_pixel.h"
#include "util/ralloc.h"

char *
st_ff_pixel_vs_source(void *mem, const struct st_ff_key *key)
{
   char *s = ralloc_strdup(mem, "#version 110\n"
                                "attribute vec4 st_pos;\n"
                                "attribute vec4 st_tc;\n"
                                "varying vec4 st_v;\n"
                                "uniform vec4 ff_raster_color2;\n"
                                "uniform float ff_raster_distance;\n");
   bool ok = s != NULL;

   for (unsigned u = 0; ok && u < FF_MAX_TEXTURE_UNITS; u++) {
      if (key->unit[u].target)
         ok = ralloc_asprintf_append(&s, "uniform vec4 ff_raster_tc%u;\n", u);
   }
   if (ok)
      ok = ralloc_strcat(&s, "void main()\n"
                             "{\n"
                             "   gl_Position = st_pos;\n"
                             "   st_v = st_tc;\n"
                             "   gl_FrontSecondaryColor = ff_raster_color2;\n"
                             "   gl_FogFragCoord = ff_raster_distance;\n");
   for (unsigned u = 0; ok && u < FF_MAX_TEXTURE_UNITS; u++) {
      if (key->unit[u].target)
         ok = ralloc_asprintf_append(
            &s, "   gl_TexCoord[%u] = ff_raster_tc%u;\n", u, u);
   }
   if (ok)
      ok = ralloc_strcat(&s, "}\n");
   return ok ? s : NULL;
}

/* ff_pixel_primary(): the colour of a fragment of the rectangle, after
 * what its kind does besides (st_pixel.h, as st_pixel_quad.c's own
 * shaders): the image's colour; the raster colour with the image's depth;
 * the raster colour where the bitmap's bit is 1. */
bool
st_ff_pixel_fs_decls(char **s, const struct st_ff_key *key)
{
   static const char *const body[ST_PIXEL_KINDS] = {
      [ST_PIXEL_COLOR] = "   return texture2D(st_img, st_v.xy);\n",
      [ST_PIXEL_DEPTH] = "   gl_FragDepth = texture2D(st_img, st_v.xy).r;\n"
                         "   return st_color;\n",
      [ST_PIXEL_BITMAP] = "   if (texture2D(st_img, st_v.xy).r < 0.5)\n"
                          "      discard;\n"
                          "   return st_color;\n",
   };
   unsigned kind = key->pixel - 1u;
   if (kind >= ST_PIXEL_KINDS)
      return false;
   return ralloc_asprintf_append(s,
                                 "uniform sampler2D st_img;\n"
                                 "uniform vec4 st_color;\n"
                                 "varying vec4 st_v;\n"
                                 "vec4 ff_pixel_primary()\n"
                                 "{\n"
                                 "%s"
                                 "}\n",
                                 body[kind]);
}
