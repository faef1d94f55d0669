# SPDX-License-Identifier: GPL-2.0
# The recorded results of the reference flavors (harness/reference/upstream/)
# and the key that says whether they still hold. Sourced, never run.
#
# make check-reference boots `upstream` (and `rb`, upstream's tracing on
# our ring buffer, beyond the ring buffer's own tests, which make check
# runs) for everything whose purpose is to check a test against the
# reference, and records what they gave.
# Those results change only when what they depend on changes: the tests
# and the guest's scripts and modules, the boots' definitions, the
# config fragments, the guest runner, ftracetest's runner and reference,
# our ring buffer's kernel files and the base kernel's version. The key
# is a hash of all of those; make
# check compares it with the recorded one and, without booting upstream,
# fails with "reference stale: run make check-reference" if they differ.
#
# The files of harness/reference/upstream/:
#   inputs.txt         "SHA256  PATH" of every input, and the base version;
#                      the key is the hash of this file
#   summary.txt        when, at which commit, and each run's counts
#   *.tap              each recorded suite run (TAP, as the guest printed it)
#   compare-*.raw      the upstream side of the compare scripts' boots

REF_DIR=$HARNESS/reference/upstream
. "$HARNESS/manifest.sh"

# ref_inputs: the files the reference results depend on, one a line,
# relative to the repository (tracked or not, as long as git does not
# ignore them). rb's results depend on our ring buffer too: the kernel
# files MANIFEST gives rb. harness/selftest/host-*.sh are tests of the
# harness run on the host, which no boot reads: not inputs.
ref_inputs() {
	(cd "$ROOT" && {
		git ls-files -co --exclude-standard -- \
			"$SUITE" harness/guest harness/selftest harness/compare \
			harness/modules harness/configs harness/guest.sh \
			harness/boots.sh harness/build.sh harness/rootfs-arm64.sh \
			harness/ftracetest.sh harness/reference/ftracetest-flaky.txt \
			harness/reference/ftracetest-upstream-x86_64.txt |
			grep -v '^harness/selftest/host-'
		# shellcheck disable=SC2046
		git ls-files -co --exclude-standard -- \
			$(manifest_paths rb | grep -E '^(arch|include|kernel)/')
	} | LC_ALL=C sort -u)
}

# ref_manifest: what inputs.txt holds for the tree as it is now.
ref_manifest() {
	(cd "$ROOT" && ref_inputs | while IFS= read -r f; do
		[ -f "$f" ] && printf '%s\0' "$f"
	done | xargs -0 -r sha256sum)
	echo "base  $BASE_PKG $(cat "$OUT/base/.unpacked" 2>/dev/null || echo none)"
}

# ref_check: 0 if the recorded results hold for this tree; else says
# which inputs changed and returns 1.
ref_check() {
	local now
	now=$(mktemp)
	ref_manifest >"$now"
	if [ ! -f "$REF_DIR/inputs.txt" ]; then
		echo "reference stale: run make check-reference (nothing recorded in $REF_DIR)"
		rm -f "$now"
		return 1
	fi
	if cmp -s "$now" "$REF_DIR/inputs.txt"; then
		echo "reference of $(sed -n 's/^recorded: //p' "$REF_DIR/summary.txt") holds (key $(sha256sum <"$now" | cut -c1-16))"
		rm -f "$now"
		return 0
	fi
	echo "reference stale: run make check-reference"
	echo "inputs changed since it was recorded:"
	ref_changed "$REF_DIR/inputs.txt" "$now" | sed 's/^/  /'
	rm -f "$now"
	return 1
}

# ref_changed OLD NEW: the inputs that differ between two lists as
# ref_manifest prints them, one a line ("base VERSION" for the base
# kernel's).
ref_changed() {
	diff "$1" "$2" | sed -n 's/^[<>] [0-9a-f]*  //p; s/^[<>] base  /base /p' | sort -u
}

# in_globs NAME GLOBS: whether NAME matches one of the comma-separated
# run.sh globs.
in_globs() {
	local g
	local IFS=,
	for g in $2; do
		# shellcheck disable=SC2254
		case $1 in $g) return 0 ;; esac
	done
	return 1
}

# ref_new_taps TEST: the recorded TAP files whose boots would run a test
# no record has yet, by the selection reference_jobs (checklib.sh) gives
# each boot; empty if none would.
ref_new_taps() {
	local t=$1 taps=
	if ! in_globs "$t" "$BOOT_ONLY"; then
		in_globs "$t" "$FN_TESTS_A" && taps="$taps fnA-x86_64-upstream.tap"
		in_globs "$t" "$FN_TESTS_B" && taps="$taps fnB-x86_64-upstream.tap"
	fi
	if ! in_globs "$t" "$SUITE_SKIP"; then
		taps="$taps suite-x86_64-upstream.tap"
		in_globs "$t" "$RB_TESTS" || taps="$taps rest-x86_64-rb.tap"
	fi
	in_globs "$t" "test_lat_*" && taps="$taps lat-x86_64-rb.tap"
	[ "$t" = test_fn_boot ] && taps="$taps fnboot-x86_64-upstream.tap"
	[ "$t" = test_fn_stack_boot ] && taps="$taps stackboot-x86_64-upstream.tap"
	echo "${taps# }"
}

# ref_rerun INPUTS: the recorded TAP files to make again when INPUTS (as
# ref_manifest prints them) differ from the record in test scripts
# alone, space-separated; fails when a full run is needed (nothing
# recorded, nothing changed, another input changed). A new test's boots
# are those whose selection takes it (ref_new_taps). A harness module
# (harness/modules/DIR/) counts as part of the tests that load it: its
# change needs no full run if every test that names it (harness_DIR) is
# among the changed ones, whose boots build and load it again.
ref_rerun() {
	local f h t hit taps= changed tests= mods=
	[ -f "$REF_DIR/inputs.txt" ] || return 1
	changed=$(ref_changed "$REF_DIR/inputs.txt" "$1")
	[ -n "$changed" ] || return 1
	for f in $changed; do
		case $f in
		"$SUITE"/test_*.sh)
			t=${f##*/}
			tests="$tests ${t%.sh}"
			;;
		harness/modules/*/*)
			t=${f#harness/modules/}
			mods="$mods harness_${t%%/*}"
			;;
		# (listed by records made while the key still covered them)
		harness/selftest/host-*.sh) continue ;;
		*) return 1 ;;
		esac
	done
	for t in $mods; do
		for f in $(cd "$ROOT" && grep -lw "$t" "$SUITE"/test_*.sh); do
			f=${f##*/}
			case " $tests " in *" ${f%.sh} "*) ;; *) return 1 ;; esac
		done
	done
	for t in $tests; do
		if ! hit=$(grep -lE "^(not )?ok [0-9]+ $t( |\$)" "$REF_DIR"/*.tap); then
			hit=$(ref_new_taps "$t")
			# A boot without a record: everything runs.
			for h in $hit; do
				[ -f "$REF_DIR/$h" ] || return 1
			done
		fi
		[ -n "$hit" ] || return 1
		for h in $hit; do
			case " $taps " in *" ${h##*/} "*) ;; *) taps="$taps ${h##*/}" ;; esac
		done
	done
	[ -n "$taps" ] || return 1
	echo "${taps# }"
}
