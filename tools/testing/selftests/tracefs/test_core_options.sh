#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace_options and options/: upstream 6.1's list of options and their
# defaults (nop tracer), the two interfaces agreeing, bad writes refused
# with EINVAL, and what the output options do to a marker's record:
# latency-format (and with verbose), context-info, printk-msg-only,
# sym-offset, raw, hex, bin; markers=0 refuses marker writes (EINVAL);
# overwrite=0 keeps the oldest records of a full buffer and refuses new
# ones (EBADF, counted as dropped), overwrite=1 overwrites the oldest
# (counted as overrun, and in entries-written).
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
. "$TESTDIR/lib.sh"

# The defaults, in upstream's order: the core flags, then the nop tracer's
# own two options.
defaults="print-parent nosym-offset nosym-addr noverbose noraw nohex nobin
noblock trace_printk annotate nouserstacktrace nosym-userobj noprintk-msg-only
context-info nolatency-format record-cmd norecord-tgid overwrite
nodisable_on_free irq-info markers noevent-fork nopause-on-trace hash-ptr
function-trace nofunction-fork nodisplay-graph nostacktrace notest_nop_accept
notest_nop_refuse"
# options/ has a file for each, and for the options of every tracer
# (function's and function_graph's here).
files="annotate bin block context-info disable_on_free display-graph
event-fork func-no-repeats func_stack_trace funcgraph-abstime funcgraph-cpu
funcgraph-duration funcgraph-irqs funcgraph-overhead funcgraph-overrun
funcgraph-proc funcgraph-tail function-fork function-trace graph-time
hash-ptr hex irq-info latency-format markers overwrite pause-on-trace
print-parent printk-msg-only raw record-cmd record-tgid sleep-time stacktrace
sym-addr sym-offset sym-userobj test_nop_accept test_nop_refuse trace_printk
userstacktrace verbose"

nl='
'
get() { v=; IFS= read -r v <"$1"; }
# slurp FILE: FILE into $s (each line ending in a newline), the lines that
# do not start with '#' into $recs, their number into $nrec.
slurp() {
	s= recs= nrec=0
	while IFS= read -r l; do
		s=$s$l$nl
		case $l in "#"*) ;; *) recs=$recs$l$nl nrec=$((nrec + 1)) ;; esac
	done <"$1"
}
same() {
	[ "$s" = "$2" ] && return
	printf -- '--- want\n%s--- got\n%s' "$2" "$s"
	fail "$1 differs from upstream's"
}
# state NAME: 1 or 0 into $st, as trace_options says.
state() {
	st=
	while IFS= read -r l; do
		case $l in "$1") st=1 ;; "no$1") st=0 ;; esac
	done <"$T/trace_options"
	[ -n "$st" ] || fail "trace_options does not list $1"
}

# expected NAMES...: the names, one a line.
expected() { printf '%s\n' "$@"; }
size0=$(buffer_kb)
cleanup() {
	for o in $defaults; do
		[ "$o" = notest_nop_refuse ] || echo "$o" >"$T/trace_options" 2>/dev/null
	done
	echo "$size0" >"$T/buffer_size_kb"
	reset_tracing
}
trap cleanup EXIT
reset_tracing

# trace_options: one option a line, in upstream's order, "no" when off.
slurp "$T/trace_options"
same "trace_options (the defaults)" "$(expected $defaults)$nl"
s=$(ls "$T/options" | LC_ALL=C sort)
same "the files of options/" "$(expected $files | LC_ALL=C sort)"

# Each option's file says what trace_options says, and each can be
# toggled through either, the other following. (test_nop_refuse refuses
# every change: below.)
opts=
while IFS= read -r l; do opts="$opts ${l#no}"; done <"$T/trace_options"
for o in $opts; do
	[ -f "$T/options/$o" ] || fail "no options/$o"
	state "$o"
	v0=$st
	get "$T/options/$o"
	[ "$v" = "$v0" ] || fail "options/$o reads $v, trace_options says $v0"
	[ "$o" = test_nop_refuse ] && continue
	for w in 1 0 1 0; do
		if [ $w = 1 ]; then echo "$o"; else echo "no$o"; fi >"$T/trace_options" ||
			fail "trace_options refused the option $o"
		get "$T/options/$o"
		[ "$v" = $w ] || fail "options/$o reads $v after $w through trace_options"
		w=$((1 - w))
		echo $w >"$T/options/$o" || fail "options/$o refused $w"
		state "$o"
		[ "$st" = $w ] || fail "trace_options does not follow options/$o = $w"
	done
	echo "$v0" >"$T/options/$o"
done
modes=$(ls -l "$T/options" | sed -n 's/^\(-[-rwx]*\) .*/\1/p' | sort -u)
[ "$modes" = "-rw-r-----" ] || fail "modes of the files of options/: $modes, want 640"
echo "$(echo $opts | wc -w) options toggled through trace_options and options/"

# Bad writes: EINVAL, nothing changes. White space around a name, or one
# trailing newline, is fine.
for bad in no_such_option no "raw x" "
" xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx; do
	expect_err "$T/trace_options" "$bad" "Invalid argument"
done
printf '  raw  ' >"$T/trace_options" || fail "'  raw  ' refused"
get "$T/options/raw"
[ "$v" = 1 ] || fail "'  raw  ' did not set raw"
printf 'noraw\n' >"$T/trace_options" || fail "'noraw\\n' refused"
get "$T/options/raw"
[ "$v" = 0 ] || fail "'noraw\\n' did not clear raw"
for bad in 2 -1 abc; do
	expect_err "$T/options/raw" "$bad" "Invalid argument"
done
# The nop tracer's test options: test_nop_accept takes any change;
# test_nop_refuse refuses each one asked of the tracer (through
# trace_options even the one that changes nothing), but options/ does not
# ask the tracer when the value stays.
echo test_nop_accept >"$T/trace_options" || fail "test_nop_accept refused"
echo notest_nop_accept >"$T/trace_options" || fail "notest_nop_accept refused"
expect_err "$T/trace_options" test_nop_refuse "Invalid argument"
expect_err "$T/trace_options" notest_nop_refuse "Invalid argument"
expect_err "$T/options/test_nop_refuse" 1 "Invalid argument"
echo 0 >"$T/options/test_nop_refuse" || fail "options/test_nop_refuse refused 0"
slurp "$T/trace_options"
same "trace_options after the toggles" "$(expected $defaults)$nl"

# What the output options do to one marker's record.
reset_tracing
pid=$(taskset -c 0 sh -c 'echo $$; echo "opt-mark-$1" >"$2"' sh $$ "$T/trace_marker")
case $pid in '' | *[!0-9]*) fail "marker write failed: $pid" ;; esac
text=opt-mark-$$
slurp "$T/trace"
[ $nrec = 1 ] || fail "one marker gave: $recs"
l=${recs%$nl}
c16=${l%"${l#????????????????}"}
comm=${c16##* }

# latency-format: the latency header and "%8.8s-%-7d %3d<flags> %4lldus%c: ".
echo 1 >"$T/options/latency-format"
slurp "$T/trace"
hdr=${s%"$recs"}
s=$hdr
same "the latency-format header" "# tracer: nop
#
# nop latency trace v1.1.5 on $(uname -r)
# --------------------------------------------------------------------
# latency: 0 us, #1/1, CPU#0 | (M:preempt VP:0, KP:0, SP:0 HP:0 #P:$(grep -c ^processor /proc/cpuinfo))
#    -----------------
#    | task: -0 (uid:0 nice:0 policy:0 rt_prio:0)
#    -----------------
#
#                    _------=> CPU#            
#                   / _-----=> irqs-off/BH-disabled
#                  | / _----=> need-resched    
#                  || / _---=> hardirq/softirq 
#                  ||| / _--=> preempt-depth   
#                  |||| / _-=> migrate-disable 
#                  ||||| /     delay           
#  cmd     pid     |||||| time  |   caller     
#     \\   /        ||||||  \\    |    /       
"
l=${recs%$nl}
p=$(printf '%8.8s-%-7d %3d' "$comm" "$pid" 0)
case $l in "$p"*) ;; *) fail "latency record does not start with '$p': '$l'" ;; esac
printf '%s\n' "${l#"$p"}" |
	grep -Eq "^[.dDbX][.nNp][.zZhHs][.0-9a-f][.0-9a-f] +[0-9]+us[ +!#*@\$]: tracing_mark_write: $text\$" ||
	fail "latency record: '$l'"
# with verbose: "%16s %7d %3d %d %08x %08lx [%08llx] %ld.%03ldms (+%ld.%03ldms): "
echo 1 >"$T/options/verbose"
slurp "$T/trace"
l=${recs%$nl}
p=$(printf '%16s %7d %3d ' "$comm" "$pid" 0)
case $l in "$p"*) ;; *) fail "verbose latency record does not start with '$p': '$l'" ;; esac
printf '%s\n' "${l#"$p"}" |
	grep -Eq "^[0-9]+ [0-9a-f]{8} 0{8} \[[0-9a-f]{8,}\] [0-9]+\.[0-9]{3}ms \(\+[0-9]+\.[0-9]{3}ms\): tracing_mark_write: $text\$" ||
	fail "verbose latency record: '$l'"
echo 0 >"$T/options/verbose"
echo 0 >"$T/options/latency-format"

# context-info off: no header past the tracer line, no context.
echo 0 >"$T/options/context-info"
slurp "$T/trace"
same "trace with context-info off" "# tracer: nop$nl#${nl}tracing_mark_write: $text$nl"
echo 1 >"$T/options/context-info"

# printk-msg-only: print records (markers too) show the text alone.
echo 1 >"$T/options/printk-msg-only"
slurp "$T/trace"
[ "$recs" = "$text$nl" ] || fail "printk-msg-only record: '$recs'"
echo 0 >"$T/options/printk-msg-only"

# sym-offset: the ip as function+offset/size.
echo 1 >"$T/options/sym-offset"
slurp "$T/trace"
printf '%s' "$recs" | grep -Eq "\] [^ ]+ +[0-9]+\.[0-9]{6}: tracing_mark_write\+0x[0-9a-f]+/0x[0-9a-f]+: $text\$" ||
	fail "sym-offset record: '$recs'"
echo 0 >"$T/options/sym-offset"

# raw: "pid cpu ts # ip text" (pid and cpu decimal, ts in ns, ip hex).
echo 1 >"$T/options/raw"
slurp "$T/trace"
printf '%s' "$recs" | grep -Eq "^$pid 0 [0-9]+ # [0-9a-f]+ $text\$" || fail "raw record: '$recs'"
echo 0 >"$T/options/raw"

# hex: "%08x %08x %016llx " of pid, cpu, ts; then the print event has no
# hex form: "type: <its id>", then an empty line.
id=
while IFS= read -r l; do case $l in "ID: "*) id=${l#ID: } ;; esac; done <"$T/events/ftrace/print/format"
echo 1 >"$T/options/hex"
slurp "$T/trace"
h=$(printf '%08x %08x ' "$pid" 0)
case $recs in
"$h"????????????????" type: $id$nl$nl") ;;
*) fail "hex record: '$recs', want '$h<ts %016llx> type: $id' and an empty line" ;;
esac
echo 0 >"$T/options/hex"

# bin: pid (u32), cpu (u32), ts (u64) in the CPU's byte order, then
# "type: <id>\n"; the header lines stay text.
echo 1 >"$T/options/bin"
t="type: $id"
b=$(tail -c $((16 + ${#t} + 1)) "$T/trace" | od -A n -t u4 | tr -s ' \n' '  ')
set -- $b
[ "$1" = "$pid" ] && [ "$2" = 0 ] || fail "bin record does not start with pid $pid, cpu 0: $b"
[ "$(tail -c $((${#t} + 1)) "$T/trace")" = "$t" ] || fail "bin record does not end with '$t\\n'"
[ "$(grep -c '^#' "$T/trace")" = 12 ] || fail "bin mode changed the header"
echo 0 >"$T/options/bin"

# markers=0: trace_marker and trace_marker_raw refuse writes (EINVAL).
echo 0 >"$T/options/markers"
expect_err "$T/trace_marker" "opt-nomark-$$" "Invalid argument"
expect_err "$T/trace_marker_raw" "abcdefgh" "Invalid argument"
echo 1 >"$T/options/markers"
echo "opt-mark2-$$" >"$T/trace_marker" || fail "markers=1 did not bring markers back"
slurp "$T/trace"
case $recs in *opt-nomark*) fail "a marker was recorded with markers=0" ;; esac
case $recs in *"tracing_mark_write: opt-mark2-$$$nl"*) ;; *) fail "no record with markers=1" ;; esac

# overwrite: a buffer of 2 pages a CPU, 40 records of ~1000 bytes on cpu0.
echo 4 >"$T/buffer_size_kb"
pad=pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp
pad=$pad$pad$pad$pad$pad$pad$pad$pad$pad$pad
fill() {
	: >"$T/trace"
	taskset -c 0 sh -c 'i=0; while [ $i -lt 40 ]; do
		printf "ow-%02d-%s\n" $i "$1" >"$2"; i=$((i + 1)); done' sh "$pad" "$T/trace_marker" 2>/dev/null
	n=0 first= lastrec= hdr=
	while IFS= read -r l; do
		case $l in
		"# entries-in-buffer/entries-written: "*)
			hdr=${l#*: }
			hdr=${hdr%% *}
			;;
		*"tracing_mark_write: ow-"*)
			n=$((n + 1))
			r=${l#*: ow-}
			lastrec=${r%%-*}
			[ -n "$first" ] || first=$lastrec
			;;
		esac
	done <"$T/trace"
	ov= dr= en=
	while IFS= read -r l; do
		case $l in
		"overrun: "*) ov=${l#*: } ;;
		"dropped events: "*) dr=${l#*: } ;;
		"entries: "*) en=${l#*: } ;;
		esac
	done <"$T/per_cpu/cpu0/stats"
}
echo 0 >"$T/options/overwrite"
fill
[ "$first" = 00 ] || fail "overwrite=0: the first record kept is ow-$first, want ow-00"
[ "$lastrec" != 39 ] || fail "overwrite=0 recorded the last of 40 records in a full buffer"
err=$(printf x | taskset -c 0 dd of="$T/trace_marker" bs=4096 conv=notrunc 2>&1 >/dev/null)
case $err in *"Bad file descriptor"*) ;; *) fail "a write to the full buffer got '$err', want EBADF" ;; esac
[ "$ov" = 0 ] || fail "overwrite=0: overrun $ov"
[ "$dr" -gt 0 ] || fail "overwrite=0: no dropped events counted"
[ "$en" = $n ] || fail "overwrite=0: stats count $en entries, trace has $n"
[ "$hdr" = "$n/$n" ] || fail "overwrite=0: header counts $hdr, want $n/$n"
echo "overwrite=0: $n of 40 records kept (ow-$first..ow-$lastrec), $dr dropped"
echo 1 >"$T/options/overwrite"
fill
[ "$first" != 00 ] || fail "overwrite=1 kept the first record of 40"
[ "$lastrec" = 39 ] || fail "overwrite=1: the last record is ow-$lastrec, want ow-39"
[ "$ov" -gt 0 ] || fail "overwrite=1: overrun is $ov"
[ "$en" = $n ] || fail "overwrite=1: stats count $en entries, trace has $n"
[ $((n + ov)) = 40 ] || fail "overwrite=1: $n records kept + $ov overrun is not the 40 written"
[ "$hdr" = "$n/40" ] || fail "overwrite=1: header counts $hdr, want $n/40"
echo "overwrite=1: $n of 40 records kept (ow-$first..ow-$lastrec), $ov overrun"
