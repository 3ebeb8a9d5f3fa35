/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The OpenGL ES 3.0 demo scene of bin/asahi-run: an ordinary EGL + GLES 3.0
 * program (linked against the system's libglvnd) that renders into a
 * framebuffer object, blits it to the window, checks pixels against values
 * computed from the GL rules and writes the image as a PNG.
 *
 * ES 3.0 in use: GLSL ES 3.00 shaders (in/out, layout locations,
 * gl_InstanceID, flat), vertex array objects, immutable textures
 * (glTexStorage2D), sampler objects, instanced drawing with a per-instance
 * attribute (glVertexAttribDivisor), glClearBufferfv, glBlitFramebuffer.
 *
 * The scene (256x256, depth 24):
 *  1. a background at depth 0.8: an 8x8 checkerboard texture repeated four
 *     times across the window, nearest filtering from a sampler object;
 *  2. four squares drawn as one instanced draw, moved right by 0.4 NDC per
 *     instance and coloured by a per-instance attribute;
 *  3. a green and a red triangle from one element buffer, the red one in
 *     front (depth test);
 *  4. a yellow square with alpha 0.5, blended over the background.
 *
 * Usage: gles3_scene [--no-check] [--no-skip] [OUTPUT.png]
 *   (default asahi-scene3.png).
 * Exit status: 0 when every checked pixel is right (or --no-check), 1
 * otherwise, 77 when no ES 3.0 context is available (unless --no-skip).
 */
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"
#include "png_writer.h"

#define W 256
#define H 256

static const char *vs_tex = "#version 300 es\n"
                            "layout(location = 0) in vec3 a_pos;\n"
                            "layout(location = 1) in vec2 a_tc;\n"
                            "out vec2 v_tc;\n"
                            "void main() {\n"
                            "   gl_Position = vec4(a_pos, 1.0);\n"
                            "   v_tc = a_tc;\n"
                            "}\n";
static const char *fs_tex = "#version 300 es\n"
                            "precision mediump float;\n"
                            "uniform sampler2D u_tex;\n"
                            "in vec2 v_tc;\n"
                            "out vec4 o_color;\n"
                            "void main() { o_color = texture(u_tex, v_tc); }\n";
/* Colour per vertex or per instance; instances move right by 0.4. */
static const char *vs_col = "#version 300 es\n"
                            "layout(location = 0) in vec3 a_pos;\n"
                            "layout(location = 1) in vec4 a_color;\n"
                            "flat out vec4 v_color;\n"
                            "uniform float u_step;\n"
                            "void main() {\n"
                            "   float dx = u_step * float(gl_InstanceID);\n"
                            "   gl_Position = vec4(a_pos.x + dx, a_pos.yz, 1.0);\n"
                            "   v_color = a_color;\n"
                            "}\n";
static const char *fs_col = "#version 300 es\n"
                            "precision mediump float;\n"
                            "flat in vec4 v_color;\n"
                            "out vec4 o_color;\n"
                            "void main() { o_color = v_color; }\n";

/* A VAO with positions (3 floats) at location 0 and n1 floats per vertex
 * at location 1, from one interleaved buffer. */
static GLuint
interleaved_vao(const float *data, int vertices, int n1)
{
   GLuint vao, vbo;
   GLsizei stride = (3 + n1) * sizeof(float);

   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, vertices * stride, data, GL_STATIC_DRAW);
   glEnableVertexAttribArray(0);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, (void *)0);
   glEnableVertexAttribArray(1);
   glVertexAttribPointer(1, n1, GL_FLOAT, GL_FALSE, stride,
                         (void *)(3 * sizeof(float)));
   return vao;
}

static void
draw_background(void)
{
   /* Checkerboard: texel (i, j) white when i + j is odd, else grey 64. */
   uint8_t texels[8 * 8 * 4];
   for (int j = 0; j < 8; ++j) {
      for (int i = 0; i < 8; ++i) {
         uint8_t *t = texels + (j * 8 + i) * 4;
         t[0] = t[1] = t[2] = ((i + j) & 1) ? 255 : 64;
         t[3] = 255;
      }
   }
   GLuint tex, sampler;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE,
                   texels);
   /* The texture's own filters (linear) are overridden by the sampler. */
   glGenSamplers(1, &sampler);
   glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glSamplerParameteri(sampler, GL_TEXTURE_WRAP_T, GL_REPEAT);
   glBindSampler(0, sampler);

   static const char *const attribs[] = {NULL};
   GLuint prog = e2e_gl_program(vs_tex, fs_tex, attribs);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "u_tex"), 0);
   static const float quad[] = {
      -1, -1, 0.8f, 0, 0, 1, -1, 0.8f, 4, 0, 1,  1, 0.8f, 4, 4,
      -1, -1, 0.8f, 0, 0, 1, 1,  0.8f, 4, 4, -1, 1, 0.8f, 0, 4,
   };
   glBindVertexArray(interleaved_vao(quad, 6, 2));
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

static void
draw_coloured(GLuint prog)
{
   glUseProgram(prog);
   GLint step = glGetUniformLocation(prog, "u_step");

   /* 2. One square, four instances; colour per instance from buffer 2. */
   static const float square[] = {
      -0.9f, 0.5f, 0, 0, 0, 0, 0, -0.7f, 0.5f, 0, 0, 0, 0, 0,
      -0.7f, 0.7f, 0, 0, 0, 0, 0, -0.9f, 0.7f, 0, 0, 0, 0, 0,
   };
   static const float instance_colors[] = {1, 0, 0, 1, 0, 1, 0, 1,
                                           0, 0, 1, 1, 1, 1, 1, 1};
   glBindVertexArray(interleaved_vao(square, 4, 4));
   GLuint ibo;
   glGenBuffers(1, &ibo);
   glBindBuffer(GL_ARRAY_BUFFER, ibo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(instance_colors), instance_colors,
                GL_STATIC_DRAW);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glVertexAttribDivisor(1, 1);
   glUniform1f(step, 0.4f);
   glDrawArraysInstanced(GL_TRIANGLE_FAN, 0, 4, 4);

   /* 3. Green at depth 0.5 (NDC 0), red at 0.3 (NDC -0.4) in front. */
   static const float tris[] = {
      -0.2f, -0.2f, 0,     0, 1, 0, 1, 0.8f,  -0.2f, 0,     0, 1, 0, 1,
      -0.2f, 0.8f,  0,     0, 1, 0, 1, -0.8f, -0.8f, -0.4f, 1, 0, 0, 1,
      0.6f,  -0.8f, -0.4f, 1, 0, 0, 1, -0.8f, 0.6f,  -0.4f, 1, 0, 0, 1,
   };
   static const GLushort indices[] = {0, 1, 2, 3, 4, 5};
   glBindVertexArray(interleaved_vao(tris, 6, 4));
   GLuint ebo;
   glGenBuffers(1, &ebo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices,
                GL_STATIC_DRAW);
   glUniform1f(step, 0.0f);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);

   /* 4. Yellow, half transparent, over the background. */
   static const float yellow[] = {
      0.3f, -0.9f, -0.5f, 1, 1, 0, 0.5f, 0.9f, -0.9f, -0.5f, 1, 1, 0, 0.5f,
      0.9f, -0.3f, -0.5f, 1, 1, 0, 0.5f, 0.3f, -0.3f, -0.5f, 1, 1, 0, 0.5f,
   };
   glBindVertexArray(interleaved_vao(yellow, 4, 4));
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   glDisable(GL_BLEND);
}

/* Expected values from the GL rules: window x = (ndc + 1) * 128; the
 * background texel under pixel (x, y) is (x / 8 mod 8, y / 8 mod 8). */
static const struct {
   const char *what;
   int x, y;
   uint8_t rgba[4];
} checks[] = {
   {"background, white texel (3, 4)", 28, 230, {255, 255, 255, 255}},
   {"background, grey texel (2, 4)", 20, 230, {64, 64, 64, 255}},
   {"instance 0, red", 25, 204, {255, 0, 0, 255}},
   {"instance 1, green", 76, 204, {0, 255, 0, 255}},
   {"instance 2, blue", 128, 204, {0, 0, 255, 255}},
   {"instance 3, white", 179, 204, {255, 255, 255, 255}},
   {"red triangle", 50, 50, {255, 0, 0, 255}},
   {"red in front of green", 108, 115, {255, 0, 0, 255}},
   {"green triangle", 166, 153, {0, 255, 0, 255}},
   {"yellow at alpha 0.5 over a white texel", 204, 51, {255, 255, 128, 191}},
};

int
main(int argc, char **argv)
{
   bool check = true;
   const char *out = "asahi-scene3.png";
   struct e2e_gl_options opts = {
      .width = W, .height = H, .depth_bits = 24, .es_major = 3,
   };
   for (int i = 1; i < argc; ++i) {
      if (!strcmp(argv[i], "--no-check"))
         check = false;
      else if (!strcmp(argv[i], "--no-skip"))
         opts.no_skip = true;
      else
         out = argv[i];
   }

   struct e2e_gl gl;
   int status = e2e_gl_open(&gl, &opts);
   if (status)
      return status;
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n",
          (const char *)glGetString(GL_RENDERER),
          (const char *)glGetString(GL_VERSION));

   /* Everything is drawn into an FBO, then blitted to the window. */
   GLuint fbo, color, depth;
   glGenTextures(1, &color);
   glBindTexture(GL_TEXTURE_2D, color);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, W, H);
   glGenRenderbuffers(1, &depth);
   glBindRenderbuffer(GL_RENDERBUFFER, depth);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          color, 0);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, depth);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      fprintf(stderr, "FAIL: the framebuffer object is incomplete\n");
      return 1;
   }

   static const float clear_color[] = {0.1f, 0.1f, 0.3f, 1.0f};
   glViewport(0, 0, W, H);
   glClearBufferfv(GL_COLOR, 0, clear_color);
   glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);

   draw_background();
   glBindSampler(0, 0);
   static const char *const attribs[] = {NULL};
   draw_coloured(e2e_gl_program(vs_col, fs_col, attribs));

   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);

   static uint8_t pixels[W * H * 4], flipped[W * H * 4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   GLenum err = glGetError();
   e2e_gl_close(&gl);

   e2e_gl_flip_rows(pixels, W, H, flipped);
   if (!png_write_rgba(out, flipped, W, H, W * 4)) {
      fprintf(stderr, "FAIL: cannot write %s\n", out);
      return 1;
   }
   printf("image written to %s\n", out);
   if (err != GL_NO_ERROR)
      fprintf(stderr, "FAIL: GL error 0x%x\n", err);
   if (!check)
      return 0;

   unsigned wrong = 0, n = sizeof(checks) / sizeof(checks[0]);
   for (unsigned i = 0; i < n; ++i)
      wrong += !e2e_gl_probe(pixels, W, checks[i].x, checks[i].y,
                             checks[i].rgba, 2, checks[i].what, false);
   printf("%s: %u of %u checks wrong\n", wrong ? "FAIL" : "PASS", wrong, n);
   return wrong || err != GL_NO_ERROR ? 1 : 0;
}
