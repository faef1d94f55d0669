#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The syscalls events (FTRACE_SYSCALLS) as in upstream 6.1, on kill(2),
# which the shell calls with arguments we choose (kill -0 PID):
# sys_enter_kill and sys_exit_kill are listed and have upstream's fields
# and print fmt; enabled, they print "sys_kill(pid: HEX, sig: 0)" and
# "sys_kill -> 0x0" (or the error, -ESRCH as a hex long), with the
# types under the verbose option; a filter on an argument keeps only the
# matching calls, on a string argument too (FIELD.ustring); an instance
# records only what it enabled; the whole group goes on and off through
# events/syscalls/enable and set_event; triggers work on them; bad filters
# and enable values get EINVAL and change nothing. A perf counting event
# (perf_event_open(2) through python3's ctypes) counts the calls of the
# event it opened.
. "$TESTDIR/lib.sh"

S=$T/events/syscalls
en=$S/sys_enter_kill ex=$S/sys_exit_kill
[ -d "$S" ] || fail "no events/syscalls"
[ -f "$en/enable" ] && [ -f "$ex/enable" ] || fail "no sys_enter_kill/sys_exit_kill"
inst=$T/instances/sc_inst_$$
cleanup() {
	[ -d "$inst" ] && { echo 0 >"$inst/events/enable"; rmdir "$inst"; }
	echo 0 >"$S/enable"
	echo 0 >"$S/filter"
	echo 0 >"$T/options/verbose"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/events/enable"

for e in sys_enter_kill sys_exit_kill sys_enter_openat sys_exit_openat; do
	grep -qx "syscalls:$e" "$T/available_events" || fail "available_events lacks syscalls:$e"
done
grep -q '^syscalls:sys_enter_ni_syscall$' "$T/available_events" &&
	fail "sys_ni_syscall has events"

# the formats: __syscall_nr, then each argument as a long
tab=$(printf '\t')
has_line() {
	grep -qxF "$2" "$1/format" || fail "${1#"$S"/}/format lacks '$2'"
}
has_line "$en" "${tab}field:int __syscall_nr;${tab}offset:8;${tab}size:4;${tab}signed:1;"
has_line "$en" "${tab}field:pid_t pid;${tab}offset:16;${tab}size:8;${tab}signed:0;"
has_line "$en" "${tab}field:int sig;${tab}offset:24;${tab}size:8;${tab}signed:0;"
has_line "$en" 'print fmt: "pid: 0x%08lx, sig: 0x%08lx", ((unsigned long)(REC->pid)), ((unsigned long)(REC->sig))'
has_line "$ex" "${tab}field:int __syscall_nr;${tab}offset:8;${tab}size:4;${tab}signed:1;"
has_line "$ex" "${tab}field:long ret;${tab}offset:16;${tab}size:8;${tab}signed:1;"
has_line "$ex" 'print fmt: "0x%lx", REC->ret'
has_line "$S/sys_enter_sync" 'print fmt: ""'

me=$(printf '%x' $$)
nopid=4194305 nopidx=400001	# above any pid_max: kill() fails with ESRCH

# one pair enabled: the text of upstream's output
echo 1 >"$en/enable" && echo 1 >"$ex/enable" || fail "enabling sys_*_kill failed"
[ "$(cat "$en/enable")" = 1 ] || fail "sys_enter_kill/enable reads $(cat "$en/enable")"
kill -0 $$
kill -0 $nopid 2>/dev/null && fail "kill -0 $nopid succeeded"
echo 0 >"$en/enable"
echo 0 >"$ex/enable"
grep -q ": sys_kill(pid: $me, sig: 0)\$" "$T/trace" || {
	grep sys_kill "$T/trace" | head -5
	fail "no 'sys_kill(pid: $me, sig: 0)' line"
}
grep -q ": sys_kill(pid: $nopidx, sig: 0)\$" "$T/trace" || fail "no 'sys_kill(pid: $nopidx, sig: 0)' line"
grep -q ': sys_kill -> 0x0$' "$T/trace" || fail "no 'sys_kill -> 0x0' line"
grep -q ': sys_kill -> 0xfffffffffffffffd$' "$T/trace" || fail "no 'sys_kill -> -ESRCH' line"
grep ' sys_' "$T/trace" | grep -v ': sys_kill' && fail "another syscall recorded"
n=$(grep -c ': sys_kill' "$T/trace")
kill -0 $$
[ "$(grep -c ': sys_kill' "$T/trace")" = "$n" ] || fail "a disabled event recorded"

# verbose: each argument with its type
: >"$T/trace"
echo 1 >"$T/options/verbose"
echo 1 >"$en/enable"
kill -0 $$
echo 0 >"$en/enable"
# the option applies when the trace is read
grep -q ": sys_kill(pid_t pid: $me, int sig: 0)\$" "$T/trace" || fail "no verbose sys_kill line"
echo 0 >"$T/options/verbose"
grep -q ": sys_kill(pid: $me, sig: 0)\$" "$T/trace" || fail "verbose off: no plain sys_kill line"

# a filter on an argument
: >"$T/trace"
echo "pid == $$ && sig == 0" >"$en/filter" || fail "filter on pid refused"
[ "$(cat "$en/filter")" = "pid == $$ && sig == 0" ] || fail "filter reads '$(cat "$en/filter")'"
echo 1 >"$en/enable"
kill -0 $$
kill -0 1
kill -0 $nopid 2>/dev/null
echo 0 >"$en/enable"
grep -q ": sys_kill(pid: $me, sig: 0)\$" "$T/trace" || fail "the filter dropped the matching call"
[ "$(grep -c ': sys_kill(' "$T/trace")" = 1 ] && ! grep -q ': sys_kill(pid: 1,' "$T/trace" ||
	fail "the filter let another call pass"
echo 0 >"$en/filter"
[ "$(cat "$en/filter")" = none ] || fail "filter after '0' reads '$(cat "$en/filter")'"

# a string argument: FIELD.ustring reads it from user memory
op=$S/sys_enter_openat
for pat in '*/lib.sh:1' '*/no_such_file:0'; do
	: >"$T/trace"
	echo "filename.ustring ~ \"${pat%:*}\"" >"$op/filter" || fail "ustring filter refused"
	echo 1 >"$op/enable"
	cat "$TESTDIR/lib.sh" >/dev/null
	echo 0 >"$op/enable"
	n=$(grep -c ': sys_openat(' "$T/trace")
	[ "$n" = "${pat#*:}" ] || fail "filename ~ ${pat%:*}: $n records"
done
echo 0 >"$op/filter"

# bad input
expect_err "$en/filter" 'no_such_field == 1' "Invalid argument"
expect_err "$en/filter" 'pid == abc' "Invalid argument"
expect_err "$ex/filter" 'ret ~ 1' "Invalid argument"
expect_err "$en/enable" 2 "Invalid argument"
expect_err "$T/set_event" 'syscalls:sys_enter_no_such_call' "Invalid argument"
[ "$(cat "$en/enable")" = 0 ] || fail "bad input enabled sys_enter_kill"
echo 0 >"$en/filter"

# an instance records what it enabled, and only there
: >"$T/trace"
mkdir "$inst" || fail "mkdir $inst"
echo syscalls:sys_exit_kill >"$inst/set_event" || fail "instance set_event refused"
[ "$(cat "$ex/enable")" = 0 ] || fail "the top level's sys_exit_kill went on too"
kill -0 $$
grep -q ': sys_kill -> 0x0$' "$inst/trace" || fail "no record in the instance"
grep -q ': sys_kill' "$T/trace" && fail "instance records in the top level"
rmdir "$inst" || fail "rmdir with a syscall event enabled failed"

# the whole group
: >"$T/trace"
echo 1 >"$S/enable" || fail "events/syscalls/enable refused 1"
[ "$(cat "$S/enable")" = 1 ] || fail "events/syscalls/enable reads $(cat "$S/enable")"
[ "$(cat "$S/sys_exit_openat/enable")" = 1 ] || fail "sys_exit_openat not on with the group"
cat "$S/sys_enter_kill/format" >/dev/null
kill -0 $$
echo 0 >"$S/enable"
[ "$(cat "$S/enable")" = 0 ] || fail "events/syscalls/enable reads $(cat "$S/enable") after 0"
grep -q '^syscalls:' "$T/set_event" && fail "set_event lists syscalls after disabling"
grep -q ': sys_openat(dfd: ' "$T/trace" || fail "no sys_openat record with the group on"
grep -q ': sys_openat -> 0x' "$T/trace" || fail "no sys_openat exit record with the group on"
echo 'syscalls:sys_enter_kill' >>"$T/set_event" || fail "set_event refused syscalls:sys_enter_kill"
[ "$(cat "$en/enable")" = 1 ] || fail "set_event did not enable sys_enter_kill"
grep -qx 'syscalls:sys_enter_kill' "$T/set_event" || fail "set_event does not list it"
echo '!syscalls:sys_enter_kill' >>"$T/set_event"
[ "$(cat "$en/enable")" = 0 ] || fail "!syscalls:sys_enter_kill left it on"

# triggers: on a syscall event that is off (its probe attached for the
# trigger alone), with a filter on an argument; enable_event turns on
# the exit event of the same call
echo "traceoff if pid == $nopid" >"$en/trigger" || fail "syscall trigger refused"
kill -0 $$
[ "$(cat "$T/tracing_on")" = 1 ] || fail "traceoff fired on a call its filter excludes"
kill -0 $nopid 2>/dev/null
[ "$(cat "$T/tracing_on")" = 0 ] || fail "traceoff if pid == $nopid did not fire"
echo '!traceoff' >>"$en/trigger"
echo 1 >"$T/tracing_on"
: >"$T/trace"
echo 'enable_event:syscalls:sys_exit_kill:1' >"$en/trigger" ||
	fail "enable_event on a syscall event refused"
kill -0 $$
[ "$(cat "$ex/enable")" = "1*" ] || fail "enable_event: sys_exit_kill reads '$(cat "$ex/enable")'"
grep -q ': sys_kill -> 0x0$' "$T/trace" || fail "enable_event: no sys_exit_kill record"
grep -q ': sys_kill(' "$T/trace" && fail "the triggering event recorded although off"
echo '!enable_event:syscalls:sys_exit_kill' >>"$en/trigger"
# the target stays as the trigger left it, out of soft mode
[ "$(cat "$ex/enable")" = 1 ] || fail "sys_exit_kill reads '$(cat "$ex/enable")' after the trigger went"
echo 0 >"$ex/enable"
[ "$(cat "$en/enable")" = 0 ] || fail "sys_enter_kill reads '$(cat "$en/enable")' after its trigger went"

# perf: a counting event of sys_enter_kill sees this task's calls
command -v python3 >/dev/null || fail "no python3 in the guest for perf_event_open(2)"
python3 - "$(cat "$en/id")" "$(cat "$ex/id")" <<'EOF' || fail "perf count of sys_*_kill"
import ctypes, os, platform, struct, sys
NR = {"x86_64": 298, "aarch64": 241}[platform.machine()]
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
def perf_open(config):
    a = bytearray(112)
    struct.pack_into("<IIQ", a, 0, 2, 112, config)
    fd = libc.syscall(NR, ctypes.create_string_buffer(bytes(a), 112), 0, -1, -1, 0)
    if fd < 0:
        sys.exit("perf_event_open(%d): errno %d" % (config, ctypes.get_errno()))
    return fd
fds = [perf_open(int(i)) for i in sys.argv[1:]]
for _ in range(3):
    os.kill(os.getpid(), 0)
counts = [struct.unpack("<Q", os.read(fd, 8))[0] for fd in fds]
if counts != [3, 3]:
    sys.exit("counts %s, want [3, 3]" % counts)
EOF
exit 0
