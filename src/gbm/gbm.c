/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * libgbm.so.1 over asahi_dri.so.  A device is a driver screen on the
 * caller's render node (found and loaded by src/loader, so
 * LIBGL_DRIVERS_PATH, MESA_LOADER_DRIVER_OVERRIDE and GALLIUM_DRIVER behave
 * as for EGL).  Buffer objects and surfaces need driver images, which the
 * driver does not offer yet: their constructors fail with ENOSYS, and
 * gbm_device_is_format_supported says no, so that callers can tell.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asahi/dri_interface.h"
#include "loader.h"

#include "gbm.h"

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
   int fd;                                  /* the caller's, not ours */
   int dri_fd;                              /* our dup */
   struct loader_driver driver;
   struct asahi_dri_screen *screen;
   struct asahi_dri_screen_info info;
   struct asahi_dri_config *configs;
   unsigned num_configs;
};

struct gbm_bo {
   struct gbm_device *gbm;
   uint32_t width, height, format, stride;
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
                                           uint32_t format,
                                           uint64_t modifier)
{
   if (!format_known(gbm, format) || modifier != GBM_MOD_LINEAR)
      return -1;
   return 1;
}

/* ---- buffer objects: need driver images ------------------------------- */

GBM_EXPORT struct gbm_bo *
gbm_bo_create(struct gbm_device *gbm, uint32_t width, uint32_t height,
              uint32_t format, uint32_t flags)
{
   errno = format_known(gbm, format) ? ENOSYS : EINVAL;
   return NULL;
}

GBM_EXPORT struct gbm_bo *
gbm_bo_create_with_modifiers(struct gbm_device *gbm, uint32_t width,
                             uint32_t height, uint32_t format,
                             const uint64_t *modifiers,
                             const unsigned int count)
{
   return gbm_bo_create(gbm, width, height, format, 0);
}

GBM_EXPORT struct gbm_bo *
gbm_bo_create_with_modifiers2(struct gbm_device *gbm, uint32_t width,
                              uint32_t height, uint32_t format,
                              const uint64_t *modifiers,
                              const unsigned int count, uint32_t flags)
{
   return gbm_bo_create(gbm, width, height, format, flags);
}

GBM_EXPORT struct gbm_bo *
gbm_bo_import(struct gbm_device *gbm, uint32_t type, void *buffer,
              uint32_t flags)
{
   errno = ENOSYS;
   return NULL;
}

GBM_EXPORT void *
gbm_bo_map(struct gbm_bo *bo, uint32_t x, uint32_t y, uint32_t width,
           uint32_t height, uint32_t flags, uint32_t *stride,
           void **map_data)
{
   errno = ENOSYS;
   return NULL;
}

GBM_EXPORT void
gbm_bo_unmap(struct gbm_bo *bo, void *map_data)
{
}

GBM_EXPORT uint32_t
gbm_bo_get_width(struct gbm_bo *bo)
{
   return bo->width;
}

GBM_EXPORT uint32_t
gbm_bo_get_height(struct gbm_bo *bo)
{
   return bo->height;
}

GBM_EXPORT uint32_t
gbm_bo_get_stride(struct gbm_bo *bo)
{
   return bo->stride;
}

GBM_EXPORT uint32_t
gbm_bo_get_stride_for_plane(struct gbm_bo *bo, int plane)
{
   return plane == 0 ? bo->stride : 0;
}

GBM_EXPORT uint32_t
gbm_bo_get_format(struct gbm_bo *bo)
{
   return bo->format;
}

GBM_EXPORT uint32_t
gbm_bo_get_bpp(struct gbm_bo *bo)
{
   return bo->width ? bo->stride * 8 / bo->width : 0;
}

GBM_EXPORT uint32_t
gbm_bo_get_offset(struct gbm_bo *bo, int plane)
{
   return 0;
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
   errno = ENOSYS;
   return -1;
}

GBM_EXPORT int
gbm_bo_get_fd_for_plane(struct gbm_bo *bo, int plane)
{
   return gbm_bo_get_fd(bo);
}

GBM_EXPORT uint64_t
gbm_bo_get_modifier(struct gbm_bo *bo)
{
   return GBM_MOD_LINEAR;
}

GBM_EXPORT int
gbm_bo_get_plane_count(struct gbm_bo *bo)
{
   return 1;
}

GBM_EXPORT int
gbm_bo_write(struct gbm_bo *bo, const void *buf, size_t count)
{
   errno = ENOSYS;
   return -1;
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
   free(bo);
}

/* ---- surfaces: need driver images --------------------------------------- */

GBM_EXPORT struct gbm_surface *
gbm_surface_create(struct gbm_device *gbm, uint32_t width, uint32_t height,
                   uint32_t format, uint32_t flags)
{
   errno = format_known(gbm, format) ? ENOSYS : EINVAL;
   return NULL;
}

GBM_EXPORT struct gbm_surface *
gbm_surface_create_with_modifiers(struct gbm_device *gbm, uint32_t width,
                                  uint32_t height, uint32_t format,
                                  const uint64_t *modifiers,
                                  const unsigned int count)
{
   return gbm_surface_create(gbm, width, height, format, 0);
}

GBM_EXPORT struct gbm_surface *
gbm_surface_create_with_modifiers2(struct gbm_device *gbm, uint32_t width,
                                   uint32_t height, uint32_t format,
                                   const uint64_t *modifiers,
                                   const unsigned int count, uint32_t flags)
{
   return gbm_surface_create(gbm, width, height, format, flags);
}

GBM_EXPORT struct gbm_bo *
gbm_surface_lock_front_buffer(struct gbm_surface *surface)
{
   return NULL;
}

GBM_EXPORT void
gbm_surface_release_buffer(struct gbm_surface *surface, struct gbm_bo *bo)
{
}

GBM_EXPORT int
gbm_surface_has_free_buffers(struct gbm_surface *surface)
{
   return 0;
}

GBM_EXPORT void
gbm_surface_destroy(struct gbm_surface *surface)
{
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
