/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compute on the pipe.  A dispatch binds the program's compute shader
 * (st_program.c), its default uniform block (constant buffer 0), its
 * uniform blocks (constant buffers 1 + block index, as st_atom_ubo.c does
 * for the other stages) and its storage buffers, then launches the grid
 * with the work-group size the shader declares.
 *
 * Storage buffers are bound by binding point: slot i of
 * set_shader_buffers is GL's SHADER_STORAGE_BUFFER binding i, which is
 * what the shaders' load_ssbo/store_ssbo block sources name
 * (glsl_program.h), for every stage using storage blocks.
 */
#include <string.h>

#include "main/compute.h"
#include "main/context.h"
#include "main/shaderobj.h"
#include "state_tracker/st_compute.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_image.h"
#include "state_tracker/st_program.h"
#include "state_tracker/st_texture.h"
#include "compiler/glsl/glsl_program.h"
#include "util/u_inlines.h"
#include "util/u_upload_mgr.h"

static void
bind_ssbos(struct st_context *st, struct gl_program_exec *exec,
           gl_shader_stage s, enum pipe_shader_type ps)
{
   struct gl_context *ctx = &st->ctx;
   const struct glsl_program *p = exec->linked;
   struct pipe_shader_buffer bufs[MAX_SHADER_STORAGE_BUFFER_BINDINGS + 8];
   unsigned n = 0, writable = 0;
   unsigned abo_base = p->abo_slot_base;

   if (!st->pipe->set_shader_buffers || (!p->num_ssbos && !p->num_counters))
      return;
   for (unsigned k = 0; k < p->num_ssbos; k++) {
      GLuint b = exec->ssbo_bindings[k];
      if (!(p->ssbos[k].stages & (1u << s)) ||
          b >= MAX_SHADER_STORAGE_BUFFER_BINDINGS)
         continue;
      n = b + 1 > n ? b + 1 : n;
      if (p->ssbos[k].written_stages & (1u << s))
         writable |= 1u << b;
   }
   /* atomic counter buffer binding b: slot abo_base + b, always
    * written */
   for (unsigned b = 0; b < 8; b++) {
      if (!(p->abo_stages[b] & (1u << s)) ||
          abo_base + b >= MAX_SHADER_STORAGE_BUFFER_BINDINGS + 8)
         continue;
      n = abo_base + b + 1 > n ? abo_base + b + 1 : n;
      writable |= 1u << (abo_base + b);
   }
   if (!n)
      return;
   memset(bufs, 0, sizeof(bufs));
   for (unsigned i = 0; i < n; i++) {
      const struct gl_indexed_buffer_binding *b =
         i < abo_base ? (i < MAX_SHADER_STORAGE_BUFFER_BINDINGS
                            ? &ctx->ShaderStorageBufferBindings[i]
                            : NULL)
         : i - abo_base < 8 ? &ctx->AtomicCounterBufferBindings[i - abo_base]
                            : NULL;
      if (!b)
         continue;
      if (!b->Buffer || !b->Buffer->buffer || b->Offset < 0 ||
          b->Offset >= b->Buffer->Size)
         continue;
      GLsizeiptr avail = b->Buffer->Size - b->Offset;
      bufs[i].buffer = b->Buffer->buffer;
      bufs[i].buffer_offset = (unsigned)b->Offset;
      bufs[i].buffer_size =
         (unsigned)(b->Size && b->Size < avail ? b->Size : avail);
   }
   st->pipe->set_shader_buffers(st->pipe, ps, 0, n, bufs, writable);
}

void
st_update_ssbos(struct st_context *st)
{
   struct gl_program_exec *exec = _mesa_current_exec(&st->ctx);

   if (!exec || (!exec->linked->num_ssbos && !exec->linked->num_counters))
      return;
   bind_ssbos(st, exec, MESA_SHADER_VERTEX, PIPE_SHADER_VERTEX);
   bind_ssbos(st, exec, MESA_SHADER_GEOMETRY, PIPE_SHADER_GEOMETRY);
   bind_ssbos(st, exec, MESA_SHADER_FRAGMENT, PIPE_SHADER_FRAGMENT);
}

/* Uniform block i used by the compute shader: constant buffer 1 + i. */
static void
bind_ubos(struct st_context *st, struct gl_program_exec *exec)
{
   struct gl_context *ctx = &st->ctx;
   const struct glsl_program *p = exec->linked;

   for (unsigned i = 0; i < p->num_ubos && i < ST_MAX_UBOS; i++) {
      GLuint point = exec->ubo_bindings[i];
      const struct gl_indexed_buffer_binding *b =
         point < MAX_UNIFORM_BUFFER_BINDINGS
            ? &ctx->UniformBufferBindings[point]
            : NULL;
      struct pipe_constant_buffer cb = { 0 };
      if ((p->ubos[i].stages & (1u << MESA_SHADER_COMPUTE)) && b &&
          b->Buffer && b->Buffer->buffer && b->Offset >= 0 &&
          b->Offset < b->Buffer->Size) {
         GLsizeiptr avail = b->Buffer->Size - b->Offset;
         cb.buffer = b->Buffer->buffer;
         cb.buffer_offset = (unsigned)b->Offset;
         cb.buffer_size =
            (unsigned)(b->Size && b->Size < avail ? b->Size : avail);
      }
      st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_COMPUTE, 1 + i,
                                    false, cb.buffer ? &cb : NULL);
   }
}

static bool
bind_constants(struct st_context *st, struct gl_program_exec *exec)
{
   struct pipe_constant_buffer cb = { 0 };

   cb.buffer_size = ((exec->uniforms_size_B + 15) & ~15u) + 16;
   if (!u_upload_data(st->uploader, cb.buffer_size, 256, exec->uniforms,
                      &cb.buffer_offset, &cb.buffer))
      return false;
   st->pipe->set_constant_buffer(st->pipe, PIPE_SHADER_COMPUTE, 0, false,
                                 &cb);
   pipe_resource_reference(&cb.buffer, NULL);
   return true;
}

void
st_dispatch_compute(struct st_context *st, struct gl_program_exec *exec,
                    const GLuint *counts, struct pipe_resource *indirect,
                    unsigned offset)
{
   struct pipe_context *pipe = st->pipe;
   const struct glsl_program *p = exec->linked;

   if (!pipe->launch_grid || !pipe->bind_compute_state)
      return;
   struct st_program_variant *v = st_get_program_variant(st, exec);
   if (!v || !v->cs) {
      _mesa_error(&st->ctx, GL_OUT_OF_MEMORY, "glDispatchCompute");
      return;
   }
   if (st->cs != v->cs) {
      pipe->bind_compute_state(pipe, v->cs);
      st->cs = v->cs;
   }
   if (!bind_constants(st, exec)) {
      _mesa_error(&st->ctx, GL_OUT_OF_MEMORY, "glDispatchCompute");
      return;
   }
   bind_ubos(st, exec);
   st_update_textures(st);
   bind_ssbos(st, exec, MESA_SHADER_COMPUTE, PIPE_SHADER_COMPUTE);
   st_update_compute_images(st, exec);

   struct pipe_grid_info info = { .work_dim = 3 };
   for (unsigned i = 0; i < 3; i++) {
      info.block[i] = p->workgroup_size[i];
      info.grid[i] = counts ? counts[i] : 0;
   }
   info.indirect = indirect;
   info.indirect_offset = offset;
   pipe->launch_grid(pipe, &info);
}

void
st_memory_barrier(struct st_context *st, unsigned flags)
{
   if (st->pipe->memory_barrier)
      st->pipe->memory_barrier(st->pipe, flags);
}
