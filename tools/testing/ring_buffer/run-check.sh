#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs the stress binaries for `make check`, `make check-teeth` and
# `make soak`. Usage: run-check.sh NICE MODE SEEDOPT
#   MODE  SECONDS	check: each binary for SECONDS, then the teeth
#         teeth		only the fault-injection runs, which must FAIL
#         soak:SECONDS	long runs of every binary, SECONDS in total
# Prints one PASS/FAIL line per step and a summary; exits 1 on failure.

nice_cmd=$1
mode=$2
seed=$3
# shellcheck source=../lib/runner.sh
. ../lib/runner.sh
check_start .rbcheck
log_grep='FAIL|ERROR|runtime error|ring buffer:'
log_lines=5

now() { date +%s; }

# step NAME EXPECT SECONDS CMD...: EXPECT is "pass" or a pattern the
# failure message must match.
step() {
	name=$1 expect=$2 secs=$3
	shift 3
	t0=$(now)
	timeout $((secs + 60)) $nice_cmd "$@" >"$log" 2>&1
	rc=$?
	t=$(($(now) - t0))
	if { [ "$expect" = pass ] && [ $rc -eq 0 ]; } ||
	   { [ "$expect" != pass ] && [ $rc -eq 1 ] &&
	     grep -q -- "$expect" "$log"; }; then
		ok "$(printf '%-34s %3ds' "$name" "$t")"
	else
		hung=
		[ $rc -eq 124 ] && hung="(timed out: hung?)"
		bad "$(printf '%-34s %3ds (exit %d)' "$name" "$t" "$rc")" "$hung"
		[ "$expect" = pass ] || echo "      expected a failure matching: $expect"
	fi
}

teeth() {
	# Each injected fault must make the stress test fail, saying why.
	step "teeth: corrupted payload" "checksum mismatch" 3 ./rbstress -q -d 3 -F corrupt $seed
	step "teeth: uncounted record" "written .* != read" 3 ./rbstress -q -d 3 -F skip $seed
	step "teeth: reused sequence number" "order lost" 3 ./rbstress -q -d 3 -F order $seed
	step "teeth: wrong time in payload" "writer was given" 3 ./rbstress -q -d 3 -F ts $seed
}

case $mode in
teeth)
	teeth
	;;
soak:*)
	s=${mode#soak:}
	p=$((s * 2 / 5)) q=$((s / 5))
	[ $p -lt 1 ] && p=1
	[ $q -lt 1 ] && q=1
	step "rbstress, 3 CPUs, ${p}s" pass $p ./rbstress -q -n 3 -d $p $seed
	step "rbstress-cpu, 2 CPUs, ${q}s" pass $q ./rbstress-cpu -q -d $q $seed
	step "rbstress-asan, 2 CPUs, ${q}s" pass $q ./rbstress-asan -q -d $q $seed
	step "rbstress-ubsan, 3 CPUs, ${q}s" pass $q ./rbstress-ubsan -q -n 3 -d $q $seed
	;;
*)
	s=$mode
	step "rbunit: API edge cases (ASan+UBSan)" pass 5 ./rbunit
	step "rbunit-arch: 64K pages, NMI-unsafe" pass 5 env RBUNIT_FUZZ_SEEDS=1000 ./rbunit-arch
	step "256K pages stop the build" pass 30 make -s check-page-bits
	step "rbstress, 2 CPUs, ${s}s" pass $s ./rbstress -q -d $s $seed
	step "rbstress-cpu, 3 CPUs, ${s}s" pass $s ./rbstress-cpu -q -n 3 -d $s $seed
	step "rbstress-asan, 2 CPUs, ${s}s" pass $s ./rbstress-asan -q -d $s $seed
	step "rbstress-ubsan, 2 CPUs, ${s}s" pass $s ./rbstress-ubsan -q -d $s $seed
	teeth
	;;
esac

summary "ring_buffer $mode" verdict
