/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Point sprites of a compatibility context (GL 2.1 section 3.4.1): with
 * GL_POINT_SPRITE on, the texture coordinates of the units whose
 * GL_COORD_REPLACE is on become, over each point, s = 1/2 + (x + 1/2 -
 * xw) / size and t = 1/2 - (y + 1/2 - yw) / size with
 * POINT_SPRITE_COORD_ORIGIN GL_UPPER_LEFT (the initial value), 1/2 +
 * (y + 1/2 - yw) / size with GL_LOWER_LEFT; r = 0 and q = 1.
 *
 * A 48 x 32 window, glOrtho(0, 48, 0, 32), cleared to black; points of
 * size 8 centred on pixel corners, so that each quarter of a point is 4 x
 * 4 pixels whose (s, t) stay on one side of 1/2.  A 2 x 2 texture on unit
 * 0 (nearest), its bottom row red, green and top row blue, white, with
 * GL_REPLACE:
 *  - at (8, 8), sprite on, COORD_REPLACE on, origin upper left: the
 *    point's top-left quarter (pixel (5, 10)) reads texel (0, 0), red;
 *    top right (10, 10) green; bottom left (5, 5) blue; bottom right
 *    (10, 5) white;
 *  - at (24, 8) with origin lower left: top left (21, 10) blue, bottom
 *    left (21, 5) red;
 *  - at (40, 8) with GL_POINT_SPRITE off, the current coordinate (0.75,
 *    0.25): green all over ((37, 10) and (42, 5));
 *  - a quad (32, 16)-(48, 32) drawn with the sprite on keeps its
 *    coordinate (0.75, 0.25): green at (40, 24) (the replacement is part
 *    of point rasterization, section 3.4.1; llvmpipe replaces the quad's
 *    coordinates too, reading texel (0, 0): this probe follows the
 *    spec).
 * Then a GLSL 1.10 program writing (gl_TexCoord[0].s, gl_TexCoord[0].t,
 * 0, 1) with origin upper left: its point at (8, 24) gives pixel (5, 26)
 * s = t = 0.1875 (48 of 255) and pixel (10, 21) s = t = 0.8125 (207).
 * State: IsEnabled(GL_POINT_SPRITE), glGetTexEnviv of COORD_REPLACE, and
 * GL_INVALID_VALUE for a COORD_REPLACE that is neither TRUE nor FALSE.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "e2e_gl_compat.h"

#define W 48
#define H 32

#define GL_TEXTURE_2D_ 0x0DE1
#define GL_TEXTURE_ENV 0x2300
#define GL_TEXTURE_ENV_MODE 0x2200
#define GL_REPLACE_ 0x1E01
#define GL_POINT_SPRITE 0x8861
#define GL_COORD_REPLACE 0x8862
#define GL_POINT_SPRITE_COORD_ORIGIN 0x8CA0
#define GL_LOWER_LEFT 0x8CA1
#define GL_UPPER_LEFT 0x8CA2

struct procs {
   void (*tex_envi)(GLenum, GLenum, GLint);
   void (*get_tex_enviv)(GLenum, GLenum, GLint *);
   void (*tex_coord2f)(GLfloat, GLfloat);
   void (*point_parameteri)(GLenum, GLint);
};

static void
point(struct e2e_gl_compat *ff, float x, float y)
{
   ff->begin(GL_POINTS);
   ff->vertex2f(x, y);
   ff->end();
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   struct procs p;
   const struct e2e_gl_proc table[] = {
      {"glTexEnvi", &p.tex_envi},
      {"glGetTexEnviv", &p.get_tex_enviv},
      {"glTexCoord2f", &p.tex_coord2f},
      {"glPointParameteri", &p.point_parameteri},
   };
   int status = E2E_GL_START_FF_PROCS(&gl, argc, argv, W, H, &quiet, &ff, true,
                                      table);
   if (status)
      return status;

   static const uint8_t texels[4][4] = {
      {255, 0, 0, 255}, {0, 255, 0, 255}, /* bottom row */
      {0, 0, 255, 255}, {255, 255, 255, 255}};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D_);
   p.tex_envi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE_);
   ff.point_size(8);
   p.tex_coord2f(0.75f, 0.25f);

   glEnable(GL_POINT_SPRITE);
   p.tex_envi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   point(&ff, 8, 8);
   p.point_parameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
   point(&ff, 24, 8);
   p.point_parameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
   ff.rectf(32, 16, 48, 32);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing sprites", quiet);
   GLint v = 0;
   p.get_tex_enviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &v);
   ok &= e2e_gl_check("COORD_REPLACE", v, GL_TRUE, quiet);
   ok &= e2e_gl_check("POINT_SPRITE enabled", glIsEnabled(GL_POINT_SPRITE),
                      GL_TRUE, quiet);
   p.tex_envi(GL_POINT_SPRITE, GL_COORD_REPLACE, 2);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "COORD_REPLACE of 2", quiet);
   glDisable(GL_POINT_SPRITE);
   point(&ff, 40, 8);
   glDisable(GL_TEXTURE_2D_);

   static const char *vs = "void main() {\n"
                           "   gl_Position = ftransform();\n"
                           "   gl_TexCoord[0] = vec4(0.5);\n"
                           "}\n";
   static const char *fs = "void main() {\n"
                           "   gl_FragColor = vec4(gl_TexCoord[0].st,"
                           " 0.0, 1.0);\n"
                           "}\n";
   GLuint prog;
   if ((status = e2e_gl_need_program(&gl, vs, fs, "the program", &prog)))
      return status;
   glEnable(GL_POINT_SPRITE);
   glUseProgram(prog);
   point(&ff, 8, 24);
   glUseProgram(0);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   static uint8_t pixels[W * H * 4];
   static const uint8_t red[4] = {255, 0, 0, 255};
   static const uint8_t green[4] = {0, 255, 0, 255};
   static const uint8_t blue[4] = {0, 0, 255, 255};
   static const uint8_t white[4] = {255, 255, 255, 255};
   static const uint8_t low[4] = {48, 48, 0, 255};
   static const uint8_t high[4] = {207, 207, 0, 255};
   static const struct {
      int x, y;
      const uint8_t *want;
      int tol;
      const char *what;
   } probes[] = {
      {5, 10, red, 0, "upper-left origin: top-left quarter"},
      {10, 10, green, 0, "upper-left origin: top-right quarter"},
      {5, 5, blue, 0, "upper-left origin: bottom-left quarter"},
      {10, 5, white, 0, "upper-left origin: bottom-right quarter"},
      {21, 10, blue, 0, "lower-left origin: top-left quarter"},
      {21, 5, red, 0, "lower-left origin: bottom-left quarter"},
      {37, 10, green, 0, "sprite off: the current coordinate"},
      {42, 5, green, 0, "sprite off: the current coordinate (2)"},
      {40, 24, green, 0, "a quad keeps its coordinate"},
      {5, 26, low, 1, "program: (s, t) at the top left"},
      {10, 21, high, 1, "program: (s, t) at the bottom right"},
   };
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   for (unsigned i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
      ok &= e2e_gl_probe(pixels, W, probes[i].x, probes[i].y, probes[i].want,
                         probes[i].tol, probes[i].what, quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
