#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench: the three benchmarks in turn (bench-rb.sh, bench-fn.sh,
# bench-fgraph.sh), then each of their ratios against the same ratio in
# the last figures recorded, harness/reference/bench-NAME-x86_64.txt.
#
# A ratio is ours over upstream (rb over upstream for the ring buffer,
# and ours over its nofn twin for "compiled in but off"), a cost: lower
# is better. It is computed as the benchmark's own table does, from the
# median over runs of each kernel's figure. Beside it goes its spread:
# the lowest and highest ratio of one run (run i of ours over run i of
# upstream, booted one after the other), which is how far the host's
# load and TCG moved it this time. A ratio that got worse than the
# recorded one by more than BENCH_TOLERANCE per cent (5) is a
# REGRESSION; the spreads of both, side by side, tell whether the change
# is beyond the noise (the ranges do not overlap) or within it. The
# instruction counts of bench-fn (off over nofn, and per traced call
# ours over upstream) move by no noise and have no spread: a timed ratio
# that regressed while its count did not is TCG's doing, not the code's.
#
# Not part of make check: the timings need a machine that runs nothing
# else. Record new reference figures (RECORD=1, which copies the results
# over harness/reference/bench-*-x86_64.txt) with each landing that
# touches the write path, the trampolines or the patching.
#
# Environment: BENCHES ("rb fn fgraph", any of them), RUNS (4), NO_BUILD
# (1: the kernels as built), BENCH_TOLERANCE (per cent, 5), RECORD (1:
# record the results as the new reference figures), COMPARE_ONLY (1: run
# nothing, compare out/logs/bench-*.txt with the reference). The other
# variables of each benchmark reach it (ACCEL, BENCH_N, ...).
# Exit status: 1 if a benchmark failed or a ratio regressed, else 0.
# Usage: bench.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"
. "$HARNESS/bench-lib.sh"

arch=x86_64
benches=${BENCHES:-rb fn fgraph}
tol=${BENCH_TOLERANCE:-5}
export RUNS=${RUNS:-4}
bench_positive RUNS "$RUNS" BENCH_TOLERANCE "$tol"
for b in $benches; do
	case $b in rb | fn | fgraph) ;; *) die "BENCHES: rb, fn or fgraph, not '$b'" ;; esac
done

# kernels NAME: what benchmark NAME boots, as FLAVOR[:VARIANT].
kernels() {
	case $1 in
	rb) echo upstream rb ;;
	fn) echo upstream ours upstream:nofn ours:nofn ;;
	fgraph) echo upstream ours ;;
	esac
}

# rows NAME FILE: a benchmark's results as "KERNEL RUN FIGURE VALUE", one
# a guest and figure; the instruction counts of bench-fn as
# "KERNEL 0 FIGURE VALUE" (insns, insns-nop5, insns-one...).
rows() {
	case $1 in
	rb)	# the table: run flavor read-by ns/entry ...
		awk '$1 ~ /^[0-9]+$/ && NF >= 4 && $4 ~ /^[0-9.]+$/ {
			print $2, $1, $3, $4 }' "$2" ;;
	fn | fgraph)
		sed -n '/^# every guest.s medians/,$s/^# //p' "$2" |
			awk 'NF == 4 && $2 ~ /^[0-9]+$/'
		[ "$1" = fn ] || return 0
		awk '$1 ~ /^insns/ && NF == 5 {
			split("upstream ours upstream:nofn ours:nofn", k)
			for (i = 1; i <= 4; i++)
				if ($(i + 1) != "-")
					print k[i], 0, $1, $(i + 1) }' "$2" ;;
	esac
}

# guards NAME: the ratios guarded, "FIGURE KERNEL BASE" (KERNEL's figure
# over BASE's).
guards() {
	case $1 in
	rb) printf '%s rb upstream\n' events pages ;;
	fn)	# Compiled in but off is guarded counted, not timed: under TCG
		# the time of the same instructions moves with where the
		# process lands (README, Figures).
		printf '%s ours upstream\n' one two all enable disable
		echo "insns-nop5 ours ours:nofn"
		printf '%s ours upstream\n' insns-one insns-two insns-all ;;
	fgraph)	printf '%s ours upstream\n' one all all-call enable disable \
			one-enable one-disable ;;
	esac
}

# ratios NAME FILE: "FIGURE/KERNEL/BASE RATIO MIN MAX" for each guard
# ("-" for MIN and MAX without runs to compare).
ratios() {
	local name=$1 file=$2 f k b a c lo hi table
	table=$(mktemp)
	rows "$name" "$file" >"$table"
	while read -r f k b; do
		a=$(awk -v k="$k" -v f="$f" '$1 == k && $3 == f { print $4 }' "$table" | median) ||
			continue
		c=$(awk -v k="$b" -v f="$f" '$1 == k && $3 == f { print $4 }' "$table" | median) ||
			continue
		# Run by run: run i of KERNEL over run i of BASE.
		read -r lo hi < <(awk -v k="$k" -v b="$b" -v f="$f" '
			$3 != f || $2 == 0 { next }
			$1 == k { x[$2] = $4 }
			$1 == b { y[$2] = $4 }
			END {
				for (i in x)
					if ((i in y) && y[i] > 0) {
						r = x[i] / y[i]
						if (n++ == 0 || r < lo) lo = r
						if (n == 1 || r > hi) hi = r
					}
				if (n) printf "%.3f %.3f\n", lo, hi
				else print "- -"
			}' "$table")
		echo "$f/$k/$b $(ratio "$a" "$c") $lo $hi"
	done < <(guards "$name")
	rm -f "$table"
}

if [ "${COMPARE_ONLY:-0}" != 1 ]; then
	if [ "${NO_BUILD:-0}" != 1 ]; then
		for b in $benches; do kernels "$b"; done | tr ' ' '\n' | sort -u |
			while read -r k; do
				"$HARNESS/build.sh" "${k%%:*}" "$arch" \
					"$(echo "$k" | sed -n 's/.*://p')" </dev/null
			done
	fi
	for b in $benches; do
		say "bench-$b, $RUNS runs"
		NO_BUILD=1 "$HARNESS/bench-$b.sh" || die "bench-$b failed"
	done
fi

# compare NAME: one line a guard, its verdict last.
compare() {
	local name=$1 now=$OUT/logs/bench-$1.txt ref=$HARNESS/reference/bench-$1-$arch.txt
	local key r lo hi rr rlo rhi verdict
	[ -f "$now" ] || die "no results $now (run make bench-$name)"
	if [ ! -f "$ref" ]; then
		echo "bench-$name: no reference figures ($ref): nothing to compare"
		return 0
	fi
	echo "bench-$name: $(sed -n 2p "$now" | sed 's/^# //')"
	echo "  against:  $(sed -n 2p "$ref" | sed 's/^# //')"
	ratios "$name" "$ref" >"$work/ref"
	while read -r key r lo hi; do
		read -r rr rlo rhi < <(awk -v k="$key" '$1 == k { print $2, $3, $4 }' "$work/ref") || true
		if [ -z "${rr:-}" ]; then
			verdict="new"
			rr=- rlo=- rhi=-
		elif awk -v a="$r" -v b="$rr" -v t="$tol" 'BEGIN { exit !(a > b * (1 + t / 100)) }'; then
			verdict=REGRESSION
		elif awk -v a="$r" -v b="$rr" -v t="$tol" 'BEGIN { exit !(a < b * (1 - t / 100)) }'; then
			verdict=better
		else
			verdict=same
		fi
		printf '  %-28s %6s %-13s now %6s %-13s %7s %s\n' "$key" \
			"$rr" "$(spread "$rlo" "$rhi")" "$r" "$(spread "$lo" "$hi")" \
			"$(awk -v a="$r" -v b="$rr" 'BEGIN { if (b > 0) printf "%+.1f%%", (a / b - 1) * 100 }')" \
			"$verdict"
		rr=
	done < <(ratios "$name" "$now")
}

spread() { # LO HI
	if [ "$1" = - ]; then echo "(one count)"; else echo "($1-$2)"; fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
	echo "# make bench: ratios (lower is better), the recorded one and now, each"
	echo "# with its spread over runs (lowest-highest ratio of one run);"
	echo "# REGRESSION: worse than recorded by more than $tol%."
	for b in $benches; do
		echo
		compare "$b"
	done
} | tee "$OUT/logs/bench.txt"
status=0
grep -q ' REGRESSION$' "$OUT/logs/bench.txt" && status=1
if [ "${RECORD:-0}" = 1 ]; then
	for b in $benches; do
		cp "$OUT/logs/bench-$b.txt" "$HARNESS/reference/bench-$b-$arch.txt"
		say "recorded harness/reference/bench-$b-$arch.txt"
	done
fi
exit "$status"
