/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * EGL images through the whole stack, as an application uses them:
 *  1. a texture A is filled with a 4x4 pattern and made an EGLImage
 *     (EGL_KHR_gl_texture_2D_image);
 *  2. that image is exported as a dma-buf (EGL_MESA_image_dma_buf_export)
 *     and imported again as a second image (EGL_EXT_image_dma_buf_import);
 *  3. texture B takes the imported image as its storage
 *     (glEGLImageTargetTexture2DOES) and is drawn to the window: the
 *     pattern must appear, so the three objects share one memory;
 *  4. a renderbuffer takes the first image as storage
 *     (glEGLImageTargetRenderbufferStorageOES) and is cleared to blue
 *     through a framebuffer object: drawing texture B again must show blue;
 *  5. level 1 of a complete mipmapped texture C becomes an image
 *     (EGL_GL_TEXTURE_LEVEL): texture D on it shows level 1's pattern, a
 *     renderbuffer on it cleared green turns C's level 1 green (C drawn
 *     at half size samples level 1), and the level is not exported.
 * Plus the errors the extensions name for bad targets, buffers and
 * handles.  Expected pixels follow from the pattern and nearest filtering.
 *
 * Usage: gles2_eglimage [--no-skip] [--bad-handles]
 * Exit status: 0 pass, 1 fail, 77 when the stack offers no surfaceless
 * display or no image extensions (unless --no-skip).
 */
#include "e2e_gl.h"

#include <EGL/eglext.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define W 64
#define H 64

static const char *vs = "attribute vec2 a_pos;\n"
                        "varying vec2 v_tc;\n"
                        "void main() {\n"
                        "   gl_Position = vec4(a_pos, 0.0, 1.0);\n"
                        "   v_tc = a_pos * 0.5 + 0.5;\n"
                        "}\n";
static const char *fs =
   "precision mediump float;\n"
   "uniform sampler2D u_tex;\n"
   "varying vec2 v_tc;\n"
   "void main() { gl_FragColor = texture2D(u_tex, v_tc); }\n";

/* Texel (i, j) of the 4x4 pattern: red grows with i, green with j. */
static void
pattern_texel(int i, int j, uint8_t out[4])
{
   out[0] = (uint8_t)(i * 80);
   out[1] = (uint8_t)(j * 80);
   out[2] = 40;
   out[3] = 255;
}

static bool failed;

static void
expect(bool ok, const char *what)
{
   if (!ok) {
      printf("FAIL %s\n", what);
      failed = true;
   }
}

/* Draws the bound texture over a w x h viewport at the window's corner. */
static void
draw_quad(GLuint prog, int w, int h)
{
   static const float quad[] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, w, h);
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

/* Draws the bound texture over the whole window; returns the pixels. */
static void
draw_texture(GLuint prog, uint8_t *pixels)
{
   draw_quad(prog, W, H);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
}

/* Draws the bound texture over the window: it must show the 4x4 pattern
 * (window pixel (x, y) shows texel (x / 16, y / 16)). */
static void
expect_pattern(GLuint prog, uint8_t *pixels, const char *what,
               const char *summary)
{
   draw_texture(prog, pixels);
   for (int j = 0; j < 4; j++) {
      for (int i = 0; i < 4; i++) {
         uint8_t want[4];
         pattern_texel(i, j, want);
         expect(e2e_gl_probe(pixels, W, i * 16 + 8, j * 16 + 8, want, 1,
                             what, true),
                summary);
      }
   }
}

/* A renderbuffer on img in a new framebuffer object, cleared to (r, g,
 * b, 1) over its 4x4 pixels. */
static void
clear_through_image(PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_rb,
                    EGLImageKHR img, float r, float g, float b,
                    const char *what)
{
   GLuint rb, fbo;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   target_rb(GL_RENDERBUFFER, (GLeglImageOES)img);
   expect(glGetError() == GL_NO_ERROR, what);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   expect(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
          "framebuffer on the image is complete");
   glViewport(0, 0, 4, 4);
   glClearColor(r, g, b, 1);
   glClear(GL_COLOR_BUFFER_BIT);
}

/* 5: an image of level 1 of a mipmapped texture. */
static void
test_level_image(const struct e2e_gl *gl, GLuint prog, bool dma_buf,
                 PFNEGLCREATEIMAGEKHRPROC create_image,
                 PFNEGLDESTROYIMAGEKHRPROC destroy_image,
                 PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC export_query,
                 PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_texture,
                 PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_rb)
{
   static uint8_t pixels[W * H * 4];
   /* Texture C: levels 8x8 (red), 4x4 (the pattern), 2x2 and 1x1 (red). */
   static uint8_t red[8 * 8 * 4];
   for (unsigned k = 0; k < 8 * 8; k++)
      memcpy(red + 4 * k, (const uint8_t[4]){255, 0, 0, 255}, 4);
   uint8_t level1[4 * 4 * 4];
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         pattern_texel(i, j, level1 + (j * 4 + i) * 4);
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   for (int l = 0; l < 4; l++)
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, 8 >> l, 8 >> l, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, l == 1 ? level1 : red);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   const EGLint level_attribs[] = {EGL_GL_TEXTURE_LEVEL_KHR, 1, EGL_NONE};
   EGLImageKHR img = create_image(gl->dpy, gl->ctx, EGL_GL_TEXTURE_2D_KHR,
                                  (EGLClientBuffer)(uintptr_t)tex[0],
                                  level_attribs);
   expect(img != EGL_NO_IMAGE_KHR, "image of level 1 of texture C");
   if (img == EGL_NO_IMAGE_KHR)
      return;
   /* A dma-buf is one plane: a mip level is not exported. */
   int fourcc = 0, planes = 0;
   EGLuint64KHR modifier = 0;
   expect(!dma_buf ||
             !export_query(gl->dpy, img, &fourcc, &planes, &modifier),
          "level 1 is not exported");

   /* Texture D on it shows level 1's pattern. */
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   target_texture(GL_TEXTURE_2D, (GLeglImageOES)img);
   expect(glGetError() == GL_NO_ERROR, "texture D from the level image");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   expect_pattern(prog, pixels, "texture D shows level 1 of texture C",
                  "level 1 through the image");

   /* A renderbuffer on it, cleared green: level 1 of C turns green. */
   clear_through_image(target_rb, img, 0, 1, 0,
                       "renderbuffer from the level image");
   /* C drawn 4x4: a scale of 2, level 1 (ES 2.0 section 3.7.7). */
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glClearColor(0, 0, 0, 0);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   draw_quad(prog, 4, 4);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   static const uint8_t green[4] = {0, 255, 0, 255};
   expect(e2e_gl_probe(pixels, W, 1, 2, green, 1,
                       "texture C's level 1 after the renderbuffer's clear",
                       false),
          "clear through the level image seen by texture C");
   glDeleteTextures(2, tex);
   expect(destroy_image(gl->dpy, img), "destroy the level image");
}

int
main(int argc, char **argv)
{
   struct e2e_gl gl;
   struct e2e_gl_options opts = {.width = W, .height = H, .es_major = 2};
   bool bad_handles = false;
   for (int i = 1; i < argc; ++i) {
      opts.no_skip |= !strcmp(argv[i], "--no-skip");
      bad_handles |= !strcmp(argv[i], "--bad-handles");
   }
   int status = e2e_gl_open(&gl, &opts);
   if (status)
      return status;

   const char *exts = eglQueryString(gl.dpy, EGL_EXTENSIONS);
   const char *need[] = {"EGL_KHR_image_base", "EGL_KHR_gl_texture_2D_image",
                         "EGL_KHR_gl_renderbuffer_image",
                         "EGL_EXT_image_dma_buf_import",
                         "EGL_MESA_image_dma_buf_export"};
   /* The dma-buf round trip is skipped where it is not offered (llvmpipe
    * on the surfaceless platform), unless --no-skip. */
   bool dma_buf = true;
   for (unsigned i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
      if (!exts || !strstr(exts, need[i])) {
         if (i >= 3 && !opts.no_skip) {
            printf("note: %s not offered; no dma-buf round trip\n", need[i]);
            dma_buf = false;
            continue;
         }
         fprintf(stderr, "%s: %s not offered\n", opts.no_skip ? "FAIL" : "SKIP",
                 need[i]);
         return opts.no_skip ? 1 : E2E_SKIP;
      }
   }
   PFNEGLCREATEIMAGEKHRPROC create_image;
   PFNEGLDESTROYIMAGEKHRPROC destroy_image;
   PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC export_query;
   PFNEGLEXPORTDMABUFIMAGEMESAPROC export_image;
   PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_texture;
   PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_rb;
   const struct e2e_gl_proc procs[] = {
      {"eglCreateImageKHR", &create_image},
      {"eglDestroyImageKHR", &destroy_image},
      {"eglExportDMABUFImageQueryMESA", &export_query},
      {"eglExportDMABUFImageMESA", &export_image},
      {"glEGLImageTargetTexture2DOES", &target_texture},
      {"glEGLImageTargetRenderbufferStorageOES", &target_rb},
   };
   if (!E2E_GL_PROCS(procs))
      return 1;

   /* 1. Texture A with the pattern, as an image. */
   uint8_t texels[4 * 4 * 4];
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         pattern_texel(i, j, texels + (j * 4 + i) * 4);
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   EGLImageKHR from_tex =
      create_image(gl.dpy, gl.ctx, EGL_GL_TEXTURE_2D_KHR,
                   (EGLClientBuffer)(uintptr_t)tex[0], NULL);
   expect(from_tex != EGL_NO_IMAGE_KHR, "image of texture A");

   /* Errors: the default texture, an unknown target, a context for a
    * dma-buf (EGL_KHR_gl_image, EGL_EXT_image_dma_buf_import). */
   expect(create_image(gl.dpy, gl.ctx, EGL_GL_TEXTURE_2D_KHR, 0, NULL) ==
                EGL_NO_IMAGE_KHR &&
             eglGetError() == EGL_BAD_PARAMETER,
          "texture 0 is EGL_BAD_PARAMETER");
   expect(create_image(gl.dpy, gl.ctx, 0x1234, 0, NULL) == EGL_NO_IMAGE_KHR &&
             eglGetError() == EGL_BAD_PARAMETER,
          "unknown target is EGL_BAD_PARAMETER");
   expect(!dma_buf || (create_image(gl.dpy, gl.ctx, EGL_LINUX_DMA_BUF_EXT, NULL,
                                    NULL) == EGL_NO_IMAGE_KHR &&
                       eglGetError() == EGL_BAD_CONTEXT),
          "dma-buf with a context is EGL_BAD_CONTEXT");

   /* 2. Out as a dma-buf and back in. */
   EGLImageKHR imported = from_tex;
   int fourcc = 0, planes = 0, fd = -1;
   if (dma_buf) {
      EGLint stride = 0, offset = 0;
      EGLuint64KHR modifier = 0;
      expect(export_query(gl.dpy, from_tex, &fourcc, &planes, &modifier) &&
                planes == 1,
             "export query: one plane");
      expect(export_image(gl.dpy, from_tex, &fd, &stride, &offset) && fd >= 0,
             "export");
      const EGLint import_attribs[] = {
         EGL_WIDTH,
         4,
         EGL_HEIGHT,
         4,
         EGL_LINUX_DRM_FOURCC_EXT,
         fourcc,
         EGL_DMA_BUF_PLANE0_FD_EXT,
         fd,
         EGL_DMA_BUF_PLANE0_OFFSET_EXT,
         offset,
         EGL_DMA_BUF_PLANE0_PITCH_EXT,
         stride,
         EGL_NONE,
      };
      imported = create_image(gl.dpy, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT,
                              NULL, import_attribs);
      expect(imported != EGL_NO_IMAGE_KHR, "import of the dma-buf");
      if (fd >= 0)
         close(fd); /* the image keeps its own reference */
   }

   /* 3. Texture B on the imported image, drawn. */
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   /* A destroyed image is no image any more (--bad-handles: Debian's
    * Mesa 22.3 crashes on this). */
   if (bad_handles) {
      EGLImageKHR dead =
         create_image(gl.dpy, gl.ctx, EGL_GL_TEXTURE_2D_KHR,
                      (EGLClientBuffer)(uintptr_t)tex[0], NULL);
      destroy_image(gl.dpy, dead);
      target_texture(GL_TEXTURE_2D, (GLeglImageOES)dead);
      expect(glGetError() == GL_INVALID_VALUE,
             "a destroyed image is GL_INVALID_VALUE");
   }
   target_texture(GL_TEXTURE_2D, (GLeglImageOES)imported);
   expect(glGetError() == GL_NO_ERROR, "texture B from the image");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

   static const char *const attribs[] = {"a_pos", NULL};
   GLuint prog = e2e_gl_program(vs, fs, attribs);
   static uint8_t pixels[W * H * 4];
   expect_pattern(prog, pixels, "texture B shows texture A's texel",
                  "pattern through the dma-buf");

   /* 4. A renderbuffer on the first image, cleared blue. */
   clear_through_image(target_rb, from_tex, 0, 0, 1,
                       "renderbuffer from the image");
   draw_texture(prog, pixels);
   static const uint8_t blue[4] = {0, 0, 255, 255};
   expect(e2e_gl_probe(pixels, W, 40, 24, blue, 1,
                       "texture B after the renderbuffer's clear", false),
          "clear through the renderbuffer seen by texture B");

   test_level_image(&gl, prog, dma_buf, create_image, destroy_image,
                    export_query, target_texture, target_rb);

   expect(glGetError() == GL_NO_ERROR, "no GL error");
   if (imported != from_tex)
      expect(destroy_image(gl.dpy, imported), "destroy");
   expect(destroy_image(gl.dpy, from_tex), "destroy");
   expect(!destroy_image(gl.dpy, from_tex) &&
             eglGetError() == EGL_BAD_PARAMETER,
          "destroying twice is EGL_BAD_PARAMETER");
   e2e_gl_close(&gl);
   printf("%s\n", failed ? "FAIL" : "PASS");
   return failed ? 1 : 0;
}
