/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * enum pipe_format and enum pipe_swizzle for Gallium users.  Both are
 * defined once, by the format tables in src/util/format (see
 * docs/formats.rst); this header only brings them into the pipe namespace
 * the way Mesa's drivers expect to include them.
 */
#ifndef PIPE_FORMAT_H
#define PIPE_FORMAT_H

#include "util/format/u_formats.h"
#include "util/format/u_format.h"

#endif
