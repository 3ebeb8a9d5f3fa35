/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * drm_asahi command buffers (include/drm-uapi/asahi_drm.h): the flat
 * header + payload records a SUBMIT carries, with render and compute
 * commands decoded down to their control streams and programs
 * (torvalds/linux include/uapi/drm/asahi_drm.h).
 */
#include <string.h>

#include "drm-uapi/asahi_drm.h"
#include "decode_private.h"

/* Far above the kernel's 64 hardware commands: only bounds the walk. */
#define MAX_RECORDS 4096
#define MAX_HEAP_SAMPLERS 1024

static const char *
cmd_type_name(unsigned type)
{
   switch (type) {
   case DRM_ASAHI_CMD_RENDER:
      return "RENDER";
   case DRM_ASAHI_CMD_COMPUTE:
      return "COMPUTE";
   case DRM_ASAHI_SET_VERTEX_ATTACHMENTS:
      return "SET_VERTEX_ATTACHMENTS";
   case DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS:
      return "SET_FRAGMENT_ATTACHMENTS";
   case DRM_ASAHI_SET_COMPUTE_ATTACHMENTS:
      return "SET_COMPUTE_ATTACHMENTS";
   default:
      return NULL;
   }
}

static void
print_barrier(FILE *fp, const char *name, unsigned b)
{
   if (b == DRM_ASAHI_BARRIER_NONE)
      fprintf(fp, " %s=none", name);
   else
      fprintf(fp, " %s=%u", name, b);
}

static void
bg_eot(struct agxdecode_ctx *ctx, const char *name,
       const struct drm_asahi_bg_eot *p)
{
   uint32_t counts = p->rsrc_spec;
   struct AGX_COUNTS c;
   fprintf(ctx->fp, "  %s: usc 0x%08x (tag 0x%x), rsrc_spec 0x%08x\n", name,
           p->usc, p->usc & 0x3f, p->rsrc_spec);
   if (!p->usc)
      return;
   AGX_COUNTS_unpack(NULL, &counts, &c);
   AGX_COUNTS_print(ctx->fp, &c, 4);
   agxdecode_usc_list(ctx, agxdecode_usc_address(ctx, p->usc & ~0x3fu),
                      c.sampler_states, 4);
}

static void
sampler_heap(struct agxdecode_ctx *ctx, uint64_t heap, unsigned count)
{
   if (!heap || !count)
      return;
   if (count > MAX_HEAP_SAMPLERS) {
      agxdecode_error(ctx, heap, "sampler heap of %u entries; showing %u",
                      count, MAX_HEAP_SAMPLERS);
      count = MAX_HEAP_SAMPLERS;
   }
   for (unsigned i = 0; i < count; i++) {
      uint8_t d[AGX_SAMPLER_LENGTH];
      uint64_t va = heap + (uint64_t)i * AGX_SAMPLER_LENGTH;
      static const uint8_t zero[AGX_SAMPLER_LENGTH];
      if (!agxdecode_read_all(ctx, va, d, sizeof(d), "sampler heap"))
         return;
      if (!memcmp(d, zero, sizeof(d)))
         continue;
      char title[32];
      snprintf(title, sizeof(title), "Heap sampler %u", i);
      AGXDECODE_PRINT(ctx, SAMPLER, d, va, title, 2);
   }
}

static void
helper(FILE *fp, const char *name, const struct drm_asahi_helper_program *h)
{
   fprintf(fp, "  %s: binary 0x%08x cfg 0x%08x data 0x%010" PRIx64 "\n", name,
           h->binary, h->cfg, (uint64_t)h->data);
}

static void
zls_buffer(FILE *fp, const char *name, const struct drm_asahi_zls_buffer *z)
{
   fprintf(fp,
           "  %s: base 0x%010" PRIx64 " comp_base 0x%010" PRIx64
           " stride %u comp_stride %u\n",
           name, (uint64_t)z->base, (uint64_t)z->comp_base, z->stride,
           z->comp_stride);
}

static void
render(struct agxdecode_ctx *ctx, const struct drm_asahi_cmd_render *r)
{
   FILE *fp = ctx->fp;
   fprintf(
      fp, "  flags 0x%x%s%s%s%s\n", r->flags,
      r->flags & DRM_ASAHI_RENDER_VERTEX_SCRATCH ? " VERTEX_SCRATCH" : "",
      r->flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES ? " PROCESS_EMPTY_TILES"
                                                      : "",
      r->flags & DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING ? " NO_VERTEX_CLUSTERING"
                                                       : "",
      r->flags & DRM_ASAHI_RENDER_DBIAS_IS_INT ? " DBIAS_IS_INT" : "");
   fprintf(fp,
           "  framebuffer %ux%u, %u layers, %u samples, %u B/sample, "
           "tile %ux%u\n",
           r->width_px, r->height_px, r->layers, r->samples, r->sample_size_B,
           r->utile_width_px, r->utile_height_px);
   fprintf(fp, "  isp_zls_pixels 0x%08x (%u x %u)\n", r->isp_zls_pixels,
           (r->isp_zls_pixels & 0x7fff) + 1,
           ((r->isp_zls_pixels >> 15) & 0x7fff) + 1);
   fprintf(fp, "  ppp_ctrl 0x%08x ppp_multisamplectl 0x%" PRIx64 "\n",
           r->ppp_ctrl, (uint64_t)r->ppp_multisamplectl);
   fprintf(fp, "  isp_merge_upper x 0x%08x y 0x%08x\n", r->isp_merge_upper_x,
           r->isp_merge_upper_y);
   fprintf(fp, "  isp_bgobjdepth 0x%08x isp_bgobjvals 0x%08x\n",
           r->isp_bgobjdepth, r->isp_bgobjvals);
   fprintf(fp,
           "  scissors 0x%010" PRIx64 " depth bias 0x%010" PRIx64
           " occlusion 0x%010" PRIx64 "\n",
           (uint64_t)r->isp_scissor_base, (uint64_t)r->isp_dbias_base,
           (uint64_t)r->isp_oclqry_base);
   helper(fp, "vertex helper", &r->vertex_helper);
   helper(fp, "fragment helper", &r->fragment_helper);
   zls_buffer(fp, "depth", &r->depth);
   zls_buffer(fp, "stencil", &r->stencil);

   uint64_t zls = r->zls_ctrl;
   AGXDECODE_PRINT(ctx, ZLS_CONTROL, &zls, AGXDECODE_NO_VA,
                   "ZLS control (zls_ctrl)", 2);

   fprintf(fp, "  sampler heap 0x%010" PRIx64 " (%u samplers)\n",
           (uint64_t)r->sampler_heap, r->sampler_count);
   sampler_heap(ctx, r->sampler_heap, r->sampler_count);

   bg_eot(ctx, "background", &r->bg);
   bg_eot(ctx, "end of tile", &r->eot);
   bg_eot(ctx, "partial background", &r->partial_bg);
   bg_eot(ctx, "partial end of tile", &r->partial_eot);

   agxdecode_vdm(ctx, r->vdm_ctrl_stream_base);
}

static void
compute(struct agxdecode_ctx *ctx, const struct drm_asahi_cmd_compute *c)
{
   FILE *fp = ctx->fp;
   fprintf(fp, "  flags 0x%x\n", c->flags);
   if (c->flags)
      agxdecode_error(ctx, AGXDECODE_NO_VA, "compute flags must be zero");
   fprintf(fp, "  cdm stream 0x%010" PRIx64 " .. 0x%010" PRIx64 "\n",
           (uint64_t)c->cdm_ctrl_stream_base, (uint64_t)c->cdm_ctrl_stream_end);
   helper(fp, "helper", &c->helper);
   fprintf(fp, "  sampler heap 0x%010" PRIx64 " (%u samplers)\n",
           (uint64_t)c->sampler_heap, c->sampler_count);
   sampler_heap(ctx, c->sampler_heap, c->sampler_count);
   agxdecode_cdm(ctx, c->cdm_ctrl_stream_base);
}

static void
attachments(struct agxdecode_ctx *ctx, const uint8_t *payload, size_t size)
{
   if (size % sizeof(struct drm_asahi_attachment)) {
      agxdecode_error(ctx, AGXDECODE_NO_VA,
                      "attachment payload of %zu bytes is not a multiple "
                      "of %zu",
                      size, sizeof(struct drm_asahi_attachment));
   }
   for (size_t i = 0; i + sizeof(struct drm_asahi_attachment) <= size;
        i += sizeof(struct drm_asahi_attachment)) {
      struct drm_asahi_attachment a;
      memcpy(&a, payload + i, sizeof(a));
      fprintf(ctx->fp, "  attachment 0x%010" PRIx64 " size 0x%" PRIx64 "\n",
              (uint64_t)a.pointer, (uint64_t)a.size);
      if (a.pad || a.flags)
         agxdecode_error(ctx, a.pointer, "attachment pad/flags must be 0");
   }
}

unsigned
agxdecode_drm_cmdbuf(struct agxdecode_ctx *ctx, const void *cmdbuf,
                     size_t size_B)
{
   const uint8_t *base = cmdbuf;
   unsigned before = ctx->errors;
   unsigned hw_commands = 0;
   size_t offs = 0;

   fprintf(ctx->fp, "drm_asahi command buffer, %zu bytes\n", size_B);
   for (unsigned n = 0; offs < size_B; n++) {
      struct drm_asahi_cmd_header h;
      if (n == MAX_RECORDS) {
         agxdecode_error(ctx, AGXDECODE_NO_VA, "more than %u records; stopping",
                         MAX_RECORDS);
         break;
      }
      if (size_B - offs < sizeof(h)) {
         agxdecode_error(ctx, AGXDECODE_NO_VA,
                         "cmdbuf offset %zu: truncated header", offs);
         break;
      }
      memcpy(&h, base + offs, sizeof(h));
      offs += sizeof(h);

      const char *name = cmd_type_name(h.cmd_type);
      fprintf(ctx->fp,
              "\nrecord %u at cmdbuf offset %zu: %s (type %u), %u "
              "payload bytes,",
              n, offs - sizeof(h), name ? name : "unknown", h.cmd_type, h.size);
      print_barrier(ctx->fp, "vdm_barrier", h.vdm_barrier);
      print_barrier(ctx->fp, "cdm_barrier", h.cdm_barrier);
      fputc('\n', ctx->fp);

      if (h.size > size_B - offs) {
         agxdecode_error(ctx, AGXDECODE_NO_VA,
                         "cmdbuf offset %zu: payload of %u bytes runs past "
                         "the end (%zu left)",
                         offs, h.size, size_B - offs);
         break;
      }
      const uint8_t *payload = base + offs;
      offs += h.size;

      switch (h.cmd_type) {
      case DRM_ASAHI_CMD_RENDER: {
         /* Shorter payloads read as zero past their end. */
         struct drm_asahi_cmd_render r = {0};
         memcpy(&r, payload, h.size < sizeof(r) ? h.size : sizeof(r));
         hw_commands++;
         render(ctx, &r);
         break;
      }
      case DRM_ASAHI_CMD_COMPUTE: {
         struct drm_asahi_cmd_compute c = {0};
         memcpy(&c, payload, h.size < sizeof(c) ? h.size : sizeof(c));
         hw_commands++;
         compute(ctx, &c);
         break;
      }
      case DRM_ASAHI_SET_VERTEX_ATTACHMENTS:
      case DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS:
      case DRM_ASAHI_SET_COMPUTE_ATTACHMENTS:
         if (h.vdm_barrier != DRM_ASAHI_BARRIER_NONE ||
             h.cdm_barrier != DRM_ASAHI_BARRIER_NONE) {
            agxdecode_error(ctx, AGXDECODE_NO_VA,
                            "attachment record with barriers other than "
                            "none (the kernel rejects this)");
         }
         attachments(ctx, payload, h.size);
         break;
      default:
         agxdecode_error(ctx, AGXDECODE_NO_VA,
                         "cmdbuf offset %zu: unknown command type %u",
                         offs - h.size - sizeof(h), h.cmd_type);
         break;
      }
   }

   if (hw_commands == 0)
      agxdecode_error(ctx, AGXDECODE_NO_VA,
                      "no render or compute command in cmdbuf");
   else if (hw_commands > 64)
      agxdecode_error(ctx, AGXDECODE_NO_VA,
                      "%u hardware commands; the kernel takes 64", hw_commands);
   return ctx->errors - before;
}
