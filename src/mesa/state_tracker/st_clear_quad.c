/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Clears that pipe_context::clear cannot express: a colour mask keeping
 * some channels, or a stencil write mask keeping some bits.  These draw a
 * full-framebuffer rectangle with a constant-colour fragment shader, the
 * masks in the blend and depth-stencil-alpha CSOs, and stencil op REPLACE
 * with the clear value as reference; the scissor applies as for any draw.
 * All state it binds is marked dirty for the next GL draw.  A layered
 * framebuffer (GL 3.2 section 4.4.7: clears clear every layer) gets one
 * instance per layer, each writing its instance index as the layer, when
 * the driver takes the layer from vertex shaders
 * (PIPE_CAP_VS_LAYER_VIEWPORT); otherwise only layer 0.
 */
#include <string.h>

#include "main/context.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_cso.h"
#include "state_tracker/st_draw.h"
#include "cso_cache/cso_cache.h"
#include "nir_builder.h"
#include "util/u_inlines.h"
#include "util/u_upload_mgr.h"

/* The clear quad's vertex shader: gl_Position = st_pos, and when layered
 * gl_Layer = gl_InstanceID (one instance a layer). */
static void *
make_clear_vs(struct st_context *st, bool layered)
{
   struct pipe_shader_state state = {.type = PIPE_SHADER_IR_NIR};
   nir_builder b = nir_builder_init_simple_shader(
      MESA_SHADER_VERTEX, NULL,
      layered ? "st_clear_layered_vs" : "st_clear_vs", NULL);
   const nir_vtype *vec4 = nir_vtype_vector(b.shader, nir_type_float32, 4);
   nir_variable *in =
      nir_variable_create(b.shader, nir_var_shader_in, vec4, "st_pos");
   in->data.location = VERT_ATTRIB_GENERIC0;
   in->data.driver_location = 0;
   nir_variable *pos =
      nir_variable_create(b.shader, nir_var_shader_out, vec4, "gl_Position");
   pos->data.location = VARYING_SLOT_POS;
   pos->data.driver_location = VARYING_SLOT_POS;
   nir_variable *layer = NULL;
   if (layered) {
      layer = nir_variable_create(b.shader, nir_var_shader_out,
                                  nir_vtype_scalar(b.shader, nir_type_int32),
                                  "gl_Layer");
      layer->data.location = VARYING_SLOT_LAYER;
      layer->data.driver_location = VARYING_SLOT_LAYER;
   }
   nir_store_var(&b, pos, nir_load_var(&b, in), 0xf);
   if (layered)
      nir_store_var(
         &b, layer,
         nir_load_system_value(&b, nir_intrinsic_load_instance_id, 32), 0x1);
   state.ir.nir = b.shader;
   return st->pipe->create_vs_state(st->pipe, &state);
}

static bool
make_shaders(struct st_context *st)
{
   struct pipe_shader_state state = {.type = PIPE_SHADER_IR_NIR};
   nir_builder b;
   const nir_vtype *vec4;

   if (st->clear_vs && st->clear_fs)
      return true;

   st->clear_vs = make_clear_vs(st, false);

   b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, NULL, "st_clear_fs",
                                      NULL);
   vec4 = nir_vtype_vector(b.shader, nir_type_float32, 4);
   nir_variable *color =
      nir_variable_create(b.shader, nir_var_uniform, vec4, "st_clear_color");
   color->data.driver_location = 0;
   nir_variable *out =
      nir_variable_create(b.shader, nir_var_shader_out, vec4, "gl_FragColor");
   out->data.location = FRAG_RESULT_COLOR;
   out->data.driver_location = FRAG_RESULT_COLOR;
   nir_store_var(&b, out, nir_load_var(&b, color), 0xf);
   state.ir.nir = b.shader;
   st->clear_fs = st->pipe->create_fs_state(st->pipe, &state);
   return st->clear_vs && st->clear_fs;
}

bool
st_clear_with_quad(struct st_context *st, unsigned color_mask,
                   unsigned draw_buffers, bool stencil, unsigned stencil_mask)
{
   struct gl_context *ctx = &st->ctx;
   struct pipe_context *pipe = st->pipe;
   struct pipe_blend_state blend;
   struct pipe_depth_stencil_alpha_state dsa;
   struct pipe_rasterizer_state rast;
   struct pipe_vertex_element ve;
   struct pipe_vertex_buffer vb = {0};
   struct pipe_constant_buffer cb = {0};
   struct pipe_viewport_state vp;
   static const float verts[4][4] = {
      {-1, -1, 0, 1},
      {1, -1, 0, 1},
      {-1, 1, 0, 1},
      {1, 1, 0, 1},
   };

   if (!make_shaders(st))
      return false;
   bool layered =
      st->fb.layers > 1 &&
      st->screen->get_param(st->screen, PIPE_CAP_VS_LAYER_VIEWPORT);
   if (layered && !st->clear_layered_vs)
      st->clear_layered_vs = make_clear_vs(st, true);
   void *vs = layered ? st->clear_layered_vs : st->clear_vs;
   if (!vs)
      return false;

   memset(&blend, 0, sizeof(blend));
   blend.max_rt = st->fb.nr_cbufs ? st->fb.nr_cbufs - 1 : 0;
   blend.independent_blend_enable = blend.max_rt > 0;
   for (unsigned i = 0; i <= blend.max_rt; i++)
      blend.rt[i].colormask = (draw_buffers >> i) & 1u
                                 ? color_mask & st_cbuf_channels(st, i)
                                 : 0;
   memset(&dsa, 0, sizeof(dsa));
   if (stencil) {
      for (int f = 0; f < 2; f++) {
         dsa.stencil[f].enabled = 1;
         dsa.stencil[f].func = PIPE_FUNC_ALWAYS;
         dsa.stencil[f].fail_op = PIPE_STENCIL_OP_REPLACE;
         dsa.stencil[f].zpass_op = PIPE_STENCIL_OP_REPLACE;
         dsa.stencil[f].zfail_op = PIPE_STENCIL_OP_REPLACE;
         dsa.stencil[f].valuemask = 0xff;
         dsa.stencil[f].writemask = stencil_mask & 0xff;
      }
   }
   memset(&rast, 0, sizeof(rast));
   rast.scissor = ctx->Scissor.Enabled;
   rast.half_pixel_center = 1;
   rast.depth_clip_near = rast.depth_clip_far = 1;
   rast.fill_front = rast.fill_back = PIPE_POLYGON_MODE_FILL;
   rast.line_width = 1.0f;
   rast.point_size = 1.0f;

   memset(&ve, 0, sizeof(ve));
   ve.src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   ve.src_stride = 16;

   void *blend_cso = st_cached_cso(st, CSO_BLEND, &blend, sizeof(blend));
   void *dsa_cso =
      st_cached_cso(st, CSO_DEPTH_STENCIL_ALPHA, &dsa, sizeof(dsa));
   void *rast_cso = st_cached_cso(st, CSO_RASTERIZER, &rast, sizeof(rast));
   void *ve_cso =
      cso_cache_lookup(st->cso, CSO_VERTEX_ELEMENTS, &ve, sizeof(ve));
   if (!ve_cso) {
      ve_cso = pipe->create_vertex_elements_state(pipe, 1, &ve);
      if (ve_cso)
         cso_cache_insert(st->cso, CSO_VERTEX_ELEMENTS, &ve, sizeof(ve),
                          ve_cso);
   }
   if (!blend_cso || !dsa_cso || !rast_cso || !ve_cso)
      return false;
   if (!u_upload_data(st->uploader, sizeof(verts), 16, verts, &vb.buffer_offset,
                      &vb.buffer.resource))
      return false;
   if (!u_upload_data(st->uploader, 16, 256, ctx->Color.ClearColor,
                      &cb.buffer_offset, &cb.buffer)) {
      pipe_resource_reference(&vb.buffer.resource, NULL);
      return false;
   }
   cb.buffer_size = 16;

   pipe->bind_blend_state(pipe, blend_cso);
   pipe->bind_depth_stencil_alpha_state(pipe, dsa_cso);
   pipe->bind_rasterizer_state(pipe, rast_cso);
   pipe->bind_vertex_elements_state(pipe, ve_cso);
   pipe->bind_vs_state(pipe, vs);
   pipe->bind_fs_state(pipe, st->clear_fs);
   /* The clear quad goes straight from its vertex shader to raster. */
   if (st->gs) {
      pipe->bind_gs_state(pipe, NULL);
      st->gs = NULL;
   }
   st->blend = blend_cso;
   st->dsa = dsa_cso;
   st->rasterizer = rast_cso;
   st->velems = ve_cso;
   st->vs = vs;
   st->fs = st->clear_fs;
   pipe->set_vertex_buffers(pipe, 1, &vb);
   pipe->set_constant_buffer(pipe, PIPE_SHADER_FRAGMENT, 0, false, &cb);
   if (stencil) {
      struct pipe_stencil_ref ref;
      ref.ref_value[0] = ref.ref_value[1] =
         (uint8_t)(ctx->Stencil.Clear & 0xff);
      pipe->set_stencil_ref(pipe, ref);
   }
   vp.scale[0] = st->fb.width * 0.5f;
   vp.scale[1] = st->fb.height * 0.5f;
   vp.scale[2] = 0.5f;
   vp.translate[0] = st->fb.width * 0.5f;
   vp.translate[1] = st->fb.height * 0.5f;
   vp.translate[2] = 0.5f;
   pipe->set_viewport_states(pipe, 0, 1, &vp);

   struct pipe_draw_info info = {
      .mode = PIPE_PRIM_TRIANGLE_STRIP,
      .instance_count = layered ? st->fb.layers : 1,
   };
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 4};
   pipe->draw_vbo(pipe, &info, 0, NULL, &draw, 1);

   pipe_resource_reference(&vb.buffer.resource, NULL);
   pipe_resource_reference(&cb.buffer, NULL);
   st->const_valid = false;
   ctx->NewState |= ST_NEW_BLEND | ST_NEW_DSA | ST_NEW_RASTERIZER |
                    ST_NEW_VIEWPORT | ST_NEW_PROGRAM | ST_NEW_CONSTANTS |
                    ST_NEW_VERTEX_ARRAYS | ST_NEW_STENCIL_REF;
   return true;
}

void
st_release_clear_state(struct st_context *st)
{
   if (st->clear_vs) {
      if (st->vs == st->clear_vs) {
         st->pipe->bind_vs_state(st->pipe, NULL);
         st->vs = NULL;
      }
      st->pipe->delete_vs_state(st->pipe, st->clear_vs);
   }
   if (st->clear_fs) {
      if (st->fs == st->clear_fs) {
         st->pipe->bind_fs_state(st->pipe, NULL);
         st->fs = NULL;
      }
      st->pipe->delete_fs_state(st->pipe, st->clear_fs);
   }
   if (st->clear_layered_vs) {
      if (st->vs == st->clear_layered_vs) {
         st->pipe->bind_vs_state(st->pipe, NULL);
         st->vs = NULL;
      }
      st->pipe->delete_vs_state(st->pipe, st->clear_layered_vs);
   }
   st->clear_vs = st->clear_fs = st->clear_layered_vs = NULL;
}
