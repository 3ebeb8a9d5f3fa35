/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * The built-in function table by name: for each name, the rows of
 * glsl_builtin_funcs that carry it, in table order.  The checker and the
 * translation to NIR look built-ins up at every call; with the index a
 * lookup costs one hash probe instead of a string comparison per row
 * (about 1,700 rows).
 */
#include "glsl_builtins.h"
#include "util/hash_table.h"
#include "util/ralloc.h"

struct builtin_rows {
   unsigned count, cap;
   unsigned *rows;
};

struct hash_table *
glsl_builtin_func_index_create(void *mem)
{
   struct hash_table *index = hash_table_create_string_keys(mem);
   for (unsigned i = 0; index && i < glsl_num_builtin_funcs; i++) {
      const char *fname = glsl_builtin_funcs[i].name;
      struct builtin_rows *r = hash_table_search_data(index, fname);
      if (!r) {
         r = rzalloc(index, struct builtin_rows);
         if (!r)
            break;
         hash_table_insert(index, fname, r);
      }
      if (r->count == r->cap) {
         unsigned cap = r->cap ? r->cap * 2 : 4;
         unsigned *rows = reralloc(r, r->rows, unsigned, cap);
         if (!rows)
            break;
         r->rows = rows;
         r->cap = cap;
      }
      r->rows[r->count++] = i;
   }
   return index;
}

const unsigned *
glsl_builtin_func_index_rows(struct hash_table *index, const char *name,
                             unsigned *count)
{
   struct builtin_rows *r =
      index ? hash_table_search_data(index, name) : NULL;
   *count = r ? r->count : 0;
   return r ? r->rows : NULL;
}
