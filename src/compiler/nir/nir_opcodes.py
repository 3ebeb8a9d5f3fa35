# The NIR ALU opcode table.  Every opcode is data: its operand shapes and
# types, its algebraic properties and a C expression giving its value, which
# nir_opcodes_gen.py turns into the opcode enum, the info table, one builder
# helper per opcode and the constant evaluator (used by constant folding and
# by the reference interpreter nir_eval).
#
# Types: 'float', 'int', 'uint', 'bool' are "unsized": they take the
# instruction's bit size.  A size suffix ('float32', 'bool1', 'uint32') fixes
# it.  Sizes of 0 mean "per component"; a positive output size makes the
# opcode horizontal (fdot, vec4, pack ...).
#
# Constant expressions are C.  Per-component expressions see `src0`..`src3`
# with the C type of the operand (float for 16/32-bit floats, double for
# 64-bit, intN_t / uintN_t, bool) and `bit_size`; their value is the result.
# Horizontal expressions are statements over arrays `s0[]`, `s1[]` ... and
# write `d[]`; `n0` is the first source's component count.
#
# Semantics that C leaves undefined are defined here (see docs/nir.rst):
# shift counts are taken modulo the bit size, integer division by zero gives
# 0, INT_MIN / -1 wraps, float-to-integer conversion saturates and maps NaN
# to 0, fmin/fmax return the non-NaN operand and order -0 below +0.

class Opcode(object):
   def __init__(self, name, output_size, output_type, input_sizes,
                input_types, props, const_expr, horizontal=False,
                description=''):
      assert len(input_sizes) == len(input_types)
      self.name = name
      self.num_inputs = len(input_sizes)
      self.output_size = output_size
      self.output_type = output_type
      self.input_sizes = input_sizes
      self.input_types = input_types
      self.props = props
      self.const_expr = const_expr
      self.horizontal = horizontal
      self.description = description

opcodes = {}

COMMUTATIVE = 'commutative'
ASSOCIATIVE = 'associative'
SELECTION = 'selection'

def type_base(t):
   return t.rstrip('0123456789')

def type_size(t):
   s = t[len(type_base(t)):]
   return int(s) if s else 0

def opcode(name, output_size, output_type, input_sizes, input_types, props,
           expr, horizontal=False):
   assert name not in opcodes, name
   opcodes[name] = Opcode(name, output_size, output_type, input_sizes,
                          input_types, props, expr, horizontal)

def unop(name, ty, expr):
   opcode(name, 0, ty, [0], [ty], [], expr)

def unop_convert(name, out_ty, in_ty, expr):
   opcode(name, 0, out_ty, [0], [in_ty], [], expr)

def binop(name, ty, props, expr):
   opcode(name, 0, ty, [0, 0], [ty, ty], props, expr)

def binop_types(name, out_ty, a_ty, b_ty, props, expr):
   opcode(name, 0, out_ty, [0, 0], [a_ty, b_ty], props, expr)

def triop(name, ty, props, expr):
   opcode(name, 0, ty, [0, 0, 0], [ty, ty, ty], props, expr)

# A comparison exists as a 1-bit boolean opcode and as 16- and 32-bit
# "integer boolean" variants (0 / ~0) that nir_lower_bool_to_int selects.
def compare(name, ty, props, expr):
   binop_types(name, 'bool1', ty, ty, props, expr)
   binop_types(name + '16', 'int16', ty, ty, props, '-(int16_t)(' + expr + ')')
   binop_types(name + '32', 'int32', ty, ty, props, '-(int32_t)(' + expr + ')')

def horizontal(name, output_size, output_type, input_sizes, input_types,
               props, stmt):
   opcode(name, output_size, output_type, input_sizes, input_types, props,
          stmt, horizontal=True)

# ---- moves and vectors ------------------------------------------------
unop('mov', 'uint', 'src0')
for n in (2, 3, 4, 5, 8, 16):
   horizontal('vec%d' % n, n, 'uint', [1] * n, ['uint'] * n, [],
              ' '.join('d[%d] = s%d[0];' % (i, i) for i in range(n)))

# ---- float unary -------------------------------------------------------
unop('fneg', 'float', '-src0')
unop('fabs', 'float', 'fabs(src0)')
unop('fsat', 'float', 'nir_fsat_value(src0)')
unop('fsign', 'float',
     'isnan(src0) ? 0.0 : (src0 > 0 ? 1.0 : (src0 < 0 ? -1.0 : src0))')
unop('frcp', 'float', 'bit_size == 64 ? 1.0 / src0 : 1.0f / src0')
unop('frsq', 'float', 'bit_size == 64 ? 1.0 / sqrt(src0) : 1.0f / sqrtf(src0)')
unop('fsqrt', 'float', 'bit_size == 64 ? sqrt(src0) : sqrtf(src0)')
unop('fexp2', 'float', 'bit_size == 64 ? exp2(src0) : exp2f(src0)')
unop('flog2', 'float', 'bit_size == 64 ? log2(src0) : log2f(src0)')
unop('fsin', 'float', 'bit_size == 64 ? sin(src0) : sinf(src0)')
unop('fcos', 'float', 'bit_size == 64 ? cos(src0) : cosf(src0)')
unop('ffloor', 'float', 'bit_size == 64 ? floor(src0) : floorf(src0)')
unop('fceil', 'float', 'bit_size == 64 ? ceil(src0) : ceilf(src0)')
unop('ftrunc', 'float', 'bit_size == 64 ? trunc(src0) : truncf(src0)')
unop('fround_even', 'float',
     'bit_size == 64 ? nearbyint(src0) : nearbyintf(src0)')
unop('ffract', 'float',
     'bit_size == 64 ? src0 - floor(src0) : src0 - floorf(src0)')
unop('fddx', 'float', '0.0')
unop('fddy', 'float', '0.0')

# ---- integer unary -----------------------------------------------------
unop('ineg', 'int', '(int64_t)(0 - (uint64_t)src0)')
unop('iabs', 'int', 'src0 < 0 ? (int64_t)(0 - (uint64_t)src0) : src0')
unop('isign', 'int', '(src0 > 0) - (src0 < 0)')
unop('inot', 'int', '~src0')
unop('bit_count', 'uint', 'nir_bit_count(src0)')
unop('bitfield_reverse', 'uint', 'nir_bitfield_reverse(src0, bit_size)')
unop_convert('ufind_msb', 'int32', 'uint', 'nir_ufind_msb(src0)')
unop_convert('ifind_msb', 'int32', 'int', 'nir_ifind_msb(src0, bit_size)')
unop_convert('find_lsb', 'int32', 'int', 'nir_find_lsb(src0)')

# ---- conversions -------------------------------------------------------
for dst in (16, 32, 64):
   unop_convert('f2f%d' % dst, 'float%d' % dst, 'float', 'src0')
   unop_convert('i2f%d' % dst, 'float%d' % dst, 'int', 'src0')
   unop_convert('u2f%d' % dst, 'float%d' % dst, 'uint', 'src0')
   unop_convert('b2f%d' % dst, 'float%d' % dst, 'bool', 'src0 ? 1.0 : 0.0')
for dst in (8, 16, 32, 64):
   unop_convert('f2i%d' % dst, 'int%d' % dst, 'float',
                'nir_f2i_sat(src0, %d)' % dst)
   unop_convert('f2u%d' % dst, 'uint%d' % dst, 'float',
                'nir_f2u_sat(src0, %d)' % dst)
   unop_convert('i2i%d' % dst, 'int%d' % dst, 'int', 'src0')
   unop_convert('u2u%d' % dst, 'uint%d' % dst, 'uint', 'src0')
for dst in (8, 16, 32, 64):
   unop_convert('b2i%d' % dst, 'int%d' % dst, 'bool', 'src0 ? 1 : 0')
# Booleans of any width (1-bit, or 0 / ~0 integers) to the 1-bit form.
unop_convert('b2b1', 'bool1', 'bool', 'src0 != 0')
unop_convert('b2b32', 'int32', 'bool', '-(int32_t)(src0 != 0)')
unop_convert('b2b16', 'int16', 'bool', '-(int16_t)(src0 != 0)')

# ---- float binary ------------------------------------------------------
binop('fadd', 'float', [COMMUTATIVE, ASSOCIATIVE], 'src0 + src1')
binop('fsub', 'float', [], 'src0 - src1')
binop('fmul', 'float', [COMMUTATIVE, ASSOCIATIVE], 'src0 * src1')
binop('fdiv', 'float', [], 'src0 / src1')
binop('fmod', 'float', [],
      'bit_size == 64 ? src0 - src1 * floor(src0 / src1) '
      ': src0 - src1 * floorf(src0 / src1)')
binop('fpow', 'float', [], 'bit_size == 64 ? pow(src0, src1) : powf(src0, src1)')
binop('fmin', 'float', [COMMUTATIVE, ASSOCIATIVE], 'nir_fmin_value(src0, src1)')
binop('fmax', 'float', [COMMUTATIVE, ASSOCIATIVE], 'nir_fmax_value(src0, src1)')
binop('fstep', 'float', [], 'src1 < src0 ? 0.0 : 1.0')
compare('flt', 'float', [], 'src0 < src1')
compare('fge', 'float', [], 'src0 >= src1')
compare('feq', 'float', [COMMUTATIVE], 'src0 == src1')
compare('fneu', 'float', [COMMUTATIVE], 'src0 != src1')

# ---- integer binary ----------------------------------------------------
# Arithmetic is done in uint64_t so that wrap-around is defined; the result
# is truncated to the bit size by the evaluator.
binop('iadd', 'int', [COMMUTATIVE, ASSOCIATIVE],
      '(uint64_t)src0 + (uint64_t)src1')
binop('isub', 'int', [], '(uint64_t)src0 - (uint64_t)src1')
binop('imul', 'int', [COMMUTATIVE, ASSOCIATIVE],
      '(uint64_t)src0 * (uint64_t)src1')
binop('imul_high', 'int', [COMMUTATIVE], 'nir_imul_high(src0, src1, bit_size)')
binop('umul_high', 'uint', [COMMUTATIVE], 'nir_umul_high(src0, src1, bit_size)')
binop('idiv', 'int', [], 'nir_idiv(src0, src1, bit_size)')
binop('udiv', 'uint', [], 'src1 == 0 ? 0 : src0 / src1')
binop('irem', 'int', [], 'nir_irem(src0, src1, bit_size)')
binop('imod', 'int', [], 'nir_imod(src0, src1, bit_size)')
binop('umod', 'uint', [], 'src1 == 0 ? 0 : src0 % src1')
binop('imin', 'int', [COMMUTATIVE, ASSOCIATIVE], 'src1 < src0 ? src1 : src0')
binop('imax', 'int', [COMMUTATIVE, ASSOCIATIVE], 'src1 > src0 ? src1 : src0')
binop('umin', 'uint', [COMMUTATIVE, ASSOCIATIVE], 'src1 < src0 ? src1 : src0')
binop('umax', 'uint', [COMMUTATIVE, ASSOCIATIVE], 'src1 > src0 ? src1 : src0')
binop('iand', 'uint', [COMMUTATIVE, ASSOCIATIVE], 'src0 & src1')
binop('ior', 'uint', [COMMUTATIVE, ASSOCIATIVE], 'src0 | src1')
binop('ixor', 'uint', [COMMUTATIVE, ASSOCIATIVE], 'src0 ^ src1')
binop_types('ishl', 'int', 'int', 'uint32', [],
            '(uint64_t)src0 << (src1 & (bit_size - 1))')
binop_types('ishr', 'int', 'int', 'uint32', [],
            'nir_ishr(src0, src1 & (bit_size - 1))')
binop_types('ushr', 'uint', 'uint', 'uint32', [],
            'src0 >> (src1 & (bit_size - 1))')
binop('uadd_carry', 'uint', [COMMUTATIVE],
      'nir_uadd_carry(src0, src1, bit_size)')
binop('usub_borrow', 'uint', [], 'src0 < src1')
compare('ilt', 'int', [], 'src0 < src1')
compare('ige', 'int', [], 'src0 >= src1')
compare('ult', 'uint', [], 'src0 < src1')
compare('uge', 'uint', [], 'src0 >= src1')
compare('ieq', 'int', [COMMUTATIVE], 'src0 == src1')
compare('ine', 'int', [COMMUTATIVE], 'src0 != src1')

# ---- ternary -----------------------------------------------------------
triop('ffma', 'float', [],
      'bit_size == 64 ? fma(src0, src1, src2) : fmaf(src0, src1, src2)')
triop('flrp', 'float', [], 'src0 * (1 - src2) + src1 * src2')
triop('fclamp', 'float', [], 'nir_fmin_value(nir_fmax_value(src0, src1), src2)')
opcode('bitfield_insert', 0, 'uint32', [0, 0, 0, 0],
       ['uint32', 'uint32', 'int32', 'int32'], [],
       'nir_bitfield_insert(src0, src1, src2, src3)')
opcode('ubitfield_extract', 0, 'uint32', [0, 0, 0], ['uint32', 'int32', 'int32'],
       [], 'nir_ubitfield_extract(src0, src1, src2)')
opcode('ibitfield_extract', 0, 'int32', [0, 0, 0], ['int32', 'int32', 'int32'],
       [], 'nir_ibitfield_extract(src0, src1, src2)')

# Selection: the condition is a boolean of any width, true when nonzero.
opcode('bcsel', 0, 'uint', [0, 0, 0], ['bool1', 'uint', 'uint'], [SELECTION],
       'src0 ? src1 : src2')
opcode('b16csel', 0, 'uint', [0, 0, 0], ['int16', 'uint', 'uint'], [SELECTION],
       'src0 ? src1 : src2')
opcode('b32csel', 0, 'uint', [0, 0, 0], ['int32', 'uint', 'uint'], [SELECTION],
       'src0 ? src1 : src2')
opcode('fcsel', 0, 'float', [0, 0, 0], ['float', 'float', 'float'], [SELECTION],
       'src0 != 0 ? src1 : src2')

# ---- horizontal --------------------------------------------------------
# fdotN: ((a0*b0 + a1*b1) + a2*b2) + ..., every step rounded.
for n in (2, 3, 4):
   horizontal('fdot%d' % n, 1, 'float', [n, n], ['float', 'float'],
              [COMMUTATIVE],
              'double acc = nir_fround((double)s0[0] * s1[0], bit_size); ' +
              ' '.join('acc = nir_fround(acc + nir_fround((double)s0[%d] * '
                       's1[%d], bit_size), bit_size);' % (i, i)
                       for i in range(1, n)) +
              ' d[0] = acc;')
   for ty, cmp in (('f', 'feq'), ('i', 'ieq')):
      t = 'float' if ty == 'f' else 'int'
      horizontal('b%sall_equal%d' % (ty, n), 1, 'bool1', [n, n], [t, t],
                 [COMMUTATIVE],
                 'bool r = true; ' +
                 ' '.join('r = r && s0[%d] == s1[%d];' % (i, i)
                          for i in range(n)) + ' d[0] = r;')
      horizontal('b%sany_nequal%d' % (ty, n), 1, 'bool1', [n, n], [t, t],
                 [COMMUTATIVE],
                 'bool r = false; ' +
                 ' '.join('r = r || s0[%d] != s1[%d];' % (i, i)
                          for i in range(n)) + ' d[0] = r;')
horizontal('pack_half_2x16', 1, 'uint32', [2], ['float32'], [],
           'd[0] = nir_f32_to_f16(s0[0]) | '
           '((uint32_t)nir_f32_to_f16(s0[1]) << 16);')
horizontal('unpack_half_2x16', 2, 'float32', [1], ['uint32'], [],
           'd[0] = nir_f16_to_f32(s0[0] & 0xffff); '
           'd[1] = nir_f16_to_f32(s0[0] >> 16);')
horizontal('pack_64_2x32', 1, 'uint64', [2], ['uint32'], [],
           'd[0] = s0[0] | ((uint64_t)s0[1] << 32);')
horizontal('unpack_64_2x32', 2, 'uint32', [1], ['uint64'], [],
           'd[0] = (uint32_t)s0[0]; d[1] = (uint32_t)(s0[0] >> 32);')
