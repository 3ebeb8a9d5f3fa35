/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The SIMD groups of a render command.  A tile runs its background
 * program, then the fragment programs of the primitives touching it, then
 * its end-of-tile program, and the next tile does the same again: one
 * group for all of them decoded each program again at every switch, and a
 * group allocated per tile (or per draw, for vertex shaders) decoded them
 * again and again.  Here each program
 * (by code address) keeps a group of its own for the whole command, so
 * its decode cache survives from tile to tile; sim_group_init resets the
 * rest of the state before every dispatch, as a fresh group would have
 * it.  The code cannot change while a command runs (the VM map is fixed
 * under the device lock), so the cached decodings stay valid.
 *
 * The caller may keep the pool from one command to the next
 * (gpu->groups, as the drm-shim does): the code at an address may then
 * have changed in between, so each command starts by telling every kept
 * group so (asahi_sim_code_may_change), and a group checks each decoded
 * instruction against the code bytes before its first use in the command.
 *
 * A kept pool also keeps the last command's primitive array and
 * coefficient plane blocks for the next (since wave 17): their pages are
 * then already mapped.
 *
 * With ASAHI_SIM_DEBUG=nofast every request gets the one group, as
 * asahi_sim_group_init leaves it (nothing decoded): the behaviour the
 * kept groups must reproduce.
 */

#include <stdlib.h>
#include <string.h>

#include "asahi_sim_cmd.h"

struct asahi_sim_group *
sim_pool_group(struct sim_render *r, uint64_t code_va)
{
   struct asahi_sim_group_pool *pool = r->groups;
   bool reference = r->gpu->debug & ASAHI_SIM_DEBUG_NOFAST;
   unsigned slot = SIM_GROUP_POOL;

   if (!reference) {
      pool->clock++;
      slot = 0;
      for (unsigned i = 0; i < SIM_GROUP_POOL; i++) {
         if (pool->g[i] && pool->code_va[i] == code_va) {
            pool->last_use[i] = pool->clock;
            return pool->g[i];
         }
         if (pool->last_use[i] < pool->last_use[slot])
            slot = i;
      }
      /* Replace the least recently used: the vertex and fragment
       * programs of every draw stay while the background and end-of-tile
       * programs of one pass after another come and go. */
      pool->last_use[slot] = pool->clock;
   } else {
      slot = 0;
   }

   if (!pool->g[slot]) {
      pool->g[slot] = calloc(1, sizeof(*pool->g[slot]));
      if (!pool->g[slot]) {
         sim_fail(r->gpu, ASAHI_SIM_RESULT_ERROR, "out of memory");
         return NULL;
      }
   } else {
      /* Another program's group: its decodings are of no use. */
      asahi_sim_group_init(pool->g[slot]);
   }
   pool->code_va[slot] = code_va;
   return pool->g[slot];
}

static void
free_groups(struct asahi_sim_group_pool *pool)
{
   for (unsigned i = 0; i < SIM_GROUP_POOL; i++) {
      free(pool->g[i]);
      pool->g[i] = NULL;
   }
}

void
sim_pool_begin(struct sim_render *r)
{
   r->groups = r->gpu->groups ? r->gpu->groups : &r->own_groups;
   /* the array of the pool's last command, empty (nr_prims = 0) */
   r->prims = r->groups->prims;
   r->prims_capacity = r->groups->prims_capacity;
   r->groups->prims = NULL;
   r->groups->prims_capacity = 0;
   for (unsigned i = 0; i < SIM_GROUP_POOL; i++) {
      if (r->groups->g[i])
         asahi_sim_code_may_change(r->groups->g[i]);
   }
}

void
sim_pool_free(struct sim_render *r)
{
   free_groups(&r->own_groups);
   if (r->groups != &r->own_groups) {
      /* kept for the next command; the caller frees its own (r->prims) */
      r->groups->prims = r->prims;
      r->groups->prims_capacity = r->prims_capacity;
      r->prims = NULL;
      r->prims_capacity = 0;
      while (r->planes) {
         struct sim_plane_block *b = r->planes;
         r->planes = b->next;
         b->next = r->groups->spare_planes;
         r->groups->spare_planes = b;
      }
   }
}

struct asahi_sim_group_pool *
asahi_sim_group_pool_create(void)
{
   return calloc(1, sizeof(struct asahi_sim_group_pool));
}

void
asahi_sim_group_pool_destroy(struct asahi_sim_group_pool *pool)
{
   if (!pool)
      return;
   free_groups(pool);
   free(pool->prims);
   while (pool->spare_planes) {
      struct sim_plane_block *b = pool->spare_planes;
      pool->spare_planes = b->next;
      free(b);
   }
   free(pool);
}
