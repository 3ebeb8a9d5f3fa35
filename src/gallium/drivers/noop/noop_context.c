/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The noop context: CSOs are copies of their templates, views reference
 * their resources, transfers point straight into host memory, and draws,
 * clears and blits are dropped.  resource_copy_region and the subdata
 * hooks really copy, so uploads and readbacks round-trip.
 */
#include <stdlib.h>
#include <string.h>

#include "noop_priv.h"
#include "util/format/u_format.h"
#include "util/ralloc.h"
#include "util/u_inlines.h"

/* A CSO is a heap copy of its template (nothing reads it back). */
#define NOOP_CSO(name, type)                                                   \
   static void *noop_create_##name(struct pipe_context *ctx,                   \
                                   const type *templ)                          \
   {                                                                           \
      type *cso = malloc(sizeof(*cso));                                        \
      if (cso)                                                                 \
         *cso = *templ;                                                        \
      return cso;                                                              \
   }                                                                           \
   static void noop_delete_##name(struct pipe_context *ctx, void *cso)         \
   {                                                                           \
      free(cso);                                                               \
   }

NOOP_CSO(blend_state, struct pipe_blend_state)
NOOP_CSO(sampler_state, struct pipe_sampler_state)
NOOP_CSO(rasterizer_state, struct pipe_rasterizer_state)
NOOP_CSO(depth_stencil_alpha_state, struct pipe_depth_stencil_alpha_state)

static void
noop_bind_state(struct pipe_context *ctx, void *cso)
{
}

static void
noop_bind_sampler_states(struct pipe_context *ctx, enum pipe_shader_type shader,
                         unsigned start, unsigned count, void **samplers)
{
}

/* Shaders own their NIR (p_state.h). */
static void *
noop_create_shader_state(struct pipe_context *ctx,
                         const struct pipe_shader_state *templ)
{
   struct pipe_shader_state *cso = malloc(sizeof(*cso));

   if (cso)
      *cso = *templ;
   else if (templ->type == PIPE_SHADER_IR_NIR)
      ralloc_free(templ->ir.nir);
   return cso;
}

static void
noop_delete_shader_state(struct pipe_context *ctx, void *cso)
{
   struct pipe_shader_state *state = cso;

   if (state && state->type == PIPE_SHADER_IR_NIR)
      ralloc_free(state->ir.nir);
   free(state);
}

static void *
noop_create_compute_state(struct pipe_context *ctx,
                          const struct pipe_compute_state *templ)
{
   struct pipe_compute_state *cso = malloc(sizeof(*cso));

   if (cso)
      *cso = *templ;
   return cso;
}

static void
noop_delete_compute_state(struct pipe_context *ctx, void *cso)
{
   struct pipe_compute_state *state = cso;

   if (state && state->ir_type == PIPE_SHADER_IR_NIR)
      ralloc_free((void *)state->prog);
   free(state);
}

static void *
noop_create_vertex_elements_state(struct pipe_context *ctx, unsigned count,
                                  const struct pipe_vertex_element *elements)
{
   struct pipe_vertex_element *cso = calloc(count ? count : 1, sizeof(*cso));

   if (cso && count)
      memcpy(cso, elements, count * sizeof(*cso));
   return cso;
}

static void
noop_delete_cso(struct pipe_context *ctx, void *cso)
{
   free(cso);
}

static void
noop_draw_vbo(struct pipe_context *ctx, const struct pipe_draw_info *info,
              unsigned drawid_offset,
              const struct pipe_draw_indirect_info *indirect,
              const struct pipe_draw_start_count_bias *draws,
              unsigned num_draws)
{
   /* A driver owning the index buffer reference would drop it here. */
   if (info->take_index_buffer_ownership && info->index_size &&
       !info->has_user_indices) {
      struct pipe_resource *index = info->index.resource;
      pipe_resource_reference(&index, NULL);
   }
}

static void
noop_launch_grid(struct pipe_context *ctx, const struct pipe_grid_info *info)
{
}

/* Queries answer zero at once. */
struct noop_query {
   unsigned type;
};

static struct pipe_query *
noop_create_query(struct pipe_context *ctx, unsigned query_type, unsigned index)
{
   struct noop_query *q = calloc(1, sizeof(*q));

   if (q)
      q->type = query_type;
   return (struct pipe_query *)q;
}

static void
noop_destroy_query(struct pipe_context *ctx, struct pipe_query *q)
{
   free(q);
}

static bool
noop_begin_end_query(struct pipe_context *ctx, struct pipe_query *q)
{
   return true;
}

static bool
noop_get_query_result(struct pipe_context *ctx, struct pipe_query *q, bool wait,
                      union pipe_query_result *result)
{
   memset(result, 0, sizeof(*result));
   return true;
}

static void
noop_render_condition(struct pipe_context *ctx, struct pipe_query *q,
                      bool condition, enum pipe_render_cond_flag mode)
{
}

static void
noop_set_blend_color(struct pipe_context *ctx,
                     const struct pipe_blend_color *color)
{
}

static void
noop_set_stencil_ref(struct pipe_context *ctx,
                     const struct pipe_stencil_ref ref)
{
}

static void
noop_set_sample_mask(struct pipe_context *ctx, unsigned mask)
{
}

static void
noop_set_clip_state(struct pipe_context *ctx,
                    const struct pipe_clip_state *clip)
{
}

static void
noop_set_polygon_stipple(struct pipe_context *ctx,
                         const struct pipe_poly_stipple *stipple)
{
}

static void
noop_set_constant_buffer(struct pipe_context *ctx, enum pipe_shader_type shader,
                         unsigned index, bool take_ownership,
                         const struct pipe_constant_buffer *buf)
{
   if (take_ownership && buf && buf->buffer) {
      struct pipe_resource *res = buf->buffer;
      pipe_resource_reference(&res, NULL);
   }
}

static void
noop_set_framebuffer_state(struct pipe_context *ctx,
                           const struct pipe_framebuffer_state *fb)
{
}

static void
noop_set_scissor_states(struct pipe_context *ctx, unsigned start, unsigned num,
                        const struct pipe_scissor_state *s)
{
}

static void
noop_set_viewport_states(struct pipe_context *ctx, unsigned start, unsigned num,
                         const struct pipe_viewport_state *v)
{
}

static void
noop_set_sampler_views(struct pipe_context *ctx, enum pipe_shader_type shader,
                       unsigned start, unsigned count, unsigned unbind_trailing,
                       bool take_ownership, struct pipe_sampler_view **views)
{
   if (!take_ownership || !views)
      return;
   for (unsigned i = 0; i < count; i++)
      pipe_sampler_view_reference(&views[i], NULL);
}

static void
noop_set_shader_buffers(struct pipe_context *ctx, enum pipe_shader_type shader,
                        unsigned start, unsigned count,
                        const struct pipe_shader_buffer *buffers,
                        unsigned writable)
{
}

static void
noop_set_shader_images(struct pipe_context *ctx, enum pipe_shader_type shader,
                       unsigned start, unsigned count, unsigned unbind_trailing,
                       const struct pipe_image_view *images)
{
}

static void
noop_set_vertex_buffers(struct pipe_context *ctx, unsigned count,
                        const struct pipe_vertex_buffer *buffers)
{
}

static struct pipe_stream_output_target *
noop_create_stream_output_target(struct pipe_context *ctx,
                                 struct pipe_resource *buffer, unsigned offset,
                                 unsigned size)
{
   struct pipe_stream_output_target *t = calloc(1, sizeof(*t));

   if (!t)
      return NULL;
   pipe_reference_init(&t->reference, 1);
   pipe_resource_reference(&t->buffer, buffer);
   t->context = ctx;
   t->buffer_offset = offset;
   t->buffer_size = size;
   return t;
}

static void
noop_stream_output_target_destroy(struct pipe_context *ctx,
                                  struct pipe_stream_output_target *t)
{
   pipe_resource_reference(&t->buffer, NULL);
   free(t);
}

static void
noop_set_stream_output_targets(struct pipe_context *ctx, unsigned num,
                               struct pipe_stream_output_target **targets,
                               const unsigned *offsets)
{
}

static void
noop_resource_copy_region(struct pipe_context *ctx, struct pipe_resource *dst,
                          unsigned dst_level, unsigned dstx, unsigned dsty,
                          unsigned dstz, struct pipe_resource *src,
                          unsigned src_level, const struct pipe_box *src_box)
{
   struct noop_resource *d = noop_resource(dst);
   struct noop_resource *s = noop_resource(src);
   struct pipe_box dbox = *src_box;

   dbox.x = (int)dstx;
   dbox.y = (int)dsty;
   dbox.z = (int)dstz;

   if (dst->target == PIPE_BUFFER) {
      memmove(d->data + dstx, s->data + src_box->x, src_box->width);
      return;
   }

   unsigned bw = util_format_get_blockwidth(src->format);
   unsigned bh = util_format_get_blockheight(src->format);
   size_t row_B = (size_t)((src_box->width + bw - 1) / bw) *
                  util_format_get_blocksize(src->format);
   unsigned rows = (src_box->height + bh - 1) / bh;

   for (int z = 0; z < src_box->depth; z++) {
      struct pipe_box sb = *src_box, db = dbox;
      sb.z += z;
      db.z += z;
      uint8_t *sp = s->data + noop_resource_offset(s, src_level, &sb);
      uint8_t *dp = d->data + noop_resource_offset(d, dst_level, &db);
      for (unsigned y = 0; y < rows; y++) {
         memmove(dp, sp, row_B);
         sp += s->stride_B[src_level];
         dp += d->stride_B[dst_level];
      }
   }
}

static void
noop_blit(struct pipe_context *ctx, const struct pipe_blit_info *info)
{
}

static void
noop_clear(struct pipe_context *ctx, unsigned buffers,
           const struct pipe_scissor_state *scissor,
           const union pipe_color_union *color, double depth, unsigned stencil)
{
}

static void
noop_clear_render_target(struct pipe_context *ctx, struct pipe_surface *dst,
                         const union pipe_color_union *color, unsigned x,
                         unsigned y, unsigned w, unsigned h, bool cond)
{
}

static void
noop_clear_depth_stencil(struct pipe_context *ctx, struct pipe_surface *dst,
                         unsigned flags, double depth, unsigned stencil,
                         unsigned x, unsigned y, unsigned w, unsigned h,
                         bool cond)
{
}

static void
noop_clear_buffer(struct pipe_context *ctx, struct pipe_resource *res,
                  unsigned offset, unsigned size, const void *value,
                  int value_size)
{
   uint8_t *p = noop_resource(res)->data + offset;

   for (unsigned i = 0; i + value_size <= size; i += value_size)
      memcpy(p + i, value, value_size);
}

static void
noop_flush(struct pipe_context *ctx, struct pipe_fence_handle **fence,
           unsigned flags)
{
   if (fence) {
      struct pipe_fence_handle *f = noop_fence_create();
      ctx->screen->fence_reference(ctx->screen, fence, NULL);
      *fence = f;
   }
}

static enum pipe_reset_status
noop_get_device_reset_status(struct pipe_context *ctx)
{
   (void)ctx;
   return PIPE_NO_RESET; /* nothing runs, so nothing can fault */
}

static void
noop_barrier(struct pipe_context *ctx, unsigned flags)
{
}

static void
noop_resource_hook(struct pipe_context *ctx, struct pipe_resource *res)
{
}

static struct pipe_sampler_view *
noop_create_sampler_view(struct pipe_context *ctx, struct pipe_resource *res,
                         const struct pipe_sampler_view *templ)
{
   struct pipe_sampler_view *view = malloc(sizeof(*view));

   if (!view)
      return NULL;
   *view = *templ;
   pipe_reference_init(&view->reference, 1);
   view->texture = NULL;
   pipe_resource_reference(&view->texture, res);
   view->context = ctx;
   return view;
}

static void
noop_sampler_view_destroy(struct pipe_context *ctx,
                          struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   free(view);
}

static struct pipe_surface *
noop_create_surface(struct pipe_context *ctx, struct pipe_resource *res,
                    const struct pipe_surface *templ)
{
   struct pipe_surface *surf = malloc(sizeof(*surf));

   if (!surf)
      return NULL;
   *surf = *templ;
   pipe_reference_init(&surf->reference, 1);
   surf->texture = NULL;
   pipe_resource_reference(&surf->texture, res);
   surf->context = ctx;
   if (res->target != PIPE_BUFFER) {
      surf->width = u_minify(res->width0, templ->u.tex.level);
      surf->height = u_minify(res->height0, templ->u.tex.level);
   }
   return surf;
}

static void
noop_surface_destroy(struct pipe_context *ctx, struct pipe_surface *surf)
{
   pipe_resource_reference(&surf->texture, NULL);
   free(surf);
}

static void *
noop_map(struct pipe_context *ctx, struct pipe_resource *res, unsigned level,
         unsigned usage, const struct pipe_box *box, struct pipe_transfer **out)
{
   struct noop_resource *nres = noop_resource(res);
   struct pipe_transfer *transfer = calloc(1, sizeof(*transfer));

   if (!transfer)
      return NULL;
   pipe_resource_reference(&transfer->resource, res);
   transfer->level = level;
   transfer->usage = usage;
   transfer->box = *box;
   if (res->target != PIPE_BUFFER) {
      transfer->stride = nres->stride_B[level];
      transfer->layer_stride = nres->layer_stride_B[level];
   }
   *out = transfer;
   return nres->data + noop_resource_offset(nres, level, box);
}

static void
noop_unmap(struct pipe_context *ctx, struct pipe_transfer *transfer)
{
   pipe_resource_reference(&transfer->resource, NULL);
   free(transfer);
}

static void
noop_transfer_flush_region(struct pipe_context *ctx,
                           struct pipe_transfer *transfer,
                           const struct pipe_box *box)
{
}

static void
noop_buffer_subdata(struct pipe_context *ctx, struct pipe_resource *res,
                    unsigned usage, unsigned offset, unsigned size,
                    const void *data)
{
   memcpy(noop_resource(res)->data + offset, data, size);
}

static void
noop_texture_subdata(struct pipe_context *ctx, struct pipe_resource *res,
                     unsigned level, unsigned usage, const struct pipe_box *box,
                     const void *data, unsigned stride, uintptr_t layer_stride)
{
   struct noop_resource *nres = noop_resource(res);
   unsigned bw = util_format_get_blockwidth(res->format);
   unsigned bh = util_format_get_blockheight(res->format);
   size_t row_B = (size_t)((box->width + bw - 1) / bw) *
                  util_format_get_blocksize(res->format);
   unsigned rows = (box->height + bh - 1) / bh;

   for (int z = 0; z < box->depth; z++) {
      struct pipe_box b = *box;
      b.z += z;
      uint8_t *dp = nres->data + noop_resource_offset(nres, level, &b);
      const uint8_t *sp = (const uint8_t *)data + z * layer_stride;
      for (unsigned y = 0; y < rows; y++) {
         memcpy(dp, sp, row_B);
         dp += nres->stride_B[level];
         sp += stride;
      }
   }
}

static bool
noop_generate_mipmap(struct pipe_context *ctx, struct pipe_resource *res,
                     enum pipe_format format, unsigned base_level,
                     unsigned last_level, unsigned first_layer,
                     unsigned last_layer)
{
   return true;
}

static void
noop_destroy(struct pipe_context *ctx)
{
   free(ctx);
}

struct pipe_context *
noop_context_create(struct pipe_screen *screen, void *priv, unsigned flags)
{
   struct pipe_context *ctx = calloc(1, sizeof(*ctx));

   if (!ctx)
      return NULL;
   ctx->screen = screen;
   ctx->priv = priv;
   ctx->destroy = noop_destroy;
   ctx->draw_vbo = noop_draw_vbo;
   ctx->launch_grid = noop_launch_grid;

   ctx->create_query = noop_create_query;
   ctx->destroy_query = noop_destroy_query;
   ctx->begin_query = noop_begin_end_query;
   ctx->end_query = noop_begin_end_query;
   ctx->get_query_result = noop_get_query_result;
   ctx->render_condition = noop_render_condition;

   ctx->create_blend_state = noop_create_blend_state;
   ctx->bind_blend_state = noop_bind_state;
   ctx->delete_blend_state = noop_delete_blend_state;
   ctx->create_sampler_state = noop_create_sampler_state;
   ctx->bind_sampler_states = noop_bind_sampler_states;
   ctx->delete_sampler_state = noop_delete_sampler_state;
   ctx->create_rasterizer_state = noop_create_rasterizer_state;
   ctx->bind_rasterizer_state = noop_bind_state;
   ctx->delete_rasterizer_state = noop_delete_rasterizer_state;
   ctx->create_depth_stencil_alpha_state =
      noop_create_depth_stencil_alpha_state;
   ctx->bind_depth_stencil_alpha_state = noop_bind_state;
   ctx->delete_depth_stencil_alpha_state =
      noop_delete_depth_stencil_alpha_state;

   ctx->create_vs_state = noop_create_shader_state;
   ctx->bind_vs_state = noop_bind_state;
   ctx->delete_vs_state = noop_delete_shader_state;
   ctx->create_fs_state = noop_create_shader_state;
   ctx->bind_fs_state = noop_bind_state;
   ctx->delete_fs_state = noop_delete_shader_state;
   ctx->create_gs_state = noop_create_shader_state;
   ctx->bind_gs_state = noop_bind_state;
   ctx->delete_gs_state = noop_delete_shader_state;
   ctx->create_tcs_state = noop_create_shader_state;
   ctx->bind_tcs_state = noop_bind_state;
   ctx->delete_tcs_state = noop_delete_shader_state;
   ctx->create_tes_state = noop_create_shader_state;
   ctx->bind_tes_state = noop_bind_state;
   ctx->delete_tes_state = noop_delete_shader_state;
   ctx->create_compute_state = noop_create_compute_state;
   ctx->bind_compute_state = noop_bind_state;
   ctx->delete_compute_state = noop_delete_compute_state;
   ctx->create_vertex_elements_state = noop_create_vertex_elements_state;
   ctx->bind_vertex_elements_state = noop_bind_state;
   ctx->delete_vertex_elements_state = noop_delete_cso;

   ctx->set_blend_color = noop_set_blend_color;
   ctx->set_stencil_ref = noop_set_stencil_ref;
   ctx->set_sample_mask = noop_set_sample_mask;
   ctx->set_min_samples = noop_set_sample_mask;
   ctx->set_clip_state = noop_set_clip_state;
   ctx->set_polygon_stipple = noop_set_polygon_stipple;
   ctx->set_constant_buffer = noop_set_constant_buffer;
   ctx->set_framebuffer_state = noop_set_framebuffer_state;
   ctx->set_scissor_states = noop_set_scissor_states;
   ctx->set_viewport_states = noop_set_viewport_states;
   ctx->set_sampler_views = noop_set_sampler_views;
   ctx->set_shader_buffers = noop_set_shader_buffers;
   ctx->set_shader_images = noop_set_shader_images;
   ctx->set_vertex_buffers = noop_set_vertex_buffers;
   ctx->create_stream_output_target = noop_create_stream_output_target;
   ctx->stream_output_target_destroy = noop_stream_output_target_destroy;
   ctx->set_stream_output_targets = noop_set_stream_output_targets;

   ctx->resource_copy_region = noop_resource_copy_region;
   ctx->blit = noop_blit;
   ctx->clear = noop_clear;
   ctx->clear_render_target = noop_clear_render_target;
   ctx->clear_depth_stencil = noop_clear_depth_stencil;
   ctx->clear_buffer = noop_clear_buffer;
   ctx->flush = noop_flush;
   ctx->get_device_reset_status = noop_get_device_reset_status;
   ctx->texture_barrier = noop_barrier;
   ctx->memory_barrier = noop_barrier;
   ctx->invalidate_resource = noop_resource_hook;
   ctx->flush_resource = noop_resource_hook;

   ctx->create_sampler_view = noop_create_sampler_view;
   ctx->sampler_view_destroy = noop_sampler_view_destroy;
   ctx->create_surface = noop_create_surface;
   ctx->surface_destroy = noop_surface_destroy;

   ctx->buffer_map = noop_map;
   ctx->buffer_unmap = noop_unmap;
   ctx->texture_map = noop_map;
   ctx->texture_unmap = noop_unmap;
   ctx->transfer_flush_region = noop_transfer_flush_region;
   ctx->buffer_subdata = noop_buffer_subdata;
   ctx->texture_subdata = noop_texture_subdata;
   ctx->generate_mipmap = noop_generate_mipmap;
   return ctx;
}
