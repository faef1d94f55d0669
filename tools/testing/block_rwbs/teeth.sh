#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The test's teeth: each broken copy of trace_block_rwbs.c must fail it.
# Usage: teeth.sh CC CFLAGS SRC
set -eu
cc=$1 flags=$2 src=$3
mkdir -p .teeth
n=0
while IFS='|' read -r what from to; do
	n=$((n + 1))
	sed "s/$from/$to/" "$src" >.teeth/mutant.c
	cmp -s "$src" .teeth/mutant.c && { echo "teeth: '$what' changed nothing"; exit 1; }
	# shellcheck disable=SC2086
	$cc $flags -o .teeth/t rwbs_test.c .teeth/mutant.c upstream_rwbs.c
	if ./.teeth/t >/dev/null 2>&1; then
		echo "teeth: the test passed '$what'"
		exit 1
	fi
done <<'MUTANTS'
a secure erase shown as "D"|return "DE";|return "D";
a wrong letter for readahead|{ REQ_RAHEAD,	'A' },|{ REQ_RAHEAD,	'a' },
the preflush letter for FUA|if (opf \& REQ_PREFLUSH)|if (opf \& REQ_FUA)
zone append as a write|case REQ_OP_WRITE:|case REQ_OP_ZONE_APPEND: case REQ_OP_WRITE:
MUTANTS
echo "teeth: $n broken copies, each failed"
