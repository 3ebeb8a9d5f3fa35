/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The colour outputs of a geometry shader in a desktop 3.2 compatibility
 * context (GLSL 1.50 "compatibility"), checked against values worked out
 * from the GL 3.2 compatibility specification:
 *
 *  - gl_FrontColor and gl_FrontSecondaryColor written before each
 *    EmitVertex reach gl_Color / gl_SecondaryColor, clamped to [0, 1]
 *    (section 2.19.6, CLAMP_VERTEX_COLOR is TRUE by default): the
 *    geometry shader writes (2, 0.5, -1, 1) and (0.25, 3, 0, 1);
 *  - with GL_VERTEX_PROGRAM_TWO_SIDE a back-facing triangle shows
 *    gl_BackColor (section 2.19.1), (0, 0, 1, 1), a front-facing one
 *    gl_FrontColor.
 *
 * The framebuffer is 32 x 16, cleared to black: the left half a
 * counter-clockwise (front-facing) quad, the right half a clockwise
 * (back-facing) one.  Drawn twice: first the primary colours, then, after
 * glClear, the secondary ones (the fragment shader picks by a uniform).
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>

#include "e2e_gl.h"

#define W 32
#define H 16
#define E2E_GL_VERTEX_PROGRAM_TWO_SIDE 0x8643

static const char vs[] = "#version 150 compatibility\n"
                         "in vec2 pos;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "}\n";
static const char gs[] =
   "#version 150 compatibility\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 3) out;\n"
   "void main() {\n"
   "   for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position;\n"
   "      gl_FrontColor = vec4(2.0, 0.5, -1.0, 1.0);\n"
   "      gl_BackColor = vec4(0.0, 0.0, 1.0, 1.0);\n"
   "      gl_FrontSecondaryColor = vec4(0.25, 3.0, 0.0, 1.0);\n"
   "      EmitVertex();\n"
   "   }\n"
   "}\n";
static const char fs[] = "#version 150 compatibility\n"
                         "uniform bool secondary;\n"
                         "void main() {\n"
                         "   gl_FragColor = secondary ? gl_SecondaryColor\n"
                         "                            : gl_Color;\n"
                         "}\n";

static GLuint
program(void)
{
   static const char *const attribs[] = {"pos", NULL};
   return e2e_gl_program_gs(vs, gs, fs, attribs);
}

/* Left half counter-clockwise, right half clockwise (two triangles each). */
static const GLfloat quads[] = {
   -1, -1, 0, -1, -1, 1,  -1, 1, 0, -1, 0, 1,
   0,  -1, 0, 1,  1,  -1, 1,  -1, 0, 1, 1, 1,
};

static bool
draw_and_probe(GLuint prog, bool secondary, const uint8_t front[4],
               const uint8_t back[4], bool quiet)
{
   static uint8_t pixels[W * H * 4];
   bool ok = true;

   glClear(GL_COLOR_BUFFER_BIT);
   glUniform1i(glGetUniformLocation(prog, "secondary"), secondary);
   glDrawArrays(GL_TRIANGLES, 0, 12);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   ok &= e2e_gl_probe(pixels, W, 8, 8, front, 2,
                      secondary ? "secondary, front-facing"
                                : "primary, front-facing",
                      quiet);
   /* back NULL: not written, undefined */
   if (back)
      ok &= e2e_gl_probe(pixels, W, 24, 8, back, 2,
                         "primary, back-facing (two-sided)", quiet);
   return ok;
}

int
main(int argc, char **argv)
{
   bool quiet = false, ok = true;
   struct e2e_gl_options opts = e2e_gl_compat_options(W, H, 3, 2);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;

   GLuint prog = program();
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   GLuint buf;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quads), quads, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   glUseProgram(prog);
   glClearColor(0, 0, 0, 1);
   glEnable(E2E_GL_VERTEX_PROGRAM_TWO_SIDE);

   /* Clamped: (1, 0.5, 0, 1) and (0.25, 1, 0, 1). */
   static const uint8_t primary[4] = {255, 128, 0, 255};
   static const uint8_t blue[4] = {0, 0, 255, 255};
   static const uint8_t secondary[4] = {64, 255, 0, 255};
   ok &= draw_and_probe(prog, false, primary, blue, quiet);
   /* No back secondary colour is written: only the front half. */
   ok &= draw_and_probe(prog, true, secondary, NULL, quiet);
   ok &= glGetError() == GL_NO_ERROR;

   e2e_gl_close(&gl);
   if (!quiet || !ok)
      printf("%s\n", ok ? "PASS" : "FAIL");
   return ok ? 0 : 1;
}
