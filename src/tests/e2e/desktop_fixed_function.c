/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The fixed-function pipeline of a desktop OpenGL 2.1 context through EGL
 * (EGL_OPENGL_API), with no program: glBegin/glEnd, texture environments,
 * the alpha test, fog, lighting, a display list and a texture matrix.
 * The framebuffer is nine 16x16 columns, cleared to (0, 0, 0, 0); each
 * column has its own viewport and the matrices are identity, so vertex
 * positions are normalised device coordinates.  Expected pixels from the
 * GL 2.1 specification:
 * Column 0: glBegin(GL_QUADS) with glColor3f(1, 0.5, 0): (255, 128, 0).
 * Column 1: glRectf, a 1x1 RGB texture (128, 255, 255) in GL_MODULATE
 *           with the colour (1, 0.5, 0): (128, 128, 0) (table 3.22).
 * Column 2: a GL_LUMINANCE texel 102 in GL_REPLACE with the colour
 *           (0, 0, 1, 1): the luminance, alpha from the colour:
 *           (102, 102, 102, 255).
 * Column 3: GL_BLEND of an RGB texel (128, 0, 0) with the environment
 *           colour (1, 0, 1) over the colour (0, 1, 0):
 *           C_f (1 - C_t) + C_c C_t = (128, 255, 0).
 * Column 4: glAlphaFunc(GL_GREATER, 0.5) and a colour of alpha 0.25: the
 *           fragments are discarded, the clear colour stays (4.1.4).
 * Column 5: linear fog from 0 to 1, fog colour blue, a red quad at eye
 *           z = -0.5: f = 0.5, so (128, 0, 128) (section 3.10).
 * Column 6: lighting, LIGHT0 as initialised (white, from +z), a red
 *           diffuse material, normal +z: the scene ambient 0.2 * 0.2 plus
 *           the diffuse term 1 * 1: (255, 10, 10) (section 2.14.1).
 * Column 7: a display list compiled with GL_COMPILE (a blue quad), which
 *           draws nothing until glCallList draws it: (0, 0, 255).
 * Column 8: a 2x1 texture (red, green), GL_REPLACE, s = 0.25 everywhere
 *           moved to 0.75 by glTranslatef(0.5, 0, 0) on the texture
 *           matrix: green (section 2.11.2).
 * Also the errors of glBegin/glEnd (section 2.6.3), glNewList/glEndList
 * (5.4), glTexEnv, glFog and glLight.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define COLUMNS 9
#define COL 16
#define W (COLUMNS * COL)
#define H COL

/* Desktop tokens the ES headers lack (gl.xml). */
#define FF_QUADS 0x0007
#define FF_TEXTURE_ENV 0x2300
#define FF_TEXTURE_ENV_MODE 0x2200
#define FF_TEXTURE_ENV_COLOR 0x2201
#define FF_MODULATE 0x2100
#define FF_DECAL 0x2101
#define FF_BLEND GL_BLEND
#define FF_REPLACE 0x1E01
#define FF_ALPHA_TEST 0x0BC0
#define FF_FOG 0x0B60
#define FF_FOG_MODE 0x0B65
#define FF_FOG_START 0x0B63
#define FF_FOG_END 0x0B64
#define FF_FOG_COLOR 0x0B66
#define FF_FOG_DENSITY 0x0B62
#define FF_LINEAR 0x2601
#define FF_LIGHTING 0x0B50
#define FF_LIGHT0 0x4000
#define FF_DIFFUSE 0x1201
#define FF_SPOT_CUTOFF 0x1206
#define FF_FRONT 0x0404
#define FF_COMPILE 0x1300
#define FF_TEXTURE 0x1702
#define FF_MODELVIEW 0x1700
#define FF_MAX_LIGHTS 0x0D31
#define FF_LIST_INDEX 0x0B33

struct procs {
   struct e2e_gl_compat ff;
   void (*tex_coord2f)(GLfloat, GLfloat);
   void (*tex_envi)(GLenum, GLenum, GLint);
   void (*tex_envfv)(GLenum, GLenum, const GLfloat *);
   void (*alpha_func)(GLenum, GLfloat);
   void (*fogi)(GLenum, GLint);
   void (*fogf)(GLenum, GLfloat);
   void (*fogfv)(GLenum, const GLfloat *);
   void (*lightf)(GLenum, GLenum, GLfloat);
};

/* A quad over the whole viewport at depth z. */
static void
quad(const struct procs *p, GLfloat z)
{
   p->ff.begin(FF_QUADS);
   p->ff.vertex3f(-1, -1, z);
   p->ff.vertex3f(1, -1, z);
   p->ff.vertex3f(1, 1, z);
   p->ff.vertex3f(-1, 1, z);
   p->ff.end();
}

static GLuint
texture(GLenum format, GLsizei w, const GLubyte *texels)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, format, w, 1, 0, format, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return t;
}

static void
column(int c)
{
   glViewport(c * COL, 0, COL, H);
}

static bool
errors(const struct procs *p, bool quiet)
{
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "before the error checks",
                                 quiet);
   p->ff.end();
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "glEnd without glBegin",
                             quiet);
   p->ff.begin(GL_POINTS);
   p->ff.begin(GL_POINTS);
   /* glGetError itself is an error there: 0 now, the error after. */
   ok &= glGetError() == GL_NO_ERROR;
   p->ff.end();
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION,
                             "glBegin and glGetError inside glBegin", quiet);
   p->ff.begin(0x10);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "glBegin(0x10)", quiet);
   p->tex_envi(FF_TEXTURE_ENV, FF_TEXTURE_ENV_MODE, GL_NONE);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "glTexEnvi(mode NONE)", quiet);
   p->fogf(FF_FOG_DENSITY, -1.0f);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "glFogf(density -1)", quiet);
   p->lightf(FF_LIGHT0, FF_SPOT_CUTOFF, 100.0f);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "glLightf(cutoff 100)",
                             quiet);
   p->ff.new_list(0, FF_COMPILE);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "glNewList(0)", quiet);
   p->ff.end_list();
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "glEndList alone",
                             quiet);
   GLint lights = 0;
   glGetIntegerv(FF_MAX_LIGHTS, &lights);
   if (lights < 8) {
      printf("FAIL: GL_MAX_LIGHTS %d\n", lights);
      ok = false;
   }
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct procs p;
   const struct e2e_gl_proc table[] = {
      {"glTexCoord2f", &p.tex_coord2f},
      {"glTexEnvi", &p.tex_envi},
      {"glTexEnvfv", &p.tex_envfv},
      {"glAlphaFunc", &p.alpha_func},
      {"glFogi", &p.fogi},
      {"glFogf", &p.fogf},
      {"glFogfv", &p.fogfv},
      {"glLightf", &p.lightf},
   };
   int status = E2E_GL_START_FF_PROCS(&gl, argc, argv, W, H, &quiet, &p.ff,
                                      false, table);
   if (status)
      return status;
   ok &= errors(&p, quiet);

   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);

   /* 0: immediate mode. */
   column(0);
   p.ff.color3f(1.0f, 0.5f, 0.0f);
   quad(&p, 0.0f);

   /* 1: MODULATE, glRectf. */
   static const GLubyte cyanish[3] = {128, 255, 255};
   GLuint t1 = texture(GL_RGB, 1, cyanish);
   column(1);
   glEnable(GL_TEXTURE_2D);
   p.tex_envi(FF_TEXTURE_ENV, FF_TEXTURE_ENV_MODE, FF_MODULATE);
   p.tex_coord2f(0.5f, 0.5f);
   p.ff.rectf(-1, -1, 1, 1);

   /* 2: REPLACE of a luminance texel. */
   static const GLubyte lum[1] = {102};
   GLuint t2 = texture(GL_LUMINANCE, 1, lum);
   column(2);
   p.tex_envi(FF_TEXTURE_ENV, FF_TEXTURE_ENV_MODE, FF_REPLACE);
   p.ff.color4f(0.0f, 0.0f, 1.0f, 1.0f);
   quad(&p, 0.0f);

   /* 3: BLEND with the environment colour. */
   static const GLubyte half_red[3] = {128, 0, 0};
   static const GLfloat magenta[4] = {1, 0, 1, 1};
   GLuint t3 = texture(GL_RGB, 1, half_red);
   column(3);
   p.tex_envi(FF_TEXTURE_ENV, FF_TEXTURE_ENV_MODE, FF_BLEND);
   p.tex_envfv(FF_TEXTURE_ENV, FF_TEXTURE_ENV_COLOR, magenta);
   p.ff.color3f(0.0f, 1.0f, 0.0f);
   quad(&p, 0.0f);
   glDisable(GL_TEXTURE_2D);

   /* 4: the alpha test discards. */
   column(4);
   glEnable(FF_ALPHA_TEST);
   p.alpha_func(GL_GREATER, 0.5f);
   p.ff.color4f(1.0f, 1.0f, 1.0f, 0.25f);
   quad(&p, 0.0f);
   glDisable(FF_ALPHA_TEST);

   /* 5: linear fog. */
   static const GLfloat blue[4] = {0, 0, 1, 1};
   column(5);
   glEnable(FF_FOG);
   p.fogi(FF_FOG_MODE, FF_LINEAR);
   p.fogf(FF_FOG_START, 0.0f);
   p.fogf(FF_FOG_END, 1.0f);
   p.fogfv(FF_FOG_COLOR, blue);
   p.ff.color3f(1.0f, 0.0f, 0.0f);
   quad(&p, -0.5f);
   glDisable(FF_FOG);

   /* 6: lighting. */
   static const GLfloat red[4] = {1, 0, 0, 1};
   column(6);
   glEnable(FF_LIGHTING);
   glEnable(FF_LIGHT0);
   p.ff.materialfv(FF_FRONT, FF_DIFFUSE, red);
   p.ff.normal3f(0.0f, 0.0f, 1.0f);
   quad(&p, 0.0f);
   glDisable(FF_LIGHTING);

   /* 7: a display list, compiled then called. */
   GLuint list = p.ff.gen_lists(1);
   column(7);
   p.ff.new_list(list, FF_COMPILE);
   GLint index = 0;
   glGetIntegerv(FF_LIST_INDEX, &index);
   p.ff.color3f(0.0f, 0.0f, 1.0f);
   quad(&p, 0.0f);
   p.ff.end_list();
   if (index != (GLint)list) {
      printf("FAIL: GL_LIST_INDEX %d, not %u\n", index, list);
      ok = false;
   }
   uint8_t px[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   static const uint8_t clear[4] = {0, 0, 0, 0};
   ok &= e2e_gl_probe(px, W, 7 * COL + COL / 2, H / 2, clear, 0,
                      "GL_COMPILE draws nothing", quiet);
   p.ff.call_list(list);

   /* 8: the texture matrix. */
   static const GLubyte red_green[6] = {255, 0, 0, 0, 255, 0};
   GLuint t4 = texture(GL_RGB, 2, red_green);
   column(8);
   glEnable(GL_TEXTURE_2D);
   p.tex_envi(FF_TEXTURE_ENV, FF_TEXTURE_ENV_MODE, FF_REPLACE);
   p.ff.matrix_mode(FF_TEXTURE);
   p.ff.translatef(0.5f, 0.0f, 0.0f);
   p.ff.matrix_mode(FF_MODELVIEW);
   p.tex_coord2f(0.25f, 0.5f);
   quad(&p, 0.0f);
   glDisable(GL_TEXTURE_2D);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "drawing", quiet);

   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   static const uint8_t want[COLUMNS][4] = {
      {255, 128, 0, 255}, {128, 128, 0, 255}, {102, 102, 102, 255},
      {128, 255, 0, 255}, {0, 0, 0, 0},       {128, 0, 128, 255},
      {255, 10, 10, 255}, {0, 0, 255, 255},   {0, 255, 0, 255},
   };
   static const char *what[COLUMNS] = {
      "glBegin/glEnd",     "GL_MODULATE", "GL_REPLACE (luminance)",
      "GL_BLEND",          "alpha test",  "linear fog",
      "lighting",          "display list", "texture matrix",
   };
   for (int c = 0; c < COLUMNS; c++)
      ok &= e2e_gl_probe(px, W, c * COL + COL / 2, H / 2, want[c], 1,
                         what[c], quiet);

   glDeleteTextures(1, &t1);
   glDeleteTextures(1, &t2);
   glDeleteTextures(1, &t3);
   glDeleteTextures(1, &t4);
   e2e_gl_close(&gl);
   if (!ok)
      printf("FAIL\n");
   else if (!quiet)
      printf("PASS\n");
   return ok ? 0 : 1;
}
