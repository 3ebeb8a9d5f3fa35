/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * The no-op drm_asahi backend (libasahi_noop_drm_shim.so): every ioctl as
 * the kernel validates it (asahi_shim_ioctls.c), and submissions complete
 * at once without running anything (for shader-db and winsys tests).
 */
#include "asahi_shim.h"

int
drm_shim_driver_init(struct shim_driver *driver)
{
   asahi_shim_driver_setup(driver, "Apple AGX GPU (drm-shim, no-op)");
   return 0;
}
