/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A stand-in asahi_dri.so for the EGL tests: the real driver-loading
 * interface over a toy "GL" of six functions that clears and reads back a
 * pbuffer held in host memory.  It lets the EGL library be tested through
 * Debian's libEGL/libGLESv2 without the GL front end or a pipe driver.
 */
#include <stdlib.h>
#include <string.h>

#include <GLES2/gl2.h>

#include "asahi/dri_interface.h"

struct asahi_dri_screen {
   int unused;
};

struct asahi_dri_context {
   enum asahi_dri_api api;
   unsigned major;
   GLfloat clear[4];
};

struct asahi_dri_drawable {
   uint32_t width, height;
   uint32_t *pixels;
};

struct asahi_dri_fence {
   int unused;
};

static _Thread_local struct asahi_dri_context *cur_ctx;
static _Thread_local struct asahi_dri_drawable *cur_draw;

static const struct asahi_dri_config fake_configs[] = {
   {.id = 1,
    .fourcc = 0x34324241,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 8},
   {.id = 2,
    .fourcc = 0x34324241,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 8,
    .depth_size = 24,
    .stencil_size = 8},
   {.id = 3,
    .fourcc = 0x36314752,
    .red_size = 5,
    .green_size = 6,
    .blue_size = 5},
};

static struct asahi_dri_screen *
fake_screen_create(const struct asahi_dri_screen_options *opts,
                   enum asahi_dri_error *error)
{
   struct asahi_dri_screen *s = calloc(1, sizeof(*s));
   *error = s ? ASAHI_DRI_SUCCESS : ASAHI_DRI_ERROR_NO_MEMORY;
   return s;
}

static void
fake_screen_destroy(struct asahi_dri_screen *s)
{
   free(s);
}

static void
fake_screen_get_info(struct asahi_dri_screen *s,
                     struct asahi_dri_screen_info *info)
{
   info->pipe_driver = "fake";
   info->vendor = "asahi-gl tests";
   info->renderer = "fake";
   info->max_gles_version = 30;
   info->caps = ASAHI_DRI_CAP_FENCE;
}

static unsigned
fake_get_configs(struct asahi_dri_screen *s, struct asahi_dri_config *out,
                 unsigned max)
{
   unsigned n = sizeof(fake_configs) / sizeof(fake_configs[0]);
   for (unsigned i = 0; out && i < n && i < max; i++)
      out[i] = fake_configs[i];
   return n;
}

static struct asahi_dri_context *
fake_context_create(struct asahi_dri_screen *s,
                    const struct asahi_dri_context_attribs *a,
                    struct asahi_dri_context *share,
                    enum asahi_dri_error *error)
{
   if (a->api != ASAHI_DRI_API_GLES) {
      *error = ASAHI_DRI_ERROR_BAD_API;
      return NULL;
   }
   if (a->major < 2 || a->major * 10 + a->minor > 30) {
      *error = ASAHI_DRI_ERROR_BAD_VERSION;
      return NULL;
   }
   struct asahi_dri_context *c = calloc(1, sizeof(*c));
   if (!c) {
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   c->api = a->api;
   c->major = a->major;
   *error = ASAHI_DRI_SUCCESS;
   return c;
}

static void
fake_context_destroy(struct asahi_dri_context *c)
{
   free(c);
}

static enum asahi_dri_error
fake_make_current(struct asahi_dri_context *c, struct asahi_dri_drawable *d,
                  struct asahi_dri_drawable *r)
{
   cur_ctx = c;
   cur_draw = c ? d : NULL;
   return ASAHI_DRI_SUCCESS;
}

static struct asahi_dri_drawable *
fake_drawable_create(struct asahi_dri_screen *s, uint32_t config_id, uint32_t w,
                     uint32_t h, enum asahi_dri_error *error)
{
   if (config_id < 1 || config_id > 3) {
      *error = ASAHI_DRI_ERROR_BAD_CONFIG;
      return NULL;
   }
   struct asahi_dri_drawable *d = calloc(1, sizeof(*d));
   if (d)
      d->pixels = calloc((size_t)w * h, 4);
   if (!d || !d->pixels) {
      if (d)
         free(d);
      *error = ASAHI_DRI_ERROR_NO_MEMORY;
      return NULL;
   }
   d->width = w;
   d->height = h;
   *error = ASAHI_DRI_SUCCESS;
   return d;
}

static void
fake_drawable_destroy(struct asahi_dri_drawable *d)
{
   free(d->pixels);
   free(d);
}

static void
fake_flush(struct asahi_dri_context *c)
{
}

static struct asahi_dri_fence *
fake_fence_create(struct asahi_dri_context *c)
{
   return calloc(1, sizeof(struct asahi_dri_fence));
}

static bool
fake_fence_wait(struct asahi_dri_screen *s, struct asahi_dri_fence *f,
                uint64_t timeout_ns)
{
   return true;
}

static void
fake_fence_destroy(struct asahi_dri_screen *s, struct asahi_dri_fence *f)
{
   free(f);
}

/* ---- the toy GL ------------------------------------------------------- */

static void GL_APIENTRY
fake_glClearColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
   if (!cur_ctx)
      return;
   cur_ctx->clear[0] = r;
   cur_ctx->clear[1] = g;
   cur_ctx->clear[2] = b;
   cur_ctx->clear[3] = a;
}

static uint8_t
unorm8(GLfloat f)
{
   f = f < 0 ? 0 : f > 1 ? 1 : f;
   return (uint8_t)(f * 255.0f + 0.5f);
}

static void GL_APIENTRY
fake_glClear(GLbitfield mask)
{
   if (!cur_ctx || !cur_draw || !(mask & GL_COLOR_BUFFER_BIT))
      return;
   uint8_t px[4];
   for (unsigned i = 0; i < 4; i++)
      px[i] = unorm8(cur_ctx->clear[i]);
   uint32_t word;
   memcpy(&word, px, 4);
   for (size_t i = 0; i < (size_t)cur_draw->width * cur_draw->height; i++)
      cur_draw->pixels[i] = word;
}

static void GL_APIENTRY
fake_glReadPixels(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format,
                  GLenum type, void *out)
{
   if (!cur_draw || format != GL_RGBA || type != GL_UNSIGNED_BYTE)
      return;
   uint8_t *dst = out;
   for (GLint j = 0; j < h; j++) {
      for (GLint i = 0; i < w; i++) {
         uint32_t px = 0;
         if (x + i >= 0 && y + j >= 0 && (uint32_t)(x + i) < cur_draw->width &&
             (uint32_t)(y + j) < cur_draw->height)
            px = cur_draw->pixels[(size_t)(y + j) * cur_draw->width + x + i];
         memcpy(dst, &px, 4);
         dst += 4;
      }
   }
}

static const GLubyte *GL_APIENTRY
fake_glGetString(GLenum name)
{
   if (!cur_ctx)
      return NULL;
   switch (name) {
   case GL_VENDOR:
      return (const GLubyte *)"asahi-gl tests";
   case GL_RENDERER:
      return (const GLubyte *)"fake";
   case GL_VERSION:
      return (const GLubyte *)(cur_ctx->major >= 3 ? "OpenGL ES 3.0 fake"
                                                   : "OpenGL ES 2.0 fake");
   default:
      return NULL;
   }
}

static GLenum GL_APIENTRY
fake_glGetError(void)
{
   return GL_NO_ERROR;
}

static void GL_APIENTRY
fake_glFlush(void)
{
}

static const struct {
   const char *name;
   void (*func)(void);
} fake_gl[] = {
   {"glClearColor", (void (*)(void))fake_glClearColor},
   {"glClear", (void (*)(void))fake_glClear},
   {"glReadPixels", (void (*)(void))fake_glReadPixels},
   {"glGetString", (void (*)(void))fake_glGetString},
   {"glGetError", (void (*)(void))fake_glGetError},
   {"glFlush", (void (*)(void))fake_glFlush},
   {"glFinish", (void (*)(void))fake_glFlush},
};

static void (*fake_get_proc_address(const char *name))(void)
{
   for (unsigned i = 0; i < sizeof(fake_gl) / sizeof(fake_gl[0]); i++) {
      if (!strcmp(fake_gl[i].name, name))
         return fake_gl[i].func;
   }
   return NULL;
}

__attribute__((visibility("default")))
const struct asahi_dri_interface asahi_dri_interface = {
   .version = ASAHI_DRI_INTERFACE_VERSION,
   .size = sizeof(struct asahi_dri_interface),
   .screen_create = fake_screen_create,
   .screen_destroy = fake_screen_destroy,
   .screen_get_info = fake_screen_get_info,
   .get_configs = fake_get_configs,
   .context_create = fake_context_create,
   .context_destroy = fake_context_destroy,
   .make_current = fake_make_current,
   .drawable_create = fake_drawable_create,
   .drawable_destroy = fake_drawable_destroy,
   .flush = fake_flush,
   .finish = fake_flush,
   .fence_create = fake_fence_create,
   .fence_wait = fake_fence_wait,
   .fence_destroy = fake_fence_destroy,
   .get_proc_address = fake_get_proc_address,
};
