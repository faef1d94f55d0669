#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# instances/ as in upstream 6.1: mkdir makes a trace array with upstream's
# files and modes (the core's, events/ and set_event*, set_ftrace_*; every
# flavor has events and the function tracer), per_cpu/cpuN, and options/
# without the top-level-only options (record-cmd, printk-msg-only,
# trace_printk) and the function_graph ones; its defaults: nop, tracing
# on, the local clock, the default buffer size, the top directory's
# options but event-fork and function-fork off. Its buffer is its own
# both ways. rmdir removes it, or fails with EBUSY while a file of it is
# open; mkdir of an existing name is EEXIST; other files cannot be made.
. "$TESTDIR/lib.sh"

name=core_inst_$$
i=$T/instances/$name
nl='
'
readers=
cleanup() {
	for r in $readers; do kill "$r" 2>/dev/null; done
	wait 2>/dev/null
	exec 3<&- 4<&-
	for d in "$i" "$T/instances/core inst $$"; do [ -d "$d" ] && rmdir "$d"; done
	reset_tracing
}
trap cleanup EXIT
reset_tracing
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
get() { v=; IFS= read -r v <"$1"; }
has() { while IFS= read -r l; do case $l in *"$2") return 0 ;; esac; done <"$1"; return 1; }
# modes DIR: "name:mode" lines of DIR's entries (octal, from ls -l) into $m.
modes() {
	m=
	ls -l "$1" >/tmp/core-inst.ls
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
		m="$m$name:$_o
"
	done </tmp/core-inst.ls
	rm -f /tmp/core-inst.ls
}
get "$T/available_tracers"
list=$v
has_tracer() { case " $list " in *" $1 "*) return 0 ;; esac; return 1; }

mkdir "$i" || fail "mkdir $i"
m=$(stat -c %a "$T/instances" "$i" | tr '\n' ' ')
[ "$m" = "750 750 " ] || fail "modes of instances/ and the instance: $m"
core="available_tracers:440 buffer_percent:640 buffer_size_kb:640
buffer_total_size_kb:440 current_tracer:640 error_log:640 free_buffer:200
options:750 per_cpu:750 snapshot:640 timestamp_mode:440 trace:640
trace_clock:640 trace_marker:220 trace_marker_raw:220 trace_options:640
trace_pipe:440 tracing_cpumask:640 tracing_max_latency:640 tracing_on:640
events:750 set_event:640 set_event_notrace_pid:640 set_event_pid:640
set_ftrace_filter:640 set_ftrace_notrace:640 set_ftrace_notrace_pid:640
set_ftrace_pid:640"
modes "$i"
got=$m
all=" $(echo $core) "
for f in $core; do
	case $nl$got in *"$nl$f$nl"*) continue ;; esac
	case $nl$got in *"$nl${f%:*}:"*) fail "mode of the instance's ${f%:*}, want ${f#*:}: $(echo $got)" ;; esac
	fail "the instance lacks ${f%:*} (mode ${f#*:}): $(echo $got)"
done
for g in $got; do
	case $all in *" $g "*) ;; *) fail "the instance has $g, upstream has not" ;; esac
done
echo "instance files: $(echo $got)"
get /sys/devices/system/cpu/possible
possible= ifs=$IFS
IFS=,
for r in $v; do
	c=${r%-*}
	while [ $c -le ${r#*-} ]; do
		possible="$possible $c"
		c=$((c + 1))
	done
done
IFS=$ifs
modes "$i/per_cpu"
d=
for c in $possible; do
	d="${d}cpu$c:750$nl"
	modes "$i/per_cpu/cpu$c"
	[ "$(echo $m)" = "buffer_size_kb:640 snapshot:640 snapshot_raw:440 stats:440 trace:640 trace_pipe:440 trace_pipe_raw:440" ] ||
		fail "the instance's per_cpu/cpu$c: $(echo $m)"
done
modes "$i/per_cpu"
[ "$m" = "$d" ] || fail "the instance's per_cpu: $(echo $m)"

# options/: the top directory's, less the top-level-only ones and those
# of the tracers that do not run in instances: function_graph's and, in
# a kernel with the blk tracer (Debian's config on upstream), blk's.
top=$(ls "$T/options" | grep -vx 'record-cmd\|printk-msg-only\|trace_printk\|funcgraph-.*\|sleep-time\|graph-time\|blk_.*' | tr '\n' ' ')
[ "$(ls "$i/options" | tr '\n' ' ')" = "$top" ] ||
	fail "the instance's options/: $(ls "$i/options" | tr '\n' ' '); want $top"

# Defaults.
get "$i/current_tracer"
[ "$v" = nop ] || fail "the instance's current_tracer: $v"
get "$i/tracing_on"
[ "$v" = 1 ] || fail "the instance's tracing_on: $v"
get "$T/trace_clock"
top=$v
get "$i/trace_clock"
case $v in *"[local]"*) ;; *) fail "the instance's clock is not local: $v" ;; esac
w=
for x in $top; do case $x in "["*) x=${x#[} x=${x%]} ;; esac; w="$w $x"; done
[ "$w" = " $(echo $v | sed 's/[][]//g')" ] || fail "the instance's clocks: $v; the top's: $top"
get "$i/buffer_size_kb"
case $v in
1410 | "1410 (expanded: 1408)") ;;
*) fail "the instance's buffer_size_kb: $v, want 1410" ;;
esac
get "$T/tracing_cpumask"
top=$v
get "$i/tracing_cpumask"
[ "$v" = "$top" ] || fail "the instance's tracing_cpumask: $v, the top's $top"
get "$i/buffer_percent"
[ "$v" = 50 ] || fail "the instance's buffer_percent: $v"
# (cmp of a copy: tracefs files have size 0, which GNU cmp believes.)
sed 's/^\(function-fork\|event-fork\)$/no\1/' "$T/trace_options" >/tmp/core-inst.exp
cat "$i/trace_options" >/tmp/core-inst.got
cmp -s /tmp/core-inst.exp /tmp/core-inst.got ||
	fail "the instance's trace_options, against the top's: $(diff /tmp/core-inst.exp /tmp/core-inst.got)"
rm -f /tmp/core-inst.exp /tmp/core-inst.got
get "$i/available_tracers"
case " $v " in *" nop ") ;; *) fail "nop is not the last of the instance's available_tracers: $v" ;; esac
case " $v " in *" function_graph "*) fail "function_graph is offered in an instance" ;; esac
for t in $v; do
	has_tracer "$t" || fail "the instance offers '$t', the top directory does not"
done

# Separate buffers, both ways.
echo "inst-in-$$" >"$i/trace_marker" || fail "write the instance's trace_marker"
echo "inst-top-$$" >"$T/trace_marker"
has "$i/trace" "tracing_mark_write: inst-in-$$" || fail "the instance's marker is not in its trace"
has "$T/trace" "tracing_mark_write: inst-in-$$" && fail "the instance's marker is in the top trace"
has "$i/trace" "tracing_mark_write: inst-top-$$" && fail "the top marker is in the instance's trace"
h=
while IFS= read -r l; do case $l in "# entries-in-buffer/entries-written: "*) h=${l#*: } ;; esac; done <"$i/trace"
case $h in "1/1   #P:"*) ;; *) fail "the instance's header counts '$h', want 1/1" ;; esac
printf 'RAW!payload' >"$i/trace_marker_raw" || fail "write the instance's trace_marker_raw"
grep -q '# 21574152 buf: 70 61' "$i/trace" || fail "no raw record in the instance's trace"
line=$(timeout 5 head -n 1 "$i/trace_pipe" 2>/dev/null)
case $line in *"tracing_mark_write: inst-in-$$") ;; *) fail "the instance's trace_pipe gave '$line'" ;; esac
has "$T/trace" "tracing_mark_write: inst-top-$$" || fail "reading the instance's trace_pipe consumed the top record"
# Its own tracing_on, options, clock, size.
echo 0 >"$i/tracing_on"
expect_err "$i/trace_marker" "inst-off-$$" "Bad file descriptor"
expect_err "$T/trace_marker" "inst-top2-$$" ok
echo 1 >"$i/tracing_on"
get "$T/tracing_on"
[ "$v" = 1 ] || fail "the instance's tracing_on changed the top one"
echo 1 >"$i/options/raw"
get "$T/options/raw"
[ "$v" = 0 ] || fail "the instance's options/raw changed the top one"
echo 0 >"$i/options/raw"
echo counter >"$i/trace_clock"
get "$T/trace_clock"
case $v in *"[counter]"*) fail "the instance's trace_clock changed the top one" ;; esac
echo 100 >"$i/buffer_size_kb"
get "$i/buffer_size_kb"
[ "$v" = 103 ] || fail "the instance's buffer_size_kb: $v"
get "$T/buffer_size_kb"
case $v in 103*) fail "the instance's resize changed the top buffer" ;; esac
: >"$i/trace"
has "$T/trace" "tracing_mark_write: inst-top2-$$" || fail "clearing the instance's trace cleared the top one"

# rmdir: EBUSY while a file is open (reader blocked in trace_pipe, or fds
# of trace and tracing_on), then gone.
cat "$i/trace_pipe" >/dev/null &
r=$!
readers="$readers $r"
sleep 0.5
busy() {
	out=$(rmdir "$i" 2>&1) && fail "rmdir succeeded $1"
	case $out in *"Device or resource busy"*) ;; *) fail "rmdir $1: '$out', want EBUSY" ;; esac
	[ -d "$i" ] || fail "the instance is gone after a failed rmdir"
}
busy "with a reader in its trace_pipe"
kill $r
wait $r 2>/dev/null
exec 3<"$i/trace"
busy "with its trace open"
exec 3<&-
exec 4>"$i/tracing_on"
busy "with its tracing_on open"
exec 4>&-
rmdir "$i" || fail "rmdir $i"
[ -e "$i" ] && fail "$i still exists after rmdir"
for f in "$T"/instances/*; do [ "$f" = "$i" ] && fail "instances/ still lists $name"; done

# Names: an existing one is EEXIST; any other (a space too) makes one;
# an instance cannot hold directories, instances/ cannot hold files.
mkdir "$i" || fail "mkdir $i again"
out=$(mkdir "$i" 2>&1) && fail "mkdir of an existing instance succeeded"
case $out in *"File exists"*) ;; *) fail "mkdir of an existing instance: '$out', want EEXIST" ;; esac
out=$(mkdir "$i/sub" 2>&1) && fail "mkdir inside an instance succeeded"
case $out in *"Operation not permitted"*) ;; *) fail "mkdir inside an instance: '$out', want EPERM" ;; esac
out=$(touch "$T/instances/core_file_$$" 2>&1) && fail "a file could be made in instances/"
case $out in *"Permission denied"*) ;; *) fail "touch in instances/: '$out', want EACCES" ;; esac
rmdir "$i" || fail "rmdir $i"
mkdir "$T/instances/core inst $$" || fail "mkdir of an instance named with a space"
echo "inst-space-$$" >"$T/instances/core inst $$/trace_marker" || fail "write its trace_marker"
has "$T/instances/core inst $$/trace" "tracing_mark_write: inst-space-$$" || fail "the space-named instance records nothing"
rmdir "$T/instances/core inst $$" || fail "rmdir of the space-named instance"
out=$(rmdir "$T/instances/no_such_$$" 2>&1) && fail "rmdir of a missing instance succeeded"
case $out in *"No such file or directory"*) ;; *) fail "rmdir of a missing instance: '$out', want ENOENT" ;; esac
true
