#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The function_graph output, as in upstream 6.1, over set_ftrace_filter
# vfs_read seq_read_iter version_proc_show:
# - the options and the header lines they change: funcgraph-proc (a
#   "comm-pid |" column, centred in 14), funcgraph-abstime (seconds.us,
#   in order on each CPU), funcgraph-duration off (no duration column),
#   funcgraph-cpu off (no " N) "), funcgraph-tail ("} /* f */" on each
#   close), funcgraph-overhead off (no mark; on, the mark fits the time:
#   + over 10 us, ! 100 us, # 1 ms, * 10 ms, @ 100 ms, $ 1 s);
# - trace_marker writes and trace_printk()s as "/* text */" comments,
#   indented as upstream: 2*(D+1) spaces after a call opened at depth D,
#   none at depth 0;
# - tracing_thresh: only the returns that took longer, as
#   "} /* f */" with their time; back to 0, whole calls again.
. "$TESTDIR/lib.sh"
export LC_ALL=C

need_fgraph
mod=/tmp/out/modules/harness_tprintk.ko
loaded=
cleanup() {
	for o in funcgraph-proc funcgraph-abstime funcgraph-tail; do
		echo 0 >"$T/options/$o"
	done
	for o in funcgraph-duration funcgraph-cpu funcgraph-overhead; do
		echo 1 >"$T/options/$o"
	done
	echo 0 >"$T/tracing_thresh"
	echo >"$T/set_ftrace_filter"
	echo >"$T/set_ftrace_pid"
	[ -n "$loaded" ] && rmmod harness_tprintk
	reset_tracing
	rm -f /tmp/fg.trace /tmp/fg-avail
}
trap cleanup EXIT
reset_tracing
for o in funcgraph-proc funcgraph-abstime funcgraph-duration funcgraph-cpu \
	funcgraph-tail funcgraph-overhead funcgraph-irqs funcgraph-overrun \
	sleep-time graph-time; do
	[ -f "$T/options/$o" ] || fail "no options/$o"
done
for o in funcgraph-proc funcgraph-abstime funcgraph-tail funcgraph-overrun; do
	[ "$(cat "$T/options/$o")" = 0 ] || fail "options/$o is $(cat "$T/options/$o"), not 0"
done
for o in funcgraph-duration funcgraph-cpu funcgraph-overhead funcgraph-irqs sleep-time graph-time; do
	[ "$(cat "$T/options/$o")" = 1 ] || fail "options/$o is $(cat "$T/options/$o"), not 1"
done

fl=$(fg_filter vfs_read seq_read_iter version_proc_show)
[ "$fl" = "vfs_read seq_read_iter version_proc_show" ] || fail "not all traceable: $fl"
# trace: this shell reads /proc/version (a read() a byte) under
# function_graph, into /tmp/fg.trace.
trace() {
	: >"$T/trace"
	echo function_graph >"$T/current_tracer" || fail "current_tracer function_graph"
	read -r l </proc/version
	echo 0 >"$T/tracing_on"
	cat "$T/trace" >/tmp/fg.trace
	echo nop >"$T/current_tracer"
	echo 1 >"$T/tracing_on"
}
# header COLUMNS: the trace's column header has those of abs, cpu,
# proc, dur (in that order), as upstream prints them.
header() {
	_h1='#' _h2='#'
	for _c; do
		case $_c in
		abs) _h1="$_h1     TIME       " _h2="$_h2      |         " ;;
		cpu) _h1="$_h1 CPU" _h2="$_h2 |  " ;;
		proc) _h1="$_h1  TASK/PID       " _h2="$_h2   |    |        " ;;
		dur) _h1="$_h1  DURATION   " _h2="$_h2   |   |      " ;;
		esac
	done
	_h1="$_h1               FUNCTION CALLS"
	_h2="$_h2               |   |   |   |"
	[ "$(sed -n 3p /tmp/fg.trace)" = "$_h1" ] || fail "$opt: header '$(sed -n 3p /tmp/fg.trace)', want '$_h1'"
	[ "$(sed -n 4p /tmp/fg.trace)" = "$_h2" ] || fail "$opt: header '$(sed -n 4p /tmp/fg.trace)', want '$_h2'"
}
# has ERE: a line of the trace matches it.
has() {
	grep -q -E "$1" /tmp/fg.trace || fail "$opt: no line matches '$1': $(sed -n 5,12p /tmp/fg.trace)"
}
# none ERE: no line of the trace matches it.
none() {
	! grep -q -E "$1" /tmp/fg.trace || fail "$opt: a line matches '$1': $(grep -m1 -E "$1" /tmp/fg.trace)"
}
# records CHECK: each record of the trace (open, leaf, close) passes
# the awk condition CHECK (on fg_* of fg_parse); the nesting holds.
records() {
	awk -v cond="$1" "$FG_PARSE"'{ fg_parse($0) }
		fg_kind == "bad" { print "unparsed: " $0; exit 1 }
		fg_kind != "open" && fg_kind != "leaf" && fg_kind != "close" { next }
		{ n++ }
		!('"$1"') { print "fails " cond ": " $0; exit 1 }
		END { if (!n) { print "no records"; exit 1 } }' /tmp/fg.trace || fail "$opt"
	fg_nesting /tmp/fg.trace >/dev/null ||
		fail "$opt: $(fg_nesting /tmp/fg.trace); the trace begins:
$(sed -n 1,24p /tmp/fg.trace)"
}

opt=default
trace
header cpu dur
has '^ [0-9]+\)               \|  vfs_read\(\) \{$'
has '^ [0-9]+\)               \|    seq_read_iter\(\) \{$'
has '^ [0-9]+\) [ +!#*@$] +[0-9]+\.[0-9]+ us +\|      version_proc_show\(\);$'
has '^ [0-9]+\) [ +!#*@$] +[0-9]+\.[0-9]+ us +\|    seq_read_iter\(\);$'
has '^ [0-9]+\) [ +!#*@$] +[0-9]+\.[0-9]+ us +\|  }$'
# The overhead mark fits the time (away from the bounds, which the
# printed time rounds).
records 'fg_cpu >= 0 && fg_pid < 0 && fg_abs < 0 && (fg_kind == "open" ? fg_dur < 0 : fg_dur >= 0)'
awk "$FG_PARSE"'{ fg_parse($0) } fg_dur >= 0 {
	split("10 100 1000 10000 100000 1000000", b, " ")
	m = " "; for (i = 1; i <= 6; i++) if (fg_dur > b[i] * 1.01) m = substr("+!#*@$", i, 1)
	lo = " "; for (i = 1; i <= 6; i++) if (fg_dur > b[i] * 0.99) lo = substr("+!#*@$", i, 1)
	if (fg_mark != m && fg_mark != lo) { print "mark \"" fg_mark "\" for " fg_dur " us: " $0; exit 1 }
}' /tmp/fg.trace || fail "overhead marks"
echo "default: CPU and DURATION columns, marks fit the times"

opt=funcgraph-overhead
echo 0 >"$T/options/$opt"
trace
echo 1 >"$T/options/$opt"
header cpu dur
records 'fg_kind == "open" || fg_mark == " "'
echo "$opt off: no marks"

opt=funcgraph-proc
echo 1 >"$T/options/$opt"
trace
echo 0 >"$T/options/$opt"
header cpu proc dur
# This shell's records: its comm (7 characters at most) and pid,
# centred in 14 columns (the odd space on the right).
comm=$(cut -c1-7 /proc/$$/comm)
w="$comm-$$"
sp=$((14 - ${#w}))
[ $sp -ge 0 ] || sp=0
proc="$(printf "%$((sp / 2))s")$w$(printf "%$((sp - sp / 2))s")"
[ "$(awk -v p=" $proc | " '
	/^ [0-9]+\) / { s = $0; sub(/^ [0-9]+\)/, "", s); if (index(s, p) == 1) n++ }
	END { print n + 0 }' /tmp/fg.trace)" -gt 10 ] ||
	fail "$opt: no line has ' N) $proc | ': $(sed -n 5,8p /tmp/fg.trace)"
records 'fg_cpu >= 0 && fg_pid > 0 && (fg_kind == "open" ? fg_dur < 0 : fg_dur >= 0)'
has "^ [0-9]+\\) $proc \\|               \\|  vfs_read\\(\\) \\{\$"
echo "$opt: '$proc |' on this shell's records"

opt=funcgraph-abstime
echo 1 >"$T/options/$opt"
trace
echo 0 >"$T/options/$opt"
header abs cpu dur
records 'fg_abs > 0 && fg_cpu >= 0'
has '^ *[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9] \|   [0-9]+\)               \|  vfs_read\(\) \{$'
awk "$FG_PARSE"'{ fg_parse($0) } fg_abs >= 0 {
	if (fg_abs < last[fg_cpu]) { print "time goes back on CPU " fg_cpu ": " $0; exit 1 }
	last[fg_cpu] = fg_abs
}' /tmp/fg.trace || fail "$opt"
echo "$opt: seconds.us, in order on each CPU"

opt=funcgraph-duration
echo 0 >"$T/options/$opt"
trace
echo 1 >"$T/options/$opt"
header cpu
none ' us '
has '^ [0-9]+\) vfs_read\(\) \{$'
has '^ [0-9]+\)   seq_read_iter\(\) \{$'
has '^ [0-9]+\)     version_proc_show\(\);$'
has '^ [0-9]+\)   seq_read_iter\(\);$'
records 'fg_dur < 0 && fg_cpu >= 0'
echo "$opt off: no duration column"

# Without the CPU column the records of two CPUs cannot be told apart,
# and another task's vfs_read() there would break the nesting: this one
# traces only this shell (set_ftrace_pid).
opt=funcgraph-cpu
echo 0 >"$T/options/$opt"
echo $$ >"$T/set_ftrace_pid"
trace
echo >"$T/set_ftrace_pid"
echo 1 >"$T/options/$opt"
header dur
none '^ *[0-9]+\) '
has '^              \|  vfs_read\(\) \{$'
records 'fg_cpu < 0'
echo "$opt off: no CPU column"

opt=funcgraph-tail
echo 1 >"$T/options/$opt"
trace
echo 0 >"$T/options/$opt"
header cpu dur
none '\|  *}$'
has '^ [0-9]+\) [ +!#*@$] +[0-9]+\.[0-9]+ us +\|  } /\* vfs_read \*/$'
has '^ [0-9]+\) [ +!#*@$] +[0-9]+\.[0-9]+ us +\|    } /\* seq_read_iter \*/$'
records 'fg_kind != "close" || fg_name != ""'
echo "$opt: every close names its function"

# comments CHECK...: fg_parse'd comments are indented by upstream's
# rule: after a call opened at depth D (the last record on that CPU),
# 2*(D+1) spaces if D > 0, none at depth 0.
comments() {
	awk "$FG_PARSE"'{ fg_parse($0) }
		fg_kind == "open" { dep[fg_cpu] = fg_depth }
		fg_kind == "leaf" || fg_kind == "close" { dep[fg_cpu] = fg_depth - 1 }
		fg_kind == "comment" {
			n++
			want = dep[fg_cpu] > 0 ? dep[fg_cpu] + 1 : 0
			if (fg_depth != want) { print "indented " fg_depth * 2 ", want " want * 2 ": " $0; exit 1 }
		}
		END { if (!n) { print "no comments"; exit 1 } }' /tmp/fg.trace
}

# trace_marker: in the write's own calls (vfs_write, below ksys_write
# where that is traceable).
opt=trace_marker
fl=$(fg_filter ksys_write vfs_write)
case " $fl " in *" vfs_write "*) ;; *) fail "vfs_write is not traceable" ;; esac
: >"$T/trace"
echo function_graph >"$T/current_tracer"
echo "fg-mark-$$" >"$T/trace_marker"
echo 0 >"$T/tracing_on"
cat "$T/trace" >/tmp/fg.trace
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
has "^ [0-9]+\\)               \\|  ( *)/\\* fg-mark-$$ \\*/\$"
comments || fail "$opt: $(comments)"
# The marker's line: right after the open of vfs_write on its CPU.
awk -v m="/* fg-mark-$$ */" "$FG_PARSE"'{ fg_parse($0) }
	fg_kind == "open" || fg_kind == "leaf" || fg_kind == "close" { last[fg_cpu] = $0 }
	fg_kind == "comment" && index($0, m) {
		if (last[fg_cpu] !~ /\|  *vfs_write\(\) \{$/) { print "after: " last[fg_cpu]; exit 1 }
		found = 1
	}
	END { if (!found) exit 1 }' /tmp/fg.trace ||
	fail "$opt: the marker is not inside vfs_write: $(grep -B3 "fg-mark-$$" /tmp/fg.trace)"
echo "$opt: $(grep "fg-mark-$$" /tmp/fg.trace)"

# trace_printk(), trace_puts(): in the module's burst, below fire_set.
[ -f $mod ] || fail "$mod is missing (harness/modules/tprintk is built with the kernel)"
opt=trace_printk
grep -q '^harness_tprintk ' /proc/modules && rmmod harness_tprintk
insmod $mod msg=fg-$$ || fail "insmod $mod"
loaded=1
rm -f /tmp/fg-avail
fl=$(fg_filter fire_set harness_tprintk_burst)
[ "$fl" = "fire_set harness_tprintk_burst" ] || fail "the module's functions are not traceable: $fl"
: >"$T/trace"
echo function_graph >"$T/current_tracer"
echo 7 >/sys/module/harness_tprintk/parameters/fire
echo 0 >"$T/tracing_on"
cat "$T/trace" >/tmp/fg.trace
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
rmmod harness_tprintk
loaded=
got=$(awk "$FG_PARSE"'{ fg_parse($0) }
	fg_kind == "open" && fg_name == "fire_set [harness_tprintk]" { on = 1 }
	on && fg_kind != "skip" { print fg_rest }
	on && fg_kind == "close" && fg_depth == 0 { exit }' /tmp/fg.trace)
want="fire_set [harness_tprintk]() {
  harness_tprintk_burst [harness_tprintk]() {
    /* harness_tprintk: const seq=7 word=abc */
    /* harness_tprintk: puts */
    /* harness_tprintk: dynamic seq=7 */
    /* harness_tprintk: msg seq=7 fg-$$ */
  }
}"
[ "$got" = "$want" ] || fail "$opt: the burst reads:
$got
want:
$want
trace:
$(grep -v '^#' /tmp/fg.trace | head -20)"
comments || fail "$opt: $(comments)"
echo "$opt: four comments in harness_tprintk_burst()"

# tracing_thresh (us): only the returns that took longer, closes with
# the function's name (their opens are not recorded).
opt=tracing_thresh
rm -f /tmp/fg-avail
fl=$(fg_filter hrtimer_nanosleep do_nanosleep vfs_read)
case " $fl " in *" hrtimer_nanosleep "*) ;; *) fail "hrtimer_nanosleep is not traceable" ;; esac
: >"$T/trace"
echo function_graph >"$T/current_tracer"
echo 100 >"$T/tracing_thresh"
[ "$(cat "$T/tracing_thresh")" = 100 ] || fail "tracing_thresh reads '$(cat "$T/tracing_thresh")'"
: >"$T/trace"
sleep 1
read -r l </proc/version
echo 0 >"$T/tracing_on"
cat "$T/trace" >/tmp/fg.trace
echo 0 >"$T/tracing_thresh"
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
header cpu dur
records 'fg_kind == "close" && fg_name != "" && fg_dur >= 100'
has '^ [0-9]+\) [@$] +[0-9.]+ us +\|  } /\* hrtimer_nanosleep \*/$'
case " $fl " in
*" do_nanosleep "*)
	has '^ [0-9]+\) [@$] +[0-9.]+ us +\|    } /\* do_nanosleep \*/$'
	awk "$FG_PARSE"'{ fg_parse($0) }
		fg_name == "do_nanosleep" { c = fg_dur }
		fg_name == "hrtimer_nanosleep" && c != "" { if (fg_dur < c) exit 1; ok = 1 }
		END { if (!ok) exit 1 }' /tmp/fg.trace ||
		fail "$opt: hrtimer_nanosleep took less than do_nanosleep: $(grep nanosleep /tmp/fg.trace)"
	;;
esac
echo "$opt 100: $(grep -v '^#' /tmp/fg.trace | grep -c .) returns over 100 us: $(grep -m1 'hrtimer_nanosleep' /tmp/fg.trace)"
# 0 again: whole calls.
trace
has '\|  vfs_read\(\);$'
echo "$opt 0: calls again"
exit 0
