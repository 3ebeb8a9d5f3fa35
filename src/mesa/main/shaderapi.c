/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shader and program objects (ES 2.0 section 2.10, ES 3.0 section 2.11):
 * creation, source, compilation through the GLSL front end, attachment,
 * linking through the GLSL linker, and their queries.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "main/context.h"
#include "main/draw.h"
#include "main/debug_output.h"
#include "main/compute.h"
#include "main/extensions.h"
#include "main/geomshader.h"
#include "main/hash.h"
#include "main/sampler_units.h"
#include "main/separate.h"
#include "main/shaderobj.h"
#include "main/transformfeedback.h"
#include "main/uniformblocks.h"
#include "state_tracker/st_program.h"
#include "glsl_program.h"
#include "glsl_state.h"
#include "util/u_math.h"
#include "util/ralloc.h"

static char *
dup_string(const char *s)
{
   size_t n = strlen(s) + 1;
   char *d = malloc(n);

   if (d)
      memcpy(d, s, n);
   return d;
}

struct gl_program_exec *
_mesa_new_program_exec(void *mem)
{
   /* Starts at 1: 0 stands for "none" in the caches. */
   static atomic_uint next_serial = 1;
   struct gl_program_exec *exec = rzalloc_size(mem, sizeof(*exec));

   if (!exec)
      return NULL;
   exec->mem = mem;
   exec->serial = atomic_fetch_add(&next_serial, 1);
   return exec;
}

static void
free_exec(struct gl_program_exec *exec)
{
   if (!exec)
      return;
   st_release_program_exec(exec);
   ralloc_free(exec->mem);
}

static void
free_shader(struct gl_shader *sh)
{
   free(sh->Source);
   free(sh->InfoLog);
   ralloc_free(sh->compile_mem);
   free(sh);
}

static void
free_program(struct gl_program_object *prog)
{
   free(prog->Shaders);
   for (unsigned i = 0; i < prog->NumAttribBindings; i++)
      free(prog->AttribBindings[i].name);
   free(prog->AttribBindings);
   for (unsigned i = 0; i < prog->NumFragDataBindings; i++)
      free(prog->FragDataBindings[i].name);
   free(prog->FragDataBindings);
   free(prog->InfoLog);
   free_exec(prog->exec);
   _mesa_free_feedback_varyings(prog);
   free(prog);
}

void
_mesa_free_shader_object(void *obj)
{
   struct gl_shader *sh = obj;

   if (sh->IsProgram)
      free_program(obj);
   else
      free_shader(sh);
}

/* Drops a reference on a shader; the last one frees it.  Shaders are
 * referenced by their name (until DeleteShader) and by each program they
 * are attached to. */
static void
unref_shader(struct gl_context *ctx, struct gl_shader *sh)
{
   if (--sh->RefCount > 0)
      return;
   if (sh->Name)
      _mesa_name_remove(ctx->Shared->ShaderObjects, sh->Name);
   free_shader(sh);
}

static void
detach_all(struct gl_context *ctx, struct gl_program_object *prog)
{
   for (unsigned i = 0; i < prog->NumShaders; i++)
      unref_shader(ctx, prog->Shaders[i]);
   prog->NumShaders = 0;
}

static void
unref_program(struct gl_context *ctx, struct gl_program_object *prog)
{
   if (--prog->RefCount > 0)
      return;
   detach_all(ctx, prog);
   if (prog->Name)
      _mesa_name_remove(ctx->Shared->ShaderObjects, prog->Name);
   free_program(prog);
}

void
_mesa_reference_program(struct gl_context *ctx,
                        struct gl_program_object **ptr,
                        struct gl_program_object *prog)
{
   struct gl_program_object *old = *ptr;

   if (old == prog)
      return;
   if (prog)
      prog->RefCount++;
   *ptr = prog;
   if (old)
      unref_program(ctx, old);
}

void
_mesa_use_program(struct gl_context *ctx, struct gl_program_object *prog)
{
   struct gl_program_object *old = ctx->CurrentProgram;

   if (old == prog)
      return;
   if (prog)
      prog->RefCount++;
   ctx->CurrentProgram = prog;
   if (old)
      unref_program(ctx, old);
   ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_CONSTANTS | ST_NEW_VERTEX_ARRAYS |
                    ST_NEW_SAMPLER_VIEWS | ST_NEW_SAMPLERS;
}

/* GL's lookup rules (ES 2.0 section 2.10.1 and 6.1.8): an unknown name is
 * GL_INVALID_VALUE, a name of the other kind GL_INVALID_OPERATION. */
static struct gl_shader *
lookup_shader_err(struct gl_context *ctx, GLuint name, const char *func)
{
   struct gl_shader *sh =
      _mesa_name_lookup_object(ctx->Shared->ShaderObjects, name);

   if (!sh) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(shader=%u)", func, name);
      return NULL;
   }
   if (sh->IsProgram) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(%u is a program)", func, name);
      return NULL;
   }
   return sh;
}

struct gl_program_object *
_mesa_lookup_program_err(struct gl_context *ctx, GLuint name, const char *func)
{
   struct gl_program_object *prog =
      _mesa_name_lookup_object(ctx->Shared->ShaderObjects, name);

   if (!prog) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(program=%u)", func, name);
      return NULL;
   }
   if (!prog->IsProgram) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(%u is a shader)", func, name);
      return NULL;
   }
   return prog;
}

static GLuint
new_name(struct gl_context *ctx)
{
   GLuint name = 0;

   if (!_mesa_name_gen(ctx->Shared->ShaderObjects,
                       &ctx->Shared->NextShaderObject, 1, &name))
      return 0;
   return name;
}

static gl_shader_stage
shader_stage(struct gl_context *ctx, GLenum type)
{
   switch (type) {
   case GL_VERTEX_SHADER:
      return MESA_SHADER_VERTEX;
   case GL_FRAGMENT_SHADER:
      return MESA_SHADER_FRAGMENT;
   case GL_GEOMETRY_SHADER:
      /* GL 3.2 core 2.12 (an INVALID_ENUM before). */
      return _mesa_has_geometry_shaders(ctx) ? MESA_SHADER_GEOMETRY
                                             : MESA_SHADER_NONE;
   case GL_COMPUTE_SHADER:
      /* ARB_compute_shader (compute.c) */
      return _mesa_has_compute_shaders(ctx) ? MESA_SHADER_COMPUTE
                                            : MESA_SHADER_NONE;
   default:
      return MESA_SHADER_NONE;
   }
}

GLuint GLAPIENTRY
_mesa_CreateShader(GLenum type)
{
   GET_CURRENT_CONTEXT(ctx);
   gl_shader_stage stage;
   struct gl_shader *sh;
   GLuint name;

   if (!ctx)
      return 0;
   stage = shader_stage(ctx, type);
   if (stage == MESA_SHADER_NONE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glCreateShader(type=0x%x)", type);
      return 0;
   }
   sh = calloc(1, sizeof(*sh));
   name = sh ? new_name(ctx) : 0;
   if (!name) {
      free(sh);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glCreateShader");
      return 0;
   }
   sh->Name = name;
   sh->Type = type;
   sh->Stage = stage;
   sh->RefCount = 1;
   _mesa_name_insert(ctx->Shared->ShaderObjects, name, sh);
   return name;
}

GLuint GLAPIENTRY
_mesa_CreateProgram(void)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_program_object *prog;
   GLuint name;

   if (!ctx)
      return 0;
   prog = calloc(1, sizeof(*prog));
   name = prog ? new_name(ctx) : 0;
   if (!name) {
      free(prog);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glCreateProgram");
      return 0;
   }
   prog->IsProgram = true;
   prog->Name = name;
   prog->RefCount = 1;
   _mesa_name_insert(ctx->Shared->ShaderObjects, name, prog);
   return name;
}

void GLAPIENTRY
_mesa_DeleteShader(GLuint shader)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_shader *sh;

   if (!shader)
      return;
   sh = lookup_shader_err(ctx, shader, "glDeleteShader");
   if (!sh || sh->DeletePending)
      return;
   sh->DeletePending = true;
   unref_shader(ctx, sh);
}

void GLAPIENTRY
_mesa_DeleteProgram(GLuint program)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;

   if (!program)
      return;
   prog = _mesa_lookup_program_err(ctx, program, "glDeleteProgram");
   if (!prog || prog->DeletePending)
      return;
   prog->DeletePending = true;
   unref_program(ctx, prog);
}

GLboolean GLAPIENTRY
_mesa_IsShader(GLuint shader)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_shader *sh;

   if (!ctx)
      return GL_FALSE;
   sh = _mesa_name_lookup_object(ctx->Shared->ShaderObjects, shader);
   return sh && !sh->IsProgram;
}

GLboolean GLAPIENTRY
_mesa_IsProgram(GLuint program)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_program_object *prog;

   if (!ctx)
      return GL_FALSE;
   prog = _mesa_name_lookup_object(ctx->Shared->ShaderObjects, program);
   return prog && prog->IsProgram;
}

void GLAPIENTRY
_mesa_ShaderSource(GLuint shader, GLsizei count, const GLchar *const *string,
                   const GLint *length)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_shader *sh;
   size_t total = 0;
   char *src;

   sh = lookup_shader_err(ctx, shader, "glShaderSource");
   if (!sh)
      return;
   if (count < 0 || (count > 0 && !string)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glShaderSource(count=%d)", count);
      return;
   }
   for (GLsizei i = 0; i < count; i++) {
      if (!string[i]) {
         _mesa_error(ctx, GL_INVALID_VALUE, "glShaderSource(string[%d])", i);
         return;
      }
      total += length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
   }
   src = malloc(total + 1);
   if (!src) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glShaderSource");
      return;
   }
   total = 0;
   for (GLsizei i = 0; i < count; i++) {
      size_t n =
         length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
      memcpy(src + total, string[i], n);
      total += n;
   }
   src[total] = '\0';
   free(sh->Source);
   sh->Source = src;
}

/* The GLSL versions a context accepts (ES 2.0: 1.00 only; ES 3.0: 1.00 and
 * 3.00 es; desktop: up to the context's version). */
static bool
version_allowed(struct gl_context *ctx, int version, bool es)
{
   if (_mesa_is_gles(ctx)) {
      if (!es)
         return false;
      return version == 100 ||
             (version >= 300 && version <= _mesa_glsl_version(ctx));
   }
   if (es)
      return false;
   return version <= _mesa_glsl_version(ctx);
}

/* The GLSL front end's view of the context's extension list: #extension
 * and the extension macros follow what glGetStringi lists. */
static bool
context_has_extension(const void *data, const char *name)
{
   return _mesa_has_extension(data, name);
}

struct glsl_parse_state *
_mesa_compile_glsl(struct gl_context *ctx, void *mem, gl_shader_stage stage,
                   const char *src)
{
   struct glsl_compile_options *opts = rzalloc_size(mem, sizeof(*opts));
   if (!opts)
      return NULL;
   opts->stage = stage;
   opts->default_version = _mesa_is_gles(ctx) ? 100 : 110;
   opts->default_es = _mesa_is_gles(ctx);
   opts->compat_context = ctx->API == ST_PROFILE_DEFAULT;
   opts->has_extension = context_has_extension;
   opts->has_extension_data = ctx;

   src = src ? src : "";
   struct glsl_parse_state *state =
      glsl_compile_shader(mem, src, strlen(src), opts);
   if (state && state->log.errors == 0 &&
       !version_allowed(ctx, state->version, state->es)) {
      glsl_log_error(
         &state->log, 1, 1, "GLSL %d%s is not supported by this context",
         state->version, state->es && state->version > 100 ? " es" : "");
   }
   return state;
}

void GLAPIENTRY
_mesa_CompileShader(GLuint shader)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_shader *sh = lookup_shader_err(ctx, shader, "glCompileShader");
   struct glsl_parse_state *state;
   void *mem;

   if (!sh)
      return;

   ralloc_free(sh->compile_mem);
   sh->compile_mem = NULL;
   sh->compiled = NULL;
   sh->CompileStatus = false;
   free(sh->InfoLog);
   sh->InfoLog = NULL;

   mem = ralloc_context(NULL);
   state = mem ? _mesa_compile_glsl(ctx, mem, sh->Stage, sh->Source) : NULL;
   if (!state) {
      ralloc_free(mem);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glCompileShader");
      return;
   }
   sh->InfoLog = dup_string(state->log.text ? state->log.text : "");
   if (state->log.errors == 0) {
      sh->CompileStatus = true;
      sh->compiled = state;
      sh->compile_mem = mem;
   } else {
      ralloc_free(mem);
   }
}

void GLAPIENTRY
_mesa_GetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_shader *sh = lookup_shader_err(ctx, shader, "glGetShaderiv");

   if (!sh)
      return;
   switch (pname) {
   case GL_SHADER_TYPE:
      *params = (GLint)sh->Type;
      break;
   case GL_DELETE_STATUS:
      *params = sh->DeletePending;
      break;
   case GL_COMPILE_STATUS:
      *params = sh->CompileStatus;
      break;
   case GL_COMPLETION_STATUS_KHR:
      /* KHR_parallel_shader_compile: compiling ends inside the call */
      if (!_mesa_is_gles(ctx)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "glGetShaderiv(pname)");
         return;
      }
      *params = GL_TRUE;
      break;
   case GL_INFO_LOG_LENGTH:
      *params =
         sh->InfoLog && sh->InfoLog[0] ? (GLint)strlen(sh->InfoLog) + 1 : 0;
      break;
   case GL_SHADER_SOURCE_LENGTH:
      *params = sh->Source ? (GLint)strlen(sh->Source) + 1 : 0;
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetShaderiv(pname=0x%x)", pname);
   }
}

/* Copies s into buf as the Get*InfoLog/Source queries do. */
static void
copy_string(const char *s, GLsizei bufSize, GLsizei *length, GLchar *buf)
{
   GLsizei n = 0;

   if (bufSize > 0 && buf) {
      size_t len = s ? strlen(s) : 0;
      n = len < (size_t)bufSize - 1 ? (GLsizei)len : bufSize - 1;
      if (n)
         memcpy(buf, s, n);
      buf[n] = '\0';
   }
   if (length)
      *length = n;
}

void GLAPIENTRY
_mesa_GetShaderInfoLog(GLuint shader, GLsizei bufSize, GLsizei *length,
                       GLchar *infoLog)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_shader *sh;

   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetShaderInfoLog(bufSize)");
      return;
   }
   sh = lookup_shader_err(ctx, shader, "glGetShaderInfoLog");
   if (sh)
      copy_string(sh->InfoLog, bufSize, length, infoLog);
}

void GLAPIENTRY
_mesa_GetShaderSource(GLuint shader, GLsizei bufSize, GLsizei *length,
                      GLchar *source)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_shader *sh;

   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetShaderSource(bufSize)");
      return;
   }
   sh = lookup_shader_err(ctx, shader, "glGetShaderSource");
   if (sh)
      copy_string(sh->Source, bufSize, length, source);
}

void GLAPIENTRY
_mesa_AttachShader(GLuint program, GLuint shader)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;
   struct gl_shader *sh, **list;

   prog = _mesa_lookup_program_err(ctx, program, "glAttachShader");
   if (!prog)
      return;
   sh = lookup_shader_err(ctx, shader, "glAttachShader");
   if (!sh)
      return;
   for (unsigned i = 0; i < prog->NumShaders; i++) {
      /* ES 2.0: already attached, or (ES) one shader per stage. */
      if (prog->Shaders[i] == sh ||
          (_mesa_is_gles(ctx) && prog->Shaders[i]->Stage == sh->Stage)) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "glAttachShader");
         return;
      }
   }
   list = realloc(prog->Shaders, (prog->NumShaders + 1) * sizeof(*list));
   if (!list) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glAttachShader");
      return;
   }
   prog->Shaders = list;
   list[prog->NumShaders++] = sh;
   sh->RefCount++;
}

void GLAPIENTRY
_mesa_DetachShader(GLuint program, GLuint shader)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;
   struct gl_shader *sh;

   prog = _mesa_lookup_program_err(ctx, program, "glDetachShader");
   if (!prog)
      return;
   sh = lookup_shader_err(ctx, shader, "glDetachShader");
   if (!sh)
      return;
   for (unsigned i = 0; i < prog->NumShaders; i++) {
      if (prog->Shaders[i] == sh) {
         memmove(&prog->Shaders[i], &prog->Shaders[i + 1],
                 (prog->NumShaders - i - 1) * sizeof(sh));
         prog->NumShaders--;
         unref_shader(ctx, sh);
         return;
      }
   }
   _mesa_error(ctx, GL_INVALID_OPERATION, "glDetachShader(not attached)");
}

void GLAPIENTRY
_mesa_GetAttachedShaders(GLuint program, GLsizei maxCount, GLsizei *count,
                         GLuint *shaders)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;
   GLsizei n = 0;

   if (maxCount < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetAttachedShaders(maxCount)");
      return;
   }
   prog = _mesa_lookup_program_err(ctx, program, "glGetAttachedShaders");
   if (!prog)
      return;
   for (unsigned i = 0; i < prog->NumShaders && n < maxCount; i++)
      shaders[n++] = prog->Shaders[i]->Name;
   if (count)
      *count = n;
}

/* Sets name -> index in a binding list (replacing an earlier binding of
 * the name); false when out of memory. */
static bool
add_binding(struct gl_attrib_binding **list, unsigned *count, const char *name,
            GLuint index, GLuint blend_index)
{
   for (unsigned i = 0; i < *count; i++) {
      if (strcmp((*list)[i].name, name) == 0) {
         (*list)[i].index = index;
         (*list)[i].blend_index = blend_index;
         return true;
      }
   }
   char *copy = dup_string(name);
   struct gl_attrib_binding *grown =
      copy ? realloc(*list, (*count + 1) * sizeof(**list)) : NULL;
   if (!grown) {
      free(copy);
      return false;
   }
   *list = grown;
   grown[*count].name = copy;
   grown[*count].index = index;
   grown[*count].blend_index = blend_index;
   (*count)++;
   return true;
}

void GLAPIENTRY
_mesa_BindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;

   if (index >= (GLuint)ctx->Const.MaxVertexAttribs) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBindAttribLocation(index=%u)",
                  index);
      return;
   }
   prog = _mesa_lookup_program_err(ctx, program, "glBindAttribLocation");
   if (!prog || !name)
      return;
   if (strncmp(name, "gl_", 3) == 0) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBindAttribLocation(gl_)");
      return;
   }
   if (!add_binding(&prog->AttribBindings, &prog->NumAttribBindings, name,
                    index, 0))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glBindAttribLocation");
}

/* GL 3.0 section 3.12.2 and ARB_blend_func_extended: binds a fragment
 * output variable to a colour number and blend input (index 0 or 1),
 * used at the next link.  ES has these through EXT_blend_func_extended,
 * in ES 3.0 contexts only (its "Dependencies on OpenGL ES 3.0"). */
static void
bind_frag_data(struct gl_context *ctx, GLuint program, GLuint color,
               GLuint index, const GLchar *name, const char *func)
{
   struct gl_program_object *prog;

   if (_mesa_is_gles(ctx) &&
       (ctx->Version < 30 ||
        !_mesa_has_extension(ctx, "GL_EXT_blend_func_extended"))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(ES)", func);
      return;
   }
   /* ARB_blend_func_extended: colorNumber must be below MAX_DRAW_BUFFERS
    * for index 0 and below MAX_DUAL_SOURCE_DRAW_BUFFERS for index 1;
    * index is 0 or 1. */
   if (index > 1) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   GLint max = index ? ctx->Const.MaxDualSourceDrawBuffers
                     : ctx->Const.MaxDrawBuffers;
   if (color >= (GLuint)max) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(color=%u)", func, color);
      return;
   }
   prog = _mesa_lookup_program_err(ctx, program, func);
   if (!prog || !name)
      return;
   if (strncmp(name, "gl_", 3) == 0) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(gl_)", func);
      return;
   }
   if (!add_binding(&prog->FragDataBindings, &prog->NumFragDataBindings, name,
                    color, index))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
}

void GLAPIENTRY
_mesa_BindFragDataLocation(GLuint program, GLuint color, const GLchar *name)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   bind_frag_data(ctx, program, color, 0, name, "glBindFragDataLocation");
}

void GLAPIENTRY
_mesa_BindFragDataLocationIndexed(GLuint program, GLuint colorNumber,
                                  GLuint index, const GLchar *name)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (!_mesa_is_gles(ctx) &&
       !_mesa_has_extension(ctx, "GL_ARB_blend_func_extended")) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBindFragDataLocationIndexed(no dual-source blending)");
      return;
   }
   bind_frag_data(ctx, program, colorNumber, index, name,
                  "glBindFragDataLocationIndexed");
}

static void
link_failed(struct gl_program_object *prog, const char *msg)
{
   prog->LinkStatus = false;
   free(prog->InfoLog);
   prog->InfoLog = dup_string(msg);
}

/* Compiles the GLSL of a fixed-function stage as `#version version`, with
 * the compatibility profile (1.50 and later) or context (1.40) when
 * `compat`; NULL if it does not compile. */
static struct glsl_parse_state *
compile_fixed_function(void *mem, gl_shader_stage stage, const char *body,
                       int version, bool compat)
{
   struct glsl_compile_options *opts = rzalloc_size(mem, sizeof(*opts));
   if (!opts)
      return NULL;
   const char *profile = compat && version >= 150 ? " compatibility" : "";
   char *src = ralloc_asprintf(mem, "#version %d%s\n%s", version, profile,
                               body);
   if (!src)
      return NULL;
   opts->stage = stage;
   opts->default_version = 110;
   opts->compat_context = compat;
   struct glsl_parse_state *state =
      glsl_compile_shader(mem, src, strlen(src), opts);
   return state && state->log.errors == 0 ? state : NULL;
}

/* The fixed-function vertex stage of a compatibility context, as GLSL
 * of the fragment shader's version: the vertex transformed by the
 * modelview-projection matrix (GL 2.1 section 2.11), and the current or
 * array colours and texture coordinates passed on (texture matrices are
 * identity: they do not exist yet).  Lighting, fog and texgen do not
 * exist.  NULL if it does not compile (a core-only version: 1.40 and
 * later have no gl_Vertex). */
static struct glsl_parse_state *
fixed_function_vs(void *mem, int version)
{
   static const char body[] =
      "void main()\n"
      "{\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "   gl_FrontColor = gl_Color;\n"
      "   gl_BackColor = gl_Color;\n"
      "   gl_FrontSecondaryColor = gl_SecondaryColor;\n"
      "   gl_BackSecondaryColor = gl_SecondaryColor;\n"
      "   gl_TexCoord[0] = gl_MultiTexCoord0;\n"
      "   gl_TexCoord[1] = gl_MultiTexCoord1;\n"
      "   gl_TexCoord[2] = gl_MultiTexCoord2;\n"
      "   gl_TexCoord[3] = gl_MultiTexCoord3;\n"
      "   gl_TexCoord[4] = gl_MultiTexCoord4;\n"
      "   gl_TexCoord[5] = gl_MultiTexCoord5;\n"
      "   gl_TexCoord[6] = gl_MultiTexCoord6;\n"
      "   gl_TexCoord[7] = gl_MultiTexCoord7;\n"
      "}\n";

   if (version >= 140)
      return NULL;
   return compile_fixed_function(mem, MESA_SHADER_VERTEX, body, version,
                                 false);
}

/* GL 2.1 section 3.11: without a fragment shader the fragment stage is
 * fixed-function.  With texturing, the colour sum and fog off (what a
 * program gets here: the fixed-function texture environments, fog and
 * colour sum apply to draws without a program only, st_ff_program.c) that
 * is the interpolated colour.  The shader takes the version and profile
 * of the program's first shader (GL 4.6 compatibility profile section
 * 15.1: the fixed-function fragment stage stays for programs without a
 * fragment shader); NULL for a core-profile one, which has no gl_Color
 * (the empty fragment shader of st_program.c stays). */
static struct glsl_parse_state *
fixed_function_fs(void *mem, const struct glsl_parse_state *first)
{
   static const char body[] = "void main()\n"
                              "{\n"
                              "   gl_FragColor = gl_Color;\n"
                              "}\n";

   if (first->es || !first->compat)
      return NULL;
   return compile_fixed_function(mem, MESA_SHADER_FRAGMENT, body,
                                 first->version, true);
}

/* A separable program keeps its shaders' sources for the pipelines
 * (pipeline.c). */
static bool
keep_sources(struct gl_program_object *prog, struct gl_program_exec *exec)
{
   exec->separable = prog->Separable;
   if (!prog->Separable)
      return true;
   exec->sources = ralloc_array(exec->mem, struct gl_exec_source,
                                prog->NumShaders + 1);
   if (!exec->sources)
      return false;
   for (unsigned i = 0; i < prog->NumShaders; i++) {
      const struct gl_shader *sh = prog->Shaders[i];
      exec->sources[exec->num_sources].stage = sh->Stage;
      exec->sources[exec->num_sources].text =
         ralloc_strdup(exec->mem, sh->Source ? sh->Source : "");
      if (!exec->sources[exec->num_sources].text)
         return false;
      exec->num_sources++;
   }
   return true;
}

/* Links n compiled shaders into prog: its info log, link status and, on
 * success, a new executable.  A separable program gets no
 * fixed-function stages (pipelines add them). */
void
_mesa_link_program_states(struct gl_context *ctx,
                          struct gl_program_object *prog,
                          struct glsl_parse_state *const *in, unsigned n,
                          bool stage_uniforms)
{
   struct glsl_parse_state *states[MESA_SHADER_STAGES * 4 + 2];
   struct glsl_location_binding *bindings;
   struct glsl_link_options opts = {0};
   unsigned stages = 0;

   n = MIN2(n, MESA_SHADER_STAGES * 4);
   for (unsigned i = 0; i < n; i++) {
      states[i] = in[i];
      stages |= 1u << in[i]->stage;
   }
   bool fixed_vs = false;
   void *mem = ralloc_context(NULL);
   bindings = mem ? ralloc_array_size(mem, sizeof(*bindings),
                                      prog->NumAttribBindings + 1)
                  : NULL;
   if (!bindings) {
      ralloc_free(mem);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glLinkProgram");
      return;
   }
   /* Desktop GL 2.1 section 2.15: without a vertex shader the vertex
    * stage is fixed-function.  A program with only fragment shaders gets
    * the fixed-function vertex processing this front end has, as a vertex
    * shader of its own. */
   if (!_mesa_is_gles(ctx) && !prog->Separable &&
       stages == (1u << MESA_SHADER_FRAGMENT) &&
       n < sizeof(states) / sizeof(states[0])) {
      states[n] = fixed_function_vs(mem, states[0]->version);
      if (!states[n]) {
         ralloc_free(mem);
         link_failed(prog, "error: no fixed-function vertex shader\n");
         return;
      }
      n++;
      fixed_vs = true;
   }
   /* A compatibility program without a fragment shader: the
    * fixed-function fragment stage (compatibility-profile shaders only;
    * core-profile ones keep the empty fragment shader of st_program.c). */
   if (!_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx) &&
       !prog->Separable && (stages & (1u << MESA_SHADER_VERTEX)) &&
       !(stages & (1u << MESA_SHADER_FRAGMENT)) &&
       n < sizeof(states) / sizeof(states[0])) {
      struct glsl_parse_state *fs = fixed_function_fs(mem, states[0]);
      if (fs)
         states[n++] = fs;
   }
   for (unsigned i = 0; i < prog->NumAttribBindings; i++) {
      bindings[i].name = prog->AttribBindings[i].name;
      bindings[i].location = prog->AttribBindings[i].index;
      bindings[i].index = 0;
   }
   opts.attrib_bindings = bindings;
   opts.num_attrib_bindings = prog->NumAttribBindings;
   struct glsl_location_binding *frag_bindings =
      ralloc_array_size(mem, sizeof(*frag_bindings),
                        prog->NumFragDataBindings + 1);
   if (!frag_bindings) {
      ralloc_free(mem);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glLinkProgram");
      return;
   }
   for (unsigned i = 0; i < prog->NumFragDataBindings; i++) {
      frag_bindings[i].name = prog->FragDataBindings[i].name;
      frag_bindings[i].location = prog->FragDataBindings[i].index;
      frag_bindings[i].index = prog->FragDataBindings[i].blend_index;
   }
   opts.frag_data_bindings = frag_bindings;
   opts.num_frag_data_bindings = prog->NumFragDataBindings;
   opts.max_stage_uniform_blocks[MESA_SHADER_VERTEX] =
      (unsigned)ctx->Const.MaxVertexUniformBlocks;
   opts.max_stage_uniform_blocks[MESA_SHADER_FRAGMENT] =
      (unsigned)ctx->Const.MaxFragmentUniformBlocks;
   opts.max_stage_uniform_blocks[MESA_SHADER_GEOMETRY] =
      (unsigned)ctx->Const.MaxVertexUniformBlocks;
   opts.max_combined_uniform_blocks =
      (unsigned)ctx->Const.MaxCombinedUniformBlocks;
   opts.max_uniform_block_size_B = (unsigned)ctx->Const.MaxUniformBlockSize;
   /* ARB_shader_storage_buffer_object / ARB_compute_shader limits */
   opts.ssbo_limits_set = true;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      opts.max_stage_ssbos[s] = (unsigned)ctx->Const.MaxShaderStorageBlocks[s];
   opts.max_combined_ssbos = (unsigned)ctx->Const.MaxCombinedShaderStorageBlocks;
   opts.max_ssbo_size_B = (unsigned)ctx->Const.MaxShaderStorageBlockSize;
   opts.max_shared_size_B = (unsigned)ctx->Const.MaxComputeSharedMemorySize;
   /* atomic counter buffers after the storage buffers (st_compute.c) */
   opts.abo_slot_base = (unsigned)ctx->Const.MaxShaderStorageBufferBindings;
   opts.separable = prog->Separable;
   opts.stage_uniforms = stage_uniforms;
   /* image uniform limits (st_image.c sets them from the driver) */
   opts.image_limits_set = true;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      opts.max_stage_images[s] = (unsigned)ctx->Const.MaxImageUniforms[s];
   opts.max_combined_images = (unsigned)ctx->Const.MaxCombinedImageUniforms;
   /* default-block uniform components per stage, as glGetIntegerv reports
    * them (get.c, geomshader.c, compute.c: 4 x the vertex or fragment
    * vectors; the tessellation stages take the vertex value) */
   opts.uniform_limits_set = true;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      bool frag_like = s == MESA_SHADER_FRAGMENT || s == MESA_SHADER_COMPUTE;
      opts.max_stage_uniform_components[s] =
         4 * (unsigned)(frag_like ? ctx->Const.MaxFragmentUniformVectors
                                  : ctx->Const.MaxVertexUniformVectors);
   }
   opts.xfb_varyings = (const char *const *)prog->FeedbackVaryings;
   opts.num_xfb_varyings = prog->NumFeedbackVaryings;

   struct glsl_program *linked = glsl_link_program(mem, states, n, &opts);
   if (!linked) {
      ralloc_free(mem);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glLinkProgram");
      return;
   }

   free(prog->InfoLog);
   prog->InfoLog = dup_string(linked->info_log ? linked->info_log : "");
   prog->LinkStatus = linked->link_status;
   if (!linked->link_status) {
      ralloc_free(mem);
      return;
   }

   /* exec is freed through its ralloc context from now on. */
   struct gl_program_exec *owned = _mesa_new_program_exec(mem);
   if (!owned) {
      ralloc_free(mem);
      link_failed(prog, "error: out of memory\n");
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glLinkProgram");
      return;
   }
   owned->linked = linked;
   owned->fixed_function_vs = fixed_vs;
   owned->uniforms_size_B = linked->uniform_storage_size_B;
   /* One more vec4 slot past the storage for the state tracker's own
    * values (st_nir_lower_wpos.c). */
   owned->uniforms =
      rzalloc_size(mem, ((owned->uniforms_size_B + 15) & ~15u) + 16);
   if (owned->uniforms && linked->uniform_defaults)
      memcpy(owned->uniforms, linked->uniform_defaults, owned->uniforms_size_B);

   if (!_mesa_init_uniform_block_bindings(owned) ||
       !_mesa_init_ssbo_bindings(owned)) {
      ralloc_free(mem);
      link_failed(prog, "error: out of memory\n");
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glLinkProgram");
      return;
   }

   char *xfb_log = NULL;
   if (!_mesa_link_transform_feedback(ctx, prog, owned, &xfb_log)) {
      link_failed(prog, xfb_log ? xfb_log : "error: out of memory\n");
      ralloc_free(mem);
      return;
   }

   if (!keep_sources(prog, owned)) {
      link_failed(prog, "error: out of memory\n");
      ralloc_free(mem);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glLinkProgram");
      return;
   }
   free_exec(prog->exec);
   prog->exec = owned;
   /* a new executable: it may sit in the bound pipeline (draw.c) */
   _mesa_draw_checks_stale(ctx);
   /* The program's label names its shaders in driver messages (the
    * compiler's SHADER-DB lines, compile failures), as shader-db expects.
    */
   const char *label = _mesa_object_label(ctx, GL_PROGRAM, prog->Name);
   for (unsigned s = 0; label && s < MESA_SHADER_STAGES; s++) {
      if (linked->nir[s])
         linked->nir[s]->info.name = ralloc_strdup(linked->nir[s], label);
   }
   /* Hand the shaders to the driver now, as Mesa does: compile errors and
    * statistics (shader-db, KHR_debug) belong to the link. */
   st_get_program_variant(ctx->st, owned);
   if (ctx->CurrentProgram == prog)
      ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_CONSTANTS |
                       ST_NEW_VERTEX_ARRAYS | ST_NEW_SAMPLER_VIEWS |
                       ST_NEW_SAMPLERS;
}

void GLAPIENTRY
_mesa_LinkProgram(GLuint program)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;
   struct glsl_parse_state *states[MESA_SHADER_STAGES * 4];
   unsigned n = 0, stages = 0;

   prog = _mesa_lookup_program_err(ctx, program, "glLinkProgram");
   if (!prog)
      return;
   /* ES 3.0 section 2.15: not while transform feedback uses it. */
   if (_mesa_transform_feedback_busy(ctx) && prog == ctx->CurrentProgram) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glLinkProgram(feedback)");
      return;
   }

   prog->ValidateStatus = false;
   for (unsigned i = 0; i < prog->NumShaders; i++) {
      struct gl_shader *sh = prog->Shaders[i];
      if (!sh->CompileStatus) {
         link_failed(prog, "error: an attached shader is not compiled\n");
         return;
      }
      if (n < sizeof(states) / sizeof(states[0]))
         states[n++] = sh->compiled;
      stages |= 1u << sh->Stage;
   }
   /* ES 2.0 section 2.10.3: a program needs a vertex and a fragment
    * shader, unless it is separable or a compute shader alone (ES 3.1
    * section 7.3). */
   if (_mesa_is_gles(ctx) && !prog->Separable &&
       stages != ((1u << MESA_SHADER_VERTEX) | (1u << MESA_SHADER_FRAGMENT)) &&
       !(_mesa_is_gles31(ctx) && stages == (1u << MESA_SHADER_COMPUTE))) {
      link_failed(prog, "error: a program needs a vertex shader and a "
                        "fragment shader\n");
      return;
   }
   /* GL 2.1 sections 2.15 and 3.11: in a compatibility context a program
    * without shaders links, and while it is in use both stages are the
    * fixed-function ones (it has no executable: _mesa_program_in_use;
    * Mesa's linker accepts it there alone). */
   if (!stages && !_mesa_is_gles(ctx) && !_mesa_is_desktop_fc(ctx) &&
       !prog->Separable) {
      prog->ValidateStatus = false;
      free_exec(prog->exec);
      prog->exec = NULL;
      _mesa_draw_checks_stale(ctx);
      prog->LinkStatus = true;
      free(prog->InfoLog);
      prog->InfoLog = dup_string("");
      if (ctx->CurrentProgram == prog)
         ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_CONSTANTS |
                          ST_NEW_VERTEX_ARRAYS | ST_NEW_SAMPLER_VIEWS |
                          ST_NEW_SAMPLERS;
      return;
   }
   if (!stages) {
      link_failed(prog, "error: no shaders attached\n");
      return;
   }

   _mesa_link_program_states(ctx, prog, states, n, false);
}

void GLAPIENTRY
_mesa_UseProgram(GLuint program)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog = NULL;

   if (_mesa_transform_feedback_capturing(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glUseProgram(feedback)");
      return;
   }
   if (program) {
      prog = _mesa_lookup_program_err(ctx, program, "glUseProgram");
      if (!prog)
         return;
      if (!prog->LinkStatus) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "glUseProgram(not linked)");
         return;
      }
   }
   _mesa_use_program(ctx, prog);
}

void GLAPIENTRY
_mesa_ValidateProgram(GLuint program)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, "glValidateProgram");

   if (!prog)
      return;
   prog->ValidateStatus = prog->LinkStatus;
   if (!prog->LinkStatus) {
      free(prog->InfoLog);
      prog->InfoLog = dup_string("error: the program is not linked\n");
      return;
   }
   /* GL 2.0 section 2.15.4: samplers of different types on one unit */
   if (_mesa_sampler_unit_conflict(prog->exec) >= 0) {
      prog->ValidateStatus = false;
      free(prog->InfoLog);
      prog->InfoLog = dup_string("error: active samplers of different types "
                                 "refer to the same texture image unit\n");
   }
}

static GLint
max_name_length_attribs(const struct glsl_program *p)
{
   GLint m = 0;

   for (unsigned i = 0; p && i < p->num_attribs; i++) {
      GLint l = (GLint)strlen(p->attribs[i].name) + 1;
      m = l > m ? l : m;
   }
   return m;
}

static GLint
max_name_length_uniforms(const struct gl_program_object *prog)
{
   GLint m = 0;

   struct gl_active_uniform u;
   for (unsigned i = 0; _mesa_get_active_uniform(prog, i, &u); i++) {
      GLint l = (GLint)strlen(u.name) + 1;
      m = l > m ? l : m;
   }
   return m;
}

/* What the last link produced (NULL after a failed link). */
static const struct glsl_program *
linked_program(const struct gl_program_object *prog)
{
   return prog->LinkStatus && prog->exec ? prog->exec->linked : NULL;
}

void GLAPIENTRY
_mesa_GetProgramiv(GLuint program, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, "glGetProgramiv");
   const struct glsl_program *p;

   if (!prog)
      return;
   p = linked_program(prog);
   switch (pname) {
   case GL_DELETE_STATUS:
      *params = prog->DeletePending;
      break;
   case GL_LINK_STATUS:
      *params = prog->LinkStatus;
      break;
   case GL_COMPLETION_STATUS_KHR:
      if (!_mesa_is_gles(ctx)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "glGetProgramiv(pname)");
         return;
      }
      *params = GL_TRUE; /* linking ends inside the call too */
      break;
   case GL_VALIDATE_STATUS:
      *params = prog->ValidateStatus;
      break;
   /* GL 4.6 7.3 / ES 3.1 7.3 (separate.c) */
   case GL_PROGRAM_SEPARABLE:
      if (!_mesa_has_separate_shader_objects(ctx)) {
         _mesa_error(ctx, GL_INVALID_ENUM, "glGetProgramiv(pname)");
         return;
      }
      *params = prog->Separable;
      break;
   case GL_PROGRAM_BINARY_RETRIEVABLE_HINT:
      *params = prog->BinaryRetrievableHint;
      break;
   case GL_INFO_LOG_LENGTH:
      *params = prog->InfoLog && prog->InfoLog[0]
                   ? (GLint)strlen(prog->InfoLog) + 1
                   : 0;
      break;
   case GL_ATTACHED_SHADERS:
      *params = (GLint)prog->NumShaders;
      break;
   case GL_ACTIVE_ATTRIBUTES:
      *params = p ? (GLint)p->num_attribs : 0;
      break;
   case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH:
      *params = max_name_length_attribs(p);
      break;
   case GL_ACTIVE_UNIFORMS:
      *params = (GLint)_mesa_num_active_uniforms(prog);
      break;
   /* ES 3.0.6 2.12.6.2 (GL 3.1): uniform blocks. */
   case GL_ACTIVE_UNIFORM_BLOCKS:
      *params = p ? (GLint)p->num_ubos : 0;
      break;
   case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH: {
      GLint m = 0;
      for (unsigned i = 0; p && i < p->num_ubos; i++) {
         GLint l = (GLint)strlen(p->ubos[i].name) + 1;
         m = l > m ? l : m;
      }
      *params = m;
      break;
   }
   case GL_ACTIVE_UNIFORM_MAX_LENGTH:
      *params = max_name_length_uniforms(prog);
      break;
   case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
      *params = prog->FeedbackBufferMode ? (GLint)prog->FeedbackBufferMode
                                         : GL_INTERLEAVED_ATTRIBS;
      break;
   case GL_TRANSFORM_FEEDBACK_VARYINGS:
      *params = p ? (GLint)prog->exec->num_xfb_varyings : 0;
      break;
   case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH: {
      GLint m = 0;
      for (unsigned i = 0; p && i < prog->exec->num_xfb_varyings; i++) {
         GLint l = (GLint)strlen(prog->exec->xfb_varyings[i].name) + 1;
         m = l > m ? l : m;
      }
      *params = m;
      break;
   }
   default:
      if (_mesa_geometry_program_iv(ctx, p, pname, params))
         break;
      if (_mesa_compute_program_iv(ctx, p, pname, params))
         break;
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetProgramiv(pname=0x%x)", pname);
   }
}

void GLAPIENTRY
_mesa_GetProgramInfoLog(GLuint program, GLsizei bufSize, GLsizei *length,
                        GLchar *infoLog)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_program_object *prog;

   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetProgramInfoLog(bufSize)");
      return;
   }
   prog = _mesa_lookup_program_err(ctx, program, "glGetProgramInfoLog");
   if (prog)
      copy_string(prog->InfoLog, bufSize, length, infoLog);
}

GLint GLAPIENTRY
_mesa_GetAttribLocation(GLuint program, const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_program_object *prog;

   if (!ctx)
      return -1;
   prog = _mesa_lookup_program_err(ctx, program, "glGetAttribLocation");
   if (!prog)
      return -1;
   if (!linked_program(prog)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGetAttribLocation");
      return -1;
   }
   /* GL 2.1 section 2.15.3: names with the reserved prefix "gl_" (the
    * conventional attributes) have no generic location. */
   if (!name || !strncmp(name, "gl_", 3))
      return -1;
   return glsl_program_attrib_location(linked_program(prog), name);
}

GLint GLAPIENTRY
_mesa_GetUniformLocation(GLuint program, const GLchar *name)
{
   GET_CURRENT_CONTEXT(ctx);
   struct gl_program_object *prog;

   if (!ctx)
      return -1;
   prog = _mesa_lookup_program_err(ctx, program, "glGetUniformLocation");
   if (!prog)
      return -1;
   if (!linked_program(prog)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGetUniformLocation");
      return -1;
   }
   return name ? glsl_program_uniform_location(linked_program(prog), name) : -1;
}

static void
get_active(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length,
           GLint *size, GLenum *type, GLchar *name, bool uniform)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = uniform ? "glGetActiveUniform" : "glGetActiveAttrib";
   struct gl_program_object *prog;
   const struct glsl_program *p;

   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(bufSize)", func);
      return;
   }
   prog = _mesa_lookup_program_err(ctx, program, func);
   if (!prog)
      return;
   p = linked_program(prog);
   if (!p || index >= (uniform ? _mesa_num_active_uniforms(prog)
                               : p->num_attribs)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   if (uniform) {
      struct gl_active_uniform u;
      _mesa_get_active_uniform(prog, index, &u);
      copy_string(u.name, bufSize, length, name);
      if (size)
         *size = u.size;
      if (type)
         *type = u.type;
   } else {
      const struct glsl_program_attrib *a = &p->attribs[index];
      copy_string(a->name, bufSize, length, name);
      if (size)
         *size = (GLint)a->array_size;
      if (type)
         *type = a->gl_type;
   }
}

void GLAPIENTRY
_mesa_GetActiveAttrib(GLuint program, GLuint index, GLsizei bufSize,
                      GLsizei *length, GLint *size, GLenum *type, GLchar *name)
{
   get_active(program, index, bufSize, length, size, type, name, false);
}

void GLAPIENTRY
_mesa_GetActiveUniform(GLuint program, GLuint index, GLsizei bufSize,
                       GLsizei *length, GLint *size, GLenum *type, GLchar *name)
{
   get_active(program, index, bufSize, length, size, type, name, true);
}

void GLAPIENTRY
_mesa_ReleaseShaderCompiler(void)
{
}

void GLAPIENTRY
_mesa_ShaderBinary(GLsizei count, const GLuint *shaders, GLenum binaryformat,
                   const void *binary, GLsizei length)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   /* No binary formats are supported (GL_NUM_SHADER_BINARY_FORMATS = 0). */
   if (count < 0 || length < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glShaderBinary");
      return;
   }
   _mesa_error(ctx, GL_INVALID_ENUM, "glShaderBinary(binaryformat)");
}

void GLAPIENTRY
_mesa_GetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype,
                               GLint *range, GLint *precision)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetShaderPrecisionFormat");
      return;
   }
   switch (precisiontype) {
   case GL_LOW_FLOAT:
   case GL_MEDIUM_FLOAT:
   case GL_HIGH_FLOAT:
      /* Everything is 32-bit IEEE float. */
      range[0] = 127;
      range[1] = 127;
      *precision = 23;
      break;
   case GL_LOW_INT:
   case GL_MEDIUM_INT:
   case GL_HIGH_INT:
      range[0] = 31;
      range[1] = 30;
      *precision = 0;
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetShaderPrecisionFormat");
   }
}

/* KHR_parallel_shader_compile: a hint; every count is accepted. */
void GLAPIENTRY
_mesa_MaxShaderCompilerThreadsKHR(GLuint count)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   ctx->MaxShaderCompilerThreadsPlus1 = count + 1;
}
