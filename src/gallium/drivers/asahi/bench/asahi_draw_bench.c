/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Draw overhead of the asahi driver alone (no GL front end): one
 * non-indexed triangle per draw_vbo with hand-assembled shaders, with no
 * state change, a constant-buffer change, and a shader change between
 * draws.  Run under the no-op drm-shim:
 *
 *   LD_PRELOAD=build/src/asahi/drm-shim/libasahi_noop_drm_shim.so \
 *      build/src/gallium/drivers/asahi/bench/asahi-draw-bench [seconds [case]]
 *
 * Prints draws per second per case and the ratio to the no-change case
 * (measured in the same run).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "util/ralloc.h"
#include "util/u_inlines.h"

#include "asahi/compiler/agx_compile.h"
#include "agx_isa.h"
#include "asahi_drm_public.h"
#include "../tests/asahi_test_util.h"

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static struct agx_shader_binary *
assemble(void *mem, gl_shader_stage stage)
{
   struct agx_shader_binary *bin = rzalloc(mem, struct agx_shader_binary);
   char err[128];
   if (agx_isa_assemble("stop", mem, &bin->code, &bin->size_B, err,
                        sizeof(err)))
      return NULL;
   bin->info.stage = stage;
   bin->info.nr_gprs = 8;
   if (stage == MESA_SHADER_VERTEX) {
      bin->info.vs.nr_words = 4;
      memset(bin->info.vs.slot_word, 0xff, sizeof(bin->info.vs.slot_word));
      bin->info.vs.slot_word[VARYING_SLOT_POS] = 0;
   } else {
      bin->info.push_count = 4;
      bin->info.nr_push = 1;
      bin->info.push[0] = (struct agx_push_range){
         .uniform = 0, .length = 4, .kind = AGX_PUSH_GL_UNIFORMS};
      bin->info.fs.nr_cf = 1;
      bin->info.fs.nr_bindings = 1;
      bin->info.fs.bindings[0] = (struct agx_cf_binding){
         .cf_base = 0, .slot = VARYING_SLOT_POS, .offset = 3, .count = 1};
   }
   return bin;
}

int
main(int argc, char **argv)
{
   double seconds = argc > 1 ? atof(argv[1]) : 1.0;
   int fd = asahi_test_open_node();
   if (fd < 0) {
      fprintf(stderr, "no asahi render node (preload a drm-shim)\n");
      return 77;
   }
   struct pipe_screen *screen = asahi_drm_screen_create(fd, NULL);
   close(fd);
   if (!screen)
      return 1;
   struct pipe_context *ctx = screen->context_create(screen, NULL, 0);
   void *mem = ralloc_context(NULL);

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 64,
      .height0 = 64,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET,
   };
   struct pipe_resource *rt = screen->resource_create(screen, &templ);
   struct pipe_surface st = {.format = templ.format};
   struct pipe_surface *surf = ctx->create_surface(ctx, rt, &st);
   struct pipe_framebuffer_state fb = {.width = 64,
                                       .height = 64,
                                       .layers = 1,
                                       .samples = 1,
                                       .nr_cbufs = 1,
                                       .cbufs = {surf}};
   ctx->set_framebuffer_state(ctx, &fb);
   struct pipe_rasterizer_state rs = {.depth_clip_near = 1, .line_width = 1};
   void *rso = ctx->create_rasterizer_state(ctx, &rs);
   ctx->bind_rasterizer_state(ctx, rso);
   struct pipe_depth_stencil_alpha_state dsa = {0};
   void *dsao = ctx->create_depth_stencil_alpha_state(ctx, &dsa);
   ctx->bind_depth_stencil_alpha_state(ctx, dsao);
   struct pipe_vertex_element el = {
      .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT, .src_stride = 16};
   void *ve = ctx->create_vertex_elements_state(ctx, 1, &el);
   ctx->bind_vertex_elements_state(ctx, ve);
   struct pipe_viewport_state vp = {.scale = {32, 32, 0.5f},
                                    .translate = {32, 32, 0.5f}};
   ctx->set_viewport_states(ctx, 0, 1, &vp);

   struct pipe_shader_state vs = {.type = PIPE_SHADER_IR_NATIVE,
                                  .ir.tokens =
                                     assemble(mem, MESA_SHADER_VERTEX)};
   struct pipe_shader_state fs = {.type = PIPE_SHADER_IR_NATIVE,
                                  .ir.tokens =
                                     assemble(mem, MESA_SHADER_FRAGMENT)};
   void *vso = ctx->create_vs_state(ctx, &vs);
   void *fso[2] = {ctx->create_fs_state(ctx, &fs),
                   ctx->create_fs_state(ctx, &fs)};
   ctx->bind_vs_state(ctx, vso);
   ctx->bind_fs_state(ctx, fso[0]);

   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES,
                                 .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 3};
   static const char *names[] = {"no state change", "uniform change",
                                 "shader change"};
   double base = 0;

   int only = argc > 2 ? atoi(argv[2]) : -1;
   for (int c = 0; c < 3; ++c) {
      if (only >= 0 && c != only)
         continue;
      unsigned long n = 0;
      double t0 = now(), t = t0;
      while (t - t0 < seconds) {
         for (int i = 0; i < 1000; ++i) {
            if (c == 1) {
               float u[4] = {(float)i, 0, 0, 1};
               struct pipe_constant_buffer cb = {.buffer_size = 16,
                                                 .user_buffer = u};
               ctx->set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, 0, false,
                                        &cb);
            } else if (c == 2) {
               ctx->bind_fs_state(ctx, fso[i & 1]);
            }
            ctx->draw_vbo(ctx, &info, 0, NULL, &draw, 1);
         }
         n += 1000;
         t = now();
      }
      ctx->flush(ctx, NULL, 0);
      double rate = n / (t - t0);
      if (c == 0 || base == 0)
         base = rate;
      printf("%-16s %10.0f draws/s  (%.2fx)\n", names[c], rate, rate / base);
   }

   ctx->set_framebuffer_state(ctx, &(struct pipe_framebuffer_state){0});
   pipe_surface_reference(&surf, NULL);
   ctx->destroy(ctx);
   pipe_resource_reference(&rt, NULL);
   screen->destroy(screen);
   ralloc_free(mem);
   return 0;
}
