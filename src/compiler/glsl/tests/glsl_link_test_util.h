/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Shared by the AST-to-NIR and linker tests: compile and link sources,
 * set uniforms by name, and run a linked stage on the NIR interpreter
 * with the cell layout glsl_program.h documents (attribute n at input
 * slot n, varyings at their VARYING_SLOT_*, uniforms at their storage
 * slot, outputs at their location).
 */
#ifndef GLSL_LINK_TEST_UTIL_H
#define GLSL_LINK_TEST_UTIL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_program.h"
#include "glsl_state.h"
#include "nir_eval.h"
#include "util/ralloc.h"

#define TEST_CELLS (64 * 4)

/* Links the given sources (stage, text pairs ended by a NULL text) at
 * `version` (100 for GLSL ES 1.00 ...).  Returns the program, or NULL
 * when a shader does not compile (its log is printed). */
static inline struct glsl_program *
test_link(void *mem, int version, bool es,
          const struct glsl_link_options *lopts, gl_shader_stage s0,
          const char *src0, gl_shader_stage s1, const char *src1)
{
   struct glsl_parse_state *sh[2];
   const char *srcs[2] = { src0, src1 };
   gl_shader_stage stages[2] = { s0, s1 };
   unsigned n = 0;
   for (unsigned i = 0; i < 2 && srcs[i]; i++) {
      struct glsl_compile_options o = { .stage = stages[i],
                                        .default_version = version,
                                        .default_es = es };
      sh[n] = glsl_compile_shader(mem, srcs[i], strlen(srcs[i]), &o);
      if (!sh[n] || sh[n]->log.errors) {
         fprintf(stderr, "%s\n%s", srcs[i], sh[n] ? sh[n]->log.text : "");
         return NULL;
      }
      n++;
   }
   return glsl_link_program(mem, sh, n, lopts);
}

/* The uniform storage of a run: the defaults, then what tests set. */
struct test_uniforms {
   nir_const_value cells[TEST_CELLS];
};

static inline void
test_uniforms_init(struct test_uniforms *u, const struct glsl_program *p)
{
   memset(u, 0, sizeof(*u));
   for (unsigned i = 0; i < p->uniform_storage_size_B / 4 && i < TEST_CELLS;
        i++)
      u->cells[i].u32 = p->uniform_defaults[i];
}

/* Sets n floats of the uniform (element `name` as glUniform would, using
 * the program's location and storage layout; matrices column by column). */
static inline bool
test_set_floats(struct test_uniforms *u, const struct glsl_program *p,
                const char *name, const float *v, unsigned n)
{
   int loc = glsl_program_uniform_location(p, name);
   unsigned elem = 0;
   const struct glsl_program_uniform *e = glsl_program_uniform_at(p, loc,
                                                                  &elem);
   if (!e)
      return false;
   unsigned rows = e->type->vector_elements;
   unsigned base = (e->offset_B + elem * e->array_stride_B) / 4;
   for (unsigned i = 0; i < n; i++)
      u->cells[base + (i / rows) * 4 + i % rows].f32 = v[i];
   return true;
}

/* Runs one stage; inputs/outputs are cell arrays of TEST_CELLS. */
static inline bool
test_run(nir_shader *s, nir_const_value *in, struct test_uniforms *u,
         nir_const_value *out, nir_eval_state *es)
{
   memset(es, 0, sizeof(*es));
   es->inputs = in;
   es->num_input_cells = TEST_CELLS;
   es->uniforms = u ? u->cells : NULL;
   es->num_uniform_cells = u ? TEST_CELLS : 0;
   es->outputs = out;
   es->num_output_cells = TEST_CELLS;
   es->max_steps = 1000000;
   bool ok = nir_eval_run(s, es);
   if (!ok)
      fprintf(stderr, "nir_eval: %s\n", es->error);
   return ok;
}

#endif
