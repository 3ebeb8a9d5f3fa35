/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * libgbm.so.1 over asahi_dri.so.  A device is a driver screen on the
 * caller's render node (found and loaded by src/loader, so
 * LIBGL_DRIVERS_PATH, MESA_LOADER_DRIVER_OVERRIDE and GALLIUM_DRIVER behave
 * as for EGL).  Buffer objects are driver images exported as dma-bufs
 * (a driver that cannot share, like noop, makes none: ENOSYS), mapped
 * through the driver's image_map.  Surfaces are rendered by
 * libEGL_asahi (gbm_asahi.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <drm.h>

#include "asahi/dri_interface.h"
#include "loader.h"

#include "gbm.h"
#include "gbm_asahi.h"

#define GBM_EXPORT __attribute__((visibility("default")))

/* Fact: DRM_FORMAT_MOD_LINEAR is 0 (torvalds/linux
 * include/uapi/drm/drm_fourcc.h).
 */
#define GBM_MOD_LINEAR 0ull

struct gbm_device {
   /* First member: libglvnd recognises a GBM native display by this
    * pointer naming gbm_create_device (NVIDIA/libglvnd src/EGL/libegl.c,
    * IsGbmDisplay).
    */
   struct gbm_device *(*create)(int fd);
   int fd;     /* the caller's, not ours */
   int dri_fd; /* our dup */
   struct loader_driver driver;
   struct asahi_dri_screen *screen;
   struct asahi_dri_screen_info info;
   struct asahi_dri_config *configs;
   unsigned num_configs;
};

/* 'ashs': a surface of this libgbm (see gbm_asahi.h). */
#define GBM_ASAHI_SURFACE_MAGIC 0x73687361u

struct gbm_surface {
   uint32_t magic;
   struct gbm_device *gbm;
   struct gbm_asahi_surface_info info;
   /* Bound by libEGL_asahi while an EGL window renders into it. */
   const struct asahi_dri_interface *dri;
   struct asahi_dri_drawable *drawable;
   unsigned locked;   /* front buffers handed out, not released */
   bool has_frame;    /* swapped since the last lock */
};

struct gbm_bo {
   struct gbm_device *gbm;
   struct gbm_surface *surface; /* locked from it, or NULL */
   struct asahi_dri_image *image;
   struct asahi_dri_image_desc desc; /* exported: fd owned here */
   uint32_t handle; /* GEM handle on gbm->fd, owned by the driver's image */
   void *user_data;
   void (*destroy_user_data)(struct gbm_bo *, void *);
};

GBM_EXPORT struct gbm_device *
gbm_create_device(int fd)
{
   char driver[64], err[512];
   struct gbm_device *gbm = calloc(1, sizeof(*gbm));
   if (!gbm) {
      errno = ENOMEM;
      return NULL;
   }
   gbm->create = gbm_create_device;
   gbm->fd = fd;
   gbm->dri_fd = fd >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 3) : -1;

   if (gbm->dri_fd < 0 ||
       !loader_get_driver_for_fd(gbm->dri_fd, driver, sizeof(driver)) ||
       !loader_load_driver(driver, &gbm->driver, err, sizeof(err))) {
      errno = gbm->dri_fd < 0 ? EBADF : ENODEV;
      goto fail;
   }

   enum asahi_dri_error derr;
   struct asahi_dri_screen_options opts = {.fd = gbm->dri_fd};
   gbm->screen = gbm->driver.iface->screen_create(&opts, &derr);
   if (!gbm->screen) {
      errno = derr == ASAHI_DRI_ERROR_NO_MEMORY ? ENOMEM : ENODEV;
      goto fail;
   }
   gbm->driver.iface->screen_get_info(gbm->screen, &gbm->info);

   unsigned n = gbm->driver.iface->get_configs(gbm->screen, NULL, 0);
   gbm->configs = calloc(n ? n : 1, sizeof(*gbm->configs));
   if (!gbm->configs) {
      errno = ENOMEM;
      goto fail;
   }
   gbm->num_configs =
      gbm->driver.iface->get_configs(gbm->screen, gbm->configs, n);
   return gbm;

fail:
   if (gbm->screen)
      gbm->driver.iface->screen_destroy(gbm->screen);
   if (gbm->driver.handle)
      loader_unload_driver(&gbm->driver);
   if (gbm->dri_fd >= 0)
      close(gbm->dri_fd);
   free(gbm->configs);
   free(gbm);
   return NULL;
}

GBM_EXPORT void
gbm_device_destroy(struct gbm_device *gbm)
{
   if (!gbm)
      return;
   gbm->driver.iface->screen_destroy(gbm->screen);
   loader_unload_driver(&gbm->driver);
   close(gbm->dri_fd);
   free(gbm->configs);
   free(gbm);
}

GBM_EXPORT int
gbm_device_get_fd(struct gbm_device *gbm)
{
   return gbm->fd;
}

GBM_EXPORT const char *
gbm_device_get_backend_name(struct gbm_device *gbm)
{
   return "drm";
}

static uint32_t
canonical_format(uint32_t format)
{
   /* The two old enum gbm_bo_format values. */
   if (format == GBM_BO_FORMAT_XRGB8888)
      return GBM_FORMAT_XRGB8888;
   if (format == GBM_BO_FORMAT_ARGB8888)
      return GBM_FORMAT_ARGB8888;
   return format;
}

static bool
has_images(const struct gbm_device *gbm)
{
   return (gbm->info.caps & ASAHI_DRI_CAP_IMAGE) &&
          ASAHI_DRI_HAS(gbm->driver.iface, image_create);
}

static bool
format_known(const struct gbm_device *gbm, uint32_t format)
{
   format = canonical_format(format);
   for (unsigned i = 0; i < gbm->num_configs; i++) {
      if (gbm->configs[i].fourcc == format)
         return true;
   }
   return false;
}

GBM_EXPORT int
gbm_device_is_format_supported(struct gbm_device *gbm, uint32_t format,
                               uint32_t flags)
{
   return has_images(gbm) && format_known(gbm, format);
}

GBM_EXPORT int
gbm_device_get_format_modifier_plane_count(struct gbm_device *gbm,
                                           uint32_t format, uint64_t modifier)
{
   if (!format_known(gbm, format) || modifier != GBM_MOD_LINEAR)
      return -1;
   return 1;
}

/* ---- buffer objects ----------------------------------------------------- */

static uint32_t
image_usage(uint32_t flags)
{
   uint32_t usage = 0;
   if (flags & GBM_BO_USE_RENDERING)
      usage |= ASAHI_DRI_IMAGE_USE_RENDER;
   if (flags & GBM_BO_USE_SCANOUT)
      usage |= ASAHI_DRI_IMAGE_USE_SCANOUT;
   if (flags & GBM_BO_USE_CURSOR)
      usage |= ASAHI_DRI_IMAGE_USE_CURSOR;
   if (flags & (GBM_BO_USE_LINEAR | GBM_BO_USE_WRITE))
      usage |= ASAHI_DRI_IMAGE_USE_LINEAR;
   return usage;
}

static int
errno_of(enum asahi_dri_error err)
{
   switch (err) {
   case ASAHI_DRI_ERROR_NO_MEMORY:
      return ENOMEM;
   case ASAHI_DRI_ERROR_BAD_SIZE:
      return EINVAL;
   case ASAHI_DRI_ERROR_UNSUPPORTED:
      return EINVAL;
   default:
      return EIO;
   }
}

/* The GEM handle of the dma-buf on the caller's fd (what KMS wants). */
static uint32_t
prime_handle(int drm_fd, int dmabuf_fd)
{
   struct drm_prime_handle args = {.fd = dmabuf_fd};
   if (drm_fd < 0 || ioctl(drm_fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &args))
      return 0;
   return args.handle;
}

/* Wraps an image: the bo holds its exported description (and fd). */
static struct gbm_bo *
bo_from_image(struct gbm_device *gbm, struct asahi_dri_image *image)
{
   const struct asahi_dri_interface *dri = gbm->driver.iface;
   struct gbm_bo *bo = calloc(1, sizeof(*bo));
   if (!bo) {
      dri->image_destroy(image);
      errno = ENOMEM;
      return NULL;
   }
   if (!dri->image_export(image, &bo->desc)) {
      /* A buffer nobody can share is no GBM buffer (the noop driver). */
      dri->image_destroy(image);
      free(bo);
      errno = ENOSYS;
      return NULL;
   }
   bo->gbm = gbm;
   bo->image = image;
   bo->handle = prime_handle(gbm->fd, bo->desc.planes[0].fd);
   return bo;
}

static struct gbm_bo *
bo_create(struct gbm_device *gbm, uint32_t width, uint32_t height,
          uint32_t format, const uint64_t *modifiers, unsigned count,
          uint32_t flags)
{
   if (!has_images(gbm)) {
      errno = format_known(gbm, format) ? ENOSYS : EINVAL;
      return NULL;
   }
   enum asahi_dri_error err;
   struct asahi_dri_image *image = gbm->driver.iface->image_create(
      gbm->screen, width, height, canonical_format(format), modifiers, count,
      image_usage(flags), &err);
   if (!image) {
      errno = errno_of(err);
      return NULL;
   }
   return bo_from_image(gbm, image);
}

GBM_EXPORT struct gbm_bo *
gbm_bo_create(struct gbm_device *gbm, uint32_t width, uint32_t height,
              uint32_t format, uint32_t flags)
{
   return bo_create(gbm, width, height, format, NULL, 0, flags);
}

GBM_EXPORT struct gbm_bo *
gbm_bo_create_with_modifiers(struct gbm_device *gbm, uint32_t width,
                             uint32_t height, uint32_t format,
                             const uint64_t *modifiers,
                             const unsigned int count)
{
   return bo_create(gbm, width, height, format, modifiers, count,
                    GBM_BO_USE_RENDERING | GBM_BO_USE_SCANOUT);
}

GBM_EXPORT struct gbm_bo *
gbm_bo_create_with_modifiers2(struct gbm_device *gbm, uint32_t width,
                              uint32_t height, uint32_t format,
                              const uint64_t *modifiers,
                              const unsigned int count, uint32_t flags)
{
   return bo_create(gbm, width, height, format, modifiers, count, flags);
}

GBM_EXPORT struct gbm_bo *
gbm_bo_import(struct gbm_device *gbm, uint32_t type, void *buffer,
              uint32_t flags)
{
   struct asahi_dri_image_desc desc;
   memset(&desc, 0, sizeof(desc));

   if (type == GBM_BO_IMPORT_FD && buffer) {
      const struct gbm_import_fd_data *d = buffer;
      desc.width = d->width;
      desc.height = d->height;
      desc.fourcc = canonical_format(d->format);
      desc.modifier = 0x00ffffffffffffffull; /* DRM_FORMAT_MOD_INVALID */
      desc.num_planes = 1;
      desc.planes[0].fd = d->fd;
      desc.planes[0].stride_B = d->stride;
   } else if (type == GBM_BO_IMPORT_FD_MODIFIER && buffer) {
      const struct gbm_import_fd_modifier_data *d = buffer;
      if (d->num_fds == 0 || d->num_fds > GBM_MAX_PLANES) {
         errno = EINVAL;
         return NULL;
      }
      desc.width = d->width;
      desc.height = d->height;
      desc.fourcc = canonical_format(d->format);
      desc.modifier = d->modifier;
      desc.num_planes = d->num_fds;
      for (unsigned i = 0; i < d->num_fds; i++) {
         desc.planes[i].fd = d->fds[i];
         desc.planes[i].stride_B = (uint32_t)d->strides[i];
         desc.planes[i].offset_B = (uint32_t)d->offsets[i];
      }
   } else {
      /* Wayland buffers and EGLImages are not ours to import. */
      errno = ENOSYS;
      return NULL;
   }

   if (!has_images(gbm) || !gbm->driver.iface->image_import) {
      errno = ENOSYS;
      return NULL;
   }
   enum asahi_dri_error err;
   struct asahi_dri_image *image =
      gbm->driver.iface->image_import(gbm->screen, &desc, &err);
   if (!image) {
      errno = errno_of(err);
      return NULL;
   }
   return bo_from_image(gbm, image);
}

GBM_EXPORT void *
gbm_bo_map(struct gbm_bo *bo, uint32_t x, uint32_t y, uint32_t width,
           uint32_t height, uint32_t flags, uint32_t *stride, void **map_data)
{
   const struct asahi_dri_interface *dri = bo->gbm->driver.iface;
   if (!ASAHI_DRI_HAS(dri, image_map)) {
      errno = ENOSYS;
      return NULL;
   }
   if (!map_data || !stride || !width || !height ||
       x + width > bo->desc.width || y + height > bo->desc.height) {
      errno = EINVAL;
      return NULL;
   }
   uint32_t dri_flags = 0;
   if (flags & GBM_BO_TRANSFER_READ)
      dri_flags |= ASAHI_DRI_MAP_READ;
   if (flags & GBM_BO_TRANSFER_WRITE)
      dri_flags |= ASAHI_DRI_MAP_WRITE;
   void *ptr = dri->image_map(bo->image, x, y, width, height, dri_flags, stride,
                              map_data);
   if (!ptr)
      errno = EIO;
   return ptr;
}

GBM_EXPORT void
gbm_bo_unmap(struct gbm_bo *bo, void *map_data)
{
   const struct asahi_dri_interface *dri = bo->gbm->driver.iface;
   if (map_data && ASAHI_DRI_HAS(dri, image_unmap))
      dri->image_unmap(bo->image, map_data);
}

GBM_EXPORT uint32_t
gbm_bo_get_width(struct gbm_bo *bo)
{
   return bo->desc.width;
}

GBM_EXPORT uint32_t
gbm_bo_get_height(struct gbm_bo *bo)
{
   return bo->desc.height;
}

GBM_EXPORT uint32_t
gbm_bo_get_stride(struct gbm_bo *bo)
{
   return bo->desc.planes[0].stride_B;
}

GBM_EXPORT uint32_t
gbm_bo_get_stride_for_plane(struct gbm_bo *bo, int plane)
{
   if (plane < 0 || (unsigned)plane >= bo->desc.num_planes) {
      errno = EINVAL;
      return 0;
   }
   return bo->desc.planes[plane].stride_B;
}

GBM_EXPORT uint32_t
gbm_bo_get_format(struct gbm_bo *bo)
{
   return bo->desc.fourcc;
}

GBM_EXPORT uint32_t
gbm_bo_get_bpp(struct gbm_bo *bo)
{
   /* All our formats are 32-bit but RGB565. */
   return bo->desc.fourcc == GBM_FORMAT_RGB565 ? 16 : 32;
}

GBM_EXPORT uint32_t
gbm_bo_get_offset(struct gbm_bo *bo, int plane)
{
   if (plane < 0 || (unsigned)plane >= bo->desc.num_planes)
      return 0;
   return bo->desc.planes[plane].offset_B;
}

GBM_EXPORT struct gbm_device *
gbm_bo_get_device(struct gbm_bo *bo)
{
   return bo->gbm;
}

GBM_EXPORT union gbm_bo_handle
gbm_bo_get_handle(struct gbm_bo *bo)
{
   union gbm_bo_handle h;
   h.u64 = 0;
   h.u32 = bo->handle;
   return h;
}

GBM_EXPORT union gbm_bo_handle
gbm_bo_get_handle_for_plane(struct gbm_bo *bo, int plane)
{
   return gbm_bo_get_handle(bo);
}

GBM_EXPORT int
gbm_bo_get_fd(struct gbm_bo *bo)
{
   return fcntl(bo->desc.planes[0].fd, F_DUPFD_CLOEXEC, 3);
}

GBM_EXPORT int
gbm_bo_get_fd_for_plane(struct gbm_bo *bo, int plane)
{
   if (plane < 0 || (unsigned)plane >= bo->desc.num_planes) {
      errno = EINVAL;
      return -1;
   }
   return fcntl(bo->desc.planes[plane].fd, F_DUPFD_CLOEXEC, 3);
}

GBM_EXPORT uint64_t
gbm_bo_get_modifier(struct gbm_bo *bo)
{
   return bo->desc.modifier;
}

GBM_EXPORT int
gbm_bo_get_plane_count(struct gbm_bo *bo)
{
   return (int)bo->desc.num_planes;
}

/* Writes count bytes as packed rows of the buffer's width (what cursor
 * uploads pass).
 */
GBM_EXPORT int
gbm_bo_write(struct gbm_bo *bo, const void *buf, size_t count)
{
   uint32_t bpp_B = gbm_bo_get_bpp(bo) / 8;
   size_t row_B = (size_t)bo->desc.width * bpp_B;
   if (!row_B || count > row_B * bo->desc.height) {
      errno = EINVAL;
      return -1;
   }
   uint32_t rows = (uint32_t)((count + row_B - 1) / row_B);
   uint32_t stride;
   void *cookie = NULL;
   uint8_t *dst = gbm_bo_map(bo, 0, 0, bo->desc.width, rows,
                             GBM_BO_TRANSFER_WRITE, &stride, &cookie);
   if (!dst)
      return -1;
   const uint8_t *src = buf;
   for (uint32_t r = 0; r < rows; r++) {
      size_t n = count - (size_t)r * row_B;
      memcpy(dst + (size_t)r * stride, src + (size_t)r * row_B,
             n < row_B ? n : row_B);
   }
   gbm_bo_unmap(bo, cookie);
   return 0;
}

GBM_EXPORT void
gbm_bo_set_user_data(struct gbm_bo *bo, void *data,
                     void (*destroy_user_data)(struct gbm_bo *, void *))
{
   bo->user_data = data;
   bo->destroy_user_data = destroy_user_data;
}

GBM_EXPORT void *
gbm_bo_get_user_data(struct gbm_bo *bo)
{
   return bo->user_data;
}

GBM_EXPORT void
gbm_bo_destroy(struct gbm_bo *bo)
{
   if (!bo)
      return;
   if (bo->destroy_user_data)
      bo->destroy_user_data(bo, bo->user_data);
   /* No GEM_CLOSE of bo->handle: the driver's fd is a dup of gbm->fd, so
    * they share one DRM file and its handles, and the driver's image (of
    * the same buffer) holds this very handle; closing it here killed the
    * driver's buffer (a window's front after waffle released it) and made
    * the driver's own close fail.  image_destroy closes it when the last
    * user goes. */
   for (unsigned i = 0; i < bo->desc.num_planes; i++)
      close(bo->desc.planes[i].fd);
   bo->gbm->driver.iface->image_destroy(bo->image);
   free(bo);
}

/* ---- surfaces ------------------------------------------------------------
 * A surface is a size and format until libEGL_asahi binds a window
 * drawable to it (gbm_asahi.h); each eglSwapBuffers makes a front buffer
 * that gbm_surface_lock_front_buffer exports.  The drawable has two
 * buffers.  A program may hold the last two fronts locked (the one on
 * screen and the next, as KMS page flipping does); rendering then goes
 * into the older one, so has_free_buffers says no until it is released.
 */

GBM_EXPORT struct gbm_surface *
gbm_surface_create(struct gbm_device *gbm, uint32_t width, uint32_t height,
                   uint32_t format, uint32_t flags)
{
   if (!format_known(gbm, format) || !width || !height) {
      errno = EINVAL;
      return NULL;
   }
   struct gbm_surface *s = calloc(1, sizeof(*s));
   if (!s) {
      errno = ENOMEM;
      return NULL;
   }
   s->magic = GBM_ASAHI_SURFACE_MAGIC;
   s->gbm = gbm;
   s->info.width = width;
   s->info.height = height;
   s->info.format = canonical_format(format);
   s->info.flags = flags;
   return s;
}

GBM_EXPORT struct gbm_surface *
gbm_surface_create_with_modifiers(struct gbm_device *gbm, uint32_t width,
                                  uint32_t height, uint32_t format,
                                  const uint64_t *modifiers,
                                  const unsigned int count)
{
   return gbm_surface_create_with_modifiers2(gbm, width, height, format,
                                             modifiers, count,
                                             GBM_BO_USE_SCANOUT |
                                                GBM_BO_USE_RENDERING);
}

GBM_EXPORT struct gbm_surface *
gbm_surface_create_with_modifiers2(struct gbm_device *gbm, uint32_t width,
                                   uint32_t height, uint32_t format,
                                   const uint64_t *modifiers,
                                   const unsigned int count, uint32_t flags)
{
   /* The driver chooses the layout of window buffers itself. */
   bool linear_ok = count == 0;
   for (unsigned i = 0; i < count; i++)
      linear_ok |= modifiers[i] == GBM_MOD_LINEAR;
   if (!linear_ok) {
      errno = ENOSYS;
      return NULL;
   }
   return gbm_surface_create(gbm, width, height, format, flags);
}

GBM_EXPORT struct gbm_bo *
gbm_surface_lock_front_buffer(struct gbm_surface *s)
{
   if (!s->drawable || !s->has_frame || s->locked >= 2) {
      errno = EBUSY;
      return NULL;
   }
   struct asahi_dri_image *image = s->dri->drawable_get_image(s->drawable,
                                                              false);
   if (!image) {
      errno = ENOMEM;
      return NULL;
   }
   struct gbm_bo *bo = bo_from_image(s->gbm, image);
   if (!bo)
      return NULL;
   bo->surface = s;
   s->locked++;
   s->has_frame = false;
   return bo;
}

GBM_EXPORT void
gbm_surface_release_buffer(struct gbm_surface *s, struct gbm_bo *bo)
{
   if (!bo || bo->surface != s)
      return;
   s->locked--;
   gbm_bo_destroy(bo);
}

GBM_EXPORT int
gbm_surface_has_free_buffers(struct gbm_surface *s)
{
   return s->locked < 2;
}

/* The EGL window surface must be destroyed first, as with any libgbm. */
GBM_EXPORT void
gbm_surface_destroy(struct gbm_surface *s)
{
   if (!s)
      return;
   s->magic = 0;
   free(s);
}

GBM_EXPORT bool
gbm_asahi_surface_info(struct gbm_surface *s,
                       struct gbm_asahi_surface_info *info)
{
   if (!s || s->magic != GBM_ASAHI_SURFACE_MAGIC)
      return false;
   *info = s->info;
   return true;
}

GBM_EXPORT bool
gbm_asahi_surface_bind(struct gbm_surface *s,
                       const struct asahi_dri_interface *dri,
                       struct asahi_dri_drawable *drawable)
{
   if (!s || s->magic != GBM_ASAHI_SURFACE_MAGIC)
      return false;
   if (drawable && s->drawable)
      return false;
   s->dri = dri;
   s->drawable = drawable;
   s->has_frame = false;
   return true;
}

GBM_EXPORT void
gbm_asahi_surface_swapped(struct gbm_surface *s)
{
   if (s && s->magic == GBM_ASAHI_SURFACE_MAGIC)
      s->has_frame = true;
}

GBM_EXPORT char *
gbm_format_get_name(uint32_t gbm_format, struct gbm_format_name_desc *desc)
{
   gbm_format = canonical_format(gbm_format);
   for (unsigned i = 0; i < 4; i++)
      desc->name[i] = (char)((gbm_format >> (8 * i)) & 0xff);
   desc->name[4] = '\0';
   return desc->name;
}
