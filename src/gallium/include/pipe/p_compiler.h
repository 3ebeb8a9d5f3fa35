/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Basic types and attributes shared by the Gallium headers. */
#ifndef PIPE_COMPILER_H
#define PIPE_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#endif
