#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# trace_marker and trace_marker_raw as in upstream 6.1:
#  - a write() records at most 1024 bytes and returns that count, so a
#    5001-byte write (dd retrying the rest) becomes records of 1024, 1024,
#    1024, 1024 and 905 bytes; a record not ending in '\n' gets one added;
#    a record keeps its inner newlines;
#  - trace_marker_raw takes a 4-byte id (native byte order) and payload,
#    printed as "# <id %x> buf: <bytes %02x>..." in the default and raw
#    formats, as "type: <raw_data id>" in hex; fewer than 4 bytes or more
#    than 3072 are EINVAL, more than 1024 are cut to 1024;
#  - with tracing_on 0 both refuse writes with EBADF and record nothing.
. "$TESTDIR/lib.sh"

cleanup() {
	echo 0 >"$T/options/raw"
	echo 0 >"$T/options/hex"
	reset_tracing
	rm -f /tmp/core-marker.*
}
trap cleanup EXIT
reset_tracing
f=/tmp/core-marker.in
# payloads: the text of each marker record in trace, one a line.
payloads() { sed -n 's/.*: tracing_mark_write: //p' "$T/trace"; }
# write_once FILE SOURCE: SOURCE's bytes in one write() (dd retries what
# the kernel did not take, as every writer does).
write_once() { dd if="$2" of="$1" bs=65536 count=1 iflag=fullblock conv=notrunc 2>/dev/null; }

# 5000 bytes and a newline.
head -c 5000 /dev/zero | tr '\0' a >$f
echo >>$f
write_once "$T/trace_marker" $f || fail "the 5001-byte write failed"
[ "$(grep -c 'tracing_mark_write: ' "$T/trace")" = 5 ] ||
	fail "5001 bytes made $(grep -c 'tracing_mark_write: ' "$T/trace") records, want 5 (1024 each)"
lens=$(payloads | awk '{ printf "%d ", length($0) }')
[ "$lens" = "1024 1024 1024 1024 904 " ] || fail "record lengths: $lens, want 1024 x4 and 904"
[ "$(payloads | tr -d '\n')" = "$(tr -d '\n' <$f)" ] || fail "the records do not add up to what was written"
grep -q '^# entries-in-buffer/entries-written: 5/5 ' "$T/trace" || fail "header: $(sed -n 3p "$T/trace")"
echo "5001 bytes -> records of $lens"

# 1024 bytes exactly: one record; 1025: two.
: >"$T/trace"
head -c 1024 /dev/zero | tr '\0' b >$f
write_once "$T/trace_marker" $f
[ "$(payloads | awk '{ printf "%d ", length($0) }')" = "1024 " ] || fail "1024 bytes: $(payloads | awk '{ print length($0) }')"
: >"$T/trace"
head -c 1025 /dev/zero | tr '\0' c >$f
write_once "$T/trace_marker" $f
[ "$(payloads | awk '{ printf "%d ", length($0) }')" = "1024 1 " ] || fail "1025 bytes: $(payloads | awk '{ print length($0) }')"

# Newlines: one added when missing, none when present, inner ones kept.
: >"$T/trace"
printf 'marker-nonl-%s' $$ >"$T/trace_marker"
printf 'marker-two-%s\nlines\n' $$ >"$T/trace_marker"
printf 'marker-blank-%s\n\n' $$ >"$T/trace_marker"
grep -v '^#' "$T/trace" | sed 's/.*tracing_mark_write: /MARK: /' >$f
printf 'MARK: marker-nonl-%s\nMARK: marker-two-%s\nlines\nMARK: marker-blank-%s\n\n' $$ $$ $$ >$f.exp
cmp -s $f $f.exp || fail "records with newlines: $(cat $f)"
grep -q '^# entries-in-buffer/entries-written: 3/3 ' "$T/trace" || fail "3 writes are not 3 records"

# trace_marker_raw: id 0x04030201 (bytes 1 2 3 4 on little-endian CPUs).
: >"$T/trace"
printf '\001\002\003\004payload' >$f
write_once "$T/trace_marker_raw" $f || fail "the raw write failed"
rec=$(grep -v '^#' "$T/trace")
printf '%s\n' "$rec" | grep -Eq '\] [^ ]+ +[0-9]+\.[0-9]{6}: # 4030201 buf: 70 61 79 6c 6f 61 64( [0-9a-f]{2})*$' ||
	fail "raw record: '$rec'"
echo 1 >"$T/options/raw"
grep -v '^#' "$T/trace" | grep -Eq '^[0-9]+ [0-9]+ [0-9]+ # 4030201 buf: 70 61 79 6c 6f 61 64( [0-9a-f]{2})*$' ||
	fail "raw record with options/raw: '$(grep -v '^#' "$T/trace")'"
echo 0 >"$T/options/raw"
id=$(sed -n 's/^ID: //p' "$T/events/ftrace/raw_data/format")
echo 1 >"$T/options/hex"
grep -v '^#' "$T/trace" | sed -n 1p | grep -Eq "^[0-9a-f]{8} [0-9a-f]{8} [0-9a-f]{16} type: $id\$" ||
	fail "raw record with options/hex: '$(grep -v '^#' "$T/trace")'"
echo 0 >"$T/options/hex"
# 4 bytes: an id alone; 3 bytes: EINVAL.
printf 'WXYZ' >$f
write_once "$T/trace_marker_raw" $f || fail "a 4-byte raw write failed"
grep -q '# 5a595857 buf:' "$T/trace" || fail "no record of the 4-byte raw write: $(grep -v '^#' "$T/trace")"
expect_err "$T/trace_marker_raw" abc "Invalid argument"
expect_err "$T/trace_marker_raw" a "Invalid argument"
# Over 3072 bytes: EINVAL; 3072: taken 1024 at a time (so three records
# whose ids are bytes 0, 1024 and 2048); 1100: 1024 then 76.
: >"$T/trace"
head -c 3073 /dev/zero | tr '\0' y >$f
err=$(dd if=$f of="$T/trace_marker_raw" bs=65536 count=1 conv=notrunc 2>&1 >/dev/null | sed -n '1s/.*: //p')
[ "$err" = "Invalid argument" ] || fail "a 3073-byte raw write got '$err', want EINVAL"
[ -z "$(grep -v '^#' "$T/trace")" ] || fail "the refused raw write recorded something"
{ head -c 1024 /dev/zero | tr '\0' a; head -c 1024 /dev/zero | tr '\0' b; head -c 1024 /dev/zero | tr '\0' c; } >$f
write_once "$T/trace_marker_raw" $f || fail "a 3072-byte raw write failed"
[ "$(grep -v '^#' "$T/trace" | sed -n 's/.*# \([0-9a-f]*\) buf:.*/\1/p' | tr '\n' ' ')" = "61616161 62626262 63636363 " ] ||
	fail "3072 raw bytes gave: $(grep -v '^#' "$T/trace" | cut -c1-100)"
: >"$T/trace"
head -c 1100 /dev/zero | tr '\0' z >$f
write_once "$T/trace_marker_raw" $f
n=$(grep -v '^#' "$T/trace" | awk '{ n = 0; for (i = 1; i <= NF; i++) if ($i == "buf:") n = NF - i; printf "%d ", n }')
set -- $n
[ $# = 2 ] && [ "$1" -ge 1020 ] && [ "$2" -ge 72 ] && [ "$2" -lt 1020 ] ||
	fail "1100 raw bytes gave records with $n payload bytes, want 1020 and 72 (padded)"

# tracing_on 0: both refuse (EBADF), nothing is recorded.
: >"$T/trace"
echo 0 >"$T/tracing_on"
expect_err "$T/trace_marker" "marker-off-$$" "Bad file descriptor"
expect_err "$T/trace_marker_raw" "abcdefgh" "Bad file descriptor"
echo 1 >"$T/tracing_on"
[ -z "$(grep -v '^#' "$T/trace")" ] || fail "records written with tracing_on 0: $(grep -v '^#' "$T/trace")"
expect_err "$T/trace_marker" "marker-on-$$" ok
grep -q "marker-on-$$" "$T/trace" || fail "no record after tracing_on 1"
# Reading them is not allowed.
cat "$T/trace_marker" 2>/dev/null && fail "trace_marker could be read"
cat "$T/trace_marker_raw" 2>/dev/null && fail "trace_marker_raw could be read"
true
