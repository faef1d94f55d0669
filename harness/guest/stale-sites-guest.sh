#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest half of harness/stale-sites.sh: test_fn_sysctl ROUNDS times while
# a busy loop runs on each CPU, so that both vCPUs keep executing kernel
# text while its sites are rewritten. Stops at the first failure.
spin() {
	while :; do
		ls / >/dev/null
		cat /proc/self/stat >/dev/null
	done
}
spin &
p1=$!
spin &
p2=$!
i=0
rc=0
while [ $i -lt "${ROUNDS:-25}" ]; do
	i=$((i + 1))
	echo "=== round $i"
	if ! sh /tmp/out/tests/run.sh test_fn_sysctl; then
		echo "STALE-SITES: round $i failed"
		rc=1
		break
	fi
done
kill $p1 $p2
[ $rc = 0 ] && echo "STALE-SITES: $i rounds passed"
exit $rc
