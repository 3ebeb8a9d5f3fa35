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
 * 16-bit byte base and an element offset (inferred, low confidence).
 *
 * Stack (scratch) memory is per thread.  A program reserves its frame
 * with stack_adjust (in 32-bit words) and addresses it with stack_load /
 * stack_store at a byte offset from the frame's start, which must lie
 * inside the frame; the frame must fit in the stack the thread was given
 * (the USC Registers spill size).  Inferred from how Mesa's AGX compiler
 * uses them (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c: one
 * stack_adjust of the frame size in words at entry, then byte offsets
 * from 0; agx_scratch.c sizes the stacks in words), medium confidence;
 * applegpu documents the encodings but not the behaviour.
 *
 * The element formats (how memory becomes register values and back) are
 * in asahi_sim_mem_format.c; register runs are read and written with
 * asahi_sim_read_run / asahi_sim_write_run.
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

#include <pthread.h>
#include <string.h>

#include "asahi_sim_internal.h"
#include "asahi_sim_mem_format.h"
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

/* Where a span starts looking back from an address: accesses of one
 * group go back and forth within a buffer (lanes of a twiddled texture,
 * vertices), so a span from a rounded-down address serves more of them. */
#define SPAN_ALIGN_B (64u * 1024)

static void *
lookup_span(struct asahi_sim_group *g, uint64_t va, size_t size, bool write)
{
   for (unsigned i = 0; i < ASAHI_SIM_SPANS; i++) {
      const struct asahi_sim_span *s = &g->spans[i];
      if (s->host && s->write == write && va - s->va < s->size &&
          size <= s->size - (va - s->va))
         return s->host + (va - s->va);
   }
   uint64_t starts[2] = {va & ~(uint64_t)(SPAN_ALIGN_B - 1), va};
   for (unsigned k = 0; k < 2; k++) {
      uint64_t avail = 0;
      uint8_t *host = g->mem.lookup(g->mem.user, starts[k], write, &avail);
      uint64_t skip = va - starts[k];
      if (!host || avail < skip || size > avail - skip)
         continue;
      struct asahi_sim_span *s = &g->spans[g->next_span];
      g->next_span = (g->next_span + 1) % ASAHI_SIM_SPANS;
      *s = (struct asahi_sim_span){host, starts[k], avail, write};
      return host + skip;
   }
   return NULL;
}

bool
asahi_sim_mem_access(struct asahi_sim_group *g, uint64_t va, void *data,
                     size_t size, bool write, enum asahi_sim_unit unit)
{
   void *host = NULL;
   if (g->mem.lookup)
      host = lookup_span(g, va, size, write);
   else if (g->mem.translate)
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

/* --- operands ---------------------------------------------------------- */

static const struct agx_isa_operand *
operand_named(const struct agx_isa_instr *I, const char *name)
{
   const struct agx_isa_op_info *info = agx_isa_op_info(I->op);
   if (!info)
      return NULL;
   for (unsigned i = 0; i < info->nr_operands && i < I->nr_operands; i++) {
      const char *n = info->operands[i].name;
      if (n[0] == name[0] && !strcmp(n, name))
         return &I->operands[i];
   }
   return NULL;
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
      p = asahi_sim_tile_sample_ptr(tib, x, y, a->sample,
                                    (unsigned)offset_B, size);
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
      /* outside the frame (or no stack at all): a fault */
      if (!g->stack)
         return buffer_access(g, NULL, 0, addr, data, size, a->store,
                              ASAHI_SIM_UNIT_STACK);
      return buffer_access(g, g->stack + lane * g->stack_size_B,
                           MIN2(g->stack_size_B, g->stack_pointer), addr,
                           data, size, a->store, ASAHI_SIM_UNIT_STACK);
   }
}

/* One lane: `base` in bytes, `offset_el` in elements. */
static enum asahi_sim_status
access_lane(struct asahi_sim_group *g, const struct access *a, unsigned lane,
            uint64_t base, int64_t offset_el)
{
   unsigned size = asahi_sim_mem_format_size(a->fmt);
   unsigned reg_bits = a->R->size == 16 ? 16 : 32;
   unsigned mask = a->mask;

   if (a->fmt == ASAHI_SIM_FMT_I32 && reg_bits == 16)
      return asahi_sim_error(g, ASAHI_SIM_ERR_DECODE,
                             "32-bit elements need 32-bit registers");

   base &= ~(uint64_t)(size - 1);

   if (asahi_sim_mem_format_packed(a->fmt)) {
      /* One aligned 32-bit word, always the whole vector; the caller has
       * already scaled the offset to bytes (shift 2 over 1-byte items). */
      uint64_t addr = (base & ~3ull) + (uint64_t)offset_el;
      unsigned n = asahi_sim_mem_format_packed_count(a->fmt);
      uint32_t regs[4] = {0, 0, 0, 0};
      uint8_t bytes[4];
      if (a->store) {
         for (unsigned i = 0; i < n; i++)
            regs[i] = asahi_sim_read_run(g, a->R, i, lane);
         uint32_t w = asahi_sim_mem_pack_word(a->fmt, regs, reg_bits);
         for (unsigned b = 0; b < 4; b++)
            bytes[b] = (uint8_t)(w >> (8 * b));
         return element_io(g, a, lane, addr, bytes, 4) ? ASAHI_SIM_RUNNING
                                                        : ASAHI_SIM_FAULT;
      }
      if (!element_io(g, a, lane, addr, bytes, 4))
         return ASAHI_SIM_FAULT;
      uint32_t w =
         bytes[0] | bytes[1] << 8 | bytes[2] << 16 | (uint32_t)bytes[3] << 24;
      asahi_sim_mem_unpack_word(a->fmt, w, reg_bits, regs);
      for (unsigned i = 0; i < n; i++)
         asahi_sim_write_run(g, a->R, i, lane, regs[i]);
      return ASAHI_SIM_RUNNING;
   }

   if (!asahi_sim_mem_format_valid(a->fmt))
      return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED, "memory format %u",
                             a->fmt);

   /* The tilebuffer: one look-up for the whole vector when it is all
    * inside (else element by element, which reports the first outside). */
   uint8_t *tile = NULL;
   uint64_t tile_start = base + (uint64_t)offset_el * size;
   if (a->space == SPACE_TILE && mask && tile_start <= UINT32_MAX) {
      unsigned span = (32 - (unsigned)__builtin_clz(mask & 0xf)) * size;
      const struct asahi_sim_tilebuffer *tib = &g->frag.tib;
      tile = asahi_sim_tile_sample_ptr(tib, g->frag.pixel[lane][0],
                                       g->frag.pixel[lane][1], a->sample,
                                       (unsigned)tile_start, span);
   }

   if (tile && a->store && a->fmt == ASAHI_SIM_FMT_UNORM8 && reg_bits == 32) {
      /* The common colour store (st_tile of an RGBA8 render target): what
       * asahi_sim_mem_pack gives, byte by byte into the tilebuffer. */
      unsigned k = 0;
      for (unsigned i = 0; i < 4; i++) {
         if (!(mask & (1u << i)))
            continue;
         uint32_t bits = asahi_sim_read_run(g, a->R, k++, lane);
         float f;
         memcpy(&f, &bits, sizeof(f));
         tile[i] = (uint8_t)asahi_sim_float_to_unorm(f, 8);
      }
      return ASAHI_SIM_RUNNING;
   }

   unsigned k = 0;
   for (unsigned i = 0; i < 4; i++) {
      if (!(mask & (1u << i)))
         continue;
      uint64_t addr = base + (uint64_t)(offset_el + i) * size;
      uint8_t bytes[4] = {0};

      if (a->store) {
         uint32_t v;
         if (!asahi_sim_mem_pack(a->fmt, asahi_sim_read_run(g, a->R, k++, lane),
                                 i, reg_bits, &v))
            return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                                   "stores of format %u", a->fmt);
         for (unsigned b = 0; b < size; b++)
            bytes[b] = (uint8_t)(v >> (8 * b));
         if (tile)
            memcpy(tile + (addr - tile_start), bytes, size);
         else if (!element_io(g, a, lane, addr, bytes, size))
            return ASAHI_SIM_FAULT;
      } else {
         /* From the tilebuffer, the element's bytes straight into the
          * word: copying `size` bytes into bytes[] and reading the four
          * back stalled on the store (a quarter of access_lane in
          * gl-1.0-blend-func's ld_tile). */
         const uint8_t *src = tile ? tile + (addr - tile_start) : bytes;
         if (!tile && !element_io(g, a, lane, addr, bytes, size))
            return ASAHI_SIM_FAULT;
         uint32_t raw = 0;
         for (unsigned b = 0; b < size; b++)
            raw |= (uint32_t)src[b] << (8 * b);
         asahi_sim_write_run(g, a->R, k++, lane,
                             asahi_sim_mem_unpack(a->fmt, raw, i, reg_bits));
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
   if (asahi_sim_mem_format_packed(a.fmt))
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
      /* A byte offset in the frame; access_lane counts elements from
       * `base`, so pass the bytes as the base.  Negative offsets are
       * outside the frame. */
      enum asahi_sim_status st = access_lane(g, &a, t, (uint64_t)off, 0);
      if (st != ASAHI_SIM_RUNNING)
         return st;
   }
   return ASAHI_SIM_RUNNING;
}

/*
 * Atomics (no exec in applegpu; inferred, medium confidence): 32-bit
 * elements at base + offset * 4; lanes go in order, each a
 * read-modify-write; R, when present, receives the old value.  cmpxchg
 * takes a register pair: the new value in the low word, the comparand in
 * the high word (fact: alexvorxx/Mesa-VirGL src/asahi/compiler/
 * agx_compile.c agx_emit_atomic builds the pair as agx_vec2(new, compare)).
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
      return old == (uint32_t)(src >> 32) ? s : old;
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
         asahi_sim_write_run(g, R, 0, t, old);
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
         v = (uint16_t)asahi_sim_read_run(g, a.R, k, lane);
      else
         v = (uint16_t)(asahi_sim_read_run(g, a.R, k / 2, lane) >> (16 * (k & 1)));
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
 * every sample in it that sample_mask has not discarded, a load reads the
 * lowest.  C is not interpreted.
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
   if (store)
      g->frag.tib.uniform_pixel = NULL;
   foreach_active_lane (g, t) {
      uint32_t samples = (uint32_t)asahi_sim_read_raw(g, S, t) & all;
      /* Samples this lane's sample_mask discarded are not written (the
       * discard is a demote: the lane runs on, its stores are dropped;
       * inferred from Mesa's discard = sample_mask 0, low confidence). */
      if (store)
         samples &= ~(uint32_t)g->frag.samples_killed[t];
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

/* The instructions of this family, by the ISA library's names; the
 * opcodes they have are looked up once (the names were compared for
 * every instruction executed, a visible cost in tile-heavy programs). */
enum mem_kind {
   MEM_NONE = 0,
   MEM_DEVICE_LOAD,
   MEM_DEVICE_STORE,
   MEM_LOCAL_LOAD,
   MEM_LOCAL_STORE,
   MEM_STACK_LOAD,
   MEM_STACK_STORE,
   MEM_TILE_LOAD,
   MEM_TILE_STORE,
   MEM_UNIFORM_STORE,
   MEM_ATOMIC,
   MEM_LOCAL_ATOMIC,
   MEM_STACK_GET_PTR,
   MEM_STACK_ADJUST,
   MEM_TG_BARRIER,
   MEM_BARRIER,
};

static const struct {
   const char *name;
   enum mem_kind kind;
} mem_names[] = {
   {"device_load", MEM_DEVICE_LOAD},
   {"device_store", MEM_DEVICE_STORE},
   {"threadgroup_load", MEM_LOCAL_LOAD},
   {"threadgroup_store", MEM_LOCAL_STORE},
   {"stack_load", MEM_STACK_LOAD},
   {"stack_store", MEM_STACK_STORE},
   {"ld_tile", MEM_TILE_LOAD},
   {"st_tile", MEM_TILE_STORE},
   {"uniform_store", MEM_UNIFORM_STORE},
   {"atomic", MEM_ATOMIC},
   {"threadgroup_atomic", MEM_LOCAL_ATOMIC},
   {"stack_get_ptr", MEM_STACK_GET_PTR},
   {"stack_adjust", MEM_STACK_ADJUST},
   {"threadgroup_barrier", MEM_TG_BARRIER},
   {"memory_barrier", MEM_BARRIER},
};

static uint8_t mem_kinds[AGX_ISA_NUM_OPS];
static pthread_once_t mem_kinds_once = PTHREAD_ONCE_INIT;

static void
init_mem_kinds(void)
{
   for (unsigned op = 0; op < AGX_ISA_NUM_OPS; op++) {
      const struct agx_isa_op_info *info = agx_isa_op_info(op);
      for (unsigned i = 0; info && i < ARRAY_SIZE(mem_names); i++) {
         if (!strcmp(info->name, mem_names[i].name))
            mem_kinds[op] = (uint8_t)mem_names[i].kind;
      }
   }
}

static enum mem_kind
mem_kind_of(unsigned op)
{
   pthread_once(&mem_kinds_once, init_mem_kinds);
   return op < AGX_ISA_NUM_OPS ? (enum mem_kind)mem_kinds[op] : MEM_NONE;
}

enum asahi_sim_status
asahi_sim_exec_memory(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   const struct agx_isa_instr *I = x->I;
   if (I->op == AGX_ISA_OP_WAIT)
      return ASAHI_SIM_RUNNING;

   enum mem_kind kind = mem_kind_of(I->op);
   switch (kind) {
   case MEM_DEVICE_LOAD:
   case MEM_DEVICE_STORE:
      return exec_device(g, I, kind == MEM_DEVICE_STORE);
   case MEM_LOCAL_LOAD:
   case MEM_LOCAL_STORE:
      return exec_local(g, I, kind == MEM_LOCAL_STORE);
   case MEM_STACK_LOAD:
   case MEM_STACK_STORE:
      return exec_stack(g, I, kind == MEM_STACK_STORE);
   case MEM_TILE_LOAD:
   case MEM_TILE_STORE:
      return exec_tile(g, I, kind == MEM_TILE_STORE);
   case MEM_UNIFORM_STORE:
      return exec_uniform_store(g, I);
   case MEM_ATOMIC:
   case MEM_LOCAL_ATOMIC:
      return exec_atomic(g, I, kind == MEM_LOCAL_ATOMIC);
   default:
      break;
   }
   if (kind == MEM_STACK_GET_PTR) {
      /* Inferred: the stack pointer, in bytes (low confidence). */
      const struct agx_isa_operand *R = operand_named(I, "R");
      if (!R || R->kind != AGX_ISA_KIND_REG)
         return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                                "stack_get_ptr without a register");
      foreach_active_lane (g, t)
         asahi_sim_write_run(g, R, 0, t, g->stack_pointer);
      return ASAHI_SIM_RUNNING;
   }
   if (kind == MEM_STACK_ADJUST) {
      const struct agx_isa_operand *v = operand_named(I, "v");
      if (!v)
         return asahi_sim_error(g, ASAHI_SIM_ERR_UNSUPPORTED,
                                "stack_adjust without an amount");
      /* v: 32-bit words, signed; the frame must fit in the stack */
      int64_t frame = (int64_t)g->stack_pointer +
                      4 * (int64_t)asahi_sim_sext((uint64_t)v->value, 16);
      if (frame < 0 || (uint64_t)frame > g->stack_size_B) {
         if (!g->faulted) {
            g->fault = (struct asahi_sim_fault){
               .addr = (uint64_t)frame,
               .write = true,
               .unit = ASAHI_SIM_UNIT_STACK,
            };
            g->faulted = true;
         }
         return asahi_sim_error(g, ASAHI_SIM_FAULT,
                                "GPU fault: stack frame of %lld bytes, the "
                                "thread's stack has %zu",
                                (long long)frame, g->stack_size_B);
      }
      g->stack_pointer = (uint32_t)frame;
      return ASAHI_SIM_RUNNING;
   }
   if (kind == MEM_TG_BARRIER && g->yield_at_barrier)
      return ASAHI_SIM_BARRIER;
   if (kind == MEM_BARRIER || kind == MEM_TG_BARRIER) {
      /* One SIMD group, accesses in program order: nothing to order. */
      return ASAHI_SIM_RUNNING;
   }
   return ASAHI_SIM_ERR_UNSUPPORTED;
}
