#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# uprobe events (uprobe_events, uprobe_profile), as upstream 6.1's:
# - README names the uprobe place; the parse errors a user meets first
#   get their errno and upstream's error_log text;
# - a probe at the entry point of a copy of a program (found in its ELF
#   header by python3, in both guests): its line in uprobe_events, the
#   default name, its format; run three times, it records three times,
#   with the address hit (on the entry's page offset), argc and argv[0]
#   read from the user stack ($stack, +8($stack) dereferenced), the
#   file's first word through @+0 (the ELF magic: busybox, static, in
#   the guests, never touches the page of its ELF header, so the read
#   must fault it in, as upstream's does) and $comm; uprobe_profile
#   counts the three hits (and on ours, no record lost);
# - a return probe (the %return form) on libc's __cxa_atexit, which
#   every dynamically linked program calls once at its start: records
#   "(RET <- FUNC)" with FUNC the function's address and $retval 0;
# - an enabled probe cannot be removed (EBUSY); "-:" removes it once it
#   is disabled; a probe enabled in an instance records there only;
# - the uprobe PMU (perf_event_open with the type of
#   /sys/bus/event_source/devices/uprobe) counts the entry's hits in
#   two children: 2 (upstream's and rb's count 1 at times, their
#   per-task filter missing a child: on ours every process mapping the
#   file has the breakpoint).
. "$TESTDIR/lib.sh"
export LC_ALL=C

[ -e "$T/uprobe_events" ] || fail "no uprobe_events"
command -v python3 >/dev/null || fail "no python3 in the guest to read ELF files"
U=$T/events/uprobes
inst=$T/instances/uprobe_$$
dir=/tmp/uprobe.$$
cleanup() {
	for e in "$U"/*/enable "$inst"/events/uprobes/*/enable; do
		[ ! -e "$e" ] || echo 0 >"$e"
	done
	[ ! -d "$inst" ] || rmdir "$inst"
	: >"$T/uprobe_events"
	rm -rf "$dir"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/events/enable"
: >"$T/uprobe_events" || fail "could not clear uprobe_events"

grep -qF 'place (uprobe): <path>:<offset>[%return][(ref_ctr_offset)]' "$T/README" ||
	fail "README does not name the uprobe place"

# elf_offset FILE [SYMBOL]: the file offset of FILE's entry point, or of
# the dynamic symbol SYMBOL, in hex.
elf_offset() {
	python3 "$TESTDIR/tracefs_util.py" elf-offset "$@"
}

# The target: a copy of true, its own inode, so that only our runs of it
# hit. busybox's (the arm64 guest's) is run as "busybox true".
# (the arm64 guest's true is busybox's builtin, with no link to it)
prog=$(command -v true)
case $prog in /*) ;; *) prog=/bin/busybox ;; esac
prog=$(readlink -f "$prog")
# (busybox takes its applet from its name: the copy keeps the name)
copy=$dir/${prog##*/}
mkdir "$dir" && cp "$prog" "$copy" || fail "could not copy $prog"
run_copy() { "$copy" "$@"; }
argc=3
case ${prog##*/} in busybox*)
	run_copy() { "$copy" true "$@"; }
	argc=4 ;;
esac
entry=$(elf_offset "$copy") || fail "no entry point in $prog"

# The first errors, with their errnos and error_log texts.
expect_err "$T/uprobe_events" "p /nonexistent_$$:0x10" "No such file or directory"
grep -q 'trace_uprobe: error: Failed to find the given file' "$T/error_log" ||
	fail "error_log: $(tail -3 "$T/error_log")"
expect_err "$T/uprobe_events" "p /tmp:0x10" "Invalid argument"
grep -q 'trace_uprobe: error: Not a regular file' "$T/error_log" ||
	fail "error_log: $(tail -3 "$T/error_log")"
expect_err "$T/uprobe_events" "p $copy:10a" "Invalid argument"
grep -q 'trace_uprobe: error: Invalid uprobe offset' "$T/error_log" ||
	fail "error_log: $(tail -3 "$T/error_log")"
expect_err "$T/uprobe_events" "p $copy:$entry @sym" "Invalid argument"
grep -q 'trace_uprobe: error: Symbol is not available with uprobe' "$T/error_log" ||
	fail "error_log: $(tail -3 "$T/error_log")"
expect_err "$T/uprobe_events" "p $copy:$entry \$arg1" "Invalid argument"

# The default name: p_, the file's name up to its first . - or _, and
# the offset.
echo "p $copy:$entry" >>"$T/uprobe_events" || fail "the unnamed probe was refused"
name=p_${copy##*/}_$entry
[ -d "$U/$name" ] || fail "no events/uprobes/$name: $(ls "$U")"
echo "-:$name" >>"$T/uprobe_events" || fail "could not remove $name"

# A probe at the entry point.
echo "p:up_start $copy:$entry argc=+0(\$stack):u64 arg0=+0(+8(\$stack)):string magic=@+0:x32 c=\$comm" \
	>>"$T/uprobe_events" || fail "the probe was refused"
hex=$(printf '%016x' "$entry")
want="p:uprobes/up_start $copy:0x$hex argc=+0(\$stack):u64 arg0=+0(+8(\$stack)):string magic=@+0:x32 c=\$comm"
got=$(cat "$T/uprobe_events")
[ "$got" = "$want" ] || fail "uprobe_events shows '$got', want '$want'"
grep -qxF "$want" "$T/dynamic_events" || fail "dynamic_events: $(cat "$T/dynamic_events")"
fmt=$U/up_start/format
tab=$(printf '\t')
grep -qxF "${tab}field:unsigned long __probe_ip;${tab}offset:8;${tab}size:8;${tab}signed:0;" "$fmt" ||
	fail "format: $(cat "$fmt")"
grep -qxF "${tab}field:u64 argc;${tab}offset:16;${tab}size:8;${tab}signed:0;" "$fmt" ||
	fail "format's argc: $(grep argc "$fmt")"
grep -qxF 'print fmt: "(%lx) argc=%Lu arg0=\"%s\" magic=0x%x c=\"%s\"", REC->__probe_ip, REC->argc, __get_str(arg0), REC->magic, __get_str(c)' "$fmt" ||
	fail "format's $(grep '^print fmt' "$fmt")"

echo 1 >"$U/up_start/enable"
for i in 1 2 3; do run_copy x y || fail "$copy failed"; done
expect_err "$T/uprobe_events" "-:up_start" "Device or resource busy"
echo 0 >"$U/up_start/enable"
n=$(grep -c ' up_start: ' "$T/trace")
[ "$n" = 3 ] || fail "$n up_start records, want 3: $(grep up_start "$T/trace" | head -5)"
comm=$(printf '%.15s' "${copy##*/}")
grep ' up_start: ' "$T/trace" | awk -v comm="$comm" -v off="$entry" -v argc="$argc" -v path="$copy" '
	{
		if (index($1, comm "-") != 1) { print "comm: " $0; exit 1 }
		if (!match($0, / up_start: \(0x[0-9a-f]+\) /)) { print "ip: " $0; exit 1 }
		ip = substr($0, RSTART + 12, RLENGTH - 14)
		# the page offset of the address hit is the entry offset'"'"'s
		lo = 0
		for (i = length(ip) - 2; i <= length(ip); i++)
			lo = lo * 16 + index("0123456789abcdef", substr(ip, i, 1)) - 1
		if (lo != (off + 0) % 4096) { print "page offset of " ip ": " $0; exit 1 }
		tail = "argc=" argc " arg0=\"" path "\" magic=0x464c457f c=\"" comm "\""
		if (substr($0, length($0) - length(tail) + 1) != tail) { print "args: " $0; exit 1 }
	}' || fail "a record is wrong"
hits=$(awk -v f="$copy" '$1 == f && $2 == "up_start" { print $3 }' "$T/uprobe_profile")
[ "$hits" = 3 ] || fail "uprobe_profile: $(cat "$T/uprobe_profile")"
# ours adds a column: the records lost for want of memory to build them
if [ "$flavor" = ours ]; then
	lost=$(awk -v f="$copy" '$1 == f && $2 == "up_start" { print $4 }' "$T/uprobe_profile")
	[ "$lost" = 0 ] || fail "uprobe_profile's lost column: $(cat "$T/uprobe_profile")"
fi

# In an instance only.
: >"$T/trace"
mkdir "$inst"
echo 1 >"$inst/events/uprobes/up_start/enable"
run_copy
echo 0 >"$inst/events/uprobes/up_start/enable"
[ "$(grep -c ' up_start: ' "$inst/trace")" = 1 ] || fail "instance: $(cat "$inst/trace" | tail -3)"
! grep -q ' up_start: ' "$T/trace" || fail "the top level recorded the instance's probe"
rmdir "$inst"

# A return probe on libc's __cxa_atexit.
libc=
for l in /lib/*-linux-gnu/libc.so.6 /usr/lib/*-linux-gnu/libc.so.6; do
	[ -f "$l" ] && { libc=$(readlink -f "$l"); break; }
done
[ -n "$libc" ] || fail "no libc.so.6 in the guest"
fn=$(elf_offset "$libc" __cxa_atexit) || fail "no __cxa_atexit in $libc"
echo "p:up_atexit $libc:$fn%return ret=\$retval:s32" >>"$T/uprobe_events" ||
	fail "the return probe was refused"
grep -qxF "r:uprobes/up_atexit $libc:0x$(printf '%016x' "$fn") ret=\$retval:s32" "$T/uprobe_events" ||
	fail "uprobe_events: $(cat "$T/uprobe_events")"
grep -qF 'print fmt: "(%lx <- %lx) ret=%d", REC->__probe_func, REC->__probe_ret_ip, REC->ret' \
	"$U/up_atexit/format" || fail "format: $(grep '^print' "$U/up_atexit/format")"
: >"$T/trace"
echo 1 >"$U/up_atexit/enable"
python3 -c pass
echo 0 >"$U/up_atexit/enable"
grep ' up_atexit: ' "$T/trace" | awk -v off="$fn" '
	$1 ~ /^python3-/ {
		if (!match($0, / up_atexit: \(0x[0-9a-f]+ <- 0x[0-9a-f]+\) ret=0$/)) { print; exit 1 }
		fa = $0; sub(/.*<- 0x/, "", fa); sub(/\).*/, "", fa)
		lo = 0
		for (i = length(fa) - 2; i <= length(fa); i++)
			lo = lo * 16 + index("0123456789abcdef", substr(fa, i, 1)) - 1
		if (lo != (off + 0) % 4096) { print "function " fa ": " $0; exit 1 }
		n++
	}
	END { if (!n) { print "no record of python3"; exit 1 } }' ||
	fail "up_atexit: $(grep up_atexit "$T/trace" | head -3)"

# The uprobe PMU: perf_event_open() of PATH and offset, counting.
pmu=/sys/bus/event_source/devices/uprobe/type
[ -f "$pmu" ] || fail "no uprobe PMU"
argv=$copy
case ${prog##*/} in busybox*) argv="$copy true" ;; esac
got=$(python3 - "$(cat "$pmu")" "$entry" $argv <<'EOF'
import ctypes, os, struct, sys
pmu, off, argv = int(sys.argv[1]), int(sys.argv[2], 16), sys.argv[3:]
libc = ctypes.CDLL(None, use_errno=True)
path = ctypes.create_string_buffer(argv[0].encode())
# perf_event_attr (128 bytes): type, size, config (0: not a return
# probe), sample_period, sample_type, read_format, the flags (inherit:
# the children count), wakeup_events, bp_type, config1 (uprobe_path),
# config2 (probe_offset)
attr = struct.pack('<IIQQQQQIIQQ', pmu, 128, 0, 0, 0, 0, 1 << 1, 0, 0,
                   ctypes.addressof(path), off).ljust(128, b'\0')
buf = ctypes.create_string_buffer(attr, 128)
nr = {'x86_64': 298, 'aarch64': 241}[os.uname().machine]
L = ctypes.c_long
fd = libc.syscall(L(nr), buf, L(0), L(-1), L(-1), L(0))
if fd < 0:
    print('perf_event_open: ' + os.strerror(ctypes.get_errno()))
    sys.exit()
for i in range(2):
    os.spawnv(os.P_WAIT, argv[0], argv)
print(struct.unpack('<Q', os.read(fd, 8))[0])
EOF
)
# (upstream 6.1.192's uprobe events, rb's too, count 1 or 2 from one run
# to the next here: they install a per-task perf event's breakpoint
# only in the mms their filter picks, and miss a child at times; ours
# has no such filter)
case $flavor:$got in
ours:2 | upstream:[12] | rb:[12]) ;;
*) fail "uprobe PMU counted '$got', want 2" ;;
esac

echo "-:up_start" >>"$T/uprobe_events" || fail "could not remove up_start"
echo "-:up_atexit" >>"$T/uprobe_events" || fail "could not remove up_atexit"
[ -z "$(cat "$T/uprobe_events")" ] || fail "left: $(cat "$T/uprobe_events")"
exit 0
