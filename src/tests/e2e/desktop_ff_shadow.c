/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Depth textures in the fixed-function texture environment of a 2.1
 * context (ARB_depth_texture, ARB_shadow; GL 2.1 sections 3.8.14-3.8.15
 * and 3.13), and the GL 1.x extension names of the environment.  A 1x1
 * DEPTH_COMPONENT texture of depth 0.5; three 16x16 columns, identity
 * matrices, vertex positions in normalised device coordinates:
 * Column 0: COMPARE_R_TO_TEXTURE with LEQUAL, r = 0.25 (0.25 <= 0.5: 1),
 *           DEPTH_TEXTURE_MODE INTENSITY, REPLACE over blue:
 *           (255, 255, 255, 255).
 * Column 1: the same with r = 0.75 (fails: 0), LUMINANCE, REPLACE over
 *           (0, 0, 1, 0.5): the luminance replaces the colour, the alpha
 *           stays (table 3.22): (0, 0, 0, 128).
 * Column 2: no comparison, DEPTH_TEXTURE_MODE ALPHA, REPLACE over
 *           (1, 0.5, 0, 1): an alpha texture keeps the colour and
 *           replaces alpha with the depth: (255, 128, 0, 128).
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl_compat.h"

#define COLUMNS 3
#define COL 16
#define W (COLUMNS * COL)
#define H COL

/* Desktop tokens the ES headers lack (gl.xml). */
#define FF_QUADS 0x0007
#define FF_TEXTURE_ENV 0x2300
#define FF_TEXTURE_ENV_MODE 0x2200
#define FF_REPLACE 0x1E01
#define FF_DEPTH_TEXTURE_MODE 0x884B
#define FF_TEXTURE_COMPARE_MODE 0x884C
#define FF_TEXTURE_COMPARE_FUNC 0x884D
#define FF_COMPARE_R_TO_TEXTURE 0x884E
#define FF_INTENSITY 0x8049
#define FF_LUMINANCE GL_LUMINANCE
#define FF_ALPHA GL_ALPHA

struct procs {
   struct e2e_gl_compat ff;
   void (*tex_coord3f)(GLfloat, GLfloat, GLfloat);
   void (*tex_envi)(GLenum, GLenum, GLint);
};

/* The names a GL 1.x program looks for before using the state. */
static bool
extension_names(bool quiet)
{
   static const char *const names[] = {
      "GL_ARB_texture_env_combine", "GL_EXT_texture_env_combine",
      "GL_ARB_texture_env_crossbar", "GL_ARB_texture_env_dot3",
      "GL_ARB_shadow", "GL_EXT_shadow_funcs", "GL_ARB_depth_texture",
   };
   const char *all = (const char *)glGetString(GL_EXTENSIONS);
   bool ok = all != NULL;

   for (unsigned i = 0; all && i < sizeof(names) / sizeof(names[0]); i++) {
      size_t n = strlen(names[i]);
      const char *at = all;
      bool found = false;
      while (!found && (at = strstr(at, names[i])) != NULL) {
         found = (at == all || at[-1] == ' ') &&
                 (at[n] == ' ' || at[n] == '\0');
         at += n;
      }
      if (!found) {
         if (!quiet)
            printf("FAIL: %s not advertised\n", names[i]);
         ok = false;
      }
   }
   return ok;
}

static void
column(const struct procs *p, int c, GLfloat r)
{
   glViewport(c * COL, 0, COL, H);
   p->tex_coord3f(0.5f, 0.5f, r);
   p->ff.begin(FF_QUADS);
   p->ff.vertex2f(-1, -1);
   p->ff.vertex2f(1, -1);
   p->ff.vertex2f(1, 1);
   p->ff.vertex2f(-1, 1);
   p->ff.end();
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct procs p;
   const struct e2e_gl_proc table[] = {
      {"glTexCoord3f", &p.tex_coord3f},
      {"glTexEnvi", &p.tex_envi},
   };
   int status = E2E_GL_START_FF_PROCS(&gl, argc, argv, W, H, &quiet, &p.ff,
                                      false, table);
   if (status)
      return status;
   ok &= extension_names(quiet);

   static const GLfloat half = 0.5f;
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 1, 1, 0,
                GL_DEPTH_COMPONENT, GL_FLOAT, &half);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, FF_TEXTURE_COMPARE_FUNC, GL_LEQUAL);

   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_TEXTURE_2D);
   p.tex_envi(FF_TEXTURE_ENV, FF_TEXTURE_ENV_MODE, FF_REPLACE);

   glTexParameteri(GL_TEXTURE_2D, FF_TEXTURE_COMPARE_MODE,
                   FF_COMPARE_R_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_2D, FF_DEPTH_TEXTURE_MODE, FF_INTENSITY);
   p.ff.color4f(0.0f, 0.0f, 1.0f, 1.0f);
   column(&p, 0, 0.25f);

   glTexParameteri(GL_TEXTURE_2D, FF_DEPTH_TEXTURE_MODE, FF_LUMINANCE);
   p.ff.color4f(0.0f, 0.0f, 1.0f, 0.5f);
   column(&p, 1, 0.75f);

   glTexParameteri(GL_TEXTURE_2D, FF_TEXTURE_COMPARE_MODE, GL_NONE);
   glTexParameteri(GL_TEXTURE_2D, FF_DEPTH_TEXTURE_MODE, FF_ALPHA);
   p.ff.color4f(1.0f, 0.5f, 0.0f, 1.0f);
   column(&p, 2, 0.0f);
   glDisable(GL_TEXTURE_2D);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   uint8_t px[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   static const uint8_t want[COLUMNS][4] = {
      {255, 255, 255, 255}, {0, 0, 0, 128}, {255, 128, 0, 128}};
   static const char *what[COLUMNS] = {
      "comparison passes (INTENSITY)", "comparison fails (LUMINANCE)",
      "depth as ALPHA"};
   for (int c = 0; c < COLUMNS; c++)
      ok &= e2e_gl_probe(px, W, c * COL + COL / 2, H / 2, want[c], 1,
                         what[c], quiet);

   glDeleteTextures(1, &t);
   return e2e_gl_finish(&gl, ok, quiet);
}
