/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The generated per-format conversion functions, private to libformat.
 */
#ifndef U_FORMAT_PACK_TABLE_H
#define U_FORMAT_PACK_TABLE_H

#include <stdint.h>

#include "util/format/u_format.h"

struct util_format_pack_funcs {
   void (*unpack_rgba_float)(float *dst, const uint8_t *src, unsigned count);
   void (*pack_rgba_float)(uint8_t *dst, const float *src, unsigned count);
   void (*unpack_rgba_uint)(uint32_t *dst, const uint8_t *src, unsigned count);
   void (*pack_rgba_uint)(uint8_t *dst, const uint32_t *src, unsigned count);
   void (*unpack_rgba_sint)(int32_t *dst, const uint8_t *src, unsigned count);
   void (*pack_rgba_sint)(uint8_t *dst, const int32_t *src, unsigned count);
   void (*unpack_z_float)(float *dst, const uint8_t *src, unsigned count);
   void (*pack_z_float)(uint8_t *dst, const float *src, unsigned count);
   void (*unpack_s_8uint)(uint8_t *dst, const uint8_t *src, unsigned count);
   void (*pack_s_8uint)(uint8_t *dst, const uint8_t *src, unsigned count);
};

extern const struct util_format_pack_funcs
   util_format_pack_table[PIPE_FORMAT_COUNT];

#endif /* U_FORMAT_PACK_TABLE_H */
