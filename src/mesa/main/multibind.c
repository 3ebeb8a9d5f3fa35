/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ARB_multi_bind's buffer, texture, sampler and vertex buffer commands.
 * Each one first checks the whole span (_mesa_multi_bind_span_ok; an
 * error there changes nothing), then takes the entries one by one: an
 * entry in error records its error and leaves its binding point as it
 * was, and the other entries are still bound (the extension's "(per
 * binding)" errors; GL 4.6 sections 6.1.1, 8.1, 8.2 and 10.3.1).  A NULL
 * array of names unbinds the whole span, and the other arrays are then
 * not read.  Names must be those of existing objects: unlike the
 * single-bind commands, these never create an object.
 */
#include "main/multibind.h"

#include "main/bufferobj.h"
#include "main/context.h"
#include "main/hash.h"
#include "main/texobj.h"
#include "main/varray.h"
#include "util/u_math.h"

bool
_mesa_has_multi_bind(const struct gl_context *ctx)
{
   return !_mesa_is_gles(ctx);
}

bool
_mesa_multi_bind_span_ok(struct gl_context *ctx, GLuint first, GLsizei count,
                         GLuint limit, const char *func)
{
   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(count=%d)", func, count);
      return false;
   }
   if ((uint64_t)first + (uint64_t)count > (uint64_t)limit) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(first=%u + count=%d > %u binding points)", func, first,
                  count, limit);
      return false;
   }
   return true;
}

/* The command exists in this context (else INVALID_OPERATION). */
static bool
multi_bind_allowed(struct gl_context *ctx, const char *func)
{
   if (_mesa_has_multi_bind(ctx))
      return true;
   _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in this context)", func);
   return false;
}

/* Entry i's object in table: NULL for name 0 (*ok true); an unused name
 * or one Gen* reserved without an object yet is the entry's
 * INVALID_OPERATION (*ok false). */
static void *
existing_object(struct gl_context *ctx, struct hash_table *table, GLuint name,
                GLsizei i, bool *ok, const char *func)
{
   *ok = true;
   if (!name)
      return NULL;
   void *obj = table ? _mesa_name_lookup(table, name) : NULL;
   if (obj && obj != GL_NAME_RESERVED)
      return obj;
   _mesa_error(ctx, GL_INVALID_OPERATION, "%s(entry %d: %u is not an object)",
               func, i, name);
   *ok = false;
   return NULL;
}

/* --- Indexed buffer bindings (GL 4.6 section 6.1.1) --------------------- */

static void
bind_buffers(GLenum target, GLuint first, GLsizei count,
             const GLuint *buffers, const GLintptr *offsets,
             const GLsizeiptr *sizes, bool ranges, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLuint limit;

   if (!multi_bind_allowed(ctx, func))
      return;
   struct gl_indexed_buffer_binding *points =
      _mesa_indexed_bindings(ctx, target, &limit);
   if (!points) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   if (!_mesa_multi_bind_span_ok(ctx, first, count, limit, func))
      return;
   /* GL 4.6 section 13.3.2: no feedback buffer changes while feedback is
    * active. */
   if (target == GL_TRANSFORM_FEEDBACK_BUFFER && ctx->CurrentTF &&
       ctx->CurrentTF->Active) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(feedback active)", func);
      return;
   }
   /* Ranges are read only when there are buffers to bind. */
   if (ranges && buffers && count > 0 && (!offsets || !sizes)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(NULL offsets or sizes)", func);
      return;
   }
   for (GLsizei i = 0; i < count; i++) {
      struct gl_indexed_buffer_binding *b = &points[first + (GLuint)i];
      /* every entry's range is checked, name 0's too (as llvmpipe does) */
      bool with_range = ranges && buffers;
      if (with_range &&
          !_mesa_buffer_range_ok(ctx, target, offsets[i], sizes[i])) {
         _mesa_error(ctx, GL_INVALID_VALUE,
                     "%s(entry %d: offset %ld, size %ld)", func, i,
                     (long)offsets[i], (long)sizes[i]);
         continue;
      }
      bool ok;
      struct gl_buffer_object *obj =
         existing_object(ctx, ctx->Shared->Buffers, buffers ? buffers[i] : 0,
                         i, &ok, func);
      if (ok)
         _mesa_set_indexed_buffer(b, obj, with_range ? offsets[i] : 0,
                                  with_range ? sizes[i] : 0);
   }
   if (target == GL_UNIFORM_BUFFER)
      ctx->NewState |= ST_NEW_UNIFORM_BUFFER;
   /* Unlike BindBufferBase/Range, the generic binding point of target is
    * left alone (GL 4.6 section 6.1.1). */
}

void GLAPIENTRY
_mesa_BindBuffersBase(GLenum target, GLuint first, GLsizei count,
                      const GLuint *buffers)
{
   bind_buffers(target, first, count, buffers, NULL, NULL, false,
                "glBindBuffersBase");
}

void GLAPIENTRY
_mesa_BindBuffersRange(GLenum target, GLuint first, GLsizei count,
                       const GLuint *buffers, const GLintptr *offsets,
                       const GLsizeiptr *sizes)
{
   bind_buffers(target, first, count, buffers, offsets, sizes, true,
                "glBindBuffersRange");
}

/* --- Texture units (GL 4.6 section 8.1) --------------------------------- */

/* BindTextures' and BindSamplers' checks: the span is within
 * MAX_COMBINED_TEXTURE_IMAGE_UNITS. */
static bool
unit_span_ok(struct gl_context *ctx, GLuint first, GLsizei count,
             const char *func)
{
   GLuint units = MIN2((GLuint)ctx->Const.MaxCombinedTextureImageUnits,
                       MAX_COMBINED_TEXTURE_UNITS);
   return multi_bind_allowed(ctx, func) &&
          _mesa_multi_bind_span_ok(ctx, first, count, units, func);
}

void GLAPIENTRY
_mesa_BindTextures(GLuint first, GLsizei count, const GLuint *textures)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glBindTextures";

   if (!unit_span_ok(ctx, first, count, func))
      return;
   for (GLsizei i = 0; i < count; i++) {
      struct gl_texture_unit *unit = &ctx->TexUnit[first + (GLuint)i];
      bool ok;
      struct gl_texture_object *t =
         existing_object(ctx, ctx->Shared->Textures,
                         textures ? textures[i] : 0, i, &ok, func);
      if (!ok)
         continue;
      if (!t) {
         /* 0: every target of the unit back to its default texture */
         for (unsigned k = 0; k < NUM_TEXTURE_TARGETS; k++)
            _mesa_reference_texobj(&unit->Current[k],
                                   ctx->Shared->DefaultTex[k]);
         continue;
      }
      int index = _mesa_tex_target_index(ctx, t->Target);
      if (index < 0) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "%s(entry %d: target 0x%x)", func, i, t->Target);
         continue;
      }
      /* the texture's own target; the active unit stays as it was */
      _mesa_reference_texobj(&unit->Current[index], t);
   }
   ctx->NewState |= ST_NEW_SAMPLER_VIEWS | ST_NEW_SAMPLERS;
}

/* --- Sampler units (GL 4.6 section 8.2) --------------------------------- */

void GLAPIENTRY
_mesa_BindSamplers(GLuint first, GLsizei count, const GLuint *samplers)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glBindSamplers";

   if (!unit_span_ok(ctx, first, count, func))
      return;
   for (GLsizei i = 0; i < count; i++) {
      bool ok;
      struct gl_sampler_object *s =
         existing_object(ctx, ctx->Shared->SamplerObjects,
                         samplers ? samplers[i] : 0, i, &ok, func);
      if (ok)
         _mesa_reference_sampler(&ctx->TexUnit[first + (GLuint)i].Sampler, s);
   }
   ctx->NewState |= ST_NEW_SAMPLERS;
}

/* --- Vertex buffer bindings (GL 4.6 section 10.3.1) --------------------- */

void GLAPIENTRY
_mesa_BindVertexBuffers(GLuint first, GLsizei count, const GLuint *buffers,
                        const GLintptr *offsets, const GLsizei *strides)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glBindVertexBuffers";
   GLint limit = 0;
   bool known;

   if (!multi_bind_allowed(ctx, func))
      return;
   /* like glBindVertexBuffer, not on vertex array object 0 in core */
   if (ctx->API == ST_PROFILE_OPENGL_CORE && ctx->VAO == ctx->DefaultVAO) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(vertex array object 0)",
                  func);
      return;
   }
   _mesa_get_vertex_binding_limit(ctx, GL_MAX_VERTEX_ATTRIB_BINDINGS, &limit,
                                  &known);
   if (!_mesa_multi_bind_span_ok(ctx, first, count, (GLuint)limit, func))
      return;
   if (buffers && count > 0 && (!offsets || !strides)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(NULL offsets or strides)",
                  func);
      return;
   }
   for (GLsizei i = 0; i < count; i++) {
      struct gl_vertex_binding *b = &ctx->VAO->Bindings[first + (GLuint)i];
      /* a NULL buffers array: offset 0 and stride 16, the initial values
       * (GL 4.6 section 10.3.1, table 23.5) */
      GLintptr offset = buffers ? offsets[i] : 0;
      GLsizei stride = buffers ? strides[i] : 16;
      if (offset < 0 || stride < 0 || stride > MESA_MAX_VERTEX_ATTRIB_STRIDE) {
         _mesa_error(ctx, GL_INVALID_VALUE,
                     "%s(entry %d: offset %ld, stride %d)", func, i,
                     (long)offset, stride);
         continue;
      }
      bool ok;
      struct gl_buffer_object *obj =
         existing_object(ctx, ctx->Shared->Buffers, buffers ? buffers[i] : 0,
                         i, &ok, func);
      if (!ok)
         continue;
      _mesa_reference_buffer_object(&b->Buffer, obj);
      b->Offset = offset;
      b->Stride = stride;
      _mesa_vao_update_binding(ctx->VAO, first + (GLuint)i);
   }
   ctx->NewState |= ST_NEW_VERTEX_ARRAYS;
}
