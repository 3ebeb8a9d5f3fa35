/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Parser internals shared with the assembler (labels). */

#ifndef AGX_ISA_PARSE_H
#define AGX_ISA_PARSE_H

#include "agx_isa.h"

struct agx_isa_parse_ctx {
   /* Byte address of the instruction being parsed. */
   uint64_t pc;
   /* Resolves a label to a byte address; false if unknown. */
   bool (*resolve)(void *data, const char *label, int64_t *address);
   void *data;
};

int agx_isa_parse_with(const char *text, const struct agx_isa_parse_ctx *ctx,
                       struct agx_isa_instr *out, char *err, size_t err_size);

#endif
