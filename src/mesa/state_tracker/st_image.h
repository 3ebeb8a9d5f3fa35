/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Image units on the pipe (st_image.c). */
#ifndef ST_IMAGE_H
#define ST_IMAGE_H

#include "main/mtypes.h"

struct st_context;

/* ctx->Const's image limits from the driver's
 * PIPE_SHADER_CAP_MAX_SHADER_IMAGES (none below GL 4.2's minimums). */
void st_init_image_limits(struct st_context *st);

/* Binds the image views of the current program's image uniforms for its
 * vertex, geometry and fragment shaders (at every draw), or for exec's
 * compute shader (at every dispatch). */
void st_update_images(struct st_context *st);
void st_update_compute_images(struct st_context *st,
                              struct gl_program_exec *exec);

#endif
