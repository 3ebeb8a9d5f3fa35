/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Writing VDM (vertex data master) control streams: barriers, PPP state
 * pointers, vertex shader state, draws and the terminator.  Each helper
 * writes at *out and advances it.  The caller reserves space.
 *
 * Facts: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c
 * (agx_batch_init_state, agx_encode_state, agx_draw_vbo): packet
 * sequences, the padding of the vertex shader state to 8 bytes.
 */
#ifndef AGX_VDM_H
#define AGX_VDM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "agx_pack.h"

/* Bytes a draw's packets can take (state + index list). */
#define AGX_VDM_DRAW_MAX_B                                                     \
   (AGX_VDM_STATE_LENGTH + AGX_VDM_STATE_RESTART_INDEX_LENGTH +                \
    AGX_INDEX_LIST_LENGTH + AGX_INDEX_LIST_BUFFER_LO_LENGTH +                  \
    AGX_INDEX_LIST_COUNT_LENGTH + AGX_INDEX_LIST_INSTANCES_LENGTH +            \
    AGX_INDEX_LIST_START_LENGTH + AGX_INDEX_LIST_BUFFER_SIZE_LENGTH)

#define AGX_VDM_VS_STATE_B                                                     \
   (AGX_VDM_STATE_LENGTH + AGX_VDM_STATE_VS_WORD_0_LENGTH +                    \
    AGX_VDM_STATE_VS_WORD_1_LENGTH + AGX_VDM_STATE_VERTEX_OUTPUTS_LENGTH +     \
    AGX_VDM_STATE_VERTEX_UNKNOWN_LENGTH + 4)

static inline void
agx_vdm_barrier(uint8_t **out)
{
   agx_pack(*out, VDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
   *out += AGX_VDM_BARRIER_LENGTH;
}

/* Point at a PPP update of size_B bytes at GPU address va. */
static inline void
agx_vdm_ppp_state(uint8_t **out, uint64_t va, uint32_t size_B)
{
   agx_pack(*out, PPP_STATE, cfg) {
      cfg.pointer_hi = va >> 32;
      cfg.pointer_lo = (uint32_t)va;
      cfg.size_words = size_B / 4;
   }
   *out += AGX_PPP_STATE_LENGTH;
}

struct agx_vdm_vs_state {
   uint32_t counts;       /* packed VDM State VS Word 0 */
   uint32_t pipeline;     /* USC word list, offset from usc_exec_base */
   unsigned output_count; /* UVS words */
   bool flat_first;       /* provoking vertex is the first */
   bool rasterizer_discard;
};

static inline void
agx_vdm_vs(uint8_t **out, const struct agx_vdm_vs_state *s)
{
   uint8_t *p = *out;
   agx_pack(p, VDM_STATE, cfg) {
      cfg.vs_word_0_present = true;
      cfg.vs_word_1_present = true;
      cfg.vertex_outputs_present = true;
      cfg.vertex_unknown_present = true;
   }
   p += AGX_VDM_STATE_LENGTH;
   memcpy(p, &s->counts, 4);
   p += AGX_VDM_STATE_VS_WORD_0_LENGTH;
   agx_pack(p, VDM_STATE_VS_WORD_1, cfg) {
      cfg.pipeline = s->pipeline;
   }
   p += AGX_VDM_STATE_VS_WORD_1_LENGTH;
   agx_pack(p, VDM_STATE_VERTEX_OUTPUTS, cfg) {
      cfg.output_count_1 = s->output_count;
      cfg.output_count_2 = s->output_count;
   }
   p += AGX_VDM_STATE_VERTEX_OUTPUTS_LENGTH;
   agx_pack(p, VDM_STATE_VERTEX_UNKNOWN, cfg) {
      cfg.flat_shading_vertex =
         s->flat_first ? AGX_VDM_VERTEX_0 : AGX_VDM_VERTEX_2;
      cfg.unknown_4 = s->rasterizer_discard;
      cfg.unknown_5 = s->rasterizer_discard;
   }
   p += AGX_VDM_STATE_VERTEX_UNKNOWN_LENGTH;
   /* pad to 8 bytes */
   memset(p, 0, 4);
   p += 4;
   *out = p;
}

struct agx_vdm_draw {
   enum agx_primitive primitive;
   uint32_t count, instances;
   /* Non-indexed: first vertex.  Indexed: the index bias. */
   uint32_t start;
   /* Indexed draws: index size in bytes (1, 2, 4; 0 = not indexed), the
    * GPU address of the first index and the bytes readable from there.
    */
   unsigned index_size_B;
   uint64_t index_va;
   uint32_t index_extent_B;
   bool restart;
   uint32_t restart_index;
   /* Non-zero: an indirect draw, whose count, instances and start (and,
    * indexed, first index) the hardware reads at this GPU address in the
    * GL/Vulkan indirect command layouts instead of count/instances/start.
    * Fact: alexvorxx/Mesa-VirGL src/asahi/vulkan/hk_cmd_draw.c (the
    * Index List words of the indirect draws). */
   uint64_t indirect_va;
};

/* The Index List header word of a draw (packed with genxml).  Callers
 * drawing repeatedly with the same primitive and index setup may pack it
 * once and use agx_vdm_draw_packed.
 */
static inline uint32_t
agx_vdm_draw_header(const struct agx_vdm_draw *d)
{
   uint32_t w;
   bool indexed = d->index_size_B != 0;
   agx_pack(&w, INDEX_LIST, cfg) {
      cfg.primitive = d->primitive;
      cfg.index_count_present = !d->indirect_va;
      cfg.instance_count_present = !d->indirect_va;
      cfg.start_present = !d->indirect_va;
      cfg.indirect_buffer_present = d->indirect_va != 0;
      if (indexed) {
         cfg.restart_enable = d->restart;
         cfg.index_buffer_hi = d->index_va >> 32;
         cfg.index_size = d->index_size_B == 1   ? AGX_INDEX_SIZE_U8
                          : d->index_size_B == 2 ? AGX_INDEX_SIZE_U16
                                                 : AGX_INDEX_SIZE_U32;
         cfg.index_buffer_present = true;
         cfg.index_buffer_size_present = true;
      }
   }
   return w;
}

/* A non-indexed draw with a prepacked header: count, instances and start
 * are whole 32-bit words (Index List Count / Instances / Start).
 */
static inline void
agx_vdm_draw_packed(uint8_t **out, uint32_t header, uint32_t count,
                    uint32_t instances, uint32_t start)
{
   uint32_t w[4] = {header, count, instances, start};
   memcpy(*out, w, sizeof(w));
   *out += sizeof(w);
}

static inline void
agx_vdm_draw(uint8_t **out, const struct agx_vdm_draw *d)
{
   uint8_t *p = *out;
   bool indexed = d->index_size_B != 0;

   if (indexed && d->restart) {
      agx_pack(p, VDM_STATE, cfg) {
         cfg.restart_index_present = true;
      }
      p += AGX_VDM_STATE_LENGTH;
      agx_pack(p, VDM_STATE_RESTART_INDEX, cfg) {
         cfg.value = d->restart_index;
      }
      p += AGX_VDM_STATE_RESTART_INDEX_LENGTH;
   }

   _Static_assert(AGX_INDEX_LIST_LENGTH == sizeof(uint32_t),
                  "the Index List header is one word");
   uint32_t header = agx_vdm_draw_header(d);
   memcpy(p, &header, sizeof(header));
   p += AGX_INDEX_LIST_LENGTH;

   if (indexed) {
      agx_pack(p, INDEX_LIST_BUFFER_LO, cfg) {
         cfg.buffer_lo = (uint32_t)d->index_va;
      }
      p += AGX_INDEX_LIST_BUFFER_LO_LENGTH;
   }
   if (d->indirect_va) {
      agx_pack(p, INDEX_LIST_INDIRECT_BUFFER, cfg) {
         cfg.address_hi = (uint32_t)(d->indirect_va >> 32);
         cfg.address_lo = (uint32_t)d->indirect_va;
      }
      p += AGX_INDEX_LIST_INDIRECT_BUFFER_LENGTH;
   } else {
      agx_pack(p, INDEX_LIST_COUNT, cfg) {
         cfg.count = d->count;
      }
      p += AGX_INDEX_LIST_COUNT_LENGTH;
      agx_pack(p, INDEX_LIST_INSTANCES, cfg) {
         cfg.count = d->instances;
      }
      p += AGX_INDEX_LIST_INSTANCES_LENGTH;
      agx_pack(p, INDEX_LIST_START, cfg) {
         cfg.start = d->start;
      }
      p += AGX_INDEX_LIST_START_LENGTH;
   }
   if (indexed) {
      agx_pack(p, INDEX_LIST_BUFFER_SIZE, cfg) {
         cfg.size = (d->index_extent_B + 3) & ~3u;
      }
      p += AGX_INDEX_LIST_BUFFER_SIZE_LENGTH;
   }
   *out = p;
}

static inline void
agx_vdm_terminate(uint8_t **out)
{
   agx_pack(*out, VDM_STREAM_TERMINATE, cfg)
      ;
   *out += AGX_VDM_STREAM_TERMINATE_LENGTH;
}

/* Bytes of a VDM State packet with header hdr: the header and a word for
 * each block it says is present, padded to 8 bytes. */
static inline uint32_t
agx_vdm_state_length(const struct AGX_VDM_STATE *hdr)
{
   const bool present[] = {
      hdr->restart_index_present,      hdr->vs_word_0_present,
      hdr->vs_word_1_present,          hdr->vertex_outputs_present,
      hdr->tessellation_present,       hdr->vertex_unknown_present,
      hdr->tessellation_scale_present,
   };
   uint32_t length = 4;
   for (unsigned i = 0; i < sizeof(present) / sizeof(present[0]); i++)
      length += present[i] ? 4 : 0;
   return (length + 7) & ~7u;
}

#endif
