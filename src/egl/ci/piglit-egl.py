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
piglit or without the driver.
"""

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import time

PIGLIT_ROOTS = ('/usr/lib/x86_64-linux-gnu/piglit', '/usr/lib/piglit',
                '/usr/local/lib/piglit')
RESULT_RE = re.compile(r'PIGLIT: \{\s*"result"\s*:\s*"(\w+)"\s*\}')
TEST_RE = re.compile(r'<Test type="\w+" name="([^"]*)">(.*?)</Test>', re.S)
OPTION_RE = re.compile(r'<option name="(\w+)" value="([^"]*)"')


def find_piglit():
    for root in PIGLIT_ROOTS:
        if os.path.exists(os.path.join(root, 'tests', 'opengl.xml.gz')):
            return root
    return None


def unescape(s):
    return (s.replace('&gt;', '>').replace('&lt;', '<')
             .replace('&quot;', '"').replace('&apos;', "'")
             .replace('&amp;', '&'))


def load_tests(root, patterns):
    with gzip.open(os.path.join(root, 'tests', 'opengl.xml.gz'), 'rt') as f:
        xml = f.read()
    tests = []
    for m in TEST_RE.finditer(xml):
        name = unescape(m.group(1))
        if not any(p.search(name) for p in patterns):
            continue
        opts = dict(OPTION_RE.findall(m.group(2)))
        try:
            # The command is a Python list literal of strings.
            cmd = json.loads(unescape(opts['command']).replace("'", '"'))
        except (KeyError, ValueError):
            continue
        tests.append((name, cmd))
    return tests


def read_lines(path):
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if line:
                yield line


def read_expectations(path):
    exp = {}
    if path and os.path.exists(path):
        for line in read_lines(path):
            name, _, result = line.rpartition(':')
            exp[name.strip()] = result.strip()
    return exp


def run_one(root, cmd, env, timeout):
    exe = os.path.join(root, 'bin', cmd[0])
    if not os.path.exists(exe):
        return 'skip', 'not in this piglit build'
    try:
        p = subprocess.run([exe] + cmd[1:] + ['-auto'], env=env,
                           capture_output=True, text=True, timeout=timeout,
                           errors='replace')
    except subprocess.TimeoutExpired:
        return 'timeout', ''
    out = p.stdout + p.stderr
    results = RESULT_RE.findall(out)
    if p.returncode < 0 or not results:
        return 'crash', out[-400:]
    return results[-1], out[-400:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tests', required=True)
    ap.add_argument('--expectations')
    ap.add_argument('--results')
    ap.add_argument('--require', help='file that must exist (the driver)')
    ap.add_argument('--timeout', type=int, default=30)
    ap.add_argument('--update-expectations', action='store_true')
    args = ap.parse_args()

    root = find_piglit()
    if not root:
        print('SKIP: piglit is not installed (Debian: piglit)')
        return 77
    if args.require and not os.path.exists(args.require):
        print('SKIP: %s is not built' % args.require)
        return 77

    patterns = [re.compile(p) for p in read_lines(args.tests)]
    tests = load_tests(root, patterns)
    expected = read_expectations(args.expectations)

    env = dict(os.environ)
    env['PIGLIT_PLATFORM'] = 'surfaceless_egl'
    env.pop('DISPLAY', None)
    env.pop('WAYLAND_DISPLAY', None)

    results = {}
    regressions, fixed, changed = [], [], []
    counts = {}
    t0 = time.time()
    for name, cmd in tests:
        result, tail = run_one(root, cmd, env, args.timeout)
        results[name] = {'result': result, 'command': cmd, 'output': tail}
        counts[result] = counts.get(result, 0) + 1
        want = expected.get(name, 'pass')
        if result == want:
            continue
        if result == 'pass':
            fixed.append(name)
        else:
            regressions.append((name, want, result))

    for name, want, got in regressions:
        print('REGRESSION %s: expected %s, got %s' % (name, want, got))
        print('   ' + results[name]['output'].strip().replace('\n', '\n   '))
    for name in fixed:
        print('FIXED %s: now passes (remove it from the expectations)' % name)
    print('%d tests in %.1fs: %s' % (
        len(tests), time.time() - t0,
        ', '.join('%d %s' % (v, k) for k, v in sorted(counts.items()))))

    if args.results:
        with open(args.results, 'w', encoding='utf-8') as f:
            json.dump(results, f, indent=1, sort_keys=True)
    if args.update_expectations and args.expectations:
        with open(args.expectations, 'w', encoding='utf-8') as f:
            f.write('# Copyright 2026 The asahi-gl authors\n'
                    '# SPDX-License-Identifier: MIT\n'
                    '# piglit tests not expected to pass (name: result); '
                    'see src/egl/ci/piglit-egl.py.\n')
            for name in sorted(results):
                r = results[name]['result']
                if r != 'pass':
                    f.write('%s: %s\n' % (name, r))
        return 0
    return 1 if regressions else 0


if __name__ == '__main__':
    sys.exit(main())
