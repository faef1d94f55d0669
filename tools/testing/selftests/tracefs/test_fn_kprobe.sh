#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kprobe events (kprobe_events, kprobe_profile, dynamic_events), as
# upstream 6.1's. In the function tracing boots (one TCG thread): a
# kprobe patches live text, through ftrace or with a breakpoint.
# - the seed's example, verbatim on x86-64: its line in kprobe_events,
#   its fields in format and print fmt, and its records in trace (on
#   do_sys_openat2, which the example joins: 6.1 calls no do_sys_open);
# - perf probe on x86-64 (Debian's linux-perf): add, list, record and
#   read back, delete;
# - on both arches: a string argument through $arg2 (the path opened),
#   a kretprobe's $retval as s32 (-2 for a missing file) with its
#   "(CALLER <- FUNC)" head, a filter on it, kprobe_profile's hits;
# - an event enabled in an instance only records there;
# - a function probe's enable_event on a kprobe event works, and
#   enabling the event races commands written to set_ftrace_filter for
#   3 s without a deadlock (the two take event_mutex, then the filters');
# - the kprobe PMU: perf_event_open() of a kprobe and a kretprobe that
#   count, are not in tracefs, and refuse an unknown function (ENOENT);
# - removing an enabled event gives EBUSY; dynamic_events lists the
#   kprobe events and removes them; O_TRUNC removes all; a group of 20
#   goes with one -:GROUP/, and the place takes probes again after;
# - a parse error gets EINVAL and upstream's error_log text and caret;
# - on ours only, where it differs on purpose: unreadable memory records
#   0, a string longer than a record may hold is cut, $comm:u8 is logged,
#   a group's removal with one of its events enabled removes none.
. "$TESTDIR/lib.sh"
export LC_ALL=C

[ -e "$T/kprobe_events" ] || fail "no kprobe_events"
[ -e "$T/dynamic_events" ] || fail "no dynamic_events"
inst=$T/instances/kprobe_$$
d=/tmp/kprobe.$$
stop=$d/stop
pids=
cleanup() {
	stop_loops
	echo >"$T/set_ftrace_filter"
	for e in "$T"/events/kprobes/*/enable "$inst"/events/kprobes/*/enable \
		"$T"/events/kgrp/*/enable; do
		[ ! -e "$e" ] || echo 0 >"$e"
	done
	: >"$T/kprobe_events"
	[ ! -d "$inst" ] || rmdir "$inst"
	rm -rf "$path"
	reset_tracing
}
trap cleanup EXIT
mkdir -p "$d"
path=/tmp/kprobe_marker_$$
missing=/tmp/kprobe_missing_$$
reset_tracing
: >"$T/kprobe_events" || fail "could not clear kprobe_events"

# The seed's example (Documentation/trace/kprobetrace.rst), x86-64 only:
# its registers are x86's.
if [ "$arch" = x86_64 ]; then
	line='p:myprobe do_sys_open dfd=%ax filename=%dx flags=%cx mode=+4($stack)'
	echo "$line" >"$T/kprobe_events" || fail "the seed's example was refused"
	got=$(cat "$T/kprobe_events")
	[ "$got" = "p:kprobes/myprobe do_sys_open dfd=%ax filename=%dx flags=%cx mode=+4(\$stack)" ] ||
		fail "kprobe_events shows '$got'"
	fmt=$T/events/kprobes/myprobe/format
	grep -q '	field:unsigned long __probe_ip;	offset:8;	size:8;	signed:0;' "$fmt" ||
		fail "format: no __probe_ip at 8: $(cat "$fmt")"
	grep -q '	field:u64 mode;	offset:40;	size:8;	signed:0;' "$fmt" ||
		fail "format: no mode at 40: $(cat "$fmt")"
	grep -q '^print fmt: "(%lx) dfd=0x%Lx filename=0x%Lx flags=0x%Lx mode=0x%Lx", REC->__probe_ip, REC->dfd, REC->filename, REC->flags, REC->mode$' "$fmt" ||
		fail "format: print fmt: $(grep 'print fmt' "$fmt")"
	# 6.1 inlines do_sys_open() into the open syscalls (on upstream's
	# kernel as well): nothing calls its body. The same definition on
	# the function it calls joins the event (a multiprobe event).
	echo "${line%% do_sys_open *} do_sys_openat2 ${line#* do_sys_open }" >>"$T/kprobe_events" ||
		fail "the example on do_sys_openat2 did not join myprobe"
	[ "$(grep -c '^p:kprobes/myprobe ' "$T/kprobe_events")" = 2 ] ||
		fail "kprobe_events: $(cat "$T/kprobe_events")"
	echo 1 >"$T/events/kprobes/myprobe/enable"
	cat /etc/hostname >/dev/null 2>&1
	echo 0 >"$T/events/kprobes/myprobe/enable"
	grep -Eq 'myprobe: \(do_sys_openat2\+0x[0-9a-f]+/0x[0-9a-f]+\) dfd=0x[0-9a-f]+ filename=0x[0-9a-f]+ flags=0x[0-9a-f]+ mode=0x[0-9a-f]+$' "$T/trace" ||
		fail "no myprobe record: $(grep myprobe "$T/trace" | head -3)"
	echo '-:myprobe' >>"$T/kprobe_events" || fail "could not remove myprobe"
	[ ! -d "$T/events/kprobes/myprobe" ] || fail "myprobe's directory stayed"
	: >"$T/trace"
	# perf probe (Debian's linux-perf; the host's userland is the
	# guest's): add a probe with an argument, list it, record it and
	# read its records back, delete it.
	command -v perf >/dev/null || fail "no perf in the x86-64 guest (linux-perf)"
	perf probe -q -a 'kp_perf=do_sys_openat2 dfd=%di:s32' >"$d/perf.out" 2>&1 ||
		fail "perf probe -a: $(cat "$d/perf.out")"
	grep -q '^p:probe/kp_perf .* dfd=%di:s32$' "$T/kprobe_events" ||
		fail "kprobe_events after perf probe: $(cat "$T/kprobe_events")"
	# perf names the source file when it finds the kernel's debug
	# information (/lib/modules/*/build/vmlinux of a debug-info build).
	perf probe -l 2>&1 | grep -Eq 'probe:kp_perf +\(on do_sys_openat2(@[^ ]*fs/open\.c)? with dfd\)' ||
		fail "perf probe -l: $(perf probe -l 2>&1)"
	: >"$path"
	perf record -q -o "$d/perf.data" -e probe:kp_perf -- cat "$path" >"$d/perf.out" 2>&1 ||
		fail "perf record: $(cat "$d/perf.out")"
	perf script -i "$d/perf.data" >"$d/perf.script" 2>&1 || fail "perf script: $(cat "$d/perf.script")"
	grep -Eq '^ *cat +[0-9]+ .* probe:kp_perf: \([0-9a-f]+\) dfd=-100$' "$d/perf.script" ||
		fail "perf script shows no open of cat's (AT_FDCWD): $(head -5 "$d/perf.script")"
	perf probe -q -d probe:kp_perf >"$d/perf.out" 2>&1 || fail "perf probe -d: $(cat "$d/perf.out")"
	[ -z "$(cat "$T/kprobe_events")" ] || fail "perf probe -d left: $(cat "$T/kprobe_events")"
fi

# A string through $arg2, and a kretprobe's return value.
echo "p:kp_open do_sys_openat2 path=+0(\$arg2):string" >>"$T/kprobe_events" ||
	fail "p:kp_open refused"
echo 'r:kr_open do_sys_openat2 ret=$retval:s32' >>"$T/kprobe_events" ||
	fail "r:kr_open refused"
grep -q 'field:__data_loc char\[\] path;	offset:16;	size:4;	signed:1;' \
	"$T/events/kprobes/kp_open/format" || fail "kp_open's format: $(cat "$T/events/kprobes/kp_open/format")"
grep -q 'field:s32 ret;	offset:24;	size:4;	signed:1;' \
	"$T/events/kprobes/kr_open/format" || fail "kr_open's format: $(cat "$T/events/kprobes/kr_open/format")"
: >"$path"
echo 1 >"$T/events/kprobes/kp_open/enable"
echo 1 >"$T/events/kprobes/kr_open/enable"
cat "$path" "$missing" >/dev/null 2>&1
echo 0 >"$T/events/kprobes/kp_open/enable"
echo 0 >"$T/events/kprobes/kr_open/enable"
grep -q "kp_open: (do_sys_openat2+0x[0-9a-f]*/0x[0-9a-f]*) path=\"$path\"\$" "$T/trace" ||
	fail "no kp_open record of $path: $(grep kp_open "$T/trace" | tail -3)"
grep -q "kr_open: ([a-z_0-9.]*+0x[0-9a-f]*/0x[0-9a-f]* <- do_sys_openat2) ret=-2\$" "$T/trace" ||
	fail "no kr_open record of -2: $(grep kr_open "$T/trace" | tail -3)"

# A filter on the return value: only the failed open.
: >"$T/trace"
echo 'ret == -2' >"$T/events/kprobes/kr_open/filter" || fail "filter refused"
echo 1 >"$T/events/kprobes/kr_open/enable"
cat "$path" "$missing" >/dev/null 2>&1
echo 0 >"$T/events/kprobes/kr_open/enable"
grep -q 'kr_open: .* ret=-2$' "$T/trace" || fail "the filtered event recorded nothing"
! grep 'kr_open: ' "$T/trace" | grep -qv 'ret=-2$' ||
	fail "the filter let through: $(grep 'kr_open: ' "$T/trace" | grep -v 'ret=-2$' | head -2)"
echo 0 >"$T/events/kprobes/kr_open/filter"

# kprobe_profile counts the hits.
hits() { awk -v e="$1" '$1 == e { print $2 }' "$T/kprobe_profile"; }
h0=$(hits kp_open)
[ -n "$h0" ] || fail "kp_open not in kprobe_profile: $(cat "$T/kprobe_profile")"
[ "$h0" -ge 2 ] || fail "kprobe_profile: kp_open hit $h0 times, want 2 or more"
echo 1 >"$T/events/kprobes/kp_open/enable"
i=0
while [ $i -lt 5 ]; do cat "$path"; i=$((i + 1)); done
echo 0 >"$T/events/kprobes/kp_open/enable"
h1=$(hits kp_open)
[ $((h1 - h0)) -ge 5 ] || fail "kprobe_profile: $h0 then $h1 hits after 5 opens"

# An event enabled in an instance only records there.
: >"$T/trace"
mkdir "$inst"
echo 1 >"$inst/events/kprobes/kp_open/enable"
cat "$path" >/dev/null
echo 0 >"$inst/events/kprobes/kp_open/enable"
grep -q "kp_open: .*path=\"$path\"" "$inst/trace" || fail "the instance recorded no kp_open"
! grep -q 'kp_open: ' "$T/trace" || fail "the top level recorded the instance's kp_open"

# Busy, dynamic_events, removal.
echo 1 >"$T/events/kprobes/kp_open/enable"
expect_err "$T/kprobe_events" '-:kp_open' "Device or resource busy"
expect_err "$T/dynamic_events" '-:kprobes/kp_open' "Device or resource busy"
echo 0 >"$T/events/kprobes/kp_open/enable"
# (kprobes sets a kretprobe's default maxactive, which then shows)
grep -Eqx 'r[0-9]*:kprobes/kr_open do_sys_openat2 ret=\$retval:s32' "$T/dynamic_events" ||
	fail "dynamic_events: $(cat "$T/dynamic_events")"
echo '-:kprobes/kp_open' >>"$T/dynamic_events" || fail "dynamic_events did not remove kp_open"
[ ! -d "$T/events/kprobes/kp_open" ] || fail "kp_open's directory stayed"
expect_err "$T/dynamic_events" '-:kprobes/kp_open' "No such file or directory"
: >"$T/dynamic_events" || fail "O_TRUNC of dynamic_events failed"
[ -z "$(cat "$T/kprobe_events")" ] || fail "O_TRUNC left: $(cat "$T/kprobe_events")"

# A group of 20 (kprobes and kretprobes) goes with one -:GROUP/; with
# one of them enabled, the write gets EBUSY: on ours none goes (the
# removal is all or nothing), upstream's removes those listed before it.
i=0
while [ $i -lt 10 ]; do
	echo "p:kgrp/p$i do_sys_openat2"
	echo "r:kgrp/r$i do_sys_openat2 ret=\$retval:s32"
	i=$((i + 1))
done >"$d/group"
cat "$d/group" >>"$T/kprobe_events" || fail "the group of 20 was refused"
[ "$(grep -c '^[pr][0-9]*:kgrp/' "$T/kprobe_events")" = 20 ] ||
	fail "the group: $(grep -c kgrp "$T/kprobe_events") events"
echo 1 >"$T/events/kgrp/r9/enable"
expect_err "$T/kprobe_events" '-:kgrp/' "Device or resource busy"
left=$(grep -c '^[pr][0-9]*:kgrp/' "$T/kprobe_events")
if [ "$flavor" = ours ]; then
	[ "$left" = 20 ] || fail "-:kgrp/ with r9 enabled left $left of 20 on ours, want all"
else
	[ "$left" -ge 1 ] && [ "$left" -lt 20 ] || fail "-:kgrp/ with r9 enabled left $left of 20 on $flavor"
fi
: >"$T/trace"
cat "$path"
grep -q 'r9: .* ret=[0-9][0-9]*$' "$T/trace" || fail "r9 recorded nothing: $(grep r9 "$T/trace" | head -2)"
echo 0 >"$T/events/kgrp/r9/enable"
echo '-:kgrp/' >>"$T/kprobe_events" || fail "-:kgrp/ failed"
[ -z "$(cat "$T/kprobe_events")" ] || fail "-:kgrp/ left: $(cat "$T/kprobe_events")"
[ ! -d "$T/events/kgrp" ] || fail "events/kgrp stayed"
# the place takes probes again: the removed ones were unregistered
echo 'p:kgrp/again do_sys_openat2' >>"$T/kprobe_events" || fail "do_sys_openat2 refused a probe after the group went"
echo 1 >"$T/events/kgrp/again/enable"
cat "$path"
echo 0 >"$T/events/kgrp/again/enable"
grep -q 'again: (do_sys_openat2' "$T/trace" || fail "the probe after the group recorded nothing"
echo '-:kgrp/again' >>"$T/kprobe_events" || fail "-:kgrp/again failed"

# A function probe's enable_event on a kprobe event: the command's hold
# arms the kprobe, which edits kprobes' ftrace filter, while
# set_ftrace_filter's edit is under way (a deadlock once), and on
# arm64 puts a brk where ftrace's site begins. vfs_read enables kp_cmd,
# which then records the opens after it.
: >"$T/trace"
echo 'p:kp_cmd do_sys_openat2' >>"$T/kprobe_events" || fail "p:kp_cmd refused"
echo 'vfs_read:enable_event:kprobes:kp_cmd' >"$T/set_ftrace_filter" ||
	fail "enable_event on a kprobe event refused"
# a read() runs vfs_read (busybox's cat uses sendfile()), then an open
read -r _ <"$T/README"
cat "$path" >/dev/null
grep -q 'kp_cmd: (do_sys_openat2+' "$T/trace" ||
	fail "enable_event did not enable kp_cmd: $(cat "$T/set_ftrace_filter" "$T/events/kprobes/kp_cmd/enable" "$T/kprobe_profile" "$T/tracing_on"; tail -3 "$T/trace")"
echo '!vfs_read:enable_event:kprobes:kp_cmd' >>"$T/set_ftrace_filter" ||
	fail "could not remove the enable_event command"
echo >"$T/set_ftrace_filter"
# and the two orders at once: enabling the kprobe event, and commands
# written to set_ftrace_filter, from two processes for 3 s
loop enable sh -c "echo 1 >'$T/events/kprobes/kp_cmd/enable' && echo 0 >'$T/events/kprobes/kp_cmd/enable'"
loop command sh -c "echo 'vfs_readv:traceon' >>'$T/set_ftrace_filter' && echo '!vfs_readv:traceon' >>'$T/set_ftrace_filter'"
end_loops 3 enable command
echo '-:kp_cmd' >>"$T/kprobe_events" || fail "kp_cmd could not be removed after its command went"

# The kprobe PMU (perf_event_open() of the "kprobe" type, as bpftrace
# and BPF loaders use it): a kprobe and a kretprobe of the perf event's
# own count this task's opens, are listed nowhere in tracefs, refuse an
# unknown function with ENOENT, and go when the perf event is closed.
pmu=/sys/bus/event_source/devices/kprobe
[ -r "$pmu/type" ] || fail "no kprobe PMU in $pmu"
command -v python3 >/dev/null || fail "no python3 in the guest for perf_event_open(2)"
python3 - "$(cat "$pmu/type")" "$T/kprobe_events" "$path" <<'EOF' || fail "kprobe PMU checks failed"
import ctypes, os, platform, struct, sys

ptype, kprobe_events, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
NR = {"x86_64": 298, "aarch64": 241}[platform.machine()]
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
ATTR_SIZE = 112

def open_probe(func, ret):
    name = ctypes.create_string_buffer(func.encode())
    a = bytearray(ATTR_SIZE)
    # type, size, config (bit 0: retprobe); kprobe_func at 56, offset at 64
    struct.pack_into("<IIQ", a, 0, ptype, ATTR_SIZE, 1 if ret else 0)
    struct.pack_into("<QQ", a, 56, ctypes.addressof(name), 0)
    buf = ctypes.create_string_buffer(bytes(a), ATTR_SIZE)
    fd = libc.syscall(NR, buf, 0, -1, -1, 0)
    return fd if fd >= 0 else -ctypes.get_errno()

fds = [open_probe("do_sys_openat2", r) for r in (False, True)]
for fd in fds:
    if fd < 0:
        sys.exit("perf_event_open of a kprobe: %s" % os.strerror(-fd))
if open(kprobe_events).read():
    sys.exit("the PMU's kprobes show in kprobe_events")
for i in range(20):
    os.close(os.open(path, os.O_RDONLY))
for fd, what in zip(fds, ("kprobe", "kretprobe")):
    n = struct.unpack("<Q", os.read(fd, 8))[0]
    if not 20 <= n < 1000:
        sys.exit("the %s counted %d of 20 opens" % (what, n))
    os.close(fd)
err = open_probe("no_such_function_here", False)
if err != -2:
    sys.exit("an unknown function: %s, want ENOENT" %
             (os.strerror(-err) if err < 0 else "opened"))
EOF

# Where ours differs on purpose (the README): an argument whose memory
# cannot be read records 0, strings longer than a record may hold (a
# page less 512 bytes) are cut there, and $comm with a type other than
# string is logged.
if [ "$flavor" = ours ]; then
	: >"$T/trace"
	echo "p:kp_cut do_sys_openat2 z=@0:u32 path=+0(\$arg2):string" >>"$T/kprobe_events" ||
		fail "p:kp_cut refused"
	long=$(python3 -c 'print("/tmp/" + "x" * 4080)')
	echo 1 >"$T/events/kprobes/kp_cut/enable"
	cat "$long" >/dev/null 2>&1
	echo 0 >"$T/events/kprobes/kp_cut/enable"
	n=$(grep 'kp_cut: .* z=0 path="/tmp/xxx' "$T/trace" | awk '{ print length($0) }' | sort -n | tail -n 1)
	[ -n "$n" ] || fail "no kp_cut record of the long path: $(grep kp_cut "$T/trace" | cut -c 1-200 | head -3)"
	# the record is a page less 512 bytes: its line fits in a page
	[ "$n" -gt 3500 ] && [ "$n" -lt 4096 ] || fail "kp_cut's line is $n characters long"
	echo '-:kp_cut' >>"$T/kprobe_events"
	echo >"$T/error_log"
	expect_err "$T/kprobe_events" 'p vfs_read $comm:u8' "Invalid argument"
	grep -q 'trace_kprobe: error: Unknown type is specified' "$T/error_log" ||
		fail "\$comm:u8 logged: $(cat "$T/error_log")"
fi

# A parse error: EINVAL, and upstream's entry in error_log.
echo >"$T/error_log"
expect_err "$T/kprobe_events" 'p vfs_read $retval' "Invalid argument"
grep -q 'trace_kprobe: error: \$retval is not available on probe' "$T/error_log" ||
	fail "error_log: $(cat "$T/error_log")"
# "  Command: " then the caret under the 12th character, "$"
[ "$(tail -n 1 "$T/error_log")" = "$(printf '%22s^' '')" ] ||
	fail "error_log's caret: '$(tail -n 1 "$T/error_log")'"
expect_err "$T/kprobe_events" 'x vfs_read' "Invalid argument"
expect_err "$T/kprobe_events" 'p:grp/ev no_such_function_here' "No such file or directory"
echo "kprobe events: records, formats, filters, instances, removal and errors as upstream"
