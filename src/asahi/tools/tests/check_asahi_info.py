#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# check_asahi_info.py ASAHI_INFO SHIM: runs asahi-info with the no-op
# drm-shim preloaded (into the tool only: a sanitizer-built shim cannot load
# into python) and checks that it reports the M1 the shim plays: text and
# --json agree with the GET_PARAMS values the AsahiLinux/linux driver
# (drivers/gpu/drm/asahi) reports for a G13G.
import json
import os
import subprocess
import sys

tool, shim = sys.argv[1], sys.argv[2]
env = dict(os.environ, LD_PRELOAD=shim)


def run(*args, check=True):
    return subprocess.run([tool, *args], capture_output=True, text=True,
                          check=check, env=env)


help_text = run('--help').stdout
assert 'Usage: asahi-info' in help_text, help_text

text = run().stdout
assert text.startswith('GPU: Apple M1 (G13G B1)\n'), text

info = json.loads(run('--json').stdout)
expected = {
    'name': 'Apple M1 (G13G B1)',
    'chip_id': 0x8103,
    'gpu_generation': 13,
    'gpu_variant': 'G',
    'active_cores': 8,
    'soft_faults': False,
    'max_commands_per_submission': 64,
    'vm_kernel_min_size': 0x20000000,
    'command_timestamp_frequency_hz': 1000000000,
}
for key, value in expected.items():
    assert info[key] == value, f'{key}: {info[key]!r} != {value!r}'
assert info['usc_exec_base'] % (1 << 32) == 0
assert info['kernel_range'][1] - info['kernel_range'][0] >= \
    info['vm_kernel_min_size']

bad = run('--bogus', check=False)
assert bad.returncode == 2, bad
print('asahi-info: ok')
