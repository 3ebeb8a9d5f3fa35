#!/bin/sh
# Copyright 2026 The asahi-gl authors
# SPDX-License-Identifier: MIT
# bad_xml_test.sh PYTHON GEN_PACK: malformed descriptions are rejected with a
# one-line message naming the problem, never a Python traceback.
set -u
py=$1 gen=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0

expect_error() {
   name=$1 pattern=$2 body=$3
   printf '<hw>%s</hw>\n' "$body" >"$dir/$name.xml"
   if "$py" "$gen" "$dir/$name.xml" pack "$dir/out.h" 2>"$dir/err"; then
      echo "FAIL $name: accepted"; fails=$((fails + 1)); return
   fi
   if grep -q Traceback "$dir/err" || ! grep -q "$pattern" "$dir/err"; then
      echo "FAIL $name: wrong message: $(cat "$dir/err")"; fails=$((fails + 1))
      return
   fi
   echo "ok $name: $(cat "$dir/err")"
}

expect_error past_end 'past the struct end' \
   '<struct name="s" bytes="4"><field name="a" bits="30-33" type="uint"/></struct>'
expect_error bad_type 'unknown type' \
   '<struct name="s" bytes="4"><field name="a" bits="0-3" type="colour"/></struct>'
expect_error reversed 'reversed' \
   '<struct name="s" bytes="4"><field name="a" bits="5-3" type="uint"/></struct>'
expect_error two_mods 'one modifier' \
   '<struct name="s" bytes="4"><field name="a" bits="0-3" type="uint" minus="1" shift="2"/></struct>'
expect_error bad_default 'not representable' \
   '<struct name="s" bytes="4"><field name="a" bits="0-3" type="uint" minus="1" default="0"/></struct>'
expect_error bad_enum_default 'has no value' \
   '<enum name="e"><value name="x" v="0"/></enum><struct name="s" bytes="4"><field name="a" bits="0-3" type="e" default="y"/></struct>'
expect_error dup_field 'duplicate fields' \
   '<struct name="s" bytes="4"><field name="a" bits="0" type="bool"/><field name="a" bits="1" type="bool"/></struct>'
expect_error bad_bits 'bad bits' \
   '<struct name="s" bytes="4"><field name="a" bits="x" type="bool"/></struct>'
expect_error wide_bool 'bool fields are 1 bit' \
   '<struct name="s" bytes="4"><field name="a" bits="0-1" type="bool"/></struct>'
expect_error not_xml 'genxml\|gen_pack' '<struct'

[ $fails -eq 0 ]
