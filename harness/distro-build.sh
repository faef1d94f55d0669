#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build one distribution-shaped kernel: Debian's own config for the arch,
# trimmed for a QEMU guest (harness/distro.sh says how), in the build
# directory of variant distro (out/FLAVOR/build-ARCH-distro), which
# harness/guest.sh -v distro boots. With full, Debian's config with only
# its modules off (variant distro-full): make distro-build.
# Usage: distro-build.sh FLAVOR ARCH [full]
# Prints a summary; the full log is in out/logs/.
set -eu
. "$(dirname "$0")/common.sh"
. "$HARNESS/distro.sh"

usage="usage: distro-build.sh FLAVOR ARCH [full]"
flavor=${1:?$usage}
arch=${2:?$usage}
mode=${3:-}
case $mode in "" | full) ;; *) die "$usage" ;; esac
check_flavor "$flavor"
arch_setup "$arch"
variant=distro${mode:+-$mode}

"$HARNESS/tree.sh" "$flavor"
cfg=$(distro_config "$arch")
bdir=$(build_dir "$flavor" "$arch" "$variant")
mkdir -p "$bdir" "$OUT/logs"
# One build in a build directory at a time, as build.sh.
exec 9>"$bdir.lock"
flock 9
log=$OUT/logs/build-$flavor-$arch-$variant.log
frags=$(distro_guest_frags "$arch")

# Configure again when Debian's config, a fragment, the shaping or one of
# the tree's Kconfig files changed.
# shellcheck disable=SC2086
sum=$({
	cat "$cfg" "$HARNESS/distro/"*.config "$HARNESS/distro.sh"
	echo "$mode"
	[ "$flavor" = upstream ] || find "$ROOT" -path "$OUT" -prune -o -name 'Kconfig*' -print |
		sort | xargs cat
} | sha256sum | cut -d' ' -f1)
if [ "$(cat "$bdir/.fragments" 2>/dev/null)" != "$sum" ] || [ ! -f "$bdir/.config" ]; then
	say "configuring $flavor/$arch/$variant from Debian's $(cat "$DISTRO_DIR/$arch.version")"
	distro_shape "$flavor" "$arch" "$bdir" "$mode" >"$log" 2>&1 ||
		{ tail -30 "$log" >&2; die "configuring failed (log: $log)"; }
	# A guest fragment's line that did not survive is listed (an option
	# this tree or arch has not, as ours' direct call samples).
	grep -h '^CONFIG_' $frags | sort -u | while IFS= read -r line; do
		grep -qx "$line" "$bdir/.config" || echo "config: not set as asked: $line"
	done >"$bdir/.config-dropped"
	echo "$sum" >"$bdir/.fragments"
	say "the trim turned off $(wc -l <"$bdir/distro-trim.txt") options Debian builds in" \
		"($bdir/distro-trim.txt); the guest's options not set:" \
		"$(sed 's/^config: not set as asked: CONFIG_//' "$bdir/.config-dropped" | tr '\n' ' ')"
fi

say "building $flavor/$arch/$variant (log: $log)"
start=$(date +%s)
if ! kmake "$flavor" "$arch" "$variant" -j"$JOBS" all >>"$log" 2>&1; then
	grep -E 'error|Error' "$log" | head -30 >&2
	die "build of $flavor/$arch/$variant failed (log: $log)"
fi
check_local_exports "$arch" "$bdir" >>"$log" 2>&1 || {
	tail -5 "$log" >&2
	die "$flavor/$arch/$variant exports a symbol local to its object (log: $log)"
}
say "built $flavor/$arch/$variant in $(($(date +%s) - start)) s: $bdir/$IMAGE"

# The harness's own test modules, as build.sh builds them.
mdir=$bdir/harness-modules
mkdir -p "$mdir"
for f in "$HARNESS"/modules/*/*.[ch] "$HARNESS"/modules/Kbuild; do
	cmp -s "$f" "$mdir/${f##*/}" || cp "$f" "$mdir/"
done
kmake "$flavor" "$arch" "$variant" M="$mdir" modules >>"$log" 2>&1 ||
	die "building the harness modules failed (log: $log)"
