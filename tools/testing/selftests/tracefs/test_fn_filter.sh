#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# set_ftrace_filter and set_ftrace_notrace: globs select exactly the
# functions of available_filter_functions they match, '!' removes, '>>'
# adds, a number picks a line; bad words fail with EINVAL and an
# error_log entry and change nothing; the function tracer records only
# what the sets allow, enabled_functions lists it, and an instance has
# sets of its own.
. "$TESTDIR/lib.sh"

if [ ! -e "$T/set_ftrace_filter" ]; then
	fail "no set_ftrace_filter"
fi
F=$T/set_ftrace_filter
N=$T/set_ftrace_notrace
I=$T/instances/fn-filter-$$
cleanup() {
	if [ -d "$I" ]; then
		echo nop >"$I/current_tracer"
		rmdir "$I"
	fi
	echo >"$F"
	echo >"$N"
	echo >"$T/error_log"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo >"$F"
echo >"$N"
echo >"$T/error_log"

cut -d' ' -f1 "$T/available_filter_functions" >/tmp/fn-avail
navail=$(wc -l </tmp/fn-avail)
[ "$navail" -gt 1000 ] || fail "only $navail available_filter_functions"
set -- $(cat "$T/dyn_ftrace_total_info")
[ "$1" = "$navail" ] || fail "dyn_ftrace_total_info counts $1 functions, available_filter_functions $navail"
[ "$(sort -u /tmp/fn-avail | wc -l)" -gt $((navail * 9 / 10)) ] ||
	fail "available_filter_functions repeats names"
echo "$navail functions; dyn_ftrace_total_info: $*"

[ "$(cat "$F")" = "#### all functions enabled ####" ] || fail "an empty filter reads '$(cat "$F")'"
[ "$(cat "$N")" = "#### no functions disabled ####" ] || fail "an empty notrace reads '$(cat "$N")'"

# workload: a read() and a write() by this shell itself (busybox cat
# reads with sendfile()).
workload() {
	read -r l </proc/version
	echo "$l" >/dev/null
}

# check GLOB REGEX: the filter is exactly the available functions the
# regular expression matches, in their order.
check() {
	echo "$1" >"$F" || fail "the glob '$1' was refused"
	cut -d' ' -f1 "$F" >/tmp/fn-actual
	grep -e "$2" /tmp/fn-avail >/tmp/fn-expected
	cmp -s /tmp/fn-actual /tmp/fn-expected ||
		fail "'$1': $(wc -l </tmp/fn-actual) functions, $(wc -l </tmp/fn-expected) match '$2'"
}
check schedule '^schedule$'
check '*schedule' '^.*schedule$'
check 'schedule*' '^schedule.*$'
check '*schedule*' 'schedule'
check '*pin*lock' '^.*pin.*lock$'
check 'sch*ule' '^sch.*ule$'
check '[Ss]y[Ss]_*' '^[Ss]y[Ss]_.*$'
check 'sch?dule' '^sch.dule$'
echo "globs select what grep selects from available_filter_functions"

# '>>' adds, '!' removes, a number is a line of available_filter_functions.
echo '*lock' >"$F"
n1=$(wc -l <"$F")
echo 'schedule' >>"$F"
[ "$(wc -l <"$F")" = $((n1 + 1)) ] || fail "'>> schedule' did not add one function"
echo '!*spin*' >>"$F"
grep -q spin "$F" && fail "'!*spin*' left $(grep -c spin "$F") spin functions"
grep -qx schedule "$F" || fail "'!*spin*' removed schedule"
echo 3 >"$F"
[ "$(cat "$F")" = "$(sed -n 3p /tmp/fn-avail)" ] || fail "'3' selected '$(cat "$F")', not line 3"
echo 'vfs_read vfs_write' >"$F"
[ "$(cat "$F" | tr '\n' ' ')" = "vfs_read vfs_write " ] || fail "two words gave '$(cat "$F")'"
echo "'>>', '!', line numbers and several words work"

# Bad words: EINVAL. Flavor ours also logs each in error_log and leaves
# the set as it was (upstream logs nothing and installs what is left, an
# empty set after '>'). A word ends at white space; the last one may also
# end with the file.
nl='
'
two="vfs_read vfs_write "
for w in nosuchfunction_xyz '!nosuchfunction_xyz' 0 99999999 'vfs_read:nosuchcommand' \
	"$(printf 'x%.0s' $(seq 600))"; do
	echo >"$T/error_log"
	expect_err "$F" "$w$nl" "Invalid argument"
	if [ "$flavor" = ours ]; then
		grep -q "set_ftrace_filter: error:" "$T/error_log" ||
			fail "no error_log entry for '$(echo "$w" | cut -c1-40)'"
		[ "$(cat "$F" | tr '\n' ' ')" = "$two" ] ||
			fail "'$(echo "$w" | cut -c1-40)' changed the filter to '$(head -3 "$F")'"
	fi
	echo 'vfs_read vfs_write' >"$F"
done
expect_err "$F" "schedule nosuchfunction_xyz$nl" "Invalid argument"
if [ "$flavor" = ours ]; then
	[ "$(cat "$F" | tr '\n' ' ')" = "$two" ] || fail "a failed write changed the filter"
	# A bad last word without white space is only seen when the file
	# is closed: the write succeeds, the error is logged, nothing changes.
	echo >"$T/error_log"
	expect_err "$F" "nosuchfunction_xyz" ok
	grep -q "set_ftrace_filter: error:" "$T/error_log" || fail "no error_log entry for a bad last word"
	[ "$(cat "$F" | tr '\n' ' ')" = "$two" ] || fail "a bad last word changed the filter"
fi
# Words may be split across writes.
(printf 'sched'; sleep 0.1; printf 'ule\n') | dd of="$F" bs=1 2>/dev/null
[ "$(cat "$F")" = schedule ] || fail "a word split across writes gave '$(cat "$F")'"
echo 'vfs_read vfs_write' >"$F"
echo "bad words: EINVAL (ours: error_log entries, the filter unchanged)"

# The tracer records only the filtered functions; enabled_functions
# lists them with one user each (upstream adds its trampoline after a tab).
echo 'vfs_read vfs_write' >"$F"
echo function >"$T/current_tracer"
workload
echo 0 >"$T/tracing_on"
got=$(grep -v '^#' "$T/trace" | sed 's/.*: \([^ ]*\) <-.*/\1/' | sort -u | tr '\n' ' ')
en=$(cut -f1 "$T/enabled_functions" | tr '\n' ' ' | tr -s ' ')
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
[ "$got" = "vfs_read vfs_write " ] || fail "with the filter, the trace has '$got'"
[ "$en" = "vfs_read (1) vfs_write (1) " ] || fail "enabled_functions reads '$en'"
[ -z "$(cat "$T/enabled_functions")" ] || fail "enabled_functions is not empty at nop"
echo "trace and enabled_functions follow the filter"

# notrace: everything but vfs_read is excluded.
echo >"$F"
echo '*' >"$N"
echo '!vfs_read' >>"$N"
grep -qx vfs_read "$N" && fail "'!vfs_read' left vfs_read in notrace"
# (Upstream's '*' leaves out some functions of its modules.)
[ "$flavor" != ours ] || [ "$(wc -l <"$N")" = $((navail - 1)) ] ||
	fail "notrace has $(wc -l <"$N") functions, not $((navail - 1))"
echo function >"$T/current_tracer"
workload
echo 0 >"$T/tracing_on"
got=$(grep -v '^#' "$T/trace" | sed 's/.*: \([^ ]*\) <-.*/\1/' | sort -u | tr '\n' ' ')
echo nop >"$T/current_tracer"
echo 1 >"$T/tracing_on"
echo >"$N"
[ "$got" = "vfs_read " ] || fail "with notrace '* !vfs_read' the trace has '$got'"
echo "notrace excludes"

# An instance has sets of its own; both trace at once.
mkdir "$I" || fail "cannot make an instance"
echo vfs_write >"$I/set_ftrace_filter"
echo vfs_read >"$F"
[ "$(cat "$I/set_ftrace_filter")" = vfs_write ] || fail "the instance's filter reads '$(cat "$I/set_ftrace_filter")'"
echo function >"$I/current_tracer"
echo function >"$T/current_tracer"
workload
echo 0 >"$T/tracing_on"
echo 0 >"$I/tracing_on"
top=$(grep -v '^#' "$T/trace" | sed 's/.*: \([^ ]*\) <-.*/\1/' | sort -u | tr '\n' ' ')
inst=$(grep -v '^#' "$I/trace" | sed 's/.*: \([^ ]*\) <-.*/\1/' | sort -u | tr '\n' ' ')
en=$(cut -f1 "$T/enabled_functions" | tr '\n' ' ' | tr -s ' ')
echo nop >"$T/current_tracer"
echo nop >"$I/current_tracer"
echo 1 >"$T/tracing_on"
echo 1 >"$I/tracing_on"
[ "$top" = "vfs_read " ] || fail "the top level traced '$top'"
[ "$inst" = "vfs_write " ] || fail "the instance traced '$inst'"
[ "$en" = "vfs_read (1) vfs_write (1) " ] || fail "enabled_functions reads '$en' with both"
echo "an instance's filter is its own"
# Filters stay with their array across tracers, and go with it.
[ "$(cat "$I/set_ftrace_filter")" = vfs_write ] || fail "the instance's filter did not stay"
rmdir "$I" || fail "cannot remove the instance"
dmesg | grep -q "giving up on function tracing" &&
	fail "the kernel gave up on function tracing: $(dmesg | grep -m1 'giving up')"
rm -f /tmp/fn-avail /tmp/fn-actual /tmp/fn-expected
exit 0
