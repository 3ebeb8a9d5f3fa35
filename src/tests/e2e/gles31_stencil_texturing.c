/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Stencil texturing in an OpenGL ES 3.1 context (ES 3.1 section 8.10,
 * DEPTH_STENCIL_TEXTURE_MODE; sections 8.17 and 15.2.1).  Every value
 * follows from the spec:
 *   1 the mode starts as DEPTH_COMPONENT, takes STENCIL_INDEX and gives
 *     it back; a value other than those two is INVALID_ENUM and keeps
 *     the mode.
 *   2 a DEPTH24_STENCIL8 and a DEPTH32F_STENCIL8 texture, 16x8, whose
 *     left half holds stencil 64 and right half 195 (depths 0.25 and
 *     0.75), read in STENCIL_INDEX mode through a usampler2D: (S, 0, 0,
 *     1), drawn as (S / 255, 0, 0, 1).
 *   3 with a LINEAR minification filter the stencil texture is not
 *     complete (an integer, section 8.17) and reads (0, 0, 0, 1).
 * llvmpipe (an ES 3.2 context) passes it too.
 *
 * Usage: gles31_stencil_texturing [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl31.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 8

static bool quiet;

static const char vs[] =
   "#version 310 es\n"
   "layout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs[] =
   "#version 310 es\n"
   "precision highp float;\n"
   "precision highp usampler2D;\n"
   "uniform usampler2D tex;\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   uvec4 s = texture(tex, gl_FragCoord.xy / vec2(16.0, 8.0));\n"
   "   color = vec4(float(s.r) / 255.0, float(s.g), float(s.b),\n"
   "                float(s.a));\n"
   "}\n";

/* 1, on the bound texture */
static bool
mode_state(void)
{
   GLint v = -1;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &v);
   bool ok = e2e_gl_check("initial mode is DEPTH_COMPONENT", v,
                          GL_DEPTH_COMPONENT, quiet);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE,
                   GL_STENCIL_INDEX);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "mode STENCIL_INDEX", quiet);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_RED);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "mode RED", quiet);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &v);
   ok &= e2e_gl_check("mode kept STENCIL_INDEX", v, GL_STENCIL_INDEX, quiet);
   return ok;
}

/* Uploads the two halves in the format's packing: DEPTH24_STENCIL8 as
 * UNSIGNED_INT_24_8 (depth in bits 8-31, stencil in 0-7), DEPTH32F as
 * FLOAT_32_UNSIGNED_INT_24_8_REV (a float, then stencil in bits 0-7). */
static void
upload(bool f32)
{
   static uint32_t texels[W * H * 2];
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         bool right = x >= W / 2;
         uint32_t s = right ? 195 : 64;
         float d = right ? 0.75f : 0.25f;
         if (f32) {
            memcpy(&texels[(y * W + x) * 2], &d, 4);
            texels[(y * W + x) * 2 + 1] = s;
         } else {
            texels[y * W + x] = ((uint32_t)(d * 16777215.0f) << 8) | s;
         }
      }
   }
   if (f32)
      glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH32F_STENCIL8, W, H, 0,
                   GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
                   texels);
   else
      glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, W, H, 0,
                   GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, texels);
}

/* 2 and 3 for one format */
static bool
sample(bool f32)
{
   char what[64];
   const char *name = f32 ? "DEPTH32F_STENCIL8" : "DEPTH24_STENCIL8";
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   bool ok = f32 || mode_state();
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE,
                   GL_STENCIL_INDEX);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   upload(f32);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, name, quiet);

   glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   const uint8_t left[4] = {64, 0, 0, 255}, right[4] = {195, 0, 0, 255};
   snprintf(what, sizeof(what), "%s stencil 64", name);
   ok &= e2e_gl_probe_read(W, H, 2, 3, left, 1, what, quiet);
   snprintf(what, sizeof(what), "%s stencil 195", name);
   ok &= e2e_gl_probe_read(W, H, W - 3, 4, right, 1, what, quiet);

   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   const uint8_t incomplete[4] = {0, 0, 0, 255};
   snprintf(what, sizeof(what), "%s LINEAR: incomplete", name);
   ok &= e2e_gl_probe_read(W, H, W - 3, 4, incomplete, 1, what, quiet);
   glDeleteTextures(1, &tex);
   return ok;
}

static bool
draw(GLuint prog, bool quiet_arg)
{
   quiet = quiet_arg;
   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   glViewport(0, 0, W, H);
   bool ok = sample(false);
   ok &= sample(true);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "draws", quiet);

   e2e_gl_vertices_delete(&quad);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 1, false);
   return e2e_gl_run_program(argc, argv, &opts, vs, fs, draw);
}
