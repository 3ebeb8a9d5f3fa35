/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The vertex arrays of a draw read on the CPU (array_read.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "main/array_read.h"
#include "main/bufferobj.h"
#include "main/context.h"
#include "main/varray_packed.h"
#include "state_tracker/st_context.h"
#include "util/half_float.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

/* A copy of a buffer object's data. */
static GLubyte *
buffer_copy(struct gl_context *ctx, struct gl_buffer_object *obj)
{
   if (!obj || !obj->buffer || obj->Size <= 0 ||
       _mesa_buffer_map_blocks(obj))
      return NULL;
   GLubyte *data = malloc((size_t)obj->Size);
   if (data)
      pipe_buffer_read(ctx->st->pipe, obj->buffer, 0, (unsigned)obj->Size,
                       data);
   return data;
}

static unsigned
index_size(GLenum type)
{
   return type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
}

bool
_mesa_array_reader_init(struct gl_context *ctx, struct gl_array_reader *r,
                        uint32_t want, GLint first, GLsizei count,
                        GLenum index_type, const void *indices,
                        GLint basevertex)
{
   struct gl_vertex_array_object *vao = ctx->VAO;

   memset(r, 0, sizeof(*r));
   r->ctx = ctx;
   r->first = first;
   r->count = count;
   r->index_type = index_type;
   r->indices = indices;
   r->basevertex = basevertex;
   for (unsigned i = 0; i < VERT_ATTRIB_CLIENT_COUNT; i++) {
      const struct gl_vertex_attrib *a = &vao->Attrib[i];
      if (!(want & (1u << i)) || !a->Enabled)
         continue;
      if (!a->Buffer) {
         r->base[i] = a->Ptr;
         r->size_B[i] = SIZE_MAX;
      } else {
         size_t offset = (size_t)(uintptr_t)a->Ptr;
         r->copy[i] = buffer_copy(ctx, a->Buffer);
         if (!r->copy[i] || offset >= (size_t)a->Buffer->Size)
            continue;
         r->base[i] = r->copy[i] + offset;
         r->size_B[i] = (size_t)a->Buffer->Size - offset;
      }
      if (r->base[i])
         r->enabled |= 1u << i;
   }
   if (index_type && vao->IndexBuffer) {
      size_t offset = (size_t)(uintptr_t)indices;
      r->index_copy = buffer_copy(ctx, vao->IndexBuffer);
      if (!r->index_copy || offset + (size_t)count * index_size(index_type) >
                               (size_t)vao->IndexBuffer->Size)
         return false;
      r->indices = r->index_copy + offset;
   }
   return !index_type || r->indices;
}

void
_mesa_array_reader_fini(struct gl_array_reader *r)
{
   for (unsigned i = 0; i < VERT_ATTRIB_CLIENT_COUNT; i++)
      free(r->copy[i]);
   free(r->index_copy);
   memset(r, 0, sizeof(*r));
}

GLuint
_mesa_array_reader_vertex(const struct gl_array_reader *r, GLsizei i)
{
   if (!r->index_type)
      return (GLuint)r->first + (GLuint)i;
   GLuint index;
   switch (r->index_type) {
   case GL_UNSIGNED_BYTE: index = ((const GLubyte *)r->indices)[i]; break;
   case GL_UNSIGNED_SHORT: index = ((const GLushort *)r->indices)[i]; break;
   default: index = ((const GLuint *)r->indices)[i]; break;
   }
   return index + (GLuint)r->basevertex;
}

/* Bytes of one component of type, 0 for the packed and unknown types. */
static unsigned
component_size(GLenum type)
{
   switch (type) {
   case GL_BYTE:
   case GL_UNSIGNED_BYTE: return 1;
   case GL_SHORT:
   case GL_UNSIGNED_SHORT:
   case GL_HALF_FLOAT: return 2;
   case GL_INT:
   case GL_UNSIGNED_INT:
   case GL_FLOAT:
   case GL_FIXED: return 4;
   case GL_DOUBLE: return 8;
   default: return 0;
   }
}

/* One component.  Normalised integers: unsigned c / (2^b - 1), signed
 * max(c / (2^(b-1) - 1), -1) (GL 4.2 section 2.3.5.1, what the hardware
 * fetch does for the draws too). */
static GLfloat
component(GLenum type, bool normalized, const GLubyte *p)
{
   union {
      int8_t i8;
      uint8_t u8;
      int16_t i16;
      uint16_t u16;
      int32_t i32;
      uint32_t u32;
      float f;
      double d;
   } v;
   memcpy(&v, p, component_size(type));
   switch (type) {
   case GL_BYTE: return normalized ? MAX2(v.i8 / 127.0f, -1.0f) : v.i8;
   case GL_UNSIGNED_BYTE: return normalized ? v.u8 / 255.0f : v.u8;
   case GL_SHORT: return normalized ? MAX2(v.i16 / 32767.0f, -1.0f) : v.i16;
   case GL_UNSIGNED_SHORT: return normalized ? v.u16 / 65535.0f : v.u16;
   case GL_INT:
      return normalized ? (GLfloat)MAX2(v.i32 / 2147483647.0, -1.0)
                        : (GLfloat)v.i32;
   case GL_UNSIGNED_INT:
      return normalized ? (GLfloat)(v.u32 / 4294967295.0) : (GLfloat)v.u32;
   case GL_FIXED: return (GLfloat)(v.i32 / 65536.0);
   case GL_HALF_FLOAT: return util_half_to_float(v.u16);
   case GL_DOUBLE: return (GLfloat)v.d;
   default: return v.f;
   }
}

bool
_mesa_array_read(const struct gl_array_reader *r, unsigned attrib, GLuint v,
                 GLfloat out[4])
{
   if (attrib >= VERT_ATTRIB_CLIENT_COUNT ||
       !(r->enabled & (1u << attrib)))
      return false;
   const struct gl_vertex_attrib *a = &r->ctx->VAO->Attrib[attrib];
   bool bgra = a->Size == GL_BGRA;
   unsigned n = bgra ? 4 : (unsigned)CLAMP(a->Size, 1, 4);
   unsigned elem = component_size(a->Type);
   bool packed = a->Type == GL_INT_2_10_10_10_REV ||
                 a->Type == GL_UNSIGNED_INT_2_10_10_10_REV;
   size_t bytes = packed ? 4 : (size_t)n * elem;
   /* An instanced array gives every vertex of instance 0 its first
    * element (GL 3.3 section 2.8.3, ARB_instanced_arrays). */
   size_t offset = a->Divisor ? 0 : (size_t)v * (size_t)a->EffectiveStride;

   if (!bytes || offset > r->size_B[attrib] ||
       r->size_B[attrib] - offset < bytes)
      return false;
   const GLubyte *src = r->base[attrib] + offset;
   out[0] = out[1] = out[2] = 0.0f;
   out[3] = 1.0f;
   if (packed) {
      GLuint word;
      memcpy(&word, src, 4);
      return _mesa_unpack_packed_attrib(r->ctx, a->Type, a->Normalized, word,
                                        n, out, "glArrayElement");
   }
   /* GL_BGRA: four normalised bytes in the order b, g, r, a (GL 3.2
    * section 2.8). */
   bool normalized = a->Normalized || bgra;
   for (unsigned c = 0; c < n; c++)
      out[c] = component(a->Type, normalized, src + (size_t)c * elem);
   if (bgra) {
      GLfloat b = out[0];
      out[0] = out[2];
      out[2] = b;
   }
   return true;
}
