/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Draws redrawn from copies of their vertices (vertex_copy.h). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "main/matrix.h"
#include "main/shaderobj.h"
#include "main/sw_prims.h"
#include "main/transformfeedback.h"
#include "main/vertex_copy.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_program.h"
#include "util/u_math.h"

bool
_mesa_vertex_copy_init(struct gl_context *ctx, struct gl_vertex_copy *vc,
                       uint32_t own, unsigned capacity, GLint first,
                       GLsizei count, GLenum index_type, const void *indices,
                       GLint basevertex)
{
   memset(vc, 0, sizeof(*vc));
   vc->ctx = ctx;
   for (unsigned a = 0; a < VERT_ATTRIB_COUNT; a++) {
      if (ctx->VAO->Attrib[a].Enabled && !(own & (1u << a)))
         vc->read |= 1u << a;
   }
   vc->layout = vc->read | own;
   vc->stride = 4 * (unsigned)util_bitcount(vc->layout);
   vc->count = count;
   vc->capacity = capacity;
   /* (and the edge flags, which are not copied: polygon_mode.c) */
   uint32_t want = vc->read;
   if (ctx->VAO->Attrib[VERT_ATTRIB_EDGEFLAG].Enabled)
      want |= 1u << VERT_ATTRIB_EDGEFLAG;
   bool ok = _mesa_array_reader_init(ctx, &vc->reader, want, first, count,
                                     index_type, indices, basevertex);
   vc->vertex = malloc((size_t)MAX2(count, 1) * sizeof(GLuint));
   vc->win = calloc((size_t)MAX2(count, 1), sizeof(*vc->win));
   vc->data = malloc((size_t)MAX2(capacity, 1) * vc->stride * sizeof(GLfloat));
   if (!ok || !vc->vertex || !vc->win || !vc->data) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "drawing");
      return false;
   }

   GLfloat mvp[16];
   _mesa_mat4_mul(mvp, ctx->Transform.Stack[1][ctx->Transform.Depth[1]],
                  ctx->Transform.Stack[0][ctx->Transform.Depth[0]]);
   for (GLsizei i = 0; i < count; i++) {
      GLfloat p[4], clip[4];
      vc->vertex[i] = _mesa_array_reader_vertex(&vc->reader, i);
      if (!_mesa_array_read(&vc->reader, VERT_ATTRIB_GENERIC0, vc->vertex[i],
                            p))
         continue;
      _mesa_mat4_apply(mvp, p, clip);
      _mesa_vertex_copy_set_clip(vc, i, clip);
   }
   return true;
}

void
_mesa_vertex_copy_set_clip(struct gl_vertex_copy *vc, GLsizei e,
                           const GLfloat clip[4])
{
   GLfloat win[4];
   vc->win[e].ok = _mesa_sw_window(vc->ctx, clip, win);
   vc->win[e].x = win[0];
   vc->win[e].y = win[1];
   vc->win[e].z = win[2];
}

void
_mesa_vertex_copy_fini(struct gl_vertex_copy *vc)
{
   _mesa_array_reader_fini(&vc->reader);
   free(vc->vertex);
   free(vc->win);
   free(vc->data);
}

unsigned
_mesa_vertex_copy_slot(const struct gl_vertex_copy *vc, unsigned attrib)
{
   return (unsigned)util_bitcount(vc->layout & ((1u << attrib) - 1));
}

GLfloat *
_mesa_vertex_copy_put(struct gl_vertex_copy *vc, GLsizei e)
{
   assert(vc->num < vc->capacity);
   GLfloat *dst = vc->data + (size_t)vc->num++ * vc->stride;
   unsigned slot = 0;

   u_foreach_bit(a, vc->layout) {
      GLfloat *d = dst + 4 * slot++;
      if (!(vc->read & (1u << a))) {
         d[0] = d[1] = d[2] = 0.0f;
         d[3] = 1.0f;
      } else if (!_mesa_array_read(&vc->reader, a, vc->vertex[e], d)) {
         memcpy(d, vc->ctx->CurrentAttrib[a], 4 * sizeof(GLfloat));
      }
   }
   return dst;
}

void
_mesa_vertex_copy_draw(struct gl_vertex_copy *vc, GLenum mode)
{
   if (vc->num)
      _mesa_imm_draw(vc->ctx, mode, vc->layout, vc->layout, vc->data,
                     NULL, vc->num);
   vc->num = 0;
}

int
_mesa_vertex_copy_program_attrib(struct gl_context *ctx, GLenum index_type)
{
   struct gl_program_exec *exec = _mesa_current_exec(ctx);

   /* transform feedback records the draw's own primitives; the captured
    * points would skip restarts; copies are floats */
   if (!exec || _mesa_transform_feedback_busy(ctx) ||
       (index_type &&
        (ctx->PrimitiveRestart || ctx->PrimitiveRestartFixedIndex)))
      return -1;
   for (unsigned a = 0; a < VERT_ATTRIB_COUNT; a++) {
      if (ctx->VAO->Attrib[a].Enabled && ctx->VAO->Attrib[a].Integer)
         return -1;
   }
   return st_copy_draw_attrib(ctx->st, exec->linked);
}

bool
_mesa_vertex_copy_program_positions(struct gl_vertex_copy *vc, GLint first,
                                    GLsizei count, GLenum index_type,
                                    const void *indices, GLint basevertex)
{
   GLfloat *clip = malloc((size_t)count * 4 * sizeof(GLfloat));

   if (!clip) {
      _mesa_error(vc->ctx, GL_OUT_OF_MEMORY, "drawing");
      return false;
   }
   bool ok = st_capture_positions(vc->ctx->st, first, count, index_type,
                                  indices, basevertex, clip);
   for (GLsizei i = 0; ok && i < count; i++)
      _mesa_vertex_copy_set_clip(vc, i, clip + 4 * i);
   free(clip);
   return ok;
}
