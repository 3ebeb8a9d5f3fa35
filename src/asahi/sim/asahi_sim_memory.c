/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Memory instructions: device, threadgroup (local) and stack (scratch)
 * loads and stores, with GPU faults or soft faults, and `wait`.
 *
 * Addressing and formats follow applegpu (applegpu.py
 * DeviceLoadInstructionDesc: its exec and its documentation): per lane, a
 * 64-bit base (GPR pair or uniform pair) rounded down to the element size,
 * plus an element offset (a sign-extended 16-bit immediate, or a 32-bit GPR
 * taken as signed or unsigned) shifted left by 0..2; up to four elements,
 * one per mask bit, land in consecutive registers.  Stores (no exec in
 * applegpu) are taken to be the exact inverse.  Threadgroup accesses use a
 * 16-bit byte base and an element offset; stack accesses are per-lane
 * slabs addressed in bytes from the stack pointer (both inferred, low
 * confidence).
 *
 * Loads complete before the next instruction, so every `wait` finds its
 * scoreboard slot clear and is a no-op.  Reading a load's destination
 * before its `wait` therefore sees the loaded value here, where hardware
 * might not; the simulator does not try to catch that.
 *
 * The forms are looked up by their applegpu names ("device_load", operands
 * "F", "mask", "R", "A", "O", "Ou", "s"), so this file follows the ISA
 * description without naming generated constants.
 */

#include <math.h>
#include <string.h>

#include "asahi_sim_float.h"
#include "asahi_sim_internal.h"
#include "util/format/u_format_other.h"
#include "util/u_math.h"

/* Copy between data and host memory, or, when host is NULL, fault: record
 * the first fault, then either read zeros / drop the write (soft faults)
 * or stop the run.  `where` says how addr is to be read in the message. */
static bool
copy_or_fault(struct asahi_sim_group *g, void *host, uint64_t addr,
              const char *where, void *data, size_t size, bool write,
              enum asahi_sim_unit unit)
{
   if (host) {
      if (write)
         memcpy(host, data, size);
      else
         memcpy(data, host, size);
      return true;
   }

   if (!g->faulted) {
      g->fault = (struct asahi_sim_fault){
         .addr = addr,
         .write = write,
         .unit = unit,
      };
      g->faulted = true;
   }

   if (g->mem.soft_faults) {
      if (!write)
         memset(data, 0, size);
      return true;
   }

   asahi_sim_error(g, ASAHI_SIM_FAULT, "GPU fault: %s %s %s 0x%llx",
                   asahi_sim_unit_string(unit), write ? "write" : "read",
                   where, (unsigned long long)addr);
   return false;
}

bool
asahi_sim_mem_access(struct asahi_sim_group *g, uint64_t va, void *data,
                     size_t size, bool write, enum asahi_sim_unit unit)
{
   void *host = NULL;
   if (g->mem.translate)
      host = g->mem.translate(g->mem.user, va, size, write);
   return copy_or_fault(g, host, va, "at", data, size, write, unit);
}

/* A local or stack access: a bounds check against a caller buffer. */
static bool
buffer_access(struct asahi_sim_group *g, uint8_t *buf, size_t buf_size,
              uint64_t offset, void *data, size_t size, bool write,
              enum asahi_sim_unit unit)
{
   bool inside = buf && offset <= buf_size && size <= buf_size - offset;
   return copy_or_fault(g, inside ? buf + offset : NULL, offset, "at offset",
                        data, size, write, unit);
}

/* --- formats ----------------------------------------------------------- */

enum mem_format {
   FMT_I8 = 0,
   FMT_I16 = 1,
   FMT_I32 = 2,
   FMT_F16 = 3,
   FMT_UNORM8 = 4,
   FMT_SNORM8 = 5,
   FMT_UNORM16 = 6,
   FMT_SNORM16 = 7,
   FMT_RGB10A2 = 8,
   FMT_SRGBA8 = 10,
   FMT_RG11B10F = 12,
   FMT_RGB9E5 = 13,
   /* Same layouts, stores rounding toward zero (applegpu's names). */
   FMT_RG11B10F_RTZ = 14,
   FMT_RGB9E5_RTZ = 15,
};

/* The layout of a format: the .rtz variants unpack like the others. */
static unsigned
layout_of(unsigned fmt)
{
   if (fmt == FMT_RG11B10F_RTZ)
      return FMT_RG11B10F;
   if (fmt == FMT_RGB9E5_RTZ)
      return FMT_RGB9E5;
   return fmt;
}

static unsigned
element_size(unsigned fmt)
{
   switch (fmt) {
   case FMT_I16:
   case FMT_F16:
   case FMT_UNORM16:
   case FMT_SNORM16:
      return 2;
   case FMT_I32:
      return 4;
   default:
      return 1;
   }
}

static bool
bit_packed(unsigned fmt)
{
   fmt = layout_of(fmt);
   return fmt == FMT_RGB10A2 || fmt == FMT_RG11B10F || fmt == FMT_RGB9E5;
}

/* Small float with a 5-bit exponent (bias 15) and `mbits` of mantissa. */
static double
small_float(unsigned bits, unsigned mbits)
{
   unsigned e = (bits >> mbits) & 0x1f;
   unsigned m = bits & ((1u << mbits) - 1);
   if (e == 0x1f)
      return m ? NAN : INFINITY;
   if (e == 0)
      return ldexp((double)m, -14 - (int)mbits);
   return ldexp((double)(m | (1u << mbits)), (int)e - 15 - (int)mbits);
}

static double
srgb_to_linear(unsigned c)
{
   /* The standard sRGB curve.  applegpu's table, measured on hardware,
    * differs in the low codes; see docs/simulator.rst. */
   double v = c / 255.0;
   return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static uint32_t
float_to_reg(double v, unsigned reg_bits)
{
   return reg_bits == 32 ? asahi_sim_double_to_f32(v, false)
                         : asahi_sim_double_to_f16(v);
}

static double
reg_to_float(uint32_t bits, unsigned reg_bits)
{
   return reg_bits == 32 ? asahi_sim_f32_to_double(bits, false)
                         : asahi_sim_f16_to_double((uint16_t)bits);
}

/* Unpack element i (0..3) of a bit-packed 32-bit word; false to skip the
 * register (the fourth element of rg11b10f and rgb9e5). */
static bool
unpack_packed(unsigned fmt, uint32_t w, unsigned i, double *out)
{
   switch (layout_of(fmt)) {
   case FMT_RGB10A2:
      *out = i < 3 ? ((w >> (10 * i)) & 1023) / 1023.0 : (w >> 30) / 3.0;
      return true;
   case FMT_RG11B10F:
      if (i == 3)
         return false;
      *out = i < 2 ? small_float((w >> (11 * i)) & 0x7ff, 6)
                   : small_float(w >> 22, 5);
      return true;
   default: { /* RGB9E5: shared exponent in the top 5 bits */
      if (i == 3)
         return false;
      int e = (int)(w >> 27) - 15;
      *out = ldexp((double)((w >> (9 * i)) & 0x1ff) / 512.0, e);
      return true;
   }
   }
}

/* Unsigned float (5-bit exponent, bias 15, `mb` mantissa bits) rounded
 * toward zero: negative values and -inf give 0, NaN a NaN, +inf stays
 * +inf, finite values above the largest clamp to it (the GL rules of
 * util_format_float_to_ufloat with truncation instead of rounding). */
static uint32_t
ufloat_rtz(double f, unsigned mb)
{
   uint32_t max = (30u << mb) | ((1u << mb) - 1);
   if (isnan(f))
      return (31u << mb) | 1;
   if (!(f > 0))
      return 0;
   if (isinf(f))
      return 31u << mb;
   int e;
   frexp(f, &e); /* f = m 2^e, m in [0.5, 1) */
   e -= 1;       /* f = 1.x 2^e */
   if (e < -14) /* subnormal: m 2^(-14 - mb) */
      return (uint32_t)floor(ldexp(f, 14 + (int)mb));
   if (e > 15)
      return max;
   uint32_t m = (uint32_t)floor(ldexp(f, (int)mb - e)) - (1u << mb);
   return ((uint32_t)(e + 15) << mb) | m;
}

/* rgb9e5 rounded toward zero: the shared exponent from the largest
 * channel (GL 4.6 section 8.5.2), mantissas truncated. */
static uint32_t
rgb9e5_rtz(const double v[4])
{
   const double max = ldexp(511.0, 16 - 9);
   double c[3];
   for (unsigned i = 0; i < 3; i++)
      c[i] = isnan(v[i]) ? 0.0 : fmin(fmax(v[i], 0.0), max);
   double maxc = fmax(c[0], fmax(c[1], c[2]));
   int e = -16;
   if (maxc > 0) {
      int fe;
      frexp(maxc, &fe);
      e = fe - 1 < -16 ? -16 : fe - 1;
   }
   int shared = e + 1 + 15; /* biased exponent, 0..31 */
   uint32_t w = (uint32_t)shared << 27;
   for (unsigned i = 0; i < 3; i++)
      w |= (uint32_t)floor(ldexp(c[i], 24 - shared)) << (9 * i);
   return w;
}

/* Pack the registers of a bit-packed format into its 32-bit word: rgb10a2
 * as unorm 10/10/10/2 (round to nearest, clamp, NaN to 0, like the other
 * unorm stores); rg11b10f and rgb9e5 with src/util/format's GL rules
 * (round to nearest).  Four registers for rgb10a2, three otherwise. */
static uint32_t
pack_packed(unsigned fmt, const double v[4])
{
   if (fmt == FMT_RGB10A2) {
      uint32_t w = 0;
      for (unsigned i = 0; i < 4; i++) {
         double max = i < 3 ? 1023.0 : 3.0;
         double c = isnan(v[i]) ? 0.0 : fmin(fmax(v[i], 0.0), 1.0);
         w |= (uint32_t)nearbyint(c * max) << (10 * i);
      }
      return w;
   }
   if (fmt == FMT_RG11B10F_RTZ)
      return ufloat_rtz(v[0], 6) | ufloat_rtz(v[1], 6) << 11 |
             ufloat_rtz(v[2], 5) << 22;
   if (fmt == FMT_RGB9E5_RTZ)
      return rgb9e5_rtz(v);
   float rgb[3] = {(float)v[0], (float)v[1], (float)v[2]};
   return fmt == FMT_RG11B10F ? util_format_pack_r11g11b10f(rgb)
                              : util_format_pack_rgb9e5(rgb);
}

static uint32_t
unpack_simple(unsigned fmt, uint32_t raw, unsigned i, unsigned reg_bits)
{
   switch (fmt) {
   case FMT_UNORM8:
      return float_to_reg(raw / 255.0, reg_bits);
   case FMT_SNORM8: {
      int v = (int8_t)raw;
      return float_to_reg((v < -127 ? -127 : v) / 127.0, reg_bits);
   }
   case FMT_UNORM16:
      return float_to_reg(raw / 65535.0, reg_bits);
   case FMT_SNORM16: {
      int v = (int16_t)raw;
      return float_to_reg((v < -32767 ? -32767 : v) / 32767.0, reg_bits);
   }
   case FMT_SRGBA8:
      /* Alpha (the fourth element) is linear. */
      return float_to_reg(i == 3 ? raw / 255.0 : srgb_to_linear(raw), reg_bits);
   default:
      return raw; /* i8, i16, i32, f16: zero-extended bits */
   }
}

/* Inverse of unpack_simple for stores (inferred: round to nearest,
 * clamp). */
static bool
pack_simple(unsigned fmt, uint32_t reg, unsigned reg_bits, uint32_t *out)
{
   double v = 0;
   if (fmt >= FMT_UNORM8 && fmt <= FMT_SNORM16) {
      v = reg_to_float(reg, reg_bits);
      if (isnan(v))
         v = 0;
   }
   switch (fmt) {
   case FMT_UNORM8:
      *out = (uint32_t)nearbyint(fmin(fmax(v, 0.0), 1.0) * 255.0);
      return true;
   case FMT_SNORM8:
      *out = (uint8_t)(int)nearbyint(fmin(fmax(v, -1.0), 1.0) * 127.0);
      return true;
   case FMT_UNORM16:
      *out = (uint32_t)nearbyint(fmin(fmax(v, 0.0), 1.0) * 65535.0);
      return true;
   case FMT_SNORM16:
      *out = (uint16_t)(int)nearbyint(fmin(fmax(v, -1.0), 1.0) * 32767.0);
      return true;
   case FMT_I8:
   case FMT_I16:
   case FMT_I32:
   case FMT_F16:
      *out = reg;
      return true;
   default:
      return false;
   }
}

/* --- operands ---------------------------------------------------------- */

static const struct agx_isa_operand *
operand_named(const struct agx_isa_instr *I, const char *name)
{
   const struct agx_isa_op_info *info = agx_isa_op_info(I->op);
   if (!info)
      return NULL;
   for (unsigned i = 0; i < info->nr_operands && i < I->nr_operands; i++) {
      if (!strcmp(info->operands[i].name, name))
         return &I->operands[i];
   }
   return NULL;
}

static uint32_t
reg_read(const struct asahi_sim_group *g, const struct agx_isa_operand *R,
         unsigned k, unsigned lane)
{
   unsigned v = (unsigned)R->value;
   if (R->size == 16)
      return asahi_sim_get16(g, (v + k) % (2 * ASAHI_SIM_GPRS), lane);
   return g->r[((v >> 1) + k) % ASAHI_SIM_GPRS][lane];
}

static void
reg_write(struct asahi_sim_group *g, const struct agx_isa_operand *R,
          unsigned k, unsigned lane, uint32_t value)
{
   unsigned v = (unsigned)R->value;
   unsigned reg;
   if (R->size == 16) {
      unsigned half = (v + k) % (2 * ASAHI_SIM_GPRS);
      asahi_sim_set16(g, half, lane, (uint16_t)value);
      reg = half / 2;
   } else {
      reg = ((v >> 1) + k) % ASAHI_SIM_GPRS;
      g->r[reg][lane] = value;
   }
   g->written[reg / 32] |= 1u << (reg % 32);
}

/* --- the access loop --------------------------------------------------- */

enum space { SPACE_DEVICE, SPACE_LOCAL, SPACE_STACK, SPACE_TILE };

struct access {
   enum space space;
   bool store;
   unsigned fmt;
   unsigned mask;
   const struct agx_isa_operand *R;
   /* SPACE_TILE: the sample accessed. */
   unsigned sample;
};

/* One tilebuffer element through the caller's hook. */
static bool
tile_io(struct asahi_sim_group *g, const struct access *a, unsigned lane,
        uint64_t offset_B, void *data, unsigned size)
{
   const struct asahi_sim_tilebuffer *tib = &g->frag.tib;
   unsigned x = g->frag.pixel[lane][0], y = g->frag.pixel[lane][1];
   void *p = NULL;

   if (offset_B <= UINT32_MAX)
      p = tib->sample_ptr(tib->user, x, y, a->sample, (unsigned)offset_B,
                          size);
   if (!p) {
      asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                      "tilebuffer %s outside the tilebuffer: pixel (%u, %u) "
                      "sample %u bytes %llu+%u",
                      a->store ? "write" : "read", x, y, a->sample,
                      (unsigned long long)offset_B, size);
      return false;
   }
   if (a->store)
      memcpy(p, data, size);
   else
      memcpy(data, p, size);
   return true;
}

static bool
element_io(struct asahi_sim_group *g, const struct access *a, unsigned lane,
           uint64_t addr, void *data, unsigned size)
{
   switch (a->space) {
   case SPACE_TILE:
      return tile_io(g, a, lane, addr, data, size);
   case SPACE_DEVICE:
      return asahi_sim_mem_access(g, addr, data, size, a->store,
                                  ASAHI_SIM_UNIT_DEVICE);
   case SPACE_LOCAL:
      return buffer_access(g, g->local, g->local_size_B, addr, data, size,
                           a->store, ASAHI_SIM_UNIT_LOCAL);
   default:
      if (!g->stack)
         return buffer_access(g, NULL, 0, addr, data, size, a->store,
                              ASAHI_SIM_UNIT_STACK);
      return buffer_access(g, g->stack + lane * g->stack_size_B,
                           g->stack_size_B, addr, data, size, a->store,
                           ASAHI_SIM_UNIT_STACK);
   }
}

/* One lane: `base` in bytes, `offset_el` in elements. */
static enum asahi_sim_status
access_lane(struct asahi_sim_group *g, const struct access *a, unsigned lane,
            uint64_t base, int64_t offset_el)
{
   unsigned size = element_size(a->fmt);
   unsigned reg_bits = a->R->size == 16 ? 16 : 32;
   unsigned mask = a->mask;

   if (a->fmt == FMT_I32 && reg_bits == 16)
      return asahi_sim_error(g, ASAHI_SIM_ERR_DECODE,
                             "32-bit elements need 32-bit registers");

   base &= ~(uint64_t)(size - 1);

   if (bit_packed(a->fmt)) {
      /* One aligned 32-bit word, always four elements; the caller has
       * already scaled the offset to bytes (shift 2 over 1-byte items). */
      uint64_t addr = (base & ~3ull) + (uint64_t)offset_el;
      uint8_t bytes[4];
      if (a->store) {
         unsigned n = a->fmt == FMT_RGB10A2 ? 4 : 3;
         double v[4] = {0, 0, 0, 0};
         for (unsigned i = 0; i < n; i++)
            v[i] = reg_to_float(reg_read(g, a->R, i, lane), reg_bits);
         uint32_t w = pack_packed(a->fmt, v);
         for (unsigned b = 0; b < 4; b++)
            bytes[b] = (uint8_t)(w >> (8 * b));
         return element_io(g, a, lane, addr, bytes, 4) ? ASAHI_SIM_RUNNING
                                                        : ASAHI_SIM_FAULT;
      }
      if (!element_io(g, a, lane, addr, bytes, 4))
         return ASAHI_SIM_FAULT;
      uint32_t w =
         bytes[0] | bytes[1] << 8 | bytes[2] << 16 | (uint32_t)bytes[3] << 24;
      unsigned k = 0;
      for (unsigned i = 0; i < 4; i++) {
         double v;
         if (unpack_packed(a->fmt, w, i, &v))
            reg_write(g, a->R, k++, lane, float_to_reg(v, reg_bits));
      }
      return ASAHI_SIM_RUNNING;
   }

   if (a->fmt > FMT_SRGBA8 || a->fmt == 9)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED, "memory format %u",
                             a->fmt);

   unsigned k = 0;
   for (unsigned i = 0; i < 4; i++) {
      if (!(mask & (1u << i)))
         continue;
      uint64_t addr = base + (uint64_t)(offset_el + i) * size;
      uint8_t bytes[4] = {0};

      if (a->store) {
         uint32_t v;
         if (!pack_simple(a->fmt, reg_read(g, a->R, k++, lane), reg_bits, &v))
            return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                                   "stores of format %u", a->fmt);
         for (unsigned b = 0; b < size; b++)
            bytes[b] = (uint8_t)(v >> (8 * b));
         if (!element_io(g, a, lane, addr, bytes, size))
            return ASAHI_SIM_FAULT;
      } else {
         if (!element_io(g, a, lane, addr, bytes, size))
            return ASAHI_SIM_FAULT;
         uint32_t raw = bytes[0] | bytes[1] << 8 | bytes[2] << 16 |
                        (uint32_t)bytes[3] << 24;
         reg_write(g, a->R, k++, lane, unpack_simple(a->fmt, raw, i, reg_bits));
      }
   }
   return ASAHI_SIM_RUNNING;
}

static bool
setup_access(const struct agx_isa_instr *I, struct access *a)
{
   const struct agx_isa_operand *F = operand_named(I, "F");
   const struct agx_isa_operand *M = operand_named(I, "mask");
   a->R = operand_named(I, "R");
   if (!F || !M || !a->R || a->R->kind != AGX_ISA_KIND_REG)
      return false;
   a->fmt = (unsigned)F->value;
   a->mask = (unsigned)M->value & 0xf;
   return true;
}

static enum asahi_sim_status
exec_device(struct asahi_sim_group *g, const struct agx_isa_instr *I,
            bool store)
{
   struct access a = {.space = SPACE_DEVICE, .store = store};
   const struct agx_isa_operand *A = operand_named(I, "A");
   const struct agx_isa_operand *O = operand_named(I, "O");
   const struct agx_isa_operand *Ou = operand_named(I, "Ou");
   const struct agx_isa_operand *s = operand_named(I, "s");

   if (!setup_access(I, &a) || !A || !O)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "unexpected operands for device memory");

   unsigned shift = s ? (unsigned)s->value : 0;
   if (shift == 3)
      shift = 2;
   if (bit_packed(a.fmt))
      shift = 2;
   bool offset_unsigned = Ou && Ou->value == 1;

   foreach_active_lane (g, t) {
      uint64_t base = asahi_sim_read_raw(g, A, t);
      int64_t off;
      if (O->kind == AGX_ISA_KIND_IMM)
         off = (int64_t)asahi_sim_sext((uint64_t)O->value, 16);
      else if (offset_unsigned)
         off = (int64_t)(uint32_t)asahi_sim_read_raw(g, O, t);
      else
         off = (int32_t)(uint32_t)asahi_sim_read_raw(g, O, t);

      enum asahi_sim_status st =
         access_lane(g, &a, t, base, off * ((int64_t)1 << shift));
      if (st != ASAHI_SIM_RUNNING)
         return st;
   }
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
exec_local(struct asahi_sim_group *g, const struct agx_isa_instr *I, bool store)
{
   struct access a = {.space = SPACE_LOCAL, .store = store};
   const struct agx_isa_operand *A = operand_named(I, "A");
   const struct agx_isa_operand *O = operand_named(I, "O");

   if (!setup_access(I, &a) || !A || !O)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "unexpected operands for threadgroup memory");

   foreach_active_lane (g, t) {
      uint64_t base = A->kind == AGX_ISA_KIND_IMM ? (uint64_t)A->value
                                                  : asahi_sim_read_raw(g, A, t);
      int64_t off = O->kind == AGX_ISA_KIND_IMM
                       ? (int64_t)asahi_sim_sext((uint64_t)O->value, 16)
                       : (int64_t)asahi_sim_read_raw(g, O, t);
      enum asahi_sim_status st = access_lane(g, &a, t, base & 0xffff, off);
      if (st != ASAHI_SIM_RUNNING)
         return st;
   }
   return ASAHI_SIM_RUNNING;
}

static enum asahi_sim_status
exec_stack(struct asahi_sim_group *g, const struct agx_isa_instr *I, bool store)
{
   struct access a = {.space = SPACE_STACK, .store = store};
   const struct agx_isa_operand *O = operand_named(I, "O");

   if (!setup_access(I, &a) || !O)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "unexpected operands for stack memory");

   foreach_active_lane (g, t) {
      int64_t off = O->kind == AGX_ISA_KIND_IMM
                       ? (int64_t)asahi_sim_sext((uint64_t)O->value, 16)
                       : (int64_t)(uint32_t)asahi_sim_read_raw(g, O, t);
      /* Byte offset from the stack pointer; access_lane counts elements
       * from `base`, so pass the bytes as the base. */
      enum asahi_sim_status st =
         access_lane(g, &a, t, (uint64_t)(g->stack_pointer + off), 0);
      if (st != ASAHI_SIM_RUNNING)
         return st;
   }
   return ASAHI_SIM_RUNNING;
}

/*
 * Atomics (no exec in applegpu; inferred, medium confidence): 32-bit
 * elements at base + offset * 4; lanes go in order, each a
 * read-modify-write; R, when present, receives the old value.  cmpxchg
 * takes a register pair: compare with the low word, store the high word.
 */
static uint32_t
atomic_op(unsigned op, uint32_t old, uint64_t src, bool *ok)
{
   uint32_t s = (uint32_t)src;
   *ok = true;
   switch (op) {
   case 0:
      return old + s;
   case 1:
      return old - s;
   case 2:
      return s;
   case 3:
      return old == s ? (uint32_t)(src >> 32) : old;
   case 4:
      return old < s ? old : s;
   case 5:
      return (int32_t)old < (int32_t)s ? old : s;
   case 6:
      return old > s ? old : s;
   case 7:
      return (int32_t)old > (int32_t)s ? old : s;
   case 8:
      return old & s;
   case 9:
      return old | s;
   case 10:
      return old ^ s;
   default:
      *ok = false;
      return old;
   }
}

static enum asahi_sim_status
exec_atomic(struct asahi_sim_group *g, const struct agx_isa_instr *I,
            bool local)
{
   const struct agx_isa_operand *op = operand_named(I, "op");
   const struct agx_isa_operand *R = operand_named(I, "R");
   const struct agx_isa_operand *A = operand_named(I, "A");
   const struct agx_isa_operand *O = operand_named(I, "O");
   const struct agx_isa_operand *Ou = operand_named(I, "Ou");
   const struct agx_isa_operand *S = operand_named(I, "S");

   if (!op || !A || !O || !S)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "unexpected operands for an atomic");
   bool has_dest = R && R->kind == AGX_ISA_KIND_REG;

   foreach_active_lane (g, t) {
      bool in_reg = A->kind == AGX_ISA_KIND_REG || A->kind == AGX_ISA_KIND_UREG;
      uint64_t base = in_reg ? asahi_sim_read_raw(g, A, t) : (uint64_t)A->value;
      int64_t off;
      if (O->kind == AGX_ISA_KIND_IMM)
         off = (int64_t)asahi_sim_sext((uint64_t)O->value, 16);
      else if (local || (Ou && Ou->value == 1))
         off = (int64_t)(uint32_t)asahi_sim_read_raw(g, O, t);
      else
         off = (int32_t)(uint32_t)asahi_sim_read_raw(g, O, t);
      uint64_t addr =
         (local ? (base & 0xffff) : (base & ~3ull)) + (uint64_t)off * 4;

      uint8_t b[4];
      bool ok = local ? buffer_access(g, g->local, g->local_size_B, addr, b, 4,
                                      false, ASAHI_SIM_UNIT_LOCAL)
                      : asahi_sim_mem_access(g, addr, b, 4, false,
                                             ASAHI_SIM_UNIT_DEVICE);
      if (!ok)
         return ASAHI_SIM_FAULT;
      uint32_t old = b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
      bool valid;
      uint32_t nv = atomic_op((unsigned)op->value, old,
                              asahi_sim_read_raw(g, S, t), &valid);
      if (!valid)
         return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED, "atomic op %u",
                                (unsigned)op->value);
      for (unsigned i = 0; i < 4; i++)
         b[i] = (uint8_t)(nv >> (8 * i));
      ok = local ? buffer_access(g, g->local, g->local_size_B, addr, b, 4, true,
                                 ASAHI_SIM_UNIT_LOCAL)
                 : asahi_sim_mem_access(g, addr, b, 4, true,
                                        ASAHI_SIM_UNIT_DEVICE);
      if (!ok)
         return ASAHI_SIM_FAULT;
      if (has_dest)
         reg_write(g, R, 0, t, old);
   }
   return ASAHI_SIM_RUNNING;
}

/*
 * uniform_store (applegpu's documentation; no exec): the register run goes
 * to the uniform file at O, counted in 16-bit halves.  Uniforms are shared,
 * so the first active lane's registers are used (preambles run one lane).
 */
static enum asahi_sim_status
exec_uniform_store(struct asahi_sim_group *g, const struct agx_isa_instr *I)
{
   struct access a;
   const struct agx_isa_operand *O = operand_named(I, "O");
   if (!setup_access(I, &a) || !O)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "unexpected operands for uniform_store");
   if (!g->exec)
      return ASAHI_SIM_RUNNING;

   unsigned lane = (unsigned)__builtin_ctz(g->exec);
   uint64_t half = O->kind == AGX_ISA_KIND_IMM
                      ? (uint64_t)O->value
                      : (uint32_t)asahi_sim_read_raw(g, O, lane);
   unsigned count = (unsigned)__builtin_popcount(a.mask);
   if (a.R->size != 16)
      count *= 2;

   for (unsigned k = 0; k < count; k++, half++) {
      uint16_t v;
      if (a.R->size == 16)
         v = (uint16_t)reg_read(g, a.R, k, lane);
      else
         v = (uint16_t)(reg_read(g, a.R, k / 2, lane) >> (16 * (k & 1)));
      if (half >= 2 * ASAHI_SIM_UNIFORMS)
         return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                                "uniform_store beyond u255");
      unsigned shift = (half & 1) * 16;
      uint32_t *u = &g->u[half >> 1];
      *u = (*u & ~(0xffffu << shift)) | (uint32_t)v << shift;
   }
   return ASAHI_SIM_RUNNING;
}

/*
 * ld_tile / st_tile R, F, u0, mask, O, S, C: the lane's pixel in the
 * caller's tilebuffer, elements of format F from byte offset O of each
 * sample's storage.  S is a sample mask (Mesa's load/store_local_pixel_agx
 * take one; bits beyond the pixel's samples are ignored): a store writes
 * every sample in it, a load reads the lowest.  C is not interpreted.
 */
static enum asahi_sim_status
exec_tile(struct asahi_sim_group *g, const struct agx_isa_instr *I, bool store)
{
   struct access a = {.space = SPACE_TILE, .store = store};
   const struct agx_isa_operand *O = operand_named(I, "O");
   const struct agx_isa_operand *S = operand_named(I, "S");

   if (!setup_access(I, &a) || !O || !S)
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                             "unexpected operands for tilebuffer access");
   if (!g->frag.tib.sample_ptr)
      return asahi_sim_error(g, ASAHI_SIM_ERR_EXEC,
                             "%s without a tilebuffer (g->frag.tib)",
                             store ? "st_tile" : "ld_tile");

   unsigned n = g->frag.nr_samples ? g->frag.nr_samples : 1;
   uint32_t all = n >= 32 ? ~0u : (1u << n) - 1;
   foreach_active_lane (g, t) {
      uint32_t samples = (uint32_t)asahi_sim_read_raw(g, S, t) & all;
      u_foreach_bit (s, samples) {
         a.sample = s;
         enum asahi_sim_status st =
            access_lane(g, &a, t, (uint64_t)O->value, 0);
         if (st == ASAHI_SIM_FAULT && !g->faulted)
            st = ASAHI_SIM_ERR_EXEC;
         if (st != ASAHI_SIM_RUNNING)
            return st;
         if (!store)
            break;
      }
   }
   return ASAHI_SIM_RUNNING;
}

enum asahi_sim_status
asahi_sim_exec_memory(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   const struct agx_isa_instr *I = x->I;
   if (I->op == AGX_ISA_OP_WAIT)
      return ASAHI_SIM_RUNNING;

   const struct agx_isa_op_info *info = agx_isa_op_info(I->op);
   if (!info)
      return ASAHI_SIM_ERR_UNSUPPORTED;
   const char *name = info->name;

   if (!strcmp(name, "device_load"))
      return exec_device(g, I, false);
   if (!strcmp(name, "device_store"))
      return exec_device(g, I, true);
   if (!strcmp(name, "threadgroup_load"))
      return exec_local(g, I, false);
   if (!strcmp(name, "threadgroup_store"))
      return exec_local(g, I, true);
   if (!strcmp(name, "stack_load"))
      return exec_stack(g, I, false);
   if (!strcmp(name, "stack_store"))
      return exec_stack(g, I, true);
   if (!strcmp(name, "ld_tile"))
      return exec_tile(g, I, false);
   if (!strcmp(name, "st_tile"))
      return exec_tile(g, I, true);
   if (!strcmp(name, "uniform_store"))
      return exec_uniform_store(g, I);
   if (!strcmp(name, "atomic"))
      return exec_atomic(g, I, false);
   if (!strcmp(name, "threadgroup_atomic"))
      return exec_atomic(g, I, true);
   if (!strcmp(name, "stack_get_ptr")) {
      /* Inferred: the stack pointer, in bytes (low confidence). */
      const struct agx_isa_operand *R = operand_named(I, "R");
      if (!R || R->kind != AGX_ISA_KIND_REG)
         return ASAHI_SIM_ERR_UNSUPPORTED;
      foreach_active_lane (g, t)
         reg_write(g, R, 0, t, g->stack_pointer);
      return ASAHI_SIM_RUNNING;
   }
   if (!strcmp(name, "stack_adjust")) {
      const struct agx_isa_operand *v = operand_named(I, "v");
      if (!v)
         return ASAHI_SIM_ERR_UNSUPPORTED;
      g->stack_pointer += (uint32_t)v->value;
      return ASAHI_SIM_RUNNING;
   }
   if (!strcmp(name, "memory_barrier") ||
       !strcmp(name, "threadgroup_barrier")) {
      /* One SIMD group, accesses in program order: nothing to order. */
      return ASAHI_SIM_RUNNING;
   }
   return ASAHI_SIM_ERR_UNSUPPORTED;
}
