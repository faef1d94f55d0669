#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bad input to the control files gets the right errno, and good input
# still works afterwards. Later issues add a case for every writable file.
. "$TESTDIR/lib.sh"

reset_tracing
expect_err "$T/current_tracer" "no_such_tracer" "Invalid argument"
[ "$(cat "$T/current_tracer")" = nop ] || fail "a rejected tracer name changed current_tracer"
expect_err "$T/current_tracer" "nop" "ok"
expect_err "$T/tracing_on" "banana" "Invalid argument"
expect_err "$T/buffer_size_kb" "-5" "Invalid argument"
expect_err "$T/buffer_size_kb" "0" "Invalid argument"
expect_err "$T/trace_clock" "no_such_clock" "Invalid argument"
grep -q '\[local\]\|\[global\]' "$T/trace_clock" || fail "trace_clock lost its selection"
expect_err "$T/tracing_on" "1" "ok"
[ "$(cat "$T/tracing_on")" = 1 ] || fail "tracing_on is not 1 after writing 1"
