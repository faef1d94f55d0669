#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# buffer_size_kb, buffer_total_size_kb, per_cpu/cpuN/buffer_size_kb,
# free_buffer and buffer_percent as in upstream 6.1:
#  - until the first expansion (the first current_tracer write, resize...)
#    the buffers are at their minimum and read "7 (expanded: 1408)", the
#    total "<7*cpus> (expanded: <1408*cpus>)";
#  - a size is rounded up to whole ring buffer pages of 4080 data bytes
#    (at least 2) and read back as pages*4080/1024 KB: 1 -> 7, 8 -> 11,
#    100 -> 103, 1408 -> 1410;
#  - the total is the sum over the possible CPUs; when the CPUs differ
#    buffer_size_kb reads "X";
#  - 0, negative, non-decimal values are EINVAL, a size memory cannot
#    hold ENOMEM;
#  - closing free_buffer shrinks the buffer to its minimum (and turns
#    tracing off with options/disable_on_free);
#  - buffer_percent takes 0..100, 101 is EINVAL.
. "$TESTDIR/lib.sh"

cleanup() {
	echo 0 >"$T/options/disable_on_free"
	echo 50 >"$T/buffer_percent"
	echo 1408 >"$T/buffer_size_kb"
	reset_tracing
}
trap cleanup EXIT

# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
get() { v=; IFS= read -r v <"$1"; }
get /sys/devices/system/cpu/possible
possible= ifs=$IFS
IFS=,
for r in $v; do
	i=${r%-*}
	while [ $i -le ${r#*-} ]; do
		possible="$possible $i"
		i=$((i + 1))
	done
done
IFS=$ifs
set -- $possible
ncpu=$#
# shown KB: the size in KB a request of KB reads back as.
shown() {
	pages=$((($1 * 1024 + 4079) / 4080))
	[ $pages -ge 2 ] || pages=2
	echo $((pages * 4080 / 1024))
}
size() { get "$T/buffer_size_kb"; echo "$v"; }
has() { while IFS= read -r l; do case $l in *"$2") return 0 ;; esac; done <"$1"; return 1; }
total() { get "$T/buffer_total_size_kb"; echo "$v"; }
# percpu CPU: its buffer_size_kb into $v
percpu() { get "$T/per_cpu/cpu$1/buffer_size_kb"; }

# Before the first expansion (only a test run first after boot sees it).
case $(size) in
*expanded*)
	[ "$(size)" = "7 (expanded: 1408)" ] || fail "unexpanded buffer_size_kb: '$(size)'"
	[ "$(total)" = "$((7 * ncpu)) (expanded: $((1408 * ncpu)))" ] ||
		fail "unexpanded buffer_total_size_kb: '$(total)'"
	for c in $possible; do
		percpu $c
		[ "$v" = 7 ] || fail "unexpanded per_cpu/cpu$c/buffer_size_kb: $v"
	done
	echo "not expanded yet: '$(size)', total '$(total)'"
	# A marker does not expand the buffers; current_tracer does.
	echo "bufsize-early-$$" >"$T/trace_marker"
	[ "$(size)" = "7 (expanded: 1408)" ] || fail "a marker write expanded the buffers: '$(size)'"
	echo nop >"$T/current_tracer"
	[ "$(size)" = 1410 ] || fail "after the first current_tracer write buffer_size_kb reads '$(size)', want 1410"
	[ "$(total)" = $((1410 * ncpu)) ] || fail "buffer_total_size_kb after expansion: '$(total)'"
	;;
*)
	echo "already expanded by an earlier test: '$(size)'"
	echo nop >"$T/current_tracer"
	;;
esac
reset_tracing

# Sizes round up to pages and read back; the total follows.
for kb in 1 7 8 100 1408 2000 1408; do
	echo $kb >"$T/buffer_size_kb" || fail "buffer_size_kb refused $kb"
	want=$(shown $kb)
	get "$T/buffer_size_kb"
	[ "$v" = "$want" ] || fail "buffer_size_kb reads '$v' after writing $kb, want $want"
	get "$T/buffer_total_size_kb"
	[ "$v" = $((want * ncpu)) ] || fail "buffer_total_size_kb reads '$v' with $ncpu CPUs of $want"
	for c in $possible; do
		percpu $c
		[ "$v" = "$want" ] || fail "per_cpu/cpu$c/buffer_size_kb: $v after writing $kb"
	done
done
echo "1 -> $(shown 1), 8 -> $(shown 8), 100 -> $(shown 100), 1408 -> $(shown 1408) KB"

# Records survive growing and shrinking (while they fit).
echo "bufsize-keep-$$" >"$T/trace_marker"
echo 3000 >"$T/buffer_size_kb"
echo 1408 >"$T/buffer_size_kb"
has "$T/trace" "tracing_mark_write: bufsize-keep-$$" || fail "resizing lost the record"

# One CPU alone: the others keep their size, the top file says X.
first=$1
echo 100 >"$T/per_cpu/cpu$first/buffer_size_kb" || fail "per_cpu/cpu$first/buffer_size_kb refused 100"
percpu $first
[ "$v" = 103 ] || fail "per_cpu/cpu$first/buffer_size_kb reads $v after 100"
if [ "$ncpu" -gt 1 ]; then
	[ "$(size)" = X ] || fail "buffer_size_kb reads '$(size)' with CPUs of different sizes, want X"
	for c in $possible; do
		[ "$c" = "$first" ] && continue
		percpu $c
		[ "$v" = 1410 ] || fail "resizing cpu$first resized cpu$c to $v"
	done
fi
[ "$(total)" = $((103 + 1410 * (ncpu - 1))) ] ||
	fail "buffer_total_size_kb reads '$(total)', want $((103 + 1410 * (ncpu - 1)))"
echo 1408 >"$T/buffer_size_kb" || fail "buffer_size_kb refused 1408"
[ "$(size)" = 1410 ] || fail "writing buffer_size_kb did not make the CPUs equal: '$(size)'"

# Bad sizes: nothing changes.
for bad in 0 -5 abc " 20" "8 kb" 0x10; do
	expect_err "$T/buffer_size_kb" "$bad" "Invalid argument"
done
for bad in 0 abc; do
	expect_err "$T/per_cpu/cpu$first/buffer_size_kb" "$bad" "Invalid argument"
done
expect_err "$T/buffer_size_kb" 99999999999999 "Cannot allocate memory"
expect_err "$T/buffer_size_kb" 99999999999999999999999 "Numerical result out of range"
[ "$(size)" = 1410 ] || fail "a refused size changed buffer_size_kb to '$(size)'"
expect_err "$T/buffer_total_size_kb" 100 "Invalid argument"

# free_buffer: accepts any write; closing it shrinks to the minimum.
expect_err "$T/free_buffer" "anything" ok
[ "$(size)" = 7 ] || fail "after free_buffer buffer_size_kb reads '$(size)', want 7"
[ "$(total)" = $((7 * ncpu)) ] || fail "after free_buffer the total reads '$(total)'"
get "$T/tracing_on"
[ "$v" = 1 ] || fail "free_buffer turned tracing off without disable_on_free"
echo "bufsize-small-$$" >"$T/trace_marker" || fail "no marker after free_buffer"
has "$T/trace" "tracing_mark_write: bufsize-small-$$" || fail "no record after free_buffer"
echo 1408 >"$T/buffer_size_kb"
echo 1 >"$T/options/disable_on_free"
: >"$T/free_buffer"
get "$T/tracing_on"
[ "$v" = 0 ] || fail "free_buffer with disable_on_free left tracing on"
[ "$(size)" = 7 ] || fail "after free_buffer buffer_size_kb reads '$(size)', want 7"
echo 0 >"$T/options/disable_on_free"
echo 1 >"$T/tracing_on"
echo 1408 >"$T/buffer_size_kb"

# buffer_percent
get "$T/buffer_percent"
[ "$v" = 50 ] || fail "buffer_percent reads $v, default 50"
for w in 0 1 100 99 50; do
	echo $w >"$T/buffer_percent" || fail "buffer_percent refused $w"
	get "$T/buffer_percent"
	[ "$v" = $w ] || fail "buffer_percent reads $v after $w"
done
for bad in 101 -1 abc; do
	expect_err "$T/buffer_percent" "$bad" "Invalid argument"
done
get "$T/buffer_percent"
[ "$v" = 50 ] || fail "a refused value changed buffer_percent to $v"
