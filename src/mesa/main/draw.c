/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glDrawArrays/glDrawElements and glClear: the spec's errors (ES 2.0
 * section 2.8, 4.2.3; ES 3.0 section 2.9.3), then the state tracker.
 */
#include <string.h>

#include "main/context.h"
#include "main/blend.h"
#include "main/draw.h"
#include "compiler/glsl/glsl_program.h"
#include "main/fbobject.h"
#include "main/geomshader.h"
#include "main/robustness.h"
#include "main/sampler_units.h"
#include "main/separate.h"
#include "main/shaderobj.h"
#include "main/transformfeedback.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "util/format/u_format.h"

static bool
valid_mode(struct gl_context *ctx, GLenum mode)
{
   if (mode <= GL_TRIANGLE_FAN) /* every context's (GL 3.2 core 2.6.1) */
      return true;
   /* Compatibility contexts also draw GL_QUADS, GL_QUAD_STRIP and
    * GL_POLYGON (GL 3.0 2.6.1; enum values 7-9 follow GL_TRIANGLE_FAN,
    * as PIPE_PRIM_* does); deprecated, so not in forward-compatible
    * contexts (appendix E). */
   if (!_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx) && mode >= GL_QUADS &&
       mode <= GL_POLYGON)
      return true;
   /* GL 3.2 core 2.6.1: the adjacency primitives (drawn without their
    * adjacent vertices when no geometry shader is active). */
   if (_mesa_is_adjacency_mode(mode) && _mesa_has_geometry_shaders(ctx))
      return true;
   return false;
}

/* EXT_color_buffer_float without EXT_float_blend (ES 3.0 contexts):
 * drawing with blending into a 32-bit float colour buffer is an
 * INVALID_OPERATION (EXT_float_blend, "Errors"). */
static bool
float_blend_allows(struct gl_context *ctx, const char *func)
{
   struct gl_framebuffer *fb = ctx->DrawBuffer;

   if (!ctx->Color.BlendEnabled || !_mesa_is_gles(ctx) || !fb || !fb->Name)
      return true;
   for (unsigned i = 0; i < MAX_DRAW_BUFFERS; i++) {
      const struct gl_renderbuffer *rb = fb->Attachment[BUFFER_COLOR0 + i];
      if (!rb || fb->ColorDrawBuffer[i] == GL_NONE)
         continue;
      const struct util_format_description *d = util_format_description(
         rb->texture ? _mesa_rb_texel_format(rb) : rb->Format);
      if (d && d->channel[0].type == UTIL_FORMAT_TYPE_FLOAT &&
          d->channel[0].size == 32) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "%s(blending into a 32-bit float buffer)", func);
         return false;
      }
   }
   return true;
}

static bool
uses_src1(GLenum f)
{
   return f == GL_SRC1_COLOR || f == GL_SRC1_ALPHA ||
          f == GL_ONE_MINUS_SRC1_COLOR || f == GL_ONE_MINUS_SRC1_ALPHA;
}

/* ARB/EXT_blend_func_extended ("Errors"): blending with a second source
 * factor while a draw buffer at or past MAX_DUAL_SOURCE_DRAW_BUFFERS is
 * not NONE is an INVALID_OPERATION. */
static bool
dual_source_allows(struct gl_context *ctx, const char *func)
{
   struct gl_framebuffer *fb = ctx->DrawBuffer;

   if (!fb || !(ctx->Color.BlendEnabled || ctx->Color.BlendEnabledi) ||
       !(uses_src1(ctx->Color.SrcRGB) || uses_src1(ctx->Color.DstRGB) ||
         uses_src1(ctx->Color.SrcA) || uses_src1(ctx->Color.DstA)))
      return true;
   for (int i = ctx->Const.MaxDualSourceDrawBuffers; i < MAX_DRAW_BUFFERS;
        i++) {
      if (fb->ColorDrawBuffer[i] != GL_NONE) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "%s(dual-source blending with draw buffer %d)", func,
                     i);
         return false;
      }
   }
   return true;
}

/* KHR_blend_equation_advanced ("Errors"): drawing with blending enabled
 * and an advanced equation is an INVALID_OPERATION when more than one
 * draw buffer is enabled, or when the fragment shader did not declare
 * the equation with layout(blend_support_*) out;. */
static bool
advanced_blend_allows(struct gl_context *ctx, const char *func)
{
   if (!(ctx->Color.BlendEnabled || ctx->Color.BlendEnabledi))
      return true;
   unsigned mode = _mesa_advanced_blend_mode(ctx->Color.EquationRGB);
   if (!mode)
      return true;
   struct gl_framebuffer *fb = ctx->DrawBuffer;
   unsigned enabled = 0;
   for (unsigned i = 0; fb && i < MAX_DRAW_BUFFERS; i++)
      enabled += fb->ColorDrawBuffer[i] != GL_NONE;
   if (enabled > 1) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(advanced blending with %u draw buffers)", func,
                  enabled);
      return false;
   }
   const struct gl_program_exec *exec = _mesa_current_exec(ctx);
   const struct glsl_program *linked = exec ? exec->linked : NULL;
   if (!linked || !(linked->blend_support & (1u << (mode - 1)))) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(the fragment shader does not support the advanced "
                  "blend equation)", func);
      return false;
   }
   return true;
}

/* While capturing, the draw's mode must make the primitives
 * BeginTransformFeedback asked for: GL 3.2 core table 2.14 (compatibility:
 * quads and polygons are triangles), unless a geometry shader (whose
 * output primitive _mesa_geometry_draw_allows matched) makes them.  ES
 * 3.0 section 2.15.2 asks for the very mode and no elements; Mesa's
 * drivers take strips, loops and fans of the primitive type in ES 3.0
 * contexts too (llvmpipe runs piglit's gles-3.0-transform-feedback-
 * uniform-buffer-object, a TRIANGLE_STRIP inside TRIANGLES), and so do
 * we, keeping the ban on elements.  Also the float and dual-source
 * blending rules above. */
static bool
feedback_allows(struct gl_context *ctx, GLenum mode, bool elements,
                const char *func)
{
   if (!float_blend_allows(ctx, func) || !dual_source_allows(ctx, func) ||
       !advanced_blend_allows(ctx, func) ||
       !_mesa_sampler_units_allow_draw(ctx, func) ||
       !_mesa_pipeline_draw_allows(ctx, func) ||
       !_mesa_geometry_draw_allows(ctx, mode, func))
      return false;
   if (!_mesa_transform_feedback_capturing(ctx))
      return true;
   if (_mesa_is_gles(ctx) && elements) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(transform feedback)", func);
      return false;
   }
   const struct gl_program_exec *exec = _mesa_current_exec(ctx);
   if (exec && exec->linked && exec->linked->nir[MESA_SHADER_GEOMETRY])
      return true;
   GLenum want = mode == GL_POINTS ? GL_POINTS
                 : mode == GL_LINES || mode == GL_LINE_LOOP ||
                       mode == GL_LINE_STRIP || mode == GL_LINES_ADJACENCY ||
                       mode == GL_LINE_STRIP_ADJACENCY
                    ? GL_LINES
                    : GL_TRIANGLES;
   /* ES 3.0 section 2.15.2 asks for a mode "identical to primitiveMode";
    * ES 3.2 (section 12.1.2, table 12.1) allows its strips and fans, as
    * desktop GL does.  Like Mesa we apply the later table to every ES
    * version: piglit's structs_gles3 draws a strip while capturing
    * triangles on ES 3.0 and expects no error (llvmpipe passes it). */
   if (want != ctx->CurrentTF->Mode) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(mode does not make the transform feedback "
                  "primitives)", func);
      return false;
   }
   return true;
}

/* The checks that depend on state alone (and on mode and elements): a
 * complete framebuffer and feedback_allows.  Their last success is kept
 * in ctx->DrawChecked until state changes (draw_kept): state set since the
 * state tracker last looked (NewState, but for the bits no check here
 * reads: DRAW_CHECKS_IGNORE), taken by it since, or a change in any
 * context of the share group (_mesa_draw_checks_stale). */
static bool
state_allows(struct gl_context *ctx, GLenum mode, bool elements,
             const char *func)
{
   /* (read first: a change in another context while checking makes the
    * next draw check again) */
   unsigned stamp = _mesa_draw_stamp(ctx);
   ctx->DrawChecked.valid = false;
   if (!_mesa_draw_framebuffer_complete(ctx, func) ||
       !feedback_allows(ctx, mode, elements, func))
      return false;
   ctx->DrawChecked.valid = true;
   ctx->DrawChecked.mode = mode;
   ctx->DrawChecked.elements = elements;
   ctx->DrawChecked.stamp = stamp;
   return true;
}

/* Has a draw of this mode and elements passed every check of
 * checks_pass with no state change since?  Then none can fail: not
 * inside glBegin/glEnd (tested: glBegin sets no state bit), the same
 * vertex array object, and the verdict of state_allows stands.  (Only a
 * valid mode is ever kept, so an invalid one fails here too.)  Since
 * wave 17 the drawing commands test this first, a few loads and
 * compares, and make their checks one by one only when it fails. */
static inline bool
draw_kept(struct gl_context *ctx, GLenum mode, bool elements)
{
   return ctx->DrawChecked.valid && ctx->DrawChecked.mode == mode &&
          ctx->DrawChecked.elements == elements &&
          !(ctx->NewState & ~DRAW_CHECKS_IGNORE) &&
          ctx->DrawChecked.vao == ctx->VAO && !ctx->FF.Imm.Inside &&
          ctx->DrawChecked.stamp == _mesa_draw_stamp(ctx);
}

/* GL 3.0 appendix E: a forward-compatible context has no default vertex
 * array object, so array drawing commands without one bound are
 * INVALID_OPERATION; then the state checks (state_allows). */
static bool
checks_pass(struct gl_context *ctx, GLenum mode, bool elements,
            const char *func)
{
   if (draw_kept(ctx, mode, elements))
      return true;
   if (_mesa_inside_begin_end(ctx, func)) /* GL 2.1 section 2.6.3 */
      return false;
   if (_mesa_is_desktop_fc(ctx) && ctx->VAO == ctx->DefaultVAO) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no vertex array object)",
                  func);
      return false;
   }
   if (!state_allows(ctx, mode, elements, func))
      return false;
   ctx->DrawChecked.vao = ctx->VAO;
   return true;
}

bool
_mesa_draw_allowed(struct gl_context *ctx, GLenum mode, bool elements,
                   const char *func)
{
   return checks_pass(ctx, mode, elements, func);
}

bool
_mesa_draw_mode_valid(struct gl_context *ctx, GLenum mode)
{
   return valid_mode(ctx, mode);
}

void GLAPIENTRY
_mesa_DrawArrays(GLenum mode, GLint first, GLsizei count)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_context_lost(ctx, "glDrawArrays"))
      return;

   /* With nothing changed since a draw like this one, only the
    * arguments' errors can arise (the checks in their order otherwise). */
   if ((count | first) < 0 || !draw_kept(ctx, mode, false)) {
      if (!valid_mode(ctx, mode)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "glDrawArrays(mode=0x%x)", mode);
         return;
      }
      if (count < 0 || first < 0) {
         _mesa_error(ctx, GL_INVALID_VALUE,
                     "glDrawArrays(first=%d, count=%d)", first, count);
         return;
      }
      if (!checks_pass(ctx, mode, false, "glDrawArrays"))
         return;
   }
   st_draw_gl(ctx->st, mode, first, count, 0, NULL, 1, 0, 0);
}

static bool
validate_elements(struct gl_context *ctx, GLenum mode, GLsizei count,
                  GLenum type, const char *func)
{
   /* GL_UNSIGNED_INT: ES 3.0, or ES 2.0 with OES_element_index_uint.
    * Nothing changed since a draw like this one: only the arguments'
    * errors can arise (as in glDrawArrays). */
   if (count >= 0 &&
       (type == GL_UNSIGNED_SHORT || type == GL_UNSIGNED_BYTE ||
        type == GL_UNSIGNED_INT) &&
       draw_kept(ctx, mode, true))
      return true;
   if (!valid_mode(ctx, mode)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(mode=0x%x)", func, mode);
      return false;
   }
   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(count=%d)", func, count);
      return false;
   }
   if (type != GL_UNSIGNED_BYTE && type != GL_UNSIGNED_SHORT &&
       type != GL_UNSIGNED_INT) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(type=0x%x)", func, type);
      return false;
   }
   return checks_pass(ctx, mode, true, func);
}

void GLAPIENTRY
_mesa_DrawElements(GLenum mode, GLsizei count, GLenum type, const void *indices)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_context_lost(ctx, "glDrawElements"))
      return;

   if (!validate_elements(ctx, mode, count, type, "glDrawElements"))
      return;
   st_draw_gl(ctx->st, mode, 0, count, type, indices, 1, 0, 0);
}

/* ARB_draw_instanced: the instanced draws are INVALID_OPERATION while a
 * display list is being compiled (they are never compiled into one). */
static bool
instanced_allowed(struct gl_context *ctx, const char *func)
{
   if (_mesa_dlist_compiling(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(inside glNewList)", func);
      return false;
   }
   return true;
}

void GLAPIENTRY
_mesa_DrawArraysInstanced(GLenum mode, GLint first, GLsizei count,
                          GLsizei instancecount)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_context_lost(ctx, "glDrawArraysInstanced") ||
       !instanced_allowed(ctx, "glDrawArraysInstanced"))
      return;

   if (!valid_mode(ctx, mode)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glDrawArraysInstanced(mode)");
      return;
   }
   if (count < 0 || first < 0 || instancecount < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDrawArraysInstanced(count)");
      return;
   }
   if (!checks_pass(ctx, mode, false, "glDrawArraysInstanced"))
      return;
   st_draw_gl(ctx->st, mode, first, count, 0, NULL, instancecount, 0, 0);
}

/* glDrawTransformFeedback* (ARB_transform_feedback2, 3 and _instanced):
 * glDrawArraysInstanced from 0 with the vertices transform feedback
 * object id captured for the stream (GL 4.0 section 2.17.3). */
static void
draw_feedback(GLenum mode, GLuint id, GLuint stream, GLsizei instances,
              const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLsizei count;
   if (_mesa_context_lost(ctx, func))
      return;
   if (!valid_mode(ctx, mode)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(mode=0x%x)", func, mode);
      return;
   }
   if (instances < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(instancecount)", func);
      return;
   }
   if (!_mesa_transform_feedback_vertices(ctx, id, stream, &count, func) ||
       !checks_pass(ctx, mode, false, func))
      return;
   st_draw_gl(ctx->st, mode, 0, count, 0, NULL, instances, 0, 0);
}

void GLAPIENTRY
_mesa_DrawTransformFeedback(GLenum mode, GLuint id)
{
   draw_feedback(mode, id, 0, 1, "glDrawTransformFeedback");
}

void GLAPIENTRY
_mesa_DrawTransformFeedbackStream(GLenum mode, GLuint id, GLuint stream)
{
   draw_feedback(mode, id, stream, 1, "glDrawTransformFeedbackStream");
}

void GLAPIENTRY
_mesa_DrawTransformFeedbackInstanced(GLenum mode, GLuint id,
                                     GLsizei instancecount)
{
   draw_feedback(mode, id, 0, instancecount,
                 "glDrawTransformFeedbackInstanced");
}

void GLAPIENTRY
_mesa_DrawTransformFeedbackStreamInstanced(GLenum mode, GLuint id,
                                           GLuint stream,
                                           GLsizei instancecount)
{
   draw_feedback(mode, id, stream, instancecount,
                 "glDrawTransformFeedbackStreamInstanced");
}


void GLAPIENTRY
_mesa_DrawElementsInstanced(GLenum mode, GLsizei count, GLenum type,
                            const void *indices, GLsizei instancecount)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_context_lost(ctx, "glDrawElementsInstanced") ||
       !instanced_allowed(ctx, "glDrawElementsInstanced"))
      return;

   if (instancecount < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDrawElementsInstanced");
      return;
   }
   if (!validate_elements(ctx, mode, count, type, "glDrawElementsInstanced"))
      return;
   st_draw_gl(ctx->st, mode, 0, count, type, indices, instancecount, 0,
              0);
}

void GLAPIENTRY
_mesa_DrawRangeElements(GLenum mode, GLuint start, GLuint end, GLsizei count,
                        GLenum type, const void *indices)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_context_lost(ctx, "glDrawRangeElements"))
      return;

   if (end < start) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDrawRangeElements(end < start)");
      return;
   }
   if (!validate_elements(ctx, mode, count, type, "glDrawRangeElements"))
      return;
   st_draw_gl(ctx->st, mode, 0, count, type, indices, 1, 0, 0);
}

/* The base vertex and base instance forms (ES 3.2 section 10.5;
 * OES_draw_elements_base_vertex, EXT_base_instance): the errors of the
 * plain forms; basevertex is added to every index, baseinstance to the
 * element instanced attributes fetch (never to gl_InstanceID). */
static void
draw_elements(GLenum mode, GLsizei count, GLenum type, const void *indices,
              GLsizei instances, GLint basevertex, GLuint baseinstance,
              const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_context_lost(ctx, func))
      return;
   if (strstr(func, "Instanced") && !instanced_allowed(ctx, func))
      return;

   if (instances < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(instancecount)", func);
      return;
   }
   if (!validate_elements(ctx, mode, count, type, func))
      return;
   st_draw_gl(ctx->st, mode, 0, count, type, indices, instances, basevertex,
              baseinstance);
}

void GLAPIENTRY
_mesa_DrawElementsBaseVertex(GLenum mode, GLsizei count, GLenum type,
                             const void *indices, GLint basevertex)
{
   draw_elements(mode, count, type, indices, 1, basevertex, 0,
                 "glDrawElementsBaseVertex");
}

void GLAPIENTRY
_mesa_DrawRangeElementsBaseVertex(GLenum mode, GLuint start, GLuint end,
                                  GLsizei count, GLenum type,
                                  const void *indices, GLint basevertex)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (end < start) {
      _mesa_error(ctx, GL_INVALID_VALUE,
                  "glDrawRangeElementsBaseVertex(end < start)");
      return;
   }
   draw_elements(mode, count, type, indices, 1, basevertex, 0,
                 "glDrawRangeElementsBaseVertex");
}

void GLAPIENTRY
_mesa_DrawElementsInstancedBaseVertex(GLenum mode, GLsizei count, GLenum type,
                                      const void *indices,
                                      GLsizei instancecount, GLint basevertex)
{
   draw_elements(mode, count, type, indices, instancecount, basevertex, 0,
                 "glDrawElementsInstancedBaseVertex");
}

void GLAPIENTRY
_mesa_DrawElementsInstancedBaseInstance(GLenum mode, GLsizei count,
                                        GLenum type, const void *indices,
                                        GLsizei instancecount,
                                        GLuint baseinstance)
{
   draw_elements(mode, count, type, indices, instancecount, 0, baseinstance,
                 "glDrawElementsInstancedBaseInstance");
}

void GLAPIENTRY
_mesa_DrawElementsInstancedBaseVertexBaseInstance(
   GLenum mode, GLsizei count, GLenum type, const void *indices,
   GLsizei instancecount, GLint basevertex, GLuint baseinstance)
{
   draw_elements(mode, count, type, indices, instancecount, basevertex,
                 baseinstance, "glDrawElementsInstancedBaseVertexBaseInstance");
}

void GLAPIENTRY
_mesa_DrawArraysInstancedBaseInstance(GLenum mode, GLint first, GLsizei count,
                                      GLsizei instancecount,
                                      GLuint baseinstance)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glDrawArraysInstancedBaseInstance";
   if (_mesa_context_lost(ctx, func) || !instanced_allowed(ctx, func))
      return;

   if (!valid_mode(ctx, mode)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(mode)", func);
      return;
   }
   if (count < 0 || first < 0 || instancecount < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(count)", func);
      return;
   }
   if (!checks_pass(ctx, mode, false, func))
      return;
   st_draw_gl(ctx->st, mode, first, count, 0, NULL, instancecount, 0,
              baseinstance);
}

/* EXT_multi_draw_arrays and the base vertex form of
 * OES_draw_elements_base_vertex: one draw per list entry, each with the
 * errors of its single form (GL 4.6 section 10.5: drawcount < 0 is
 * INVALID_VALUE). */
void GLAPIENTRY
_mesa_MultiDrawArrays(GLenum mode, const GLint *first, const GLsizei *count,
                      GLsizei drawcount)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (drawcount < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glMultiDrawArrays(drawcount)");
      return;
   }
   /* GL 1.4 section 2.8: a negative count is an error of the whole call,
    * which then draws nothing. */
   for (GLsizei i = 0; i < drawcount; i++) {
      if (count[i] < 0 || first[i] < 0) {
         _mesa_error(ctx, GL_INVALID_VALUE, "glMultiDrawArrays(count[%d])",
                     i);
         return;
      }
   }
   for (GLsizei i = 0; i < drawcount; i++)
      _mesa_DrawArrays(mode, first[i], count[i]);
}

void GLAPIENTRY
_mesa_MultiDrawElementsBaseVertex(GLenum mode, const GLsizei *count,
                                  GLenum type, const void *const *indices,
                                  GLsizei drawcount, const GLint *basevertex)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (drawcount < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE,
                  "glMultiDrawElementsBaseVertex(drawcount)");
      return;
   }
   for (GLsizei i = 0; i < drawcount; i++)
      draw_elements(mode, count[i], type, indices[i], 1,
                    basevertex ? basevertex[i] : 0, 0,
                    "glMultiDrawElementsBaseVertex");
}

void GLAPIENTRY
_mesa_MultiDrawElements(GLenum mode, const GLsizei *count, GLenum type,
                        const void *const *indices, GLsizei drawcount)
{
   _mesa_MultiDrawElementsBaseVertex(mode, count, type, indices, drawcount,
                                     NULL);
}

void GLAPIENTRY
_mesa_Clear(GLbitfield mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_context_lost(ctx, "glClear"))
      return;
   struct gl_dl_node n = {.op = DL_CLEAR, .u = mask};
   if (_mesa_dlist_save(ctx, &n) || _mesa_inside_begin_end(ctx, "glClear"))
      return;

   if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT |
                            GL_STENCIL_BUFFER_BIT)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glClear(mask=0x%x)", mask);
      return;
   }
   if (!_mesa_draw_framebuffer_complete(ctx, "glClear"))
      return;
   st_clear(ctx->st, mask, ~0u);
}

void GLAPIENTRY
_mesa_Flush(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   st_context_flush(ctx->st, 0, NULL);
}

void GLAPIENTRY
_mesa_Finish(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   st_context_flush(ctx->st, ST_FLUSH_WAIT, NULL);
}
