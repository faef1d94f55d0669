#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# available_tracers, current_tracer and tracing_on as upstream 6.1 has them:
# nop is always there (registered first, so listed last); current_tracer
# takes a listed name (surrounding white space ignored) and refuses any
# other with EINVAL; setting the tracer it already has keeps the buffer,
# switching to another resets it; tracing_on takes a decimal number (any
# non-zero one turns tracing on and reads back as 1), off it makes marker
# writes fail with EBADF.
# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
. "$TESTDIR/lib.sh"

# get FILE: its first line into $v.
get() { v=; IFS= read -r v <"$1"; }
# has FILE TEXT: a line of FILE ends with TEXT.
has() { while IFS= read -r l; do case $l in *"$2") return 0 ;; esac; done <"$1"; return 1; }
# entries: the records in the buffer, from the per-CPU stats.
entries() {
	n=0
	for s in "$T"/per_cpu/cpu*/stats; do
		while IFS= read -r l; do case $l in "entries: "*) n=$((n + ${l#entries: })) ;; esac; done <"$s"
	done
}
cleanup() {
	echo nop >"$T/current_tracer"
	echo 0 >"$T/tracing_max_latency"
	echo 1 >"$T/tracing_on"
	: >"$T/trace"
}
trap cleanup EXIT
reset_tracing

# available_tracers: one line of names separated by single spaces.
lines=0
while IFS= read -r l; do lines=$((lines + 1)); list=$l; done <"$T/available_tracers"
[ $lines = 1 ] || fail "available_tracers is not one line"
case $list in "" | *"  "* | " "* | *" ") fail "available_tracers: bad spacing '$list'" ;; esac
echo "available_tracers: $list"
[ "${list##* }" = nop ] || fail "nop is not the last of available_tracers: '$list'"
get "$T/current_tracer"
[ "$v" = nop ] || fail "current_tracer: '$v', want nop"

# current_tracer: a listed name, with white space around it, is taken;
# anything else is EINVAL and changes nothing.
for ok in "nop" "  nop  " "nop
"; do
	printf '%s' "$ok" >"$T/current_tracer" || fail "current_tracer refused '$ok'"
done
long=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
for bad in no_such_tracer NOP "nop x" "
" "$long"; do
	expect_err "$T/current_tracer" "$bad" "Invalid argument"
done
get "$T/current_tracer"
[ "$v" = nop ] || fail "rejected names changed current_tracer to $v"

# Writing the current tracer again keeps the buffer.
echo "tracers-keep-$$" >"$T/trace_marker"
echo nop >"$T/current_tracer"
has "$T/trace" "tracing_mark_write: tracers-keep-$$" ||
	fail "setting current_tracer to the tracer it has (nop) cleared the buffer"

# Switching to another tracer resets the buffer, and so does switching
# back. Shown with the function tracer (the latency tracers show their
# max buffer in trace) while tracing is off, so that it records nothing.
case " $list " in *" function "*) ;; *) fail "no function in available_tracers: '$list'" ;; esac
echo 0 >"$T/tracing_on"
echo function >"$T/current_tracer" || fail "cannot set current_tracer to function"
get "$T/current_tracer"
[ "$v" = function ] || fail "current_tracer reads '$v' after writing function"
entries
[ $n = 0 ] || fail "switching nop -> function left $n records"
echo 1 >"$T/tracing_on"
echo "tracers-other-$$" >"$T/trace_marker"
echo 0 >"$T/tracing_on"
grep -q "tracing_mark_write: tracers-other-$$" "$T/trace" || fail "no marker recorded under function"
echo nop >"$T/current_tracer" || fail "cannot switch back to nop"
entries
[ $n = 0 ] || fail "switching function -> nop left $n records"
echo 1 >"$T/tracing_on"
echo "switching nop -> function -> nop reset the buffer each time"

# tracing_on: kstrtoul in base 10 (one trailing newline allowed), so
# "abc", "-1", " 1", "0x1" are EINVAL, more than unsigned long ERANGE;
# every non-zero number (2, 10, 01) turns tracing on.
get "$T/tracing_on"
[ "$v" = 1 ] || fail "tracing_on reads '$v', want 1"
for bad in abc -1 " 1" 0x1; do
	expect_err "$T/tracing_on" "$bad" "Invalid argument"
done
expect_err "$T/tracing_on" 99999999999999999999999 "Numerical result out of range"
get "$T/tracing_on"
[ "$v" = 1 ] || fail "a rejected write changed tracing_on"
for w in 0:0 1:1 0:0 2:1 0:0 10:1 0:0 01:1 "0
:0" "1
:1"; do
	printf '%s' "${w%:*}" >"$T/tracing_on" || fail "tracing_on refused '${w%:*}'"
	get "$T/tracing_on"
	[ "$v" = "${w##*:}" ] || fail "tracing_on reads $v after writing '${w%:*}', want ${w##*:}"
done

# Off, markers are refused (EBADF) and nothing is recorded; on again,
# recording resumes.
: >"$T/trace"
echo 0 >"$T/tracing_on"
expect_err "$T/trace_marker" "tracers-off-$$" "Bad file descriptor"
echo 1 >"$T/tracing_on"
echo "tracers-on-$$" >"$T/trace_marker" || fail "marker write failed with tracing on"
has "$T/trace" "tracers-off-$$" && fail "a marker was recorded with tracing_on 0"
has "$T/trace" "tracers-on-$$" || fail "tracing_on 1 did not resume recording"
