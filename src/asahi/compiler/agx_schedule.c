/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Pre-RA list scheduling within blocks.
 *
 * A block is cut at "fences" (control flow, preloads, phis, barriers,
 * pixel-order waits, the final varying store and anything not listed
 * below); each run of instructions between two fences is scheduled on its
 * own, top down, from a dependency graph:
 *
 *  - values: a read follows the write it reads, a write follows the reads
 *    and the write before it (values may have several definitions once
 *    phis are webs, so write-after-read and write-after-write count);
 *  - four ordered resources, each with readers and writers (a reader
 *    follows the last writer; a writer follows the last writer and every
 *    reader since): memory (loads read, stores write, atomics write), the
 *    lane mask (sample_mask and zs_emit write it: stores after them reach
 *    only the samples that passed; derivatives, texture lookups with
 *    implicit derivatives, cross-lane operations, get_sr, stores and tile
 *    accesses read it), the tilebuffer (ld_tile reads, st_tile and the
 *    coverage writers write) and varyings (st_var writes, in order).
 *
 * The memory rules are the ones alexvorxx/Mesa-VirGL
 * src/asahi/compiler/agx_pressure_schedule.c keeps (stores after loads,
 * atomics and barriers in order, side effects before a discard).
 *
 * Loads are asynchronous: device_load, texture_sample and friends write
 * their registers later, and a `wait` stalls until every load of the
 * scoreboard slot has landed (dougallj/applegpu applegpu.py,
 * WaitInstructionDesc; agx_insert_waits.c puts the waits after
 * allocation).  Loads whose results are read by the next instruction cost
 * one wait each; issued together, with independent work before the first
 * use, they share one wait and their latency is hidden.  So the priority
 * of a ready instruction is its critical path to the end of the region,
 * with a load counting AGX_SCHED_LOAD_LATENCY steps (a heuristic of this
 * pass, not a measured hardware figure), and an instruction whose operands
 * are not ready yet waits in a second queue until the step its last
 * operand is ready.  The reader of a collect's vector goes first among
 * the ready instructions once the collect is scheduled
 * (sched_node::follows), so that the vector's registers are free again
 * as soon as possible.
 *
 * Register pressure: the halves live in the region are tracked as the
 * schedule grows (a value dies after its last reader in the region when
 * nothing outside the region reads it).  Whenever the first choice would
 * take the pressure above the original order's maximum plus
 * AGX_SCHED_SLACK halves, the instruction that adds the fewest halves
 * among the first AGX_SCHED_WINDOW of both queues goes instead; when the
 * result still exceeds that bound, the region keeps its original order.
 *
 * Cost: the graph has O(operands) edges; both queues are binary heaps and
 * each step looks at a bounded number of candidates, so a region of n
 * instructions takes O(n log n).  Selection's waits are dropped here.
 */

#include <stdlib.h>
#include <string.h>

#include "agx_compiler.h"

#define AGX_SCHED_LOAD_LATENCY 12
#define AGX_SCHED_WINDOW 8

/* Ordered resources: a bit each in a class's read and write masks */
enum sched_res {
   RES_MEM,
   RES_LANES,
   RES_TILE,
   RES_VARY,
   RES_COUNT,
};

#define R(r) (1u << (r))
#define W(r) (1u << ((r) + RES_COUNT))

/* The resources an instruction reads and writes, SCHED_FENCE when it must
 * keep its place. */
#define SCHED_FENCE (~0u)

static unsigned
sched_class(unsigned op)
{
   if (agx_is_alu(op))
      return 0;
   switch (op) {
   case AGX_OP_MOV:
   case AGX_OP_COLLECT:
   case AGX_OP_SPLIT:
   case AGX_ISA_OP_SHLHI:
   case AGX_ISA_OP_SHRHI:
   case AGX_ISA_OP_ASRH:
   case AGX_ISA_OP_INTL:
   case AGX_ISA_OP_IUNOP:
   case AGX_ISA_OP_FUNOP:
   case AGX_ISA_OP_RSQRT_SPECIAL:
   case AGX_ISA_OP_SIN_PT_1:
   case AGX_ISA_OP_SIN_PT_2:
   case AGX_ISA_OP_MOV_IMM16:
   case AGX_ISA_OP_MOV_IMM32:
   case AGX_ISA_OP_ITER:
   case AGX_ISA_OP_ITERPROJ:
   case AGX_ISA_OP_LDCF:
      return 0;
   case AGX_ISA_OP_DEVICE_LOAD:
   case AGX_ISA_OP_STACK_LOAD:
   case AGX_ISA_OP_THREADGROUP_LOAD:
      return R(RES_MEM);
   case AGX_ISA_OP_TEXTURE_SAMPLE:
   case AGX_ISA_OP_TEXTURE_LOAD:
      return R(RES_MEM) | R(RES_LANES);
   case AGX_ISA_OP_DEVICE_STORE:
   case AGX_ISA_OP_STACK_STORE:
   case AGX_ISA_OP_THREADGROUP_STORE:
   case AGX_ISA_OP_IMAGE_WRITE:
   case AGX_ISA_OP_IMAGE_WRITE_BLOCK:
   case AGX_ISA_OP_ATOMIC:
   case AGX_ISA_OP_THREADGROUP_ATOMIC:
      return W(RES_MEM) | R(RES_LANES);
   case AGX_ISA_OP_DFDX:
   case AGX_ISA_OP_DFDY:
   case AGX_ISA_OP_GET_SR:
   case AGX_ISA_OP_ICMP_BALLOT:
   case AGX_ISA_OP_FCMP_BALLOT:
   case AGX_ISA_OP_ICMP_QUAD_BALLOT:
   case AGX_ISA_OP_FCMP_QUAD_BALLOT:
      return R(RES_LANES);
   case AGX_ISA_OP_SAMPLE_MASK:
   case AGX_ISA_OP_ZS_EMIT:
      /* side effects before the discard, and nothing moves across it */
      return W(RES_LANES) | W(RES_TILE) | W(RES_MEM);
   case AGX_ISA_OP_LD_TILE:
      return R(RES_TILE) | R(RES_LANES);
   case AGX_ISA_OP_ST_TILE:
      return W(RES_TILE) | R(RES_LANES);
   case AGX_ISA_OP_ST_VAR:
      return W(RES_VARY);
   default:
      return SCHED_FENCE;
   }
}

/* A value a node touches (each once per node) */
struct sched_use {
   unsigned value;
   bool reads, writes;
   int halves;
};

struct sched_node {
   agx_instr *I;
   unsigned first_use, nr_uses; /* in sched_ctx::uses */
   unsigned nr_preds;  /* unscheduled predecessors */
   unsigned first_succ, nr_succs;
   unsigned height;    /* critical path to the region's end */
   unsigned ready_at;  /* step at which every operand is available */
   bool follows;       /* reads the vector of the collect just scheduled */
};

/* A binary heap of node indices; `before(a, b)` orders it. */
struct sched_heap {
   unsigned *items, count;
};

struct sched_ctx {
   agx_context *ctx;
   int slack;
   struct sched_node *nodes;
   unsigned nr_nodes, cap_nodes;
   /* edges as (pred, succ) pairs while building, then CSR in succs */
   unsigned (*edges)[2];
   unsigned nr_edges, cap_edges;
   unsigned *succs, cap_succs;

   /* per value: last writer node + 1 (0: none in the region), and the
    * readers since then, as a chain through read_next */
   unsigned *last_def;
   unsigned *reader_head; /* index + 1 into read_node/read_next */
   unsigned *read_node, *read_next;
   unsigned nr_reads, cap_reads, cap_read_next;
   unsigned *touched;
   unsigned nr_touched;
   struct sched_use *uses;
   unsigned nr_uses, cap_uses;

   /* per resource: last writer + 1, readers since (list of nodes) */
   unsigned res_writer[RES_COUNT];
   unsigned *res_readers[RES_COUNT];
   unsigned nr_res_readers[RES_COUNT];

   /* pressure model, per value: instructions reading it anywhere in the
    * shader, in the region, in the region and not scheduled yet, and
    * whether it is live now */
   unsigned *total_reads;
   unsigned *region_reads;
   unsigned *pending_reads;
   bool *live;
   bool *seen;
   /* values live at the region's start (read before written there) */
   unsigned *live_in, nr_live_in;

   struct sched_heap avail, waiting;
   unsigned *order;
};

static void *
grow(void *p, unsigned *cap, unsigned need, size_t size)
{
   if (need <= *cap)
      return p;
   unsigned n = MAX2(need, *cap * 2 + 16);
   p = realloc(p, n * size);
   assert(p);
   *cap = n;
   return p;
}

static void
add_edge(struct sched_ctx *s, unsigned pred, unsigned succ)
{
   if (pred == succ)
      return;
   s->edges = grow(s->edges, &s->cap_edges, s->nr_edges + 1,
                   sizeof(*s->edges));
   s->edges[s->nr_edges][0] = pred;
   s->edges[s->nr_edges][1] = succ;
   s->nr_edges++;
}

/* Remember v for the reset after the region */
static void
touch(struct sched_ctx *s, unsigned v)
{
   if (!s->seen[v]) {
      s->seen[v] = true;
      s->touched[s->nr_touched++] = v;
   }
}

/* The values node I touches, each once: is ops[i] the first operand naming
 * its value, and does I read / write it? */
static bool
first_operand(const agx_instr *I, unsigned i, bool *reads, bool *writes)
{
   if (!agx_is_ssa(I->ops[i]))
      return false;
   for (unsigned j = 0; j < i; ++j) {
      if (agx_is_ssa(I->ops[j]) && I->ops[j].value == I->ops[i].value)
         return false;
   }
   *reads = *writes = false;
   for (unsigned j = i; j < I->nr_ops; ++j) {
      if (agx_is_ssa(I->ops[j]) && I->ops[j].value == I->ops[i].value) {
         if ((I->writes >> j) & 1)
            *writes = true;
         else
            *reads = true;
      }
   }
   return true;
}

static void
add_value_deps(struct sched_ctx *s, unsigned n)
{
   struct sched_node *x = &s->nodes[n];
   agx_instr *I = x->I;
   x->first_use = s->nr_uses;
   agx_foreach_op(I, i) {
      bool reads, writes;
      if (!first_operand(I, i, &reads, &writes))
         continue;
      unsigned v = (unsigned)I->ops[i].value;
      s->uses = grow(s->uses, &s->cap_uses, s->nr_uses + 1, sizeof(*s->uses));
      s->uses[s->nr_uses++] = (struct sched_use){
         v, reads, writes, (int)agx_value_halves(&s->ctx->values[v])};
      touch(s, v);
      if (s->last_def[v])
         add_edge(s, s->last_def[v] - 1, n);
      if (reads) {
         /* read before any write in the region: live at its start */
         if (!s->last_def[v] && !s->live[v]) {
            s->live[v] = true;
            s->live_in[s->nr_live_in++] = v;
         }
         s->region_reads[v]++;
      }
      if (writes) {
         for (unsigned r = s->reader_head[v]; r; r = s->read_next[r - 1])
            add_edge(s, s->read_node[r - 1], n);
         s->reader_head[v] = 0;
         s->last_def[v] = n + 1;
      } else {
         s->read_node = grow(s->read_node, &s->cap_reads, s->nr_reads + 1,
                             sizeof(unsigned));
         s->read_next = grow(s->read_next, &s->cap_read_next,
                             s->nr_reads + 1, sizeof(unsigned));
         s->read_node[s->nr_reads] = n;
         s->read_next[s->nr_reads] = s->reader_head[v];
         s->reader_head[v] = ++s->nr_reads;
      }
   }
   x->nr_uses = s->nr_uses - x->first_use;
}

static void
add_resource_deps(struct sched_ctx *s, unsigned n, unsigned cls)
{
   for (unsigned r = 0; r < RES_COUNT; ++r) {
      bool reads = cls & R(r), writes = cls & W(r);
      if (!reads && !writes)
         continue;
      if (s->res_writer[r])
         add_edge(s, s->res_writer[r] - 1, n);
      if (writes) {
         for (unsigned k = 0; k < s->nr_res_readers[r]; ++k)
            add_edge(s, s->res_readers[r][k], n);
         s->nr_res_readers[r] = 0;
         s->res_writer[r] = n + 1;
      } else {
         s->res_readers[r][s->nr_res_readers[r]++] = n;
      }
   }
}

/* ---- heaps ---------------------------------------------------------- */

/* avail: highest critical path first, then program order */
static bool
avail_before(const struct sched_ctx *s, unsigned a, unsigned b)
{
   const struct sched_node *x = &s->nodes[a], *y = &s->nodes[b];
   if (x->follows != y->follows)
      return x->follows;
   if (x->height != y->height)
      return x->height > y->height;
   return a < b;
}

/* waiting: earliest ready step first, then as avail */
static bool
waiting_before(const struct sched_ctx *s, unsigned a, unsigned b)
{
   const struct sched_node *x = &s->nodes[a], *y = &s->nodes[b];
   if (x->ready_at != y->ready_at)
      return x->ready_at < y->ready_at;
   return avail_before(s, a, b);
}

typedef bool (*heap_cmp)(const struct sched_ctx *, unsigned, unsigned);

static void
heap_push(const struct sched_ctx *s, struct sched_heap *h, heap_cmp before,
          unsigned n)
{
   unsigned i = h->count++;
   while (i) {
      unsigned p = (i - 1) / 2;
      if (!before(s, n, h->items[p]))
         break;
      h->items[i] = h->items[p];
      i = p;
   }
   h->items[i] = n;
}

static unsigned
heap_pop(const struct sched_ctx *s, struct sched_heap *h, heap_cmp before)
{
   unsigned top = h->items[0], last = h->items[--h->count];
   unsigned i = 0;
   for (;;) {
      unsigned c = 2 * i + 1;
      if (c >= h->count)
         break;
      if (c + 1 < h->count && before(s, h->items[c + 1], h->items[c]))
         c++;
      if (!before(s, h->items[c], last))
         break;
      h->items[i] = h->items[c];
      i = c;
   }
   if (h->count)
      h->items[i] = last;
   return top;
}

/* ---- pressure ------------------------------------------------------- */

/* The change in live halves when node n is scheduled next; with `apply`,
 * the live set and the pending reads are updated too. */
static int
value_step(struct sched_ctx *s, unsigned n, bool apply)
{
   const struct sched_node *x = &s->nodes[n];
   int delta = 0;
   for (unsigned k = 0; k < x->nr_uses; ++k) {
      const struct sched_use *u = &s->uses[x->first_use + k];
      unsigned v = u->value;
      unsigned left = s->pending_reads[v] - (u->reads ? 1 : 0);
      bool needed = left || s->total_reads[v] > s->region_reads[v];
      bool before = s->live[v];
      bool after = u->writes ? needed : before && needed;
      delta += ((int)after - (int)before) * u->halves;
      if (apply) {
         s->pending_reads[v] = left;
         s->live[v] = after;
      }
   }
   return delta;
}

/* The live set at the region's start: what is read before it is written */
static void
pressure_reset(struct sched_ctx *s)
{
   for (unsigned t = 0; t < s->nr_touched; ++t) {
      unsigned v = s->touched[t];
      s->pending_reads[v] = s->region_reads[v];
      s->live[v] = false;
   }
   for (unsigned k = 0; k < s->nr_live_in; ++k)
      s->live[s->live_in[k]] = true;
}

/* ---- one region ------------------------------------------------------ */

/* Does I read SSA operand v?  (The reader of a collect's vector goes
 * first once the collect is scheduled, right after it when it can: the
 * vector then dies at once, and the registers of its elements, such as a
 * texture coordinate computed from the one before it, are free again for
 * the next one.) */
static bool
reads_value(const agx_instr *I, agx_operand v)
{
   if (!agx_is_ssa(v))
      return false;
   agx_foreach_op(I, i) {
      if (!((I->writes >> i) & 1) && agx_is_ssa(I->ops[i]) &&
          I->ops[i].value == v.value)
         return true;
   }
   return false;
}

static unsigned
latency(const agx_instr *I)
{
   return agx_is_async_load(I->op) ? AGX_SCHED_LOAD_LATENCY : 1;
}

static void
build_succs(struct sched_ctx *s)
{
   unsigned n = s->nr_nodes;
   for (unsigned k = 0; k < n; ++k) {
      s->nodes[k].nr_succs = 0;
      s->nodes[k].nr_preds = 0;
      s->nodes[k].ready_at = 0;
      s->nodes[k].follows = false;
   }
   for (unsigned e = 0; e < s->nr_edges; ++e) {
      s->nodes[s->edges[e][0]].nr_succs++;
      s->nodes[s->edges[e][1]].nr_preds++;
   }
   unsigned at = 0;
   for (unsigned k = 0; k < n; ++k) {
      s->nodes[k].first_succ = at;
      at += s->nodes[k].nr_succs;
      s->nodes[k].nr_succs = 0;
   }
   s->succs = grow(s->succs, &s->cap_succs, at ? at : 1, sizeof(unsigned));
   for (unsigned e = 0; e < s->nr_edges; ++e) {
      struct sched_node *p = &s->nodes[s->edges[e][0]];
      s->succs[p->first_succ + p->nr_succs++] = s->edges[e][1];
   }
   /* edges go forward in program order: heights in reverse order */
   for (unsigned k = n; k-- > 0;) {
      struct sched_node *x = &s->nodes[k];
      unsigned h = 0;
      for (unsigned e = 0; e < x->nr_succs; ++e)
         h = MAX2(h, s->nodes[s->succs[x->first_succ + e]].height);
      x->height = h + latency(x->I);
   }
}

/* When the first choice would raise the pressure past the limit: the
 * candidate adding the fewest halves among the first AGX_SCHED_WINDOW of
 * each queue (a ready one on a tie, then the queues' order). */
static unsigned
choose_lighter(struct sched_ctx *s)
{
   unsigned cand[2 * AGX_SCHED_WINDOW], nr = 0, nr_avail;
   while (nr < AGX_SCHED_WINDOW && s->avail.count)
      cand[nr++] = heap_pop(s, &s->avail, avail_before);
   nr_avail = nr;
   while (nr < nr_avail + AGX_SCHED_WINDOW && s->waiting.count)
      cand[nr++] = heap_pop(s, &s->waiting, waiting_before);

   unsigned best = 0;
   int best_delta = INT32_MAX;
   for (unsigned k = 0; k < nr; ++k) {
      int d = value_step(s, cand[k], false);
      if (d < best_delta) {
         best = k;
         best_delta = d;
      }
   }
   for (unsigned k = 0; k < nr; ++k) {
      if (k == best)
         continue;
      if (k < nr_avail)
         heap_push(s, &s->avail, avail_before, cand[k]);
      else
         heap_push(s, &s->waiting, waiting_before, cand[k]);
   }
   return cand[best];
}

/* Top-down list scheduling of the region; false when it keeps its
 * order. */
static bool
schedule_nodes(struct sched_ctx *s)
{
   unsigned n = s->nr_nodes;

   /* the original order's peak, relative to the region's start */
   int pressure = 0, limit = 0;
   pressure_reset(s);
   for (unsigned k = 0; k < n; ++k) {
      pressure += value_step(s, k, true);
      limit = MAX2(limit, pressure);
   }
   limit += s->slack;
   pressure_reset(s);

   s->avail.count = s->waiting.count = 0;
   for (unsigned k = 0; k < n; ++k) {
      if (!s->nodes[k].nr_preds)
         heap_push(s, &s->avail, avail_before, k);
   }

   unsigned t = 0;
   bool moved = false;
   pressure = 0;
   for (unsigned k = 0; k < n; ++k) {
      while (s->waiting.count && s->nodes[s->waiting.items[0]].ready_at <= t)
         heap_push(s, &s->avail, avail_before,
                   heap_pop(s, &s->waiting, waiting_before));

      bool ready = s->avail.count;
      unsigned c = ready ? s->avail.items[0] : s->waiting.items[0];
      if (pressure + value_step(s, c, false) > limit)
         c = choose_lighter(s);
      else if (ready)
         heap_pop(s, &s->avail, avail_before);
      else
         heap_pop(s, &s->waiting, waiting_before);

      s->order[k] = c;
      moved |= c != k;
      pressure += value_step(s, c, true);
      if (pressure > limit)
         return false;

      struct sched_node *x = &s->nodes[c];
      unsigned issue = MAX2(t, x->ready_at);
      t = issue + 1;
      x->follows = false;
      for (unsigned e = 0; e < x->nr_succs; ++e) {
         unsigned y = s->succs[x->first_succ + e];
         struct sched_node *ny = &s->nodes[y];
         if (x->I->op == AGX_OP_COLLECT)
            ny->follows = reads_value(ny->I, x->I->ops[0]);
         ny->ready_at = MAX2(ny->ready_at, issue + latency(x->I));
         if (--ny->nr_preds)
            continue;
         if (ny->ready_at <= t)
            heap_push(s, &s->avail, avail_before, y);
         else
            heap_push(s, &s->waiting, waiting_before, y);
      }
   }
   return moved;
}

static void
reset_region(struct sched_ctx *s)
{
   for (unsigned t = 0; t < s->nr_touched; ++t) {
      unsigned v = s->touched[t];
      s->last_def[v] = 0;
      s->reader_head[v] = 0;
      s->region_reads[v] = 0;
      s->pending_reads[v] = 0;
      s->live[v] = false;
      s->seen[v] = false;
   }
   s->nr_touched = s->nr_live_in = 0;
   s->nr_nodes = s->nr_edges = s->nr_reads = s->nr_uses = 0;
   for (unsigned r = 0; r < RES_COUNT; ++r) {
      s->res_writer[r] = 0;
      s->nr_res_readers[r] = 0;
   }
}

static void
schedule_region(struct sched_ctx *s)
{
   if (s->nr_nodes > 1) {
      build_succs(s);
      if (schedule_nodes(s)) {
         /* relink in the new order after what precedes the region */
         struct list_head *anchor = s->nodes[0].I->link.prev;
         for (unsigned k = 0; k < s->nr_nodes; ++k)
            list_del(&s->nodes[k].I->link);
         for (unsigned k = 0; k < s->nr_nodes; ++k) {
            struct list_head *l = &s->nodes[s->order[k]].I->link;
            list_add(l, anchor);
            anchor = l;
         }
      }
   }
   reset_region(s);
}

void
agx_schedule(agx_context *ctx, unsigned slack)
{
   struct sched_ctx s = {.ctx = ctx, .slack = (int)slack};
   unsigned nv = MAX2(ctx->nr_values, 1);
   s.last_def = calloc(nv, sizeof(unsigned));
   s.reader_head = calloc(nv, sizeof(unsigned));
   s.total_reads = calloc(nv, sizeof(unsigned));
   s.region_reads = calloc(nv, sizeof(unsigned));
   s.pending_reads = calloc(nv, sizeof(unsigned));
   s.touched = calloc(nv, sizeof(unsigned));
   s.live_in = calloc(nv, sizeof(unsigned));
   s.live = calloc(nv, sizeof(bool));
   s.seen = calloc(nv, sizeof(bool));

   /* reads anywhere, and the largest block (waits removed) */
   unsigned biggest = 1;
   agx_foreach_block(ctx, blk) {
      unsigned count = 0;
      agx_foreach_instr_safe(blk, I) {
         if (I->op == AGX_ISA_OP_WAIT) {
            agx_remove(I);
            continue;
         }
         count++;
         agx_foreach_op(I, i) {
            bool reads, writes;
            if (first_operand(I, i, &reads, &writes) && reads)
               s.total_reads[I->ops[i].value]++;
         }
      }
      biggest = MAX2(biggest, count);
   }
   s.nodes = calloc(biggest, sizeof(*s.nodes));
   s.order = calloc(biggest, sizeof(unsigned));
   s.avail.items = calloc(biggest, sizeof(unsigned));
   s.waiting.items = calloc(biggest, sizeof(unsigned));
   for (unsigned r = 0; r < RES_COUNT; ++r)
      s.res_readers[r] = calloc(biggest, sizeof(unsigned));

   agx_foreach_block(ctx, blk) {
      agx_foreach_instr(blk, I) {
         unsigned cls = sched_class(I->op);
         if (cls == SCHED_FENCE) {
            schedule_region(&s);
            continue;
         }
         unsigned n = s.nr_nodes++;
         s.nodes[n].I = I;
         add_value_deps(&s, n);
         add_resource_deps(&s, n, cls);
      }
      schedule_region(&s);
   }

   free(s.last_def);
   free(s.reader_head);
   free(s.total_reads);
   free(s.region_reads);
   free(s.pending_reads);
   free(s.touched);
   free(s.live_in);
   free(s.live);
   free(s.seen);
   free(s.nodes);
   free(s.order);
   free(s.avail.items);
   free(s.waiting.items);
   for (unsigned r = 0; r < RES_COUNT; ++r)
      free(s.res_readers[r]);
   free(s.edges);
   free(s.succs);
   free(s.read_node);
   free(s.read_next);
   free(s.uses);
}

agx_instr **
agx_save_order(agx_context *ctx)
{
   unsigned n = 0;
   agx_foreach_instr_global(ctx, I) n++;
   agx_instr **order = ralloc_array(ctx->mem, agx_instr *, n + 1);
   n = 0;
   agx_foreach_instr_global(ctx, I) order[n++] = I;
   order[n] = NULL;
   return order;
}

void
agx_restore_order(agx_context *ctx, agx_instr **order)
{
   agx_foreach_block(ctx, blk)
      list_inithead(&blk->instrs);
   for (agx_instr **I = order; *I; ++I)
      list_addtail(&(*I)->link, &(*I)->block->instrs);
}
