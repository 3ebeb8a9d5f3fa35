#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Lint: every source file git tracks (C, headers, flex/bison, Python, shell,
meson files and the user commands in bin/) carries the project's copyright
line and an MIT SPDX identifier within its first ten lines, spelled one way.

Usage: check-licences.py SOURCE_ROOT
Prints one line per offending file and exits 1 when there is any."""

import os
import re
import subprocess
import sys

COPYRIGHT = 'Copyright 2026 The asahi-gl authors'
SPDX = 'SPDX-License-Identifier: MIT'
SOURCE = re.compile(r'(\.(c|h|l|y|py|sh)|(^|/)meson\.build|(^|/)meson_options\.txt)$')
HEAD_LINES = 10


def tracked_files(root):
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-z'],
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [p for p in out.decode().split('\0') if p]


def is_source(path):
    if SOURCE.search(path):
        return True
    # User commands and their helpers: executable scripts without a suffix.
    return path.startswith('bin/') and '.' not in os.path.basename(path)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    files = tracked_files(root)
    if files is None:
        print('SKIP: not a git checkout, nothing to list')
        sys.exit(77)
    bad = []
    checked = 0
    for path in filter(is_source, files):
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            continue  # deleted in the work tree but not yet in git
        with open(full, encoding='utf-8', errors='replace') as f:
            head = ''.join(f.readline() for _ in range(HEAD_LINES))
        checked += 1
        if SPDX not in head:
            bad.append(f'{path}: no "{SPDX}" line in its first {HEAD_LINES} lines')
        elif COPYRIGHT not in head:
            bad.append(f'{path}: copyright line is not "{COPYRIGHT}"')
    for line in bad:
        print(line)
    print(f'{checked} source files checked, {len(bad)} without the licence header')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
