#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
#
# CI for shader-test-eval: piglit's generated built-in function execution
# tests (vertex and fragment) of GLSL 1.10-1.50 and GLSL ES 3.00, checked
# against an expectations file of known failures.  Exits 77 (skip) when
# the Debian piglit package is not installed.
import glob
import os
import subprocess
import sys

PIGLIT = '/usr/lib/x86_64-linux-gnu/piglit/generated_tests/spec'
VERSIONS = ['glsl-1.10', 'glsl-1.20', 'glsl-1.30', 'glsl-1.40', 'glsl-1.50',
            'glsl-es-3.00']


def main():
    tool, expectations = sys.argv[1], sys.argv[2]
    root = os.environ.get('PIGLIT_GENERATED_TESTS', PIGLIT)
    files = []
    for v in VERSIONS:
        pattern = os.path.join(root, v, 'execution', 'built-in-functions',
                               '*.shader_test')
        files += [f for f in sorted(glob.glob(pattern))
                  if os.path.basename(f)[:3] in ('vs-', 'fs-')]
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
        for line in lines[:-1]:
            print(line)
        counts = lines[-1].split(',') if lines else []
        for k, c in enumerate(counts[:3]):
            totals[k] += int(c.split()[0])
        status |= r.returncode
    print('%d passed, %d failed, %d skipped' % tuple(totals))
    return 1 if status else 0


if __name__ == '__main__':
    sys.exit(main())
