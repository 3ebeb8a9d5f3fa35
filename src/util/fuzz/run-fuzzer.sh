#!/bin/sh
# run-fuzzer.sh FUZZER SECONDS CORPUS_DIR [EXTRA LIBFUZZER ARGS...]
# Runs a libFuzzer target for a bounded time.  New inputs go to a scratch
# directory, never into the committed seed corpus.  Exits non-zero on any
# crash, leak, timeout or out-of-memory report.
set -eu
fuzzer=$1 seconds=$2 corpus=$3
shift 3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
exec_dir=$(mktemp -d)
trap 'rm -rf "$scratch" "$exec_dir"' EXIT
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
   -print_final_stats=1 -artifact_prefix="$exec_dir/" "$@" "$scratch" "$corpus" || {
   rc=$?
   for f in "$exec_dir"/*; do
      [ -f "$f" ] || continue
      echo "reproducer: $f ($(od -An -tx1 "$f" | head -c 400))"
   done
   exit $rc
}
