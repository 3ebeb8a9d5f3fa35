/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The first pixel: an ordinary EGL + OpenGL ES 2.0 program, linked against
 * the system's libEGL and libGLESv2 (libglvnd) and nothing of ours.  It
 * opens the surfaceless platform, makes a pbuffer current, clears, draws
 * one triangle with a GLSL ES 1.00 shader pair whose colour comes from
 * per-vertex colours and a uniform, reads the pixels back and checks them
 * against values computed here from the GL rules (rasterisation at pixel
 * centres, barycentric interpolation of varyings, unorm8 conversion).
 *
 * Whichever EGL vendor and driver the environment selects is tested: run
 * through bin/asahi-run (or meson devenv) it is ours; with Debian's Mesa
 * vendor it is llvmpipe, which is how this program itself was checked.
 *
 * Exit status: 0 when every probed pixel is right, 1 otherwise, 77 when
 * no surfaceless EGL display can be had (a skip for meson).
 *
 * Usage: gles2_triangle [--size N] [--ppm FILE] [--quiet] [--no-skip]
 */

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#include "e2e_gl.h"

#define SKIP 77

static bool quiet;
/* --no-skip: a missing display is a failure (the stack under test must
 * provide one), not a skip. */
static bool no_skip;

static const char *vs_source =
   "attribute vec2 a_position;\n"
   "attribute vec3 a_color;\n"
   "varying vec3 v_color;\n"
   "void main()\n"
   "{\n"
   "   v_color = a_color;\n"
   "   gl_Position = vec4(a_position, 0.0, 1.0);\n"
   "}\n";

static const char *fs_source =
   "precision mediump float;\n"
   "varying vec3 v_color;\n"
   "uniform float u_alpha;\n"
   "void main()\n"
   "{\n"
   "   gl_FragColor = vec4(v_color, u_alpha);\n"
   "}\n";

/* The triangle in normalised device coordinates, and its vertex colours. */
static const float positions[3][2] = {
   {-0.75f, -0.75f},
   {0.75f, -0.5f},
   {-0.25f, 0.75f},
};
static const float colors[3][3] = {
   {1.0f, 0.0f, 0.0f},
   {0.0f, 1.0f, 0.0f},
   {0.0f, 0.0f, 1.0f},
};
static const float clear_color[4] = {0.25f, 0.5f, 0.75f, 1.0f};
static const float alpha = 0.5f;

static void
usage(FILE *f)
{
   fprintf(f,
           "usage: gles2_triangle [--size N] [--ppm FILE] [--quiet]\n"
           "                      [--no-skip]\n"
           "Draws one triangle with OpenGL ES 2.0 on a surfaceless EGL\n"
           "pbuffer of N x N pixels (default 64, 16..4096) and checks the\n"
           "pixels read back against the GL rules.  --ppm also writes\n"
           "them to FILE as a binary PPM image.  Exit status: 0 pass,\n"
           "1 fail, 77 no surfaceless EGL display (1 with --no-skip).\n");
}

/* GL's unorm8 conversion of a float in [0, 1]: round(f * 255). */
static int
unorm8(float f)
{
   if (f < 0)
      f = 0;
   if (f > 1)
      f = 1;
   return (int)lrintf(f * 255.0f);
}

/* Edge function of (a, b) at p: positive on the left of a->b. */
static double
edge(const double a[2], const double b[2], const double p[2])
{
   return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
}

/*
 * What GL says pixel (x, y) holds: covered when its centre is strictly
 * inside the triangle (the probes below stay away from the edges, so the
 * fill rule never decides), then the barycentric interpolation of the
 * vertex colours (w = 1 everywhere, so perspective correction changes
 * nothing).  Returns false when the centre is within `margin` pixels of an
 * edge, where the probe would depend on the fill rule or rounding.
 */
static bool
expected_pixel(int size, int x, int y, int out[4])
{
   double win[3][2];
   for (int i = 0; i < 3; i++) {
      /* Viewport transform with glViewport(0, 0, size, size). */
      win[i][0] = (positions[i][0] + 1.0) * 0.5 * size;
      win[i][1] = (positions[i][1] + 1.0) * 0.5 * size;
   }
   const double p[2] = {x + 0.5, y + 0.5};
   double area = edge(win[0], win[1], win[2]);
   double b0 = edge(win[1], win[2], p) / area;
   double b1 = edge(win[2], win[0], p) / area;
   double b2 = edge(win[0], win[1], p) / area;

   /* Distance of the centre to each edge, in pixels. */
   const double margin = 1.5;
   double len[3] = {hypot(win[2][0] - win[1][0], win[2][1] - win[1][1]),
                    hypot(win[0][0] - win[2][0], win[0][1] - win[2][1]),
                    hypot(win[1][0] - win[0][0], win[1][1] - win[0][1])};
   double dist[3] = {b0 * area / len[0], b1 * area / len[1],
                     b2 * area / len[2]};
   for (int i = 0; i < 3; i++) {
      if (fabs(dist[i]) < margin)
         return false;
   }

   if (b0 > 0 && b1 > 0 && b2 > 0) {
      for (int c = 0; c < 3; c++)
         out[c] = unorm8(b0 * colors[0][c] + b1 * colors[1][c] +
                         b2 * colors[2][c]);
      out[3] = unorm8(alpha);
   } else {
      for (int c = 0; c < 4; c++)
         out[c] = unorm8(clear_color[c]);
   }
   return true;
}

static bool
write_ppm(const char *path, const uint8_t *rgba, int size)
{
   FILE *f = fopen(path, "wb");
   if (!f) {
      perror(path);
      return false;
   }
   fprintf(f, "P6\n%d %d\n255\n", size, size);
   /* GL rows go bottom-up; image rows top-down. */
   for (int y = size - 1; y >= 0; y--) {
      for (int x = 0; x < size; x++)
         fwrite(&rgba[(y * size + x) * 4], 1, 3, f);
   }
   return fclose(f) == 0;
}

static EGLDisplay
open_display(void)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress(
         "eglGetPlatformDisplayEXT");
   if (!get_platform_display)
      return EGL_NO_DISPLAY;
   return get_platform_display(EGL_PLATFORM_SURFACELESS_MESA,
                               EGL_DEFAULT_DISPLAY, NULL);
}

int
main(int argc, char **argv)
{
   int size = 64;
   const char *image_path = NULL;

   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "--quiet")) {
         quiet = true;
      } else if (!strcmp(argv[i], "--no-skip")) {
         no_skip = true;
      } else if (!strcmp(argv[i], "--size") || !strcmp(argv[i], "--ppm")) {
         if (i + 1 >= argc) {
            fprintf(stderr, "gles2_triangle: %s needs a value\n", argv[i]);
            return 2;
         }
         if (!strcmp(argv[i], "--ppm")) {
            image_path = argv[++i];
            continue;
         }
         char *end;
         long v = strtol(argv[++i], &end, 10);
         if (*end || v < 16 || v > 4096) {
            fprintf(stderr, "gles2_triangle: --size takes 16..4096\n");
            return 2;
         }
         size = (int)v;
      } else {
         fprintf(stderr, "gles2_triangle: unknown argument '%s'\n", argv[i]);
         usage(stderr);
         return 2;
      }
   }

   EGLDisplay dpy = open_display();
   EGLint major, minor;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
      fprintf(stderr, "%s: no surfaceless EGL display (error 0x%x)\n",
              no_skip ? "FAIL" : "SKIP", eglGetError());
      return no_skip ? 1 : SKIP;
   }
   if (!quiet)
      printf("EGL %d.%d, vendor: %s\n", major, minor,
             eglQueryString(dpy, EGL_VENDOR));

   static const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
      EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
      EGL_ALPHA_SIZE, 8,
      EGL_NONE,
   };
   EGLConfig config;
   EGLint nr_configs = 0;
   if (!eglChooseConfig(dpy, config_attribs, &config, 1, &nr_configs) ||
       nr_configs < 1) {
      fprintf(stderr, "FAIL: no RGBA8 pbuffer config for ES 2.0 (0x%x)\n",
              eglGetError());
      return 1;
   }

   const EGLint surface_attribs[] = {EGL_WIDTH, size, EGL_HEIGHT, size,
                                     EGL_NONE};
   EGLSurface surface = eglCreatePbufferSurface(dpy, config, surface_attribs);
   if (surface == EGL_NO_SURFACE) {
      fprintf(stderr, "FAIL: eglCreatePbufferSurface: 0x%x\n", eglGetError());
      return 1;
   }

   static const EGLint context_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2,
                                            EGL_NONE};
   if (!eglBindAPI(EGL_OPENGL_ES_API)) {
      fprintf(stderr, "FAIL: eglBindAPI(EGL_OPENGL_ES_API): 0x%x\n",
              eglGetError());
      return 1;
   }
   EGLContext ctx =
      eglCreateContext(dpy, config, EGL_NO_CONTEXT, context_attribs);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surface, surface, ctx)) {
      fprintf(stderr, "FAIL: no current ES 2.0 context: 0x%x\n",
              eglGetError());
      return 1;
   }
   if (!quiet)
      printf("GL_RENDERER: %s\nGL_VERSION: %s\n",
             (const char *)glGetString(GL_RENDERER),
             (const char *)glGetString(GL_VERSION));

   static const char *const attribs[] = {"a_position", "a_color", NULL};
   GLuint prog = e2e_gl_program(vs_source, fs_source, attribs);
   if (!prog) {
      fprintf(stderr, "FAIL: the program does not build\n");
      return 1;
   }
   glUseProgram(prog);
   GLint u_alpha = glGetUniformLocation(prog, "u_alpha");
   if (u_alpha < 0) {
      fprintf(stderr, "FAIL: no location for the uniform u_alpha\n");
      return 1;
   }
   glUniform1f(u_alpha, alpha);

   /* Positions from a buffer object, colours from client memory: both
    * ways an ES 2.0 program feeds attributes. */
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(positions), positions,
                GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, colors);
   glEnableVertexAttribArray(1);

   glViewport(0, 0, size, size);
   glClearColor(clear_color[0], clear_color[1], clear_color[2],
                clear_color[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);

   uint8_t *pixels = calloc((size_t)size * size, 4);
   if (!pixels)
      return 1;
   glReadPixels(0, 0, size, size, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "FAIL: GL error 0x%x\n", err);
      return 1;
   }

   /* Every pixel whose centre is not near an edge must be exactly the
    * clear colour or the interpolated colour, within one unorm8 step for
    * interpolation and conversion rounding. */
   unsigned checked = 0, inside = 0, bad = 0;
   for (int y = 0; y < size; y++) {
      for (int x = 0; x < size; x++) {
         int want[4];
         if (!expected_pixel(size, x, y, want))
            continue;
         const uint8_t *got = &pixels[(y * size + x) * 4];
         bool ok = true;
         for (int c = 0; c < 4; c++)
            ok &= abs(got[c] - want[c]) <= 1;
         checked++;
         inside += want[3] == unorm8(alpha);
         if (!ok && bad++ < 10)
            fprintf(stderr,
                    "pixel (%d, %d): got %d %d %d %d, want %d %d %d %d\n", x,
                    y, got[0], got[1], got[2], got[3], want[0], want[1],
                    want[2], want[3]);
      }
   }

   if (image_path && !write_ppm(image_path, pixels, size))
      bad++;
   free(pixels);

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surface);
   eglTerminate(dpy);

   printf("%s: %u pixels checked (%u inside the triangle), %u wrong\n",
          bad ? "FAIL" : "PASS", checked, inside, bad);
   return bad || inside == 0 ? 1 : 0;
}
