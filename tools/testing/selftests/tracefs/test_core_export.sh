#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Trace exports (register_ftrace_export): a module asking for marker
# records gets each one written to trace_marker, an instance's too (as
# upstream); after rmmod nothing calls it any more.
. "$TESTDIR/lib.sh"

mod=/tmp/out/modules/harness_export.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/export is built with the kernel)"
p=/sys/module/harness_export/parameters
i=$T/instances/core-export-$$
cleanup() {
	[ -d "$i" ] && rmdir "$i"
	grep -q '^harness_export ' /proc/modules && rmmod harness_export
}
trap cleanup EXIT
reset_tracing
insmod $mod || fail "insmod harness_export"
[ "$(cat $p/count)" = 0 ] || fail "count $(cat $p/count) before any marker"
echo "export-one-$$" >"$T/trace_marker"
echo "export-two-$$" >"$T/trace_marker"
[ "$(cat $p/count)" = 2 ] || fail "count $(cat $p/count) after two markers, want 2"
[ "$(cat $p/last)" = "export-two-$$" ] || fail "last record '$(cat $p/last)'"
# the records also reached the buffer as usual
grep -q "tracing_mark_write: export-two-$$" "$T/trace" || fail "marker not in trace"
mkdir "$i" || fail "mkdir $i"
echo "export-instance-$$" >"$i/trace_marker"
[ "$(cat $p/count)" = 3 ] || fail "count $(cat $p/count) after an instance's marker, want 3"
[ "$(cat $p/last)" = "export-instance-$$" ] || fail "last record '$(cat $p/last)'"
rmdir "$i"
rmmod harness_export || fail "rmmod harness_export"
# nothing left registered: markers still work
echo "export-after-$$" >"$T/trace_marker" || fail "marker after rmmod"
reset_tracing
