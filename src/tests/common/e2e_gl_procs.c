/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Entry points the system's GL headers do not declare (desktop and
 * compatibility functions, extensions), looked up by name through
 * eglGetProcAddress from a table.
 */
#include "e2e_gl.h"

#include <stdio.h>
#include <string.h>

bool
e2e_gl_procs(const struct e2e_gl_proc *table, unsigned n)
{
   bool found = true;

   for (unsigned i = 0; i < n; i++) {
      __eglMustCastToProperFunctionPointerType f =
         eglGetProcAddress(table[i].name);
      /* Every function pointer has one representation on the hosts we
       * build for; memcpy stores it without naming the callee's type. */
      memcpy(table[i].fn, &f, sizeof(f));
      if (!f) {
         printf("FAIL: %s missing\n", table[i].name);
         found = false;
      }
   }
   return found;
}

int
e2e_gl_need_procs(struct e2e_gl *gl, const struct e2e_gl_proc *table,
                  unsigned n)
{
   if (e2e_gl_procs(table, n))
      return 0;
   e2e_gl_close(gl);
   return 1;
}
