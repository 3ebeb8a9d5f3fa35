/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Line stipple with an application's program (GL 2.1 section 3.4.2; the
 * rule is the same in the GL 3.x compatibility profiles, section 3.5.2).
 * The counter s of a fragment depends on the window lengths of the
 * segments before it in a strip or loop, which only the vertex shader
 * knows, so main/line_stipple.c draws such a line in two passes:
 *
 * 1. st_capture_positions: the draw's elements as points, rasterization
 *    off, the vertex shader's gl_Position captured by stream output (a
 *    variant whose stream output is that alone), read back on the CPU;
 * 2. the CPU works out s at each end of each segment from those
 *    positions and draws the segments independently with s in a generic
 *    attribute the program does not read; the variant of that draw
 *    copies it to a free varying and discards by the pattern
 *    (st_nir_line_stipple.c).
 *
 * Mesa's zink uses a generated geometry shader instead (zink_compiler.c,
 * lower_line_stipple_gs), whose counter lives in one invocation: one
 * segment of a strip.  The read back here carries it along the strip.
 *
 * Polygons in GL_LINE or GL_POINT mode per face (GL 2.1 section 3.5.4)
 * take the same two passes in main/polygon_mode.c: the positions give
 * each polygon's facing, hence its mode; its edges or corners are drawn
 * as lines or points whose attribute holds the facing, which the
 * variant's fragment shader reads as gl_FrontFacing
 * (st_nir_copy_facing.c).
 */
#include <stdint.h>
#include <string.h>

#include "main/context.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "state_tracker/st_nir.h"
#include "state_tracker/st_program.h"
#include "glsl_program.h"
#include "util/u_inlines.h"

uint32_t
st_copy_draw_key(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;

   if (st->capture_positions)
      return ST_COPY_CAPTURE;
   if (!_mesa_program_in_use(ctx))
      return 0;
   if (ctx->Polygon.FacingDraw)
      return ST_COPY_FACING;
   if (!ctx->Line.StippleDraw)
      return 0;
   /* factor 1..256 in bits 2..10, the pattern in 16..31 */
   return ST_COPY_STIPPLE | ((uint32_t)ctx->Line.StippleFactor << 2) |
          ((uint32_t)ctx->Line.StipplePattern << 16);
}

int
st_copy_draw_attrib(struct st_context *st, const struct glsl_program *p)
{
   if (!p || !p->nir[MESA_SHADER_VERTEX] || !p->nir[MESA_SHADER_FRAGMENT] ||
       !st->pipe->create_stream_output_target ||
       !st->pipe->set_stream_output_targets)
      return -1;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      if (p->nir[s] && s != MESA_SHADER_VERTEX && s != MESA_SHADER_FRAGMENT)
         return -1;
   }
   if (st_nir_free_varying(p->nir[MESA_SHADER_VERTEX],
                           p->nir[MESA_SHADER_FRAGMENT]) < 0 ||
       st_nir_reads_vertex_id(p->nir[MESA_SHADER_VERTEX]))
      return -1;
   return st_nir_free_attrib(p->attribs, p->num_attribs,
                             p->nir[MESA_SHADER_VERTEX]);
}

bool
st_capture_positions(struct st_context *st, GLint first, GLsizei count,
                     GLenum index_type, const void *indices, GLint basevertex,
                     GLfloat *clip)
{
   struct gl_context *ctx = &st->ctx;
   struct pipe_context *pipe = st->pipe;
   /* (a buffer's size is 32 bits) */
   unsigned size = count <= 0 || (uint64_t)count * 16 > UINT32_MAX
                      ? 0
                      : (unsigned)count * 4 * sizeof(GLfloat);
   struct pipe_stream_output_target *target = NULL;
   struct pipe_resource *buffer =
      size ? pipe_buffer_create(st->screen, PIPE_BIND_STREAM_OUTPUT,
                                PIPE_USAGE_STAGING, size)
           : NULL;

   if (buffer)
      target = pipe->create_stream_output_target(pipe, buffer, 0, size);
   if (!target) {
      pipe_resource_reference(&buffer, NULL);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "drawing stippled lines");
      return false;
   }
   /* positions a vertex shader does not write read as 0: no segment */
   memset(clip, 0, size);
   pipe_buffer_write(pipe, buffer, 0, size, clip);
   unsigned offset = 0;
   pipe->set_stream_output_targets(pipe, 1, &target, &offset);
   st->capture_positions = true;
   ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_RASTERIZER;
   /* (not compiled into a display list: the caller's draw was) */
   bool replaying = ctx->FF.Lists.Replaying;
   ctx->FF.Lists.Replaying = true;
   st_draw_gl(st, GL_POINTS, first, count, index_type, indices, 1, basevertex,
              0);
   ctx->FF.Lists.Replaying = replaying;
   st->capture_positions = false;
   ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_RASTERIZER;
   pipe->set_stream_output_targets(pipe, 0, NULL, NULL);
   pipe_buffer_read(pipe, buffer, 0, size, clip);
   pipe->stream_output_target_destroy(pipe, target);
   pipe_resource_reference(&buffer, NULL);
   return true;
}
