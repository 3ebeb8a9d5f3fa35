/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The linker entry point (stub: the interface is in place, linking is
 * being written).  Always reports a link failure for now.
 */
#include "glsl_program.h"
#include "glsl_state.h"
#include "util/ralloc.h"

struct glsl_program *
glsl_link_program(void *mem_ctx, struct glsl_parse_state *const *shaders,
                  unsigned num_shaders, const struct glsl_link_options *opts)
{
   (void)shaders;
   (void)num_shaders;
   (void)opts;
   struct glsl_program *prog = rzalloc(mem_ctx, struct glsl_program);
   if (!prog)
      return NULL;
   prog->info_log = ralloc_strdup(prog, "error: linking is not "
                                        "implemented yet\n");
   return prog;
}
