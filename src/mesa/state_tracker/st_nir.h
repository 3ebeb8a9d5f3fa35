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

/* gl_ClipDistance as varyings and fragment discards
 * (st_nir_lower_clip.c): at most ST_CLIP_DISTANCES planes, carried in the
 * two generic varying slots from ST_CLIP_VARYING_SLOT (above the ones the
 * linker hands out, MAX_VARYING_VECTORS + 1 of them); the enable mask is
 * component z of the uniform slot st_nir_lower_wpos uses. */
#define ST_CLIP_DISTANCES 8
#define ST_CLIP_VARYING_SLOT (VARYING_SLOT_VAR0 + 30)
bool st_nir_writes_clip_distance(nir_shader *vs);
bool st_nir_lower_clip_vs(nir_shader *vs);
bool st_nir_lower_clip_fs(nir_shader *fs, unsigned uniform_slot);

/* GL_VERTEX_PROGRAM_TWO_SIDE (st_nir_lower_two_side.c): gl_Color and
 * gl_SecondaryColor of back-facing primitives from the back colours of
 * vs, when component w of the uniform at uniform_slot is not 0. */
bool st_nir_lower_two_side(nir_shader *fs, nir_shader *vs,
                           unsigned uniform_slot);

#endif
