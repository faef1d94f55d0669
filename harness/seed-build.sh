#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Start an empty build directory of one flavor as a copy of another
# flavor's, built for the same arch and variant, so that its first build
# redoes only what differs between the two. build.sh calls it for rb,
# from ours: rb's x86-64 kernel then compiled 323 of its 1337 objects
# in make check (the rest were up to date), and a cold build
# (empty ccache) does not compile the same kernel twice.
#
# Usage: seed-build.sh FLAVOR ARCH VARIANT FROM
# Does nothing (and succeeds) unless FLAVOR's build directory is empty
# and FROM's holds a complete build.
#
# Why the copy builds what a fresh directory would:
# - Kbuild rebuilds a target when a prerequisite is newer than it, is
#   missing, or when its command line changed: each object's .cmd file
#   lists the command and every header and source it read, and every
#   config option it tested (include/config/SYMBOL, which syncconfig
#   touches when the option's value changes).
# - Each flavor's tree is the base's files, hard-linked, with the
#   flavor's own files in place of some (tree.sh). A path whose file is
#   not the base's one (another inode, or missing) in either tree is one
#   where the trees may differ. Each such path that FLAVOR's tree has
#   gets a fresh copy there, newer than every object copied; a path it
#   lacks is a missing prerequisite, which make treats as changed.
# - The .cmd files name the source tree and the build directory by
#   absolute path: every text file of the copy has FROM's paths
#   rewritten to FLAVOR's, so that unchanged commands compare equal.
# - .config is made again from the fragments (build.sh, as .fragments is
#   not copied), and the first make runs syncconfig against FROM's
#   include/config/auto.conf, which marks each option that changed.
# - .version (the build number in the version string) is not copied,
#   so the version string is the same as a first build's.
# Checked once by hand on x86-64 (the README says how): every object of
# a seeded rb has the same code (objdump -d -r) as in rb built from an
# empty directory; only the __FILE__ strings of some differ in form
# (ccache returns an object as its first compile made it, and entries
# made under another layout name the file "../src/...").
# So the copy is as sound as an incremental build of FROM whose tree
# became FLAVOR's, which is what Kbuild is made for. (A file of either
# tree edited in place, against tree.sh's rule, defeats both.)
set -eu
. "$(dirname "$0")/common.sh"

flavor=${1:?usage: seed-build.sh FLAVOR ARCH VARIANT FROM}
arch=${2:?usage: seed-build.sh FLAVOR ARCH VARIANT FROM}
variant=${3-}
from=${4:?usage: seed-build.sh FLAVOR ARCH VARIANT FROM}
check_flavor "$flavor"
check_flavor "$from"

bdir=$(build_dir "$flavor" "$arch" "$variant")
fdir=$(build_dir "$from" "$arch" "$variant")
src=$(flavor_src "$flavor")
fsrc=$(flavor_src "$from")
[ -d "$bdir" ] && [ -z "$(ls -A "$bdir")" ] || exit 0
[ -f "$fdir/vmlinux" ] && [ -f "$fdir/.fragments" ] || exit 0
# Both trees must be made of the base's links (a tree copied whole, as
# tree.sh did before, would make every path differ).
[ "$src/Makefile" -ef "$BASE/Makefile" ] && [ "$fsrc/Makefile" -ef "$BASE/Makefile" ] ||
	exit 0

start=$(date +%s)
tmp=$(mktemp -d "$OUT/.seed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# "PATH<TAB>INODE" of every file (not directory) of a tree.
files() { (cd "$1" && find . ! -type d -printf '%P\t%i\n') | LC_ALL=C sort; }
files "$BASE" >"$tmp/base"
files "$src" >"$tmp/flavor"
files "$fsrc" >"$tmp/from"
# Paths whose file is not the base's in one tree or the other.
for t in flavor from; do
	LC_ALL=C comm -23 "$tmp/base" "$tmp/$t"
	LC_ALL=C comm -13 "$tmp/base" "$tmp/$t"
done | cut -f1 | LC_ALL=C sort -u >"$tmp/differ"

# FROM's directory, copied under its lock (no build of FROM half done,
# and no sparse.sh run in it). Kbuild's try-run files (.tmp_PID)
# are left out: a make that does not take the lock (a guest's
# modules_install) makes and removes them, and they are never inputs.
# Should the copy fail anyway, the build starts from an empty directory
# as it would without the seed.
if ! flock "$fdir.lock" rsync -a --exclude='.tmp_*' "$fdir/" "$tmp/build/"; then
	say "could not copy $fdir: $flavor/$arch${variant:+/$variant} builds from an empty directory"
	exit 0
fi
rm -f "$tmp/build/.fragments" "$tmp/build/.version"
# A path as a sed pattern that matches it whole (not a longer name).
re() { printf '%s' "$1" | sed 's/[][\\.*^$#+?(){}|]/\\&/g'; }
# ...and as its replacement.
rep() { printf '%s' "$1" | sed 's/[\\&#]/\\&/g'; }
for p in "$fdir:$bdir" "$fsrc:$src"; do
	old=${p%%:*} new=${p#*:}
	grep -rlIZF "$old" "$tmp/build" |
		xargs -0 -r sed -Ei "s#$(re "$old")([^-_.A-Za-z0-9]|\$)#$(rep "$new")\\1#g"
done

# Fresh copies, one second newer at least than anything copied (make
# compares timestamps to the nanosecond, but a file system may keep
# whole seconds).
sleep 1
n=0
while IFS= read -r p; do
	if [ ! -f "$src/$p" ] || [ -L "$src/$p" ]; then
		continue
	fi
	cp "$src/$p" "$src/$p.seed-tmp"
	mv -f "$src/$p.seed-tmp" "$src/$p"
	n=$((n + 1))
done <"$tmp/differ"

rmdir "$bdir"
mv "$tmp/build" "$bdir"
say "seeded $flavor/$arch${variant:+/$variant} from the build of $from: $n files of $(wc -l <"$tmp/differ") paths that differ made fresh, in $(($(date +%s) - start)) s"
