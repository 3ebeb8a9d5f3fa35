/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* GL object names: a table from GLuint (never 0) to an object or to
 * GL_NAME_RESERVED (a name handed out by Gen* with no object yet). */
#ifndef MESA_HASH_H
#define MESA_HASH_H

#include <stdbool.h>

#include "main/mtypes.h"

struct hash_table *_mesa_name_table_create(void);
void _mesa_name_table_destroy(struct hash_table *ht);

/* The object, GL_NAME_RESERVED, or NULL when the name is unused. */
void *_mesa_name_lookup(struct hash_table *ht, GLuint name);
/* The object, or NULL when unused or only reserved. */
void *_mesa_name_lookup_object(struct hash_table *ht, GLuint name);
bool _mesa_name_insert(struct hash_table *ht, GLuint name, void *obj);
void _mesa_name_remove(struct hash_table *ht, GLuint name);
/* Reserves n unused names (stored in names[]) starting the search at
 * *next; false if out of memory (names[] then partly reserved). */
bool _mesa_name_gen(struct hash_table *ht, GLuint *next, GLsizei n,
                    GLuint *names);

#endif
