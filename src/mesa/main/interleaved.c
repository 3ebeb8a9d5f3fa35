/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glInterleavedArrays (GL 2.1 section 2.8, table 2.5): one call sets up
 * the texture coordinate, colour, normal and vertex arrays of a packed
 * vertex layout through the array commands of varray_compat.c, and
 * disables the other conventional arrays.  Compatibility contexts only.
 */
#include <stdint.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "main/varray.h"

/* One row of table 2.5: the component counts (0: the array is off), the
 * colour type, and the offsets and stride in units of a float; colours
 * of four unsigned bytes take one float's room (c in the table). */
struct interleaved_layout {
   GLenum format;
   uint8_t tex_size, color_size, normal, vertex_size;
   GLenum color_type;
   uint8_t color_at, normal_at, vertex_at, stride;
};

static const struct interleaved_layout layouts[] = {
   {GL_V2F, 0, 0, 0, 2, GL_NONE, 0, 0, 0, 2},
   {GL_V3F, 0, 0, 0, 3, GL_NONE, 0, 0, 0, 3},
   {GL_C4UB_V2F, 0, 4, 0, 2, GL_UNSIGNED_BYTE, 0, 0, 1, 3},
   {GL_C4UB_V3F, 0, 4, 0, 3, GL_UNSIGNED_BYTE, 0, 0, 1, 4},
   {GL_C3F_V3F, 0, 3, 0, 3, GL_FLOAT, 0, 0, 3, 6},
   {GL_N3F_V3F, 0, 0, 1, 3, GL_NONE, 0, 0, 3, 6},
   {GL_C4F_N3F_V3F, 0, 4, 1, 3, GL_FLOAT, 0, 4, 7, 10},
   {GL_T2F_V3F, 2, 0, 0, 3, GL_NONE, 0, 0, 2, 5},
   {GL_T4F_V4F, 4, 0, 0, 4, GL_NONE, 0, 0, 4, 8},
   {GL_T2F_C4UB_V3F, 2, 4, 0, 3, GL_UNSIGNED_BYTE, 2, 0, 3, 6},
   {GL_T2F_C3F_V3F, 2, 3, 0, 3, GL_FLOAT, 2, 0, 5, 8},
   {GL_T2F_N3F_V3F, 2, 0, 1, 3, GL_NONE, 0, 2, 5, 8},
   {GL_T2F_C4F_N3F_V3F, 2, 4, 1, 3, GL_FLOAT, 2, 6, 9, 12},
   {GL_T4F_C4F_N3F_V4F, 4, 4, 1, 4, GL_FLOAT, 4, 8, 11, 15},
};

/* Enables or disables a conventional array this context has (the colour
 * index array is none here: nothing to disable). */
static void
client_array(struct gl_context *ctx, GLenum cap, bool on)
{
   bool enabled;
   if (!_mesa_client_array_enabled(ctx, cap, &enabled))
      return;
   if (on)
      _mesa_EnableClientState(cap);
   else
      _mesa_DisableClientState(cap);
}

void GLAPIENTRY
_mesa_InterleavedArrays(GLenum format, GLsizei stride, const void *pointer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const struct interleaved_layout *l = NULL;

   if (!_mesa_ff_compat_only(ctx, "glInterleavedArrays"))
      return;
   if (stride < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glInterleavedArrays(stride=%d)",
                  stride);
      return;
   }
   for (unsigned i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
      if (layouts[i].format == format)
         l = &layouts[i];
   }
   if (!l) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glInterleavedArrays(format=0x%x)",
                  format);
      return;
   }
   const size_t f = sizeof(GLfloat);
   const GLsizei s = stride ? stride : (GLsizei)(l->stride * f);
   /* (offsets into a bound buffer when one is: integer arithmetic) */
   const uintptr_t base = (uintptr_t)pointer;

   client_array(ctx, GL_EDGE_FLAG_ARRAY, false);
   client_array(ctx, GL_INDEX_ARRAY, false);
   client_array(ctx, GL_SECONDARY_COLOR_ARRAY, false);
   client_array(ctx, GL_FOG_COORD_ARRAY, false);
   client_array(ctx, GL_TEXTURE_COORD_ARRAY, l->tex_size != 0);
   if (l->tex_size)
      _mesa_TexCoordPointer(l->tex_size, GL_FLOAT, s, (const void *)base);
   client_array(ctx, GL_COLOR_ARRAY, l->color_size != 0);
   if (l->color_size)
      _mesa_ColorPointer(l->color_size, l->color_type, s,
                         (const void *)(base + l->color_at * f));
   client_array(ctx, GL_NORMAL_ARRAY, l->normal != 0);
   if (l->normal)
      _mesa_NormalPointer(GL_FLOAT, s,
                          (const void *)(base + l->normal_at * f));
   client_array(ctx, GL_VERTEX_ARRAY, true);
   _mesa_VertexPointer(l->vertex_size, GL_FLOAT, s,
                       (const void *)(base + l->vertex_at * f));
}
