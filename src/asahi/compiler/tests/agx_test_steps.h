/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The agx_test_* steps that can fail, as cmocka steps: each either does
 * its work or fails the running test with the step's message.  For test
 * files only; include after <cmocka.h>.
 */
#ifndef AGX_TEST_STEPS_H
#define AGX_TEST_STEPS_H

#include "agx_test_nir.h"
#include "agx_test_util.h"

/* agx_test_compile */
static inline void
agx_test_must_compile(const nir_shader *s, const struct agx_shader_key *key,
                      void *mem, struct agx_shader_binary *bin)
{
   char error[256];
   if (!agx_test_compile(s, key, mem, bin, error, sizeof(error)))
      fail_msg("%s", error);
}

/* agx_test_compile_lowered */
static inline void
agx_test_must_compile_lowered(nir_shader *nir,
                              const struct agx_shader_key *key, void *mem,
                              struct agx_shader_binary *bin)
{
   char error[256];
   if (!agx_test_compile_lowered(nir, key, mem, bin, error, sizeof(error)))
      fail_msg("%s", error);
}

/* agx_test_run_vs, to the shader's end */
static inline void
agx_test_must_run_vs(const struct agx_shader_binary *bin,
                     const struct agx_test_draw *draw, unsigned first,
                     uint32_t *uvs)
{
   char error[256];
   if (agx_test_run_vs(bin, draw, first, uvs, error, sizeof(error)) !=
       ASAHI_SIM_STOPPED)
      fail_msg("%s", error);
}

/* agx_test_run_fs, to the shader's end */
static inline void
agx_test_must_run_fs(const struct agx_shader_binary *bin,
                     const struct agx_test_draw *draw,
                     const float (*planes)[3], unsigned nr_planes,
                     uint8_t *tib, unsigned bytes_per_pixel, uint32_t *killed)
{
   char error[256];
   if (agx_test_run_fs(bin, draw, planes, nr_planes, tib, bytes_per_pixel,
                       killed, error, sizeof(error)) != ASAHI_SIM_STOPPED)
      fail_msg("%s", error);
}

#endif
