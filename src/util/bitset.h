/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fixed-size bit sets stored as arrays of 32-bit words.
 *   BITSET_DECLARE(live, 256);  BITSET_SET(live, 7);
 *   BITSET_FOREACH_SET(i, live, 256) { ... }
 */
#ifndef UTIL_BITSET_H
#define UTIL_BITSET_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "u_math.h"

typedef uint32_t BITSET_WORD;
#define BITSET_WORDBITS 32u
#define BITSET_WORDS(bits) (((bits) + BITSET_WORDBITS - 1) / BITSET_WORDBITS)
#define BITSET_DECLARE(name, bits) BITSET_WORD name[BITSET_WORDS(bits)]

#define BITSET_WORD_OF(b) ((b) / BITSET_WORDBITS)
#define BITSET_BIT_OF(b) (1u << ((b) % BITSET_WORDBITS))

#define BITSET_SET(x, b) ((x)[BITSET_WORD_OF(b)] |= BITSET_BIT_OF(b))
#define BITSET_CLEAR(x, b) ((x)[BITSET_WORD_OF(b)] &= ~BITSET_BIT_OF(b))
#define BITSET_TEST(x, b) (((x)[BITSET_WORD_OF(b)] & BITSET_BIT_OF(b)) != 0)

#define BITSET_ZERO(x) memset((x), 0, sizeof(x))
#define BITSET_ONES(x) memset((x), 0xff, sizeof(x))
#define BITSET_COPY(dst, src) memcpy((dst), (src), sizeof(dst))
#define BITSET_EQUAL(a, b) (memcmp((a), (b), sizeof(a)) == 0)

/* Word-array helpers: the sets have `words` words. */
static inline unsigned
__bitset_count(const BITSET_WORD *x, unsigned words)
{
   unsigned n = 0;
   for (unsigned i = 0; i < words; i++)
      n += util_bitcount(x[i]);
   return n;
}

static inline bool
__bitset_is_empty(const BITSET_WORD *x, unsigned words)
{
   for (unsigned i = 0; i < words; i++)
      if (x[i])
         return false;
   return true;
}

/* dst |= src; returns whether dst changed (for dataflow fixed points). */
static inline bool
__bitset_or(BITSET_WORD *dst, const BITSET_WORD *src, unsigned words)
{
   bool changed = false;
   for (unsigned i = 0; i < words; i++) {
      BITSET_WORD v = dst[i] | src[i];
      changed |= v != dst[i];
      dst[i] = v;
   }
   return changed;
}

static inline void
__bitset_and(BITSET_WORD *dst, const BITSET_WORD *src, unsigned words)
{
   for (unsigned i = 0; i < words; i++)
      dst[i] &= src[i];
}

static inline void
__bitset_andnot(BITSET_WORD *dst, const BITSET_WORD *src, unsigned words)
{
   for (unsigned i = 0; i < words; i++)
      dst[i] &= ~src[i];
}

/* Next set bit at or after start, or `bits` when there is none. */
static inline unsigned
__bitset_next_set(const BITSET_WORD *x, unsigned start, unsigned bits)
{
   while (start < bits) {
      BITSET_WORD w = x[BITSET_WORD_OF(start)] >> (start % BITSET_WORDBITS);
      if (w) {
         unsigned b = start + __builtin_ctz(w);
         return b < bits ? b : bits;
      }
      start = (BITSET_WORD_OF(start) + 1) * BITSET_WORDBITS;
   }
   return bits;
}

/* Set/clear bits [start, start + count). */
static inline void
__bitset_set_range(BITSET_WORD *x, unsigned start, unsigned count)
{
   for (unsigned b = start; b < start + count; b++)
      BITSET_SET(x, b);
}

static inline void
__bitset_clear_range(BITSET_WORD *x, unsigned start, unsigned count)
{
   for (unsigned b = start; b < start + count; b++)
      BITSET_CLEAR(x, b);
}

#define BITSET_COUNT(x) __bitset_count((x), ARRAY_SIZE(x))
#define BITSET_IS_EMPTY(x) __bitset_is_empty((x), ARRAY_SIZE(x))
#define BITSET_OR(dst, src) __bitset_or((dst), (src), ARRAY_SIZE(dst))
#define BITSET_AND(dst, src) __bitset_and((dst), (src), ARRAY_SIZE(dst))
#define BITSET_ANDNOT(dst, src) __bitset_andnot((dst), (src), ARRAY_SIZE(dst))
#define BITSET_SET_RANGE(x, s, n) __bitset_set_range((x), (s), (n))
#define BITSET_CLEAR_RANGE(x, s, n) __bitset_clear_range((x), (s), (n))

/* Works for fixed arrays and for pointers to ralloc'ed word arrays. */
#define BITSET_FOREACH_SET(i, x, bits)                                        \
   for (unsigned i = __bitset_next_set((x), 0, (bits)); i < (bits);           \
        i = __bitset_next_set((x), i + 1, (bits)))

#endif
