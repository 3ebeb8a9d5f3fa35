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
   if (!*s ||
       !(isdigit((unsigned char)*s) || *s == '-' || *s == '+' || *s == '.'))
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

/* r4_r5 written as a run of two 32-bit registers is one 64-bit register
 * for every codec except register runs. */
static void
as_single(struct agx_isa_operand *o)
{
   if (o->size == 32 && o->count == 2) {
      o->size = 64;
      o->count = 1;
   }
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

/* ts5, ss3, cf12 */
static bool
parse_state(const char *tok, struct agx_isa_operand *o)
{
   static const struct {
      const char *prefix;
      enum agx_isa_kind kind;
   } kinds[] = {
      {"ts", AGX_ISA_KIND_TEXTURE_STATE},
      {"ss", AGX_ISA_KIND_SAMPLER_STATE},
      {"cf", AGX_ISA_KIND_CF},
   };
   for (unsigned i = 0; i < 3; ++i) {
      int64_t v;
      if (!strncmp(tok, kinds[i].prefix, 2) && isdigit((unsigned char)tok[2]) &&
          parse_int(tok + 2, &v) && v >= 0) {
         memset(o, 0, sizeof(*o));
         o->kind = kinds[i].kind;
         o->size = 32;
         o->count = 1;
         o->value = v;
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
   case AGX_ISA_CODEC_CMPOFF:
      o->kind = AGX_ISA_KIND_REG;
      o->size = 16;
      o->count = 0;
      return;
   case AGX_ISA_CODEC_LOD:
      o->kind = AGX_ISA_KIND_IMM;
      o->size = agx_isa_field_width(&d->value);
      return;
   case AGX_ISA_CODEC_REGRUN:
      /* an empty run: absent, or no registers */
      if (d->present.nr) {
         o->kind = AGX_ISA_KIND_NONE;
      } else {
         o->kind = AGX_ISA_KIND_REG;
         o->size = 16;
         o->count = 0;
      }
      return;
   case AGX_ISA_CODEC_REGIMM:
      o->kind = AGX_ISA_KIND_IMM;
      for (unsigned i = 0; i < d->nr_choices; ++i) {
         if (d->choices[i].kind == AGX_ISA_CHOICE_EMPTY)
            o->kind = AGX_ISA_KIND_NONE;
      }
      if (o->kind == AGX_ISA_KIND_IMM)
         o->size = agx_isa_field_width(&d->value);
      return;
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
      if (!parse_register(tok, o) || o->kind != AGX_ISA_KIND_REG)
         return false;
      if (d->count == 2) /* paired: r0_r1 or r0h_r1l */
         return o->count == 2;
      as_single(o);
      return o->count == 1;
   case AGX_ISA_CODEC_REGRUN:
   case AGX_ISA_CODEC_COORDS:
      return parse_register(tok, o) &&
             (o->kind == AGX_ISA_KIND_REG ||
              (d->type_uniform && o->kind == AGX_ISA_KIND_UREG));
   case AGX_ISA_CODEC_LOD:
      if (parse_register(tok, o))
         return true;
      set_default(d, o, 0);
      if (!parse_int(tok, &v))
         return false;
      o->value = v;
      return true;
   case AGX_ISA_CODEC_CMPOFF: {
      /* "r4", "r6l" or "r4_r6l" */
      char tmp[64];
      snprintf(tmp, sizeof(tmp), "%s", tok);
      char *second = strchr(tmp, '_');
      if (second)
         *second++ = 0;
      struct agx_isa_operand a, b;
      if (!parse_register(tmp, &a) || a.kind != AGX_ISA_KIND_REG ||
          a.count != 1 || a.flags)
         return false;
      *o = a;
      if (!second)
         return true;
      if (!parse_register(second, &b) || b.kind != AGX_ISA_KIND_REG ||
          b.count != 1 || b.flags || a.size != 32 || b.size != 16 ||
          b.value != a.value + 2)
         return false;
      o->count = 2;
      return true;
   }
   case AGX_ISA_CODEC_REGIMM:
      if (parse_register(tok, o)) {
         as_single(o);
         return o->count == 1;
      }
      if (parse_state(tok, o))
         return true;
      set_default(d, o, 0);
      o->kind = AGX_ISA_KIND_IMM;
      if (!parse_int(tok, &v))
         return false;
      o->value = v;
      return true;
   case AGX_ISA_CODEC_SRC:
   case AGX_ISA_CODEC_CMPSEL:
      if (parse_register(tok, o)) {
         if (d->count == 2 && o->kind == AGX_ISA_KIND_REG)
            return o->count == 2;
         as_single(o);
         return o->count == 1;
      }
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

/* Can the operand be left out of the text (it prints as nothing)?  Sets
 * *o to that value. */
static bool
empty_value(const struct agx_isa_operand_desc *d, struct agx_isa_operand *o)
{
   switch ((enum agx_isa_codec)d->codec) {
   case AGX_ISA_CODEC_SHIFT:
   case AGX_ISA_CODEC_MASK:
   case AGX_ISA_CODEC_REGRUN:
   case AGX_ISA_CODEC_CMPOFF:
      set_default(d, o, 0);
      return true;
   case AGX_ISA_CODEC_REGIMM:
      set_default(d, o, 0);
      return o->kind == AGX_ISA_KIND_NONE;
   case AGX_ISA_CODEC_ENUM:
      for (unsigned i = 0; i < d->nr_names; ++i) {
         if (!d->names[i].name[0]) {
            set_default(d, o, d->names[i].value);
            return true;
         }
      }
      return false;
   default:
      return false;
   }
}

/* Alternative readings of an enum name that several values share. */
static bool
parse_enum_alt(const struct agx_isa_operand_desc *d, const char *tok,
               unsigned alt, struct agx_isa_operand *o)
{
   unsigned n = 0;
   for (unsigned i = 0; i < d->nr_names; ++i) {
      if (!strcmp(d->names[i].name, tok) && n++ == alt) {
         set_default(d, o, d->names[i].value);
         return true;
      }
   }
   return false;
}

struct match {
   const struct agx_isa_form *form;
   const uint8_t *order;
   unsigned nr;
   char **toks;
   unsigned nr_toks;
   const struct agx_isa_parse_ctx *ctx;
   struct agx_isa_instr *out;
   unsigned bad_tok;   /* furthest token that failed to parse, + 1 */
   bool encode_failed; /* all tokens parsed but did not encode */
};

/* Assign tokens t.. to operand slots k..; operands that may print as
 * nothing are tried both absent and present.  Succeeds when every token
 * is used and the result encodes. */
static bool
match_from(struct match *m, unsigned k, unsigned t)
{
   if (k == m->nr) {
      uint8_t bytes[AGX_ISA_MAX_LENGTH];
      if (t != m->nr_toks)
         return false;
      if (agx_isa_encode(m->out, bytes, sizeof(bytes)) > 0)
         return true;
      m->encode_failed = true;
      return false;
   }

   unsigned i = m->order[k];
   const struct agx_isa_operand_desc *d = &m->form->operands[i];
   struct agx_isa_operand *o = &m->out->operands[i];
   struct agx_isa_operand saved = *o;

   if (empty_value(d, o) && match_from(m, k + 1, t))
      return true;

   if (t < m->nr_toks) {
      const char *tok = m->toks[t];
      for (unsigned alt = 0; alt < 4; ++alt) {
         bool ok = d->codec == AGX_ISA_CODEC_ENUM && d->nr_names
                      ? parse_enum_alt(d, tok, alt, o)
                      : false;
         if (!ok && alt == 0)
            ok = parse_operand(d, tok, m->ctx, o);
         if (!ok) {
            if (alt == 0 && t + 1 > m->bad_tok)
               m->bad_tok = t + 1;
            break;
         }
         if (match_from(m, k + 1, t + 1))
            return true;
      }
   }
   *o = saved;
   return false;
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

   struct match m = {form, order, nr, toks, nr_toks, ctx, out, 0, false};
   if (!match_from(&m, 0, 0)) {
      if (m.encode_failed) {
         set_err(err, err_size, "%s: operands do not fit this instruction",
                 mnemonic);
         return AGX_ISA_ERR_OPERAND;
      }
      if (m.bad_tok)
         set_err(err, err_size, "%s: bad operand %u '%s'", mnemonic, m.bad_tok,
                 toks[m.bad_tok - 1]);
      else
         set_err(err, err_size, "%s: wrong number of operands", mnemonic);
      return AGX_ISA_ERR_SYNTAX;
   }

   uint8_t bytes[AGX_ISA_MAX_LENGTH];
   int len = agx_isa_encode(out, bytes, sizeof(bytes));
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

bool
agx_isa_instr_init(struct agx_isa_instr *instr, enum agx_isa_op op)
{
   memset(instr, 0, sizeof(*instr));
   if (!agx_isa_op_info(op))
      return false;
   const struct agx_isa_form *form = &agx_isa_forms[op];
   instr->op = op;
   instr->nr_operands = form->info.nr_operands;
   for (unsigned i = 0; i < form->info.nr_operands; ++i)
      set_default(&form->operands[i], &instr->operands[i], 0);
   return true;
}
