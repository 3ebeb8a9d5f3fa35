/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Memory: device accesses through the caller's translate hook, with GPU
 * faults or soft faults, and `wait`.
 *
 * Loads complete before the instruction after them runs, so every `wait`
 * finds its scoreboard slot already clear: `wait` only has to exist.  A
 * program that reads a load's destination before waiting sees the loaded
 * value here, where hardware might not; the simulator does not try to
 * catch that.
 */

#include <string.h>

#include "asahi_sim_internal.h"

/* Access `size` bytes at `va`.  Returns false (and records the fault) when
 * the access faults and soft faults are off. */
bool
asahi_sim_mem_access(struct asahi_sim_group *g, uint64_t va, void *data,
                     size_t size, bool write, enum asahi_sim_unit unit)
{
   void *host = NULL;
   if (g->mem.translate)
      host = g->mem.translate(g->mem.user, va, size, write);

   if (host) {
      if (write)
         memcpy(host, data, size);
      else
         memcpy(data, host, size);
      return true;
   }

   if (!g->faulted) {
      g->fault = (struct asahi_sim_fault) {
         .addr = va, .write = write, .unit = unit,
      };
      g->faulted = true;
   }

   if (g->mem.soft_faults) {
      if (!write)
         memset(data, 0, size);
      return true;
   }

   asahi_sim_error(g, ASAHI_SIM_FAULT, "GPU fault: %s %s at 0x%llx",
                   asahi_sim_unit_string(unit), write ? "write" : "read",
                   (unsigned long long)va);
   return false;
}

enum asahi_sim_status
asahi_sim_exec_memory(struct asahi_sim_group *g, struct asahi_sim_exec *x)
{
   switch (x->I->op) {
   case AGX_ISA_OP_WAIT:
      return ASAHI_SIM_RUNNING;
   default:
      return ASAHI_SIM_ERR_UNSUPPORTED;
   }
}
