/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Conditional rendering (GL 3.0 section 2.18): between
 * glBeginConditionalRender and glEndConditionalRender, draws, clears and
 * glClearBuffer* are discarded when the named occlusion query counted no
 * samples.  The section lets an implementation wait for the result in
 * every mode, which is what this does: the query's result is read (the
 * context flushed and the fence waited) once, at Begin, so the skip
 * decision is exact and needs nothing from the driver.
 */
#include "main/context.h"
#include "main/hash.h"
#include "state_tracker/st_context.h"

void GLAPIENTRY
_mesa_BeginConditionalRender(GLuint id, GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_query_object *q;
   GLuint result = 0;

   switch (mode) {
   case GL_QUERY_WAIT:
   case GL_QUERY_NO_WAIT:
   case GL_QUERY_BY_REGION_WAIT:
   case GL_QUERY_BY_REGION_NO_WAIT:
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glBeginConditionalRender(mode=0x%x)",
                  mode);
      return;
   }
   if (ctx->CondRender.Query) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBeginConditionalRender(already active)");
      return;
   }
   q = ctx->Queries ? _mesa_name_lookup_object(ctx->Queries, id) : NULL;
   /* The name must be an occlusion query that has been run and is not
    * active now. */
   if (!q || !q->pq || q->Active ||
       (q->Target != GL_SAMPLES_PASSED && q->Target != GL_ANY_SAMPLES_PASSED &&
        q->Target != GL_ANY_SAMPLES_PASSED_CONSERVATIVE)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBeginConditionalRender(id=%u)", id);
      return;
   }
   _mesa_GetQueryObjectuiv(id, GL_QUERY_RESULT, &result);
   ctx->CondRender.Query = q;
   ctx->CondRender.Skip = result == 0;
}

void GLAPIENTRY
_mesa_EndConditionalRender(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!ctx->CondRender.Query) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glEndConditionalRender(not active)");
      return;
   }
   ctx->CondRender.Query = NULL;
   ctx->CondRender.Skip = false;
}
