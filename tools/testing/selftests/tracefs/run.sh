#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run every test_*.sh beside this file and report in TAP (version 13).
# A test exits 0 to pass, 4 (kselftest's skip) to skip, anything else fails.
# Usage: run.sh [PATTERN [SKIP]]   (comma-separated shell globs on the
# test names: run those PATTERN matches, default all, but not those SKIP
# matches)
# Exits 1 if any test failed, else 0. After each test's output, a comment
# line gives the seconds it took.
dir=$(cd "$(dirname "$0")" && pwd)
pattern=${1:-*}
skip=${2:-}
# matches NAME GLOBS: one of the comma-separated GLOBS matches NAME.
matches() {
	_name=$1
	set -f
	_ifs=$IFS
	IFS=,
	set -- $2
	IFS=$_ifs
	set +f
	for _g; do
		case $_name in $_g) return 0 ;; esac
	done
	return 1
}
# now: seconds since boot.
now() {
	read -r _up _ </proc/uptime
	echo "$_up"
}
tests=
for t in "$dir"/test_*.sh; do
	# (no basename: a process costs 40-80 ms in a TCG guest, and this
	# loop sees every test)
	name=${t##*/}
	name=${name%.sh}
	if [ -n "$skip" ] && matches "$name" "$skip"; then
		continue
	fi
	matches "$name" "$pattern" && tests="$tests $t"
done
n=0
for t in $tests; do n=$((n + 1)); done

echo "TAP version 13"
echo "1..$n"
i=0 failed=0
for t in $tests; do
	i=$((i + 1))
	name=${t##*/}
	name=${name%.sh}
	log=/tmp/tracefs-selftest.$name.log
	start=$(now)
	(cd /tmp && TESTDIR=$dir sh "$t") >"$log" 2>&1
	rc=$?
	sed 's/^/# /' "$log"
	echo "# $name took $(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
	case $rc in
	0) echo "ok $i $name" ;;
	4) echo "ok $i $name # SKIP $(tail -n 1 "$log")" ;;
	*) echo "not ok $i $name # exit $rc"; failed=$((failed + 1)) ;;
	esac
done
[ "$failed" = 0 ]
