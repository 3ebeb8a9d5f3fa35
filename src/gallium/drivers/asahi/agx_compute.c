/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compute dispatches (launch_grid), shader storage buffers
 * (set_shader_buffers) and memory barriers.
 *
 * A dispatch is its own batch (agx_batch_create_compute): the render pass
 * being recorded is submitted first, so that the dispatch sees what earlier
 * draws wrote, then one drm_asahi compute command runs a CDM control
 * stream of one launch and a terminator.  Every command waits for all
 * earlier work of the queue (barriers 0), so later draws and dispatches
 * see what the dispatch wrote.  The launch words (facts:
 * alexvorxx/Mesa-VirGL src/asahi/genxml/cmdbuf.xml "CDM", agx_state.c
 * agx_launch_grid; ours in src/asahi/genxml/cmdbuf.xml):
 *   - word 0: uniform, texture and sampler counts, mode (direct, or
 *     indirect global for pipe_grid_info::indirect);
 *   - word 1: the USC word list (textures, samplers, uniforms, shared
 *     memory, shader, registers, no preshader);
 *   - direct: the grid size in threads (grid * block); indirect: the
 *     address of three u32 workgroup counts (the application's buffer,
 *     read by the hardware as groups);
 *   - the workgroup size in threads;
 * then a cache-flushing barrier and the terminator.
 * gl_NumWorkGroups is read by the shader from the same three words
 * (AGX_SYSVAL_GRID_ADDR: the indirect buffer, or a copy of grid).
 */
#include <string.h>

#include "util/log.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "agx_pack.h"
#include "agx_state.h"
#include "agx_usc.h"

/* Threadgroup memory a workgroup may use (PIPE_CAP_MAX_COMPUTE_SHARED_
 * MEMORY): Mesa's asahi driver offers 32 KiB (alexvorxx/Mesa-VirGL
 * src/gallium/drivers/asahi/agx_pipe.c, PIPE_COMPUTE_CAP_MAX_LOCAL_SIZE). */
#define AGX_MAX_SHARED_B 32768
#define AGX_MAX_THREADS_PER_GROUP 1024

/* ---- storage buffers ---------------------------------------------------- */

static void
agx_set_shader_buffers(struct pipe_context *pctx, enum pipe_shader_type shader,
                       unsigned start, unsigned count,
                       const struct pipe_shader_buffer *buffers,
                       unsigned writable_bitmask)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_stage_state *st = &ctx->stage[shader];
   for (unsigned i = 0; i < count; ++i) {
      unsigned slot = start + i;
      if (slot >= AGX_MAX_SSBOS)
         break;
      struct pipe_shader_buffer *sb = &st->ssbo[slot];
      const struct pipe_shader_buffer *in = buffers ? &buffers[i] : NULL;
      pipe_resource_reference(&sb->buffer, in ? in->buffer : NULL);
      sb->buffer_offset = in ? in->buffer_offset : 0;
      sb->buffer_size = in ? in->buffer_size : 0;
      if (in && (writable_bitmask & (1u << i)))
         st->ssbo_writable |= 1u << slot;
      else
         st->ssbo_writable &= ~(1u << slot);
   }
   /* the records are uniforms of the stage's word list */
   ctx->dirty |=
      shader == PIPE_SHADER_VERTEX ? AGX_DIRTY_VS_CONST : AGX_DIRTY_CONST;
}

void
agx_push_range_upload(struct agx_batch *batch, struct agx_usc_builder *b,
                      const struct agx_push_range *r, const uint32_t *data)
{
   uint64_t va = agx_pool_upload(&batch->pool, data, r->length * 2, 16);
   if (!va)
      batch->failed = true;
   agx_usc_uniform(b, r->uniform, r->length, va);
}

void
agx_lod_bias_sysval(const struct agx_stage_state *st, unsigned sv,
                    uint32_t *word)
{
   if (sv < AGX_SYSVAL_SAMPLER_LOD_BIAS0 ||
       sv >= AGX_SYSVAL_SAMPLER_LOD_BIAS0 + 16)
      return;
   unsigned k = sv - AGX_SYSVAL_SAMPLER_LOD_BIAS0;
   float f =
      agx_sampler_lod_bias(k < PIPE_MAX_SAMPLERS ? st->samplers[k] : NULL);
   memcpy(word, &f, sizeof(f));
}

bool
agx_usc_alloc(struct agx_batch *batch, const struct agx_compiled_shader *cs,
              struct agx_ptr *t, struct agx_usc_builder *b)
{
   size_t size = AGX_USC_MAX_SIZE(cs->info.nr_push + 8);
   *t = agx_pool_alloc(&batch->pipeline, size, 64);
   if (!t->cpu)
      return false;
   *b = agx_usc_builder_init(t->cpu, size);
   return true;
}

bool
agx_push_stage_words(struct agx_context *ctx, struct agx_batch *batch,
                     enum pipe_shader_type stage,
                     const struct agx_compiled_shader *cs,
                     const struct agx_push_range *r, uint32_t *data)
{
   const struct agx_stage_state *st = &ctx->stage[stage];

   switch (r->kind) {
   case AGX_PUSH_GL_UNIFORMS:
      for (unsigned w = 0; w < r->length / 2; ++w) {
         size_t off = 4 * ((size_t)r->index + w);
         if (st->cb0 && off + 4 <= st->cb0_size)
            memcpy(&data[w], (const uint8_t *)st->cb0 + off, 4);
      }
      return true;
   case AGX_PUSH_TEXTURE_SIZE:
      if (r->index >= AGX_IMAGE_TS_BASE)
         agx_image_size_words(st, r->index, data);
      else
         agx_texture_size_words(r->index < PIPE_MAX_SHADER_SAMPLER_VIEWS
                                   ? st->views[r->index]
                                   : NULL,
                                data);
      return true;
   case AGX_PUSH_SSBO:
      agx_ssbo_record(ctx, batch, stage, r->index, data);
      return true;
   case AGX_PUSH_IMAGE_ATOMIC:
      agx_image_atomic_record(st, r->index, data);
      return true;
   case AGX_PUSH_TEXTURE_SAMPLES:
      data[0] = agx_texture_samples_word(st, r->index);
      return true;
   case AGX_PUSH_CONSTANTS:
      agx_push_constants(&cs->info, r, data);
      return true;
   default:
      return false;
   }
}

void
agx_ssbo_record(struct agx_context *ctx, struct agx_batch *batch,
                enum pipe_shader_type stage, unsigned index, uint32_t out[4])
{
   out[0] = out[1] = out[2] = out[3] = 0;
   if (index >= AGX_MAX_SSBOS)
      return;
   const struct agx_stage_state *st = &ctx->stage[stage];
   const struct pipe_shader_buffer *sb = &st->ssbo[index];
   if (!sb->buffer)
      return;
   struct agx_resource *r = agx_resource(sb->buffer);
   /* the range inside the resource: accesses past it are dropped by the
    * shader (agx_nir_lower_ssbo.c) */
   unsigned width = sb->buffer->width0;
   unsigned size = 0;
   if (sb->buffer_offset < width)
      size = MIN2(sb->buffer_size, width - sb->buffer_offset);
   uint64_t va = r->bo->va + sb->buffer_offset;
   out[0] = (uint32_t)va;
   out[1] = (uint32_t)(va >> 32);
   out[2] = size;
   if (st->ssbo_writable & (1u << index))
      agx_batch_writes(batch, sb->buffer);
   else
      agx_batch_reads(batch, sb->buffer);
}

void
agx_release_ssbos(struct agx_context *ctx)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; ++s) {
      for (unsigned i = 0; i < AGX_MAX_SSBOS; ++i)
         pipe_resource_reference(&ctx->stage[s].ssbo[i].buffer, NULL);
   }
}

/* ---- memory barriers ----------------------------------------------------- */

/* Commands run one after another on the queue, each after everything
 * before it, so a barrier only has to end the render pass being recorded:
 * its draws may write storage buffers that later draws read (GL 4.6
 * section 7.13.2). */
static void
agx_memory_barrier(struct pipe_context *pctx, unsigned flags)
{
   struct agx_context *ctx = agx_context(pctx);
   (void)flags;
   if (ctx->batch && ctx->batch->draws)
      agx_flush_batch(ctx, "memory barrier");
}

/* ---- dispatch -------------------------------------------------------------- */

/* The uniform ranges of the compute shader (agx_compile.h push layout). */
static void
agx_compute_uniforms(struct agx_context *ctx, struct agx_batch *batch,
                     struct agx_usc_builder *b,
                     const struct agx_compiled_shader *cs, uint64_t grid_va)
{
   const enum pipe_shader_type stage = PIPE_SHADER_COMPUTE;
   struct agx_stage_state *st = &ctx->stage[stage];

   for (unsigned i = 0; i < cs->info.nr_push; ++i) {
      const struct agx_push_range *r = &cs->info.push[i];
      unsigned words = r->length / 2;
      uint32_t data[32] = {0};

      switch (r->kind) {
      case AGX_PUSH_UBO_BASE: {
         uint64_t va = r->index < AGX_MAX_UBOS
                          ? agx_ubo_address(ctx, batch, stage, r->index)
                          : 0;
         data[0] = (uint32_t)va;
         data[1] = (uint32_t)(va >> 32);
         break;
      }
      case AGX_PUSH_SYSVAL:
         for (unsigned w = 0; w < words; ++w) {
            unsigned sv = r->index + w;
            uint64_t va = 0;
            if (sv == AGX_SYSVAL_GRID_ADDR_LO || sv == AGX_SYSVAL_GRID_ADDR_HI)
               va = grid_va;
            if (sv == AGX_SYSVAL_GL_UNIFORMS_ADDR_LO ||
                sv == AGX_SYSVAL_GL_UNIFORMS_ADDR_HI) {
               if (!st->cb0_va && st->cb0 && st->cb0_size)
                  st->cb0_va = agx_pool_upload(&batch->pool, st->cb0,
                                               st->cb0_size, 16);
               va = st->cb0_va;
            }
            if (sv == AGX_SYSVAL_GRID_ADDR_LO ||
                sv == AGX_SYSVAL_GL_UNIFORMS_ADDR_LO)
               data[w] = (uint32_t)va;
            else if (sv == AGX_SYSVAL_GRID_ADDR_HI ||
                     sv == AGX_SYSVAL_GL_UNIFORMS_ADDR_HI)
               data[w] = (uint32_t)(va >> 32);
            else
               agx_lod_bias_sysval(st, sv, &data[w]);
         }
         break;
      default:
         /* vertex buffers: not in compute shaders */
         agx_push_stage_words(ctx, batch, stage, cs, r, data);
         break;
      }

      agx_push_range_upload(batch, b, r, data);
   }
}

/* The USC word list of a dispatch (offset from usc_exec_base, 0 on
 * failure), and the counts for CDM launch word 0. */
static uint32_t
agx_compute_usc(struct agx_context *ctx, struct agx_batch *batch,
                const struct agx_compiled_shader *cs, unsigned shared_B,
                uint64_t grid_va, unsigned *nr_tex, unsigned *samp)
{
   struct agx_screen *screen = agx_screen(ctx->base.screen);
   struct agx_ptr t;
   struct agx_usc_builder b;
   if (!agx_usc_alloc(batch, cs, &t, &b))
      return 0;

   ctx->stage[PIPE_SHADER_COMPUTE].tables.valid = false;
   agx_bind_textures(ctx, batch, PIPE_SHADER_COMPUTE, &b, nr_tex, samp);
   agx_compute_uniforms(ctx, batch, &b, cs, grid_va);

   /* Threadgroup memory in 256-byte units (cmdbuf.xml "usc shared"); a
    * shader without any takes the vertex/compute default of Mesa's
    * agx_usc_shared_none. */
   agx_usc_pack(&b, USC_SHARED, cfg)
   {
      cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
      cfg.uses_shared_memory = shared_B > 0;
      cfg.bytes_per_threadgroup = shared_B ? align(shared_B, 256) : 65536;
   }
   agx_usc_pack(&b, USC_SHADER, cfg)
   {
      cfg.code = cs->code_usc;
   }
   agx_usc_pack(&b, USC_REGISTERS, cfg)
   {
      cfg.gprs = cs->info.nr_gprs ? cs->info.nr_gprs : 8;
      cfg.spill_size = agx_spill_size_field(cs->info.scratch_size_dw);
   }
   agx_usc_pack_preshader(&b, cs->info.has_preamble,
                          cs->code_usc + cs->info.preamble_offset);

   agx_batch_add_bo(batch, cs->bo);
   if (b.overflow)
      return 0;
   return (uint32_t)(t.gpu - screen->dev.usc_base);
}

/* The CDM stream of one launch; its start and end (0 on failure). */
static uint64_t
agx_compute_cdm(struct agx_batch *batch, const struct pipe_grid_info *info,
                uint32_t usc, unsigned push_count, unsigned nr_tex,
                unsigned samp, uint64_t indirect_va, uint64_t *end)
{
   size_t size = AGX_CDM_LAUNCH_WORD_0_LENGTH + AGX_CDM_LAUNCH_WORD_1_LENGTH +
                 AGX_CDM_GLOBAL_SIZE_LENGTH + AGX_CDM_LOCAL_SIZE_LENGTH +
                 AGX_CDM_BARRIER_LENGTH + AGX_CDM_STREAM_TERMINATE_LENGTH;
   struct agx_ptr t = agx_pool_alloc(&batch->pool, size, 64);
   if (!t.cpu)
      return 0;
   uint8_t *out = t.cpu;

   agx_pack(out, CDM_LAUNCH_WORD_0, cfg)
   {
      cfg.uniforms = push_count;
      cfg.texture_states = nr_tex;
      cfg.sampler_states = samp;
      cfg.preshader_gprs = 0;
      cfg.mode = indirect_va ? AGX_CDM_MODE_INDIRECT_GLOBAL
                             : AGX_CDM_MODE_DIRECT;
   }
   out += AGX_CDM_LAUNCH_WORD_0_LENGTH;
   agx_pack(out, CDM_LAUNCH_WORD_1, cfg)
   {
      cfg.pipeline = usc;
   }
   out += AGX_CDM_LAUNCH_WORD_1_LENGTH;

   if (indirect_va) {
      agx_pack(out, CDM_INDIRECT, cfg)
      {
         cfg.address_hi = (uint32_t)(indirect_va >> 32);
         cfg.address_lo = (uint32_t)indirect_va;
      }
      out += AGX_CDM_INDIRECT_LENGTH;
   } else {
      agx_pack(out, CDM_GLOBAL_SIZE, cfg)
      {
         cfg.x = info->grid[0] * info->block[0];
         cfg.y = info->grid[1] * info->block[1];
         cfg.z = info->grid[2] * info->block[2];
      }
      out += AGX_CDM_GLOBAL_SIZE_LENGTH;
   }
   agx_pack(out, CDM_LOCAL_SIZE, cfg)
   {
      cfg.x = info->block[0];
      cfg.y = info->block[1];
      cfg.z = info->block[2];
   }
   out += AGX_CDM_LOCAL_SIZE_LENGTH;
   /* caches flushed after the launch, with the bits Mesa's drivers set
    * after every launch on single-cluster G13 (alexvorxx/Mesa-VirGL
    * src/asahi/vulkan/hk_cmd_dispatch.c hk_cdm_cache_flush) */
   agx_pack(out, CDM_BARRIER, cfg)
   {
      cfg.unk_5 = true;
      cfg.unk_6 = true;
      cfg.unk_8 = true;
   }
   out += AGX_CDM_BARRIER_LENGTH;
   agx_pack(out, CDM_STREAM_TERMINATE, cfg);
   out += AGX_CDM_STREAM_TERMINATE_LENGTH;

   *end = t.gpu + (uint64_t)(out - (uint8_t *)t.cpu);
   return t.gpu;
}

static void
agx_launch_grid(struct pipe_context *pctx, const struct pipe_grid_info *info)
{
   struct agx_context *ctx = agx_context(pctx);
   if (ctx->reset || !ctx->stage[PIPE_SHADER_COMPUTE].shader)
      return;

   uint64_t threads = (uint64_t)info->block[0] * info->block[1] *
                      info->block[2];
   if (threads == 0 || threads > AGX_MAX_THREADS_PER_GROUP)
      return;
   if (!info->indirect &&
       (info->grid[0] == 0 || info->grid[1] == 0 || info->grid[2] == 0))
      return; /* no workgroups: nothing runs */
   if (!info->indirect) {
      /* the grid in threads must fit the 32-bit words */
      for (unsigned k = 0; k < 3; ++k) {
         if ((uint64_t)info->grid[k] * info->block[k] > UINT32_MAX)
            return;
      }
   }

   struct agx_compiled_shader *cs = agx_get_variant(ctx, PIPE_SHADER_COMPUTE);
   if (!cs)
      return;
   const struct agx_uncompiled_shader *so =
      ctx->stage[PIPE_SHADER_COMPUTE].shader;
   unsigned shared_B = MAX2(cs->info.local_size_B, so->static_shared_B) +
                       info->variable_shared_mem;
   if (shared_B > AGX_MAX_SHARED_B) {
      u_loge("asahi",
             "compute dispatch skipped: %u bytes of shared memory, the "
             "limit is %u",
             shared_B, AGX_MAX_SHARED_B);
      return;
   }

   /* earlier draws first */
   agx_flush_batch(ctx, "compute dispatch");
   struct agx_batch *batch = agx_batch_create_compute(ctx);
   if (!batch)
      return;

   uint64_t grid_va, indirect_va = 0;
   if (info->indirect) {
      struct agx_resource *ind = agx_resource(info->indirect);
      agx_batch_reads(batch, info->indirect);
      indirect_va = ind->bo->va + info->indirect_offset;
      grid_va = indirect_va;
   } else {
      uint32_t grid[3] = {info->grid[0], info->grid[1], info->grid[2]};
      grid_va = agx_pool_upload(&batch->pool, grid, sizeof(grid), 16);
   }

   unsigned nr_tex = 0, samp = 0;
   ctx->stage[PIPE_SHADER_COMPUTE].cb0_va = 0;
   uint32_t usc =
      grid_va ? agx_compute_usc(ctx, batch, cs, shared_B, grid_va, &nr_tex,
                                &samp)
              : 0;
   uint64_t end = 0;
   uint64_t cdm = usc ? agx_compute_cdm(batch, info, usc, cs->info.push_count,
                                        nr_tex, samp, indirect_va, &end)
                      : 0;
   /* the uploads belong to this batch */
   ctx->stage[PIPE_SHADER_COMPUTE].cb0_va = 0;
   ctx->stage[PIPE_SHADER_COMPUTE].tables.valid = false;
   if (!cdm)
      batch->failed = true;

   struct drm_asahi_cmd_compute cmd;
   memset(&cmd, 0, sizeof(cmd));
   cmd.cdm_ctrl_stream_base = cdm;
   cmd.cdm_ctrl_stream_end = end;
   agx_batch_submit_compute(batch, &cmd);
}

void
agx_init_compute_functions(struct pipe_context *pctx)
{
   pctx->launch_grid = agx_launch_grid;
   pctx->set_shader_buffers = agx_set_shader_buffers;
   pctx->memory_barrier = agx_memory_barrier;
}
