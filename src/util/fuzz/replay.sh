#!/bin/sh
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# replay.sh TARGET SECONDS CORPUS_DIR: the non-libFuzzer stand-in for
# run-fuzzer.sh; runs every corpus input once through the target.
set -eu
exec "$1" "$3"
