/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Backend passes on hand-built IR, checked structurally: folding, saturate
 * folding, dead code elimination, register allocation (hints, preloads,
 * interference, copy coalescing on the logical CFG), pseudo-op lowering,
 * the validator, branch packing, scheduling and constant promotion.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "asahi/compiler/agx_compiler.h"

struct fixture {
   void *mem;
   struct agx_shader_key key;
   struct agx_shader_info info;
   agx_context *ctx;
   agx_builder b;
   agx_operand vid; /* setup_vid */
};

static void
setup(struct fixture *f)
{
   memset(f, 0, sizeof(*f));
   f->mem = ralloc_context(NULL);
   f->ctx = agx_context_create(f->mem, MESA_SHADER_VERTEX, &f->key, &f->info);
   f->b = agx_builder_at_end(f->ctx, agx_block_create(f->ctx));
}

static void
setup_vid(struct fixture *f)
{
   setup(f);
   f->vid = agx_temp(f->ctx, 32, 1);
   agx_instr *P = agx_emit_pseudo(&f->b, AGX_OP_PRELOAD, 2, 1);
   P->ops[0] = f->vid;
   P->ops[1] = agx_isa_imm(10, 16);
   f->ctx->values[f->vid.value].fixed = 10;
}

static agx_instr *
emit2(agx_builder *b, enum agx_isa_op op, agx_operand d, agx_operand a,
      agx_operand c)
{
   agx_instr *I = agx_emit(b, op);
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

static unsigned
count_op(agx_context *ctx, unsigned op)
{
   unsigned n = 0;
   agx_foreach_instr_global(ctx, I) n += I->op == op;
   return n;
}

/* agx_spill spills: `spills` stores and `fills` loads, as the context
 * counts them and as they stand in the IR */
static void
expect_spill(agx_context *ctx, unsigned spills, unsigned fills)
{
   assert_true(agx_spill(ctx));
   assert_int_equal(ctx->nr_spills, spills);
   assert_int_equal(ctx->nr_fills, fills);
   assert_int_equal(count_op(ctx, AGX_ISA_OP_STACK_STORE), spills);
   assert_int_equal(count_op(ctx, AGX_ISA_OP_STACK_LOAD), fills);
}

/* The IR is valid after `pass` */
static void
check_valid(struct fixture *f, const char *pass)
{
   char msg[256];
   assert_true(agx_validate(f->ctx, pass, msg, sizeof(msg)));
}

/* check_valid, then the fixture is freed */
static void
check_and_free(struct fixture *f, const char *pass)
{
   check_valid(f, pass);
   ralloc_free(f->mem);
}

/* cmocka fixtures: *state is a new struct fixture (setup, or setup_vid),
 * freed by fixture_teardown whether the test passed or not. */
static int
fixture_new(void **state, void (*init)(struct fixture *))
{
   struct fixture *f = malloc(sizeof(*f));
   if (!f)
      return -1;
   init(f);
   *state = f;
   return 0;
}

static int
fixture_setup(void **state)
{
   return fixture_new(state, setup);
}

static int
fixture_setup_vid(void **state)
{
   return fixture_new(state, setup_vid);
}

static int
fixture_teardown(void **state)
{
   struct fixture *f = *state;
   ralloc_free(f->mem);
   free(f);
   return 0;
}

/* a = u8 - 7; w = a; d = w: w is a phi web between a and d (a is no
 * constant, which agx_spill would rematerialize: test_spill_remat) */
static void
build_web(struct fixture *f, agx_operand *a, agx_operand *w, agx_operand *d)
{
   *a = agx_temp(f->ctx, 32, 1);
   emit2(&f->b, AGX_ISA_OP_ISUB, *a, agx_uniform(8, 32), agx_isa_imm(7, 8));
   *w = agx_temp(f->ctx, 32, 1);
   *d = agx_temp(f->ctx, 32, 1);
   agx_mov_to(&f->b, *w, *a);
   agx_mov_to(&f->b, *d, *w);
}

/* What agx_ra reports when it runs out of registers */
static void
set_candidates(agx_context *ctx, unsigned *cand, unsigned n,
               unsigned need_halves)
{
   ctx->ra_candidates = cand;
   ctx->nr_ra_candidates = n;
   ctx->ra_need_halves = need_halves;
}

/* agx_ra named value alone (two halves short): agx_spill then makes
 * `spills` stores and `fills` loads (expect_spill) into one word of
 * scratch. */
static void
spill_only(agx_context *ctx, agx_operand value, unsigned spills, unsigned fills)
{
   unsigned cand[] = {(unsigned)value.value};
   set_candidates(ctx, cand, 1, 2);
   expect_spill(ctx, spills, fills);
   assert_int_equal(ctx->scratch_size_B, 4);
}

/* Whether an operand of I is the SSA value v */
static bool
refers_to(const agx_instr *I, agx_operand v)
{
   agx_foreach_op(I, i)
   {
      if (agx_is_ssa(I->ops[i]) &&
          (unsigned)I->ops[i].value == (unsigned)v.value)
         return true;
   }
   return false;
}

/* What agx_spill leaves of build_web's a -> w -> d once the web spilled:
 * no copy between values, every store stores a, every load writes
 * *loaded (when not NULL), and nothing refers to gone[0..nr_gone). */
static void
check_web_spilled(agx_context *ctx, agx_operand a, const agx_operand *loaded,
                  const agx_operand *gone, unsigned nr_gone)
{
   unsigned copies = 0;
   agx_foreach_instr_global(ctx, I)
   {
      copies += I->op == AGX_OP_MOV && agx_is_ssa(I->ops[1]);
      for (unsigned g = 0; g < nr_gone; ++g)
         assert_false(refers_to(I, gone[g]));
      if (I->op == AGX_ISA_OP_STACK_STORE)
         assert_int_equal(I->ops[AGX_ISA_STACK_STORE_R].value, a.value);
      if (I->op == AGX_ISA_OP_STACK_LOAD && loaded)
         assert_int_equal(I->ops[AGX_ISA_STACK_LOAD_R].value, loaded->value);
   }
   assert_int_equal(copies, 0);
}

static void
test_fold(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;

   agx_operand x = agx_temp(f.ctx, 32, 1);
   agx_instr *P = agx_emit_pseudo(b, AGX_OP_PRELOAD, 2, 1);
   P->ops[0] = x;
   P->ops[1] = agx_isa_imm(10, 16);
   f.ctx->values[x.value].fixed = 10;

   agx_operand u = agx_temp(f.ctx, 32, 1);
   agx_mov_to(b, u, agx_uniform(8, 32));
   agx_operand half = agx_mov_imm(b, 32, 0x3f000000); /* 0.5 */
   agx_operand pi = agx_mov_imm(b, 32, 0x40490fdb);   /* no minifloat */
   agx_operand three = agx_mov_imm(b, 32, 3);
   agx_operand s1 = agx_temp(f.ctx, 32, 1), s2 = agx_temp(f.ctx, 32, 1);
   agx_operand s3 = agx_temp(f.ctx, 32, 1), s4 = agx_temp(f.ctx, 32, 1);
   agx_instr *A = emit2(b, AGX_ISA_OP_FADD32, s1, x, agx_neg(u));
   agx_instr *B = emit2(b, AGX_ISA_OP_FMUL32, s2, s1, agx_neg(half));
   agx_instr *C = emit2(b, AGX_ISA_OP_FADD32, s3, s2, pi);
   agx_instr *D = emit2(b, AGX_ISA_OP_IADD, s4, s3, three);
   st_var(b, s4, 0);

   agx_opt_fold(f.ctx);
   agx_dce(f.ctx);

   /* the uniform keeps the use's negation */
   assert_int_equal(A->ops[2].kind, AGX_ISA_KIND_UREG);
   assert_int_equal(A->ops[2].value, 8);
   assert_int_equal(A->ops[2].flags, AGX_ISA_NEG);
   /* 0.5 is minifloat 0x20 (exponent 2, no fraction), negated */
   assert_int_equal(B->ops[2].kind, AGX_ISA_KIND_FIMM);
   assert_int_equal(B->ops[2].value, 0x20);
   assert_int_equal(B->ops[2].flags, AGX_ISA_NEG);
   /* pi has no 8-bit form: still a value */
   assert_true(agx_is_ssa(C->ops[2]));
   /* small integers become 8-bit immediates */
   assert_int_equal(D->ops[2].kind, AGX_ISA_KIND_IMM);
   assert_int_equal(D->ops[2].value, 3);
   /* only the copy of pi survives */
   assert_int_equal(count_op(f.ctx, AGX_OP_MOV), 1);

   char msg[256];
   assert_true(agx_validate(f.ctx, "test", msg, sizeof(msg)));
   ralloc_free(f.mem);
}

/* fsat of a single-use fadd/fmul/fmadd becomes that instruction's .sat;
 * a value read twice keeps its own saturate, and so does a negated one */
static agx_instr *
fsat_of(agx_builder *b, agx_operand d, agx_operand a)
{
   agx_instr *I = emit2(b, AGX_ISA_OP_FADD32, d, a, agx_isa_fimm(0));
   I->ops[AGX_ISA_FADD32_S] = agx_isa_flag(true);
   return I;
}

static void
test_sat(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;

   agx_operand x = agx_temp(f.ctx, 32, 1);
   agx_instr *P = agx_emit_pseudo(b, AGX_OP_PRELOAD, 2, 1);
   P->ops[0] = x;
   P->ops[1] = agx_isa_imm(10, 16);
   f.ctx->values[x.value].fixed = 10;

   agx_operand m = agx_temp(f.ctx, 32, 1), ms = agx_temp(f.ctx, 32, 1);
   agx_operand a = agx_temp(f.ctx, 32, 1), as = agx_temp(f.ctx, 32, 1);
   agx_operand n = agx_temp(f.ctx, 32, 1), ns = agx_temp(f.ctx, 32, 1);
   agx_instr *M = emit2(b, AGX_ISA_OP_FMUL32, m, x, x);
   fsat_of(b, ms, m);
   agx_instr *A = emit2(b, AGX_ISA_OP_FADD32, a, x, agx_isa_fimm(0x30));
   agx_instr *AS = fsat_of(b, as, a);
   agx_instr *N = emit2(b, AGX_ISA_OP_FADD32, n, x, x);
   agx_instr *NS = fsat_of(b, ns, agx_neg(n));
   st_var(b, ms, 0);
   st_var(b, as, 1);
   st_var(b, a, 2);
   st_var(b, ns, 3);

   agx_opt_sat(f.ctx);

   /* the multiply saturates and defines the saturated value itself */
   assert_int_equal(M->ops[AGX_ISA_FMUL32_S].value, 1);
   assert_int_equal(M->ops[0].value, ms.value);
   /* a is also stored: both instructions stay */
   assert_int_equal(A->ops[AGX_ISA_FADD32_S].value, 0);
   assert_int_equal(AS->ops[AGX_ISA_FADD32_S].value, 1);
   /* sat(-n) is not sat(n) */
   assert_int_equal(N->ops[AGX_ISA_FADD32_S].value, 0);
   assert_int_equal(NS->ops[AGX_ISA_FADD32_A].value, n.value);
   assert_int_equal(count_op(f.ctx, AGX_ISA_OP_FADD32), 4);

   char msg[256];
   assert_true(agx_validate(f.ctx, "test", msg, sizeof(msg)));
   ralloc_free(f.mem);
}

static void
test_dce(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;

   agx_operand a = agx_mov_imm(b, 32, 1);
   agx_operand dead = agx_temp(f.ctx, 32, 1);
   emit2(b, AGX_ISA_OP_FADD32, dead, a, a);                  /* unused */
   agx_mov_to(b, agx_isa_reg(0, 16, 0), agx_isa_imm(4, 16)); /* r0l: kept */
   st_var(b, a, 0);

   agx_dce(f.ctx);
   assert_int_equal(count_op(f.ctx, AGX_ISA_OP_FADD32), 0);
   assert_int_equal(count_op(f.ctx, AGX_OP_MOV), 2);
   assert_int_equal(count_op(f.ctx, AGX_ISA_OP_ST_VAR), 1);
   ralloc_free(f.mem);
}

/* RA: simultaneously live values never share a register; a split's
 * results sit in the vector's parts and a collect of consecutive values
 * needs no copy; preloads keep their register; r0 and r1 stay free. */
static void
test_ra(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;

   agx_operand vid = agx_temp(f.ctx, 32, 1);
   agx_instr *P = agx_emit_pseudo(b, AGX_OP_PRELOAD, 2, 1);
   P->ops[0] = vid;
   P->ops[1] = agx_isa_imm(10, 16);
   f.ctx->values[vid.value].fixed = 10;

   agx_operand vec = agx_temp(f.ctx, 32, 4);
   agx_instr *L = agx_emit(b, AGX_ISA_OP_DEVICE_LOAD);
   L->ops[AGX_ISA_DEVICE_LOAD_F] = agx_isa_enum(2, 4);
   L->ops[AGX_ISA_DEVICE_LOAD_MASK] = agx_isa_enum(0xf, 4);
   L->ops[AGX_ISA_DEVICE_LOAD_R] = vec;
   L->ops[AGX_ISA_DEVICE_LOAD_A] = agx_uniform(0, 64);
   L->ops[AGX_ISA_DEVICE_LOAD_O] = vid;
   L->ops[AGX_ISA_DEVICE_LOAD_OU] = agx_isa_enum(1, 1);

   agx_operand parts[4];
   agx_split(b, parts, 4, vec);
   agx_operand sums[4];
   for (unsigned i = 0; i < 4; ++i) {
      sums[i] = agx_temp(f.ctx, 32, 1);
      emit2(b, AGX_ISA_OP_FADD32, sums[i], parts[i], parts[(i + 1) % 4]);
   }
   agx_operand out = agx_collect(b, 4, sums);
   agx_instr *T = agx_emit(b, AGX_ISA_OP_ST_TILE);
   T->ops[AGX_ISA_ST_TILE_R] = out;
   T->ops[AGX_ISA_ST_TILE_F] = agx_isa_enum(4, 4);
   T->ops[AGX_ISA_ST_TILE_MASK] = agx_isa_enum(0xf, 4);
   T->ops[AGX_ISA_ST_TILE_S] = agx_isa_imm(0xff, 8);
   agx_emit(b, AGX_ISA_OP_STOP);

   assert_true(agx_ra(f.ctx));

   assert_int_equal(f.ctx->values[vid.value].reg, 10);
   int base = f.ctx->values[vec.value].reg;
   assert_true(base >= 4);
   for (unsigned i = 0; i < 4; ++i)
      assert_int_equal(f.ctx->values[parts[i].value].reg, base + 2 * i);
   /* the four sums are live together, and part i+1 is still read after
    * sum i is written: all distinct, none over a part still needed */
   for (unsigned i = 0; i < 4; ++i) {
      int r = f.ctx->values[sums[i].value].reg;
      assert_true(r >= 4);
      for (unsigned j = 0; j < 4; ++j) {
         if (j != i)
            assert_int_not_equal(r, f.ctx->values[sums[j].value].reg);
      }
   }

   agx_lower_pseudo(f.ctx);
   /* no copy for the split; the collect moves at most what is not in
    * place */
   assert_int_equal(count_op(f.ctx, AGX_OP_SPLIT), 0);
   assert_int_equal(count_op(f.ctx, AGX_OP_COLLECT), 0);
   unsigned moves = count_op(f.ctx, AGX_ISA_OP_BITOP);
   bool in_place = true;
   for (unsigned i = 0; i < 4; ++i)
      in_place &= f.ctx->values[sums[i].value].reg ==
                  f.ctx->values[sums[0].value].reg + 2 * (int)i;
   if (in_place)
      assert_int_equal(moves, 0);
   else
      assert_true(moves <= 4);

   uint8_t *code;
   size_t size;
   assert_int_equal(agx_pack(f.ctx, f.mem, &code, &size), 0);
   assert_int_equal(size % AGX_CODE_ALIGN, 0);
   ralloc_free(f.mem);
}

/* How the first source of collect_alias_moves is written */
enum alias_case {
   X_ONCE,
   /* twice, both before the collect (a loop's coordinate web) */
   X_TWICE_BEFORE,
   /* again while the vector lives (between the collect and st_tile) */
   X_WRITTEN_DURING,
};

/* A collect whose first source lives on after the vector (a texture
 * coordinate reused later): x = vid + 1, v = (x, y), st_tile v, then x
 * stored again.  x and v's first element hold the same bits while both
 * live, so they share a register and the collect moves nothing.  Since
 * wave 14 that holds for a value written twice too, when neither write
 * falls in the vector's life; one written while the vector lives must
 * not share. */
static unsigned
collect_alias_moves(enum alias_case how, bool *shared)
{
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   agx_operand vid = agx_temp(f.ctx, 32, 1);
   agx_instr *P = agx_emit_pseudo(b, AGX_OP_PRELOAD, 2, 1);
   P->ops[0] = vid;
   P->ops[1] = agx_isa_imm(10, 16);
   f.ctx->values[vid.value].fixed = 10;

   agx_operand x = agx_temp(f.ctx, 32, 1), y = agx_temp(f.ctx, 32, 1);
   emit2(b, AGX_ISA_OP_FADD32, x, vid, agx_isa_fimm(0x30));
   if (how == X_TWICE_BEFORE)
      emit2(b, AGX_ISA_OP_FADD32, x, x, agx_isa_fimm(0x30));
   emit2(b, AGX_ISA_OP_FADD32, y, vid, vid);
   agx_operand srcs[2] = {x, y};
   agx_operand v = agx_collect(b, 2, srcs);
   if (how == X_WRITTEN_DURING)
      emit2(b, AGX_ISA_OP_FADD32, x, x, agx_isa_fimm(0x30));
   agx_instr *T = agx_emit(b, AGX_ISA_OP_ST_TILE);
   T->ops[AGX_ISA_ST_TILE_R] = v;
   T->ops[AGX_ISA_ST_TILE_F] = agx_isa_enum(4, 4);
   T->ops[AGX_ISA_ST_TILE_MASK] = agx_isa_enum(0x3, 4);
   T->ops[AGX_ISA_ST_TILE_S] = agx_isa_imm(0xff, 8);
   st_var(b, x, 0);

   assert_true(agx_ra(f.ctx));
   *shared = f.ctx->values[x.value].reg == f.ctx->values[v.value].reg;
   agx_lower_pseudo(f.ctx);
   unsigned moves = count_op(f.ctx, AGX_ISA_OP_BITOP);
   ralloc_free(f.mem);
   return moves;
}

/* Texture coordinates (x_i, c) sharing their second element c, a value
 * that lives on (skia's lookups at a constant row), and every x_i live
 * to the end too: one x_i can lie right below c, and its vector then
 * copies nothing; every other x_i lies where its vector goes (the vector
 * follows it), so its collect copies c alone.  Placing the vectors
 * anywhere would copy both elements. */
static void
test_ra_collect_shared_source(void **state)
{
   (void)state;
   struct fixture f;
   setup_vid(&f);
   agx_builder *b = &f.b;
   agx_operand c = agx_temp(f.ctx, 32, 1);
   emit2(b, AGX_ISA_OP_FADD32, c, f.vid, f.vid);
   agx_operand x[4];
   for (unsigned i = 0; i < 4; ++i) {
      x[i] = agx_temp(f.ctx, 32, 1);
      emit2(b, AGX_ISA_OP_FADD32, x[i], f.vid, agx_isa_fimm(0x30 + i));
   }
   for (unsigned i = 0; i < 4; ++i) {
      agx_operand srcs[2] = {x[i], c};
      agx_operand v = agx_collect(b, 2, srcs);
      agx_instr *T = agx_emit(b, AGX_ISA_OP_ST_TILE);
      T->ops[AGX_ISA_ST_TILE_R] = v;
      T->ops[AGX_ISA_ST_TILE_F] = agx_isa_enum(4, 4);
      T->ops[AGX_ISA_ST_TILE_MASK] = agx_isa_enum(0x3, 4);
      T->ops[AGX_ISA_ST_TILE_S] = agx_isa_imm(0xff, 8);
   }
   for (unsigned i = 0; i < 4; ++i)
      st_var(b, x[i], i);
   st_var(b, c, 4);

   assert_true(agx_ra(f.ctx));
   agx_lower_pseudo(f.ctx);
   assert_int_equal(count_op(f.ctx, AGX_ISA_OP_BITOP), 3);
   check_and_free(&f, "lower_pseudo");
}

static void
test_ra_collect_alias(void **state)
{
   (void)state;
   bool shared;
   assert_int_equal(collect_alias_moves(X_ONCE, &shared), 0);
   assert_true(shared);
   assert_int_equal(collect_alias_moves(X_TWICE_BEFORE, &shared), 0);
   assert_true(shared);
   collect_alias_moves(X_WRITTEN_DURING, &shared);
   assert_false(shared);
}

/* After allocation: lowers the pseudo-instructions, returns the moves
 * left (bitop) and frees the fixture once the IR validates */
static unsigned
lower_count_moves(struct fixture *f)
{
   agx_lower_pseudo(f->ctx);
   unsigned moves = count_op(f->ctx, AGX_ISA_OP_BITOP);
   check_and_free(f, "lower_pseudo");
   return moves;
}

/* An allocation over the budget is kept whole (agx_ra_save) and put
 * back later (agx_ra_restore) instead of being made again: a copied
 * value coalesced with its copy has the copy's register too, and after
 * a later round left another order, no registers and no parallel-copy
 * marks, the order, the registers (in every operand), the run of
 * parallel copies and the register count come back. */
static void
test_ra_saved(void **state)
{
   (void)state;
   struct fixture f;
   setup_vid(&f);
   agx_context *ctx = f.ctx;
   agx_builder *b = &f.b;
   agx_operand a = agx_temp(ctx, 32, 1), c = agx_temp(ctx, 32, 1);
   agx_operand w1 = agx_temp(ctx, 32, 1), w2 = agx_temp(ctx, 32, 1);
   emit2(b, AGX_ISA_OP_FADD32, a, f.vid, f.vid);
   emit2(b, AGX_ISA_OP_FADD32, c, f.vid, agx_isa_fimm(0x30));
   agx_mov_to(b, w1, a);
   agx_instr *m1 = list_last_entry(&b->block->instrs, agx_instr, link);
   agx_mov_to(b, w2, c);
   agx_instr *m2 = list_last_entry(&b->block->instrs, agx_instr, link);
   st_var(b, w1, 0);
   st_var(b, w2, 1);
   agx_emit(b, AGX_ISA_OP_STOP);

   /* the preload in r5 alone needs 12 halves */
   ctx->ra_max_halves = 4;
   assert_false(agx_ra(ctx));
   assert_int_equal(ctx->status, AGX_COMPILE_TOO_BIG);
   unsigned halves = ctx->ra_over_budget;
   assert_true(halves >= 12);
   unsigned n = ctx->nr_values;
   int16_t *reg = malloc(sizeof(int16_t) * n);
   for (unsigned v = 0; v < n; ++v)
      reg[v] = ctx->values[v].reg;
   assert_true(reg[w1.value] >= 4 && reg[w2.value] >= 4);
   assert_int_equal(reg[w1.value], reg[a.value]);
   assert_true(m2->parallel & AGX_PAR_JOIN);
   agx_instr **order = agx_save_order(ctx);
   struct agx_ra_saved saved;
   agx_ra_save(ctx, &saved);

   /* a later round: the copies apart, nothing allocated */
   ctx->status = AGX_COMPILE_OK;
   list_del(&m1->link);
   list_addtail(&m1->link, &m2->link);
   agx_foreach_instr_global(ctx, I) I->parallel = 0;
   for (unsigned v = 0; v < n; ++v)
      ctx->values[v].reg = -1;

   agx_ra_restore(ctx, &saved);
   unsigned k = 0;
   agx_foreach_instr_global(ctx, I) {
      assert_ptr_equal(I, order[k]);
      k++;
      agx_foreach_op(I, i) {
         assert_false(agx_is_ssa(I->ops[i]));
      }
   }
   assert_null(order[k]);
   assert_true(m1->parallel & AGX_PAR_MEMBER);
   assert_true(m2->parallel & AGX_PAR_JOIN);
   for (unsigned v = 0; v < n; ++v)
      assert_int_equal(ctx->values[v].reg, reg[v]);
   assert_int_equal(m1->ops[0].kind, AGX_ISA_KIND_REG);
   assert_int_equal(m1->ops[0].value, reg[w1.value]);
   assert_int_equal(m2->ops[1].value, reg[c.value]);
   assert_int_equal(f.info.nr_gprs, AGX_ALIGN(halves, 2));
   free(reg);
   agx_lower_pseudo(ctx);
   check_and_free(&f, "lower_pseudo");
}

/* A budget retry on the same schedule (agx_compile.c) keeps the live
 * sets: with ra_liveness_valid, agx_ra takes them as they are (the same
 * arrays) and allocates as it would have, then clears the flag so that
 * the next round computes them again.  Since wave 15 it keeps its
 * intervals, coalescing and hints too (ctx->ra_prep, only after a
 * failure over the budget), and lets them go once it succeeds. */
static void
test_ra_liveness_reused(void **state)
{
   (void)state;
   struct fixture f;
   setup_vid(&f);
   agx_context *ctx = f.ctx;
   agx_builder *b = &f.b;
   agx_operand a = agx_temp(ctx, 32, 1), w = agx_temp(ctx, 32, 1);
   emit2(b, AGX_ISA_OP_FADD32, a, f.vid, f.vid);
   agx_mov_to(b, w, a);
   st_var(b, w, 0);
   agx_emit(b, AGX_ISA_OP_STOP);

   /* over a budget the preload in r5 alone exceeds */
   ctx->ra_max_halves = 4;
   assert_false(agx_ra(ctx));
   assert_true(ctx->ra_over_budget > 4);
   assert_non_null(ctx->ra_prep);
   assert_int_equal(ctx->nr_ra_prepared, 1);
   const unsigned *live = ctx->live_values;
   const BITSET_WORD *in = list_first_entry(&ctx->blocks, agx_block, link)
                              ->live_in;
   int16_t first = ctx->values[a.value].reg;
   ctx->status = AGX_COMPILE_OK;
   for (unsigned v = 0; v < ctx->nr_values; ++v)
      ctx->values[v].reg = -1;

   ctx->ra_liveness_valid = true;
   assert_false(agx_ra(ctx));
   assert_false(ctx->ra_liveness_valid);
   assert_int_equal(ctx->nr_ra_prepared, 1);
   assert_ptr_equal(ctx->live_values, live);
   assert_ptr_equal(list_first_entry(&ctx->blocks, agx_block, link)->live_in,
                    in);
   assert_int_equal(ctx->values[a.value].reg, first);

   /* without the flag they are computed again */
   ctx->status = AGX_COMPILE_OK;
   ctx->ra_max_halves = 0;
   assert_true(agx_ra(ctx));
   assert_ptr_not_equal(ctx->live_values, live);
   assert_int_equal(ctx->nr_ra_prepared, 2);
   assert_null(ctx->ra_prep);
   ralloc_free(f.mem);
}

static void
exec_op(agx_builder *b, enum agx_isa_op op, unsigned cc, agx_operand a,
        unsigned n)
{
   agx_instr *I = agx_emit(b, op);
   I->ops[AGX_ISA_IF_ICMP_CC] = agx_isa_enum(cc, 4);
   I->ops[AGX_ISA_IF_ICMP_A] = a;
   I->ops[AGX_ISA_IF_ICMP_B] = agx_isa_imm(0, 8);
   I->ops[AGX_ISA_IF_ICMP_N] = agx_isa_imm(n, 2);
}

/* if (vid) W = t else W = y; store W, with y computed before the if.  On
 * the program-order CFG y is live through the then side, where W is
 * written, so the else copy stays; on the logical CFG (a lane goes from
 * the then side straight to the join) t, y and W share one register and
 * no copy is left. */
static unsigned
phi_web_moves(bool logical, bool *shared)
{
   struct fixture f;
   setup(&f);
   agx_context *ctx = f.ctx;
   agx_block *blk[6];
   blk[0] = f.b.block;
   for (unsigned i = 1; i < 6; ++i)
      blk[i] = agx_block_create(ctx);

   agx_builder b = agx_builder_at_end(ctx, blk[0]);
   agx_operand vid = agx_temp(ctx, 32, 1);
   agx_instr *P = agx_emit_pseudo(&b, AGX_OP_PRELOAD, 2, 1);
   P->ops[0] = vid;
   P->ops[1] = agx_isa_imm(10, 16);
   ctx->values[vid.value].fixed = 10;
   agx_operand y = agx_temp(ctx, 32, 1), t = agx_temp(ctx, 32, 1);
   agx_operand w = agx_temp(ctx, 32, 1);
   emit2(&b, AGX_ISA_OP_FADD32, y, vid, vid);
   exec_op(&b, AGX_ISA_OP_IF_ICMP, 8 /* nueq */, vid, 1);

   b = agx_builder_at_end(ctx, blk[1]); /* then */
   emit2(&b, AGX_ISA_OP_FADD32, t, vid, agx_isa_fimm(0x30));
   agx_mov_to(&b, w, t);
   b = agx_builder_at_end(ctx, blk[2]);
   exec_op(&b, AGX_ISA_OP_ELSE_ICMP, 0 /* ueq */, vid, 1);
   b = agx_builder_at_end(ctx, blk[3]); /* else */
   agx_mov_to(&b, w, y);
   b = agx_builder_at_end(ctx, blk[4]);
   agx_instr *pop = agx_emit(&b, AGX_ISA_OP_POP_EXEC);
   pop->ops[AGX_ISA_POP_EXEC_N] = agx_isa_imm(1, 2);
   b = agx_builder_at_end(ctx, blk[5]);
   st_var(&b, w, 0);
   agx_emit(&b, AGX_ISA_OP_STOP);

   agx_build_cfg(ctx);
   for (unsigned i = 0; i < 6; ++i) {
      blk[i]->lsuccs[0] = blk[i]->succs[0];
      blk[i]->lsuccs[1] = blk[i]->succs[1];
   }
   blk[0]->lsuccs[0] = blk[1];
   blk[0]->lsuccs[1] = blk[3];
   blk[1]->lsuccs[0] = blk[5];
   blk[3]->lsuccs[0] = blk[5];
   ctx->logical_cfg = logical;

   assert_true(agx_ra(ctx));
   int rw = ctx->values[w.value].reg;
   *shared = ctx->values[t.value].reg == rw && ctx->values[y.value].reg == rw;
   agx_lower_pseudo(ctx);
   unsigned moves = count_op(ctx, AGX_ISA_OP_BITOP);
   ralloc_free(f.mem);
   return moves;
}

static void
test_ra_phi_web(void **state)
{
   (void)state;
   bool shared;
   assert_int_equal(phi_web_moves(true, &shared), 0);
   assert_true(shared);
   assert_int_equal(phi_web_moves(false, &shared), 1);
   assert_false(shared);
}

/* A loop counter's web W and the copy X of it at the loop's top that
 * the loop's condition reads (the shape of NIR's loop phis):
 *
 *    W = vid + vid
 *    loop: X = W; if_icmp X ...; W = X + 1.0; jmp_exec_any loop
 *    store W
 *
 * X's hull is the loop body and W's the whole loop, but X lives only
 * from the copy to the add, where W is dead: they share a register and
 * the copy goes, though an exec instruction reads X (such a value lives
 * on the program-order CFG: with a logical CFG its liveness comes from
 * the program-order one). */
static unsigned
loop_counter_moves(bool logical)
{
   struct fixture f;
   setup_vid(&f);
   agx_context *ctx = f.ctx;
   agx_block *head = agx_block_create(ctx), *latch = agx_block_create(ctx);
   agx_block *end = agx_block_create(ctx);
   agx_operand w = agx_temp(ctx, 32, 1), x = agx_temp(ctx, 32, 1);
   emit2(&f.b, AGX_ISA_OP_FADD32, w, f.vid, f.vid);
   agx_builder b = agx_builder_at_end(ctx, head);
   agx_mov_to(&b, x, w);
   exec_op(&b, AGX_ISA_OP_IF_ICMP, 8 /* nueq */, x, 1);
   b = agx_builder_at_end(ctx, latch);
   emit2(&b, AGX_ISA_OP_FADD32, w, x, agx_isa_fimm(0x30));
   agx_instr *J = agx_emit(&b, AGX_ISA_OP_JMP_EXEC_ANY);
   J->ops[0] = agx_block_ref(head);
   b = agx_builder_at_end(ctx, end);
   st_var(&b, w, 0);
   agx_emit(&b, AGX_ISA_OP_STOP);

   agx_build_cfg(ctx);
   agx_foreach_block(ctx, blk) {
      blk->lsuccs[0] = blk->succs[0];
      blk->lsuccs[1] = blk->succs[1];
   }
   ctx->logical_cfg = logical;
   assert_true(agx_ra(ctx));
   assert_int_equal(ctx->values[x.value].reg, ctx->values[w.value].reg);
   return lower_count_moves(&f);
}

static void
test_ra_loop_counter(void **state)
{
   (void)state;
   assert_int_equal(loop_counter_moves(false), 0);
   assert_int_equal(loop_counter_moves(true), 0);
}

/* A copy d = s while s is still read (an output stored while the value
 * goes on into arithmetic): d holds s's bits wherever both live, so
 * they share a register and no move is left, unless s is written twice
 * (then s's later value is not d's). */
static unsigned
value_copy_moves(bool s_written_twice, bool *shared)
{
   struct fixture f;
   setup_vid(&f);
   agx_builder *b = &f.b;
   agx_operand sv = agx_temp(f.ctx, 32, 1), d = agx_temp(f.ctx, 32, 1);
   agx_operand t = agx_temp(f.ctx, 32, 1);
   emit2(b, AGX_ISA_OP_FADD32, sv, f.vid, f.vid);
   agx_mov_to(b, d, sv);
   st_var(b, d, 0);
   if (s_written_twice)
      emit2(b, AGX_ISA_OP_FADD32, sv, sv, agx_isa_fimm(0x30));
   emit2(b, AGX_ISA_OP_FADD32, t, sv, agx_isa_fimm(0x30));
   st_var(b, t, 1);
   st_var(b, sv, 2);
   agx_emit(b, AGX_ISA_OP_STOP);

   assert_true(agx_ra(f.ctx));
   *shared = f.ctx->values[d.value].reg == f.ctx->values[sv.value].reg;
   return lower_count_moves(&f);
}

static void
test_ra_value_copy(void **state)
{
   (void)state;
   bool shared;
   assert_int_equal(value_copy_moves(false, &shared), 0);
   assert_true(shared);
   assert_int_equal(value_copy_moves(true, &shared), 1);
   assert_false(shared);
}

static void
test_lower_pseudo(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;

   /* already allocated operands */
   agx_mov_to(b, agx_isa_reg(8, 32, 0), agx_isa_imm(0x12345678, 32));
   agx_mov_to(b, agx_isa_reg(10, 32, 0), agx_isa_reg(8, 32, 0));
   agx_mov_to(b, agx_isa_reg(12, 32, 0), agx_isa_reg(12, 32, 0)); /* no-op */
   agx_mov_to(b, agx_isa_reg(14, 16, 0), agx_isa_imm(7, 16));
   agx_lower_pseudo(f.ctx);

   agx_instr *I[3];
   unsigned n = 0;
   agx_foreach_instr_global(f.ctx, J)
   {
      if (n < 3)
         I[n] = J;
      n++;
   }
   assert_int_equal(n, 3);
   assert_int_equal(I[0]->op, AGX_ISA_OP_MOV_IMM32);
   assert_int_equal(I[0]->ops[AGX_ISA_MOV_IMM32_IMM32].value, 0x12345678);
   assert_int_equal(I[1]->op, AGX_ISA_OP_BITOP);
   /* truth table "A": bits 1 and 3 (a & ~b, a & b) */
   assert_int_equal(I[1]->ops[AGX_ISA_BITOP_TT].value, 0xa);
   assert_int_equal(I[1]->ops[AGX_ISA_BITOP_A].value, 8);
   assert_int_equal(I[2]->op, AGX_ISA_OP_MOV_IMM16);
   ralloc_free(f.mem);
}

static void
test_validate(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   char msg[256];

   agx_operand a = agx_temp(f.ctx, 32, 1); /* never defined */
   st_var(b, a, 0);
   assert_false(agx_validate(f.ctx, "test", msg, sizeof(msg)));
   assert_non_null(strstr(msg, "never defined"));
   ralloc_free(f.mem);

   setup(&f);
   b = &f.b;
   agx_operand x = agx_mov_imm(b, 32, 1);
   agx_instr *C = agx_emit_pseudo(b, AGX_OP_COLLECT, 3, 1);
   C->ops[0] = agx_temp(f.ctx, 32, 3); /* three elements from two */
   C->ops[1] = x;
   C->ops[2] = x;
   assert_false(agx_validate(f.ctx, "test", msg, sizeof(msg)));
   assert_non_null(strstr(msg, "collect"));
   ralloc_free(f.mem);

   setup(&f);
   b = &f.b;
   agx_operand y = agx_mov_imm(b, 32, 1);
   y.count = 2; /* used with the wrong shape */
   st_var(b, y, 0);
   assert_false(agx_validate(f.ctx, "test", msg, sizeof(msg)));
   ralloc_free(f.mem);
}

/* A backward jmp_exec_any to the start of its block: offset = -(bytes
 * before the jump in that block). */
static void
test_pack_branch(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_block *top = agx_block_create(f.ctx);
   agx_builder b = agx_builder_at_end(f.ctx, top);
   agx_instr *W = agx_emit(&b, AGX_ISA_OP_WAIT); /* 2 bytes */
   W->ops[0] = agx_isa_imm(0, 1);
   agx_instr *J = agx_emit(&b, AGX_ISA_OP_JMP_EXEC_ANY);
   J->ops[0] = agx_block_ref(top);
   agx_block *end = agx_block_create(f.ctx);
   b = agx_builder_at_end(f.ctx, end);
   agx_emit(&b, AGX_ISA_OP_STOP);

   uint8_t *code;
   size_t size;
   assert_int_equal(agx_pack(f.ctx, f.mem, &code, &size), 0);
   struct agx_isa_instr d;
   assert_int_equal(agx_isa_decode(code + 2, size - 2, &d), 6);
   assert_int_equal(d.op, AGX_ISA_OP_JMP_EXEC_ANY);
   assert_int_equal(d.operands[0].value, -2);
   ralloc_free(f.mem);
}

/* Spilling: a value read by an ordinary instruction is stored after its
 * definition and loaded before the use; the condition of an else (read in
 * lanes a fill would not reach) and a value written only in part are
 * left alone. */
/* agx_insert_waits on registers (after allocation): loads of r4 and
 * r6 (halves 8, 12), an add of r10 that needs neither, a read of r6, a
 * write of r4 from the second batch, nine loads in a row, a load pending
 * at the end of a block with a successor, and one at the end of the last
 * block.  Selection's waits right after the loads are removed. */
static agx_instr *
load_to(agx_builder *b, unsigned half)
{
   agx_instr *I = agx_emit(b, AGX_ISA_OP_DEVICE_LOAD);
   I->ops[AGX_ISA_DEVICE_LOAD_R] = agx_isa_reg_run(half, 32, 1);
   I->ops[AGX_ISA_DEVICE_LOAD_A] = agx_uniform(0, 64);
   I->ops[AGX_ISA_DEVICE_LOAD_O] = agx_isa_imm(0, 16);
   agx_emit(b, AGX_ISA_OP_WAIT)->ops[AGX_ISA_WAIT_I] = agx_isa_imm(0, 1);
   return I;
}

static agx_instr *
add_regs(agx_builder *b, unsigned d, unsigned a)
{
   return emit2(b, AGX_ISA_OP_IADD, agx_isa_reg(d, 32, 0),
                agx_isa_reg(a, 32, 0), agx_isa_imm(1, 8));
}

/* Number of waits between A (exclusive) and B (exclusive), in one block */
static unsigned
waits_between(const agx_instr *A, const agx_instr *B)
{
   unsigned n = 0;
   for (const struct list_head *l = A->link.next; l != &B->link; l = l->next)
      n += list_entry(l, agx_instr, link)->op == AGX_ISA_OP_WAIT;
   return n;
}

static void
test_insert_waits(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   agx_block *b0 = b->block;

   agx_instr *l4 = load_to(b, 8);
   agx_instr *l6 = load_to(b, 12);
   agx_instr *other = add_regs(b, 20, 20);
   agx_instr *use6 = add_regs(b, 16, 12);
   agx_instr *l4b = load_to(b, 8);
   agx_instr *w4 = add_regs(b, 8, 16); /* writes r4: after the load */
   agx_instr *loads[9];
   for (unsigned i = 0; i < 9; ++i)
      loads[i] = load_to(b, 24 + 2 * i);
   agx_instr *tail = load_to(b, 60);

   agx_block *b1 = agx_block_create(f.ctx);
   agx_block_add_succ(f.ctx, b0, b1);
   *b = agx_builder_at_end(f.ctx, b1);
   agx_instr *use_tail = add_regs(b, 62, 60);
   load_to(b, 70); /* pending when the shader ends */

   assert_int_equal(count_op(f.ctx, AGX_ISA_OP_WAIT), 14);
   agx_insert_waits(f.ctx);

   /* the two loads overlap, the add runs before any wait */
   assert_int_equal(waits_between(l4, l6), 0);
   assert_int_equal(waits_between(l6, other), 0);
   assert_int_equal(waits_between(other, use6), 1);
   /* write after write */
   assert_int_equal(waits_between(l4b, w4), 1);
   /* eight pending at most */
   assert_int_equal(waits_between(w4, loads[7]), 0);
   assert_int_equal(waits_between(loads[7], loads[8]), 1);
   assert_int_equal(waits_between(loads[8], tail), 0);
   /* the end of b0 waits; b1 starts with nothing pending */
   agx_instr *end0 = list_last_entry(&b0->instrs, agx_instr, link);
   assert_int_equal(end0->op, AGX_ISA_OP_WAIT);
   assert_ptr_equal(list_first_entry(&b1->instrs, agx_instr, link), use_tail);
   /* nothing runs after the last block */
   agx_instr *end1 = list_last_entry(&b1->instrs, agx_instr, link);
   assert_int_equal(end1->op, AGX_ISA_OP_DEVICE_LOAD);
   assert_int_equal(count_op(f.ctx, AGX_ISA_OP_WAIT), 4);
   ralloc_free(f.mem);
}

/* agx_opt_promote_constants: pi (no immediate form) read by an fadd and
 * an fmul, from two movs, takes one uniform both read; a constant a
 * varying store reads stays a mov, and so does one already pushed full. */
static void
test_promote_constants(void **state)
{
   (void)state;
   struct fixture f;
   setup(&f);
   agx_builder *b = &f.b;
   const uint32_t pi = 0x40490fdb;
   agx_operand z = agx_temp(f.ctx, 32, 1);
   agx_instr *P = agx_emit_pseudo(b, AGX_OP_PRELOAD, 2, 1);
   P->ops[0] = z;
   P->ops[1] = agx_isa_imm(10, 16);
   f.ctx->values[z.value].fixed = 10;
   f.ctx->next_uniform = 6; /* the range goes after the other pushes */

   agx_operand x = agx_mov_imm(b, 32, pi), y = agx_temp(f.ctx, 32, 1);
   agx_instr *A = emit2(b, AGX_ISA_OP_FADD32, y, z, x);
   agx_operand w = agx_mov_imm(b, 32, pi), v = agx_temp(f.ctx, 32, 1);
   agx_instr *M = emit2(b, AGX_ISA_OP_FMUL32, v, w, y);
   agx_operand u = agx_mov_imm(b, 32, 0x12345678);
   agx_instr *S = st_var(b, u, 0);
   st_var(b, v, 1);

   agx_opt_promote_constants(f.ctx);
   assert_int_equal(f.info.nr_constants, 1);
   assert_int_equal(f.info.constants[0], pi);
   assert_int_equal(f.info.nr_push, 1);
   const struct agx_push_range *r = &f.info.push[0];
   assert_int_equal(r->kind, AGX_PUSH_CONSTANTS);
   assert_int_equal(r->index, 0);
   assert_int_equal(r->length, 2);
   assert_true(r->uniform >= 6);
   assert_int_equal(A->ops[2].kind, AGX_ISA_KIND_UREG);
   assert_int_equal(A->ops[2].value, r->uniform);
   assert_int_equal(M->ops[1].kind, AGX_ISA_KIND_UREG);
   assert_int_equal(M->ops[1].value, r->uniform);
   assert_true(agx_is_ssa(S->ops[AGX_ISA_ST_VAR_R]));
   agx_dce(f.ctx);
   assert_int_equal(count_op(f.ctx, AGX_OP_MOV), 1);

   /* no uniform half below 256 left: nothing changes */
   struct fixture g;
   setup(&g);
   g.ctx->next_uniform = 255;
   agx_operand c = agx_mov_imm(&g.b, 32, pi), d = agx_temp(g.ctx, 32, 1);
   agx_instr *B = emit2(&g.b, AGX_ISA_OP_FADD32, d, c, c);
   st_var(&g.b, d, 0);
   agx_opt_promote_constants(g.ctx);
   assert_int_equal(g.info.nr_constants, 0);
   assert_true(agx_is_ssa(B->ops[1]));
   ralloc_free(g.mem);
   ralloc_free(f.mem);
}

/* ---- agx_schedule ------------------------------------------------------
 * Loads are issued before the work that waits for them, and nothing
 * crosses what orders it (values, memory, discards, fences, register
 * pressure). */

/* Slack for the tests of ordering: enough that register pressure never
 * holds an instruction back */
#define ROOM 64

/* The fixture with a preloaded vertex id in f->vid */
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

/* Two loads each read by the next instruction: both issue before either
 * add (one wait then covers both), selection's waits are gone, and the
 * varying stores keep their order. */
static void
test_loads_first(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;
   agx_operand a = temp(f), s = temp(f), c = temp(f), t = temp(f);
   agx_instr *A = load(b, a, f->vid);
   agx_instr *S = emit2(b, AGX_ISA_OP_IADD, s, a, one());
   agx_instr *C = load(b, c, f->vid);
   agx_instr *T = emit2(b, AGX_ISA_OP_IADD, t, c, one());
   agx_instr *V0 = st_var(b, s, 0);
   agx_instr *V1 = st_var(b, t, 1);

   agx_schedule(f->ctx, ROOM);
   assert_int_equal(count_op(f->ctx, AGX_ISA_OP_WAIT), 0);
   assert_true(pos(A) < pos(S));
   assert_true(pos(C) < pos(S));
   assert_true(pos(C) < pos(T));
   assert_true(pos(V0) < pos(V1));
   assert_true(pos(S) < pos(V0) && pos(T) < pos(V1));
}

/* A load whose address is computed stays after the computation; a store
 * stays after the loads before it (also one whose result is read only at
 * the end, which the store, leading a longer path, would like to pass),
 * and a load of what the store wrote stays after it. */
static void
test_dependencies(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;
   agx_operand a = temp(f), s = temp(f), c = temp(f), d = temp(f);
   agx_operand e = temp(f), l = temp(f);
   agx_instr *A = load(b, a, f->vid);
   agx_instr *S = emit2(b, AGX_ISA_OP_IADD, s, a, one());
   agx_instr *C = load(b, c, s);       /* address from S */
   agx_instr *L = load(b, l, c);       /* ready when W is */
   agx_instr *W = store(b, c, f->vid); /* after the loads before it */
   agx_instr *D = load(b, d, f->vid);  /* reads what W wrote */
   agx_instr *E = emit2(b, AGX_ISA_OP_IADD, e, d, one());
   st_var(b, e, 0);
   st_var(b, l, 1);

   agx_schedule(f->ctx, ROOM);
   assert_true(pos(A) < pos(S));
   assert_true(pos(S) < pos(C));
   assert_true(pos(A) < pos(W) && pos(C) < pos(W) && pos(L) < pos(W));
   assert_true(pos(W) < pos(D));
   assert_true(pos(D) < pos(E));
}

/* A value written twice (a phi web): the second write, a load the
 * scheduler would like to issue early, stays after the read of the
 * first value. */
static void
test_web_write_after_read(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;
   agx_operand w = temp(f), x = temp(f), y = temp(f);
   agx_instr *M = agx_emit_pseudo(b, AGX_OP_MOV, 2, 1);
   M->ops[0] = w;
   M->ops[1] = agx_isa_imm(3, 16);
   agx_instr *X = emit2(b, AGX_ISA_OP_IADD, x, w, one());
   agx_instr *L = load(b, w, f->vid);
   agx_instr *Y = emit2(b, AGX_ISA_OP_IADD, y, w, x);
   st_var(b, y, 0);

   agx_schedule(f->ctx, ROOM);
   assert_true(pos(M) < pos(X));
   assert_true(pos(X) < pos(L));
   assert_true(pos(L) < pos(Y));
}

/* dst = a lookup of texture 0 at the 2D coordinate vector coord, and
 * the wait selection puts after it */
static agx_instr *
sample_2d(agx_builder *b, agx_operand dst, agx_operand coord)
{
   agx_instr *I = agx_emit(b, AGX_ISA_OP_TEXTURE_SAMPLE);
   I->ops[AGX_ISA_TEXTURE_SAMPLE_MASK] = agx_isa_enum(1, 4);
   I->ops[AGX_ISA_TEXTURE_SAMPLE_R] = dst;
   I->ops[AGX_ISA_TEXTURE_SAMPLE_T] =
      (agx_operand){AGX_ISA_KIND_TEXTURE_STATE, 32, 1, 0, 0};
   I->ops[AGX_ISA_TEXTURE_SAMPLE_S] =
      (agx_operand){AGX_ISA_KIND_SAMPLER_STATE, 32, 1, 0, 0};
   I->ops[AGX_ISA_TEXTURE_SAMPLE_N] = agx_isa_enum(2, 4);
   I->ops[AGX_ISA_TEXTURE_SAMPLE_C] = coord;
   agx_emit(b, AGX_ISA_OP_WAIT)->ops[AGX_ISA_WAIT_I] = agx_isa_imm(0, 1);
   return I;
}

/* A column walk, unrolled: lookups at (x, y_k) with y_k+1 = y_k + d.
 * Each next y leads a longer path than the lookup before it, but since
 * wave 14 the reader of a collect's vector goes right after the collect
 * when it can: the vector then dies before the next y is written, which
 * may take the register of the y before it, at the vector's place. */
static void
test_collect_reader_follows(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;
   agx_operand x = temp(f), y = temp(f), r[3];
   emit2(b, AGX_ISA_OP_FADD32, x, f->vid, f->vid);
   emit2(b, AGX_ISA_OP_FADD32, y, f->vid, agx_isa_fimm(0x30));
   agx_instr *C[3], *T[3];
   for (unsigned k = 0; k < 3; ++k) {
      agx_operand srcs[2] = {x, y};
      agx_operand v = agx_collect(b, 2, srcs);
      C[k] = list_last_entry(&b->block->instrs, agx_instr, link);
      r[k] = temp(f);
      T[k] = sample_2d(b, r[k], v);
      agx_operand next = temp(f);
      emit2(b, AGX_ISA_OP_FADD32, next, y, agx_isa_fimm(0x30));
      y = next;
   }
   for (unsigned k = 0; k < 3; ++k)
      st_var(b, r[k], k);
   st_var(b, y, 3);

   agx_schedule(f->ctx, ROOM);
   for (unsigned k = 0; k < 3; ++k)
      assert_int_equal(pos(T[k]), pos(C[k]) + 1);
}

/* A store before a discard stays before it, and a store and a tile
 * store after it stay after it (the store after it leads the longest
 * path: a load of what it wrote); nothing crosses control flow. */
static void
test_discard_and_fences(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;
   agx_operand a = temp(f), c = temp(f), s = temp(f), d = temp(f);
   agx_operand e = temp(f);
   agx_instr *W = store(b, f->vid, f->vid);
   agx_instr *K = agx_emit(b, AGX_ISA_OP_SAMPLE_MASK);
   K->ops[AGX_ISA_SAMPLE_MASK_S] = agx_isa_imm(0xff, 8);
   K->ops[AGX_ISA_SAMPLE_MASK_M] = agx_isa_imm(0, 8);
   agx_instr *T = agx_emit(b, AGX_ISA_OP_ST_TILE);
   T->ops[AGX_ISA_ST_TILE_R] = f->vid;
   agx_instr *X = store(b, f->vid, f->vid);
   agx_instr *D = load(b, d, f->vid);
   emit2(b, AGX_ISA_OP_IADD, e, d, one());
   st_var(b, e, 1);
   agx_instr *A = load(b, a, f->vid);
   agx_instr *P = agx_emit(b, AGX_ISA_OP_POP_EXEC);
   P->ops[AGX_ISA_POP_EXEC_N] = agx_isa_imm(1, 2);
   agx_instr *C = load(b, c, f->vid);
   agx_instr *S = emit2(b, AGX_ISA_OP_IADD, s, a, c);
   st_var(b, s, 0);

   agx_schedule(f->ctx, ROOM);
   assert_true(pos(W) < pos(K));
   assert_true(pos(K) < pos(T) && pos(K) < pos(X));
   assert_true(pos(X) < pos(D));
   assert_true(pos(A) < pos(P));
   assert_true(pos(P) < pos(C));
   assert_true(pos(C) < pos(S));
}

/* acc = l0; acc += l1; ... acc += l7: issuing every load first would keep
 * eight results live where the original order keeps two; the schedule
 * may not go above the original peak. */
static void
test_pressure_limit(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;
   agx_instr *loads[8], *adds[8];
   agx_operand acc = temp(f);
   loads[0] = load(b, acc, f->vid);
   for (unsigned i = 1; i < 8; ++i) {
      agx_operand l = temp(f), next = temp(f);
      loads[i] = load(b, l, f->vid);
      adds[i] = emit2(b, AGX_ISA_OP_IADD, next, acc, l);
      acc = next;
   }
   st_var(b, acc, 0);
   st_var(b, f->vid, 1); /* vid stays live: every load adds a value */

   agx_schedule(f->ctx, 0);
   /* the accumulator and at most one load result live at once */
   for (unsigned i = 2; i < 8; ++i)
      assert_true(pos(loads[i]) > pos(adds[i - 1]));
   for (unsigned i = 1; i < 8; ++i)
      assert_true(pos(loads[i]) < pos(adds[i]));
}

/* Independent loads with results read at the end: all of them go first
 * when the pressure allows it (the original order's peak is as high). */
static void
test_pressure_allows(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;
   agx_operand v[4], s[4];
   agx_instr *loads[4], *adds[4];
   for (unsigned i = 0; i < 4; ++i) {
      v[i] = temp(f);
      s[i] = temp(f);
      loads[i] = load(b, v[i], f->vid);
      adds[i] = emit2(b, AGX_ISA_OP_IADD, s[i], v[i], one());
   }
   /* every sum is live at the end: the peak is four values anyway */
   for (unsigned i = 0; i < 4; ++i)
      st_var(b, s[i], i);

   agx_schedule(f->ctx, 0);
   for (unsigned i = 0; i < 4; ++i)
      assert_true(pos(loads[3]) < pos(adds[i]));
}

static void
test_spill(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;

   /* (not a constant, which would be rematerialized: test_spill_remat) */
   agx_operand x = agx_temp(f->ctx, 32, 1);
   emit2(b, AGX_ISA_OP_ISUB, x, agx_uniform(8, 32), agx_isa_imm(7, 8));
   agx_operand cond = agx_mov_imm(b, 32, 1);
   agx_operand y = agx_temp(f->ctx, 32, 1);
   emit2(b, AGX_ISA_OP_IADD, y, x, agx_isa_imm(1, 8));
   agx_instr *E = agx_emit(b, AGX_ISA_OP_ELSE_ICMP);
   E->ops[AGX_ISA_ELSE_ICMP_A] = cond;
   E->ops[AGX_ISA_ELSE_ICMP_B] = agx_isa_imm(0, 8);
   st_var(b, y, 0);

   /* the condition: nothing to spill */
   unsigned only_cond[] = {(unsigned)cond.value};
   set_candidates(f->ctx, only_cond, 1, 2);
   assert_false(agx_spill(f->ctx));
   assert_int_equal(count_op(f->ctx, AGX_ISA_OP_STACK_STORE), 0);

   /* x: one store after its move, one load before the add */
   unsigned both[] = {(unsigned)cond.value, (unsigned)x.value};
   set_candidates(f->ctx, both, 2, 2);
   expect_spill(f->ctx, 1, 1);
   assert_int_equal(f->ctx->scratch_size_B, 4);
   /* x is no longer referenced; the add reads what the load wrote */
   agx_instr *load = NULL;
   agx_foreach_instr_global(f->ctx, I)
   {
      assert_false(refers_to(I, x));
      if (I->op == AGX_ISA_OP_STACK_LOAD)
         load = I;
      if (I->op == AGX_ISA_OP_IADD) {
         assert_non_null(load);
         assert_int_equal(I->ops[AGX_ISA_IADD_A].value,
                          load->ops[AGX_ISA_STACK_LOAD_R].value);
      }
   }
   check_valid(f, "spill");
}

/* A coalesced group (a phi web w with the value d copied out of it)
 * spills to one slot: the copy within the group disappears, the copy into
 * it is the store, and every reader of any member loads the slot, so no
 * member keeps a register. */
static void
test_spill_group(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;

   agx_operand a, w, d;
   build_web(f, &a, &w, &d);
   agx_operand y = agx_temp(f->ctx, 32, 1);
   emit2(b, AGX_ISA_OP_IADD, y, d, agx_isa_imm(1, 8));
   st_var(b, y, 0);
   st_var(b, d, 1);

   unsigned group[16];
   for (unsigned v = 0; v < f->ctx->nr_values; ++v)
      group[v] = v;
   group[d.value] = (unsigned)w.value;
   f->ctx->ra_group = group;
   f->ctx->nr_ra_grouped = f->ctx->nr_values;
   spill_only(f->ctx, w, 1, 2);
   const agx_operand members[] = {w, d};
   check_web_spilled(f->ctx, a, NULL, members, 2);
   /* the groups are agx_ra's answer for this round only */
   assert_null(f->ctx->ra_group);
   check_valid(f, "spill");
}

/* Phi webs copying one constant (a loop counter's 0 in several webs)
 * copy the constant itself, so it does not stay in a register; a
 * uniform likewise.  A copy with a modifier stays a copy. */
static void
test_fold_copies(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;

   /* 1.0 and a uniform, each copied into webs */
   agx_operand one = agx_mov_imm(b, 32, 0x3f800000);
   agx_operand u = agx_temp(f->ctx, 32, 1);
   agx_mov_to(b, u, agx_uniform(8, 32));
   agx_operand w[4];
   for (unsigned i = 0; i < 4; ++i)
      w[i] = agx_temp(f->ctx, 32, 1);
   agx_mov_to(b, w[0], one);
   agx_mov_to(b, w[1], one);
   agx_mov_to(b, w[2], u);
   agx_mov_to(b, w[3], agx_neg(one));
   for (unsigned i = 0; i < 4; ++i)
      st_var(b, w[i], i);

   agx_opt_fold(f->ctx);
   agx_dce(f->ctx);
   unsigned i = 0;
   agx_foreach_instr_global(f->ctx, I)
   {
      if (I->op != AGX_OP_MOV || I->ops[0].value < w[0].value)
         continue;
      agx_operand src = I->ops[1];
      if (i < 2) {
         assert_int_equal(src.kind, AGX_ISA_KIND_IMM);
         assert_int_equal(src.value, 0x3f800000);
      } else if (i == 2) {
         assert_int_equal(src.kind, AGX_ISA_KIND_UREG);
         assert_int_equal(src.value, 8);
      } else {
         assert_true(agx_is_ssa(src));
         assert_int_equal(src.value, one.value);
      }
      i++;
   }
   assert_int_equal(i, 4);
   check_valid(f, "fold");
}

/* A constant that runs out of registers is moved again before each
 * reader instead of going through the stack: no store, no load, no
 * frame; a copy of it copies the immediate. */
static void
test_spill_remat(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;

   agx_operand k = agx_mov_imm(b, 32, 0x12345678);
   agx_operand y[2], w = agx_temp(f->ctx, 32, 1);
   for (unsigned i = 0; i < 2; ++i) {
      y[i] = agx_temp(f->ctx, 32, 1);
      emit2(b, AGX_ISA_OP_IADD, y[i], k, agx_isa_imm(i + 1, 8));
   }
   agx_mov_to(b, w, k);
   st_var(b, y[0], 0);
   st_var(b, y[1], 1);
   st_var(b, w, 2);

   unsigned cand[] = {(unsigned)k.value};
   set_candidates(f->ctx, cand, 1, 2);
   expect_spill(f->ctx, 0, 0);
   assert_int_equal(f->ctx->scratch_size_B, 0);
   agx_instr *prev = NULL;
   unsigned adds = 0, moves = 0;
   agx_foreach_instr_global(f->ctx, I)
   {
      assert_false(refers_to(I, k));
      if (I->op == AGX_OP_MOV) {
         assert_int_equal(I->ops[1].kind, AGX_ISA_KIND_IMM);
         assert_int_equal(I->ops[1].value, 0x12345678);
         moves++;
      }
      if (I->op == AGX_ISA_OP_IADD) {
         /* right after its own move */
         assert_non_null(prev);
         assert_int_equal(prev->op, AGX_OP_MOV);
         assert_int_equal(I->ops[AGX_ISA_IADD_A].value, prev->ops[0].value);
         adds++;
      }
      prev = I;
   }
   /* one per add and the copy, which took the immediate */
   assert_int_equal(adds, 2);
   assert_int_equal(moves, 3);
   check_valid(f, "spill");
}

/* A spilled value written and read by copies (a phi web): the copies
 * become the store and the load themselves, with no temporary. */
static void
test_spill_copies(void **state)
{
   struct fixture *f = *state;
   agx_builder *b = &f->b;

   agx_operand a, w, d;
   build_web(f, &a, &w, &d);
   st_var(b, d, 0);

   spill_only(f->ctx, w, 1, 1);
   check_web_spilled(f->ctx, a, &d, &w, 1);
   check_valid(f, "spill");
}

/* The movs (immediates) and collect agx_opt_remat_constants made right
 * before `reader` for a vector of `n` elements, checked against imm[] */
static void
check_copy_before(const agx_instr *reader, unsigned src, unsigned n,
                  const uint32_t *imm)
{
   const agx_instr *C = list_entry(reader->link.prev, agx_instr, link);
   assert_int_equal(C->op, AGX_OP_COLLECT);
   assert_int_equal(reader->ops[src].value, C->ops[0].value);
   const agx_instr *M = C;
   for (unsigned i = n; i-- > 0;) {
      M = list_entry(M->link.prev, agx_instr, link);
      assert_int_equal(M->op, AGX_OP_MOV);
      assert_int_equal(M->ops[1].kind, AGX_ISA_KIND_IMM);
      assert_int_equal(M->ops[1].value, imm[i]);
      assert_int_equal(C->ops[1 + i].value, M->ops[0].value);
   }
}

/* A constant vec2 made in block 0 and stored there, then in block 1 (two
 * stores 20 instructions apart), a scalar constant copied in block 1 and
 * read by an else there: block 1 gets two copies of the vector (its first
 * store and the far one), the scalar copy takes the immediate, the else
 * reads the first definition (a copy would not reach its inactive lanes),
 * and the store in block 0 keeps reading the first definition. */
static void
test_remat_constants(void **state)
{
   struct fixture *f = *state;
   agx_context *ctx = f->ctx;
   agx_builder *b = &f->b;
   static const uint32_t imm[2] = {0x3f800000, 0x40000000};

   agx_operand e[2] = {agx_mov_imm(b, 32, imm[0]), agx_mov_imm(b, 32, imm[1])};
   agx_operand vec = agx_collect(b, 2, e);
   agx_operand k = agx_mov_imm(b, 32, 7);
   agx_instr *S0 = st_var(b, vec, 0);
   S0->ops[AGX_ISA_ST_VAR_R].count = 2;

   agx_block *b1 = agx_block_create(ctx);
   agx_block_add_succ(ctx, list_first_entry(&ctx->blocks, agx_block, link),
                      b1);
   *b = agx_builder_at_end(ctx, b1);
   agx_operand w = agx_temp(ctx, 32, 1);
   agx_mov_to(b, w, k);
   agx_instr *S1 = st_var(b, vec, 1);
   S1->ops[AGX_ISA_ST_VAR_R].count = 2;
   agx_operand x = w;
   for (unsigned i = 0; i < 20; ++i) {
      agx_operand y = agx_temp(ctx, 32, 1);
      emit2(b, AGX_ISA_OP_IADD, y, x, agx_isa_imm(1, 8));
      x = y;
   }
   agx_instr *S2 = st_var(b, vec, 2);
   S2->ops[AGX_ISA_ST_VAR_R].count = 2;
   agx_instr *E = agx_emit(b, AGX_ISA_OP_ELSE_ICMP);
   E->ops[AGX_ISA_ELSE_ICMP_A] = k;
   E->ops[AGX_ISA_ELSE_ICMP_B] = agx_isa_imm(0, 8);
   st_var(b, x, 3);

   assert_true(agx_opt_remat_constants(ctx));
   assert_int_equal(S0->ops[AGX_ISA_ST_VAR_R].value, vec.value);
   check_copy_before(S1, AGX_ISA_ST_VAR_R, 2, imm);
   check_copy_before(S2, AGX_ISA_ST_VAR_R, 2, imm);
   assert_int_not_equal(S1->ops[AGX_ISA_ST_VAR_R].value,
                        S2->ops[AGX_ISA_ST_VAR_R].value);
   assert_int_equal(E->ops[AGX_ISA_ELSE_ICMP_A].value, k.value);
   agx_foreach_instr(b1, I)
   {
      if (I->op == AGX_OP_MOV && I->ops[0].value == w.value) {
         assert_int_equal(I->ops[1].kind, AGX_ISA_KIND_IMM);
         assert_int_equal(I->ops[1].value, 7);
      }
   }
   check_valid(f, "remat_constants");

   /* nothing left to do: the copies are near their readers */
   assert_false(agx_opt_remat_constants(ctx));
}

/* A test run on a fixture of its own: an empty vertex shader (IR_TEST),
 * or one with a preloaded vertex id (VID_TEST). */
#define IR_TEST(t)                                                             \
   cmocka_unit_test_setup_teardown(t, fixture_setup, fixture_teardown)
#define VID_TEST(t)                                                            \
   cmocka_unit_test_setup_teardown(t, fixture_setup_vid, fixture_teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fold),
      cmocka_unit_test(test_sat),
      cmocka_unit_test(test_dce),
      cmocka_unit_test(test_ra),
      cmocka_unit_test(test_ra_collect_alias),
      cmocka_unit_test(test_ra_collect_shared_source),
      cmocka_unit_test(test_ra_phi_web),
      cmocka_unit_test(test_ra_saved),
      cmocka_unit_test(test_ra_liveness_reused),
      cmocka_unit_test(test_ra_loop_counter),
      cmocka_unit_test(test_ra_value_copy),
      cmocka_unit_test(test_lower_pseudo),
      cmocka_unit_test(test_validate),
      cmocka_unit_test(test_pack_branch),
      cmocka_unit_test(test_insert_waits),
      cmocka_unit_test(test_promote_constants),
      VID_TEST(test_loads_first),
      VID_TEST(test_dependencies),
      VID_TEST(test_web_write_after_read),
      VID_TEST(test_collect_reader_follows),
      VID_TEST(test_discard_and_fences),
      VID_TEST(test_pressure_limit),
      VID_TEST(test_pressure_allows),
      IR_TEST(test_spill),
      IR_TEST(test_spill_copies),
      IR_TEST(test_spill_remat),
      IR_TEST(test_spill_group),
      IR_TEST(test_remat_constants),
      IR_TEST(test_fold_copies),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
