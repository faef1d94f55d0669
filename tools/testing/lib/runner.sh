# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # $nice_cmd, $mutant_*: the runner's
#
# The scaffolding the user-space tests' run-check.sh runners share
# (tools/testing/{ring_buffer,trace_seq,trace_filter}). Sourced, never
# run; POSIX sh (dash runs it in CI). A runner is started by its
# Makefile in its own directory, and uses it so:
#
#	nice_cmd=$1
#	. ../lib/runner.sh
#	check_start .xxcheck		# the log: ./.xxcheck.XXXXXX
#	run "unit test" ./xxunit	# or ok/bad around steps of its own
#	mutant_src=... mutant_bin=... (see mutant) and mutant_build()
#	mutant "NAME" 'SED-EXPR'	# one per broken copy ("teeth")
#	rm -rf .teeth
#	summary xx			# "xx: N passed, N failed"; exits
#
# It provides:
#   $log, $pass, $fail		the step's output and the counters
#   check_start PREFIX		makes $log, removed when the runner exits
#   ok TEXT			"PASS  TEXT", counted
#   bad TEXT [DETAIL]		"FAIL  TEXT", counted, DETAIL below it,
#				then the lines of $log matching $log_grep
#				(an ERE), at most $log_lines of them
#   run NAME CMD...		$nice_cmd CMD must succeed; PASS names the
#				last line of its output ($run_fmt)
#   mutant NAME SED-EXPR	a copy of $mutant_src broken by SED-EXPR,
#				which the unit test must fail
#   summary LABEL [verdict]	the closing line, and exit 0 or 1
# The runner sets $nice_cmd (the command prefix, e.g. "nice -n 5") first.

pass=0
fail=0
log_grep='FAIL|ERROR|error|runtime'
log_lines=8
run_fmt='%s (%s)'

check_start() {
	log=$(mktemp "./$1.XXXXXX")	# in this directory, removed on exit
	trap 'rm -f "$log"' EXIT
}

ok() {
	pass=$((pass + 1))
	printf 'PASS  %s\n' "$1"
}

bad() {
	fail=$((fail + 1))
	printf 'FAIL  %s\n' "$1"
	[ -n "$2" ] && printf '      %s\n' "$2"
	grep -E "$log_grep" "$log" | head -"$log_lines" | sed 's/^/      /'
}

# run NAME CMD...: the command must succeed.
run() {
	name=$1
	shift
	if $nice_cmd "$@" >"$log" 2>&1; then
		# shellcheck disable=SC2059 # the format is the runner's
		ok "$(printf "$run_fmt" "$name" "$(tail -1 "$log")")"
	else
		bad "$name"
	fi
}

# mutant NAME SED-EXPR: $mutant_src broken so, into .teeth/; the test must
# catch it. The runner sets, before its first mutant:
#   mutant_src		the source file the mutants break
#   mutant_bin		the unit test that mutant_build makes from the copy
#   mutant_args		its arguments, if any
#   mutant_timeout	the seconds it may run
#   mutant_caught	a grep BRE for its lines that report a fault caught
#   mutant_noun		what the PASS line's count counts ("failures")
# and defines mutant_build, which builds $mutant_bin under $nice_cmd.
# PASS: the test exits non-zero (not timed out) and reports failures
# (a mutant that corrupts memory may also crash after they were caught).
mutant() {
	name=$1
	copy=.teeth/${mutant_src##*/}
	: >"$log"
	mkdir -p .teeth
	sed -e "$2" "$mutant_src" >"$copy"
	if cmp -s "$mutant_src" "$copy"; then
		bad "teeth: $name" "the edit did not apply: update run-check.sh"
		return
	fi
	rm -f "$mutant_bin"
	if ! mutant_build >"$log" 2>&1; then
		bad "teeth: $name" "the broken copy did not build"
		return
	fi
	# shellcheck disable=SC2086 # mutant_args is a list of words
	timeout "$mutant_timeout" "$mutant_bin" $mutant_args >"$log" 2>&1
	rc=$?
	if [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q "$mutant_caught" "$log"; then
		ok "teeth: $name ($(grep -c "$mutant_caught" "$log") $mutant_noun)"
	else
		bad "teeth: $name" "expected failed checks, got exit $rc"
	fi
}

# summary LABEL [verdict]: "LABEL: P passed, F failed" (with verdict:
# "LABEL: PASS (P passed, F failed)", or FAIL); exits 1 if a step failed.
summary() {
	counts="$pass passed, $fail failed"
	if [ "$2" = verdict ]; then
		if [ $fail -eq 0 ]; then
			counts="PASS ($counts)"
		else
			counts="FAIL ($counts)"
		fi
	fi
	echo "$1: $counts"
	[ $fail -eq 0 ] && exit 0
	exit 1
}
