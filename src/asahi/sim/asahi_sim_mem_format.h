/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The element formats of the memory instructions (device, threadgroup,
 * stack and tilebuffer loads and stores): how an element in memory becomes
 * register values and back.  The numbering is the ISA's `F` operand
 * (applegpu applegpu.py MEMORY_FORMATS).  The conversions themselves come
 * from src/util/format.
 */

#ifndef ASAHI_SIM_MEM_FORMAT_H
#define ASAHI_SIM_MEM_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

enum asahi_sim_mem_format {
   ASAHI_SIM_FMT_I8 = 0,
   ASAHI_SIM_FMT_I16 = 1,
   ASAHI_SIM_FMT_I32 = 2,
   ASAHI_SIM_FMT_F16 = 3,
   ASAHI_SIM_FMT_UNORM8 = 4,
   ASAHI_SIM_FMT_SNORM8 = 5,
   ASAHI_SIM_FMT_UNORM16 = 6,
   ASAHI_SIM_FMT_SNORM16 = 7,
   ASAHI_SIM_FMT_RGB10A2 = 8,
   ASAHI_SIM_FMT_SRGBA8 = 10,
   ASAHI_SIM_FMT_RG11B10F = 12,
   ASAHI_SIM_FMT_RGB9E5 = 13,
   /* Same layouts, stores rounding toward zero (applegpu's names). */
   ASAHI_SIM_FMT_RG11B10F_RTZ = 14,
   ASAHI_SIM_FMT_RGB9E5_RTZ = 15,
};

/* The format numbers that name a format (9 and 11 do not). */
bool asahi_sim_mem_format_valid(unsigned fmt);

/* Bytes per element: 1, 2 or 4.  Bit-packed formats count as 1-byte
 * elements addressed in bytes (their word is 4 bytes, see below). */
unsigned asahi_sim_mem_format_size(unsigned fmt);

/* rgb10a2, rg11b10f and rgb9e5 (and the .rtz forms): one 32-bit word holds
 * the whole vector. */
bool asahi_sim_mem_format_packed(unsigned fmt);

/* Registers a bit-packed word fills or reads: 4 for rgb10a2, 3 for the
 * float ones. */
unsigned asahi_sim_mem_format_packed_count(unsigned fmt);

/* Element i (0..3) of an independent-element format: `raw` (the element's
 * bytes, little endian, zero-extended) to a register value of `reg_bits`
 * (16 or 32).  Normalized and sRGB formats become floats of the register's
 * width, rounded once; integer formats are the zero-extended bits. */
uint32_t asahi_sim_mem_unpack(unsigned fmt, uint32_t raw, unsigned i,
                              unsigned reg_bits);

/* util_format_float_to_unorm without the libm call (bits <= 16): 0 for
 * NaN and below, all ones from 1.0 up; else f * (2^bits - 1) is exact in
 * double (24 + 16 significant bits), and so is adding 0.5, so truncating
 * the positive sum is the same round half up. */
static inline uint32_t
asahi_sim_float_to_unorm(float f, unsigned bits)
{
   uint32_t max = (1u << bits) - 1;
   if (!(f > 0.0f)) /* also NaN */
      return 0;
   if (f >= 1.0f)
      return max;
   return (uint32_t)((double)f * max + 0.5);
}

/* The inverse, for stores: false when the format has no store here. */
bool asahi_sim_mem_pack(unsigned fmt, uint32_t reg, unsigned i,
                        unsigned reg_bits, uint32_t *raw);

/* Bit-packed formats: the word to `count` register values, and back. */
void asahi_sim_mem_unpack_word(unsigned fmt, uint32_t word, unsigned reg_bits,
                               uint32_t regs[4]);
uint32_t asahi_sim_mem_pack_word(unsigned fmt, const uint32_t regs[4],
                                 unsigned reg_bits);

#endif /* ASAHI_SIM_MEM_FORMAT_H */
