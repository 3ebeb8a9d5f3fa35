#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Run piglit's GLSL compiler tests through glsl-compiler.

Walks the Debian piglit package's tests/spec and generated_tests/spec folders,
takes every shader file (.vert .frag .geom .tesc .tese .comp) that carries a
[config] header, and judges glsl-compiler's exit status against the header's
expect_result.  Tests whose require_extensions names an extension the
compiler does not claim are skipped; tests with no requirement are never
skipped.  Tests with check_link: true are judged on compiling each file only
(linking is not implemented yet).

Writes a JSON results file, prints a table per spec folder and per core GLSL
version, and exits 1 only when a test that is not listed in the expectations
file (known failures) fails.  Exits 77 (meson's skip) without piglit.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

STAGES = ('.vert', '.frag', '.geom', '.tesc', '.tese', '.comp')
PIGLIT_ROOTS = ('/usr/lib/x86_64-linux-gnu/piglit', '/usr/lib/piglit',
                '/usr/local/lib/piglit')
ES_VERSIONS = {'1.00': '100', '3.00': '300es', '3.10': '310es',
               '3.20': '320es'}

CONFIG_RE = re.compile(r'\[config\](.*?)\[end config\]', re.S)
KEY_RE = re.compile(r'^[\s/*#]*([a-z_]+)\s*:\s*(.*?)\s*$', re.M)


def find_piglit():
    for root in PIGLIT_ROOTS:
        if os.path.isdir(os.path.join(root, 'tests', 'spec')):
            return root
    try:
        out = subprocess.run(['dpkg', '-L', 'piglit'], capture_output=True,
                             text=True, check=False).stdout
    except OSError:
        return None
    for line in out.splitlines():
        if line.endswith('/tests/spec'):
            return os.path.dirname(os.path.dirname(line))
    return None


def parse_config(path):
    """Returns the [config] keys of a test, or None when there is none."""
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read(16384)
    except OSError:
        return None
    m = CONFIG_RE.search(text)
    if not m:
        return None
    return {k: v for k, v in KEY_RE.findall(m.group(1))}


def collect(root):
    tests = []
    for top in ('tests/spec', 'generated_tests/spec'):
        base = os.path.join(root, top)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith(STAGES):
                    continue
                path = os.path.join(dirpath, name)
                cfg = parse_config(path)
                if cfg is None or 'expect_result' not in cfg:
                    continue
                rel = os.path.relpath(path, root)
                tests.append((rel, cfg))
    return tests


def version_key(cfg):
    """'1.00', '3.00 es', '3.10' -> ES keys; desktop kept as written."""
    v = cfg.get('glsl_version', '').strip()
    base = v.split()[0] if v else v
    if base in ES_VERSIONS and (v == base or v.endswith('es')):
        return base
    return v


def run_one(args):
    compiler, root, rel, cfg = args
    cmd = [compiler]
    version = version_key(cfg)
    # The header's version is the default for shaders without #version, as
    # piglit's glslparsertest compiles them.
    if version in ES_VERSIONS:
        cmd += ['--version', ES_VERSIONS[version]]
    elif re.match(r'^[1-4]\.[0-9]0$', version):
        cmd += ['--version', version.replace('.', '')]
    cmd.append(os.path.join(root, rel))
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           errors='replace', timeout=20)
        code = p.returncode
        log = (p.stdout + p.stderr)[-2000:]
    except subprocess.TimeoutExpired:
        code, log = -1000, 'timeout'
    expect = cfg['expect_result'].strip()
    if code not in (0, 1):
        result = 'crash'
    elif (code == 0) == (expect == 'pass'):
        result = 'pass'
    else:
        result = 'fail'
    return rel, result, code, log


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--compiler', required=True)
    ap.add_argument('--expectations', required=True,
                    help='file listing known failures, one path a line')
    ap.add_argument('--results', default='piglit-glsl-results.json')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--filter', default='',
                    help='only run tests whose path contains this string')
    ap.add_argument('--update-expectations', action='store_true',
                    help='rewrite the expectations file with the failures')
    opts = ap.parse_args()

    root = find_piglit()
    if root is None:
        print('piglit is not installed (Debian package "piglit"): skipping')
        return 77

    claimed = set(subprocess.run([opts.compiler, '--list-extensions'],
                                 capture_output=True, text=True,
                                 check=True).stdout.split())
    known = set()
    if os.path.exists(opts.expectations):
        with open(opts.expectations) as f:
            for line in f:
                line = line.split('#', 1)[0].strip()
                if line:
                    known.add(line)

    start = time.time()
    jobs, skipped = [], {}
    for rel, cfg in collect(root):
        if opts.filter and opts.filter not in rel:
            continue
        reqs = cfg.get('require_extensions', '').split()
        missing = [r for r in reqs
                   if (r.startswith('!') and r[1:] in claimed) or
                   (not r.startswith('!') and r not in claimed)]
        if missing:
            skipped[rel] = cfg
            continue
        jobs.append((opts.compiler, root, rel, cfg))

    cfgs = {j[2]: j[3] for j in jobs}
    results = {rel: {'result': 'skip'} for rel in skipped}
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        for rel, result, code, log in pool.map(run_one, jobs, chunksize=16):
            results[rel] = {'result': result, 'exit': code}
            if result != 'pass':
                results[rel]['log'] = log

    def folder(rel):
        parts = rel.split('/')
        return parts[2] if len(parts) > 2 else rel

    per_folder = collections.defaultdict(collections.Counter)
    per_version = collections.defaultdict(collections.Counter)
    for rel, r in results.items():
        per_folder[folder(rel)][r['result']] += 1
        cfg = cfgs.get(rel) or skipped.get(rel)
        if not cfg.get('require_extensions', '').strip():
            v = version_key(cfg) or '?'
            if v in ES_VERSIONS:
                v = 'es-' + v
            per_version[v][r['result']] += 1

    def line(name, c):
        ran = c['pass'] + c['fail'] + c['crash']
        pct = 100.0 * c['pass'] / ran if ran else 100.0
        return '%-44s %6d pass %5d fail %4d crash %5d skip  %6.2f%%' % (
            name, c['pass'], c['fail'], c['crash'], c['skip'], pct)

    print('Per spec folder:')
    for name in sorted(per_folder):
        print('  ' + line(name, per_folder[name]))
    print('Core-version tests (no required extension), per GLSL version:')
    for name in sorted(per_version):
        print('  ' + line(name, per_version[name]))

    failing = sorted(rel for rel, r in results.items()
                     if r['result'] in ('fail', 'crash'))
    regressions = [rel for rel in failing if rel not in known]
    fixed = sorted(rel for rel in known
                   if results.get(rel, {}).get('result') == 'pass')
    crashes = [rel for rel in failing if results[rel]['result'] == 'crash']

    total = collections.Counter(r['result'] for r in results.values())
    summary = {
        'piglit': root, 'seconds': round(time.time() - start, 1),
        'totals': dict(total), 'regressions': regressions,
        'fixed': fixed,
        'per_folder': {k: dict(v) for k, v in per_folder.items()},
        'per_core_version': {k: dict(v) for k, v in per_version.items()},
        'tests': results,
    }
    with open(opts.results, 'w') as f:
        json.dump(summary, f, indent=1, sort_keys=True)

    if opts.update_expectations:
        with open(opts.expectations, 'w') as f:
            f.write('# Known failures of piglit-glsl.py (paths relative to '
                    'the piglit root).\n# Regenerate with '
                    '--update-expectations; a test that regresses from\n'
                    '# passing fails the conformance suite.\n')
            for rel in failing:
                f.write(rel + '\n')

    for rel in ([] if opts.update_expectations else regressions[:50]):
        print('REGRESSION: %s (%s)\n  %s' % (
            rel, results[rel]['result'],
            results[rel].get('log', '').strip().replace('\n', '\n  ')[:400]))
    if fixed:
        print('%d known failures now pass (update the expectations file)' %
              len(fixed))
    print('piglit-glsl: %d pass, %d fail, %d crash, %d skip, '
          '%d regressions, %.0fs' % (
              total['pass'], total['fail'], total['crash'], total['skip'],
              len(regressions), time.time() - start))
    return 1 if regressions and not opts.update_expectations else 0


if __name__ == '__main__':
    sys.exit(main())
