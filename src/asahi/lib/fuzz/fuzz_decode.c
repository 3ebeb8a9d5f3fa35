/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Fuzz target: an arbitrary agxdecode dump file.  Decodes its submission,
 * and the first regions as VDM and CDM streams and USC word lists, so that
 * mutated stream bytes are reached even when the cmdbuf does not point at
 * them.  Any crash, hang, leak or sanitizer report is a bug.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "asahi/lib/decode.h"
#include "asahi/lib/decode_dump.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *
sink(void)
{
   static FILE *null_fp;
   if (!null_fp)
      null_fp = fopen("/dev/null", "w");
   return null_fp;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   struct agx_dump dump;
   const char *why;
   if (!agx_dump_read(data, size, &dump, &why) || !sink())
      return 0;

   struct agxdecode_options opts = {
      .fp = sink(),
      .usc_exec_base = dump.usc_exec_base,
      /* Small bounds keep each input fast; the bounding logic is the same
       * whatever the limits. */
      .max_packets = 4096,
      .shader_window_B = 64,
      .cdm_g14x_word = dump.flags & 1,
   };
   struct agxdecode_ctx *ctx = agxdecode_create(&opts);
   if (!ctx)
      return 0;
   agxdecode_add_dump_regions(ctx, &dump);

   if (dump.submission_kind == AGX_DUMP_SUBMISSION_DRM_ASAHI)
      agxdecode_drm_cmdbuf(ctx, dump.submission, dump.submission_size_B);

   const uint8_t *cursor = NULL;
   uint32_t index = 0;
   struct agx_dump_region r;
   while (agx_dump_next_region(&dump, &cursor, &index, &r) && index <= 4) {
      agxdecode_vdm(ctx, r.va);
      agxdecode_cdm(ctx, r.va);
      agxdecode_usc(ctx, r.va, index & 7);
      agxdecode_ppp(ctx, r.va, r.size_B > 1020 ? 1020 : (uint32_t)r.size_B);
   }

   agxdecode_destroy(ctx);
   return 0;
}
