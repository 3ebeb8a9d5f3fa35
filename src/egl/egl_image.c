/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * EGL images: EGL 1.5 section 3.9 and EGL_KHR_image_base (the KHR entry
 * points take EGLint attribute lists), with the sources
 *  - EGL_LINUX_DMA_BUF_EXT (EGL_EXT_image_dma_buf_import): one-plane RGB
 *    dma-bufs, imported through the driver's image_import;
 *  - EGL_GL_TEXTURE_2D and EGL_GL_RENDERBUFFER (EGL_KHR_gl_texture_2D_image,
 *    EGL_KHR_gl_renderbuffer_image): the storage of a GL object of a
 *    context, through image_from_gl;
 * export as dma-bufs (EGL_MESA_image_dma_buf_export), and the lookup
 * through which GL's glEGLImageTarget*OES find them (the driver calls it).
 * Errors are those the extension specifications name (Khronos registry).
 */
#include <stdlib.h>
#include <unistd.h>

#include "egl_private.h"

static struct egl_image *
lookup_image(struct egl_display *disp, EGLImage handle)
{
   list_for_each_entry(struct egl_image, img, &disp->images, res.link) {
      if ((EGLImage)img == handle && !img->res.destroyed)
         return img;
   }
   return NULL;
}

void
egl_image_destroy_locked(struct egl_image *img)
{
   if (img->res.destroyed)
      return;
   img->res.destroyed = true;
   img->res.display->dri->image_destroy(img->dri);
   list_del(&img->res.link);
   free(img);
}

/* Called by the driver (GL_OES_EGL_image) from any thread. */
static bool
gl_lookup(void *data, void *handle,
          void (*use)(struct asahi_dri_image *image, void *arg), void *arg)
{
   struct egl_display *disp = data;
   bool found = false;

   egl_global_lock();
   struct egl_image *img = disp->initialized ? lookup_image(disp, handle)
                                             : NULL;
   if (img) {
      use(img->dri, arg);
      found = true;
   }
   egl_global_unlock();
   return found;
}

void
egl_image_init_display(struct egl_display *disp)
{
   if (ASAHI_DRI_HAS(disp->dri, screen_set_image_lookup))
      disp->dri->screen_set_image_lookup(disp->screen, gl_lookup, disp);
}

bool
egl_images_supported(const struct egl_display *disp)
{
   return (disp->info.caps & ASAHI_DRI_CAP_IMAGE) &&
          ASAHI_DRI_HAS(disp->dri, image_destroy) &&
          ASAHI_DRI_HAS(disp->dri, screen_set_image_lookup);
}

/* One attribute list, whichever entry point it came from. */
struct attrib_reader {
   const EGLAttrib *attribs;
   const EGLint *attribs_khr;
   unsigned i;
};

static bool
next_attrib(struct attrib_reader *r, EGLAttrib *name, EGLAttrib *value)
{
   if (r->attribs && r->attribs[r->i] != EGL_NONE) {
      *name = r->attribs[r->i];
      *value = r->attribs[r->i + 1];
   } else if (r->attribs_khr && r->attribs_khr[r->i] != EGL_NONE) {
      *name = r->attribs_khr[r->i];
      *value = r->attribs_khr[r->i + 1];
   } else {
      return false;
   }
   r->i += 2;
   return true;
}

/* EGL_EXT_image_dma_buf_import: width, height, fourcc and plane 0's fd,
 * offset and pitch are required (EGL_BAD_PARAMETER when missing); other
 * planes and colour-space hints of YUV formats are attributes we cannot
 * use with the RGB formats we import (EGL_BAD_ATTRIBUTE). */
static struct asahi_dri_image *
import_dma_buf(struct egl_display *disp, struct attrib_reader *r,
               EGLint *err, const char **why)
{
   struct asahi_dri_image_desc desc = {
      .modifier = 0x00ffffffffffffffull, /* DRM_FORMAT_MOD_INVALID */
      .num_planes = 1,
      .planes[0] = {.fd = -1},
   };
   unsigned have = 0;
   EGLAttrib name, value;

   while (next_attrib(r, &name, &value)) {
      switch (name) {
      case EGL_WIDTH:
         desc.width = (uint32_t)value, have |= 1;
         break;
      case EGL_HEIGHT:
         desc.height = (uint32_t)value, have |= 2;
         break;
      case EGL_LINUX_DRM_FOURCC_EXT:
         desc.fourcc = (uint32_t)value, have |= 4;
         break;
      case EGL_DMA_BUF_PLANE0_FD_EXT:
         desc.planes[0].fd = (int)value, have |= 8;
         break;
      case EGL_DMA_BUF_PLANE0_OFFSET_EXT:
         desc.planes[0].offset_B = (uint32_t)value, have |= 16;
         break;
      case EGL_DMA_BUF_PLANE0_PITCH_EXT:
         desc.planes[0].stride_B = (uint32_t)value, have |= 32;
         break;
      case EGL_IMAGE_PRESERVED_KHR:
         break;
      default:
         *err = EGL_BAD_ATTRIBUTE;
         *why = "attribute not supported for dma-bufs";
         return NULL;
      }
   }
   if (have != 63) {
      *err = EGL_BAD_PARAMETER;
      *why = "a required dma-buf attribute is missing";
      return NULL;
   }
   if ((EGLint)desc.width <= 0 || (EGLint)desc.height <= 0 ||
       desc.planes[0].fd < 0) {
      *err = EGL_BAD_ACCESS;
      *why = "bad size or file descriptor";
      return NULL;
   }
   if (!ASAHI_DRI_HAS(disp->dri, image_import)) {
      *err = EGL_BAD_MATCH;
      *why = "the driver cannot import";
      return NULL;
   }
   enum asahi_dri_error derr;
   struct asahi_dri_image *img =
      disp->dri->image_import(disp->screen, &desc, &derr);
   if (!img) {
      /* An unsupported fourcc is EGL_BAD_MATCH in the extension. */
      *err = derr == ASAHI_DRI_ERROR_NO_MEMORY ? EGL_BAD_ALLOC
             : derr == ASAHI_DRI_ERROR_BAD_SIZE ? EGL_BAD_ACCESS
                                                 : EGL_BAD_MATCH;
      *why = asahi_dri_error_string(derr);
   }
   return img;
}

/* EGL_KHR_gl_image: the buffer is the object's name (0, the default
 * texture, is EGL_BAD_PARAMETER); EGL_GL_TEXTURE_LEVEL picks the level. */
static struct asahi_dri_image *
from_gl(struct egl_display *disp, struct egl_context *ctx, EGLenum target,
        EGLClientBuffer buffer, struct attrib_reader *r, EGLint *err,
        const char **why)
{
   EGLAttrib name, value, level = 0;

   while (next_attrib(r, &name, &value)) {
      if (name == EGL_GL_TEXTURE_LEVEL && target == EGL_GL_TEXTURE_2D) {
         level = value;
      } else if (name != EGL_IMAGE_PRESERVED_KHR) {
         *err = EGL_BAD_PARAMETER;
         *why = "attribute not supported for this target";
         return NULL;
      }
   }
   uintptr_t object = (uintptr_t)buffer;
   if (object == 0 || object > UINT32_MAX || level < 0) {
      *err = EGL_BAD_PARAMETER;
      *why = "no such object or level";
      return NULL;
   }
   if (!ASAHI_DRI_HAS(disp->dri, image_from_gl)) {
      *err = EGL_BAD_PARAMETER;
      *why = "the driver cannot share GL objects";
      return NULL;
   }
   /* GL_TEXTURE_2D, GL_RENDERBUFFER */
   uint32_t gl_target = target == EGL_GL_TEXTURE_2D ? 0x0DE1 : 0x8D41;
   enum asahi_dri_error derr;
   struct asahi_dri_image *img = disp->dri->image_from_gl(
      ctx->dri, gl_target, (uint32_t)object, (uint32_t)level, &derr);
   if (!img) {
      *err = derr == ASAHI_DRI_ERROR_NO_MEMORY ? EGL_BAD_ALLOC
             : derr == ASAHI_DRI_ERROR_BAD_PARAMETER ? EGL_BAD_PARAMETER
                                                     : EGL_BAD_MATCH;
      *why = asahi_dri_error_string(derr);
   }
   return img;
}

static EGLImage
create_image(EGLDisplay dpy, EGLContext ctx_handle, EGLenum target,
             EGLClientBuffer buffer, const EGLAttrib *attribs,
             const EGLint *attribs_khr, const char *func)
{
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_NO_IMAGE;

   EGLint err = EGL_SUCCESS;
   const char *why = "";
   struct attrib_reader r = {attribs, attribs_khr, 0};
   struct asahi_dri_image *dri = NULL;
   struct egl_image *img = NULL;

   if (!egl_images_supported(disp)) {
      err = EGL_BAD_PARAMETER;
      why = "the driver has no images";
      goto out;
   }
   switch (target) {
   case EGL_LINUX_DMA_BUF_EXT:
      /* The context must be EGL_NO_CONTEXT and the buffer NULL. */
      if (ctx_handle != EGL_NO_CONTEXT) {
         err = EGL_BAD_CONTEXT;
         why = "dma-buf images take no context";
         goto out;
      }
      if (buffer) {
         err = EGL_BAD_PARAMETER;
         why = "dma-buf images take no buffer";
         goto out;
      }
      dri = import_dma_buf(disp, &r, &err, &why);
      break;
   case EGL_GL_TEXTURE_2D:
   case EGL_GL_RENDERBUFFER: {
      struct egl_context *ctx = egl_lookup_context(disp, ctx_handle);
      if (!ctx) {
         err = EGL_BAD_CONTEXT;
         why = "not a context of this display";
         goto out;
      }
      dri = from_gl(disp, ctx, target, buffer, &r, &err, &why);
      break;
   }
   default:
      err = EGL_BAD_PARAMETER;
      why = "unsupported target";
      goto out;
   }
   if (!dri)
      goto out;

   img = calloc(1, sizeof(*img));
   if (!img) {
      disp->dri->image_destroy(dri);
      err = EGL_BAD_ALLOC;
      goto out;
   }
   img->dri = dri;
   img->res.display = disp;
   img->res.refs = 1;
   list_addtail(&img->res.link, &disp->images);

out:
   egl_unlock_display(disp);
   egl_error(err, func, why);
   return img ? (EGLImage)img : EGL_NO_IMAGE;
}

static EGLImage EGLAPIENTRY
egl_CreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target,
                EGLClientBuffer buffer, const EGLAttrib *attrib_list)
{
   return create_image(dpy, ctx, target, buffer, attrib_list, NULL,
                       "eglCreateImage");
}

static EGLImageKHR EGLAPIENTRY
egl_CreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target,
                   EGLClientBuffer buffer, const EGLint *attrib_list)
{
   return create_image(dpy, ctx, target, buffer, NULL, attrib_list,
                       "eglCreateImageKHR");
}

static EGLBoolean
destroy_image(EGLDisplay dpy, EGLImage handle, const char *func)
{
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return EGL_FALSE;
   struct egl_image *img = lookup_image(disp, handle);
   if (img)
      egl_image_destroy_locked(img);
   egl_unlock_display(disp);
   if (!img)
      return egl_error(EGL_BAD_PARAMETER, func, "not an image");
   return egl_success();
}

static EGLBoolean EGLAPIENTRY
egl_DestroyImage(EGLDisplay dpy, EGLImage image)
{
   return destroy_image(dpy, image, "eglDestroyImage");
}

static EGLBoolean EGLAPIENTRY
egl_DestroyImageKHR(EGLDisplay dpy, EGLImageKHR image)
{
   return destroy_image(dpy, image, "eglDestroyImageKHR");
}

/* EGL_MESA_image_dma_buf_export: what an export would give, then the fds
 * (one per plane, the caller closes them).  Invalid images are
 * EGL_BAD_PARAMETER; an image the driver cannot share EGL_BAD_MATCH. */
static bool
export_desc(EGLDisplay dpy, EGLImageKHR handle, const char *func,
            struct asahi_dri_image_desc *desc)
{
   struct egl_display *disp = egl_lock_display(dpy, func);
   if (!disp)
      return false;
   struct egl_image *img = lookup_image(disp, handle);
   bool ok = img && ASAHI_DRI_HAS(disp->dri, image_export) &&
             disp->dri->image_export(img->dri, desc);
   egl_unlock_display(disp);
   if (!img)
      return egl_error(EGL_BAD_PARAMETER, func, "not an image");
   if (!ok || desc->fourcc == 0) {
      if (ok) {
         for (unsigned i = 0; i < desc->num_planes; i++)
            close(desc->planes[i].fd);
      }
      return egl_error(EGL_BAD_MATCH, func, "the image cannot be exported");
   }
   return true;
}

static EGLBoolean EGLAPIENTRY
egl_ExportDMABUFImageQueryMESA(EGLDisplay dpy, EGLImageKHR image, int *fourcc,
                               int *num_planes, EGLuint64KHR *modifiers)
{
   struct asahi_dri_image_desc desc;
   if (!export_desc(dpy, image, "eglExportDMABUFImageQueryMESA", &desc))
      return EGL_FALSE;
   for (unsigned i = 0; i < desc.num_planes; i++)
      close(desc.planes[i].fd);
   if (fourcc)
      *fourcc = (int)desc.fourcc;
   if (num_planes)
      *num_planes = (int)desc.num_planes;
   if (modifiers) {
      for (unsigned i = 0; i < desc.num_planes; i++)
         modifiers[i] = desc.modifier;
   }
   return egl_success();
}

static EGLBoolean EGLAPIENTRY
egl_ExportDMABUFImageMESA(EGLDisplay dpy, EGLImageKHR image, int *fds,
                          EGLint *strides, EGLint *offsets)
{
   struct asahi_dri_image_desc desc;
   if (!export_desc(dpy, image, "eglExportDMABUFImageMESA", &desc))
      return EGL_FALSE;
   for (unsigned i = 0; i < desc.num_planes; i++) {
      if (fds)
         fds[i] = desc.planes[i].fd;
      else
         close(desc.planes[i].fd);
      if (strides)
         strides[i] = (EGLint)desc.planes[i].stride_B;
      if (offsets)
         offsets[i] = (EGLint)desc.planes[i].offset_B;
   }
   return egl_success();
}

const struct egl_named_function egl_image_functions[] = {
   {"eglCreateImage", (void *)egl_CreateImage},
   {"eglCreateImageKHR", (void *)egl_CreateImageKHR},
   {"eglDestroyImage", (void *)egl_DestroyImage},
   {"eglDestroyImageKHR", (void *)egl_DestroyImageKHR},
   {"eglExportDMABUFImageQueryMESA", (void *)egl_ExportDMABUFImageQueryMESA},
   {"eglExportDMABUFImageMESA", (void *)egl_ExportDMABUFImageMESA},
   {NULL, NULL},
};
