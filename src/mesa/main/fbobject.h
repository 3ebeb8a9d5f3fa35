/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Framebuffer and renderbuffer objects, and framebuffer completeness. */
#ifndef MESA_FBOBJECT_H
#define MESA_FBOBJECT_H

#include "main/mtypes.h"

/* GL_FRAMEBUFFER_COMPLETE or the reason it is not (ES 2.0 section 4.4.5;
 * a missing window-system framebuffer is GL_FRAMEBUFFER_UNDEFINED).  For
 * framebuffer objects this also resolves Att[] into Attachment[]. */
GLenum _mesa_framebuffer_status(struct gl_context *ctx,
                                struct gl_framebuffer *fb);

/* False, with GL_INVALID_FRAMEBUFFER_OPERATION recorded, when the draw
 * (read) framebuffer is not complete. */
bool _mesa_draw_framebuffer_complete(struct gl_context *ctx, const char *func);
bool _mesa_read_framebuffer_complete(struct gl_context *ctx, const char *func);

/* SAMPLES of a framebuffer (0 when single-sampled): that of its first
 * attachment, or without attachments its default samples rounded up to
 * a power of two; meaningful when it is complete. */
unsigned _mesa_framebuffer_samples(const struct gl_framebuffer *fb);

/* False, with GL_INVALID_OPERATION recorded, when the read framebuffer
 * is a multisampled framebuffer object (ReadPixels, CopyTex*). */
bool _mesa_read_framebuffer_single_sampled(struct gl_context *ctx,
                                           const char *func);

/* Re-resolves texture attachments of a framebuffer object (their storage
 * may have moved); true if what the state tracker renders to changed. */
bool _mesa_update_framebuffer(struct gl_context *ctx,
                              struct gl_framebuffer *fb);

void _mesa_reference_renderbuffer(struct gl_renderbuffer **dst,
                                  struct gl_renderbuffer *src);

/* Detaches a texture being deleted from the bound framebuffers. */
void _mesa_detach_texture(struct gl_context *ctx,
                          struct gl_texture_object *tex);

/* The binding point GL_FRAMEBUFFER, GL_DRAW_FRAMEBUFFER or
 * GL_READ_FRAMEBUFFER names in this context; NULL for other enums. */
struct gl_framebuffer **_mesa_framebuffer_binding(struct gl_context *ctx,
                                                  GLenum target);

/* fbobject_params.c: MAX_FRAMEBUFFER_{WIDTH,HEIGHT,LAYERS,SAMPLES}; false
 * when pname is not one (*known: whether this context has it). */
bool _mesa_get_framebuffer_limit(struct gl_context *ctx, GLenum pname,
                                 GLint *value, bool *known);

/* Window-system colour buffers (buffers.c).  This implementation's
 * default framebuffers are mono, without auxiliary buffers: a front left
 * buffer, and a back left one when double-buffered. */
#define WINSYS_FRONT 0x1 /* FRONT_LEFT */
#define WINSYS_BACK 0x2  /* BACK_LEFT */
#define WINSYS_ABSENT 0x4 /* a right or auxiliary buffer */

/* The buffers a DrawBuffer/ReadBuffer enum names for the default
 * framebuffer (GL 4.6 compatibility profile, table 17.4), or -1 when it is
 * not an enum of that table (GL_NONE names none: 0). */
int _mesa_winsys_buffer_bits(GLenum buf);

/* The buffers a default framebuffer has (WINSYS_FRONT, and WINSYS_BACK
 * when double-buffered). */
unsigned _mesa_winsys_buffers_present(const struct gl_framebuffer *fb);

/* glDrawBuffer on the default framebuffer of a desktop context. */
void _mesa_winsys_draw_buffer(struct gl_context *ctx, GLenum buf);

/* The colour renderbuffer glReadPixels, glCopyTex*, glCopyPixels and the
 * colour part of glBlitFramebuffer read from fb (NULL: none). */
struct gl_renderbuffer *
_mesa_framebuffer_read_rb(const struct gl_framebuffer *fb);

void _mesa_free_framebuffer_objects(struct gl_context *ctx);
void _mesa_free_renderbuffer(struct gl_renderbuffer *rb);

/* The sized format a desktop unsized base format stands for (RED ->
 * R8 ... RGBA -> RGBA8, DEPTH_COMPONENT24, DEPTH24_STENCIL8,
 * STENCIL_INDEX8), as glRenderbufferStorage picks it; other formats and
 * ES contexts: ifmt. */
GLenum _mesa_sized_base_format(struct gl_context *ctx, GLenum ifmt);
/* The format a renderbuffer's texels are read and written as: a texture
 * view attachment's own (texview.c), else its resource's. */
static inline enum pipe_format
_mesa_rb_texel_format(const struct gl_renderbuffer *rb)
{
   return rb->ViewFormat != PIPE_FORMAT_NONE ? rb->ViewFormat
                                             : rb->texture->format;
}

/* The renderbuffer draw buffer i of a framebuffer object writes (its
 * COLOR_ATTACHMENTn), NULL for NONE or an empty attachment. */
static inline struct gl_renderbuffer *
_mesa_fbo_draw_rb(const struct gl_framebuffer *fb, unsigned i)
{
   GLenum b = fb->ColorDrawBuffer[i];

   if (b < GL_COLOR_ATTACHMENT0 || b >= GL_COLOR_ATTACHMENT0 + MAX_DRAW_BUFFERS)
      return NULL;
   return fb->Attachment[BUFFER_COLOR0 + (b - GL_COLOR_ATTACHMENT0)];
}

#endif
