#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest command: test_fn_graph_filter 50 times, then test_fn_graph_irq 10
# times, in one boot; prints the counts, exits non-zero on any failure.
#   ACCEL=tcg,thread=single harness/guest.sh -a ARCH -n loop50 -t 7200 \
#       harness/loops/fgraph-filter.sh
# (one guest per arch side by side: each is the load beside the other)
pass=0 failn=0
i=0
while [ $i -lt 50 ]; do
	i=$((i + 1))
	if sh /tmp/out/tests/run.sh test_fn_graph_filter >/tmp/l.$i 2>&1; then
		pass=$((pass + 1))
	else
		failn=$((failn + 1)); tail -n 15 /tmp/l.$i
	fi
	rm -f /tmp/l.$i
done
echo "LOOP test_fn_graph_filter: $pass passed, $failn failed"
p2=0 f2=0 i=0
while [ $i -lt 10 ]; do
	i=$((i + 1))
	if sh /tmp/out/tests/run.sh test_fn_graph_irq >/tmp/m.$i 2>&1; then
		p2=$((p2 + 1))
	else
		f2=$((f2 + 1)); tail -n 15 /tmp/m.$i
	fi
done
echo "LOOP test_fn_graph_irq: $p2 passed, $f2 failed"
[ $failn = 0 ] && [ $f2 = 0 ]
