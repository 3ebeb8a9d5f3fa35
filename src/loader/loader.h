/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The loader: from a DRM render node to a loaded asahi_dri.so.
 *
 *   render node -> kernel driver name (DRM_IOCTL_VERSION)
 *               -> our driver name (loader_driver_for_kernel, or
 *                  MESA_LOADER_DRIVER_OVERRIDE)
 *               -> <dir>/<name>_dri.so for each dir of LIBGL_DRIVERS_PATH
 *                  (ignored in setuid programs), else the install dir
 *               -> the asahi_dri_interface table, version-checked.
 *
 * LIBGL_DEBUG=verbose writes each step (nodes opened, files tried, why one
 * was refused) to stderr; otherwise the loader prints nothing and reports
 * failures to its caller in a message buffer.
 */
#ifndef LOADER_H
#define LOADER_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct asahi_dri_interface;

#define LOADER_MAX_NODES 16
#define LOADER_DEFAULT_DRIVER "asahi"

/* Our driver name for a kernel DRM driver name, or NULL if we drive no
 * such device.
 */
const char *loader_driver_for_kernel(const char *kernel_name);

/* The kernel driver name behind a DRM fd, into buf; false if fd is not a
 * DRM device.
 */
bool loader_get_kernel_driver(int fd, char *buf, size_t size);

/* Paths of the render nodes present, sorted by minor number; returns how
 * many (at most max).
 */
unsigned loader_list_render_nodes(char paths[][64], unsigned max);

/* Opens the first render node whose kernel driver we drive (with
 * MESA_LOADER_DRIVER_OVERRIDE set: the first render node at all), writing
 * our driver name into driver (the override wins over the mapping).
 * Returns the fd (O_RDWR | O_CLOEXEC), or -1 when there is none, with
 * driver still set to the override or LOADER_DEFAULT_DRIVER.
 */
int loader_open_render_node(char *driver, size_t size);

/* Our driver name for an open fd: the override, else the mapping of its
 * kernel driver; false if neither gives one.
 */
bool loader_get_driver_for_fd(int fd, char *driver, size_t size);

/* The directories searched, in order, for a given LIBGL_DRIVERS_PATH
 * value (NULL: unset) and install directory: the colon-separated list
 * (empty items skipped) or, when it is unset or empty, the install
 * directory.  Writes "dir/name_dri.so" candidates and returns how many
 * (at most max).  A driver name containing '/' or starting with '.'
 * yields none.
 */
unsigned loader_driver_candidates(const char *name, const char *search_path,
                                  const char *install_dir, char paths[][4096],
                                  unsigned max);

struct loader_driver {
   void *handle;
   const struct asahi_dri_interface *iface;
   char path[4096];
};

/* Loads driver `name` following the search rules and checks its
 * interface table.  On failure returns false with a message in err.
 */
bool loader_load_driver(const char *name, struct loader_driver *out, char *err,
                        size_t err_size);

void loader_unload_driver(struct loader_driver *driver);

/* True when LIBGL_DEBUG contains "verbose". */
bool loader_verbose(void);

#ifdef __cplusplus
}
#endif

#endif /* LOADER_H */
