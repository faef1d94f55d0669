#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# blktrace and the blk tracer, as upstream 6.1's, where the kernel has
# them (CONFIG_BLK_DEV_IO_TRACE: Debian's configs and variant blk;
# elsewhere the test checks that the tracer is not offered). The I/O
# part needs the virtio disk /dev/vda that the boots of variant blk have
# (harness/boots.sh: BLK_TESTS); a kernel with blktrace but no disk
# checks the tracer alone and says so.
# - /sys/block/vda/trace/: enable, act_mask (numbers and names, read as
#   names), pid, start_lba, end_lba; "disabled" without a session; bad
#   values refused with EINVAL (ours also refuses an act_mask over 16 bits
#   or a pid over 32, which upstream truncates);
# - the blk tracer: direct 4 KiB writes and reads of known sectors show,
#   in upstream's text, as queue (Q), issue (D) and complete (C) lines of
#   the device "MAJ,MIN" with rwbs WS or R and "SECTOR + 8 [TASK]" (the
#   completion "[0]", its error), with the core's context; options/verbose names the
#   actions; options/blk_classic prints blkparse's layout and header and
#   turns the context off; options/bin writes the channel's binary
#   record (its magic);
# - filters: act_mask write drops the reads, start_lba/end_lba the
#   sectors outside, pid another task's I/O;
# - blktrace(8) and blkparse(1) (Debian's blktrace package): a session
#   on vda captures the same I/O, with the process names (process notes),
#   none dropped; a write to its msg file shows as a message; the blk
#   tracer, on meanwhile, has them too (ours on purpose: upstream's
#   tracer takes a running blktrace's records for itself, README);
# - BLKTRACESETUP's bad input (x86-64, through python3): no buffer size
#   or count (EINVAL), more than memory (ENOMEM), a second session
#   (EBUSY), start or stop out of turn and teardown without a session
#   (EINVAL); the name comes back;
# - the device removed (its PCI function) while blktrace and the blk
#   tracer trace it: nothing breaks (the runner fails on any kernel
#   report). Last, since vda is gone afterwards.
# - concurrent switching: the tracer set and unset from two processes,
#   the sysfs session set up and removed, blk_classic flipped, while
#   writes go on; the tracer works afterwards.
. "$TESTDIR/lib.sh"

d=/tmp/blk.$$
dev=vda
sysd=/sys/block/$dev/trace
btpid=
cleanup() {
	[ -z "$btpid" ] || kill "$btpid" 2>/dev/null
	stop_loops
	for o in blk_classic verbose bin; do
		[ ! -w "$T/options/$o" ] || echo 0 >"$T/options/$o"
	done
	[ ! -w $sysd/enable ] || echo 0 >$sysd/enable
	rm -rf "$d"
	reset_tracing
}

if ! zcat /proc/config.gz | grep -q '^CONFIG_BLK_DEV_IO_TRACE=y'; then
	! grep -qw blk "$T/available_tracers" ||
		fail "blk offered by a kernel without CONFIG_BLK_DEV_IO_TRACE"
	expect_err "$T/current_tracer" blk "Invalid argument"
	echo "no CONFIG_BLK_DEV_IO_TRACE: blk is not offered (as upstream)"
	exit 0
fi
grep -qw blk "$T/available_tracers" || fail "no blk in available_tracers"
trap cleanup EXIT
reset_tracing
for o in blk_classic blk_cgroup blk_cgname; do
	[ -f "$T/options/$o" ] || fail "no options/$o"
done
if [ ! -b /dev/$dev ]; then
	# the tracer alone: set, nothing traced, unset
	echo blk >"$T/current_tracer"
	[ "$(cat "$T/current_tracer")" = blk ] || fail "blk not set"
	sync
	[ "$(grep -vc '^#' "$T/trace")" = 0 ] || fail "blk traced with no device enabled"
	echo nop >"$T/current_tracer"
	echo "no /dev/$dev in this boot: the tracer was set and traced nothing; the I/O checks run in the boots of variant blk"
	exit 0
fi
mkdir -p "$d"
majmin=$(cat /sys/block/$dev/dev)
maj=${majmin%:*} min=${majmin#*:}
size=$(cat /sys/block/$dev/size)

# ---- sysfs ----
[ "$(cat $sysd/enable)" = 0 ] || fail "trace/enable is not 0 at boot"
for f in act_mask pid start_lba end_lba; do
	[ "$(cat $sysd/$f)" = disabled ] || fail "trace/$f reads '$(cat $sysd/$f)' without a session"
done
for bad in "x" "-1" "0x" "1 2"; do
	expect_err $sysd/enable "$bad" "Invalid argument"
done
expect_err $sysd/act_mask "read,bogus" "Invalid argument"
expect_err $sysd/act_mask "65536" "Invalid argument"
expect_err $sysd/pid "4294967296" "Invalid argument"
expect_err $sysd/start_lba "1k" "Invalid argument"
[ "$(cat $sysd/enable)" = 0 ] || fail "a refused write set a session up"
echo 1 >$sysd/enable
[ "$(cat $sysd/enable)" = 1 ] || fail "trace/enable does not read 1 after 1"
all=read,write,flush,sync,queue,requeue,issue,complete,fs,pc,notify,ahead,meta,discard,drv_data,fua
[ "$(cat $sysd/act_mask)" = $all ] || fail "act_mask reads '$(cat $sysd/act_mask)', want $all"
[ "$(cat $sysd/start_lba)" = 0 ] || fail "start_lba reads '$(cat $sysd/start_lba)'"
[ "$(cat $sysd/end_lba)" = "$size" ] || fail "end_lba reads '$(cat $sysd/end_lba)', want $size"
[ "$(cat $sysd/pid)" = 0 ] || fail "pid reads '$(cat $sysd/pid)'"
echo "WRITE,Read,,complete" >$sysd/act_mask
[ "$(cat $sysd/act_mask)" = read,write,complete ] || fail "act_mask by names reads '$(cat $sysd/act_mask)'"
echo 0x82 >$sysd/act_mask
[ "$(cat $sysd/act_mask)" = write,complete ] || fail "act_mask 0x82 reads '$(cat $sysd/act_mask)'"
echo 0xffff >$sysd/act_mask
echo "sysfs: files, names, numbers and bad values as upstream"

# ---- the blk tracer ----
# lines QUEUE...: the actions in $d/out for 4 KiB at each sector given
# wr SECTOR N / rd SECTOR N: N direct 4 KiB writes (reads) from SECTOR
wr() { dd if=/dev/zero of=/dev/$dev bs=4096 seek=$(($1 / 8)) count="$2" oflag=direct 2>/dev/null; }
rd() { dd if=/dev/$dev of=/dev/null bs=4096 skip=$(($1 / 8)) count="$2" iflag=direct 2>/dev/null; }
# field ACT RWBS: the fixed-width part of a line, as upstream prints it
field() { printf '%3d,%-3d %2s %3s ' "$maj" "$min" "$1" "$2"; }
# want FILE TEXT: FILE has a line ending with TEXT
want() { grep -qF -- "$2" "$1" || { head -n 20 "$1"; fail "no line with '$2' in the trace"; }; }
tracer_run() { # CMD...: run with the blk tracer and keep the trace in $d/out
	: >"$T/trace"
	"$@"
	sync
	cat "$T/trace" >"$d/out"
}

echo blk >"$T/current_tracer"
tracer_run wr 800 4
for s in 800 808 816 824; do
	want "$d/out" "$(field Q WS)$s + 8 [dd]"
	# issued by dd, or by the scheduler's kworker
	want "$d/out" "$(field D WS)$s + 8 ["
	want "$d/out" "$(field C WS)$s + 8 [0]"
done
# the core's context first: task-pid, CPU, flags, time
grep -qE '^ +dd-[0-9]+ +\[[0-9]{3}\] [^ ]{5} +[0-9]+\.[0-9]{6}: '"$maj,$min"' +Q +WS 800 \+ 8 \[dd\]$' "$d/out" ||
	{ head -n 20 "$d/out"; fail "a queue line without the core's context"; }
grep -q '^# DEV' "$d/out" && fail "the classic header without blk_classic"
tracer_run rd 1600 2
# a direct read may be sync (RS) or not (R), as the kernel's dio decides
for s in 1600 1608; do
	grep -qE ": $maj,$min +Q +RS? $s \+ 8 \[dd\]$" "$d/out" ||
		{ head -n 20 "$d/out"; fail "no read queued at $s"; }
done
echo 1 >"$T/options/verbose"
tracer_run wr 800 1
echo 0 >"$T/options/verbose"
want "$d/out" "$(field queue WS)800 + 8 [dd]"
want "$d/out" "$(field complete WS)800 + 8 [0]"
echo 1 >"$T/options/blk_classic"
[ "$(cat "$T/options/context-info")" = 0 ] || fail "blk_classic left context-info on"
tracer_run wr 808 1
grep -q '^# DEV   CPU TIMESTAMP     PID ACT FLG$' "$d/out" || fail "no classic header"
grep -qE "^$(printf '%3d,%-3d' "$maj" "$min") +[0-9]+ +[0-9]+\.[0-9]{9} +[0-9]+  Q  WS 808 \+ 8 \[dd\]$" "$d/out" ||
	{ head -n 20 "$d/out"; fail "no classic queue line"; }
echo 0 >"$T/options/blk_classic"
[ "$(cat "$T/options/context-info")" = 1 ] || fail "blk_classic off left context-info off"
echo "blk tracer: Q, D and C of known sectors, verbose, classic as upstream"

# the binary record: its magic (0x65617407) in the host's order
echo 1 >"$T/options/bin"
tracer_run wr 816 1
echo 0 >"$T/options/bin"
# (both arches here are little-endian: bytes 07 74 61 65)
od -An -v -tx1 "$d/out" | awk '{ for (i = 1; i <= NF; i++) w = w " " $i }
	END { exit index(w, " 07 74 61 65") ? 0 : 1 }' ||
	fail "options/bin: no record with the blktrace magic"

# ---- filters ----
echo write >$sysd/act_mask
tracer_run sh -c 'dd if=/dev/'$dev' of=/dev/null bs=4096 skip=300 count=1 iflag=direct 2>/dev/null; dd if=/dev/zero of=/dev/'$dev' bs=4096 seek=301 count=1 oflag=direct 2>/dev/null'
grep -q ' 2400 + 8 ' "$d/out" && fail "act_mask write let a read through"
want "$d/out" "$(field Q WS)2408 + 8 [dd]"
echo 0xffff >$sysd/act_mask
echo 3000 >$sysd/start_lba
echo 3100 >$sysd/end_lba
tracer_run sh -c 'dd if=/dev/zero of=/dev/'$dev' bs=4096 seek=360 count=1 oflag=direct 2>/dev/null; dd if=/dev/zero of=/dev/'$dev' bs=4096 seek=376 count=1 oflag=direct 2>/dev/null'
grep -q ' 2880 + 8 ' "$d/out" && fail "start_lba 3000 let sector 2880 through"
want "$d/out" "$(field Q WS)3008 + 8 [dd]"
echo 0 >$sysd/start_lba
echo "$size" >$sysd/end_lba
# pid: a shell names itself, then becomes dd; another dd is not traced
: >"$T/trace"
sh -c 'echo $$ >'$sysd'/pid; exec dd if=/dev/zero of=/dev/'$dev' bs=4096 seek=400 count=1 oflag=direct 2>/dev/null'
wr 3208 1
sync
cat "$T/trace" >"$d/out"
want "$d/out" "$(field Q WS)3200 + 8 [dd]"
grep -q ' 3208 + 8 ' "$d/out" && fail "pid filter let another task's write through"
echo 0 >$sysd/pid
echo "filters: act_mask, start_lba/end_lba and pid drop what they must"
echo nop >"$T/current_tracer"
echo 0 >$sysd/enable
[ "$(cat $sysd/act_mask)" = disabled ] || fail "act_mask after enable 0: '$(cat $sysd/act_mask)'"
# any other file sets a session up
echo 7 >$sysd/pid
[ "$(cat $sysd/enable)" = 1 ] || fail "writing pid did not set a session up"
echo 0 >$sysd/enable

# ---- switched from several processes at once ----
# the tracer on and off from two, the sysfs session set up and removed,
# blk_classic flipped, while direct writes go on: every write of theirs
# gets its errno only where one is expected (busy_ok: EBUSY), nothing
# breaks (the runner fails on any kernel report), and the tracer works
# afterwards
stop=$d/stop
pids=
switch() { busy_ok "$T/current_tracer" "$1"; }
session() { echo "$1" >$sysd/enable; }
classic() { echo "$1" >"$T/options/blk_classic"; }
loop on switch blk
loop off switch nop
loop enable session 1
loop disable session 0
loop classic_on classic 1
loop classic_off classic 0
loop io wr 6000 1
end_loops 5 on off enable disable classic_on classic_off io
echo 0 >"$T/options/blk_classic"
echo 1 >$sysd/enable
echo blk >"$T/current_tracer"
tracer_run wr 6008 1
want "$d/out" "$(field Q WS)6008 + 8 [dd]"
echo nop >"$T/current_tracer"
echo 0 >$sysd/enable

# ---- BLKTRACESETUP's bad input ----
if command -v python3 >/dev/null; then
	python3 - /dev/$dev <<'EOF' || fail "BLKTRACESETUP checks failed"
import errno, fcntl, os, struct, sys
SETUP = 0xc0481273		# _IOWR(0x12, 115, struct blk_user_trace_setup)
START, STOP, TEARDOWN = 0x1274, 0x1275, 0x1276
fd = os.open(sys.argv[1], os.O_RDONLY)
def setup(size, nr):
    buf = bytearray(struct.pack("=32sHxxII4xQQI4x", b"", 0, size, nr, 0, 0, 0))
    try:
        fcntl.ioctl(fd, SETUP, buf)
    except OSError as e:
        return e.errno, b""
    return 0, bytes(buf[:32]).rstrip(b"\0")
def call(req):
    try:
        fcntl.ioctl(fd, req)
    except OSError as e:
        return e.errno
    return 0
def want(what, got, exp):
    if got != exp:
        sys.exit("%s: got %s, want %s" % (what, errno.errorcode.get(got, got),
                                          errno.errorcode.get(exp, exp)))
want("buf_size 0", setup(0, 4)[0], errno.EINVAL)
want("buf_nr 0", setup(4096, 0)[0], errno.EINVAL)
want("4 GiB x 4 GiB", setup(0xffffffff, 0xffffffff)[0], errno.ENOMEM)
want("512 MiB x 7 a CPU, more than memory", setup(1 << 29, 7)[0], errno.ENOMEM)
want("start without a session", call(START), errno.EINVAL)
want("teardown without a session", call(TEARDOWN), errno.EINVAL)
r, name = setup(65536, 4)
want("setup", r, 0)
if name != b"vda":
    sys.exit("setup gave the name %r, want b'vda'" % name)
if not os.path.exists("/sys/kernel/debug/block/vda/trace0"):
    sys.exit("no debugfs block/vda/trace0 after setup")
want("second setup", setup(65536, 4)[0], errno.EBUSY)
want("stop before start", call(STOP), errno.EINVAL)
want("start", call(START), 0)
want("start twice", call(START), errno.EINVAL)
want("stop", call(STOP), 0)
want("start again", call(START), 0)
want("teardown while running", call(TEARDOWN), 0)
want("teardown twice", call(TEARDOWN), errno.EINVAL)
if os.path.exists("/sys/kernel/debug/block/vda/trace0"):
    sys.exit("block/vda/trace0 still there after teardown")
print("BLKTRACESETUP: EINVAL, ENOMEM, EBUSY and the states' EINVAL; name vda")
EOF
else
	echo "no python3 in this guest: BLKTRACESETUP's bad input is checked on x86-64"
fi

# ---- blktrace and blkparse ----
command -v blktrace >/dev/null || fail "no blktrace in the guest (Debian's blktrace package)"
command -v blkparse >/dev/null || fail "no blkparse in the guest"
cd "$d" || fail "no $d"
# wait_channel: blktrace has set up and started its session
wait_channel() {
	i=0
	while [ ! -e /sys/kernel/debug/block/$dev/trace0 ]; do
		i=$((i + 1))
		[ $i -lt 100 ] || fail "blktrace set no session up in 10 s"
		sleep 0.1
	done
	sleep 1
}
# with the blk tracer on: ours gives both the records (on purpose;
# upstream's tracer takes a running blktrace's for itself, README)
echo blk >"$T/current_tracer"
blktrace -d /dev/$dev -o bt >bt.log 2>&1 &
btpid=$!
wait_channel
wr 4000 4
echo "harness note" >/sys/kernel/debug/block/$dev/msg
rd 4000 1
kill -INT $btpid
wait $btpid
btpid=
cat "$T/trace" >tracer.txt
echo nop >"$T/current_tracer"
for s in 4000 4008 4016 4024; do
	grep -qE ": $maj,$min +Q +WS $s \+ 8 \[dd\]$" tracer.txt ||
		{ tail -n 20 tracer.txt; fail "the blk tracer has no write of $s from blktrace's session"; }
done
grep -qE ": $maj,$min +m +N harness note$" tracer.txt ||
	fail "the blk tracer has no message from blktrace's msg file"
cat bt.log
grep -q 'dropped 0' bt.log || fail "blktrace did not report 'dropped 0'"
blkparse -i bt >parsed 2>&1 || { cat parsed; fail "blkparse failed"; }
# blkparse: "MAJ,MIN CPU SEQ TIME PID ACT RWBS SECTOR + N [COMM]"
for s in 4000 4008 4016 4024; do
	for a in Q I D; do
		grep -qE "^ *$maj,$min +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9]+ +$a +WS $s \+ 8 \[[^]]+\]$" parsed ||
			{ head -n 40 parsed; fail "blkparse: no $a of $s by dd"; }
	done
	grep -qE "^ *$maj,$min +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9]+ +C +WS $s \+ 8 \[0\]$" parsed ||
		{ head -n 40 parsed; fail "blkparse: no completion of $s"; }
done
grep -qE " +m +N harness note$" parsed ||
	{ grep -n 'note\| m ' parsed | head; tail -n 30 parsed; fail "blkparse: no message note"; }
grep -qE "^ *$maj,$min .* Q +RS? 4000 \+ 8 \[dd\]$" parsed || fail "blkparse: no read of 4000"
echo "blktrace/blkparse: $(grep -c . parsed) lines, dd's I/O and the note, none dropped"

# ---- the device removed while traced ----
pci=$(readlink -f /sys/block/$dev/device/..)
[ -w "$pci/remove" ] || fail "no PCI function to remove behind $dev ($pci)"
echo blk >"$T/current_tracer"
blktrace -d /dev/$dev -o rm >rm.log 2>&1 &
btpid=$!
wait_channel
(while [ -b /dev/$dev ]; do wr 5000 1 || break; done) 2>/dev/null &
io=$!
sleep 1
echo 1 >"$pci/remove"
wait $io
sleep 1
kill -INT $btpid 2>/dev/null
wait $btpid
btpid=
[ ! -e /sys/block/$dev ] || fail "/sys/block/$dev still there after the removal"
[ ! -e /sys/kernel/debug/block/$dev ] || fail "debugfs block/$dev still there after the removal"
grep -qE ": $maj,$min +Q +WS 5000 \+ 8 \[dd\]$" "$T/trace" ||
	fail "the blk tracer has no write of sector 5000 from blktrace's session"
echo nop >"$T/current_tracer"
echo "removal: $dev removed while traced; its session went with it"
