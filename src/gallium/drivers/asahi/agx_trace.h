/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * ASAHI_MESA_DEBUG=trace: every submission is written as an agxdecode
 * dump (docs/agxdecode.rst), one file per submission, named
 * asahi-<pid>-<n>.agxdump in $ASAHI_TRACE_DIR (default: the current
 * directory).  Decode with build/src/asahi/tools/agxdecode FILE.
 */
#ifndef AGX_TRACE_H
#define AGX_TRACE_H

#include <stddef.h>

struct agx_screen;
struct agx_batch;

void agx_trace_submission(struct agx_screen *screen, struct agx_batch *batch,
                          const void *cmdbuf, size_t size_B);

#endif
