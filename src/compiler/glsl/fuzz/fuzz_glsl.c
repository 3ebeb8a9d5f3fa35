/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * libFuzzer target over the whole GLSL front end: preprocessor, parser,
 * checker, and for accepted shaders AST to NIR and the linker (the shader
 * linked alone; the NIR is validated after every pass in debug builds).
 * The first byte picks the stage and default version so one corpus covers
 * desktop and ES paths; the rest is shader source.
 */
#include <stddef.h>
#include <stdint.h>

#include "glsl_program.h"
#include "glsl_state.h"
#include "util/ralloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   static const int versions[] = { 110, 120, 130, 140, 150, 330, 400, 450,
                                   460, 100, 300, 310, 320 };
   if (size < 1 || size > (1u << 20))
      return 0;

   struct glsl_compile_options opts = { 0 };
   opts.stage = (gl_shader_stage)(data[0] % (MESA_SHADER_COMPUTE + 1));
   unsigned v = (data[0] / (MESA_SHADER_COMPUTE + 1)) % 13;
   opts.default_version = versions[v];
   opts.default_es = v >= 9;

   void *mem = ralloc_context(NULL);
   struct glsl_parse_state *st =
      glsl_compile_shader(mem, (const char *)data + 1, size - 1, &opts);
   if (st && !st->log.errors && opts.stage != MESA_SHADER_COMPUTE)
      glsl_link_program(mem, &st, 1, NULL);
   ralloc_free(mem);
   return 0;
}
