#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Run piglit .shader_test files through shader_runner on our stack.

The tests are the files matched by the globs of --list (one per line,
relative to the piglit installation, '#' comments; '**' descends).  Each
file runs on the runner piglit itself would pick from its [require] section
(shader_runner, shader_runner_gles2 or shader_runner_gles3) with
'-auto -fbo', PIGLIT_PLATFORM=surfaceless_egl and the environment this
script was given (meson passes our EGL vendor, asahi_dri.so and the
simulator drm-shim), --jobs at a time, each under --timeout seconds.  The
result is piglit's last 'PIGLIT: {"result": ...}' line, else crash (a
signal or no result line) or timeout.

--expectations lists 'path: result' for every test not expected to pass;
the list only shrinks.  The run fails (exit 1) when a test ends other than
listed: a regression, or a listed test that now passes (fixed: remove it,
or use --update-expectations, which rewrites the file and exits 0).

--llvmpipe runs the same list on the system's Mesa instead (our vendor,
driver path and LD_PRELOAD are removed from the environment): the
reference.  --reference FILE compares with such a run's --results: the
ratio of our passes to llvmpipe's, and our failures among the tests
llvmpipe passes.  --rescore RESULTS reports on an earlier run's results
instead of running.  Exits 77 (meson's skip) without piglit or the
driver.
"""

import glob
import os
import re
import sys

import piglit_common as pc

GL_RE = re.compile(r'^GL\s+(ES|CORE|COMPAT)?\s*(<|<=|=|>=|>)\s*(\d\.\d)')
GLSL_RE = re.compile(r'^GLSL\s+(ES)?\s*(<|<=|=|>=|>)\s*(\d\.\d+)')


def list_tests(root, list_path):
    tests = set()
    for pattern in pc.read_lines(list_path):
        for path in glob.glob(os.path.join(root, pattern), recursive=True):
            if path.endswith('.shader_test'):
                tests.add(os.path.relpath(path, root))
    return sorted(tests)


def pick_runner(path):
    """The runner piglit's framework/test/shader_test.py would choose:
    an ES requirement (GL ES or GLSL ES) means a GLES runner, version 2
    when the ES version asked for is below 3 (or bounded above), else 3;
    everything else runs on the desktop shader_runner."""
    es = False
    gl_op, gl_ver, sl_ver = None, None, None
    with open(path, encoding='utf-8', errors='replace') as f:
        in_require = False
        for line in f:
            if line.startswith('[require]'):
                in_require = True
                continue
            if not in_require:
                continue
            if line.startswith('['):
                break
            line = line.strip()
            m = GL_RE.match(line)
            if m and gl_ver is None:
                gl_op, gl_ver = m.group(2), float(m.group(3))
                es = es or m.group(1) == 'ES'
                continue
            m = GLSL_RE.match(line)
            if m and sl_ver is None:
                sl_ver = float(m.group(3))
                es = es or m.group(1) == 'ES'
    if not es:
        return 'shader_runner'
    if gl_ver is not None:
        low = gl_op in ('<', '<=') or gl_ver < 3
    else:
        low = sl_ver is not None and sl_ver < 3
    return 'shader_runner_gles2' if low else 'shader_runner_gles3'


def group_of(test):
    """'tests/spec/glsl-1.10/execution/x/y.shader_test' ->
    'glsl-1.10' (generated tests count with their spec folder)."""
    parts = test.split('/')
    return parts[2] if len(parts) > 3 else parts[0]


def make_test(root, test):
    runner = pick_runner(os.path.join(root, test))
    cmd = [os.path.join(root, 'bin', runner), test, '-auto', '-fbo']
    return pc.PiglitTest(test, cmd, group_of(test), cwd=root,
                         info={'runner': runner})


def main():
    ap = pc.new_parser(__doc__)
    ap.add_argument('--list', required=True,
                    help='file of globs relative to the piglit directory')
    args = ap.parse_args()
    root = pc.find_piglit(os.path.join('bin', 'shader_runner'))
    tests = []
    if root:
        tests = [make_test(root, t) for t in list_tests(root, args.list)]
    return pc.main(args, root, tests,
                   'src/gallium/drivers/asahi/ci/piglit-shader.py')


if __name__ == '__main__':
    sys.exit(main())
