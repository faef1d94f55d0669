#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace_pipe as in upstream 6.1: a read blocks until there is a record and
# consumes what it returns (trace then has none, the per-CPU stats count
# them as read); a line can be read in pieces through one open file (the
# rest of a line is lost when the file is closed); once something was
# read, a reader gets EOF when tracing_on goes to 0, before that it keeps
# waiting; select() says readable when there is a record (always with
# options/block), and on per_cpu/cpuN/trace_pipe only when the buffer is
# buffer_percent full; O_NONBLOCK on an empty pipe gets EAGAIN.
# select() is bash's `read -t` (bash is in both guests' userlands).
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
. "$TESTDIR/lib.sh"

command -v bash >/dev/null || fail "bash is needed to select() on trace_pipe"
get() { v=; IFS= read -r v <"$1"; }
# has FILE TEXT: a line of FILE ends with TEXT.
has() { while IFS= read -r l; do case $l in *"$2") return 0 ;; esac; done <"$1"; return 1; }
# stat0 FIELD: cpu0's stats FIELD into $v.
stat0() {
	v=
	while IFS= read -r l; do case $l in "$1: "*) v=${l#"$1: "} ;; esac; done <"$T/per_cpu/cpu0/stats"
}
get "$T/buffer_percent"
bp0=$v
readers=
cleanup() {
	for r in $readers; do kill "$r" 2>/dev/null; done
	wait 2>/dev/null
	echo 0 >"$T/options/block"
	echo "$bp0" >"$T/buffer_percent"
	echo '!stacktrace' >>"$T/events/ftrace/print/trigger"
	[ -n "${size0:-}" ] && echo "$size0" >"$T/buffer_size_kb"
	reset_tracing
	rm -f /tmp/core-pipe.out
}
trap cleanup EXIT
reset_tracing
out=/tmp/core-pipe.out
# (GNU head complains that it cannot seek back on trace_pipe: harmless.)

# A blocked reader gets the marker written after it started.
timeout 20 head -n 1 "$T/trace_pipe" >$out 2>/dev/null &
r=$!
readers="$readers $r"
sleep 1
kill -0 $r 2>/dev/null || fail "a read of the empty trace_pipe returned instead of waiting"
echo "pipe-late-$$" >"$T/trace_marker"
wait $r
has $out "tracing_mark_write: pipe-late-$$" || fail "the blocked reader got '$(cat $out)'"
has "$T/trace" "pipe-late-$$" && fail "the record read from trace_pipe is still in trace"

# Reading consumes: three records out, none left, stats count them read.
: >"$T/trace"
taskset -c 0 sh -c 'for i in 1 2 3; do echo "pipe-$i-$1" >"$2"; done' sh $$ "$T/trace_marker"
stat0 "read events"
read0=$v
timeout 10 head -n 3 "$T/trace_pipe" >$out 2>/dev/null
n=0
while IFS= read -r l; do
	n=$((n + 1))
	case $l in *"tracing_mark_write: pipe-$n-$$") ;; *) fail "record $n from trace_pipe: '$l'" ;; esac
done <$out
[ $n = 3 ] || fail "trace_pipe gave $n of the 3 records"
while IFS= read -r l; do
	case $l in
	"# entries-in-buffer/entries-written: "*)
		[ "${l#*: }" = "0/0   #P:${l##*#P:}" ] || fail "header after the pipe read: $l" ;;
	"#"*) ;;
	*) fail "trace still has a record after the pipe read: $l" ;;
	esac
done <"$T/trace"
stat0 "read events"
[ $((v - read0)) = 3 ] || fail "cpu0 stats: read events went from $read0 to $v for 3 records"
stat0 entries
[ "$v" = 0 ] || fail "cpu0 stats: $v entries after the read"

# A line read in pieces through one open file: the first 10 bytes, then
# the rest. Through a new open, the rest of the line is gone.
echo "pipe-pieces-$$" >"$T/trace_marker"
line=
while IFS= read -r l; do case $l in *"pipe-pieces-$$") line=$l ;; esac; done <"$T/trace"
{
	dd bs=10 count=1 2>/dev/null
	echo
	timeout 5 head -n 1 2>/dev/null
} <"$T/trace_pipe" >$out
{ IFS= read -r a; IFS= read -r b; } <$out
[ "$a$b" = "$line" ] && [ ${#a} = 10 ] || fail "read in pieces: '$a' + '$b', want '$line'"
echo "pipe-lost-$$" >"$T/trace_marker"
first=$(dd if="$T/trace_pipe" bs=10 count=1 2>/dev/null)
[ ${#first} = 10 ] || fail "a 10-byte read of trace_pipe gave '$first'"
rest=$(timeout 2 head -n 1 "$T/trace_pipe" 2>/dev/null)
[ -z "$rest" ] || fail "a new open of trace_pipe got the rest of a line read through another: '$rest'"

# waitfor PID WHAT: PID ends within 5 s (a watchdog kills it otherwise).
waitfor() {
	(sleep 5; kill "$1" 2>/dev/null) &
	w=$!
	wait "$1"
	rc=$?
	kill $w 2>/dev/null
	[ $rc != 143 ] || fail "$2"
}
# EOF: once a reader has read something, tracing_on 0 ends its read.
cat "$T/trace_pipe" >$out &
r=$!
readers="$readers $r"
echo "pipe-eof-$$" >"$T/trace_marker"
sleep 1
echo 0 >"$T/tracing_on"
waitfor $r "the reader did not get EOF when tracing_on went to 0"
has $out "pipe-eof-$$" || fail "the reader's output: $(cat $out)"
# Before it has read anything, it waits even with tracing off.
cat "$T/trace_pipe" >$out &
r=$!
readers="$readers $r"
sleep 1
kill -0 $r 2>/dev/null || fail "a reader that read nothing returned while tracing is off"
echo 1 >"$T/tracing_on"
echo "pipe-after-$$" >"$T/trace_marker"
sleep 1
echo 0 >"$T/tracing_on"
waitfor $r "the reader did not get EOF after reading and tracing_on 0"
has $out "pipe-after-$$" || fail "the reader's output: $(cat $out)"
echo 1 >"$T/tracing_on"

# Readers that keep up with writers on both CPUs, through read() (dd)
# and through sendfile(), i.e. splice (busybox cat): the reader often
# finds the buffer drained while a writer is between counting a record
# and publishing it (the stacktrace trigger on the marker widens that
# window: its record is written, nested, between the marker's reserve
# and commit). It must wait there, not end (an end of file while
# tracing is on stops cat for good), and it gets every record, each
# writer's in order.
size0=$(buffer_kb)
echo 2048 >"$T/buffer_size_kb"
keepup() { # NAME CMD...: CMD copies trace_pipe to $out
	name=$1
	shift
	: >"$T/trace"
	"$@" <"$T/trace_pipe" >$out 2>/dev/null &
	r=$!
	readers="$readers $r"
	ws=
	for c in 0 1; do
		taskset -c $c sh -c 'i=0; while [ $i -lt 2000 ]; do i=$((i + 1)); echo "keep-$1-$i"; done >"$2"' \
			sh $c "$T/trace_marker" &
		ws="$ws $!"
	done
	wait $ws
	sleep 1
	kill -0 $r 2>/dev/null || fail "$name: the reader ended while tracing was on"
	echo 0 >"$T/tracing_on"
	waitfor $r "$name: the reader did not end when tracing_on went to 0"
	echo 1 >"$T/tracing_on"
	got=$(awk '
		/tracing_mark_write: keep-[01]-[0-9]+$/ {
			split($NF, f, "-")
			if (f[3] != ++n[f[2]]) { bad++; if (!first) first = $NF " after " n[f[2]] - 1 }
			next
		}
		/ <stack trace>$/ { stacks++; next }
		/^ => / { next }
		{ other++ }
		END { print n[0] + 0, n[1] + 0, stacks + 0, bad + 0, other + 0, first }
	' $out)
	case $got in
	"2000 2000 4000 0 0"*) ;;
	*) fail "$name: marker records of writers 0 and 1, stacks, out of order, other lines, first out of order: $got (want 2000 2000 4000 0 0)" ;;
	esac
}
echo stacktrace >"$T/events/ftrace/print/trigger" || fail "cannot set a stacktrace trigger on ftrace/print"
keepup "read()" dd bs=4096
# (busybox cat copies with sendfile(); both guests have busybox)
command -v busybox >/dev/null || fail "no busybox in the guest for trace_pipe through sendfile()"
keepup "sendfile()" busybox cat
echo '!stacktrace' >>"$T/events/ftrace/print/trigger"
echo "$size0" >"$T/buffer_size_kb"

# select(): bash's "read -t 0" is select() with no wait.
# poll FILE CMD: "ready" or "not ready" for FILE after running CMD.
poll() {
	p=$(bash -c 'exec 3<"$1"; eval "$2"; if read -t 0 <&3; then echo ready; else echo "not ready"; fi' \
		bash "$1" "$2")
}
: >"$T/trace"
poll "$T/trace_pipe" :
[ "$p" = "not ready" ] || fail "select() says the empty trace_pipe is readable"
poll "$T/trace_pipe" "echo pipe-poll-$$ >$T/trace_marker"
[ "$p" = ready ] || fail "select() says trace_pipe is not readable after a marker"
echo 1 >"$T/options/block"
: >"$T/trace"
poll "$T/trace_pipe" :
[ "$p" = ready ] || fail "with options/block select() must say readable"
echo 0 >"$T/options/block"
# read -t N waits in select() for a marker written later.
got=$(bash -c 'exec 3<"$1"; (sleep 1; echo "pipe-wait-$2" >"$3") & read -t 10 -r l <&3; echo "$?:$l"; wait' \
	bash "$T/trace_pipe" $$ "$T/trace_marker")
case $got in
"0:"*"tracing_mark_write: pipe-wait-$$") ;;
*) fail "select() and read of a later marker: '$got'" ;;
esac
# per_cpu/cpuN/trace_pipe: readable when buffer_percent of its buffer is
# full (0: when not empty).
mark0="taskset -c 0 sh -c 'echo pipe-pc-$$ >$T/trace_marker'"
for bp in 0:ready 50:"not ready" 100:"not ready"; do
	echo "${bp%%:*}" >"$T/buffer_percent"
	: >"$T/trace"
	p=$(bash -c 'exec 3<"$1"
		if read -t 0 <&3; then e=ready; else e=empty; fi
		eval "$2"
		if read -t 0 <&3; then echo "$e ready"; else echo "$e not ready"; fi' \
		bash "$T/per_cpu/cpu0/trace_pipe" "$mark0")
	[ "$p" = "empty ${bp#*:}" ] ||
		fail "select() on per_cpu/cpu0/trace_pipe (empty, then one record), buffer_percent ${bp%%:*}: $p, want empty ${bp#*:}"
done
echo "$bp0" >"$T/buffer_percent"

# O_NONBLOCK: EAGAIN on the empty pipe; a record is returned at once.
: >"$T/trace"
err=$(nb_read "$T/trace_pipe")
[ "$err" = EAGAIN ] || fail "O_NONBLOCK read of the empty trace_pipe: '$err', want EAGAIN"
echo "pipe-nb-$$" >"$T/trace_marker"
err=$(nb_read "$T/trace_pipe" $out)
[ "$err" = ok ] || fail "O_NONBLOCK read of trace_pipe with a record: '$err'"
has $out "tracing_mark_write: pipe-nb-$$" || fail "O_NONBLOCK read did not return the record"
echo "O_NONBLOCK: EAGAIN on the empty trace_pipe, then the record"
