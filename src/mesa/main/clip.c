/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * User clip planes of compatibility contexts (GL 3.0 section 2.17):
 * glClipPlane stores the equation transformed into eye space by the
 * inverse of the modelview matrix in effect, glGetClipPlane returns it;
 * glEnable(GL_CLIP_PLANEi) is in raster.c.  The state tracker hands the
 * eye-space planes to the driver (pipe_clip_state::ucp), where a vertex
 * shader writing gl_ClipVertex clips with dot(plane, gl_ClipVertex), and
 * one writing gl_ClipDistance[i] with that distance.
 */
#include "main/context.h"
#include "main/matrix.h"
#include "state_tracker/st_context.h"

static int
plane_index(struct gl_context *ctx, GLenum plane, const char *func)
{
   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in OpenGL ES)", func);
      return -1;
   }
   if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + 8) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(plane=0x%x)", func, plane);
      return -1;
   }
   return (int)(plane - GL_CLIP_PLANE0);
}

void GLAPIENTRY
_mesa_ClipPlane(GLenum plane, const GLdouble *equation)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   int p = plane_index(ctx, plane, "glClipPlane");
   if (p < 0 || !equation)
      return;

   /* (p1' p2' p3' p4') = (p1 p2 p3 p4) M^-1: row vector times the
    * inverse; with column-major inv, component c is sum_r p_r inv[4c + r]. */
   GLfloat inv[16];
   _mesa_modelview_inverse(ctx, inv);
   for (unsigned c = 0; c < 4; c++) {
      double sum = 0;
      for (unsigned r = 0; r < 4; r++)
         sum += equation[r] * inv[4 * c + r];
      ctx->Transform.EyeUserPlane[p][c] = (GLfloat)sum;
   }
   ctx->NewState |= ST_NEW_RASTERIZER;
}

void GLAPIENTRY
_mesa_GetClipPlane(GLenum plane, GLdouble *equation)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   int p = plane_index(ctx, plane, "glGetClipPlane");
   if (p < 0 || !equation)
      return;
   for (unsigned c = 0; c < 4; c++)
      equation[c] = ctx->Transform.EyeUserPlane[p][c];
}
