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
#include "asahi/sim/asahi_sim_vectors.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
   asahi_sim_run(g);
   free(g);
   return 0;
}
