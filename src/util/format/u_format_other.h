/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Conversions for the two colour formats that are not independent channels:
 * R11G11B10_FLOAT (unsigned small floats) and R9G9B9E5_FLOAT (shared
 * exponent).  Used by the generated pack/unpack code; public because the
 * simulator's texture unit and tests need them too.
 */
#ifndef U_FORMAT_OTHER_H
#define U_FORMAT_OTHER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Unsigned float with a 5-bit exponent (bias 15) and mant_bits of mantissa
 * (6 for the 11-bit channels, 5 for the 10-bit one).  GL 4.6 sections
 * 2.3.4.3 and 2.3.4.4: round to nearest; negative values and -inf become 0;
 * finite values above the largest finite value clamp to it; +inf stays
 * +inf; NaN becomes a (positive) NaN. */
uint32_t util_format_float_to_ufloat(float f, unsigned mant_bits);
float util_format_ufloat_to_float(uint32_t v, unsigned mant_bits);

/* R in bits 0..10, G in 11..21, B in 22..31. */
uint32_t util_format_pack_r11g11b10f(const float rgb[3]);
void util_format_unpack_r11g11b10f(uint32_t packed, float rgb[3]);

/* GL 4.6 section 8.5.2 (EXT_texture_shared_exponent): 9-bit mantissas in
 * bits 0..8, 9..17, 18..26 and a 5-bit exponent (bias 15) in 27..31. */
uint32_t util_format_pack_rgb9e5(const float rgb[3]);
void util_format_unpack_rgb9e5(uint32_t packed, float rgb[3]);

/* The same encodings rounding toward zero instead of to nearest (the
 * AGX's .rtz memory formats; applegpu names them).  Clamping, NaN and
 * infinity follow the round-to-nearest versions; rgb9e5 picks its shared
 * exponent from the largest channel and never bumps it, since truncated
 * mantissas cannot overflow. */
uint32_t util_format_float_to_ufloat_rtz(float f, unsigned mant_bits);
uint32_t util_format_pack_r11g11b10f_rtz(const float rgb[3]);
uint32_t util_format_pack_rgb9e5_rtz(const float rgb[3]);

#ifdef __cplusplus
}
#endif

#endif /* U_FORMAT_OTHER_H */
