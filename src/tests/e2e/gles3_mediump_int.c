/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * mediump int and uint arithmetic in a GLSL ES 3.00 fragment shader
 * (`precision mediump int`, also the fragment language's default, ES 3.00
 * section 4.5.4), with every value inside the mediump ranges of section
 * 4.5.1: [-2^15, 2^15 - 1] for int, [0, 2^16 - 1] for uint.  Inside them
 * the results are exact whatever width the implementation computes at
 * (on AGX: 16-bit registers, docs/compiler.rst "mediump at 16 bits"), so
 * the pixels are the C program's 32-bit results to the bit.  A uint above
 * 2^15 (40000 + 1500 x) must keep its value (a 16-bit value widened with
 * a sign extension would not), negative ints theirs; a division and a
 * right shift of a negative value are in the mix, and so are int() and
 * uint() of a mediump float product (2.75 (x - 8) truncates toward zero,
 * every product exact in binary16).
 *
 * Each pixel (x, y) of the 16 x 4 framebuffer computes from x, y and two
 * mediump uniforms; two passes write the values' low and high bytes to
 * the RGBA8 channels (k / 255 stores k exactly).
 */
#include <GLES3/gl3.h>
#include <stdint.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 16
#define H 4

static const char vs[] = "#version 300 es\n"
                         "layout(location = 0) in vec4 pos;\n"
                         "void main() { gl_Position = pos; }\n";

static const char fs[] =
   "#version 300 es\n"
   "precision highp float;\n"
   "precision mediump int;\n"
   "uniform int u_k;\n"
   "uniform uint u_base;\n"
   "uniform int u_pass;\n"
   "uniform mediump float u_f;\n"
   "out vec4 o;\n"
   "vec2 bytes(uint v) { return vec2(float(v & 255u), float(v >> 8u)); }\n"
   "void main() {\n"
   "   int x = int(gl_FragCoord.x);\n"
   "   int y = int(gl_FragCoord.y);\n"
   "   int a = x * 1000 - y * 3000 + u_k;\n"
   "   uint u = u_base + uint(x) * 1500u + uint(u_f * float(x));\n"
   "   int b = (a >> 2) ^ (x << 5);\n"
   "   int c = min(a, b) + abs(b - 100) + a / 7 + (u > 50000u ? 1 : 0) +\n"
   "           int(u_f * float(x - 8));\n"
   "   uint ua = uint(a) & 65535u, ub = uint(b) & 65535u;\n"
   "   uint uc = uint(c) & 65535u;\n"
   "   if (u_pass == 0)\n"
   "      o = vec4(bytes(ua), bytes(u)) / 255.0;\n"
   "   else\n"
   "      o = vec4(bytes(ub), bytes(uc)) / 255.0;\n"
   "}\n";

static const int32_t k_val = 1234;
static const uint32_t base_val = 40000;
static const float f_val = 2.75f;

/* The pass's two 16-bit values at pixel (x, y), computed at 32 bits. */
static void
expected(int pass, int x, int y, uint16_t v[2])
{
   int32_t a = x * 1000 - y * 3000 + k_val;
   uint32_t u = base_val + (uint32_t)x * 1500u + (uint32_t)(f_val * x);
   int32_t b = (a >> 2) ^ (x << 5);
   int32_t m = a < b ? a : b;
   int32_t d = b - 100 < 0 ? 100 - b : b - 100;
   int32_t c = m + d + a / 7 + (u > 50000u ? 1 : 0) +
               (int32_t)(f_val * (x - 8));
   if (pass == 0) {
      v[0] = (uint16_t)a;
      v[1] = (uint16_t)u;
   } else {
      v[0] = (uint16_t)b;
      v[1] = (uint16_t)c;
   }
}

static bool
check_pass(GLuint prog, int pass, bool quiet)
{
   static uint8_t pixels[W * H * 4];
   glUniform1i(glGetUniformLocation(prog, "u_pass"), pass);
   bool ok = e2e_gl_strip_read(W, H, pixels);
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         uint16_t v[2];
         expected(pass, x, y, v);
         uint8_t want[4] = {(uint8_t)(v[0] & 255), (uint8_t)(v[0] >> 8),
                            (uint8_t)(v[1] & 255), (uint8_t)(v[1] >> 8)};
         char what[64];
         snprintf(what, sizeof(what), "pass %d, pixel (%d, %d)", pass, x, y);
         ok &= e2e_gl_probe(pixels, W, x, y, want, 0, what, quiet);
      }
   }
   return ok;
}

/* A strip of 4 covering the framebuffer. */
static const GLfloat pos[4][4] = {
   {-1, -1, 0, 1}, {1, -1, 0, 1}, {-1, 1, 0, 1}, {1, 1, 0, 1}};

static bool
draw(GLuint prog, bool quiet)
{
   glViewport(0, 0, W, H);
   glUniform1i(glGetUniformLocation(prog, "u_k"), k_val);
   glUniform1ui(glGetUniformLocation(prog, "u_base"), base_val);
   glUniform1f(glGetUniformLocation(prog, "u_f"), f_val);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
   glEnableVertexAttribArray(0);
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
