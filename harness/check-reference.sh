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
#   - the upstream side of compare-trace, compare-events and
#     compare-tracecmd, whose raw output make check diffs ours against.
# Every test must pass there or skip as harness/reference/expected-skips
# allows: a test that fails on the reference is wrong, and nothing is
# recorded. Commit the directory afterwards.
# upstream's ftracetest reference (ftracetest-upstream-ARCH.txt) is made
# by `UPDATE_REF=1 make ftracetest FLAVOR=upstream` (30 minutes).
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

job b-up 1 "" step "build upstream/x86_64" "$HARNESS/build.sh" upstream x86_64
job b-rb 1 "" step "build rb/x86_64" "$HARNESS/build.sh" rb x86_64
reference_jobs b-rb
job rec-trace 1g b-up record trace compare-trace.sh
job rec-events 1g b-up record events compare-events.sh
job rec-tracecmd 1g b-up record tracecmd compare-tracecmd.sh
run_jobs

jobs_report "make check-reference" "$t0"
if [ "$failed" != 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped: nothing recorded"
	exit 1
fi
rm -rf "$REF_DIR.new"
mkdir -p "$REF_DIR.new"
cp "$logdir"/*.tap "$logdir"/compare-*.raw "$REF_DIR.new/"
ref_manifest >"$REF_DIR.new/inputs.txt"
{
	echo "recorded: $(date -u '+%F') at $(cd "$ROOT" && git rev-parse --short HEAD)$(cd "$ROOT" && git diff --quiet HEAD -- . || echo ' with changes')"
	echo "key: $(sha256sum <"$REF_DIR.new/inputs.txt" | cut -c1-16)"
	echo "runs: $passed passed, $failed failed, $skipped skipped"
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
