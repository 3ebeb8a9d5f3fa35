# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""What the piglit runners share (piglit-shader.py and piglit-gles.py
here, src/egl/ci/piglit-egl.py): finding piglit, its test list
(tests/opengl.xml.gz), list and expectation files, running one
piglit command under a timeout, running many in parallel, and the report
(counts, the ratio to an llvmpipe reference run, regressions against the
expectations).

A runner describes each test as a PiglitTest (name, command, working
directory, extra environment, a group for the report, extra fields kept in
the results JSON) and hands the list to main(); everything else is here.
"""

import argparse
import ast
import concurrent.futures
import gzip
import json
import os
import re
import subprocess
import time

PIGLIT_ROOTS = ('/usr/lib/x86_64-linux-gnu/piglit', '/usr/lib/piglit',
                '/usr/local/lib/piglit')
RESULT_RE = re.compile(r'PIGLIT: \{\s*"result"\s*:\s*"(\w+)"\s*\}')
# What the environment of our stack adds; --llvmpipe removes it.
OUR_ENV = ('__EGL_VENDOR_LIBRARY_FILENAMES', 'LIBGL_DRIVERS_PATH',
           'LD_PRELOAD', 'GALLIUM_DRIVER', 'ASAHI_DEVICE')
FAILED = ('fail', 'crash', 'timeout', 'warn', 'dmesg-fail')
TEST_RE = re.compile(r'<Test type="(\w+)" name="([^"]*)">(.*?)</Test>',
                     re.S)
OPTION_RE = re.compile(r'<option name="(\w+)" value="([^"]*)"')
XML_ENTITIES = (('&gt;', '>'), ('&lt;', '<'), ('&quot;', '"'),
                ('&apos;', "'"), ('&amp;', '&'))


def unescape(s):
    for entity, char in XML_ENTITIES:
        s = s.replace(entity, char)
    return s


def parse_command(value):
    """"['prog', 'arg']" (a Python list of strings) -> ['prog', 'arg']."""
    try:
        cmd = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return []
    if not isinstance(cmd, list) or \
       not all(isinstance(a, str) for a in cmd):
        return []
    return cmd


def load_test_list(root, xml='opengl.xml.gz'):
    """(name, options) of every test of one of piglit's test lists
    (tests/opengl.xml.gz unless 'xml' names another, such as
    glslparser.xml.gz); the options include the test's 'type'."""
    path = os.path.join(root, 'tests', xml)
    with gzip.open(path, 'rt', encoding='utf-8') as f:
        xml = f.read()
    for m in TEST_RE.finditer(xml):
        opts = {k: unescape(v) for k, v in OPTION_RE.findall(m.group(3))}
        opts['type'] = m.group(1)
        yield unescape(m.group(2)), opts


class PiglitTest:
    """One piglit command line: 'cmd' is a list whose first element is
    the path of the program; 'env' is added to the run's environment;
    'info' is copied into the results JSON."""

    def __init__(self, name, cmd, group, cwd=None, env=None, info=None):
        self.name = name
        self.cmd = cmd
        self.group = group
        self.cwd = cwd
        self.env = env or {}
        self.info = info or {}
        # When the output of a run matches retry_re, the test runs again
        # with retry_env added and counts in retry_group.
        self.retry_re = None
        self.retry_env = {}
        self.retry_group = None


def find_piglit(probe):
    """The piglit installation holding 'probe' (a relative path)."""
    for root in PIGLIT_ROOTS:
        if os.path.exists(os.path.join(root, probe)):
            return root
    return None


def read_lines(path):
    """The lines of a list file without '#' comments and blank lines."""
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


def header_comment(path):
    """The comment lines a list starts with ('' when there are none)."""
    lines = []
    if path and os.path.exists(path):
        with open(path, encoding='utf-8') as f:
            for line in f:
                if not line.startswith('#'):
                    break
                lines.append(line)
    return ''.join(lines)


def write_expectations(path, results, script):
    """Rewrites the list from 'results'; entries for tests not run this
    time are kept, and so is the comment the list starts with."""
    kept = {t: r for t, r in read_expectations(path).items()
            if t not in results}
    header = header_comment(path)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(header or
                '# Copyright 2026 The asahi-gl authors\n'
                '# SPDX-License-Identifier: MIT\n'
                '# piglit tests not expected to pass (name: result); this '
                'list only\n# shrinks.  See %s.\n' % script)
        merged = dict(kept)
        merged.update({t: r['result'] for t, r in results.items()})
        for name in sorted(merged):
            if merged[name] != 'pass':
                f.write('%s: %s\n' % (name, merged[name]))


def run_test(test, env, timeout):
    """Runs one test (twice if its retry_re matches the output); see
    run_once.  The results carry the group the test counted in."""
    name, res = run_once(test, env, test.env, timeout)
    res['group'] = test.group
    if test.retry_re and test.retry_re.search(res['output']):
        retry_env = dict(test.env)
        retry_env.update(test.retry_env)
        name, res = run_once(test, env, retry_env, timeout)
        res['group'] = test.retry_group
    return name, res


def run_once(test, env, extra_env, timeout):
    """Runs one test; its result is piglit's last result line, else crash
    (a signal, or no result line) or timeout.  The process group is killed
    on timeout, so nothing a test started survives it."""
    run_env = dict(env)
    run_env.update(extra_env)
    t0 = time.time()
    res = dict(test.info)
    try:
        p = subprocess.Popen(test.cmd, cwd=test.cwd, env=run_env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL,
                             start_new_session=True)
    except OSError as e:
        res.update(result='skip', time=0, output=str(e))
        return test.name, res
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, 9)
        except OSError:
            pass
        out, _ = p.communicate()
        res.update(result='timeout', time=timeout,
                   output=out.decode('utf-8', 'replace')[-600:])
        return test.name, res
    out = out.decode('utf-8', 'replace')
    results = RESULT_RE.findall(out)
    result = results[-1] if results and p.returncode >= 0 else 'crash'
    res.update(result=result, time=round(time.time() - t0, 2),
               output=out[-600:])
    return test.name, res


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


def add_arguments(ap):
    """The options every runner takes (each adds how it finds tests)."""
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
                    help='also print the counts of each group')
    ap.add_argument('-v', '--verbose', action='store_true',
                    help='print every result as it arrives')


def base_env(llvmpipe, egl_platform=True):
    """The environment of every test: piglit's surfaceless platform (and
    EGL's default platform too unless egl_platform is false), no display
    server."""
    env = dict(os.environ)
    env['PIGLIT_PLATFORM'] = 'surfaceless_egl'
    if egl_platform:
        env['EGL_PLATFORM'] = 'surfaceless'
    for k in ('DISPLAY', 'WAYLAND_DISPLAY'):
        env.pop(k, None)
    if llvmpipe:
        for k in OUR_ENV:
            env.pop(k, None)
    return env


def skip_reason(args, root, what):
    """None, or why the run is skipped (meson's 77)."""
    if not root:
        return 'SKIP: piglit is not installed (Debian: piglit)'
    if args.require and not args.llvmpipe and \
       not os.path.exists(args.require):
        return 'SKIP: %s is not built' % args.require
    if not what:
        return 'SKIP: no test of the list is in this piglit'
    return None


def run_all(tests, env, args):
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
        futs = [ex.submit(run_test, t, env, args.timeout) for t in tests]
        for fut in concurrent.futures.as_completed(futs):
            name, res = fut.result()
            results[name] = res
            if args.verbose:
                print('%-8s %s' % (res['result'], name), flush=True)
    return results


def print_groups(results, groups, ref):
    for g in sorted(set(groups.values())):
        part = {t: r for t, r in results.items() if groups.get(t) == g}
        gn = summary(part)
        line = '   %-18s %4d passed, %4d failed, %4d skipped' % (
            g, gn['pass'], gn['fail'], gn['skip'])
        if ref is not None:
            rp = {t for t in part
                  if ref.get(t, {}).get('result') == 'pass'}
            both = sum(1 for t in rp if part[t]['result'] == 'pass')
            line += '   llvmpipe %4d passed, we pass %4d of those: ' \
                    '%.3f' % (len(rp), both, both / max(1, len(rp)))
        print(line)


def compare(results, expected, verbose):
    """Prints regressions and fixes; True when every test ended as listed
    (a listed test that now passes fails the run too: the lists only
    shrink, so a fix must take its line out)."""
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
    if verbose:
        for name in stale:
            print('NOTE %s is listed but was not run' % name)
    elif stale:
        print('NOTE %d listed tests were not run (-v names them)'
              % len(stale))
    return not regressions and not fixed


def main(args, root, tests, script, group_title=None, egl_platform=True):
    """Runs (or rescores) 'tests' and reports; returns the exit status.
    'script' names the runner in the expectations file it rewrites."""
    why = skip_reason(args, root, tests)
    if why:
        print(why)
        return 77
    env = base_env(args.llvmpipe, egl_platform)
    groups = {t.name: t.group for t in tests}

    t0 = time.time()
    if args.rescore:
        with open(args.rescore, encoding='utf-8') as f:
            earlier = json.load(f)
        results = {t.name: earlier[t.name] for t in tests
                   if t.name in earlier}
    else:
        results = run_all(tests, env, args)
        if args.results:
            with open(args.results, 'w', encoding='utf-8') as f:
                json.dump(results, f, indent=1, sort_keys=True)

    for name, res in results.items():
        groups[name] = res.get('group', groups[name])
    n = summary(results)
    who = 'llvmpipe' if args.llvmpipe else 'asahi'
    if args.rescore:
        who = args.rescore
    print('%s: %d tests in %.0fs: %d passed, %d failed, %d skipped' % (
        who, len(results), time.time() - t0, n['pass'], n['fail'],
        n['skip']))
    counts = {}
    for r in results.values():
        counts[r['result']] = counts.get(r['result'], 0) + 1
    print('   (%s)' % ', '.join('%d %s' % (v, k)
                                for k, v in sorted(counts.items())))

    ref = None
    if args.reference:
        with open(args.reference, encoding='utf-8') as f:
            ref = json.load(f)
    if args.groups or group_title:
        if group_title:
            print(group_title)
        print_groups(results, groups, ref)

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
        write_expectations(args.expectations, results, script)
        return 0
    expected = read_expectations(args.expectations)
    return 0 if compare(results, expected, args.verbose) else 1


def new_parser(doc):
    ap = argparse.ArgumentParser(description=doc.split('\n')[0])
    add_arguments(ap)
    return ap
