/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 *
 * Interface of the self-check tables gen_pack.py writes in "tests" mode.
 */
#ifndef GENXML_SELFCHECK_H
#define GENXML_SELFCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct agx_genxml_selfcheck {
   const char *name;
   unsigned length_B;
   /* Returns false with a message in msg on the first mismatch. */
   bool (*check)(uint64_t *seed, char *msg, size_t msg_size);
};

/* NULL-terminated. */
extern const struct agx_genxml_selfcheck agx_genxml_selfchecks[];

#endif
