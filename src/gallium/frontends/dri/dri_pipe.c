/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Which pipe driver a screen is made with, and making it.  The rule, first
 * match wins: the caller's explicit choice; GALLIUM_DRIVER (as in Mesa);
 * the kernel driver behind the fd ("asahi": the AGX driver); "noop" when
 * there is no device at all.
 */
#include <stdlib.h>
#include <string.h>

#include "noop_public.h"
#include "util/log.h"

#include "dri_priv.h"

#ifdef HAVE_GALLIUM_ASAHI
#include "asahi_drm_public.h"
#endif

static const char *const dri_pipe_drivers[] = {"asahi", "noop"};

static const char *
known_name(const char *name)
{
   for (unsigned i = 0; i < 2; i++) {
      if (!strcmp(name, dri_pipe_drivers[i]))
         return dri_pipe_drivers[i];
   }
   return NULL;
}

const char *
dri_choose_pipe_driver(const char *explicit_name, const char *env,
                       const char *kernel_name, bool have_fd)
{
   if (explicit_name && *explicit_name)
      return known_name(explicit_name);
   if (env && *env)
      return known_name(env);
   if (have_fd)
      return kernel_name && !strcmp(kernel_name, "asahi") ? "asahi" : NULL;
   return "noop";
}

struct pipe_screen *
dri_create_pipe_screen(const char **name, int fd, enum asahi_dri_error *error)
{
   struct pipe_screen *screen = NULL;

   if (!strcmp(*name, "asahi")) {
#ifdef HAVE_GALLIUM_ASAHI
      if (fd < 0) {
         *error = ASAHI_DRI_ERROR_NO_DEVICE;
         return NULL;
      }
      screen = asahi_drm_screen_create(fd, NULL);
      *error = screen ? ASAHI_DRI_SUCCESS : ASAHI_DRI_ERROR_NO_DEVICE;
      return screen;
#else
      u_logd("asahi_dri", "the AGX pipe driver is not built in; "
                          "using noop for the asahi device");
      *name = "noop";
#endif
   }

   screen = noop_screen_create();
   *error = screen ? ASAHI_DRI_SUCCESS : ASAHI_DRI_ERROR_NO_MEMORY;
   return screen;
}
