/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Compressed texture formats: which ones a context accepts and the
 * queries that list them.  The CompressedTex* entry points and the
 * compressed TexStorage path live in texcompress.c.
 */
#ifndef MESA_TEXCOMPRESS_H
#define MESA_TEXCOMPRESS_H

#include "main/mtypes.h"

/* The pipe format of a compressed internal format this context accepts
 * (ETC1 and S3TC in every ES context, the ETC2/EAC, sRGB S3TC, RGTC and
 * BPTC formats in ES 3.0; S3TC, RGTC and BPTC in desktop contexts; ASTC
 * LDR in both where the driver samples it),
 * PIPE_FORMAT_NONE for anything else. */
enum pipe_format _mesa_compressed_pipe_format(const struct gl_context *ctx,
                                              GLenum internalformat);

/* GL_COMPRESSED_TEXTURE_FORMATS: writes the formats (at most
 * MESA_MAX_COMPRESSED_FORMATS) when formats is not NULL; returns how many
 * there are (GL_NUM_COMPRESSED_TEXTURE_FORMATS).  ETC1 is listed too, as
 * the extension asks. */
#define MESA_MAX_COMPRESSED_FORMATS 55
unsigned _mesa_get_compressed_formats(const struct gl_context *ctx,
                                      GLint *formats);

/* EXT_texture_compression_s3tc / _rgtc / _bptc (and desktop GL's
 * compressed internal formats): TexImage also takes their internal
 * formats, with uncompressed texels (no online compression: those images
 * are stored uncompressed).  Is pf (an S3TC, RGTC or BPTC format) one of
 * these and may (format, type) specify its texels in this context? */
bool _mesa_compressed_teximage_ok(const struct gl_context *ctx,
                                  enum pipe_format pf, GLenum format,
                                  GLenum type);

/* Desktop GL's generic compressed internal formats (COMPRESSED_RED, _RG,
 * _RGB, _RGBA, _ALPHA, _LUMINANCE[_ALPHA], _INTENSITY, _SRGB[_ALPHA]):
 * the uncompressed format the GL chooses instead (no online compression;
 * GL 4.6 section 8.5 allows it): the base internal format (R8 and RG8 for
 * RED and RG), SRGB8[_ALPHA8] for the sRGB ones; any other format as
 * given. */
GLenum _mesa_generic_compressed_base(const struct gl_context *ctx,
                                     GLenum format);

/* Desktop TexImage with a specific S3TC/RGTC/BPTC internal format and
 * uncompressed texels: nothing compresses online, so the image is "not
 * compressed by the GL" and its internal format replaced (GL 4.6 section
 * 8.5, as ARB_texture_compression has it); this is the sized format of
 * its base format that holds the texels (R8 for RGTC1, RGBA8 for DXT5,
 * SRGB8_ALPHA8 for sRGB BC7, RGB16F for BC6H, ...).  GL_NONE for other
 * formats. */
GLenum _mesa_compressed_fallback_format(enum pipe_format pf);

/* EXT_texture_compression_s3tc: DXT1 images with alpha
 * (COMPRESSED_RGBA_S3TC_DXT1 and its sRGB form) keep one bit of alpha,
 * and a transparent texel decodes to black (code 3 of a block in its
 * three-colour mode is RGBA (0, 0, 0, 0)).  Uncompressed texels given to
 * such a format are stored uncompressed here, so they are made what an
 * encoder and decoder give: alpha < 0.5 becomes (0, 0, 0, 0), any other
 * alpha 1.  Is pf one of these formats? */
bool _mesa_is_dxt1_alpha(enum pipe_format pf);

/* Applies that rule to n RGBA float texels in place. */
void _mesa_dxt1_alpha_texels(float (*texels)[4], size_t n);

/* TexStorage2D/3D with a compressed internal format: the whole call
 * (checks, errors, storage).  dims is 2 or 3; depth is 1 for dims 2. */
void _mesa_compressed_tex_storage(struct gl_context *ctx, GLuint dims,
                                  GLenum target, GLsizei levels,
                                  GLenum internalformat, GLsizei width,
                                  GLsizei height, GLsizei depth);

#endif
