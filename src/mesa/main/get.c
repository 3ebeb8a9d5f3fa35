/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * glGet{Boolean,Integer,Float}v and glGetString (ES 2.0 section 6.1, state
 * tables 6.2-6.20).  Each state is looked up once into a small typed value;
 * the three getters convert it with the spec's rules (section 6.1.2):
 * floats round to the nearest integer, except colours and depth values,
 * which map [-1, 1] linearly onto the integer range.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "main/bufferobj.h"
#include "main/compute.h"
#include "main/context.h"
#include "main/desktop30.h"
#include "main/desktop31.h"
#include "main/desktop32.h"
#include "main/extensions.h"
#include "main/formats_es3.h"
#include "main/geomshader.h"
#include "main/shaderimage.h"
#include "main/texcompress.h"
#include "main/fbobject.h"
#include "pipe/p_screen.h"
#include "main/texbuffer.h"
#include "main/texgather.h"
#include "main/gpu_shader5.h"
#include "main/texobj.h"
#include "main/texture_integer.h"
#include "main/uniformblocks.h"
#include "main/varray.h"
#include "main/viewport_array.h"
#include "state_tracker/st_context.h"
#include "util/format/u_format.h"

enum value_type {
   TYPE_INT, /* also enums and booleans stored as ints */
   TYPE_BOOL,
   TYPE_FLOAT,
   TYPE_FLOAT_NORM, /* colours, depth: normalised conversion to int */
};

struct value {
   enum value_type type;
   unsigned n;
   union {
      /* 64: the longest list, GL_COMPRESSED_TEXTURE_FORMATS. */
      GLint i[64];
      GLfloat f[64];
   };
};

_Static_assert(MESA_MAX_COMPRESSED_FORMATS <= 64,
               "struct value holds GL_COMPRESSED_TEXTURE_FORMATS");

static void
set_i(struct value *v, unsigned n, const GLint *i)
{
   v->type = TYPE_INT;
   v->n = n;
   memcpy(v->i, i, n * sizeof(GLint));
}

static void
int1(struct value *v, GLint i)
{
   set_i(v, 1, &i);
}

static void
bool1(struct value *v, bool b)
{
   v->type = TYPE_BOOL;
   v->n = 1;
   v->i[0] = b;
}

static void
float_n(struct value *v, enum value_type type, unsigned n, const GLfloat *f)
{
   v->type = type;
   v->n = n;
   memcpy(v->f, f, n * sizeof(GLfloat));
}

/* Bits of a channel of the draw framebuffer's colour/depth/stencil. */
static GLint
channel_bits(struct gl_context *ctx, GLenum pname)
{
   struct gl_framebuffer *fb = ctx->DrawBuffer;
   struct gl_renderbuffer *rb;
   const struct util_format_description *d;
   int swz;

   if (!fb)
      return 0;
   switch (pname) {
   case GL_RED_BITS:
      rb = fb->Attachment[BUFFER_COLOR0];
      swz = 0;
      break;
   case GL_GREEN_BITS:
      rb = fb->Attachment[BUFFER_COLOR0];
      swz = 1;
      break;
   case GL_BLUE_BITS:
      rb = fb->Attachment[BUFFER_COLOR0];
      swz = 2;
      break;
   case GL_ALPHA_BITS:
      rb = fb->Attachment[BUFFER_COLOR0];
      swz = 3;
      break;
   case GL_DEPTH_BITS:
      rb = fb->Attachment[BUFFER_DEPTH];
      swz = 0;
      break;
   default:
      rb = fb->Attachment[BUFFER_STENCIL];
      swz = 1;
      break;
   }
   if (!rb || !rb->texture)
      return 0;
   d = util_format_description(rb->texture->format);
   if (!d || d->swizzle[swz] > PIPE_SWIZZLE_W)
      return 0;
   return d->channel[d->swizzle[swz]].size;
}

/* Implementation limits that are one integer of gl_constants, with the
 * first ES version (x10) that has the pname; desktop GL has them all. */
static const struct {
   GLenum pname;
   int gles_version;
   size_t offset_B;
} const_ints[] = {
#define CONST_INT(pname, gles_version, field)                                  \
   {(pname), (gles_version), offsetof(struct gl_constants, field)}
   CONST_INT(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 20,
             MaxCombinedTextureImageUnits),
   CONST_INT(GL_MAX_CUBE_MAP_TEXTURE_SIZE, 20, MaxCubeMapTextureSize),
   CONST_INT(GL_MAX_FRAGMENT_UNIFORM_VECTORS, 20, MaxFragmentUniformVectors),
   CONST_INT(GL_MAX_RENDERBUFFER_SIZE, 20, MaxRenderbufferSize),
   CONST_INT(GL_MAX_TEXTURE_IMAGE_UNITS, 20, MaxTextureImageUnits),
   CONST_INT(GL_MAX_TEXTURE_SIZE, 20, MaxTextureSize),
   CONST_INT(GL_MAX_VARYING_VECTORS, 20, MaxVaryingVectors),
   CONST_INT(GL_MAX_VERTEX_ATTRIBS, 20, MaxVertexAttribs),
   CONST_INT(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 20, MaxVertexTextureImageUnits),
   CONST_INT(GL_MAX_VERTEX_UNIFORM_VECTORS, 20, MaxVertexUniformVectors),
   CONST_INT(GL_SUBPIXEL_BITS, 20, SubpixelBits),
   CONST_INT(GL_MAX_3D_TEXTURE_SIZE, 30, Max3DTextureSize),
   CONST_INT(GL_MAX_ARRAY_TEXTURE_LAYERS, 30, MaxArrayTextureLayers),
   /* ES 2.0 with GL_EXT_draw_buffers, which every ES context offers */
   CONST_INT(GL_MAX_DRAW_BUFFERS, 20, MaxDrawBuffers),
   CONST_INT(GL_MAX_COLOR_ATTACHMENTS, 20, MaxDrawBuffers),
   CONST_INT(GL_MAX_SAMPLES, 30, MaxSamples),
#undef CONST_INT
};

/* Looks pname up in const_ints; false if it is not there. */
static bool
get_const_int(struct gl_context *ctx, GLenum pname, bool *known,
              struct value *v)
{
   for (unsigned i = 0; i < sizeof(const_ints) / sizeof(const_ints[0]); i++) {
      if (const_ints[i].pname != pname)
         continue;
      *known =
         !_mesa_is_gles(ctx) || ctx->Version >= const_ints[i].gles_version;
      /* GL_MAX_3D_TEXTURE_SIZE_OES: ES 2.0 with OES_texture_3D */
      if (pname == GL_MAX_3D_TEXTURE_SIZE)
         *known |= _mesa_tex_target_index(ctx, GL_TEXTURE_3D) >= 0;
      if (*known) {
         GLint value;
         memcpy(&value, (const char *)&ctx->Const + const_ints[i].offset_B,
                sizeof(value));
         int1(v, value);
      }
      return true;
   }
   return false;
}

/* ES 3.0 implementation limits with no gl_constants field of their own
 * (ES 3.0.6 tables 6.28-6.32; the values are AGX's as Mesa's asahi driver
 * reports them, alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_pipe.c,
 * or follow from other limits).  False if pname is not one of them. */
static bool
get_es3_limit(struct gl_context *ctx, GLenum pname, bool *known,
              struct value *v)
{
   const struct gl_constants *c = &ctx->Const;

   *known = !_mesa_is_gles(ctx) || ctx->Version >= 30;
   switch (pname) {
   case GL_MAX_TEXTURE_LOD_BIAS:
      float_n(v, TYPE_FLOAT, 1, (const GLfloat[]){16.0f});
      return true;
   case GL_MIN_PROGRAM_TEXEL_OFFSET:
      int1(v, -8);
      return true;
   case GL_MAX_PROGRAM_TEXEL_OFFSET:
      int1(v, 7);
      return true;
   case GL_MAX_ELEMENT_INDEX:
      /* 32-bit indices are fetched as they are; glGetIntegerv clamps the
       * 2^32 - 1 of glGetInteger64v (ES 3.0 section 6.1.2). */
      int1(v, 0x7fffffff);
      return true;
   case GL_MAX_ELEMENTS_INDICES:
   case GL_MAX_ELEMENTS_VERTICES:
      /* glDrawRangeElements' recommended maxima (ES 3.0.6 section
       * 2.9.3, table 6.28; GL 1.2 and later): nothing of ours slows down
       * past a count, so a value apps sizing buffers by it can live
       * with. */
      int1(v, 65536);
      return true;
   case GL_MAX_UNIFORM_LOCATIONS:
      /* ES 3.1 table 20.45 (explicit uniform locations, GLSL ES 3.10
       * 4.4.3); desktop: ARB_explicit_uniform_location (every desktop
       * context, extensions.c) */
      *known = _mesa_is_desktop_or_gles31(ctx);
      int1(v, (GLint)GLSL_MAX_UNIFORM_LOCATIONS);
      return true;
   case GL_MAX_SHADER_COMPILER_THREADS_KHR:
      *known = _mesa_is_gles(ctx);
      int1(v, (GLint)(ctx->MaxShaderCompilerThreadsPlus1 - 1));
      return true;
   case GL_MAX_SERVER_WAIT_TIMEOUT:
      int1(v, 0); /* glWaitSync waits for ever (its only timeout) */
      return true;
   case GL_NUM_PROGRAM_BINARY_FORMATS:
      int1(v, 0); /* no binary format: glProgramBinary always fails */
      return true;
   case GL_PROGRAM_BINARY_FORMATS:
      v->type = TYPE_INT;
      v->n = 0;
      return true;
   case GL_MAX_VERTEX_OUTPUT_COMPONENTS:
      /* The user varyings; gl_Position and gl_PointSize have their own
       * room (GL 3.2 table 6.38 asks 64). */
      int1(v, 4 * c->MaxVaryingVectors);
      return true;
   case GL_MAX_FRAGMENT_INPUT_COMPONENTS:
      int1(v, 4 * c->MaxVaryingVectors);
      return true;
   default:
      return false;
   }
}

static bool
has_timer_queries(struct gl_context *ctx)
{
   return _mesa_has_extension(ctx, _mesa_is_gles(ctx)
                                      ? "GL_EXT_disjoint_timer_query"
                                      : "GL_ARB_timer_query");
}

/* Looks pname up; false if it is not a state of this context. */
/* The compatibility profile's vertex array and current-value state. */
static bool
get_conventional(struct gl_context *ctx, GLenum pname, struct value *v)
{
   enum conventional_kind kind;
   GLfloat f[4];
   GLint i[4];
   unsigned n = _mesa_get_conventional_state(ctx, pname, f, i, &kind);

   if (!n)
      return false;
   switch (kind) {
   case CONVENTIONAL_BOOL:
      bool1(v, i[0] != 0);
      break;
   case CONVENTIONAL_INT:
      set_i(v, n, i);
      break;
   case CONVENTIONAL_FLOAT:
      float_n(v, TYPE_FLOAT, n, f);
      break;
   case CONVENTIONAL_FLOAT_NORM:
      float_n(v, TYPE_FLOAT_NORM, n, f);
      break;
   }
   return true;
}

/* The accumulation and colour index clear values and the index write
 * mask of compatibility contexts (GL 2.1 tables 6.21 and 6.22; set by
 * glClearAccum, glClearIndex, glIndexMask in accum.c).  The index clear
 * value is a fixed-point index of unspecified fraction (section 4.2.3):
 * its integer part, as Mesa answers; the mask keeps all 32 bits.  Our
 * framebuffers are RGBA without accumulation buffer (table 6.60). */
static bool
get_accum_index_state(struct gl_context *ctx, GLenum pname, struct value *v)
{
   const struct gl_ff_state *ff = &ctx->FF;

   if (!_mesa_has_ff(ctx))
      return false;
   switch (pname) {
   case GL_ACCUM_CLEAR_VALUE:
      float_n(v, TYPE_FLOAT_NORM, 4, ff->AccumClear);
      return true;
   case GL_INDEX_CLEAR_VALUE: {
      double i = trunc((double)ff->IndexClear);
      int1(v, i != i              ? 0
              : i >= 2147483647.0 ? INT32_MAX
              : i <= -2147483648.0 ? INT32_MIN
                                   : (GLint)i);
      return true;
   }
   case GL_INDEX_WRITEMASK:
      int1(v, (GLint)ff->IndexMask);
      return true;
   case GL_CURRENT_INDEX:
      float_n(v, TYPE_FLOAT, 1, &ff->CurrentIndex);
      return true;
   case GL_RGBA_MODE:
   case GL_INDEX_MODE:
      bool1(v, pname == GL_RGBA_MODE);
      return true;
   case GL_INDEX_BITS:
   case GL_ACCUM_RED_BITS:
   case GL_ACCUM_GREEN_BITS:
   case GL_ACCUM_BLUE_BITS:
   case GL_ACCUM_ALPHA_BITS:
      int1(v, 0);
      return true;
   /* GL 1.x names of the RGB blend factors (table 6.21). */
   case GL_BLEND_SRC:
      int1(v, (GLint)ctx->Color.SrcRGB);
      return true;
   case GL_BLEND_DST:
      int1(v, (GLint)ctx->Color.DstRGB);
      return true;
   default:
      return false;
   }
}

/* The per-feature getters that answer a pname with one integer and say
 * whether the context knows it (*known false: GL_INVALID_ENUM).  Their
 * pnames are disjoint, so the order does not matter. */
typedef bool (*int_limit_getter)(struct gl_context *ctx, GLenum pname,
                                 GLint *value, bool *known);

static const int_limit_getter int_limit_getters[] = {
   _mesa_get_framebuffer_limit,   _mesa_get_vertex_binding_limit,
   _mesa_get_image_state,         _mesa_get_texture_gather_limit,
   _mesa_get_geometry_limit,      _mesa_get_uniform_block_state,
};

/* True when one of int_limit_getters answers pname: *known as it says,
 * and when known, the integer in v. */
static bool
get_int_limit(struct gl_context *ctx, GLenum pname, bool *known,
              struct value *v)
{
   const unsigned n = sizeof(int_limit_getters) / sizeof(int_limit_getters[0]);
   for (unsigned i = 0; i < n; i++) {
      GLint value;
      if (int_limit_getters[i](ctx, pname, &value, known)) {
         if (*known)
            int1(v, value);
         return true;
      }
   }
   return false;
}

static bool
get_value(struct gl_context *ctx, GLenum pname, struct value *v)
{
   const struct gl_constants *c = &ctx->Const;
   bool known;

   if (get_es3_limit(ctx, pname, &known, v))
      return known;

   if (get_const_int(ctx, pname, &known, v))
      return known;
   GLint tbo_state;
   if (_mesa_texbuffer_get(ctx, pname, &tbo_state)) {
      int1(v, tbo_state);
      return true;
   }
   GLint gl32_state;
   bool gl32_bool;
   if (_mesa_get_desktop32_state(ctx, pname, &gl32_state, &gl32_bool)) {
      if (gl32_bool)
         bool1(v, gl32_state != 0);
      else
         int1(v, gl32_state);
      return true;
   }
   if (get_accum_index_state(ctx, pname, v))
      return true;
   GLfloat point_value[3];
   unsigned point_n;
   enum ff_value_kind point_kind;
   if (_mesa_get_point_param_state(ctx, pname, point_value, &point_n,
                                   &point_kind)) {
      if (point_kind == FF_VALUE_INT)
         int1(v, (GLint)point_value[0]);
      else
         float_n(v, TYPE_FLOAT, point_n, point_value);
      return true;
   }
   GLfloat ff_value[16]; /* at most a matrix */
   unsigned ff_n;
   enum ff_value_kind ff_kind;
   if (_mesa_get_ff_state(ctx, pname, ff_value, &ff_n, &ff_kind)) {
      if (ff_kind == FF_VALUE_FLOAT || ff_kind == FF_VALUE_FLOAT_NORM) {
         float_n(v, ff_kind == FF_VALUE_FLOAT ? TYPE_FLOAT : TYPE_FLOAT_NORM,
                 ff_n, ff_value);
      } else if (ff_kind == FF_VALUE_BOOL) {
         bool1(v, ff_value[0] != 0.0f);
      } else {
         /* Integer vectors too (GL_MAP2_GRID_SEGMENTS: two). */
         GLint ints[16];
         for (unsigned i = 0; i < ff_n; i++)
            ints[i] = (GLint)ff_value[i];
         set_i(v, ff_n, ints);
      }
      return true;
   }
   GLfloat pixel_value;
   if (_mesa_get_pixel_state(ctx, pname, &pixel_value)) {
      float_n(v, TYPE_FLOAT, 1, &pixel_value);
      return true;
   }
   GLint cs_state[3];
   unsigned cs_n;
   if (_mesa_get_compute_state(ctx, pname, cs_state, &cs_n, &known)) {
      if (known)
         set_i(v, cs_n, cs_state);
      return known;
   }
   if (get_int_limit(ctx, pname, &known, v))
      return known;
   GLfloat g5_limit;
   bool g5_float;
   if (_mesa_get_gpu_shader5_limit(ctx, pname, &g5_limit, &g5_float,
                                   &known)) {
      if (known && g5_float)
         float_n(v, TYPE_FLOAT, 1, &g5_limit);
      else if (known)
         int1(v, (GLint)g5_limit);
      return known;
   }

   switch (pname) {
   case GL_ACTIVE_TEXTURE:
      int1(v, (GLint)(GL_TEXTURE0 + ctx->ActiveTexture));
      return true;
   case GL_ALIASED_LINE_WIDTH_RANGE:
      float_n(v, TYPE_FLOAT, 2, c->AliasedLineWidthRange);
      return true;
   case GL_ALIASED_POINT_SIZE_RANGE:
      float_n(v, TYPE_FLOAT, 2, c->AliasedPointSizeRange);
      return true;
   case GL_SMOOTH_LINE_WIDTH_GRANULARITY: /* = LINE_WIDTH_GRANULARITY */
      /* GL 3.1 table 6.49; the step of POINT_SIZE_GRANULARITY. */
      if (_mesa_is_gles(ctx))
         return false;
      float_n(v, TYPE_FLOAT, 1, (const GLfloat[]){0.125f});
      return true;
   case GL_SMOOTH_POINT_SIZE_RANGE: /* = POINT_SIZE_RANGE (desktop) */
   case GL_SMOOTH_LINE_WIDTH_RANGE: /* = LINE_WIDTH_RANGE */
      /* GL 3.1 table 6.49: the antialiased ranges; points and lines are
       * drawn the same whether smoothed or not here. */
      if (_mesa_is_gles(ctx))
         return false;
      float_n(v, TYPE_FLOAT, 2,
              pname == GL_SMOOTH_POINT_SIZE_RANGE ? c->AliasedPointSizeRange
                                                  : c->AliasedLineWidthRange);
      return true;
   case GL_RED_BITS:
   case GL_GREEN_BITS:
   case GL_BLUE_BITS:
   case GL_ALPHA_BITS:
   case GL_DEPTH_BITS:
   case GL_STENCIL_BITS:
      int1(v, channel_bits(ctx, pname));
      return true;
   case GL_ARRAY_BUFFER_BINDING:
      int1(v, ctx->ArrayBuffer ? (GLint)ctx->ArrayBuffer->Name : 0);
      return true;
   case GL_ELEMENT_ARRAY_BUFFER_BINDING:
      int1(v, ctx->VAO->IndexBuffer ? (GLint)ctx->VAO->IndexBuffer->Name : 0);
      return true;
   case GL_COPY_READ_BUFFER: /* = ..._BINDING (ES 3.0 table 6.6, GL 3.1) */
   case GL_COPY_WRITE_BUFFER:
   case GL_PIXEL_PACK_BUFFER_BINDING:
   case GL_PIXEL_UNPACK_BUFFER_BINDING:
   case GL_DRAW_INDIRECT_BUFFER_BINDING:
   /* the general binding (ES 3.0 table 6.x, GL 3.0 table 6.37) */
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING: {
      GLenum target = pname == GL_PIXEL_PACK_BUFFER_BINDING
                         ? GL_PIXEL_PACK_BUFFER
                      : pname == GL_PIXEL_UNPACK_BUFFER_BINDING
                         ? GL_PIXEL_UNPACK_BUFFER
                      : pname == GL_DRAW_INDIRECT_BUFFER_BINDING
                         ? GL_DRAW_INDIRECT_BUFFER
                      : pname == GL_TRANSFORM_FEEDBACK_BUFFER_BINDING
                         ? GL_TRANSFORM_FEEDBACK_BUFFER
                         : pname;
      struct gl_buffer_object **b = _mesa_buffer_binding(ctx, target);
      if (!b)
         return false;
      int1(v, *b ? (GLint)(*b)->Name : 0);
      return true;
   }
   case GL_BLEND:
      bool1(v, ctx->Color.BlendEnabled);
      return true;
   case GL_BLEND_COLOR: {
      /* GL 3.0 section 6.1.2: clamped while fragment colour clamping is
       * on (compatibility contexts). */
      GLfloat c[4];
      _mesa_fragment_clamp_values(ctx, ctx->Color.BlendColor, c, 4);
      float_n(v, TYPE_FLOAT_NORM, 4, c);
      return true;
   }
   case GL_BLEND_SRC_RGB:
      int1(v, (GLint)ctx->Color.SrcRGB);
      return true;
   case GL_BLEND_DST_RGB:
      int1(v, (GLint)ctx->Color.DstRGB);
      return true;
   case GL_BLEND_SRC_ALPHA:
      int1(v, (GLint)ctx->Color.SrcA);
      return true;
   case GL_BLEND_DST_ALPHA:
      int1(v, (GLint)ctx->Color.DstA);
      return true;
   case GL_BLEND_EQUATION_RGB:
      int1(v, (GLint)ctx->Color.EquationRGB);
      return true;
   case GL_BLEND_EQUATION_ALPHA:
      int1(v, (GLint)ctx->Color.EquationA);
      return true;
   case GL_COLOR_CLEAR_VALUE: {
      GLfloat c[4]; /* (as GL_BLEND_COLOR) */
      _mesa_fragment_clamp_values(ctx, ctx->Color.ClearColor, c, 4);
      float_n(v, TYPE_FLOAT_NORM, 4, c);
      return true;
   }
   case GL_COLOR_WRITEMASK: {
      v->type = TYPE_BOOL;
      v->n = 4;
      for (int i = 0; i < 4; i++)
         v->i[i] = ctx->Color.ColorMask[i];
      return true;
   }
   case GL_COMPRESSED_TEXTURE_FORMATS:
      v->type = TYPE_INT;
      v->n = _mesa_get_compressed_formats(ctx, v->i);
      return true;
   case GL_NUM_COMPRESSED_TEXTURE_FORMATS:
      int1(v, (GLint)_mesa_get_compressed_formats(ctx, NULL));
      return true;
   case GL_NUM_SHADER_BINARY_FORMATS:
      int1(v, 0);
      return true;
   case GL_SHADER_BINARY_FORMATS:
      v->type = TYPE_INT;
      v->n = 0;
      return true;
   case GL_SHADER_COMPILER:
      bool1(v, true);
      return true;
   case GL_CULL_FACE:
      bool1(v, ctx->Polygon.CullFlag);
      return true;
   case GL_CULL_FACE_MODE:
      int1(v, (GLint)ctx->Polygon.CullFaceMode);
      return true;
   case GL_CURRENT_PROGRAM:
      int1(v, ctx->CurrentProgram ? (GLint)ctx->CurrentProgram->Name : 0);
      return true;
   case GL_PROGRAM_PIPELINE_BINDING: /* GL 4.6 7.4 (pipeline.c) */
      int1(v, ctx->Pipeline ? (GLint)ctx->Pipeline->Name : 0);
      return true;
   case GL_DEPTH_CLEAR_VALUE:
      float_n(v, TYPE_FLOAT_NORM, 1, &ctx->Depth.Clear);
      return true;
   case GL_DEPTH_FUNC:
      int1(v, (GLint)ctx->Depth.Func);
      return true;
   case GL_DEPTH_RANGE: {
      GLfloat r[2] = {ctx->ViewportArray[0].Near, ctx->ViewportArray[0].Far};
      float_n(v, TYPE_FLOAT_NORM, 2, r);
      return true;
   }
   case GL_DEPTH_TEST:
      bool1(v, ctx->Depth.Test);
      return true;
   case GL_DEPTH_WRITEMASK:
      bool1(v, ctx->Depth.Mask);
      return true;
   case GL_DITHER:
      bool1(v, ctx->Color.Dither);
      return true;
   case GL_COLOR_LOGIC_OP: /* logicop.c */
   case GL_LOGIC_OP_MODE:
      if (_mesa_is_gles(ctx))
         return false;
      if (pname == GL_LOGIC_OP_MODE)
         int1(v, (GLint)ctx->Color.LogicOp);
      else
         bool1(v, ctx->Color.ColorLogicOpEnabled);
      return true;
   case GL_INDEX_LOGIC_OP:
      if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
         return false;
      bool1(v, ctx->Color.IndexLogicOpEnabled);
      return true;
   case GL_ATTRIB_STACK_DEPTH: /* attrib.c */
   case GL_CLIENT_ATTRIB_STACK_DEPTH:
   case GL_MAX_ATTRIB_STACK_DEPTH:
   case GL_MAX_CLIENT_ATTRIB_STACK_DEPTH:
      if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
         return false;
      int1(v, pname == GL_ATTRIB_STACK_DEPTH ? (GLint)ctx->AttribDepth
              : pname == GL_CLIENT_ATTRIB_STACK_DEPTH
                 ? (GLint)ctx->ClientAttribDepth
                 : MAX_ATTRIB_STACK_DEPTH);
      return true;
   case GL_POLYGON_STIPPLE: /* polygon_stipple.c */
      if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
         return false;
      bool1(v, ctx->Polygon.StippleFlag);
      return true;
   case GL_LINE_STIPPLE: /* raster.c */
   case GL_LINE_STIPPLE_PATTERN:
   case GL_LINE_STIPPLE_REPEAT:
      if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
         return false;
      if (pname == GL_LINE_STIPPLE)
         bool1(v, ctx->Line.StippleFlag);
      else
         int1(v, pname == GL_LINE_STIPPLE_REPEAT
                    ? ctx->Line.StippleFactor
                    : (GLint)ctx->Line.StipplePattern);
      return true;
   case GL_FRAMEBUFFER_BINDING: /* also GL_DRAW_FRAMEBUFFER_BINDING */
      int1(v, ctx->DrawBuffer ? (GLint)ctx->DrawBuffer->Name : 0);
      return true;
   case GL_READ_FRAMEBUFFER_BINDING: /* ES 3.0, NV_framebuffer_blit */
      if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
          !_mesa_has_extension(ctx, "GL_NV_framebuffer_blit"))
         return false;
      int1(v, ctx->ReadBuffer ? (GLint)ctx->ReadBuffer->Name : 0);
      return true;
   case GL_RENDERBUFFER_BINDING:
      int1(v, ctx->CurrentRenderbuffer ? (GLint)ctx->CurrentRenderbuffer->Name
                                       : 0);
      return true;
   case GL_SAMPLER_BINDING: /* ES 3.0 table 6.10, GL 3.3 table 6.23 */
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         return false;
      int1(v, ctx->TexUnit[ctx->ActiveTexture].Sampler
                 ? (GLint)ctx->TexUnit[ctx->ActiveTexture].Sampler->Name
                 : 0);
      return true;
   case GL_TEXTURE_BINDING_1D: /* desktop GL */
   case GL_TEXTURE_BINDING_1D_ARRAY:
      if (_mesa_is_gles(ctx))
         return false;
      int1(v, (GLint)ctx->TexUnit[ctx->ActiveTexture]
                 .Current[pname == GL_TEXTURE_BINDING_1D
                             ? TEXTURE_1D_INDEX
                             : TEXTURE_1D_ARRAY_INDEX]
                 ->Name);
      return true;
   case GL_TEXTURE_BINDING_3D:
   case GL_TEXTURE_BINDING_2D_ARRAY:
      if (_mesa_tex_target_index(ctx, pname == GL_TEXTURE_BINDING_3D
                                         ? GL_TEXTURE_3D
                                         : GL_TEXTURE_2D_ARRAY) < 0)
         return false;
      int1(v, (GLint)ctx->TexUnit[ctx->ActiveTexture]
                 .Current[pname == GL_TEXTURE_BINDING_3D
                             ? TEXTURE_3D_INDEX
                             : TEXTURE_2D_ARRAY_INDEX]
                 ->Name);
      return true;
   case GL_TEXTURE_BINDING_CUBE_MAP_ARRAY: /* ARB_texture_cube_map_array */
      if (!_mesa_has_cube_map_arrays(ctx))
         return false;
      int1(v, (GLint)ctx->TexUnit[ctx->ActiveTexture]
                 .Current[TEXTURE_CUBE_ARRAY_INDEX]
                 ->Name);
      return true;
   case GL_TEXTURE_BINDING_RECTANGLE: /* GL 3.1, ARB_texture_rectangle */
      if (!_mesa_has_rect_textures(ctx))
         return false;
      int1(v, (GLint)ctx->TexUnit[ctx->ActiveTexture]
                 .Current[TEXTURE_RECT_INDEX]
                 ->Name);
      return true;
   case GL_MAX_RECTANGLE_TEXTURE_SIZE:
      if (!_mesa_has_rect_textures(ctx))
         return false;
      int1(v, c->MaxTextureSize);
      return true;
   case GL_PRIMITIVE_RESTART: /* GL 3.1 section 2.8.1 */
   case GL_PRIMITIVE_RESTART_INDEX:
      if (!_mesa_has_primitive_restart_index(ctx))
         return false;
      if (pname == GL_PRIMITIVE_RESTART)
         bool1(v, ctx->PrimitiveRestart);
      else
         int1(v, (GLint)ctx->RestartIndex);
      return true;
   case GL_TEXTURE_BINDING_2D:
   case GL_TEXTURE_BINDING_CUBE_MAP: {
      int idx =
         pname == GL_TEXTURE_BINDING_2D ? TEXTURE_2D_INDEX : TEXTURE_CUBE_INDEX;
      int1(v, (GLint)ctx->TexUnit[ctx->ActiveTexture].Current[idx]->Name);
      return true;
   }
   case GL_FRONT_FACE:
      int1(v, (GLint)ctx->Polygon.FrontFace);
      return true;
   case GL_GENERATE_MIPMAP_HINT:
      int1(v, (GLint)ctx->Hint.GenerateMipmap);
      return true;
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
      /* GL 2.0 and ES 3.0 state; ES 2.0 with GL_OES_standard_derivatives
       * (the _OES token has the same value) */
      if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
          !_mesa_has_extension(ctx, "GL_OES_standard_derivatives"))
         return false;
      int1(v, (GLint)ctx->Hint.FragmentShaderDerivative);
      return true;
   case GL_TEXTURE_COMPRESSION_HINT:
      if (_mesa_is_gles(ctx))
         return false;
      int1(v, (GLint)ctx->Hint.TextureCompression);
      return true;
   case GL_PERSPECTIVE_CORRECTION_HINT: /* raster.c */
   case GL_POINT_SMOOTH_HINT:
   case GL_LINE_SMOOTH_HINT:
   case GL_POLYGON_SMOOTH_HINT:
   case GL_FOG_HINT: {
      const GLenum *quality = _mesa_quality_hint(ctx, pname);
      if (!quality)
         return false;
      int1(v, (GLint)*quality);
      return true;
   }
   case GL_IMPLEMENTATION_COLOR_READ_FORMAT:
   case GL_IMPLEMENTATION_COLOR_READ_TYPE: {
      GLenum rf, rt;
      _mesa_implementation_color_read(ctx, &rf, &rt);
      int1(v, (GLint)(pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT ? rf : rt));
      return true;
   }
   case GL_LINE_WIDTH:
      float_n(v, TYPE_FLOAT, 1, &ctx->LineWidth);
      return true;
   case GL_RASTERIZER_DISCARD:
      /* EXT_transform_feedback: an enable the Get commands report too */
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         return false;
      bool1(v, ctx->RasterizerDiscard);
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_BUFFERS: /* ARB_transform_feedback3 */
      if (_mesa_is_gles(ctx))
         return false;
      int1(v, MAX_FEEDBACK_BUFFERS);
      return true;
   case GL_TRANSFORM_FEEDBACK_BINDING:
   case GL_TRANSFORM_FEEDBACK_ACTIVE:
   case GL_TRANSFORM_FEEDBACK_PAUSED:
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS:
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
   case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         return false;
      if (pname == GL_TRANSFORM_FEEDBACK_BINDING)
         int1(v, (GLint)ctx->CurrentTF->Name);
      else if (pname == GL_TRANSFORM_FEEDBACK_ACTIVE)
         bool1(v, ctx->CurrentTF->Active);
      else if (pname == GL_TRANSFORM_FEEDBACK_PAUSED)
         bool1(v, ctx->CurrentTF->Paused);
      else
         int1(v, pname == GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS ? 4
                 : pname == GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS
                    ? 4
                    : 64);
      return true;
   /* The desktop GL 2.x names of the limits above, counted in
    * components (GL 2.1 table 6.37; ES 2.0 section 2.10.4 defines the
    * vectors as the components over four). */
   case GL_MAX_VERTEX_UNIFORM_COMPONENTS:
   case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS:
   case GL_MAX_VARYING_FLOATS: /* = GL_MAX_VARYING_COMPONENTS of ES 3.0 */
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         return false;
      int1(v, 4 * (pname == GL_MAX_VERTEX_UNIFORM_COMPONENTS
                      ? c->MaxVertexUniformVectors
                   : pname == GL_MAX_FRAGMENT_UNIFORM_COMPONENTS
                      ? c->MaxFragmentUniformVectors
                      : c->MaxVaryingVectors));
      return true;
   case GL_MAX_VIEWPORT_DIMS: {
      GLint d[2] = {c->MaxViewportWidth, c->MaxViewportHeight};
      set_i(v, 2, d);
      return true;
   }
   case GL_PACK_ALIGNMENT:
      int1(v, ctx->Pixel.PackAlignment);
      return true;
   case GL_UNPACK_ALIGNMENT:
      int1(v, ctx->Pixel.UnpackAlignment);
      return true;
   case GL_UNPACK_ROW_LENGTH:
   case GL_UNPACK_IMAGE_HEIGHT:
   case GL_UNPACK_SKIP_PIXELS:
   case GL_UNPACK_SKIP_ROWS:
   case GL_UNPACK_SKIP_IMAGES:
   case GL_PACK_ROW_LENGTH:
   case GL_PACK_SKIP_PIXELS:
   case GL_PACK_SKIP_ROWS:
      /* ES 2.0: the three EXT_unpack_subimage adds. */
      if (_mesa_is_gles(ctx) && ctx->Version < 30 &&
          pname != GL_UNPACK_ROW_LENGTH && pname != GL_UNPACK_SKIP_PIXELS &&
          pname != GL_UNPACK_SKIP_ROWS)
         return false;
      int1(v, pname == GL_UNPACK_ROW_LENGTH     ? ctx->Pixel.UnpackRowLength
              : pname == GL_UNPACK_IMAGE_HEIGHT ? ctx->Pixel.UnpackImageHeight
              : pname == GL_UNPACK_SKIP_PIXELS  ? ctx->Pixel.UnpackSkipPixels
              : pname == GL_UNPACK_SKIP_ROWS    ? ctx->Pixel.UnpackSkipRows
              : pname == GL_UNPACK_SKIP_IMAGES  ? ctx->Pixel.UnpackSkipImages
              : pname == GL_PACK_ROW_LENGTH     ? ctx->Pixel.PackRowLength
              : pname == GL_PACK_SKIP_PIXELS    ? ctx->Pixel.PackSkipPixels
                                                : ctx->Pixel.PackSkipRows);
      return true;
   case GL_PACK_IMAGE_HEIGHT:
   case GL_PACK_SKIP_IMAGES:
      /* GL 1.2 section 6.1 and table 4.5 (desktop only, raster.c) */
      if (_mesa_is_gles(ctx))
         return false;
      int1(v, pname == GL_PACK_IMAGE_HEIGHT ? ctx->Pixel.PackImageHeight
                                            : ctx->Pixel.PackSkipImages);
      return true;
   case GL_POLYGON_OFFSET_FACTOR:
      float_n(v, TYPE_FLOAT, 1, &ctx->Polygon.OffsetFactor);
      return true;
   case GL_POLYGON_OFFSET_UNITS:
      float_n(v, TYPE_FLOAT, 1, &ctx->Polygon.OffsetUnits);
      return true;
   case GL_POLYGON_OFFSET_FILL:
      bool1(v, ctx->Polygon.OffsetFill);
      return true;
   case GL_POLYGON_OFFSET_LINE:
   case GL_POLYGON_OFFSET_POINT:
      if (_mesa_is_gles(ctx))
         return false;
      bool1(v, pname == GL_POLYGON_OFFSET_LINE ? ctx->Polygon.OffsetLine
                                               : ctx->Polygon.OffsetPoint);
      return true;
   case GL_RGBA_INTEGER_MODE_EXT: /* EXT_texture_integer */
      if (_mesa_is_gles(ctx))
         return false;
      bool1(v, _mesa_rgba_integer_mode(ctx));
      return true;
   case GL_SHADE_MODEL: /* compatibility, table 6.11 */
      if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
         return false;
      int1(v, (GLint)ctx->Light.ShadeModel);
      return true;
   case GL_PROVOKING_VERTEX: /* GL 3.2 table 6.11 */
      if (_mesa_is_gles(ctx))
         return false;
      int1(v, (GLint)ctx->Light.ProvokingVertex);
      return true;
   case GL_POLYGON_OFFSET_CLAMP: /* EXT_polygon_offset_clamp, ES only */
      if (!_mesa_is_gles(ctx))
         return false;
      float_n(v, TYPE_FLOAT, 1, &ctx->Polygon.OffsetClamp);
      return true;
   case GL_SAMPLE_ALPHA_TO_COVERAGE:
      bool1(v, ctx->Multisample.SampleAlphaToCoverage);
      return true;
   case GL_SAMPLE_COVERAGE:
      bool1(v, ctx->Multisample.SampleCoverage);
      return true;
   case GL_SAMPLE_ALPHA_TO_ONE: /* GL 4.6 table 23.10, desktop */
      if (_mesa_is_gles(ctx))
         return false;
      bool1(v, ctx->Multisample.SampleAlphaToOne);
      return true;
   case GL_MULTISAMPLE: /* GL 4.6 table 23.10 */
      if (_mesa_is_gles(ctx))
         return false;
      bool1(v, ctx->Multisample.Enabled);
      return true;
   case GL_SAMPLE_COVERAGE_INVERT:
      bool1(v, ctx->Multisample.SampleCoverageInvert);
      return true;
   case GL_SAMPLE_COVERAGE_VALUE:
      float_n(v, TYPE_FLOAT, 1, &ctx->Multisample.SampleCoverageValue);
      return true;
   case GL_SAMPLE_SHADING: /* ARB_sample_shading, table 23.10 */
      if (_mesa_is_gles(ctx) || !ctx->Const.SampleShading)
         return false;
      bool1(v, ctx->Multisample.SampleShading);
      return true;
   case GL_MIN_SAMPLE_SHADING_VALUE:
      if (_mesa_is_gles(ctx) || !ctx->Const.SampleShading)
         return false;
      float_n(v, TYPE_FLOAT, 1, &ctx->Multisample.MinSampleShadingValue);
      return true;
   case GL_SAMPLE_BUFFERS:
   case GL_SAMPLES: {
      /* Of the draw framebuffer (ES 3.0.6 table 6.34); attachments are
       * resolved by the completeness check. */
      struct gl_framebuffer *fb = ctx->DrawBuffer;
      if (fb && fb->Name)
         _mesa_framebuffer_status(ctx, fb);
      unsigned s = _mesa_framebuffer_samples(fb);
      int1(v, pname == GL_SAMPLES ? (GLint)s : s > 0);
      return true;
   }
   case GL_SCISSOR_BOX: {
      GLint b[4] = {ctx->Scissor.Rect[0].X, ctx->Scissor.Rect[0].Y, ctx->Scissor.Rect[0].Width,
                    ctx->Scissor.Rect[0].Height};
      set_i(v, 4, b);
      return true;
   }
   case GL_SCISSOR_TEST:
      bool1(v, ctx->Scissor.Enabled);
      return true;
   case GL_STENCIL_TEST:
      bool1(v, ctx->Stencil.Enabled);
      return true;
   case GL_STENCIL_CLEAR_VALUE:
      int1(v, ctx->Stencil.Clear);
      return true;
   case GL_STENCIL_FUNC:
   case GL_STENCIL_BACK_FUNC:
      int1(v, (GLint)ctx->Stencil.Func[pname == GL_STENCIL_BACK_FUNC]);
      return true;
   case GL_STENCIL_REF:
   case GL_STENCIL_BACK_REF:
      int1(v, ctx->Stencil.Ref[pname == GL_STENCIL_BACK_REF]);
      return true;
   case GL_STENCIL_VALUE_MASK:
   case GL_STENCIL_BACK_VALUE_MASK:
      int1(v,
           (GLint)ctx->Stencil.ValueMask[pname == GL_STENCIL_BACK_VALUE_MASK]);
      return true;
   case GL_STENCIL_WRITEMASK:
   case GL_STENCIL_BACK_WRITEMASK:
      int1(v,
           (GLint)ctx->Stencil.WriteMask[pname == GL_STENCIL_BACK_WRITEMASK]);
      return true;
   case GL_STENCIL_FAIL:
   case GL_STENCIL_BACK_FAIL:
      int1(v, (GLint)ctx->Stencil.FailOp[pname == GL_STENCIL_BACK_FAIL]);
      return true;
   case GL_STENCIL_PASS_DEPTH_FAIL:
   case GL_STENCIL_BACK_PASS_DEPTH_FAIL:
      int1(
         v,
         (GLint)ctx->Stencil.ZFailOp[pname == GL_STENCIL_BACK_PASS_DEPTH_FAIL]);
      return true;
   case GL_STENCIL_PASS_DEPTH_PASS:
   case GL_STENCIL_BACK_PASS_DEPTH_PASS:
      int1(
         v,
         (GLint)ctx->Stencil.ZPassOp[pname == GL_STENCIL_BACK_PASS_DEPTH_PASS]);
      return true;
   case GL_MAJOR_VERSION:
   case GL_MINOR_VERSION:
   case GL_NUM_EXTENSIONS:
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         return false;
      if (pname == GL_NUM_EXTENSIONS) {
         int1(v, (GLint)_mesa_extension_count(ctx));
         return true;
      }
      int1(v, pname == GL_MAJOR_VERSION ? ctx->Version / 10
                                        : ctx->Version % 10);
      return true;
   case GL_DRAW_BUFFER: /* desktop GL: draw buffer 0 */
      if (_mesa_is_gles(ctx))
         return false;
      int1(v, ctx->DrawBuffer ? (GLint)ctx->DrawBuffer->ColorDrawBuffer[0]
                              : GL_NONE);
      return true;
   case GL_DRAW_BUFFER0:
   case GL_DRAW_BUFFER1:
   case GL_DRAW_BUFFER2:
   case GL_DRAW_BUFFER3:
   case GL_DRAW_BUFFER4:
   case GL_DRAW_BUFFER5:
   case GL_DRAW_BUFFER6:
   case GL_DRAW_BUFFER7:
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         return false;
      int1(v,
           ctx->DrawBuffer
              ? (GLint)ctx->DrawBuffer->ColorDrawBuffer[pname - GL_DRAW_BUFFER0]
              : GL_NONE);
      return true;
   case GL_READ_BUFFER:
      if (_mesa_is_gles(ctx) && ctx->Version < 30)
         return false;
      int1(v,
           ctx->ReadBuffer ? (GLint)ctx->ReadBuffer->ColorReadBuffer : GL_NONE);
      return true;
   case GL_AUX_BUFFERS:
   case GL_DOUBLEBUFFER:
   case GL_STEREO:
      /* The default framebuffer's buffers (GL 4.6 compatibility table
       * 23.73): mono, no auxiliary buffers; a back buffer when
       * double-buffered (buffers.c). */
      if (_mesa_is_gles(ctx) ||
          (pname == GL_AUX_BUFFERS && _mesa_is_desktop_fc(ctx)))
         return false;
      if (pname == GL_AUX_BUFFERS)
         int1(v, 0);
      else
         bool1(v, pname == GL_DOUBLEBUFFER && ctx->WinsysDraw &&
                     (_mesa_winsys_buffers_present(ctx->WinsysDraw) &
                      WINSYS_BACK));
      return true;
   case GL_VERTEX_ARRAY_BINDING: /* = GL_VERTEX_ARRAY_BINDING_OES */
      int1(v, (GLint)ctx->VAO->Name);
      return true;
   case GL_MAX_DEBUG_MESSAGE_LENGTH:
      int1(v, MAX_DEBUG_MESSAGE_LENGTH);
      return true;
   case GL_MAX_DEBUG_LOGGED_MESSAGES:
      int1(v, MAX_DEBUG_LOGGED_MESSAGES);
      return true;
   case GL_MAX_DEBUG_GROUP_STACK_DEPTH:
      int1(v, MAX_DEBUG_GROUP_STACK_DEPTH);
      return true;
   case GL_MAX_LABEL_LENGTH:
      int1(v, MAX_LABEL_LENGTH);
      return true;
   case GL_DEBUG_LOGGED_MESSAGES:
      int1(v, (GLint)ctx->Debug.LogCount);
      return true;
   case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH:
      int1(v, ctx->Debug.LogCount
                 ? (GLint)strlen(ctx->Debug.Log[ctx->Debug.LogHead].Text) + 1
                 : 0);
      return true;
   case GL_DEBUG_GROUP_STACK_DEPTH:
      int1(v, (GLint)ctx->Debug.GroupDepth);
      return true;
   case GL_CONTEXT_FLAGS:
      int1(v, (GLint)ctx->ContextFlags);
      return true;
   case GL_POLYGON_MODE: { /* desktop GL: front, back */
      if (_mesa_is_gles(ctx))
         return false;
      GLint m[2] = {(GLint)ctx->Polygon.FrontMode,
                    (GLint)ctx->Polygon.BackMode};
      set_i(v, 2, m);
      return true;
   }
   case GL_CLAMP_READ_COLOR: /* GL 3.0 glClampColor */
      if (_mesa_is_gles(ctx))
         return false;
      int1(v, (GLint)ctx->Color.ClampReadColor);
      return true;
   case GL_CLAMP_FRAGMENT_COLOR: /* GL 3.0; compatibility profile only */
      if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
         return false;
      int1(v, (GLint)ctx->Color.ClampFragmentColor);
      return true;
   case GL_CLAMP_VERTEX_COLOR: /* GL 3.0; compatibility profile only */
      if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx))
         return false;
      int1(v, (GLint)ctx->Light.ClampVertexColor);
      return true;
   case GL_CONTEXT_ROBUST_ACCESS: /* GL 4.5, ES 3.2, KHR_robustness */
      int1(v, (ctx->ContextFlags & GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT) != 0);
      return true;
   case GL_RESET_NOTIFICATION_STRATEGY:
      int1(v, (GLint)ctx->ResetStrategy);
      return true;
   case GL_CONTEXT_PROFILE_MASK:
      if (_mesa_is_gles(ctx) || ctx->Version < 32)
         return false;
      int1(v, ctx->API == ST_PROFILE_OPENGL_CORE
                 ? GL_CONTEXT_CORE_PROFILE_BIT
                 : GL_CONTEXT_COMPATIBILITY_PROFILE_BIT);
      return true;
   case GL_MAX_CLIP_PLANES:
      /* Not ES 2.0 state, but Mesa (the reference) answers it in every API
       * and piglit's shader_runner asks it of ES contexts too.  Desktop
       * contexts have 8 user clip planes (GL_MAX_CLIP_DISTANCES is the
       * same enum; clip.c), ES none. */
      int1(v, _mesa_is_gles(ctx) ? 0 : 8);
      return true;
   case GL_MAX_CULL_DISTANCES:
   case GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES:
      /* ARB_cull_distance (GL 4.5 table 23.59): gl_MaxCullDistances and
       * gl_MaxCombinedClipAndCullDistances, both 8 here. */
      if (!_mesa_has_extension(ctx, "GL_ARB_cull_distance"))
         return false;
      int1(v, 8);
      return true;
   case GL_VIEWPORT: {
      /* floats since ARB_viewport_array; integer queries round them */
      const struct gl_viewport *vp = &ctx->ViewportArray[0];
      GLfloat b[4] = {vp->X, vp->Y, vp->Width, vp->Height};
      float_n(v, TYPE_FLOAT, 4, b);
      return true;
   }
   /* ARB_viewport_array / OES_viewport_array (viewport_array.c): 16
    * viewports, the smallest bounds range allowed, no sub-pixel bits
    * promised, and no promise on which vertex selects the layer or
    * viewport (the simulator takes the first; hardware unknown). */
   case GL_MAX_VIEWPORTS:
   case GL_VIEWPORT_SUBPIXEL_BITS:
   case GL_VIEWPORT_BOUNDS_RANGE:
   case GL_LAYER_PROVOKING_VERTEX:
   case GL_VIEWPORT_INDEX_PROVOKING_VERTEX: {
      if (!_mesa_has_viewport_array(ctx))
         return false;
      GLfloat r[2];
      _mesa_viewport_bounds_range(ctx, r);
      if (pname == GL_VIEWPORT_BOUNDS_RANGE)
         float_n(v, TYPE_FLOAT, 2, r);
      else
         int1(v, pname == GL_MAX_VIEWPORTS            ? c->MaxViewports
                 : pname == GL_VIEWPORT_SUBPIXEL_BITS ? 0
                                                      : GL_UNDEFINED_VERTEX);
      return true;
   }
   case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS: /* ARB/EXT_blend_func_extended */
      if (!_mesa_has_extension(ctx, _mesa_is_gles(ctx)
                                       ? "GL_EXT_blend_func_extended"
                                       : "GL_ARB_blend_func_extended"))
         return false;
      int1(v, c->MaxDualSourceDrawBuffers);
      return true;
   case GL_TIMESTAMP: /* ARB_timer_query, EXT_disjoint_timer_query */
      if (!has_timer_queries(ctx))
         return false;
      {
         /* Only glGetInteger64v holds it whole (the int getters clamp,
          * GL 3.3 section 6.1.2). */
         struct pipe_screen *screen = ctx->st->pipe->screen;
         uint64_t ns = screen->get_timestamp(screen);
         int1(v, ns > INT32_MAX ? INT32_MAX : (GLint)ns);
      }
      return true;
   case GL_GPU_DISJOINT_EXT:
      /* Nothing here makes timer values meaningless (no clock changes
       * seen by the driver): never disjoint. */
      if (!_mesa_is_gles(ctx) || !has_timer_queries(ctx))
         return false;
      int1(v, 0);
      return true;
   default:
      return get_conventional(ctx, pname, v);
   }
}

/* GL's float -> int rules (ES 2.0 section 6.1.2). */
static GLint
float_to_int(GLfloat f, bool norm)
{
   double d;

   if (norm) {
      d = (double)f * 2147483647.0;
      d = d >= 0 ? floor(d + 0.5) : ceil(d - 0.5);
   } else {
      d = floor((double)f + 0.5);
   }
   if (d >= 2147483647.0)
      return INT32_MAX;
   if (d <= -2147483648.0)
      return INT32_MIN;
   return (GLint)d;
}

static bool
value_is_float(const struct value *v)
{
   return v->type == TYPE_FLOAT || v->type == TYPE_FLOAT_NORM;
}

/* Element i of v as the integer getters answer it. */
static GLint
value_int(const struct value *v, unsigned i)
{
   if (value_is_float(v))
      return float_to_int(v->f[i], v->type == TYPE_FLOAT_NORM);
   return v->i[i];
}

/* Element i of v as glGetDoublev answers it; glGetFloatv and
 * glGetBooleanv convert it on (exact for floats; for integers, a double
 * holds every GLint, so the float is the one a direct conversion
 * gives). */
static GLdouble
value_double(const struct value *v, unsigned i)
{
   if (value_is_float(v))
      return v->f[i];
   return v->i[i];
}

static bool
lookup(struct gl_context *ctx, GLenum pname, struct value *v, const char *func)
{
   bool on;

   if (get_value(ctx, pname, v))
      return true;
   /* Every capability of glEnable is a glGet value too (GL 2.1 section
    * 6.1.1): those the cases above do not name (GL_VERTEX_PROGRAM_TWO_SIDE
    * ...). */
   if (_mesa_enable_state(ctx, pname, &on)) {
      bool1(v, on);
      return true;
   }
   _mesa_error(ctx, GL_INVALID_ENUM, "%s(pname=0x%x)", func, pname);
   return false;
}

void GLAPIENTRY
_mesa_GetIntegerv(GLenum pname, GLint *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct value v;

   if (!lookup(ctx, pname, &v, "glGetIntegerv"))
      return;
   for (unsigned i = 0; i < v.n; i++)
      data[i] = value_int(&v, i);
}

void GLAPIENTRY
_mesa_GetFloatv(GLenum pname, GLfloat *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct value v;

   if (!lookup(ctx, pname, &v, "glGetFloatv"))
      return;
   for (unsigned i = 0; i < v.n; i++)
      data[i] = (GLfloat)value_double(&v, i);
}

/* Desktop GL (1.0 section 6.1.1): the state as doubles, converted as for
 * glGetFloatv; not an ES command. */
void GLAPIENTRY
_mesa_GetDoublev(GLenum pname, GLdouble *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct value v;

   if (_mesa_is_gles(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glGetDoublev(not in ES)");
      return;
   }
   if (!lookup(ctx, pname, &v, "glGetDoublev"))
      return;
   for (unsigned i = 0; i < v.n; i++)
      data[i] = value_double(&v, i);
}

void GLAPIENTRY
_mesa_GetBooleanv(GLenum pname, GLboolean *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct value v;

   if (!lookup(ctx, pname, &v, "glGetBooleanv"))
      return;
   for (unsigned i = 0; i < v.n; i++)
      data[i] = value_double(&v, i) != 0.0;
}

void GLAPIENTRY
_mesa_GetInteger64v(GLenum pname, GLint64 *data)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct value v;

   if (pname == GL_MAX_SERVER_WAIT_TIMEOUT) {
      *data = 0;
      return;
   }
   if (pname == GL_MAX_ELEMENT_INDEX && _mesa_is_gles3(ctx)) {
      *data = 0xffffffffll;
      return;
   }
   /* ARB_timer_query: the GL's time in nanoseconds once the commands
    * before have reached the GL (not necessarily executed). */
   if (pname == GL_TIMESTAMP && has_timer_queries(ctx)) {
      struct pipe_screen *screen = ctx->st->pipe->screen;
      *data = (GLint64)screen->get_timestamp(screen);
      return;
   }
   if (!lookup(ctx, pname, &v, "glGetInteger64v"))
      return;
   for (unsigned i = 0; i < v.n; i++)
      data[i] = value_int(&v, i);
}


const GLubyte *GLAPIENTRY
_mesa_GetStringi(GLenum name, GLuint index)
{
   GET_CURRENT_CONTEXT(ctx);

   if (!ctx)
      return NULL;
   if (name != GL_EXTENSIONS) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetStringi(name=0x%x)", name);
      return NULL;
   }
   const char *ext = _mesa_extension_name(ctx, index);
   if (!ext) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetStringi(index=%u)", index);
      return NULL;
   }
   return (const GLubyte *)ext;
}

const GLubyte *GLAPIENTRY
_mesa_GetString(GLenum name)
{
   GET_CURRENT_CONTEXT(ctx);
   struct pipe_screen *screen;

   if (!ctx)
      return NULL;
   screen = ctx->st->screen;
   switch (name) {
   case GL_VENDOR:
      return (const GLubyte *)screen->get_vendor(screen);
   case GL_RENDERER:
      return (const GLubyte *)screen->get_name(screen);
   case GL_VERSION:
      return (const GLubyte *)ctx->VersionString;
   case GL_SHADING_LANGUAGE_VERSION:
      return (const GLubyte *)ctx->GLSLVersionString;
   case GL_EXTENSIONS:
      return (const GLubyte *)_mesa_extensions_string(ctx);
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetString(0x%x)", name);
      return NULL;
   }
}
