/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Internals shared by the agxdecode source files: the context, checked
 * memory reads, problem reporting and the bounded control-stream walker.
 */
#ifndef AGX_DECODE_PRIVATE_H
#define AGX_DECODE_PRIVATE_H

#include <inttypes.h>

#include "agx_pack.h"
#include "decode.h"

struct set;

struct agxdecode_region {
   uint64_t va;
   uint64_t size_B;
   const uint8_t *data;
   unsigned index; /* order of registration */
};

struct agxdecode_ctx {
   struct agxdecode_options opts;
   FILE *fp;

   struct agxdecode_region *regions;
   unsigned region_count, region_capacity;
   /* Regions are sorted by address (and overlaps dropped) lazily, before
    * the first lookup after a change. */
   bool regions_sorted;

   unsigned errors;

   /* USC word lists already printed (absolute address + 1). */
   struct set *usc_seen;
};

/* Largest packet window the stream decoders look at in one go. */
#define AGXDECODE_WINDOW_B 64

/* Copy up to size bytes at va; returns bytes available (maybe short). */
size_t agxdecode_read(struct agxdecode_ctx *ctx, uint64_t va, void *dst,
                      size_t size);

/* All-or-nothing read; on failure reports "<what> at va: ..." and returns
 * false. */
bool agxdecode_read_all(struct agxdecode_ctx *ctx, uint64_t va, void *dst,
                        size_t size, const char *what);

/* Pass as va for things that are not in GPU memory (cmdbuf fields). */
#define AGXDECODE_NO_VA UINT64_MAX

/* Report a problem: "ERROR at 0x...: message" and count it. */
void agxdecode_error(struct agxdecode_ctx *ctx, uint64_t va, const char *fmt,
                     ...) __attribute__((format(printf, 3, 4)));

void agxdecode_hexdump(struct agxdecode_ctx *ctx, uint64_t va,
                       const uint8_t *data, size_t size, unsigned indent);

/* Print a packet title line: address and name. */
void agxdecode_title(struct agxdecode_ctx *ctx, uint64_t va, unsigned indent,
                     const char *name);

/* ---- bounded walker ---------------------------------------------------- */

enum agxdecode_step_kind {
   AGXDECODE_STEP_NEXT,   /* continue at va + length */
   AGXDECODE_STEP_JUMP,   /* continue at target */
   AGXDECODE_STEP_CALL,   /* push va + length, continue at target */
   AGXDECODE_STEP_RETURN, /* pop */
   AGXDECODE_STEP_END,    /* clean end of stream */
   AGXDECODE_STEP_STOP,   /* cannot go on (already reported) */
};

struct agxdecode_step {
   enum agxdecode_step_kind kind;
   uint32_t length;
   uint64_t target;
};

typedef struct agxdecode_step (*agxdecode_packet_fn)(struct agxdecode_ctx *ctx,
                                                     uint64_t va,
                                                     const uint8_t *window,
                                                     size_t available);

/* Walk a control stream from va, one packet at a time, following jumps,
 * calls and returns, until the end or a problem.  Detects loops (the same
 * address with the same call stack twice) and bounds packets and depth. */
void agxdecode_walk(struct agxdecode_ctx *ctx, uint64_t va, const char *name,
                    agxdecode_packet_fn decode_packet);

/* Per-family decoders used across files. */
void agxdecode_usc_list(struct agxdecode_ctx *ctx, uint64_t va,
                        unsigned sampler_states, unsigned indent);
void agxdecode_ppp_record(struct agxdecode_ctx *ctx, uint64_t va,
                          uint32_t size_B, unsigned indent);
void agxdecode_cf_bindings(struct agxdecode_ctx *ctx, uint64_t va,
                           unsigned count, unsigned indent);

/* USC offsets are relative to usc_exec_base. */
static inline uint64_t
agxdecode_usc_address(const struct agxdecode_ctx *ctx, uint64_t offset)
{
   return ctx->opts.usc_exec_base + offset;
}

/* Unpack a structure from bytes and print it, with unknown bits reported
 * as a problem at va. */
#define AGXDECODE_PRINT(ctx, T, bytes, va, title, indent)                      \
   do {                                                                        \
      struct AGX_##T _v;                                                       \
      agxdecode_title((ctx), (va), (indent), (title));                         \
      if (!AGX_##T##_unpack((ctx)->fp, (bytes), &_v))                          \
         agxdecode_error((ctx), (va), "%s has bits no field covers", (title)); \
      AGX_##T##_print((ctx)->fp, &_v, (indent) + 2);                           \
   } while (0)

#endif /* AGX_DECODE_PRIVATE_H */
