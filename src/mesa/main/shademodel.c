/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Which vertex gives a primitive's flat-shaded values: glShadeModel of
 * compatibility contexts (GL 3.0 section 2.19.7, "Flatshading": with
 * FLAT, gl_Color and friends take the provoking vertex's values) and
 * glProvokingVertex (GL 3.2 section 2.18.8; last vertex by default).
 * The state tracker turns both into the rasterizer's flatshade and
 * flatshade_first.
 */
#include "main/context.h"
#include "state_tracker/st_context.h"

void GLAPIENTRY
_mesa_ShadeModel(GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   /* Not in ES; deprecated (appendix E.1), so an error in forward-
    * compatible and core contexts. */
   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glShadeModel(deprecated)");
      return;
   }
   struct gl_dl_node n = {.op = DL_SHADE_MODEL, .e = {mode}};
   if (_mesa_dlist_save(ctx, &n) ||
       _mesa_inside_begin_end(ctx, "glShadeModel"))
      return;
   if (mode != GL_FLAT && mode != GL_SMOOTH) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glShadeModel(mode=0x%x)", mode);
      return;
   }
   if (ctx->Light.ShadeModel == mode)
      return;
   ctx->Light.ShadeModel = mode;
   ctx->NewState |= ST_NEW_RASTERIZER;
}

void GLAPIENTRY
_mesa_ProvokingVertex(GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glProvokingVertex(not in ES)");
      return;
   }
   if (mode != GL_FIRST_VERTEX_CONVENTION &&
       mode != GL_LAST_VERTEX_CONVENTION) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glProvokingVertex(mode=0x%x)", mode);
      return;
   }
   if (ctx->Light.ProvokingVertex == mode)
      return;
   ctx->Light.ProvokingVertex = mode;
   ctx->NewState |= ST_NEW_RASTERIZER;
}
