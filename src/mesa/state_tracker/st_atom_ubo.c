/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Uniform blocks to constant buffers.  Block i of the current program
 * (glsl_program.ubos[i]; the shaders' load_ubo block index) reads the
 * buffer bound at its binding point (glUniformBlockBinding,
 * glBindBufferBase/Range(GL_UNIFORM_BUFFER)): it becomes constant buffer
 * 1 + slot of every stage that uses the block, slot its rank among that
 * stage's blocks (st_nir_ubo_slots.c renumbers the shaders the same way;
 * constant buffer 0 is the default uniform block, st_atoms.c).  A range is cut to the buffer's
 * size; an unbound point or a buffer without storage binds nothing.
 *
 * Bindings change through many calls (the indexed binding, the block
 * binding, a new program, glBufferData replacing the storage): since wave
 * 17 each sets ST_NEW_UNIFORM_BUFFER or moves the share group's UboStamp
 * (main/mtypes.h), and only then does st_atoms.c call this, which
 * compares what should be bound with what is, block by block, and tells
 * the pipe only about differences.
 * The cache holds references, so a freed resource is never mistaken for
 * a new one at the same address.
 */
#include "main/shaderobj.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_nir.h"
#include "util/u_inlines.h"
#include "glsl_program.h"

static const enum pipe_shader_type stages[ST_UBO_STAGES] = {
   PIPE_SHADER_VERTEX,
   PIPE_SHADER_FRAGMENT,
   PIPE_SHADER_GEOMETRY,
};
static const gl_shader_stage gl_stages[ST_UBO_STAGES] = {
   MESA_SHADER_VERTEX,
   MESA_SHADER_FRAGMENT,
   MESA_SHADER_GEOMETRY,
};

static void
bind(struct st_context *st, unsigned s, unsigned slot,
     struct pipe_resource *res, unsigned offset, unsigned size)
{
   struct st_ubo_binding *cur = &st->ubos[s][slot];
   if (cur->resource == res && cur->offset == offset && cur->size == size)
      return;
   pipe_resource_reference(&cur->resource, res);
   cur->offset = offset;
   cur->size = size;
   struct pipe_constant_buffer cb = {
      .buffer = res,
      .buffer_offset = offset,
      .buffer_size = size,
   };
   st->pipe->set_constant_buffer(st->pipe, stages[s], 1 + slot, false,
                                 res ? &cb : NULL);
}

void
st_update_ubos(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   struct gl_program_exec *exec = _mesa_current_exec(ctx);
   const struct glsl_program *p = exec ? exec->linked : NULL;
   unsigned n = p ? p->num_ubos : 0;

   if (n > ST_MAX_UBOS)
      n = ST_MAX_UBOS;
   /* No blocks now and none bound (most draws of most programs): nothing
    * to do, before every draw. */
   unsigned bound = 0;
   for (unsigned s = 0; s < ST_UBO_STAGES; s++)
      bound |= st->num_ubos[s];
   if (!n && !bound)
      return;
   bound = 0;
   for (unsigned s = 0; s < ST_UBO_STAGES; s++) {
      unsigned used = 0; /* the stage's slots */
      for (unsigned i = 0; i < n; i++) {
         struct pipe_resource *res = NULL;
         unsigned offset = 0, size = 0;
         int slot = st_ubo_slot(p, gl_stages[s], i);
         if (slot < 0 || slot >= ST_MAX_UBOS)
            continue;
         GLuint point = exec->ubo_bindings[i];
         const struct gl_indexed_buffer_binding *b =
            point < MAX_UNIFORM_BUFFER_BINDINGS
               ? &ctx->UniformBufferBindings[point]
               : NULL;
         if (b && b->Buffer && b->Buffer->buffer && b->Offset >= 0 &&
             b->Offset < b->Buffer->Size) {
            GLsizeiptr avail = b->Buffer->Size - b->Offset;
            res = b->Buffer->buffer;
            offset = (unsigned)b->Offset;
            size = (unsigned)(b->Size && b->Size < avail ? b->Size : avail);
         }
         bind(st, s, (unsigned)slot, res, offset, size);
         used = (unsigned)slot + 1;
      }
      /* slots of an earlier program */
      for (unsigned i = used; i < st->num_ubos[s]; i++)
         bind(st, s, i, NULL, 0, 0);
      st->num_ubos[s] = used;
      bound |= used;
   }
   st->any_ubos = bound != 0;
}

void
st_release_ubos(struct st_context *st)
{
   for (unsigned s = 0; s < ST_UBO_STAGES; s++) {
      for (unsigned i = 0; i < ST_MAX_UBOS; i++)
         pipe_resource_reference(&st->ubos[s][i].resource, NULL);
   }
}
