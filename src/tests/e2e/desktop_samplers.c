/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Samplers in a desktop OpenGL 3.0 context, values worked out by hand:
 *
 * - Per-stage units (GL 3.0 section 2.20.3, table 6.49: 16 vertex and 16
 *   fragment image units, combined at least 32): a program samples
 *   sampler2D vt[16] in its vertex shader and ft[16] in its fragment
 *   shader, unit u holding a 1x1 texel of red 4u; the uniforms vsel and
 *   fsel pick vt[i] (unit i) and ft[j] (unit 16 + j), so the pixel's red
 *   is 4i + 4(16 + j), for i = 0..15 with j = 15 - i (124 every time,
 *   each draw reading a different pair).
 * - Cube map arrays (ARB_texture_cube_map_array): two cubes of 1x1
 *   faces, face f of cube c (layer-face 6c + f) coloured (40f, 100c, 0);
 *   texture(samplerCubeArray, vec4(direction, cube)) reads +X of cube 1
 *   as (0, 100, 0), -Z of cube 0 as (200, 0, 0), +Y of cube 1 as
 *   (80, 100, 0); textureSize gives (1, 1, 2).
 * - Seamless cube maps (GL 3.2 section 3.8.8, ARB_seamless_cube_map):
 *   a cube of 1x1 faces, +X red and +Z blue, the others black, sampled
 *   LINEAR at the direction (0.99, 0, 1) (on +Z, half a texel from the
 *   +X edge in s: weights 0.505 / 0.495): blue alone without
 *   GL_TEXTURE_CUBE_MAP_SEAMLESS, (126, 0, 129) within 3 with it.
 * - Validation (section 2.20.5): a sampler2D and a sampler3D on one unit
 *   make a draw INVALID_OPERATION.
 * llvmpipe passes it too.
 *
 * Usage: desktop_samplers [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define E2E_GL_TEXTURE_CUBE_MAP_ARRAY 0x9009
#define E2E_GL_TEXTURE_CUBE_MAP_SEAMLESS 0x884F

/* A full-window quad's vertex shader for the fragment-only checks. */
static const char quad_vs[] = "#version 130\n"
                              "in vec2 pos;\n"
                              "void main() {\n"
                              "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                              "}\n";

/* vs and fs linked (pos at location 0) and in use; 0 on failure. */
static GLuint
use_program(const char *vs, const char *fs)
{
   static const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (prog)
      glUseProgram(prog);
   return prog;
}

static void
draw(void)
{
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static bool
probe(const uint8_t want[4], int tol, const char *what, bool quiet)
{
   GLubyte px[4];
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   return e2e_gl_probe(px, 1, 0, 0, want, tol, what, quiet);
}

/* A 1x1 RGBA8 texture of target (or a face of it) with texel rgba. */
static void
texel_image(GLenum target, const uint8_t rgba[4])
{
   glTexImage2D(target, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                rgba);
}

static bool
per_stage_units(bool quiet)
{
   char vs[4096], fs[4096];
   int n = snprintf(vs, sizeof(vs),
                    "#version 130\n"
                    "uniform sampler2D vt[16];\n"
                    "uniform int vsel;\n"
                    "in vec2 pos;\n"
                    "out vec4 vc;\n"
                    "void main() {\n"
                    "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                    "   vc = vec4(0.0);\n");
   for (int i = 0; i < 16; i++)
      n += snprintf(vs + n, sizeof(vs) - (size_t)n,
                    "   if (vsel == %d) vc = textureLod(vt[%d], vec2(0.5), "
                    "0.0);\n",
                    i, i);
   snprintf(vs + n, sizeof(vs) - (size_t)n, "}\n");
   n = snprintf(fs, sizeof(fs),
                "#version 130\n"
                "uniform sampler2D ft[16];\n"
                "uniform int fsel;\n"
                "in vec4 vc;\n"
                "out vec4 color;\n"
                "void main() {\n"
                "   vec4 f = vec4(0.0);\n");
   for (int i = 0; i < 16; i++)
      n += snprintf(fs + n, sizeof(fs) - (size_t)n,
                    "   if (fsel == %d) f = texture(ft[%d], vec2(0.5));\n", i,
                    i);
   snprintf(fs + n, sizeof(fs) - (size_t)n,
            "   color = vec4(vc.r + f.r, 0.0, 0.0, 1.0);\n}\n");
   GLuint prog = use_program(vs, fs);
   if (!prog)
      return false;

   GLuint tex[32];
   glGenTextures(32, tex);
   for (GLuint u = 0; u < 32; u++) {
      const uint8_t rgba[4] = {(uint8_t)(4 * u), 0, 0, 255};
      glActiveTexture(GL_TEXTURE0 + u);
      glBindTexture(GL_TEXTURE_2D, tex[u]);
      texel_image(GL_TEXTURE_2D, rgba);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      char name[16];
      snprintf(name, sizeof(name), u < 16 ? "vt[%u]" : "ft[%u]", u % 16);
      glUniform1i(glGetUniformLocation(prog, name), (GLint)u);
   }
   glActiveTexture(GL_TEXTURE0);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "32 sampler units", quiet);
   for (int i = 0; i < 16; i++) {
      glUniform1i(glGetUniformLocation(prog, "vsel"), i);
      glUniform1i(glGetUniformLocation(prog, "fsel"), 15 - i);
      draw();
      const uint8_t want[4] = {(uint8_t)(4 * i + 4 * (16 + 15 - i)), 0, 0,
                               255};
      char what[48];
      snprintf(what, sizeof(what), "vertex unit %d + fragment unit %d", i,
               31 - i);
      ok &= probe(want, 1, what, quiet);
   }
   glDeleteTextures(32, tex);
   glDeleteProgram(prog);
   return ok;
}

static bool
cube_map_array(bool quiet)
{
   static const char fs[] =
      "#version 130\n"
      "#extension GL_ARB_texture_cube_map_array : require\n"
      "uniform samplerCubeArray s;\n"
      "uniform vec4 dir;\n"
      "uniform int size;\n"
      "out vec4 color;\n"
      "void main() {\n"
      "   if (size != 0)\n"
      "      color = vec4(vec3(textureSize(s, 0)) / 255.0, 1.0);\n"
      "   else\n"
      "      color = texture(s, dir);\n"
      "}\n";
   GLuint prog = use_program(quad_vs, fs);
   if (!prog)
      return false;
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(E2E_GL_TEXTURE_CUBE_MAP_ARRAY, tex);
   uint8_t texels[12][4];
   for (unsigned l = 0; l < 12; l++) {
      texels[l][0] = (uint8_t)(40 * (l % 6));
      texels[l][1] = (uint8_t)(100 * (l / 6));
      texels[l][2] = 0;
      texels[l][3] = 255;
   }
   glTexImage3D(E2E_GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 1, 1, 12, 0,
                GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(E2E_GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST);
   glTexParameteri(E2E_GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER,
                   GL_NEAREST);
   bool ok = e2e_gl_expect_error(GL_NO_ERROR, "cube map array image", quiet);
   /* depth 7 is not whole cubes */
   glTexImage3D(E2E_GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 1, 1, 7, 0,
                GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "depth 7", quiet);

   static const struct {
      float dir[4];
      uint8_t want[4];
      const char *what;
   } looks[] = {
      {{1, 0, 0, 1}, {0, 100, 0, 255}, "+X of cube 1"},
      {{0, 0, -1, 0}, {200, 0, 0, 255}, "-Z of cube 0"},
      {{0, 1, 0, 1}, {80, 100, 0, 255}, "+Y of cube 1"},
   };
   GLint dir = glGetUniformLocation(prog, "dir");
   GLint size = glGetUniformLocation(prog, "size");
   for (unsigned i = 0; i < 3; i++) {
      glUniform4fv(dir, 1, looks[i].dir);
      draw();
      ok &= probe(looks[i].want, 1, looks[i].what, quiet);
   }
   glUniform1i(size, 1);
   draw();
   static const uint8_t dims[4] = {1, 1, 2, 255};
   ok &= probe(dims, 0, "textureSize (1, 1, 2)", quiet);
   glDeleteTextures(1, &tex);
   glDeleteProgram(prog);
   return ok;
}

static bool
seamless(bool quiet)
{
   static const char fs[] =
      "#version 130\n"
      "uniform samplerCube s;\n"
      "out vec4 color;\n"
      "void main() {\n"
      "   color = texture(s, vec3(0.99, 0.0, 1.0));\n"
      "}\n";
   GLuint prog = use_program(quad_vs, fs);
   if (!prog)
      return false;
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   for (unsigned f = 0; f < 6; f++) {
      const uint8_t rgba[4] = {f == 0 ? 255 : 0, 0, f == 4 ? 255 : 0, 255};
      texel_image(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, rgba);
   }
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   draw();
   static const uint8_t blue[4] = {0, 0, 255, 255};
   bool ok = probe(blue, 1, "seamful: +Z only", quiet);
   glEnable(E2E_GL_TEXTURE_CUBE_MAP_SEAMLESS);
   draw();
   static const uint8_t mix[4] = {126, 0, 129, 255};
   ok &= probe(mix, 3, "seamless: +X and +Z", quiet);
   glDisable(E2E_GL_TEXTURE_CUBE_MAP_SEAMLESS);
   glDeleteTextures(1, &tex);
   glDeleteProgram(prog);
   return ok;
}

static bool
unit_conflict(bool quiet)
{
   static const char fs[] =
      "#version 130\n"
      "uniform sampler2D a;\n"
      "uniform sampler3D b;\n"
      "out vec4 color;\n"
      "void main() {\n"
      "   color = texture(a, vec2(0.5)) + texture(b, vec3(0.5));\n"
      "}\n";
   GLuint prog = use_program(quad_vs, fs);
   if (!prog)
      return false;
   /* both on unit 0 */
   draw();
   bool ok = e2e_gl_expect_error(GL_INVALID_OPERATION,
                                 "sampler2D and sampler3D on one unit",
                                 quiet);
   glUniform1i(glGetUniformLocation(prog, "b"), 1);
   draw();
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "on units 0 and 1", quiet);
   glDeleteProgram(prog);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts =
      e2e_gl_version_options(4, 4, 3, 0, true);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   status = e2e_gl_need_extension(&gl, &opts, "GL_ARB_texture_cube_map_array");
   if (!status)
      status = e2e_gl_need_extension(&gl, &opts, "GL_ARB_seamless_cube_map");
   if (status)
      return status;
   struct e2e_gl_vertices quad_vertices;
   e2e_gl_vec2_vertices(&quad_vertices, e2e_gl_quad_strip, 4);
   glViewport(0, 0, 4, 4);

   ok &= per_stage_units(quiet);
   ok &= cube_map_array(quiet);
   ok &= seamless(quiet);
   ok &= unit_conflict(quiet);

   return e2e_gl_finish(&gl, ok, quiet);
}
