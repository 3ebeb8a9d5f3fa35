/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A VM's address map: disjoint mappings ordered by address, kept in a
 * treap (a binary search tree by address, heap-ordered by a pseudo-random
 * priority), so that binding, unbinding and looking up an address cost
 * O(log n) expected whatever order a program binds in, and one VM_BIND of
 * N operations costs O(N log N) rather than O(N^2).  The only operations
 * are split (by address) and merge; every interval rule is written once
 * on top of them in asahi_shim_vm_unbind().
 */
#include <errno.h>
#include <stdlib.h>

#include "asahi_shim.h"

struct asahi_shim_vm_node {
   struct asahi_shim_mapping m;
   uint32_t priority;
   struct asahi_shim_vm_node *left, *right;
};

/* xorshift32: priorities need only be well spread, not unpredictable. */
static uint32_t
next_priority(struct asahi_shim_vm *vm)
{
   uint32_t x = vm->treap_seed ? vm->treap_seed : 0x9e3779b9u;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   vm->treap_seed = x;
   return x;
}

/* Splits t into the nodes with addr < key (*lo) and the rest (*hi). */
static void
split(struct asahi_shim_vm_node *t, uint64_t key,
      struct asahi_shim_vm_node **lo, struct asahi_shim_vm_node **hi)
{
   /* Iterative, so a degenerate tree cannot overflow the stack: the
    * pending slots are where the next node of each side hangs. */
   struct asahi_shim_vm_node **lo_slot = lo, **hi_slot = hi;
   while (t) {
      if (t->m.addr < key) {
         *lo_slot = t;
         lo_slot = &t->right;
         t = t->right;
      } else {
         *hi_slot = t;
         hi_slot = &t->left;
         t = t->left;
      }
   }
   *lo_slot = NULL;
   *hi_slot = NULL;
}

/* Merges a and b, every address of a below every address of b. */
static struct asahi_shim_vm_node *
merge(struct asahi_shim_vm_node *a, struct asahi_shim_vm_node *b)
{
   struct asahi_shim_vm_node *root = NULL, **slot = &root;
   while (a && b) {
      if (a->priority > b->priority) {
         *slot = a;
         slot = &a->right;
         a = a->right;
      } else {
         *slot = b;
         slot = &b->left;
         b = b->left;
      }
   }
   *slot = a ? a : b;
   return root;
}

static struct asahi_shim_vm_node *
leftmost(struct asahi_shim_vm_node *t)
{
   while (t && t->left)
      t = t->left;
   return t;
}

static struct asahi_shim_vm_node *
rightmost(struct asahi_shim_vm_node *t)
{
   while (t && t->right)
      t = t->right;
   return t;
}

/* Frees a subtree, dropping each mapping's BO reference.  Iterative: the
 * left spine is rotated into the right so no stack is needed. */
static void
free_tree(struct asahi_shim_vm_node *t)
{
   while (t) {
      if (t->left) {
         struct asahi_shim_vm_node *l = t->left;
         t->left = l->right;
         l->right = t;
         t = l;
         continue;
      }
      struct asahi_shim_vm_node *next = t->right;
      drm_shim_bo_unref(t->m.bo);
      free(t);
      t = next;
   }
}

static struct asahi_shim_vm_node *
new_node(struct asahi_shim_vm *vm, const struct asahi_shim_mapping *m)
{
   struct asahi_shim_vm_node *n = calloc(1, sizeof(*n));
   if (!n)
      return NULL;
   n->m = *m;
   n->priority = next_priority(vm);
   drm_shim_bo_ref(m->bo);
   return n;
}

/* The part of m from `from` on (from inside m). */
static struct asahi_shim_mapping
tail_of(const struct asahi_shim_mapping *m, uint64_t from)
{
   struct asahi_shim_mapping t = *m;
   t.addr = from;
   t.range = m->addr + m->range - from;
   if (!(m->flags & DRM_ASAHI_BIND_SINGLE_PAGE))
      t.offset = m->offset + (from - m->addr);
   return t;
}

static uint64_t
end_of(const struct asahi_shim_vm_node *n)
{
   return n->m.addr + n->m.range;
}

int
asahi_shim_vm_unbind(struct asahi_shim_vm *vm, uint64_t start, uint64_t end)
{
   if (start >= end)
      return 0;

   struct asahi_shim_vm_node *lo, *mid, *hi;
   split(vm->root, start, &lo, &mid);
   split(mid, end, &mid, &hi);

   /* The mapping just below the hole may reach into it; the last one
    * starting inside it may run past it.  Whichever covers `end` keeps
    * its part after the hole as a mapping of its own (mappings are
    * disjoint, so at most one does). */
   struct asahi_shim_vm_node *before = rightmost(lo), *last = rightmost(mid);
   bool trim_before = before && end_of(before) > start;
   struct asahi_shim_vm_node *spill = trim_before && end_of(before) > end
                                         ? before
                                      : last && end_of(last) > end ? last
                                                                   : NULL;
   struct asahi_shim_vm_node *tail = NULL;
   if (spill) {
      struct asahi_shim_mapping t = tail_of(&spill->m, end);
      tail = new_node(vm, &t);
      if (!tail) {
         /* Nothing changed yet: put the tree back together. */
         vm->root = merge(merge(lo, mid), hi);
         return -ENOMEM;
      }
   }

   if (trim_before)
      before->m.range = start - before->m.addr;
   free_tree(mid);
   if (tail)
      hi = merge(tail, hi);
   vm->root = merge(lo, hi);
   return 0;
}

int
asahi_shim_vm_bind(struct asahi_shim_vm *vm, const struct asahi_shim_mapping *m)
{
   struct asahi_shim_vm_node *n = new_node(vm, m);
   if (!n)
      return -ENOMEM;
   int ret = asahi_shim_vm_unbind(vm, m->addr, m->addr + m->range);
   if (ret) {
      free_tree(n);
      return ret;
   }
   struct asahi_shim_vm_node *lo, *hi;
   split(vm->root, m->addr, &lo, &hi);
   vm->root = merge(merge(lo, n), hi);
   return 0;
}

const struct asahi_shim_mapping *
asahi_shim_vm_find(const struct asahi_shim_vm *vm, uint64_t va)
{
   /* The mapping with the greatest address at or below va. */
   const struct asahi_shim_vm_node *t = vm->root, *best = NULL;
   while (t) {
      if (t->m.addr <= va) {
         best = t;
         t = t->right;
      } else {
         t = t->left;
      }
   }
   if (best && va - best->m.addr < best->m.range)
      return &best->m;
   return NULL;
}

void
asahi_shim_vm_foreach(const struct asahi_shim_vm *vm,
                      void (*fn)(const struct asahi_shim_mapping *m,
                                 void *data),
                      void *data)
{
   /* In-order walk with an explicit stack sized for the tree's height
    * (expected O(log n)); a pathological height falls back to repeated
    * searches. */
   enum { STACK = 128 };
   const struct asahi_shim_vm_node *stack[STACK];
   unsigned depth = 0;
   const struct asahi_shim_vm_node *t = vm->root;
   while (t || depth) {
      while (t) {
         if (depth == STACK)
            goto by_search;
         stack[depth++] = t;
         t = t->left;
      }
      t = stack[--depth];
      fn(&t->m, data);
      t = t->right;
   }
   return;

by_search:
   /* Restart in order, one successor search per mapping. */
   for (const struct asahi_shim_vm_node *n = leftmost(vm->root); n;) {
      fn(&n->m, data);
      uint64_t next = n->m.addr + 1;
      const struct asahi_shim_vm_node *s = vm->root, *succ = NULL;
      while (s) {
         if (s->m.addr >= next) {
            succ = s;
            s = s->left;
         } else {
            s = s->right;
         }
      }
      n = succ;
   }
}

void
asahi_shim_vm_clear(struct asahi_shim_vm *vm)
{
   free_tree(vm->root);
   vm->root = NULL;
}
