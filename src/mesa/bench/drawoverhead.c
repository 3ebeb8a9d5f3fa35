/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * gl-drawoverhead: the CPU cost of a draw, modelled on piglit's
 * drawoverhead.  An ES 2.0 context draws one triangle repeatedly: with no
 * state change, with a uniform change, with a texture change and with a
 * program change between draws.  Each case prints draws per second and
 * its ratio to the no-change baseline of the same run; the no-change and
 * program-change cases also to the figures issue #16 gives for Mesa's
 * asahi driver under its no-op shim.  --case 4 (since wave 17, alone, in
 * an ES 3.0 context) draws with no state change with a program reading
 * eight uniform blocks bound, as piglit's drawoverhead's UBO case does.
 *
 * --driver noop (the default) measures the GL front end and the state
 * tracker alone (the noop pipe driver); --driver asahi the whole stack
 * below them too: the asahi Gallium driver and its winsys on the first
 * asahi render node, which the no-op drm-shim fakes:
 *
 *   LD_PRELOAD=build/src/asahi/drm-shim/libasahi_noop_drm_shim.so \
 *      build/src/mesa/bench/gl-drawoverhead --driver asahi
 *
 * Usage: gl-drawoverhead [--driver noop|asahi] [--case N] [--draws N]
 *                        [seconds]
 * seconds of CPU time per case (default 0.5); --case runs case N (0-3) alone;
 * --draws makes each case exactly N draws (rounded up to 1000), for
 * instruction counts:
 *
 *   valgrind --tool=callgrind --toggle-collect=run gl-drawoverhead \
 *      --case 3 --draws 10000
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "main/gl_api.h"
#include "noop_public.h"
#include "pipe/p_screen.h"
#include "state_tracker/st_api.h"
#if HAVE_ASAHI
#include "asahi_drm_public.h"
#include "../../gallium/drivers/asahi/tests/asahi_test_util.h"
#endif

/* CPU time of the process, not wall time: the machines this runs on are
 * shared and loaded, and a draw's cost is CPU work (the no-op shim
 * completes submissions at once).  Rates are draws per CPU second. */
static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
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

/* A program of vs and fs_src with a_pos at location 0; 0 when it does
 * not link. */
static GLuint
program_of(const char *vs, const char *fs_src)
{
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

static GLuint
program(const char *fs_src)
{
   static const char *vs =
      "attribute vec4 a_pos;\n"
      "varying vec2 v_uv;\n"
      "void main() { v_uv = a_pos.xy; gl_Position = a_pos; }\n";
   return program_of(vs, fs_src);
}

/* CASE_UBO's program: eight uniform blocks (GLSL ES 3.00 allows 12 per
 * stage), each bound to a buffer of its own at binding point i. */
static GLuint
ubo_program(void)
{
   static const char *vs = "#version 300 es\n"
                           "in vec4 a_pos;\n"
                           "void main() { gl_Position = a_pos; }\n";
   static const char *fs =
      "#version 300 es\nprecision mediump float;\n"
      "uniform B0 { vec4 c0; }; uniform B1 { vec4 c1; };\n"
      "uniform B2 { vec4 c2; }; uniform B3 { vec4 c3; };\n"
      "uniform B4 { vec4 c4; }; uniform B5 { vec4 c5; };\n"
      "uniform B6 { vec4 c6; }; uniform B7 { vec4 c7; };\n"
      "out vec4 o;\n"
      "void main() { o = c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7; }\n";
   GLuint p = program_of(vs, fs), bufs[8];

   if (!p)
      return 0;
   static const GLfloat zero[4] = {0};
   _mesa_GenBuffers(8, bufs);
   for (GLuint i = 0; i < 8; i++) {
      char name[4] = {'B', (char)('0' + i), 0};
      _mesa_UniformBlockBinding(p, _mesa_GetUniformBlockIndex(p, name), i);
      _mesa_BindBufferBase(GL_UNIFORM_BUFFER, i, bufs[i]);
      _mesa_BufferData(GL_UNIFORM_BUFFER, sizeof(zero), zero,
                       GL_STATIC_DRAW);
   }
   return p;
}

enum bench_case {
   CASE_NONE,
   CASE_UNIFORM,
   CASE_TEXTURE,
   CASE_PROGRAM,
   CASE_UBO, /* --case 4 alone */
   CASE_COUNT,
};

static const char *case_names[CASE_COUNT] = {
   "no state change",
   "uniform change",
   "texture change",
   "program change",
   "8 uniform blocks",
};

/* Issue #16 ("Performance"): Mesa's asahi driver under the no-op shim
 * on this kind of machine, in M draws/s; 0 where the issue gives none.
 * The goal is 1.2 times these. */
static const double mesa_low[CASE_COUNT] = {19.0, 0, 0, 0.5, 0};
static const double mesa_high[CASE_COUNT] = {25.0, 0, 0, 0.75, 0};

struct bench {
   GLuint prog[2];
   GLint color_loc;
   GLuint tex[2];
   GLuint ubo_prog; /* CASE_UBO's */
};

/* Draws for `seconds`, or exactly `count` draws when count is not 0 (for
 * callgrind: --toggle-collect=run counts this function alone). */
static __attribute__((noinline)) double
run(struct bench *b, enum bench_case c, double seconds, unsigned long count)
{
   const unsigned batch = 1000;
   unsigned long draws = 0;
   double start = now_s(), elapsed;

   _mesa_UseProgram(c == CASE_UBO ? b->ubo_prog : b->prog[0]);
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
   } while (count ? draws < count : elapsed < seconds);
   _mesa_Finish();
   if (_mesa_GetError() != GL_NO_ERROR) {
      fprintf(stderr, "gl-drawoverhead: GL error in '%s'\n", case_names[c]);
      exit(1);
   }
   return (double)draws / elapsed;
}

static struct pipe_screen *
create_screen(const char *driver)
{
   if (!strcmp(driver, "noop"))
      return noop_screen_create();
#if HAVE_ASAHI
   if (!strcmp(driver, "asahi")) {
      int fd = asahi_test_open_node();
      if (fd < 0) {
         fprintf(stderr, "gl-drawoverhead: no asahi render node: preload "
                         "libasahi_noop_drm_shim.so (see the header)\n");
         return NULL;
      }
      struct pipe_screen *screen = asahi_drm_screen_create(fd, NULL);
      close(fd);
      return screen;
   }
#endif
   fprintf(stderr, "gl-drawoverhead: unknown or unbuilt driver '%s'\n",
           driver);
   return NULL;
}

static void
print_rate(enum bench_case c, double rate, double base)
{
   double m = rate / 1e6;

   printf("  %-16s %10.3f M draws/s", case_names[c], m);
   if (base > 0.0) /* not measured with --case */
      printf("  %6.3fx", m / base);
   if (mesa_low[c] > 0.0)
      printf("  %.2f-%.2fx Mesa (#16: %.2f-%.2f M)", m / mesa_high[c],
             m / mesa_low[c], mesa_low[c], mesa_high[c]);
   printf("\n");
}

int
main(int argc, char **argv)
{
   double seconds = 0.5;
   const char *driver = "noop";
   int only = -1;
   unsigned long count = 0;

   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--driver") && i + 1 < argc)
         driver = argv[++i];
      else if (!strcmp(argv[i], "--case") && i + 1 < argc)
         only = atoi(argv[++i]);
      else if (!strcmp(argv[i], "--draws") && i + 1 < argc)
         count = strtoul(argv[++i], NULL, 10);
      else if (argv[i][0] != '-')
         seconds = atof(argv[i]);
      else {
         fprintf(stderr, "usage: gl-drawoverhead [--driver noop|asahi] "
                         "[--case 0-4] [--draws N] [seconds]\n");
         return 2;
      }
   }
   struct pipe_screen *screen = create_screen(driver);
   /* (uniform blocks need ES 3.0) */
   struct st_context_attribs attribs = {.profile = ST_PROFILE_OPENGL_ES2,
                                        .major = only == CASE_UBO ? 3 : 2};
   struct st_visual visual = {.color_format = PIPE_FORMAT_R8G8B8A8_UNORM,
                              .depth_stencil_format =
                                 PIPE_FORMAT_Z24_UNORM_S8_UINT};
   struct st_context *ctx;
   struct st_framebuffer *fb;
   struct bench b;

   if (seconds <= 0.0)
      seconds = 0.5;
   /* The noop driver's caps stop at ES 2.0 unless asked (as the mesa
    * tests do, gl_test_context.c). */
   if (only == CASE_UBO && !strcmp(driver, "noop"))
      setenv("MESA_GLES_VERSION_OVERRIDE", "3.0", 0);
   ctx = screen ? st_context_create(screen, &attribs, NULL, NULL) : NULL;
   fb = ctx ? st_framebuffer_create(screen, &visual, 64, 64) : NULL;
   if (!fb || !st_make_current(ctx, fb, fb)) {
      fprintf(stderr, "gl-drawoverhead: no context on the %s driver\n",
              driver);
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
   if (only == CASE_UBO && !(b.ubo_prog = ubo_program()))
      return 1;

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

   run(&b, CASE_NONE, seconds / 4, count ? 1000 : 0); /* warm up */
   double base = 0.0;
   printf("gl-drawoverhead on the %s driver, %.2f s of CPU per case\n",
          driver, seconds);
   for (unsigned c = 0; c < CASE_COUNT; c++) {
      if ((only >= 0 || c == CASE_UBO) && c != (unsigned)only)
         continue;
      double rate = run(&b, (enum bench_case)c, seconds, count);
      if (c == CASE_NONE)
         base = rate / 1e6;
      print_rate((enum bench_case)c, rate, base);
   }

   st_make_current(NULL, NULL, NULL);
   st_context_destroy(ctx);
   st_framebuffer_destroy(fb);
   screen->destroy(screen);
   return 0;
}
