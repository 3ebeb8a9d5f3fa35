/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Default-block uniforms (ES 2.0 section 2.10.4, ES 3.0 section 2.11.6):
 * glUniform* write the current program's uniform storage, laid out as
 * glsl_program.h describes (each array element and matrix column starts a
 * 16-byte slot); the state tracker uploads that storage as constant
 * buffer 0.  glGetUniform* read it back.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "main/context.h"
#include "main/draw.h"
#include "main/shaderobj.h"
#include "glsl_program.h"

enum uniform_base {
   BASE_FLOAT,
   BASE_INT,
   BASE_UINT,
   BASE_BOOL,
   BASE_SAMPLER,
};

struct uniform_shape {
   enum uniform_base base;
   unsigned rows; /* components per column */
   unsigned cols;
};

/* Shapes of the GL types a uniform can have (ES 3.0 table 2.10). */
static bool
uniform_shape(GLenum type, struct uniform_shape *s)
{
   static const struct {
      GLenum type;
      struct uniform_shape shape;
   } table[] = {
      {GL_FLOAT, {BASE_FLOAT, 1, 1}},
      {GL_FLOAT_VEC2, {BASE_FLOAT, 2, 1}},
      {GL_FLOAT_VEC3, {BASE_FLOAT, 3, 1}},
      {GL_FLOAT_VEC4, {BASE_FLOAT, 4, 1}},
      {GL_INT, {BASE_INT, 1, 1}},
      {GL_INT_VEC2, {BASE_INT, 2, 1}},
      {GL_INT_VEC3, {BASE_INT, 3, 1}},
      {GL_INT_VEC4, {BASE_INT, 4, 1}},
      {GL_UNSIGNED_INT, {BASE_UINT, 1, 1}},
      {GL_UNSIGNED_INT_VEC2, {BASE_UINT, 2, 1}},
      {GL_UNSIGNED_INT_VEC3, {BASE_UINT, 3, 1}},
      {GL_UNSIGNED_INT_VEC4, {BASE_UINT, 4, 1}},
      {GL_BOOL, {BASE_BOOL, 1, 1}},
      {GL_BOOL_VEC2, {BASE_BOOL, 2, 1}},
      {GL_BOOL_VEC3, {BASE_BOOL, 3, 1}},
      {GL_BOOL_VEC4, {BASE_BOOL, 4, 1}},
      {GL_FLOAT_MAT2, {BASE_FLOAT, 2, 2}},
      {GL_FLOAT_MAT3, {BASE_FLOAT, 3, 3}},
      {GL_FLOAT_MAT4, {BASE_FLOAT, 4, 4}},
      {GL_FLOAT_MAT2x3, {BASE_FLOAT, 3, 2}},
      {GL_FLOAT_MAT2x4, {BASE_FLOAT, 4, 2}},
      {GL_FLOAT_MAT3x2, {BASE_FLOAT, 2, 3}},
      {GL_FLOAT_MAT3x4, {BASE_FLOAT, 4, 3}},
      {GL_FLOAT_MAT4x2, {BASE_FLOAT, 2, 4}},
      {GL_FLOAT_MAT4x3, {BASE_FLOAT, 3, 4}},
   };

   for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
      if (table[i].type == type) {
         *s = table[i].shape;
         return true;
      }
   }
   /* Every other type of an active uniform is a sampler. */
   *s = (struct uniform_shape){BASE_SAMPLER, 1, 1};
   return true;
}

/* What a glUniform* call passes. */
enum setter_base {
   SET_FLOAT,
   SET_INT,
   SET_UINT,
};

/* Finds the uniform at location; NULL (with the error recorded, but for
 * a setter at an inactive uniform's explicit location) when the call must
 * be ignored. */
static const struct glsl_program_uniform *
lookup_location(struct gl_context *ctx, struct gl_program_exec *exec,
                GLint location, unsigned *element, bool setter,
                const char *func)
{
   const struct glsl_program_uniform *u;

   u = glsl_program_uniform_at(exec->linked, location, element);
   /* an inactive uniform's explicit location: ignored, no error
    * (ARB_explicit_uniform_location issue 8) */
   if (!u &&
       !(setter && glsl_program_location_inactive(exec->linked, location)))
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(location=%d)", func, location);
   return u;
}

/* What glUniform* sets: glProgramUniform*'s program, else the current
 * program, else the bound pipeline's active program (GL 4.6 7.6.1). */
static struct gl_program_exec *
uniform_target(struct gl_context *ctx)
{
   const struct gl_program_object *p = ctx->ProgramUniformTarget;
   if (!p)
      p = ctx->CurrentProgram;
   if (!p && ctx->Pipeline)
      p = ctx->Pipeline->Active;
   return p ? p->exec : NULL;
}

static void
set_uniform(GLint location, GLsizei count, const void *values,
            enum setter_base sbase, unsigned rows, unsigned cols,
            bool transpose, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_exec *exec = uniform_target(ctx);
   const struct glsl_program_uniform *u;
   struct uniform_shape shape;
   unsigned element;

   if (!exec) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no program)", func);
      return;
   }
   if (count < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(count=%d)", func, count);
      return;
   }
   if (location == -1)
      return;
   u = lookup_location(ctx, exec, location, &element, true, func);
   if (!u)
      return;
   uniform_shape(u->gl_type, &shape);

   /* The call must match the uniform's size and basic type. */
   if (shape.rows != rows || shape.cols != cols) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(size mismatch)", func);
      return;
   }
   switch (shape.base) {
   case BASE_FLOAT:
      if (sbase != SET_FLOAT) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(type mismatch)", func);
         return;
      }
      break;
   case BASE_INT:
      if (sbase != SET_INT) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(type mismatch)", func);
         return;
      }
      break;
   case BASE_UINT:
      if (sbase != SET_UINT) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(type mismatch)", func);
         return;
      }
      break;
   case BASE_BOOL:
      break; /* any setter of the right size */
   case BASE_SAMPLER:
      if (sbase != SET_INT || rows != 1) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(sampler)", func);
         return;
      }
      for (GLsizei i = 0; i < count; i++) {
         GLint unit = ((const GLint *)values)[i];
         /* images take image units (ARB_shader_image_load_store) */
         GLint units = u->image_index >= 0
                          ? ctx->Const.MaxImageUnits
                          : ctx->Const.MaxCombinedTextureImageUnits;
         if (unit < 0 || unit >= units) {
            _mesa_error(ctx, GL_INVALID_VALUE, "%s(texture unit %d)", func,
                        unit);
            return;
         }
      }
      break;
   }
   if (count > 1 && !u->is_array) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(count > 1)", func);
      return;
   }
   if ((GLuint)count > u->array_size - element)
      count = (GLsizei)(u->array_size - element);

   unsigned per_element = rows * cols;
   for (GLsizei e = 0; e < count; e++) {
      uint8_t *slot = (uint8_t *)exec->uniforms + u->offset_B +
                      (element + e) * u->array_stride_B;
      for (unsigned c = 0; c < cols; c++) {
         for (unsigned r = 0; r < rows; r++) {
            unsigned src = transpose ? r * cols + c : c * rows + r;
            const uint32_t *in =
               (const uint32_t *)values + e * per_element + src;
            uint32_t word = *in;

            if (shape.base == BASE_BOOL) {
               if (sbase == SET_FLOAT) {
                  float f;
                  memcpy(&f, in, 4);
                  word = f != 0.0f;
               } else {
                  word = word != 0;
               }
            }
            memcpy(slot + c * 16 + r * 4, &word, 4);
         }
      }
   }
   exec->uniforms_stamp++;
   ctx->NewState |= ST_NEW_CONSTANTS;
   if (shape.base == BASE_SAMPLER) {
      ctx->NewState |= ST_NEW_SAMPLER_VIEWS | ST_NEW_SAMPLERS;
      /* the sampler-unit rule of every context of the share group using
       * the program (sampler_units.c) */
      _mesa_draw_checks_stale(ctx);
   }
}

void GLAPIENTRY
_mesa_Uniform1f(GLint location, GLfloat v0)
{
   GLfloat v[1] = {v0};
   set_uniform(location, 1, v, SET_FLOAT, 1, 1, false, "glUniform1f");
}

void GLAPIENTRY
_mesa_Uniform2f(GLint location, GLfloat v0, GLfloat v1)
{
   GLfloat v[2] = {v0, v1};
   set_uniform(location, 1, v, SET_FLOAT, 2, 1, false, "glUniform2f");
}

void GLAPIENTRY
_mesa_Uniform3f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2)
{
   GLfloat v[3] = {v0, v1, v2};
   set_uniform(location, 1, v, SET_FLOAT, 3, 1, false, "glUniform3f");
}

void GLAPIENTRY
_mesa_Uniform4f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3)
{
   GLfloat v[4] = {v0, v1, v2, v3};
   set_uniform(location, 1, v, SET_FLOAT, 4, 1, false, "glUniform4f");
}

void GLAPIENTRY
_mesa_Uniform1i(GLint location, GLint v0)
{
   GLint v[1] = {v0};
   set_uniform(location, 1, v, SET_INT, 1, 1, false, "glUniform1i");
}

void GLAPIENTRY
_mesa_Uniform2i(GLint location, GLint v0, GLint v1)
{
   GLint v[2] = {v0, v1};
   set_uniform(location, 1, v, SET_INT, 2, 1, false, "glUniform2i");
}

void GLAPIENTRY
_mesa_Uniform3i(GLint location, GLint v0, GLint v1, GLint v2)
{
   GLint v[3] = {v0, v1, v2};
   set_uniform(location, 1, v, SET_INT, 3, 1, false, "glUniform3i");
}

void GLAPIENTRY
_mesa_Uniform4i(GLint location, GLint v0, GLint v1, GLint v2, GLint v3)
{
   GLint v[4] = {v0, v1, v2, v3};
   set_uniform(location, 1, v, SET_INT, 4, 1, false, "glUniform4i");
}

void GLAPIENTRY
_mesa_Uniform1fv(GLint location, GLsizei count, const GLfloat *value)
{
   set_uniform(location, count, value, SET_FLOAT, 1, 1, false, "glUniform1fv");
}

void GLAPIENTRY
_mesa_Uniform2fv(GLint location, GLsizei count, const GLfloat *value)
{
   set_uniform(location, count, value, SET_FLOAT, 2, 1, false, "glUniform2fv");
}

void GLAPIENTRY
_mesa_Uniform3fv(GLint location, GLsizei count, const GLfloat *value)
{
   set_uniform(location, count, value, SET_FLOAT, 3, 1, false, "glUniform3fv");
}

void GLAPIENTRY
_mesa_Uniform4fv(GLint location, GLsizei count, const GLfloat *value)
{
   set_uniform(location, count, value, SET_FLOAT, 4, 1, false, "glUniform4fv");
}

void GLAPIENTRY
_mesa_Uniform1iv(GLint location, GLsizei count, const GLint *value)
{
   set_uniform(location, count, value, SET_INT, 1, 1, false, "glUniform1iv");
}

void GLAPIENTRY
_mesa_Uniform2iv(GLint location, GLsizei count, const GLint *value)
{
   set_uniform(location, count, value, SET_INT, 2, 1, false, "glUniform2iv");
}

void GLAPIENTRY
_mesa_Uniform3iv(GLint location, GLsizei count, const GLint *value)
{
   set_uniform(location, count, value, SET_INT, 3, 1, false, "glUniform3iv");
}

void GLAPIENTRY
_mesa_Uniform4iv(GLint location, GLsizei count, const GLint *value)
{
   set_uniform(location, count, value, SET_INT, 4, 1, false, "glUniform4iv");
}

static void
uniform_matrix(GLint location, GLsizei count, GLboolean transpose,
               const GLfloat *value, unsigned cols, unsigned rows,
               const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   /* ES 2.0 section 2.10.4: transpose must be FALSE. */
   if (transpose && _mesa_is_gles(ctx) && ctx->Version < 30) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(transpose)", func);
      return;
   }
   set_uniform(location, count, value, SET_FLOAT, rows, cols,
               transpose != GL_FALSE, func);
}

void GLAPIENTRY
_mesa_UniformMatrix2fv(GLint location, GLsizei count, GLboolean transpose,
                       const GLfloat *value)
{
   uniform_matrix(location, count, transpose, value, 2, 2,
                  "glUniformMatrix2fv");
}

void GLAPIENTRY
_mesa_UniformMatrix3fv(GLint location, GLsizei count, GLboolean transpose,
                       const GLfloat *value)
{
   uniform_matrix(location, count, transpose, value, 3, 3,
                  "glUniformMatrix3fv");
}

void GLAPIENTRY
_mesa_UniformMatrix4fv(GLint location, GLsizei count, GLboolean transpose,
                       const GLfloat *value)
{
   uniform_matrix(location, count, transpose, value, 4, 4,
                  "glUniformMatrix4fv");
}

/* glGetUniform*v and glGetnUniform*v: buf_size_B is what params holds
 * (INT32_MAX: no limit). */
static void
get_uniform(GLuint program, GLint location, void *params, bool as_float,
            GLsizei buf_size_B, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;
   const struct glsl_program_uniform *u;
   struct uniform_shape shape;
   unsigned element;

   prog = _mesa_lookup_program_err(ctx, program, func);
   if (!prog)
      return;
   if (!prog->LinkStatus || !prog->exec) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not linked)", func);
      return;
   }
   u = lookup_location(ctx, prog->exec, location, &element, false, func);
   if (!u)
      return;
   uniform_shape(u->gl_type, &shape);
   /* KHR_robustness / EXT_robustness: the value must fit bufSize. */
   if ((int64_t)shape.cols * shape.rows * 4 > (int64_t)buf_size_B) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(bufSize too small)", func);
      return;
   }

   const uint8_t *slot = (const uint8_t *)prog->exec->uniforms + u->offset_B +
                         element * u->array_stride_B;
   for (unsigned c = 0; c < shape.cols; c++) {
      for (unsigned r = 0; r < shape.rows; r++) {
         uint32_t word;
         unsigned i = c * shape.rows + r;
         memcpy(&word, slot + c * 16 + r * 4, 4);
         if (as_float) {
            float f;
            if (shape.base == BASE_FLOAT)
               memcpy(&f, &word, 4);
            else if (shape.base == BASE_UINT)
               f = (float)word;
            else
               f = (float)(int32_t)word;
            ((GLfloat *)params)[i] = f;
         } else {
            if (shape.base == BASE_FLOAT) {
               float f;
               memcpy(&f, &word, 4);
               /* Rounded, as glGet converts floats (section 6.1.2). */
               ((GLint *)params)[i] = (GLint)lroundf(f);
            } else {
               ((GLint *)params)[i] = (GLint)word;
            }
         }
      }
   }
}

void GLAPIENTRY
_mesa_GetUniformfv(GLuint program, GLint location, GLfloat *params)
{
   get_uniform(program, location, params, true, INT32_MAX, "glGetUniformfv");
}

void GLAPIENTRY
_mesa_GetUniformiv(GLuint program, GLint location, GLint *params)
{
   get_uniform(program, location, params, false, INT32_MAX,
               "glGetUniformiv");
}

/* GL 4.5 / ES 3.2 section 7.12, KHR_robustness, EXT_robustness (the
 * registry aliases the ...EXT/KHR/ARB names to these). */
void GLAPIENTRY
_mesa_GetnUniformfv(GLuint program, GLint location, GLsizei bufSize,
                    GLfloat *params)
{
   get_uniform(program, location, params, true, bufSize, "glGetnUniformfv");
}

void GLAPIENTRY
_mesa_GetnUniformiv(GLuint program, GLint location, GLsizei bufSize,
                    GLint *params)
{
   get_uniform(program, location, params, false, bufSize, "glGetnUniformiv");
}

void GLAPIENTRY
_mesa_GetnUniformuiv(GLuint program, GLint location, GLsizei bufSize,
                     GLuint *params)
{
   get_uniform(program, location, params, false, bufSize,
               "glGetnUniformuiv");
}

/* --- ES 3.0: unsigned setters, non-square matrices ---------------------- */

void GLAPIENTRY
_mesa_Uniform1ui(GLint location, GLuint v0)
{
   GLuint v[1] = {v0};
   set_uniform(location, 1, v, SET_UINT, 1, 1, false, "glUniform1ui");
}

void GLAPIENTRY
_mesa_Uniform2ui(GLint location, GLuint v0, GLuint v1)
{
   GLuint v[2] = {v0, v1};
   set_uniform(location, 1, v, SET_UINT, 2, 1, false, "glUniform2ui");
}

void GLAPIENTRY
_mesa_Uniform3ui(GLint location, GLuint v0, GLuint v1, GLuint v2)
{
   GLuint v[3] = {v0, v1, v2};
   set_uniform(location, 1, v, SET_UINT, 3, 1, false, "glUniform3ui");
}

void GLAPIENTRY
_mesa_Uniform4ui(GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3)
{
   GLuint v[4] = {v0, v1, v2, v3};
   set_uniform(location, 1, v, SET_UINT, 4, 1, false, "glUniform4ui");
}

void GLAPIENTRY
_mesa_Uniform1uiv(GLint location, GLsizei count, const GLuint *value)
{
   set_uniform(location, count, value, SET_UINT, 1, 1, false, "glUniform1uiv");
}

void GLAPIENTRY
_mesa_Uniform2uiv(GLint location, GLsizei count, const GLuint *value)
{
   set_uniform(location, count, value, SET_UINT, 2, 1, false, "glUniform2uiv");
}

void GLAPIENTRY
_mesa_Uniform3uiv(GLint location, GLsizei count, const GLuint *value)
{
   set_uniform(location, count, value, SET_UINT, 3, 1, false, "glUniform3uiv");
}

void GLAPIENTRY
_mesa_Uniform4uiv(GLint location, GLsizei count, const GLuint *value)
{
   set_uniform(location, count, value, SET_UINT, 4, 1, false, "glUniform4uiv");
}

/* glUniformMatrixCxRfv: C columns of R rows. */
void GLAPIENTRY
_mesa_UniformMatrix2x3fv(GLint location, GLsizei count, GLboolean transpose,
                         const GLfloat *value)
{
   uniform_matrix(location, count, transpose, value, 2, 3,
                  "glUniformMatrix2x3fv");
}

void GLAPIENTRY
_mesa_UniformMatrix3x2fv(GLint location, GLsizei count, GLboolean transpose,
                         const GLfloat *value)
{
   uniform_matrix(location, count, transpose, value, 3, 2,
                  "glUniformMatrix3x2fv");
}

void GLAPIENTRY
_mesa_UniformMatrix2x4fv(GLint location, GLsizei count, GLboolean transpose,
                         const GLfloat *value)
{
   uniform_matrix(location, count, transpose, value, 2, 4,
                  "glUniformMatrix2x4fv");
}

void GLAPIENTRY
_mesa_UniformMatrix4x2fv(GLint location, GLsizei count, GLboolean transpose,
                         const GLfloat *value)
{
   uniform_matrix(location, count, transpose, value, 4, 2,
                  "glUniformMatrix4x2fv");
}

void GLAPIENTRY
_mesa_UniformMatrix3x4fv(GLint location, GLsizei count, GLboolean transpose,
                         const GLfloat *value)
{
   uniform_matrix(location, count, transpose, value, 3, 4,
                  "glUniformMatrix3x4fv");
}

void GLAPIENTRY
_mesa_UniformMatrix4x3fv(GLint location, GLsizei count, GLboolean transpose,
                         const GLfloat *value)
{
   uniform_matrix(location, count, transpose, value, 4, 3,
                  "glUniformMatrix4x3fv");
}

void GLAPIENTRY
_mesa_GetUniformuiv(GLuint program, GLint location, GLuint *params)
{
   get_uniform(program, location, params, false, INT32_MAX,
               "glGetUniformuiv");
}
