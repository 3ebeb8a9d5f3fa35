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
listed (a regression), and reports tests that now pass while listed
(fixed: remove them, or use --update-expectations, which rewrites the
file and exits 0).

--llvmpipe runs the same list on the system's Mesa instead (our vendor,
driver path and LD_PRELOAD are removed from the environment): the
reference.  --reference FILE compares with such a run's --results: the
ratio of our passes to llvmpipe's, and our failures among the tests
llvmpipe passes.  --rescore RESULTS reports on an earlier run's results
instead of running.  Exits 77 (meson's skip) without piglit or the
driver.
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import time

PIGLIT_ROOTS = ('/usr/lib/x86_64-linux-gnu/piglit', '/usr/lib/piglit',
                '/usr/local/lib/piglit')
RESULT_RE = re.compile(r'PIGLIT: \{\s*"result"\s*:\s*"(\w+)"\s*\}')
GL_RE = re.compile(r'^GL\s+(ES|CORE|COMPAT)?\s*(<|<=|=|>=|>)\s*(\d\.\d)')
GLSL_RE = re.compile(r'^GLSL\s+(ES)?\s*(<|<=|=|>=|>)\s*(\d\.\d+)')
# What the environment of our stack adds; --llvmpipe removes it.
OUR_ENV = ('__EGL_VENDOR_LIBRARY_FILENAMES', 'LIBGL_DRIVERS_PATH',
           'LD_PRELOAD', 'GALLIUM_DRIVER', 'ASAHI_DEVICE')
FAILED = ('fail', 'crash', 'timeout', 'warn', 'dmesg-fail')


def find_piglit():
    for root in PIGLIT_ROOTS:
        if os.path.exists(os.path.join(root, 'bin', 'shader_runner')):
            return root
    return None


def read_lines(path):
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if line:
                yield line


def list_tests(root, list_path):
    tests = set()
    for pattern in read_lines(list_path):
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


def run_one(root, test, env, timeout):
    runner = pick_runner(os.path.join(root, test))
    cmd = [os.path.join(root, 'bin', runner), test, '-auto', '-fbo']
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=root, env=env, capture_output=True,
                           text=True, timeout=timeout, errors='replace')
    except subprocess.TimeoutExpired:
        return test, {'result': 'timeout', 'runner': runner,
                      'time': timeout, 'output': ''}
    out = p.stdout + p.stderr
    results = RESULT_RE.findall(out)
    result = results[-1] if results and p.returncode >= 0 else 'crash'
    return test, {'result': result, 'runner': runner,
                  'time': round(time.time() - t0, 2),
                  'output': out[-600:]}


def read_expectations(path):
    exp = {}
    if path and os.path.exists(path):
        for line in read_lines(path):
            name, _, result = line.rpartition(':')
            exp[name.strip()] = result.strip()
    return exp


def write_expectations(path, results):
    with open(path, 'w', encoding='utf-8') as f:
        f.write('# Copyright 2026 The asahi-gl authors\n'
                '# SPDX-License-Identifier: MIT\n'
                '# piglit shader tests not expected to pass (path: result); '
                'this list only\n# shrinks.  See '
                'src/gallium/drivers/asahi/ci/piglit-shader.py.\n')
        for name in sorted(results):
            r = results[name]['result']
            if r != 'pass':
                f.write('%s: %s\n' % (name, r))


def summary(results):
    n = {'pass': 0, 'fail': 0, 'skip': 0}
    for r in results.values():
        if r['result'] == 'pass':
            n['pass'] += 1
        elif r['result'] in FAILED:
            n['fail'] += 1
        else:
            n['skip'] += 1
    return n


def group_of(test):
    """'tests/spec/glsl-1.10/execution/x/y.shader_test' ->
    'glsl-1.10' (generated tests count with their spec folder)."""
    parts = test.split('/')
    return parts[2] if len(parts) > 3 else parts[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--list', required=True,
                    help='file of globs relative to the piglit directory')
    ap.add_argument('--expectations')
    ap.add_argument('--results', help='write the results as JSON here')
    ap.add_argument('--reference', help='results JSON of an llvmpipe run')
    ap.add_argument('--llvmpipe', action='store_true',
                    help="run on the system's Mesa (the reference)")
    ap.add_argument('--require', help='file that must exist (the driver)')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--timeout', type=int, default=60)
    ap.add_argument('--update-expectations', action='store_true')
    ap.add_argument('--rescore', metavar='RESULTS',
                    help='run nothing: report on the results JSON of an '
                         'earlier run (with --reference, --groups, '
                         '--expectations)')
    ap.add_argument('--groups', action='store_true',
                    help='also print the counts of each spec folder')
    ap.add_argument('-v', '--verbose', action='store_true',
                    help='print every result as it arrives')
    args = ap.parse_args()

    root = find_piglit()
    if not root:
        print('SKIP: piglit is not installed (Debian: piglit)')
        return 77
    if args.require and not args.llvmpipe and \
       not os.path.exists(args.require):
        print('SKIP: %s is not built' % args.require)
        return 77

    tests = list_tests(root, args.list)
    env = dict(os.environ)
    env['PIGLIT_PLATFORM'] = 'surfaceless_egl'
    env['EGL_PLATFORM'] = 'surfaceless'
    for k in ('DISPLAY', 'WAYLAND_DISPLAY'):
        env.pop(k, None)
    if args.llvmpipe:
        for k in OUR_ENV:
            env.pop(k, None)

    t0 = time.time()
    results = {}
    if args.rescore:
        with open(args.rescore, encoding='utf-8') as f:
            results = json.load(f)
        tests = [t for t in tests if t in results]
        results = {t: results[t] for t in tests}
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
        futs = [ex.submit(run_one, root, t, env, args.timeout)
                for t in tests if not args.rescore]
        for fut in concurrent.futures.as_completed(futs):
            name, res = fut.result()
            results[name] = res
            if args.verbose:
                print('%-8s %s' % (res['result'], name), flush=True)

    if args.results and not args.rescore:
        with open(args.results, 'w', encoding='utf-8') as f:
            json.dump(results, f, indent=1, sort_keys=True)

    n = summary(results)
    who = 'llvmpipe' if args.llvmpipe else 'asahi'
    if args.rescore:
        who = args.rescore
    print('%s: %d tests in %.0fs: %d passed, %d failed, %d skipped' % (
        who, len(tests), time.time() - t0, n['pass'], n['fail'], n['skip']))
    counts = {}
    for r in results.values():
        counts[r['result']] = counts.get(r['result'], 0) + 1
    print('   (%s)' % ', '.join('%d %s' % (v, k)
                                for k, v in sorted(counts.items())))

    ref = None
    if args.reference:
        with open(args.reference, encoding='utf-8') as f:
            ref = json.load(f)
    if args.groups:
        for g in sorted({group_of(t) for t in results}):
            part = {t: r for t, r in results.items() if group_of(t) == g}
            gn = summary(part)
            line = '   %-14s %4d passed, %4d failed, %4d skipped' % (
                g, gn['pass'], gn['fail'], gn['skip'])
            if ref is not None:
                rp = sum(1 for t in part
                         if ref.get(t, {}).get('result') == 'pass')
                line += '   llvmpipe %4d passed: ratio %.3f' % (
                    rp, gn['pass'] / max(1, rp))
            print(line)

    if ref is not None:
        ref_pass = {t for t, r in ref.items()
                    if r['result'] == 'pass' and t in results}
        ours = {t for t, r in results.items() if r['result'] == 'pass'}
        print('llvmpipe passes %d of these; we pass %d of those '
              '(%.1f%%), %d overall: ratio ours/llvmpipe %.3f' % (
                  len(ref_pass), len(ours & ref_pass),
                  100.0 * len(ours & ref_pass) / max(1, len(ref_pass)),
                  len(ours), len(ours) / max(1, len(ref_pass))))

    if args.llvmpipe:
        return 0
    if args.update_expectations and args.expectations:
        write_expectations(args.expectations, results)
        return 0

    expected = read_expectations(args.expectations)
    regressions, fixed = [], []
    for name in sorted(results):
        got = results[name]['result']
        want = expected.get(name, 'pass')
        if got == want:
            continue
        if got == 'pass':
            fixed.append(name)
        else:
            regressions.append((name, want, got))
    for name, want, got in regressions:
        print('REGRESSION %s: expected %s, got %s' % (name, want, got))
        tail = results[name]['output'].strip().splitlines()[-6:]
        for line in tail:
            print('   ' + line)
    for name in fixed:
        print('FIXED %s: now passes (remove it from the expectations)'
              % name)
    stale = [t for t in expected if t not in results]
    for name in stale:
        print('NOTE %s is listed but was not run' % name)
    return 1 if regressions else 0


if __name__ == '__main__':
    sys.exit(main())
