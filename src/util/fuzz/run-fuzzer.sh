#!/bin/sh
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# run-fuzzer.sh FUZZER SECONDS CORPUS_DIR [EXTRA LIBFUZZER ARGS...]
# Runs a libFuzzer target for a bounded time.  New inputs go to a scratch
# directory, never into the committed seed corpus; crashing inputs are kept
# in fuzz-artifacts/ beside the fuzzer binary.  Exits 1 on any crash, leak,
# timeout or out-of-memory report (libFuzzer's own default status for a crash
# is 77, which meson would read as "skipped").
set -eu
fuzzer=$1 seconds=$2 corpus=$3
shift 3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
artifacts="$(dirname "$fuzzer")/fuzz-artifacts/$(basename "$fuzzer")"
mkdir -p "$artifacts"
rc=0
# A fixed seed (FUZZ_SEED, default 1) makes a run explore the same inputs
# in the same order wherever it runs, so CI repeats what was checked here.
# Resource blow-ups count as failures, like crashes: an input that takes
# more than 5 s (sanitizers included), a process over 1.5 GiB, or a single
# allocation over 256 MiB (no input of FUZZ_MAX_LEN bytes, default 64 KiB,
# may need that; the tools' own input limits are documented per tool).
"$fuzzer" -seed="${FUZZ_SEED:-1}" -max_total_time="$seconds" -timeout=5 \
   -rss_limit_mb=1536 -malloc_limit_mb=256 -max_len="${FUZZ_MAX_LEN:-65536}" \
   -error_exitcode=1 -timeout_exitcode=1 -print_final_stats=1 \
   -artifact_prefix="$artifacts/" "$@" "$scratch" "$corpus" || rc=$?
if [ $rc -ne 0 ]; then
   for f in "$artifacts"/*; do
      [ -f "$f" ] || continue
      echo "reproducer: $f"
      od -An -tx1 "$f" | head -n 8
   done
   exit 1
fi
