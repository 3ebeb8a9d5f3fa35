/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* GL object names on util/hash_table with the name as the pointer key. */
#include <stdint.h>

#include "main/hash.h"
#include "util/hash_table.h"

static inline const void *
name_key(GLuint name)
{
   return (const void *)(uintptr_t)name;
}

struct hash_table *
_mesa_name_table_create(void)
{
   return hash_table_create_u64_keys(NULL);
}

void
_mesa_name_table_destroy(struct hash_table *ht)
{
   if (ht)
      hash_table_destroy(ht, NULL);
}

void *
_mesa_name_lookup(struct hash_table *ht, GLuint name)
{
   if (!name)
      return NULL;
   return hash_table_search_data(ht, name_key(name));
}

void *
_mesa_name_lookup_object(struct hash_table *ht, GLuint name)
{
   void *obj = _mesa_name_lookup(ht, name);
   return obj == GL_NAME_RESERVED ? NULL : obj;
}

bool
_mesa_name_insert(struct hash_table *ht, GLuint name, void *obj)
{
   return hash_table_insert(ht, name_key(name), obj) != NULL;
}

void
_mesa_name_remove(struct hash_table *ht, GLuint name)
{
   hash_table_remove_key(ht, name_key(name));
}

bool
_mesa_name_gen(struct hash_table *ht, GLuint *next, GLsizei n, GLuint *names)
{
   for (GLsizei i = 0; i < n; i++) {
      GLuint name = *next ? *next : 1;

      while (name == 0 || _mesa_name_lookup(ht, name))
         name++;
      if (!_mesa_name_insert(ht, name, GL_NAME_RESERVED))
         return false;
      names[i] = name;
      *next = name + 1;
   }
   return true;
}
