# SPDX-License-Identifier: GPL-2.0
# Shared by the tracing benchmarks (bench-fn.sh, bench-fgraph.sh,
# bench-wakeup.sh): the workloads, one guest boot, the runs, medians and
# ratios.
# Sourced after common.sh, never run.

# bench_start NAME: sets results (out/logs/NAME.txt) and work, a directory
# removed on exit, and builds the workloads (harness/guest/fn-syscalls.c
# and wake-pingpong.c, static) into work/fn, which bench_boot hands to the
# guest as /tmp/out/fn.
bench_start() {
	mkdir -p "$OUT/logs" "$OUT/runs"
	results=$OUT/logs/$1.txt
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	mkdir "$work/fn"
	gcc -static -O2 -Wall -o "$work/fn/fn-syscalls" "$HARNESS/guest/fn-syscalls.c" ||
		die "cannot build the workload (static glibc: libc6-dev)"
	gcc -static -O2 -Wall -o "$work/fn/wake-pingpong" "$HARNESS/guest/wake-pingpong.c" ||
		die "cannot build the wakeup workload (static glibc: libc6-dev)"
}

# bench_settings N REPS: runs, n and reps from RUNS (3), BENCH_N (N) and
# BENCH_REPS (REPS), each a positive number; ACCEL (one TCG thread by
# default) exported for guest.sh.
bench_settings() {
	runs=${RUNS:-3}
	n=${BENCH_N:-$1}
	reps=${BENCH_REPS:-$2}
	export ACCEL=${ACCEL:-tcg,thread=single}
	bench_positive RUNS "$runs" BENCH_N "$n" BENCH_REPS "$reps"
}

bench_positive() { # NAME VALUE...: each VALUE must be a positive number
	while [ $# -ge 2 ]; do
		case $2 in '' | *[!0-9]* | 0) die "$1 must be a positive number, not '$2'" ;; esac
		shift 2
	done
}

median() { # numbers on stdin
	sort -n | awk '{ v[NR] = $1 }
		END { if (NR == 0) exit 1
		      if (NR % 2) print v[(NR + 1) / 2]
		      else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ratio() { # A B: A/B to three places, "-" when B is not above 0
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }'
}

# fig KERNEL FIGURE: the median over runs of the rows in $rows, which are
# "KERNEL RUN FIGURE VALUE".
fig() {
	awk -v k="$1" -v f="$2" '$1 == k && $3 == f { print $4 }' "$rows" | median
}

# bench_medians PREFIX LOG FIGURE...: "FIGURE MEDIAN" for each FIGURE the
# guest printed in LOG as "PREFIX: FIGURE VALUE" lines (none for a figure
# it did not print).
bench_medians() {
	local prefix=$1 log=$2 f v
	shift 2
	for f in "$@"; do
		v=$(awk -v p="$prefix:" -v f="$f" '$1 == p && $2 == f { print $3 }' "$log" |
			median) || continue
		echo "$f $v"
	done
}

# bench_boot ARCH KERNEL NAME HEADER SCRIPT WORKDIR LOG: boots KERNEL
# (FLAVOR[:VARIANT]) to run SCRIPT with the line HEADER (its variables) and
# harness/guest/bench-lib.sh put above it and WORKDIR/fn copied in, one run directory
# out/runs/ARCH-FLAVOR[-VARIANT]-NAME, which gets the guest's output (LOG)
# as guest.log. Sets bench_run to that directory; returns guest.sh's exit
# status. QEMU_ARGS and ACCEL reach guest.sh from the environment.
bench_boot() {
	local arch=$1 k=$2 name=$3 header=$4 script=$5 work=$6 log=$7 f v rc=0
	f=${k%%:*} v=$(echo "$k" | sed -n 's/.*://p')
	{
		echo "$header"
		cat "$HARNESS/guest/bench-lib.sh" "$script"
	} >"$work/cmd.sh"
	"$HARNESS/guest.sh" -a "$arch" -f "$f" ${v:+-v "$v"} -n "$name" -t 900 \
		-d "$work/fn" "$work/cmd.sh" >"$log" 2>&1 || rc=$?
	bench_run=$OUT/runs/$arch-$f${v:+-$v}-$name
	cp "$log" "$bench_run/guest.log" 2>/dev/null || true
	return "$rc"
}

# bench_runs NAME GUEST "FIGURES" "EXTRAS": boots each of $kernels in turn,
# $runs times, to run the guest command GUEST (with BENCH_N=$n and
# BENCH_REPS=$reps), and adds each guest's medians of its "NAME: FIGURE
# VALUE" lines to $rows as "KERNEL RUN FIGURE VALUE"; every one of FIGURES
# must be there (EXTRAS may not). Records each boot's kernel checksum in
# $work/images and sets secs to the time taken.
bench_runs() {
	local name=$1 guest=$2 figures=$3 extras=$4 i k sum log rc f start
	: >"$rows"
	: >"$work/images"
	start=$(date +%s)
	for i in $(seq 1 "$runs"); do
		for k in $kernels; do
			sum=$(md5sum <"$(build_dir "$k" "$arch" "")/$IMAGE" | cut -c1-12)
			log=$work/guest-$k-$i.log
			rc=0
			bench_boot "$arch" "$k" "$name-$i" "BENCH_N=$n BENCH_REPS=$reps" \
				"$guest" "$work" "$log" || rc=$?
			if [ "$rc" != 0 ]; then
				grep -a "$name: FAIL\|HARNESS FAIL" "$log" >&2 || tail -n 20 "$log" >&2
				die "run $i of $k failed (exit $rc); see $bench_run/"
			fi
			echo "$k $i $sum" >>"$work/images"
			# shellcheck disable=SC2086
			bench_medians "$name" "$log" $figures $extras |
				sed "s/^/$k $i /" >>"$rows"
			for f in $figures; do
				grep -q "^$k $i $f " "$rows" || die "run $i of $k: no figure $f (see $bench_run/)"
			done
			echo "run $i, $k: $(awk -v k="$k" -v i="$i" '$1 == k && $2 == i { printf "%s %s  ", $3, $4 }' "$rows")"
		done
	done
	secs=$(($(date +%s) - start))
}

# bench_images: the summary's lines on each kernel's checksums.
bench_images() {
	local k
	for k in $kernels; do
		echo "# $k kernel md5 (first 12): $(awk -v k="$k" '$1 == k { print $3 }' "$work/images" | sort -u | tr '\n' ' ')"
		[ "$(awk -v k="$k" '$1 == k { print $3 }' "$work/images" | sort -u | wc -l)" = 1 ] ||
			echo "# WARNING: $k's kernel changed between runs"
	done
}

# bench_table FIGURE...: the table of the summary: each FIGURE's median
# over runs for upstream and ours, and ours/upstream.
bench_table() {
	local f up ours
	printf '%-16s %12s %12s %14s\n' figure upstream ours ours/upstream
	for f; do
		up=$(fig upstream "$f") || die "no upstream figure $f"
		ours=$(fig ours "$f") || die "no ours figure $f"
		printf '%-16s %12s %12s %14s\n' "$f" "$up" "$ours" "$(ratio "$ours" "$up")"
	done
}

# bench_kernels_have SYMBOL WHAT: each of $kernels is built for $arch
# with CONFIG_SYMBOL=y (WHAT names it in the error).
bench_kernels_have() {
	local f b
	for f in $kernels; do
		b=$(build_dir "$f" "$arch" "")
		[ -f "$b/$IMAGE" ] ||
			die "no kernel $b/$IMAGE: build it first (harness/build.sh $f $arch)"
		grep -q "^CONFIG_$1=y" "$b/.config" || die "$f has no $2 ($b/.config)"
	done
}

# bench_insn_settings N: insn from INSN (1: count too, 0: do not, only:
# count only) and insn_n from INSN_N (default N), checked.
bench_insn_settings() {
	insn=${INSN:-1}
	insn_n=${INSN_N:-$1}
	bench_positive INSN_N "$insn_n"
	case $insn in 0 | 1 | only) ;; *) die "INSN: 0, 1 or only" ;; esac
}

# An awk function for the counted runs: med(a, b, c), the median of three.
AWK_MED3='function med(a, b, c) { return a + b + c - (a > b ? (a > c ? a : c) : (b > c ? b : c)) - (a < b ? (a < c ? a : c) : (b < c ? b : c)) }'

# bench_guard: exit 1, naming them, if a figure of $guarded has its
# ratio ours/upstream above 1 (or none) in $results, the summary.
bench_guard() {
	local f r over=
	for f in $guarded; do
		r=$(awk -v f="$f" '$1 == f && NF == 4 { print $4 }' "$results")
		awk -v r="$r" 'BEGIN { exit !(r == "" || r == "-" || r > 1) }' && over="$over $f"
	done
	if [ -n "$over" ]; then
		echo "ours costs more than upstream:$over" >&2
		exit 1
	fi
}

# bench_insn_boot KERNEL NAME HEADER GUEST N: boot KERNEL once under the
# instruction counter to run the guest command GUEST (its variables in
# HEADER), as run directory NAME; its counts but the first (the guest's
# warm-up loop) go to $work/counts, which must then hold N lines.
bench_insn_boot() {
	local k=$1 log rc=0
	log=$work/guest-$k-insn.log
	QEMU_ARGS="-plugin $work/insn-count.so -d plugin" \
		bench_boot "$arch" "$k" "$2" "$3" "$4" "$work" "$log" || rc=$?
	[ "$rc" = 0 ] || die "the counted run of $k failed (exit $rc); see $bench_run/"
	tr -d '\r' <"$bench_run/console.log" | grep -a '^insn-count: ' | tail -n +2 >"$work/counts"
	[ "$(wc -l <"$work/counts")" = "$5" ] ||
		die "the counted run of $k: not $(($5 + 1)) counts (see $bench_run/console.log)"
}

# bench_insn_plugin: with insn other than 0, build the instruction
# counter (harness/qemu-plugin/insn-count.c) as $work/insn-count.so.
bench_insn_plugin() {
	[ "$insn" != 0 ] || return 0
	gcc -shared -fPIC -O2 -Wall -fvisibility=hidden -o "$work/insn-count.so" \
		"$HARNESS/qemu-plugin/insn-count.c" ||
		die "cannot build the instruction counter (INSN=0 skips it)"
}
