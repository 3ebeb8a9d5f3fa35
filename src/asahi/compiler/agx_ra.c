/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Register allocation: linear scan over live intervals.
 *
 * Instructions are numbered in program order.  A value's interval is the
 * hull of its definitions, uses and the block boundaries where it is live,
 * so two values whose intervals are disjoint are never live at the same
 * time, in any control flow and under any execution mask.  Definitions of
 * an instruction start at the same point as the instruction's uses, so a
 * destination never shares a register with a source of its own
 * instruction: register vectors can then be lowered without ordering
 * problems.  Copies are the exception: runs of them are parallel copies
 * (see mark_parallel_copies), whose moves agx_lower_pseudo orders.
 *
 * Values are runs of 16-bit halves; 32-bit values start on an even half,
 * vectors of 64-bit values on a multiple of 4.  r0 (execution-mask nesting
 * counter in r0l) and r1 (link register) are never allocated (register ABI,
 * Mesa src/asahi/compiler/README.md).  Preloaded values keep the register
 * the hardware fills; their preload instructions come first, so they are
 * allocated before anything else can take those registers.  Running out
 * of registers fails with AGX_COMPILE_TOO_BIG after listing the values
 * live at that point (ctx->ra_candidates); agx_compile then lets
 * agx_spill move some of them to the stack and allocates again.
 */

#include <stdlib.h>
#include <string.h>

#include "agx_compiler.h"
#include "util/u_math.h"

#define AGX_NR_HALVES 256
/* AGX_MESA_DEBUG=fewregs: allocate in r0-r15 only, so that ordinary
 * shaders spill (a test of spilling, agx_difftest_spill) */
#define AGX_FEWREGS_HALVES 32
#define AGX_FIRST_FREE_HALF 4
/* The most halves a shader may use and keep 1,024 threads
 * (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_performance.c; the same
 * bound as AGX_SCHED_MAX_HALVES in agx_compile.c) */
#define AGX_RA_FULL_OCCUPANCY_HALVES 104

struct interval {
   unsigned value;
   unsigned start, end;
};

/* Sorts iv[] (one interval per value, in value order) by start, then
 * value, with a counting sort over the positions (< nr_pos; a value
 * never seen starts at ~0u and goes last): linear, where qsort through
 * a comparison callback was a third of the allocator's instructions. */
static void
sort_intervals(struct interval *iv, unsigned n, unsigned nr_pos)
{
   unsigned *first = calloc(nr_pos + 2, sizeof(unsigned));
   struct interval *out = malloc(sizeof(*out) * (n ? n : 1));
   for (unsigned k = 0; k < n; ++k) {
      unsigned b = iv[k].start < nr_pos ? iv[k].start : nr_pos;
      first[b + 1]++;
   }
   for (unsigned b = 0; b <= nr_pos; ++b)
      first[b + 1] += first[b];
   /* (stable: values in order within a position) */
   for (unsigned k = 0; k < n; ++k) {
      unsigned b = iv[k].start < nr_pos ? iv[k].start : nr_pos;
      out[first[b]++] = iv[k];
   }
   memcpy(iv, out, sizeof(*out) * n);
   free(out);
   free(first);
}

static unsigned
find_rep(int32_t *rep, unsigned v)
{
   while ((unsigned)rep[v] != v) {
      rep[v] = rep[rep[v]];
      v = (unsigned)rep[v];
   }
   return v;
}

static unsigned
value_align(const struct agx_value *v)
{
   unsigned a = v->size == 64 ? 4 : v->size == 32 ? 2 : 1;
   return v->align > a ? v->align : a;
}

/* Arithmetic whose lanes read every source before writing the one
 * destination (applegpu: the ALU forms), unlike loads, texture and
 * interpolation, whose results arrive while sources may still be read,
 * and the pseudo instructions lowered into several moves. */
static bool
reads_before_writing(unsigned op)
{
   switch (op) {
   case AGX_ISA_OP_FADD16:
   case AGX_ISA_OP_FADD32:
   case AGX_ISA_OP_FMUL16:
   case AGX_ISA_OP_FMUL32:
   case AGX_ISA_OP_FMADD16:
   case AGX_ISA_OP_FMADD32:
   case AGX_ISA_OP_FCMPSEL:
   case AGX_ISA_OP_ICMPSEL:
   case AGX_ISA_OP_IADD:
   case AGX_ISA_OP_ISUB:
   case AGX_ISA_OP_IMADD:
   case AGX_ISA_OP_BITOP:
      return true;
   default:
      return false;
   }
}

/* Is value group `owner` a source of I, an instruction that may write a
 * register its sources die in? */
static bool
dies_at(const agx_instr *I, int32_t *rep, unsigned owner)
{
   if (!I)
      return false;
   for (unsigned i = 0; i < I->nr_ops; ++i) {
      if (!((I->writes >> i) & 1) && agx_is_ssa(I->ops[i]) &&
          find_rep(rep, I->ops[i].value) == owner)
         return true;
   }
   return false;
}

/* Out of registers at position `pos`: list the coalesced groups live
 * there (every group whose interval covers pos) for agx_spill, longest
 * interval first, with every value's group. */
struct candidate {
   unsigned value, length;
};

static int
cmp_candidate(const void *a, const void *b)
{
   const struct candidate *x = a, *y = b;
   if (x->length != y->length)
      return x->length > y->length ? -1 : 1;
   return x->value < y->value ? -1 : (x->value > y->value);
}

static void
report_pressure(agx_context *ctx, const struct interval *iv, unsigned n,
                int32_t *rep, const bool *seen, unsigned pos, unsigned need)
{
   /* each value's own interval (iv[] is sorted by start) */
   struct interval *by_value = calloc(n ? n : 1, sizeof(*by_value));
   struct candidate *c = calloc(n ? n : 1, sizeof(*c));
   for (unsigned k = 0; k < n; ++k)
      by_value[iv[k].value] = iv[k];
   unsigned nr = 0;
   ctx->ra_group = ralloc_array(ctx->mem, unsigned, n ? n : 1);
   ctx->nr_ra_grouped = n;
   for (unsigned v = 0; v < n; ++v) {
      unsigned g = find_rep(rep, v);
      const struct interval *r = &by_value[g];
      ctx->ra_group[v] = g;
      if (g != v || !seen[v] || r->start > pos || r->end < pos)
         continue;
      c[nr++] = (struct candidate){v, r->end - r->start};
   }
   qsort(c, nr, sizeof(*c), cmp_candidate);
   ctx->ra_candidates = ralloc_array(ctx->mem, unsigned, nr ? nr : 1);
   ctx->ra_candidate_lengths = ralloc_array(ctx->mem, unsigned, nr ? nr : 1);
   for (unsigned i = 0; i < nr; ++i) {
      ctx->ra_candidates[i] = c[i].value;
      ctx->ra_candidate_lengths[i] = c[i].length;
   }
   ctx->nr_ra_candidates = nr;
   ctx->ra_need_halves = need;
   free(c);
   free(by_value);
}

/*
 * Live segments, for copy coalescing: per value, one [first, last]
 * position per block where it is live or appears, in program order.  Two
 * values whose segments are disjoint are never live at once on any path
 * through the CFG; under an execution mask that is enough for them to
 * share a register, since every write is masked: lanes that took another
 * path keep their contents (the reason SSA allocators may coalesce phi
 * webs).  A hull covers every block laid out between a value's first and
 * last appearance, e.g. the whole else side of an if for the web of a phi
 * written at the end of both sides, and then refuses the copy of the else
 * side.  Values written only in part keep no segments (their unwritten
 * part is live where liveness says it is dead).
 */
struct segment {
   unsigned start, end;
};


struct seglist {
   struct segment *s;
   unsigned n;
   bool owned;   /* s was allocated by a merge */
   unsigned cap; /* room in s when owned */
};

/* At most this many segments take part in a precise test: beyond it the
 * merge costs more than the copy is worth on large shaders.  (512 until
 * wave 10: the long-lived webs of dolphin's ubershaders, one segment per
 * block in ~1,000 blocks, then fell back to hulls, kept their copies and
 * spilled; 8,192 costs no time over shader-db, where fewer spill rounds
 * leave allocation faster.) */
#define AGX_RA_MAX_SEGMENTS 8192

/* Runs BODY for each live bit i set in the word expression EXPR (of the
 * word index w), with v its value: a walk costs the words plus the bits
 * that are set, not every bit. */
#define FOREACH_LIVE_BIT(ctx, words, EXPR, i, v, BODY)                         \
   do {                                                                        \
      for (unsigned w = 0; w < (words); ++w) {                                 \
         BITSET_WORD m_ = (EXPR);                                              \
         while (m_) {                                                          \
            unsigned i = w * BITSET_WORDBITS + (unsigned)__builtin_ctz(m_);    \
            unsigned v = (ctx)->live_values[i];                                \
            m_ &= m_ - 1;                                                      \
            (void)i;                                                           \
            BODY;                                                              \
         }                                                                     \
      }                                                                        \
   } while (0)

/* One walk: segments are recorded as they open and extended in place,
 * then sorted by value with a counting sort that keeps their order.  A
 * value live out of one block and into the next in layout order keeps
 * one segment across the boundary (the two blocks' positions are
 * consecutive, so interference is the same as with a segment per
 * block), and only the values whose liveness changes at a boundary are
 * visited there: the live sets are compared a word at a time.  (Walking
 * every value live at every boundary cost blocks x live values, most of
 * the allocator's time on dolphin's ubershaders: about 1,000 blocks
 * with a few hundred values live across them.) */
static void
build_segments(agx_context *ctx, struct seglist *seg, struct segment **pool,
               const unsigned *exec_reads, size_t nr_exec_reads)
{
   unsigned n = ctx->nr_values;
   unsigned words = BITSET_WORDS(ctx->nr_live_values ? ctx->nr_live_values
                                                     : 1);
   unsigned *open = malloc(sizeof(unsigned) * (n ? n : 1));
   bool *is_open = calloc(n ? n : 1, sizeof(bool));
   bool *partial = calloc(n ? n : 1, sizeof(bool));
   /* each value's live bit + 1 (0: none) */
   unsigned *bit_of = calloc(n ? n : 1, sizeof(unsigned));
   for (unsigned i = 0; i < ctx->nr_live_values; ++i)
      bit_of[ctx->live_values[i]] = i + 1;
   BITSET_WORD *none = calloc(words, sizeof(BITSET_WORD));
   for (unsigned v = 0; v < n; ++v)
      seg[v] = (struct seglist){NULL, 0, false, 0};
   bool logical = ctx->logical_cfg;
   /* Conditions of if, else and while are read in inactive lanes too:
    * they must live on the program-order CFG, so with a logical CFG
    * their bits come from the program-order live sets (phys: those
    * bits; merged into in_buf/out_buf per block) */
   BITSET_WORD *phys = NULL, *in_buf = NULL, *out_buf[2] = {NULL, NULL};
   if (logical && nr_exec_reads) {
      phys = calloc(words, sizeof(BITSET_WORD));
      for (size_t e = 0; e < nr_exec_reads; ++e) {
         if (bit_of[exec_reads[e]])
            BITSET_SET(phys, bit_of[exec_reads[e]] - 1);
      }
      in_buf = malloc(sizeof(BITSET_WORD) * words);
      out_buf[0] = malloc(sizeof(BITSET_WORD) * words);
      out_buf[1] = malloc(sizeof(BITSET_WORD) * words);
   }

   struct record {
      unsigned value;
      struct segment s;
   } *rec = NULL;
   size_t nr_rec = 0, cap = 0;
   /* the values that opened a segment in this block by appearing */
   unsigned *fresh = NULL;
   size_t nr_fresh = 0, fresh_cap = 0;

#define OPEN(v_, p_)                                                           \
   do {                                                                        \
      if (nr_rec == cap) {                                                     \
         cap = cap ? 2 * cap : 1024;                                           \
         rec = realloc(rec, sizeof(*rec) * cap);                               \
      }                                                                        \
      open[v_] = nr_rec;                                                       \
      is_open[v_] = true;                                                      \
      rec[nr_rec++] = (struct record){(v_), {(p_), (p_)}};                     \
      seg[v_].n++;                                                             \
   } while (0)
#define TOUCH(v, p)                                                            \
   do {                                                                        \
      unsigned v_ = (v);                                                       \
      if (is_open[v_]) {                                                       \
         rec[open[v_]].s.end = MAX2(rec[open[v_]].s.end, (p));                 \
      } else {                                                                 \
         OPEN(v_, (p));                                                        \
         if (nr_fresh == fresh_cap) {                                          \
            fresh_cap = fresh_cap ? 2 * fresh_cap : 256;                       \
            fresh = realloc(fresh, sizeof(*fresh) * fresh_cap);                \
         }                                                                     \
         fresh[nr_fresh++] = v_;                                               \
      }                                                                        \
   } while (0)
   const BITSET_WORD *prev_out = none;
   unsigned prev_end = 0, parity = 0;
   agx_foreach_block(ctx, blk)
   {
      const BITSET_WORD *in = logical ? blk->llive_in : blk->live_in;
      const BITSET_WORD *out = logical ? blk->llive_out : blk->live_out;
      if (phys) {
         BITSET_WORD *o = out_buf[parity ^= 1];
         for (unsigned w = 0; w < words; ++w) {
            in_buf[w] = (in[w] & ~phys[w]) | (blk->live_in[w] & phys[w]);
            o[w] = (out[w] & ~phys[w]) | (blk->live_out[w] & phys[w]);
         }
         in = in_buf;
         out = o;
      }
      /* live out of the block before but not into this one: closed
       * there; into this one but not out of the one before: opened */
      FOREACH_LIVE_BIT(ctx, words, prev_out[w] & ~in[w], i, v, {
         assert(is_open[v]);
         rec[open[v]].s.end = prev_end;
         is_open[v] = false;
      });
      FOREACH_LIVE_BIT(ctx, words, in[w] & ~prev_out[w], i, v,
                            OPEN(v, blk->start));
      nr_fresh = 0;
      unsigned p = blk->start;
      bool first = true;
      agx_foreach_instr(blk, I)
      {
         /* (the positions agx_ra gives: parallel copies) */
         if (!first && !(I->parallel & AGX_PAR_JOIN))
            p += 2;
         first = false;
         agx_foreach_op(I, i)
         {
            const agx_operand o = I->ops[i];
            if (!agx_is_ssa(o))
               continue;
            bool dest = (I->writes >> i) & 1;
            TOUCH((unsigned)o.value,
                  dest && (I->parallel & AGX_PAR_LATE) ? p + 1 : p);
            const struct agx_value *val = &ctx->values[o.value];
            if (dest && (o.size != val->size || o.count != val->count))
               partial[o.value] = true;
         }
      }
      /* live in but not out: the segment ends at its last appearance
       * here, or at the block's start */
      FOREACH_LIVE_BIT(ctx, words, in[w] & ~out[w], i, v, {
         rec[open[v]].s.end = MAX2(rec[open[v]].s.end, blk->start);
         is_open[v] = false;
      });
      /* opened here and not live out: ends at its last appearance */
      for (size_t f = 0; f < nr_fresh; ++f) {
         unsigned v = fresh[f];
         if (!bit_of[v] || !BITSET_TEST(out, bit_of[v] - 1))
            is_open[v] = false;
      }
      prev_out = out;
      prev_end = blk->end;
   }
   FOREACH_LIVE_BIT(ctx, words, prev_out[w], i, v,
                         rec[open[v]].s.end = prev_end);
#undef TOUCH
#undef OPEN

   *pool = malloc(sizeof(struct segment) * (nr_rec ? nr_rec : 1));
   unsigned at = 0;
   for (unsigned v = 0; v < n; ++v) {
      seg[v].s = *pool + at;
      at += seg[v].n;
      seg[v].n = 0;
   }
   for (size_t r = 0; r < nr_rec; ++r) {
      struct seglist *l = &seg[rec[r].value];
      l->s[l->n++] = rec[r].s;
   }
   for (unsigned v = 0; v < n; ++v) {
      if (partial[v])
         seg[v].n = 0;
   }
   free(rec);
   free(fresh);
   free(phys);
   free(in_buf);
   free(out_buf[0]);
   free(out_buf[1]);
   free(none);
   free(bit_of);
   free(partial);
   free(is_open);
   free(open);
}

/* Do the segments of a and b overlap anywhere but at the copy at p (a's
 * last segment ending at p, b's starting there)? */
static bool
segments_interfere(const struct seglist *a, const struct seglist *b,
                   unsigned p)
{
   unsigned i = 0, j = 0;
   while (i < a->n && j < b->n) {
      const struct segment *x = &a->s[i], *y = &b->s[j];
      if (x->end < y->start) {
         ++i;
      } else if (y->end < x->start) {
         ++j;
      } else {
         bool touch = x->end == p && y->start == p;
         if (!touch)
            return true;
         if (x->end <= y->end)
            ++i;
         else
            ++j;
      }
   }
   return false;
}

/* Is every position where the segments of d meet those of group g
 * inside the segments of s (all three in order; d's and s's disjoint)? */
static bool
meets_only_within(const struct seglist *g, const struct seglist *d,
                  const struct seglist *s)
{
   unsigned i = 0, j = 0, k = 0;
   while (i < g->n && j < d->n) {
      const struct segment *x = &g->s[i], *y = &d->s[j];
      unsigned lo = MAX2(x->start, y->start), hi = MIN2(x->end, y->end);
      if (lo <= hi) {
         /* (meetings come in order: s's segments are walked once) */
         while (k < s->n && s->s[k].end < lo)
            ++k;
         if (k == s->n || s->s[k].start > lo || s->s[k].end < hi)
            return false;
      }
      if (x->end <= y->end)
         ++i;
      else
         ++j;
   }
   return true;
}

/* Joins the overlapping segments of an ordered list (after a
 * value-aware merge, whose two sides meet) */
static void
join_overlapping(struct seglist *l)
{
   assert(l->owned);
   unsigned k = 0;
   for (unsigned i = 0; i < l->n; ++i) {
      if (k && l->s[i].start <= l->s[k - 1].end)
         l->s[k - 1].end = MAX2(l->s[k - 1].end, l->s[i].end);
      else
         l->s[k++] = l->s[i];
   }
   l->n = k;
}

/* a = a u b (disjoint but for touching ends), in order.  A group that
 * grows copy by copy mostly gains segments after all of its own or before
 * them (copies are taken from the last, agx_ra): those are added in the
 * room of whichever list has it (room doubled when allocated), so long
 * chains of coalesced copies do not allocate per copy. */
static void
merge_segments(struct seglist *a, struct seglist *b)
{
   unsigned total = a->n + b->n;
   bool a_first = !a->n || !b->n || a->s[a->n - 1].start <= b->s[0].start;
   bool b_first = !a_first && b->s[b->n - 1].start <= a->s[0].start;
   if (a_first && a->owned && a->cap >= total) {
      memcpy(a->s + a->n, b->s, sizeof(*b->s) * b->n);
      a->n = total;
   } else if (a_first && b->owned && b->cap >= total) {
      /* b's room takes a in front; the list becomes a's */
      memmove(b->s + a->n, b->s, sizeof(*b->s) * b->n);
      memcpy(b->s, a->s, sizeof(*a->s) * a->n);
      if (a->owned)
         free(a->s);
      *a = (struct seglist){b->s, total, true, b->cap};
      *b = (struct seglist){NULL, 0, false, 0};
      return;
   } else if (b_first && a->owned && a->cap >= total) {
      memmove(a->s + b->n, a->s, sizeof(*a->s) * a->n);
      memcpy(a->s, b->s, sizeof(*b->s) * b->n);
      a->n = total;
   } else {
      unsigned cap = total ? 2 * total : 1;
      struct segment *m = malloc(sizeof(*m) * cap);
      unsigned i = 0, j = 0, k = 0;
      while (i < a->n || j < b->n) {
         if (j == b->n || (i < a->n && a->s[i].start <= b->s[j].start))
            m[k++] = a->s[i++];
         else
            m[k++] = b->s[j++];
      }
      if (a->owned)
         free(a->s);
      *a = (struct seglist){m, k, true, cap};
   }
   if (b->owned)
      free(b->s);
   *b = (struct seglist){NULL, 0, false, 0};
}

/*
 * Parallel copies.  A copy of a whole 16/32-bit value (from a value, a
 * uniform or an immediate) reads its source at its position and writes
 * its destination one step later, and consecutive copies share one
 * position: the phi copies at the end of a predecessor (one per phi of
 * the successor) and at the top of a block (one per phi) then read
 * every source before writing any destination, and a source that dies
 * there may share its register with the destination of another copy of
 * the run.  Written in sequence, the first copy's destination was live
 * while the later copies still read their sources, so a value copied
 * into one web on one side of an if and read by another web's copy on
 * the other side could share neither web's register.  agx_lower_pseudo
 * orders the moves of a run (and breaks cycles).  A copy joins the run
 * before it unless it reads or writes a value the run writes, writes a
 * value the run reads, or the run is full.
 */
static bool
is_parallel_copy(const agx_context *ctx, const agx_instr *I)
{
   if (I->op != AGX_OP_MOV || !agx_is_ssa(I->ops[0]))
      return false;
   const agx_operand d = I->ops[0], s = I->ops[1];
   const struct agx_value *dv = &ctx->values[d.value];
   if ((d.size != 16 && d.size != 32) || d.count != 1 || dv->count != 1 ||
       dv->size != d.size || dv->fixed >= 0 || s.flags || s.size != d.size)
      return false;
   if (agx_is_ssa(s)) {
      const struct agx_value *sv = &ctx->values[s.value];
      return s.count == 1 && sv->count == 1 && sv->size == s.size;
   }
   return s.kind == AGX_ISA_KIND_IMM || s.kind == AGX_ISA_KIND_UREG;
}

/* One scalar destination, written after every source is read */
static bool
writes_late(const agx_instr *I)
{
   if (util_bitcount(I->writes) != 1 ||
       !(reads_before_writing(I->op) || agx_is_alu(I->op)))
      return false;
   const agx_operand *d = &I->ops[__builtin_ctz(I->writes)];
   return agx_is_ssa(*d) && d->count <= 1;
}

static void
mark_parallel_copies(agx_context *ctx)
{
   const agx_instr *run[AGX_PAR_MAX_RUN];
   unsigned nr = 0;
   agx_foreach_block(ctx, blk)
   {
      nr = 0;
      agx_foreach_instr(blk, I)
      {
         I->parallel = writes_late(I) ? AGX_PAR_LATE : 0;
         if (!is_parallel_copy(ctx, I)) {
            nr = 0;
            continue;
         }
         I->parallel = AGX_PAR_MEMBER | AGX_PAR_LATE;
         bool joins = nr && nr < AGX_PAR_MAX_RUN;
         for (unsigned i = 0; i < nr && joins; ++i) {
            const agx_operand *rd = &run[i]->ops[0], *rs = &run[i]->ops[1];
            joins = rd->value != I->ops[0].value &&
                    !(agx_is_ssa(I->ops[1]) && rd->value == I->ops[1].value) &&
                    !(agx_is_ssa(*rs) && rs->value == I->ops[0].value);
         }
         if (joins) {
            I->parallel |= AGX_PAR_JOIN;
         } else {
            nr = 0;
         }
         run[nr++] = I;
      }
   }
}

static void
heap_push(unsigned *heap, unsigned *n, const struct interval *iv, unsigned x)
{
   unsigned i = (*n)++;
   while (i && iv[heap[(i - 1) / 2]].end > iv[x].end) {
      heap[i] = heap[(i - 1) / 2];
      i = (i - 1) / 2;
   }
   heap[i] = x;
}

static unsigned
heap_pop(unsigned *heap, unsigned *n, const struct interval *iv)
{
   unsigned top = heap[0], last = heap[--(*n)], i = 0;
   for (;;) {
      unsigned c = 2 * i + 1;
      if (c >= *n)
         break;
      if (c + 1 < *n && iv[heap[c + 1]].end < iv[heap[c]].end)
         c++;
      if (iv[heap[c]].end >= iv[last].end)
         break;
      heap[i] = heap[c];
      i = c;
   }
   if (*n)
      heap[i] = last;
   return top;
}

/*
 * A vector whose last use is a split may lie where the split's results
 * already are (their coalesced groups placed earlier, each at its part's
 * place: a varying or texture result split into a phi web), when those
 * groups are nowhere live during the vector's life but from the split
 * on: the split then moves nothing.  Masked writes of the vector leave
 * the groups' values in other lanes alone (as for coalescing).  Returns
 * the register, or -1.
 */
struct split_of {
   const agx_instr *I;
   unsigned pos;
};

static int
split_in_place(const agx_context *ctx, const struct split_of *so,
               const struct interval *self, int32_t *rep,
               const struct seglist *seg, const struct interval *iv,
               const int *owner, unsigned file)
{
   const agx_instr *S = so->I;
   const struct agx_value *vec = &ctx->values[self->value];
   unsigned size = agx_value_halves(vec);
   if (self->end != so->pos || self->start >= so->pos)
      return -1;
   int base = -1;
   unsigned off = 0;
   for (unsigned i = 0; i + 1 < S->nr_ops; ++i) {
      const agx_operand o = S->ops[i];
      /* (a result not placed yet, such as one defined by the split
       * alone, needs its halves free now; its split hint follows) */
      if (agx_is_ssa(o) && ctx->values[find_rep(rep, o.value)].reg >= 0) {
         unsigned g = find_rep(rep, o.value);
         const struct agx_value *gv = &ctx->values[g];
         int at = gv->reg - (int)off;
         if (gv->size != o.size || gv->count != 1 || !seg[g].n ||
             (base >= 0 && at != base))
            return -1;
         base = at;
      }
      off += o.size / 16;
   }
   if (base < (int)AGX_FIRST_FREE_HALF || base % (int)value_align(vec) ||
       base + size > file)
      return -1;
   for (unsigned h = base; h < base + size; ++h) {
      if (owner[h] < 0)
         continue;
      /* held by one of the results' groups, which must be dead from the
       * vector's definition to the split */
      unsigned g = iv[owner[h]].value;
      bool part = false;
      for (unsigned i = 0; i + 1 < S->nr_ops && !part; ++i)
         part = agx_is_ssa(S->ops[i]) && find_rep(rep, S->ops[i].value) == g;
      if (!part)
         return -1;
      for (unsigned j = 0; j < seg[g].n; ++j) {
         const struct segment *x = &seg[g].s[j];
         if (!(x->end < self->start || x->start >= so->pos))
            return -1;
      }
   }
   return base;
}

/*
 * Register hints that make copies disappear: a split's results would like
 * the parts of the vector, a collect's result the registers its sources
 * already occupy (when they are consecutive).  A hint may take registers
 * of values whose last use is the very instruction that defines the
 * hinted value.
 */
struct hint {
   int32_t from[AGX_MAX_OPS]; /* values allowed to be overlapped */
   uint8_t nr_from;
   bool is_collect;
   int32_t vec;  /* split: the vector value; collect: unused */
   uint16_t off; /* split: offset in halves */
   const agx_instr *I;
};

/* A collect reading a value: its vector, the value's offset in it (in
 * halves) and the collect's position */
struct elem_use {
   unsigned value, vec, off, pos;
};

static void
add_cuse(struct elem_use **cuses, size_t *nr, size_t *cap, struct elem_use u)
{
   if (*nr == *cap) {
      *cap = *cap ? 2 * *cap : 256;
      *cuses = realloc(*cuses, sizeof(**cuses) * *cap);
   }
   (*cuses)[(*nr)++] = u;
}

/* Is v a result of a split (its hint then names the vector and v's
 * offset in it)? */
static bool
is_split_piece(const struct hint *hints, unsigned v)
{
   return hints[v].I && !hints[v].is_collect;
}

/* The register half where the bits of value v lie, or will: its group's
 * register, or for a split piece whose vector is placed already, its
 * place in that vector (which the piece's hint then takes); else -1. */
static int
source_reg(const agx_context *ctx, int32_t *rep, const struct hint *hints,
           unsigned v)
{
   int r = ctx->values[find_rep(rep, v)].reg;
   if (r >= 0 || !is_split_piece(hints, v))
      return r;
   int w = ctx->values[find_rep(rep, hints[v].vec)].reg;
   return w >= 0 ? w + hints[v].off : -1;
}

/* Does half h, held by group g, hold what collect C (its vector at half
 * base) wants there: the source covering h is g itself at its place, or
 * a split piece of g lying where g puts that piece? */
static bool
collect_half_in_place(const agx_context *ctx, int32_t *rep,
                      const struct hint *hints, const agx_instr *C, int base,
                      unsigned h, unsigned g)
{
   int at = base;
   for (unsigned j = 1; j < C->nr_ops; ++j) {
      agx_operand oj = C->ops[j];
      int halves = (oj.size / 16) * MAX2(oj.count, 1);
      if ((int)h >= at + halves) {
         at += halves;
         continue;
      }
      if (!agx_is_ssa(oj))
         return false;
      int greg = ctx->values[g].reg;
      if (find_rep(rep, oj.value) == g)
         return greg == at && oj.size == ctx->values[g].size;
      return is_split_piece(hints, oj.value) &&
             find_rep(rep, hints[oj.value].vec) == g &&
             greg + hints[oj.value].off == at;
   }
   return false;
}

/* A collect whose source i (at half off of the vector) is piece 0 of a
 * split of w: the offset w would have in the vector, when every source
 * overlapping that extent is w's piece at its own place (w may reach
 * past the vector's end: the 32-bit layer of an array coordinate, whose
 * low half ends the vector); else -1. */
static int
split_vector_offset(const agx_context *ctx, const struct hint *hints,
                    const agx_instr *C, unsigned i, unsigned off)
{
   unsigned v = C->ops[i].value;
   if (!is_split_piece(hints, v) || hints[v].off != 0)
      return -1;
   unsigned w = hints[v].vec;
   unsigned end = off + agx_value_halves(&ctx->values[w]);
   unsigned at = off;
   for (unsigned j = i; j < C->nr_ops && at < end; ++j) {
      agx_operand oj = C->ops[j];
      if (!agx_is_ssa(oj) || !is_split_piece(hints, oj.value) ||
          hints[oj.value].vec != (int32_t)w || hints[oj.value].off != at - off)
         return -1;
      at += (oj.size / 16) * MAX2(oj.count, 1);
   }
   return (int)off;
}

/* Every definition in program order (positions never decrease), so
 * that the writes of a coalesced group inside a range can be found */
struct def_at {
   unsigned pos, value;
};

/* At most this many definitions are looked at by one query; past it the
 * answer is "written" (a vector lives a few instructions: the collect to
 * its texture lookup or store) */
#define AGX_RA_MAX_DEF_SCAN 64

/* Is group g (a representative) written at a position in (a, b]? */
static bool
group_written_in(const struct def_at *defs, size_t nr, int32_t *rep, unsigned g,
                 unsigned a, unsigned b)
{
   size_t lo = 0, hi = nr;
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (defs[mid].pos <= a)
         lo = mid + 1;
      else
         hi = mid;
   }
   for (size_t i = lo, k = 0; i < nr && defs[i].pos <= b; ++i, ++k) {
      if (k == AGX_RA_MAX_DEF_SCAN || find_rep(rep, defs[i].value) == g)
         return true;
   }
   return false;
}

/* The end of a successful allocation: operands name registers */
static void
rewrite_to_registers(agx_context *ctx, unsigned max_half)
{
   agx_foreach_instr_global(ctx, I)
   {
      agx_foreach_op(I, i)
      {
         if (!agx_is_ssa(I->ops[i]))
            continue;
         agx_operand *o = &I->ops[i];
         o->kind = AGX_ISA_KIND_REG;
         o->value = ctx->values[o->value].reg;
      }
   }
   ctx->info->nr_gprs = AGX_ALIGN(max_half, 2);
}

/* The other way round from struct hint: a value read by a collect (its
 * first one) would like the place of its element in the collect's
 * vector, so that the collect finds its sources consecutive. */
struct elem_hint {
   int32_t vec; /* the collect's result, or -1 */
   uint16_t off;
   unsigned pos; /* the collect's position */
};

/*
 * What agx_ra works out before it gives out registers: the intervals
 * (coalesced, sorted by start), the groups, the live segments and the
 * hints.  None of it depends on the registers, so after an allocation
 * over the budget it is kept for a retry on the same instructions
 * (agx_compile.c sets ctx->ra_liveness_valid then): that retry costs the
 * allocation loop alone.  (Rebuilding it was about 45% of each retry's
 * time in wave 14.)  Owned by ctx->ra_prep, freed with ctx->mem at the
 * latest (ra_prep_destroy).
 */
struct agx_ra_prep {
   unsigned n;
   struct interval *iv; /* sorted by start */
   bool *seen;
   int32_t *rep;
   struct seglist *seg;
   struct segment *seg_pool;
   struct hint *hints;
   struct elem_hint *elem;
   unsigned *cuse_first;
   struct elem_use *cuse_sorted;
   unsigned *slot_of;
   unsigned *gdefs;
   struct def_at *defs;
   size_t nr_defs;
   const agx_instr **alu_def;
   struct split_of *split_of;
};

static void
ra_prep_destroy(void *ptr)
{
   struct agx_ra_prep *p = ptr;
   for (unsigned v = 0; p->seg && v < p->n; ++v) {
      if (p->seg[v].owned)
         free(p->seg[v].s);
   }
   free(p->seg);
   free(p->seg_pool);
   free(p->defs);
   free(p->iv);
   free(p->seen);
   free(p->hints);
   free(p->elem);
   free(p->cuse_first);
   free(p->cuse_sorted);
   free(p->slot_of);
   free(p->gdefs);
   free(p->alu_def);
   free(p->split_of);
   free(p->rep);
}

void
agx_ra_release(agx_context *ctx)
{
   if (ctx->ra_prep)
      ralloc_free(ctx->ra_prep);
   ctx->ra_prep = NULL;
}

/* Intervals, coalescing and hints for the instructions as they are */
static void
ra_prepare(agx_context *ctx, struct agx_ra_prep *prep)
{
   unsigned n = ctx->nr_values;
   struct interval *iv = calloc(n ? n : 1, sizeof(*iv));
   bool *seen = calloc(n ? n : 1, sizeof(bool));
   /* definitions per value, then per coalesced group (at its rep) */
   unsigned *ndefs = calloc(n ? n : 1, sizeof(unsigned));

   for (unsigned v = 0; v < n; ++v) {
      iv[v].value = v;
      iv[v].start = ~0u;
      iv[v].end = 0;
   }

   if (!ctx->ra_liveness_valid)
      agx_liveness(ctx);
   ctx->ra_liveness_valid = false;
   mark_parallel_copies(ctx);

   /* Register hints that make copies disappear (struct hint) */
   struct hint *hints = calloc(n ? n : 1, sizeof(*hints));
   /* The other way round: a value read by a collect (its first one)
    * would like the place of its element in the collect's vector, so that
    * the collect finds its sources consecutive. */
   struct elem_hint *elem = malloc(sizeof(*elem) * (n ? n : 1));
   for (unsigned v = 0; v < n; ++v)
      elem[v].vec = -1;

   /* Every collect reading each value (not only the first): once the
    * value has a register, the vectors of the collects after it are
    * reserved where it puts them (see `reserved` below), so that a value
    * read by many collects (a texture row c in coordinates (x, c)) leaves
    * its neighbours to their other elements. */
   struct elem_use *cuses = NULL;
   size_t nr_cuses = 0, cuses_cap = 0;

   /* The ALU instruction defining each value, when it has one scalar
    * destination (else NULL): its destination may take the register of
    * a source read there for the last time (see dies_at) */
   const agx_instr **alu_def = calloc(n ? n : 1, sizeof(*alu_def));
   /* The first split of each vector value and its position */
   struct split_of *split_of = calloc(n ? n : 1, sizeof(*split_of));

   /* The copies coalescing may remove, in program order, so that it
    * need not walk every instruction again */
   struct copy {
      unsigned p, dst, src;
   } *copies = NULL;
   size_t nr_copies = 0, copies_cap = 0;

   /* Every definition and its position (group_written_in) */
   struct def_at *defs = NULL;
   size_t nr_defs = 0, defs_cap = 0;

   /* The values if, else and while read (see build_segments) */
   unsigned *exec_reads = NULL;
   size_t nr_exec_reads = 0, exec_reads_cap = 0;

   /* Intervals, hints and copies in the same walk over the instructions */
   unsigned pos = 0;
   agx_foreach_block(ctx, blk)
   {
      blk->start = 2 * pos;
      unsigned count = 0;
      agx_foreach_instr(blk, I)
      {
         /* a parallel copy joining a run takes the run's position */
         if (I->parallel & AGX_PAR_JOIN)
            pos--;
         unsigned p = 2 * pos;
         if (I->op == AGX_OP_MOV && agx_is_ssa(I->ops[0]) &&
             agx_is_ssa(I->ops[1]) && !I->ops[1].flags) {
            if (nr_copies == copies_cap) {
               copies_cap = copies_cap ? 2 * copies_cap : 256;
               copies = realloc(copies, sizeof(*copies) * copies_cap);
            }
            copies[nr_copies++] = (struct copy){p, I->ops[0].value,
                                                I->ops[1].value};
         }
         if (I->op == AGX_OP_COLLECT && agx_is_ssa(I->ops[0])) {
            unsigned off = 0;
            for (unsigned i = 1; i < I->nr_ops; ++i) {
               agx_operand o = I->ops[i];
               if (agx_is_ssa(o) && elem[o.value].vec < 0)
                  elem[o.value] = (struct elem_hint){(int32_t)I->ops[0].value,
                                                     (uint16_t)off, p};
               if (agx_is_ssa(o)) {
                  add_cuse(&cuses, &nr_cuses, &cuses_cap,
                           (struct elem_use){(unsigned)o.value,
                                             (unsigned)I->ops[0].value, off,
                                             p});
               }
               /* the vector split into pieces that are collected in
                * order (32-bit coordinates as halves before a 16-bit
                * layer) would like its place too */
               int w_off = agx_is_ssa(o)
                              ? split_vector_offset(ctx, hints, I, i, off)
                              : -1;
               if (w_off >= 0) {
                  unsigned w = (unsigned)hints[o.value].vec;
                  if (elem[w].vec < 0)
                     elem[w] = (struct elem_hint){(int32_t)I->ops[0].value,
                                                  (uint16_t)w_off, p};
                  add_cuse(&cuses, &nr_cuses, &cuses_cap,
                           (struct elem_use){w, (unsigned)I->ops[0].value,
                                             (unsigned)w_off, p});
               }
               off += (o.size / 16) * MAX2(o.count, 1);
            }
         }
         if (I->op == AGX_OP_SPLIT && agx_is_ssa(I->ops[I->nr_ops - 1]) &&
             !split_of[I->ops[I->nr_ops - 1].value].I)
            split_of[I->ops[I->nr_ops - 1].value] = (struct split_of){I, p};
         if (I->op == AGX_OP_SPLIT && agx_is_ssa(I->ops[I->nr_ops - 1])) {
            unsigned off = 0;
            for (unsigned i = 0; i + 1 < I->nr_ops; ++i) {
               if (agx_is_ssa(I->ops[i])) {
                  struct hint *h = &hints[I->ops[i].value];
                  h->vec = (int32_t)I->ops[I->nr_ops - 1].value;
                  h->off = (uint16_t)off;
                  h->from[0] = h->vec;
                  h->nr_from = 1;
                  h->I = I;
               }
               off += I->ops[i].size / 16;
            }
         } else if (I->op == AGX_OP_COLLECT && agx_is_ssa(I->ops[0])) {
            struct hint *h = &hints[I->ops[0].value];
            h->is_collect = true;
            h->I = I;
            for (unsigned i = 1; i < I->nr_ops; ++i) {
               if (!agx_is_ssa(I->ops[i]))
                  break;
               h->from[h->nr_from++] = (int32_t)I->ops[i].value;
            }
         }
         if (agx_is_exec_op(I->op)) {
            agx_foreach_op(I, i)
            {
               if ((I->writes >> i) & 1 || !agx_is_ssa(I->ops[i]))
                  continue;
               if (nr_exec_reads == exec_reads_cap) {
                  exec_reads_cap = exec_reads_cap ? 2 * exec_reads_cap : 64;
                  exec_reads = realloc(exec_reads, sizeof(*exec_reads) *
                                                      exec_reads_cap);
               }
               exec_reads[nr_exec_reads++] = I->ops[i].value;
            }
         }
         if (util_bitcount(I->writes) == 1 &&
             reads_before_writing(I->op)) {
            const agx_operand *d = &I->ops[__builtin_ctz(I->writes)];
            if (agx_is_ssa(*d) && d->count <= 1)
               alu_def[d->value] = I;
         }
         agx_foreach_op(I, i)
         {
            if (!agx_is_ssa(I->ops[i]))
               continue;
            if ((I->writes >> i) & 1)
               ndefs[I->ops[i].value]++;
            struct interval *t = &iv[I->ops[i].value];
            seen[I->ops[i].value] = true;
            /* a parallel copy writes after its run read */
            unsigned at = ((I->writes >> i) & 1) &&
                                (I->parallel & AGX_PAR_LATE)
                             ? p + 1
                             : p;
            t->start = MIN2(t->start, at);
            t->end = MAX2(t->end, at);
            if ((I->writes >> i) & 1) {
               if (nr_defs == defs_cap) {
                  defs_cap = defs_cap ? 2 * defs_cap : 256;
                  defs = realloc(defs, sizeof(*defs) * defs_cap);
               }
               defs[nr_defs++] = (struct def_at){at, I->ops[i].value};
            }
         }
         pos++;
         count++;
      }
      blk->end = count ? 2 * (pos - 1) + 1 : blk->start;
   }

   /* The block boundaries where a value is live widen its hull: only the
    * first and the last count, so each value is visited once from each
    * end, the boundaries in between costing a word test.  (Visiting every
    * live value at every boundary cost blocks x live values.) */
   {
      unsigned words = BITSET_WORDS(ctx->nr_live_values ? ctx->nr_live_values
                                                        : 1);
      BITSET_WORD *done = calloc(words, sizeof(BITSET_WORD));
      agx_foreach_block(ctx, blk)
      {
         const BITSET_WORD *in = blk->live_in, *out = blk->live_out;
         FOREACH_LIVE_BIT(ctx, words, (in[w] | out[w]) & ~done[w], i, v, {
            unsigned at = BITSET_TEST(in, i) ? blk->start : blk->end;
            iv[v].start = MIN2(iv[v].start, at);
            iv[v].end = MAX2(iv[v].end, at);
            BITSET_SET(done, i);
         });
      }
      memset(done, 0, words * sizeof(BITSET_WORD));
      list_for_each_entry_rev(agx_block, blk, &ctx->blocks, link)
      {
         const BITSET_WORD *in = blk->live_in, *out = blk->live_out;
         FOREACH_LIVE_BIT(ctx, words, (in[w] | out[w]) & ~done[w], i, v, {
            unsigned at = BITSET_TEST(out, i) ? blk->end : blk->start;
            iv[v].start = MIN2(iv[v].start, at);
            iv[v].end = MAX2(iv[v].end, at);
            BITSET_SET(done, i);
         });
      }
      free(done);
   }

   /* Copy coalescing: the two sides of a copy become one value when their
    * intervals do not overlap, or touch only at the copy itself (the
    * source's last use is the copy defining the destination).  Phi webs
    * and their copies mostly disappear this way.  The merged interval is
    * the union; values keep their representative's register.  Copies are
    * taken from the last to the first: the newest versions of a value
    * carried through a chain of webs then join first, and the oldest
    * (often read again much later) join what is left.  (Measured over
    * shader-db: program order left dolphin's ubershaders 360:256
    * spills:fills and 844,836 instructions, this order none and
    * 843,507.) */
   int32_t *rep = malloc(sizeof(int32_t) * (n ? n : 1));
   for (unsigned v = 0; v < n; ++v)
      rep[v] = (int32_t)v;
   struct seglist *seg = calloc(n ? n : 1, sizeof(*seg));
   struct segment *seg_pool = NULL;
   build_segments(ctx, seg, &seg_pool, exec_reads, nr_exec_reads);
   /* each value's own segments (merging never writes into the pool) and
    * how many values each group holds */
   struct seglist *own = malloc(sizeof(*own) * (n ? n : 1));
   memcpy(own, seg, sizeof(*own) * n);
   unsigned *gsize = malloc(sizeof(unsigned) * (n ? n : 1));
   for (unsigned v = 0; v < n; ++v)
      gsize[v] = 1;
   for (size_t c = nr_copies; c-- > 0;) {
      unsigned p = copies[c].p;
      unsigned a = copies[c].src, b = copies[c].dst;
      a = find_rep(rep, a);
      b = find_rep(rep, b);
      const struct agx_value *va = &ctx->values[a], *vb = &ctx->values[b];
      if (a == b || va->size != vb->size || va->count != vb->count ||
          va->fixed >= 0 || vb->fixed >= 0)
         continue;
      struct interval *A = &iv[a], *B = &iv[b];
      bool ok = (A->end == p && B->start == p) || A->end < B->start ||
                B->end < A->start;
      /* the hulls meet: do the values? (both must have segments: a value
       * without any is written in part) */
      bool precise = seg[a].n && seg[b].n;
      /* (the hulls overlap: their union, in one register, never needs
       * more registers anywhere than the two did) */
      if (!ok && precise && seg[a].n + seg[b].n <= AGX_RA_MAX_SEGMENTS)
         ok = !segments_interfere(&seg[a], &seg[b], p);
      if (!ok)
         continue;
      if (precise) {
         merge_segments(&seg[a], &seg[b]);
      } else {
         /* the union has a part written in part: hulls only from now */
         seg[a].n = seg[b].n = 0;
      }
      rep[b] = (int32_t)a;
      A->start = MIN2(A->start, B->start);
      A->end = MAX2(A->end, B->end);
      seen[a] = true;
      seen[b] = false;
      gsize[a] += gsize[b];
   }

   /* Value-aware coalescing: a copy d = s of a value s written once,
    * d written only there, holds s's bits wherever both live, so d may
    * join s's group even though they meet, when it meets no other
    * member of the group (an output copied while the value is still
    * read, a loop's initial value kept).  The group's writes stay one
    * value's: d's does not count for ALIASABLE below. */
   for (size_t c = nr_copies; c-- > 0;) {
      unsigned sv = copies[c].src, d = copies[c].dst;
      unsigned a = find_rep(rep, sv);
      const struct agx_value *va = &ctx->values[a], *vd = &ctx->values[d];
      if (a == find_rep(rep, d) || rep[d] != (int32_t)d || gsize[d] != 1 ||
          ndefs[d] != 1 || ndefs[sv] != 1 || va->size != vd->size ||
          va->count != vd->count || va->fixed >= 0 || vd->fixed >= 0 ||
          !own[d].n || !own[sv].n || !seg[a].n ||
          seg[a].n + own[d].n > AGX_RA_MAX_SEGMENTS ||
          !meets_only_within(&seg[a], &own[d], &own[sv]))
         continue;
      merge_segments(&seg[a], &seg[d]);
      join_overlapping(&seg[a]);
      rep[d] = (int32_t)a;
      iv[a].start = MIN2(iv[a].start, iv[d].start);
      iv[a].end = MAX2(iv[a].end, iv[d].end);
      seen[a] = true;
      seen[d] = false;
      gsize[a]++;
      ndefs[d] = 0;
   }
   free(gsize);
   free(own);

   /* A register vector's element may share its register with the value
    * it copies even while both live on, when neither group is written
    * anywhere else: both then hold the same bits wherever both are live
    * (a texture coordinate kept for later arithmetic, a split part of a
    * vector still read whole).  Since wave 14 the element's group may be
    * written elsewhere too (a phi web: a loop's texture coordinate), when
    * none of those writes falls in the vector's life: the collect is the
    * vector's only write, so both hold the same bits until the vector
    * dies (VECTOR_SHARES); likewise a split piece, written by the split
    * alone, and a vector not written during the piece's life
    * (PIECE_SHARES). */
   unsigned *gdefs = calloc(n ? n : 1, sizeof(unsigned));
   for (unsigned v = 0; v < n; ++v)
      gdefs[find_rep(rep, v)] += ndefs[v];
   /* a coalesced group takes the first element hint of its members */
   for (unsigned v = 0; v < n; ++v) {
      unsigned r = find_rep(rep, v);
      if (elem[v].vec >= 0 && (elem[r].vec < 0 || elem[v].pos < elem[r].pos))
         elem[r] = elem[v];
   }

   /* the collect uses by group: cuse_first[g] .. cuse_first[g + 1] */
   unsigned *cuse_first = calloc(n + 1, sizeof(unsigned));
   struct elem_use *cuse_sorted =
      malloc(sizeof(*cuse_sorted) * (nr_cuses ? nr_cuses : 1));
   for (size_t u = 0; u < nr_cuses; ++u)
      cuse_first[find_rep(rep, cuses[u].value) + 1]++;
   for (unsigned v = 0; v < n; ++v)
      cuse_first[v + 1] += cuse_first[v];
   {
      unsigned *fill = malloc(sizeof(unsigned) * (n ? n : 1));
      memcpy(fill, cuse_first, sizeof(unsigned) * (n ? n : 1));
      for (size_t u = 0; u < nr_cuses; ++u)
         cuse_sorted[fill[find_rep(rep, cuses[u].value)]++] = cuses[u];
      free(fill);
   }

   sort_intervals(iv, n, 2 * pos + 2);
   /* position in iv[] of each value */
   unsigned *slot_of = calloc(n ? n : 1, sizeof(unsigned));
   for (unsigned k = 0; k < n; ++k)
      slot_of[iv[k].value] = k;

   free(exec_reads);
   free(copies);
   free(cuses);
   free(ndefs);
   *prep = (struct agx_ra_prep){
      .n = n,
      .iv = iv,
      .seen = seen,
      .rep = rep,
      .seg = seg,
      .seg_pool = seg_pool,
      .hints = hints,
      .elem = elem,
      .cuse_first = cuse_first,
      .cuse_sorted = cuse_sorted,
      .slot_of = slot_of,
      .gdefs = gdefs,
      .defs = defs,
      .nr_defs = nr_defs,
      .alu_def = alu_def,
      .split_of = split_of,
   };
}

/* Registers for the groups of `prep`, in interval order */
static bool
ra_assign(agx_context *ctx, const struct agx_ra_prep *prep)
{
   unsigned n = prep->n;
   struct interval *iv = prep->iv;
   const bool *seen = prep->seen;
   int32_t *rep = prep->rep; /* (find_rep shortens its paths) */
   const struct seglist *seg = prep->seg;
   struct hint *hints = prep->hints;
   const struct elem_hint *elem = prep->elem;
   const unsigned *cuse_first = prep->cuse_first;
   const struct elem_use *cuse_sorted = prep->cuse_sorted;
   const unsigned *slot_of = prep->slot_of;
   const unsigned *gdefs = prep->gdefs;
   const struct def_at *defs = prep->defs;
   size_t nr_defs = prep->nr_defs;
   const agx_instr **alu_def = prep->alu_def;
   const struct split_of *split_of = prep->split_of;
#define ALIASABLE(v) (gdefs[find_rep(rep, (v))] == 1)
#define VEC_IV(vec) (&iv[slot_of[find_rep(rep, (vec))]])
#define VECTOR_SHARES(g, vec)                                                  \
   (ALIASABLE(vec) &&                                                          \
    (ALIASABLE(g) || !group_written_in(defs, nr_defs, rep, find_rep(rep, (g)), \
                                       VEC_IV(vec)->start, VEC_IV(vec)->end)))
#define PIECE_SHARES(vec, piece)                                               \
   (ALIASABLE(piece) &&                                                        \
    (ALIASABLE(vec) ||                                                         \
     !group_written_in(defs, nr_defs, rep, find_rep(rep, (vec)),               \
                       VEC_IV(piece)->start, VEC_IV(piece)->end)))

   /* owner[h]: index in iv[] of the interval holding half h, or -1 */
   int owner[AGX_NR_HALVES];
   for (unsigned h = 0; h < AGX_NR_HALVES; ++h)
      owner[h] = -1;

   /* reserved[h]: the position of a collect whose vector is to take half
    * h (an element placed already put the vector there), so that values
    * free to go anywhere leave it to the collect's other elements: a
    * coordinate's y computed after x then lands beside it instead of
    * being copied there.  Only a preference: a value finding nothing
    * else takes a reserved half. */
   unsigned reserved[AGX_NR_HALVES];
   memset(reserved, 0, sizeof(reserved));

   unsigned file = (ctx->debug & AGX_DBG_FEWREGS) ? AGX_FEWREGS_HALVES
                                                   : AGX_NR_HALVES;
   unsigned max_half = AGX_FIRST_FREE_HALF;
   bool ok = true;
   /* the intervals holding registers, a min-heap on their ends */
   unsigned *active = malloc(sizeof(unsigned) * (n ? n : 1));
   unsigned nr_active = 0;

   for (unsigned k = 0; k < n && ok; ++k) {
      struct agx_value *val = &ctx->values[iv[k].value];
      if (!seen[iv[k].value])
         continue;

      /* Expire intervals that ended before this one starts, earliest end
       * first from a heap (walking the register file for every value was
       * most of the allocator's time).  A hinted value may have taken
       * halves of an interval ending where it starts: those stay. */
      while (nr_active && iv[active[0]].end < iv[k].start) {
         unsigned x = heap_pop(active, &nr_active, iv);
         const struct agx_value *xv = &ctx->values[iv[x].value];
         for (unsigned h = xv->reg; h < xv->reg + agx_value_halves(xv); ++h) {
            if (owner[h] == (int)x)
               owner[h] = -1;
         }
      }

      unsigned size = agx_value_halves(val);
      unsigned align = value_align(val);
      int reg = -1;

      struct hint *hint = &hints[iv[k].value];
      int want = -1;
      if (hint->I && hint->is_collect && val->fixed < 0) {
         /* where one of the sources already lies at its element's
          * place, if the rest of the vector is free there (or held by
          * other sources at their places): the sources placed stay, the
          * others are copied in.  All sources consecutive is the best
          * case (no move at all). */
         const agx_instr *C = hint->I;
         unsigned off_i = 0;
         for (unsigned i = 1; i < C->nr_ops && reg < 0; ++i) {
            agx_operand oi = C->ops[i];
            unsigned halves_i = (oi.size / 16) * MAX2(oi.count, 1);
            int base = agx_is_ssa(oi)
                          ? source_reg(ctx, rep, hints, oi.value) - (int)off_i
                          : -1;
            off_i += halves_i;
            if (base < (int)AGX_FIRST_FREE_HALF || base % (int)align ||
                base + size > file)
               continue;
            bool ok_hint = true;
            for (unsigned h = base; h < base + size && ok_hint; ++h) {
               if (owner[h] < 0)
                  continue;
               const struct interval *o = &iv[owner[h]];
               /* a source there must be at its own element's place */
               bool in_place =
                  collect_half_in_place(ctx, rep, hints, C, base, h, o->value);
               ok_hint = in_place && (o->end == iv[k].start ||
                                      VECTOR_SHARES(o->value, iv[k].value));
            }
            if (ok_hint)
               reg = base;
         }
      } else if (hint->I && !hint->is_collect &&
                 ctx->values[find_rep(rep, hint->vec)].reg >= 0) {
         want = ctx->values[find_rep(rep, hint->vec)].reg + hint->off;
      }
      if (want >= 0 && val->fixed < 0 && want + size <= file) {
         bool ok_hint = (unsigned)want >= AGX_FIRST_FREE_HALF;
         for (unsigned h = want; h < want + size && ok_hint; ++h) {
            if (owner[h] < 0)
               continue;
            const struct interval *o = &iv[owner[h]];
            bool allowed = false;
            for (unsigned f = 0; f < hint->nr_from; ++f)
               allowed |= o->value == find_rep(rep, hint->from[f]);
            ok_hint = allowed && (o->end == iv[k].start ||
                                  PIECE_SHARES(o->value, iv[k].value));
         }
         if (ok_hint)
            reg = want;
      }

      if (reg < 0 && val->fixed < 0 && split_of[iv[k].value].I)
         reg = split_in_place(ctx, &split_of[iv[k].value], &iv[k], rep, seg,
                              iv, owner, file);

      const struct elem_hint *eh = &elem[iv[k].value];
      if (reg < 0 && val->fixed < 0 && eh->vec >= 0 &&
          (iv[k].end <= eh->pos ||
           VECTOR_SHARES(iv[k].value, (unsigned)eh->vec))) {
         const struct hint *ch = &hints[eh->vec];
         const struct agx_value *vec = &ctx->values[eh->vec];
         unsigned vsize = agx_value_halves(vec), valign = value_align(vec);
         /* where an element placed already puts the vector, else (or
          * when this value does not fit there) the first place where the
          * whole vector is free now: the elements placed are then copied
          * in, this one and those after it are not */
         int placed = -1;
         unsigned off = 0;
         for (unsigned i = 0; i < ch->nr_from && placed < 0; ++i) {
            agx_operand oi = ch->I->ops[1 + i];
            int si = source_reg(ctx, rep, hints, (unsigned)ch->from[i]);
            if (si >= (int)off)
               placed = si - (int)off;
            off += (oi.size / 16) * MAX2(oi.count, 1);
         }
         for (unsigned attempt = 0; attempt < 2 && reg < 0; ++attempt) {
            int base = attempt ? -1 : placed;
            /* (free, and not kept for another collect's vector) */
            for (unsigned r = AGX_FIRST_FREE_HALF;
                 base < 0 && r + vsize <= file; r += valign) {
               bool free = true;
               for (unsigned h = r; h < r + vsize && free; ++h)
                  free = owner[h] < 0 && reserved[h] <= iv[k].start;
               if (free)
                  base = (int)r;
            }
            int at = base + eh->off;
            bool fits = base >= AGX_FIRST_FREE_HALF && base % valign == 0 &&
                        at % align == 0 && at + size <= file;
            for (unsigned h = at; fits && h < at + size; ++h) {
               fits = owner[h] < 0 ||
                      (iv[owner[h]].end == iv[k].start &&
                       dies_at(alu_def[iv[k].value], rep, iv[owner[h]].value));
            }
            if (fits) {
               reg = at;
               /* a vector may reach past the file: reserve what exists */
               for (unsigned h = base; h < base + vsize && h < AGX_NR_HALVES;
                    ++h)
                  reserved[h] = MAX2(reserved[h], eh->pos);
            }
            if (placed < 0)
               break; /* the first attempt was the free place already */
         }
      }

      if (reg >= 0) {
         /* hinted */
      } else if (val->fixed >= 0) {
         reg = val->fixed;
         for (unsigned h = reg; h < reg + size; ++h) {
            if (owner[h] >= 0)
               reg = -1;
         }
      } else {
         /* the first free place, outside the reserved halves if any */
         int any = -1;
         for (unsigned r = AGX_FIRST_FREE_HALF; r + size <= file;
              r += align) {
            bool free = true, kept = false;
            for (unsigned h = r; h < r + size && free; ++h) {
               free = owner[h] < 0;
               kept |= reserved[h] > iv[k].start;
            }
            if (free && any < 0)
               any = (int)r;
            if (free && !kept) {
               reg = (int)r;
               break;
            }
         }
         /* ... unless leaving them would raise the demand past what
          * keeps every thread */
         unsigned keep = MAX2(max_half, AGX_RA_FULL_OCCUPANCY_HALVES);
         if (reg < 0 || (any >= 0 && reg + size > keep && any + size <= keep))
            reg = any;
      }

      if (reg < 0) {
         report_pressure(ctx, iv, n, rep, seen, iv[k].start, size);
         agx_fail(ctx, AGX_COMPILE_TOO_BIG, "out of registers");
         ok = false;
         break;
      }

      val->reg = (int16_t)reg;
      /* a half shared with a value that outlives this one stays its */
      for (unsigned h = reg; h < reg + size; ++h) {
         if (owner[h] < 0 || iv[owner[h]].end <= iv[k].end)
            owner[h] = (int)k;
      }
      heap_push(active, &nr_active, iv, k);
      max_half = MAX2(max_half, reg + size);

      /* the vectors of the collects after this point that read it */
      for (unsigned u = cuse_first[iv[k].value];
           u < cuse_first[iv[k].value + 1]; ++u) {
         const struct elem_use *cu = &cuse_sorted[u];
         const struct agx_value *vec = &ctx->values[cu->vec];
         int base = reg - (int)cu->off;
         unsigned vsize = agx_value_halves(vec);
         if (ctx->ra_first_collect_only) {
            /* (the first collect's is reserved by the element hint) */
            break;
         }
         if (cu->pos <= iv[k].start || base < (int)AGX_FIRST_FREE_HALF ||
             base % (int)value_align(vec) || base + vsize > file)
            continue;
         for (unsigned h = base; h < base + vsize; ++h)
            reserved[h] = MAX2(reserved[h], cu->pos);
      }
   }

   /* coalesced values share their representative's register (also over
    * the budget: agx_ra_save may keep that allocation) */
   for (unsigned v = 0; v < n && ok; ++v)
      ctx->values[v].reg = ctx->values[find_rep(rep, v)].reg;

   /* a budget below the register file (agx_compile.c allocate) */
   if (ok && ctx->ra_max_halves && max_half > ctx->ra_max_halves) {
      agx_fail(ctx, AGX_COMPILE_TOO_BIG, "over the register budget");
      ctx->ra_over_budget = max_half;
      ok = false;
   }

   free(active);
#undef ALIASABLE
#undef VEC_IV
#undef VECTOR_SHARES
#undef PIECE_SHARES
   if (!ok)
      return false;
   rewrite_to_registers(ctx, max_half);
   return true;
}

bool
agx_ra(agx_context *ctx)
{
   /* the last round's intervals, when nothing but the registers changed
    * since (its live sets too, ra_prepare) */
   bool reuse = ctx->ra_liveness_valid && ctx->ra_prep &&
                ctx->ra_prep->n == ctx->nr_values;
   if (!reuse) {
      agx_ra_release(ctx);
      ctx->ra_prep = ralloc(ctx->mem, struct agx_ra_prep);
      memset(ctx->ra_prep, 0, sizeof(*ctx->ra_prep));
      ralloc_set_destructor(ctx->ra_prep, ra_prep_destroy);
      ra_prepare(ctx, ctx->ra_prep);
      ctx->nr_ra_prepared++;
   }
   ctx->ra_liveness_valid = false;
   bool ok = ra_assign(ctx, ctx->ra_prep);
   /* kept only for a retry over the budget (agx_compile.c allocate) */
   if (!ok && !ctx->ra_over_budget)
      agx_ra_release(ctx);
   if (ok)
      agx_ra_release(ctx);
   return ok;
}

void
agx_ra_save(agx_context *ctx, struct agx_ra_saved *saved)
{
   unsigned n = ctx->nr_values;
   saved->order = agx_save_order(ctx);
   saved->reg = ralloc_array(ctx->mem, int16_t, n ? n : 1);
   for (unsigned v = 0; v < n; ++v)
      saved->reg[v] = ctx->values[v].reg;
   saved->halves = ctx->ra_over_budget;
}

void
agx_ra_restore(agx_context *ctx, const struct agx_ra_saved *saved)
{
   agx_restore_order(ctx, saved->order);
   for (unsigned v = 0; v < ctx->nr_values; ++v)
      ctx->values[v].reg = saved->reg[v];
   /* (the runs of parallel copies depend on the order) */
   mark_parallel_copies(ctx);
   rewrite_to_registers(ctx, saved->halves);
}
