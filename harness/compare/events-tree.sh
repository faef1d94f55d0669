#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# In the guest: what tools read of the events/ tree, for
# harness/compare-events.sh to compare between flavors: available_events,
# and every event's format file (its ID masked: IDs are handed out in
# registration order), each under its path.
T=/sys/kernel/tracing
echo "=== available_events"
sort $T/available_events
for f in $T/events/*/*/format; do
	echo "=== ${f#$T/}"
	sed 's/^ID: [0-9]*$/ID: N/' "$f"
done
