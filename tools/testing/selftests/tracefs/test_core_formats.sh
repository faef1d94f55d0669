#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# events/ftrace/NAME/format of the core's record types (print, bprint,
# bputs, raw_data, kernel_stack, user_stack, function, funcgraph_entry,
# funcgraph_exit): mode 440, and the text of upstream 6.1 on this arch
# (ftrace_formats.<uname -m>.txt, the ID numbers masked) byte for byte.
# The IDs are the record types: print's is the "type:" the hex option
# shows for a marker, raw_data's that of a raw marker, and print's is
# the common_type of a marker's record in trace_pipe_raw.
. "$TESTDIR/lib.sh"

ref=$TESTDIR/ftrace_formats.$(uname -m).txt
[ -f "$ref" ] || fail "no reference $ref"
cleanup() {
	echo 0 >"$T/options/hex"
	reset_tracing
	rm -f /tmp/core-formats.*
}
trap cleanup EXIT
reset_tracing
exp=/tmp/core-formats.exp got=/tmp/core-formats.got

# (Builtins where they do: a process costs up to 0.25 s in a loaded guest.)
nl='
'
# The reference's blocks into ref_<name>.
names= cur=
while IFS= read -r l; do
	case $l in
	"#"*) [ -z "$cur" ] && continue ;;
	"== "*)
		cur=${l#== }
		names="$names $cur"
		eval "ref_$cur="
		continue
		;;
	esac
	eval "ref_$cur=\$ref_$cur\$l\$nl"
done <"$ref"
[ "$names" = " print bprint bputs raw_data kernel_stack user_stack function funcgraph_entry funcgraph_exit" ] ||
	fail "the reference lists:$names"
modes=$(stat -c '%a %n' "$T"/events/ftrace/*/format "$T"/events/ftrace/* | tr '\n' ' ')
ids=
for e in $names; do
	f=$T/events/ftrace/$e/format
	[ -f "$f" ] || fail "no events/ftrace/$e/format"
	case " $modes" in *" 440 $f "*) ;; *) fail "mode of events/ftrace/$e/format is not 440: $modes" ;; esac
	case " $modes" in *" 750 ${f%/format} "*) ;; *) fail "mode of events/ftrace/$e is not 750" ;; esac
	s= id=
	while IFS= read -r l; do
		case $l in
		"ID: "*)
			id=${l#ID: }
			l="ID: <id>"
			;;
		esac
		s=$s$l$nl
	done <"$f"
	eval "want=\$ref_$e"
	if [ "$s" != "$want" ]; then
		printf '%s' "$want" >"$exp"
		printf '%s' "$s" >"$got"
		diff "$exp" "$got"
		fail "events/ftrace/$e/format differs from upstream's"
	fi
	case $id in '' | *[!0-9]* | 0) fail "events/ftrace/$e/format: ID '$id'" ;; esac
	case " $ids " in *" $id "*) fail "ID $id used twice" ;; esac
	ids="$ids $id"
	eval "id_$e=$id"
done
echo "formats as upstream's; IDs:$ids"

# The IDs are what the records carry.
# hextype: the "type:" of the record in trace (hex) into $t.
hextype() {
	t=
	while IFS= read -r l; do case $l in *" type: "*) t=${l##* } ;; esac; done <"$T/trace"
}
echo 1 >"$T/options/hex"
echo "formats-$$" >"$T/trace_marker"
hextype
[ "$t" = "$id_print" ] || fail "a marker's hex record has 'type: $t', want $id_print"
: >"$T/trace"
printf 'abcdpayload' >"$T/trace_marker_raw"
hextype
[ "$t" = "$id_raw_data" ] || fail "a raw marker's hex record has 'type: $t', want $id_raw_data"
echo 0 >"$T/options/hex"
: >"$T/trace"
taskset -c 0 sh -c 'echo "$1" >"$2"' sh "formats-raw-$$" "$T/trace_marker"
timeout 5 dd if="$T/per_cpu/cpu0/trace_pipe_raw" of=/tmp/core-formats.raw bs=4096 count=1 2>/dev/null
# The page header (u64 time stamp, u64 commit), then the first event's
# header: type_len in its low 5 bits (30, 31: an 8-byte time extend or
# stamp first; 0: a u32 length follows); then the entry, common_type
# (u16) first.
o=16
tl=$(($(od -A n -t u1 -j $o -N 1 /tmp/core-formats.raw) & 31))
if [ $tl -ge 30 ]; then
	o=$((o + 8))
	tl=$(($(od -A n -t u1 -j $o -N 1 /tmp/core-formats.raw) & 31))
fi
if [ $tl = 0 ]; then o=$((o + 8)); else o=$((o + 4)); fi
t=$(od -A n -t u2 -j $o -N 2 /tmp/core-formats.raw | tr -d ' ')
[ "$t" = "$id_print" ] || fail "the marker's common_type in trace_pipe_raw is '$t', want $id_print"
