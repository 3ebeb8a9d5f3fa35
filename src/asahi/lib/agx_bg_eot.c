/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Background (clear) and end-of-tile (store) programs, written as AGX
 * assembly and assembled with src/asahi/isa (see agx_bg_eot.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/ralloc.h"
#include "agx_bg_eot.h"
#include "agx_formats.h"
#include "agx_isa.h"
#include "agx_pack.h"
#include "util/half_float.h"

static const char *const agx_mem_format_names[16] = {
   [AGX_MEM_I8] = "i8",
   [AGX_MEM_I16] = "i16",
   [AGX_MEM_I32] = "i32",
   [AGX_MEM_F16] = "f16",
   [AGX_MEM_U8NORM] = "u8norm",
   [AGX_MEM_S8NORM] = "s8norm",
   [AGX_MEM_U16NORM] = "u16norm",
   [AGX_MEM_S16NORM] = "s16norm",
   [AGX_MEM_RGB10A2] = "rgb10a2",
   [AGX_MEM_SRGBA8] = "srgba8",
   [AGX_MEM_RG11B10F] = "rg11b10f",
   [AGX_MEM_RGB9E5] = "rgb9e5",
};

static const char *const agx_masks[5] = {"", "x", "xy", "xyz", "xyzw"};

bool
agx_tib_format_is_16bit(unsigned mem_format)
{
   return mem_format == AGX_MEM_F16 || mem_format == AGX_MEM_I16;
}

struct asm_text {
   char *buf;
   size_t len, cap;
   bool overflow;
};

static void
emit(struct asm_text *t, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
   va_end(ap);
   if (n < 0 || (size_t)n >= t->cap - t->len)
      t->overflow = true;
   else
      t->len += n;
}

/* Clear one render target: move its clear colour from uniforms into
 * r0-r3 (or r0l-r1h for 16-bit formats), then write it into the pixel's
 * slot for every sample.
 */
static void
emit_clear(struct asm_text *t, const struct agx_tilebuffer_layout *tib,
           unsigned rt, unsigned *nr_gprs)
{
   const struct agx_format_info *info =
      agx_format_info(tib->logical_format[rt]);
   unsigned comps = info->tib_comps;
   unsigned base_half = agx_bg_clear_uniform(rt);
   bool is16 = agx_tib_format_is_16bit(info->tib_format);
   char run[64] = "";

   for (unsigned c = 0; c < comps; ++c) {
      char reg[16];
      if (is16) {
         snprintf(reg, sizeof(reg), "r%u%c", c / 2, (c & 1) ? 'h' : 'l');
         emit(t, "mov %s, u%u%c\n", reg, (base_half + c) / 2,
              ((base_half + c) & 1) ? 'h' : 'l');
      } else {
         snprintf(reg, sizeof(reg), "r%u", c);
         emit(t, "mov %s, u%u\n", reg, (base_half + 2 * c) / 2);
      }
      if (c)
         strcat(run, "_");
      strcat(run, reg);
   }

   /* Operands: registers, format, u0, mask, pixel offset in bytes,
    * sample mask (all samples), explicit coordinates (none).
    */
   emit(t, "st_tile %s, %s, 0, %s, %u, 255, 0\n", run,
        agx_mem_format_names[info->tib_format], agx_masks[comps],
        tib->offset_B[rt]);

   unsigned halves = is16 ? comps : 2 * comps;
   if (halves > *nr_gprs)
      *nr_gprs = halves;
}

/* Load one render target from memory: texel fetch at the pixel's
 * coordinates through the texture at state register 2 * rt (shared
 * nearest sampler 0), then write it into the tilebuffer.
 */
static void
emit_load(struct asm_text *t, const struct agx_tilebuffer_layout *tib,
          unsigned rt, unsigned *nr_gprs)
{
   const struct agx_format_info *info =
      agx_format_info(tib->logical_format[rt]);
   bool is16 = agx_tib_format_is_16bit(info->tib_format);
   const char *run = is16 ? "r0l_r0h_r1l_r1h" : "r0_r1_r2_r3";
   const char *dim = tib->nr_samples > 1 ? "tex_2d_ms" : "tex_2d";
   /* The fetch writes four components; the store takes the format's
    * (its register run is as long as its mask). */
   static const char *const runs32[5] = {"", "r0", "r0_r1", "r0_r1_r2",
                                         "r0_r1_r2_r3"};
   static const char *const runs16[5] = {"", "r0l", "r0l_r0h",
                                         "r0l_r0h_r1l", "r0l_r0h_r1l_r1h"};
   const char *store_run = (is16 ? runs16 : runs32)[info->tib_comps];

   /* Pixel coordinates are the thread position in the grid. */
   emit(t, "get_sr r4, sr80\n");
   emit(t, "get_sr r5, sr81\n");
   if (tib->nr_samples > 1) {
      /* One texel fetch per sample (sample index in r6l), each written to
       * that sample only.  A layered pass fetches from a 2D MS array, the
       * layer (sr2) in r6h after the sample index (fact: alexvorxx/
       * Mesa-VirGL src/asahi/lib/agx_nir_lower_texture.c packs the sample
       * index and the layer as two halves of the word after x and y).
       */
      const char *coords = "r4l_r4h_r5l_r5h_r6l";
      if (tib->layered) {
         emit(t, "get_sr r7, sr2\n");
         emit(t, "mov r6h, r7l\n");
         dim = "tex_2d_ms_array";
         coords = "r4l_r4h_r5l_r5h_r6l_r6h";
      }
      for (unsigned s = 0; s < tib->nr_samples; ++s) {
         emit(t, "mov_imm r6l, %u\n", s);
         emit(t,
              "texture_load 0, 0b1100, 0b0, none, xyzw, 0b00, %s, ts%u, ss0, "
              "%s, %s, auto_lod, 0\n",
              run, 2 * rt, dim, coords);
         emit(t, "wait 0\n");
         emit(t, "st_tile %s, %s, 0, %s, %u, %u, 0\n", store_run,
              agx_mem_format_names[info->tib_format],
              agx_masks[info->tib_comps], tib->offset_B[rt], 1u << s);
      }
   } else if (tib->layered) {
      /* The layer this run of the program is for is sr2 (the "framebuffer
       * layers" note of alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml;
       * Mesa's load_layer_id reads threadgroup_position_in_grid.z), an
       * integer array index after x and y. */
      emit(t, "get_sr r6, sr2\n");
      emit(t,
           "texture_load 0, 0b1100, 0b0, none, xyzw, 0b00, %s, ts%u, ss0, "
           "tex_2d_array, r4l_r4h_r5l_r5h_r6l, auto_lod, 0\n",
           run, 2 * rt);
      emit(t, "wait 0\n");
      emit(t, "st_tile %s, %s, 0, %s, %u, 255, 0\n", store_run,
           agx_mem_format_names[info->tib_format], agx_masks[info->tib_comps],
           tib->offset_B[rt]);
   } else {
      emit(t,
           "texture_load 0, 0b1100, 0b0, none, xyzw, 0b00, %s, ts%u, ss0, "
           "%s, r4_r5, auto_lod, 0\n",
           run, 2 * rt, dim);
      emit(t, "wait 0\n");
      emit(t, "st_tile %s, %s, 0, %s, %u, 255, 0\n", store_run,
           agx_mem_format_names[info->tib_format], agx_masks[info->tib_comps],
           tib->offset_B[rt]);
   }
   if (*nr_gprs < 16)
      *nr_gprs = 16;
}

bool
agx_bg_can_resolve(enum pipe_format format)
{
   const struct agx_format_info *info = agx_format_info(format);
   return info && info->renderable &&
          !util_format_is_pure_integer(format) &&
          !agx_tib_format_is_16bit(info->tib_format);
}

/* Resolve into one render target: texel fetches of every sample of the
 * pixel from the 2D MS texture at state register 2 * rt (sample index in
 * r6l after the x and y words), summed in r0-r3 and scaled by 1/samples,
 * then written into the tilebuffer.  As Mesa's drivers resolve (a shader
 * averaging texel fetches, alexvorxx/Mesa-VirGL src/asahi/vulkan/
 * hk_cmd_meta.c through vk_meta), here in the background program of a
 * pass without draws.
 */
static void
emit_resolve(struct asm_text *t, const struct agx_tilebuffer_layout *tib,
             unsigned rt, unsigned samples, unsigned *nr_gprs)
{
   const struct agx_format_info *info =
      agx_format_info(tib->logical_format[rt]);
   static const char *const runs32[5] = {"", "r0", "r0_r1", "r0_r1_r2",
                                         "r0_r1_r2_r3"};

   emit(t, "get_sr r4, sr80\n");
   emit(t, "get_sr r5, sr81\n");
   for (unsigned s = 0; s < samples; ++s) {
      emit(t, "mov_imm r6l, %u\n", s);
      emit(t,
           "texture_load 0, 0b1100, 0b0, none, xyzw, 0b00, %s, ts%u, ss0, "
           "tex_2d_ms, r4l_r4h_r5l_r5h_r6l, auto_lod, 0\n",
           s ? "r8_r9_r10_r11" : "r0_r1_r2_r3", 2 * rt);
      emit(t, "wait 0\n");
      for (unsigned c = 0; s && c < 4; ++c)
         emit(t, "fadd32 r%u, r%u, r%u\n", c, c, 8 + c);
   }
   for (unsigned c = 0; c < 4; ++c)
      emit(t, "fmul32 r%u, r%u, %s\n", c, c, samples == 4 ? "0.25" : "0.5");
   emit(t, "st_tile %s, %s, 0, %s, %u, 255, 0\n", runs32[info->tib_comps],
        agx_mem_format_names[info->tib_format], agx_masks[info->tib_comps],
        tib->offset_B[rt]);
   if (*nr_gprs < 24)
      *nr_gprs = 24;
}

/* Store one render target from the tilebuffer through the PBE bound at
 * texture state register rt.  The tilebuffer offset is a register
 * operand; the coordinates are implicit (the tile being stored).
 */
static void
emit_store(struct asm_text *t, const struct agx_tilebuffer_layout *tib,
           unsigned rt, unsigned *nr_gprs)
{
   const struct agx_format_info *info =
      agx_format_info(tib->logical_format[rt]);
   unsigned format = info->tib_format;

   /* Block stores of f16 use the i16 format (the bits are moved as is).
    * Fact: alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c.
    */
   if (format == AGX_MEM_F16)
      format = AGX_MEM_I16;

   const char *dim = tib->nr_samples > 1 ? "tex_2d_ms" : "tex_2d";

   /* The coordinate operand is unused for non-array images; it still
    * names a register run of the dimension's size.
    */
   const char *coords = tib->nr_samples > 1 ? "r0l_r0h_r1l_r1h_r2l" : "r0_r1";
   if (tib->layered && tib->nr_samples > 1) {
      /* A layer of a 2D MS array: the coordinate register's low half is 0
       * and its high half the layer (same source). */
      dim = "tex_2d_ms_array";
      coords = "r2l_r2h_r3l_r3h_r4l_r4h";
      emit(t, "get_sr r3, sr2\n");
      emit(t, "mov_imm r2l, 0\n");
      emit(t, "mov r2h, r3l\n");
   } else if (tib->layered) {
      /* A layer of a 2D array: the coordinate register's low half is the
       * layer (sr2, the layer this run is for).  Fact: alexvorxx/
       * Mesa-VirGL src/asahi/compiler/agx_compile.c,
       * agx_emit_block_image_store (and agx_bg_eot.c's load_layer_id). */
      dim = "tex_2d_array";
      coords = "r2l_r2h_r3l_r3h_r4l";
      emit(t, "get_sr r2, sr2\n");
   }
   emit(t, "mov_imm r0l, %u\n", tib->offset_B[rt]);
   emit(t, "image_write_block r0l, %s, 0, ts%u, %s, rte, %s, 0, 9, 1\n", coords,
        rt, dim, agx_mem_format_names[format]);
   unsigned used = tib->layered ? 10 : 4;
   if (*nr_gprs < used)
      *nr_gprs = used;
}

int
agx_build_bg_eot(const struct agx_bg_eot_key *key, void *mem_ctx,
                 struct agx_bg_eot_program *out, char *err, size_t err_size)
{
   const struct agx_tilebuffer_layout *tib = &key->tib;
   char text[4096];
   struct asm_text t = {text, 0, sizeof(text), false};
   text[0] = '\0';

   memset(out, 0, sizeof(*out));

   for (unsigned rt = 0; rt < tib->nr_cbufs; ++rt) {
      if (key->op[rt] == AGX_BG_EOT_NONE || !agx_tilebuffer_has_rt(tib, rt))
         continue;

      switch (key->op[rt]) {
      case AGX_BG_CLEAR:
         emit_clear(&t, tib, rt, &out->nr_gprs);
         if (agx_bg_clear_uniform(rt) + 8 > out->nr_uniforms)
            out->nr_uniforms = agx_bg_clear_uniform(rt) + 8;
         break;
      case AGX_BG_LOAD:
         emit_load(&t, tib, rt, &out->nr_gprs);
         out->uses_sampler = true;
         if (2 * rt + 1 > out->nr_textures)
            out->nr_textures = 2 * rt + 1;
         break;
      case AGX_BG_RESOLVE:
         if ((key->resolve_samples[rt] != 2 &&
              key->resolve_samples[rt] != 4) ||
             !agx_bg_can_resolve(tib->logical_format[rt])) {
            snprintf(err, err_size, "render target %u: cannot resolve", rt);
            return AGX_ISA_ERR_OPERAND;
         }
         emit_resolve(&t, tib, rt, key->resolve_samples[rt], &out->nr_gprs);
         out->uses_sampler = true;
         if (2 * rt + 1 > out->nr_textures)
            out->nr_textures = 2 * rt + 1;
         break;
      case AGX_EOT_STORE:
         emit_store(&t, tib, rt, &out->nr_gprs);
         if (rt + 1 > out->nr_textures)
            out->nr_textures = rt + 1;
         break;
      default:
         snprintf(err, err_size, "render target %u: unsupported op %u", rt,
                  key->op[rt]);
         return AGX_ISA_ERR_OPERAND;
      }
   }
   emit(&t, "stop\n");

   if (t.overflow) {
      snprintf(err, err_size, "program text too long");
      return AGX_ISA_ERR_NOSPACE;
   }

   /* The hardware needs at least one register group. */
   if (out->nr_gprs == 0)
      out->nr_gprs = 8;

   int ret =
      agx_isa_assemble(text, mem_ctx, &out->code, &out->size_B, err, err_size);
   if (ret != AGX_ISA_OK)
      return ret;

   out->source = ralloc_strdup(mem_ctx, text);
   return 0;
}

/* An integer clear value as the channel ch can hold it: clamped to the
 * channel's signed or unsigned range (32-bit and absent channels keep it
 * as it is). */
static uint32_t
clamp_to_channel(const struct util_format_channel_description *ch,
                 uint32_t v)
{
   unsigned bits = ch->size;
   if (bits == 0 || bits >= 32)
      return v;
   if (ch->type == UTIL_FORMAT_TYPE_SIGNED) {
      int32_t lo = -(1 << (bits - 1)), hi = (1 << (bits - 1)) - 1;
      int32_t sv = (int32_t)v;
      return (uint32_t)(sv < lo ? lo : sv > hi ? hi : sv);
   }
   uint32_t hi = (1u << bits) - 1;
   return v > hi ? hi : v;
}

void
agx_pack_clear_colour(const struct agx_tilebuffer_layout *tib, unsigned rt,
                      const uint32_t colour[4], uint32_t out[4])
{
   enum pipe_format format = tib->logical_format[rt];
   const struct agx_format_info *info = agx_format_info(format);
   const struct util_format_description *desc = util_format_description(format);
   bool is16 = info && agx_tib_format_is_16bit(info->tib_format);
   bool integer = util_format_is_pure_integer(format);
   uint32_t values[4];

   /* The tilebuffer holds channels in memory order: memory channel c
    * takes the logical component whose format swizzle names c; channels
    * no component names (X in RGBX) get 1.
    */
   for (unsigned c = 0; c < 4; ++c) {
      values[c] = integer ? 1 : 0x3f800000; /* 1 or 1.0f */
      for (unsigned k = 0; desc && k < 4; ++k) {
         if (desc->swizzle[k] == c) {
            values[c] = colour[k];
            break;
         }
      }
   }

   /* Integer buffers take the clear value clamped to what the channel
    * holds (the tile store keeps only a channel's low bits): a signed
    * 0x7fffffff clears R8I to 127, not -1.  Mesa's util_format packing
    * clamps the same way; piglit's arb_texture_view-rendering-formats
    * expects it of its clears. */
   for (unsigned c = 0; integer && desc && c < 4; ++c)
      values[c] = clamp_to_channel(&desc->channel[c], values[c]);

   /* A unorm format in an f16 tilebuffer (5-6-5, 5-5-5-1, 4-4-4-4) holds
    * the clear colour clamped to [0, 1], as a fixed-point buffer does (GL
    * 4.6 section 17.4.3.1). */
   bool clamp01 = is16 && info->type == AGX_TEXTURE_TYPE_UNORM;

   memset(out, 0, 16);
   if (is16) {
      uint16_t *h = (uint16_t *)out;
      for (unsigned c = 0; c < 4; ++c) {
         if (integer) {
            h[c] = (uint16_t)values[c];
         } else {
            float f;
            memcpy(&f, &values[c], 4);
            if (clamp01)
               f = f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
            h[c] = util_float_to_half(f);
         }
      }
   } else {
      memcpy(out, values, 16);
   }
}
