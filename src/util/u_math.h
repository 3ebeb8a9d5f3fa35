/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Small integer and bit helpers used everywhere: alignment, powers of two,
 * bit scanning, min/max.  All inline; no state.
 */
#ifndef U_MATH_H
#define U_MATH_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MIN2(a, b)        ((a) < (b) ? (a) : (b))
#define MAX2(a, b)        ((a) > (b) ? (a) : (b))
#define MIN3(a, b, c)     MIN2(MIN2((a), (b)), (c))
#define MAX3(a, b, c)     MAX2(MAX2((a), (b)), (c))
#define CLAMP(x, lo, hi)  ((x) < (lo) ? (lo) : (x) > (hi) ? (hi) : (x))
#define ARRAY_SIZE(a)     (sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))

/* Bit masks that are well defined for every width, including the full one. */
#define BITFIELD_BIT(b)     (1u << (b))
#define BITFIELD_MASK(n)    ((n) >= 32 ? 0xffffffffu : (1u << (n)) - 1)
#define BITFIELD_RANGE(b, n) (BITFIELD_MASK(n) << (b))
#define BITFIELD64_BIT(b)   (UINT64_C(1) << (b))
#define BITFIELD64_MASK(n)  ((n) >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << (n)) - 1)
#define BITFIELD64_RANGE(b, n) (BITFIELD64_MASK(n) << (b))

#define UNUSED __attribute__((unused))
#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

static inline bool
util_is_power_of_two_nonzero(uint64_t v)
{
   return v != 0 && (v & (v - 1)) == 0;
}

static inline bool
util_is_power_of_two_or_zero(uint64_t v)
{
   return (v & (v - 1)) == 0;
}

/* floor(log2(v)); v must be nonzero. */
static inline unsigned
util_logbase2(uint64_t v)
{
   assert(v != 0);
   return 63 - __builtin_clzll(v);
}

/* ceil(log2(v)); 0 for v <= 1. */
static inline unsigned
util_logbase2_ceil(uint64_t v)
{
   return v <= 1 ? 0 : util_logbase2(v - 1) + 1;
}

/* Smallest power of two >= v (1 for v == 0).  v must be <= 2^63. */
static inline uint64_t
util_next_power_of_two64(uint64_t v)
{
   return v <= 1 ? 1 : UINT64_C(1) << util_logbase2_ceil(v);
}

static inline uint32_t
util_next_power_of_two(uint32_t v)
{
   assert(v <= (1u << 31));
   return (uint32_t)util_next_power_of_two64(v);
}

/* Round v up to a multiple of the power of two a. */
static inline uint64_t
align64(uint64_t v, uint64_t a)
{
   assert(util_is_power_of_two_nonzero(a));
   return (v + a - 1) & ~(a - 1);
}

static inline uint32_t
align(uint32_t v, uint32_t a)
{
   assert(util_is_power_of_two_nonzero(a));
   return (v + a - 1) & ~(a - 1);
}

/* Round v up to any nonzero multiple (not only powers of two). */
static inline uint64_t
util_round_up_npot(uint64_t v, uint64_t m)
{
   assert(m != 0);
   return DIV_ROUND_UP(v, m) * m;
}

static inline unsigned
util_bitcount(uint32_t v)
{
   return __builtin_popcount(v);
}

static inline unsigned
util_bitcount64(uint64_t v)
{
   return __builtin_popcountll(v);
}

/* Index of the lowest set bit plus one; 0 when v is 0 (like ffs()). */
static inline unsigned
util_ffs(uint32_t v)
{
   return __builtin_ffs((int)v);
}

/* Index of the highest set bit plus one; 0 when v is 0. */
static inline unsigned
util_last_bit(uint32_t v)
{
   return v ? 32 - __builtin_clz(v) : 0;
}

static inline unsigned
util_last_bit64(uint64_t v)
{
   return v ? 64 - __builtin_clzll(v) : 0;
}

/* Remove and return the lowest set bit's index; *mask must be nonzero. */
static inline unsigned
u_bit_scan(uint32_t *mask)
{
   unsigned i = __builtin_ctz(*mask);
   *mask &= *mask - 1;
   return i;
}

static inline unsigned
u_bit_scan64(uint64_t *mask)
{
   unsigned i = __builtin_ctzll(*mask);
   *mask &= *mask - 1;
   return i;
}

/* Iterate b over the set bits of a 32/64-bit value, lowest first. */
#define u_foreach_bit(b, dword)                                               \
   for (uint32_t __m_##b = (dword), b;                                        \
        __m_##b && ((b) = u_bit_scan(&__m_##b), 1);)
#define u_foreach_bit64(b, qword)                                             \
   for (uint64_t __m_##b = (qword), b;                                        \
        __m_##b && ((b) = u_bit_scan64(&__m_##b), 1);)

/* Reinterpret bits between float and integer without aliasing trouble. */
static inline uint32_t
fui(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static inline float
uif(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

static inline uint64_t
dui(double d)
{
   uint64_t u;
   memcpy(&u, &d, sizeof(u));
   return u;
}

static inline double
uid(uint64_t u)
{
   double d;
   memcpy(&d, &u, sizeof(d));
   return d;
}

/* Sign-extend the low `bits` bits of v. */
static inline int64_t
util_sign_extend(uint64_t v, unsigned bits)
{
   assert(bits >= 1 && bits <= 64);
   if (bits == 64)
      return (int64_t)v;
   uint64_t m = UINT64_C(1) << (bits - 1);
   v &= BITFIELD64_MASK(bits);
   return (int64_t)((v ^ m) - m);
}

/* Reverse the bits of a 32-bit word. */
static inline uint32_t
util_bitreverse(uint32_t v)
{
   v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
   v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
   v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
   return __builtin_bswap32(v);
}

#ifdef __cplusplus
}
#endif

#endif
