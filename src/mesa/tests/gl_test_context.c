/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_context.h"
#include "main/context.h"
#include "main/texobj.h"
#include "noop_public.h"
#include "pipe/p_screen.h"
#include "state_tracker/st_context.h"
#include "util/u_inlines.h"

struct gl_test *
gl_test_create(int major, int minor, unsigned width, unsigned height)
{
   return gl_test_create_profile(ST_PROFILE_OPENGL_ES2, major, minor, width,
                                 height);
}

struct gl_test *
gl_test_create_profile(enum st_profile_type profile, int major, int minor,
                       unsigned width, unsigned height)
{
   return gl_test_create_patched(profile, major, minor, width, height, false,
                                 NULL, NULL);
}

struct gl_test *
gl_test_create_patched(enum st_profile_type profile, int major, int minor,
                       unsigned width, unsigned height, bool override,
                       void (*patch)(struct pipe_screen *screen),
                       enum st_context_error *err)
{
   struct gl_test *t = calloc(1, sizeof(*t));
   struct st_context_attribs attribs = {
      .profile = profile,
      .major = major,
      .minor = minor,
   };
   struct st_visual visual = {
      .color_format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .depth_stencil_format = PIPE_FORMAT_Z24_UNORM_S8_UINT,
      .double_buffered = false,
   };
   const char *var = profile == ST_PROFILE_OPENGL_ES2
                        ? "MESA_GLES_VERSION_OVERRIDE"
                        : "MESA_GL_VERSION_OVERRIDE";
   enum st_context_error own_err;

   if (!t)
      return NULL;
   t->screen = noop_screen_create();
   if (patch)
      patch(t->screen);
   if (override) {
      char version[32];
      snprintf(version, sizeof(version), "%d.%d", major, minor);
      setenv(var, version, 1);
   }
   t->ctx = st_context_create(t->screen, &attribs, NULL,
                              err ? err : &own_err);
   if (override)
      unsetenv(var);
   if (!t->ctx) {
      t->screen->destroy(t->screen);
      free(t);
      return NULL;
   }
   if (width)
      t->fb = st_framebuffer_create(t->screen, &visual, width, height);
   st_make_current(t->ctx, t->fb, t->fb);
   return t;
}

struct gl_test *
gl_test_create_version(enum st_profile_type profile, int major, int minor,
                       unsigned width, unsigned height)
{
   return gl_test_create_patched(profile, major, minor, width, height, true,
                                 NULL, NULL);
}

struct gl_test *
gl_test_compat21(void)
{
   struct gl_test *t = gl_test_create_profile(ST_PROFILE_DEFAULT, 2, 1, 8, 8);
   if (!t) {
      fprintf(stderr, "no desktop 2.1 context\n");
      abort();
   }
   return t;
}

GLint
gl_test_get_int(GLenum pname)
{
   GLint v = -12345;
   _mesa_GetIntegerv(pname, &v);
   GLenum err = _mesa_GetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "glGetIntegerv(0x%x): error 0x%x\n", pname, err);
      abort();
   }
   return v;
}

enum pipe_format
gl_test_read_texel(GLenum target, unsigned face, unsigned level, unsigned x,
                   unsigned y, unsigned z, void *out, size_t size)
{
   struct gl_context *ctx = _mesa_current_context;
   struct gl_texture_object *t =
      _mesa_get_current_tex_object(ctx, target, "gl_test_read_texel");
   struct gl_texture_image *img = t && face < 6 && level < MAX_TEXTURE_LEVELS
                                     ? &t->Image[face][level]
                                     : NULL;
   struct pipe_context *pipe = ctx->st->pipe;
   struct pipe_transfer *xfer;
   struct pipe_box box;

   if (!img || !img->pt) {
      fprintf(stderr, "texture 0x%x face %u level %u: no storage\n", target,
              face, level);
      abort();
   }
   u_box_3d(x, y, img->pt_layer + z, 1, 1, 1, &box);
   const uint8_t *p = pipe->texture_map(pipe, img->pt, img->pt_level,
                                        PIPE_MAP_READ, &box, &xfer);
   if (!p) {
      fprintf(stderr, "texel (%u, %u, %u): texture_map failed\n", x, y, z);
      abort();
   }
   memcpy(out, p, size);
   pipe->texture_unmap(pipe, xfer);
   return img->pt->format;
}

bool
gl_test_texel_is_rgba8(unsigned x, unsigned y, int r, int g, int b, int a)
{
   uint8_t v[4];
   enum pipe_format f =
      gl_test_read_texel(GL_TEXTURE_2D, 0, 0, x, y, 0, v, sizeof(v));

   if (f == PIPE_FORMAT_R8G8B8A8_UNORM && v[0] == r && v[1] == g && v[2] == b &&
       v[3] == a)
      return true;
   fprintf(stderr,
           "texel (%u, %u): format %d, %d %d %d %d; expected RGBA8 "
           "%d %d %d %d\n",
           x, y, (int)f, v[0], v[1], v[2], v[3], r, g, b, a);
   return false;
}

/* The screen's own answer and the refused formats of
 * gl_test_refuse_formats (the screen hook has no room for them). */
static bool (*screen_supported)(struct pipe_screen *, enum pipe_format,
                                enum pipe_texture_target, unsigned, unsigned,
                                unsigned);
static bool (*refused)(enum pipe_format);

static bool
supported_unless_refused(struct pipe_screen *screen, enum pipe_format format,
                         enum pipe_texture_target target, unsigned samples,
                         unsigned storage_samples, unsigned bind)
{
   if (refused(format))
      return false;
   return screen_supported(screen, format, target, samples, storage_samples,
                           bind);
}

void
gl_test_refuse_formats(struct gl_test *t, bool (*refuse)(enum pipe_format))
{
   screen_supported = t->screen->is_format_supported;
   refused = refuse;
   t->screen->is_format_supported = supported_unless_refused;
}

void
gl_test_destroy(struct gl_test *t)
{
   st_make_current(NULL, NULL, NULL);
   st_context_destroy(t->ctx);
   if (t->fb)
      st_framebuffer_destroy(t->fb);
   t->screen->destroy(t->screen);
   free(t);
}

GLuint
gl_test_shader(GLenum type, const char *src)
{
   GLuint sh = _mesa_CreateShader(type);
   GLint ok = 0;

   _mesa_ShaderSource(sh, 1, &src, NULL);
   _mesa_CompileShader(sh);
   _mesa_GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[2048];
      _mesa_GetShaderInfoLog(sh, sizeof(log), NULL, log);
      fprintf(stderr, "compile failed:\n%s\n", log);
   }
   return sh;
}

GLuint
gl_test_program(const char *vs, const char *fs)
{
   GLuint prog = _mesa_CreateProgram();
   GLuint v = gl_test_shader(GL_VERTEX_SHADER, vs);
   GLuint f = gl_test_shader(GL_FRAGMENT_SHADER, fs);
   GLint ok = 0;

   _mesa_AttachShader(prog, v);
   _mesa_AttachShader(prog, f);
   _mesa_LinkProgram(prog);
   _mesa_DeleteShader(v);
   _mesa_DeleteShader(f);
   _mesa_GetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[2048];
      _mesa_GetProgramInfoLog(prog, sizeof(log), NULL, log);
      fprintf(stderr, "link failed:\n%s\n", log);
      _mesa_DeleteProgram(prog);
      return 0;
   }
   return prog;
}

bool
gl_test_has_extension(const char *name)
{
   GLint n = 0;
   _mesa_GetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)_mesa_GetStringi(GL_EXTENSIONS, (GLuint)i);
      if (e && !strcmp(e, name))
         return true;
   }
   return false;
}

GLenum
gl_test_texture_fbo_status(GLenum internalformat, GLenum format, GLenum type)
{
   GLuint tex, fb;
   _mesa_GenTextures(1, &tex);
   _mesa_BindTexture(GL_TEXTURE_2D, tex);
   _mesa_TexImage2D(GL_TEXTURE_2D, 0, internalformat, 4, 4, 0, format, type,
                    NULL);
   _mesa_GenFramebuffers(1, &fb);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, fb);
   _mesa_FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_TEXTURE_2D, tex, 0);
   GLenum status = _mesa_CheckFramebufferStatus(GL_FRAMEBUFFER);
   _mesa_BindFramebuffer(GL_FRAMEBUFFER, 0);
   _mesa_DeleteFramebuffers(1, &fb);
   _mesa_DeleteTextures(1, &tex);
   return status;
}
