/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Sampler uniforms and texture units (sampler_units.c). */
#ifndef MESA_SAMPLER_UNITS_H
#define MESA_SAMPLER_UNITS_H

#include "main/context.h"
#include "main/mtypes.h"

/* The texture target a sampler uniform of GL type `type` reads. */
enum gl_texture_index _mesa_sampler_type_target(GLenum type);

/* A texture unit that active samplers of different targets refer to in
 * exec's current uniform values, or -1 if there is none. */
int _mesa_sampler_unit_conflict(struct gl_program_exec *exec);

/* The draw-time form: false, with INVALID_OPERATION, if the current
 * program has such a conflict. */
bool _mesa_sampler_units_allow_draw(struct gl_context *ctx, const char *func);

#endif
