/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* A shared object without the interface symbol, for the loader tests. */
__attribute__((visibility("default"))) int fake_empty_marker = 1;
