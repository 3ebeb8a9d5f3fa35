/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL state -> Gallium state, one "atom" per ST_NEW_* bit.  CSOs come from
 * the context's CSO cache (made once per distinct template) and are bound
 * only when they change.  Window-system framebuffers have GL's row 0 at the
 * bottom of the image, Gallium's at the top: their viewport, scissor,
 * winding and point-sprite origin are flipped here.
 */
#include <math.h>
#include <string.h>

#include "main/context.h"
#include "main/draw.h"
#include "main/viewport_array.h"
#include "main/blend.h"
#include "main/fbobject.h"
#include "main/formats_es3.h"
#include "main/logicop.h"
#include "main/matrix.h"
#include "main/shaderobj.h"
#include "state_tracker/st_compute.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_cso.h"
#include "state_tracker/st_image.h"
#include "state_tracker/st_ff.h"
#include "state_tracker/st_program.h"
#include "state_tracker/st_texture.h"
#include "cso_cache/cso_cache.h"
#include "glsl_program.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_upload_mgr.h"

void
st_invalidate_framebuffer(struct st_context *st)
{
   st->ctx.NewState |= ST_NEW_FRAMEBUFFER | ST_NEW_VIEWPORT | ST_NEW_SCISSOR |
                       ST_NEW_RASTERIZER | ST_NEW_BLEND | ST_NEW_DSA;
}

void
st_release_framebuffer_state(struct st_context *st)
{
   struct pipe_framebuffer_state empty = {0};

   st->pipe->set_framebuffer_state(st->pipe, &empty);
   st->fb = empty;
}

/* Does rb lack alpha in GL (base RED, RG, RGB or LUMINANCE; not
 * INTENSITY, whose alpha is its intensity) while its storage format has
 * one?  Then the stored alpha is not the buffer's (st_context.h
 * no_alpha_cbufs). */
static bool
stored_alpha_unused(const struct gl_context *ctx,
                    const struct gl_renderbuffer *rb, enum pipe_format storage)
{
   const struct gl_format_info *f =
      _mesa_format_info_for(ctx, rb->InternalFormat);
   const struct util_format_description *d = util_format_description(storage);
   /* (alpha from a stored channel, not a constant swizzle) */
   if (!f || !d || d->swizzle[3] > PIPE_SWIZZLE_W)
      return false;
   return f->base == GL_RED || f->base == GL_RG || f->base == GL_RGB ||
          f->base == GL_LUMINANCE;
}

static void
update_framebuffer(struct st_context *st)
{
   struct gl_framebuffer *fb = st->ctx.DrawBuffer;
   struct pipe_framebuffer_state state = {0};
   unsigned alpha_only = 0, no_alpha = 0;

   if (fb) {
      state.width = (uint16_t)fb->Width;
      state.height = (uint16_t)fb->Height;
      /* A layered framebuffer (GL 3.2 section 4.4.7) renders every layer
       * of its surfaces; gl_Layer picks one per primitive. */
      state.layers = (uint16_t)(fb->Name && fb->Layers ? fb->Layers : 1);
      for (unsigned i = 0; i < MAX_DRAW_BUFFERS; i++) {
         struct gl_renderbuffer *rb = fb->Attachment[BUFFER_COLOR0 + i];
         if (!st_color_attachment_drawn(fb, i) || !rb)
            continue;
         state.cbufs[i] = st_renderbuffer_surface(st, rb);
         if (state.cbufs[i])
            state.nr_cbufs = (uint8_t)(i + 1);
         if (state.cbufs[i] && _mesa_is_alpha_renderbuffer(&st->ctx, rb))
            alpha_only |= 1u << i;
         if (state.cbufs[i] && stored_alpha_unused(&st->ctx, rb,
                                                   state.cbufs[i]->format))
            no_alpha |= 1u << i;
      }
      struct gl_renderbuffer *zs = fb->Attachment[BUFFER_DEPTH]
                                      ? fb->Attachment[BUFFER_DEPTH]
                                      : fb->Attachment[BUFFER_STENCIL];
      if (zs)
         state.zsbuf = st_renderbuffer_surface(st, zs);
      if (state.nr_cbufs && state.cbufs[0])
         state.samples = state.cbufs[0]->texture->nr_samples;
      else if (fb->Name && !zs)
         state.samples = (uint8_t)_mesa_framebuffer_samples(fb);
   }
   st->pipe->set_framebuffer_state(st->pipe, &state);
   st->fb = state;
   st->alpha_only_cbufs = alpha_only;
   st->no_alpha_cbufs = no_alpha;
   st->fb_flip = fb && fb->FlipY;
   st->fb_height = fb ? (unsigned)fb->Height : 0;
}

/* Every viewport the context uses (ARB_viewport_array: gl_ViewportIndex
 * picks one per primitive; main/viewport_array.c). */
static void
update_viewport(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   struct pipe_viewport_state vps[MAX_VIEWPORTS];
   unsigned count = _mesa_viewport_count(ctx);

   for (unsigned i = 0; i < count; i++) {
      const struct gl_viewport *v = &ctx->ViewportArray[i];
      struct pipe_viewport_state *vp = &vps[i];
      float half_w = v->Width * 0.5f, half_h = v->Height * 0.5f;

      vp->scale[0] = half_w;
      vp->translate[0] = v->X + half_w;
      vp->scale[1] = half_h;
      vp->translate[1] = v->Y + half_h;
      vp->scale[2] = (v->Far - v->Near) * 0.5f;
      vp->translate[2] = (v->Far + v->Near) * 0.5f;
      if (st->fb_flip) {
         vp->scale[1] = -vp->scale[1];
         vp->translate[1] = (float)st->fb_height - vp->translate[1];
      }
   }
   st->pipe->set_viewport_states(st->pipe, 0, count, vps);
}

static unsigned
clampu(int64_t v, unsigned hi)
{
   return v < 0 ? 0 : v > hi ? hi : (unsigned)v;
}

/* Scissor box i in Gallium's coordinates, clamped to the framebuffer;
 * the whole framebuffer when box i's test is off but another's is on
 * (the rasterizer's one enable covers them all). */
static void
scissor_rect_i(struct st_context *st, unsigned i, struct pipe_scissor_state *s)
{
   struct gl_context *ctx = &st->ctx;
   const struct gl_scissor_rect *r = &ctx->Scissor.Rect[i];
   unsigned w = st->fb.width, h = st->fb.height;
   bool on = (ctx->Scissor.EnabledMask >> i) & 1;
   int64_t x0 = on ? r->X : 0, y0 = on ? r->Y : 0;
   int64_t x1 = on ? x0 + r->Width : w, y1 = on ? y0 + r->Height : h;

   s->minx = clampu(x0, w);
   s->maxx = clampu(x1, w);
   if (st->fb_flip) {
      s->miny = clampu((int64_t)st->fb_height - y1, h);
      s->maxy = clampu((int64_t)st->fb_height - y0, h);
   } else {
      s->miny = clampu(y0, h);
      s->maxy = clampu(y1, h);
   }
   if (s->maxx < s->minx)
      s->maxx = s->minx;
   if (s->maxy < s->miny)
      s->maxy = s->miny;
}

/* Box 0, the one clears use (GL 4.6 section 17.4.3: only scissor box 0
 * affects them). */
void
st_scissor_rect(struct st_context *st, struct pipe_scissor_state *s)
{
   scissor_rect_i(st, 0, s);
}

static void
update_scissor(struct st_context *st)
{
   struct pipe_scissor_state s[MAX_VIEWPORTS];
   unsigned count = _mesa_viewport_count(&st->ctx);

   for (unsigned i = 0; i < count; i++)
      scissor_rect_i(st, i, &s[i]);
   st->pipe->set_scissor_states(st->pipe, 0, count, s);
}

void *
st_cached_cso(struct st_context *st, enum cso_type type, const void *templ,
              size_t size)
{
   void *cso = cso_cache_lookup(st->cso, type, templ, size);

   if (cso)
      return cso;
   switch (type) {
   case CSO_BLEND:
      cso = st->pipe->create_blend_state(st->pipe, templ);
      break;
   case CSO_RASTERIZER:
      cso = st->pipe->create_rasterizer_state(st->pipe, templ);
      break;
   case CSO_DEPTH_STENCIL_ALPHA:
      cso = st->pipe->create_depth_stencil_alpha_state(st->pipe, templ);
      break;
   case CSO_SAMPLER:
      cso = st->pipe->create_sampler_state(st->pipe, templ);
      break;
   default:
      return NULL;
   }
   /* A failed insert leaves the CSO usable; it is made again next time. */
   if (cso)
      cso_cache_insert(st->cso, type, templ, size, cso);
   return cso;
}

static void
update_rasterizer(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   struct pipe_rasterizer_state r;
   void *cso;

   memset(&r, 0, sizeof(r));
   r.front_ccw = (ctx->Polygon.FrontFace == GL_CCW) != st->fb_flip;
   if (ctx->Polygon.CullFlag) {
      switch (ctx->Polygon.CullFaceMode) {
      case GL_FRONT:
         r.cull_face = PIPE_FACE_FRONT;
         break;
      case GL_BACK:
         r.cull_face = PIPE_FACE_BACK;
         break;
      default:
         r.cull_face = PIPE_FACE_FRONT_AND_BACK;
         break;
      }
   }
   /* glPolygonMode (desktop GL; FILL in ES). */
   r.fill_front = ctx->Polygon.FrontMode == GL_LINE    ? PIPE_POLYGON_MODE_LINE
                  : ctx->Polygon.FrontMode == GL_POINT ? PIPE_POLYGON_MODE_POINT
                                                       : PIPE_POLYGON_MODE_FILL;
   r.fill_back = ctx->Polygon.BackMode == GL_LINE    ? PIPE_POLYGON_MODE_LINE
                 : ctx->Polygon.BackMode == GL_POINT ? PIPE_POLYGON_MODE_POINT
                                                     : PIPE_POLYGON_MODE_FILL;
   /* GL 2.1 section 3.5.6 (the driver applies it to filled polygons) */
   r.poly_stipple_enable = ctx->Polygon.StippleFlag;
   if (r.poly_stipple_enable) {
      /* The pattern is window-aligned: in a flipped (window-system)
       * framebuffer, memory row i is GL row fb_height - 1 - i (Mesa's
       * state tracker turns the pattern the same way). */
      struct pipe_poly_stipple ps;
      for (unsigned i = 0; i < 32; i++) {
         unsigned row = st->fb_flip ? (st->fb_height - 1u - i) & 31u : i;
         ps.stipple[i] = ctx->Polygon.Stipple[row];
      }
      st->pipe->set_polygon_stipple(st->pipe, &ps);
   }
   r.offset_tri = ctx->Polygon.OffsetFill;
   r.offset_line = ctx->Polygon.OffsetLine;
   r.offset_point = ctx->Polygon.OffsetPoint;
   /* (polygon_mode.c's resolved copies: their lines and points carry
    * their own offsets; the driver would give the triangles the offset
    * of either face's mode) */
   if (ctx->Polygon.Resolved) {
      r.fill_front = r.fill_back = PIPE_POLYGON_MODE_FILL;
      r.offset_line = r.offset_point = false;
   }
   if (r.offset_tri || r.offset_line || r.offset_point) {
      r.offset_units = ctx->Polygon.OffsetUnits;
      r.offset_scale = ctx->Polygon.OffsetFactor;
      r.offset_clamp = ctx->Polygon.OffsetClamp;
   }
   /* GL 3.0 compatibility 2.19.7 and GL 3.2 2.18.8 */
   r.flatshade = ctx->Light.ShadeModel == GL_FLAT;
   r.flatshade_first =
      ctx->Light.ProvokingVertex == GL_FIRST_VERTEX_CONVENTION;
   r.scissor = ctx->Scissor.EnabledMask != 0;
   r.half_pixel_center = 1;
   r.bottom_edge_rule = !st->fb_flip;
   r.rasterizer_discard = ctx->RasterizerDiscard || st->capture_positions;
   /* GL 3.2 section 2.17: DEPTH_CLAMP turns near and far clipping off
    * and clamps fragment depths to the depth range instead. */
   r.depth_clip_near = r.depth_clip_far = !ctx->DepthClamp;
   r.depth_clamp = ctx->DepthClamp;
   r.point_quad_rasterization = 1;
   /* Desktop GL: a program's gl_PointSize counts while PROGRAM_POINT_SIZE
    * (VERTEX_PROGRAM_POINT_SIZE) is on, else glPointSize does (GL 3.2
    * section 3.4, GL 2.0 section 2.15.4); ES has only gl_PointSize; the
    * fixed-function vertex shader writes glPointSize's size itself. */
   r.point_size_per_vertex = _mesa_is_gles(ctx) || ctx->ProgramPointSize ||
                             !_mesa_program_in_use(ctx);
   /* GL 3.2 section 3.4 (GL 2.1 3.4.1): t of gl_PointCoord and of the
    * replaced texture coordinates runs from POINT_SPRITE_COORD_ORIGIN's
    * side; a flipped framebuffer swaps the sides. */
   bool lower = ctx->FF.PointParams.SpriteOrigin == GL_LOWER_LEFT;
   r.sprite_coord_mode = lower != st->fb_flip ? PIPE_SPRITE_COORD_UPPER_LEFT
                                              : PIPE_SPRITE_COORD_LOWER_LEFT;
   /* GL 2.1 section 3.4.1: with POINT_SPRITE on (compatibility), the
    * texture coordinates of the units whose COORD_REPLACE is on become
    * the point's (s, t, 0, 1). */
   if (!_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx) &&
       ctx->FF.PointParams.SpriteFlag)
      r.sprite_coord_enable = ctx->FF.PointParams.CoordReplace;
   /* GL 4.6 section 14.3.1: MULTISAMPLE off rasterizes as single
    * sampled (the driver: docs/gl.rst, Multisampling). */
   r.multisample = st->fb.samples > 1 && ctx->Multisample.Enabled;
   r.line_width = ctx->LineWidth;
   /* GL 2.1 section 3.4.2; gallium holds the repeat factor minus one. */
   r.line_stipple_enable = ctx->Line.StippleFlag;
   if (r.line_stipple_enable) {
      r.line_stipple_factor = (unsigned)(ctx->Line.StippleFactor - 1);
      r.line_stipple_pattern = ctx->Line.StipplePattern;
   }
   /* clamped to the aliased range (GL 3.2 section 3.4) */
   r.point_size = CLAMP(ctx->FF.PointSize, ctx->Const.AliasedPointSizeRange[0],
                        ctx->Const.AliasedPointSizeRange[1]);

   /* User clip planes (GL 3.0 2.17): the enables; update_clip_planes
    * hands over the planes. */
   for (unsigned i = 0; i < 8; i++) {
      if (ctx->Transform.ClipPlaneEnabled[i])
         r.clip_plane_enable |= 1u << i;
   }

   cso = st_cached_cso(st, CSO_RASTERIZER, &r, sizeof(r));
   if (cso != st->rasterizer) {
      st->pipe->bind_rasterizer_state(st->pipe, cso);
      st->rasterizer = cso;
   }
}

static unsigned
blend_factor(GLenum f)
{
   switch (f) {
   case GL_ZERO:
      return PIPE_BLENDFACTOR_ZERO;
   case GL_ONE:
      return PIPE_BLENDFACTOR_ONE;
   case GL_SRC_COLOR:
      return PIPE_BLENDFACTOR_SRC_COLOR;
   case GL_ONE_MINUS_SRC_COLOR:
      return PIPE_BLENDFACTOR_INV_SRC_COLOR;
   case GL_DST_COLOR:
      return PIPE_BLENDFACTOR_DST_COLOR;
   case GL_ONE_MINUS_DST_COLOR:
      return PIPE_BLENDFACTOR_INV_DST_COLOR;
   case GL_SRC_ALPHA:
      return PIPE_BLENDFACTOR_SRC_ALPHA;
   case GL_ONE_MINUS_SRC_ALPHA:
      return PIPE_BLENDFACTOR_INV_SRC_ALPHA;
   case GL_DST_ALPHA:
      return PIPE_BLENDFACTOR_DST_ALPHA;
   case GL_ONE_MINUS_DST_ALPHA:
      return PIPE_BLENDFACTOR_INV_DST_ALPHA;
   case GL_CONSTANT_COLOR:
      return PIPE_BLENDFACTOR_CONST_COLOR;
   case GL_ONE_MINUS_CONSTANT_COLOR:
      return PIPE_BLENDFACTOR_INV_CONST_COLOR;
   case GL_CONSTANT_ALPHA:
      return PIPE_BLENDFACTOR_CONST_ALPHA;
   case GL_ONE_MINUS_CONSTANT_ALPHA:
      return PIPE_BLENDFACTOR_INV_CONST_ALPHA;
   case GL_SRC_ALPHA_SATURATE:
      return PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE;
   case GL_SRC1_COLOR:
      return PIPE_BLENDFACTOR_SRC1_COLOR;
   case GL_SRC1_ALPHA:
      return PIPE_BLENDFACTOR_SRC1_ALPHA;
   case GL_ONE_MINUS_SRC1_COLOR:
      return PIPE_BLENDFACTOR_INV_SRC1_COLOR;
   case GL_ONE_MINUS_SRC1_ALPHA:
      return PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
   default:
      return PIPE_BLENDFACTOR_ONE;
   }
}

static unsigned
blend_func(GLenum e)
{
   switch (e) {
   case GL_FUNC_SUBTRACT:
      return PIPE_BLEND_SUBTRACT;
   case GL_FUNC_REVERSE_SUBTRACT:
      return PIPE_BLEND_REVERSE_SUBTRACT;
   case GL_MIN:
      return PIPE_BLEND_MIN;
   case GL_MAX:
      return PIPE_BLEND_MAX;
   default:
      return PIPE_BLEND_ADD;
   }
}

/* Blend factor f with a destination alpha of 1 (update_blend); rgb: a
 * colour factor, where SRC_ALPHA_SATURATE is min(As, 1 - Ad). */
static unsigned
dst_alpha_one(unsigned f, bool rgb)
{
   switch (f) {
   case PIPE_BLENDFACTOR_DST_ALPHA:
      return PIPE_BLENDFACTOR_ONE;
   case PIPE_BLENDFACTOR_INV_DST_ALPHA:
      return PIPE_BLENDFACTOR_ZERO;
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE:
      return rgb ? PIPE_BLENDFACTOR_ZERO : f;
   default:
      return f;
   }
}

static void
update_blend(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   struct pipe_blend_state b;
   void *cso;

   memset(&b, 0, sizeof(b));
   b.dither = ctx->Color.Dither;
   /* GL 4.6 section 17.3.9: logic ops replace blending (the driver skips
    * targets they do not apply to). */
   b.logicop_enable = ctx->Color.ColorLogicOpEnabled;
   if (b.logicop_enable)
      b.logicop_func = _mesa_logicop_to_pipe(ctx->Color.LogicOp);
   /* (GL 4.6 section 17.3.1: only with MULTISAMPLE on) */
   b.alpha_to_coverage = ctx->Multisample.SampleAlphaToCoverage &&
                         ctx->Multisample.Enabled;
   b.alpha_to_one = ctx->Multisample.SampleAlphaToOne &&
                    ctx->Multisample.Enabled;
   b.max_rt = st->fb.nr_cbufs ? st->fb.nr_cbufs - 1 : 0;
   /* Same state for every render target (no indexed blend in ES 2/3). */
   b.rt[0].blend_enable = ctx->Color.BlendEnabled;
   if (ctx->Color.BlendEnabled) {
      b.rt[0].rgb_func = blend_func(ctx->Color.EquationRGB);
      b.rt[0].alpha_func = blend_func(ctx->Color.EquationA);
      b.rt[0].rgb_src_factor = blend_factor(ctx->Color.SrcRGB);
      b.rt[0].rgb_dst_factor = blend_factor(ctx->Color.DstRGB);
      b.rt[0].alpha_src_factor = blend_factor(ctx->Color.SrcA);
      b.rt[0].alpha_dst_factor = blend_factor(ctx->Color.DstA);
   }
   b.rt[0].colormask = (ctx->Color.ColorMask[0] ? PIPE_MASK_R : 0) |
                       (ctx->Color.ColorMask[1] ? PIPE_MASK_G : 0) |
                       (ctx->Color.ColorMask[2] ? PIPE_MASK_B : 0) |
                       (ctx->Color.ColorMask[3] ? PIPE_MASK_A : 0);
   /* GL 3.0 glEnablei/glColorMaski: per draw buffer when they differ
    * from buffer 0 (ColorMaski bits are PIPE_MASK_* order). */
   for (unsigned i = 1; i <= b.max_rt && i < MAX_DRAW_BUFFERS; i++) {
      if (((ctx->Color.BlendEnabledi >> i) & 1) != b.rt[0].blend_enable ||
          ctx->Color.ColorMaski[i] != b.rt[0].colormask)
         b.independent_blend_enable = 1;
   }
   if (b.independent_blend_enable) {
      for (unsigned i = 1; i <= b.max_rt && i < MAX_DRAW_BUFFERS; i++) {
         b.rt[i] = b.rt[0];
         b.rt[i].blend_enable = (ctx->Color.BlendEnabledi >> i) & 1;
         if (!b.rt[i].blend_enable) {
            b.rt[i].rgb_func = b.rt[i].alpha_func = 0;
            b.rt[i].rgb_src_factor = b.rt[i].rgb_dst_factor = 0;
            b.rt[i].alpha_src_factor = b.rt[i].alpha_dst_factor = 0;
         } else if (!b.rt[0].blend_enable) {
            b.rt[i].rgb_func = blend_func(ctx->Color.EquationRGB);
            b.rt[i].alpha_func = blend_func(ctx->Color.EquationA);
            b.rt[i].rgb_src_factor = blend_factor(ctx->Color.SrcRGB);
            b.rt[i].rgb_dst_factor = blend_factor(ctx->Color.DstRGB);
            b.rt[i].alpha_src_factor = blend_factor(ctx->Color.SrcA);
            b.rt[i].alpha_dst_factor = blend_factor(ctx->Color.DstA);
         }
         b.rt[i].colormask = ctx->Color.ColorMaski[i];
      }
   }

   /* ALPHA colour buffers stored as RGBA: alpha only (st_cbuf_channels;
    * update_framebuffer runs first). */
   if (st->alpha_only_cbufs) {
      for (unsigned i = 1; !b.independent_blend_enable && i <= b.max_rt;
           i++)
         b.rt[i] = b.rt[0];
      b.independent_blend_enable |= b.max_rt > 0;
      for (unsigned i = 0; i <= b.max_rt; i++)
         b.rt[i].colormask &= st_cbuf_channels(st, i);
   }

   /* Colour buffers without alpha stored with one: destination alpha is
    * 1 (GL 4.6 section 17.3.6), so DST_ALPHA factors become ONE, their
    * inverse ZERO, and SRC_ALPHA_SATURATE, min(As, 1 - 1), ZERO for RGB
    * (as alexvorxx/Mesa-VirGL src/mesa/state_tracker/st_atom_blend.c
    * does for RGB formats emulated with RGBA ones).  Since wave 16. */
   if (st->no_alpha_cbufs && ctx->Color.BlendEnabled) {
      for (unsigned i = 1; !b.independent_blend_enable && i <= b.max_rt;
           i++)
         b.rt[i] = b.rt[0];
      b.independent_blend_enable |= b.max_rt > 0;
      for (unsigned i = 0; i <= b.max_rt; i++) {
         if (!((st->no_alpha_cbufs >> i) & 1))
            continue;
         struct pipe_rt_blend_state *r = &b.rt[i];
         r->rgb_src_factor = dst_alpha_one(r->rgb_src_factor, true);
         r->rgb_dst_factor = dst_alpha_one(r->rgb_dst_factor, true);
         r->alpha_src_factor = dst_alpha_one(r->alpha_src_factor, false);
         r->alpha_dst_factor = dst_alpha_one(r->alpha_dst_factor, false);
      }
   }

   /* KHR_blend_equation_advanced: one equation for every channel. */
   b.advanced_blend_func = (enum pipe_advanced_blend_mode)
      _mesa_advanced_blend_mode(ctx->Color.EquationRGB);
   cso = st_cached_cso(st, CSO_BLEND, &b, sizeof(b));
   if (cso != st->blend) {
      st->pipe->bind_blend_state(st->pipe, cso);
      st->blend = cso;
   }
}

static unsigned
stencil_op(GLenum op)
{
   switch (op) {
   case GL_ZERO:
      return PIPE_STENCIL_OP_ZERO;
   case GL_REPLACE:
      return PIPE_STENCIL_OP_REPLACE;
   case GL_INCR:
      return PIPE_STENCIL_OP_INCR;
   case GL_DECR:
      return PIPE_STENCIL_OP_DECR;
   case GL_INCR_WRAP:
      return PIPE_STENCIL_OP_INCR_WRAP;
   case GL_DECR_WRAP:
      return PIPE_STENCIL_OP_DECR_WRAP;
   case GL_INVERT:
      return PIPE_STENCIL_OP_INVERT;
   default:
      return PIPE_STENCIL_OP_KEEP;
   }
}

static void
update_dsa(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   struct gl_framebuffer *fb = ctx->DrawBuffer;
   struct pipe_depth_stencil_alpha_state d;
   bool has_depth = fb && fb->Attachment[BUFFER_DEPTH];
   bool has_stencil = fb && fb->Attachment[BUFFER_STENCIL];
   void *cso;

   memset(&d, 0, sizeof(d));
   /* ES 2.0 section 4.1.5/4.1.6: without the buffer the test passes. */
   if (ctx->Depth.Test && has_depth) {
      d.depth_enabled = 1;
      d.depth_writemask = ctx->Depth.Mask;
      d.depth_func = ctx->Depth.Func - GL_NEVER;
   }
   if (ctx->Stencil.Enabled && has_stencil) {
      for (int f = 0; f < 2; f++) {
         d.stencil[f].enabled = 1;
         d.stencil[f].func = ctx->Stencil.Func[f] - GL_NEVER;
         d.stencil[f].fail_op = stencil_op(ctx->Stencil.FailOp[f]);
         d.stencil[f].zfail_op = stencil_op(ctx->Stencil.ZFailOp[f]);
         d.stencil[f].zpass_op = stencil_op(ctx->Stencil.ZPassOp[f]);
         d.stencil[f].valuemask = ctx->Stencil.ValueMask[f] & 0xff;
         d.stencil[f].writemask = ctx->Stencil.WriteMask[f] & 0xff;
      }
   }
   cso = st_cached_cso(st, CSO_DEPTH_STENCIL_ALPHA, &d, sizeof(d));
   if (cso != st->dsa) {
      st->pipe->bind_depth_stencil_alpha_state(st->pipe, cso);
      st->dsa = cso;
   }
}

static void
update_stencil_ref(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   struct pipe_stencil_ref ref;

   for (int f = 0; f < 2; f++) {
      GLint r = ctx->Stencil.Ref[f];
      ref.ref_value[f] = (uint8_t)(r < 0 ? 0 : r > 255 ? 255 : r);
   }
   st->pipe->set_stencil_ref(st->pipe, ref);
}

static bool
has_float_channel(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);

   for (unsigned i = 0; d && i < d->nr_channels; i++) {
      if (d->channel[i].type == UTIL_FORMAT_TYPE_FLOAT)
         return true;
   }
   return false;
}

/* The blend constant is kept as given; fixed-point colour buffers use it
 * clamped to [0, 1] (ES 3.0.6 section 4.1.7), signed normalized ones to
 * [-1, 1] (GL 4.6 section 17.3.6.1).  One constant serves every buffer,
 * so it is clamped unless float buffers are bound and no fixed-point one
 * (a mix gets the float buffers the clamped constant; a mix of unsigned
 * and signed ones gets [0, 1]). */
static void
update_blend_color(struct st_context *st)
{
   const struct gl_framebuffer *fb = st->ctx.DrawBuffer;
   struct pipe_blend_color c;
   bool any_float = false, any_unorm = false, any_snorm = false;

   for (unsigned i = 0; fb && i < MAX_DRAW_BUFFERS; i++) {
      const struct gl_renderbuffer *rb = fb->Attachment[BUFFER_COLOR0 + i];
      if (!rb || !rb->texture ||
          util_format_is_pure_integer(rb->texture->format))
         continue;
      if (has_float_channel(rb->texture->format))
         any_float = true;
      else if (util_format_is_snorm(rb->texture->format))
         any_snorm = true;
      else
         any_unorm = true;
   }
   bool clamp = any_unorm || any_snorm || !any_float;
   float lo = any_snorm && !any_unorm ? -1.0f : 0.0f;
   for (unsigned i = 0; i < 4; i++) {
      float v = st->ctx.Color.BlendColor[i];
      if (clamp)
         v = v < lo ? lo : v > 1.0f ? 1.0f : v;
      c.color[i] = v;
   }
   st->pipe->set_blend_color(st->pipe, &c);
}

static void
update_sample_mask(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   unsigned samples = st->fb.samples > 1 ? st->fb.samples : 1;
   unsigned mask = (1u << samples) - 1;

   /* GL 4.6 sections 14.3.1.1 and 17.3.1: with MULTISAMPLE off neither
    * the coverage operations nor sample shading apply. */
   if (!ctx->Multisample.Enabled)
      samples = 1;

   if (ctx->Multisample.SampleCoverage && samples > 1) {
      unsigned n =
         (unsigned)(ctx->Multisample.SampleCoverageValue * samples + 0.5f);
      mask = (1u << n) - 1;
      if (ctx->Multisample.SampleCoverageInvert)
         mask = ~mask & ((1u << samples) - 1);
   }
   /* GL 3.2 section 4.1.3: the sample mask word ANDs in when enabled. */
   if (ctx->Multisample.SampleMask && samples > 1)
      mask &= ctx->Multisample.SampleMaskValue;
   st->pipe->set_sample_mask(st->pipe, mask);

   /* ARB_sample_shading: at least ceil(value * samples) shaded samples
    * per fragment (GL 4.6 section 14.3.1.1), 1 when off. */
   if (st->pipe->set_min_samples) {
      unsigned min = 1;
      if (ctx->Multisample.SampleShading && samples > 1) {
         float want = ctx->Multisample.MinSampleShadingValue * (float)samples;
         min = (unsigned)ceilf(want);
         min = min < 1 ? 1 : min > samples ? samples : min;
      }
      st->pipe->set_min_samples(st->pipe, min);
   }
}

static bool
update_program(struct st_context *st)
{
   struct gl_program_exec *exec = st_current_exec(st, &st->ctx);
   struct st_program_variant *v = NULL;
   void *vs = NULL, *fs = NULL, *gs = NULL;

   if (exec) {
      v = st_get_program_variant(st, exec);
      if (!v)
         return false;
      vs = v->vs;
      fs = v->fs;
      gs = v->gs;
   }
   if (vs != st->vs) {
      st->pipe->bind_vs_state(st->pipe, vs);
      st->vs = vs;
   }
   /* A program without a geometry shader binds none (GL 3.2 core 2.12). */
   if (gs != st->gs) {
      st->pipe->bind_gs_state(st->pipe, gs);
      st->gs = gs;
   }
   if (fs != st->fs) {
      st->pipe->bind_fs_state(st->pipe, fs);
      st->fs = fs;
   }
   return true;
}

static bool
update_constants(struct st_context *st)
{
   struct gl_program_exec *exec = st_current_exec(st, &st->ctx);
   struct pipe_constant_buffer cb = {0};

   if (!exec) {
      st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_VERTEX, 0, false,
                                    NULL);
      st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_FRAGMENT, 0, false,
                                    NULL);
      if (st->pipe->create_gs_state)
         st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_GEOMETRY, 0,
                                       false, NULL);
      st->const_serial = 0;
      st->const_valid = false;
      return true;
   }
   /* Compatibility matrices into their built-in uniforms (matrix.c). */
   if (_mesa_update_state_uniforms(&st->ctx, exec))
      exec->uniforms_stamp++;
   if (exec == st->ff_exec && !_mesa_program_in_use(&st->ctx) &&
       st_ff_update_uniforms(st, exec))
      exec->uniforms_stamp++;
   /* Without a program, two-sided lighting picks the back colours
    * (GL 2.1 section 2.14.1). */
   bool two_side = _mesa_program_in_use(&st->ctx)
                      ? st->ctx.VertexProgramTwoSide
                      : st->ctx.FF.Lighting && st->ctx.FF.LightModel.TwoSide;
   /* gl_FragCoord's y transform (st_nir_lower_wpos.c). */
   /* w: two-sided colour (st_nir_lower_two_side.c). */
   float wpos[4] = {st->fb_flip ? -1.0f : 1.0f,
                    st->fb_flip ? (float)st->fb_height : 0.0f,
                    (float)st->fb.height,
                    two_side ? 1.0f : 0.0f};
   unsigned slot = st_extra_uniform_slot(exec);
   float *dst = (float *)((uint8_t *)exec->uniforms + slot * 16);
   if (memcmp(dst, wpos, sizeof(wpos)) != 0) {
      memcpy(dst, wpos, sizeof(wpos));
      exec->uniforms_stamp++;
   }
   if (st->const_valid && st->const_serial == exec->serial &&
       st->const_stamp == exec->uniforms_stamp)
      return true;

   cb.buffer_size = slot * 16 + 16;
   if (st->user_const_buffers)
      cb.user_buffer = exec->uniforms; /* copied by the driver */
   else if (!u_upload_data(st->uploader, cb.buffer_size, 256, exec->uniforms,
                           &cb.buffer_offset, &cb.buffer))
      return false;
   /* The driver takes its own references (take_ownership stays false, so
    * a driver that ignores the flag cannot leak the upload buffer). */
   st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_VERTEX, 0, false, &cb);
   st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_FRAGMENT, 0, false, &cb);
   /* The default uniform block is one storage for every stage. */
   if (exec->linked->nir[MESA_SHADER_GEOMETRY])
      st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_GEOMETRY, 0, false,
                                    &cb);
   pipe_resource_reference(&cb.buffer, NULL);
   st->const_serial = exec->serial;
   st->const_stamp = exec->uniforms_stamp;
   st->const_valid = true;
   return true;
}

/* The user clip planes the driver clips with (pipe_clip_state::ucp):
 * the eye-space planes of glClipPlane, dotted with gl_ClipVertex, or with
 * gl_Position by a vertex shader that writes neither it nor
 * gl_ClipDistance (GLSL 1.30 7.1 leaves that case undefined; Mesa, the
 * reference, and piglit's vs-clip-based-on-position use the planes on
 * gl_Position as they are). */
static void
update_clip_planes(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   struct pipe_clip_state clip;
   memcpy(clip.ucp, ctx->Transform.EyeUserPlane, sizeof(clip.ucp));
   if (st->pipe->set_clip_state)
      st->pipe->set_clip_state(st->pipe, &clip);
}

/* Validating images and sampler views can give a texture new storage
 * (st_finalize_texture copies its images into one tree), after the
 * draw's framebuffer completeness check pointed the attachments at the
 * old one: point them at the new storage, or a draw or clear would
 * render where no later read looks (piglit load-from-cleared-image). */
static void
follow_new_trees(struct st_context *st)
{
   if (st->new_trees == st->new_trees_seen)
      return;
   st->new_trees_seen = st->new_trees;
   _mesa_update_framebuffer(&st->ctx, st->ctx.DrawBuffer);
}

/* Storage blocks, atomic counters and images are bound again at every
 * draw (their binding points set no dirty bit): only when the program
 * has some.  Most programs have none.  Uniform blocks have their bit
 * since wave 17 (validate_dirty). */
static bool
storage_or_images(struct st_context *st)
{
   const struct gl_program_exec *exec = _mesa_current_exec(&st->ctx);
   const struct glsl_program *p = exec ? exec->linked : NULL;

   return p && (p->num_ssbos | p->num_counters | p->num_images) != 0;
}

/* While uniform blocks are bound, a shared object they read changed in
 * some context of the group (gl_shared_state::UboStamp): bind them
 * again. */
static inline void
check_ubo_stamp(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   unsigned stamp = __atomic_load_n(&ctx->Shared->UboStamp, __ATOMIC_RELAXED);

   if (stamp != st->ubo_stamp) {
      st->ubo_stamp = stamp;
      if (st->any_ubos)
         ctx->NewState |= ST_NEW_UNIFORM_BUFFER;
   }
}

/* st_validate_state with state bits to take (the atoms).  Apart, so
 * that a draw with none only pays for the few tests of the caller. */
static bool __attribute__((noinline))
validate_dirty(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   uint32_t dirty = ctx->NewState;

   /* the draw checks (draw.c) read state, but not all of it */
   if (dirty & ~DRAW_CHECKS_IGNORE)
      _mesa_draw_checks_stale(ctx);
   /* the gl_FragCoord transform; the rasterizer's multisample */
   if (dirty & ST_NEW_FRAMEBUFFER)
      dirty |= ST_NEW_CONSTANTS | ST_NEW_RASTERIZER;
   /* the rasterizer's point_size_per_vertex follows the program */
   if (dirty & ST_NEW_PROGRAM)
      dirty |= ST_NEW_RASTERIZER;

   if (dirty & ST_NEW_FRAMEBUFFER)
      update_framebuffer(st);
   /* colour clamping follows the colour buffers' formats (FIXED_ONLY) */
   if ((dirty & (ST_NEW_FRAMEBUFFER | ST_NEW_PROGRAM)) &&
       st_color_clamp(st) != st->color_clamp) {
      st->color_clamp = (uint8_t)st_color_clamp(st);
      dirty |= ST_NEW_PROGRAM | ST_NEW_RASTERIZER;
   }
   if (dirty & ST_NEW_VIEWPORT)
      update_viewport(st);
   if (dirty & ST_NEW_SCISSOR)
      update_scissor(st);
   if (dirty & ST_NEW_RASTERIZER)
      update_rasterizer(st);
   if (dirty & ST_NEW_RASTERIZER)
      update_clip_planes(st);
   if (dirty & ST_NEW_BLEND)
      update_blend(st);
   if (dirty & ST_NEW_DSA)
      update_dsa(st);
   if (dirty & ST_NEW_STENCIL_REF)
      update_stencil_ref(st);
   if (dirty & (ST_NEW_BLEND_COLOR | ST_NEW_FRAMEBUFFER))
      update_blend_color(st);
   if (dirty & (ST_NEW_SAMPLE_MASK | ST_NEW_FRAMEBUFFER))
      update_sample_mask(st);
   /* (the blocks of the program, at the indexed binding points) */
   if (dirty & (ST_NEW_UNIFORM_BUFFER | ST_NEW_PROGRAM))
      st_update_ubos(st);
   if ((dirty & ST_NEW_PROGRAM) && !update_program(st))
      return false;
   if ((dirty & ST_NEW_CONSTANTS) && !update_constants(st))
      return false;
   if (dirty & (ST_NEW_SAMPLER_VIEWS | ST_NEW_SAMPLERS |
                ST_NEW_TEXTURE_BINDING | ST_NEW_PROGRAM)) {
      st_update_textures(st);
      follow_new_trees(st);
      if (ctx->NewState & ST_NEW_FRAMEBUFFER)
         update_framebuffer(st);
   }

   /* Vertex arrays are per draw (st_draw.c). */
   ctx->NewState &= ST_NEW_VERTEX_ARRAYS;
   return true;
}

bool
st_validate_state(struct st_context *st)
{
   /* A window-system framebuffer may have been resized or swapped. */
   if (st->draw && st->draw->stamp != st->draw_stamp) {
      st->draw_stamp = st->draw->stamp;
      st_invalidate_framebuffer(st);
   }
   check_ubo_stamp(st);
   if (storage_or_images(st)) {
      st_update_ssbos(st);
      st_update_images(st);
   }
   follow_new_trees(st);
   return !st->ctx.NewState || validate_dirty(st);
}
