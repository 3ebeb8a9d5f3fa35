/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * For programs that run compiled shaders on the simulator's group API
 * directly (tests, agx-difftest) instead of through a USC word list: run
 * the shader's preamble first, as the hardware does for a Preshader word
 * (agx_compile.h, agx_shader_info::has_preamble).
 */

#ifndef AGX_SIM_PREAMBLE_H
#define AGX_SIM_PREAMBLE_H

#include <stdlib.h>
#include <string.h>

#include "asahi/sim/asahi_sim.h"
#include "agx_compile.h"

/* Runs bin's preamble, if it has one, on one lane with g's uniform file
 * and memory (the code at code_base, as g's), then gives g the uniform
 * file it leaves.  Call it once the uniforms are filled.  Returns
 * ASAHI_SIM_STOPPED on success, else the preamble's failure (its
 * message in g->error). */
static inline enum asahi_sim_status
agx_sim_run_preamble(struct asahi_sim_group *g,
                     const struct agx_shader_binary *bin, uint64_t code_base)
{
   if (!bin->info.has_preamble)
      return ASAHI_SIM_STOPPED;
   struct asahi_sim_group *p = calloc(1, sizeof(*p));
   if (!p)
      return ASAHI_SIM_ERR_EXEC;
   asahi_sim_group_init(p);
   asahi_sim_set_code(p, bin->code, bin->size_B, code_base);
   p->pc = bin->info.preamble_offset;
   p->exec = p->launched = 1;
   p->mem = g->mem;
   memcpy(p->u, g->u, sizeof(p->u));
   enum asahi_sim_status s = asahi_sim_run(p);
   if (s == ASAHI_SIM_STOPPED)
      memcpy(g->u, p->u, sizeof(g->u));
   else
      memcpy(g->error, p->error, sizeof(g->error));
   free(p);
   return s;
}

#endif /* AGX_SIM_PREAMBLE_H */
