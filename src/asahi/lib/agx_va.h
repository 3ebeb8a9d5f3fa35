/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * A GPU virtual address allocator: first fit over a sorted list of free
 * ranges, with per-allocation alignment.  One heap per VA region (shader
 * heap, general heap).  Not thread safe: the device lock guards it.
 */
#ifndef AGX_VA_H
#define AGX_VA_H

#include <stdbool.h>
#include <stdint.h>

struct agx_va_hole {
   uint64_t start, end; /* [start, end) */
};

struct agx_va_heap {
   uint64_t start, end;
   struct agx_va_hole *holes; /* sorted, disjoint, never adjacent */
   unsigned hole_count, hole_capacity;
};

bool agx_va_heap_init(struct agx_va_heap *heap, uint64_t start, uint64_t end);
void agx_va_heap_fini(struct agx_va_heap *heap);

/* size_B bytes aligned to align_B (a power of two); 0 when full. */
uint64_t agx_va_alloc(struct agx_va_heap *heap, uint64_t size_B,
                      uint64_t align_B);
/* Give back [va, va + size_B), which must have come from agx_va_alloc. */
bool agx_va_free(struct agx_va_heap *heap, uint64_t va, uint64_t size_B);

#endif
