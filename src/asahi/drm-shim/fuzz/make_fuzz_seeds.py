#!/usr/bin/env python3
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# Writes the seed corpus of fuzz_asahi_shim (format in its header comment):
# valid ioctl sequences the fuzzer mutates from.  Run from this folder:
#   python3 make_fuzz_seeds.py corpus
import os
import struct
import sys

OPS = {name: i for i, name in enumerate(
    'get_params get_time vm_create vm_destroy vm_bind gem_create '
    'mmap_offset bind_object queue_create queue_destroy submit version '
    'get_unique get_cap gem_close prime_to_fd prime_to_handle sync_create '
    'sync_destroy sync_to_fd sync_to_handle sync_wait sync_reset '
    'sync_signal timeline_wait sync_query transfer timeline_signal '
    'raw'.split())}

PAGE = 0x4000
KSTART, KEND = 0x7000000000, 0x7800000000


def op(name, arg, pointers=0):
    return bytes([OPS[name], pointers, len(arg)]) + arg


def seed(scratch, *ops):
    return struct.pack('<H', len(scratch)) + scratch + b''.join(ops)


def header(kind, size, vdm, cdm):
    return struct.pack('<HHHH', kind, size, vdm, cdm)


NONE = 0xffff
compute = bytes(64)
render = bytearray(240)
struct.pack_into('<HHHH', render, 148, 64, 64, 1, 0)  # width height layers
render[156:160] = bytes([32, 32, 1, 4])               # tiles, samples
render = bytes(render)

setup = [
    op('vm_create', struct.pack('<QQII', KSTART, KEND, 0, 0)),
    op('gem_create', struct.pack('<QIIII', 4 * PAGE, 0, 0, 0, 0)),
    op('queue_create', struct.pack('<IIIIQ', 0, 1, 0, 0, 0x1000000000)),
    op('sync_create', struct.pack('<II', 0, 0)),
]

seeds = {}
seeds['params'] = seed(b'', op('get_params', struct.pack(
    '<IIQQ', 0, 0, 0, 592), pointers=0b10))
seeds['version'] = seed(b'', op('version', bytes(64), pointers=0b11111110))
bind = struct.pack('<IIQQQ', 6, 1, 0, 4 * PAGE, 0x2000000000)
seeds['bind'] = seed(bind, *setup, op('vm_bind', struct.pack(
    '<IIIIQ', 1, 1, 32, 0, 0), pointers=0b100))
unbind = struct.pack('<IIQQQ', 1, 0, 0, 4 * PAGE, 0x2000000000)
seeds['unbind'] = seed(bind + unbind, *setup, op('vm_bind', struct.pack(
    '<IIIIQ', 1, 2, 32, 0, 0), pointers=0b100))
cmdbuf = header(1, 64, 0, 0) + compute + header(0, 240, NONE, 1) + render
syncs = struct.pack('<IIQ', 0, 1, 0) + struct.pack('<IIQ', 1, 1, 5)
scratch = syncs + cmdbuf
seeds['submit'] = seed(scratch, *setup, op('submit', struct.pack(
    '<QQIIIIII', 0, len(syncs), 0, 1, 0, 2, len(cmdbuf), 0),
    pointers=0b11))
att = header(3, 24, NONE, NONE) + struct.pack('<QQII', 0x2000000000, PAGE,
                                              0, 0)
cmdbuf2 = att + header(0, 240, 0, 0) + render
seeds['attachments'] = seed(cmdbuf2, *setup, op('submit', struct.pack(
    '<QQIIIIII', 0, 0, 0, 1, 0, 0, len(cmdbuf2), 0), pointers=0b10))
seeds['bind_object'] = seed(b'', *setup, op('bind_object', struct.pack(
    '<IIIIQQII', 0, 1, 1, 0, 0, PAGE, 0, 0)))
handles = struct.pack('<I', 1) + bytes(4) + struct.pack('<Q', 3)
seeds['timeline'] = seed(handles, *setup,
    op('timeline_signal', struct.pack('<QQII', 0, 8, 1, 0), pointers=0b11),
    op('sync_query', struct.pack('<QQII', 0, 8, 1, 0), pointers=0b11),
    op('timeline_wait', struct.pack('<QQqIIII', 0, 8, 1000, 1, 2, 0, 0),
       pointers=0b11),
    op('sync_wait', struct.pack('<QqIIII', 0, 1000, 1, 2, 0, 0),
       pointers=0b1))
seeds['prime'] = seed(b'', *setup,
    op('prime_to_fd', struct.pack('<IIi', 1, 0x80002, 0)),
    op('sync_to_fd', struct.pack('<IIiI', 1, 0, 0, 0)),
    op('gem_close', struct.pack('<II', 1, 0)))
seeds['raw'] = seed(b'', op('raw', struct.pack('<I', 0xC0106446) + bytes(12)))

out = sys.argv[1] if len(sys.argv) > 1 else 'corpus'
os.makedirs(out, exist_ok=True)
for name, blob in seeds.items():
    with open(os.path.join(out, name), 'wb') as f:
        f.write(blob)
