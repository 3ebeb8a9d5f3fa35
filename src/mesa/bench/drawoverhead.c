/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl-drawoverhead: the CPU cost of a draw in the GL front end, modelled on
 * piglit's drawoverhead.  An ES 2.0 context on the noop pipe driver (so
 * nothing but the front end and the state tracker is measured) draws one
 * triangle repeatedly: with no state change, with a uniform change, with a
 * texture change and with a program change between draws.  Each case
 * prints draws per second and its ratio to the no-change baseline of the
 * same run.
 *
 * Usage: gl-drawoverhead [seconds-per-case]   (default 0.5)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "main/gl_api.h"
#include "noop_public.h"
#include "pipe/p_screen.h"
#include "state_tracker/st_api.h"

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static GLuint
compile(GLenum type, const char *src)
{
   GLuint sh = _mesa_CreateShader(type);
   GLint ok = 0;

   _mesa_ShaderSource(sh, 1, &src, NULL);
   _mesa_CompileShader(sh);
   _mesa_GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024];
      _mesa_GetShaderInfoLog(sh, sizeof(log), NULL, log);
      fprintf(stderr, "gl-drawoverhead: compile failed:\n%s", log);
      exit(1);
   }
   return sh;
}

static GLuint
program(const char *fs_src)
{
   static const char *vs =
      "attribute vec4 a_pos;\n"
      "varying vec2 v_uv;\n"
      "void main() { v_uv = a_pos.xy; gl_Position = a_pos; }\n";
   GLuint p = _mesa_CreateProgram();
   GLint ok = 0;

   _mesa_AttachShader(p, compile(GL_VERTEX_SHADER, vs));
   _mesa_AttachShader(p, compile(GL_FRAGMENT_SHADER, fs_src));
   _mesa_BindAttribLocation(p, 0, "a_pos");
   _mesa_LinkProgram(p);
   _mesa_GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024];
      _mesa_GetProgramInfoLog(p, sizeof(log), NULL, log);
      fprintf(stderr, "gl-drawoverhead: link failed:\n%s", log);
      _mesa_DeleteProgram(p);
      return 0;
   }
   return p;
}

enum bench_case {
   CASE_NONE,
   CASE_UNIFORM,
   CASE_TEXTURE,
   CASE_PROGRAM,
   CASE_COUNT,
};

static const char *case_names[CASE_COUNT] = {
   "no state change",
   "uniform change",
   "texture change",
   "program change",
};

struct bench {
   GLuint prog[2];
   GLint color_loc;
   GLuint tex[2];
};

static double
run(struct bench *b, enum bench_case c, double seconds)
{
   const unsigned batch = 1000;
   unsigned long draws = 0;
   double start = now_s(), elapsed;

   _mesa_UseProgram(b->prog[0]);
   _mesa_BindTexture(GL_TEXTURE_2D, b->tex[0]);
   do {
      for (unsigned i = 0; i < batch; i++) {
         switch (c) {
         case CASE_UNIFORM:
            _mesa_Uniform4f(b->color_loc, (float)(i & 1), 0.5f, 0.25f, 1.0f);
            break;
         case CASE_TEXTURE:
            _mesa_BindTexture(GL_TEXTURE_2D, b->tex[i & 1]);
            break;
         case CASE_PROGRAM:
            _mesa_UseProgram(b->prog[i & 1]);
            break;
         default:
            break;
         }
         _mesa_DrawArrays(GL_TRIANGLES, 0, 3);
      }
      draws += batch;
      elapsed = now_s() - start;
   } while (elapsed < seconds);
   _mesa_Finish();
   if (_mesa_GetError() != GL_NO_ERROR) {
      fprintf(stderr, "gl-drawoverhead: GL error in '%s'\n", case_names[c]);
      exit(1);
   }
   return (double)draws / elapsed;
}

int
main(int argc, char **argv)
{
   double seconds = argc > 1 ? atof(argv[1]) : 0.5;
   struct pipe_screen *screen = noop_screen_create();
   struct st_context_attribs attribs = {.profile = ST_PROFILE_OPENGL_ES2,
                                        .major = 2};
   struct st_visual visual = {.color_format = PIPE_FORMAT_R8G8B8A8_UNORM,
                              .depth_stencil_format =
                                 PIPE_FORMAT_Z24_UNORM_S8_UINT};
   struct st_context *ctx;
   struct st_framebuffer *fb;
   struct bench b;

   if (seconds <= 0.0)
      seconds = 0.5;
   ctx = screen ? st_context_create(screen, &attribs, NULL, NULL) : NULL;
   fb = ctx ? st_framebuffer_create(screen, &visual, 64, 64) : NULL;
   if (!fb || !st_make_current(ctx, fb, fb)) {
      fprintf(stderr, "gl-drawoverhead: no context on the noop driver\n");
      return 1;
   }

   b.prog[0] = program("precision mediump float;\n"
                       "uniform vec4 u_color;\n"
                       "uniform sampler2D u_tex;\n"
                       "varying vec2 v_uv;\n"
                       "void main() {\n"
                       "   gl_FragColor = u_color * texture2D(u_tex, v_uv);\n"
                       "}\n");
   b.prog[1] = program("precision mediump float;\n"
                       "uniform sampler2D u_tex;\n"
                       "varying vec2 v_uv;\n"
                       "void main() {\n"
                       "   gl_FragColor = texture2D(u_tex, v_uv).bgra;\n"
                       "}\n");
   if (!b.prog[0] || !b.prog[1]) {
      /* Without texture sampling in the compiler, the texture case binds
       * textures that no shader reads (still a sampler-view change for
       * the state tracker only when a shader samples: see docs/gl.rst). */
      fprintf(stderr, "gl-drawoverhead: using shaders without textures\n");
      b.prog[0] = program("precision mediump float;\n"
                          "uniform vec4 u_color;\n"
                          "varying vec2 v_uv;\n"
                          "void main() { gl_FragColor = u_color; }\n");
      b.prog[1] = program("precision mediump float;\n"
                          "varying vec2 v_uv;\n"
                          "void main() {\n"
                          "   gl_FragColor = vec4(v_uv, 0.0, 1.0);\n"
                          "}\n");
      if (!b.prog[0] || !b.prog[1])
         return 1;
   }
   b.color_loc = _mesa_GetUniformLocation(b.prog[0], "u_color");

   static const GLubyte texels[2][4 * 4 * 4] = {{0}, {255}};
   _mesa_GenTextures(2, b.tex);
   for (unsigned i = 0; i < 2; i++) {
      _mesa_BindTexture(GL_TEXTURE_2D, b.tex[i]);
      _mesa_TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      _mesa_TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA,
                       GL_UNSIGNED_BYTE, texels[i]);
   }

   static const GLfloat verts[] = {-1, -1, 0, 1, 1, -1, 0, 1, 0, 1, 0, 1};
   GLuint vbo;
   _mesa_GenBuffers(1, &vbo);
   _mesa_BindBuffer(GL_ARRAY_BUFFER, vbo);
   _mesa_BufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   _mesa_VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   _mesa_EnableVertexAttribArray(0);
   _mesa_UseProgram(b.prog[0]);
   _mesa_Uniform4f(b.color_loc, 1, 1, 1, 1);

   run(&b, CASE_NONE, seconds / 4); /* warm up */
   double base = 0.0;
   printf("gl-drawoverhead on the noop driver, %.2f s per case\n", seconds);
   for (unsigned c = 0; c < CASE_COUNT; c++) {
      double rate = run(&b, (enum bench_case)c, seconds);
      if (c == CASE_NONE)
         base = rate;
      printf("  %-16s %10.3f M draws/s  %6.3fx\n", case_names[c], rate / 1e6,
             rate / base);
   }

   st_make_current(NULL, NULL, NULL);
   st_context_destroy(ctx);
   st_framebuffer_destroy(fb);
   screen->destroy(screen);
   return 0;
}
