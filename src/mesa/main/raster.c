/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Rasterisation-side state: viewport and scissor rectangles, culling,
 * polygon offset, line width, multisample coverage, hints, pixel storage,
 * and glEnable/glDisable/glIsEnabled (ES 2.0 sections 2.12, 3.4-3.6, 4.1.2,
 * 5.2, 6.1.1).
 */
#include "main/context.h"
#include "main/desktop31.h"
#include "main/extensions.h"
#include "main/texture_multisample.h"
#include "main/varray.h"
#include "main/viewport_array.h"
#include "state_tracker/st_context.h"
#include "util/u_math.h"

void GLAPIENTRY
_mesa_Viewport(GLint x, GLint y, GLsizei width, GLsizei height)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (width < 0 || height < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glViewport(%d, %d)", width, height);
      return;
   }
   /* every viewport (ARB_viewport_array; viewport_array.c clamps) */
   for (unsigned i = 0; i < MAX_VIEWPORTS; i++)
      _mesa_set_viewport(ctx, i, (GLfloat)x, (GLfloat)y, (GLfloat)width,
                         (GLfloat)height);
}

void GLAPIENTRY
_mesa_Scissor(GLint x, GLint y, GLsizei width, GLsizei height)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (width < 0 || height < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glScissor(%d, %d)", width, height);
      return;
   }
   /* every scissor box (ARB_viewport_array) */
   for (unsigned i = 0; i < MAX_VIEWPORTS; i++)
      _mesa_set_scissor(ctx, i, x, y, width, height);
}

void GLAPIENTRY
_mesa_CullFace(GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glCullFace(0x%x)", mode);
      return;
   }
   ctx->Polygon.CullFaceMode = mode;
   ctx->NewState |= ST_NEW_RASTERIZER;
}

void GLAPIENTRY
_mesa_FrontFace(GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (mode != GL_CW && mode != GL_CCW) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glFrontFace(0x%x)", mode);
      return;
   }
   ctx->Polygon.FrontFace = mode;
   ctx->NewState |= ST_NEW_RASTERIZER;
}

void GLAPIENTRY
_mesa_PolygonOffset(GLfloat factor, GLfloat units)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   ctx->Polygon.OffsetFactor = factor;
   ctx->Polygon.OffsetUnits = units;
   ctx->Polygon.OffsetClamp = 0.0f;
   ctx->NewState |= ST_NEW_RASTERIZER;
}

/* EXT_polygon_offset_clamp: glPolygonOffset is this with a clamp of 0
 * (no clamp); the clamp is taken as given, NaN included. */
void GLAPIENTRY
_mesa_PolygonOffsetClampEXT(GLfloat factor, GLfloat units, GLfloat clamp)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glPolygonOffsetClampEXT");
      return;
   }
   ctx->Polygon.OffsetFactor = factor;
   ctx->Polygon.OffsetUnits = units;
   ctx->Polygon.OffsetClamp = clamp;
   ctx->NewState |= ST_NEW_RASTERIZER;
}

void GLAPIENTRY
_mesa_LineWidth(GLfloat width)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!(width > 0.0f)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glLineWidth(%f)", (double)width);
      return;
   }
   ctx->LineWidth = width;
   ctx->NewState |= ST_NEW_RASTERIZER;
}

/* GL 2.1 section 3.4.2: the factor is clamped to [1, 256]; removed from
 * core and ES contexts. */
void GLAPIENTRY
_mesa_LineStipple(GLint factor, GLushort pattern)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glLineStipple(deprecated)");
      return;
   }
   ctx->Line.StippleFactor = CLAMP(factor, 1, 256);
   ctx->Line.StipplePattern = pattern;
   /* and the fixed-function program's ff_line_stipple (line_stipple.c) */
   ctx->NewState |= ST_NEW_RASTERIZER | ST_NEW_CONSTANTS;
}

/* ARB_sample_shading (GL 4.6 section 14.3.1.1): the fraction of samples
 * shaded separately when SAMPLE_SHADING is on, clamped to [0, 1]. */
void GLAPIENTRY
_mesa_MinSampleShading(GLfloat value)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!ctx->Const.SampleShading || _mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glMinSampleShading");
      return;
   }
   ctx->Multisample.MinSampleShadingValue = value < 0.0f   ? 0.0f
                                            : value > 1.0f ? 1.0f
                                                           : value;
   ctx->NewState |= ST_NEW_SAMPLE_MASK;
}

void GLAPIENTRY
_mesa_SampleCoverage(GLfloat value, GLboolean invert)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   ctx->Multisample.SampleCoverageValue = value < 0.0f   ? 0.0f
                                          : value > 1.0f ? 1.0f
                                                         : value;
   ctx->Multisample.SampleCoverageInvert = invert != GL_FALSE;
   ctx->NewState |= ST_NEW_SAMPLE_MASK;
}

/* The hint of a target of GL 2.1 table 6.70 (PERSPECTIVE_CORRECTION_HINT
 * ... FOG_HINT); LINE_SMOOTH_HINT and POLYGON_SMOOTH_HINT stay in the
 * core profile (GL 4.6 table 21.6), the others are compatibility state.
 * NULL for other targets and contexts. */
GLenum *
_mesa_quality_hint(struct gl_context *ctx, GLenum target)
{
   if (_mesa_is_gles(ctx) || target < GL_PERSPECTIVE_CORRECTION_HINT ||
       target > GL_FOG_HINT)
      return NULL;
   if (_mesa_is_desktop_fc(ctx) && target != GL_LINE_SMOOTH_HINT &&
       target != GL_POLYGON_SMOOTH_HINT)
      return NULL;
   return &ctx->Hint.Quality[target - GL_PERSPECTIVE_CORRECTION_HINT];
}

void GLAPIENTRY
_mesa_Hint(GLenum target, GLenum mode)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glHint(mode=0x%x)", mode);
      return;
   }
   switch (target) {
   case GL_GENERATE_MIPMAP_HINT:
      ctx->Hint.GenerateMipmap = mode;
      break;
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
      if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
          !_mesa_has_extension(ctx, "GL_OES_standard_derivatives"))
         goto bad_target;
      ctx->Hint.FragmentShaderDerivative = mode;
      break;
   case GL_TEXTURE_COMPRESSION_HINT:
      /* GL 4.6 section 21.5 (desktop only).  Nothing compresses online,
       * so the hint is only recorded. */
      if (_mesa_is_gles(ctx))
         goto bad_target;
      ctx->Hint.TextureCompression = mode;
      break;
   default: {
      GLenum *quality = _mesa_quality_hint(ctx, target);
      if (!quality)
         goto bad_target;
      *quality = mode;
      break;
   }
   }
   return;
bad_target:
   _mesa_error(ctx, GL_INVALID_ENUM, "glHint(target=0x%x)", target);
}

void GLAPIENTRY
_mesa_PixelStorei(GLenum pname, GLint param)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   bool es3 = !_mesa_is_gles(ctx) || ctx->Version >= 30;
   GLint *dst = NULL;
   bool alignment = false;

   switch (pname) {
   case GL_PACK_ALIGNMENT:
      dst = &ctx->Pixel.PackAlignment;
      alignment = true;
      break;
   case GL_UNPACK_ALIGNMENT:
      dst = &ctx->Pixel.UnpackAlignment;
      alignment = true;
      break;
   /* ES 3.0.6 tables 3.1 and 4.4: counts (ES 3.0 and desktop GL). */
   case GL_UNPACK_ROW_LENGTH:
      /* ES 2.0 too: EXT_unpack_subimage (the row length and the
       * skips of uploads; not the image ones, nor the pack ones). */
      dst = &ctx->Pixel.UnpackRowLength;
      break;
   case GL_UNPACK_IMAGE_HEIGHT:
      dst = es3 ? &ctx->Pixel.UnpackImageHeight : NULL;
      break;
   case GL_UNPACK_SKIP_PIXELS:
      dst = &ctx->Pixel.UnpackSkipPixels;
      break;
   case GL_UNPACK_SKIP_ROWS:
      dst = &ctx->Pixel.UnpackSkipRows;
      break;
   case GL_UNPACK_SKIP_IMAGES:
      dst = es3 ? &ctx->Pixel.UnpackSkipImages : NULL;
      break;
   case GL_PACK_ROW_LENGTH:
      dst = es3 ? &ctx->Pixel.PackRowLength : NULL;
      break;
   case GL_PACK_SKIP_PIXELS:
      dst = es3 ? &ctx->Pixel.PackSkipPixels : NULL;
      break;
   case GL_PACK_SKIP_ROWS:
      dst = es3 ? &ctx->Pixel.PackSkipRows : NULL;
      break;
   /* GL 1.2 table 4.5 (desktop only; ES 3.0 table 4.4 has no 3D pack
    * modes). */
   case GL_PACK_IMAGE_HEIGHT:
      dst = _mesa_is_gles(ctx) ? NULL : &ctx->Pixel.PackImageHeight;
      break;
   case GL_PACK_SKIP_IMAGES:
      dst = _mesa_is_gles(ctx) ? NULL : &ctx->Pixel.PackSkipImages;
      break;
   default:
      break;
   }
   if (!dst && _mesa_pixel_store_flag(ctx, pname, param))
      return;
   if (!dst) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glPixelStorei(pname=0x%x)", pname);
      return;
   }
   if (alignment ? param != 1 && param != 2 && param != 4 && param != 8
                 : param < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glPixelStorei(param=%d)", param);
      return;
   }
   *dst = param;
}

/* Where a capability lives and what changes with it; NULL if cap is not a
 * capability of this context. */
static bool *
capability(struct gl_context *ctx, GLenum cap, uint32_t *dirty)
{
   bool es3 = !_mesa_is_gles(ctx) || ctx->Version >= 30;

   switch (cap) {
   case GL_BLEND:
      *dirty = ST_NEW_BLEND;
      return &ctx->Color.BlendEnabled;
   case GL_CULL_FACE:
      *dirty = ST_NEW_RASTERIZER;
      return &ctx->Polygon.CullFlag;
   case GL_DEPTH_TEST:
      *dirty = ST_NEW_DSA;
      return &ctx->Depth.Test;
   case GL_DITHER:
      *dirty = ST_NEW_BLEND;
      return &ctx->Color.Dither;
   case GL_COLOR_LOGIC_OP: /* logicop.c; desktop GL */
      *dirty = ST_NEW_BLEND;
      return _mesa_is_gles(ctx) ? NULL : &ctx->Color.ColorLogicOpEnabled;
   case GL_POLYGON_STIPPLE: /* polygon_stipple.c; compatibility */
      *dirty = ST_NEW_RASTERIZER;
      return _mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)
                ? NULL
                : &ctx->Polygon.StippleFlag;
   case GL_LINE_STIPPLE: /* compatibility */
      *dirty = ST_NEW_RASTERIZER;
      return _mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)
                ? NULL
                : &ctx->Line.StippleFlag;
   case GL_LINE_SMOOTH: /* GL 3.2 core section 3.5.2, table 6.11 */
      *dirty = 0;
      return _mesa_is_gles(ctx) ? NULL : &ctx->Line.SmoothFlag;
   case GL_POLYGON_SMOOTH: /* GL 3.2 core section 3.6.3, table 6.12 */
      *dirty = 0;
      return _mesa_is_gles(ctx) ? NULL : &ctx->Polygon.SmoothFlag;
   case GL_POINT_SMOOTH: /* GL 2.1 section 3.4.2; compatibility */
      *dirty = 0;
      return _mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)
                ? NULL
                : &ctx->FF.PointParams.SmoothFlag;
   case GL_POINT_SPRITE: /* GL 2.1 section 3.4.1; compatibility */
      *dirty = ST_NEW_RASTERIZER;
      return _mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)
                ? NULL
                : &ctx->FF.PointParams.SpriteFlag;
   case GL_INDEX_LOGIC_OP:
      *dirty = 0;
      return _mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)
                ? NULL
                : &ctx->Color.IndexLogicOpEnabled;
   case GL_POLYGON_OFFSET_FILL:
      *dirty = ST_NEW_RASTERIZER;
      return &ctx->Polygon.OffsetFill;
   case GL_POLYGON_OFFSET_LINE:
   case GL_POLYGON_OFFSET_POINT:
      /* GL 3.0 section 3.5.5, desktop GL only */
      *dirty = ST_NEW_RASTERIZER;
      if (_mesa_is_gles(ctx))
         return NULL;
      return cap == GL_POLYGON_OFFSET_LINE ? &ctx->Polygon.OffsetLine
                                           : &ctx->Polygon.OffsetPoint;
   case GL_SAMPLE_ALPHA_TO_COVERAGE:
      *dirty = ST_NEW_BLEND;
      return &ctx->Multisample.SampleAlphaToCoverage;
   case GL_SAMPLE_ALPHA_TO_ONE: /* GL 4.6 section 17.3.1; not in ES */
      *dirty = ST_NEW_BLEND;
      return _mesa_is_gles(ctx) ? NULL : &ctx->Multisample.SampleAlphaToOne;
   case GL_SAMPLE_COVERAGE:
      *dirty = ST_NEW_SAMPLE_MASK;
      return &ctx->Multisample.SampleCoverage;
   case GL_MULTISAMPLE: /* GL 4.6 section 14.3.1; not in ES 2.0/3.x */
      *dirty = ST_NEW_RASTERIZER | ST_NEW_SAMPLE_MASK | ST_NEW_BLEND;
      return _mesa_is_gles(ctx) ? NULL : &ctx->Multisample.Enabled;
   case GL_SAMPLE_SHADING: /* ARB_sample_shading */
      *dirty = ST_NEW_SAMPLE_MASK;
      return _mesa_is_gles(ctx) || !ctx->Const.SampleShading
                ? NULL
                : &ctx->Multisample.SampleShading;
   case GL_SCISSOR_TEST:
      *dirty = ST_NEW_SCISSOR | ST_NEW_RASTERIZER;
      return &ctx->Scissor.Enabled;
   case GL_STENCIL_TEST:
      *dirty = ST_NEW_DSA;
      return &ctx->Stencil.Enabled;
   case GL_BLEND_ADVANCED_COHERENT_KHR:
      if (!_mesa_has_extension(ctx,
                               "GL_KHR_blend_equation_advanced_coherent"))
         return NULL;
      *dirty = 0;
      return &ctx->Color.BlendCoherent;
   case GL_DEBUG_OUTPUT:
      *dirty = 0; /* see set_enable */
      return &ctx->Debug.Output;
   case GL_DEBUG_OUTPUT_SYNCHRONOUS:
      *dirty = 0;
      return &ctx->Debug.Sync;
   case GL_PRIMITIVE_RESTART_FIXED_INDEX:
      *dirty = 0;
      return es3 ? &ctx->PrimitiveRestartFixedIndex : NULL;
   case GL_PRIMITIVE_RESTART: /* GL 3.1 section 2.8.1 */
      *dirty = 0;
      return _mesa_has_primitive_restart_index(ctx) ? &ctx->PrimitiveRestart
                                                    : NULL;
   case GL_VERTEX_PROGRAM_TWO_SIDE:
      /* GL 3.0 section 2.19.1 (compatibility; deprecated). */
      *dirty = ST_NEW_CONSTANTS;
      return _mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)
                ? NULL
                : &ctx->VertexProgramTwoSide;
   case GL_FRAMEBUFFER_SRGB:
      /* GL 3.0 section 4.1.8: off, sRGB colour buffers are written and
       * blended as linear values; ES always encodes. */
      *dirty = ST_NEW_FRAMEBUFFER;
      return _mesa_is_gles(ctx) ? NULL : &ctx->FramebufferSRGB;
   case GL_RASTERIZER_DISCARD:
      *dirty = ST_NEW_RASTERIZER;
      return es3 ? &ctx->RasterizerDiscard : NULL;
   case GL_DEPTH_CLAMP: /* GL 3.2 section 2.17, ARB_depth_clamp */
      *dirty = ST_NEW_RASTERIZER;
      return _mesa_is_gles(ctx) || !ctx->Const.DepthClamp ? NULL
                                                          : &ctx->DepthClamp;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS:
      /* GL 3.2 section 3.8.8, ARB_seamless_cube_map (st_texture.c) */
      *dirty = ST_NEW_SAMPLERS;
      return _mesa_is_gles(ctx) ? NULL : &ctx->CubeMapSeamless;
   case GL_SAMPLE_MASK: /* GL 3.2 section 4.1.3 */
      *dirty = ST_NEW_SAMPLE_MASK;
      return _mesa_has_texture_multisample(ctx) ? &ctx->Multisample.SampleMask
                                                : NULL;
   case GL_PROGRAM_POINT_SIZE:
      /* GL 3.2 section 3.4 (VERTEX_PROGRAM_POINT_SIZE of GL 2.0) */
      *dirty = ST_NEW_RASTERIZER;
      return _mesa_is_gles(ctx) ? NULL : &ctx->ProgramPointSize;
   case GL_CLIP_PLANE0:
   case GL_CLIP_PLANE1:
   case GL_CLIP_PLANE2:
   case GL_CLIP_PLANE3:
   case GL_CLIP_PLANE4:
   case GL_CLIP_PLANE5:
   case GL_CLIP_PLANE0 + 6:
   case GL_CLIP_PLANE0 + 7:
      /* GL_CLIP_DISTANCEi are the same enums (GL 3.0 2.17) */
      *dirty = ST_NEW_RASTERIZER;
      return _mesa_is_gles(ctx)
                ? NULL
                : &ctx->Transform.ClipPlaneEnabled[cap - GL_CLIP_PLANE0];
   default:
      return NULL;
   }
}

static void
set_enable(GLenum cap, bool state, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   uint32_t dirty;

   struct gl_dl_node n = {.op = state ? DL_ENABLE : DL_DISABLE, .e = {cap}};
   if (_mesa_dlist_save(ctx, &n) || _mesa_inside_begin_end(ctx, func) ||
       _mesa_ff_set_enable(ctx, cap, state))
      return;
   bool *flag = capability(ctx, cap, &dirty);

   if (!flag) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, cap);
      return;
   }
   if (cap == GL_SCISSOR_TEST) { /* every box (ARB_viewport_array) */
      _mesa_set_scissor_test(ctx, 0, true, state);
      return;
   }
   if (cap == GL_BLEND) { /* every draw buffer (GL 3.0 section 4.1.8) */
      ctx->Color.BlendEnabledi = state ? 0xff : 0;
      ctx->NewState |= ST_NEW_BLEND;
   }
   if (*flag != state) {
      *flag = state;
      ctx->NewState |= dirty;
      if (cap == GL_DEBUG_OUTPUT)
         st_update_debug_callback(ctx->st);
   }
}

void GLAPIENTRY
_mesa_Enable(GLenum cap)
{
   set_enable(cap, true, "glEnable");
}

void GLAPIENTRY
_mesa_Disable(GLenum cap)
{
   set_enable(cap, false, "glDisable");
}

bool
_mesa_enable_state(struct gl_context *ctx, GLenum cap, bool *value)
{
   uint32_t dirty;
   bool *flag = capability(ctx, cap, &dirty);

   if (flag)
      *value = *flag;
   return flag != NULL;
}

GLboolean GLAPIENTRY
_mesa_IsEnabled(GLenum cap)
{
   GET_CURRENT_CONTEXT(ctx);
   uint32_t dirty;
   bool *flag;

   if (!ctx)
      return GL_FALSE;
   bool client;
   if (_mesa_client_array_enabled(ctx, cap, &client))
      return client;
   bool ff_on;
   if (_mesa_ff_is_enabled(ctx, cap, &ff_on))
      return ff_on;
   flag = capability(ctx, cap, &dirty);
   if (!flag) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glIsEnabled(0x%x)", cap);
      return GL_FALSE;
   }
   return *flag;
}
