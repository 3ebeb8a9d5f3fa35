/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include "main/context.h"
#include "main/formats_es3.h"
#include "main/texobj.h"
#include "main/texproxy.h"
#include "util/format/u_format.h"

/* GL 4.6 section 8.5 (TexImage2D), 8.5 (TexImage3D) and 8.6 (TexImage1D)
 * list each proxy target with the command taking it; a proxy exists when
 * the texture target it stands for does (desktop GL only: ES has no
 * proxies). */
static const struct proxy_target {
   GLenum proxy, target;
   unsigned dims;
} proxy_targets[GL_PROXY_SLOTS] = {
   {GL_PROXY_TEXTURE_1D, GL_TEXTURE_1D, 1},
   {GL_PROXY_TEXTURE_2D, GL_TEXTURE_2D, 2},
   {GL_PROXY_TEXTURE_1D_ARRAY, GL_TEXTURE_1D_ARRAY, 2},
   {GL_PROXY_TEXTURE_RECTANGLE, GL_TEXTURE_RECTANGLE, 2},
   {GL_PROXY_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP, 2},
   {GL_PROXY_TEXTURE_3D, GL_TEXTURE_3D, 3},
   {GL_PROXY_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY, 3},
   {GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY, 3},
};

static int
proxy_slot(struct gl_context *ctx, GLenum target, unsigned dims)
{
   if (_mesa_is_gles(ctx))
      return -1;
   for (unsigned i = 0; i < GL_PROXY_SLOTS; i++) {
      const struct proxy_target *p = &proxy_targets[i];
      if (p->proxy == target && (!dims || dims == p->dims) &&
          _mesa_tex_target_index(ctx, p->target) >= 0)
         return (int)i;
   }
   return -1;
}

GLenum
_mesa_proxy_texture_target(struct gl_context *ctx, GLenum target, unsigned dims)
{
   int slot = proxy_slot(ctx, target, dims);
   return slot < 0 ? GL_NONE : proxy_targets[slot].target;
}

struct gl_texture_image *
_mesa_proxy_image(struct gl_context *ctx, GLenum target, GLint level)
{
   int slot = proxy_slot(ctx, target, 0);
   if (slot < 0 || level < 0 || level >= MAX_TEXTURE_LEVELS)
      return NULL;
   return &ctx->ProxyImage[slot][level];
}

/* Mesa's own proxy test (src/mesa/main/teximage.c,
 * _mesa_test_proxy_teximage, with MAX_TEXTURE_MBYTES of
 * src/mesa/main/config.h) calls an image of more than 1024 MiB (all its
 * faces) unsupported; so does this one, as the driver would fail to
 * allocate the largest images the size limits allow. */
#define PROXY_MAX_IMAGE_BYTES (1024ull << 20)

static bool
fits_memory(GLenum target, GLsizei width, GLsizei height, GLsizei depth,
            GLenum internalformat, GLenum type)
{
   const struct gl_format_info *f =
      _mesa_format_info(_mesa_effective_internalformat(internalformat, type));
   /* (unknown and compressed formats: 16 bytes a texel at most) */
   unsigned texel_B = f && f->storage[0] != PIPE_FORMAT_NONE
                         ? util_format_get_blocksize(f->storage[0])
                         : 16;
   uint64_t bytes = (uint64_t)width * (uint64_t)height * (uint64_t)depth *
                    texel_B * (target == GL_PROXY_TEXTURE_CUBE_MAP ? 6 : 1);
   return bytes <= PROXY_MAX_IMAGE_BYTES;
}

void
_mesa_proxy_set(struct gl_context *ctx, GLenum target, GLint level,
                bool supported, GLsizei width, GLsizei height, GLsizei depth,
                GLenum internalformat, GLenum format, GLenum type)
{
   struct gl_texture_image *img = _mesa_proxy_image(ctx, target, level);
   if (!img)
      return;
   /* Section 8.22: an unsupported image leaves every level parameter of
    * the proxy zero (a width of 0 reads back as "not supported"). */
   if (!supported || !width || !height || !depth ||
       !fits_memory(target, width, height, depth, internalformat, type)) {
      *img = (struct gl_texture_image){0};
      return;
   }
   *img = (struct gl_texture_image){.Width = width,
                                    .Height = height,
                                    .Depth = depth,
                                    .InternalFormat = internalformat,
                                    .Format = format,
                                    .Type = type};
}

void
_mesa_proxy_storage(struct gl_context *ctx, GLenum target, GLsizei levels,
                    bool supported, GLsizei width, GLsizei height,
                    GLsizei depth, GLenum internalformat, GLenum format,
                    bool shrink_h, bool shrink_d)
{
   if (!supported)
      levels = MAX_TEXTURE_LEVELS;
   for (GLint l = 0; l < levels && l < MAX_TEXTURE_LEVELS; l++) {
      _mesa_proxy_set(ctx, target, l, supported, width, height, depth,
                      internalformat, format, GL_NONE);
      width = width > 1 ? width / 2 : 1;
      if (shrink_h)
         height = height > 1 ? height / 2 : 1;
      if (shrink_d)
         depth = depth > 1 ? depth / 2 : 1;
   }
}
