/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * OES_texture_3D: the ES 2.0 names of the 3D texture commands.  The
 * registry gives them no alias, so each forwards to the GL 1.2 / ES 3.0
 * command, which then applies its own rules (the ES 2.0 format rules
 * included, through the context's version).  Without the extension they
 * are GL_INVALID_OPERATION and do nothing: an ES 2.0 context without it
 * has no 3D target (texobj.c's _mesa_tex_target_index).
 */
#include "main/context.h"
#include "main/extensions.h"

static bool
has_texture_3d(const char *func)
{
   GET_CURRENT_CONTEXT(ctx);
   if (!ctx)
      return false;
   if (!_mesa_has_extension(ctx, "GL_OES_texture_3D")) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(no GL_OES_texture_3D)",
                  func);
      return false;
   }
   return true;
}

void GLAPIENTRY
_mesa_TexImage3DOES(GLenum target, GLint level, GLenum internalformat,
                    GLsizei width, GLsizei height, GLsizei depth,
                    GLint border, GLenum format, GLenum type,
                    const void *pixels)
{
   if (has_texture_3d("glTexImage3DOES"))
      _mesa_TexImage3D(target, level, (GLint)internalformat, width, height,
                       depth, border, format, type, pixels);
}

void GLAPIENTRY
_mesa_TexSubImage3DOES(GLenum target, GLint level, GLint xoffset,
                       GLint yoffset, GLint zoffset, GLsizei width,
                       GLsizei height, GLsizei depth, GLenum format,
                       GLenum type, const void *pixels)
{
   if (has_texture_3d("glTexSubImage3DOES"))
      _mesa_TexSubImage3D(target, level, xoffset, yoffset, zoffset, width,
                          height, depth, format, type, pixels);
}

void GLAPIENTRY
_mesa_CopyTexSubImage3DOES(GLenum target, GLint level, GLint xoffset,
                           GLint yoffset, GLint zoffset, GLint x, GLint y,
                           GLsizei width, GLsizei height)
{
   if (has_texture_3d("glCopyTexSubImage3DOES"))
      _mesa_CopyTexSubImage3D(target, level, xoffset, yoffset, zoffset, x,
                              y, width, height);
}

void GLAPIENTRY
_mesa_CompressedTexImage3DOES(GLenum target, GLint level,
                              GLenum internalformat, GLsizei width,
                              GLsizei height, GLsizei depth, GLint border,
                              GLsizei imageSize, const void *data)
{
   if (has_texture_3d("glCompressedTexImage3DOES"))
      _mesa_CompressedTexImage3D(target, level, internalformat, width,
                                 height, depth, border, imageSize, data);
}

void GLAPIENTRY
_mesa_CompressedTexSubImage3DOES(GLenum target, GLint level, GLint xoffset,
                                 GLint yoffset, GLint zoffset, GLsizei width,
                                 GLsizei height, GLsizei depth,
                                 GLenum format, GLsizei imageSize,
                                 const void *data)
{
   if (has_texture_3d("glCompressedTexSubImage3DOES"))
      _mesa_CompressedTexSubImage3D(target, level, xoffset, yoffset,
                                    zoffset, width, height, depth, format,
                                    imageSize, data);
}

void GLAPIENTRY
_mesa_FramebufferTexture3DOES(GLenum target, GLenum attachment,
                              GLenum textarget, GLuint texture, GLint level,
                              GLint zoffset)
{
   if (has_texture_3d("glFramebufferTexture3DOES"))
      _mesa_FramebufferTexture3D(target, attachment, textarget, texture,
                                 level, zoffset);
}
