#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Check ail-query as users and scripts see it.

Usage: ail_query_test.py AIL_QUERY SHARED_DATA_DIR

Hand-worked single requests, errors and exit codes, and --batch against the
golden vendor observations in SHARED_DATA_DIR/ail when that folder exists
(they are skipped, with a message, when it does not).
"""
import csv
import os
import subprocess
import sys

tool, data_dir = sys.argv[1], sys.argv[2]
failures = 0


def fail(msg):
    global failures
    failures += 1
    print('FAIL: ' + msg)


def run(args, stdin=None):
    p = subprocess.run([tool] + args, input=stdin, capture_output=True,
                       text=True)
    return p.returncode, p.stdout, p.stderr


def keyvals(text):
    return dict(line.split('=', 1) for line in text.splitlines())


# --help documents both modes.
rc, out, _ = run(['--help'])
if rc != 0 or '--batch' not in out or 'key=value' not in out.lower():
    fail('--help')

# 1x1 R8: one cache line.  4x4 R8 with 3 levels: three cache lines.
rc, out, _ = run(['--format', 'R8_UNORM', '--width', '1', '--height', '1'])
kv = keyvals(out)
if rc != 0 or kv.get('size') != '128' or kv.get('level0_offset') != '0':
    fail('1x1 R8: %d %r' % (rc, kv))
if 'metadata_offset' in kv:
    fail('uncompressed image printed a metadata offset')

rc, out, _ = run(['format=R8_UNORM', 'width=4', 'height=4', 'levels=3'])
kv = keyvals(out)
if rc != 0 or [kv.get('level%d_offset' % i) for i in range(3)] != \
        ['0', '128', '256'] or kv.get('size') != '384':
    fail('4x4 R8 mipmapped: %r' % kv)

# 64x64 RGBA8 compressed: 16 KiB of data, then 4x4 metadata tiles x 8 B.
rc, out, _ = run(['--format=R8G8B8A8_UNORM', '--width=64', '--height=64',
                  '--tiling=compressed'])
kv = keyvals(out)
if rc != 0 or kv.get('metadata_offset') != '16384' or \
        kv.get('size') != str(16384 + 128) or kv.get('layer_stride') != '16384':
    fail('compressed 64x64: %r' % kv)

# Linear: the tool picks the tightest stride (10 x 4 B -> 48).
rc, out, _ = run(['--format', 'R8G8B8A8_UNORM', '--width', '10',
                  '--height', '3', '--tiling', 'linear'])
kv = keyvals(out)
if rc != 0 or kv.get('stride') != '48' or kv.get('size') != '256':
    fail('linear: %r' % kv)

# Bad requests: a clear message and a non-zero exit code.
for args in (['--format', 'NOPE', '--width', '4'],
             ['--format', 'R8_UNORM', '--width', '0'],
             ['--format', 'R8_UNORM', '--width', 'abc'],
             ['--format', 'R8_UNORM', '--width', '4', '--samples', '3'],
             ['--format', 'R8_UNORM', '--width', '4', '--tiling', 'tiled'],
             ['--format', 'ETC2_RGB8', '--width', '64', '--height', '64',
              '--tiling', 'linear'],
             ['--format', 'R8_UNORM', '--width', '4', '--height', '4',
              '--tiling', 'linear', '--stride', '24'],
             ['--format', 'R8_UNORM'],
             ['--bogus', '1'],
             []):
    rc, out, err = run(args)
    if rc == 0 or not err.strip():
        fail('bad request %r: rc %d, stderr %r' % (args, rc, err))

# --batch: one line out per request, errors in-band.
rc, out, _ = run(['--batch'], stdin=(
    'format,width,height,depth,levels,samples,tiling\n'
    'R8_UNORM,1,1,1,1,1,twiddled\n'
    'R8_UNORM,4,4,1,3,1,twiddled\n'
    'R8G8B8A8_UNORM,64,64,1,1,1,compressed\n'
    'R8_UNORM,0,1,1,1,1,twiddled\n'
    'R8_UNORM,1,1\n'
    'WHAT,1,1,1,1,1,twiddled\n'
    'R8_UNORM,4,4,1,1,1,sideways\n'
    'R8_UNORM,4,4,1,1,1,twiddled,extra\n'
    'R8G8B8A8_UNORM,8,8,1,1,1,compressed\n'
    'r8_unorm, 4, 4, 1, 3, 1, Twiddled \r\n'))
lines = out.splitlines()
expect = ['128,0,0', '384,0,0;128;256', '16512,16384,0']
if rc != 0 or lines[:3] != expect or len(lines) != 10:
    fail('batch: rc %d %r' % (rc, lines))
elif not all(l.startswith('error:') and ',' not in l for l in lines[3:9]):
    fail('batch errors: %r' % lines[3:9])
elif lines[9] != expect[1]:
    fail('batch with blanks and mixed case: %r' % lines[9])

# --batch against the vendor observations.
ail_dir = os.path.join(data_dir, 'ail')
if not os.path.isdir(ail_dir):
    print('SKIP golden batch checks: %s not present' % ail_dir)
else:
    reqs, want = [], []
    for name, tiling in (('twiddled_sizes.csv', 'twiddled'),
                         ('compressed_sizes.csv', 'compressed')):
        with open(os.path.join(ail_dir, name)) as f:
            for r in csv.DictReader(f):
                reqs.append('%s,%s,%s,%s,%s,1,%s' % (
                    r['format'], r['width'], r['height'], r['depth'],
                    r['levels'], tiling))
                want.append(('size', int(r['size_bytes'])))
    with open(os.path.join(ail_dir, 'msaa_sizes.csv')) as f:
        for r in csv.DictReader(f):
            comp = r['compressed'] == '1'
            reqs.append('%s,%s,%s,%s,%s,%s,%s' % (
                r['format'], r['width'], r['height'], r['depth'],
                r['levels'], r['samples'],
                'compressed' if comp else 'twiddled'))
            want.append(('msaa', int(r['size_bytes']),
                         int(r['metadata_offset_bytes']) if comp else 0))
    with open(os.path.join(ail_dir, 'mip_offsets.csv')) as f:
        for r in csv.reader(f):
            if r[0] == 'format':
                continue
            reqs.append('%s,%s,%s,1,%s,1,twiddled' % tuple(r[:4]))
            want.append(('mips', [int(x, 0) for x in r[4].split(';')]))

    rc, out, _ = run(['--batch'], stdin='\n'.join(reqs) + '\n')
    got = out.splitlines()
    if rc != 0 or len(got) != len(reqs):
        fail('golden batch: rc %d, %d lines for %d requests' %
             (rc, len(got), len(reqs)))
    else:
        bad = 0
        for req, w, g in zip(reqs, want, got):
            f = g.split(',')
            ok = len(f) == 3 and not g.startswith('error:')
            if ok and w[0] == 'size':
                ok = int(f[0]) == w[1]
            elif ok and w[0] == 'msaa':
                ok = int(f[0]) == w[1] and int(f[1]) == w[2]
            elif ok:
                ok = [int(x) for x in f[2].split(';')] == w[1]
            if not ok:
                bad += 1
                if bad <= 10:
                    fail('golden %s -> %s, want %r' % (req, g, w))
        print('golden batch: %d/%d requests match' %
              (len(reqs) - bad, len(reqs)))

if failures:
    print('%d failure(s)' % failures)
    sys.exit(1)
print('all ail-query checks passed')
