/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Geometry shaders in the GL API (GL 3.2 core profile): the primitive
 * queries of a linked program (6.1.16), the implementation limits of
 * table 6.42, and the draw-time errors of sections 2.12.1 and 2.15.
 * Shader objects of type GL_GEOMETRY_SHADER are made in shaderapi.c.
 */
#include "main/context.h"
#include "main/geomshader.h"
#include "main/gpu_shader5.h"
#include "main/shaderobj.h"
#include "main/transformfeedback.h"
#include "state_tracker/st_context.h"
#include "compiler/glsl/glsl_program.h"

/* The linker's limits (glsl_link_priv.h), which are GL 3.2's minimums
 * (table 6.42). */
#define GS_MAX_INPUT_COMPONENTS 64
#define GS_MAX_OUTPUT_COMPONENTS 128
#define GS_MAX_OUTPUT_VERTICES 256
#define GS_MAX_TOTAL_OUTPUT_COMPONENTS 1024

bool
_mesa_has_geometry_shaders(const struct gl_context *ctx)
{
   return !_mesa_is_gles(ctx) && ctx->Version >= 32;
}

bool
_mesa_is_adjacency_mode(GLenum mode)
{
   return mode >= GL_LINES_ADJACENCY && mode <= GL_TRIANGLE_STRIP_ADJACENCY;
}

static const struct glsl_program *
current_program(const struct gl_context *ctx)
{
   const struct gl_program_exec *exec =
      _mesa_current_exec((struct gl_context *)ctx);
   return exec ? exec->linked : NULL;
}

bool
_mesa_geometry_program_iv(struct gl_context *ctx,
                          const struct glsl_program *linked, GLenum pname,
                          GLint *params)
{
   if (pname != GL_GEOMETRY_VERTICES_OUT &&
       pname != GL_GEOMETRY_INPUT_TYPE && pname != GL_GEOMETRY_OUTPUT_TYPE &&
       pname != GL_GEOMETRY_SHADER_INVOCATIONS)
      return false;
   if (!_mesa_has_geometry_shaders(ctx))
      return false;
   /* ARB_gpu_shader5 adds the instance count (GL 4.0 6.1.18). */
   if (pname == GL_GEOMETRY_SHADER_INVOCATIONS &&
       !_mesa_has_gpu_shader5(ctx))
      return false;
   /* GL 3.2 core 6.1.16: INVALID_OPERATION for a program not linked
    * successfully or without a geometry shader. */
   if (!linked || !linked->nir[MESA_SHADER_GEOMETRY]) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glGetProgramiv(no geometry shader)");
      return true;
   }
   /* enum mesa_prim counts like the GL primitive enums. */
   if (pname == GL_GEOMETRY_VERTICES_OUT)
      *params = (GLint)linked->gs.vertices_out;
   else if (pname == GL_GEOMETRY_SHADER_INVOCATIONS)
      *params = (GLint)(linked->gs.invocations ? linked->gs.invocations
                                               : 1);
   else if (pname == GL_GEOMETRY_INPUT_TYPE)
      *params = (GLint)linked->gs.input_primitive;
   else
      *params = (GLint)linked->gs.output_primitive;
   return true;
}

static int
gs_param(struct gl_context *ctx, enum pipe_shader_cap cap)
{
   struct pipe_screen *screen = ctx->st ? ctx->st->screen : NULL;
   if (!screen || !screen->get_shader_param)
      return 0;
   return screen->get_shader_param(screen, PIPE_SHADER_GEOMETRY, cap);
}

bool
_mesa_get_geometry_limit(struct gl_context *ctx, GLenum pname, GLint *value,
                         bool *known)
{
   const struct gl_constants *c = &ctx->Const;
   /* The default uniform storage is shared by the stages: the vertex
    * shader's size. */
   GLint uniforms = 4 * c->MaxVertexUniformVectors;
   switch (pname) {
   case GL_MAX_GEOMETRY_INPUT_COMPONENTS:
      *value = GS_MAX_INPUT_COMPONENTS;
      break;
   case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS:
      *value = GS_MAX_OUTPUT_COMPONENTS;
      break;
   case GL_MAX_GEOMETRY_OUTPUT_VERTICES:
      *value = GS_MAX_OUTPUT_VERTICES;
      break;
   case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
      *value = GS_MAX_TOTAL_OUTPUT_COMPONENTS;
      break;
   case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS: {
      /* What the driver samples with in the stage, at most the units the
       * front end has. */
      int n = gs_param(ctx, PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS);
      if (n > c->MaxCombinedTextureImageUnits)
         n = c->MaxCombinedTextureImageUnits;
      *value = n > 0 ? n : 0;
      break;
   }
   case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS:
      *value = uniforms;
      break;
   case GL_MAX_GEOMETRY_UNIFORM_BLOCKS:
      *value = c->MaxVertexUniformBlocks;
      break;
   case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS:
      /* GL 3.2 core 2.11.4: default block plus every block's words. */
      *value = uniforms +
               c->MaxVertexUniformBlocks * (c->MaxUniformBlockSize / 4);
      break;
   default:
      return false;
   }
   *known = _mesa_has_geometry_shaders(ctx);
   return true;
}

/* GL 3.2 core table 2.17 (2.12.1): the draw modes each geometry input
 * primitive takes. */
static bool
mode_fits_input(GLenum mode, unsigned input)
{
   switch (input) {
   case GL_POINTS:
      return mode == GL_POINTS;
   case GL_LINES:
      return mode == GL_LINES || mode == GL_LINE_LOOP ||
             mode == GL_LINE_STRIP;
   case GL_LINES_ADJACENCY:
      return mode == GL_LINES_ADJACENCY || mode == GL_LINE_STRIP_ADJACENCY;
   case GL_TRIANGLES:
      return mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP ||
             mode == GL_TRIANGLE_FAN;
   case GL_TRIANGLES_ADJACENCY:
      return mode == GL_TRIANGLES_ADJACENCY ||
             mode == GL_TRIANGLE_STRIP_ADJACENCY;
   default:
      return false;
   }
}

bool
_mesa_geometry_draw_allows(struct gl_context *ctx, GLenum mode,
                           const char *func)
{
   const struct glsl_program *p = current_program(ctx);
   const nir_shader *gs = p ? p->nir[MESA_SHADER_GEOMETRY] : NULL;
   if (!gs)
      return true;
   if (!mode_fits_input(mode, gs->info.gs.input_primitive)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(mode 0x%x does not suit the geometry shader's input "
                  "primitive)", func, mode);
      return false;
   }
   /* GL 3.2 core 2.15: while capturing, the geometry shader's output
    * primitive must be the feedback's (points: POINTS, line_strip:
    * LINES, triangle_strip: TRIANGLES). */
   if (_mesa_transform_feedback_capturing(ctx)) {
      GLenum out = gs->info.gs.output_primitive == GL_POINTS ? GL_POINTS
                   : gs->info.gs.output_primitive == GL_LINE_STRIP
                      ? GL_LINES
                      : GL_TRIANGLES;
      if (out != ctx->CurrentTF->Mode) {
         _mesa_error(ctx, GL_INVALID_OPERATION,
                     "%s(the geometry shader's output primitive is not "
                     "the transform feedback's)", func);
         return false;
      }
   }
   return true;
}
