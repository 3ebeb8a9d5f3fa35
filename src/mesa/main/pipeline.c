/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Program pipeline objects (ARB_separate_shader_objects, GL 4.6 7.4, ES
 * 3.1 7.4): per-context containers naming one separable program per
 * stage, used by draws when no program is current (glUseProgram(0)).
 *
 * The state tracker draws with one executable, so a pipeline draws with
 * an unnamed program ("merged") that links the sources of its stages'
 * programs again, each stage from the program bound to it.  The link
 * also checks the interfaces between the programs (glValidateProgramPipeline
 * reports its errors), with each stage's uniforms kept apart from the
 * others' (uniforms are per program).  Before each draw the merged
 * program's uniform values and block bindings are copied, by name, from
 * the program that owns each stage.
 */
#include <stdlib.h>
#include <string.h>

#include "main/compute.h"
#include "main/context.h"
#include "main/geomshader.h"
#include "main/hash.h"
#include "main/sampler_units.h"
#include "main/separate.h"
#include "main/shaderobj.h"
#include "main/transformfeedback.h"
#include "glsl_program.h"
#include "glsl_state.h"
#include "util/hash_table.h"
#include "util/u_math.h"
#include "util/ralloc.h"

/* The stages this context has: GL 4.6 table 7.1's bits of the others are
 * INVALID_VALUE, their shader types INVALID_ENUM. */
static bool
has_stage(const struct gl_context *ctx, unsigned s)
{
   switch (s) {
   case MESA_SHADER_VERTEX:
   case MESA_SHADER_FRAGMENT:
      return true;
   case MESA_SHADER_GEOMETRY:
      return _mesa_has_geometry_shaders(ctx);
   case MESA_SHADER_COMPUTE:
      return _mesa_has_compute_shaders(ctx);
   default:
      return false; /* no tessellation */
   }
}

/* GL 4.6 table 7.1's stage bits by gl_shader_stage. */
static const GLbitfield stage_bits[MESA_SHADER_STAGES] = {
   [MESA_SHADER_VERTEX] = GL_VERTEX_SHADER_BIT,
   [MESA_SHADER_TESS_CTRL] = GL_TESS_CONTROL_SHADER_BIT,
   [MESA_SHADER_TESS_EVAL] = GL_TESS_EVALUATION_SHADER_BIT,
   [MESA_SHADER_GEOMETRY] = GL_GEOMETRY_SHADER_BIT,
   [MESA_SHADER_FRAGMENT] = GL_FRAGMENT_SHADER_BIT,
   [MESA_SHADER_COMPUTE] = GL_COMPUTE_SHADER_BIT,
};

void
_mesa_init_pipelines(struct gl_context *ctx)
{
   ctx->Pipelines = _mesa_name_table_create();
}

static void
set_log(struct gl_pipeline_object *p, const char *log)
{
   free(p->InfoLog);
   p->InfoLog = log ? strdup(log) : NULL;
}

static void
free_pipeline(struct gl_context *ctx, struct gl_pipeline_object *p)
{
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      _mesa_reference_program(ctx, &p->Stage[s], NULL);
   _mesa_reference_program(ctx, &p->Active, NULL);
   _mesa_reference_program(ctx, &p->Merged, NULL);
   free(p->InfoLog);
   free(p);
}

void
_mesa_free_pipelines(struct gl_context *ctx)
{
   ctx->Pipeline = NULL;
   if (!ctx->Pipelines)
      return;
   hash_table_foreach(ctx->Pipelines, e) {
      if (e->data != GL_NAME_RESERVED)
         free_pipeline(ctx, e->data);
   }
   _mesa_name_table_destroy(ctx->Pipelines);
   ctx->Pipelines = NULL;
}

/* The pipeline object of a name from glGenProgramPipelines, made on its
 * first use (GL 4.6 7.4); NULL after INVALID_OPERATION for other names. */
static struct gl_pipeline_object *
lookup_pipeline(struct gl_context *ctx, GLuint name, const char *func)
{
   void *obj = _mesa_name_lookup(ctx->Pipelines, name);
   if (obj && obj != GL_NAME_RESERVED)
      return obj;
   if (!obj) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(pipeline=%u)", func, name);
      return NULL;
   }
   struct gl_pipeline_object *p = calloc(1, sizeof(*p));
   if (!p) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return NULL;
   }
   p->Name = name;
   _mesa_name_insert(ctx->Pipelines, name, p);
   return p;
}

static void
pipeline_changed(struct gl_context *ctx, struct gl_pipeline_object *p)
{
   p->ValidateStatus = false;
   if (ctx->Pipeline == p && !ctx->CurrentProgram)
      ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_CONSTANTS |
                       ST_NEW_VERTEX_ARRAYS | ST_NEW_SAMPLER_VIEWS |
                       ST_NEW_SAMPLERS;
}

void GLAPIENTRY
_mesa_GenProgramPipelines(GLsizei n, GLuint *pipelines)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenProgramPipelines(n < 0)");
      return;
   }
   if (!_mesa_name_gen(ctx->Pipelines, &ctx->NextPipeline, n, pipelines))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenProgramPipelines");
}

void GLAPIENTRY
_mesa_DeleteProgramPipelines(GLsizei n, const GLuint *pipelines)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteProgramPipelines(n < 0)");
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      void *obj = _mesa_name_lookup(ctx->Pipelines, pipelines[i]);
      if (!obj)
         continue;
      /* GL 4.6 7.4: a bound pipeline is unbound first */
      if (obj == ctx->Pipeline) {
         ctx->Pipeline = NULL;
         pipeline_changed(ctx, obj);
      }
      _mesa_name_remove(ctx->Pipelines, pipelines[i]);
      if (obj != GL_NAME_RESERVED)
         free_pipeline(ctx, obj);
   }
}

GLboolean GLAPIENTRY
_mesa_IsProgramPipeline(GLuint pipeline)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return GL_FALSE;
   return _mesa_name_lookup_object(ctx->Pipelines, pipeline) != NULL;
}

void GLAPIENTRY
_mesa_BindProgramPipeline(GLuint pipeline)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_pipeline_object *p = NULL;

   /* GL 4.6 13.3: not while transform feedback is active and running */
   if (_mesa_transform_feedback_capturing(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBindProgramPipeline(feedback)");
      return;
   }
   if (pipeline) {
      p = lookup_pipeline(ctx, pipeline, "glBindProgramPipeline");
      if (!p)
         return;
   }
   ctx->Pipeline = p;
   if (p)
      pipeline_changed(ctx, p);
   else if (!ctx->CurrentProgram)
      ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_CONSTANTS |
                       ST_NEW_VERTEX_ARRAYS | ST_NEW_SAMPLER_VIEWS |
                       ST_NEW_SAMPLERS;
}

/* The program named `program` for glUseProgramStages and
 * glActiveShaderProgram: linked, and separable when `separable`. */
static struct gl_program_object *
stage_program(struct gl_context *ctx, GLuint program, bool separable,
              const char *func)
{
   struct gl_program_object *prog =
      _mesa_lookup_program_err(ctx, program, func);
   if (!prog)
      return NULL;
   if (!prog->LinkStatus || (separable && !prog->Separable)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(program %u is not a "
                  "linked%s program)", func, program,
                  separable ? " separable" : "");
      return NULL;
   }
   return prog;
}

void GLAPIENTRY
_mesa_UseProgramStages(GLuint pipeline, GLbitfield stages, GLuint program)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glUseProgramStages";
   GLbitfield all = 0;

   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++)
      all |= has_stage(ctx, s) ? stage_bits[s] : 0;
   struct gl_pipeline_object *p = lookup_pipeline(ctx, pipeline, func);
   if (!p)
      return;
   /* GL 4.6 7.4 */
   if (stages != GL_ALL_SHADER_BITS && (stages & ~all)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(stages=0x%x)", func, stages);
      return;
   }
   /* GL 4.1 section 2.17.2: only while the pipeline is the one in use
    * (bound, no glUseProgram program over it) */
   if (_mesa_transform_feedback_capturing(ctx) && ctx->Pipeline == p &&
       !ctx->CurrentProgram) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(feedback)", func);
      return;
   }
   struct gl_program_object *prog = NULL;
   if (program) {
      prog = stage_program(ctx, program, true, func);
      if (!prog)
         return;
   }
   /* A stage the program has no executable for becomes empty. */
   unsigned linked = prog && prog->exec ? prog->exec->linked->stages : 0;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      if (!(stages & stage_bits[s]))
         continue;
      _mesa_reference_program(ctx, &p->Stage[s],
                              (linked & (1u << s)) ? prog : NULL);
   }
   pipeline_changed(ctx, p);
}

void GLAPIENTRY
_mesa_ActiveShaderProgram(GLuint pipeline, GLuint program)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glActiveShaderProgram";
   struct gl_program_object *prog = NULL;

   struct gl_pipeline_object *p = lookup_pipeline(ctx, pipeline, func);
   if (!p)
      return;
   if (program) {
      prog = stage_program(ctx, program, false, func);
      if (!prog)
         return;
   }
   _mesa_reference_program(ctx, &p->Active, prog);
}

/* The merged program is stale when a stage's program was relinked,
 * changed or removed since it was linked. */
static bool
merged_current(const struct gl_pipeline_object *p)
{
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      const struct gl_program_object *prog = p->Stage[s];
      unsigned serial = prog && prog->exec ? prog->exec->serial : 0;
      if (serial != p->MergedFrom[s])
         return false;
   }
   return true;
}

/* Copies the bindings of the stage program's attributes, fragment
 * outputs and feedback varyings to the merged program. */
static bool
copy_bindings(struct gl_attrib_binding **dst, unsigned *ndst,
              const struct gl_attrib_binding *src, unsigned n)
{
   if (!n)
      return true;
   *dst = calloc(n, sizeof(**dst));
   if (!*dst)
      return false;
   for (unsigned i = 0; i < n; i++) {
      (*dst)[i] = src[i];
      (*dst)[i].name = strdup(src[i].name);
      if (!(*dst)[i].name)
         return false;
      (*ndst)++;
   }
   return true;
}

/* Links the stages' sources into p->Merged; false on failure, with the
 * reason in p->InfoLog. */
static bool
link_merged(struct gl_context *ctx, struct gl_pipeline_object *p)
{
   struct glsl_parse_state *states[MESA_SHADER_STAGES * 4];
   unsigned n = 0;

   _mesa_reference_program(ctx, &p->Merged, NULL);
   p->MergedFailed = true;
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      const struct gl_program_object *prog = p->Stage[s];
      p->MergedFrom[s] = prog && prog->exec ? prog->exec->serial : 0;
   }
   struct gl_program_object *m = calloc(1, sizeof(*m));
   if (!m)
      return false;
   m->IsProgram = true;
   /* Stages may be missing (GL 4.6 11.1.3.11: without a vertex program
    * vertex processing is undefined, st_draw.c draws nothing), except
    * that a compatibility context has its fixed-function vertex stage. */
   m->Separable = ctx->API != ST_PROFILE_DEFAULT ||
                  p->Stage[MESA_SHADER_VERTEX];
   _mesa_reference_program(ctx, &p->Merged, m);
   void *mem = ralloc_context(NULL);
   const struct gl_program_object *vs = p->Stage[MESA_SHADER_VERTEX];
   const struct gl_program_object *fs = p->Stage[MESA_SHADER_FRAGMENT];
   const struct gl_program_object *last = p->Stage[MESA_SHADER_GEOMETRY]
                                             ? p->Stage[MESA_SHADER_GEOMETRY]
                                             : vs;
   bool ok = mem != NULL;
   if (ok && vs)
      ok = copy_bindings(&m->AttribBindings, &m->NumAttribBindings,
                         vs->AttribBindings, vs->NumAttribBindings);
   if (ok && fs)
      ok = copy_bindings(&m->FragDataBindings, &m->NumFragDataBindings,
                         fs->FragDataBindings, fs->NumFragDataBindings);
   if (ok && last && last->NumFeedbackVaryings) {
      m->FeedbackVaryings =
         calloc(last->NumFeedbackVaryings, sizeof(char *));
      ok = m->FeedbackVaryings != NULL;
      for (unsigned i = 0; ok && i < last->NumFeedbackVaryings; i++) {
         m->FeedbackVaryings[i] = strdup(last->FeedbackVaryings[i]);
         ok = m->FeedbackVaryings[i] != NULL;
         m->NumFeedbackVaryings += ok;
      }
      m->FeedbackBufferMode = last->FeedbackBufferMode;
   }
   for (unsigned s = 0; ok && s < MESA_SHADER_STAGES; s++) {
      const struct gl_program_exec *exec =
         p->Stage[s] ? p->Stage[s]->exec : NULL;
      for (unsigned i = 0; exec && i < exec->num_sources; i++) {
         if (exec->sources[i].stage != s || n >= ARRAY_SIZE(states))
            continue;
         states[n] = _mesa_compile_glsl(ctx, mem, s, exec->sources[i].text);
         ok = states[n] && states[n]->log.errors == 0;
         n++;
      }
   }
   if (!ok || !n) {
      ralloc_free(mem);
      set_log(p, n ? "error: a stage's shaders do not compile\n"
                   : "error: no program is bound to any stage\n");
      return false;
   }
   _mesa_link_program_states(ctx, m, states, n, true);
   ralloc_free(mem);
   if (!m->LinkStatus) {
      set_log(p, m->InfoLog);
      return false;
   }
   p->MergedFailed = false;
   return true;
}

/* Copies `size` bytes to dst when they differ; true if they did. */
static bool
copy_changed(void *dst, const void *src, size_t size)
{
   if (!memcmp(dst, src, size))
      return false;
   memcpy(dst, src, size);
   return true;
}

/* The stage program owning a resource used by the `stages` mask. */
static const struct gl_program_exec *
owner(const struct gl_pipeline_object *p, unsigned stages)
{
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      if ((stages & (1u << s)) && p->Stage[s])
         return p->Stage[s]->exec;
   }
   return NULL;
}

/* The stage programs' uniform values and block bindings, by name, into
 * the merged executable. */
static void
sync_uniforms(struct gl_pipeline_object *p, struct gl_program_exec *dst)
{
   const struct glsl_program *ml = dst->linked;
   bool changed = false;

   for (unsigned i = 0; i < ml->num_uniforms; i++) {
      const struct glsl_program_uniform *u = &ml->uniforms[i];
      const struct gl_program_exec *src = owner(p, u->stages);
      if (!src || src == dst)
         continue;
      int loc = glsl_program_uniform_location(src->linked, u->name);
      unsigned el;
      const struct glsl_program_uniform *su =
         loc >= 0 ? glsl_program_uniform_at(src->linked, loc, &el) : NULL;
      if (!su || su->gl_type != u->gl_type)
         continue;
      unsigned count = MIN2(u->array_size, su->array_size);
      unsigned size = u->array_stride_B ? u->array_stride_B : 16;
      for (unsigned e = 0; e < count; e++) {
         changed |= copy_changed(
            (uint8_t *)dst->uniforms + u->offset_B + e * u->array_stride_B,
            (const uint8_t *)src->uniforms + su->offset_B +
               e * su->array_stride_B,
            MIN2(size, su->array_stride_B ? su->array_stride_B : 16));
      }
   }
   if (changed)
      dst->uniforms_stamp++;
   for (unsigned i = 0; dst->ubo_bindings && i < ml->num_ubos; i++) {
      const struct gl_program_exec *src = owner(p, ml->ubos[i].stages);
      for (unsigned j = 0; src && src != dst && j < src->linked->num_ubos;
           j++) {
         if (!strcmp(src->linked->ubos[j].name, ml->ubos[i].name))
            dst->ubo_bindings[i] = src->ubo_bindings[j];
      }
   }
   bool ssbo_changed = false;
   for (unsigned i = 0; dst->ssbo_bindings && i < ml->num_ssbos; i++) {
      const struct gl_program_exec *src = owner(p, ml->ssbos[i].stages);
      for (unsigned j = 0; src && src != dst && j < src->linked->num_ssbos;
           j++) {
         if (!strcmp(src->linked->ssbos[j].name, ml->ssbos[i].name))
            ssbo_changed |= copy_changed(&dst->ssbo_bindings[i],
                                         &src->ssbo_bindings[j],
                                         sizeof(GLuint));
      }
   }
   if (ssbo_changed)
      dst->ssbo_bindings_stamp++;
}

struct gl_program_exec *
_mesa_pipeline_exec(struct gl_context *ctx)
{
   struct gl_pipeline_object *p = ctx->Pipeline;

   if (!p)
      return NULL;
   if (!merged_current(p) || (!p->Merged && !p->MergedFailed)) {
      link_merged(ctx, p);
      ctx->NewState |= ST_NEW_PROGRAM | ST_NEW_CONSTANTS |
                       ST_NEW_VERTEX_ARRAYS | ST_NEW_SAMPLER_VIEWS |
                       ST_NEW_SAMPLERS;
   }
   if (p->MergedFailed || !p->Merged || !p->Merged->exec)
      return NULL;
   sync_uniforms(p, p->Merged->exec);
   return p->Merged->exec;
}

/* GL 4.6 11.1.3.11's list of what makes a pipeline invalid; NULL when
 * it is valid, else the reason. */
static const char *
pipeline_invalid(struct gl_context *ctx, struct gl_pipeline_object *p)
{
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      const struct gl_program_object *prog = p->Stage[s];
      if (!prog)
         continue;
      if (!prog->Separable || !prog->exec || !prog->exec->separable)
         return "error: a program bound to a stage is not separable\n";
      /* a program active for some but not all of its stages */
      unsigned linked = prog->exec->linked->stages;
      for (unsigned t = 0; t < MESA_SHADER_STAGES; t++) {
         if ((linked & (1u << t)) && p->Stage[t] != prog)
            return "error: a program is bound to some of its stages but "
                   "not all\n";
      }
   }
   /* one program on two stages with another program's stage between them
    * (gl_shader_stage runs in pipeline order up to the fragment stage) */
   for (unsigned s = 0; s <= MESA_SHADER_FRAGMENT; s++) {
      for (unsigned m = s + 1; p->Stage[s] && m <= MESA_SHADER_FRAGMENT;
           m++) {
         for (unsigned e = m + 1; p->Stage[m] && p->Stage[m] != p->Stage[s] &&
                                  e <= MESA_SHADER_FRAGMENT;
              e++) {
            if (p->Stage[e] == p->Stage[s])
               return "error: a program's stages are split by another "
                      "program's\n";
         }
      }
   }
   /* a geometry (or tessellation) program needs a vertex program */
   if (!p->Stage[MESA_SHADER_VERTEX] &&
       (p->Stage[MESA_SHADER_GEOMETRY] || p->Stage[MESA_SHADER_TESS_CTRL] ||
        p->Stage[MESA_SHADER_TESS_EVAL]))
      return "error: the pipeline has a geometry program but no vertex "
             "program\n";
   /* ES 3.1 11.1.3.11: both a vertex and a fragment stage */
   if (_mesa_is_gles(ctx) && !p->Stage[MESA_SHADER_COMPUTE] &&
       (!p->Stage[MESA_SHADER_VERTEX] || !p->Stage[MESA_SHADER_FRAGMENT]))
      return "error: the pipeline has no vertex or no fragment program\n";
   if (!merged_current(p) || (!p->Merged && !p->MergedFailed))
      link_merged(ctx, p);
   if (p->MergedFailed || !p->Merged || !p->Merged->exec)
      return "";
   /* GL 4.6 11.1.3.11: samplers of different types on one unit */
   sync_uniforms(p, p->Merged->exec);
   if (_mesa_sampler_unit_conflict(p->Merged->exec) >= 0)
      return "error: active samplers of different types refer to the "
             "same texture image unit\n";
   return NULL;
}

void GLAPIENTRY
_mesa_ValidateProgramPipeline(GLuint pipeline)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_pipeline_object *p =
      lookup_pipeline(ctx, pipeline, "glValidateProgramPipeline");

   if (!p)
      return;
   const char *why = pipeline_invalid(ctx, p);
   p->ValidateStatus = why == NULL;
   if (why && why[0])
      set_log(p, why);
   else if (!why)
      set_log(p, NULL);
}

bool
_mesa_pipeline_draw_allows(struct gl_context *ctx, const char *func)
{
   if (ctx->CurrentProgram || !ctx->Pipeline)
      return true;
   if (!pipeline_invalid(ctx, ctx->Pipeline))
      return true;
   _mesa_error(ctx, GL_INVALID_OPERATION, "%s(invalid program pipeline)",
               func);
   return false;
}

void GLAPIENTRY
_mesa_GetProgramPipelineiv(GLuint pipeline, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_pipeline_object *p =
      lookup_pipeline(ctx, pipeline, "glGetProgramPipelineiv");
   static const GLenum stage_enums[MESA_SHADER_STAGES] = {
      [MESA_SHADER_VERTEX] = GL_VERTEX_SHADER,
      [MESA_SHADER_TESS_CTRL] = GL_TESS_CONTROL_SHADER,
      [MESA_SHADER_TESS_EVAL] = GL_TESS_EVALUATION_SHADER,
      [MESA_SHADER_GEOMETRY] = GL_GEOMETRY_SHADER,
      [MESA_SHADER_FRAGMENT] = GL_FRAGMENT_SHADER,
      [MESA_SHADER_COMPUTE] = GL_COMPUTE_SHADER,
   };

   if (!p)
      return;
   switch (pname) {
   case GL_ACTIVE_PROGRAM:
      *params = p->Active ? (GLint)p->Active->Name : 0;
      return;
   case GL_VALIDATE_STATUS:
      *params = p->ValidateStatus;
      return;
   case GL_INFO_LOG_LENGTH:
      *params = p->InfoLog && p->InfoLog[0]
                   ? (GLint)strlen(p->InfoLog) + 1
                   : 0;
      return;
   default:
      break;
   }
   for (unsigned s = 0; s < MESA_SHADER_STAGES; s++) {
      if (stage_enums[s] == pname && has_stage(ctx, s)) {
         *params = p->Stage[s] ? (GLint)p->Stage[s]->Name : 0;
         return;
      }
   }
   _mesa_error(ctx, GL_INVALID_ENUM, "glGetProgramPipelineiv(pname=0x%x)",
               pname);
}

void GLAPIENTRY
_mesa_GetProgramPipelineInfoLog(GLuint pipeline, GLsizei bufSize,
                                GLsizei *length, GLchar *infoLog)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_pipeline_object *p =
      lookup_pipeline(ctx, pipeline, "glGetProgramPipelineInfoLog");

   if (!p)
      return;
   if (bufSize < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE,
                  "glGetProgramPipelineInfoLog(bufSize)");
      return;
   }
   const char *log = p->InfoLog ? p->InfoLog : "";
   size_t len = strlen(log);
   if (bufSize > 0) {
      len = MIN2(len, (size_t)bufSize - 1);
      memcpy(infoLog, log, len);
      infoLog[len] = 0;
   } else {
      len = 0;
   }
   if (length)
      *length = (GLsizei)len;
}
