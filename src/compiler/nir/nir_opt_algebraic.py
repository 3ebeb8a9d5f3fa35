# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# Algebraic rules: (search, replace[, condition]).  See nir_algebraic.py for
# the notation and docs/nir.rst for how to add one.
#
# Every rule here must keep the interpreter's results bit-identical on the
# instructions it applies to (the differential tests check this), unless it
# is marked '~' (inexact), in which case it never touches an instruction
# marked exact.  Written from the IEEE-754 and GLSL rules, e.g. x + (-0.0)
# is x for every x including -0.0, while x + 0.0 turns -0.0 into +0.0.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nir_algebraic import TableSet, generate  # noqa: E402

a, b, c = 'a', 'b', 'c'
ca, cb, cc = '#a', '#b', '#c'

optimizations = [
   # ---- identities ----------------------------------------------------
   (('fadd', a, -0.0), a),
   (('~fadd', a, 0.0), a),
   (('fsub', a, 0.0), a),
   (('fmul', a, 1.0), a),
   (('fmul', a, -1.0), ('fneg', a)),
   (('~fmul', a, 0.0), 0.0),
   (('fdiv', a, 1.0), a),
   (('iadd', a, 0), a),
   (('isub', a, 0), a),
   (('isub', a, a), 0),
   (('iadd', a, ('ineg', a)), 0),
   (('imul', a, 1), a),
   (('imul', a, 0), 0),
   (('imul', a, -1), ('ineg', a)),
   (('idiv', a, 1), a),
   (('udiv', a, 1), a),
   (('umod', a, 1), 0),
   (('iand', a, a), a),
   (('ior', a, a), a),
   (('ixor', a, a), 0),
   (('iand', a, 0), 0),
   (('ior', a, 0), a),
   (('ixor', a, 0), a),
   (('iand', a, -1), a),
   (('ior', a, -1), -1),
   (('fmin', a, a), a),
   (('fmax', a, a), a),
   (('imin', a, a), a),
   (('imax', a, a), a),
   (('umin', a, a), a),
   (('umax', a, a), a),

   # ---- negation, absolute value, saturate ----------------------------
   (('fneg', ('fneg', a)), a),
   (('ineg', ('ineg', a)), a),
   (('inot', ('inot', a)), a),
   (('fabs', ('fabs', a)), ('fabs', a)),
   (('fabs', ('fneg', a)), ('fabs', a)),
   (('iabs', ('iabs', a)), ('iabs', a)),
   (('iabs', ('ineg', a)), ('iabs', a)),
   (('fsat', ('fsat', a)), ('fsat', a)),
   (('fmin', ('fmax', a, 0.0), 1.0), ('fsat', a)),
   # fmin(NaN, 1) is 1, so this one differs from fsat for NaN.
   (('~fmax', ('fmin', a, 1.0), 0.0), ('fsat', a)),
   (('fsat', ('b2f32', a)), ('b2f32', a)),
   (('fabs', ('b2f32', a)), ('b2f32', a)),
   (('fsat', ('fabs', ('fsat', a))), ('fsat', a)),

   # ---- reassociation of constants ------------------------------------
   (('iadd', ('iadd', a, cb), cc), ('iadd', a, ('iadd', b, c))),
   (('imul', ('imul', a, cb), cc), ('imul', a, ('imul', b, c))),
   (('iand', ('iand', a, cb), cc), ('iand', a, ('iand', b, c))),
   (('ior', ('ior', a, cb), cc), ('ior', a, ('ior', b, c))),
   (('ixor', ('ixor', a, cb), cc), ('ixor', a, ('ixor', b, c))),
   (('imin', ('imin', a, cb), cc), ('imin', a, ('imin', b, c))),
   (('imax', ('imax', a, cb), cc), ('imax', a, ('imax', b, c))),
   (('umin', ('umin', a, cb), cc), ('umin', a, ('umin', b, c))),
   (('umax', ('umax', a, cb), cc), ('umax', a, ('umax', b, c))),
   (('~fadd', ('fadd', a, cb), cc), ('fadd', a, ('fadd', b, c))),
   (('~fmul', ('fmul', a, cb), cc), ('fmul', a, ('fmul', b, c))),

   # ---- comparisons ---------------------------------------------------
   (('inot', ('ilt', a, b)), ('ige', a, b)),
   (('inot', ('ige', a, b)), ('ilt', a, b)),
   (('inot', ('ult', a, b)), ('uge', a, b)),
   (('inot', ('uge', a, b)), ('ult', a, b)),
   (('inot', ('ieq', a, b)), ('ine', a, b)),
   (('inot', ('ine', a, b)), ('ieq', a, b)),
   (('inot', ('feq', a, b)), ('fneu', a, b)),
   (('inot', ('fneu', a, b)), ('feq', a, b)),
   # !(a < b) is a >= b only without NaNs.
   (('~inot', ('flt', a, b)), ('fge', a, b)),
   (('~inot', ('fge', a, b)), ('flt', a, b)),
   (('ieq', a, a), True),
   (('ine', a, a), False),
   (('ilt', a, a), False),
   (('ige', a, a), True),
   (('ult', a, a), False),
   (('uge', a, a), True),
   (('ult', a, 0), False),
   (('uge', a, 0), True),
   (('ine', ('b2i32', a), 0), a),
   (('ieq', ('b2i32', a), 0), ('inot', a)),
   (('fneu', ('b2f32', a), 0.0), a),
   (('feq', ('b2f32', a), 0.0), ('inot', a)),
   (('iand', a, True), a),
   (('iand', a, False), False),
   (('ior', a, True), True),
   (('ior', a, False), a),
   (('ixor', a, False), a),
   (('ixor', a, True), ('inot', a)),
   (('iand', a, ('inot', a)), False),
   (('ior', a, ('inot', a)), True),

   # ---- selects -------------------------------------------------------
   (('bcsel', True, b, c), b),
   (('bcsel', False, b, c), c),
   (('bcsel', a, b, b), b),
   (('bcsel', ('inot', a), b, c), ('bcsel', a, c, b)),
   (('bcsel', a, True, False), a),
   (('bcsel', a, False, True), ('inot', a)),
   (('bcsel', a, ('bcsel', a, b, c), c), ('bcsel', a, b, c)),
   (('bcsel', a, b, ('bcsel', a, c, b)), ('bcsel', a, b, b)),
   (('b2i32', ('inot', a)), ('ixor', ('b2i32', a), 1)),

   # ---- shifts --------------------------------------------------------
   (('ishl', a, 0), a),
   (('ishr', a, 0), a),
   (('ushr', a, 0), a),
   (('ishl', 0, a), 0),
   (('ushr', 0, a), 0),
   (('ishr', 0, a), 0),
   (('ishr', -1, a), -1),
   (('ishl@32', a, 32), a),
   (('ushr@32', a, 32), a),
   (('imul@32', a, 2), ('ishl', a, 1)),
   (('imul@32', a, 4), ('ishl', a, 2)),
   (('imul@32', a, 8), ('ishl', a, 3)),
   (('udiv@32', a, 2), ('ushr', a, 1)),
   (('udiv@32', a, 4), ('ushr', a, 2)),
   (('umod@32', a, 2), ('iand', a, 1)),
   (('umod@32', a, 4), ('iand', a, 3)),

   # ---- conversions ---------------------------------------------------
   (('i2f32', ('b2i32', a)), ('b2f32', a)),
   (('f2i32', ('b2f32', a)), ('b2i32', a)),
   (('f2u32', ('b2f32', a)), ('b2i32', a)),
   (('u2f32', ('b2i32', a)), ('b2f32', a)),
   (('fneg', ('fneg', a)), a),

   # ---- a factor of 0 or 1 (step(), b2f) as a select ---------------------
   # x * (c ? 0 : 1) is c ? 0 : x but for infinite or NaN x (0 * inf is
   # NaN): inexact.
   (('~fmul', ('bcsel', a, 0.0, 1.0), b), ('bcsel', a, 0.0, b)),
   (('~fmul', ('bcsel', a, 1.0, 0.0), b), ('bcsel', a, b, 0.0)),
   (('~fmul', ('b2f32', a), b), ('bcsel', a, b, 0.0)),

   # ---- pow(a, 1), pow(a, 2..4) ----------------------------------------
   # pow(a, k) arrives as exp2(log2(a) * k) (lower_fpow); GLSL 4.60 8.2
   # leaves pow undefined for a < 0, and a = 0 gives exp2(-inf) = 0.
   (('~fexp2', ('flog2', a)), a),
   # Since wave 16, small integer powers as multiplies (Mesa's
   # nir_opt_algebraic.py has the same, inexact, rules; alexvorxx/Mesa-VirGL
   # src/compiler/nir/nir_opt_algebraic.py).  GLSL 4.60 4.7.1 gives pow
   # the precision of exp2(y * log2(x)), 3 + 2 |y log2 x| ULP, which the
   # products (one or two roundings, about 2 ULP at most) are well
   # inside; they are closer to a^k than exp2/log2 are, so nir_inexact
   # judges rules reading fexp2 by that GLSL bound.
   # k = 5 or more needs as many multiplies as exp2, log2 and fmul.
   (('~fexp2', ('fmul', ('flog2', a), 2.0)), ('fmul', a, a)),
   (('~fexp2', ('fmul', ('flog2', a), 3.0)), ('fmul', ('fmul', a, a), a)),
   (('~fexp2', ('fmul', ('flog2', a), 4.0)),
    ('fmul', ('fmul', a, a), ('fmul', a, a))),
]

# Lowerings a driver asks for through nir_shader_compiler_options.  These
# replace an opcode the hardware lacks and apply to exact instructions too,
# but for those marked '~', which a later exact rule for the same opcode
# must back.
lowering = [
   (('fsub', a, b), ('fadd', a, ('fneg', b)), 'options->lower_fsub'),
   (('isub', a, b), ('iadd', a, ('ineg', b)), 'options->lower_isub'),
   (('ineg', a), ('isub', 0, a), 'options->lower_ineg'),
   (('fdiv', a, b), ('fmul', a, ('frcp', b)), 'options->lower_fdiv'),
   (('fpow', a, b), ('fexp2', ('fmul', ('flog2', a), b)),
    'options->lower_fpow'),
   # a + c (b - a): two instructions once fused, but only a (1 - c) + b c
   # gives b exactly for c = 1 and is kept for exact instructions (the
   # choice Mesa's nir_lower_flrp makes when !always_precise).  A select
   # between 0 and 1 as c (step) picks a or b, which only differs for
   # infinite or NaN a and b.
   (('~flrp@32', a, b, ('bcsel', c, 0.0, 1.0)), ('bcsel', c, a, b),
    'options->lower_flrp32 && options->lower_flrp_single_ffma'),
   (('~flrp@32', a, b, ('bcsel', c, 1.0, 0.0)), ('bcsel', c, b, a),
    'options->lower_flrp32 && options->lower_flrp_single_ffma'),
   (('~flrp@32', a, b, c), ('fadd', a, ('fmul', c, ('fadd', b, ('fneg', a)))),
    'options->lower_flrp32 && options->lower_flrp_single_ffma'),
   (('flrp@16', a, b, c), ('fadd', ('fmul', a, ('fsub', 1.0, c)),
                           ('fmul', b, c)), 'options->lower_flrp16'),
   (('flrp@32', a, b, c), ('fadd', ('fmul', a, ('fsub', 1.0, c)),
                           ('fmul', b, c)), 'options->lower_flrp32'),
   (('flrp@64', a, b, c), ('fadd', ('fmul', a, ('fsub', 1.0, c)),
                           ('fmul', b, c)), 'options->lower_flrp64'),
   (('fsat', a), ('fmin', ('fmax', a, 0.0), 1.0), 'options->lower_fsat'),
   (('fmod', a, b), ('fsub', a, ('fmul', b, ('ffloor', ('fdiv', a, b)))),
    'options->lower_fmod'),
   (('ffract', a), ('fsub', a, ('ffloor', a)), 'options->lower_ffract'),
   (('fsign', a), ('bcsel', ('flt', 0.0, a), 1.0,
                   ('bcsel', ('flt', a, 0.0), -1.0,
                    ('bcsel', ('feq', a, a), a, 0.0))),
    'options->lower_fsign'),
   (('ffma', a, b, c), ('fadd', ('fmul', a, b), c), 'options->lower_ffma'),
   (('uadd_carry@32', a, b), ('b2i32', ('ult', ('iadd', a, b), a)),
    'options->lower_uadd_carry'),
   (('usub_borrow@32', a, b), ('b2i32', ('ult', a, b)),
    'options->lower_usub_borrow'),
   (('fstep', a, b), ('bcsel', ('flt', b, a), 0.0, 1.0), 'options->lower_scmp'),
   (('fclamp', a, b, c), ('fmin', ('fmax', a, b), c), 'true'),
]

if __name__ == '__main__':
   generate(sys.argv[1], 'nir_opt_algebraic.py', [
      TableSet('algebraic', 'nir_opt_algebraic', optimizations, False),
      TableSet('lower', 'nir_opt_algebraic_lower', lowering, False),
   ])
