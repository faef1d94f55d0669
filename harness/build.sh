#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Configure and build one kernel: tinyconfig plus our fragments.
# Usage: build.sh FLAVOR ARCH [debug|nofn|selftest|branch|blk]
# (nofn: without function tracing, for harness/bench-fn.sh; selftest:
# with the tracers' self-tests at boot, FTRACE_STARTUP_TEST; branch:
# every condition profiled and the branch tracer, configs/branch.config;
# blk: the block layer and blktrace, configs/blk.config)
# Prints nothing on success but a summary; the full log is in out/logs/.
set -eu
. "$(dirname "$0")/common.sh"

flavor=${1:?usage: build.sh FLAVOR ARCH [debug|nofn|selftest|branch|blk]}
arch=${2:?usage: build.sh FLAVOR ARCH [debug|nofn|selftest|branch|blk]}
variant=${3:-}
check_flavor "$flavor"
arch_setup "$arch"
case $variant in
"" | debug | nofn | selftest | branch | blk) ;;
*) die "unknown variant '$variant'" ;;
esac

"$HARNESS/tree.sh" "$flavor"

bdir=$(build_dir "$flavor" "$arch" "$variant")
mkdir -p "$bdir" "$OUT/logs"
# One build in a build directory at a time (a second caller waits, then
# finds it built).
exec 9>"$bdir.lock"
flock 9
# rb's first build starts from ours' objects (seed-build.sh says why it
# is sound); SEED=0 builds it from nothing.
if [ "$flavor" = rb ] && [ "${SEED:-1}" != 0 ]; then
	"$HARNESS/seed-build.sh" rb "$arch" "$variant" ours
fi
log=$OUT/logs/build-$flavor-$arch$(variant_suffix "$flavor" "$variant").log
frags="$HARNESS/configs/common.config $HARNESS/configs/$arch.config $HARNESS/configs/tracing.config"
if [ "$variant" = debug ]; then
	frags="$frags $HARNESS/configs/debug.config"
	[ -f "$HARNESS/configs/debug-$arch.config" ] &&
		frags="$frags $HARNESS/configs/debug-$arch.config"
fi
# flavor-FLAVOR.config: what one flavor's test kernels add
[ -f "$HARNESS/configs/flavor-$flavor.config" ] &&
	frags="$frags $HARNESS/configs/flavor-$flavor.config"
[ "$variant" = nofn ] && frags="$frags $HARNESS/configs/nofn.config"
[ "$variant" = branch ] && frags="$frags $HARNESS/configs/branch.config"
[ "$variant" = blk ] && frags="$frags $HARNESS/configs/blk.config"
{ [ "$variant" = selftest ] || [ "$flavor" = ours ]; } &&
	frags="$frags $HARNESS/configs/selftest.config"

# Regenerate .config when a fragment changed (or there is none yet), or
# one of our Kconfig files did: a new symbol the fragments ask for would
# otherwise stay unset until the next fresh build.
# shellcheck disable=SC2086
kconfigs=
[ "$flavor" = upstream ] ||
	kconfigs=$(find "$ROOT" -path "$OUT" -prune -o -name 'Kconfig*' -print | sort)
sum=$(cat $frags $kconfigs | sha256sum | cut -d' ' -f1)
if [ "$(cat "$bdir/.fragments" 2>/dev/null)" != "$sum" ] || [ ! -f "$bdir/.config" ]; then
	say "configuring $flavor/$arch${variant:+/$variant}"
	{
		kmake "$flavor" "$arch" "$variant" tinyconfig
		# shellcheck disable=SC2086
		(cd "$bdir" && ARCH=$KMAKE_ARCH CROSS_COMPILE=$CROSS \
			"$(flavor_src "$flavor")/scripts/kconfig/merge_config.sh" \
			-m -O "$bdir" "$bdir/.config" $frags)
		kmake "$flavor" "$arch" "$variant" olddefconfig
	} >"$log" 2>&1 || { tail -30 "$log" >&2; die "configuring failed (log: $log)"; }
	# A fragment line that did not survive olddefconfig is a config bug
	# unless the option does not exist on this arch; list them in the log.
	# shellcheck disable=SC2086
	# (An option a later fragment turns off, as nofn.config does, is not
	# checked.)
	grep -h '^CONFIG_' $frags | sort -u | while IFS= read -r line; do
		grep -qx "# ${line%%=*} is not set" $frags && continue
		grep -qx "$line" "$bdir/.config" || echo "config: not set as asked: $line"
	done >"$bdir/.config-dropped"
	echo "$sum" >"$bdir/.fragments"
	if [ -s "$bdir/.config-dropped" ]; then
		say "options this arch cannot have (listed in $bdir/.config-dropped):"
		sed 's/^config: not set as asked: /   /' "$bdir/.config-dropped" >&2
	fi
fi

say "building $flavor/$arch${variant:+/$variant} (log: $log)"
start=$(date +%s)
if ! kmake "$flavor" "$arch" "$variant" -j"$JOBS" all >>"$log" 2>&1; then
	grep -E 'error|Error' "$log" | head -30 >&2
	die "build of $flavor/$arch failed (log: $log)"
fi
check_local_exports "$arch" "$bdir" >>"$log" 2>&1 || {
	tail -5 "$log" >&2
	die "$flavor/$arch exports a symbol local to its object (log: $log)"
}
say "built $flavor/$arch${variant:+/$variant} in $(($(date +%s) - start)) s: $bdir/$IMAGE"

# The harness's own test modules, built against this kernel.
if grep -q '^CONFIG_MODULES=y' "$bdir/.config"; then
	mdir=$bdir/harness-modules
	mkdir -p "$mdir"
	for f in "$HARNESS"/modules/*/*.[ch] "$HARNESS"/modules/Kbuild; do
		cmp -s "$f" "$mdir/${f##*/}" || cp "$f" "$mdir/"
	done
	kmake "$flavor" "$arch" "$variant" M="$mdir" modules >>"$log" 2>&1 ||
		die "building the harness modules failed (log: $log)"
	check_local_exports "$arch" "$mdir" >>"$log" 2>&1 ||
		die "a harness module exports a symbol local to it (log: $log)"
fi
