#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make check-reference`: boot the reference flavors for everything whose
# purpose is to check a test against them, and record the results in
# harness/reference/upstream/ with the key make check compares
# (harness/reference.sh says what the key covers). It runs, as jobs two
# at a time (harness/jobs.sh):
#   - upstream x86-64: the main suite (multi-threaded), the function
#     tracing tests (two boots, one TCG thread), the fnboot and stackboot
#     boots;
#   - rb x86-64: the suite beyond the ring buffer's own tests (which make
#     check runs), and the latency tracers' tests on one TCG thread;
#   - the upstream side of compare-trace, compare-events,
#     compare-tracecmd and compare-blktrace (on upstream's kernel of
#     variant blk), whose raw output make check diffs ours against.
# Every test must pass there or skip as harness/reference/expected-skips
# allows: a test that fails on the reference is wrong, and nothing is
# recorded. Commit the directory afterwards.
# upstream's ftracetest reference (ftracetest-upstream-ARCH.txt) is made
# by `UPDATE_REF=1 make ftracetest FLAVOR=upstream` (30 minutes).
#
# When the only inputs changed since the last record are test scripts
# ($SUITE/test_*.sh) that recorded boots ran, only those boots run again
# (and the builds they need); the other results are kept, as a boot's
# result hangs on nothing but the key's inputs, of which its own have not
# changed. FULL=1 runs everything. The key is taken when the run starts;
# if the inputs differ when it ends, nothing is recorded.
set -u
. "$(dirname "$0")/common.sh"
. "$HARNESS/jobs.sh"
. "$HARNESS/boots.sh"
. "$HARNESS/reference.sh"
. "$HARNESS/checklib.sh"

logdir=$OUT/logs/check-reference
rm -rf "$logdir"
mkdir -p "$logdir"
JOB_DIR=$logdir/jobs
t0=$(date +%s)
export JOBS=${JOBS:-$(nproc)}

# record NAME SCRIPT: the upstream side of a compare script, raw.
record() {
	step "compare-$1: upstream's side recorded" \
		env ACCEL=$ONE_THREAD RECORD="$logdir/compare-$1.raw" \
		"$HARNESS/$2" upstream upstream x86_64
}

echo "== make check-reference: $(date -u '+%F %T') UTC"
"$HARNESS/deps.sh" || exit 1
ref_manifest >"$logdir/inputs.txt"
key=$(sha256sum <"$logdir/inputs.txt" | cut -c1-16)
if [ "${FULL:-0}" != 1 ] && REF_ONLY=$(ref_rerun "$logdir/inputs.txt"); then
	echo "only tests changed:$(ref_changed "$REF_DIR/inputs.txt" "$logdir/inputs.txt" |
		grep -v '^harness/selftest/host-' | sed 's|.*/| |' | tr -d '\n')"
	echo "booting again: $REF_ONLY (the rest of the record is kept; FULL=1 boots all)"
else
	unset REF_ONLY
fi

reference_jobs b-rb
needs() { # BUILD-JOB: whether a declared job depends on it
	local n
	for n in "${J_NAMES[@]}"; do
		case " ${J_DEPS[$n]} " in *" $1 "*) return 0 ;; esac
	done
	return 1
}
if [ -z "${REF_ONLY+set}" ]; then
	job rec-trace 1g b-up record trace compare-trace.sh
	job rec-events 1g b-up record events compare-events.sh
	job rec-tracecmd 1g b-up record tracecmd compare-tracecmd.sh
	job rec-blktrace 1g b-up-blk record blktrace compare-blktrace.sh
fi
! needs b-up || job b-up 1 "" step "build upstream/x86_64" "$HARNESS/build.sh" upstream x86_64
! needs b-up-blk || job b-up-blk 1 "" step "build upstream/x86_64/blk" \
	"$HARNESS/build.sh" upstream x86_64 blk
! needs b-rb || job b-rb 1 "" step "build rb/x86_64" "$HARNESS/build.sh" rb x86_64
run_jobs

jobs_report "make check-reference" "$t0"
if [ "$failed" != 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped: nothing recorded"
	exit 1
fi
ref_manifest >"$logdir/inputs.end"
if ! cmp -s "$logdir/inputs.end" "$logdir/inputs.txt"; then
	echo "inputs changed while this ran (key $key when it started): nothing recorded"
	ref_changed "$logdir/inputs.txt" "$logdir/inputs.end" | sed 's/^/  /'
	exit 1
fi
rm -rf "$REF_DIR.new"
mkdir -p "$REF_DIR.new"
if [ -n "${REF_ONLY+set}" ]; then
	cp "$REF_DIR"/*.tap "$REF_DIR"/compare-*.raw "$REF_DIR.new/"
	kept=$(sed -n 's/^recorded: //p' "$REF_DIR/summary.txt")
	runs="$passed passed, $failed failed, $skipped skipped in $REF_ONLY, booted again for a change of their tests; the rest as recorded $kept"
	cp "$logdir"/*.tap "$REF_DIR.new/"
else
	runs="$passed passed, $failed failed, $skipped skipped"
	cp "$logdir"/*.tap "$logdir"/compare-*.raw "$REF_DIR.new/"
fi
cp "$logdir/inputs.txt" "$REF_DIR.new/inputs.txt"
{
	echo "recorded: $(date -u '+%F') at $(cd "$ROOT" && git rev-parse --short HEAD)$(cd "$ROOT" && git diff --quiet HEAD -- . || echo ' with changes')"
	echo "key: $key"
	echo "runs: $runs"
	for f in "$REF_DIR.new"/*.tap; do
		printf '%s: %s passed, %s failed, %s skipped\n' "${f##*/}" \
			"$(grep -c '^ok ' "$f" | awk -v s="$(grep -c '^ok .* # SKIP' "$f")" '{ print $1 - s }')" \
			"$(grep -c '^not ok ' "$f")" "$(grep -c '^ok .* # SKIP' "$f")"
	done
} >"$REF_DIR.new/summary.txt"
rm -rf "$REF_DIR"
mv "$REF_DIR.new" "$REF_DIR"
cat "$REF_DIR/summary.txt"
echo "$passed passed, $failed failed, $skipped skipped: recorded in ${REF_DIR#"$ROOT"/}"
