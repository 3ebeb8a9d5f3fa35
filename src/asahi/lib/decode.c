/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * agxdecode core: the context, memory lookups, reporting, and the bounded
 * walker that follows VDM/CDM control streams through jumps, calls and
 * returns.  The packet grammars live in decode_streams.c, decode_ppp.c and
 * decode_usc.c; drm_asahi submissions in decode_submit.c.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/hash_table.h"
#include "util/ralloc.h"
#include "decode_dump.h"
#include "decode_private.h"

#define DEFAULT_MAX_PACKETS 65536
#define DEFAULT_MAX_DEPTH 16
#define DEFAULT_SHADER_WINDOW 256
#define HARD_MAX_DEPTH 64
/* A walk that keeps finding problems is reading garbage: give up. */
#define MAX_WALK_ERRORS 32

static int
compare_regions(const void *a, const void *b)
{
   const struct agxdecode_region *x = a, *y = b;
   if (x->va != y->va)
      return x->va < y->va ? -1 : 1;
   return x->index < y->index ? -1 : x->index > y->index;
}

/* Sort the regions by address and drop any that overlaps a region at a
 * lower address, reporting each.  Returns false if any was dropped. */
static bool
sort_regions(struct agxdecode_ctx *ctx)
{
   bool ok = true;
   if (ctx->regions_sorted)
      return true;
   if (ctx->region_count > 1) {
      qsort(ctx->regions, ctx->region_count, sizeof(*ctx->regions),
            compare_regions);
   }
   unsigned kept = 0;
   for (unsigned i = 0; i < ctx->region_count; i++) {
      const struct agxdecode_region *r = &ctx->regions[i];
      if (kept) {
         const struct agxdecode_region *prev = &ctx->regions[kept - 1];
         if (r->va <= prev->va + (prev->size_B - 1)) {
            agxdecode_error(ctx, r->va,
                            "memory region %u (%" PRIu64 " bytes) overlaps "
                            "region %u; ignored",
                            r->index, r->size_B, prev->index);
            ok = false;
            continue;
         }
      }
      ctx->regions[kept++] = *r;
   }
   ctx->region_count = kept;
   ctx->regions_sorted = true;
   return ok;
}

static size_t
read_regions(void *user, uint64_t va, void *dst, size_t size)
{
   struct agxdecode_ctx *ctx = user;
   sort_regions(ctx);

   /* The last region starting at or below va. */
   unsigned lo = 0, hi = ctx->region_count;
   while (lo < hi) {
      unsigned mid = lo + (hi - lo) / 2;
      if (ctx->regions[mid].va <= va)
         lo = mid + 1;
      else
         hi = mid;
   }
   if (lo == 0)
      return 0;
   const struct agxdecode_region *r = &ctx->regions[lo - 1];
   if (va - r->va >= r->size_B)
      return 0;
   uint64_t left = r->size_B - (va - r->va);
   size_t n = left < size ? (size_t)left : size;
   memcpy(dst, r->data + (va - r->va), n);
   return n;
}

struct agxdecode_ctx *
agxdecode_create(const struct agxdecode_options *opts)
{
   struct agxdecode_ctx *ctx = rzalloc_size(NULL, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->opts = *opts;
   ctx->fp = opts->fp ? opts->fp : stdout;
   if (!ctx->opts.read) {
      ctx->opts.read = read_regions;
      ctx->opts.read_user = ctx;
   }
   if (!ctx->opts.max_packets)
      ctx->opts.max_packets = DEFAULT_MAX_PACKETS;
   if (!ctx->opts.max_call_depth)
      ctx->opts.max_call_depth = DEFAULT_MAX_DEPTH;
   if (ctx->opts.max_call_depth > HARD_MAX_DEPTH)
      ctx->opts.max_call_depth = HARD_MAX_DEPTH;
   if (!ctx->opts.shader_window_B)
      ctx->opts.shader_window_B = DEFAULT_SHADER_WINDOW;
   ctx->usc_seen = set_create_u64_keys(ctx);
   if (!ctx->usc_seen) {
      ralloc_free(ctx);
      return NULL;
   }
   return ctx;
}

void
agxdecode_destroy(struct agxdecode_ctx *ctx)
{
   ralloc_free(ctx);
}

bool
agxdecode_add_region(struct agxdecode_ctx *ctx, uint64_t va, const void *data,
                     uint64_t size_B)
{
   if (!size_B)
      return true;
   if (!data || va + (size_B - 1) < va || ctx->region_count == UINT32_MAX)
      return false;
   if (ctx->region_count == ctx->region_capacity) {
      unsigned cap = ctx->region_capacity ? ctx->region_capacity * 2 : 16;
      struct agxdecode_region *r =
         reralloc_array_size(ctx, ctx->regions, sizeof(*r), cap);
      if (!r)
         return false;
      ctx->regions = r;
      ctx->region_capacity = cap;
   }
   ctx->regions[ctx->region_count] =
      (struct agxdecode_region){va, size_B, data, ctx->region_count};
   ctx->region_count++;
   ctx->regions_sorted = false;
   return true;
}

bool
agxdecode_add_dump_regions(struct agxdecode_ctx *ctx,
                           const struct agx_dump *dump)
{
   const uint8_t *cursor = NULL;
   uint32_t index = 0;
   struct agx_dump_region r;
   bool ok = true;
   while (agx_dump_next_region(dump, &cursor, &index, &r)) {
      if (!agxdecode_add_region(ctx, r.va, r.data, r.size_B)) {
         agxdecode_error(ctx, r.va, "dump region %u could not be added",
                         index - 1);
         ok = false;
      }
   }
   /* Report overlaps now rather than at the first lookup. */
   if (!ctx->opts.read || ctx->opts.read == read_regions)
      ok &= sort_regions(ctx);
   return ok;
}

unsigned
agxdecode_error_count(const struct agxdecode_ctx *ctx)
{
   return ctx->errors;
}

size_t
agxdecode_read(struct agxdecode_ctx *ctx, uint64_t va, void *dst, size_t size)
{
   if (!size)
      return 0;
   /* Never ask for bytes past the top of the address space. */
   if (va + (size - 1) < va)
      size = (size_t)(UINT64_MAX - va) + 1;
   size_t n = ctx->opts.read(ctx->opts.read_user, va, dst, size);
   return n > size ? size : n;
}

bool
agxdecode_read_all(struct agxdecode_ctx *ctx, uint64_t va, void *dst,
                   size_t size, const char *what)
{
   size_t n = agxdecode_read(ctx, va, dst, size);
   if (n == size)
      return true;
   if (n == 0)
      agxdecode_error(ctx, va, "%s: address not in any known memory", what);
   else
      agxdecode_error(ctx, va, "%s: needs %zu bytes, only %zu mapped", what,
                      size, n);
   return false;
}

void
agxdecode_error(struct agxdecode_ctx *ctx, uint64_t va, const char *fmt, ...)
{
   va_list args;
   ctx->errors++;
   if (va == AGXDECODE_NO_VA)
      fprintf(ctx->fp, "ERROR: ");
   else
      fprintf(ctx->fp, "ERROR at 0x%010" PRIx64 ": ", va);
   va_start(args, fmt);
   vfprintf(ctx->fp, fmt, args);
   va_end(args);
   fputc('\n', ctx->fp);
}

void
agxdecode_hexdump(struct agxdecode_ctx *ctx, uint64_t va, const uint8_t *data,
                  size_t size, unsigned indent)
{
   bool skipping = false;
   for (size_t i = 0; i < size; i += 16) {
      /* Collapse runs of all-zero lines after the first. */
      bool zero = true;
      for (size_t j = i; j < i + 16 && j < size; j++)
         zero &= data[j] == 0;
      bool prev_zero = i > 0;
      for (size_t j = i - 16; i > 0 && j < i; j++)
         prev_zero &= data[j] == 0;
      if (zero && prev_zero && i + 16 < size) {
         if (!skipping)
            fprintf(ctx->fp, "%*s*\n", indent, "");
         skipping = true;
         continue;
      }
      skipping = false;
      fprintf(ctx->fp, "%*s0x%010" PRIx64 ":", indent, "", va + i);
      for (size_t j = i; j < i + 16 && j < size; j++)
         fprintf(ctx->fp, " %02x", data[j]);
      fputc('\n', ctx->fp);
   }
}

void
agxdecode_title(struct agxdecode_ctx *ctx, uint64_t va, unsigned indent,
                const char *name)
{
   if (va == AGXDECODE_NO_VA)
      fprintf(ctx->fp, "%*s%s\n", indent, "", name);
   else
      fprintf(ctx->fp, "%*s0x%010" PRIx64 " %s\n", indent, "", va, name);
}

/* ---- walker ------------------------------------------------------------ */

static uint64_t
mix(uint64_t h, uint64_t v)
{
   h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
   h ^= h >> 31;
   h *= 0xbf58476d1ce4e5b9ull;
   return h ^ (h >> 29);
}

/* Identity of "about to execute va with this call stack"; meeting one twice
 * means the stream never ends.  Keys are odd, so never the empty key. */
static uint64_t
state_key(uint64_t va, const uint64_t *stack, unsigned depth)
{
   uint64_t h = mix(0x243f6a8885a308d3ull, va);
   for (unsigned i = 0; i < depth; i++)
      h = mix(h, stack[i]);
   return mix(h, depth) | 1;
}

void
agxdecode_walk(struct agxdecode_ctx *ctx, uint64_t va, const char *name,
               agxdecode_packet_fn decode_packet)
{
   uint64_t stack[HARD_MAX_DEPTH];
   unsigned depth = 0;
   struct set *visited = set_create_u64_keys(NULL);

   fprintf(ctx->fp, "%s stream at 0x%010" PRIx64 "\n", name, va);
   if (!visited) {
      agxdecode_error(ctx, va, "out of memory");
      return;
   }

   set_add(visited, (const void *)(uintptr_t)state_key(va, NULL, 0));
   unsigned errors_before = ctx->errors;
   for (unsigned packets = 0;; packets++) {
      if (ctx->errors - errors_before >= MAX_WALK_ERRORS) {
         agxdecode_error(ctx, va,
                         "too many problems in this %s stream; "
                         "stopping",
                         name);
         break;
      }
      if (packets >= ctx->opts.max_packets) {
         agxdecode_error(ctx, va,
                         "%s stream exceeds %u packets; stopping (use a "
                         "larger limit if this is real)",
                         name, ctx->opts.max_packets);
         break;
      }

      uint8_t window[AGXDECODE_WINDOW_B];
      size_t available = agxdecode_read(ctx, va, window, sizeof(window));
      if (available == 0) {
         agxdecode_error(ctx, va, "%s stream runs into unmapped memory", name);
         break;
      }
      if (available < sizeof(window))
         memset(window + available, 0, sizeof(window) - available);

      struct agxdecode_step step = decode_packet(ctx, va, window, available);

      bool stop = false;
      uint64_t next = va;
      switch (step.kind) {
      case AGXDECODE_STEP_NEXT:
         next = va + step.length;
         if (step.length == 0 || next < va) {
            agxdecode_error(ctx, va, "stream wraps the address space");
            stop = true;
         }
         break;
      case AGXDECODE_STEP_JUMP:
         fprintf(ctx->fp, "  -> jump to 0x%010" PRIx64 "\n", step.target);
         next = step.target;
         break;
      case AGXDECODE_STEP_CALL:
         if (depth >= ctx->opts.max_call_depth) {
            agxdecode_error(ctx, va, "calls nested deeper than %u; stopping",
                            ctx->opts.max_call_depth);
            stop = true;
            break;
         }
         stack[depth++] = va + step.length;
         fprintf(ctx->fp, "  -> call 0x%010" PRIx64 " (depth %u)\n",
                 step.target, depth);
         next = step.target;
         break;
      case AGXDECODE_STEP_RETURN:
         if (depth == 0) {
            agxdecode_error(ctx, va, "return with no call to return to");
            stop = true;
            break;
         }
         next = stack[--depth];
         fprintf(ctx->fp, "  <- return to 0x%010" PRIx64 "\n", next);
         break;
      case AGXDECODE_STEP_END:
         fprintf(ctx->fp, "end of %s stream\n", name);
         if (depth)
            agxdecode_error(ctx, va, "stream ends inside %u unreturned calls",
                            depth);
         stop = true;
         break;
      case AGXDECODE_STEP_STOP:
         fprintf(ctx->fp, "%s stream decoding stopped\n", name);
         stop = true;
         break;
      }
      if (stop)
         break;

      if (step.kind != AGXDECODE_STEP_NEXT) {
         uint64_t key = state_key(next, stack, depth);
         if (set_contains(visited, (const void *)(uintptr_t)key)) {
            agxdecode_error(ctx, va,
                            "loop: 0x%010" PRIx64 " was already reached "
                            "with the same call stack; stopping",
                            next);
            break;
         }
         set_add(visited, (const void *)(uintptr_t)key);
      }
      va = next;
   }

   set_destroy(visited, NULL);
}
