#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# README as in upstream 6.1: read-only (440); it opens with the
# mini-HOWTO and the core files, byte for byte as upstream (the clock list
# has x86-tsc on x86-64 only), and describes snapshot; writes are EINVAL.
. "$TESTDIR/lib.sh"

r=$T/README
[ -f "$r" ] || fail "no README"
[ "$(stat -c %a "$r")" = 440 ] || fail "mode of README: $(stat -c %a "$r")"
[ -s "$r" ] || [ "$(wc -c <"$r")" -gt 0 ] || fail "README is empty"

exp=/tmp/core-readme.exp got=/tmp/core-readme.got
trap 'rm -f $exp $got' EXIT
{
	printf 'tracing mini-HOWTO:\n\n'
	printf '# echo 0 > tracing_on : quick way to disable tracing\n'
	printf '# echo 1 > tracing_on : quick way to re-enable tracing\n\n'
	printf ' Important files:\n'
	printf '  trace\t\t\t- The static contents of the buffer\n'
	printf '\t\t\t  To clear the buffer write into this file: echo > trace\n'
	printf '  trace_pipe\t\t- A consuming read to see the contents of the buffer\n'
	printf '  current_tracer\t- function and latency tracers\n'
	printf '  available_tracers\t- list of configured tracers for current_tracer\n'
	printf '  error_log\t- error log for failed commands (that support it)\n'
	printf '  buffer_size_kb\t- view and modify size of per cpu buffer\n'
	printf '  buffer_total_size_kb  - view total size of all cpu buffers\n\n'
	printf '  trace_clock\t\t- change the clock used to order events\n'
	printf '       local:   Per cpu clock but may not be synced across CPUs\n'
	printf '      global:   Synced across CPUs but slows tracing down.\n'
	printf '     counter:   Not a clock, but just an increment\n'
	printf '      uptime:   Jiffy counter from time of boot\n'
	printf '        perf:   Same clock that perf events use\n'
	[ "$arch" = x86_64 ] && printf '     x86-tsc:   TSC cycle counter\n'
	printf '\n  timestamp_mode\t- view the mode used to timestamp events\n'
	printf '       delta:   Delta difference against a buffer-wide timestamp\n'
	printf '    absolute:   Absolute (standalone) timestamp\n'
	printf '\n  trace_marker\t\t- Writes into this file writes into the kernel buffer\n'
	printf '\n  trace_marker_raw\t\t- Writes into this file writes binary data into the kernel buffer\n'
	printf '  tracing_cpumask\t- Limit which CPUs to trace\n'
	printf '  instances\t\t- Make sub-buffers with: mkdir instances/foo\n'
	printf '\t\t\t  Remove sub-buffer with rmdir\n'
	printf '  trace_options\t\t- Set format or modify how tracing happens\n'
	printf '\t\t\t  Disable an option by prefixing '"'no'"' to the\n'
	printf '\t\t\t  option name\n'
	printf '  saved_cmdlines_size\t- echo command number in here to store comm-pid list\n'
} >$exp
head -n "$(wc -l <$exp)" "$r" >$got
if ! cmp -s $exp $got; then
	diff $exp $got
	fail "README does not open as upstream's"
fi
# The snapshot paragraph, further down.
printf '\n  snapshot\t\t- Like '"'trace'"' but shows the content of the static\n\t\t\t  snapshot buffer. Read the contents for more\n\t\t\t  information\n' >$exp
grep -A 2 -B 1 "^  snapshot	" "$r" >$got
cmp -s $exp $got || fail "README's snapshot paragraph: $(cat $got)"
echo "README: $(wc -l <"$r") lines, the core part as upstream's"
expect_err "$r" "x" "Invalid argument"
