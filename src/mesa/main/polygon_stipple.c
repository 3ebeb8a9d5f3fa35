/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Polygon stipple (GL 2.1 section 3.5.6; compatibility contexts):
 * glPolygonStipple unpacks a 32 x 32 bitmap like glDrawPixels of
 * COLOR_INDEX/BITMAP (unpack modes, pixel unpack buffers; no transfer
 * operations), glGetPolygonStipple packs it back like glReadPixels.  The
 * pattern is kept as pipe_poly_stipple's rows: row y of the window
 * pattern in word y, pixel x in bit 31 - x.  GL_POLYGON_STIPPLE
 * (raster.c) sets pipe_rasterizer_state::poly_stipple_enable.  In a
 * display list glPolygonStipple keeps the pattern as unpacked at compile
 * time (DL_POLYGON_STIPPLE).
 */
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "main/pbo.h"
#include "main/pixel.h"
#include "state_tracker/st_context.h"

#define STIPPLE_SIZE 32

/* Common checks of both commands; false when an error was raised. */
static bool
stipple_allowed(struct gl_context *ctx, const char *func)
{
   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(deprecated)", func);
      return false;
   }
   return true;
}

/* The pattern goes in (GL 2.1 section 2.6.3: not between glBegin and
 * glEnd). */
static void
set_stipple(struct gl_context *ctx, const uint32_t rows[STIPPLE_SIZE],
            const char *func)
{
   if (_mesa_inside_begin_end(ctx, func))
      return;
   memcpy(ctx->Polygon.Stipple, rows, STIPPLE_SIZE * sizeof(rows[0]));
   ctx->NewState |= ST_NEW_RASTERIZER;
}

void
_mesa_polygon_stipple_replay(struct gl_context *ctx,
                             const struct gl_dl_node *n)
{
   set_stipple(ctx, n->args, "glCallList(glPolygonStipple)");
}

/* GL 2.1 section 5.4: in a list, the pattern is unpacked when the list is
 * made (with the unpack modes of then) and set when it runs. */
void GLAPIENTRY
_mesa_PolygonStipple(const GLubyte *mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   uint32_t bits[STIPPLE_SIZE * STIPPLE_SIZE];
   struct pbo_map map;

   if (!stipple_allowed(ctx, "glPolygonStipple"))
      return;
   size_t size_B = _mesa_unpack_image_size_B(ctx, STIPPLE_SIZE, STIPPLE_SIZE,
                                             GL_COLOR_INDEX, GL_BITMAP);
   const void *src =
      _mesa_map_pbo(ctx, false, mask, size_B, &map, "glPolygonStipple");
   if (!src)
      return;
   _mesa_unpack_image(ctx, STIPPLE_SIZE, STIPPLE_SIZE, GL_COLOR_INDEX,
                      GL_BITMAP, src, PIXEL_INDEX, bits);
   _mesa_unmap_pbo(ctx, &map);
   uint32_t rows[STIPPLE_SIZE];
   for (unsigned y = 0; y < STIPPLE_SIZE; y++) {
      rows[y] = 0;
      for (unsigned x = 0; x < STIPPLE_SIZE; x++)
         rows[y] |= (bits[y * STIPPLE_SIZE + x] & 1u) << (31 - x);
   }
   if (_mesa_dlist_compiling(ctx)) {
      uint32_t *copy = malloc(sizeof(rows));
      if (!copy) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glPolygonStipple");
         return;
      }
      memcpy(copy, rows, sizeof(rows));
      if (_mesa_dlist_save_data(ctx, DL_POLYGON_STIPPLE, copy))
         return; /* GL_COMPILE */
   }
   set_stipple(ctx, rows, "glPolygonStipple");
}

void GLAPIENTRY
_mesa_GetPolygonStipple(GLubyte *mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   uint32_t bits[STIPPLE_SIZE * STIPPLE_SIZE];

   if (!stipple_allowed(ctx, "glGetPolygonStipple") ||
       _mesa_inside_begin_end(ctx, "glGetPolygonStipple"))
      return;
   for (unsigned y = 0; y < STIPPLE_SIZE; y++) {
      for (unsigned x = 0; x < STIPPLE_SIZE; x++)
         bits[y * STIPPLE_SIZE + x] = (ctx->Polygon.Stipple[y] >> (31 - x)) & 1;
   }
   _mesa_pack_bitmap(ctx, STIPPLE_SIZE, STIPPLE_SIZE, bits, INT64_MAX, mask,
                     "glGetPolygonStipple");
}
