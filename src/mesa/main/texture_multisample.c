/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Multisample textures (GL 3.2 section 3.8.4, ARB_texture_multisample):
 * glTexImage{2,3}DMultisample and (GL 4.3) glTexStorage{2,3}DMultisample,
 * the sample mask (section 4.1.3, glSampleMaski) and the sample
 * positions (section 3.3.1, glGetMultisamplefv).  The storage is the
 * state tracker's (st_texture_multisample); the images are read with
 * texelFetch on the sampler2DMS types and rendered to through framebuffer
 * objects (fbobject.c).
 */
#include <string.h>

#include "main/context.h"
#include "main/desktop32.h"
#include "main/formats_es3.h"
#include "main/texobj.h"
#include "main/texture_multisample.h"
#include "state_tracker/st_context.h"
#include "state_tracker/st_texture.h"
#include "util/u_math.h"

GLint
_mesa_max_texture_samples(const struct gl_context *ctx, GLenum base,
                          bool integer)
{
   if (base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL ||
       base == GL_STENCIL_INDEX)
      return ctx->Const.MaxDepthTextureSamples;
   return integer ? ctx->Const.MaxIntegerSamples
                  : ctx->Const.MaxColorTextureSamples;
}

/* The format entry of a multisample texture's internal format, NULL when
 * it is neither colour-, depth- nor stencil-renderable (GL 3.2 section
 * 3.8.4; unsized formats stand for their 8-bit sized forms). */
static const struct gl_format_info *
renderable_format(struct gl_context *ctx, GLenum internalformat)
{
   /* Desktop GL takes the unsized colour base formats too (GL 4.6
    * section 9.4 and table 8.11: RED, RG, RGB and RGBA are colour-
    * renderable); each stands for its 8-bit sized form. */
   static const GLenum unsized[][2] = {
      {GL_RED, GL_R8},
      {GL_RG, GL_RG8},
      {GL_RGB, GL_RGB8},
      {GL_RGBA, GL_RGBA8},
   };
   if (!_mesa_is_gles(ctx)) {
      for (unsigned i = 0; i < ARRAY_SIZE(unsized); i++) {
         if (internalformat == unsized[i][0])
            internalformat = unsized[i][1];
      }
   }
   const struct gl_format_info *f = _mesa_format_info(
      _mesa_effective_internalformat(internalformat, GL_UNSIGNED_BYTE));

   /* (ALPHA, LUMINANCE, LUMINANCE_ALPHA and INTENSITY are colour-
    * renderable in compatibility contexts, GL 3.0 section 4.4.4, and so
    * multisampled there since wave 16: _mesa_is_color_renderable) */
   if (!f || f->e)
      return NULL;
   if (f->base == GL_DEPTH_COMPONENT || f->base == GL_DEPTH_STENCIL ||
       f->base == GL_STENCIL_INDEX)
      return f;
   return _mesa_is_color_renderable(ctx, f) ? f : NULL;
}

/* GL 3.2 section 3.8.4 (and 3.8.1 for proxies): a proxy target gets the
 * image state the texture would have, or all zero when the driver could
 * not make it (no count >= samples for the format). */
static void
proxy_multisample(struct gl_context *ctx, struct gl_texture_object *p,
                  GLenum target, const struct gl_format_info *f,
                  GLsizei samples, GLenum internalformat, GLsizei width,
                  GLsizei height, GLsizei depth, GLboolean fixed)
{
   enum pipe_format format;
   unsigned count = st_texture_multisample_count(
      ctx->st, f, target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
      (unsigned)samples, &format);
   struct gl_texture_image *img = &p->Image[0][0];

   memset(img, 0, sizeof(*img));
   p->Target = target;
   p->TargetIndex = target == GL_TEXTURE_2D_MULTISAMPLE
                       ? TEXTURE_2D_MULTISAMPLE_INDEX
                       : TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX;
   p->Samples = count;
   p->FixedSampleLocations = count ? fixed != GL_FALSE : true;
   if (!count)
      return;
   img->Width = width;
   img->Height = height;
   img->Depth = target == GL_TEXTURE_2D_MULTISAMPLE ? 1 : depth;
   img->InternalFormat = internalformat;
   img->Type = GL_UNSIGNED_BYTE;
   img->PipeFormat = format;
}

/* The four commands: dims 2 (no layers) or 3, immutable for TexStorage. */
static void
texture_multisample(GLenum target, GLsizei samples, GLenum internalformat,
                    GLsizei width, GLsizei height, GLsizei depth,
                    GLboolean fixed, unsigned dims, bool immutable,
                    const char *func)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);
   GLenum want = dims == 2 ? GL_TEXTURE_2D_MULTISAMPLE
                           : GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   /* the proxy target: state without storage (GL 4.3 section 8.19 has
    * it for TexStorage*Multisample too) */
   GLenum proxy_target = dims == 2 ? GL_PROXY_TEXTURE_2D_MULTISAMPLE
                                   : GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY;
   bool proxy = target == proxy_target;

   if (!_mesa_has_texture_multisample(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in this context)", func);
      return;
   }
   /* ES 3.1 has TexStorage2DMultisample alone (section 8.8), and no
    * proxies: the others are not its commands. */
   if (_mesa_is_gles(ctx) && (dims != 2 || !immutable)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(not in ES)", func);
      return;
   }
   if ((target != want && !proxy) || (proxy && _mesa_is_gles(ctx))) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(target=0x%x)", func, target);
      return;
   }
   /* (GL 4.6 section 8.8: samples of zero is INVALID_VALUE, as Mesa and
    * piglit have it for GL 3.2 too) */
   if (samples < 1) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(samples=%d)", func, samples);
      return;
   }
   const struct gl_format_info *f = renderable_format(ctx, internalformat);
   /* TexStorage*Multisample takes sized formats only (GL 4.6 section
    * 8.19: INVALID_ENUM for the unsized base formats, as TexStorage*) */
   const struct gl_format_info *named =
      _mesa_format_info_for(ctx, internalformat);
   if (immutable && (!named || !(named->flags & GL_FMT_SIZED)))
      f = NULL;
   if (!f) {
      _mesa_error(ctx, GL_INVALID_ENUM, "%s(internalformat=0x%x)", func,
                  internalformat);
      return;
   }
   if (width < 1 || height < 1 || depth < 1 ||
       width > ctx->Const.MaxTextureSize ||
       height > ctx->Const.MaxTextureSize ||
       (dims == 3 && depth > ctx->Const.MaxArrayTextureLayers)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(size)", func);
      return;
   }
   /* ARB_texture_multisample: more samples than the format's limit
    * (MAX_{COLOR,DEPTH}_TEXTURE_SAMPLES, MAX_INTEGER_SAMPLES) is an
    * INVALID_OPERATION. */
   GLint max =
      _mesa_max_texture_samples(ctx, f->base, _mesa_format_info_is_integer(f));
   if (samples > max) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(samples=%d > %d)", func,
                  samples, max);
      return;
   }
   if (proxy) {
      proxy_multisample(ctx, &ctx->ProxyMS[dims - 2], want, f, samples,
                        internalformat, width, height, depth, fixed);
      return;
   }
   int index = _mesa_tex_target_index(ctx, target);
   struct gl_texture_object *t =
      ctx->TexUnit[ctx->ActiveTexture].Current[index];
   /* Immutable storage cannot be respecified (GL 4.3 section 8.19); the
    * default texture has no immutable storage. */
   if (t->Immutable || (immutable && !t->Name)) {
      _mesa_error(ctx, GL_INVALID_OPERATION, "%s(immutable or default "
                  "texture)", func);
      return;
   }
   if (!st_texture_multisample(ctx->st, t, f, (unsigned)samples, width,
                               height, depth)) {
      _mesa_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   t->Image[0][0].InternalFormat = internalformat;
   t->FixedSampleLocations = fixed != GL_FALSE;
   if (immutable) {
      _mesa_texture_make_immutable(t, 1);
   }
   /* Framebuffers it is attached to see the new image at their next
    * completeness check (fbobject.c, _mesa_update_framebuffer). */
}

void GLAPIENTRY
_mesa_TexImage2DMultisample(GLenum target, GLsizei samples,
                            GLenum internalformat, GLsizei width,
                            GLsizei height, GLboolean fixedsamplelocations)
{
   texture_multisample(target, samples, internalformat, width, height, 1,
                       fixedsamplelocations, 2, false,
                       "glTexImage2DMultisample");
}

void GLAPIENTRY
_mesa_TexImage3DMultisample(GLenum target, GLsizei samples,
                            GLenum internalformat, GLsizei width,
                            GLsizei height, GLsizei depth,
                            GLboolean fixedsamplelocations)
{
   texture_multisample(target, samples, internalformat, width, height, depth,
                       fixedsamplelocations, 3, false,
                       "glTexImage3DMultisample");
}

void GLAPIENTRY
_mesa_TexStorage2DMultisample(GLenum target, GLsizei samples,
                              GLenum internalformat, GLsizei width,
                              GLsizei height, GLboolean fixedsamplelocations)
{
   texture_multisample(target, samples, internalformat, width, height, 1,
                       fixedsamplelocations, 2, true,
                       "glTexStorage2DMultisample");
}

void GLAPIENTRY
_mesa_TexStorage3DMultisample(GLenum target, GLsizei samples,
                              GLenum internalformat, GLsizei width,
                              GLsizei height, GLsizei depth,
                              GLboolean fixedsamplelocations)
{
   texture_multisample(target, samples, internalformat, width, height, depth,
                       fixedsamplelocations, 3, true,
                       "glTexStorage3DMultisample");
}

/* GL 3.2 section 4.1.3: word 0 of the sample mask (MAX_SAMPLE_MASK_WORDS
 * is 1: the hardware has at most 4 samples). */
void GLAPIENTRY
_mesa_SampleMaski(GLuint index, GLbitfield mask)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_has_texture_multisample(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glSampleMaski(not in this context)");
      return;
   }
   if (index >= 1) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glSampleMaski(index=%u)", index);
      return;
   }
   if (ctx->Multisample.SampleMaskValue != mask) {
      ctx->Multisample.SampleMaskValue = mask;
      ctx->NewState |= ST_NEW_SAMPLE_MASK;
   }
}

/* GL 3.2 section 3.3.1 and table 6.45: where sample index of each pixel
 * of the draw framebuffer is, in [0, 1] from the pixel's lower left
 * corner.  A single-sampled framebuffer has its one sample at the
 * centre (as Mesa answers; GL only names multisampled ones). */
void GLAPIENTRY
_mesa_GetMultisamplefv(GLenum pname, GLuint index, GLfloat *val)
{
   GET_CURRENT_CONTEXT_OR_RETURN(ctx);

   if (!_mesa_has_texture_multisample(ctx)) {
      _mesa_error(ctx, GL_INVALID_OPERATION,
                  "glGetMultisamplefv(not in this context)");
      return;
   }
   if (pname != GL_SAMPLE_POSITION) {
      _mesa_error(ctx, GL_INVALID_ENUM, "glGetMultisamplefv(pname=0x%x)",
                  pname);
      return;
   }
   unsigned samples = st_draw_framebuffer_samples(ctx->st);
   if (index >= (samples > 1 ? samples : 1)) {
      _mesa_error(ctx, GL_INVALID_VALUE, "glGetMultisamplefv(index=%u)",
                  index);
      return;
   }
   st_sample_position(ctx->st, samples, index, val);
}

bool
_mesa_sample_mask_indexed(struct gl_context *ctx, GLenum pname, GLuint index,
                          GLint64 *out, bool *ok, const char *func)
{
   if (pname != GL_SAMPLE_MASK_VALUE || !_mesa_has_texture_multisample(ctx))
      return false;
   /* GL 3.2 section 6.1.1: an index past MAX_SAMPLE_MASK_WORDS */
   *ok = index < 1;
   if (!*ok)
      _mesa_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
   else
      *out = (GLint64)(GLuint)ctx->Multisample.SampleMaskValue;
   return true;
}
