#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Event probes (e: in dynamic_events), as upstream 6.1's:
# - README names them; a definition's line in dynamic_events, its
#   fields in format and its print fmt;
# - on syscalls/sys_enter_openat, alone (the target not enabled), an
#   eprobe records the path opened through +0($filename):ustring and
#   dfd (AT_FDCWD, -100) through $dfd:s32, and the target records
#   nothing; with the target enabled too, each eprobe record comes right
#   after its target's record, from the same task;
# - a __data_loc string field ($filename of sched_process_exec) and
#   $comm:string;
# - "if FILTER" on the target's fields: only O_CREAT opens;
# - an eprobe enabled in an instance records there only, and the
#   instance can be removed while it is enabled;
# - the target's trigger file does not show the eprobe's trigger;
# - an enabled eprobe cannot be removed (EBUSY); "-:" with the attached
#   event and args removes; a second definition of a name gets EEXIST;
# - errors: an event that does not exist or is a kprobe event (ENODEV),
#   a field it does not have (ENOENT), a filter without a left operand
#   (EINVAL), with upstream's error_log text;
# - on ours only, where it differs on purpose: perf_event_open() of an
#   eprobe gets EOPNOTSUPP (upstream's opens, and counts nothing).
. "$TESTDIR/lib.sh"
export LC_ALL=C

[ -e "$T/dynamic_events" ] || fail "no dynamic_events"
S=$T/events/syscalls
[ -d "$S/sys_enter_openat" ] || fail "no syscalls/sys_enter_openat"
E=$T/events/eprobes
inst=$T/instances/eprobe_$$
path=/tmp/eprobe_marker_$$
cleanup() {
	for e in "$E"/*/enable "$inst"/events/eprobes/*/enable; do
		[ ! -e "$e" ] || echo 0 >"$e"
	done
	echo 0 >"$S/sys_enter_openat/enable"
	[ ! -d "$inst" ] || rmdir "$inst"
	: >"$T/dynamic_events"
	rm -f "$path"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/events/enable"
: >"$T/dynamic_events" || fail "could not clear dynamic_events"
: >"$path"

grep -qF 'e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>] [if <filter>]' "$T/README" ||
	fail "README does not name event probes"

# A definition, its line, its format.
echo 'e:ep_open syscalls/sys_enter_openat file=+0($filename):ustring dfd=$dfd:s32' \
	>>"$T/dynamic_events" || fail "the eprobe was refused"
got=$(cat "$T/dynamic_events")
[ "$got" = 'e:eprobes/ep_open syscalls.sys_enter_openat file=+0($filename):ustring dfd=$dfd:s32' ] ||
	fail "dynamic_events shows '$got'"
fmt=$E/ep_open/format
[ -f "$fmt" ] || fail "no events/eprobes/ep_open"
tab=$(printf '\t')
grep -qxF "${tab}field:__data_loc char[] file;${tab}offset:8;${tab}size:4;${tab}signed:1;" "$fmt" ||
	fail "format's file: $(grep 'file;' "$fmt")"
grep -qxF "${tab}field:s32 dfd;${tab}offset:12;${tab}size:4;${tab}signed:1;" "$fmt" ||
	fail "format's dfd: $(grep 'dfd;' "$fmt")"
grep -qxF 'print fmt: " file=\"%s\" dfd=%d", __get_str(file), REC->dfd' "$fmt" ||
	fail "format's $(grep '^print fmt' "$fmt")"

# Alone: the eprobe records, its target does not.
echo 1 >"$E/ep_open/enable"
cat "$path"
echo 0 >"$E/ep_open/enable"
grep -q "ep_open: (syscalls.sys_enter_openat) file=\"$path\" dfd=-100\$" "$T/trace" ||
	fail "no ep_open record of $path: $(grep ep_open "$T/trace" | head -3)"
! grep -q 'sys_openat(' "$T/trace" || fail "the target recorded, not enabled"

# With its target: each eprobe record right after the target's.
: >"$T/trace"
echo 1 >"$S/sys_enter_openat/enable"
echo 1 >"$E/ep_open/enable"
cat "$path"
echo 0 >"$E/ep_open/enable"
echo 0 >"$S/sys_enter_openat/enable"
awk -v p="file=\"$path\"" '
	/^#/ { next }
	{ task = $1 }
	/ sys_openat\(/ { last = task; next }
	/ ep_open: / { n++; if (last != task) bad = bad $0 "\n"; last = "" }
	END {
		if (!n) { print "no ep_open record"; exit 1 }
		if (bad != "") { printf "not after its target:\n%s", bad; exit 1 }
	}' "$T/trace" || fail "$(grep -E 'ep_open|sys_openat' "$T/trace" | head -6)"
grep -q "ep_open: .*$path" "$T/trace" || fail "no ep_open of $path with the target on"

# A __data_loc string field, and $comm.
: >"$T/trace"
echo 'e:ep_exec sched/sched_process_exec fn=$filename:string c=$comm:string' \
	>>"$T/dynamic_events" || fail "ep_exec was refused"
echo 1 >"$E/ep_exec/enable"
/bin/sh -c true
echo 0 >"$E/ep_exec/enable"
grep -q 'ep_exec: (sched.sched_process_exec) fn="/bin/sh" c="sh"$' "$T/trace" ||
	fail "no ep_exec of /bin/sh: $(grep ep_exec "$T/trace" | head -3)"

# A filter on the target's fields: O_CREAT (0x40 on both arches) opens.
: >"$T/trace"
echo 'e:ep_creat syscalls.sys_enter_openat file=+0($filename):ustring if flags & 64' \
	>>"$T/dynamic_events" || fail "ep_creat was refused"
grep -qx 'e:eprobes/ep_creat syscalls.sys_enter_openat file=+0($filename):ustring' "$T/dynamic_events" ||
	fail "dynamic_events: $(cat "$T/dynamic_events")"
echo 1 >"$E/ep_creat/enable"
cat "$path" >/dev/null
: >"$path"
echo 0 >"$E/ep_creat/enable"
[ "$(grep -c "ep_creat: .*file=\"$path\"" "$T/trace")" = 1 ] ||
	fail "the filter: $(grep ep_creat "$T/trace" | head -4)"

# The target's trigger file keeps its header: the eprobe's is not shown.
echo 1 >"$E/ep_open/enable"
head -1 "$S/sys_enter_openat/trigger" | grep -q '^# Available triggers:' ||
	fail "trigger shows: $(cat "$S/sys_enter_openat/trigger")"

# Busy while enabled.
expect_err "$T/dynamic_events" '-:ep_open' "Device or resource busy"
echo 0 >"$E/ep_open/enable"

# In an instance only; then the instance goes while it is enabled.
: >"$T/trace"
mkdir "$inst"
echo 1 >"$inst/events/eprobes/ep_open/enable"
cat "$path"
grep -q "ep_open: .*file=\"$path\"" "$inst/trace" || fail "the instance recorded no ep_open"
! grep -q 'ep_open: ' "$T/trace" || fail "the top level recorded the instance's ep_open"
rmdir "$inst" || fail "the instance with an enabled eprobe could not go"
cat "$path"
echo 1 >"$E/ep_open/enable"
cat "$path"
echo 0 >"$E/ep_open/enable"
grep -q "ep_open: .*file=\"$path\"" "$T/trace" || fail "ep_open recorded nothing after the instance went"

# A second definition of a name; removal by name, event and args.
expect_err "$T/dynamic_events" 'e:ep_open syscalls/sys_enter_openat' "File exists"
echo '-:eprobes/ep_open syscalls/sys_enter_openat file=+0($filename):ustring dfd=$dfd:s32' \
	>>"$T/dynamic_events" || fail "-: with the event and args did not remove ep_open"
[ ! -d "$E/ep_open" ] || fail "ep_open's directory stayed"
expect_err "$T/dynamic_events" '-:ep_exec sched.sched_switch' "No such file or directory"
echo '-:ep_exec sched.sched_process_exec' >>"$T/dynamic_events" || fail "-:ep_exec EVENT failed"

# Errors.
echo >"$T/error_log"
expect_err "$T/dynamic_events" 'e:ep_bad nosuch.event' "No such device"
grep -q 'event_probe: error: Attached event does not exist' "$T/error_log" ||
	fail "no attached event logged: $(cat "$T/error_log")"
echo 'p:kprobes/kp_ep vfs_read' >>"$T/dynamic_events" || fail "the kprobe was refused"
expect_err "$T/dynamic_events" 'e:ep_bad kprobes.kp_ep' "No such device"
echo '-:kprobes/kp_ep' >>"$T/dynamic_events"
echo >"$T/error_log"
expect_err "$T/dynamic_events" 'e:ep_bad syscalls.sys_enter_openat a=$nosuch' "No such file or directory"
grep -q 'event_probe: error: Attached event does not have this field' "$T/error_log" ||
	fail "no field logged: $(cat "$T/error_log")"
# A filter without a left operand: EINVAL, as every definition error
# (a filter file gets EPERM for it).
echo >"$T/error_log"
expect_err "$T/dynamic_events" 'e:ep_bad syscalls.sys_enter_openat if & 64' "Invalid argument"
grep -q 'event filter parse error' "$T/error_log" ||
	fail "no filter error logged: $(cat "$T/error_log")"

# perf: refused on ours, opened (and counting nothing) on upstream.
command -v python3 >/dev/null || fail "no python3 in the guest for perf_event_open(2)"
echo 'e:ep_perf syscalls.sys_enter_openat' >>"$T/dynamic_events" || fail "ep_perf was refused"
res=$(python3 - "$(cat "$E/ep_perf/id")" <<'EOF'
import ctypes, platform, struct, sys
NR = {"x86_64": 298, "aarch64": 241}[platform.machine()]
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
a = bytearray(112)
struct.pack_into("<IIQ", a, 0, 2, 112, int(sys.argv[1]))
fd = libc.syscall(NR, ctypes.create_string_buffer(bytes(a), 112), 0, -1, -1, 0)
print("errno %d" % ctypes.get_errno() if fd < 0 else "opened")
EOF
)
if [ "$flavor" = ours ]; then
	[ "$res" = "errno 95" ] || fail "perf_event_open of an eprobe: $res, want EOPNOTSUPP (95)"
else
	[ "$res" = opened ] || fail "perf_event_open of an eprobe on $flavor: $res"
fi
: >"$T/dynamic_events" || fail "O_TRUNC of dynamic_events failed"
[ ! -d "$E" ] || fail "events/eprobes stayed: $(ls "$E")"
