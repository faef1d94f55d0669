#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The lost list: what a distribution's kernel loses by taking our tracing
# instead of upstream's. Debian's own configs for amd64 and arm64
# (harness/distro.sh) go through olddefconfig on upstream's tree and on
# ours; every symbol that upstream's result has on (y or m) and ours has
# off is lost. That is the whole config, not only kernel/trace/Kconfig:
# a symbol elsewhere that depends on one of ours (BPF_LSM on BPF_EVENTS,
# say) is lost to the distribution all the same.
#
# Usage: distro-config.sh [--check | --compare LOST REF]
#   prints "ARCH SYMBOL" for each lost symbol, sorted, and writes the list
#   to out/distro/lost.txt; with --check, compares it with
#   harness/reference/distro-config-lost.txt and fails if a symbol is
#   lost that the file does not list (a regression), or the file lists
#   one that is no longer lost (shrink the file with the issue that
#   brings it back).
# Environment: ARCHES (default "x86_64 arm64").
set -eu
. "$(dirname "$0")/common.sh"
. "$HARNESS/distro.sh"

ref=$HARNESS/reference/distro-config-lost.txt
ARCHES=${ARCHES:-x86_64 arm64}

# compare LOST REF: the judgement of --check (harness/selftest/
# host-distro.sh tests it on lists of its own).
compare() {
	local lost=$1 ref=$2 want new back status=0
	[ -f "$ref" ] || die "no $ref: write it from $lost"
	# The reference's lines of the arches checked, without comments.
	want=$(grep -v -e '^#' -e '^$' "$ref" |
		awk -v a=" $ARCHES " 'index(a, " " $1 " ")' | sort)
	new=$(comm -13 <(echo "$want") "$lost")
	back=$(comm -23 <(echo "$want") "$lost" | grep . || true)
	if [ -n "$new" ]; then
		echo "lost by ours and not in ${ref#"$ROOT"/} (a regression):"
		echo "$new" | sed 's/^/  /'
		status=1
	fi
	if [ -n "$back" ]; then
		echo "no longer lost: remove from ${ref#"$ROOT"/}:"
		echo "$back" | sed 's/^/  /'
		status=1
	fi
	[ "$status" = 0 ] && echo "lost list as recorded: $(wc -l <"$lost") symbols ($ARCHES)"
	return "$status"
}

check=
case ${1:-} in
--check) check=1 ;;
--compare) compare "${2:?}" "${3:?}"; exit ;;
"") ;;
*) die "usage: distro-config.sh [--check]" ;;
esac

"$HARNESS/tree.sh" upstream >/dev/null 2>&1 || "$HARNESS/tree.sh" upstream
"$HARNESS/tree.sh" ours >/dev/null 2>&1 || "$HARNESS/tree.sh" ours

lost=$DISTRO_DIR/lost.txt
mkdir -p "$DISTRO_DIR"
: >"$lost.tmp"
for arch in $ARCHES; do
	cfg=$(distro_config "$arch")
	for flavor in upstream ours; do
		distro_olddefconfig "$flavor" "$arch" "$cfg" \
			"$DISTRO_DIR/olddefconfig-$flavor-$arch"
	done
	comm -23 <(config_set "$DISTRO_DIR/olddefconfig-upstream-$arch/.config") \
		<(config_set "$DISTRO_DIR/olddefconfig-ours-$arch/.config") |
		sed "s/^/$arch /" >>"$lost.tmp"
	# What ours has that upstream's does not: shown, not judged.
	gained=$(comm -13 <(config_set "$DISTRO_DIR/olddefconfig-upstream-$arch/.config") \
		<(config_set "$DISTRO_DIR/olddefconfig-ours-$arch/.config") | tr '\n' ' ')
	say "$arch: Debian's config $(cat "$DISTRO_DIR/$arch.version"):" \
		"$(grep -c "^$arch " "$lost.tmp" || true) symbols lost${gained:+; ours adds $gained}"
done
sort -o "$lost" "$lost.tmp"
rm -f "$lost.tmp"

if [ -z "$check" ]; then
	cat "$lost"
	exit 0
fi
compare "$lost" "$ref"
