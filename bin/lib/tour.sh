#!/usr/bin/env bash
# The main job until the driver renders: show what has landed, by running the
# tools the build produced.  Each entry: path in the build dir, then arguments.
set -uo pipefail
build=$1
tour=(
   "src/util/format/pipe-format-info --summary"
   "src/asahi/tools/ail-query --help"
   "src/asahi/tools/ail-query --format R8G8B8A8_UNORM --width 1024 --height 1024 --levels 11 --tiling twiddled"
   "src/asahi/tools/agx-disasm --help"
   "src/asahi/tools/agx-asm --help"
   "src/asahi/tools/agxdecode --help"
   "src/asahi/tools/asahi-info --help"
   "src/asahi/tools/agx-sim --help"
   "src/compiler/glsl/glsl-compiler --help"
)
shown=0
for entry in "${tour[@]}"; do
   read -r -a argv <<<"$entry"
   exe="$build/${argv[0]}"
   [ -x "$exe" ] || continue
   printf '\n==> %s\n' "$entry"
   "$exe" "${argv[@]:1}"
   shown=$((shown + 1))
done
if [ -x "$build/src/asahi/tools/asahi-info" ] && [ -f "$build/src/asahi/drm-shim/libasahi_noop_drm_shim.so" ]; then
   printf '\n==> asahi-info under the no-op drm-shim\n'
   LD_PRELOAD="$build/src/asahi/drm-shim/libasahi_noop_drm_shim.so" \
      "$build/src/asahi/tools/asahi-info"
   shown=$((shown + 1))
fi
printf '\ntour: %d steps shown\n' "$shown"
