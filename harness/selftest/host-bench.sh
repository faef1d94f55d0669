#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench's guard (harness/bench.sh, COMPARE_ONLY=1), on the recorded
# figures themselves: each compared with itself is "same" everywhere and
# passes; with ours made 10% slower in one figure of one run set, that
# ratio and no other is a REGRESSION and make bench fails; 10% faster is
# "better" and passes; 4% slower is within the tolerance; a count of
# instructions 6% higher regresses too.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$tmp/logs"
benches=
for b in rb fn fgraph; do
	f=$here/harness/reference/bench-$b-x86_64.txt
	[ -f "$f" ] || continue
	cp "$f" "$tmp/logs/bench-$b.txt"
	benches="$benches $b"
done
case $benches in *fn*) ;; *) fail "no recorded bench-fn figures" ;; esac

guard() { # the guard's output in $tmp/out, its status returned
	OUT=$tmp COMPARE_ONLY=1 BENCHES="$benches" bash "$here/harness/bench.sh" \
		>"$tmp/out" 2>&1
}

# scale FIGURE KERNEL FACTOR: KERNEL's rows of FIGURE in bench-fn's
# results times FACTOR (the rows the ratios are computed from).
scale() {
	awk -v f="$1" -v k="$2" -v x="$3" '
		$1 == "#" && $2 == k && $4 == f && NF == 5 { $5 = sprintf("%.1f", $5 * x) }
		$1 == "insns-nop5" && NF == 5 && f == "insns-nop5" { $3 = sprintf("%.2f", $3 * x) }
		{ print }' "$here/harness/reference/bench-fn-x86_64.txt" >"$tmp/logs/bench-fn.txt"
}

guard || { cat "$tmp/out"; fail "the recorded figures against themselves failed"; }
n=$(grep -c ' same$' "$tmp/out") || true
[ "$n" -ge 9 ] || { cat "$tmp/out"; fail "only $n ratios compared the same"; }
! grep -q ' REGRESSION$\| better$' "$tmp/out" || { cat "$tmp/out"; fail "a verdict other than same"; }
echo "ok: the recorded figures against themselves: $n ratios the same"

scale two ours 1.10
if guard; then cat "$tmp/out"; fail "ours 10% slower with two ops passed"; fi
grep -q '^  two/ours/upstream .* REGRESSION$' "$tmp/out" ||
	{ cat "$tmp/out"; fail "two ops 10% slower is not reported"; }
[ "$(grep -c ' REGRESSION$' "$tmp/out")" = 1 ] ||
	{ cat "$tmp/out"; fail "more than the one ratio reported"; }
echo "ok: two ops 10% slower: $(grep '^  two/' "$tmp/out" | tr -s ' ')"

scale enable ours 0.90
guard || { cat "$tmp/out"; fail "ours 10% faster to enable failed"; }
grep -q '^  enable/ours/upstream .* better$' "$tmp/out" ||
	{ cat "$tmp/out"; fail "enable 10% faster is not better"; }
echo "ok: enable 10% faster is better"

scale all ours 1.04
guard || { cat "$tmp/out"; fail "4% slower with every function failed"; }
grep -q '^  all/ours/upstream .* same$' "$tmp/out" ||
	{ cat "$tmp/out"; fail "4% is not within the tolerance"; }
echo "ok: 4% slower is within the 5% tolerance"

scale insns-nop5 ours 1.06
if guard; then cat "$tmp/out"; fail "6% more instructions passed"; fi
grep -q '^  insns-nop5/ours/ours:nofn .* REGRESSION$' "$tmp/out" ||
	{ cat "$tmp/out"; fail "6% more instructions not reported"; }
echo "ok: 6% more instructions off over nofn is a regression"
