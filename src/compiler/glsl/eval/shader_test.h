/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * shader-test-eval: runs piglit .shader_test files on the NIR interpreter.
 *
 * shader_test_parse.c cuts a file into its sections; shader_test_run.c
 * links the program and runs the [test] commands against a software
 * framebuffer (RGBA8, the window size, piglit's default 250x250 unless
 * SIZE says otherwise): the vertex shader runs at each vertex, triangles
 * are rasterised at pixel centres with perspective-correct varyings, the
 * fragment shader runs per covered pixel, and probes compare with
 * piglit's tolerance for 8-bit channels (3/256).
 */
#ifndef SHADER_TEST_H
#define SHADER_TEST_H

#include <stdbool.h>

enum shader_test_result {
   SHADER_TEST_PASS,
   SHADER_TEST_FAIL,
   SHADER_TEST_SKIP,
   SHADER_TEST_REJECT,        /* --link: a shader does not compile */
};

/* A "GL_MAX_... >= N" line of [require] (or "INT GL_MAX_... >= N"). */
struct shader_test_limit {
   const char *name;
   int min;
};

struct shader_test {
   /* [require] */
   int glsl_version;          /* 110 ... 460, 100/300/310/320 with es */
   bool es;
   int width, height;
   const char *required_ext[8];
   unsigned num_required_ext;
   struct shader_test_limit limits[8];
   unsigned num_limits;
   bool sso;                  /* "SSO ENABLED": separable programs */
   bool compat;               /* "GL COMPAT >=": a compatibility context */
   /* A [require] line this parser does not know (piglit ignores them:
    * --link does too; drawing skips the file). */
   const char *unknown_require;
   /* Shader sections, several per stage when the file has them. */
   char *vs[4], *fs[4], *gs[4], *tcs[4], *tes[4], *cs[4];
   unsigned num_vs, num_fs, num_gs, num_tcs, num_tes, num_cs;
   bool vs_passthrough;
   const char *unsupported_section; /* e.g. "[compute shader]" */
   char *vertex_data;
   char *test;                /* the [test] section text */
};

/* Parses `text` (modified in place).  Returns false with *why on a file
 * it cannot understand. */
bool shader_test_parse(char *text, struct shader_test *t, const char **why);

/* Runs a parsed test.  *msg gets the reason of a FAIL or SKIP (static or
 * allocated under mem). */
enum shader_test_result shader_test_run(void *mem,
                                        const struct shader_test *t,
                                        char **msg);

/* --link: compiles the file's shaders and links them as piglit's
 * shader_runner would (shader_test_link.c); PASS when the program links,
 * or fails to link with "link error" in [test]; REJECT when a shader does
 * not compile; SKIP when [require] asks for what the front end does not
 * claim. */
enum shader_test_result shader_test_link(void *mem,
                                         const struct shader_test *t,
                                         char **msg);

#endif
