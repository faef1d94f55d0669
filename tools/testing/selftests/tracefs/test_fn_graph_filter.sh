#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What function_graph traces, as in upstream 6.1:
# - set_graph_function: globs select what they match of
#   available_filter_functions, '>' replaces, '>>' adds, '!' removes, an
#   empty set reads "#### all functions enabled ####"; a name that
#   matches nothing is EINVAL and (written without truncation) changes
#   nothing; the trace then holds whole call trees of those functions
#   alone, each at depth 0, every call in them closed.
# - set_graph_notrace ("#### no functions disabled ####" when empty, the
#   same errors): a function there is left out with all it calls.
# - max_graph_depth: 0 (no limit) by default; N keeps depths 0..N-1 only;
#   it takes a decimal number (EINVAL, ERANGE otherwise).
# - set_ftrace_filter: only the functions it has are traced, each at the
#   depth of its traced callers, and only they are patched.
# Each trace holds the workload alone: it is cleared once the tracer runs
# (what the tracer's start traced is gone: upstream's own patching,
# text_poke_memcpy, shows with max_graph_depth 1), and no CPU's buffer
# may have overrun (the checks want whole call trees).
. "$TESTDIR/lib.sh"
export LC_ALL=C

need_fgraph
G=$T/set_graph_function
N=$T/set_graph_notrace
D=$T/max_graph_depth
for f in "$G" "$N" "$D"; do
	[ -f "$f" ] || fail "no ${f#"$T"/}"
done
size0=$(buffer_kb)
cleanup() {
	echo "$size0" >"$T/buffer_size_kb"
	echo 0 >"$D"
	echo >"$G"
	echo >"$N"
	echo >"$T/set_ftrace_filter"
	echo 0 >"$T/options/funcgraph-proc"
	reset_tracing
	rm -f /tmp/fg.trace /tmp/fg.names /tmp/fg-avail /tmp/fg-actual /tmp/fg-expected
}
trap cleanup EXIT
reset_tracing
echo >"$G"
echo >"$N"
echo >"$T/set_ftrace_filter"
echo 0 >"$D"
cut -d' ' -f1 "$T/available_filter_functions" >/tmp/fg-avail

[ "$(cat "$G")" = "#### all functions enabled ####" ] || fail "an empty set_graph_function reads '$(cat "$G")'"
[ "$(cat "$N")" = "#### no functions disabled ####" ] || fail "an empty set_graph_notrace reads '$(cat "$N")'"
[ "$(cat "$D")" = 0 ] || fail "max_graph_depth reads '$(cat "$D")'"

# The sets: globs, '>', '>>', '!'. (A set lists in hash order: sorted here.)
sorted() { sort "$1" | tr '\n' ' '; }
for F in "$G" "$N"; do
	f=${F#"$T"/}
	echo vfs_read >"$F" || fail "$f: vfs_read was refused"
	[ "$(cat "$F")" = vfs_read ] || fail "$f: vfs_read reads '$(cat "$F")'"
	echo seq_read_iter >>"$F"
	[ "$(sorted "$F")" = "seq_read_iter vfs_read " ] || fail "$f: '>>' gave '$(sorted "$F")'"
	echo vfs_write >"$F"
	[ "$(cat "$F")" = vfs_write ] || fail "$f: '>' gave '$(sorted "$F")'"
	echo 'vfs_read seq_read_iter' >>"$F"
	echo '!vfs_write' >>"$F"
	[ "$(sorted "$F")" = "seq_read_iter vfs_read " ] || fail "$f: '!vfs_write' gave '$(sorted "$F")'"
	echo 'vfs_rea*' >"$F"
	sort "$F" >/tmp/fg-actual
	grep '^vfs_rea' /tmp/fg-avail | sort >/tmp/fg-expected
	cmp -s /tmp/fg-actual /tmp/fg-expected ||
		fail "$f: 'vfs_rea*' gave '$(sorted /tmp/fg-actual)', available: '$(sorted /tmp/fg-expected)'"
	# A name that matches nothing: EINVAL. (Not truncated by dd: the
	# set stays; with O_TRUNC upstream is left with an empty set.)
	echo 'vfs_read' >"$F"
	expect_err "$F" "nosuchfunction_xyz
" "Invalid argument"
	[ "$(cat "$F")" = vfs_read ] || fail "$f: a bad name changed the set to '$(sorted "$F")'"
	expect_err "$F" "!nosuchfunction_xyz
" "Invalid argument"
	expect_err "$F" "vfs_write
" ok
	[ "$(sorted "$F")" = "vfs_read vfs_write " ] || fail "$f: a write without O_TRUNC gave '$(sorted "$F")'"
	echo >"$F"
	echo "$f: globs, '>', '>>', '!', EINVAL"
done
[ "$(cat "$G")" = "#### all functions enabled ####" ] || fail "set_graph_function not emptied: '$(cat "$G")'"
[ "$(cat "$N")" = "#### no functions disabled ####" ] || fail "set_graph_notrace not emptied: '$(cat "$N")'"

# The workload: this shell's read builtin, a read() a byte, of
# /proc/version (vfs_read, seq_read_iter; version_proc_show once an open).
K=3
workload() {
	i=0
	while [ $i -lt $K ]; do
		read -r l </proc/version
		i=$((i + 1))
	done
}
# trace: run the workload under function_graph into /tmp/fg.trace; fails
# if a CPU's buffer overran. 8 MB a CPU: on a debug kernel (lockdep's
# checks in every RCU read section) the workload overran the 1.4 MB
# default. The functions of its records, by kind and depth, once each,
# go to /tmp/fg.names for names (one pass over the trace: parsing it
# takes some 12 s per 50000 lines on arm64's debug kernel under TCG).
echo 8192 >"$T/buffer_size_kb"
trace() {
	echo function_graph >"$T/current_tracer" || fail "current_tracer function_graph"
	: >"$T/trace"
	workload
	echo 0 >"$T/tracing_on"
	cat "$T/trace" >/tmp/fg.trace
	over=$(cat "$T"/per_cpu/cpu*/stats | awk '/^overrun:/ { n += $2 } END { print n + 0 }')
	echo nop >"$T/current_tracer"
	echo 1 >"$T/tracing_on"
	[ "$over" = 0 ] || fail "$over records overwritten in $(buffer_kb) KB a CPU"
	awk "$FG_PARSE"'{ fg_parse($0) }
		fg_kind != "open" && fg_kind != "leaf" && fg_kind != "close" { next }
		fg_name == "" { next }
		{ r = fg_kind " " fg_depth " " fg_name }
		!(r in seen) { seen[r]; print r }' /tmp/fg.trace >/tmp/fg.names
}
# names KIND DEPTH: the functions of the records of KIND (open, leaf,
# close, all) at DEPTH (N, +N for deeper than N, or any), sorted, once
# each.
names() {
	awk -v k="$1" -v d="$2" '
		k != "all" && $1 != k { next }
		d ~ /^\+/ && $2 <= substr(d, 2) + 0 { next }
		d ~ /^[0-9]/ && $2 != d + 0 { next }
		{ f = $0; sub(/^[^ ]* [^ ]* /, "", f); print f }' /tmp/fg.names | sort -u | tr '\n' ' '
}

# roots NAMES: names' output of the functions at depth 0. Upstream 6.1
# puts an interrupt that came inside a set_graph_function call at depth
# 0 (test_fn_graph_irq), ours nests it under the call: on upstream, the
# interrupt's functions are left out, and named.
roots() {
	[ "$flavor" = upstream ] || {
		echo "$1"
		return
	}
	_irq=$(for f in $1; do echo $f; done | grep -E 'irq|sysvec|interrupt' | tr '\n' ' ')
	[ -z "$_irq" ] || echo "not held on upstream: at depth 0: $_irq" >&2
	for f in $1; do echo $f; done | grep -v -E 'irq|sysvec|interrupt' | tr '\n' ' '
}

# max_graph_depth, under set_graph_function vfs_read: 1 keeps the roots
# alone, 2 one level below them; 0 again (no limit) is checked by the
# next trace, whose checks want calls below depth 1.
echo 1 >"$T/options/funcgraph-proc"
echo vfs_read >"$G"
expect_err "$D" abc "Invalid argument"
expect_err "$D" -1 "Invalid argument"
expect_err "$D" 1x "Invalid argument"
expect_err "$D" 99999999999999999999999 "Numerical result out of range"
[ "$(cat "$D")" = 0 ] || fail "bad input changed max_graph_depth to '$(cat "$D")'"
echo 1 >"$D"
[ "$(cat "$D")" = 1 ] || fail "max_graph_depth reads '$(cat "$D")' after 1"
trace
top=$(roots "$(names all any)")
[ "$top" = "vfs_read " ] || fail "max_graph_depth 1: the trace has '$top'"
[ -z "$(names all +0)" ] || fail "max_graph_depth 1: deeper calls: $(names all +0)"
n=$(grep -c '|  vfs_read();$' /tmp/fg.trace)
[ "$n" -ge $((K * 10)) ] || fail "max_graph_depth 1: $n 'vfs_read();'"
echo 2 >"$D"
trace
[ -z "$(names all +1)" ] || fail "max_graph_depth 2: calls below depth 1: $(names all +1)"
[ -n "$(names all 1)" ] || fail "max_graph_depth 2: nothing at depth 1"
fg_nesting /tmp/fg.trace strict >/dev/null || fail "max_graph_depth 2: $(fg_nesting /tmp/fg.trace strict)"
echo "max_graph_depth 2: depth 1: $(names all 1)"
echo 0 >"$D"
[ "$(cat "$D")" = 0 ] || fail "max_graph_depth reads '$(cat "$D")' after 0"

# set_graph_function vfs_read (max_graph_depth 0 again): whole trees,
# vfs_read at their root.
trace
[ -n "$(names all +1)" ] || fail "max_graph_depth 0 again: nothing below depth 1"
echo "max_graph_depth: 1, 2, then 0 again: no limit"
r=$(fg_nesting /tmp/fg.trace strict) || fail "set_graph_function vfs_read: $r"
set -- $r
echo "set_graph_function vfs_read: $1 opens, $2 leaves, $3 closes, whole trees"
top=$(roots "$(names all 0)")
[ "$top" = "vfs_read " ] || fail "set_graph_function vfs_read: at depth 0: '$top'"
n=$(grep -c '|  vfs_read() {$' /tmp/fg.trace)
[ "$n" -ge $((K * 10)) ] || fail "set_graph_function vfs_read: $n calls of vfs_read for $K lines read a byte at a time"
deep=$(names all +0)
case $deep in *"version_proc_show "*) ;; *) fail "set_graph_function vfs_read: version_proc_show not below vfs_read: '$deep'" ;; esac
case $deep in *"seq_read_iter "*) ;; *) fail "set_graph_function vfs_read: no seq_read_iter: '$deep'" ;; esac
# Every record of this shell: funcgraph-proc shows its pid.
grep -q "^ *[0-9]*) .*-$$ *| .*|  vfs_read() {\$" /tmp/fg.trace ||
	fail "no vfs_read of this shell ($$): $(grep -m3 'vfs_read() {' /tmp/fg.trace)"
echo "  depth 0: $top; below: $(echo "$deep" | wc -w) functions"

# set_graph_notrace seq_read_iter: it and what it calls are left out.
echo seq_read_iter >"$N"
trace
echo >"$N"
fg_nesting /tmp/fg.trace strict >/dev/null || fail "set_graph_notrace: $(fg_nesting /tmp/fg.trace strict)"
all=$(names all any)
case $all in
*"seq_read_iter "* | *"version_proc_show "*) fail "set_graph_notrace seq_read_iter: the trace has '$all'" ;;
*"vfs_read "*) ;;
*) fail "set_graph_notrace seq_read_iter: no vfs_read left: '$all'" ;;
esac
echo "set_graph_notrace seq_read_iter: neither it nor version_proc_show"
echo >"$G"

# set_ftrace_filter: those functions alone, nested as they call each
# other, and patched alone.
fl=$(fg_filter vfs_read seq_read_iter version_proc_show)
[ "$fl" = "vfs_read seq_read_iter version_proc_show" ] || fail "not all traceable: $fl"
trace
fg_nesting /tmp/fg.trace >/dev/null || fail "set_ftrace_filter: $(fg_nesting /tmp/fg.trace)"
all=$(names all any)
[ "$all" = "seq_read_iter version_proc_show vfs_read " ] ||
	fail "set_ftrace_filter '$fl': the trace has '$all'"
grep -q "|  vfs_read() {\$" /tmp/fg.trace || fail "set_ftrace_filter: no 'vfs_read() {'"
grep -q "|    seq_read_iter() {\$" /tmp/fg.trace || fail "set_ftrace_filter: no seq_read_iter at depth 1"
grep -q "|      version_proc_show();\$" /tmp/fg.trace || fail "set_ftrace_filter: no version_proc_show at depth 2"
echo function_graph >"$T/current_tracer"
en=$(cut -d' ' -f1 "$T/enabled_functions" | sort | tr '\n' ' ')
echo nop >"$T/current_tracer"
[ "$en" = "seq_read_iter version_proc_show vfs_read " ] || fail "enabled_functions: '$en'"
echo "set_ftrace_filter '$fl': those alone, at depths 0, 1, 2; enabled_functions: $en"
exit 0
