/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The asahi context: state objects (prepacked with genxml where the
 * hardware has a word for them), bindings, surfaces, sampler views and
 * flush.
 */
#include <stdlib.h>
#include <string.h>

#include "util/u_inlines.h"
#include "util/u_math.h"

#include "agx_pack.h"
#include "agx_render.h"
#include "agx_state.h"

struct pipe_fence_handle *agx_fence_create(struct agx_screen *screen);

/* ---- blend ------------------------------------------------------------ */

static void *
agx_create_blend_state(struct pipe_context *pctx,
                       const struct pipe_blend_state *templ)
{
   struct agx_blend *so = calloc(1, sizeof(*so));
   if (so)
      so->base = *templ;
   return so;
}

static void
agx_bind_blend_state(struct pipe_context *pctx, void *cso)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->blend = cso;
   ctx->dirty |= AGX_DIRTY_BLEND;
}

static void
agx_delete_state(struct pipe_context *pctx, void *cso)
{
   free(cso);
}

/* ---- rasterizer ------------------------------------------------------- */

/* Line width in the Fragment Face word: 4.4 fixed point, minus one.
 * Fact: alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_state.c.
 */
static uint8_t
agx_pack_line_width(float width)
{
   float fixed = width * 16.0f;
   if (!(fixed >= 1.0f))
      return 0;
   if (fixed > 256.0f)
      return 0xff;
   return (uint8_t)((unsigned)fixed - 1);
}

static void *
agx_create_rs_state(struct pipe_context *pctx,
                    const struct pipe_rasterizer_state *templ)
{
   struct agx_rasterizer *so = calloc(1, sizeof(*so));
   if (!so)
      return NULL;
   so->base = *templ;
   so->line_width = agx_pack_line_width(templ->line_width);

   agx_pack(&so->cull, CULL, cfg) {
      cfg.cull_front = templ->cull_face & PIPE_FACE_FRONT;
      cfg.cull_back = templ->cull_face & PIPE_FACE_BACK;
      cfg.front_face_ccw = templ->front_ccw;
      cfg.depth_clip = templ->depth_clip_near;
      cfg.depth_clamp = !templ->depth_clip_near;
      cfg.flat_shading_vertex =
         templ->flatshade_first ? AGX_PPP_VERTEX_0 : AGX_PPP_VERTEX_2;
      cfg.rasterizer_discard = templ->rasterizer_discard;
   }
   return so;
}

static void
agx_bind_rs_state(struct pipe_context *pctx, void *cso)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->rast = cso;
   ctx->dirty |= AGX_DIRTY_RS | AGX_DIRTY_SCISSOR;
}

/* ---- depth/stencil ---------------------------------------------------- */

static enum agx_stencil_op
agx_stencil_op(unsigned op)
{
   switch (op) {
   case PIPE_STENCIL_OP_ZERO:
      return AGX_STENCIL_OP_ZERO;
   case PIPE_STENCIL_OP_REPLACE:
      return AGX_STENCIL_OP_REPLACE;
   case PIPE_STENCIL_OP_INCR:
      return AGX_STENCIL_OP_INCR_SAT;
   case PIPE_STENCIL_OP_DECR:
      return AGX_STENCIL_OP_DECR_SAT;
   case PIPE_STENCIL_OP_INCR_WRAP:
      return AGX_STENCIL_OP_INCR_WRAP;
   case PIPE_STENCIL_OP_DECR_WRAP:
      return AGX_STENCIL_OP_DECR_WRAP;
   case PIPE_STENCIL_OP_INVERT:
      return AGX_STENCIL_OP_INVERT;
   default:
      return AGX_STENCIL_OP_KEEP;
   }
}

static void
agx_pack_stencil(uint32_t *out, const struct pipe_stencil_state *st)
{
   agx_pack(out, FRAGMENT_STENCIL, cfg) {
      if (st->enabled) {
         /* pipe_compare_func is in GL order, like the ZS Func enum */
         cfg.compare = (enum agx_zs_func)st->func;
         cfg.stencil_fail = agx_stencil_op(st->fail_op);
         cfg.depth_fail = agx_stencil_op(st->zfail_op);
         cfg.depth_pass = agx_stencil_op(st->zpass_op);
         cfg.read_mask = st->valuemask;
         cfg.write_mask = st->writemask;
      } else {
         cfg.compare = AGX_ZS_FUNC_ALWAYS;
         cfg.read_mask = 0xff;
         cfg.write_mask = 0xff;
      }
   }
}

static void *
agx_create_zsa_state(struct pipe_context *pctx,
                     const struct pipe_depth_stencil_alpha_state *templ)
{
   struct agx_zsa *so = calloc(1, sizeof(*so));
   if (!so)
      return NULL;
   so->base = *templ;

   agx_pack(&so->face, FRAGMENT_FACE, cfg) {
      cfg.depth_function = templ->depth_enabled
                              ? (enum agx_zs_func)templ->depth_func
                              : AGX_ZS_FUNC_ALWAYS;
      cfg.disable_depth_write =
         !(templ->depth_enabled && templ->depth_writemask);
   }

   agx_pack_stencil(&so->stencil[0], &templ->stencil[0]);
   agx_pack_stencil(&so->stencil[1], templ->stencil[1].enabled
                                        ? &templ->stencil[1]
                                        : &templ->stencil[0]);
   return so;
}

static void
agx_bind_zsa_state(struct pipe_context *pctx, void *cso)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->zs = cso;
   ctx->dirty |= AGX_DIRTY_ZS;
}

/* ---- vertex elements -------------------------------------------------- */

static void *
agx_create_vertex_elements(struct pipe_context *pctx, unsigned count,
                           const struct pipe_vertex_element *el)
{
   struct agx_vertex_elements *so = calloc(1, sizeof(*so));
   if (!so)
      return NULL;
   so->count = count < AGX_MAX_ATTRIBS ? count : AGX_MAX_ATTRIBS;
   memcpy(so->el, el, so->count * sizeof(*el));
   return so;
}

static void
agx_bind_vertex_elements(struct pipe_context *pctx, void *cso)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->velems = cso;
   ctx->dirty |= AGX_DIRTY_VERTEX | AGX_DIRTY_VS;
}

/* ---- samplers and views (descriptors: agx_texture.c) ----------------- */

static void
agx_bind_sampler_states(struct pipe_context *pctx, enum pipe_shader_type shader,
                        unsigned start, unsigned count, void **samplers)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_stage_state *st = &ctx->stage[shader];
   bool biased = false, changed = false;
   unsigned end = st->nr_samplers;
   for (unsigned i = 0; i < count && start + i < PIPE_MAX_SAMPLERS; ++i) {
      void *old = st->samplers[start + i];
      void *now = samplers ? samplers[i] : NULL;
      if (old == now)
         continue;
      changed = true;
      st->samplers[start + i] = now;
      end = MAX2(end, start + i + 1);
      /* a LOD bias appearing or going changes the shader variant */
      biased |= (agx_sampler_lod_bias(old) != 0.0f) !=
                (agx_sampler_lod_bias(now) != 0.0f);
   }
   /* Binding the bound CSOs again (the state tracker rebinds a stage's
    * samplers after any texture or program change) changes nothing. */
   if (!changed)
      return;
   if (biased)
      ctx->dirty |=
         shader == PIPE_SHADER_VERTEX ? AGX_DIRTY_VS : AGX_DIRTY_FS;
   /* (slots past the old count and the ones set are empty) */
   while (end && !st->samplers[end - 1])
      end--;
   st->nr_samplers = end;
   ctx->dirty |= AGX_DIRTY_TEXTURES;
}

static struct pipe_sampler_view *
agx_create_sampler_view(struct pipe_context *pctx, struct pipe_resource *res,
                        const struct pipe_sampler_view *templ)
{
   struct agx_sampler_view *view = calloc(1, sizeof(*view));
   if (!view)
      return NULL;
   struct pipe_sampler_view *so = &view->base;
   *so = *templ;
   pipe_reference_init(&so->reference, 1);
   so->texture = NULL;
   pipe_resource_reference(&so->texture, res);
   so->context = pctx;
   return so;
}

static void
agx_sampler_view_destroy(struct pipe_context *pctx,
                         struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   free(view);
}

static void
agx_set_sampler_views(struct pipe_context *pctx, enum pipe_shader_type shader,
                      unsigned start, unsigned count, unsigned unbind,
                      bool take_ownership, struct pipe_sampler_view **views)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_stage_state *st = &ctx->stage[shader];
   bool clamps = false, changed = false;
   unsigned end = st->nr_views;
   for (unsigned i = 0; i < count + unbind; ++i) {
      unsigned slot = start + i;
      if (slot >= PIPE_MAX_SHADER_SAMPLER_VIEWS)
         break;
      struct pipe_sampler_view *v = (i < count && views) ? views[i] : NULL;
      if (v == st->views[slot]) {
         /* bound already: an owned reference is one too many */
         if (take_ownership)
            pipe_sampler_view_reference(&v, NULL);
         continue;
      }
      changed = true;
      end = MAX2(end, slot + 1);
      /* a Z24 view coming or going changes the shader variant */
      clamps |= agx_view_clamps_ref(st->views[slot]) != agx_view_clamps_ref(v);
      if (take_ownership) {
         pipe_sampler_view_reference(&st->views[slot], NULL);
         st->views[slot] = v;
      } else {
         pipe_sampler_view_reference(&st->views[slot], v);
      }
   }
   /* Views bound again (after a program change) change nothing. */
   if (!changed)
      return;
   /* (slots past the old count and the ones set are empty) */
   while (end && !st->views[end - 1])
      end--;
   st->nr_views = end;
   if (clamps)
      ctx->dirty |=
         shader == PIPE_SHADER_VERTEX ? AGX_DIRTY_VS : AGX_DIRTY_FS;
   ctx->dirty |= AGX_DIRTY_TEXTURES;
}

/* ---- parameters ------------------------------------------------------- */

static void
agx_set_blend_color(struct pipe_context *pctx,
                    const struct pipe_blend_color *color)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->blend_color = *color;
   /* The colour is pushed with the fragment shader's uniforms. */
   ctx->dirty |= AGX_DIRTY_CONST;
}

static void
agx_set_stencil_ref(struct pipe_context *pctx,
                    const struct pipe_stencil_ref ref)
{
   struct agx_context *ctx = agx_context(pctx);
   ctx->stencil_ref = ref;
   ctx->dirty |= AGX_DIRTY_STENCIL_REF;
}

/* Where the rasteriser puts the samples: the positions the driver
 * programs (agx_default_sample_positions, one byte per sample, x in the
 * low nibble and y in the high one, sixteenths of a pixel from its
 * top-left corner; the layout fact: alexvorxx/Mesa-VirGL
 * src/asahi/vulkan/hk_cmd_draw.c, hk_pack_ppp_multisamplectrl). */
static void
agx_get_sample_position(struct pipe_context *pctx, unsigned sample_count,
                        unsigned sample_index, float *out)
{
   uint32_t packed = agx_default_sample_positions(sample_count);
   uint32_t b = sample_index < 4 ? (packed >> (8 * sample_index)) & 0xff
                                 : 0x88;
   if (sample_index >= sample_count)
      b = 0x88;
   out[0] = (float)(b & 0xf) / 16.0f;
   out[1] = (float)(b >> 4) / 16.0f;
}

static void
agx_set_sample_mask(struct pipe_context *pctx, unsigned mask)
{
   /* Applied in the fragment shader (agx_fs_key::sample_mask_disable). */
   struct agx_context *ctx = agx_context(pctx);
   if (ctx->sample_mask != mask) {
      ctx->sample_mask = mask;
      ctx->dirty |= AGX_DIRTY_BLEND;
   }
}

static void
agx_set_debug_callback(struct pipe_context *pctx,
                       const struct util_debug_callback *cb)
{
   struct agx_context *ctx = agx_context(pctx);
   if (cb)
      ctx->debug = *cb;
   else
      memset(&ctx->debug, 0, sizeof(ctx->debug));
}

static void
agx_set_clip_state(struct pipe_context *pctx,
                   const struct pipe_clip_state *clip)
{
   /* The planes reach vertex shaders writing gl_ClipVertex as system
    * values (agx_draw.c). */
   struct agx_context *ctx = agx_context(pctx);
   ctx->clip = *clip;
   ctx->dirty |= AGX_DIRTY_VS_CONST;
}

static void
agx_set_constant_buffer(struct pipe_context *pctx, enum pipe_shader_type shader,
                        unsigned index, bool take_ownership,
                        const struct pipe_constant_buffer *cb)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_stage_state *st = &ctx->stage[shader];

   if (index != 0) {
      agx_set_ubo(ctx, shader, index, take_ownership, cb);
      return;
   }

   /* The copy keeps its allocation while it is big enough: the default
    * uniform block changes between most draws of a uniform-heavy
    * program (gl-drawoverhead's uniform case). */
   st->cb0_size = 0;
   if (cb && cb->buffer_size) {
      const void *src = cb->user_buffer;
      struct pipe_transfer *t = NULL;
      if (!src && cb->buffer) {
         struct pipe_box box;
         u_box_1d(cb->buffer_offset, cb->buffer_size, &box);
         src = pctx->buffer_map(pctx, cb->buffer, 0, PIPE_MAP_READ, &box, &t);
      } else if (src) {
         src = (const uint8_t *)src + cb->buffer_offset;
      }
      if (cb->buffer_size > st->cb0_capacity) {
         free(st->cb0);
         st->cb0 = malloc(cb->buffer_size);
         st->cb0_capacity = st->cb0 ? cb->buffer_size : 0;
      }
      if (st->cb0 && src) {
         memcpy(st->cb0, src, cb->buffer_size);
         st->cb0_size = cb->buffer_size;
      }
      if (t)
         pctx->buffer_unmap(pctx, t);
   }
   if (take_ownership && cb && cb->buffer) {
      struct pipe_resource *r = cb->buffer;
      pipe_resource_reference(&r, NULL);
   }
   ctx->dirty |=
      shader == PIPE_SHADER_VERTEX ? AGX_DIRTY_VS_CONST : AGX_DIRTY_CONST;
}

static void
agx_set_framebuffer_state(struct pipe_context *pctx,
                          const struct pipe_framebuffer_state *fb)
{
   struct agx_context *ctx = agx_context(pctx);

   /* One batch per framebuffer: render passes end when it changes. */
   agx_flush_batch(ctx, "framebuffer change");

   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; ++i)
      pipe_surface_reference(&ctx->fb.cbufs[i],
                             i < fb->nr_cbufs ? fb->cbufs[i] : NULL);
   pipe_surface_reference(&ctx->fb.zsbuf, fb->zsbuf);
   ctx->fb.width = fb->width;
   ctx->fb.height = fb->height;
   ctx->fb.layers = fb->layers;
   ctx->fb.samples = fb->samples;
   ctx->fb.nr_cbufs = fb->nr_cbufs;
   ctx->dirty = AGX_DIRTY_ALL;
}

static void
agx_set_scissor_states(struct pipe_context *pctx, unsigned start,
                       unsigned count, const struct pipe_scissor_state *s)
{
   struct agx_context *ctx = agx_context(pctx);
   for (unsigned i = 0; i < count && start + i < AGX_MAX_VIEWPORTS; i++)
      ctx->scissor[start + i] = s[i];
   ctx->dirty |= AGX_DIRTY_SCISSOR;
}

static void
agx_set_viewport_states(struct pipe_context *pctx, unsigned start,
                        unsigned count, const struct pipe_viewport_state *vp)
{
   struct agx_context *ctx = agx_context(pctx);
   for (unsigned i = 0; i < count && start + i < AGX_MAX_VIEWPORTS; i++)
      ctx->viewport[start + i] = vp[i];
   ctx->dirty |= AGX_DIRTY_VIEWPORT;
}

static void
agx_set_vertex_buffers(struct pipe_context *pctx, unsigned count,
                       const struct pipe_vertex_buffer *buffers)
{
   struct agx_context *ctx = agx_context(pctx);
   /* Slots past both counts are zero already.  Rebinding what is bound
    * (the state tracker sets its buffers again after a program change)
    * changes nothing: the addresses pushed to the vertex shader stay. */
   unsigned slots = MAX2(count, ctx->nr_vb);
   bool changed = count != ctx->nr_vb;
   for (unsigned i = 0; i < slots && i < PIPE_MAX_ATTRIBS; ++i) {
      struct pipe_vertex_buffer *vb = &ctx->vb[i];
      const struct pipe_vertex_buffer *src =
         i < count && buffers ? &buffers[i] : NULL;
      if (src && !src->is_user_buffer && !vb->is_user_buffer &&
          vb->buffer.resource == src->buffer.resource &&
          vb->buffer_offset == src->buffer_offset)
         continue;
      changed = true;
      if (!vb->is_user_buffer)
         pipe_resource_reference(&vb->buffer.resource, NULL);
      memset(vb, 0, sizeof(*vb));
      if (src) {
         *vb = *src;
         if (!vb->is_user_buffer) {
            vb->buffer.resource = NULL;
            pipe_resource_reference(&vb->buffer.resource,
                                    src->buffer.resource);
         }
      }
   }
   ctx->nr_vb = count;
   if (changed)
      ctx->dirty |= AGX_DIRTY_VERTEX;
}

/* ---- surfaces --------------------------------------------------------- */

static struct pipe_surface *
agx_create_surface(struct pipe_context *pctx, struct pipe_resource *res,
                   const struct pipe_surface *templ)
{
   struct pipe_surface *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   *s = *templ;
   pipe_reference_init(&s->reference, 1);
   s->texture = NULL;
   pipe_resource_reference(&s->texture, res);
   s->context = pctx;
   unsigned level = templ->u.tex.level;
   s->width = u_minify(res->width0, level);
   s->height = u_minify(res->height0, level);
   return s;
}

static void
agx_surface_destroy(struct pipe_context *pctx, struct pipe_surface *s)
{
   pipe_resource_reference(&s->texture, NULL);
   free(s);
}

/* ---- flush and lifetime ----------------------------------------------- */

static void
agx_flush(struct pipe_context *pctx, struct pipe_fence_handle **fence,
          unsigned flags)
{
   struct agx_context *ctx = agx_context(pctx);
   agx_flush_batch(ctx, "flush");
   if (fence) {
      struct pipe_screen *screen = pctx->screen;
      struct pipe_fence_handle *f = agx_fence_create(agx_screen(screen));
      screen->fence_reference(screen, fence, NULL);
      *fence = f;
   }
}

/* GL_KHR_robustness.  A submission the GPU ran with an error (a fault,
 * a timeout: its fence's error, read back when the batch retires,
 * agx_batch_status) makes its context guilty; the device goes on, so the
 * other contexts see no reset.  A rejected SUBMIT or a wait that fails
 * (agx_batch.c) loses the whole screen: the submitting context is guilty,
 * any other context on it innocent (its work may be gone too).  Each
 * reset is reported once.
 */
static enum pipe_reset_status
agx_get_device_reset_status(struct pipe_context *pctx)
{
   struct agx_context *ctx = agx_context(pctx);
   struct agx_screen *screen = agx_screen(pctx->screen);

   /* Learn about batches that finished since the last look. */
   agx_retire_batches(ctx, false);

   if (ctx->reset_reported)
      return PIPE_NO_RESET;
   if (ctx->reset) {
      ctx->reset_reported = true;
      return PIPE_GUILTY_CONTEXT_RESET;
   }
   if (screen->lost) {
      ctx->reset = true; /* the device is gone: stop drawing here too */
      ctx->reset_reported = true;
      return PIPE_INNOCENT_CONTEXT_RESET;
   }
   return PIPE_NO_RESET;
}

static void
agx_destroy_context(struct pipe_context *pctx)
{
   struct agx_context *ctx = agx_context(pctx);
   agx_flush_batch(ctx, "destroy");
   agx_retire_batches(ctx, true);
   util_dynarray_fini(&ctx->pending);
   if (ctx->oq_heap)
      agx_bo_unreference(ctx->oq_heap);
   agx_query_fini(ctx);
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; ++i)
      pipe_surface_reference(&ctx->fb.cbufs[i], NULL);
   pipe_surface_reference(&ctx->fb.zsbuf, NULL);
   for (unsigned i = 0; i < PIPE_MAX_ATTRIBS; ++i) {
      if (!ctx->vb[i].is_user_buffer)
         pipe_resource_reference(&ctx->vb[i].buffer.resource, NULL);
   }
   agx_release_ubos(ctx);
   agx_release_ssbos(ctx);
   agx_release_images(ctx);
   agx_release_so_targets(ctx);
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; ++s) {
      free(ctx->stage[s].cb0);
      for (unsigned i = 0; i < PIPE_MAX_SHADER_SAMPLER_VIEWS; ++i)
         pipe_sampler_view_reference(&ctx->stage[s].views[i], NULL);
   }
   free(ctx);
}

struct pipe_context *
agx_create_context(struct pipe_screen *screen, void *priv, unsigned flags)
{
   struct agx_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->sample_mask = ~0u;
   ctx->min_samples = 1;
   ctx->shade_sample = -1;

   struct pipe_context *p = &ctx->base;
   p->screen = screen;
   p->priv = priv;
   p->destroy = agx_destroy_context;
   p->flush = agx_flush;
   p->get_device_reset_status = agx_get_device_reset_status;

   p->create_blend_state = agx_create_blend_state;
   p->bind_blend_state = agx_bind_blend_state;
   p->delete_blend_state = agx_delete_state;
   p->create_rasterizer_state = agx_create_rs_state;
   p->bind_rasterizer_state = agx_bind_rs_state;
   p->delete_rasterizer_state = agx_delete_state;
   p->create_depth_stencil_alpha_state = agx_create_zsa_state;
   p->bind_depth_stencil_alpha_state = agx_bind_zsa_state;
   p->delete_depth_stencil_alpha_state = agx_delete_state;
   p->create_vertex_elements_state = agx_create_vertex_elements;
   p->bind_vertex_elements_state = agx_bind_vertex_elements;
   p->delete_vertex_elements_state = agx_delete_state;
   p->bind_sampler_states = agx_bind_sampler_states;
   p->create_sampler_view = agx_create_sampler_view;
   p->sampler_view_destroy = agx_sampler_view_destroy;
   p->set_sampler_views = agx_set_sampler_views;

   p->set_blend_color = agx_set_blend_color;
   p->set_stencil_ref = agx_set_stencil_ref;
   p->set_sample_mask = agx_set_sample_mask;
   p->get_sample_position = agx_get_sample_position;
   p->set_clip_state = agx_set_clip_state;
   p->set_debug_callback = agx_set_debug_callback;
   p->set_constant_buffer = agx_set_constant_buffer;
   p->set_framebuffer_state = agx_set_framebuffer_state;
   p->set_scissor_states = agx_set_scissor_states;
   p->set_viewport_states = agx_set_viewport_states;
   p->set_vertex_buffers = agx_set_vertex_buffers;
   p->create_surface = agx_create_surface;
   p->surface_destroy = agx_surface_destroy;

   agx_init_transfer_functions(p);
   agx_init_texture_functions(p);
   agx_init_shader_functions(p);
   agx_init_draw_functions(p);
   agx_init_clear_functions(p);
   agx_init_blit_functions(p);
   agx_init_query_functions(p);
   agx_init_streamout_functions(p);
   agx_init_compute_functions(p);
   agx_init_image_functions(p);

   util_dynarray_init(&ctx->pending, NULL);
   ctx->dirty_draw_header = true;
   ctx->dirty = AGX_DIRTY_ALL;
   return p;
}
