#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kprobe events made by kernel code, through the dynevent_cmd API of
# linux/trace_events.h (kprobe_event_gen_cmd_start() and friends), as
# upstream 6.1 exports it: harness/modules/kpgen makes
# kprobes/gen_kprobe_test and gen_kretprobe_test on do_sys_openat2 when
# loaded, after checking the API's errors (a full buffer E2BIG, no place
# EINVAL, a refused place its error, a name taken EEXIST).
# - the events are listed in kprobe_events as a write would make them,
#   and record an open's dfd, file name and return value;
# - a module's event is removed by kprobe_event_delete() at rmmod, and
#   not while enabled (rmmod still succeeds; the event stays until it is
#   disabled and removed by hand).
. "$TESTDIR/lib.sh"
export LC_ALL=C

mod=/tmp/out/modules/harness_kpgen.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/kpgen is built with the kernel)"
p=/sys/module/harness_kpgen/parameters
K=$T/events/kprobes
path=/tmp/kpgen_$$
cleanup() {
	for e in "$K"/*/enable; do
		[ ! -e "$e" ] || echo 0 >"$e"
	done
	grep -q '^harness_kpgen ' /proc/modules && rmmod harness_kpgen
	: >"$T/kprobe_events"
	rm -f "$path"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
: >"$T/kprobe_events" || fail "could not clear kprobe_events"
: >"$path"

insmod $mod || fail "insmod harness_kpgen: $(dmesg | grep harness_kpgen | tail -2)"
steps=$(cat $p/steps)
[ "$steps" = "small=-7 noloc=-22 badloc=${steps#*badloc=}" ] && [ "${steps#*badloc=-}" != "$steps" ] ||
	fail "steps: $steps"
case $steps in
*" kprobe=0 kretprobe=0 again=-17") ;;
*) fail "steps: $steps" ;;
esac
grep -qxF 'p:kprobes/gen_kprobe_test do_sys_openat2 dfd=$arg1:s32 file=+0($arg2):ustring' "$T/kprobe_events" ||
	fail "kprobe_events: $(cat "$T/kprobe_events")"
# (kprobes sets a kretprobe's maxactive when it registers it, and the
# line then shows it, on upstream too)
grep -qx 'r[0-9]*:kprobes/gen_kretprobe_test do_sys_openat2 arg1=\$retval' "$T/kprobe_events" ||
	fail "kprobe_events: $(cat "$T/kprobe_events")"

echo 1 >"$K/gen_kprobe_test/enable"
echo 1 >"$K/gen_kretprobe_test/enable"
cat "$path"
echo 0 >"$K/gen_kprobe_test/enable"
grep -q "gen_kprobe_test: (do_sys_openat2+0x0/0x[0-9a-f]*) dfd=-100 file=\"$path\"\$" "$T/trace" ||
	fail "no gen_kprobe_test record of $path: $(grep gen_kprobe "$T/trace" | head -3)"
grep -q 'gen_kretprobe_test: (.* <- do_sys_openat2) arg1=0x[0-9a-f]*$' "$T/trace" ||
	fail "no gen_kretprobe_test record: $(grep gen_kret "$T/trace" | head -3)"

# rmmod with one enabled: the other goes, it stays.
rmmod harness_kpgen || fail "rmmod harness_kpgen"
! grep -q gen_kprobe_test "$T/kprobe_events" || fail "gen_kprobe_test left after rmmod"
grep -q gen_kretprobe_test "$T/kprobe_events" || fail "the enabled gen_kretprobe_test went"
echo 0 >"$K/gen_kretprobe_test/enable"
echo '-:gen_kretprobe_test' >>"$T/kprobe_events" || fail "could not remove gen_kretprobe_test"
[ -z "$(cat "$T/kprobe_events")" ] || fail "left: $(cat "$T/kprobe_events")"
exit 0
