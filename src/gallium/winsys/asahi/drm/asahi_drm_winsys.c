/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Screen creation from a DRM fd (contract 6, asahi_drm_public.h).
 */
#include <fcntl.h>
#include <unistd.h>

#include "util/log.h"

#include "agx_public.h"
#include "asahi_drm_public.h"

struct pipe_screen *
asahi_drm_screen_create(int fd, const struct pipe_screen_config *config)
{
   (void)config;
   int own = fcntl(fd, F_DUPFD_CLOEXEC, 3);
   if (own < 0) {
      u_loge("asahi", "cannot duplicate DRM fd %d", fd);
      return NULL;
   }
   return agx_screen_create(own);
}
