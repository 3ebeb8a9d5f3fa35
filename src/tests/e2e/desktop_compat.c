/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compatibility-profile features of desktop OpenGL that GLSL 1.10
 * programs rely on, in a desktop OpenGL 3.0 compatibility context through
 * EGL (EGL_OPENGL_API): flat shading, polygon modes and 1D textures.
 *
 * The framebuffer is six 16x16 columns (96 x 16), cleared to black; each
 * column has its own viewport.  Expected pixels follow from the GL 3.0
 * compatibility specification:
 * Column 0: glShadeModel(GL_FLAT), a triangle covering the viewport with
 *           vertex colours red, green, blue: every fragment takes the
 *           provoking (last) vertex's colour, blue (section 2.19.7).
 * Column 1: the same with glProvokingVertex(GL_FIRST_VERTEX_CONVENTION)
 *           (GL 3.2 section 2.18.8): red.
 * Column 2: glPolygonMode(GL_FRONT_AND_BACK, GL_LINE), a triangle with
 *           corners at the pixel centres (2, 2), (13, 2), (2, 13): its
 *           edges are drawn (pixels (8, 2) and (2, 8) yellow), its inside
 *           is not ((5, 5) black) (section 3.5.4).
 * Column 3: GL_POINT mode, the same triangle: 1-pixel points on its
 *           corners ((2, 2) and (13, 2) yellow), nothing between ((8, 2)
 *           black).
 * Column 4: a 4-texel 1D texture (red, green, blue, white; NEAREST)
 *           across the viewport with s from 0 to 1: texel i covers
 *           pixels 4i..4i+3 (section 3.8.8); glTexSubImage1D then makes
 *           texel 2 yellow.
 * Column 5: a 1D array texture of two layers (GLSL 1.30 sampler1DArray,
 *           layer = the rounded second coordinate, 0 in the bottom half
 *           and 1 in the top half): layer 0 red, green, blue, white;
 *           layer 1 white, green, green, red, then glTexSubImage2D
 *           makes texel 1 of layer 1 yellow.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>

#include "e2e_gl_compat.h"

#define COL 16
#define W (6 * COL)
#define H COL

/* Desktop tokens and entry points that the ES headers lack. */
#define E2E_GL_TEXTURE_1D 0x0DE0
#define E2E_GL_TEXTURE_1D_ARRAY 0x8C18
typedef void (*tex_image_1d_fn)(GLenum, GLint, GLint, GLsizei, GLint, GLenum,
                                GLenum, const void *);
typedef void (*tex_sub_image_1d_fn)(GLenum, GLint, GLint, GLsizei, GLenum,
                                    GLenum, const void *);

/* GLSL 1.10: gl_Color in the fragment shader is what the vertex shader
 * wrote to gl_FrontColor; glShadeModel decides how it is interpolated. */
static const char color_vs[] = "attribute vec2 pos;\n"
                               "attribute vec4 col;\n"
                               "void main() {\n"
                               "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                               "   gl_FrontColor = col;\n"
                               "}\n";
static const char color_fs[] = "void main() {\n"
                               "   gl_FragColor = gl_Color;\n"
                               "}\n";
static const char tex_vs[] = "attribute vec2 pos;\n"
                             "varying float s;\n"
                             "void main() {\n"
                             "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                             "   s = pos.x * 0.5 + 0.5;\n"
                             "}\n";
static const char array_vs[] = "#version 130\n"
                               "in vec2 pos;\n"
                               "out vec2 st;\n"
                               "void main() {\n"
                               "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                               "   st = pos * 0.5 + 0.5;\n"
                               "}\n";
static const char array_fs[] = "#version 130\n"
                               "uniform sampler1DArray tex;\n"
                               "in vec2 st;\n"
                               "out vec4 color;\n"
                               "void main() {\n"
                               "   color = texture(tex, st);\n"
                               "}\n";
static const char tex_fs[] = "uniform sampler1D tex;\n"
                             "varying float s;\n"
                             "void main() {\n"
                             "   gl_FragColor = texture1D(tex, s);\n"
                             "}\n";

struct vertex {
   GLfloat x, y;
   GLfloat rgba[4];
};

/* Window pixel centre c (0..15) of a 16-pixel viewport in NDC. */
static float
ndc(float c)
{
   return (c + 0.5f) / COL * 2.0f - 1.0f;
}

struct probe {
   const char *what;
   int x, y;
   uint8_t rgba[4];
};

static const struct probe probes[] = {
   {"flat shading, last vertex provokes", 8, 8, {0, 0, 255, 255}},
   {"flat shading, last vertex provokes (corner)", 1, 1, {0, 0, 255, 255}},
   {"glProvokingVertex(FIRST)", COL + 8, 8, {255, 0, 0, 255}},
   {"glProvokingVertex(FIRST) (corner)", COL + 14, 1, {255, 0, 0, 255}},
   {"GL_LINE: bottom edge", 2 * COL + 8, 2, {255, 255, 0, 255}},
   {"GL_LINE: left edge", 2 * COL + 2, 8, {255, 255, 0, 255}},
   {"GL_LINE: inside not filled", 2 * COL + 5, 5, {0, 0, 0, 255}},
   {"GL_POINT: corner (2, 2)", 3 * COL + 2, 2, {255, 255, 0, 255}},
   {"GL_POINT: corner (13, 2)", 3 * COL + 13, 2, {255, 255, 0, 255}},
   {"GL_POINT: nothing between corners", 3 * COL + 8, 2, {0, 0, 0, 255}},
   {"GL_POINT: inside not filled", 3 * COL + 5, 5, {0, 0, 0, 255}},
   {"1D texel 0", 4 * COL + 1, 8, {255, 0, 0, 255}},
   {"1D texel 1", 4 * COL + 5, 8, {0, 255, 0, 255}},
   {"1D texel 2 after glTexSubImage1D", 4 * COL + 9, 8, {255, 255, 0, 255}},
   {"1D texel 3", 4 * COL + 14, 3, {255, 255, 255, 255}},
   {"1D array layer 0 texel 0", 5 * COL + 1, 3, {255, 0, 0, 255}},
   {"1D array layer 0 texel 2", 5 * COL + 9, 3, {0, 0, 255, 255}},
   {"1D array layer 1 texel 0", 5 * COL + 1, 12, {255, 255, 255, 255}},
   {"1D array layer 1 texel 1 after glTexSubImage2D", 5 * COL + 5, 12,
    {255, 255, 0, 255}},
   {"1D array layer 1 texel 3", 5 * COL + 14, 12, {255, 0, 0, 255}},
};

static bool
check_error(const char *what)
{
   GLenum e = glGetError();
   if (e == GL_NO_ERROR)
      return true;
   printf("FAIL %s: GL error 0x%x\n", what, e);
   return false;
}

static void
draw(GLuint buf, const struct vertex *v, unsigned n)
{
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * sizeof(*v)), v,
                GL_STREAM_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(*v), (void *)0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(*v),
                         (void *)(2 * sizeof(GLfloat)));
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 0, (GLsizei)n);
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts =
      e2e_gl_version_options(W, H, 3, 0, true);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   e2e_gl_provoking_vertex_fn provoking_vertex;
   tex_image_1d_fn tex_image_1d;
   tex_sub_image_1d_fn tex_sub_image_1d;
   const struct e2e_gl_proc procs[] = {
      {"glProvokingVertex", &provoking_vertex},
      {"glTexImage1D", &tex_image_1d},
      {"glTexSubImage1D", &tex_sub_image_1d},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   struct e2e_gl_compat ff;
   if ((status = e2e_gl_need_compat(&gl, &ff)))
      return status;

   const char *const attribs[] = {"pos", "col", NULL};
   GLuint color_prog = e2e_gl_program(color_vs, color_fs, attribs);
   GLuint tex_prog = e2e_gl_program(tex_vs, tex_fs, attribs);
   GLuint array_prog = e2e_gl_program(array_vs, array_fs, attribs);
   if (!color_prog || !tex_prog || !array_prog) {
      e2e_gl_close(&gl);
      return 1;
   }

   GLuint buf;
   glGenBuffers(1, &buf);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);

   /* Columns 0 and 1: a triangle covering the viewport. */
   const struct vertex big[3] = {
      {-1, -1, {1, 0, 0, 1}}, {3, -1, {0, 1, 0, 1}}, {-1, 3, {0, 0, 1, 1}}};
   glUseProgram(color_prog);
   ff.shade_model(E2E_GL_FLAT);
   glViewport(0, 0, COL, COL);
   draw(buf, big, 3);
   provoking_vertex(E2E_GL_FIRST_VERTEX_CONVENTION);
   glViewport(COL, 0, COL, COL);
   draw(buf, big, 3);
   provoking_vertex(E2E_GL_LAST_VERTEX_CONVENTION);
   ff.shade_model(E2E_GL_SMOOTH);
   ok &= check_error("flat shading");

   /* Columns 2 and 3: the outline and the corners of a triangle. */
   const struct vertex tri[3] = {
      {ndc(2), ndc(2), {1, 1, 0, 1}},
      {ndc(13), ndc(2), {1, 1, 0, 1}},
      {ndc(2), ndc(13), {1, 1, 0, 1}},
   };
   ff.polygon_mode(GL_FRONT_AND_BACK, E2E_GL_LINE);
   glViewport(2 * COL, 0, COL, COL);
   draw(buf, tri, 3);
   ff.polygon_mode(GL_FRONT_AND_BACK, E2E_GL_POINT);
   glViewport(3 * COL, 0, COL, COL);
   draw(buf, tri, 3);
   ff.polygon_mode(GL_FRONT_AND_BACK, E2E_GL_FILL);
   ok &= check_error("polygon modes");

   /* Column 4: a 1D texture. */
   static const uint8_t texels[4][4] = {
      {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
      {255, 255, 255, 255}};
   static const uint8_t yellow[4] = {255, 255, 0, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(E2E_GL_TEXTURE_1D, tex);
   glTexParameteri(E2E_GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(E2E_GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(E2E_GL_TEXTURE_1D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   tex_image_1d(E2E_GL_TEXTURE_1D, 0, GL_RGBA, 4, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, texels);
   tex_sub_image_1d(E2E_GL_TEXTURE_1D, 0, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                    yellow);
   const struct vertex quad[6] = {
      {-1, -1, {0}}, {1, -1, {0}}, {-1, 1, {0}},
      {-1, 1, {0}},  {1, -1, {0}}, {1, 1, {0}}};
   glUseProgram(tex_prog);
   glUniform1i(glGetUniformLocation(tex_prog, "tex"), 0);
   glViewport(4 * COL, 0, COL, COL);
   draw(buf, quad, 6);
   ok &= check_error("1D texture");

   /* Column 5: a 1D array texture; its image rows are the layers. */
   static const uint8_t layers[2][4][4] = {
      {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
       {255, 255, 255, 255}},
      {{255, 255, 255, 255}, {0, 255, 0, 255}, {0, 255, 0, 255},
       {255, 0, 0, 255}}};
   GLuint array_tex;
   glGenTextures(1, &array_tex);
   glBindTexture(E2E_GL_TEXTURE_1D_ARRAY, array_tex);
   glTexParameteri(E2E_GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST);
   glTexParameteri(E2E_GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MAG_FILTER,
                   GL_NEAREST);
   glTexParameteri(E2E_GL_TEXTURE_1D_ARRAY, GL_TEXTURE_WRAP_S,
                   GL_CLAMP_TO_EDGE);
   glTexImage2D(E2E_GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, 4, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, layers);
   glTexSubImage2D(E2E_GL_TEXTURE_1D_ARRAY, 0, 1, 1, 1, 1, GL_RGBA,
                   GL_UNSIGNED_BYTE, yellow);
   glUseProgram(array_prog);
   glUniform1i(glGetUniformLocation(array_prog, "tex"), 0);
   glViewport(5 * COL, 0, COL, COL);
   draw(buf, quad, 6);
   ok &= check_error("1D array texture");

   static uint8_t pixels[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= check_error("glReadPixels");
   for (unsigned i = 0; i < sizeof(probes) / sizeof(probes[0]); ++i) {
      const struct probe *p = &probes[i];
      ok &= e2e_gl_probe(pixels, W, p->x, p->y, p->rgba, 1, p->what, quiet);
   }

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
