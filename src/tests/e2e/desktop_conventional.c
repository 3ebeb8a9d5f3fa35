/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The compatibility profile's conventional vertex arrays and current
 * values (GL 2.1 sections 2.7, 2.8) feeding GLSL 1.10's gl_Vertex,
 * gl_Color, gl_Normal and gl_MultiTexCoordN, in a desktop OpenGL 2.1
 * context through EGL_OPENGL_API.
 *
 * Six 8x8 columns (48 x 8), cleared to black; each is one quad:
 * 0: gl_Color from glColorPointer (unsigned bytes, normalized: GL 2.1
 *    table 2.4) (255, 128, 0, 255) -> those bytes.
 * 1: gl_Color from the current colour glColor4f(0.25, 0.5, 0.75, 1.0)
 *    with the colour array disabled -> (64, 128, 191, 255).
 * 2: gl_MultiTexCoord1 from glTexCoordPointer after
 *    glClientActiveTexture(GL_TEXTURE1), (0, 1, 0.5) as three floats; q
 *    is 1 (section 2.8) -> (0, 255, 128, 255).
 * 3: gl_Normal from glNormal3f(0.2, 0.4, 0.6) -> (51, 102, 153, 255).
 * 4: a program with only a fragment shader: the fixed-function vertex
 *    stage passes the current colour (0, 0.5, 1, 1) on as gl_Color ->
 *    (0, 128, 255, 255).
 * 5: the vertex shader writes gl_FrontColor = (4, -1, 0.5, 3), then
 *    reads it back and scales x by 1/8: the value the shader ends with,
 *    (0.5, -1, 0.5, 3), is clamped to [0, 1] (GL 3.0 section 2.19.6,
 *    clamping on by default) before interpolation -> (128, 0, 128, 255).
 * Also: the state queries of tables 6.5-6.7 and the spec's errors.
 */
#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl_compat.h"

#define W 48
#define H 8
#define COLUMNS 6

/* GL 2.1 tokens (gl.xml) the ES headers lack. */
#define E2E_GL_CURRENT_COLOR 0x0B00
#define E2E_GL_COLOR_ARRAY_SIZE 0x8081
#define E2E_GL_CLIENT_ACTIVE_TEXTURE 0x84E1

static const char fs_color[] = "#version 110\n"
                               "void main() { gl_FragColor = gl_Color; }\n";

static const char vs_color[] = "#version 110\n"
                               "void main() {\n"
                               "   gl_Position = gl_Vertex;\n"
                               "   gl_FrontColor = gl_Color;\n"
                               "}\n";

static const char vs_tex1[] = "#version 110\n"
                              "void main() {\n"
                              "   gl_Position = gl_Vertex;\n"
                              "   gl_FrontColor = gl_MultiTexCoord1;\n"
                              "}\n";

static const char vs_normal[] = "#version 110\n"
                                "void main() {\n"
                                "   gl_Position = gl_Vertex;\n"
                                "   gl_FrontColor = vec4(gl_Normal, 1.0);\n"
                                "}\n";

static const char vs_clamp[] = "#version 110\n"
                               "void main() {\n"
                               "   gl_Position = gl_Vertex;\n"
                               "   gl_FrontColor = vec4(4.0, -1.0, 0.5, "
                               "3.0);\n"
                               "   gl_FrontColor.x *= 0.125;\n"
                               "}\n";

/* A program of only a fragment shader (GL 2.1 section 2.15). */
static GLuint
fragment_only_program(const char *fs)
{
   GLuint sh = glCreateShader(GL_FRAGMENT_SHADER);
   GLuint prog = glCreateProgram();

   glShaderSource(sh, 1, &fs, NULL);
   glCompileShader(sh);
   glAttachShader(prog, sh);
   glLinkProgram(prog);
   glDeleteShader(sh);
   return e2e_gl_linked(prog, "fragment-only program does not link") ? prog
                                                                      : 0;
}

static bool
check_error(GLenum want, const char *what)
{
   GLenum e = glGetError();
   if (e == want)
      return true;
   printf("FAIL %s: GL error 0x%x (want 0x%x)\n", what, e, want);
   return false;
}

/* The quad of column c as a triangle strip, in clip coordinates. */
static void
column_quad(GLfloat *xy, int c)
{
   const GLfloat x0 = -1.0f + 2.0f * c / COLUMNS;
   const GLfloat x1 = x0 + 2.0f / COLUMNS;
   const GLfloat q[8] = {x0, -1.0f, x1, -1.0f, x0, 1.0f, x1, 1.0f};
   memcpy(xy, q, sizeof(q));
}

/* Draws column c with prog (0: keep the current program). */
static void
draw_column(const struct e2e_gl_compat *ff, GLuint prog, int c)
{
   static GLfloat xy[8];

   column_quad(xy, c);
   if (prog)
      glUseProgram(prog);
   ff->vertex_pointer(2, GL_FLOAT, 0, xy);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static bool
check_state(const struct e2e_gl_compat *ff, GLuint prog)
{
   bool ok = true;
   GLfloat c[4] = {0};
   GLint size = 0, unit = 0;

   glGetFloatv(E2E_GL_CURRENT_COLOR, c);
   if (c[0] != 0.25f || c[1] != 0.5f || c[2] != 0.75f || c[3] != 1.0f) {
      printf("FAIL: GL_CURRENT_COLOR %g %g %g %g\n", c[0], c[1], c[2],
             c[3]);
      ok = false;
   }
   glGetIntegerv(E2E_GL_COLOR_ARRAY_SIZE, &size);
   glGetIntegerv(E2E_GL_CLIENT_ACTIVE_TEXTURE, &unit);
   if (size != 4 || unit != GL_TEXTURE1) {
      printf("FAIL: COLOR_ARRAY_SIZE %d, CLIENT_ACTIVE_TEXTURE 0x%x\n",
             size, unit);
      ok = false;
   }
   if (glIsEnabled(E2E_GL_COLOR_ARRAY) || !glIsEnabled(E2E_GL_VERTEX_ARRAY)) {
      printf("FAIL: glIsEnabled of the client arrays\n");
      ok = false;
   }
   /* GL 2.1 section 2.15.3: "gl_" names have no location. */
   if (glGetAttribLocation(prog, "gl_Color") != -1) {
      printf("FAIL: glGetAttribLocation(gl_Color) is not -1\n");
      ok = false;
   }
   ok &= check_error(GL_NO_ERROR, "queries");

   /* Table 2.4: colours have 3 or 4 components, normals no unsigned
    * types; 8 texture coordinate sets. */
   ff->color_pointer(2, GL_FLOAT, 0, NULL);
   ok &= check_error(GL_INVALID_VALUE, "glColorPointer(size 2)");
   ff->normal_pointer(GL_UNSIGNED_BYTE, 0, NULL);
   ok &= check_error(GL_INVALID_ENUM, "glNormalPointer(UNSIGNED_BYTE)");
   ff->client_active_texture(GL_TEXTURE0 + 8);
   ok &= check_error(GL_INVALID_ENUM, "glClientActiveTexture(TEXTURE8)");
   ff->enable_client_state(GL_TEXTURE_2D);
   ok &= check_error(GL_INVALID_ENUM, "glEnableClientState(TEXTURE_2D)");
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl gl;
   struct e2e_gl_compat ff;
   int status = e2e_gl_start_ff(&gl, argc, argv, W, H, &quiet, &ff);
   if (status)
      return status;

   GLuint color = e2e_gl_program(vs_color, fs_color, NULL);
   GLuint tex1 = e2e_gl_program(vs_tex1, fs_color, NULL);
   GLuint normal = e2e_gl_program(vs_normal, fs_color, NULL);
   GLuint clamp = e2e_gl_program(vs_clamp, fs_color, NULL);
   GLuint fixed = fragment_only_program(fs_color);
   if (!color || !tex1 || !normal || !clamp || !fixed) {
      printf("FAIL: programs do not link\n");
      e2e_gl_close(&gl);
      return 1;
   }

   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   ff.enable_client_state(E2E_GL_VERTEX_ARRAY);

   /* 0: the colour array, one colour for all four vertices. */
   static const GLubyte colors[16] = {255, 128, 0, 255, 255, 128, 0, 255,
                                      255, 128, 0, 255, 255, 128, 0, 255};
   ff.color_pointer(4, GL_UNSIGNED_BYTE, 0, colors);
   ff.enable_client_state(E2E_GL_COLOR_ARRAY);
   draw_column(&ff, color, 0);

   /* 1: the current colour. */
   ff.disable_client_state(E2E_GL_COLOR_ARRAY);
   ff.color4f(0.25f, 0.5f, 0.75f, 1.0f);
   draw_column(&ff, 0, 1);

   /* 2: texture coordinate set 1, three components. */
   static const GLfloat tc[12] = {0, 1, 0.5f, 0, 1, 0.5f,
                                  0, 1, 0.5f, 0, 1, 0.5f};
   ff.client_active_texture(GL_TEXTURE1);
   ff.tex_coord_pointer(3, GL_FLOAT, 0, tc);
   ff.enable_client_state(E2E_GL_TEXTURE_COORD_ARRAY);
   draw_column(&ff, tex1, 2);

   /* 3: the current normal. */
   ff.normal3f(0.2f, 0.4f, 0.6f);
   draw_column(&ff, normal, 3);

   /* 4: fixed-function vertex stage, current colour. */
   ok &= check_state(&ff, color);
   ff.color4f(0.0f, 0.5f, 1.0f, 1.0f);
   draw_column(&ff, fixed, 4);

   /* 5: clamped vertex colour. */
   draw_column(&ff, clamp, 5);
   ok &= check_error(GL_NO_ERROR, "drawing");

   uint8_t px[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   static const uint8_t want[COLUMNS][4] = {
      {255, 128, 0, 255}, {64, 128, 191, 255}, {0, 255, 128, 255},
      {51, 102, 153, 255}, {0, 128, 255, 255}, {128, 0, 128, 255},
   };
   static const char *what[COLUMNS] = {
      "colour array",     "current colour",   "texture coordinate set 1",
      "current normal",   "fixed-function vertex stage",
      "vertex colour clamp",
   };
   for (int c = 0; c < COLUMNS; c++)
      ok &= e2e_gl_probe(px, W, c * (W / COLUMNS) + W / COLUMNS / 2, H / 2,
                         want[c], 1, what[c], quiet);

   e2e_gl_close(&gl);
   if (!ok)
      printf("FAIL\n");
   else if (!quiet)
      printf("PASS\n");
   return ok ? 0 : 1;
}
