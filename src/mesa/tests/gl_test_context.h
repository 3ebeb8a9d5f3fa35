/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* A GL context on the noop driver, made current with a window-system
 * framebuffer, for the front end's tests (no EGL). */
#ifndef GL_TEST_CONTEXT_H
#define GL_TEST_CONTEXT_H

#include "main/gl_api.h"
#include "state_tracker/st_api.h"

struct gl_test {
   struct pipe_screen *screen;
   struct st_context *ctx;
   struct st_framebuffer *fb;
};

/* ES 2.0 context with a width x height RGBA8 + Z24S8 framebuffer
 * (fb NULL when width is 0: surfaceless). */
struct gl_test *gl_test_create(int major, int minor, unsigned width,
                               unsigned height);
/* The same with another profile (ST_PROFILE_DEFAULT: desktop 2.1). */
struct gl_test *gl_test_create_profile(enum st_profile_type profile, int major,
                                       int minor, unsigned width,
                                       unsigned height);
/* The same at version major.minor beyond the noop driver's default,
 * through MESA_GL_VERSION_OVERRIDE (MESA_GLES_VERSION_OVERRIDE for ES)
 * set only while the context is made. */
struct gl_test *gl_test_create_version(enum st_profile_type profile,
                                       int major, int minor, unsigned width,
                                       unsigned height);
/* Either of the two on a noop screen that patch (unless NULL) changes
 * before the context is made, as a driver with other caps would have it;
 * override: as gl_test_create_version.  NULL, with *err (unless NULL) set
 * by st_context_create, when no context is made. */
struct gl_test *gl_test_create_patched(enum st_profile_type profile,
                                       int major, int minor, unsigned width,
                                       unsigned height, bool override,
                                       void (*patch)(struct pipe_screen *screen),
                                       enum st_context_error *err);
void gl_test_destroy(struct gl_test *t);

/* The front end's fixed-function tests' context: desktop 2.1
 * (compatibility), 8 x 8; when none is made, prints so and aborts the
 * test program (a failing test). */
struct gl_test *gl_test_compat21(void);

/* glGetIntegerv(pname) of the current context; a GL error there prints
 * the name and aborts the test program (a failing test). */
GLint gl_test_get_int(GLenum pname);

/* The storage format of image (face, level) of the texture bound to
 * target in the current context, and size bytes of its texel (x, y,
 * layer or slice z) copied to out as stored; an image without storage
 * prints what is missing and aborts the test program (a failing test). */
enum pipe_format gl_test_read_texel(GLenum target, unsigned face,
                                    unsigned level, unsigned x, unsigned y,
                                    unsigned z, void *out, size_t size);

/* Whether texel (x, y) of level 0 of the bound 2D texture is stored as
 * RGBA8 with bytes r, g, b, a; prints what is stored when it is not. */
bool gl_test_texel_is_rgba8(unsigned x, unsigned y, int r, int g, int b, int a);

/* Makes t's screen answer "unsupported" for every format refuse() is
 * true of, as a driver without them would (the other formats as before).
 * One screen at a time: the next call replaces the previous one's. */
void gl_test_refuse_formats(struct gl_test *t,
                            bool (*refuse)(enum pipe_format format));

/* A shader of type compiled from src (its log printed when it does not
 * compile). */
GLuint gl_test_shader(GLenum type, const char *src);

/* Compiles and links a VS/FS pair; returns the program (0 on failure,
 * with the logs printed). */
GLuint gl_test_program(const char *vs, const char *fs);

/* Is name one of the current context's GL_EXTENSIONS (glGetStringi)? */
bool gl_test_has_extension(const char *name);

/* The framebuffer status of a framebuffer object whose colour attachment
 * 0 is a new 4 x 4 2D texture of internalformat (defined with format and
 * type, no texels); both objects are deleted again. */
GLenum gl_test_texture_fbo_status(GLenum internalformat, GLenum format,
                                  GLenum type);

#endif
