# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""The AGX instruction set, written down once.

Each entry of FORMS is one encoding form: a name, a mnemonic, its short and
long lengths in bytes, the bits that identify it ("fixed"), and its operands
in printed order.  An operand is a *codec* (how the bits map to a value; the
C engine implements each codec once) plus the bit positions it reads.  Bit
positions are (start, width) pairs counted from bit 0 of the little-endian
instruction; a list of pairs is concatenated least-significant piece first.

Bit positions, opcode numbers and operand layouts are facts from
dougallj/applegpu (applegpu.py), the bit-level reference for this project.
See docs/isa.rst for the format and how to add an instruction.
"""

# ---------------------------------------------------------------------------
# Operand constructors.  Each returns a plain dict consumed by agx_isa_gen.py.
# ---------------------------------------------------------------------------


def _opnd(name, codec, **kw):
   d = dict(name=name, codec=codec, value=[], type=[], mod=[], sx=[],
            size=32, print='operand', float=False, names=None, ref=None,
            text='', style='dec', signed=False)
   d.update(kw)
   return d


def dst(name, ext, size=32, at=9, type_at=7, fixed_size=False):
   """Register destination: 6 value bits + 2 extension bits, and a 2-bit
   type (bit 0: cache hint, bit 1: 32/64-bit).  size is the widest allowed
   register (16, 32 or 64).  fixed_size: the width bit is a fixed opcode
   bit, so the type is only the cache bit and the width is always size."""
   return _opnd(name, 'dst', value=[(at, 6), (ext, 2)],
                type=[(type_at, 1 if fixed_size else 2)], size=size)


def r0l(name='D'):
   """The implicit r0l destination of the exec-mask ops (bit 7: cache)."""
   return _opnd(name, 'r0l', type=[(7, 1)], size=16)


def src(name, at, ext, size=32, tbits=4, fp=False, mod=None, sx=None):
   """ALU source: 6 value bits at `at`, 2 extension bits at `ext`, then a
   tbits-wide type field right after the value (immediate, uniform or
   register with hint and size).  fp: immediates are 8-bit minifloats and
   `mod` (default: right after the type) holds .abs/.neg.  sx: bit of the
   .sx sign-extension flag."""
   d = _opnd(name, 'src', value=[(at, 6), (ext, 2)],
             type=[(at + 6, tbits)], size=size, float=fp)
   if fp:
      d['mod'] = [(mod if mod is not None else at + 6 + tbits, 2)]
   if sx is not None:
      d['sx'] = [(sx, 1)]
   return d


def fsrc(name, at, ext, size=32, mod=None):
   return src(name, at, ext, size=size, fp=True, mod=mod)


def fsrc16(name, at, ext):
   return src(name, at, ext, size=16, tbits=3, fp=True)


def isrc(name, at, ext, size=32):
   """Sign-extendable integer source (the .sx bit follows the type)."""
   return src(name, at, ext, size=size, sx=at + 10)


def cmpsel_src(name, at, ext, ref='D'):
   """Select value: a 3-bit type; its width follows the destination's."""
   return _opnd(name, 'cmpsel', value=[(at, 6), (ext, 2)],
                type=[(at + 6, 3)], ref=ref)


def imm(name, bits, style='dec', signed=False, printed='operand'):
   """Integer field.  style: dec, bin (0b + all digits) or hex."""
   if isinstance(bits, tuple):
      bits = [bits]
   return _opnd(name, 'imm', value=bits, style=style, signed=signed,
                print=printed)


def enum(name, bits, names):
   if isinstance(bits, tuple):
      bits = [bits]
   return _opnd(name, 'enum', value=bits, names=names)


def flag(name, bit, suffix):
   """One-bit modifier printed as a mnemonic suffix (e.g. '.sat')."""
   return _opnd(name, 'flag', value=[(bit, 1)], print='suffix', text=suffix)


def hidden(name, bit):
   """A one-bit field applegpu never prints (kept for round trips)."""
   return _opnd(name, 'flag', value=[(bit, 1)], print='hidden')


def offset(name, bits):
   """Signed branch offset in bytes from the start of the instruction."""
   return _opnd(name, 'offset', value=bits, signed=True)


def shift(name='shift', bits=((39, 1), (52, 2))):
   """'lsl N', omitted when N is 0."""
   return _opnd(name, 'shift', value=list(bits))


def mask(name='m', bits=((38, 2), (50, 2), (63, 1))):
   """Bitfield width m, printed 'mask 0x..' ((1 << m) - 1), omitted if 0."""
   return _opnd(name, 'mask', value=list(bits))


def truth_table(name='tt', bits=((26, 1), (27, 1), (38, 1), (39, 1))):
   """Four bits printed tt0 tt1 tt2 tt3 (first piece first)."""
   return _opnd(name, 'truth', value=list(bits))


def sreg(name, at, ext):
   return _opnd(name, 'sreg', value=[(at, 6), (ext, 2)], names=SR_NAMES)


# Special registers with known meanings (applegpu.py SR_NAMES).
SR_NAMES = {
   0: 'threadgroup_position_in_grid.x', 1: 'threadgroup_position_in_grid.y',
   2: 'threadgroup_position_in_grid.z', 4: 'threads_per_threadgroup.x',
   5: 'threads_per_threadgroup.y', 6: 'threads_per_threadgroup.z',
   8: 'dispatch_threads_per_threadgroup.x',
   9: 'dispatch_threads_per_threadgroup.y',
   10: 'dispatch_threads_per_threadgroup.z', 20: 'core_index', 21: 'vm_slot',
   48: 'thread_position_in_threadgroup.x',
   49: 'thread_position_in_threadgroup.y',
   50: 'thread_position_in_threadgroup.z',
   51: 'thread_index_in_threadgroup', 52: 'thread_index_in_simdgroup',
   53: 'simdgroup_index_in_threadgroup',
   56: 'active_thread_index_in_quadgroup',
   58: 'active_thread_index_in_simdgroup', 60: 'internal_coverage_mask',
   62: 'backfacing', 63: 'is_active_thread',
   80: 'thread_position_in_grid.x', 81: 'thread_position_in_grid.y',
   82: 'thread_position_in_grid.z', 124: 'input_sample_mask',
   144: 'opfifo_cmd', 146: 'opfifo_data_l', 147: 'opfifo_data_h',
}


def reg32(name, bits):
   """A bare 32-bit GPR number (no hints, no type)."""
   return _opnd(name, 'reg32', value=bits)


# Condition codes: the value is cc | ccn << 3.  From applegpu.py
# (IConditionDesc / FConditionDesc).
ICOND = {0: 'ueq', 1: 'ult', 2: 'ugt', 4: 'seq', 5: 'slt', 6: 'sgt',
         8: 'nueq', 9: 'ugte', 10: 'ulte', 12: 'nseq', 13: 'sgte',
         14: 'slte'}
FCOND = {0: 'eq', 1: 'lt', 2: 'gt', 3: 'ltn', 5: 'gte', 6: 'lte', 7: 'gtn',
         8: 'neq', 9: 'nlt', 10: 'ngt', 11: 'nltn', 13: 'ngte', 14: 'nlte',
         15: 'ngtn'}


def icond(cc=13, ccn=8):
   bits = [(cc, 3)] + ([(ccn, 1)] if ccn is not None else [])
   return enum('cc', bits, ICOND)


def fcond(cc=13, ccn=8):
   bits = [(cc, 3)] + ([(ccn, 1)] if ccn is not None else [])
   return enum('cc', bits, FCOND)


# ---------------------------------------------------------------------------
# Forms
# ---------------------------------------------------------------------------

FORMS = []


def form(name, length, fixed, operands, mnemonic=None, length_bit=15,
         aliases=()):
   """length: bytes, or (short, long) with the long form selected by bit
   length_bit.  fixed: [(start, width, value)].  aliases: alternative
   spellings, tried in order by the printer and accepted by the parser:
   (mnemonic, {operand: required value}, [operands printed])."""
   if isinstance(length, int):
      length = (length, length)
   FORMS.append(dict(name=name, mnemonic=mnemonic or name, length=length,
                     length_bit=length_bit, fixed=list(fixed),
                     operands=list(operands), aliases=list(aliases)))


SAT = flag('S', 6, '.sat')

# --- Moves ----------------------------------------------------------------
form('mov_imm16', (4, 6), [(0, 7, 0x62), (8, 1, 0)],
     [dst('D', 44, size=16, fixed_size=True), imm('imm16', (16, 16))], mnemonic='mov_imm')
form('mov_imm32', (6, 8), [(0, 7, 0x62), (8, 1, 1)],
     [dst('D', 60, fixed_size=True), imm('imm32', (16, 32)), imm('kill', (62, 1), 'bin')],
     mnemonic='mov_imm')
form('get_sr', 4, [(0, 7, 0x72), (15, 1, 0)],
     [dst('D', 28), sreg('SR', 16, 26)])

# --- Integer arithmetic ---------------------------------------------------
for _n, _neg in (('iadd', 0), ('isub', 1)):
   form(_n, 8, [(0, 6, 0x0e), (15, 1, 0), (27, 1, _neg)],
        [dst('D', 44, size=64), isrc('A', 16, 42, size=64),
         isrc('B', 28, 40, size=64), shift(), SAT])
for _n, _neg in (('imadd', 0), ('imsub', 1)):
   form(_n, 8, [(0, 6, 0x1e), (15, 1, 0), (27, 1, _neg)],
        [dst('D', 60, size=64), isrc('A', 16, 58), isrc('B', 28, 56),
         isrc('C', 40, 54, size=64), shift(), SAT])

CONVERT_MODES = {0: 'u8_to_f', 1: 's8_to_f', 4: 'f_to_u16', 5: 'f_to_s16',
                 6: 'u16_to_f', 7: 's16_to_f', 8: 'f_to_u32', 9: 'f_to_s32',
                 10: 'u32_to_f', 11: 's32_to_f'}
form('convert', 6, [(0, 7, 0x3e), (15, 1, 1), (38, 2, 0), (42, 2, 0),
                    (22, 4, 0)],
     [enum('mode', (16, 6), CONVERT_MODES), dst('D', 44), src('src', 28, 40),
      enum('round', (26, 2), {0: 'rtz', 1: 'rte'})])

# --- Shifts and bitfields (opcode 0x2e; bit 15 and bits 26-27 select) -------
for _n, _b15, _sel in (('bfi', 0, 0), ('bfeil', 1, 0), ('extr', 0, 1),
                       ('shlhi', 0, 2), ('shrhi', 1, 2)):
   form(_n, 8, [(0, 7, 0x2e), (15, 1, _b15), (26, 2, _sel)],
        [dst('D', 60), src('A', 16, 58), src('B', 28, 56),
         src('C', 40, 54), mask()])
for _n, _sel in (('asr', 1), ('asrh', 3)):
   form(_n, 8, [(0, 7, 0x2e), (15, 1, 1), (26, 2, _sel)],
        [dst('D', 60), src('A', 16, 58), src('B', 28, 56)])

# --- Bit manipulation -------------------------------------------------------
form('bitop', 6, [(0, 7, 0x7e), (15, 1, 0)],
     [truth_table(), dst('D', 44), src('A', 16, 42), src('B', 28, 40)],
     aliases=[
        ('and', {'tt': '0001'}, ['D', 'A', 'B']),
        ('or', {'tt': '0111'}, ['D', 'A', 'B']),
        ('xor', {'tt': '0110'}, ['D', 'A', 'B']),
        ('nand', {'tt': '1110'}, ['D', 'A', 'B']),
        ('nor', {'tt': '1000'}, ['D', 'A', 'B']),
        ('xnor', {'tt': '1001'}, ['D', 'A', 'B']),
        ('not', {'tt': '1010', 'B': 0}, ['D', 'A']),
        ('mov', {'tt': '0101', 'B': 0}, ['D', 'A']),
        ('bitop_mov_a', {'tt': '0011'}, ['tt', 'D', 'A', 'B']),
        ('bitop_mov_a', {'tt': '1100'}, ['tt', 'D', 'A', 'B']),
     ])

# Integer unary ops share opcode 0x3e with bit 15 clear; bits 26-27 and
# 38-39 select the operation.
for _n, _sel, _sel2 in (('bitrev', 1, 0), ('popcount', 2, 0), ('ffs', 3, 0)):
   form(_n, 6, [(0, 7, 0x3e), (15, 1, 0), (28, 10, 0), (26, 2, _sel),
                (38, 2, _sel2)],
        [dst('D', 44), src('A', 16, 42)])
form('intl', 6, [(0, 7, 0x3e), (15, 1, 0), (26, 2, 0), (38, 2, 0)],
     [dst('D', 44), src('A', 16, 42), src('B', 28, 40)])
form('iunop', 6, [(0, 7, 0x3e), (15, 1, 0), (28, 10, 0)],
     [dst('D', 44), src('A', 16, 42), imm('op1', (38, 2), 'bin'),
      imm('op2', (26, 2), 'bin')])

# --- Floating point -------------------------------------------------------
form('fmadd32', (6, 8), [(0, 6, 0x3a)],
     [dst('D', 60), fsrc('A', 16, 58), fsrc('B', 28, 56), fsrc('C', 40, 54),
      SAT])
form('fmadd16', (6, 8), [(0, 6, 0x36)],
     [dst('D', 60, size=16), fsrc16('A', 16, 58), fsrc16('B', 28, 56),
      fsrc16('C', 40, 54), SAT])
for _n, _opc, _w in (('fadd32', 0x2a, 32), ('fadd16', 0x26, 16),
                     ('fmul32', 0x1a, 32), ('fmul16', 0x16, 16)):
   if _w == 32:
      _ops = [dst('D', 44), fsrc('A', 16, 42), fsrc('B', 28, 40)]
   else:
      _ops = [dst('D', 44, size=16), fsrc16('A', 16, 42),
              fsrc16('B', 28, 40)]
   form(_n, (4, 6), [(0, 6, _opc)], _ops + [SAT])

# Float unary ops: opcode 0x0a, bits 28-33 select the operation.
for _n, _sel in (('floor', 0x00), ('ceil', 0x10), ('trunc', 0x20),
                 ('rint', 0x30), ('rcp', 0x08), ('rsqrt', 0x09),
                 ('rsqrt_special', 0x01), ('sin_pt_1', 0x0a),
                 ('sin_pt_2', 0x0e), ('log2', 0x0c), ('exp2', 0x0d)):
   form(_n, (4, 6), [(0, 6, 0x0a), (34, 8, 0), (28, 6, _sel)],
        [dst('D', 44), fsrc('A', 16, 42), SAT])
for _n, _sel in (('dfdx', 0x04), ('dfdy', 0x06)):
   form(_n, (4, 6), [(0, 6, 0x0a), (34, 8, 0), (28, 6, _sel)],
        [dst('D', 44), fsrc('A', 16, 42), SAT, hidden('kill', 46)])
form('funop', (4, 6), [(0, 6, 0x0a), (34, 8, 0)],
     [dst('D', 44), fsrc('A', 16, 42), imm('op', (28, 6), 'bin'), SAT])

# --- Flow control ---------------------------------------------------------
form('ret', 2, [(0, 7, 0x14)], [reg32('reg32', [(9, 7)])])
form('stop', 2, [(0, 16, 0x88)], [])
form('trap', 2, [(0, 16, 0x08)], [])
form('call_reg', 2, [(0, 7, 0x04)], [reg32('reg32', [(9, 7)])],
     mnemonic='call')
form('jmp_incomplete', 4, [(0, 16, 0), (24, 8, 0)],
     [offset('off', [(16, 8)])])
form('jmp_exec_any', 6, [(0, 16, 0xc000)], [offset('off', [(16, 32)])])
form('jmp_exec_none', 6, [(0, 16, 0xc020)], [offset('off', [(16, 32)])])
form('call', 6, [(0, 16, 0xc010)], [offset('off', [(16, 32)])])

# --- Execution mask stack (r0l counts nesting) -----------------------------
form('pop_exec', 6, [(0, 7, 0x52), (9, 2, 3), (13, 35, 0)],
     [r0l(), imm('n', (11, 2))])
for _n, _op in (('if', 0), ('else', 1), ('while', 2)):
   form(_n + '_icmp', 6, [(0, 7, 0x52), (9, 2, _op), (26, 2, 0), (38, 2, 0),
                          (44, 2, 0)],
        [r0l(), icond(), src('A', 16, 42), src('B', 28, 40),
         imm('n', (11, 2))])
   _aliases = []
   if _n == 'if':
      _aliases = [('update_exec', {'cc': 'eq', 'A': 0, 'B': 0, 'n': 0},
                   ['D']),
                  ('push_exec', {'cc': 'eq', 'A': 0, 'B': 0}, ['D', 'n'])]
   form(_n + '_fcmp', 6, [(0, 7, 0x42), (9, 2, _op), (44, 2, 0)],
        [r0l(), fcond(), fsrc('A', 16, 42), fsrc('B', 28, 40),
         imm('n', (11, 2))], aliases=_aliases)

# --- Select ---------------------------------------------------------------
form('icmpsel', (8, 10), [(0, 7, 0x12)],
     [icond(61, None), dst('D', 76), src('A', 16, 74), src('B', 28, 72),
      cmpsel_src('X', 40, 70), cmpsel_src('Y', 52, 68)])
form('fcmpsel', (8, 10), [(0, 7, 0x02)],
     [fcond(61, None), dst('D', 76), fsrc('A', 16, 74), fsrc('B', 28, 72),
      cmpsel_src('X', 40, 70), cmpsel_src('Y', 52, 68)])

# --- SIMD group / quad ----------------------------------------------------
form('icmp_ballot', 8, [(0, 7, 0x32), (26, 2, 0), (38, 2, 0), (48, 13, 1)],
     [dst('D', 44), icond(61, 47), src('A', 16, 42), src('B', 28, 40)])
form('icmp_quad_ballot', 8,
     [(0, 7, 0x32), (26, 2, 0), (38, 2, 0), (48, 13, 0)],
     [dst('D', 44), icond(61, 47), src('A', 16, 42), src('B', 28, 40)])
form('fcmp_ballot', 8, [(0, 7, 0x22), (48, 13, 1)],
     [dst('D', 44), fcond(61, 47), fsrc('A', 16, 42), fsrc('B', 28, 40)])
form('fcmp_quad_ballot', 8, [(0, 7, 0x22), (48, 13, 0)],
     [dst('D', 44), fcond(61, 47), fsrc('A', 16, 42), fsrc('B', 28, 40)])

# Shuffles: opcode 0x6f, bit 15 clear; bits 47, 38-39, 26-27 select.
for _n, _b47, _b38, _b26 in (
      ('simd_shuffle', 0, 0, 1), ('simd_shuffle_down', 0, 3, 1),
      ('simd_shuffle_up', 0, 2, 1), ('simd_shuffle_rotate_up', 1, 2, 1),
      ('simd_shuffle_xor', 0, 1, 1)):
   form(_n, 6, [(0, 7, 0x6f), (15, 1, 0), (47, 1, _b47), (38, 2, _b38),
                (26, 2, _b26)],
        [dst('D', 44), src('A', 16, 42), src('B', 28, 40, size=16)])
for _n, _b47, _b38 in (
      ('quad_shuffle', 0, 0), ('quad_shuffle_down', 0, 3),
      ('quad_shuffle_up', 0, 2), ('quad_shuffle_rotate_up', 1, 2),
      ('quad_shuffle_xor', 0, 1)):
   form(_n, 6, [(0, 7, 0x6f), (15, 1, 0), (47, 1, _b47), (38, 2, _b38),
                (26, 2, 0)],
        [dst('D', 44), src('A', 16, 42, size=64), src('B', 28, 40, size=64)])

# Reductions and prefix ops: opcode 0x6f with bit 15 set; bit 47 and the
# 16-bit field at 26 select the operation.
for _n, _b47, _op in (
      ('quad_and', 0, 0x0000), ('quad_or', 0, 0x1000),
      ('quad_xor', 0, 0x2000), ('quad_iadd', 1, 0x0000),
      ('quad_fadd', 0, 0x0004), ('quad_fmul', 0, 0x1004),
      ('quad_prefix_iadd', 1, 0x0010), ('quad_prefix_fadd', 0, 0x0014),
      ('quad_prefix_fmul', 0, 0x1014), ('quad_min.u', 1, 0x6000),
      ('quad_max.u', 1, 0x7000), ('quad_min.s', 1, 0x2000),
      ('quad_max.s', 1, 0x3000), ('quad_min.f', 0, 0x2004),
      ('quad_max.f', 0, 0x3004), ('simd_and', 0, 0x0008),
      ('simd_or', 0, 0x1008), ('simd_xor', 0, 0x2008),
      ('simd_iadd', 1, 0x0008), ('simd_fadd', 0, 0x000c),
      ('simd_fmul', 0, 0x100c), ('simd_prefix_iadd', 1, 0x0018),
      ('simd_prefix_fadd', 0, 0x001c), ('simd_prefix_fmul', 0, 0x101c),
      ('simd_prefix_and', 0, 0x0018), ('simd_prefix_or', 0, 0x1018),
      ('simd_prefix_xor', 0, 0x2018), ('simd_prefix_min.s', 1, 0x2018),
      ('simd_prefix_min.u', 1, 0x6018), ('simd_prefix_max.s', 1, 0x3018),
      ('simd_prefix_max.u', 1, 0x7018), ('simd_min.u', 1, 0x6008),
      ('simd_max.u', 1, 0x7008), ('simd_min.s', 1, 0x2008),
      ('simd_max.s', 1, 0x3008), ('simd_min.f', 0, 0x200c),
      ('simd_max.f', 0, 0x300c)):
   form(_n.replace('.', '_'), 6,
        [(0, 7, 0x6f), (15, 1, 1), (47, 1, _b47), (26, 16, _op)],
        [dst('D', 44), src('A', 16, 42, size=64)], mnemonic=_n)

# --- Fragment synchronisation ---------------------------------------------
form('wait_pix', 4, [(0, 8, 0x48)], [imm('i', (8, 10)), imm('j', (22, 2))])
form('signal_pix', 4, [(0, 8, 0x58)], [imm('i', (8, 10)), imm('j', (22, 2))])

# --- Memory ---------------------------------------------------------------
form('wait', 2, [(0, 8, 0x38)], [imm('i', (8, 1))])
