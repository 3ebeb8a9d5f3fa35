/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_EXT_separate_shader_objects in an ES 2.0 context: a vertex and a
 * fragment program made apart with glCreateShaderProgramvEXT (GLSL ES
 * 1.00, matched by varying name and precision), joined in a program pipeline
 * (glGenProgramPipelinesEXT, glUseProgramStagesEXT,
 * glBindProgramPipelineEXT), the fragment program's uniform set with
 * glProgramUniform4fEXT, and the pipeline validated and queried.  The
 * quad drawn through it covers the window in the uniform's colour times
 * the vertex program's varying (0.5), by hand: (255, 64, 0) * 0.5.
 */
#include <stdint.h>
#include <stdio.h>

#include "e2e_gl.h"
#include <GLES2/gl2ext.h>

#define W 16
#define H 16

static const GLchar *vs =
   "attribute vec2 pos;\n"
   "varying mediump float half_k;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); half_k = 0.5; }\n";
static const GLchar *fs = "precision mediump float;\n"
                              "uniform vec4 colour;\n"
                              "varying float half_k;\n"
                              "void main() { gl_FragColor = colour * half_k; }\n";

#define PROC(type, name)                                                      \
   type name = (type)eglGetProcAddress(#name);                                 \
   if (!name) {                                                                \
      printf("FAIL no %s\n", #name);                                           \
      return e2e_gl_finish(&gl, false, quiet);                                 \
   }

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   bool quiet = false;
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 2, 0, false);
   int status = e2e_gl_start_ext(&gl, argc, argv, &opts, &quiet,
                                 "GL_EXT_separate_shader_objects");
   if (status)
      return status;
   PROC(PFNGLCREATESHADERPROGRAMVEXTPROC, glCreateShaderProgramvEXT);
   PROC(PFNGLGENPROGRAMPIPELINESEXTPROC, glGenProgramPipelinesEXT);
   PROC(PFNGLUSEPROGRAMSTAGESEXTPROC, glUseProgramStagesEXT);
   PROC(PFNGLBINDPROGRAMPIPELINEEXTPROC, glBindProgramPipelineEXT);
   PROC(PFNGLPROGRAMUNIFORM4FEXTPROC, glProgramUniform4fEXT);
   PROC(PFNGLVALIDATEPROGRAMPIPELINEEXTPROC, glValidateProgramPipelineEXT);
   PROC(PFNGLGETPROGRAMPIPELINEIVEXTPROC, glGetProgramPipelineivEXT);
   PROC(PFNGLISPROGRAMPIPELINEEXTPROC, glIsProgramPipelineEXT);
   PROC(PFNGLDELETEPROGRAMPIPELINESEXTPROC, glDeleteProgramPipelinesEXT);

   GLuint vp = glCreateShaderProgramvEXT(GL_VERTEX_SHADER, 1, &vs);
   GLuint fp = glCreateShaderProgramvEXT(GL_FRAGMENT_SHADER, 1, &fs);
   GLint linked[2] = {0, 0};
   glGetProgramiv(vp, GL_LINK_STATUS, &linked[0]);
   glGetProgramiv(fp, GL_LINK_STATUS, &linked[1]);
   bool ok = e2e_gl_check("vertex program linked", linked[0], 1, quiet);
   ok &= e2e_gl_check("fragment program linked", linked[1], 1, quiet);
   GLint separable = 0;
   glGetProgramiv(vp, GL_PROGRAM_SEPARABLE_EXT, &separable);
   ok &= e2e_gl_check("PROGRAM_SEPARABLE_EXT", separable, 1, quiet);

   GLuint pipe = 0;
   glGenProgramPipelinesEXT(1, &pipe);
   glUseProgramStagesEXT(pipe, GL_VERTEX_SHADER_BIT_EXT, vp);
   glUseProgramStagesEXT(pipe, GL_FRAGMENT_SHADER_BIT_EXT, fp);
   glBindProgramPipelineEXT(pipe);
   ok &= e2e_gl_check("IsProgramPipelineEXT", glIsProgramPipelineEXT(pipe),
                      1, quiet);
   ok &= e2e_gl_check("PROGRAM_PIPELINE_BINDING_EXT",
                      e2e_gl_integer(GL_PROGRAM_PIPELINE_BINDING_EXT),
                      pipe, quiet);
   GLint stage = 0;
   glGetProgramPipelineivEXT(pipe, GL_FRAGMENT_SHADER, &stage);
   ok &= e2e_gl_check("pipeline's fragment program", stage, fp, quiet);
   glProgramUniform4fEXT(fp, glGetUniformLocation(fp, "colour"), 1.0f,
                         0.25f, 0.0f, 1.0f);
   GLint valid = 0;
   glValidateProgramPipelineEXT(pipe);
   glGetProgramPipelineivEXT(pipe, GL_VALIDATE_STATUS, &valid);
   ok &= e2e_gl_check("VALIDATE_STATUS", valid, 1, quiet);

   GLint pos = glGetAttribLocation(vp, "pos");
   glVertexAttribPointer((GLuint)pos, 2, GL_FLOAT, GL_FALSE, 0,
                         e2e_gl_quad_strip);
   glEnableVertexAttribArray((GLuint)pos);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "pipeline draw", quiet);
   static const uint8_t want[4] = {128, 32, 0, 128};
   ok &= e2e_gl_probe_read(W, H, 8, 8, want, 2, "pipeline colour", quiet);

   glBindProgramPipelineEXT(0);
   glDeleteProgramPipelinesEXT(1, &pipe);
   ok &= e2e_gl_check("deleted", glIsProgramPipelineEXT(pipe), 0, quiet);
   return e2e_gl_finish(&gl, ok, quiet);
}
