/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Pixel rectangles (glDrawPixels, glBitmap, glCopyPixels) as drawn
 * rectangles: the image, already unpacked and through the pixel transfer
 * operations (main/pixel_unpack.c), becomes a temporary texture, and a
 * window-aligned rectangle covering the zoomed image is drawn with a
 * generated program that samples it (GL 2.1 section 3.6.4: the groups
 * become fragments, which then go through the fragment operations of
 * chapter 4).  The GL state's scissor, blend, logic op, masks and
 * depth/stencil tests apply as for any draw; what the rectangle replaces
 * (program, rasterizer, viewport, vertices, constants, textures) is
 * marked dirty for the next GL draw.
 *
 * The programs are GLSL 1.10 linked by the fixed-function machinery
 * (st_ff_link_sources), one per kind, made on first use.
 */
#include <stdio.h>
#include <string.h>

#include "main/context.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_cso.h"
#include "state_tracker/st_ff.h"
#include "state_tracker/st_nir.h"
#include "state_tracker/st_pixel.h"
#include "state_tracker/st_program.h"
#include "state_tracker/st_texture.h"
#include "cso_cache/cso_cache.h"
#include "glsl_program.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_upload_mgr.h"

static const char pixel_vs[] =
   "attribute vec4 st_pos;\n"
   "attribute vec4 st_tc;\n"
   "varying vec4 st_v;\n"
   "void main()\n"
   "{\n"
   "   gl_Position = st_pos;\n"
   "   st_v = st_tc;\n"
   "}\n";

/* One fragment shader per kind (enum st_pixel_kind). */
static const char *const pixel_fs[ST_PIXEL_KINDS] = {
   /* ST_PIXEL_COLOR: the groups' colours. */
   "uniform sampler2D st_img;\n"
   "varying vec4 st_v;\n"
   "void main()\n"
   "{\n"
   "   gl_FragColor = texture2D(st_img, st_v.xy);\n"
   "}\n",
   /* ST_PIXEL_DEPTH: the groups' depths, with the raster colour. */
   "uniform sampler2D st_img;\n"
   "uniform vec4 st_color;\n"
   "varying vec4 st_v;\n"
   "void main()\n"
   "{\n"
   "   gl_FragColor = st_color;\n"
   "   gl_FragDepth = texture2D(st_img, st_v.xy).r;\n"
   "}\n",
   /* ST_PIXEL_BITMAP: fragments where the bit is 1 (GL 2.1 section
    * 3.7), of the raster colour and depth. */
   "uniform sampler2D st_img;\n"
   "uniform vec4 st_color;\n"
   "varying vec4 st_v;\n"
   "void main()\n"
   "{\n"
   "   if (texture2D(st_img, st_v.xy).r < 0.5)\n"
   "      discard;\n"
   "   gl_FragColor = st_color;\n"
   "}\n",
};

static struct gl_program_exec *
pixel_program(struct st_context *st, enum st_pixel_kind kind)
{
   if (!st->pixel_exec[kind])
      st->pixel_exec[kind] = st_ff_link_sources(pixel_vs, pixel_fs[kind]);
   return st->pixel_exec[kind];
}

void
st_release_pixel_state(struct st_context *st)
{
   for (unsigned k = 0; k < ST_PIXEL_KINDS; k++) {
      st_ff_free_exec(st, st->pixel_exec[k]);
      st->pixel_exec[k] = NULL;
   }
}

/* Vertex elements for the program's st_pos and st_tc (8 floats a
 * vertex). */
static void *
vertex_elements(struct st_context *st, const struct glsl_program *p)
{
   struct pipe_vertex_element ve[2];
   unsigned n = 0;

   memset(ve, 0, sizeof(ve));
   for (unsigned i = 0; i < p->num_attribs; i++) {
      const struct glsl_program_attrib *a = &p->attribs[i];
      if (a->driver_slot >= 2)
         return NULL;
      ve[a->driver_slot].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      ve[a->driver_slot].src_stride = 32;
      ve[a->driver_slot].src_offset = strcmp(a->name, "st_tc") ? 0 : 16;
      n = a->driver_slot + 1 > n ? a->driver_slot + 1 : n;
   }
   if (!n)
      return NULL;
   void *cso = cso_cache_lookup(st->cso, CSO_VERTEX_ELEMENTS, ve,
                                n * sizeof(ve[0]));
   if (!cso) {
      cso = st->pipe->create_vertex_elements_state(st->pipe, n, ve);
      if (cso)
         cso_cache_insert(st->cso, CSO_VERTEX_ELEMENTS, ve, n * sizeof(ve[0]),
                          cso);
   }
   return cso;
}

/* The rasterizer of a pixel rectangle: filled, not culled, no offset or
 * stipple, the scissor of the GL state. */
static void *
rasterizer(struct st_context *st)
{
   struct pipe_rasterizer_state r;

   memset(&r, 0, sizeof(r));
   r.scissor = st->ctx.Scissor.Enabled;
   r.half_pixel_center = 1;
   r.bottom_edge_rule = !st->fb_flip;
   r.depth_clip_near = r.depth_clip_far = 1;
   r.fill_front = r.fill_back = PIPE_POLYGON_MODE_FILL;
   r.multisample = st->fb.samples > 1;
   r.line_width = 1.0f;
   r.point_size = 1.0f;
   return st_cached_cso(st, CSO_RASTERIZER, &r, sizeof(r));
}

/* A sampled copy of a tile of the image (rows from the top when
 * img->flip_y). */
static struct pipe_sampler_view *
image_view(struct st_context *st, const struct st_pixel_image *img,
           unsigned x, unsigned y, unsigned w, unsigned h)
{
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = img->format,
      .width0 = w,
      .height0 = (uint16_t)h,
      .depth0 = 1,
      .array_size = 1,
      .usage = PIPE_USAGE_STREAM,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *res = st->screen->resource_create(st->screen, &templ);
   if (!res)
      return NULL;
   struct pipe_box box;
   u_box_3d(0, 0, 0, w, h, 1, &box);
   if (img->source) {
      /* Image rows y .. y + h - 1 of the source's rectangle. */
      unsigned sy = img->flip_y ? img->source_y - (y + h - 1)
                                : img->source_y + y;
      struct pipe_blit_info blit = {0};
      blit.src.resource = img->source;
      blit.src.level = img->source_level;
      blit.src.format = img->format;
      u_box_3d(img->source_x + x, sy, img->source_layer, w, h, 1,
               &blit.src.box);
      blit.dst.resource = res;
      blit.dst.format = img->format;
      blit.dst.box = box;
      blit.mask = PIPE_MASK_RGBA;
      blit.filter = PIPE_TEX_FILTER_NEAREST;
      st->pipe->blit(st->pipe, &blit);
   } else {
      size_t texel_B = util_format_get_blocksize(img->format);
      const uint8_t *src = (const uint8_t *)img->texels +
                           (size_t)y * img->stride_B + (size_t)x * texel_B;
      st->pipe->texture_subdata(st->pipe, res, 0, PIPE_MAP_WRITE, &box, src,
                                img->stride_B, 0);
   }
   struct pipe_sampler_view vt = {
      .format = img->format,
      .target = PIPE_TEXTURE_2D,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   struct pipe_sampler_view *view =
      st->pipe->create_sampler_view(st->pipe, res, &vt);
   pipe_resource_reference(&res, NULL);
   return view;
}

static void *
nearest_sampler(struct st_context *st)
{
   struct pipe_sampler_state s;

   memset(&s, 0, sizeof(s));
   s.wrap_s = s.wrap_t = s.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   s.max_lod = 0.0f;
   return st_cached_cso(st, CSO_SAMPLER, &s, sizeof(s));
}

/* Stores the program's uniforms (the sampler reads slot 0 of its
 * index; st_color) and binds them as constant buffer 0. */
static bool
bind_constants(struct st_context *st, struct gl_program_exec *exec,
               const float color[4])
{
   const struct glsl_program_uniform *u =
      st_ff_find_uniform(exec->linked, "st_color");
   if (u)
      memcpy((uint8_t *)exec->uniforms + u->offset_B, color, 16);
   struct pipe_constant_buffer cb = {0};
   cb.buffer_size = st_extra_uniform_slot(exec) * 16 + 16;
   if (!u_upload_data(st->uploader, cb.buffer_size, 256, exec->uniforms,
                      &cb.buffer_offset, &cb.buffer))
      return false;
   st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_VERTEX, 0, false, &cb);
   st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_FRAGMENT, 0, false,
                                 &cb);
   pipe_resource_reference(&cb.buffer, NULL);
   st->const_valid = false;
   return true;
}

/* Draws one tile: window rectangle (x0, y0)-(x1, y1) (GL coordinates,
 * y up) showing the whole view. */
static bool
draw_tile(struct st_context *st, int sampler_index,
          struct pipe_sampler_view *view, float x0, float y0, float x1,
          float y1, float z, bool flip)
{
   struct pipe_context *pipe = st->pipe;
   float w = st->fb.width, h = st->fb.height;
   /* Clip coordinates of the viewport below, texture coordinates. */
   float nx0 = 2.0f * x0 / w - 1.0f, nx1 = 2.0f * x1 / w - 1.0f;
   float ny0 = 2.0f * y0 / h - 1.0f, ny1 = 2.0f * y1 / h - 1.0f;
   float nz = 2.0f * z - 1.0f;
   float t0 = flip ? 1.0f : 0.0f, t1 = 1.0f - t0;
   const float verts[4][8] = {
      {nx0, ny0, nz, 1, 0, t0, 0, 1},
      {nx1, ny0, nz, 1, 1, t0, 0, 1},
      {nx0, ny1, nz, 1, 0, t1, 0, 1},
      {nx1, ny1, nz, 1, 1, t1, 0, 1},
   };
   struct pipe_vertex_buffer vb = {0};

   if (!u_upload_data(st->uploader, sizeof(verts), 16, verts,
                      &vb.buffer_offset, &vb.buffer.resource))
      return false;
   pipe->set_vertex_buffers(pipe, 1, &vb);
   st->num_vbufs = 1;
   if (sampler_index >= 0) {
      unsigned idx = (unsigned)sampler_index;
      pipe->set_sampler_views(pipe, PIPE_SHADER_FRAGMENT, idx, 1, 0, false,
                              &view);
      if (idx + 1 > st->num_stage_views[PIPE_SHADER_FRAGMENT])
         st->num_stage_views[PIPE_SHADER_FRAGMENT] = idx + 1;
   }
   struct pipe_draw_info info = {
      .mode = PIPE_PRIM_TRIANGLE_STRIP,
      .instance_count = 1,
   };
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 4};
   pipe->draw_vbo(pipe, &info, 0, NULL, &draw, 1);
   pipe_resource_reference(&vb.buffer.resource, NULL);
   return true;
}

bool
st_draw_pixel_image(struct st_context *st, enum st_pixel_kind kind,
                    const struct st_pixel_image *img)
{
   struct gl_context *ctx = &st->ctx;
   struct pipe_context *pipe = st->pipe;

   if (!img->width || !img->height)
      return true;
   if (!st_validate_state(st))
      return false;
   if (!st->fb.width || !st->fb.height)
      return true;
   /* With texturing, colour sum, fog or the alpha test on and no
    * program, the fixed-function fragment program of the rectangle
    * (st_ff_pixel.c); else the kind's own. */
   struct gl_program_exec *exec = st_ff_pixel_exec(st, kind);
   bool ff = exec != NULL;
   if (!exec)
      exec = pixel_program(st, kind);
   if (!exec)
      return false;
   struct st_program_variant *v = st_get_program_variant(st, exec);
   void *ve = vertex_elements(st, exec->linked);
   void *rast = rasterizer(st);
   void *smp = nearest_sampler(st);
   if (!v || !ve || !rast || !smp)
      return false;
   if (!bind_constants(st, exec, img->color))
      return false;

   /* The fragment stage's slot of the image's sampler (st_nir.h); the
    * fixed-function program's texture units in the others. */
   int sampler_index = -1;
   const struct glsl_program_uniform *img_u =
      st_ff_find_uniform(exec->linked, "st_img");
   if (img_u && img_u->sampler_index >= 0)
      sampler_index = st_sampler_slot(exec->linked, MESA_SHADER_FRAGMENT,
                                      (unsigned)img_u->sampler_index);
   if (ff)
      st_update_fragment_textures(st, exec);
   pipe->bind_vs_state(pipe, v->vs);
   pipe->bind_fs_state(pipe, v->fs);
   if (st->gs) {
      pipe->bind_gs_state(pipe, NULL);
      st->gs = NULL;
   }
   st->vs = v->vs;
   st->fs = v->fs;
   pipe->bind_vertex_elements_state(pipe, ve);
   st->velems = ve;
   pipe->bind_rasterizer_state(pipe, rast);
   st->rasterizer = rast;
   if (sampler_index >= 0)
      pipe->bind_sampler_states(pipe, PIPE_SHADER_FRAGMENT,
                                (unsigned)sampler_index, 1, &smp);

   struct pipe_viewport_state vp;
   vp.scale[0] = st->fb.width * 0.5f;
   vp.translate[0] = st->fb.width * 0.5f;
   vp.scale[1] = st->fb.height * 0.5f;
   vp.translate[1] = st->fb.height * 0.5f;
   vp.scale[2] = 0.5f;
   vp.translate[2] = 0.5f;
   if (st->fb_flip) {
      vp.scale[1] = -vp.scale[1];
      vp.translate[1] = (float)st->fb_height - vp.translate[1];
   }
   pipe->set_viewport_states(pipe, 0, 1, &vp);
   ctx->NewState |= ST_NEW_RASTERIZER | ST_NEW_VIEWPORT | ST_NEW_PROGRAM |
                    ST_NEW_CONSTANTS | ST_NEW_VERTEX_ARRAYS |
                    ST_NEW_SAMPLER_VIEWS | ST_NEW_SAMPLERS;

   /* Tiles no larger than the driver's textures. */
   unsigned max = (unsigned)st->screen->get_param(
      st->screen, PIPE_CAP_MAX_TEXTURE_2D_SIZE);
   if (max == 0 || max > 4096)
      max = 4096;
   bool ok = true;
   for (unsigned ty = 0; ok && ty < img->height; ty += max) {
      unsigned th = img->height - ty < max ? img->height - ty : max;
      for (unsigned tx = 0; ok && tx < img->width; tx += max) {
         unsigned tw = img->width - tx < max ? img->width - tx : max;
         struct pipe_sampler_view *view = image_view(st, img, tx, ty, tw, th);
         if (!view) {
            ok = false;
            break;
         }
         float x0 = img->x + tx * img->zoom_x;
         float y0 = img->y + ty * img->zoom_y;
         ok = draw_tile(st, sampler_index, view, x0, y0,
                        x0 + tw * img->zoom_x, y0 + th * img->zoom_y, img->z,
                        img->source && img->flip_y);
         pipe_sampler_view_reference(&view, NULL);
      }
   }
   return ok;
}
