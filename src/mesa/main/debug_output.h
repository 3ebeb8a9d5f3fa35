/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* KHR_debug: messages to the application (debug_output.c). */
#ifndef MESA_DEBUG_OUTPUT_H
#define MESA_DEBUG_OUTPUT_H

#include "main/mtypes.h"

void _mesa_init_debug_output(struct gl_context *ctx, bool debug_context);
void _mesa_free_debug_output(struct gl_context *ctx);
void _mesa_free_labels(struct gl_shared_state *shared);

/* Delivers a message (if debug output is on and the message enabled):
 * to the callback, else into the log. */
void _mesa_debug_message(struct gl_context *ctx, GLenum source, GLenum type,
                         GLuint id, GLenum severity, GLsizei length,
                         const char *text);

/* The KHR_debug label of an object, or NULL (owned by the shared state). */
const char *_mesa_object_label(struct gl_context *ctx, GLenum identifier,
                               GLuint name);

#endif
