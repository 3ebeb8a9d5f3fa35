/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Names of GL enums (generated from gl.xml: gl_enum_names.c). */
#ifndef MESA_ENUMS_H
#define MESA_ENUMS_H

/* "GL_TRIANGLES"; "0x1234" for values without a name (the string is then
 * per thread and valid until the next call). */
const char *_mesa_enum_to_string(unsigned value);

#endif
