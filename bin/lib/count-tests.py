#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Sum meson test logs (testlog.json, one JSON object per line) into the
closing line "N passed, N failed, N skipped".  Exit status 1 when any test
failed, timed out or errored, or when a log is missing."""

import json
import sys

GOOD = {'OK', 'EXPECTEDFAIL'}
SKIP = {'SKIP'}


def main(paths):
    passed = failed = skipped = 0
    bad = []
    for path in paths:
        try:
            with open(path, encoding='utf-8') as f:
                lines = f.readlines()
        except OSError as e:
            print(f'[asahi] missing test log {path}: {e.strerror}', file=sys.stderr)
            failed += 1
            continue
        for line in lines:
            line = line.strip()
            if not line:
                continue
            rec = json.loads(line)
            result = rec.get('result', 'ERROR')
            if result in GOOD:
                passed += 1
            elif result in SKIP:
                skipped += 1
            else:
                failed += 1
                bad.append(f"{path.split('/')[-3]}: {rec.get('name')} ({result})")
    for b in bad:
        print(f'[asahi] FAILED {b}', file=sys.stderr)
    print(f'{passed} passed, {failed} failed, {skipped} skipped')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
