#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# In the guest: `trace-cmd record -e sched -e irq -e timer` of a small
# workload (fork and exec, a pipeline, file I/O on tmpfs and on the 9p
# root, sleeps on both CPUs, migrations, loopback packets (ping's
# interval timer), a signal, a timeout), then `trace-cmd report`, for
# harness/compare-tracecmd.sh to compare between flavors.
#
# Checked here, each a failure ("TRACECMD FAIL: ..." and exit 1):
# - record, report, report -R and --check-events succeed; report prints
#   nothing on stderr, record nothing but its per-CPU summary;
# - no event was lost: every CPU's overrun and dropped events are 0;
# - every record decodes: report and report -R give as many records; per
#   CPU they are at least the read events of `report --stat` and at most
#   read events + entries (the stats are taken while trace-cmd still
#   reads, and its last flush may leave records behind, on upstream too);
#   every report line but the "cpus=" header is a record of an event
#   stored in the file; none says FAILED TO PARSE;
# - in `report -R` every record prints exactly the fields of its event's
#   stored format, in order.
# Printed for the comparison:
#   === formats  what trace-cmd stored (header page and event, ftrace
#                and recorded events' formats), IDs and offsets masked
#   === fields   "EVENT FIELD..." for each recorded event
#   === counts   "EVENT N" records of each (informational)
# Usage: trace-cmd.sh [FILE.dat] (with a file: its checks only, no record)
d=/tmp/tracecmd
mkdir -p $d
cd $d || exit 1
failed=0
bad() {
	echo "TRACECMD FAIL: $*"
	failed=1
}
dat=${1:-}
if [ -z "$dat" ]; then
	dat=$d/trace.dat
	cat >$d/workload.sh <<'EOF'
d=/tmp/tracecmd
for i in 1 2 3 4 5; do /bin/true; ls / >/dev/null; done
seq 1 5000 | sort -r | wc -l >/dev/null
dd if=/dev/zero of=$d/file bs=64k count=16 2>/dev/null
cat $d/file >/dev/null
rm $d/file
cat /usr/bin/trace-cmd >/dev/null
sleep 0.1
taskset -c 1 sh -c 'for i in 1 2 3; do /bin/true; sleep 0.05; done' &
taskset -c 0 sh -c 'for i in 1 2 3; do /bin/true; sleep 0.05; done'
wait
ping -c 2 -i 0.2 127.0.0.1 >/dev/null
sleep 5 &
kill $!
wait
timeout 0.2 sleep 1
EOF
	trace-cmd record -o "$dat" -e sched -e irq -e timer sh $d/workload.sh \
		>$d/record.log 2>&1 || bad "trace-cmd record: exit $?"
	grep -Ev '^CPU[0-9]+ data recorded at offset=0x[0-9a-f]+$|^ +[0-9]+ bytes in size( \([0-9]+ uncompressed\))?$' \
		$d/record.log >$d/record.other
	[ -s $d/record.other ] && bad "trace-cmd record said: $(head -n 3 $d/record.other)"
	# for a look after the run
	[ -d /tmp/out ] && cp "$dat" /tmp/out/trace.dat 2>/dev/null
fi

# report tool FILE...: run trace-cmd report, stderr must stay empty
report() {
	out=$1
	shift
	trace-cmd report "$@" -i "$dat" >$d/$out 2>$d/$out.err ||
		bad "trace-cmd report $*: exit $?: $(tail -n 2 $d/$out.err)"
	[ -s $d/$out.err ] && bad "trace-cmd report $* stderr: $(head -n 3 $d/$out.err)"
}
report report.txt
report raw.txt -R
report stat.txt --stat
report check.txt --check-events
trace-cmd dump --head-page --head-event --ftrace-events --events -i "$dat" \
	>$d/formats.txt 2>&1 || bad "trace-cmd dump: exit $?"

# the stored events' names and fields (common_* aside), from the formats
awk '/^[ \t]*\[Events format/ { ev = 1 } !ev { next }
	/^name: / { name = $2; printf "%s%s", sep, name; sep = "\n" }
	/^\tfield:/ {
		f = $0; sub(/;.*/, "", f); n = split(f, w, /[ \t]+/)
		f = w[n]; sub(/\[.*/, "", f)
		if (f !~ /^common_/) printf " %s", f
	}
	END { if (sep) print "" }' $d/formats.txt >$d/stored.txt
[ -s $d/stored.txt ] || bad "no event formats stored: $(head -n 3 $d/formats.txt)"

grep -F 'FAILED TO PARSE' $d/report.txt $d/raw.txt >$d/unparsed
[ -s $d/unparsed ] && bad "$(wc -l <$d/unparsed) record(s) FAILED TO PARSE: $(head -n 2 $d/unparsed)"

# Each report line is "COMM-PID [CPU] TS: EVENT: ..." (COMM may hold
# spaces): the CPU and event of each record, or "?" for any other line.
recs() {
	sed -nE '1{/^cpus=[0-9]+$/d;}
		s/^.*-[0-9]+ +\[([0-9]+)\] +[0-9]+\.[0-9]+: ([A-Za-z0-9_]+): .*$/\1 \2/p
		t
		s/.*/? &/p' "$1"
}
recs $d/report.txt >$d/recs
grep '^? ' $d/recs >$d/strays
[ -s $d/strays ] && bad "$(wc -l <$d/strays) report line(s) not a record: $(head -n 2 $d/strays)"
# events stored, then records: a record of an event not stored is bad
awk 'NR == FNR { known[$1] = 1; next }
	$1 != "?" && !($2 in known) { print }' $d/stored.txt $d/recs >$d/unknown
[ -s $d/unknown ] && bad "records of events not stored: $(sort -u $d/unknown | head -n 3)"

# records per CPU against the kernel's counts (report --stat). trace-cmd
# takes them after tracing stops but while its readers still run, and
# its last flush may leave records behind (seen on upstream too), so
# they bound the records rather than count them: the file holds at least
# the records read when the stats were taken, and at most those plus
# the records still in the buffer then.
awk '/^CPU: / { cpu = $2 }
	/^entries: / { e[cpu] = $2 }
	/^read events: / { r[cpu] = $3 }
	/^(overrun|dropped events): / && $NF != 0 { print "lost: CPU" cpu " " $0 }
	END { for (c in r) printf "%d %d %d\n", c, r[c], r[c] + e[c] }' $d/stat.txt >$d/kernel
grep '^lost: ' $d/kernel && bad "events lost (trace-cmd report --stat)"
grep -v '^lost: ' $d/kernel | sort >$d/kernel-n
awk '$1 != "?" { n[$1 + 0]++ } END { for (c in n) printf "%d %d\n", c, n[c] }' \
	$d/recs | sort >$d/report-n
[ -s $d/kernel-n ] || bad "no per-CPU statistics: $(head -n 3 $d/stat.txt)"
join -a 1 -a 2 -e 0 -o 0,1.2,1.3,2.2 $d/kernel-n $d/report-n |
	awk '$4 < $2 || $4 > $3 {
		printf "CPU%d: %d records, the kernel counted %d read and %d in all\n", $1, $4, $2, $3
	}' >$d/outside
[ -s $d/outside ] && bad "records per CPU outside the kernel's counts: $(cat $d/outside)"
echo "per CPU (cpu read read+entries): $(tr '\n' ' ' <$d/kernel-n)" >$d/kernel-line

# report -R: the same records, each with exactly its stored fields
awk 'NR == FNR { f = $1; sub(/^[^ ]+/, ""); want[f] = $0; next }
	{
		if (!match($0, /\] +[0-9]+\.[0-9]+: [A-Za-z0-9_]+: /)) {
			if (FNR > 1 || $0 !~ /^cpus=/) print "not a record: " $0
			next
		}
		rest = substr($0, RSTART + RLENGTH)
		ev = substr($0, RSTART, RLENGTH); sub(/:[ ]*$/, "", ev); sub(/.* /, "", ev)
		got = ""
		while (match(rest, /(^|[ ])[A-Za-z_][A-Za-z0-9_]*=/)) {
			k = substr(rest, RSTART, RLENGTH - 1); sub(/^ /, "", k)
			got = got " " k
			rest = substr(rest, RSTART + RLENGTH)
		}
		if (!(ev in want)) print "not stored: " $0
		else if (got != want[ev]) print "fields" got " != stored" want[ev] ": " $0
		else seen[ev]++
	}
	END { for (e in seen) print "ok " e " " seen[e] }' $d/stored.txt $d/raw.txt >$d/rawcheck
grep -v '^ok ' $d/rawcheck >$d/rawbad
[ -s $d/rawbad ] && bad "$(wc -l <$d/rawbad) raw record(s) without their fields: $(head -n 2 $d/rawbad)"
nrec=$(grep -vc '^? ' $d/recs)
nraw=$(awk '/^ok / { n += $3 } END { print n + 0 }' $d/rawcheck)
[ "$nrec" = "$nraw" ] || bad "report has $nrec records, report -R $nraw good ones"
[ "$nrec" -gt 0 ] || bad "no records"

echo "=== formats"
sed -E -e 's/^ID: [0-9]+$/ID: N/' \
	-e '/^[ \t]*\[Section /s/@ [0-9]+: (.*), [0-9]+ bytes\]/@ N: \1, N bytes]/' \
	$d/formats.txt
echo "=== fields"
awk 'NR == FNR { f[$2] = 1; next } ($1 in f)' $d/rawcheck $d/stored.txt | sort
echo "=== counts"
awk '/^ok / { print $2, $3 }' $d/rawcheck | sort
echo "=== summary"
echo "records: $nrec; per CPU: $(tr '\n' ' ' <$d/report-n); kernel $(cat $d/kernel-line)"
exit $failed
