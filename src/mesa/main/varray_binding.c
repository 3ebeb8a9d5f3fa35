/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Vertex buffer bindings (ARB_vertex_attrib_binding, GL 4.3 section
 * 10.3.1; ES 3.1 section 10.3.1): a vertex array object has
 * MAX_VERTEX_ATTRIB_BINDINGS buffer bindings (buffer, offset, stride,
 * divisor), and each generic attribute has a format, a relative offset
 * and the binding it reads.  glVertexAttribPointer and
 * glVertexAttribDivisor are defined through them (varray.c).  The
 * attribute's Buffer, Ptr, EffectiveStride and Divisor, which the state
 * tracker reads, are kept equal to what its binding gives.
 */
#include "main/bufferobj.h"
#include "main/context.h"
#include "main/hash.h"
#include "main/varray.h"

/* GL 4.4 / ES 3.1 table 20.41 minimums, which the state tracker's vertex
 * elements (any offset and stride in a buffer) meet. */
#define MAX_RELATIVE_OFFSET 2047

bool
_mesa_has_vertex_attrib_binding(const struct gl_context *ctx)
{
   return _mesa_is_desktop_or_gles31(ctx);
}

void
_mesa_vao_update_attrib(struct gl_vertex_array_object *vao, unsigned i)
{
   struct gl_vertex_attrib *a = &vao->Attrib[VERT_ATTRIB_GENERIC0 + i];
   const struct gl_vertex_binding *b = &vao->Bindings[a->BindingIndex];

   _mesa_reference_buffer_object(&a->Buffer, b->Buffer);
   a->Ptr = (const GLubyte *)(uintptr_t)((uintptr_t)b->Offset +
                                         a->RelativeOffset);
   a->EffectiveStride = b->Stride;
   a->Divisor = b->Divisor;
}

void
_mesa_vao_update_binding(struct gl_vertex_array_object *vao,
                         unsigned binding)
{
   for (unsigned i = 0; i < MAX_VERTEX_ATTRIBS; i++) {
      if (vao->Attrib[VERT_ATTRIB_GENERIC0 + i].BindingIndex == binding)
         _mesa_vao_update_attrib(vao, i);
   }
}

bool
_mesa_vao_unbind_buffer(struct gl_vertex_array_object *vao,
                        struct gl_buffer_object *obj)
{
   bool changed = false;

   for (unsigned k = 0; k < MAX_VERTEX_ATTRIBS; k++) {
      if (vao->Bindings[k].Buffer == obj) {
         _mesa_reference_buffer_object(&vao->Bindings[k].Buffer, NULL);
         _mesa_vao_update_binding(vao, k);
         changed = true;
      }
   }
   /* the conventional arrays have no bindings */
   for (unsigned i = 0; i < VERT_ATTRIB_CLIENT_COUNT; i++) {
      if (vao->Attrib[i].Buffer == obj) {
         _mesa_reference_buffer_object(&vao->Attrib[i].Buffer, NULL);
         changed = true;
      }
   }
   return changed;
}

/* The errors every command here shares: the commands themselves (else
 * INVALID_OPERATION), a vertex array object other than 0 in core and ES
 * 3.1 contexts (GL 4.6 section 10.3.1; ES 3.1 section 10.3.1: "no vertex
 * array object is bound"), and the index against its limit
 * (INVALID_VALUE). */
static bool
binding_command_allowed(struct gl_context *ctx, GLuint index,
                        const char *func)
{
   if (!_mesa_has_vertex_attrib_binding(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in this context)", func);
      return false;
   }
   if ((_mesa_is_gles(ctx) || ctx->API == ST_PROFILE_OPENGL_CORE) &&
       ctx->VAO == ctx->DefaultVAO) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(vertex array object 0)",
                  func);
      return false;
   }
   if (index >= MAX_VERTEX_ATTRIBS ||
       index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return false;
   }
   return true;
}

/* The buffer object named buffer for glBindVertexBuffer: NULL for 0; a
 * name GenBuffers never returned is an INVALID_OPERATION (*ok false),
 * except in compatibility contexts, where binding creates it as
 * glBindBuffer does. */
static struct gl_buffer_object *
named_buffer(struct gl_context *ctx, GLuint buffer, bool *ok)
{
   *ok = true;
   if (!buffer)
      return NULL;
   void *found = _mesa_name_lookup(ctx->Shared->Buffers, buffer);
   if (found && found != GL_NAME_RESERVED)
      return found;
   if (!found && ctx->API != ST_PROFILE_DEFAULT) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBindVertexBuffer(buffer=%u not generated)", buffer);
      *ok = false;
      return NULL;
   }
   struct gl_buffer_object *obj = _mesa_new_buffer_object(ctx, buffer);
   *ok = obj != NULL;
   return obj;
}

void GLAPIENTRY
_mesa_BindVertexBuffer(GLuint bindingindex, GLuint buffer, GLintptr offset,
                       GLsizei stride)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glBindVertexBuffer";

   if (!binding_command_allowed(ctx, bindingindex, func))
      return;
   /* (MAX_VERTEX_ATTRIB_STRIDE: ES 3.1, and GL 4.4 which we are not) */
   if (offset < 0 || stride < 0 ||
       (_mesa_is_gles(ctx) && stride > MESA_MAX_VERTEX_ATTRIB_STRIDE)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(offset=%ld, stride=%d)", func,
                  (long)offset, stride);
      return;
   }
   bool ok;
   struct gl_buffer_object *obj = named_buffer(ctx, buffer, &ok);
   if (!ok)
      return;
   struct gl_vertex_binding *b = &ctx->VAO->Bindings[bindingindex];
   _mesa_reference_buffer_object(&b->Buffer, obj);
   b->Offset = offset;
   b->Stride = stride;
   _mesa_vao_update_binding(ctx->VAO, bindingindex);
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
}

static void
attrib_format(GLuint attribindex, GLint size, GLenum type,
              GLboolean normalized, bool integer, GLuint relativeoffset,
              const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!binding_command_allowed(ctx, attribindex, func))
      return;
   if (relativeoffset > MAX_RELATIVE_OFFSET) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(relativeoffset=%u)", func,
                  relativeoffset);
      return;
   }
   if (!_mesa_attrib_format_valid(ctx, func, size, type,
                                  normalized != GL_FALSE, integer))
      return;
   struct gl_vertex_attrib *a = &ctx->VAO->Attrib[attribindex];
   a->Size = size;
   a->Type = type;
   a->Normalized = normalized != GL_FALSE;
   a->Integer = integer;
   a->RelativeOffset = relativeoffset;
   _mesa_vao_update_attrib(ctx->VAO, attribindex);
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
}

void GLAPIENTRY
_mesa_VertexAttribFormat(GLuint attribindex, GLint size, GLenum type,
                         GLboolean normalized, GLuint relativeoffset)
{
   attrib_format(attribindex, size, type, normalized, false, relativeoffset,
                 "glVertexAttribFormat");
}

void GLAPIENTRY
_mesa_VertexAttribIFormat(GLuint attribindex, GLint size, GLenum type,
                          GLuint relativeoffset)
{
   attrib_format(attribindex, size, type, GL_FALSE, true, relativeoffset,
                 "glVertexAttribIFormat");
}

void GLAPIENTRY
_mesa_VertexAttribBinding(GLuint attribindex, GLuint bindingindex)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glVertexAttribBinding";

   if (!binding_command_allowed(ctx, attribindex, func) ||
       !binding_command_allowed(ctx, bindingindex, func))
      return;
   ctx->VAO->Attrib[attribindex].BindingIndex = bindingindex;
   _mesa_vao_update_attrib(ctx->VAO, attribindex);
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
}

void GLAPIENTRY
_mesa_VertexBindingDivisor(GLuint bindingindex, GLuint divisor)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!binding_command_allowed(ctx, bindingindex, "glVertexBindingDivisor"))
      return;
   ctx->VAO->Bindings[bindingindex].Divisor = divisor;
   _mesa_vao_update_binding(ctx->VAO, bindingindex);
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
}

bool
_mesa_get_vertex_binding_indexed(struct gl_context *ctx, GLenum pname,
                                 GLuint index, GLint64 *out, bool *ok,
                                 const char *func)
{
   if (pname != GL_VERTEX_BINDING_OFFSET &&
       pname != GL_VERTEX_BINDING_STRIDE &&
       pname != GL_VERTEX_BINDING_DIVISOR &&
       pname != GL_VERTEX_BINDING_BUFFER)
      return false;
   *ok = false;
   if (!_mesa_has_vertex_attrib_binding(ctx)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return true;
   }
   if (index >= MAX_VERTEX_ATTRIBS ||
       index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return true;
   }
   const struct gl_vertex_binding *b = &ctx->VAO->Bindings[index];
   *out = pname == GL_VERTEX_BINDING_OFFSET    ? (GLint64)b->Offset
          : pname == GL_VERTEX_BINDING_STRIDE  ? b->Stride
          : pname == GL_VERTEX_BINDING_DIVISOR ? (GLint64)b->Divisor
          : b->Buffer                          ? (GLint64)b->Buffer->Name
                                               : 0;
   *ok = true;
   return true;
}

bool
_mesa_get_vertex_binding_limit(struct gl_context *ctx, GLenum pname,
                               GLint *value, bool *known)
{
   switch (pname) {
   case GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET:
      *value = MAX_RELATIVE_OFFSET;
      break;
   case GL_MAX_VERTEX_ATTRIB_BINDINGS:
      *value = ctx->Const.MaxVertexAttribs < MAX_VERTEX_ATTRIBS
                  ? ctx->Const.MaxVertexAttribs
                  : MAX_VERTEX_ATTRIBS;
      break;
   case GL_MAX_VERTEX_ATTRIB_STRIDE:
      *value = MESA_MAX_VERTEX_ATTRIB_STRIDE;
      *known = _mesa_is_gles31(ctx);
      return true;
   default:
      return false;
   }
   *known = _mesa_has_vertex_attrib_binding(ctx);
   return true;
}
