/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* NIR passes of the AGX backend (agx_nir_*.c). */

#ifndef AGX_NIR_H
#define AGX_NIR_H

#include "nir.h"

bool agx_nir_lower_outputs_to_temporaries(nir_shader *nir);
bool agx_nir_lower_sqrt(nir_shader *nir);
bool agx_nir_lower_rect(nir_shader *nir);
bool agx_nir_lower_ubo(nir_shader *nir);

#endif
