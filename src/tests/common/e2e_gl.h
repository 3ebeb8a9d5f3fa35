/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * What every end-to-end GL program needs and nothing else: a surfaceless
 * EGL display, a pbuffer and an OpenGL ES (or desktop OpenGL) context of a
 * chosen version made current; shader programs built with their logs
 * printed; pixel probes that report what they found; extension and GL
 * error checks.  The programs stay ordinary applications:
 * this only calls EGL and GLES through the system's libglvnd.
 */
#ifndef E2E_GL_H
#define E2E_GL_H

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <stdbool.h>
#include <stdint.h>

/* meson's exit status for a skipped test. */
#define E2E_SKIP 77

struct e2e_gl_options {
   int width, height;
   int depth_bits, stencil_bits;
   int es_major, es_minor; /* the context version asked for */
   bool robust;            /* EGL_EXT_create_context_robustness, lose on reset */
   bool no_skip;           /* no display/config/context is a failure */
   /* Desktop OpenGL (EGL_OPENGL_API) instead of ES: es_major/es_minor are
    * then the desktop version asked for; forward_compatible adds
    * EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR.  Desktop-only entry
    * points come from eglGetProcAddress. */
   bool desktop;
   bool forward_compatible;
   /* Desktop 3.2 and later: the compatibility profile (EGL 1.5
    * EGL_CONTEXT_OPENGL_PROFILE_MASK) instead of the default core one. */
   bool compatibility_profile;
};

struct e2e_gl {
   EGLDisplay dpy;
   EGLSurface surface;
   EGLContext ctx;
   int width, height;
};

/* The arguments every program takes: --quiet (print only failures) sets
 * *quiet, --no-skip sets opts->no_skip; others are left to the program. */
void e2e_gl_common_args(int argc, char **argv, struct e2e_gl_options *opts,
                        bool *quiet);

/* The options of a w x h window and a context of version major.minor:
 * ES, or desktop OpenGL when desktop is set (other fields zero). */
struct e2e_gl_options e2e_gl_version_options(int w, int h, int major,
                                             int minor, bool desktop);

/* The options of a w x h window and a desktop OpenGL context of version
 * major.minor: compatibility-profile (3.2 and later) when compatibility,
 * otherwise forward-compatible (the core profile from 3.2 on). */
struct e2e_gl_options e2e_gl_desktop_options(int w, int h, int major,
                                             int minor, bool compatibility);
#define e2e_gl_core_options(w, h, major, minor)                             \
   e2e_gl_desktop_options(w, h, major, minor, false)
#define e2e_gl_compat_options(w, h, major, minor)                           \
   e2e_gl_desktop_options(w, h, major, minor, true)

/* e2e_gl_common_args, then e2e_gl_open: what a program's main starts
 * with. */
int e2e_gl_start(struct e2e_gl *gl, int argc, char **argv,
                 struct e2e_gl_options *opts, bool *quiet);

/* e2e_gl_start with a desktop OpenGL 2.1 (compatibility) context of
 * w x h: what the fixed-function programs start with. */
int e2e_gl_start_compat(struct e2e_gl *gl, int argc, char **argv, int w,
                        int h, bool *quiet);

/* e2e_gl_start with an OpenGL ES 2.0 context of w x h. */
int e2e_gl_start_es2(struct e2e_gl *gl, int argc, char **argv, int w, int h,
                     bool *quiet);

/* 0 when the context is current, E2E_SKIP when the stack offers no
 * surfaceless display, config or context of that version (unless
 * no_skip), 1 on any other failure.  Messages go to stderr. */
int e2e_gl_open(struct e2e_gl *gl, const struct e2e_gl_options *opts);
void e2e_gl_close(struct e2e_gl *gl);

/* A linked program from a vertex and a fragment shader; attribs, when not
 * NULL, is a NULL-terminated list of names bound to locations 0, 1, ...
 * before linking.  0 (with the log on stderr) when compiling or linking
 * fails. */
GLuint e2e_gl_program(const char *vs, const char *fs,
                      const char *const *attribs);

/* Compares the RGBA8 pixel at (x, y) of a w-wide image read with
 * glReadPixels against want[] within tol per channel; prints one line
 * ("ok" or "FAIL", what, found, wanted) unless quiet and right. */
bool e2e_gl_probe(const uint8_t *pixels, int w, int x, int y,
                  const uint8_t want[4], int tol, const char *what,
                  bool quiet);

/* Rows of a bottom-up glReadPixels image reordered top-down (for image
 * files), into out (w * h * 4 bytes). */
void e2e_gl_flip_rows(const uint8_t *pixels, int w, int h, uint8_t *out);

/* Whether the current context lists the extension (the whole name, not a
 * prefix of a longer one): glGetString(GL_EXTENSIONS) before version 3.0,
 * glGetStringi after (core contexts have no such string). */
bool e2e_gl_has_extension(const char *name);

/* 0 when the current context has the extension; otherwise prints "no
 * <name>", closes gl and returns E2E_SKIP, or 1 with opts->no_skip. */
int e2e_gl_need_extension(struct e2e_gl *gl, const struct e2e_gl_options *opts,
                          const char *name);

/* e2e_gl_need_extension of each of the n names, stopping at the first
 * the context lacks. */
int e2e_gl_need_extensions(struct e2e_gl *gl,
                           const struct e2e_gl_options *opts,
                           const char *const *names, unsigned n);

/* Whether glGetError() gives want; prints "FAIL" with both codes when not,
 * "ok" and what unless quiet when it does. */
bool e2e_gl_expect_error(GLenum want, const char *what, bool quiet);

/* A new framebuffer, left bound, with n new w x h RGBA8 renderbuffers
 * (names in rb[]) of which the first is its colour attachment 0. */
GLuint e2e_gl_rgba8_framebuffer(int w, int h, int n, GLuint *rb);

/* A multisampled framebuffer and the one it resolves into (ES 3.0 or
 * desktop 3.0): fb[0] with a w x h RGBA8 renderbuffer rb[0] of `samples`
 * samples, fb[1] with a single-sampled one rb[1]; fb[0] left bound. */
void e2e_gl_msaa_pair(int w, int h, int samples, GLuint fb[2], GLuint rb[2]);

/* e2e_gl_msaa_pair, then GL_SAMPLES checked (printed as
 * e2e_gl_check does), the viewport set to w x h and fb[0] cleared to
 * transparent black: what the multisample programs start with. */
bool e2e_gl_msaa_start(int w, int h, int samples, GLuint fb[2],
                       GLuint rb[2], bool quiet);

/* Resolves fb[0] into fb[1] (glBlitFramebuffer of w x h colour) and
 * leaves fb[1] the read framebuffer. */
void e2e_gl_msaa_resolve(int w, int h, const GLuint fb[2]);

/* Sets the unit of sampler or image uniform `name` of program p (made
 * current first). */
void e2e_gl_uniform_unit(GLuint p, const char *name, GLint unit);

/* A new 2D texture, left bound, of w x h texels of internal format
 * `internal` from data (format, type; data may be NULL), with nearest
 * minification (one level is then complete). */
GLuint e2e_gl_texture_2d(GLenum internal, GLsizei w, GLsizei h,
                         GLenum format, GLenum type, const void *data);

/* e2e_gl_program with a geometry shader between the two (desktop GL 3.2
 * and later). */
GLuint e2e_gl_program_gs(const char *vs, const char *gs, const char *fs,
                         const char *const *attribs);

/* A linked program of one compute shader whose source is header then
 * body (header may be ""); 0 (with the log on stderr) when compiling or
 * linking fails. */
GLuint e2e_gl_compute_program(const char *header, const char *body);

/* Whether got equals want; prints "FAIL" with both when not, "ok" and the
 * value unless quiet when it does.  Integers up to 2^53 compare exactly. */
bool e2e_gl_check(const char *what, double got, double want, bool quiet);

/* Copies size bytes at offset of buffer (bound to target, which stays
 * bound) into out through glMapBufferRange; false (with "FAIL" printed)
 * when the map fails. */
bool e2e_gl_read_buffer(GLenum target, GLuint buffer, GLintptr offset,
                        GLsizeiptr size, void *out);

/* The square (-1, -1) to (1, 1): 4 vertices, a triangle strip. */
extern const float e2e_gl_quad_strip[8];

/* Opaque RGBA8 colours that probes expect. */
extern const uint8_t e2e_gl_red[4], e2e_gl_green[4], e2e_gl_blue[4];
extern const uint8_t e2e_gl_black[4], e2e_gl_white[4];

/* An ES 2.0 vertex shader: attribute pos as the position, varying uv =
 * pos.xy mapped from [-1, 1] to [0, 1]. */
extern const char e2e_gl_es2_uv_vs[];

/* GLSL 1.50: a vertex shader with `in vec2 pos` as the position, and a
 * fragment shader writing `uniform vec4 c` to its one output. */
extern const char e2e_gl_150_pos_vs[], e2e_gl_150_colour_fs[];

/* GLSL ES 3.10: a vertex shader with `layout(location = 0) in vec2 pos`
 * as the position (e2e_gl_vec2_vertices' attribute). */
extern const char e2e_gl_310_pos_vs[];

/* A vertex array object and the one buffer behind it. */
struct e2e_gl_vertices {
   GLuint vao, buffer;
};

/* A new vertex array object, left bound (desktop GL 3.0 or ES 3.0),
 * whose enabled attribute 0 reads the n vec2 of xy from a new buffer. */
void e2e_gl_vec2_vertices(struct e2e_gl_vertices *v, const float *xy, int n);
void e2e_gl_vertices_delete(struct e2e_gl_vertices *v);

/* e2e_gl_start, then e2e_gl_need_extension of extension unless it is
 * NULL: 0, or the status to return (gl then closed). */
int e2e_gl_start_ext(struct e2e_gl *gl, int argc, char **argv,
                     struct e2e_gl_options *opts, bool *quiet,
                     const char *extension);

/* Whether glLinkProgram made prog linked (GL_LINK_STATUS); when not,
 * prints "<what>:" and the program's info log to stderr. */
bool e2e_gl_linked(GLuint prog, const char *what);

/* The compile twin: whether glCompileShader compiled shader
 * (GL_COMPILE_STATUS); when not, prints "<what>:" and the shader's info
 * log to stderr. */
bool e2e_gl_compiled(GLuint shader, const char *what);

/* A compiled shader of stage from src, or 0 (deleted, its log on
 * stderr). */
GLuint e2e_gl_shader(GLenum stage, const char *src);

/* *prog = e2e_gl_program(vs, fs, NULL): 0 when it linked; otherwise
 * prints "FAIL: <what> does not link", closes gl and gives 1 (what a
 * program building one after starting does). */
int e2e_gl_need_program(struct e2e_gl *gl, const char *vs, const char *fs,
                        const char *what, GLuint *prog);

/* e2e_gl_start, then e2e_gl_need_program: 0 when both worked. */
int e2e_gl_start_program(struct e2e_gl *gl, int argc, char **argv,
                         struct e2e_gl_options *opts, bool *quiet,
                         const char *vs, const char *fs, GLuint *prog);

/* What a one-program e2e test does once its program is current: gives
 * whether every check passed. */
typedef bool (*e2e_gl_program_body)(GLuint prog, bool quiet);

/* A whole one-program test: e2e_gl_start_program, the program made
 * current, body run, the program deleted, then e2e_gl_finish; gives the
 * exit status (a start failure's status unchanged). */
int e2e_gl_run_program(int argc, char **argv, struct e2e_gl_options *opts,
                       const char *vs, const char *fs,
                       e2e_gl_program_body body);

/* glGetIntegerv / glGetIntegeri_v of one value (-1 when nothing was
 * written). */
GLint e2e_gl_integer(GLenum pname);
GLint e2e_gl_integer_i(GLenum pname, GLuint index);

/* A new buffer, left bound to target, holding size bytes of data. */
GLuint e2e_gl_new_buffer(GLenum target, GLsizeiptr size, const void *data,
                         GLenum usage);

/* Probes pixel (x, y) of one image of tex, attached alone to colour
 * attachment 0 of the framebuffer object fbo, which stays the read
 * framebuffer: face (non-zero) of a cube map, else layer of an array or
 * 3D texture, or (layer < 0) the 2D texture itself; the probe is named
 * "<what>, face N" or "<what>, layer N" (N from 0). */
bool e2e_gl_probe_image(GLuint fbo, GLuint tex, GLenum face, int layer, int x,
                        int y, const uint8_t want[4], const char *what,
                        bool quiet);

/* Reads the w x h RGBA8 image at (0, 0) of the read framebuffer and
 * probes (x, y) as e2e_gl_probe does. */
bool e2e_gl_probe_read(int w, int h, int x, int y, const uint8_t want[4],
                       int tol, const char *what, bool quiet);

/* Binds the 2D texture tex (it stays bound) and reads its level 0 into
 * out as format and type with glGetTexImage (desktop OpenGL; looked up
 * through eglGetProcAddress): false, with "FAIL" printed, when the
 * context has no such entry point. */
bool e2e_gl_texels_2d(GLuint tex, GLenum format, GLenum type, void *out);

/* Clears to transparent black, draws a 4-vertex triangle strip with what
 * is bound and reads the w x h RGBA8 image at (0, 0) into pixels
 * (w * h * 4 bytes): whether GL raised no error. */
bool e2e_gl_strip_read(int w, int h, uint8_t *pixels);

/* A program's end: closes gl, prints "FAIL", or "PASS" unless quiet, and
 * gives the exit status. */
int e2e_gl_finish(struct e2e_gl *gl, bool ok, bool quiet);

/* One entry point for e2e_gl_procs: its name (as eglGetProcAddress takes
 * it) and the address of the function pointer variable, of the entry
 * point's own type, that receives it. */
struct e2e_gl_proc {
   const char *name;
   void *fn;
};

/* Looks up every entry point of table[0..n) and stores it through its fn;
 * false, after printing "FAIL: <name> missing" for each one that is not
 * found (its pointer is then NULL), when any is missing. */
bool e2e_gl_procs(const struct e2e_gl_proc *table, unsigned n);

/* e2e_gl_procs; when an entry point is missing, closes gl and gives 1
 * (otherwise 0): what a program needing them does after starting. */
int e2e_gl_need_procs(struct e2e_gl *gl, const struct e2e_gl_proc *table,
                      unsigned n);

#define E2E_GL_PROCS(table)                                                 \
   e2e_gl_procs(table, sizeof(table) / sizeof((table)[0]))
#define E2E_GL_NEED_PROCS(gl, table)                                        \
   e2e_gl_need_procs(gl, table, sizeof(table) / sizeof((table)[0]))

#endif
