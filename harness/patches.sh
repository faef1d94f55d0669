#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Write our tree as a patch series against the base: out/patches/*.patch
# and out/patches/series, one patch per "patch:" entry of MANIFEST, in its
# order. The series applies with `git am` or `quilt push -a`.
#
# Usage: patches.sh [--verify]
#   --verify  also apply the series to a pristine copy of the base, with
#             git am and with quilt, and check both give our tree.
set -eu
. "$(dirname "$0")/common.sh"
. "$HARNESS/manifest.sh"

[ -f "$BASE/Makefile" ] || "$HARNESS/deps.sh"
manifest_check

dest=$OUT/patches
work=$OUT/patches-work
rm -rf "$dest" "$work"
mkdir -p "$dest" "$work/series"

paths=$(manifest_paths ours | sort -u)

# copy_base DIR: the base's version of every path the series touches.
copy_base() {
	local p
	for p in $paths; do
		if [ -e "$BASE/$p" ]; then
			mkdir -p "$1/$(dirname "$p")"
			cp -a "$BASE/$p" "$1/$p"
		fi
	done
}

# put_ours DIR PATH: DIR/PATH becomes what we have under PATH.
put_ours() {
	local f
	rm -rf "${1:?}/$2"
	for f in $(our_files "$2"); do
		mkdir -p "$1/$(dirname "$f")"
		cp "$ROOT/$f" "$1/$f"
	done
}

gitq() { git -c user.name=harness -c user.email=harness@localhost \
	-c init.defaultBranch=main -c core.autocrlf=false "$@"; }

author=$(git -C "$ROOT" log -1 --format='%an <%ae>' 2>/dev/null || true)
[ -n "$author" ] || author="Tracing developers <tracing@localhost>"
date=$(git -C "$ROOT" log -1 --format=%aD 2>/dev/null || date -R)

# A throwaway repository holding only the touched paths: the base as the
# first commit, then one commit per patch.
repo=$work/repo
mkdir -p "$repo"
gitq -C "$repo" init -q
copy_base "$repo"
gitq -C "$repo" add -A
gitq -C "$repo" commit -q --allow-empty -m base
manifest_patches | while IFS="$(printf '\t')" read -r n subject; do
	for p in $(manifest_patch_paths "$n"); do
		put_ours "$repo" "$p"
	done
	gitq -C "$repo" add -A
	if gitq -C "$repo" diff --cached --quiet; then
		say "patch $n ($subject) changes nothing; left out"
		continue
	fi
	{
		echo "$subject"
		echo
		manifest_patch_body "$n"
	} | GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
		gitq -C "$repo" commit -q --author="$author" -F -
done
gitq -C "$repo" format-patch -q --binary --no-signature -o "$dest" \
	"$(gitq -C "$repo" rev-list --max-parents=0 HEAD)..HEAD"
(cd "$dest" && ls -1 -- *.patch >series 2>/dev/null || : >series)
say "$(wc -l <"$dest/series") patches in $dest (series: $dest/series)"

[ "${1:-}" = --verify ] || exit 0

# The tree the series must produce: the touched paths as flavor ours has them.
expect=$work/expect
mkdir -p "$expect"
copy_base "$expect"
for p in $paths; do
	put_ours "$expect" "$p"
done

am=$work/am
mkdir -p "$am"
copy_base "$am"
gitq -C "$am" init -q
gitq -C "$am" add -A
gitq -C "$am" commit -q --allow-empty -m pristine
while read -r p; do
	gitq -C "$am" am -q "$dest/$p" || die "git am failed on $p"
done <"$dest/series"
rm -rf "$am/.git"
diff -r "$expect" "$am" || die "git am of the series does not give our tree"

qu=$work/quilt
mkdir -p "$qu"
copy_base "$qu"
(cd "$qu" && QUILT_PATCHES=$dest quilt push -aq >/dev/null) ||
	[ ! -s "$dest/series" ] || die "quilt push -a failed"
rm -rf "$qu/.pc"
diff -r "$expect" "$qu" || die "quilt push -a of the series does not give our tree"
say "verified: the series applies with git am and quilt and gives our tree"
