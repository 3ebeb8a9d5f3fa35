/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Query objects (ES 3.0 sections 2.13 and 4.1.6): occlusion predicates
 * and primitives written, each over a pipe query of the context; timer
 * queries (ARB_timer_query, EXT_disjoint_timer_query): GL_TIME_ELAPSED
 * and glQueryCounter(GL_TIMESTAMP) over PIPE_QUERY_TIME_ELAPSED and
 * PIPE_QUERY_TIMESTAMP, in nanoseconds.
 */
#include <stdint.h>
#include <stdlib.h>

#include "main/context.h"
#include "main/extensions.h"
#include "main/hash.h"
#include "main/transformfeedback.h"
#include "state_tracker/st_context.h"
#include "util/hash_table.h"
#include "util/u_math.h"

/* Queries the front end answers itself, with no pipe query: GL 3.0
 * GL_PRIMITIVES_GENERATED.  With no geometry shaders, the primitives a
 * draw generates follow from its mode and counts
 * (_mesa_count_generated_primitives), per run between restart indices
 * when primitive restart is on (st_draw.c). */
#define QUERY_ON_CPU (~0u)

/* CurrentQuery[] slot and pipe query type of a target; -1 if none. */
static int
query_index(GLenum target, unsigned *pipe_type)
{
   switch (target) {
   case GL_ANY_SAMPLES_PASSED:
      *pipe_type = PIPE_QUERY_OCCLUSION_PREDICATE;
      return 0;
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:
      *pipe_type = PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE;
      return 1;
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      *pipe_type = PIPE_QUERY_PRIMITIVES_EMITTED;
      return 2;
   case GL_SAMPLES_PASSED: /* desktop GL 1.5 occlusion queries */
      *pipe_type = PIPE_QUERY_OCCLUSION_COUNTER;
      return 3;
   case GL_PRIMITIVES_GENERATED: /* desktop GL 3.0, counted by the CPU */
      *pipe_type = QUERY_ON_CPU;
      return 4;
   case GL_TIME_ELAPSED: /* ARB_timer_query, EXT_disjoint_timer_query */
      *pipe_type = PIPE_QUERY_TIME_ELAPSED;
      return 5;
   default:
      return -1;
   }
}

#define NUM_QUERY_INDICES 12
/* ARB_transform_feedback3: the primitive queries count per vertex
 * stream, each stream s > 0 a CurrentQuery slot of its own from here */
#define FIRST_STREAM_INDEX 6
#define QUERY_STREAMS 4

static bool
is_stream_target(GLenum target)
{
   return target == GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN ||
          target == GL_PRIMITIVES_GENERATED;
}

/* The CurrentQuery slot of the query of target base slot `index` on
 * vertex stream `stream` (0 for the others). */
static int
stream_slot(int index, unsigned stream)
{
   if (index < 0 || !stream)
      return index;
   return FIRST_STREAM_INDEX + (index == 2 ? 0 : QUERY_STREAMS - 1) +
          (int)stream - 1;
}

struct gl_query_object *
_mesa_generated_query(struct gl_context *ctx, unsigned stream)
{
   return stream < QUERY_STREAMS ? ctx->CurrentQuery[stream_slot(4, stream)]
                                 : NULL;
}

/* ARB_transform_feedback3, Errors: INVALID_VALUE for an index at or past
 * MAX_VERTEX_STREAMS of the primitive queries, not 0 of the others. */
static bool
check_query_stream(struct gl_context *ctx, GLenum target, GLuint stream,
                   const char *func)
{
   GLuint max = is_stream_target(target)
                   ? (GLuint)MIN2(MAX2(ctx->Const.MaxVertexStreams, 1),
                                  QUERY_STREAMS)
                   : 1;
   if (stream >= max) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, stream);
      return false;
   }
   return true;
}

/* ARB_timer_query (desktop) or EXT_disjoint_timer_query (ES). */
static bool
has_timer_queries(struct gl_context *ctx)
{
   return _mesa_has_extension(ctx, _mesa_is_gles(ctx)
                                      ? "GL_EXT_disjoint_timer_query"
                                      : "GL_ARB_timer_query");
}

/* query_index, with the desktop-only targets refused in ES contexts and
 * the timer ones without the extension. */
static int
query_index_of(struct gl_context *ctx, GLenum target, unsigned *pipe_type)
{
   if (_mesa_is_gles(ctx) &&
       (target == GL_SAMPLES_PASSED || target == GL_PRIMITIVES_GENERATED))
      return -1;
   if (target == GL_TIME_ELAPSED && !has_timer_queries(ctx))
      return -1;
   return query_index(target, pipe_type);
}

static struct hash_table *
queries(struct gl_context *ctx)
{
   if (!ctx->Queries)
      ctx->Queries = _mesa_name_table_create();
   return ctx->Queries;
}

static void
free_query(struct gl_context *ctx, struct gl_query_object *q)
{
   if (q->pq)
      ctx->st->pipe->destroy_query(ctx->st->pipe, q->pq);
   free(q);
}

void
_mesa_free_query_objects(struct gl_context *ctx)
{
   if (!ctx->Queries)
      return;
   hash_table_foreach(ctx->Queries, e) {
      if (e->data != GL_NAME_RESERVED)
         free_query(ctx, e->data);
   }
   _mesa_name_table_destroy(ctx->Queries);
   ctx->Queries = NULL;
}

void GLAPIENTRY
_mesa_GenQueries(GLsizei n, GLuint *ids)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGenQueries(n < 0)");
      return;
   }
   if (!queries(ctx) || !_mesa_name_gen(queries(ctx), &ctx->NextQuery, n, ids))
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "glGenQueries");
}

GLboolean GLAPIENTRY
_mesa_IsQuery(GLuint id)
{
   GET_CURRENT_CONTEXT(ctx);

   return ctx && queries(ctx) &&
          _mesa_name_lookup_object(queries(ctx), id) != NULL;
}

void GLAPIENTRY
_mesa_DeleteQueries(GLsizei n, const GLuint *ids)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDeleteQueries(n < 0)");
      return;
   }
   for (GLsizei i = 0; queries(ctx) && i < n; i++) {
      void *obj = _mesa_name_lookup(ctx->Queries, ids[i]);
      if (!obj)
         continue;
      if (obj != GL_NAME_RESERVED) {
         struct gl_query_object *q = obj;
         /* Deleting an active query ends it (ES 3.0 section 2.13). */
         if (ctx->CondRender.Query == q) {
            ctx->CondRender.Query = NULL;
            ctx->CondRender.Skip = false;
         }
         for (unsigned k = 0; k < NUM_QUERY_INDICES; k++) {
            if (ctx->CurrentQuery[k] == q) {
               if (q->pq)
                  ctx->st->pipe->end_query(ctx->st->pipe, q->pq);
               ctx->CurrentQuery[k] = NULL;
            }
         }
         free_query(ctx, q);
      }
      _mesa_name_remove(ctx->Queries, ids[i]);
   }
}

/* glBeginQuery and glBeginQueryIndexed: query id begins on vertex
 * stream `stream`. */
static void
begin_query(struct gl_context *ctx, GLenum target, GLuint stream, GLuint id,
            const char *func)
{
   unsigned pipe_type;
   int index = query_index_of(ctx, target, &pipe_type);
   void *obj;
   struct gl_query_object *q;

   if (index < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   if (!check_query_stream(ctx, target, stream, func))
      return;
   index = stream_slot(index, stream);
   if (ctx->CurrentQuery[index]) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(active)", func);
      return;
   }
   /* ARB_occlusion_query2 (GL 3.3 section 2.14): the two occlusion
    * targets exclude each other. */
   if ((target == GL_SAMPLES_PASSED &&
        ctx->CurrentQuery[0] /* ANY_SAMPLES_PASSED */) ||
       (target == GL_ANY_SAMPLES_PASSED && !_mesa_is_gles(ctx) &&
        ctx->CurrentQuery[3] /* SAMPLES_PASSED */)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "%s(other occlusion query active)", func);
      return;
   }
   obj = id && queries(ctx) ? _mesa_name_lookup(ctx->Queries, id) : NULL;
   /* Compatibility contexts keep GL 2.1's rule (section 4.1.7): a name
    * not made by glGenQueries becomes a query object; the others refuse
    * it (GL 3.3 core section 2.14). */
   if (!obj && id && queries(ctx) && !_mesa_is_gles(ctx) &&
       !_mesa_is_desktop_fc(ctx))
      obj = GL_NAME_RESERVED;
   if (!obj) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(id=%u)", func, id);
      return;
   }
   for (unsigned k = 0; k < NUM_QUERY_INDICES; k++) {
      if (ctx->CurrentQuery[k] && ctx->CurrentQuery[k] == obj) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(id active)", func);
         return;
      }
   }
   if (obj == GL_NAME_RESERVED) {
      q = calloc(1, sizeof(*q));
      if (!q) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         return;
      }
      q->Name = id;
      q->Target = target;
      _mesa_name_insert(ctx->Queries, id, q);
   } else {
      q = obj;
      /* ANY_SAMPLES_PASSED and its conservative form may share a query
       * object only of the same target. */
      if (q->Target != target) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(target)", func);
         return;
      }
   }
   if (pipe_type == QUERY_ON_CPU) {
      q->Active = true;
      q->Ready = false;
      q->Result = 0;
      ctx->CurrentQuery[index] = q;
      return;
   }
   /* (the pipe query counts one stream) */
   if (q->pq && q->Stream != stream) {
      ctx->st->pipe->destroy_query(ctx->st->pipe, q->pq);
      q->pq = NULL;
   }
   q->Stream = stream;
   if (!q->pq) {
      q->pq = ctx->st->pipe->create_query
                 ? ctx->st->pipe->create_query(ctx->st->pipe, pipe_type,
                                               stream)
                 : NULL;
      if (!q->pq) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         return;
      }
   }
   q->Active = true;
   q->Ready = false;
   q->Result = 0;
   ctx->st->pipe->begin_query(ctx->st->pipe, q->pq);
   ctx->CurrentQuery[index] = q;
}

void GLAPIENTRY
_mesa_BeginQuery(GLenum target, GLuint id)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   begin_query(ctx, target, 0, id, "glBeginQuery");
}

/* ARB_transform_feedback3 / GL 4.0 */
void GLAPIENTRY
_mesa_BeginQueryIndexed(GLenum target, GLuint index, GLuint id)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   begin_query(ctx, target, index, id, "glBeginQueryIndexed");
}

static void
end_query(struct gl_context *ctx, GLenum target, GLuint stream,
          const char *func)
{
   unsigned pipe_type;
   int index = query_index_of(ctx, target, &pipe_type);
   struct gl_query_object *q;

   if (index < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   if (!check_query_stream(ctx, target, stream, func))
      return;
   index = stream_slot(index, stream);
   q = ctx->CurrentQuery[index];
   if (!q) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not active)", func);
      return;
   }
   if (q->pq)
      ctx->st->pipe->end_query(ctx->st->pipe, q->pq);
   else
      q->Ready = true; /* counted as the draws were made */
   q->Active = false;
   ctx->CurrentQuery[index] = NULL;
}

void GLAPIENTRY
_mesa_EndQuery(GLenum target)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   end_query(ctx, target, 0, "glEndQuery");
}

void GLAPIENTRY
_mesa_EndQueryIndexed(GLenum target, GLuint index)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   end_query(ctx, target, index, "glEndQueryIndexed");
}

static void
get_query(struct gl_context *ctx, GLenum target, GLuint stream, GLenum pname,
          GLint *params, const char *func)
{
   unsigned pipe_type;
   int index = query_index_of(ctx, target, &pipe_type);

   if (target == GL_TIMESTAMP && has_timer_queries(ctx) &&
       !check_query_stream(ctx, target, stream, func))
      return;
   /* GL_TIMESTAMP: counter bits, and no current query (ARB_timer_query,
    * EXT_disjoint_timer_query section 6.1.9). */
   if (target == GL_TIMESTAMP && has_timer_queries(ctx)) {
      if (pname == GL_QUERY_COUNTER_BITS)
         *params = 64;
      else if (pname == GL_CURRENT_QUERY)
         *params = 0;
      else
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname)", func);
      return;
   }
   if (index >= 0 && !check_query_stream(ctx, target, stream, func))
      return;
   if (index >= 0 && pname == GL_QUERY_COUNTER_BITS &&
       (!_mesa_is_gles(ctx) || target == GL_TIME_ELAPSED)) {
      *params = 64; /* the pipe query results are 64-bit */
      return;
   }
   if (index < 0 || pname != GL_CURRENT_QUERY) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s", func);
      return;
   }
   index = stream_slot(index, stream);
   *params =
      ctx->CurrentQuery[index] ? (GLint)ctx->CurrentQuery[index]->Name : 0;
}

void GLAPIENTRY
_mesa_GetQueryiv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   get_query(ctx, target, 0, pname, params, "glGetQueryiv");
}

void GLAPIENTRY
_mesa_GetQueryIndexediv(GLenum target, GLuint index, GLenum pname,
                        GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   get_query(ctx, target, index, pname, params, "glGetQueryIndexediv");
}

/* The result or availability of query id, as 64 bits; false after a GL
 * error. */
static bool
query_object_value(struct gl_context *ctx, GLuint id, GLenum pname,
                   uint64_t *value, const char *func)
{
   struct gl_query_object *q =
      queries(ctx) ? _mesa_name_lookup_object(ctx->Queries, id) : NULL;
   union pipe_query_result result;

   if (!q || q->Active || (!q->pq && q->Target != GL_PRIMITIVES_GENERATED)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(id=%u)", func, id);
      return false;
   }
   if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname)", func);
      return false;
   }
   if (!q->Ready) {
      bool wait = pname == GL_QUERY_RESULT;
      if (wait)
         st_context_flush(ctx->st, 0, NULL);
      if (ctx->st->pipe->get_query_result(ctx->st->pipe, q->pq, wait,
                                          &result)) {
         q->Ready = true;
         q->Result = q->Target == GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN ||
                           q->Target == GL_SAMPLES_PASSED ||
                           q->Target == GL_TIME_ELAPSED ||
                           q->Target == GL_TIMESTAMP
                        ? result.u64
                        : result.b;
      }
   }
   *value = pname == GL_QUERY_RESULT_AVAILABLE ? q->Ready : q->Result;
   return true;
}

void GLAPIENTRY
_mesa_GetQueryObjectuiv(GLuint id, GLenum pname, GLuint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   uint64_t v;

   /* Too large a value gives the largest one of the type (GL 3.3
    * section 6.1.7). */
   if (query_object_value(ctx, id, pname, &v, "glGetQueryObjectuiv"))
      *params = v > UINT32_MAX ? UINT32_MAX : (GLuint)v;
}

/* GL 3.3 / ARB_timer_query, EXT_disjoint_timer_query: 64-bit results. */
void GLAPIENTRY
_mesa_GetQueryObjectui64v(GLuint id, GLenum pname, GLuint64 *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   uint64_t v;

   if (!has_timer_queries(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGetQueryObjectui64v");
      return;
   }
   if (query_object_value(ctx, id, pname, &v, "glGetQueryObjectui64v"))
      *params = v;
}

void GLAPIENTRY
_mesa_GetQueryObjecti64v(GLuint id, GLenum pname, GLint64 *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   uint64_t v;

   if (!has_timer_queries(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGetQueryObjecti64v");
      return;
   }
   if (query_object_value(ctx, id, pname, &v, "glGetQueryObjecti64v"))
      *params = v > INT64_MAX ? INT64_MAX : (GLint64)v;
}

/* ARB_timer_query / EXT_disjoint_timer_query: records the GL time once
 * the commands before it have been sent (GL 3.3 section 5.4). */
void GLAPIENTRY
_mesa_QueryCounter(GLuint id, GLenum target)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_query_object *q;
   void *obj;

   if (!has_timer_queries(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glQueryCounter");
      return;
   }
   if (target != GL_TIMESTAMP) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glQueryCounter(target=0x%x)",
                  target);
      return;
   }
   obj = id && queries(ctx) ? _mesa_name_lookup(ctx->Queries, id) : NULL;
   if (!obj) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glQueryCounter(id=%u)", id);
      return;
   }
   for (unsigned k = 0; k < NUM_QUERY_INDICES; k++) {
      if (ctx->CurrentQuery[k] && ctx->CurrentQuery[k] == obj) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "glQueryCounter(active)");
         return;
      }
   }
   if (obj == GL_NAME_RESERVED) {
      q = calloc(1, sizeof(*q));
      if (!q) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glQueryCounter");
         return;
      }
      q->Name = id;
      q->Target = GL_TIMESTAMP;
      _mesa_name_insert(ctx->Queries, id, q);
   } else {
      q = obj;
      if (q->Target != GL_TIMESTAMP) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "glQueryCounter(target)");
         return;
      }
   }
   if (!q->pq) {
      q->pq = ctx->st->pipe->create_query(ctx->st->pipe,
                                          PIPE_QUERY_TIMESTAMP, 0);
      if (!q->pq) {
         _mesa_error(ctx, GL_OUT_OF_MEMORY, "glQueryCounter");
         return;
      }
   }
   q->Ready = false;
   q->Result = 0;
   /* The commands before it are sent first. */
   st_context_flush(ctx->st, 0, NULL);
   ctx->st->pipe->end_query(ctx->st->pipe, q->pq);
}

/* GL 1.5: the signed form, for desktop contexts. */
void GLAPIENTRY
_mesa_GetQueryObjectiv(GLuint id, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   uint64_t v;

   if (query_object_value(ctx, id, pname, &v, "glGetQueryObjectiv"))
      *params = v > INT32_MAX ? INT32_MAX : (GLint)v;
}

/* Primitives of one instance of a draw (GL 3.0 section 2.6.1); the
 * incomplete ones at the end count for nothing. */
static uint64_t
primitives_of(GLenum mode, uint64_t n)
{
   switch (mode) {
   case GL_POINTS:
      return n;
   case GL_LINES:
      return n / 2;
   case GL_LINE_LOOP:
      return n >= 2 ? n : 0;
   case GL_LINE_STRIP:
      return n >= 2 ? n - 1 : 0;
   case GL_TRIANGLES:
      return n / 3;
   case GL_TRIANGLE_STRIP:
   case GL_TRIANGLE_FAN:
      return n >= 3 ? n - 2 : 0;
   case GL_QUADS:
      return n / 4;
   case GL_QUAD_STRIP:
      return n >= 4 ? (n - 2) / 2 : 0;
   case GL_POLYGON:
      return n >= 3 ? 1 : 0;
   default:
      return 0;
   }
}

void
_mesa_count_generated_primitives(struct gl_context *ctx, GLenum mode,
                                 GLsizei count, GLsizei instances)
{
   struct gl_query_object *q = ctx->CurrentQuery[4]; /* stream 0 */
   if (!q || count <= 0 || instances <= 0)
      return;
   uint64_t n = primitives_of(mode, (uint64_t)count);

   /* While capturing, quads and polygons are the triangles transform
    * feedback records (GL 3.0 compatibility section 2.15; llvmpipe
    * counts those too, piglit's ext_transform_feedback tessellation) */
   if (_mesa_transform_feedback_capturing(ctx)) {
      if (mode == GL_QUADS || mode == GL_QUAD_STRIP)
         n *= 2;
      else if (mode == GL_POLYGON)
         n = count >= 3 ? (uint64_t)count - 2 : 0;
   }
   q->Result += n * (uint64_t)instances;
}

/* EXT_occlusion_query_boolean (ES 2.0): the ES 3.0 query entry points
 * under the extension's names (the registry does not alias them). */
void GLAPIENTRY
_mesa_GenQueriesEXT(GLsizei n, GLuint *ids)
{
   _mesa_GenQueries(n, ids);
}

void GLAPIENTRY
_mesa_DeleteQueriesEXT(GLsizei n, const GLuint *ids)
{
   _mesa_DeleteQueries(n, ids);
}

GLboolean GLAPIENTRY
_mesa_IsQueryEXT(GLuint id)
{
   return _mesa_IsQuery(id);
}

void GLAPIENTRY
_mesa_BeginQueryEXT(GLenum target, GLuint id)
{
   _mesa_BeginQuery(target, id);
}

void GLAPIENTRY
_mesa_EndQueryEXT(GLenum target)
{
   _mesa_EndQuery(target);
}

void GLAPIENTRY
_mesa_GetQueryivEXT(GLenum target, GLenum pname, GLint *params)
{
   _mesa_GetQueryiv(target, pname, params);
}

void GLAPIENTRY
_mesa_GetQueryObjectuivEXT(GLuint id, GLenum pname, GLuint *params)
{
   _mesa_GetQueryObjectuiv(id, pname, params);
}
