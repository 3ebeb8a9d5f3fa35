/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* shader-test-eval's drawing state, shared by shader_test_run.c and
 * shader_test_geom.c. */
#ifndef SHADER_TEST_PRIV_H
#define SHADER_TEST_PRIV_H

#include "glsl_program.h"
#include "nir_eval.h"
#include "shader_test.h"
#include "shader_test_tex.h"

#define CELLS (64 * 4)
#define MAX_VERTS 64
#define MAX_ATTRIBS 8

struct vertex_out {
   float pos[4];
   nir_const_value cells[CELLS];
};

struct run {
   void *mem;
   const struct shader_test *t;
   struct glsl_program *prog;
   nir_shader *vs, *fs;
   nir_shader *gs;             /* NULL without a geometry shader */
   /* gl_PrimitiveID of the primitive being drawn without a geometry
    * shader (the fragment shader's input at VARYING_SLOT_PRIMITIVE_ID);
    * -1 when a geometry shader supplies it. */
   int prim_id;
   int w, h;
   float *fb;                  /* RGBA, quantised */
   float clear[4];
   /* per-channel probe tolerance ("tolerance"; 0 until set: piglit's
    * 3/256 for 8 bits) */
   float tol[4];
   bool tol_set;
   nir_const_value uniforms[1024 * 4];
   unsigned num_uniform_cells;
   nir_eval_buffer ubos[16];
   /* [vertex data]: per attribute its location, components, values */
   unsigned num_attribs, num_rows;
   int attrib_loc[MAX_ATTRIBS];
   unsigned attrib_comps[MAX_ATTRIBS];
   bool attrib_int[MAX_ATTRIBS];  /* an integer column: vdata holds bits */
   float vdata[MAX_VERTS][MAX_ATTRIBS][4];
   /* fragment shader: inputs (slot range, flat), colour output cell */
   unsigned fs_in_first[32], fs_in_slots[32];
   bool fs_in_flat[32];
   unsigned num_fs_in;
   int color_cell;
   bool fs_reads_sysvals;
   bool fs_uses_derivs;        /* runs as 2x2 quads (nir_eval_run_quad) */
   char *msg;
   /* textures: one per unit; texparameter acts on the last one made */
   struct shader_test_tex tex[16];
   int active_unit;
   bool skip;                  /* a draw needed something unsupported */
   /* Storage buffers by binding point (shader_test_compute.c) and the
    * compute shader. */
   nir_eval_buffer ssbos[16];
   nir_shader *cs;
   /* User clipping (shader_test_clip.c): the planes of "clip plane", the
    * enabled ones (bit i: GL_CLIP_PLANEi) and room for the vertices
    * clipping makes (allocated on first use). */
   float clip_plane[8][4];
   unsigned clip_enables;
   struct vertex_out *clip_scratch;
};

/* Rasterises one triangle of VS (or GS) outputs (shader_test_run.c). */
struct fs_cache;
bool st_draw_triangle(struct run *r, const struct vertex_out *v0,
                      const struct vertex_out *v1,
                      const struct vertex_out *v2, struct fs_cache *cache);

/* Draws vo[0..count) as `mode` through the geometry shader r->gs: one run
 * per input primitive (and invocation), its triangle strips rasterised
 * (shader_test_geom.c). */
enum shader_test_result st_geom_draw(struct run *r, const char *mode,
                                     const struct vertex_out *vo,
                                     unsigned count, struct fs_cache *cache);

/* shader_test_clip.c: "clip plane N A B C D", "enable|disable
 * GL_CLIP_PLANEn"; st_clip_triangle() cuts tri[] by the near and far
 * planes and the enabled user planes and returns the convex polygon
 * left (0 to ST_CLIP_MAX_VERTS vertices, in order, in poly[]): the
 * triangle's own vertices when nothing cuts it. */
#define ST_CLIP_MAX_VERTS 16
enum shader_test_result st_clip_command(struct run *r, char **tok,
                                        unsigned n);
unsigned st_clip_triangle(struct run *r,
                          const struct vertex_out *const tri[3],
                          const struct vertex_out **poly);

/* shader_test_compute.c: "ssbo N SIZE", "ssbo N subdata TYPE OFFSET
 * VALUES", "compute X Y Z", "probe ssbo TYPE N OFFSET OP VALUE". */
enum shader_test_result st_ssbo_command(struct run *r, char **tok,
                                        unsigned n);
enum shader_test_result st_compute(struct run *r, char **tok, unsigned n);
enum shader_test_result st_probe_ssbo(struct run *r, char **tok,
                                      unsigned n);
/* "atomic counters N", "atomic counter buffer B N", "probe atomic
 * counter I OP V", "probe atomic counter buffer B OFFSET OP V". */
enum shader_test_result st_atomic_command(struct run *r, char **tok,
                                          unsigned n);
enum shader_test_result st_probe_counter(struct run *r, char **tok,
                                         unsigned n);

#endif
