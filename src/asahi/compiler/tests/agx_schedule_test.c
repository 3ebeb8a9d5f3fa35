/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * agx_schedule (pre-RA list scheduling) on hand-built blocks: loads are
 * issued before the work that waits for them, and nothing crosses what
 * orders it (values, memory, discards, fences, register pressure).
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "asahi/compiler/agx_compiler.h"

/* Slack for the tests of ordering: enough that register pressure never
 * holds an instruction back */
#define ROOM 64

struct fixture {
   void *mem;
   struct agx_shader_key key;
   struct agx_shader_info info;
   agx_context *ctx;
   agx_builder b;
   agx_operand vid;
};

static void
setup(struct fixture *f)
{
   memset(f, 0, sizeof(*f));
   f->mem = ralloc_context(NULL);
   f->ctx = agx_context_create(f->mem, MESA_SHADER_VERTEX, &f->key, &f->info);
   f->b = agx_builder_at_end(f->ctx, agx_block_create(f->ctx));
   f->vid = agx_temp(f->ctx, 32, 1);
   agx_instr *P = agx_emit_pseudo(&f->b, AGX_OP_PRELOAD, 2, 1);
   P->ops[0] = f->vid;
   P->ops[1] = agx_isa_imm(10, 16);
   f->ctx->values[f->vid.value].fixed = 10;
}

/* dst = memory[index], and the wait selection puts after it */
static agx_instr *
load(agx_builder *b, agx_operand dst, agx_operand index)
{
   agx_instr *I = agx_emit(b, AGX_ISA_OP_DEVICE_LOAD);
   I->ops[AGX_ISA_DEVICE_LOAD_R] = dst;
   I->ops[AGX_ISA_DEVICE_LOAD_A] = agx_uniform(0, 64);
   I->ops[AGX_ISA_DEVICE_LOAD_O] = index;
   agx_emit(b, AGX_ISA_OP_WAIT)->ops[AGX_ISA_WAIT_I] = agx_isa_imm(0, 1);
   return I;
}

static agx_instr *
store(agx_builder *b, agx_operand value, agx_operand index)
{
   agx_instr *I = agx_emit(b, AGX_ISA_OP_DEVICE_STORE);
   I->ops[AGX_ISA_DEVICE_STORE_R] = value;
   I->ops[AGX_ISA_DEVICE_STORE_A] = agx_uniform(0, 64);
   I->ops[AGX_ISA_DEVICE_STORE_O] = index;
   return I;
}

static agx_instr *
add(agx_builder *b, agx_operand d, agx_operand a, agx_operand c)
{
   agx_instr *I = agx_emit(b, AGX_ISA_OP_IADD);
   I->ops[0] = d;
   I->ops[1] = a;
   I->ops[2] = c;
   return I;
}

static agx_instr *
st_var(agx_builder *b, agx_operand v, unsigned index)
{
   agx_instr *I = agx_emit(b, AGX_ISA_OP_ST_VAR);
   I->ops[AGX_ISA_ST_VAR_R] = v;
   I->ops[AGX_ISA_ST_VAR_I] = agx_isa_imm(index, 6);
   return I;
}

static agx_operand
temp(struct fixture *f)
{
   return agx_temp(f->ctx, 32, 1);
}

static agx_operand
one(void)
{
   return agx_isa_imm(1, 8);
}

/* Position of I in its block */
static unsigned
pos(const agx_instr *I)
{
   unsigned n = 0;
   agx_foreach_instr(I->block, J) {
      if (J == I)
         return n;
      n++;
   }
   fail_msg("instruction not in its block");
   return ~0u;
}

static unsigned
count_op(agx_context *ctx, unsigned op)
{
   unsigned n = 0;
   agx_foreach_instr_global(ctx, I) n += I->op == op;
   return n;
}

/* Two loads each read by the next instruction: both issue before either
 * add (one wait then covers both), selection's waits are gone, and the
 * varying stores keep their order. */
static void
test_loads_first(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   agx_operand a = temp(&f), s = temp(&f), c = temp(&f), t = temp(&f);
   agx_instr *A = load(b, a, f.vid);
   agx_instr *S = add(b, s, a, one());
   agx_instr *C = load(b, c, f.vid);
   agx_instr *T = add(b, t, c, one());
   agx_instr *V0 = st_var(b, s, 0);
   agx_instr *V1 = st_var(b, t, 1);

   agx_schedule(f.ctx, ROOM);
   assert_int_equal(count_op(f.ctx, AGX_ISA_OP_WAIT), 0);
   assert_true(pos(A) < pos(S));
   assert_true(pos(C) < pos(S));
   assert_true(pos(C) < pos(T));
   assert_true(pos(V0) < pos(V1));
   assert_true(pos(S) < pos(V0) && pos(T) < pos(V1));
   ralloc_free(f.mem);
}

/* A load whose address is computed stays after the computation; a store
 * stays after the loads before it (also one whose result is read only at
 * the end, which the store, leading a longer path, would like to pass),
 * and a load of what the store wrote stays after it. */
static void
test_dependencies(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   agx_operand a = temp(&f), s = temp(&f), c = temp(&f), d = temp(&f);
   agx_operand e = temp(&f), l = temp(&f);
   agx_instr *A = load(b, a, f.vid);
   agx_instr *S = add(b, s, a, one());
   agx_instr *C = load(b, c, s);       /* address from S */
   agx_instr *L = load(b, l, c);       /* ready when W is */
   agx_instr *W = store(b, c, f.vid);  /* after the loads before it */
   agx_instr *D = load(b, d, f.vid);   /* reads what W wrote */
   agx_instr *E = add(b, e, d, one());
   st_var(b, e, 0);
   st_var(b, l, 1);

   agx_schedule(f.ctx, ROOM);
   assert_true(pos(A) < pos(S));
   assert_true(pos(S) < pos(C));
   assert_true(pos(A) < pos(W) && pos(C) < pos(W) && pos(L) < pos(W));
   assert_true(pos(W) < pos(D));
   assert_true(pos(D) < pos(E));
   ralloc_free(f.mem);
}

/* A value written twice (a phi web): the second write, a load the
 * scheduler would like to issue early, stays after the read of the
 * first value. */
static void
test_web_write_after_read(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   agx_operand w = temp(&f), x = temp(&f), y = temp(&f);
   agx_instr *M = agx_emit_pseudo(b, AGX_OP_MOV, 2, 1);
   M->ops[0] = w;
   M->ops[1] = agx_isa_imm(3, 16);
   agx_instr *X = add(b, x, w, one());
   agx_instr *L = load(b, w, f.vid);
   agx_instr *Y = add(b, y, w, x);
   st_var(b, y, 0);

   agx_schedule(f.ctx, ROOM);
   assert_true(pos(M) < pos(X));
   assert_true(pos(X) < pos(L));
   assert_true(pos(L) < pos(Y));
   ralloc_free(f.mem);
}

/* A store before a discard stays before it, and a store and a tile
 * store after it stay after it (the store after it leads the longest
 * path: a load of what it wrote); nothing crosses control flow. */
static void
test_discard_and_fences(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   agx_operand a = temp(&f), c = temp(&f), s = temp(&f), d = temp(&f);
   agx_operand e = temp(&f);
   agx_instr *W = store(b, f.vid, f.vid);
   agx_instr *K = agx_emit(b, AGX_ISA_OP_SAMPLE_MASK);
   K->ops[AGX_ISA_SAMPLE_MASK_S] = agx_isa_imm(0xff, 8);
   K->ops[AGX_ISA_SAMPLE_MASK_M] = agx_isa_imm(0, 8);
   agx_instr *T = agx_emit(b, AGX_ISA_OP_ST_TILE);
   T->ops[AGX_ISA_ST_TILE_R] = f.vid;
   agx_instr *X = store(b, f.vid, f.vid);
   agx_instr *D = load(b, d, f.vid);
   add(b, e, d, one());
   st_var(b, e, 1);
   agx_instr *A = load(b, a, f.vid);
   agx_instr *P = agx_emit(b, AGX_ISA_OP_POP_EXEC);
   P->ops[AGX_ISA_POP_EXEC_N] = agx_isa_imm(1, 2);
   agx_instr *C = load(b, c, f.vid);
   agx_instr *S = add(b, s, a, c);
   st_var(b, s, 0);

   agx_schedule(f.ctx, ROOM);
   assert_true(pos(W) < pos(K));
   assert_true(pos(K) < pos(T) && pos(K) < pos(X));
   assert_true(pos(X) < pos(D));
   assert_true(pos(A) < pos(P));
   assert_true(pos(P) < pos(C));
   assert_true(pos(C) < pos(S));
   ralloc_free(f.mem);
}

/* acc = l0; acc += l1; ... acc += l7: issuing every load first would keep
 * eight results live where the original order keeps two; the schedule
 * may not go above the original peak. */
static void
test_pressure_limit(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   agx_instr *loads[8], *adds[8];
   agx_operand acc = temp(&f);
   loads[0] = load(b, acc, f.vid);
   for (unsigned i = 1; i < 8; ++i) {
      agx_operand l = temp(&f), next = temp(&f);
      loads[i] = load(b, l, f.vid);
      adds[i] = add(b, next, acc, l);
      acc = next;
   }
   st_var(b, acc, 0);
   st_var(b, f.vid, 1); /* vid stays live: every load adds a value */

   agx_schedule(f.ctx, 0);
   /* the accumulator and at most one load result live at once */
   for (unsigned i = 2; i < 8; ++i)
      assert_true(pos(loads[i]) > pos(adds[i - 1]));
   for (unsigned i = 1; i < 8; ++i)
      assert_true(pos(loads[i]) < pos(adds[i]));
   ralloc_free(f.mem);
}

/* Independent loads with results read at the end: all of them go first
 * when the pressure allows it (the original order's peak is as high). */
static void
test_pressure_allows(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   agx_operand v[4], s[4];
   agx_instr *loads[4], *adds[4];
   for (unsigned i = 0; i < 4; ++i) {
      v[i] = temp(&f);
      s[i] = temp(&f);
      loads[i] = load(b, v[i], f.vid);
      adds[i] = add(b, s[i], v[i], one());
   }
   /* every sum is live at the end: the peak is four values anyway */
   for (unsigned i = 0; i < 4; ++i)
      st_var(b, s[i], i);

   agx_schedule(f.ctx, 0);
   for (unsigned i = 0; i < 4; ++i)
      assert_true(pos(loads[3]) < pos(adds[i]));
   ralloc_free(f.mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_loads_first),
      cmocka_unit_test(test_dependencies),
      cmocka_unit_test(test_web_write_after_read),
      cmocka_unit_test(test_discard_and_fences),
      cmocka_unit_test(test_pressure_limit),
      cmocka_unit_test(test_pressure_allows),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
