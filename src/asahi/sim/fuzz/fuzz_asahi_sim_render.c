/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fuzz target for the command executor: the input is a render command
 * (struct drm_asahi_cmd_render, 240 bytes) followed by two memory images,
 * 8 KiB of shader heap at USC_BASE and 32 KiB of general memory at
 * DATA_BASE (shorter inputs are zero-padded).  The framebuffer is kept small so
 * that every input runs quickly; everything else is as given.  The same
 * memory is then run as a compute command whose CDM stream starts where
 * the VDM stream did.  Every run must end with a result, within its
 * budgets, without touching memory outside the images.
 *
 * Seeds: render_test.c writes its scenes here when ASAHI_SIM_FUZZ_SEEDS
 * names a directory.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asahi/sim/asahi_sim_gpu.h"

#define USC_BASE  0x100000000ull
#define DATA_BASE 0x200000000ull
#define IMAGE_B   (32u << 10)
static const size_t image_size[2] = {8u << 10, IMAGE_B};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t images[2][IMAGE_B];

static void *
lookup(void *user, uint64_t va, bool write, uint64_t *avail)
{
   (void)user;
   (void)write;
   const uint64_t bases[2] = {USC_BASE, DATA_BASE};
   for (unsigned i = 0; i < 2; i++) {
      if (va >= bases[i] && va - bases[i] < image_size[i]) {
         *avail = image_size[i] - (va - bases[i]);
         return images[i] + (va - bases[i]);
      }
   }
   return NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   struct drm_asahi_cmd_render cmd;
   memset(&cmd, 0, sizeof(cmd));
   memcpy(&cmd, data, size < sizeof(cmd) ? size : sizeof(cmd));
   size_t rest = size > sizeof(cmd) ? size - sizeof(cmd) : 0;
   const uint8_t *mem = data + sizeof(cmd);
   for (unsigned i = 0; i < 2; i++) {
      size_t n = rest > image_size[i] ? image_size[i] : rest;
      memset(images[i], 0, IMAGE_B);
      if (n)
         memcpy(images[i], mem, n);
      mem += n;
      rest -= n;
   }

   /* Small framebuffers only: the time goes into the streams. */
   cmd.width_px = (uint16_t)(cmd.width_px % 96);
   cmd.height_px = (uint16_t)(cmd.height_px % 96);

   struct asahi_sim_gpu gpu = {
      .lookup = lookup,
      .usc_base = USC_BASE,
      .budget = 5000,
      .work_limit = 20000,
      .soft_faults = (cmd.flags >> 31) & 1,
      .debug = asahi_sim_debug_parse(getenv("ASAHI_SIM_DEBUG")),
   };
   asahi_sim_execute_render(&gpu, &cmd);

   struct drm_asahi_cmd_compute compute = {
      .cdm_ctrl_stream_base = cmd.vdm_ctrl_stream_base,
   };
   asahi_sim_execute_compute(&gpu, &compute);
   return 0;
}
