# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# The NIR ALU opcode table.  Each opcode is one row: a name, a signature
# string, a C expression for its value, and optional traits.
# nir_opcodes_gen.py turns the rows into the opcode enum, the info table,
# one builder helper per opcode and the constant evaluator (used by
# constant folding and by the reference interpreter nir_eval).
#
# Signatures read "SOURCES -> RESULT", sources separated by commas.  Each
# operand is a type letter, an optional bit size and an optional fixed
# component count in brackets:
#
#   f  float     i  int     u  uint     b  boolean
#   f      a float with the instruction's bit size, one per component
#   u32    a 32-bit uint, one per component
#   f32[2] exactly two 32-bit float components (the whole vector at once)
#
# An opcode whose result has a bracketed count is "vector-wide" (fdot,
# vecN, packing): its expression is a block of C statements over arrays
# s0[], s1[] ... that fills d[]; n0 is the first source's component count.
# Otherwise the expression is evaluated once per component and sees src0 ..
# src3 (C type per operand: float for 16/32-bit floats, double for 64-bit,
# intN_t / uintN_t, bool) and bit_size.
#
# Traits: "commutative" (sources 0 and 1 may be swapped), "associative"
# (regrouping chains of the opcode keeps its value), "selection" (a select
# on source 0).
#
# Semantics that C leaves undefined are defined here (see docs/nir.rst):
# shift counts are taken modulo the bit size, integer division by zero gives
# 0, INT_MIN / -1 wraps, float-to-integer conversion saturates and maps NaN
# to 0, fmin/fmax return the non-NaN operand and order -0 below +0.

import re

TYPE_LETTERS = {'f': 'float', 'i': 'int', 'u': 'uint', 'b': 'bool'}
TRAITS = ('commutative', 'associative', 'selection')


class Operand(object):
   """One source or the result: base type, bit size (None: follows the
   instruction) and component count (None: one value per component)."""

   _SYNTAX = re.compile(r'^([fiub])(\d*)(?:\[(\d+)\])?$')

   def __init__(self, text):
      m = self._SYNTAX.match(text.strip())
      assert m, 'bad operand %r' % text
      self.base = TYPE_LETTERS[m.group(1)]
      self.bits = int(m.group(2)) if m.group(2) else None
      self.count = int(m.group(3)) if m.group(3) else None


class AluOp(object):
   def __init__(self, name, signature, expr, traits):
      srcs, arrow, dst = signature.partition('->')
      assert arrow, '%s: signature lacks "->"' % name
      self.name = name
      self.srcs = [Operand(s) for s in srcs.split(',')]
      self.dst = Operand(dst)
      self.traits = frozenset(traits.split())
      assert self.traits <= set(TRAITS), name
      self.expr = expr
      # Either everything is per component or the result is a fixed vector
      # (its sources then all have fixed counts too).
      self.vector_wide = self.dst.count is not None
      for s in self.srcs:
         assert (s.count is not None) == self.vector_wide, name


opcodes = {}


def define(name, signature, expr, traits=''):
   assert name not in opcodes, name
   opcodes[name] = AluOp(name, signature, expr, traits)


def _libm(fn, *args):
   """C call of a libm function in the 64-bit or the float flavour."""
   a = ', '.join(args)
   return 'bit_size == 64 ? %s(%s) : %sf(%s)' % (fn, a, fn, a)


CA = 'commutative associative'

# ---- per-component opcodes, one row each ------------------------------
# (name, signature, value, traits)
ROWS = [
   ('mov', 'u -> u', 'src0'),

   # float unary
   ('fneg', 'f -> f', '-src0'),
   ('fabs', 'f -> f', 'fabs(src0)'),
   ('fsat', 'f -> f', 'nir_fsat_value(src0)'),
   ('fsign', 'f -> f',
    'isnan(src0) ? 0.0 : (src0 > 0 ? 1.0 : (src0 < 0 ? -1.0 : src0))'),
   ('frcp', 'f -> f', 'bit_size == 64 ? 1.0 / src0 : 1.0f / src0'),
   ('frsq', 'f -> f', 'bit_size == 64 ? 1.0 / sqrt(src0) : 1.0f / sqrtf(src0)'),
   ('fsqrt', 'f -> f', _libm('sqrt', 'src0')),
   ('fexp2', 'f -> f', _libm('exp2', 'src0')),
   ('flog2', 'f -> f', _libm('log2', 'src0')),
   ('fsin', 'f -> f', _libm('sin', 'src0')),
   ('fcos', 'f -> f', _libm('cos', 'src0')),
   ('ffloor', 'f -> f', _libm('floor', 'src0')),
   ('fceil', 'f -> f', _libm('ceil', 'src0')),
   ('ftrunc', 'f -> f', _libm('trunc', 'src0')),
   ('fround_even', 'f -> f', _libm('nearbyint', 'src0')),
   ('ffract', 'f -> f',
    'bit_size == 64 ? src0 - floor(src0) : src0 - floorf(src0)'),
   ('fddx', 'f -> f', '0.0'),
   ('fddy', 'f -> f', '0.0'),

   # integer unary
   ('ineg', 'i -> i', '(int64_t)(0 - (uint64_t)src0)'),
   ('iabs', 'i -> i', 'src0 < 0 ? (int64_t)(0 - (uint64_t)src0) : src0'),
   ('isign', 'i -> i', '(src0 > 0) - (src0 < 0)'),
   ('inot', 'i -> i', '~src0'),
   ('bit_count', 'u -> u', 'nir_bit_count(src0)'),
   ('bitfield_reverse', 'u -> u', 'nir_bitfield_reverse(src0, bit_size)'),
   ('ufind_msb', 'u -> i32', 'nir_ufind_msb(src0)'),
   ('ifind_msb', 'i -> i32', 'nir_ifind_msb(src0, bit_size)'),
   ('find_lsb', 'i -> i32', 'nir_find_lsb(src0)'),

   # booleans of any width (1-bit, or 0 / ~0 integers) to one width
   ('b2b1', 'b -> b1', 'src0 != 0'),
   ('b2b32', 'b -> i32', '-(int32_t)(src0 != 0)'),
   ('b2b16', 'b -> i16', '-(int16_t)(src0 != 0)'),

   # float binary
   ('fadd', 'f, f -> f', 'src0 + src1', CA),
   ('fsub', 'f, f -> f', 'src0 - src1'),
   ('fmul', 'f, f -> f', 'src0 * src1', CA),
   ('fdiv', 'f, f -> f', 'src0 / src1'),
   ('fmod', 'f, f -> f',
    'bit_size == 64 ? src0 - src1 * floor(src0 / src1) '
    ': src0 - src1 * floorf(src0 / src1)'),
   ('fpow', 'f, f -> f', _libm('pow', 'src0', 'src1')),
   ('fmin', 'f, f -> f', 'nir_fmin_value(src0, src1)', CA),
   ('fmax', 'f, f -> f', 'nir_fmax_value(src0, src1)', CA),
   ('fstep', 'f, f -> f', 'src1 < src0 ? 0.0 : 1.0'),

   # integer binary.  Arithmetic is done in uint64_t so that wrap-around is
   # defined; the evaluator truncates the result to the bit size.
   ('iadd', 'i, i -> i', '(uint64_t)src0 + (uint64_t)src1', CA),
   ('isub', 'i, i -> i', '(uint64_t)src0 - (uint64_t)src1'),
   ('imul', 'i, i -> i', '(uint64_t)src0 * (uint64_t)src1', CA),
   ('imul_high', 'i, i -> i', 'nir_imul_high(src0, src1, bit_size)',
    'commutative'),
   ('umul_high', 'u, u -> u', 'nir_umul_high(src0, src1, bit_size)',
    'commutative'),
   ('idiv', 'i, i -> i', 'nir_idiv(src0, src1, bit_size)'),
   ('udiv', 'u, u -> u', 'src1 == 0 ? 0 : src0 / src1'),
   ('irem', 'i, i -> i', 'nir_irem(src0, src1, bit_size)'),
   ('imod', 'i, i -> i', 'nir_imod(src0, src1, bit_size)'),
   ('umod', 'u, u -> u', 'src1 == 0 ? 0 : src0 % src1'),
   ('imin', 'i, i -> i', 'src1 < src0 ? src1 : src0', CA),
   ('imax', 'i, i -> i', 'src1 > src0 ? src1 : src0', CA),
   ('umin', 'u, u -> u', 'src1 < src0 ? src1 : src0', CA),
   ('umax', 'u, u -> u', 'src1 > src0 ? src1 : src0', CA),
   ('iand', 'u, u -> u', 'src0 & src1', CA),
   ('ior', 'u, u -> u', 'src0 | src1', CA),
   ('ixor', 'u, u -> u', 'src0 ^ src1', CA),
   ('ishl', 'i, u32 -> i', '(uint64_t)src0 << (src1 & (bit_size - 1))'),
   ('ishr', 'i, u32 -> i', 'nir_ishr(src0, src1 & (bit_size - 1))'),
   ('ushr', 'u, u32 -> u', 'src0 >> (src1 & (bit_size - 1))'),
   ('uadd_carry', 'u, u -> u', 'nir_uadd_carry(src0, src1, bit_size)',
    'commutative'),
   ('usub_borrow', 'u, u -> u', 'src0 < src1'),

   # three and more sources
   ('ffma', 'f, f, f -> f', _libm('fma', 'src0', 'src1', 'src2')),
   ('flrp', 'f, f, f -> f', 'src0 * (1 - src2) + src1 * src2'),
   ('fclamp', 'f, f, f -> f',
    'nir_fmin_value(nir_fmax_value(src0, src1), src2)'),
   ('bitfield_insert', 'u32, u32, i32, i32 -> u32',
    'nir_bitfield_insert(src0, src1, src2, src3)'),
   ('ubitfield_extract', 'u32, i32, i32 -> u32',
    'nir_ubitfield_extract(src0, src1, src2)'),
   ('ibitfield_extract', 'i32, i32, i32 -> i32',
    'nir_ibitfield_extract(src0, src1, src2)'),

   # selects: the condition is true when nonzero
   ('bcsel', 'b1, u, u -> u', 'src0 ? src1 : src2', 'selection'),
   ('b16csel', 'i16, u, u -> u', 'src0 ? src1 : src2', 'selection'),
   ('b32csel', 'i32, u, u -> u', 'src0 ? src1 : src2', 'selection'),
   ('fcsel', 'f, f, f -> f', 'src0 != 0 ? src1 : src2', 'selection'),
]

# ---- families ------------------------------------------------------------
# Conversions: <from letter>2<to letter><bits>.
for bits in (16, 32, 64):
   ROWS += [('f2f%d' % bits, 'f -> f%d' % bits, 'src0'),
            ('i2f%d' % bits, 'i -> f%d' % bits, 'src0'),
            ('u2f%d' % bits, 'u -> f%d' % bits, 'src0'),
            ('b2f%d' % bits, 'b -> f%d' % bits, 'src0 ? 1.0 : 0.0')]
for bits in (8, 16, 32, 64):
   ROWS += [('f2i%d' % bits, 'f -> i%d' % bits, 'nir_f2i_sat(src0, %d)' % bits),
            ('f2u%d' % bits, 'f -> u%d' % bits, 'nir_f2u_sat(src0, %d)' % bits),
            ('i2i%d' % bits, 'i -> i%d' % bits, 'src0'),
            ('u2u%d' % bits, 'u -> u%d' % bits, 'src0'),
            ('b2i%d' % bits, 'b -> i%d' % bits, 'src0 ? 1 : 0')]

# Comparisons come in three result widths: a 1-bit boolean and 16/32-bit
# "integer booleans" (0 / ~0) that nir_lower_bool_to_int selects.
COMPARISONS = [
   # name, operand letter, C relation, traits
   ('flt', 'f', 'src0 < src1', ''),
   ('fge', 'f', 'src0 >= src1', ''),
   ('feq', 'f', 'src0 == src1', 'commutative'),
   ('fneu', 'f', 'src0 != src1', 'commutative'),
   ('ilt', 'i', 'src0 < src1', ''),
   ('ige', 'i', 'src0 >= src1', ''),
   ('ult', 'u', 'src0 < src1', ''),
   ('uge', 'u', 'src0 >= src1', ''),
   ('ieq', 'i', 'src0 == src1', 'commutative'),
   ('ine', 'i', 'src0 != src1', 'commutative'),
]
for name, t, rel, traits in COMPARISONS:
   ROWS.append((name, '%s, %s -> b1' % (t, t), rel, traits))
   for w in (16, 32):
      ROWS.append((name + str(w), '%s, %s -> i%d' % (t, t, w),
                   '-(int%d_t)(%s)' % (w, rel), traits))

for row in ROWS:
   define(*row)

# ---- vector-wide opcodes -------------------------------------------------
for n in (2, 3, 4, 5, 8, 16):
   define('vec%d' % n, ', '.join(['u[1]'] * n) + ' -> u[%d]' % n,
          ' '.join('d[%d] = s%d[0];' % (i, i) for i in range(n)))


def _chain(first, step, n, last):
   return ' '.join([first] + [step % (i, i) for i in range(1, n)] + [last])


for n in (2, 3, 4):
   # fdotN: ((a0*b0 + a1*b1) + a2*b2) + ..., every step rounded.
   define('fdot%d' % n, 'f[%d], f[%d] -> f[1]' % (n, n),
          _chain('double acc = nir_fround((double)s0[0] * s1[0], bit_size);',
                 'acc = nir_fround(acc + nir_fround((double)s0[%d] * '
                 's1[%d], bit_size), bit_size);', n, 'd[0] = acc;'),
          'commutative')
   for letter in 'fi':
      sig = '%s[%d], %s[%d] -> b1[1]' % (letter, n, letter, n)
      every = ' '.join('r = r && s0[%d] == s1[%d];' % (i, i)
                       for i in range(n))
      some = ' '.join('r = r || s0[%d] != s1[%d];' % (i, i)
                      for i in range(n))
      define('b%sall_equal%d' % (letter, n), sig,
             'bool r = true; %s d[0] = r;' % every, 'commutative')
      define('b%sany_nequal%d' % (letter, n), sig,
             'bool r = false; %s d[0] = r;' % some, 'commutative')

define('pack_half_2x16', 'f32[2] -> u32[1]',
       'd[0] = nir_f32_to_f16(s0[0]) | '
       '((uint32_t)nir_f32_to_f16(s0[1]) << 16);')
define('unpack_half_2x16', 'u32[1] -> f32[2]',
       'd[0] = nir_f16_to_f32(s0[0] & 0xffff); '
       'd[1] = nir_f16_to_f32(s0[0] >> 16);')
define('pack_64_2x32', 'u32[2] -> u64[1]',
       'd[0] = s0[0] | ((uint64_t)s0[1] << 32);')
define('unpack_64_2x32', 'u64[1] -> u32[2]',
       'd[0] = (uint32_t)s0[0]; d[1] = (uint32_t)(s0[0] >> 32);')
