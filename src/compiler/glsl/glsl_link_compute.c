/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The compute stage's link rules (GL 4.6 7.3 / ARB_compute_shader, GLSL
 * 4.60 4.4.1.1): a program with a compute shader has no other stage; one
 * of its compute shaders declares the local size; the size and the shared
 * memory stay within the implementation's limits.
 */
#include "glsl_link_priv.h"

/* GL 4.3 table 23.65 minimums. */
#define LINK_MAX_COMPUTE_INVOCATIONS 1024
#define LINK_MAX_SHARED_SIZE 32768

void
link_compute(struct link *l)
{
   struct glsl_program *prog = l->prog;
   nir_shader *cs = prog->nir[MESA_SHADER_COMPUTE];
   if (!cs)
      return;
   if (prog->stages != (1u << MESA_SHADER_COMPUTE)) {
      link_error(l, "a program with a compute shader cannot contain "
                 "shaders of another stage");
      return;
   }
   if (!l->stage[MESA_SHADER_COMPUTE]->local_size_declared) {
      link_error(l, "no compute shader of the program declares its local "
                 "work group size (layout(local_size_x = ...) in;)");
      return;
   }
   static const unsigned max_dim[3] = { 1024, 1024, 64 };
   unsigned invocations = 1;
   for (unsigned i = 0; i < 3; i++) {
      unsigned n = cs->info.workgroup_size[i];
      if (n > max_dim[i]) {
         link_error(l, "local_size_%c = %u exceeds the %u of "
                    "GL_MAX_COMPUTE_WORK_GROUP_SIZE", 'x' + i, n,
                    max_dim[i]);
         return;
      }
      invocations *= n;
      prog->workgroup_size[i] = n;
   }
   if (invocations > LINK_MAX_COMPUTE_INVOCATIONS) {
      link_error(l, "the local work group has %u invocations, more than "
                 "the %u of GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS",
                 invocations, LINK_MAX_COMPUTE_INVOCATIONS);
      return;
   }
   unsigned max_shared = l->opts && l->opts->max_shared_size_B
                            ? l->opts->max_shared_size_B
                            : LINK_MAX_SHARED_SIZE;
   prog->shared_size_B = cs->shared_size;
   if (cs->shared_size > max_shared)
      link_error(l, "the shared variables take %u bytes, more than the %u "
                 "of GL_MAX_COMPUTE_SHARED_MEMORY_SIZE", cs->shared_size,
                 max_shared);
}
