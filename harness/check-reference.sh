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
for p in A B; do
	eval "tests=\$FN_TESTS_$p"
	job "up-fn$p" 1 b-up suite x86_64 upstream "fn$p" $ONE_THREAD "" 1800 \
		"HARNESS_TESTS=$tests HARNESS_SKIP=$BOOT_ONLY"
done
job up-suite 2 b-up suite x86_64 upstream suite $MT "" 600 "HARNESS_SKIP=$SUITE_SKIP"
job rb-suite 2 b-rb suite x86_64 rb suite $MT "" 600 \
	"HARNESS_SKIP=$SUITE_SKIP,$RB_TESTS"
job rb-lat 1 b-rb suite x86_64 rb fn $ONE_THREAD "" 1200 "HARNESS_TESTS=test_lat_*"
job up-fnboot 1 b-up suite x86_64 upstream fnboot $ONE_THREAD "" 600 \
	"$FN_BOOT_PARAMS HARNESS_FNBOOT=1 HARNESS_TESTS=test_fn_boot"
job up-stackboot 1 b-up suite x86_64 upstream stackboot $ONE_THREAD "" 600 \
	"$STACK_BOOT_PARAMS HARNESS_STACKBOOT=1 HARNESS_TESTS=test_fn_stack_boot"
job rec-trace 1 b-up record trace compare-trace.sh
job rec-events 1 b-up record events compare-events.sh
job rec-tracecmd 1 b-up record tracecmd compare-tracecmd.sh
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
