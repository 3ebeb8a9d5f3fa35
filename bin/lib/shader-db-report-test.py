# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Checks bin/shader-db-report on two small hand-written runs: the totals,
the failure classes, the preference for KHR_debug lines over SHADER-DB
lines, and the comparison.  Usage: shader-db-report-test.py REPORT"""

import os
import subprocess
import sys
import tempfile

STATS = ('{} inst, 1 alu, 1 fscib, 0 ic, {} bytes, {} regs, 4 uniforms, '
         '0 scratch, 1024 threads, 0 loops, {}:{} spills:fills')

BEFORE = '\n'.join([
    'a.shader_test - vertex shader: ' + STATS.format(10, 256, 12, 0, 0),
    'SHADER-DB: a.shader_test - vertex shader: '
    + STATS.format(10, 256, 12, 0, 0),
    'a.shader_test - fragment shader: ' + STATS.format(20, 256, 8, 1, 2),
    'b.shader_test - vertex shader: ' + STATS.format(30, 512, 20, 0, 0),
    'asahi: error: compiling a fragment shader of b.shader_test failed '
    '(-1): texture operation 0 (dimension 4); its draws are skipped',
    'ERROR: failed to link program:',
    "error: vertex shader: 4:25: unknown name 'gl_Color'",
    'SKIP: c.shader_test requires GLSL 400',
    'Thread 0 took 1.50 seconds and compiled 6 shaders '
    '(not including SIMD16) with 1 GL context switches',
    '',
])

# a: vertex 10 -> 8 (helped), fragment unchanged; b: vertex 30 -> 33 (hurt).
AFTER = '\n'.join([
    'a.shader_test - vertex shader: ' + STATS.format(8, 256, 12, 0, 0),
    'a.shader_test - fragment shader: ' + STATS.format(20, 256, 8, 1, 2),
    'b.shader_test - vertex shader: ' + STATS.format(33, 512, 20, 0, 0),
    'b.shader_test - fragment shader: ' + STATS.format(5, 256, 4, 0, 0),
    '',
])


def run(report, *files):
    out = subprocess.run([sys.executable, report, *files],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit('report failed:\n' + out.stderr)
    return out.stdout


def expect(text, line):
    if line not in text:
        sys.exit('missing %r in:\n%s' % (line, text))


def main(report):
    with tempfile.TemporaryDirectory() as tmp:
        before = os.path.join(tmp, 'before.txt')
        after = os.path.join(tmp, 'after.txt')
        with open(before, 'w') as f:
            f.write(BEFORE)
        with open(after, 'w') as f:
            f.write(AFTER)

        one = run(report, before)
        # Three shaders (the SHADER-DB copy of a's VS is not counted again).
        expect(one, 'shaders compiled:  3 (1 fragment, 2 vertex)')
        expect(one, 'inst:              60')
        expect(one, 'bytes:             1024')
        expect(one, 'regs:              40')
        expect(one, 'spills:            1')
        expect(one, 'fills:             2')
        expect(one, 'compile time:      1.50 s over 6 shaders submitted')
        expect(one, '1  fragment: texture operation 0 (dimension 4) '
                    '(e.g. b.shader_test)')
        expect(one, "1  link: error: vertex shader: L:C: unknown name "
                    "'gl_Color'")
        expect(one, '1  requires GLSL 400')
        expect(one, 'crashes:           0')

        broken = os.path.join(tmp, 'broken.txt')
        with open(broken, 'w') as f:
            f.write('ERROR: Missing EGL_MESA_platform_gbm\n')
        expect(run(report, broken),
               'run error:         Missing EGL_MESA_platform_gbm')

        two = run(report, before, after)
        expect(two, 'shaders compiled in both: 3; only before: 0; '
                    'only after: 1')
        # 60 -> 61 over the three shared shaders; affected: 40 -> 41.
        expect(two, 'total inst in shared programs: 60 -> 61 (+1.67%)')
        expect(two, 'inst in affected programs: 40 -> 41 (+2.50%)')
        expect(two, 'helped: 1')
        expect(two, 'HURT: 1')
        expect(two, 'a.shader_test vertex: 10 -> 8 (-20.00%)')
    print('ok')


if __name__ == '__main__':
    main(sys.argv[1])
