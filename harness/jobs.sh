# SPDX-License-Identifier: GPL-2.0
# A small job scheduler for make check and make check-reference: jobs
# with a weight and dependencies, run in the background as many at a
# time as their weights fit in JOB_CAP (the number of cores). Sourced,
# never run; the caller sets -u and defines the functions its jobs call.
#
#   job NAME WEIGHT DEPS CMD...   declare a job (in priority order)
#   run_jobs                      run them all; prints each job's output
#                                 as it ends, then the job table
#
# WEIGHT is the cores a job keeps busy: 1 for a host test or a guest on
# one TCG thread, 2 for a build run alone; with a "g" after it (1g, 2g)
# the job is a guest boot. "hg" is a guest that keeps half a core busy:
# one that sleeps through much of its run, as upstream's ftracetest does
# (a part of it used 0.6 of a core in the make check of 72b77b7, a fn
# boot 0.85), so that two of them and a guest of weight 1 share the two
# cores, three TCG threads. "m" (1m) marks a multi-threaded guest: a guest
# as "g" is, of which only one runs at a time. Its weight is 1 although
# it has two vCPUs: a suite has both busy only in its race tests (in the
# make check of 8ce6f69, x86-64's main suite used 373 CPU seconds in
# 524 s, 0.7 of a core), so a guest on one TCG thread shares the two
# cores with it, three threads at most. A job is started as soon as its
# dependencies (job names, space-separated) have ended well and its
# weight fits: first the host jobs, in declaration order, then the
# guests, in declaration order. A job that needs more cores than are
# free holds back the jobs of its kind declared after it, so that a heavy
# job is not starved by a stream of light ones. A job whose dependency
# failed is not run and counts as a failure. A failing job does not stop
# the others.
#
# Why guests come last: on this project's machine (a PVM guest) a TCG
# guest beside a kernel build with a warm ccache ran 70% slower (98 s
# alone, 98 s beside a busy loop, 166 s beside the build): Kbuild's
# thousands of short processes, not their CPU time, slow it. So the host
# jobs, builds first, run before the boots wherever their dependencies
# allow; a guest starts on a core they leave idle.
#
# Results: a job's functions call res_pass, res_fail and res_skip (below),
# which print the PASS/FAIL line and count it in the job's result file;
# the caller adds up every job's counts with res_totals. A job that exits
# non-zero without recording a failure gets one.

JOB_CAP=${JOB_CAP:-$(nproc)}
J_NAMES=()
# J_W: a job's weight in half cores (JOB_CAP * 2 of them in all).
declare -A J_W J_SPEC J_G J_M J_DEPS J_CMD J_STATE J_T0 J_T1 J_PID
JOB_DIR=
JOB_START=

job() {
	local n=$1 w=${2%[gm]} d=$3
	case " ${J_NAMES[*]-} " in *" $n "*) die "job $n declared twice" ;; esac
	case $2 in
	hg) w=1 ;;
	[1-9] | [1-9][0-9] | [1-9][gm] | [1-9][0-9][gm]) w=$((w * 2)) ;;
	*) die "job $n: weight '$2' (N, Ng, Nm or hg)" ;;
	esac
	J_G[$n]= J_M[$n]= J_SPEC[$n]=$2
	case $2 in *[gm]) J_G[$n]=g ;; esac
	case $2 in *m) J_M[$n]=m ;; esac
	shift 3
	[ "$w" -le $((JOB_CAP * 2)) ] || w=$((JOB_CAP * 2))
	J_NAMES+=("$n")
	J_W[$n]=$w
	J_DEPS[$n]=$d
	J_CMD[$n]=$(printf '%q ' "$@")
	J_STATE[$n]=wait
}

# The current job's result file (set in each job's subshell).
JOB_RES=/dev/null
res_pass() { printf 'P\t%s\n' "$1" >>"$JOB_RES"; echo "PASS: $1"; }
res_fail() { printf 'F\t%s\n' "$1" >>"$JOB_RES"; echo "FAIL: $1"; }
# res_count PASSED FAILED SKIPPED: counts of a suite (its lines printed
# by the caller); a failure's text goes in with res_failure.
res_count() { printf 'C\t%s %s %s\n' "$1" "$2" "$3" >>"$JOB_RES"; }
res_failure() { printf 'X\t%s\n' "$1" >>"$JOB_RES"; }

# job_start NAME: run it in the background; its output and status land
# in JOB_DIR/NAME.{out,rc,res}.
job_start() {
	local n=$1
	: >"$JOB_DIR/$n.res"
	J_T0[$n]=$(date +%s)
	J_STATE[$n]=run
	(
		JOB_RES=$JOB_DIR/$n.res
		rc=0
		eval "${J_CMD[$n]}" >"$JOB_DIR/$n.out" 2>&1 </dev/null || rc=$?
		# The CPU seconds (user and system) of the job's processes
		# (times, not in a pipeline: a subshell's children are not
		# this shell's).
		times >"$JOB_DIR/$n.times"
		awk 'NR == 2 { for (i = 1; i <= 2; i++) {
			split($i, a, "m"); sub("s", "", a[2]); t += a[1] * 60 + a[2] }
			printf "%d\n", t }' "$JOB_DIR/$n.times" >"$JOB_DIR/$n.cpu"
		if [ "$rc" != 0 ] && ! grep -q '^[FX]' "$JOB_RES"; then
			res_fail "job $n exited $rc" >>"$JOB_DIR/$n.out"
		fi
		echo "$rc" >"$JOB_DIR/$n.rc.tmp"
		mv "$JOB_DIR/$n.rc.tmp" "$JOB_DIR/$n.rc"
	) &
	J_PID[$n]=$!
}

# job_end NAME: print what it said, mark it done or failed.
job_end() {
	local n=$1
	J_T1[$n]=$(date +%s)
	if grep -q '^[FX]' "$JOB_DIR/$n.res"; then
		J_STATE[$n]=failed
	else
		J_STATE[$n]=done
	fi
	echo "-- $n ($((J_T1[$n] - J_T0[$n])) s, ${J_STATE[$n]})"
	cat "$JOB_DIR/$n.out"
}

# deps_state NAME: "ready", "wait", or the first failed dependency.
deps_state() {
	local d s=ready
	for d in ${J_DEPS[$1]}; do
		[ -n "${J_STATE[$d]+x}" ] || die "job $1 depends on unknown job $d"
		case ${J_STATE[$d]} in
		done) ;;
		failed | dropped) echo "$d"; return ;;
		*) s=wait ;;
		esac
	done
	echo "$s"
}

run_jobs() {
	local free=$((JOB_CAP * 2)) mt=0 n left ds kind
	JOB_DIR=${JOB_DIR:?}
	mkdir -p "$JOB_DIR"
	JOB_START=$(date +%s)
	while :; do
		left=0
		for n in "${J_NAMES[@]}"; do
			case ${J_STATE[$n]} in
			run)
				left=1
				if [ -f "$JOB_DIR/$n.rc" ]; then
					wait "${J_PID[$n]}" 2>/dev/null || true
					job_end "$n"
					free=$((free + J_W[$n]))
					[ -z "${J_M[$n]}" ] || mt=0
				fi
				;;
			wait) left=1 ;;
			esac
		done
		[ "$left" = 1 ] || break
		for kind in "" g; do
		for n in "${J_NAMES[@]}"; do
			[ "${J_STATE[$n]}" = wait ] || continue
			[ "${J_G[$n]}" = "$kind" ] || continue
			ds=$(deps_state "$n")
			case $ds in
			wait) continue ;;
			ready) ;;
			*)
				J_STATE[$n]=dropped
				J_T0[$n]=$(date +%s) J_T1[$n]=$(date +%s)
				JOB_RES=$JOB_DIR/$n.res
				: >"$JOB_RES"
				res_fail "$n: not run, $ds failed"
				JOB_RES=/dev/null
				continue
				;;
			esac
			# (one multi-threaded guest at a time)
			[ -z "${J_M[$n]}" ] || [ "$mt" = 0 ] || continue
			if [ "${J_W[$n]}" -le "$free" ]; then
				free=$((free - J_W[$n]))
				[ -z "${J_M[$n]}" ] || mt=1
				job_start "$n"
			elif [ "${J_W[$n]}" -gt 2 ]; then
				break
			fi
		done
		done
		sleep 1
	done
}

# job_table: each job's weight, start and length (s from the first
# start), the CPU seconds its processes used, and how busy the cores
# were: by the weights the scheduler gave, and by the CPU time used.
job_table() {
	local n busy=0 used=0 wall c
	wall=$(($(date +%s) - JOB_START))
	[ "$wall" -gt 0 ] || wall=1
	printf '%-34s %2s %6s %6s %6s  %s\n' job w start secs cpu-s result
	for n in "${J_NAMES[@]}"; do
		[ -n "${J_T0[$n]-}" ] || continue
		c=$(cat "$JOB_DIR/$n.cpu" 2>/dev/null || echo 0)
		printf '%-34s %2s %6s %6s %6s  %s\n' "$n" "${J_SPEC[$n]}" \
			$((J_T0[$n] - JOB_START)) $((J_T1[$n] - J_T0[$n])) "$c" "${J_STATE[$n]}"
		busy=$((busy + J_W[$n] * (J_T1[$n] - J_T0[$n])))
		used=$((used + c))
	done
	echo "cores busy: $((100 * busy / (2 * JOB_CAP * wall)))% of $JOB_CAP x ${wall} s by the weights, $((100 * used / (JOB_CAP * wall)))% by the CPU time the jobs used"
}

# res_totals: "PASSED FAILED SKIPPED" over every job, and the failures'
# lines in JOB_DIR/failures.
res_totals() {
	cat "$JOB_DIR"/*.res 2>/dev/null | awk -F '\t' -v f="$JOB_DIR/failures" '
		$1 == "P" { p++ }
		$1 == "F" { n++; print "  " $2 > f }
		$1 == "X" { print "  " $2 > f }
		$1 == "C" { split($2, c, " "); p += c[1]; n += c[2]; s += c[3] }
		END { printf "%d %d %d\n", p, n, s }'
}

# jobs_report WHAT T0: the job table, the time since T0, the failures;
# sets passed, failed and skipped.
jobs_report() {
	echo "== jobs"
	job_table
	read -r passed failed skipped < <(res_totals)
	echo "== $1 took $(($(date +%s) - $2)) s"
	[ ! -s "$JOB_DIR/failures" ] || { echo "Failures:"; cat "$JOB_DIR/failures"; }
}
