#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace_printk() and trace_puts() from a module (harness/modules/tprintk),
# as in upstream 6.1: each burst gives four records in the top buffer,
#   <comm>-<pid> [cpu] flags ts: harness_tprintk_burst: TEXT
# a bprint for trace_printk() with a constant format, a bputs for
# trace_puts() of a constant string, a print for a format that is not
# constant (options/raw shows ": ip : text" for the first two kinds,
# "# ip text" for print; options/hex "type: <its ID>"); printk_formats
# lists the module's constant formats ("0x<addr> : \"fmt\"", newlines as
# \n) but not the variable one; printk-msg-only prints the text alone;
# options/trace_printk 0 drops them; instances get none. Loading the
# first such module prints upstream's "trace_printk() being used" notice.
. "$TESTDIR/lib.sh"

mod=/tmp/out/modules/harness_tprintk.ko
[ -f $mod ] || fail "$mod is missing (harness/modules/tprintk is built with the kernel)"
p=/sys/module/harness_tprintk/parameters
inst=$T/instances/core_tprintk_$$
loaded=
cleanup() {
	for o in raw hex printk-msg-only; do echo 0 >"$T/options/$o"; done
	echo 1 >"$T/options/trace_printk"
	[ -n "$loaded" ] && rmmod harness_tprintk
	[ -d "$inst" ] && rmdir "$inst"
	reset_tracing
}
trap cleanup EXIT
reset_tracing
grep -q '^harness_tprintk ' /proc/modules && rmmod harness_tprintk
mkdir "$inst" || fail "mkdir $inst"

insmod $mod "msg=msg-$$" || fail "insmod $mod"
loaded=1
dmesg | grep -q "trace_printk() being used. Allocating extra memory." ||
	fail "no 'trace_printk() being used' notice in dmesg"

# records SEQ: the burst's records, without their context.
records() {
	grep "harness_tprintk: .* seq=$1\( \|\$\)\|harness_tprintk: puts\$" "$T/trace" |
		sed 's/^.*[0-9]\.[0-9]\{6\}: //'
}
want() {
	printf 'harness_tprintk_burst: harness_tprintk: const seq=%s word=abc\n' "$1"
	printf 'harness_tprintk_burst: harness_tprintk: puts\n'
	printf 'harness_tprintk_burst: harness_tprintk: dynamic seq=%s\n' "$1"
	printf 'harness_tprintk_burst: harness_tprintk: msg seq=%s msg-%s\n' "$1" $$
}
[ "$(records 0)" = "$(want 0)" ] || fail "the load's records: $(grep harness_tprintk "$T/trace")"
grep harness_tprintk "$T/trace" | sed 's/^/    /'
# Their context: insmod's pid (comm insmod or <...>), the usual format.
n=$(grep -c "^ *\(insmod\|<\.\.\.>\)-[0-9]\+ \+\[[0-9]\{3\}\] [^ ]\{5\} \+[0-9]\+\.[0-9]\{6\}: harness_tprintk_burst: harness_tprintk: " "$T/trace")
[ "$n" = 4 ] || fail "$n of the 4 records have insmod's context: $(grep harness_tprintk "$T/trace")"
[ -z "$(grep -v '^#' "$inst/trace")" ] || fail "trace_printk wrote into an instance: $(grep -v '^#' "$inst/trace")"

# A burst from a shell's write to the fire parameter.
: >"$T/trace"
echo 5 >$p/fire || fail "write $p/fire"
[ "$(records 5)" = "$(want 5)" ] || fail "burst 5: $(grep harness_tprintk "$T/trace")"
# raw: bprint and bputs ": ip : text", print "# ip text".
echo 1 >"$T/options/raw"
r=$(grep harness_tprintk "$T/trace")
printf '%s\n' "$r" | sed -n 1p | grep -Eq "^[0-9]+ [0-9]+ [0-9]+ : [0-9a-f]+ : harness_tprintk: const seq=5 word=abc\$" ||
	fail "raw bprint: $(printf '%s\n' "$r" | sed -n 1p)"
printf '%s\n' "$r" | sed -n 2p | grep -Eq "^[0-9]+ [0-9]+ [0-9]+ : [0-9a-f]+ : harness_tprintk: puts\$" ||
	fail "raw bputs: $(printf '%s\n' "$r" | sed -n 2p)"
printf '%s\n' "$r" | sed -n 3p | grep -Eq "^[0-9]+ [0-9]+ [0-9]+ # [0-9a-f]+ harness_tprintk: dynamic seq=5\$" ||
	fail "raw print: $(printf '%s\n' "$r" | sed -n 3p)"
echo 0 >"$T/options/raw"
# hex: the record types are bprint, bputs, print, bprint.
id() { sed -n 's/^ID: //p' "$T/events/ftrace/$1/format"; }
echo 1 >"$T/options/hex"
types=$(grep -v '^#' "$T/trace" | sed -n 's/.* type: \([0-9]*\)$/\1/p' | tr '\n' ' ')
[ "$types" = "$(id bprint) $(id bputs) $(id print) $(id bprint) " ] ||
	fail "hex types: $types, want bprint bputs print bprint ($(id bprint) $(id bputs) $(id print))"
echo 0 >"$T/options/hex"
# printk-msg-only: the text alone.
echo 1 >"$T/options/printk-msg-only"
printf 'harness_tprintk: const seq=5 word=abc\nharness_tprintk: puts\nharness_tprintk: dynamic seq=5\nharness_tprintk: msg seq=5 msg-%s\n' $$ >/tmp/core-tprintk.exp
grep -v '^#' "$T/trace" >/tmp/core-tprintk.got
cmp -s /tmp/core-tprintk.exp /tmp/core-tprintk.got || fail "printk-msg-only: $(cat /tmp/core-tprintk.got)"
rm -f /tmp/core-tprintk.exp /tmp/core-tprintk.got
echo 0 >"$T/options/printk-msg-only"

# printk_formats: the constant formats, not the variable one.
for fmt in 'harness_tprintk: const seq=%d word=%s\n' 'harness_tprintk: puts\n' 'harness_tprintk: msg seq=%d %s\n'; do
	grep -Eq "^0x[0-9a-f]+ : \"$(printf '%s' "$fmt" | sed 's/\\/\\\\/g')\"\$" "$T/printk_formats" ||
		fail "printk_formats lacks \"$fmt\": $(grep harness_tprintk "$T/printk_formats")"
done
grep -q 'harness_tprintk: dynamic' "$T/printk_formats" && fail "printk_formats lists the variable format"

# options/trace_printk 0: nothing recorded; 1: back.
echo 0 >"$T/options/trace_printk"
: >"$T/trace"
echo 6 >$p/fire
[ -z "$(grep harness_tprintk "$T/trace")" ] || fail "trace_printk 0 recorded: $(grep harness_tprintk "$T/trace")"
echo 1 >"$T/options/trace_printk"
echo 7 >$p/fire
[ "$(records 7)" = "$(want 7)" ] || fail "burst 7 after trace_printk 1: $(grep harness_tprintk "$T/trace")"
# With tracing off nothing is recorded either.
echo 0 >"$T/tracing_on"
echo 8 >$p/fire
echo 1 >"$T/tracing_on"
grep -q 'seq=8' "$T/trace" && fail "trace_printk recorded with tracing_on 0"
[ -z "$(grep -v '^#' "$inst/trace")" ] || fail "trace_printk wrote into an instance"
rmmod harness_tprintk || fail "rmmod harness_tprintk"
loaded=
