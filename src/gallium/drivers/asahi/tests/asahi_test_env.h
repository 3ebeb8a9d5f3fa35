/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The set-up the driver's GPU-level tests share: a screen and a context on
 * the asahi render node, a single-sampled colour target bound as the
 * framebuffer with pass-through rasterizer/depth/blend state and a
 * viewport covering it, and a buffer of vec4 positions at attribute 0.
 */
#ifndef ASAHI_TEST_ENV_H
#define ASAHI_TEST_ENV_H

#include <stdbool.h>

#include "compiler/nir/nir.h"
#include "compiler/nir/nir_builder.h"
#include "pipe/p_context.h"
#include "pipe/p_screen.h"

struct asahi_test_env {
   struct pipe_screen *screen;
   struct pipe_context *ctx;
   /* made by asahi_test_env_target */
   struct pipe_resource *rt;
   struct pipe_surface *surf;
   void *rs, *zsa, *blend;
   /* made by asahi_test_env_vertices */
   struct pipe_resource *vbo;
   void *ve;
};

/* Screen and context; false (nothing made) when there is no asahi node. */
bool asahi_test_env_open(struct asahi_test_env *e);

/* A w x h target of format fmt as colour buffer 0, default state bound. */
void asahi_test_env_target(struct asahi_test_env *e, enum pipe_format fmt,
                           unsigned w, unsigned h);
/* The same with `samples` samples per pixel (0 or 1: single sampled). */
void asahi_test_env_target_samples(struct asahi_test_env *e,
                                   enum pipe_format fmt, unsigned w,
                                   unsigned h, unsigned samples);

/* count vec4 positions (16 bytes apart) as vertex buffer 0 / attribute 0;
 * a second call replaces the buffer. */
void asahi_test_env_vertices(struct asahi_test_env *e, const float *verts,
                             unsigned count);

/* The rasterizer state asahi_test_env_target binds: GL's pixel centres,
 * depth clipping, one-pixel lines and points, multisampling on. */
struct pipe_rasterizer_state asahi_test_rasterizer(void);

/* Unbinds and releases everything the calls above made. */
void asahi_test_env_close(struct asahi_test_env *e);

/* The vec4 vertex attribute `index` (generic attribute slots). */
nir_def *asahi_test_attrib(nir_builder *b, unsigned index);

/* Writes v to the output at `slot` (varying or fragment result), whose
 * components have type t (nir_type_float32, nir_type_int32, ...); the
 * variable, for its other qualifiers. */
nir_variable *asahi_test_output(nir_builder *b, unsigned slot, nir_def *v,
                                nir_alu_type t);

/* The flat vec4 fragment input at varying `slot`. */
nir_def *asahi_test_flat_input(nir_builder *b, unsigned slot);

/* A vertex shader writing attribute 0 to gl_Position. */
nir_shader *asahi_test_vs_position(const char *name);

#endif
