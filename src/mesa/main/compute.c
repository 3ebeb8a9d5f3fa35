/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compute shaders and shader storage buffers (ARB_compute_shader, GL 4.3
 * chapter 19; ARB_shader_storage_buffer_object, GL 4.3 7.8): dispatches
 * and their errors, glMemoryBarrier, the storage-block bindings of a
 * program, the limits and program queries.  The state tracker does the
 * work (st_compute.c).
 */
#include <string.h>

#include "main/bufferobj.h"
#include "main/compute.h"
#include "main/context.h"
#include "main/shaderimage.h"
#include "main/shaderobj.h"
#include "state_tracker/st_compute.h"
#include "state_tracker/st_context.h"
#include "compiler/glsl/glsl_program.h"
#include "pipe/p_defines.h"
#include "util/ralloc.h"

bool
_mesa_has_compute_shaders(const struct gl_context *ctx)
{
   return _mesa_is_desktop_or_gles31(ctx) &&
          ctx->Const.MaxComputeWorkGroupInvocations > 0;
}

bool
_mesa_has_ssbos(const struct gl_context *ctx)
{
   return _mesa_is_desktop_or_gles31(ctx) &&
          ctx->Const.MaxCombinedShaderStorageBlocks > 0;
}

bool
_mesa_has_atomic_counters(const struct gl_context *ctx)
{
   return _mesa_is_desktop_or_gles31(ctx) &&
          ctx->Const.MaxAtomicCounterBufferBindings > 0;
}

struct gl_indexed_buffer_binding *
_mesa_abo_binding(struct gl_context *ctx, GLuint index)
{
   if (!_mesa_has_atomic_counters(ctx) ||
       index >= (GLuint)ctx->Const.MaxAtomicCounterBufferBindings ||
       index >= 8)
      return NULL;
   return &ctx->AtomicCounterBufferBindings[index];
}

struct gl_indexed_buffer_binding *
_mesa_ssbo_binding(struct gl_context *ctx, GLuint index)
{
   if (!_mesa_has_ssbos(ctx) ||
       index >= (GLuint)ctx->Const.MaxShaderStorageBufferBindings ||
       index >= MAX_SHADER_STORAGE_BUFFER_BINDINGS)
      return NULL;
   return &ctx->ShaderStorageBufferBindings[index];
}

void
_mesa_compute_unbind_buffer(struct gl_context *ctx,
                            struct gl_buffer_object *obj)
{
   if (ctx->ShaderStorageBuffer == obj)
      _mesa_reference_buffer_object(&ctx->ShaderStorageBuffer, NULL);
   if (ctx->DispatchIndirectBuffer == obj)
      _mesa_reference_buffer_object(&ctx->DispatchIndirectBuffer, NULL);
   for (unsigned i = 0; i < MAX_SHADER_STORAGE_BUFFER_BINDINGS; i++) {
      if (ctx->ShaderStorageBufferBindings[i].Buffer == obj)
         _mesa_reference_buffer_object(
            &ctx->ShaderStorageBufferBindings[i].Buffer, NULL);
   }
   if (ctx->AtomicCounterBuffer == obj)
      _mesa_reference_buffer_object(&ctx->AtomicCounterBuffer, NULL);
   for (unsigned i = 0; i < 8; i++) {
      if (ctx->AtomicCounterBufferBindings[i].Buffer == obj)
         _mesa_reference_buffer_object(
            &ctx->AtomicCounterBufferBindings[i].Buffer, NULL);
   }
}

/* ---- dispatch ------------------------------------------------------------ */

/* GL 4.3 table 23.65 minimums (also what st_context.c sets). */
static const GLint max_count[3] = { 65535, 65535, 65535 };
static const GLint max_size[3] = { 1024, 1024, 64 };

/* The current executable with a compute shader, or NULL after raising
 * GL_INVALID_OPERATION (GL 4.3 19.1: "if there is no active program for
 * the compute shader stage"). */
static struct gl_program_exec *
compute_exec(struct gl_context *ctx, const char *func)
{
   struct gl_program_exec *exec = _mesa_current_exec(ctx);
   if (!exec || !exec->linked->nir[MESA_SHADER_COMPUTE]) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no compute program)", func);
      return NULL;
   }
   return exec;
}

void GLAPIENTRY
_mesa_DispatchCompute(GLuint num_groups_x, GLuint num_groups_y,
                      GLuint num_groups_z)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const GLuint n[3] = { num_groups_x, num_groups_y, num_groups_z };

   if (!_mesa_has_compute_shaders(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glDispatchCompute(no compute)");
      return;
   }
   struct gl_program_exec *exec = compute_exec(ctx, "glDispatchCompute");
   if (!exec)
      return;
   /* GL 4.3 19.1: INVALID_VALUE when a count exceeds
    * MAX_COMPUTE_WORK_GROUP_COUNT; a zero count dispatches nothing. */
   for (unsigned i = 0; i < 3; i++) {
      if (n[i] > (GLuint)max_count[i]) {
         _mesa_error(ctx, GL_INVALID_VALUE, "glDispatchCompute(count %u)",
                     n[i]);
         return;
      }
   }
   if (!n[0] || !n[1] || !n[2])
      return;
   st_dispatch_compute(ctx->st, exec, n, NULL, 0);
}

void GLAPIENTRY
_mesa_DispatchComputeIndirect(GLintptr indirect)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_has_compute_shaders(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glDispatchComputeIndirect(no compute)");
      return;
   }
   /* GL 4.3 19.1: INVALID_VALUE for a negative offset or one that is not
    * a multiple of four; INVALID_OPERATION without a
    * DISPATCH_INDIRECT_BUFFER or when the three counts would be read
    * beyond its end. */
   if (indirect < 0 || (indirect & 3)) {
      _mesa_error(ctx, GL_INVALID_VALUE,
                  "glDispatchComputeIndirect(indirect=%ld)", (long)indirect);
      return;
   }
   struct gl_buffer_object *buf = ctx->DispatchIndirectBuffer;
   if (!buf) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glDispatchComputeIndirect(no buffer)");
      return;
   }
   if (buf->Size < 12 || indirect > buf->Size - 12) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glDispatchComputeIndirect(beyond the buffer)");
      return;
   }
   if (_mesa_buffer_map_blocks(buf)) {
      /* GL 4.3 6.3.2: a mapped buffer is not a command source */
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glDispatchComputeIndirect(mapped)");
      return;
   }
   struct gl_program_exec *exec = compute_exec(ctx,
                                               "glDispatchComputeIndirect");
   if (!exec || !buf->buffer)
      return;
   st_dispatch_compute(ctx->st, exec, NULL, buf->buffer,
                       (unsigned)indirect);
}

/* GL 4.3 7.12.2: the barrier bits and the pipe barriers they need. */
static const struct {
   GLbitfield bit;
   unsigned pipe;
} barrier_bits[] = {
   { GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT, PIPE_BARRIER_VERTEX_BUFFER },
   { GL_ELEMENT_ARRAY_BARRIER_BIT, PIPE_BARRIER_INDEX_BUFFER },
   { GL_UNIFORM_BARRIER_BIT, PIPE_BARRIER_CONSTANT_BUFFER },
   { GL_TEXTURE_FETCH_BARRIER_BIT, PIPE_BARRIER_TEXTURE },
   { GL_SHADER_IMAGE_ACCESS_BARRIER_BIT, PIPE_BARRIER_IMAGE },
   { GL_COMMAND_BARRIER_BIT, PIPE_BARRIER_INDIRECT_BUFFER },
   { GL_PIXEL_BUFFER_BARRIER_BIT, PIPE_BARRIER_UPDATE_BUFFER },
   { GL_TEXTURE_UPDATE_BARRIER_BIT, PIPE_BARRIER_UPDATE_TEXTURE },
   { GL_BUFFER_UPDATE_BARRIER_BIT, PIPE_BARRIER_UPDATE_BUFFER },
   { GL_FRAMEBUFFER_BARRIER_BIT, PIPE_BARRIER_FRAMEBUFFER },
   { GL_TRANSFORM_FEEDBACK_BARRIER_BIT, PIPE_BARRIER_STREAMOUT_BUFFER },
   { GL_ATOMIC_COUNTER_BARRIER_BIT, PIPE_BARRIER_SHADER_BUFFER },
   { GL_SHADER_STORAGE_BARRIER_BIT, PIPE_BARRIER_SHADER_BUFFER },
   /* GL 4.4 */
   { GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT, PIPE_BARRIER_MAPPED_BUFFER },
   { GL_QUERY_BUFFER_BARRIER_BIT, PIPE_BARRIER_QUERY_BUFFER },
};

/* GL 4.5 section 7.13.2: the bits glMemoryBarrierByRegion accepts (the
 * ones about memory the fragment shaders of one region see). */
#define BY_REGION_BITS                                                         \
   (GL_ATOMIC_COUNTER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |               \
    GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |       \
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT)

static void
memory_barrier(GLbitfield barriers, GLbitfield allowed, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   unsigned flags = 0;

   if (!_mesa_has_compute_shaders(ctx) && !_mesa_has_ssbos(ctx) &&
       !_mesa_has_shader_images(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(unsupported)", func);
      return;
   }
   for (unsigned i = 0; i < sizeof(barrier_bits) / sizeof(barrier_bits[0]);
        i++) {
      if (barriers & barrier_bits[i].bit & allowed)
         flags |= barrier_bits[i].pipe;
   }
   /* GL 4.3 7.12.2: INVALID_VALUE for other bits, unless ALL_BARRIER_BITS */
   if (barriers == GL_ALL_BARRIER_BITS) {
      flags = PIPE_BARRIER_ALL;
   } else if (barriers & ~allowed) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(0x%x)", func, barriers);
      return;
   }
   if (flags)
      st_memory_barrier(ctx->st, flags);
}

void GLAPIENTRY
_mesa_MemoryBarrier(GLbitfield barriers)
{
   GLbitfield known = 0;
   for (unsigned i = 0; i < sizeof(barrier_bits) / sizeof(barrier_bits[0]);
        i++)
      known |= barrier_bits[i].bit;
   memory_barrier(barriers, known, "glMemoryBarrier");
}

void GLAPIENTRY
_mesa_MemoryBarrierByRegion(GLbitfield barriers)
{
   memory_barrier(barriers, BY_REGION_BITS, "glMemoryBarrierByRegion");
}

/* ---- storage block bindings ------------------------------------------------ */

bool
_mesa_init_ssbo_bindings(struct gl_program_exec *exec)
{
   const struct glsl_program *p = exec->linked;
   exec->ssbo_bindings = rzalloc_array(exec->mem, GLuint,
                                       p->num_ssbos ? p->num_ssbos : 1);
   if (!exec->ssbo_bindings)
      return false;
   for (unsigned k = 0; k < p->num_ssbos; k++)
      exec->ssbo_bindings[k] = p->ssbos[k].binding >= 0
                                  ? (GLuint)p->ssbos[k].binding
                                  : 0;
   return true;
}

void GLAPIENTRY
_mesa_ShaderStorageBlockBinding(GLuint program,
                                GLuint storageBlockIndex,
                                GLuint storageBlockBinding)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_has_ssbos(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glShaderStorageBlockBinding(unsupported)");
      return;
   }
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, "glShaderStorageBlockBinding");
   if (!prog)
      return;
   /* GL 4.3 7.8: INVALID_VALUE for an index that is not an active block
    * of the program, or a binding past MAX_SHADER_STORAGE_BUFFER_BINDINGS
    */
   struct gl_program_exec *exec = prog->LinkStatus ? prog->exec : NULL;
   if (!exec || storageBlockIndex >= exec->linked->num_ssbos) {
      _mesa_error(ctx, GL_INVALID_VALUE,
                  "glShaderStorageBlockBinding(index=%u)", storageBlockIndex);
      return;
   }
   if (storageBlockBinding >=
       (GLuint)ctx->Const.MaxShaderStorageBufferBindings) {
      _mesa_error(ctx, GL_INVALID_VALUE,
                  "glShaderStorageBlockBinding(binding=%u)",
                  storageBlockBinding);
      return;
   }
   if (exec->ssbo_bindings[storageBlockIndex] == storageBlockBinding)
      return;
   exec->ssbo_bindings[storageBlockIndex] = storageBlockBinding;
   exec->ssbo_bindings_stamp++;
   if (ctx->CurrentProgram == prog)
      ctx->NewState |= ST_NEW_PROGRAM;
}

/* ---- queries --------------------------------------------------------------- */

bool
_mesa_get_compute_state(struct gl_context *ctx, GLenum pname, GLint *values,
                        unsigned *n, bool *known)
{
   const struct gl_constants *c = &ctx->Const;
   bool cs = _mesa_has_compute_shaders(ctx);
   bool ssbo = _mesa_has_ssbos(ctx);
   *n = 1;
   switch (pname) {
   /* GL 4.3 table 23.65 */
   case GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS:
      values[0] = c->MaxComputeWorkGroupInvocations;
      *known = cs;
      return true;
   case GL_MAX_COMPUTE_SHARED_MEMORY_SIZE:
      values[0] = c->MaxComputeSharedMemorySize;
      *known = cs;
      return true;
   case GL_MAX_COMPUTE_UNIFORM_BLOCKS:
      values[0] = c->MaxFragmentUniformBlocks;
      *known = cs;
      return true;
   case GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS:
      values[0] = c->MaxTextureImageUnits;
      *known = cs;
      return true;
   case GL_MAX_COMPUTE_UNIFORM_COMPONENTS:
      values[0] = 4 * c->MaxFragmentUniformVectors;
      *known = cs;
      return true;
   case GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS:
      values[0] = 4 * c->MaxFragmentUniformVectors +
                  c->MaxFragmentUniformBlocks * c->MaxUniformBlockSize / 4;
      *known = cs;
      return true;
   /* ARB_compute_shader lists these minimums for the features this
    * front end does not have yet (atomic counters, images). */
   case GL_MAX_COMPUTE_ATOMIC_COUNTERS:
      values[0] = 8;
      *known = cs;
      return true;
   case GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS:
      values[0] = 8;
      *known = cs;
      return true;
   case GL_MAX_COMPUTE_IMAGE_UNIFORMS:
      /* the driver's (shaderimage.c), else ARB_compute_shader's minimum */
      values[0] = c->MaxImageUniforms[MESA_SHADER_COMPUTE]
                     ? c->MaxImageUniforms[MESA_SHADER_COMPUTE]
                     : 8;
      *known = cs;
      return true;
   case GL_DISPATCH_INDIRECT_BUFFER_BINDING:
      values[0] = ctx->DispatchIndirectBuffer
                     ? (GLint)ctx->DispatchIndirectBuffer->Name
                     : 0;
      *known = cs;
      return true;
   /* GL 4.3 table 23.63 */
   case GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS:
      values[0] = c->MaxShaderStorageBlocks[MESA_SHADER_VERTEX];
      *known = ssbo;
      return true;
   case GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS:
      values[0] = c->MaxShaderStorageBlocks[MESA_SHADER_FRAGMENT];
      *known = ssbo;
      return true;
   case GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS:
      values[0] = c->MaxShaderStorageBlocks[MESA_SHADER_GEOMETRY];
      *known = ssbo;
      return true;
   case GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS:
   case GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS:
      values[0] = 0;
      *known = ssbo;
      return true;
   case GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS:
      values[0] = c->MaxShaderStorageBlocks[MESA_SHADER_COMPUTE];
      *known = ssbo;
      return true;
   case GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS:
      values[0] = c->MaxCombinedShaderStorageBlocks;
      *known = ssbo;
      return true;
   case GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS:
      values[0] = c->MaxShaderStorageBufferBindings;
      *known = ssbo;
      return true;
   case GL_MAX_SHADER_STORAGE_BLOCK_SIZE:
      values[0] = c->MaxShaderStorageBlockSize;
      *known = ssbo;
      return true;
   case GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT:
      values[0] = c->ShaderStorageBufferOffsetAlignment;
      *known = ssbo;
      return true;
   case GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES:
      values[0] = c->MaxDrawBuffers + c->MaxCombinedShaderStorageBlocks;
      *known = ssbo;
      return true;
   case GL_SHADER_STORAGE_BUFFER_BINDING:
      values[0] = ctx->ShaderStorageBuffer
                     ? (GLint)ctx->ShaderStorageBuffer->Name
                     : 0;
      *known = ssbo;
      return true;
   /* ARB_shader_atomic_counters (GL 4.2 table 6.55 minimums: no vertex
    * or geometry counters, 8 fragment ones in 1 buffer; compute from
    * ARB_compute_shader) */
   case GL_ATOMIC_COUNTER_BUFFER_BINDING:
      values[0] = ctx->AtomicCounterBuffer
                     ? (GLint)ctx->AtomicCounterBuffer->Name
                     : 0;
      *known = _mesa_has_atomic_counters(ctx);
      return true;
   case GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS:
      values[0] = c->MaxAtomicCounterBufferBindings;
      *known = _mesa_has_atomic_counters(ctx);
      return true;
   case GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS:
   case GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS:
   case GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS:
   case GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS:
      values[0] = c->MaxAtomicCounterBufferBindings;
      *known = _mesa_has_atomic_counters(ctx);
      return true;
   case GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS:
   case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS:
   case GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS:
   case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS:
      values[0] = 0;
      *known = _mesa_has_atomic_counters(ctx);
      return true;
   case GL_MAX_VERTEX_ATOMIC_COUNTERS:
   case GL_MAX_GEOMETRY_ATOMIC_COUNTERS:
   case GL_MAX_FRAGMENT_ATOMIC_COUNTERS:
   case GL_MAX_COMBINED_ATOMIC_COUNTERS:
      values[0] = 1024;
      *known = _mesa_has_atomic_counters(ctx);
      return true;
   case GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE:
      values[0] = 4096;
      *known = _mesa_has_atomic_counters(ctx);
      return true;
   default:
      return false;
   }
}

bool
_mesa_get_compute_indexed(struct gl_context *ctx, GLenum pname, GLuint index,
                          GLint64 *out, bool *ok, const char *func)
{
   *ok = false;
   switch (pname) {
   case GL_MAX_COMPUTE_WORK_GROUP_COUNT:
   case GL_MAX_COMPUTE_WORK_GROUP_SIZE:
      if (!_mesa_has_compute_shaders(ctx)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
         return true;
      }
      if (index >= 3) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
         return true;
      }
      *out = pname == GL_MAX_COMPUTE_WORK_GROUP_COUNT ? max_count[index]
                                                      : max_size[index];
      *ok = true;
      return true;
   case GL_SHADER_STORAGE_BUFFER_BINDING:
   case GL_SHADER_STORAGE_BUFFER_START:
   case GL_SHADER_STORAGE_BUFFER_SIZE: {
      if (!_mesa_has_ssbos(ctx)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
         return true;
      }
      struct gl_indexed_buffer_binding *b = _mesa_ssbo_binding(ctx, index);
      if (!b) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
         return true;
      }
      if (pname == GL_SHADER_STORAGE_BUFFER_BINDING)
         *out = b->Buffer ? b->Buffer->Name : 0;
      else if (pname == GL_SHADER_STORAGE_BUFFER_START)
         *out = b->Offset;
      else
         *out = b->Size;
      *ok = true;
      return true;
   }
   case GL_ATOMIC_COUNTER_BUFFER_BINDING:
   case GL_ATOMIC_COUNTER_BUFFER_START:
   case GL_ATOMIC_COUNTER_BUFFER_SIZE: {
      if (!_mesa_has_atomic_counters(ctx)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
         return true;
      }
      struct gl_indexed_buffer_binding *b = _mesa_abo_binding(ctx, index);
      if (!b) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
         return true;
      }
      if (pname == GL_ATOMIC_COUNTER_BUFFER_BINDING)
         *out = b->Buffer ? b->Buffer->Name : 0;
      else if (pname == GL_ATOMIC_COUNTER_BUFFER_START)
         *out = b->Offset;
      else
         *out = b->Size;
      *ok = true;
      return true;
   }
   default:
      return false;
   }
}

/* The atomic-counter buffer bindings a program uses, in binding order
 * (GL 4.2 2.11.7: the active atomic counter buffers). */
static unsigned
active_abos(const struct glsl_program *p, unsigned *bindings)
{
   unsigned n = 0;
   for (unsigned b = 0; p && b < 8; b++) {
      if (p->abo_stages[b])
         bindings[n++] = b;
   }
   return n;
}

void GLAPIENTRY
_mesa_GetActiveAtomicCounterBufferiv(GLuint program, GLuint bufferIndex,
                                     GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glGetActiveAtomicCounterBufferiv";
   if (!_mesa_has_atomic_counters(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(unsupported)", func);
      return;
   }
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, func);
   if (!prog)
      return;
   const struct glsl_program *p =
      prog->LinkStatus && prog->exec ? prog->exec->linked : NULL;
   unsigned bindings[8];
   unsigned n = active_abos(p, bindings);
   /* GL 4.2 2.11.7: INVALID_VALUE past the active buffers */
   if (bufferIndex >= n) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(bufferIndex=%u)", func,
                  bufferIndex);
      return;
   }
   unsigned b = bindings[bufferIndex];
   unsigned count = 0;
   for (unsigned k = 0; k < p->num_counters; k++)
      count += p->counters[k].binding == b;
   switch (pname) {
   case GL_ATOMIC_COUNTER_BUFFER_BINDING:
      *params = (GLint)b;
      return;
   case GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE:
      *params = (GLint)p->abo_size_B[b];
      return;
   case GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS:
      *params = (GLint)count;
      return;
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER:
      *params = (p->abo_stages[b] >> MESA_SHADER_VERTEX) & 1;
      return;
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER:
      *params = (p->abo_stages[b] >> MESA_SHADER_GEOMETRY) & 1;
      return;
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER:
      *params = (p->abo_stages[b] >> MESA_SHADER_FRAGMENT) & 1;
      return;
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER:
      *params = (p->abo_stages[b] >> MESA_SHADER_COMPUTE) & 1;
      return;
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER:
      *params = 0;
      return;
   default:
      /* (ACTIVE_ATOMIC_COUNTER_INDICES: the counters are not in the
       * active uniform list yet) */
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
   }
}

bool
_mesa_compute_program_iv(struct gl_context *ctx,
                         const struct glsl_program *linked, GLenum pname,
                         GLint *params)
{
   if (pname == GL_ACTIVE_ATOMIC_COUNTER_BUFFERS &&
       _mesa_has_atomic_counters(ctx)) {
      unsigned bindings[8];
      *params = (GLint)active_abos(linked, bindings);
      return true;
   }
   if (pname != GL_COMPUTE_WORK_GROUP_SIZE || !_mesa_has_compute_shaders(ctx))
      return false;
   /* GL 4.3 7.13: INVALID_OPERATION when the program is not linked or
    * has no compute shader. */
   if (!linked || !linked->nir[MESA_SHADER_COMPUTE]) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glGetProgramiv(no compute shader)");
      return true;
   }
   for (unsigned i = 0; i < 3; i++)
      params[i] = (GLint)linked->workgroup_size[i];
   return true;
}
