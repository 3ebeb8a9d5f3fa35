#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
"""Run asahi-eglinfo (argv[1:]) and check that its report names our vendor
and a working OpenGL ES context on the noop pipe driver."""

import subprocess
import sys

WANT = ['vendor "asahi-gl"', 'OpenGL ES 2.0+:', 'GL_RENDERER: noop']

out = subprocess.run(sys.argv[1:], capture_output=True, text=True).stdout
print(out)
missing = [w for w in WANT if w not in out]
for w in missing:
    print('missing from the report: %s' % w)
sys.exit(1 if missing else 0)
