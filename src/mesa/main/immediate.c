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
 * program and the draw itself are the ordinary ones.  With a vertex
 * shader of the application current, every generic attribute is copied
 * per vertex too, and glVertexAttrib* of attribute 0 is a glVertex.
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
#include "main/shaderobj.h"
#include "util/u_math.h"

/* Per vertex: the position, then VERT_ATTRIB_NORMAL ... TEX7 (IMM_ALWAYS);
 * once glMaterial came between the vertices, the material of both faces
 * (generic attributes FF_MAT_ATTRIB0 ...) between them (IMM_LAYOUT).
 * The array is sized for the wider layout. */
#define IMM_FIRST_CONVENTIONAL VERT_ATTRIB_NORMAL
#define IMM_MAT_SLOTS (2 * FF_MAT_PROPS)
#define IMM_CONVENTIONAL_SLOTS (VERT_ATTRIB_COUNT - IMM_FIRST_CONVENTIONAL)
#define IMM_NARROW_SLOTS (1 + IMM_CONVENTIONAL_SLOTS)
#define IMM_SLOTS (IMM_NARROW_SLOTS + IMM_MAT_SLOTS)
#define IMM_ALWAYS                                                          \
   (1u << VERT_ATTRIB_GENERIC0 |                                            \
    (((1u << IMM_CONVENTIONAL_SLOTS) - 1) << IMM_FIRST_CONVENTIONAL))
#define IMM_LAYOUT                                                          \
   (IMM_ALWAYS | ((1u << IMM_MAT_SLOTS) - 1) << FF_MAT_ATTRIB0)
/* With a vertex shader of the application, every attribute instead: the
 * generic ones it may read vary per vertex too (GL 2.1 section 2.7), and
 * no material is passed. */
#define IMM_GENERIC_LAYOUT ((1u << VERT_ATTRIB_COUNT) - 1)
#define IMM_MAX_SLOTS MAX2(IMM_SLOTS, VERT_ATTRIB_COUNT)

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
   imm->MatVaries = 0;
   imm->Wide = false;
   const struct gl_program_exec *exec = _mesa_current_exec(ctx);
   imm->Generic = exec && !exec->fixed_function_vs;
   memcpy(imm->MatBegin, ctx->FF.Material, sizeof(imm->MatBegin));
}

/* Draws the vertices through a private VAO of client arrays. */
void
_mesa_imm_draw(struct gl_context *ctx, GLenum mode, uint32_t layout,
               uint32_t enable, const GLfloat *data, const bool *edge,
               unsigned count)
{
   struct gl_vertex_array_object *vao = calloc(1, sizeof(*vao));
   const GLsizei stride =
      (GLsizei)util_bitcount(layout) * 4 * (GLsizei)sizeof(GLfloat);

   if (!vao) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glEnd");
      return;
   }
   u_foreach_bit(attrib, enable & layout) {
      struct gl_vertex_attrib *a = &vao->Attrib[attrib];
      unsigned slot = util_bitcount(layout & ((1u << attrib) - 1));
      a->Enabled = true;
      a->Size = 4;
      a->Type = GL_FLOAT;
      a->Stride = stride;
      a->EffectiveStride = stride;
      a->Ptr = (const GLubyte *)(data + 4 * slot);
   }
   /* GL 2.1 section 2.6.2: the edge flags as an edge flag array, for
    * the polygons drawn as lines or points (polygon_mode.c). */
   bool all_edges = true;
   for (unsigned i = 0; edge && i < count; i++)
      all_edges &= edge[i];
   if (!all_edges) {
      _Static_assert(sizeof(bool) == 1, "edge flags read as bytes");
      struct gl_vertex_attrib *a = &vao->Attrib[VERT_ATTRIB_EDGEFLAG];
      a->Enabled = true;
      a->Size = 1;
      a->Type = GL_UNSIGNED_BYTE;
      a->Stride = a->EffectiveStride = (GLsizei)sizeof(bool);
      a->Ptr = (const GLubyte *)edge;
   }
   vao->EverBound = true;
   struct gl_vertex_array_object *saved = ctx->VAO;
   ctx->VAO = vao;
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
   /* The draw is the replay of what a list may have compiled already
    * (glEnd, a DL_DRAW node): it is not compiled again. */
   bool replaying = ctx->FF.Lists.Replaying;
   ctx->FF.Lists.Replaying = true;
   _mesa_DrawArrays(mode, 0, (GLsizei)count);
   ctx->FF.Lists.Replaying = replaying;
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
   /* Materials that changed between the vertices (GL 2.1 section
    * 2.14.2) go per vertex to the fixed-function program; a program of
    * the application reads its own generic attributes. */
   imm->MatDraw = ctx->CurrentProgram ? 0 : imm->MatVaries;
   struct gl_ff_material last[2];
   if (imm->MatVaries) {
      memcpy(last, ctx->FF.Material, sizeof(last));
      memcpy(ctx->FF.Material, imm->MatBegin, sizeof(last));
      _mesa_ff_changed(ctx);
   }
   if (imm->Count && imm->Generic)
      _mesa_imm_draw(ctx, imm->Mode, IMM_GENERIC_LAYOUT, IMM_GENERIC_LAYOUT,
                     imm->Data, imm->Edge, imm->Count);
   else if (imm->Count)
      _mesa_imm_draw(ctx, imm->Mode, imm->Wide ? IMM_LAYOUT : IMM_ALWAYS,
                     IMM_ALWAYS | (uint32_t)imm->MatDraw << FF_MAT_ATTRIB0,
                     imm->Data, imm->Edge, imm->Count);
   /* After glEnd the last values are the current material. */
   if (imm->MatVaries) {
      memcpy(ctx->FF.Material, last, sizeof(last));
      _mesa_ff_changed(ctx);
   }
   imm->MatDraw = 0;
   imm->Count = 0;
}

/* The material of both faces as IMM_MAT_SLOTS vec4 (shininess in x). */
static void
put_material(GLfloat *v, const struct gl_ff_material *mat)
{
   for (unsigned f = 0; f < 2; f++, v += 4 * FF_MAT_PROPS) {
      const struct gl_ff_material *m = &mat[f];
      memcpy(v + 4 * FF_MAT_EMISSION, m->Emission, 16);
      memcpy(v + 4 * FF_MAT_AMBIENT, m->Ambient, 16);
      memcpy(v + 4 * FF_MAT_DIFFUSE, m->Diffuse, 16);
      memcpy(v + 4 * FF_MAT_SPECULAR, m->Specular, 16);
      GLfloat *s = v + 4 * FF_MAT_SHININESS;
      s[0] = m->Shininess;
      s[1] = s[2] = 0.0f;
      s[3] = 1.0f;
   }
}

/* The first glMaterial between the vertices: the vertices so far get
 * the material of glBegin, in the wide layout (moved in place from the
 * last, whose new place lies beyond every older one's old place). */
static void
widen(struct gl_ff_immediate *imm)
{
   for (unsigned i = imm->Count; i-- > 0;) {
      GLfloat *src = imm->Data + (size_t)i * IMM_NARROW_SLOTS * 4;
      GLfloat *dst = imm->Data + (size_t)i * IMM_SLOTS * 4;
      memmove(dst + 4 + 4 * IMM_MAT_SLOTS, src + 4,
              IMM_CONVENTIONAL_SLOTS * 4 * sizeof(GLfloat));
      memmove(dst, src, 4 * sizeof(GLfloat));
      put_material(dst + 4, imm->MatBegin);
   }
   imm->Wide = true;
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
      GLfloat *d = realloc(imm->Data, (size_t)cap * IMM_MAX_SLOTS * 4 *
                                         sizeof(GLfloat));
      if (d)
         imm->Data = d;
      bool *e = d ? realloc(imm->Edge, cap * sizeof(bool)) : NULL;
      if (e)
         imm->Edge = e;
      if (!d || !e) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glVertex");
         return;
      }
      imm->Capacity = cap;
   }
   imm->Edge[imm->Count] = ctx->FF.EdgeFlag;
   if (imm->Generic) {
      GLfloat *v = imm->Data + (size_t)imm->Count * VERT_ATTRIB_COUNT * 4;
      memcpy(v + 4, ctx->CurrentAttrib[1],
             (VERT_ATTRIB_COUNT - 1) * 4 * sizeof(GLfloat));
      v[0] = x;
      v[1] = y;
      v[2] = z;
      v[3] = w;
      imm->Count++;
      return;
   }
   if (imm->MatVaries && !imm->Wide)
      widen(imm);
   GLfloat *v = imm->Data + (size_t)imm->Count *
                               (imm->Wide ? IMM_SLOTS : IMM_NARROW_SLOTS) * 4;
   v[0] = x;
   v[1] = y;
   v[2] = z;
   v[3] = w;
   v += 4;
   if (imm->Wide) {
      put_material(v, ctx->FF.Material);
      v += 4 * IMM_MAT_SLOTS;
   }
   memcpy(v, ctx->CurrentAttrib[IMM_FIRST_CONVENTIONAL],
          IMM_CONVENTIONAL_SLOTS * 4 * sizeof(GLfloat));
   imm->Count++;
}

/* GL 2.1 section 2.7: generic attribute 0 is the position; setting it
 * between glBegin and glEnd specifies a vertex, as glVertex4f of its
 * value would (the dispatch layer compiled the glVertexAttrib call that
 * got here into a list already). */
void
_mesa_imm_attrib0_vertex(struct gl_context *ctx)
{
   if (!ctx->FF.Imm.Inside)
      return;
   const GLfloat *p = ctx->CurrentAttrib[VERT_ATTRIB_GENERIC0];
   bool replaying = ctx->FF.Lists.Replaying;
   ctx->FF.Lists.Replaying = true;
   _mesa_imm_vertex(p[0], p[1], p[2], p[3]);
   ctx->FF.Lists.Replaying = replaying;
}

/* GL 2.1 section 2.10: glRect is a polygon of four vertices, drawn
 * counter-clockwise from (x1, y1). */
void
_mesa_imm_rect(GLfloat x1, GLfloat y1, GLfloat x2, GLfloat y2)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_inside_begin_end(ctx, "glRect"))
      return;
   /* The dispatch layer compiled glRect itself (gl_dispatch.py): its
    * parts are not compiled again. */
   bool replaying = ctx->FF.Lists.Replaying;
   ctx->FF.Lists.Replaying = true;
   _mesa_Begin(GL_POLYGON);
   if (ctx->FF.Imm.Inside) {
      _mesa_imm_vertex(x1, y1, 0.0f, 1.0f);
      _mesa_imm_vertex(x2, y1, 0.0f, 1.0f);
      _mesa_imm_vertex(x2, y2, 0.0f, 1.0f);
      _mesa_imm_vertex(x1, y2, 0.0f, 1.0f);
      _mesa_End();
   }
   ctx->FF.Lists.Replaying = replaying;
}

/* GL 2.1 section 2.6.2: the edge flag of the vertices that follow
 * (allowed between glBegin and glEnd; compiled by the dispatch layer). */
void GLAPIENTRY
_mesa_EdgeFlag(GLboolean flag)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_ff_compat_only(ctx, "glEdgeFlag"))
      ctx->FF.EdgeFlag = flag != GL_FALSE;
}

void GLAPIENTRY
_mesa_EdgeFlagv(const GLboolean *flag)
{
   if (flag)
      _mesa_EdgeFlag(*flag);
}
