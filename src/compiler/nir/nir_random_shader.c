/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Random shader generator and differential-test harness (see the header).
 *
 * Everything that draws random numbers or emits instructions is called
 * in its own statement, in order: C leaves the order of a call's
 * arguments unspecified (gcc on x86-64 evaluates them right to left,
 * clang left to right), and a seed must give the same shader whichever
 * compiler built the generator.
 */
#include "nir_random_shader.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nir_builder.h"
#include "nir_passes.h"
#include "util/u_math.h"

/* ---- random numbers (splitmix64: small, good enough, reproducible) ------ */

typedef struct {
   uint64_t s;
} rng;

static uint64_t
rng_next(rng *r)
{
   uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static unsigned
rng_below(rng *r, unsigned n)
{
   return n ? (unsigned)(rng_next(r) % n) : 0;
}

static bool
rng_chance(rng *r, unsigned percent)
{
   return rng_below(r, 100) < percent;
}

/* ---- generator state ----------------------------------------------------- */

enum vt { VT_F, VT_FV, VT_I, VT_IV, VT_B, VT_COUNT };

#define POOL_MAX 256

typedef struct {
   rng r;
   nir_builder b;
   const nir_random_options *o;
   nir_def *pool[VT_COUNT][POOL_MAX];
   unsigned pool_n[VT_COUNT];
   nir_variable *in_f[2], *in_i[2], *u_f, *u_i;
   nir_variable *out_f[3], *out_i[2];
   nir_variable *lf, *li, *lv, *arr_i, *arr_f;
   nir_variable *counters[4];
   nir_def *counter_vals[4];   /* loaded counter of each open loop */
   unsigned loop_depth;
   unsigned flow_depth;       /* ifs and loops around the current point */
   unsigned budget;           /* statements left */
} gen;

static void
pool_add(gen *g, enum vt t, nir_def *d)
{
   /* When full, drop the value: overwriting an older entry could leave an
    * inner-scope value visible after its scope. */
   if (g->pool_n[t] < POOL_MAX)
      g->pool[t][g->pool_n[t]++] = d;
}

typedef struct {
   unsigned n[VT_COUNT];
} scope;

static scope
scope_push(gen *g)
{
   scope s;
   memcpy(s.n, g->pool_n, sizeof(s.n));
   return s;
}

static void
scope_pop(gen *g, scope s)
{
   /* Values made inside a branch do not dominate what follows. */
   memcpy(g->pool_n, s.n, sizeof(s.n));
}

static nir_def *gen_value(gen *g, enum vt t, unsigned depth);

static const float special_floats[] = {
   0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, -2.5f, 3.0f, 100.0f, 1e-3f,
   1e30f, -1e30f, 1.17549435e-38f, 1e-40f, 16777216.0f, 0.333333343f,
};

static const int32_t special_ints[] = {
   0, 1, -1, 2, 3, 4, 7, 31, 32, 33, -32, 255, 0x7fffffff,
   (int32_t)0x80000000, 0x12345678, -100,
};

static nir_def *
gen_const(gen *g, enum vt t)
{
   nir_builder *b = &g->b;
   switch (t) {
   case VT_F:
      if (rng_chance(&g->r, 60))
         return nir_imm_float(b, special_floats[rng_below(
                                    &g->r, ARRAY_SIZE(special_floats))]);
      return nir_imm_float(b, (float)((int)rng_below(&g->r, 2001) - 1000) /
                                 8.0f);
   case VT_I:
      if (rng_chance(&g->r, 60))
         return nir_imm_int(b, special_ints[rng_below(
                                  &g->r, ARRAY_SIZE(special_ints))]);
      return nir_imm_int(b, (int32_t)rng_below(&g->r, 200) - 100);
   case VT_B:
      return nir_imm_bool(b, rng_chance(&g->r, 50));
   case VT_FV: {
      nir_def *c[4];
      for (unsigned i = 0; i < 4; i++)
         c[i] = gen_const(g, VT_F);
      return nir_vec(b, c, 4);
   }
   default: {
      nir_def *c[4];
      for (unsigned i = 0; i < 4; i++)
         c[i] = gen_const(g, VT_I);
      return nir_vec(b, c, 4);
   }
   }
}

static nir_def *
load_input(gen *g, enum vt t)
{
   nir_builder *b = &g->b;
   bool vec = t == VT_FV || t == VT_IV;
   bool flt = t == VT_F || t == VT_FV;
   nir_variable *var;
   if (rng_chance(&g->r, 30))
      var = flt ? g->u_f : g->u_i;
   else
      var = flt ? g->in_f[rng_below(&g->r, 2)] : g->in_i[rng_below(&g->r, 2)];
   nir_def *v = nir_load_var(b, var);
   if (vec) {
      unsigned swz[4];
      for (unsigned i = 0; i < 4; i++)
         swz[i] = rng_below(&g->r, 4);
      return rng_chance(&g->r, 50) ? v : nir_swizzle(b, v, swz, 4);
   }
   return nir_channel(b, v, rng_below(&g->r, 4));
}

/* A random integer (made at depth) masked with mask. */
static nir_def *
gen_masked_int(gen *g, unsigned depth, int mask)
{
   nir_def *v = gen_value(g, VT_I, depth);
   return nir_iand(&g->b, v, nir_imm_int(&g->b, mask));
}

static nir_def *
array_index(gen *g)
{
   nir_builder *b = &g->b;
   if (g->o->allow_indirect && rng_chance(&g->r, 40))
      return gen_masked_int(g, 2, 3);
   return nir_imm_int(b, (int)rng_below(&g->r, 4));
}

/* An element of a local array at a random index. */
static nir_deref_instr *
array_element(gen *g, nir_variable *arr)
{
   nir_deref_instr *d = nir_build_deref_var(&g->b, arr);
   return nir_build_deref_array(&g->b, d, array_index(g));
}

/* op of two random values of type t (made at depth + 1), the first
 * made first. */
static nir_def *
gen_alu2(gen *g, nir_op op, enum vt t, unsigned depth)
{
   nir_def *x = gen_value(g, t, depth + 1);
   return nir_build_alu2(&g->b, op, x, gen_value(g, t, depth + 1));
}

/* bcsel of a random condition between two random values of type t. */
static nir_def *
gen_bcsel(gen *g, enum vt t, unsigned depth)
{
   nir_def *c = gen_value(g, VT_B, depth + 1);
   nir_def *x = gen_value(g, t, depth + 1);
   return nir_bcsel(&g->b, c, x, gen_value(g, t, depth + 1));
}

static nir_def *
gen_float_op(gen *g, enum vt t, unsigned depth)
{
   nir_builder *b = &g->b;
   enum vt it = t == VT_FV ? VT_IV : VT_I;
   static const nir_op bin[] = {
      nir_op_fadd, nir_op_fsub, nir_op_fmul, nir_op_fmin, nir_op_fmax,
      nir_op_fdiv, nir_op_fstep,
   };
   static const nir_op un[] = {
      nir_op_fneg, nir_op_fabs, nir_op_fsat, nir_op_ffloor, nir_op_fceil,
      nir_op_ftrunc, nir_op_ffract, nir_op_fsign, nir_op_fround_even,
      nir_op_fsqrt, nir_op_frcp, nir_op_mov,
   };
   static const nir_op lossy[] = {
      nir_op_fpow, nir_op_fsin, nir_op_fcos, nir_op_fexp2, nir_op_flog2,
      nir_op_fmod, nir_op_flrp,
   };
   if (g->o->allow_bitfield_ops && t == VT_F && rng_chance(&g->r, 8)) {
      nir_def *h = nir_unpack_half_2x16(b, gen_value(g, VT_I, depth + 1));
      return nir_channel(b, h, rng_below(&g->r, 2));
   }
   /* (the option is tested first: without it no number is drawn, so the
    * shaders of existing seeds stay the same) */
   if (g->o->allow_derivatives && !g->flow_depth &&
       rng_chance(&g->r, 25)) {
      bool y = rng_chance(&g->r, 50);
      nir_def *x = gen_value(g, t, depth + 1);
      return y ? nir_fddy(b, x) : nir_fddx(b, x);
   }
   switch (rng_below(&g->r, g->o->allow_lossy_ops ? 9 : 8)) {
   case 0:
   case 1:
      return gen_alu2(g, bin[rng_below(&g->r, ARRAY_SIZE(bin))], t, depth);
   case 2: {
      nir_op op = un[rng_below(&g->r, ARRAY_SIZE(un))];
      return nir_build_alu1(b, op, gen_value(g, t, depth + 1));
   }
   case 3:
      return rng_chance(&g->r, 50)
                ? nir_i2f32(b, gen_value(g, it, depth + 1))
                : nir_u2f32(b, gen_value(g, it, depth + 1));
   case 4:
      return gen_bcsel(g, t, depth);
   case 5: {
      nir_def *x = gen_value(g, t, depth + 1);
      nir_def *y = gen_value(g, t, depth + 1);
      return nir_ffma(b, x, y, gen_value(g, t, depth + 1));
   }
   case 6:
      if (t == VT_F) {
         nir_def *x = gen_value(g, VT_FV, depth + 1);
         return nir_fdot4(b, x, gen_value(g, VT_FV, depth + 1));
      } else {
         nir_def *c[4];
         for (unsigned i = 0; i < 4; i++)
            c[i] = gen_value(g, VT_F, depth + 1);
         return nir_vec(b, c, 4);
      }
   case 7: {
      if (t == VT_F)
         return nir_b2f32(b, gen_value(g, VT_B, depth + 1));
      nir_def *x = gen_value(g, t, depth + 1);
      return nir_fadd(b, x, gen_value(g, VT_F, depth + 1));
   }
   default: {
      nir_op op = lossy[rng_below(&g->r, ARRAY_SIZE(lossy))];
      nir_def *x = gen_value(g, t, depth + 1);
      if (op == nir_op_flrp) {
         nir_def *y = gen_value(g, t, depth + 1);
         return nir_flrp(b, x, y, gen_value(g, t, depth + 1));
      }
      if (nir_op_infos[op].num_inputs == 2)
         return nir_build_alu2(b, op, x, gen_value(g, t, depth + 1));
      return nir_build_alu1(b, op, x);
   }
   }
}

/* A bitfield or half-float packing op on scalars; offsets and widths stay
 * in range (offset + bits <= 32), where GLSL defines the result. */
static nir_def *
gen_bitfield_op(gen *g, unsigned depth)
{
   nir_builder *b = &g->b;
   nir_def *off, *bits;
   if (rng_chance(&g->r, 50)) {
      unsigned o = rng_below(&g->r, 32);
      off = nir_imm_int(b, (int)o);
      bits = nir_imm_int(b, (int)rng_below(&g->r, 33 - o));
   } else {
      off = gen_masked_int(g, depth + 1, 15);
      bits = gen_masked_int(g, depth + 1, 15);
   }
   switch (rng_below(&g->r, 4)) {
   case 0:
      return nir_ubitfield_extract(b, gen_value(g, VT_I, depth + 1), off,
                                   bits);
   case 1:
      return nir_ibitfield_extract(b, gen_value(g, VT_I, depth + 1), off,
                                   bits);
   case 2: {
      nir_def *base = gen_value(g, VT_I, depth + 1);
      return nir_bitfield_insert(b, base, gen_value(g, VT_I, depth + 1), off,
                                 bits);
   }
   default: {
      /* NaNs become 0 first: which f16 NaN a float NaN packs to is the
       * implementation's choice. */
      nir_def *c[2];
      for (unsigned i = 0; i < 2; i++) {
         nir_def *v = gen_value(g, VT_F, depth + 1);
         nir_def *ordered = nir_feq(b, v, v);
         c[i] = nir_bcsel(b, ordered, v, nir_imm_float(b, 0));
      }
      return nir_pack_half_2x16(b, nir_vec(b, c, 2));
   }
   }
}

static nir_def *
gen_int_op(gen *g, enum vt t, unsigned depth)
{
   nir_builder *b = &g->b;
   enum vt ft = t == VT_IV ? VT_FV : VT_F;
   static const nir_op bin[] = {
      nir_op_iadd, nir_op_isub, nir_op_imul, nir_op_iand, nir_op_ior,
      nir_op_ixor, nir_op_imin, nir_op_imax, nir_op_umin, nir_op_umax,
      nir_op_idiv, nir_op_udiv, nir_op_irem, nir_op_imod, nir_op_umod,
      nir_op_imul_high, nir_op_umul_high,
   };
   static const nir_op shifts[] = { nir_op_ishl, nir_op_ishr, nir_op_ushr };
   static const nir_op un[] = {
      nir_op_ineg, nir_op_inot, nir_op_iabs, nir_op_isign,
      nir_op_bit_count, nir_op_bitfield_reverse, nir_op_ufind_msb,
      nir_op_ifind_msb, nir_op_find_lsb,
   };
   if (g->o->allow_bitfield_ops && t == VT_I && rng_chance(&g->r, 10))
      return gen_bitfield_op(g, depth);
   switch (rng_below(&g->r, 8)) {
   case 0:
   case 1:
      return gen_alu2(g, bin[rng_below(&g->r, ARRAY_SIZE(bin))], t, depth);
   case 2: {
      nir_op op = shifts[rng_below(&g->r, ARRAY_SIZE(shifts))];
      nir_def *x = gen_value(g, t, depth + 1);
      nir_def *by = rng_chance(&g->r, 50)
                       ? nir_imm_int(b, (int)rng_below(&g->r, 40))
                       : gen_value(g, t, depth + 1);
      return nir_build_alu2(b, op, x, by);
   }
   case 3: {
      nir_op op = un[rng_below(&g->r, ARRAY_SIZE(un))];
      return nir_build_alu1(b, op, gen_value(g, t, depth + 1));
   }
   case 4:
      return rng_chance(&g->r, 50) ? nir_f2i32(b, gen_value(g, ft, depth + 1))
                                   : nir_f2u32(b, gen_value(g, ft, depth + 1));
   case 5:
      return gen_bcsel(g, t, depth);
   case 6:
      if (t == VT_I)
         return nir_b2i32(b, gen_value(g, VT_B, depth + 1));
      else {
         nir_def *c[4];
         for (unsigned i = 0; i < 4; i++)
            c[i] = gen_value(g, VT_I, depth + 1);
         return nir_vec(b, c, 4);
      }
   default:
      if (t == VT_I && g->arr_i && rng_chance(&g->r, 50))
         return nir_load_deref(b, array_element(g, g->arr_i));
      nir_def *x = gen_value(g, t, depth + 1);
      return nir_iadd(b, x, gen_const(g, t == VT_I ? VT_I : VT_IV));
   }
}

static nir_def *
gen_bool_op(gen *g, unsigned depth)
{
   nir_builder *b = &g->b;
   static const nir_op fcmp[] = { nir_op_flt, nir_op_fge, nir_op_feq,
                                  nir_op_fneu };
   static const nir_op icmp[] = { nir_op_ilt, nir_op_ige, nir_op_ieq,
                                  nir_op_ine, nir_op_ult, nir_op_uge };
   switch (rng_below(&g->r, 5)) {
   case 0:
      return gen_alu2(g, fcmp[rng_below(&g->r, ARRAY_SIZE(fcmp))], VT_F,
                      depth);
   case 1:
   case 2:
      return gen_alu2(g, icmp[rng_below(&g->r, ARRAY_SIZE(icmp))], VT_I,
                      depth);
   case 3: {
      static const nir_op lop[] = { nir_op_iand, nir_op_ior, nir_op_ixor };
      return gen_alu2(g, lop[rng_below(&g->r, 3)], VT_B, depth);
   }
   default:
      return nir_inot(b, gen_value(g, VT_B, depth + 1));
   }
}

static nir_def *
gen_value(gen *g, enum vt t, unsigned depth)
{
   nir_builder *b = &g->b;
   /* Reuse, leaves, or a new operation. */
   if (g->pool_n[t] && rng_chance(&g->r, depth >= g->o->max_depth ? 70 : 30))
      return g->pool[t][rng_below(&g->r, g->pool_n[t])];
   if (depth >= g->o->max_depth) {
      if (rng_chance(&g->r, 50))
         return gen_const(g, t);
      if (t == VT_B) {
         nir_def *x = load_input(g, VT_I);
         return nir_ilt(b, x, gen_const(g, VT_I));
      }
      return load_input(g, t);
   }
   nir_def *v;
   switch (rng_below(&g->r, 10)) {
   case 0:
      v = gen_const(g, t);
      break;
   case 1:
      if (t == VT_B) {
         nir_def *x = load_input(g, VT_F);
         v = nir_fge(b, x, gen_const(g, VT_F));
      } else {
         v = load_input(g, t);
      }
      break;
   case 2:
      /* Locals. */
      if (t == VT_F) {
         v = rng_chance(&g->r, 50)
                ? nir_load_var(b, g->lf)
                : nir_load_deref(b, array_element(g, g->arr_f));
      } else if (t == VT_I) {
         v = nir_load_var(b, g->li);
      } else if (t == VT_FV) {
         v = nir_load_var(b, g->lv);
      } else if (t == VT_IV) {
         v = gen_int_op(g, t, depth);
      } else {
         v = gen_bool_op(g, depth);
      }
      break;
   default:
      if (t == VT_F || t == VT_FV)
         v = gen_float_op(g, t, depth);
      else if (t == VT_I || t == VT_IV)
         v = gen_int_op(g, t, depth);
      else
         v = gen_bool_op(g, depth);
      break;
   }
   pool_add(g, t, v);
   return v;
}

static void gen_statements(gen *g, unsigned n);

static void
gen_statement(gen *g)
{
   nir_builder *b = &g->b;
   if (g->budget)
      g->budget--;
   unsigned kind = rng_below(&g->r, 12);
   if (!g->budget && kind >= 8)
      kind = 0;
   switch (kind) {
   case 0:
      nir_store_var(b, g->lf, gen_value(g, VT_F, 0), 1);
      break;
   case 1:
      nir_store_var(b, g->li, gen_value(g, VT_I, 0), 1);
      break;
   case 2: {
      nir_def *v = gen_value(g, VT_FV, 0);
      nir_store_var(b, g->lv, v,
                    rng_chance(&g->r, 50) ? 0xf : 1 + rng_below(&g->r, 15));
      break;
   }
   case 3: {
      nir_deref_instr *d = array_element(g, g->arr_i);
      nir_store_deref(b, d, gen_value(g, VT_I, 0), 1);
      break;
   }
   case 4: {
      nir_deref_instr *d = array_element(g, g->arr_f);
      nir_store_deref(b, d, gen_value(g, VT_F, 0), 1);
      break;
   }
   case 5: {
      nir_variable *out = g->out_f[rng_below(&g->r, 3)];
      nir_def *v = gen_value(g, VT_FV, 0);
      nir_store_var(b, out, v, 1 + rng_below(&g->r, 15));
      break;
   }
   case 6: {
      nir_variable *out = g->out_i[rng_below(&g->r, 2)];
      nir_def *v = gen_value(g, VT_IV, 0);
      nir_store_var(b, out, v, 1 + rng_below(&g->r, 15));
      break;
   }
   case 7: {
      /* A component of a vector local. */
      nir_deref_instr *d = nir_build_deref_array_imm(
         b, nir_build_deref_var(b, g->lv), rng_below(&g->r, 4));
      nir_store_deref(b, d, gen_value(g, VT_F, 0), 1);
      break;
   }
   case 8:
   case 9: {
      nir_def *c = gen_value(g, VT_B, 0);
      nir_if *nif = nir_push_if(b, c);
      g->flow_depth++;
      scope s = scope_push(g);
      if (g->loop_depth && rng_chance(&g->r, 25)) {
         nir_jump(b, rng_chance(&g->r, 50) ? nir_jump_break
                                           : nir_jump_continue);
      } else {
         gen_statements(g, 1 + rng_below(&g->r, 3));
      }
      scope_pop(g, s);
      nir_push_else(b, nif);
      s = scope_push(g);
      if (rng_chance(&g->r, 60))
         gen_statements(g, 1 + rng_below(&g->r, 3));
      scope_pop(g, s);
      g->flow_depth--;
      nir_pop_if(b, nif);
      break;
   }
   default: {
      if (!g->o->allow_loops || g->loop_depth >= 2) {
         nir_store_var(b, g->li, gen_value(g, VT_I, 0), 1);
         break;
      }
      nir_variable *cnt = g->counters[g->loop_depth];
      unsigned trips = rng_below(&g->r, 5);
      /* Inner loops sometimes run a number of times that depends on the
       * outer counter (constant only once the outer loop is unrolled). */
      nir_def *limit = nir_imm_int(b, (int)trips);
      if (g->loop_depth && rng_chance(&g->r, 40))
         limit = nir_iadd(b, g->counter_vals[g->loop_depth - 1], limit);
      nir_store_var(b, cnt, nir_imm_int(b, 0), 1);
      nir_loop *loop = nir_push_loop(b);
      g->flow_depth++;
      scope s = scope_push(g);
      nir_def *i = nir_load_var(b, cnt);
      g->counter_vals[g->loop_depth++] = i;
      nir_break_if(b, nir_ige(b, i, limit));
      nir_store_var(b, cnt, nir_iadd(b, i, nir_imm_int(b, 1)), 1);
      pool_add(g, VT_I, i);
      gen_statements(g, 1 + rng_below(&g->r, 3));
      g->loop_depth--;
      scope_pop(g, s);
      g->flow_depth--;
      nir_pop_loop(b, loop);
      break;
   }
   }
}

static void
gen_statements(gen *g, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      gen_statement(g);
}

void
nir_random_default_options(nir_random_options *opts)
{
   memset(opts, 0, sizeof(*opts));
   opts->max_depth = 3;
   opts->num_statements = 10;
   opts->exact = true;
   opts->allow_loops = true;
   opts->allow_indirect = true;
}

static nir_variable *
make_var(nir_shader *s, nir_variable_mode mode, const nir_vtype *t,
         const char *name, unsigned loc)
{
   nir_variable *v = nir_variable_create(s, mode, t, name);
   v->data.driver_location = loc;
   v->data.location = (int)loc;
   return v;
}

nir_shader *
nir_random_shader(void *mem_ctx, uint64_t seed,
                  const nir_random_options *opts,
                  const nir_shader_compiler_options *copts)
{
   gen g;
   memset(&g, 0, sizeof(g));
   g.r.s = seed * 0x2545f4914f6cdd1dull + 1;
   g.o = opts;
   g.b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX, copts, "random",
                                       mem_ctx);
   g.b.exact = opts->exact;
   nir_shader *s = g.b.shader;
   nir_function_impl *impl = g.b.impl;

   const nir_vtype *f = nir_vtype_scalar(s, nir_type_float32);
   const nir_vtype *i = nir_vtype_scalar(s, nir_type_int32);
   const nir_vtype *fv = nir_vtype_vector(s, nir_type_float32, 4);
   const nir_vtype *iv = nir_vtype_vector(s, nir_type_int32, 4);
   g.in_f[0] = make_var(s, nir_var_shader_in, fv, "in_f0", 0);
   g.in_f[1] = make_var(s, nir_var_shader_in, fv, "in_f1", 1);
   g.in_i[0] = make_var(s, nir_var_shader_in, iv, "in_i0", 2);
   g.in_i[1] = make_var(s, nir_var_shader_in, iv, "in_i1", 3);
   g.u_f = make_var(s, nir_var_uniform, fv, "u_f", 0);
   g.u_i = make_var(s, nir_var_uniform, iv, "u_i", 1);
   for (unsigned k = 0; k < 3; k++)
      g.out_f[k] = make_var(s, nir_var_shader_out, fv,
                            ralloc_asprintf(s, "out_f%u", k), k);
   for (unsigned k = 0; k < 2; k++)
      g.out_i[k] = make_var(s, nir_var_shader_out, iv,
                            ralloc_asprintf(s, "out_i%u", k), 3 + k);
   s->num_inputs = 4;
   s->num_outputs = 5;
   s->num_uniforms = 2;

   g.lf = nir_local_variable_create(impl, f, "lf");
   g.li = nir_local_variable_create(impl, i, "li");
   g.lv = nir_local_variable_create(impl, fv, "lv");
   g.arr_i = nir_local_variable_create(impl, nir_vtype_array(s, i, 4), "arr_i");
   g.arr_f = nir_local_variable_create(impl, nir_vtype_array(s, f, 4), "arr_f");
   for (unsigned k = 0; k < 4; k++)
      g.counters[k] =
         nir_local_variable_create(impl, i, ralloc_asprintf(s, "cnt%u", k));

   /* Defined starting values for the locals, so that the reference run
    * never depends on undefined reads. */
   nir_store_var(&g.b, g.lf, nir_imm_float(&g.b, 0.25f), 1);
   nir_store_var(&g.b, g.li, nir_imm_int(&g.b, 5), 1);
   nir_store_var(&g.b, g.lv, nir_imm_vec4(&g.b, 1, 2, 3, 4), 0xf);
   for (unsigned k = 0; k < 4; k++) {
      nir_store_deref(&g.b, nir_build_deref_array_imm(
                               &g.b, nir_build_deref_var(&g.b, g.arr_i), k),
                      nir_imm_int(&g.b, (int)k * 3 - 2), 1);
      nir_store_deref(&g.b, nir_build_deref_array_imm(
                               &g.b, nir_build_deref_var(&g.b, g.arr_f), k),
                      nir_imm_float(&g.b, (float)k - 1.5f), 1);
   }

   g.budget = opts->num_statements * 2;
   gen_statements(&g, opts->num_statements);

   /* Make every output depend on the program. */
   for (unsigned k = 0; k < 3; k++) {
      nir_def *c[4];
      c[0] = nir_load_var(&g.b, g.lf);
      c[1] = nir_channel(&g.b, nir_load_var(&g.b, g.lv), k);
      c[2] = nir_i2f32(&g.b, nir_load_var(&g.b, g.li));
      c[3] = gen_value(&g, VT_F, 1);
      nir_store_var(&g.b, g.out_f[k], nir_vec(&g.b, c, 4),
                    1u << rng_below(&g.r, 4));
   }
   for (unsigned k = 0; k < 2; k++) {
      nir_def *c[4];
      nir_deref_instr *arr = nir_build_deref_var(&g.b, g.arr_i);
      for (unsigned j = 0; j < 4; j++)
         c[j] = nir_load_deref(&g.b, nir_build_deref_array_imm(&g.b, arr, j));
      nir_store_var(&g.b, g.out_i[k], nir_vec(&g.b, c, 4),
                    1u << rng_below(&g.r, 4));
   }
   return s;
}

void
nir_random_inputs(uint64_t seed, unsigned variant, nir_const_value *in,
                  nir_const_value *uni)
{
   rng r = { seed * 31 + variant * 0x9e3779b9u + 7 };
   for (unsigned c = 0; c < NIR_RANDOM_INPUT_CELLS; c++) {
      memset(&in[c], 0, sizeof(in[c]));
      bool flt = c < 8;
      if (flt) {
         unsigned k = rng_below(&r, ARRAY_SIZE(special_floats));
         float v = rng_chance(&r, 50)
                      ? special_floats[k]
                      : ((float)rng_below(&r, 4001) - 2000.0f) / 16.0f;
         if (rng_chance(&r, 3))
            v = rng_chance(&r, 50) ? INFINITY : NAN;
         in[c].f32 = v;
      } else {
         in[c].i32 = rng_chance(&r, 50)
                        ? special_ints[rng_below(&r, ARRAY_SIZE(special_ints))]
                        : (int32_t)rng_next(&r);
      }
   }
   for (unsigned c = 0; c < NIR_RANDOM_UNIFORM_CELLS; c++) {
      memset(&uni[c], 0, sizeof(uni[c]));
      if (c < 4)
         uni[c].f32 = ((float)rng_below(&r, 200) - 100.0f) / 4.0f;
      else
         uni[c].i32 = (int32_t)rng_below(&r, 64) - 8;
   }
}

/* ---- differential harness ----------------------------------------------- */

static bool
floats_match(float a, float b, double tol, double *worst)
{
   if (isnan(a) && isnan(b))
      return true;
   uint32_t ua, ub;
   memcpy(&ua, &a, 4);
   memcpy(&ub, &b, 4);
   if (ua == ub)
      return true;
   if (tol == 0)
      return false;
   if (isnan(a) || isnan(b) || isinf(a) || isinf(b))
      return false;
   double diff = fabs((double)a - (double)b);
   double scale = fmax(fabs((double)a), 1.0);
   if (diff / scale > *worst)
      *worst = diff / scale;
   return diff <= tol * scale;
}

static bool
run(nir_shader *s, uint64_t seed, unsigned variant, nir_const_value *out,
    char *err, size_t err_size)
{
   nir_const_value in[NIR_RANDOM_INPUT_CELLS];
   nir_const_value uni[NIR_RANDOM_UNIFORM_CELLS];
   nir_random_inputs(seed, variant, in, uni);
   nir_eval_state st;
   memset(&st, 0, sizeof(st));
   st.inputs = in;
   st.num_input_cells = NIR_RANDOM_INPUT_CELLS;
   st.uniforms = uni;
   st.num_uniform_cells = NIR_RANDOM_UNIFORM_CELLS;
   st.outputs = out;
   st.num_output_cells = NIR_RANDOM_OUTPUT_CELLS;
   st.max_steps = 200000;
   bool ok = nir_eval_run(s, &st);
   if (!ok && err)
      snprintf(err, err_size, "%s", st.error);
   return ok;
}

bool
nir_random_diff(const char *name, nir_random_pass_fn pass, void *data,
                uint64_t first, unsigned count, bool to_ssa_first,
                const nir_random_options *opts,
                const nir_shader_compiler_options *copts,
                double float_tolerance, nir_random_report *report)
{
   memset(report, 0, sizeof(*report));
   for (uint64_t seed = first; seed < first + count; seed++) {
      void *ctx = ralloc_context(NULL);
      nir_shader *ref = nir_random_shader(ctx, seed, opts, copts);
      nir_shader *s = nir_random_shader(ctx, seed, opts, copts);
      nir_validate_shader(ref, "after generation");
      if (to_ssa_first) {
         nir_lower_vars_to_ssa(s);
         nir_validate_shader(s, "after nir_lower_vars_to_ssa");
      }
      char *before = nir_shader_as_str(s, ctx);
      bool progress = pass(s, data);
      char *msg = NULL;
      if (!nir_validate_shader_msg(s, ctx, &msg)) {
         fprintf(stderr, "%s: seed %llu: invalid IR after the pass:\n%s\n"
                 "before:\n%s\nafter:\n", name, (unsigned long long)seed,
                 msg, before);
         nir_print_shader(s, stderr);
         report->failed = true;
         report->failed_seed = seed;
         ralloc_free(ctx);
         return false;
      }
      report->shaders++;
      report->changed += progress;

      for (unsigned variant = 0; variant < 3; variant++) {
         nir_const_value a[NIR_RANDOM_OUTPUT_CELLS], b[NIR_RANDOM_OUTPUT_CELLS];
         char err[256] = "";
         if (!run(ref, seed, variant, a, NULL, 0)) {
            report->skipped++;
            continue;
         }
         bool ok = run(s, seed, variant, b, err, sizeof(err));
         for (unsigned c = 0; ok && c < NIR_RANDOM_OUTPUT_CELLS; c++) {
            if (c < NIR_RANDOM_FLOAT_OUTPUT_SLOTS * 4)
               ok = floats_match(a[c].f32, b[c].f32, float_tolerance,
                                 &report->max_ulp);
            else
               ok = a[c].u32 == b[c].u32;
            if (!ok)
               snprintf(err, sizeof(err),
                        "output cell %u: 0x%08x expected, 0x%08x after the "
                        "pass", c, a[c].u32, b[c].u32);
         }
         report->runs++;
         if (!ok) {
            fprintf(stderr, "%s: seed %llu variant %u: %s\nreference:\n",
                    name, (unsigned long long)seed, variant, err);
            nir_print_shader(ref, stderr);
            fprintf(stderr, "before the pass:\n%s\nafter the pass:\n",
                    before);
            nir_print_shader(s, stderr);
            report->failed = true;
            report->failed_seed = seed;
            ralloc_free(ctx);
            return false;
         }
      }
      ralloc_free(ctx);
   }
   return true;
}
