#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run upstream's ftrace selftests (tools/testing/selftests/ftrace of the
# base tree) in a guest and print their counts. The per-test results go to
# out/logs/ftracetest-FLAVOR-ARCH.txt; they are compared with the reference
# harness/reference/ftracetest-upstream-ARCH.txt, and a test that passes
# there but not here is listed and fails the run.
# Flavor ours has its own reference, harness/reference/ftracetest-ours-ARCH.txt.
# UPDATE_REF=1 rewrites the reference from this run (upstream or ours).
# TESTS="test.d/..." runs only those tests (no reference update then).
# PART=NAME names a part of a split run (make check runs two parts side
# by side, each with its TESTS): its run directory, log and results get
# the name, and only its own tests are compared; then
#   ftracetest.sh --merge FLAVOR ARCH PART...
# adds the parts' results up into the run's results file and compares
# them with the whole reference, as one run of every test would be.
# NO_BUILD=1: the kernel is built already (make check builds it).
# Usage: ftracetest.sh FLAVOR [ARCH] [debug]
set -eu
. "$(dirname "$0")/common.sh"

# compare_ref RESULTS REF: every test that passes in REF (but the flaky
# ones) passes in RESULTS; with TESTS, only the tests RESULTS has.
compare_ref() {
	local results=$1 ref=$2 flaky=$HARNESS/reference/ftracetest-flaky.txt
	grep '\[PASS\]$' "$ref" | while IFS= read -r line; do
		desc=${line%	*}
		if grep -v '^#' "$flaky" | cut -f1 | grep -qxF "${desc#(instance)  }"; then
			continue
		fi
		if [ -n "${TESTS:-}" ]; then
			grep -qF "$desc	[" "$results" || continue
		fi
		grep -qxF "$line" "$results" || echo "  $desc"
	done
}

if [ "${1:-}" = --merge ]; then
	flavor=${2:?usage: ftracetest.sh --merge FLAVOR ARCH PART...}
	arch=${3:?usage: ftracetest.sh --merge FLAVOR ARCH PART...}
	shift 3
	results=$OUT/logs/ftracetest-$flavor-$arch.txt
	parts=
	for p; do
		f=$OUT/logs/ftracetest-$flavor-$arch-$p.txt
		[ -f "$f" ] || die "no results of part $p ($f)"
		parts="$parts $f"
	done
	# shellcheck disable=SC2086
	{
		echo "# ftracetest of $BASE_PKG $(cat "$OUT/base/.unpacked"), flavor $flavor, $arch, in parts:$*"
		cat $parts | awk '/^# of / { sub(":", "", $3); n[$3] += $4; next }
			END { split("passed failed unresolved untested unsupported xfailed", k, " ")
				for (i = 1; i <= 6; i++) if (k[i] in n) print "# of " k[i] ": " n[k[i]] }'
		cat $parts | grep -v '^#'
	} >"$results"
	grep '^# of ' "$results"
	ref=$HARNESS/reference/ftracetest-upstream-$arch.txt
	[ "$flavor" = ours ] && ref=$HARNESS/reference/ftracetest-ours-$arch.txt
	lost=$(TESTS= compare_ref "$results" "$ref")
	if [ -n "$lost" ]; then
		echo "Tests that pass on the reference but not on $flavor:"
		echo "$lost"
		exit 1
	fi
	echo "every test that passes on the reference passes on $flavor (parts:$*)"
	exit 0
fi

# The selftests patch live text all the time. Under multi-threaded TCG a
# stale breakpoint left by that patching can hang or kill even upstream's
# kernel (seen here: rmmod ftrace-direct never returned after the wakeup_rt
# test); one TCG thread runs the same tests clean. ACCEL overrides it.
export ACCEL=${ACCEL:-tcg,thread=single}
flavor=${1:?usage: ftracetest.sh FLAVOR [ARCH] [debug]}
arch=${2:-x86_64}
variant=${3:-}
part=${PART:+-$PART}
[ "${NO_BUILD:-0}" = 1 ] || "$HARNESS/build.sh" "$flavor" "$arch" $variant

cmd=$(mktemp)
trap 'rm -f "$cmd"' EXIT
# TESTS: test files or directories, relative to the ftrace selftest dir
# (for example "test.d/direct"); the default runs them all.
# Each line ftracetest prints also goes, after the guest's uptime, to
# the run directory's file "stamped": the seconds each test took.
cat >"$cmd" <<GUEST
#!/bin/sh
cd /tmp/out/ftrace || exit 1
./ftracetest -l /tmp/out/ftrace-logs ${TESTS:-} | while IFS= read -r line; do
	read -r up _ </proc/uptime
	printf '%s %s\n' "\$up" "\$line" >>/tmp/out/stamped
	printf '%s\n' "\$line"
done
exit 0
GUEST
start=$(date +%s)
out=$OUT/logs/ftracetest-$flavor-$arch${variant:+-$variant}$part.log
mkdir -p "$OUT/logs"
rc=0
"$HARNESS/guest.sh" -a "$arch" -f "$flavor" ${variant:+-v $variant} \
	-n "ftracetest$part" -t 2400 -d "$BASE/tools/testing/selftests/ftrace" \
	"$cmd" >"$out" 2>&1 || rc=$?
secs=$(($(date +%s) - start))
[ "$rc" = 0 ] || { tail -n 20 "$out"; die "the guest run failed (exit $rc, log: $out)"; }

# "[N] description<TAB>[RESULT]" for each test, then the "# of ..." counts.
results=$OUT/logs/ftracetest-$flavor-$arch${variant:+-$variant}$part.txt
{
	echo "# ftracetest of $BASE_PKG $(cat "$OUT/base/.unpacked"), flavor $flavor, $arch${variant:+ $variant}${PART:+, part $PART}, ${secs}s under $ACCEL"
	grep -a '^# of ' "$out" | sed 's/  */ /g'
	grep -aE '^\[[0-9]+\] .*\[[A-Z]+\]$' "$out" | sed 's/^\[[0-9]*\] //'
} >"$results"
grep -q '^# of passed' "$results" || die "no ftracetest summary in $out"
# The seconds of each test, the longest first.
awk '{ t = $1 } /^[0-9.]+ \[[0-9]+\] / { l = $0; sub(/^[^ ]+ \[[0-9]+\] /, "", l)
	printf "%6.1f %s\n", t - prev, l } { prev = t }' "$OUT/runs/$arch-$flavor${variant:+-$variant}-ftracetest$part/stamped" 2>/dev/null |
	sort -rn >"${results%.txt}-times.txt"
grep '^# of ' "$results"
echo "(${secs}s; results: $results)"
if [ -s "${results%.txt}-times.txt" ]; then
	echo "the longest tests, in seconds:"
	head -n 5 "${results%.txt}-times.txt" | sed 's/^/  /'
fi

# Flavor ours is held to its own reference while it lacks features
# (events, function tracing) that later issues add: the tests it passed
# when the reference was taken must keep passing.
ref=$HARNESS/reference/ftracetest-upstream-$arch.txt
[ "$flavor" = ours ] && ref=$HARNESS/reference/ftracetest-ours-$arch.txt
if [ "${UPDATE_REF:-0}" = 1 ]; then
	[ "$flavor" != rb ] || die "the reference comes from flavor upstream or ours"
	[ -z "${TESTS:-}" ] || die "the reference comes from a run of every test"
	cp "$results" "$ref"
	say "reference updated: $ref"
	exit 0
fi
[ -f "$ref" ] || exit 0
# A test passing on the reference must pass here; with TESTS, only the
# tests this run ran are compared.
# Tests known to be flaky on upstream too (ftracetest-flaky.txt) are not
# held.
lost=$(compare_ref "$results" "$ref")
if [ -n "$lost" ]; then
	echo "Tests that pass on the reference but not on $flavor:"
	echo "$lost"
	# ftracetest keeps the log of each test that did not pass: their
	# ends, so that a CI run's output says why.
	for f in "$OUT/runs/$arch-$flavor${variant:+-$variant}-ftracetest$part/ftrace-logs"/*-log.*; do
		[ -f "$f" ] || continue
		echo "--- the end of ${f##*/}:"
		tail -n 12 "$f" | sed 's/^/    /'
	done
	exit 1
fi
echo "every test that passes on the reference passes on $flavor"
