/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Public pack/unpack entry points: range checks, then the generated
 * per-format function (u_format_pack.py).
 */
#include "util/format/u_format_pack.h"

#include <stddef.h>

#include "util/format/u_format_pack_table.h"

static const struct util_format_pack_funcs *
funcs(enum pipe_format format)
{
   if ((unsigned)format >= PIPE_FORMAT_COUNT)
      return NULL;
   return &util_format_pack_table[format];
}

/* Call the function named `member` when the format has one. */
#define DISPATCH(member, format, dst, src, count)                              \
   do {                                                                        \
      const struct util_format_pack_funcs *f = funcs(format);                  \
      if (!f || !f->member)                                                    \
         return false;                                                         \
      f->member(dst, src, count);                                              \
      return true;                                                             \
   } while (0)

bool
util_format_unpack_rgba_float(enum pipe_format format, float *dst,
                              const void *src, unsigned count)
{
   DISPATCH(unpack_rgba_float, format, dst, src, count);
}

bool
util_format_pack_rgba_float(enum pipe_format format, void *dst,
                            const float *src, unsigned count)
{
   DISPATCH(pack_rgba_float, format, dst, src, count);
}

bool
util_format_unpack_rgba_uint(enum pipe_format format, uint32_t *dst,
                             const void *src, unsigned count)
{
   DISPATCH(unpack_rgba_uint, format, dst, src, count);
}

bool
util_format_pack_rgba_uint(enum pipe_format format, void *dst,
                           const uint32_t *src, unsigned count)
{
   DISPATCH(pack_rgba_uint, format, dst, src, count);
}

bool
util_format_unpack_rgba_sint(enum pipe_format format, int32_t *dst,
                             const void *src, unsigned count)
{
   DISPATCH(unpack_rgba_sint, format, dst, src, count);
}

bool
util_format_pack_rgba_sint(enum pipe_format format, void *dst,
                           const int32_t *src, unsigned count)
{
   DISPATCH(pack_rgba_sint, format, dst, src, count);
}

bool
util_format_unpack_z_float(enum pipe_format format, float *dst, const void *src,
                           unsigned count)
{
   DISPATCH(unpack_z_float, format, dst, src, count);
}

bool
util_format_pack_z_float(enum pipe_format format, void *dst, const float *src,
                         unsigned count)
{
   DISPATCH(pack_z_float, format, dst, src, count);
}

bool
util_format_unpack_s_8uint(enum pipe_format format, uint8_t *dst,
                           const void *src, unsigned count)
{
   DISPATCH(unpack_s_8uint, format, dst, src, count);
}

bool
util_format_pack_s_8uint(enum pipe_format format, void *dst, const uint8_t *src,
                         unsigned count)
{
   DISPATCH(pack_s_8uint, format, dst, src, count);
}

bool
util_format_can_unpack_rgba_float(enum pipe_format format)
{
   const struct util_format_pack_funcs *f = funcs(format);
   return f && f->unpack_rgba_float;
}

bool
util_format_can_unpack_rgba_int(enum pipe_format format)
{
   const struct util_format_pack_funcs *f = funcs(format);
   return f && f->unpack_rgba_uint;
}
