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
 * work inside Begin/End and display lists as those do.
 */
#include "main/context.h"
#include "main/varray_packed.h"

enum packed_target {
   PACKED_TEXCOORD,
   PACKED_NORMAL,
   PACKED_COLOR,
   PACKED_SECONDARY_COLOR,
   PACKED_VERTEX,
};

static void
packed(enum packed_target target, GLenum unit, GLenum type, GLuint value,
       unsigned n, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   float v[4];
   bool normalized = target == PACKED_NORMAL || target == PACKED_COLOR ||
                     target == PACKED_SECONDARY_COLOR;

   if (!_mesa_unpack_packed_attrib(ctx, type, normalized, value, n, v, func))
      return;
   switch (target) {
   case PACKED_TEXCOORD:
      _mesa_MultiTexCoord4f(unit, v[0], v[1], v[2], v[3]);
      break;
   case PACKED_NORMAL:
      _mesa_Normal3f(v[0], v[1], v[2]);
      break;
   case PACKED_COLOR:
      _mesa_Color4f(v[0], v[1], v[2], v[3]);
      break;
   case PACKED_SECONDARY_COLOR:
      _mesa_SecondaryColor3f(v[0], v[1], v[2]);
      break;
   case PACKED_VERTEX:
      _mesa_Vertex4f(v[0], v[1], v[2], v[3]);
      break;
   }
}

void GLAPIENTRY
_mesa_TexCoordP1ui(GLenum type, GLuint coords)
{
   packed(PACKED_TEXCOORD, GL_TEXTURE0, type, coords, 1, "glTexCoordP1ui");
}

void GLAPIENTRY
_mesa_TexCoordP1uiv(GLenum type, const GLuint *coords)
{
   packed(PACKED_TEXCOORD, GL_TEXTURE0, type, coords[0], 1,
          "glTexCoordP1uiv");
}

void GLAPIENTRY
_mesa_MultiTexCoordP1ui(GLenum texture, GLenum type, GLuint coords)
{
   packed(PACKED_TEXCOORD, texture, type, coords, 1,
          "glMultiTexCoordP1ui");
}

void GLAPIENTRY
_mesa_MultiTexCoordP1uiv(GLenum texture, GLenum type, const GLuint *coords)
{
   packed(PACKED_TEXCOORD, texture, type, coords[0], 1,
          "glMultiTexCoordP1uiv");
}

void GLAPIENTRY
_mesa_TexCoordP2ui(GLenum type, GLuint coords)
{
   packed(PACKED_TEXCOORD, GL_TEXTURE0, type, coords, 2, "glTexCoordP2ui");
}

void GLAPIENTRY
_mesa_TexCoordP2uiv(GLenum type, const GLuint *coords)
{
   packed(PACKED_TEXCOORD, GL_TEXTURE0, type, coords[0], 2,
          "glTexCoordP2uiv");
}

void GLAPIENTRY
_mesa_MultiTexCoordP2ui(GLenum texture, GLenum type, GLuint coords)
{
   packed(PACKED_TEXCOORD, texture, type, coords, 2,
          "glMultiTexCoordP2ui");
}

void GLAPIENTRY
_mesa_MultiTexCoordP2uiv(GLenum texture, GLenum type, const GLuint *coords)
{
   packed(PACKED_TEXCOORD, texture, type, coords[0], 2,
          "glMultiTexCoordP2uiv");
}

void GLAPIENTRY
_mesa_TexCoordP3ui(GLenum type, GLuint coords)
{
   packed(PACKED_TEXCOORD, GL_TEXTURE0, type, coords, 3, "glTexCoordP3ui");
}

void GLAPIENTRY
_mesa_TexCoordP3uiv(GLenum type, const GLuint *coords)
{
   packed(PACKED_TEXCOORD, GL_TEXTURE0, type, coords[0], 3,
          "glTexCoordP3uiv");
}

void GLAPIENTRY
_mesa_MultiTexCoordP3ui(GLenum texture, GLenum type, GLuint coords)
{
   packed(PACKED_TEXCOORD, texture, type, coords, 3,
          "glMultiTexCoordP3ui");
}

void GLAPIENTRY
_mesa_MultiTexCoordP3uiv(GLenum texture, GLenum type, const GLuint *coords)
{
   packed(PACKED_TEXCOORD, texture, type, coords[0], 3,
          "glMultiTexCoordP3uiv");
}

void GLAPIENTRY
_mesa_TexCoordP4ui(GLenum type, GLuint coords)
{
   packed(PACKED_TEXCOORD, GL_TEXTURE0, type, coords, 4, "glTexCoordP4ui");
}

void GLAPIENTRY
_mesa_TexCoordP4uiv(GLenum type, const GLuint *coords)
{
   packed(PACKED_TEXCOORD, GL_TEXTURE0, type, coords[0], 4,
          "glTexCoordP4uiv");
}

void GLAPIENTRY
_mesa_MultiTexCoordP4ui(GLenum texture, GLenum type, GLuint coords)
{
   packed(PACKED_TEXCOORD, texture, type, coords, 4,
          "glMultiTexCoordP4ui");
}

void GLAPIENTRY
_mesa_MultiTexCoordP4uiv(GLenum texture, GLenum type, const GLuint *coords)
{
   packed(PACKED_TEXCOORD, texture, type, coords[0], 4,
          "glMultiTexCoordP4uiv");
}

void GLAPIENTRY
_mesa_NormalP3ui(GLenum type, GLuint coords)
{
   packed(PACKED_NORMAL, 0, type, coords, 3, "glNormalP3ui");
}

void GLAPIENTRY
_mesa_NormalP3uiv(GLenum type, const GLuint *coords)
{
   packed(PACKED_NORMAL, 0, type, coords[0], 3, "glNormalP3uiv");
}

void GLAPIENTRY
_mesa_ColorP3ui(GLenum type, GLuint color)
{
   packed(PACKED_COLOR, 0, type, color, 3, "glColorP3ui");
}

void GLAPIENTRY
_mesa_ColorP3uiv(GLenum type, const GLuint *color)
{
   packed(PACKED_COLOR, 0, type, color[0], 3, "glColorP3uiv");
}

void GLAPIENTRY
_mesa_ColorP4ui(GLenum type, GLuint color)
{
   packed(PACKED_COLOR, 0, type, color, 4, "glColorP4ui");
}

void GLAPIENTRY
_mesa_ColorP4uiv(GLenum type, const GLuint *color)
{
   packed(PACKED_COLOR, 0, type, color[0], 4, "glColorP4uiv");
}

void GLAPIENTRY
_mesa_SecondaryColorP3ui(GLenum type, GLuint color)
{
   packed(PACKED_SECONDARY_COLOR, 0, type, color, 3,
          "glSecondaryColorP3ui");
}

void GLAPIENTRY
_mesa_SecondaryColorP3uiv(GLenum type, const GLuint *color)
{
   packed(PACKED_SECONDARY_COLOR, 0, type, color[0], 3,
          "glSecondaryColorP3uiv");
}

void GLAPIENTRY
_mesa_VertexP2ui(GLenum type, GLuint value)
{
   packed(PACKED_VERTEX, 0, type, value, 2, "glVertexP2ui");
}

void GLAPIENTRY
_mesa_VertexP2uiv(GLenum type, const GLuint *value)
{
   packed(PACKED_VERTEX, 0, type, value[0], 2, "glVertexP2uiv");
}

void GLAPIENTRY
_mesa_VertexP3ui(GLenum type, GLuint value)
{
   packed(PACKED_VERTEX, 0, type, value, 3, "glVertexP3ui");
}

void GLAPIENTRY
_mesa_VertexP3uiv(GLenum type, const GLuint *value)
{
   packed(PACKED_VERTEX, 0, type, value[0], 3, "glVertexP3uiv");
}

void GLAPIENTRY
_mesa_VertexP4ui(GLenum type, GLuint value)
{
   packed(PACKED_VERTEX, 0, type, value, 4, "glVertexP4ui");
}

void GLAPIENTRY
_mesa_VertexP4uiv(GLenum type, const GLuint *value)
{
   packed(PACKED_VERTEX, 0, type, value[0], 4, "glVertexP4uiv");
}
