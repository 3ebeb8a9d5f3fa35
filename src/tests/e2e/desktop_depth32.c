/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_DEPTH_COMPONENT32 (desktop GL 3.0 table 3.17, ARB_depth_texture) in
 * a desktop OpenGL 3.0 context: a 2x1 texture made from UNSIGNED_INT depth
 * values 0x40000000 and 0xC0000000 (0.25 and 0.75 after GL 3.0 table 2.9's
 * normalization) sampled by texture() at each texel gives them in the
 * first component (section 3.8.15, DEPTH_TEXTURE_MODE RED in the shader
 * below through .r): 64 and 191 (unorm8, within 1); TEXTURE_DEPTH_SIZE of
 * the image is at least 24 (the spec's minimum for the format, GL 3.0
 * section 3.8.1, "required texture formats"); a DEPTH_COMPONENT32
 * renderbuffer makes a complete framebuffer with an RGBA8 one.
 * llvmpipe passes it too.
 *
 * Usage: desktop_depth32 [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>

#include "e2e_gl.h"

#define E2E_GL_DEPTH_COMPONENT32 0x81A7
#define E2E_GL_TEXTURE_DEPTH_SIZE 0x884A
typedef void (*get_tex_level_parameteriv_fn)(GLenum, GLint, GLenum, GLint *);

static const char vs[] = "#version 130\n"
                         "in vec2 pos;\n"
                         "out vec2 uv;\n"
                         "void main() {\n"
                         "   uv = pos * 0.5 + 0.5;\n"
                         "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                         "}\n";
static const char fs[] = "#version 130\n"
                         "uniform sampler2D t;\n"
                         "in vec2 uv;\n"
                         "out vec4 color;\n"
                         "void main() {\n"
                         "   color = vec4(texture(t, uv).r, 0.0, 0.0, 1.0);\n"
                         "}\n";

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
   get_tex_level_parameteriv_fn level_param;
   const struct e2e_gl_proc procs[] = {
      {"glGetTexLevelParameteriv", &level_param},
   };
   if ((status = E2E_GL_NEED_PROCS(&gl, procs)))
      return status;
   static const char *const attribs[] = {"pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }

   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   static const GLuint depth[2] = {0x40000000u, 0xC0000000u};
   glTexImage2D(GL_TEXTURE_2D, 0, E2E_GL_DEPTH_COMPONENT32, 2, 1, 0,
                GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, depth);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "glTexImage2D(DEPTH_COMPONENT32)",
                             quiet);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLint bits = 0;
   level_param(GL_TEXTURE_2D, 0, E2E_GL_TEXTURE_DEPTH_SIZE, &bits);
   if (bits < 24) {
      printf("FAIL TEXTURE_DEPTH_SIZE %d\n", bits);
      ok = false;
   } else if (!quiet) {
      printf("ok   TEXTURE_DEPTH_SIZE %d\n", bits);
   }

   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "t"), 0);
   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   glViewport(0, 0, 4, 4);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   GLubyte px[4 * 4 * 4];
   glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
   static const GLubyte left[4] = {64, 0, 0, 255}, right[4] = {191, 0, 0, 255};
   ok &= e2e_gl_probe(px, 4, 0, 1, left, 1, "depth 0.25", quiet);
   ok &= e2e_gl_probe(px, 4, 3, 1, right, 1, "depth 0.75", quiet);

   GLuint fbo, rb[2];
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, E2E_GL_DEPTH_COMPONENT32, 4, 4);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, rb[1]);
   ok &= e2e_gl_expect_error(GL_NO_ERROR,
                             "glRenderbufferStorage(DEPTH_COMPONENT32)", quiet);
   GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE) {
      printf("FAIL framebuffer status 0x%x\n", st);
      ok = false;
   } else if (!quiet) {
      printf("ok   DEPTH_COMPONENT32 renderbuffer complete\n");
   }

   e2e_gl_vertices_delete(&quad);
   return e2e_gl_finish(&gl, ok, quiet);
}
