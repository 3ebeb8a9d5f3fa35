/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The generated description array, private to libformat.
 */
#ifndef U_FORMAT_TABLE_H
#define U_FORMAT_TABLE_H

#include "util/format/u_format.h"

extern const struct util_format_description
   util_format_descriptions[PIPE_FORMAT_COUNT];

#endif /* U_FORMAT_TABLE_H */
