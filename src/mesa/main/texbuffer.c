/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Buffer textures (GL 3.1 section 3.8.5, ARB_texture_buffer_object,
 * ARB_texture_buffer_range): a texture whose one-dimensional image is the
 * data store of a buffer object, read by texelFetch on a samplerBuffer.
 * TexBuffer/TexBufferRange attach a buffer, a format and a range to the
 * texture bound to TEXTURE_BUFFER; the state tracker makes a sampler view
 * of the buffer's pipe resource from them at draw time (st_texture.c), so
 * a buffer that gets new storage (BufferData) is seen by the next draw.
 */
#include "main/bufferobj.h"
#include "main/context.h"
#include "main/hash.h"
#include "main/texbuffer.h"

#define X PIPE_SWIZZLE_X
#define Y PIPE_SWIZZLE_Y
#define Z PIPE_SWIZZLE_Z
#define W PIPE_SWIZZLE_W
#define S0 PIPE_SWIZZLE_0
#define S1 PIPE_SWIZZLE_1

enum texbuffer_base { TB_RGBA, TB_ALPHA, TB_LUM, TB_LUM_ALPHA, TB_INTENSITY };

/* What R, G, B, A read for each base format (GL 3.0 compatibility table
 * 3.20: ALPHA (0, 0, 0, A), LUMINANCE (L, L, L, 1), LUMINANCE_ALPHA
 * (L, L, L, A), INTENSITY (I, I, I, I)); the legacy formats are stored
 * in the red (and green) channels. */
static const unsigned char base_swizzle[][4] = {
   [TB_RGBA] = {X, Y, Z, W},
   [TB_ALPHA] = {S0, S0, S0, X},
   [TB_LUM] = {X, X, X, S1},
   [TB_LUM_ALPHA] = {X, X, X, Y},
   [TB_INTENSITY] = {X, X, X, X},
};

/* GL 3.1 table 3.15 (GL 4.6 table 8.16 without its RGB32 rows, which
 * ARB_texture_buffer_object_rgb32 adds), then the ALPHA, LUMINANCE,
 * LUMINANCE_ALPHA and INTENSITY formats ARB_texture_buffer_object also
 * lists, which only a compatibility context has. */
static const struct {
   GLenum internalformat;
   enum pipe_format format;
   enum texbuffer_base base;
} texbuffer_formats[] = {
#define CORE(gl, pipe) {GL_##gl, PIPE_FORMAT_##pipe, TB_RGBA}
   CORE(R8, R8_UNORM),
   CORE(R16, R16_UNORM),
   CORE(R16F, R16_FLOAT),
   CORE(R32F, R32_FLOAT),
   CORE(R8I, R8_SINT),
   CORE(R16I, R16_SINT),
   CORE(R32I, R32_SINT),
   CORE(R8UI, R8_UINT),
   CORE(R16UI, R16_UINT),
   CORE(R32UI, R32_UINT),
   CORE(RG8, R8G8_UNORM),
   CORE(RG16, R16G16_UNORM),
   CORE(RG16F, R16G16_FLOAT),
   CORE(RG32F, R32G32_FLOAT),
   CORE(RG8I, R8G8_SINT),
   CORE(RG16I, R16G16_SINT),
   CORE(RG32I, R32G32_SINT),
   CORE(RG8UI, R8G8_UINT),
   CORE(RG16UI, R16G16_UINT),
   CORE(RG32UI, R32G32_UINT),
   CORE(RGBA8, R8G8B8A8_UNORM),
   CORE(RGBA16, R16G16B16A16_UNORM),
   CORE(RGBA16F, R16G16B16A16_FLOAT),
   CORE(RGBA32F, R32G32B32A32_FLOAT),
   CORE(RGBA8I, R8G8B8A8_SINT),
   CORE(RGBA16I, R16G16B16A16_SINT),
   CORE(RGBA32I, R32G32B32A32_SINT),
   CORE(RGBA8UI, R8G8B8A8_UINT),
   CORE(RGBA16UI, R16G16B16A16_UINT),
   CORE(RGBA32UI, R32G32B32A32_UINT),
#undef CORE
#define ONE(base, pre)                                                         \
   {GL_##pre##8, PIPE_FORMAT_R8_UNORM, base},                                 \
   {GL_##pre##16, PIPE_FORMAT_R16_UNORM, base},                               \
   {GL_##pre##16F_ARB, PIPE_FORMAT_R16_FLOAT, base},                          \
   {GL_##pre##32F_ARB, PIPE_FORMAT_R32_FLOAT, base},                          \
   {GL_##pre##8I_EXT, PIPE_FORMAT_R8_SINT, base},                             \
   {GL_##pre##16I_EXT, PIPE_FORMAT_R16_SINT, base},                           \
   {GL_##pre##32I_EXT, PIPE_FORMAT_R32_SINT, base},                           \
   {GL_##pre##8UI_EXT, PIPE_FORMAT_R8_UINT, base},                            \
   {GL_##pre##16UI_EXT, PIPE_FORMAT_R16_UINT, base},                          \
   {GL_##pre##32UI_EXT, PIPE_FORMAT_R32_UINT, base}
   ONE(TB_ALPHA, ALPHA),
   ONE(TB_LUM, LUMINANCE),
   ONE(TB_INTENSITY, INTENSITY),
#undef ONE
#define TWO(bits, suffix, pipe)                                                \
   {GL_LUMINANCE_ALPHA##bits##suffix, PIPE_FORMAT_##pipe, TB_LUM_ALPHA}
   {GL_LUMINANCE8_ALPHA8, PIPE_FORMAT_R8G8_UNORM, TB_LUM_ALPHA},
   {GL_LUMINANCE16_ALPHA16, PIPE_FORMAT_R16G16_UNORM, TB_LUM_ALPHA},
   TWO(16F, _ARB, R16G16_FLOAT),
   TWO(32F, _ARB, R32G32_FLOAT),
   TWO(8I, _EXT, R8G8_SINT),
   TWO(16I, _EXT, R16G16_SINT),
   TWO(32I, _EXT, R32G32_SINT),
   TWO(8UI, _EXT, R8G8_UINT),
   TWO(16UI, _EXT, R16G16_UINT),
   TWO(32UI, _EXT, R32G32_UINT),
#undef TWO
};

#define NUM_TEXBUFFER_FORMATS                                                  \
   (sizeof(texbuffer_formats) / sizeof(texbuffer_formats[0]))

/* The table entry of internalformat in this context, or -1. */
static int
texbuffer_format_index(const struct gl_context *ctx, GLenum internalformat)
{
   for (unsigned i = 0; i < NUM_TEXBUFFER_FORMATS; i++) {
      if (texbuffer_formats[i].internalformat != internalformat)
         continue;
      if (texbuffer_formats[i].base != TB_RGBA && _mesa_is_desktop_fc(ctx))
         return -1;
      return (int)i;
   }
   return -1;
}

/* TEXTURE_BUFFER_FORMAT of t: what TexBuffer set, else the initial value
 * (ARB_texture_buffer_object: LUMINANCE8; a forward-compatible context
 * has no LUMINANCE8, and GL 3.1's table 6.21 gives R8). */
static GLenum
texbuffer_format(const struct gl_context *ctx,
                 const struct gl_texture_object *t)
{
   if (t->BufferObjectFormat)
      return t->BufferObjectFormat;
   return _mesa_is_desktop_fc(ctx) ? GL_R8 : GL_LUMINANCE8;
}

bool
_mesa_texbuffer_view(const struct gl_context *ctx,
                     const struct gl_texture_object *t,
                     enum pipe_format *format, unsigned swizzle[4],
                     unsigned *offset_B, unsigned *size_B)
{
   const struct gl_buffer_object *bo = t->BufferObject;
   int i = texbuffer_format_index(ctx, texbuffer_format(ctx, t));

   if (!bo || !bo->buffer || i < 0)
      return false;
   /* GL 4.6 section 8.9: the range is clamped to the buffer's current
    * size (it may have shrunk since TexBufferRange). */
   GLsizeiptr offset = t->BufferSize < 0 ? 0 : t->BufferOffset;
   GLsizeiptr size = t->BufferSize < 0 ? bo->Size : t->BufferSize;
   if (offset >= bo->Size)
      return false;
   if (size > bo->Size - offset)
      size = bo->Size - offset;

   enum pipe_format f = texbuffer_formats[i].format;
   GLsizeiptr texel_B = util_format_get_blocksize(f);
   GLsizeiptr texels = size / texel_B;
   if (texels > ctx->Const.MaxTextureBufferSize)
      texels = ctx->Const.MaxTextureBufferSize;
   if (!texels)
      return false;

   *format = f;
   for (unsigned c = 0; c < 4; c++)
      swizzle[c] = base_swizzle[texbuffer_formats[i].base][c];
   *offset_B = (unsigned)offset;
   *size_B = (unsigned)(texels * texel_B);
   return true;
}

/* TexBuffer and TexBufferRange (GL 4.6 section 8.9); whole: TexBuffer
 * (the whole buffer, whatever its size later). */
static void
tex_buffer(GLenum target, GLenum internalformat, GLuint buffer,
           GLintptr offset, GLsizeiptr size, bool whole, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_buffer_object *bo = NULL;

   if (!_mesa_has_buffer_textures(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no buffer textures)", func);
      return;
   }
   if (target != GL_TEXTURE_BUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   if (texbuffer_format_index(ctx, internalformat) < 0) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", func,
                  internalformat);
      return;
   }
   if (buffer) {
      bo = _mesa_name_lookup_object(ctx->Shared->Buffers, buffer);
      if (!bo) {
         _mesa_error(ctx, GL_INVALID_OPERATION, "%s(buffer=%u)", func,
                     buffer);
         return;
      }
   }
   /* ARB_texture_buffer_range: the range must lie in the buffer and be
    * aligned; with buffer 0 offset and size are ignored. */
   if (bo && !whole) {
      if (offset < 0 || size <= 0 || offset > bo->Size ||
          size > bo->Size - offset) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(offset=%ld, size=%ld)", func,
                     (long)offset, (long)size);
         return;
      }
      if (offset % ctx->Const.TextureBufferOffsetAlignment) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(offset=%ld unaligned)", func,
                     (long)offset);
         return;
      }
   }

   struct gl_texture_object *t =
      ctx->TexUnit[ctx->ActiveTexture].Current[TEXTURE_BUFFER_INDEX];
   _mesa_reference_buffer_object(&t->BufferObject, bo);
   t->BufferObjectFormat = internalformat;
   t->BufferOffset = bo && !whole ? offset : 0;
   t->BufferSize = !bo ? 0 : whole ? -1 : size;
   t->stamp++;
   ctx->NewState |= ST_NEW_SAMPLER_VIEWS;
}

void GLAPIENTRY
_mesa_TexBuffer(GLenum target, GLenum internalformat, GLuint buffer)
{
   tex_buffer(target, internalformat, buffer, 0, 0, true, "glTexBuffer");
}

void GLAPIENTRY
_mesa_TexBufferRange(GLenum target, GLenum internalformat, GLuint buffer,
                     GLintptr offset, GLsizeiptr size)
{
   tex_buffer(target, internalformat, buffer, offset, size, false,
              "glTexBufferRange");
}

bool
_mesa_texbuffer_get(struct gl_context *ctx, GLenum pname, GLint *v)
{
   if (!_mesa_has_buffer_textures(ctx))
      return false;

   const struct gl_texture_object *t =
      ctx->TexUnit[ctx->ActiveTexture].Current[TEXTURE_BUFFER_INDEX];
   switch (pname) {
   case GL_MAX_TEXTURE_BUFFER_SIZE:
      *v = ctx->Const.MaxTextureBufferSize;
      return true;
   case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
      *v = ctx->Const.TextureBufferOffsetAlignment;
      return true;
   case GL_TEXTURE_BINDING_BUFFER:
      *v = (GLint)t->Name;
      return true;
   case GL_TEXTURE_BUFFER: /* the buffer binding point */
      *v = ctx->TextureBuffer ? (GLint)ctx->TextureBuffer->Name : 0;
      return true;
   /* ARB_texture_buffer_object's state of the bound texture (GL 3.1
    * table 6.21 keeps the data store binding). */
   case GL_TEXTURE_BUFFER_DATA_STORE_BINDING:
      *v = t->BufferObject ? (GLint)t->BufferObject->Name : 0;
      return true;
   case GL_TEXTURE_BUFFER_FORMAT_ARB:
      *v = (GLint)texbuffer_format(ctx, t);
      return true;
   default:
      return false;
   }
}

bool
_mesa_texbuffer_level_param(struct gl_context *ctx,
                            const struct gl_texture_object *t, GLenum pname,
                            GLint *v)
{
   enum pipe_format format;
   unsigned swizzle[4], offset_B, size_B;
   bool has = _mesa_texbuffer_view(ctx, t, &format, swizzle, &offset_B,
                                   &size_B);

   switch (pname) {
   case GL_TEXTURE_WIDTH:
      *v = has ? (GLint)(size_B / util_format_get_blocksize(format)) : 0;
      return true;
   case GL_TEXTURE_HEIGHT:
   case GL_TEXTURE_DEPTH:
      *v = has ? 1 : 0;
      return true;
   case GL_TEXTURE_INTERNAL_FORMAT:
      *v = (GLint)texbuffer_format(ctx, t);
      return true;
   case GL_TEXTURE_BUFFER_DATA_STORE_BINDING:
      *v = t->BufferObject ? (GLint)t->BufferObject->Name : 0;
      return true;
   case GL_TEXTURE_BUFFER_OFFSET:
      *v = (GLint)t->BufferOffset;
      return true;
   case GL_TEXTURE_BUFFER_SIZE:
      *v = t->BufferSize >= 0    ? (GLint)t->BufferSize
           : t->BufferObject ? (GLint)t->BufferObject->Size
                             : 0;
      return true;
   default:
      return false;
   }
}
