/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Initial GL state, shared state, current context and glGetError. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "main/attrib.h"
#include "main/viewport_array.h"
#include "main/bufferobj.h"
#include "main/context.h"
#include "main/debug_output.h"
#include "main/enums.h"
#include "main/fbobject.h"
#include "main/matrix.h"
#include "main/hash.h"
#include "main/separate.h"
#include "main/shaderimage.h"
#include "main/shaderobj.h"
#include "main/texobj.h"
#include "main/transformfeedback.h"
#include "main/varray.h"
#include "util/hash_table.h"
#include "util/u_debug.h"

__thread struct gl_context *_mesa_current_context;

void
_mesa_error(struct gl_context *ctx, GLenum error, const char *fmt, ...)
{
   static int debug = -1;

   if (ctx->ErrorValue == GL_NO_ERROR)
      ctx->ErrorValue = error;

   if (ctx->Debug.Output) {
      char text[512];
      va_list ap;
      int n =
         snprintf(text, sizeof(text), "%s in ", _mesa_enum_to_string(error));
      va_start(ap, fmt);
      if (n > 0 && (size_t)n < sizeof(text))
         vsnprintf(text + n, sizeof(text) - (size_t)n, fmt, ap);
      va_end(ap);
      _mesa_debug_message(ctx, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, error,
                          GL_DEBUG_SEVERITY_HIGH, -1, text);
   }

   if (debug < 0)
      debug = getenv("MESA_DEBUG") != NULL;
   if (debug) {
      va_list ap;
      fprintf(stderr, "Mesa: %s in ", _mesa_enum_to_string(error));
      va_start(ap, fmt);
      vfprintf(stderr, fmt, ap);
      va_end(ap);
      fputc('\n', stderr);
   }
}

GLenum GLAPIENTRY
_mesa_GetError(void)
{
   GET_CURRENT_CONTEXT(ctx);
   GLenum e;

   if (!ctx)
      return GL_NO_ERROR;
   /* GL 2.1 section 2.6.3: between glBegin and glEnd, an
    * INVALID_OPERATION and 0. */
   if (_mesa_inside_begin_end(ctx, "glGetError"))
      return GL_NO_ERROR;
   e = ctx->ErrorValue;
   ctx->ErrorValue = GL_NO_ERROR;
   return e;
}

struct gl_shared_state *
_mesa_alloc_shared_state(void)
{
   struct gl_shared_state *shared = calloc(1, sizeof(*shared));

   if (!shared)
      return NULL;
   shared->RefCount = 1;
   shared->Buffers = _mesa_name_table_create();
   shared->ShaderObjects = _mesa_name_table_create();
   shared->Textures = _mesa_name_table_create();
   shared->Renderbuffers = _mesa_name_table_create();
   static const GLenum default_targets[NUM_TEXTURE_TARGETS] = {
      GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY,
      [TEXTURE_RECT_INDEX] = GL_TEXTURE_RECTANGLE,
      [TEXTURE_BUFFER_INDEX] = GL_TEXTURE_BUFFER,
      [TEXTURE_1D_INDEX] = GL_TEXTURE_1D,
      [TEXTURE_1D_ARRAY_INDEX] = GL_TEXTURE_1D_ARRAY,
      [TEXTURE_2D_MULTISAMPLE_INDEX] = GL_TEXTURE_2D_MULTISAMPLE,
      [TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX] = GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
      [TEXTURE_CUBE_ARRAY_INDEX] = GL_TEXTURE_CUBE_MAP_ARRAY,
   };
   bool defaults_ok = true;
   for (unsigned i = 0; i < NUM_TEXTURE_TARGETS; i++) {
      shared->DefaultTex[i] = _mesa_new_texture_object(0, default_targets[i]);
      defaults_ok &= shared->DefaultTex[i] != NULL;
   }
   if (!shared->Buffers || !shared->ShaderObjects || !shared->Textures ||
       !shared->Renderbuffers || !defaults_ok) {
      _mesa_reference_shared_state(&shared, NULL);
      return NULL;
   }
   return shared;
}

static void
free_shared_state(struct gl_shared_state *shared)
{
   if (shared->Buffers) {
      hash_table_foreach(shared->Buffers, e) {
         struct gl_buffer_object *obj = e->data;
         if (obj != GL_NAME_RESERVED) {
            obj->Name = 0; /* the name dies with the table */
            _mesa_reference_buffer_object(&obj, NULL);
         }
      }
   }
   if (shared->ShaderObjects) {
      hash_table_foreach(shared->ShaderObjects, e) {
         if (e->data != GL_NAME_RESERVED)
            _mesa_free_shader_object(e->data);
      }
   }
   if (shared->Textures) {
      hash_table_foreach(shared->Textures, e) {
         struct gl_texture_object *t = e->data;
         if (t != GL_NAME_RESERVED) {
            t->Name = 0;
            _mesa_reference_texobj(&t, NULL);
         }
      }
   }
   for (unsigned i = 0; i < NUM_TEXTURE_TARGETS; i++)
      _mesa_reference_texobj(&shared->DefaultTex[i], NULL);
   if (shared->Renderbuffers) {
      hash_table_foreach(shared->Renderbuffers, e) {
         struct gl_renderbuffer *rb = e->data;
         if (rb != GL_NAME_RESERVED) {
            rb->Name = 0;
            _mesa_reference_renderbuffer(&rb, NULL);
         }
      }
   }
   _mesa_free_sampler_objects(shared);
   _mesa_free_labels(shared);
   _mesa_name_table_destroy(shared->Buffers);
   _mesa_name_table_destroy(shared->ShaderObjects);
   _mesa_name_table_destroy(shared->Textures);
   _mesa_name_table_destroy(shared->Renderbuffers);
   free(shared);
}

void
_mesa_reference_shared_state(struct gl_shared_state **dst,
                             struct gl_shared_state *src)
{
   struct gl_shared_state *old = *dst;

   if (old == src)
      return;
   if (src)
      src->RefCount++;
   if (old && --old->RefCount == 0)
      free_shared_state(old);
   *dst = src;
}

static void
init_constants(struct gl_context *ctx)
{
   struct gl_constants *c = &ctx->Const;

   c->MaxVertexAttribs = MAX_VERTEX_ATTRIBS;
   c->MaxTextureSize = 16384;
   c->MaxCubeMapTextureSize = 16384;
   c->Max3DTextureSize = 2048;
   c->MaxArrayTextureLayers = 2048;
   c->MaxRenderbufferSize = MAX_RENDERBUFFER_SIZE;
   c->MaxViewportWidth = MAX_VIEWPORT_SIZE;
   c->MaxViewportHeight = MAX_VIEWPORT_SIZE;
   c->MaxViewports = 1;
   c->MaxCombinedTextureImageUnits = MAX_COMBINED_TEXTURE_UNITS;
   c->MaxVertexTextureImageUnits = 16;
   c->MaxTextureImageUnits = 16;
   /* Default-block uniforms: 4096 vec4s (16384 components, 64 KiB) a
    * stage, the constant buffer 0 Mesa's asahi driver offers
    * (alexvorxx/Mesa-VirGL src/gallium/drivers/asahi/agx_pipe.c).  The
    * AGX compiler pushes at most 128 words to uniform registers and reads
    * the rest, and every dynamically indexed array, from memory
    * (agx_isel.c), so the size has no register limit.  The GLSL
    * constants (glsl_builtins.py) say the same; st_context.c lowers both
    * vectors for a driver with a smaller buffer. */
   c->MaxVertexUniformVectors = 4096;
   c->MaxFragmentUniformVectors = 4096;
   /* The linker's 32 generic varying slots (glsl_link_priv.h), which the
    * AGX Unified Vertex Store holds with the position (agx_compile.h
    * AGX_MAX_UVS_WORDS); GL 3.2 table 6.38 asks 128 fragment input
    * components.  st_context.c lowers it for a driver with fewer. */
   c->MaxVaryingVectors = 32;
   c->MaxDrawBuffers = MAX_DRAW_BUFFERS;
   c->AliasedPointSizeRange[0] = 1.0f;
   c->AliasedPointSizeRange[1] = 511.0f;
   c->AliasedLineWidthRange[0] = 1.0f;
   c->AliasedLineWidthRange[1] = 16.0f;
   c->SubpixelBits = 8;
   /* ES 3.0.6 table 6.32 minimums; the block size and alignment are what
    * the asahi driver can read (st_context.c lowers the counts for a
    * driver with fewer constant buffers). */
   c->MaxVertexUniformBlocks = 12;
   c->MaxFragmentUniformBlocks = 12;
   /* GL 3.2 table 6.51 (ES 3.0 asks 24); a program's block i being
    * constant buffer 1 + i in every stage, st_context.c lowers it to the
    * driver's constant buffers but one. */
   c->MaxCombinedUniformBlocks = 36;
   c->MaxUniformBlockSize = 65536;
   c->UniformBufferOffsetAlignment = 16;
}

void
_mesa_init_context_state(struct gl_context *ctx)
{
   init_constants(ctx);
   ctx->ErrorValue = GL_NO_ERROR;
   ctx->FirstTimeCurrent = true;
   ctx->NewState = ST_NEW_ALL;

   /* ES 2.0 section 2.12.1 / table 6.8, for every viewport. */
   _mesa_init_viewports(ctx);

   /* Tables 6.13-6.16. */
   for (int i = 0; i < 4; i++)
      ctx->Color.ColorMask[i] = GL_TRUE;
   for (int i = 0; i < MAX_DRAW_BUFFERS; i++)
      ctx->Color.ColorMaski[i] = 0xf; /* PIPE_MASK_RGBA */
   ctx->Color.ClampReadColor = GL_FIXED_ONLY;
   ctx->Color.ClampFragmentColor = GL_FIXED_ONLY;
   ctx->Polygon.FrontMode = ctx->Polygon.BackMode = GL_FILL;
   ctx->Light.ShadeModel = GL_SMOOTH;
   ctx->Light.ClampVertexColor = GL_TRUE;
   ctx->Light.ProvokingVertex = GL_LAST_VERTEX_CONVENTION;
   /* GL 3.2 table 6.17: every bit of the sample mask set. */
   ctx->Multisample.SampleMaskValue = ~0u;
   ctx->Color.SrcRGB = ctx->Color.SrcA = GL_ONE;
   ctx->Color.DstRGB = ctx->Color.DstA = GL_ZERO;
   ctx->Color.EquationRGB = ctx->Color.EquationA = GL_FUNC_ADD;
   ctx->Color.BlendCoherent = true;
   ctx->Color.Dither = true;
   ctx->Color.LogicOp = GL_COPY;
   /* GL 2.1 table 6.14: the stipple is initially all 1s. */
   for (unsigned i = 0; i < 32; i++)
      ctx->Polygon.Stipple[i] = ~0u;

   ctx->Depth.Func = GL_LESS;
   ctx->Depth.Mask = true;
   ctx->Depth.Clear = 1.0f;

   for (int f = 0; f < 2; f++) {
      ctx->Stencil.Func[f] = GL_ALWAYS;
      ctx->Stencil.ValueMask[f] = ~0u;
      ctx->Stencil.WriteMask[f] = ~0u;
      ctx->Stencil.FailOp[f] = GL_KEEP;
      ctx->Stencil.ZFailOp[f] = GL_KEEP;
      ctx->Stencil.ZPassOp[f] = GL_KEEP;
   }

   ctx->Polygon.FrontFace = GL_CCW;
   ctx->Polygon.CullFaceMode = GL_BACK;
   ctx->LineWidth = 1.0f;
   /* GL 2.1 table 6.12: the line stipple is all 1s, repeated once. */
   ctx->Line.StippleFactor = 1;
   ctx->Line.StipplePattern = 0xffff;
   ctx->Multisample.SampleCoverageValue = 1.0f;
   ctx->Multisample.Enabled = true;
   ctx->Hint.GenerateMipmap = GL_DONT_CARE;
   ctx->Hint.FragmentShaderDerivative = GL_DONT_CARE;
   ctx->Hint.TextureCompression = GL_DONT_CARE;
   for (unsigned i = 0; i < sizeof(ctx->Hint.Quality) / sizeof(GLenum); i++)
      ctx->Hint.Quality[i] = GL_DONT_CARE;
   ctx->Pixel.PackAlignment = 4;
   ctx->Pixel.UnpackAlignment = 4;

   /* Current generic attribute values are (0, 0, 0, 1); the
    * conventional ones start as GL 2.1 table 6.5 says. */
   for (int i = 0; i < VERT_ATTRIB_COUNT; i++)
      ctx->CurrentAttrib[i][3] = 1.0f;
   for (int i = 0; i < VERT_ATTRIB_COUNT; i++)
      ctx->CurrentAttribType[i] = GL_FLOAT;
   for (int c = 0; c < 3; c++)
      ctx->CurrentAttrib[VERT_ATTRIB_COLOR0][c] = 1.0f;
   ctx->CurrentAttrib[VERT_ATTRIB_NORMAL][2] = 1.0f;

   _mesa_init_varray(ctx);
   _mesa_init_matrix(ctx);
   _mesa_init_transform_feedback(ctx);
   _mesa_init_pipelines(ctx);
   _mesa_init_texture_units(ctx);
   _mesa_init_image_units(ctx);
   _mesa_init_ff_state(ctx);
   _mesa_init_pixel_ops(ctx);
   ctx->FBOs = _mesa_name_table_create();
}

void
_mesa_free_context_state(struct gl_context *ctx)
{
   free(ctx->ExtensionsString);
   ctx->ExtensionsString = NULL;
   _mesa_free_transform_feedback(ctx);
   _mesa_free_pipelines(ctx);
   _mesa_free_ff_state(ctx);
   _mesa_free_attrib_stacks(ctx);
   _mesa_reference_buffer_object(&ctx->ArrayBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->CopyReadBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->CopyWriteBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->PixelPackBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->PixelUnpackBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->UniformBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->TransformFeedbackBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->TextureBuffer, NULL);
   for (unsigned i = 0; i < MAX_UNIFORM_BUFFER_BINDINGS; i++)
      _mesa_reference_buffer_object(&ctx->UniformBufferBindings[i].Buffer,
                                    NULL);
   for (unsigned i = 0; i < MAX_FEEDBACK_BUFFERS; i++)
      _mesa_reference_buffer_object(&ctx->TransformFeedbackBindings[i].Buffer,
                                    NULL);
   /* compute.c's bindings */
   _mesa_reference_buffer_object(&ctx->ShaderStorageBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->DispatchIndirectBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->DrawIndirectBuffer, NULL);
   _mesa_reference_buffer_object(&ctx->AtomicCounterBuffer, NULL);
   for (unsigned i = 0; i < MAX_SHADER_STORAGE_BUFFER_BINDINGS; i++)
      _mesa_reference_buffer_object(&ctx->ShaderStorageBufferBindings[i].Buffer,
                                    NULL);
   for (unsigned i = 0; i < sizeof(ctx->AtomicCounterBufferBindings) /
                           sizeof(ctx->AtomicCounterBufferBindings[0]);
        i++)
      _mesa_reference_buffer_object(&ctx->AtomicCounterBufferBindings[i].Buffer,
                                    NULL);
   _mesa_use_program(ctx, NULL);
   _mesa_free_varray(ctx);
   _mesa_free_texture_units(ctx);
   _mesa_free_image_units(ctx);
   _mesa_free_framebuffer_objects(ctx);
   _mesa_free_query_objects(ctx);
   _mesa_free_debug_output(ctx);
}
