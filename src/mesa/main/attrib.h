/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The attribute stacks (attrib.c). */
#ifndef MAIN_ATTRIB_H
#define MAIN_ATTRIB_H

struct gl_context;

/* Frees what the stacks hold (context destruction). */
void _mesa_free_attrib_stacks(struct gl_context *ctx);

#endif
