#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make check`: every test of the project, ending with "N passed, N failed".
#
# The tests are jobs of a dependency graph (harness/jobs.sh), run as many
# at a time as the cores allow: host-side checks (the manifest, style,
# sparse, the patch series, the user-space tests of the ring buffer,
# trace_seq and the event filters), the kernel builds, and the guest
# boots of ours on x86-64 and arm64 (the in-guest suite, the function
# tracing tests, the boot parameters, one CPU for hotplug, upstream's
# ftracetest in two parts, the compare scripts against upstream's recorded
# output, a debug kernel), rb's ring buffer tests and ftracetest 00basic,
# and the harness's own tests: a failing test, a WARN and a hang must
# each fail a run. What checks a test against the reference flavor is
# recorded by make check-reference (harness/check-reference.sh); here
# its key is checked, and upstream is not booted.
#
# A skipped test fails the run unless harness/reference/expected-skips
# lists it; a boot in which no test passed fails it too.
#
# Environment: REFERENCE=recorded|live (default recorded; live boots
# upstream's side here, as make check-reference does, instead of
# checking the recorded key), ARCHES (default "x86_64 arm64"),
# SKIP_META=1 to leave out the harness's own tests, CHECK_DEBUG=1 for
# x86-64's KASAN kernel's boots, ARM_VARIANT (below), JOB_CAP (default:
# the number of cores),
# QUICK=1 for make check-quick (the host tests and ours' x86-64 suite
# only; not CI).
set -u
. "$(dirname "$0")/common.sh"
. "$HARNESS/jobs.sh"
. "$HARNESS/boots.sh"
. "$HARNESS/reference.sh"
. "$HARNESS/checklib.sh"
. "$HARNESS/distro.sh"

ARCHES=${ARCHES:-x86_64 arm64}
# recorded: upstream's results come from harness/reference/upstream/,
# whose key must hold; live: upstream is built and booted here, as
# make check-reference would.
REFERENCE=${REFERENCE:-recorded}
case $REFERENCE in live | recorded) ;; *) die "REFERENCE: live or recorded" ;; esac
logdir=$OUT/logs/check
rm -rf "$logdir"
mkdir -p "$logdir"
JOB_DIR=$logdir/jobs
t0=$(date +%s)
# A build is a job of weight 1 like any other: make -j1, so that a build
# does not take a second core from a guest (a guest that loses its core
# can time out). Two builds at once keep both cores busy. A build still
# slows a guest beside it by its process churn: harness/jobs.sh starts
# host jobs before guests for that.
# make check-quick has one build, first: it gets every core.
if [ "${QUICK:-0}" = 1 ]; then
	export JOBS=${JOBS:-$(nproc)}
else
	export JOBS=${JOBS:-1}
fi

# Upstream's ftracetest on ours in two guests, a part each (test.d
# directories). Not test.d/selftest: its one test runs checkbashisms on
# the base tree's test scripts (123 s under TCG), which fails on upstream
# and ours alike (a bashism in the base's kprobe_non_uniq_symbol.tc) and
# checks nothing of the kernel. Of test.d/direct, the kprobes test only:
# the tracers test switches every tracer on and off with a direct call
# sample loaded, sixteen times each, each switch patching every
# function's site: some 30 minutes under TCG, on upstream as on ours
# (10 s a switch on both). test_fn_direct (fn A's boot) checks the same
# with the function and function_graph tracers on one function; `make
# ftracetest FLAVOR=ours TESTS=test.d/direct` runs upstream's.
FTRACE_TESTS_A="test.d/00basic test.d/ftrace test.d/direct/kprobe-direct.tc test.d/preemptirq test.d/filter"
FTRACE_TESTS_B="test.d/event test.d/trigger test.d/instances test.d/tracer test.d/dynevent test.d/kprobe"
# The debug kernel's boots: the ring buffer's races on both vCPUs, with
# the hist triggers' object lifetimes under KASAN (test_events_hist_wakeup:
# a named histogram outliving its instance), and function tracing and
# function_graph on one TCG thread (KASAN makes the whole fn set take
# 1600 s: these are its core).
DEBUG_RB_TESTS="test_rb_*,test_probe_race,test_trigger_race,test_trigger_remove_race,test_core_stress,test_events_hist_wakeup"
DEBUG_FN_TESTS="test_fn_basic,test_fn_filter,test_fn_graph,test_fn_graph_filter,test_fn_tramp,test_rb_function_stress"

# ARM_VARIANT (default debug): the arm64 boots of ours run on a debug
# kernel (variant debug: harness/configs/debug.config: lockdep,
# DEBUG_ATOMIC_SLEEP, DEBUG_LIST, DEBUG_OBJECTS, UBSAN...): the ring
# buffer's races (the suite, on both vCPUs) and all the function tracing
# tests under the kernel's checkers, whose reports fail the boot; the
# x86-64 boots run the kernel as built for use. ARM_VARIANT= boots
# arm64's plain kernel instead.
ARM_VARIANT=${ARM_VARIANT-debug}

# DISTRO (default 1): boot the distribution-shaped kernels of ours
# (below). Their boots run the main suite and DISTRO_FN_TESTS, the core
# of the function tracing tests: the tracers on every function and on a
# module (KASLR, arm64's module PLTs), function_graph, the filters, the
# per-ops trampolines, the stack tracer and the saved registers (return
# thunks, pointer authentication, BTI). The tiny-config boots then run
# only what those do not: the tests that need an option Debian's config
# leaves off (distro_needs_tests), test_fn_basic with the tracers' boot
# self-tests, which Debian's config has not, and the function tracing
# tests beyond DISTRO_FN_TESTS. DISTRO=0 boots everything on the tiny
# configs, as before.
DISTRO=${DISTRO:-1}
DISTRO_FN_TESTS="test_fn_basic,test_fn_filter,test_fn_graph,test_fn_module,test_fn_tramp,test_fn_stack,test_fn_regs,test_core_tracers"
# The tiny suites keep the tests that race both vCPUs (DEBUG_RB_TESTS,
# as x86-64's debug boot), on multi-threaded TCG: arm64's on the debug
# kernel (ARM_VARIANT), under lockdep and the rest; x86-64's because its
# distribution-shaped suite runs on one TCG thread (below).
TINY_SUITE_TESTS= TINY_ARM_SUITE_TESTS= TINY_FN_SKIP=
if [ "$DISTRO" = 1 ] && [ "${QUICK:-0}" != 1 ]; then
	TINY_SUITE_TESTS="HARNESS_TESTS=$(distro_needs_tests),$DEBUG_RB_TESTS "
	TINY_ARM_SUITE_TESTS="HARNESS_TESTS=$(distro_needs_tests),$DEBUG_RB_TESTS "
	TINY_FN_SKIP=,${DISTRO_FN_TESTS#test_fn_basic,}
fi
# kprobe events run in both: on the distribution's kernels with Debian's
# kprobes options, and on the tiny ones, arm64's being the debug kernel
# (lockdep over the probes' locks and kprobes').
DISTRO_FN_TESTS="$DISTRO_FN_TESTS,test_fn_kprobe"

has_arch() { case " $ARCHES " in *" $1 "*) return 0 ;; esac; return 1; }

# build FLAVOR ARCH [VARIANT]
build() {
	step "build $1/$2${3:+/$3}" "$HARNESS/build.sh" "$@"
}

# distro_suite ARCH NAME ACCEL TIMEOUT SKIP [PARAMS]: suite on the
# distribution-shaped kernel of ours (variant distro), leaving out, in
# addition to SKIP, the tests that need an option Debian's config has off
# (harness/distro.sh: DISTRO_NEEDS), and saying which; arm64's on -cpu
# max (distro_boot_env).
distro_suite() {
	local arch=$1 name=$2 accel=$3 timeout=$4 params=${6:-}
	distro_boot_env "$arch" "$(build_dir ours "$arch" distro)/.config" "$5"
	[ -z "$DISTRO_LEFT" ] ||
		echo "    $arch/ours/$name: left out, for an option Debian's config has off: $DISTRO_LEFT"
	QEMU_ARGS=$DISTRO_QEMU_ARGS suite "$arch" ours "$name" "$accel" distro \
		"$timeout" "HARNESS_SKIP=$DISTRO_SKIP${params:+ $params}"
}

# The reference: upstream's recorded results must hold for this tree.
refcheck() {
	if ref_check >"$logdir/reference.log" 2>&1; then
		res_pass "$(head -n 1 "$logdir/reference.log")"
	else
		sed 's/^/    /' "$logdir/reference.log"
		res_fail "$(head -n 1 "$logdir/reference.log")"
	fi
}

# compare NAME SCRIPT: ours against upstream's recorded side (or, with
# REFERENCE=live, against upstream booted now).
compare() {
	local raw=$REF_DIR/compare-$1.raw
	if [ "$REFERENCE" = live ]; then
		step "$1 of ours matches upstream's ($2)" \
			env ACCEL=$ONE_THREAD "$HARNESS/$2" ours upstream x86_64
		return
	fi
	if [ ! -f "$raw" ]; then
		res_fail "compare-$1: nothing recorded in $raw: run make check-reference"
		return
	fi
	step "$1 of ours matches upstream's recorded ($2)" \
		env ACCEL=$ONE_THREAD RAW_B="$raw" "$HARNESS/$2" ours upstream x86_64
}

host_checks() {
	job manifest 1 "" step "manifest covers our files" \
		bash -c ". '$HARNESS/common.sh'; . '$HARNESS/manifest.sh'; manifest_check"
	[ "$REFERENCE" = live ] || job reference 1 "" refcheck
	job checkpatch 1 "" step "checkpatch on our C files" "$HARNESS/lint.sh"
	job parse 1 "" step "guest and harness scripts parse (dash, busybox sh, bash)" bash -c "
		for f in '$ROOT/$SUITE'/*.sh '$HARNESS'/guest/*.sh '$HARNESS'/selftest/[!h]*.sh '$HARNESS'/compare/*.sh; do
			dash -n \"\$f\" && busybox sh -n \"\$f\" || exit 1
		done
		for f in '$HARNESS'/*.sh '$HARNESS'/selftest/host-*.sh '$ROOT'/.ci/run; do
			bash -n \"\$f\" || exit 1
		done"
	job patches 1 "" step "make patches applies to a pristine base" "$HARNESS/patches.sh" --verify
	job distro-lost 1 "" step "Debian's configs lose on ours only what distro-config-lost.txt lists" \
		env ARCHES="$ARCHES" "$HARNESS/distro-config.sh" --check
	job rb-user 1 "" step "ring buffer in user space: unit, stress (ASan, UBSan), teeth" \
		make -C "$ROOT/tools/testing/ring_buffer" check
	job rb-model 1 "" step "ring buffer head-page model (spin); broken variants must fail" \
		"$ROOT/tools/testing/ring_buffer/model/run.sh"
	job trace-seq 1 "" step "trace_seq in user space: unit test (ASan, UBSan), teeth" \
		make -C "$ROOT/tools/testing/trace_seq" check
	job filter-user 1 "" step "trace event filters in user space: unit (ASan, UBSan), teeth" \
		make -C "$ROOT/tools/testing/trace_filter" check
	job map-user 1 "" step "tracing map in user space: unit, stress (ASan, UBSan), teeth" \
		make -C "$ROOT/tools/testing/tracing_map" check
	job block-rwbs 1 "" step "blk_fill_rwbs in user space against upstream's, teeth" \
		make -C "$ROOT/tools/testing/block_rwbs" check
	local t
	for t in "$HARNESS"/selftest/host-*.sh; do
		[ -e "$t" ] || continue
		t=${t##*/}
		job "${t%.sh}" 1 "" step "host: ${t%.sh}" bash "$HARNESS/selftest/$t"
	done
}

echo "== make check: $(date -u '+%F %T') UTC, arches: $ARCHES, $JOB_CAP jobs' worth of cores"
"$HARNESS/deps.sh" arm64 || exit 1

# In priority order: what the longest chains start with first.
if has_arch x86_64; then
	job b-ours-x86 1 "" build ours x86_64
fi
if has_arch arm64 && [ "${QUICK:-0}" != 1 ]; then
	job b-ours-arm 1 "" build ours arm64 $ARM_VARIANT
	job rootfs-arm64 1 "" step "the arm64 guest's root" "$HARNESS/rootfs-arm64.sh"
fi
if has_arch x86_64 && [ "${QUICK:-0}" != 1 ]; then
	# ours with the tracers' self-tests (FTRACE_STARTUP_TEST, in every
	# build of ours; run in a boot with HARNESS_SELFTESTS=1), which patch
	# every call site at boot: booted with one TCG thread only. The ring
	# buffer's startup test runs in fn A's boot (FN_PARAMS_A), with
	# test_rb_startup.
	for p in A B; do
		eval "tests=\$FN_TESTS_$p params=\$FN_PARAMS_$p"
		job "fn$p-x86" 1g "b-ours-x86" suite x86_64 ours "fn$p" $ONE_THREAD "" 1800 \
			"HARNESS_TESTS=$tests HARNESS_SKIP=$BOOT_ONLY$TINY_FN_SKIP HARNESS_SELFTESTS=1${params:+ $params}"
	done
fi
if has_arch arm64 && [ "${QUICK:-0}" != 1 ]; then
	for p in A B; do
		eval "tests=\$FN_TESTS_$p params=\$FN_PARAMS_$p"
		job "fn$p-arm" 1g "b-ours-arm rootfs-arm64" suite arm64 ours "fn$p" $ONE_THREAD "$ARM_VARIANT" 1800 \
			"HARNESS_TESTS=$tests HARNESS_SKIP=$BOOT_ONLY$TINY_FN_SKIP HARNESS_SELFTESTS=1${params:+ $params}"
	done
fi
if has_arch x86_64; then
	job suite-x86 1m "b-ours-x86" suite x86_64 ours suite $MT "" 1200 \
		"${TINY_SUITE_TESTS}HARNESS_SKIP=$SUITE_SKIP"
fi
# The distribution-shaped kernels of ours (harness/distro-build.sh:
# Debian's own config, trimmed for a guest): the main suite, and
# DISTRO_FN_TESTS on one TCG thread. x86-64's main suite runs on one TCG
# thread too, without the racing tests the tiny suite has: with
# Debian's config, multi-threaded TCG leaves a vCPU trapping for ever on
# an int3 that guest memory no longer holds, behind a static key or
# static call that enabling an event flips in __schedule(), on
# upstream's kernel as on ours (WORK=keys harness/stale-sites.sh, the
# README). arm64's main suite stays on both vCPUs. x86-64's function
# tracing boot keeps Debian's mitigations on (PTI, retpolines, return
# thunks: the one boot that does; the trampolines are built for them);
# the other boots have mitigations=off, for speed. arm64's boots run on
# -cpu max: pointer authentication and BTI are live (distro_suite).
if [ "$DISTRO" = 1 ] && [ "${QUICK:-0}" != 1 ]; then
	if has_arch x86_64; then
		job b-distro-x86 1 "" step "build ours/x86_64/distro" \
			"$HARNESS/distro-build.sh" ours x86_64
		job distro-x86 1g "b-distro-x86" distro_suite x86_64 distro $ONE_THREAD 1200 \
			"$SUITE_SKIP,$DEBUG_RB_TESTS" "mitigations=off"
		job distro-fn-x86 1g "b-distro-x86" distro_suite x86_64 distro-fn $ONE_THREAD 1800 \
			"$BOOT_ONLY" "HARNESS_TESTS=$DISTRO_FN_TESTS"
	fi
	if has_arch arm64; then
		job b-distro-arm 1 "" step "build ours/arm64/distro" \
			"$HARNESS/distro-build.sh" ours arm64
		job distro-arm 1m "b-distro-arm rootfs-arm64" distro_suite arm64 distro $MT 1200 \
			"$SUITE_SKIP" "mitigations=off"
		job distro-fn-arm 1g "b-distro-arm rootfs-arm64" distro_suite arm64 distro-fn $ONE_THREAD 1800 \
			"$BOOT_ONLY" "HARNESS_TESTS=$DISTRO_FN_TESTS mitigations=off"
	fi
fi
if [ "${QUICK:-0}" = 1 ]; then
	host_checks
	run_jobs
else
if has_arch arm64; then
	job suite-arm 1m "b-ours-arm rootfs-arm64" suite arm64 ours suite $MT "$ARM_VARIANT" 1200 \
		"${TINY_ARM_SUITE_TESTS}HARNESS_SKIP=$SUITE_SKIP"
	job b-branch-arm 1 "b-ours-arm" build ours arm64 branch
	job b-blk-arm 1 "b-ours-arm" build ours arm64 blk
	job blk-arm 1g "b-blk-arm rootfs-arm64" suite arm64 ours blk \
		$ONE_THREAD blk 900 "HARNESS_TESTS=$BLK_TESTS"
	job branch-arm 1g "b-branch-arm rootfs-arm64" suite arm64 ours branch \
		$ONE_THREAD branch 900 \
		"HARNESS_TESTS=$BRANCH_TESTS HARNESS_SELFTESTS=1"
fi
if has_arch x86_64; then
	# Upstream's ftracetest on ours, in two guests: every test the
	# reference of ours passes (harness/reference/ftracetest-ours-x86_64.txt)
	# must pass in one of them. Its tests sleep much of the time: half a
	# core each (jobs.sh).
	job ftrace-a hg "b-ours-x86" step "ftracetest on ours/x86_64, part a" \
		env NO_BUILD=1 PART=a TESTS="$FTRACE_TESTS_A" "$HARNESS/ftracetest.sh" ours x86_64
	job ftrace-b hg "b-ours-x86" step "ftracetest on ours/x86_64, part b" \
		env NO_BUILD=1 PART=b TESTS="$FTRACE_TESTS_B" "$HARNESS/ftracetest.sh" ours x86_64
	job ftrace 1 "ftrace-a ftrace-b" step "ftracetest on ours/x86_64: all the reference of ours passes" \
		"$HARNESS/ftracetest.sh" --merge ours x86_64 a b
	# rb: upstream's tracing on our ring buffer, held here to the ring
	# buffer's tests and upstream's ftracetest 00basic, so that the ring
	# buffer's patch stands alone (the rest is recorded by make
	# check-reference).
	job b-rb-x86 1 "b-ours-x86" build rb x86_64
	job rb-suite 1m "b-rb-x86" suite x86_64 rb suite $MT "" 1200 \
		"HARNESS_TESTS=$RB_TESTS HARNESS_SKIP=$RB_SKIP"
	job rb-fn 1g "b-rb-x86" suite x86_64 rb fn $ONE_THREAD "" 900 \
		"HARNESS_TESTS=test_rb_function_stress"
	job rb-00basic 1g "b-rb-x86" step "ftracetest test.d/00basic on rb/x86_64: all the reference passes" \
		env NO_BUILD=1 TESTS=test.d/00basic "$HARNESS/ftracetest.sh" rb x86_64
	# A config without function tracing but with the latency tracers
	# (variant nofn, bench-fn's base): our tracing must build in every
	# shape upstream's does, not only in those booted here.
	job b-nofn-x86 1 "b-ours-x86" build ours x86_64 nofn
	# Variant branch (configs/branch.config): every if () profiled and
	# the branch tracer, which no other build has (Debian's config has
	# neither), with the tracers' boot self-tests; arm64's below.
	job b-branch-x86 1 "b-ours-x86" build ours x86_64 branch
	# Variant blk (configs/blk.config): the block layer, a virtio disk
	# and blktrace, which no tiny build has; arm64's above. blktrace and
	# blkparse of the same direct I/O against upstream's: cmp-blktrace.
	job b-blk-x86 1 "b-ours-x86" build ours x86_64 blk
	job blk-x86 1g "b-blk-x86" suite x86_64 ours blk $ONE_THREAD blk 900 \
		"HARNESS_TESTS=$BLK_TESTS"
	job branch-x86 1g "b-branch-x86" suite x86_64 ours branch $ONE_THREAD branch 900 \
		"HARNESS_TESTS=$BRANCH_TESTS HARNESS_SELFTESTS=1"
	# x86-64's debug kernel, with KASAN (arm64's boots run the debug
	# kernel without it, ARM_VARIANT): the ring buffer's races on both
	# vCPUs, then function tracing and function_graph on one TCG thread.
	# KASAN under TCG takes more than make check's budget allows.
	if [ "${CHECK_DEBUG:-0}" = 1 ]; then
		job b-dbg-x86 1 "b-ours-x86" build ours x86_64 debug
		job debug-rb 1m "b-dbg-x86" suite x86_64 ours debug-rb $MT debug 900 \
			"HARNESS_TESTS=$DEBUG_RB_TESTS HARNESS_SKIP=$BOOT_ONLY,test_rb_function_stress"
		job debug-fn 1g "b-dbg-x86" suite x86_64 ours debug-fn $ONE_THREAD debug 1500 \
			"HARNESS_TESTS=$DEBUG_FN_TESTS HARNESS_SKIP=$BOOT_ONLY"
	fi
	# Boots of their own: one CPU (the second one's ring buffer comes
	# with its hotplug; booted on x86-64), the core's
	# boot parameters, events from the command line, function tracing
	# and the stack tracer from the command line (on the kernel with the
	# self-tests, which those parameters turn off).
	job hotplug 1g "b-ours-x86" suite x86_64 ours hotplug $MT "" 600 \
		"maxcpus=1 HARNESS_TESTS=test_rb_hotplug"
	job bootparams 1g "b-ours-x86" suite x86_64 ours bootparams $ONE_THREAD "" 600 \
		"$BOOT_PARAMS HARNESS_BOOTPARAMS=1 HARNESS_TESTS=test_core_bootparams"
	job eventboot 1g "b-ours-x86" suite x86_64 ours eventboot $ONE_THREAD "" 600 \
		"$EVENT_BOOT_PARAMS HARNESS_EVENTBOOT=1 HARNESS_TESTS=test_events_boot HARNESS_SELFTESTS=1"
	job fnboot-x86 1g "b-ours-x86" suite x86_64 ours fnboot $ONE_THREAD "" 600 \
		"$FN_BOOT_PARAMS HARNESS_FNBOOT=1 HARNESS_TESTS=test_fn_boot HARNESS_SELFTESTS=1"
	job stackboot 1g "b-ours-x86" suite x86_64 ours stackboot $ONE_THREAD "" 600 \
		"$STACK_BOOT_PARAMS HARNESS_STACKBOOT=1 HARNESS_TESTS=test_fn_stack_boot"
	# The same trace text for the same trace_marker writes (masked);
	# every event's format file and available_events; trace-cmd
	# record/report of the same workload (every record decodes, the same
	# events and fields, the same stored formats): against upstream's
	# recorded side.
	cmpdeps=b-ours-x86
	if [ "$REFERENCE" = live ]; then
		job b-up 1 "" build upstream x86_64
		job b-up-blk 1 "" build upstream x86_64 blk
		reference_jobs b-rb-x86
		cmpdeps="b-ours-x86 b-up"
	fi
	job cmp-trace 1g "$cmpdeps" compare trace compare-trace.sh
	job cmp-events 1g "$cmpdeps" compare events compare-events.sh
	job cmp-tracecmd 1g "$cmpdeps" compare tracecmd compare-tracecmd.sh
	blkdeps=b-blk-x86
	[ "$REFERENCE" != live ] || blkdeps="b-blk-x86 b-up-blk"
	job cmp-blktrace 1g "$blkdeps" compare blktrace compare-blktrace.sh
	if [ "${SKIP_META:-0}" != 1 ]; then
		# (one passing test and the failing one: about 30 s)
		job meta-fail 1g "b-ours-x86" meta "a failing test" 'not ok .*test_zz_must_fail' \
			"HARNESS_TESTS=test_mount,test_zz_must_fail" "$HARNESS/selftest/suite.sh" \
			-t 300 -x "$HARNESS/selftest/test_zz_must_fail.sh"
		job meta-warn 1g "b-ours-x86" meta "a WARN" 'kernel report: .*(WARNING:|cut here)' \
			"" "$HARNESS/selftest/warn.sh"
		job meta-hang 1g "b-ours-x86" meta "a hang" 'timeout: no power-off' \
			"" "$HARNESS/selftest/hang.sh" -t 20
	fi
	# (and x86-64's variant blk, the one build with kernel/trace/blk/)
	job sparse 1 "b-ours-x86 b-blk-x86 ${J_STATE[b-ours-arm]+b-ours-arm}" \
		step "sparse on our C files" env NO_BUILD=1 "$HARNESS/sparse.sh" \
		$(for a in $ARCHES; do [ "$a" = arm64 ] && echo "arm64${ARM_VARIANT:+:$ARM_VARIANT}" || echo "$a"; done) \
		x86_64:blk
fi
if has_arch arm64; then
	job fnboot-arm 1g "b-ours-arm rootfs-arm64" suite arm64 ours fnboot $ONE_THREAD "$ARM_VARIANT" 600 \
		"$FN_BOOT_PARAMS HARNESS_FNBOOT=1 HARNESS_TESTS=test_fn_boot HARNESS_SELFTESTS=1"
fi
host_checks
run_jobs
fi

jobs_report "make check" "$t0"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ] && [ "$passed" != 0 ]
