/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Packed current vertex attribute values (GL 3.3 section 2.7,
 * ARB_vertex_type_2_10_10_10_rev): glVertexAttribP{1,2,3,4}ui[v] take one
 * 32-bit word holding x in bits 0-9, y in 10-19, z in 20-29 and w in
 * 30-31, signed (INT_2_10_10_10_REV) or not, and set the generic
 * attribute's current value from its first N components.
 */
#include <stdint.h>

#include "main/context.h"
#include "main/ffstate.h"
#include "main/varray_packed.h"

/* One field of the word as a float: the integer value, or normalized
 * (GL 3.3 section 2.1.5: unsigned c / (2^b - 1), signed equation 2.2,
 * (2c + 1) / (2^b - 1); GL 4.2 replaced the latter with
 * max(c / (2^(b-1) - 1), -1), which applies to 4.2 contexts only). */
static float
unpack_field(const struct gl_context *ctx, uint32_t word, unsigned shift,
             unsigned bits, bool is_signed, bool normalized)
{
   uint32_t mask = (1u << bits) - 1;
   uint32_t u = (word >> shift) & mask;

   if (!is_signed)
      return normalized ? (float)u / (float)mask : (float)u;
   /* sign-extend the field */
   int32_t s = (int32_t)(u << (32 - bits)) >> (32 - bits);
   if (!normalized)
      return (float)s;
   if (!_mesa_is_gles(ctx) && ctx->Version < 42)
      return (2.0f * (float)s + 1.0f) / (float)mask;
   float f = (float)s / (float)(mask >> 1);
   return f < -1.0f ? -1.0f : f;
}

bool
_mesa_unpack_packed_attrib(struct gl_context *ctx, GLenum type,
                           GLboolean normalized, GLuint value, unsigned n,
                           float v[4], const char *func)
{
   /* desktop only, as the other desktop commands (docs/gl.rst) */
   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(ES)", func);
      return false;
   }
   if (type != GL_INT_2_10_10_10_REV &&
       type != GL_UNSIGNED_INT_2_10_10_10_REV) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(type=0x%x)", func, type);
      return false;
   }
   bool sgn = type == GL_INT_2_10_10_10_REV;
   static const unsigned bits[4] = {10, 10, 10, 2};
   v[0] = v[1] = v[2] = 0.0f;
   v[3] = 1.0f;
   for (unsigned c = 0; c < n; c++)
      v[c] = unpack_field(ctx, value, 10 * c, bits[c], sgn, normalized);
   return true;
}

static void
attrib_p(GLuint index, GLenum type, GLboolean normalized, GLuint value,
         unsigned n, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   float v[4];

   if (!_mesa_unpack_packed_attrib(ctx, type, normalized, value, n, v, func))
      return;
   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   /* Compiled into display lists as the generic attribute's value (the
    * list replays it as glVertexAttrib4f would set it). */
   struct gl_dl_node node = {.op = DL_ATTRIB, .u = index,
                             .f = {v[0], v[1], v[2], v[3]}};
   if (_mesa_dlist_save(ctx, &node))
      return;
   for (unsigned c = 0; c < 4; c++)
      ctx->CurrentAttrib[index][c] = v[c];
   ctx->CurrentAttribType[index] = GL_FLOAT;
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
   if (index == VERT_ATTRIB_GENERIC0)
      _mesa_imm_attrib0_vertex(ctx);
}

void GLAPIENTRY
_mesa_VertexAttribP1ui(GLuint index, GLenum type, GLboolean normalized,
                       GLuint value)
{
   attrib_p(index, type, normalized, value, 1, "glVertexAttribP1ui");
}

void GLAPIENTRY
_mesa_VertexAttribP2ui(GLuint index, GLenum type, GLboolean normalized,
                       GLuint value)
{
   attrib_p(index, type, normalized, value, 2, "glVertexAttribP2ui");
}

void GLAPIENTRY
_mesa_VertexAttribP3ui(GLuint index, GLenum type, GLboolean normalized,
                       GLuint value)
{
   attrib_p(index, type, normalized, value, 3, "glVertexAttribP3ui");
}

void GLAPIENTRY
_mesa_VertexAttribP4ui(GLuint index, GLenum type, GLboolean normalized,
                       GLuint value)
{
   attrib_p(index, type, normalized, value, 4, "glVertexAttribP4ui");
}

void GLAPIENTRY
_mesa_VertexAttribP1uiv(GLuint index, GLenum type, GLboolean normalized,
                        const GLuint *value)
{
   attrib_p(index, type, normalized, value[0], 1, "glVertexAttribP1uiv");
}

void GLAPIENTRY
_mesa_VertexAttribP2uiv(GLuint index, GLenum type, GLboolean normalized,
                        const GLuint *value)
{
   attrib_p(index, type, normalized, value[0], 2, "glVertexAttribP2uiv");
}

void GLAPIENTRY
_mesa_VertexAttribP3uiv(GLuint index, GLenum type, GLboolean normalized,
                        const GLuint *value)
{
   attrib_p(index, type, normalized, value[0], 3, "glVertexAttribP3uiv");
}

void GLAPIENTRY
_mesa_VertexAttribP4uiv(GLuint index, GLenum type, GLboolean normalized,
                        const GLuint *value)
{
   attrib_p(index, type, normalized, value[0], 4, "glVertexAttribP4uiv");
}
