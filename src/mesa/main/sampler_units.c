/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Which texture target a sampler uniform reads, and the validation rule
 * on sampler uniforms (GL 2.0 section 2.15.4 "Validation", GL 3.3 core
 * section 2.11.12, ES 2.0 section 2.10.5): a program whose active
 * samplers of different types refer to the same texture image unit
 * fails glValidateProgram, and drawing with it is INVALID_OPERATION.  As
 * Mesa does, samplers reading the same target (sampler2D and
 * sampler2DShadow, isampler2D ...) are not counted as different.
 */
#include <string.h>

#include "main/sampler_units.h"
#include "main/shaderobj.h"
#include "glsl_program.h"
#include "nir.h"

enum gl_texture_index
_mesa_sampler_type_target(GLenum type)
{
   switch (type) {
   case GL_SAMPLER_CUBE:
   case GL_SAMPLER_CUBE_SHADOW:
   case GL_INT_SAMPLER_CUBE:
   case GL_UNSIGNED_INT_SAMPLER_CUBE:
      return TEXTURE_CUBE_INDEX;
   case GL_SAMPLER_3D:
   case GL_INT_SAMPLER_3D:
   case GL_UNSIGNED_INT_SAMPLER_3D:
      return TEXTURE_3D_INDEX;
   case GL_SAMPLER_2D_ARRAY:
   case GL_SAMPLER_2D_ARRAY_SHADOW:
   case GL_INT_SAMPLER_2D_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
      return TEXTURE_2D_ARRAY_INDEX;
   case GL_SAMPLER_2D_RECT:
   case GL_SAMPLER_2D_RECT_SHADOW:
   case GL_INT_SAMPLER_2D_RECT:
   case GL_UNSIGNED_INT_SAMPLER_2D_RECT:
      return TEXTURE_RECT_INDEX;
   case GL_SAMPLER_BUFFER:
   case GL_INT_SAMPLER_BUFFER:
   case GL_UNSIGNED_INT_SAMPLER_BUFFER:
      return TEXTURE_BUFFER_INDEX;
   case GL_SAMPLER_1D:
   case GL_SAMPLER_1D_SHADOW:
   case GL_INT_SAMPLER_1D:
   case GL_UNSIGNED_INT_SAMPLER_1D:
      return TEXTURE_1D_INDEX;
   case GL_SAMPLER_1D_ARRAY:
   case GL_SAMPLER_1D_ARRAY_SHADOW:
   case GL_INT_SAMPLER_1D_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY:
      return TEXTURE_1D_ARRAY_INDEX;
   case GL_SAMPLER_2D_MULTISAMPLE:
   case GL_INT_SAMPLER_2D_MULTISAMPLE:
   case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
      return TEXTURE_2D_MULTISAMPLE_INDEX;
   case GL_SAMPLER_2D_MULTISAMPLE_ARRAY:
   case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      return TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX;
   case GL_SAMPLER_CUBE_MAP_ARRAY:
   case GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW:
   case GL_INT_SAMPLER_CUBE_MAP_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY:
      return TEXTURE_CUBE_ARRAY_INDEX;
   default:
      return TEXTURE_2D_INDEX;
   }
}

/* The sampler slots the program's texture instructions read (see
 * gl_program_exec.samplers_read): an array element no instruction reads
 * is not an active sampler (GL 4.6 11.1.3.11, "any two active samplers";
 * Mesa counts the samplers its shaders use).  An index computed at run
 * time (a texture offset source left by the linker) may reach any slot
 * from its constant part on. */
static uint64_t
samplers_read(const struct glsl_program *p)
{
   uint64_t read = 0;

   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      if (!p->nir[s])
         continue;
      nir_foreach_function_impl(impl, p->nir[s]) {
         nir_foreach_block(block, impl) {
            nir_foreach_instr(instr, block) {
               if (instr->type != nir_instr_type_tex)
                  continue;
               nir_tex_instr *tex = nir_instr_as_tex(instr);
               unsigned first = tex->texture_index;
               bool dynamic =
                  nir_tex_instr_src_index(tex, nir_tex_src_texture_offset) >=
                     0 ||
                  nir_tex_instr_src_index(tex, nir_tex_src_texture_deref) >=
                     0;
               if (first >= 64)
                  continue;
               read |= dynamic ? ~0ull << first : 1ull << first;
            }
         }
      }
   }
   return read;
}

static bool
sampler_slot_read(struct gl_program_exec *exec, unsigned slot)
{
   if (!exec->samplers_read_known) {
      exec->samplers_read = samplers_read(exec->linked);
      exec->samplers_read_known = true;
   }
   return slot >= 64 || (exec->samplers_read >> slot & 1);
}

int
_mesa_sampler_unit_conflict(struct gl_program_exec *exec)
{
   /* the target each unit is read as so far, NUM_TEXTURE_TARGETS if none */
   uint8_t seen[MAX_COMBINED_TEXTURE_UNITS];
   const struct glsl_program *p = exec ? exec->linked : NULL;

   if (!p)
      return -1;
   memset(seen, NUM_TEXTURE_TARGETS, sizeof(seen));
   for (unsigned i = 0; i < p->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &p->uniforms[i];
      if (u->sampler_index < 0)
         continue;
      uint8_t target = (uint8_t)_mesa_sampler_type_target(u->gl_type);
      for (unsigned e = 0; e < u->array_size; e++) {
         uint32_t unit;
         if (!sampler_slot_read(exec, (unsigned)u->sampler_index + e))
            continue;
         memcpy(&unit,
                (const uint8_t *)exec->uniforms + u->offset_B +
                   e * u->array_stride_B,
                4);
         if (unit >= MAX_COMBINED_TEXTURE_UNITS)
            continue;
         if (seen[unit] != NUM_TEXTURE_TARGETS && seen[unit] != target)
            return (int)unit;
         seen[unit] = target;
      }
   }
   return -1;
}

bool
_mesa_sampler_units_allow_draw(struct gl_context *ctx, const char *func)
{
   struct gl_program_exec *exec = _mesa_current_exec(ctx);

   if (!exec)
      return true;
   /* cached until a uniform value changes (uniforms_stamp) */
   if (exec->sampler_check_stamp != exec->uniforms_stamp + 1) {
      exec->sampler_conflict = _mesa_sampler_unit_conflict(exec) >= 0;
      exec->sampler_check_stamp = exec->uniforms_stamp + 1;
   }
   if (exec->sampler_conflict) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(samplers of different types use one texture unit)",
                  func);
      return false;
   }
   return true;
}
