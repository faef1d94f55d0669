#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make check`: every test of the project, ending with "N passed, N failed".
#
# Stages: host-side checks (the manifest, the patch series), kernel builds,
# the in-guest suite on each arch for `ours` and on x86-64 for `rb` and
# `upstream` (the suite must hold on the reference too), a boot with one
# CPU for the hotplug test, upstream's ftracetest 00basic on `rb`, host
# tests of the ring buffer (user-space stress, spin model), and the
# harness's own tests:
# a failing test, a WARN and a hang must each fail a run.
#
# Environment: ARCHES (default "x86_64 arm64"), DEBUG=1 for the debug
# kernels, SKIP_UPSTREAM=1 to leave out the reference flavor, SKIP_META=1
# to leave out the harness's own tests.
set -u
. "$(dirname "$0")/common.sh"

ARCHES=${ARCHES:-x86_64 arm64}
variant=
[ "${DEBUG:-0}" = 1 ] && variant=debug
passed=0 failed=0 skipped=0
failures=
logdir=$OUT/logs/check
rm -rf "$logdir"
mkdir -p "$logdir"
t0=$(date +%s)

pass() { passed=$((passed + 1)); echo "PASS: $1"; }
fail() {
	failed=$((failed + 1))
	failures="$failures
  $1"
	echo "FAIL: $1"
}

# step NAME CMD...: one host-side check, its output kept in a log.
step() {
	local name=$1 log
	shift
	log=$logdir/$(echo "$name" | tr -c 'a-zA-Z0-9_.-' _).log
	if "$@" >"$log" 2>&1; then
		pass "$name"
	else
		tail -n 20 "$log" | sed 's/^/    /'
		fail "$name (log: $log)"
	fi
}

# The boot parameters test_core_bootparams.sh checks.
BOOT_PARAMS="ftrace=nop trace_buf_size=2M trace_options=nooverwrite,record-tgid"
BOOT_PARAMS="$BOOT_PARAMS trace_clock=global alloc_snapshot ftrace_dump_on_oops"
BOOT_PARAMS="$BOOT_PARAMS traceoff_on_warning tp_printk"
# The event boot parameters test_events_boot.sh checks.
EVENT_BOOT_PARAMS="trace_event=initcall:initcall_finish,sched:sched_process_exec tp_printk"
# The function tracing parameters test_fn_boot.sh checks.
FN_BOOT_PARAMS="ftrace=function ftrace_filter=vfs_read,vfs_write ftrace_notrace=vfs_write"
# The stack tracer parameters test_fn_stack_boot.sh checks.
STACK_BOOT_PARAMS="stacktrace stacktrace_filter=vfs_read,vfs_write"

# The tracers' self-tests (FTRACE_STARTUP_TEST) patch every call site at
# boot; under multi-threaded TCG that meets the stale int3 of live
# patching (see the README): three make check runs lost a boot of ours to
# a silent hang there, and upstream built with its self-tests
# (harness/boot-loop.sh upstream selftest) hung in 3 of 4 boots, a CPU on
# the int3 of a call site each time. So they are built into variant
# selftest of ours only, which boots with one TCG thread for the
# function tracing tests, or with parameters that turn the self-tests
# off (trace_event=, ftrace=function); HARNESS_SELFTESTS=1 makes those
# boots' tests fail if the kernel has no self-tests. Other boots that
# need not be multi-threaded run with one TCG thread too; the suites
# keep both threads, for the ring buffer's races. (DEBUG=1 boots the
# debug kernels there instead, without the self-tests.)
ONE_THREAD=tcg,thread=single

# suite ARCH FLAVOR [NAME KERNEL-PARAMETERS]: the in-guest suite, each
# TAP line counted; with NAME, a boot of its own with those parameters.
# SUITE_ACCEL, SUITE_TIMEOUT (s) and SUITE_VARIANT, when set, are the
# boot's accelerator, time limit and kernel variant (default: guest.sh's
# accelerator, 600 s, the run's variant).
suite() {
	local arch=$1 flavor=$2 name=${3:-suite} params=${4:-} out rc=0 p f s r
	out=$logdir/$name-$arch-$flavor.tap
	ACCEL=${SUITE_ACCEL:-${ACCEL:-tcg}} GUEST_APPEND=$params \
		"$HARNESS/guest.sh" -a "$arch" -f "$flavor" -v "${SUITE_VARIANT-$variant}" \
		-n "$name" -t "${SUITE_TIMEOUT:-600}" "$HARNESS/selftest/suite.sh" \
		>"$out" 2>&1 || rc=$?
	p=$(grep -c '^ok .*' "$out" | head -1)
	s=$(grep -c '^ok .* # SKIP' "$out" | head -1)
	f=$(grep -c '^not ok ' "$out" | head -1)
	# Each result line, after a failure the last lines the test printed
	# (CI keeps only this output, not the logs).
	awk -v tag="$arch/$flavor" '
		/^# / { last[n++ % 8] = $0; next }
		/^not ok / {
			print "    " tag ": " $0
			for (i = n > 8 ? n - 8 : 0; i < n; i++)
				print "      " last[i % 8]
		}
		/^ok .* # SKIP/ { print "    " tag ": " $0 }
		/^(not )?ok / { n = 0 }
	' "$out"
	passed=$((passed + p - s))
	skipped=$((skipped + s))
	failed=$((failed + f))
	[ "$f" = 0 ] || failures="$failures
  $f in-guest test(s) on $arch/$flavor/$name (log: $out)"
	if [ "$rc" = 125 ] || { [ "$rc" != 0 ] && [ "$f" = 0 ]; } || [ "$p" = 0 ]; then
		grep '^HARNESS FAIL\|^  ' "$out" | head -n 90 | sed 's/^/    /'
		fail "guest run $arch/$flavor/$name: exit $rc (log: $out)"
	else
		# The failed tests are counted above, one by one.
		[ "$f" = 0 ] && r=PASS || r=FAIL
		echo "$r: guest $name $arch/$flavor: $((p - s)) passed, $f failed, $s skipped"
	fi
}

# meta NAME WANT SCRIPT [guest.sh options]: the runner must fail the run
# and say why; WANT is a pattern its report must contain.
meta() {
	local name=$1 want=$2 script=$3 slug log rc=0
	shift 3
	slug=$(echo "$name" | tr -c 'a-zA-Z0-9\n' -)
	log=$logdir/meta-$slug.log
	ACCEL=$ONE_THREAD "$HARNESS/guest.sh" -a x86_64 -f ours -v "$variant" \
		-n "meta-$slug" "$@" "$script" >"$log" 2>&1 || rc=$?
	if [ "$rc" != 0 ] && grep -qE "$want" "$log"; then
		pass "harness catches $name (exit $rc)"
	else
		tail -n 10 "$log" | sed 's/^/    /'
		fail "harness missed $name: exit $rc, no '$want' (log: $log)"
	fi
}

echo "== make check: $(date -u '+%F %T') UTC, arches: $ARCHES${variant:+, debug kernels}"
"$HARNESS/deps.sh" arm64 || exit 1

step "manifest covers our files" bash -c ". '$HARNESS/common.sh'; . '$HARNESS/manifest.sh'; manifest_check"
step "checkpatch on our C files" "$HARNESS/lint.sh"
step "guest scripts parse in dash and busybox sh" bash -c "for f in '$ROOT/$SUITE'/*.sh '$HARNESS'/guest/*.sh '$HARNESS'/selftest/[!h]*.sh; do dash -n \"\$f\" && busybox sh -n \"\$f\" || exit 1; done"
step "harness scripts parse in bash" bash -c "for f in '$HARNESS'/*.sh '$HARNESS'/selftest/host-*.sh '$ROOT'/.ci/run; do bash -n \"\$f\" || exit 1; done"
step "make patches applies to a pristine base" "$HARNESS/patches.sh" --verify
step "ring buffer in user space: unit, stress (ASan, UBSan), teeth" \
	make -C "$ROOT/tools/testing/ring_buffer" check
step "ring buffer head-page model (spin); broken variants must fail" \
	"$ROOT/tools/testing/ring_buffer/model/run.sh"
step "trace_seq in user space: unit test (ASan, UBSan), teeth" \
	make -C "$ROOT/tools/testing/trace_seq" check
step "trace event filters in user space: unit (ASan, UBSan), teeth" \
	make -C "$ROOT/tools/testing/trace_filter" check
step "guest scripts of harness/compare parse in dash and busybox sh" \
	bash -c "for f in '$HARNESS'/compare/*.sh; do dash -n \"\$f\" && busybox sh -n \"\$f\" || exit 1; done"
for t in "$HARNESS"/selftest/host-*.sh; do
	[ -e "$t" ] && step "host: $(basename "$t" .sh)" bash "$t"
done

# rb (upstream's tracing on our ring buffer) is built and tested on x86-64;
# its kernel objects are mostly ccache hits from the other two.
flavors="ours rb"
[ "${SKIP_UPSTREAM:-0}" = 1 ] || flavors="ours rb upstream"
built=
for flavor in $flavors; do
	for arch in $ARCHES; do
		[ "$flavor" != ours ] && [ "$arch" != x86_64 ] && continue
		s=$(date +%s)
		step "build $flavor/$arch${variant:+/$variant}" \
			"$HARNESS/build.sh" "$flavor" "$arch" $variant &&
			built="$built $flavor/$arch"
		echo "    ($(($(date +%s) - s)) s)"
	done
done
# ours with the self-tests, on each arch ours was built for (its objects
# are mostly ccache hits from ours). Where it failed to build, the boots
# meant for it run on plain ours, without checking self-tests.
stbuilt=
if [ -z "$variant" ]; then
	for fa in $built; do
		[ "${fa%/*}" = ours ] || continue
		s=$(date +%s)
		step "build $fa/selftest" "$HARNESS/build.sh" ours "${fa#*/}" selftest &&
			stbuilt="$stbuilt ${fa#*/}"
		echo "    ($(($(date +%s) - s)) s)"
	done
fi
# st_suite ARCH NAME KERNEL-PARAMETERS: suite() on ours with the
# self-tests on ARCH, its tests told to require them (HARNESS_SELFTESTS=1);
# on plain ours where that was not built.
st_suite() {
	case " $stbuilt " in
	*" $1 "*) SUITE_VARIANT=selftest suite "$1" ours "$2" "$3 HARNESS_SELFTESTS=1" ;;
	*) suite "$1" ours "$2" "$3" ;;
	esac
}

# The function tracing tests run in a boot of their own, with one TCG
# thread: they patch live text all the time (tracers switched from two
# processes, modules loaded while tracing), and multi-threaded TCG can
# leave a rewritten call site running its old instruction on upstream's
# kernel too (see the README): on x86-64 a stale int3 that kills it, on
# arm64 a stale bl that keeps calling a tracer after the site became a
# nop (harness/stale-sites.sh). test_rb_function_stress (the
# function tracer on every function, both CPUs busy) goes with them: it
# hung upstream's kernel under multi-threaded TCG too, silently, after
# test_events_trigger. test_lat_tracers too: the latency tracers' function
# tracing patches every site at each switch. rb's function tracing is
# upstream's: its fn boot runs those two only.
# An RCU-tasks grace period (which every removal of a trampoline waits
# for) older than 2 minutes is reported with the tasks that hold it up,
# and fails the run: stop 17's fn boot hung in one, with the default 10
# minutes leaving no report before its time limit.
fnstress=test_rb_function_stress,test_lat_*
# fnsuites ARCH FLAVOR TESTS: the suite without the function tracing
# tests, then those in their one-thread boot (guest.sh sets the 2-minute
# RCU-tasks stall report for every boot).
# On ours the one-thread boot is of the kernel with the self-tests.
fnsuites() {
	suite "$1" "$2" suite "HARNESS_SKIP=test_fn_*,$fnstress"
	if [ "$2" = ours ]; then
		SUITE_ACCEL=$ONE_THREAD SUITE_TIMEOUT=1800 \
			st_suite "$1" fn "HARNESS_TESTS=$3"
	else
		SUITE_ACCEL=$ONE_THREAD SUITE_TIMEOUT=1800 \
			suite "$1" "$2" fn "HARNESS_TESTS=$3"
	fi
}
for fa in $built; do
	s=$(date +%s)
	case $fa in
	rb/x86_64) fnsuites x86_64 rb "$fnstress" ;;
	*/x86_64 | */arm64) fnsuites "${fa#*/}" "${fa%/*}" "test_fn_*,$fnstress" ;;
	*) suite "${fa#*/}" "${fa%/*}" ;;
	esac
	echo "    ($(($(date +%s) - s)) s)"
done

# Upstream's own tests of the buffer files (00basic: ring buffer size,
# snapshot, trace_pipe...) on upstream's tracing over our ring buffer; the
# whole ftracetest (25 min) is `make ftracetest FLAVOR=rb`.
case " $built " in
*" rb/x86_64 "*)
	s=$(date +%s)
	step "ftracetest test.d/00basic on rb/x86_64: all the reference passes" \
		env TESTS=test.d/00basic "$HARNESS/ftracetest.sh" rb x86_64 $variant
	echo "    ($(($(date +%s) - s)) s)"
	;;
esac

case " $built " in
*" ours/x86_64 "*) both=$(echo " $built " | grep -c ' upstream/x86_64 ') ;;
*) both=0 ;;
esac
case $both in
1)
	# The same trace_marker writes give the same trace text (masked).
	s=$(date +%s)
	step "trace text of ours matches upstream's (harness/compare-trace.sh)" \
		env ACCEL=$ONE_THREAD "$HARNESS/compare-trace.sh" ours upstream x86_64
	echo "    ($(($(date +%s) - s)) s)"
	# Every event's format file, as tools read it, and available_events.
	s=$(date +%s)
	step "events/ of ours matches upstream's (harness/compare-events.sh)" \
		env ACCEL=$ONE_THREAD "$HARNESS/compare-events.sh" ours upstream x86_64
	echo "    ($(($(date +%s) - s)) s)"
	# trace-cmd record/report of the same workload: every record
	# decodes, the same events and fields, the same stored formats.
	s=$(date +%s)
	step "trace-cmd report of ours matches upstream's (harness/compare-tracecmd.sh)" \
		env ACCEL=$ONE_THREAD "$HARNESS/compare-tracecmd.sh" ours upstream x86_64
	echo "    ($(($(date +%s) - s)) s)"
	;;
esac

case " $built " in
*" ours/x86_64 "*)
	# Upstream's ftracetest on ours: every test the reference of ours
	# passes (harness/reference/ftracetest-ours-x86_64.txt) must pass.
	s=$(date +%s)
	step "ftracetest on ours/x86_64: all the reference of ours passes" \
		"$HARNESS/ftracetest.sh" ours x86_64 $variant
	echo "    ($(($(date +%s) - s)) s)"
	# Booted with one CPU: the second one's ring buffer comes with its
	# hotplug (CONFIG_HOTPLUG_CPU is on x86-64 only).
	s=$(date +%s)
	suite x86_64 ours hotplug "maxcpus=1 HARNESS_TESTS=test_rb_hotplug"
	echo "    ($(($(date +%s) - s)) s)"
	# The core's boot parameters, each checked by the test it selects.
	s=$(date +%s)
	suite x86_64 ours bootparams "$BOOT_PARAMS HARNESS_BOOTPARAMS=1 HARNESS_TESTS=test_core_bootparams"
	echo "    ($(($(date +%s) - s)) s)"
	# Events enabled from the command line, before any test runs (the
	# self-tests they turn off are built in).
	s=$(date +%s)
	st_suite x86_64 eventboot \
		"$EVENT_BOOT_PARAMS HARNESS_EVENTBOOT=1 HARNESS_TESTS=test_events_boot"
	echo "    ($(($(date +%s) - s)) s)"
	# Function tracing and the stack tracer from the command line, on
	# ours (ftrace=function on the kernel with the self-tests, which it
	# turns off) and upstream.
	s=$(date +%s)
	SUITE_ACCEL=$ONE_THREAD st_suite x86_64 fnboot \
		"$FN_BOOT_PARAMS HARNESS_FNBOOT=1 HARNESS_TESTS=test_fn_boot"
	SUITE_ACCEL=$ONE_THREAD suite x86_64 upstream fnboot "$FN_BOOT_PARAMS HARNESS_FNBOOT=1 HARNESS_TESTS=test_fn_boot"
	for f in ours upstream; do
		SUITE_ACCEL=$ONE_THREAD suite x86_64 $f stackboot "$STACK_BOOT_PARAMS HARNESS_STACKBOOT=1 HARNESS_TESTS=test_fn_stack_boot"
	done
	echo "    ($(($(date +%s) - s)) s)"
	if [ "${SKIP_META:-0}" != 1 ]; then
		# (one passing test and the failing one: the whole suite ran above)
		GUEST_APPEND="HARNESS_TESTS=test_[mz][oz]*" \
			meta "a failing test" 'not ok .*test_zz_must_fail' \
			"$HARNESS/selftest/suite.sh" -x "$HARNESS/selftest/test_zz_must_fail.sh"
		meta "a WARN" 'kernel report: .*(WARNING:|cut here)' \
			"$HARNESS/selftest/warn.sh"
		meta "a hang" 'timeout: no power-off' \
			"$HARNESS/selftest/hang.sh" -t 45
	fi
	;;
esac

case " $built " in
*" ours/arm64 "*)
	# Function tracing from the command line on arm64 as well.
	s=$(date +%s)
	st_suite arm64 fnboot \
		"$FN_BOOT_PARAMS HARNESS_FNBOOT=1 HARNESS_TESTS=test_fn_boot"
	echo "    ($(($(date +%s) - s)) s)"
	;;
esac

echo "== make check took $(($(date +%s) - t0)) s"
[ -z "$failures" ] || printf 'Failures:%s\n' "$failures"
if [ "$skipped" != 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" = 0 ] && [ "$passed" != 0 ]
