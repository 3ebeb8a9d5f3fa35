# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# Shared set-up for bin/asahi-run and bin/asahi-test.  Sourced, not run.
#
# What it does, in order, each step only when needed:
#   1. install missing Debian packages (apt-get update only if an install is due)
#   2. configure a meson build directory (again only if its options changed)
#   3. build it with ninja
# Every failure says what went wrong and what to do about it.

ASAHI_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# Debian 12 packages the build, the tests and the conformance suites need.
ASAHI_PACKAGES=(
   gcc libc6-dev clang libclang-rt-14-dev pkg-config meson ninja-build
   python3 python3-mako python3-docutils bison flex
   libcmocka-dev libdrm-dev libexpat1-dev zlib1g-dev libpng-dev
   libglvnd-dev libegl-dev libgles-dev mesa-common-dev khronos-api piglit
   mesa-utils-bin mesa-utils glslang-tools
)

asahi_msg() { printf '[asahi] %s\n' "$*" >&2; }
asahi_die() { printf '[asahi] error: %s\n' "$*" >&2; exit 1; }

# Seconds since the epoch, for stage timings.
asahi_now() { date +%s; }

ASAHI_STAGES=()
# asahi_stage NAME CMD...: run CMD, remember how long it took.
asahi_stage() {
   local name=$1; shift
   local t0 t1 rc=0
   t0=$(asahi_now)
   asahi_msg "== $name"
   "$@" || rc=$?
   t1=$(asahi_now)
   ASAHI_STAGES+=("$(printf '%-28s %5ss  %s' "$name" "$((t1 - t0))" \
                     "$([ $rc -eq 0 ] && echo ok || echo "FAILED ($rc)")")")
   return $rc
}

asahi_print_stages() {
   asahi_msg "stage timings:"
   local s
   for s in "${ASAHI_STAGES[@]}"; do printf '[asahi]   %s\n' "$s" >&2; done
}

asahi_missing_packages() {
   local p
   for p in "${ASAHI_PACKAGES[@]}"; do
      dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
         grep -q '^install ok installed$' || printf '%s\n' "$p"
   done
}

asahi_install_packages() {
   command -v dpkg-query >/dev/null ||
      asahi_die "this is not a Debian system; install by hand: ${ASAHI_PACKAGES[*]}"
   local missing
   missing=$(asahi_missing_packages | tr '\n' ' ')
   [ -z "${missing// /}" ] && return 0
   asahi_msg "missing Debian packages: $missing"
   if [ "$(id -u)" -ne 0 ]; then
      asahi_die "not root: run 'sudo apt-get install -y $missing' and try again"
   fi
   export DEBIAN_FRONTEND=noninteractive
   apt-get update -qq ||
      asahi_die "apt-get update failed (no network?); install by hand: apt-get install $missing"
   # shellcheck disable=SC2086
   apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
      asahi_die "could not install: $missing (no network, or no such package?)"
   missing=$(asahi_missing_packages | tr '\n' ' ')
   [ -z "${missing// /}" ] || asahi_die "still missing after install: $missing"
}

# asahi_configure DIR CC MESON-ARGS...: set DIR up, reconfiguring only when the
# requested configuration differs from the one recorded at its last set-up;
# a directory configured by hand (no record) is used as it is.
asahi_configure() {
   local dir=$1 compiler=$2; shift 2
   local want stamp="$dir/.asahi-config" log
   want="CC=$compiler $*"
   if [ -e "$dir" ] && [ ! -f "$dir/build.ninja" ]; then
      asahi_die "$dir exists but is not a meson build directory; remove it (rm -rf $dir)"
   fi
   log=$(mktemp "${TMPDIR:-/tmp}/asahi-setup.XXXXXX")
   if [ -f "$dir/build.ninja" ]; then
      if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
         rm -f "$log"
         return 0
      fi
      # A directory someone configured by hand is theirs: build it with the
      # options it has (its objects and options are never thrown away).
      if [ ! -f "$stamp" ]; then
         rm -f "$log"
         asahi_msg "$dir was configured by hand: using it as it is (remove it for the default set-up: $want)"
         return 0
      fi
      asahi_msg "$dir was configured differently ($(cat "$stamp"));"
      asahi_msg "wiping and configuring it again with: $want"
      CC=$compiler meson setup --wipe "$dir" "$ASAHI_TOP" "$@" >"$log" 2>&1 ||
         { cat "$log" >&2; rm -f "$log"; asahi_die "meson setup of $dir failed (log above)"; }
   else
      CC=$compiler meson setup "$dir" "$ASAHI_TOP" "$@" >"$log" 2>&1 ||
         { cat "$log" >&2; rm -f "$log"; rm -rf "$dir"; asahi_die "meson setup of $dir failed (log above)"; }
   fi
   # Keep meson's set-up output inside the build directory, not beside it.
   mv "$log" "$dir/asahi-setup.log"
   printf '%s' "$want" >"$stamp"
}

asahi_build() {
   ninja -C "$1" || asahi_die "build of $1 failed (errors above)"
}

# The default (gcc, warnings are errors) build used by both commands.
ASAHI_BUILD=${ASAHI_BUILD_DIR:-$ASAHI_TOP/build}
ASAHI_BUILD_ARGS=(-Dbuildtype=debugoptimized -Dwerror=true)

# The sanitized build: clang, ASan + UBSan, libFuzzer targets.
ASAHI_BUILD_SAN=${ASAHI_BUILD_SAN_DIR:-$ASAHI_TOP/build-san}
ASAHI_BUILD_SAN_ARGS=(-Dbuildtype=debugoptimized -Dwerror=true -Db_sanitize=address,undefined
                      -Db_lundef=false -Dfuzzers=enabled)

asahi_setup_default_build() {
   asahi_install_packages
   asahi_configure "$ASAHI_BUILD" gcc "${ASAHI_BUILD_ARGS[@]}"
   asahi_build "$ASAHI_BUILD"
}

# True when this machine has a render node driven by the kernel's asahi
# driver (a real Apple GPU): then no shim is needed.
asahi_have_hw_device() {
   local node drv
   for node in /sys/class/drm/renderD*; do
      [ -e "$node/device/driver" ] || continue
      drv=$(basename "$(readlink -f "$node/device/driver")")
      [ "$drv" = asahi ] && return 0
   done
   return 1
}
