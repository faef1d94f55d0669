#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Function tracing costs, flavor ours side by side with upstream, x86-64
# guests. Each flavor is built twice: as configured, and as variant nofn
# (no function tracing at all). The four kernels boot in turn (upstream,
# ours, upstream-nofn, ours-nofn), RUNS times, so that a change in the
# host's load hits all alike. In each guest harness/guest/bench-fn-guest.sh
# times a getppid() loop (harness/guest/fn-syscalls.c, built here):
#
#   off      ns per syscall, no tracer
#   one      ns per traced call, one ops (the function tracer filtered to
#            the syscall's function): the extra time per syscall
#   two      the same with two ops on the site (top level and instance)
#   all      ns per traced call with every function traced: the extra
#            time per syscall over the records written per syscall
#   enable   ms to start the function tracer on every function
#   disable  ms to stop it
#   built-in off / nofn
#            "off" of the kernel over "off" of its nofn twin: what the
#            compiled-in, unused call sites cost
#
# Each figure is the median of the run medians; the last column is
# ours/upstream. Targets (issue 6): ours/upstream <= 1 for one, two, all,
# enable and disable; off/nofn within 1.01 for ours. A missed target is
# reported, not an error; the exit status is nonzero only when a build,
# a guest or a figure failed.
#
# Results: stdout and out/logs/bench-fn.txt; each guest's run directory is
# out/runs/x86_64-FLAVOR[-nofn]-bench-fn-N.
# Environment: RUNS (3), BENCH_N (syscalls a loop, 100000), BENCH_REPS
# (loops a figure, 5), ACCEL (tcg), NO_BUILD=1 (use the kernels as built).
# Usage: bench-fn.sh
set -euo pipefail
. "$(dirname "$0")/common.sh"

arch=x86_64
runs=${RUNS:-3}
n=${BENCH_N:-100000}
reps=${BENCH_REPS:-5}
export ACCEL=${ACCEL:-tcg}
for v in "$runs" "$n" "$reps"; do
	case $v in '' | *[!0-9]* | 0) die "RUNS, BENCH_N and BENCH_REPS must be positive numbers" ;; esac
done
# kernel = flavor[:variant]
kernels="upstream ours upstream:nofn ours:nofn"

if [ "${NO_BUILD:-0}" != 1 ]; then
	for k in $kernels; do
		"$HARNESS/build.sh" "${k%%:*}" "$arch" "$(echo "$k" | sed -n 's/.*://p')"
	done
fi
for f in upstream ours; do
	grep -q '^CONFIG_FUNCTION_TRACER=y' "$(build_dir "$f" "$arch" "")/.config" ||
		die "$f has no function tracer"
	! grep -q '^CONFIG_FUNCTION_TRACER=y' "$(build_dir "$f" "$arch" nofn)/.config" ||
		die "$f's nofn variant has the function tracer"
done

mkdir -p "$OUT/logs"
results=$OUT/logs/bench-fn.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/fn"
gcc -static -O2 -Wall -o "$work/fn/fn-syscalls" "$HARNESS/guest/fn-syscalls.c" ||
	die "cannot build the workload (static glibc: libc6-dev)"
# rows: kernel run figure value (value: the median of a guest's reps)
rows=$work/rows
: >"$rows"

median() { # numbers on stdin
	sort -n | awk '{ v[NR] = $1 }
		END { if (NR == 0) exit 1
		      if (NR % 2) print v[(NR + 1) / 2]
		      else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# guest_figures RUN KERNEL LOG: the run's medians, as rows.
guest_figures() {
	local i=$1 k=$2 log=$3 fig v off
	for fig in off one-raw two-raw all-raw calls enable disable; do
		v=$(awk -v f="$fig" '$1 == "bench-fn:" && $2 == f { print $3 }' "$log" |
			median) || continue
		echo "$k $i $fig $v"
	done >"$work/one"
	grep -q " off " "$work/one" || die "run $i of $k: no figures (see $log)"
	off=$(awk '$3 == "off" { print $4 }' "$work/one")
	# The differences, against this guest's own "off".
	awk -v off="$off" '
		{ print }
		$3 == "one-raw" { printf "%s %s one %.1f\n", $1, $2, $4 - off }
		$3 == "two-raw" { printf "%s %s two %.1f\n", $1, $2, $4 - off }
		$3 == "all-raw" { raw = $4 }
		$3 == "calls"   { calls = $4 }
		END { if (raw != "" && calls > 0)
			printf "%s %s all %.1f\n", $1, $2, (raw - off) / calls }
	' "$work/one" >>"$rows"
}

start=$(date +%s)
say "function tracing benchmark: $runs runs, $n syscalls x $reps loops a figure, $arch, accel $ACCEL"
for i in $(seq 1 "$runs"); do
	for k in $kernels; do
		f=${k%%:*} v=$(echo "$k" | sed -n 's/.*://p')
		name=bench-fn-$i
		modes=all
		[ "$v" = nofn ] && modes=off
		{
			echo "BENCH_N=$n BENCH_REPS=$reps BENCH_MODES=$modes"
			cat "$HARNESS/guest/bench-fn-guest.sh"
		} >"$work/cmd.sh"
		log=$work/guest-$f-$v-$i.log
		rc=0
		"$HARNESS/guest.sh" -a "$arch" -f "$f" ${v:+-v "$v"} -n "$name" -t 900 \
			-d "$work/fn" "$work/cmd.sh" >"$log" 2>&1 || rc=$?
		run=$OUT/runs/$arch-$f${v:+-$v}-$name
		cp "$log" "$run/guest.log" 2>/dev/null || true
		if [ "$rc" != 0 ]; then
			grep -a 'bench-fn: FAIL\|HARNESS FAIL' "$log" >&2 || tail -n 20 "$log" >&2
			die "run $i of $k failed (exit $rc); see $run/"
		fi
		guest_figures "$i" "$k" "$log"
		echo "run $i, $k: $(awk -v k="$k" -v i="$i" '$1 == k && $2 == i { printf "%s %s  ", $3, $4 }' "$rows")"
	done
done
secs=$(($(date +%s) - start))

fig() { # KERNEL FIGURE: the median over runs
	awk -v k="$1" -v f="$2" '$1 == k && $3 == f { print $4 }' "$rows" | median
}
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }'
}

summary() {
	local f up ours r missed=
	echo "# function tracing costs, upstream and ours, $arch guests (-smp 2), accel $ACCEL"
	echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), host $(nproc) CPUs, commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
	echo "# $runs runs of each kernel in turn; $n getppid() a loop, $reps loops a figure; ${secs}s"
	echo "# function: $(grep -h -m1 'bench-fn: function' "$work"/guest-ours--1.log | cut -d' ' -f3)"
	echo
	printf '%-26s %12s %12s %14s\n' figure upstream ours ours/upstream
	for f in off one two all calls enable disable; do
		up=$(fig upstream "$f") || die "no upstream figure $f"
		ours=$(fig ours "$f") || die "no ours figure $f"
		r=$(ratio "$ours" "$up")
		printf '%-26s %12s %12s %14s\n' "$f" "$up" "$ours" "$r"
		case $f in one | two | all | enable | disable)
			awk -v r="$r" 'BEGIN { exit !(r > 1) }' && missed="$missed $f" ;;
		esac
	done
	for f in upstream ours; do
		r=$(ratio "$(fig "$f" off)" "$(fig "$f:nofn" off)")
		printf '%-26s %12s\n' "built-in off/nofn, $f" "$r"
		[ "$f" = ours ] && awk -v r="$r" 'BEGIN { exit !(r > 1.01) }' &&
			missed="$missed off/nofn"
	done
	echo
	echo "# off: ns per syscall; one, two, all: ns per traced call;"
	echo "# calls: records per syscall with every function traced;"
	echo "# enable, disable: ms for every function."
	if [ -n "$missed" ]; then
		echo "TARGETS NOT MET:$missed"
	else
		echo "TARGETS MET"
	fi
	echo
	echo "# every guest's medians (kernel run figure value):"
	sort -k1,1 -k3,3 -k2,2n "$rows" | sed 's/^/# /'
}
echo
summary | tee "$results"
echo "(results: $results)"
