/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * See stream_builder.h.  The packet sequences follow what the driver emits
 * (alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c for a
 * draw and a compute launch).
 */
#include "stream_builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drm-uapi/asahi_drm.h"
#include "agx_pack.h"
#include "asahi/lib/decode_dump.h"

void
sb_init(struct sb_image *img)
{
   memset(img, 0, sizeof(*img));
   img->stream.va = SB_STREAM_VA;
   img->usc.va = SB_USC_BASE;
   img->data.va = SB_DATA_VA;
   /* Keep USC offset 0 unused so a zero pointer is visibly wrong. */
   img->usc.used = 64;
}

void *
sb_alloc(struct sb_region *r, size_t size, size_t align, uint64_t *va)
{
   size_t offs = (r->used + align - 1) & ~(align - 1);
   if (offs + size > sizeof(r->bytes)) {
      fprintf(stderr, "stream_builder: region 0x%llx full\n",
              (unsigned long long)r->va);
      abort(); /* test-only code: a bug in the test itself */
   }
   r->used = offs + size;
   *va = r->va + offs;
   return r->bytes + offs;
}

static uint64_t
vs_pipeline(struct sb_image *img)
{
   uint64_t code_va, tex_va, uni_va, list_va;
   uint8_t *code = sb_alloc(&img->usc, 16, 16, &code_va);
   memset(code, 0xab, 16); /* stand-in for instructions */

   uint8_t *tex = sb_alloc(&img->data, AGX_TEXTURE_LENGTH, 16, &tex_va);
   agx_pack(tex, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_TWIDDLED;
      cfg.channels = AGX_CHANNELS_R8G8B8A8;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = 64;
      cfg.height = 32;
      cfg.address = SB_DATA_VA + 0x1000;
   }
   uint8_t *uni = sb_alloc(&img->data, 16, 4, &uni_va);
   for (unsigned i = 0; i < 16; i++)
      uni[i] = (uint8_t)i;

   uint8_t *l = sb_alloc(&img->usc, 64, 64, &list_va);
   agx_pack(l, USC_TEXTURE, cfg) {
      cfg.start = 0;
      cfg.count = 1;
      cfg.buffer = tex_va;
   }
   agx_pack(l + 8, USC_UNIFORM, cfg) {
      cfg.start = 0;
      cfg.size = 8;
      cfg.buffer = uni_va;
   }
   agx_pack(l + 16, USC_SHADER, cfg) {
      cfg.code = code_va - SB_USC_BASE;
   }
   agx_pack(l + 22, USC_REGISTERS, cfg) {
      cfg.gprs = 16;
   }
   agx_pack(l + 26, USC_NO_PRESHADER, cfg) {
   }
   return list_va - SB_USC_BASE;
}

static uint64_t
fs_pipeline(struct sb_image *img)
{
   uint64_t code_va, pre_va, samp_va, list_va;
   uint8_t *code = sb_alloc(&img->usc, 8, 16, &code_va);
   memset(code, 0xcd, 8);
   /* A real program for disassemblers: "stop" is 88 00 (applegpu). */
   code[0] = 0x88;
   code[1] = 0x00;
   uint8_t *pre = sb_alloc(&img->usc, 8, 16, &pre_va);
   memset(pre, 0xef, 8);

   uint8_t *samp = sb_alloc(&img->data, AGX_SAMPLER_LENGTH, 8, &samp_va);
   agx_pack(samp, SAMPLER, cfg) {
      cfg.mag_filter = AGX_FILTER_LINEAR;
      cfg.min_filter = AGX_FILTER_LINEAR;
      cfg.wrap_s = AGX_WRAP_REPEAT;
   }

   uint8_t *l = sb_alloc(&img->usc, 64, 64, &list_va);
   agx_pack(l, USC_SAMPLER, cfg) {
      cfg.count = 1;
      cfg.buffer = samp_va;
   }
   agx_pack(l + 8, USC_SHARED, cfg) {
      cfg.uses_shared_memory = true;
      cfg.layout = AGX_SHARED_LAYOUT_32X32;
      cfg.sample_stride_8b = 1;
   }
   agx_pack(l + 12, USC_SHADER, cfg) {
      cfg.code = code_va - SB_USC_BASE;
      cfg.loads_varyings = true;
   }
   agx_pack(l + 18, USC_REGISTERS, cfg) {
      cfg.gprs = 8;
   }
   agx_pack(l + 22, USC_FRAGMENT_PROPERTIES, cfg) {
      cfg.early_z = true;
   }
   agx_pack(l + 26, USC_PRESHADER, cfg) {
      cfg.code = pre_va - SB_USC_BASE;
   }
   return list_va - SB_USC_BASE;
}

static uint64_t
ppp_update(struct sb_image *img, uint32_t *size_words)
{
   uint64_t cf_va, va;
   uint8_t *cf = sb_alloc(&img->usc, 12, 4, &cf_va);
   agx_pack(cf, CF_BINDING_HEADER, cfg) {
      cfg.slots = 4;
      cfg.coefficient_registers = 8;
   }
   agx_pack(cf + 4, CF_BINDING, cfg) {
      cfg.components = 4;
      cfg.shade_model = AGX_SHADE_MODEL_PERSPECTIVE;
      cfg.source = AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z;
   }
   agx_pack(cf + 8, CF_BINDING, cfg) {
      cfg.components = 2;
      cfg.shade_model = AGX_SHADE_MODEL_LINEAR;
      cfg.base_slot = 1;
      cfg.base_cf = 4;
   }

   /* header + fragment control + cull + 4 fragment shader words + output
    * size = 8 words */
   uint8_t *p = sb_alloc(&img->data, 32, 64, &va);
   agx_pack(p, PPP_HEADER, cfg) {
      cfg.fragment_control = true;
      cfg.cull = true;
      cfg.fragment_shader = true;
      cfg.output_size = true;
   }
   agx_pack(p + 4, FRAGMENT_CONTROL, cfg) {
      cfg.visibility_mode = AGX_VISIBILITY_MODE_NONE;
      cfg.pass_type = AGX_PASS_TYPE_OPAQUE;
   }
   agx_pack(p + 8, CULL, cfg) {
      cfg.cull_back = true;
      cfg.flat_shading_vertex = AGX_PPP_VERTEX_0;
      cfg.depth_clip = true;
   }
   agx_pack(p + 12, FRAGMENT_SHADER_WORD_0, cfg) {
      cfg.uniforms = 64;
      cfg.texture_states = 8;
      cfg.sampler_states = AGX_SAMPLER_STATES_4_COMPACT;
      cfg.cf_bindings = 2;
   }
   agx_pack(p + 16, FRAGMENT_SHADER_WORD_1, cfg) {
      cfg.pipeline = fs_pipeline(img);
   }
   agx_pack(p + 20, FRAGMENT_SHADER_WORD_2, cfg) {
      cfg.cf_bindings = cf_va - SB_USC_BASE;
   }
   agx_pack(p + 24, FRAGMENT_SHADER_WORD_3, cfg) {
   }
   agx_pack(p + 28, OUTPUT_SIZE, cfg) {
      cfg.count = 8;
   }
   *size_words = 8;
   return va;
}

uint64_t
sb_build_draw(struct sb_image *img)
{
   uint64_t start, va;
   uint32_t ppp_words;
   uint64_t ppp_va = ppp_update(img, &ppp_words);
   uint64_t vs = vs_pipeline(img);

   uint8_t *s = sb_alloc(&img->stream, 4, 8, &start);
   agx_pack(s, VDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
   s = sb_alloc(&img->stream, 8, 4, &va);
   agx_pack(s, PPP_STATE, cfg) {
      cfg.pointer_hi = ppp_va >> 32;
      cfg.pointer_lo = (uint32_t)ppp_va;
      cfg.size_words = ppp_words;
   }
   /* VDM state: header + 4 words + padding to 8 bytes */
   s = sb_alloc(&img->stream, 24, 4, &va);
   agx_pack(s, VDM_STATE, cfg) {
      cfg.vs_word_0_present = true;
      cfg.vs_word_1_present = true;
      cfg.vertex_outputs_present = true;
      cfg.vertex_unknown_present = true;
   }
   agx_pack(s + 4, VDM_STATE_VS_WORD_0, cfg) {
      cfg.uniforms = 64;
      cfg.texture_states = 8;
   }
   agx_pack(s + 8, VDM_STATE_VS_WORD_1, cfg) {
      cfg.pipeline = vs;
   }
   agx_pack(s + 12, VDM_STATE_VERTEX_OUTPUTS, cfg) {
      cfg.output_count_1 = 8;
      cfg.output_count_2 = 8;
   }
   agx_pack(s + 16, VDM_STATE_VERTEX_UNKNOWN, cfg) {
      cfg.flat_shading_vertex = AGX_VDM_VERTEX_0;
   }
   /* Index list: non-indexed triangles, 3 vertices, 1 instance, start 0 */
   s = sb_alloc(&img->stream, 16, 4, &va);
   agx_pack(s, INDEX_LIST, cfg) {
      cfg.primitive = AGX_PRIMITIVE_TRIANGLES;
      cfg.index_count_present = true;
      cfg.instance_count_present = true;
      cfg.start_present = true;
   }
   agx_pack(s + 4, INDEX_LIST_COUNT, cfg) {
      cfg.count = 3;
   }
   agx_pack(s + 8, INDEX_LIST_INSTANCES, cfg) {
      cfg.count = 1;
   }
   agx_pack(s + 12, INDEX_LIST_START, cfg) {
      cfg.start = 0;
   }
   s = sb_alloc(&img->stream, AGX_VDM_STREAM_TERMINATE_LENGTH, 4, &va);
   agx_pack(s, VDM_STREAM_TERMINATE, cfg) {
   }
   return start;
}

static uint8_t *
link(struct sb_region *r, uint64_t *va, uint64_t target, bool call)
{
   uint8_t *s = sb_alloc(r, 8, 4, va);
   agx_pack(s, VDM_STREAM_LINK, cfg) {
      cfg.target_hi = target >> 32;
      cfg.target_lo = (uint32_t)target;
      cfg.with_return = call;
   }
   return s;
}

uint64_t
sb_build_link_chain(struct sb_image *img)
{
   /* A: barrier, jump B.  B: call C, terminate.  C: barrier-with-return. */
   uint64_t a, b, c, va;
   uint8_t *s;

   s = sb_alloc(&img->stream, 4, 64, &c);
   agx_pack(s, VDM_BARRIER, cfg) {
      cfg.returns = true;
   }
   link(&img->stream, &b, c, true);
   s = sb_alloc(&img->stream, AGX_VDM_STREAM_TERMINATE_LENGTH, 4, &va);
   agx_pack(s, VDM_STREAM_TERMINATE, cfg) {
   }
   s = sb_alloc(&img->stream, 4, 64, &a);
   agx_pack(s, VDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
   link(&img->stream, &va, b, false);
   return a;
}

uint64_t
sb_build_compute(struct sb_image *img)
{
   uint64_t code_va, list_va, start, va;
   uint8_t *code = sb_alloc(&img->usc, 8, 16, &code_va);
   memset(code, 0x42, 8);
   uint8_t *l = sb_alloc(&img->usc, 64, 64, &list_va);
   agx_pack(l, USC_SHARED, cfg) {
      cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
   }
   agx_pack(l + 4, USC_SHADER, cfg) {
      cfg.code = code_va - SB_USC_BASE;
   }
   agx_pack(l + 10, USC_REGISTERS, cfg) {
      cfg.gprs = 32;
   }
   agx_pack(l + 14, USC_NO_PRESHADER, cfg) {
   }

   uint8_t *s = sb_alloc(&img->stream, 4, 64, &start);
   agx_pack(s, CDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
   s = sb_alloc(&img->stream, 32, 4, &va);
   agx_pack(s, CDM_LAUNCH_WORD_0, cfg) {
      cfg.mode = AGX_CDM_MODE_DIRECT;
   }
   agx_pack(s + 4, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = list_va - SB_USC_BASE;
   }
   agx_pack(s + 8, CDM_GLOBAL_SIZE, cfg) {
      cfg.x = 64;
      cfg.y = 1;
      cfg.z = 1;
   }
   agx_pack(s + 20, CDM_LOCAL_SIZE, cfg) {
      cfg.x = 32;
      cfg.y = 1;
      cfg.z = 1;
   }
   s = sb_alloc(&img->stream, AGX_CDM_STREAM_TERMINATE_LENGTH, 4, &va);
   agx_pack(s, CDM_STREAM_TERMINATE, cfg) {
   }
   return start;
}

static void *
cmd(struct sb_image *img, unsigned type, size_t size, unsigned vdm_barrier,
    unsigned cdm_barrier)
{
   struct drm_asahi_cmd_header h = {
      .cmd_type = type,
      .size = size,
      .vdm_barrier = vdm_barrier,
      .cdm_barrier = cdm_barrier,
   };
   if (img->cmdbuf_size + sizeof(h) + size > sizeof(img->cmdbuf))
      abort(); /* test-only code */
   memcpy(img->cmdbuf + img->cmdbuf_size, &h, sizeof(h));
   void *payload = img->cmdbuf + img->cmdbuf_size + sizeof(h);
   img->cmdbuf_size += sizeof(h) + size;
   return payload;
}

void
sb_cmd_render(struct sb_image *img, uint64_t vdm)
{
   struct drm_asahi_cmd_render r = {
      .flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES,
      .vdm_ctrl_stream_base = vdm,
      .width_px = 64,
      .height_px = 32,
      .layers = 1,
      .samples = 1,
      .utile_width_px = 32,
      .utile_height_px = 32,
      .sample_size_B = 4,
      .ppp_ctrl = 0x202,
      .isp_zls_pixels = 63 | 31 << 15,
   };
   uint32_t counts;
   agx_pack(&counts, COUNTS, cfg) {
      cfg.uniforms = 64;
   }
   r.bg.rsrc_spec = r.eot.rsrc_spec = counts;
   uint64_t zls;
   agx_pack(&zls, ZLS_CONTROL, cfg) {
      cfg.z_store_enable = true;
      cfg.z_format = AGX_ZLS_FORMAT_32F;
   }
   r.zls_ctrl = zls;
   memcpy(cmd(img, DRM_ASAHI_CMD_RENDER, sizeof(r), 0, 0), &r, sizeof(r));
}

void
sb_cmd_compute(struct sb_image *img, uint64_t cdm)
{
   struct drm_asahi_cmd_compute c = {
      .cdm_ctrl_stream_base = cdm,
      .cdm_ctrl_stream_end = cdm + 64,
   };
   memcpy(cmd(img, DRM_ASAHI_CMD_COMPUTE, sizeof(c), 0, 0), &c, sizeof(c));
}

void
sb_cmd_attachments(struct sb_image *img, uint64_t va, uint64_t size)
{
   struct drm_asahi_attachment a = {.pointer = va, .size = size};
   memcpy(cmd(img, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, sizeof(a),
              DRM_ASAHI_BARRIER_NONE, DRM_ASAHI_BARRIER_NONE),
          &a, sizeof(a));
}

bool
sb_write_dump(const struct sb_image *img, uint8_t **data, size_t *size)
{
   char *buf = NULL;
   size_t len = 0;
   FILE *fp = open_memstream(&buf, &len);
   if (!fp)
      return false;
   struct agx_dump_writer w;
   const struct sb_region *regions[] = {&img->stream, &img->usc, &img->data};
   bool ok = agx_dump_writer_begin(&w, fp, SB_USC_BASE);
   for (unsigned i = 0; i < 3; i++) {
      /* Only the used part, rounded up to 64 bytes, keeps dumps small. */
      size_t used = (regions[i]->used + 63) & ~(size_t)63;
      ok = ok && agx_dump_writer_add_region(
                    &w, regions[i]->va, regions[i]->bytes, used,
                    i == 1 ? AGX_DUMP_REGION_SHADER : 0);
   }
   ok = ok &&
        agx_dump_writer_finish(&w,
                               img->cmdbuf_size ? AGX_DUMP_SUBMISSION_DRM_ASAHI
                                                : AGX_DUMP_SUBMISSION_NONE,
                               img->cmdbuf, img->cmdbuf_size);
   fclose(fp);
   if (!ok) {
      free(buf);
      return false;
   }
   *data = (uint8_t *)buf;
   *size = len;
   return true;
}
