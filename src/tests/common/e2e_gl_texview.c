/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */
#include "e2e_gl_texview.h"

#include <stddef.h>

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
