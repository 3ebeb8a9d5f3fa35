/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Helpers for the simulator tests: assemble with the ISA library, run. */

#ifndef SIM_TEST_UTIL_H
#define SIM_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "asahi/isa/agx_isa.h"
#include "asahi/sim/asahi_sim.h"
#include "util/ralloc.h"

struct sim_test {
   void *ctx;
   uint8_t *code;
   size_t size;
   struct asahi_sim_group *g;
};

/* Assemble `source` and point a fresh group at it. */
static inline void
sim_test_load(struct sim_test *t, const char *source)
{
   char err[256];
   t->ctx = ralloc_context(NULL);
   int r = agx_isa_assemble(source, t->ctx, &t->code, &t->size, err,
                            sizeof(err));
   if (r != AGX_ISA_OK)
      fail_msg("assembly failed: %s", err);
   t->g = rzalloc(t->ctx, struct asahi_sim_group);
   asahi_sim_group_init(t->g);
   asahi_sim_set_code(t->g, t->code, t->size, 0);
}

static inline void
sim_test_free(struct sim_test *t)
{
   ralloc_free(t->ctx);
}

/* Assemble, run to the end, and expect `stop`. */
static inline struct asahi_sim_group *
sim_test_run(struct sim_test *t, const char *source)
{
   sim_test_load(t, source);
   enum asahi_sim_status s = asahi_sim_run(t->g);
   if (s != ASAHI_SIM_STOPPED)
      fail_msg("run ended with %s: %s", asahi_sim_status_string(s),
               t->g->error);
   return t->g;
}

static inline uint32_t
f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

/* Register r of lane `lane` read as a float. */
static inline float
reg_f32(const struct asahi_sim_group *g, unsigned r, unsigned lane)
{
   float f;
   memcpy(&f, &g->r[r][lane], sizeof(f));
   return f;
}

#endif /* SIM_TEST_UTIL_H */
