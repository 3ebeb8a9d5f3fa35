#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Turn cmdbuf.xml into C.

   gen_pack.py cmdbuf.xml pack OUT.h     agx_pack.h: structs, pack, unpack,
                                         print, lengths, enums + to-string
   gen_pack.py cmdbuf.xml tests OUT.c [HEADER]
                                         self-checks for every struct, used
                                         by src/asahi/genxml/tests

The XML schema is described at the top of cmdbuf.xml.
"""

import re
import sys
import xml.etree.ElementTree as ET

from mako.template import Template

FIELD_KINDS = ('uint', 'int', 'bool', 'hex', 'float', 'half', 'lod', 'address')


class GenError(Exception):
    pass


def ident(name):
    """'Fragment face 2' -> 'fragment_face_2'."""
    s = re.sub(r'[^0-9A-Za-z]+', '_', name.strip()).strip('_').lower()
    if not s:
        raise GenError(f'name {name!r} has no identifier characters')
    return s


def parse_int(text, what):
    try:
        return int(text, 0)
    except (TypeError, ValueError):
        raise GenError(f'{what}: {text!r} is not an integer')


C_KEYWORDS = set('''auto break case char const continue default do double else
    enum extern float for goto if inline int long register restrict return
    short signed sizeof static struct switch typedef union unsigned void
    volatile while bool true false'''.split())


def field_ident(name):
    """A struct member name; C keywords get a trailing underscore."""
    s = ident(name)
    if s in C_KEYWORDS or s[0].isdigit():
        s += '_' if s in C_KEYWORDS else ''
        s = s if not s[0].isdigit() else '_' + s
    return s


class Enum:
    def __init__(self, node):
        self.name = node.get('name')
        self.id = ident(self.name)
        self.brief = node.get('brief', '')
        self.values = []  # (name, c identifier, value)
        seen = set()
        for v in node.findall('value'):
            cname = f'AGX_{self.id.upper()}_{ident(v.get("name")).upper()}'
            val = parse_int(v.get('v'), f'enum {self.name}')
            if cname in seen:
                raise GenError(f'enum {self.name}: duplicate {cname}')
            seen.add(cname)
            self.values.append((v.get('name'), cname, val))
        if not self.values:
            raise GenError(f'enum {self.name} has no values')

    def lookup(self, name):
        for human, cname, _ in self.values:
            if ident(human) == ident(name):
                return cname
        raise GenError(f'enum {self.name} has no value {name!r}')


class Field:
    def __init__(self, node, struct, enums):
        self.name = node.get('name')
        self.id = field_ident(self.name)
        self.label = self.name[0].upper() + self.name[1:]
        where = f'{struct.name}.{self.name}'
        self.lo, self.hi = self.parse_bits(node.get('bits'), where)
        self.width = self.hi - self.lo + 1
        self.struct_bytes = struct.bytes
        if self.hi >= struct.bytes * 8:
            raise GenError(f'{where}: bit {self.hi} is past the struct end')
        if self.width > 64:
            raise GenError(f'{where}: fields are at most 64 bits')

        t = node.get('type')
        self.enum = enums.get(ident(t)) if t else None
        if self.enum:
            self.kind = 'enum'
        elif t in FIELD_KINDS:
            self.kind = t
        else:
            raise GenError(f'{where}: unknown type {t!r}')

        self.minus = parse_int(node.get('minus', '0'), where)
        self.shift = parse_int(node.get('shift', '0'), where)
        self.log2 = node.get('log2', '0') in ('1', 'true')
        self.groups = parse_int(node.get('groups', '0'), where)
        mods = sum([self.minus != 0, self.shift != 0, self.log2,
                    self.groups != 0])
        if mods > 1:
            raise GenError(f'{where}: at most one modifier per field')
        if mods and self.kind not in ('uint', 'hex', 'address'):
            raise GenError(f'{where}: modifiers need an integer type')
        if self.kind == 'bool' and self.width != 1:
            raise GenError(f'{where}: bool fields are 1 bit')
        if self.kind == 'float' and self.width != 32:
            raise GenError(f'{where}: float fields are 32 bits')
        if self.kind == 'half' and self.width != 16:
            raise GenError(f'{where}: half fields are 16 bits')
        if self.kind == 'lod' and self.width != 10:
            raise GenError(f'{where}: lod fields are 10 bits (4.6 fixed)')
        if self.width + self.shift > 64:
            raise GenError(f'{where}: shifted value exceeds 64 bits')
        if self.groups and self.groups & (self.groups - 1):
            raise GenError(f'{where}: groups must be a power of two')

        self.default_text = node.get('default')
        self.ctype = self.choose_ctype()
        self.default = self.c_default()

    @staticmethod
    def parse_bits(text, where):
        m = re.fullmatch(r'(?:(\d+):)?(\d+)(?:-(\d+))?', text or '')
        if not m:
            raise GenError(f'{where}: bad bits {text!r}')
        word = int(m.group(1)) if m.group(1) else 0
        lo = int(m.group(2))
        hi = int(m.group(3)) if m.group(3) else lo
        if m.group(1) and hi > 31:
            raise GenError(f'{where}: word-relative bits must be < 32')
        if hi < lo:
            raise GenError(f'{where}: bits {text!r} are reversed')
        return word * 32 + lo, word * 32 + hi

    def max_real(self):
        """Largest value of the field in the unpacked domain."""
        stored = (1 << self.width) - 1
        if self.log2:
            return 1 << min(stored, 63)
        if self.groups:
            return (stored + 1) * self.groups
        return (stored << self.shift) + self.minus

    def choose_ctype(self):
        if self.kind == 'bool':
            return 'bool'
        if self.kind in ('float', 'half', 'lod'):
            return 'float'
        if self.kind == 'enum':
            return f'enum agx_{self.enum.id}'
        if self.kind == 'int':
            return 'int32_t' if self.width <= 32 else 'int64_t'
        if self.kind == 'address':
            return 'uint64_t'
        return 'uint32_t' if self.max_real() < (1 << 32) else 'uint64_t'

    def c_default(self):
        d = self.default_text
        if d is None:
            # The implicit default is the value with the smallest encoding
            # that packing reproduces exactly (one group, not "all").
            if self.ctype == 'float':
                return '0.0f'
            if self.groups:
                return str(self.groups)
            if self.log2:
                return '1'
            return str(self.minus)
        if self.kind == 'enum':
            return self.enum.lookup(d)
        if self.kind == 'bool':
            if d not in ('0', '1', 'true', 'false'):
                raise GenError(f'{self.name}: bad bool default {d!r}')
            return 'true' if d in ('1', 'true') else 'false'
        if self.ctype == 'float':
            float(d)
            return f'{float(d)!r}f'
        n = parse_int(d, self.name)
        if self.kind == 'int':
            half = 1 << (self.width - 1)
            if not -half <= n < half:
                raise GenError(f'{self.name}: default {d} does not fit')
            return d
        ok = n >= self.minus and n <= self.max_real()
        if self.shift:
            ok = ok and n % (1 << self.shift) == 0
        if self.log2:
            ok = ok and n > 0 and n & (n - 1) == 0
        if self.groups:
            ok = ok and n > 0 and n % self.groups == 0
        if not ok:
            raise GenError(f'{self.name}: default {d} is not representable')
        return d

    def is_wide(self):
        return self.ctype in ('uint64_t', 'int64_t')


class Struct:
    def __init__(self, node, enums):
        self.name = node.get('name')
        self.id = ident(self.name)
        self.ID = self.id.upper()
        self.brief = node.get('brief', '')
        self.bytes = parse_int(node.get('bytes'), f'struct {self.name}')
        if not 0 < self.bytes <= 4096:
            raise GenError(f'struct {self.name}: bad size')
        self.fields = [Field(f, self, enums) for f in node.findall('field')]
        if not self.fields:
            raise GenError(f'struct {self.name}: needs at least one field')
        ids = [f.id for f in self.fields]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise GenError(f'struct {self.name}: duplicate fields {dup}')

        self.known = [0] * self.bytes
        for f in self.fields:
            for b in range(f.lo, f.hi + 1):
                self.known[b // 8] |= 1 << (b % 8)

        # Overlapping fields are alternative readings; split them into
        # variants of mutually disjoint fields for the self-checks.
        self.variants = []
        for f in self.fields:
            for v in self.variants:
                if all(f.hi < g.lo or g.hi < f.lo for g in v):
                    v.append(f)
                    break
            else:
                self.variants.append([f])

    def words(self):
        return (self.bytes + 3) // 4

    def field_mask(self, f):
        m = [0] * self.bytes
        for b in range(f.lo, f.hi + 1):
            m[b // 8] |= 1 << (b % 8)
        return m


def load(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        raise GenError(f'{path}: {e}')
    enums = {}
    structs = []
    for node in root:
        if node.tag == 'enum':
            e = Enum(node)
            if e.id in enums:
                raise GenError(f'duplicate enum {e.name}')
            enums[e.id] = e
        elif node.tag == 'struct':
            structs.append(Struct(node, enums))
        else:
            raise GenError(f'unexpected element <{node.tag}>')
    ids = [s.id for s in structs]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise GenError(f'duplicate structs {dup}')
    return list(enums.values()), structs


PACK_TEMPLATE = r"""/* Generated by gen_pack.py from cmdbuf.xml: do not edit. */
/* SPDX-License-Identifier: MIT */
#ifndef AGX_PACK_H
#define AGX_PACK_H

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- bit helpers shared by every struct ----------------------------- */

static inline uint64_t
agx_genxml_get_bits(const uint8_t *p, unsigned lo, unsigned width)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < width;) {
      unsigned bit = lo + i, sh = bit % 8;
      unsigned take = 8 - sh < width - i ? 8 - sh : width - i;
      v |= (uint64_t)((p[bit / 8] >> sh) & ((1u << take) - 1)) << i;
      i += take;
   }
   return v;
}

static inline void
agx_genxml_put_bits(uint8_t *p, unsigned lo, unsigned width, uint64_t v)
{
   for (unsigned i = 0; i < width;) {
      unsigned bit = lo + i, sh = bit % 8;
      unsigned take = 8 - sh < width - i ? 8 - sh : width - i;
      p[bit / 8] |= (uint8_t)(((v >> i) & ((1u << take) - 1)) << sh);
      i += take;
   }
}

static inline uint64_t
agx_genxml_mask(unsigned width)
{
   return width >= 64 ? ~0ull : (1ull << width) - 1;
}

/* agx_genxml_put_bits of a field inside the 1, 2, 4 or 8 bytes (`bytes`)
 * from p, at bit `shift` of them: one load, OR and store of that
 * little-endian word instead of a byte at a time (bit i of a struct is
 * bit i % 8 of byte i / 8 either way). */
static inline void
agx_genxml_put_word(uint8_t *p, unsigned bytes, unsigned shift,
                    unsigned width, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
   uint64_t field = (v & agx_genxml_mask(width)) << shift;
   if (bytes == 1) {
      p[0] |= (uint8_t)field;
   } else if (bytes == 2) {
      uint16_t w;
      memcpy(&w, p, 2);
      w |= (uint16_t)field;
      memcpy(p, &w, 2);
   } else if (bytes == 4) {
      uint32_t w;
      memcpy(&w, p, 4);
      w |= (uint32_t)field;
      memcpy(p, &w, 4);
   } else {
      uint64_t w;
      memcpy(&w, p, 8);
      w |= field;
      memcpy(p, &w, 8);
   }
#else
   agx_genxml_put_bits(p, shift, width, v);
#endif
}

/* agx_genxml_get_bits of a field inside the 1, 2, 4 or 8 bytes (`bytes`)
 * from p, at bit `shift` of them: one load of that little-endian word,
 * a shift and a mask (the reading side of agx_genxml_put_word). */
static inline uint64_t
agx_genxml_get_word(const uint8_t *p, unsigned bytes, unsigned shift,
                    unsigned width)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
   uint64_t w;
   if (bytes == 1) {
      w = p[0];
   } else if (bytes == 2) {
      uint16_t h;
      memcpy(&h, p, 2);
      w = h;
   } else if (bytes == 4) {
      uint32_t h;
      memcpy(&h, p, 4);
      w = h;
   } else {
      memcpy(&w, p, 8);
   }
   return (w >> shift) & agx_genxml_mask(width);
#else
   return agx_genxml_get_bits(p, shift, width);
#endif
}

static inline uint32_t
agx_genxml_fui(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static inline float
agx_genxml_uif(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* IEEE binary16 <-> binary32, round to nearest even. */
static inline float
agx_genxml_half_to_float(uint16_t h)
{
   uint32_t sign = (uint32_t)(h >> 15) << 31;
   uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ff;
   if (exp == 0x1f)
      return agx_genxml_uif(sign | 0x7f800000u | (man << 13));
   if (exp == 0) {
      float f = (float)man * (1.0f / 16777216.0f); /* man * 2^-24 */
      return sign ? -f : f;
   }
   return agx_genxml_uif(sign | ((exp + 112) << 23) | (man << 13));
}

static inline uint16_t
agx_genxml_float_to_half(float f)
{
   uint32_t u = agx_genxml_fui(f);
   uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
   uint32_t abs = u & 0x7fffffffu;
   if (abs >= 0x7f800000u) /* inf or nan */
      return sign | 0x7c00 | (abs > 0x7f800000u ? 0x200 : 0);
   if (abs >= 0x477ff000u) /* rounds past the largest half */
      return sign | 0x7c00;
   if (abs < 0x38800000u) { /* half subnormal or zero */
      uint32_t man = (abs & 0x7fffff) | 0x800000;
      unsigned e = abs >> 23;
      if (e < 102)
         return sign;
      unsigned shift = 126 - e; /* 14..24 */
      uint32_t v = man >> shift, rest = man & ((1u << shift) - 1);
      uint32_t half_way = 1u << (shift - 1);
      if (rest > half_way || (rest == half_way && (v & 1)))
         v++;
      return sign | (uint16_t)v;
   }
   uint32_t v = ((abs >> 13) - (112u << 10)), rest = abs & 0x1fff;
   if (rest > 0x1000 || (rest == 0x1000 && (v & 1)))
      v++;
   return sign | (uint16_t)v;
}

/* Level of detail: unsigned 4.6 fixed point, clamped to [0, 14]. */
static inline uint32_t
agx_genxml_pack_lod(float f)
{
   if (!(f > 0.0f))
      return 0;
   if (f > 14.0f)
      f = 14.0f;
   return (uint32_t)(f * 64.0f + 0.5f);
}

static inline void
agx_genxml_report(FILE *fp, const char *name, const uint8_t *p,
                  const uint8_t *known, unsigned length)
{
   for (unsigned i = 0; i < length; i++) {
      if (p[i] & ~known[i] && fp) {
         fprintf(fp, "XXX: %s: unknown bits set in byte %u: 0x%02x\n", name,
                 i, p[i] & ~known[i] & 0xff);
      }
   }
}

/* ---- convenience macros --------------------------------------------- */

/* agx_pack(dst, T, cfg) { cfg.x = ...; }  packs a default-initialised T. */
#define agx_pack(dst, T, name)                                                \
   for (struct AGX_##T name = {AGX_##T##_header}, *_agx_done = NULL;          \
        _agx_done == NULL;                                                    \
        AGX_##T##_pack((dst), &name), _agx_done = (struct AGX_##T *)1)

/* Declares `var` and unpacks into it; unknown bits are reported to fp. */
#define agx_unpack(fp, src, T, var)                                           \
   struct AGX_##T var;                                                        \
   AGX_##T##_unpack((fp), (const void *)(src), &var)

#define agx_print(fp, T, var, indent) AGX_##T##_print((fp), &(var), (indent))

/* OR a packed T at src into the packed T at dst (compile-time half +
 * draw-time half). */
#define agx_merge(dst, src, T) AGX_##T##_merge((dst), (src))

/* ---- enums ---------------------------------------------------------- */
% for e in enums:

/* ${e.brief} */
enum agx_${e.id} {
% for human, cname, val in e.values:
   ${cname} = ${hex(val) if val > 9 else val},
% endfor
};

static inline const char *
agx_${e.id}_as_str(enum agx_${e.id} v)
{
   switch ((unsigned)v) {
% for human, cname, val in e.values:
   case ${cname}: return "${human}";
% endfor
   default: return NULL;
   }
}
% endfor

/* ---- structs -------------------------------------------------------- */
% for s in structs:

/* ${s.name}: ${s.brief} */
struct AGX_${s.ID} {
% for f in s.fields:
   ${f.ctype} ${f.id};
% endfor
};

#define AGX_${s.ID}_LENGTH ${s.bytes}
#define AGX_${s.ID}_header ${', '.join(f'.{f.id} = {f.default}' for f in s.fields)}

struct agx_${s.id}_packed {
   uint32_t opaque[${s.words()}];
};

static inline void
AGX_${s.ID}_pack(void *out, const struct AGX_${s.ID} *restrict v)
{
   uint8_t *p = (uint8_t *)out;
   memset(p, 0, ${s.bytes});
% for f in s.fields:
${pack_field(f)}\
% endfor
}

static inline bool
AGX_${s.ID}_unpack(FILE *fp, const void *in, struct AGX_${s.ID} *restrict v)
{
   static const uint8_t known[${s.bytes}] = {${', '.join(hex(b) for b in s.known)}};
   const uint8_t *p = (const uint8_t *)in;
   bool ok = true;
   uint64_t s;
   for (unsigned i = 0; i < ${s.bytes}; i++)
      ok &= !(p[i] & ~known[i]);
   if (!ok)
      agx_genxml_report(fp, "${s.name}", p, known, ${s.bytes});
% for f in s.fields:
   s = ${get_call(f)};
${unpack_field(f)}\
% endfor
   (void)s;
   return ok;
}

static inline void
AGX_${s.ID}_print(FILE *fp, const struct AGX_${s.ID} *v, unsigned indent)
{
% for f in s.fields:
${print_field(f)}\
% endfor
}

static inline void
AGX_${s.ID}_merge(void *dst, const void *src)
{
   for (unsigned i = 0; i < ${s.bytes}; i++)
      ((uint8_t *)dst)[i] |= ((const uint8_t *)src)[i];
}
% endfor

#endif /* AGX_PACK_H */
"""


def pack_field(f):
    v = f'v->{f.id}'
    mask = f'agx_genxml_mask({f.width})'
    out = []
    if f.kind == 'bool':
        stored = f'(uint64_t)({v} ? 1 : 0)'
    elif f.kind == 'float':
        stored = f'(uint64_t)agx_genxml_fui({v})'
    elif f.kind == 'half':
        stored = f'(uint64_t)agx_genxml_float_to_half({v})'
    elif f.kind == 'lod':
        stored = f'(uint64_t)agx_genxml_pack_lod({v})'
    elif f.kind == 'int':
        lo = -(1 << (f.width - 1))
        hi = (1 << (f.width - 1)) - 1
        if f.width < 64:
            out.append(f'   assert({v} >= {lo}ll && {v} <= {hi}ll);')
        stored = f'((uint64_t)(int64_t){v} & {mask})'
    elif f.kind == 'enum':
        out.append(f'   assert((uint64_t){v} <= {mask});')
        stored = f'(uint64_t){v}'
    else:
        if f.minus:
            out.append(f'   assert((uint64_t){v} >= {f.minus});')
            stored = f'((uint64_t){v} - {f.minus})'
        elif f.shift:
            out.append(f'   assert(((uint64_t){v} & '
                       f'agx_genxml_mask({f.shift})) == 0);')
            stored = f'((uint64_t){v} >> {f.shift})'
        elif f.log2:
            out.append(f'   assert({v} != 0 && ({v} & ({v} - 1)) == 0);')
            stored = f'(uint64_t)(63 - __builtin_clzll((uint64_t){v}))'
        elif f.groups:
            out.append(f'   assert((uint64_t){v} <= '
                       f'{(1 << f.width) * f.groups}ull);')
            stored = (f'({v} ? (((uint64_t){v} + {f.groups - 1}) / '
                      f'{f.groups}) & {mask} : 1)')
        else:
            stored = f'(uint64_t){v}'
        if not f.groups:
            out.append(f'   assert({stored} <= {mask});')
    out.append(f'   {put_call(f, stored)}')
    return '\n'.join(out) + '\n'


def word_window(f):
    """Where a field can be read or written as one little-endian word:
    (first byte, bytes, shift) when it fits in an aligned 32- or 64-bit
    word of the struct (fields sharing a word then share its loads and
    stores), else in 1, 2, 4 or 8 bytes from its first byte (the fewest
    that hold it inside the struct); None when only byte by byte works."""
    windows = [(f.lo // size * size // 8, size // 8) for size in (32, 64)]
    windows += [(f.lo // 8, n) for n in (1, 2, 4, 8)]
    for first, n in windows:
        shift = f.lo - first * 8
        if shift + f.width <= n * 8 and first + n <= f.struct_bytes:
            return first, n, shift
    return None


def put_call(f, stored):
    """The store of a packed field, word-wise when word_window allows."""
    w = word_window(f)
    if w:
        first, n, shift = w
        return (f'agx_genxml_put_word(p + {first}, {n}, {shift}, '
                f'{f.width}, {stored});')
    return f'agx_genxml_put_bits(p, {f.lo}, {f.width}, {stored});'


def get_call(f):
    """The load of a packed field (raw bits), word-wise when word_window
    allows: one load, shift and mask of the word holding it."""
    w = word_window(f)
    if w:
        first, n, shift = w
        return f'agx_genxml_get_word(p + {first}, {n}, {shift}, {f.width})'
    return f'agx_genxml_get_bits(p, {f.lo}, {f.width})'


def unpack_field(f):
    v = f'v->{f.id}'
    if f.kind == 'bool':
        e = 's != 0'
    elif f.kind == 'float':
        e = 'agx_genxml_uif((uint32_t)s)'
    elif f.kind == 'half':
        e = 'agx_genxml_half_to_float((uint16_t)s)'
    elif f.kind == 'lod':
        e = '(float)s / 64.0f'
    elif f.kind == 'int':
        sh = 64 - f.width
        e = f'({f.ctype})((int64_t)(s << {sh}) >> {sh})' if sh else \
            f'({f.ctype})(int64_t)s'
    elif f.kind == 'enum':
        e = f'({f.ctype})s'
    elif f.minus:
        e = f'({f.ctype})(s + {f.minus})'
    elif f.shift:
        e = f'({f.ctype})(s << {f.shift})'
    elif f.log2:
        e = f'({f.ctype})(s < 63 ? 1ull << s : 0)'
    elif f.groups:
        e = (f'({f.ctype})((s ? s : {1 << f.width}ull) * {f.groups})')
    else:
        e = f'({f.ctype})s'
    return f'   {v} = {e};\n'


def print_field(f):
    v = f'v->{f.id}'
    pre = f'   fprintf(fp, "%*s{f.label}: '
    if f.kind == 'bool':
        return pre + f'%s\\n", indent, "", {v} ? "true" : "false");\n'
    if f.ctype == 'float':
        return pre + f'%f\\n", indent, "", (double){v});\n'
    if f.kind == 'enum':
        return (f'   if (agx_{f.enum.id}_as_str({v}))\n'
                + pre.replace('   f', '      f', 1)
                + f'%s\\n", indent, "", agx_{f.enum.id}_as_str({v}));\n'
                + '   else\n'
                + pre.replace('   f', '      f', 1)
                + f'XXX: unknown (%u)\\n", indent, "", (unsigned){v});\n')
    if f.kind == 'int':
        return pre + f'%" PRId64 "\\n", indent, "", (int64_t){v});\n'
    if f.kind in ('hex', 'address'):
        return pre + f'0x%" PRIx64 "\\n", indent, "", (uint64_t){v});\n'
    return pre + f'%" PRIu64 "\\n", indent, "", (uint64_t){v});\n'


TESTS_TEMPLATE = r"""/* Generated by gen_pack.py from cmdbuf.xml: do not edit. */
/* SPDX-License-Identifier: MIT */
/*
 * Per-struct self-checks over agx_pack.h, driven by genxml_test.c:
 *  - random in-range values for each set of mutually disjoint fields
 *    round-trip through pack and unpack, and unpack reports no stray bits;
 *  - each non-float field at its largest stored value sets exactly its own
 *    bits (positions computed here from the XML, not by the packer);
 *  - the default template round-trips.
 */
#include <stdio.h>
#include <string.h>
#include "${header}"
#include "genxml_selfcheck.h"

#define CHECK(cond, ...)                                                      \
   do {                                                                       \
      if (!(cond)) {                                                          \
         snprintf(msg, msg_size, __VA_ARGS__);                                \
         return false;                                                        \
      }                                                                       \
   } while (0)

static uint64_t
rnd(uint64_t *s)
{
   /* xorshift64* */
   *s ^= *s >> 12;
   *s ^= *s << 25;
   *s ^= *s >> 27;
   return *s * 2685821657736338717ull;
}

static bool
same_float(float a, float b)
{
   return agx_genxml_fui(a) == agx_genxml_fui(b);
}
% for s in structs:

/* ---- ${s.name} */

static void
zero_${s.id}(struct AGX_${s.ID} *v)
{
   /* The values whose encoding is all zero bits. */
   static const uint8_t zero[${s.bytes}];
   AGX_${s.ID}_unpack(NULL, zero, v);
}
% for vi, variant in enumerate(s.variants):

static bool
random_${s.id}_${vi}(uint64_t *seed, char *msg, size_t msg_size)
{
   struct AGX_${s.ID} in, out;
   uint8_t packed[${s.bytes}];
   zero_${s.id}(&in);
% for f in variant:
${random_field(f)}\
% endfor
   AGX_${s.ID}_pack(packed, &in);
   CHECK(AGX_${s.ID}_unpack(NULL, packed, &out),
         "${s.name}: unpack reported unknown bits");
% for f in variant:
% if f.ctype == 'float':
   CHECK(same_float(in.${f.id}, out.${f.id}), "${s.name}.${f.name}: %g != %g",
         (double)in.${f.id}, (double)out.${f.id});
% else:
   CHECK(in.${f.id} == out.${f.id}, "${s.name}.${f.name}: 0x%llx != 0x%llx",
         (unsigned long long)in.${f.id}, (unsigned long long)out.${f.id});
% endif
% endfor
   return true;
}
% endfor

static bool
bits_${s.id}(char *msg, size_t msg_size)
{
   struct AGX_${s.ID} v;
   uint8_t packed[${s.bytes}];
% for f in s.fields:
% if f.ctype != 'float':
   {
      static const uint8_t expect[${s.bytes}] = {${', '.join(hex(b) for b in s.field_mask(f))}};
      zero_${s.id}(&v);
${max_field(f)}\
      AGX_${s.ID}_pack(packed, &v);
      CHECK(memcmp(packed, expect, ${s.bytes}) == 0,
            "${s.name}.${f.name}: wrong bits when all ones");
   }
% endif
% endfor
   (void)v, (void)packed;
   return true;
}

static bool
check_${s.id}(uint64_t *seed, char *msg, size_t msg_size)
{
   struct AGX_${s.ID} def = {AGX_${s.ID}_header}, out;
   uint8_t packed[${s.bytes}];
   AGX_${s.ID}_pack(packed, &def);
   CHECK(AGX_${s.ID}_unpack(NULL, packed, &out),
         "${s.name}: default has unknown bits");
% for f in s.fields:
% if f.ctype == 'float':
   CHECK(same_float(def.${f.id}, out.${f.id}), "${s.name}.${f.name}: default");
% else:
   CHECK(def.${f.id} == out.${f.id}, "${s.name}.${f.name}: default");
% endif
% endfor
   if (!bits_${s.id}(msg, msg_size))
      return false;
   for (unsigned i = 0; i < 64; i++) {
% for vi, variant in enumerate(s.variants):
      if (!random_${s.id}_${vi}(seed, msg, msg_size))
         return false;
% endfor
   }
   return true;
}
% endfor

const struct agx_genxml_selfcheck agx_genxml_selfchecks[] = {
% for s in structs:
   {"${s.name}", ${s.bytes}, check_${s.id}},
% endfor
   {NULL, 0, NULL},
};
"""


def random_field(f):
    v = f'in.{f.id}'
    r = 'rnd(seed)'
    if f.kind == 'bool':
        e = f'({r} & 1) != 0'
    elif f.kind == 'float':
        return (f'   {{\n      uint32_t u = (uint32_t){r};\n'
                f'      if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffff))\n'
                f'         u = 0x3f800000u;\n'
                f'      {v} = agx_genxml_uif(u);\n   }}\n')
    elif f.kind == 'half':
        return (f'   {{\n      uint16_t h = (uint16_t){r};\n'
                f'      if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff))\n'
                f'         h = 0x3c00;\n'
                f'      {v} = agx_genxml_half_to_float(h);\n   }}\n')
    elif f.kind == 'lod':
        e = f'(float)({r} % 897) / 64.0f'
    elif f.kind == 'enum':
        # Only the values the field is wide enough to hold (the PBE's
        # 2-bit swizzles take the first four channels).
        fits = [c for _, c, n in f.enum.values if n < (1 << f.width)]
        vals = ', '.join(fits)
        return (f'   {{\n      static const {f.ctype} vals[] = {{{vals}}};\n'
                f'      {v} = vals[{r} % {len(fits)}];\n   }}\n')
    elif f.kind == 'int':
        sh = 64 - f.width
        e = f'({f.ctype})((int64_t)({r} << {sh}) >> {sh})'
    elif f.log2:
        e = f'({f.ctype})(1ull << ({r} % {min(1 << f.width, 64)}))'
    elif f.groups:
        e = f'({f.ctype})((1 + {r} % {1 << f.width}) * {f.groups}ull)'
    else:
        e = (f'({f.ctype})((({r} & agx_genxml_mask({f.width})) << {f.shift})'
             f' + {f.minus})')
    return f'   {v} = {e};\n'


def max_field(f):
    v = f'v.{f.id}'
    stored = (1 << f.width) - 1
    if f.kind == 'bool':
        e = 'true'
    elif f.kind == 'enum':
        e = f'({f.ctype}){stored}'
    elif f.kind == 'int':
        e = f'({f.ctype})-1'
    elif f.log2:
        e = f'({f.ctype})(1ull << {min(stored, 63)})'
    elif f.groups:
        e = f'({f.ctype})({stored}ull * {f.groups})'
    else:
        e = f'({f.ctype})(({stored}ull << {f.shift}) + {f.minus})'
    return f'      {v} = {e};\n'


def main(argv):
    if len(argv) not in (4, 5) or argv[2] not in ('pack', 'tests'):
        sys.stderr.write(__doc__)
        return 2
    try:
        enums, structs = load(argv[1])
        if argv[2] == 'pack':
            text = Template(PACK_TEMPLATE).render(
                enums=enums, structs=structs, pack_field=pack_field,
                unpack_field=unpack_field, print_field=print_field,
                get_call=get_call)
        else:
            text = Template(TESTS_TEMPLATE).render(
                structs=structs, random_field=random_field,
                header=argv[4] if len(argv) == 5 else 'agx_pack.h',
                max_field=max_field)
    except GenError as e:
        sys.stderr.write(f'gen_pack.py: {e}\n')
        return 1
    with open(argv[3], 'w') as out:
        out.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
