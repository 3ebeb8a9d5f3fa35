/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Context loss after a GPU reset (GL_KHR_robustness). */
#ifndef MAIN_ROBUSTNESS_H
#define MAIN_ROBUSTNESS_H

#include <stdbool.h>

struct gl_context;

/* True (and GL_CONTEXT_LOST raised, naming func) when a GPU reset has
 * lost the context: the caller then does nothing.  Asks the driver, so it
 * sees a reset before the application queries it.
 */
bool _mesa_context_lost(struct gl_context *ctx, const char *func);

#endif
