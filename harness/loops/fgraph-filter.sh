#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest command: test_fn_graph_filter 50 times, then test_fn_graph_irq 10
# times, in one boot; prints the counts, exits non-zero on any failure.
#   ACCEL=tcg,thread=single harness/guest.sh -a ARCH -n loop50 -t 7200 \
#       harness/loops/fgraph-filter.sh
# (one guest per arch side by side: each is the load beside the other)

# repeat TEST N: run TEST N times, print a failed run's last lines and
# the counts; false if any run failed.
repeat() {
	_pass=0 _fail=0 _i=0
	while [ $_i -lt "$2" ]; do
		_i=$((_i + 1))
		if sh /tmp/out/tests/run.sh "$1" >/tmp/loop.log 2>&1; then
			_pass=$((_pass + 1))
		else
			_fail=$((_fail + 1))
			tail -n 15 /tmp/loop.log
		fi
	done
	echo "LOOP $1: $_pass passed, $_fail failed"
	[ $_fail = 0 ]
}

rc=0
repeat test_fn_graph_filter 50 || rc=1
repeat test_fn_graph_irq 10 || rc=1
exit $rc
