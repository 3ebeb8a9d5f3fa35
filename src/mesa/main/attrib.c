/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The attribute stacks of compatibility contexts (GL 2.1 section 6.1.14,
 * tables 6.3-6.43 "attribute" column): glPushAttrib/glPopAttrib and
 * glPushClientAttrib/glPopClientAttrib, 16 deep each (GL_STACK_OVERFLOW
 * and GL_STACK_UNDERFLOW beyond).  Table driven: each group bit names the
 * regions of gl_context it saves (a field, a run of fields, or one field
 * of each element of an array); a push copies the regions of the mask
 * into one block, a pop copies them back and marks all state changed.
 *
 * The texture bindings of GL_TEXTURE_BIT (table 6.20 TEXTURE_BINDING_*,
 * every unit) are kept as references to the bound objects with those
 * objects' parameters (tables 6.21-6.22: filters, wraps, border colour,
 * levels, LODs, comparison, depth mode, GENERATE_MIPMAP; also the
 * swizzles and LOD bias of later versions); a pop binds them again and
 * gives each its parameters back, or binds the default texture in place
 * of one deleted since the push.
 *
 * GL_CLIENT_VERTEX_ARRAY_BIT (tables 6.8-6.9) keeps the arrays of the
 * bound vertex array object (enables, sizes, types, strides, pointers,
 * their buffers, the element array buffer) and GL_ARRAY_BUFFER_BINDING,
 * holding references to the buffers, and the vertex array object binding
 * (GL 4.6 compatibility table 23.3, attribute "vertex-array"); a pop binds
 * that object again and gives it the arrays.  An object deleted since the
 * push cannot be bound again (ARB_vertex_array_object: deleted names are
 * not names): the pop then leaves the binding and the arrays as they are,
 * as Mesa does.
 *
 * Not saved (state this front end keeps elsewhere): the draw and read
 * buffers of GL_COLOR_BUFFER_BIT and GL_PIXEL_MODE_BIT.  The evaluator maps' control points are in no group
 * (GL 2.1 table 6.39 "-"); their enables, GL_AUTO_NORMAL and the grids
 * are.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "main/attrib.h"
#include "main/bufferobj.h"
#include "main/context.h"
#include "main/hash.h"
#include "main/texobj.h"
#include "state_tracker/st_context.h"
#include "util/u_math.h"

/* count elements of size bytes, stride bytes apart, from offset. */
struct attrib_region {
   GLbitfield group;
   bool client;
   size_t offset, size, stride;
   unsigned count;
};

#define FIELD_SIZE(f) sizeof(((struct gl_context *)0)->f)
/* One field. */
#define F(g, f) {g, false, offsetof(struct gl_context, f), FIELD_SIZE(f), 0, 1}
/* The fields from first up to (not including) end. */
#define RUN(g, first, end)                                                   \
   {g, false, offsetof(struct gl_context, first),                            \
    offsetof(struct gl_context, end) - offsetof(struct gl_context, first),   \
    0, 1}
/* Field f of each of the n elements of array a. */
#define EACH(g, a, f, n)                                                     \
   {g, false, offsetof(struct gl_context, a[0].f), FIELD_SIZE(a[0].f),       \
    sizeof(((struct gl_context *)0)->a[0]), n}
/* Client state: one field, or a run. */
#define CF(g, f) {g, true, offsetof(struct gl_context, f), FIELD_SIZE(f), 0, 1}
#define CRUN(g, first, end)                                                  \
   {g, true, offsetof(struct gl_context, first),                             \
    offsetof(struct gl_context, end) - offsetof(struct gl_context, first),   \
    0, 1}

static const struct attrib_region regions[] = {
   /* current: the current values, raster position, edge flag */
   F(GL_CURRENT_BIT, CurrentAttrib),
   F(GL_CURRENT_BIT, CurrentAttribType),
   F(GL_CURRENT_BIT, FF.Raster),
   F(GL_CURRENT_BIT, FF.EdgeFlag),
   F(GL_CURRENT_BIT, FF.CurrentIndex),
   F(GL_POINT_BIT, FF.PointSize),
   F(GL_POINT_BIT, FF.PointParams),
   F(GL_LINE_BIT, LineWidth),
   F(GL_LINE_BIT, Line),
   /* eval: the map enables (also enable state), the grids */
   EACH(GL_EVAL_BIT | GL_ENABLE_BIT, FF.Eval.Map1, Enabled, FF_EVAL_TARGETS),
   EACH(GL_EVAL_BIT | GL_ENABLE_BIT, FF.Eval.Map2, Enabled, FF_EVAL_TARGETS),
   F(GL_EVAL_BIT | GL_ENABLE_BIT, FF.Eval.AutoNormal),
   F(GL_EVAL_BIT, FF.Eval.Grid1N),
   F(GL_EVAL_BIT, FF.Eval.Grid2UN),
   F(GL_EVAL_BIT, FF.Eval.Grid2VN),
   F(GL_EVAL_BIT, FF.Eval.Grid1),
   F(GL_EVAL_BIT, FF.Eval.Grid2),
   F(GL_LIST_BIT, FF.Lists.Base),
   RUN(GL_POLYGON_BIT, Polygon.FrontFace, Polygon.Stipple),
   F(GL_POLYGON_STIPPLE_BIT, Polygon.Stipple),
   /* pixel: zoom, transfer scales and biases, index arithmetic, maps */
   RUN(GL_PIXEL_MODE_BIT, PixelOps.ZoomX, PixelOps.UnpackSwapBytes),
   F(GL_PIXEL_MODE_BIT, PixelOps.Maps),
   F(GL_LIGHTING_BIT, Light.ShadeModel),
   F(GL_LIGHTING_BIT, Light.ClampVertexColor),
   F(GL_LIGHTING_BIT, FF.Lighting),
   RUN(GL_LIGHTING_BIT, FF.Light, FF.Imm),
   F(GL_FOG_BIT, FF.Fog),
   F(GL_DEPTH_BUFFER_BIT, Depth),
   F(GL_STENCIL_BUFFER_BIT, Stencil),
   F(GL_VIEWPORT_BIT, ViewportArray),
   F(GL_TRANSFORM_BIT, Transform.Mode),
   F(GL_TRANSFORM_BIT, Transform.EyeUserPlane),
   F(GL_TRANSFORM_BIT, Transform.ClipPlaneEnabled),
   F(GL_TRANSFORM_BIT, FF.Normalize),
   F(GL_TRANSFORM_BIT, FF.RescaleNormal),
   F(GL_TRANSFORM_BIT, DepthClamp),
   /* color-buffer: alpha test, blending, logic op, masks, clear colour */
   F(GL_COLOR_BUFFER_BIT, Color),
   F(GL_COLOR_BUFFER_BIT, FF.Alpha),
   F(GL_COLOR_BUFFER_BIT, FramebufferSRGB),
   F(GL_HINT_BIT, Hint),
   F(GL_SCISSOR_BIT, Scissor),
   F(GL_MULTISAMPLE_BIT, Multisample),
   /* texture: the environments and coordinate generation of every unit
    * (enables included), the active unit */
   F(GL_TEXTURE_BIT, FF.Tex),
   F(GL_TEXTURE_BIT, ActiveTexture),
   /* enable: every flag glEnable sets */
   F(GL_ENABLE_BIT, FF.Alpha.Enabled),
   F(GL_ENABLE_BIT, FF.Fog.Enabled),
   F(GL_ENABLE_BIT, FF.ColorSum),
   F(GL_ENABLE_BIT, FF.Lighting),
   F(GL_ENABLE_BIT, FF.Normalize),
   F(GL_ENABLE_BIT, FF.RescaleNormal),
   F(GL_ENABLE_BIT, FF.ColorMaterial.Enabled),
   EACH(GL_ENABLE_BIT, FF.Light, Enabled, FF_MAX_LIGHTS),
   EACH(GL_ENABLE_BIT, FF.Tex, Enabled, FF_MAX_TEXTURE_UNITS),
   EACH(GL_ENABLE_BIT, FF.Tex, GenEnabled, FF_MAX_TEXTURE_UNITS),
   F(GL_ENABLE_BIT, Color.BlendEnabled),
   F(GL_ENABLE_BIT, Color.BlendEnabledi),
   F(GL_ENABLE_BIT, Color.Dither),
   F(GL_ENABLE_BIT, Color.ColorLogicOpEnabled),
   F(GL_ENABLE_BIT, Color.IndexLogicOpEnabled),
   F(GL_ENABLE_BIT, Polygon.CullFlag),
   F(GL_ENABLE_BIT, Polygon.OffsetFill),
   F(GL_ENABLE_BIT, Polygon.OffsetLine),
   F(GL_ENABLE_BIT, Polygon.OffsetPoint),
   F(GL_ENABLE_BIT, Polygon.StippleFlag),
   F(GL_ENABLE_BIT, Line.StippleFlag),
   F(GL_ENABLE_BIT, Line.SmoothFlag),
   F(GL_ENABLE_BIT, FF.PointParams.SmoothFlag),
   F(GL_ENABLE_BIT, FF.PointParams.SpriteFlag),
   F(GL_ENABLE_BIT, Polygon.SmoothFlag),
   F(GL_ENABLE_BIT, Depth.Test),
   F(GL_ENABLE_BIT, Stencil.Enabled),
   F(GL_ENABLE_BIT, Scissor.Enabled),
   F(GL_ENABLE_BIT, Scissor.EnabledMask),
   F(GL_ENABLE_BIT, Multisample.SampleAlphaToCoverage),
   F(GL_ENABLE_BIT, Multisample.SampleAlphaToOne),
   F(GL_ENABLE_BIT, Multisample.SampleCoverage),
   F(GL_ENABLE_BIT, Multisample.SampleMask),
   F(GL_ENABLE_BIT, Multisample.SampleShading),
   F(GL_ENABLE_BIT, Multisample.Enabled),
   F(GL_ENABLE_BIT, Transform.ClipPlaneEnabled),
   F(GL_ENABLE_BIT, FramebufferSRGB),
   F(GL_ENABLE_BIT, DepthClamp),
   F(GL_ENABLE_BIT, CubeMapSeamless),
   F(GL_ENABLE_BIT, ProgramPointSize),
   F(GL_ENABLE_BIT, VertexProgramTwoSide),
   F(GL_ENABLE_BIT, PrimitiveRestart),
   /* client: the pixel store modes, the client active texture */
   CF(GL_CLIENT_PIXEL_STORE_BIT, Pixel),
   CRUN(GL_CLIENT_PIXEL_STORE_BIT, PixelOps.UnpackSwapBytes,
        PixelOps.Maps),
   CF(GL_CLIENT_VERTEX_ARRAY_BIT, ClientActiveTexture),
};

/* Bytes the regions of mask take (client or server ones). */
static size_t
block_size(GLbitfield mask, bool client)
{
   size_t n = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(regions); i++) {
      const struct attrib_region *r = &regions[i];
      if ((r->group & mask) && r->client == client)
         n += r->size * r->count;
   }
   return n;
}

/* Copies the regions of mask between the context and block (save: into
 * the block). */
static void
copy_regions(struct gl_context *ctx, GLbitfield mask, bool client,
             uint8_t *block, bool save)
{
   uint8_t *base = (uint8_t *)ctx;
   for (unsigned i = 0; i < ARRAY_SIZE(regions); i++) {
      const struct attrib_region *r = &regions[i];
      if (!(r->group & mask) || r->client != client)
         continue;
      for (unsigned e = 0; e < r->count; e++) {
         uint8_t *field = base + r->offset + e * r->stride;
         if (save)
            memcpy(block, field, r->size);
         else
            memcpy(field, block, r->size);
         block += r->size;
      }
   }
}

#define SAVED_TEXTURES (MAX_COMBINED_TEXTURE_UNITS * NUM_TEXTURE_TARGETS)

/* A texture object's parameters in the texture group. */
struct saved_tex_params {
   GLenum MinFilter, MagFilter;
   GLenum WrapS, WrapT, WrapR;
   GLint BaseLevel, MaxLevel;
   GLfloat MinLod, MaxLod, LodBias;
   GLenum CompareMode, CompareFunc, DepthMode;
   GLenum Swizzle[4];
   bool GenerateMipmap;
   struct gl_border_color BorderColor;
};

/* One unit's binding of one target, referenced, and its parameters. */
struct saved_texture {
   struct gl_texture_object *obj;
   struct saved_tex_params params;
};

/* Copies the parameters between t and p (save: into p). */
static void
copy_tex_params(struct gl_texture_object *t, struct saved_tex_params *p,
                bool save)
{
#define TEX_PARAM(f)                                                         \
   do {                                                                      \
      if (save)                                                              \
         memcpy(&p->f, &t->f, sizeof(p->f));                                 \
      else                                                                   \
         memcpy(&t->f, &p->f, sizeof(p->f));                                 \
   } while (0)
   TEX_PARAM(MinFilter);
   TEX_PARAM(MagFilter);
   TEX_PARAM(WrapS);
   TEX_PARAM(WrapT);
   TEX_PARAM(WrapR);
   TEX_PARAM(BaseLevel);
   TEX_PARAM(MaxLevel);
   TEX_PARAM(MinLod);
   TEX_PARAM(MaxLod);
   TEX_PARAM(LodBias);
   TEX_PARAM(CompareMode);
   TEX_PARAM(CompareFunc);
   TEX_PARAM(DepthMode);
   TEX_PARAM(Swizzle);
   TEX_PARAM(GenerateMipmap);
   TEX_PARAM(BorderColor);
#undef TEX_PARAM
   if (!save) {
      /* the views and samplers made from the old values */
      t->stamp++;
      t->SamplerStamp++;
   }
}

/* Every unit's binding of every target with its parameters; NULL when
 * out of memory. */
static struct saved_texture *
save_textures(struct gl_context *ctx)
{
   struct saved_texture *saved = calloc(SAVED_TEXTURES, sizeof(*saved));
   for (unsigned i = 0; saved && i < SAVED_TEXTURES; i++) {
      struct gl_texture_object *t = ctx->TexUnit[i / NUM_TEXTURE_TARGETS]
                                       .Current[i % NUM_TEXTURE_TARGETS];
      _mesa_reference_texobj(&saved[i].obj, t);
      if (t)
         copy_tex_params(t, &saved[i].params, true);
   }
   return saved;
}

/* Binds the saved textures again with their parameters (restore) and
 * drops the references. */
static void
release_textures(struct gl_context *ctx, struct saved_texture *saved,
                 bool restore)
{
   for (unsigned i = 0; saved && i < SAVED_TEXTURES; i++) {
      unsigned k = i % NUM_TEXTURE_TARGETS;
      struct gl_texture_object *t = saved[i].obj;
      /* deleted since: its name is 0 and it is not the default one */
      bool deleted = t && t->Name == 0 && t != ctx->Shared->DefaultTex[k];
      if (deleted)
         t = ctx->Shared->DefaultTex[k];
      if (restore) {
         if (t && !deleted)
            copy_tex_params(t, &saved[i].params, false);
         _mesa_reference_texobj(
            &ctx->TexUnit[i / NUM_TEXTURE_TARGETS].Current[k], t);
      }
      _mesa_reference_texobj(&saved[i].obj, NULL);
   }
   free(saved);
}

struct saved_arrays {
   GLuint vao_name; /* the bound vertex array object's (0: the default) */
   struct gl_vertex_attrib attrib[VERT_ATTRIB_CLIENT_COUNT];
   struct gl_vertex_binding bindings[MAX_VERTEX_ATTRIBS];
   struct gl_buffer_object *index_buffer, *array_buffer;
};

/* *dst = *src, moving dst's buffer reference to src's buffer. */
static void
assign_attrib(struct gl_vertex_attrib *dst, const struct gl_vertex_attrib *src)
{
   struct gl_buffer_object *held = dst->Buffer;
   *dst = *src;
   dst->Buffer = held;
   _mesa_reference_buffer_object(&dst->Buffer, src->Buffer);
}

static void
assign_binding(struct gl_vertex_binding *dst,
               const struct gl_vertex_binding *src)
{
   struct gl_buffer_object *held = dst->Buffer;
   *dst = *src;
   dst->Buffer = held;
   _mesa_reference_buffer_object(&dst->Buffer, src->Buffer);
}

/* Copies the arrays between the bound vertex array object and s (save:
 * into s), references following. */
static void
copy_arrays(struct gl_context *ctx, struct saved_arrays *s, bool save)
{
   struct gl_vertex_array_object *vao = ctx->VAO;
   for (unsigned i = 0; i < VERT_ATTRIB_CLIENT_COUNT; i++) {
      if (save)
         assign_attrib(&s->attrib[i], &vao->Attrib[i]);
      else
         assign_attrib(&vao->Attrib[i], &s->attrib[i]);
   }
   for (unsigned i = 0; i < MAX_VERTEX_ATTRIBS; i++) {
      if (save)
         assign_binding(&s->bindings[i], &vao->Bindings[i]);
      else
         assign_binding(&vao->Bindings[i], &s->bindings[i]);
   }
   if (save) {
      _mesa_reference_buffer_object(&s->index_buffer, vao->IndexBuffer);
      _mesa_reference_buffer_object(&s->array_buffer, ctx->ArrayBuffer);
   } else {
      _mesa_reference_buffer_object(&vao->IndexBuffer, s->index_buffer);
      _mesa_reference_buffer_object(&ctx->ArrayBuffer, s->array_buffer);
   }
}

/* Binds the saved vertex array object again; false when it was deleted
 * since the push. */
static bool
rebind_vao(struct gl_context *ctx, const struct saved_arrays *s)
{
   struct gl_vertex_array_object *vao = ctx->DefaultVAO;
   if (s->vao_name) {
      void *obj = _mesa_name_lookup(ctx->VAOs, s->vao_name);
      if (!obj || obj == GL_NAME_RESERVED)
         return false;
      vao = obj;
   }
   ctx->VAO = vao;
   return true;
}

/* Restores the saved binding and arrays (restore) and drops the
 * references. */
static void
release_arrays(struct gl_context *ctx, struct saved_arrays *s, bool restore)
{
   if (!s)
      return;
   if (restore && rebind_vao(ctx, s))
      copy_arrays(ctx, s, false);
   for (unsigned i = 0; i < VERT_ATTRIB_CLIENT_COUNT; i++)
      _mesa_reference_buffer_object(&s->attrib[i].Buffer, NULL);
   for (unsigned i = 0; i < MAX_VERTEX_ATTRIBS; i++)
      _mesa_reference_buffer_object(&s->bindings[i].Buffer, NULL);
   _mesa_reference_buffer_object(&s->index_buffer, NULL);
   _mesa_reference_buffer_object(&s->array_buffer, NULL);
   free(s);
}

/* The server (client false) or client stack and its depth; NULL with
 * GL_INVALID_OPERATION where there are none (ES, forward-compatible
 * contexts: appendix E). */
static struct gl_attrib_entry *
stack_of(struct gl_context *ctx, bool client, unsigned **depth,
         const char *func)
{
   if (_mesa_is_gles(ctx) || _mesa_is_desktop_fc(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(deprecated)", func);
      return NULL;
   }
   *depth = client ? &ctx->ClientAttribDepth : &ctx->AttribDepth;
   return client ? ctx->ClientAttribStack : ctx->AttribStack;
}

/* Pushes mask's state on the server (client false) or client stack. */
static void
push(struct gl_context *ctx, GLbitfield mask, bool client, const char *func)
{
   unsigned *depth;
   struct gl_attrib_entry *stack = stack_of(ctx, client, &depth, func);

   if (!stack)
      return;
   if (*depth >= MAX_ATTRIB_STACK_DEPTH) {
      _mesa_error(ctx, GL_STACK_OVERFLOW, "%s", func);
      return;
   }
   size_t size = block_size(mask, client);
   uint8_t *block = malloc(size ? size : 1);
   bool want_textures = !client && (mask & GL_TEXTURE_BIT);
   bool want_arrays = client && (mask & GL_CLIENT_VERTEX_ARRAY_BIT);
   struct saved_texture *textures = want_textures ? save_textures(ctx) : NULL;
   struct saved_arrays *arrays =
      want_arrays ? calloc(1, sizeof(*arrays)) : NULL;
   if (!block || (want_textures && !textures) || (want_arrays && !arrays)) {
      free(block);
      release_textures(ctx, textures, false);
      free(arrays);
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   if (arrays) {
      arrays->vao_name = ctx->VAO->Name;
      copy_arrays(ctx, arrays, true);
   }
   copy_regions(ctx, mask, client, block, true);
   stack[*depth].Mask = mask;
   stack[*depth].Data = block;
   stack[*depth].Textures = textures;
   stack[*depth].Arrays = arrays;
   (*depth)++;
}

static void
pop(struct gl_context *ctx, bool client, const char *func)
{
   unsigned *depth;
   struct gl_attrib_entry *stack = stack_of(ctx, client, &depth, func);

   if (!stack)
      return;
   if (*depth == 0) {
      _mesa_error(ctx, GL_STACK_UNDERFLOW, "%s", func);
      return;
   }
   struct gl_attrib_entry *e = &stack[--(*depth)];
   copy_regions(ctx, e->Mask, client, e->Data, false);
   free(e->Data);
   e->Data = NULL;
   release_textures(ctx, e->Textures, true);
   e->Textures = NULL;
   release_arrays(ctx, e->Arrays, true);
   e->Arrays = NULL;
   ctx->NewState |= ST_NEW_ALL;
}

void GLAPIENTRY
_mesa_PushAttrib(GLbitfield mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   push(ctx, mask, false, "glPushAttrib");
}

void GLAPIENTRY
_mesa_PopAttrib(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   pop(ctx, false, "glPopAttrib");
}

void GLAPIENTRY
_mesa_PushClientAttrib(GLbitfield mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   push(ctx, mask, true, "glPushClientAttrib");
}

void GLAPIENTRY
_mesa_PopClientAttrib(void)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   pop(ctx, true, "glPopClientAttrib");
}

void
_mesa_free_attrib_stacks(struct gl_context *ctx)
{
   while (ctx->AttribDepth) {
      struct gl_attrib_entry *e = &ctx->AttribStack[--ctx->AttribDepth];
      free(e->Data);
      release_textures(ctx, e->Textures, false);
      e->Textures = NULL;
   }
   while (ctx->ClientAttribDepth) {
      struct gl_attrib_entry *e =
         &ctx->ClientAttribStack[--ctx->ClientAttribDepth];
      free(e->Data);
      release_arrays(ctx, e->Arrays, false);
      e->Arrays = NULL;
   }
}
