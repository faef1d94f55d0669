#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The branch profiler and the branch tracer, as upstream 6.1's, where the
# kernel has them (CONFIG_PROFILE_ALL_BRANCHES and CONFIG_BRANCH_TRACER:
# make check's variant branch; elsewhere the test checks that neither is
# offered):
# - trace_stat/branch_annotated: upstream's header and row layout
#   ("correct incorrect" or "correct/constant incorrect", the per cent
#   wrong or "X", function, file without its path, line), the per cent
#   right for the counts it is printed with, the most often wrong first
#   (checked on the rows whose counts did not move while it was read),
#   the counts growing;
# - trace_stat/branch_all: upstream's header, a row for each if (), the
#   per cent of hits right;
# - the "branch" tracer: upstream's header; harness_branch.ko evaluates a
#   known pattern through one likely() and one unlikely() site and the
#   trace shows, for each, as many "  ok  " and " MISS " entries as the
#   pattern says, with the function, file and line; not in instances
#   (EINVAL); switched from two processes while the kernel runs; its
#   boot self-test, and the other tracers', passed (has_selftests).
. "$TESTDIR/lib.sh"
export LC_ALL=C

mod=/tmp/out/modules/harness_branch.ko
inst=$T/instances/branch_$$
d=/tmp/branch.$$
stop=$d/stop
pids=
cleanup() {
	stop_loops
	echo nop >"$T/current_tracer"
	[ -z "${kb0:-}" ] || echo "$kb0" >"$T/buffer_size_kb"
	rmmod harness_branch 2>/dev/null
	[ ! -d "$inst" ] || rmdir "$inst"
	rm -rf "$d"
	reset_tracing
}

has() { zcat /proc/config.gz | grep -q "^CONFIG_$1=y"; }
if ! has BRANCH_TRACER; then
	! grep -qw branch "$T/available_tracers" ||
		fail "the branch tracer offered by a kernel without CONFIG_BRANCH_TRACER"
	if ! has TRACE_BRANCH_PROFILING; then
		[ ! -e "$T/trace_stat/branch_annotated" ] ||
			fail "trace_stat/branch_annotated without CONFIG_TRACE_BRANCH_PROFILING"
	fi
	if ! has PROFILE_ALL_BRANCHES; then
		[ ! -e "$T/trace_stat/branch_all" ] ||
			fail "trace_stat/branch_all without CONFIG_PROFILE_ALL_BRANCHES"
	fi
	echo "no branch tracer in this kernel, and none offered"
	exit 0
fi
has PROFILE_ALL_BRANCHES || fail "the branch tracer's boot has no CONFIG_PROFILE_ALL_BRANCHES"
trap cleanup EXIT
mkdir -p "$d"
reset_tracing

# The boot self-tests, of this tracer and the others, on a kernel whose
# every condition calls in or counts.
if has_selftests; then
	line=$(selftests_passed branch) || fail "${line#FAIL: }"
	echo "boot self-tests: $(dmesg | grep -c 'Testing tracer [a-z_]*: PASSED$') passed, branch's among them"
fi

# ---- trace_stat/branch_annotated ----
ann=$T/trace_stat/branch_annotated
[ -r "$ann" ] || fail "no trace_stat/branch_annotated"
for i in 1 2 3; do cat "$ann" >"$d/ann$i"; done
h1=' correct incorrect  %        Function                  File              Line'
h2=' ------- ---------  -        --------                  ----              ----'
[ "$(sed -n 1p "$d/ann2")" = "$h1" ] || fail "branch_annotated header: '$(sed -n 1p "$d/ann2")'"
[ "$(sed -n 2p "$d/ann2")" = "$h2" ] || fail "branch_annotated header: '$(sed -n 2p "$d/ann2")'"
# ROWS: "right wrong const pct func file line" for each row of a stat
# file (const 0 without "/N"), or a line "bad: ROW" and exit 1. The
# counts are "%8lu %8lu " or "%8lu/%lu %*lu ", the "/N" taking its width
# from the second column; the function and file columns are 30 and 20
# wide.
ROWS='
function wid(x, w) { return length(x) > w ? length(x) : w }
NR <= 2 { next }
{
	constant = 0
	if (match($0, /^ *[0-9]+\/[0-9]+ +[0-9]+ /)) {
		s = substr($0, 1, RLENGTH); rest = substr($0, RLENGTH + 1)
		split(s, a, " "); split(a[1], b, "/")
		right = b[1]; constant = b[2]; wrong = a[2]
		sl = length("/" constant)
		want = wid(right, 8) + sl + 1 + wid(wrong, sl > 8 ? 0 : 8 - sl) + 1
	} else if (match($0, /^ *[0-9]+ +[0-9]+ /)) {
		s = substr($0, 1, RLENGTH); rest = substr($0, RLENGTH + 1)
		split(s, a, " "); right = a[1]; wrong = a[2]
		want = wid(right, 8) + 1 + wid(wrong, 8) + 1
	} else { print "bad: " $0; exit 1 }
	if (length(s) != want) { print "bad widths: " $0; exit 1 }
	if (substr(rest, 1, 4) == "  X ") pct = -1
	else if (substr(rest, 1, 4) ~ /^ *[0-9]+ $/) pct = substr(rest, 1, 4) + 0
	else { print "bad per cent: " $0; exit 1 }
	fn = substr(rest, 5, 30); fl = substr(rest, 36, 20); ln = substr(rest, 57)
	if (substr(rest, 35, 1) != " " || substr(rest, 56, 1) != " " || ln !~ /^[0-9]+$/) { print "bad columns: " $0; exit 1 }
	sub(/ +$/, "", fn); sub(/ +$/, "", fl)
	if (fn == "" || fl == "" || fl ~ /\//) { print "bad names: " $0; exit 1 }
	print right, wrong, constant, pct, fn, fl, ln
}'
for i in 1 2 3; do
	awk "$ROWS" "$d/ann$i" >"$d/rows$i" || fail "branch_annotated: $(tail -n 1 "$d/rows$i")"
done
n=$(wc -l <"$d/rows2")
[ "$n" -gt 1000 ] || fail "branch_annotated has $n sites"
# The per cent, as upstream computes it from the counts on its row.
awk '{ r = $1; w = $2
	want = r ? int(w * 100 / (r + w)) : (w ? 100 : -1)
	if ($4 != want) { print "per cent " $4 " for " r " right, " w " wrong: " $0; exit 1 } }' \
	"$d/rows2" >"$d/pct" || fail "branch_annotated: $(cat "$d/pct")"
# The order, on the rows whose counts were the same in the reads before
# and after: they did not move while the second read sorted them. (A
# site is known by its function, file and line; an inline function's
# in several objects has several rows: those are left out.)
awk 'FILENAME == ARGV[1] { k = $5 " " $6 " " $7; c[k] = (c[k] == "" ? ($1 " " $2 " " $3) : "dup"); next }
	FILENAME == ARGV[2] { k = $5 " " $6 " " $7; if (c[k] == $1 " " $2 " " $3) s[k] = 1; next }
	{ k = $5 " " $6 " " $7 }
	!(k in s) { next }
	n++ && ($4 > p || ($4 == p && ($2 > w || ($2 == w && $1 < r)))) {
		print "out of order: " $0 " after " p "% " w " wrong " r " right"; bad = 1; exit 1 }
	{ p = $4; w = $2; r = $1 }
	END { if (!bad) print n + 0 }' "$d/rows1" "$d/rows3" "$d/rows2" >"$d/order" ||
	fail "branch_annotated: $(cat "$d/order")"
[ "$(cat "$d/order")" -gt 100 ] || fail "branch_annotated: only $(cat "$d/order") rows kept still"
awk 'FILENAME == ARGV[1] { a += $1 + $2; next } { b += $1 + $2 }
	END { if (b <= a) { print a " then " b; exit 1 } }' "$d/rows1" "$d/rows3" >"$d/sum" ||
	fail "branch_annotated: no evaluation counted between two reads: $(cat "$d/sum")"
grep -q '^ *[0-9]*/[0-9]' "$d/ann2" && cst=", some with constants" || cst=
echo "branch_annotated: $n sites, $(cat "$d/order") in order$cst"

# ---- trace_stat/branch_all ----
all=$T/trace_stat/branch_all
[ -r "$all" ] || fail "no trace_stat/branch_all"
cat "$all" >"$d/all"
h1='   miss      hit    %        Function                  File              Line'
[ "$(sed -n 1p "$d/all")" = "$h1" ] || fail "branch_all header: '$(sed -n 1p "$d/all")'"
[ "$(sed -n 2p "$d/all")" = "$h2" ] || fail "branch_all header: '$(sed -n 2p "$d/all")'"
awk "$ROWS" "$d/all" >"$d/allrows" || fail "branch_all: $(tail -n 1 "$d/allrows")"
awk '$3 != 0 { print "a constant in branch_all: " $0; exit 1 }
	{ r = $1; w = $2; want = r ? int(w * 100 / (r + w)) : (w ? 100 : -1)
	  if ($4 != want) { print "per cent " $4 " for " r " misses, " w " hits: " $0; exit 1 } }' \
	"$d/allrows" >"$d/pct" || fail "branch_all: $(cat "$d/pct")"
na=$(wc -l <"$d/allrows")
[ "$na" -gt "$n" ] || fail "branch_all: $na sites, fewer than branch_annotated's $n"
awk '$1 + $2 > 0 { n++ } END { exit !(n > 1000) }' "$d/allrows" ||
	fail "branch_all: not 1000 conditions ever evaluated"
echo "branch_all: $na sites"

# ---- the branch tracer ----
grep -qw branch "$T/available_tracers" || fail "no branch in available_tracers"
# a small buffer, quick to read: the module's entries are its CPU's last
kb0=$(buffer_kb)
echo 256 >"$T/buffer_size_kb"
insmod "$mod" || fail "insmod $mod"
echo branch >"$T/current_tracer" || fail "current_tracer branch"
pattern=1101000111011
echo $pattern >/sys/module/harness_branch/parameters/run ||
	fail "harness_branch run $pattern"
[ "$(cat "$T/tracing_on")" = 0 ] || fail "tracing_off() from the module left tracing_on at $(cat "$T/tracing_on")"
cat "$T/trace" >"$d/trace"
[ "$(sed -n 1p "$d/trace")" = "# tracer: branch" ] || fail "trace: '$(sed -n 1p "$d/trace")'"
[ "$(sed -n 3p "$d/trace")" = "#           TASK-PID    CPU#    TIMESTAMP  CORRECT  FUNC:FILE:LINE" ] ||
	fail "trace header: '$(sed -n 3p "$d/trace")'"
[ "$(sed -n 4p "$d/trace")" = "#              | |       |          |         |       |" ] ||
	fail "trace header: '$(sed -n 4p "$d/trace")'"
ones=$(printf %s $pattern | tr -d 0 | wc -c)
zeros=$((${#pattern} - ones))
# count SITE MARK: the entries of SITE with MARK ("  ok  " or " MISS "),
# each in upstream's layout and with one line for the site.
count() {
	awk -v site="$1" -v mark="[$2]" '
	index($0, "] " site ":") {
		if (!match($0, /: \[(  ok  | MISS )\] [a-z_]+:harness_branch\.c:[0-9]+$/)) { print "bad: " $0; exit 1 }
		split(substr($0, RSTART + 11), f, ":")
		if (line != "" && f[3] != line) { print "two lines: " line " " f[3]; exit 1 }
		line = f[3]
		if (index($0, mark)) n++
	}
	END { print n + 0 }' "$d/trace"
}
for s in "hbr_likely_site $ones $zeros" "hbr_unlikely_site $zeros $ones"; do
	set -- $s
	ok=$(count "$1" "  ok  ") || fail "$1: $ok"
	miss=$(count "$1" " MISS ") || fail "$1: $miss"
	[ "$ok" = "$2" ] && [ "$miss" = "$3" ] ||
		fail "$1: $ok ok and $miss MISS for pattern $pattern, want $2 and $3: $(grep -m3 "$1" "$d/trace")"
done
# The kernel's own likely()s, from everywhere: a writer that recursed
# through the clock it reads would leave little but the clock's, and a
# ring buffer that gave up.
others=$(grep -c -v '^#' "$d/trace")
sites=$(grep -v '^#' "$d/trace" | sed 's/.*\] //' | sort -u | wc -l)
[ "$sites" -ge 20 ] || fail "$others entries of only $sites sites: $(grep -v '^#' "$d/trace" | sed 's/.*\] //' | sort | uniq -c | sort -rn | head -n 5)"
! dmesg | grep -m1 'ring buffer: .*recording disabled' || fail "the ring buffer disabled itself"
echo "branch tracer: pattern $pattern: $ones ok and $zeros MISS for likely(), the reverse for unlikely(), among $others entries of $sites sites"
echo 1 >"$T/tracing_on"
echo nop >"$T/current_tracer"
rmmod harness_branch

# Not in instances.
mkdir "$inst" || fail "mkdir $inst"
! grep -qw branch "$inst/available_tracers" || fail "branch offered in an instance"
expect_err "$inst/current_tracer" branch "Invalid argument"
rmdir "$inst"

# Switched from two processes, with a reader.
switch() { busy_ok "$T/current_tracer" "$1"; }
read_some() { head -c 65536 "$T/trace" >/dev/null; }
loop on switch branch
loop off switch nop
loop reader read_some
end_loops 5 on off reader
echo nop >"$T/current_tracer"
echo "switching branch and nop from two processes with a reader: no fault"
