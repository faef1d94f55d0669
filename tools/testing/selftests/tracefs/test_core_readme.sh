#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# README as in upstream 6.1: read-only (440), a usage text that describes
# every core file and upstream's clocks (x86-tsc on x86-64 only) and how
# snapshot is used; writes are EINVAL.
. "$TESTDIR/lib.sh"

r=$T/README
[ -f "$r" ] || fail "no README"
[ "$(stat -c %a "$r")" = 440 ] || fail "mode of README: $(stat -c %a "$r")"
[ -s "$r" ] || [ "$(wc -c <"$r")" -gt 0 ] || fail "README is empty"

# The text is a usage guide in each implementation's own words; what
# users and scripts rely on is that it covers the core files and clocks.
for f in tracing_on trace trace_pipe current_tracer available_tracers \
	error_log buffer_size_kb buffer_total_size_kb trace_clock \
	timestamp_mode trace_marker trace_marker_raw tracing_cpumask \
	instances trace_options saved_cmdlines_size snapshot; do
	[ -e "$T/$f" ] || fail "no $f in tracefs"
	# listed as "  NAME<tab>..." (or shown as "echo 0 > NAME")
	grep -q "^[[:space:]]*$f[/[:space:]]" "$r" ||
		grep -q "> $f[[:space:]]" "$r" || fail "README does not describe $f"
done
clocks="local global counter uptime perf"
[ "$arch" = x86_64 ] && clocks="$clocks x86-tsc"
for c in $clocks; do
	grep -q "^[[:space:]]*$c:" "$r" || fail "README does not describe the $c clock"
done
echo "README: $(wc -l <"$r") lines, every core file and clock described"
expect_err "$r" "x" "Invalid argument"
