/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * agxdecode: prints what the GPU would read from a submission, using the
 * genxml unpackers.  Memory is reached only through a lookup callback (or a
 * set of regions registered with agxdecode_add_region), so the decoder can
 * run on live BOs, on dump files and on hostile bytes alike: every read is
 * checked, every walk bounded, and problems are printed with their GPU
 * address and counted, never fatal.
 */
#ifndef AGX_DECODE_H
#define AGX_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct agxdecode_ctx;
struct agx_dump;

/* Copy up to size bytes of GPU memory starting at va into dst.  Returns how
 * many contiguous bytes were available (0 if va is not mapped). */
typedef size_t (*agxdecode_read_fn)(void *user, uint64_t va, void *dst,
                                    size_t size);

/* Disassembler hook: print the program in code[0..size) (which starts at
 * GPU address va) to fp.  size is what memory allowed, up to
 * shader_window_B; the hook stops where the program ends. */
typedef void (*agxdecode_disasm_fn)(void *user, FILE *fp, const uint8_t *code,
                                    size_t size, uint64_t va);

struct agxdecode_options {
   FILE *fp; /* output; stdout when NULL */

   /* Memory: a callback, or NULL to use the regions added with
    * agxdecode_add_region. */
   agxdecode_read_fn read;
   void *read_user;

   /* Base of every USC (shader) offset, from the queue. */
   uint64_t usc_exec_base;

   /* Optional disassembler; without it shaders print as hex. */
   agxdecode_disasm_fn disasm;
   void *disasm_user;

   /* G14X multi-cluster parts insert an extra word in CDM launches. */
   bool cdm_g14x_word;

   /* Bounds (0 = default): packets per control-stream walk (default
    * 65536), call depth (default 16), bytes shown per shader (default
    * 256). */
   unsigned max_packets;
   unsigned max_call_depth;
   unsigned shader_window_B;
};

struct agxdecode_ctx *agxdecode_create(const struct agxdecode_options *opts);
void agxdecode_destroy(struct agxdecode_ctx *ctx);

/* Register a CPU copy of GPU memory (not copied: must outlive ctx).  Only
 * used when no read callback was given.  Returns false if it wraps the
 * address space.  Regions must not overlap: one that overlaps a region at
 * a lower address is ignored, and reported as a problem when memory is
 * first read. */
bool agxdecode_add_region(struct agxdecode_ctx *ctx, uint64_t va,
                          const void *data, uint64_t size_B);

/* Register every region of a parsed dump file (decode_dump.h).  Returns
 * false, with a problem reported, if regions overlap. */
bool agxdecode_add_dump_regions(struct agxdecode_ctx *ctx,
                                const struct agx_dump *dump);

/* Decoders.  Each prints to the output and returns the number of problems
 * found (0 = everything decoded cleanly). */
unsigned agxdecode_vdm(struct agxdecode_ctx *ctx, uint64_t va);
unsigned agxdecode_cdm(struct agxdecode_ctx *ctx, uint64_t va);
unsigned agxdecode_ppp(struct agxdecode_ctx *ctx, uint64_t va, uint32_t size_B);
/* A USC word list at an absolute address.  sampler_states is the raw
 * "sampler states" code of the program's counts word (it tells whether
 * each sampler descriptor is followed by a border colour). */
unsigned agxdecode_usc(struct agxdecode_ctx *ctx, uint64_t va,
                       unsigned sampler_states);

/* A drm_asahi command buffer (the bytes drm_asahi_submit::cmdbuf points
 * to): headers, render and compute commands, attachment lists, and the
 * control streams they name. */
unsigned agxdecode_drm_cmdbuf(struct agxdecode_ctx *ctx, const void *cmdbuf,
                              size_t size_B);

/* Problems found so far by all decoders of this context. */
unsigned agxdecode_error_count(const struct agxdecode_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif /* AGX_DECODE_H */
