#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest half of harness/stale-sites.sh: ROUNDS rounds of rewriting
# kernel text while a busy loop runs on each CPU, so that both vCPUs keep
# executing it meanwhile. WORK=sites (the default): test_fn_sysctl each
# round, stopping at the first failure. WORK=keys: each round enables and
# disables hot events (sched_switch, sched_wakeup, irq_handler_entry,
# the hrtimer ones), whose static keys and static calls text_poke_bp()
# rewrites in __schedule() and the interrupt paths.
T=/sys/kernel/tracing
spin() {
	while :; do
		ls / >/dev/null
		cat /proc/self/stat >/dev/null
	done
}
keys_round() {
	for e in sched/sched_switch sched/sched_wakeup irq/irq_handler_entry \
		timer/hrtimer_expire_entry timer/hrtimer_start; do
		[ -e $T/events/$e/enable ] || continue
		echo 1 >$T/events/$e/enable
		echo 0 >$T/events/$e/enable
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
	if [ "${WORK:-sites}" = keys ]; then
		keys_round
		[ $((i % 100)) != 0 ] || echo "=== round $i"
		continue
	fi
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
