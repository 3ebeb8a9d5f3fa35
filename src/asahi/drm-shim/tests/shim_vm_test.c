/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The VM address map (asahi_shim_vm.c) against a page-by-page model:
 * random binds (whole ranges and single-page repeats) and unbinds over a
 * small window, checking after every operation that each page resolves to
 * the BO and BO offset the model says, that the walk is ordered and
 * disjoint, and that BO references match the mappings holding them.  Then
 * the scale the kernel allows: 200,000 binds in descending order and their
 * unbinds, which a map with linear-time insertion could not finish.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "asahi_shim.h"

/* The map only takes and drops BO references: count them here. */
void
drm_shim_bo_ref(struct shim_bo *bo)
{
   bo->refcount++;
}

void
drm_shim_bo_unref(struct shim_bo *bo)
{
   assert_true(bo->refcount > 0);
   bo->refcount--;
}

#define PAGES 96
#define NR_BOS 4
#define BASE 0x100000000ull

struct page_model {
   int bo;           /* -1: unmapped */
   uint64_t offset;  /* BO offset this page reads */
   uint32_t flags;
};

static uint32_t rng = 12345;

static uint32_t
rnd(uint32_t n)
{
   rng ^= rng << 13;
   rng ^= rng >> 17;
   rng ^= rng << 5;
   return rng % n;
}

struct walk {
   uint64_t last_end;
   unsigned count;
   unsigned refs[NR_BOS];
   struct shim_bo *bos;
};

static void
walk_one(const struct asahi_shim_mapping *m, void *data)
{
   struct walk *w = data;
   assert_true(m->range > 0);
   assert_true(m->addr >= w->last_end); /* ordered and disjoint */
   w->last_end = m->addr + m->range;
   w->count++;
   w->refs[m->bo - w->bos]++;
}

static void
check(struct asahi_shim_vm *vm, const struct page_model *model,
      struct shim_bo *bos)
{
   for (unsigned p = 0; p < PAGES; p++) {
      uint64_t va = BASE + p * ASAHI_SHIM_PAGE_SIZE + 123;
      const struct asahi_shim_mapping *m = asahi_shim_vm_find(vm, va);
      if (model[p].bo < 0) {
         assert_null(m);
         continue;
      }
      assert_non_null(m);
      assert_ptr_equal(m->bo, &bos[model[p].bo]);
      assert_int_equal(m->flags, model[p].flags);
      uint64_t page_offset = m->flags & DRM_ASAHI_BIND_SINGLE_PAGE
                                ? m->offset
                                : m->offset + (va - 123 - m->addr);
      assert_int_equal(page_offset, model[p].offset);
   }
   struct walk w = {.bos = bos};
   asahi_shim_vm_foreach(vm, walk_one, &w);
   for (unsigned b = 0; b < NR_BOS; b++)
      assert_int_equal(bos[b].refcount, w.refs[b]);
}

static void
test_against_model(void **state)
{
   struct shim_bo bos[NR_BOS];
   memset(bos, 0, sizeof(bos));
   struct asahi_shim_vm vm = {0};
   struct page_model model[PAGES];
   for (unsigned p = 0; p < PAGES; p++)
      model[p].bo = -1;

   for (unsigned iter = 0; iter < 4000; iter++) {
      unsigned first = rnd(PAGES), count = 1 + rnd(12);
      if (first + count > PAGES)
         count = PAGES - first;
      uint64_t addr = BASE + first * ASAHI_SHIM_PAGE_SIZE;
      uint64_t range = count * ASAHI_SHIM_PAGE_SIZE;

      if (rnd(3) == 0) {
         assert_int_equal(asahi_shim_vm_unbind(&vm, addr, addr + range), 0);
         for (unsigned p = first; p < first + count; p++)
            model[p].bo = -1;
      } else {
         int bo = rnd(NR_BOS);
         bool single = rnd(4) == 0;
         uint64_t offset = rnd(8) * ASAHI_SHIM_PAGE_SIZE;
         struct asahi_shim_mapping m = {
            .addr = addr, .range = range, .bo = &bos[bo], .offset = offset,
            .flags = DRM_ASAHI_BIND_READ |
                     (single ? DRM_ASAHI_BIND_SINGLE_PAGE : 0)};
         assert_int_equal(asahi_shim_vm_bind(&vm, &m), 0);
         for (unsigned p = first; p < first + count; p++) {
            model[p].bo = bo;
            model[p].flags = m.flags;
            model[p].offset =
               single ? offset
                      : offset + (p - first) * ASAHI_SHIM_PAGE_SIZE;
         }
      }
      check(&vm, model, bos);
   }

   asahi_shim_vm_clear(&vm);
   for (unsigned b = 0; b < NR_BOS; b++)
      assert_int_equal(bos[b].refcount, 0);
}

static void
test_many_binds(void **state)
{
   enum { N = 200000 };
   struct shim_bo bo = {0};
   struct asahi_shim_vm vm = {0};

   /* Descending addresses: every bind lands before all the others. */
   for (unsigned i = N; i-- > 0;) {
      struct asahi_shim_mapping m = {
         .addr = BASE + (uint64_t)i * 2 * ASAHI_SHIM_PAGE_SIZE,
         .range = ASAHI_SHIM_PAGE_SIZE, .bo = &bo,
         .flags = DRM_ASAHI_BIND_READ};
      assert_int_equal(asahi_shim_vm_bind(&vm, &m), 0);
   }
   assert_int_equal(bo.refcount, N);
   assert_non_null(asahi_shim_vm_find(&vm, BASE + 2 * ASAHI_SHIM_PAGE_SIZE));
   assert_null(asahi_shim_vm_find(&vm, BASE + ASAHI_SHIM_PAGE_SIZE));

   /* One unbind over everything, then the map is empty. */
   assert_int_equal(
      asahi_shim_vm_unbind(&vm, BASE, BASE + (uint64_t)N * 2 *
                                                ASAHI_SHIM_PAGE_SIZE),
      0);
   assert_int_equal(bo.refcount, 0);
   assert_null(vm.root);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_against_model),
      cmocka_unit_test(test_many_binds),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
