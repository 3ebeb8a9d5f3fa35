# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Checks agx-sim as a user runs it: --help, running a program with
registers, uniforms and memory, and --vectors (hand-written vectors, plus
../shared/data/agx-isa/public.jsonl when present).

Usage: agx_sim_test.py AGX_SIM AGX_ASM SHARED_DATA_DIR
"""

import json
import os
import re
import subprocess
import sys
import tempfile

AGX_SIM, AGX_ASM, DATA = sys.argv[1:4]

# Each lane adds u4 to its r2 (lane 3 has its own r2) and stores the sum
# to element `lane` of the array at u0_u1.
PROGRAM = """\
get_sr r5, sr80
iadd r3, r2, u4
device_store 0, i32, x, r3, u0_u1, r5, unsigned, 0
stop
"""

# Fragment and vertex interfaces: interpolate cf1 = 2x + 1 at each lane's
# pixel centre (pixel (3 + t, 0), tile-relative x = (3 + t) mod 32 + 0.5)
# and store it as vertex output 1.
FRAG_PROGRAM = """\
iter r0, cf1, center, 0b0, 0, 0, 0, 0, 0
st_var 0, r0, 1
stop
"""

# mov_imm r4h, 127 (bytes 62127f00 from the vector README's schema): lanes
# in exec 0xff get 127 in the high half; the low half is kept.
LANES = list(range(32))


def vector(vid, out_high):
   out = [(out_high << 16) | x if i < 8 else x for i, x in enumerate(LANES)]
   return json.dumps({"id": vid, "hex": "62127f00", "size": 4,
                      "exec_in": 255, "exec_out": 255,
                      "in": {"r4": LANES}, "out": {"r4": out}})


def run(*args):
   return subprocess.run(args, capture_output=True, text=True)


def main():
   failures = []

   def check(cond, what):
      if not cond:
         failures.append(what)

   r = run(AGX_SIM, '--help')
   check(r.returncode == 0 and 'Usage' in r.stdout, '--help')
   r = run(AGX_SIM, '--bogus')
   check(r.returncode == 2, 'unknown option exits 2')

   with tempfile.TemporaryDirectory() as tmp:
      src = os.path.join(tmp, 'p.s')
      binary = os.path.join(tmp, 'p.bin')
      with open(src, 'w') as f:
         f.write(PROGRAM)
      r = run(AGX_ASM, src, '-o', binary)
      check(r.returncode == 0, 'assemble: ' + r.stderr)

      r = run(AGX_SIM, '--reg', 'r2=5', '--reg', 'r2@3=100',
              '--uniform', 'u4=0x10', '--uniform', 'u0=0x1000',
              '--mem', '0x1000+128', '--dump', '0x1000+16', binary)
      check(r.returncode == 0, 'run: ' + r.stdout + r.stderr)
      check('status: stopped' in r.stdout, 'status line')
      check('00000015 00000015 00000015 00000074' in r.stdout,
            'per-lane r3: ' + r.stdout)
      check('0000001000: 15 00 00 00 15 00 00 00 15 00 00 00 74 00 00 00'
            in r.stdout, 'memory dump: ' + r.stdout)

      # A store outside memory is a GPU fault; with --soft-faults it is not.
      r = run(AGX_SIM, '--uniform', 'u0=0x9000', binary)
      check(r.returncode == 1 and 'GPU fault' in r.stdout, 'fault')
      r = run(AGX_SIM, '--soft-faults', '--uniform', 'u0=0x9000', binary)
      check(r.returncode == 0 and '(soft)' in r.stdout, 'soft fault')

      fsrc = os.path.join(tmp, 'f.s')
      fbin = os.path.join(tmp, 'f.bin')
      with open(fsrc, 'w') as f:
         f.write(FRAG_PROGRAM)
      r = run(AGX_ASM, fsrc, '-o', fbin)
      check(r.returncode == 0, 'assemble fragment program: ' + r.stderr)
      r = run(AGX_SIM, '--cf', '0=0,0,1', '--cf', '1=2,0,1', '--pixel',
              '3,0', '--uvs', '2', fbin)
      check(r.returncode == 0, 'fragment run: ' + r.stdout + r.stderr)
      # Lane 0: 2 * 3.5 + 1 = 8.0; lane 29 wraps to x = 0.5: 2.0.
      check('uvs@0: 00000000 41000000' in r.stdout, 'uvs lane 0: ' + r.stdout)
      check('uvs@29: 00000000 40000000' in r.stdout,
            'uvs lane 29: ' + r.stdout)
      r = run(AGX_SIM, '--cf', '0=0,0,1', '--uvs', '2', fbin)
      check(r.returncode == 1 and 'coefficient' in r.stdout,
            'unbound cf1: ' + r.stdout)
      r = run(AGX_SIM, '--cf', '1=2,0,1', fbin)
      check(r.returncode == 1 and 'UVS' in r.stdout, 'no UVS: ' + r.stdout)

      vecs = os.path.join(tmp, 'v.jsonl')
      with open(vecs, 'w') as f:
         f.write(vector('good', 127) + '\n')
         f.write(vector('bad', 126) + '\n')
      r = run(AGX_SIM, '--vectors', vecs)
      check(r.returncode == 1, '--vectors exit status')
      check('1 passed, 1 failed' in r.stdout, '--vectors count: ' + r.stdout)
      check(re.search(r'^FAIL bad: r4 lane 0', r.stdout, re.M) is not None,
            '--vectors failure line: ' + r.stdout)

   public = os.path.join(DATA, 'agx-isa', 'public.jsonl')
   if os.path.exists(public):
      r = run(AGX_SIM, '--vectors', public)
      last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ''
      check(r.returncode == 0 and re.match(r'\d+ passed, 0 failed$', last),
            'public vectors: ' + last)
   else:
      print('note: %s absent, public vectors not run' % public)

   for f in failures:
      print('FAIL:', f)
   return 1 if failures else 0


if __name__ == '__main__':
   sys.exit(main())
