/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/* Recursive-descent JSON reader (RFC 8259), bounded nesting depth. */

#include "asahi_sim_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ralloc.h"

#define MAX_DEPTH 64

struct parser {
   void *ctx;
   const char *p, *end;
   char *err;
   size_t err_size;
   bool failed;
};

static void
fail(struct parser *ps, const char *what)
{
   if (!ps->failed && ps->err && ps->err_size)
      snprintf(ps->err, ps->err_size, "%s", what);
   ps->failed = true;
}

static void
skip_ws(struct parser *ps)
{
   while (ps->p < ps->end &&
          (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
      ps->p++;
}

static bool
literal(struct parser *ps, const char *word)
{
   size_t n = strlen(word);
   if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
      return false;
   ps->p += n;
   return true;
}

static int
hex_digit(char c)
{
   if (c >= '0' && c <= '9')
      return c - '0';
   if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
   if (c >= 'A' && c <= 'F')
      return c - 'A' + 10;
   return -1;
}

static void
put_utf8(char *out, size_t *n, unsigned cp)
{
   if (cp < 0x80) {
      out[(*n)++] = (char)cp;
   } else if (cp < 0x800) {
      out[(*n)++] = (char)(0xc0 | (cp >> 6));
      out[(*n)++] = (char)(0x80 | (cp & 0x3f));
   } else if (cp < 0x10000) {
      out[(*n)++] = (char)(0xe0 | (cp >> 12));
      out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
      out[(*n)++] = (char)(0x80 | (cp & 0x3f));
   } else {
      out[(*n)++] = (char)(0xf0 | (cp >> 18));
      out[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3f));
      out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
      out[(*n)++] = (char)(0x80 | (cp & 0x3f));
   }
}

static char *
parse_string(struct parser *ps)
{
   /* Caller checked the opening quote. */
   ps->p++;
   const char *start = ps->p;
   while (ps->p < ps->end && *ps->p != '"') {
      if (*ps->p == '\\' && ps->end - ps->p >= 2)
         ps->p += 2;
      else
         ps->p++;
   }
   if (ps->p >= ps->end) {
      fail(ps, "unterminated string");
      return NULL;
   }

   /* Escapes never grow the text beyond 4 bytes per source character. */
   char *out = ralloc_size(ps->ctx, (size_t)(ps->p - start) * 4 + 1);
   size_t n = 0;
   for (const char *q = start; q < ps->p; q++) {
      unsigned char c = (unsigned char)*q;
      if (c < 0x20) {
         fail(ps, "control character in string");
         return NULL;
      }
      if (c != '\\') {
         out[n++] = (char)c;
         continue;
      }
      q++;
      switch (*q) {
      case '"':
         out[n++] = '"';
         break;
      case '\\':
         out[n++] = '\\';
         break;
      case '/':
         out[n++] = '/';
         break;
      case 'b':
         out[n++] = '\b';
         break;
      case 'f':
         out[n++] = '\f';
         break;
      case 'n':
         out[n++] = '\n';
         break;
      case 'r':
         out[n++] = '\r';
         break;
      case 't':
         out[n++] = '\t';
         break;
      case 'u': {
         unsigned cp = 0;
         for (int i = 0; i < 4; i++) {
            int d = q + 1 < ps->p ? hex_digit(q[1]) : -1;
            if (d < 0) {
               fail(ps, "bad \\u escape");
               return NULL;
            }
            cp = cp * 16 + (unsigned)d;
            q++;
         }
         put_utf8(out, &n, cp);
         break;
      }
      default:
         fail(ps, "bad escape");
         return NULL;
      }
   }
   out[n] = 0;
   ps->p++; /* closing quote */
   return out;
}

static struct asahi_sim_json *parse_value(struct parser *ps, unsigned depth);

static struct asahi_sim_json *
new_node(struct parser *ps, enum asahi_sim_json_type type)
{
   struct asahi_sim_json *j = rzalloc(ps->ctx, struct asahi_sim_json);
   j->type = type;
   return j;
}

static void
append(struct parser *ps, struct asahi_sim_json *j, unsigned *cap,
       struct asahi_sim_json *item, char *key)
{
   if (j->count == *cap) {
      *cap = *cap ? *cap * 2 : 8;
      j->items = reralloc(ps->ctx, j->items, struct asahi_sim_json *, *cap);
      if (j->type == ASAHI_SIM_JSON_OBJECT)
         j->keys = reralloc(ps->ctx, j->keys, char *, *cap);
   }
   j->items[j->count] = item;
   if (key)
      j->keys[j->count] = key;
   j->count++;
}

static struct asahi_sim_json *
parse_number(struct parser *ps)
{
   const char *start = ps->p;
   bool integer = true;
   if (ps->p < ps->end && *ps->p == '-')
      ps->p++;
   if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9') {
      fail(ps, "bad number");
      return NULL;
   }
   while (ps->p < ps->end) {
      char c = *ps->p;
      if (c >= '0' && c <= '9') {
      } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
         integer = false;
      } else {
         break;
      }
      ps->p++;
   }

   char buf[64];
   size_t len = (size_t)(ps->p - start);
   if (len >= sizeof(buf)) {
      fail(ps, "number too long");
      return NULL;
   }
   memcpy(buf, start, len);
   buf[len] = 0;

   struct asahi_sim_json *j = new_node(ps, ASAHI_SIM_JSON_NUMBER);
   char *endp;
   j->number = strtod(buf, &endp);
   if (*endp) {
      fail(ps, "bad number");
      return NULL;
   }
   if (integer) {
      long long v = strtoll(buf, &endp, 10);
      j->is_integer = true;
      j->integer = v;
   }
   return j;
}

static struct asahi_sim_json *
parse_value(struct parser *ps, unsigned depth)
{
   skip_ws(ps);
   if (ps->p >= ps->end) {
      fail(ps, "unexpected end of input");
      return NULL;
   }
   if (depth > MAX_DEPTH) {
      fail(ps, "nesting too deep");
      return NULL;
   }

   char c = *ps->p;
   if (c == '{' || c == '[') {
      bool object = c == '{';
      char close = object ? '}' : ']';
      struct asahi_sim_json *j =
         new_node(ps, object ? ASAHI_SIM_JSON_OBJECT : ASAHI_SIM_JSON_ARRAY);
      unsigned cap = 0;
      ps->p++;
      skip_ws(ps);
      if (ps->p < ps->end && *ps->p == close) {
         ps->p++;
         return j;
      }
      for (;;) {
         char *key = NULL;
         skip_ws(ps);
         if (object) {
            if (ps->p >= ps->end || *ps->p != '"') {
               fail(ps, "expected a key");
               return NULL;
            }
            key = parse_string(ps);
            if (!key)
               return NULL;
            skip_ws(ps);
            if (ps->p >= ps->end || *ps->p != ':') {
               fail(ps, "expected ':'");
               return NULL;
            }
            ps->p++;
         }
         struct asahi_sim_json *item = parse_value(ps, depth + 1);
         if (!item)
            return NULL;
         append(ps, j, &cap, item, key);
         skip_ws(ps);
         if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            continue;
         }
         if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            return j;
         }
         fail(ps, object ? "expected ',' or '}'" : "expected ',' or ']'");
         return NULL;
      }
   }

   if (c == '"') {
      char *s = parse_string(ps);
      if (!s)
         return NULL;
      struct asahi_sim_json *j = new_node(ps, ASAHI_SIM_JSON_STRING);
      j->string = s;
      return j;
   }

   if (literal(ps, "true") || literal(ps, "false")) {
      struct asahi_sim_json *j = new_node(ps, ASAHI_SIM_JSON_BOOL);
      j->boolean = ps->p[-1] == 'e' && ps->p[-2] == 'u';
      return j;
   }

   if (literal(ps, "null"))
      return new_node(ps, ASAHI_SIM_JSON_NULL);

   return parse_number(ps);
}

struct asahi_sim_json *
asahi_sim_json_parse(void *mem_ctx, const char *text, size_t len, char *err,
                     size_t err_size)
{
   struct parser ps = {
      .ctx = mem_ctx,
      .p = text,
      .end = text + len,
      .err = err,
      .err_size = err_size,
   };
   struct asahi_sim_json *j = parse_value(&ps, 0);
   if (j) {
      skip_ws(&ps);
      if (ps.p != ps.end) {
         fail(&ps, "trailing characters");
         j = NULL;
      }
   }
   return ps.failed ? NULL : j;
}

const struct asahi_sim_json *
asahi_sim_json_get(const struct asahi_sim_json *obj, const char *key)
{
   if (!obj || obj->type != ASAHI_SIM_JSON_OBJECT)
      return NULL;
   for (unsigned i = 0; i < obj->count; i++) {
      if (strcmp(obj->keys[i], key) == 0)
         return obj->items[i];
   }
   return NULL;
}

bool
asahi_sim_json_get_int(const struct asahi_sim_json *obj, const char *key,
                       int64_t *out)
{
   const struct asahi_sim_json *j = asahi_sim_json_get(obj, key);
   if (!j || j->type != ASAHI_SIM_JSON_NUMBER || !j->is_integer)
      return false;
   *out = j->integer;
   return true;
}

const char *
asahi_sim_json_get_string(const struct asahi_sim_json *obj, const char *key)
{
   const struct asahi_sim_json *j = asahi_sim_json_get(obj, key);
   return j && j->type == ASAHI_SIM_JSON_STRING ? j->string : NULL;
}
