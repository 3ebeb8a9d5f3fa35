/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Memory element formats (see asahi_sim_mem_format.h).
 *
 * Loads follow applegpu (applegpu.py DeviceLoadInstructionDesc exec):
 * normalized values are c / (2^b - 1), snorm clamped at -1, sRGB through
 * the standard curve with a linear alpha, and every conversion is computed
 * exactly in double and rounded once to the register's float width.
 * applegpu's sRGB table, measured on hardware, differs from the standard
 * curve in the low codes; see docs/simulator.rst.
 *
 * Stores have no exec in applegpu and are taken to be the inverse (low
 * confidence): clamp, round to nearest, NaN to 0 (GL 4.6 section 2.3.5),
 * sRGB encoded by GL 4.6 equation 17.1, the small floats by GL's rules, or
 * truncated for the .rtz forms.  Register values are exact floats, so the
 * float-taking util/format helpers see them unrounded.
 */

#include "asahi_sim_mem_format.h"

#include <string.h>

#include "asahi_sim_float.h"
#include "util/format/u_format_convert.h"
#include "util/format/u_format_other.h"

bool
asahi_sim_mem_format_valid(unsigned fmt)
{
   return fmt <= ASAHI_SIM_FMT_RGB9E5_RTZ && fmt != 9 && fmt != 11;
}

unsigned
asahi_sim_mem_format_size(unsigned fmt)
{
   switch (fmt) {
   case ASAHI_SIM_FMT_I16:
   case ASAHI_SIM_FMT_F16:
   case ASAHI_SIM_FMT_UNORM16:
   case ASAHI_SIM_FMT_SNORM16:
      return 2;
   case ASAHI_SIM_FMT_I32:
      return 4;
   default:
      return 1;
   }
}

bool
asahi_sim_mem_format_packed(unsigned fmt)
{
   switch (fmt) {
   case ASAHI_SIM_FMT_RGB10A2:
   case ASAHI_SIM_FMT_RG11B10F:
   case ASAHI_SIM_FMT_RGB9E5:
   case ASAHI_SIM_FMT_RG11B10F_RTZ:
   case ASAHI_SIM_FMT_RGB9E5_RTZ:
      return true;
   default:
      return false;
   }
}

unsigned
asahi_sim_mem_format_packed_count(unsigned fmt)
{
   return fmt == ASAHI_SIM_FMT_RGB10A2 ? 4 : 3;
}

static uint32_t
float_to_reg(double v, unsigned reg_bits)
{
   return reg_bits == 32 ? asahi_sim_double_to_f32(v, false)
                         : asahi_sim_double_to_f16(v);
}

static float
reg_to_float(uint32_t bits, unsigned reg_bits)
{
   return (float)(reg_bits == 32 ? asahi_sim_f32_to_double(bits, false)
                                 : asahi_sim_f16_to_double((uint16_t)bits));
}

uint32_t
asahi_sim_mem_unpack(unsigned fmt, uint32_t raw, unsigned i,
                     unsigned reg_bits)
{
   switch (fmt) {
   case ASAHI_SIM_FMT_UNORM8:
      return float_to_reg(util_format_unorm_to_double(raw, 8), reg_bits);
   case ASAHI_SIM_FMT_SNORM8:
      return float_to_reg(util_format_snorm_to_double((int8_t)raw, 8),
                          reg_bits);
   case ASAHI_SIM_FMT_UNORM16:
      return float_to_reg(util_format_unorm_to_double(raw, 16), reg_bits);
   case ASAHI_SIM_FMT_SNORM16:
      return float_to_reg(util_format_snorm_to_double((int16_t)raw, 16),
                          reg_bits);
   case ASAHI_SIM_FMT_SRGBA8:
      /* Alpha (the fourth element) is linear. */
      return float_to_reg(i == 3 ? util_format_unorm_to_double(raw, 8)
                                 : util_format_srgb8_to_linear_double(raw),
                          reg_bits);
   default:
      return raw; /* i8, i16, i32, f16: zero-extended bits */
   }
}

bool
asahi_sim_mem_pack(unsigned fmt, uint32_t reg, unsigned i, unsigned reg_bits,
                   uint32_t *raw)
{
   switch (fmt) {
   case ASAHI_SIM_FMT_UNORM8:
      if (reg_bits == 32) {
         /* The register's float as it is (the double round trip of
          * reg_to_float is exact). */
         float f;
         memcpy(&f, &reg, sizeof(f));
         *raw = asahi_sim_float_to_unorm(f, 8);
      } else {
         *raw = asahi_sim_float_to_unorm(reg_to_float(reg, reg_bits), 8);
      }
      return true;
   case ASAHI_SIM_FMT_SNORM8:
      *raw = (uint8_t)util_format_float_to_snorm(reg_to_float(reg, reg_bits),
                                                 8);
      return true;
   case ASAHI_SIM_FMT_UNORM16:
      *raw = asahi_sim_float_to_unorm(reg_to_float(reg, reg_bits), 16);
      return true;
   case ASAHI_SIM_FMT_SNORM16:
      *raw = (uint16_t)util_format_float_to_snorm(
         reg_to_float(reg, reg_bits), 16);
      return true;
   case ASAHI_SIM_FMT_SRGBA8: {
      float f = reg_to_float(reg, reg_bits);
      *raw = i == 3 ? util_format_float_to_unorm(f, 8)
                    : util_format_linear_to_srgb8(f);
      return true;
   }
   case ASAHI_SIM_FMT_I8:
   case ASAHI_SIM_FMT_I16:
   case ASAHI_SIM_FMT_I32:
   case ASAHI_SIM_FMT_F16:
      *raw = reg;
      return true;
   default:
      return false;
   }
}

void
asahi_sim_mem_unpack_word(unsigned fmt, uint32_t word, unsigned reg_bits,
                          uint32_t regs[4])
{
   float rgb[3];
   switch (fmt) {
   case ASAHI_SIM_FMT_RGB10A2:
      for (unsigned i = 0; i < 3; i++)
         regs[i] = float_to_reg(
            util_format_unorm_to_double((word >> (10 * i)) & 1023, 10),
            reg_bits);
      regs[3] = float_to_reg(util_format_unorm_to_double(word >> 30, 2),
                             reg_bits);
      return;
   case ASAHI_SIM_FMT_RG11B10F:
   case ASAHI_SIM_FMT_RG11B10F_RTZ:
      util_format_unpack_r11g11b10f(word, rgb);
      break;
   default:
      util_format_unpack_rgb9e5(word, rgb);
      break;
   }
   /* The small floats are exact in a float. */
   for (unsigned i = 0; i < 3; i++)
      regs[i] = float_to_reg(rgb[i], reg_bits);
}

uint32_t
asahi_sim_mem_pack_word(unsigned fmt, const uint32_t regs[4],
                        unsigned reg_bits)
{
   if (fmt == ASAHI_SIM_FMT_RGB10A2) {
      uint32_t w = 0;
      for (unsigned i = 0; i < 4; i++)
         w |= util_format_float_to_unorm(reg_to_float(regs[i], reg_bits),
                                         i < 3 ? 10 : 2)
              << (10 * i);
      return w;
   }

   float rgb[3];
   for (unsigned i = 0; i < 3; i++)
      rgb[i] = reg_to_float(regs[i], reg_bits);
   switch (fmt) {
   case ASAHI_SIM_FMT_RG11B10F:
      return util_format_pack_r11g11b10f(rgb);
   case ASAHI_SIM_FMT_RG11B10F_RTZ:
      return util_format_pack_r11g11b10f_rtz(rgb);
   case ASAHI_SIM_FMT_RGB9E5:
      return util_format_pack_rgb9e5(rgb);
   default:
      return util_format_pack_rgb9e5_rtz(rgb);
   }
}
