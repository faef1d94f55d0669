#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# set_ftrace_pid, set_ftrace_notrace_pid and options/function-fork as in
# upstream 6.1: an empty list reads "no pid", the pids read back in
# order, ">" replaces, ">>" adds, an empty write clears, bad input is
# EINVAL (EPERM beyond a pid list's range) and changes nothing. The
# function tracer records only the listed tasks, never the notrace
# ones; with function-fork the children of a listed task join the list
# and leave it when they exit; "0" follows the idle tasks; an instance
# has lists of its own.
. "$TESTDIR/lib.sh"

[ -e "$T/set_ftrace_pid" ] || fail "no set_ftrace_pid"
P=$T/set_ftrace_pid
N=$T/set_ftrace_notrace_pid
F=$T/set_ftrace_filter
FORK=$T/options/function-fork
I=$T/instances/fn-pid-$$
cleanup() {
	if [ -d "$I" ]; then
		echo nop >"$I/current_tracer"
		rmdir "$I"
	fi
	echo 0 >"$FORK"
	echo >"$P"
	echo >"$N"
	echo >"$F"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
echo 0 >"$FORK"
echo >"$F"

[ -f "$FORK" ] || fail "no options/function-fork"
for f in "$P" "$N"; do
	[ "$(stat -c %a "$f")" = 640 ] || fail "${f#"$T"/} has mode $(stat -c %a "$f")"
	[ "$(cat "$f")" = "no pid" ] || fail "an empty ${f#"$T"/} reads '$(cat "$f")'"
done

# The file interface, on both lists.
for f in "$P" "$N"; do
	name=${f#"$T"/}
	echo 300 >"$f" || fail "$name: 300 refused"
	echo 200 100 >>"$f" || fail "$name: >> '200 100' refused"
	[ "$(tr '\n' ' ' <"$f")" = "100 200 300 " ] || fail "$name reads '$(tr '\n' ' ' <"$f")'"
	echo 7 >"$f"
	[ "$(cat "$f")" = 7 ] || fail "$name: > did not replace: '$(cat "$f")'"
	expect_err "$f" abc "Invalid argument"
	expect_err "$f" "12 x" "Invalid argument"
	expect_err "$f" 2000000000 "Operation not permitted"
	[ "$(cat "$f")" = 7 ] || fail "$name: bad writes changed it to '$(cat "$f")'"
	# a write of only blanks (no O_TRUNC) leaves the list
	expect_err "$f" "   " ok
	[ "$(cat "$f")" = 7 ] || fail "$name: a blank write changed it to '$(cat "$f")'"
	echo >"$f"
	[ "$(cat "$f")" = "no pid" ] || fail "$name: an empty write left '$(cat "$f")'"
	echo 0 5 >"$f"
	: >"$f"
	[ "$(cat "$f")" = "no pid" ] || fail "$name: O_TRUNC left '$(cat "$f")'"
done
echo "the files read, replace, add, clear and refuse bad input as upstream's"

# The workload: a read() and a write() of this shell, and of a child.
workload() {
	read -r l </proc/version
	echo "$l" >/dev/null
	dd if=/proc/version of=/dev/null 2>/dev/null
}

# pids DIR: the pids of the records in DIR/trace, sorted, one a line.
pids() {
	grep -v '^#' "$1/trace" | sed -n 's/^.*-\([0-9][0-9]*\) *\[[0-9]*\].*/\1/p' |
		sort -un
}

# run DIR: the function tracer of DIR over the workload; the pids it
# recorded in $got (space separated), the count of its records in $nrec.
run() {
	echo function >"$1/current_tracer"
	workload
	echo 0 >"$1/tracing_on"
	got=$(pids "$1" | tr '\n' ' ')
	nrec=$(grep -vc '^#' "$1/trace")
	echo nop >"$1/current_tracer"
	: >"$1/trace"
	echo 1 >"$1/tracing_on"
}

echo 'vfs_read vfs_write' >"$F"
# Without a list, the shell and its child are recorded.
run "$T"
case " $got" in *" $$ "*) ;; *) fail "without a list, the shell ($$) is not in '$got'";; esac
[ "$(echo $got | wc -w)" -ge 2 ] || fail "without a list, only '$got' recorded"

# set_ftrace_pid: the shell only, not its child.
echo $$ >"$P"
run "$T"
[ "$got" = "$$ " ] || fail "set_ftrace_pid $$: records of '$got'"

# function-fork: the child joins (and is recorded), and leaves the list
# when it exits.
echo 1 >"$FORK"
run "$T"
case " $got" in *" $$ "*) ;; *) fail "function-fork: the shell is not in '$got'";; esac
[ "$(echo $got | wc -w)" -ge 2 ] || fail "function-fork: the child not recorded ('$got')"
sleep 3 &
child=$!
grep -qx "$child" "$P" || fail "function-fork: child $child not in set_ftrace_pid ('$(tr '\n' ' ' <"$P")')"
kill "$child"
wait "$child" 2>/dev/null
i=0
while grep -qx "$child" "$P" && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
grep -qx "$child" "$P" && fail "function-fork: child $child stayed after its exit"
# Without function-fork a child does not join.
echo 0 >"$FORK"
echo $$ >"$P"
sleep 3 &
child=$!
grep -qx "$child" "$P" && fail "without function-fork, child $child joined set_ftrace_pid"
kill "$child"
wait "$child" 2>/dev/null
echo "set_ftrace_pid follows one task, and its children with function-fork"

# set_ftrace_notrace_pid: everyone but the shell.
echo >"$P"
echo $$ >"$N"
run "$T"
case " $got" in *" $$ "*) fail "set_ftrace_notrace_pid $$: the shell recorded ('$got')";; esac
[ -n "$got" ] || fail "set_ftrace_notrace_pid $$: the child not recorded"
# In both lists: nobody.
echo $$ >"$P"
run "$T"
[ "$nrec" = 0 ] || fail "a pid in both lists: $nrec records of '$got'"
# Cleared: everyone again.
echo >"$P"
echo >"$N"
run "$T"
case " $got" in *" $$ "*) ;; *) fail "lists cleared: the shell is not in '$got'";; esac
[ "$(echo $got | wc -w)" -ge 2 ] || fail "lists cleared: only '$got' recorded"
echo "set_ftrace_notrace_pid leaves a task out; cleared lists trace everyone"

# "0": the idle tasks only, every function.
echo >"$F"
echo 0 >"$P"
echo function >"$T/current_tracer"
sleep 0.5
echo 0 >"$T/tracing_on"
got=$(pids "$T" | tr '\n' ' ')
echo nop >"$T/current_tracer"
: >"$T/trace"
echo 1 >"$T/tracing_on"
echo >"$P"
[ "$got" = "0 " ] || fail "set_ftrace_pid 0: records of '$got'"
echo "set_ftrace_pid 0 follows the idle tasks"

# An instance has lists of its own, and its option starts off; a list
# written while the tracer runs applies at once.
echo 'vfs_read vfs_write' >"$F"
mkdir "$I" || fail "cannot make an instance"
[ "$(cat "$I/set_ftrace_pid")" = "no pid" ] || fail "a new instance's set_ftrace_pid reads '$(cat "$I/set_ftrace_pid")'"
[ "$(cat "$I/options/function-fork")" = 0 ] || fail "function-fork is on in a new instance"
echo 'vfs_read vfs_write' >"$I/set_ftrace_filter"
echo function >"$I/current_tracer"
echo function >"$T/current_tracer"
echo $$ >"$I/set_ftrace_pid"
[ "$(cat "$P")" = "no pid" ] || fail "the instance's list shows at the top level: '$(cat "$P")'"
workload
echo 0 >"$T/tracing_on"
echo 0 >"$I/tracing_on"
top=$(pids "$T" | tr '\n' ' ')
inst=$(pids "$I" | tr '\n' ' ')
echo nop >"$T/current_tracer"
echo nop >"$I/current_tracer"
echo 1 >"$T/tracing_on"
echo 1 >"$I/tracing_on"
[ "$inst" = "$$ " ] || fail "the instance's set_ftrace_pid $$: records of '$inst'"
[ "$(echo $top | wc -w)" -ge 2 ] || fail "the top level without a list recorded only '$top'"
# The instance goes with its lists set.
echo $$ >"$I/set_ftrace_notrace_pid"
rmdir "$I" || fail "cannot remove an instance with pid lists"
echo "an instance's lists are its own"
exit 0
