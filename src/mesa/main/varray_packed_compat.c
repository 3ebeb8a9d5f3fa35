/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The compatibility profile's packed current values (GL 3.3
 * compatibility spec section 2.7, ARB_vertex_type_2_10_10_10_rev):
 * glTexCoordP*, glMultiTexCoordP*, glNormalP3ui, glColorP3ui/P4ui,
 * glSecondaryColorP3ui and glVertexP*, each the float command of the
 * same attribute with the word's components (texture coordinates and
 * vertices as integers, normals and colours normalized), so that they
 * work inside Begin/End and display lists as those do.  The entry points
 * themselves are generated (gl_ff_entry_gen.py): each calls
 * _mesa_packed_attrib.
 */
#include "main/context.h"
#include "main/varray_packed.h"

void
_mesa_packed_attrib(enum gl_packed_target target, GLenum unit, GLenum type,
                    GLuint value, unsigned n, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   float v[4];
   bool normalized = target == GL_PACKED_NORMAL ||
                     target == GL_PACKED_COLOR ||
                     target == GL_PACKED_SECONDARY_COLOR;

   if (!_mesa_unpack_packed_attrib(ctx, type, normalized, value, n, v, func))
      return;
   switch (target) {
   case GL_PACKED_TEXCOORD:
      _mesa_MultiTexCoord4f(unit, v[0], v[1], v[2], v[3]);
      break;
   case GL_PACKED_NORMAL:
      _mesa_Normal3f(v[0], v[1], v[2]);
      break;
   case GL_PACKED_COLOR:
      _mesa_Color4f(v[0], v[1], v[2], v[3]);
      break;
   case GL_PACKED_SECONDARY_COLOR:
      _mesa_SecondaryColor3f(v[0], v[1], v[2]);
      break;
   case GL_PACKED_VERTEX:
      _mesa_Vertex4f(v[0], v[1], v[2], v[3]);
      break;
   }
}
