/*
 * Copyright 2026 The asahi-gl authors
 * SPDX-License-Identifier: MIT
 */

/*
 * Parser: applegpu syntax -> structured instruction.  Candidate forms are
 * every form (or alias) whose mnemonic, plus optional suffixes such as
 * ".sat", spells the text's mnemonic; the first candidate whose operands
 * all parse and encode wins (so "mov_imm r0l, 1" picks the 16-bit form and
 * "mov_imm r0, 1, 0b0" the 32-bit one).
 */

#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa_internal.h"
#include "agx_isa_parse.h"

#define MAX_TOKENS 16

static void
set_err(char *err, size_t size, const char *fmt, ...)
{
   if (!err || !size)
      return;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(err, size, fmt, ap);
   va_end(ap);
}

static char *
trim(char *s)
{
   while (isspace((unsigned char)*s))
      s++;
   size_t n = strlen(s);
   while (n && isspace((unsigned char)s[n - 1]))
      s[--n] = 0;
   return s;
}

/* Integer in decimal, 0x hex or 0b binary, optionally negative. */
static bool
parse_int(const char *s, int64_t *out)
{
   bool neg = false;
   int base = 10;
   if (*s == '-') {
      neg = true;
      s++;
   } else if (*s == '+') {
      s++;
   }
   if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
      base = 16;
      s += 2;
   } else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
      base = 2;
      s += 2;
   }
   if (!*s)
      return false;
   char *end;
   unsigned long long v = strtoull(s, &end, base);
   if (*end || !isxdigit((unsigned char)*s))
      return false;
   if (v > INT64_MAX)
      return false;
   *out = neg ? -(int64_t)v : (int64_t)v;
   return true;
}

/* Decimal float equal to a minifloat value (sign included, so -0.0 is 0x80). */
static bool
parse_minifloat(const char *s, int64_t *out)
{
   char *end;
   if (!*s || !(isdigit((unsigned char)*s) || *s == '-' || *s == '+' ||
                *s == '.'))
      return false;
   double v = strtod(s, &end);
   if (*end)
      return false;
   for (unsigned i = 0; i < 256; ++i) {
      float f = agx_isa_minifloat_to_float(i);
      if (f == v && !signbit(f) == !signbit(v)) {
         *out = i;
         return true;
      }
   }
   return false;
}

/* Register text: [$]name[.flag]...; name rN, rNl, rNh, rN_rN+1..., uN... */
static bool
parse_register(const char *text, struct agx_isa_operand *o)
{
   char buf[96];
   unsigned flags = 0;

   if (*text == '$') {
      flags |= AGX_ISA_CACHE;
      text++;
   }
   snprintf(buf, sizeof(buf), "%s", text);
   char *dot = strchr(buf, '.');
   char *mods = NULL;
   if (dot) {
      *dot = 0;
      mods = dot + 1;
   }

   char prefix = buf[0];
   if (prefix != 'r' && prefix != 'u')
      return false;

   unsigned count = 0, first = 0, size = 0;
   char *p = buf;
   while (*p) {
      if (*p != prefix)
         return false;
      p++;
      if (!isdigit((unsigned char)*p))
         return false;
      char *end;
      unsigned long n = strtoul(p, &end, 10);
      p = end;
      unsigned esize = 32, half = n * 2;
      if (*p == 'l' || *p == 'h') {
         esize = 16;
         half += *p == 'h';
         p++;
      }
      if (n > 255 || (size && esize != size))
         return false;
      if (count == 0)
         first = half;
      else if (half != first + count * (esize == 16 ? 1 : 2))
         return false;
      size = esize;
      count++;
      if (*p == '_')
         p++;
      else if (*p)
         return false;
   }
   if (!count)
      return false;

   memset(o, 0, sizeof(*o));
   o->kind = prefix == 'u' ? AGX_ISA_KIND_UREG : AGX_ISA_KIND_REG;
   o->value = first;
   o->size = size;
   o->count = count;
   if (size == 32 && count == 2) {
      o->size = 64;
      o->count = 1;
   }
   if (o->value > (prefix == 'u' ? 511 : 255))
      return false;

   while (mods && *mods) {
      char *next = strchr(mods, '.');
      if (next)
         *next++ = 0;
      if (!strcmp(mods, "cache"))
         flags |= AGX_ISA_CACHE;
      else if (!strcmp(mods, "discard"))
         flags |= AGX_ISA_DISCARD;
      else if (!strcmp(mods, "abs"))
         flags |= AGX_ISA_ABS;
      else if (!strcmp(mods, "neg"))
         flags |= AGX_ISA_NEG;
      else if (!strcmp(mods, "sx"))
         flags |= AGX_ISA_SX;
      else
         return false;
      mods = next;
   }
   o->flags = flags;
   return true;
}

static bool
lookup_enum(const struct agx_isa_operand_desc *d, const char *s, int64_t *v)
{
   for (unsigned i = 0; i < d->nr_names; ++i) {
      if (!strcmp(d->names[i].name, s)) {
         *v = d->names[i].value;
         return true;
      }
   }
   return false;
}

/* Default value of an operand that the text leaves out. */
static void
set_default(const struct agx_isa_operand_desc *d, struct agx_isa_operand *o,
            int64_t value)
{
   memset(o, 0, sizeof(*o));
   o->count = 1;
   o->value = value;
   switch ((enum agx_isa_codec)d->codec) {
   case AGX_ISA_CODEC_SRC:
      o->kind = d->is_float ? AGX_ISA_KIND_FIMM : AGX_ISA_KIND_IMM;
      o->size = 8;
      break;
   case AGX_ISA_CODEC_CMPSEL:
      o->kind = AGX_ISA_KIND_IMM;
      o->size = 8;
      break;
   case AGX_ISA_CODEC_ENUM:
   case AGX_ISA_CODEC_TRUTH:
      o->kind = AGX_ISA_KIND_ENUM;
      break;
   case AGX_ISA_CODEC_FLAG:
      o->kind = AGX_ISA_KIND_FLAG;
      break;
   case AGX_ISA_CODEC_OFFSET:
      o->kind = AGX_ISA_KIND_OFFSET;
      break;
   case AGX_ISA_CODEC_SREG:
      o->kind = AGX_ISA_KIND_SREG;
      break;
   case AGX_ISA_CODEC_DST:
   case AGX_ISA_CODEC_R0L:
   case AGX_ISA_CODEC_REG32:
      o->kind = AGX_ISA_KIND_REG;
      o->size = d->codec == AGX_ISA_CODEC_REG32 ? 32 : 16;
      break;
   default:
      o->kind = AGX_ISA_KIND_IMM;
      break;
   }
   if (o->kind == AGX_ISA_KIND_IMM && d->codec != AGX_ISA_CODEC_SRC &&
       d->codec != AGX_ISA_CODEC_CMPSEL)
      o->size = agx_isa_field_width(&d->value);
}

static bool
parse_operand(const struct agx_isa_operand_desc *d, const char *tok,
              const struct agx_isa_parse_ctx *ctx, struct agx_isa_operand *o)
{
   int64_t v;

   set_default(d, o, 0);
   switch ((enum agx_isa_codec)d->codec) {
   case AGX_ISA_CODEC_DST:
   case AGX_ISA_CODEC_R0L:
   case AGX_ISA_CODEC_REG32:
      return parse_register(tok, o) && o->kind == AGX_ISA_KIND_REG;
   case AGX_ISA_CODEC_SRC:
   case AGX_ISA_CODEC_CMPSEL:
      if (parse_register(tok, o))
         return true;
      set_default(d, o, 0);
      if (d->is_float) {
         /* a float immediate may carry .abs / .neg */
         char tmp[64];
         snprintf(tmp, sizeof(tmp), "%s", tok);
         for (;;) {
            size_t n = strlen(tmp);
            if (n > 4 && !strcmp(tmp + n - 4, ".abs")) {
               o->flags |= AGX_ISA_ABS;
               tmp[n - 4] = 0;
            } else if (n > 4 && !strcmp(tmp + n - 4, ".neg")) {
               o->flags |= AGX_ISA_NEG;
               tmp[n - 4] = 0;
            } else {
               break;
            }
         }
         if (!parse_minifloat(tmp, &v))
            return false;
      } else if (!parse_int(tok, &v)) {
         return false;
      }
      o->value = v;
      return true;
   case AGX_ISA_CODEC_IMM:
   case AGX_ISA_CODEC_FLAG:
      if (!parse_int(tok, &v))
         return false;
      o->value = v;
      return true;
   case AGX_ISA_CODEC_ENUM:
      if (!lookup_enum(d, tok, &v) && !parse_int(tok, &v))
         return false;
      o->value = v;
      return true;
   case AGX_ISA_CODEC_TRUTH:
      if (strlen(tok) != 4)
         return false;
      for (unsigned i = 0; i < 4; ++i) {
         if (tok[i] != '0' && tok[i] != '1')
            return false;
         o->value |= (int64_t)(tok[i] - '0') << i;
      }
      return true;
   case AGX_ISA_CODEC_SHIFT:
      if (strncmp(tok, "lsl ", 4) || !parse_int(trim((char *)tok + 4), &v))
         return false;
      o->value = v;
      return true;
   case AGX_ISA_CODEC_MASK: {
      if (strncmp(tok, "mask ", 5) || !parse_int(trim((char *)tok + 5), &v))
         return false;
      /* mask must be (1 << m) - 1 with 0 < m <= 32; m = 32 encodes as 0 */
      uint64_t m1 = (uint64_t)v + 1;
      if (v <= 0 || (m1 & (m1 - 1)))
         return false;
      unsigned m = 0;
      while ((UINT64_C(1) << m) != m1)
         m++;
      if (m > 32)
         return false;
      o->value = m == 32 ? 0 : m;
      return true;
   }
   case AGX_ISA_CODEC_OFFSET:
      if (!strncmp(tok, "pc", 2) && (tok[2] == '+' || tok[2] == '-')) {
         char tmp[64];
         snprintf(tmp, sizeof(tmp), "%s", tok + 2);
         if (!parse_int(trim(tmp), &v))
            return false;
         o->value = v;
         return true;
      }
      if (ctx && ctx->resolve && ctx->resolve(ctx->data, tok, &v)) {
         o->value = v - (int64_t)ctx->pc;
         return true;
      }
      return false;
   case AGX_ISA_CODEC_SREG: {
      char tmp[96];
      snprintf(tmp, sizeof(tmp), "%s", tok);
      char *paren = strstr(tmp, " (");
      if (paren)
         *paren = 0;
      if (strncmp(tmp, "sr", 2) || !parse_int(tmp + 2, &v))
         return false;
      o->value = v;
      return true;
   }
   }
   return false;
}

/* Does `text` spell `base` followed by some of the form's suffixes?  Sets
 * the matching suffix operands. */
static bool
match_mnemonic(const struct agx_isa_form *form, const char *base,
               const char *text, struct agx_isa_instr *out)
{
   size_t n = strlen(base);
   if (strncmp(text, base, n))
      return false;
   text += n;
   for (unsigned i = 0; i < form->info.nr_operands; ++i) {
      const struct agx_isa_operand_desc *d = &form->operands[i];
      if (d->print != AGX_ISA_PRINT_SUFFIX)
         continue;
      size_t m = strlen(d->text);
      if (m && !strncmp(text, d->text, m)) {
         out->operands[i].value = 1;
         text += m;
      }
   }
   return *text == 0;
}

static bool
is_optional(const struct agx_isa_operand_desc *d)
{
   return d->codec == AGX_ISA_CODEC_SHIFT || d->codec == AGX_ISA_CODEC_MASK;
}

static bool
optional_present(const struct agx_isa_operand_desc *d, const char *tok)
{
   if (!tok)
      return false;
   if (d->codec == AGX_ISA_CODEC_SHIFT)
      return !strncmp(tok, "lsl ", 4);
   return !strncmp(tok, "mask ", 5);
}

/* Try one form (alias may be NULL) against the operand tokens. */
static int
try_form(enum agx_isa_op op, const struct agx_isa_alias *alias,
         const char *mnemonic, char **toks, unsigned nr_toks,
         const struct agx_isa_parse_ctx *ctx, struct agx_isa_instr *out,
         char *err, size_t err_size)
{
   const struct agx_isa_form *form = &agx_isa_forms[op];
   uint8_t order[AGX_ISA_MAX_OPERANDS];
   unsigned nr = 0;

   memset(out, 0, sizeof(*out));
   out->op = op;
   out->nr_operands = form->info.nr_operands;
   for (unsigned i = 0; i < form->info.nr_operands; ++i)
      set_default(&form->operands[i], &out->operands[i], 0);

   if (!match_mnemonic(form, alias ? alias->mnemonic : form->info.mnemonic,
                       mnemonic, out))
      return AGX_ISA_ERR_SYNTAX;

   if (alias) {
      for (unsigned c = 0; c < alias->nr_conds; ++c) {
         unsigned i = alias->conds[c].operand;
         set_default(&form->operands[i], &out->operands[i],
                     alias->conds[c].value);
      }
      nr = alias->nr_shown;
      memcpy(order, alias->shown, nr);
   } else {
      for (unsigned i = 0; i < form->info.nr_operands; ++i) {
         if (form->operands[i].print == AGX_ISA_PRINT_OPERAND)
            order[nr++] = i;
      }
   }

   unsigned t = 0;
   for (unsigned k = 0; k < nr; ++k) {
      unsigned i = order[k];
      const struct agx_isa_operand_desc *d = &form->operands[i];
      const char *tok = t < nr_toks ? toks[t] : NULL;
      if (is_optional(d) && !optional_present(d, tok))
         continue;
      if (!tok) {
         set_err(err, err_size, "%s: too few operands", mnemonic);
         return AGX_ISA_ERR_SYNTAX;
      }
      if (!parse_operand(d, tok, ctx, &out->operands[i])) {
         set_err(err, err_size, "%s: bad operand %u '%s'", mnemonic, t + 1,
                 tok);
         return AGX_ISA_ERR_SYNTAX;
      }
      t++;
   }
   if (t != nr_toks) {
      set_err(err, err_size, "%s: too many operands", mnemonic);
      return AGX_ISA_ERR_SYNTAX;
   }

   uint8_t bytes[AGX_ISA_MAX_LENGTH];
   int len = agx_isa_encode(out, bytes, sizeof(bytes));
   if (len < 0) {
      set_err(err, err_size, "%s: operands do not fit this instruction",
              mnemonic);
      return len;
   }
   out->length = len;
   return AGX_ISA_OK;
}

int
agx_isa_parse_with(const char *text, const struct agx_isa_parse_ctx *ctx,
                   struct agx_isa_instr *out, char *err, size_t err_size)
{
   char buf[512];
   char *toks[MAX_TOKENS];
   unsigned nr_toks = 0;

   memset(out, 0, sizeof(*out));
   if (!text || strlen(text) >= sizeof(buf)) {
      set_err(err, err_size, "line too long");
      return AGX_ISA_ERR_SYNTAX;
   }
   snprintf(buf, sizeof(buf), "%s", text);
   char *s = trim(buf);
   char *mnemonic = s;
   while (*s && !isspace((unsigned char)*s))
      s++;
   if (*s) {
      *s++ = 0;
      s = trim(s);
      while (*s) {
         if (nr_toks == MAX_TOKENS) {
            set_err(err, err_size, "too many operands");
            return AGX_ISA_ERR_SYNTAX;
         }
         char *comma = strchr(s, ',');
         if (comma)
            *comma = 0;
         toks[nr_toks++] = trim(s);
         if (!comma)
            break;
         s = comma + 1;
      }
   }
   if (!*mnemonic) {
      set_err(err, err_size, "empty instruction");
      return AGX_ISA_ERR_SYNTAX;
   }

   int first_err = 0;
   char first_msg[160] = "";
   for (unsigned k = 0; k < AGX_ISA_NUM_OPS - 1; ++k) {
      enum agx_isa_op op = agx_isa_decode_order[k];
      const struct agx_isa_form *form = &agx_isa_forms[op];
      for (int a = -1; a < (int)form->nr_aliases; ++a) {
         const struct agx_isa_alias *alias = a < 0 ? NULL : &form->aliases[a];
         const char *base = alias ? alias->mnemonic : form->info.mnemonic;
         if (strncmp(mnemonic, base, strlen(base)))
            continue;
         char msg[160] = "";
         int r = try_form(op, alias, mnemonic, toks, nr_toks, ctx, out, msg,
                          sizeof(msg));
         if (r == AGX_ISA_OK)
            return AGX_ISA_OK;
         if (!first_err && msg[0]) {
            first_err = r;
            snprintf(first_msg, sizeof(first_msg), "%s", msg);
         }
      }
   }
   memset(out, 0, sizeof(*out));
   if (first_err) {
      set_err(err, err_size, "%s", first_msg);
      return first_err;
   }
   set_err(err, err_size, "unknown mnemonic '%s'", mnemonic);
   return AGX_ISA_ERR_SYNTAX;
}

int
agx_isa_parse(const char *text, struct agx_isa_instr *out, char *err,
              size_t err_size)
{
   return agx_isa_parse_with(text, NULL, out, err, err_size);
}
