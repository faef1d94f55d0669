#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The overlay (tree.sh) on a toy base and a toy repository: a flavor gets
# the base minus its MANIFEST paths plus our files; unchanged files keep
# their mtimes; a changed file, and a base file restored when MANIFEST
# drops its path, get fresh ones; a file of ours outside MANIFEST is refused.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

repo=$tmp/repo
mkdir -p "$repo"
cp -r "$here/harness" "$repo/"
git -C "$repo" init -q
base=$repo/out/base/linux-source-6.1
mkdir -p "$base/kernel/trace" "$base/include/linux" "$base/lib"
echo upstream-rb >"$base/kernel/trace/ring_buffer.c"
echo upstream-trace >"$base/kernel/trace/trace.c"
echo upstream-hdr >"$base/include/linux/ring_buffer.h"
echo upstream-lib >"$base/lib/list.c"
echo all: >"$base/Makefile"
touch -d '2020-01-01' "$base"/kernel/trace/* "$base"/include/linux/* "$base/lib/list.c"

mkdir -p "$repo/kernel/trace" "$repo/include/linux"
echo ours-rb >"$repo/kernel/trace/ring_buffer.c"
echo ours-new >"$repo/kernel/trace/new.c"
echo ours-hdr >"$repo/include/linux/ring_buffer.h"
cat >"$repo/MANIFEST" <<'EOF'
patch: ring buffer
kernel/trace	ours
include/linux/ring_buffer.h	rb ours
EOF
tree() { (cd "$repo" && harness/tree.sh "$1") >/dev/null 2>&1; }
mt() { stat -c %Y "$1"; }

tree ours
src=$repo/out/ours/src
[ "$(cat "$src/kernel/trace/ring_buffer.c")" = ours-rb ] || fail "ours file not copied"
[ -f "$src/kernel/trace/new.c" ] || fail "new file of ours not copied"
[ ! -e "$src/kernel/trace/trace.c" ] || fail "replaced directory kept a base file"
[ "$(cat "$src/lib/list.c")" = upstream-lib ] || fail "base file outside MANIFEST lost"

tree rb
rb=$repo/out/rb/src
[ "$(cat "$rb/include/linux/ring_buffer.h")" = ours-hdr ] || fail "rb lacks our header"
[ "$(cat "$rb/kernel/trace/ring_buffer.c")" = upstream-rb ] || fail "rb took a path of ours only"

# Unchanged: mtimes stay. Changed: a fresh mtime.
before_new=$(mt "$src/kernel/trace/new.c")
before_lib=$(mt "$src/lib/list.c")
sleep 1.1
echo ours-rb-v2 >"$repo/kernel/trace/ring_buffer.c"
tree ours
[ "$(mt "$src/kernel/trace/new.c")" = "$before_new" ] || fail "unchanged file got a new mtime"
[ "$(mt "$src/lib/list.c")" = "$before_lib" ] || fail "base file got a new mtime"
[ "$(cat "$src/kernel/trace/ring_buffer.c")" = ours-rb-v2 ] || fail "change not copied"
[ "$(mt "$src/kernel/trace/ring_buffer.c")" -gt "$before_new" ] || fail "changed file kept an old mtime"

# MANIFEST drops kernel/trace: the base's files come back, newer than any
# object built from ours, and our files there go away.
mv "$repo/kernel/trace" "$tmp/trace-ours"
cat >"$repo/MANIFEST" <<'EOF'
patch: ring buffer header
include/linux/ring_buffer.h	rb ours
EOF
tree ours
[ "$(cat "$src/kernel/trace/trace.c")" = upstream-trace ] || fail "base file not restored"
[ "$(cat "$src/kernel/trace/ring_buffer.c")" = upstream-rb ] || fail "base file not restored"
[ ! -e "$src/kernel/trace/new.c" ] || fail "dropped file of ours left behind"
[ "$(mt "$src/kernel/trace/trace.c")" -gt "$(date -d 2021-01-01 +%s)" ] ||
	fail "restored file kept the base's old mtime"

# A file of ours that MANIFEST does not cover is refused.
mkdir -p "$repo/kernel/sched"
echo stray >"$repo/kernel/sched/stray.c"
if (cd "$repo" && harness/tree.sh ours) >"$tmp/err" 2>&1; then
	fail "a file outside MANIFEST was accepted"
fi
grep -q 'kernel/sched/stray.c' "$tmp/err" || fail "the refusal does not name the file"
echo "overlay: copy, mtimes, restore and refusal all as expected"
