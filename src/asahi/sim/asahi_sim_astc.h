/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ASTC LDR block decoding for the simulator's texture unit (AGX samples
 * ASTC natively: genxml channels ASTC_4X4 ... ASTC_12X12).  Follows the
 * Khronos Data Format Specification 1.3, chapter 23 "ASTC": block modes,
 * integer sequence encoding, colour endpoint modes 0-13 of the LDR
 * profile, weight unquantization and infill, dual planes, the partition
 * hash and void-extent blocks.  Blocks the LDR profile cannot decode (HDR
 * endpoint modes or void extents, reserved or inconsistent encodings)
 * give the error colour, opaque magenta.
 */
#ifndef ASAHI_SIM_ASTC_H
#define ASAHI_SIM_ASTC_H

#include <stdbool.h>
#include <stdint.h>

/* Decodes one 16-byte 2D block of bw x bh texels (4 <= bw, bh <= 12) into
 * out[y * bw + x] as RGBA floats in [0, 1].  With srgb, each texel is the
 * 8-bit sRGB code the specification's sRGB decode gives, converted to
 * linear.  Returns false for an error block (out then holds the error
 * colour). */
bool asahi_sim_astc_decode_block(const uint8_t block[16], unsigned bw,
                                 unsigned bh, bool srgb, float (*out)[4]);

#endif
