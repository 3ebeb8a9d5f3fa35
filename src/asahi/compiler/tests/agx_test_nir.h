/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Test helpers on the NIR side: float variables for builder-made shaders,
 * compiling a shader the way the driver does (with the disassembly round
 * trip every test wants), and nir_eval reference runs of the lanes the
 * simulator runs, to compare the two bit for bit.
 */

#ifndef AGX_TEST_NIR_H
#define AGX_TEST_NIR_H

#include <stdbool.h>
#include <stddef.h>

#include "asahi/compiler/agx_compile.h"
#include "nir.h"
#include "nir_builder.h"
#include "nir_eval.h"

struct agx_test_draw;

/* Vertex buffer 0 of draw: size bytes at vtx, mapped at 0x10000. */
void agx_test_draw_vertices(struct agx_test_draw *draw, void *vtx,
                            size_t size);

/* A float vector of n components, at location loc (also its driver
 * location). */
nir_variable *agx_test_var(nir_shader *s, nir_variable_mode mode, unsigned n,
                           int loc, const char *name);

/* Stores value (a float vec4) to nr float vec4 outputs, at
 * FRAG_RESULT_DATA0 on, of the fragment shader b builds. */
void agx_test_store_rts(nir_builder *b, unsigned nr, nir_def *value);

/* A texture instruction with a float vec4 result: op on texture and
 * sampler `index`, of dimension dim, with the sources in src (entries
 * with a NULL def are left out; a coordinate gives coord_components). */
struct agx_test_tex {
   nir_texop op;
   unsigned index;
   nir_sampler_dim dim;
   bool array, shadow;
   unsigned component; /* of a gather */
   struct {
      nir_tex_src_type type;
      nir_def *def;
   } src[4];
};

/* Inserts the instruction; returns its result. */
nir_def *agx_test_tex(nir_builder *b, const struct agx_test_tex *t);

/* A fragment shader to build on: *uv is the loaded input uv
 * (VARYING_SLOT_VAR0, 2 components), *colour the output vec4 at
 * FRAG_RESULT_DATA0. */
nir_builder agx_test_uv_fs_builder(void *mem, const char *name, nir_def **uv,
                                   nir_variable **colour);

/* The key of such a fragment shader: one RGBA32F render target. */
struct agx_shader_key agx_test_rgba32f_fs_key(void);

/* A vertex shader to build on: *a is the loaded attribute vec4 at
 * VERT_ATTRIB_GENERIC0, already written to gl_Position. */
nir_builder agx_test_vs_builder(void *mem, const char *name, nir_def **a);

/* The key of such a vertex shader: attribute 0 RGBA32F, 16 bytes a
 * vertex. */
struct agx_shader_key agx_test_vec4_vs_key(void);

/* Preprocesses and compiles a clone of s (s itself stays as built, for
 * nir_eval), then checks that the binary survives disassembly and
 * reassembly.  False with a message in error when any step fails. */
bool agx_test_compile(const nir_shader *s, const struct agx_shader_key *key,
                      void *mem, struct agx_shader_binary *bin, char *error,
                      size_t error_size);

/* Compiles nir as it is (already preprocessed), then checks that the
 * binary survives disassembly and reassembly.  False with a message in
 * error when either fails. */
bool agx_test_compile_lowered(nir_shader *nir,
                              const struct agx_shader_key *key, void *mem,
                              struct agx_shader_binary *bin, char *error,
                              size_t error_size);

/* Runs the vertex shader s in nir_eval on nr_inputs input cells (the
 * attributes one after the other, four floats each); out receives
 * 4 * VARYING_SLOT_MAX cells.  False with nir_eval's message in error. */
bool agx_test_eval_vertex(nir_shader *s, const float *inputs,
                          unsigned nr_inputs, nir_eval_tex_cb tex,
                          void *tex_data, nir_const_value *out, char *error,
                          size_t error_size);

/* Runs the vertex shader s in nir_eval for each of the 32 vertices the
 * simulator ran (vertex v: nr_inputs floats from vtx + v * nr_inputs) and
 * compares the four words of each varying slot from first_slot on
 * (nr_slots of them) bit for bit with uvs.  False with the first
 * difference, or nir_eval's message, in error. */
bool agx_test_check_vs_slots(nir_shader *s, const struct agx_shader_binary *bin,
                             const uint32_t *uvs, const float *vtx,
                             unsigned nr_inputs, unsigned first_slot,
                             unsigned nr_slots, nir_eval_tex_cb tex,
                             void *tex_data, char *error, size_t error_size);

/*
 * Fragment shaders reading uv (VARYING_SLOT_VAR0, 2 components) and
 * writing an RGBA32F colour (FRAG_RESULT_DATA0), run by agx_test_run_fs
 * with coefficient planes {W = 1, u, v}: pixel (x, 0) sees
 * uv = (du * (x + 0.5) + u0, v0 + 0.5).
 */
struct agx_test_uv {
   float du, u0, v0;
};

/* Runs the fragment shader bin with those planes over a 32x1 RGBA32F
 * tilebuffer (tib: 32 * 16 bytes).  False with a message in error unless
 * the shader ran to its end. */
bool agx_test_run_uv_fs(const struct agx_shader_binary *bin,
                        const struct agx_test_draw *draw,
                        const struct agx_test_uv *uv, uint8_t *tib, char *error,
                        size_t error_size);

/* Runs the fragment shader s in nir_eval for each of the 32 pixels the
 * simulator ran (uv as above) and compares its colour bit for bit with
 * the tilebuffer (16 bytes a pixel).  False with the first difference, or
 * nir_eval's message, in error. */
bool agx_test_check_uv_fs(nir_shader *s, const struct agx_test_uv *uv,
                          nir_eval_tex_cb tex, void *tex_data,
                          const uint8_t *tib, char *error, size_t error_size);

#endif
