/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fragment quads for the reference interpreter: derivatives.
 *
 * GL computes dFdx/dFdy as differences between the neighbouring
 * invocations of a 2x2 quad (GLSL 4.60 8.14.1; the lanes outside the
 * primitive run as helper invocations, 7.1.5).  nir_eval walks one
 * invocation at a time, so instead of running the lanes in lockstep we
 * run them one after the other and iterate to a fixed point:
 *
 *  - every run records the value each fddx/fddy instruction was given,
 *    in execution order, on the lane's tape;
 *  - the next run of a lane takes the k-th derivative from the k-th
 *    entries of the four tapes of the previous run (0 when some lane did
 *    not get that far, e.g. after a discard);
 *  - when a run records what the previous run did, its derivatives were
 *    computed from exactly the values they would be computed from in
 *    lockstep, and it is the answer.
 *
 * A chain of d nested derivatives settles after d + 1 runs; matching
 * entries by position is right when the quad does not diverge around a
 * derivative, which is the only case GL defines (8.14.1).
 */
#include "nir_eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/half_float.h"

/* Enough for derivatives of derivatives of ... four deep. */
#define MAX_PASSES 6

static double
get_float(nir_const_value v, unsigned bit_size)
{
   switch (bit_size) {
   case 16: return util_half_to_float(v.u16);
   case 64: return v.f64;
   default: return v.f32;
   }
}

static nir_const_value
make_float(double d, unsigned bit_size)
{
   nir_const_value v;
   memset(&v, 0, sizeof(v));
   switch (bit_size) {
   case 16: v.u16 = util_float_to_half((float)d); break;
   case 64: v.f64 = d; break;
   default: v.f32 = (float)d; break;
   }
   return v;
}

void
nir_eval_quad_derivative(nir_eval_state *st, bool y,
                         const nir_const_value *src, unsigned n,
                         unsigned bit_size, nir_const_value *dst)
{
   nir_eval_tape *t = st->tape_out;
   unsigned k = t->count;
   if (t->count == t->cap) {
      unsigned cap = t->cap ? t->cap * 2 : 16;
      void *vals = realloc(t->vals, cap * sizeof(*t->vals));
      if (!vals) {
         st->ok = false;
         snprintf(st->error, sizeof(st->error), "out of memory");
         return;
      }
      t->vals = vals;
      t->cap = cap;
   }
   memset(t->vals[k], 0, sizeof(t->vals[k]));
   memcpy(t->vals[k], src, n * sizeof(*src));
   t->count++;

   /* Fine differences (GLSL 4.60 8.14.1 dFdxFine): along the lane's own
    * row for x, its own column for y. */
   unsigned lx = st->quad_lane & 1, ly = st->quad_lane >> 1;
   unsigned lo = y ? lx : ly * 2, hi = y ? lx + 2 : ly * 2 + 1;
   const nir_eval_tape *q = st->quad_in;
   bool have = q && k < q[lo].count && k < q[hi].count;
   for (unsigned c = 0; c < n; c++) {
      double d = have ? get_float(q[hi].vals[k][c], bit_size) -
                        get_float(q[lo].vals[k][c], bit_size)
                      : 0.0;
      dst[c] = make_float(d, bit_size);
   }
}

static bool
tapes_equal(const nir_eval_tape *a, const nir_eval_tape *b)
{
   for (unsigned l = 0; l < 4; l++) {
      /* An empty tape may have no array at all: memcmp wants pointers. */
      if (a[l].count != b[l].count)
         return false;
      if (a[l].count &&
          memcmp(a[l].vals, b[l].vals, a[l].count * sizeof(*a[l].vals)))
         return false;
   }
   return true;
}

bool
nir_eval_run_quad(nir_shader *shader, nir_eval_state st[4])
{
   nir_eval_tape tapes[2][4];
   memset(tapes, 0, sizeof(tapes));
   bool ok = true;
   for (unsigned pass = 0; pass < MAX_PASSES && ok; pass++) {
      nir_eval_tape *cur = tapes[pass & 1], *prev = tapes[!(pass & 1)];
      bool any = false;
      for (unsigned l = 0; l < 4 && ok; l++) {
         cur[l].count = 0;
         st[l].quad_lane = l;
         st[l].quad_in = pass ? prev : NULL;
         st[l].tape_out = &cur[l];
         ok = nir_eval_run(shader, &st[l]);
         any |= cur[l].count != 0;
      }
      if (!any || (pass && tapes_equal(cur, prev)))
         break;
   }
   for (unsigned l = 0; l < 4; l++) {
      st[l].quad_in = NULL;
      st[l].tape_out = NULL;
      free(tapes[0][l].vals);
      free(tapes[1][l].vals);
   }
   return ok;
}
