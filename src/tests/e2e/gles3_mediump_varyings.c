/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Varyings a GLSL ES 3.00 vertex shader computes in mediump beside highp
 * ones: smooth and flat, one to three components, all reaching the
 * fragment shader with their own values.  (On AGX the mediump ones travel
 * as packed pairs of 16-bit values in the vertex outputs, after the
 * 32-bit ones; docs/compiler.rst "mediump at 16 bits".)
 *
 * A quad covers the 16 x 4 framebuffer; the left vertices and the right
 * ones carry different attributes, so a smooth varying is, at pixel
 * column i, left + (right - left) * (i + 0.5) / 16 (w = 1: ES 3.0
 * section 3.6.1's interpolation is linear in the window here).  The flat
 * varying takes the provoking vertex (the last of each triangle, ES 3.0
 * section 2.18), whose value is the same for both triangles.  Every value
 * is exact in f16, so mediump keeps them; the tolerance covers the
 * interpolation and the 8-bit target.  Two fragment shader passes show
 * all the components: (v_lo.xyz, v_hi) and (v_two.xy, v_flat.xy).
 */
#include <GLES3/gl3.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 16
#define H 4

static const char vs[] =
   "#version 300 es\n"
   "precision mediump float;\n"
   "layout(location = 0) in highp vec4 pos;\n"
   "layout(location = 1) in vec4 col;\n"
   "layout(location = 2) in vec2 fl;\n"
   "out vec3 v_lo;\n"
   "out highp float v_hi;\n"
   "out vec2 v_two;\n"
   "flat out vec2 v_flat;\n"
   "void main() {\n"
   "   gl_Position = pos;\n"
   "   v_lo = col.rgb * 0.5 + 0.25;\n"
   "   v_hi = pos.x * 0.25 + 0.5;\n"
   "   v_two = col.ba * 0.5 + vec2(0.25, 0.0);\n"
   "   v_flat = fl * 0.5 + 0.25;\n"
   "}\n";

static const char fs[] =
   "#version 300 es\n"
   "precision mediump float;\n"
   "in vec3 v_lo;\n"
   "in highp float v_hi;\n"
   "in vec2 v_two;\n"
   "flat in vec2 v_flat;\n"
   "uniform int u_pass;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "   if (u_pass == 0)\n"
   "      o = vec4(v_lo, v_hi);\n"
   "   else\n"
   "      o = vec4(v_two, v_flat);\n"
   "}\n";

/* A strip of 4: bottom left, bottom right, top left, top right. */
static const GLfloat pos[4][4] = {
   {-1, -1, 0, 1}, {1, -1, 0, 1}, {-1, 1, 0, 1}, {1, 1, 0, 1}};
static const GLfloat col[4][4] = {{0, 0.5f, 1, 0.25f},
                                  {1, 0.25f, 0, 0.75f},
                                  {0, 0.5f, 1, 0.25f},
                                  {1, 0.25f, 0, 0.75f}};
/* flat: the provoking vertices (2 and 3) agree */
static const GLfloat fl[4][2] = {{0, 0}, {0, 0}, {0.5f, 0.75f}, {0.5f, 0.75f}};

/* The vertex shader's outputs at the left and right vertices, channel by
 * channel of each pass's colour. */
static void
ends(int pass, int c, float *left, float *right)
{
   const GLfloat *l = col[0], *r = col[1];
   if (pass == 0) {
      if (c < 3) {
         *left = l[c] * 0.5f + 0.25f;
         *right = r[c] * 0.5f + 0.25f;
      } else {
         *left = -1 * 0.25f + 0.5f;
         *right = 1 * 0.25f + 0.5f;
      }
   } else if (c < 2) {
      float add = c == 0 ? 0.25f : 0.0f;
      *left = l[2 + c] * 0.5f + add;
      *right = r[2 + c] * 0.5f + add;
   } else {
      *left = *right = fl[3][c - 2] * 0.5f + 0.25f;
   }
}

static bool
check_pass(GLuint prog, int pass, bool quiet)
{
   static uint8_t pixels[W * H * 4];
   glUniform1i(glGetUniformLocation(prog, "u_pass"), pass);
   bool ok = e2e_gl_strip_read(W, H, pixels);
   for (int y = 0; y < H; y += H - 1) {
      for (int x = 0; x < W; x += 5) {
         uint8_t want[4];
         for (int c = 0; c < 4; c++) {
            float a, b;
            ends(pass, c, &a, &b);
            float v = a + (b - a) * ((float)x + 0.5f) / W;
            want[c] = (uint8_t)(v * 255.0f + 0.5f);
         }
         char what[64];
         snprintf(what, sizeof(what), "pass %d, pixel (%d, %d)", pass, x, y);
         ok &= e2e_gl_probe(pixels, W, x, y, want, 2, what, quiet);
      }
   }
   return ok;
}

static bool
draw(GLuint prog, bool quiet)
{
   glViewport(0, 0, W, H);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
   glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, fl);
   for (GLuint i = 0; i < 3; i++)
      glEnableVertexAttribArray(i);
   bool ok = check_pass(prog, 0, quiet);
   ok &= check_pass(prog, 1, quiet);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = {.width = W, .height = H, .es_major = 3};
   return e2e_gl_run_program(argc, argv, &opts, vs, fs, draw);
}
