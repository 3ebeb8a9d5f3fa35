/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glDrawArraysIndirect and glDrawElementsIndirect (ARB_draw_indirect, GL
 * 4.0; ES 3.1 section 10.5), and their glMultiDraw*Indirect forms
 * (ARB_multi_draw_indirect, GL 4.3): the draw's parameters come from a buffer
 * object bound to DRAW_INDIRECT_BUFFER (or, in a compatibility context
 * with none bound, from client memory).  The commands' errors are
 * checked here; the parameters are then read back and drawn as the
 * direct commands draw them (the state tracker maps the buffer, which
 * waits for the GPU work writing it).
 */
#include <limits.h>
#include <string.h>

#include "main/bufferobj.h"
#include "main/context.h"
#include "main/draw.h"
#include "main/robustness.h"
#include "main/transformfeedback.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "util/u_inlines.h"

/* GL 4.6 section 10.4 / ES 3.1 section 10.5: DrawArraysIndirectCommand
 * (baseInstance is ES 3.1's reservedMustBeZero) and
 * DrawElementsIndirectCommand, 32-bit words. */
enum {
   ARRAYS_WORDS = 4,
   ELEMENTS_WORDS = 5,
};

bool
_mesa_has_draw_indirect(const struct gl_context *ctx)
{
   /* ES 3.1, or desktop GL 3.1 (the extension's minimum) and later */
   return ctx->Version >= 31;
}

/* ES 3.1 section 10.5: indirect draws read no client memory, so a vertex
 * array object and buffers for every enabled array are needed. */
static bool
es_arrays_allowed(struct gl_context *ctx, const char *func)
{
   if (ctx->VAO == ctx->DefaultVAO) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no vertex array object)",
                  func);
      return false;
   }
   for (unsigned i = 0; i < VERT_ATTRIB_CLIENT_COUNT; i++) {
      const struct gl_vertex_attrib *a = &ctx->VAO->Attrib[i];
      if (a->Enabled && !a->Buffer) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "%s(array %u in client memory)", func, i);
         return false;
      }
   }
   return true;
}

/* The errors of both commands (index_type 0: arrays); then the command
 * drawn by the driver from its buffer (false), or its words read into
 * words[n] (true) for st_draw_gl; false too when nothing is drawn. */
static bool
indirect_command(struct gl_context *ctx, GLenum mode, GLenum index_type,
                 const void *indirect, unsigned n, uint32_t *words,
                 const char *func)
{
   const bool elements = index_type != 0;

   memset(words, 0, 4 * n); /* a failed map reads as an empty draw */
   if (!_mesa_has_draw_indirect(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in this context)",
                  func);
      return false;
   }
   if (_mesa_context_lost(ctx, func))
      return false;
   if (_mesa_is_gles(ctx) && !es_arrays_allowed(ctx, func))
      return false;
   if (!_mesa_draw_mode_valid(ctx, mode)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(mode=0x%x)", func, mode);
      return false;
   }
   /* ES 3.1 section 10.5: not while transform feedback captures. */
   if (_mesa_is_gles(ctx) && _mesa_transform_feedback_capturing(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(transform feedback)", func);
      return false;
   }
   if (elements && !ctx->VAO->IndexBuffer) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no element array buffer)",
                  func);
      return false;
   }
   uintptr_t offset = (uintptr_t)indirect;
   struct gl_buffer_object *buf = ctx->DrawIndirectBuffer;
   bool client = !buf && ctx->API == ST_PROFILE_DEFAULT;
   /* GL 4.6 section 10.4: the offset is a multiple of the word size. */
   if (!client && (offset & 3)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(indirect=%p)", func, indirect);
      return false;
   }
   if (!buf && !client) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no DRAW_INDIRECT_BUFFER)",
                  func);
      return false;
   }
   if (buf && ((uint64_t)offset + 4ull * n > (uint64_t)buf->Size ||
               _mesa_buffer_map_blocks(buf))) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(beyond the buffer's end, or mapped)", func);
      return false;
   }
   if (!_mesa_draw_allowed(ctx, mode, elements, func))
      return false;
   if (client) {
      if (!indirect)
         return false;
      memcpy(words, indirect, 4 * n);
      return true;
   }
   if (!buf->buffer)
      return false;
   /* the driver reads the command itself when it can */
   if (st_draw_indirect(ctx->st, mode, index_type, buf->buffer,
                        (unsigned)offset))
      return false;
   pipe_buffer_read(ctx->st->pipe, buf->buffer, (unsigned)offset, 4 * n,
                    words);
   return true;
}

static GLsizei
clamp_count(uint32_t v)
{
   return v > INT_MAX ? INT_MAX : (GLsizei)v;
}

void GLAPIENTRY
_mesa_DrawArraysIndirect(GLenum mode, const void *indirect)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   uint32_t w[ARRAYS_WORDS];

   if (!indirect_command(ctx, mode, 0, indirect, ARRAYS_WORDS, w,
                         "glDrawArraysIndirect"))
      return;
   /* count, instanceCount, first, baseInstance */
   if (w[2] > INT_MAX)
      return; /* past any array: nothing to draw */
   st_draw_gl(ctx->st, mode, (GLint)w[2], clamp_count(w[0]), 0, NULL,
              clamp_count(w[1]), 0, w[3]);
}

void GLAPIENTRY
_mesa_DrawElementsIndirect(GLenum mode, GLenum type, const void *indirect)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   uint32_t w[ELEMENTS_WORDS];
   unsigned size = type == GL_UNSIGNED_BYTE    ? 1
                   : type == GL_UNSIGNED_SHORT ? 2
                   : type == GL_UNSIGNED_INT   ? 4
                                               : 0;

   if (!size) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glDrawElementsIndirect(type=0x%x)",
                  type);
      return;
   }
   if (!indirect_command(ctx, mode, type, indirect, ELEMENTS_WORDS, w,
                         "glDrawElementsIndirect"))
      return;
   /* count, instanceCount, firstIndex, baseVertex, baseInstance; the
    * indices start firstIndex indices into the element array buffer */
   uint64_t first_byte = (uint64_t)w[2] * size;
   if (first_byte > (uint64_t)ctx->VAO->IndexBuffer->Size)
      return; /* past the buffer: nothing is drawn */
   int32_t base_vertex;
   memcpy(&base_vertex, &w[3], sizeof(base_vertex));
   st_draw_gl(ctx->st, mode, 0, clamp_count(w[0]), type,
              (const void *)(uintptr_t)first_byte, clamp_count(w[1]),
              base_vertex, w[4]);
}

/* GL 4.6 section 10.4 (ARB_multi_draw_indirect): drawcount commands
 * stride bytes apart (0: packed, one command's size); INVALID_VALUE for
 * a negative count or a stride that is not a multiple of four. */
static bool
multi_ok(struct gl_context *ctx, GLsizei drawcount, GLsizei stride,
         const char *func)
{
   if (drawcount < 0 || stride % 4) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(drawcount=%d, stride=%d)",
                  func, drawcount, stride);
      return false;
   }
   return true;
}

void GLAPIENTRY
_mesa_MultiDrawArraysIndirect(GLenum mode, const void *indirect,
                              GLsizei drawcount, GLsizei stride)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!multi_ok(ctx, drawcount, stride, "glMultiDrawArraysIndirect"))
      return;
   /* (offsets into the buffer: integer arithmetic, indirect may be 0) */
   uintptr_t at = (uintptr_t)indirect;
   uintptr_t step = stride ? (uintptr_t)(intptr_t)stride : 4 * ARRAYS_WORDS;
   for (GLsizei i = 0; i < drawcount; i++, at += step)
      _mesa_DrawArraysIndirect(mode, (const void *)at);
}

void GLAPIENTRY
_mesa_MultiDrawElementsIndirect(GLenum mode, GLenum type,
                                const void *indirect, GLsizei drawcount,
                                GLsizei stride)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!multi_ok(ctx, drawcount, stride, "glMultiDrawElementsIndirect"))
      return;
   uintptr_t at = (uintptr_t)indirect;
   uintptr_t step =
      stride ? (uintptr_t)(intptr_t)stride : 4 * ELEMENTS_WORDS;
   for (GLsizei i = 0; i < drawcount; i++, at += step)
      _mesa_DrawElementsIndirect(mode, type, (const void *)at);
}
