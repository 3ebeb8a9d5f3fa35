/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* A driver that exports only an interface header, for the loader tests. */
#include "asahi/dri_interface.h"

__attribute__((visibility("default")))
const struct asahi_dri_interface asahi_dri_interface = {
   .version = FAKE_VERSION,
   .size = sizeof(struct asahi_dri_interface),
};
