/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */
#include "e2e_gl_texview.h"

#include <stddef.h>
#include <stdio.h>

GLuint
e2e_gl_nearest_texture(GLenum target)
{
   GLuint tex;

   glGenTextures(1, &tex);
   glBindTexture(target, tex);
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   return tex;
}

GLuint
e2e_gl_viewport_quad(GLuint location)
{
   static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   GLuint vbo;

   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glEnableVertexAttribArray(location);
   glVertexAttribPointer(location, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   return vbo;
}

void
e2e_gl_draw_quad(int w, int h, const float clear[4], int read_w, int read_h,
                 uint8_t *pixels)
{
   glViewport(0, 0, w, h);
   glClearColor(clear[0], clear[1], clear[2], clear[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glReadPixels(0, 0, read_w, read_h, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
}

void
e2e_gl_view_draw(struct e2e_gl_texview *v, int w, int h, const float clear[4])
{
   e2e_gl_draw_quad(w, h, clear, v->read_w, v->read_h, v->pixels);
}

void
e2e_gl_view_probe(struct e2e_gl_texview *v, int x, int y, int r, int g,
                  int b, int a, int tol, const char *what)
{
   const uint8_t want[4] = {(uint8_t)r, (uint8_t)g, (uint8_t)b, (uint8_t)a};

   if (!e2e_gl_probe(v->pixels, v->read_w, x, y, want, tol, what, v->quiet))
      v->failures++;
}

void
e2e_gl_view_expect_error(struct e2e_gl_texview *v, GLenum want,
                         const char *what)
{
   if (!e2e_gl_expect_error(want, what, v->quiet))
      v->failures++;
}

void
e2e_gl_view_upload(struct e2e_gl_texview *v, GLenum format, int w, int h,
                   const void *blocks, int size, const char *what)
{
   e2e_gl_nearest_texture(GL_TEXTURE_2D);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, format, w, h, 0, size, blocks);
   e2e_gl_view_expect_error(v, GL_NO_ERROR, what);
}

int
e2e_gl_view_start(struct e2e_gl *gl, struct e2e_gl_texview *v, int argc,
                  char **argv, struct e2e_gl_options *opts,
                  const char *extension, const char *vs, const char *fs,
                  GLuint *prog)
{
   int status = e2e_gl_start_ext(gl, argc, argv, opts, &v->quiet, extension);
   if (status)
      return status;

   static const char *const attribs[] = {"a_pos", NULL};
   *prog = e2e_gl_program(vs, fs, attribs);
   if (!*prog) {
      e2e_gl_close(gl);
      return 1;
   }
   glUseProgram(*prog);
   glUniform1i(glGetUniformLocation(*prog, "u_tex"), 0);
   e2e_gl_viewport_quad(0);
   return 0;
}

int
e2e_gl_view_finish(struct e2e_gl *gl, const struct e2e_gl_texview *v)
{
   e2e_gl_close(gl);
   printf("%s: %d failure(s)\n", v->failures ? "FAIL" : "ok", v->failures);
   return v->failures ? 1 : 0;
}
