#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Triggers removed while their events fire on every CPU. A removed
# trigger is freed only once no CPU can be walking to it, and the list
# its remover gathers it on is not the one the CPUs walk: when it was
# (the trigger's own list link reused), rmdir of an instance whose busy
# event had triggers could send a CPU walking the triggers into the
# remover's stack. Two processes make system calls on both CPUs while,
# round after round, this test:
# - makes an instance, puts hist, traceoff, stacktrace and enable_hist
#   triggers on its raw_syscalls events, and removes it with them;
# - puts hist and enable_hist triggers on the top level's sys_enter and
#   takes them away with O_TRUNC of its trigger file (upstream's: hist
#   triggers only; a stacktrace trigger stays), and removes a
#   stacktrace trigger with "!".
# Checked: every write succeeds, the triggers are gone afterwards, and
# no kernel report (the harness fails the boot on one; the debug
# kernel's DEBUG_LIST and KASAN see a bad walk). On upstream too.
# Runs in the multi-threaded suite: under one TCG thread the CPUs never
# run at once.
. "$TESTDIR/lib.sh"

EN=$T/events/raw_syscalls/sys_enter/trigger
EX=$T/events/raw_syscalls/sys_exit/trigger
[ -f "$EN" ] && [ -f "$EX" ] || fail "no raw_syscalls trigger files"
[ -e "$T/events/raw_syscalls/sys_enter/hist" ] ||
	fail "no events/raw_syscalls/sys_enter/hist (CONFIG_HIST_TRIGGERS)"
rounds=${RACE_ROUNDS:-20}
inst=$T/instances/trig_rm_race_$$
d=/tmp/trig-rm-race.$$
stop=$d/stop
pids=
cleanup() {
	: >"$stop" 2>/dev/null
	for p in $pids; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	rm -rf "$d"
	[ ! -d "$inst" ] || rmdir "$inst"
	: >"$EN"
	echo '!stacktrace' >>"$EX" 2>/dev/null
	reset_tracing
}
trap cleanup EXIT
reset_tracing
mkdir -p "$d"
[ "$(nproc)" -ge 2 ] || fail "$(nproc) CPU online: the race needs two"

for i in 1 2; do
	(while [ ! -e "$stop" ]; do
		dd if=/dev/zero of=/dev/null bs=1 count=2000 2>/dev/null
	done) &
	pids="$pids $!"
done

n=0
while [ $n -lt "$rounds" ]; do
	n=$((n + 1))
	mkdir "$inst" || fail "round $n: mkdir $inst"
	ie=$inst/events/raw_syscalls/sys_enter/trigger
	ix=$inst/events/raw_syscalls/sys_exit/trigger
	echo 'hist:keys=common_pid' >>"$ie" &&
		echo 'hist:keys=id.syscall:vals=hitcount:sort=hitcount' >>"$ie" &&
		echo 'enable_hist:raw_syscalls:sys_exit' >>"$ie" &&
		echo 'hist:keys=ret' >>"$ix" &&
		echo 'stacktrace' >>"$ix" &&
		echo 'traceoff:5' >>"$ie" ||
		fail "round $n: a trigger of the instance was refused"
	rmdir "$inst" || fail "round $n: rmdir $inst"

	echo 'hist:keys=common_pid.execname' >>"$EN" &&
		echo 'hist:keys=id:vals=hitcount' >>"$EN" &&
		echo 'disable_hist:raw_syscalls:sys_exit' >>"$EN" &&
		echo 'stacktrace' >>"$EX" ||
		fail "round $n: a trigger of the top level was refused"
	: >"$EN" || fail "round $n: O_TRUNC of sys_enter/trigger"
	echo '!stacktrace' >>"$EX" || fail "round $n: !stacktrace"
done
: >"$stop"
wait $pids
pids=

for f in "$EN" "$EX"; do
	head -1 "$f" | grep -q '^# Available triggers:' ||
		fail "${f#"$T"/} still has: $(cat "$f")"
done
echo "$rounds rounds of triggers removed under load on $(nproc) CPUs"
