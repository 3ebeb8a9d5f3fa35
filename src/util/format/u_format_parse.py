# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# Turns the entries of u_format_list.py into Format objects: channels with
# bit positions, the swizzle to RGBA (or to depth/stencil), block size and
# colourspace.  Pure Python, no mako; u_format_gen.py renders the result.

import re

import u_format_list

# Name type token -> (channel type, normalized, pure integer).
TYPES = {
   'UNORM': ('UNSIGNED', True, False),
   'SNORM': ('SIGNED', True, False),
   'UINT': ('UNSIGNED', False, True),
   'SINT': ('SIGNED', False, True),
   'USCALED': ('UNSIGNED', False, False),
   'SSCALED': ('SIGNED', False, False),
   'FLOAT': ('FLOAT', False, False),
   'UFLOAT': ('FLOAT', False, False),
   'FIXED': ('FIXED', False, False),
   'SRGB': ('UNSIGNED', True, False),
}

COMPRESSED_LAYOUTS = ('s3tc', 'rgtc', 'bptc', 'etc', 'astc')

CHANNEL_GROUP = re.compile(r'^([RGBALIZSX]\d+)+$')
CHANNEL = re.compile(r'([RGBALIZSX])(\d+)')


class FormatError(Exception):
   pass


class Channel:
   def __init__(self, letter, size, shift, type_token):
      self.letter = letter
      self.size = size
      self.shift = shift
      if letter == 'X':
         self.type, self.normalized, self.pure_integer = 'VOID', False, False
      else:
         self.type, self.normalized, self.pure_integer = TYPES[type_token]
      # Only colour channels follow the sRGB curve; alpha stays linear.
      self.srgb = type_token == 'SRGB' and letter in 'RGBL'


class Format:
   def __init__(self, name):
      self.name = name
      self.enum = 'PIPE_FORMAT_' + name
      self.layout = 'plain'
      self.channels = []
      self.swizzle = ['NONE'] * 4
      self.colorspace = 'RGB'
      self.linear = None
      self.srgb = None
      self.block = (1, 1, 1, 0)

   @property
   def is_compressed(self):
      return self.layout in COMPRESSED_LAYOUTS

   @property
   def block_bits(self):
      return self.block[3]

   def channel_by_letter(self, letter):
      for i, c in enumerate(self.channels):
         if c.letter == letter:
            return i
      return None

   @property
   def is_array(self):
      """Every channel the same size, a whole number of bytes."""
      if self.layout != 'plain':
         return False
      sizes = {c.size for c in self.channels}
      return len(sizes) == 1 and sizes.pop() % 8 == 0

   @property
   def is_bitmask(self):
      """Channels are bit fields of one 8/16/32-bit little-endian word."""
      return (self.layout in ('plain', 'packed_float', 'shared_exp') and
              not self.is_array and self.block_bits in (8, 16, 32))

   @property
   def depth(self):
      i = self.channel_by_letter('Z')
      return None if i is None else self.channels[i]

   @property
   def stencil(self):
      i = self.channel_by_letter('S')
      return None if i is None else self.channels[i]

   @property
   def is_pure_integer(self):
      colour = [c for c in self.channels if c.type != 'VOID']
      return (self.colorspace != 'ZS' and bool(colour) and
              all(c.pure_integer for c in colour))


def _swizzle_rgba(fmt):
   """Where R, G, B, A of the GL come from, as channel indices or 0/1."""
   idx = {c.letter: str(i) for i, c in enumerate(fmt.channels)
          if c.letter != 'X'}
   if 'I' in idx:
      return [idx['I']] * 4
   if 'L' in idx:
      return [idx['L']] * 3 + [idx.get('A', 'ONE')]
   return [idx.get('R', 'ZERO'), idx.get('G', 'ZERO'), idx.get('B', 'ZERO'),
           idx.get('A', 'ONE')]


def parse_plain(name):
   """A Gallium-style name -> Format.  Channels are listed LSB first; a type
   token applies to every channel group since the previous type token."""
   fmt = Format(name)
   pending = []
   shift = 0
   for token in name.split('_'):
      if CHANNEL_GROUP.match(token):
         for letter, size in CHANNEL.findall(token):
            pending.append((letter, int(size), shift))
            shift += int(size)
      elif token in TYPES:
         if not pending:
            raise FormatError('%s: type %s names no channel' % (name, token))
         for letter, size, s in pending:
            fmt.channels.append(Channel(letter, size, s, token))
         pending = []
      else:
         raise FormatError('%s: cannot parse %r' % (name, token))
   if pending:
      raise FormatError('%s: channels without a type' % name)
   if shift % 8 != 0:
      raise FormatError('%s: %d bits is not whole bytes' % (name, shift))
   fmt.block = (1, 1, 1, shift)

   letters = [c.letter for c in fmt.channels if c.letter != 'X']
   if len(set(letters)) != len(letters):
      raise FormatError('%s: channel named twice' % name)
   if 'Z' in letters or 'S' in letters:
      if set(letters) - {'Z', 'S'}:
         raise FormatError('%s: depth/stencil mixed with colour' % name)
      fmt.colorspace = 'ZS'
      z, s = fmt.channel_by_letter('Z'), fmt.channel_by_letter('S')
      fmt.swizzle = [str(z) if z is not None else 'NONE',
                     str(s) if s is not None else 'NONE', 'NONE', 'NONE']
   else:
      if any(c.srgb for c in fmt.channels):
         fmt.colorspace = 'SRGB'
         fmt.linear = name.replace('_SRGB', '_UNORM')
      fmt.swizzle = _swizzle_rgba(fmt)

   for c in fmt.channels:
      # Bit fields are read from one machine word; whole-byte channels of
      # 8..64 bits are read directly from their byte offset.
      direct = c.size in (8, 16, 32, 64) and c.shift % 8 == 0
      if not direct and fmt.block_bits > 32 and c.type != 'VOID':
         raise FormatError('%s: bit field in a block over 32 bits' % name)
      if c.type == 'FLOAT' and c.size not in (16, 32):
         raise FormatError('%s: %d-bit float channel' % (name, c.size))
   return fmt


def parse_special(entry):
   fmt = Format(entry['name'])
   fmt.layout = entry['layout']
   fmt.block = entry['block']
   ctype = entry['ctype']
   if fmt.layout == 'shared_exp':
      sizes = [9, 9, 9]
   elif fmt.layout == 'packed_float':
      sizes = [11, 11, 10]
   else:
      sizes = [0] * len(entry['channels'])
   shift = 0
   for letter, size in zip(entry['channels'], sizes):
      fmt.channels.append(Channel(letter, size, shift, ctype))
      shift += size
   if fmt.layout == 'shared_exp':
      # The 5-bit exponent is not a colour; describe it as padding.
      fmt.channels.append(Channel('X', 5, 27, None))
   if ctype == 'SRGB':
      fmt.colorspace = 'SRGB'
      fmt.linear = entry['linear']
      # sRGB compressed formats keep alpha linear like the plain ones.
      for c in fmt.channels:
         c.srgb = c.letter in 'RGB'
   fmt.swizzle = _swizzle_rgba(fmt)
   return fmt


def all_formats():
   formats = [parse_plain(n) for n in u_format_list.PLAIN]
   formats += [parse_plain(n) for n in u_format_list.DEPTH_STENCIL]
   formats += [parse_special(e) for e in u_format_list.SPECIAL]

   by_name = {}
   for f in formats:
      if f.name in by_name:
         raise FormatError('%s listed twice' % f.name)
      by_name[f.name] = f
   for f in formats:
      if f.linear is not None:
         lin = by_name.get(f.linear)
         if lin is None:
            raise FormatError('%s: linear twin %s is not in the table' %
                              (f.name, f.linear))
         lin.srgb = f.name
   return formats


if __name__ == '__main__':
   for f in all_formats():
      print(f.name, f.layout, f.block, f.colorspace, f.swizzle,
            [(c.letter, c.type, c.size, c.shift) for c in f.channels])
