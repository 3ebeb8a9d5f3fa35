/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Framebuffer parameters (ARB_framebuffer_no_attachments, GL 4.3 section
 * 9.2.1; ES 3.1 section 9.2.1): the default width, height, layers
 * (desktop), samples and fixed sample locations of a framebuffer object,
 * which give its size when nothing is attached (fbobject.c's
 * completeness), and their limits.  Rendering without attachments draws
 * single-sampled: the default samples are only stored.
 */
#include "main/context.h"
#include "main/fbobject.h"

/* ES 3.1 table 20.46 minimums for the width and height (GL 4.3: 16384),
 * within what the asahi driver's framebuffers take. */
#define MAX_DEFAULT_SIZE 16384

static bool
has_framebuffer_params(const struct gl_context *ctx)
{
   return _mesa_is_desktop_or_gles31(ctx);
}

/* The parameters of this context's API: ES 3.1 has no layers (ES 3.2
 * and OES_geometry_shader add them). */
static bool
valid_pname(const struct gl_context *ctx, GLenum pname)
{
   switch (pname) {
   case GL_FRAMEBUFFER_DEFAULT_WIDTH:
   case GL_FRAMEBUFFER_DEFAULT_HEIGHT:
   case GL_FRAMEBUFFER_DEFAULT_SAMPLES:
   case GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS:
      return true;
   case GL_FRAMEBUFFER_DEFAULT_LAYERS:
      return !_mesa_is_gles(ctx);
   default:
      return false;
   }
}

/* The bound framebuffer object of target after the errors both commands
 * share (INVALID_ENUM target or pname, INVALID_OPERATION for the default
 * framebuffer); NULL when one was raised. */
static struct gl_framebuffer *
bound_object(struct gl_context *ctx, GLenum target, GLenum pname,
             const char *func)
{
   if (!has_framebuffer_params(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in this context)", func);
      return NULL;
   }
   struct gl_framebuffer **b = _mesa_framebuffer_binding(ctx, target);
   if (!b) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return NULL;
   }
   if (!valid_pname(ctx, pname)) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
      return NULL;
   }
   if (!*b || !(*b)->Name) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(default framebuffer)",
                  func);
      return NULL;
   }
   return *b;
}

void GLAPIENTRY
_mesa_FramebufferParameteri(GLenum target, GLenum pname, GLint param)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   const char *func = "glFramebufferParameteri";
   struct gl_framebuffer *fb = bound_object(ctx, target, pname, func);
   GLint most = 0;
   bool known;

   if (!fb)
      return;
   switch (pname) {
   case GL_FRAMEBUFFER_DEFAULT_WIDTH:
   case GL_FRAMEBUFFER_DEFAULT_HEIGHT:
      _mesa_get_framebuffer_limit(ctx, GL_MAX_FRAMEBUFFER_WIDTH, &most,
                                  &known);
      break;
   case GL_FRAMEBUFFER_DEFAULT_LAYERS:
      _mesa_get_framebuffer_limit(ctx, GL_MAX_FRAMEBUFFER_LAYERS, &most,
                                  &known);
      break;
   case GL_FRAMEBUFFER_DEFAULT_SAMPLES:
      _mesa_get_framebuffer_limit(ctx, GL_MAX_FRAMEBUFFER_SAMPLES, &most,
                                  &known);
      break;
   default:
      most = 1; /* a boolean: any value */
      break;
   }
   if (param < 0 ||
       (pname != GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS &&
        param > most)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(param=%d)", func, param);
      return;
   }
   switch (pname) {
   case GL_FRAMEBUFFER_DEFAULT_WIDTH:
      fb->DefaultWidth = param;
      break;
   case GL_FRAMEBUFFER_DEFAULT_HEIGHT:
      fb->DefaultHeight = param;
      break;
   case GL_FRAMEBUFFER_DEFAULT_LAYERS:
      fb->DefaultLayers = param;
      break;
   case GL_FRAMEBUFFER_DEFAULT_SAMPLES:
      fb->DefaultSamples = param;
      break;
   default:
      fb->DefaultFixedSampleLocations = param != 0;
      break;
   }
   /* a new size for a framebuffer without attachments */
   if (fb == ctx->DrawBuffer)
      ctx->NewState |= ST_NEW_FRAMEBUFFER;
}

/* GL 4.6 section 9.2.3: desktop GL also queries SAMPLES and
 * SAMPLE_BUFFERS of any framebuffer, the default one too (what piglit's
 * ARB_sample_shading programs ask); true when pname was one of them. */
static bool
get_sample_state(struct gl_context *ctx, GLenum target, GLenum pname,
                 GLint *params)
{
   if (_mesa_is_gles(ctx) ||
       (pname != GL_SAMPLES && pname != GL_SAMPLE_BUFFERS))
      return false;
   struct gl_framebuffer **b = _mesa_framebuffer_binding(ctx, target);
   if (!b) {
      _mesa_error(ctx, GL_INVALID_ENUM,
                  "glGetFramebufferParameteriv(target=0x%x)", target);
      return true;
   }
   if (*b && (*b)->Name)
      _mesa_framebuffer_status(ctx, *b);
   unsigned s = _mesa_framebuffer_samples(*b);
   *params = pname == GL_SAMPLES ? (GLint)s : s > 0;
   return true;
}

void GLAPIENTRY
_mesa_GetFramebufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   if (get_sample_state(ctx, target, pname, params))
      return;
   struct gl_framebuffer *fb =
      bound_object(ctx, target, pname, "glGetFramebufferParameteriv");

   if (!fb)
      return;
   switch (pname) {
   case GL_FRAMEBUFFER_DEFAULT_WIDTH:
      *params = fb->DefaultWidth;
      break;
   case GL_FRAMEBUFFER_DEFAULT_HEIGHT:
      *params = fb->DefaultHeight;
      break;
   case GL_FRAMEBUFFER_DEFAULT_LAYERS:
      *params = fb->DefaultLayers;
      break;
   case GL_FRAMEBUFFER_DEFAULT_SAMPLES:
      *params = fb->DefaultSamples;
      break;
   default:
      *params = fb->DefaultFixedSampleLocations;
      break;
   }
}

bool
_mesa_get_framebuffer_limit(struct gl_context *ctx, GLenum pname,
                            GLint *value, bool *known)
{
   const struct gl_constants *c = &ctx->Const;

   *known = has_framebuffer_params(ctx);
   switch (pname) {
   case GL_MAX_FRAMEBUFFER_WIDTH:
   case GL_MAX_FRAMEBUFFER_HEIGHT:
      *value = c->MaxRenderbufferSize < MAX_DEFAULT_SIZE
                  ? c->MaxRenderbufferSize
                  : MAX_DEFAULT_SIZE;
      return true;
   case GL_MAX_FRAMEBUFFER_LAYERS:
      *known = *known && !_mesa_is_gles(ctx);
      *value = c->MaxArrayTextureLayers;
      return true;
   case GL_MAX_FRAMEBUFFER_SAMPLES:
      *value = c->MaxSamples;
      return true;
   default:
      return false;
   }
}
