/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Context loss after a GPU reset (GL_KHR_robustness). */
#ifndef MAIN_ROBUSTNESS_H
#define MAIN_ROBUSTNESS_H

#include <stdbool.h>

#include "main/mtypes.h"

/* _mesa_context_lost past its first test. */
bool _mesa_context_lost_check(struct gl_context *ctx, const char *func);

/* True (and GL_CONTEXT_LOST raised, naming func) when a GPU reset has
 * lost the context: the caller then does nothing.  Asks the driver, so it
 * sees a reset before the application queries it; with the default
 * GL_NO_RESET_NOTIFICATION strategy a context is never lost, and that is
 * all a draw tests (inline since wave 17).
 */
static inline bool
_mesa_context_lost(struct gl_context *ctx, const char *func)
{
   if (!ctx->ContextLost && ctx->ResetStrategy != GL_LOSE_CONTEXT_ON_RESET)
      return false;
   return _mesa_context_lost_check(ctx, func);
}

#endif
