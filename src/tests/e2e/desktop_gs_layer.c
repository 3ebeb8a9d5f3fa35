/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl_Layer from a geometry shader (desktop OpenGL 3.2 core, GLSL 1.50):
 * layered rendering into a 2D array texture and a cube map, and gl_Layer
 * ignored by a framebuffer that is not layered (GL 3.2 section 4.4.7).
 *
 * The framebuffer is a 16x16x3 RGBA8 2D array attached with
 * glFramebufferTexture, cleared to black.  One draw of a quad covering
 * the left half (x < 8) goes through a geometry shader that emits each
 * triangle twice: to layer 0 as it is, in red, and to layer 1 mirrored
 * about x = 0 (so covering the right half), in green; nothing goes to
 * layer 2.  Expected, by hand (pixel centres are 0.5 from the edges, so
 * no pixel is on the quad's edge):
 *   layer 0: (4, 8) red, (12, 8) black;
 *   layer 1: (4, 8) black, (12, 8) green;
 *   layer 2: black everywhere probed.
 * A cube map of 8x8 faces: the same shader with gl_Layer = 2 + the copy
 * (faces +Y and -Y, layers 2 and 3 in table 4.13's order), quad covering
 * everything: face 2 red, face 3 green, faces 0, 1, 4, 5 black.
 * Last, a plain 2D texture attached with glFramebufferTexture2D (not
 * layered): both copies land in it (gl_Layer is ignored), the later green
 * one over the right half, the red one over the left.
 * Each layer is read back through a second framebuffer
 * (glFramebufferTextureLayer / glFramebufferTexture2D + glReadPixels).
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 16

#define E2E_GL_GEOMETRY_SHADER 0x8DD9
typedef void (*framebuffer_texture_fn)(GLenum, GLenum, GLuint, GLint);

static bool quiet;

static const char vs[] = "#version 150\n"
                         "in vec2 pos;\n"
                         "void main() {\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "}\n";
/* base: the layer of the first copy. */
static const char gs[] =
   "#version 150\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 6) out;\n"
   "uniform int base;\n"
   "flat out vec4 color;\n"
   "void main() {\n"
   "   for (int copy = 0; copy < 2; copy++) {\n"
   "      for (int i = 0; i < 3; i++) {\n"
   "         vec4 p = gl_in[i].gl_Position;\n"
   "         if (copy == 1)\n"
   "            p.x = -p.x;\n"
   "         gl_Position = p;\n"
   "         gl_Layer = base + copy;\n"
   "         color = copy == 0 ? vec4(1, 0, 0, 1) : vec4(0, 1, 0, 1);\n"
   "         EmitVertex();\n"
   "      }\n"
   "      EndPrimitive();\n"
   "   }\n"
   "}\n";
static const char fs[] = "#version 150\n"
                         "flat in vec4 color;\n"
                         "out vec4 frag;\n"
                         "void main() {\n"
                         "   frag = color;\n"
                         "}\n";

static GLuint
build_program(void)
{
   static const char *const attribs[] = {"pos", NULL};
   return e2e_gl_program_gs(vs, gs, fs, attribs);
}

static bool
check(const char *what)
{
   GLenum e = glGetError();
   if (e == GL_NO_ERROR)
      return true;
   printf("FAIL %s: GL error 0x%x\n", what, e);
   return false;
}

int
main(int argc, char **argv)
{
   bool ok = true;
   struct e2e_gl_options opts = e2e_gl_core_options(W, H, 3, 2);
   struct e2e_gl gl;
   int status = e2e_gl_start(&gl, argc, argv, &opts, &quiet);
   if (status)
      return status;
   framebuffer_texture_fn framebuffer_texture;
   const struct e2e_gl_proc procs[] = {
      {"glFramebufferTexture", &framebuffer_texture},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   GLuint prog = build_program();
   if (!prog) {
      printf("FAIL: no program\n");
      e2e_gl_close(&gl);
      return 1;
   }
   glUseProgram(prog);
   GLint base = glGetUniformLocation(prog, "base");

   /* The quad over x in [-1, 0] (pixels 0-7 of 16), as two triangles;
    * scaled by `scale` for the cube's full-face quad. */
   static const float left[12] = {-1, -1, 0, -1, -1, 1, 0, -1, 0, 1, -1, 1};
   static const float all[12] = {-1, -1, 1, -1, -1, 1, 1, -1, 1, 1, -1, 1};
   GLuint vao, vbo[2];
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(2, vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(left), left, GL_STATIC_DRAW);
   glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(all), all, GL_STATIC_DRAW);
   glEnableVertexAttribArray(0);

   GLuint tex[3], fbo[2];
   glGenTextures(3, tex);
   glGenFramebuffers(2, fbo);

   /* The 2D array. */
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[0]);
   glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, W, H, 3, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   framebuffer_texture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glUniform1i(base, 0);
   glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   ok &= check("array draw");
   /* layer 0: red left; layer 1: green right; layer 2: black */
   for (int l = 0; l < 3; l++) {
      ok &= e2e_gl_probe_image(fbo[1], tex[0], 0, l, 4, 8,
                               l == 0 ? e2e_gl_red : e2e_gl_black,
                               "array left", quiet);
      ok &= e2e_gl_probe_image(fbo[1], tex[0], 0, l, 12, 8,
                               l == 1 ? e2e_gl_green : e2e_gl_black,
                               "array right", quiet);
   }

   /* The cube: faces 2 and 3. */
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   for (int f = 0; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 8, 8, 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   framebuffer_texture(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[1], 0);
   glViewport(0, 0, 8, 8);
   glClear(GL_COLOR_BUFFER_BIT);
   glUniform1i(base, 2);
   glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   ok &= check("cube draw");
   for (int f = 0; f < 6; f++) {
      const uint8_t *want = f == 2   ? e2e_gl_red
                            : f == 3 ? e2e_gl_green
                                     : e2e_gl_black;
      ok &=
         e2e_gl_probe_image(fbo[1], tex[1], GL_TEXTURE_CUBE_MAP_POSITIVE_X + f,
                            0, 3, 3, want, "cube", quiet);
   }

   /* Not layered: gl_Layer ignored. */
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
   glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_2D, tex[2], 0);
   glViewport(0, 0, W, H);
   glClear(GL_COLOR_BUFFER_BIT);
   glUniform1i(base, 0);
   glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   ok &= check("2D draw");
   ok &= e2e_gl_probe_image(fbo[1], tex[2], 0, -1, 4, 8, e2e_gl_red,
                            "not layered, left", quiet);
   ok &= e2e_gl_probe_image(fbo[1], tex[2], 0, -1, 12, 8, e2e_gl_green,
                            "not layered, right", quiet);

   e2e_gl_close(&gl);
   if (!ok)
      printf("FAIL\n");
   return ok ? 0 : 1;
}
