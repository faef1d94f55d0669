#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest command of harness/profile-fn.sh: switches the top level's tracer
# to function (every function) and back to nop, each write bracketed by
# the instruction counter's markers (/tmp/out/fn/fn-write). One switch
# each way first, untimed, so that the counted ones find the buffer
# expanded and the code paths warm, as bench-fn's do.
T=/sys/kernel/tracing
W=/tmp/out/fn/fn-write
set -e
[ -x "$W" ] || { echo "profile-fn: FAIL: no $W"; exit 1; }
echo function >"$T/current_tracer"
echo nop >"$T/current_tracer"
echo "profile-fn: enable"
"$W" "$T/current_tracer" function
echo "profile-fn: disable"
"$W" "$T/current_tracer" nop
echo "profile-fn: done"
