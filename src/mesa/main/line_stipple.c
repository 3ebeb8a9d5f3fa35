/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Line stipple (GL 2.1 section 3.4.2, GL 3.x compatibility 3.5.2).  The
 * hardware has no stipple: a fragment is kept only when bit
 * floor(s / factor) mod 16 of the pattern is 1, s counting the fragments
 * already made since the counter was last reset, which happens at the
 * start of each independent segment of GL_LINES and at the first vertex
 * of a strip or loop (not between its segments, nor before a loop's
 * closing segment).  s depends on the window lengths of the segments
 * before, so the CPU works it out here: the draw's vertices are read from
 * its arrays, put through the modelview and projection matrices and the
 * viewport, and the draw becomes independent segments, each of its two
 * vertices carrying s as it would be at that vertex's position along the
 * major axis (generic attribute FF_STIPPLE_ATTRIB).  The fixed-function
 * program of such a draw (st_ff_key::line_stipple) interpolates it
 * linearly in window space and discards by the pattern (st_ff_fs.c).
 * With an application's program the positions are its vertex shader's,
 * captured from a first draw of the elements as points
 * (st_capture_positions), s goes in a generic attribute the program does
 * not read, and a variant of the program discards (st_copy_draw.c).
 *
 * A segment of Δ pixels along its major axis (x when |Δx| >= |Δy|, GL 2.1
 * section 3.4.1) makes |floor(b) - floor(a)| fragments, a and b its
 * ends' major coordinates; the fragment whose centre is k pixels from
 * that of the first (the pixel holding a) has s = C + k, C the count
 * before the segment.
 */
#include <math.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "main/shaderobj.h"
#include "main/vertex_copy.h"

/* The draws this file redraws: lines in a compatibility context,
 * stippled, rendered, not instanced. */
static bool
wants_stipple(const struct gl_context *ctx, GLenum mode, GLsizei instances)
{
   /* (not the edges of a program's polygons: polygon_mode.c) */
   return ctx->Line.StippleFlag && !ctx->Line.StippleDraw &&
          !ctx->Polygon.FacingDraw &&
          !_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx) &&
          (mode == GL_LINES || mode == GL_LINE_STRIP ||
           mode == GL_LINE_LOOP) &&
          instances == 1 && ctx->FF.Select.Mode == GL_RENDER;
}

/* Segment of elements (a, b) with the counter at *counter before it;
 * advances it. */
static void
put_segment(struct gl_vertex_copy *vc, unsigned attrib, GLsizei a,
            GLsizei b, GLfloat *counter)
{
   const struct gl_vertex_copy_win *pa = &vc->win[a], *pb = &vc->win[b];
   unsigned slot = 4 * _mesa_vertex_copy_slot(vc, attrib);
   GLfloat sa = *counter, sb = *counter;

   if (pa->ok && pb->ok) {
      bool x_major = fabsf(pb->x - pa->x) >= fabsf(pb->y - pa->y);
      GLfloat ma = x_major ? pa->x : pa->y, mb = x_major ? pb->x : pb->y;
      GLfloat dir = mb >= ma ? 1.0f : -1.0f;
      /* s at a place p on the major axis: C + dir * (p - the centre of
       * the first pixel), an integer at the centres. */
      GLfloat centre = floorf(ma) + 0.5f;
      sa = *counter + dir * (ma - centre);
      sb = *counter + dir * (mb - centre);
      *counter += fabsf(floorf(mb) - floorf(ma));
   }
   _mesa_vertex_copy_put(vc, a)[slot] = sa;
   _mesa_vertex_copy_put(vc, b)[slot] = sb;
}

bool
_mesa_line_stipple_draw(struct gl_context *ctx, GLenum mode, GLint first,
                        GLsizei count, GLenum index_type,
                        const void *indices, GLsizei instances,
                        GLint basevertex)
{
   if (!wants_stipple(ctx, mode, instances))
      return false;
   bool program = _mesa_program_in_use(ctx);
   int attrib = program ? _mesa_vertex_copy_program_attrib(ctx, index_type)
                        : FF_STIPPLE_ATTRIB;
   if (attrib < 0)
      return false;
   if (count < 2 || ctx->CondRender.Skip) /* GL 3.0 section 2.18 */
      return true;

   struct gl_vertex_copy vc;
   unsigned segments = mode == GL_LINES ? (unsigned)count / 2
                                        : (unsigned)count;
   if (_mesa_vertex_copy_init(ctx, &vc, 1u << attrib, 2 * segments, first,
                              count, index_type, indices, basevertex) &&
       (!program || _mesa_vertex_copy_program_positions(
                       &vc, first, count, index_type, indices, basevertex))) {
      GLfloat counter = 0.0f;
      for (GLsizei i = 0; i + 1 < count; i += mode == GL_LINES ? 2 : 1) {
         if (mode == GL_LINES)
            counter = 0.0f;
         put_segment(&vc, (unsigned)attrib, i, i + 1, &counter);
      }
      if (mode == GL_LINE_LOOP && count > 2)
         put_segment(&vc, (unsigned)attrib, count - 1, 0, &counter);
      /* (a program's variant follows StippleDraw: st_copy_draw_key) */
      ctx->Line.StippleDraw = true;
      ctx->NewState |= ST_NEW_PROGRAM;
      _mesa_vertex_copy_draw(&vc, GL_LINES);
      ctx->Line.StippleDraw = false;
      ctx->NewState |= ST_NEW_PROGRAM;
   }
   _mesa_vertex_copy_fini(&vc);
   return true;
}
