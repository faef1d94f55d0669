#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# In the guest: what tools read of the events/ tree, for
# harness/compare-events.sh to compare between flavors: available_events,
# and every event's format file (its ID masked: IDs are handed out in
# registration order), each under its path.
T=/sys/kernel/tracing
echo "=== available_events"
sort $T/available_events
# (one awk for every file: a sed per file took 90 s of TCG)
awk -v skip=$((${#T} + 2)) '
	FNR == 1 { print "=== " substr(FILENAME, skip) }
	{ sub(/^ID: [0-9]+$/, "ID: N"); print }' $T/events/*/*/format
