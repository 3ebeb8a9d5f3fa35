/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* The name -> entry point table (generated from gl.xml: gl_procs.c). */
#ifndef GL_PROCS_H
#define GL_PROCS_H

typedef void (*gl_proc)(void);

struct gl_proc_entry {
   const char *name;
   gl_proc func;
};

extern const struct gl_proc_entry gl_proc_table[];
extern const unsigned gl_proc_count;

#endif
