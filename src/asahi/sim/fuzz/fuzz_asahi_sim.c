/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Fuzz target: arbitrary bytes as a program (first byte even) or as a
 * golden-vector line (first byte odd).  The simulator must end every run
 * with a status, within its budget, without touching memory it was not
 * given.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asahi/sim/asahi_sim.h"
#include "asahi/sim/asahi_sim_texture.h"
#include "asahi/sim/asahi_sim_vectors.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t tib[4][64];

/* A 2x2-pixel tilebuffer, 1 sample, 64 bytes per sample. */
static void *
fuzz_tib(void *user, unsigned x, unsigned y, unsigned sample,
         unsigned offset_B, size_t size)
{
   (void)user;
   if (x >= 2 || y >= 2 || sample || offset_B > 64 || size > 64 - offset_B)
      return NULL;
   return &tib[y * 2 + x][offset_B];
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < 1)
      return 0;

   if (data[0] & 1) {
      char msg[256];
      bool skipped;
      asahi_sim_vector_run_line((const char *)data + 1, size - 1, &skipped,
                                msg, sizeof(msg));
      return 0;
   }

   static uint8_t local[256];
   static uint8_t scratch[ASAHI_SIM_LANES * 64];
   static uint8_t device[4096];
   struct asahi_sim_region region = {
      .va = 0x1000, .size = sizeof(device), .data = device, .writable = true,
   };
   struct asahi_sim_simple_mem mem = { .regions = &region, .nr_regions = 1 };

   struct asahi_sim_group *g = malloc(sizeof(*g));
   if (!g)
      return 0;
   asahi_sim_group_init(g);
   asahi_sim_set_code(g, data + 1, size - 1, 0);
   g->budget = 2000;
   g->mem.translate = asahi_sim_simple_translate;
   g->mem.user = &mem;
   g->mem.soft_faults = (size & 2) != 0;
   g->local = local;
   g->local_size_B = sizeof(local);
   g->stack = scratch;
   g->stack_size_B = 64;
   /* Point uniforms u0_u1 at the mapping so loads sometimes hit. */
   g->u[0] = 0x1000;
   for (unsigned r = 0; r < ASAHI_SIM_GPRS; r++) {
      for (unsigned t = 0; t < ASAHI_SIM_LANES; t++)
         g->r[r][t] = r * 0x9e3779b9u + t;
   }
   /* Half the programs get the fragment/vertex interfaces and the default
    * texture unit (descriptors read from the device mapping). */
   static const float cf[4][3] = {
      {0, 0, 1}, {1, 2, 3}, {-1, 0.5f, 8}, {0, 0, 5}};
   static uint32_t uvs[ASAHI_SIM_LANES * 8];
   struct asahi_sim_texture_default tex = {.texture_table = 0x1000};
   if (size & 4) {
      g->coefficients = cf;
      g->nr_coefficients = 4;
      g->uvs.words = uvs;
      g->uvs.stride_words = 8;
      g->frag.tib.sample_ptr = fuzz_tib;
      for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
         g->frag.pixel[t][0] = (uint16_t)(t & 1);
         g->frag.pixel[t][1] = (uint16_t)((t >> 1) & 1);
      }
      g->texture = &asahi_sim_texture_default_hooks;
      g->texture_user = &tex;
   }
   asahi_sim_run(g);
   free(g);
   return 0;
}
