# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""The tools against hostile input, as a user would try them: endless and
oversized inputs stop at a documented limit with a clear message, a
directory is named as such, missing option values are reported as missing,
and an output path is never replaced by a regular file unless it is one.

Usage: bad_input_test.py AGX_ASM AGX_DISASM AGX_SIM AGXDECODE AIL_QUERY
Ends with "N passed, N failed"."""

import os
import stat
import subprocess
import sys
import tempfile
import threading

AGX_ASM, AGX_DISASM, AGX_SIM, AGXDECODE, AIL_QUERY = sys.argv[1:6]
RESULTS = {'passed': 0, 'failed': 0}


def run(*args, stdin=None, timeout=20):
   return subprocess.run(args, capture_output=True, timeout=timeout,
                         stdin=stdin)


def check(cond, what):
   if cond:
      RESULTS['passed'] += 1
   else:
      RESULTS['failed'] += 1
      print('FAIL:', what)


def err(r):
   return r.stderr.decode(errors='replace')


def endless_inputs(tmp):
   # Each reader stops at its limit: exit 2 and a message naming it, well
   # before the machine's memory is gone (the timeout would fire first).
   readers = [
      (AGX_DISASM, ['/dev/zero']),
      (AGX_ASM, ['/dev/zero', '-o', os.path.join(tmp, 'x.bin')]),
      (AGX_SIM, ['/dev/zero']),
      (AGX_SIM, ['--vectors', '/dev/zero']),
      (AGX_SIM, ['--mem', '0x1000=/dev/zero', '/dev/null']),
      (AGXDECODE, ['/dev/zero']),
   ]
   for tool, args in readers:
      r = run(tool, *args)
      name = os.path.basename(tool) + ' ' + ' '.join(args)
      check(r.returncode == 2 and 'limit of' in err(r),
            f'{name}: want exit 2 and the limit named, got '
            f'{r.returncode}: {err(r)!r}')

   with open('/dev/zero', 'rb') as zero:
      r = run(AGX_ASM, '-', '-o', os.path.join(tmp, 'y.bin'), stdin=zero)
   check(r.returncode == 2 and 'standard input' in err(r) and
         'limit of' in err(r), f'agx-asm - < /dev/zero: {err(r)!r}')


def directories(tmp):
   for tool, args in [(AGX_DISASM, [tmp]),
                      (AGX_ASM, [tmp, '-o', os.path.join(tmp, 'z')]),
                      (AGX_SIM, [tmp]), (AGX_SIM, ['--vectors', tmp]),
                      (AGXDECODE, [tmp])]:
      r = run(tool, *args)
      check(r.returncode == 2 and 'Is a directory' in err(r) and
            'Success' not in err(r),
            f'{os.path.basename(tool)} on a directory: {err(r)!r}')


def missing_values():
   for tool, opt, word in [(AGX_DISASM, '--offset', 'needs a value'),
                           (AGX_ASM, '-o', 'needs a file name'),
                           (AIL_QUERY, '--format', 'needs a value'),
                           (AGXDECODE, '--ppp', 'requires an argument')]:
      r = run(tool, opt)
      check(r.returncode == 2 and word in err(r),
            f'{os.path.basename(tool)} {opt} without a value: {err(r)!r}')
   r = run(AGXDECODE, '--ppp', '0x1000', '/dev/null')
   check(r.returncode == 2 and 'ADDR:BYTES' in err(r),
         f'agxdecode --ppp without a size: {err(r)!r}')


def empty_vectors(tmp):
   empty = os.path.join(tmp, 'empty.jsonl')
   open(empty, 'w').close()
   r = run(AGX_SIM, '--vectors', empty)
   check(r.returncode == 1 and 'no executable vectors' in err(r),
         f'agx-sim --vectors on an empty file must not pass: {err(r)!r}')


def nul_source(tmp):
   src = os.path.join(tmp, 'nul.s')
   with open(src, 'wb') as f:
      f.write(b'stop\n\0trap garbage\n')
   r = run(AGX_ASM, src, '-o', os.path.join(tmp, 'nul.bin'))
   check(r.returncode == 1 and 'NUL byte' in err(r),
         f'agx-asm must refuse a NUL byte: {err(r)!r}')


def output_paths(tmp):
   src = os.path.join(tmp, 'stop.s')
   with open(src, 'w') as f:
      f.write('stop\n')

   # A symbolic link stays a link; its target gets the bytes.
   target = os.path.join(tmp, 'target.bin')
   link = os.path.join(tmp, 'link.bin')
   open(target, 'w').close()
   os.symlink('target.bin', link)
   r = run(AGX_ASM, src, '-o', link)
   check(r.returncode == 0 and os.path.islink(link) and
         open(target, 'rb').read() == bytes.fromhex('8800'),
         f'agx-asm -o LINK must write through the link: {err(r)!r}')

   # A FIFO stays a FIFO and its reader gets the bytes.
   fifo = os.path.join(tmp, 'out.fifo')
   os.mkfifo(fifo)
   got = []
   reader = threading.Thread(target=lambda: got.append(open(fifo, 'rb').read()))
   reader.start()
   r = run(AGX_ASM, src, '-o', fifo)
   reader.join(20)
   check(r.returncode == 0 and got == [bytes.fromhex('8800')] and
         stat.S_ISFIFO(os.lstat(fifo).st_mode),
         f'agx-asm -o FIFO must write into the FIFO: {err(r)!r} {got!r}')

   # "-" is standard output.
   r = run(AGX_ASM, src, '-o', '-')
   check(r.returncode == 0 and r.stdout == bytes.fromhex('8800'),
         f'agx-asm -o - must write standard output: {r.stdout!r}')

   # /dev/null stays a character device.
   r = run(AGX_ASM, src, '-o', '/dev/null')
   check(r.returncode == 0 and stat.S_ISCHR(os.stat('/dev/null').st_mode),
         'agx-asm -o /dev/null must keep the device')


def main():
   with tempfile.TemporaryDirectory() as tmp:
      endless_inputs(tmp)
      directories(tmp)
      missing_values()
      empty_vectors(tmp)
      nul_source(tmp)
      output_paths(tmp)
   print(f"{RESULTS['passed']} passed, {RESULTS['failed']} failed")
   return 1 if RESULTS['failed'] else 0


if __name__ == '__main__':
   sys.exit(main())
