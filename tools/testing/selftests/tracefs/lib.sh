# SPDX-License-Identifier: GPL-2.0
# Helpers for the tests: sourced by each test_*.sh as ". $TESTDIR/lib.sh".

T=/sys/kernel/tracing
KSFT_SKIP=4

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit $KSFT_SKIP; }

# The flavor and arch the harness booted (passed on the kernel command line).
flavor=${HARNESS_FLAVOR:-unknown}
arch=${HARNESS_ARCH:-$(uname -m)}

# reset_tracing: a known state between tests.
reset_tracing() {
	echo 0 >"$T/tracing_on"
	echo nop >"$T/current_tracer"
	: >"$T/trace"
	echo 1 >"$T/tracing_on"
}

# buffer_kb: the per-CPU buffer size to write back to buffer_size_kb when
# done. "7 (expanded: 1408)" (buffers never expanded yet, as on upstream
# before any tracer) means 1408, which any tracer gets; writing 7 back
# would leave the next tests 7 KB.
buffer_kb() {
	_kb=$(cat "$T/buffer_size_kb")
	case $_kb in
	*expanded:*) _kb=${_kb##*expanded: } _kb=${_kb%)} ;;
	*) _kb=${_kb%% *} ;;
	esac
	echo "$_kb"
}

# stats_sum FIELD [DIR]: FIELD ("entries", "read events"...) summed over
# the per_cpu/cpuN/stats files of every CPU, of the top level or of the
# instance DIR.
stats_sum() {
	awk -v f="$1:" 'index($0, f) == 1 { n += substr($0, length(f) + 1) }
		END { print n + 0 }' "${2:-$T}"/per_cpu/cpu*/stats
}

# write_err FILE TEXT: write TEXT (no newline added) to FILE in one write()
# and print the error text of the errno the write got ("Invalid argument"),
# or "ok" if it succeeded. dd reports its write's errno as the end of its
# first line ("dd: error writing 'FILE': Invalid argument") in both GNU
# coreutils and busybox, unlike the shells' echo builtins.
write_err() {
	out=$(printf '%s' "$2" | dd of="$1" bs=65536 conv=notrunc 2>&1 >/dev/null) &&
		{ echo ok; return; }
	printf '%s\n' "$out" | sed -n '1s/.*: //p'
}

# nb_read FILE [OUT]: one read() of up to 4096 bytes from FILE opened
# with O_NONBLOCK, the data into OUT (default: none kept); prints "ok" or
# the errno's name ("EAGAIN"). Through python3, on both guests: busybox
# dd has no iflag=nonblock.
nb_read() {
	command -v python3 >/dev/null || fail "no python3 in the guest for an O_NONBLOCK read"
	python3 - "$1" "${2:-/dev/null}" <<'EOF'
import errno, os, sys
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_NONBLOCK)
try:
    data = os.read(fd, 4096)
except OSError as e:
    print(errno.errorcode.get(e.errno, e.errno))
else:
    with open(sys.argv[2], "wb") as f:
        f.write(data)
    print("ok")
EOF
}

# expect_err FILE TEXT ERROR: writing TEXT to FILE fails with ERROR (or
# succeeds, for ERROR "ok").
expect_err() {
	got=$(write_err "$1" "$2")
	[ "$got" = "$3" ] || fail "write '$2' to ${1#"$T"/}: got '$got', want '$3'"
}

# FN_RECORD: one function tracer record in the default format: comm-pid,
# [cpu], five flags, time, and "func <-parent" with both names symbols.
# (No {n} intervals: mawk, the x86-64 guest's awk, has none.)
FN_RECORD='^ *[^ ].*-[0-9]+ +\[[0-9][0-9][0-9]\] [^ ][^ ][^ ][^ ][^ ] +[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]: [A-Za-z_][A-Za-z0-9_.]* <-[A-Za-z_][A-Za-z0-9_.]*$'

# loop NAME CMD...: run CMD in the background, again and again, until the
# file $stop exists; $d is the test's scratch directory. A failed round
# is recorded as "NAME failed" in $d/failures (CMD checks itself which
# errnos it may get), its stderr goes to $d/NAME.err and the number of
# rounds to $d/NAME.count; the loop's pid is added to $pids.
loop() {
	name=$1
	shift
	(
		n=0
		while [ ! -e "$stop" ]; do
			if ! "$@" 2>>"$d/$name.err"; then
				echo "$name failed" >>"$d/failures"
			fi
			n=$((n + 1))
		done
		echo $n >"$d/$name.count"
	) &
	pids="$pids $!"
}

# stop_loops: for a test's cleanup: if the loops' scratch directory $d
# still exists (the test failed while they ran), stop them, wait for
# them and remove it.
stop_loops() {
	if [ -n "${d:-}" ] && [ -d "$d" ]; then
		: >"$stop"
		for p in $pids; do kill "$p" 2>/dev/null; done
		wait 2>/dev/null
		rm -rf "$d"
	fi
}

# busy_ok FILE TRACER: write TRACER to FILE (a current_tracer): it is
# set, or another array runs a tracer of its kind (EBUSY); any other
# error is printed and fails.
busy_ok() {
	e=$(write_err "$1" "$2")
	case $e in
	ok | "Device or resource busy") ;;
	*) echo "${1#"$T"/} $2: $e" >&2; return 1 ;;
	esac
}

# check_loops PHASE NAME...: after the loops stopped (wait $pids), no
# round failed and each named loop ran at least once; print the rounds.
check_loops() {
	phase=$1
	shift
	[ -s $d/failures ] &&
		fail "$phase: $(sort $d/failures | uniq -c | tr '\n' ' '): $(cat $d/*.err | head -n 5)"
	for n in "$@"; do
		[ "$(cat $d/$n.count 2>/dev/null)" -gt 0 ] || fail "$phase: $n never ran"
	done
	echo "$phase rounds: $(for n in "$@"; do printf '%s=%s ' "$n" "$(cat $d/$n.count)"; done)"
	rm -f $d/*.count $d/*.err "$stop"
}

# end_loops SECS NAME...: let the loops run SECS seconds, stop them, put
# cpu1 back online (a hotplug loop may leave it off), then check_loops
# "switching" NAME....
end_loops() {
	sleep "$1"
	shift
	: >"$stop"
	wait $pids
	pids=
	_c1=/sys/devices/system/cpu/cpu1/online
	[ ! -w $_c1 ] || [ "$(cat $_c1)" = 1 ] || echo 1 >$_c1
	check_loops "switching" "$@"
}

# kernel_reports LINES: the first kernel reports (WARNING, BUG, lockdep,
# RCU stalls...) logged after the first LINES lines of dmesg; take LINES
# with $(dmesg | wc -l) when the test begins. (A debug kernel's boot says
# "RCU lockdep checking is enabled": not a report.)
kernel_reports() {
	dmesg | tail -n +$(($1 + 1)) |
		grep -E 'WARNING:|BUG:|Oops|cut here|KASAN:|UBSAN:|possible (circular|recursive) locking|inconsistent lock state|suspicious RCU usage|giving up on function tracing|rcu: INFO|INFO: |soft lockup' |
		head -n 5
}

# comms PREFIX: the comm of every task whose comm begins with PREFIX
# (a tracer's kernel threads), sorted, each followed by a space.
comms() {
	cat /proc/[0-9]*/comm 2>/dev/null | grep "^$1" | sort | tr '\n' ' '
}

# want_comms PREFIX LIST WHAT: within 5 s, the tasks whose comm begins
# with PREFIX are exactly LIST (as comms prints it), or the test fails,
# naming WHAT.
want_comms() {
	_i=0
	while [ "$(comms "$1")" != "$2" ]; do
		_i=$((_i + 1))
		[ $_i -le 50 ] || fail "$3: threads '$(comms "$1")', want '$2'"
		sleep 0.1
	done
}

# built_with_selftests: the kernel has the tracers' boot self-tests
# (FTRACE_STARTUP_TEST: every build of ours, variant selftest of the
# other flavors).
built_with_selftests() {
	zcat /proc/config.gz | grep -q '^CONFIG_FTRACE_STARTUP_TEST=y'
}

# selftests_passed TRACER: the boot log has TRACER's boot self-test, and
# it and every other tracer's passed, or the test fails; prints TRACER's
# line. For a boot where has_selftests.
selftests_passed() {
	_line=$(dmesg | grep -m1 "Testing tracer $1:") ||
		fail "no self-test of the $1 tracer in the boot log"
	case $_line in *PASSED) ;; *) fail "the boot self-test: $_line" ;; esac
	_bad=$(dmesg | grep 'Testing tracer [a-z_]*:' | grep -v 'PASSED$' | head -n 1)
	[ -z "$_bad" ] || fail "a boot self-test: $_bad"
	echo "${_line#*] }"
}

# has_selftests: the tracers' boot self-tests were to run at this boot:
# the kernel has them and nothing on the command line turned them off
# (the harness turns them off with "trace_event=" but in variant
# selftest's boots). If not, it says so and returns false, unless booted
# with HARNESS_SELFTESTS=1, as make check boots that variant: then the
# test fails, rather than leave the self-tests unchecked.
has_selftests() {
	if ! built_with_selftests; then
		_why="CONFIG_FTRACE_STARTUP_TEST is not set"
	elif _why=$(dmesg | grep -m1 -o 'Ftrace startup test is disabled due to .*'); then
		:
	else
		return 0
	fi
	[ "${HARNESS_SELFTESTS:-}" != 1 ] ||
		fail "booted with HARNESS_SELFTESTS=1, but no boot self-tests: $_why"
	echo "no boot self-tests to check: $_why"
	return 1
}

# selftests_disabled_by REASON: the kernel log says the tracer self-tests
# were turned off for REASON (upstream's words) and none ran; on a kernel
# without them, nothing to check.
selftests_disabled_by() {
	built_with_selftests || return 0
	dmesg | grep -q "Ftrace startup test is disabled due to $1" ||
		fail "no 'Ftrace startup test is disabled due to $1' line in the kernel log"
	! dmesg | grep -q 'Testing tracer ' ||
		fail "a tracer self-test ran: $(dmesg | grep -m1 'Testing tracer ')"
}

# The race tests (test_probe_race, test_trigger_race): two counted
# commands undo each other while both CPUs race to run them, so each
# must make exactly as many changes as its count.
race_miss=
# race_wait CMD...: every half second, $left=$(CMD), which prints the
# two counts, until it reads "0 0" or has not moved for 2 s (a host
# that stops the guest's CPUs a moment must not end it early), at most
# 120 s; $race_secs is the time it took.
race_wait() {
	_t=0 _last= _still=0 _t0=$(date +%s)
	while [ $_t -lt 240 ] && [ $_still -lt 4 ]; do
		sleep 0.5
		_t=$((_t + 1))
		left=$("$@")
		[ "$left" = "0 0" ] && break
		if [ "$left" = "$_last" ]; then
			_still=$((_still + 1))
		else
			_still=0
		fi
		_last=$left
	done
	race_secs=$(($(date +%s) - _t0))
}
# race_judge WHAT N LEFT STATE WANT-STATE: both counts (LEFT) are spent
# and the state is back at WANT-STATE, or the test fails; on flavors
# other than ours a miss is kept for race_end instead.
race_judge() {
	_got="counts left '$3', state '$4' (${race_secs}s)"
	if [ "$3" = "0 0" ] && [ "$4" = "$5" ]; then
		echo "$1: $2 changes each way, $_got"
		return
	fi
	[ "$flavor" = ours ] ||
		{ race_miss="$race_miss; $1: $_got, want '0 0' and '$5'"; return; }
	fail "$1: $_got, want '0 0' and '$5': a count was spent without a change"
}
# race_end: skip, naming the misses, if a flavor other than ours had any.
race_end() {
	[ -z "$race_miss" ] || skip "not held on $flavor:${race_miss#;}"
}

# The function_graph tests (test_fn_graph*, test_fn_profile).
# need_fgraph: the kernel has the function_graph tracer (every flavor
# does, with harness/configs), or the test fails.
need_fgraph() {
	grep -qw function_graph "$T/available_tracers" ||
		fail "no function_graph in available_tracers on $flavor: $(cat "$T/available_tracers")"
}

# FG_PARSE: an awk function, fg_parse(LINE), that reads one line of the
# function_graph output (any of the funcgraph-abstime, -cpu, -proc,
# -duration and -overhead options) into
#	fg_kind	open ("f() {"), leaf ("f();"), close ("}" or "} /* f */"),
#		comment ("/* text */"), switch (the "a-1 => b-2" banner),
#		irq (==========> and <==========), skip (headers, blank
#		lines, the banner's dashes; not a line that begins with
#		the "#" mark of a call over 1 ms), lost, or bad (none of
#		those)
#	fg_depth	the indentation over 2 (a comment's as printed)
#	fg_name	the function, "f" or "f [module]" as upstream's %ps prints
#		a module's (of a close, its "/* f */"; "" if none), or a
#		comment's text
#	fg_cpu, fg_pid, fg_dur (us), fg_abs (s), fg_mark (overhead mark):
#		-1 (fg_mark "") where the line has no such column
#	fg_rest	the line without its columns (indentation and text)
# Prepend it to an awk program: awk "$FG_PARSE"'{ fg_parse($0) ... }'.
# (No {n} intervals: mawk has none.)
FG_PARSE='
function fg_parse(l,    m) {
	fg_kind = ""; fg_depth = -1; fg_name = ""; fg_cpu = -1; fg_pid = -1
	fg_dur = -1; fg_abs = -1; fg_mark = ""; fg_rest = ""
	# (a "#" that a duration follows is the overhead mark of a call
	# over 1 ms, first on its line without the CPU and time columns)
	if ((l ~ /^#/ && l !~ /^# +[0-9]+\.[0-9]+ us +\|/) || l ~ /^ *$/ || l ~ /^ -+$/) {
		fg_kind = "skip"; return
	}
	if (l ~ /^CPU:[0-9]+ \[LOST( [0-9]+)? EVENTS\]$/) {
		fg_kind = "lost"; fg_cpu = substr(l, 5) + 0; return
	}
	if (match(l, /^ *[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9] \|  /)) {
		fg_abs = substr(l, 1, RLENGTH - 4) + 0
		l = substr(l, RLENGTH + 1)
	}
	if (match(l, /^ *[0-9]+\) /)) {
		fg_cpu = substr(l, 1, RLENGTH - 2) + 0
		l = substr(l, RLENGTH + 1)
	}
	if (l ~ / => /) {
		if (l ~ /^ *[^ ]*-[0-9]+ +=> +[^ ]*-[0-9]+ *$/) {
			fg_kind = "switch"
			m = l; sub(/ *$/, "", m); sub(/.*-/, "", m); fg_pid = m + 0
		} else
			fg_kind = "bad"
		return
	}
	if (match(l, /^ *[^ ]*-[0-9]+ +\| /)) {
		m = substr(l, 1, RLENGTH); sub(/ +\| $/, "", m); sub(/.*-/, "", m)
		fg_pid = m + 0
		l = substr(l, RLENGTH + 1)
	}
	if (l ~ /==========>|<==========/) { fg_kind = "irq"; return }
	if (match(l, /^[ +!#*@$] [0-9.]+ us +\|  /)) {
		fg_mark = substr(l, 1, 1)
		m = substr(l, 3, RLENGTH - 2); sub(/ us.*/, "", m); fg_dur = m + 0
		l = substr(l, RLENGTH + 1)
	} else if (match(l, /^              \|  /))
		l = substr(l, RLENGTH + 1)
	fg_rest = l
	match(l, /^ */)
	fg_depth = RLENGTH
	l = substr(l, RLENGTH + 1)
	if (fg_depth % 2) { fg_kind = "bad"; return }
	fg_depth = fg_depth / 2
	if (l ~ /^[A-Za-z0-9_.]+( \[[A-Za-z0-9_]+\])?\(\) \{$/) {
		fg_kind = "open"; fg_name = substr(l, 1, index(l, "(") - 1)
	} else if (l ~ /^[A-Za-z0-9_.]+( \[[A-Za-z0-9_]+\])?\(\);$/) {
		fg_kind = "leaf"; fg_name = substr(l, 1, index(l, "(") - 1)
	} else if (l == "}")
		fg_kind = "close"
	else if (l ~ /^\} \/\* [A-Za-z0-9_.]+( \[[A-Za-z0-9_]+\])? \*\/$/) {
		fg_kind = "close"; fg_name = substr(l, 6, length(l) - 8)
	} else if (l ~ /^\/\* .* \*\/$/) {
		fg_kind = "comment"; fg_name = substr(l, 4, length(l) - 6)
	} else
		fg_kind = "bad"
}
'

# fg_nesting FILE [strict]: the function_graph records of FILE nest. Per
# CPU, between two task switch banners (one task's run there, which no
# overwritten page cuts), a function opened at depth D is closed at depth
# D, by "}" or "} /* its name */", and what it calls sits deeper, or at
# D: upstream lowers a task's depth before it records a return, so an
# interrupt then nests its calls beside the returning one (and nothing
# deeper may follow in that call); a close with nothing open began
# before the trace did. With "strict"
# (FILE must have funcgraph-proc's pid column and hold whole call trees,
# e.g. of set_graph_function): per task over all CPUs, every close has
# its open and nothing is left open. Prints "OPENS LEAVES CLOSES
# UNMATCHED", or the first fault and fails. (Lost events, which the
# reader reports before the record that follows them, end a run too.)
fg_nesting() {
	awk -v strict="${2:-}" "$FG_PARSE"'
	function bad(why) { print why ": line " NR ": " $0; err = 1; exit 1 }
	{ fg_parse($0) }
	fg_kind == "bad" { bad("unparsed") }
	fg_kind == "switch" { if (!strict) n[fg_cpu] = 0; next }
	fg_kind == "lost" { if (strict) bad("lost events"); n[fg_cpu] = 0; next }
	fg_kind != "open" && fg_kind != "leaf" && fg_kind != "close" { next }
	{
		if (strict) { if (fg_pid < 0) bad("no pid column"); k = fg_pid }
		else k = fg_cpu
		top = n[k] ? st[k, n[k]] : -1
	}
	fg_kind == "open" || fg_kind == "leaf" {
		if (n[k] && fg_depth < top) bad("depth " fg_depth " inside a call at depth " top)
		if (n[k] && fg_depth == top) late[k, n[k]] = 1
		else if (n[k] && late[k, n[k]]) bad("a call at depth " fg_depth " after one at its caller'"'"'s depth " top)
	}
	fg_kind == "open" {
		opens++; n[k]++; st[k, n[k]] = fg_depth; nm[k, n[k]] = fg_name; late[k, n[k]] = 0
	}
	fg_kind == "leaf" { leaves++ }
	fg_kind == "close" {
		closes++
		if (!n[k]) {
			if (strict) bad("a close with no open")
			unmatched++
			next
		}
		if (fg_depth != top) bad("a close at depth " fg_depth " of the call at depth " top)
		if (fg_name != "" && fg_name != nm[k, n[k]]) bad("closes " nm[k, n[k]] "()")
		n[k]--
	}
	END {
		if (err) exit 1
		if (strict) for (k in n) if (n[k]) { print "task " k ": " n[k] " calls left open"; exit 1 }
		print opens + 0, leaves + 0, closes + 0, unmatched + 0
	}' "$1"
}

# fg_filter FUNCS...: set_ftrace_filter to those of FUNCS that are
# traceable (at least one must be), printing them. (The list of
# functions is kept in /tmp/fg-avail: remove it when done.)
fg_filter() {
	[ -s /tmp/fg-avail ] || cut -d' ' -f1 "$T/available_filter_functions" >/tmp/fg-avail
	_fl=
	for _f; do
		grep -qx -e "$_f" /tmp/fg-avail && _fl="$_fl $_f"
	done
	[ -n "$_fl" ] || fail "none of $* is in available_filter_functions"
	echo "$_fl" >"$T/set_ftrace_filter" || fail "set_ftrace_filter '$_fl'"
	echo "${_fl# }"
}

# A tracer's kernel threads, for a test that sets THREADS to the prefix
# of their comms ("osnoise/", "timerlat/", "hwlatd"): threads prints them
# as comms does, want_threads LIST WHAT waits for them as want_comms.
threads() { comms "$THREADS"; }
want_threads() { want_comms "$THREADS" "$@"; }

# stops FILE: after 1 in osnoise/FILE, the recording stops within 5 s
# with a "stop tracing hit" line, and FILE is 0 again. (Upstream 6.1
# writes that line with the trace_printk() buffers, which a kernel
# without trace_printk() users never allocates: ours only.)
stops() {
	echo 1 >"$T/osnoise/$1"
	_i=0
	while [ "$(cat "$T/tracing_on")" = 1 ]; do
		_i=$((_i + 1))
		[ $_i -le 50 ] || fail "$1 1: still recording after 5 s"
		sleep 0.1
	done
	if [ "$flavor" = ours ]; then
		grep -qE 'stop tracing hit on cpu [0-9]+$' "$T/trace" ||
			fail "$1: no 'stop tracing hit' line: $(tail -n 3 "$T/trace")"
	fi
	echo 0 >"$T/osnoise/$1"
}
