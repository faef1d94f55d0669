#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# harness/seed-build.sh on a small fake layout (a base, two flavor trees
# of hard links with files of their own, a build directory of ours):
# - rb's empty build directory becomes a copy of ours', with ours' paths
#   rewritten to rb's in its text files (a longer name that starts the
#   same is left alone), without .fragments and .version;
# - every path where either tree is not the base's gets a fresh file in
#   rb's tree, newer than every file copied and no longer the base's;
#   paths where both trees are the base's stay hard links, untouched;
# - a build directory that is not empty, or a tree that is not made of
#   the base's links, is left alone;
# - Kbuild's try-run files (.tmp_PID, which a make that does not take
#   the lock makes and removes during the copy) are not copied, and a
#   copy that fails leaves the build directory empty, and succeeds.
# Fails if the copy misses a differing path or rewrites a wrong one.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export OUT=$tmp/out
seed="$here/harness/seed-build.sh"
base=$OUT/base/linux-source-6.1
ours=$OUT/ours/src rb=$OUT/rb/src
ob=$OUT/ours/build-x86_64 rbb=$OUT/rb/build-x86_64

mkdir -p "$base/include/linux" "$base/kernel/trace" "$base/mm"
for f in Makefile include/linux/a.h include/linux/ftrace.h mm/m.c \
	kernel/trace/trace.c kernel/trace/ring_buffer.c kernel/trace/old.c; do
	echo "base $f" >"$base/$f"
done
mkdir -p "$OUT/ours" "$OUT/rb"
cp -al "$base" "$ours"
cp -al "$base" "$rb"
# ours: its own ftrace.h, trace.c, ring_buffer.c and a new file, old.c
# removed; rb: its own ring_buffer.c (the same as ours').
for f in include/linux/ftrace.h kernel/trace/trace.c kernel/trace/ring_buffer.c \
	kernel/trace/new.c; do
	rm -f "$ours/$f"
	echo "ours $f" >"$ours/$f"
done
rm "$ours/kernel/trace/old.c"
rm "$rb/kernel/trace/ring_buffer.c"
cp "$ours/kernel/trace/ring_buffer.c" "$rb/kernel/trace/ring_buffer.c"

mkdir -p "$ob/mm" "$ob/kernel/trace" "$rbb"
: >"$ob/vmlinux"
echo sum >"$ob/.fragments"
echo 7 >"$ob/.version"
printf 'cmd := gcc -I%s/include -I%s-selftest/x -o %s/mm/m.o %s/mm/m.c\n' \
	"$ours" "$ob" "$ob" "$ours" >"$ob/mm/.m.o.cmd"
printf 'obj\0%s\n' "$ours" >"$ob/mm/m.o"
touch -d '2 hours ago' "$base"/Makefile "$base"/*/* "$base"/*/*/*
touch -d '1 hour ago' "$ob/mm/m.o" "$ob/mm/.m.o.cmd"

# Not seeded: a tree copied whole.
mv "$rb" "$rb.links"
cp -a "$rb.links" "$rb"
"$seed" rb x86_64 "" ours
[ -z "$(ls -A "$rbb")" ] || fail "seeded from a tree that is not the base's links"
rm -rf "$rb"
mv "$rb.links" "$rb"
# Not seeded: a build directory that is not empty.
: >"$rbb/keep"
"$seed" rb x86_64 "" ours
[ "$(ls -A "$rbb")" = keep ] || fail "seeded over a build directory that was not empty"
rm "$rbb/keep"
# Not seeded: the copy fails (as when a file vanishes under it).
mkdir "$tmp/bin"
printf '#!/bin/sh\nexit 23\n' >"$tmp/bin/rsync"
chmod +x "$tmp/bin/rsync"
PATH=$tmp/bin:$PATH "$seed" rb x86_64 "" ours 2>/dev/null ||
	fail "a failed copy failed the seed, not only the seeding"
[ -z "$(ls -A "$rbb")" ] || fail "a failed copy left files in the build directory"
echo "a tree copied whole, a build directory not empty, a failed copy: left alone"
: >"$ob/.tmp_4242"
: >"$ob/mm/.tmp_4243"

"$seed" rb x86_64 "" ours 2>/dev/null
[ -f "$rbb/vmlinux" ] || fail "the build directory was not copied"
[ ! -e "$rbb/.fragments" ] && [ ! -e "$rbb/.version" ] ||
	fail ".fragments or .version was copied"
want="cmd := gcc -I$rb/include -I$ob-selftest/x -o $rbb/mm/m.o $rb/mm/m.c"
[ "$(cat "$rbb/mm/.m.o.cmd")" = "$want" ] ||
	fail "the .cmd file reads '$(cat "$rbb/mm/.m.o.cmd")', want '$want'"
cmp -s "$ob/mm/m.o" "$rbb/mm/m.o" || fail "a binary file was rewritten"
[ ! -e "$rbb/.tmp_4242" ] && [ ! -e "$rbb/mm/.tmp_4243" ] ||
	fail "a try-run file was copied"
echo "copied: paths rewritten in the text files only, a longer name left alone, no try-run file"

for f in include/linux/ftrace.h kernel/trace/trace.c kernel/trace/ring_buffer.c \
	kernel/trace/old.c; do
	[ "$rb/$f" -ef "$base/$f" ] && fail "$f: still the base's file"
	[ "$rb/$f" -nt "$rbb/mm/m.o" ] || fail "$f: not newer than the objects copied"
done
[ "$(cat "$rb/include/linux/ftrace.h")" = "base include/linux/ftrace.h" ] ||
	fail "rb's ftrace.h changed content"
[ ! -e "$rb/kernel/trace/new.c" ] || fail "a file of ours' alone appeared in rb"
for f in Makefile include/linux/a.h mm/m.c; do
	[ "$rb/$f" -ef "$base/$f" ] || fail "$f: the same in both trees, but copied"
done
echo "every path where a tree is not the base's is fresh in rb's; the rest still the base's"
echo "host-seed: ok"
