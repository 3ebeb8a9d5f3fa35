/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * EGL devices (EGL_EXT_device_base/enumeration/query,
 * EGL_EXT_device_drm_render_node): one per render node whose kernel driver
 * we drive, discovered once.  Handles are addresses in a fixed table so
 * that they stay valid for the life of the process, as the extension
 * requires.  libglvnd merges our list with other vendors' and remembers
 * which vendor owns each handle.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "egl_private.h"

struct egl_device {
   char node[64];
   dev_t rdev;
};

static pthread_once_t egl_devices_once = PTHREAD_ONCE_INIT;
static struct egl_device egl_devices[LOADER_MAX_NODES];
static unsigned egl_num_devices;

static void
discover_devices(void)
{
   char nodes[LOADER_MAX_NODES][64];
   unsigned n = loader_list_render_nodes(nodes, LOADER_MAX_NODES);
   for (unsigned i = 0; i < n; i++) {
      int fd = open(nodes[i], O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      char kernel[64];
      struct stat st;
      bool ours = loader_get_kernel_driver(fd, kernel, sizeof(kernel)) &&
                  loader_driver_for_kernel(kernel) && fstat(fd, &st) == 0;
      close(fd);
      if (!ours)
         continue;
      struct egl_device *dev = &egl_devices[egl_num_devices++];
      memcpy(dev->node, nodes[i], sizeof(dev->node));
      dev->rdev = st.st_rdev;
   }
}

static struct egl_device *
lookup_device(EGLDeviceEXT handle)
{
   pthread_once(&egl_devices_once, discover_devices);
   for (unsigned i = 0; i < egl_num_devices; i++) {
      if ((EGLDeviceEXT)&egl_devices[i] == handle)
         return &egl_devices[i];
   }
   return NULL;
}

const char *
egl_device_node(EGLDeviceEXT handle)
{
   struct egl_device *dev = lookup_device(handle);
   return dev ? dev->node : NULL;
}

EGLDeviceEXT
egl_device_for_fd(int fd)
{
   struct stat st;
   if (fd < 0 || fstat(fd, &st) != 0)
      return NULL;
   pthread_once(&egl_devices_once, discover_devices);
   for (unsigned i = 0; i < egl_num_devices; i++) {
      if (egl_devices[i].rdev == st.st_rdev)
         return (EGLDeviceEXT)&egl_devices[i];
   }
   return NULL;
}

EGLBoolean EGLAPIENTRY
egl_QueryDevicesEXT(EGLint max_devices, EGLDeviceEXT *devices,
                    EGLint *num_devices)
{
   static const char func[] = "eglQueryDevicesEXT";
   if (!num_devices || (devices && max_devices <= 0))
      return egl_error(EGL_BAD_PARAMETER, func, "bad arguments");

   pthread_once(&egl_devices_once, discover_devices);
   EGLint n = (EGLint)egl_num_devices;
   if (devices) {
      if (n > max_devices)
         n = max_devices;
      for (EGLint i = 0; i < n; i++)
         devices[i] = (EGLDeviceEXT)&egl_devices[i];
   }
   *num_devices = n;
   return egl_success();
}

const char *EGLAPIENTRY
egl_QueryDeviceStringEXT(EGLDeviceEXT device, EGLint name)
{
   static const char func[] = "eglQueryDeviceStringEXT";
   struct egl_device *dev = lookup_device(device);
   if (!dev) {
      egl_error(EGL_BAD_DEVICE_EXT, func, "not a device");
      return NULL;
   }
   switch (name) {
   case EGL_EXTENSIONS:
      egl_success();
      return "EGL_EXT_device_drm_render_node";
   case EGL_DRM_RENDER_NODE_FILE_EXT:
      egl_success();
      return dev->node;
   default:
      egl_error(EGL_BAD_PARAMETER, func, "unknown name");
      return NULL;
   }
}

EGLBoolean EGLAPIENTRY
egl_QueryDeviceAttribEXT(EGLDeviceEXT device, EGLint attribute,
                         EGLAttrib *value)
{
   static const char func[] = "eglQueryDeviceAttribEXT";
   if (!lookup_device(device))
      return egl_error(EGL_BAD_DEVICE_EXT, func, "not a device");
   /* No integer attributes are defined by the extensions we expose. */
   return egl_error(EGL_BAD_ATTRIBUTE, func, "unknown attribute");
}
