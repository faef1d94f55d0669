#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Ring buffer throughput: upstream's ring_buffer_benchmark module (built
# from the base tree by each flavor, linked against that flavor's ring
# buffer) on flavor upstream and on flavor rb, x86-64 guests. The flavors
# boot alternately (upstream, rb, upstream, rb...), RUNS times each, so
# that a change in the host's load hits both alike. Each guest collects the
# module's first two reports: the consumer reads by events on the first
# 10 s run and by pages on the second.
#
# The figure compared is the producer's "ns per entry", the first such
# line of a report: 1 ms / (successful writes per ms). The module prints a
# second one only when some reservations failed (Missed > 0): 1 ms /
# (writes + failed reservations per ms), the cost of one attempt; it is in
# the table as "ns/try", not compared. The target is rb/upstream <= 0.8 on
# the median ns per entry with the consumer reading by events; missing it
# is reported, not an error. The exit status is nonzero only when a build,
# a guest or a report failed.
#
# Results: the tables on stdout and in out/logs/bench-rb.txt; each guest's
# run directory is out/runs/x86_64-FLAVOR-bench-rb-N (bench-trace.txt is
# the module's raw trace output).
# Environment: RUNS (3 per flavor), ACCEL (tcg, as guest.sh), BENCH_WAIT
# (seconds a guest waits for the two reports, 120), NO_BUILD=1 (use the
# kernels as built).
# Usage: bench-rb.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

arch=x86_64
flavors="upstream rb"
runs=${RUNS:-3}
wait=${BENCH_WAIT:-120}
target=0.8
export ACCEL=${ACCEL:-tcg}
case $runs in '' | *[!0-9]* | 0) die "RUNS must be a positive number" ;; esac
case $wait in '' | *[!0-9]*) die "BENCH_WAIT must be a number of seconds" ;; esac

if [ "${NO_BUILD:-0}" != 1 ]; then
	for f in $flavors; do
		"$HARNESS/build.sh" "$f" "$arch"
	done
fi
for f in $flavors; do
	ko=$(build_dir "$f" "$arch")/kernel/trace/ring_buffer_benchmark.ko
	[ -f "$ko" ] || die "no $ko (CONFIG_RING_BUFFER_BENCHMARK=m in harness/configs/tracing.config?)"
done

mkdir -p "$OUT/logs"
results=$OUT/logs/bench-rb.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmd=$work/cmd.sh
{
	echo "BENCH_WAIT=$wait BENCH_REPORTS=2"
	cat "$HARNESS/guest/bench-rb-guest.sh"
} >"$cmd"
# One line per report: run flavor mode ns ns/try hit missed overruns read
# entries load vms: the host's 1-minute load average and its number of
# QEMU processes (other guests) just before the boot.
rows=$work/rows
: >"$rows"

# parse RUN FLAVOR LOAD VMS TRACE: the reports of one guest's trace, as rows.
parse() {
	awk -v run="$1" -v flavor="$2" -v load="$3" -v vms="$4" '
	function field(   s) { s = $0; sub(/^[^:]*: */, "", s); return s + 0 }
	{ sub(/^.*[0-9]\.[0-9]+: [A-Za-z0-9_.]+: /, "") }
	/^Time: /     { n++; ns[n] = ""; try[n] = "-" }
	n == 0        { next }
	/^Overruns: / { ovr[n] = field() }
	/^Read: /     { rd[n] = field(); mode[n] = $0
			sub(/.*\(by /, "", mode[n]); sub(/\).*/, "", mode[n]) }
	/^Entries: /  { ent[n] = field() }
	/^Missed: /   { mis[n] = field() }
	/^Hit: /      { hit[n] = field() }
	/^[0-9]+ ns per entry$/ {
		# The first is per successful write; a second (only when
		# Missed > 0) is per attempt, failed reservations included.
		if (ns[n] == "") ns[n] = $1 + 0; else try[n] = $1 + 0
	}
	END {
		for (i = 1; i <= n; i++) {
			if (ns[i] == "" || mode[i] == "" || hit[i] == "")
				continue
			print run, flavor, mode[i], ns[i], try[i], hit[i],
			      mis[i], ovr[i], rd[i], ent[i], load, vms
		}
	}' "$5"
}

table() { # rows on stdin
	printf '%-4s %-9s %-7s %9s %7s %10s %8s %10s %10s %8s %6s %4s\n' \
		run flavor read-by ns/entry ns/try hit missed overruns read entries load vms
	awk '{ printf "%-4s %-9s %-7s %9s %7s %10s %8s %10s %10s %8s %6s %4s\n",
		$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 }'
}

median() { # FLAVOR MODE: the median ns per entry of those rows
	awk -v f="$1" -v m="$2" '$2 == f && $3 == m { print $4 }' "$rows" |
		sort -n | awk '{ v[NR] = $1 }
		END { if (NR == 0) exit 1
		      if (NR % 2) print v[(NR + 1) / 2]
		      else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

start=$(date +%s)
say "ring buffer benchmark: $runs runs per flavor, alternating, $arch, accel $ACCEL"
for i in $(seq 1 "$runs"); do
	for f in $flavors; do
		name=bench-rb-$i
		run=$OUT/runs/$arch-$f-$name
		load=$(cut -d' ' -f1 /proc/loadavg)
		vms=$(pgrep -c qemu-system || true)
		log=$work/guest-$f-$i.log
		rc=0
		"$HARNESS/guest.sh" -a "$arch" -f "$f" -n "$name" -t $((wait + 240)) \
			"$cmd" >"$log" 2>&1 || rc=$?
		cp "$log" "$run/guest.log" 2>/dev/null || true
		if [ "$rc" != 0 ]; then
			grep -a 'bench-rb: FAIL\|HARNESS FAIL' "$log" >&2 || tail -n 20 "$log" >&2
			die "run $i of $f failed (exit $rc); see $run/"
		fi
		parse "$i" "$f" "$load" "$vms" "$run/bench-trace.txt" >"$work/run"
		for m in events pages; do
			grep -q "^$i $f $m " "$work/run" ||
				die "run $i of $f: no report with the consumer reading by $m in $run/bench-trace.txt"
		done
		# The first report by each mode (there is one of each).
		awk '!seen[$3]++' "$work/run" >>"$rows"
		echo
		echo "run $i, $f (before the boot: host load $load, $vms other QEMU guests):"
		awk '!seen[$3]++' "$work/run" | table
	done
done
secs=$(($(date +%s) - start))

summary() {
	echo "# ring_buffer_benchmark, flavors upstream and rb, $arch guests (-smp 2), accel $ACCEL"
	echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), host $(nproc) CPUs, base $BASE_PKG $(cat "$OUT/base/.unpacked" 2>/dev/null || echo '?'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$ROOT" diff --quiet HEAD -- kernel/trace/ring_buffer.c 2>/dev/null || echo ' (ring_buffer.c modified)')"
	echo "# $runs runs per flavor, alternating; ${secs}s; host load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "# ns/entry: the producer's first \"ns per entry\" (per successful write);"
	echo "# ns/try: its second, per attempt, printed only when Missed > 0;"
	echo "# load, vms: the host's 1-minute load average and its number of other"
	echo "# QEMU guests just before the boot."
	echo
	table <"$rows"
	echo
	met=
	for m in events pages; do
		up=$(median upstream "$m") || die "no upstream figures by $m"
		rb=$(median rb "$m") || die "no rb figures by $m"
		ratio=$(awk -v a="$rb" -v b="$up" 'BEGIN { printf "%.3f", a / b }')
		printf 'median ns per entry, read by %-6s: upstream %s, rb %s, rb/upstream %s\n' \
			"$m" "$up" "$rb" "$ratio"
		[ "$m" = events ] || continue
		if awk -v r="$ratio" -v t="$target" 'BEGIN { exit !(r <= t) }'; then
			met="TARGET MET: rb/upstream $ratio <= $target with the consumer reading by events"
		else
			met="TARGET NOT MET: rb/upstream $ratio > $target with the consumer reading by events"
		fi
	done
	echo "$met"
}
echo
summary | tee "$results"
echo "(results: $results)"
