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
            text='', style='dec', signed=False, aux=[], present=[],
            count_mode='fixed', count=1, type_ref=None, choices=[],
            shared_type=False, ref2=None, count2=0, type_uniform=False,
            writes=None)
   d.update(kw)
   return d


def dst(name, ext, size=32, at=9, type_at=7, fixed_size=False, paired=False):
   """Register destination: 6 value bits + 2 extension bits, and a 2-bit
   type (bit 0: cache hint, bit 1: 32/64-bit).  size is the widest allowed
   register (16, 32 or 64).  fixed_size: the width bit is a fixed opcode
   bit, so the type is only the cache bit and the width is always size."""
   return _opnd(name, 'dst', value=[(at, 6), (ext, 2)],
                type=[(type_at, 1 if fixed_size else 2)], size=size,
                count=2 if paired else 1)


def r0l(name='D'):
   """The implicit r0l destination of the exec-mask ops (bit 7: cache)."""
   return _opnd(name, 'r0l', type=[(7, 1)], size=16)


def src(name, at, ext, size=32, tbits=4, fp=False, mod=None, sx=None,
        paired=False):
   """ALU source: 6 value bits at `at`, 2 extension bits at `ext`, then a
   tbits-wide type field right after the value (immediate, uniform or
   register with hint and size).  fp: immediates are 8-bit minifloats and
   `mod` (default: right after the type) holds .abs/.neg.  sx: bit of the
   .sx sign-extension flag.  paired: registers (not uniforms) come in
   consecutive pairs (r0 means r0_r1, r0h means r0h_r1l)."""
   d = _opnd(name, 'src', value=[(at, 6), (ext, 2)],
             type=[(at + 6, tbits)], size=size, float=fp,
             count=2 if paired else 1)
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


def regrun(name, bits, type_bit=None, size=32, count=1, mask=None,
           count_field=None, zs=None, present=None, select=None,
           uniform_bit=None, writes=None):
   """A run of consecutive registers.  type_bit: 0 = 16-bit, 1 = 32-bit
   elements (else always `size`).  The element count is fixed (`count`),
   the popcount of operand `mask`, a 2-bit count_field (0 meaning 4) times
   `count`, or from the z/s bits `zs` (z counts 2, s counts 1).  present: a
   bit that, when clear, means there is no register (printed as nothing)."""
   d = _opnd(name, 'regrun', value=list(bits), size=size, count=count,
             writes=writes)
   if type_bit is not None:
      d['type'] = [(type_bit, 1)]
   if mask is not None:
      d['count_mode'] = 'mask'
      d['ref'] = mask
   elif count_field is not None:
      d['count_mode'] = 'field'
      d['aux'] = [count_field]
   elif zs is not None:
      d['count_mode'] = 'zs'
      d['aux'] = list(zs)
   elif select is not None:
      # (operand, count when it is 0, count otherwise)
      d['count_mode'] = 'select'
      d['ref'], d['count'], d['count2'] = select
   if present is not None:
      d['present'] = [(present, 1)]
   if uniform_bit is not None:
      # 32-bit GPRs or uniforms, numbered in 32-bit units
      d['type'] = [(uniform_bit, 1)]
      d['type_uniform'] = True
   return d


ANY = 0xff  # a choice taken when no other type value matches


def regimm(name, bits, type_bits=None, choices=None, type_ref=None,
           shared_type=False, presence=None, writes=None):
   """An operand whose kind is picked by a type field (or by the value of
   operand type_ref): choices maps type value -> one of r16, r32, r32x2,
   r64, u16, u16hi, u64, u64x2, u64x4, imm, simm, zero, zr16, ts, ss, cf,
   empty.  presence: type bit 1 says whether that operand is present."""
   d = _opnd(name, 'regimm', value=list(bits),
             choices=sorted(choices.items()), type_ref=type_ref,
             shared_type=shared_type, ref=presence, writes=writes)
   if type_bits is not None:
      d['type'] = [type_bits]
   return d


def fixed_reg(name, bits, kind):
   """A register of one kind (ts, ss, cf, u64x2, r16...) with no type."""
   return regimm(name, bits, choices={0: kind})


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
     [dst('D', 44, size=16, fixed_size=True), imm('imm16', (16, 16))],
     mnemonic='mov_imm')
form('mov_imm32', (6, 8), [(0, 7, 0x62), (8, 1, 1)],
     [dst('D', 60, fixed_size=True), imm('imm32', (16, 32)),
      imm('kill', (62, 1), 'bin')],
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

# Matrix multiply-accumulate on register pairs (opcode 0x6f, bits 26-27 and
# 63 set; bit 26 clear for the 16-bit form).
for _n, _b26 in (('simd_matrix_fmadd32', 1), ('simd_matrix_fmadd16', 0)):
   form(_n, 8, [(0, 7, 0x6f), (15, 1, 0), (27, 1, 1), (26, 1, _b26),
                (63, 1, 1)],
        [dst('D', 60, paired=True),
         src('A', 16, 58, fp=True, mod=52, paired=True),
         src('B', 28, 56, fp=True, paired=True),
         src('C', 40, 54, fp=True, paired=True)])

# Catch-alls for shuffle and reduction encodings not named above.
form('simd_shuf_op', 6, [(0, 7, 0x6f), (15, 1, 0)],
     [imm('op1', (47, 1), 'bin'), imm('op2', (38, 2), 'bin'),
      imm('op3', (26, 2), 'bin'), dst('D', 44), src('A', 16, 42, size=64),
      src('B', 28, 40, size=64)])
form('simd_op', 6, [(0, 7, 0x6f), (15, 1, 1)],
     [imm('op1', (47, 1), 'bin'), imm('op2', (26, 16), 'bin'), dst('D', 44),
      src('A', 16, 42, size=64)])

# --- Fragment synchronisation ---------------------------------------------
form('wait_pix', 4, [(0, 8, 0x48)], [imm('i', (8, 10)), imm('j', (22, 2))])
form('signal_pix', 4, [(0, 8, 0x58)], [imm('i', (8, 10)), imm('j', (22, 2))])

# --- Memory ---------------------------------------------------------------
form('wait', 2, [(0, 8, 0x38)], [imm('i', (8, 1))])

# Memory formats and component masks (applegpu.py MEMORY_FORMATS,
# MASK_DESCRIPTIONS); a zero mask prints as nothing.
MEMORY_FORMATS = {0: 'i8', 1: 'i16', 2: 'i32', 3: 'f16', 4: 'u8norm',
                  5: 's8norm', 6: 'u16norm', 7: 's16norm', 8: 'rgb10a2',
                  10: 'srgba8', 12: 'rg11b10f', 13: 'rgb9e5',
                  14: 'rg11b10f.rtz', 15: 'rgb9e5.rtz'}
MASKS = {m: ''.join(c for i, c in enumerate('xyzw') if m & (1 << i))
         for m in range(16)}


def mem_index(name='O'):
   """Offset: a 32-bit GPR, or a signed 16-bit immediate (bit 24 set)."""
   return regimm(name, [(20, 4), (32, 4), (56, 8)], (24, 1),
                 {0: 'r32', 1: 'simm'})


def mem_base(name='A'):
   """64-bit base address in a GPR pair or a uniform pair (bit 27 set)."""
   return regimm(name, [(16, 4), (36, 4)], (27, 1), {0: 'r64', 1: 'u64'})


def mem_regs(name='R', bits=((10, 6), (40, 2)), type_bit=49, writes=False):
   """The data registers: one per set bit of the mask (written by loads)."""
   return regrun(name, bits, type_bit=type_bit, mask='mask', writes=writes)


SIGNEDNESS = {0: 'signed', 1: 'unsigned'}

# Uniform and state stores (before device_store.TODO, which shares 0x45).
form('uniform_store', (6, 8),
     [(0, 7, 0x45), (9, 1, 0), (28, 2, 3), (50, 2, 0), (16, 4, 0),
      (36, 4, 0), (27, 1, 1)],
     [imm('unk', (25, 2)), enum('F', (7, 2), MEMORY_FORMATS),
      enum('mask', (52, 4), MASKS), imm('b', (44, 3)), mem_regs(),
      mem_index(), shift('s', [(42, 2)])], length_bit=47)
form('tex_state_store', 8, [(0, 8, 0xed), (20, 1, 1)],
     [fixed_reg('TS', [(8, 7)], 'ts'), fixed_reg('B', [(58, 6)], 'u64x2'),
      reg32('O', [(27, 7)])])
form('sampler_state_store', 8, [(0, 8, 0xad), (20, 1, 1)],
     [fixed_reg('SS', [(8, 5)], 'ss'), fixed_reg('B', [(58, 6)], 'u64x2'),
      reg32('O', [(27, 7)])])


for _store in (0, 1):
   _n = 'device_store' if _store else 'device_load'
   _common = [imm('g', (30, 1)),
              enum('F', [(7, 3), (48, 1)], MEMORY_FORMATS),
              enum('mask', (52, 4), MASKS), mem_regs(writes=not _store),
              mem_base(),
              mem_index(), enum('Ou', (25, 1), SIGNEDNESS),
              shift('s', [(42, 2)])]
   _opc = [(0, 7, 0x05 | (_store << 6))]
   if _store:
      form(_n, (6, 8), _opc + [(26, 1, 1), (28, 2, 0), (45, 2, 2),
                               (50, 2, 0)],
           _common + [imm('u6', (44, 1))], length_bit=47)
   else:
      form(_n, (6, 8), _opc + [(26, 1, 1), (28, 2, 0), (44, 3, 4),
                               (50, 2, 0)],
           _common, length_bit=47)
   # Unusual values of the bits above: printed for inspection.
   form(_n + '_todo', (6, 8), _opc,
        _common + ([imm('u6', (44, 1))] if _store else []) +
        [imm('u1', (26, 1)), imm('u3', (28, 2)),
         imm('u4', (45, 2) if _store else (44, 3)), imm('u5', (50, 2))],
        mnemonic=_n + '.TODO', length_bit=47)

# Stack: the specific pointer/adjust forms first, then load/store.
_stack_imms = [imm('i0', (8, 2)), imm('i1', (26, 1)), imm('i2', (36, 3))]
form('stack_get_ptr', (6, 8), [(0, 8, 0x35), (16, 4, 1), (48, 2, 2)],
     _stack_imms + [imm('i4', (50, 6)), imm('i3', (44, 3)),
                    fixed_reg('R', [(10, 6), (40, 2)], 'r32')],
     length_bit=47)
form('stack_adjust', (6, 8), [(0, 8, 0xb5), (16, 4, 1), (24, 2, 1)],
     _stack_imms + [imm('i3', (44, 3)), imm('i4', (50, 6)),
                    imm('v', [(20, 4), (32, 4), (56, 8)], signed=True)],
     mnemonic='TODO.stack_adjust', length_bit=47)
form('stack_adjust2', (6, 8), [(0, 8, 0xb5), (16, 4, 1), (24, 2, 0)],
     _stack_imms + [imm('i3', (44, 3)), imm('i4', (50, 6)),
                    fixed_reg('r', [(20, 4), (32, 4)], 'r32')],
     mnemonic='TODO.stack_adjust2', length_bit=47)
for _store in (0, 1):
   _ops = [enum('F', [(8, 2), (50, 2)], MEMORY_FORMATS), imm('i1', (26, 1)),
           imm('i2', (36, 3)), enum('mask', (52, 4), MASKS),
           imm('i5', (44, 3))]
   if _store:
      _ops = _ops + [mem_regs()]
   else:
      _ops = [mem_regs(writes=True)] + _ops
   form('stack_store' if _store else 'stack_load', (6, 8),
        [(0, 8, 0x35 | (_store << 7))],
        _ops + [mem_index(), imm('i6', (30, 1))], length_bit=47)

# Threadgroup (local) memory.
def tg_base(name='A'):
   return regimm(name, [(16, 6), (58, 2)], (22, 2),
                 {0: 'r16', 1: 'u16', 2: 'zero', 3: 'u16hi'})


def tg_index(name='O'):
   return regimm(name, [(28, 6), (48, 10)], (34, 1), {0: 'r16', 1: 'simm'})


for _store in (0, 1):
   # bit 6 is set for loads
   form('threadgroup_store' if _store else 'threadgroup_load', (6, 8),
        [(0, 4, 0x9), (5, 2, 1 | ((1 - _store) << 1))],
        [enum('F', (24, 4), MEMORY_FORMATS), enum('mask', (36, 4), MASKS),
         mem_regs('R', [(9, 6), (60, 2)], 8, writes=not _store), tg_base(),
         tg_index()])

# Asynchronous copies (compute).  R: the 64-bit address; A: a run of
# 32-bit registers or uniforms describing the copy (3 words for 1D, 5 for
# 2D).
for _store, _n in ((0, 'async_load'), (1, 'async_store')):
   form(_n, 8, [(0, 7, 0x25 | (_store << 6))],
        [enum('F', (47, 1), {0: 'copy_1d', 1: 'copy_2d'}),
         regimm('R', [(9, 6)], (8, 1), {0: 'r64', 1: 'u64'}),
         regrun('A', [(16, 4), (36, 4)], uniform_bit=25,
                select=('F', 3, 5))])

ATOMIC_OPS = {0: 'add', 1: 'sub', 2: 'xchg', 3: 'cmpxchg', 4: 'umin',
              5: 'imin', 6: 'umax', 7: 'imax', 8: 'and', 9: 'or',
              10: 'xor'}


def atomic_src(at):
   """The source value: a register pair for cmpxchg, else one register."""
   return regimm('S', [(at, 8)], type_ref='op', choices={3: 'r64', ANY: 'r32'})


form('atomic', 8, [(0, 6, 0x15)],
     [enum('op', (6, 4), ATOMIC_OPS), imm('g', (30, 1)),
      regimm('R', [(10, 6), (40, 2)], (47, 1), {0: 'empty', 1: 'r32'},
             writes=True),
      mem_base(), mem_index(), enum('Ou', (25, 1), SIGNEDNESS),
      atomic_src(48), imm('u1', (26, 1)), imm('u2', (28, 2)),
      imm('u3', (31, 1)), imm('u4', (42, 3)), imm('u5', (45, 2))])
form('threadgroup_atomic', (6, 10), [(0, 6, 0x19)],
     [enum('op', (24, 4), ATOMIC_OPS),
      regrun('R', [(9, 6), (60, 2)], type_bit=8, present=38,
             writes=True),
      tg_base(), tg_index(), atomic_src(64), imm('u1', (6, 2)),
      imm('u3', (35, 3)), imm('u4', (40, 8)), imm('u5', (72, 8))])

form('threadgroup_barrier', 2, [(0, 8, 0x68)], [])
form('memory_barrier', 2, [(0, 8, 0xf5)],
     [imm('a', (10, 2)), imm('b', (8, 2)), imm('c', (12, 4))])

# --- Varyings -------------------------------------------------------------
for _n, _op in (('no_var', 0x51), ('st_var', 0x11), ('st_var_final', 0x91)):
   form(_n, 4, [(0, 10, _op), (22, 1, 0)],
        [imm('u', (31, 1)), reg32('r', [(10, 5), (24, 2)]),
         regimm('I', [(16, 6), (26, 2)], (23, 1), {0: 'r16', 1: 'imm'})])

INTERPOLATION = {0: 'center', 1: 'sample', 2: 'centroid', 3: 'sample'}
for _n, _proj in (('iter', 0), ('iterproj', 1)):
   _ops = [regrun('D', [(9, 6), (56, 2)], type_bit=8, count_field=(30, 2),
                   writes=True),
           regimm('I', [(16, 6), (58, 2)], (23, 1), {0: 'cf', 1: 'r16'})]
   if _proj:
      _ops.append(fixed_reg('J', [(24, 6), (60, 2)], 'cf'))
   _ops += [regimm('S', [(32, 8)], type_ref='interpolation',
                   choices={0: 'empty', 1: 'imm', 2: 'empty', 3: 'r16'}),
            enum('forwarding', (22, 1), {0: '', 1: 'forward'}),
            enum('elide', (46, 1), {0: '', 1: 'elide'}),
            enum('interpolation', (48, 2), INTERPOLATION),
            imm('kill', (52, 1), 'bin'), imm('unk1', (40, 6)),
            imm('unk2', (47, 1)), imm('unk3', (50, 2)), imm('unk4', (53, 3)),
            imm('unk5', (62, 2))]
   form(_n, (4, 8), [(0, 6, 0x21), (6, 1, _proj), (7, 1, 0)], _ops)
form('ldcf', (4, 8), [(0, 6, 0x21), (6, 2, 2)],
     [regrun('D', [(9, 6), (56, 2)], type_bit=8, count_field=(30, 2),
             count=3, writes=True),
      regimm('I', [(16, 6), (58, 2)], (23, 1), {0: 'cf', 1: 'r16'})],
     mnemonic='TODO.ldcf')

# --- Tile buffer and fragment output ----------------------------------------
for _n, _load in (('st_tile', 0), ('ld_tile', 1)):
   form(_n, (8, 10), [(0, 6, 0x09), (6, 1, _load)],
        [mem_regs('R', [(9, 6), (60, 2)], 8,
                  writes=bool(_load)),
         enum('F', (24, 4), MEMORY_FORMATS), imm('u0', (35, 1)),
         enum('mask', (36, 4), MASKS), imm('O', [(28, 7), (40, 2)]),
         regimm('S', [(42, 6), (56, 2)], (22, 2), {0: 'imm', 1: 'r16'}),
         imm('C', [(16, 6), (58, 2)])])


def frag_sample_mask():
   return regimm('S', [(9, 6), (24, 2)], (8, 1), {0: 'r16', 1: 'imm'})


form('sample_mask', 4, [(0, 8, 0xc1), (15, 1, 0)],
     [frag_sample_mask(),
      regimm('M', [(16, 6), (26, 2)], (23, 1), {0: 'r16', 1: 'imm'})])
form('zs_emit', 4, [(0, 8, 0x41), (15, 1, 0)],
     [frag_sample_mask(),
      regrun('T', [(16, 6), (26, 2)], size=16, zs=[(29, 1), (30, 1)]),
      imm('u0', (22, 2))])

# Stack mapping (opcode 0x75; Mesa's agx_opcodes.py calls these
# stack_map/stack_unmap).
_map_tail = [reg32('R', [(11, 5), (40, 2)]),
             imm('v', [(20, 4), (32, 4), (56, 8)], signed=True)]
form('map', 8, [(0, 8, 0x75), (10, 1, 0), (47, 1, 1), (24, 2, 1), (27, 3, 0),
                (31, 1, 0)],
     [enum('op', (16, 4), {0: 'unmap', 1: 'map'}),
      enum('target', (36, 1), {0: 'target0', 1: 'target1'})] + _map_tail +
     [imm('q1', (8, 2), 'bin'), imm('q2', (30, 1), 'bin'),
      imm('q3', (37, 3), 'bin'), imm('q4', (42, 5), 'bin'),
      imm('q5', (48, 8), 'bin'),
      # Mesa's agx_pack.c (stack_map/stack_unmap) always sets bit 26;
      # applegpu does not read it.  Kept so such code re-encodes intact.
      hidden('q6', 26)],
     mnemonic='TODO.map',
     aliases=[('unmap', {'op': 'unmap'},
               ['target', 'R', 'v', 'q1', 'q2', 'q3', 'q4', 'q5']),
              ('map', {'op': 'map'},
               ['target', 'R', 'v', 'q1', 'q2', 'q3', 'q4', 'q5'])])
form('unk75_alt', 8, [(0, 8, 0x75), (10, 1, 0), (47, 1, 1)],
     [imm('q16', (16, 4)), imm('q17', (24, 2)), imm('q18', (27, 3)),
      imm('q19', (31, 1))] + _map_tail + [imm('q1', (8, 2), 'bin'),
                                          hidden('q6', 26)],
     mnemonic='TODO.unk75_alt')

# --- Miscellaneous and not yet understood ------------------------------------
form('get_sr_todo', 4, [(0, 7, 0x72), (15, 1, 1)],
     [dst('D', 28), sreg('SR', 16, 26)], mnemonic='TODO.sr_thing')
form('pop_exec2', 6, [(0, 7, 0x52), (9, 2, 3), (13, 10, 0), (23, 1, 1)],
     [r0l(), imm('n', (11, 2))], mnemonic='TODO.pop_exec2')
form('doorbell', 2, [(0, 8, 0x28)], [imm('imm', (8, 8))])
form('jmp_if_skipping_doorbell', 4, [(0, 16, 0x20), (24, 8, 0)],
     [offset('off', [(16, 8)])])
for _n, _len, _fixed, _ops in (
      ('after_sampling1', 2, [(0, 16, 0x101c)], []),
      ('after_sampling2', 2, [(0, 16, 0x62cc)], []),
      ('unk30C0', 6, [(0, 16, 0xc030)], [imm('imm', (16, 32))]),
      ('unk40C0', 6, [(0, 48, 0xc040)], []),
      ('unkC0000000', 4, [(0, 32, 0xc0)], []),
      ('unkE800', 2, [(0, 16, 0xe8)], []),
      ('unk0C00', 2, [(0, 16, 0x0c)], [])):
   form('todo_' + _n.lower(), _len, _fixed, _ops, mnemonic='TODO.' + _n)

# --- Textures and images ---------------------------------------------------
# Dimensions (applegpu.py TEX_TYPES / TEX_SIZES): name, coordinate count,
# extra components (array index, sample index).
TEX_TYPES = {0: 'tex_1d', 1: 'tex_1d_array', 2: 'tex_2d', 3: 'tex_2d_array',
             4: 'tex_2d_ms', 5: 'tex_3d', 6: 'tex_cube', 7: 'tex_cube_array',
             8: 'tex_2d_ms_array'}
TEX_DIMS = {0: (1, 0), 1: (1, 1), 2: (2, 0), 3: (2, 1), 4: (2, 1), 5: (3, 0),
            6: (3, 0), 7: (3, 1), 8: (2, 2)}
SAMPLE_MASKS = {m: MASKS[m] for m in range(1, 16)}
LOD_MODES = {0: 'auto_lod', 1: 'auto_lod_bias', 2: 'lod_min',
             5: 'auto_lod_bias', 6: 'lod_min', 4: 'lod_grad',
             12: 'lod_grad_min'}
GATHER = {0: 'none', 1: 'compare', 2: 'gather_r', 3: 'gather_depth',
          6: 'gather_g', 10: 'gather_b', 14: 'gather_a'}


def coords(name='C', ext=74):
   """Coordinates: a run whose length follows the dimension `n`; bit 47
   selects 16-bit components, bit 22 marks the last use (.discard)."""
   return _opnd(name, 'coords', value=[(16, 6), (ext, 2)], type=[(47, 1)],
                mod=[(22, 1)], ref='n')


def lod_src(name='D', at=24, ext=76):
   """LOD source, interpreted by the LOD mode `lod` (gradients are runs
   sized by the dimension `n`)."""
   return _opnd(name, 'lod', value=[(at, 6), (ext, 2)], ref='n', ref2='lod')


def texture_ref(name='T', ext=78, with_base=True):
   """Texture: a state register, or (type bit 1 set) an index into the
   texture heap whose base is the uniform pair U.  Without U in the text,
   type 2 with a register would print like type 1 (applegpu prints both
   as a 16-bit register), so only its zero reading is accepted there."""
   return regimm(name, [(32, 6), (ext, 2)], (38, 2),
                 {0: 'ts', 1: 'r16', 2: 'zr16' if with_base else 'zero',
                  3: 'r32'},
                 presence='U' if with_base else None)


def tex_dim():
   return enum('n', [(40, 3), (71, 1)], TEX_TYPES)


for _n, _opc in (('texture_sample', 0x31), ('texture_load', 0x71)):
   form(_n, (8, 12), [(0, 8, _opc)],
        [imm('compare', (23, 1)),
         enum('mode', (30, 2), {0: '', 2: 'query_lod'}),
         imm('q3', (43, 4), 'bin'), imm('slot', (63, 1), 'bin'),
         enum('q6', (86, 5), GATHER), enum('mask', (48, 4), SAMPLE_MASKS),
         imm('kill', (69, 2), 'bin'),
         regrun('R', [(9, 6), (72, 2)], type_bit=8, mask='mask',
                writes=True),
         regimm('U', [(64, 5)], (38, 2),
                {0: 'empty', 1: 'empty', 2: 'u64x4', 3: 'u64x4'},
                shared_type=True),
         texture_ref(),
         regimm('S', [(56, 6), (92, 2)], (62, 1), {0: 'ss', 1: 'r16'}),
         tex_dim(), coords(), enum('lod', (52, 4), LOD_MODES), lod_src(),
         _opnd('O', 'cmpoff', value=[(80, 6), (94, 2)], type=[(91, 1)],
               ref='compare')])

_IMAGE_DIM = enum('n', [(40, 3), (55, 1)], TEX_TYPES)
form('image_write', (6, 8), [(0, 8, 0xf1)],
     [regrun('R', [(9, 6), (56, 2)], type_bit=8, count=4),
      coords(ext=58),
      regimm('D', [(24, 6), (60, 2)], (31, 1), {0: 'r16', 1: 'imm'}),
      regimm('U', [(48, 5)], (38, 2),
             {0: 'empty', 1: 'empty', 2: 'u64x4', 3: 'u64x4'},
             shared_type=True),
      texture_ref(ext=62), _IMAGE_DIM,
      enum('round', (53, 1), {0: 'rte', 1: 'rtz'}),
      imm('u1', (23, 1)), imm('u2', (30, 1)), imm('u3', (43, 4)),
      imm('u5', (54, 1))])
form('image_write_block', (6, 10), [(0, 8, 0xb1), (48, 5, 0), (68, 10, 0)],
     [regrun('R', [(9, 6), (56, 2)], size=16),
      coords(ext=58),
      regimm('D', [(24, 6), (60, 2)], (31, 1), {0: 'r16', 1: 'imm'}),
      texture_ref(ext=62, with_base=False), _IMAGE_DIM,
      enum('round', (53, 1), {0: 'rte', 1: 'rtz'}),
      enum('F', [(8, 1), (64, 3)], MEMORY_FORMATS),
      imm('q0', (23, 1)), imm('q1', (43, 4)), imm('q2', (67, 1))])
