/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The current raster position of compatibility contexts: glRasterPos*
 * (GL 2.1 section 2.13) and glWindowPos* (GL 2.1 section 2.13, from
 * ARB_window_pos), and their queries (GL 2.1 table 6.5).
 *
 * glRasterPos transforms its coordinates like a vertex of the
 * fixed-function pipeline (modelview, projection, clip volume and user
 * clip planes, viewport and depth range).  Lighting and texture-coordinate
 * generation do not apply yet: the raster colour and texture coordinates
 * are the current ones, and a bound vertex shader is not run (docs/gl.rst).
 */
#include <math.h>
#include <string.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "main/matrix.h"
#include "util/u_math.h"

void
_mesa_init_raster_pos(struct gl_context *ctx)
{
   struct gl_ff_raster *r = &ctx->FF.Raster;

   /* GL 2.1 table 6.5: position (0, 0, 0, 1) and valid, colour
    * (1, 1, 1, 1), secondary colour (0, 0, 0, 1), texture coordinates
    * (0, 0, 0, 1). */
   memset(r, 0, sizeof(*r));
   r->Pos[3] = 1.0f;
   r->Valid = true;
   for (unsigned c = 0; c < 4; c++)
      r->Color[c] = 1.0f;
   r->SecondaryColor[3] = 1.0f;
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      r->TexCoord[u][3] = 1.0f;
}

/* The attributes a raster position takes from the current values. */
static void
take_current(struct gl_context *ctx, struct gl_ff_raster *r)
{
   memcpy(r->Color, ctx->CurrentAttrib[VERT_ATTRIB_COLOR0],
          sizeof(r->Color));
   memcpy(r->SecondaryColor, ctx->CurrentAttrib[VERT_ATTRIB_COLOR1],
          sizeof(r->SecondaryColor));
   /* every unit's (GL 2.1 section 2.13: one set per texture coordinate
    * unit) */
   for (unsigned u = 0; u < FF_MAX_TEXTURE_UNITS; u++)
      memcpy(r->TexCoord[u], ctx->CurrentAttrib[VERT_ATTRIB_TEX0 + u],
             sizeof(r->TexCoord[u]));
}

/* Compiles the command (op) into the list being made; true when it is
 * also to be executed here and now. */
static bool
raster_command(struct gl_context *ctx, uint8_t op, GLfloat x, GLfloat y,
               GLfloat z, GLfloat w, const char *func)
{
   struct gl_dl_node n = {.op = op, .f = {x, y, z, w}};
   return !_mesa_dlist_save(ctx, &n) && _mesa_ff_allowed(ctx, func);
}

/* The glRasterPos* and glWindowPos* entry points are generated
 * (gl_ff_entry_gen.py) and call these two. */
void
_mesa_raster_pos(GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!raster_command(ctx, DL_RASTER_POS, x, y, z, w, "glRasterPos"))
      return;
   struct gl_ff_raster *r = &ctx->FF.Raster;
   const GLfloat obj[4] = {x, y, z, w};
   GLfloat eye[4], clip[4];

   _mesa_mat4_apply(ctx->Transform.Stack[0][ctx->Transform.Depth[0]], obj,
                    eye);
   _mesa_mat4_apply(ctx->Transform.Stack[1][ctx->Transform.Depth[1]], eye,
                    clip);

   /* Outside the clip volume or a user clip plane: invalid, and the rest
    * of the state is left alone (GL 2.1 section 2.13).  With depth
    * clamping the near and far planes do not clip (ARB_depth_clamp). */
   for (unsigned c = 0; c < (ctx->DepthClamp ? 2u : 3u); c++) {
      if (clip[c] < -clip[3] || clip[c] > clip[3]) {
         r->Valid = false;
         return;
      }
   }
   for (unsigned p = 0; p < 8; p++) {
      if (!ctx->Transform.ClipPlaneEnabled[p])
         continue;
      const GLfloat *e = ctx->Transform.EyeUserPlane[p];
      if (e[0] * eye[0] + e[1] * eye[1] + e[2] * eye[2] + e[3] * eye[3] <
          0.0f) {
         r->Valid = false;
         return;
      }
   }

   /* GL 2.1 section 2.11.1: viewport and depth range. */
   GLfloat ndc[3] = {clip[0] / clip[3], clip[1] / clip[3],
                     clip[2] / clip[3]};
   r->Pos[0] = (ndc[0] + 1.0f) * 0.5f * (GLfloat)ctx->ViewportArray[0].Width +
               (GLfloat)ctx->ViewportArray[0].X;
   r->Pos[1] = (ndc[1] + 1.0f) * 0.5f * (GLfloat)ctx->ViewportArray[0].Height +
               (GLfloat)ctx->ViewportArray[0].Y;
   r->Pos[2] = (ndc[2] * (ctx->ViewportArray[0].Far - ctx->ViewportArray[0].Near) +
                ctx->ViewportArray[0].Near + ctx->ViewportArray[0].Far) *
               0.5f;
   if (ctx->DepthClamp) {
      /* ARB_depth_clamp: z_w clamped to the depth range */
      GLfloat lo = MIN2(ctx->ViewportArray[0].Near, ctx->ViewportArray[0].Far);
      GLfloat hi = MAX2(ctx->ViewportArray[0].Near, ctx->ViewportArray[0].Far);
      r->Pos[2] = CLAMP(r->Pos[2], lo, hi);
   }
   r->Pos[3] = clip[3];
   r->Valid = true;
   /* GL 2.1 section 2.13: the distance from the eye (fog coordinate
    * source FRAGMENT_DEPTH). */
   r->Distance = sqrtf(eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]);
   take_current(ctx, r);
}

/* GL 2.1 section 2.13 (glWindowPos): window coordinates as given, z
 * clamped to [0, 1] and mapped to the depth range, w 1. */
void
_mesa_window_pos(GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!raster_command(ctx, DL_WINDOW_POS, x, y, z, w, "glWindowPos"))
      return;
   struct gl_ff_raster *r = &ctx->FF.Raster;
   GLfloat zc = z < 0.0f ? 0.0f : z > 1.0f ? 1.0f : z;

   r->Pos[0] = x;
   r->Pos[1] = y;
   r->Pos[2] = ctx->ViewportArray[0].Near + zc * (ctx->ViewportArray[0].Far -
                                          ctx->ViewportArray[0].Near);
   r->Pos[3] = 1.0f;
   r->Valid = true;
   r->Distance = 0.0f;
   take_current(ctx, r);
}

bool
_mesa_get_raster_state(struct gl_context *ctx, GLenum pname, GLfloat *f,
                       unsigned *n, enum ff_value_kind *kind)
{
   const struct gl_ff_raster *r = &ctx->FF.Raster;

   switch (pname) {
   case GL_CURRENT_RASTER_POSITION:
      memcpy(f, r->Pos, 4 * sizeof(GLfloat));
      *n = 4;
      *kind = FF_VALUE_FLOAT;
      return true;
   case GL_CURRENT_RASTER_POSITION_VALID:
      f[0] = r->Valid;
      *n = 1;
      *kind = FF_VALUE_BOOL;
      return true;
   case GL_CURRENT_RASTER_DISTANCE:
      f[0] = r->Distance;
      *n = 1;
      *kind = FF_VALUE_FLOAT;
      return true;
   case GL_CURRENT_RASTER_COLOR:
      memcpy(f, r->Color, 4 * sizeof(GLfloat));
      *n = 4;
      *kind = FF_VALUE_FLOAT_NORM;
      return true;
   case GL_CURRENT_RASTER_SECONDARY_COLOR:
      memcpy(f, r->SecondaryColor, 4 * sizeof(GLfloat));
      *n = 4;
      *kind = FF_VALUE_FLOAT_NORM;
      return true;
   case GL_CURRENT_RASTER_TEXTURE_COORDS:
      /* of the active unit; none past the coordinate units (GL 2.1
       * table 6.5: INVALID_OPERATION) */
      if (ctx->ActiveTexture >= FF_MAX_TEXTURE_UNITS) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "glGet(raster texture "
                     "coordinates of unit %u)", ctx->ActiveTexture);
         *n = 0;
         *kind = FF_VALUE_FLOAT;
         return true;
      }
      memcpy(f, r->TexCoord[ctx->ActiveTexture], 4 * sizeof(GLfloat));
      *n = 4;
      *kind = FF_VALUE_FLOAT;
      return true;
   default:
      return false;
   }
}
