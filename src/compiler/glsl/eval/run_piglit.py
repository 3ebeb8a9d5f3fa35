#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
#
# CI for shader-test-eval over the Debian piglit package, checked against
# an expectations file of known failures (which only shrinks):
#   builtins: the generated built-in function execution tests (vertex and
#             fragment) of GLSL 1.10-1.50 and GLSL ES 3.00;
#   spec:     every hand-written .shader_test of GLSL 1.10-1.50 and GLSL
#             ES 1.00/3.00 (execution and linker tests).
# Exits 77 (skip) when piglit is not installed.
import glob
import os
import subprocess
import sys

PIGLIT = os.environ.get('PIGLIT_DIR', '/usr/lib/x86_64-linux-gnu/piglit')


def builtin_files():
    files = []
    for v in ['glsl-1.10', 'glsl-1.20', 'glsl-1.30', 'glsl-1.40',
              'glsl-1.50', 'glsl-es-3.00']:
        pattern = os.path.join(PIGLIT, 'generated_tests', 'spec', v,
                               'execution', 'built-in-functions',
                               '*.shader_test')
        files += [f for f in sorted(glob.glob(pattern))
                  if os.path.basename(f)[:3] in ('vs-', 'fs-')]
    return files


def spec_files():
    files = []
    for v in ['glsl-1.10', 'glsl-1.20', 'glsl-1.30', 'glsl-1.40',
              'glsl-1.50', 'glsl-es-1.00', 'glsl-es-3.00']:
        pattern = os.path.join(PIGLIT, 'tests', 'spec', v, '**',
                               '*.shader_test')
        files += sorted(glob.glob(pattern, recursive=True))
    return files


def main():
    tool, expectations, which = sys.argv[1], sys.argv[2], sys.argv[3]
    files = builtin_files() if which == 'builtins' else spec_files()
    root = PIGLIT
    if not files:
        print('piglit generated tests not found under ' + root)
        return 77
    # One process per batch keeps the command line short.
    status = 0
    totals = [0, 0, 0]
    for i in range(0, len(files), 500):
        r = subprocess.run([tool, '--quiet', '--expectations', expectations]
                           + files[i:i + 500], capture_output=True,
                           text=True)
        lines = r.stdout.splitlines()
        # The last line counts the batch, unless the tool died first.
        summary = lines and lines[-1].endswith(' skipped')
        for line in lines[:-1] if summary else lines:
            print(line)
        counts = lines[-1].split(',') if summary else []
        for k, c in enumerate(counts[:3]):
            totals[k] += int(c.split()[0])
        if r.returncode:
            # A crash or a sanitizer report shows in the test log.
            sys.stderr.write('batch %d: exit status %d\n%s' %
                             (i // 500, r.returncode, r.stderr[-4000:]))
        status |= r.returncode
    print('%d passed, %d failed, %d skipped' % tuple(totals))
    return 1 if status else 0


if __name__ == '__main__':
    sys.exit(main())
