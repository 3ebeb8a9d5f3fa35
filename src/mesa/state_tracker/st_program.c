/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Driver shaders of linked programs.  The linker's NIR stays with the
 * program; each pipe_context gets its own clone, whose ownership passes to
 * the driver in create_vs_state/create_gs_state/create_fs_state
 * (p_state.h; docs/gallium.rst describes a geometry shader's NIR).
 */
#include <stdlib.h>

#include "main/context.h"
#include "main/hash.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_program.h"
#include "state_tracker/st_nir.h"
#include "glsl_program.h"
#include "nir.h"
#include "nir_builder.h"
#include "util/format/u_format.h"
#include "util/hash_table.h"

/* The storage blocks' binding points changed since linking
 * (glShaderStorageBlockBinding): a copy of the stage using them. */
static nir_shader *
rebound_ssbos(struct gl_program_exec *exec, gl_shader_stage stage)
{
   const struct glsl_program *p = exec->linked;
   bool changed = false;
   for (unsigned k = 0; k < p->num_ssbos; k++)
      changed |= exec->ssbo_bindings[k] != (GLuint)p->ssbos[k].binding;
   if (!changed)
      return NULL;
   return glsl_program_bind_ssbos(NULL, p, stage, exec->ssbo_bindings);
}

static void *
make_compute_shader(struct st_context *st, struct gl_program_exec *exec)
{
   nir_shader *nir = exec->linked->nir[MESA_SHADER_COMPUTE];
   nir_shader *clone = rebound_ssbos(exec, MESA_SHADER_COMPUTE);

   if (!clone)
      clone = nir_shader_clone(NULL, nir);
   if (!clone || !st->pipe->create_compute_state) {
      ralloc_free(clone);
      return NULL;
   }
   struct pipe_compute_state state = {
      .ir_type = PIPE_SHADER_IR_NIR,
      .prog = clone,
      .static_shared_mem = clone->shared_size,
   };
   return st->pipe->create_compute_state(st->pipe, &state);
}

unsigned
st_color_clamp(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;
   if (_mesa_is_gles(ctx))
      return 0;
   if (_mesa_is_desktop_fc(ctx))
      return ST_CLAMP_VERTEX; /* (no such outputs: nothing changes) */
   bool any_float = false, any_snorm = false;
   for (unsigned i = 0; i < st->fb.nr_cbufs; i++) {
      const struct pipe_surface *s = st->fb.cbufs[i];
      const struct util_format_description *d =
         s ? util_format_description(s->format) : NULL;
      if (!d || util_format_is_pure_integer(s->format))
         continue;
      for (unsigned c = 0; c < d->nr_channels; c++) {
         if (d->channel[c].type == UTIL_FORMAT_TYPE_VOID)
            continue;
         any_float |= d->channel[c].type == UTIL_FORMAT_TYPE_FLOAT;
         any_snorm |= d->channel[c].type == UTIL_FORMAT_TYPE_SIGNED;
         break;
      }
   }
   GLenum v = ctx->Light.ClampVertexColor, f = ctx->Color.ClampFragmentColor;
   unsigned clamp = 0;
   if (v == GL_TRUE || (v == GL_FIXED_ONLY && !any_float))
      clamp |= ST_CLAMP_VERTEX;
   if ((f == GL_TRUE && (any_float || any_snorm)) ||
       (f == GL_FIXED_ONLY && !any_float && any_snorm))
      clamp |= ST_CLAMP_FRAGMENT;
   return clamp;
}

/* The stream output of st_capture_positions: x, y, z, w of gl_Position,
 * tightly packed in buffer 0. */
static struct pipe_stream_output_info
position_output(void)
{
   struct pipe_stream_output_info so = {.num_outputs = 1};
   so.stride[0] = 4;
   so.output[0].register_index = VARYING_SLOT_POS;
   so.output[0].num_components = 4;
   return so;
}

/* The shaders of a draw from copies (st_copy_draw.c): the vertex shader
 * passes the attribute on, the fragment shader discards by the stipple
 * pattern (st_nir_line_stipple.c) or takes it as gl_FrontFacing
 * (st_nir_copy_facing.c). */
static void
copy_draw_pass(struct st_context *st, struct gl_program_exec *exec,
               nir_shader *clone, gl_shader_stage stage, uint32_t key)
{
   const struct glsl_program *p = exec->linked;
   int varying = st_nir_free_varying(p->nir[MESA_SHADER_VERTEX],
                                     p->nir[MESA_SHADER_FRAGMENT]);
   if (stage == MESA_SHADER_VERTEX)
      st_nir_line_stipple_vs(clone, st_copy_draw_attrib(st, p), varying);
   if (stage == MESA_SHADER_FRAGMENT && (key & ST_COPY_STIPPLE))
      st_nir_line_stipple_fs(clone, varying, (key >> 2) & 0x1ffu,
                             key >> 16);
   if (stage == MESA_SHADER_FRAGMENT && (key & ST_COPY_FACING))
      st_nir_copy_facing(clone, varying);
}

static void *
make_shader(struct st_context *st, struct gl_program_exec *exec,
            nir_shader *nir, gl_shader_stage stage)
{
   struct pipe_shader_state state = {.type = PIPE_SHADER_IR_NIR};
   nir_shader *clone = rebound_ssbos(exec, stage);

   if (!clone)
      clone = nir_shader_clone(NULL, nir);
   if (!clone)
      return NULL;
   /* each stage's blocks from constant buffer 1 up (st_nir_ubo_slots.c) */
   st_nir_ubo_slots(clone, exec->linked);
   /* and its samplers from slot 0 up (st_nir_sampler_slots.c) */
   st_nir_sampler_slots(clone, exec->linked);
   if (stage == MESA_SHADER_FRAGMENT)
      st_nir_lower_wpos(clone, st_extra_uniform_slot(exec));
   /* Two-sided colour (st_nir_lower_two_side.c), from the colours of
    * the last stage before rasterization. */
   nir_shader *vs = exec->linked->nir[MESA_SHADER_GEOMETRY];
   if (!vs)
      vs = exec->linked->nir[MESA_SHADER_VERTEX];
   if (stage == MESA_SHADER_FRAGMENT && vs)
      st_nir_lower_two_side(clone, vs, st_extra_uniform_slot(exec));
   /* Compatibility contexts clamp vertex colours (GL 3.0 2.19.6); ES and
    * core shaders have no such outputs. */
   bool has_gs = exec->linked->nir[MESA_SHADER_GEOMETRY] != NULL;
   gl_shader_stage last = has_gs ? MESA_SHADER_GEOMETRY : MESA_SHADER_VERTEX;
   if (stage == last && (st->color_clamp & ST_CLAMP_VERTEX))
      st_nir_clamp_vertex_color(clone);
   if (stage == MESA_SHADER_FRAGMENT && (st->color_clamp & ST_CLAMP_FRAGMENT))
      st_nir_clamp_fragment_color(clone);
   uint32_t copy = st_copy_draw_key(st);
   if (copy & (ST_COPY_STIPPLE | ST_COPY_FACING))
      copy_draw_pass(st, exec, clone, stage, copy);
   state.ir.nir = clone;
   /* Transform feedback captures the last stage before rasterization
    * (GL 3.2 core 2.15: the geometry shader's outputs when there is
    * one); st_capture_positions captures gl_Position alone. */
   if (stage == last)
      state.stream_output = exec->so;
   if (stage == last && copy == ST_COPY_CAPTURE)
      state.stream_output = position_output();
   if (stage == MESA_SHADER_VERTEX)
      return st->pipe->create_vs_state(st->pipe, &state);
   if (stage == MESA_SHADER_GEOMETRY) {
      if (!st->pipe->create_gs_state) {
         ralloc_free(clone);
         return NULL;
      }
      return st->pipe->create_gs_state(st->pipe, &state);
   }
   return st->pipe->create_fs_state(st->pipe, &state);
}

/* A program with a vertex shader and no fragment shader (GL 3.1 section
 * 2.11.1: the fragment results are then undefined, but rasterization,
 * depth and transform feedback happen) draws with a fragment shader that
 * writes nothing, since a driver draws nothing without one. */
static void *
make_empty_fs(struct st_context *st)
{
   struct pipe_shader_state state = {.type = PIPE_SHADER_IR_NIR};
   nir_builder b = nir_builder_init_simple_shader(MESA_SHADER_FRAGMENT, NULL,
                                                  "st_empty_fs", NULL);

   state.ir.nir = b.shader;
   return st->pipe->create_fs_state(st->pipe, &state);
}

static void
delete_variant(struct st_program_variant *v)
{
   struct pipe_context *pipe = v->st->pipe;

   /* Never delete a bound shader: unbind it first. */
   if (v->st->vs == v->vs) {
      pipe->bind_vs_state(pipe, NULL);
      v->st->vs = NULL;
   }
   if (v->st->fs == v->fs) {
      pipe->bind_fs_state(pipe, NULL);
      v->st->fs = NULL;
   }
   if (v->gs && v->st->gs == v->gs) {
      pipe->bind_gs_state(pipe, NULL);
      v->st->gs = NULL;
   }
   if (v->cs && v->st->cs == v->cs) {
      pipe->bind_compute_state(pipe, NULL);
      v->st->cs = NULL;
   }
   if (v->cs)
      pipe->delete_compute_state(pipe, v->cs);
   if (v->vs)
      pipe->delete_vs_state(pipe, v->vs);
   if (v->gs)
      pipe->delete_gs_state(pipe, v->gs);
   if (v->fs)
      pipe->delete_fs_state(pipe, v->fs);
   free(v);
}

struct st_program_variant *
st_get_program_variant(struct st_context *st, struct gl_program_exec *exec)
{
   struct st_program_variant *v;
   struct glsl_program *linked = exec->linked;

   for (struct st_program_variant **link = &exec->variants; *link;
        link = &(*link)->next) {
      v = *link;
      if (v->st != st || ((v->clamp != st->color_clamp ||
                           v->copy != st_copy_draw_key(st)) &&
                          !exec->linked->nir[MESA_SHADER_COMPUTE]))
         continue;
      if (v->ssbo_stamp == exec->ssbo_bindings_stamp)
         return v;
      /* made for other storage-block bindings: make it again */
      *link = v->next;
      delete_variant(v);
      break;
   }

   v = calloc(1, sizeof(*v));
   if (!v)
      return NULL;
   v->st = st;
   v->clamp = st->color_clamp;
   v->copy = st_copy_draw_key(st);
   v->ssbo_stamp = exec->ssbo_bindings_stamp;
   if (linked->nir[MESA_SHADER_COMPUTE]) {
      v->cs = make_compute_shader(st, exec);
      if (!v->cs) {
         free(v);
         return NULL;
      }
      v->next = exec->variants;
      exec->variants = v;
      return v;
   }
   if (linked->nir[MESA_SHADER_VERTEX])
      v->vs = make_shader(st, exec, linked->nir[MESA_SHADER_VERTEX],
                          MESA_SHADER_VERTEX);
   if (linked->nir[MESA_SHADER_GEOMETRY])
      v->gs = make_shader(st, exec, linked->nir[MESA_SHADER_GEOMETRY],
                          MESA_SHADER_GEOMETRY);
   if (linked->nir[MESA_SHADER_FRAGMENT])
      v->fs = make_shader(st, exec, linked->nir[MESA_SHADER_FRAGMENT],
                          MESA_SHADER_FRAGMENT);
   else if (linked->nir[MESA_SHADER_VERTEX])
      v->fs = make_empty_fs(st);
   bool any = linked->nir[MESA_SHADER_VERTEX] ||
              linked->nir[MESA_SHADER_FRAGMENT];
   if ((linked->nir[MESA_SHADER_VERTEX] && !v->vs) || (any && !v->fs) ||
       (linked->nir[MESA_SHADER_GEOMETRY] && !v->gs)) {
      delete_variant(v);
      return NULL;
   }
   v->next = exec->variants;
   exec->variants = v;
   return v;
}

void
st_release_program_exec(struct gl_program_exec *exec)
{
   struct st_program_variant *v = exec->variants;

   while (v) {
      struct st_program_variant *next = v->next;
      delete_variant(v);
      v = next;
   }
   exec->variants = NULL;
}

static void
release_exec_of(struct st_context *st, struct gl_program_exec *exec)
{
   struct st_program_variant **link = &exec->variants;

   while (*link) {
      struct st_program_variant *v = *link;
      if (v->st == st) {
         *link = v->next;
         delete_variant(v);
      } else {
         link = &v->next;
      }
   }
}

void
st_release_context_variants(struct st_context *st)
{
   struct gl_context *ctx = &st->ctx;

   hash_table_foreach(ctx->Shared->ShaderObjects, e) {
      struct gl_program_object *prog = e->data;
      if (prog != GL_NAME_RESERVED && prog->IsProgram && prog->exec)
         release_exec_of(st, prog->exec);
   }
   /* A deleted program can still be current. */
   if (ctx->CurrentProgram && ctx->CurrentProgram->exec)
      release_exec_of(st, ctx->CurrentProgram->exec);
}
