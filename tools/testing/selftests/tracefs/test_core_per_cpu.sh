#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# per_cpu/ as in upstream 6.1: a cpuN directory for each possible CPU (and
# no other) with buffer_size_kb, snapshot, snapshot_raw, stats, trace,
# trace_pipe and trace_pipe_raw in upstream's modes; a marker written on
# a CPU is in that CPU's trace only (whose header counts every CPU);
# clearing one CPU's trace leaves the others; stats has upstream's eight
# fields and counts entries, bytes and reads; trace_pipe_raw returns whole
# ring buffer pages (one a read) whose header (u64 time stamp, u64 commit)
# is filled, and consumes them; on an empty buffer a read blocks, or gets
# EAGAIN with O_NONBLOCK.
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
. "$TESTDIR/lib.sh"

cleanup() { reset_tracing; rm -f /tmp/core-percpu.raw; }
trap cleanup EXIT
reset_tracing

get() { v=; IFS= read -r v <"$1"; }
# cpus LIST: the CPUs of a cpulist ("0-1,3") into $cpus.
cpus() {
	cpus= ifs=$IFS
	IFS=,
	for r in $1; do
		i=${r%-*}
		while [ $i -le ${r#*-} ]; do
			cpus="$cpus $i"
			i=$((i + 1))
		done
	done
	IFS=$ifs
}
get /sys/devices/system/cpu/possible
cpus "$v"
possible=$cpus
get /sys/devices/system/cpu/online
cpus "$v"
online=$cpus
set -- $online
[ $# -ge 2 ] || skip "needs two online CPUs"
last=${online##* }
# modes DIR: "name:mode ..." of DIR's entries (octal modes, from ls -l).
modes() {
	m=
	ls -l "$1" >/tmp/core-percpu.ls
	while read -r perm _ _ _ _ _ _ _ name; do
		case $perm in total | "") continue ;; esac
		_o=
		_p=${perm#?}
		for k in 1 2 3; do
			_d=0
			case $_p in r*) _d=$((_d + 4)) ;; esac
			_p=${_p#?}
			case $_p in w*) _d=$((_d + 2)) ;; esac
			_p=${_p#?}
			case $_p in [xst]*) _d=$((_d + 1)) ;; esac
			_p=${_p#?}
			_o=$_o$_d
		done
		m="$m${m:+ }${name##* }:$_o"
	done </tmp/core-percpu.ls
}
# stat_of CPU FIELD: that field of the CPU's stats into $v.
stat_of() {
	v=
	while IFS= read -r l; do case $l in "$2: "*) v=${l#"$2: "} ;; esac; done <"$T/per_cpu/cpu$1/stats"
}
# count FILE TEXT: lines of FILE containing TEXT into $n.
count() { n=0; while IFS= read -r l; do case $l in *"$2"*) n=$((n + 1)) ;; esac; done <"$1"; }

want="buffer_size_kb:640 snapshot:640 snapshot_raw:440 stats:440 trace:640 trace_pipe:440 trace_pipe_raw:440"
modes "$T/per_cpu"
d=
for c in $possible; do d="$d${d:+ }cpu$c:750"; done
[ "$m" = "$d" ] || fail "per_cpu has $m; want $d (a directory per possible CPU)"
for c in $possible; do
	modes "$T/per_cpu/cpu$c"
	[ "$m" = "$want" ] || fail "per_cpu/cpu$c has: $m; want: $want"
done
echo "per_cpu:$possible, each with: $want"

# mark CPU TEXT...: each TEXT a marker, from one process on CPU.
mark() {
	c=$1
	shift
	taskset -c "$c" sh -c 'f=$1; shift; for t in "$@"; do echo "$t" >"$f"; done' \
		sh "$T/trace_marker" "$@" || fail "markers on cpu$c"
}

# stats: eight lines, upstream's names and order; empty buffer counts 0.
for c in $online; do
	k=0
	while IFS= read -r l; do
		k=$((k + 1))
		case $k:$l in
		"1:entries: "[0-9]* | "2:overrun: "[0-9]* | "3:commit overrun: "[0-9]* | "4:bytes: "[0-9]*) ;;
		"5:oldest event ts: "*[0-9].[0-9][0-9][0-9][0-9][0-9][0-9]) ;;
		"6:now ts: "*[0-9].[0-9][0-9][0-9][0-9][0-9][0-9]) ;;
		"7:dropped events: "[0-9]* | "8:read events: "[0-9]*) ;;
		*) fail "cpu$c stats line $k: '$l'" ;;
		esac
	done <"$T/per_cpu/cpu$c/stats"
	[ $k = 8 ] || fail "cpu$c stats has $k lines"
	stat_of $c entries
	[ "$v" = 0 ] || fail "cpu$c: $v entries in the empty buffer"
	stat_of $c bytes
	[ "$v" = 0 ] || fail "cpu$c: $v bytes in the empty buffer"
done

# Markers pinned to each CPU land in that CPU's buffer only; stats count
# them, with bytes. (The header of a CPU's trace counts all CPUs.)
all=0
for c in $online; do
	k=$((c + 2))
	all=$((all + k))
	set --
	i=0
	while [ $i -lt $k ]; do set -- "$@" "percpu-$c-$i-$$"; i=$((i + 1)); done
	mark "$c" "$@"
done
for c in $online; do
	k=$((c + 2))
	n=0
	while IFS= read -r l; do
		case $l in
		"# entries-in-buffer/entries-written: "*)
			case $l in *": $all/$all   #P:"*) ;; *) fail "cpu$c's trace header: $l, want $all/$all" ;; esac ;;
		*"tracing_mark_write: percpu-$c-"*) n=$((n + 1)) ;;
		*"tracing_mark_write: percpu-"*) fail "cpu$c's trace has another CPU's marker: $l" ;;
		esac
	done <"$T/per_cpu/cpu$c/trace"
	[ $n = $k ] || fail "cpu$c's trace has $n of its $k markers"
	cpu=$(printf '[%03d]' $c)
	n=0
	while IFS= read -r l; do
		case $l in *" $cpu "*"tracing_mark_write: percpu-$c-"*) n=$((n + 1)) ;; esac
	done <"$T/trace"
	[ $n = $k ] || fail "trace shows $n of cpu$c's $k markers on $cpu"
	stat_of $c entries
	[ "$v" = $k ] || fail "cpu$c stats: entries $v, want $k"
	stat_of $c bytes
	[ "$v" -gt 0 ] || fail "cpu$c stats: bytes 0 with $k records"
	stat_of $c overrun
	[ "$v" = 0 ] || fail "cpu$c stats: overrun $v"
done
echo "cpu0 stats with 2 markers:"
sed 's/^/    /' "$T/per_cpu/cpu0/stats"

# A consuming read of cpu0's trace_pipe counts in its stats.
stat_of 0 "read events"
r0=$v
l=$(timeout 5 head -n 1 "$T/per_cpu/cpu0/trace_pipe" 2>/dev/null)
case $l in *"percpu-0-0-$$") ;; *) fail "cpu0's trace_pipe gave: $l" ;; esac
stat_of 0 entries
[ "$v" -lt 2 ] || fail "cpu0 stats: $v entries after a read"
stat_of 0 "read events"
[ "$v" -gt "$r0" ] || fail "cpu0 stats: read events did not grow"
count "$T/trace" "percpu-0-0-$$"
[ $n = 0 ] || fail "the record read from cpu0's trace_pipe is still in trace"

# Clearing one CPU's trace leaves the others.
mark 0 "percpu-keep-$$"
: >"$T/per_cpu/cpu$last/trace"
count "$T/trace" "percpu-$last-"
[ $n = 0 ] || fail "': > per_cpu/cpu$last/trace' left cpu$last's records"
count "$T/trace" "percpu-keep-$$"
[ $n = 1 ] || fail "': > per_cpu/cpu$last/trace' cleared cpu0's records"
stat_of $last entries
[ "$v" = 0 ] || fail "cpu$last stats: $v entries after clearing"

# trace_pipe_raw: one page a read, even when asked for more; the header is
# the page's time stamp (u64) and commit (u64: bytes of data); the record
# follows; the page is consumed.
reset_tracing
mark "$last" "percpu-raw-$$"
raw=/tmp/core-percpu.raw
timeout 5 dd if="$T/per_cpu/cpu$last/trace_pipe_raw" of=$raw bs=8192 count=1 2>/dev/null
set -- $(wc -c <$raw) $(od -A n -t u8 -N 16 $raw)
[ "$1" = 4096 ] || fail "a read of trace_pipe_raw gave $1 bytes, want 4096 (one page)"
ts=$2 commit=$3
[ "$ts" -gt 0 ] || fail "page time stamp is 0"
[ "$commit" -gt 0 ] && [ "$commit" -le 4080 ] || fail "page commit is $commit"
head -c $((16 + commit)) $raw | grep -q "percpu-raw-$$" || fail "the marker is not in the page's $commit bytes"
echo "cpu$last trace_pipe_raw: a 4096-byte page, time stamp $ts, commit $commit"
count "$T/trace" "percpu-raw-$$"
[ $n = 0 ] || fail "trace still has the record read from trace_pipe_raw"
# Nothing left: a read blocks (until the timeout).
timeout 2 dd if="$T/per_cpu/cpu$last/trace_pipe_raw" of=$raw bs=4096 count=1 2>/dev/null
[ ! -s $raw ] || fail "trace_pipe_raw of an empty buffer returned data"
# With O_NONBLOCK: EAGAIN at once.
err=$(nb_read "$T/per_cpu/cpu$last/trace_pipe_raw")
[ "$err" = EAGAIN ] || fail "O_NONBLOCK read of an empty trace_pipe_raw: '$err', want EAGAIN"
