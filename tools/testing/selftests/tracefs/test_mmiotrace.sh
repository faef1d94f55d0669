#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The mmiotrace tracer, as upstream 6.1's, where the kernel has it
# (CONFIG_MMIOTRACE: x86-64's distribution config; elsewhere the test
# checks that it is not offered). harness_mmio.ko maps the guest's HPET
# and reads and writes it; the tracer must show, on trace_pipe, the
# version line, one PCIDEV line per PCI device (ids, irq, driver), then
# the mapping (MAP), each access with its width, address and the value
# the module got (R, W), the module's mmiotrace_printk() and a
# trace_marker write (MARK) and the unmapping (UNMAP), in upstream's
# text (ours records the module's mark where upstream's loses it); the
# same lines in `trace`; every CPU but the first offline
# while it runs and back after; losses counted and shown as upstream's
# "MARK 0.000000 Lost N events." line (a flood through a small buffer:
# shown plus lost equals written, and accesses while tracing is off);
# not in instances; loops switching it from two processes.
. "$TESTDIR/lib.sh"

c1=/sys/devices/system/cpu/cpu1/online
mod=/tmp/out/modules/harness_mmio.ko
inst=$T/instances/mmt_$$
d=/tmp/mmt.$$
stop=$d/stop
pids=
rp=
cleanup() {
	[ -z "$rp" ] || kill "$rp" 2>/dev/null
	stop_loops
	echo nop >"$T/current_tracer"
	[ ! -w $c1 ] || [ "$(cat $c1)" = 1 ] || echo 1 >$c1
	[ -z "${kb0:-}" ] || echo "$kb0" >"$T/buffer_size_kb"
	rmmod harness_mmio 2>/dev/null
	[ ! -d "$inst" ] || rmdir "$inst"
	rm -rf "$d"
	reset_tracing
}

if ! zcat /proc/config.gz | grep -q '^CONFIG_MMIOTRACE=y'; then
	! grep -qw mmiotrace "$T/available_tracers" ||
		fail "mmiotrace offered by a kernel without CONFIG_MMIOTRACE"
	expect_err "$T/current_tracer" mmiotrace "Invalid argument"
	echo "no CONFIG_MMIOTRACE on $arch: mmiotrace is not offered (as upstream)"
	exit 0
fi
grep -qw mmiotrace "$T/available_tracers" || fail "no mmiotrace in available_tracers"
[ -f $mod ] || fail "no $mod"
hpet=$(sed -n 's/^ *\([0-9a-f]*\)-[0-9a-f]* : HPET.*/\1/p' /proc/iomem | head -n 1)
[ -n "$hpet" ] || fail "no HPET in /proc/iomem"
hpet=$(printf '%x' "0x$hpet")
trap cleanup EXIT
mkdir -p "$d"
kb0=$(buffer_kb)
dmesg0=$(dmesg | wc -l)
reset_tracing

# pipe_start FILE: a reader of trace_pipe into FILE, in the background;
# stop_pipe FILE TEXT: wait until FILE has a line matching TEXT (or fail),
# then stop the reader.
pipe_start() {
	cat "$T/trace_pipe" >"$1" &
	rp=$!
}
stop_pipe() {
	_i=0
	until grep -q "$2" "$1"; do
		_i=$((_i + 1))
		[ $_i -le 100 ] || fail "trace_pipe never showed '$2': $(tail -n 5 "$1")"
		sleep 0.1
	done
	kill "$rp"
	wait "$rp" 2>/dev/null
	rp=
}
# phys OFFSET: the HPET's address plus OFFSET, as the lines print it
phys() { printf '0x%x' $((0x$hpet + $1)); }

echo mmiotrace >"$T/current_tracer" || fail "cannot set mmiotrace"
[ "$(cat "$T/current_tracer")" = mmiotrace ] || fail "current_tracer: $(cat "$T/current_tracer")"
[ ! -f $c1 ] || [ "$(cat $c1)" = 0 ] || fail "cpu1 still online under mmiotrace"
[ "$(cat /sys/devices/system/cpu/online)" = 0 ] ||
	fail "online CPUs under mmiotrace: $(cat /sys/devices/system/cpu/online)"

# ---- one module load, read on trace_pipe ----
pipe_start $d/pipe
insmod $mod addr=0x$hpet || fail "insmod $mod addr=0x$hpet"
rmmod harness_mmio
echo "harness-mmio-mark-$$" >"$T/trace_marker"
stop_pipe $d/pipe "^MARK [0-9]*\.[0-9]* harness-mmio-mark-$$\$"

[ "$(head -n 1 $d/pipe)" = "VERSION 20070824" ] || fail "first line: $(head -n 1 $d/pipe)"
# one PCIDEV line a device, in the order of the PCI device list (one
# bus here: sysfs's order), with its irq and driver
ndev=0
: >$d/ids
for dev in /sys/bus/pci/devices/*; do
	ndev=$((ndev + 1))
	b=${dev##*/}	# DOMAIN:BUS:DEV.FN
	bus=$((0x$(echo "$b" | cut -d: -f2)))
	slot=$(echo "$b" | cut -d: -f3)
	devfn=$((0x${slot%.*} * 8 + ${slot#*.}))
	id=$(printf '%02x%02x %04x%04x %x' $bus $devfn "$(cat "$dev/vendor")" \
		"$(cat "$dev/device")" "$(cat "$dev/irq")")
	echo "$id" >>$d/ids
	drv=
	[ ! -e "$dev/driver" ] || drv=$(basename "$(readlink "$dev/driver")")
	grep -q "^PCIDEV $id\( [0-9a-f]*\)\{14\} $drv\$" $d/pipe ||
		fail "no PCIDEV line for $b ($id, driver '$drv'): $(grep "^PCIDEV ${id%% *}" $d/pipe)"
done
grep '^PCIDEV ' $d/pipe | cut -d' ' -f2-4 | cmp -s - $d/ids ||
	fail "PCIDEV lines out of the device list's order: $(grep '^PCIDEV ' $d/pipe | cut -d' ' -f2-4 | tr '\n' ';')"
[ "$(grep -c '^PCIDEV ' $d/pipe)" = $ndev ] ||
	fail "$(grep -c '^PCIDEV ' $d/pipe) PCIDEV lines for $ndev devices"
[ "$(sed -n "2,$((ndev + 1))p" $d/pipe | grep -vc '^PCIDEV ')" = 0 ] ||
	fail "the PCIDEV lines do not follow the version line: $(head -n $((ndev + 2)) $d/pipe)"

# the records, after the header: each line's form, and what it says
TS='[0-9][0-9]*\.[0-9][0-9][0-9][0-9][0-9][0-9]'
sed -n "$((ndev + 2)),\$p" $d/pipe >$d/recs
bad=$(grep -v "^\(R [1248] $TS [0-9]* 0x[0-9a-f]* 0x[0-9a-f]* 0x[0-9a-f]* 0\|W [1248] $TS [0-9]* 0x[0-9a-f]* 0x[0-9a-f]* 0x[0-9a-f]* 0\|MAP $TS [0-9]* 0x[0-9a-f]* 0x[0-9a-f]* 0x[0-9a-f]* 0x0 0\|UNMAP $TS [0-9]* 0x0 0\|MARK $TS .*\)\$" $d/recs | head -n 3)
[ -z "$bad" ] || fail "lines in no mmiotrace form: $bad"
map=$(grep "^MAP $TS [0-9]* $(phys 0) 0x[0-9a-f]* 0x400 0x0 0\$" $d/recs)
[ "$(echo "$map" | grep -c .)" = 1 ] || fail "want one MAP of $(phys 0), 0x400 bytes: $(grep ^MAP $d/recs)"
id=$(echo "$map" | cut -d' ' -f3)
H='0x[0-9a-f]*'
# what the module read, from its log line
vals=$(dmesg | grep -o "harness_mmio: caps=$H period=$H b=$H w=$H loops=0\$" | tail -n 1)
[ -n "$vals" ] || fail "no values in the module's log line: $(dmesg | grep harness_mmio | tail -n 3)"
# val NAME: what the module's read NAME returned
val() { _v=${vals#* "$1"=}; echo "${_v%% *}"; }
# its mmiotrace_printk(): recorded on ours; upstream's trace_vprintk()
# records nothing while no trace_printk() user has allocated its buffers
# (Debian's kernel has none), so its mark is lost there, uncounted
marks=M
if ! grep -q "^MARK $TS $vals\$" $d/recs; then
	[ "$flavor" != ours ] || fail "no MARK line '$vals' of the module's mmiotrace_printk(): $(grep ^MARK $d/recs)"
	miss="the module's mmiotrace_printk() recorded nothing"
	marks=
fi
[ "$(val period)" != 0x0 ] || fail "the HPET's period read 0"
# access KIND WIDTH OFFSET VALUE: one such line, of this mapping; the pc
# is 0, as upstream's unless booted with mmiotrace.trace_pc=1
access() {
	n=$(grep -c "^$1 $2 $TS $id $(phys "$3") $4 0x0 0\$" $d/recs)
	[ "$n" = 1 ] || fail "$n lines '$1 $2 ... $id $(phys "$3") $4 0x0 0', want 1: $(grep "^[RW] " $d/recs)"
}
access R 4 0 "$(val caps)"
access R 4 4 "$(val period)"
access R 1 0 "$(val b)"
access R 2 0 "$(val w)"
access W 4 0x20 0x0
[ "$(grep -c '^[RW] ' $d/recs)" = 5 ] || fail "accesses: $(grep '^[RW] ' $d/recs)"
grep -q "^UNMAP $TS $id 0x0 0\$" $d/recs || fail "no UNMAP of map $id: $(grep UNMAP $d/recs)"
# in order: the mapping, the accesses, the mark, the unmapping, our
# marker; the times never go back
# (each line's kind, and an access's width and address offset)
kinds() {
	sed 's/^\([RW]\) \([1248]\) [^ ]* [^ ]* \(0x[0-9a-f]*\) .*/\1\2@\3/; s/^\(MAP\|UNMAP\|MARK\) .*/\1/' "$1" |
		tr '\n' ' '
}
want="MAP R4@$(phys 0) R4@$(phys 4) R1@$(phys 0) R2@$(phys 0) W4@$(phys 0x20) ${marks:+MARK }UNMAP "
order=$(grep -v "^MARK $TS harness-mmio-mark" $d/recs | kinds -)
[ "$order" = "$want" ] || fail "records in the order '$order', want '$want': $(cat $d/recs)"
tail -n 1 $d/recs | grep -q "^MARK $TS harness-mmio-mark-$$\$" || fail "last: $(tail -n 1 $d/recs)"
awk '{ t = ($1 == "R" || $1 == "W") ? $3 : $2; if (t + 0 < last) { print; exit 1 } last = t + 0 }' \
	$d/recs >$d/back || fail "time went back at: $(cat $d/back)"
echo "trace_pipe: $ndev PCI devices, map $id, caps $(val caps), period $(val period)"

# ---- the same through `trace` ----
insmod $mod addr=0x$hpet || fail "insmod (trace)"
rmmod harness_mmio
grep -q '^# tracer: mmiotrace$' "$T/trace" || fail "trace: no '# tracer: mmiotrace' header"
grep -v '^#' "$T/trace" >$d/trace
[ "$(kinds $d/trace)" = "$want" ] || fail "trace shows '$(kinds $d/trace)', want '$want': $(cat $d/trace)"
grep -q "^R 4 $TS [0-9]* $(phys 4) $(val period) 0x0 0\$" $d/trace || fail "trace: no read of the period"

# ---- not in instances ----
mkdir "$inst" || fail "mkdir $inst"
! grep -qw mmiotrace "$inst/available_tracers" || fail "an instance offers mmiotrace"
expect_err "$inst/current_tracer" mmiotrace "Invalid argument"
rmdir "$inst"

# ---- losses: a flood through a one-page buffer ----
echo 0 >"$T/tracing_on"
echo 4 >"$T/buffer_size_kb"
: >"$T/trace"
echo 1 >"$T/tracing_on"
loops=3000
insmod $mod addr=0x$hpet loops=$loops || fail "insmod loops=$loops"
rmmod harness_mmio
echo "harness-mmio-flood-$$" >"$T/trace_marker"
pipe_start $d/flood
stop_pipe $d/flood "^MARK $TS harness-mmio-flood-$$\$"
lost=$(sed -n 's/^MARK 0\.000000 Lost \([0-9]*\) events\.$/\1/p' $d/flood)
[ -n "$lost" ] || fail "no 'Lost N events' line after a flood of $loops reads: $(head -n 3 $d/flood)"
[ "$(echo "$lost" | grep -c .)" = 1 ] || fail "Lost lines: $lost"
# reported at the first read after the version line, as upstream's
sed -n 2p $d/flood | grep -q '^MARK 0\.000000 Lost ' || fail "second line: $(sed -n 2p $d/flood)"
shown=$(($(grep -c '^\(R\|W\|MAP\|UNMAP\|MARK\) ' $d/flood) - 1))
# written: the map, 4 reads, the write, the loops, the module's mark
# (where it records), the unmap, our marker
want=$((1 + 4 + 1 + loops + ${#marks} + 1 + 1))
[ $((shown + lost)) = $want ] || fail "shown $shown + lost $lost != $want written"
echo "flood: $loops reads, $lost lost, $shown shown"

# accesses while tracing is off are lost too, and counted (read while it
# is still off: writing 1 to tracing_on starts a new recording, as
# upstream's, whose losses start at 0)
echo 0 >"$T/tracing_on"
insmod $mod addr=0x$hpet loops=10 || fail "insmod (tracing off)"
rmmod harness_mmio
pipe_start $d/off
# the map, 14 reads, the write, the unmap (the mark is trace_printk's)
stop_pipe $d/off "^MARK 0\.000000 Lost 17 events\.\$"
# a new recording (tracing_on 1) owes nothing of the one before
echo 0 >"$T/tracing_on"
insmod $mod addr=0x$hpet || fail "insmod (tracing off, again)"
rmmod harness_mmio
echo 1 >"$T/tracing_on"
echo "harness-mmio-fresh-$$" >"$T/trace_marker"
pipe_start $d/fresh
stop_pipe $d/fresh "^MARK $TS harness-mmio-fresh-$$\$"
! grep -q Lost $d/fresh || fail "losses of the last recording shown after tracing_on 1: $(grep Lost $d/fresh)"
echo "$kb0" >"$T/buffer_size_kb"

# ---- back to nop: the CPUs come back ----
echo nop >"$T/current_tracer" || fail "cannot set nop"
[ ! -f $c1 ] || [ "$(cat $c1)" = 1 ] || fail "cpu1 not back online after mmiotrace"
dmesg | tail -n +$((dmesg0 + 1)) | grep -q 'mmiotrace: enabled' || fail "no 'mmiotrace: enabled' in the log"
dmesg | tail -n +$((dmesg0 + 1)) | grep -q 'mmiotrace: disabled' || fail "no 'mmiotrace: disabled' in the log"

# ---- switched from two processes ----
switch() { busy_ok "$T/current_tracer" "$1"; }
loop on switch mmiotrace
loop off switch nop
end_loops 5 on off
echo nop >"$T/current_tracer"
[ ! -f $c1 ] || [ "$(cat $c1)" = 1 ] || fail "cpu1 not back online after the loops"
r=$(kernel_reports "$dmesg0")
[ -z "$r" ] || fail "kernel reports: $r"
[ -z "${miss:-}" ] || skip "not held on $flavor: $miss"
echo "ok: mmiotrace on $flavor"
