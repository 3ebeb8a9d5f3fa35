/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * USC word lists ("pipelines") and what they point to: uniform data,
 * texture/PBE and sampler descriptor tables, and shader code.  Each word
 * opens with a tag byte; the list ends at a preshader or no-preshader word
 * (alexvorxx/Mesa-VirGL src/asahi/lib/cmdbuf.xml and
 * src/gallium/drivers/asahi/agx_state.c).
 */
#include <stdlib.h>

#include "util/hash_table.h"
#include "decode_private.h"

/* A list has a handful of words in practice; this bounds hostile ones. */
#define USC_MAX_WORDS 256

static void
shader_code(struct agxdecode_ctx *ctx, uint64_t offset, const char *what,
            unsigned indent)
{
   uint64_t va = agxdecode_usc_address(ctx, offset);
   size_t window = ctx->opts.shader_window_B;
   uint8_t *code = malloc(window);
   if (!code) {
      agxdecode_error(ctx, va, "out of memory");
      return;
   }
   size_t n = agxdecode_read(ctx, va, code, window);
   fprintf(ctx->fp,
           "%*s%s code at 0x%010" PRIx64 " (usc offset 0x%" PRIx64 ")\n",
           indent, "", what, va, offset);
   if (n == 0) {
      agxdecode_error(ctx, va, "%s code: address not in any known memory",
                      what);
   } else if (ctx->opts.disasm) {
      ctx->opts.disasm(ctx->opts.disasm_user, ctx->fp, code, n, va);
   } else {
      agxdecode_hexdump(ctx, va, code, n, indent + 2);
      if (n == window)
         fprintf(ctx->fp, "%*s(first %zu bytes shown)\n", indent + 2, "", n);
   }
   free(code);
}

static void
uniform_data(struct agxdecode_ctx *ctx, uint64_t buffer, unsigned halves,
             unsigned indent)
{
   uint8_t data[64 * 2];
   if (halves > 64 ||
       !agxdecode_read_all(ctx, buffer, data, 2 * halves, "uniform data"))
      return;
   agxdecode_hexdump(ctx, buffer, data, 2 * halves, indent);
}

/* A texture state slot may hold a sampled-image (texture) descriptor or an
 * image-store (PBE) descriptor, and nothing in the 24 bytes says which.
 * Each reading is printed when it unpacks without stray bits; when neither
 * does, both are printed so that nothing is hidden from the reader. */
static void
texture_or_pbe(struct agxdecode_ctx *ctx, uint64_t va, const uint8_t *d,
               unsigned reg, unsigned indent)
{
   struct AGX_TEXTURE as_texture;
   struct AGX_PBE as_pbe;
   bool clean[2] = {
      AGX_TEXTURE_unpack(NULL, d, &as_texture),
      AGX_PBE_unpack(NULL, d, &as_pbe),
   };
   bool show_all = !clean[0] && !clean[1];
   char title[48];

   for (unsigned reading = 0; reading < 2; reading++) {
      if (!clean[reading] && !show_all)
         continue;
      snprintf(title, sizeof(title), "Texture state %u (as %s)", reg,
               reading == 0 ? "texture" : "PBE");
      if (reading == 0)
         AGXDECODE_PRINT(ctx, TEXTURE, d, va, title, indent);
      else
         AGXDECODE_PRINT(ctx, PBE, d, va, title, indent);
   }
}

static void
texture_table(struct agxdecode_ctx *ctx, const struct AGX_USC_TEXTURE *t,
              unsigned indent)
{
   for (unsigned i = 0; i < t->count; i++) {
      uint8_t d[AGX_TEXTURE_LENGTH];
      uint64_t va = t->buffer + (uint64_t)i * AGX_TEXTURE_LENGTH;
      if (!agxdecode_read_all(ctx, va, d, sizeof(d), "texture descriptor"))
         return;
      texture_or_pbe(ctx, va, d, t->start + i, indent);
   }
}

static void
sampler_table(struct agxdecode_ctx *ctx, const struct AGX_USC_SAMPLER *s,
              unsigned sampler_states, unsigned indent)
{
   /* With the extended sampler modes, each sampler is followed by its
    * border colour. */
   bool extended = sampler_states == AGX_SAMPLER_STATES_8_EXTENDED ||
                   sampler_states == AGX_SAMPLER_STATES_16_EXTENDED;
   unsigned stride = AGX_SAMPLER_LENGTH + (extended ? AGX_BORDER_LENGTH : 0);

   for (unsigned i = 0; i < s->count; i++) {
      uint8_t d[AGX_SAMPLER_LENGTH + AGX_BORDER_LENGTH];
      uint64_t va = s->buffer + (uint64_t)i * stride;
      char title[32];
      if (!agxdecode_read_all(ctx, va, d, stride, "sampler descriptor"))
         return;
      snprintf(title, sizeof(title), "Sampler %u", s->start + i);
      AGXDECODE_PRINT(ctx, SAMPLER, d, va, title, indent);
      if (extended) {
         AGXDECODE_PRINT(ctx, BORDER, d + AGX_SAMPLER_LENGTH,
                         va + AGX_SAMPLER_LENGTH, "Border colour", indent + 2);
      }
   }
}

void
agxdecode_usc_list(struct agxdecode_ctx *ctx, uint64_t va,
                   unsigned sampler_states, unsigned indent)
{
   /* Lists are shared by many draws: show each once. */
   const void *key = (const void *)(uintptr_t)(va << 1 | 1);
   if (set_contains(ctx->usc_seen, key)) {
      fprintf(ctx->fp, "%*sUSC word list at 0x%010" PRIx64 ": shown above\n",
              indent, "", va);
      return;
   }
   set_add(ctx->usc_seen, key);
   fprintf(ctx->fp, "%*sUSC word list at 0x%010" PRIx64 "\n", indent, "", va);
   if (va & 63)
      agxdecode_error(ctx, va, "USC word list is not 64-byte aligned");

   indent += 2;
   for (unsigned n = 0; n < USC_MAX_WORDS; n++) {
      uint8_t w[8] = {0};
      size_t available = agxdecode_read(ctx, va, w, sizeof(w));
      if (available == 0) {
         agxdecode_error(ctx, va, "USC word list runs into unmapped memory");
         return;
      }

#define NEED(T)                                                                \
   if (available < AGX_##T##_LENGTH) {                                         \
      agxdecode_error(ctx, va, "USC word truncated (%zu of %u bytes mapped)",  \
                      available, AGX_##T##_LENGTH);                            \
      return;                                                                  \
   }

      switch (w[0]) {
      case AGX_USC_CONTROL_UNIFORM:
      case AGX_USC_CONTROL_UNIFORM_HIGH: {
         NEED(USC_UNIFORM);
         struct AGX_USC_UNIFORM u;
         AGX_USC_UNIFORM_unpack(NULL, w, &u);
         if (w[0] == AGX_USC_CONTROL_UNIFORM)
            AGXDECODE_PRINT(ctx, USC_UNIFORM, w, va, "Uniform", indent);
         else
            AGXDECODE_PRINT(ctx, USC_UNIFORM_HIGH, w, va, "Uniform high",
                            indent);
         uniform_data(ctx, u.buffer, u.size, indent + 2);
         va += AGX_USC_UNIFORM_LENGTH;
         break;
      }
      case AGX_USC_CONTROL_TEXTURE: {
         NEED(USC_TEXTURE);
         struct AGX_USC_TEXTURE t;
         AGX_USC_TEXTURE_unpack(NULL, w, &t);
         AGXDECODE_PRINT(ctx, USC_TEXTURE, w, va, "Texture states", indent);
         texture_table(ctx, &t, indent + 2);
         va += AGX_USC_TEXTURE_LENGTH;
         break;
      }
      case AGX_USC_CONTROL_SAMPLER: {
         NEED(USC_SAMPLER);
         struct AGX_USC_SAMPLER s;
         AGX_USC_SAMPLER_unpack(NULL, w, &s);
         AGXDECODE_PRINT(ctx, USC_SAMPLER, w, va, "Sampler states", indent);
         sampler_table(ctx, &s, sampler_states, indent + 2);
         va += AGX_USC_SAMPLER_LENGTH;
         break;
      }
      case AGX_USC_CONTROL_SHARED:
         NEED(USC_SHARED);
         AGXDECODE_PRINT(ctx, USC_SHARED, w, va, "Shared", indent);
         va += AGX_USC_SHARED_LENGTH;
         break;
      case AGX_USC_CONTROL_REGISTERS:
         NEED(USC_REGISTERS);
         AGXDECODE_PRINT(ctx, USC_REGISTERS, w, va, "Registers", indent);
         va += AGX_USC_REGISTERS_LENGTH;
         break;
      case AGX_USC_CONTROL_FRAGMENT_PROPERTIES:
         NEED(USC_FRAGMENT_PROPERTIES);
         AGXDECODE_PRINT(ctx, USC_FRAGMENT_PROPERTIES, w, va,
                         "Fragment properties", indent);
         va += AGX_USC_FRAGMENT_PROPERTIES_LENGTH;
         break;
      case AGX_USC_CONTROL_SHADER: {
         NEED(USC_SHADER);
         struct AGX_USC_SHADER s;
         AGX_USC_SHADER_unpack(NULL, w, &s);
         AGXDECODE_PRINT(ctx, USC_SHADER, w, va, "Shader", indent);
         shader_code(ctx, s.code, "Main program", indent + 2);
         va += AGX_USC_SHADER_LENGTH;
         break;
      }
      case AGX_USC_CONTROL_PRESHADER: {
         NEED(USC_PRESHADER);
         struct AGX_USC_PRESHADER s;
         AGX_USC_PRESHADER_unpack(NULL, w, &s);
         AGXDECODE_PRINT(ctx, USC_PRESHADER, w, va, "Preshader", indent);
         shader_code(ctx, s.code, "Preshader", indent + 2);
         return;
      }
      case AGX_USC_CONTROL_NO_PRESHADER:
         NEED(USC_NO_PRESHADER);
         AGXDECODE_PRINT(ctx, USC_NO_PRESHADER, w, va, "No preshader", indent);
         return;
      default:
         agxdecode_error(ctx, va, "unknown USC word tag 0x%02x", w[0]);
         agxdecode_hexdump(ctx, va, w, available, indent);
         return;
      }
#undef NEED
   }
   agxdecode_error(ctx, va, "USC word list has more than %u words; stopping",
                   USC_MAX_WORDS);
}

unsigned
agxdecode_usc(struct agxdecode_ctx *ctx, uint64_t va, unsigned sampler_states)
{
   unsigned before = ctx->errors;
   agxdecode_usc_list(ctx, va, sampler_states, 0);
   return ctx->errors - before;
}
