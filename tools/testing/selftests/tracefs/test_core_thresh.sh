#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tracing_thresh and tracing_max_latency as in upstream 6.1: microseconds,
# 0 by default, a decimal number written is read back; non-numbers and
# negative numbers are EINVAL, numbers beyond unsigned long ERANGE, and
# neither changes the value. An instance has its own tracing_max_latency
# (and no tracing_thresh).
. "$TESTDIR/lib.sh"

inst=$T/instances/core_thresh_$$
cleanup() {
	echo 0 >"$T/tracing_thresh"
	echo 0 >"$T/tracing_max_latency"
	[ -d "$inst" ] && rmdir "$inst"
	reset_tracing
}
trap cleanup EXIT
reset_tracing

# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
get() { v=; IFS= read -r v <"$1"; }
m=$(stat -c %a "$T/tracing_thresh" "$T/tracing_max_latency" | tr '\n' ' ')
[ "$m" = "640 640 " ] || fail "modes of tracing_thresh, tracing_max_latency: $m"
for f in tracing_thresh tracing_max_latency; do
	get "$T/$f"
	[ "$v" = 0 ] || fail "$f reads '$v', want 0"
	for w in 100 1 123456 "7
" 0; do
		printf '%s' "$w" >"$T/$f" || fail "$f refused '$w'"
		get "$T/$f"
		[ "$v" = "$(echo $w)" ] || fail "$f reads '$v' after writing $w"
	done
	echo 42 >"$T/$f"
	for bad in abc -1 1.5; do
		expect_err "$T/$f" "$bad" "Invalid argument"
	done
	expect_err "$T/$f" 99999999999999999999999 "Numerical result out of range"
	get "$T/$f"
	[ "$v" = 42 ] || fail "a refused write changed $f to $v"
	echo 0 >"$T/$f"
done

mkdir "$inst" || fail "mkdir $inst"
[ -f "$inst/tracing_max_latency" ] || fail "an instance has no tracing_max_latency"
[ -e "$inst/tracing_thresh" ] && fail "an instance has a tracing_thresh"
echo 77 >"$inst/tracing_max_latency" || fail "write the instance's tracing_max_latency"
get "$inst/tracing_max_latency"
[ "$v" = 77 ] || fail "the instance's tracing_max_latency: $v"
get "$T/tracing_max_latency"
[ "$v" = 0 ] || fail "the instance's write changed the top tracing_max_latency to $v"
expect_err "$inst/tracing_max_latency" abc "Invalid argument"
rmdir "$inst" || fail "rmdir $inst"
