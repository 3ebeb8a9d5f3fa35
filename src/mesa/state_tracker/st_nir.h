/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* NIR passes the state tracker runs on its clone of a linked shader. */
#ifndef ST_NIR_H
#define ST_NIR_H

#include <stdbool.h>

#include "nir.h"

/* GL's gl_FragCoord.y from the driver's (st_nir_lower_wpos.c); slot is
 * the vec4 slot of the transform uniform.  True if the shader changed. */
bool st_nir_lower_wpos(nir_shader *nir, unsigned slot);

/* GL_VERTEX_PROGRAM_TWO_SIDE (st_nir_lower_two_side.c): gl_Color and
 * gl_SecondaryColor of back-facing primitives from the back colours of
 * vs, when component w of the uniform at uniform_slot is not 0. */
bool st_nir_lower_two_side(nir_shader *fs, nir_shader *vs,
                           unsigned uniform_slot);

/* CLAMP_VERTEX_COLOR of compatibility contexts
 * (st_nir_clamp_vertex_color.c): the vertex shader's colour outputs are
 * saturated.  True if the shader changed. */
bool st_nir_clamp_vertex_color(nir_shader *vs);
/* CLAMP_FRAGMENT_COLOR: the fragment shader's float colour outputs
 * clamped to [0, 1] likewise (st_nir_clamp_vertex_color.c). */
bool st_nir_clamp_fragment_color(nir_shader *fs);

/* Uniform blocks per stage (st_nir_ubo_slots.c): the slot (constant
 * buffer minus 1) program block `block` has in a stage, -1 when the
 * stage does not use it; and the pass renumbering a stage's load_ubo
 * from program blocks to those slots.  True if the shader changed. */
struct glsl_program;
int st_ubo_slot(const struct glsl_program *p, gl_shader_stage stage,
                unsigned block);
bool st_nir_ubo_slots(nir_shader *nir, const struct glsl_program *p);

/* Samplers per stage (st_nir_sampler_slots.c): the sampler view and
 * sampler state slot program sampler `index` has in a stage, -1 when the
 * stage does not use it; and the pass renumbering a stage's texture
 * instructions and sampler variables to those slots.  True if the
 * shader changed. */
int st_sampler_slot(const struct glsl_program *p, gl_shader_stage stage,
                    unsigned index);
bool st_nir_sampler_slots(nir_shader *nir, const struct glsl_program *p);

/* Line stipple with an application's program (st_nir_line_stipple.c):
 * the generic attribute (also its vertex element) that carries the
 * stipple counter, one neither the program's attributes nor the vertex
 * shader's inputs use (-1 when there is none); the varying slot it goes
 * through (-1 when none is free); the vertex shader copying the one to
 * the other; the fragment shader discarding by factor and pattern.  The
 * passes return true if the shader changed. */
struct glsl_program_attrib;
int st_nir_free_attrib(const struct glsl_program_attrib *attribs,
                       unsigned num_attribs, const nir_shader *vs);
int st_nir_free_varying(const nir_shader *vs, const nir_shader *fs);
/* Whether a vertex shader reads gl_VertexID or the base vertex (which
 * copies of its vertices would change). */
bool st_nir_reads_vertex_id(const nir_shader *vs);
bool st_nir_line_stipple_vs(nir_shader *vs, int attrib, int varying);
bool st_nir_line_stipple_fs(nir_shader *fs, int varying, unsigned factor,
                            unsigned pattern);
/* The lines and points of polygons drawn from copies
 * (st_nir_copy_facing.c): gl_FrontFacing read from component x of the
 * varying (1 front, 0 back).  True if the shader changed. */
bool st_nir_copy_facing(nir_shader *fs, int varying);

#endif
