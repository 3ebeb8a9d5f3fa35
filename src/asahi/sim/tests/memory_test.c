/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Memory: GPU faults and soft faults through the caller's translate hook,
 * device loads and stores of the element formats, and an end-to-end
 * compute-style program that sums an array.
 *
 * The program tests need the ISA library to assemble the memory forms; a
 * source it cannot assemble fails the test (an assembler regression must
 * not turn these into silent passes).
 */

#include "sim_test_util.h"

#include "asahi/sim/asahi_sim_internal.h"

#define BUF_VA   0x10000ull
#define RO_VA    0x20000ull
#define OUT_VA   0x30000ull

struct mem_fixture {
   uint8_t buf[4096];
   uint8_t ro[64];
   uint8_t out[256];
   struct asahi_sim_region regions[3];
   struct asahi_sim_simple_mem mem;
};

static void
fixture_init(struct mem_fixture *f, struct asahi_sim_group *g)
{
   memset(f, 0, sizeof(*f));
   f->regions[0] = (struct asahi_sim_region) {
      .va = BUF_VA, .size = sizeof(f->buf), .data = f->buf, .writable = true,
   };
   f->regions[1] = (struct asahi_sim_region) {
      .va = RO_VA, .size = sizeof(f->ro), .data = f->ro, .writable = false,
   };
   f->regions[2] = (struct asahi_sim_region) {
      .va = OUT_VA, .size = sizeof(f->out), .data = f->out, .writable = true,
   };
   f->mem.regions = f->regions;
   f->mem.nr_regions = 3;
   g->mem.translate = asahi_sim_simple_translate;
   g->mem.user = &f->mem;
}

static void
test_faults(void **state)
{
   struct asahi_sim_group *g = calloc(1, sizeof(*g));
   struct mem_fixture *f = malloc(sizeof(*f));
   asahi_sim_group_init(g);
   fixture_init(f, g);
   uint32_t v = 0x12345678;

   /* Inside a mapping. */
   f->buf[8] = 0xab;
   uint8_t b = 0;
   assert_true(asahi_sim_mem_access(g, BUF_VA + 8, &b, 1, false,
                                    ASAHI_SIM_UNIT_DEVICE));
   assert_int_equal(b, 0xab);
   assert_false(g->faulted);

   /* Straddling the end of a mapping faults. */
   assert_false(asahi_sim_mem_access(g, BUF_VA + sizeof(f->buf) - 2, &v, 4,
                                     false, ASAHI_SIM_UNIT_DEVICE));
   assert_true(g->faulted);
   assert_int_equal(g->fault.addr, BUF_VA + sizeof(f->buf) - 2);
   assert_false(g->fault.write);
   assert_int_equal(g->fault.unit, ASAHI_SIM_UNIT_DEVICE);
   assert_non_null(strstr(g->error, "fault"));

   /* Writing read-only memory faults as a write. */
   g->faulted = false;
   assert_false(asahi_sim_mem_access(g, RO_VA, &v, 4, true,
                                     ASAHI_SIM_UNIT_DEVICE));
   assert_true(g->fault.write);
   assert_int_equal(f->ro[0], 0);

   /* Soft faults: reads give zero, writes vanish, the fault is noted. */
   g->faulted = false;
   g->mem.soft_faults = true;
   v = 0xffffffff;
   assert_true(asahi_sim_mem_access(g, 0xdead0000, &v, 4, false,
                                    ASAHI_SIM_UNIT_DEVICE));
   assert_int_equal(v, 0);
   assert_true(g->faulted);
   assert_int_equal(g->fault.addr, 0xdead0000);
   v = 0x11111111;
   assert_true(asahi_sim_mem_access(g, RO_VA, &v, 4, true,
                                    ASAHI_SIM_UNIT_DEVICE));
   assert_int_equal(f->ro[0], 0);

   /* No translate hook at all: everything faults, nothing crashes. */
   g->mem.translate = NULL;
   g->mem.soft_faults = false;
   assert_false(asahi_sim_mem_access(g, BUF_VA, &v, 4, false,
                                     ASAHI_SIM_UNIT_DEVICE));
   free(f);
   free(g);
}

/* Assemble, failing the test when the ISA library cannot. */
static void
load(struct sim_test *t, const char *source)
{
   char err[256];
   t->ctx = ralloc_context(NULL);
   if (agx_isa_assemble(source, t->ctx, &t->code, &t->size, err,
                        sizeof(err)) != AGX_ISA_OK) {
      ralloc_free(t->ctx);
      fail_msg("the ISA library cannot assemble the test program: %s", err);
   }
   t->g = rzalloc(t->ctx, struct asahi_sim_group);
   asahi_sim_group_init(t->g);
   asahi_sim_set_code(t->g, t->code, t->size, 0);
}

static void
set_u64(struct asahi_sim_group *g, unsigned u, uint64_t v)
{
   g->u[u] = (uint32_t)v;
   g->u[u + 1] = (uint32_t)(v >> 32);
}

static void
test_device_formats(void **state)
{
   struct sim_test t;
   load(&t,
         "get_sr r2, sr80\n"
         /* four i32 at element 4 * lane (shift 2) */
         "device_load 0, i32, xyzw, r4_r5_r6_r7, u0_u1, r2, unsigned, lsl 2\n"
         /* one byte and one halfword, zero-extended into 32-bit regs */
         "device_load 0, i8, x, r8, u0_u1, 3, signed\n"
         "device_load 0, i16, x, r9, u0_u1, 1, signed\n"
         /* mask xz skips memory but fills consecutive registers */
         "device_load 0, i32, xz, r10_r11, u0_u1, 0, signed\n"
         /* unorm8 into 16-bit and 32-bit registers */
         "device_load 0, u8norm, x, r12l, u0_u1, 1, signed\n"
         "device_load 0, u8norm, x, r13, u0_u1, 1, signed\n"
         "wait 0\n"
         "device_store 0, i32, xy, r4_r5, u2_u3, r2, unsigned, lsl 1, 0\n"
         "stop\n");

   struct mem_fixture *f = malloc(sizeof(*f));
   fixture_init(f, t.g);
   for (unsigned i = 0; i < sizeof(f->buf); i++)
      f->buf[i] = (uint8_t)(i * 7 + 1);
   f->buf[1] = 0xff; /* unorm8 1.0 */
   set_u64(t.g, 0, BUF_VA);
   set_u64(t.g, 2, OUT_VA);
   t.g->exec = 0x0000ffffu; /* 16 lanes store 2 words each: 128 bytes */

   enum asahi_sim_status s = asahi_sim_run(t.g);
   assert_int_equal(s, ASAHI_SIM_STOPPED);

   for (unsigned l = 0; l < 16; l++) {
      for (unsigned k = 0; k < 4; k++) {
         uint32_t want;
         memcpy(&want, f->buf + (4 * l + k) * 4, 4);
         assert_int_equal(t.g->r[4 + k][l], want);
      }
      assert_int_equal(t.g->r[8][l], f->buf[3]);
      assert_int_equal(t.g->r[9][l], f->buf[2] | f->buf[3] << 8);
      uint32_t w0, w2;
      memcpy(&w0, f->buf, 4);
      memcpy(&w2, f->buf + 8, 4);
      assert_int_equal(t.g->r[10][l], w0);
      assert_int_equal(t.g->r[11][l], w2);
      assert_int_equal(t.g->r[12][l] & 0xffff, 0x3c00);   /* 1.0 f16 */
      assert_int_equal(t.g->r[13][l], 0x3f800000);        /* 1.0 f32 */
      /* Stored: lane l's r4, r5 at element 2 * l. */
      uint32_t s0, s1;
      memcpy(&s0, f->out + 8 * l, 4);
      memcpy(&s1, f->out + 8 * l + 4, 4);
      assert_int_equal(s0, t.g->r[4][l]);
      assert_int_equal(s1, t.g->r[5][l]);
   }
   /* Inactive lanes neither load nor store. */
   assert_int_equal(t.g->r[4][16], 0);
   for (unsigned i = 128; i < sizeof(f->out); i++)
      assert_int_equal(f->out[i], 0);

   free(f);
   sim_test_free(&t);
}

static void
put32(uint8_t *p, uint32_t v)
{
   memcpy(p, &v, 4);
}

static void
test_device_packed_stores(void **state)
{
   /* Expected words from the format definitions: rgb10a2 unorm 10/10/10/2
    * round to nearest; r11g11b10f has 5-bit exponents (bias 15) and 6/5
    * mantissa bits; rgb9e5 (GL 4.6 section 8.5.2) of (1, 0.5, 0) has
    * shared exponent 16 and mantissas 256, 128, 0. */
   struct sim_test t;
   load(&t,
         "device_store 0, rgb10a2, xyzw, r4_r5_r6_r7, u2_u3, 0, signed, 0\n"
         "device_store 0, rg11b10f, xyz, r8_r9_r10, u2_u3, 1, signed, 0\n"
         "device_store 0, rgb9e5, xyz, r12_r13_r14, u2_u3, 2, signed, 0\n"
         "device_store 0, rg11b10f.rtz, xyz, r16_r17_r18, u2_u3, 3, signed, "
         "0\n"
         "device_store 0, rgb9e5.rtz, xyz, r20_r21_r22, u2_u3, 4, signed, 0\n"
         "device_load 0, rg11b10f.rtz, xyz, r24_r25_r26, u2_u3, 3, signed\n"
         "stop\n");
   struct mem_fixture *f = malloc(sizeof(*f));
   fixture_init(f, t.g);
   set_u64(t.g, 2, OUT_VA);
   t.g->exec = 1;
   const float v[] = {1.0f, 0.25f, 0.0f, 1.0f, 1.0f, 0.5f, 2.0f, 0,
                      1.0f, 0.5f, 0.0f};
   for (unsigned i = 0; i < 11; i++)
      t.g->r[4 + i][0] = f32_bits(v[i]);
   /* Toward zero: 1.995 keeps exponent 0 with mantissa 63 (nearest would
    * round up to 2.0), 0.7 in the 10-bit channel is 1.4 * 2^-1, mantissa
    * floor(12.8) = 12 (nearest: 13); rgb9e5 of (1, 0.999, 0.3) has shared
    * exponent 16 and mantissas 256, floor(255.744), floor(76.8). */
   const float rtz[] = {1.995f, 1.0f, 0.7f, 0, 1.0f, 0.999f, 0.3f};
   for (unsigned i = 0; i < 7; i++)
      t.g->r[16 + i][0] = f32_bits(rtz[i]);

   enum asahi_sim_status s = asahi_sim_run(t.g);
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("%s: %s", asahi_sim_status_string(s), t.g->error);
   uint32_t w[5];
   memcpy(w, f->out, sizeof(w));
   assert_int_equal(w[0], 1023u | 256u << 10 | 0u << 20 | 3u << 30);
   assert_int_equal(w[1], 0x3c0u | 0x380u << 11 | 0x200u << 22);
   assert_int_equal(w[2], 256u | 128u << 9 | 16u << 27);
   assert_int_equal(w[3], 0x3ffu | 0x3c0u << 11 | 0x1ccu << 22);
   assert_int_equal(w[4], 256u | 255u << 9 | 76u << 18 | 16u << 27);
   /* The .rtz format loads like rg11b10f: 1 + 63/64, 1, 1.375 / 2. */
   assert_int_equal(t.g->r[24][0], f32_bits(1.984375f));
   assert_int_equal(t.g->r[25][0], f32_bits(1.0f));
   assert_int_equal(t.g->r[26][0], f32_bits(0.6875f));
   free(f);
   sim_test_free(&t);
}

static void
test_device_packed_formats(void **state)
{
   /* Expected values come from the format definitions (UNORM/SNORM
    * conversion, the 11/10-bit floats and the shared-exponent format). */
   struct sim_test t;
   load(&t,
         "device_load 0, f16, x, r2l, u0_u1, 0, signed\n"
         "device_load 0, s8norm, xy, r3_r4, u0_u1, 4, signed\n"
         "device_load 0, u16norm, x, r5, u0_u1, 3, signed\n"
         "device_load 0, s16norm, x, r6, u0_u1, 4, signed\n"
         "device_load 0, rgb10a2, xyzw, r8_r9_r10_r11, u0_u1, 3, signed\n"
         "device_load 0, rg11b10f, xyz, r12_r13_r14, u0_u1, 4, signed\n"
         "device_load 0, rgb9e5, xyz, r16_r17_r18, u0_u1, 5, signed\n"
         "device_load 0, srgba8, xyzw, r20_r21_r22_r23, u0_u1, 24, signed\n"
         "device_store 0, u8norm, xy, r24_r25, u2_u3, 0, signed, 0\n"
         "device_store 0, srgba8, xyzw, r28_r29_r30_r31, u2_u3, 4, signed, 0\n"
         "wait 0\n"
         "stop\n");
   struct mem_fixture *f = malloc(sizeof(*f));
   fixture_init(f, t.g);
   set_u64(t.g, 0, BUF_VA);
   set_u64(t.g, 2, OUT_VA);
   t.g->exec = 1;

   f->buf[0] = 0x00; f->buf[1] = 0x3c;             /* f16 1.0 */
   f->buf[4] = 0x81; f->buf[5] = 0x80;             /* s8norm -127, -128 */
   put32(f->buf + 4, 0x00008081);
   f->buf[6] = 0xff; f->buf[7] = 0xff;             /* u16norm element 3 */
   f->buf[8] = 0x01; f->buf[9] = 0x80;             /* s16norm element 4 */
   put32(f->buf + 12, 1023u | 0u << 10 | 1023u << 20 | 3u << 30);
   put32(f->buf + 16, 0x3c0u | 0x3c0u << 11 | 0x1e0u << 22);   /* 1, 1, 1 */
   put32(f->buf + 20, 256u | 128u << 9 | 0u << 18 | 16u << 27); /* 1, .5, 0 */
   f->buf[24] = 0; f->buf[25] = 255; f->buf[26] = 0; f->buf[27] = 51;
   for (unsigned r = 24; r < 26; r++)
      t.g->r[r][0] = r == 24 ? 0x3f800000u : 0x3f000000u;     /* 1.0, 0.5 */
   /* sRGB stores encode r, g, b (GL 4.6 equation 17.1) and keep alpha
    * linear: 0.5 -> 1.055 * 0.5^(1/2.4) - 0.055 = 0.73536 -> 187.5 -> 188;
    * 0.0 -> 0; 1.0 -> 255; alpha 0.2 -> 51. */
   t.g->r[28][0] = 0x3f000000u;
   t.g->r[29][0] = 0;
   t.g->r[30][0] = 0x3f800000u;
   t.g->r[31][0] = 0x3e4ccccdu;

   enum asahi_sim_status s = asahi_sim_run(t.g);
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("%s: %s", asahi_sim_status_string(s), t.g->error);

   struct asahi_sim_group *g = t.g;
   assert_int_equal(g->r[2][0] & 0xffff, 0x3c00);
   assert_int_equal(g->r[3][0], 0xbf800000u);   /* -127 -> -1.0 */
   assert_int_equal(g->r[4][0], 0xbf800000u);   /* -128 clamps to -1.0 */
   assert_int_equal(g->r[5][0], 0x3f800000u);
   assert_int_equal(g->r[6][0], 0xbf800000u);   /* -32767 -> -1.0 */
   assert_int_equal(g->r[8][0], 0x3f800000u);
   assert_int_equal(g->r[9][0], 0);
   assert_int_equal(g->r[10][0], 0x3f800000u);
   assert_int_equal(g->r[11][0], 0x3f800000u);  /* alpha 3/3 */
   for (unsigned r = 12; r < 15; r++)
      assert_int_equal(g->r[r][0], 0x3f800000u);
   assert_int_equal(g->r[16][0], 0x3f800000u);
   assert_int_equal(g->r[17][0], 0x3f000000u);
   assert_int_equal(g->r[18][0], 0);
   assert_int_equal(g->r[20][0], 0);            /* sRGB 0 */
   assert_int_equal(g->r[21][0], 0x3f800000u);  /* sRGB 255 */
   assert_int_equal(g->r[23][0], 0x3e4ccccdu);  /* alpha 51/255 = 0.2 */
   assert_int_equal(f->out[0], 255);
   assert_int_equal(f->out[1], 128);            /* 127.5 rounds to even */
   assert_int_equal(f->out[4], 188);
   assert_int_equal(f->out[5], 0);
   assert_int_equal(f->out[6], 255);
   assert_int_equal(f->out[7], 51);
   free(f);
   sim_test_free(&t);
}

static void
test_device_fault_in_program(void **state)
{
   struct sim_test t;
   load(&t,
         "device_load 0, i32, x, r4, u0_u1, 0, signed\n"
         "wait 0\n"
         "stop\n");
   struct mem_fixture *f = malloc(sizeof(*f));
   fixture_init(f, t.g);
   set_u64(t.g, 0, 0x7777000);

   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_FAULT);
   assert_int_equal(t.g->fault.addr, 0x7777000);
   assert_int_equal(t.g->fault.unit, ASAHI_SIM_UNIT_DEVICE);
   assert_int_equal(t.g->pc, 0); /* stopped at the faulting load */

   /* Soft faults: the program completes and reads zero. */
   asahi_sim_group_init(t.g);
   fixture_init(f, t.g);
   asahi_sim_set_code(t.g, t.code, t.size, 0);
   set_u64(t.g, 0, 0x7777000);
   t.g->mem.soft_faults = true;
   for (unsigned l = 0; l < 32; l++)
      t.g->r[4][l] = 0xdeadbeef;
   assert_int_equal(asahi_sim_run(t.g), ASAHI_SIM_STOPPED);
   assert_true(t.g->faulted);
   assert_int_equal(t.g->r[4][0], 0);

   free(f);
   sim_test_free(&t);
}

/*
 * End to end: every lane sums a strided slice of an array of u32 (lane t
 * takes elements t, t + 32, ...), a butterfly of simd_shuffle_xor adds the
 * 32 partial sums, and lane 0 stores the total.
 */
static void
test_sum_array(void **state)
{
   struct sim_test t;
   load(&t,
         "get_sr r2, sr80\n"              /* element index */
         "mov_imm r3, 0, 0\n"             /* partial sum */
         "mov_imm r4, 0, 0\n"             /* iteration */
         "if_icmp r0l, ueq, 0, 0, 2\n"    /* push_exec 2 */
         "loop:\n"
         "   while_icmp r0l, ult, r4, u2, 2\n"
         "   jmp_exec_none done\n"
         "   device_load 0, i32, x, r5, u0_u1, r2, unsigned\n"
         "   wait 0\n"
         "   iadd r3, r3, r5\n"
         "   iadd r2, r2, 32\n"
         "   iadd r4, r4, 1\n"
         "   jmp_exec_any loop\n"
         "done:\n"
         "pop_exec r0l, 2\n"
         "simd_shuffle_xor r6, r3, 16\n"
         "iadd r3, r3, r6\n"
         "simd_shuffle_xor r6, r3, 8\n"
         "iadd r3, r3, r6\n"
         "simd_shuffle_xor r6, r3, 4\n"
         "iadd r3, r3, r6\n"
         "simd_shuffle_xor r6, r3, 2\n"
         "iadd r3, r3, r6\n"
         "simd_shuffle_xor r6, r3, 1\n"
         "iadd r3, r3, r6\n"
         "get_sr r2, sr80\n"
         "if_icmp r0l, ueq, r2, 0, 1\n"
         "   device_store 0, i32, x, r3, u4_u5, 0, signed, 0\n"
         "pop_exec r0l, 1\n"
         "stop\n");

   struct mem_fixture *f = malloc(sizeof(*f));
   fixture_init(f, t.g);
   const unsigned n = 1000; /* not a multiple of 32: ragged last row */
   uint32_t want = 0;
   for (unsigned i = 0; i < n; i++) {
      uint32_t v = i * 2654435761u;
      memcpy(f->buf + 4 * i, &v, 4);
      want += v;
   }
   set_u64(t.g, 0, BUF_VA);
   set_u64(t.g, 4, OUT_VA);
   /* Lanes below n % 32 run one more iteration. */
   t.g->u[2] = n / 32 + 1;
   for (unsigned i = n; i < 32 * (n / 32 + 1); i++)
      memset(f->buf + 4 * i, 0, 4);

   enum asahi_sim_status s = asahi_sim_run(t.g);
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("%s: %s", asahi_sim_status_string(s), t.g->error);

   uint32_t got;
   memcpy(&got, f->out, 4);
   assert_int_equal(got, want);
   assert_int_equal(t.g->exec, 0xffffffffu);

   free(f);
   sim_test_free(&t);
}

static void
test_local_stack_uniform(void **state)
{
   /* Round trips through threadgroup and stack memory, an atomic counter,
    * and uniform_store. */
   struct sim_test t;
   load(&t,
         "get_sr r2, sr80\n"
         "iadd r3, r2, 100\n"
         "bitop 0101, r6l, r2l, 0\n"                 /* r6l = lane */
         "iadd r6l, r6l, r6l\n"                      /* 2 * lane */
         "iadd r6l, r6l, r6l\n"                      /* 4 * lane */
         "threadgroup_store i32, x, r3, r6l, 0\n"
         "threadgroup_load i32, x, r4, 0, r2l\n"
         "TODO.stack_adjust 0, 1, 2, 0, 0, 4\n"       /* 16-byte frame */
         "stack_store i32, 0, 0, x, 0, r3, 8, 0\n"
         "stack_load r5, i32, 0, 0, x, 0, 8, 0\n"
         "atomic add, 0, r7, u0_u1, 0, signed, r2, 0, 0, 0, 0, 0\n"
         "uniform_store 0, i32, x, 0, r3, 20\n"
         "wait 0\n"
         "stop\n");
   static uint8_t local[128], stack[32 * 16];
   struct mem_fixture *f = malloc(sizeof(*f));
   fixture_init(f, t.g);
   t.g->local = local;
   t.g->local_size_B = sizeof(local);
   t.g->stack = stack;
   t.g->stack_size_B = 16;
   set_u64(t.g, 0, BUF_VA);
   memset(f->buf, 0, 4);
   t.g->exec = 0xfffffffeu; /* lane 0 inactive */

   enum asahi_sim_status s = asahi_sim_run(t.g);
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("%s: %s", asahi_sim_status_string(s), t.g->error);

   uint32_t running = 0;
   for (unsigned l = 1; l < 32; l++) {
      assert_int_equal(t.g->r[4][l], 100 + l);  /* local element l */
      assert_int_equal(t.g->r[5][l], 100 + l);  /* own stack slot */
      assert_int_equal(t.g->r[7][l], running);  /* old counter value */
      running += l;
   }
   uint32_t counter;
   memcpy(&counter, f->buf, 4);
   assert_int_equal(counter, running);
   /* First active lane's r3 lands in u10 (halves 20 and 21). */
   assert_int_equal(t.g->u[10], 101);
   free(f);
   sim_test_free(&t);
}

/* Compare-and-swap: the register pair holds the new value in its low
 * register and the comparand in its high one (Mesa's agx_emit_atomic
 * builds it as agx_vec2(new, compare)).  Every lane swaps 0 for 100 +
 * lane; lanes go in order, so lane 0 wins and the others see 100. */
static void
test_atomic_cmpxchg(void **state)
{
   (void)state;
   struct sim_test t;
   load(&t, "get_sr r2, sr80\n"
            "iadd r4, r2, 100\n"
            "mov_imm r5, 0, 0\n"
            "atomic cmpxchg, 0, r7, u0_u1, 0, signed, r4_r5, 0, 0, 0, 0, 0\n"
            "wait 0\n"
            "stop\n");
   struct mem_fixture *f = malloc(sizeof(*f));
   fixture_init(f, t.g);
   set_u64(t.g, 0, BUF_VA);
   memset(f->buf, 0, 4);

   enum asahi_sim_status s = asahi_sim_run(t.g);
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("%s: %s", asahi_sim_status_string(s), t.g->error);
   uint32_t v;
   memcpy(&v, f->buf, 4);
   assert_int_equal(v, 100);
   assert_int_equal(t.g->r[7][0], 0);
   for (unsigned l = 1; l < 32; l++)
      assert_int_equal(t.g->r[7][l], 100);
   free(f);
   sim_test_free(&t);
}

/* Stack accesses must stay inside the frame stack_adjust reserved, and
 * the frame inside the thread's stack: otherwise a stack fault. */
static void
stack_fault_case(const char *src, size_t stack_size_B)
{
   struct sim_test t;
   load(&t, src);
   static uint8_t stack[32 * 64];
   t.g->stack = stack;
   t.g->stack_size_B = stack_size_B;
   enum asahi_sim_status s = asahi_sim_run(t.g);
   assert_int_equal(s, ASAHI_SIM_FAULT);
   assert_true(t.g->faulted);
   assert_int_equal(t.g->fault.unit, ASAHI_SIM_UNIT_STACK);
   sim_test_free(&t);
}

static void
test_stack_frame(void **state)
{
   (void)state;
   /* a word past a 2-word frame */
   stack_fault_case("TODO.stack_adjust 0, 1, 2, 0, 0, 2\n"
                    "stack_store i32, 0, 0, x, 0, r3, 8, 0\n"
                    "stop\n",
                    64);
   /* no frame reserved at all */
   stack_fault_case("stack_load r5, i32, 0, 0, x, 0, 0, 0\n"
                    "wait 0\n"
                    "stop\n",
                    64);
   /* a frame larger than the stack */
   stack_fault_case("TODO.stack_adjust 0, 1, 2, 0, 0, 32\n"
                    "stop\n",
                    64);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_faults),
      cmocka_unit_test(test_device_formats),
      cmocka_unit_test(test_device_packed_formats),
      cmocka_unit_test(test_device_packed_stores),
      cmocka_unit_test(test_device_fault_in_program),
      cmocka_unit_test(test_sum_array),
      cmocka_unit_test(test_local_stack_uniform),
      cmocka_unit_test(test_atomic_cmpxchg),
      cmocka_unit_test(test_stack_frame),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
