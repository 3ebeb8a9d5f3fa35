/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */
#include "e2e_gl.h"

#include <EGL/eglext.h>
#include <GLES2/gl2ext.h>
#include <GLES3/gl31.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static EGLDisplay
surfaceless_display(void)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC get =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress(
         "eglGetPlatformDisplayEXT");
   return get ? get(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
              : EGL_NO_DISPLAY;
}

/* A missing piece of the stack: a skip, or a failure with --no-skip. */
static int
unavailable(const struct e2e_gl_options *opts, const char *what)
{
   fprintf(stderr, "%s: %s (EGL error 0x%x)\n",
           opts->no_skip ? "FAIL" : "SKIP", what, eglGetError());
   return opts->no_skip ? 1 : E2E_SKIP;
}

void
e2e_gl_common_args(int argc, char **argv, struct e2e_gl_options *opts,
                   bool *quiet)
{
   for (int i = 1; i < argc; ++i) {
      if (!strcmp(argv[i], "--quiet"))
         *quiet = true;
      else if (!strcmp(argv[i], "--no-skip"))
         opts->no_skip = true;
   }
}

int
e2e_gl_open(struct e2e_gl *gl, const struct e2e_gl_options *opts)
{
   EGLint major, minor;

   memset(gl, 0, sizeof(*gl));
   gl->width = opts->width;
   gl->height = opts->height;
   gl->dpy = surfaceless_display();
   if (gl->dpy == EGL_NO_DISPLAY || !eglInitialize(gl->dpy, &major, &minor))
      return unavailable(opts, "no surfaceless EGL display");

   const EGLint renderable = opts->desktop         ? EGL_OPENGL_BIT
                             : opts->es_major >= 3 ? EGL_OPENGL_ES3_BIT
                                                   : EGL_OPENGL_ES2_BIT;
   const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, renderable,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, opts->depth_bits, EGL_STENCIL_SIZE, opts->stencil_bits,
      EGL_NONE,
   };
   EGLConfig config;
   EGLint nr = 0;
   if (!eglChooseConfig(gl->dpy, config_attribs, &config, 1, &nr) || nr < 1)
      return unavailable(opts, "no RGBA8 pbuffer config of that kind");

   const EGLint surface_attribs[] = {EGL_WIDTH, opts->width, EGL_HEIGHT,
                                     opts->height, EGL_NONE};
   gl->surface = eglCreatePbufferSurface(gl->dpy, config, surface_attribs);
   if (gl->surface == EGL_NO_SURFACE) {
      fprintf(stderr, "FAIL: no pbuffer (EGL error 0x%x)\n", eglGetError());
      return 1;
   }

   eglBindAPI(opts->desktop ? EGL_OPENGL_API : EGL_OPENGL_ES_API);
   EGLint context_attribs[16], n = 0;
   context_attribs[n++] = EGL_CONTEXT_MAJOR_VERSION;
   context_attribs[n++] = opts->es_major;
   context_attribs[n++] = EGL_CONTEXT_MINOR_VERSION;
   context_attribs[n++] = opts->es_minor;
   if (opts->desktop && opts->forward_compatible) {
      context_attribs[n++] = EGL_CONTEXT_FLAGS_KHR;
      context_attribs[n++] = EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR;
   }
   if (opts->desktop && opts->compatibility_profile) {
      context_attribs[n++] = EGL_CONTEXT_OPENGL_PROFILE_MASK;
      context_attribs[n++] = EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT;
   }
   if (opts->robust) {
      context_attribs[n++] = EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT;
      context_attribs[n++] = EGL_TRUE;
      context_attribs[n++] = EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT;
      context_attribs[n++] = EGL_LOSE_CONTEXT_ON_RESET_EXT;
   }
   context_attribs[n++] = EGL_NONE;
   gl->ctx = eglCreateContext(gl->dpy, config, EGL_NO_CONTEXT, context_attribs);
   if (gl->ctx == EGL_NO_CONTEXT) {
      char what[64];
      snprintf(what, sizeof(what), "no OpenGL%s %d.%d context",
               opts->desktop ? "" : " ES", opts->es_major, opts->es_minor);
      return unavailable(opts, what);
   }
   if (!eglMakeCurrent(gl->dpy, gl->surface, gl->surface, gl->ctx)) {
      fprintf(stderr, "FAIL: eglMakeCurrent (EGL error 0x%x)\n",
              eglGetError());
      return 1;
   }
   return 0;
}

struct e2e_gl_options
e2e_gl_version_options(int w, int h, int major, int minor, bool desktop)
{
   return (struct e2e_gl_options){
      .width = w,
      .height = h,
      .es_major = major,
      .es_minor = minor,
      .desktop = desktop,
   };
}

struct e2e_gl_options
e2e_gl_desktop_options(int w, int h, int major, int minor, bool compatibility)
{
   struct e2e_gl_options opts =
      e2e_gl_version_options(w, h, major, minor, true);
   opts.compatibility_profile = compatibility;
   opts.forward_compatible = !compatibility;
   return opts;
}

int
e2e_gl_start(struct e2e_gl *gl, int argc, char **argv,
             struct e2e_gl_options *opts, bool *quiet)
{
   e2e_gl_common_args(argc, argv, opts, quiet);
   return e2e_gl_open(gl, opts);
}

int
e2e_gl_start_ext(struct e2e_gl *gl, int argc, char **argv,
                 struct e2e_gl_options *opts, bool *quiet,
                 const char *extension)
{
   int status = e2e_gl_start(gl, argc, argv, opts, quiet);
   if (status || !extension)
      return status;
   return e2e_gl_need_extension(gl, opts, extension);
}

int
e2e_gl_start_compat(struct e2e_gl *gl, int argc, char **argv, int w, int h,
                    bool *quiet)
{
   struct e2e_gl_options opts = e2e_gl_version_options(w, h, 2, 1, true);

   return e2e_gl_start(gl, argc, argv, &opts, quiet);
}

int
e2e_gl_start_es2(struct e2e_gl *gl, int argc, char **argv, int w, int h,
                 bool *quiet)
{
   struct e2e_gl_options opts = e2e_gl_version_options(w, h, 2, 0, false);

   return e2e_gl_start(gl, argc, argv, &opts, quiet);
}

void
e2e_gl_close(struct e2e_gl *gl)
{
   if (gl->dpy == EGL_NO_DISPLAY)
      return;
   eglMakeCurrent(gl->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (gl->ctx != EGL_NO_CONTEXT)
      eglDestroyContext(gl->dpy, gl->ctx);
   if (gl->surface != EGL_NO_SURFACE)
      eglDestroySurface(gl->dpy, gl->surface);
   eglTerminate(gl->dpy);
   gl->dpy = EGL_NO_DISPLAY;
}

static const char *
stage_name(GLenum stage)
{
   switch (stage) {
   case GL_VERTEX_SHADER:
      return "vertex";
   case GL_FRAGMENT_SHADER:
      return "fragment";
   case GL_COMPUTE_SHADER:
      return "compute";
   case 0x8DD9:
      return "geometry";
   default:
      return "a";
   }
}

/* A shader made of the n strings of parts, or 0 with its log printed. */
static GLuint
compile(GLenum stage, int n, const char *const *parts)
{
   GLuint s = glCreateShader(stage);
   char what[64];

   glShaderSource(s, n, parts, NULL);
   glCompileShader(s);
   snprintf(what, sizeof(what), "%s shader does not compile",
            stage_name(stage));
   if (!e2e_gl_compiled(s, what)) {
      glDeleteShader(s);
      return 0;
   }
   return s;
}

GLuint
e2e_gl_shader(GLenum stage, const char *src)
{
   return compile(stage, 1, &src);
}

/* Whether get_iv gives a true status of object; when not, prints what
 * and the object's log (get_log) to stderr. */
static bool
status_or_log(GLuint object, GLenum status,
              void (*get_iv)(GLuint, GLenum, GLint *),
              void (*get_log)(GLuint, GLsizei, GLsizei *, GLchar *),
              const char *what)
{
   GLint ok = 0;
   get_iv(object, status, &ok);
   if (!ok) {
      char log[2048] = "";
      get_log(object, sizeof(log), NULL, log);
      fprintf(stderr, "%s:\n%s\n", what, log);
   }
   return ok != 0;
}

bool
e2e_gl_compiled(GLuint shader, const char *what)
{
   return status_or_log(shader, GL_COMPILE_STATUS, glGetShaderiv,
                        glGetShaderInfoLog, what);
}

bool
e2e_gl_linked(GLuint prog, const char *what)
{
   return status_or_log(prog, GL_LINK_STATUS, glGetProgramiv,
                        glGetProgramInfoLog, what);
}

/* Links the shaders (0 entries are skipped: a failed compile) into a new
 * program after binding attribs; the shaders are deleted either way. */
static GLuint
link(const GLuint *shaders, int n, const char *const *attribs)
{
   GLuint prog = 0;
   bool all = true;

   for (int i = 0; i < n; ++i)
      all &= shaders[i] != 0;
   if (all) {
      prog = glCreateProgram();
      for (int i = 0; i < n; ++i)
         glAttachShader(prog, shaders[i]);
      for (unsigned i = 0; attribs && attribs[i]; ++i)
         glBindAttribLocation(prog, i, attribs[i]);
      glLinkProgram(prog);
      if (!e2e_gl_linked(prog, "program does not link")) {
         glDeleteProgram(prog);
         prog = 0;
      }
   }
   for (int i = 0; i < n; ++i)
      glDeleteShader(shaders[i]);
   return prog;
}

GLuint
e2e_gl_program(const char *vs, const char *fs, const char *const *attribs)
{
   const GLuint shaders[2] = {
      compile(GL_VERTEX_SHADER, 1, &vs),
      compile(GL_FRAGMENT_SHADER, 1, &fs),
   };
   return link(shaders, 2, attribs);
}

void
e2e_gl_uniform_unit(GLuint p, const char *name, GLint unit)
{
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, name), unit);
}

GLuint
e2e_gl_texture_2d(GLenum internal, GLsizei w, GLsizei h, GLenum format,
                  GLenum type, const void *data)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, w, h, 0, format, type,
                data);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   return t;
}

GLuint
e2e_gl_program_gs(const char *vs, const char *gs, const char *fs,
                  const char *const *attribs)
{
   const GLuint shaders[3] = {
      compile(GL_VERTEX_SHADER, 1, &vs),
      compile(0x8DD9 /* GL_GEOMETRY_SHADER */, 1, &gs),
      compile(GL_FRAGMENT_SHADER, 1, &fs),
   };
   return link(shaders, 3, attribs);
}

GLuint
e2e_gl_compute_program(const char *header, const char *body)
{
   const char *const parts[2] = {header, body};
   const GLuint shader = compile(GL_COMPUTE_SHADER, 2, parts);
   return link(&shader, 1, NULL);
}

bool
e2e_gl_probe(const uint8_t *pixels, int w, int x, int y, const uint8_t want[4],
             int tol, const char *what, bool quiet)
{
   const uint8_t *p = pixels + ((size_t)y * w + x) * 4;
   bool ok = true;

   for (int k = 0; k < 4; ++k)
      ok &= abs((int)p[k] - (int)want[k]) <= tol;
   if (!ok || !quiet)
      printf("%s %s at (%d, %d): %u %u %u %u (want %u %u %u %u)\n",
             ok ? "ok  " : "FAIL", what, x, y, p[0], p[1], p[2], p[3], want[0],
             want[1], want[2], want[3]);
   return ok;
}

void
e2e_gl_flip_rows(const uint8_t *pixels, int w, int h, uint8_t *out)
{
   for (int y = 0; y < h; ++y)
      memcpy(out + (size_t)y * w * 4, pixels + (size_t)(h - 1 - y) * w * 4,
             (size_t)w * 4);
}

/* Whether name stands whole in the space-separated list all. */
static bool
listed(const char *all, const char *name)
{
   size_t len = strlen(name);

   for (const char *p = strstr(all, name); p; p = strstr(p + len, name)) {
      bool starts = p == all || p[-1] == ' ';
      bool ends = p[len] == ' ' || p[len] == '\0';
      if (starts && ends)
         return true;
   }
   return false;
}

/* The major version of the current context from GL_VERSION ("3.3 ...",
 * "OpenGL ES 3.1 ..."), which every version can query. */
static int
context_major(void)
{
   const char *v = (const char *)glGetString(GL_VERSION);
   const char *es = "OpenGL ES ";

   if (!v)
      return 0;
   if (!strncmp(v, es, strlen(es)))
      v += strlen(es);
   return atoi(v);
}

bool
e2e_gl_has_extension(const char *name)
{
   GLint n = 0;

   /* Core contexts have no GL_EXTENSIONS string; 3.0 and later all have
    * glGetStringi. */
   if (context_major() < 3) {
      const char *all = (const char *)glGetString(GL_EXTENSIONS);
      return all && listed(all, name);
   }
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; ++i) {
      const char *e = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
      if (e && !strcmp(e, name))
         return true;
   }
   return false;
}

int
e2e_gl_need_extension(struct e2e_gl *gl, const struct e2e_gl_options *opts,
                      const char *name)
{
   if (e2e_gl_has_extension(name))
      return 0;
   fprintf(stderr, "%s: no %s\n", opts->no_skip ? "FAIL" : "SKIP", name);
   e2e_gl_close(gl);
   return opts->no_skip ? 1 : E2E_SKIP;
}

int
e2e_gl_need_extensions(struct e2e_gl *gl, const struct e2e_gl_options *opts,
                       const char *const *names, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      int status = e2e_gl_need_extension(gl, opts, names[i]);
      if (status)
         return status;
   }
   return 0;
}

bool
e2e_gl_expect_error(GLenum want, const char *what, bool quiet)
{
   GLenum e = glGetError();

   if (e != want) {
      fprintf(stderr, "FAIL %s: GL error 0x%x, expected 0x%x\n", what, e, want);
      return false;
   }
   if (!quiet)
      printf("ok   %s\n", what);
   return true;
}

GLuint
e2e_gl_rgba8_framebuffer(int w, int h, int n, GLuint *rb)
{
   GLuint fbo;

   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(n, rb);
   for (int i = 0; i < n; i++) {
      glBindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, w, h);
   }
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   return fbo;
}

void
e2e_gl_msaa_pair(int w, int h, int samples, GLuint fb[2], GLuint rb[2])
{
   glGenRenderbuffers(2, rb);
   glGenFramebuffers(2, fb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, w, h);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
   for (int i = 0; i < 2; i++) {
      glBindFramebuffer(GL_FRAMEBUFFER, fb[i]);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                GL_RENDERBUFFER, rb[i]);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, fb[0]);
}

bool
e2e_gl_msaa_start(int w, int h, int samples, GLuint fb[2], GLuint rb[2],
                  bool quiet)
{
   e2e_gl_msaa_pair(w, h, samples, fb, rb);
   bool ok =
      e2e_gl_check("samples", e2e_gl_integer(GL_SAMPLES), samples, quiet);
   glViewport(0, 0, w, h);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   return ok;
}

void
e2e_gl_msaa_resolve(int w, int h, const GLuint fb[2])
{
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[0]);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb[1]);
   glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fb[1]);
}

bool
e2e_gl_check(const char *what, double got, double want, bool quiet)
{
   if (got != want) {
      printf("FAIL %s: %g, expected %g\n", what, got, want);
      return false;
   }
   if (!quiet)
      printf("ok   %s = %g\n", what, got);
   return true;
}

bool
e2e_gl_read_buffer(GLenum target, GLuint buffer, GLintptr offset,
                   GLsizeiptr size, void *out)
{
   glBindBuffer(target, buffer);
   const void *m = glMapBufferRange(target, offset, size, GL_MAP_READ_BIT);
   if (!m) {
      printf("FAIL map of buffer %u (GL error 0x%x)\n", buffer, glGetError());
      return false;
   }
   memcpy(out, m, (size_t)size);
   glUnmapBuffer(target);
   return true;
}

const float e2e_gl_quad_strip[8] = {-1, -1, 1, -1, -1, 1, 1, 1};
const uint8_t e2e_gl_red[4] = {255, 0, 0, 255};
const uint8_t e2e_gl_green[4] = {0, 255, 0, 255};
const uint8_t e2e_gl_blue[4] = {0, 0, 255, 255};
const uint8_t e2e_gl_black[4] = {0, 0, 0, 255};
const uint8_t e2e_gl_white[4] = {255, 255, 255, 255};

const char e2e_gl_es2_uv_vs[] = "attribute vec4 pos;\n"
                                "varying vec2 uv;\n"
                                "void main() {\n"
                                "   gl_Position = pos;\n"
                                "   uv = pos.xy * 0.5 + 0.5;\n"
                                "}\n";

const char e2e_gl_150_pos_vs[] =
   "#version 150\n"
   "in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
const char e2e_gl_310_pos_vs[] =
   "#version 310 es\n"
   "layout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
const char e2e_gl_150_colour_fs[] = "#version 150\n"
                                    "uniform vec4 c;\n"
                                    "out vec4 o;\n"
                                    "void main() { o = c; }\n";

void
e2e_gl_vec2_vertices(struct e2e_gl_vertices *v, const float *xy, int n)
{
   glGenVertexArrays(1, &v->vao);
   glBindVertexArray(v->vao);
   glGenBuffers(1, &v->buffer);
   glBindBuffer(GL_ARRAY_BUFFER, v->buffer);
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)n * 2 * sizeof(float), xy,
                GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
}

void
e2e_gl_vertices_delete(struct e2e_gl_vertices *v)
{
   glDeleteBuffers(1, &v->buffer);
   glDeleteVertexArrays(1, &v->vao);
   v->buffer = v->vao = 0;
}

int
e2e_gl_finish(struct e2e_gl *gl, bool ok, bool quiet)
{
   e2e_gl_close(gl);
   if (!ok)
      printf("FAIL\n");
   else if (!quiet)
      printf("PASS\n");
   return ok ? 0 : 1;
}

int
e2e_gl_need_program(struct e2e_gl *gl, const char *vs, const char *fs,
                    const char *what, GLuint *prog)
{
   *prog = e2e_gl_program(vs, fs, NULL);
   if (*prog)
      return 0;
   printf("FAIL: %s does not link\n", what);
   e2e_gl_close(gl);
   return 1;
}

int
e2e_gl_start_program(struct e2e_gl *gl, int argc, char **argv,
                     struct e2e_gl_options *opts, bool *quiet, const char *vs,
                     const char *fs, GLuint *prog)
{
   int status = e2e_gl_start(gl, argc, argv, opts, quiet);

   *prog = 0;
   if (status)
      return status;
   return e2e_gl_need_program(gl, vs, fs, "the program", prog);
}

int
e2e_gl_run_program(int argc, char **argv, struct e2e_gl_options *opts,
                   const char *vs, const char *fs, e2e_gl_program_body body)
{
   struct e2e_gl gl;
   bool quiet = false;
   GLuint prog;
   int status =
      e2e_gl_start_program(&gl, argc, argv, opts, &quiet, vs, fs, &prog);

   if (status)
      return status;
   glUseProgram(prog);
   bool ok = body(prog, quiet);
   glDeleteProgram(prog);
   return e2e_gl_finish(&gl, ok, quiet);
}

GLint
e2e_gl_integer(GLenum pname)
{
   GLint v = -1;
   glGetIntegerv(pname, &v);
   return v;
}

GLint
e2e_gl_integer_i(GLenum pname, GLuint index)
{
   GLint v = -1;
   glGetIntegeri_v(pname, index, &v);
   return v;
}

GLuint
e2e_gl_new_buffer(GLenum target, GLsizeiptr size, const void *data,
                  GLenum usage)
{
   GLuint b;

   glGenBuffers(1, &b);
   glBindBuffer(target, b);
   glBufferData(target, size, data, usage);
   return b;
}

bool
e2e_gl_probe_image(GLuint fbo, GLuint tex, GLenum face, int layer, int x, int y,
                   const uint8_t want[4], const char *what, bool quiet)
{
   char name[160];
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   if (face || layer < 0)
      glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             face ? face : GL_TEXTURE_2D, tex, 0);
   else
      glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex,
                                0, layer);
   if (face)
      snprintf(name, sizeof(name), "%s, face %d", what,
               (int)(face - GL_TEXTURE_CUBE_MAP_POSITIVE_X));
   else if (layer >= 0)
      snprintf(name, sizeof(name), "%s, layer %d", what, layer);
   else
      snprintf(name, sizeof(name), "%s", what);
   /* the rectangle from the origin to the pixel, all inside the image */
   return e2e_gl_probe_read(x + 1, y + 1, x, y, want, 1, name, quiet);
}

bool
e2e_gl_probe_read(int w, int h, int x, int y, const uint8_t want[4], int tol,
                  const char *what, bool quiet)
{
   uint8_t *px = malloc((size_t)w * h * 4);
   bool ok = false;

   if (px) {
      glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
      ok = e2e_gl_probe(px, w, x, y, want, tol, what, quiet);
   }
   free(px);
   return ok;
}

bool
e2e_gl_texels_2d(GLuint tex, GLenum format, GLenum type, void *out)
{
   typedef void (*get_tex_image_fn)(GLenum, GLint, GLenum, GLenum, void *);
   get_tex_image_fn get_tex_image =
      (get_tex_image_fn)eglGetProcAddress("glGetTexImage");

   if (!get_tex_image) {
      printf("FAIL: glGetTexImage missing\n");
      return false;
   }
   glBindTexture(GL_TEXTURE_2D, tex);
   get_tex_image(GL_TEXTURE_2D, 0, format, type, out);
   return true;
}

bool
e2e_gl_strip_read(int w, int h, uint8_t *pixels)
{
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   return glGetError() == GL_NO_ERROR;
}
