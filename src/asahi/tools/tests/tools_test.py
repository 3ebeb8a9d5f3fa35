# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Checks agx-asm and agx-disasm as a user runs them.

Usage: tools_test.py AGX_ASM AGX_DISASM
"""

import os
import subprocess
import sys
import tempfile

AGX_ASM, AGX_DISASM = sys.argv[1:3]

# Golden encodings: fadd32 r0, r1, r2 -> 2a8142422400 (applegpu's assembler,
# dougallj/applegpu README); stop is 8800.
SOURCE = """\
# a loop with a forward exit
top:
   fadd32 r0, r1, r2
   jmp_exec_none out
   jmp_exec_any top ; iadd r4, r5.sx, 3, lsl 2
out:
   stop
"""


def run(*args, **kw):
   return subprocess.run(args, capture_output=True, text=True, **kw)


def main():
   failures = []

   def check(cond, what):
      if not cond:
         failures.append(what)

   for tool in (AGX_ASM, AGX_DISASM):
      r = run(tool, '--help')
      check(r.returncode == 0 and 'Usage' in r.stdout, tool + ' --help')
      r = run(tool)
      check(r.returncode == 2, tool + ' without arguments must fail')

   with tempfile.TemporaryDirectory() as tmp:
      src = os.path.join(tmp, 'prog.s')
      binary = os.path.join(tmp, 'prog.bin')
      with open(src, 'w') as f:
         f.write(SOURCE)
      r = run(AGX_ASM, src, '-o', binary)
      check(r.returncode == 0, 'agx-asm: ' + r.stderr)
      data = open(binary, 'rb').read() if r.returncode == 0 else b''
      check(data[:6] == bytes.fromhex('2a8142422400'), 'fadd32 bytes')
      check(data[-2:] == bytes.fromhex('8800'), 'stop bytes')

      # disassemble, reassemble, compare
      r = run(AGX_DISASM, '--raw', binary)
      check(r.returncode == 0, 'agx-disasm --raw')
      lines = r.stdout.splitlines()
      check(lines and lines[0] == 'fadd32 r0, r1, r2', 'first line')
      check('jmp_exec_any pc-12' in lines, 'backward branch text')
      src2 = os.path.join(tmp, 'again.s')
      with open(src2, 'w') as f:
         f.write(r.stdout)
      bin2 = os.path.join(tmp, 'again.bin')
      r = run(AGX_ASM, src2, '-o', bin2)
      check(r.returncode == 0 and open(bin2, 'rb').read() == data,
            'asm(disasm(bin)) == bin')

      # addresses, --offset, stop at stop
      r = run(AGX_DISASM, '--offset', '6', binary)
      check(r.stdout.splitlines()[0].split(':')[0].strip() == '6',
            '--offset starts at 6')
      padded = os.path.join(tmp, 'padded.bin')
      with open(padded, 'wb') as f:
         f.write(data + bytes.fromhex('2a8142422400'))
      r = run(AGX_DISASM, padded)
      check(r.stdout.count('fadd32') == 1, 'stops after stop')

      # undecodable bytes are reported with their offset, not a crash
      bad = os.path.join(tmp, 'bad.bin')
      with open(bad, 'wb') as f:
         f.write(bytes.fromhex('ffff') +
                 bytes.fromhex('8800'))
      r = run(AGX_DISASM, bad)
      check(r.returncode == 1 and 'offset 0x0' in r.stdout,
            'undecodable bytes flagged: ' + r.stdout)

      # assembler errors name the line
      with open(src, 'w') as f:
         f.write('stop\nfrobnicate r0\n')
      r = run(AGX_ASM, src, '-o', binary)
      check(r.returncode == 1 and 'line 2' in r.stderr, 'error line number')

   for f in failures:
      print('FAIL:', f)
   return 1 if failures else 0


if __name__ == '__main__':
   sys.exit(main())
