/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * IEEE 754 binary16 ("half") <-> binary32 conversion, bit exact.
 *
 * half -> float is exact for every input.  float -> half rounds in one of
 * four modes; subnormal halves are produced and read exactly, infinities map
 * to infinities, and overflow follows IEEE 754: a value too large for a half
 * becomes infinity when the rounding mode rounds away from zero in that
 * direction (nearest-even, and up/down for the matching sign) and the largest
 * finite half (65504) when it rounds toward zero.
 *
 * NaN: the result is always a quiet NaN with the input's sign.  Payload bits
 * that fit are kept (float -> half keeps the top 10 bits of the 23-bit
 * payload, half -> float puts the 10 half bits at the top of the float
 * payload) and the quiet bit is set, as IEEE 754 conversions and the x86 and
 * Arm conversion instructions do.  So quiet NaNs survive a half -> float ->
 * half round trip unchanged; signalling ones come back quiet.
 */
#ifndef UTIL_HALF_FLOAT_H
#define UTIL_HALF_FLOAT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum util_half_round {
   UTIL_HALF_ROUND_NEAREST_EVEN = 0,
   UTIL_HALF_ROUND_TOWARD_ZERO,
   UTIL_HALF_ROUND_UP,   /* toward +infinity */
   UTIL_HALF_ROUND_DOWN, /* toward -infinity */
};

#define UTIL_HALF_POS_INF 0x7c00
#define UTIL_HALF_NEG_INF 0xfc00
#define UTIL_HALF_MAX 0x7bff /* 65504.0 */
#define UTIL_HALF_ONE 0x3c00

uint16_t util_float_to_half_round(float f, enum util_half_round mode);

/* Round to nearest, ties to even (the IEEE default). */
uint16_t util_float_to_half(float f);
/* Round toward zero (truncate). */
uint16_t util_float_to_half_rtz(float f);
/* Round toward +infinity / -infinity. */
uint16_t util_float_to_half_ru(float f);
uint16_t util_float_to_half_rd(float f);

float util_half_to_float(uint16_t h);

#ifdef __cplusplus
}
#endif

#endif /* UTIL_HALF_FLOAT_H */
