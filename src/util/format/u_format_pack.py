# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# Generates u_format_pack_table.c: for each uncompressed format, functions
# that convert a row of pixels to and from RGBA float / uint / sint, and for
# depth/stencil formats to and from float depth and 8-bit stencil.
#
# Channel access follows the table: formats whose block is one 8/16/32-bit
# word are loaded whole and their channels extracted as bit fields; other
# formats have whole-byte channels read from their byte offsets.  The C
# conversion helpers live in u_format_convert.h and u_format_other.h.

from mako.template import Template

WORD_TYPE = {8: 'uint8_t', 16: 'uint16_t', 32: 'uint32_t'}


def mask(size):
   return '0x%xu' % ((1 << size) - 1)


def load_channels(f, only=None):
   """C statements declaring r<i> (uint32_t) for every non-void channel, or
   for the channel indices in `only`."""
   lines = []
   wanted = lambda i, c: c.type != 'VOID' and (only is None or i in only)
   nbytes = f.block_bits // 8
   if f.is_bitmask:
      lines.append('%s w;' % WORD_TYPE[f.block_bits])
      lines.append('memcpy(&w, src, %d);' % nbytes)
      for i, c in enumerate(f.channels):
         if wanted(i, c):
            lines.append('const uint32_t r%d = ((uint32_t)w >> %d) & %s;' %
                         (i, c.shift, mask(c.size)))
   else:
      for i, c in enumerate(f.channels):
         if not wanted(i, c):
            continue
         t = WORD_TYPE[c.size]
         lines.append('%s t%d;' % (t, i))
         lines.append('memcpy(&t%d, src + %d, %d);' %
                      (i, c.shift // 8, c.size // 8))
         lines.append('const uint32_t r%d = t%d;' % (i, i))
   return lines


def store_channels(f, raws):
   """C statements writing raw channel values (C expressions, uint32_t,
   already in range) into dst.  Void channels are written as zero."""
   lines = []
   nbytes = f.block_bits // 8
   if f.is_bitmask:
      parts = ['((%s & %s) << %d)' % (raws[i], mask(c.size), c.shift)
               for i, c in enumerate(f.channels) if c.type != 'VOID']
      lines.append('const %s w = (%s)(%s);' %
                   (WORD_TYPE[f.block_bits], WORD_TYPE[f.block_bits],
                    ' |\n            '.join(parts)))
      lines.append('memcpy(dst, &w, %d);' % nbytes)
   else:
      lines.append('memset(dst, 0, %d);' % nbytes)
      for i, c in enumerate(f.channels):
         if c.type == 'VOID':
            continue
         t = WORD_TYPE[c.size]
         lines.append('const %s t%d = (%s)(%s);' % (t, i, t, raws[i]))
         lines.append('memcpy(dst + %d, &t%d, %d);' %
                      (c.shift // 8, i, c.size // 8))
   return lines


def raw_to_float(c, r):
   if c.type == 'FLOAT':
      if c.size == 16:
         return 'util_half_to_float((uint16_t)%s)' % r
      return 'uif(%s)' % r
   if c.type == 'FIXED':
      return 'util_format_fixed_to_float((int32_t)%s)' % r
   signed = c.type == 'SIGNED'
   val = '(int32_t)util_sign_extend(%s, %d)' % (r, c.size) if signed \
      else r
   if c.srgb:
      assert c.size == 8
      return 'util_format_srgb8_to_linear(%s)' % r
   if c.normalized:
      fn = 'snorm' if signed else 'unorm'
      return 'util_format_%s_to_float(%s, %d)' % (fn, val, c.size)
   return '(float)%s' % val


def float_to_raw(c, v):
   m = mask(c.size)
   if c.type == 'FLOAT':
      if c.size == 16:
         return 'util_float_to_half(%s)' % v
      return 'fui(%s)' % v
   if c.type == 'FIXED':
      return '(uint32_t)util_format_float_to_fixed(%s)' % v
   if c.srgb:
      return 'util_format_linear_to_srgb8(%s)' % v
   if c.type == 'SIGNED':
      fn = 'snorm' if c.normalized else 'sint'
      return '((uint32_t)util_format_float_to_%s(%s, %d) & %s)' % (
         fn, v, c.size, m)
   fn = 'unorm' if c.normalized else 'uint'
   return 'util_format_float_to_%s(%s, %d)' % (fn, v, c.size)


def raw_to_uint(c, r):
   if c.type == 'SIGNED':
      return ('util_format_sint_to_uint((int32_t)util_sign_extend(%s, %d), '
              '32)' % (r, c.size))
   return r


def raw_to_sint(c, r):
   if c.type == 'SIGNED':
      return '(int32_t)util_sign_extend(%s, %d)' % (r, c.size)
   return 'util_format_uint_to_sint(%s, 32)' % r


def uint_to_raw(c, v):
   if c.type == 'SIGNED':
      return '((uint32_t)util_format_uint_to_sint(%s, %d) & %s)' % (
         v, c.size, mask(c.size))
   return 'util_format_clamp_uint(%s, %d)' % (v, c.size)


def sint_to_raw(c, v):
   if c.type == 'SIGNED':
      return '((uint32_t)util_format_clamp_sint(%s, %d) & %s)' % (
         v, c.size, mask(c.size))
   return 'util_format_sint_to_uint(%s, %d)' % (v, c.size)


def component_values(f, kind):
   """The four RGBA outputs of an unpack, as C expressions over c<i>."""
   zero, one = ('0.0f', '1.0f') if kind == 'float' else ('0', '1')
   out = []
   for s in f.swizzle:
      if s == 'ZERO':
         out.append(zero)
      elif s == 'ONE':
         out.append(one)
      else:
         out.append('c%s' % s)
   return out


def source_component(f, i):
   """Which RGBA input component feeds channel i when packing."""
   for k, s in enumerate(f.swizzle):
      if s == str(i):
         return k
   raise AssertionError('%s: channel %d is not read' % (f.name, i))


def has_colour_plain(f):
   return f.layout == 'plain' and f.colorspace != 'ZS'


def has_int(f):
   return has_colour_plain(f) and f.is_pure_integer


def unpack_body(f, kind):
   conv = {'float': raw_to_float, 'uint': raw_to_uint,
           'sint': raw_to_sint}[kind]
   ctype = {'float': 'float', 'uint': 'uint32_t', 'sint': 'int32_t'}[kind]
   lines = load_channels(f)
   for i, c in enumerate(f.channels):
      if c.type != 'VOID' and any(s == str(i) for s in f.swizzle):
         lines.append('const %s c%d = %s;' % (ctype, i, conv(c, 'r%d' % i)))
   for k, v in enumerate(component_values(f, kind)):
      lines.append('dst[%d] = %s;' % (k, v))
   return lines


def pack_body(f, kind):
   conv = {'float': float_to_raw, 'uint': uint_to_raw,
           'sint': sint_to_raw}[kind]
   raws = {}
   for i, c in enumerate(f.channels):
      if c.type != 'VOID':
         raws[i] = conv(c, 'src[%d]' % source_component(f, i))
   return store_channels(f, raws)


def zs_unpack_body(f, which):
   c = f.depth if which == 'z' else f.stencil
   i = f.channels.index(c)
   lines = load_channels(f, only={i})
   if which == 's':
      lines.append('dst[0] = (uint8_t)r%d;' % i)
   elif c.type == 'FLOAT':
      lines.append('dst[0] = uif(r%d);' % i)
   else:
      lines.append('dst[0] = util_format_unorm_to_float(r%d, %d);' %
                   (i, c.size))
   return lines


def zs_pack_body(f, which):
   """Read-modify-write of one channel, keeping every other bit."""
   c = f.depth if which == 'z' else f.stencil
   if which == 's':
      raw = 'src[0]'
   elif c.type == 'FLOAT':
      raw = 'fui(src[0])'
   else:
      raw = 'util_format_float_to_unorm(src[0], %d)' % c.size
   if f.is_bitmask:
      t = WORD_TYPE[f.block_bits]
      return ['%s w;' % t,
              'memcpy(&w, dst, %d);' % (f.block_bits // 8),
              'w = (%s)((w & ~(%s << %d)) | ((%s & %s) << %d));' %
              (t, mask(c.size), c.shift, raw, mask(c.size), c.shift),
              'memcpy(dst, &w, %d);' % (f.block_bits // 8)]
   t = WORD_TYPE[c.size]
   return ['const %s t = (%s)(%s);' % (t, t, raw),
           'memcpy(dst + %d, &t, %d);' % (c.shift // 8, c.size // 8)]


class Conversion:
   """One generated function: table member, C name, element types and how
   far dst and src advance per pixel, and the loop body."""

   def __init__(self, member, f, dtype, stype, dstep, sstep, body):
      self.member = member
      self.name = '%s_%s' % (member, f.name.lower())
      self.dtype, self.stype = dtype, stype
      self.dstep, self.sstep = dstep, sstep
      self.body = body


def conversions(f):
   """Every conversion format f supports (none for compressed formats)."""
   b = f.block_bits // 8
   out = []
   if has_colour_plain(f):
      out.append(Conversion('unpack_rgba_float', f, 'float', 'uint8_t', 4, b,
                            unpack_body(f, 'float')))
      out.append(Conversion('pack_rgba_float', f, 'uint8_t', 'float', b, 4,
                            pack_body(f, 'float')))
      if has_int(f):
         for kind, ctype in (('uint', 'uint32_t'), ('sint', 'int32_t')):
            out.append(Conversion('unpack_rgba_' + kind, f, ctype, 'uint8_t',
                                  4, b, unpack_body(f, kind)))
            out.append(Conversion('pack_rgba_' + kind, f, 'uint8_t', ctype,
                                  b, 4, pack_body(f, kind)))
   elif f.layout in ('shared_exp', 'packed_float'):
      fn = 'rgb9e5' if f.layout == 'shared_exp' else 'r11g11b10f'
      out.append(Conversion('unpack_rgba_float', f, 'float', 'uint8_t', 4, 4,
                            ['uint32_t w;', 'memcpy(&w, src, 4);',
                             'util_format_unpack_%s(w, dst);' % fn,
                             'dst[3] = 1.0f;']))
      out.append(Conversion('pack_rgba_float', f, 'uint8_t', 'float', 4, 4,
                            ['const uint32_t w = util_format_pack_%s(src);'
                             % fn, 'memcpy(dst, &w, 4);']))
   elif f.colorspace == 'ZS':
      if f.depth:
         out.append(Conversion('unpack_z_float', f, 'float', 'uint8_t', 1, b,
                               zs_unpack_body(f, 'z')))
         out.append(Conversion('pack_z_float', f, 'uint8_t', 'float', b, 1,
                               zs_pack_body(f, 'z')))
      if f.stencil:
         out.append(Conversion('unpack_s_8uint', f, 'uint8_t', 'uint8_t', 1,
                               b, zs_unpack_body(f, 's')))
         out.append(Conversion('pack_s_8uint', f, 'uint8_t', 'uint8_t', b, 1,
                               zs_pack_body(f, 's')))
   return out


TEMPLATE = Template('''\
/* Generated by u_format_gen.py (u_format_pack.py).  Do not edit. */
#include <string.h>

#include "util/format/u_format_convert.h"
#include "util/format/u_format_other.h"
#include "util/format/u_format_pack_table.h"

% for f in formats:
%  for fn in conversions(f):
static void
${fn.name}(${fn.dtype} *restrict dst, const ${fn.stype} *restrict src,
   unsigned count)
{
   for (unsigned i = 0; i < count; i++, dst += ${fn.dstep}, \\
src += ${fn.sstep}) {
%   for line in fn.body:
      ${line}
%   endfor
   }
}

%  endfor
% endfor
const struct util_format_pack_funcs
util_format_pack_table[PIPE_FORMAT_COUNT] = {
% for f in formats:
<% fns = conversions(f) %>\\
%  if fns:
   [${f.enum}] = {
%   for fn in fns:
      .${fn.member} = ${fn.name},
%   endfor
   },
%  endif
% endfor
};
''')


def render(formats):
   return TEMPLATE.render(formats=formats, conversions=conversions)
