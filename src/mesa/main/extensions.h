/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The extensions a context advertises (glGetString(GL_EXTENSIONS),
 * glGetStringi, GL_NUM_EXTENSIONS) and the checks entry points make. */
#ifndef MAIN_EXTENSIONS_H
#define MAIN_EXTENSIONS_H

#include <stdbool.h>

struct gl_context;

/* How many extensions ctx advertises, and the index'th of them (NULL past
 * the end); glGetStringi's order. */
unsigned _mesa_extension_count(struct gl_context *ctx);
const char *_mesa_extension_name(struct gl_context *ctx, unsigned index);

/* The names separated by spaces, as glGetString(GL_EXTENSIONS) returns
 * them; kept in ctx. */
const char *_mesa_extensions_string(struct gl_context *ctx);

/* Whether ctx advertises the extension called name. */
bool _mesa_has_extension(const struct gl_context *ctx, const char *name);

#endif
