/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Logical operations on colour buffers (logicop.c). */
#ifndef MAIN_LOGICOP_H
#define MAIN_LOGICOP_H

#include "main/gl_api.h"
#include "pipe/p_defines.h"

/* The pipe_logicop of a glLogicOp opcode (GL_COPY's for others). */
enum pipe_logicop _mesa_logicop_to_pipe(GLenum opcode);

#endif
