/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Entry points of the NIR -> AGX compiler (stub until the backend lands). */

#include <stdio.h>

#include "agx_compile.h"

const nir_shader_compiler_options agx_nir_options = {
   .lower_fdiv = true,
   .lower_fmod = true,
   .lower_fpow = true,
   .lower_flrp32 = true,
   .lower_fsign = true,
   .lower_ffract = true,
   .lower_fsub = true,
   .lower_isub = true,
   .lower_ineg = true,
   .lower_scmp = true,
   .lower_idiv = true,
   .lower_to_scalar = true,
   .lower_bool_to_bitsize = 32,
};

bool
agx_preprocess_nir(nir_shader *nir)
{
   (void)nir;
   return false;
}

int
agx_compile_shader_nir(const nir_shader *nir, const struct agx_shader_key *key,
                       void *mem_ctx, struct agx_shader_binary *out,
                       char *error, size_t error_size)
{
   (void)nir;
   (void)key;
   (void)mem_ctx;
   (void)out;
   if (error && error_size)
      snprintf(error, error_size, "the AGX backend is not implemented yet");
   return AGX_COMPILE_UNSUPPORTED;
}

unsigned
agx_compiler_debug(void)
{
   return 0;
}
