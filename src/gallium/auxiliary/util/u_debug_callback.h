/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Messages from a driver to the application (KHR_debug), e.g. shader
 * statistics for shader-db.  The front end installs a callback with
 * pipe_context::set_debug_callback; the driver reports through
 * util_debug_message().  A NULL callback (or debug_message) drops them.
 */
#ifndef U_DEBUG_CALLBACK_H
#define U_DEBUG_CALLBACK_H

#include <stdarg.h>

enum util_debug_type {
   UTIL_DEBUG_TYPE_OUT_OF_MEMORY = 1,
   UTIL_DEBUG_TYPE_ERROR,
   UTIL_DEBUG_TYPE_SHADER_INFO, /* compiler statistics (shader-db) */
   UTIL_DEBUG_TYPE_PERF_INFO,
   UTIL_DEBUG_TYPE_INFO,
   UTIL_DEBUG_TYPE_FALLBACK,
   UTIL_DEBUG_TYPE_CONFORMANCE,
};

struct util_debug_callback {
   /* id: a per-call-site message id, 0 the first time (the callee may
    * assign one and the caller keeps it in a static). */
   void (*debug_message)(void *data, unsigned *id, enum util_debug_type type,
                         const char *fmt, va_list args);
   void *data;
};

static inline void
util_debug_message_va(const struct util_debug_callback *cb, unsigned *id,
                      enum util_debug_type type, const char *fmt, va_list args)
{
   if (cb && cb->debug_message)
      cb->debug_message(cb->data, id, type, fmt, args);
}

static inline void __attribute__((format(printf, 4, 5)))
util_debug_message_id(const struct util_debug_callback *cb, unsigned *id,
                      enum util_debug_type type, const char *fmt, ...)
{
   va_list args;

   va_start(args, fmt);
   util_debug_message_va(cb, id, type, fmt, args);
   va_end(args);
}

/* util_debug_message(cb, SHADER_INFO, "fmt", ...) with a message id per
 * call site. */
#define util_debug_message(cb, type, fmt, ...)                                 \
   do {                                                                        \
      static unsigned id_ = 0;                                                 \
      util_debug_message_id(cb, &id_, UTIL_DEBUG_TYPE_##type, fmt,             \
                            ##__VA_ARGS__);                                    \
   } while (0)

#endif
