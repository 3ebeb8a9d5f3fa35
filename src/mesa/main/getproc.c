/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* st_get_proc_address: a binary search of the generated table. */
#include <string.h>

#include "main/gl_procs.h"
#include "state_tracker/st_api.h"

st_proc
st_get_proc_address(const char *name)
{
   unsigned lo = 0, hi = gl_proc_count;

   if (!name)
      return NULL;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      int c = strcmp(name, gl_proc_table[mid].name);
      if (c == 0)
         return (st_proc)gl_proc_table[mid].func;
      if (c > 0)
         lo = mid + 1;
      else
         hi = mid;
   }
   return NULL;
}
