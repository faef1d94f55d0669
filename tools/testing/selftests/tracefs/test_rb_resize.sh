#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# buffer_size_kb while tracing: growing and shrinking keep the records
# that still fit; 0 and sizes memory cannot hold are refused and change
# nothing; free_buffer shrinks the buffer to its minimum.
. "$TESTDIR/lib.sh"

reset_tracing
size0=$(buffer_kb)
i=1
while [ $i -le 20 ]; do
	echo "resize-marker-$i" >"$T/trace_marker"
	i=$((i + 1))
done
markers() { grep -c 'resize-marker-' "$T/trace"; }
[ "$(markers)" = 20 ] || fail "$(markers) of 20 markers before any resize"

echo $((size0 * 2)) >"$T/buffer_size_kb" || fail "grow to $((size0 * 2)) KB"
[ "$(cut -d' ' -f1 "$T/buffer_size_kb")" = $((size0 * 2)) ] || fail "size after growing: $(cat "$T/buffer_size_kb")"
[ "$(markers)" = 20 ] || fail "$(markers) of 20 markers after growing"
echo 64 >"$T/buffer_size_kb" || fail "shrink to 64 KB"
[ "$(markers)" = 20 ] || fail "$(markers) of 20 markers after shrinking"
total=$(cat "$T/buffer_total_size_kb")

expect_err "$T/buffer_size_kb" 0 "Invalid argument"
expect_err "$T/buffer_size_kb" 1000000000 "Cannot allocate memory"
expect_err "$T/buffer_size_kb" -5 "Invalid argument"
expect_err "$T/buffer_size_kb" abc "Invalid argument"
# buffer_size_kb may now show the size the pages hold (67 for 64, on
# upstream too); the pages themselves must not have changed.
[ "$(cat "$T/buffer_total_size_kb")" = "$total" ] ||
	fail "a refused resize changed the buffer: $total KB -> $(cat "$T/buffer_total_size_kb") KB"
[ "$(markers)" = 20 ] || fail "$(markers) of 20 markers after refused resizes"
echo resize-after >"$T/trace_marker"
grep -q resize-after "$T/trace" || fail "no writes after refused resizes"

echo >"$T/free_buffer"
after=$(cut -d' ' -f1 "$T/buffer_size_kb")
echo "free_buffer: buffer_size_kb $after"
[ "$after" -le 8 ] || fail "free_buffer left $after KB"
echo "$size0" >"$T/buffer_size_kb" || fail "restore $size0 KB"
reset_tracing
