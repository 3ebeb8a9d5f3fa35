/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * GL_KHR_robustness / GL_EXT_robustness / GL_ARB_robustness reset
 * notification (GL 4.5 and ES 3.2 section 2.3.2 "Graphics Reset
 * Recovery"): glGetGraphicsResetStatus asks the driver
 * (pipe_context::get_device_reset_status) whether the GPU lost this
 * context's work.  A reset is reported once, later calls return
 * GL_NO_ERROR.  With GL_NO_RESET_NOTIFICATION (the default strategy) it
 * always returns GL_NO_ERROR.  With GL_LOSE_CONTEXT_ON_RESET (EGL's
 * EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY), once a reset is seen
 * the context is lost:
 * the commands that reach the GPU check _mesa_context_lost() and raise
 * GL_CONTEXT_LOST instead of doing anything.
 */
#include "main/context.h"
#include "main/robustness.h"
#include "state_tracker/st_context.h"

static GLenum
gl_status(enum pipe_reset_status s)
{
   switch (s) {
   case PIPE_GUILTY_CONTEXT_RESET:
      return GL_GUILTY_CONTEXT_RESET;
   case PIPE_INNOCENT_CONTEXT_RESET:
      return GL_INNOCENT_CONTEXT_RESET;
   case PIPE_UNKNOWN_CONTEXT_RESET:
      return GL_UNKNOWN_CONTEXT_RESET;
   case PIPE_NO_RESET:
   default:
      return GL_NO_ERROR;
   }
}

/* Asks the driver; a new reset marks the context lost and is kept in
 * ctx->ResetStatus until glGetGraphicsResetStatus hands it out.
 */
static void
poll_driver(struct gl_context *ctx)
{
   struct pipe_context *pipe = ctx->st ? ctx->st->pipe : NULL;
   /* Without GL_LOSE_CONTEXT_ON_RESET the application never hears of a
    * reset and no GL_CONTEXT_LOST error is raised (that error is not part
    * of ES 2.0); the driver just stops drawing for a faulted context.
    */
   if (ctx->ResetStrategy != GL_LOSE_CONTEXT_ON_RESET || !pipe ||
       !pipe->get_device_reset_status)
      return;
   GLenum status = gl_status(pipe->get_device_reset_status(pipe));
   if (status == GL_NO_ERROR)
      return;
   ctx->ContextLost = true;
   ctx->ResetStatus = status;
   /* No error here: glGetGraphicsResetStatus itself raises none. */
}

bool
_mesa_context_lost_check(struct gl_context *ctx, const char *func)
{
   if (!ctx->ContextLost)
      poll_driver(ctx);
   if (!ctx->ContextLost)
      return false;
   _mesa_error(ctx, GL_CONTEXT_LOST, "%s(context lost after a GPU reset)",
               func);
   return true;
}

GLenum GLAPIENTRY
_mesa_GetGraphicsResetStatus(void)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return GL_NO_ERROR;
   if (!ctx->ContextLost)
      poll_driver(ctx);
   GLenum status = ctx->ResetStatus;
   ctx->ResetStatus = GL_NO_ERROR;
   return status;
}

GLenum GLAPIENTRY
_mesa_GetGraphicsResetStatusARB(void)
{
   return _mesa_GetGraphicsResetStatus();
}
