/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * A small JSON reader for the golden-vector files (one object per line).
 * Nodes are allocated with ralloc under the context passed to the parser;
 * numbers keep their integer value when they are integers.
 */

#ifndef ASAHI_SIM_JSON_H
#define ASAHI_SIM_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum asahi_sim_json_type {
   ASAHI_SIM_JSON_NULL,
   ASAHI_SIM_JSON_BOOL,
   ASAHI_SIM_JSON_NUMBER,
   ASAHI_SIM_JSON_STRING,
   ASAHI_SIM_JSON_ARRAY,
   ASAHI_SIM_JSON_OBJECT,
};

struct asahi_sim_json {
   enum asahi_sim_json_type type;
   bool boolean;
   /* NUMBER: integer value when is_integer, else number. */
   bool is_integer;
   int64_t integer;
   double number;
   char *string;                  /* STRING */
   unsigned count;                /* ARRAY, OBJECT */
   struct asahi_sim_json **items; /* ARRAY, OBJECT values */
   char **keys;                   /* OBJECT */
};

/* Parse text[0..len).  Returns NULL on error, with a message in err. */
struct asahi_sim_json *asahi_sim_json_parse(void *mem_ctx, const char *text,
                                            size_t len, char *err,
                                            size_t err_size);

/* Object member by key, or NULL. */
const struct asahi_sim_json *
asahi_sim_json_get(const struct asahi_sim_json *obj, const char *key);

/* Convenience: integer member (false if missing or not an integer). */
bool asahi_sim_json_get_int(const struct asahi_sim_json *obj, const char *key,
                            int64_t *out);

/* String member or NULL. */
const char *asahi_sim_json_get_string(const struct asahi_sim_json *obj,
                                      const char *key);

#endif /* ASAHI_SIM_JSON_H */
