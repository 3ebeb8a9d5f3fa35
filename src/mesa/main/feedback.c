/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Feedback of compatibility contexts (GL 2.1 section 5.3):
 * glFeedbackBuffer, glPassThrough, and the draws of GL_FEEDBACK render
 * mode (glRenderMode is select.c).  Nothing is rasterised: each primitive
 * left after clipping (the software path of sw_prims.c) writes a token
 * and its vertices in window coordinates, with the colour and texture
 * coordinates the buffer's type asks for (table 5.2).  Polygons that
 * face culling discards write nothing; in polygon mode GL_LINE or
 * GL_POINT their edges or vertices are written as lines or points.
 *
 * glBitmap, glDrawPixels and glCopyPixels write their token and the
 * raster position (drawpix.c asks _mesa_feedback_pixels).
 *
 * Not done: lit colours (the vertex's colour attribute is written, as
 * with lighting off), flat shading's provoking colour, edge flags,
 * vertex shaders.
 */
#include "main/context.h"
#include "main/ffstate.h"
#include "main/sw_prims.h"
#include "util/u_math.h"

void
_mesa_feedback_token(struct gl_context *ctx, GLfloat value)
{
   struct gl_ff_select *s = &ctx->FF.Select;

   if (s->FbCount < s->FbSize)
      s->FbBuffer[s->FbCount] = value;
   /* Counted beyond the buffer too: glRenderMode then returns -1. */
   if (s->FbCount < INT32_MAX)
      s->FbCount++;
}

/* Table 5.2: what a vertex of each type holds. */
struct feedback_layout {
   GLenum type;
   uint8_t coords; /* 2, 3 or 4 */
   bool color, tex;
};

static const struct feedback_layout layouts[] = {
   {GL_2D, 2, false, false},
   {GL_3D, 3, false, false},
   {GL_3D_COLOR, 3, true, false},
   {GL_3D_COLOR_TEXTURE, 3, true, true},
   {GL_4D_COLOR_TEXTURE, 4, true, true},
};

static const struct feedback_layout *
layout_of(GLenum type)
{
   for (unsigned i = 0; i < ARRAY_SIZE(layouts); i++) {
      if (layouts[i].type == type)
         return &layouts[i];
   }
   return NULL;
}

void GLAPIENTRY
_mesa_FeedbackBuffer(GLsizei size, GLenum type, GLfloat *buffer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_select *s = &ctx->FF.Select;

   if (!_mesa_ff_allowed(ctx, "glFeedbackBuffer"))
      return;
   if (!layout_of(type)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glFeedbackBuffer(type=0x%x)", type);
      return;
   }
   if (size < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glFeedbackBuffer(size=%d)", size);
      return;
   }
   if (s->Mode == GL_FEEDBACK) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glFeedbackBuffer(in GL_FEEDBACK mode)");
      return;
   }
   s->FbBuffer = buffer;
   s->FbSize = buffer ? size : 0;
   s->FbType = type;
   s->FbCount = 0;
}

/* Compiled into display lists by the dispatch layer (gl_dispatch.py). */
void GLAPIENTRY
_mesa_PassThrough(GLfloat token)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_ff_allowed(ctx, "glPassThrough") ||
       ctx->FF.Select.Mode != GL_FEEDBACK)
      return;
   _mesa_feedback_token(ctx, (GLfloat)GL_PASS_THROUGH_TOKEN);
   _mesa_feedback_token(ctx, token);
}

/* A vertex in window coordinates (w: 1 / w_c) as the buffer's type
 * lays it out. */
static void
put_window_vertex(struct gl_context *ctx, const GLfloat win[4],
                  const GLfloat color[4], const GLfloat tex[4])
{
   const struct feedback_layout *l = layout_of(ctx->FF.Select.FbType);

   for (unsigned c = 0; l && c < l->coords; c++)
      _mesa_feedback_token(ctx, win[c]);
   for (unsigned c = 0; l && l->color && c < 4; c++)
      _mesa_feedback_token(ctx, color[c]);
   for (unsigned c = 0; l && l->tex && c < 4; c++)
      _mesa_feedback_token(ctx, tex[c]);
}

static void
put_vertex(struct gl_context *ctx, const struct sw_vertex *v)
{
   GLfloat win[4];

   if (_mesa_sw_window(ctx, v->pos, win))
      put_window_vertex(ctx, win, v->color, v->tex);
}

bool
_mesa_feedback_pixels(struct gl_context *ctx, GLenum token)
{
   const struct gl_ff_raster *r = &ctx->FF.Raster;

   if (ctx->FF.Select.Mode == GL_RENDER)
      return false;
   if (ctx->FF.Select.Mode == GL_FEEDBACK && r->Valid) {
      const GLfloat win[4] = {r->Pos[0], r->Pos[1], r->Pos[2],
                              r->Pos[3] != 0.0f ? 1.0f / r->Pos[3] : 1.0f};
      _mesa_feedback_token(ctx, (GLfloat)token);
      put_window_vertex(ctx, win, r->Color, r->TexCoord[0]);
   }
   return true;
}

static void
fb_point(struct gl_context *ctx, void *data, const struct sw_vertex *v)
{
   (void)data;
   _mesa_feedback_token(ctx, (GLfloat)GL_POINT_TOKEN);
   put_vertex(ctx, v);
}

static void
fb_line(struct gl_context *ctx, void *data, const struct sw_vertex *v,
        bool reset)
{
   (void)data;
   _mesa_feedback_token(ctx,
                        (GLfloat)(reset ? GL_LINE_RESET_TOKEN : GL_LINE_TOKEN));
   put_vertex(ctx, &v[0]);
   put_vertex(ctx, &v[1]);
}

/* Twice the signed window area of the polygon (section 3.5.1). */
static GLfloat
window_area(struct gl_context *ctx, const struct sw_vertex *v, unsigned n)
{
   GLfloat area = 0.0f, a[4], b[4];

   for (unsigned i = 0; i < n; i++) {
      if (!_mesa_sw_window(ctx, v[i].pos, a) ||
          !_mesa_sw_window(ctx, v[(i + 1) % n].pos, b))
         return 0.0f;
      area += a[0] * b[1] - b[0] * a[1];
   }
   return area;
}

static void
fb_polygon(struct gl_context *ctx, void *data, const struct sw_vertex *v,
           unsigned n)
{
   GLfloat area = window_area(ctx, v, n);
   bool front = ctx->Polygon.FrontFace == GL_CCW ? area > 0 : area < 0;
   GLenum cull = ctx->Polygon.CullFaceMode;

   (void)data;
   /* Section 3.5.1: culled polygons go no further. */
   if (ctx->Polygon.CullFlag &&
       (cull == GL_FRONT_AND_BACK || (cull == GL_FRONT) == front))
      return;
   GLenum fill = front ? ctx->Polygon.FrontMode : ctx->Polygon.BackMode;
   if (fill == GL_POINT) {
      for (unsigned i = 0; i < n; i++)
         fb_point(ctx, data, &v[i]);
   } else if (fill == GL_LINE) {
      for (unsigned i = 0; i < n; i++) {
         struct sw_vertex e[2] = {v[i], v[(i + 1) % n]};
         fb_line(ctx, data, e, i == 0);
      }
   } else {
      _mesa_feedback_token(ctx, (GLfloat)GL_POLYGON_TOKEN);
      _mesa_feedback_token(ctx, (GLfloat)n);
      for (unsigned i = 0; i < n; i++)
         put_vertex(ctx, &v[i]);
   }
}

void
_mesa_feedback_draw(struct gl_context *ctx, GLenum mode, GLint first,
                    GLsizei count, GLenum index_type, const void *indices,
                    GLint basevertex)
{
   static const struct sw_prim_sink sink = {
      .point = fb_point,
      .line = fb_line,
      .polygon = fb_polygon,
   };

   _mesa_sw_draw(ctx, mode, first, count, index_type, indices, basevertex,
                 &sink);
}
