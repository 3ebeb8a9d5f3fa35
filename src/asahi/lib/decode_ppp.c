/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * PPP update records: a header of presence bits, then only the present
 * words, in bit order (alexvorxx/Mesa-VirGL src/asahi/lib/cmdbuf.xml, PPP header; the viewport and region-clip
 * counts and the 4-word fragment shader group are from Mesa's
 * src/asahi/lib/decode.c).
 */
#include <stdlib.h>

#include "decode_private.h"

/* The size field is 8 bits of words. */
#define PPP_MAX_B (255 * 4)

struct ppp_cursor {
   struct agxdecode_ctx *ctx;
   uint64_t va;
   const uint8_t *data;
   uint32_t offs, size;
   unsigned indent;
   bool overrun;
};

/* Claim the next length bytes of the record, or report an overrun. */
static const uint8_t *
take(struct ppp_cursor *c, uint32_t length, const char *what)
{
   if (c->overrun)
      return NULL;
   if (length > c->size - c->offs) {
      agxdecode_error(c->ctx, c->va + c->offs,
                      "PPP record too short for %s (record is %u bytes)", what,
                      c->size);
      c->overrun = true;
      return NULL;
   }
   const uint8_t *p = c->data + c->offs;
   c->offs += length;
   return p;
}

#define PPP_WORD(c, cond, T, title)                                            \
   do {                                                                        \
      if (cond) {                                                              \
         uint64_t _va = (c)->va + (c)->offs;                                   \
         const uint8_t *_p = take((c), AGX_##T##_LENGTH, title);               \
         if (_p)                                                               \
            AGXDECODE_PRINT((c)->ctx, T, _p, _va, title, (c)->indent);         \
      }                                                                        \
   } while (0)

void
agxdecode_cf_bindings(struct agxdecode_ctx *ctx, uint64_t va, unsigned count,
                      unsigned indent)
{
   /* The count field is 7 bits, so the table is at most 512 bytes. */
   uint8_t table[AGX_CF_BINDING_HEADER_LENGTH + 127 * AGX_CF_BINDING_LENGTH];
   size_t size = AGX_CF_BINDING_HEADER_LENGTH + count * AGX_CF_BINDING_LENGTH;
   if (count > 127 ||
       !agxdecode_read_all(ctx, va, table, size, "coefficient bindings"))
      return;

   AGXDECODE_PRINT(ctx, CF_BINDING_HEADER, table, va,
                   "Coefficient binding header", indent);
   for (unsigned i = 0; i < count; i++) {
      unsigned offs = AGX_CF_BINDING_HEADER_LENGTH + i * AGX_CF_BINDING_LENGTH;
      char title[48];
      snprintf(title, sizeof(title), "Coefficient binding %u", i);
      AGXDECODE_PRINT(ctx, CF_BINDING, table + offs, va + offs, title, indent);
   }
}

static void
fragment_shader(struct ppp_cursor *c)
{
   uint64_t va = c->va + c->offs;
   const uint8_t *p = take(c, 16, "the fragment shader words");
   if (!p)
      return;

   struct AGX_FRAGMENT_SHADER_WORD_0 w0;
   struct AGX_FRAGMENT_SHADER_WORD_1 w1;
   struct AGX_FRAGMENT_SHADER_WORD_2 w2;
   AGX_FRAGMENT_SHADER_WORD_0_unpack(NULL, p, &w0);
   AGX_FRAGMENT_SHADER_WORD_1_unpack(NULL, p + 4, &w1);
   AGX_FRAGMENT_SHADER_WORD_2_unpack(NULL, p + 8, &w2);

   AGXDECODE_PRINT(c->ctx, FRAGMENT_SHADER_WORD_0, p, va,
                   "Fragment shader word 0", c->indent);
   AGXDECODE_PRINT(c->ctx, FRAGMENT_SHADER_WORD_1, p + 4, va + 4,
                   "Fragment shader word 1", c->indent);
   AGXDECODE_PRINT(c->ctx, FRAGMENT_SHADER_WORD_2, p + 8, va + 8,
                   "Fragment shader word 2", c->indent);
   AGXDECODE_PRINT(c->ctx, FRAGMENT_SHADER_WORD_3, p + 12, va + 12,
                   "Fragment shader word 3", c->indent);

   agxdecode_usc_list(c->ctx, agxdecode_usc_address(c->ctx, w1.pipeline),
                      w0.sampler_states, c->indent + 2);
   if (w2.cf_bindings) {
      agxdecode_cf_bindings(c->ctx,
                            agxdecode_usc_address(c->ctx, w2.cf_bindings),
                            w0.cf_bindings, c->indent + 2);
   }
}

void
agxdecode_ppp_record(struct agxdecode_ctx *ctx, uint64_t va, uint32_t size_B,
                     unsigned indent)
{
   uint8_t data[PPP_MAX_B];
   if (size_B < AGX_PPP_HEADER_LENGTH || size_B > PPP_MAX_B) {
      agxdecode_error(ctx, va, "PPP record size %u is impossible", size_B);
      return;
   }
   if (!agxdecode_read_all(ctx, va, data, size_B, "PPP record"))
      return;

   struct ppp_cursor c = {ctx, va, data, 0, size_B, indent, false};
   struct AGX_PPP_HEADER h;
   AGX_PPP_HEADER_unpack(NULL, data, &h);
   PPP_WORD(&c, true, PPP_HEADER, "PPP header");

   PPP_WORD(&c, h.fragment_control, FRAGMENT_CONTROL, "Fragment control");
   PPP_WORD(&c, h.fragment_control_2, FRAGMENT_CONTROL, "Fragment control 2");
   PPP_WORD(&c, h.front_face, FRAGMENT_FACE, "Front face");
   PPP_WORD(&c, h.front_face_2, FRAGMENT_FACE_2, "Front face 2");
   PPP_WORD(&c, h.front_stencil, FRAGMENT_STENCIL, "Front stencil");
   PPP_WORD(&c, h.back_face, FRAGMENT_FACE, "Back face");
   PPP_WORD(&c, h.back_face_2, FRAGMENT_FACE_2, "Back face 2");
   PPP_WORD(&c, h.back_stencil, FRAGMENT_STENCIL, "Back stencil");
   PPP_WORD(&c, h.depth_bias_scissor, DEPTH_BIAS_SCISSOR,
            "Depth bias / scissor");
   for (unsigned i = 0; h.region_clip && i < h.viewport_count; i++)
      PPP_WORD(&c, true, REGION_CLIP, "Region clip");
   PPP_WORD(&c, h.viewport, VIEWPORT_CONTROL, "Viewport control");
   for (unsigned i = 0; h.viewport && i < h.viewport_count; i++)
      PPP_WORD(&c, true, VIEWPORT, "Viewport");
   PPP_WORD(&c, h.w_clamp, W_CLAMP, "W clamp");
   PPP_WORD(&c, h.output_select, OUTPUT_SELECT, "Output select");
   PPP_WORD(&c, h.varying_counts_32, VARYING_COUNTS, "Varying counts 32");
   PPP_WORD(&c, h.varying_counts_16, VARYING_COUNTS, "Varying counts 16");
   PPP_WORD(&c, h.cull, CULL, "Cull");
   PPP_WORD(&c, h.cull_2, CULL_2, "Cull 2");
   if (h.fragment_shader)
      fragment_shader(&c);
   PPP_WORD(&c, h.occlusion_query, FRAGMENT_OCCLUSION_QUERY, "Occlusion query");
   PPP_WORD(&c, h.occlusion_query_2, FRAGMENT_OCCLUSION_QUERY_2,
            "Occlusion query 2");
   PPP_WORD(&c, h.output_unknown, OUTPUT_UNKNOWN, "Output unknown");
   PPP_WORD(&c, h.output_size, OUTPUT_SIZE, "Output size");
   PPP_WORD(&c, h.varying_word_2, VARYING_2, "Varying word 2");

   if (!c.overrun && c.offs != c.size) {
      agxdecode_error(ctx, va,
                      "PPP record is %u bytes but its header accounts for %u",
                      c.size, c.offs);
   }
}

unsigned
agxdecode_ppp(struct agxdecode_ctx *ctx, uint64_t va, uint32_t size_B)
{
   unsigned before = ctx->errors;
   agxdecode_ppp_record(ctx, va, size_B, 0);
   return ctx->errors - before;
}
