#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Hist triggers as in upstream 6.1, without variables, expressions,
# actions or synthetic events: each check drives a workload whose
# outcome is known and asserts the hist file's text exactly.
# - events/*/hist: 0440 and empty while the event has no hist trigger;
#   with one, a block per trigger, oldest first, two blank lines apart:
#	# event histogram
#	#
#	# trigger info: hist:keys=common_pid:vals=hitcount:sort=hitcount:size=2048 [active]
#	#
#	(blank)
#	{ common_pid:         62 } hitcount:          5
#	(blank)
#	Totals:
#	    Hits: 5
#	    Entries: 1
#	    Dropped: 0
#   (numbers %10llu; a string key %-50s; "key: ~ 2^%-2llu" for .log2,
#   "~ LO-HI" for .buckets=N, %llx for .hex, "%-16s[%10llu]" for
#   .execname, "[%llx] %-45ps" for .sym, "[%llx] %-55pS" for
#   .sym-offset, "%-30s[%3llu]" for .syscall, a stacktrace one frame a
#   line under "{ stacktrace:"; a value after two blanks). The trigger
#   file shows the trigger info line; "!" removes a trigger with the same
#   keys, values, sort and filter (size is not compared; removing none
#   succeeds); O_TRUNC removes them all (and no other trigger); the
#   event is soft enabled ("0*") while it has one, and its records do
#   not reach the trace. Hits count while tracing_on is 0.
# - keys: one, two, three (the most), a char[16] string, stacktrace,
#   common_timestamp.usecs (the hist turns trace_clock to global and
#   shows ":clock=global"; its keys are the records' time stamps); the
#   modifiers above; values: hitcount and a field's sum.
# - sort=hitcount (default), KEY.descending, a value, two sort keys;
#   size=N (rounded up to a power of two, 128 to 131072), a full map
#   (more distinct keys than the size: "Entries: 128" and each key that
#   found no room counted in Dropped, not in Hits); :pause (not
#   counted, "[paused]"), :cont/:continue, :clear (emptied, pause kept);
#   name=NAME shared by two events; an "if" filter.
# - events/ftrace/print (trace_marker) at the top level and in an
#   instance, whose errors go to the instance's error_log.
# - errors: EINVAL with error_log's text and caret (unknown field or
#   modifier, bad sort key or modifier, empty sort field or assignment,
#   too many sort keys, named mismatch), EINVAL with nothing logged (too
#   many keys or values, no keys, a bad size), EEXIST (the same trigger
#   again), ENOENT (:clear or :cont of none). (events/ftrace/print's
#   buf, a dynamic array of size 0 in 6.1, is no key: "Couldn't find
#   field".)
# The workloads: our shell's forks (sched_process_fork, filtered on
# common_pid == $$: a subshell or an external command is one fork in
# dash and busybox sh; the hist files are read with the read builtin,
# which forks nothing), its trace_marker writes, its write() calls of
# known lengths (syscalls/sys_enter_write: echo is one write) and its
# kill() calls (raw_syscalls/sys_enter id.syscall).
. "$TESTDIR/lib.sh"
export LC_ALL=C

E=$T/events
fk=$E/sched/sched_process_fork
pr=$E/ftrace/print
wr=$E/syscalls/sys_enter_write
rs=$E/raw_syscalls/sys_enter
inst=$T/instances/hist_$$
[ -e "$fk/hist" ] ||
	fail "no events/sched/sched_process_fork/hist on $flavor: no hist triggers (CONFIG_HIST_TRIGGERS)"
for d in "$pr" "$wr" "$rs"; do
	[ -e "$d/hist" ] || fail "no ${d#"$T"/}/hist"
done
clock0=$(sed 's/.*\[\(.*\)\].*/\1/' "$T/trace_clock")
cleanup() {
	# (O_TRUNC removes the hist triggers, "!" the others)
	for d in "$fk" "$pr" "$wr" "$rs"; do
		: >"$d/trigger"
		echo '!traceoff' >>"$d/trigger"
	done 2>/dev/null
	if [ -d "$inst" ]; then
		: >"$inst/events/ftrace/print/trigger"
		rmdir "$inst"
	fi
	echo "$clock0" >"$T/trace_clock"
	: >"$T/error_log"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$T/events/enable"
: >"$T/error_log"

pid=$$
comm=$(cat /proc/$$/comm)
# the trigger file while it has no trigger
header="# Available triggers:
# traceon traceoff snapshot stacktrace enable_event disable_event enable_hist disable_hist hist"
filt="if common_pid == $pid"

# hist_read FILE: FILE's text into $H, its last newline dropped, read
# by the shell itself (no fork: sched_process_fork would count one)
hist_read() {
	H=
	while IFS= read -r _l; do
		H="$H$_l
"
	done <"$1"
	H=${H%?}
}
# want_file FILE TEXT WHAT: FILE reads TEXT
want_file() {
	hist_read "$1"
	[ "$H" = "$2" ] || fail "$3: ${1#"$T"/} reads:
$H
--- want:
$2"
}
# hist_text INFO ENTRIES HITS N DROPPED: the hist file of one trigger
# whose info line is INFO, with the entry lines ENTRIES
hist_text() {
	_e=$2
	[ -z "$_e" ] || _e="$_e
"
	printf '# event histogram\n#\n# trigger info: %s\n#\n\n%s\nTotals:\n    Hits: %s\n    Entries: %s\n    Dropped: %s\n' \
		"$1" "$_e" "$3" "$4" "$5"
}
# want_hist DIR INFO ENTRIES HITS N DROPPED WHAT: DIR/hist is that
want_hist() {
	want_file "$1/hist" "$(hist_text "$2" "$3" "$4" "$5" "$6")" "$7"
}
# want_log LOG LOC TEXT CMD POS: the error_log LOG holds one entry:
# "[TIME] LOC: error: TEXT", the command CMD and a caret under its
# POS-th character
want_log() {
	_got=$(sed 's/^\[ *[0-9][0-9]*\.[0-9]\{6\}\] //' "$1")
	_want=$(printf '%s: error: %s\n  Command: %s\n%*s^' "$2" "$3" "$4" $((11 + $5)) '')
	[ "$_got" = "$_want" ] || fail "'$4': ${1#"$T"/} reads:
$(cat "$1")
--- want (after the time stamp):
$_want"
}
# ent KEYTEXT HITS [VALS]: an entry line
ent() { printf '{ %s } hitcount: %10d%s' "$1" "$2" "${3:-}"; }
# num NAME VALUE: a number key as shown
num() { printf '%s: %10d' "$1" "$2"; }
add() { # add DIR TEXT: append TEXT to DIR/trigger
	echo "$2" >>"$1/trigger" || fail "${1#"$T"/}: '$2' refused"
}
set_trig() { # set_trig DIR TEXT: TEXT replaces DIR/trigger's hist triggers (O_TRUNC)
	echo "$2" >"$1/trigger" || fail "${1#"$T"/}: '$2' refused"
}
forks() { # forks N: our shell forks N subshells
	_i=0
	while [ $_i -lt "$1" ]; do
		(:)
		_i=$((_i + 1))
	done
}
marks() { # marks N [FILE]: N trace_marker writes by our shell
	_i=0
	while [ $_i -lt "$1" ]; do
		echo hist_mark >"${2:-$T/trace_marker}"
		_i=$((_i + 1))
	done
}
writes() { # writes WORD...: one write() to /dev/null of each WORD and a newline
	for _w; do
		echo "$_w" >/dev/null
	done
}

# ---- no trigger: an empty hist file, 0440 ----
[ "$(stat -c %a "$fk/hist")" = 440 ] || fail "hist's mode is $(stat -c %a "$fk/hist"), want 440"
want_file "$fk/hist" "" "no trigger"
add "$fk" "traceoff $filt"
want_file "$fk/hist" "" "a traceoff trigger only"
# O_TRUNC removes the hist triggers only
: >"$fk/trigger"
want_file "$fk/trigger" "traceoff:unlimited $filt" "a traceoff after O_TRUNC"
echo '!traceoff' >>"$fk/trigger"
want_file "$fk/trigger" "$header" "after !traceoff"

# ---- keys=common_pid, unfiltered: its text, our forks' entry ----
# (What a fork would count is computed before the trigger is set: a
# command substitution forks too.)
info='hist:keys=common_pid:vals=hitcount:sort=hitcount:size=2048 [active]'
head5="# event histogram
#
# trigger info: $info
#
."
mine=$(ent "$(num common_pid $pid)" 5)
set_trig "$fk" 'hist:keys=common_pid'
want_file "$fk/trigger" "$info" "the trigger file"
read -r en <"$fk/enable"
: >"$T/trace"
forks 5
hist_read "$fk/hist"
[ "$en" = "0*" ] || fail "enable reads '$en' with a hist trigger, want 0*"
[ "$(printf '%s\n' "$H" | head -n 5 | sed '5s/^$/./')" = "$head5" ] || fail "unfiltered hist's head: $H"
printf '%s\n' "$H" | grep -qxF "$mine" || fail "no '$mine' line: $H"
# Totals: Hits the sum of the hitcounts, Entries the lines, no drops
tot=$(printf '%s\n' "$H" | awk '
	/^\{ common_pid: +[0-9]+ \} hitcount: +[0-9]+$/ { n++; h += $NF; next }
	/^    Hits: / { th = $2 } /^    Entries: / { te = $2 } /^    Dropped: / { td = $2 }
	END { print n + 0, h + 0, th, te, td }')
# shellcheck disable=SC2086
set -- $tot
[ "$1" = "$4" ] && [ "$2" = "$3" ] && [ "$5" = 0 ] && [ "$2" -ge 5 ] ||
	fail "unfiltered Totals (entries, hits, Hits, Entries, Dropped): $tot: $H"
grep -q sched_process_fork "$T/trace" && fail "a soft enabled event's records reached the trace"
echo '!hist:keys=common_pid' >>"$fk/trigger" || fail "!hist refused"
want_file "$fk/trigger" "$header" "after !hist"
want_file "$fk/hist" "" "after !hist"
[ "$(cat "$fk/enable")" = 0 ] || fail "enable reads '$(cat "$fk/enable")' after !hist"

# ---- filtered on our pid: the whole file ----
info="hist:keys=common_pid:vals=hitcount:sort=hitcount:size=2048 $filt [active]"
w4=$(hist_text "$info" "$(ent "$(num common_pid $pid)" 4)" 4 1 0)
w6=$(hist_text "$info" "$(ent "$(num common_pid $pid)" 6)" 6 1 0)
set_trig "$fk" "hist:keys=common_pid $filt"
want_file "$fk/trigger" "$info" "the filtered trigger"
forks 4
want_file "$fk/hist" "$w4" "4 forks"
# counted while tracing is off
echo 0 >"$T/tracing_on"
forks 2
echo 1 >"$T/tracing_on"
want_file "$fk/hist" "$w6" "2 forks with tracing off"
# the same trigger again, even with another size; !hist with another
# size removes it
expect_err "$fk/trigger" "hist:keys=common_pid $filt" "File exists"
expect_err "$fk/trigger" "hist:keys=common_pid:size=256 $filt" "File exists"
expect_err "$fk/trigger" "!hist:keys=common_pid:size=256" "ok"
want_file "$fk/trigger" "$info" "after removing an unfiltered twin"
expect_err "$fk/trigger" "!hist:keys=common_pid:size=256 $filt" "ok"
want_file "$fk/trigger" "$header" "after !hist with another size"

# ---- string and compound keys ----
w=$(hist_text "hist:keys=parent_comm:vals=hitcount:sort=hitcount:size=2048 $filt [active]" \
	"$(ent "$(printf 'parent_comm: %-50s' "$comm")" 3)" 3 1 0)
set_trig "$fk" "hist:keys=parent_comm $filt"
forks 3
want_file "$fk/hist" "$w" "keys=parent_comm"
w=$(hist_text "hist:keys=parent_pid,child_comm:vals=hitcount:sort=hitcount:size=2048 $filt [active]" \
	"$(ent "$(num parent_pid $pid), $(printf 'child_comm: %-50s' "$comm")" 3)" 3 1 0)
set_trig "$fk" "hist:keys=parent_pid,child_comm $filt"
forks 3
want_file "$fk/hist" "$w" "keys=parent_pid,child_comm"
# three keys, the most: one entry per child
set_trig "$fk" "hist:keys=common_pid,parent_pid,child_pid:sort=child_pid $filt"
want_file "$fk/trigger" "hist:keys=common_pid,parent_pid,child_pid:vals=hitcount:sort=child_pid:size=2048 $filt [active]" \
	"three keys"
forks 3
hist_read "$fk/hist"
n=$(printf '%s\n' "$H" | grep -c "^{ $(num common_pid $pid), $(num parent_pid $pid), child_pid: *[0-9]* } hitcount: *1$")
[ "$n" = 3 ] || fail "three keys: $n entries of our children: $H"
: >"$fk/trigger"

# ---- modifiers, on our trace_marker writes ----
pinfo() { # pinfo KEYS: the info line of a filtered print trigger
	echo "hist:keys=$1:vals=hitcount:sort=hitcount:size=2048 $filt [active]"
}
ptest() { # ptest KEYS KEYTEXT: 3 marks, one entry KEYTEXT
	set_trig "$pr" "hist:keys=$1 $filt"
	marks 3
	want_hist "$pr" "$(pinfo "$1")" "$(ent "$2" 3)" 3 1 0 "keys=$1"
}
ptest common_pid "$(num common_pid $pid)"
# the filter: another task's marks are not counted
(echo hist_mark >"$T/trace_marker")
sh -c 'echo hist_mark >"$1"' sh "$T/trace_marker"
want_hist "$pr" "$(pinfo common_pid)" "$(ent "$(num common_pid $pid)" 3)" 3 1 0 "others' marks"
ptest common_pid.hex "$(printf 'common_pid: %x' $pid)"
ptest common_pid.execname "$(printf 'common_pid: %-16s[%10d]' "$comm" $pid)"
# An execname variable reads the comm of the entry's creator, as
# upstream's does, and leaves the key's comm alone: a shell marks, then
# execs cat, which marks from the same pid under its own comm.
echo hist_cm >/tmp/hist_cm.$$
set_trig "$pr" 'hist:keys=common_pid.execname:c=common_pid.execname if buf ~ "hist_cm*"'
sh -c 'echo hist_cm >"$1"; exec cat "$2" >"$1"' sh "$T/trace_marker" /tmp/hist_cm.$$ &
cpid=$!
wait $cpid || fail "the exec'd cat's mark"
rm -f /tmp/hist_cm.$$
want_hist "$pr" 'hist:keys=common_pid.execname:vals=hitcount:c=common_pid.execname:sort=hitcount:size=2048 if buf ~ "hist_cm*" [active]' \
	"$(ent "$(printf 'common_pid: %-16s[%10d]' sh $cpid)" 2)" 2 1 0 "an execname key beside an execname variable"
l2=0 v=1
while [ $v -lt $pid ]; do
	v=$((v * 2)) l2=$((l2 + 1))
done
ptest common_pid.log2 "$(printf 'common_pid: ~ 2^%-2d' $l2)"
lo=$((pid / 10 * 10))
ptest common_pid.buckets=10 "common_pid: ~ $lo-$((lo + 9))"
# the print event's ip: where tracing_mark_write records it
set_trig "$pr" "hist:keys=ip.sym $filt"
marks 3
hist_read "$pr/hist"
printf '%s\n' "$H" | sed -n 6p | grep -qx "{ ip: \[[0-9a-f]*\] $(printf '%-45s' tracing_mark_write) } hitcount:          3" ||
	fail "keys=ip.sym: $H"
set_trig "$pr" "hist:keys=ip.sym-offset $filt"
marks 3
hist_read "$pr/hist"
printf '%s\n' "$H" | sed -n 6p | grep -qx '{ ip: \[[0-9a-f]*\] tracing_mark_write+0x[0-9a-f]*/0x[0-9a-f]* *} hitcount:          3' ||
	fail "keys=ip.sym-offset: $H"
# (%-55pS)
printf '%s\n' "$H" | sed -n 6p | grep -q '\] .\{55\} } hitcount' ||
	fail "keys=ip.sym-offset not padded to 55: $H"
[ "$(printf '%s\n' "$H" | sed -n 3p)" = "# trigger info: $(pinfo ip.sym-offset)" ] ||
	fail "keys=ip.sym-offset's info: $H"
# stacktrace: one frame a line, 9 blanks in; the shape only (which
# frames show depends on the kernel's own call chain)
set_trig "$pr" "hist:keys=stacktrace $filt"
marks 3
hist_read "$pr/hist"
printf '%s\n' "$H" | awk -v info="# trigger info: $(pinfo stacktrace)" '
	NR == 3 && $0 != info { print "info: " $0; exit 1 }
	NR < 6 { next }
	NR == 6 { if ($0 != "{ stacktrace:") { print "line 6: " $0; exit 1 } next }
	!end && /^         [A-Za-z_][A-Za-z0-9_.]*\+0x[0-9a-f]+\/0x[0-9a-f]+$/ { frames++; next }
	!end && /^\} hitcount: +3$/ { end = 1; next }
	!end { print "line " NR ": " $0; exit 1 }
	/^    Hits: 3$/ { hits = 1 } /^    Entries: 1$/ { ents = 1 }
	END { if (!frames || !end || !hits || !ents) { print "frames " frames + 0; exit 1 } }' >/tmp/hist.$$ ||
	fail "keys=stacktrace: $(cat /tmp/hist.$$): $H"
rm -f /tmp/hist.$$
# events/ftrace/print's buf (size 0) is no key
: >"$T/error_log"
expect_err "$pr/trigger" 'hist:keys=buf' "Invalid argument"
want_log "$T/error_log" hist:ftrace:print "Couldn't find field" 'hist:keys=buf' 10
: >"$pr/trigger"

# .syscall: our kill() calls
case $arch in
x86_64) nr=62 ;;
arm64 | aarch64) nr=129 ;;
*) fail "no syscall number of kill for $arch" ;;
esac
set_trig "$rs" "hist:keys=id.syscall $filt"
kill -0 $$
kill -0 $$
kill -0 $$
hist_read "$rs/hist"
[ "$(printf '%s\n' "$H" | sed -n 3p)" = "# trigger info: hist:keys=id.syscall:vals=hitcount:sort=hitcount:size=2048 $filt [active]" ] ||
	fail "id.syscall's info: $H"
want=$(printf '{ id: %-30s[%3d] } hitcount:          3' sys_kill "$nr")
printf '%s\n' "$H" | grep -qxF "$want" || fail "id.syscall: no '$want' line: $H"
: >"$rs/trigger"

# ---- values: a field's sum, on our write() calls ----
set_trig "$wr" "hist:keys=fd:vals=count $filt"
writes abc abc abc
want_hist "$wr" "hist:keys=fd:vals=hitcount,count:sort=hitcount:size=2048 $filt [active]" \
	"$(ent "$(num fd 1)" 3 "$(printf '  count: %10d' 12)")" 3 1 0 "vals=count"
set_trig "$wr" "hist:keys=fd:vals=hitcount,count,common_pid $filt"
writes abc a
want_hist "$wr" "hist:keys=fd:vals=hitcount,count,common_pid:sort=hitcount:size=2048 $filt [active]" \
	"$(ent "$(num fd 1)" 2 "$(printf '  count: %10d  common_pid: %10d' 6 $((2 * pid)))")" 2 1 0 \
	"vals=hitcount,count,common_pid"

# key=, val= and values= are keys= and vals=
set_trig "$wr" "hist:key=fd:values=count $filt"
want_file "$wr/trigger" "hist:keys=fd:vals=hitcount,count:sort=hitcount:size=2048 $filt [active]" "key=fd:values=count"
set_trig "$wr" "hist:key=fd:val=count $filt"
want_file "$wr/trigger" "hist:keys=fd:vals=hitcount,count:sort=hitcount:size=2048 $filt [active]" "key=fd:val=count"
# a filter on a field: the 2-byte writes do not count
set_trig "$wr" "hist:keys=count:sort=count $filt && count > 3"
writes a a a ccc eeeee eeeee
want_hist "$wr" "hist:keys=count:vals=hitcount:sort=count:size=2048 $filt && count > 3 [active]" \
	"$(ent "$(num count 4)" 1)
$(ent "$(num count 6)" 2)" 3 2 0 "a filter on count"

# ---- sorting: writes of 2 bytes 3 times, 4 once, 6 twice ----
stest() { # stest SORT SORTTEXT COUNT:HITS...
	_s=$1 _st=$2
	shift 2
	set_trig "$wr" "hist:keys=count${_s:+:sort=$_s} $filt"
	writes a a a ccc eeeee eeeee
	_e=
	for _c; do
		_e="$_e${_e:+
}$(ent "$(num count "${_c%:*}")" "${_c#*:}")"
	done
	want_hist "$wr" "hist:keys=count:vals=hitcount:sort=$_st:size=2048 $filt [active]" \
		"$_e" 6 3 0 "sort=$_s"
}
stest "" hitcount 4:1 6:2 2:3
stest hitcount.descending hitcount.descending 2:3 6:2 4:1
stest count count 2:3 4:1 6:2
stest count.descending count.descending 6:2 4:1 2:3
stest count.ascending count 2:3 4:1 6:2
# by a value
set_trig "$wr" "hist:keys=count:vals=common_pid:sort=common_pid.descending $filt"
writes a a a ccc eeeee eeeee
want_hist "$wr" "hist:keys=count:vals=hitcount,common_pid:sort=common_pid.descending:size=2048 $filt [active]" \
	"$(ent "$(num count 2)" 3 "$(printf '  common_pid: %10d' $((3 * pid)))")
$(ent "$(num count 6)" 2 "$(printf '  common_pid: %10d' $((2 * pid)))")
$(ent "$(num count 4)" 1 "$(printf '  common_pid: %10d' $pid)")" 6 3 0 "sort=common_pid.descending"
# two sort keys: ties of hitcount in count's descending order
set_trig "$wr" "hist:keys=count:sort=hitcount,count.descending $filt"
writes a a ccc ccc eeeee eeeee eeeee ggggggg
want_hist "$wr" "hist:keys=count:vals=hitcount:sort=hitcount,count.descending:size=2048 $filt [active]" \
	"$(ent "$(num count 8)" 1)
$(ent "$(num count 4)" 2)
$(ent "$(num count 2)" 2)
$(ent "$(num count 6)" 3)" 8 4 0 "sort=hitcount,count.descending"

# ---- size: rounded up to a power of two; a full map ----
set_trig "$wr" "hist:keys=count:size=100 $filt"
want_file "$wr/trigger" "hist:keys=count:vals=hitcount:sort=hitcount:size=128 $filt [active]" "size=100"
set_trig "$wr" "hist:keys=count:size=2049 $filt"
want_file "$wr/trigger" "hist:keys=count:vals=hitcount:sort=hitcount:size=4096 $filt [active]" "size=2049"
# 200 writes of 2 to 201 bytes into a map of 128: the first 128 keys
# get an entry, each of the 72 others is dropped (not a hit)
full=$(awk 'BEGIN { for (i = 2; i <= 129; i++) printf "{ count: %10d } hitcount: %10d\n", i, 1 }')
full2=$(awk 'BEGIN { for (i = 2; i <= 129; i++) printf "{ count: %10d } hitcount: %10d\n", i, 2 }')
set_trig "$wr" "hist:keys=count:sort=count:size=128 $filt"
fill() {
	_s='' _i=0
	while [ $_i -lt 200 ]; do
		_s="${_s}a"
		echo "$_s" >/dev/null
		_i=$((_i + 1))
	done
}
fill
info="hist:keys=count:vals=hitcount:sort=count:size=128 $filt [active]"
want_hist "$wr" "$info" "$full" 128 128 72 "200 keys in a map of 128"
fill
want_hist "$wr" "$info" "$full2" 256 128 144 "200 keys in a map of 128, twice"
: >"$wr/trigger"

# ---- :pause, :cont, :clear ----
set_trig "$pr" "hist:keys=common_pid $filt"
pent() { ent "$(num common_pid $pid)" "$1"; }
marks 2
add "$pr" "hist:keys=common_pid:pause $filt"
info=$(pinfo common_pid)
pinfo_p="${info% \[active\]} [paused]"
want_file "$pr/trigger" "$pinfo_p" "after :pause"
marks 3
want_hist "$pr" "$pinfo_p" "$(pent 2)" 2 1 0 "3 marks while paused"
add "$pr" "hist:keys=common_pid:cont $filt"
want_file "$pr/trigger" "$info" "after :cont"
marks 1
want_hist "$pr" "$info" "$(pent 3)" 3 1 0 "a mark after :cont"
add "$pr" "hist:keys=common_pid:pause $filt"
add "$pr" "hist:keys=common_pid:clear $filt"
want_hist "$pr" "$pinfo_p" "" 0 0 0 ":clear while paused"
add "$pr" "hist:keys=common_pid:continue $filt"
marks 2
want_hist "$pr" "$info" "$(pent 2)" 2 1 0 "after :clear and :continue"
add "$pr" "hist:keys=common_pid:clear $filt"
want_hist "$pr" "$info" "" 0 0 0 ":clear"
: >"$pr/trigger"
# a new trigger may start paused
set_trig "$pr" "hist:keys=common_pid:pause $filt"
marks 1
want_hist "$pr" "$pinfo_p" "" 0 0 0 "a trigger made paused"
: >"$pr/trigger"

# ---- two hist triggers on one event, and another trigger ----
set_trig "$pr" "hist:keys=common_pid $filt"
add "$pr" "hist:keys=common_pid.hex $filt"
add "$pr" 'traceoff if common_pid == 1'
want_file "$pr/trigger" "traceoff:unlimited if common_pid == 1
$(pinfo common_pid)
$(pinfo common_pid.hex)" "two hist triggers and a traceoff"
marks 2
want_file "$pr/hist" "$(hist_text "$(pinfo common_pid)" "$(pent 2)" 2 1 0)


$(hist_text "$(pinfo common_pid.hex)" "$(ent "$(printf 'common_pid: %x' $pid)" 2)" 2 1 0)" \
	"two hist triggers"
echo '!hist:keys=common_pid.hex '"$filt" >>"$pr/trigger"
want_file "$pr/trigger" "traceoff:unlimited if common_pid == 1
$(pinfo common_pid)" "after removing the second"
: >"$pr/trigger"
want_file "$pr/trigger" "traceoff:unlimited if common_pid == 1" "print's trigger after O_TRUNC"
echo '!traceoff' >>"$pr/trigger"

# ---- name=: one histogram for two events ----
info="hist:name=foo:keys=common_pid:vals=hitcount:sort=hitcount:size=2048 $filt [active]"
w5=$(hist_text "$info" "$(pent 5)" 5 1 0)
w6=$(hist_text "$info" "$(pent 6)" 6 1 0)
set_trig "$fk" "hist:name=foo:keys=common_pid $filt"
set_trig "$pr" "hist:name=foo:keys=common_pid $filt"
forks 2
marks 3
want_file "$fk/hist" "$w5" "name=foo on sched_process_fork"
want_file "$pr/hist" "$w5" "name=foo on print"
want_file "$pr/trigger" "$info" "name=foo's trigger"
# print's removed: the other keeps the histogram, which print's marks
# no longer reach
echo "!hist:name=foo:keys=common_pid $filt" >>"$pr/trigger"
want_file "$pr/trigger" "$header" "print's trigger after removing name=foo"
forks 1
marks 1
want_file "$fk/hist" "$w6" "name=foo, print's removed"
# a trigger of that name must have the same keys
: >"$T/error_log"
expect_err "$wr/trigger" "hist:name=foo:keys=fd $filt" "Invalid argument"
want_log "$T/error_log" hist:syscalls:sys_enter_write \
	"Named hist trigger doesn't match existing named trigger (includes variables)" \
	"hist:name=foo:keys=fd $filt" 5
: >"$fk/trigger"
# the name goes with its last trigger
set_trig "$wr" "hist:name=foo:keys=fd $filt"
want_file "$wr/trigger" "hist:name=foo:keys=fd:vals=hitcount:sort=hitcount:size=2048 $filt [active]" \
	"name=foo again, with other keys"
: >"$wr/trigger"

# ---- an instance's trace_marker ----
mkdir "$inst" || fail "mkdir $inst"
ipr=$inst/events/ftrace/print
set_trig "$ipr" "hist:keys=common_pid $filt"
set_trig "$pr" "hist:keys=common_pid $filt"
marks 2 "$inst/trace_marker"
marks 1
want_hist "$ipr" "$(pinfo common_pid)" "$(pent 2)" 2 1 0 "the instance's print"
want_hist "$pr" "$(pinfo common_pid)" "$(pent 1)" 1 1 0 "the top level's print beside an instance"
: >"$T/error_log"
: >"$inst/error_log"
expect_err "$ipr/trigger" 'hist:keys=common_pid.junkmod' "Invalid argument"
want_file "$T/error_log" "" "the top level's error_log after an instance's error"
want_log "$inst/error_log" hist:ftrace:print "Invalid field modifier" \
	'hist:keys=common_pid.junkmod' 21
rmdir "$inst" || fail "rmdir of an instance with a hist trigger"
: >"$pr/trigger"
# An instance's open hist file holds the instance (EBUSY), as upstream's;
# its open trigger file does not, and reads it after it went show a file
# without triggers, as upstream's (not an empty text)
mkdir "$inst" || fail "mkdir of the instance again"
exec 3<"$inst/events/sched/sched_switch/hist"
got=$(rmdir "$inst" 2>&1) && fail "rmdir of an instance whose hist file is open"
case $got in
*"Device or resource busy"*) ;;
*) fail "rmdir of an instance whose hist file is open: $got" ;;
esac
exec 3<&-
exec 3<"$inst/events/sched/sched_switch/trigger"
rmdir "$inst" || fail "rmdir of an instance whose trigger file is open"
got=$(cat <&3 2>&1) || fail "a read of a gone instance's trigger file: $got"
[ "$got" = "$header" ] || fail "a gone instance's trigger file reads '$got'"
exec 3<&-

# ---- common_timestamp.usecs: the records' time stamps ----
echo local >"$T/trace_clock"
: >"$T/trace"
set_trig "$pr" "hist:keys=common_timestamp.usecs:sort=common_timestamp $filt"
grep -q '\[global\]' "$T/trace_clock" || fail "a common_timestamp key left trace_clock at $(cat "$T/trace_clock")"
info="hist:keys=common_timestamp.usecs:vals=hitcount:sort=common_timestamp.usecs:size=2048:clock=global $filt [active]"
want_file "$pr/trigger" "$info" "keys=common_timestamp.usecs"
echo hist_ts_1 >"$T/trace_marker"
echo hist_ts_2 >"$T/trace_marker"
echo hist_ts_3 >"$T/trace_marker"
ents=$(awk '/tracing_mark_write: hist_ts_[123]$/ {
	for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) t = $i
	split(substr(t, 1, length(t) - 1), p, ".")
	# (busybox awk reads "043240" as octal: no leading zeros)
	sub(/^0+/, "", p[2])
	printf "{ common_timestamp: %10d } hitcount: %10d\n", p[1] * 1000000 + p[2], 1 }' "$T/trace")
[ "$(printf '%s\n' "$ents" | grep -c .)" = 3 ] || fail "the markers' records: $(cat "$T/trace")"
want_hist "$pr" "$info" "$ents" 3 3 0 "keys=common_timestamp.usecs"
: >"$pr/trigger"
echo "$clock0" >"$T/trace_clock"

# ---- errors ----
# bad CMD ERRNO [TEXT POS]: writing CMD to sched_process_fork's trigger
# fails with ERRNO; error_log holds TEXT, the command (without a "!")
# and a caret under its POS-th character; nothing without TEXT
bad() {
	: >"$T/error_log"
	expect_err "$fk/trigger" "$1" "$2"
	if [ -z "${3:-}" ]; then
		want_file "$T/error_log" "" "'$1'"
		return
	fi
	want_log "$T/error_log" hist:sched:sched_process_fork "$3" "${1#!}" "$4"
}
bad 'hist:keys=no_such_field' "Invalid argument" "Couldn't find field" 10
bad 'hist:keys=common_pid:vals=no_such_val' "Invalid argument" "Couldn't find field" 26
bad 'hist:keys=common_pid.junkmod' "Invalid argument" "Invalid field modifier" 21
bad 'hist:keys=parent_pid.execname' "Invalid argument" "Invalid field modifier" 21
bad 'hist:keys=common_pid.buckets=0' "Invalid argument" "Invalid field modifier" 29
bad 'hist:keys=common_pid:sort=junk_sort' "Invalid argument" "Sort field must be a key or a val" 26
bad 'hist:keys=common_pid:sort=common_pid.junkdir' "Invalid argument" "Invalid sort modifier" 37
bad 'hist:keys=common_pid:sort=common_pid,' "Invalid argument" "Empty sort field" 21
bad 'hist:keys=common_pid:vals=parent_pid,child_pid:sort=common_pid,parent_pid,child_pid' \
	"Invalid argument" "Too many sort fields (Max = 2)" 47
bad 'hist:keys=common_pid:sort=' "Invalid argument" "Empty assignment" 21
bad 'hist:keys=common_pid:clear' "No such file or directory" "Can't clear or continue a nonexistent hist trigger" 0
bad 'hist:keys=common_pid:cont' "No such file or directory" "Can't clear or continue a nonexistent hist trigger" 0
bad '!hist:keys=no_such_field' "Invalid argument" "Couldn't find field" 10
# nothing logged
bad 'hist:keys=common_pid,parent_pid,child_pid,parent_comm' "Invalid argument"
bad 'hist:keys=common_pid:vals=parent_pid,child_pid,common_pid' "Invalid argument"
bad 'hist:vals=hitcount' "Invalid argument"
bad 'hist' "Invalid argument"
bad 'hist:' "Invalid argument"
bad 'hist:keys=common_pid:size=64' "Invalid argument"
bad 'hist:keys=common_pid:size=131073' "Invalid argument"
bad 'hist:keys=common_pid:size=abc' "Invalid argument"
# removing none succeeds
bad '!hist:keys=common_pid' "ok"
want_file "$fk/trigger" "$header" "after the errors"
want_file "$fk/hist" "" "after the errors"
# the same trigger twice
set_trig "$fk" 'hist:keys=common_pid'
bad 'hist:keys=common_pid' "File exists" "Hist trigger already exists" 0
want_file "$fk/trigger" 'hist:keys=common_pid:vals=hitcount:sort=hitcount:size=2048 [active]' "after EEXIST"
: >"$fk/trigger"
echo "hist triggers: keys, modifiers, values, sorts, sizes, a full map, pause/cont/clear, names, an instance, errors held"
exit 0
