/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The random numbers of the NIR tests that draw their own: xorshift64*,
 * one state per test file (seeded from NIR_DIFF_SEED by the tests). */
#ifndef NIR_TEST_RNG_H
#define NIR_TEST_RNG_H

#include <stdint.h>

static uint64_t rng_state;

static inline uint32_t
rng(void)
{
   rng_state ^= rng_state >> 12;
   rng_state ^= rng_state << 25;
   rng_state ^= rng_state >> 27;
   return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

#endif
