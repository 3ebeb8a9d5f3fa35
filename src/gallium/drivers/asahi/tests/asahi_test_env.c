/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include <unistd.h>

#include "compiler/nir/nir_builder.h"
#include "util/u_inlines.h"

#include "asahi/compiler/agx_compile.h"
#include "asahi_drm_public.h"
#include "asahi_test_env.h"
#include "asahi_test_util.h"

bool
asahi_test_env_open(struct asahi_test_env *e)
{
   memset(e, 0, sizeof(*e));
   int fd = asahi_test_open_node();
   if (fd < 0)
      return false;
   e->screen = asahi_drm_screen_create(fd, NULL);
   close(fd);
   assert_non_null(e->screen);
   e->ctx = e->screen->context_create(e->screen, NULL, 0);
   assert_non_null(e->ctx);
   return true;
}

struct pipe_rasterizer_state
asahi_test_rasterizer(void)
{
   return (struct pipe_rasterizer_state){
      .half_pixel_center = 1,
      .depth_clip_near = 1,
      .depth_clip_far = 1,
      .line_width = 1.0f,
      .point_size = 1.0f,
      /* GL_MULTISAMPLE's default: multisampled targets rasterize and
       * shade per sample */
      .multisample = 1,
   };
}

void
asahi_test_env_target(struct asahi_test_env *e, enum pipe_format fmt,
                      unsigned w, unsigned h)
{
   asahi_test_env_target_samples(e, fmt, w, h, 1);
}

void
asahi_test_env_target_samples(struct asahi_test_env *e, enum pipe_format fmt,
                              unsigned w, unsigned h, unsigned samples)
{
   struct pipe_screen *s = e->screen;
   struct pipe_context *ctx = e->ctx;
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = fmt,
      .width0 = w,
      .height0 = (uint16_t)h,
      .depth0 = 1,
      .array_size = 1,
      .nr_samples = (uint8_t)(samples > 1 ? samples : 0),
      .nr_storage_samples = (uint8_t)(samples > 1 ? samples : 0),
      .bind = PIPE_BIND_RENDER_TARGET,
   };
   e->rt = s->resource_create(s, &templ);
   assert_non_null(e->rt);
   struct pipe_surface st = {.format = fmt};
   e->surf = ctx->create_surface(ctx, e->rt, &st);
   assert_non_null(e->surf);
   struct pipe_framebuffer_state fb = {
      .width = (uint16_t)w,
      .height = (uint16_t)h,
      .layers = 1,
      .samples = (uint8_t)(samples > 1 ? samples : 1),
      .nr_cbufs = 1,
      .cbufs = {e->surf},
   };
   ctx->set_framebuffer_state(ctx, &fb);

   struct pipe_rasterizer_state rs = asahi_test_rasterizer();
   e->rs = ctx->create_rasterizer_state(ctx, &rs);
   ctx->bind_rasterizer_state(ctx, e->rs);
   struct pipe_depth_stencil_alpha_state zsa = {0};
   e->zsa = ctx->create_depth_stencil_alpha_state(ctx, &zsa);
   ctx->bind_depth_stencil_alpha_state(ctx, e->zsa);
   struct pipe_blend_state blend = {.rt[0].colormask = 0xf};
   e->blend = ctx->create_blend_state(ctx, &blend);
   ctx->bind_blend_state(ctx, e->blend);

   struct pipe_viewport_state vp = {
      .scale = {w / 2.0f, h / 2.0f, 0.5f},
      .translate = {w / 2.0f, h / 2.0f, 0.5f},
   };
   ctx->set_viewport_states(ctx, 0, 1, &vp);
}

void
asahi_test_env_vertices(struct asahi_test_env *e, const float *verts,
                        unsigned count)
{
   struct pipe_context *ctx = e->ctx;
   pipe_resource_reference(&e->vbo, NULL);
   e->vbo = pipe_buffer_create(e->screen, PIPE_BIND_VERTEX_BUFFER,
                               PIPE_USAGE_DEFAULT, count * 16);
   assert_non_null(e->vbo);
   pipe_buffer_write(ctx, e->vbo, 0, count * 16, verts);
   if (!e->ve) {
      struct pipe_vertex_element el = {
         .src_stride = 16,
         .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT,
      };
      e->ve = ctx->create_vertex_elements_state(ctx, 1, &el);
      ctx->bind_vertex_elements_state(ctx, e->ve);
   }
   struct pipe_vertex_buffer vb = {.buffer.resource = e->vbo};
   ctx->set_vertex_buffers(ctx, 1, &vb);
}

void
asahi_test_env_close(struct asahi_test_env *e)
{
   struct pipe_context *ctx = e->ctx;
   if (e->rt)
      ctx->set_framebuffer_state(ctx, &(struct pipe_framebuffer_state){0});
   if (e->vbo)
      ctx->set_vertex_buffers(ctx, 0, NULL);
   pipe_surface_reference(&e->surf, NULL);
   if (e->rs)
      ctx->delete_rasterizer_state(ctx, e->rs);
   if (e->zsa)
      ctx->delete_depth_stencil_alpha_state(ctx, e->zsa);
   if (e->blend)
      ctx->delete_blend_state(ctx, e->blend);
   if (e->ve)
      ctx->delete_vertex_elements_state(ctx, e->ve);
   ctx->destroy(ctx);
   pipe_resource_reference(&e->rt, NULL);
   pipe_resource_reference(&e->vbo, NULL);
   e->screen->destroy(e->screen);
   memset(e, 0, sizeof(*e));
}

nir_def *
asahi_test_attrib(nir_builder *b, unsigned index)
{
   const nir_vtype *vec4 = nir_vtype_vector(b->shader, nir_type_float32, 4);
   nir_variable *in =
      nir_variable_create(b->shader, nir_var_shader_in, vec4, "attrib");
   in->data.location = (int)(VERT_ATTRIB_GENERIC0 + index);
   return nir_load_var(b, in);
}

nir_def *
asahi_test_flat_input(nir_builder *b, unsigned slot)
{
   const nir_vtype *vec4 = nir_vtype_vector(b->shader, nir_type_float32, 4);
   nir_variable *in =
      nir_variable_create(b->shader, nir_var_shader_in, vec4, "in");
   in->data.location = (int)slot;
   in->data.flat = true;
   return nir_load_var(b, in);
}

nir_variable *
asahi_test_output(nir_builder *b, unsigned slot, nir_def *v, nir_alu_type t)
{
   const nir_vtype *type =
      v->num_components == 1
         ? nir_vtype_scalar(b->shader, t)
         : nir_vtype_vector(b->shader, t, v->num_components);
   nir_variable *out =
      nir_variable_create(b->shader, nir_var_shader_out, type, "out");
   out->data.location = (int)slot;
   nir_store_var(b, out, v, (1u << v->num_components) - 1);
   return out;
}

nir_shader *
asahi_test_vs_position(const char *name)
{
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_VERTEX,
                                                  &agx_nir_options, name, NULL);
   asahi_test_output(&b, VARYING_SLOT_POS, asahi_test_attrib(&b, 0),
                     nir_type_float32);
   return b.shader;
}
