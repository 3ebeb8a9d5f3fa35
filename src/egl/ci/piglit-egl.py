#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Run Debian's piglit EGL tests (and any other piglit tests a list names)
on the surfaceless EGL platform through our stack.

The tests come from the piglit package's opengl.xml.gz: every test whose
name matches one of the regular expressions of --tests (one per line, '#'
comments).  Each runs on its own, with PIGLIT_PLATFORM=surfaceless_egl and
the environment this script was given (meson passes the vendor manifest,
LIBGL_DRIVERS_PATH, GALLIUM_DRIVER and the drm-shim), under a timeout.  The
result is piglit's last 'PIGLIT: {"result": ...}' line, or crash/timeout.

--expectations lists 'name: result' for every test not expected to pass.
The run fails (exit 1) when a test ends worse than listed: any result other
than pass that differs from the expectation.  Tests that now pass while
listed otherwise are reported, to be removed from the list
(--update-expectations rewrites it).  Exits 77 (meson's skip) without
piglit or without the driver.  The running, the expectations and the
report are those of the piglit runners in src/gallium/drivers/asahi/ci
(piglit_common.py); the tests run one at a time, with '-auto' and without
'-fbo' (they are about window-system surfaces), and EGL_PLATFORM as given.
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'gallium', 'drivers', 'asahi',
                                'ci'))
import piglit_common as pc  # noqa: E402


def make_tests(root, patterns):
    tests = []
    for name, opts in pc.load_test_list(root):
        if not any(p.search(name) for p in patterns):
            continue
        cmd = pc.parse_command(opts.get('command', ''))
        if not cmd:
            continue
        program = os.path.join(root, 'bin', cmd[0])
        tests.append(pc.PiglitTest(name, [program] + cmd[1:] + ['-auto'],
                                   name.split('@')[1] if '@' in name
                                   else name, info={'command': cmd}))
    return tests


def main():
    ap = pc.new_parser(__doc__)
    ap.add_argument('--tests', required=True,
                    help='file of regular expressions over test names')
    ap.set_defaults(jobs=1, timeout=30)
    args = ap.parse_args()
    root = pc.find_piglit(os.path.join('tests', 'opengl.xml.gz'))
    tests = []
    if root:
        patterns = [re.compile(p) for p in pc.read_lines(args.tests)]
        tests = make_tests(root, patterns)
    return pc.main(args, root, tests, 'src/egl/ci/piglit-egl.py',
                   egl_platform=False)


if __name__ == '__main__':
    sys.exit(main())
