/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * VDM (vertex) and CDM (compute) control-stream packets.  The block type
 * is in bits 29-31 of each packet's first word (alexvorxx/Mesa-VirGL src/asahi/lib/cmdbuf.xml and
 * 3.11; Mesa src/asahi/lib/decode.c for packet lengths).
 */
#include <string.h>

#include "agx_vdm.h"
#include "decode_private.h"

static struct agxdecode_step
step_next(uint32_t length)
{
   return (struct agxdecode_step){AGXDECODE_STEP_NEXT, length, 0};
}

static struct agxdecode_step
step_stop(void)
{
   return (struct agxdecode_step){AGXDECODE_STEP_STOP, 0, 0};
}

static bool
have(struct agxdecode_ctx *ctx, uint64_t va, size_t available, size_t need,
     const char *what)
{
   if (need <= available)
      return true;
   agxdecode_error(ctx, va, "%s is %zu bytes but only %zu are mapped", what,
                   need, available);
   return false;
}

/* ---- VDM --------------------------------------------------------------- */

static struct agxdecode_step
vdm_state(struct agxdecode_ctx *ctx, uint64_t va, const uint8_t *w,
          size_t available)
{
   struct AGX_VDM_STATE hdr;
   AGXDECODE_PRINT(ctx, VDM_STATE, w, va, "VDM state", 0);
   AGX_VDM_STATE_unpack(NULL, w, &hdr);

   uint32_t length = agx_vdm_state_length(&hdr);
   if (!have(ctx, va, available, length, "VDM state update"))
      return step_stop();

   unsigned offs = 4;
   unsigned sampler_states = 0;
   uint64_t pipeline = 0;
   bool has_pipeline = false;

   if (hdr.restart_index_present) {
      AGXDECODE_PRINT(ctx, VDM_STATE_RESTART_INDEX, w + offs, va + offs,
                      "Restart index", 2);
      offs += 4;
   }
   if (hdr.vs_word_0_present) {
      struct AGX_VDM_STATE_VS_WORD_0 w0;
      AGX_VDM_STATE_VS_WORD_0_unpack(NULL, w + offs, &w0);
      sampler_states = w0.sampler_states;
      AGXDECODE_PRINT(ctx, VDM_STATE_VS_WORD_0, w + offs, va + offs,
                      "Vertex shader word 0", 2);
      offs += 4;
   }
   if (hdr.vs_word_1_present) {
      struct AGX_VDM_STATE_VS_WORD_1 w1;
      AGX_VDM_STATE_VS_WORD_1_unpack(NULL, w + offs, &w1);
      pipeline = w1.pipeline;
      has_pipeline = true;
      AGXDECODE_PRINT(ctx, VDM_STATE_VS_WORD_1, w + offs, va + offs,
                      "Vertex shader word 1", 2);
      offs += 4;
   }
   if (hdr.vertex_outputs_present) {
      AGXDECODE_PRINT(ctx, VDM_STATE_VERTEX_OUTPUTS, w + offs, va + offs,
                      "Vertex outputs", 2);
      offs += 4;
   }
   if (hdr.tessellation_present) {
      AGXDECODE_PRINT(ctx, VDM_STATE_TESSELLATION, w + offs, va + offs,
                      "Tessellation", 2);
      offs += 4;
   }
   if (hdr.vertex_unknown_present) {
      AGXDECODE_PRINT(ctx, VDM_STATE_VERTEX_UNKNOWN, w + offs, va + offs,
                      "Vertex unknown", 2);
      offs += 4;
   }
   if (hdr.tessellation_scale_present) {
      AGXDECODE_PRINT(ctx, VDM_STATE_TESSELLATION_SCALE, w + offs, va + offs,
                      "Tessellation scale", 2);
      offs += 4;
   }

   if (has_pipeline) {
      agxdecode_usc_list(ctx, agxdecode_usc_address(ctx, pipeline),
                         sampler_states, 2);
   }
   return step_next(length);
}

static struct agxdecode_step
vdm_index_list(struct agxdecode_ctx *ctx, uint64_t va, const uint8_t *w,
               size_t available)
{
   struct AGX_INDEX_LIST hdr;
   AGX_INDEX_LIST_unpack(NULL, w, &hdr);

   /* Words follow in this order (alexvorxx/Mesa-VirGL src/asahi/lib/cmdbuf.xml). */
   const struct {
      bool present;
      unsigned size;
   } words[] = {
      {hdr.index_buffer_present, AGX_INDEX_LIST_BUFFER_LO_LENGTH},
      {hdr.index_count_present, AGX_INDEX_LIST_COUNT_LENGTH},
      {hdr.instance_count_present, AGX_INDEX_LIST_INSTANCES_LENGTH},
      {hdr.start_present, AGX_INDEX_LIST_START_LENGTH},
      {hdr.unk_1_present, AGX_INDEX_LIST_UNK_1_LENGTH},
      {hdr.indirect_buffer_present, AGX_INDEX_LIST_INDIRECT_BUFFER_LENGTH},
      {hdr.unk_2_present, AGX_INDEX_LIST_UNK_2_LENGTH},
      {hdr.index_buffer_size_present, AGX_INDEX_LIST_BUFFER_SIZE_LENGTH},
   };
   uint32_t length = AGX_INDEX_LIST_LENGTH;
   for (unsigned i = 0; i < sizeof(words) / sizeof(words[0]); i++)
      length += words[i].present ? words[i].size : 0;

   AGXDECODE_PRINT(ctx, INDEX_LIST, w, va, "Index list (draw)", 0);
   if (!have(ctx, va, available, length, "index list"))
      return step_stop();

   unsigned offs = AGX_INDEX_LIST_LENGTH;
#define WORD(cond, T, title)                                                   \
   if (cond) {                                                                 \
      AGXDECODE_PRINT(ctx, T, w + offs, va + offs, title, 2);                  \
      offs += AGX_##T##_LENGTH;                                                \
   }
   WORD(hdr.index_buffer_present, INDEX_LIST_BUFFER_LO, "Index buffer");
   WORD(hdr.index_count_present, INDEX_LIST_COUNT, "Count");
   WORD(hdr.instance_count_present, INDEX_LIST_INSTANCES, "Instances");
   WORD(hdr.start_present, INDEX_LIST_START, "Start");
   WORD(hdr.unk_1_present, INDEX_LIST_UNK_1, "Unknown 1");
   WORD(hdr.indirect_buffer_present, INDEX_LIST_INDIRECT_BUFFER,
        "Indirect buffer");
   WORD(hdr.unk_2_present, INDEX_LIST_UNK_2, "Unknown 2");
   WORD(hdr.index_buffer_size_present, INDEX_LIST_BUFFER_SIZE,
        "Index buffer size");
#undef WORD

   if (hdr.index_buffer_present) {
      struct AGX_INDEX_LIST_BUFFER_LO lo;
      AGX_INDEX_LIST_BUFFER_LO_unpack(NULL, w + AGX_INDEX_LIST_LENGTH, &lo);
      fprintf(ctx->fp, "  index buffer at 0x%010" PRIx64 "\n",
              (uint64_t)hdr.index_buffer_hi << 32 | lo.buffer_lo);
   }
   return step_next(length);
}

static struct agxdecode_step
vdm_tessellate(struct agxdecode_ctx *ctx, uint64_t va, const uint8_t *w,
               size_t available)
{
   struct AGX_VDM_TESSELLATE hdr;
   AGX_VDM_TESSELLATE_unpack(NULL, w, &hdr);
   AGXDECODE_PRINT(ctx, VDM_TESSELLATE, w, va, "Tessellate", 0);

   uint32_t length = 4 + 4 * hdr.factor_buffer_present +
                     4 * hdr.patch_count_present + 4 * hdr.base_patch_present +
                     4 * hdr.base_instance_present + 12 * hdr.indirect_present +
                     4 * hdr.unknown_present;
   if (!have(ctx, va, available, length, "tessellate packet"))
      return step_stop();

   unsigned offs = 4;
#define WORD(cond, T, title)                                                   \
   if (cond) {                                                                 \
      AGXDECODE_PRINT(ctx, T, w + offs, va + offs, title, 2);                  \
      offs += AGX_##T##_LENGTH;                                                \
   }
   WORD(hdr.factor_buffer_present, VDM_TESSELLATE_FACTOR_BUFFER,
        "Factor buffer");
   WORD(hdr.patch_count_present, VDM_TESSELLATE_PATCH_COUNT, "Patch count");
   WORD(hdr.base_patch_present, VDM_TESSELLATE_BASE_PATCH, "Base patch");
   WORD(hdr.base_instance_present, VDM_TESSELLATE_BASE_INSTANCE,
        "Base instance");
   WORD(hdr.indirect_present, VDM_TESSELLATE_INDIRECT, "Indirect");
   WORD(hdr.unknown_present, VDM_TESSELLATE_UNKNOWN, "Unknown");
#undef WORD
   return step_next(length);
}

static struct agxdecode_step
vdm_packet(struct agxdecode_ctx *ctx, uint64_t va, const uint8_t *w,
           size_t available)
{
   if (!have(ctx, va, available, 4, "VDM packet"))
      return step_stop();

   unsigned type = w[3] >> 5;
   switch (type) {
   case AGX_VDM_BLOCK_TYPE_PPP_STATE_UPDATE: {
      if (!have(ctx, va, available, AGX_PPP_STATE_LENGTH, "PPP state packet"))
         return step_stop();
      struct AGX_PPP_STATE s;
      AGX_PPP_STATE_unpack(NULL, w, &s);
      AGXDECODE_PRINT(ctx, PPP_STATE, w, va, "PPP state", 0);
      agxdecode_ppp_record(ctx, (uint64_t)s.pointer_hi << 32 | s.pointer_lo,
                           s.size_words * 4, 2);
      return step_next(AGX_PPP_STATE_LENGTH);
   }
   case AGX_VDM_BLOCK_TYPE_BARRIER: {
      struct AGX_VDM_BARRIER b;
      AGX_VDM_BARRIER_unpack(NULL, w, &b);
      AGXDECODE_PRINT(ctx, VDM_BARRIER, w, va, "VDM barrier", 0);
      if (b.returns)
         return (struct agxdecode_step){AGXDECODE_STEP_RETURN, 4, 0};
      return step_next(AGX_VDM_BARRIER_LENGTH);
   }
   case AGX_VDM_BLOCK_TYPE_VDM_STATE_UPDATE:
      return vdm_state(ctx, va, w, available);
   case AGX_VDM_BLOCK_TYPE_INDEX_LIST:
      return vdm_index_list(ctx, va, w, available);
   case AGX_VDM_BLOCK_TYPE_STREAM_LINK: {
      if (!have(ctx, va, available, AGX_VDM_STREAM_LINK_LENGTH, "stream link"))
         return step_stop();
      struct AGX_VDM_STREAM_LINK l;
      AGX_VDM_STREAM_LINK_unpack(NULL, w, &l);
      AGXDECODE_PRINT(ctx, VDM_STREAM_LINK, w, va, "Stream link", 0);
      return (struct agxdecode_step){
         l.with_return ? AGXDECODE_STEP_CALL : AGXDECODE_STEP_JUMP,
         AGX_VDM_STREAM_LINK_LENGTH,
         (uint64_t)l.target_hi << 32 | l.target_lo,
      };
   }
   case AGX_VDM_BLOCK_TYPE_TESSELLATE:
      return vdm_tessellate(ctx, va, w, available);
   case AGX_VDM_BLOCK_TYPE_STREAM_TERMINATE:
      /* Only the first word matters; the padding may be absent. */
      AGXDECODE_PRINT(ctx, VDM_STREAM_TERMINATE, w, va, "Stream terminate", 0);
      return (struct agxdecode_step){AGXDECODE_STEP_END, 0, 0};
   default:
      agxdecode_error(ctx, va, "unknown VDM block type %u", type);
      agxdecode_hexdump(ctx, va, w, available < 16 ? available : 16, 2);
      return step_stop();
   }
}

unsigned
agxdecode_vdm(struct agxdecode_ctx *ctx, uint64_t va)
{
   unsigned before = ctx->errors;
   agxdecode_walk(ctx, va, "VDM", vdm_packet);
   return ctx->errors - before;
}

/* ---- CDM --------------------------------------------------------------- */

static struct agxdecode_step
cdm_launch(struct agxdecode_ctx *ctx, uint64_t va, const uint8_t *w,
           size_t available)
{
   struct AGX_CDM_LAUNCH_WORD_0 w0;
   struct AGX_CDM_LAUNCH_WORD_1 w1;
   if (!have(ctx, va, available, 8, "CDM launch"))
      return step_stop();
   AGX_CDM_LAUNCH_WORD_0_unpack(NULL, w, &w0);
   AGX_CDM_LAUNCH_WORD_1_unpack(NULL, w + 4, &w1);
   AGXDECODE_PRINT(ctx, CDM_LAUNCH_WORD_0, w, va, "CDM launch", 0);
   AGXDECODE_PRINT(ctx, CDM_LAUNCH_WORD_1, w + 4, va + 4, "Launch word 1", 2);

   uint32_t length = 8;
   if (ctx->opts.cdm_g14x_word)
      length += AGX_CDM_UNK_G14X_LENGTH;

   switch (w0.mode) {
   case AGX_CDM_MODE_DIRECT:
      length += AGX_CDM_GLOBAL_SIZE_LENGTH + AGX_CDM_LOCAL_SIZE_LENGTH;
      break;
   case AGX_CDM_MODE_INDIRECT_GLOBAL:
      length += AGX_CDM_INDIRECT_LENGTH + AGX_CDM_LOCAL_SIZE_LENGTH;
      break;
   case AGX_CDM_MODE_INDIRECT_LOCAL:
      length += AGX_CDM_INDIRECT_LENGTH;
      break;
   default:
      agxdecode_error(ctx, va, "unknown CDM launch mode %u", (unsigned)w0.mode);
      return step_stop();
   }
   if (!have(ctx, va, available, length, "CDM launch"))
      return step_stop();

   unsigned offs = 8;
   if (ctx->opts.cdm_g14x_word) {
      AGXDECODE_PRINT(ctx, CDM_UNK_G14X, w + offs, va + offs, "G14X word", 2);
      offs += AGX_CDM_UNK_G14X_LENGTH;
   }
   if (w0.mode == AGX_CDM_MODE_DIRECT) {
      AGXDECODE_PRINT(ctx, CDM_GLOBAL_SIZE, w + offs, va + offs, "Global size",
                      2);
      offs += AGX_CDM_GLOBAL_SIZE_LENGTH;
   } else {
      struct AGX_CDM_INDIRECT ind;
      AGX_CDM_INDIRECT_unpack(NULL, w + offs, &ind);
      AGXDECODE_PRINT(ctx, CDM_INDIRECT, w + offs, va + offs, "Indirect", 2);
      fprintf(ctx->fp, "    arguments at 0x%010" PRIx64 "\n",
              (uint64_t)ind.address_hi << 32 | ind.address_lo);
      offs += AGX_CDM_INDIRECT_LENGTH;
   }
   if (w0.mode != AGX_CDM_MODE_INDIRECT_LOCAL) {
      AGXDECODE_PRINT(ctx, CDM_LOCAL_SIZE, w + offs, va + offs, "Local size",
                      2);
      offs += AGX_CDM_LOCAL_SIZE_LENGTH;
   }

   agxdecode_usc_list(ctx, agxdecode_usc_address(ctx, w1.pipeline),
                      w0.sampler_states, 2);
   return step_next(length);
}

static struct agxdecode_step
cdm_packet(struct agxdecode_ctx *ctx, uint64_t va, const uint8_t *w,
           size_t available)
{
   if (!have(ctx, va, available, 4, "CDM packet"))
      return step_stop();

   unsigned type = w[3] >> 5;
   switch (type) {
   case AGX_CDM_BLOCK_TYPE_LAUNCH:
      return cdm_launch(ctx, va, w, available);
   case AGX_CDM_BLOCK_TYPE_STREAM_LINK: {
      if (!have(ctx, va, available, AGX_CDM_STREAM_LINK_LENGTH, "stream link"))
         return step_stop();
      struct AGX_CDM_STREAM_LINK l;
      AGX_CDM_STREAM_LINK_unpack(NULL, w, &l);
      AGXDECODE_PRINT(ctx, CDM_STREAM_LINK, w, va, "Stream link", 0);
      return (struct agxdecode_step){AGXDECODE_STEP_JUMP,
                                     AGX_CDM_STREAM_LINK_LENGTH,
                                     (uint64_t)l.target_hi << 32 | l.target_lo};
   }
   case AGX_CDM_BLOCK_TYPE_STREAM_TERMINATE:
      AGXDECODE_PRINT(ctx, CDM_STREAM_TERMINATE, w, va, "Stream terminate", 0);
      return (struct agxdecode_step){AGXDECODE_STEP_END, 0, 0};
   case AGX_CDM_BLOCK_TYPE_BARRIER: {
      struct AGX_CDM_BARRIER b;
      AGX_CDM_BARRIER_unpack(NULL, w, &b);
      AGXDECODE_PRINT(ctx, CDM_BARRIER, w, va, "CDM barrier", 0);
      if (b.returns)
         return (struct agxdecode_step){AGXDECODE_STEP_RETURN, 4, 0};
      return step_next(AGX_CDM_BARRIER_LENGTH);
   }
   default:
      agxdecode_error(ctx, va, "unknown CDM block type %u", type);
      agxdecode_hexdump(ctx, va, w, available < 16 ? available : 16, 2);
      return step_stop();
   }
}

unsigned
agxdecode_cdm(struct agxdecode_ctx *ctx, uint64_t va)
{
   unsigned before = ctx->errors;
   agxdecode_walk(ctx, va, "CDM", cdm_packet);
   return ctx->errors - before;
}
