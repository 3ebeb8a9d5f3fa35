/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx-difftest's error bounds (--mediump, --lossy): the precision each
 * operation of the compiled shader is allowed, for nir_eval's bound
 * propagation (nir_eval_bound.h), and the comparison of an output with
 * its bound.
 */
#ifndef AGX_DIFFTEST_BOUNDS_H
#define AGX_DIFFTEST_BOUNDS_H

#include <stdbool.h>
#include <stdint.h>

#include "nir_eval_bound.h"

/* The rules of --mediump (relaxed: 16-bit operations may be computed at
 * 32 bits) or of --lossy (32-bit operations as the reference rounds
 * them, but for the approximate ones). */
void agx_difftest_bounds(nir_eval_bounds *b, bool mediump);

/* An fp32 output `got` within `bound` of the reference `want` (neither a
 * NaN nor an infinity, unless equal)? */
bool agx_difftest_within(uint32_t got, uint32_t want, double bound);

#endif
