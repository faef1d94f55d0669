#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check's scheduler (harness/jobs.sh), with jobs that sleep:
# - a multi-threaded guest (1m) shares the cores with a guest on one TCG
#   thread (1g), and never runs beside another multi-threaded guest;
# - two half-core guests (hg) and a guest of weight 1 run at once on two
#   cores; on one core the two hg run together, the 1g after them;
# - host jobs start before guests declared ahead of them;
# - a job whose dependency failed is not run, and both count as failed.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# sched CAP NAME DECLARATIONS: run the jobs the snippet declares, with
# span NAME SECONDS logging each job's start and end in $tmp/NAME.log;
# prints "PASSED FAILED SKIPPED".
sched() {
	JOB_CAP=$1 bash -c "set -u
		die() { echo \"die: \$*\" >&2; exit 1; }
		. '$here/harness/jobs.sh'
		JOB_DIR='$tmp/$2'
		span() {
			echo \"\$1 start \$(date +%s.%N)\" >>'$tmp/$2.log'
			sleep \"\$2\"
			echo \"\$1 end \$(date +%s.%N)\" >>'$tmp/$2.log'
		}
		$3
		run_jobs >'$tmp/$2.out'
		res_totals"
}
# at LOG NAME start|end: when it happened
at() { awk -v n="$2" -v e="$3" '$1 == n && $2 == e { print $3 }' "$tmp/$1.log"; }
# before A B: A is earlier than B
before() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

sched 2 mt '
	job m1 1m "" span m1 2
	job m2 1m "" span m2 2
	job g1 1g "" span g1 2' >/dev/null
before "$(at mt g1 start)" "$(at mt m1 end)" ||
	fail "a one-thread guest did not run beside a multi-threaded one: $(tr '\n' ' ' <"$tmp/mt.log")"
before "$(at mt m1 end)" "$(at mt m2 start)" ||
	fail "two multi-threaded guests ran at once: $(tr '\n' ' ' <"$tmp/mt.log")"
echo "1m beside 1g, never beside 1m"

sched 2 half '
	job g1 1g "" span g1 2
	job h1 hg "" span h1 2
	job h2 hg "" span h2 2' >/dev/null
before "$(at half h2 start)" "$(at half g1 end)" && before "$(at half h2 start)" "$(at half h1 end)" ||
	fail "1g, hg and hg did not run at once on two cores: $(tr '\n' ' ' <"$tmp/half.log")"
sched 1 half1 '
	job h1 hg "" span h1 2
	job h2 hg "" span h2 2
	job g1 1g "" span g1 1' >/dev/null
before "$(at half1 h2 start)" "$(at half1 h1 end)" ||
	fail "two hg did not run at once on one core: $(tr '\n' ' ' <"$tmp/half1.log")"
before "$(at half1 h1 end)" "$(at half1 g1 start)" && before "$(at half1 h2 end)" "$(at half1 g1 start)" ||
	fail "a 1g ran beside two hg on one core: $(tr '\n' ' ' <"$tmp/half1.log")"
echo "hg: half a core"

sched 1 order '
	job g2 1g "" span g2 1
	job h2 1 "" span h2 1' >/dev/null
before "$(at order h2 end)" "$(at order g2 start)" ||
	fail "a guest started before the host job: $(tr '\n' ' ' <"$tmp/order.log")"
echo "host jobs before guests"

r=$(sched 2 deps '
	job bad 1 "" false
	job after 1 bad span after 1
	job good 1 "" span good 1')
[ "$r" = "0 2 0" ] || fail "a failed job and its dependent: '$r' (want 0 2 0)"
[ ! -e "$tmp/deps.log" ] || ! grep -q '^after' "$tmp/deps.log" ||
	fail "a job ran although its dependency failed"
grep -q 'after: not run, bad failed' "$tmp/deps.out" || fail "no 'not run' line: $(cat "$tmp/deps.out")"
grep -q '^good end' "$tmp/deps.log" || fail "a failure stopped another job"
echo "a failed dependency: not run, counted"
echo "host-jobs: ok"
