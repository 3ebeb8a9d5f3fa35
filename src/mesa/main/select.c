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
 * The draws of both render modes take the software vertex path of
 * sw_prims.c; feedback (section 5.3) is feedback.c.
 *
 * Not done: vertex shaders (the fixed-function transform is used), user
 * clip planes, face culling and polygon modes in selection.
 */
#include "main/context.h"
#include "main/ffstate.h"
#include "main/sw_prims.h"
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
   /* Sections 5.2-5.3: the buffer must be given before entering the
    * mode. */
   if ((mode == GL_SELECT && !s->Buffer) ||
       (mode == GL_FEEDBACK && !s->FbBuffer)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glRenderMode(no buffer)");
      return 0;
   }
   GLint result = 0;
   if (s->Mode == GL_SELECT) {
      write_hit(s);
      result = s->Overflow ? -1 : s->Hits;
   } else if (s->Mode == GL_FEEDBACK) {
      /* Section 5.3: the values written, -1 when they did not fit. */
      result = s->FbCount > s->FbSize ? -1 : s->FbCount;
   }
   s->Mode = mode;
   s->Count = 0;
   s->Hits = 0;
   s->Overflow = false;
   s->HitFlag = false;
   s->Depth = 0;
   s->FbCount = 0;
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
   case GL_FEEDBACK_BUFFER_SIZE: f[0] = (GLfloat)s->FbSize; return true;
   case GL_FEEDBACK_BUFFER_TYPE: f[0] = (GLfloat)s->FbType; return true;
   default: return false;
   }
}

/* ---- the primitives of a draw ------------------------------------------ */

/* Section 5.2: the window z of what is left of a primitive after
 * clipping widens the hit's range. */
static void
hit_vertices(struct gl_context *ctx, const struct sw_vertex *v, unsigned n)
{
   struct gl_ff_select *s = &ctx->FF.Select;
   GLfloat win[4];

   for (unsigned i = 0; i < n; i++) {
      if (!_mesa_sw_window(ctx, v[i].pos, win))
         continue;
      if (!s->HitFlag) {
         s->HitMin = s->HitMax = win[2];
         s->HitFlag = true;
      }
      s->HitMin = MIN2(s->HitMin, win[2]);
      s->HitMax = MAX2(s->HitMax, win[2]);
   }
}

static void
hit_point(struct gl_context *ctx, void *data, const struct sw_vertex *v)
{
   (void)data;
   hit_vertices(ctx, v, 1);
}

static void
hit_line(struct gl_context *ctx, void *data, const struct sw_vertex *v,
         bool reset)
{
   (void)data;
   (void)reset;
   hit_vertices(ctx, v, 2);
}

static void
hit_polygon(struct gl_context *ctx, void *data, const struct sw_vertex *v,
            unsigned n)
{
   (void)data;
   hit_vertices(ctx, v, n);
}

void
_mesa_select_draw(struct gl_context *ctx, GLenum mode, GLint first,
                  GLsizei count, GLenum index_type, const void *indices,
                  GLint basevertex)
{
   static const struct sw_prim_sink hits = {
      .point = hit_point,
      .line = hit_line,
      .polygon = hit_polygon,
   };

   if (ctx->FF.Select.Mode == GL_FEEDBACK)
      _mesa_feedback_draw(ctx, mode, first, count, index_type, indices,
                          basevertex);
   else if (ctx->FF.Select.Mode == GL_SELECT)
      _mesa_sw_draw(ctx, mode, first, count, index_type, indices,
                    basevertex, &hits);
}
