/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The coefficient binding table of a (vertex, fragment) variant pair
 * depends on those two variants' varying layouts and on the provoking
 * vertex alone (agx_link_varyings, asahi/compiler/agx_compile.h).  A
 * program change rebuilds the fragment words, and linking again every
 * time cost more than looking the table up here.  Entries are named by
 * agx_compiled_shader::id, which is never reused, so a deleted shader's
 * entry can never be taken for a new shader allocated at its address;
 * it just ages out.
 */

#include <string.h>

#include "util/u_math.h"

#include "agx_state.h"

const struct agx_link_cache_entry *
agx_link_cached(struct agx_link_cache *c, const struct agx_compiled_shader *vs,
                const struct agx_compiled_shader *fs, bool flat_first)
{
   for (unsigned i = 0; i < AGX_LINK_CACHE_SIZE; ++i) {
      const struct agx_link_cache_entry *e = &c->e[i];
      if (e->vs_id == vs->id && e->fs_id == fs->id &&
          e->flat_first == flat_first && e->vs_id != 0)
         return e;
   }

   struct agx_link_cache_entry *e = &c->e[c->next];
   c->next = (c->next + 1) % AGX_LINK_CACHE_SIZE;
   e->words = agx_link_varyings(&vs->info.vs, &fs->info.fs, flat_first,
                                e->table, ARRAY_SIZE(e->table));
   e->vs_id = vs->id;
   e->fs_id = fs->id;
   e->flat_first = flat_first;
   return e;
}
