/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Draw and read buffer selection, per-buffer clears, invalidation and
 * framebuffer blits (ES 3.0 sections 4.2.1, 4.2.3, 4.3.1, 4.3.3, 4.5).
 */
#include <string.h>

#include "main/context.h"
#include "main/fbobject.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_draw.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

int
_mesa_winsys_buffer_bits(GLenum buf)
{
   switch (buf) {
   case GL_NONE:
      return 0;
   case GL_FRONT_LEFT:
   case GL_FRONT:
      return WINSYS_FRONT;
   case GL_BACK_LEFT:
   case GL_BACK:
      return WINSYS_BACK;
   case GL_LEFT:
   case GL_FRONT_AND_BACK:
      return WINSYS_FRONT | WINSYS_BACK;
   case GL_FRONT_RIGHT:
   case GL_BACK_RIGHT:
   case GL_RIGHT:
      return WINSYS_ABSENT;
   default:
      return buf >= GL_AUX0 && buf <= GL_AUX3 ? WINSYS_ABSENT : -1;
   }
}

unsigned
_mesa_winsys_buffers_present(const struct gl_framebuffer *fb)
{
   return fb->winsys && fb->winsys->back.texture ? WINSYS_FRONT | WINSYS_BACK
                                                 : WINSYS_FRONT;
}

static bool
is_color_attachment(GLenum b)
{
   return b >= GL_COLOR_ATTACHMENT0 && b < GL_COLOR_ATTACHMENT0 + 32;
}

struct gl_renderbuffer *
_mesa_framebuffer_read_rb(const struct gl_framebuffer *fb)
{
   if (!fb)
      return NULL;
   GLenum src = fb->ColorReadBuffer;
   if (fb->Name && src >= GL_COLOR_ATTACHMENT0 &&
       src < GL_COLOR_ATTACHMENT0 + MAX_DRAW_BUFFERS)
      return fb->Attachment[BUFFER_COLOR0 + (src - GL_COLOR_ATTACHMENT0)];
   if (!fb->Name && fb->winsys && fb->winsys->front.texture) {
      /* The front when the read buffer names it (LEFT and FRONT_AND_BACK
       * read the front left buffer), else the back if there is one. */
      int bits = _mesa_winsys_buffer_bits(src);
      unsigned buf = bits > 0 && (bits & WINSYS_FRONT) ? WINSYS_FRONT
                                                       : WINSYS_BACK;
      return st_framebuffer_color(fb->winsys, buf);
   }
   return fb->Attachment[BUFFER_COLOR0];
}

/* The error for a draw or read buffer enum the default framebuffer of a
 * desktop context cannot take (GL 4.6 compatibility profile, sections
 * 17.4.1 and 18.2.1): GL_NO_ERROR when it names one of its buffers or
 * none. */
static GLenum
winsys_buffer_error(const struct gl_framebuffer *fb, GLenum buf)
{
   int bits = _mesa_winsys_buffer_bits(buf);
   if (bits < 0)
      return is_color_attachment(buf) ? GL_INVALID_OPERATION
                                      : GL_INVALID_ENUM;
   if (bits && !((unsigned)bits & _mesa_winsys_buffers_present(fb)))
      return GL_INVALID_OPERATION;
   return GL_NO_ERROR;
}

/* The draw buffers of a framebuffer changed. */
static void
draw_buffers_changed(struct gl_context *ctx, struct gl_framebuffer *fb)
{
   if (!fb->Name && fb->winsys)
      st_framebuffer_select(fb->winsys);
   st_invalidate_framebuffer(ctx->st);
}

void
_mesa_winsys_draw_buffer(struct gl_context *ctx, GLenum buf)
{
   struct gl_framebuffer *fb = ctx->DrawBuffer;
   GLenum err = winsys_buffer_error(fb, buf);

   if (err) {
      _mesa_error(ctx, err, "glDrawBuffer(0x%x)", buf);
      return;
   }
   fb->ColorDrawBuffer[0] = buf;
   for (unsigned i = 1; i < MAX_DRAW_BUFFERS; i++)
      fb->ColorDrawBuffer[i] = GL_NONE;
   draw_buffers_changed(ctx, fb);
}

/* glDrawBuffers on the default framebuffer of a desktop context (GL 4.6
 * section 17.4.1): each buffer names one colour buffer or none, BACK
 * only alone; no buffer twice. */
static bool
desktop_winsys_draw_buffers_ok(struct gl_context *ctx,
                               struct gl_framebuffer *fb, GLsizei n,
                               const GLenum *bufs)
{
   for (GLsizei i = 0; i < n; i++) {
      GLenum b = bufs[i];
      GLenum err = winsys_buffer_error(fb, b);
      if (b == GL_FRONT || b == GL_LEFT || b == GL_RIGHT ||
          b == GL_FRONT_AND_BACK || (b == GL_BACK && n > 1))
         err = GL_INVALID_ENUM;
      for (GLsizei j = 0; j < i && !err; j++) {
         if (b != GL_NONE && bufs[j] == b)
            err = GL_INVALID_OPERATION;
      }
      if (err) {
         _mesa_error(ctx, err, "glDrawBuffers(bufs[%d]=0x%x)", i, b);
         return false;
      }
   }
   return true;
}

void GLAPIENTRY
_mesa_DrawBuffers(GLsizei n, const GLenum *bufs)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_framebuffer *fb = ctx->DrawBuffer;

   if (n < 0 || n > ctx->Const.MaxDrawBuffers) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glDrawBuffers(n=%d)", n);
      return;
   }
   if (!fb)
      return;
   if (!fb->Name && !_mesa_is_gles(ctx)) {
      if (!desktop_winsys_draw_buffers_ok(ctx, fb, n, bufs))
         return;
      for (GLsizei i = 0; i < MAX_DRAW_BUFFERS; i++)
         fb->ColorDrawBuffer[i] = i < n ? bufs[i] : GL_NONE;
      draw_buffers_changed(ctx, fb);
      return;
   }
   if (!fb->Name && n != 1 && _mesa_is_gles(ctx)) {
      /* ES 3.0 section 4.2.1: the default framebuffer takes one buffer */
      _mesa_error(ctx, GL_INVALID_OPERATION, "glDrawBuffers(n=%d)", n);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      GLenum b = bufs[i];
      bool ok;
      if (!fb->Name) {
         /* The default framebuffer: one buffer, BACK or NONE. */
         ok = n == 1 && (b == GL_BACK || b == GL_NONE);
      } else {
         /* ES 3.0: buffer i is COLOR_ATTACHMENTi or NONE. */
         ok = b == GL_NONE || b == GL_COLOR_ATTACHMENT0 + (GLenum)i;
      }
      if (!ok) {
         bool known =
            b == GL_NONE || b == GL_BACK ||
            (b >= GL_COLOR_ATTACHMENT0 && b < GL_COLOR_ATTACHMENT0 + 32);
         _mesa_error(ctx, known ? GL_INVALID_OPERATION : GL_INVALID_ENUM,
                     "glDrawBuffers(bufs[%d]=0x%x)", i, b);
         return;
      }
   }
   for (GLsizei i = 0; i < MAX_DRAW_BUFFERS; i++) {
      GLenum b = i < n ? bufs[i] : GL_NONE;
      if (!fb->Name && b == GL_BACK)
         b = fb->winsys && fb->ColorReadBuffer == GL_FRONT ? GL_FRONT : GL_BACK;
      fb->ColorDrawBuffer[i] = b;
   }
   draw_buffers_changed(ctx, fb);
}

void GLAPIENTRY
_mesa_ReadBuffer(GLenum src)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_framebuffer *fb = ctx->ReadBuffer;
   bool ok;

   if (!fb)
      return;
   if (!fb->Name && !_mesa_is_gles(ctx)) {
      GLenum err = winsys_buffer_error(fb, src);
      if (err) {
         _mesa_error(ctx, err, "glReadBuffer(0x%x)", src);
         return;
      }
      fb->ColorReadBuffer = src;
      return;
   }
   if (fb->Name && !_mesa_is_gles(ctx) && src != GL_NONE &&
       _mesa_winsys_buffer_bits(src) >= 0) {
      /* A default framebuffer's buffer: not one of an object's. */
      _mesa_error(ctx, GL_INVALID_OPERATION, "glReadBuffer(0x%x)", src);
      return;
   }
   if (!fb->Name)
      ok = src == GL_BACK || src == GL_NONE;
   else
      ok = src == GL_NONE || (src >= GL_COLOR_ATTACHMENT0 &&
                              src < GL_COLOR_ATTACHMENT0 + MAX_DRAW_BUFFERS);
   if (!ok) {
      bool known =
         src == GL_BACK || src == GL_FRONT ||
         (src >= GL_COLOR_ATTACHMENT0 && src < GL_COLOR_ATTACHMENT0 + 32);
      _mesa_error(ctx, known ? GL_INVALID_OPERATION : GL_INVALID_ENUM,
                  "glReadBuffer(0x%x)", src);
      return;
   }
   if (fb->Name)
      fb->ColorReadBuffer = src;
}

/* Clears one buffer with the current masks and scissor but its own
 * value (ES 3.0 section 4.2.3). */
static void
clear_buffer(GLenum buffer, GLint drawbuffer, const void *value, bool depth,
             bool stencil, const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLfloat saved_color[4];
   GLfloat saved_depth = ctx->Depth.Clear;
   GLint saved_stencil = ctx->Stencil.Clear;

   switch (buffer) {
   case GL_COLOR:
      if (drawbuffer < 0 || drawbuffer >= ctx->Const.MaxDrawBuffers) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer)", func);
         return;
      }
      break;
   case GL_DEPTH:
   case GL_STENCIL:
   case GL_DEPTH_STENCIL:
      if (drawbuffer != 0) {
         _mesa_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer)", func);
         return;
      }
      break;
   default:
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(buffer=0x%x)", func, buffer);
      return;
   }
   if (!_mesa_draw_framebuffer_complete(ctx, func))
      return;

   GLbitfield mask = 0;
   memcpy(saved_color, ctx->Color.ClearColor, sizeof(saved_color));
   if (buffer == GL_COLOR) {
      memcpy(ctx->Color.ClearColor, value, sizeof(saved_color));
      mask = GL_COLOR_BUFFER_BIT;
   } else {
      if (depth) {
         ctx->Depth.Clear = ((const GLfloat *)value)[0];
         mask |= GL_DEPTH_BUFFER_BIT;
      }
      if (stencil) {
         ctx->Stencil.Clear = buffer == GL_DEPTH_STENCIL
                                 ? ((const GLint *)value)[1]
                                 : ((const GLint *)value)[0];
         mask |= GL_STENCIL_BUFFER_BIT;
      }
   }
   st_clear(ctx->st, mask, buffer == GL_COLOR ? 1u << drawbuffer : 0u);
   memcpy(ctx->Color.ClearColor, saved_color, sizeof(saved_color));
   ctx->Depth.Clear = saved_depth;
   ctx->Stencil.Clear = saved_stencil;
}

void GLAPIENTRY
_mesa_ClearBufferfv(GLenum buffer, GLint drawbuffer, const GLfloat *value)
{
   if (buffer == GL_STENCIL || buffer == GL_DEPTH_STENCIL) {
      GET_CURRENT_CONTEXT_OR_RETURN(ctx);
      _mesa_error(ctx, GL_INVALID_ENUM, "glClearBufferfv(buffer)");
      return;
   }
   clear_buffer(buffer, drawbuffer, value, buffer == GL_DEPTH, false,
                "glClearBufferfv");
}

void GLAPIENTRY
_mesa_ClearBufferiv(GLenum buffer, GLint drawbuffer, const GLint *value)
{
   if (buffer == GL_DEPTH || buffer == GL_DEPTH_STENCIL) {
      GET_CURRENT_CONTEXT_OR_RETURN(ctx);
      _mesa_error(ctx, GL_INVALID_ENUM, "glClearBufferiv(buffer)");
      return;
   }
   /* Integer colour buffers take the integers' bits as they are (the
    * clear colour is a pipe_color_union underneath). */
   if (buffer == GL_COLOR) {
      GLfloat f[4];
      memcpy(f, value, sizeof(f));
      clear_buffer(buffer, drawbuffer, f, false, false, "glClearBufferiv");
      return;
   }
   clear_buffer(buffer, drawbuffer, value, false, true, "glClearBufferiv");
}

void GLAPIENTRY
_mesa_ClearBufferuiv(GLenum buffer, GLint drawbuffer, const GLuint *value)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (buffer != GL_COLOR) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glClearBufferuiv(buffer)");
      return;
   }
   GLfloat f[4];
   memcpy(f, value, sizeof(f));
   clear_buffer(buffer, drawbuffer, f, false, false, "glClearBufferuiv");
}

void GLAPIENTRY
_mesa_ClearBufferfi(GLenum buffer, GLint drawbuffer, GLfloat depth,
                    GLint stencil)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   union {
      GLfloat f;
      GLint i;
   } v[2];

   if (buffer != GL_DEPTH_STENCIL) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glClearBufferfi(buffer)");
      return;
   }
   v[0].f = depth;
   v[1].i = stencil;
   clear_buffer(buffer, drawbuffer, v, true, true, "glClearBufferfi");
}

static bool
valid_invalidate(struct gl_context *ctx, GLenum target, GLsizei n,
                 const GLenum *attachments, const char *func)
{
   struct gl_framebuffer *fb =
      target == GL_READ_FRAMEBUFFER ? ctx->ReadBuffer : ctx->DrawBuffer;

   if (target != GL_FRAMEBUFFER && target != GL_DRAW_FRAMEBUFFER &&
       target != GL_READ_FRAMEBUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target)", func);
      return false;
   }
   if (n < 0) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(n < 0)", func);
      return false;
   }
   for (GLsizei i = 0; i < n; i++) {
      GLenum a = attachments[i];
      bool ok;
      if (fb && fb->Name) {
         ok = a == GL_DEPTH_ATTACHMENT || a == GL_STENCIL_ATTACHMENT ||
              a == GL_DEPTH_STENCIL_ATTACHMENT ||
              (a >= GL_COLOR_ATTACHMENT0 &&
               a < GL_COLOR_ATTACHMENT0 + MAX_DRAW_BUFFERS);
         if (!ok && a >= GL_COLOR_ATTACHMENT0 &&
             a < GL_COLOR_ATTACHMENT0 + 32) {
            _mesa_error(ctx, GL_INVALID_OPERATION, "%s(attachment)", func);
            return false;
         }
      } else {
         ok = a == GL_COLOR || a == GL_DEPTH || a == GL_STENCIL;
      }
      if (!ok) {
         _mesa_error(ctx, GL_INVALID_ENUM, "%s(attachment=0x%x)", func, a);
         return false;
      }
   }
   return true;
}

/* Invalidation is a hint; contents are kept. */
void GLAPIENTRY
_mesa_InvalidateFramebuffer(GLenum target, GLsizei numAttachments,
                            const GLenum *attachments)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   valid_invalidate(ctx, target, numAttachments, attachments,
                    "glInvalidateFramebuffer");
}

void GLAPIENTRY
_mesa_InvalidateSubFramebuffer(GLenum target, GLsizei numAttachments,
                               const GLenum *attachments, GLint x, GLint y,
                               GLsizei width, GLsizei height)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!valid_invalidate(ctx, target, numAttachments, attachments,
                         "glInvalidateSubFramebuffer"))
      return;
   if (width < 0 || height < 0)
      _mesa_error(ctx, GL_INVALID_VALUE, "glInvalidateSubFramebuffer(size)");
}

/* The buffers a blit of `mask` reads and writes have identical formats
 * (a multisampled read buffer resolves only into its own format). */
static bool
blit_formats_identical(const struct gl_framebuffer *src,
                       const struct gl_framebuffer *dst, GLbitfield mask)
{
   static const struct {
      GLbitfield bit;
      unsigned buffer;
   } parts[] = {
      {GL_COLOR_BUFFER_BIT, BUFFER_COLOR0},
      {GL_DEPTH_BUFFER_BIT, BUFFER_DEPTH},
      {GL_STENCIL_BUFFER_BIT, BUFFER_STENCIL},
   };
   for (unsigned i = 0; i < 3; i++) {
      const struct gl_renderbuffer *s = src->Attachment[parts[i].buffer];
      const struct gl_renderbuffer *d = dst->Attachment[parts[i].buffer];
      if (!(mask & parts[i].bit) || !s || !d)
         continue;
      if (s->Format != d->Format && s->InternalFormat != d->InternalFormat)
         return false;
   }
   return true;
}

/* ES 3.0.6 section 4.3.3 (GL 3.0 section 4.3.3): no blits into a
 * multisampled framebuffer; from one, only an unscaled, unmirrored copy
 * between identical formats (a resolve).  Desktop GL only asks for the
 * same size, ES for the same rectangle.  Desktop GL since 4.0 (section
 * 4.3.2; as Mesa, in every desktop context) also blits into a
 * multisampled framebuffer: from a single-sampled one every sample takes
 * the value, between equal sample counts the samples are copied, other
 * counts are INVALID_OPERATION. */
static bool
blit_samples_ok(struct gl_context *ctx, const struct gl_framebuffer *src,
                const struct gl_framebuffer *dst, GLint sx0, GLint sy0,
                GLint sx1, GLint sy1, GLint dx0, GLint dy0, GLint dx1,
                GLint dy1, GLbitfield mask)
{
   unsigned ds = _mesa_framebuffer_samples(dst);
   unsigned ss = _mesa_framebuffer_samples(src);
   if (ds && (_mesa_is_gles(ctx) || (ss && ss != ds))) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBlitFramebuffer(multisampled draw framebuffer)");
      return false;
   }
   if (!ss)
      return true;
   bool same = _mesa_is_gles(ctx)
                  ? sx0 == dx0 && sy0 == dy0 && sx1 == dx1 && sy1 == dy1
                  : sx1 - sx0 == dx1 - dx0 && sy1 - sy0 == dy1 - dy0;
   if (!same) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBlitFramebuffer(multisampled source, scaled or "
                  "mirrored)");
      return false;
   }
   /* (ES only: desktop GL 4.4 dropped the rule, and Mesa checks it in ES
    * only, alexvorxx/Mesa-VirGL src/mesa/main/blit.c; piglit's
    * blit-mismatched-formats resolves ALPHA, RED, RG and RGB into RGBA) */
   if (_mesa_is_gles(ctx) && !blit_formats_identical(src, dst, mask)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glBlitFramebuffer(multisampled source, format mismatch)");
      return false;
   }
   return true;
}

/* EXT_discard_framebuffer: the ES 2.0 form of glInvalidateFramebuffer
 * (a hint as well), GL_FRAMEBUFFER its only target. */
void GLAPIENTRY
_mesa_DiscardFramebufferEXT(GLenum target, GLsizei numAttachments,
                            const GLenum *attachments)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (target != GL_FRAMEBUFFER) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glDiscardFramebufferEXT(target)");
      return;
   }
   valid_invalidate(ctx, target, numAttachments, attachments,
                    "glDiscardFramebufferEXT");
}

static enum pipe_format
rb_format(const struct gl_renderbuffer *rb)
{
   if (!rb)
      return PIPE_FORMAT_NONE;
   return rb->texture ? _mesa_rb_texel_format(rb) : rb->Format;
}

/* ES 3.0.6 section 4.3.3 (GL 4.6 section 18.3.1): integer colour buffers
 * blit only with NEAREST and only to integer buffers of the same
 * signedness; in ES, depth and stencil buffers must have the same
 * format. */
static bool
blit_formats_ok(struct gl_context *ctx, const struct gl_framebuffer *src,
                const struct gl_framebuffer *dst, GLbitfield mask,
                GLenum filter)
{
   if (mask & GL_COLOR_BUFFER_BIT) {
      const struct gl_renderbuffer *read = _mesa_framebuffer_read_rb(src);
      enum pipe_format rf = rb_format(read);
      if (rf != PIPE_FORMAT_NONE) {
         bool rint = util_format_is_pure_integer(rf);
         if (rint && filter == GL_LINEAR)
            return false;
         for (unsigned i = 0; i < MAX_DRAW_BUFFERS; i++) {
            enum pipe_format df = rb_format(dst->Attachment[BUFFER_COLOR0 + i]);
            if (dst->ColorDrawBuffer[i] == GL_NONE || df == PIPE_FORMAT_NONE)
               continue;
            if (util_format_is_pure_integer(df) != rint ||
                (rint && util_format_is_pure_sint(df) !=
                            util_format_is_pure_sint(rf)))
               return false;
         }
      }
   }
   for (unsigned b = BUFFER_DEPTH; b <= BUFFER_STENCIL; b++) {
      GLbitfield bit =
         b == BUFFER_DEPTH ? GL_DEPTH_BUFFER_BIT : GL_STENCIL_BUFFER_BIT;
      const struct gl_renderbuffer *s = src->Attachment[b];
      const struct gl_renderbuffer *d = dst->Attachment[b];
      if ((mask & bit) && s && d && _mesa_is_gles(ctx) &&
          rb_format(s) != rb_format(d))
         return false;
   }
   return true;
}

void GLAPIENTRY
_mesa_BlitFramebuffer(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1,
                      GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
                      GLbitfield mask, GLenum filter)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   struct gl_framebuffer *src = ctx->ReadBuffer, *dst = ctx->DrawBuffer;

   if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT |
                            GL_STENCIL_BUFFER_BIT)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glBlitFramebuffer(mask)");
      return;
   }
   if (filter != GL_NEAREST && filter != GL_LINEAR) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glBlitFramebuffer(filter)");
      return;
   }
   if (filter == GL_LINEAR &&
       (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBlitFramebuffer(filter)");
      return;
   }
   if (!_mesa_draw_framebuffer_complete(ctx, "glBlitFramebuffer") ||
       !_mesa_read_framebuffer_complete(ctx, "glBlitFramebuffer"))
      return;
   if (!blit_samples_ok(ctx, src, dst, srcX0, srcY0, srcX1, srcY1, dstX0,
                        dstY0, dstX1, dstY1, mask))
      return;
   if (!blit_formats_ok(ctx, src, dst, mask, filter)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "glBlitFramebuffer(formats)");
      return;
   }
   st_blit_framebuffer(ctx->st, src, dst, srcX0, srcY0, srcX1, srcY1, dstX0,
                       dstY0, dstX1, dstY1, mask, filter);
}
