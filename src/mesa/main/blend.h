/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */
#ifndef MAIN_BLEND_H
#define MAIN_BLEND_H

#include "main/mtypes.h"

/* KHR_blend_equation_advanced: the number of an advanced blend equation
 * (1 GL_MULTIPLY_KHR ... 15 GL_HSL_LUMINOSITY_KHR, the numbering of enum
 * pipe_advanced_blend_mode), 0 for any other enum. */
unsigned _mesa_advanced_blend_mode(GLenum mode);

#endif
