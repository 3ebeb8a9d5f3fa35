/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

#include "asahi_sim_vectors.h"
#include "util/os_file.h"

#include <stdlib.h>
#include <string.h>

#include "util/ralloc.h"
#include "asahi_sim.h"
#include "asahi_sim_json.h"

#define MAX_BYTES 16

static int
unhex(const char *s, uint8_t *out, size_t cap)
{
   size_t n = strlen(s);
   if (n % 2 || n / 2 > cap)
      return -1;
   for (size_t i = 0; i < n / 2; i++) {
      unsigned v;
      if (sscanf(s + 2 * i, "%2x", &v) != 1)
         return -1;
      out[i] = (uint8_t)v;
   }
   return (int)(n / 2);
}

/* "r12" -> ('r', 12); false if malformed. */
static bool
parse_reg_name(const char *key, char *file, unsigned *idx)
{
   if ((key[0] != 'r' && key[0] != 'u') || !key[1])
      return false;
   char *end;
   unsigned long v = strtoul(key + 1, &end, 10);
   if (*end)
      return false;
   if (key[0] == 'r' ? v >= ASAHI_SIM_GPRS : v >= ASAHI_SIM_UNIFORMS)
      return false;
   *file = key[0];
   *idx = (unsigned)v;
   return true;
}

static bool
lane_values(const struct asahi_sim_json *j, uint32_t out[ASAHI_SIM_LANES])
{
   if (!j || j->type != ASAHI_SIM_JSON_ARRAY || j->count != ASAHI_SIM_LANES)
      return false;
   for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
      const struct asahi_sim_json *v = j->items[t];
      if (v->type != ASAHI_SIM_JSON_NUMBER || !v->is_integer ||
          v->integer < 0 || v->integer > 0xffffffffll)
         return false;
      out[t] = (uint32_t)v->integer;
   }
   return true;
}

static bool
run_parsed(const struct asahi_sim_json *v, const char *id, char *msg,
           size_t msg_size, bool *skipped)
{
   const char *hex = asahi_sim_json_get_string(v, "hex");
   const struct asahi_sim_json *in = asahi_sim_json_get(v, "in");
   const struct asahi_sim_json *out = asahi_sim_json_get(v, "out");
   int64_t size, exec_in, exec_out;
   uint8_t bytes[MAX_BYTES] = {0};

   if (!in || !out) {
      *skipped = true;
      return true;
   }
   if (!hex || !asahi_sim_json_get_int(v, "size", &size) ||
       !asahi_sim_json_get_int(v, "exec_in", &exec_in) ||
       !asahi_sim_json_get_int(v, "exec_out", &exec_out) ||
       in->type != ASAHI_SIM_JSON_OBJECT ||
       out->type != ASAHI_SIM_JSON_OBJECT) {
      snprintf(msg, msg_size, "%s: malformed vector", id);
      return false;
   }
   int n = unhex(hex, bytes, sizeof(bytes));
   if (n <= 0) {
      snprintf(msg, msg_size, "%s: bad hex", id);
      return false;
   }

   struct asahi_sim_group *g = calloc(1, sizeof(*g));
   struct asahi_sim_group *before = calloc(1, sizeof(*g));
   bool ok = false;
   if (!g || !before) {
      snprintf(msg, msg_size, "%s: out of memory", id);
      goto done;
   }
   asahi_sim_group_init(g);
   g->exec = (uint32_t)exec_in;

   for (unsigned i = 0; i < in->count; i++) {
      char file;
      unsigned idx;
      if (!parse_reg_name(in->keys[i], &file, &idx)) {
         snprintf(msg, msg_size, "%s: bad register %s", id, in->keys[i]);
         goto done;
      }
      if (file == 'r') {
         if (!lane_values(in->items[i], g->r[idx])) {
            snprintf(msg, msg_size, "%s: bad values for %s", id, in->keys[i]);
            goto done;
         }
      } else {
         const struct asahi_sim_json *u = in->items[i];
         if (u->type != ASAHI_SIM_JSON_NUMBER || !u->is_integer) {
            snprintf(msg, msg_size, "%s: bad uniform %s", id, in->keys[i]);
            goto done;
         }
         g->u[idx] = (uint32_t)u->integer;
      }
   }
   memcpy(before, g, sizeof(*g));

   unsigned length = 0;
   enum asahi_sim_status s = asahi_sim_exec_bytes(g, bytes, (size_t)n, &length);
   if (s != ASAHI_SIM_RUNNING) {
      snprintf(msg, msg_size, "%s: %s: %s", id, asahi_sim_status_string(s),
               g->error);
      goto done;
   }
   if ((int64_t)length != size) {
      snprintf(msg, msg_size, "%s: decoded length %u, expected %lld", id,
               length, (long long)size);
      goto done;
   }
   if (g->exec != (uint32_t)exec_out) {
      snprintf(msg, msg_size, "%s: exec 0x%08x, expected 0x%08x", id, g->exec,
               (uint32_t)exec_out);
      goto done;
   }

   /* Expected state: `out` where listed, else `in`. */
   for (unsigned i = 0; i < out->count; i++) {
      char file;
      unsigned idx;
      uint32_t want[ASAHI_SIM_LANES];
      if (!parse_reg_name(out->keys[i], &file, &idx) || file != 'r' ||
          !lane_values(out->items[i], want)) {
         snprintf(msg, msg_size, "%s: bad output %s", id, out->keys[i]);
         goto done;
      }
      memcpy(before->r[idx], want, sizeof(want));
   }
   for (unsigned r = 0; r < ASAHI_SIM_GPRS; r++) {
      for (unsigned t = 0; t < ASAHI_SIM_LANES; t++) {
         if (g->r[r][t] != before->r[r][t]) {
            snprintf(msg, msg_size, "%s: r%u lane %u = 0x%08x, expected 0x%08x",
                     id, r, t, g->r[r][t], before->r[r][t]);
            goto done;
         }
      }
   }
   ok = true;

done:
   free(g);
   free(before);
   return ok;
}

bool
asahi_sim_vector_run_line(const char *line, size_t len, bool *skipped,
                          char *msg, size_t msg_size)
{
   void *ctx = ralloc_context(NULL);
   char err[128];
   *skipped = false;
   msg[0] = 0;

   struct asahi_sim_json *v =
      asahi_sim_json_parse(ctx, line, len, err, sizeof(err));
   bool ok;
   if (!v || v->type != ASAHI_SIM_JSON_OBJECT) {
      snprintf(msg, msg_size, "bad JSON: %s", v ? "not an object" : err);
      ok = false;
   } else {
      const char *id = asahi_sim_json_get_string(v, "id");
      ok = run_parsed(v, id ? id : "?", msg, msg_size, skipped);
   }
   ralloc_free(ctx);
   return ok;
}

int
asahi_sim_vector_run_file(const char *path, FILE *report,
                          struct asahi_sim_vector_stats *stats)
{
   memset(stats, 0, sizeof(*stats));
   char *text;
   size_t size;
   int err = os_read_file_max(path, ASAHI_SIM_VECTOR_FILE_MAX_B, &text, &size);
   if (err)
      return err;

   for (char *line = text; line < text + size;) {
      char *end = memchr(line, '\n', (size_t)(text + size - line));
      char *next = end ? end + 1 : text + size;
      size_t n = (size_t)((end ? end : text + size) - line);
      while (n > 0 && line[n - 1] == '\r')
         n--;
      if (n > 0) {
         char msg[512];
         bool skipped;
         if (asahi_sim_vector_run_line(line, n, &skipped, msg, sizeof(msg))) {
            if (skipped)
               stats->skipped++;
            else
               stats->passed++;
         } else {
            stats->failed++;
            if (report)
               fprintf(report, "FAIL %s\n", msg);
         }
      }
      line = next;
   }
   free(text);
   return 0;
}
