/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * draw_vbo: one draw becomes, in the batch's VDM stream,
 *   [VDM State: vertex shader]   when the VS, its inputs or uniforms change
 *   [PPP State -> viewport/scissor update]   when those change
 *   [PPP State -> update of the other dirty words]
 *   Index List
 * Uniforms are "pushed": each range the compiler asks for is written to
 * memory and named by a USC Uniform word in the program's word list, so a
 * change of uniform data means a new word list.
 *
 * Facts: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c
 * (agx_encode_state, agx_upload_viewport_scissor, agx_build_pipeline,
 * agx_batch_init_state): which words for which state, viewport depth
 * transform, scissor and region clip, initial PPP words.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/log.h"
#include "util/u_math.h"
#include "util/u_inlines.h"

#include "agx_draw_repeat.h"
#include "agx_pack.h"
#include "agx_ppp.h"
#include "agx_prim_convert.h"
#include "agx_state.h"
#include "agx_usc.h"
#include "agx_vdm.h"

/* ---- per batch -------------------------------------------------------- */

void
agx_batch_init_state(struct agx_batch *batch)
{
   if (batch->initialized)
      return;
   batch->initialized = true;

   /* Invalidate the shader cache in case the CPU rewrote shader memory
    * since the previous pass.
    */
   agx_vdm_barrier(&batch->vdm_head);

   struct AGX_PPP_HEADER h = {
      .w_clamp = true,
      .occlusion_query_2 = true,
      .output_unknown = true,
      .varying_word_2 = true,
      .viewport_count = 1,
   };
   size_t size = agx_ppp_update_size(&h);
   struct agx_ptr t = agx_pool_alloc(&batch->pool, size, 64);
   if (!t.cpu) {
      batch->failed = true;
      return;
   }
   struct agx_ppp_update u = agx_ppp_begin(t.cpu, &h);
   agx_ppp_push(&u, W_CLAMP, cfg)
   {
      cfg.min_w = 1e-10f;
   }
   agx_ppp_push(&u, FRAGMENT_OCCLUSION_QUERY_2, cfg);
   agx_ppp_push(&u, OUTPUT_UNKNOWN, cfg);
   agx_ppp_push(&u, VARYING_2, cfg);
   agx_vdm_ppp_state(&batch->vdm_head, t.gpu, size);

   enum pipe_format formats[AGX_MAX_RTS] = {0};
   unsigned nr_cbufs = MIN2(batch->key.nr_cbufs, AGX_MAX_RTS);
   for (unsigned i = 0; i < nr_cbufs; ++i) {
      struct pipe_surface *s = batch->key.cbufs[i];
      formats[i] = s ? s->format : PIPE_FORMAT_NONE;
   }
   /* The pass's sample count: the framebuffer's, or its attachments'. */
   unsigned samples = batch->key.samples > 1 ? batch->key.samples : 1;
   for (unsigned i = 0; i < nr_cbufs; ++i) {
      struct pipe_surface *s = batch->key.cbufs[i];
      if (s && s->texture->nr_samples > samples)
         samples = s->texture->nr_samples;
   }
   if (batch->key.zsbuf && batch->key.zsbuf->texture->nr_samples > samples)
      samples = batch->key.zsbuf->texture->nr_samples;
   if (!agx_tilebuffer_layout(&batch->tib, formats, nr_cbufs, samples))
      agx_tilebuffer_layout(&batch->tib, formats, nr_cbufs, 1);
   batch->tib.layered = batch->key.layers > 1;

   for (unsigned i = 0; i < nr_cbufs; ++i) {
      struct pipe_surface *s = batch->key.cbufs[i];
      if (!s)
         continue;
      struct agx_resource *r = agx_resource(s->texture);
      if (r->valid_levels & (1u << s->u.tex.level))
         batch->load |= PIPE_CLEAR_COLOR0 << i;
      agx_batch_writes(batch, s->texture);
   }
   if (batch->key.zsbuf) {
      struct agx_resource *zs = agx_resource(batch->key.zsbuf->texture);
      agx_batch_writes(batch, &zs->base);
      if (zs->separate_stencil)
         agx_batch_writes(batch, &zs->separate_stencil->base);
   }
}

/* ---- uniforms --------------------------------------------------------- */

/* Bytes of vertex buffer vb the bound attributes can read for vertices
 * [0, max_vertex].
 */
static size_t
agx_vb_extent(struct agx_context *ctx, unsigned vb, unsigned max_vertex,
              unsigned max_instance)
{
   size_t extent = 0;
   for (unsigned i = 0; ctx->velems && i < ctx->velems->count; ++i) {
      const struct pipe_vertex_element *el = &ctx->velems->el[i];
      if (el->vertex_buffer_index != vb)
         continue;
      unsigned last = el->instance_divisor ? max_instance / el->instance_divisor
                                           : max_vertex;
      size_t end = (size_t)el->src_offset + (size_t)el->src_stride * last +
                   util_format_get_blocksize(el->src_format);
      if (end > extent)
         extent = end;
   }
   return extent;
}

struct agx_draw_params {
   unsigned max_vertex, max_instance, start_instance;
   const struct agx_xfb_draw *xfb; /* transform feedback (agx_streamout.c) */
};

static uint64_t
agx_vb_address(struct agx_context *ctx, struct agx_batch *batch, unsigned i,
               const struct agx_draw_params *p)
{
   struct pipe_vertex_buffer *vb = &ctx->vb[i];
   if (i >= ctx->nr_vb)
      return 0;
   if (vb->is_user_buffer) {
      size_t size = agx_vb_extent(ctx, i, p->max_vertex, p->max_instance);
      if (!size || !vb->buffer.user)
         return 0;
      return agx_pool_upload(
         &batch->pool, (const uint8_t *)vb->buffer.user + vb->buffer_offset,
         size, 16);
   }
   if (!vb->buffer.resource)
      return 0;
   agx_batch_reads(batch, vb->buffer.resource);
   return agx_resource(vb->buffer.resource)->bo->va + vb->buffer_offset -
          agx_vb_misalign(ctx, i);
}

/* Constant buffer 0 of a stage uploaded once per batch and change. */
static uint64_t
agx_stage_cb0_va(struct agx_context *ctx, struct agx_batch *batch,
                 enum pipe_shader_type stage)
{
   struct agx_stage_state *st = &ctx->stage[stage];
   if (!st->cb0_va && st->cb0 && st->cb0_size)
      st->cb0_va = agx_pool_upload(&batch->pool, st->cb0, st->cb0_size, 16);
   return st->cb0_va;
}

/* AGX_PUSH_TEXTURE_SIZE (agx_compile.h): the size of the view's first
 * level, its layers and its level count. */
void
agx_texture_size_words(const struct pipe_sampler_view *v, uint32_t out[4])
{
   out[0] = out[1] = out[2] = out[3] = 1;
   if (!v || !v->texture)
      return;
   const struct pipe_resource *t = v->texture;
   if (v->target == PIPE_BUFFER) {
      out[0] = agx_buffer_view_size_el(v);
      return;
   }
   out[3] = v->u.tex.last_level - v->u.tex.first_level + 1;
   agx_level_size_words(t, v->target, v->u.tex.first_level,
                        v->u.tex.last_layer - v->u.tex.first_layer + 1, out);
}

void
agx_level_size_words(const struct pipe_resource *t,
                     enum pipe_texture_target target, unsigned level,
                     unsigned layers, uint32_t out[3])
{
   out[0] = u_minify(t->width0, level);
   out[1] = u_minify(t->height0, level);
   switch (target) {
   case PIPE_TEXTURE_1D:
      out[1] = 1;
      break;
   case PIPE_TEXTURE_1D_ARRAY:
      out[1] = layers;
      break;
   case PIPE_TEXTURE_3D:
      out[2] = u_minify(t->depth0, level);
      break;
   case PIPE_TEXTURE_2D_ARRAY:
      out[2] = layers;
      break;
   case PIPE_TEXTURE_CUBE_ARRAY:
      out[2] = layers / 6;
      break;
   default:
      break;
   }
}

/* Write the USC Uniform words of a shader's push ranges. */
static void
agx_push_uniforms(struct agx_context *ctx, struct agx_batch *batch,
                  struct agx_usc_builder *b, enum pipe_shader_type stage,
                  const struct agx_compiled_shader *cs,
                  const struct agx_draw_params *p)
{
   const struct agx_stage_state *st = &ctx->stage[stage];
   uint64_t stipple_va = 0;

   for (unsigned i = 0; i < cs->info.nr_push; ++i) {
      const struct agx_push_range *r = &cs->info.push[i];
      unsigned words = r->length / 2;
      /* Only the range's own bytes are uploaded (agx_push_range_upload):
       * zero those, not the whole array, on every draw. */
      uint32_t data[64];
      memset(data, 0, MIN2(((unsigned)r->length * 2 + 3) & ~3u, sizeof(data)));

      switch (r->kind) {
      case AGX_PUSH_UBO_BASE: {
         /* Blocks past the GL ones: a geometry-shader draw's buffers */
         uint64_t va =
            r->index >= AGX_MAX_UBOS
               ? (ctx->gs_pass && r->index < AGX_MAX_UBOS + 3
                     ? ctx->gs_pass->block_va[r->index - AGX_MAX_UBOS]
                     : 0)
               : agx_ubo_address(ctx, batch, stage, r->index);
         data[0] = (uint32_t)va;
         data[1] = (uint32_t)(va >> 32);
         break;
      }
      case AGX_PUSH_VBO_BASE: {
         uint64_t va = agx_vb_address(ctx, batch, r->index, p);
         data[0] = (uint32_t)va;
         data[1] = (uint32_t)(va >> 32);
         break;
      }
      case AGX_PUSH_SYSVAL:
         for (unsigned w = 0; w < words; ++w) {
            float f;
            switch (r->index + w) {
            case AGX_SYSVAL_BASE_INSTANCE:
               data[w] = p->start_instance;
               break;
            case AGX_SYSVAL_RT_WIDTH_F:
               f = batch->key.width;
               memcpy(&data[w], &f, 4);
               break;
            case AGX_SYSVAL_RT_HEIGHT_F:
               f = batch->key.height;
               memcpy(&data[w], &f, 4);
               break;
            case AGX_SYSVAL_BLEND_COLOR_R:
            case AGX_SYSVAL_BLEND_COLOR_G:
            case AGX_SYSVAL_BLEND_COLOR_B:
            case AGX_SYSVAL_BLEND_COLOR_A:
               f = ctx->blend_color.color[r->index + w -
                                          AGX_SYSVAL_BLEND_COLOR_R];
               memcpy(&data[w], &f, 4);
               break;
            case AGX_SYSVAL_GL_UNIFORMS_ADDR_LO:
            case AGX_SYSVAL_GL_UNIFORMS_ADDR_HI: {
               /* The default uniform block in GPU memory, for indirect
                * uniform access.
                */
               uint64_t va = agx_stage_cb0_va(ctx, batch, stage);
               data[w] = r->index + w == AGX_SYSVAL_GL_UNIFORMS_ADDR_LO
                            ? (uint32_t)va
                            : (uint32_t)(va >> 32);
               break;
            }
            case AGX_SYSVAL_XFB_FIRST_VERTEX:
               data[w] = p->xfb ? p->xfb->first : 0;
               break;
            case AGX_SYSVAL_XFB_VERTICES:
               data[w] = p->xfb ? p->xfb->vertices : 0;
               break;
            case AGX_SYSVAL_XFB_LIMIT:
               data[w] = p->xfb ? p->xfb->limit : 0;
               break;
            case AGX_SYSVAL_XFB_INDICES_LO:
            case AGX_SYSVAL_XFB_INDICES_HI: {
               uint64_t va = p->xfb ? p->xfb->indices_va : 0;
               data[w] = r->index + w == AGX_SYSVAL_XFB_INDICES_LO
                            ? (uint32_t)va
                            : (uint32_t)(va >> 32);
               break;
            }
            case AGX_SYSVAL_POLY_STIPPLE_LO:
            case AGX_SYSVAL_POLY_STIPPLE_HI:
               if (!stipple_va)
                  stipple_va = agx_pool_upload(
                     &batch->pool, ctx->poly_stipple.stipple,
                     sizeof(ctx->poly_stipple.stipple), 16);
               data[w] = r->index + w == AGX_SYSVAL_POLY_STIPPLE_LO
                            ? (uint32_t)stipple_va
                            : (uint32_t)(stipple_va >> 32);
               break;
            case AGX_SYSVAL_GS_VS_VERTICES:
               data[w] = ctx->gs_pass ? ctx->gs_pass->vs_vertices : 0;
               break;
            case AGX_SYSVAL_GS_INVOCATIONS:
               data[w] = ctx->gs_pass ? ctx->gs_pass->invocations : 0;
               break;
            default:
               if (r->index + w >= AGX_SYSVAL_XFB_ADDR0_LO &&
                   r->index + w < AGX_SYSVAL_XFB_ADDR0_LO + 8) {
                  unsigned k = r->index + w - AGX_SYSVAL_XFB_ADDR0_LO;
                  uint64_t va = p->xfb ? p->xfb->addr[k / 2] : 0;
                  data[w] = (uint32_t)(k % 2 ? va >> 32 : va);
               }
               if (r->index + w >= AGX_SYSVAL_CLIP_PLANE0 &&
                   r->index + w < AGX_SYSVAL_CLIP_PLANE0 + 32) {
                  unsigned k = r->index + w - AGX_SYSVAL_CLIP_PLANE0;
                  memcpy(&data[w], &ctx->clip.ucp[k / 4][k % 4], 4);
               }
               agx_lod_bias_sysval(st, r->index + w, &data[w]);
               break;
            }
         }
         break;
      default:
         agx_push_stage_words(ctx, batch, stage, cs, r, data);
         break;
      }

      agx_push_range_upload(batch, b, r, data);
   }
}

/* The USC word list of a vertex or fragment shader; returns its offset
 * from usc_exec_base, 0 on failure.
 */
static uint32_t
agx_build_pipeline(struct agx_context *ctx, struct agx_batch *batch,
                   enum pipe_shader_type stage,
                   const struct agx_compiled_shader *cs,
                   const struct agx_draw_params *p)
{
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   struct agx_ptr t;
   struct agx_usc_builder b;
   if (!agx_usc_alloc(batch, cs, &t, &b)) {
      batch->failed = true;
      return 0;
   }
   if (stage == PIPE_SHADER_VERTEX && cs->info.scratch_size_dw)
      batch->vertex_scratch = true;

   unsigned nr_tex = 0, samp = 0;
   agx_bind_textures(ctx, batch, stage, &b, &nr_tex, &samp);
   if (stage == PIPE_SHADER_FRAGMENT) {
      ctx->fs_textures = nr_tex;
      ctx->fs_sampler_states = samp;
   } else {
      ctx->vs_textures = nr_tex;
      ctx->vs_sampler_states = samp;
   }

   agx_push_uniforms(ctx, batch, &b, stage, cs, p);

   if (stage == PIPE_SHADER_FRAGMENT) {
      uint32_t shared;
      agx_tilebuffer_pack_usc_shared(&batch->tib, &shared);
      agx_usc_push_blob(&b, &shared, 4);
   } else {
      agx_usc_pack(&b, USC_SHARED, cfg)
      {
         cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
         cfg.bytes_per_threadgroup = 65536;
      }
   }

   agx_usc_pack(&b, USC_SHADER, cfg)
   {
      cfg.code = cs->code_usc;
      cfg.loads_varyings =
         stage == PIPE_SHADER_FRAGMENT && cs->info.reads_varyings;
   }
   agx_usc_pack(&b, USC_REGISTERS, cfg)
   {
      cfg.gprs = cs->info.nr_gprs ? cs->info.nr_gprs : 8;
      /* the stack class each thread needs (0: none) */
      cfg.spill_size = agx_spill_size_field(cs->info.scratch_size_dw);
   }
   if (stage == PIPE_SHADER_FRAGMENT) {
      agx_usc_pack(&b, USC_FRAGMENT_PROPERTIES, cfg)
      {
         /* A program writing depth (zs_emit) is tested late, with its
          * depth; Mesa counts zs_emit as a sample mask write here
          * (alexvorxx/Mesa-VirGL src/asahi/compiler/agx_compile.c).  One
          * writing memory is tested late too, so that its stores happen
          * for fragments failing the tests (GL 4.6 section 14.9).  A
          * program asking for early tests gets them whatever it does
          * (the compiler drops its depth output). */
         cfg.early_z = cs->info.early_fragment_tests ||
                       (!cs->info.writes_sample_mask &&
                        !cs->info.can_discard && !cs->info.writes_depth &&
                        !cs->info.writes_memory);
         cfg.unk_16 = 2;
      }
   }
   agx_usc_pack_preshader(&b, cs->info.has_preamble,
                          cs->code_usc + cs->info.preamble_offset);

   agx_batch_add_bo(batch, cs->bo);
   if (b.overflow) {
      batch->failed = true;
      return 0;
   }
   return t.gpu - screen->dev.usc_base;
}

/* ---- viewport and scissor --------------------------------------------- */

/* Viewport i's bounds, clamped to the framebuffer, intersected with
 * scissor box i when enabled.  Scissoring is always on so that nothing
 * lands outside the viewport. */
static void
agx_scissor_bounds(struct agx_context *ctx, struct agx_batch *batch,
                   unsigned i, unsigned *b)
{
   const struct pipe_viewport_state *vp = &ctx->viewport[i];
   float x0 = vp->translate[0] - fabsf(vp->scale[0]);
   float x1 = vp->translate[0] + fabsf(vp->scale[0]);
   float y0 = vp->translate[1] - fabsf(vp->scale[1]);
   float y1 = vp->translate[1] + fabsf(vp->scale[1]);
   unsigned minx = x0 > 0 ? (unsigned)x0 : 0;
   unsigned miny = y0 > 0 ? (unsigned)y0 : 0;
   unsigned maxx = x1 > 0 ? (unsigned)ceilf(x1) : 0;
   unsigned maxy = y1 > 0 ? (unsigned)ceilf(y1) : 0;
   maxx = MIN2(maxx, batch->key.width);
   maxy = MIN2(maxy, batch->key.height);

   if (ctx->rast && ctx->rast->base.scissor) {
      const struct pipe_scissor_state *s = &ctx->scissor[i];
      minx = MAX2(minx, s->minx);
      miny = MAX2(miny, s->miny);
      maxx = MIN2(maxx, s->maxx);
      maxy = MIN2(maxy, s->maxy);
   }
   b[0] = MIN2(minx, maxx);
   b[1] = MIN2(miny, maxy);
   b[2] = maxx;
   b[3] = maxy;
}

/* Does the program rasterized next select a viewport per primitive?  Then
 * every viewport is sent: the PPP takes a run of viewports and region
 * clips, and the hardware adds the primitive's viewport index to the
 * first scissor record's.  Fact: alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_state.c (agx_upload_viewport_scissor
 * sends AGX_MAX_VIEWPORTS of each, consecutive scissor records from
 * cfg.scissor, when the last vertex stage may write the viewport). */
static unsigned
agx_viewport_count(const struct agx_context *ctx)
{
   const struct agx_compiled_shader *vs = ctx->vs;
   return vs && vs->info.vs.writes_viewport ? AGX_MAX_VIEWPORTS : 1;
}

static void
agx_encode_viewport_scissor(struct agx_context *ctx, struct agx_batch *batch)
{
   bool halfz = ctx->rast && ctx->rast->base.clip_halfz;
   unsigned count = agx_viewport_count(ctx);
   unsigned bounds[AGX_MAX_VIEWPORTS][4];

   ctx->viewport_count = count;
   unsigned index = batch->scissor.size / AGX_SCISSOR_LENGTH;
   uint8_t *sc = util_dynarray_grow_bytes(&batch->scissor,
                                          count * AGX_SCISSOR_LENGTH);
   if (!sc) {
      batch->failed = true;
      return;
   }
   for (unsigned i = 0; i < count; i++) {
      const struct pipe_viewport_state *vp = &ctx->viewport[i];
      float near = vp->translate[2] - (halfz ? 0.0f : vp->scale[2]);
      float far = vp->translate[2] + vp->scale[2];

      agx_scissor_bounds(ctx, batch, i, bounds[i]);
      agx_pack(sc + i * AGX_SCISSOR_LENGTH, SCISSOR, cfg) {
         cfg.min_x = bounds[i][0];
         cfg.min_y = bounds[i][1];
         cfg.max_x = bounds[i][2];
         cfg.max_y = bounds[i][3];
         cfg.min_z = MIN2(near, far);
         cfg.max_z = MAX2(near, far);
      }
   }

   struct AGX_PPP_HEADER h = {
      .depth_bias_scissor = true,
      .region_clip = true,
      .viewport = true,
      .viewport_count = count,
   };
   size_t size = agx_ppp_update_size(&h);
   struct agx_ptr t = agx_pool_alloc(&batch->pool, size, 64);
   if (!t.cpu) {
      batch->failed = true;
      return;
   }
   struct agx_ppp_update u = agx_ppp_begin(t.cpu, &h);
   agx_ppp_push(&u, DEPTH_BIAS_SCISSOR, cfg)
   {
      cfg.scissor = index;
      unsigned nr_bias = batch->depth_bias.size / AGX_DEPTH_BIAS_LENGTH;
      cfg.depth_bias = nr_bias ? nr_bias - 1 : 0;
   }
   for (unsigned i = 0; i < count; i++) {
      agx_ppp_push(&u, REGION_CLIP, cfg)
      {
         cfg.enable = true;
         cfg.min_x = bounds[i][0] / 32;
         cfg.min_y = bounds[i][1] / 32;
         cfg.max_x = DIV_ROUND_UP(MAX2(bounds[i][2], 1), 32);
         cfg.max_y = DIV_ROUND_UP(MAX2(bounds[i][3], 1), 32);
      }
   }
   agx_ppp_push(&u, VIEWPORT_CONTROL, cfg);
   for (unsigned i = 0; i < count; i++) {
      const struct pipe_viewport_state *vp = &ctx->viewport[i];
      agx_ppp_push(&u, VIEWPORT, cfg)
      {
         cfg.translate_x = vp->translate[0];
         cfg.scale_x = vp->scale[0];
         cfg.translate_y = vp->translate[1];
         cfg.scale_y = vp->scale[1];
         cfg.translate_z = vp->translate[2];
         cfg.scale_z = vp->scale[2];
         /* Clip-space Z reaches the viewport in [0, 1] (the vertex
          * shader maps GL's [-1, 1]); rescale so GL's depth range still
          * applies. */
         if (!halfz) {
            cfg.translate_z -= cfg.scale_z;
            cfg.scale_z *= 2;
         }
      }
   }
   agx_vdm_ppp_state(&batch->vdm_head, t.gpu, size);
}

/* ---- the other PPP words ---------------------------------------------- */

static enum agx_object_type
agx_object_type(unsigned prim)
{
   switch (prim) {
   case PIPE_PRIM_POINTS:
      return AGX_OBJECT_TYPE_POINT_SPRITE_UV01;
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      return AGX_OBJECT_TYPE_LINE;
   default:
      return AGX_OBJECT_TYPE_TRIANGLE;
   }
}

/* Polygon offset (GL 3.0 section 3.5.5) is enabled per polygon mode:
 * the depth bias applies when a face's mode has its enable set.  The
 * hardware has one enable for both faces; mixed front and back modes
 * with different enables take the union (an approximation). */
static bool
agx_polygon_offset(const struct pipe_rasterizer_state *r)
{
   bool on = false;
   for (unsigned face = 0; face < 2; ++face) {
      unsigned mode = face ? r->fill_back : r->fill_front;
      on |= mode == PIPE_POLYGON_MODE_FILL    ? r->offset_tri
            : mode == PIPE_POLYGON_MODE_LINE ? r->offset_line
                                             : r->offset_point;
   }
   return on;
}

static bool
agx_encode_ppp(struct agx_context *ctx, struct agx_batch *batch,
               const struct agx_draw_params *p, uint32_t dirty)
{
   /* Nothing this update carries changed: the common case of repeated
    * draws.
    */
   if (!(dirty & (AGX_DIRTY_VS | AGX_DIRTY_FS | AGX_DIRTY_RS | AGX_DIRTY_ZS |
                  AGX_DIRTY_STENCIL_REF | AGX_DIRTY_PRIM | AGX_DIRTY_CONST |
                  AGX_DIRTY_TEXTURES | AGX_DIRTY_QUERY)))
      return true;

   struct agx_screen *screen = agx_screen(ctx->base.screen);
   struct agx_compiled_shader *vs = ctx->vs, *fs = ctx->fs;
   struct agx_rasterizer *rast = ctx->rast;
   struct agx_zsa *zs = ctx->zs;
   bool shaders = dirty & (AGX_DIRTY_VS | AGX_DIRTY_FS | AGX_DIRTY_RS);
   bool fs_words = shaders || (dirty & (AGX_DIRTY_CONST | AGX_DIRTY_TEXTURES));
   bool faces = dirty & (AGX_DIRTY_ZS | AGX_DIRTY_RS | AGX_DIRTY_STENCIL_REF);
   bool object = dirty & (AGX_DIRTY_PRIM | AGX_DIRTY_FS);
   unsigned prim = ctx->prim;

   struct AGX_PPP_HEADER h = {
      .fragment_control = dirty & (AGX_DIRTY_ZS | AGX_DIRTY_RS |
                                   AGX_DIRTY_PRIM | AGX_DIRTY_QUERY),
      .fragment_control_2 = dirty & (AGX_DIRTY_FS | AGX_DIRTY_RS),
      .front_face = faces,
      .front_face_2 = object,
      .front_stencil = dirty & AGX_DIRTY_ZS,
      .back_face = faces,
      .back_face_2 = object,
      .back_stencil = dirty & AGX_DIRTY_ZS,
      .output_select = shaders,
      .varying_counts_32 = shaders,
      .varying_counts_16 = shaders,
      .cull = dirty & AGX_DIRTY_RS,
      .cull_2 = shaders,
      .fragment_shader = fs_words,
      .occlusion_query = dirty & AGX_DIRTY_QUERY,
      .output_size = dirty & AGX_DIRTY_VS,
      .viewport_count = 1,
   };

   size_t size = agx_ppp_update_size(&h);
   if (size == AGX_PPP_HEADER_LENGTH)
      return true;

   struct agx_ptr t = agx_pool_alloc(&batch->pool, size, 64);
   if (!t.cpu)
      return false;
   struct agx_ppp_update u = agx_ppp_begin(t.cpu, &h);
   bool is_line = agx_object_type(prim) == AGX_OBJECT_TYPE_LINE;
   bool is_point = prim == PIPE_PRIM_POINTS;

   if (h.fragment_control) {
      agx_ppp_push(&u, FRAGMENT_CONTROL, cfg)
      {
         cfg.scissor_enable = true;
         if (ctx->occlusion_query) {
            cfg.visibility_mode = agx_query_counting(ctx)
                                     ? AGX_VISIBILITY_MODE_COUNTING
                                     : AGX_VISIBILITY_MODE_BOOLEAN;
         }
         cfg.stencil_test_enable = zs->base.stencil[0].enabled;
         cfg.two_sided_stencil = zs->base.stencil[1].enabled;
         cfg.disable_tri_merging = is_line || is_point;
         cfg.depth_bias_enable =
            agx_object_type(prim) == AGX_OBJECT_TYPE_TRIANGLE &&
            agx_polygon_offset(&rast->base);
      }
   }
   if (h.fragment_control_2) {
      agx_ppp_push(&u, FRAGMENT_CONTROL, cfg)
      {
         cfg.tag_write_disable = rast->base.rasterizer_discard;
         /* Blending reads the tilebuffer: translucent. */
         bool reads_tib = false;
         for (unsigned rt = 0; rt < AGX_MAX_RTS; ++rt)
            reads_tib |= fs->key.fs.rt[rt].blend.enable;
         bool punch = fs->info.can_discard || fs->info.writes_sample_mask ||
                      fs->info.writes_depth;
         cfg.pass_type = reads_tib && punch
                            ? AGX_PASS_TYPE_TRANSLUCENT_PUNCH_THROUGH
                         : reads_tib ? AGX_PASS_TYPE_TRANSLUCENT
                         : punch     ? AGX_PASS_TYPE_PUNCH_THROUGH
                                     : AGX_PASS_TYPE_OPAQUE;
      }
   }

   for (unsigned face = 0; face < 2; ++face) {
      if (faces) {
         uint32_t w;
         agx_pack(&w, FRAGMENT_FACE, cfg) {
            bool two = zs->base.stencil[1].enabled;
            cfg.stencil_reference = ctx->stencil_ref.ref_value[two ? face : 0];
            cfg.line_width = rast->line_width;
            /* PIPE_POLYGON_MODE_* has the hardware's values */
            cfg.polygon_mode = (enum agx_polygon_mode)(
               face ? rast->base.fill_back : rast->base.fill_front);
         }
         agx_ppp_push_merged(&u, &w, &zs->face, 4);
      }
      if (object) {
         agx_ppp_push(&u, FRAGMENT_FACE_2, cfg)
         {
            cfg.object_type = agx_object_type(prim);
         }
      }
      if (dirty & AGX_DIRTY_ZS)
         agx_ppp_push_packed(&u, &zs->stencil[face], 4);
   }

   if (shaders) {
      uint32_t osel_vs, osel_fs;
      agx_pack(&osel_vs, OUTPUT_SELECT, cfg) {
         cfg.point_size = vs->info.vs.writes_psiz;
         /* both for the layer/viewport word (Mesa agx_nir_lower_uvs.c) */
         bool word = vs->info.vs.writes_layer || vs->info.vs.writes_viewport;
         cfg.render_target = word;
         cfg.viewport_target = word;
      }
      /* bits 0-7: the clip distances the VS writes (genxml output select
       * "clip distance i"), in the UVS after the point size */
      osel_vs |= vs->info.vs.clip_distance_mask;
      agx_pack(&osel_fs, OUTPUT_SELECT, cfg) {
         cfg.varyings = fs->info.fs.nr_bindings > 0;
         cfg.frag_coord_z = fs->info.fs.reads_z;
      }
      agx_ppp_push_merged(&u, &osel_vs, &osel_fs, 4);

      uint32_t counts[2];
      agx_pack_varying_counts(&vs->info.vs, counts);
      agx_ppp_push_packed(&u, &counts[0], 4);
      agx_ppp_push_packed(&u, &counts[1], 4);
   }

   if (h.cull)
      agx_ppp_push_packed(&u, &rast->cull, 4);
   if (h.cull_2)
      agx_ppp_push(&u, CULL_2, cfg);

   if (h.fragment_shader) {
      /* The coefficient binding table: which UVS slots feed which
       * coefficient registers.
       */
      if (shaders) {
         const struct agx_link_cache_entry *link = agx_link_cached(
            &ctx->link_cache, vs, fs, rast->base.flatshade_first);
         int words = link->words;
         ctx->cf_usc = 0;
         if (words > 0) {
            uint64_t va =
               agx_pool_upload(&batch->pipeline, link->table, words * 4, 16);
            if (!va)
               return false;
            ctx->cf_usc = va - screen->dev.usc_base;
         }
      }
      uint32_t cf_usc = ctx->cf_usc;

      uint32_t pipeline =
         agx_build_pipeline(ctx, batch, PIPE_SHADER_FRAGMENT, fs, p);
      if (batch->failed)
         return false;

      agx_ppp_push(&u, FRAGMENT_SHADER_WORD_0, cfg)
      {
         cfg.uniforms = fs->info.push_count;
         cfg.texture_states = ctx->fs_textures;
         cfg.sampler_states = ctx->fs_sampler_states;
         cfg.cf_bindings = fs->info.fs.nr_bindings;
      }
      agx_ppp_push(&u, FRAGMENT_SHADER_WORD_1, cfg)
      {
         cfg.pipeline = pipeline;
      }
      agx_ppp_push(&u, FRAGMENT_SHADER_WORD_2, cfg)
      {
         cfg.cf_bindings = cf_usc;
      }
      agx_ppp_push(&u, FRAGMENT_SHADER_WORD_3, cfg)
      {
         /* Mesa sets this with four or more textures (a guess there). */
         cfg.unknown = ctx->fs_textures >= 4;
      }
   }

   if (h.occlusion_query) {
      int slot = agx_query_slot(ctx);
      if (slot >= 0) {
         batch->oq_used = true;
         agx_batch_add_bo(batch, ctx->oq_heap);
      }
      agx_ppp_push(&u, FRAGMENT_OCCLUSION_QUERY, cfg)
      {
         cfg.index = slot >= 0 ? slot : 0;
      }
   }
   if (h.output_size) {
      agx_ppp_push(&u, OUTPUT_SIZE, cfg)
      {
         cfg.count = vs->info.vs.nr_words;
      }
   }

   if (!agx_ppp_end(&u, size)) {
      u_loge("asahi", "internal error: PPP update size mismatch");
      return false;
   }
   agx_vdm_ppp_state(&batch->vdm_head, t.gpu, size);
   return true;
}

/* ---- the draw --------------------------------------------------------- */

static enum agx_primitive
agx_primitive(unsigned mode)
{
   switch (mode) {
   case PIPE_PRIM_POINTS:
      return AGX_PRIMITIVE_POINTS;
   case PIPE_PRIM_LINES:
      return AGX_PRIMITIVE_LINES;
   case PIPE_PRIM_LINE_STRIP:
      return AGX_PRIMITIVE_LINE_STRIP;
   case PIPE_PRIM_LINE_LOOP:
      return AGX_PRIMITIVE_LINE_LOOP;
   case PIPE_PRIM_TRIANGLE_STRIP:
      return AGX_PRIMITIVE_TRIANGLE_STRIP;
   case PIPE_PRIM_TRIANGLE_FAN:
   case PIPE_PRIM_POLYGON:
      return AGX_PRIMITIVE_TRIANGLE_FAN;
   case PIPE_PRIM_QUADS:
      return AGX_PRIMITIVE_QUADS;
   case PIPE_PRIM_QUAD_STRIP:
      return AGX_PRIMITIVE_QUAD_STRIP;
   default:
      return AGX_PRIMITIVE_TRIANGLES;
   }
}

static unsigned
agx_max_index(const struct pipe_draw_info *info, const void *indices,
              unsigned count)
{
   unsigned max = 0;
   for (unsigned i = 0; i < count; ++i) {
      unsigned v = info->index_size == 1   ? ((const uint8_t *)indices)[i]
                   : info->index_size == 2 ? ((const uint16_t *)indices)[i]
                                           : ((const uint32_t *)indices)[i];
      if (info->primitive_restart && v == info->restart_index)
         continue;
      max = MAX2(max, v);
   }
   return max;
}

bool
agx_uses_user_vbs(struct agx_context *ctx)
{
   for (unsigned i = 0; i < ctx->nr_vb; ++i) {
      if (ctx->vb[i].is_user_buffer)
         return true;
   }
   return false;
}

void
agx_draw_one(struct agx_context *ctx, const struct pipe_draw_info *info,
             const struct pipe_draw_start_count_bias *draw)
{
   if (draw->count == 0 || info->instance_count == 0)
      return;
   if (ctx->reset)
      return;
   /* (a framebuffer without attachments has a size too:
    * ARB_framebuffer_no_attachments; its draws have only side effects) */
   if (!ctx->fb.width || !ctx->fb.height)
      return;
   if (!ctx->rast || !ctx->zs || !ctx->velems ||
       !ctx->stage[PIPE_SHADER_VERTEX].shader ||
       !ctx->stage[PIPE_SHADER_FRAGMENT].shader)
      return;

   /* A vertex buffer the batch writes (transform feedback) is read only
    * after that batch has run. */
   if (agx_xfb_reads_batch_writes(ctx, info))
      agx_flush_batch(ctx, "vertex buffer written by transform feedback");

   struct agx_batch *batch = agx_get_batch(ctx);
   if (!batch)
      return;

   /* GL_MULTISAMPLE off on a multisampled target rasterises as one
    * sample at the pixel centre: the sample positions are per pass
    * (ppp_multisamplectl), so draws of the two kinds go to separate
    * passes. */
   bool centre =
      batch->tib.nr_samples > 1 && !ctx->rast->base.multisample;
   if (batch->sample_mode_set && batch->centre_samples != centre) {
      agx_flush_batch(ctx, "multisample rasterisation switched");
      batch = agx_get_batch(ctx);
      if (!batch)
         return;
   }
   batch->sample_mode_set = true;
   batch->centre_samples = centre;

   /* Room for the worst case of one draw's packets. */
   size_t need =
      AGX_VDM_VS_STATE_B + 3 * AGX_PPP_STATE_LENGTH + AGX_VDM_DRAW_MAX_B + 64;
   /* Scissor and depth-bias records are indexed by 16-bit fields. */
   if (batch->vdm_head + need > batch->vdm_end ||
       batch->scissor.size / AGX_SCISSOR_LENGTH >= 0xff00 ||
       batch->depth_bias.size / AGX_DEPTH_BIAS_LENGTH >= 0xff00) {
      agx_flush_batch(ctx, "control stream full");
      batch = agx_get_batch(ctx);
      if (!batch)
         return;
   }

   /* Polygon stipple applies to polygons drawn filled (GL 2.1 section
    * 3.5.6): a fragment-shader variant (agx_fs_key::poly_stipple). */
   bool polygons = info->mode >= PIPE_PRIM_TRIANGLES &&
                   info->mode <= PIPE_PRIM_POLYGON;
   bool stipple = ctx->rast && ctx->rast->base.poly_stipple_enable &&
                  polygons &&
                  (ctx->rast->base.fill_front == PIPE_POLYGON_MODE_FILL ||
                   ctx->rast->base.fill_back == PIPE_POLYGON_MODE_FILL);
   if (stipple != ctx->poly_stipple_on) {
      ctx->poly_stipple_on = stipple;
      ctx->dirty |= AGX_DIRTY_RS;
   }
   /* Point sprites replace the texture coordinates of points only (GL
    * 2.1 section 3.4.1; points of polygons in mode GL_POINT too): a
    * fragment-shader variant (agx_fs_key::sprite_coord_replace). */
   bool all_points =
      info->mode == PIPE_PRIM_POINTS ||
      (polygons && ctx->rast &&
       ctx->rast->base.fill_front == PIPE_POLYGON_MODE_POINT &&
       ctx->rast->base.fill_back == PIPE_POLYGON_MODE_POINT);
   uint8_t sprite = all_points && ctx->rast
                       ? (uint8_t)ctx->rast->base.sprite_coord_enable
                       : 0;
   if (sprite != ctx->sprite_coord_replace) {
      ctx->sprite_coord_replace = sprite;
      ctx->dirty |= AGX_DIRTY_RS;
   }
   /* Points without per-vertex sizes: a vertex-shader variant storing
    * the rasterizer's size (agx_vs_key::fixed_point_size). */
   bool points = info->mode == PIPE_PRIM_POINTS ||
                 (polygons && ctx->rast &&
                  (ctx->rast->base.fill_front == PIPE_POLYGON_MODE_POINT ||
                   ctx->rast->base.fill_back == PIPE_POLYGON_MODE_POINT));
   bool fixed_size = points && ctx->rast &&
                     !ctx->rast->base.point_size_per_vertex && !ctx->gs_pass;
   if (fixed_size != ctx->fixed_point_size_on) {
      ctx->fixed_point_size_on = fixed_size;
      ctx->dirty |= AGX_DIRTY_RS;
   }

   /* Variants depend on the vertex elements (VS), the framebuffer (FS, a
    * new batch marks everything dirty), blending and the point sprite
    * origin (FS): look them up only then.
    */
   struct agx_compiled_shader *vs = ctx->vs, *fs = ctx->fs;
   /* Capturing strips, loops and fans takes a variant per topology. */
   unsigned xfb_prim =
      info->mode | (info->index_size ? AGX_XFB_PRIM_INDEXED : 0);
   bool xfb_mode_changed = ctx->nr_so_targets && ctx->xfb_prim != xfb_prim;
   ctx->xfb_prim = xfb_prim;
   /* (the FS decides whether the VS writes clip distances as varyings) */
   if (!vs || xfb_mode_changed ||
       (ctx->dirty &
        (AGX_DIRTY_VS | AGX_DIRTY_VERTEX | AGX_DIRTY_RS | AGX_DIRTY_FS)))
      vs = agx_get_variant(ctx, PIPE_SHADER_VERTEX);
   /* (and the VS how many cull distances the FS tests) */
   if (!fs || (ctx->dirty & (AGX_DIRTY_FS | AGX_DIRTY_BLEND | AGX_DIRTY_RS |
                             AGX_DIRTY_VS)))
      fs = agx_get_variant(ctx, PIPE_SHADER_FRAGMENT);
   if (!vs || !fs)
      return;

   /* Uploaded uniform blocks follow the constants and the batch. */
   if (ctx->dirty & (AGX_DIRTY_CONST | AGX_DIRTY_VS_CONST | AGX_DIRTY_FS)) {
      for (unsigned s = 0; s < PIPE_SHADER_TYPES; ++s)
         ctx->stage[s].cb0_va = 0;
   }

   /* Descriptor tables follow the texture state and the batch. */
   if (ctx->dirty & AGX_DIRTY_TEXTURES) {
      for (unsigned s = 0; s < PIPE_SHADER_TYPES; ++s)
         ctx->stage[s].tables.valid = false;
   }
   if (vs != ctx->vs)
      ctx->dirty |= AGX_DIRTY_VS;
   if (fs != ctx->fs)
      ctx->dirty |= AGX_DIRTY_FS;
   ctx->vs = vs;
   ctx->fs = fs;
   if (info->mode != ctx->prim) {
      ctx->prim = info->mode;
      ctx->dirty |= AGX_DIRTY_PRIM;
   }

   /* Indices */
   uint64_t index_va = 0;
   uint32_t index_extent = 0;
   struct agx_draw_params params = {
      .max_vertex = draw->start + draw->count - 1,
      .max_instance = info->start_instance + info->instance_count - 1,
      .start_instance = info->start_instance,
   };
   struct agx_xfb_draw xfb;
   if (ctx->gs_pass) {
      /* a pass of a geometry-shader draw: its own stores (agx_gs.c) */
      xfb = *ctx->gs_pass->xfb;
      for (unsigned i = 0; i < 3; ++i) {
         if (ctx->gs_pass->reads[i])
            agx_batch_reads(batch, ctx->gs_pass->reads[i]);
         if (ctx->gs_pass->writes[i])
            agx_batch_writes(batch, ctx->gs_pass->writes[i]);
      }
   } else {
      agx_xfb_prepare(ctx, batch, vs, info, draw, &xfb);
      /* The indexed capture variant fetches its vertex numbers from the
       * list agx_xfb_indices wrote: without it, nothing to draw (better
       * than a GPU fault at address 0). */
      if (vs->key.vs.xfb.nr_outputs &&
          vs->key.vs.xfb.unroll == AGX_XFB_UNROLL_INDEXED &&
          !xfb.indices_va)
         return;
   }
   params.xfb = &xfb;
   /* Unrolled for capture: the separate primitives instead. */
   struct pipe_draw_info unrolled_info;
   struct pipe_draw_start_count_bias unrolled_draw;
   if (xfb.unrolled) {
      unrolled_info = *info;
      unrolled_info.mode = xfb.list;
      unrolled_draw = *draw;
      unrolled_draw.count = xfb.vertices;
      if (xfb.indexed) {
         unrolled_info.index_size = 0;
         unrolled_draw.start = 0;
         unrolled_draw.index_bias = 0;
         params.max_vertex = xfb.max_index;
      }
      info = &unrolled_info;
      draw = &unrolled_draw;
      if (!draw->count)
         return;
      if (info->mode != ctx->prim) {
         ctx->prim = info->mode;
         ctx->dirty |= AGX_DIRTY_PRIM;
      }
   }

   if (info->index_size) {
      unsigned isz = info->index_size;
      uint32_t bytes = draw->count * isz;
      const void *cpu_indices = NULL;

      if (info->has_user_indices) {
         cpu_indices = (const uint8_t *)info->index.user + draw->start * isz;
         index_va = agx_pool_upload(&batch->pool, cpu_indices, bytes, 64);
         index_extent = bytes;
      } else {
         struct agx_resource *ib = agx_resource(info->index.resource);
         uint64_t offset = (uint64_t)draw->start * isz;
         /* indirect: the hardware adds the first index to the whole
          * buffer's address */
         if (ctx->indirect) {
            offset = 0;
            bytes = (uint32_t)MIN2(ib->layout.size_B, UINT32_MAX & ~3u);
         }
         agx_batch_reads(batch, info->index.resource);
         index_va = ib->bo->va + offset;
         index_extent = offset < ib->layout.size_B
                           ? (uint32_t)MIN2(bytes, ib->layout.size_B - offset)
                           : 0;
         if (agx_uses_user_vbs(ctx) && !info->index_bounds_valid)
            cpu_indices = (const uint8_t *)agx_bo_map(ib->bo) + offset;
      }

      if (info->index_bounds_valid)
         params.max_vertex = info->max_index + MAX2(draw->index_bias, 0);
      else if (cpu_indices)
         params.max_vertex = agx_max_index(info, cpu_indices, draw->count) +
                             MAX2(draw->index_bias, 0);
   }

   uint32_t dirty = ctx->dirty;
   /* Uniform data lives in the word lists: new data (uniforms, vertex
    * buffer addresses, user vertex buffers uploaded per draw, textures),
    * new vertex word list.
    */
   /* (and a new base instance: AGX_SYSVAL_BASE_INSTANCE) */
   bool vs_state =
      (dirty & (AGX_DIRTY_VS | AGX_DIRTY_FS | AGX_DIRTY_RS |
                AGX_DIRTY_VS_CONST | AGX_DIRTY_VERTEX | AGX_DIRTY_TEXTURES)) ||
      agx_uses_user_vbs(ctx) || vs->key.vs.xfb.nr_outputs ||
      params.start_instance != ctx->vs_start_instance;

   if (vs_state) {
      uint32_t pipeline =
         agx_build_pipeline(ctx, batch, PIPE_SHADER_VERTEX, vs, &params);
      if (batch->failed)
         return;
      ctx->vs_start_instance = params.start_instance;
      uint32_t counts;
      agx_pack(&counts, VDM_STATE_VS_WORD_0, cfg) {
         cfg.uniforms = vs->info.push_count;
         cfg.texture_states = ctx->vs_textures;
         cfg.sampler_states = ctx->vs_sampler_states;
      }
      struct agx_vdm_vs_state s = {
         .counts = counts,
         .pipeline = pipeline,
         .output_count = vs->info.vs.nr_words,
         .flat_first = ctx->rast->base.flatshade_first,
         .rasterizer_discard = ctx->rast->base.rasterizer_discard,
      };
      agx_vdm_vs(&batch->vdm_head, &s);
   }

   /* Depth bias: a record of the batch's array, indexed by the next
    * viewport/scissor update.  Fact: alexvorxx/Mesa-VirGL
    * src/gallium/drivers/asahi/agx_state.c (agx_upload_depth_bias: the
    * constant is offset_units * 2).
    */
   if ((dirty & AGX_DIRTY_RS) &&
       (ctx->rast->base.offset_tri || ctx->rast->base.offset_line ||
        ctx->rast->base.offset_point)) {
      void *db =
         util_dynarray_grow_bytes(&batch->depth_bias, AGX_DEPTH_BIAS_LENGTH);
      if (!db) {
         batch->failed = true;
         return;
      }
      agx_pack(db, DEPTH_BIAS, cfg) {
         cfg.constant = ctx->rast->base.offset_units * 2.0f;
         cfg.slope_scale = ctx->rast->base.offset_scale;
         cfg.clamp = ctx->rast->base.offset_clamp;
      }
   }

   /* (and when the program rasterized starts or stops selecting
    * viewports) */
   if ((dirty & (AGX_DIRTY_VIEWPORT | AGX_DIRTY_SCISSOR | AGX_DIRTY_RS)) ||
       agx_viewport_count(ctx) != ctx->viewport_count)
      agx_encode_viewport_scissor(ctx, batch);

   if (!agx_encode_ppp(ctx, batch, &params, dirty)) {
      u_loge("asahi", "out of memory recording a draw; the render pass "
                      "will be dropped");
      batch->failed = true;
      return;
   }

   if (!ctx->gs_pass && !ctx->xfb_off)
      agx_xfb_done(ctx, vs, &xfb);

   uint64_t indirect_va = 0;
   if (ctx->indirect) {
      struct agx_resource *ind = agx_resource(ctx->indirect->buffer);
      agx_batch_reads(batch, ctx->indirect->buffer);
      indirect_va = ind->bo->va + ctx->indirect->offset;
   }
   if (!info->index_size && !indirect_va && !ctx->dirty_draw_header &&
       ctx->draw_header_prim == info->mode) {
      agx_vdm_draw_packed(&batch->vdm_head, ctx->draw_header, draw->count,
                          info->instance_count, draw->start);
      ctx->dirty = 0;
      ctx->repeat.recorded = true;
      batch->draws++;
      return;
   }

   struct agx_vdm_draw d = {
      .primitive = agx_primitive(info->mode),
      .count = draw->count,
      .instances = info->instance_count,
      .start = info->index_size ? (uint32_t)draw->index_bias : draw->start,
      .index_size_B = info->index_size,
      .index_va = index_va,
      .index_extent_B = index_extent,
      .restart = info->index_size && info->primitive_restart,
      .restart_index = info->restart_index,
      .indirect_va = indirect_va,
   };
   agx_vdm_draw(&batch->vdm_head, &d);
   /* (indexed from a buffer: agx_draw_repeat_indexed) */
   if (info->index_size && !info->has_user_indices && !indirect_va) {
      ctx->repeat.recorded = true;
      ctx->repeat.hw_prim = d.primitive;
   }
   if (!info->index_size && !indirect_va) {
      ctx->draw_header = agx_vdm_draw_header(&d);
      ctx->draw_header_prim = info->mode;
      ctx->dirty_draw_header = false;
      ctx->repeat.recorded = true;
   }

   ctx->dirty = 0;
   batch->draws++;
}

void
agx_draw_direct(struct agx_context *ctx, const struct pipe_draw_info *info,
                const struct pipe_draw_start_count_bias *draw)
{
   ctx->repeat.valid = false;
   ctx->repeat.recorded = false;
   if (agx_draw_per_sample(ctx, info, draw) || agx_gs_draw(ctx, info, draw) ||
       agx_draw_capture_apart(ctx, info, draw) ||
       agx_draw_converted(ctx, info, draw))
      return;
   agx_draw_one(ctx, info, draw);
   agx_draw_repeat_note(ctx, info);
}

/* The draws of a draw_vbo that is not a repeat.  A draw after the first
 * of a multi-draw changes no state: it may be its draw words alone, as a
 * separate draw_vbo would.  (Out of line: agx_draw_vbo's repeat check
 * stays short.) */
static void __attribute__((noinline))
agx_draw_each(struct agx_context *ctx, const struct pipe_draw_info *info,
              const struct pipe_draw_start_count_bias *draws,
              unsigned num_draws)
{
   for (unsigned i = 0; i < num_draws; ++i) {
      if (i > 0 && agx_draw_repeat(ctx, info, &draws[i], 1))
         continue;
      agx_draw_direct(ctx, info, &draws[i]);
   }
}

static void
agx_draw_vbo(struct pipe_context *pctx, const struct pipe_draw_info *info,
             unsigned drawid_offset,
             const struct pipe_draw_indirect_info *indirect,
             const struct pipe_draw_start_count_bias *draws, unsigned num_draws)
{
   struct agx_context *ctx = agx_context(pctx);
   if (indirect) {
      agx_draw_indirect(ctx, info, indirect);
      return;
   }
   /* nothing changed since the last plain draw */
   if (agx_draw_repeat(ctx, info, draws, num_draws))
      return;
   agx_draw_each(ctx, info, draws, num_draws);
   if (agx_batch_holds_too_much(ctx->batch))
      agx_flush_batch(ctx, "memory held");
}

void
agx_init_draw_functions(struct pipe_context *pctx)
{
   pctx->draw_vbo = agx_draw_vbo;
}
