#!/bin/sh
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# agxdecode_tool_test.sh AGXDECODE MAKE_SEEDS: the tool on dumps built with
# the packers: clean dumps decode with exit 0, damaged ones are reported
# with exit 1, unusable input exits 2, --help documents the format.
set -u
tool=$1 make_seeds=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
check() { # description, command status, expected status
   if [ "$2" -ne "$3" ]; then
      echo "FAIL: $1 (exit $2, expected $3)"; fails=$((fails + 1))
   else
      echo "ok: $1"
   fi
}
expect_text() { # file, text
   if ! grep -qF -- "$2" "$1"; then
      echo "FAIL: '$2' not in output of $1"; fails=$((fails + 1))
   fi
}

"$make_seeds" "$dir" || { echo "FAIL: make_seeds"; exit 1; }

"$tool" --help >"$dir/help" 2>&1; check "--help" $? 0
expect_text "$dir/help" 'AGXDUMP'
expect_text "$dir/help" 'usc_exec_base'
expect_text "$dir/help" '--vdm ADDR'

"$tool" --regions "$dir/draw_and_compute.dump" >"$dir/out" 2>&1
check "draw and compute" $? 0
expect_text "$dir/out" 'record 2 at cmdbuf offset'
expect_text "$dir/out" 'Index list (draw)'
expect_text "$dir/out" 'end of VDM stream'
expect_text "$dir/out" 'end of CDM stream'
expect_text "$dir/out" 'region 1: 0x2000000000'
expect_text "$dir/out" '0 problems found'
# The fragment program is a lone stop, disassembled by src/asahi/isa.
expect_text "$dir/out" '8800                     stop'
"$tool" --hex "$dir/draw_and_compute.dump" >"$dir/out" 2>&1
check "--hex" $? 0
expect_text "$dir/out" '88 00 cd cd cd cd cd cd'

"$tool" "$dir/link_chain.dump" >"$dir/out" 2>&1; check "link chain" $? 0
expect_text "$dir/out" '<- return to'

"$tool" "$dir/memory_only.dump" --no-submission --vdm 0x1000000000 \
   -o "$dir/out"; check "memory only, --vdm, -o" $? 0
expect_text "$dir/out" 'end of VDM stream'

"$tool" "$dir/loop.dump" >"$dir/out" 2>&1; check "loop" $? 1
expect_text "$dir/out" 'loop:'

"$tool" "$dir/truncated.dump" >"$dir/out" 2>&1; check "truncated file" $? 2
expect_text "$dir/out" 'past the end of the dump'

"$tool" "$dir/nonexistent" >/dev/null 2>&1; check "missing file" $? 2
"$tool" >/dev/null 2>&1; check "no arguments" $? 2
"$tool" --vdm zzz "$dir/loop.dump" >/dev/null 2>&1; check "bad address" $? 2
"$tool" --ppp 0x1000 "$dir/loop.dump" >/dev/null 2>&1; check "--ppp without size" $? 2

[ $fails -eq 0 ]
