#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# trace-cmd must work against two flavors alike. Each boots once and runs
# harness/compare/trace-cmd.sh: `trace-cmd record -e sched -e irq -e
# timer` of the same small workload, then `trace-cmd report`. In the
# guest, every record must decode (report and report -R agree; per CPU
# between the kernel's read events and read events + entries; none
# lost; each of an event stored in the file; no FAILED TO PARSE; nothing
# on stderr; in `report -R` each record with exactly the fields of its
# stored format). Here, between the flavors:
# - the formats trace-cmd stored in the file (header page and event, the
#   ftrace events, the recorded events), IDs and file offsets masked,
#   must be identical;
# - the events recorded, each with its field names (from `report -R`), in
#   order, must be the same. Strict for every event but those named in
#   EVENTS_VARYING: over 6 boots of each flavor the workload fired the
#   same 29 events every time (the rarest: itimer_state once, from ping's
#   setitimer), and now and then sched_wait_task (when
#   wait_task_inactive() has to wait: seen once on upstream) and
#   itimer_expire. sched_wake_idle_without_ipi fired 5 to 26 times in
#   those boots, and not at all in one upstream boot of a later make
#   check (it needs the woken CPU to be idle and polling). Those three
#   may be missing from either flavor; when both have one, its fields
#   must match too.
#   Record counts are printed, not compared: they vary between boots.
# Usage: compare-tracecmd.sh [FLAVOR_A [FLAVOR_B [ARCH]]] (ours upstream x86_64)
# RECORD=FILE: boot A alone and keep its raw output in FILE, no diff
# (make check-reference records upstream's side so). RAW_B=FILE: B's raw
# output is FILE, as recorded, and B is not booted (make check).
set -eu
export LC_ALL=C
. "$(dirname "$0")/common.sh"
a=${1:-ours} b=${2:-upstream} arch=${3:-x86_64}
varying=${EVENTS_VARYING-sched_wait_task itimer_expire sched_wake_idle_without_ipi}
dir=$OUT/compare-tracecmd
mkdir -p "$dir"
# section NAME FILE: the lines of one "=== NAME" section of the output
section() { awk -v s="=== $1" '/^=== / { on = ($0 == s); next } on' "$2"; }
for f in "$a" "$b"; do
	if [ "$f" = "$b" ] && [ -n "${RAW_B:-}" ]; then
		cp "$RAW_B" "$dir/$f.raw"
	elif [ -z "${NOBOOT:-}" ] || [ ! -f "$dir/$f.raw" ]; then
		s=$(date +%s)
		if ! "$HARNESS/guest.sh" -a "$arch" -f "$f" -n compare-tracecmd -t 300 \
			"$HARNESS/compare/trace-cmd.sh" >"$dir/$f.raw" 2>&1; then
			grep -E '^(TRACECMD|HARNESS) FAIL' "$dir/$f.raw" | head -20 || true
			die "trace-cmd on $f failed (log: $dir/$f.raw)"
		fi
		echo "$f: guest run $(($(date +%s) - s)) s, $(section summary "$dir/$f.raw" | grep "^records:")"
	fi
	grep -E '^TRACECMD FAIL' "$dir/$f.raw" && die "trace-cmd on $f failed (log: $dir/$f.raw)"
	if [ -n "${RECORD:-}" ]; then
		cp "$dir/$f.raw" "$RECORD"
		exit 0
	fi
	section formats "$dir/$f.raw" >"$dir/$f.formats"
	section fields "$dir/$f.raw" | sort >"$dir/$f.fields"
	section counts "$dir/$f.raw" >"$dir/$f.counts"
	[ -s "$dir/$f.formats" ] && [ -s "$dir/$f.fields" ] ||
		die "no formats or fields from $f (log: $dir/$f.raw)"
done
if ! diff -u "$dir/$b.formats" "$dir/$a.formats" >"$dir/formats.diff"; then
	head -60 "$dir/formats.diff"
	die "the formats trace-cmd stored differ: $a from $b (diff: $dir/formats.diff)"
fi
# One line per event of either flavor: "EVENT" and how it differs, if so.
join -a 1 -a 2 -e '' -o 0,1.2,2.2 -t '|' \
	<(sed 's/ /|/' "$dir/$b.fields" | sort -t '|' -k1,1) \
	<(sed 's/ /|/' "$dir/$a.fields" | sort -t '|' -k1,1) |
	awk -F '|' -v a="$a" -v b="$b" -v varying=" $varying " '
		$2 == $3 { next }
		$2 != "" && $3 != "" {
			print $1 ": fields differ: " b ": " $2 "; " a ": " $3; next
		}
		{ what = $1 ": recorded by " ($2 != "" ? b : a) " only" }
		index(varying, " " $1 " ") { print "varying " what; next }
		{ print what }' >"$dir/fields.diff"
if grep -v '^varying ' "$dir/fields.diff"; then
	die "the events trace-cmd reports differ: $a from $b (fields: $dir/$a.fields, $dir/$b.fields)"
fi
sed 's/^varying /note: /' "$dir/fields.diff"
n=$(comm -12 <(cut -d' ' -f1 "$dir/$a.fields") <(cut -d' ' -f1 "$dir/$b.fields") | wc -l)
for g in sched_switch irq_handler_entry softirq_entry hrtimer_start timer_start; do
	grep -q "^$g " "$dir/$a.fields" || die "$a recorded no $g: the workload went wrong"
done
echo "trace-cmd report: $n events with the same fields and identical stored formats: $a matches $b${varying:+ (may be missing from either: $varying)}"
