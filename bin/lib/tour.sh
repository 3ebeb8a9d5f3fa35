#!/usr/bin/env bash
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# The main job until the driver renders: a short tour of what has landed,
# run against the build directory given as $1.  Each step is skipped when
# the build lacks its tool (a component switched off by a meson option).
set -uo pipefail
build=$1
here=$(cd "$(dirname "$0")" && pwd)
tools=$build/src/asahi/tools
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
shown=0

step() {
   printf '\n==> %s\n' "$1"
   shown=$((shown + 1))
}

have() {
   local f
   for f in "$@"; do [ -x "$f" ] || return 1; done
}

if have "$build/src/util/format/pipe-format-info"; then
   step "pixel formats known to the stack"
   "$build/src/util/format/pipe-format-info" --summary
fi

if have "$tools/ail-query"; then
   step "how AGX lays out a mipmapped 1024x1024 RGBA8 texture (ail-query)"
   "$tools/ail-query" --format R8G8B8A8_UNORM --width 1024 --height 1024 \
      --levels 11 --tiling twiddled | grep -E '^(size|level[0-3]_)'
fi

if have "$tools/agx-asm" "$tools/agx-disasm" "$tools/agx-sim"; then
   step "assemble, disassemble and simulate an AGX program"
   sed -n 's/^# \{0,1\}//p' "$here/tour/squares.s"
   "$tools/agx-asm" "$here/tour/squares.s" -o "$scratch/squares.bin" &&
   "$tools/agx-disasm" "$scratch/squares.bin" &&
   echo "-- simulated, with u4 = 1000; the array at 0x10000 afterwards:" &&
   "$tools/agx-sim" "$scratch/squares.bin" --uniform u0=0x10000 \
      --uniform u1=0 --uniform u4=1000 --mem 0x10000+128 \
      --dump 0x10000+128 | sed -n '/^0000010000:/,$p'
fi

if have "$build/src/compiler/glsl/glsl-compiler"; then
   step "the GLSL front end accepts a valid shader and explains an invalid one"
   glslc=$build/src/compiler/glsl/glsl-compiler
   "$glslc" "$here/tour/good.frag" && echo "good.frag: accepted"
   "$glslc" "$here/tour/bad.frag" || echo "bad.frag: rejected (exit $?)"
fi

shim=$build/src/asahi/drm-shim/libasahi_noop_drm_shim.so
if have "$tools/asahi-info" && [ -f "$shim" ]; then
   step "the winsys opening the fake M1 of the no-op drm-shim (asahi-info)"
   LD_PRELOAD="$shim" "$tools/asahi-info" | head -n 8
fi

eglinfo=$(command -v eglinfo.x86_64-linux-gnu || command -v eglinfo || true)
if [ -n "$eglinfo" ] && [ -f "$build/src/gallium/targets/dri/asahi_dri.so" ]; then
   step "Debian's eglinfo through libglvnd, our EGL vendor and asahi_dri.so"
   GALLIUM_DRIVER=noop meson devenv -C "$build" "$eglinfo" 2>&1 |
      sed -n '/^Surfaceless platform/,/^Configurations/p' | sed '$d'
fi

step "tools in this build (each has --help)"
for t in "$tools"/* "$build/src/compiler/glsl/glsl-compiler" \
         "$build/src/util/format/pipe-format-info"; do
   [ -f "$t" ] && [ -x "$t" ] || continue
   printf '  %-20s %s\n' "$(basename "$t")" \
      "$("$t" --help 2>&1 | grep -v -i -e "^ *$" -e "^usage" -e "^ *[a-z-]* \[\?-" | head -n 1 | cut -c1-56)"
done

printf '\ntour: %d steps shown\n' "$shown"
