/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Generic vertex attributes (ES 2.0 section 2.7-2.8, ES 3.0 section
 * 2.8-2.10): the arrays of the bound vertex array object and the current
 * values used when an array is disabled.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "main/bufferobj.h"
#include "main/context.h"
#include "main/hash.h"
#include "main/varray.h"
#include "util/hash_table.h"

static void
init_vao(struct gl_vertex_array_object *vao, GLuint name)
{
   memset(vao, 0, sizeof(*vao));
   vao->Name = name;
   for (unsigned i = 0; i < VERT_ATTRIB_CLIENT_COUNT; i++) {
      vao->Attrib[i].Size = 4;
      vao->Attrib[i].Type = GL_FLOAT;
      vao->Attrib[i].EffectiveStride = 16;
   }
   /* GL 2.1 table 6.7: the secondary colour array's size starts at 3. */
   vao->Attrib[VERT_ATTRIB_COLOR1].Size = 3;
   vao->Attrib[VERT_ATTRIB_COLOR1].EffectiveStride = 12;
   /* ES 3.1 table 20.3: attribute i reads binding i, of stride 16 */
   for (unsigned i = 0; i < MAX_VERTEX_ATTRIBS; i++) {
      vao->Attrib[VERT_ATTRIB_GENERIC0 + i].BindingIndex = i;
      vao->Bindings[i].Stride = 16;
   }
}

static void
free_vao(struct gl_vertex_array_object *vao)
{
   for (unsigned i = 0; i < VERT_ATTRIB_CLIENT_COUNT; i++)
      _mesa_reference_buffer_object(&vao->Attrib[i].Buffer, NULL);
   for (unsigned i = 0; i < MAX_VERTEX_ATTRIBS; i++)
      _mesa_reference_buffer_object(&vao->Bindings[i].Buffer, NULL);
   _mesa_reference_buffer_object(&vao->IndexBuffer, NULL);
   free(vao);
}

void
_mesa_init_varray(struct gl_context *ctx)
{
   ctx->DefaultVAO = calloc(1, sizeof(*ctx->DefaultVAO));
   if (ctx->DefaultVAO)
      init_vao(ctx->DefaultVAO, 0);
   ctx->VAO = ctx->DefaultVAO;
   ctx->VAOs = _mesa_name_table_create();
}

void
_mesa_free_varray(struct gl_context *ctx)
{
   if (ctx->VAOs) {
      hash_table_foreach(ctx->VAOs, e) {
         if (e->data != GL_NAME_RESERVED)
            free_vao(e->data);
      }
      _mesa_name_table_destroy(ctx->VAOs);
      ctx->VAOs = NULL;
   }
   if (ctx->DefaultVAO)
      free_vao(ctx->DefaultVAO);
   ctx->DefaultVAO = ctx->VAO = NULL;
}

unsigned
_mesa_vertex_attrib_size_B(GLenum type, GLint size)
{
   if (size == GL_BGRA) /* four bytes (GL 3.2 section 2.8) */
      size = 4;
   switch (type) {
   case GL_BYTE:
   case GL_UNSIGNED_BYTE:
      return size;
   case GL_SHORT:
   case GL_UNSIGNED_SHORT:
   case GL_HALF_FLOAT:
   case GL_HALF_FLOAT_OES:
      return 2 * size;
   case GL_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      return 4;
   case GL_DOUBLE:
      return 8 * size;
   default: /* INT, UNSIGNED_INT, FLOAT, FIXED */
      return 4 * size;
   }
}

static bool
valid_attrib_type(struct gl_context *ctx, GLenum type, bool integer)
{
   bool es3 = !_mesa_is_gles(ctx) || ctx->Version >= 30;

   switch (type) {
   case GL_BYTE:
   case GL_UNSIGNED_BYTE:
   case GL_SHORT:
   case GL_UNSIGNED_SHORT:
      return true;
   case GL_INT:
   case GL_UNSIGNED_INT:
      return es3;
   case GL_FLOAT:
      return !integer;
   case GL_DOUBLE: /* desktop GL 2.0 table 2.4, as floats */
      return !integer && !_mesa_is_gles(ctx);
   case GL_FIXED: /* desktop: ARB_ES2_compatibility (GL 4.1 table 2.5) */
      return !integer;
   case GL_HALF_FLOAT_OES: /* OES_vertex_half_float */
      return !integer && _mesa_is_gles(ctx);
   case GL_HALF_FLOAT:
   case GL_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      return !integer && es3;
   default:
      return false;
   }
}

static void
attrib_pointer(struct gl_context *ctx, const char *func, GLuint index,
               GLint size, GLenum type, bool normalized, bool integer,
               GLsizei stride, const void *pointer)
{
   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   _mesa_attrib_pointer(ctx, func, index, size, type, normalized, integer,
                        stride, pointer);
}

bool
_mesa_attrib_format_valid(struct gl_context *ctx, const char *func,
                          GLint size, GLenum type, bool normalized,
                          bool integer)
{
   /* GL 3.2 section 2.8 (ARB_vertex_array_bgra): size BGRA, desktop GL's
    * float arrays only (VertexAttribIPointer's sizes are 1-4). */
   bool bgra = size == GL_BGRA && !integer && !_mesa_is_gles(ctx);
   if ((size < 1 || size > 4) && !bgra) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size=%d)", func, size);
      return false;
   }
   /* GL 3.2 section 2.8: BGRA is for normalized unsigned bytes (this
    * before the type's own check, as piglit and Mesa order them: a BGRA
    * array of doubles is INVALID_OPERATION). */
   /* GL 3.3 section 2.8 (ARB_vertex_type_2_10_10_10_rev): the packed
    * types may be BGRA too. */
   bool packed = type == GL_INT_2_10_10_10_REV ||
                 type == GL_UNSIGNED_INT_2_10_10_10_REV;
   bool bgra_type = type == GL_UNSIGNED_BYTE ||
                    (packed && ctx->Const.PackedVertexFormats);
   if (bgra && (!bgra_type || !normalized)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(BGRA with type 0x%x, normalized %d)", func, type,
                  normalized);
      return false;
   }
   if (!valid_attrib_type(ctx, type, integer)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(type=0x%x)", func, type);
      return false;
   }
   if (packed && size != 4 && !bgra) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(size != 4)", func);
      return false;
   }
   return true;
}

void
_mesa_attrib_pointer(struct gl_context *ctx, const char *func,
                     unsigned index, GLint size, GLenum type, bool normalized,
                     bool integer, GLsizei stride, const void *pointer)
{
   struct gl_vertex_attrib *a;

   /* (the size is checked first, as Mesa and piglit order them) */
   bool size_ok = (size >= 1 && size <= 4) ||
                  (size == GL_BGRA && !integer && !_mesa_is_gles(ctx));
   /* ES 3.1 section 10.3.1: MAX_VERTEX_ATTRIB_STRIDE */
   if (size_ok && (stride < 0 || (_mesa_is_gles31(ctx) &&
                                  stride > MESA_MAX_VERTEX_ATTRIB_STRIDE))) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(stride=%d)", func, stride);
      return;
   }
   if (!_mesa_attrib_format_valid(ctx, func, size, type, normalized, integer))
      return;

   /* GL 3.0 appendix E: forward-compatible contexts have no client
    * arrays and no default vertex array object. */
   if (_mesa_is_desktop_fc(ctx) &&
       (ctx->VAO == ctx->DefaultVAO || (!ctx->ArrayBuffer && pointer))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(forward-compatible)", func);
      return;
   }
   /* ES 3.0 section 2.9.6: client arrays only in the default VAO. */
   if (ctx->VAO != ctx->DefaultVAO && !ctx->ArrayBuffer && pointer) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no array buffer)", func);
      return;
   }

   a = &ctx->VAO->Attrib[index];
   a->Size = size;
   a->Type = type;
   a->Normalized = normalized;
   a->Integer = integer;
   a->Stride = stride;
   a->EffectiveStride =
      stride ? stride : (GLsizei)_mesa_vertex_attrib_size_B(type, size);
   a->Ptr = pointer;
   _mesa_reference_buffer_object(&a->Buffer, ctx->ArrayBuffer);
   /* GL 4.6 section 10.3.2: a generic array's own binding gets the
    * buffer, pointer and stride */
   if (index < VERT_ATTRIB_GENERIC0 + MAX_VERTEX_ATTRIBS) {
      unsigned k = index - VERT_ATTRIB_GENERIC0;
      struct gl_vertex_binding *b = &ctx->VAO->Bindings[k];
      a->BindingIndex = k;
      a->RelativeOffset = 0;
      _mesa_reference_buffer_object(&b->Buffer, ctx->ArrayBuffer);
      b->Offset = (GLintptr)(uintptr_t)pointer;
      b->Stride = a->EffectiveStride;
      _mesa_vao_update_binding(ctx->VAO, k);
   }
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
}

void GLAPIENTRY
_mesa_VertexAttribPointer(GLuint index, GLint size, GLenum type,
                          GLboolean normalized, GLsizei stride,
                          const void *pointer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   attrib_pointer(ctx, "glVertexAttribPointer", index, size, type,
                  normalized != GL_FALSE, false, stride, pointer);
}

void GLAPIENTRY
_mesa_VertexAttribIPointer(GLuint index, GLint size, GLenum type,
                           GLsizei stride, const void *pointer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (_mesa_is_gles(ctx) && ctx->Version < 30) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glVertexAttribIPointer");
      return;
   }
   attrib_pointer(ctx, "glVertexAttribIPointer", index, size, type, false, true,
                  stride, pointer);
}

void
_mesa_enable_array(struct gl_context *ctx, unsigned index, bool enable)
{
   if (ctx->VAO->Attrib[index].Enabled != enable) {
      ctx->VAO->Attrib[index].Enabled = enable;
      ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
   }
}

static void
enable_array(GLuint index, bool enable, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   _mesa_enable_array(ctx, index, enable);
}

void GLAPIENTRY
_mesa_EnableVertexAttribArray(GLuint index)
{
   enable_array(index, true, "glEnableVertexAttribArray");
}

void GLAPIENTRY
_mesa_DisableVertexAttribArray(GLuint index)
{
   enable_array(index, false, "glDisableVertexAttribArray");
}

static void
set_current(GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w,
            const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   ctx->CurrentAttrib[index][0] = x;
   ctx->CurrentAttrib[index][1] = y;
   ctx->CurrentAttrib[index][2] = z;
   ctx->CurrentAttrib[index][3] = w;
   ctx->CurrentAttribType[index] = GL_FLOAT;
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
   /* (a vertex between glBegin and glEnd: GL 2.1 section 2.7) */
   if (index == VERT_ATTRIB_GENERIC0)
      _mesa_imm_attrib0_vertex(ctx);
}

void GLAPIENTRY
_mesa_VertexAttrib1f(GLuint index, GLfloat x)
{
   set_current(index, x, 0, 0, 1, "glVertexAttrib1f");
}

void GLAPIENTRY
_mesa_VertexAttrib2f(GLuint index, GLfloat x, GLfloat y)
{
   set_current(index, x, y, 0, 1, "glVertexAttrib2f");
}

void GLAPIENTRY
_mesa_VertexAttrib3f(GLuint index, GLfloat x, GLfloat y, GLfloat z)
{
   set_current(index, x, y, z, 1, "glVertexAttrib3f");
}

void GLAPIENTRY
_mesa_VertexAttrib4f(GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   set_current(index, x, y, z, w, "glVertexAttrib4f");
}

void GLAPIENTRY
_mesa_VertexAttrib1fv(GLuint index, const GLfloat *v)
{
   set_current(index, v[0], 0, 0, 1, "glVertexAttrib1fv");
}

void GLAPIENTRY
_mesa_VertexAttrib2fv(GLuint index, const GLfloat *v)
{
   set_current(index, v[0], v[1], 0, 1, "glVertexAttrib2fv");
}

void GLAPIENTRY
_mesa_VertexAttrib3fv(GLuint index, const GLfloat *v)
{
   set_current(index, v[0], v[1], v[2], 1, "glVertexAttrib3fv");
}

void GLAPIENTRY
_mesa_VertexAttrib4fv(GLuint index, const GLfloat *v)
{
   set_current(index, v[0], v[1], v[2], v[3], "glVertexAttrib4fv");
}

static bool
get_attrib(struct gl_context *ctx, GLuint index, GLenum pname, GLint *out,
           const char *func)
{
   const struct gl_vertex_attrib *a;

   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return false;
   }
   a = &ctx->VAO->Attrib[index];
   switch (pname) {
   case GL_VERTEX_ATTRIB_ARRAY_ENABLED:
      *out = a->Enabled;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_SIZE:
      *out = a->Size;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_STRIDE:
      *out = a->Stride;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_TYPE:
      *out = (GLint)a->Type;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED:
      *out = a->Normalized;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING:
      *out = a->Buffer ? (GLint)a->Buffer->Name : 0;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_INTEGER:
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         break;
      *out = a->Integer;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_DIVISOR:
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         break;
      *out = (GLint)a->Divisor;
      return true;
   case GL_VERTEX_ATTRIB_BINDING:
   case GL_VERTEX_ATTRIB_RELATIVE_OFFSET:
      if (!_mesa_has_vertex_attrib_binding(ctx))
         break;
      *out = (GLint)(pname == GL_VERTEX_ATTRIB_BINDING ? a->BindingIndex
                                                        : a->RelativeOffset);
      return true;
   default:
      break;
   }
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
   return false;
}

/* Whether glGetVertexAttrib*(index, GL_CURRENT_VERTEX_ATTRIB) has a value
 * to return: GL_INVALID_VALUE past the attributes, and in compatibility
 * contexts GL_INVALID_OPERATION for attribute 0, the vertex position,
 * which has no current value (GL 2.1 section 6.1.14; core and ES
 * contexts keep one, as llvmpipe does). */
static bool
current_value_readable(struct gl_context *ctx, GLuint index, const char *func)
{
   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return false;
   }
   if (index == 0 && _mesa_has_ff(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(no current value of attribute 0)", func);
      return false;
   }
   return true;
}

void GLAPIENTRY
_mesa_GetVertexAttribiv(GLuint index, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (pname == GL_CURRENT_VERTEX_ATTRIB) {
      if (!current_value_readable(ctx, index, "glGetVertexAttribiv"))
         return;
      /* Floats are rounded to integers (section 6.1.2); integer values
       * set with VertexAttribI* are returned as they are. */
      for (int i = 0; i < 4; i++) {
         if (ctx->CurrentAttribType[index] == GL_FLOAT)
            params[i] = (GLint)lroundf(ctx->CurrentAttrib[index][i]);
         else
            memcpy(&params[i], &ctx->CurrentAttrib[index][i], 4);
      }
      return;
   }
   get_attrib(ctx, index, pname, params, "glGetVertexAttribiv");
}

void GLAPIENTRY
_mesa_GetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLint v;

   if (pname == GL_CURRENT_VERTEX_ATTRIB) {
      if (current_value_readable(ctx, index, "glGetVertexAttribfv"))
         memcpy(params, ctx->CurrentAttrib[index], 4 * sizeof(GLfloat));
      return;
   }
   if (get_attrib(ctx, index, pname, &v, "glGetVertexAttribfv"))
      *params = (GLfloat)v;
}

/* GL 2.0 section 6.1.14: the float queries as doubles (desktop only). */
void GLAPIENTRY
_mesa_GetVertexAttribdv(GLuint index, GLenum pname, GLdouble *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLint v;

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGetVertexAttribdv(not in ES)");
      return;
   }
   if (pname == GL_CURRENT_VERTEX_ATTRIB) {
      if (current_value_readable(ctx, index, "glGetVertexAttribdv")) {
         for (unsigned c = 0; c < 4; c++)
            params[c] = ctx->CurrentAttrib[index][c];
      }
      return;
   }
   if (get_attrib(ctx, index, pname, &v, "glGetVertexAttribdv"))
      *params = (GLdouble)v;
}

void GLAPIENTRY
_mesa_GetVertexAttribPointerv(GLuint index, GLenum pname, void **pointer)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetVertexAttribPointerv");
      return;
   }
   if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetVertexAttribPointerv");
      return;
   }
   *pointer = (void *)ctx->VAO->Attrib[index].Ptr;
}

/* --- Integer current values (ES 3.0 section 2.8) ------------------------ */

static void
set_current_int(GLuint index, const GLuint v[4], GLenum type, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   memcpy(ctx->CurrentAttrib[index], v, 4 * sizeof(GLuint));
   ctx->CurrentAttribType[index] = type;
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
   /* A vertex between glBegin and glEnd, as for glVertexAttrib (GL 3.0
    * compatibility section 2.7: attribute 0 is the position whichever
    * command sets it); it carries the integers' bits. */
   if (index == VERT_ATTRIB_GENERIC0)
      _mesa_imm_attrib0_vertex(ctx);
}

void GLAPIENTRY
_mesa_VertexAttribI4i(GLuint index, GLint x, GLint y, GLint z, GLint w)
{
   GLuint v[4] = {(GLuint)x, (GLuint)y, (GLuint)z, (GLuint)w};
   set_current_int(index, v, GL_INT, "glVertexAttribI4i");
}

void GLAPIENTRY
_mesa_VertexAttribI4ui(GLuint index, GLuint x, GLuint y, GLuint z, GLuint w)
{
   GLuint v[4] = {x, y, z, w};
   set_current_int(index, v, GL_UNSIGNED_INT, "glVertexAttribI4ui");
}

void GLAPIENTRY
_mesa_VertexAttribI4iv(GLuint index, const GLint *v)
{
   set_current_int(index, (const GLuint *)v, GL_INT, "glVertexAttribI4iv");
}

void GLAPIENTRY
_mesa_VertexAttribI4uiv(GLuint index, const GLuint *v)
{
   set_current_int(index, v, GL_UNSIGNED_INT, "glVertexAttribI4uiv");
}

/* GL 3.0 section 2.7: the shorter integer forms fill y, z with 0 and w
 * with 1. */
void GLAPIENTRY
_mesa_VertexAttribI1i(GLuint index, GLint x)
{
   GLuint v[4] = {(GLuint)x, 0, 0, 1};
   set_current_int(index, v, GL_INT, "glVertexAttribI1i");
}

void GLAPIENTRY
_mesa_VertexAttribI2i(GLuint index, GLint x, GLint y)
{
   GLuint v[4] = {(GLuint)x, (GLuint)y, 0, 1};
   set_current_int(index, v, GL_INT, "glVertexAttribI2i");
}

void GLAPIENTRY
_mesa_VertexAttribI3i(GLuint index, GLint x, GLint y, GLint z)
{
   GLuint v[4] = {(GLuint)x, (GLuint)y, (GLuint)z, 1};
   set_current_int(index, v, GL_INT, "glVertexAttribI3i");
}

void GLAPIENTRY
_mesa_VertexAttribI1ui(GLuint index, GLuint x)
{
   GLuint v[4] = {x, 0, 0, 1};
   set_current_int(index, v, GL_UNSIGNED_INT, "glVertexAttribI1ui");
}

void GLAPIENTRY
_mesa_VertexAttribI2ui(GLuint index, GLuint x, GLuint y)
{
   GLuint v[4] = {x, y, 0, 1};
   set_current_int(index, v, GL_UNSIGNED_INT, "glVertexAttribI2ui");
}

void GLAPIENTRY
_mesa_VertexAttribI3ui(GLuint index, GLuint x, GLuint y, GLuint z)
{
   GLuint v[4] = {x, y, z, 1};
   set_current_int(index, v, GL_UNSIGNED_INT, "glVertexAttribI3ui");
}

void GLAPIENTRY
_mesa_VertexAttribI1iv(GLuint index, const GLint *p)
{
   _mesa_VertexAttribI1i(index, p[0]);
}

void GLAPIENTRY
_mesa_VertexAttribI2iv(GLuint index, const GLint *p)
{
   _mesa_VertexAttribI2i(index, p[0], p[1]);
}

void GLAPIENTRY
_mesa_VertexAttribI3iv(GLuint index, const GLint *p)
{
   _mesa_VertexAttribI3i(index, p[0], p[1], p[2]);
}

void GLAPIENTRY
_mesa_VertexAttribI1uiv(GLuint index, const GLuint *p)
{
   _mesa_VertexAttribI1ui(index, p[0]);
}

void GLAPIENTRY
_mesa_VertexAttribI2uiv(GLuint index, const GLuint *p)
{
   _mesa_VertexAttribI2ui(index, p[0], p[1]);
}

void GLAPIENTRY
_mesa_VertexAttribI3uiv(GLuint index, const GLuint *p)
{
   _mesa_VertexAttribI3ui(index, p[0], p[1], p[2]);
}

void GLAPIENTRY
_mesa_VertexAttribI4bv(GLuint index, const GLbyte *p)
{
   _mesa_VertexAttribI4i(index, p[0], p[1], p[2], p[3]);
}

void GLAPIENTRY
_mesa_VertexAttribI4sv(GLuint index, const GLshort *p)
{
   _mesa_VertexAttribI4i(index, p[0], p[1], p[2], p[3]);
}

void GLAPIENTRY
_mesa_VertexAttribI4ubv(GLuint index, const GLubyte *p)
{
   _mesa_VertexAttribI4ui(index, p[0], p[1], p[2], p[3]);
}

void GLAPIENTRY
_mesa_VertexAttribI4usv(GLuint index, const GLushort *p)
{
   _mesa_VertexAttribI4ui(index, p[0], p[1], p[2], p[3]);
}

void GLAPIENTRY
_mesa_VertexAttribDivisor(GLuint index, GLuint divisor)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glVertexAttribDivisor(index)");
      return;
   }
   /* GL 4.6 section 10.3.2: the attribute's own binding, of divisor */
   ctx->VAO->Attrib[index].BindingIndex = index;
   ctx->VAO->Bindings[index].Divisor = divisor;
   _mesa_vao_update_binding(ctx->VAO, index);
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
}

/* --- Vertex array objects (ES 3.0 section 2.10) ------------------------- */

void GLAPIENTRY
_mesa_GenVertexArrays(GLsizei n, GLuint *arrays)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenVertexArrays(n < 0)");
      return;
   }
   if (!_mesa_name_gen(ctx->VAOs, &ctx->NextVAO, n, arrays))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenVertexArrays");
}

GLboolean GLAPIENTRY
_mesa_IsVertexArray(GLuint array)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_vertex_array_object *vao;

   if (!ctx)
      return GL_FALSE;
   vao = _mesa_name_lookup_object(ctx->VAOs, array);
   return vao && vao->EverBound;
}

void GLAPIENTRY
_mesa_BindVertexArray(GLuint array)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_vertex_array_object *vao = ctx->DefaultVAO;

   if (array) {
      void *obj = _mesa_name_lookup(ctx->VAOs, array);
      /* ES 3.0: names must come from GenVertexArrays. */
      if (!obj) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "glBindVertexArray(array=%u)",
                     array);
         return;
      }
      if (obj == GL_NAME_RESERVED) {
         vao = calloc(1, sizeof(*vao));
         if (!vao) {
            _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBindVertexArray");
            return;
         }
         init_vao(vao, array);
         _mesa_name_insert(ctx->VAOs, array, vao);
      } else {
         vao = obj;
      }
      vao->EverBound = true;
   }
   if (ctx->VAO != vao) {
      ctx->VAO = vao;
      ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
   }
}

void GLAPIENTRY
_mesa_DeleteVertexArrays(GLsizei n, const GLuint *arrays)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteVertexArrays(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      void *obj = _mesa_name_lookup(ctx->VAOs, arrays[i]);
      if (!obj)
         continue;
      _mesa_name_remove(ctx->VAOs, arrays[i]);
      if (obj == GL_NAME_RESERVED)
         continue;
      /* Deleting the bound one binds 0. */
      if (ctx->VAO == obj) {
         ctx->VAO = ctx->DefaultVAO;
         ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
      }
      free_vao(obj);
   }
}

void GLAPIENTRY
_mesa_GetVertexAttribIiv(GLuint index, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (pname == GL_CURRENT_VERTEX_ATTRIB) {
      if (current_value_readable(ctx, index, "glGetVertexAttribIiv"))
         memcpy(params, ctx->CurrentAttrib[index], 4 * sizeof(GLint));
      return;
   }
   get_attrib(ctx, index, pname, params, "glGetVertexAttribIiv");
}

void GLAPIENTRY
_mesa_GetVertexAttribIuiv(GLuint index, GLenum pname, GLuint *params)
{
   _mesa_GetVertexAttribIiv(index, pname, (GLint *)params);
}
