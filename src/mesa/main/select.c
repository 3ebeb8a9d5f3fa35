/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Selection of compatibility contexts (GL 2.1 section 5.2): glRenderMode,
 * glSelectBuffer and the name stack (glInitNames, glLoadName,
 * glPushName, glPopName).  In GL_SELECT mode a draw is not rasterised:
 * its vertices are transformed on the CPU by the modelview and projection
 * matrices, each primitive is clipped to the view volume, and the window
 * z of what is left widens the hit's range.  A hit record (name count,
 * minimum and maximum z times 2^32 - 1, the names) is written when the
 * name stack changes or the render mode does.
 *
 * Not done: vertex shaders (the fixed-function transform is used), user
 * clip planes, face culling and polygon modes in selection, and feedback
 * (glFeedbackBuffer does not exist: GL_FEEDBACK is GL_INVALID_OPERATION,
 * as for a missing feedback buffer).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "state_tracker/st_context.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

static void
put_word(struct gl_ff_select *s, GLuint w)
{
   if (s->Count < s->Size)
      s->Buffer[s->Count++] = w;
   else
      s->Overflow = true;
}

static GLuint
z_word(GLfloat z)
{
   double v = CLAMP((double)z, 0.0, 1.0) * 4294967295.0;
   return (GLuint)(v + 0.5);
}

/* Section 5.2: the record of the hit since the last name stack change. */
static void
write_hit(struct gl_ff_select *s)
{
   if (!s->HitFlag)
      return;
   put_word(s, s->Depth);
   put_word(s, z_word(s->HitMin));
   put_word(s, z_word(s->HitMax));
   for (unsigned i = 0; i < s->Depth; i++)
      put_word(s, s->Names[i]);
   s->Hits++;
   s->HitFlag = false;
}

GLint GLAPIENTRY
_mesa_RenderMode(GLenum mode)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx || !_mesa_ff_allowed(ctx, "glRenderMode"))
      return 0;
   struct gl_ff_select *s = &ctx->FF.Select;
   if (mode != GL_RENDER && mode != GL_SELECT && mode != GL_FEEDBACK) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glRenderMode(mode=0x%x)", mode);
      return 0;
   }
   /* Section 5.2: the buffer must be given before entering the mode. */
   if ((mode == GL_SELECT && !s->Buffer) || mode == GL_FEEDBACK) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glRenderMode(no buffer)");
      return 0;
   }
   GLint result = 0;
   if (s->Mode == GL_SELECT) {
      write_hit(s);
      result = s->Overflow ? -1 : s->Hits;
   }
   s->Mode = mode;
   s->Count = 0;
   s->Hits = 0;
   s->Overflow = false;
   s->HitFlag = false;
   s->Depth = 0;
   return result;
}

void GLAPIENTRY
_mesa_SelectBuffer(GLsizei size, GLuint *buffer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_ff_allowed(ctx, "glSelectBuffer"))
      return;
   if (size < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glSelectBuffer(size=%d)", size);
      return;
   }
   if (ctx->FF.Select.Mode == GL_SELECT) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glSelectBuffer(in GL_SELECT)");
      return;
   }
   ctx->FF.Select.Buffer = buffer;
   ctx->FF.Select.Size = buffer ? size : 0;
}

/* The name stack commands act in GL_SELECT mode only (section 5.2). */
static struct gl_ff_select *
name_stack(struct gl_context *ctx, const char *func)
{
   if (!_mesa_ff_allowed(ctx, func) || ctx->FF.Select.Mode != GL_SELECT)
      return NULL;
   write_hit(&ctx->FF.Select);
   return &ctx->FF.Select;
}

void GLAPIENTRY
_mesa_InitNames(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_select *s = name_stack(ctx, "glInitNames");

   if (s)
      s->Depth = 0;
}

void GLAPIENTRY
_mesa_LoadName(GLuint name)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_select *s = name_stack(ctx, "glLoadName");

   if (!s)
      return;
   if (!s->Depth) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glLoadName(empty stack)");
      return;
   }
   s->Names[s->Depth - 1] = name;
}

void GLAPIENTRY
_mesa_PushName(GLuint name)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_select *s = name_stack(ctx, "glPushName");

   if (!s)
      return;
   if (s->Depth >= FF_MAX_NAME_STACK) {
      _mesa_error(ctx, GL_STACK_OVERFLOW, "glPushName");
      return;
   }
   s->Names[s->Depth++] = name;
}

void GLAPIENTRY
_mesa_PopName(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_select *s = name_stack(ctx, "glPopName");

   if (!s)
      return;
   if (!s->Depth) {
      _mesa_error(ctx, GL_STACK_UNDERFLOW, "glPopName");
      return;
   }
   s->Depth--;
}

bool
_mesa_get_select_state(struct gl_context *ctx, GLenum pname, GLfloat *f)
{
   const struct gl_ff_select *s = &ctx->FF.Select;

   switch (pname) {
   case GL_RENDER_MODE: f[0] = (GLfloat)s->Mode; return true;
   case GL_NAME_STACK_DEPTH: f[0] = (GLfloat)s->Depth; return true;
   case GL_MAX_NAME_STACK_DEPTH: f[0] = FF_MAX_NAME_STACK; return true;
   case GL_SELECTION_BUFFER_SIZE: f[0] = (GLfloat)s->Size; return true;
   default: return false;
   }
}

/* ---- the primitives of a draw ------------------------------------------ */

struct select_draw {
   struct gl_context *ctx;
   const struct gl_vertex_attrib *pos;
   const GLubyte *pos_base; /* client memory or a copy of the buffer */
   size_t pos_size_B;       /* bytes readable from pos_base (0: any) */
   GLfloat mvp[16];
   GLfloat (*clip)[4];      /* scratch for the clipper */
};

static void
mat4_mul(const GLfloat *a, const GLfloat *b, GLfloat *out)
{
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned r = 0; r < 4; r++) {
         out[4 * c + r] = a[r] * b[4 * c] + a[4 + r] * b[4 * c + 1] +
                          a[8 + r] * b[4 * c + 2] + a[12 + r] * b[4 * c + 3];
      }
   }
}

/* Vertex v's position in clip coordinates; false when it cannot be read. */
static bool
fetch(const struct select_draw *d, GLuint v, GLfloat out[4])
{
   const struct gl_vertex_attrib *a = d->pos;
   GLfloat p[4] = {0, 0, 0, 1};
   size_t offset = (size_t)v * (size_t)a->EffectiveStride;
   unsigned elem = a->Type == GL_DOUBLE ? 8 : a->Type == GL_SHORT ? 2 : 4;
   unsigned n = CLAMP(a->Size, 1, 4);

   if (d->pos_size_B && offset + n * elem > d->pos_size_B)
      return false;
   const GLubyte *src = d->pos_base + offset;
   for (unsigned c = 0; c < n; c++) {
      switch (a->Type) {
      case GL_FLOAT: {
         GLfloat f;
         memcpy(&f, src + 4 * c, 4);
         p[c] = f;
         break;
      }
      case GL_DOUBLE: {
         GLdouble f;
         memcpy(&f, src + 8 * c, 8);
         p[c] = (GLfloat)f;
         break;
      }
      case GL_SHORT: {
         GLshort i;
         memcpy(&i, src + 2 * c, 2);
         p[c] = i;
         break;
      }
      case GL_INT: {
         GLint i;
         memcpy(&i, src + 4 * c, 4);
         p[c] = (GLfloat)i;
         break;
      }
      default:
         return false;
      }
   }
   for (unsigned r = 0; r < 4; r++) {
      out[r] = d->mvp[r] * p[0] + d->mvp[4 + r] * p[1] +
               d->mvp[8 + r] * p[2] + d->mvp[12 + r] * p[3];
   }
   return true;
}

/* Sutherland-Hodgman against -w <= x, y, z <= w; returns the vertices
 * left in poly (room for n + 6). */
static unsigned
clip_polygon(GLfloat (*poly)[4], unsigned n, GLfloat (*tmp)[4])
{
   for (unsigned plane = 0; plane < 6 && n; plane++) {
      unsigned axis = plane / 2;
      GLfloat sign = plane & 1 ? -1.0f : 1.0f;
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const GLfloat *a = poly[i], *b = poly[(i + 1) % n];
         GLfloat da = a[3] + sign * a[axis], db = b[3] + sign * b[axis];
         if (da >= 0)
            memcpy(tmp[m++], a, sizeof(tmp[0]));
         if ((da >= 0) != (db >= 0) && n > 1) {
            GLfloat t = da / (da - db);
            for (unsigned c = 0; c < 4; c++)
               tmp[m][c] = a[c] + t * (b[c] - a[c]);
            m++;
         }
      }
      memcpy(poly, tmp, m * sizeof(poly[0]));
      n = m;
   }
   return n;
}

/* One primitive of n vertices (vertex numbers v): a hit when anything of
 * it is left after clipping. */
static void
select_primitive(struct select_draw *d, const GLuint *v, unsigned n)
{
   struct gl_context *ctx = d->ctx;
   struct gl_ff_select *s = &ctx->FF.Select;
   GLfloat (*poly)[4] = d->clip;
   GLfloat (*tmp)[4] = d->clip + n + 6;

   for (unsigned i = 0; i < n; i++) {
      if (!fetch(d, v[i], poly[i]))
         return;
   }
   n = clip_polygon(poly, n, tmp);
   for (unsigned i = 0; i < n; i++) {
      if (poly[i][3] <= 0.0f)
         continue;
      /* GL 2.1 section 2.11.1: window z from the depth range. */
      GLfloat zw = ctx->Viewport.Near +
                   (ctx->Viewport.Far - ctx->Viewport.Near) *
                      (poly[i][2] / poly[i][3] + 1.0f) * 0.5f;
      if (!s->HitFlag) {
         s->HitMin = s->HitMax = zw;
         s->HitFlag = true;
      }
      s->HitMin = MIN2(s->HitMin, zw);
      s->HitMax = MAX2(s->HitMax, zw);
   }
}

static GLuint
vertex_number(GLenum type, const void *indices, GLint first, GLsizei i,
              GLint basevertex)
{
   if (!type)
      return (GLuint)(first + i);
   GLuint index = type == GL_UNSIGNED_BYTE
                     ? ((const GLubyte *)indices)[i]
                  : type == GL_UNSIGNED_SHORT ? ((const GLushort *)indices)[i]
                                              : ((const GLuint *)indices)[i];
   return index + (GLuint)basevertex;
}

/* A copy of a buffer object's data (for positions or indices in one). */
static GLubyte *
read_buffer(struct gl_context *ctx, struct gl_buffer_object *obj)
{
   if (!obj || !obj->buffer || obj->Size <= 0 || obj->transfer)
      return NULL;
   GLubyte *data = malloc((size_t)obj->Size);
   if (data)
      pipe_buffer_read(ctx->st->pipe, obj->buffer, 0, (unsigned)obj->Size,
                       data);
   return data;
}

void
_mesa_select_draw(struct gl_context *ctx, GLenum mode, GLint first,
                  GLsizei count, GLenum index_type, const void *indices,
                  GLint basevertex)
{
   struct gl_vertex_array_object *vao = ctx->VAO;
   struct select_draw d = {.ctx = ctx,
                           .pos = &vao->Attrib[VERT_ATTRIB_GENERIC0]};

   if (ctx->FF.Select.Mode != GL_SELECT || count <= 0 || !d.pos->Enabled)
      return;
   GLubyte *pos_copy = NULL, *index_copy = NULL;
   if (d.pos->Buffer) {
      pos_copy = read_buffer(ctx, d.pos->Buffer);
      if (!pos_copy)
         return;
      size_t offset = (size_t)(uintptr_t)d.pos->Ptr;
      if (offset >= (size_t)d.pos->Buffer->Size)
         goto out;
      d.pos_base = pos_copy + offset;
      d.pos_size_B = (size_t)d.pos->Buffer->Size - offset;
   } else {
      d.pos_base = d.pos->Ptr;
   }
   if (index_type && vao->IndexBuffer) {
      index_copy = read_buffer(ctx, vao->IndexBuffer);
      size_t offset = (size_t)(uintptr_t)indices;
      unsigned size = index_type == GL_UNSIGNED_BYTE    ? 1
                      : index_type == GL_UNSIGNED_SHORT ? 2
                                                        : 4;
      if (!index_copy ||
          offset + (size_t)count * size > (size_t)vao->IndexBuffer->Size)
         goto out;
      indices = index_copy + offset;
   }
   if (!d.pos_base || (index_type && !indices))
      goto out;
   mat4_mul(ctx->Transform.Stack[1][ctx->Transform.Depth[1]],
            ctx->Transform.Stack[0][ctx->Transform.Depth[0]], d.mvp);
   d.clip = malloc(((size_t)count * 2 + 16) * sizeof(d.clip[0]));
   GLuint *v = malloc((size_t)count * sizeof(GLuint));
   if (!d.clip || !v) {
      free(v);
      goto out;
   }
   for (GLsizei i = 0; i < count; i++)
      v[i] = vertex_number(index_type, indices, first, i, basevertex);

   /* GL 2.1 section 2.6.1: the primitives of each mode. */
   GLuint tri[3];
   switch (mode) {
   case GL_POINTS:
      for (GLsizei i = 0; i < count; i++)
         select_primitive(&d, &v[i], 1);
      break;
   case GL_LINES:
      for (GLsizei i = 0; i + 1 < count; i += 2)
         select_primitive(&d, &v[i], 2);
      break;
   case GL_LINE_STRIP:
   case GL_LINE_LOOP:
      for (GLsizei i = 0; i + 1 < count; i++)
         select_primitive(&d, &v[i], 2);
      if (mode == GL_LINE_LOOP && count > 2) {
         GLuint last[2] = {v[count - 1], v[0]};
         select_primitive(&d, last, 2);
      }
      break;
   case GL_TRIANGLES:
      for (GLsizei i = 0; i + 2 < count; i += 3)
         select_primitive(&d, &v[i], 3);
      break;
   case GL_TRIANGLE_STRIP:
   case GL_QUAD_STRIP:
      for (GLsizei i = 0; i + 2 < count; i++)
         select_primitive(&d, &v[i], 3);
      break;
   case GL_TRIANGLE_FAN:
      for (GLsizei i = 1; i + 1 < count; i++) {
         tri[0] = v[0];
         tri[1] = v[i];
         tri[2] = v[i + 1];
         select_primitive(&d, tri, 3);
      }
      break;
   case GL_QUADS:
      for (GLsizei i = 0; i + 3 < count; i += 4)
         select_primitive(&d, &v[i], 4);
      break;
   case GL_POLYGON:
      if (count >= 3)
         select_primitive(&d, v, (unsigned)count);
      break;
   default:
      break;
   }
   free(v);
out:
   free(d.clip);
   free(pos_copy);
   free(index_copy);
}
