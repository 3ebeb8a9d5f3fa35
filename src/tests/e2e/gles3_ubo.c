/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform blocks end to end: an ordinary EGL + GLES 3.0 program whose
 * vertex shader takes its transform and whose fragment shader takes its
 * colours from uniform buffers (ES 3.0.6 section 2.12.6), drawn and read
 * back.  It checks what a user sees:
 *  - the block queries give the std140 layout worked out by hand from
 *    GLSL ES 3.00.6 section 4.3.7 / GL 4.6 7.6.2.2 (sizes, offsets,
 *    array and matrix strides, row-major flags);
 *  - glUniformBlockBinding + glBindBufferRange (at an offset of
 *    GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT) feed the right buffer to the
 *    right block, a row_major mat4 moves the quad, an array member picks
 *    the colour of each half;
 *  - glBufferSubData between two draws: the first draw keeps the old
 *    values (the driver finishes reading before the CPU writes);
 *  - rebinding another buffer to the binding point changes the colour.
 *
 * Usage: gles3_ubo [--quiet] [--no-skip]
 * Exit status: 0 when every check passes, 1 otherwise, 77 when no ES 3.0
 * context exists (unless --no-skip).
 */
#include <GLES3/gl3.h>
#include <stdio.h>
#include <string.h>

#include "e2e_gl.h"

#define W 16
#define H 8

static bool quiet;
static int failures;
static uint8_t pixels[W * H * 4];

/* Transform: row_major mat4 m at 0 (64 bytes, matrix stride 16), then
 * vec2 scale at 64 (8-byte aligned), size 72 rounded up to 80. */
static const char *vs = "#version 300 es\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "layout(std140) uniform Transform {\n"
                        "   layout(row_major) mat4 m;\n"
                        "   vec2 scale;\n"
                        "} xf;\n"
                        "void main() {\n"
                        "   vec2 p = a_pos * xf.scale;\n"
                        "   gl_Position = xf.m * vec4(p, 0.0, 1.0);\n"
                        "}\n";
/* Material: float pick at 0, vec4 colors[2] at 16 (array stride 16),
 * bool on at 48, size 52 rounded up to 64. */
static const char *fs = "#version 300 es\n"
                        "precision highp float;\n"
                        "layout(std140) uniform Material {\n"
                        "   float pick;\n"
                        "   vec4 colors[2];\n"
                        "   bool on;\n"
                        "};\n"
                        "out vec4 o_color;\n"
                        "void main() {\n"
                        "   int i = gl_FragCoord.x < pick ? 0 : 1;\n"
                        "   o_color = on ? colors[i] : vec4(0.0);\n"
                        "}\n";

static void
check(bool ok, const char *what)
{
   if (!ok) {
      fprintf(stderr, "FAIL: %s\n", what);
      failures++;
   } else if (!quiet) {
      printf("ok: %s\n", what);
   }
}

static void
check_int(GLint got, GLint want, const char *what)
{
   if (got != want) {
      fprintf(stderr, "FAIL: %s = %d, want %d\n", what, got, want);
      failures++;
   } else if (!quiet) {
      printf("ok: %s = %d\n", what, got);
   }
}

static void
probe(int x, int y, int r, int g, int b, int a, const char *what)
{
   const uint8_t want[4] = {(uint8_t)r, (uint8_t)g, (uint8_t)b, (uint8_t)a};
   if (!e2e_gl_probe(pixels, W, x, y, want, 1, what, quiet))
      failures++;
}

static void
check_layout(GLuint prog)
{
   GLuint t = glGetUniformBlockIndex(prog, "Transform");
   GLuint m = glGetUniformBlockIndex(prog, "Material");
   GLint n = -1, size = -1;
   check(t != GL_INVALID_INDEX && m != GL_INVALID_INDEX && t != m,
         "both blocks have indices");
   check(glGetUniformBlockIndex(prog, "xf") == GL_INVALID_INDEX,
         "an instance name is not a block name");
   glGetProgramiv(prog, GL_ACTIVE_UNIFORM_BLOCKS, &n);
   check_int(n, 2, "GL_ACTIVE_UNIFORM_BLOCKS");
   glGetActiveUniformBlockiv(prog, t, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
   check_int(size, 80, "Transform size");
   glGetActiveUniformBlockiv(prog, m, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
   check_int(size, 64, "Material size");
   glGetActiveUniformBlockiv(prog, m, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, &n);
   check_int(n, 3, "Material members");
   glGetActiveUniformBlockiv(prog, t,
                             GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER, &n);
   check_int(n, 1, "Transform used by the vertex shader");
   glGetActiveUniformBlockiv(prog, t,
                             GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER,
                             &n);
   check_int(n, 0, "Transform not used by the fragment shader");

   /* Members are named after the block, not the instance. */
   static const char *names[] = {"Transform.m", "Transform.scale", "pick",
                                 "colors", "on"};
   static const GLint offsets[] = {0, 64, 0, 16, 48};
   static const GLint array_strides[] = {0, 0, 0, 16, 0};
   static const GLint matrix_strides[] = {16, 0, 0, 0, 0};
   static const GLint row_major[] = {1, 0, 0, 0, 0};
   GLuint idx[5];
   GLint v[5];
   glGetUniformIndices(prog, 5, names, idx);
   for (unsigned i = 0; i < 5; i++)
      check(idx[i] != GL_INVALID_INDEX, names[i]);
   if (failures)
      return;
   glGetActiveUniformsiv(prog, 5, idx, GL_UNIFORM_OFFSET, v);
   for (unsigned i = 0; i < 5; i++)
      check_int(v[i], offsets[i], names[i]);
   glGetActiveUniformsiv(prog, 5, idx, GL_UNIFORM_ARRAY_STRIDE, v);
   for (unsigned i = 0; i < 5; i++)
      check_int(v[i], array_strides[i], names[i]);
   glGetActiveUniformsiv(prog, 5, idx, GL_UNIFORM_MATRIX_STRIDE, v);
   for (unsigned i = 0; i < 5; i++)
      check_int(v[i], matrix_strides[i], names[i]);
   glGetActiveUniformsiv(prog, 5, idx, GL_UNIFORM_IS_ROW_MAJOR, v);
   for (unsigned i = 0; i < 5; i++)
      check_int(v[i], row_major[i], names[i]);
   glGetActiveUniformsiv(prog, 1, &idx[3], GL_UNIFORM_SIZE, v);
   check_int(v[0], 2, "colors size");
   glGetActiveUniformsiv(prog, 1, &idx[3], GL_UNIFORM_BLOCK_INDEX, v);
   check_int(v[0], (GLint)m, "colors block");
}

static void
draw_and_read(void)
{
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
}

int
main(int argc, char **argv)
{
   struct e2e_gl_options opts = {
      .width = W, .height = H, .es_major = 3, .es_minor = 0,
   };
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--quiet"))
         quiet = true;
      else if (!strcmp(argv[i], "--no-skip"))
         opts.no_skip = true;
   }
   struct e2e_gl gl;
   int rc = e2e_gl_open(&gl, &opts);
   if (rc)
      return rc;

   GLuint prog = e2e_gl_program(vs, fs, NULL);
   if (!prog) {
      e2e_gl_close(&gl);
      return 1;
   }
   check_layout(prog);

   static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glEnableVertexAttribArray(0);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);

   GLint align = 0;
   glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   check(align >= 1 && align <= 256, "GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT");
   if (align < 1 || align > 256)
      align = 256;

   /* The transform halves the quad's width and moves it right by 0.5:
    * it covers x in [0, 1], the right half.  Row-major: the rows as
    * written here. */
   float xf[20] = {
      1, 0, 0, 0.5f, /* row 0: x' = x + 0.5 */
      0, 1, 0, 0,
      0, 0, 1, 0,
      0, 0, 0, 1,
      0.5f, 1.0f, 0, 0, /* scale */
   };
   /* Material at `align` in its buffer: pick the first colour left of
    * pixel 12, red then green. */
   uint8_t mat_data[512] = {0};
   float pick = 12.0f;
   float colors[8] = {1, 0, 0, 1, 0, 1, 0, 1};
   GLuint on = 1;
   memcpy(mat_data + align + 0, &pick, 4);
   memcpy(mat_data + align + 16, colors, sizeof(colors));
   memcpy(mat_data + align + 48, &on, 4);

   GLuint bufs[3];
   glGenBuffers(3, bufs);
   glBindBuffer(GL_UNIFORM_BUFFER, bufs[0]);
   glBufferData(GL_UNIFORM_BUFFER, sizeof(xf), xf, GL_DYNAMIC_DRAW);
   glBindBuffer(GL_UNIFORM_BUFFER, bufs[1]);
   glBufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)sizeof(mat_data), mat_data,
                GL_DYNAMIC_DRAW);

   GLuint t = glGetUniformBlockIndex(prog, "Transform");
   GLuint m = glGetUniformBlockIndex(prog, "Material");
   glUniformBlockBinding(prog, t, 2);
   glUniformBlockBinding(prog, m, 5);
   GLint binding = -1;
   glGetActiveUniformBlockiv(prog, m, GL_UNIFORM_BLOCK_BINDING, &binding);
   check_int(binding, 5, "Material binding");
   glBindBufferBase(GL_UNIFORM_BUFFER, 2, bufs[0]);
   glBindBufferRange(GL_UNIFORM_BUFFER, 5, bufs[1], align, 64);
   check(glGetError() == GL_NO_ERROR, "bindings without errors");

   glUseProgram(prog);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   draw_and_read();
   probe(2, 4, 0, 0, 255, 255, "left half not drawn (transform)");
   probe(9, 4, 255, 0, 0, 255, "colors[0] left of pick");
   probe(14, 4, 0, 255, 0, 255, "colors[1] right of pick");

   probe(11, 4, 255, 0, 0, 255, "pixel 11 left of pick 12");

   /* Writes between draws of one frame: a new pick, a draw on the right
    * half, then the transform moved left and a draw on the left half.
    * The middle draw must see the new pick and the old transform (the
    * driver lets the GPU finish reading before the CPU writes): pixel 11
    * turns green.  Had it seen the new transform, the right half would
    * keep the first draw's red there. */
   pick = 10.0f;
   glBufferSubData(GL_UNIFORM_BUFFER, align, 4, &pick);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   float left = -0.5f;
   glBindBuffer(GL_UNIFORM_BUFFER, bufs[0]);
   glBufferSubData(GL_UNIFORM_BUFFER, 3 * 4, 4, &left);
   draw_and_read();
   probe(2, 4, 255, 0, 0, 255, "left half drawn after the transform moved");
   probe(9, 4, 255, 0, 0, 255, "pixel 9 left of pick 10");
   probe(11, 4, 0, 255, 0, 255, "pixel 11 right of pick 10, old transform");

   /* Another buffer at the same binding point: colours turn off. */
   memset(mat_data, 0, sizeof(mat_data));
   glBindBuffer(GL_UNIFORM_BUFFER, bufs[2]);
   glBufferData(GL_UNIFORM_BUFFER, 64, mat_data, GL_STATIC_DRAW);
   glBindBufferBase(GL_UNIFORM_BUFFER, 5, bufs[2]);
   glClear(GL_COLOR_BUFFER_BIT);
   draw_and_read();
   probe(2, 4, 0, 0, 0, 0, "on = false in the new buffer");

   /* Nothing at the binding point: GL leaves the values undefined; this
    * driver (and llvmpipe) reads zeros, and the draw must not fault. */
   glBindBufferBase(GL_UNIFORM_BUFFER, 5, 0);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   draw_and_read();
   check(glGetError() == GL_NO_ERROR, "draw with an unbound block");
   probe(2, 4, 0, 0, 0, 0, "unbound block reads zeros");
   probe(12, 4, 0, 255, 0, 255, "the frame with the unbound block ran");

   /* Errors of ES 3.0.6 2.12.6.2. */
   glUniformBlockBinding(prog, 7, 0);
   check_int((GLint)glGetError(), GL_INVALID_VALUE, "block index 7");
   GLint max_bindings = 0;
   glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &max_bindings);
   glUniformBlockBinding(prog, m, (GLuint)max_bindings);
   check_int((GLint)glGetError(), GL_INVALID_VALUE, "binding point too big");
   glGetActiveUniformBlockiv(prog, m, GL_UNIFORM_TYPE, &binding);
   check_int((GLint)glGetError(), GL_INVALID_ENUM, "bad pname");

   glDeleteBuffers(3, bufs);
   glDeleteBuffers(1, &vbo);
   glDeleteProgram(prog);
   e2e_gl_close(&gl);
   printf("%s: %d failure(s)\n", failures ? "FAIL" : "ok", failures);
   return failures ? 1 : 0;
}
