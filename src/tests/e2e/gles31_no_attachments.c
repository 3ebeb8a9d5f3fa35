/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Framebuffers without attachments in an OpenGL ES 3.1 context (ES 3.1
 * sections 9.2.1 and 9.4.2, ARB_framebuffer_no_attachments).  Every
 * value follows from the spec:
 *   1 a framebuffer object with nothing attached is incomplete
 *     (FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT) until its default width
 *     and height are both set, then complete; glGetFramebufferParameteriv
 *     gives them back; the limits (table 20.46: 2048 at least, 4 samples
 *     at least).
 *   2 the errors: the default framebuffer bound (INVALID_OPERATION),
 *     FRAMEBUFFER_DEFAULT_LAYERS (ES 3.2's: INVALID_ENUM in an ES 3.1
 *     context), a width past
 *     MAX_FRAMEBUFFER_WIDTH or negative (INVALID_VALUE), a bad target
 *     (INVALID_ENUM).
 *   3 a 16x8 square drawn into the 16x8 framebuffer without attachments
 *     by a fragment shader counting its invocations in a storage buffer:
 *     128 (one per pixel).
 * llvmpipe (an ES 3.2 context) passes it too.
 *
 * Usage: gles31_no_attachments [--quiet] [--no-skip]
 */
#include <EGL/egl.h>
#include <GLES3/gl31.h>
#include <stdio.h>

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
   "precision mediump float;\n"
   "layout(std430, binding = 0) buffer Count { uint n; };\n"
   "void main() { atomicAdd(n, 1u); }\n";

static GLint
param(GLenum pname)
{
   GLint v = -1;
   glGetFramebufferParameteriv(GL_FRAMEBUFFER, pname, &v);
   return v;
}

/* 1 and 2, with fbo bound */
static bool
state_and_errors(GLuint fbo)
{
   bool ok = e2e_gl_check("status with nothing attached",
                          glCheckFramebufferStatus(GL_FRAMEBUFFER),
                          GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT,
                          quiet);
   GLint max_w = e2e_gl_integer(GL_MAX_FRAMEBUFFER_WIDTH);
   ok &= e2e_gl_check("MAX_FRAMEBUFFER_WIDTH >= 2048", max_w >= 2048, 1,
                      quiet);
   ok &= e2e_gl_check("MAX_FRAMEBUFFER_HEIGHT >= 2048",
                      e2e_gl_integer(GL_MAX_FRAMEBUFFER_HEIGHT) >= 2048, 1, quiet);
   ok &= e2e_gl_check("MAX_FRAMEBUFFER_SAMPLES >= 4",
                      e2e_gl_integer(GL_MAX_FRAMEBUFFER_SAMPLES) >= 4, 1, quiet);
   glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, W);
   ok &= e2e_gl_check("status with the width alone",
                      glCheckFramebufferStatus(GL_FRAMEBUFFER),
                      GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT, quiet);
   glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, H);
   ok &= e2e_gl_check("status with width and height",
                      glCheckFramebufferStatus(GL_FRAMEBUFFER),
                      GL_FRAMEBUFFER_COMPLETE, quiet);
   ok &= e2e_gl_check("FRAMEBUFFER_DEFAULT_WIDTH",
                      param(GL_FRAMEBUFFER_DEFAULT_WIDTH), W, quiet);
   ok &= e2e_gl_check("FRAMEBUFFER_DEFAULT_HEIGHT",
                      param(GL_FRAMEBUFFER_DEFAULT_HEIGHT), H, quiet);
   ok &= e2e_gl_check("FRAMEBUFFER_DEFAULT_SAMPLES",
                      param(GL_FRAMEBUFFER_DEFAULT_SAMPLES), 0, quiet);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "parameters", quiet);

   glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH,
                           max_w + 1);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "width past the limit", quiet);
   glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, -1);
   ok &= e2e_gl_expect_error(GL_INVALID_VALUE, "negative height", quiet);
   /* (an ES 3.2 context, such as llvmpipe's, has them) */
   if (e2e_gl_integer(GL_MINOR_VERSION) == 1) {
      glFramebufferParameteri(GL_FRAMEBUFFER, 0x9312 /* DEFAULT_LAYERS */,
                              2);
      ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "layers (ES 3.2)", quiet);
   }
   glFramebufferParameteri(GL_TEXTURE_2D, GL_FRAMEBUFFER_DEFAULT_WIDTH, W);
   ok &= e2e_gl_expect_error(GL_INVALID_ENUM, "target TEXTURE_2D", quiet);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, W);
   ok &= e2e_gl_expect_error(GL_INVALID_OPERATION, "default framebuffer",
                             quiet);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   ok &= e2e_gl_check("width kept after the errors",
                      param(GL_FRAMEBUFFER_DEFAULT_WIDTH), W, quiet);
   return ok;
}

static bool
draw(GLuint prog, bool quiet_arg)
{
   quiet = quiet_arg;
   GLuint fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   bool ok = state_and_errors(fbo);

   /* 3 */
   const uint32_t zero = 0;
   GLuint counter = e2e_gl_new_buffer(GL_SHADER_STORAGE_BUFFER, 4, &zero,
                                      GL_DYNAMIC_COPY);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, counter);
   struct e2e_gl_vertices quad;
   e2e_gl_vec2_vertices(&quad, e2e_gl_quad_strip, 4);
   glViewport(0, 0, W, H);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   ok &= e2e_gl_expect_error(GL_NO_ERROR, "draw without attachments", quiet);
   uint32_t n = 0;
   if (e2e_gl_read_buffer(GL_SHADER_STORAGE_BUFFER, counter, 0, 4, &n))
      ok &= e2e_gl_check("fragments shaded", n, W * H, quiet);
   else
      ok = false;

   glDeleteBuffers(1, &counter);
   e2e_gl_vertices_delete(&quad);
   glDeleteFramebuffers(1, &fbo);
   return ok;
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = e2e_gl_version_options(W, H, 3, 1, false);
   return e2e_gl_run_program(argc, argv, &opts, vs, fs, draw);
}
