/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The VDM control stream of a render command, packet by packet (facts:
 * alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml "VDM" structs and
 * src/gallium/drivers/asahi/agx_state.c agx_encode_state / agx_draw_vbo;
 * the walk is the one src/asahi/lib/decode_streams.c prints):
 *  - the block type is bits 29-31 of the first word;
 *  - PPP state (8 bytes): apply the PPP update record it points to;
 *  - barrier (4 bytes): nothing to order here (one command at a time);
 *    with `returns` it ends a called stream;
 *  - VDM state (header plus its present words, padded to 8 bytes): the
 *    restart index and the vertex shader's word list;
 *  - index list (header plus its present words): a draw;
 *  - stream link (8 bytes): jump, or call with return;
 *  - stream terminate: the end.
 * A walk is bounded in packets and call depth, so a stream that never ends
 * fails the command instead of hanging.
 *
 * PPP update records: a header of presence bits, then the present words in
 * bit order (region clips and viewports once per viewport; the fragment
 * shader bit brings four words).
 */

#include <string.h>

#include "asahi/lib/agx_vdm.h"
#include "asahi_sim_cmd.h"

#define SIM_VDM_MAX_PACKETS (1u << 20)
#define SIM_VDM_MAX_DEPTH   16
#define SIM_PPP_MAX_B       (255 * 4)

/* ---- PPP --------------------------------------------------------------- */

struct ppp_reader {
   struct asahi_sim_gpu *gpu;
   const uint8_t *data;
   uint32_t offs, size;
   uint64_t va;
};

static const uint8_t *
ppp_take(struct ppp_reader *rd, uint32_t length)
{
   if (length > rd->size - rd->offs) {
      sim_fail(rd->gpu, ASAHI_SIM_RESULT_ERROR,
               "PPP record at 0x%llx is %u bytes, too short for its header",
               (unsigned long long)rd->va, rd->size);
      return NULL;
   }
   const uint8_t *p = rd->data + rd->offs;
   rd->offs += length;
   return p;
}

#define PPP_READ(rd, T, dst)                                                   \
   do {                                                                        \
      const uint8_t *_p = ppp_take((rd), AGX_##T##_LENGTH);                    \
      if (!_p)                                                                 \
         return false;                                                         \
      AGX_##T##_unpack(NULL, _p, (dst));                                       \
   } while (0)

#define PPP_SKIP(rd, cond, T)                                                  \
   do {                                                                        \
      if ((cond) && !ppp_take((rd), AGX_##T##_LENGTH))                         \
         return false;                                                         \
   } while (0)

static bool
ppp_update(struct asahi_sim_gpu *gpu, struct sim_ppp_state *s, uint64_t va,
           uint32_t size_B)
{
   uint8_t data[SIM_PPP_MAX_B];
   if (size_B < AGX_PPP_HEADER_LENGTH || size_B > SIM_PPP_MAX_B)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "PPP record at 0x%llx has impossible size %u",
                      (unsigned long long)va, size_B);
   if (!sim_read(gpu, va, data, size_B, "PPP record"))
      return false;

   struct ppp_reader rd = {gpu, data, 0, size_B, va};
   struct AGX_PPP_HEADER h;
   PPP_READ(&rd, PPP_HEADER, &h);

   if (h.fragment_control)
      PPP_READ(&rd, FRAGMENT_CONTROL, &s->fragment_control);
   PPP_SKIP(&rd, h.fragment_control_2, FRAGMENT_CONTROL);
   if (h.front_face)
      PPP_READ(&rd, FRAGMENT_FACE, &s->face[0]);
   if (h.front_face_2)
      PPP_READ(&rd, FRAGMENT_FACE_2, &s->face2[0]);
   if (h.front_stencil)
      PPP_READ(&rd, FRAGMENT_STENCIL, &s->stencil[0]);
   if (h.back_face)
      PPP_READ(&rd, FRAGMENT_FACE, &s->face[1]);
   if (h.back_face_2)
      PPP_READ(&rd, FRAGMENT_FACE_2, &s->face2[1]);
   if (h.back_stencil)
      PPP_READ(&rd, FRAGMENT_STENCIL, &s->stencil[1]);
   if (h.depth_bias_scissor)
      PPP_READ(&rd, DEPTH_BIAS_SCISSOR, &s->depth_bias_scissor);
   for (unsigned i = 0; h.region_clip && i < h.viewport_count; i++)
      PPP_SKIP(&rd, true, REGION_CLIP);
   if (h.viewport) {
      PPP_SKIP(&rd, true, VIEWPORT_CONTROL);
      for (unsigned i = 0; i < h.viewport_count; i++) {
         struct AGX_VIEWPORT vp;
         PPP_READ(&rd, VIEWPORT, &vp);
         if (i < SIM_MAX_VIEWPORTS)
            s->viewport[i] = vp;
      }
      s->nr_viewports = h.viewport_count < SIM_MAX_VIEWPORTS
                           ? h.viewport_count
                           : SIM_MAX_VIEWPORTS;
      s->has_viewport = s->nr_viewports > 0;
   }
   PPP_SKIP(&rd, h.w_clamp, W_CLAMP);
   if (h.output_select)
      PPP_READ(&rd, OUTPUT_SELECT, &s->output_select);
   PPP_SKIP(&rd, h.varying_counts_32, VARYING_COUNTS);
   PPP_SKIP(&rd, h.varying_counts_16, VARYING_COUNTS);
   if (h.cull)
      PPP_READ(&rd, CULL, &s->cull);
   PPP_SKIP(&rd, h.cull_2, CULL_2);
   if (h.fragment_shader) {
      PPP_READ(&rd, FRAGMENT_SHADER_WORD_0, &s->fs0);
      PPP_READ(&rd, FRAGMENT_SHADER_WORD_1, &s->fs1);
      PPP_READ(&rd, FRAGMENT_SHADER_WORD_2, &s->fs2);
      PPP_SKIP(&rd, true, FRAGMENT_SHADER_WORD_3);
      s->has_fs = true;
   }
   if (h.occlusion_query) {
      struct AGX_FRAGMENT_OCCLUSION_QUERY q;
      PPP_READ(&rd, FRAGMENT_OCCLUSION_QUERY, &q);
      s->occlusion_index = q.index;
   }
   PPP_SKIP(&rd, h.occlusion_query_2, FRAGMENT_OCCLUSION_QUERY_2);
   PPP_SKIP(&rd, h.output_unknown, OUTPUT_UNKNOWN);
   if (h.output_size) {
      struct AGX_OUTPUT_SIZE os;
      PPP_READ(&rd, OUTPUT_SIZE, &os);
      s->has_output_size = true;
      s->output_size = os.count;
   }
   PPP_SKIP(&rd, h.varying_word_2, VARYING_2);

   if (rd.offs != rd.size)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "PPP record at 0x%llx is %u bytes but its header "
                      "accounts for %u",
                      (unsigned long long)va, rd.size, rd.offs);
   return true;
}

/* ---- VDM packets ------------------------------------------------------- */

static bool
vdm_state(struct asahi_sim_gpu *gpu, struct sim_vdm_state *s, uint64_t va,
          uint32_t *length)
{
   uint8_t w[32];
   struct AGX_VDM_STATE hdr;
   if (!sim_read(gpu, va, w, 4, "VDM state"))
      return false;
   AGX_VDM_STATE_unpack(NULL, w, &hdr);

   uint32_t len = agx_vdm_state_length(&hdr);
   if (!sim_read(gpu, va, w, len, "VDM state"))
      return false;
   *length = len;

   unsigned offs = 4;
   if (hdr.restart_index_present) {
      s->restart_index = sim_u32(w + offs);
      offs += 4;
   }
   if (hdr.vs_word_0_present) {
      struct AGX_VDM_STATE_VS_WORD_0 w0;
      AGX_VDM_STATE_VS_WORD_0_unpack(NULL, w + offs, &w0);
      s->vs_sampler_states = w0.sampler_states;
      offs += 4;
   }
   if (hdr.vs_word_1_present) {
      struct AGX_VDM_STATE_VS_WORD_1 w1;
      AGX_VDM_STATE_VS_WORD_1_unpack(NULL, w + offs, &w1);
      s->vs_words_va = gpu->usc_base + w1.pipeline;
      s->has_vs = true;
      offs += 4;
   }
   if (hdr.vertex_outputs_present)
      offs += 4;
   if (hdr.tessellation_present || hdr.tessellation_scale_present)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "VDM state at 0x%llx: tessellation is not simulated",
                      (unsigned long long)va);
   if (hdr.vertex_unknown_present) {
      struct AGX_VDM_STATE_VERTEX_UNKNOWN vu;
      AGX_VDM_STATE_VERTEX_UNKNOWN_unpack(NULL, w + offs, &vu);
      s->provoking_first = vu.flat_shading_vertex == AGX_VDM_VERTEX_0;
      offs += 4;
   }
   return true;
}

static bool
index_list(struct sim_render *r, struct sim_vdm_state *s, uint64_t va,
           uint32_t *length)
{
   struct asahi_sim_gpu *gpu = r->gpu;
   uint8_t w[64];
   struct AGX_INDEX_LIST hdr;
   if (!sim_read(gpu, va, w, 4, "index list"))
      return false;
   AGX_INDEX_LIST_unpack(NULL, w, &hdr);

   uint32_t len = AGX_INDEX_LIST_LENGTH;
   len += hdr.index_buffer_present ? AGX_INDEX_LIST_BUFFER_LO_LENGTH : 0;
   len += hdr.index_count_present ? AGX_INDEX_LIST_COUNT_LENGTH : 0;
   len += hdr.instance_count_present ? AGX_INDEX_LIST_INSTANCES_LENGTH : 0;
   len += hdr.start_present ? AGX_INDEX_LIST_START_LENGTH : 0;
   len += hdr.unk_1_present ? AGX_INDEX_LIST_UNK_1_LENGTH : 0;
   len += hdr.indirect_buffer_present
             ? AGX_INDEX_LIST_INDIRECT_BUFFER_LENGTH
             : 0;
   len += hdr.unk_2_present ? AGX_INDEX_LIST_UNK_2_LENGTH : 0;
   len += hdr.index_buffer_size_present ? AGX_INDEX_LIST_BUFFER_SIZE_LENGTH
                                        : 0;
   if (!sim_read(gpu, va, w, len, "index list"))
      return false;
   *length = len;

   struct sim_draw_args a = {
      .primitive = hdr.primitive,
      .restart = hdr.restart_enable,
      .index_size_B = 1u << hdr.index_size,
      .instances = 1,
   };
   unsigned offs = AGX_INDEX_LIST_LENGTH;
   if (hdr.index_buffer_present) {
      a.indexed = true;
      a.index_va = (uint64_t)hdr.index_buffer_hi << 32 | sim_u32(w + offs);
      offs += 4;
   }
   if (hdr.index_count_present) {
      a.count = sim_u32(w + offs);
      offs += 4;
   }
   if (hdr.instance_count_present) {
      a.instances = sim_u32(w + offs);
      offs += 4;
   }
   if (hdr.start_present) {
      a.start = sim_u32(w + offs);
      offs += 4;
   }
   if (hdr.unk_1_present)
      offs += AGX_INDEX_LIST_UNK_1_LENGTH;
   if (hdr.indirect_buffer_present) {
      /* The indirect arguments: count, instances, first (index or
       * vertex) and, indexed, base vertex (GL's DrawArrays/Elements
       * Indirect layouts; inferred, see docs/simulator.rst). */
      struct AGX_INDEX_LIST_INDIRECT_BUFFER ib;
      AGX_INDEX_LIST_INDIRECT_BUFFER_unpack(NULL, w + offs, &ib);
      uint64_t iva = (uint64_t)ib.address_hi << 32 | ib.address_lo;
      uint8_t args[20];
      if (!sim_read(gpu, iva, args, a.indexed ? 20 : 16, "indirect draw"))
         return false;
      a.count = sim_u32(args);
      a.instances = sim_u32(args + 4);
      if (a.indexed) {
         a.index_va += (uint64_t)sim_u32(args + 8) * a.index_size_B;
         a.start = sim_u32(args + 12);
      } else {
         a.start = sim_u32(args + 8);
      }
      offs += AGX_INDEX_LIST_INDIRECT_BUFFER_LENGTH;
   }
   if (hdr.unk_2_present)
      offs += AGX_INDEX_LIST_UNK_2_LENGTH;
   if (hdr.index_buffer_size_present) {
      struct AGX_INDEX_LIST_BUFFER_SIZE bs;
      AGX_INDEX_LIST_BUFFER_SIZE_unpack(NULL, w + offs, &bs);
      a.index_buffer_size_B = bs.size;
   } else {
      a.index_buffer_size_B = UINT64_MAX;
   }
   if (hdr.index_size > AGX_INDEX_SIZE_U32)
      return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                      "index list at 0x%llx: index size %u",
                      (unsigned long long)va, hdr.index_size);

   if (gpu->debug & ASAHI_SIM_DEBUG_TRACE)
      sim_log(gpu,
              "asahi-sim: draw %s primitive %u count %u instances %u "
              "start %u\n",
              a.indexed ? "indexed" : "arrays", a.primitive, a.count,
              a.instances, a.start);
   return sim_draw(r, s, &a);
}

bool
sim_vdm_execute(struct sim_render *r)
{
   struct asahi_sim_gpu *gpu = r->gpu;
   struct sim_vdm_state s;
   memset(&s, 0, sizeof(s));
   /* Until the stream sets them: depth test always passes and depth is
    * not written (choice: the reset state is unknown). */
   for (unsigned f = 0; f < 2; f++) {
      s.ppp.face[f] = (struct AGX_FRAGMENT_FACE){AGX_FRAGMENT_FACE_header};
      s.ppp.face[f].depth_function = AGX_ZS_FUNC_ALWAYS;
      s.ppp.face[f].disable_depth_write = true;
      s.ppp.face2[f] = (struct AGX_FRAGMENT_FACE_2){AGX_FRAGMENT_FACE_2_header};
   }

   uint64_t stack[SIM_VDM_MAX_DEPTH];
   unsigned depth = 0;
   uint64_t va = r->cmd->vdm_ctrl_stream_base;

   for (unsigned n = 0; n < SIM_VDM_MAX_PACKETS; n++) {
      uint8_t w[8];
      if (!sim_read(gpu, va, w, 4, "VDM control stream"))
         return false;
      unsigned type = w[3] >> 5;
      uint32_t length = 0;

      switch (type) {
      case AGX_VDM_BLOCK_TYPE_PPP_STATE_UPDATE: {
         struct AGX_PPP_STATE p;
         if (!sim_read(gpu, va, w, 8, "VDM control stream"))
            return false;
         AGX_PPP_STATE_unpack(NULL, w, &p);
         if (!ppp_update(gpu, &s.ppp,
                         (uint64_t)p.pointer_hi << 32 | p.pointer_lo,
                         p.size_words * 4))
            return false;
         length = AGX_PPP_STATE_LENGTH;
         break;
      }
      case AGX_VDM_BLOCK_TYPE_BARRIER: {
         struct AGX_VDM_BARRIER b;
         AGX_VDM_BARRIER_unpack(NULL, w, &b);
         if (b.returns) {
            if (depth == 0)
               return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                               "VDM return at 0x%llx without a call",
                               (unsigned long long)va);
            va = stack[--depth];
            continue;
         }
         length = AGX_VDM_BARRIER_LENGTH;
         break;
      }
      case AGX_VDM_BLOCK_TYPE_VDM_STATE_UPDATE:
         if (!vdm_state(gpu, &s, va, &length))
            return false;
         break;
      case AGX_VDM_BLOCK_TYPE_INDEX_LIST:
         if (!index_list(r, &s, va, &length))
            return false;
         break;
      case AGX_VDM_BLOCK_TYPE_STREAM_LINK: {
         struct AGX_VDM_STREAM_LINK l;
         if (!sim_read(gpu, va, w, 8, "VDM control stream"))
            return false;
         AGX_VDM_STREAM_LINK_unpack(NULL, w, &l);
         if (l.with_return) {
            if (depth == SIM_VDM_MAX_DEPTH)
               return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                               "VDM calls nested deeper than %u",
                               SIM_VDM_MAX_DEPTH);
            stack[depth++] = va + AGX_VDM_STREAM_LINK_LENGTH;
         }
         va = (uint64_t)l.target_hi << 32 | l.target_lo;
         continue;
      }
      case AGX_VDM_BLOCK_TYPE_STREAM_TERMINATE:
         return true;
      default:
         return sim_fail(gpu, ASAHI_SIM_RESULT_ERROR,
                         "VDM block type %u at 0x%llx is not simulated", type,
                         (unsigned long long)va);
      }
      va += length;
   }
   return sim_fail(gpu, ASAHI_SIM_RESULT_TIMEOUT,
                   "VDM control stream did not end within %u packets",
                   SIM_VDM_MAX_PACKETS);
}
