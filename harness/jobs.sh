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
# one TCG thread, 2 for a multi-threaded guest (both vCPUs run at once)
# or a build run alone. A job is started in declaration order as soon as
# its dependencies (job names, space-separated) have ended well and its
# weight fits; a job that needs more cores than are free holds back the
# jobs declared after it, so that a heavy job is not starved by a stream
# of light ones. A job whose dependency failed is not run and counts as a
# failure. A failing job does not stop the others.
#
# Results: a job's functions call res_pass, res_fail and res_skip (below),
# which print the PASS/FAIL line and count it in the job's result file;
# the caller adds up every job's counts with res_totals. A job that exits
# non-zero without recording a failure gets one.

JOB_CAP=${JOB_CAP:-$(nproc)}
J_NAMES=()
declare -A J_W J_DEPS J_CMD J_STATE J_T0 J_T1 J_PID
JOB_DIR=
JOB_START=

job() {
	local n=$1 w=$2 d=$3
	shift 3
	case " ${J_NAMES[*]-} " in *" $n "*) die "job $n declared twice" ;; esac
	[ "$w" -le "$JOB_CAP" ] || w=$JOB_CAP
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
	local free=$JOB_CAP n left ds
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
				fi
				;;
			wait) left=1 ;;
			esac
		done
		[ "$left" = 1 ] || break
		for n in "${J_NAMES[@]}"; do
			[ "${J_STATE[$n]}" = wait ] || continue
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
			if [ "${J_W[$n]}" -le "$free" ]; then
				free=$((free - J_W[$n]))
				job_start "$n"
			elif [ "${J_W[$n]}" -gt 1 ]; then
				break
			fi
		done
		sleep 1
	done
}

# job_table: each job's weight, start and length (s from the first
# start), and how busy the cores were.
job_table() {
	local n busy=0 wall
	wall=$(($(date +%s) - JOB_START))
	[ "$wall" -gt 0 ] || wall=1
	printf '%-34s %2s %6s %6s  %s\n' job cpu start secs result
	for n in "${J_NAMES[@]}"; do
		[ -n "${J_T0[$n]-}" ] || continue
		printf '%-34s %2s %6s %6s  %s\n' "$n" "${J_W[$n]}" \
			$((J_T0[$n] - JOB_START)) $((J_T1[$n] - J_T0[$n])) "${J_STATE[$n]}"
		busy=$((busy + J_W[$n] * (J_T1[$n] - J_T0[$n])))
	done
	echo "cores busy: $((100 * busy / (JOB_CAP * wall)))% of $JOB_CAP x ${wall} s (by the weights)"
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
