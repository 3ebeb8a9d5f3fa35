/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Assembler: a program in applegpu syntax -> bytes.  Statements are
 * separated by newlines or ';', comments start with '#' or '//', and
 * `name:` defines a label usable as a branch target.  Two passes: the first
 * measures every instruction (branch forms have a fixed length), the second
 * resolves labels and emits.
 */

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "util/ralloc.h"
#include "agx_isa_parse.h"

#define MAX_LABELS 4096

struct label {
   const char *name;
   size_t name_len;
   uint64_t address;
};

struct labels {
   struct label *items;
   unsigned count;
   bool lenient; /* first pass: unknown labels resolve to pc */
   uint64_t pc;
};

static bool
resolve(void *data, const char *name, int64_t *address)
{
   struct labels *l = data;
   for (unsigned i = 0; i < l->count; ++i) {
      if (strlen(name) == l->items[i].name_len &&
          !strncmp(name, l->items[i].name, l->items[i].name_len)) {
         *address = l->items[i].address;
         return true;
      }
   }
   if (l->lenient) {
      *address = l->pc;
      return true;
   }
   return false;
}

static bool
is_label_char(char c, bool first)
{
   return isalpha((unsigned char)c) || c == '_' || c == '.' ||
          (!first && isdigit((unsigned char)c));
}

/* Splits off the next statement of src (without comments), into buf.
 * Returns the position after it, or NULL at the end. */
static const char *
next_statement(const char *src, char *buf, size_t size, unsigned *line,
               bool *too_long)
{
   size_t n = 0;
   bool comment = false;

   *too_long = false;
   if (!*src)
      return NULL;
   while (*src && *src != '\n' && *src != ';') {
      if (*src == '#' || (src[0] == '/' && src[1] == '/'))
         comment = true;
      if (!comment) {
         if (n + 1 < size)
            buf[n++] = *src;
         else
            *too_long = true;
      }
      src++;
   }
   buf[n] = 0;
   if (*src == '\n')
      (*line)++;
   if (*src)
      src++;
   return src;
}

static int
fail(char *err, size_t err_size, unsigned line, const char *msg)
{
   if (err && err_size)
      snprintf(err, err_size, "line %u: %s", line, msg);
   return AGX_ISA_ERR_SYNTAX;
}

/* One pass over the source; emits into *out when out is not NULL. */
static int
assemble_pass(const char *source, struct labels *labels, bool define,
              void *mem_ctx, uint8_t **out, size_t *size, size_t *cap,
              char *err, size_t err_size)
{
   char stmt[512];
   unsigned line = 1, this_line;
   const char *p = source;
   bool too_long;

   labels->pc = 0;
   for (;;) {
      this_line = line;
      p = next_statement(p, stmt, sizeof(stmt), &line, &too_long);
      if (!p)
         break;
      if (too_long)
         return fail(err, err_size, this_line, "statement too long");

      char *s = stmt;
      for (;;) {
         while (isspace((unsigned char)*s))
            s++;
         char *e = s;
         if (!is_label_char(*e, true))
            break;
         while (is_label_char(*e, false))
            e++;
         if (*e != ':')
            break;
         if (define) {
            for (unsigned i = 0; i < labels->count; ++i) {
               if (labels->items[i].name_len == (size_t)(e - s) &&
                   !strncmp(labels->items[i].name, s, e - s))
                  return fail(err, err_size, this_line, "duplicate label");
            }
            if (labels->count == MAX_LABELS)
               return fail(err, err_size, this_line, "too many labels");
            labels->items[labels->count++] =
               (struct label){ralloc_strndup(labels->items, s, e - s),
                              (size_t)(e - s), labels->pc};
         }
         s = e + 1;
      }
      if (!*s)
         continue;

      struct agx_isa_parse_ctx ctx = {labels->pc, resolve, labels};
      struct agx_isa_instr instr;
      char msg[200];
      int r = agx_isa_parse_with(s, &ctx, &instr, msg, sizeof(msg));
      if (r)
         return fail(err, err_size, this_line, msg);

      uint8_t bytes[AGX_ISA_MAX_LENGTH];
      int len = agx_isa_encode(&instr, bytes, sizeof(bytes));
      if (len < 0)
         return fail(err, err_size, this_line, agx_isa_error_string(len));

      if (out) {
         if (*size + len > *cap) {
            *cap = (*cap ? *cap * 2 : 256) + len;
            *out = reralloc(mem_ctx, *out, uint8_t, *cap);
            if (!*out)
               return fail(err, err_size, this_line, "out of memory");
         }
         memcpy(*out + *size, bytes, len);
         *size += len;
      }
      labels->pc += len;
   }
   return AGX_ISA_OK;
}

int
agx_isa_assemble(const char *source, void *mem_ctx, uint8_t **binary,
                 size_t *size_B, char *err, size_t err_size)
{
   struct labels labels = {0};
   size_t size = 0, cap = 0;
   uint8_t *out = NULL;

   *binary = NULL;
   *size_B = 0;
   if (err && err_size)
      err[0] = 0;
   if (!source)
      return fail(err, err_size, 0, "no source");

   labels.items = ralloc_array(NULL, struct label, MAX_LABELS);
   if (!labels.items)
      return fail(err, err_size, 0, "out of memory");

   labels.lenient = true;
   int r = assemble_pass(source, &labels, true, NULL, NULL, NULL, NULL, err,
                         err_size);
   if (r == AGX_ISA_OK) {
      labels.lenient = false;
      r = assemble_pass(source, &labels, false, mem_ctx, &out, &size, &cap, err,
                        err_size);
   }
   ralloc_free(labels.items);
   if (r) {
      ralloc_free(out);
      return r;
   }
   *binary = out;
   *size_B = size;
   return AGX_ISA_OK;
}
