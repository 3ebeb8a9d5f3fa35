/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glBegin/glEnd immediate mode of compatibility contexts (GL 2.1 section
 * 2.6) and glRect* (section 2.10).  Each glVertex* call takes a copy of the
 * current values of every conventional attribute (glColor, glNormal,
 * glTexCoord ... between the vertices have set them already) beside its
 * position; glEnd draws the vertices as client arrays of a private vertex
 * array object with glDrawArrays, so validation, the fixed-function
 * program and the draw itself are the ordinary ones.
 *
 * Between glBegin and glEnd only the commands of section 2.6.3 are
 * allowed; the others raise GL_INVALID_OPERATION when they check
 * _mesa_inside_begin_end (drawing, state changes of ffstate.c, glEnable,
 * glGetError ...).  Not every entry point checks yet (docs/gl.rst).
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/ffstate.h"

/* Per vertex: the position, then VERT_ATTRIB_NORMAL ... TEX7. */
#define IMM_FIRST_CONVENTIONAL VERT_ATTRIB_NORMAL
#define IMM_SLOTS (1 + VERT_ATTRIB_COUNT - IMM_FIRST_CONVENTIONAL)

bool
_mesa_inside_begin_end(struct gl_context *ctx, const char *func)
{
   if (!ctx->FF.Imm.Inside)
      return false;
   _mesa_error(ctx, GL_INVALID_OPERATION, "%s(between glBegin and glEnd)",
               func);
   return true;
}

void GLAPIENTRY
_mesa_Begin(GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_immediate *imm = &ctx->FF.Imm;

   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBegin(only in compatibility contexts)");
      return;
   }
   struct gl_dl_node n = {.op = DL_BEGIN, .e = {mode}};
   if (_mesa_dlist_save(ctx, &n))
      return;
   if (_mesa_inside_begin_end(ctx, "glBegin"))
      return;
   /* GL 2.1 section 2.6.1: POINTS ... POLYGON. */
   if (mode > GL_POLYGON) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBegin(mode=0x%x)", mode);
      return;
   }
   imm->Inside = true;
   imm->Mode = mode;
   imm->Count = 0;
}

/* Draws the vertices through a private VAO of client arrays. */
static void
draw_vertices(struct gl_context *ctx, GLenum mode, const GLfloat *data,
              unsigned count)
{
   struct gl_vertex_array_object *vao = calloc(1, sizeof(*vao));
   const GLsizei stride = IMM_SLOTS * 4 * sizeof(GLfloat);

   if (!vao) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glEnd");
      return;
   }
   for (unsigned s = 0; s < IMM_SLOTS; s++) {
      unsigned attrib = s ? IMM_FIRST_CONVENTIONAL + s - 1 : 0;
      struct gl_vertex_attrib *a = &vao->Attrib[attrib];
      a->Enabled = true;
      a->Size = 4;
      a->Type = GL_FLOAT;
      a->Stride = stride;
      a->EffectiveStride = stride;
      a->Ptr = (const GLubyte *)(data + 4 * s);
   }
   vao->EverBound = true;
   struct gl_vertex_array_object *saved = ctx->VAO;
   ctx->VAO = vao;
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
   _mesa_DrawArrays(mode, 0, (GLsizei)count);
   ctx->VAO = saved;
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
   free(vao);
}

void GLAPIENTRY
_mesa_End(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_immediate *imm = &ctx->FF.Imm;
   struct gl_dl_node n = {.op = DL_END};

   if (_mesa_dlist_save(ctx, &n))
      return;
   if (!imm->Inside) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glEnd(without glBegin)");
      return;
   }
   imm->Inside = false;
   if (imm->Count)
      draw_vertices(ctx, imm->Mode, imm->Data, imm->Count);
   imm->Count = 0;
}

/* GL 2.1 section 2.7: a vertex takes the current values of the other
 * attributes; outside Begin/End it does nothing that can be seen.  The
 * glVertex* entry points are generated (gl_ff_entry_gen.py). */
void
_mesa_imm_vertex(GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_ff_immediate *imm = &ctx->FF.Imm;
   struct gl_dl_node n = {.op = DL_VERTEX, .f = {x, y, z, w}};

   if (_mesa_dlist_save(ctx, &n) || !imm->Inside)
      return;
   if (imm->Count == imm->Capacity) {
      unsigned cap = imm->Capacity ? imm->Capacity * 2 : 64;
      GLfloat *d = realloc(imm->Data, (size_t)cap * IMM_SLOTS * 4 *
                                         sizeof(GLfloat));
      if (!d) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glVertex");
         return;
      }
      imm->Data = d;
      imm->Capacity = cap;
   }
   GLfloat *v = imm->Data + (size_t)imm->Count * IMM_SLOTS * 4;
   v[0] = x;
   v[1] = y;
   v[2] = z;
   v[3] = w;
   memcpy(v + 4, ctx->CurrentAttrib[IMM_FIRST_CONVENTIONAL],
          (IMM_SLOTS - 1) * 4 * sizeof(GLfloat));
   imm->Count++;
}

/* GL 2.1 section 2.10: glRect is a polygon of four vertices, drawn
 * counter-clockwise from (x1, y1). */
void
_mesa_imm_rect(GLfloat x1, GLfloat y1, GLfloat x2, GLfloat y2)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_inside_begin_end(ctx, "glRect"))
      return;
   _mesa_Begin(GL_POLYGON);
   if (!ctx->FF.Imm.Inside && !_mesa_dlist_compiling_only(ctx))
      return;
   _mesa_imm_vertex(x1, y1, 0.0f, 1.0f);
   _mesa_imm_vertex(x2, y1, 0.0f, 1.0f);
   _mesa_imm_vertex(x2, y2, 0.0f, 1.0f);
   _mesa_imm_vertex(x1, y2, 0.0f, 1.0f);
   _mesa_End();
}
