/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "agx_va.h"

static bool
insert_hole(struct agx_va_heap *heap, unsigned index, uint64_t start,
            uint64_t end)
{
   if (heap->hole_count == heap->hole_capacity) {
      unsigned cap = heap->hole_capacity ? heap->hole_capacity * 2 : 16;
      void *holes = realloc(heap->holes, cap * sizeof(*heap->holes));
      if (!holes)
         return false;
      heap->holes = holes;
      heap->hole_capacity = cap;
   }
   memmove(&heap->holes[index + 1], &heap->holes[index],
           (heap->hole_count - index) * sizeof(*heap->holes));
   heap->holes[index] = (struct agx_va_hole){start, end};
   heap->hole_count++;
   return true;
}

static void
remove_hole(struct agx_va_heap *heap, unsigned index)
{
   memmove(&heap->holes[index], &heap->holes[index + 1],
           (heap->hole_count - index - 1) * sizeof(*heap->holes));
   heap->hole_count--;
}

bool
agx_va_heap_init(struct agx_va_heap *heap, uint64_t start, uint64_t end)
{
   memset(heap, 0, sizeof(*heap));
   heap->start = start;
   heap->end = end;
   return start < end ? insert_hole(heap, 0, start, end) : true;
}

void
agx_va_heap_fini(struct agx_va_heap *heap)
{
   free(heap->holes);
   memset(heap, 0, sizeof(*heap));
}

uint64_t
agx_va_alloc(struct agx_va_heap *heap, uint64_t size_B, uint64_t align_B)
{
   if (size_B == 0 || align_B == 0 || (align_B & (align_B - 1)))
      return 0;

   for (unsigned i = 0; i < heap->hole_count; i++) {
      struct agx_va_hole h = heap->holes[i];
      uint64_t va = (h.start + align_B - 1) & ~(align_B - 1);
      if (va < h.start || va >= h.end || h.end - va < size_B)
         continue;

      uint64_t end = va + size_B;
      /* Carve [va, end) out of the hole: up to two pieces remain. */
      if (va > h.start && end < h.end) {
         heap->holes[i].end = va;
         if (!insert_hole(heap, i + 1, end, h.end)) {
            heap->holes[i].end = h.end;
            return 0;
         }
      } else if (va > h.start) {
         heap->holes[i].end = va;
      } else if (end < h.end) {
         heap->holes[i].start = end;
      } else {
         remove_hole(heap, i);
      }
      return va;
   }
   return 0;
}

bool
agx_va_free(struct agx_va_heap *heap, uint64_t va, uint64_t size_B)
{
   uint64_t end = va + size_B;
   if (size_B == 0 || end < va || va < heap->start || end > heap->end)
      return false;

   unsigned i = 0;
   while (i < heap->hole_count && heap->holes[i].start < va)
      i++;

   /* Refuse to free what is already free (a double free). */
   if (i > 0 && heap->holes[i - 1].end > va)
      return false;
   if (i < heap->hole_count && heap->holes[i].start < end)
      return false;

   bool merge_prev = i > 0 && heap->holes[i - 1].end == va;
   bool merge_next = i < heap->hole_count && heap->holes[i].start == end;
   if (merge_prev && merge_next) {
      heap->holes[i - 1].end = heap->holes[i].end;
      remove_hole(heap, i);
   } else if (merge_prev) {
      heap->holes[i - 1].end = end;
   } else if (merge_next) {
      heap->holes[i].start = va;
   } else {
      return insert_hole(heap, i, va, end);
   }
   return true;
}
