/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Render node discovery, driver-name mapping and the driver search.  See
 * loader.h for the rules.  The DRM ioctl is issued directly (no libdrm at
 * run time) so that the loader works wherever a DRM fd does, including
 * under drm-shim.
 */
#include "loader.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <drm.h>

#include "asahi/dri_interface.h"

#ifndef LOADER_DRIVERS_DIR
#define LOADER_DRIVERS_DIR "/usr/local/lib/dri"
#endif

/* Kernel DRM driver name -> our driver.  Fact: the Linux drm_asahi driver
 * registers as "asahi" (torvalds/linux drivers/gpu/drm/asahi, DRIVER_NAME).
 */
static const struct {
   const char *kernel;
   const char *driver;
} loader_driver_map[] = {
   {"asahi", "asahi"},
};

bool
loader_verbose(void)
{
   const char *debug = getenv("LIBGL_DEBUG");
   return debug && strstr(debug, "verbose");
}

static void __attribute__((format(printf, 1, 2)))
loader_log(const char *fmt, ...)
{
   if (!loader_verbose())
      return;
   va_list args;
   va_start(args, fmt);
   fputs("asahi loader: ", stderr);
   vfprintf(stderr, fmt, args);
   fputc('\n', stderr);
   va_end(args);
}

const char *
loader_driver_for_kernel(const char *kernel_name)
{
   if (!kernel_name)
      return NULL;
   for (unsigned i = 0;
        i < sizeof(loader_driver_map) / sizeof(loader_driver_map[0]); i++) {
      if (!strcmp(kernel_name, loader_driver_map[i].kernel))
         return loader_driver_map[i].driver;
   }
   return NULL;
}

bool
loader_get_kernel_driver(int fd, char *buf, size_t size)
{
   if (fd < 0 || !buf || size == 0)
      return false;

   struct drm_version version;
   memset(&version, 0, sizeof(version));
   version.name = buf;
   version.name_len = size - 1;
   if (ioctl(fd, DRM_IOCTL_VERSION, &version) != 0)
      return false;

   /* The kernel reports the full length and copies at most name_len. */
   size_t len = version.name_len < size - 1 ? version.name_len : size - 1;
   buf[len] = '\0';
   return true;
}

static int
compare_node_paths(const void *a, const void *b)
{
   /* Same prefix, so a shorter path is a smaller minor. */
   size_t la = strlen(a), lb = strlen(b);
   if (la != lb)
      return la < lb ? -1 : 1;
   return strcmp(a, b);
}

unsigned
loader_list_render_nodes(char paths[][64], unsigned max)
{
   DIR *dir = opendir("/dev/dri");
   if (!dir)
      return 0;

   unsigned count = 0;
   struct dirent *ent;
   while ((ent = readdir(dir)) && count < max) {
      if (strncmp(ent->d_name, "renderD", 7) || strlen(ent->d_name) > 40)
         continue;
      snprintf(paths[count++], 64, "/dev/dri/%s", ent->d_name);
   }
   closedir(dir);

   qsort(paths, count, sizeof(paths[0]), compare_node_paths);
   return count;
}

static const char *
loader_override(void)
{
   const char *name = getenv("MESA_LOADER_DRIVER_OVERRIDE");
   return name && *name ? name : NULL;
}

bool
loader_get_driver_for_fd(int fd, char *driver, size_t size)
{
   char kernel[64];
   const char *override = loader_override();
   if (override) {
      loader_log("MESA_LOADER_DRIVER_OVERRIDE=%s", override);
      snprintf(driver, size, "%s", override);
      return true;
   }
   if (!loader_get_kernel_driver(fd, kernel, sizeof(kernel)))
      return false;

   const char *ours = loader_driver_for_kernel(kernel);
   if (!ours) {
      loader_log("kernel driver '%s' is not one of ours", kernel);
      return false;
   }
   snprintf(driver, size, "%s", ours);
   return true;
}

int
loader_open_render_node(char *driver, size_t size)
{
   char nodes[LOADER_MAX_NODES][64];
   unsigned count = loader_list_render_nodes(nodes, LOADER_MAX_NODES);
   const char *override = loader_override();

   for (unsigned i = 0; i < count; i++) {
      int fd = open(nodes[i], O_RDWR | O_CLOEXEC);
      if (fd < 0) {
         loader_log("%s: cannot open: %s", nodes[i], strerror(errno));
         continue;
      }

      char kernel[64] = "";
      loader_get_kernel_driver(fd, kernel, sizeof(kernel));
      const char *ours = loader_driver_for_kernel(kernel);
      loader_log("%s: kernel driver '%s'%s", nodes[i], kernel,
                 ours       ? ""
                 : override ? ", not ours but overridden"
                            : ", not ours");
      if (ours || override) {
         snprintf(driver, size, "%s", override ? override : ours);
         return fd;
      }
      close(fd);
   }

   loader_log("no render node of ours (%u found)", count);
   snprintf(driver, size, "%s", override ? override : LOADER_DEFAULT_DRIVER);
   return -1;
}

unsigned
loader_driver_candidates(const char *name, const char *search_path,
                         const char *install_dir, char paths[][4096],
                         unsigned max)
{
   if (!name || !*name || name[0] == '.' || strchr(name, '/'))
      return 0;

   const char *list = search_path && *search_path ? search_path : install_dir;
   if (!list)
      return 0;

   unsigned count = 0;
   const char *p = list;
   while (*p && count < max) {
      const char *end = strchr(p, ':');
      size_t len = end ? (size_t)(end - p) : strlen(p);
      if (len > 0) {
         int n =
            snprintf(paths[count], 4096, "%.*s/%s_dri.so", (int)len, p, name);
         if (n > 0 && n < 4096)
            count++;
      }
      if (!end)
         break;
      p = end + 1;
   }
   return count;
}

static bool
loader_try(const char *path, struct loader_driver *out, char *err,
           size_t err_size)
{
   void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
   if (!handle) {
      const char *why = dlerror();
      loader_log("%s: %s", path, why ? why : "dlopen failed");
      snprintf(err, err_size, "%s", why ? why : path);
      return false;
   }

   const struct asahi_dri_interface *iface =
      dlsym(handle, ASAHI_DRI_INTERFACE_SYMBOL);
   if (!iface) {
      loader_log("%s: no symbol %s", path, ASAHI_DRI_INTERFACE_SYMBOL);
      snprintf(err, err_size, "%s: not an asahi driver (no %s)", path,
               ASAHI_DRI_INTERFACE_SYMBOL);
      dlclose(handle);
      return false;
   }
   if (iface->version != ASAHI_DRI_INTERFACE_VERSION ||
       iface->size < offsetof(struct asahi_dri_interface, get_proc_address) +
                        sizeof(iface->get_proc_address)) {
      loader_log("%s: interface version %u size %u, want version %u", path,
                 iface->version, iface->size, ASAHI_DRI_INTERFACE_VERSION);
      snprintf(err, err_size, "%s: interface version %u, loader wants %u", path,
               iface->version, ASAHI_DRI_INTERFACE_VERSION);
      dlclose(handle);
      return false;
   }

   loader_log("loaded %s", path);
   out->handle = handle;
   out->iface = iface;
   snprintf(out->path, sizeof(out->path), "%s", path);
   return true;
}

bool
loader_load_driver(const char *name, struct loader_driver *out, char *err,
                   size_t err_size)
{
   char(*paths)[4096] = malloc(8 * sizeof(*paths));
   char first_err[512] = "";
   bool ok = false;
   /* Like Mesa: the path variable is ignored in setuid/setgid programs. */
   const char *search = secure_getenv("LIBGL_DRIVERS_PATH");

   memset(out, 0, sizeof(*out));
   if (!paths) {
      snprintf(err, err_size, "out of memory");
      return false;
   }
   unsigned count =
      loader_driver_candidates(name, search, LOADER_DRIVERS_DIR, paths, 8);
   if (count == 0)
      snprintf(err, err_size, "invalid driver name '%s'", name ? name : "");

   for (unsigned i = 0; i < count; i++) {
      char msg[512];
      loader_log("trying %s", paths[i]);
      if (access(paths[i], F_OK) != 0) {
         loader_log("%s: %s", paths[i], strerror(errno));
         continue;
      }
      if (loader_try(paths[i], out, msg, sizeof(msg))) {
         ok = true;
         break;
      }
      if (!first_err[0])
         snprintf(first_err, sizeof(first_err), "%s", msg);
   }

   if (!ok && count > 0) {
      if (first_err[0])
         snprintf(err, err_size, "%s", first_err);
      else
         snprintf(err, err_size, "%s_dri.so not found in %s", name,
                  search && *search ? search : LOADER_DRIVERS_DIR);
   }
   free(paths);
   return ok;
}

void
loader_unload_driver(struct loader_driver *driver)
{
   if (driver->handle)
      dlclose(driver->handle);
   memset(driver, 0, sizeof(*driver));
}
