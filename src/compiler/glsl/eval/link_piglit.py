#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Judge linking of every piglit .shader_test under tests/spec/glsl-*.

For every .shader_test under the piglit package's tests/spec/glsl-* and
tests/spec/glsl-es-* folders (with --generated, the same folders under
generated_tests/), runs `shader-test-eval --link FILE`, which compiles
the file's shaders with our front end, links them with our linker and
judges the outcome against the file: "link error" in [test] means the
link must fail, anything else means it must succeed.  Outcomes:

  pass    linked (or failed to link) as the file says
  fail    the link outcome is wrong (or the tool crashed or timed out)
  reject  a shader does not compile (part 1 rejects it: shader_runner
          would fail the test too)
  skip    a [require] the front end does not claim (reason printed with
          --verbose)

Prints a table of counts per folder and the total.  With --expectations,
exits 1 when a file fails or is rejected without being listed there, or
when a listed file passes (the list only shrinks); --update-expectations
rewrites the list.  Each file runs in its own process with the file's
`rlimit` (as piglit's shader_runner sets it) and a time limit, so that a
blow-up is a failure, not a hang.  Exits 77 (meson's skip) without piglit.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import resource
import subprocess
import sys

PIGLIT_ROOTS = ('/usr/lib/x86_64-linux-gnu/piglit', '/usr/lib/piglit',
                '/usr/local/lib/piglit')
FOLDER_RE = re.compile(r'^glsl-(es-)?[0-9]')
RLIMIT_RE = re.compile(r'^\s*rlimit\s+([0-9]+)', re.M)


def find_piglit():
    env = os.environ.get('PIGLIT_DIR')
    for root in ((env,) if env else ()) + PIGLIT_ROOTS:
        if os.path.isdir(os.path.join(root, 'tests', 'spec')):
            return root
    return None


def collect(root, filt, tree='tests'):
    base = os.path.join(root, tree, 'spec')
    files = []
    for top in sorted(os.listdir(base)):
        if not FOLDER_RE.match(top):
            continue
        for dirpath, dirnames, filenames in os.walk(os.path.join(base, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith('.shader_test'):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                if filt in rel:
                    files.append(rel)
    return files


def sanitized(tool):
    """ASan reserves terabytes of address space: no rlimit then."""
    try:
        with open(tool, 'rb') as f:
            return b'__asan_init' in f.read()
    except OSError:
        return False


def run_one(tool, root, rel, timeout, use_rlimit):
    path = os.path.join(root, rel)
    limit = None
    if use_rlimit:
        with open(path, encoding='utf-8', errors='replace') as f:
            m = RLIMIT_RE.search(f.read())
        if m:
            limit = int(m.group(1))

    def set_limit():
        if limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    try:
        p = subprocess.run([tool, '--link', path], capture_output=True,
                           text=True, errors='replace', timeout=timeout,
                           preexec_fn=set_limit)
    except subprocess.TimeoutExpired:
        return rel, 'fail', 'timed out after %d s' % timeout
    first = p.stdout.splitlines()[0] if p.stdout else ''
    kind, _, why = first.partition(': ')
    why = why[len(path) + 2:] if why.startswith(path) else why
    outcome = {'PASS': 'pass', 'FAIL': 'fail', 'REJECT': 'reject',
               'SKIP': 'skip'}.get(kind)
    if outcome is None or p.returncode not in (0, 1):
        return rel, 'fail', 'crashed (exit %d): %s' % (
            p.returncode, (p.stderr or p.stdout)[-300:].strip())
    return rel, outcome, why


def read_list(path):
    known = set()
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.split('#', 1)[0].strip()
                if line:
                    known.add(line)
    return known


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split('\n')[0],
        epilog=__doc__.split('\n', 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('tool', help='the shader-test-eval executable')
    ap.add_argument('--expectations', help='known failures and rejects, '
                    'one path (relative to piglit) a line')
    ap.add_argument('--update-expectations', action='store_true',
                    help='rewrite the expectations file with the failures '
                    'and rejects of this run')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--timeout', type=int, default=60,
                    help='seconds per file (default 60)')
    ap.add_argument('--filter', default='',
                    help='only files whose path contains this string')
    ap.add_argument('--generated', action='store_true',
                    help='judge piglit\'s generated_tests/spec/glsl-* '
                    'instead of tests/spec/glsl-* (use with --filter: '
                    'most of them are compiler, not linker, tests)')
    ap.add_argument('--verbose', action='store_true',
                    help='print every file that does not pass, with why')
    opts = ap.parse_args()

    root = find_piglit()
    if root is None:
        print('piglit is not installed (Debian package "piglit"): skipping')
        return 77
    files = collect(root, opts.filter,
                    'generated_tests' if opts.generated else 'tests')
    use_rlimit = not sanitized(opts.tool)
    known = read_list(opts.expectations)

    results = []
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        futs = [pool.submit(run_one, opts.tool, root, rel, opts.timeout,
                            use_rlimit) for rel in files]
        for fut in futs:
            results.append(fut.result())

    kinds = ('pass', 'fail', 'reject', 'skip')
    table = collections.OrderedDict()
    unexpected = []
    bad = []
    for rel, outcome, why in results:
        folder = os.path.dirname(rel).split(os.sep, 2)[2]
        table.setdefault(folder, collections.Counter())[outcome] += 1
        listed = rel in known
        if outcome in ('fail', 'reject'):
            bad.append(rel)
            if not listed:
                unexpected.append('%s %s: %s' % (outcome.upper(), rel, why))
        elif outcome == 'pass' and listed:
            unexpected.append('PASS %s: listed as failing (remove it)' % rel)
        if opts.verbose and outcome != 'pass':
            print('%-6s %s: %s' % (outcome, rel, why))

    width = max([len(f) for f in table] + [10])
    print('%-*s %6s %6s %6s %6s' % ((width, 'folder') + kinds))
    total = collections.Counter()
    for folder, c in table.items():
        total.update(c)
        print('%-*s %6d %6d %6d %6d' % ((width, folder) +
                                        tuple(c[k] for k in kinds)))
    print('%-*s %6d %6d %6d %6d' % ((width, 'total') +
                                    tuple(total[k] for k in kinds)))
    judged = total['pass'] + total['fail']
    print('link outcome right for %d of %d accepted files; %d rejected, '
          '%d skipped' % (total['pass'], judged, total['reject'],
                          total['skip']))

    if opts.update_expectations and opts.expectations:
        with open(opts.expectations, 'w') as f:
            f.write('# Copyright 2026 The asahi-gl authors\n'
                    '# SPDX-License-Identifier: MIT\n'
                    '# Known failures and rejects of '
                    'src/compiler/glsl/eval/link_piglit.py\n'
                    '# (paths relative to piglit).  Only shrinks: a listed '
                    'file that passes\n# fails the run.\n')
            for rel in sorted(bad):
                f.write(rel + '\n')
        return 0
    for line in unexpected:
        print(line)
    if opts.expectations and unexpected:
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
