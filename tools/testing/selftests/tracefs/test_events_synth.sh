#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Synthetic events (upstream 6.1's synthetic_events and "s:" lines of
# dynamic_events), and their records made by kernel code through the
# synth_event_* API of linux/trace_events.h:
# - definitions in both syntaxes (";" between fields, or none), their
#   listings in synthetic_events and dynamic_events, events/synthetic/
#   with the format upstream gives (each field in a u64 slot, a char[N]
#   in 256 bytes, its length not shown, a char[] as a __data_loc), removal by "!NAME", by
#   "-:synthetic/NAME", by O_TRUNC (synthetic ones only), EBUSY while
#   enabled, ENOENT for none;
# - parse errors: EINVAL and error_log's text and caret;
# - harness/modules/synthgen makes two events with the API (every kind
#   of field; the dynevent_cmd functions), records each way (values as
#   arguments, as an array, field by field, by name) and checks the
#   API's errors; the records' lines in `trace` are upstream's, a
#   filter on a number, a char[N] and a char[] field chooses records.
# Where ours differs on purpose (the README lists them):
# - synth_event_add_val() with a field name the event does not have is
#   EINVAL on ours; upstream returns 0 and writes the value into the last
#   field;
# - a field left out of a record made field by field is 0 on ours, what
#   the buffer held on upstream;
# - a gfp_t's flags: "gfp=cc0 (GFP_KERNEL) u=1" on ours; on upstream two
#   blanks before the "(", a NUL byte and no blank after the ")", and
#   flags from the 4 bytes after the value too;
# - synth_event_trace_array() with the wrong number of values records
#   nothing on ours; upstream commits a record of what the buffer held;
# - a char[N] field keeps N - 1 characters on ours, as its format's size
#   says; upstream's keeps up to 255 and prints them all;
# - a NULL string records "(fault)" on ours; upstream's
#   synth_event_trace() oopses on a NULL char[] string.
. "$TESTDIR/lib.sh"
export LC_ALL=C

[ -e "$T/synthetic_events" ] || fail "no synthetic_events"
mod=/tmp/out/modules/harness_synthgen.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/synthgen is built with the kernel)"
S=$T/events/synthetic
p=/sys/module/harness_synthgen/parameters
cleanup() {
	for e in "$S"/*/enable; do
		[ ! -e "$e" ] || echo 0 >"$e"
	done
	for e in "$S"/*/filter; do
		[ ! -e "$e" ] || echo 0 >"$e"
	done
	grep -q '^harness_synthgen ' /proc/modules && rmmod harness_synthgen
	: >"$T/synthetic_events"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
: >"$T/synthetic_events" || fail "could not clear synthetic_events"

# -- definitions and listings
echo 'lat_a u64 lat; pid_t pid; char comm[16]; char name[]' >>"$T/synthetic_events" ||
	fail "could not define lat_a"
# the first syntax: no ";" between the fields
echo 'lat_b  u64 lat pid_t pid unsigned long x' >>"$T/synthetic_events" ||
	fail "could not define lat_b without semicolons"
echo 's:synthetic/lat_c s32 v' >>"$T/dynamic_events" || fail "could not define lat_c"
echo 's:lat_d u8 v' >>"$T/dynamic_events" || fail "could not define lat_d"
want=$(printf 'lat_a\tu64 lat; pid_t pid; char[16] comm; char[] name\nlat_b\tu64 lat; pid_t pid; unsigned long x\nlat_c\ts32 v\nlat_d\tu8 v')
[ "$(cat "$T/synthetic_events")" = "$want" ] ||
	fail "synthetic_events: $(cat "$T/synthetic_events")"
grep -qx "$(printf 's:synthetic/lat_a\tu64 lat; pid_t pid; char\\[16\\] comm; char\\[\\] name')" "$T/dynamic_events" ||
	fail "dynamic_events: $(cat "$T/dynamic_events")"
for f in enable filter format id trigger; do
	[ -e "$S/lat_a/$f" ] || fail "no events/synthetic/lat_a/$f"
done
fmt=$S/lat_a/format
for l in 'field:u64 lat;	offset:8;	size:8;	signed:0;' \
	'field:pid_t pid;	offset:16;	size:4;	signed:1;' \
	'field:char comm[];	offset:24;	size:16;	signed:1;' \
	'field:__data_loc char[] name;	offset:280;	size:8;	signed:1;' \
	'print fmt: "lat=%llu, pid=%d, comm=%s, name=%s", REC->lat, REC->pid, REC->comm, __get_str(name)'; do
	grep -qF "$l" "$fmt" || fail "format of lat_a has no '$l': $(cat "$fmt")"
done
grep -q '^name: lat_a$' "$fmt" || fail "format: $(head -2 "$fmt")"

# -- errors
[ "$(write_err "$T/synthetic_events" 'lat_a u64 x')" = "File exists" ] ||
	fail "a second lat_a was not EEXIST"
echo >"$T/error_log"
[ "$(write_err "$T/synthetic_events" 'myevent chr arg')" = "Invalid argument" ] ||
	fail "an unknown type was not EINVAL"
grep -q 'synthetic_events: error: Invalid type' "$T/error_log" ||
	fail "error_log: $(cat "$T/error_log")"
# the caret: under "chr", 8 columns into the command
grep -qx '  Command: myevent chr arg' "$T/error_log" &&
	grep -qx '                   ^' "$T/error_log" ||
	fail "error_log's command or caret: $(cat "$T/error_log")"
echo >"$T/error_log"
[ "$(write_err "$T/dynamic_events" 's:junk/myevent char str[')" = "Invalid argument" ] ||
	fail "another group was not EINVAL"
grep -q 'synthetic_events: error: Command must be of the form: s or -:\[synthetic/\]<name> field\[;field\] ...' "$T/error_log" ||
	fail "error_log: $(cat "$T/error_log")"
for bad in 'myevent' 'myevent u64' 'mye-vent u64 x' 'myevent char s[257]' 'myevent u64 x; int'; do
	[ "$(write_err "$T/synthetic_events" "$bad")" = "Invalid argument" ] ||
		fail "'$bad' was not EINVAL"
done
[ ! -d "$S/myevent" ] || fail "a refused definition left events/synthetic/myevent"

# -- removal
echo 1 >"$S/lat_c/enable"
[ "$(write_err "$T/synthetic_events" '!lat_c')" = "Device or resource busy" ] ||
	fail "removing an enabled event was not EBUSY"
echo 0 >"$S/lat_c/enable"
echo '!lat_c' >>"$T/synthetic_events" || fail "could not remove lat_c"
[ "$(write_err "$T/synthetic_events" '!lat_c')" = "No such file or directory" ] ||
	fail "removing no event was not ENOENT"
# a group alone names no synthetic event
[ "$(write_err "$T/dynamic_events" '-:synthetic/')" = "No such file or directory" ] ||
	fail "-:synthetic/ was not ENOENT"
echo '-:synthetic/lat_d' >>"$T/dynamic_events" || fail "could not remove lat_d"
echo '!s:lat_b u64 lat' >>"$T/dynamic_events" || fail "could not remove lat_b by its definition"
[ "$(cat "$T/synthetic_events")" = "$(printf 'lat_a\tu64 lat; pid_t pid; char[16] comm; char[] name')" ] ||
	fail "left: $(cat "$T/synthetic_events")"
# O_TRUNC on synthetic_events removes the synthetic events only
kp=0
if [ -e "$T/kprobe_events" ]; then
	echo 'p:synth_keep vfs_read' >>"$T/kprobe_events" && kp=1
fi
: >"$T/synthetic_events" || fail "could not clear synthetic_events"
[ -z "$(cat "$T/synthetic_events")" ] || fail "left: $(cat "$T/synthetic_events")"
[ ! -d "$S/lat_a" ] || fail "events/synthetic/lat_a left"
if [ $kp = 1 ]; then
	grep -q synth_keep "$T/dynamic_events" || fail "clearing synthetic_events removed a kprobe event"
	echo '-:synth_keep' >>"$T/kprobe_events"
fi

# -- records made by kernel code
insmod $mod || fail "insmod harness_synthgen: $(dmesg | grep harness_synthgen | tail -2)"
steps=$(cat $p/steps)
noname=-22
# upstream writes the value into the last field and returns 0
[ "$flavor" = ours ] || noname=0
want="create=0 again=-17 badtype=-22 gen=0 delete_none=-2 off=0 enable=0 trace=0 trace_array=0 trace_short=-22 start_dyn=-524 start=0 next=0 past=-22 mixed=-22 end=0 noname=$noname end2=0 busy=-16"
[ "$steps" = "$want" ] || fail "steps: $steps, not $want"
want=$(printf 'synth_gen_arr\tu64 lat; pid_t pid; char[16] comm; char[] name; s8 small; gfp_t gfp; unsigned int u\nsynth_gen_cmd\tu64 a; char[16] s; unsigned int b; s32 c')
[ "$(cat "$T/synthetic_events")" = "$want" ] ||
	fail "synthetic_events: $(cat "$T/synthetic_events")"
grep -qF 'print fmt: "lat=%llu, pid=%d, comm=%s, name=%s, small=%d, gfp=%x, u=%u", REC->lat, REC->pid, REC->comm, __get_str(name), REC->small, REC->gfp, REC->u' "$S/synth_gen_arr/format" ||
	fail "format: $(cat "$S/synth_gen_arr/format")"
trace=$(grep -ao 'synth_gen_.*' "$T/trace" | cat -v)
if [ "$flavor" = ours ]; then
	want='synth_gen_arr: lat=12345678901 pid=4242 comm=synthgen name=dynamic string small=254 gfp=cc0 (GFP_KERNEL) u=4294967295
synth_gen_arr: lat=2 pid=43 comm=array name=from an array small=7 gfp=0 () u=1
synth_gen_cmd: a=11 s=next b=12 c=-13
synth_gen_cmd: a=22 s=named b=0 c=-21'
	[ "$trace" = "$want" ] || fail "records:
$trace
not
$want"
else
	# upstream: a gfp_t's flags after the separator, from all 8 bytes of
	# its slot (4 of them not the value's), with a NUL (cat -v's ^@);
	# a field left out of a record made field by field is what the
	# buffer held (ours: 0); the unknown field name's value goes in the
	# last field; the refused synth_event_trace_array() of 3 values
	# commits a record of what the buffer held. What can be compared:
	printf '%s\n' "$trace" | grep -q '^synth_gen_arr: lat=12345678901 pid=4242 comm=synthgen name=dynamic string small=254 gfp=cc0  (GFP_KERNEL' &&
		printf '%s\n' "$trace" | grep -q '^synth_gen_arr: lat=2 pid=43 comm=array name=from an array small=7 gfp=0 ' &&
		printf '%s\n' "$trace" | grep -qxF 'synth_gen_cmd: a=11 s=next b=12 c=-13' &&
		printf '%s\n' "$trace" | grep -qx 'synth_gen_cmd: a=22 s=named b=[0-9]* c=1' ||
		fail "records: $trace"
fi

# filters on its fields, set through tracefs; the module records on demand
: >"$T/trace"
echo 1 >"$S/synth_gen_arr/enable"
echo 'pid == 7 || pid == 9' >"$S/synth_gen_arr/filter" || fail "could not set a filter on pid"
for n in 6 7 8 9; do
	echo $n >$p/fire || fail "fire $n"
done
[ "$(grep -ao 'pid=[0-9]*' "$T/trace" | tr '\n' ' ')" = "pid=7 pid=9 " ] ||
	fail "pid filter: $(grep -a synth_gen "$T/trace")"
: >"$T/trace"
echo 'comm ~ "synth*" && name == "dynamic string"' >"$S/synth_gen_arr/filter" ||
	fail "could not set a filter on the strings"
echo 5 >$p/fire
echo 'name == "other"' >"$S/synth_gen_arr/filter"
echo 6 >$p/fire
[ "$(grep -ao 'pid=[0-9]*' "$T/trace" | tr '\n' ' ')" = "pid=5 " ] ||
	fail "string filters: $(grep -a synth_gen "$T/trace")"
echo 0 >"$S/synth_gen_arr/filter"
# strings that cannot be read: "(fault)" (upstream's synth_event_trace()
# dereferences a NULL char[] string: an oops, not tried there)
if [ "$flavor" = ours ]; then
	: >"$T/trace"
	echo -1 >$p/fire
	grep -aq 'synth_gen_arr: lat=999 pid=-1 comm=(fault) name=(fault) small=254 ' "$T/trace" ||
		fail "NULL strings: $(grep -a synth_gen "$T/trace" | cat -v)"
fi
# a string longer than its char[16]: 15 characters on ours, as the
# format's size says; upstream's keeps and prints it all
: >"$T/trace"
echo 100 >$p/fire
long=a-string-longer
[ "$flavor" = ours ] || long=a-string-longer-than-16
grep -aq "synth_gen_arr: lat=1100 pid=100 comm=$long name=dynamic string " "$T/trace" ||
	fail "long comm: $(grep -a synth_gen "$T/trace" | cat -v)"
echo 0 >"$S/synth_gen_arr/enable"

# unloading removes the module's events
rmmod harness_synthgen || fail "rmmod harness_synthgen"
[ -z "$(cat "$T/synthetic_events")" ] || fail "left after rmmod: $(cat "$T/synthetic_events")"
echo "synthetic events: 4 defined and removed, 6 records by the API, filters held"
exit 0
